//! Writing the report as files are done, so a batch of any size holds none of it in
//! memory: to stderr, or to `--report-file` (a temporary file renamed into place at the
//! end, so the report appears whole or not at all).

use crate::cli::{ConvertArgs, ReportFormat};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use toolshift_model::report::{self, BatchReport, FileReport, Status};

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
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let mut sink = Sink {
            format: args.report,
            styled: terminal && !no_color,
            errors_to_stderr: args.report_file.is_some() || args.report == ReportFormat::None,
            target,
            any_file: false,
            any_result: false,
            files: 0,
        };
        match sink.format {
            ReportFormat::Json => sink.put(report::JSON_HEAD)?,
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
        if let (true, Status::Failed, Some(error)) =
            (self.errors_to_stderr, file.status, &file.error)
        {
            eprintln!("{}: error: {error}", file.input);
        }
        let text = match self.format {
            ReportFormat::Text => rendered.unwrap_or_else(|| text(file, self.styled)),
            ReportFormat::Json => report::json_file(file, !self.any_file),
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
    use annotate_snippets::{AnnotationKind, Level, Renderer, Snippet};
    use toolshift_model::Severity;
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut out = String::new();
    for entry in &file.entries {
        let placed = entry
            .line
            .zip(entry.column)
            .and_then(|(line, column)| file.lines.get(&line).map(|text| (line, column, text)));
        let Some((line, column, source)) = placed else {
            out.push_str(&report::entry_line(&file.input, entry));
            continue;
        };
        let level = match entry.severity {
            Severity::Lost => Level::WARNING,
            Severity::Changed => Level::NOTE,
            Severity::Defaulted => Level::HELP,
        }
        .with_name(entry.severity.as_str());
        let span = token(source, column);
        let label = format!(
            "{} -> {}",
            report::show_pointer(&entry.source),
            report::show_pointer(&entry.target)
        );
        let report = &[level
            .primary_title(entry.message.as_str())
            .id(entry.code.code())
            .element(
                Snippet::source(source.as_str())
                    .line_start(line)
                    .path(file.input.as_str())
                    .annotation(AnnotationKind::Primary.span(span).label(label)),
            )];
        out.push_str(&renderer.render(report));
        out.push('\n');
    }
    out.push_str(&report::outcome_line(file));
    out
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
