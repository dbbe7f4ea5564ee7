//! Serde types mirroring `schema/arcade-tool-definition.schema.json`, which pydantic
//! generated from arcade-core's `ToolDefinition`.
//!
//! Field order is the SDK's own, and every optional field is written out, `null` when
//! empty, as `model_dump(mode="json", by_alias=True)` does: an output is then the very
//! form the SDK serves. Reading tolerates absent keys; whatever else an object holds
//! lands in its `unknown` map, never dropped.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

type Unknown = Map<String, Value>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolDefinition {
    pub name: String,
    #[serde(default)]
    pub fully_qualified_name: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    pub toolkit: ToolkitDefinition,
    pub input: ToolInput,
    pub output: ToolOutput,
    #[serde(default)]
    pub requirements: Option<ToolRequirements>,
    #[serde(default)]
    pub deprecation_message: Option<String>,
    #[serde(default)]
    pub metadata: Option<ToolMetadata>,
    #[serde(rename = "_meta", default)]
    pub meta: Option<Map<String, Value>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolkitDefinition {
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolInput {
    pub parameters: Vec<InputParameter>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InputParameter {
    pub name: String,
    pub required: bool,
    #[serde(default)]
    pub description: Option<String>,
    pub value_schema: ValueSchema,
    /// The SDK's default is `true`; an absent key means the same.
    #[serde(default)]
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
    #[serde(default)]
    pub inner_val_type: Option<ValType>,
    #[serde(rename = "enum", default)]
    pub allowed: Option<Vec<String>>,
    #[serde(default)]
    pub properties: Option<IndexMap<String, ValueSchema>>,
    #[serde(default)]
    pub inner_properties: Option<IndexMap<String, ValueSchema>>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub required_keys: Option<Vec<String>>,
    #[serde(default)]
    pub inner_required_keys: Option<Vec<String>>,
    #[serde(default)]
    pub nullable: Option<bool>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolOutput {
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub available_modes: Option<Vec<String>>,
    #[serde(default)]
    pub value_schema: Option<ValueSchema>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ToolRequirements {
    #[serde(default)]
    pub authorization: Option<ToolAuthRequirement>,
    #[serde(default)]
    pub secrets: Option<Vec<KeyRequirement>>,
    /// Context values the runtime supplies (`ToolMetadataRequirement`), not tool metadata.
    #[serde(default)]
    pub metadata: Option<Vec<KeyRequirement>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolAuthRequirement {
    #[serde(default)]
    pub provider_id: Option<String>,
    /// Required by the SDK; `oauth2` is the only type it defines today.
    #[serde(default)]
    pub provider_type: Option<String>,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub oauth2: Option<OAuth2Requirement>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OAuth2Requirement {
    #[serde(default)]
    pub scopes: Option<Vec<String>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

/// `ToolSecretRequirement` and `ToolMetadataRequirement` share this shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyRequirement {
    pub key: String,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

/// `ToolMetadata`: closed in the SDK (`extra="forbid"`), so unknown keys are refused there.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ToolMetadata {
    #[serde(default)]
    pub classification: Option<Value>,
    #[serde(default)]
    pub behavior: Option<Behavior>,
    #[serde(default)]
    pub extras: Option<Map<String, Value>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Behavior {
    #[serde(default)]
    pub operations: Option<Vec<String>>,
    #[serde(default)]
    pub read_only: Option<bool>,
    #[serde(default)]
    pub destructive: Option<bool>,
    #[serde(default)]
    pub idempotent: Option<bool>,
    #[serde(default)]
    pub open_world: Option<bool>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}
