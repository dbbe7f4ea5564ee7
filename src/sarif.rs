//! `--report sarif`: the report as SARIF 2.1.0, so code-scanning tools show each loss on
//! a migration's pull request. One result per entry (`ruleId` = the loss code, located
//! at its line and column in the input) and one per failed file; the rules carry each
//! code's `explain` text. Written in pieces, as files are done, like the other reports.

use crate::batch_report::{FileReport, Status};
use serde_json::{json, Value};
use toolshift_model::{LossCode, Severity};

/// The rule of a file that could not be converted, beside the loss codes.
const FAILED: &str = "conversion-failed";

/// The document up to its first result.
pub fn head() -> String {
    let mut rules: Vec<Value> = LossCode::ALL.iter().map(|code| rule(*code)).collect();
    rules.push(json!({
        "id": FAILED,
        "name": "ConversionFailed",
        "shortDescription": {"text": "The file could not be converted: bad input, or a tool the target cannot express."},
        "defaultConfiguration": {"level": "error"},
    }));
    let document = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "toolshift",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": [],
        }],
    });
    let text = serde_json::to_string_pretty(&document).unwrap_or_default();
    // Cut the empty `results` open: results follow, then `tail` closes it.
    match text.rfind("\"results\": []") {
        Some(at) => format!("{}\"results\": [", text.get(..at).unwrap_or_default()),
        None => text,
    }
}

/// The results of one file, each on its own line, after `first` or a comma.
pub fn results(file: &FileReport, first: bool) -> String {
    let mut out = String::new();
    let mut separator = if first { "\n" } else { ",\n" };
    for value in file_results(file) {
        out.push_str(separator);
        out.push_str("        ");
        out.push_str(&serde_json::to_string(&value).unwrap_or_default());
        separator = ",\n";
    }
    out
}

/// Whether `results` wrote anything for the file, so the next knows to put a comma.
pub fn has_results(file: &FileReport) -> bool {
    !file.entries.is_empty() || file.status == Status::Failed
}

pub fn tail(any: bool) -> String {
    format!("{}      ]\n    }}\n  ]\n}}\n", if any { "\n" } else { "" })
}

fn rule(code: LossCode) -> Value {
    let help = crate::matrix::explain_code(code.code()).unwrap_or_default();
    json!({
        "id": code.code(),
        "name": rule_name(code.code()),
        "shortDescription": {"text": code.summary()},
        "fullDescription": {"text": code.summary()},
        "help": {"text": help, "markdown": help},
        "defaultConfiguration": {"level": level(code.severity())},
        "properties": {"severity": code.severity().as_str()},
    })
}

/// `keyword-dropped` → `KeywordDropped`, the form SARIF viewers show as a rule's name.
fn rule_name(code: &str) -> String {
    code.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Lost => "warning",
        Severity::Changed | Severity::Defaulted => "note",
    }
}

/// Each result of one file, made as it is written: a tool of many entries never holds
/// them all as values at once.
fn file_results(file: &FileReport) -> impl Iterator<Item = Value> + '_ {
    let uri = uri(file.located_path());
    let failed = match (file.status, &file.error) {
        (Status::Failed, Some(error)) => Some(json!({
            "ruleId": FAILED,
            "ruleIndex": LossCode::ALL.len(),
            "level": "error",
            "message": {"text": error},
            "locations": [{"physicalLocation": failed_location(&uri, file)}],
        })),
        _ => None,
    };
    let entries = file.entries.iter();
    entries
        .map(move |entry| entry_result(entry, &uri, &file.outputs))
        .chain(failed)
}

fn entry_result(entry: &toolshift_model::Entry, uri: &str, outputs: &[String]) -> Value {
    let index = LossCode::ALL.iter().position(|c| *c == entry.code);
    let mut region = serde_json::Map::new();
    if let (Some(line), Some(column)) = (entry.line, entry.column) {
        region.insert("startLine".into(), line.into());
        region.insert("startColumn".into(), column.into());
    }
    let mut physical = serde_json::Map::new();
    physical.insert("artifactLocation".into(), json!({"uri": uri}));
    if !region.is_empty() {
        physical.insert("region".into(), Value::Object(region));
    }
    let location = json!({"physicalLocation": physical});
    json!({
        "ruleId": entry.code.code(),
        "ruleIndex": index,
        "level": level(entry.severity),
        "message": {"text": entry.message},
        "locations": [location],
        "properties": {
            "severity": entry.severity.as_str(),
            "source": entry.source,
            "target": entry.target,
            "outputs": outputs,
        },
    })
}

/// A failed file's location, with the line and column of its error where known.
fn failed_location(uri: &str, file: &FileReport) -> Value {
    match file.line.zip(file.column) {
        Some((line, column)) => json!({
            "artifactLocation": {"uri": uri},
            "region": {"startLine": line, "startColumn": column},
        }),
        None => json!({"artifactLocation": {"uri": uri}}),
    }
}

/// A path as a relative URI reference: `/` separators, everything outside the
/// unreserved characters percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for byte in path.replace('\\', "/").bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(
            uri("skills/my skill/plugin.json"),
            "skills/my%20skill/plugin.json"
        );
        assert_eq!(uri("a\\b#c"), "a/b%23c");
        assert_eq!(rule_name("keyword-dropped"), "KeywordDropped");
    }
}
