//! Canonical tool → Arcade SDK document.

use crate::schema::{self, ValType};
use crate::ID;
use std::borrow::Cow;
use toolshift_arcade_common::{arcade_holds, qualified_file_name};
use toolshift_model::message;
use toolshift_model::providers::infer_provider;
use toolshift_model::unheld::{unheld, unheld_extras, Holds};
use toolshift_model::{
    Authorization, DialectError, Field, Loss, LossCode, Property, Tool, ValueSchema, WriteOptions,
    Written,
};
use toolshift_syntax::text::{borrowed, ensure_description};

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
    qualified_file_name(&toolkit.name, &tool.name)
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let toolkit = toolkit(tool, options, &mut losses);
    let file_name = qualified_file_name(&toolkit.name, &tool.name)?;
    let fully_qualified_name = match (
        options.toolkit.is_none(),
        own_text(tool, "/fully_qualified_name"),
    ) {
        (true, Some(name)) => name,
        _ => crate::qualified_name(&toolkit.name, &tool.name),
    };
    let description = description(tool, &mut losses);
    let parameters = input_parameters(tool, &mut losses);

    let output = output(tool, &mut losses);

    let requirements = requirements(tool, options, &mut losses);
    let metadata = metadata(tool);

    report_unheld(tool, options, &mut losses);

    let definition = schema::ToolDefinition {
        name: Cow::Borrowed(&tool.name),
        fully_qualified_name: Some(Cow::Owned(fully_qualified_name)),
        description: Some(description),
        toolkit,
        input: schema::ToolInput {
            parameters,
            unknown: Default::default(),
        },
        output,
        requirements: Some(requirements),
        deprecation_message: borrowed(tool.deprecation.as_ref()),
        metadata,
        meta: tool
            .extra(ID, "/_meta")
            .and_then(|value| value.as_object().cloned()),
        unknown: Default::default(),
    };
    let document = toolshift_model::dialect::to_document(ID, &definition)?;
    Ok(Written::manifest_only(file_name, document, losses))
}

/// The tool's description, or one made from its name (reported): Arcade requires one.
fn description<'t>(tool: &'t Tool, losses: &mut Vec<Loss>) -> schema::Text<'t> {
    match &tool.description {
        Some(text) => Cow::Borrowed(text),
        None => {
            let (text, _) = ensure_description(None, &format!("{} tool", tool.name), 1);
            losses.push(Loss::new(
                LossCode::DescriptionDefaulted,
                Field::Description,
                message!("Arcade requires a description and the input has none; {text:?} was written. Describe what the tool does: the model reads it to choose the tool."),
            ));
            Cow::Owned(text)
        }
    }
}

/// The parameters, each with a required flag and an inferrable flag written out.
fn input_parameters<'t>(tool: &'t Tool, losses: &mut Vec<Loss>) -> Vec<schema::InputParameter<'t>> {
    tool.parameters
        .iter()
        .enumerate()
        .map(|(index, parameter)| {
            let required = parameter.required_or_optional(index, TITLE, losses);
            schema::InputParameter {
                name: Cow::Borrowed(&parameter.name),
                required,
                description: borrowed(parameter.description.as_ref()),
                value_schema: value_schema(
                    &parameter.schema,
                    Field::ParameterSchema(index),
                    losses,
                ),
                inferrable: Some(parameter.inferrable.unwrap_or(true)),
                unknown: Default::default(),
            }
        })
        .collect()
}

/// The output: its description, its modes (defaulted where it has none) and its type.
fn output<'t>(tool: &'t Tool, losses: &mut Vec<Loss>) -> schema::ToolOutput<'t> {
    let modes = toolshift_arcade_common::output_modes(tool, TITLE, losses);
    schema::ToolOutput {
        description: borrowed(tool.output.description.as_ref()),
        available_modes: Some(modes.iter().map(|m| Cow::Borrowed(m.as_str())).collect()),
        value_schema: tool
            .output
            .schema
            .as_ref()
            .map(|vs| value_schema(vs, Field::OutputSchema, losses)),
        unknown: Default::default(),
    }
}

/// What `arcade` cannot hold, and the extras it does not write back.
fn report_unheld(tool: &Tool, options: &WriteOptions, losses: &mut Vec<Loss>) {
    losses.extend(unheld(
        tool,
        TITLE,
        Holds {
            schema_details: true,
            behavior: true,
            deprecation: true,
            auth_id: true,
            // Secrets are written below; the writer reports the other settings itself.
            settings: true,
            ..arcade_holds()
        },
    ));
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        WRITTEN_BACK.contains(&pointer)
            && !(pointer == "/fully_qualified_name" && options.toolkit.is_some())
    }));
}

