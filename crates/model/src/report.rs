//! The batch report: one record per input file, in the shape users script against.

use crate::loss::{Entry, Severity};
use serde::Serialize;
use std::collections::BTreeMap;
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
    /// Entries of walked folders that are not manifests, and links never followed.
    pub skipped: usize,
    pub lost: usize,
    pub changed: usize,
    pub defaulted: usize,
    /// Entries by loss code, in code order.
    pub codes: BTreeMap<&'static str, usize>,
}

/// What a folder walk passed over, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SkippedEntry {
    pub path: String,
    pub reason: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BatchReport {
    pub files: Vec<FileReport>,
    pub skipped: Vec<SkippedEntry>,
    pub summary: Summary,
}

impl BatchReport {
    pub fn skip(&mut self, path: String, reason: String) {
        self.summary.skipped += 1;
        self.skipped.push(SkippedEntry { path, reason });
    }

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
            *summary.codes.entry(entry.code.code()).or_default() += 1;
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

/// The root pointer is the empty string, which reads as nothing in a line of text.
fn show_pointer(pointer: &str) -> &str {
    if pointer.is_empty() {
        "(root)"
    } else {
        pointer
    }
}
