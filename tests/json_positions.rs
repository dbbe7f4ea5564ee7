//! The JSON locator (`position::positions`, `positions_of`) against a reference: the
//! char-at-a-time scanner it replaced (docs/performance.md at 79948a8, twenty-first
//! round), kept here, simple and slow, for generated JSON and JSON5 documents, every
//! JSON golden file and, with `TOOLSHIFT_CORPUS`, every JSON corpus file. And a report's
//! wanted pointers are placed as the whole document would place them.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use support::files_ending;
use toolshift_syntax::position::{nearest, positions, positions_of, Position};
use toolshift_syntax::syntax::{Syntax, MAX_DEPTH};

/// Every node's position, as the locator read it before it read bytes.
fn reference(text: &str) -> BTreeMap<String, Position> {
    let mut scanner = Reference {
        text,
        index: 0,
        line: 1,
        column: 1,
        found: BTreeMap::new(),
    };
    scanner.skip_bom();
    scanner.value(String::new(), 0);
    scanner.found
}

struct Reference<'a> {
    text: &'a str,
    /// A byte offset into `text`, always on a character boundary.
    index: usize,
    line: usize,
    column: usize,
    found: BTreeMap<String, Position>,
}

impl Reference<'_> {
    fn peek(&self) -> Option<char> {
        self.text
            .get(self.index..)
            .and_then(|rest| rest.chars().next())
    }

    fn peek_second(&self) -> Option<char> {
        self.text
            .get(self.index..)
            .and_then(|rest| rest.chars().nth(1))
    }

    fn here(&self) -> Position {
        Position {
            line: self.line,
            column: self.column,
        }
    }

    fn advance(&mut self) {
        if let Some(c) = self.peek() {
            self.index += c.len_utf8();
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
    }

    fn skip_bom(&mut self) {
        if self.peek() == Some('\u{feff}') {
            self.index += '\u{feff}'.len_utf8();
        }
    }

    /// Whitespace and `//` or `/* */` comments (JSON with comments).
    fn skip_blank(&mut self) {
        loop {
            match (self.peek(), self.peek_second()) {
                (Some(c), _) if c.is_whitespace() => self.advance(),
                (Some('/'), Some('/')) => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.advance();
                    }
                }
                (Some('/'), Some('*')) => {
                    self.advance();
                    self.advance();
                    while let Some(c) = self.peek() {
                        if c == '*' && self.peek_second() == Some('/') {
                            self.advance();
                            self.advance();
                            break;
                        }
                        self.advance();
                    }
                }
                _ => return,
            }
        }
    }

    fn value(&mut self, pointer: String, depth: usize) {
        self.skip_blank();
        let here = self.here();
        self.found.entry(pointer.clone()).or_insert(here);
        if depth > MAX_DEPTH {
            return;
        }
        match self.peek() {
            Some('{') => self.object(&pointer, depth),
            Some('[') => self.array(&pointer, depth),
            Some(quote @ ('"' | '\'')) => {
                self.string(quote);
            }
            _ => {
                while self
                    .peek()
                    .is_some_and(|c| !matches!(c, ',' | '}' | ']' | '/') && !c.is_whitespace())
                {
                    self.advance();
                }
            }
        }
    }

    /// A quoted string; returns its text.
    fn string(&mut self, quote: char) -> String {
        let mut text = String::new();
        self.advance();
        while let Some(c) = self.peek() {
            self.advance();
            match c {
                '\\' => text.extend(self.escape()),
                _ if c == quote => break,
                _ => text.push(c),
            }
        }
        text
    }

    /// After a backslash: the character the escape stands for, as JSON and JSON5 read
    /// it (`None` for a JSON5 line continuation).
    fn escape(&mut self) -> Option<char> {
        let next = self.peek()?;
        self.advance();
        match next {
            'n' => Some('\n'),
            't' => Some('\t'),
            'r' => Some('\r'),
            'b' => Some('\u{8}'),
            'f' => Some('\u{c}'),
            'v' => Some('\u{b}'),
            '0' => Some('\0'),
            'x' => self.hex(2).and_then(char::from_u32),
            'u' => {
                let unit = self.hex(4)?;
                if (0xD800..0xDC00).contains(&unit) && self.peek() == Some('\\') {
                    self.advance();
                    self.advance();
                    let low = self.hex(4)?;
                    char::from_u32(0x10000 + (unit - 0xD800) * 0x400 + (low - 0xDC00))
                } else {
                    char::from_u32(unit)
                }
            }
            '\n' | '\u{2028}' | '\u{2029}' => None,
            '\r' => {
                if self.peek() == Some('\n') {
                    self.advance();
                }
                None
            }
            other => Some(other),
        }
    }

    fn hex(&mut self, digits: usize) -> Option<u32> {
        let mut value = 0;
        for _ in 0..digits {
            value = value * 16 + self.peek()?.to_digit(16)?;
            self.advance();
        }
        Some(value)
    }

    fn object(&mut self, pointer: &str, depth: usize) {
        self.advance();
        loop {
            self.skip_blank();
            let at = self.here();
            let key = match self.peek() {
                None => return,
                Some('}') => {
                    self.advance();
                    return;
                }
                Some(',') => {
                    self.advance();
                    continue;
                }
                Some(quote @ ('"' | '\'')) => self.string(quote),
                Some(_) => {
                    // An unquoted key (JSON5).
                    let mut key = String::new();
                    while let Some(c) = self
                        .peek()
                        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '$'))
                    {
                        key.push(c);
                        self.advance();
                    }
                    if key.is_empty() {
                        self.advance();
                        continue;
                    }
                    key
                }
            };
            let child = toolshift_syntax::pointer::child(pointer, &key);
            // A member is placed at its key.
            self.found.insert(child.clone(), at);
            self.skip_blank();
            if self.peek() == Some(':') {
                self.advance();
            }
            self.value(child, depth + 1);
        }
    }

    fn array(&mut self, pointer: &str, depth: usize) {
        self.advance();
        let mut index = 0;
        loop {
            self.skip_blank();
            match self.peek() {
                None => return,
                Some(']') => {
                    self.advance();
                    return;
                }
                Some(',') => {
                    self.advance();
                }
                Some(_) => {
                    self.value(format!("{pointer}/{index}"), depth + 1);
                    index += 1;
                }
            }
        }
    }
}

