//! Reading manifest text tolerantly and safely.
//!
//! Real files carry comments and trailing commas (JSONC, JSON5) or are YAML. The
//! parsing crates have traps (see `LIBRARY-NOTES.md`): json5 overflows the stack on
//! deep nesting, serde_json and json5 silently keep the last of duplicate keys, json5's
//! `Deserializer` drops what follows the first value, and yaml_serde drops tags.
//! Everything here refuses those cases with a located error.

use crate::line_ends::{Reader, Renumbering};
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};
use std::cell::Cell;
use std::fmt;

thread_local! {
    static RECYCLED: Cell<Option<Value>> = const { Cell::new(None) };
}

/// Gives a document this thread no longer needs to its next parse. A batch reads
/// thousands of manifests of one shape on each thread; plain block YAML is read over
/// the last one in place, reusing its objects, keys and string buffers where its keys
/// come in the same order. The document read is the same either way.
pub fn recycle(document: Value) {
    RECYCLED.set(Some(document));
}

pub use crate::form::{Syntax, MAX_DEPTH};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SyntaxError {
    #[error("invalid JSON: {0}")]
    Json(String),
    #[error("invalid YAML: {0}")]
    Yaml(String),
    #[error("line {line}: nesting deeper than {MAX_DEPTH} levels; no tool manifest is this deep")]
    TooDeep { line: usize },
    #[error("line {line}, column {column}: YAML tag `{tag}` is refused: no dialect uses tags, and the YAML reader would drop it, changing the value unseen")]
    YamlTag {
        line: usize,
        column: usize,
        tag: String,
    },
    #[error("{pointer}: mapping key is not a string or number")]
    ComplexKey { pointer: String },
    #[error("{pointer}: number {number} cannot be represented in JSON")]
    NonFiniteNumber { pointer: String, number: String },
    #[error("the document is empty")]
    Empty,
    #[error("the document holds only comments, no value")]
    OnlyComments,
}

/// Parses a manifest as JSON, JSON with comments, or YAML, in that order of preference.
pub fn parse(text: &str) -> Result<(Value, Syntax), SyntaxError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(SyntaxError::Empty);
    }
    if looks_like_json(text) {
        parse_json_family(text)
    } else {
        match parse_yaml(text)? {
            // A YAML stream of comments reads as `null`; no manifest is written so.
            Value::Null if yaml_holds_only_comments(text) => Err(SyntaxError::OnlyComments),
            value => Ok((value, Syntax::Yaml)),
        }
    }
}

/// Whether every line is blank, a comment, or a document marker (`---`, `...`).
fn yaml_holds_only_comments(text: &str) -> bool {
    text.lines().all(|line| {
        let line = line.trim();
        let bare = ["---", "..."]
            .iter()
            .find_map(|marker| line.strip_prefix(marker))
            .unwrap_or(line)
            .trim_start();
        bare.is_empty() || bare.starts_with('#')
    })
}

/// Whether the text is white space and `//` or `/* */` comments only.
fn json_holds_only_comments(text: &str) -> bool {
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        rest = if let Some(after) = rest.strip_prefix("//") {
            // A line comment ends where json5 ends a line.
            let line_end = ['\n', '\r', '\u{2028}', '\u{2029}'];
            after.split_once(line_end).map_or("", |(_, next)| next)
        } else if let Some(after) = rest.strip_prefix("/*") {
            match after.split_once("*/") {
                Some((_, next)) => next,
                // An unclosed comment is a syntax error json5 reports.
                None => return false,
            }
        } else {
            return false;
        }
        .trim_start();
    }
    true
}

fn looks_like_json(text: &str) -> bool {
    let start = text.trim_start();
    start.starts_with('{')
        || start.starts_with('[')
        || start.starts_with("//")
        || start.starts_with("/*")
}

