//! Real-world manifests, converted by the built binary.
//!
//! Runs only when `TOOLSHIFT_CORPUS` names the corpus folder (`.ci/run` sets it to
//! `../shared/corpus`), because the corpus is not part of this repository. Each entry and
//! target is one test: it must convert to a schema-valid output whose generated code
//! parses (`node --check`, Python's parser), or, where the target cannot express the
//! tool, be refused with exit 2 and a "cannot be written" error. A crash, another exit
//! code, an invalid output, a source pointer missing from the input, or two runs that
//! differ, fails.

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
use support::{check_code, read_manifest, read_tree, run_toolshift, validate_output, Scratch};

/// Which corpus entries go to which targets, and whether a refusal is acceptable there.
struct Plan {
    folder: &'static str,
    /// Picks the entries of `folder` this plan converts.
    selects: fn(&Path) -> bool,
    targets: &'static [&'static str],
    may_refuse: bool,
    /// The output must be the input, byte for byte, with an empty report.
    identical: bool,
}

fn named(path: &Path, prefix: &str) -> bool {
    path.is_file()
        && path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
}

fn yaml(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml")
}

fn skill(path: &Path) -> bool {
    path.join("plugin.json").is_file()
}

const ALL: &[&str] = &["arcade", "arcade-v2", "taskweaver", "anythingllm"];

const PLANS: &[Plan] = &[
    Plan {
        folder: "arcade",
        selects: |p| named(p, "v2sdk_"),
        targets: &["arcade-v1"],
        may_refuse: false,
        identical: false,
    },
    Plan {
        folder: "arcade",
        selects: |p| named(p, "v2sdk_"),
        targets: ALL,
        may_refuse: false,
        identical: false,
    },
    Plan {
        folder: "arcade",
        selects: |p| named(p, "v3_"),
        targets: ALL,
        may_refuse: false,
        identical: false,
    },
    // Arcade v1 cannot hold a tool without parameters, or an OAuth2 provider without a URL.
    Plan {
        folder: "arcade",
        selects: |p| named(p, "v3_"),
        targets: &["arcade-v1"],
        may_refuse: true,
        identical: false,
    },
    Plan {
        folder: "arcade-sdk",
        selects: |p| p.extension().is_some_and(|e| e == "json"),
        targets: &["arcade-v2", "taskweaver", "anythingllm"],
        may_refuse: false,
        identical: false,
    },
    // What the SDK serialized comes back unchanged.
    Plan {
        folder: "arcade-sdk",
        selects: |p| p.extension().is_some_and(|e| e == "json"),
        targets: &["arcade"],
        may_refuse: false,
        identical: true,
    },
    // Arcade v1 cannot hold a tool without parameters.
    Plan {
        folder: "arcade-sdk",
        selects: |p| p.extension().is_some_and(|e| e == "json"),
        targets: &["arcade-v1"],
        may_refuse: true,
        identical: false,
    },
    Plan {
        folder: "taskweaver",
        selects: yaml,
        targets: ALL,
        may_refuse: false,
        identical: false,
    },
    Plan {
        folder: "taskweaver",
        selects: yaml,
        targets: &["arcade-v1"],
        may_refuse: true,
        identical: false,
    },
    Plan {
        folder: "anythingllm",
        selects: skill,
        targets: ALL,
        may_refuse: false,
        identical: false,
    },
    Plan {
        folder: "anythingllm",
        selects: skill,
        targets: &["arcade-v1"],
        may_refuse: true,
        identical: false,
    },
];

