//! Serde types mirroring `schema/arcade-tool-definition.schema.json`, which pydantic
//! generated from arcade-core's `ToolDefinition`.
//!
//! Field order is the SDK's own, and every optional field is written out, `null` when
//! empty, as `model_dump(mode="json", by_alias=True)` does: an output is then the very
//! form the SDK serves. Reading tolerates absent keys; whatever else an object holds
//! lands in its `unknown` map, never dropped.
//!
//! Texts and lists of texts are `Cow`s: a writer borrows them from the tool it writes,
//! since a definition lives only until it is serialized; a reader gets owned ones.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::borrow::Cow;

type Unknown = Map<String, Value>;
/// A text the writer borrows from the tool.
pub type Text<'a> = Cow<'a, str>;
/// A list of texts the writer borrows from the tool.
pub type Texts<'a> = Cow<'a, [String]>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolDefinition<'a> {
    pub name: Text<'a>,
    pub fully_qualified_name: Option<Text<'a>>,
    pub description: Option<Text<'a>>,
    pub toolkit: ToolkitDefinition<'a>,
    pub input: ToolInput<'a>,
    pub output: ToolOutput<'a>,
    pub requirements: Option<ToolRequirements<'a>>,
    pub deprecation_message: Option<Text<'a>>,
    pub metadata: Option<ToolMetadata<'a>>,
    #[serde(rename = "_meta")]
    pub meta: Option<Map<String, Value>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolkitDefinition<'a> {
    pub name: Text<'a>,
    pub description: Option<Text<'a>>,
    pub version: Option<Text<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolInput<'a> {
    pub parameters: Vec<InputParameter<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct InputParameter<'a> {
    pub name: Text<'a>,
    pub required: bool,
    pub description: Option<Text<'a>>,
    pub value_schema: ValueSchema<'a>,
    /// The SDK's default is `true`; an absent key means the same.
    pub inferrable: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

/// The `val_type` encoding every Arcade form shares.
pub use toolshift_arcade_common::ValType;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ValueSchema<'a> {
    pub val_type: ValType,
    pub inner_val_type: Option<ValType>,
    #[serde(rename = "enum")]
    pub allowed: Option<Texts<'a>>,
    pub properties: Option<IndexMap<Text<'a>, ValueSchema<'a>>>,
    pub inner_properties: Option<IndexMap<Text<'a>, ValueSchema<'a>>>,
    pub description: Option<Text<'a>>,
    pub required_keys: Option<Texts<'a>>,
    pub inner_required_keys: Option<Texts<'a>>,
    pub nullable: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolOutput<'a> {
    pub description: Option<Text<'a>>,
    pub available_modes: Option<Vec<Text<'a>>>,
    pub value_schema: Option<ValueSchema<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ToolRequirements<'a> {
    pub authorization: Option<ToolAuthRequirement<'a>>,
    pub secrets: Option<Vec<KeyRequirement<'a>>>,
    /// Context values the runtime supplies (`ToolMetadataRequirement`), not tool metadata.
    pub metadata: Option<Vec<KeyRequirement<'a>>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ToolAuthRequirement<'a> {
    pub provider_id: Option<Text<'a>>,
    /// Required by the SDK; `oauth2` is the only type it defines today.
    pub provider_type: Option<Text<'a>>,
    pub id: Option<Text<'a>>,
    pub oauth2: Option<OAuth2Requirement<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct OAuth2Requirement<'a> {
    pub scopes: Option<Texts<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

/// `ToolSecretRequirement` and `ToolMetadataRequirement` share this shape.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct KeyRequirement<'a> {
    pub key: Text<'a>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

/// `ToolMetadata`: closed in the SDK (`extra="forbid"`), so unknown keys are refused there.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ToolMetadata<'a> {
    pub classification: Option<Value>,
    pub behavior: Option<Behavior<'a>>,
    pub extras: Option<Map<String, Value>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Behavior<'a> {
    pub operations: Option<Texts<'a>>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}
