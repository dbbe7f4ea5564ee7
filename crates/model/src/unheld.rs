//! Reports every part of a tool that a target dialect has no place for.
//!
//! Each writer declares what its dialect can hold and calls this once, so that
//! adding a field to the model forces one decision here rather than a silent
//! omission in some writer.

use crate::field::Field;
use crate::loss::{Loss, LossCode};
use crate::message;
use crate::tool::{ExampleCall, Extra, Tool, ValueType};

/// What a target dialect can hold, beyond the fields every dialect has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Holds {
    pub display_name: bool,
    pub version: bool,
    pub toolkit: bool,
    pub parameter_defaults: bool,
    pub return_values: bool,
    pub settings: bool,
    pub examples: bool,
    pub implementation: bool,
    pub enabled: bool,
    pub author: bool,
    pub url: bool,
    pub license: bool,
    /// Output description, type and modes.
    pub output: bool,
    /// `inferrable: false` on a parameter.
    pub inferrable: bool,
    /// Allowed values on parameters (writers that hold them only on some types report those themselves).
    pub parameter_enums: bool,
    /// Object fields, required keys, value descriptions and nullable flags in value schemas.
    pub schema_details: bool,
    /// JSON Schema keywords beyond the model's fields (`pattern`, `minimum`, `anyOf`...).
    pub schema_keywords: bool,
    /// Behaviour hints (read-only, destructive, idempotent, open world, operations).
    pub behavior: bool,
    pub deprecation: bool,
    /// The id of a configured OAuth2 provider.
    pub auth_id: bool,
}

/// Every part of `tool` that `target` cannot hold, one loss each, in the order a report
/// lists them: metadata, schema details and keywords, version and toolkit, parameters
/// and output, then return values, settings, examples and implementation.
pub fn unheld(tool: &Tool, target: &str, holds: Holds) -> Vec<Loss> {
    let mut losses = Vec::new();
    metadata_losses(tool, target, holds, &mut losses);
    schema_losses(tool, target, holds, &mut losses);
    identity_losses(tool, target, holds, &mut losses);
    parameter_losses(tool, target, holds, &mut losses);
    companion_losses(tool, target, holds, &mut losses);
    losses
}

/// Display name, enabled flag, author, URL, licence, deprecation, behaviour hints and
/// the authorization id.
fn metadata_losses(tool: &Tool, target: &str, holds: Holds, losses: &mut Vec<Loss>) {
    let mut metadata = |present: bool, field: Field, what: &str| {
        if present {
            losses.push(Loss::new(
                LossCode::MetadataDropped,
                field,
                message!("{target} has no {what}; it was dropped. Record it elsewhere if you still need it."),
            ));
        }
    };
    metadata(
        tool.display_name.is_some() && !holds.display_name,
        Field::DisplayName,
        "display name",
    );
    metadata(
        tool.enabled.is_some() && !holds.enabled,
        Field::Enabled,
        "enabled flag",
    );
    metadata(
        tool.author.is_some() && !holds.author,
        Field::Author,
        "author",
    );
    metadata(tool.url.is_some() && !holds.url, Field::Url, "author URL");
    metadata(
        tool.license.is_some() && !holds.license,
        Field::License,
        "licence",
    );
    if let (Some(message), false) = (&tool.deprecation, holds.deprecation) {
        losses.push(Loss::new(
            LossCode::MetadataDropped,
            Field::Deprecation,
            message!("{target} cannot mark a tool deprecated; the message {message:?} was dropped. Say so in the description if callers must know."),
        ));
    }
    if let (Some(behavior), false) = (&tool.behavior, holds.behavior) {
        if !behavior.is_empty() {
            losses.push(Loss::new(
                LossCode::BehaviorDropped,
                Field::Behavior,
                message!("{target} has no behaviour hints; {} were dropped. Policies that rely on them (human approval for destructive tools) no longer see them.", behavior.describe()),
            ));
        }
    }
    if let (crate::tool::Authorization::OAuth2(oauth2), false) =
        (&tool.authorization, holds.auth_id)
    {
        if let Some(id) = &oauth2.id {
            losses.push(Loss::new(
                LossCode::ProviderDropped,
                Field::AuthId,
                message!("{target} has no authorization id; `{id}`, which names the configured OAuth2 provider, was dropped. Configure the provider by hand."),
            ));
        }
    }
}