fn parse_json_family(text: &str) -> Result<(Value, Syntax), SyntaxError> {
    let strict_error = {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        match ValueSeed::root().deserialize(&mut deserializer) {
            Ok(value) => match deserializer.end() {
                Ok(()) => return Ok((value, Syntax::Json)),
                Err(error) => in_characters(text, &error),
            },
            Err(error) => {
                if let Some(refusal) = repeated_key_refusal(text, &error.to_string()) {
                    return Err(SyntaxError::Json(refusal));
                }
                in_characters(text, &error)
            }
        }
    };
    check_depth(text)?;
    if json_holds_only_comments(text) {
        return Err(SyntaxError::OnlyComments);
    }
    match json5_value(text) {
        Ok(value) => Ok((value, Syntax::Jsonc)),
        Err(lenient_error) => {
            // json5 read the text up to a key it repeats: that key is what is wrong, not
            // the JSON5 syntax serde_json stopped at before it.
            if let Some(refusal) = repeated_key_refusal(text, &lenient_error) {
                return Err(SyntaxError::Json(refusal));
            }
            // A plain-JSON file is better served by serde_json's message; a file that
            // uses comments would only get "unexpected /" from it, and one whose JSON5
            // (an unquoted key) stopped serde_json before the fault json5 reached would
            // be sent to that key.
            let uses_json5 = text.contains("//")
                || text.contains("/*")
                || named_place(&lenient_error) > named_place(&strict_error);
            Err(SyntaxError::Json(if uses_json5 {
                lenient_error
            } else {
                strict_error
            }))
        }
    }
}

/// serde_json's message, with its column counted in characters, as json5's, libyaml's
/// and toolshift's are: serde_json counts bytes, a column too far for every `é` before.
fn in_characters(text: &str, error: &serde_json::Error) -> String {
    let message = error.to_string();
    let (line, column) = (error.line(), error.column());
    let Some(source) = line.checked_sub(1).and_then(|i| text.split('\n').nth(i)) else {
        return message;
    };
    let bytes = source.as_bytes();
    let before = bytes.get(..column.saturating_sub(1)).unwrap_or(bytes);
    // A character is the byte that starts it; continuation bytes are `10xxxxxx`.
    let characters = before.iter().filter(|&&byte| byte & 0xC0 != 0x80).count() + 1;
    let named = format!(" at line {line} column {column}");
    match message.strip_suffix(&named) {
        Some(said) if column > 0 && characters != column => {
            format!("{said} at line {line} column {characters}")
        }
        _ => message,
    }
}

/// A repeated key's refusal, placed at the key where it first repeats; `None` for any
/// other message. serde_json names the key's closing quote and json5 the start of the
/// object that holds it; the locator finds the key itself, for both.
fn repeated_key_refusal(text: &str, message: &str) -> Option<String> {
    let pointer = repeated_pointer(message)?;
    let placed = crate::position::repeated_key_position(text, pointer).and_then(|at| {
        let (refusal, _) = message.rsplit_once(" at line ")?;
        Some(format!(
            "{refusal} at line {} column {}",
            at.line, at.column
        ))
    });
    Some(placed.unwrap_or_else(|| message.to_owned()))
}

/// The pointer `duplicate_key` names: `duplicate key `K` at P; ...`, where P ends with
/// K's own token, so a key holding "` at " is still read whole.
fn repeated_pointer(message: &str) -> Option<&str> {
    let named = message
        .strip_prefix("duplicate key `")?
        .split_once(REPEATED_KEY_REASON)?
        .0;
    named.match_indices("` at ").find_map(|(at, _)| {
        let key = named.get(..at)?;
        let pointer = named.get(at + "` at ".len()..)?;
        let token = pointer.rsplit_once('/')?.1;
        (crate::pointer::unescaped(token) == key).then_some(pointer)
    })
}

/// The whole text as one JSON5 value. `json5::from_str` refuses what follows the
/// value; its `Deserializer` alone stops after it, and a second tool in the file (JSON
/// Lines, two documents pasted together) was dropped unseen.
fn json5_value(text: &str) -> Result<Value, String> {
    json5::from_str::<WholeDocument>(text)
        .map(|whole| whole.0)
        .map_err(|e| renumbered_message(text, e.to_string(), Reader::Json5))
}

