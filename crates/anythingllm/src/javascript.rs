//! The `handler.js` scaffold written when the implementation cannot be carried.

use std::borrow::Cow;
use toolshift_syntax::text::{push_single_line, NameSet};

/// JavaScript's reserved words, and the names strict mode forbids for a binding.
/// Matched as one `match`, which the compiler sorts by length, instead of comparing a
/// name with each word in turn: it is asked of every parameter and setup argument.
fn is_reserved(name: &str) -> bool {
    matches!(
        name,
        "arguments"
            | "await"
            | "break"
            | "case"
            | "catch"
            | "class"
            | "const"
            | "continue"
            | "debugger"
            | "default"
            | "delete"
            | "do"
            | "else"
            | "enum"
            | "eval"
            | "export"
            | "extends"
            | "false"
            | "finally"
            | "for"
            | "function"
            | "if"
            | "implements"
            | "import"
            | "in"
            | "instanceof"
            | "interface"
            | "let"
            | "new"
            | "null"
            | "package"
            | "private"
            | "protected"
            | "public"
            | "return"
            | "static"
            | "super"
            | "switch"
            | "this"
            | "throw"
            | "true"
            | "try"
            | "typeof"
            | "var"
            | "void"
            | "while"
            | "with"
            | "yield"
    )
}

/// A character an identifier may hold after its first: JavaScript takes letters of any
/// script (`ID_Continue`; `XID_Continue`, the part of it NFKC keeps, answers here).
fn identifier_char(c: char) -> bool {
    match c.is_ascii() {
        true => c.is_ascii_alphanumeric() || c == '_' || c == '$',
        false => unicode_ident::is_xid_continue(c),
    }
}

/// A character an identifier may start with: no digit, no combining mark.
fn identifier_start(c: char) -> bool {
    match c.is_ascii() {
        true => c.is_ascii_alphabetic() || c == '_' || c == '$',
        false => unicode_ident::is_xid_start(c),
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(identifier_start) && chars.all(identifier_char) && !is_reserved(name)
}

/// An identifier unlike any in `taken`, as close to `name` as the language allows:
/// `name` itself, uncopied, where it is one already.
fn local_name<'a>(name: &'a str, taken: &mut NameSet<'a>) -> Cow<'a, str> {
    // Bytes, not characters, for the usual name: an ASCII name is read a byte a
    // character.
    let ascii_identifier_chars = name
        .bytes()
        .all(|b| b.is_ascii() && identifier_char(char::from(b)));
    let mut local: Cow<'a, str> = if ascii_identifier_chars {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(
            name.chars()
                .map(|c| if identifier_char(c) { c } else { '_' })
                .collect(),
        )
    };
    if !local.starts_with(identifier_start) || is_reserved(&local) {
        local.to_mut().insert(0, '_');
    }
    while taken.contains(&local) {
        local.to_mut().push('_');
    }
    taken.insert(local.clone());
    local
}

/// Appends a JavaScript string literal: JSON's escaping is valid JavaScript.
fn push_string(out: &mut String, text: &str) {
    toolshift_syntax::json_text::push_string(text, out);
}

/// The scaffold is built in one text, without a string per part: it is written for
/// every skill of a batch.
pub fn scaffold(hub_id: &str, origin: &str, parameters: &[&str], setup_args: &[&str]) -> String {
    let mut taken = NameSet::default();
    taken.insert(Cow::Borrowed("callerId"));
    taken.insert(Cow::Borrowed("error"));
    let locals: Vec<Option<Cow<'_, str>>> = parameters
        .iter()
        .map(|&name| {
            if is_identifier(name) && !taken.contains(name) {
                taken.insert(Cow::Borrowed(name));
                None
            } else {
                Some(local_name(name, &mut taken))
            }
        })
        .collect();
    let mut out = String::with_capacity(1024);
    out.push_str("// AnythingLLM skill `");
    push_single_line(hub_id, &mut out);
    out.push_str("`: a scaffold written by toolshift.\n// ");
    push_single_line(origin, &mut out);
    out.push_str("\n// AnythingLLM calls handler() with the parameters from plugin.json and passes the string it returns to the model.\n\n");
    out.push_str("module.exports.runtime = {\n");
    out.push_str("  handler: async function ({ ");
    for (index, (name, local)) in parameters.iter().zip(&locals).enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        match local {
            None => out.push_str(name),
            Some(local) => {
                push_string(&mut out, name);
                out.push_str(": ");
                out.push_str(local);
            }
        }
    }
    out.push_str(" }) {\n");
    out.push_str("    const callerId = `${this.config.name}-v${this.config.version}`;\n");
    if !setup_args.is_empty() {
        out.push_str("    // Setup arguments, entered in AnythingLLM's settings for this skill:\n");
        for key in setup_args {
            let local = local_name(key, &mut taken);
            out.push_str("    const ");
            out.push_str(&local);
            out.push_str(" = this.runtimeArgs[");
            push_string(&mut out, key);
            out.push_str("];\n");
        }
    }
    out.push_str("    try {\n");
    out.push_str("      this.introspect(`${callerId} was called`);\n");
    out.push_str(
        "      // TODO: port the original implementation here and return its result as a string.\n",
    );
    out.push_str("      return JSON.stringify({ error: \"not implemented yet\", arguments: { ");
    for (index, (name, local)) in parameters.iter().zip(&locals).enumerate() {
        if index > 0 {
            out.push_str(", ");
        }
        push_string(&mut out, name);
        out.push_str(": ");
        out.push_str(local.as_deref().unwrap_or(name));
    }
    out.push_str(" } });\n");
    out.push_str("    } catch (error) {\n");
    out.push_str("      this.logger(error);\n");
    out.push_str("      return `${callerId} failed: ${error.message}`;\n");
    out.push_str("    }\n");
    out.push_str("  },\n");
    out.push_str("};\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn awkward_names_are_renamed_in_the_pattern() {
        let text = scaffold(
            "x",
            "from y",
            &["query", "content-format", "class"],
            &["API_KEY", "query"],
        );
        assert!(text.contains(r#"handler: async function ({ query, "content-format": content_format, "class": _class }) {"#), "{text}");
        assert!(
            text.contains(r#"const API_KEY = this.runtimeArgs["API_KEY"];"#),
            "{text}"
        );
        assert!(
            text.contains(r#"const query_ = this.runtimeArgs["query"];"#),
            "{text}"
        );
    }

    #[test]
    fn names_in_any_script_are_identifiers() {
        let text = scaffold(
            "x",
            "from y",
            &["été", "ville départ", "\u{301}a", "日付"],
            &[],
        );
        let pattern = "({ été, \"ville départ\": ville_départ, \"\u{301}a\": _\u{301}a, 日付 })";
        assert!(text.contains(pattern), "{text}");
    }

    #[test]
    fn comments_cannot_be_broken_out_of() {
        let text = scaffold("x\ny", "a\u{2028}b\rc", &[], &[]);
        assert!(
            text.contains("// AnythingLLM skill `x y`") && text.contains("// a b c"),
            "{text}"
        );
    }

    #[test]
    fn string_literals_are_json_strings() {
        for text in [
            "plain",
            "",
            "a \"quoted\" word",
            "back\\slash",
            "line\nbreak",
            "tab\there",
            "\u{7f}\u{85}\u{2028}",
            "üñí",
        ] {
            let mut out = String::new();
            push_string(&mut out, text);
            assert_eq!(out, serde_json::to_string(text).unwrap(), "{text:?}");
        }
    }
}
