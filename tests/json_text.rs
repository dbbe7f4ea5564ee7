//! toolshift writes JSON string literals by hand (`json_text::push_string`, for
//! generated JavaScript); every byte must be what serde_json writes.
//! It reads JSON through its own seed, which refuses duplicate keys; what it reads must
//! be the value written, key order included.

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
        let (read, _) = toolshift_syntax::syntax::parse(&text)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let fail = |e: serde_json::Error| TestCaseError::fail(e.to_string());
        prop_assert_eq!(
            serde_json::to_string(&read).map_err(fail)?,
            serde_json::to_string(&value).map_err(fail)?
        );
    }
}
