//! Serde types mirroring `schema/anythingllm-skill.schema.json`, plus the keys the
//! AnythingLLM loader reads although the schema does not declare them (param `enum`
//! and `default`, setup-arg `default`, input `options`); see `docs/anythingllm.md`.

//!
//! Texts are `Cow`s: a writer borrows them from the tool it writes, since a skill lives
//! only until it is serialized; a reader gets owned ones.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::borrow::Cow;
use toolshift_syntax::OrderedMap;

type Unknown = Map<String, Value>;
/// A text the writer borrows from the tool.
pub type Text<'a> = Cow<'a, str>;

pub const SCHEMA_VERSION: &str = "skill-1.0.0";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Skill<'a> {
    pub active: Option<bool>,
    #[serde(rename = "hubId")]
    pub hub_id: Text<'a>,
    pub name: Option<Text<'a>>,
    pub schema: Option<Text<'a>>,
    pub version: Option<Text<'a>>,
    pub description: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_url: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_args: Option<OrderedMap<Text<'a>, SetupArg<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<Example<'a>>>,
    pub entrypoint: Entrypoint<'a>,
    pub imported: Option<bool>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SetupArg<'a> {
    #[serde(rename = "type")]
    pub value_type: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    /// Read by the runtime when `value` is empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Input<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Input<'a> {
    #[serde(rename = "type")]
    pub kind: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placeholder: Option<Text<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<Text<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Example<'a> {
    pub prompt: Option<Text<'a>>,
    /// A JSON string of the arguments.
    pub call: Option<Value>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entrypoint<'a> {
    pub file: Option<Text<'a>>,
    #[serde(default)]
    pub params: OrderedMap<Text<'a>, Param<'a>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Param<'a> {
    pub description: Option<Text<'a>>,
    #[serde(rename = "type")]
    pub value_type: Option<Text<'a>>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Cow<'a, [String]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}
