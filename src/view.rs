//! The canonical view: a tool as the model holds it, in one vocabulary whatever dialect
//! it came from (`toolshift inspect`), and the differences between two tools in that
//! vocabulary (`toolshift diff`). `docs/review.md` documents the format.
//!
//! Parameters, fields, return values and settings are keyed by name, so a difference
//! reads `parameters.cc.type` rather than naming a list position; absent fields are
//! left out, so syntax (key order, JSON or YAML, comments) never shows.

use serde_json::{Map, Value};
use toolshift_model::{
    Authorization, Behavior, Example, ExampleCall, Implementation, Output, Parameter, Primitive,
    Property, Setting, Tool, Toolkit, ValueSchema, ValueType,
};

/// What the view shows instead of a credential's value.
pub const WITHHELD: &str = "<withheld>";

/// A type in one word: `string`, `array<integer>`, `taskweaver:pandas.DataFrame`.
pub fn type_name(value_type: &ValueType) -> String {
    let primitive = |p: Primitive| p.canonical_name().to_owned();
    match value_type {
        ValueType::Primitive(p) => primitive(*p),
        ValueType::Array(p) => format!("array<{}>", primitive(*p)),
        ValueType::Native { dialect, name, .. } => format!("{dialect}:{name}"),
    }
}

/// The canonical view of one tool.
pub fn view(tool: &Tool) -> Value {
    let mut out = Map::new();
    put(&mut out, "name", Some(tool.name.clone().into()));
    put(&mut out, "display_name", text(&tool.display_name));
    put(&mut out, "toolkit", tool.toolkit.as_ref().map(toolkit_view));
    put(&mut out, "description", text(&tool.description));
    put(&mut out, "version", text(&tool.version));
    let parameters = keyed(&tool.parameters, |p| (p.name.clone(), parameter(p)));
    put(&mut out, "parameters", parameters);
    put(
        &mut out,
        "parameter_keywords",
        tool.parameter_keywords.clone().map(Value::Object),
    );
    put(&mut out, "output", output(&tool.output));
    put(
        &mut out,
        "authorization",
        authorization(&tool.authorization),
    );
    put(
        &mut out,
        "settings",
        keyed(&tool.settings, |s| (s.key.clone(), setting(s))),
    );
    let examples = (!tool.examples.is_empty())
        .then(|| Value::Array(tool.examples.iter().map(example).collect()));
    put(&mut out, "examples", examples);
    let implementation = tool.implementation.as_ref().map(implementation_view);
    put(&mut out, "implementation", implementation);
    put(&mut out, "enabled", tool.enabled.map(Value::Bool));
    put(&mut out, "author", text(&tool.author));
    put(&mut out, "url", text(&tool.url));
    put(&mut out, "license", text(&tool.license));
    let behavior = tool.behavior.as_ref().filter(|b| !b.is_empty());
    put(&mut out, "behavior", behavior.map(behavior_view));
    put(&mut out, "deprecation", text(&tool.deprecation));
    let extras = keyed(&tool.extras, |e| {
        (format!("{}:{}", e.dialect, e.pointer), e.value.clone())
    });
    put(&mut out, "extras", extras);
    Value::Object(out)
}

/// A list keyed by each item's name, in order; nothing for an empty list.
fn keyed<T>(items: &[T], entry: impl Fn(&T) -> (String, Value)) -> Option<Value> {
    (!items.is_empty()).then(|| Value::Object(items.iter().map(entry).collect()))
}

fn toolkit_view(toolkit: &Toolkit) -> Value {
    let mut kit = Map::new();
    put(&mut kit, "name", Some(toolkit.name.clone().into()));
    put(&mut kit, "description", text(&toolkit.description));
    put(&mut kit, "version", text(&toolkit.version));
    Value::Object(kit)
}

fn implementation_view(implementation: &Implementation) -> Value {
    let mut code = Map::new();
    put(
        &mut code,
        "language",
        Some(implementation.language.clone().into()),
    );
    put(&mut code, "file", Some(implementation.file.clone().into()));
    Value::Object(code)
}

fn behavior_view(behavior: &Behavior) -> Value {
    let mut hints = Map::new();
    let operations = behavior
        .operations
        .as_ref()
        .map(|ops| Value::Array(ops.iter().cloned().map(Value::String).collect()));
    put(&mut hints, "operations", operations);
    put(&mut hints, "read_only", behavior.read_only.map(Value::Bool));
    put(
        &mut hints,
        "destructive",
        behavior.destructive.map(Value::Bool),
    );
    put(
        &mut hints,
        "idempotent",
        behavior.idempotent.map(Value::Bool),
    );
    put(
        &mut hints,
        "open_world",
        behavior.open_world.map(Value::Bool),
    );
    Value::Object(hints)
}

