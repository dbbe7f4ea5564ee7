//! Serde mirror of the MCP `Tool` (specification revision 2026-07-28, `schema.json`
//! `$defs/Tool` and `$defs/ToolAnnotations`). Keys the mirror does not name (`icons`,
//! `execution`, keys of later revisions) land in `unknown`, so nothing is dropped unseen.

use serde::Serialize;
use serde_json::{Map, Value};
use toolshift_syntax::deserialize_keeping_unknown;
use toolshift_syntax::unknown_keys::InDocument;

#[derive(Debug, Clone, Serialize)]
pub struct Tool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Read from the document and written into it in place (`InDocument`).
    #[serde(rename = "inputSchema")]
    pub input_schema: InDocument,
    #[serde(rename = "outputSchema", skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub annotations: Option<ToolAnnotations>,
    /// Written back beside the named keys; read by `deserialize_keeping_unknown!`.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}

deserialize_keeping_unknown!(Tool {
    name: "name" required,
    title: "title",
    description: "description",
    input_schema: "inputSchema" required,
    output_schema: "outputSchema",
    annotations: "annotations",
});

/// Every property is a hint; absent means the specification's default.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ToolAnnotations {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(rename = "readOnlyHint", skip_serializing_if = "Option::is_none")]
    pub read_only_hint: Option<bool>,
    #[serde(rename = "destructiveHint", skip_serializing_if = "Option::is_none")]
    pub destructive_hint: Option<bool>,
    #[serde(rename = "idempotentHint", skip_serializing_if = "Option::is_none")]
    pub idempotent_hint: Option<bool>,
    #[serde(rename = "openWorldHint", skip_serializing_if = "Option::is_none")]
    pub open_world_hint: Option<bool>,
    /// Written back beside the named keys; read by `deserialize_keeping_unknown!`.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}

deserialize_keeping_unknown!(ToolAnnotations {
    title: "title",
    read_only_hint: "readOnlyHint",
    destructive_hint: "destructiveHint",
    idempotent_hint: "idempotentHint",
    open_world_hint: "openWorldHint",
});
