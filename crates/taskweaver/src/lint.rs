//! Problems in a TaskWeaver plugin that its schema does not catch.

use serde_json::Value;
use toolshift_model::dialect::check_file_name;
use toolshift_model::{Source, Warning};

pub fn lint(source: &Source<'_>) -> Vec<Warning> {
    let document = source.document;
    if source.dir.is_none() {
        return Vec::new();
    }
    let name = document.get("name").and_then(Value::as_str);
    let code = document.get("code").and_then(Value::as_str);
    // With neither `name` nor `code` there is no file to look for; with `code`, `name`
    // is not used.
    let Some(name) = name.or(code) else {
        return Vec::new();
    };
    let (file, pointer) = crate::read::code_file(code, name);
    if check_file_name(&file).is_err() {
        return Vec::new();
    }
    // Read as the conversion reads it: never a link, a FIFO or an oversized file.
    let text = match toolshift_model::dialect::read_companion(source, &file, pointer) {
        Ok(Some(text)) => text,
        Ok(None) => {
            return vec![Warning {
                pointer: pointer.to_owned(),
                message: format!("the implementation {file} does not exist beside the plugin; TaskWeaver will fail to load it"),
            }];
        }
        Err(error) => {
            let message = match error {
                toolshift_model::DialectError::Invalid { message, .. } => message,
                other => other.to_string(),
            };
            return vec![Warning {
                pointer: pointer.to_owned(),
                message,
            }];
        }
    };
    let Some(signature) = call_signature(&text) else {
        return vec![Warning {
            pointer: pointer.to_owned(),
            message: format!("{file} defines no `__call__`"),
        }];
    };
    parameter_warnings(document, &signature, &file)
}

/// Each YAML parameter that `__call__` does not take, or whose `required` flag its
/// default in `__call__` contradicts.
fn parameter_warnings(document: &Value, signature: &Signature, file: &str) -> Vec<Warning> {
    let parameters = document.get("parameters").and_then(Value::as_array);
    let mut warnings = Vec::new();
    for (index, parameter) in parameters.into_iter().flatten().enumerate() {
        let Some(name) = parameter.get("name").and_then(Value::as_str) else {
            continue;
        };
        let taken = signature.names.iter().any(|n| n == name);
        let defaulted = signature.defaulted.iter().any(|n| n == name);
        let required = parameter.get("required").and_then(Value::as_bool);
        let (pointer, message) = match (taken, required) {
            (false, _) if signature.accepts_any_keyword => continue,
            (false, _) => ("name", format!("`{name}` is not a parameter of `__call__` in {file}; a call passing it will fail")),
            (true, Some(true)) if defaulted => ("required", format!("`{name}` is required here, but `__call__` in {file} gives it a default; the model must always pass what the code can do without")),
            (true, Some(false) | None) if !defaulted => ("required", format!("`{name}` is optional here, but `__call__` in {file} has no default for it; a call that leaves it out fails")),
            _ => continue,
        };
        warnings.push(Warning {
            pointer: format!("/parameters/{index}/{pointer}"),
            message,
        });
    }
    warnings
}

#[derive(Debug, PartialEq)]
struct Signature {
    names: Vec<String>,
    /// The names given a default (`size: int = 5`).
    defaulted: Vec<String>,
    /// `**kwargs` takes any keyword.
    accepts_any_keyword: bool,
}

/// The parameter names of the first `def __call__(...)`, read without running Python:
/// the text between its parentheses, split at top-level commas, with annotations,
/// defaults, comments and strings skipped.
fn call_signature(text: &str) -> Option<Signature> {
    let start = text.find("def __call__")?;
    let open = start + text.get(start..)?.find('(')?;
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut in_comment = false;
    let mut parts = vec![String::new()];
    let mut escaped = false;
    for c in text.get(open..)?.chars() {
        if in_comment {
            in_comment = c != '\n';
            continue;
        }
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '#' => {
                in_comment = true;
                continue;
            }
            '"' | '\'' => quote = Some(c),
            '(' | '[' | '{' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ')' | ']' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            ',' if depth == 1 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    let mut signature = Signature {
        names: Vec::new(),
        defaulted: Vec::new(),
        accepts_any_keyword: false,
    };
    for part in parts {
        let head = part
            .split([':', '='])
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned();
        if head.starts_with("**") {
            signature.accepts_any_keyword = true;
        } else if !head.is_empty() && !head.starts_with('*') && head != "/" && head != "self" {
            if part.contains('=') {
                signature.defaulted.push(head.clone());
            }
            signature.names.push(head);
        }
    }
    Some(signature)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_with_annotations_defaults_and_comments() {
        let text = "class X(Plugin):\n    def __call__(\n        self,  # the plugin\n        query: str,\n        size: int = 5,\n        tags: List[Tuple[str, str]] = (\"a,b\", 'c)'),\n        *, flag=False,\n    ):\n        pass\n";
        assert_eq!(
            call_signature(text),
            Some(Signature {
                names: vec!["query".into(), "size".into(), "tags".into(), "flag".into()],
                defaulted: vec!["size".into(), "tags".into(), "flag".into()],
                accepts_any_keyword: false
            })
        );
    }

    #[test]
    fn keyword_catch_all_accepts_everything() {
        let signature = call_signature("def __call__(self, a, **kwargs):").unwrap();
        assert!(signature.accepts_any_keyword);
        assert_eq!(call_signature("def other(self):"), None);
    }
}
