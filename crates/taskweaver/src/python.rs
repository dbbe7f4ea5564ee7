//! Writing Python: literals, calls for `examples`, and the plugin stub for `--scaffold`.

use serde_json::Value;
use std::fmt::Write as _;
use toolshift_syntax::text::single_line;

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// Whether Python reads `name` as this very identifier (PEP 3131): a letter or `_`
/// (`XID_Start`), then `XID_Continue` characters, no keyword. Python folds identifiers
/// to NFKC as it reads them, so a name in another form would not be the name
/// `inspect.signature` shows, and TaskWeaver matches the YAML's names against that.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c == '_' || unicode_ident::is_xid_start(c))
        && chars.all(unicode_ident::is_xid_continue)
        && !KEYWORDS.contains(&name)
        && unicode_normalization::is_nfkc(name)
}

/// The nearest identifier, as Python would read it: the name in NFKC form, with every
/// character an identifier cannot hold replaced by `_`, and a `_` before a leading
/// character that cannot start one or after a keyword. `été` stays `été`.
pub fn identifier(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = name.nfkc().collect();
    let kept = |c: char| c == '_' || unicode_ident::is_xid_continue(c);
    nearest(
        folded
            .chars()
            .map(|c| if kept(c) { c } else { '_' })
            .collect(),
    )
}

/// Why Python reads `name` as another identifier, where it does: `ﬁle` is read as
/// `file`, and `été` spelled with combining accents as `été` composed, which looks the
/// same and is another string.
pub fn folding_reason(name: &str) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = name.nfkc().collect();
    if folded == name || !is_identifier(&folded) {
        return None;
    }
    let composed_alike = name.nfc().eq(folded.chars());
    Some(match composed_alike {
        true => format!("Python reads `{name}`, spelled with combining characters, composed"),
        false => format!("Python reads `{name}` as `{folded}`"),
    })
}

/// The nearest identifier of ASCII letters, digits and `_`: what a plugin's name must
/// be (the schema's `^[a-zA-Z0-9_]+$`) and a configuration key is.
pub fn ascii_identifier(name: &str) -> String {
    let kept = |c: char| c == '_' || c.is_ascii_alphanumeric();
    nearest(
        name.chars()
            .map(|c| if kept(c) { c } else { '_' })
            .collect(),
    )
}

/// `ident`, whose characters an identifier may hold, made one: `_` before a leading
/// character that cannot start it (a digit, a combining mark) and after a keyword.
fn nearest(mut ident: String) -> String {
    let starts = ident
        .chars()
        .next()
        .is_some_and(|c| c == '_' || unicode_ident::is_xid_start(c));
    if !starts {
        ident.insert(0, '_');
    }
    if KEYWORDS.contains(&ident.as_str()) {
        ident.push('_');
    }
    ident
}

