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
use serde::Serialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use toolshift_syntax::deserialize_keeping_unknown;

type Unknown = Map<String, Value>;
/// A text the writer borrows from the tool.
pub type Text<'a> = Cow<'a, str>;
/// A list of texts the writer borrows from the tool.
pub type Texts<'a> = Cow<'a, [String]>;

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolDefinition<'a> {
    name: "name" required,
    fully_qualified_name: "fully_qualified_name",
    description: "description",
    toolkit: "toolkit" required,
    input: "input" required,
    output: "output" required,
    requirements: "requirements",
    deprecation_message: "deprecation_message",
    metadata: "metadata",
    meta: "_meta",
});

#[derive(Debug, Clone, Serialize)]
pub struct ToolkitDefinition<'a> {
    pub name: Text<'a>,
    pub description: Option<Text<'a>>,
    pub version: Option<Text<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolkitDefinition<'a> {
    name: "name" required,
    description: "description",
    version: "version",
});

#[derive(Debug, Clone, Serialize)]
pub struct ToolInput<'a> {
    pub parameters: Vec<InputParameter<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolInput<'a> {
    parameters: "parameters" required,
});

#[derive(Debug, Clone, Serialize)]
pub struct InputParameter<'a> {
    pub name: Text<'a>,
    pub required: bool,
    pub description: Option<Text<'a>>,
    pub value_schema: ValueSchema<'a>,
    /// The SDK's default is `true`; an absent key means the same.
    pub inferrable: Option<bool>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(InputParameter<'a> {
    name: "name" required,
    required: "required" required,
    description: "description",
    value_schema: "value_schema" required,
    inferrable: "inferrable",
});

/// The `val_type` encoding every Arcade form shares.
pub use toolshift_arcade_common::ValType;

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ValueSchema<'a> {
    val_type: "val_type" required,
    inner_val_type: "inner_val_type",
    allowed: "enum",
    properties: "properties",
    inner_properties: "inner_properties",
    description: "description",
    required_keys: "required_keys",
    inner_required_keys: "inner_required_keys",
    nullable: "nullable",
});

#[derive(Debug, Clone, Serialize)]
pub struct ToolOutput<'a> {
    pub description: Option<Text<'a>>,
    pub available_modes: Option<Vec<Text<'a>>>,
    pub value_schema: Option<ValueSchema<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolOutput<'a> {
    description: "description",
    available_modes: "available_modes",
    value_schema: "value_schema",
});

#[derive(Debug, Clone, Default, Serialize)]
pub struct ToolRequirements<'a> {
    pub authorization: Option<ToolAuthRequirement<'a>>,
    pub secrets: Option<Vec<KeyRequirement<'a>>>,
    /// Context values the runtime supplies (`ToolMetadataRequirement`), not tool metadata.
    pub metadata: Option<Vec<KeyRequirement<'a>>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolRequirements<'a> {
    authorization: "authorization",
    secrets: "secrets",
    metadata: "metadata",
});

#[derive(Debug, Clone, Serialize)]
pub struct ToolAuthRequirement<'a> {
    pub provider_id: Option<Text<'a>>,
    /// Required by the SDK; `oauth2` is the only type it defines today.
    pub provider_type: Option<Text<'a>>,
    pub id: Option<Text<'a>>,
    pub oauth2: Option<OAuth2Requirement<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolAuthRequirement<'a> {
    provider_id: "provider_id",
    provider_type: "provider_type",
    id: "id",
    oauth2: "oauth2",
});

#[derive(Debug, Clone, Default, Serialize)]
pub struct OAuth2Requirement<'a> {
    pub scopes: Option<Texts<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(OAuth2Requirement<'a> {
    scopes: "scopes",
});

/// `ToolSecretRequirement` and `ToolMetadataRequirement` share this shape.
#[derive(Debug, Clone, Serialize)]
pub struct KeyRequirement<'a> {
    pub key: Text<'a>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(KeyRequirement<'a> {
    key: "key" required,
});

/// `ToolMetadata`: closed in the SDK (`extra="forbid"`), so unknown keys are refused there.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ToolMetadata<'a> {
    pub classification: Option<Value>,
    pub behavior: Option<Behavior<'a>>,
    pub extras: Option<Map<String, Value>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(ToolMetadata<'a> {
    classification: "classification",
    behavior: "behavior",
    extras: "extras",
});

#[derive(Debug, Clone, Default, Serialize)]
pub struct Behavior<'a> {
    pub operations: Option<Texts<'a>>,
    pub read_only: Option<bool>,
    pub destructive: Option<bool>,
    pub idempotent: Option<bool>,
    pub open_world: Option<bool>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Behavior<'a> {
    operations: "operations",
    read_only: "read_only",
    destructive: "destructive",
    idempotent: "idempotent",
    open_world: "open_world",
});
