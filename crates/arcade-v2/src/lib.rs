//! Arcade v2 tool definitions, toolkit form.
//!
//! `schema` mirrors the official schema; `read` and `write` map it to and from the
//! canonical model; this file places fields and detects the dialect.

mod read;
pub mod schema;
mod write;

use serde_json::Value;
use toolshift_arcade_common::{
    drop_default_inferrable, drop_derived_name, drop_no_authorization, ARCADE_PLACES,
};
use toolshift_model::dialect::{drop_nulls, Dialect};
use toolshift_model::places::{self, Places};
use toolshift_model::{DialectError, Field, Tool, WriteOptions};
use toolshift_syntax::pointer::{field, member};

pub const ID: &str = "arcade-v2";
pub const SCHEMA: &str = include_str!("../schema/arcade-v2.schema.jsonc");

#[derive(Debug, Clone, Copy, Default)]
pub struct ArcadeV2;

/// Where Arcade v2 keeps the fields `ARCADE_PLACES` does not place (`Dialect::locate`).
#[rustfmt::skip]
const PLACES: &Places = &[
    (Field::AuthAuthority, "/requirements/authorization/oauth2/authority"),
    // Where later revisions keep a setting; Arcade v2 proper has no place for it.
    (Field::Setting(0), "/requirements/secrets/{i}"),
    (Field::SettingValue(0), "/requirements/secrets/{i}"),
];

impl Dialect for ArcadeV2 {
    toolshift_model::dialect_basics!(ID, File, Json);

    fn detect(&self, document: &Value) -> u8 {
        let Some(object) = document.as_object() else {
            return 0;
        };
        let mut score = 0;
        if field(object, "toolkit").is_some_and(Value::is_object) {
            score += 4;
        }
        if field(object, "inputs").is_some() {
            score += 3;
        }
        let parameters = field(object, "inputs")
            .or_else(|| field(object, "input"))
            .and_then(|inputs| member(inputs, "parameters"))
            .and_then(Value::as_array);
        if parameters.is_some_and(|list| list.iter().any(|p| member(p, "value_schema").is_some())) {
            score += 3;
        }
        if field(object, "full_name").is_some() || field(object, "fully_qualified_name").is_some() {
            score += 1;
        }
        if score > 0 && field(object, "output").is_some() {
            score += 1;
        }
        score
    }

    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        write::manifest_name(tool, options)
    }

    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String> {
        let authorization = "/requirements/authorization";
        // A key some emitters spell otherwise is located where the document has it.
        let spelled = |preferred: &str, other: &str, parent: &str| {
            let other_pointer = format!("{parent}/{other}");
            if document.pointer(&other_pointer).is_some() {
                other_pointer
            } else {
                format!("{parent}/{preferred}")
            }
        };
        match field {
            Field::AuthProvider => Some(spelled("provider", "provider_id", authorization)),
            Field::AuthScopes => Some(spelled(
                "scope",
                "scopes",
                &format!("{authorization}/oauth2"),
            )),
            // Later revisions keep secrets here; Arcade v2 proper has no place for them.
            Field::Settings if document.pointer("/requirements/secrets").is_some() => {
                Some("/requirements/secrets".into())
            }
            _ => {
                // The parameter list is under `inputs`, or `input` where the v2-era SDK
                // wrote that.
                let inputs = if document.get("input").is_some() && document.get("inputs").is_none()
                {
                    "/input/parameters"
                } else {
                    "/inputs/parameters"
                };
                places::locate(PLACES, field, tool, "")
                    .or_else(|| places::locate(ARCADE_PLACES, field, tool, inputs))
            }
        }
    }

    /// `docs/arcade.md`, normalizations: null keys, a derivable `full_name`, the later
    /// spellings `input`, `provider_id`, `provider_type: oauth2` and `scopes`,
    /// `inferrable: true` (the default), and empty `requirements`.
    fn normalize(&self, document: &Value) -> Value {
        let mut document = document.clone();
        drop_nulls(&mut document);
        if let Some(object) = document.as_object_mut() {
            if !object.contains_key("inputs") {
                if let Some(inputs) = object.remove("input") {
                    object.insert("inputs".into(), inputs);
                }
            }
        }
        drop_derived_name(&mut document, "full_name");
        drop_default_inferrable(&mut document, "/inputs/parameters");
        if let Some(authorization) = document
            .pointer_mut("/requirements/authorization")
            .and_then(Value::as_object_mut)
        {
            if !authorization.contains_key("provider") {
                if let Some(provider) = authorization.remove("provider_id") {
                    authorization.insert("provider".into(), provider);
                }
            }
            if authorization.get("provider_type").and_then(Value::as_str) == Some("oauth2") {
                authorization.remove("provider_type");
            }
            if let Some(oauth2) = authorization
                .get_mut("oauth2")
                .and_then(Value::as_object_mut)
            {
                if !oauth2.contains_key("scope") {
                    if let Some(scopes) = oauth2.remove("scopes") {
                        oauth2.insert("scope".into(), scopes);
                    }
                }
            }
        }
        drop_no_authorization(&mut document);
        document
    }

    fn normalize_pointer(&self, pointer: &str) -> String {
        let renamed = match pointer.strip_prefix("/input") {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("/inputs{rest}"),
            _ => pointer.to_owned(),
        };
        renamed
            .replace(
                "/requirements/authorization/provider_id",
                "/requirements/authorization/provider",
            )
            .replace(
                "/requirements/authorization/oauth2/scopes",
                "/requirements/authorization/oauth2/scope",
            )
    }

    fn official_schema(&self) -> Result<Value, DialectError> {
        DialectError::embedded_schema("Arcade v2", toolshift_syntax::parse(SCHEMA))
    }
}
