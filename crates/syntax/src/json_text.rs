//! JSON text written by hand where toolshift builds text around it: a string literal,
//! escaped as serde_json escapes it (generated JavaScript quotes its strings with it),
//! and runs of spaces. Whole manifests are written by serde_json's pretty printer
//! (`to_pretty`): a hand-written one would save at most 3 % of a bench job, short of
//! the 15 % a fast path must earn (docs/performance.md).

use serde_json::Value;
use std::fmt::Write as _;

/// `value` as pretty JSON with two-space indentation, without a final newline.
pub fn to_pretty(value: &Value) -> String {
    // Writing a `Value` into a `String` cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// Appends `count` spaces a slice at a time, not a character at a time.
pub fn push_spaces(mut count: usize, out: &mut String) {
    const SPACES: &str = "                                ";
    while count > 0 {
        let step = count.min(SPACES.len());
        out.push_str(SPACES.get(..step).unwrap_or_default());
        count -= step;
    }
}

fn needs_escape(byte: u8) -> bool {
    byte < 0x20 || byte == b'"' || byte == b'\\'
}

/// The offset of the first byte of `bytes` that needs an escape. Eight bytes are
/// tested at once (nearly every string has no such byte), the last few in a window of
/// eight that overlaps bytes already tested, and a short string in two windows of
/// four; only a window that holds such a byte is searched byte by byte.
fn first_escape(bytes: &[u8]) -> Option<usize> {
    let search_from = |from: usize| {
        bytes
            .get(from..)?
            .iter()
            .position(|&byte| needs_escape(byte))
            .map(|found| from + found)
    };
    let length = bytes.len();
    if length < 4 {
        return search_from(0);
    }
    if length < 8 {
        let four = |at: usize| {
            let window: [u8; 4] = bytes
                .get(at..at + 4)
                .and_then(|window| window.try_into().ok())
                .unwrap_or_default();
            // Padded with a byte that needs no escape.
            u64::from(u32::from_le_bytes(window)) | u64::from_le_bytes(*b"\0\0\0\0aaaa")
        };
        return if any_to_escape(four(0)) || any_to_escape(four(length - 4)) {
            search_from(0)
        } else {
            None
        };
    }
    let eight = |window: &[u8]| u64::from_le_bytes(window.try_into().unwrap_or_default());
    let mut chunks = bytes.chunks_exact(8);
    let mut offset = 0;
    for chunk in chunks.by_ref() {
        if any_to_escape(eight(chunk)) {
            return search_from(offset);
        }
        offset += 8;
    }
    // Every byte before `offset` was tested clean.
    if offset < length && any_to_escape(eight(bytes.get(length - 8..).unwrap_or_default())) {
        return search_from(offset);
    }
    None
}

/// Whether any of the eight bytes of `word` needs an escape: a byte below 0x20, or
/// equal to `"` or `\`, is one where subtracting borrows into its high bit.
fn any_to_escape(word: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let below_space = word.wrapping_sub(ONES * 0x20);
    let quote = (word ^ (ONES * u64::from(b'"'))).wrapping_sub(ONES);
    let backslash = (word ^ (ONES * u64::from(b'\\'))).wrapping_sub(ONES);
    (below_space | quote | backslash) & !word & HIGHS != 0
}

/// Appends `text` as a JSON string literal, escaped as serde_json escapes it: `"`,
/// `\` and the control characters below U+0020, nothing else.
pub fn push_string(text: &str, out: &mut String) {
    out.push('"');
    // Every escaped character is one ASCII byte, so the runs between them are whole
    // characters, copied in one piece.
    let bytes = text.as_bytes();
    let mut run_start = 0;
    while let Some(offset) = bytes.get(run_start..).and_then(first_escape) {
        let index = run_start + offset;
        out.push_str(text.get(run_start..index).unwrap_or_default());
        match bytes.get(index).copied().unwrap_or_default() {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            byte => {
                let _ = write!(out, "\\u{byte:04x}");
            }
        }
        run_start = index + 1;
    }
    out.push_str(text.get(run_start..).unwrap_or_default());
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_byte_to_escape_is_found_at_every_offset() {
        for special in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
            for length in 0..20 {
                for at in 0..length {
                    let mut bytes = vec![b'a'; length];
                    bytes[at] = special;
                    // Bytes next to the special ones in value, which must not match.
                    if at + 1 < length {
                        bytes[at + 1] = special.wrapping_add(1).max(0x20);
                    }
                    assert_eq!(
                        first_escape(&bytes),
                        Some(at),
                        "{special} at {at} of {length}"
                    );
                }
                let clean: Vec<u8> = (0..length)
                    .map(|i| [b' ', b'!', b'#', b']', 0x7f, 0xe9][i % 6])
                    .collect();
                assert_eq!(first_escape(&clean), None);
            }
        }
    }

    #[test]
    fn string_literals_are_what_serde_json_writes() {
        let texts = [
            "quote \" backslash \\ slash / tab \t cr \r nl \n bell \u{7} bs \u{8} ff \u{c} del \u{7f} é 雪 \u{2028}",
            "",
            "plain",
        ];
        for text in texts {
            let mut ours = String::new();
            push_string(text, &mut ours);
            assert_eq!(ours, serde_json::to_string(text).unwrap());
        }
    }
}
