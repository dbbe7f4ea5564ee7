//! Serde types mirroring `schema/arcade-v2.schema.jsonc`.
//!
//! Writing fills only the keys the schema declares. Reading also accepts what the
//! real SDK and later Arcade revisions emitted (`input`, `scopes`, `provider_id`,
//! nulls, `secrets`); whatever else an object holds lands in its `unknown` map.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

type Unknown = Map<String, Value>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolDefinition {
    #[serde(rename = "$schema", default, skip_serializing_if = "Option::is_none")]
    pub schema_uri: Option<String>,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub toolkit: ToolkitDefinition,
    #[serde(alias = "input")]
    pub inputs: Inputs,
    pub output: Output,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Requirements>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolkitDefinition {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub version: String,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Inputs {
    pub parameters: Vec<Parameter>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Parameter {
    pub name: String,
    pub required: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub value_schema: ValueSchema,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inferrable: Option<bool>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValType {
    String,
    Integer,
    Number,
    Boolean,
    Json,
    Array,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ValueSchema {
    pub val_type: ValType,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inner_val_type: Option<ValType>,
    #[serde(rename = "enum", default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Output {
    pub available_modes: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_schema: Option<ValueSchema>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Requirements {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authorization: Option<Authorization>,
    /// Later Arcade revisions only; never written.
    #[serde(default, skip_serializing)]
    pub secrets: Option<Vec<Secret>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Authorization {
    Keyword(AuthorizationKeyword),
    Provider(Box<ProviderAuthorization>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthorizationKeyword {
    None,
    Token,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ProviderAuthorization {
    /// Required by the schema; later revisions spell it `provider_id`.
    #[serde(alias = "provider_id", default)]
    pub provider: Option<String>,
    /// Later revisions only; `oauth2` is what the canonical model means by this shape.
    #[serde(default, skip_serializing)]
    pub provider_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oauth2: Option<OAuth2>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OAuth2 {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub authority: Option<String>,
    /// The SDK emitted `scopes`.
    #[serde(alias = "scopes", default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<Vec<String>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Secret {
    pub key: String,
    #[serde(flatten, default)]
    pub unknown: Unknown,
}
