//! Serde types mirroring `schema/arcade-v1.schema.jsonc` (with the documented
//! `enum` correction). Unknown keys land in each object's `unknown` map on reading.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

type Unknown = Map<String, Value>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolDefinition {
    #[serde(rename = "$schema", skip_serializing_if = "Option::is_none")]
    pub schema_uri: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub version: String,
    pub input: Input,
    pub output: Output,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Requirements>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Input {
    pub parameters: Vec<Parameter>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Parameter {
    pub name: String,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub schema: ValueSchema,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inferrable: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueType {
    String,
    Integer,
    Float,
    Boolean,
    Json,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ValueSchema {
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// Meant for string values only (the schema's comment); see `docs/arcade.md`.
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Output {
    pub available_modes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<OutputValue>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OutputValue {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub schema: ValueSchema,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Requirements {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorization: Option<Authorization>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Authorization {
    Keyword(AuthorizationKeyword),
    OAuth2(OAuth2Authorization),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthorizationKeyword {
    None,
    Token,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OAuth2Authorization {
    pub oauth2: OAuth2,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OAuth2 {
    pub url: String,
    /// One space-separated string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}
