//! The canonical tool model every toolshift dialect reads into and writes from,
//! the loss report, the dialect contract, and the tolerant text reader they share.
//!
//! This crate knows no dialect. See `docs/ARCHITECTURE.md` for the invariants.

pub mod convert;
pub mod dialect;
pub mod error;
pub mod field;
pub mod loss;
pub mod places;
pub mod tool;

pub use convert::{convert, convert_all, Conversion, Detail};
pub use dialect::{
    Dialect, DialectError, Imported, InputFiles, ManifestSyntax, NoFiles, OutputContent,
    OutputFile, OutputLayout, Source, Unopened, Warning, WriteOptions, Written,
};
pub use field::Field;
pub use loss::{Entry, Loss, LossCode, Severity};
pub use tool::*;

pub mod providers;
pub mod request;
pub mod settings;
pub mod strict;
pub mod unheld;

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
