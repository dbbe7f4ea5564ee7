//! TaskWeaver plugins: a YAML manifest and an optional Python implementation beside it.
//!
//! `schema` mirrors the official schema; `read` and `write` map it to and from the
//! canonical model; `types` maps Python annotations; `python` writes Python source.

mod examples;
mod lint;
mod python;
mod read;
pub mod schema;
mod types;
mod write;

use serde_json::Value;
use toolshift_model::dialect::{objects_at, remove_if_empty, Dialect};
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Source, Tool, Warning, WriteOptions};

pub const ID: &str = "taskweaver";
pub const SCHEMA: &str = include_str!("../schema/taskweaver-plugin.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct TaskWeaver;

/// Where TaskWeaver keeps each field (`Dialect::locate`).
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Description, "/description"),
    (Field::Parameters, "/parameters"),
    (Field::Parameter(0), "/parameters/{i}"),
    (Field::ParameterDescription(0), "/parameters/{i}/description"),
    (Field::ParameterRequired(0), "/parameters/{i}/required"),
    (Field::ParameterSchema(0), "/parameters/{i}/type"),
    (Field::ParameterType(0), "/parameters/{i}/type"),
    (Field::ParameterDefault(0), "/parameters/{i}/default"),
    (Field::Output, "/returns"),
    (Field::Returns, "/returns"),
    (Field::OutputSchema, "/returns/0"),
    (Field::OutputType, "/returns/0"),
    (Field::OutputDescription, "/returns/0"),
    (Field::Return(0), "/returns/{i}"),
    (Field::Settings, "/configurations"),
    (Field::Authorization, "/configurations"),
    (Field::Setting(0), "/configurations/{setting}"),
    (Field::SettingValue(0), "/configurations/{setting}"),
    (Field::Examples, "/examples"),
    (Field::Example(0), "/examples"),
    (Field::Implementation, "/name"),
    (Field::Enabled, "/enabled"),
];

impl Dialect for TaskWeaver {
    toolshift_model::dialect_basics!(ID, File, Yaml);

    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        // One pass over the keys, each matched once, where asking for each of twelve
        // keys walked the object twelve times: every input of a batch is detected.
        // An object's keys are distinct, so each adds at most once.
        let mut score = 0;
        let mut named = false;
        for (key, value) in object {
            match key.as_str() {
                // Another dialect's keys.
                "input" | "inputs" | "entrypoint" | "hubId" | "toolkit" => return 0,
                "parameters" | "returns" if value.is_array() => score += 3,
                "enabled" | "configurations" | "plugin_only" | "code" => score += 1,
                "name" => named = value.is_string(),
                _ => {}
            }
        }
        if score > 0 && named {
            score += 1;
        }
        score
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String> {
        match field {
            // The implementation is the `code` file, or else the plugin's name.
            Field::Implementation if document.get("code").is_some() => Some("/code".into()),
            _ => places::locate(PLACES, field, tool, ""),
        }
    }

    /// `docs/taskweaver.md`, normalizations: top-level null keys, an empty
    /// `configurations`, `code` equal to `name`, and the loader's defaults for a
    /// field's `required` (false) and `type` (`Any`). A null inside `configurations`
    /// is a key with an empty value, and stays.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        if let Some(object) = document.as_object_mut() {
            object.retain(|_, value| !value.is_null());
            if object.get("code") == object.get("name") {
                object.remove("code");
            }
        }
        remove_if_empty(&mut document, "configurations");
        for field in objects_at(&mut document, "/parameters") {
            field.entry("required").or_insert(Value::Bool(false));
            field
                .entry("type")
                .or_insert_with(|| Value::String("Any".into()));
        }
        for field in objects_at(&mut document, "/returns") {
            field
                .entry("type")
                .or_insert_with(|| Value::String("Any".into()));
        }
        document
    }

    fn lint(&self, source: &Source<'_>) -> Vec<Warning> {
        lint::lint(source)
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("TaskWeaver", toolshift_syntax::parse(SCHEMA))
    }
}

#[cfg(test)]
mod tests {
    use super::TaskWeaver;
    use serde_json::json;
    use toolshift_model::Dialect;

    #[test]
    fn detection_scores_each_key_once_and_yields_to_other_dialects() {
        let score = |document| TaskWeaver.detect(&document);
        let plugin = json!({"name": "x", "parameters": [], "returns": [], "enabled": true,
            "configurations": {}, "plugin_only": false, "code": "x"});
        assert_eq!(score(plugin.clone()), 11);
        for foreign in ["input", "inputs", "entrypoint", "hubId", "toolkit"] {
            let mut document = plugin.clone();
            document[foreign] = json!(null);
            assert_eq!(score(document), 0, "{foreign}");
        }
        // Lists only count as lists; a name only adds to a claim made otherwise.
        assert_eq!(
            score(json!({"name": "x", "parameters": {}, "returns": "r"})),
            0
        );
        assert_eq!(score(json!({"name": "x", "parameters": []})), 4);
        assert_eq!(score(json!({"name": 3, "parameters": []})), 3);
        assert_eq!(score(json!({"code": "c"})), 1);
        assert_eq!(score(json!(["name"])), 0);
    }
}
