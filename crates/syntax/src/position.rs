//! Where a JSON pointer sits in the text it was parsed from: the line and column a
//! report entry names, so a reviewer can jump to it.
//!
//! A member is placed at its key (`"cc": [...]` points at `"cc"`), an array element at
//! its first character. Lines and columns count from 1; columns count characters.

use crate::block_yaml::is_item;
use crate::form::{Syntax, MAX_DEPTH};
use crate::line_ends::{Reader, Renumbering};
use std::collections::{BTreeMap, BTreeSet};

/// A line and column, both from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

/// Every pointer of a document, with where it starts in `text`. Runs on text that
/// already parsed, so a syntax it cannot follow only leaves pointers out.
pub fn positions(text: &str, syntax: Syntax) -> BTreeMap<String, Position> {
    scan(text, syntax, Found::new(None))
}

/// The same, reading only as far as the last of `wanted` (pointers that exist in the
/// document): what a report needs, for less than a whole second reading. The nodes
/// above each wanted pointer are kept, so `nearest` still finds the enclosing node of
/// one the document does not hold; JSON skips every other node unread.
pub fn positions_of(
    text: &str,
    syntax: Syntax,
    wanted: &BTreeSet<&str>,
) -> BTreeMap<String, Position> {
    // Most YAML manifests are block style, where a node is found by indentation without
    // parsing; anything else falls back to the event scan (as every YAML text does with
    // `library-yaml-positions`, to time the shortcut against the parser).
    if syntax == Syntax::Yaml && !cfg!(feature = "library-yaml-positions") {
        if let Some(found) = block_lines(text).and_then(|lines| block_positions(&lines, wanted)) {
            return found;
        }
    }
    scan(text, syntax, Found::new(Some(wanted)))
}

/// Where `pointer` sits in block-style YAML, found by indentation alone; `None` where
/// the text is not plainly block style (flow collections, anchors, tags, quoted keys
/// with escapes), and the caller must parse. Public so a test can hold it to the parser.
pub fn block_yaml_position(text: &str, pointer: &str) -> Option<Position> {
    block_position(&block_lines(text)?, pointer)
}

fn has_lone_carriage_return(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut breaks = bytes.iter().enumerate().filter(|(_, &byte)| byte == b'\r');
    breaks.any(|(at, _)| bytes.get(at + 1) != Some(&b'\n'))
}

/// One line of block YAML that holds content: its number, indentation and text.
struct BlockLine<'a> {
    number: usize,
    indent: usize,
    text: &'a str,
}

/// The lines that hold content; `None` where a document marker has content after it, a
/// line starts with a tab, or a `\r` stands alone, which the parser must place.
fn block_lines(text: &str) -> Option<Vec<BlockLine<'_>>> {
    // YAML breaks a line at a `\r` alone, as old Mac files end theirs; `text::lines`
    // breaks only at `\n`, and would number every line after it one short.
    if text.contains('\r') && has_lone_carriage_return(text) {
        return None;
    }
    let mut lines = Vec::with_capacity(crate::text::line_room(text));
    for (index, line) in crate::text::lines(text).enumerate() {
        let line = line.trim_start_matches('\u{feff}');
        // `---` starts a document only at the line's start and before a space or its end
        // (`----` is a scalar's text).
        if let Some(after) = line.strip_prefix("---") {
            if after.is_empty() || after.starts_with([' ', '\t']) {
                let after = after.trim_start_matches([' ', '\t']);
                if after.is_empty() || after.starts_with('#') {
                    continue;
                }
                return None;
            }
        }
        let body = line.trim_start_matches(' ');
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        // A tab is never indentation; where it separates, the parser places what follows.
        if body.starts_with('\t') {
            return None;
        }
        lines.push(BlockLine {
            number: index + 1,
            indent: line.len() - body.len(),
            text: body,
        });
    }
    Some(lines)
}

/// How far a descent through block lines has come: the lines of the node reached (its
/// children are among them), for a sequence item the column its content starts at on
/// its first line (after the `- `), and where the node itself sits.
#[derive(Clone, Copy)]
struct Descent<'l, 'a> {
    scope: &'l [BlockLine<'a>],
    lead: Option<usize>,
    at: Option<Position>,
}

impl<'l, 'a> Descent<'l, 'a> {
    fn root(lines: &'l [BlockLine<'a>]) -> Self {
        Descent {
            scope: lines,
            lead: None,
            at: None,
        }
    }
}

