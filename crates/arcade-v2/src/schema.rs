//! Serde types mirroring `schema/arcade-v2.schema.jsonc`.
//!
//! Writing fills only the keys the schema declares. Reading also accepts what the
//! real SDK and later Arcade revisions emitted (`input`, `scopes`, `provider_id`,
//! nulls, `secrets`); whatever else an object holds lands in its `unknown` map.

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
    pub toolkit: ToolkitDefinition,
    pub inputs: Inputs,
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
    toolkit: "toolkit" required,
    inputs: "inputs" | "input" required,
    output: "output" required,
    requirements: "requirements",
});

#[derive(Debug, Clone, Serialize)]
pub struct ToolkitDefinition {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub version: String,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolkitDefinition {
    name: "name" required,
    description: "description",
    version: "version" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct Inputs {
    pub parameters: Vec<Parameter>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Inputs {
    parameters: "parameters" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct Parameter {
    pub name: String,
    pub required: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub value_schema: ValueSchema,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inferrable: Option<bool>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Parameter {
    name: "name" required,
    required: "required" required,
    description: "description",
    value_schema: "value_schema" required,
    inferrable: "inferrable",
});

/// The `val_type` encoding every Arcade form shares.
pub use toolshift_arcade_common::ValType;

#[derive(Debug, Clone, Serialize)]
pub struct ValueSchema {
    pub val_type: ValType,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inner_val_type: Option<ValType>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ValueSchema {
    val_type: "val_type" required,
    inner_val_type: "inner_val_type",
    allowed: "enum",
});

#[derive(Debug, Clone, Serialize)]
pub struct Output {
    pub available_modes: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value_schema: Option<ValueSchema>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Output {
    available_modes: "available_modes" required,
    description: "description",
    value_schema: "value_schema",
});

#[derive(Debug, Clone, Serialize)]
pub struct Requirements {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authorization: Option<Authorization>,
    /// Later Arcade revisions only; never written.
    #[serde(skip_serializing)]
    pub secrets: Option<Vec<Secret>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Requirements {
    authorization: "authorization",
    secrets: "secrets",
});

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

#[derive(Debug, Clone, Serialize)]
pub struct ProviderAuthorization {
    /// Required by the schema; later revisions spell it `provider_id`.
    pub provider: Option<String>,
    /// Later revisions only; `oauth2` is what the canonical model means by this shape.
    #[serde(skip_serializing)]
    pub provider_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub oauth2: Option<OAuth2>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ProviderAuthorization {
    provider: "provider" | "provider_id",
    provider_type: "provider_type",
    oauth2: "oauth2",
});

#[derive(Debug, Clone, Serialize)]
pub struct OAuth2 {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub authority: Option<String>,
    /// The SDK emitted `scopes`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<Vec<String>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(OAuth2 {
    authority: "authority",
    scope: "scope" | "scopes",
});

#[derive(Debug, Clone, Serialize)]
pub struct Secret {
    pub key: String,
    /// Written back beside the key; read by `deserialize_keeping_unknown!`.
    #[serde(flatten)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Secret {
    key: "key" required,
});