fn main() {
    let arguments = Arguments::from_args();
    let mut trials = Vec::new();
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS").map(PathBuf::from) {
        for plan in PLANS {
            let mut entries = support::corpus_entries(&corpus.join(plan.folder));
            entries.retain(|p| (plan.selects)(p));
            if entries.is_empty() {
                let folder = plan.folder;
                trials.push(Trial::test(format!("{folder}: no entries"), move || {
                    Err(Failed::from(
                        "no corpus files found: is TOOLSHIFT_CORPUS right?",
                    ))
                }));
            }
            for entry in entries {
                for target in plan.targets {
                    let name = format!(
                        "{} -> {target}",
                        entry.strip_prefix(&corpus).unwrap_or(&entry).display()
                    );
                    let entry = entry.clone();
                    let (may_refuse, identical) = (plan.may_refuse, plan.identical);
                    trials.push(Trial::test(name, move || {
                        convert(&entry, target, may_refuse, identical)
                    }));
                }
            }
        }
        let mut servers = support::corpus_entries(&corpus.join("mcp"));
        servers.retain(|p| p.extension().is_some_and(|e| e == "json"));
        for target in support::all_dialects().filter(|d| d.request_limits().is_some()) {
            let servers = servers.clone();
            trials.push(Trial::test(
                format!(
                    "mcp bundles -> {}: within one request's limits",
                    target.id()
                ),
                move || bundles_within_limits(&servers, target),
            ));
        }
        let sdk = support::corpus_entries(&corpus.join("arcade-sdk"));
        trials.push(Trial::test("arcade-sdk: validate is clean", move || {
            validate_clean(&sdk)
        }));
    } else {
        // Shown as ignored, not passed: nothing was converted.
        trials.push(
            Trial::test("corpus (set TOOLSHIFT_CORPUS to ../shared/corpus)", || {
                Ok(())
            })
            .with_ignored_flag(true),
        );
    }
    libtest_mimic::run(&arguments, trials).exit();
}

/// Each MCP server bundled alone, and all of them in one bundle, for `target` (strict
/// where it has a strict mode): every tool past the tool limit has its entry, and the
/// strict tools left strict fit the budget, each tool made non-strict for it saying so.
fn bundles_within_limits(
    servers: &[PathBuf],
    target: &'static dyn toolshift_model::Dialect,
) -> Result<(), Failed> {
    let scratch = Scratch::new()?;
    let limits = target.request_limits().ok_or("no request limits")?;
    let mut groups: Vec<Vec<&PathBuf>> = servers.iter().map(|server| vec![server]).collect();
    groups.push(servers.iter().collect());
    for group in groups {
        let mut args = vec!["convert".to_owned()];
        args.extend(
            group
                .iter()
                .map(|p| p.canonicalize().unwrap().display().to_string()),
        );
        args.extend(["--to", target.id(), "--bundle", "--report", "json"].map(str::to_owned));
        if target.strict_rules().is_some() {
            args.push("--strict".to_owned());
        }
        let run = run_toolshift(scratch.path(), &args, None)?;
        if run.status != Some(0) {
            return Err(format!("{group:?}: exit {:?}: {}", run.status, run.stderr).into());
        }
        let bundle: serde_json::Value =
            serde_json::from_str(&run.stdout).map_err(|e| e.to_string())?;
        let report: serde_json::Value =
            serde_json::from_str(&run.stderr).map_err(|e| e.to_string())?;
        let tools = target
            .tools_in(&bundle)
            .ok_or("the bundle lists no tools")?;
        let targets_of = |code: &str| -> Vec<String> {
            report["files"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|file| file["entries"].as_array().into_iter().flatten())
                .filter(|entry| entry["code"] == code)
                .map(|entry| entry["target"].as_str().unwrap_or_default().to_owned())
                .collect()
        };
        let past = tools
            .len()
            .saturating_sub(limits.tools.unwrap_or(usize::MAX));
        if targets_of("request-limit-exceeded").len() != past {
            return Err(format!(
                "{group:?}: {} tools, {past} past the limit, entries: {:?}",
                tools.len(),
                targets_of("request-limit-exceeded")
            )
            .into());
        }
        let Some(budget) = limits.strict else {
            continue;
        };
        let mut used = [0, 0, 0];
        for pointer in &tools {
            let manifest = &bundle.pointer(pointer).unwrap();
            let places = target.request_places(manifest);
            let strict = manifest.pointer(&places.strict.clone().unwrap_or_default());
            let told = targets_of("strict-over-budget")
                .contains(&format!("{pointer}{}", places.strict.unwrap_or_default()));
            if strict == Some(&serde_json::Value::Bool(true)) {
                let schema = manifest
                    .pointer(&places.arguments.unwrap_or_default())
                    .unwrap();
                let (optional, unions) = toolshift_model::request::budget_counts(schema);
                used = [used[0] + 1, used[1] + optional, used[2] + unions];
            } else if told && strict != Some(&serde_json::Value::Bool(false)) {
                return Err(format!("{pointer}: said non-strict, but is {strict:?}").into());
            }
        }
        let most = [
            budget.tools,
            budget.optional_parameters,
            budget.union_parameters,
        ];
        if used.iter().zip(most).any(|(used, most)| *used > most) {
            return Err(format!("{group:?}: strict tools hold {used:?}, past {most:?}").into());
        }
    }
    Ok(())
}

