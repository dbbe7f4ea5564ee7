//! What goes wrong reading or writing a dialect: the one error type of the contract.

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DialectError {
    /// The input does not have the shape of this dialect.
    #[error("{pointer}: {message}")]
    Invalid { pointer: String, message: String },
    /// The tool has something the target requires but cannot hold.
    #[error("{pointer}: cannot be written as {dialect}: {reason}")]
    Inexpressible {
        dialect: &'static str,
        pointer: String,
        reason: String,
    },
    /// A name would place a file outside the output folder.
    #[error("unsafe file name {name:?}: {reason}")]
    UnsafeName { name: String, reason: String },
    #[error("{path}: {message}")]
    Io { path: String, message: String },
}

impl DialectError {
    pub fn invalid(pointer: impl Into<String>, message: impl Into<String>) -> Self {
        DialectError::Invalid {
            pointer: toolshift_syntax::pointer::display(pointer.into()),
            message: message.into(),
        }
    }

    /// A dialect's embedded schema that does not parse: a bug in the build.
    pub fn embedded_schema(title: &str, error: impl std::fmt::Display) -> Self {
        DialectError::invalid("", format!("embedded {title} schema: {error}"))
    }

    /// A mirror value that has no JSON document (`mirror_value::to_value` refused it).
    pub fn no_document(dialect: &'static str, reason: impl std::fmt::Display) -> Self {
        DialectError::Inexpressible {
            dialect,
            pointer: "/".into(),
            reason: reason.to_string(),
        }
    }
}
