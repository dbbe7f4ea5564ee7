//! Arcade v2 document → canonical tool.

use crate::schema::{self, AuthorizationKeyword, ValType};
use crate::ID;
use toolshift_arcade_common::{provider_extras, secret_settings};
use toolshift_model::dialect::{collect_extras, deserialize_document, read_output_modes};
use toolshift_model::{
    Authorization, DialectError, Extra, Imported, OAuth2, Output, Parameter, Setting, Source, Tool,
    Toolkit, ToolkitOrigin, ValueSchema,
};
use toolshift_syntax::pointer::child;

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let definition: schema::ToolDefinition = deserialize_document(source.document)?;
    let inputs_key = if source.document.get("inputs").is_some() {
        "/inputs"
    } else {
        "/input"
    };
    let mut extras = Vec::new();
    collect_top_level_extras(&definition, &mut extras);
    collect_extras(ID, "/toolkit", &definition.toolkit.unknown, &mut extras);
    collect_extras(ID, inputs_key, &definition.inputs.unknown, &mut extras);

    let mut parameters = Vec::new();
    for (index, parameter) in definition.inputs.parameters.into_iter().enumerate() {
        let pointer = format!("{inputs_key}/parameters/{index}");
        collect_extras(ID, &pointer, &parameter.unknown, &mut extras);
        collect_extras(
            ID,
            &child(&pointer, "value_schema"),
            &parameter.value_schema.unknown,
            &mut extras,
        );
        parameters.push(Parameter {
            name: parameter.name,
            description: parameter.description,
            required: Some(parameter.required),
            schema: value_schema(&parameter.value_schema, &format!("{pointer}/value_schema"))?,
            default: None,
            inferrable: parameter.inferrable,
        });
    }

    let output = &definition.output;
    collect_extras(ID, "/output", &output.unknown, &mut extras);
    let output_schema = match &output.value_schema {
        Some(vs) => {
            collect_extras(ID, "/output/value_schema", &vs.unknown, &mut extras);
            Some(value_schema(vs, "/output/value_schema")?)
        }
        None => None,
    };
    let (authorization, settings) = requirements(definition.requirements.as_ref(), &mut extras)?;

    let tool = Tool {
        name: definition.name,
        description: definition.description,
        toolkit: Some(Toolkit {
            name: definition.toolkit.name,
            description: definition.toolkit.description,
            version: Some(definition.toolkit.version),
            origin: ToolkitOrigin::Declared,
        }),
        parameters,
        output: Output {
            modes: read_output_modes(&output.available_modes, "/output/available_modes")?,
            description: output.description.clone(),
            schema: output_schema,
            returns: Vec::new(),
        },
        authorization,
        settings,
        extras,
        ..Tool::default()
    };
    Ok(Imported {
        tool,
        losses: Vec::new(),
    })
}

/// `full_name` restates toolkit and name; it is an extra only when it says something else.
fn collect_top_level_extras(definition: &schema::ToolDefinition, extras: &mut Vec<Extra>) {
    let derived = format!("{}.{}", definition.toolkit.name, definition.name);
    if let Some(uri) = &definition.schema_uri {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/$schema".into(),
            value: uri.clone().into(),
        });
    }
    let mut unknown = definition.unknown.clone();
    if unknown.get("full_name").and_then(|v| v.as_str()) == Some(derived.as_str()) {
        unknown.shift_remove("full_name");
    }
    collect_extras(ID, "", &unknown, extras);
}

fn value_schema(vs: &schema::ValueSchema, pointer: &str) -> Result<ValueSchema, DialectError> {
    let value_type = toolshift_arcade_common::from_val_types(
        vs.val_type.primitive(),
        vs.inner_val_type.map(ValType::primitive),
        pointer,
    )?;
    Ok(ValueSchema {
        allowed: vs.allowed.clone(),
        ..ValueSchema::of(value_type)
    })
}

fn requirements(
    requirements: Option<&schema::Requirements>,
    extras: &mut Vec<Extra>,
) -> Result<(Authorization, Vec<Setting>), DialectError> {
    let Some(requirements) = requirements else {
        return Ok((Authorization::Unspecified, Vec::new()));
    };
    collect_extras(ID, "/requirements", &requirements.unknown, extras);
    let secrets = requirements.secrets.iter().flatten();
    let settings = secret_settings(ID, secrets.map(|s| (&*s.key, &s.unknown)), extras)
        .into_iter()
        .map(|setting| Setting {
            required: Some(true),
            ..setting
        })
        .collect();
    let authorization = match &requirements.authorization {
        None => Authorization::Unspecified,
        Some(schema::Authorization::Keyword(AuthorizationKeyword::None)) => Authorization::None,
        Some(schema::Authorization::Keyword(AuthorizationKeyword::Token)) => Authorization::Token,
        Some(schema::Authorization::Provider(provider)) => {
            provider_extras(
                ID,
                &provider.unknown,
                provider.provider_type.as_deref(),
                provider.oauth2.as_ref().map(|oauth2| &oauth2.unknown),
                extras,
            );
            Authorization::OAuth2(OAuth2 {
                provider: provider.provider.clone(),
                id: None,
                authority: provider.oauth2.as_ref().and_then(|o| o.authority.clone()),
                scopes: provider.oauth2.as_ref().and_then(|o| o.scope.clone()),
            })
        }
    };
    Ok((authorization, settings))
}
