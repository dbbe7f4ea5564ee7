//! Writing the report as files are done, so a batch of any size holds none of it in
//! memory: to stderr, or to `--report-file` (a temporary file renamed into place at the
//! end, so the report appears whole or not at all).

use crate::batch_report::{self, BatchReport, FileReport, Status};
use crate::cli::{ConvertArgs, ReportFormat};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use toolshift_syntax::json_text::push_spaces;
use toolshift_syntax::text::decimal;

pub struct Sink {
    format: ReportFormat,
    /// Colour in the text report: only on a terminal, and never with `NO_COLOR` set.
    styled: bool,
    /// Failures also go to stderr when the report goes elsewhere, or a batch that exits
    /// 2 would say nothing on the terminal.
    errors_to_stderr: bool,
    target: Target,
    any_file: bool,
    /// Whether a SARIF result was written, so the next one is preceded by a comma.
    any_result: bool,
    /// Files reported so far, numbering the HTML report's sections.
    files: usize,
    /// Converted files Ctrl-C kept from being written.
    unwritten: usize,
}

enum Target {
    Stderr,
    File {
        writer: BufWriter<File>,
        temporary: PathBuf,
        path: PathBuf,
    },
    Nowhere,
}

impl Sink {
    pub fn new(args: &ConvertArgs) -> anyhow::Result<Self> {
        let target = match (&args.report_file, args.report) {
            (_, ReportFormat::None) => Target::Nowhere,
            (Some(path), _) => {
                let folder = crate::output::folder_of(path);
                std::fs::create_dir_all(folder).map_err(|e| {
                    anyhow::anyhow!("{}: cannot create folder: {e}", folder.display())
                })?;
                let temporary = crate::output::temporary_for(path);
                let file = File::create(&temporary).map_err(|e| {
                    anyhow::anyhow!("{}: cannot write the report: {e}", path.display())
                })?;
                Target::File {
                    writer: BufWriter::new(file),
                    temporary,
                    path: path.clone(),
                }
            }
            (None, _) => Target::Stderr,
        };
        let terminal = matches!(target, Target::Stderr) && std::io::stderr().is_terminal();
        let mut sink = Sink {
            format: args.report,
            styled: styled(terminal),
            errors_to_stderr: args.report_file.is_some() || args.report == ReportFormat::None,
            target,
            any_file: false,
            any_result: false,
            files: 0,
            unwritten: 0,
        };
        match sink.format {
            ReportFormat::Json => sink.put(batch_report::JSON_HEAD)?,
            ReportFormat::Sarif => sink.put(&crate::sarif::head())?,
            ReportFormat::Html => sink.put(&crate::html::head())?,
            ReportFormat::Text | ReportFormat::None => {}
        }
        Ok(sink)
    }

    /// Whether a worker renders each file's text report where the file was converted,
    /// and styled or not (`text`): its snippets cost more to render than the
    /// conversion, and this thread would otherwise render every file alone. Other
    /// formats cost this thread little (the JSON report of 10,000 plugins gained 3 %
    /// rendered by the workers, and held 6 MB more), so they are rendered here.
    pub fn text_style(&self) -> Option<bool> {
        (self.format == ReportFormat::Text && !matches!(self.target, Target::Nowhere))
            .then_some(self.styled)
    }

    /// Reports one file; `rendered` is its text report where a worker rendered it
    /// (`text_style`).
    pub fn file(&mut self, file: &FileReport, rendered: Option<String>) -> anyhow::Result<()> {
        if let (Status::Failed, Some(error)) = (file.status, &file.error) {
            if error == crate::output::INTERRUPTED {
                // Said once, with their number, when the run ends: Ctrl-C on a large
                // batch would otherwise print a line for each file of the part in hand.
                self.unwritten += 1;
            } else if self.errors_to_stderr {
                eprintln!("{}: error: {error}", file.input);
            }
        }
        let text = match self.format {
            ReportFormat::Text => rendered.unwrap_or_else(|| text(file, self.styled)),
            ReportFormat::Json => batch_report::json_file(file, !self.any_file),
            ReportFormat::Sarif => {
                let text = crate::sarif::results(file, !self.any_result);
                self.any_result |= crate::sarif::has_results(file);
                text
            }
            ReportFormat::Html => crate::html::file(file, self.files),
            ReportFormat::None => String::new(),
        };
        self.any_file = true;
        self.files += 1;
        self.put(&text)
    }

