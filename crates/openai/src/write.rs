//! Canonical tool → OpenAI function tool, in the Chat Completions shape, or the
//! Responses one with `--responses`.

use crate::schema;
use crate::ID;
use serde_json::{Map, Value};
use toolshift_json_schema::strict::{make_strict, OPENAI_STRICT};
use toolshift_json_schema::{
    flat_name, function_tool_losses, write_parameters, FunctionHolds, Writing,
};
use toolshift_model::dialect::{restore_extras, to_document_with};
use toolshift_model::unheld::unheld_extras;
use toolshift_model::{DialectError, Loss, LossCode, Tool, WriteOptions, Written};

const TITLE: &str = "OpenAI";

/// OpenAI's rule for function names: `a-z A-Z 0-9 _ -`, at most 64.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
}

/// The tool's own `strict`, where it was an OpenAI function.
fn own_strict(tool: &Tool) -> Option<bool> {
    tool.extra(ID, "/function/strict")
        .or_else(|| tool.extra(ID, "/strict"))
        .and_then(Value::as_bool)
}

/// The Responses API's shape: the function's keys beside `type`, where `strict` and
/// `parameters` are required (OpenAI's `FunctionTool`).
fn responses_shape(chat: Value, strict: bool) -> Value {
    let mut flat = Map::new();
    flat.insert("type".into(), "function".into());
    if let Some(Value::Object(function)) = chat.get("function") {
        for (key, value) in function {
            flat.insert(key.clone(), value.clone());
        }
    }
    flat.insert("strict".into(), Value::Bool(strict));
    Value::Object(flat)
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let name = flat_name(tool, TITLE, allowed, 64, &mut losses);
    let (parameters, strict) = parameters_and_strict(tool, options, &mut losses);
    function_tool_losses(tool, TITLE, FunctionHolds::default(), &mut losses);
    let definition = schema::ChatTool {
        kind: "function".into(),
        function: schema::Function {
            name: name.clone(),
            description: tool.description.clone(),
            parameters: Some(Value::Null),
            strict,
            unknown: Map::new(),
        },
        unknown: Map::new(),
    };
    let mut document = to_document_with(ID, &definition, "/function/parameters", parameters)?;
    if options.responses {
        document = responses_shape(document, strict.unwrap_or(false));
    }
    restore_own_extras(tool, options.responses, &mut document, &mut losses);
    toolshift_model::dialect::one_manifest(&name, document, losses)
}

/// The parameters, in strict mode where it was asked for (`--strict`, or a strict
/// input) and strict mode keeps what the tool accepts; else plain, with the property
/// that prevents it reported. The `strict` flag to write.
fn parameters_and_strict(
    tool: &Tool,
    options: &WriteOptions,
    losses: &mut Vec<Loss>,
) -> (Value, Option<bool>) {
    let parameters = write_parameters(tool, Writing { target: TITLE }, losses);
    let asked = options.strict || own_strict(tool) == Some(true);
    if !asked {
        return (parameters, None);
    }
    match make_strict(parameters, tool, &OPENAI_STRICT) {
        Ok((strict, more)) => {
            // A strict OpenAI input already had its optional parameters encoded so.
            let encoded = own_strict(tool) == Some(true);
            losses.extend(
                more.into_iter()
                    .filter(|loss| !(encoded && loss.code == LossCode::OptionalAsNullable)),
            );
            (strict, Some(true))
        }
        Err(not_strict) => {
            losses.push(not_strict.loss(&OPENAI_STRICT));
            // `make_strict` took the plain schema; its entries are in `losses` already.
            let plain = write_parameters(tool, Writing { target: TITLE }, &mut Vec::new());
            (plain, Some(false))
        }
    }
}

/// Puts OpenAI's own extras back where the written shape keeps them, and reports those
/// it cannot.
fn restore_own_extras(tool: &Tool, responses: bool, document: &mut Value, losses: &mut Vec<Loss>) {
    // Extras go back where the written shape keeps them: a Responses input's function
    // keys sit beside `type`, a Chat Completions input's under `function`.
    let mut placed = tool.extras.clone();
    for extra in &mut placed {
        if extra.dialect != ID {
            continue;
        }
        if responses {
            if let Some(rest) = extra.pointer.strip_prefix("/function/") {
                extra.pointer = format!("/{rest}");
            }
        } else if extra.pointer.starts_with("/parameters/") {
            extra.pointer = format!("/function{}", extra.pointer);
        }
    }
    let restored = restore_extras(document, &placed, ID, |pointer| {
        if responses {
            pointer != "/strict" && pointer != "/type"
        } else {
            pointer.starts_with("/function/")
        }
    });
    losses.extend(unheld_extras(&placed, ID, TITLE, |pointer| {
        restored.iter().any(|p| p == pointer)
            || pointer == "/function/strict"
            || pointer == "/strict"
    }));
}
