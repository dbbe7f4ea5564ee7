//! Arcade v1 document → canonical tool.

use crate::schema::{self, AuthorizationKeyword};
use crate::ID;
use toolshift_model::dialect::{
    collect_extras, collect_extras_at, deserialize_document, read_output_modes,
};
use toolshift_model::message;
use toolshift_model::{
    Authorization, DialectError, Extra, Field, Imported, Loss, LossCode, OAuth2, Output, Parameter,
    Primitive, Source, Tool, Toolkit, ToolkitOrigin, ValueSchema, ValueType,
};

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let definition: schema::ToolDefinition = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    let mut losses = Vec::new();
    if let Some(uri) = &definition.schema_uri {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/$schema".into(),
            value: uri.clone().into(),
        });
    }
    collect_extras(ID, "", &definition.unknown, &mut extras);
    collect_extras(ID, "/input", &definition.input.unknown, &mut extras);

    let parameters = read_parameters(definition.input.parameters, &mut extras, &mut losses);

    let output = definition.output;
    collect_extras(ID, "/output", &output.unknown, &mut extras);
    let (output_description, output_schema) = match &output.value {
        Some(value) => {
            collect_extras(ID, "/output/value", &value.unknown, &mut extras);
            collect_extras(
                ID,
                "/output/value/schema",
                &value.schema.unknown,
                &mut extras,
            );
            (value.description.clone(), Some(value_schema(&value.schema)))
        }
        None => (None, None),
    };

    let authorization = read_authorization(definition.requirements.as_ref(), &mut extras);

    let (toolkit, name) = match split_qualified_name(&definition.name) {
        Some((toolkit, name)) => (
            Some(Toolkit {
                name: toolkit.to_owned(),
                description: None,
                version: None,
                origin: ToolkitOrigin::QualifiedName,
            }),
            name.to_owned(),
        ),
        None => (None, definition.name.clone()),
    };

    let modes = read_output_modes(&output.available_modes, "/output/available_modes")?;

    let tool = Tool {
        name,
        toolkit,
        description: definition.description,
        version: Some(definition.version),
        parameters,
        output: Output {
            modes,
            description: output_description,
            schema: output_schema,
            returns: Vec::new(),
        },
        authorization,
        extras,
        ..Tool::default()
    };
    Ok(Imported { tool, losses })
}

/// The parameters, with their unknown keys as extras, and an `enum` on a non-string
/// type reported.
fn read_parameters(
    parameters: Vec<schema::Parameter>,
    extras: &mut Vec<Extra>,
    losses: &mut Vec<Loss>,
) -> Vec<Parameter> {
    let mut read = Vec::with_capacity(parameters.len());
    for (index, parameter) in parameters.into_iter().enumerate() {
        let pointer = || toolshift_syntax::pointer::indexed("/input/parameters", index, "");
        collect_extras_at(ID, pointer, &parameter.unknown, extras);
        collect_extras_at(
            ID,
            || pointer() + "/schema",
            &parameter.schema.unknown,
            extras,
        );
        let schema = value_schema(&parameter.schema);
        if schema.allowed.is_some() && schema.value_type != ValueType::STRING {
            losses.push(Loss::new(
                LossCode::EnumOnNonString,
                Field::ParameterSchema(index),
                message!(
                    "parameter `{}` is of type {} and has an `enum`, which Arcade v1 allows only on strings; the list was kept for other dialects, and an Arcade v1 output will drop it.",
                    parameter.name,
                    schema.value_type.described()
                ),
            ));
        }
        read.push(Parameter {
            name: parameter.name,
            description: parameter.description,
            required: Some(parameter.required),
            schema,
            default: None,
            inferrable: parameter.inferrable,
        });
    }
    read
}

/// The authorization requirement, with the unknown keys on its way as extras.
fn read_authorization(
    requirements: Option<&schema::Requirements>,
    extras: &mut Vec<Extra>,
) -> Authorization {
    match requirements {
        None => Authorization::Unspecified,
        Some(requirements) => {
            collect_extras(ID, "/requirements", &requirements.unknown, extras);
            match &requirements.authorization {
                None => Authorization::Unspecified,
                Some(schema::Authorization::Keyword(AuthorizationKeyword::None)) => {
                    Authorization::None
                }
                Some(schema::Authorization::Keyword(AuthorizationKeyword::Token)) => {
                    Authorization::Token
                }
                Some(schema::Authorization::OAuth2(wrapper)) => {
                    collect_extras(ID, "/requirements/authorization", &wrapper.unknown, extras);
                    collect_extras(
                        ID,
                        "/requirements/authorization/oauth2",
                        &wrapper.oauth2.unknown,
                        extras,
                    );
                    Authorization::OAuth2(OAuth2 {
                        provider: None,
                        id: None,
                        authority: Some(wrapper.oauth2.url.clone()),
                        scopes: wrapper
                            .oauth2
                            .scope
                            .as_ref()
                            .map(|scope| scope.split_whitespace().map(str::to_owned).collect()),
                    })
                }
            }
        }
    }
}

/// `Toolkit.ToolName`, both parts identifiers; anything else is a plain name.
fn split_qualified_name(name: &str) -> Option<(&str, &str)> {
    let (toolkit, tool) = name.split_once('.')?;
    let identifier = |part: &str| {
        !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    // The tool part is whatever the v1 writer put after the toolkit, so a name such as
    // `Gfx.3d-render` comes back as it went.
    let tool_name = |part: &str| {
        !part.is_empty() && !part.contains('.') && !part.chars().any(char::is_whitespace)
    };
    (identifier(toolkit) && tool_name(tool)).then_some((toolkit, tool))
}

fn value_schema(schema: &schema::ValueSchema) -> ValueSchema {
    let primitive = match schema.value_type {
        schema::ValueType::String => Primitive::String,
        schema::ValueType::Integer => Primitive::Integer,
        schema::ValueType::Float => Primitive::Number,
        schema::ValueType::Boolean => Primitive::Boolean,
        schema::ValueType::Json => Primitive::Json,
    };
    ValueSchema {
        allowed: schema.allowed.clone(),
        ..ValueSchema::of(ValueType::Primitive(primitive))
    }
}
