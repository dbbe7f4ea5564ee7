//! toolshift writes JSON string literals by hand (`json_text::push_string`, for
//! generated JavaScript); every byte must be what serde_json writes.
//! It reads JSON through kept objects (`toolshift_syntax::kept_objects`), and over the
//! document its thread read before; what it reads must be the value written, key
//! order included.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(clippy::unwrap_used)]

mod support;

use proptest::prelude::*;
use serde_json::{Map, Value};

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        // Control characters, quotes and backslashes, which are escaped.
        "[\\x00-\\x20\"\\\\a\u{7f}\u{2028}é]{0,12}",
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        5 => support::json_scalar(text(), 2),
        // Beyond i64: serde_json keeps these as unsigned.
        1 => any::<u64>().prop_map(Value::from),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("[\\x00-\\x7f]{0,6}|\\PC{0,4}", inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect::<Map<String, Value>>())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn string_literals_are_what_serde_json_writes(text in text()) {
        let expected = serde_json::to_string(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut ours = String::new();
        toolshift_syntax::json_text::push_string(&text, &mut ours);
        prop_assert_eq!(ours, expected);
    }

    #[test]
    fn reading_json_text_gives_back_its_value(value in value()) {
        // A manifest's text starts with `{` or `[`; any other text is read as YAML.
        let value = Value::Array(vec![value]);
        let text = toolshift_syntax::json_text::to_pretty(&value);
        // Twice, so the second reading is served by the objects the first one kept.
        for _ in 0..2 {
            let (read, _) = toolshift_syntax::syntax::parse(&text)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let fail = |e: serde_json::Error| TestCaseError::fail(e.to_string());
            prop_assert_eq!(
                serde_json::to_string(&read).map_err(fail)?,
                serde_json::to_string(&value).map_err(fail)?
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Each document is read over the one before it, as a batch reads: the same
    /// shapes again (every old entry read over in place), then other shapes (old
    /// entries cut off, arrays shortened, strings over objects).
    #[test]
    fn reading_json_over_a_recycled_document_gives_back_its_value(
        values in prop::collection::vec(value(), 1..4),
    ) {
        let fail = |e: serde_json::Error| TestCaseError::fail(e.to_string());
        let order = values.iter().chain(&values).chain(values.iter().rev());
        for value in order {
            let value = Value::Array(vec![value.clone()]);
            let text = toolshift_syntax::json_text::to_pretty(&value);
            let (read, _) = toolshift_syntax::syntax::parse(&text)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(
                serde_json::to_string(&read).map_err(fail)?,
                serde_json::to_string(&value).map_err(fail)?
            );
            toolshift_syntax::syntax::recycle(read);
        }
    }
}

/// A duplicate key is refused with the same message whatever the document is read
/// over: while its keys come in the old order, after they leave it, and fresh.
#[test]
fn a_duplicate_key_is_refused_when_read_over_a_recycled_document() {
    let old = r#"{"a": 1, "b": {"c": [1, 2]}, "d": "x"}"#;
    let doubled = [
        r#"{"a": 1, "b": {"c": [1, 2]}, "a": 2}"#,
        r#"{"a": 1, "e": 2, "e": 3}"#,
        r#"{"a": 1, "b": {"c": [1], "c": 2}}"#,
    ];
    for text in doubled {
        let fresh = toolshift_syntax::syntax::parse(text).unwrap_err();
        let (read, _) = toolshift_syntax::syntax::parse(old).unwrap();
        toolshift_syntax::syntax::recycle(read);
        let over = toolshift_syntax::syntax::parse(text).unwrap_err();
        assert_eq!(over, fresh, "{text}");
        assert!(over.to_string().contains("duplicate key"), "{over}");
    }
}

/// A list read over a shorter one takes the items the shorter one no longer held: a
/// batch's plugins have one shape of parameter, but not the same number of them.
#[test]
fn a_list_that_grows_again_reuses_the_items_it_lost() {
    let read = |text: &str| toolshift_syntax::syntax::parse(text).map(|(value, _)| value);
    let long =
        read(r#"[{"d": "the first long description"}, {"d": "the second long description"}]"#)
            .unwrap();
    let second_buffer = long[1]["d"].as_str().map(str::as_ptr);
    toolshift_syntax::syntax::recycle(long);
    let short = read(r#"[{"d": "one"}]"#).unwrap();
    assert_eq!(short, serde_json::json!([{"d": "one"}]));
    toolshift_syntax::syntax::recycle(short);
    let grown = read(r#"[{"d": "a"}, {"d": "b"}]"#).unwrap();
    assert_eq!(grown, serde_json::json!([{"d": "a"}, {"d": "b"}]));
    assert_eq!(grown[1]["d"].as_str().map(str::as_ptr), second_buffer);
}