/// A document read by `ValueSeed`, for a reader that takes a type, not a seed.
struct WholeDocument(Value);

impl<'de> de::Deserialize<'de> for WholeDocument {
    fn deserialize<D: de::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ValueSeed::root()
            .deserialize(deserializer)
            .map(WholeDocument)
    }
}

/// Measures bracket nesting, skipping strings and comments, without recursion.
fn check_depth(text: &str) -> Result<(), SyntaxError> {
    let bytes = text.as_bytes();
    let (mut depth, mut line, mut index) = (0usize, 1usize, 0usize);
    while let Some(&byte) = bytes.get(index) {
        match byte {
            b'\n' => line += 1,
            b'"' | b'\'' => {
                index += 1;
                while let Some(&inner) = bytes.get(index) {
                    match inner {
                        b'\\' => index += 1,
                        b'\n' => line += 1,
                        _ if inner == byte => break,
                        _ => {}
                    }
                    index += 1;
                }
            }
            b'/' if bytes.get(index + 1) == Some(&b'/') => {
                while bytes.get(index).is_some_and(|&b| b != b'\n') {
                    index += 1;
                }
                continue;
            }
            b'/' if bytes.get(index + 1) == Some(&b'*') => {
                index += 2;
                while let Some(&inner) = bytes.get(index) {
                    if inner == b'*' && bytes.get(index + 1) == Some(&b'/') {
                        index += 1;
                        break;
                    }
                    if inner == b'\n' {
                        line += 1;
                    }
                    index += 1;
                }
            }
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Err(SyntaxError::TooDeep { line });
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        index += 1;
    }
    Ok(())
}

fn parse_yaml(text: &str) -> Result<Value, SyntaxError> {
    // Nearly every manifest is plain block YAML, read far faster without yaml_serde, and
    // over the last document this thread read.
    let mut value = RECYCLED.take().unwrap_or_default();
    if !cfg!(feature = "library-yaml") && crate::block_yaml::read_over(text, &mut value).is_some() {
        return Ok(value);
    }
    parse_yaml_fully(text)
}

/// The reference reading of YAML, through yaml_serde; public so that a test can hold
/// the quick reader (`block_yaml`) to it.
pub fn parse_yaml_fully(text: &str) -> Result<Value, SyntaxError> {
    // yaml_serde's time grows with the square of flow nesting before it refuses it.
    crate::flow_depth::check(text, MAX_DEPTH)
        .map_err(|deep| SyntaxError::TooDeep { line: deep.line })?;
    // yaml_serde bounds recursion and aliases, so it runs first; only a document it
    // accepts is scanned for tags.
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(text).map_err(|e| yaml_error(text, e.to_string()))?;
    // Every YAML tag starts with `!` (`!x`, `!!x`, `!<...>`, and `%TAG` handles): a text
    // without one has none, and needs no second parse.
    if text.contains('!') {
        refuse_tags(text)?;
    }
    yaml_to_json(yaml, At::Root)
}

/// yaml_serde keeps only local `!tag`s and silently drops global ones such as
/// `!!python/object/apply`, so tags are found on the event stream instead.
/// Core-schema tags on scalars (`!!str`, `!!int`, ...) only pick a scalar type and pass.
fn refuse_tags(text: &str) -> Result<(), SyntaxError> {
    use saphyr_parser::{Event, Parser};
    const CORE_SCALAR_TAGS: [&str; 5] = ["str", "int", "float", "bool", "null"];
    for event in Parser::new_from_str(text) {
        let Ok((event, span)) = event else {
            return Ok(());
        };
        let tag = match event {
            Event::Scalar(_, _, _, Some(tag)) => tag,
            Event::SequenceStart(_, Some(tag)) | Event::MappingStart(_, Some(tag)) => tag,
            _ => continue,
        };
        let harmless = tag.is_yaml_core_schema()
            && (CORE_SCALAR_TAGS.contains(&tag.suffix.as_str())
                || matches!(tag.suffix.as_str(), "seq" | "map"));
        if !harmless {
            let (line, column) = saphyr_place(text, &span.start);
            return Err(SyntaxError::YamlTag {
                line,
                column,
                tag: if tag.is_yaml_core_schema() {
                    format!("!!{}", tag.suffix)
                } else {
                    format!("{}{}", tag.handle, tag.suffix)
                },
            });
        }
    }
    Ok(())
}

/// yaml_serde's message, placed at the repeated key where it refuses one: it names
/// the start of the mapping at best, and no place at all in the top-level one.
fn yaml_error(text: &str, message: String) -> SyntaxError {
    let Some((line, column)) = repeated_key_place(text, &message) else {
        return SyntaxError::Yaml(renumbered_message(text, message, Reader::Libyaml));
    };
    let refusal = message.split(" at line ").next().unwrap_or(&message);
    SyntaxError::Yaml(format!("{refusal} at line {line} column {column}"))
}

/// The line and column of the first key a mapping repeats that `message` names, found
/// on the event stream: in a mapping, nodes are a key and a value in turn.
fn repeated_key_place(text: &str, message: &str) -> Option<(usize, usize)> {
    use saphyr_parser::{Event, Parser};
    if !message.contains("duplicate entry with key") {
        return None;
    }
    // Per open collection: a mapping's keys so far and whether its next node is a key.
    let mut open: Vec<Option<(std::collections::HashSet<String>, bool)>> = Vec::new();
    for event in Parser::new_from_str(text) {
        let (event, span) = event.ok()?;
        let is_node = matches!(
            event,
            Event::Scalar(..)
                | Event::Alias(_)
                | Event::MappingStart(..)
                | Event::SequenceStart(..)
        );
        if let (true, Some(Some((keys, next_is_key)))) = (is_node, open.last_mut()) {
            let is_key = std::mem::replace(next_is_key, !*next_is_key);
            if let (true, Event::Scalar(key, ..)) = (is_key, &event) {
                let named = message.contains(&format!("duplicate entry with key {key:?}"));
                if !keys.insert(key.to_string()) && named {
                    return Some(saphyr_place(text, &span.start));
                }
            }
        }
        match event {
            Event::MappingStart(..) => open.push(Some((Default::default(), true))),
            Event::SequenceStart(..) => open.push(None),
            Event::MappingEnd | Event::SequenceEnd => {
                open.pop();
            }
            _ => {}
        }
    }
    None
}

/// A place saphyr-parser names (its line from 1, its column from 0), from 1 on
/// toolshift's lines.
fn saphyr_place(text: &str, marker: &saphyr_parser::Marker) -> (usize, usize) {
    Renumbering::of(text, Reader::Saphyr).place(marker.line(), marker.col() + 1)
}

/// A parser's message with each place it names (yaml_serde's `line 14 column 70`, and
/// the `while scanning ... at line 9 column 1` after it) on toolshift's lines.
fn renumbered_message(text: &str, message: String, reader: Reader) -> String {
    if !message.contains("line ") {
        return message;
    }
    let renumbering = Renumbering::of(text, reader);
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    while let Some((before, named)) = rest.split_once("line ") {
        out.push_str(before);
        let Some((line, column, after)) = line_and_column(named) else {
            out.push_str("line ");
            rest = named;
            continue;
        };
        let (line, column) = renumbering.place(line, column);
        out.push_str(&format!("line {line} column {column}"));
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The place a parser's message names last (`... at line L column C`).
fn named_place(message: &str) -> Option<(usize, usize)> {
    let (_, named) = message.rsplit_once(" at line ")?;
    line_and_column(named).map(|(line, column, _)| (line, column))
}

/// `L column C` at the start of `text`, and what follows it.
fn line_and_column(text: &str) -> Option<(usize, usize, &str)> {
    let digits = |text: &str| {
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len())
    };
    let line_end = digits(text);
    let line = text.get(..line_end)?.parse().ok()?;
    let rest = text.get(line_end..)?.strip_prefix(" column ")?;
    let column_end = digits(rest);
    let column = rest.get(..column_end)?.parse().ok()?;
    Some((line, column, rest.get(column_end..)?))
}

fn yaml_to_json(yaml: serde_yaml::Value, at: At<'_>) -> Result<Value, SyntaxError> {
    use serde_yaml::Value as Y;
    Ok(match yaml {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(b),
        Y::Number(n) => yaml_number(&n, at)?,
        Y::String(s) => Value::String(s),
        Y::Sequence(items) => Value::Array(
            items
                .into_iter()
                .enumerate()
                .map(|(i, item)| yaml_to_json(item, At::Index(&at, i)))
                .collect::<Result<_, _>>()?,
        ),
        Y::Mapping(mapping) => {
            let mut object = Map::new();
            for (key, item) in mapping {
                let key = match key {
                    Y::String(s) => s,
                    Y::Number(n) => n.to_string(),
                    Y::Bool(b) => b.to_string(),
                    _ => {
                        return Err(SyntaxError::ComplexKey {
                            pointer: at.pointer(),
                        })
                    }
                };
                let item = yaml_to_json(item, At::Key(&at, &key))?;
                object.insert(key, item);
            }
            Value::Object(object)
        }
        // Local tags reach here only if the event scan missed them; refuse all the same.
        Y::Tagged(tagged) => {
            return Err(SyntaxError::Yaml(format!(
                "{}: YAML tag `{}` is refused",
                crate::pointer::display(at.pointer()),
                tagged.tag
            )))
        }
    })
}

fn yaml_number(number: &serde_yaml::Number, at: At<'_>) -> Result<Value, SyntaxError> {
    if let Some(i) = number.as_i64() {
        return Ok(Value::from(i));
    }
    if let Some(u) = number.as_u64() {
        return Ok(Value::from(u));
    }
    number
        .as_f64()
        .and_then(Number::from_f64)
        .map(Value::Number)
        .ok_or_else(|| SyntaxError::NonFiniteNumber {
            pointer: at.pointer(),
            number: number.to_string(),
        })
}

/// Where a value sits, as a chain of its parents' keys and indexes; spelled out as a
/// pointer only for an error, so reading a document builds no pointer at all.
#[derive(Clone, Copy)]
enum At<'a> {
    Root,
    Key(&'a At<'a>, &'a str),
    Index(&'a At<'a>, usize),
}

impl At<'_> {
    fn pointer(&self) -> String {
        match self {
            At::Root => String::new(),
            At::Key(parent, key) => crate::pointer::child(&parent.pointer(), key),
            At::Index(parent, index) => {
                crate::pointer::child(&parent.pointer(), &index.to_string())
            }
        }
    }
}

/// Builds a `serde_json::Value` while refusing duplicate keys, naming their pointer.
struct ValueSeed<'a> {
    at: At<'a>,
}

