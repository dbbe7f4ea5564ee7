//! What the Arcade dialects (`arcade`, `arcade-v1`, `arcade-v2`) share and no other
//! dialect has: the `val_type` encoding of value types (`ValType`, `from_val_types`,
//! `to_val_types`), the output modes every Arcade form requires, the `Toolkit.Tool`
//! name and its file name, how the toolkit forms read secrets and OAuth2 providers,
//! and the normalizations their comparisons share (`docs/arcade.md`).
//!
//! It is not a dialect: the three Arcade crates depend on it, and it depends on the
//! model and the syntax crate alone.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use toolshift_model::dialect::{check_file_name, collect_extras, objects_at, remove_if_empty};
use toolshift_model::places::Places;
use toolshift_model::unheld::{lower_native, unheld, unheld_extras, Holds};
use toolshift_model::{
    message, DialectError, Extra, Field, Loss, LossCode, OutputMode, Primitive, Setting, Tool,
    ValueType,
};
use toolshift_syntax::pointer::{child, indexed};

/// The places `arcade` and `arcade-v2` share (`Dialect::locate`); `{base}` is the
/// parameter list. Each dialect looks a field up in its own table first.
#[rustfmt::skip]
pub const ARCADE_PLACES: &Places = &[
    (Field::Root, ""),
    (Field::Name, "/name"),
    (Field::Description, "/description"),
    (Field::Toolkit, "/toolkit"),
    (Field::ToolkitName, "/toolkit/name"),
    (Field::ToolkitDescription, "/toolkit/description"),
    (Field::ToolkitVersion, "/toolkit/version"),
    (Field::Parameters, "{base}"),
    (Field::Parameter(0), "{base}/{i}"),
    (Field::ParameterDescription(0), "{base}/{i}/description"),
    (Field::ParameterRequired(0), "{base}/{i}/required"),
    (Field::ParameterSchema(0), "{base}/{i}/value_schema"),
    (Field::ParameterType(0), "{base}/{i}/value_schema/val_type"),
    (Field::ParameterElementType(0), "{base}/{i}/value_schema/inner_val_type"),
    (Field::ParameterEnum(0), "{base}/{i}/value_schema/enum"),
    (Field::ParameterInferrable(0), "{base}/{i}/inferrable"),
    (Field::Output, "/output"),
    (Field::OutputModes, "/output/available_modes"),
    (Field::OutputDescription, "/output/description"),
    (Field::OutputSchema, "/output/value_schema"),
    (Field::OutputType, "/output/value_schema/val_type"),
    (Field::OutputElementType, "/output/value_schema/inner_val_type"),
    (Field::OutputEnum, "/output/value_schema/enum"),
    (Field::Authorization, "/requirements/authorization"),
];

/// A `val_type` or `inner_val_type`, as `arcade` and `arcade-v2` spell it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ValType {
    String,
    Integer,
    Number,
    Boolean,
    Json,
    Array,
}

impl ValType {
    /// The model's primitive; `None` for `array`, which is no primitive.
    pub fn primitive(self) -> Option<Primitive> {
        Some(match self {
            ValType::String => Primitive::String,
            ValType::Integer => Primitive::Integer,
            ValType::Number => Primitive::Number,
            ValType::Boolean => Primitive::Boolean,
            ValType::Json => Primitive::Json,
            ValType::Array => return None,
        })
    }
}

impl From<Primitive> for ValType {
    fn from(primitive: Primitive) -> Self {
        match primitive {
            Primitive::String => ValType::String,
            Primitive::Integer => ValType::Integer,
            Primitive::Number => ValType::Number,
            Primitive::Boolean => ValType::Boolean,
            Primitive::Json => ValType::Json,
        }
    }
}

/// The tool's output modes, or `value` and `error` where it has none (every Arcade form
/// requires some), reported under the target's `title`.
pub fn output_modes(tool: &Tool, title: &str, losses: &mut Vec<Loss>) -> Vec<OutputMode> {
    if !tool.output.modes.is_empty() {
        return tool.output.modes.clone();
    }
    losses.push(Loss::new(
        LossCode::OutputModesDefaulted,
        Field::OutputModes,
        message!("{title} requires output modes; `value` and `error` were written."),
    ));
    vec![OutputMode::Value, OutputMode::Error]
}

/// A value type from the `val_type` encoding: a primitive `val`, or `array` (`val` is
/// `None`) with a primitive `inner` (`None` when absent, `Some(None)` when it is itself
/// `array`). `pointer` names the value schema, for errors.
pub fn from_val_types(
    val: Option<Primitive>,
    inner: Option<Option<Primitive>>,
    pointer: &str,
) -> Result<ValueType, DialectError> {
    let Some(val) = val else {
        let inner = inner.ok_or_else(|| {
            DialectError::invalid(
                child(pointer, "val_type"),
                "an `array` needs an `inner_val_type`",
            )
        })?;
        let element = inner.ok_or_else(|| {
            DialectError::invalid(
                child(pointer, "inner_val_type"),
                "arrays of arrays are not an Arcade type",
            )
        })?;
        return Ok(ValueType::Array(element));
    };
    Ok(ValueType::Primitive(val))
}

