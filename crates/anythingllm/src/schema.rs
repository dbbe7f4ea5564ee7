//! Serde types mirroring `schema/anythingllm-skill.schema.json`, plus the keys the
//! AnythingLLM loader reads although the schema does not declare them (param `enum`
//! and `default`, setup-arg `default`, input `options`); see `docs/anythingllm.md`.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

type Unknown = Map<String, Value>;

pub const SCHEMA_VERSION: &str = "skill-1.0.0";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Skill {
    #[serde(default)]
    pub active: Option<bool>,
    #[serde(rename = "hubId")]
    pub hub_id: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub schema: Option<String>,
    #[serde(default)]
    pub version: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_args: Option<IndexMap<String, SetupArg>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<Example>>,
    pub entrypoint: Entrypoint,
    #[serde(default)]
    pub imported: Option<bool>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetupArg {
    #[serde(rename = "type", default)]
    pub value_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    /// Read by the runtime when `value` is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Input>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Input {
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Example {
    #[serde(default)]
    pub prompt: Option<String>,
    /// A JSON string of the arguments.
    #[serde(default)]
    pub call: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entrypoint {
    #[serde(default)]
    pub file: Option<String>,
    #[serde(default)]
    pub params: IndexMap<String, Param>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Param {
    #[serde(default)]
    pub description: Option<String>,
    #[serde(rename = "type", default)]
    pub value_type: Option<String>,
    #[serde(rename = "enum", default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}
