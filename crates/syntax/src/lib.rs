//! Tolerant reading and exact writing of the text forms manifests come in: JSON, JSONC,
//! JSON5 and YAML in, pretty JSON and block YAML out, with JSON pointers and the line and
//! column of each pointer in the text it came from.
//!
//! This crate knows no tool model and no dialect; the model and every dialect crate use
//! it. See `docs/ARCHITECTURE.md` for its invariants.

pub mod block_yaml;
mod flow_depth;
mod form;
pub mod in_document;
pub mod json_text;
mod line_ends;
pub mod pointer;
pub mod position;
mod reuse;
pub mod syntax;
pub mod text;
pub mod yaml;

pub use syntax::{parse, Syntax, SyntaxError};

/// The ordered maps of names in mirror types (an AnythingLLM skill's parameters and
/// setup arguments, a TaskWeaver plugin's `configurations`): an `IndexMap` hashed with
/// foldhash, seeded per process, instead of SipHash, which took about 240 instructions
/// a name. The names come from a file, which cannot observe the seed, so foldhash's
/// "minimal DoS resistance" is what this needs (docs/security.md).
pub type OrderedMap<K, V> = indexmap::IndexMap<K, V, foldhash::fast::RandomState>;
