//! Serde mirror of the MCP `Tool` (specification revision 2026-07-28, `schema.json`
//! `$defs/Tool` and `$defs/ToolAnnotations`). Keys the mirror does not name (`icons`,
//! `execution`, keys of later revisions) land in `unknown`, so nothing is dropped unseen.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toolshift_syntax::in_document::InDocument;

#[derive(Debug, Clone, Serialize, Deserialize)]
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
    /// The keys the mirror does not name, read and written back beside the named ones.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}

/// Every property is a hint; absent means the specification's default.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
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
    /// The keys the mirror does not name, read and written back beside the named ones.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}
