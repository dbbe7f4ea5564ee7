//! Canonical tool → Arcade SDK document.

use crate::schema::{self, ValType};
use crate::ID;
use toolshift_model::message;
use toolshift_model::providers::infer_provider;
use toolshift_model::text::ensure_description;
use toolshift_model::unheld::{unheld, unheld_extras, Holds};
use toolshift_model::{
    Authorization, DialectError, Field, Loss, LossCode, OutputContent, OutputFile, OutputMode,
    Primitive, Property, Tool, ValueSchema, WriteOptions, Written,
};

const DEFAULT_TOOLKIT: &str = "Default";
const TITLE: &str = "Arcade";
/// The secret that stands for a bearer-token requirement, which Arcade no longer has.
const TOKEN_SECRET: &str = "ACCESS_TOKEN";

/// Extras of this dialect that the writer puts back, because the SDK reads them.
const WRITTEN_BACK: &[&str] = &[
    "/fully_qualified_name",
    "/_meta",
    "/requirements/metadata",
    "/requirements/authorization/provider_type",
    "/metadata/classification",
    "/metadata/extras",
];

/// The definition's file, named as `write` names it.
pub fn manifest_name(tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
    let toolkit = toolkit(tool, options, &mut Vec::new());
    crate::file_name(&toolkit.name, &tool.name)
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let toolkit = toolkit(tool, options, &mut losses);
    let file_name = crate::file_name(&toolkit.name, &tool.name)?;
    let fully_qualified_name = match (
        options.toolkit.is_none(),
        own_text(tool, "/fully_qualified_name"),
    ) {
        (true, Some(name)) => name,
        _ => crate::qualified_name(&toolkit.name, &tool.name),
    };
    let description = match &tool.description {
        Some(text) => text.clone(),
        None => {
            let (text, _) = ensure_description(None, &format!("{} tool", tool.name), 1);
            losses.push(Loss::new(
                LossCode::DescriptionDefaulted,
                Field::Description,
                message!("Arcade requires a description and the input has none; {text:?} was written. Describe what the tool does: the model reads it to choose the tool."),
            ));
            text
        }
    };
    let parameters = tool
        .parameters
        .iter()
        .enumerate()
        .map(|(index, parameter)| {
            let required = parameter.required_or_optional(index, TITLE, &mut losses);
            schema::InputParameter {
                name: parameter.name.clone(),
                required,
                description: parameter.description.clone(),
                value_schema: value_schema(
                    &parameter.schema,
                    Field::ParameterSchema(index),
                    &mut losses,
                ),
                inferrable: Some(parameter.inferrable.unwrap_or(true)),
                unknown: Default::default(),
            }
        })
        .collect();

    let mut modes = tool.output.modes.clone();
    if modes.is_empty() {
        modes = vec![OutputMode::Value, OutputMode::Error];
        losses.push(Loss::new(
            LossCode::OutputModesDefaulted,
            Field::OutputModes,
            message!("Arcade requires output modes; `value` and `error` were written."),
        ));
    }
    let output = schema::ToolOutput {
        description: tool.output.description.clone(),
        available_modes: Some(modes.iter().map(|m| m.as_str().to_owned()).collect()),
        value_schema: tool
            .output
            .schema
            .as_ref()
            .map(|vs| value_schema(vs, Field::OutputSchema, &mut losses)),
        unknown: Default::default(),
    };

    let requirements = requirements(tool, options, &mut losses);
    let metadata = metadata(tool);

    losses.extend(unheld(
        tool,
        TITLE,
        Holds {
            toolkit: true,
            output: true,
            inferrable: true,
            parameter_enums: true,
            schema_details: true,
            behavior: true,
            deprecation: true,
            auth_id: true,
            // Secrets are written below; the writer reports the other settings itself.
            settings: true,
            ..Holds::default()
        },
    ));
    losses.extend(unheld_extras(tool, ID, TITLE, |pointer| {
        WRITTEN_BACK.contains(&pointer)
            && !(pointer == "/fully_qualified_name" && options.toolkit.is_some())
    }));

    let definition = schema::ToolDefinition {
        name: tool.name.clone(),
        fully_qualified_name: Some(fully_qualified_name),
        description: Some(description),
        toolkit,
        input: schema::ToolInput {
            parameters,
            unknown: Default::default(),
        },
        output,
        requirements: Some(requirements),
        deprecation_message: tool.deprecation.clone(),
        metadata,
        meta: tool
            .extra(ID, "/_meta")
            .and_then(|value| value.as_object().cloned()),
        unknown: Default::default(),
    };
    let document = toolshift_model::dialect::to_document(ID, &definition)?;
    Ok(Written {
        files: vec![OutputFile {
            path: file_name,
            content: OutputContent::Manifest(document),
            create_only: false,
        }],
        losses,
    })
}

