//! Serde types mirroring `schema/taskweaver-plugin.schema.json`, plus the optional keys
//! the TaskWeaver loader reads (`examples`, `plugin_only`). The schema allows extra
//! keys everywhere; on reading they land in `unknown`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toolshift_syntax::OrderedMap;

type Unknown = Map<String, Value>;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Plugin {
    pub name: String,
    /// The implementation file name without `.py`; defaults to `name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Required by the schema; the loader defaults it to true.
    pub enabled: Option<bool>,
    /// Whether the plugin must be selected in auto-selection mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plugin_only: Option<bool>,
    pub description: Option<String>,
    /// Python code showing calls, as one string.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub examples: Option<Value>,
    #[serde(default)]
    pub parameters: Vec<Field>,
    #[serde(default)]
    pub returns: Vec<Field>,
    /// `configurations:` with no value is YAML null, which the loader treats as `{}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub configurations: Option<OrderedMap<String, Value>>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    /// A Python annotation (`str`, `list[str]`, `pandas.DataFrame`); the loader defaults it to `Any`.
    #[serde(rename = "type")]
    pub type_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    pub description: Option<String>,
    /// A string in the schema; the loader never reads it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default: Option<Value>,
    #[serde(flatten, skip_serializing)]
    pub unknown: Unknown,
}
