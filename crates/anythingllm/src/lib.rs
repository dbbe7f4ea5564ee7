//! AnythingLLM agent skills: a folder `HUBID/` holding `plugin.json` and `handler.js`.
//!
//! `schema` mirrors the official schema; `read` and `write` map it to and from the
//! canonical model; `javascript` writes the handler scaffold.

mod javascript;
mod lint;
mod read;
pub mod schema;
mod write;

use serde_json::{json, Value};
use toolshift_model::dialect::{objects_at, Dialect};
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Source, Tool, Warning, WriteOptions};
use toolshift_syntax::pointer::field;

pub const ID: &str = "anythingllm";
pub const SCHEMA: &str = include_str!("../schema/anythingllm-skill.schema.json");

/// AnythingLLM has no required flag: a required parameter's description starts with
/// this, which the model reads and the reader turns back into the flag.
pub const REQUIRED_PREFIX: &str = "(required) ";

#[derive(Debug, Clone, Copy, Default)]
pub struct AnythingLlm;

/// Keys the skill may carry beyond the schema's: any top-level key (the schema allows
/// them), and the number input's `min`, `max` and `step`, which the settings UI reads.
fn extra_allowed(pointer: &str) -> bool {
    let segments: Vec<&str> = pointer.split('/').skip(1).collect();
    match segments.as_slice() {
        [_] => true,
        ["setup_args", _, "input", key] => matches!(*key, "min" | "max" | "step"),
        _ => false,
    }
}

/// Where AnythingLLM keeps each field (`Dialect::locate`): parameters and settings by
/// name.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/hubId"),
    (Field::DisplayName, "/name"),
    (Field::Description, "/description"),
    (Field::Version, "/version"),
    (Field::Parameters, "/entrypoint/params"),
    (Field::Parameter(0), "/entrypoint/params/{param}"),
    (Field::ParameterDescription(0), "/entrypoint/params/{param}/description"),
    (Field::ParameterRequired(0), "/entrypoint/params/{param}/description"),
    (Field::ParameterSchema(0), "/entrypoint/params/{param}/type"),
    (Field::ParameterType(0), "/entrypoint/params/{param}/type"),
    (Field::ParameterEnum(0), "/entrypoint/params/{param}/enum"),
    (Field::ParameterDefault(0), "/entrypoint/params/{param}/default"),
    (Field::Settings, "/setup_args"),
    (Field::Authorization, "/setup_args"),
    (Field::Setting(0), "/setup_args/{setting}"),
    (Field::SettingValue(0), "/setup_args/{setting}/value"),
    (Field::Examples, "/examples"),
    (Field::Example(0), "/examples/{i}"),
    (Field::Implementation, "/entrypoint/file"),
    (Field::Enabled, "/active"),
    (Field::Author, "/author"),
    (Field::Url, "/author_url"),
    (Field::License, "/license"),
];

impl Dialect for AnythingLlm {
    toolshift_model::dialect_basics!(ID, Folder, JsonOnly);

    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        let mut score = 0;
        if field(object, "entrypoint").is_some_and(Value::is_object) {
            score += 5;
        }
        if field(object, "hubId").is_some() {
            score += 4;
        }
        if field(object, "schema").and_then(Value::as_str) == Some(schema::SCHEMA_VERSION) {
            score += 2;
        }
        if field(object, "setup_args").is_some() {
            score += 1;
        }
        score
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, _document: &Value) -> Option<String> {
        places::locate(PLACES, field, tool, "")
    }

    /// `docs/anythingllm.md`, normalizations: top-level null keys, an empty
    /// `setup_args` or `examples`, the constant
    /// `schema` and `imported` the schema requires, `handler.js` as the default
    /// entrypoint, and `string` / `{"type": "text"}` for a missing param or setup-arg
    /// type and input.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        if let Some(object) = document.as_object_mut() {
            // A null, an empty list or an empty map says what an absent key says.
            object.retain(|key, value| {
                let empty = match value {
                    Value::Object(map) => map.is_empty() && key == "setup_args",
                    Value::Array(items) => items.is_empty() && key == "examples",
                    _ => false,
                };
                !value.is_null() && !empty
            });
            object
                .entry("schema")
                .or_insert_with(|| Value::String(schema::SCHEMA_VERSION.into()));
            object.entry("imported").or_insert(Value::Bool(true));
        }
        if let Some(entrypoint) = document
            .pointer_mut("/entrypoint")
            .and_then(Value::as_object_mut)
        {
            entrypoint
                .entry("file")
                .or_insert_with(|| Value::String("handler.js".into()));
        }
        for param in objects_at(&mut document, "/entrypoint/params")
            .into_iter()
            .flat_map(|params| params.values_mut())
        {
            if let Some(param) = param.as_object_mut() {
                param
                    .entry("type")
                    .or_insert_with(|| Value::String("string".into()));
            }
        }
        for arg in objects_at(&mut document, "/setup_args")
            .into_iter()
            .flat_map(|args| args.values_mut())
        {
            if let Some(arg) = arg.as_object_mut() {
                arg.entry("type")
                    .or_insert_with(|| Value::String("string".into()));
                let input = arg.entry("input").or_insert_with(|| json!({}));
                if let Some(input) = input.as_object_mut() {
                    input
                        .entry("type")
                        .or_insert_with(|| Value::String("text".into()));
                }
            }
        }
        document
    }

    fn lint(&self, source: &Source<'_>) -> Vec<Warning> {
        lint::lint(source)
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("AnythingLLM", toolshift_syntax::parse(SCHEMA))
    }

    /// The official schema, corrected to accept what the AnythingLLM loader and settings
    /// UI read but the schema does not declare (`docs/anythingllm.md` lists each):
    /// param `enum` and `default`, setup-arg `default`, and input `options`, `min`,
    /// `max`, `step` and a non-string `default`.
    fn output_schema(&self) -> Result<Value, DialectError> {
        let mut schema = self.official_schema()?;
        let corrections = [
            (
                "/properties/entrypoint/properties/params/additionalProperties/properties",
                "enum",
                json!({"type": "array", "items": {"type": "string"}}),
            ),
            (
                "/properties/entrypoint/properties/params/additionalProperties/properties",
                "default",
                json!({}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties",
                "default",
                json!({}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties/input/properties",
                "default",
                json!({"type": ["string", "number", "boolean"]}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties/input/properties",
                "options",
                json!({"type": "array"}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties/input/properties",
                "min",
                json!({"type": "number"}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties/input/properties",
                "max",
                json!({"type": "number"}),
            ),
            (
                "/properties/setup_args/additionalProperties/properties/input/properties",
                "step",
                json!({"type": "number"}),
            ),
        ];
        for (pointer, key, property) in corrections {
            let properties = schema
                .pointer_mut(pointer)
                .and_then(Value::as_object_mut)
                .ok_or_else(|| {
                    DialectError::invalid(pointer, "embedded AnythingLLM schema changed shape")
                })?;
            properties.insert(key.to_owned(), property);
        }
        Ok(schema)
    }
}
