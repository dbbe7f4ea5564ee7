//! Writing a JSON value as block YAML that every YAML reader takes back unchanged.
//!
//! yaml_serde follows YAML 1.2 and leaves `no`, `on` or `y` unquoted, which YAML 1.1
//! readers (PyYAML, and so TaskWeaver's loader) turn into booleans. This writer
//! quotes every string that is not plainly a string under both versions.

use serde_json::Value;
use std::fmt::Write as _;

pub fn to_yaml(value: &Value) -> String {
    let mut out = String::new();
    match value {
        Value::Object(map) if !map.is_empty() => write_object(map, 0, &mut out),
        Value::Array(items) if !items.is_empty() => write_array(items, 0, &mut out),
        scalar => {
            out.push_str(&inline(scalar));
            out.push('\n');
        }
    }
    out
}

fn is_block(value: &Value) -> bool {
    match value {
        Value::Object(map) => !map.is_empty(),
        Value::Array(items) => !items.is_empty(),
        _ => false,
    }
}

fn write_object(map: &serde_json::Map<String, Value>, indent: usize, out: &mut String) {
    for (key, value) in map {
        let _ = write!(out, "{:indent$}{}:", "", string(key));
        write_value_after_marker(value, indent, out);
    }
}

fn write_array(items: &[Value], indent: usize, out: &mut String) {
    for item in items {
        match item {
            Value::Object(map) if !map.is_empty() => {
                // The first entry shares the line with the dash.
                let mut nested = String::new();
                write_object(map, indent + 2, &mut nested);
                let _ = write!(out, "{:indent$}- ", "");
                out.push_str(nested.get(indent + 2..).unwrap_or_default());
            }
            _ => {
                let _ = write!(out, "{:indent$}-", "");
                write_value_after_marker(item, indent, out);
            }
        }
    }
}

fn write_value_after_marker(value: &Value, indent: usize, out: &mut String) {
    if is_block(value) {
        out.push('\n');
        match value {
            Value::Object(map) => write_object(map, indent + 2, out),
            Value::Array(items) => write_array(items, indent + 2, out),
            _ => {}
        }
    } else {
        out.push(' ');
        out.push_str(&inline(value));
        out.push('\n');
    }
}

fn inline(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => string(s),
        Value::Array(_) => "[]".to_owned(),
        Value::Object(_) => "{}".to_owned(),
    }
}

/// Words some YAML version reads as something other than a string.
const AMBIGUOUS: &[&str] = &[
    "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
];

fn is_plain_safe(text: &str) -> bool {
    let Some(first) = text.chars().next() else {
        return false;
    };
    first.is_ascii_alphabetic()
        && !text.ends_with(' ')
        && text.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, ' ' | '_' | '-' | '.' | '/' | '(' | ')' | '@' | '+' | ',')
        })
        && !AMBIGUOUS.contains(&text.to_ascii_lowercase().as_str())
}

fn string(text: &str) -> String {
    if is_plain_safe(text) {
        return text.to_owned();
    }
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            '\t' => quoted.push_str("\\t"),
            '\r' => quoted.push_str("\\r"),
            c if c.is_control()
                || matches!(
                    c,
                    '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
                ) =>
            {
                let _ = write!(quoted, "\\u{:04x}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn tricky_values_survive_a_round_trip() {
        let value = json!({
            "no": ["no", "yes", "on", "Off", "y", "N", "~", "null", "true", ""],
            "numbers-as-text": ["1", "0x10", "1e3", "010", "1:20", ".5", "-1", "+1"],
            "punctuation": ["a: b", "# not a comment", "- item", "[x]", "{y}", "'q'", "\"d\"", "trailing ", " lead", "a #b", "*alias", "&anchor", "!tag", "%dir", "@at", "`tick`", "|pipe", ">fold"],
            "multi": "line one\nline two\n\ttabbed\r\n",
            "unicode": "café – 雪 \u{2028} \u{feff} \u{7f}",
            "nested": [{"a": 1, "b": [true, null, 2.5, {"c": {}}]}, [], {}, [[1, 2], ["x"]]],
            "empty-key": {"": "v"},
            "plain": "Send an email (draft) to someone@example.com, then stop",
        });
        let text = to_yaml(&value);
        let (back, _) = crate::syntax::parse(&text).unwrap();
        assert_eq!(back, value, "{text}");
    }

    #[test]
    fn yaml_1_1_booleans_are_quoted() {
        let text = to_yaml(&json!({"answer": "no", "list": ["on", "Yes"]}));
        assert_eq!(text, "answer: \"no\"\nlist:\n  - \"on\"\n  - \"Yes\"\n");
    }

    #[test]
    fn lists_of_objects_start_on_the_dash_line() {
        let text = to_yaml(&json!({"parameters": [{"name": "a", "type": "str"}]}));
        assert_eq!(text, "parameters:\n  - name: a\n    type: str\n");
    }
}
