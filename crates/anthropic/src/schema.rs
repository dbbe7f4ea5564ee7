//! Serde mirror of the Messages API's custom tool, as the `anthropic` Python SDK types
//! it (`anthropic.types.ToolParam`, version 2.16.0). Keys the mirror does not name
//! (`cache_control`, `defer_loading`, `allowed_callers`, `eager_input_streaming`,
//! `type`, keys of later versions) land in `unknown`, so nothing is dropped unseen.

use serde::Serialize;
use serde_json::{Map, Value};
use toolshift_syntax::deserialize_keeping_unknown;
use toolshift_syntax::unknown_keys::InDocument;

#[derive(Debug, Clone, Serialize)]
pub struct Tool {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Read from the document and written into it in place (`InDocument`).
    pub input_schema: InDocument,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_examples: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
    /// Written back beside the named keys; read by `deserialize_keeping_unknown!`.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}

deserialize_keeping_unknown!(Tool {
    name: "name" required,
    description: "description",
    input_schema: "input_schema" required,
    input_examples: "input_examples",
    strict: "strict",
});
