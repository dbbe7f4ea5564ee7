//! Serde types mirroring `schema/arcade-v1.schema.jsonc` (with the documented
//! `enum` correction). Unknown keys land in each object's `unknown` map on reading.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toolshift_syntax::deserialize_keeping_unknown;

type Unknown = Map<String, Value>;

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolDefinition {
    schema_uri: "$schema",
    name: "name" required,
    description: "description",
    version: "version" required,
    input: "input" required,
    output: "output" required,
    requirements: "requirements",
});

#[derive(Debug, Clone, Serialize)]
pub struct Input {
    pub parameters: Vec<Parameter>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Input {
    parameters: "parameters" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct Parameter {
    pub name: String,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub schema: ValueSchema,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inferrable: Option<bool>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Parameter {
    name: "name" required,
    required: "required" required,
    description: "description",
    schema: "schema" required,
    inferrable: "inferrable",
});

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueType {
    String,
    Integer,
    Float,
    Boolean,
    Json,
}

#[derive(Debug, Clone, Serialize)]
pub struct ValueSchema {
    #[serde(rename = "type")]
    pub value_type: ValueType,
    /// Meant for string values only (the schema's comment); see `docs/arcade.md`.
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ValueSchema {
    value_type: "type" required,
    allowed: "enum",
});

#[derive(Debug, Clone, Serialize)]
pub struct Output {
    pub available_modes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<OutputValue>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Output {
    available_modes: "available_modes" required,
    value: "value",
});

#[derive(Debug, Clone, Serialize)]
pub struct OutputValue {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub schema: ValueSchema,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(OutputValue {
    description: "description",
    schema: "schema" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct Requirements {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorization: Option<Authorization>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Requirements {
    authorization: "authorization",
});

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

#[derive(Debug, Clone, Serialize)]
pub struct OAuth2Authorization {
    pub oauth2: OAuth2,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(OAuth2Authorization {
    oauth2: "oauth2" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct OAuth2 {
    pub url: String,
    /// One space-separated string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(OAuth2 {
    url: "url" required,
    scope: "scope",
});
