//! OpenAI function tool → canonical tool.

use crate::schema;
use crate::ID;
use toolshift_json_schema::read_parameters;
use toolshift_model::dialect::{collect_extras, deserialize_document};
use toolshift_model::{DialectError, Extra, Imported, Source, Tool};

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let document = source.document;
    let mut extras = Vec::new();
    // Chat Completions nests the function's keys under `function`; Responses does not.
    let (function, base) = if document.get("function").is_some() {
        let tool: schema::ChatTool = deserialize_document(document)?;
        check_kind(&tool.kind)?;
        collect_extras(ID, "", &tool.unknown, &mut extras);
        (tool.function, "/function")
    } else {
        let tool: schema::ResponsesTool = deserialize_document(document)?;
        check_kind(&tool.kind)?;
        (tool.function, "")
    };
    collect_extras(ID, base, &function.unknown, &mut extras);
    if let Some(strict) = function.strict {
        extras.push(Extra {
            dialect: ID.into(),
            pointer: format!("{base}/strict"),
            value: strict.into(),
        });
    }
    let strict = function.strict == Some(true);
    let (parameters, parameter_keywords) = match &function.parameters {
        Some(schema) => read_parameters(
            schema,
            &format!("{base}/parameters"),
            ID,
            strict,
            &mut extras,
        )?,
        None => (Vec::new(), None),
    };
    Ok(Imported {
        tool: Tool {
            name: function.name,
            description: function.description,
            parameters,
            parameter_keywords,
            extras,
            ..Tool::default()
        },
        losses: Vec::new(),
    })
}

fn check_kind(kind: &str) -> Result<(), DialectError> {
    if kind == "function" {
        Ok(())
    } else {
        Err(DialectError::invalid(
            "/type",
            format!("`{kind}` is not a function tool; toolshift reads `\"type\": \"function\"` tools only"),
        ))
    }
}