    /// How many converted files Ctrl-C kept from being written.
    pub fn unwritten(&self) -> usize {
        self.unwritten
    }

    pub fn finish(mut self, report: &BatchReport) -> anyhow::Result<()> {
        let tail = match self.format {
            ReportFormat::Text => report.text_tail(),
            ReportFormat::Json => report.json_tail(self.any_file),
            ReportFormat::Sarif => crate::sarif::tail(self.any_result),
            ReportFormat::Html => crate::html::tail(report),
            ReportFormat::None => String::new(),
        };
        self.put(&tail)?;
        if let Target::File {
            writer,
            temporary,
            path,
        } = &mut self.target
        {
            writer
                .flush()
                .and_then(|()| std::fs::rename(&*temporary, &*path))
                .map_err(|e| anyhow::anyhow!("{}: cannot write the report: {e}", path.display()))?;
            // Renamed into place: nothing is left for drop to clean up.
            self.target = Target::Nowhere;
        }
        Ok(())
    }

    fn put(&mut self, text: &str) -> anyhow::Result<()> {
        match &mut self.target {
            Target::Stderr => {
                let _ = std::io::stderr().lock().write_all(text.as_bytes());
                Ok(())
            }
            Target::File { writer, path, .. } => writer
                .write_all(text.as_bytes())
                .map_err(|e| anyhow::anyhow!("{}: cannot write the report: {e}", path.display())),
            Target::Nowhere => Ok(()),
        }
    }
}

impl Drop for Sink {
    /// A report never finished (an error ended the run) leaves no temporary file.
    fn drop(&mut self) {
        if let Target::File { temporary, .. } = &self.target {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

/// A file's part of the text report: each entry rustc-style where its place in the input
/// is known (`lost[code]: message`, then `--> file:line:column`, the line and a marker
/// labelled with the entry's pointers), in one line otherwise; then a failure or denial.
pub fn text(file: &FileReport, styled: bool) -> String {
    // About what an entry takes, so that the text is seldom moved as it grows.
    let mut out = String::with_capacity(
        file.entries
            .iter()
            .map(|entry| {
                160 + file.input.len()
                    + entry.message.len()
                    + 2 * entry.source.len()
                    + entry.target.len()
            })
            .sum(),
    );
    // One label text for every entry, written over each time.
    let mut label = String::new();
    for entry in &file.entries {
        let placed = entry
            .line
            .zip(entry.column)
            .and_then(|(line, column)| file.lines.get(&line).map(|text| (line, column, text)));
        let Some((line, column, source)) = placed else {
            out.push_str(&batch_report::entry_line(&file.input, entry));
            continue;
        };
        label.clear();
        for part in [
            batch_report::show_pointer(&entry.source),
            " -> ",
            batch_report::show_pointer(&entry.target),
        ] {
            label.push_str(part);
        }
        let snippet = EntrySnippet {
            severity: entry.severity,
            code: entry.code.code(),
            message: &entry.message,
            path: file.located_path(),
            line,
            source,
            span: token(source, column),
            label: &label,
        };
        if !snippet.write_plainly(styled, &mut out) {
            out.push_str(&snippet.rendered(styled));
        }
    }
    match error_snippet(file, styled) {
        Some(snippet) => out.push_str(&snippet),
        None => out.push_str(&batch_report::outcome_line(file)),
    }
    out
}

/// Whether text for a stream is styled: only on a terminal, and not under `NO_COLOR`.
pub fn styled(terminal: bool) -> bool {
    terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A failed file's error in the form of its entries (`error: message`, then `-->
/// file:line:column`, the line and a marker), where the error names its place.
fn error_snippet(file: &FileReport, styled: bool) -> Option<String> {
    let error = file.error.as_deref()?;
    let (line, column) = file.line.zip(file.column)?;
    let source = file.lines.get(&line)?;
    let place = Place {
        path: file.located_path(),
        line,
        column,
        source,
        label: None,
    };
    Some(diagnostic(false, error, &place, styled))
}

/// Where a diagnostic points: the file, the line and column (from 1), the line's text,
/// and what the marker says.
pub struct Place<'a> {
    pub path: &'a str,
    pub line: usize,
    pub column: usize,
    pub source: &'a str,
    pub label: Option<&'a str>,
}

/// A diagnostic in the form of the report's entries: `error: message` (or `warning:`),
/// then `--> file:line:column`, the line and a marker under the token at `column`.
pub fn diagnostic(warning: bool, message: &str, place: &Place<'_>, styled: bool) -> String {
    use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let level = if warning {
        Level::WARNING
    } else {
        Level::ERROR
    };
    let mut annotation = AnnotationKind::Primary.span(token(place.source, place.column));
    if let Some(label) = place.label {
        annotation = annotation.label(label);
    }
    let report = &[level.primary_title(message).element(
        Snippet::source(place.source)
            .line_start(place.line)
            .path(place.path)
            .annotation(annotation),
    )];
    let mut text = renderer.render(report);
    text.push('\n');
    text
}

/// The byte range of the token starting at `column` (in characters, from 1): a quoted
/// key, or a word up to `:`, `,` or a space.
fn token(line: &str, column: usize) -> std::ops::Range<usize> {
    let start = line
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line.len(), |(index, _)| index);
    let rest = line.get(start..).unwrap_or_default();
    let length = match rest.chars().next() {
        Some(quote @ ('"' | '\'')) => rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| *c == quote)
            .map_or(rest.len(), |(index, c)| index + c.len_utf8()),
        Some('-') if rest.len() > 1 => 1,
        _ => rest
            .char_indices()
            .find(|(_, c)| matches!(c, ':' | ',') || c.is_whitespace())
            .map_or(rest.len(), |(index, _)| index),
    };
    start..start + length.max(1).min(rest.len().max(1))
}

/// One placed entry of the text report, as `text` shows it: a title, the file and
/// place, the line, and a marker under the entry's token labelled with its pointers.
struct EntrySnippet<'a> {
    severity: toolshift_model::Severity,
    code: &'a str,
    message: &'a str,
    path: &'a str,
    line: usize,
    source: &'a str,
    span: std::ops::Range<usize>,
    label: &'a str,
}