/// JSON with the JSON5 parts a locator must step over: comments, single quotes,
/// unquoted keys, trailing commas, escapes, line continuations, Unicode whitespace and
/// characters of several bytes. Keys are unique in each object, as the parser demands.
fn document() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("1"),
        Just("-2.5e3"),
        Just("true"),
        Just("null"),
        Just("\"s\""),
        Just("\"a\\\"b\\\\c\\n\""),
        Just("'x y'"),
        Just("\"é雪\""),
        Just("\"line\\\ncont\""),
        Just("Infinity"),
        Just("0x1F"),
        Just("\"{[//]}\""),
    ]
    .prop_map(str::to_owned);
    let blank = prop_oneof![
        Just(""),
        Just(" "),
        Just("\n"),
        Just("\r\n"),
        Just("\t"),
        Just("\u{a0}"),
        Just("\u{2028}"),
        Just("\x0c"),
        Just("\x0b"),
        Just("\u{3000}"),
        Just(" // c\n"),
        Just("/* c\n */"),
        Just("\n    "),
    ];
    let key = prop_oneof![
        Just("\"a\""),
        Just("\"b/c\""),
        Just("\"t~1\""),
        Just("'q'"),
        Just("un_q$"),
        Just("\"é\""),
        Just("\"k\\u0041\""),
        Just("\"\\u00e9t\\u00e9\""),
        Just("\"\\ud83d\\ude00 \\t\\/\\\"\""),
        Just("'s\\'q\\x41'"),
        Just("\"0\""),
        Just("\"\""),
        Just("ключ"),
    ];
    leaf.prop_recursive(5, 60, 6, move |inner| {
        let items = prop::collection::vec((blank.clone(), inner.clone(), blank.clone()), 0..5);
        let members =
            prop::collection::vec((blank.clone(), key.clone(), blank.clone(), inner), 0..5);
        prop_oneof![
            (items, any::<bool>()).prop_map(|(items, trailing)| {
                let items: Vec<String> = items
                    .iter()
                    .map(|(a, v, b)| [a, v.as_str(), b].concat())
                    .collect();
                let comma = if trailing && !items.is_empty() {
                    ","
                } else {
                    ""
                };
                format!("[{}{comma}]", items.join(","))
            }),
            (members, any::<bool>()).prop_map(|(members, trailing)| {
                let mut seen = BTreeSet::new();
                let members: Vec<String> = members
                    .iter()
                    .filter(|(_, key, _, _)| seen.insert(*key))
                    .map(|(a, key, b, v)| [a, key, b, ":", v.as_str()].concat())
                    .collect();
                let comma = if trailing && !members.is_empty() {
                    ","
                } else {
                    ""
                };
                format!("{{{}{comma}}}", members.join(","))
            }),
        ]
    })
    .prop_flat_map(|body| {
        (
            Just(body),
            any::<bool>(),
            prop_oneof![Just(""), Just("\n"), Just(" // end\n")],
        )
    })
    .prop_map(|(body, mark, tail)| format!("{}{body}{tail}", if mark { "\u{feff}" } else { "" }))
}

