//! A quick reader for the plain block YAML nearly every manifest is written in.
//!
//! yaml_serde is the reference reader, and it is slow: libyaml's scanner, an event list,
//! then a value per node, about 25 µs for a 1 KB TaskWeaver plugin, the largest cost of
//! converting one (docs/performance.md). This reader answers only for a subset it reads
//! exactly as yaml_serde does: block mappings with plain keys, block sequences, plain,
//! quoted and block scalars on the lines they start, `[]` and `{}`, and comments. At
//! anything else (flow collections, anchors, tags, multi-line plain or quoted scalars,
//! escapes it does not know, numbers other than plain decimals, duplicate keys) it
//! answers `None`, and the caller asks yaml_serde. `tests/block_yaml.rs` holds every
//! answer it gives to yaml_serde's, on every YAML file we have and on generated ones.

use crate::reuse::{
    item_to_fill, keep_items_after, overwrite_text, reusable_list, reusable_object, InOrder,
};
use crate::text::marks;
use serde_json::{Map, Number, Value};
use std::borrow::Cow;

/// The value of `text`, or `None` where it is not certainly in the subset.
pub fn read(text: &str) -> Option<Value> {
    let mut value = Value::Null;
    read_over(text, &mut value)?;
    Some(value)
}

/// Reads `text` into `slot` over the value it holds, as `read` would read it. A batch
/// reads thousands of plugins of one shape on a thread: where this one's keys come in
/// the last one's order, its objects, keys, lists and string buffers are reused instead
/// of being built and freed again. On `None` the slot holds a part of a value, which
/// the caller drops.
pub fn read_over(text: &str, slot: &mut Value) -> Option<()> {
    // Printable ASCII and newlines are the plain characters of an ASCII text, so only a
    // text that fails the quick test is read a character at a time. The quick test is a
    // fold with no early exit, which the compiler turns into a test of many bytes at a
    // time: nearly every text passes, so stopping early saves nothing.
    let printable_ascii = text.bytes().fold(true, |plain, b| {
        plain & (b == b'\n' || (b' '..=b'~').contains(&b))
    });
    if !(printable_ascii || text.chars().all(plain_character)) {
        return None;
    }
    let body = text.strip_suffix('\n');
    let mut reader = Reader {
        lines: split_lines(body.unwrap_or(text)),
        final_newline: body.is_some(),
        at: 0,
        shifted: None,
        depth: 0,
    };
    // Document markers and directives start at the first column; none is read here.
    // Every line is asked, so its first byte is looked at before any comparison.
    let marker = |line: &&str| match line.as_bytes().first() {
        Some(b'-') => line.starts_with("---"),
        Some(b'.') => line.starts_with("..."),
        Some(b'%') => true,
        _ => false,
    };
    if reader.lines.iter().any(marker) {
        return None;
    }
    let (indent, _) = reader.peek()?;
    reader.node(indent, slot)?;
    match reader.peek() {
        None => Some(()),
        Some(_) => None,
    }
}

/// The text's lines, as `split('\n')` gives them. A manifest's lines are short, so the
/// newlines are found eight bytes at a time in a word, not by a searcher whose start
/// costs more than one line.
fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::with_capacity(text.len() / 32 + 1);
    let mut start = 0;
    let mut line_ends_at = |end: usize| {
        lines.push(text.get(start..end).unwrap_or_default());
        start = end + 1;
    };
    let words = text.as_bytes().chunks_exact(8);
    let tail = words.remainder();
    let tail_start = text.len() - tail.len();
    for (index, word) in words.enumerate() {
        let mut newlines = marks(word, b'\n');
        while newlines != 0 {
            line_ends_at(index * 8 + newlines.trailing_zeros() as usize / 8);
            newlines &= newlines - 1;
        }
    }
    for (offset, byte) in tail.iter().enumerate() {
        if *byte == b'\n' {
            line_ends_at(tail_start + offset);
        }
    }
    lines.push(text.get(start..).unwrap_or_default());
    lines
}

