//! Anthropic custom tool → canonical tool.

use crate::schema;
use crate::ID;
use serde_json::Value;
use toolshift_json_schema::read_parameters;
use toolshift_model::dialect::{collect_extras, deserialize_document, in_document};
use toolshift_model::{DialectError, Example, ExampleCall, Extra, Imported, Source, Tool};

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let tool: schema::Tool = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    collect_extras(ID, "", &tool.unknown, &mut extras);
    if let Some(strict) = tool.strict {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: "/strict".into(),
            value: strict.into(),
        });
    }
    let input_schema = in_document(source.document, "input_schema")?;
    // Strict tool use keeps optional properties optional: nothing to decode.
    let (parameters, parameter_keywords) =
        read_parameters(input_schema, "/input_schema", ID, false, &mut extras)?;
    let examples = tool
        .input_examples
        .unwrap_or_default()
        .into_iter()
        .map(|value: Value| Example {
            prompt: None,
            call: ExampleCall::Arguments {
                value,
                original: None,
            },
        })
        .collect();
    Ok(Imported {
        tool: Tool {
            name: tool.name,
            description: tool.description,
            parameters,
            parameter_keywords,
            examples,
            extras,
            ..Tool::default()
        },
        losses: Vec::new(),
    })
}