impl ValueSeed<'_> {
    fn root() -> Self {
        Self { at: At::Root }
    }
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v).map(Value::Number).ok_or_else(|| {
            E::custom(format!(
                "{}: number {v} cannot be represented in JSON",
                self.at.pointer()
            ))
        })
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(ValueSeed {
            at: At::Index(&self.at, items.len()),
        })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key_seed(KeySeed)? {
            // Each key is checked before its value is read, so a duplicate's error
            // position is the key's.
            let vacant = match object.entry(key) {
                Entry::Occupied(repeated) => return Err(duplicate_key(&self.at, repeated.key())),
                Entry::Vacant(vacant) => vacant,
            };
            let value = map.next_value_seed(ValueSeed {
                at: At::Key(&self.at, vacant.key()),
            })?;
            vacant.insert(value);
        }
        Ok(Value::Object(object))
    }
}

/// What follows the pointer in a repeated key's refusal.
const REPEATED_KEY_REASON: &str =
    "; JSON readers disagree on which one wins, so toolshift refuses it";

fn duplicate_key<E: de::Error>(at: &At<'_>, key: &str) -> E {
    E::custom(format!(
        "duplicate key `{key}` at {}{REPEATED_KEY_REASON}",
        At::Key(at, key).pointer()
    ))
}

