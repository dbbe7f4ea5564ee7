//! `inspect` and `diff` on every golden input and, with `TOOLSHIFT_CORPUS`, every corpus
//! manifest: each reads into the canonical view or is refused with exit 2 naming the
//! file; a manifest compared with itself has no difference, and neither has its
//! conversion to its own dialect when that conversion reports nothing.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::path::{Path, PathBuf};
use support::{run_toolshift, Scratch};

fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut cases: Vec<PathBuf> = std::fs::read_dir(root.join("golden"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    cases.sort();
    let mut documents: Vec<PathBuf> = cases
        .iter()
        .filter_map(|case| support::golden_input(case))
        .collect();
    // Relative to the package, as `.ci/run` gives it; the commands run elsewhere.
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS")
        .map(PathBuf::from)
        .and_then(|path| path.canonicalize().ok())
    {
        documents.extend(support::corpus_manifests(&corpus));
    }
    documents
}

#[test]
fn every_document_inspects_and_equals_itself_and_its_silent_identity_conversion() {
    let scratch = Scratch::new().unwrap();
    let mut viewed = 0;
    let mut compared = 0;
    let mut problems = Vec::new();
    for (index, document) in documents().iter().enumerate() {
        let path = support::loadable(document, scratch.path());
        let shown = path.display().to_string();
        let inspect = run_toolshift(
            scratch.path(),
            &[
                "inspect".to_owned(),
                shown.clone(),
                "--format".into(),
                "json".into(),
            ],
            None,
        )
        .unwrap();
        let same = run_toolshift(
            scratch.path(),
            &["diff".to_owned(), shown.clone(), shown.clone()],
            None,
        )
        .unwrap();
        match inspect.status {
            Some(0) => {
                let view: serde_json::Value = serde_json::from_str(&inspect.stdout).unwrap();
                if !(view["name"].is_string() || view["tools"].is_object()) {
                    problems.push(format!("{shown}: the view has no name: {view}"));
                }
                if same.status != Some(0) {
                    problems.push(format!("{shown}: differs from itself:\n{}", same.stdout));
                }
                viewed += 1;
            }
            // Only golden cases of bad input may be refused: every real manifest views.
            Some(2)
                if document.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")) =>
            {
                if !inspect.stderr.contains(&shown) || same.status != Some(2) {
                    problems.push(format!(
                        "{shown}: refused without naming it, or diff did not refuse:\n{}",
                        inspect.stderr
                    ));
                }
                continue;
            }
            other => problems.push(format!("{shown}: inspect exited {other:?}")),
        }
        // Converted to its own dialect, the tool is the same tool.
        let dialect =
            run_toolshift(scratch.path(), &["detect".to_owned(), shown.clone()], None).unwrap();
        let Some(id) = dialect.stdout.trim().rsplit('\t').next().map(str::to_owned) else {
            continue;
        };
        let out = scratch.path().join(format!("same/{index}"));
        let convert = run_toolshift(
            scratch.path(),
            &[
                "convert".to_owned(),
                shown.clone(),
                "--to".into(),
                id.clone(),
                "-o".into(),
                format!("{}/", out.display()),
                "--keep-secrets".into(),
                "--report".into(),
                "json".into(),
            ],
            None,
        )
        .unwrap();
        // With an empty report the conversion claims to change nothing: the view agrees.
        let report: serde_json::Value = serde_json::from_str(&convert.stderr).unwrap_or_default();
        let files = report["files"].as_array().cloned().unwrap_or_default();
        let silent = files.len() == 1
            && files[0]["outputs"].as_array().is_some_and(|o| o.len() == 1)
            && files[0]["entries"].as_array().is_some_and(Vec::is_empty);
        if convert.status != Some(0) || !silent {
            continue;
        }
        let written = std::fs::read_dir(&out)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| {
                p.join("plugin.json").is_file()
                    || p.extension().is_some_and(|e| e == "json" || e == "yaml")
            });
        let Some(written) = written else { continue };
        compared += 1;
        let diff = run_toolshift(
            scratch.path(),
            &[
                "diff".to_owned(),
                shown.clone(),
                written.display().to_string(),
            ],
            None,
        )
        .unwrap();
        if diff.status != Some(0) {
            problems.push(format!(
                "{shown} -> {id}: the identity conversion differs:\n{}",
                diff.stdout
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    let floor = if std::env::var_os("TOOLSHIFT_CORPUS").is_some() {
        150
    } else {
        60
    };
    assert!(viewed >= floor, "only {viewed} documents could be viewed");
    assert!(
        compared >= 30,
        "only {compared} identity conversions were compared"
    );
}
