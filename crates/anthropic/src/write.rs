//! Canonical tool → Anthropic custom tool.

use crate::schema;
use crate::ID;
use serde_json::{Map, Value};
use toolshift_json_schema::strict::{make_strict, ANTHROPIC_STRICT};
use toolshift_json_schema::{
    flat_name, function_tool_losses, sanitize_property_keys, write_parameters, FunctionHolds,
    Writing,
};
use toolshift_model::dialect::{restore_extras, to_document_with};
use toolshift_model::message;
use toolshift_model::unheld::unheld_extras;
use toolshift_model::{
    CodeCall, DialectError, ExampleCall, Field, Loss, LossCode, Tool, WriteOptions, Written,
};
use toolshift_syntax::in_document::InDocument;

const TITLE: &str = "Anthropic";

/// The Messages API's rule for tool names: `^[a-zA-Z0-9_-]{1,64}$`.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
}

/// Its rule for the keys of `input_schema.properties`: `^[a-zA-Z0-9_.-]{1,64}$`.
fn allowed_in_key(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

pub fn write(tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let name = flat_name(tool, TITLE, allowed, 64, &mut losses);
    let input_schema = plain_input_schema(tool, &mut losses);
    let (input_schema, strict) = strict_or_not(tool, options, input_schema, &mut losses);
    let input_examples = input_examples(tool, &mut losses);
    let input_examples = valid_examples(&input_schema, input_examples, &mut losses);
    function_tool_losses(
        tool,
        TITLE,
        FunctionHolds {
            examples: true,
            ..FunctionHolds::default()
        },
        &mut losses,
    );
    let definition = schema::Tool {
        name: name.clone(),
        description: tool.description.clone(),
        input_schema: InDocument,
        input_examples: (!input_examples.is_empty()).then_some(input_examples),
        strict,
        unknown: Map::new(),
    };
    let mut document = to_document_with(ID, &definition, "/input_schema", input_schema)?;
    let restored = restore_extras(&mut document, &tool.extras, ID, |pointer| {
        pointer != "/strict"
            && (pointer.matches('/').count() == 1 || pointer.starts_with("/input_schema/"))
    });
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        restored.iter().any(|p| p == pointer) || pointer == "/strict"
    }));
    toolshift_model::dialect::one_manifest(&name, document, losses)
}

/// `input_schema` as the Messages API takes it, before strict mode.
fn plain_input_schema(tool: &Tool, losses: &mut Vec<Loss>) -> Value {
    let mut input_schema = write_parameters(tool, Writing { target: TITLE }, losses);
    drop_top_level_composition(tool, &mut input_schema, losses);
    sanitize_property_keys(
        tool,
        &mut input_schema,
        TITLE,
        allowed_in_key,
        "letters, digits and `_.-`",
        losses,
    );
    input_schema
}

/// The tool's own `strict`, where it was an Anthropic tool.
fn own_strict(tool: &Tool) -> Option<bool> {
    tool.extra(ID, "/strict").and_then(Value::as_bool)
}

/// Strict tool use where it was asked for (`--strict`, or a strict input) and it keeps
/// what the tool accepts; else the plain schema, with the property that prevents it
/// reported. The `strict` flag to write.
fn strict_or_not(
    tool: &Tool,
    options: &WriteOptions,
    input_schema: Value,
    losses: &mut Vec<Loss>,
) -> (Value, Option<bool>) {
    let own = own_strict(tool);
    if !(options.strict || own == Some(true)) {
        return (input_schema, own);
    }
    match make_strict(input_schema, tool, &ANTHROPIC_STRICT) {
        Ok((strict, more)) => {
            losses.extend(more);
            (strict, Some(true))
        }
        Err(not_strict) => {
            losses.push(not_strict.loss(&ANTHROPIC_STRICT));
            // `make_strict` took the plain schema; its entries are in `losses` already.
            (plain_input_schema(tool, &mut Vec::new()), Some(false))
        }
    }
}

/// The Messages API refuses `anyOf`, `oneOf` and `allOf` at the top of `input_schema`.
fn drop_top_level_composition(tool: &Tool, input_schema: &mut Value, losses: &mut Vec<Loss>) {
    let Some(schema) = input_schema.as_object_mut() else {
        return;
    };
    for key in ["anyOf", "oneOf", "allOf"] {
        let Some(value) = schema.remove(key) else {
            continue;
        };
        let field = tool
            .parameter_keywords
            .as_ref()
            .and_then(|keywords| keywords.keys().position(|k| k == key))
            .map_or(Field::Parameters, Field::ParameterKeyword);
        losses.push(Loss::new(
            LossCode::KeywordDropped,
            field,
            message!("{TITLE} refuses `{key}` at the top of input_schema; `{key}: {value}` was dropped, so the schema no longer checks it. Say in the description which combinations of arguments are valid."),
        ));
    }
}

