//! The canonical tool model every toolshift dialect reads into and writes from,
//! the loss report, the dialect contract, and the tolerant text reader they share.
//!
//! This crate knows no dialect. See `docs/ARCHITECTURE.md` for the invariants.

pub mod block_yaml;
pub mod convert;
pub mod dialect;
pub mod field;
pub mod input_file;
pub mod json_schema;
pub mod json_text;
pub mod kept_objects;
pub mod loss;
pub mod mirror_value;
pub mod pointer;
pub mod position;
pub mod report;
pub mod syntax;
pub mod tool;
pub mod unknown_keys;

pub use convert::{convert, convert_all, Conversion, Detail};
pub use dialect::{
    Dialect, DialectError, Imported, ManifestSyntax, OutputContent, OutputFile, OutputLayout,
    Source, Warning, WriteOptions, Written,
};
pub use field::Field;
pub use loss::{Entry, Loss, LossCode, Severity};
pub use tool::*;

pub mod providers;
pub mod settings;
pub mod text;
pub mod unheld;
pub mod view;
pub mod yaml;

/// Appends `more` to `list`, taking `more` whole when `list` is empty: a list that joins
/// an empty one (an input's one tool's entries, a reader's losses when it lost nothing,
/// a batch's first run of items) then moves instead of being copied.
pub fn append_moving<T>(list: &mut Vec<T>, mut more: Vec<T>) {
    if list.is_empty() {
        *list = more;
    } else {
        list.append(&mut more);
    }
}

/// The ordered maps of names in mirror types (an AnythingLLM skill's parameters and
/// setup arguments, a TaskWeaver plugin's `configurations`): an `IndexMap` hashed with
/// foldhash, seeded per process, instead of SipHash, which took about 240 instructions
/// a name. The names come from a file, which cannot observe the seed, so foldhash's
/// "minimal DoS resistance" is what this needs (docs/security.md).
pub type OrderedMap<K, V> = indexmap::IndexMap<K, V, foldhash::fast::RandomState>;