/// Characters libyaml reads as themselves in every place: no tab (it is refused in
/// some places and not others), no carriage return, no line separator of YAML 1.1,
/// no byte-order mark inside the text, nothing YAML refuses.
fn plain_character(c: char) -> bool {
    matches!(c, '\n' | ' '..='~' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
        && !matches!(c, '\u{2028}' | '\u{2029}' | '\u{FEFF}')
}

/// Nesting deeper than this is left to yaml_serde, which has its own limit.
const MAX_DEPTH: usize = 64;

struct Reader<'a> {
    lines: Vec<&'a str>,
    final_newline: bool,
    /// The next line not yet read.
    at: usize,
    /// The rest of the current line after a sequence's `- `, read as a line of its own
    /// that starts at the given column.
    shifted: Option<(usize, &'a str)>,
    depth: usize,
}

impl<'a> Reader<'a> {
    /// The next line holding content (not blank, not a comment): its indentation and text.
    fn peek(&mut self) -> Option<(usize, &'a str)> {
        if let Some(shifted) = self.shifted {
            return Some(shifted);
        }
        while let Some(line) = self.lines.get(self.at) {
            let text = line.trim_start_matches(' ');
            if !(text.is_empty() || text.starts_with('#')) {
                return Some((line.len() - text.len(), text));
            }
            self.at += 1;
        }
        None
    }

    fn advance(&mut self) {
        if self.shifted.take().is_none() {
            self.at += 1;
        }
    }

    /// The block node whose first line is the next one, at `indent`.
    fn node(&mut self, indent: usize, slot: &mut Value) -> Option<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let (_, text) = self.peek()?;
        // A line that is neither an item nor an entry fails the mapping's first entry.
        if is_item(text) {
            self.sequence(indent, slot)?;
        } else {
            self.mapping(indent, slot)?;
        }
        self.depth -= 1;
        Some(())
    }

    /// The next entry of a mapping at `indent`: its key, and the rest of its line.
    fn next_entry(&mut self, indent: usize) -> Option<Option<(&'a str, &'a str)>> {
        match self.peek() {
            Some((at, _)) if at < indent => Some(None),
            // Deeper content here would continue a scalar over lines; not read here.
            Some((at, _)) if at > indent => None,
            Some((_, text)) => entry(text).map(Some),
            None => Some(None),
        }
    }

    /// An entry's value, after its key's line has been read.
    fn entry_value(&mut self, rest: &str, indent: usize, slot: &mut Value) -> Option<()> {
        match inline(rest) {
            None => self.block_value(indent, true, slot),
            Some(rest) => self.scalar(rest, indent, slot),
        }
    }

    fn mapping(&mut self, indent: usize, slot: &mut Value) -> Option<()> {
        let Some(mut object) = reusable_object(slot) else {
            *slot = self.new_mapping(indent)?;
            return Some(());
        };
        let mut in_order = InOrder::new();
        while let Some((key, rest)) = self.next_entry(indent)? {
            self.advance();
            let put = in_order
                .put_over_old(&mut object, key, |old| {
                    self.entry_value(rest, indent, old).ok_or(())
                })
                .ok()?;
            if put {
                continue;
            }
            // A duplicate key is left to yaml_serde, which refuses it.
            let value = match object.entry(key) {
                serde_json::map::Entry::Occupied(_) => return None,
                serde_json::map::Entry::Vacant(vacant) => vacant.insert(Value::Null),
            };
            self.entry_value(rest, indent, value)?;
        }
        in_order.finish(&mut object);
        *slot = Value::Object(object);
        Some(())
    }

    /// A mapping with no old one to read over.
    fn new_mapping(&mut self, indent: usize) -> Option<Value> {
        let mut object = Map::new();
        while let Some((key, rest)) = self.next_entry(indent)? {
            // A duplicate key is left to yaml_serde, which refuses it.
            let serde_json::map::Entry::Vacant(vacant) = object.entry(key) else {
                return None;
            };
            self.advance();
            self.entry_value(rest, indent, vacant.insert(Value::Null))?;
        }
        Some(Value::Object(object))
    }

    fn sequence(&mut self, indent: usize, slot: &mut Value) -> Option<()> {
        let mut items = reusable_list(slot);
        let mut len = 0;
        while let Some((at, text)) = self.peek() {
            if at < indent {
                break;
            }
            if at > indent {
                return None;
            }
            // A mapping's key after a sequence written at the key's own indentation.
            if !is_item(text) {
                break;
            }
            let after = text.get(1..)?;
            let item = item_to_fill(&mut items, len)?;
            match inline(after) {
                None => {
                    self.advance();
                    self.block_value(indent, false, item)?;
                }
                Some(rest) if is_item(rest) || entry(rest).is_some() => {
                    let column = at + 1 + (after.len() - rest.len());
                    self.advance();
                    self.shifted = Some((column, rest));
                    self.node(column, item)?;
                }
                Some(rest) => {
                    self.advance();
                    self.scalar(rest, indent, item)?;
                }
            }
            len += 1;
        }
        keep_items_after(&mut items, len);
        *slot = Value::Array(items);
        Some(())
    }

    /// The value of a key or item with nothing after it on its line: a block node on the
    /// lines below, a sequence at the key's own indentation, or null.
    fn block_value(&mut self, indent: usize, after_key: bool, slot: &mut Value) -> Option<()> {
        match self.peek() {
            Some((at, text)) if at > indent && (is_item(text) || entry(text).is_some()) => {
                self.node(at, slot)
            }
            Some((at, _)) if at > indent => self.plain(None, indent, slot),
            Some((at, text)) if at == indent && after_key && is_item(text) => {
                self.sequence(indent, slot)
            }
            _ => {
                *slot = Value::Null;
                Some(())
            }
        }
    }

    /// A scalar starting on the line just read; `indent` is its parent's.
    fn scalar(&mut self, text: &str, indent: usize, slot: &mut Value) -> Option<()> {
        match text.as_bytes().first()? {
            b'|' | b'>' => self.block_scalar(text, indent, slot),
            b'"' => double_quoted(text, slot),
            b'\'' => single_quoted(text, slot),
            b'[' | b'{' => empty_collection(text, slot),
            _ => self.plain(Some(text), indent, slot),
        }
    }

    /// A plain scalar: `first` is its part on the line just read, or `None` when it
    /// starts on the next line; the lines below indented deeper than `indent` continue
    /// it, folded as YAML folds them (a break becomes a space, a blank line a break).
    fn plain(&mut self, first: Option<&str>, indent: usize, slot: &mut Value) -> Option<()> {
        // Nearly every plain scalar is one line: its text is taken as it is, and a
        // string is built only for one that goes on below.
        let mut single: &str = "";
        let mut joined: Option<String> = None;
        if let Some(first) = first {
            let (part, commented) = plain_part(first)?;
            if commented {
                return resolve_plain(Cow::Borrowed(part), slot);
            }
            single = part;
        }
        let mut blanks = 0;
        let mut end = self.at;
        while let Some(line) = self.lines.get(end) {
            let text = line.trim_start_matches(' ');
            let spaces = line.len() - text.len();
            if text.is_empty() {
                blanks += 1;
                end += 1;
                continue;
            }
            if spaces <= indent {
                break;
            }
            let (part, commented) = plain_part(text)?;
            match &mut joined {
                None if single.is_empty() => single = part,
                slot => {
                    let value = slot.get_or_insert_with(|| {
                        let mut value =
                            String::with_capacity(single.len() + blanks.max(1) + part.len());
                        value.push_str(single);
                        value
                    });
                    push_fold(value, blanks);
                    value.push_str(part);
                }
            }
            blanks = 0;
            end += 1;
            self.at = end;
            // A comment ends the scalar; a deeper line after it is an error, which the
            // caller finds.
            if commented {
                break;
            }
        }
        resolve_plain(joined.map_or(Cow::Borrowed(single), Cow::Owned), slot)
    }

    fn block_scalar(&mut self, header: &str, indent: usize, slot: &mut Value) -> Option<()> {
        let folded = header.starts_with('>');
        let after = header.get(1..)?;
        let (chomp, after) = match after.as_bytes().first() {
            Some(b'-') => (Chomp::Strip, after.get(1..)?),
            Some(b'+') => (Chomp::Keep, after.get(1..)?),
            _ => (Chomp::Clip, after),
        };
        if !(after.is_empty() || (after.starts_with(' ') && no_content(after))) {
            return None;
        }
        let start = self.at;
        let (column, last, end) = self.block_extent(start, indent)?;
        let parts = self
            .lines
            .get(start..=last)?
            .iter()
            .map(|line| line.get(column..).unwrap_or(""));
        let mut value = text_buffer(slot);
        if folded {
            fold(parts, &mut value)?;
        } else {
            for (index, part) in parts.enumerate() {
                if index > 0 {
                    value.push('\n');
                }
                value.push_str(part);
            }
        }
        let at_end = end >= self.lines.len();
        let has_break = last + 1 < self.lines.len() || self.final_newline;
        match chomp {
            Chomp::Strip => {}
            Chomp::Clip if has_break => value.push('\n'),
            Chomp::Clip => {}
            Chomp::Keep => {
                if has_break {
                    value.push('\n');
                }
                // Each blank line after the content keeps its break; the text's last
                // line has one only if the text ends with a newline.
                let blanks = end - (last + 1);
                let unbroken = usize::from(at_end && !self.final_newline && blanks > 0);
                for _ in unbroken..blanks {
                    value.push('\n');
                }
            }
        }
        self.at = end;
        *slot = Value::String(value);
        Some(())
    }

    /// Where a block scalar from line `start` lies: its lines are all those below that
    /// are blank or indented deeper than the first with content, which sets the
    /// indentation. Its column, its last line with content, and the line after it;
    /// `None` where yaml_serde must judge.
    fn block_extent(&self, start: usize, indent: usize) -> Option<(usize, usize, usize)> {
        // Its lines: all those below that are blank or indented deeper than the first
        // with content, which sets the indentation.
        let mut content_indent = None;
        let mut deepest_leading_blank = 0;
        let mut last_content = None;
        let mut end = start;
        while let Some(line) = self.lines.get(end) {
            let text = line.trim_start_matches(' ');
            let spaces = line.len() - text.len();
            if text.is_empty() {
                match content_indent {
                    None => deepest_leading_blank = deepest_leading_blank.max(spaces),
                    // A blank line with spaces past the indentation holds content.
                    Some(column) if spaces > column => return None,
                    Some(_) => {}
                }
            } else {
                match content_indent {
                    None if spaces <= indent => break,
                    None => content_indent = Some(spaces),
                    Some(column) if spaces < column => break,
                    Some(_) => {}
                }
                last_content = Some(end);
            }
            end += 1;
        }
        let column = content_indent?;
        let last = last_content?;
        if deepest_leading_blank > column {
            return None;
        }
        Some((column, last, end))
    }
}