fn put(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        map.insert(key.to_owned(), value);
    }
}

fn text(value: &Option<String>) -> Option<Value> {
    value.clone().map(Value::String)
}

fn parameter(parameter: &Parameter) -> Value {
    let mut out = Map::new();
    put(&mut out, "description", text(&parameter.description));
    put(&mut out, "required", parameter.required.map(Value::Bool));
    schema_into(&mut out, &parameter.schema);
    put(&mut out, "default", parameter.default.clone());
    put(
        &mut out,
        "inferrable",
        parameter.inferrable.map(Value::Bool),
    );
    Value::Object(out)
}

fn schema(value: &ValueSchema) -> Value {
    let mut out = Map::new();
    schema_into(&mut out, value);
    Value::Object(out)
}

fn schema_into(out: &mut Map<String, Value>, value: &ValueSchema) {
    out.insert("type".into(), type_name(&value.value_type).into());
    put(
        out,
        "allowed",
        value
            .allowed
            .as_ref()
            .map(|list| Value::Array(list.iter().cloned().map(Value::String).collect())),
    );
    put(out, "value_description", text(&value.description));
    put(out, "fields", value.properties.as_deref().map(fields));
    put(
        out,
        "required_fields",
        value.required_keys.as_deref().map(names),
    );
    put(
        out,
        "element_fields",
        value.element_properties.as_deref().map(fields),
    );
    put(
        out,
        "required_element_fields",
        value.element_required_keys.as_deref().map(names),
    );
    put(out, "nullable", value.nullable.map(Value::Bool));
    put(out, "keywords", value.keywords.clone().map(Value::Object));
}

fn fields(properties: &[Property]) -> Value {
    Value::Object(
        properties
            .iter()
            .map(|p| (p.name.clone(), schema(&p.schema)))
            .collect(),
    )
}

fn names(list: &[String]) -> Value {
    Value::Array(list.iter().cloned().map(Value::String).collect())
}

fn output(output: &Output) -> Option<Value> {
    let mut out = Map::new();
    if !output.modes.is_empty() {
        out.insert(
            "modes".into(),
            Value::Array(output.modes.iter().map(|m| m.as_str().into()).collect()),
        );
    }
    put(&mut out, "description", text(&output.description));
    put(&mut out, "schema", output.schema.as_ref().map(schema));
    if !output.returns.is_empty() {
        let returns: Map<String, Value> = output
            .returns
            .iter()
            .map(|r| {
                let mut value = Map::new();
                value.insert("type".into(), type_name(&r.value_type).into());
                put(&mut value, "description", text(&r.description));
                (r.name.clone(), Value::Object(value))
            })
            .collect();
        out.insert("returns".into(), Value::Object(returns));
    }
    (!out.is_empty()).then_some(Value::Object(out))
}

fn authorization(authorization: &Authorization) -> Option<Value> {
    match authorization {
        Authorization::Unspecified => None,
        Authorization::None => Some("none".into()),
        Authorization::Token => Some("token".into()),
        Authorization::OAuth2(oauth2) => {
            let mut out = Map::new();
            put(&mut out, "provider", text(&oauth2.provider));
            put(&mut out, "id", text(&oauth2.id));
            put(&mut out, "authority", text(&oauth2.authority));
            put(&mut out, "scopes", oauth2.scopes.as_deref().map(names));
            let mut wrapper = Map::new();
            wrapper.insert("oauth2".into(), Value::Object(out));
            Some(Value::Object(wrapper))
        }
    }
}

fn setting(setting: &Setting) -> Value {
    let mut out = Map::new();
    put(&mut out, "description", text(&setting.description));
    put(&mut out, "type", text(&setting.value_type));
    put(&mut out, "required", setting.required.map(Value::Bool));
    put(&mut out, "default", setting.default.clone());
    // A credential's value is never shown: the view is for review, and gets shared.
    let value = match &setting.value {
        Some(_) if setting.secret => Some(Value::String(WITHHELD.to_owned())),
        other => other.clone(),
    };
    put(&mut out, "value", value);
    if setting.secret {
        out.insert("secret".into(), Value::Bool(true));
    }
    if let Some(input) = &setting.input {
        let mut hint = Map::new();
        hint.insert("kind".into(), input.kind.clone().into());
        put(&mut hint, "placeholder", text(&input.placeholder));
        put(&mut hint, "hint", text(&input.hint));
        put(
            &mut hint,
            "options",
            input.options.clone().map(Value::Array),
        );
        put(&mut hint, "default", input.default.clone());
        out.insert("input".into(), Value::Object(hint));
    }
    Value::Object(out)
}

