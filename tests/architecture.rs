//! The structure `docs/ARCHITECTURE.md` promises, checked: no file of any crate imports
//! another in a loop, the model's files form layers, and the model holds no parser, no
//! file access and no rendering.

// A test that cannot read the sources should fail loudly.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The model's files from the bottom layer up; a file may name only files of its own
/// layer or below. Files of one layer never name each other.
const MODEL_LAYERS: &[&[&str]] = &[
    &["field", "settings"],
    &["error", "loss"],
    &["tool", "providers"],
    &["unheld", "places", "strict"],
    &["request"],
    &["dialect"],
    &["convert"],
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each top-level module file of a crate's `src/` and the modules of its crate its code
/// names outside its unit tests (`crate::NAME`, `use crate::{NAME, ...}`), itself and
/// `lib`/`main` left out.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files: Vec<PathBuf> = std::fs::read_dir(src)
        .unwrap()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .collect();
    let modules: BTreeSet<String> = files
        .iter()
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "lib" && name != "main")
        .collect();
    let mut graph = BTreeMap::new();
    for path in &files {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        let whole = std::fs::read_to_string(path).unwrap();
        // A file's unit tests may borrow another's test helpers: not the code's structure.
        let text = whole
            .split("#[cfg(test)]\nmod tests")
            .next()
            .unwrap_or_default();
        let named = modules
            .iter()
            .filter(|other| **other != name && names_module(text, other))
            .cloned()
            .collect();
        graph.insert(name, named);
    }
    graph
}

/// `text` without its `#[cfg(test)] mod tests { ... }` block, which ends at the first
/// closing brace at the start of a line after it.
fn without_unit_tests(text: &str) -> String {
    let Some(start) = text.find("#[cfg(test)]\nmod tests {") else {
        return text.to_owned();
    };
    let end = text[start..]
        .find("\n}\n")
        .map_or(text.len(), |at| start + at + 3);
    format!("{}{}", &text[..start], &text[end..])
}

/// Whether `text` names `module` of its own crate: as a path (`crate::module::` or
/// `crate::module;`) or among the braces of a `use crate::{...}`.
fn names_module(text: &str, module: &str) -> bool {
    let path = format!("crate::{module}");
    let by_path = text.match_indices(&path).any(|(at, _)| {
        let after = text[at + path.len()..].chars().next();
        !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    });
    let in_braces = text.split("use crate::{").skip(1).any(|rest| {
        let list = rest.split('}').next().unwrap_or_default();
        list.split([',', ' ', '\n'])
            .any(|item| item.trim() == module || item.trim().starts_with(&format!("{module}::")))
    });
    by_path || in_braces
}

/// A loop of imports in `graph`, if there is one.
fn find_loop(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

fn every_src() -> Vec<PathBuf> {
    let mut sources = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap().flatten() {
        sources.push(entry.path().join("src"));
    }
    sources
}

#[test]
fn no_file_of_any_crate_imports_another_in_a_loop() {
    for src in every_src() {
        if let Some(found) = find_loop(&imports(&src)) {
            panic!("{}: {}", src.display(), found.join(" -> "));
        }
    }
}

#[test]
fn the_model_files_form_layers() {
    let layer_of: BTreeMap<&str, usize> = MODEL_LAYERS
        .iter()
        .enumerate()
        .flat_map(|(layer, files)| files.iter().map(move |file| (*file, layer)))
        .collect();
    let graph = imports(&root().join("crates/model/src"));
    let mut problems = Vec::new();
    for (file, named) in &graph {
        let Some(&layer) = layer_of.get(file.as_str()) else {
            problems.push(format!("{file} is in no layer of MODEL_LAYERS"));
            continue;
        };
        for other in named {
            if layer_of.get(other.as_str()).is_none_or(|&o| o >= layer) {
                problems.push(format!("{file} imports {other}, which is not below it"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_model_has_no_parser_file_access_or_rendering() {
    let manifest = std::fs::read_to_string(root().join("crates/model/Cargo.toml")).unwrap();
    for parser in ["json5", "serde_yaml", "saphyr", "rustix"] {
        assert!(
            !manifest.contains(parser),
            "crates/model depends on {parser}"
        );
    }
    for entry in std::fs::read_dir(root().join("crates/model/src"))
        .unwrap()
        .flatten()
    {
        let text = without_unit_tests(&std::fs::read_to_string(entry.path()).unwrap());
        for banned in [
            "std::fs::",
            "File::open",
            "toolshift_syntax::parse(",
            "syntax::parse(",
        ] {
            assert!(
                !text.contains(banned),
                "{} uses {banned}",
                entry.path().display()
            );
        }
    }
}
