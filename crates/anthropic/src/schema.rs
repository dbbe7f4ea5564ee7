//! Serde mirror of the Messages API's custom tool, as the `anthropic` Python SDK types
//! it (`anthropic.types.ToolParam`, version 2.16.0). Keys the mirror does not name
//! (`cache_control`, `defer_loading`, `allowed_callers`, `eager_input_streaming`,
//! `type`, keys of later versions) land in `unknown`, so nothing is dropped unseen.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toolshift_syntax::in_document::InDocument;

#[derive(Debug, Clone, Serialize, Deserialize)]
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
    /// The keys the mirror does not name, read and written back beside the named ones.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}
