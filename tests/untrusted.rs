//! Untrusted input never panics: every reader, fed arbitrary bytes and arbitrary
//! structured documents, returns a tool or an error, and every tool it returns converts
//! to every dialect or is refused with an error. A bounded number of cases runs here;
//! `fuzz/` has a cargo-fuzz target over every reader for longer runs (docs/security.md).

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use proptest::prelude::*;
use serde_json::{Map, Value};
use support::all_dialects;
use toolshift_model::{convert_all, Detail, Dialect, Source, WriteOptions};

/// Pieces of text near the JSON family and YAML, for syntax errors of every kind.
const NEAR_JSON: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"name\"",
    "name",
    ": ",
    ",",
    "\n",
    "\n\n",
    "  ",
    "// c\n",
    "/* c */",
    "1",
    "\"x\"",
    "'y'",
    "- ",
    "name: x\n",
    "\"name\": 1,",
    "null",
    "\"",
    // Line ends only the YAML readers count: a lone `\r`, and NEL and LS for libyaml.
    "\r",
    "\r\n",
    "\u{85}",
    "\u{2028}",
    // Characters of several bytes, which serde_json's columns count one by one.
    "\"日付\"",
    "é",
];

/// Every key any dialect reads, so arbitrary documents reach deep into the readers.
const KEYS: &[&str] = &[
    "name",
    "description",
    "version",
    "toolkit",
    "input",
    "inputs",
    "parameters",
    "required",
    "schema",
    "type",
    "value_schema",
    "val_type",
    "inner_val_type",
    "enum",
    "properties",
    "inner_properties",
    "inferrable",
    "output",
    "available_modes",
    "value",
    "requirements",
    "authorization",
    "oauth2",
    "url",
    "scope",
    "scopes",
    "provider",
    "provider_id",
    "provider_type",
    "id",
    "secrets",
    "metadata",
    "behavior",
    "key",
    "fully_qualified_name",
    "hubId",
    "active",
    "entrypoint",
    "params",
    "file",
    "setup_args",
    "examples",
    "call",
    "prompt",
    "returns",
    "configurations",
    "code",
    "enabled",
    "default",
    "options",
    "hint",
    "nullable",
    "required_keys",
    "deprecation_message",
    "_meta",
    "inputSchema",
    "outputSchema",
    "annotations",
    "readOnlyHint",
    "tools",
    "function",
    "strict",
    "items",
    "anyOf",
    "title",
];

fn scalar() -> impl Strategy<Value = Value> {
    let words = prop::sample::select(vec![
        "string",
        "integer",
        "number",
        "boolean",
        "json",
        "array",
        "float",
        "value",
        "error",
        "oauth2",
        "token",
        "none",
        "str",
        "list[str]",
        "handler.js",
        "../x",
        "object",
        "function",
        "null",
    ]);
    let strings = prop_oneof![
        prop::sample::select(KEYS).prop_map(str::to_owned),
        "[ -~]{0,12}",
        words.prop_map(str::to_owned),
    ];
    support::json_scalar(strings, 3)
}

fn document() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(KEYS), inner), 0..8).prop_map(|pairs| {
                let map: Map<String, Value> =
                    pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
                Value::Object(map)
            }),
        ]
    })
}

/// Reading, and converting what was read to every dialect, returns; it never panics.
fn exercise(dialect: &dyn Dialect, document: &Value) {
    let source = Source::in_memory("generated", document);
    for target in all_dialects() {
        for strict in [false, true] {
            let options = WriteOptions {
                strict,
                ..WriteOptions::default()
            };
            let _ = convert_all(dialect, target, &source, &options, Detail::Full);
        }
    }
    let _ = dialect.tools_in(document);
    let _ = dialect.lint(&source);
    let _ = dialect.normalize(document);
}

proptest! {
    // 512 documents for each reader, whichever dialects the registry lists.
    #![proptest_config(ProptestConfig {
        cases: 512 * toolshift::registry::DIALECTS.len() as u32,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_reader_reads_arbitrary_documents(
        which in 0..toolshift::registry::DIALECTS.len(),
        document in document(),
    ) {
        exercise(toolshift::registry::DIALECTS[which], &document);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_are_parsed_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok((document, _)) = toolshift_syntax::syntax::parse(&text) {
            for dialect in all_dialects() {
                exercise(dialect, &document);
            }
        }
    }

    /// Text near JSON, JSONC, JSON5 and YAML (repeated keys, comments, unclosed
    /// brackets, blank lines at the end): a syntax error names a place inside the text,
    /// and its message names that same place.
    #[test]
    fn syntax_errors_name_one_place_inside_the_text(
        parts in prop::collection::vec(prop::sample::select(NEAR_JSON), 0..24),
    ) {
        let text: String = parts.concat();
        let options = toolshift::api::Options::default();
        if let Err(toolshift::api::Error::Syntax { message, line, column }) =
            toolshift::api::convert(&text, Some("mcp"), "openai", &options)
        {
            if let (Some(line), Some(column)) = (line, column) {
                let source = text.lines().nth(line - 1);
                prop_assert!(source.is_some(), "line {line} is past the text: {message}");
                let width = source.map_or(0, |source| source.chars().count());
                prop_assert!((1..=width + 1).contains(&column), "column {column}: {message}");
                if message.contains("line ") {
                    let named = format!("line {line}");
                    prop_assert!(message.contains(&named), "{message} is not at {line}:{column}");
                }
            }
        }
    }

    #[test]
    fn python_examples_are_read_without_panicking(code in "[ -~\n]{0,200}") {
        let document = serde_json::json!({
            "name": "f", "description": "A plugin for the test.", "enabled": true,
            "parameters": [{"name": "a", "type": "str", "required": true, "description": "The first one."}],
            "returns": [], "examples": format!("f({code})\n{code}"),
        });
        exercise(&toolshift_taskweaver::TaskWeaver, &document);
    }
}