#[derive(Clone, Copy)]
enum Chomp {
    Strip,
    Clip,
    Keep,
}

/// Folds the lines of a `>` scalar: a single break between two lines becomes a space,
/// and each blank line a break. A line indented deeper keeps its breaks in YAML; such
/// a scalar is not read here.
fn fold<'t>(parts: impl Iterator<Item = &'t str>, out: &mut String) -> Option<()> {
    let mut blanks = 0;
    let mut started = false;
    for part in parts {
        if part.is_empty() {
            blanks += 1;
            continue;
        }
        if part.starts_with(' ') {
            return None;
        }
        if started && blanks == 0 {
            out.push(' ');
        }
        for _ in 0..blanks {
            out.push('\n');
        }
        started = true;
        blanks = 0;
        out.push_str(part);
    }
    Some(())
}

/// The slot's string buffer, emptied, to build a new text in; a new one if it held no
/// string.
fn text_buffer(slot: &mut Value) -> String {
    match std::mem::take(slot) {
        Value::String(mut text) => {
            text.clear();
            text
        }
        _ => String::new(),
    }
}

/// Whether a line's text (after its indentation) starts a block sequence's item.
pub(crate) fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

/// The rest of a line after an indicator (`key:` or `-`), without its leading spaces;
/// `None` when only a comment or nothing follows.
fn inline(rest: &str) -> Option<&str> {
    let trimmed = rest.trim_start_matches(' ');
    (!no_content(trimmed)).then_some(trimmed)
}

