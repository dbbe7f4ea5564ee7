//! OpenAI function tools, in the shape of Chat Completions
//! (`{"type": "function", "function": {...}}`) or of Responses (`{"type": "function",
//! "name": ...}`), one tool or a list of them (a request's `tools`).
//!
//! `schema` mirrors the two shapes; `read` and `write` map them to and from the canonical
//! model (the parameters through `toolshift_json_schema`); this file places
//! fields, detects the dialect and lists the tools of a list document.

mod read;
pub mod schema;
mod write;

use serde_json::{json, Map, Value};
use toolshift_json_schema::strict::OPENAI_STRICT;
use toolshift_json_schema::ARGUMENT_PLACES;
use toolshift_model::dialect::{Dialect, Source, Warning};
use toolshift_model::places::{self, Places};
use toolshift_model::request::{RequestLimits, RequestPlaces};
use toolshift_model::{DialectError, Field, Tool};
use toolshift_syntax::pointer::{escape, member};

pub const ID: &str = "openai";
/// ChatCompletionTool and Responses' FunctionTool, extracted from OpenAI's OpenAPI
/// description by `schema/extract.py`.
pub const SCHEMA: &str = include_str!("../schema/openai-function-tool.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct OpenAi;

/// One request's `tools` holds 128 at most (the API's `array_above_max_length`,
/// docs/openai.md); strict mode's limits are a schema's, checked by `make_strict`.
const LIMITS: RequestLimits = RequestLimits {
    target: "OpenAI",
    tools: Some(128),
    strict: None,
};

fn is_function(value: &Value) -> bool {
    member(value, "type").and_then(Value::as_str) == Some("function")
        && (member(value, "function").is_some_and(Value::is_object)
            || member(value, "name").is_some_and(Value::is_string))
}

/// Where a tool's function keys sit: under `function` (Chat Completions) or beside `type`.
fn base(document: &Value) -> &'static str {
    if document.get("function").is_some() {
        "/function"
    } else {
        ""
    }
}

/// Strict mode's optional parameter (required, type `[T, "null"]`) as a plain optional one.
fn decode_strict(parameters: &mut Value) {
    let Some(schema) = parameters.as_object_mut() else {
        return;
    };
    let required: Vec<String> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| {
            names
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let mut optional = Vec::new();
    if let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) {
        for (name, property) in properties.iter_mut() {
            if !required.contains(name) {
                continue;
            }
            // An `enum` without `null` refuses it: the property is required (and the
            // `null` in its type is dead, see `collapse_dead_nulls`).
            if let Some(Value::Array(values)) = property.get_mut("enum") {
                if !values.contains(&Value::Null) {
                    continue;
                }
                values.retain(|value| !value.is_null());
            }
            let Some(kind) = property.get_mut("type") else {
                continue;
            };
            let Some(single) = nullable_single(kind) else {
                continue;
            };
            *kind = Value::String(single);
            optional.push(name.clone());
        }
    }
    if let Some(names) = schema.get_mut("required").and_then(Value::as_array_mut) {
        names.retain(|name| {
            !name
                .as_str()
                .is_some_and(|n| optional.iter().any(|o| o == n))
        });
    }
}

/// `T` of a type `[T, "null"]` (in either order).
fn nullable_single(kind: &Value) -> Option<String> {
    match kind.as_array().map(Vec::as_slice) {
        Some([Value::String(t), Value::String(n)] | [Value::String(n), Value::String(t)])
            if n == "null" && t != "null" =>
        {
            Some(t.clone())
        }
        _ => None,
    }
}

/// Pointers, under `at`, of each schema whose type allows `null` while its `enum` does
/// not: in strict mode such a property can never be left out, which a reader takes for
/// a mistake (the writer drops the dead `null` and reports it).
fn dead_nulls(schema: &Value, at: &str, found: &mut Vec<String>) {
    let Some(object) = schema.as_object() else {
        return;
    };
    let enum_refuses_null = object
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|values| !values.contains(&Value::Null));
    if enum_refuses_null && object.get("type").and_then(nullable_single).is_some() {
        found.push(at.to_owned());
    }
    for (key, value) in object {
        match (key.as_str(), value) {
            ("properties" | "$defs" | "definitions", Value::Object(children)) => {
                for (name, child) in children {
                    let child_at = format!("{at}/{key}/{}", escape(name));
                    dead_nulls(child, &child_at, found);
                }
            }
            ("items", _) => dead_nulls(value, &format!("{at}/items"), found),
            ("anyOf", Value::Array(branches)) => {
                for (index, branch) in branches.iter().enumerate() {
                    dead_nulls(branch, &format!("{at}/anyOf/{index}"), found);
                }
            }
            _ => {}
        }
    }
}

