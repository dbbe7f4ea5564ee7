//! The promise, as properties checked on every document we have: every `golden/` input
//! and, when `TOOLSHIFT_CORPUS` names a folder, every manifest in it.
//!
//! 1. Identity: D → D reproduces the input, up to the dialect's documented
//!    normalizations (`Dialect::normalize`), with an empty report.
//!    An input that breaks its dialect's schema even after normalization (a later
//!    Arcade revision, a description shorter than the minimum) cannot come back
//!    unchanged in a valid output; for it, every difference must be covered by an entry.
//! 2. No silent loss: for A → B → A, every leaf path whose value differs between the
//!    (normalized) original and the result is covered by an entry of either leg: by the
//!    `source` of a first-leg entry or the `target` of a second-leg entry. A pointer
//!    covers a path it equals or is a prefix of, segment-wise. Two readings are
//!    stricter than the bare rule. The root pointer covers only the root: an entry
//!    about the whole document does not excuse a change anywhere in it. And a first-leg
//!    entry covers through its untrimmed source (`Entry::place`): where the input lacks
//!    the field, `source` is trimmed to the nearest path that exists (property 5), so it
//!    would name the whole enclosing object instead of the field.
//! 3. Valid or refused: every output validates against the target's schema, or the
//!    conversion fails with an error naming what cannot be expressed.
//! 4. Deterministic: converting twice gives identical files and entries.
//! 5. Exact: every entry's `source` exists in the input; its `target` exists in the
//!    output unless the entry is `lost`, whose severity notes the absence.
//! 7. Planned names: the manifest path a large batch plans by, read but not written, is
//!    the one the conversion writes. (Property 6 is in `tests/real_clients.rs`.)
//!
//! A table of counts per pair is printed first.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use libtest_mimic::Arguments;
use serde_json::Value;
use std::collections::BTreeMap;
use support::{all_dialects, covers, validate_document, validate_official, Document};
use toolshift_model::{convert, Detail, Dialect, DialectError, Severity, Source, WriteOptions};

#[derive(Default)]
struct Counts {
    documents: usize,
    converted: usize,
    refused: usize,
    lost: usize,
    changed: usize,
    defaulted: usize,
    round_trips: usize,
    uncovered: usize,
}

fn main() {
    let arguments = Arguments::from_args();
    // Skill folders are read from copies named after their hubId, as AnythingLLM keeps them.
    let scratch = support::Scratch::new().unwrap();
    let (documents, _) = support::test_documents(scratch.path());
    let mut table: BTreeMap<(String, String), Counts> = BTreeMap::new();
    let mut trials = Vec::new();
    for document in &documents {
        for target in all_dialects() {
            let counts = table
                .entry((document.dialect.id().to_owned(), target.id().to_owned()))
                .or_default();
            let problems = check(document, target, counts);
            let name = format!("{} -> {}", document.name, target.id());
            trials.push(support::trial(name, problems));
        }
    }
    print_table(&table, documents.len());
    let conclusion = libtest_mimic::run(&arguments, trials);
    // `exit` skips destructors: the scratch folder goes first.
    drop(scratch);
    conclusion.exit();
}

fn print_table(table: &BTreeMap<(String, String), Counts>, documents: usize) {
    eprintln!("properties: {documents} documents");
    eprintln!(
        "{:<12} {:<12} {:>5} {:>9} {:>7} {:>5} {:>7} {:>9} {:>11} {:>9}",
        "from",
        "to",
        "docs",
        "converted",
        "refused",
        "lost",
        "changed",
        "defaulted",
        "round trips",
        "uncovered"
    );
    for ((from, to), c) in table {
        eprintln!(
            "{from:<12} {to:<12} {:>5} {:>9} {:>7} {:>5} {:>7} {:>9} {:>11} {:>9}",
            c.documents,
            c.converted,
            c.refused,
            c.lost,
            c.changed,
            c.defaulted,
            c.round_trips,
            c.uncovered
        );
    }
}

