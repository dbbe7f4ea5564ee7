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
    #[serde(rename = "$schema", skip_serializing_if = "Option::is_none")]
    pub schema_uri: Option<String>,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub toolkit: ToolkitDefinition,
    #[serde(alias = "input")]
    pub inputs: Inputs,
    pub output: Output,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Requirements>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolkitDefinition {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub version: String,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Inputs {
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
    pub value_schema: ValueSchema,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inferrable: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

/// The `val_type` encoding every Arcade form shares.
pub use toolshift_arcade_common::ValType;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ValueSchema {
    pub val_type: ValType,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inner_val_type: Option<ValType>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Output {
    pub available_modes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_schema: Option<ValueSchema>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Requirements {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorization: Option<Authorization>,
    /// Later Arcade revisions only; never written.
    #[serde(skip_serializing)]
    pub secrets: Option<Vec<Secret>>,
    #[serde(flatten, skip_serializing)]
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
    #[serde(alias = "provider_id")]
    pub provider: Option<String>,
    /// Later revisions only; `oauth2` is what the canonical model means by this shape.
    #[serde(skip_serializing)]
    pub provider_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oauth2: Option<OAuth2>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct OAuth2 {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<String>,
    /// The SDK emitted `scopes`.
    #[serde(alias = "scopes", skip_serializing_if = "Option::is_none")]
    pub scope: Option<Vec<String>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Secret {
    pub key: String,
    /// The keys the mirror does not name, read and written back beside the named one.
    #[serde(flatten)]
    pub unknown: Unknown,
}
