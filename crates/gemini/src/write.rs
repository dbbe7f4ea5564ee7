//! Canonical tool → Gemini function declaration.

use crate::openapi::{response_to_gemini, to_gemini};
use crate::read::{JSON_SCHEMA_FORM, RESPONSE_JSON_SCHEMA_FORM};
use crate::schema;
use crate::ID;
use serde_json::{Map, Value};
use toolshift_json_schema::{
    describe_output, flat_name, function_tool_losses, sanitize_property_keys, write_parameters,
    write_value, FunctionHolds, Writing,
};
use toolshift_model::dialect::restore_extras;
use toolshift_model::message;
use toolshift_model::unheld::unheld_extras;
use toolshift_model::{DialectError, Field, Loss, LossCode, Tool, WriteOptions, Written};

const TITLE: &str = "Gemini";

/// Gemini's rule for function names: letters, digits, `_`, `.` and `-`, at most 64,
/// starting with a letter or `_`.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// Vertex AI's rule for parameter names, the stricter of the two APIs':
/// `[A-Za-z0-9_]`, at most 64.
fn allowed_in_key(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let name = function_name(tool, &mut losses);
    let mut arguments = write_parameters(tool, Writing { target: TITLE }, &mut losses);
    sanitize_property_keys(
        tool,
        &mut arguments,
        TITLE,
        allowed_in_key,
        "letters, digits and `_`",
        &mut losses,
    );
    let json_schema_form =
        options.json_schema || tool.extra(ID, JSON_SCHEMA_FORM) == Some(&Value::Bool(true));
    let (parameters, parameters_json_schema) =
        if tool.parameters.is_empty() && tool.parameter_keywords.is_none() {
            (None, None)
        } else if json_schema_form {
            (None, Some(without_schema_uri(arguments, tool, &mut losses)))
        } else {
            let (written, more) = to_gemini(&arguments, tool, tool.origin.as_deref() == Some(ID));
            losses.extend(more);
            (Some(written), None)
        };
    let response_json_schema_form = options.json_schema
        || tool.extra(ID, RESPONSE_JSON_SCHEMA_FORM) == Some(&Value::Bool(true));
    let (response, response_json_schema) = response(tool, response_json_schema_form, &mut losses);
    function_tool_losses(
        tool,
        TITLE,
        FunctionHolds {
            output: true,
            ..FunctionHolds::default()
        },
        &mut losses,
    );
    let definition = schema::FunctionDeclaration {
        name: name.clone(),
        description: tool.description.clone(),
        parameters,
        parameters_json_schema,
        response,
        response_json_schema,
        unknown: Map::new(),
    };
    let mut document = toolshift_model::dialect::to_document(ID, &definition)?;
    let form = |pointer: &str| pointer == JSON_SCHEMA_FORM || pointer == RESPONSE_JSON_SCHEMA_FORM;
    let restored = restore_extras(&mut document, &tool.extras, ID, |pointer| {
        !form(pointer) && pointer.matches('/').count() == 1
    });
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        restored.iter().any(|p| p == pointer) || form(pointer)
    }));
    toolshift_model::dialect::one_manifest(&name, document, losses)
}

/// The output's schema as `response` (Gemini's `Schema`), or as `responseJsonSchema`
/// where `json_schema_form`; what neither holds (output modes, a description without a
/// type) is reported. Named return values are `unheld`'s to report, one by one.
fn response(
    tool: &Tool,
    json_schema_form: bool,
    losses: &mut Vec<Loss>,
) -> (Option<Value>, Option<Value>) {
    let output = &tool.output;
    let mut dropped = Vec::new();
    if !output.modes.is_empty() {
        dropped.push(format!("modes {}", output.modes_text()));
    }
    let written = match &output.schema {
        Some(schema) => {
            let writing = Writing { target: TITLE };
            let mut value = write_value(schema, Field::OutputSchema, writing, losses);
            describe_output(&mut value, output, schema, &mut dropped);
            Some(Value::Object(value))
        }
        None => {
            if let Some(text) = &output.description {
                dropped.push(format!("description {text:?} (it has no type)"));
            }
            None
        }
    };
    if !dropped.is_empty() {
        losses.push(Loss::new(
            LossCode::OutputDropped,
            Field::Output,
            message!("{TITLE}'s `response` describes the value a function returns; the output's {} were dropped. Say what the tool returns in its description.", dropped.join(", ")),
        ));
    }
    match written {
        None => (None, None),
        Some(schema) if json_schema_form => (None, Some(schema)),
        Some(schema) => {
            let (written, more) =
                response_to_gemini(&schema, tool, tool.origin.as_deref() == Some(ID));
            losses.extend(more);
            (Some(written), None)
        }
    }
}

/// The name under Gemini's rule, with `_` in front where it starts otherwise.
fn function_name(tool: &Tool, losses: &mut Vec<Loss>) -> String {
    let name = flat_name(tool, TITLE, allowed, 64, losses);
    if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return name;
    }
    let fixed: String = format!("_{name}").chars().take(64).collect();
    losses.push(Loss::new(
        LossCode::NameSanitized,
        Field::Name,
        message!("{TITLE} names start with a letter or `_`; `{name}` was written as `{fixed}`."),
    ));
    fixed
}

/// `parametersJsonSchema` takes JSON Schema as it is, but for `$schema`, which the
/// Gemini API refuses.
fn without_schema_uri(mut arguments: Value, tool: &Tool, losses: &mut Vec<Loss>) -> Value {
    if let Some(uri) = arguments
        .as_object_mut()
        .and_then(|map| map.remove("$schema"))
    {
        let field = tool
            .parameter_keywords
            .as_ref()
            .and_then(|keywords| keywords.keys().position(|k| k == "$schema"))
            .map_or(Field::Parameters, Field::ParameterKeyword);
        losses.push(Loss::new(
            LossCode::KeywordDropped,
            field,
            message!("The Gemini API refuses `$schema` in parametersJsonSchema; `$schema: {uri}` was dropped. It is an annotation: no call is accepted or refused for it."),
        ));
    }
    arguments
}
