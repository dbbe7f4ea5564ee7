//! The batch report: one record per input file, in the shape users script against.

use serde::{Serialize, Serializer};
use std::fmt::Write as _;
use std::sync::OnceLock;
use toolshift_model::{Entry, LossCode, Severity};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
/// What became of one input file.
pub enum Status {
    /// Its outputs were written.
    Converted,
    /// An entry matched `--deny`; nothing was written.
    Denied,
    /// It could not be read or converted; `error` says why, and nothing was written.
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
/// One input file's record: what it was read as, what was written, and every entry.
pub struct FileReport {
    /// The input as the user named it.
    pub input: String,
    /// The file the entries' lines and columns are in, where it is not `input` (a
    /// skill folder's `plugin.json`): what the text report and SARIF point to. Not in
    /// the JSON report, whose entries' `source` pointers are into the manifest.
    #[serde(skip)]
    pub located_in: Option<String>,
    /// The dialect it was read as; `null` when it was not recognized.
    pub from: Option<String>,
    /// The target dialect.
    pub to: String,
    /// The files written (`FILE#POINTER` for a tool in a bundle).
    pub outputs: Vec<String>,
    /// What became of it.
    pub status: Status,
    /// Why it failed or was denied.
    pub error: Option<String>,
    /// Where in the input the error lies, where it names a place (a parse error, a
    /// refusal placed by its pointer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The column of that place (from 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Each field dropped, changed or invented, located in the input and the output.
    pub entries: Vec<Entry>,
    /// Generated code files (`handler.js`, `NAME.py`) already there that a `--force`
    /// run kept rather than replace: the user may have edited them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<String>,
    /// The input's lines that entries point at, by number, for the text report's
    /// snippets. Not in the JSON report.
    #[serde(skip)]
    pub lines: std::collections::BTreeMap<usize, String>,
    /// The input and the written manifest, for the HTML report's side-by-side view.
    /// Only filled when that report is asked for. Not in the JSON report.
    #[serde(skip)]
    pub review: Option<Box<ReviewText>>,
    /// Each written tool's name and the one it had (`--name-map`). Not in the JSON
    /// report.
    #[serde(skip)]
    pub names: Vec<NameMapping>,
}

/// A tool's name as written, and as the input gave it: what a caller needs to route a
/// model's tool call back (`--name-map`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NameMapping {
    /// The name the target's manifest holds.
    pub written: String,
    /// The name the input gave the tool.
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The toolkit the input named, if any.
    pub toolkit: Option<String>,
    /// The input file the tool came from.
    pub input: String,
}

impl FileReport {
    /// The record of `input`, read as `from` for `to`, with nothing in it yet: it
    /// stands as failed until the file is converted.
    pub fn new(input: String, from: Option<String>, to: String) -> FileReport {
        FileReport {
            input,
            located_in: None,
            from,
            to,
            outputs: Vec::new(),
            status: Status::Failed,
            error: None,
            line: None,
            column: None,
            entries: Vec::new(),
            kept: Vec::new(),
            lines: Default::default(),
            review: None,
            names: Vec::new(),
        }
    }

    /// The file its entries' lines are in: the input, or a skill folder's manifest.
    pub fn located_path(&self) -> &str {
        self.located_in.as_deref().unwrap_or(&self.input)
    }

    /// Frees every text the summary does not read: what is left is the file's status,
    /// error and input, and each entry's code and severity (`BatchReport::record`).
    /// For a report already rendered whole, so that its texts are freed by the thread
    /// that made them, where freeing costs less than on the thread that records it.
    pub fn shed_texts(&mut self) {
        for entry in &mut self.entries {
            for text in [
                &mut entry.source,
                &mut entry.target,
                &mut entry.message,
                &mut entry.place,
            ] {
                *text = String::new();
            }
        }
        self.lines = std::collections::BTreeMap::new();
        self.review = None;
    }
}

/// What the HTML report shows of one file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReviewText {
    /// The input's text, credentials toolshift withheld masked.
    pub input: String,
    /// The written manifest's name and text.
    pub output_name: String,
    /// The written manifest's text.
    pub output: String,
    /// For each entry, the line of the written manifest its `target` names, if any.
    pub target_lines: Vec<Option<usize>>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
