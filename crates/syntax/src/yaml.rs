//! Writing a JSON value as block YAML that every YAML reader takes back unchanged.
//!
//! yaml_serde follows YAML 1.2 and leaves `no`, `on` or `y` unquoted, which YAML 1.1
//! readers (PyYAML, and so TaskWeaver's loader) turn into booleans. This writer
//! quotes every string that is not plainly a string under both versions.

use serde_json::Value;
use std::fmt::Write as _;

pub fn to_yaml(value: &Value) -> String {
    // Sized for a typical manifest, so the text is not grown several times over.
    let mut out = String::with_capacity(2048);
    match value {
        Value::Object(map) if !map.is_empty() => write_object(map, 0, false, &mut out),
        Value::Array(items) if !items.is_empty() => write_array(items, 0, &mut out),
        scalar => {
            push_inline(scalar, &mut out);
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

fn push_indent(indent: usize, out: &mut String) {
    crate::json_text::push_spaces(indent, out);
}

/// `dash_line`: the first entry goes on a line a sequence's `- ` has already indented.
fn write_object(
    map: &serde_json::Map<String, Value>,
    indent: usize,
    dash_line: bool,
    out: &mut String,
) {
    for (index, (key, value)) in map.iter().enumerate() {
        if index > 0 || !dash_line {
            push_indent(indent, out);
        }
        push_string(key, out);
        out.push(':');
        write_value_after_marker(value, indent, out);
    }
}

fn write_array(items: &[Value], indent: usize, out: &mut String) {
    for item in items {
        push_indent(indent, out);
        match item {
            Value::Object(map) if !map.is_empty() => {
                // The first entry shares the line with the dash.
                out.push_str("- ");
                write_object(map, indent + 2, true, out);
            }
            _ => {
                out.push('-');
                write_value_after_marker(item, indent, out);
            }
        }
    }
}

fn write_value_after_marker(value: &Value, indent: usize, out: &mut String) {
    if let Some(text) = value.as_str().filter(|text| fits_literal_block(text)) {
        write_literal_block(text, indent + 2, out);
        return;
    }
    if is_block(value) {
        out.push('\n');
        match value {
            Value::Object(map) => write_object(map, indent + 2, false, out),
            Value::Array(items) => write_array(items, indent + 2, out),
            _ => {}
        }
    } else {
        out.push(' ');
        push_inline(value, out);
        out.push('\n');
    }
}

/// A literal block keeps every character as written, so it is used only for text it
/// can hold exactly: several lines, no carriage returns or other control characters,
/// no leading space on the first line (which would need an indentation indicator),
/// and no line of only spaces (a block reader would take it for indentation).
fn fits_literal_block(text: &str) -> bool {
    text.contains('\n')
        && !text.starts_with(' ')
        && !text.starts_with('\n')
        && !text.chars().any(|c| {
            (c.is_control() && c != '\n' && c != '\t')
                || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{85}')
        })
        && text
            .lines()
            .all(|line| line.is_empty() || !line.trim_start_matches(' ').is_empty())
        && !text.lines().any(|line| line.starts_with('\t'))
}

fn write_literal_block(text: &str, indent: usize, out: &mut String) {
    let trailing = text.len() - text.trim_end_matches('\n').len();
    let chomping = match trailing {
        0 => "-",
        1 => "",
        _ => "+",
    };
    out.push_str(" |");
    out.push_str(chomping);
    out.push('\n');
    let body = text.trim_end_matches('\n');
    for line in body.split('\n') {
        if !line.is_empty() {
            push_indent(indent, out);
            out.push_str(line);
        }
        out.push('\n');
    }
    for _ in 1..trailing {
        out.push('\n');
    }
}

fn push_inline(value: &Value, out: &mut String) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => {
            let _ = write!(out, "{n}");
        }
        Value::String(s) => push_string(s, out),
        Value::Array(_) => out.push_str("[]"),
        Value::Object(_) => out.push_str("{}"),
    }
}

/// Words some YAML version reads as something other than a string.
const AMBIGUOUS: &[&str] = &[
    "y", "n", "yes", "no", "on", "off", "true", "false", "null", "~",
];

const AMBIGUOUS_LONGEST: usize = 5;

/// The bytes a plain scalar may hold here: letters, digits, and a few punctuation marks
/// no YAML reader gives a meaning in the middle of a scalar.
const fn is_plain_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(
            byte,
            b' ' | b'_' | b'-' | b'.' | b'/' | b'(' | b')' | b'@' | b'+' | b','
        )
}

