//! Gemini function declarations: one `FunctionDeclaration` (`{"name", "description",
//! "parameters"}`), or a list of them (a `Tool`'s `{"functionDeclarations": [...]}`, a
//! request's `{"tools": [...]}`, or a JSON array).
//!
//! `schema` mirrors the SDK's `FunctionDeclaration`; `openapi` maps Gemini's `Schema`
//! to and from JSON Schema; `read` and `write` map a declaration to and from the
//! canonical model; this file places fields, detects the dialect and lists the tools of
//! a list document.

mod openapi;
mod read;
pub mod schema;
mod write;

use serde_json::{json, Map, Value};
use toolshift_json_schema::ARGUMENT_PLACES;
use toolshift_model::dialect::Dialect;
use toolshift_model::places::{self, Places};
use toolshift_model::request::{RequestLimits, RequestPlaces};
use toolshift_model::{DialectError, Field, Tool};
use toolshift_syntax::pointer::member;

pub const ID: &str = "gemini";
/// `FunctionDeclaration` and `Schema` as `google-genai` 3.6.1 types them, written from
/// its field lists (docs/gemini.md).
pub const SCHEMA: &str = include_str!("../schema/gemini-function-declaration.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct Gemini;

/// A `Tool` holds 512 function declarations at most (`Tool.function_declarations` in
/// google-genai 3.6.1, docs/gemini.md).
const LIMITS: RequestLimits = RequestLimits {
    target: "Gemini",
    tools: Some(512),
    strict: None,
};

/// Keys that make a named object some other dialect's tool.
const OTHER_DIALECTS: [&str; 6] = [
    "type",
    "function",
    "inputSchema",
    "input_schema",
    "input",
    "hubId",
];

fn is_declaration(value: &Value) -> bool {
    let Some(object) = value.as_object() else {
        return false;
    };
    object.get("name").is_some_and(Value::is_string)
        && !OTHER_DIALECTS.iter().any(|key| object.contains_key(*key))
        && (object.get("parameters").is_some_and(Value::is_object)
            || object.contains_key("parametersJsonSchema")
            || object.contains_key("response"))
}

/// `functionDeclarations`, in either spelling the SDK reads.
fn declarations(value: &Value) -> Option<&Vec<Value>> {
    member(value, "functionDeclarations")
        .or_else(|| member(value, "function_declarations"))
        .and_then(Value::as_array)
}

/// The pointer of each declaration in a list document.
fn listed(document: &Value) -> Option<Vec<String>> {
    if let Some(items) = document.as_array() {
        return Some((0..items.len()).map(|i| format!("/{i}")).collect());
    }
    let key = |value: &Value| {
        if member(value, "functionDeclarations").is_some() {
            "functionDeclarations"
        } else {
            "function_declarations"
        }
    };
    if let Some(items) = declarations(document) {
        let key = key(document);
        return Some((0..items.len()).map(|i| format!("/{key}/{i}")).collect());
    }
    let tools = member(document, "tools").and_then(Value::as_array)?;
    let mut pointers = Vec::new();
    for (index, tool) in tools.iter().enumerate() {
        let key = key(tool);
        for item in 0..declarations(tool).map_or(0, Vec::len) {
            pointers.push(format!("/tools/{index}/{key}/{item}"));
        }
    }
    Some(pointers)
}

/// Where Gemini keeps each field beside the arguments (`Dialect::locate`), which are
/// `json_schema::ARGUMENT_PLACES` under `/parameters` or `/parametersJsonSchema`.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Toolkit, "/name"),
    (Field::ToolkitName, "/name"),
    (Field::Description, "/description"),
];

/// Where a declaration keeps its arguments or its output: in their JSON Schema form
/// (`json_schema`) where it has that, else in Gemini's `Schema` (`schema`).
fn schema_at(declaration: &Value, schema: &'static str, json_schema: &'static str) -> &'static str {
    if declaration.pointer(json_schema).is_some() {
        json_schema
    } else {
        schema
    }
}

/// Where the output lies, under `response` or `responseJsonSchema` (`{base}`).
#[rustfmt::skip]
const RESPONSE_PLACES: &Places = &[
    (Field::Output, "{base}"),
    (Field::OutputSchema, "{base}"),
    (Field::OutputDescription, "{base}/description"),
    (Field::OutputType, "{base}/type"),
];

impl Dialect for Gemini {
    toolshift_model::dialect_basics!(ID, File, Json);

    fn detect(&self, document: &Value) -> u8 {
        if is_declaration(document) {
            return 6;
        }
        let pointers = listed(document).unwrap_or_default();
        let all = !pointers.is_empty()
            && pointers
                .iter()
                .all(|p| document.pointer(p).is_some_and(is_declaration));
        if all {
            8
        } else {
            0
        }
    }

    fn tools_in(&self, document: &Value) -> Option<Vec<String>> {
        listed(document)
    }

    fn bundle(&self, manifests: Vec<Value>) -> Option<Value> {
        Some(json!({ "functionDeclarations": manifests }))
    }

    fn bundle_pointer(&self, index: usize) -> String {
        format!("/functionDeclarations/{index}")
    }

    fn request_limits(&self) -> Option<&'static RequestLimits> {
        Some(&LIMITS)
    }

    fn request_places(&self, manifest: &Value) -> RequestPlaces {
        let arguments = schema_at(manifest, "/parameters", "/parametersJsonSchema");
        RequestPlaces {
            name: "/name".to_owned(),
            arguments: Some(arguments.to_owned()),
            strict: None,
        }
    }

    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String> {
        let arguments = schema_at(document, "/parameters", "/parametersJsonSchema");
        let response = schema_at(document, "/response", "/responseJsonSchema");
        places::locate(PLACES, field, tool, "")
            .or_else(|| places::locate(ARGUMENT_PLACES, field, tool, arguments))
            .or_else(|| places::locate(RESPONSE_PLACES, field, tool, response))
    }

    /// docs/gemini.md, normalizations: `null` values, `nullable: false` and an empty
    /// `properties` or `required` say what their absence says, and a type's case does
    /// not matter (the SDK writes it in upper case).
    fn normalize(&self, document: &Value) -> Value {
        let Some(object) = document.as_object() else {
            return document.clone();
        };
        let mut declaration: Map<String, Value> = object
            .iter()
            .filter(|(_, value)| !value.is_null())
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        for key in ["parameters", "response"] {
            if let Some(schema) = declaration.get_mut(key) {
                upper_case_types(schema);
                toolshift_json_schema::drop_empty_lists(schema);
            }
        }
        for key in ["parametersJsonSchema", "responseJsonSchema"] {
            if let Some(schema) = declaration.get_mut(key) {
                toolshift_json_schema::drop_empty_lists(schema);
            }
        }
        Value::Object(declaration)
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema(
            "Gemini FunctionDeclaration",
            toolshift_syntax::parse(SCHEMA),
        )
    }
}

/// Every `type` of a `Schema` in upper case, and `nullable: false` left out.
fn upper_case_types(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            if map.get("nullable") == Some(&Value::Bool(false)) {
                map.remove("nullable");
            }
            for (key, value) in map.iter_mut() {
                match (key.as_str(), value) {
                    ("type", Value::String(name)) => *name = name.to_ascii_uppercase(),
                    ("enum" | "required" | "propertyOrdering" | "example" | "default", _) => {}
                    (_, value) => upper_case_types(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(upper_case_types),
        _ => {}
    }
}