fn example(example: &Example) -> Value {
    let mut out = Map::new();
    put(&mut out, "prompt", text(&example.prompt));
    match &example.call {
        ExampleCall::Arguments { value, .. } => {
            out.insert("arguments".into(), value.clone());
        }
        ExampleCall::Code { language, text, .. } => {
            out.insert("code".into(), text.clone().into());
            out.insert("language".into(), language.clone().into());
        }
        ExampleCall::Verbatim(text) => {
            out.insert("call".into(), text.clone().into());
        }
    }
    Value::Object(out)
}

/// One field that differs between two views.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// Dotted path in the view: `parameters.cc.type`, `examples[1].prompt`.
    pub path: String,
    /// `None` when the field is absent on that side.
    pub before: Option<Value>,
    /// `None` when the field is absent on that side.
    pub after: Option<Value>,
}

/// Every leaf where two views differ, in a stable order (the first view's order, then
/// what only the second has).
pub fn differences(before: &Value, after: &Value) -> Vec<Difference> {
    let mut out = Vec::new();
    walk(Some(before), Some(after), String::new(), &mut out);
    out
}

fn walk(a: Option<&Value>, b: Option<&Value>, path: String, out: &mut Vec<Difference>) {
    match (a, b) {
        (Some(Value::Object(x)), Some(Value::Object(y))) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            for key in keys {
                let child = if path.is_empty() {
                    segment(key)
                } else {
                    format!("{path}.{}", segment(key))
                };
                walk(x.get(key), y.get(key), child, out);
            }
        }
        // Lists of scalars compare whole (scopes, allowed values); lists of objects
        // (examples) item by item.
        (Some(Value::Array(x)), Some(Value::Array(y)))
            if x.iter().chain(y).any(Value::is_object) =>
        {
            for index in 0..x.len().max(y.len()) {
                walk(x.get(index), y.get(index), format!("{path}[{index}]"), out);
            }
        }
        (a, b) if a == b => {}
        (a, b) => out.push(Difference {
            path,
            before: a.cloned(),
            after: b.cloned(),
        }),
    }
}

/// A key as a path segment: bare when it is a plain name, quoted otherwise.
fn segment(key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if plain {
        key.to_owned()
    } else {
        format!("{key:?}")
    }
}

/// A value in one line, for a difference: long ones cut. A string is shown bare when
/// `other` (the other side) is a string or absent, quoted when that would hide a type
/// change (`50 → "50"`).
pub fn short(value: &Option<Value>, other: &Option<Value>) -> String {
    const LIMIT: usize = 80;
    let bare = matches!(other, None | Some(Value::String(_)));
    let text = match value {
        None => return "(absent)".to_owned(),
        Some(Value::String(text)) if bare => text.clone(),
        Some(other) => other.to_string(),
    };
    let one_line = text.replace('\n', "\\n");
    if one_line.chars().count() <= LIMIT {
        one_line
    } else {
        format!("{}…", one_line.chars().take(LIMIT).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use toolshift_model::{Parameter, ValueSchema};

    fn tool(cc: ValueType) -> Tool {
        Tool {
            name: "send".into(),
            parameters: vec![Parameter {
                name: "cc".into(),
                description: Some("Copies".into()),
                required: Some(false),
                schema: ValueSchema::of(cc),
                default: None,
                inferrable: None,
            }],
            ..Tool::default()
        }
    }

    #[test]
    fn a_type_change_reads_in_model_terms() {
        let before = view(&tool(ValueType::Array(Primitive::String)));
        let after = view(&tool(ValueType::Primitive(Primitive::Json)));
        let found = differences(&before, &after);
        assert_eq!(
            found,
            vec![Difference {
                path: "parameters.cc.type".into(),
                before: Some(json!("array<string>")),
                after: Some(json!("json")),
            }]
        );
        assert!(differences(&before, &before).is_empty());
    }

    #[test]
    fn absent_fields_and_odd_keys_are_named() {
        let mut with = tool(ValueType::STRING);
        with.parameters[0].name = "a.b".into();
        with.author = Some("me".into());
        let found = differences(&view(&tool(ValueType::STRING)), &view(&with));
        let paths: Vec<&str> = found.iter().map(|d| d.path.as_str()).collect();
        assert_eq!(paths, ["parameters.cc", "parameters.\"a.b\"", "author"]);
        assert_eq!(short(&found[2].before, &found[2].after), "(absent)");
        assert_eq!(short(&Some(json!("50")), &Some(json!(50))), "\"50\"");
        assert_eq!(short(&Some(json!("50")), &None), "50");
    }
}
