//! Serde types mirroring `schema/anythingllm-skill.schema.json`, plus the keys the
//! AnythingLLM loader reads although the schema does not declare them (param `enum`
//! and `default`, setup-arg `default`, input `options`); see `docs/anythingllm.md`.

//!
//! Texts are `Cow`s: a writer borrows them from the tool it writes, since a skill lives
//! only until it is serialized; a reader gets owned ones.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::borrow::Cow;

type Unknown = Map<String, Value>;
/// A text the writer borrows from the tool.
pub type Text<'a> = Cow<'a, str>;

pub const SCHEMA_VERSION: &str = "skill-1.0.0";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Skill<'a> {
    #[serde(default)]
    pub active: Option<bool>,
    #[serde(rename = "hubId")]
    pub hub_id: Text<'a>,
    #[serde(default)]
    pub name: Option<Text<'a>>,
    #[serde(default)]
    pub schema: Option<Text<'a>>,
    #[serde(default)]
    pub version: Option<Text<'a>>,
    #[serde(default)]
    pub description: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author_url: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_args: Option<IndexMap<Text<'a>, SetupArg<'a>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<Example<'a>>>,
    pub entrypoint: Entrypoint<'a>,
    #[serde(default)]
    pub imported: Option<bool>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetupArg<'a> {
    #[serde(rename = "type", default)]
    pub value_type: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    /// Read by the runtime when `value` is empty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub input: Option<Input<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Input<'a> {
    #[serde(rename = "type", default)]
    pub kind: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<Value>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<Text<'a>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<Text<'a>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Example<'a> {
    #[serde(default)]
    pub prompt: Option<Text<'a>>,
    /// A JSON string of the arguments.
    #[serde(default)]
    pub call: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entrypoint<'a> {
    #[serde(default)]
    pub file: Option<Text<'a>>,
    #[serde(default)]
    pub params: IndexMap<Text<'a>, Param<'a>>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Param<'a> {
    #[serde(default)]
    pub description: Option<Text<'a>>,
    #[serde(rename = "type", default)]
    pub value_type: Option<Text<'a>>,
    #[serde(rename = "enum", default, skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Cow<'a, [String]>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(flatten, default, skip_serializing)]
    pub unknown: Unknown,
}