/// `positions_of` places each wanted pointer, and each that is not there at the node
/// nearest it, where the whole document's positions do.
fn agrees_when_asked(
    text: &str,
    all: &BTreeMap<String, Position>,
    wanted: &BTreeSet<String>,
) -> Result<(), String> {
    let asked: BTreeSet<&str> = wanted.iter().map(String::as_str).collect();
    let some = positions_of(text, Syntax::Jsonc, &asked);
    for pointer in wanted {
        if nearest(&some, pointer) != nearest(all, pointer) {
            return Err(format!(
                "{pointer:?} of {wanted:?} in {text:?}: {:?}, whole {:?}",
                nearest(&some, pointer),
                nearest(all, pointer)
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn generated_documents_are_placed_as_the_reference_places_them(
        text in document(),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let all = positions(&text, Syntax::Jsonc);
        prop_assert_eq!(&all, &reference(&text), "{:?}", text);
        let pointers: Vec<&String> = all.keys().collect();
        let mut wanted: BTreeSet<String> = picks.iter().map(|pick| pointers[pick.index(pointers.len())].clone()).collect();
        prop_assert!(agrees_when_asked(&text, &all, &wanted).map_err(TestCaseError::fail).is_ok());
        // A pointer the document does not hold keeps the locator reading to the end.
        wanted.insert("/not/there".to_owned());
        if let Err(why) = agrees_when_asked(&text, &all, &wanted) {
            prop_assert!(false, "{}", why);
        }
        // Every member the parser reads, its key's escapes decoded, has its place.
        if let Ok((document, _)) = toolshift_syntax::parse(&text) {
            let mut parsed = Vec::new();
            every_pointer(&document, String::new(), &mut parsed);
            for pointer in parsed {
                prop_assert!(all.contains_key(&pointer), "{:?} unplaced in {:?}", pointer, text);
            }
        }
    }
}

/// Every pointer of `value`, below `at`.
fn every_pointer(value: &serde_json::Value, at: String, out: &mut Vec<String>) {
    let children: Vec<(String, &serde_json::Value)> = match value {
        serde_json::Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        serde_json::Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => Vec::new(),
    };
    for (token, child) in children {
        let pointer = toolshift_syntax::pointer::child(&at, &token);
        every_pointer(child, pointer.clone(), out);
        out.push(pointer);
    }
    out.push(at);
}

#[test]
fn real_files_are_placed_as_the_reference_places_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    files_ending(&root.join("golden"), &["json", "jsonc"], &mut files);
    assert!(!files.is_empty());
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS") {
        files_ending(Path::new(&corpus), &["json", "jsonc"], &mut files);
    }
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let all = positions(&text, Syntax::Jsonc);
        assert_eq!(all, reference(&text), "{}", file.display());
        // Each pointer asked alone, with one further on, and with one below it that is
        // not there.
        let pointers: Vec<&String> = all.keys().collect();
        for (index, pointer) in pointers.iter().enumerate() {
            let mut wanted = BTreeSet::from([(*pointer).clone(), format!("{pointer}/not-there")]);
            if let Some(later) = pointers.get(index + 7) {
                wanted.insert((*later).clone());
            }
            agrees_when_asked(&text, &all, &wanted).unwrap();
        }
    }
}
