//! `toolshift validate`: each manifest against its dialect's schema, plus the
//! real-world problems the schemas miss, as warnings.

use crate::registry;
use crate::schemas::{Reading, SchemaCheck};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use toolshift_model::{Dialect, LossCode};

/// What `validate` found in one manifest: whether it is valid, and the lines to print,
/// of which `notes` are warnings.
struct Verdict {
    valid: bool,
    notes: usize,
    lines: Vec<String>,
}

/// The files checked so far, by outcome.
#[derive(Default)]
struct Tally {
    valid: usize,
    invalid: usize,
    unreadable: usize,
    warnings: usize,
}

pub fn validate(
    paths: &[PathBuf],
    dialect: Option<&'static dyn Dialect>,
    official_only: bool,
) -> ExitCode {
    let check = SchemaCheck::default();
    let mut tally = Tally::default();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut checked = 0usize;
    for crate::walk::Found { item, .. } in crate::walk::Walker::new(paths) {
        let shown = item.path.display().to_string();
        let loaded = crate::batch::load_item(&item);
        // In a walked folder, a file no dialect claims is passed over, not checked.
        let unclaimed = item.walked
            && dialect.is_none()
            && loaded
                .as_ref()
                .is_ok_and(|loaded| registry::detect_none(&loaded.document));
        if unclaimed {
            continue;
        }
        checked += 1;
        let verdict =
            loaded.and_then(|loaded| judge(&check, dialect, official_only, &shown, &loaded));
        match verdict {
            Ok(verdict) => {
                for line in verdict.lines {
                    let _ = writeln!(out, "{line}");
                }
                tally.warnings += verdict.notes;
                if verdict.valid {
                    tally.valid += 1;
                } else {
                    tally.invalid += 1;
                }
            }
            Err(error) => {
                tally.unreadable += 1;
                eprintln!("{shown}: error: {error}");
            }
        }
    }
    summarize(checked, &tally)
}

/// One manifest against its dialect's schema, and the dialect's warnings.
fn judge(
    check: &SchemaCheck,
    dialect: Option<&'static dyn Dialect>,
    official_only: bool,
    shown: &str,
    loaded: &crate::input::LoadedInput,
) -> Result<Verdict, String> {
    let dialect = match dialect {
        Some(dialect) => dialect,
        None => registry::detect(&loaded.document)?,
    };
    let official = check.violations(dialect, Reading::Official, &loaded.document)?;
    // --official judges by the published schema alone; otherwise by the one
    // conversions are held to, noting what only a correction accepted.
    let applied = if official_only {
        official.clone()
    } else {
        check.violations(dialect, Reading::Applied, &loaded.document)?
    };
    let source = loaded.source(None);
    let lines: Vec<String> = applied
        .iter()
        .map(|v| format!("{shown}: {}: {}", v.pointer, v.message))
        .collect();
    let mut notes = Vec::new();
    for violation in official.iter().filter(|v| !applied.contains(v)) {
        notes.push(format!(
            "{shown}: {}: warning: the official {} schema refuses this ({}), but the loader reads it; toolshift accepts it (see docs/)",
            violation.pointer,
            dialect.id(),
            violation.message
        ));
    }
    for warning in dialect.lint(&source) {
        notes.push(format!(
            "{shown}: {}: warning: {}",
            warning.pointer, warning.message
        ));
    }
    notes.extend(request_notes(dialect, shown, &loaded.document));
    Ok(Verdict {
        valid: applied.is_empty(),
        notes: notes.len(),
        lines: lines.into_iter().chain(notes).collect(),
    })
}

/// What one request of the target would refuse in a list document (`request::check`):
/// a list is what a request sends. A tool past strict mode's budget is named, not changed.
fn request_notes(dialect: &dyn Dialect, shown: &str, document: &serde_json::Value) -> Vec<String> {
    let Some(pointers) = dialect.tools_in(document) else {
        return Vec::new();
    };
    let manifests: Vec<&serde_json::Value> = pointers
        .iter()
        .filter_map(|pointer| document.pointer(pointer))
        .collect();
    crate::request::check(dialect, &manifests)
        .into_iter()
        .map(|finding| {
            let at = pointers.get(finding.index).map_or("", String::as_str);
            let consequence = if finding.code == LossCode::StrictOverBudget {
                ": one request refuses it while it is strict."
            } else {
                ""
            };
            format!(
                "{shown}: {at}{}: warning: {}{consequence}",
                finding.pointer, finding.message
            )
        })
        .collect()
}

/// The summary line, and the exit code: 2 if a file was unreadable, 1 if one was invalid.
fn summarize(files: usize, tally: &Tally) -> ExitCode {
    let Tally {
        valid,
        invalid,
        unreadable,
        warnings,
    } = tally;
    eprintln!(
        "toolshift: {files} {}: {valid} valid, {invalid} invalid, {unreadable} unreadable; {warnings} {}",
        if files == 1 { "file" } else { "files" },
        if *warnings == 1 { "warning" } else { "warnings" }
    );
    if *unreadable > 0 {
        ExitCode::from(2)
    } else if *invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
