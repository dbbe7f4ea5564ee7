//! The quick block-YAML reader gives yaml_serde's value, key order included, wherever it
//! answers: on every YAML file we have (golden inputs, the docs' examples and, with
//! `TOOLSHIFT_CORPUS`, every YAML corpus file), on generated documents in every scalar
//! style, and on those documents with random edits, valid YAML or not. It must also
//! answer for most real files, or it would save nothing. The quick locator that places
//! report entries is held to the parser on the same generated documents.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use proptest::prelude::*;
use std::path::Path;
use support::yaml_files;
use toolshift_syntax::block_yaml;
use toolshift_syntax::syntax::parse_yaml_fully;

/// `Err` when the quick reader answers and differs from yaml_serde; whether it answered.
fn agrees(text: &str) -> Result<bool, String> {
    let Some(quick) = block_yaml::read(text) else {
        return Ok(false);
    };
    // Compared as text too: a map's equality ignores key order, and order is kept.
    let same = |full: &serde_json::Value| {
        full == &quick && serde_json::to_string(full).ok() == serde_json::to_string(&quick).ok()
    };
    match parse_yaml_fully(text) {
        Ok(full) if same(&full) => Ok(true),
        Ok(full) => Err(format!("quick reader {quick}, yaml_serde {full}")),
        Err(error) => Err(format!("quick reader {quick}, yaml_serde refuses: {error}")),
    }
}

/// Reading `text` over `previous` (the value a batch thread last read) gives what
/// reading it fresh gives, key order included; `Err` names the difference.
fn reads_over(previous: &serde_json::Value, text: &str) -> Result<(), String> {
    let fresh = block_yaml::read(text);
    let mut slot = previous.clone();
    let over = block_yaml::read_over(text, &mut slot).map(|()| slot);
    let text_of = |value: &Option<serde_json::Value>| value.as_ref().map(|v| v.to_string());
    if over == fresh && text_of(&over) == text_of(&fresh) {
        Ok(())
    } else {
        Err(format!(
            "read over {previous}: {:?}, read fresh: {:?}",
            text_of(&over),
            text_of(&fresh)
        ))
    }
}

/// Small and large mappings, and a repeated key in each, read as yaml_serde reads them.
#[test]
fn large_mappings_and_repeated_keys_read_the_same() {
    for size in [1, 2, 31, 32, 33, 40, 100] {
        let keys: Vec<String> = (0..size).map(|i| format!("key_{i}")).collect();
        let mut text: String = keys.iter().map(|key| format!("{key}: {key}\n")).collect();
        assert_eq!(agrees(&text), Ok(true), "{size} keys");
        let nested = format!(
            "outer:\n{}",
            text.lines()
                .map(|line| format!("  {line}\n"))
                .collect::<String>()
        );
        assert_eq!(agrees(&nested), Ok(true), "{size} nested keys");
        for repeated in [0, size / 2, size - 1] {
            text.push_str(&format!("{}: again\n", keys[repeated]));
            assert_eq!(
                block_yaml::read(&text),
                None,
                "key {repeated} of {size} repeated"
            );
            assert!(
                parse_yaml_fully(&text).is_err(),
                "yaml_serde refuses key {repeated} of {size} repeated"
            );
            text.truncate(text.len() - keys[repeated].len() - ": again\n".len());
        }
    }
}

/// A plain scalar is searched for `#` and `:` eight bytes at a time: each at every
/// offset, alone, after a space, and before one, reads as yaml_serde reads it.
#[test]
fn comment_and_colon_marks_are_found_at_every_offset() {
    let mut answered = 0;
    for length in 1..26 {
        for at in 0..length {
            for mark in [" #c", "#c", ": c", ":c", " :", "é: "] {
                let mut value = "a".repeat(length);
                value.insert_str(at, mark);
                let text = format!("key: {value}\nnext: 1\n");
                let quick = agrees(&text);
                assert!(quick.is_ok(), "{text:?}: {quick:?}");
                answered += usize::from(quick == Ok(true));
            }
        }
    }
    // Most of them are in the subset, or the test would hold trivially.
    assert!(answered > 1000, "answered {answered}");
}