/// An object's key, read as a string.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = String;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string key")
    }

    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(v.to_owned())
    }

    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn plain_json_keeps_key_order() {
        let (value, syntax) = parse(r#"{"b": 1, "a": [true, null, 2.5]}"#).unwrap();
        assert_eq!(syntax, Syntax::Json);
        assert_eq!(
            serde_json::to_string(&value).unwrap(),
            r#"{"b":1,"a":[true,null,2.5]}"#
        );
    }

    #[test]
    fn comments_and_trailing_commas_read_as_jsonc() {
        let parsed = parse("// head\n{\"a\": 1, /* mid */ \"b\": [1, 2,],}\n");
        assert_eq!(parsed, Ok((json!({"a": 1, "b": [1, 2]}), Syntax::Jsonc)));
    }

    #[test]
    fn duplicate_keys_are_refused_with_their_pointer() {
        for text in [
            r#"{"x": {"a": 1, "a": 2}}"#,
            "{\"x\": {\"a\": 1, \"a\": 2,}}",
        ] {
            match parse(text) {
                Err(SyntaxError::Json(message)) => {
                    assert!(message.contains("duplicate key `a` at /x/a"), "{message}")
                }
                other => panic!("expected a duplicate-key error, got {other:?}"),
            }
        }
    }

    #[test]
    fn a_repeated_yaml_key_is_placed_where_it_repeats() {
        let cases = [
            // yaml_serde names no place in the top-level mapping.
            (
                "name: x\nname: y\n",
                "duplicate entry with key \"name\" at line 2 column 1",
            ),
            // ...and a nested mapping's start, not the repeated key.
            (
                "name: x\nparameters:\n  - name: a\n    type: str\n    type: int\n",
                "parameters[0]: duplicate entry with key \"type\" at line 5 column 5",
            ),
            (
                "name: x\nparameters: [{name: a, name: b}]\n",
                "parameters[0]: duplicate entry with key \"name\" at line 2 column 24",
            ),
            // A value that repeats a key's text is no repeated key.
            (
                "name: name\nlist: [name, name]\nname: z\n",
                "duplicate entry with key \"name\" at line 3 column 1",
            ),
        ];
        for (text, expected) in cases {
            match parse(text) {
                Err(SyntaxError::Yaml(message)) => assert_eq!(message, expected),
                other => panic!("expected a duplicate-key error, got {other:?}"),
            }
        }
    }

    #[test]
    fn a_repeated_json_key_is_placed_at_its_opening_quote() {
        for (text, place) in [
            (
                "{\n  \"name\": \"x\",\n  \"name\": \"y\"\n}",
                "line 3 column 3",
            ),
            (r#"{"a\"b": 1, "a\"b": 2}"#, "line 1 column 13"),
            // A space before the colon, and letters of several bytes before the key:
            // serde_json's column counts bytes from the closing quote.
            ("{\n  \"a\" : 1,\n  \"a\" : 2\n}", "line 3 column 3"),
            ("{\"日付\":1, \"日付\" : 1}", "line 1 column 10"),
            (r#"{"é": 1, "\u00e9": 2}"#, "line 1 column 10"),
        ] {
            match parse(text) {
                Err(SyntaxError::Json(message)) => {
                    assert!(
                        message.ends_with(&format!("refuses it at {place}")),
                        "{message}"
                    )
                }
                other => panic!("expected a duplicate-key error, got {other:?}"),
            }
        }
    }

    #[test]
    fn a_repeated_jsonc_key_is_placed_where_it_first_repeats() {
        for (text, place) in [
            (
                "{\n  name: 'x',\n  inputSchema: {},\n  name: 'y',\n}",
                "at /name; JSON readers disagree on which one wins, so toolshift refuses it at line 4 column 3",
            ),
            (
                "{\n  // a comment\n  \"name\": \"x\",\n  \"name\": \"y\",\n  \"name\": \"z\"\n}",
                "at /name; JSON readers disagree on which one wins, so toolshift refuses it at line 4 column 3",
            ),
            (
                "{\"x\": {\"a` at /b\": 1, /* c */ \"a` at /b\": 2}}",
                "at /x/a` at ~1b; JSON readers disagree on which one wins, so toolshift refuses it at line 1 column 31",
            ),
        ] {
            match parse(text) {
                Err(SyntaxError::Json(message)) => {
                    assert!(message.ends_with(place), "{message}")
                }
                other => panic!("expected a duplicate-key error, got {other:?}"),
            }
        }
    }

    /// An object of `keys` keys `k0`, `k1`, ... with their index as value, and `extra`
    /// after them.
    fn object_text(keys: usize, extra: &str) -> String {
        let fields: Vec<String> = (0..keys).map(|i| format!("\"k{i}\": {i}")).collect();
        format!("{{{}{extra}}}", fields.join(", "))
    }

    #[test]
    fn large_objects_keep_their_order_and_refuse_duplicates() {
        let keys = 40;
        let (value, _) = parse(&object_text(keys, "")).unwrap();
        let read: Vec<&String> = value.as_object().unwrap().keys().collect();
        let expected: Vec<String> = (0..keys).map(|i| format!("k{i}")).collect();
        assert_eq!(read, expected.iter().collect::<Vec<_>>());
        assert_eq!(value["k39"], json!(39));
        for (duplicate, at) in [("k3", 10), ("k5", 32), ("k3", keys), ("k35", keys)] {
            let text = object_text(at, &format!(", \"{duplicate}\": 0"));
            match parse(&text) {
                Err(SyntaxError::Json(message)) => assert!(
                    message.contains(&format!("duplicate key `{duplicate}` at /{duplicate}")),
                    "{message}"
                ),
                other => panic!("expected a duplicate-key error, got {other:?}"),
            }
        }
    }

    #[test]
    fn objects_with_the_same_keys_keep_their_own_values() {
        let text = r#"[{"a": 1, "b\u0041": [2]}, {"a": "x", "b\u0041": null}, {"bA": 3, "a": 4}]"#;
        let (value, _) = parse(text).unwrap();
        assert_eq!(
            serde_json::to_string(&value).unwrap(),
            r#"[{"a":1,"bA":[2]},{"a":"x","bA":null},{"bA":3,"a":4}]"#
        );
    }

    #[test]
    fn deep_nesting_is_refused_before_json5_sees_it() {
        let text = format!("// c\n{}", "[".repeat(5_000));
        assert_eq!(parse(&text), Err(SyntaxError::TooDeep { line: 2 }));
    }

    #[test]
    fn deep_flow_yaml_is_refused_before_yaml_serde_scans_it() {
        // yaml_serde took over 30 seconds on this one before refusing it.
        let text = format!("name: x\nparameters: {}\n", "[".repeat(100_000));
        assert_eq!(parse(&text), Err(SyntaxError::TooDeep { line: 2 }));
        let shallow = format!("a: {}1{}\n", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&shallow).is_ok());
    }

    #[test]
    fn brackets_inside_strings_and_comments_do_not_count() {
        let text = format!("// {}\n{{\"a\": \"{}\"}}", "[".repeat(500), "{".repeat(500));
        assert!(parse(&text).is_ok());
    }

    #[test]
    fn yaml_tags_are_refused() {
        let err = parse("name: x\ncode: !!python/object/apply:os.system ['x']\n");
        assert!(
            matches!(err, Err(SyntaxError::YamlTag { line: 2, ref tag, .. }) if tag.contains("python/object/apply")),
            "{err:?}"
        );
        let local = parse("name: !custom x\n");
        assert!(
            matches!(local, Err(SyntaxError::YamlTag { line: 1, .. })),
            "{local:?}"
        );
        assert!(parse("port: !!int \"8\"\n").is_ok());
    }

    #[test]
    fn yaml_empty_value_is_null() {
        assert_eq!(
            parse("configurations:\n").map(|p| p.0),
            Ok(json!({"configurations": null}))
        );
    }

    #[test]
    fn empty_input_is_an_error() {
        assert_eq!(parse("  \n"), Err(SyntaxError::Empty));
    }

    #[test]
    fn yaml_places_after_a_lone_return_are_on_lines_of_ours() {
        // The YAML readers end a line at `\r`; toolshift, as `str::lines` and the
        // report's snippets, does not: `b: [` is on line 1 of ours, from column 6.
        // libyaml names the end of the text as line 4 of its own, 3 of ours.
        let error = parse("a: 1\rb: [\nc").err();
        let Some(SyntaxError::Yaml(message)) = &error else {
            panic!("{error:?}");
        };
        assert_eq!(
            message,
            "did not find expected ',' or ']' at line 3 column 1, \
             while parsing a flow sequence at line 1 column 9"
        );
        let error = parse("/* c */\r{\"a\": 1,, }").err();
        assert_eq!(
            error,
            Some(SyntaxError::Json(
                "expected identifier at line 1 column 17".into()
            ))
        );
        let error = parse("a: 1\rb: !x c\n").err();
        assert!(
            matches!(
                error,
                Some(SyntaxError::YamlTag {
                    line: 1,
                    column: 9,
                    ..
                })
            ),
            "{error:?}"
        );
    }

    #[test]
    fn a_json_error_column_counts_characters() {
        let error = parse("{\"été\": }").err();
        assert_eq!(
            error,
            Some(SyntaxError::Json(
                "expected value at line 1 column 9".into()
            ))
        );
        // `日` and `付` are three bytes each; the `3` is character 10, byte 14.
        let error = parse("[\n{\"日付\": 2 3}]").err();
        assert_eq!(
            error,
            Some(SyntaxError::Json(
                "expected `,` or `}` at line 2 column 10".into()
            ))
        );
    }

    #[test]
    fn json5_without_comments_is_placed_where_json5_stops() {
        // serde_json stops at the unquoted key, which JSON5 allows; json5 reads on to
        // the value that is missing.
        let error = parse("{name: 'a',\n b: }").err();
        assert_eq!(
            error,
            Some(SyntaxError::Json(
                "expected value at line 2 column 5".into()
            ))
        );
        let error = parse("{\"name\": }").err();
        assert_eq!(
            error,
            Some(SyntaxError::Json(
                "expected value at line 1 column 10".into()
            ))
        );
    }

    #[test]
    fn a_second_document_after_the_first_is_refused() {
        for text in [
            "{\"name\": \"a\"} // c\n{\"name\": \"b\"}\n",
            "{name: 'a'} // c\n{name: 'b'}\n",
        ] {
            let error = parse(text).err();
            assert_eq!(
                error,
                Some(SyntaxError::Json(
                    "trailing characters at line 2 column 1".into()
                )),
                "{text:?}"
            );
        }
        assert!(parse("{\"a\": 1} // c\n/* d */\n").is_ok());
    }

    #[test]
    fn comments_alone_are_no_document() {
        for text in [
            "// nothing yet\n",
            "// a\r// b",
            "/* a\n b */ // c",
            "# nothing yet\n",
            "---\n# c\n...\n",
            "--- # c\n",
        ] {
            assert_eq!(parse(text), Err(SyntaxError::OnlyComments), "{text:?}");
        }
        assert!(matches!(parse("/* open"), Err(SyntaxError::Json(_))));
        assert_eq!(parse("~\n").map(|p| p.0), Ok(Value::Null));
        assert_eq!(parse("# c\nnull\n").map(|p| p.0), Ok(Value::Null));
        assert_eq!(parse("// c\n{}").map(|p| p.0), Ok(json!({})));
    }
}