/// The other way: `val_type` (`None` for `array`) and `inner_val_type`, after a native
/// type is lowered to its equivalent or `json` (reported).
pub fn to_val_types(
    value_type: &ValueType,
    field: Field,
    target: &str,
    losses: &mut Vec<Loss>,
) -> (Option<Primitive>, Option<Primitive>) {
    match lower_native(value_type, field, target, losses) {
        ValueType::Primitive(p) => (Some(p), None),
        ValueType::Array(p) => (None, Some(p)),
        // lower_native never returns a native type.
        ValueType::Native { .. } => (Some(Primitive::Json), None),
    }
}

/// `Toolkit.Tool`, the name the SDK registers and resolves a tool by.
pub fn qualified_name(toolkit: &str, tool: &str) -> String {
    [toolkit, ".", tool].concat()
}

/// `Toolkit.Tool.json`, the file `arcade` and `arcade-v2` write a definition to.
pub fn qualified_file_name(toolkit: &str, tool: &str) -> Result<String, DialectError> {
    let name = [toolkit, ".", tool, ".json"].concat();
    check_file_name(&name)?;
    Ok(name)
}

/// Normalization: drops `inferrable: true`, the default, from each parameter of the
/// list at `parameters`.
pub fn drop_default_inferrable(document: &mut Value, parameters: &str) {
    for parameter in objects_at(document, parameters) {
        if parameter.get("inferrable") == Some(&Value::Bool(true)) {
            parameter.remove("inferrable");
        }
    }
}

/// Normalization: drops the qualified name under `key` where it is the one
/// `toolkit.name` and `name` derive.
pub fn drop_derived_name(document: &mut Value, key: &str) {
    let Some(object) = document.as_object_mut() else {
        return;
    };
    let toolkit = object.get("toolkit").and_then(|t| t.get("name"));
    let derived = match (toolkit.and_then(Value::as_str), object.get("name")) {
        (Some(toolkit), Some(Value::String(name))) => qualified_name(toolkit, name),
        _ => return,
    };
    if object.get(key).and_then(Value::as_str) == Some(derived.as_str()) {
        object.remove(key);
    }
}

/// Normalization: an `authorization` of `"none"` says what an absent requirement
/// says (nothing is needed), and `requirements` left empty goes too.
pub fn drop_no_authorization(document: &mut Value) {
    if let Some(requirements) = document
        .get_mut("requirements")
        .and_then(Value::as_object_mut)
    {
        if requirements.get("authorization").and_then(Value::as_str) == Some("none") {
            requirements.remove("authorization");
        }
    }
    remove_if_empty(document, "requirements");
}

/// What every Arcade form holds beyond the fields all dialects have: the toolkit, the
/// output, `inferrable: false` and allowed values.
pub fn arcade_holds() -> Holds {
    Holds {
        toolkit: true,
        output: true,
        inferrable: true,
        parameter_enums: true,
        ..Holds::default()
    }
}

/// Reports what the toolkit form `id` (titled `title`) cannot hold, and each extra of
/// that form but `$schema`, which it writes back: its value is returned.
pub fn unheld_but_schema_uri(
    tool: &Tool,
    id: &str,
    title: &str,
    holds: Holds,
    losses: &mut Vec<Loss>,
) -> Option<String> {
    losses.extend(unheld(tool, title, holds));
    losses.extend(unheld_extras(&tool.extras, id, title, |pointer| {
        pointer == "/$schema"
    }));
    tool.extra(id, "/$schema")
        .and_then(|value| value.as_str().map(str::to_owned))
}

/// The secrets a tool requires (`/requirements/secrets`), read as settings; each
/// secret's unknown keys are kept in `extras`.
pub fn secret_settings<'s>(
    id: &str,
    secrets: impl Iterator<Item = (&'s str, &'s Map<String, Value>)>,
    extras: &mut Vec<Extra>,
) -> Vec<Setting> {
    secrets
        .enumerate()
        .map(|(index, (key, unknown))| {
            let pointer = indexed("/requirements/secrets", index, "");
            collect_extras(id, &pointer, unknown, extras);
            Setting::secret(key)
        })
        .collect()
}

/// Keeps in `extras` what an OAuth2 provider requirement holds beyond the model: its
/// unknown keys and its `oauth2` object's, and a `provider_type` other than `oauth2`
/// (what the model means by this shape), so that the same dialect writes it back and
/// others report it.
pub fn provider_extras(
    id: &str,
    unknown: &Map<String, Value>,
    provider_type: Option<&str>,
    oauth2_unknown: Option<&Map<String, Value>>,
    extras: &mut Vec<Extra>,
) {
    let pointer = "/requirements/authorization";
    let mut unknown = unknown.clone();
    if let Some(kind) = provider_type.filter(|kind| *kind != "oauth2") {
        unknown.insert("provider_type".into(), kind.into());
    }
    collect_extras(id, pointer, &unknown, extras);
    if let Some(oauth2_unknown) = oauth2_unknown {
        collect_extras(id, &child(pointer, "oauth2"), oauth2_unknown, extras);
    }
}