/// The batch's totals, as the last line of the text report says them.
pub struct Summary {
    /// Input files recorded.
    pub files: usize,
    /// Files converted and written.
    pub converted: usize,
    /// Files an entry of which matched `--deny`.
    pub denied: usize,
    /// Files that could not be read or converted.
    pub failed: usize,
    /// Entries of walked folders that are not manifests, and links never followed.
    pub skipped: usize,
    /// Entries of severity `lost`.
    pub lost: usize,
    /// Entries of severity `changed`.
    pub changed: usize,
    /// Entries of severity `defaulted`.
    pub defaulted: usize,
    /// Entries by loss code, in code order.
    pub codes: CodeCounts,
}

/// How many entries a batch had of each loss code. Counted in a slot per code, since
/// every entry of every file adds one on the thread that writes the report; listed, and
/// serialized as a map, in the order of the codes' names, leaving out codes never met.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CodeCounts {
    /// By the code's place in `LossCode::ALL`; empty until the first entry.
    counts: Vec<usize>,
}

impl CodeCounts {
    /// Counts one entry of `code`.
    pub fn add(&mut self, code: LossCode) {
        if self.counts.is_empty() {
            self.counts = vec![0; LossCode::ALL.len()];
        }
        if let Some(count) = self.counts.get_mut(code as usize) {
            *count += 1;
        }
    }

    /// Whether no entry was counted.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|count| *count == 0)
    }

    /// Each code met, by name, with its count, in the order of the names.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, usize)> + '_ {
        codes_by_name().iter().filter_map(|code| {
            let count = self.counts.get(*code as usize).copied().unwrap_or(0);
            (count > 0).then(|| (code.code(), count))
        })
    }
}

/// Every loss code, in the order of its name.
fn codes_by_name() -> &'static [LossCode] {
    static ORDER: OnceLock<Vec<LossCode>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut codes = LossCode::ALL.to_vec();
        codes.sort_by_key(|code| code.code());
        codes
    })
}

impl Serialize for CodeCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// What a folder walk passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedEntry {
    /// The entry's path.
    pub path: String,
    /// Why it was passed over.
    pub reason: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
/// A whole batch's report: every file, what the walk passed over, and the totals.
pub struct BatchReport {
    /// One record per input file, in input order.
    pub files: Vec<FileReport>,
    /// What folder walks passed over.
    pub skipped: Vec<SkippedEntry>,
    /// The totals.
    pub summary: Summary,
    /// Every converted tool's names (`--name-map`). Not in the JSON report.
    #[serde(skip)]
    pub names: Vec<NameMapping>,
}

impl BatchReport {
    /// Records an entry a walk passed over.
    pub fn skip(&mut self, path: String, reason: String) {
        self.summary.skipped += 1;
        self.skipped.push(SkippedEntry { path, reason });
    }

    /// Records a file and keeps it.
    pub fn push(&mut self, file: FileReport) {
        self.record(&file);
        self.files.push(file);
    }

    /// Counts a file in the summary without keeping it: a large batch streams its
    /// files' lines out as they are done (`text_lines`, `json_file`).
    pub fn record(&mut self, file: &FileReport) {
        if file.status == Status::Converted {
            self.names.extend(file.names.iter().cloned());
        }
        let summary = &mut self.summary;
        summary.files += 1;
        match file.status {
            Status::Converted => summary.converted += 1,
            Status::Denied => summary.denied += 1,
            Status::Failed => summary.failed += 1,
        }
        for entry in &file.entries {
            match entry.severity {
                Severity::Lost => summary.lost += 1,
                Severity::Changed => summary.changed += 1,
                Severity::Defaulted => summary.defaulted += 1,
            }
            summary.codes.add(entry.code);
        }
    }

    /// The report as `--report json` writes it.
    pub fn to_json(&self) -> String {
        let mut text = JSON_HEAD.to_owned();
        for (index, file) in self.files.iter().enumerate() {
            text.push_str(&json_file(file, index == 0));
        }
        text.push_str(&self.json_tail(!self.files.is_empty()));
        text
    }

