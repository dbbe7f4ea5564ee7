//! The batch report: one record per input file, in the shape users script against.

use crate::loss::{Entry, Severity};
use serde::Serialize;
use std::fmt::Write as _;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Converted,
    /// An entry matched `--deny`; nothing was written.
    Denied,
    Failed,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileReport {
    pub input: String,
    pub from: Option<String>,
    pub to: String,
    pub outputs: Vec<String>,
    pub status: Status,
    pub error: Option<String>,
    pub entries: Vec<Entry>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub files: usize,
    pub converted: usize,
    pub denied: usize,
    pub failed: usize,
    pub lost: usize,
    pub changed: usize,
    pub defaulted: usize,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BatchReport {
    pub files: Vec<FileReport>,
    pub summary: Summary,
}

impl BatchReport {
    pub fn push(&mut self, file: FileReport) {
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
        }
        self.files.push(file);
    }

    pub fn to_json(&self) -> String {
        // Every field is a string, number, list or plain struct: serializing cannot fail.
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// One line per entry, per failure and per denial, then the summary line.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for file in &self.files {
            for entry in &file.entries {
                let _ = writeln!(
                    text,
                    "{}: {} {} {} -> {}: {}",
                    file.input,
                    entry.severity.as_str(),
                    entry.code.code(),
                    show_pointer(&entry.source),
                    show_pointer(&entry.target),
                    entry.message
                );
            }
            match (file.status, &file.error) {
                (Status::Failed, Some(error)) => {
                    let _ = writeln!(text, "{}: error: {error}", file.input);
                }
                (Status::Denied, Some(reason)) => {
                    let _ = writeln!(text, "{}: denied: {reason}; nothing written", file.input);
                }
                _ => {}
            }
        }
        let s = &self.summary;
        let _ = writeln!(
            text,
            "toolshift: {} {}: {} converted, {} denied, {} failed; {} lost, {} changed, {} defaulted",
            s.files,
            if s.files == 1 { "file" } else { "files" },
            s.converted,
            s.denied,
            s.failed,
            s.lost,
            s.changed,
            s.defaulted
        );
        text
    }
}

/// The root pointer is the empty string, which reads as nothing in a line of text.
fn show_pointer(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}