/// How a node that the parser places starts: one with properties (an anchor, alias or
/// tag), in flow style, or a block scalar, which starts where its text does, below.
const PARSER_PLACES: [char; 7] = ['&', '*', '!', '[', '{', '|', '>'];

/// The document's first content line, where the root node sits.
fn root_position(lines: &[BlockLine<'_>]) -> Option<Position> {
    let first = lines
        .first()
        .filter(|first| !first.text.starts_with(PARSER_PLACES))?;
    Some(Position {
        line: first.number,
        column: first.indent + 1,
    })
}

fn block_position(lines: &[BlockLine<'_>], pointer: &str) -> Option<Position> {
    if pointer.is_empty() {
        return root_position(lines);
    }
    let mut descent = Descent::root(lines);
    for raw in crate::pointer::tokens(pointer).skip(1) {
        descent = descend(descent, raw)?;
    }
    descent.at
}

/// `block_position` of every wanted pointer, or `None` where any of them needs the
/// parser. The pointers come sorted, so each shares its leading tokens with the one
/// before: those nodes' descents are kept, and a file's `/parameters` is found once
/// however many of its members a report names.
fn block_positions(
    lines: &[BlockLine<'_>],
    wanted: &BTreeSet<&str>,
) -> Option<BTreeMap<String, Position>> {
    let mut found = BTreeMap::new();
    // Each descent kept, with the length of the previous pointer's prefix it reached.
    let mut trail: Vec<(usize, Descent<'_, '_>)> = Vec::new();
    // The root mapping's entries, listed at the first pointer that needs one.
    let mut root: Option<Option<RootEntries<'_>>> = None;
    let mut previous = "";
    for pointer in wanted {
        if pointer.is_empty() {
            found.insert(String::new(), root_position(lines)?);
            continue;
        }
        while let Some(&(reached, _)) = trail.last() {
            let shared = pointer.get(..reached) == previous.get(..reached)
                && matches!(pointer.as_bytes().get(reached), None | Some(b'/'));
            if shared {
                break;
            }
            trail.pop();
        }
        let (mut reached, mut descent) = trail.last().copied().unwrap_or((0, Descent::root(lines)));
        while reached < pointer.len() {
            let start = reached + 1;
            let end = pointer
                .get(start..)?
                .bytes()
                .position(|byte| byte == b'/')
                .map_or(pointer.len(), |offset| start + offset);
            let raw = pointer.get(start..end)?;
            descent = if reached == 0 {
                match root.get_or_insert_with(|| RootEntries::of(lines)) {
                    Some(entries) => entries.descend(lines, raw)?,
                    None => descend(descent, raw)?,
                }
            } else {
                descend(descent, raw)?
            };
            reached = end;
            trail.push((reached, descent));
        }
        found.insert((*pointer).to_owned(), descent.at?);
        previous = pointer;
    }
    Some(found)
}

/// A root mapping's lines at its column, in order, each with its key (`None` where the
/// line holds no plain key), and the lines left of that column, which end a search:
/// listed once, so that each top-level key a report names is found without scanning
/// the document from its first line (`descend` from the root does, for each).
struct RootEntries<'a> {
    column: usize,
    entries: Vec<(usize, Option<&'a str>)>,
}

impl<'a> RootEntries<'a> {
    /// `None` for a root that is no block mapping (a sequence, or nothing).
    fn of(lines: &[BlockLine<'a>]) -> Option<Self> {
        let first = lines.first()?;
        if is_item(first.text) {
            return None;
        }
        let column = first.indent;
        let entries = lines
            .iter()
            .enumerate()
            .filter(|(_, line)| line.indent <= column)
            .map(|(index, line)| {
                let key = (line.indent == column).then(|| key_of(line.text)).flatten();
                (index, key)
            })
            .collect();
        Some(RootEntries { column, entries })
    }

    /// What `descend` from the root gives for `raw`: the first entry whose key is the
    /// token, unless a line without a key, or left of the column, comes before it.
    fn descend<'l>(&self, lines: &'l [BlockLine<'a>], raw: &str) -> Option<Descent<'l, 'a>> {
        let token = crate::pointer::unescaped(raw);
        let mut entries = self.entries.iter();
        let index = loop {
            let &(index, key) = entries.next()?;
            if key? == token {
                break index;
            }
        };
        let end = entries.next().map_or(lines.len(), |&(next, _)| next);
        mapping_value(lines, index, end, self.column)
    }
}

/// The child `raw` (a pointer token, still escaped) of the node `from` reached.
fn descend<'l, 'a>(from: Descent<'l, 'a>, raw: &str) -> Option<Descent<'l, 'a>> {
    let Descent { scope, lead, .. } = from;
    // Nearly every token has no escape, and is compared where it lies.
    let token = crate::pointer::unescaped(raw);
    let view = |index: usize| -> Option<(usize, &str)> {
        let line = scope.get(index)?;
        Some(match (index, lead) {
            (0, Some(column)) => (column, line.text.get(column.checked_sub(line.indent)?..)?),
            _ => (line.indent, line.text),
        })
    };
    let (child, first) = view(0)?;
    let sequence = is_item(first);
    let mut hit = None;
    let mut count = 0;
    for index in 0..scope.len() {
        let (column, text) = view(index)?;
        if column < child {
            return None;
        }
        if column != child {
            continue;
        }
        let found = if sequence {
            let wanted: usize = token.parse().ok()?;
            let item = is_item(text);
            let found = item && count == wanted;
            count += usize::from(item);
            found
        } else {
            key_of(text)? == token
        };
        if found {
            hit = Some(index);
            break;
        }
    }
    let index = hit?;
    let (column, text) = view(index)?;
    let end = (index + 1..scope.len())
        .find(|&next| view(next).is_some_and(|(c, _)| c <= column))
        .unwrap_or(scope.len());
    if sequence {
        let rest = text.get(1..)?.trim_start_matches(' ');
        if rest.starts_with(PARSER_PLACES) {
            return None;
        }
        let content = column + (text.len() - rest.len());
        if rest.is_empty() || rest.starts_with('#') {
            // `-` alone or before a comment: the item's content starts on the next line.
            let next = scope.get(index + 1..end)?;
            let first = next
                .first()
                .filter(|first| !first.text.starts_with(PARSER_PLACES))?;
            Some(Descent {
                scope: next,
                lead: None,
                at: Some(Position {
                    line: first.number,
                    column: first.indent + 1,
                }),
            })
        } else {
            Some(Descent {
                scope: scope.get(index..end)?,
                lead: Some(content),
                at: Some(Position {
                    line: scope.get(index)?.number,
                    column: content + 1,
                }),
            })
        }
    } else {
        mapping_value(scope, index, end, column)
    }
}

/// The node of the mapping entry on `scope[index]`, at `column`: it sits at its key, and
/// its lines are those below it up to `end`, where the next entry (or less indented
/// content) starts.
fn mapping_value<'l, 'a>(
    scope: &'l [BlockLine<'a>],
    index: usize,
    end: usize,
    column: usize,
) -> Option<Descent<'l, 'a>> {
    Some(Descent {
        scope: scope.get(index + 1..end)?,
        lead: None,
        at: Some(Position {
            line: scope.get(index)?.number,
            column: column + 1,
        }),
    })
}

/// The key a block mapping line starts with; `None` when it is not plainly one.
fn key_of(text: &str) -> Option<&str> {
    let (key, rest) = match text.chars().next()? {
        quote @ ('"' | '\'') => {
            let end = text.get(1..)?.find(quote)? + 1;
            let key = text.get(1..end)?;
            if key.contains('\\') {
                return None;
            }
            (key, text.get(end + 1..)?)
        }
        '{' | '[' | '&' | '*' | '!' | '?' | '|' | '>' | '%' | '@' | '`' | '-' => return None,
        _ => {
            let cut =
                byte_after(text, b':', b' ').or_else(|| text.strip_suffix(':').map(str::len))?;
            (text.get(..cut)?, text.get(cut..)?)
        }
    };
    (rest.starts_with(':') && byte_after(key, b' ', b'#').is_none()).then_some(key)
}

/// Where `first` is first followed by `second` in `text`: `text.find` of the two
/// bytes, without the setup of a substring searcher, which costs more than a short
/// line's search (a report places each entry by scanning lines).
fn byte_after(text: &str, first: u8, second: u8) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(offset) = bytes.get(from..)?.iter().position(|&byte| byte == first) {
        let at = from + offset;
        if bytes.get(at + 1) == Some(&second) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// Where the member `pointer` names appears a second time in JSON or JSONC `text`: the
/// key a parser refuses as repeated. json5 names the start of the object holding it.
pub fn repeated_key_position(text: &str, pointer: &str) -> Option<Position> {
    let mut found = Found::new(None);
    found.repeated = Some(pointer);
    scan_json(text, found).repeated_at
}

fn scan(text: &str, syntax: Syntax, found: Found<'_>) -> BTreeMap<String, Position> {
    match syntax {
        Syntax::Json | Syntax::Jsonc => scan_json(text, found).map,
        Syntax::Yaml => yaml_positions(text, found),
    }
}

fn scan_json<'a>(text: &'a str, found: Found<'a>) -> Found<'a> {
    let mut scanner = Scanner {
        text,
        index: 0,
        line: 1,
        line_start: 0,
        counted_at: 0,
        counted_column: 1,
        found,
        path: String::new(),
        key: String::new(),
    };
    scanner.skip_bom();
    scanner.value(0);
    scanner.found
}

/// The positions read so far, and how many wanted pointers are still to come; or, for
/// `repeated_key_position`, the second place of one member's key.
struct Found<'a> {
    map: BTreeMap<String, Position>,
    wanted: Option<&'a BTreeSet<&'a str>>,
    missing: usize,
    repeated: Option<&'a str>,
    repeated_at: Option<Position>,
}

impl<'a> Found<'a> {
    fn new(wanted: Option<&'a BTreeSet<&'a str>>) -> Self {
        Found {
            map: BTreeMap::new(),
            missing: wanted.map_or(usize::MAX, BTreeSet::len),
            wanted,
            repeated: None,
            repeated_at: None,
        }
    }

    /// Keeps the first position of `pointer`.
    fn record(&mut self, pointer: String, at: Position) {
        if self.map.contains_key(&pointer) {
            return;
        }
        if self
            .wanted
            .is_some_and(|wanted| wanted.contains(pointer.as_str()))
        {
            self.missing = self.missing.saturating_sub(1);
        }
        self.map.insert(pointer, at);
    }

    /// A member is placed at its key, even if its value was seen first.
    fn record_key(&mut self, pointer: String, at: Position) {
        match self.map.get_mut(&pointer) {
            Some(position) => {
                // In JSON a key comes before its value: a key already placed repeats.
                if self.repeated == Some(pointer.as_str()) {
                    self.repeated_at = self.repeated_at.or(Some(at));
                }
                *position = at;
            }
            None => self.record(pointer, at),
        }
    }

    fn done(&self) -> bool {
        match self.repeated {
            Some(_) => self.repeated_at.is_some(),
            None => self.wanted.is_some() && self.missing == 0,
        }
    }

    /// Whether the node at `path` is wanted or holds a wanted node: `nearest` looks up
    /// wanted pointers and the nodes above them, so nothing else need be kept or read
    /// closely. Every node, where nothing in particular is wanted.
    fn holds(&self, path: &mut String) -> bool {
        let Some(wanted) = self.wanted else {
            return true;
        };
        if wanted.contains(path.as_str()) {
            return true;
        }
        path.push('/');
        let below = wanted
            .range::<str, _>((
                std::ops::Bound::Included(path.as_str()),
                std::ops::Bound::Unbounded,
            ))
            .next()
            .is_some_and(|pointer| pointer.starts_with(path.as_str()));
        path.pop();
        below
    }
}

/// The position of `pointer`, or of its nearest enclosing node that has one.
pub fn nearest(positions: &BTreeMap<String, Position>, pointer: &str) -> Option<Position> {
    let mut candidate = pointer;
    loop {
        if let Some(position) = positions.get(candidate) {
            return Some(*position);
        }
        let cut = candidate.rfind('/')?;
        candidate = candidate.get(..cut)?;
    }
}

/// JSON and JSON with comments, read a byte at a time: every mark the scanner looks for
/// is one ASCII byte, and no byte of a longer character is one. A column is counted
/// only where a node is placed, from where the last count ended.
struct Scanner<'a> {
    text: &'a str,
    /// A byte offset into `text`, always on a character boundary.
    index: usize,
    line: usize,
    /// Where the current line starts.
    line_start: usize,
    /// The last place a column was counted at, and that column.
    counted_at: usize,
    counted_column: usize,
    found: Found<'a>,
    /// The pointer of the node being read: a member's or item's token is added on
    /// entering it and cut off on leaving, so no pointer is made for a node not kept.
    path: String,
    /// A quoted key's text, read before it is escaped into `path`.
    key: String,
}

/// Whether `byte` starts a character (is not the second, third or fourth byte of one).
fn starts_character(byte: u8) -> bool {
    !(0x80..0xc0).contains(&byte)
}

impl Scanner<'_> {
    fn byte(&self) -> Option<u8> {
        self.text.as_bytes().get(self.index).copied()
    }

    fn peek(&self) -> Option<char> {
        match self.byte()? {
            byte if byte.is_ascii() => Some(char::from(byte)),
            _ => self.text.get(self.index..)?.chars().next(),
        }
    }

    fn here(&mut self) -> Position {
        if self.counted_at < self.line_start {
            self.counted_at = self.line_start;
            self.counted_column = 1;
        }
        let passed = self.text.as_bytes().get(self.counted_at..self.index);
        self.counted_column += passed.map_or(0, |bytes| {
            bytes.iter().filter(|&&byte| starts_character(byte)).count()
        });
        self.counted_at = self.index;
        Position {
            line: self.line,
            column: self.counted_column,
        }
    }

    /// Moves past one character, counting lines.
    fn advance(&mut self) {
        match self.byte() {
            None => {}
            Some(b'\n') => {
                self.index += 1;
                self.line += 1;
                self.line_start = self.index;
            }
            Some(byte) if byte.is_ascii() => self.index += 1,
            Some(_) => self.index += self.peek().map_or(1, char::len_utf8),
        }
    }

    /// A byte order mark does not count as a column.
    fn skip_bom(&mut self) {
        if self.text.starts_with('\u{feff}') {
            self.index = '\u{feff}'.len_utf8();
            self.line_start = self.index;
        }
    }

    /// Whether the character starting with `byte`, here, is whitespace as
    /// `char::is_whitespace` says; only a character of several bytes is decoded. Asked
    /// of every blank byte: left to itself the compiler made it a call (0.25 % more
    /// instructions for Arcade v1 -> `arcade` with its report).
    #[inline]
    fn blank(&self, byte: u8) -> bool {
        match byte {
            b' ' | b'\n' | b'\t' | b'\r' | 0x0b | 0x0c => true,
            _ if byte.is_ascii() => false,
            // json5 also reads a byte order mark inside the text as whitespace.
            _ => self
                .peek()
                .is_some_and(|c| c.is_whitespace() || c == '\u{feff}'),
        }
    }

    /// Whitespace and `//` or `/* */` comments (JSON with comments).
    fn skip_blank(&mut self) {
        while let Some(byte) = self.byte() {
            match byte {
                _ if self.blank(byte) => self.advance(),
                b'/' => match self.text.as_bytes().get(self.index + 1) {
                    Some(b'/') => {
                        while self.byte().is_some_and(|byte| byte != b'\n') {
                            self.advance();
                        }
                    }
                    Some(b'*') => {
                        self.index += 2;
                        while let Some(byte) = self.byte() {
                            if byte == b'*'
                                && self.text.as_bytes().get(self.index + 1) == Some(&b'/')
                            {
                                self.index += 2;
                                break;
                            }
                            self.advance();
                        }
                    }
                    _ => return,
                },
                _ => return,
            }
        }
    }

    /// The node at `path`, which `found` keeps.
    fn value(&mut self, depth: usize) {
        self.skip_blank();
        let here = self.here();
        self.found.record(self.path.clone(), here);
        if depth > MAX_DEPTH || self.found.done() {
            return;
        }
        match self.byte() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(quote @ (b'"' | b'\'')) => self.string(quote, false),
            _ => self.scalar(),
        }
    }

    /// A node no wanted pointer is in or below: read past, keeping nothing. Inside it
    /// only brackets, strings, comments and line breaks matter, a byte at a time.
    fn skip_value(&mut self) {
        self.skip_blank();
        let mut open = 0usize;
        while let Some(byte) = self.byte() {
            match byte {
                b'{' | b'[' => {
                    open += 1;
                    self.index += 1;
                }
                b'}' | b']' if open > 0 => {
                    open -= 1;
                    self.index += 1;
                }
                b'"' | b'\'' => self.string(byte, false),
                _ if open == 0 => self.scalar(),
                b'\n' => self.advance(),
                b'/' => {
                    let before = self.index;
                    self.skip_blank();
                    if self.index == before {
                        self.index += 1;
                    }
                }
                _ => {
                    // Past every byte up to the next one matched above: all are ASCII,
                    // so this stops on a character boundary.
                    let rest = self
                        .text
                        .as_bytes()
                        .get(self.index + 1..)
                        .unwrap_or_default();
                    let run = rest
                        .iter()
                        .position(|&byte| {
                            matches!(
                                byte,
                                b'{' | b'[' | b'}' | b']' | b'"' | b'\'' | b'\n' | b'/'
                            )
                        })
                        .unwrap_or(rest.len());
                    self.index += 1 + run;
                }
            }
            if open == 0 {
                return;
            }
        }
    }

    /// A number, a literal or an unquoted JSON5 word. None holds a `/`, so one ends a
    /// scalar: a comment may follow it with no space (`30// seconds`).
    fn scalar(&mut self) {
        while let Some(byte) = self.byte() {
            if matches!(byte, b',' | b'}' | b']' | b'/') || self.blank(byte) {
                return;
            }
            self.advance();
        }
    }

    /// A quoted string, its text added to `key` when `keep` is set, its escapes read as
    /// JSON and JSON5 read them: a key written by Python's `json.dumps` spells every
    /// letter outside ASCII as `\uXXXX`, and must still find its pointer.
    fn string(&mut self, quote: u8, keep: bool) {
        self.index += 1;
        loop {
            let rest = self.text.as_bytes().get(self.index..).unwrap_or_default();
            // A run with no quote, backslash or line break, taken whole.
            let run = crate::text::first_of(rest, [quote, b'\\', b'\n']).unwrap_or(rest.len());
            if keep {
                let piece = self.text.get(self.index..self.index + run);
                self.key.push_str(piece.unwrap_or_default());
            }
            self.index += run;
            match self.byte() {
                None => return,
                Some(b'\\') => {
                    self.index += 1;
                    let escaped = self.escape();
                    if keep {
                        self.key.extend(escaped);
                    }
                }
                Some(b'\n') => {
                    if keep {
                        self.key.push('\n');
                    }
                    self.advance();
                }
                Some(_) => {
                    self.index += 1;
                    return;
                }
            }
        }
    }

    /// The character an escape stands for, read past; `None` for a JSON5 line
    /// continuation. A lone surrogate, which neither parser lets through, reads as U+FFFD.
    fn escape(&mut self) -> Option<char> {
        let next = self.peek()?;
        self.advance();
        let simple = match next {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            'b' => '\u{8}',
            'f' => '\u{c}',
            'v' => '\u{b}',
            '0' => '\0',
            'x' => return self.hex(2).and_then(char::from_u32),
            'u' => return Some(self.unicode_escape()),
            '\n' | '\u{2028}' | '\u{2029}' => return None,
            '\r' => {
                if self.byte() == Some(b'\n') {
                    self.advance();
                }
                return None;
            }
            other => other,
        };
        Some(simple)
    }

    /// After `\u`: its four hex digits, and a low surrogate's after a high one.
    fn unicode_escape(&mut self) -> char {
        let Some(unit) = self.hex(4) else {
            return char::REPLACEMENT_CHARACTER;
        };
        if !(0xD800..0xDC00).contains(&unit) {
            return char::from_u32(unit).unwrap_or(char::REPLACEMENT_CHARACTER);
        }
        let escape_follows = self.text.as_bytes().get(self.index..self.index + 2) == Some(b"\\u");
        let low = escape_follows.then(|| {
            self.index += 2;
            let low = self.hex(4).filter(|low| (0xDC00..0xE000).contains(low));
            if low.is_none() {
                self.index -= 2;
            }
            low
        });
        low.flatten()
            .and_then(|low| char::from_u32(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
            .unwrap_or(char::REPLACEMENT_CHARACTER)
    }

    /// `digits` hex digits, read past; `None`, and nothing read, where they are not.
    fn hex(&mut self, digits: usize) -> Option<u32> {
        let text = self.text.get(self.index..self.index + digits)?;
        if !text.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        self.index += digits;
        u32::from_str_radix(text, 16).ok()
    }

    fn object(&mut self, depth: usize) {
        self.index += 1;
        loop {
            self.skip_blank();
            let at = self.here();
            let parent = self.path.len();
            match self.byte() {
                None => return,
                Some(b'}') => {
                    self.index += 1;
                    return;
                }
                Some(b',') => {
                    self.index += 1;
                    continue;
                }
                Some(quote @ (b'"' | b'\'')) => {
                    self.key.clear();
                    self.string(quote, true);
                    self.path.push('/');
                    crate::pointer::push_escaped(&mut self.path, &self.key);
                }
                Some(_) => {
                    // An unquoted key (JSON5).
                    let start = self.index;
                    while let Some(c) = self
                        .peek()
                        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '$'))
                    {
                        self.index += c.len_utf8();
                    }
                    let Some(key) = self.text.get(start..self.index).filter(|k| !k.is_empty())
                    else {
                        self.advance();
                        continue;
                    };
                    self.path.push('/');
                    crate::pointer::push_escaped(&mut self.path, key);
                }
            }
            let kept = self.found.holds(&mut self.path);
            if kept {
                self.found.record_key(self.path.clone(), at);
                if self.found.done() {
                    return;
                }
            }
            self.skip_blank();
            if self.byte() == Some(b':') {
                self.index += 1;
            }
            if kept {
                self.value(depth + 1);
            } else {
                self.skip_value();
            }
            self.path.truncate(parent);
            if self.found.done() {
                return;
            }
        }
    }

    fn array(&mut self, depth: usize) {
        self.index += 1;
        let mut index = 0;
        loop {
            self.skip_blank();
            match self.byte() {
                None => return,
                Some(b']') => {
                    self.index += 1;
                    return;
                }
                Some(b',') => self.index += 1,
                Some(_) => {
                    let parent = self.path.len();
                    let before = self.index;
                    let mut digits = [0; 20];
                    self.path.push('/');
                    self.path.push_str(crate::text::decimal(index, &mut digits));
                    if self.found.holds(&mut self.path) {
                        self.value(depth + 1);
                    } else {
                        self.skip_value();
                    }
                    self.path.truncate(parent);
                    // A byte no value starts with (a stray `}` in a text the parser
                    // refused further on) is passed, not read again as a next item.
                    if self.index == before {
                        self.advance();
                    }
                    index += 1;
                    if self.found.done() {
                        return;
                    }
                }
            }
        }
    }
}

