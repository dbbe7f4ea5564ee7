//! Canonical tool → Arcade v1 document.

use crate::schema;
use crate::ID;
use sha2::{Digest, Sha256};
use toolshift_arcade_common::{arcade_holds, unheld_but_schema_uri};
use toolshift_model::message;
use toolshift_model::providers::{provider_by_id, provider_for_url};
use toolshift_model::unheld::{lower_native, Holds};
use toolshift_model::{
    Authorization, DialectError, Field, Loss, LossCode, Primitive, Tool, ToolkitOrigin,
    ValueSchema, ValueType, WriteOptions, Written,
};
use toolshift_syntax::text::{code_list, with_note};

const TITLE: &str = "Arcade v1";

/// The definition's file, named as `write` names it.
pub fn manifest_name(tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
    file_name(&qualified_name(tool, options, &mut Vec::new()))
}

fn file_name(name: &str) -> Result<String, DialectError> {
    let file_name = format!("{name}.json");
    toolshift_model::dialect::check_file_name(&file_name)?;
    Ok(file_name)
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    if tool.parameters.is_empty() {
        return Err(DialectError::inexpressible(
            ID,
            "/input/parameters",
            Field::Parameters,
            "Arcade v1 requires at least one parameter (minItems: 1) and this tool has none; keep it in Arcade v2 or add a parameter",
        ));
    }
    let mut losses = Vec::new();
    let name = qualified_name(tool, options, &mut losses);
    toolkit_fields(tool, &mut losses);

    let mut parameters = parameters(tool, &mut losses);
    let mut output = output(tool, &mut losses);
    if options.official {
        fit_official(&mut parameters, &mut output, &mut losses);
    }
    let requirements =
        authorization(&tool.authorization, options, &mut losses)?.map(|authorization| {
            schema::Requirements {
                authorization: Some(authorization),
                unknown: Default::default(),
            }
        });

    let holds = Holds {
        version: true,
        ..arcade_holds()
    };
    let schema_uri = unheld_but_schema_uri(tool, ID, TITLE, holds, &mut losses);

    let mut definition = schema::ToolDefinition {
        schema_uri,
        name,
        description: tool.description.clone(),
        version: String::new(),
        input: schema::Input {
            parameters,
            unknown: Default::default(),
        },
        output,
        requirements,
        unknown: Default::default(),
    };
    definition.version = version(tool, &definition, &mut losses)?;
    let file_name = file_name(&definition.name)?;
    let document = to_value(&definition)?;
    Ok(Written::manifest_only(file_name, document, losses))
}

