//! `toolshift validate`: each manifest against its dialect's schema, plus the
//! real-world problems the schemas miss, as warnings.

use crate::registry;
use crate::schemas::{Reading, SchemaCheck};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use toolshift_model::{Dialect, Source};

pub fn validate(
    paths: &[PathBuf],
    dialect: Option<&'static dyn Dialect>,
    official_only: bool,
) -> ExitCode {
    let check = SchemaCheck::default();
    let (mut valid, mut invalid, mut unreadable, mut warnings) = (0usize, 0usize, 0usize, 0usize);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut checked = 0usize;
    for crate::walk::Found { item, .. } in crate::walk::Walker::new(paths) {
        let path = &item.path;
        let shown = path.display().to_string();
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
        let result = loaded.and_then(|loaded| {
            let dialect = match dialect {
                Some(dialect) => dialect,
                None => registry::detect(&loaded.document)?,
            };
            let official = check.violations(dialect, Reading::Official, &loaded.document)?;
            // --official judges by the published schema alone; otherwise by the one
            // conversions are held to, noting what only a correction accepted.
            let applied = if official_only { official.clone() } else { check.violations(dialect, Reading::Applied, &loaded.document)? };
            let source = Source { display: &loaded.display, dir: loaded.dir.as_deref(), listed: None, document: &loaded.document , files: &crate::input_file::FileSystem};
            let mut lines: Vec<String> = applied.iter().map(|v| format!("{shown}: {}: {}", v.pointer, v.message)).collect();
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
                notes.push(format!("{shown}: {}: warning: {}", warning.pointer, warning.message));
            }
            lines.extend(notes.iter().cloned());
            Ok((applied.is_empty(), notes.len(), lines))
        });
        match result {
            Ok((is_valid, noted, lines)) => {
                for line in lines {
                    let _ = writeln!(out, "{line}");
                }
                warnings += noted;
                if is_valid {
                    valid += 1;
                } else {
                    invalid += 1;
                }
            }
            Err(error) => {
                unreadable += 1;
                eprintln!("{shown}: error: {error}");
            }
        }
    }
    let files = checked;
    eprintln!(
        "toolshift: {files} {}: {valid} valid, {invalid} invalid, {unreadable} unreadable; {warnings} {}",
        if files == 1 { "file" } else { "files" },
        if warnings == 1 { "warning" } else { "warnings" }
    );
    if unreadable > 0 {
        ExitCode::from(2)
    } else if invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