fn own_text(tool: &Tool, pointer: &str) -> Option<String> {
    tool.extra(ID, pointer)
        .and_then(|value| value.as_str().map(str::to_owned))
}

fn toolkit(
    tool: &Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::ToolkitDefinition {
    let declared = tool.toolkit.as_ref();
    let name = tool.toolkit_name(options.toolkit.as_deref(), DEFAULT_TOOLKIT, TITLE, losses);
    // The SDK accepts a toolkit without a version, so none is invented.
    let version = options
        .toolkit_version
        .clone()
        .or_else(|| declared.and_then(|t| t.version.clone()));
    schema::ToolkitDefinition {
        name,
        description: declared.and_then(|t| t.description.clone()),
        version,
        unknown: Default::default(),
    }
}

fn val_type(primitive: Primitive) -> ValType {
    match primitive {
        Primitive::String => ValType::String,
        Primitive::Integer => ValType::Integer,
        Primitive::Number => ValType::Number,
        Primitive::Boolean => ValType::Boolean,
        Primitive::Json => ValType::Json,
    }
}

fn value_schema(vs: &ValueSchema, field: Field, losses: &mut Vec<Loss>) -> schema::ValueSchema {
    let (val, inner) = vs.value_type.to_val_types(field, TITLE, losses);
    let (val, inner) = (val.map_or(ValType::Array, val_type), inner.map(val_type));
    schema::ValueSchema {
        val_type: val,
        inner_val_type: inner,
        allowed: vs.allowed.clone(),
        properties: properties(vs.properties.as_deref(), field, losses),
        inner_properties: properties(vs.element_properties.as_deref(), field, losses),
        description: vs.description.clone(),
        required_keys: vs.required_keys.clone(),
        inner_required_keys: vs.element_required_keys.clone(),
        nullable: vs.nullable,
        unknown: Default::default(),
    }
}

fn properties(
    properties: Option<&[Property]>,
    field: Field,
    losses: &mut Vec<Loss>,
) -> Option<indexmap::IndexMap<String, schema::ValueSchema>> {
    properties.map(|properties| {
        properties
            .iter()
            .map(|property| {
                (
                    property.name.clone(),
                    value_schema(&property.schema, field, losses),
                )
            })
            .collect()
    })
}

fn requirements(
    tool: &Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::ToolRequirements {
    let mut secrets: Vec<schema::KeyRequirement> = Vec::new();
    for (index, setting) in tool.settings.iter().enumerate() {
        if !setting.secret {
            losses.push(Loss::new(
                LossCode::SettingDropped,
                Field::Setting(index),
                message!("Arcade tools take only secrets from their installation; setting `{}` was dropped. Make it a parameter, or a secret if the tool reads it with context.get_secret.", setting.key),
            ));
            continue;
        }
        let mut details = Vec::new();
        if setting
            .value
            .as_ref()
            .is_some_and(|v| !v.is_null() && v != "")
        {
            details.push("its value");
        }
        if setting.default.is_some() {
            details.push("its default");
        }
        if setting.description.is_some() {
            details.push("its description");
        }
        if setting.input.is_some() {
            details.push("its input hints");
        }
        if !details.is_empty() {
            losses.push(Loss::new(
                LossCode::SettingDetailsDropped,
                Field::Setting(index),
                message!("an Arcade secret is a key only; `{}` lost {}. Set the secret in the Arcade dashboard or the worker's environment.", setting.key, toolshift_model::text::and_list(&details)),
            ));
        }
        if tool.origin.as_deref() != Some(ID) {
            losses.push(Loss::new(
                LossCode::SettingAsSecret,
                Field::Setting(index),
                message!("`{}` is now an Arcade secret: set it in the Arcade dashboard or the worker's environment, and read it in the tool with context.get_secret({:?}).", setting.key, setting.key),
            ));
        }
        secrets.push(key(&setting.key));
    }
    let authorization = match &tool.authorization {
        Authorization::Unspecified | Authorization::None => None,
        Authorization::Token => {
            if !secrets.iter().any(|secret| secret.key == TOKEN_SECRET) {
                secrets.push(key(TOKEN_SECRET));
            }
            losses.push(Loss::new(
                LossCode::AuthorizationAsSetting,
                Field::Authorization,
                message!("Arcade has no bearer-token requirement; secret `{TOKEN_SECRET}` now stands for the token. Read it with context.get_secret({TOKEN_SECRET:?})."),
            ));
            None
        }
        Authorization::OAuth2(oauth2) => {
            let provider_id = match (&options.provider, &oauth2.provider) {
                (Some(provider), _) | (None, Some(provider)) => Some(provider.clone()),
                // A generic OAuth2 requirement names its configured provider by `id` alone.
                (None, None) if oauth2.id.is_some() => None,
                (None, None) => Some(infer_provider(oauth2.authority.as_deref(), TITLE, losses)),
            };
            if let Some(authority) = &oauth2.authority {
                losses.push(Loss::new(
                    LossCode::AuthorityDropped,
                    Field::AuthAuthority,
                    message!("Arcade names OAuth2 providers by id; the authorization URL {authority} was dropped. Configure it on the provider in the Arcade engine if it is not a built-in one."),
                ));
            }
            Some(schema::ToolAuthRequirement {
                provider_id,
                provider_type: Some(
                    own_text(tool, "/requirements/authorization/provider_type")
                        .unwrap_or_else(|| "oauth2".to_owned()),
                ),
                id: oauth2.id.clone(),
                oauth2: Some(schema::OAuth2Requirement {
                    scopes: oauth2.scopes.clone(),
                    unknown: Default::default(),
                }),
                unknown: Default::default(),
            })
        }
    };
    let metadata = tool
        .extra(ID, "/requirements/metadata")
        .and_then(|value| serde_json::from_value(value.clone()).ok());
    schema::ToolRequirements {
        authorization,
        secrets: (!secrets.is_empty()).then_some(secrets),
        metadata,
        unknown: Default::default(),
    }
}

fn key(name: &str) -> schema::KeyRequirement {
    schema::KeyRequirement {
        key: name.to_owned(),
        unknown: Default::default(),
    }
}

fn metadata(tool: &Tool) -> Option<schema::ToolMetadata> {
    let behavior = tool.behavior.as_ref().map(|b| schema::Behavior {
        operations: b.operations.clone(),
        read_only: b.read_only,
        destructive: b.destructive,
        idempotent: b.idempotent,
        open_world: b.open_world,
        unknown: Default::default(),
    });
    let classification = tool.extra(ID, "/metadata/classification").cloned();
    let extras = tool
        .extra(ID, "/metadata/extras")
        .and_then(|value| value.as_object().cloned());
    (behavior.is_some() || classification.is_some() || extras.is_some()).then_some(
        schema::ToolMetadata {
            classification,
            behavior,
            extras,
            unknown: Default::default(),
        },
    )
}