fn no_content(text: &str) -> bool {
    let trimmed = text.trim_start_matches(' ');
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// A `key:` entry with a plain key of letters, digits, `_`, `-` and `.`, that no YAML
/// reader takes for anything but a string: its key and what follows the colon.
fn entry(text: &str) -> Option<(&str, &str)> {
    // Asked of nearly every line, so the cheap refusals come first: the first byte, then
    // the byte after the key.
    let bytes = text.as_bytes();
    let first = *bytes.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let end = bytes.iter().position(|b| !key_byte(*b))?;
    if bytes.get(end) != Some(&b':') || !matches!(bytes.get(end + 1), None | Some(b' ')) {
        return None;
    }
    let key = text.get(..end)?;
    if matches!(resolve_word(key), Some(Value::Null | Value::Bool(_))) {
        return None;
    }
    Some((key, text.get(end + 1..)?))
}

/// The bytes a plain key is read with, one flag a byte: ASCII letters and digits, `_`,
/// `-` and `.`. A table, where a 128-bit mask cost a wide shift and a range test for
/// every byte of every key, the reader's most run line (docs/performance.md). Indexed
/// while compiling, where an index out of bounds fails the build, not a run.
#[allow(clippy::indexing_slicing)]
const KEY_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte: u8 = 0;
    while byte < 128 {
        table[byte as usize] = byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.');
        byte += 1;
    }
    table
};

