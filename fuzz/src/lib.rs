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

/// What the library does with text a caller hands it: detect, validate, and convert to
/// the dialect `which` chooses (strict where its low bit says so). A panic is a bug, and
/// so is a line and column that is not a place in the text: an editor could not open it.
pub fn convert_text(which: u8, text: &str) {
    let _ = toolshift::api::detect(text);
    let _ = toolshift::api::validate(text, None);
    let dialects = toolshift::registry::DIALECTS;
    let Some(target) = dialects.get(usize::from(which >> 1) % dialects.len()) else {
        return;
    };
    let options = toolshift::api::Options {
        strict: which & 1 == 1,
        ..toolshift::api::Options::default()
    };
    match toolshift::api::convert(text, None, target.id(), &options) {
        Ok(converted) => {
            for entry in converted.iter().flat_map(|tool| &tool.entries) {
                assert_a_place(text, entry.line, entry.column);
            }
        }
        Err(toolshift::api::Error::Syntax { line, column, .. })
        | Err(toolshift::api::Error::Refused { line, column, .. }) => {
            assert_a_place(text, line, column)
        }
        Err(_) => {}
    }
}

/// A line of the text as `str::lines` splits it, and a column from 1 to one past its
/// last character.
fn assert_a_place(text: &str, line: Option<usize>, column: Option<usize>) {
    let (Some(line), Some(column)) = (line, column) else {
        return;
    };
    let width = line
        .checked_sub(1)
        .and_then(|index| text.lines().nth(index))
        .map(|shown| shown.chars().count());
    let held = width.is_some_and(|width| (1..=width + 1).contains(&column));
    assert!(held, "line {line} column {column} is not in the text");
}
