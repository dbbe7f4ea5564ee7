//! Serde types mirroring `schema/anythingllm-skill.schema.json`, plus the keys the
//! AnythingLLM loader reads although the schema does not declare them (param `enum`
//! and `default`, setup-arg `default`, input `options`); see `docs/anythingllm.md`.

//!
//! Texts are `Cow`s: a writer borrows them from the tool it writes, since a skill lives
//! only until it is serialized; a reader gets owned ones.

use serde::Serialize;
use serde_json::{Map, Value};
use std::borrow::Cow;
use toolshift_syntax::{deserialize_keeping_unknown, OrderedMap};

type Unknown = Map<String, Value>;
/// A text the writer borrows from the tool.
pub type Text<'a> = Cow<'a, str>;

pub const SCHEMA_VERSION: &str = "skill-1.0.0";

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Skill<'a> {
    active: "active",
    hub_id: "hubId" required,
    name: "name",
    schema: "schema",
    version: "version",
    description: "description",
    author: "author",
    author_url: "author_url",
    license: "license",
    setup_args: "setup_args",
    examples: "examples",
    entrypoint: "entrypoint" required,
    imported: "imported",
});

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(SetupArg<'a> {
    value_type: "type",
    required: "required",
    default: "default",
    input: "input",
    value: "value",
});

#[derive(Debug, Clone, Serialize)]
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
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Input<'a> {
    kind: "type",
    options: "options",
    default: "default",
    placeholder: "placeholder",
    hint: "hint",
});

#[derive(Debug, Clone, Serialize)]
pub struct Example<'a> {
    pub prompt: Option<Text<'a>>,
    /// A JSON string of the arguments.
    pub call: Option<Value>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Example<'a> {
    prompt: "prompt",
    call: "call",
});

#[derive(Debug, Clone, Serialize)]
pub struct Entrypoint<'a> {
    pub file: Option<Text<'a>>,
    pub params: OrderedMap<Text<'a>, Param<'a>>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Entrypoint<'a> {
    file: "file",
    params: "params",
});

#[derive(Debug, Clone, Serialize)]
pub struct Param<'a> {
    pub description: Option<Text<'a>>,
    #[serde(rename = "type")]
    pub value_type: Option<Text<'a>>,
    #[serde(rename = "enum", skip_serializing_if = "Option::is_none")]
    pub allowed: Option<Cow<'a, [String]>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(skip_serializing)]
    pub unknown: Unknown,
}

deserialize_keeping_unknown!(Param<'a> {
    description: "description",
    value_type: "type",
    allowed: "enum",
    default: "default",
});
