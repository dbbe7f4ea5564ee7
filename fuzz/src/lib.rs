//! What every fuzz target does: parse the bytes as the CLI would, read the document
//! with one dialect, and convert what it read to every dialect. A panic is a bug.

use toolshift_model::{convert_all, Detail, Dialect, Source, WriteOptions};


pub fn read_and_convert(dialect: &dyn Dialect, bytes: &[u8]) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    let Ok((document, _)) = toolshift_syntax::syntax::parse(text) else {
        return;
    };
    let source = Source::in_memory("fuzz", &document);
    if dialect.read(&source).is_err() && dialect.tools_in(&document).is_none() {
        return;
    }
    for &target in toolshift::registry::DIALECTS {
        let _ = convert_all(
            dialect,
            target,
            &source,
            &WriteOptions::default(),
            Detail::Full,
        );
    }
}