fn own_text(tool: &Tool, pointer: &str) -> Option<String> {
    tool.extra(ID, pointer)
        .and_then(|value| value.as_str().map(str::to_owned))
}

fn toolkit<'a>(
    tool: &'a Tool,
    options: &'a WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::ToolkitDefinition<'a> {
    let declared = tool.toolkit.as_ref();
    let name = tool.toolkit_name(options.toolkit.as_deref(), DEFAULT_TOOLKIT, TITLE, losses);
    // The SDK accepts a toolkit without a version, so none is invented.
    let version = options
        .toolkit_version
        .as_ref()
        .or_else(|| declared.and_then(|t| t.version.as_ref()));
    schema::ToolkitDefinition {
        name: Cow::Owned(name),
        description: borrowed(declared.and_then(|t| t.description.as_ref())),
        version: borrowed(version),
        unknown: Default::default(),
    }
}

fn value_schema<'a>(
    vs: &'a ValueSchema,
    field: Field,
    losses: &mut Vec<Loss>,
) -> schema::ValueSchema<'a> {
    let (val, inner) = toolshift_arcade_common::to_val_types(&vs.value_type, field, TITLE, losses);
    let (val, inner) = (
        val.map_or(ValType::Array, ValType::from),
        inner.map(ValType::from),
    );
    schema::ValueSchema {
        val_type: val,
        inner_val_type: inner,
        allowed: borrowed_list(vs.allowed.as_ref()),
        properties: properties(vs.properties.as_deref(), field, losses),
        inner_properties: properties(vs.element_properties.as_deref(), field, losses),
        description: borrowed(vs.description.as_ref()),
        required_keys: borrowed_list(vs.required_keys.as_ref()),
        inner_required_keys: borrowed_list(vs.element_required_keys.as_ref()),
        nullable: vs.nullable,
        unknown: Default::default(),
    }
}

fn properties<'a>(
    properties: Option<&'a [Property]>,
    field: Field,
    losses: &mut Vec<Loss>,
) -> Option<indexmap::IndexMap<schema::Text<'a>, schema::ValueSchema<'a>>> {
    properties.map(|properties| {
        properties
            .iter()
            .map(|property| {
                (
                    Cow::Borrowed(property.name.as_str()),
                    value_schema(&property.schema, field, losses),
                )
            })
            .collect()
    })
}

fn requirements<'a>(
    tool: &'a Tool,
    options: &'a WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::ToolRequirements<'a> {
    let mut secrets = secrets(tool, losses);
    let authorization = authorization(tool, options, &mut secrets, losses);
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

/// The settings as Arcade secrets: each secret a key, its value and details dropped,
/// and every other setting dropped, each reported.
fn secrets<'a>(tool: &'a Tool, losses: &mut Vec<Loss>) -> Vec<schema::KeyRequirement<'a>> {
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
                message!("an Arcade secret is a key only; `{}` lost {}. Set the secret in the Arcade dashboard or the worker's environment.", setting.key, toolshift_syntax::text::and_list(&details)),
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
    secrets
}

/// The authorization requirement: OAuth2 by provider id, and a bearer token as one
/// more secret (`secrets`), each change reported.
fn authorization<'a>(
    tool: &'a Tool,
    options: &'a WriteOptions,
    secrets: &mut Vec<schema::KeyRequirement<'a>>,
    losses: &mut Vec<Loss>,
) -> Option<schema::ToolAuthRequirement<'a>> {
    match &tool.authorization {
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
                (Some(provider), _) | (None, Some(provider)) => {
                    Some(Cow::Borrowed(provider.as_str()))
                }
                // A generic OAuth2 requirement names its configured provider by `id` alone.
                (None, None) if oauth2.id.is_some() => None,
                (None, None) => Some(Cow::Owned(infer_provider(
                    oauth2.authority.as_deref(),
                    TITLE,
                    losses,
                ))),
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
                        .map_or(Cow::Borrowed("oauth2"), Cow::Owned),
                ),
                id: borrowed(oauth2.id.as_ref()),
                oauth2: Some(schema::OAuth2Requirement {
                    scopes: borrowed_list(oauth2.scopes.as_ref()),
                    unknown: Default::default(),
                }),
                unknown: Default::default(),
            })
        }
    }
}

fn key(name: &str) -> schema::KeyRequirement<'_> {
    schema::KeyRequirement {
        key: Cow::Borrowed(name),
        unknown: Default::default(),
    }
}

fn metadata(tool: &Tool) -> Option<schema::ToolMetadata<'_>> {
    let behavior = tool.behavior.as_ref().map(|b| schema::Behavior {
        operations: borrowed_list(b.operations.as_ref()),
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

fn borrowed_list(texts: Option<&Vec<String>>) -> Option<schema::Texts<'_>> {
    texts.map(|texts| Cow::Borrowed(texts.as_slice()))
}