fn key_byte(byte: u8) -> bool {
    // A byte indexes every entry of the table, so `get` never misses.
    KEY_BYTES.get(usize::from(byte)).copied().unwrap_or(false)
}

/// What follows a scalar on its line: nothing, or a comment after a space.
fn ends_cleanly(tail: &str) -> bool {
    tail.is_empty() || (tail.starts_with(' ') && no_content(tail))
}

fn empty_collection(text: &str, slot: &mut Value) -> Option<()> {
    let (value, tail) = if let Some(tail) = text.strip_prefix("[]") {
        (Value::Array(Vec::new()), tail)
    } else {
        (Value::Object(Map::new()), text.strip_prefix("{}")?)
    };
    ends_cleanly(tail).then(|| *slot = value)
}

fn single_quoted(text: &str, slot: &mut Value) -> Option<()> {
    let mut out = text_buffer(slot);
    let mut chars = text.get(1..)?.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if c == '\'' {
            if chars.peek().is_some_and(|(_, next)| *next == '\'') {
                chars.next();
                out.push('\'');
                continue;
            }
            let tail = text.get(1 + index + 1..)?;
            return ends_cleanly(tail).then(|| *slot = Value::String(out));
        }
        out.push(c);
    }
    None
}

fn double_quoted(text: &str, slot: &mut Value) -> Option<()> {
    let mut out = text_buffer(slot);
    let mut chars = text.get(1..)?.char_indices();
    while let Some((index, c)) = chars.next() {
        match c {
            '"' => {
                let tail = text.get(1 + index + 1..)?;
                return ends_cleanly(tail).then(|| *slot = Value::String(out));
            }
            '\\' => out.push(match chars.next()?.1 {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '"' => '"',
                '\\' => '\\',
                '/' => '/',
                _ => return None,
            }),
            c => out.push(c),
        }
    }
    None
}

/// One line's part of a plain scalar: its text, and whether a comment ended it.
fn plain_part(text: &str) -> Option<(&str, bool)> {
    let first = text.chars().next()?;
    if matches!(
        first,
        ',' | '['
            | ']'
            | '{'
            | '}'
            | '#'
            | '&'
            | '*'
            | '!'
            | '|'
            | '>'
            | '\''
            | '"'
            | '%'
            | '@'
            | '`'
            | '?'
            | ':'
    ) || is_item(text)
    {
        return None;
    }
    // One pass: a ` #` starts a comment; a `:` before a space or the end would make the
    // line a mapping entry, which a plain scalar cannot hold.
    let bytes = text.as_bytes();
    let mut end = bytes.len();
    let mut commented = false;
    // Nearly every part holds neither `#` nor `:`: the words before the first that holds
    // one are passed over eight bytes at a time.
    let clean_words = bytes
        .chunks_exact(8)
        .take_while(|word| marks(word, b'#') | marks(word, b':') == 0)
        .count();
    let start = clean_words * 8;
    for (index, &byte) in bytes.iter().enumerate().skip(start) {
        match byte {
            b'#' if index > 0 && bytes.get(index - 1) == Some(&b' ') => {
                end = index - 1;
                commented = true;
                break;
            }
            b':' if matches!(bytes.get(index + 1), None | Some(b' ')) => return None,
            _ => {}
        }
    }
    Some((text.get(..end)?.trim_end_matches(' '), commented))
}

