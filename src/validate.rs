//! `toolshift validate`: each manifest against its dialect's schema, plus the
//! real-world problems the schemas miss, as warnings.

use crate::registry;
use crate::schemas::{Reading, SchemaCheck};
use std::io::{IsTerminal, Write};
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
        let manifest = manifest_of(&item);
        let shown = manifest.display().to_string();
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
                eprintln!("{}", unreadable(&shown, &manifest, &error));
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
    let mut problems: Vec<Problem> = applied
        .iter()
        .map(|v| Problem::new(false, &v.pointer, v.message.clone()))
        .collect();
    // What the schema allows but `convert` refuses.
    for (pointer, message) in toolshift_model::convert::refusals(dialect, &source) {
        problems.push(Problem::new(false, &pointer, message));
    }
    for violation in official.iter().filter(|v| !applied.contains(v)) {
        let message = format!(
            "the official {} schema refuses this ({}), but the loader reads it; toolshift accepts it (see docs/)",
            dialect.id(),
            violation.message
        );
        problems.push(Problem::new(true, &violation.pointer, message));
    }
    for warning in dialect.lint(&source) {
        problems.push(Problem::new(true, &warning.pointer, warning.message));
    }
    problems.extend(request_problems(dialect, &loaded.document));
    let lines = located(&problems, shown, loaded);
    Ok(Verdict {
        valid: problems.iter().all(|p| p.warning),
        notes: problems.iter().filter(|p| p.warning).count(),
        lines,
    })
}

/// The file an item's diagnostics point into: a skill folder's manifest, a file an
/// editor opens, or the item itself.
pub(crate) fn manifest_of(item: &crate::walk::Item) -> std::path::PathBuf {
    if item.skill_folder || item.path.is_dir() {
        item.path.join(crate::walk::SKILL_MANIFEST)
    } else {
        item.path.to_path_buf()
    }
}

/// Why a file could not be read, at its place in it where the parser names one, as a
/// failed conversion shows it.
pub(crate) fn unreadable(shown: &str, path: &std::path::Path, error: &str) -> String {
    // Only a message that names a place is worth reading the file again for.
    let placed = crate::batch_report::error_position(error).and_then(|_| {
        let text = std::fs::read_to_string(path).ok()?;
        let (message, place) = crate::batch_report::placed_error(error, &text);
        let (line, column) = place?;
        let source = crate::batch::error_line(&text, line)?.to_owned();
        Some((message, line, column, source))
    });
    let Some((message, line, column, source)) = placed else {
        return format!("{shown}: error: {error}");
    };
    let place = crate::report::Place {
        path: shown,
        line,
        column,
        source: &source,
        label: None,
    };
    let styled = crate::report::styled(std::io::stderr().is_terminal());
    crate::report::diagnostic(false, &message, &place, styled)
        .trim_end()
        .to_owned()
}

/// One thing `validate` says of a manifest: a violation, or a warning.
struct Problem {
    warning: bool,
    pointer: String,
    message: String,
}

impl Problem {
    fn new(warning: bool, pointer: &str, message: String) -> Self {
        Problem {
            warning,
            pointer: pointer.to_owned(),
            message,
        }
    }
}

/// Each problem as the report shows an entry: `error:` or `warning:`, then `--> FILE:L:C`,
/// the line and a marker labelled with the pointer; `FILE: POINTER: ...` where the
/// place has no line to show.
fn located(problems: &[Problem], shown: &str, loaded: &crate::input::LoadedInput) -> Vec<String> {
    let wanted = problems.iter().map(|p| p.pointer.as_str()).collect();
    let positions = toolshift_syntax::position::positions_of(&loaded.text, loaded.syntax, &wanted);
    let styled = crate::report::styled(std::io::stdout().is_terminal());
    problems
        .iter()
        .map(|problem| {
            let at = toolshift_syntax::position::nearest(&positions, &problem.pointer);
            let line = at.and_then(|at| Some((at, loaded.text.lines().nth(at.line - 1)?)));
            let kind = if problem.warning { "warning: " } else { "" };
            match line.filter(|(_, text)| text.chars().count() <= crate::batch::MAX_SNIPPET_CHARS) {
                Some((at, text)) => {
                    let place = crate::report::Place {
                        path: shown,
                        line: at.line,
                        column: at.column,
                        source: text.trim_start_matches('\u{feff}'),
                        label: Some(crate::batch_report::show_pointer(&problem.pointer)),
                    };
                    let text = crate::report::diagnostic(
                        problem.warning,
                        &problem.message,
                        &place,
                        styled,
                    );
                    text.trim_end().to_owned()
                }
                None => format!("{shown}: {}: {kind}{}", problem.pointer, problem.message),
            }
        })
        .collect()
}

/// What one request of the target would refuse in a list document (`request::check`):
/// a list is what a request sends. A tool past strict mode's budget is named, not changed.
fn request_problems(dialect: &dyn Dialect, document: &serde_json::Value) -> Vec<Problem> {
    let Some(pointers) = dialect.tools_in(document) else {
        return Vec::new();
    };
    // Each finding is by its index among the tools found, so each keeps its pointer.
    let tools: Vec<(String, &serde_json::Value)> = pointers
        .into_iter()
        .filter_map(|pointer| document.pointer(&pointer).map(|tool| (pointer, tool)))
        .collect();
    let manifests: Vec<&serde_json::Value> = tools.iter().map(|(_, tool)| *tool).collect();
    crate::request::check(dialect, &manifests)
        .into_iter()
        .map(|finding| {
            let at = tools
                .get(finding.index)
                .map_or("", |(pointer, _)| pointer.as_str());
            let consequence = if finding.code == LossCode::StrictOverBudget {
                ": one request refuses it while it is strict."
            } else {
                ""
            };
            let pointer = format!("{at}{}", finding.pointer);
            Problem::new(true, &pointer, format!("{}{consequence}", finding.message))
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