/// Value-schema details and JSON Schema keywords of flat-typed targets.
fn schema_losses(tool: &Tool, target: &str, holds: Holds, losses: &mut Vec<Loss>) {
    if !holds.schema_details {
        // `whose` is spelled out only for a loss: most types have no details.
        let mut details = |schema: &crate::tool::ValueSchema,
                           field: Field,
                           whose: &dyn Fn() -> String| {
            let parts = schema.details();
            if !parts.is_empty() {
                losses.push(Loss::new(
                    LossCode::SchemaDetailsDropped,
                    field,
                    message!("{target} types are flat, so {} lost its {}. Say it in the description if the model needs it.", whose(), parts.join(", ")),
                ));
            }
        };
        for (index, parameter) in tool.parameters.iter().enumerate() {
            details(&parameter.schema, Field::ParameterSchema(index), &|| {
                format!("the type of `{}`", parameter.name)
            });
        }
        if let Some(schema) = &tool.output.schema {
            details(schema, Field::OutputSchema, &|| {
                "the output type".to_owned()
            });
        }
    }

    if !holds.schema_keywords {
        for (index, (key, value)) in tool.parameter_keywords.iter().flatten().enumerate() {
            losses.push(Loss::new(
                LossCode::KeywordDropped,
                Field::ParameterKeyword(index),
                message!("{target} parameters are not one JSON Schema; the arguments' own `{key}: {}` was dropped.", preview(value)),
            ));
        }
        let mut keywords = |schema: &crate::tool::ValueSchema,
                            field: Field,
                            whose: &dyn Fn() -> String| {
            for (place, key, value) in schema.keyword_places() {
                let whose = whose();
                let at = if place.is_empty() {
                    String::new()
                } else {
                    format!(" on field `{place}`")
                };
                losses.push(Loss::new(
                    LossCode::KeywordDropped,
                    field,
                    message!("{target} types have no `{key}`; {whose} lost `{key}: {}`{at}. State the constraint in the description if the model needs it.", preview(value)),
                ));
            }
        };
        for (index, parameter) in tool.parameters.iter().enumerate() {
            keywords(&parameter.schema, Field::ParameterSchema(index), &|| {
                format!("the type of `{}`", parameter.name)
            });
        }
        if let Some(schema) = &tool.output.schema {
            keywords(schema, Field::OutputSchema, &|| {
                "the output type".to_owned()
            });
        }
    }
}

/// The per-tool version and the toolkit.
fn identity_losses(tool: &Tool, target: &str, holds: Holds, losses: &mut Vec<Loss>) {
    if let (Some(version), false) = (&tool.version, holds.version) {
        losses.push(Loss::new(
            LossCode::ToolVersionDropped,
            Field::Version,
            message!(
                "{target} has no per-tool version; version `{version}` was dropped. {}",
                if holds.toolkit {
                    "Use --toolkit-version to version the toolkit instead."
                } else {
                    "Record it elsewhere if you still need it."
                }
            ),
        ));
    }
    if let (Some(toolkit), false) = (&tool.toolkit, holds.toolkit) {
        losses.push(Loss::new(
            LossCode::ToolkitDropped,
            Field::Toolkit,
            message!(
                "{target} has no toolkit; toolkit `{}` was dropped.",
                toolkit.name
            ),
        ));
    }
}

/// Parameter defaults, the output, and each parameter's inferrable flag and allowed values.
fn parameter_losses(tool: &Tool, target: &str, holds: Holds, losses: &mut Vec<Loss>) {
    if !holds.parameter_defaults {
        for (index, parameter) in tool.parameters.iter().enumerate() {
            if let Some(default) = &parameter.default {
                losses.push(Loss::new(
                    LossCode::ParameterDefaultDropped,
                    Field::ParameterDefault(index),
                    message!("{target} has no parameter defaults; `{}` loses its default {default}. Mention it in the description if callers rely on it.", parameter.name),
                ));
            }
        }
    }
    if !holds.output {
        let output = &tool.output;
        if output.description.is_some() || output.schema.is_some() || !output.modes.is_empty() {
            let mut parts = Vec::new();
            if let Some(description) = &output.description {
                parts.push(format!("description {description:?}"));
            }
            if let Some(schema) = &output.schema {
                parts.push(format!("type {}", schema.value_type.described()));
            }
            if !output.modes.is_empty() {
                parts.push(format!("modes {}", output.modes_text()));
            }
            losses.push(Loss::new(
                LossCode::OutputDropped,
                Field::Output,
                message!("{target} does not describe a tool's output; its {} were dropped. Say what the tool returns in its description.", parts.join(", ")),
            ));
        }
    }
    for (index, parameter) in tool.parameters.iter().enumerate() {
        if !holds.inferrable && parameter.inferrable == Some(false) {
            losses.push(Loss::new(
                LossCode::InferrableDropped,
                Field::ParameterInferrable(index),
                message!("{target} cannot forbid the model to infer `{}` (inferrable: false); make sure the caller supplies it.", parameter.name),
            ));
        }
        if let (Some(allowed), false) = (&parameter.schema.allowed, holds.parameter_enums) {
            losses.push(Loss::new(
                LossCode::EnumDropped,
                Field::ParameterEnum(index),
                message!("{target} cannot list allowed values; {allowed:?} of `{}` were dropped. List them in the description.", parameter.name),
            ));
        }
    }
}