/// A type `[T, "null"]` whose `enum` refuses `null` accepts what `T` accepts: written as `T`.
fn collapse_dead_nulls(parameters: &mut Value) {
    let mut found = Vec::new();
    dead_nulls(parameters, "", &mut found);
    for pointer in found {
        let Some(kind) = parameters.pointer_mut(&format!("{pointer}/type")) else {
            continue;
        };
        if let Some(single) = nullable_single(kind) {
            *kind = Value::String(single);
        }
    }
}

/// Where OpenAI keeps each field beside the arguments (`Dialect::locate`); `{base}` is
/// the function, in whichever shape the document has, and the arguments are
/// `json_schema::ARGUMENT_PLACES` under its `parameters`.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "{base}/name"),
    (Field::Toolkit, "{base}/name"),
    (Field::ToolkitName, "{base}/name"),
    (Field::Description, "{base}/description"),
    (Field::Parameters, "{base}/parameters"),
];

impl Dialect for OpenAi {
    toolshift_model::dialect_basics!(ID, File, Json);

    toolshift_model::tools_array_request!(is_function, OPENAI_STRICT, LIMITS);

    fn request_places(&self, manifest: &Value) -> RequestPlaces {
        let base = base(manifest);
        RequestPlaces {
            name: [base, "/name"].concat(),
            arguments: Some([base, "/parameters"].concat()),
            strict: Some([base, "/strict"].concat()),
        }
    }

    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String> {
        let base = base(document);
        places::locate(PLACES, field, tool, base).or_else(|| {
            let arguments = [base, "/parameters"].concat();
            places::locate(ARGUMENT_PLACES, field, tool, &arguments)
        })
    }

    fn normalize_pointer(&self, pointer: &str) -> String {
        if pointer.starts_with("/function") || pointer.is_empty() || pointer == "/type" {
            pointer.to_owned()
        } else {
            format!("/function{pointer}")
        }
    }

    /// docs/openai.md, normalizations: the Responses shape is written in the Chat
    /// Completions shape; `null`s, `strict: false` (the default), and an empty
    /// `properties` or `required` say what their absence says; no `parameters` is an
    /// empty object; in strict mode, a required parameter whose type also allows `null`
    /// is an optional one (the reader's reading of strict mode's encoding); a type's `null`
    /// that its `enum` refuses is dropped.
    fn normalize(&self, document: &Value) -> Value {
        let Some(object) = document.as_object() else {
            return document.clone();
        };
        let mut function = match object.get("function").and_then(Value::as_object) {
            Some(function) => function.clone(),
            None => object
                .iter()
                .filter(|(key, _)| key.as_str() != "type")
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect::<Map<String, Value>>(),
        };
        function.retain(|_, value| !value.is_null());
        if function.get("strict") == Some(&Value::Bool(false)) {
            function.remove("strict");
        }
        let strict = function.get("strict") == Some(&Value::Bool(true));
        let parameters = function
            .entry("parameters")
            .or_insert_with(|| json!({"type": "object"}));
        if strict {
            decode_strict(parameters);
        }
        collapse_dead_nulls(parameters);
        toolshift_json_schema::drop_empty_lists(parameters);
        let mut normalized = Map::new();
        normalized.insert(
            "type".into(),
            object.get("type").cloned().unwrap_or(Value::Null),
        );
        normalized.insert("function".into(), Value::Object(function));
        for (key, value) in object {
            if key != "type" && key != "function" && object.contains_key("function") {
                normalized.insert(key.clone(), value.clone());
            }
        }
        Value::Object(normalized)
    }

    fn lint(&self, source: &Source<'_>) -> Vec<Warning> {
        let document = source.document;
        let tools: Vec<String> = self
            .tools_in(document)
            .unwrap_or_else(|| vec![String::new()]);
        let mut found = Vec::new();
        for at in tools {
            let Some(tool) = document.pointer(&at) else {
                continue;
            };
            let function = [at.as_str(), base(tool)].concat();
            let Some(parameters) = document.pointer(&format!("{function}/parameters")) else {
                continue;
            };
            if document.pointer(&format!("{function}/strict")) == Some(&Value::Bool(true)) {
                dead_nulls(parameters, &format!("{function}/parameters"), &mut found);
            }
        }
        found
            .into_iter()
            .map(|pointer| Warning {
                pointer,
                message: "in strict mode, this type allows null but its `enum` does not, so the \
                          property can never be left out; add null to the enum to make it optional"
                    .into(),
            })
            .collect()
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("OpenAI function tool", toolshift_syntax::parse(SCHEMA))
    }
}
