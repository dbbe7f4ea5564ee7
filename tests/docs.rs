//! The documentation states what the code does: these tests fail when they drift apart.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::Path;
use toolshift_model::LossCode;

fn read_doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `## \`code\`` headings with the severity line under each.
fn documented_codes(text: &str) -> Vec<(String, Option<String>)> {
    let mut sections = Vec::new();
    for block in text.split("\n## ").skip(1) {
        let heading = block.lines().next().unwrap_or_default().trim();
        let code = heading.trim_matches('`').to_owned();
        let severity = block
            .lines()
            .find_map(|line| line.trim().strip_prefix("- Severity: "))
            .map(str::to_owned);
        sections.push((code, severity));
    }
    sections
}

#[test]
fn every_loss_code_is_documented_with_its_severity() {
    let sections = documented_codes(&read_doc("losses.md"));
    let mut problems = Vec::new();
    for code in LossCode::ALL {
        match sections.iter().find(|(name, _)| name == code.code()) {
            None => problems.push(format!(
                "`{}` has no section in docs/losses.md",
                code.code()
            )),
            Some((_, severity)) if severity.as_deref() != Some(code.severity().as_str()) => {
                problems.push(format!(
                    "`{}` is {} in the code but {:?} in docs/losses.md",
                    code.code(),
                    code.severity().as_str(),
                    severity
                ))
            }
            Some(_) => {}
        }
    }
    for (name, _) in &sections {
        if LossCode::parse(name).is_none() {
            problems.push(format!(
                "docs/losses.md documents `{name}`, which is not a loss code"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn provider_table_matches_the_code() {
    let doc = read_doc("providers.md");
    let table = toolshift_model::providers::markdown_table();
    assert!(
        doc.contains(&table),
        "docs/providers.md must contain this table:\n{table}"
    );
}

#[test]
fn architecture_names_every_crate() {
    let doc = read_doc("ARCHITECTURE.md");
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    for entry in std::fs::read_dir(crates).unwrap().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(
            doc.contains(&format!("crates/{name}")),
            "docs/ARCHITECTURE.md does not describe crates/{name}"
        );
    }
}

fn toolshift(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_loss_matrix_is_not_stale() {
    let output = toolshift(&["explain"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let generated = String::from_utf8(output.stdout).unwrap();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/matrix.md");
    if std::env::var_os("TOOLSHIFT_BLESS").is_some_and(|v| v != "0") {
        std::fs::write(&path, &generated).unwrap();
    }
    let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(checked_in == generated, "docs/matrix.md is stale: regenerate it with TOOLSHIFT_BLESS=1 cargo test --test docs, and review the diff");
    // Every directed pair of distinct dialects of the registry has its section.
    let dialects = toolshift::registry::DIALECTS.len();
    let pairs = generated
        .lines()
        .filter(|line| line.starts_with("## ") && line.contains(" → "))
        .count();
    assert_eq!(pairs, dialects * (dialects - 1), "{generated}");
}

#[test]
fn explain_prints_every_code_and_refuses_unknown_ones() {
    for code in LossCode::ALL {
        let output = toolshift(&["explain", code.code()]);
        assert!(output.status.success(), "{}", code.code());
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.starts_with(&format!(
                "## `{}`\n- Severity: {}",
                code.code(),
                code.severity().as_str()
            )),
            "{text}"
        );
        assert!(!text.contains("\n## "), "{text}");
    }
    let output = toolshift(&["explain", "no-such-code"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("`no-such-code` is not a loss code"));
}

#[test]
fn the_probes_make_every_loss_code_fire_somewhere() {
    let matrix = String::from_utf8(toolshift(&["explain"]).stdout).unwrap();
    let silent: Vec<&str> = LossCode::ALL
        .iter()
        .map(|code| code.code())
        .filter(|code| !matrix.contains(&format!("| `{code}` |")))
        .collect();
    assert!(silent.is_empty(), "no probe in src/probes/ makes these codes fire, so docs/matrix.md cannot list them: {silent:?}");
}
