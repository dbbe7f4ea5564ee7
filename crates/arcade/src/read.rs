//! Arcade SDK document → canonical tool.

use crate::schema::{self, ValType};
use crate::ID;
use std::borrow::Cow;
use toolshift_arcade_common::{provider_extras, secret_settings};
use toolshift_model::dialect::{
    collect_extras, collect_extras_at, deserialize_document, read_output_modes,
};
use toolshift_model::{
    Authorization, Behavior, DialectError, Extra, Imported, OAuth2, Output, Parameter, Property,
    Setting, Source, Tool, Toolkit, ToolkitOrigin, ValueSchema,
};
use toolshift_syntax::pointer::child;
use toolshift_syntax::text::owned;

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let definition: schema::ToolDefinition = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    top_level_extras(&definition, &mut extras);
    collect_extras(ID, "/toolkit", &definition.toolkit.unknown, &mut extras);
    collect_extras(ID, "/input", &definition.input.unknown, &mut extras);

    // Owned, so that their texts move into the tool instead of being copied again.
    let mut parameters = Vec::with_capacity(definition.input.parameters.len());
    for (index, parameter) in definition.input.parameters.into_iter().enumerate() {
        let pointer = || toolshift_syntax::pointer::indexed("/input/parameters", index, "");
        collect_extras_at(ID, pointer, &parameter.unknown, &mut extras);
        parameters.push(Parameter {
            name: parameter.name.into_owned(),
            description: parameter.description.map(Cow::into_owned),
            required: Some(parameter.required),
            schema: value_schema(
                &parameter.value_schema,
                &|| child(&pointer(), "value_schema"),
                &mut extras,
            )?,
            default: None,
            inferrable: parameter.inferrable,
        });
    }

    let output = &definition.output;
    collect_extras(ID, "/output", &output.unknown, &mut extras);
    let output_schema = output
        .value_schema
        .as_ref()
        .map(|vs| value_schema(vs, &|| "/output/value_schema".to_owned(), &mut extras))
        .transpose()?;
    let modes = match &output.available_modes {
        Some(modes) => read_output_modes(modes, "/output/available_modes")?,
        None => Vec::new(),
    };
    let (authorization, settings) = requirements(definition.requirements.as_ref(), &mut extras);
    let behavior = metadata(definition.metadata.as_ref(), &mut extras);

    let tool = Tool {
        name: definition.name.into_owned(),
        description: definition.description.map(Cow::into_owned),
        toolkit: Some(Toolkit {
            name: definition.toolkit.name.into_owned(),
            description: definition.toolkit.description.map(Cow::into_owned),
            version: definition.toolkit.version.map(Cow::into_owned),
            origin: ToolkitOrigin::Declared,
        }),
        parameters,
        output: Output {
            modes,
            description: owned(output.description.as_ref()),
            schema: output_schema,
            returns: Vec::new(),
        },
        authorization,
        settings,
        extras,
        behavior,
        deprecation: definition.deprecation_message.map(Cow::into_owned),
        ..Tool::default()
    };
    Ok(Imported {
        tool,
        losses: Vec::new(),
    })
}

/// `fully_qualified_name` restates toolkit and name; it is an extra only when it says
/// something else (a version suffix, another toolkit spelling).
fn top_level_extras(definition: &schema::ToolDefinition, extras: &mut Vec<Extra>) {
    let derived = crate::qualified_name(&definition.toolkit.name, &definition.name);
    let mut keep = |pointer: &str, value: serde_json::Value| {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: pointer.into(),
            value,
        });
    };
    if let Some(name) = definition
        .fully_qualified_name
        .as_ref()
        .filter(|name| **name != derived)
    {
        keep("/fully_qualified_name", name.to_string().into());
    }
    if let Some(meta) = &definition.meta {
        keep("/_meta", meta.clone().into());
    }
    collect_extras(ID, "", &definition.unknown, extras);
}

