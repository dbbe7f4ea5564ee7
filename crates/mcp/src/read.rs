//! MCP tool → canonical tool.

use crate::schema;
use crate::ID;
use toolshift_json_schema::{read_output, read_parameters};
use toolshift_model::dialect::{collect_extras, deserialize_document, in_document};
use toolshift_model::{Behavior, DialectError, Extra, Imported, Output, Source, Tool};

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let tool: schema::Tool = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    collect_extras(ID, "", &tool.unknown, &mut extras);
    let input_schema = in_document(source.document, "inputSchema")?;
    let (parameters, parameter_keywords) =
        read_parameters(input_schema, "/inputSchema", ID, false, &mut extras)?;

    let mut display_name = tool.title.clone();
    let mut behavior = None;
    if let Some(annotations) = &tool.annotations {
        collect_extras(ID, "/annotations", &annotations.unknown, &mut extras);
        // The specification shows `title`, then `annotations.title`, then `name`.
        match (&display_name, &annotations.title) {
            (None, Some(title)) => display_name = Some(title.clone()),
            (Some(own), Some(title)) if own != title => extras.push(Extra {
                dialect: ID.into(),
                pointer: "/annotations/title".into(),
                value: title.clone().into(),
            }),
            _ => {}
        }
        let hints = Behavior {
            operations: None,
            read_only: annotations.read_only_hint,
            destructive: annotations.destructive_hint,
            idempotent: annotations.idempotent_hint,
            open_world: annotations.open_world_hint,
        };
        if !hints.is_empty() {
            behavior = Some(hints);
        }
    }

    let output = match &tool.output_schema {
        Some(schema) => read_output(schema, "/outputSchema")?,
        None => Output::default(),
    };

    Ok(Imported {
        tool: Tool {
            name: tool.name,
            display_name,
            description: tool.description,
            parameters,
            parameter_keywords,
            output,
            behavior,
            extras,
            ..Tool::default()
        },
        losses: Vec::new(),
    })
}