#[test]
fn every_yaml_file_reads_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    yaml_files(&root.join("golden"), &mut files);
    yaml_files(&root.join("docs"), &mut files);
    yaml_files(&root.join("tests"), &mut files);
    let ours = files.len();
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS") {
        yaml_files(Path::new(&corpus), &mut files);
    }
    let mut answered = 0;
    let mut wrong = Vec::new();
    // Each file is also read over the last one answered, as a batch reads them.
    let mut previous = serde_json::Value::Null;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        match agrees(text) {
            Ok(quick) => answered += usize::from(quick),
            Err(error) => wrong.push(format!("{}: {error}", file.display())),
        }
        if let Err(error) = reads_over(&previous, text) {
            wrong.push(format!("{}: {error}", file.display()));
        }
        if let Some(value) = block_yaml::read(text) {
            previous = value;
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(ours > 10, "only {ours} YAML files in the repository");
    eprintln!("quick YAML reader: answered {answered} of {}", files.len());
    assert!(
        answered * 10 >= files.len() * 8,
        "the quick reader answered only {answered} of {} files",
        files.len()
    );
}

/// Scalars chosen to sit on every edge of the subset: YAML 1.1 and 1.2 words, numbers
/// in every spelling, indicators, quotes, comments, and several lines.
const SCALARS: &[&str] = &[
    "",
    "~",
    "null",
    "Null",
    "NULL",
    "nULL",
    "true",
    "True",
    "TRUE",
    "tRUE",
    "false",
    "no",
    "yes",
    "on",
    "off",
    "y",
    "n",
    "0",
    "-0",
    "7",
    "-7",
    "+7",
    "007",
    "1_000",
    "0x1F",
    "0o17",
    "0b11",
    "-0x1F",
    "1.5",
    "-1.5",
    "1.",
    ".5",
    "1.0.0",
    "1e3",
    "1E-3",
    ".inf",
    "-.Inf",
    ".nan",
    "inf",
    "nan",
    "Infinity",
    "3rd",
    "12abc",
    "99999999999999999999",
    "18446744073709551615",
    "-9223372036854775809",
    "a b",
    "a: b",
    "a:b",
    "a #b",
    "a#b",
    "#x",
    "- x",
    "-x",
    "-",
    "?",
    "? x",
    ":x",
    ",x",
    "[x]",
    "[]",
    "{}",
    "{a: 1}",
    "|",
    ">",
    "&a",
    "*a",
    "!t",
    "!!str x",
    "%x",
    "@x",
    "`x",
    "it's",
    "say \"hi\"",
    "back\\slash",
    "é",
    "日本",
    "tab\there",
    " lead",
    "trail ",
    "a\nb",
    "a\n\nb",
    "a\n",
    "a\n\n",
    "\na",
    "  indented\nx",
    "x\n  more",
    "# not\nx",
    "a\u{85}b",
    "a\u{2028}b",
    "a\r\nb",
    "--- x",
    "...",
    "key:",
    "k: v\nk2: v2",
];

/// Scalars as real manifests hold them, so that most documents stay in the subset.
const COMMON: &[&str] = &[
    "search",
    "Sends an email to a recipient.",
    "str",
    "int",
    "42",
    "-3",
    "0.25",
    "true",
    "result = send(\"x\")\nprint(result)",
    "Lists files.\n\nReturns their names.",
    "https://example.com/a?b=c#d",
    "C:\\path",
    "a, b and c",
    "50%",
    "x=1 # set",
];

fn key() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => prop::sample::select(&["name", "description", "type", "required", "examples"][..]),
        1 => prop::sample::select(KEYS),
    ]
}

const KEYS: &[&str] = &[
    "name", "a", "_k", "x-y", "a.b", "true", "null", "on", "1a", "1", "a b", "é", "k:", "#", "-",
    "<<", "'q'",
];

#[derive(Debug, Clone)]
enum Node {
    Scalar(String, Style),
    Map(Vec<(String, Node)>),
    List(Vec<Node>),
}

#[derive(Debug, Clone, Copy)]
enum Style {
    Plain,
    Single,
    Double,
    Literal(char),
    Folded(char),
    Flow,
}

fn style() -> impl Strategy<Value = Style> {
    let chomp = prop::sample::select(vec![' ', '-', '+']);
    prop_oneof![
        8 => Just(Style::Plain),
        1 => Just(Style::Single),
        1 => Just(Style::Double),
        1 => chomp.clone().prop_map(Style::Literal),
        1 => chomp.prop_map(Style::Folded),
        1 => Just(Style::Flow),
    ]
}

