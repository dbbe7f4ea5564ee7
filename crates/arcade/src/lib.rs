//! Arcade tool definitions as the Arcade SDK (arcade-core 4.x) serializes them today:
//! what `arcade serve`'s worker catalog returns and what `ToolDefinition` loads.
//!
//! `schema` mirrors the schema generated from the SDK; `read` and `write` map it to
//! and from the canonical model; this file places fields and detects the dialect.

mod read;
pub mod schema;
mod write;

use serde_json::Value;
use toolshift_arcade_common::{drop_default_inferrable, drop_derived_name, ARCADE_PLACES};
use toolshift_model::dialect::{drop_nulls, remove_if_empty, Dialect};
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Tool, WriteOptions};
use toolshift_syntax::pointer::{field, member};

pub const ID: &str = "arcade";
pub const SCHEMA: &str = include_str!("../schema/arcade-tool-definition.schema.json");

#[derive(Debug, Clone, Copy, Default)]
pub struct Arcade;

pub use toolshift_arcade_common::qualified_name;

/// Where the `index`-th setting sits among the secrets: only secret settings have a place.
fn secret_position(tool: &Tool, index: usize) -> Option<usize> {
    let setting = tool.settings.get(index)?;
    setting.secret.then(|| {
        tool.settings
            .iter()
            .take(index)
            .filter(|setting| setting.secret)
            .count()
    })
}

/// Where `arcade` keeps the fields `ARCADE_PLACES` does not place (`Dialect::locate`);
/// a setting's place is counted among the secrets alone.
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::AuthProvider, "/requirements/authorization/provider_id"),
    (Field::AuthId, "/requirements/authorization/id"),
    (Field::AuthScopes, "/requirements/authorization/oauth2/scopes"),
    (Field::Settings, "/requirements/secrets"),
    (Field::Behavior, "/metadata/behavior"),
    (Field::Deprecation, "/deprecation_message"),
];

impl Dialect for Arcade {
    toolshift_model::dialect_basics!(ID, File, Json);

    /// Scores above `arcade-v2` on what only the SDK's form has: `input` (the toolkit
    /// form says `inputs`) and `fully_qualified_name`.
    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        let mut score = 0;
        if field(object, "toolkit").is_some_and(Value::is_object) {
            score += 4;
        }
        let parameters = field(object, "input")
            .and_then(|input| member(input, "parameters"))
            .and_then(Value::as_array);
        if parameters.is_some() && field(object, "inputs").is_none() {
            score += 3;
        }
        if parameters.is_some_and(|list| list.iter().any(|p| member(p, "value_schema").is_some())) {
            score += 3;
        }
        if field(object, "fully_qualified_name").is_some() {
            score += 2;
        }
        if score > 0 && field(object, "output").is_some() {
            score += 1;
        }
        score
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, _document: &Value) -> Option<String> {
        match field {
            // Only credentials are kept as secrets: a setting's place counts those.
            Field::Setting(i) | Field::SettingValue(i) => {
                let position = secret_position(tool, i)?;
                Some(toolshift_syntax::pointer::indexed(
                    "/requirements/secrets",
                    position,
                    "",
                ))
            }
            _ => places::locate(PLACES, field, tool, "")
                .or_else(|| places::locate(ARCADE_PLACES, field, tool, "/input/parameters")),
        }
    }

    /// `docs/arcade.md`, normalizations: keys whose value is `null` (the SDK writes
    /// every absent field so), `inferrable: true` (the default), a
    /// `fully_qualified_name` that is `Toolkit.Tool`, and objects left empty by these.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        drop_nulls(&mut document);
        drop_default_inferrable(&mut document, "/input/parameters");
        drop_derived_name(&mut document, "fully_qualified_name");
        if let Some(authorization) = document
            .pointer_mut("/requirements/authorization")
            .and_then(Value::as_object_mut)
        {
            if authorization
                .get("oauth2")
                .and_then(Value::as_object)
                .is_some_and(serde_json::Map::is_empty)
            {
                authorization.remove("oauth2");
            }
        }
        remove_if_empty(&mut document, "requirements");
        remove_if_empty(&mut document, "metadata");
        document
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("Arcade", toolshift_syntax::parse(SCHEMA))
    }

    /// The generated schema leaves most objects open because pydantic ignores unknown
    /// keys; an ignored key is a silent loss, so outputs must have none
    /// (`docs/arcade.md`, corrections).
    fn output_schema(&self) -> Result<Value, DialectError> {
        let mut schema = self.official_schema()?;
        close_objects(&mut schema);
        Ok(schema)
    }
}

/// Adds `additionalProperties: false` to every object schema (`type: object`) that
/// declares its properties and says nothing about others.
fn close_objects(schema: &mut Value) {
    match schema {
        Value::Object(map) => {
            let object_schema = map.get("type").and_then(Value::as_str) == Some("object");
            if object_schema
                && map.contains_key("properties")
                && !map.contains_key("additionalProperties")
            {
                map.insert("additionalProperties".into(), Value::Bool(false));
            }
            map.values_mut().for_each(close_objects);
        }
        Value::Array(items) => items.iter_mut().for_each(close_objects),
        _ => {}
    }
}
