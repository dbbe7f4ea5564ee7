//! TaskWeaver plugin YAML → canonical tool.

use crate::schema::{self, Field};
use crate::types::read_type;
use crate::ID;
use serde_json::Value;
use toolshift_model::dialect::{
    check_file_name, collect_extras, collect_extras_at, deserialize_document, read_companion,
};
use toolshift_model::settings::looks_secret;
use toolshift_model::{
    DialectError, Example, ExampleCall, Extra, Implementation, Imported, Output, Parameter,
    ReturnValue, Setting, Source, Tool, ValueSchema,
};

/// A parameter whose `type` is missing is `Any` to the loader.
const DEFAULT_TYPE: &str = "Any";

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    // Owned, so that its texts move into the tool instead of being copied again.
    let plugin: schema::Plugin = deserialize_document(source.document)?;
    let implementation = implementation(&plugin, source)?;
    let mut extras = Vec::new();
    collect_extras(ID, "", &plugin.unknown, &mut extras);
    for (key, value) in [
        ("required", plugin.required.map(Value::Bool)),
        ("plugin_only", plugin.plugin_only.map(Value::Bool)),
    ] {
        if let Some(value) = value {
            extras.push(Extra {
                dialect: ID.into(),
                pointer: ["/", key].concat(),
                value,
            });
        }
    }

    let parameters = read_parameters(plugin.parameters, &mut extras);
    let returns = read_returns(plugin.returns, &mut extras);

    let examples = read_examples(plugin.examples, &plugin.name, &parameters, &mut extras);
    let settings = read_settings(plugin.configurations);

    let tool = Tool {
        name: plugin.name,
        description: plugin.description,
        parameters,
        output: Output {
            returns,
            ..Output::default()
        },
        settings,
        examples,
        implementation: Some(implementation),
        enabled: plugin.enabled,
        extras,
        ..Tool::default()
    };
    Ok(Imported {
        tool,
        losses: Vec::new(),
    })
}

/// The plugin's Python examples as one code example, each call with literal arguments
/// read as a call; examples that are not a text go to `extras`.
fn read_examples(
    examples: Option<Value>,
    name: &str,
    parameters: &[Parameter],
    extras: &mut Vec<Extra>,
) -> Vec<Example> {
    match examples {
        None => Vec::new(),
        Some(Value::String(code)) => {
            let names: Vec<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
            vec![Example {
                prompt: None,
                call: ExampleCall::Code {
                    language: "python".into(),
                    calls: crate::examples::parse(&code, name, &names),
                    text: code,
                },
            }]
        }
        Some(other) => {
            extras.push(Extra {
                dialect: ID.into(),
                pointer: "/examples".into(),
                value: other,
            });
            Vec::new()
        }
    }
}

/// The configurations as settings, a credential-like key marked secret.
fn read_settings(
    configurations: Option<toolshift_syntax::OrderedMap<String, Value>>,
) -> Vec<Setting> {
    configurations
        .into_iter()
        .flatten()
        .map(|(key, value)| Setting {
            secret: looks_secret(&key),
            key,
            description: None,
            value_type: None,
            required: None,
            default: None,
            value: (!value.is_null()).then_some(value),
            input: None,
        })
        .collect()
}

/// The parameters, with the loader's default for a missing `required`; their unknown
/// keys go to `extras`.
fn read_parameters(fields: Vec<Field>, extras: &mut Vec<Extra>) -> Vec<Parameter> {
    fields
        .into_iter()
        .enumerate()
        .map(|(index, field)| {
            unknown_keys("/parameters", index, &field, extras);
            Parameter {
                schema: ValueSchema::of(read_type(type_name(&field))),
                name: field.name,
                description: field.description,
                // The loader's own default when the key is missing.
                required: Some(field.required.unwrap_or(false)),
                default: field.default,
                inferrable: None,
            }
        })
        .collect()
}

/// The named return values; their unknown keys, and the `required` and `default` the
/// model has no place for on a return value, go to `extras`.
fn read_returns(fields: Vec<Field>, extras: &mut Vec<Extra>) -> Vec<ReturnValue> {
    fields
        .into_iter()
        .enumerate()
        .map(|(index, field)| {
            unknown_keys("/returns", index, &field, extras);
            for key in ["required", "default"] {
                let value = match key {
                    "required" => field.required.map(Value::Bool),
                    _ => field.default.clone(),
                };
                if let Some(value) = value.filter(|v| !v.is_null()) {
                    extras.push(Extra {
                        dialect: ID.into(),
                        pointer: format!("/returns/{index}/{key}"),
                        value,
                    });
                }
            }
            ReturnValue {
                value_type: read_type(type_name(&field)),
                name: field.name,
                description: field.description,
            }
        })
        .collect()
}

/// A parameter's or return value's unknown keys, as extras at its place in `list`.
fn unknown_keys(list: &str, index: usize, field: &Field, extras: &mut Vec<Extra>) {
    let place = || toolshift_syntax::pointer::indexed(list, index, "");
    collect_extras_at(ID, place, &field.unknown, extras);
}

fn type_name(field: &Field) -> &str {
    field.type_name.as_deref().unwrap_or(DEFAULT_TYPE)
}

/// The `.py` TaskWeaver loads for a plugin, and the pointer of the field that names it:
/// `code`, or `name` when there is no `code`.
pub(crate) fn code_file(code: Option<&str>, name: &str) -> (String, &'static str) {
    match code {
        Some(code) => ([code, ".py"].concat(), "/code"),
        None => ([name, ".py"].concat(), "/name"),
    }
}

/// `code` names `<code>.py` beside the YAML; without it, `<name>.py`. Its absence is
/// not an error, but a `code` that reaches outside the plugin folder is.
fn implementation(
    plugin: &schema::Plugin,
    source: &Source<'_>,
) -> Result<Implementation, DialectError> {
    let (file, pointer) = code_file(plugin.code.as_deref(), &plugin.name);
    let safe = check_file_name(&file);
    if let (Err(error), Some(_)) = (&safe, &plugin.code) {
        return Err(DialectError::invalid(
            "/code",
            format!("`code` must name a file beside the plugin: {error}"),
        ));
    }
    // The same dialect carries the Python it finds, as AnythingLLM carries handler.js.
    let content = match safe {
        Ok(()) => read_companion(source, &file, pointer)?,
        Err(_) => None,
    };
    Ok(Implementation {
        language: "python".into(),
        present: source.dir.map(|_| content.is_some()),
        file,
        content,
    })
}