pub fn string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn literal(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => string(s),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(literal).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{}: {}", string(k), literal(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// `result = name(a=1, b="x")`; keys that are not identifiers go through `**{...}`.
pub fn call(function: &str, arguments: &Value) -> String {
    let rendered = match arguments {
        Value::Object(map) => {
            let mut parts: Vec<String> = map
                .iter()
                .filter(|(k, _)| is_identifier(k))
                .map(|(k, v)| format!("{k}={}", literal(v)))
                .collect();
            let others: Vec<String> = map
                .iter()
                .filter(|(k, _)| !is_identifier(k))
                .map(|(k, v)| format!("{}: {}", string(k), literal(v)))
                .collect();
            if !others.is_empty() {
                parts.push(format!("**{{{}}}", others.join(", ")));
            }
            parts.join(", ")
        }
        other => literal(other),
    };
    format!("result = {function}({rendered})")
}

pub struct StubParameter {
    pub name: String,
    pub annotation: String,
    pub required: bool,
}

/// A plugin implementation that imports, registers and runs, and says plainly what is left to do.
pub fn stub(
    plugin: &str,
    origin: &str,
    parameters: &[StubParameter],
    config_keys: &[String],
    returns: &[String],
) -> String {
    let class: String = plugin
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect();
    let class = if is_identifier(&class) {
        class
    } else {
        identifier(&format!("Plugin{class}"))
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# TaskWeaver plugin `{plugin}`: a scaffold written by toolshift."
    );
    let _ = writeln!(out, "# {}", single_line(origin));
    out.push_str(
        "# TODO: implement __call__; toolshift could not carry the original implementation.\n",
    );
    out.push_str("from __future__ import annotations\n\nfrom taskweaver.plugin import Plugin, register_plugin\n\n\n");
    out.push_str("@register_plugin\n");
    let _ = writeln!(out, "class {class}(Plugin):");
    // The prompt shows the parameters in YAML order, so a positional call binds them
    // in that order. Python forbids a required parameter after an optional one; where
    // the YAML has one, the parameters from the first optional one on are keyword-only,
    // so the order stays and a positional call can never bind a value to the wrong name.
    let first_optional = parameters.iter().position(|p| !p.required);
    let mut keyword_only =
        !first_optional.is_some_and(|first| parameters.iter().skip(first).any(|p| p.required));
    let mut signature = vec!["self".to_owned()];
    for parameter in parameters {
        if !parameter.required && !keyword_only {
            keyword_only = true;
            signature.push("*".to_owned());
        }
        let annotation = comment_free(&parameter.annotation);
        let default = if parameter.required { "" } else { " = None" };
        signature.push(format!("{}: {annotation}{default}", parameter.name));
    }
    let _ = writeln!(out, "    def __call__({}):", signature.join(", "));
    let mut used: Vec<String> = parameters.iter().map(|p| p.name.clone()).collect();
    for key in config_keys {
        let mut variable = identifier(&key.to_ascii_lowercase());
        while used.contains(&variable) {
            variable.push('_');
        }
        used.push(variable.clone());
        let _ = writeln!(out, "        {variable} = self.config.get({})", string(key));
    }
    if !returns.is_empty() {
        let _ = writeln!(
            out,
            "        # TODO: return {}",
            single_line(&returns.join(", "))
        );
    }
    let _ = writeln!(
        out,
        "        raise NotImplementedError({})",
        string(&format!("TODO: implement the {plugin} plugin"))
    );
    out
}

/// Annotations are never evaluated (`from __future__ import annotations`), but they
/// must still parse; anything that might not is written as a string.
fn comment_free(annotation: &str) -> String {
    let simple = annotation
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | ',' | ' '));
    if simple && !annotation.is_empty() {
        annotation.to_owned()
    } else {
        string(annotation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn calls_use_keywords_and_python_literals() {
        let args = json!({"query": "laptop \"pro\"", "size": 10, "exact": true, "tags": ["a", null], "bad-key": 1.5, "class": {"x": 1}});
        assert_eq!(
            call("klarna_search", &args),
            r#"result = klarna_search(query="laptop \"pro\"", size=10, exact=True, tags=["a", None], **{"bad-key": 1.5, "class": {"x": 1}})"#
        );
    }

    fn parameter(name: &str, required: bool) -> StubParameter {
        StubParameter {
            name: name.to_owned(),
            annotation: "str".to_owned(),
            required,
        }
    }

    #[test]
    fn the_stub_binds_calls_in_the_order_the_prompt_shows() {
        let mixed = stub(
            "p",
            "",
            &[
                parameter("a", true),
                parameter("b", false),
                parameter("c", true),
            ],
            &[],
            &[],
        );
        assert!(
            mixed.contains("def __call__(self, a: str, *, b: str = None, c: str):"),
            "{mixed}"
        );
        let ordered = stub(
            "p",
            "",
            &[parameter("a", true), parameter("b", false)],
            &[],
            &[],
        );
        assert!(
            ordered.contains("def __call__(self, a: str, b: str = None):"),
            "{ordered}"
        );
    }

    #[test]
    fn identifiers_are_made_safe() {
        assert_eq!(identifier("content-format"), "content_format");
        assert_eq!(identifier("2fa"), "_2fa");
        assert_eq!(identifier("class"), "class_");
        assert!(is_identifier("ok_name") && !is_identifier("lambda"));
    }

    #[test]
    fn identifiers_are_python_3s_not_ascii_only() {
        for name in ["été", "ville_départ", "日付", "_x", "match"] {
            assert!(is_identifier(name), "{name}");
            assert_eq!(identifier(name), name);
        }
        // Decomposed, and a ligature: Python reads both in their NFKC form.
        assert!(!is_identifier("e\u{301}te\u{301}"));
        assert_eq!(identifier("e\u{301}te\u{301}"), "été");
        let ligature = folding_reason("ﬁle");
        assert_eq!(ligature.as_deref(), Some("Python reads `ﬁle` as `file`"));
        let decomposed = folding_reason("e\u{301}te\u{301}").unwrap_or_default();
        assert!(decomposed.ends_with("spelled with combining characters, composed"));
        assert_eq!(folding_reason("file"), None);
        assert_eq!(identifier("ville départ"), "ville_départ");
        assert_eq!(identifier("\u{301}a"), "_\u{301}a");
        assert_eq!(identifier("²"), "_2");
        // A plugin's name keeps to the schema's ASCII pattern.
        assert_eq!(ascii_identifier("été"), "_t_");
        for name in [
            "",
            "1",
            "a-b",
            "é\u{200d}",
            "ﬁ",
            "\u{301}",
            "for",
            "日付 2",
            "x\u{30a}",
        ] {
            assert!(
                is_identifier(&identifier(name)),
                "{name:?} -> {:?}",
                identifier(name)
            );
            let ascii = ascii_identifier(name);
            assert!(
                is_identifier(&ascii) && ascii.is_ascii(),
                "{name:?} -> {ascii:?}"
            );
        }
    }
}
