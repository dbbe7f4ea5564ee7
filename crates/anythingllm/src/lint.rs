//! Problems in an AnythingLLM skill that its schema does not catch, each one that
//! AnythingLLM's loader or settings form meets at run time.

use serde_json::{Map, Value};
use toolshift_model::settings::looks_secret;
use toolshift_model::{Source, Warning};
use toolshift_syntax::pointer::{child, indexed};

pub fn lint(source: &Source<'_>) -> Vec<Warning> {
    let document = source.document;
    let mut warnings = Vec::new();
    warnings.extend(hub_id_warning(source));
    warnings.extend(example_warnings(document));
    warnings.extend(secret_input_warnings(document));
    warnings.extend(entrypoint_warning(source));
    warnings
}

fn hub_id_warning(source: &Source<'_>) -> Option<Warning> {
    let hub_id = source.document.get("hubId").and_then(Value::as_str)?;
    let folder = source.dir?.file_name()?.to_string_lossy().into_owned();
    (hub_id != folder).then(|| Warning {
        pointer: "/hubId".into(),
        message: format!("hubId `{hub_id}` differs from its folder name `{folder}`; AnythingLLM silently skips such a skill"),
    })
}

/// An example whose call is not JSON, or passes an argument the skill has no
/// parameter for: the model is shown a call it must not make.
fn example_warnings(document: &Value) -> Vec<Warning> {
    let params = document
        .pointer("/entrypoint/params")
        .and_then(Value::as_object);
    let mut warnings = Vec::new();
    let examples = document.get("examples").and_then(Value::as_array);
    for (index, example) in examples.into_iter().flatten().enumerate() {
        let Some(call) = example.get("call").and_then(Value::as_str) else {
            continue;
        };
        let pointer = indexed("/examples", index, "/call");
        match serde_json::from_str::<Value>(call) {
            Err(error) => warnings.push(Warning {
                pointer,
                message: format!(
                    "the call is not valid JSON ({error}); the model is shown a broken example"
                ),
            }),
            Ok(Value::Object(arguments)) => {
                warnings.extend(unknown_arguments(&arguments, params, &pointer));
            }
            Ok(_) => {}
        }
    }
    warnings
}

fn unknown_arguments(
    arguments: &Map<String, Value>,
    params: Option<&Map<String, Value>>,
    pointer: &str,
) -> Vec<Warning> {
    arguments
        .keys()
        .filter(|name| !params.is_some_and(|params| params.contains_key(*name)))
        .map(|name| Warning {
            pointer: pointer.to_owned(),
            message: format!("the call passes `{name}`, which is not a parameter of the skill; the model learns to send an argument the handler never reads"),
        })
        .collect()
}

/// A setting whose key names a credential, shown in a `text` input: the settings form
/// displays the secret in clear text, where a `password` input masks it.
fn secret_input_warnings(document: &Value) -> Vec<Warning> {
    let settings = document.get("setup_args").and_then(Value::as_object);
    settings
        .into_iter()
        .flatten()
        .filter(|(key, _)| looks_secret(key))
        .filter_map(|(key, setting)| {
            let kind = setting.pointer("/input/type").and_then(Value::as_str)?;
            (kind == "text").then(|| Warning {
                pointer: child(&child("/setup_args", key), "input") + "/type",
                message: format!("`{key}` names a credential, but its input type `text` shows it in clear text in AnythingLLM's settings; use `password`"),
            })
        })
        .collect()
}

fn entrypoint_warning(source: &Source<'_>) -> Option<Warning> {
    let file = source
        .document
        .pointer("/entrypoint/file")
        .and_then(Value::as_str)
        .unwrap_or("handler.js");
    let dir = source.dir?;
    let missing =
        toolshift_model::dialect::check_file_name(file).is_ok() && !dir.join(file).is_file();
    missing.then(|| Warning {
        pointer: "/entrypoint/file".into(),
        message: format!("{file} does not exist in the skill folder; the skill cannot run"),
    })
}