/// `pointer` is spelled out only for an extra or an error: a document has many value
/// schemas and nearly all of them have neither.
fn value_schema(
    vs: &schema::ValueSchema,
    pointer: &dyn Fn() -> String,
    extras: &mut Vec<Extra>,
) -> Result<ValueSchema, DialectError> {
    collect_extras_at(ID, pointer, &vs.unknown, extras);
    let (val_type, inner_val_type) = (
        vs.val_type.primitive(),
        vs.inner_val_type.map(ValType::primitive),
    );
    // Read again with the pointer only to place an error.
    let value_type = toolshift_arcade_common::from_val_types(val_type, inner_val_type, "")
        .or_else(|_| {
            toolshift_arcade_common::from_val_types(val_type, inner_val_type, &pointer())
        })?;
    let properties = |map: &Option<
        indexmap::IndexMap<schema::Text<'_>, schema::ValueSchema<'_>>,
    >,
                      key: &str,
                      extras: &mut Vec<Extra>|
     -> Result<Option<Vec<Property>>, DialectError> {
        let Some(map) = map else {
            return Ok(None);
        };
        map.iter()
            .map(|(name, schema)| {
                Ok(Property {
                    name: name.to_string(),
                    schema: value_schema(schema, &|| child(&child(&pointer(), key), name), extras)?,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    };
    Ok(ValueSchema {
        value_type,
        allowed: owned_list(vs.allowed.as_ref()),
        description: owned(vs.description.as_ref()),
        properties: properties(&vs.properties, "properties", extras)?,
        required_keys: owned_list(vs.required_keys.as_ref()),
        element_properties: properties(&vs.inner_properties, "inner_properties", extras)?,
        element_required_keys: owned_list(vs.inner_required_keys.as_ref()),
        nullable: vs.nullable,
        keywords: None,
    })
}

fn requirements(
    requirements: Option<&schema::ToolRequirements>,
    extras: &mut Vec<Extra>,
) -> (Authorization, Vec<Setting>) {
    let Some(requirements) = requirements else {
        return (Authorization::Unspecified, Vec::new());
    };
    collect_extras(ID, "/requirements", &requirements.unknown, extras);
    if let Some(metadata) = &requirements.metadata {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/requirements/metadata".into(),
            value: serde_json::to_value(metadata).unwrap_or_default(),
        });
        for (index, key) in metadata.iter().enumerate() {
            collect_extras(
                ID,
                &toolshift_syntax::pointer::indexed("/requirements/metadata", index, ""),
                &key.unknown,
                extras,
            );
        }
    }
    let secrets = requirements.secrets.iter().flatten();
    let settings = secret_settings(ID, secrets.map(|s| (&*s.key, &s.unknown)), extras);
    let authorization = match &requirements.authorization {
        None => Authorization::Unspecified,
        Some(requirement) => {
            provider_extras(
                ID,
                &requirement.unknown,
                requirement.provider_type.as_deref(),
                requirement.oauth2.as_ref().map(|oauth2| &oauth2.unknown),
                extras,
            );
            Authorization::OAuth2(OAuth2 {
                provider: owned(requirement.provider_id.as_ref()),
                id: owned(requirement.id.as_ref()),
                authority: None,
                scopes: owned_list(requirement.oauth2.as_ref().and_then(|o| o.scopes.as_ref())),
            })
        }
    };
    (authorization, settings)
}

/// Behaviour goes into the model; classification and free-form extras have no
/// canonical field and are kept for the same dialect to write back.
fn metadata(metadata: Option<&schema::ToolMetadata>, extras: &mut Vec<Extra>) -> Option<Behavior> {
    let metadata = metadata?;
    collect_extras(ID, "/metadata", &metadata.unknown, extras);
    if let Some(classification) = metadata.classification.as_ref().filter(|v| !v.is_null()) {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/metadata/classification".into(),
            value: classification.clone(),
        });
    }
    if let Some(free) = &metadata.extras {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/metadata/extras".into(),
            value: free.clone().into(),
        });
    }
    let behavior = metadata.behavior.as_ref()?;
    collect_extras(ID, "/metadata/behavior", &behavior.unknown, extras);
    Some(Behavior {
        operations: owned_list(behavior.operations.as_ref()),
        read_only: behavior.read_only,
        destructive: behavior.destructive,
        idempotent: behavior.idempotent,
        open_world: behavior.open_world,
    })
}

fn owned_list(texts: Option<&schema::Texts<'_>>) -> Option<Vec<String>> {
    texts.map(|texts| texts.to_vec())
}
