//! What goes wrong reading or writing a dialect: the one error type of the contract.

use crate::field::Field;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DialectError {
    /// The input does not have the shape of this dialect.
    #[error("{pointer}: {message}")]
    Invalid { pointer: String, message: String },
    /// The tool has something the target requires but cannot hold.
    #[error("{pointer}: cannot be written as {dialect}: {reason}")]
    Inexpressible {
        dialect: &'static str,
        /// Where the target would hold it.
        pointer: String,
        /// What it is, for `convert` to place it in the input.
        field: Field,
        /// Where it is in the input: empty from the writer, set by `convert`.
        input: String,
        reason: String,
    },
    /// A name would place a file outside the output folder.
    #[error("unsafe file name {name:?}: {reason}")]
    UnsafeName { name: String, reason: String },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

impl DialectError {
    /// A writer's refusal of `field`, which the target would hold at `pointer`.
    pub fn inexpressible(
        dialect: &'static str,
        pointer: impl Into<String>,
        field: Field,
        reason: impl Into<String>,
    ) -> Self {
        DialectError::Inexpressible {
            dialect,
            pointer: pointer.into(),
            field,
            input: String::new(),
            reason: reason.into(),
        }
    }

    pub fn invalid(pointer: impl Into<String>, message: impl Into<String>) -> Self {
        DialectError::Invalid {
            pointer: toolshift_syntax::pointer::display(pointer.into()),
            message: message.into(),
        }
    }

    /// A dialect's embedded schema as its parser gave it: the document, or an error
    /// that is a bug in the build. The parse itself is the dialect's; the model parses
    /// nothing.
    pub fn embedded_schema<Syntax>(
        title: &str,
        parsed: Result<(serde_json::Value, Syntax), impl std::fmt::Display>,
    ) -> Result<serde_json::Value, Self> {
        parsed
            .map(|(schema, _)| schema)
            .map_err(|error| DialectError::invalid("", format!("embedded {title} schema: {error}")))
    }

    /// A mirror value that has no JSON document (`serde_json::to_value` refused it).
    pub fn no_document(dialect: &'static str, reason: impl std::fmt::Display) -> Self {
        DialectError::inexpressible(dialect, "/", Field::Root, reason.to_string())
    }
}
