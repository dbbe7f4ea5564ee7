//! The quick block-YAML locator agrees with the YAML parser wherever it answers, on every
//! YAML golden input and, with `TOOLSHIFT_CORPUS`, every YAML corpus file; and it answers
//! for most pointers (else reports would pay for a second parse).

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use support::yaml_files;
use toolshift_syntax::position::{block_yaml_position, positions, positions_of};
use toolshift_syntax::syntax::Syntax;

#[test]
fn the_quick_yaml_locator_agrees_with_the_parser() {
    let mut files = Vec::new();
    yaml_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("golden"),
        &mut files,
    );
    yaml_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/review.in"),
        &mut files,
    );
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS") {
        yaml_files(Path::new(&corpus), &mut files);
    }
    files.sort();
    let (mut answered, mut total) = (0, 0);
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        if toolshift_syntax::syntax::parse(&text).is_err() {
            continue;
        }
        let mut quick_answers = BTreeMap::new();
        for (pointer, parsed) in positions(&text, Syntax::Yaml) {
            total += 1;
            if let Some(quick) = block_yaml_position(&text, &pointer) {
                answered += 1;
                quick_answers.insert(pointer.clone(), quick);
                if quick != parsed {
                    wrong.push(format!(
                        "{}: {pointer:?}: quick {quick:?}, parser {parsed:?}",
                        file.display()
                    ));
                }
            }
        }
        // Asked together, the pointers share their descents: the answers must not change.
        let wanted: BTreeSet<&str> = quick_answers.keys().map(String::as_str).collect();
        let together = positions_of(&text, Syntax::Yaml, &wanted);
        if together != quick_answers {
            wrong.push(format!(
                "{}: asked together, {together:?}; one by one, {quick_answers:?}",
                file.display()
            ));
        }
        // Nor must they for every other pointer asked together, which share less.
        let alternate: BTreeSet<&str> = wanted.iter().step_by(2).copied().collect();
        let some = positions_of(&text, Syntax::Yaml, &alternate);
        if alternate
            .iter()
            .any(|&pointer| some.get(pointer) != quick_answers.get(pointer))
        {
            wrong.push(format!("{}: every other pointer differs", file.display()));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(total > 0);
    eprintln!("quick locator: {answered} of {total}");
    assert!(
        answered * 10 >= total * 9,
        "the quick locator answered {answered} of {total}"
    );
}