/// Every property for one document and one target; returns what failed.
fn check(document: &Document, target: &'static dyn Dialect, counts: &mut Counts) -> Vec<String> {
    counts.documents += 1;
    let source = support::source_of(document);
    let from = document.dialect;
    let identity = from.id() == target.id();
    // Identity keeps credentials, so that withholding them (which is reported) does not hide the property.
    let options = WriteOptions {
        keep_secrets: identity,
        ..WriteOptions::default()
    };
    let mut problems = Vec::new();
    problems.extend(planned_names_differ(from, target, &source));
    let first = match convert(from, target, &source, &options, Detail::Full) {
        Ok(conversion) => conversion,
        Err(error) => {
            counts.refused += 1;
            if !refusal_is_specific(&error) {
                problems.push(format!(
                    "valid or refused: failed without naming what cannot be expressed: {error}"
                ));
            }
            return problems;
        }
    };
    counts.converted += 1;
    for entry in &first.entries {
        match entry.severity {
            Severity::Lost => counts.lost += 1,
            Severity::Changed => counts.changed += 1,
            Severity::Defaulted => counts.defaulted += 1,
        }
    }
    let output = first.manifest().cloned().unwrap_or(Value::Null);
    if let Err(error) = validate_document(target, &output) {
        problems.push(format!("valid or refused: {error}"));
    }
    // Beyond the official schema, an output holds only the documented loader keys.
    if let Err(error) = validate_official(target, &without_documented_keys(target, &output)) {
        problems.push(format!("official: an undocumented deviation: {error}"));
    }
    let official = WriteOptions {
        official: true,
        ..options.clone()
    };
    match convert(from, target, &source, &official, Detail::Full) {
        Ok(strict) => {
            let strict = strict.manifest().cloned().unwrap_or(Value::Null);
            for check in [
                validate_official(target, &strict),
                validate_document(target, &strict),
            ] {
                if let Err(error) = check {
                    problems.push(format!("official: with --official: {error}"));
                }
            }
        }
        Err(error) if refusal_is_specific(&error) => {}
        Err(error) => problems.push(format!("official: with --official: {error}")),
    }
    match convert(from, target, &source, &options, Detail::Full) {
        Ok(again) if again == first => {}
        _ => problems.push("deterministic: a second conversion differs".to_owned()),
    }
    // Without a report, only the pointers and messages may be missing: the files,
    // and every entry's code and severity, are the same.
    match convert(from, target, &source, &options, Detail::CodesOnly) {
        Ok(mut unlocated) => {
            for (entry, located) in unlocated.entries.iter_mut().zip(&first.entries) {
                if !(entry.source.is_empty() && entry.target.is_empty() && entry.place.is_empty()) {
                    problems.push(format!("unlocated: `{}` has a pointer", entry.code.code()));
                }
                if !entry.message.is_empty() {
                    problems.push(format!("unlocated: `{}` has a message", entry.code.code()));
                }
                entry.message.clone_from(&located.message);
                entry.source.clone_from(&located.source);
                entry.target.clone_from(&located.target);
                entry.place.clone_from(&located.place);
            }
            if unlocated != first {
                problems.push(
                    "unlocated: differs from the located conversion beyond its pointers and messages".to_owned(),
                );
            }
        }
        Err(error) => problems.push(format!(
            "unlocated: refused where located converted: {error}"
        )),
    }
    for entry in &first.entries {
        if document.value.pointer(&entry.source).is_none() {
            problems.push(format!(
                "exact: source {:?} of `{}` is not in the input",
                entry.source,
                entry.code.code()
            ));
        }
        if entry.severity != Severity::Lost && output.pointer(&entry.target).is_none() {
            problems.push(format!(
                "exact: target {:?} of {} `{}` is not in the output",
                entry.target,
                entry.severity.as_str(),
                entry.code.code()
            ));
        }
    }
    let normalized_input = from.normalize(&document.value);
    if identity {
        // An input that breaks its own dialect's schema, even after normalization,
        // cannot come back unchanged in a valid output: there, every difference
        // must be reported instead.
        // So does an input its own loader refuses (the dialect's lint names why: a skill
        // without handler.js, a hubId that is not its folder's name).
        let well_formed =
            validate_document(from, &normalized_input).is_ok() && from.lint(&source).is_empty();
        if well_formed && !first.entries.is_empty() {
            let codes: Vec<String> = first
                .entries
                .iter()
                .map(|e| format!("{} at {}", e.code.code(), e.source))
                .collect();
            problems.push(format!(
                "identity: the report is not empty: {}",
                codes.join(", ")
            ));
        }
        for path in differences(&normalized_input, &from.normalize(&output)) {
            let reported = first
                .entries
                .iter()
                .any(|e| covers(&from.normalize_pointer(&e.place), &path));
            if well_formed || !reported {
                let why = if well_formed {
                    ""
                } else {
                    " and no entry covers it"
                };
                problems.push(format!("identity: {path} differs from the input{why}"));
            }
        }
        return problems;
    }
    let back = Source::in_memory("round trip", &output);
    let second = match convert(target, from, &back, &WriteOptions::default(), Detail::Full) {
        Ok(conversion) => conversion,
        Err(_) => return problems,
    };
    counts.round_trips += 1;
    let result = second.manifest().cloned().unwrap_or(Value::Null);
    for path in differences(&normalized_input, &from.normalize(&result)) {
        let covered = first.entries.iter().any(|e| {
            let place = from.normalize_pointer(&e.place);
            covers(&place, &path) || support::renamed(e.code.code(), &e.message, &place, &path)
        }) || second.entries.iter().any(|e| covers(&e.target, &path));
        if !covered {
            counts.uncovered += 1;
            problems.push(format!(
                "no silent loss: {path} changed in {} -> {} -> {} and no entry covers it",
                from.id(),
                target.id(),
                from.id()
            ));
        }
    }
    problems
}