/// Folds the line break between two lines of a plain scalar: a space, or a newline for
/// each blank line between them.
fn push_fold(value: &mut String, blanks: usize) {
    if blanks == 0 {
        value.push(' ');
    }
    for _ in 0..blanks {
        value.push('\n');
    }
}

/// A plain scalar's value by the core schema's rules, as yaml_serde applies them.
fn resolve_plain(value: Cow<'_, str>, slot: &mut Value) -> Option<()> {
    if let Some(word) = resolve_word(&value) {
        *slot = word;
        return Some(());
    }
    let first = value.chars().next()?;
    if first.is_ascii_digit() || matches!(first, '-' | '+' | '.') {
        if let Some(number) = number(&value) {
            *slot = number;
            return Some(());
        }
        if !never_a_number(&value) {
            return None;
        }
    }
    match value {
        Cow::Borrowed(text) => overwrite_text(slot, text),
        Cow::Owned(text) => *slot = Value::String(text),
    }
    Some(())
}

/// Whether no spelling of a number yaml_serde reads (decimal, hex, octal, binary,
/// exponent, `.inf`, `.nan`, digits with `_`) could be this text: a version such as
/// `1.0.0`, or a text with a letter no number spelling holds (`3rd`).
fn never_a_number(text: &str) -> bool {
    let version = text.bytes().filter(|b| *b == b'.').count() > 1
        && text.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let foreign = text
        .chars()
        .any(|c| !(c.is_ascii_hexdigit() || "+-._xXoOiInNfFtTyY".contains(c)));
    version || foreign
}

/// The null and boolean spellings of YAML 1.2's core schema, as yaml_serde reads them.
fn resolve_word(word: &str) -> Option<Value> {
    // Matched byte by byte: a string pattern compares memory in a call for each spelling
    // of the same length, and this runs for every key and every plain scalar.
    match word.as_bytes() {
        [b'~'] | [b'n', b'u', b'l', b'l'] | [b'N', b'u', b'l', b'l'] | [b'N', b'U', b'L', b'L'] => {
            Some(Value::Null)
        }
        [b't', b'r', b'u', b'e'] | [b'T', b'r', b'u', b'e'] | [b'T', b'R', b'U', b'E'] => {
            Some(Value::Bool(true))
        }
        [b'f', b'a', b'l', b's', b'e']
        | [b'F', b'a', b'l', b's', b'e']
        | [b'F', b'A', b'L', b'S', b'E'] => Some(Value::Bool(false)),
        _ => None,
    }
}

