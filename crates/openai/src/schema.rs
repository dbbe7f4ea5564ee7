//! Serde mirror of OpenAI's function tool, in the shapes of its two APIs (the
//! OpenAPI description's `ChatCompletionTool` with `FunctionObject`, and Responses'
//! `FunctionTool`). Keys the mirror does not name land in `unknown`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Chat Completions: `{"type": "function", "function": {...}}`.
#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct ChatTool {
    #[serde(rename = "type")]
    pub kind: String,
    pub function: Function,
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}

/// Responses: the function's keys beside `"type": "function"`.
#[derive(Debug, Clone, Deserialize)]
pub struct ResponsesTool {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(flatten)]
    pub function: Function,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
pub struct Function {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strict: Option<bool>,
    #[serde(flatten)]
    pub unknown: Map<String, Value>,
}