/// The output without the keys its dialect's loader reads beyond the official schema,
/// as `docs/anythingllm.md` and `docs/arcade.md` list them.
fn without_documented_keys(dialect: &dyn Dialect, output: &Value) -> Value {
    let mut output = output.clone();
    let remove = |object: Option<&mut Value>, keys: &[&str]| {
        if let Some(object) = object.and_then(Value::as_object_mut) {
            for key in keys {
                object.remove(*key);
            }
        }
    };
    match dialect.id() {
        "anythingllm" => {
            if let Some(params) = output
                .pointer_mut("/entrypoint/params")
                .and_then(Value::as_object_mut)
            {
                for param in params.values_mut() {
                    remove(Some(param), &["enum", "default"]);
                }
            }
            if let Some(args) = output
                .pointer_mut("/setup_args")
                .and_then(Value::as_object_mut)
            {
                for arg in args.values_mut() {
                    remove(Some(&mut *arg), &["default"]);
                    let input = arg.get_mut("input");
                    if let Some(input) = input.and_then(Value::as_object_mut) {
                        for key in ["options", "min", "max", "step"] {
                            input.remove(key);
                        }
                        if input.get("default").is_some_and(|d| !d.is_string()) {
                            input.remove("default");
                        }
                    }
                }
            }
        }
        "arcade-v1" => {
            if let Some(parameters) = output
                .pointer_mut("/input/parameters")
                .and_then(Value::as_array_mut)
            {
                for parameter in parameters {
                    remove(parameter.get_mut("schema"), &["enum"]);
                }
            }
            remove(output.pointer_mut("/output/value/schema"), &["enum"]);
        }
        _ => {}
    }
    output
}

/// Property 7, planned names: the manifest path a large batch plans by
/// (`manifest_names`, read but not written) is the one `convert_all` writes, under every
/// option that renames.
fn planned_names_differ(
    from: &'static dyn Dialect,
    target: &'static dyn Dialect,
    source: &Source<'_>,
) -> Vec<String> {
    let variants = [
        WriteOptions::default(),
        WriteOptions {
            qualify_by_toolkit: true,
            ..WriteOptions::default()
        },
        WriteOptions {
            toolkit: Some("Renamed".to_owned()),
            ..WriteOptions::default()
        },
        WriteOptions {
            official: true,
            ..WriteOptions::default()
        },
    ];
    let mut problems = Vec::new();
    for options in variants {
        let Ok(conversions) =
            toolshift_model::convert_all(from, target, source, &options, Detail::Full)
        else {
            continue;
        };
        let written: Vec<String> = conversions
            .iter()
            .map(|conversion| conversion.files[0].path.clone())
            .collect();
        match toolshift_model::convert::manifest_names(from, target, source, &options) {
            Ok(planned) if planned == written => {}
            planned => problems.push(format!(
                "planned names: {planned:?} planned, {written:?} written, with {options:?}"
            )),
        }
    }
    problems
}

fn refusal_is_specific(error: &DialectError) -> bool {
    match error {
        DialectError::Inexpressible { .. } => true,
        DialectError::Invalid { message, .. } => {
            message.contains("would place a file outside the output folder")
        }
        _ => false,
    }
}

/// The leaf pointers (scalars and empty containers) present on one side only or different.
fn differences(before: &Value, after: &Value) -> Vec<String> {
    let mut paths = Vec::new();
    diff(before, after, String::new(), &mut paths);
    paths.sort();
    paths.dedup();
    paths
}

fn diff(a: &Value, b: &Value, pointer: String, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for key in keys {
                let child = toolshift_syntax::pointer::child(&pointer, key);
                match (x.get(key), y.get(key)) {
                    (Some(va), Some(vb)) => diff(va, vb, child, out),
                    (Some(v), None) | (None, Some(v)) => leaves(v, child, out),
                    (None, None) => {}
                }
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            for index in 0..x.len().max(y.len()) {
                let child = format!("{pointer}/{index}");
                match (x.get(index), y.get(index)) {
                    (Some(va), Some(vb)) => diff(va, vb, child, out),
                    (Some(v), None) | (None, Some(v)) => leaves(v, child, out),
                    (None, None) => {}
                }
            }
        }
        _ if a == b => {}
        _ => {
            leaves(a, pointer.clone(), out);
            leaves(b, pointer, out);
        }
    }
}

fn leaves(value: &Value, pointer: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) if !map.is_empty() => {
            for (key, v) in map {
                leaves(v, toolshift_syntax::pointer::child(&pointer, key), out);
            }
        }
        Value::Array(items) if !items.is_empty() => {
            for (index, v) in items.iter().enumerate() {
                leaves(v, format!("{pointer}/{index}"), out);
            }
        }
        _ => out.push(pointer),
    }
}
