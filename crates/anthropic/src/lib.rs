//! Anthropic Messages API tools: one custom tool (`{"name", "description",
//! "input_schema", "input_examples", "strict"}`), or a request's list of them (a JSON
//! array, or `{"tools": [...]}`).
//!
//! `schema` mirrors the SDK's `ToolParam`; `read` and `write` map it to and from the
//! canonical model (the arguments through `toolshift_json_schema`, strict tool
//! use through `toolshift_json_schema::strict`); this file places fields, detects the dialect
//! and lists the tools of a list document.

mod read;
pub mod schema;
mod write;

use serde_json::{Map, Value};
use toolshift_json_schema::strict::ANTHROPIC_STRICT;
use toolshift_json_schema::ARGUMENT_PLACES;
use toolshift_model::dialect::Dialect;
use toolshift_model::places::{self, Places};
use toolshift_model::request::{RequestLimits, RequestPlaces, StrictBudget};
use toolshift_model::{DialectError, Field, Tool};
use toolshift_syntax::pointer::member;

pub const ID: &str = "anthropic";
/// The custom tool as the `anthropic` SDK 2.16.0 types it, written from its
/// `ToolParam` (docs/anthropic.md).
pub const SCHEMA: &str = include_str!("../schema/anthropic-tool.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct Anthropic;

/// Structured outputs' explicit complexity limits, over every strict tool of a request
/// (docs/anthropic.md cites the page). The Messages API documents no tool count.
const LIMITS: RequestLimits = RequestLimits {
    target: "Anthropic",
    tools: None,
    strict: Some(StrictBudget {
        mode: "Anthropic strict tool use",
        tools: 20,
        optional_parameters: 24,
        union_parameters: 16,
    }),
};

fn is_tool(value: &Value) -> bool {
    member(value, "input_schema").is_some_and(Value::is_object)
        && member(value, "name").is_some_and(Value::is_string)
}

/// Where Anthropic keeps each field beside the arguments (`Dialect::locate`), which are
/// `json_schema::ARGUMENT_PLACES` under `/input_schema`.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Toolkit, "/name"),
    (Field::ToolkitName, "/name"),
    (Field::Description, "/description"),
    (Field::Examples, "/input_examples"),
    (Field::Example(0), "/input_examples/{i}"),
];

impl Dialect for Anthropic {
    toolshift_model::dialect_basics!(ID, File, Json);

    toolshift_model::tools_array_request!(is_tool, ANTHROPIC_STRICT, LIMITS);

    fn request_places(&self, _manifest: &Value) -> RequestPlaces {
        RequestPlaces {
            name: "/name".to_owned(),
            arguments: Some("/input_schema".to_owned()),
            strict: Some("/strict".to_owned()),
        }
    }

    fn locate(&self, field: Field, tool: &Tool, _document: &Value) -> Option<String> {
        places::locate(PLACES, field, tool, "")
            .or_else(|| places::locate(ARGUMENT_PLACES, field, tool, "/input_schema"))
    }

    /// docs/anthropic.md, normalizations: `null` values, `strict: false` and
    /// `type: "custom"` (the defaults), an empty `input_examples`, and an empty
    /// `properties` or `required` say what their absence says.
    fn normalize(&self, document: &Value) -> Value {
        let Some(object) = document.as_object() else {
            return document.clone();
        };
        let mut tool: Map<String, Value> = object
            .iter()
            .filter(|(key, value)| match (key.as_str(), value) {
                (_, Value::Null) => false,
                ("strict", Value::Bool(false)) => false,
                ("type", Value::String(kind)) => kind != "custom",
                ("input_examples", Value::Array(examples)) => !examples.is_empty(),
                _ => true,
            })
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        if let Some(schema) = tool.get_mut("input_schema") {
            toolshift_json_schema::drop_empty_lists(schema);
        }
        Value::Object(tool)
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("Anthropic tool", toolshift_syntax::parse(SCHEMA))
    }
}
