//! Arcade v1 tool definitions.
//!
//! `schema` mirrors the official schema; `read` and `write` map it to and from the
//! canonical model; this file places fields, detects the dialect, and applies the
//! one documented correction to the schema outputs are validated with.

mod read;
pub mod schema;
mod write;

use serde_json::{json, Value};
use toolshift_arcade_common::{drop_default_inferrable, drop_no_authorization};
use toolshift_model::dialect::{drop_nulls, Dialect};
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Tool, WriteOptions};
use toolshift_syntax::pointer::{field, member};

pub const ID: &str = "arcade-v1";
pub const SCHEMA: &str = include_str!("../schema/arcade-v1.schema.jsonc");
pub use write::is_hash_version;

#[derive(Debug, Clone, Copy, Default)]
pub struct ArcadeV1;

/// Where Arcade v1 keeps each field (`Dialect::locate`).
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Description, "/description"),
    (Field::Version, "/version"),
    (Field::Parameters, "/input/parameters"),
    (Field::Parameter(0), "/input/parameters/{i}"),
    (Field::ParameterDescription(0), "/input/parameters/{i}/description"),
    (Field::ParameterRequired(0), "/input/parameters/{i}/required"),
    (Field::ParameterSchema(0), "/input/parameters/{i}/schema"),
    (Field::ParameterType(0), "/input/parameters/{i}/schema/type"),
    (Field::ParameterEnum(0), "/input/parameters/{i}/schema/enum"),
    (Field::ParameterInferrable(0), "/input/parameters/{i}/inferrable"),
    (Field::Output, "/output"),
    (Field::OutputModes, "/output/available_modes"),
    (Field::OutputDescription, "/output/value/description"),
    (Field::OutputSchema, "/output/value/schema"),
    (Field::OutputType, "/output/value/schema/type"),
    (Field::OutputEnum, "/output/value/schema/enum"),
    (Field::Authorization, "/requirements/authorization"),
    (Field::AuthAuthority, "/requirements/authorization/oauth2/url"),
    (Field::AuthScopes, "/requirements/authorization/oauth2/scope"),
];

impl Dialect for ArcadeV1 {
    toolshift_model::dialect_basics!(ID, File, Json);

    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        if field(object, "toolkit").is_some() || field(object, "inputs").is_some() {
            return 0;
        }
        let mut score = 0;
        let parameters = field(object, "input")
            .and_then(|input| member(input, "parameters"))
            .and_then(Value::as_array);
        if let Some(parameters) = parameters {
            score += 2;
            if parameters.iter().any(|p| member(p, "schema").is_some()) {
                score += 3;
            }
            if parameters
                .iter()
                .any(|p| member(p, "value_schema").is_some())
            {
                return 0;
            }
        }
        if field(object, "version").is_some_and(|v| v.as_str().is_some_and(is_hash_version)) {
            score += 2;
        }
        if field(object, "output")
            .and_then(|o| member(o, "value"))
            .is_some()
        {
            score += 1;
        }
        score
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, _document: &Value) -> Option<String> {
        match field {
            // A v1 toolkit is the first part of the tool's qualified name.
            Field::Toolkit | Field::ToolkitName if tool.toolkit.is_some() => Some("/name".into()),
            _ => places::locate(PLACES, field, tool, ""),
        }
    }

    /// `docs/arcade.md`, normalizations: null keys, `inferrable: true` (the default),
    /// empty `requirements`, and runs of whitespace in the scope string.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        drop_nulls(&mut document);
        drop_default_inferrable(&mut document, "/input/parameters");
        if let Some(scope) = document.pointer_mut("/requirements/authorization/oauth2/scope") {
            if let Some(text) = scope.as_str() {
                *scope = Value::String(text.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
        drop_no_authorization(&mut document);
        document
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("Arcade v1", toolshift_syntax::parse(SCHEMA))
    }

    /// The official schema with one correction: it declares string `enum` inside
    /// `then`, where `additionalProperties: false` cannot see it, so every `enum`
    /// is refused. The corrected schema allows `enum` on strings only, as its
    /// comment intends. `docs/arcade.md` states this reading.
    fn output_schema(&self) -> Result<Value, DialectError> {
        let mut schema = self.official_schema()?;
        let value_schema = schema
            .pointer_mut("/$defs/value_schema")
            .and_then(Value::as_object_mut)
            .ok_or_else(|| {
                DialectError::invalid(
                    "/$defs/value_schema",
                    "embedded Arcade v1 schema changed shape",
                )
            })?;
        if let Some(properties) = value_schema
            .get_mut("properties")
            .and_then(Value::as_object_mut)
        {
            properties.insert(
                "enum".into(),
                json!({"type": "array", "items": {"type": "string"}}),
            );
        }
        value_schema.insert("else".into(), json!({"not": {"required": ["enum"]}}));
        Ok(schema)
    }
}
