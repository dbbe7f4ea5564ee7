//! The text forms a document is read from, and how deep any reader follows one: what
//! the parser (`syntax`) and the locator (`position`) share, below both.

/// Deeper documents are refused before any recursive parser sees them.
pub const MAX_DEPTH: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Syntax {
    Json,
    /// JSON with comments or trailing commas (read through json5).
    Jsonc,
    Yaml,
}