/// The parameters, each with a required flag written out.
fn parameters(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<schema::Parameter> {
    tool.parameters
        .iter()
        .enumerate()
        .map(|(index, parameter)| {
            let required = parameter.required_or_optional(index, TITLE, losses);
            let fields = TypeFields {
                value: Field::ParameterSchema(index),
                allowed: Field::ParameterEnum(index),
            };
            schema::Parameter {
                name: parameter.name.clone(),
                required,
                description: parameter.description.clone(),
                schema: value_schema(&parameter.schema, fields, losses),
                inferrable: parameter.inferrable,
                unknown: Default::default(),
            }
        })
        .collect()
}

fn to_value(definition: &schema::ToolDefinition) -> Result<serde_json::Value, DialectError> {
    toolshift_model::dialect::to_document(ID, definition)
}

/// Arcade v1 has no toolkit object, so a known toolkit travels in the name.
fn qualified_name(tool: &Tool, options: &WriteOptions, losses: &mut Vec<Loss>) -> String {
    let toolkit = options
        .toolkit
        .as_deref()
        .or_else(|| tool.toolkit.as_ref().map(|t| t.name.as_str()));
    let Some(toolkit) = toolkit else {
        return tool.name.clone();
    };
    let qualified = toolshift_arcade_common::qualified_name(toolkit, &tool.name);
    let came_from_name = options.toolkit.is_none()
        && tool
            .toolkit
            .as_ref()
            .is_some_and(|t| t.origin == ToolkitOrigin::QualifiedName);
    if !came_from_name {
        losses.push(Loss::new(
            LossCode::NameQualified,
            Field::ToolkitName,
            message!("Arcade v1 has no toolkit; the name was written as `{qualified}` so that converting back recovers toolkit `{toolkit}`."),
        ));
    }
    qualified
}

fn toolkit_fields(tool: &Tool, losses: &mut Vec<Loss>) {
    let Some(toolkit) = &tool.toolkit else {
        return;
    };
    if let Some(description) = &toolkit.description {
        losses.push(Loss::new(
            LossCode::ToolkitDropped,
            Field::ToolkitDescription,
            message!("Arcade v1 has no toolkit description; {description:?} was dropped."),
        ));
    }
    if let Some(version) = &toolkit.version {
        losses.push(Loss::new(
            LossCode::ToolkitDropped,
            Field::ToolkitVersion,
            message!("Arcade v1 has no toolkit version; `{version}` was dropped. Pass --toolkit-version when converting back."),
        ));
    }
}

#[derive(Clone, Copy)]
struct TypeFields {
    value: Field,
    allowed: Field,
}

fn value_schema(
    vs: &ValueSchema,
    fields: TypeFields,
    losses: &mut Vec<Loss>,
) -> schema::ValueSchema {
    let value_type = match lower_native(&vs.value_type, fields.value, "Arcade", losses) {
        ValueType::Primitive(p) => primitive(p),
        ValueType::Array(element) => {
            losses.push(Loss::new(
                LossCode::ArrayElementTypeLost,
                fields.value,
                message!("Arcade v1 has no array type; an array of {} was written as `json`, and its element type is lost. Say the element type in the description.", element.canonical_name()),
            ));
            schema::ValueType::Json
        }
        // lower_native never returns a native type.
        ValueType::Native { .. } => schema::ValueType::Json,
    };
    let allowed = match (&vs.allowed, value_type) {
        (Some(allowed), schema::ValueType::String) => Some(allowed.clone()),
        (Some(allowed), _) => {
            losses.push(Loss::new(
                LossCode::EnumDropped,
                fields.allowed,
                message!("Arcade v1 allows `enum` only on strings; the allowed values {allowed:?} of this {} were dropped.", vs.value_type.described()),
            ));
            None
        }
        (None, _) => None,
    };
    schema::ValueSchema {
        value_type,
        allowed,
        unknown: Default::default(),
    }
}

fn primitive(primitive: Primitive) -> schema::ValueType {
    match primitive {
        Primitive::String => schema::ValueType::String,
        Primitive::Integer => schema::ValueType::Integer,
        Primitive::Number => schema::ValueType::Float,
        Primitive::Boolean => schema::ValueType::Boolean,
        Primitive::Json => schema::ValueType::Json,
    }
}

fn output(tool: &Tool, losses: &mut Vec<Loss>) -> schema::Output {
    let modes = toolshift_arcade_common::output_modes(tool, TITLE, losses);
    let value = match (&tool.output.schema, &tool.output.description) {
        (Some(vs), description) => Some(schema::OutputValue {
            description: description.clone(),
            schema: value_schema(
                vs,
                TypeFields {
                    value: Field::OutputSchema,
                    allowed: Field::OutputEnum,
                },
                losses,
            ),
            unknown: Default::default(),
        }),
        (None, Some(description)) => {
            losses.push(Loss::new(
                LossCode::OutputDescriptionDropped,
                Field::OutputDescription,
                message!("Arcade v1 describes an output only together with its type, and this output has none; {description:?} was dropped."),
            ));
            None
        }
        (None, None) => None,
    };
    schema::Output {
        available_modes: modes.iter().map(|m| m.as_str().to_owned()).collect(),
        value,
        unknown: Default::default(),
    }
}

fn authorization(
    authorization: &Authorization,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> Result<Option<schema::Authorization>, DialectError> {
    use schema::{Authorization as A, AuthorizationKeyword as K};
    Ok(Some(match authorization {
        Authorization::Unspecified => return Ok(None),
        Authorization::None => A::Keyword(K::None),
        Authorization::Token => A::Keyword(K::Token),
        Authorization::OAuth2(oauth2) => {
            let url = match (&oauth2.authority, &oauth2.provider) {
                (Some(authority), _) => authority.clone(),
                // The user's own answer beats the table: an engine may use another server.
                (None, _) if options.oauth2_url.is_some() => {
                    options.oauth2_url.clone().unwrap_or_default()
                }

                (None, Some(provider)) => match provider_by_id(provider) {
                    Some(known) => {
                        losses.push(Loss::new(
                            LossCode::AuthorityInferred,
                            Field::AuthAuthority,
                            message!("Arcade v1 requires an authorization URL; `{}`, the known URL of provider `{provider}`, was written.", known.authority),
                        ));
                        known.authority.to_owned()
                    }
                    None => {
                        return Err(DialectError::inexpressible(
                            ID,
                            "/requirements/authorization/oauth2/url",
                            Field::AuthAuthority,
                            format!("Arcade v1 requires an OAuth2 URL; the input has none and provider `{provider}` has no known URL (see docs/providers.md); pass --oauth2-url URL"),
                        ))
                    }
                },
                (None, None) => {
                    return Err(DialectError::inexpressible(
                        ID,
                        "/requirements/authorization/oauth2/url",
                        Field::AuthAuthority,
                        "Arcade v1 requires an OAuth2 URL and the input gives neither a URL nor a provider; pass --oauth2-url URL",
                    ))
                }
            };
            if let Some(provider) = &oauth2.provider {
                let recovered = provider_for_url(&url).is_some_and(|known| known.id == provider);
                let advice = if recovered {
                    "converting back infers it again from the URL's host".to_owned()
                } else {
                    format!("the URL does not identify it, so pass --provider {provider} when converting back")
                };
                losses.push(Loss::new(
                    LossCode::ProviderDropped,
                    Field::AuthProvider,
                    message!(
                        "Arcade v1 has no provider id; `{provider}` was dropped, and {advice}."
                    ),
                ));
            }
            A::OAuth2(schema::OAuth2Authorization {
                oauth2: schema::OAuth2 {
                    url,
                    scope: oauth2.scopes.as_ref().map(|scopes| scopes.join(" ")),
                    unknown: Default::default(),
                },
                unknown: Default::default(),
            })
        }
    }))
}

/// A v1 version is a content hash: keep a valid one, otherwise write a digest of the document.
fn version(
    tool: &Tool,
    definition: &schema::ToolDefinition,
    losses: &mut Vec<Loss>,
) -> Result<String, DialectError> {
    if let Some(version) = &tool.version {
        if is_hash_version(version) {
            return Ok(version.clone());
        }
    }
    let document = to_value(definition)?;
    let canonical = serde_json::to_vec(&document).map_err(|error| {
        DialectError::inexpressible(ID, "/version", Field::Version, error.to_string())
    })?;
    let digest: String = Sha256::digest(&canonical)
        .iter()
        .take(8)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    let (code, message) = match &tool.version {
        Some(version) => (
            LossCode::ToolVersionReplaced,
            message!("Arcade v1 versions are 7 to 40 lowercase hex digits; `{version}` is not, so the content digest `{digest}` replaced it."),
        ),
        None => (
            LossCode::ToolVersionGenerated,
            message!("Arcade v1 requires a content-hash version; the digest `{digest}` of the written tool was used."),
        ),
    };
    losses.push(Loss::new(code, Field::Version, message));
    Ok(digest)
}

pub fn is_hash_version(version: &str) -> bool {
    (7..=40).contains(&version.len())
        && version
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `--official`: the published v1 schema refuses `enum` even on strings (its
/// `additionalProperties: false` does not see the `enum` declared in `then`), so the
/// allowed values move into the description.
fn fit_official(
    parameters: &mut [schema::Parameter],
    output: &mut schema::Output,
    losses: &mut Vec<Loss>,
) {
    for (index, parameter) in parameters.iter_mut().enumerate() {
        if let Some(allowed) = parameter.schema.allowed.take() {
            let description = parameter.description.clone().unwrap_or_default();
            parameter.description = Some(with_note(
                &description,
                &format!("allowed: {}", code_list(&allowed)),
            ));
            losses.push(Loss::new(
                LossCode::EnumFolded,
                Field::Parameter(index),
                message!("the official Arcade v1 schema refuses `enum`; the allowed values {allowed:?} of `{}` were listed in its description instead.", parameter.name),
            ));
        }
    }
    if let Some(value) = output.value.as_mut() {
        if let Some(allowed) = value.schema.allowed.take() {
            let description = value.description.clone().unwrap_or_default();
            value.description = Some(with_note(
                &description,
                &format!("allowed: {}", code_list(&allowed)),
            ));
            losses.push(Loss::new(
                LossCode::EnumFolded,
                Field::Output,
                message!("the official Arcade v1 schema refuses `enum`; the output's allowed values {allowed:?} were listed in its description instead."),
            ));
        }
    }
}