/// Named return values, settings, examples and the implementation reference.
fn companion_losses(tool: &Tool, target: &str, holds: Holds, losses: &mut Vec<Loss>) {
    if !holds.return_values {
        for (index, value) in tool.output.returns.iter().enumerate() {
            losses.push(Loss::new(
                LossCode::ReturnValuesDropped,
                Field::Return(index),
                message!(
                    "{target} has no named return values; `{}` ({}) was dropped. Say what the tool returns in its description.",
                    value.name,
                    value.value_type.described()
                ),
            ));
        }
    }
    if !holds.settings {
        for (index, setting) in tool.settings.iter().enumerate() {
            let kind = if setting.secret { "secret" } else { "setting" };
            losses.push(Loss::new(
                LossCode::SettingDropped,
                Field::Setting(index),
                message!("{target} has no installation settings; {kind} `{}` was dropped. Configure it in the runtime that hosts the tool.", setting.key),
            ));
        }
    }
    if !holds.examples {
        for (index, example) in tool.examples.iter().enumerate() {
            let what = match &example.call {
                ExampleCall::Code { language, .. } => format!("the {language} example code"),
                ExampleCall::Arguments { .. } | ExampleCall::Verbatim(_) => {
                    format!("example call {}", index + 1)
                }
            };
            losses.push(Loss::new(
                LossCode::ExampleDropped,
                Field::Example(index),
                message!("{target} has no examples; {what} was dropped."),
            ));
        }
    }
    if let (Some(implementation), false) = (&tool.implementation, holds.implementation) {
        losses.push(Loss::new(
            LossCode::ImplementationDropped,
            Field::Implementation,
            message!("{target} does not reference implementation files; `{}` ({}) was dropped. Port the code by hand.", implementation.file, implementation.language),
        ));
    }
}

/// Reports the extras of other dialects (and those of the target it cannot write back).
pub fn unheld_extras(
    extras: &[Extra],
    target_id: &str,
    target: &str,
    writes_back: impl Fn(&str) -> bool,
) -> Vec<Loss> {
    extras
        .iter()
        .enumerate()
        .filter(|(_, extra)| !(extra.dialect == target_id && writes_back(&extra.pointer)))
        .map(|(index, extra)| {
            let origin = if extra.dialect == target_id {
                format!("is not part of the {target} schema")
            } else {
                format!("from {} has no place in {target}", extra.dialect)
            };
            Loss::new(
                LossCode::FieldDropped,
                Field::Extra(index),
                message!(
                    "`{}` ({}) {origin}; it was dropped.",
                    extra.pointer,
                    preview(&extra.value)
                ),
            )
        })
        .collect()
}

/// A short rendering of a dropped value, so the user sees what went without opening the input.
fn preview(value: &serde_json::Value) -> String {
    const LIMIT: usize = 60;
    let text = value.to_string();
    if text.chars().count() <= LIMIT {
        return text;
    }
    let cut: String = text.chars().take(LIMIT).collect();
    format!("{cut}…")
}

/// The type a dialect without native types writes: a native type's canonical
/// equivalent, or `json` where it has none. Either way the change is reported, since
/// the type left its dialect.
pub fn lower_native(
    value_type: &ValueType,
    field: Field,
    target: &str,
    losses: &mut Vec<Loss>,
) -> ValueType {
    if !matches!(value_type, ValueType::Native { .. }) {
        return value_type.clone();
    }
    let described = value_type.described();
    match value_type.canonical_equivalent() {
        Some(equivalent) => {
            losses.push(Loss::new(
                LossCode::TypeChanged,
                field,
                message!(
                    "{described} was written as its {target} equivalent, {}.",
                    equivalent.described()
                ),
            ));
            equivalent.clone()
        }
        None => {
            losses.push(Loss::new(
                LossCode::TypeChanged,
                field,
                message!("{described} has no {target} equivalent; it was written as `json`. Narrow the type by hand if you can."),
            ));
            ValueType::Primitive(crate::tool::Primitive::Json)
        }
    }
}
