//! Canonical tool → Arcade v2 document.

use crate::schema::{self, ValType};
use crate::ID;
use toolshift_arcade_common::{arcade_holds, qualified_file_name, unheld_but_schema_uri};
use toolshift_model::message;
use toolshift_model::providers::infer_provider;
use toolshift_model::{
    Authorization, DialectError, Field, Loss, LossCode, Tool, ValueSchema, WriteOptions, Written,
};

const DEFAULT_TOOLKIT: &str = "Default";
const DEFAULT_TOOLKIT_VERSION: &str = "0.1.0";
const TITLE: &str = "Arcade v2";

/// The definition's file, named as `write` names it.
pub fn manifest_name(tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
    let toolkit = toolkit(tool, options, &mut Vec::new());
    qualified_file_name(&toolkit.name, &tool.name)
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let toolkit = toolkit(tool, options, &mut losses);
    let file_name = qualified_file_name(&toolkit.name, &tool.name)?;
    let parameters = parameters(tool, &mut losses);
    let output = output(tool, &mut losses);

    let requirements =
        authorization(&tool.authorization, options, &mut losses).map(|authorization| {
            schema::Requirements {
                authorization: Some(authorization),
                secrets: None,
                unknown: Default::default(),
            }
        });

    let schema_uri = unheld_but_schema_uri(tool, ID, TITLE, arcade_holds(), &mut losses);

    let definition = schema::ToolDefinition {
        schema_uri,
        name: tool.name.clone(),
        description: tool.description.clone(),
        toolkit,
        inputs: schema::Inputs {
            parameters,
            unknown: Default::default(),
        },
        output,
        requirements,
        unknown: Default::default(),
    };
    let document = toolshift_model::dialect::to_document(ID, &definition)?;
    Ok(Written::manifest_only(file_name, document, losses))
}

/// The parameters, each with a required flag written out.
fn parameters(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<schema::Parameter> {
    tool.parameters
        .iter()
        .enumerate()
        .map(|(index, parameter)| {
            let required = parameter.required_or_optional(index, TITLE, losses);
            schema::Parameter {
                name: parameter.name.clone(),
                required,
                description: parameter.description.clone(),
                value_schema: value_schema(
                    &parameter.schema,
                    Field::ParameterSchema(index),
                    losses,
                ),
                inferrable: parameter.inferrable,
                unknown: Default::default(),
            }
        })
        .collect()
}

/// The output: its modes (defaulted where it has none), description and type.
fn output(tool: &Tool, losses: &mut Vec<Loss>) -> schema::Output {
    let modes = toolshift_arcade_common::output_modes(tool, TITLE, losses);
    schema::Output {
        available_modes: modes.iter().map(|m| m.as_str().to_owned()).collect(),
        description: tool.output.description.clone(),
        value_schema: tool
            .output
            .schema
            .as_ref()
            .map(|vs| value_schema(vs, Field::OutputSchema, losses)),
        unknown: Default::default(),
    }
}

fn toolkit(
    tool: &Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> schema::ToolkitDefinition {
    let declared = tool.toolkit.as_ref();
    let name = tool.toolkit_name(options.toolkit.as_deref(), DEFAULT_TOOLKIT, TITLE, losses);
    let version = match (
        &options.toolkit_version,
        declared.and_then(|t| t.version.as_ref()),
    ) {
        (Some(version), _) | (None, Some(version)) => version.clone(),
        (None, None) => {
            losses.push(Loss::new(
                LossCode::ToolkitVersionDefaulted,
                Field::ToolkitVersion,
                message!("Arcade v2 requires a toolkit version and the input has none; `{DEFAULT_TOOLKIT_VERSION}` was written. Pass --toolkit-version VERSION."),
            ));
            DEFAULT_TOOLKIT_VERSION.to_owned()
        }
    };
    schema::ToolkitDefinition {
        name,
        description: declared.and_then(|t| t.description.clone()),
        version,
        unknown: Default::default(),
    }
}

fn value_schema(vs: &ValueSchema, field: Field, losses: &mut Vec<Loss>) -> schema::ValueSchema {
    let (val, inner) =
        toolshift_arcade_common::to_val_types(&vs.value_type, field, "Arcade", losses);
    let (val, inner) = (
        val.map_or(ValType::Array, ValType::from),
        inner.map(ValType::from),
    );
    schema::ValueSchema {
        val_type: val,
        inner_val_type: inner,
        allowed: vs.allowed.clone(),
        unknown: Default::default(),
    }
}

fn authorization(
    authorization: &Authorization,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> Option<schema::Authorization> {
    use schema::{Authorization as A, AuthorizationKeyword as K};
    Some(match authorization {
        Authorization::Unspecified => return None,
        Authorization::None => A::Keyword(K::None),
        Authorization::Token => A::Keyword(K::Token),
        Authorization::OAuth2(oauth2) => {
            let provider = match (&options.provider, &oauth2.provider) {
                (Some(provider), _) | (None, Some(provider)) => provider.clone(),
                (None, None) => infer_provider(oauth2.authority.as_deref(), TITLE, losses),
            };
            let oauth2 =
                (oauth2.authority.is_some() || oauth2.scopes.is_some()).then(|| schema::OAuth2 {
                    authority: oauth2.authority.clone(),
                    scope: oauth2.scopes.clone(),
                    unknown: Default::default(),
                });
            A::Provider(Box::new(schema::ProviderAuthorization {
                provider: Some(provider),
                provider_type: None,
                oauth2,
                unknown: Default::default(),
            }))
        }
    })
}
