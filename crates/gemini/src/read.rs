//! Gemini function declaration → canonical tool.

use crate::openapi::to_json_schema;
use crate::schema;
use crate::ID;
use toolshift_json_schema::{read_output, read_parameters};
use toolshift_model::dialect::{collect_extras, deserialize_document};
use toolshift_model::{DialectError, Extra, Imported, Output, Source, Tool};

/// The extra that records a declaration written with `parametersJsonSchema`, so that a
/// Gemini output keeps that form.
pub const JSON_SCHEMA_FORM: &str = "/parametersJsonSchema";
/// The same for `responseJsonSchema`.
pub const RESPONSE_JSON_SCHEMA_FORM: &str = "/responseJsonSchema";

pub fn read(source: &Source<'_>) -> Result<Imported, DialectError> {
    let declaration: schema::FunctionDeclaration = deserialize_document(source.document)?;
    let mut extras = Vec::new();
    collect_extras(ID, "", &declaration.unknown, &mut extras);
    let arguments = match (&declaration.parameters, &declaration.parameters_json_schema) {
        (Some(parameters), _) => Some((to_json_schema(parameters), "/parameters")),
        (None, Some(schema)) => {
            extras.push(Extra {
                dialect: ID.into(),
                pointer: JSON_SCHEMA_FORM.into(),
                value: true.into(),
            });
            Some((schema.clone(), JSON_SCHEMA_FORM))
        }
        (None, None) => None,
    };
    let (parameters, parameter_keywords) = match &arguments {
        Some((schema, pointer)) => read_parameters(schema, pointer, ID, false, &mut extras)?,
        None => (Vec::new(), None),
    };
    let output = match (&declaration.response, &declaration.response_json_schema) {
        (Some(response), _) => read_output(&to_json_schema(response), "/response")?,
        (None, Some(schema)) => {
            extras.push(Extra {
                dialect: ID.into(),
                pointer: RESPONSE_JSON_SCHEMA_FORM.into(),
                value: true.into(),
            });
            read_output(schema, RESPONSE_JSON_SCHEMA_FORM)?
        }
        (None, None) => Output::default(),
    };
    Ok(Imported {
        tool: Tool {
            name: declaration.name,
            description: declaration.description,
            parameters,
            parameter_keywords,
            output,
            extras,
            ..Tool::default()
        },
        losses: Vec::new(),
    })
}
