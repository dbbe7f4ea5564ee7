//! Real-world manifests, converted by the built binary.
//!
//! Runs only when `TOOLSHIFT_CORPUS` names the corpus folder (`.ci/run` sets it to
//! `../shared/corpus`), because the corpus is not part of this repository. Each file and
//! target is one test: it must convert to a schema-valid output, or, where the target
//! cannot express the tool, be refused with exit 2 and a "cannot be written" error.
//! A crash, another exit code, or an invalid output fails.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use support::{read_tree, run_toolshift, validate_output, Scratch};

/// Which corpus files go to which targets, and whether a refusal is acceptable.
const PLAN: &[(&str, &str, &[&str], bool)] = &[
    ("arcade", "v2sdk_", &["arcade-v1", "arcade-v2"], false),
    ("arcade", "v3_", &["arcade-v2"], false),
    ("arcade", "v3_", &["arcade-v1"], true),
];

fn main() {
    let arguments = Arguments::from_args();
    let mut trials = Vec::new();
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS").map(PathBuf::from) {
        for (folder, prefix, targets, may_refuse) in PLAN {
            let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join(folder))
                .map(|entries| entries.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            files.retain(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
            });
            files.sort();
            if files.is_empty() {
                trials.push(Trial::test(format!("{folder}/{prefix}*"), move || {
                    Err(Failed::from(
                        "no corpus files found: is TOOLSHIFT_CORPUS right?",
                    ))
                }));
            }
            for file in files {
                for target in targets.iter() {
                    let name = format!(
                        "{} -> {target}",
                        file.file_name().unwrap_or_default().to_string_lossy()
                    );
                    let file = file.clone();
                    let may_refuse = *may_refuse;
                    trials.push(Trial::test(name, move || {
                        convert(&file, target, may_refuse)
                    }));
                }
            }
        }
    } else {
        eprintln!("corpus: TOOLSHIFT_CORPUS is not set; set it to ../shared/corpus to convert the real-world files");
    }
    libtest_mimic::run(&arguments, trials).exit();
}

fn convert(file: &Path, target: &str, may_refuse: bool) -> Result<(), Failed> {
    let scratch = Scratch::new()?;
    let input = file
        .canonicalize()
        .map_err(|e| e.to_string())?
        .display()
        .to_string();
    let mut outputs = Vec::new();
    for out in ["out", "again"] {
        std::fs::create_dir_all(scratch.path().join(out)).map_err(|e| e.to_string())?;
        let args: Vec<String> = [
            "convert", &input, "--to", target, "-o", out, "--report", "json",
        ]
        .map(str::to_owned)
        .to_vec();
        let run = run_toolshift(scratch.path(), &args, None)?;
        match run.status {
            Some(0) => {}
            Some(2) if may_refuse && run.stderr.contains("cannot be written as") => return Ok(()),
            other => return Err(format!("exit {other:?}\n{}", run.stderr).into()),
        }
        let report: serde_json::Value =
            serde_json::from_str(&run.stderr).map_err(|e| format!("report is not JSON: {e}"))?;
        for entry in report["files"][0]["entries"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let source = entry["source"].as_str().unwrap_or_default();
            let original: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(file).map_err(|e| e.to_string())?)
                    .map_err(|e| e.to_string())?;
            if original.pointer(source).is_none() {
                return Err(format!(
                    "entry source {source:?} does not exist in the input: {entry}"
                )
                .into());
            }
        }
        outputs.push((read_tree(&scratch.path().join(out))?, run.stderr));
    }
    let (first, first_report) = &outputs[0];
    let (second, second_report) = &outputs[1];
    if first != second || first_report.replace("\"out/", "\"again/") != *second_report {
        return Err("two conversions of the same file differ".into());
    }
    if first.is_empty() {
        return Err("exit 0 but nothing was written".into());
    }
    for (name, bytes) in first {
        validate_output(target, name, bytes)?;
    }
    Ok(())
}