fn node() -> impl Strategy<Value = Node> {
    let text = prop_oneof![
        4 => prop::sample::select(COMMON),
        2 => prop::sample::select(SCALARS),
    ];
    let scalar = (text, style()).prop_map(|(text, style)| Node::Scalar(text.to_owned(), style));
    scalar.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec((key(), inner.clone()), 0..4).prop_map(|entries| Node::Map(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.to_owned(), v))
                    .collect()
            )),
            prop::collection::vec(inner, 0..4).prop_map(Node::List),
        ]
    })
}

/// How a document is laid out: indentation width, whether a sequence under a key sits at
/// the key's own indentation, and comments between lines.
#[derive(Debug, Clone, Copy)]
struct Layout {
    width: usize,
    flush_sequences: bool,
    comments: bool,
}

fn scalar_text(text: &str, style: Style, indent: usize, out: &mut String) {
    match style {
        Style::Plain => out.push_str(text),
        Style::Single => {
            out.push('\'');
            out.push_str(&text.replace('\'', "''"));
            out.push('\'');
        }
        Style::Double => {
            out.push('"');
            for c in text.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    '\n' => out.push_str("\\n"),
                    '\t' => out.push_str("\\t"),
                    c if c.is_ascii() => out.push(c),
                    c => out.push_str(&format!("\\u{:04x}", u32::from(c) & 0xffff)),
                }
            }
            out.push('"');
        }
        Style::Literal(chomp) | Style::Folded(chomp) => {
            out.push(if matches!(style, Style::Literal(_)) {
                '|'
            } else {
                '>'
            });
            if chomp != ' ' {
                out.push(chomp);
            }
            for line in text.split('\n') {
                out.push('\n');
                if !line.is_empty() {
                    out.push_str(&" ".repeat(indent + 2));
                    out.push_str(line);
                }
            }
        }
        Style::Flow => {
            out.push('[');
            out.push_str(text);
            out.push(']');
        }
    }
}

/// Writes a scalar or an empty collection after a key's colon or an item's dash;
/// whether it did (a nested node goes on the lines below instead).
fn on_the_line(node: &Node, indent: usize, out: &mut String) -> bool {
    match node {
        Node::Map(entries) if entries.is_empty() => out.push_str(" {}\n"),
        Node::List(items) if items.is_empty() => out.push_str(" []\n"),
        Node::Scalar(text, style) => {
            out.push(' ');
            scalar_text(text, *style, indent, out);
            out.push('\n');
        }
        _ => return false,
    }
    true
}

fn render(node: &Node, indent: usize, layout: Layout, out: &mut String) {
    let pad = " ".repeat(indent);
    match node {
        Node::Scalar(text, style) => {
            out.push_str(&pad);
            scalar_text(text, *style, indent, out);
            out.push('\n');
        }
        Node::Map(entries) if entries.is_empty() => out.push_str(&format!("{pad}{{}}\n")),
        Node::List(items) if items.is_empty() => out.push_str(&format!("{pad}[]\n")),
        Node::Map(entries) => {
            for (key, value) in entries {
                if layout.comments {
                    out.push_str(&format!("{pad}# about {key}\n"));
                }
                out.push_str(&format!("{pad}{key}:"));
                if on_the_line(value, indent, out) {
                    continue;
                }
                match value {
                    Node::List(_) if layout.flush_sequences => {
                        out.push('\n');
                        render(value, indent, layout, out);
                    }
                    _ => {
                        out.push('\n');
                        render(value, indent + layout.width, layout, out);
                    }
                }
            }
        }
        Node::List(items) => {
            for item in items {
                out.push_str(&format!("{pad}-"));
                if on_the_line(item, indent, out) {
                    continue;
                }
                // Compact: the first line of the nested node shares the dash's line.
                let mut nested = String::new();
                render(item, indent + 2, layout, &mut nested);
                out.push(' ');
                out.push_str(nested.trim_start_matches(' '));
            }
        }
    }
}

