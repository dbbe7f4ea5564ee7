//! Serde mirror of Gemini's `FunctionDeclaration`, as the `google-genai` Python SDK
//! types it (`google.genai.types.FunctionDeclaration`, version 3.6.1, in its JSON
//! spelling). Keys the mirror does not name (`behavior`) land in `unknown`, so nothing
//! is dropped unseen. `parameters` and `response` are Gemini's `Schema` (an OpenAPI 3.0
//! subset), kept as JSON: `openapi` maps it to and from JSON Schema.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct FunctionDeclaration {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Value>,
    #[serde(
        rename = "parametersJsonSchema",
        alias = "parameters_json_schema",
        skip_serializing_if = "Option::is_none"
    )]
    pub parameters_json_schema: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<Value>,
    #[serde(
        rename = "responseJsonSchema",
        alias = "response_json_schema",
        skip_serializing_if = "Option::is_none"
    )]
    pub response_json_schema: Option<Value>,
    /// The keys the mirror does not name, read and written back beside the named ones.
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}