    /// What follows the last file in the JSON report, whose files were written out
    /// already (`any_file` says whether there was one).
    pub fn json_tail(&self, any_file: bool) -> String {
        let rest = BatchReport {
            files: Vec::new(),
            skipped: self.skipped.clone(),
            summary: self.summary.clone(),
            names: Vec::new(),
        };
        // Every field is a string, number, list or plain struct: serializing cannot fail.
        let whole = serde_json::to_string_pretty(&rest).unwrap_or_default();
        let after_files = whole
            .split_once("\"files\": []")
            .map(|(_, rest)| rest)
            .unwrap_or_default();
        let close = if any_file { "\n  ]" } else { "]" };
        format!("{close}{after_files}\n")
    }

    /// One line per entry, per failure and per denial, then the summary line.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for file in &self.files {
            text.push_str(&text_lines(file));
        }
        text.push_str(&self.text_tail());
        text
    }

    /// The skipped entries and the summary lines that end the text report.
    pub fn text_tail(&self) -> String {
        let mut text = String::new();
        for skipped in &self.skipped {
            let _ = writeln!(text, "{}: skipped: {}", skipped.path, skipped.reason);
        }
        let s = &self.summary;
        let skipped = if s.skipped > 0 {
            format!(", {} skipped", s.skipped)
        } else {
            String::new()
        };
        let _ = writeln!(
            text,
            "toolshift: {} {}: {} converted, {} denied, {} failed{skipped}; {} lost, {} changed, {} defaulted",
            s.files,
            if s.files == 1 { "file" } else { "files" },
            s.converted,
            s.denied,
            s.failed,
            s.lost,
            s.changed,
            s.defaulted
        );
        // A batch also says which codes it met, so a reviewer of 200 tools sees the
        // kinds of loss at a glance.
        if s.files > 1 && !s.codes.is_empty() {
            let codes: Vec<String> = s
                .codes
                .iter()
                .map(|(code, count)| format!("{code} {count}"))
                .collect();
            let _ = writeln!(text, "toolshift: by code: {}", codes.join(", "));
        }
        text
    }
}

/// The start of the JSON report, before its first file.
pub const JSON_HEAD: &str = "{\n  \"files\": [";

/// One file of the JSON report, indented as in the whole document.
pub fn json_file(file: &FileReport, first: bool) -> String {
    // Every field is a string, number, list or plain struct: serializing cannot fail.
    let pretty = serde_json::to_string_pretty(file).unwrap_or_default();
    let mut text = String::from(if first { "\n" } else { ",\n" });
    for (index, line) in pretty.lines().enumerate() {
        if index > 0 {
            text.push('\n');
        }
        text.push_str("    ");
        text.push_str(line);
    }
    text
}

/// A file's lines in the text report: one per entry, failure and denial.
pub fn text_lines(file: &FileReport) -> String {
    let mut text = String::new();
    for entry in &file.entries {
        text.push_str(&entry_line(&file.input, entry));
    }
    text.push_str(&outcome_line(file));
    text
}

/// One entry in one line: `INPUT: SEVERITY CODE SOURCE -> TARGET: MESSAGE`.
pub fn entry_line(input: &str, entry: &Entry) -> String {
    format!(
        "{input}: {} {} {} -> {}: {}\n",
        entry.severity.as_str(),
        entry.code.code(),
        show_pointer(&entry.source),
        show_pointer(&entry.target),
        entry.message
    )
}

/// The line saying a file failed or was denied; empty otherwise.
pub fn outcome_line(file: &FileReport) -> String {
    let mut text = String::new();
    match (file.status, &file.error) {
        (Status::Failed, Some(error)) => {
            let _ = writeln!(text, "{}: error: {error}", file.input);
        }
        (Status::Denied, Some(reason)) => {
            let _ = writeln!(text, "{}: denied: {reason}; nothing written", file.input);
        }
        _ => {}
    }
    for path in &file.kept {
        let _ = writeln!(
            text,
            "{}: kept {path}: it was already there, and toolshift never overwrites code you may have edited",
            file.input
        );
    }
    text
}

/// Where an error message names a place: its line and column, and the bytes of the
/// message that name them.
struct NamedPlace {
    line: usize,
    column: usize,
    said: std::ops::Range<usize>,
}