fn convert(input: &Path, target: &str, may_refuse: bool, identical: bool) -> Result<(), Failed> {
    let scratch = Scratch::new()?;
    let path = input
        .canonicalize()
        .map_err(|e| e.to_string())?
        .display()
        .to_string();
    let (original, _) = read_manifest(input)?;
    let mut outputs = Vec::new();
    for out in ["out", "again"] {
        std::fs::create_dir_all(scratch.path().join(out)).map_err(|e| e.to_string())?;
        let args: Vec<String> = [
            "convert", &path, "--to", target, "-o", out, "--report", "json",
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
            if original.pointer(source).is_none() {
                return Err(format!(
                    "entry source {source:?} does not exist in the input: {entry}"
                )
                .into());
            }
            support::check_position(input, entry)?;
        }
        outputs.push((read_tree(&scratch.path().join(out))?, run.stderr));
    }
    let (first, first_report) = &outputs[0];
    let (second, second_report) = &outputs[1];
    if first != second || first_report.replace("\"out/", "\"again/") != *second_report {
        return Err("two conversions of the same input differ".into());
    }
    if first.is_empty() {
        return Err("exit 0 but nothing was written".into());
    }
    if identical {
        let original = std::fs::read(input).map_err(|e| e.to_string())?;
        if first.len() != 1 || first.values().next() != Some(&original) {
            return Err("the output is not the input, byte for byte".into());
        }
        let report: serde_json::Value =
            serde_json::from_str(first_report).map_err(|e| e.to_string())?;
        if report["files"][0]["entries"] != serde_json::json!([]) {
            return Err(format!("the report is not empty: {first_report}").into());
        }
    }
    for (name, bytes) in first {
        validate_output(target, name, bytes)?;
        check_code(name, bytes)?;
    }
    Ok(())
}

/// `toolshift validate` on every file, with and without `--official`: no violation, no warning.
fn validate_clean(paths: &[PathBuf]) -> Result<(), Failed> {
    let files: Vec<String> = paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            p.canonicalize()
                .unwrap_or_else(|_| p.clone())
                .display()
                .to_string()
        })
        .collect();
    if files.is_empty() {
        return Err("no Arcade SDK files found".into());
    }
    let scratch = Scratch::new()?;
    for official in [false, true] {
        let mut args = vec!["validate".to_owned()];
        if official {
            args.push("--official".to_owned());
        }
        args.extend(files.iter().cloned());
        let run = run_toolshift(scratch.path(), &args, None)?;
        let summary = format!(
            "{} files: {} valid, 0 invalid, 0 unreadable; 0 warnings",
            files.len(),
            files.len()
        );
        if run.status != Some(0) || !run.stdout.is_empty() || !run.stderr.contains(&summary) {
            return Err(format!(
                "validate (official: {official}) exited {:?}:\n{}{}",
                run.status, run.stdout, run.stderr
            )
            .into());
        }
    }
    Ok(())
}
