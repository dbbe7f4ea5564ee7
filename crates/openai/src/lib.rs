//! OpenAI function tools, in the shape of Chat Completions
//! (`{"type": "function", "function": {...}}`) or of Responses (`{"type": "function",
//! "name": ...}`), one tool or a list of them (a request's `tools`).
//!
//! `schema` mirrors the two shapes; `read` and `write` map them to and from the canonical
//! model (the parameters through `toolshift_model::json_schema`); this file places
//! fields, detects the dialect and lists the tools of a list document.

mod read;
pub mod schema;
mod write;

use serde_json::{json, Map, Value};
use toolshift_model::dialect::Dialect;
use toolshift_model::json_schema::ARGUMENT_PLACES;
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Tool};
use toolshift_syntax::pointer::member;

pub const ID: &str = "openai";
/// ChatCompletionTool and Responses' FunctionTool, extracted from OpenAI's OpenAPI
/// description by `schema/extract.py`.
pub const SCHEMA: &str = include_str!("../schema/openai-function-tool.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct OpenAi;

fn is_function(value: &Value) -> bool {
    member(value, "type").and_then(Value::as_str) == Some("function")
        && (member(value, "function").is_some_and(Value::is_object)
            || member(value, "name").is_some_and(Value::is_string))
}

fn listed(document: &Value) -> Option<&Vec<Value>> {
    document
        .as_array()
        .or_else(|| member(document, "tools").and_then(Value::as_array))
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
            let Some(kind) = property.get_mut("type") else {
                continue;
            };
            let single = match kind.as_array().map(Vec::as_slice) {
                Some(
                    [Value::String(t), Value::String(n)] | [Value::String(n), Value::String(t)],
                ) if n == "null" && t != "null" => t.clone(),
                _ => continue,
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

    fn detect(&self, document: &Value) -> u8 {
        if is_function(document) {
            return 8;
        }
        if listed(document).is_some_and(|tools| !tools.is_empty() && tools.iter().all(is_function))
        {
            return 8;
        }
        0
    }

    fn tools_in(&self, document: &Value) -> Option<Vec<String>> {
        let prefix = if document.is_array() { "" } else { "/tools" };
        let tools = listed(document)?;
        Some(
            (0..tools.len())
                .map(|index| format!("{prefix}/{index}"))
                .collect(),
        )
    }

    fn bundle(&self, manifests: Vec<Value>) -> Option<Value> {
        Some(Value::Array(manifests))
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
    /// is an optional one (the reader's reading of strict mode's encoding).
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
        toolshift_model::json_schema::drop_empty_lists(parameters);
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

    fn official_schema(&self) -> Result<Value, DialectError> {
        toolshift_syntax::parse(SCHEMA)
            .map(|(schema, _)| schema)
            .map_err(|error| DialectError::embedded_schema("OpenAI function tool", error))
    }
}