/// The place an error message names (`at line 4 column 13`, `line 4, column 13: ...`,
/// `line 4: ...`), the column 1 where it names only a line.
fn named_place(message: &str) -> Option<NamedPlace> {
    let digits_from = |start: usize| -> (usize, Option<usize>) {
        let rest = message.get(start..).unwrap_or_default();
        let length = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let end = start + length;
        (end, message.get(start..end).and_then(|d| d.parse().ok()))
    };
    let line_at = message.find("line ")? + "line ".len();
    let (line_end, line) = digits_from(line_at);
    let after = message.get(line_end..).unwrap_or_default();
    let column_at = line_end + after.len() - after.trim_start_matches([',', ' ']).len();
    let named_column = message
        .get(column_at..)
        .is_some_and(|rest| rest.starts_with("column "));
    let (end, column) = match named_column {
        true => digits_from(column_at + "column ".len()),
        false => (line_end, Some(1)),
    };
    let line = line.filter(|line| *line > 0)?;
    Some(NamedPlace {
        line,
        column: column.unwrap_or(1),
        said: line_at - "line ".len()..end,
    })
}

/// The line and column an error message names, the column 1 where it names only a line.
pub fn error_position(message: &str) -> Option<(usize, usize)> {
    named_place(message).map(|named| (named.line, named.column))
}

/// The place an error message names in `text`, where one can jump to: parsers name the
/// end of the file as a place after its last line (serde_json as column 0 of the line
/// after the last newline, libyaml as a line past the last). No editor opens that, and
/// SARIF refuses a column 0; the end of the last line holding text is where the file
/// stops short. A column past the end of its line is the line's end.
fn error_place(message: &str, text: &str) -> Option<(usize, usize)> {
    let (line, column) = error_position(message)?;
    if let Some(source) = text.lines().nth(line - 1).filter(|_| column > 0) {
        return Some((line, column.min(source.chars().count() + 1)));
    }
    // Column 0 names the start of `line`, before any of its text: the line before ends
    // there.
    let before = if column == 0 { line - 1 } else { line };
    text.lines()
        .take(before)
        .enumerate()
        .filter(|(_, source)| !source.trim().is_empty())
        .last()
        .map(|(index, source)| (index + 1, source.chars().count() + 1))
        .or(Some((line, column.max(1))))
}

/// The message, naming the place `error_place` gives it, and that place: a message
/// that said `line 5 column 0` beside a location of `4:2` would name two places.
pub fn placed_error(message: &str, text: &str) -> (String, Option<(usize, usize)>) {
    let place = error_place(message, text);
    let restated = named_place(message)
        .zip(place)
        .and_then(|(named, (line, column))| {
            let moved = (named.line, named.column) != (line, column);
            let before = message.get(..named.said.start)?;
            let after = message.get(named.said.end..)?;
            moved.then(|| format!("{before}line {line} column {column}{after}"))
        });
    (restated.unwrap_or_else(|| message.to_owned()), place)
}

