//! AnythingLLM skill folder (`plugin.json`, `handler.js`) → canonical tool.

use crate::schema::{self, SCHEMA_VERSION};
use crate::{ID, REQUIRED_PREFIX};
use serde_json::Value;
use toolshift_model::dialect::{
    check_file_name, collect_extras, deserialize_document, read_companion,
};
use toolshift_model::message;
use toolshift_model::settings::looks_secret;
use toolshift_model::{
    DialectError, Example, ExampleCall, Extra, Field, Implementation, Imported, InputHint, Loss,
    LossCode, Parameter, Primitive, Setting, Source, Tool, ValueSchema, ValueType,
};
use toolshift_syntax::pointer::child;
use toolshift_syntax::text::owned;

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let skill: schema::Skill = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    collect_extras(ID, "", &skill.unknown, &mut extras);
    if let Some(version) = skill.schema.as_deref().filter(|v| *v != SCHEMA_VERSION) {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/schema".into(),
            value: version.into(),
        });
    }
    if skill.imported == Some(false) {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/imported".into(),
            value: false.into(),
        });
    }
    collect_extras(ID, "/entrypoint", &skill.entrypoint.unknown, &mut extras);

    let parameters = read_parameters(&skill, &mut extras);
    let settings = read_settings(&skill, &mut extras);
    let examples = read_examples(&skill, &mut extras);

    let tool = Tool {
        name: skill.hub_id.to_string(),
        display_name: owned(skill.name.as_ref()),
        description: owned(skill.description.as_ref()),
        version: owned(skill.version.as_ref()),
        parameters,
        settings,
        examples,
        implementation: Some(implementation(skill.entrypoint.file.as_deref(), source)?),
        enabled: skill.active,
        author: owned(skill.author.as_ref()),
        url: owned(skill.author_url.as_ref()),
        license: owned(skill.license.as_ref()),
        extras,
        ..Tool::default()
    };
    let mut losses = Vec::new();
    let folder = source
        .dir
        .and_then(|dir| dir.file_name())
        .map(|name| name.to_string_lossy().into_owned());
    if let Some(folder) = folder.filter(|folder| *folder != tool.name) {
        losses.push(Loss::new(
            LossCode::FolderRenamed,
            Field::Name,
            message!("the skill's folder is `{folder}` but its hubId is `{}`; AnythingLLM finds a skill by its hubId, so it never loaded from there. The output folder is named after the hubId.", tool.name),
        ));
    }
    Ok(Imported { tool, losses })
}

/// The skill's parameters, in order; their unknown keys go to `extras`.
fn read_parameters(skill: &schema::Skill<'_>, extras: &mut Vec<Extra>) -> Vec<Parameter> {
    skill
        .entrypoint
        .params
        .iter()
        .map(|(name, param)| {
            let pointer = child("/entrypoint/params", name);
            collect_extras(ID, &pointer, &param.unknown, extras);
            let (description, required) = match param
                .description
                .as_deref()
                .and_then(|d| d.strip_prefix(REQUIRED_PREFIX))
            {
                Some(rest) => (Some(rest.to_owned()), Some(true)),
                None => (owned(param.description.as_ref()), None),
            };
            Parameter {
                name: name.to_string(),
                description,
                required,
                schema: ValueSchema {
                    allowed: param.allowed.as_deref().map(<[String]>::to_vec),
                    ..ValueSchema::of(read_type(param.value_type.as_deref()))
                },
                default: param.default.clone(),
                inferrable: None,
            }
        })
        .collect()
}

/// The skill's setup arguments as settings; their unknown keys go to `extras`.
fn read_settings(skill: &schema::Skill<'_>, extras: &mut Vec<Extra>) -> Vec<Setting> {
    skill
        .setup_args
        .iter()
        .flatten()
        .map(|(key, arg)| {
            let pointer = child("/setup_args", key);
            collect_extras(ID, &pointer, &arg.unknown, extras);
            let input = arg.input.as_ref().map(|input| {
                collect_extras(ID, &child(&pointer, "input"), &input.unknown, extras);
                InputHint {
                    kind: owned(input.kind.as_ref()).unwrap_or_default(),
                    placeholder: owned(input.placeholder.as_ref()),
                    hint: owned(input.hint.as_ref()),
                    options: input.options.clone(),
                    default: input.default.clone(),
                }
            });
            Setting {
                key: key.to_string(),
                description: None,
                value_type: owned(arg.value_type.as_ref()),
                required: arg.required,
                default: arg.default.clone(),
                value: arg.value.clone(),
                secret: looks_secret(key) || input.as_ref().is_some_and(|i| i.kind == "password"),
                input,
            }
        })
        .collect()
}

/// The skill's examples, a JSON call read as arguments; unknown keys go to `extras`.
fn read_examples(skill: &schema::Skill<'_>, extras: &mut Vec<Extra>) -> Vec<Example> {
    let mut examples = Vec::new();
    for (index, example) in skill.examples.iter().flatten().enumerate() {
        collect_extras(
            ID,
            &toolshift_syntax::pointer::indexed("/examples", index, ""),
            &example.unknown,
            extras,
        );
        let call = match &example.call {
            Some(Value::String(text)) => match serde_json::from_str::<Value>(text) {
                Ok(value) => ExampleCall::Arguments {
                    value,
                    original: Some(text.clone()),
                },
                Err(_) => ExampleCall::Verbatim(text.clone()),
            },
            Some(value) => ExampleCall::Arguments {
                value: value.clone(),
                original: None,
            },
            None => ExampleCall::Verbatim(String::new()),
        };
        examples.push(Example {
            prompt: owned(example.prompt.as_ref()),
            call,
        });
    }
    examples
}

fn read_type(name: Option<&str>) -> ValueType {
    match name {
        None | Some("string") => ValueType::Primitive(Primitive::String),
        Some("number") => ValueType::Primitive(Primitive::Number),
        Some("boolean") => ValueType::Primitive(Primitive::Boolean),
        Some(other) => ValueType::Native {
            dialect: ID.into(),
            name: other.into(),
            equivalent: None,
        },
    }
}

/// The handler named by `entrypoint.file`, read so that the same dialect can copy it.
/// A name that reaches outside the skill folder is refused, not followed.
fn implementation(file: Option<&str>, source: &Source<'_>) -> Result<Implementation, DialectError> {
    let file = file.unwrap_or("handler.js");
    check_file_name(file).map_err(|error| {
        DialectError::invalid(
            "/entrypoint/file",
            format!("the handler must be a file in the skill folder: {error}"),
        )
    })?;
    let content = read_companion(source, file, "/entrypoint/file")?;
    Ok(Implementation {
        language: "javascript".into(),
        file: file.to_owned(),
        present: source.dir.map(|_| content.is_some()),
        content,
    })
}