/// A plain decimal integer or fraction; `None` for every other spelling (hex, octal,
/// exponents, leading zeros, `.inf`), which yaml_serde reads by its own rules.
fn number(text: &str) -> Option<Value> {
    let unsigned = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match unsigned.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (unsigned, None),
    };
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || whole.len() > 1 && whole.starts_with('0') {
        return None;
    }
    match fraction {
        None => text
            .parse::<i64>()
            .map(Value::from)
            .or_else(|_| text.parse::<u64>().map(Value::from))
            .ok(),
        Some(fraction) if digits(fraction) => text
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map(Value::Number),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_a_plugin() {
        let text = "name: a\nenabled: true\nn: -3\nf: 2.50\nnone:\ntext: |-\n  x = 1\n\n  # y\nlist:\n- name: p\n  type: str  # note\n- 'it''s'\n- \"q\\\"\"\nempty: []\n";
        assert_eq!(
            read(text),
            Some(json!({
                "name": "a", "enabled": true, "n": -3, "f": 2.5, "none": null,
                "text": "x = 1\n\n# y",
                "list": [{"name": "p", "type": "str"}, "it's", "q\""],
                "empty": []
            }))
        );
    }

    #[test]
    fn reads_over_the_last_document_reusing_its_parts() {
        let mut slot =
            read("name: a long first name\nlist:\n- x\n- y\nkeep: 1\n").unwrap_or_default();
        let name_buffer = slot["name"].as_str().map(str::as_ptr);
        let cases = [
            // The same keys: every part is read over in place.
            (
                "name: b\nlist:\n- z\nkeep: 2\n",
                json!({"name": "b", "list": ["z"], "keep": 2}),
            ),
            // A key out of order cuts the old ones after it; a list grows; types change.
            (
                "name: |\n  c\nkeep: [] \nlist:\n- 1\n- k: v\n- w\nnew: ~\n",
                json!({"name": "c\n", "keep": [], "list": [1, {"k": "v"}, "w"], "new": null}),
            ),
            // Fewer keys, a mapping where a list was, a list where a document was.
            ("list:\n  a: 'q'\n", json!({"list": {"a": "q"}})),
            ("- a\n- \"b\"\n", json!(["a", "b"])),
        ];
        for (index, (text, expected)) in cases.into_iter().enumerate() {
            assert_eq!(read_over(text, &mut slot), Some(()), "{text:?}");
            assert_eq!(slot.to_string(), expected.to_string(), "{text:?}");
            if index == 0 {
                assert_eq!(slot["name"].as_str().map(str::as_ptr), name_buffer);
            }
        }
    }

    #[test]
    fn key_bytes_are_letters_digits_and_three_marks() {
        for byte in 0..=u8::MAX {
            let expected = byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.');
            assert_eq!(key_byte(byte), expected, "{byte:#x}");
        }
    }

    #[test]
    fn lines_are_split_as_split_splits_them() {
        let mut texts: Vec<String> = ["", "\n", "a", "a\n", "a\nb", "\n\nb\n\n", "é\n雪\nx"]
            .map(String::from)
            .to_vec();
        // Newlines at every offset of the words and across them, next to bytes that differ
        // from a newline only in the high bit (`Ê` is 0xc3 0x8a) or are all ones (0xff
        // does not occur in UTF-8, so `ÿ`'s 0xc3 0xbf stands for the high bytes).
        for length in 0..26 {
            for at in 0..length {
                for filler in ["x", "Ê", "ÿ"] {
                    let mut text = filler.repeat(length);
                    let index = text.char_indices().nth(at).map_or(0, |(index, _)| index);
                    text.insert(index, '\n');
                    texts.push(text.clone());
                    text.push('\n');
                    texts.push(text.replacen('\n', "\n\n", 1));
                }
            }
        }
        for text in &texts {
            assert_eq!(
                split_lines(text),
                text.split('\n').collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn folds_and_chomps_as_yaml_does() {
        assert_eq!(
            read("a: >\n  one\n  two\n\n  three\nb: 1\n"),
            Some(json!({"a": "one two\nthree\n", "b": 1}))
        );
        assert_eq!(
            read("a: |+\n  x\n\nb: 1\n"),
            Some(json!({"a": "x\n\n", "b": 1}))
        );
        assert_eq!(read("a: |\n  x"), Some(json!({"a": "x"})));
        assert_eq!(
            read("a:\n  one\n  two\n\n  three\nb: one\n two\n"),
            Some(json!({"a": "one two\nthree", "b": "one two"}))
        );
    }

    #[test]
    fn leaves_what_it_is_not_sure_of() {
        for text in [
            "a: 0x10\n",
            "a: [1, 2]\n",
            "a: &x 1\nb: *x\n",
            "a: !tag x\n",
            "a: one # c\n  two\n",
            "a: one\n  - two\n",
            "a: 1\na: 2\n",
            "'a': 1\n",
            "a: \"\\u00e9\"\n",
            "true: 1\n",
            "a: b: c\n",
            "--- \na: 1\n",
            "a:\tb\n",
            "just text\n",
            "a: >\n  x\n    deeper\n",
            "a: 1e3\n",
            "a: 012\n",
        ] {
            assert_eq!(read(text), None, "{text:?}");
        }
    }
}