/// The longest line, gutter and label included, written without annotate-snippets: a
/// longer one it may cut to fit a terminal's width.
const PLAIN_WIDTH: usize = 100;

/// A marker as long as any that fits in `PLAIN_WIDTH`, cut to the token's length.
const CARETS: &str = "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^";

impl EntrySnippet<'_> {
    /// The snippet as annotate-snippets renders it, followed by a line break.
    fn rendered(&self, styled: bool) -> String {
        use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
        use toolshift_model::Severity;
        let renderer = if styled {
            Renderer::styled()
        } else {
            Renderer::plain()
        };
        let level = match self.severity {
            Severity::Lost => Level::WARNING,
            Severity::Changed => Level::NOTE,
            Severity::Defaulted => Level::HELP,
        }
        .with_name(self.severity.as_str());
        let report = &[level.primary_title(self.message).id(self.code).element(
            Snippet::source(self.source)
                .line_start(self.line)
                .path(self.path)
                .annotation(
                    AnnotationKind::Primary
                        .span(self.span.clone())
                        .label(self.label),
                ),
        )];
        let mut text = renderer.render(report);
        text.push('\n');
        text
    }

    /// Appends the snippet as annotate-snippets renders it, followed by a line break,
    /// where every part is printable ASCII on one short line, as nearly every entry is;
    /// `false` (nothing written) otherwise. annotate-snippets lays out each entry in a
    /// styled buffer, which took more than converting the file (docs/performance.md at
    /// 79948a8, seventeenth round); this writes the same bytes at once, and a test holds
    /// the two equal on generated entries, plain and styled.
    fn write_plainly(&self, styled: bool, out: &mut String) -> bool {
        // With no early exit the compiler tests many bytes at a time; nearly every text
        // passes, so stopping early would save nothing.
        let printable = |text: &str| {
            text.bytes()
                .fold(true, |plain, byte| plain & (b' '..=b'~').contains(&byte))
        };
        // The gutter is as wide as the line's number.
        let mut line_digits = [0; 20];
        let line = decimal(self.line, &mut line_digits);
        let gutter = line.len();
        let marked =
            !(self.span.is_empty() || self.label.is_empty()) && self.span.end <= self.source.len();
        let fits = gutter + 3 + self.source.len() <= PLAIN_WIDTH
            && gutter + 4 + self.span.end + self.label.len() <= PLAIN_WIDTH;
        let carets = CARETS.get(..self.span.len());
        let Some(carets) = carets.filter(|_| {
            marked
                && fits
                && [self.source, self.message, self.path, self.label, self.code]
                    .into_iter()
                    .all(printable)
        }) else {
            return false;
        };
        // annotate-snippets' styles: bold, in the colour of the entry's level (warning,
        // note, help), and bold bright blue for the frame.
        let level = match self.severity {
            toolshift_model::Severity::Lost => "\x1b[1m\x1b[33m",
            toolshift_model::Severity::Changed => "\x1b[1m\x1b[92m",
            toolshift_model::Severity::Defaulted => "\x1b[1m\x1b[96m",
        };
        const FRAME: &str = "\x1b[1m\x1b[94m";
        // Each styled piece is its style, its parts, and a reset.
        let paint = |out: &mut String, style: &str, parts: &[&str]| {
            if styled {
                out.push_str(style);
            }
            parts.iter().for_each(|part| out.push_str(part));
            if styled {
                out.push_str("\x1b[0m");
            }
        };
        let mut column_digits = [0; 20];
        let column = decimal(self.span.start + 1, &mut column_digits);
        paint(out, level, &[self.severity.as_str(), "[", self.code, "]"]);
        paint(out, "\x1b[1m", &[": ", self.message]);
        out.push('\n');
        push_spaces(gutter, out);
        paint(out, FRAME, &["--> "]);
        for part in [self.path, ":", line, ":", column, "\n"] {
            out.push_str(part);
        }
        push_spaces(gutter + 1, out);
        paint(out, FRAME, &["|"]);
        out.push('\n');
        paint(out, FRAME, &[line]);
        out.push(' ');
        paint(out, FRAME, &["|"]);
        for part in [" ", self.source, "\n"] {
            out.push_str(part);
        }
        push_spaces(gutter + 1, out);
        paint(out, FRAME, &["|"]);
        push_spaces(1 + self.span.start, out);
        paint(out, level, &[carets]);
        out.push(' ');
        paint(out, level, &[self.label]);
        out.push('\n');
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use toolshift_model::Severity;

    fn severity(index: u8) -> Severity {
        match index % 3 {
            0 => Severity::Lost,
            1 => Severity::Changed,
            _ => Severity::Defaulted,
        }
    }

    /// What `write_plainly` wrote, where it answered.
    fn written_plainly(snippet: &EntrySnippet<'_>, styled: bool) -> Option<String> {
        let mut out = String::from("before\n");
        let answered = snippet.write_plainly(styled, &mut out);
        if !answered {
            assert_eq!(
                out, "before\n",
                "nothing is written where it does not answer"
            );
        }
        answered.then(|| out.split_off("before\n".len()))
    }

    #[test]
    fn entries_of_a_usual_file_are_written_as_annotate_snippets_renders_them() {
        let sources = [
            "name: p000000_ticket",
            "    required: true",
            "  - name: result",
        ];
        let mut answered = 0;
        for (index, source) in sources.into_iter().enumerate() {
            for line in [1, 9, 10, 99, 100, 12345] {
                for column in 1..=source.len() {
                    for styled in [false, true] {
                        let snippet = EntrySnippet {
                            severity: severity(u8::try_from(index + column).unwrap()),
                            code: "required-folded",
                            message: "AnythingLLM has no required flag; `team_0` is required.",
                            path: "plugins/p000000.yaml",
                            line,
                            source,
                            span: token(source, column),
                            label: "/parameters/0/required -> /entrypoint/params/team_0",
                        };
                        let plainly = written_plainly(&snippet, styled);
                        if let Some(text) = plainly {
                            assert_eq!(text, snippet.rendered(styled), "{line}:{column}");
                            answered += 1;
                        }
                    }
                }
            }
        }
        // Every one of these entries takes the quick way.
        let all = 2 * 6 * sources.iter().map(|source| source.len()).sum::<usize>();
        assert_eq!(answered, all);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn what_is_written_plainly_is_what_annotate_snippets_renders(
            line in prop_oneof![1usize..20, 1usize..1_000_000],
            source in "[ -~]{0,130}",
            column in 1usize..140,
            message in "[ -~\\t\\né]{0,170}",
            label in "[ -~é]{0,80}",
            path in "[ -~]{1,70}",
            code in "[a-z-]{1,30}",
            level in 0u8..3,
            styled in any::<bool>(),
        ) {
            let snippet = EntrySnippet {
                severity: severity(level),
                code: &code,
                message: &message,
                path: &path,
                line,
                source: &source,
                span: token(&source, column),
                label: &label,
            };
            if let Some(text) = written_plainly(&snippet, styled) {
                prop_assert_eq!(text, snippet.rendered(styled));
            }
        }
    }
}