/// YAML through saphyr-parser's events, which carry where each node starts.
fn yaml_positions(text: &str, mut found: Found<'_>) -> BTreeMap<String, Position> {
    use saphyr_parser::{Event, Parser};

    enum Frame {
        /// A mapping: its pointer, and the key just read (its value comes next).
        Mapping(String, Option<String>),
        Sequence(String, usize),
    }
    let mut stack: Vec<Frame> = Vec::new();
    let renumbering = Renumbering::of(text, Reader::Saphyr);
    for event in Parser::new_from_str(text) {
        if found.done() {
            break;
        }
        let Ok((event, span)) = event else {
            break;
        };
        let (line, column) = renumbering.place(span.start.line(), span.start.col() + 1);
        let at = Position { line, column };
        // The pointer of the node this event starts; `None` for a mapping's key.
        let place = match stack.last_mut() {
            None => Some(String::new()),
            Some(Frame::Mapping(pointer, key)) => {
                key.take().map(|key| crate::pointer::child(pointer, &key))
            }
            Some(Frame::Sequence(pointer, index)) => {
                let child = format!("{pointer}/{index}");
                *index += 1;
                Some(child)
            }
        };
        match event {
            Event::Scalar(value, ..) => match (place, stack.last_mut()) {
                (None, Some(Frame::Mapping(pointer, key))) => {
                    // A key: the member is placed at it.
                    found.record_key(crate::pointer::child(pointer, &value), at);
                    *key = Some(value.into_owned());
                }
                (Some(pointer), _) => found.record(pointer, at),
                _ => {}
            },
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                let Some(pointer) = place else {
                    // A complex key: the document was refused when parsed.
                    break;
                };
                found.record(pointer.clone(), at);
                stack.push(if matches!(event, Event::MappingStart(..)) {
                    Frame::Mapping(pointer, None)
                } else {
                    Frame::Sequence(pointer, 0)
                });
            }
            Event::MappingEnd | Event::SequenceEnd => {
                stack.pop();
            }
            Event::Alias(..) => {
                if let Some(pointer) = place {
                    found.record(pointer, at);
                }
            }
            _ => {}
        }
    }
    found.map
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize, column: usize) -> Option<Position> {
        Some(Position { line, column })
    }

    #[test]
    fn a_pair_of_bytes_is_found_where_find_finds_it() {
        // Every text of up to five characters over an alphabet holding both bytes, a
        // look-alike of each and a character of two bytes.
        let mut texts = crate::text::every_text(&[":", " ", "#", "a", ";", "é"], 5);
        texts.sort();
        texts.dedup();
        for text in &texts {
            assert_eq!(byte_after(text, b':', b' '), text.find(": "), "{text:?}");
            assert_eq!(byte_after(text, b' ', b'#'), text.find(" #"), "{text:?}");
        }
    }

    #[test]
    fn a_text_broken_after_a_repeated_key_is_read_to_its_end() {
        // json5 refuses the repeated `b` before it reaches the junk after it; placing
        // `b` reads on past the stray `}` and `/` in the array, once each.
        let text = "{\"a\": [1, } / ], \"b\": 1, \"b\": 2, \"c\": [}}}/]";
        assert_eq!(repeated_key_position(text, "/b"), at(1, 26));
        assert_eq!(repeated_key_position("[}}}", "/b"), None);
    }

    #[test]
    fn a_byte_order_mark_inside_the_text_is_blank() {
        let found = positions("{\"a\": [\u{feff}1]}", Syntax::Jsonc);
        assert_eq!(found.get("/a/0").copied(), at(1, 9));
    }

    #[test]
    fn json_members_sit_at_their_keys() {
        let text = "{\n  // a comment\n  \"name\": \"x\",\n  params: [1, {\"a/b\": true}],\n}\n";
        let found = positions(text, Syntax::Jsonc);
        assert_eq!(found.get("").copied(), at(1, 1));
        assert_eq!(found.get("/name").copied(), at(3, 3));
        assert_eq!(found.get("/params").copied(), at(4, 3));
        assert_eq!(found.get("/params/0").copied(), at(4, 12));
        assert_eq!(found.get("/params/1/a~1b").copied(), at(4, 16));
        assert_eq!(nearest(&found, "/params/1/a~1b/deeper"), at(4, 16));
        assert_eq!(nearest(&found, "/missing"), at(1, 1));
    }

    #[test]
    fn yaml_members_sit_at_their_keys() {
        let text = "name: x\nparameters:\n  - name: a\n    type: str\n  - name: b\nconfigurations:\n  api_key: \"k\"\n";
        let found = positions(text, Syntax::Yaml);
        assert_eq!(found.get("/name").copied(), at(1, 1));
        assert_eq!(found.get("/parameters").copied(), at(2, 1));
        assert_eq!(found.get("/parameters/0").copied(), at(3, 5));
        assert_eq!(found.get("/parameters/0/type").copied(), at(4, 5));
        assert_eq!(found.get("/parameters/1/name").copied(), at(5, 5));
        assert_eq!(found.get("/configurations/api_key").copied(), at(7, 3));
    }

    #[test]
    fn a_wanted_list_stops_early_and_agrees() {
        let text = "name: x\nparameters:\n  - name: a\n    type: str\nreturns: []\n";
        let wanted: BTreeSet<&str> = ["/parameters/0/name"].into();
        let some = positions_of(text, Syntax::Yaml, &wanted);
        let all = positions(text, Syntax::Yaml);
        assert_eq!(
            some.get("/parameters/0/name"),
            all.get("/parameters/0/name")
        );
        assert!(!some.contains_key("/returns"));
        let json = "{\"a\": 1, \"b\": {\"c\": 2}, \"d\": 3}";
        let wanted: BTreeSet<&str> = ["/b/c"].into();
        let some = positions_of(json, Syntax::Json, &wanted);
        assert_eq!(some.get("/b/c").copied(), at(1, 16));
        assert!(!some.contains_key("/d"));
    }

    #[test]
    fn the_quick_locator_leaves_to_the_parser_what_it_would_misplace() {
        // Each found by tests/block_yaml.rs, where the quick answer was a line early or a
        // column off: block scalars as items or the root, an item after a comment, a
        // scalar that starts like a document marker, a tab before a node, and a line
        // ended by a `\r` alone.
        for text in [
            "- - - |\n      search\n",
            "- # about name\n  name: search\n",
            "----\n 42\n",
            "-\n |\n  search\n- search\n",
            " |\n  Sends an email.\n",
            "\t {}\n",
            "required:\n - [a\rb]\n - '~'\n",
        ] {
            for (pointer, parsed) in positions(text, Syntax::Yaml) {
                let quick = block_yaml_position(text, &pointer);
                assert!(
                    quick.is_none() || quick == Some(parsed),
                    "{pointer:?} in {text:?}"
                );
            }
        }
    }

    #[test]
    fn columns_count_characters() {
        let found = positions("{\"é\": 1, \"b\": 2}", Syntax::Json);
        assert_eq!(found.get("/b").copied(), at(1, 10));
    }
}
