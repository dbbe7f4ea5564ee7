//! Golden cases: each folder under `golden/` is one test that drives the built binary.
//!
//! A case holds `args` (the convert flags after INPUT), one `input.*` file, and the
//! expected results: `expected/` (every file written), `report.txt`, `report.json`
//! and `status` (the exit code). `TOOLSHIFT_BLESS=1 cargo test --test golden`
//! rewrites the expected results from what the binary does now; review that diff.

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
use support::{check_code, copy_tree, read_tree, run_toolshift, validate_output, Scratch};

fn main() {
    let arguments = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    let trials = cases
        .into_iter()
        .map(|case| {
            let name = case
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            Trial::test(name, move || run_case(&case))
        })
        .collect();
    libtest_mimic::run(&arguments, trials).exit();
}

fn bless() -> bool {
    std::env::var_os("TOOLSHIFT_BLESS").is_some_and(|v| v != "0")
}

fn run_case(case: &Path) -> Result<(), Failed> {
    let args_text = std::fs::read_to_string(case.join("args")).map_err(|e| format!("args: {e}"))?;
    let args: Vec<String> = args_text.split_whitespace().map(str::to_owned).collect();
    let input = support::golden_input(case).ok_or("no input.* file")?;
    let scratch = Scratch::new()?;
    // A skill folder is placed as AnythingLLM keeps it, named after its hubId.
    let input_name = support::loadable(&input, scratch.path())
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or("input name")?;
    for file in support::golden_input_files(case) {
        let name = if file == input {
            input_name.clone().into()
        } else {
            file.file_name().ok_or("input name")?.to_os_string()
        };
        copy_tree(&file, &scratch.path().join(name))?;
    }
    let mut outcomes = Vec::new();
    for (format, out) in [("text", "out"), ("json", "out-json")] {
        std::fs::create_dir_all(scratch.path().join(out)).map_err(|e| e.to_string())?;
        let mut command = vec!["convert".to_owned(), input_name.clone()];
        command.extend(args.iter().cloned());
        command.extend(["-o", out, "--report", format, "--report-file"].map(str::to_owned));
        command.push(format!(
            "report.{}",
            if format == "text" { "txt" } else { "json" }
        ));
        let run = run_toolshift(scratch.path(), &command, None)?;
        outcomes.push(run.status);
    }
    if outcomes.first() != outcomes.get(1) {
        return Err(format!("exit codes differ between the two runs: {outcomes:?}").into());
    }
    let written = read_tree(&scratch.path().join("out"))?;
    let written_again = read_tree(&scratch.path().join("out-json"))?;
    if written != written_again {
        return Err("the two runs wrote different outputs: conversion is not deterministic".into());
    }
    let to = args
        .windows(2)
        .find(|w| w[0] == "--to")
        .map(|w| w[1].clone())
        .ok_or("args lack --to")?;
    for (name, bytes) in &written {
        validate_output(&to, name, bytes)?;
        if args.iter().any(|a| a == "--official") {
            support::validate_output_official(&to, name, bytes)?;
        }
        check_code(name, bytes)?;
    }
    let status = format!(
        "{}\n",
        outcomes
            .first()
            .copied()
            .flatten()
            .map_or("signal".to_owned(), |c| c.to_string())
    );
    let report_txt = std::fs::read_to_string(scratch.path().join("report.txt")).unwrap_or_default();
    let report_json =
        std::fs::read_to_string(scratch.path().join("report.json")).unwrap_or_default();
    // Every entry points at a line and column of its input.
    if let Ok(report) = serde_json::from_str::<serde_json::Value>(&report_json) {
        for file in report["files"].as_array().into_iter().flatten() {
            let input = scratch
                .path()
                .join(file["input"].as_str().unwrap_or_default());
            for entry in file["entries"].as_array().into_iter().flatten() {
                support::check_position(&input, entry)?;
            }
        }
    }

    let expected_dir = case.join("expected");
    if bless() {
        let _ = std::fs::remove_dir_all(&expected_dir);
        for (name, bytes) in &written {
            let path = expected_dir.join(name);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
            }
            std::fs::write(path, bytes).map_err(|e| e.to_string())?;
        }
        std::fs::write(case.join("status"), &status).map_err(|e| e.to_string())?;
        std::fs::write(case.join("report.txt"), &report_txt).map_err(|e| e.to_string())?;
        std::fs::write(case.join("report.json"), &report_json).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let mut problems = Vec::new();
    let compare = |what: &str,
                   expected: Option<String>,
                   actual: &str,
                   problems: &mut Vec<String>| match expected {
        Some(expected) if expected == actual => {}
        Some(expected) => problems.push(format!(
            "{what} differs\n--- expected\n{expected}\n--- actual\n{actual}"
        )),
        None => problems.push(format!(
            "{what} is missing from the case; run with TOOLSHIFT_BLESS=1"
        )),
    };
    compare(
        "status",
        std::fs::read_to_string(case.join("status")).ok(),
        &status,
        &mut problems,
    );
    compare(
        "report.txt",
        std::fs::read_to_string(case.join("report.txt")).ok(),
        &report_txt,
        &mut problems,
    );
    compare(
        "report.json",
        std::fs::read_to_string(case.join("report.json")).ok(),
        &report_json,
        &mut problems,
    );
    let expected = if expected_dir.exists() {
        read_tree(&expected_dir)?
    } else {
        Default::default()
    };
    if expected != written {
        let names = |tree: &std::collections::BTreeMap<String, Vec<u8>>| {
            tree.keys().cloned().collect::<Vec<_>>()
        };
        if names(&expected) != names(&written) {
            problems.push(format!(
                "written files {:?}, expected {:?}",
                names(&written),
                names(&expected)
            ));
        }
        for (name, bytes) in &written {
            if let Some(want) = expected.get(name) {
                if want != bytes {
                    problems.push(format!(
                        "{name} differs\n--- expected\n{}\n--- actual\n{}",
                        String::from_utf8_lossy(want),
                        String::from_utf8_lossy(bytes)
                    ));
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n\n").into())
    }
}
