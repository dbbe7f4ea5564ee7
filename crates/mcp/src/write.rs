//! Canonical tool → MCP tool.

use crate::schema;
use crate::ID;
use serde_json::{Map, Value};
use toolshift_json_schema::{
    authorization_losses, describe_output, flat_name, write_parameters, write_value, Writing,
    NATIVE,
};
use toolshift_model::dialect::{restore_extras, to_document_with};
use toolshift_model::message;
use toolshift_model::unheld::{unheld, unheld_extras, Holds};
use toolshift_model::{
    DialectError, Field, Loss, LossCode, Primitive, Tool, ValueType, WriteOptions, Written,
};
use toolshift_syntax::in_document::InDocument;

const TITLE: &str = "MCP";

/// The specification's advice for tool names (2025-11-25 and later): 1 to 128 of
/// `A-Z a-z 0-9 _ - .`.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

pub fn write(tool: &Tool, _options: &WriteOptions) -> Result<Written, DialectError> {
    let mut losses = Vec::new();
    let name = flat_name(tool, TITLE, allowed, 128, &mut losses);
    let writing = Writing { target: TITLE };
    let input_schema = write_parameters(tool, writing, &mut losses);
    let output_schema = output_schema(tool, writing, &mut losses);
    let annotations = annotations(tool, &mut losses);
    authorization_losses(tool, TITLE, &mut losses);
    losses.extend(unheld(
        tool,
        TITLE,
        Holds {
            display_name: true,
            toolkit: true,
            parameter_defaults: true,
            output: true,
            parameter_enums: true,
            schema_details: true,
            schema_keywords: true,
            // The id goes with the whole requirement (`authorization-dropped`).
            auth_id: true,
            behavior: true,
            ..Holds::default()
        },
    ));
    let definition = schema::Tool {
        name: name.clone(),
        title: tool.display_name.clone(),
        description: tool.description.clone(),
        input_schema: InDocument,
        output_schema,
        annotations,
        unknown: Map::new(),
    };
    let mut document = to_document_with(ID, &definition, "/inputSchema", input_schema)?;
    let restored = restore_extras(&mut document, &tool.extras, ID, |pointer| {
        pointer.matches('/').count() == 1
            || pointer.starts_with("/inputSchema/")
            || pointer.starts_with("/annotations/")
    });
    losses.extend(unheld_extras(&tool.extras, ID, TITLE, |pointer| {
        restored.iter().any(|p| p == pointer)
    }));
    toolshift_model::dialect::one_manifest(&name, document, losses)
}

/// MCP's `outputSchema` describes the object a tool returns as structured content; an
/// output of another type has no place in it.
fn output_schema(tool: &Tool, writing: Writing<'_>, losses: &mut Vec<Loss>) -> Option<Value> {
    let output = &tool.output;
    let is_object = output
        .schema
        .as_ref()
        .is_some_and(|schema| match &schema.value_type {
            ValueType::Primitive(Primitive::Json) => true,
            ValueType::Native { dialect, .. } => dialect == NATIVE,
            _ => false,
        });
    let mut dropped = Vec::new();
    if !output.modes.is_empty() {
        dropped.push(format!("modes {}", output.modes_text()));
    }
    let written = match &output.schema {
        Some(schema) if is_object => {
            let mut value = write_value(schema, Field::OutputSchema, writing, losses);
            if !value.contains_key("type") && matches!(schema.value_type, ValueType::Primitive(_)) {
                value.insert("type".into(), "object".into());
            }
            describe_output(&mut value, output, schema, &mut dropped);
            Some(Value::Object(value))
        }
        Some(schema) => {
            dropped.push(format!("type {}", schema.value_type.described()));
            if let Some(text) = &output.description {
                dropped.push(format!("description {text:?}"));
            }
            None
        }
        None => {
            if let Some(text) = &output.description {
                dropped.push(format!("description {text:?}"));
            }
            None
        }
    };
    if !dropped.is_empty() {
        losses.push(Loss::new(
            LossCode::OutputDropped,
            Field::Output,
            message!("MCP's outputSchema describes only an object returned as structured content; the output's {} were dropped. Say what the tool returns in its description.", dropped.join(", ")),
        ));
    }
    written
}

fn annotations(tool: &Tool, losses: &mut Vec<Loss>) -> Option<schema::ToolAnnotations> {
    let behavior = tool.behavior.clone().unwrap_or_default();
    if let Some(operations) = &behavior.operations {
        losses.push(Loss::new(
            LossCode::BehaviorDropped,
            Field::Behavior,
            message!("MCP annotations hold read-only, destructive, idempotent and open-world hints, not operations; {operations:?} were dropped."),
        ));
    }
    let annotations = schema::ToolAnnotations {
        title: None,
        read_only_hint: behavior.read_only,
        destructive_hint: behavior.destructive,
        idempotent_hint: behavior.idempotent,
        open_world_hint: behavior.open_world,
        unknown: Map::new(),
    };
    let any = [
        behavior.read_only,
        behavior.destructive,
        behavior.idempotent,
        behavior.open_world,
    ]
    .iter()
    .any(Option::is_some);
    let extras = tool
        .extras
        .iter()
        .any(|extra| extra.dialect == ID && extra.pointer.starts_with("/annotations/"));
    (any || extras).then_some(annotations)
}