/// One input example on its way into `input_examples`.
struct Candidate {
    /// The example it comes from.
    index: usize,
    arguments: Value,
    /// Where its `example-rewritten` entry is among the losses: placed by where the
    /// example is written, or taken back when `input_schema` refuses the example.
    rewritten: Option<usize>,
}

/// `input_examples`: each example's arguments. What has no place there (a prompt, a
/// call that is not a JSON object) is reported.
fn input_examples(tool: &Tool, losses: &mut Vec<Loss>) -> Vec<Candidate> {
    let mut written = Vec::new();
    for (index, example) in tool.examples.iter().enumerate() {
        let field = Field::Example(index);
        match &example.call {
            ExampleCall::Arguments { value, .. } if value.is_object() => {
                written.push(Candidate {
                    index,
                    arguments: value.clone(),
                    rewritten: None,
                })
            }
            ExampleCall::Arguments { value, .. } => losses.push(Loss::new(
                LossCode::ExampleDropped,
                field,
                message!("{TITLE}'s input_examples are argument objects; example {}'s call {value} is not one, so it was dropped.", index + 1),
            )),
            ExampleCall::Verbatim(text) => losses.push(Loss::new(
                LossCode::ExampleDropped,
                field,
                message!("{TITLE}'s input_examples are argument objects; example {}'s call {text:?} is not JSON, so it was dropped.", index + 1),
            )),
            ExampleCall::Code { language, calls, .. } => {
                code_examples(tool, index, language, calls, &mut written, losses);
                continue;
            }
        }
        if let Some(prompt) = &example.prompt {
            losses.push(Loss::new(
                LossCode::ExamplePromptDropped,
                field,
                message!("{TITLE}'s input_examples hold the arguments only; example {}'s prompt {prompt:?} was dropped.", index + 1),
            ));
        }
    }
    written
}

/// The examples `input_schema` accepts. The Messages API refuses a tool whose example
/// fails its schema, and with it the whole request (docs/anthropic.md), so such an
/// example is dropped and reported.
fn valid_examples(
    input_schema: &Value,
    examples: Vec<Candidate>,
    losses: &mut Vec<Loss>,
) -> Vec<Value> {
    if examples.is_empty() {
        // Compiling a validator is most of an Anthropic write; most tools have none.
        return Vec::new();
    }
    // A schema the validator cannot compile is one the API judges itself.
    let validator = jsonschema::validator_for(input_schema).ok();
    let mut kept = Vec::with_capacity(examples.len());
    let mut taken_back = Vec::new();
    let mut dropped = Vec::new();
    for example in examples {
        let refused = validator
            .as_ref()
            .and_then(|validator| validator.iter_errors(&example.arguments).next());
        if let Some(error) = refused {
            let at = toolshift_syntax::pointer::display(error.instance_path().as_str().to_owned());
            dropped.push(Loss::new(
                LossCode::ExampleDropped,
                Field::Example(example.index),
                message!("{TITLE} refuses a tool whose input example fails its input_schema, and the request with it; the arguments {} of example {} fail it at {at} ({error}), so they were dropped.", example.arguments, example.index + 1),
            ));
            taken_back.extend(example.rewritten);
            continue;
        }
        // A rewritten example's entry is placed by where it is written.
        if let Some(loss) = example.rewritten.and_then(|at| losses.get_mut(at)) {
            loss.field = Field::Example(kept.len());
        }
        kept.push(example.arguments);
    }
    for at in taken_back.into_iter().rev() {
        if at < losses.len() {
            losses.remove(at);
        }
    }
    losses.append(&mut dropped);
    kept
}

/// The calls of the tool found in example code, each as its arguments; what is not a
/// call with literal arguments is reported one by one.
fn code_examples(
    tool: &Tool,
    index: usize,
    language: &str,
    calls: &[CodeCall],
    written: &mut Vec<Candidate>,
    losses: &mut Vec<Loss>,
) {
    if calls.is_empty() {
        losses.push(Loss::new(
            LossCode::ExampleDropped,
            Field::Example(index),
            message!("{TITLE}'s input_examples are argument objects, and the {language} example code calls `{}` nowhere; it was dropped.", tool.name),
        ));
        return;
    }
    for call in calls {
        let statement = call
            .statement
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        match &call.arguments {
            Ok(arguments) => {
                let prompt = call.prompt.as_ref().map_or_else(String::new, |p| {
                    format!(" and its comment {p:?} was dropped")
                });
                written.push(Candidate {
                    index,
                    arguments: arguments.clone(),
                    rewritten: Some(losses.len()),
                });
                losses.push(Loss::new(
                    LossCode::ExampleRewritten,
                    Field::Example(index),
                    message!(
                        "`{statement}` became an input example holding its arguments{prompt}."
                    ),
                ));
            }
            Err(why) => losses.push(Loss::new(
                LossCode::ExampleDropped,
                Field::Example(index),
                message!("`{statement}` cannot be an {TITLE} input example: {why}."),
            )),
        }
    }
}