fn document() -> impl Strategy<Value = String> {
    // A manifest is a mapping; now and then a list of them.
    let root = prop_oneof![
        4 => prop::collection::vec((key(), node()), 1..6).prop_map(|entries| {
            Node::Map(entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
        }),
        1 => prop::collection::vec(node(), 1..4).prop_map(Node::List),
    ];
    (root, 1usize..5, any::<bool>(), any::<bool>()).prop_map(|(node, width, flush, comments)| {
        let mut out = String::new();
        let layout = Layout {
            width,
            flush_sequences: flush,
            comments,
        };
        render(&node, 0, layout, &mut out);
        out
    })
}

/// An edit at a fraction of the text's length: characters that change YAML's reading.
fn edit() -> impl Strategy<Value = (f64, Option<&'static str>)> {
    (
        0.0..1.0f64,
        prop::option::of(prop::sample::select(vec![
            " ", "  ", ":", ": ", "-", "- ", "#", " #", "'", "\"", "|", ">", "\n", "\n  ", "\t",
            "[", "{", "&a ", "*a", "!", "\\", "---\n", "é",
        ])),
    )
}

fn apply(text: &str, edits: &[(f64, Option<&str>)]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (place, insert) in edits {
        let at = ((chars.len() as f64) * place) as usize;
        match insert {
            Some(piece) => {
                let at = at.min(chars.len());
                chars.splice(at..at, piece.chars());
            }
            None if at < chars.len() => {
                chars.remove(at);
            }
            None => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_documents_read_the_same(text in document()) {
        if let Err(error) = agrees(&text) {
            prop_assert!(false, "{}\n{}", error, text);
        }
    }

    /// A document read over another, of any shape, or over an edited copy of itself (the
    /// same keys mostly in the same order, as a batch's plugins are), reads as it reads
    /// fresh: reused keys, lists and strings leave nothing of the old value behind.
    #[test]
    fn documents_read_over_others_read_the_same(
        first in document(),
        second in document(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let edited = apply(&first, &edits);
        for (before, after) in [(&first, &second), (&first, &edited), (&edited, &first)] {
            let previous = block_yaml::read(before).unwrap_or_default();
            if let Err(error) = reads_over(&previous, after) {
                prop_assert!(false, "{}\n{}\nover\n{}", error, after, before);
            }
        }
    }

    /// The quick locator that places report entries (tests/positions.rs) agrees with
    /// the parser on the same documents, edited or not, pointer by pointer and with
    /// every pointer it answers asked together.
    #[test]
    fn the_quick_locator_agrees_with_the_parser(
        text in document(),
        edits in prop::collection::vec(edit(), 0..3),
    ) {
        use std::collections::{BTreeMap, BTreeSet};
        use toolshift_syntax::position::{block_yaml_position, positions, positions_of};
        use toolshift_syntax::syntax::Syntax;
        let text = apply(&text, &edits);
        if toolshift_syntax::syntax::parse(&text).is_ok() {
            let mut answers = BTreeMap::new();
            for (pointer, parsed) in positions(&text, Syntax::Yaml) {
                if let Some(quick) = block_yaml_position(&text, &pointer) {
                    prop_assert_eq!(quick, parsed, "{:?} in\n{}", pointer, text);
                    answers.insert(pointer, quick);
                }
            }
            let wanted: BTreeSet<&str> = answers.keys().map(String::as_str).collect();
            prop_assert_eq!(positions_of(&text, Syntax::Yaml, &wanted), answers, "{}", text);
        }
    }

    #[test]
    fn edited_documents_read_the_same(
        text in document(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        let edited = apply(&text, &edits);
        if let Err(error) = agrees(&edited) {
            prop_assert!(false, "{}\n{}", error, edited);
        }
    }
}

/// The generated documents are not all outside the subset, or the properties above
/// would hold trivially.
#[test]
fn generated_documents_are_often_answered() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = document();
    let (mut answered, total) = (0, 500);
    for _ in 0..total {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        let quick = agrees(&text).unwrap_or(false);
        answered += usize::from(quick);
        if !quick && parse_yaml_fully(&text).is_ok() && std::env::var_os("SHOW_MISSED").is_some() {
            eprintln!("---- missed\n{text}");
        }
    }
    eprintln!("quick YAML reader: answered {answered} of {total} generated documents");
    assert!(answered * 5 >= total, "answered only {answered} of {total}");
}