/// `is_plain_byte` for every byte, looked up rather than decided by ten comparisons:
/// every key and string of a manifest is tested a byte at a time.
const PLAIN_BYTES: [bool; 256] = plain_byte_table();

// The index runs below the table's length.
#[allow(clippy::indexing_slicing)]
const fn plain_byte_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut byte: u8 = 0;
    while byte < 128 {
        table[byte as usize] = is_plain_byte(byte);
        byte += 1;
    }
    table
}

fn plain_byte(byte: u8) -> bool {
    PLAIN_BYTES.get(usize::from(byte)) == Some(&true)
}

fn is_plain_safe(text: &str) -> bool {
    let bytes = text.as_bytes();
    let Some(first) = bytes.first() else {
        return false;
    };
    first.is_ascii_alphabetic()
        && !text.ends_with(' ')
        && bytes.iter().all(|&b| plain_byte(b))
        && !(text.len() <= AMBIGUOUS_LONGEST
            && AMBIGUOUS.iter().any(|word| word.eq_ignore_ascii_case(text)))
}

/// Whether a character must be escaped in a double-quoted scalar: YAML readers refuse
/// or rewrite control characters, line and paragraph separators, the byte-order mark
/// and the two non-characters.
fn must_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
        )
}

fn push_string(text: &str, out: &mut String) {
    if is_plain_safe(text) {
        out.push_str(text);
        return;
    }
    out.push('"');
    // Runs of characters that stand for themselves are copied whole; only a byte that
    // starts a character outside ASCII is decoded.
    let bytes = text.as_bytes();
    let mut run_start = 0;
    let mut index = 0;
    while let Some(&byte) = bytes.get(index) {
        let c = if byte.is_ascii() {
            char::from(byte)
        } else {
            text.get(index..)
                .and_then(|rest| rest.chars().next())
                .unwrap_or_default()
        };
        let width = c.len_utf8();
        // `None`: written as a `\u` escape.
        let escape = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\n' => Some("\\n"),
            '\t' => Some("\\t"),
            '\r' => Some("\\r"),
            c if must_escape(c) => None,
            _ => {
                index += width;
                continue;
            }
        };
        out.push_str(text.get(run_start..index).unwrap_or_default());
        match escape {
            Some(escape) => out.push_str(escape),
            None => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
        }
        index += width;
        run_start = index;
    }
    out.push_str(text.get(run_start..).unwrap_or_default());
    out.push('"');
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
            "blocks": ["a\nb", "a\nb\n", "a\nb\n\n\n", "x\n\n  indented\n# hash\n- dash", "tab\tin\nline", "trailing  \nspace"],
            "not-blocks": [" lead\nx", "\nfirst", "a\n   \nb", "a\n\tb"],
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
    fn multi_line_text_is_a_literal_block() {
        let text =
            to_yaml(&json!({"examples": "result = f(1)\nresult = f(2)", "list": ["a\nb\n"]}));
        assert_eq!(
            text,
            "examples: |-\n  result = f(1)\n  result = f(2)\nlist:\n  - |\n    a\n    b\n"
        );
    }

    #[test]
    fn no_ambiguous_word_is_longer_than_the_length_checked_first() {
        assert!(AMBIGUOUS.iter().all(|word| word.len() <= AMBIGUOUS_LONGEST));
    }

    #[test]
    fn the_plain_byte_mask_agrees_with_its_rule() {
        for byte in 0..=u8::MAX {
            assert_eq!(plain_byte(byte), is_plain_byte(byte), "{byte}");
        }
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