/// The root pointer is the empty string, which reads as nothing in a line of text.
pub fn show_pointer(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(input: &str, status: Status) -> FileReport {
        let arcade = Some("arcade".to_owned());
        let mut file = FileReport::new(input.to_owned(), arcade, "taskweaver".to_owned());
        file.outputs = vec![format!("out/{input}.yaml")];
        file.status = status;
        file.error = (status == Status::Failed).then(|| "bad".to_owned());
        file
    }

    #[test]
    fn codes_are_counted_by_code_and_listed_by_name() {
        // Each code counted one to three times by its place in ALL; a map counts the same.
        let mut counts = CodeCounts::default();
        let mut expected = std::collections::BTreeMap::new();
        for (place, code) in LossCode::ALL.iter().enumerate() {
            for _ in 0..=place % 3 {
                counts.add(*code);
                *expected.entry(code.code()).or_insert(0) += 1;
            }
        }
        assert_eq!(
            counts.iter().collect::<Vec<_>>(),
            expected.into_iter().collect::<Vec<_>>()
        );
        let mut one = CodeCounts::default();
        assert!(one.is_empty());
        one.add(LossCode::EnumFolded);
        one.add(LossCode::ArrayElementTypeLost);
        one.add(LossCode::EnumFolded);
        #[allow(clippy::unwrap_used)]
        let json = serde_json::to_string(&one).unwrap();
        assert_eq!(json, r#"{"array-element-type-lost":1,"enum-folded":2}"#);
    }

    #[test]
    fn a_shed_report_is_summed_as_before() {
        let mut whole = file("t0", Status::Failed);
        for (place, code) in LossCode::ALL.iter().enumerate() {
            whole.entries.push(Entry {
                code: *code,
                severity: code.severity(),
                source: format!("/a/{place}"),
                target: "/b".to_owned(),
                message: "why".to_owned(),
                line: Some(place + 1),
                column: Some(1),
                place: format!("/a/{place}"),
            });
            whole.lines.insert(place + 1, "a: 1".to_owned());
        }
        let mut shed = whole.clone();
        shed.shed_texts();
        assert!(shed.lines.is_empty());
        assert!(shed.entries.iter().all(|entry| entry.message.is_empty()));
        let (mut before, mut after) = (BatchReport::default(), BatchReport::default());
        before.record(&whole);
        after.record(&shed);
        assert_eq!(before.summary, after.summary);
        assert!(before.summary.lost > 0 && before.summary.changed > 0);
        assert_eq!(
            (shed.status, shed.error, shed.input),
            (whole.status, whole.error, whole.input)
        );
    }

    #[test]
    fn the_json_written_in_pieces_is_the_whole_report() {
        for files in [0, 1, 3] {
            let mut report = BatchReport::default();
            for index in 0..files {
                let status = if index == 1 {
                    Status::Failed
                } else {
                    Status::Converted
                };
                report.push(file(&format!("t{index}"), status));
            }
            report.skip("notes.txt".to_owned(), "not a manifest".to_owned());
            #[allow(clippy::unwrap_used)]
            let whole = serde_json::to_string_pretty(&report).unwrap() + "\n";
            assert_eq!(report.to_json(), whole, "{files} files");
        }
    }

    /// What the parser says of `text`, and the place `error_place` gives it.
    fn placed(text: &str) -> (String, Option<(usize, usize)>) {
        let message = match toolshift_syntax::parse(text) {
            Err(error) => error.to_string(),
            Ok(_) => String::from("parsed"),
        };
        let place = error_place(&message, text);
        (message, place)
    }

    #[test]
    fn the_end_of_a_file_is_placed_at_the_end_of_its_last_line() {
        // serde_json names the line after the last newline, at column 0.
        let (message, place) = placed("{\n  \"name\": \"x\",\n  \"b\": {\"c\": 1}\n\n");
        assert!(message.contains("line 5 column 0"), "{message}");
        assert_eq!(place, Some((3, 16)));
        // libyaml names a line past the last.
        let (message, place) = placed("name: x\nparameters: [\n");
        assert!(message.contains("line 3 column 1"), "{message}");
        assert_eq!(place, Some((2, 14)));
    }

    #[test]
    fn a_moved_place_is_the_one_the_message_names() {
        let text = "{\n  \"name\": \"x\",\n  \"b\": {\"c\": 1}\n\n";
        let (message, _) = placed(text);
        let (restated, place) = placed_error(&message, text);
        assert_eq!(place, Some((3, 16)));
        assert_eq!(
            restated,
            message.replace("line 5 column 0", "line 3 column 16")
        );
        let yaml = "name: x\nparameters: [\n";
        let (message, _) = placed(yaml);
        let (restated, _) = placed_error(&message, yaml);
        assert!(
            restated.contains("at line 2 column 14, while"),
            "{restated}"
        );
        let only_a_line = placed_error("line 9: bad", "a\nb\n");
        assert_eq!(
            only_a_line,
            ("line 2 column 2: bad".to_owned(), Some((2, 2)))
        );
    }

    #[test]
    fn a_place_inside_the_file_is_kept() {
        let text = "{\n  \"inputSchema\": {\"type\": }\n}\n";
        let (message, place) = placed(text);
        assert!(message.contains("line 2 column 27"), "{message}");
        assert_eq!(place, Some((2, 27)));
        assert_eq!(placed_error(&message, text).0, message);
        assert_eq!(error_place("no place named", "{}"), None);
    }

    #[test]
    fn a_column_past_the_end_of_its_line_is_the_lines_end() {
        let (restated, place) = placed_error("bad at line 1 column 70", "é: [\nb\n");
        assert_eq!(place, Some((1, 5)));
        assert_eq!(restated, "bad at line 1 column 5");
    }
}
