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
use toolshift_model::dialect::{embedded_schema, objects_at, remove_if_empty, Dialect};
use toolshift_model::pointer::field;
use toolshift_model::{
    DialectError, Field, Imported, ManifestSyntax, OutputLayout, Source, Tool, Warning,
    WriteOptions, Written,
};

pub const ID: &str = "taskweaver";
pub const SCHEMA: &str = include_str!("../schema/taskweaver-plugin.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct TaskWeaver;

impl Dialect for TaskWeaver {
    fn id(&self) -> &'static str {
        ID
    }

    fn layout(&self) -> OutputLayout {
        OutputLayout::File
    }

    fn manifest_syntax(&self) -> ManifestSyntax {
        ManifestSyntax::Yaml
    }

    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        if ["input", "inputs", "entrypoint", "hubId", "toolkit"]
            .iter()
            .any(|k| field(object, k).is_some())
        {
            return 0;
        }
        let mut score = 0;
        if field(object, "parameters").is_some_and(Value::is_array) {
            score += 3;
        }
        if field(object, "returns").is_some_and(Value::is_array) {
            score += 3;
        }
        for key in ["enabled", "configurations", "plugin_only", "code"] {
            if field(object, key).is_some() {
                score += 1;
            }
        }
        if score > 0 && field(object, "name").is_some_and(Value::is_string) {
            score += 1;
        }
        score
    }

    fn read(&self, source: &Source<'_>) -> Result<Imported, DialectError> {
        read::read(source)
    }

    fn write(&self, tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
        write::write(tool, options)
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String> {
        let setting = |i: usize| {
            tool.settings
                .get(i)
                .map(|s| toolshift_model::pointer::child("/configurations", &s.key))
        };
        Some(match field {
            Field::Root => String::new(),
            Field::Name => "/name".into(),
            Field::Description => "/description".into(),
            Field::Parameters => "/parameters".into(),
            Field::Parameter(i) => format!("/parameters/{i}"),
            Field::ParameterDescription(i) => format!("/parameters/{i}/description"),
            Field::ParameterRequired(i) => format!("/parameters/{i}/required"),
            Field::ParameterSchema(i) | Field::ParameterType(i) => format!("/parameters/{i}/type"),
            Field::ParameterDefault(i) => format!("/parameters/{i}/default"),
            Field::Output | Field::Returns => "/returns".into(),
            Field::OutputSchema | Field::OutputType | Field::OutputDescription => {
                "/returns/0".into()
            }
            Field::Return(i) => format!("/returns/{i}"),
            Field::Settings | Field::Authorization => "/configurations".into(),
            Field::Setting(i) | Field::SettingValue(i) => return setting(i),
            Field::Examples | Field::Example(_) => "/examples".into(),
            Field::Implementation if document.get("code").is_some() => "/code".into(),
            Field::Implementation => "/name".into(),
            Field::Enabled => "/enabled".into(),
            _ => return None,
        })
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
        embedded_schema(SCHEMA, "TaskWeaver")
    }
}
