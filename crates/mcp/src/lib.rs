//! Model Context Protocol tools: one `Tool` as `tools/list` returns it, or the whole
//! `tools/list` result (`{"tools": [...]}`).
//!
//! `schema` mirrors the specification's `Tool`; `read` and `write` map it to and from
//! the canonical model (its arguments through `toolshift_json_schema`); this
//! file places fields, detects the dialect and lists the tools of a list document.

mod read;
pub mod schema;
mod write;

use serde_json::{json, Value};
use toolshift_json_schema::ARGUMENT_PLACES;
use toolshift_model::dialect::Dialect;
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Tool};
use toolshift_syntax::pointer::member;

pub const ID: &str = "mcp";
/// The specification revision toolshift writes (docs/mcp.md).
pub const REVISION: &str = "2026-07-28";
/// The revision's whole `schema.json`, as published.
pub const SCHEMA: &str = include_str!("../schema/mcp-2026-07-28.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct Mcp;

fn is_tool(value: &Value) -> bool {
    member(value, "inputSchema").is_some_and(Value::is_object) && member(value, "name").is_some()
}

/// Where MCP keeps each field beside the arguments (`Dialect::locate`), which are
/// `json_schema::ARGUMENT_PLACES` under `/inputSchema`.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Toolkit, "/name"),
    (Field::ToolkitName, "/name"),
    (Field::DisplayName, "/title"),
    (Field::Description, "/description"),
    (Field::Output, "/outputSchema"),
    (Field::OutputSchema, "/outputSchema"),
    (Field::OutputDescription, "/outputSchema/description"),
    (Field::OutputType, "/outputSchema/type"),
    (Field::Behavior, "/annotations"),
];

impl Dialect for Mcp {
    toolshift_model::dialect_basics!(ID, File, Json);

    fn detect(&self, document: &Value) -> u8 {
        if is_tool(document) {
            return 8;
        }
        let listed = member(document, "tools").and_then(Value::as_array);
        if listed.is_some_and(|tools| !tools.is_empty() && tools.iter().all(is_tool)) {
            return 8;
        }
        0
    }

    fn tools_in(&self, document: &Value) -> Option<Vec<String>> {
        let tools = document.get("tools")?.as_array()?;
        Some(
            (0..tools.len())
                .map(|index| format!("/tools/{index}"))
                .collect(),
        )
    }

    fn bundle(&self, manifests: Vec<Value>) -> Option<Value> {
        Some(json!({ "tools": manifests }))
    }

    fn bundle_pointer(&self, index: usize) -> String {
        format!("/tools/{index}")
    }

    fn locate(&self, field: Field, tool: &Tool, _document: &Value) -> Option<String> {
        places::locate(PLACES, field, tool, "")
            .or_else(|| places::locate(ARGUMENT_PLACES, field, tool, "/inputSchema"))
    }

    /// docs/mcp.md, normalizations: `annotations.title` is the title when there is no
    /// `title` (the specification's display order), and an empty `properties` or
    /// `required` says what their absence says.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        if let Some(tool) = document.as_object_mut() {
            let annotation_title = tool
                .get("annotations")
                .and_then(|a| a.get("title"))
                .cloned();
            if let Some(title) = annotation_title {
                let same = tool.get("title").is_none_or(|own| *own == title);
                if same {
                    tool.insert("title".into(), title);
                    if let Some(annotations) =
                        tool.get_mut("annotations").and_then(Value::as_object_mut)
                    {
                        annotations.remove("title");
                    }
                }
            }
            let empty_annotations = tool
                .get("annotations")
                .and_then(Value::as_object)
                .is_some_and(serde_json::Map::is_empty);
            if empty_annotations {
                tool.remove("annotations");
            }
            if let Some(schema) = tool.get_mut("inputSchema") {
                toolshift_json_schema::drop_empty_lists(schema);
            }
        }
        document
    }

    /// The revision's `$defs/Tool`, with every definition it refers to.
    fn official_schema(&self) -> Result<Value, DialectError> {
        let published = DialectError::embedded_schema("MCP", toolshift_syntax::parse(SCHEMA))?;
        let definitions = published
            .get("$defs")
            .cloned()
            .ok_or_else(|| DialectError::invalid("/$defs", "embedded MCP schema changed shape"))?;
        Ok(json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$ref": "#/$defs/Tool",
            "$defs": definitions,
        }))
    }
}
