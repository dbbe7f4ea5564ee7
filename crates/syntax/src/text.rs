//! Small text rules writers share.

use std::borrow::Cow;
use std::collections::HashSet;

/// A tool's optional text borrowed into a mirror type: a writer's mirror value lives
/// only until it is serialized (the Arcade and AnythingLLM writers).
pub fn borrowed(text: Option<&String>) -> Option<Cow<'_, str>> {
    text.map(|text| Cow::Borrowed(text.as_str()))
}

/// A mirror type's optional text copied into the tool, which owns its texts.
pub fn owned(text: Option<&Cow<'_, str>>) -> Option<String> {
    text.map(|text| text.to_string())
}

/// `number` in decimal as `to_string` writes it, but into the end of `digits` (a
/// `usize` has at most 20) rather than a string of its own: report entries write line
/// and column numbers, and pointers their indexes, thousands of times a batch.
pub fn decimal(mut number: usize, digits: &mut [u8; 20]) -> &str {
    let mut start = digits.len();
    while let Some(digit) = start.checked_sub(1).and_then(|at| digits.get_mut(at)) {
        *digit = b'0' + (number % 10) as u8;
        start -= 1;
        number /= 10;
        if number == 0 {
            break;
        }
    }
    std::str::from_utf8(digits.get(start..).unwrap_or_default()).unwrap_or_default()
}

/// A description at least `min` characters long. A missing or blank one becomes
/// `The {subject}.`; a short one gets ` ({subject})` appended. Returns the text and
/// whether it was changed, so the writer can report it.
pub fn ensure_description(existing: Option<&str>, subject: &str, min: usize) -> (String, bool) {
    match existing {
        Some(text) if text.trim().chars().count() >= min => (text.to_owned(), false),
        Some(text) if !text.trim().is_empty() => {
            let mut padded = format!("{} ({subject})", text.trim_end());
            while padded.chars().count() < min {
                padded.push('.');
            }
            (padded, true)
        }
        _ => {
            let mut text = format!("The {subject}.");
            while text.chars().count() < min {
                text.push('.');
            }
            (text, true)
        }
    }
}

/// The text on one line: each line trimmed, blank lines dropped, the rest joined with
/// single spaces. `None` when the text already is one line. Lines end where Python
/// source lines end (`\n`, `\r`), since the text goes into a code comment.
pub fn join_lines(text: &str) -> Option<String> {
    let breaks = |c: char| matches!(c, '\n' | '\r');
    if !text.contains(breaks) {
        return None;
    }
    let lines: Vec<&str> = text
        .split(breaks)
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect();
    Some(lines.join(" "))
}

/// `text (note)`, or just `(note)` when the text is empty.
pub fn with_note(text: &str, note: &str) -> String {
    let text = text.trim_end();
    if text.is_empty() {
        format!("({note})")
    } else {
        format!("{text} ({note})")
    }
}

/// `` `a`, `b` ``: values as the user would type them, for a description.
pub fn code_list<T: std::fmt::Display>(values: &[T]) -> String {
    values
        .iter()
        .map(|v| format!("`{v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `a`, `a and b`, `a, b and c`: a list for a sentence.
pub fn and_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [only] => (*only).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `sql_pull_data` → `Sql Pull Data`, `openai-text-to-audio` → `Openai Text To Audio`,
/// `SendEmail` → `Send Email`.
pub fn humanize(name: &str) -> String {
    // Written into one text as it is read: it titles every tool converted without a
    // display name.
    let mut title = String::with_capacity(name.len() + 8);
    let mut word_starts = true;
    let mut previous_lower = false;
    for c in name.chars() {
        if matches!(c, '_' | '-' | ' ' | '.') {
            word_starts = true;
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            word_starts = true;
        }
        if word_starts {
            if !title.is_empty() {
                title.push(' ');
            }
            title.extend(c.to_uppercase());
            word_starts = false;
        } else {
            title.push(c);
        }
        previous_lower = c.is_lowercase() || c.is_ascii_digit();
    }
    title
}

/// Text for one line of a code comment: anything that would end the line becomes a space.
pub fn single_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_single_line(text, &mut out);
    out
}

/// Appends `single_line(text)` to a text being built. Printable ASCII, nearly every
/// name and sentence written into a scaffold, is copied whole; only another text is
/// written a character at a time.
pub fn push_single_line(text: &str, out: &mut String) {
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        out.push_str(text);
        return;
    }
    out.extend(text.chars().map(|c| {
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{85}') {
            ' '
        } else {
            c
        }
    }));
}

/// The lines of `text`, as `str::lines` gives them (a `\r` before a line break is not
/// part of its line), with each break found eight bytes at a time. Placing a report's
/// entries splits its input into lines, most of them short, and `str::lines` looks at
/// a short line a byte at a time (docs/performance.md at 79948a8, nineteenth round).
pub fn lines(text: &str) -> Lines<'_> {
    Lines { rest: text }
}

/// Room for the lines `lines` gives for `text`, so that a list of them is made once
/// rather than grown four or five times: a manifest's line rarely holds fewer than 24
/// bytes. Counting the lines first cost more than the growing it spares.
pub fn line_room(text: &str) -> usize {
    text.len() / 24 + 1
}

#[derive(Debug, Clone)]
pub struct Lines<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Lines<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let Some(at) = first_of(self.rest.as_bytes(), [b'\n']) else {
            return Some(std::mem::take(&mut self.rest));
        };
        // A line break is one byte, so both sides of it are character boundaries.
        let line = self.rest.get(..at)?;
        self.rest = self.rest.get(at + 1..)?;
        Some(line.strip_suffix('\r').unwrap_or(line))
    }
}

/// The lines numbered `numbers` (from 1, in ascending order), each with its number and
/// as `lines` gives it; a number past the last line gives nothing. Line breaks are
/// counted a word of eight bytes at a time: a report quotes a few lines of its input,
/// and splitting all of it into lines cost more than finding those
/// (docs/performance.md at 79948a8, twenty-second round).
pub fn numbered_lines<'a>(text: &'a str, numbers: &[usize]) -> Vec<(usize, &'a str)> {
    let mut found = Vec::with_capacity(numbers.len());
    // The line reached, and where it starts.
    let mut line = 1;
    let mut start = 0;
    for &number in numbers {
        let Some(ahead) = number.checked_sub(line) else {
            continue;
        };
        let Some(at) = after_breaks(text.as_bytes(), start, ahead) else {
            break;
        };
        (line, start) = (number, at);
        // The line starting there, as `lines` cuts it; none at the text's end.
        let Some(piece) = lines(text.get(start..).unwrap_or_default()).next() else {
            break;
        };
        found.push((number, piece));
    }
    found
}

/// The offset just past the `count`th line break from `from` on (`from` itself for
/// none), or `None` where the text has fewer.
fn after_breaks(bytes: &[u8], from: usize, mut count: usize) -> Option<usize> {
    if count == 0 {
        return Some(from);
    }
    let mut words = bytes.get(from..)?.chunks_exact(8);
    let mut offset = from;
    for word in &mut words {
        // Each break's mark, lowest first; `count_ones` is no single instruction on the
        // baseline x86-64 this is built for, and cost more than this.
        let mut breaks = marks(word, b'\n');
        while breaks != 0 {
            count -= 1;
            if count == 0 {
                return Some(offset + (breaks.trailing_zeros() / 8) as usize + 1);
            }
            breaks &= breaks - 1;
        }
        offset += 8;
    }
    for (index, &byte) in words.remainder().iter().enumerate() {
        if byte == b'\n' {
            count -= 1;
            if count == 0 {
                return Some(offset + index + 1);
            }
        }
    }
    None
}

/// Where the first of the `wanted` bytes is in `bytes`, found a word of eight bytes at
/// a time: a line break (`lines`), or a JSON string's end, escape or line break (the
/// report's JSON locator).
pub(crate) fn first_of<const N: usize>(bytes: &[u8], wanted: [u8; N]) -> Option<usize> {
    let mut words = bytes.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let found = wanted
            .iter()
            .fold(0, |found, &byte| found | marks(word, byte));
        if found != 0 {
            return Some(offset + (found.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    let tail = words
        .remainder()
        .iter()
        .position(|byte| wanted.contains(byte))?;
    Some(offset + tail)
}

/// The high bit of each byte of an eight-byte `word` that equals `byte`, and no other
/// bit: a line's text is searched a word at a time, not a byte at a time.
pub(crate) fn marks(word: &[u8], byte: u8) -> u64 {
    const LOW_BITS: u64 = u64::from_ne_bytes([0x7f; 8]);
    // A word is eight bytes wherever this is asked, so the conversion never fails.
    let apart =
        <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes) ^ u64::from_ne_bytes([byte; 8]);
    // A byte of `apart` is zero where the word holds `byte`. Adding 0x7f to its low
    // seven bits sets its high bit unless they are all zero, without a carry into the
    // next byte; the byte's own high bit covers the rest. What is left is exact.
    !(((apart & LOW_BITS) + LOW_BITS) | apart) & !LOW_BITS
}

/// The first place of each name in a list, for a loop that looks up many names (each
/// property of a schema in its `required`, each among the tool's parameters). A scan
/// per name made a schema of 20,000 properties take seconds. A short list is scanned,
/// which is as quick as anything for a handful of names; a long one is sorted once
/// and searched.
#[derive(Debug)]
pub struct NameIndex<'a> {
    /// Each name with its place; sorted by name, then place, when `sorted`.
    names: Vec<(&'a str, usize)>,
    sorted: bool,
}

impl<'a> NameIndex<'a> {
    /// Longer lists than this are sorted.
    const SCANNED_UP_TO: usize = 16;

    pub fn new(names: impl IntoIterator<Item = &'a str>) -> Self {
        let mut names: Vec<(&str, usize)> = names
            .into_iter()
            .enumerate()
            .map(|(place, name)| (name, place))
            .collect();
        let sorted = names.len() > Self::SCANNED_UP_TO;
        if sorted {
            names.sort_unstable();
        }
        Self { names, sorted }
    }

    /// The place of the first `name`, as `position` finds it in the list.
    pub fn position(&self, name: &str) -> Option<usize> {
        let found = if self.sorted {
            let at = self.names.partition_point(|(each, _)| *each < name);
            self.names.get(at).filter(|(each, _)| *each == name)
        } else {
            self.names.iter().find(|(each, _)| *each == name)
        };
        found.map(|(_, place)| *place)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }
}

/// The names taken so far, while more are added (each parameter's written name,
/// each name a scaffold binds): scanned while few, as in nearly every tool, and hashed
/// past that, where a scan per name made 20,000 parameters quadratic.
#[derive(Debug, Default)]
pub struct NameSet<'a> {
    few: Vec<Cow<'a, str>>,
    many: Option<HashSet<Cow<'a, str>>>,
}

impl<'a> NameSet<'a> {
    const SCANNED_UP_TO: usize = 16;

    pub fn contains(&self, name: &str) -> bool {
        match &self.many {
            Some(many) => many.contains(name),
            None => self.few.iter().any(|each| each == name),
        }
    }

    pub fn insert(&mut self, name: Cow<'a, str>) {
        if let Some(many) = &mut self.many {
            many.insert(name);
            return;
        }
        self.few.push(name);
        if self.few.len() > Self::SCANNED_UP_TO {
            self.many = Some(self.few.drain(..).collect());
        }
    }
}

/// Every text of up to `most` parts from `alphabet` (some more than once): what the
/// exhaustive tests of short texts run over, here and in the crates that use this one.
#[doc(hidden)]
pub fn every_text(alphabet: &[&str], most: usize) -> Vec<String> {
    let mut texts = vec![String::new()];
    for _ in 0..most {
        let longer: Vec<String> = texts
            .iter()
            .flat_map(|text| alphabet.iter().map(move |part| format!("{text}{part}")))
            .collect();
        texts.extend(longer);
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_set_answers_alike_scanned_and_hashed() {
        let mut set = super::NameSet::default();
        for number in 0..40 {
            let name = format!("n{number}");
            assert!(!set.contains(&name));
            set.insert(name.into());
            assert!(set.contains("n0") && set.contains(&format!("n{number}")));
            assert!(!set.contains("m"));
        }
    }

    #[test]
    fn a_name_index_finds_the_first_place_as_a_scan_does() {
        for length in [0, 3, 16, 17, 40] {
            let names: Vec<String> = (0..length).map(|i| format!("n{}", i % 7)).collect();
            let index = super::NameIndex::new(names.iter().map(String::as_str));
            for probe in ["n0", "n3", "n6", "n9", "", "n"] {
                assert_eq!(
                    index.position(probe),
                    names.iter().position(|name| name == probe),
                    "{probe} in {length}"
                );
            }
        }
    }

    #[test]
    fn decimal_writes_what_to_string_writes() {
        let powers = (0..20).map(|exponent| 10_usize.checked_pow(exponent).unwrap_or(usize::MAX));
        let around = powers.flat_map(|power| [power - 1, power, power.saturating_add(1)]);
        for number in (0..=1_000).chain(around).chain([usize::MAX]) {
            let mut digits = [0; 20];
            assert_eq!(decimal(number, &mut digits), number.to_string());
        }
    }

    #[test]
    fn the_first_wanted_byte_is_where_a_byte_search_finds_it() {
        let alphabet = ["\"", "\\", "\n", "'", "abcdefg", "é", "x", "!"];
        for text in every_text(&alphabet, 5) {
            for wanted in [[b'"', b'\\', b'\n'], [b'\'', b'\\', b'\n']] {
                assert_eq!(
                    first_of(text.as_bytes(), wanted),
                    text.bytes().position(|byte| wanted.contains(&byte)),
                    "{text:?} {wanted:?}"
                );
            }
            assert_eq!(
                first_of(text.as_bytes(), [b'\n']),
                text.bytes().position(|byte| byte == b'\n'),
                "{text:?}"
            );
        }
    }

    #[test]
    fn lines_are_those_of_str_lines() {
        // Parts of every length around a word of eight bytes, so that breaks fall at
        // every place in a word and in the tail after the last whole word.
        let alphabet = ["\n", "\r", "\r\n", "abcdefg", "é", "x", "\u{80}\u{80}"];
        for text in every_text(&alphabet, 5) {
            assert_eq!(
                lines(&text).collect::<Vec<_>>(),
                text.lines().collect::<Vec<_>>(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn numbered_lines_are_those_lines_gives() {
        let alphabet = ["\n", "\r", "\r\n", "abcdefg", "é", "x\n\n"];
        for text in every_text(&alphabet, 5) {
            let all: Vec<(usize, &str)> = lines(&text)
                .enumerate()
                .map(|(index, line)| (index + 1, line))
                .collect();
            // Every line, every other one, the last one and one past it, and a list with
            // a number twice and out of order, sorted and deduplicated as callers do.
            let past = all.len() + 1;
            let every: Vec<usize> = (1..=past).collect();
            let odd: Vec<usize> = (1..=past).step_by(2).collect();
            for numbers in [every, odd, vec![all.len(), past], vec![2, 2, 1, 3]] {
                let expected: Vec<(usize, &str)> = all
                    .iter()
                    .copied()
                    .filter(|(number, _)| numbers.contains(number))
                    .collect();
                let mut ascending = numbers.clone();
                ascending.sort_unstable();
                ascending.dedup();
                assert_eq!(
                    numbered_lines(&text, &ascending),
                    expected,
                    "{text:?} {numbers:?}"
                );
            }
        }
    }

    #[test]
    fn single_line_replaces_every_line_end_and_control() {
        for (text, expected) in [
            ("plain words, 100% ASCII ~", "plain words, 100% ASCII ~"),
            ("a\nb\rc\td", "a b c d"),
            ("del\u{7f}x", "del x"),
            ("é\u{85}雪\u{2028}x\u{2029}y", "é 雪 x y"),
            ("", ""),
        ] {
            assert_eq!(single_line(text), expected, "{text:?}");
            let mut out = String::from(">");
            push_single_line(text, &mut out);
            assert_eq!(out, format!(">{expected}"), "{text:?}");
        }
    }

    #[test]
    fn and_list_reads_as_prose() {
        assert_eq!(and_list(&[]), "");
        assert_eq!(and_list(&["required flag"]), "required flag");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn join_lines_makes_one_comment_line() {
        assert_eq!(join_lines("one line"), None);
        assert_eq!(
            join_lines("Crawl a site.\r\n\n  Returns the id.\rDone. "),
            Some("Crawl a site. Returns the id. Done.".to_owned())
        );
    }

    #[test]
    fn descriptions_reach_the_minimum() {
        assert_eq!(
            ensure_description(Some("Long enough text"), "x", 10),
            ("Long enough text".into(), false)
        );
        assert_eq!(
            ensure_description(Some("Ping"), "ping tool", 10),
            ("Ping (ping tool)".into(), true)
        );
        assert_eq!(
            ensure_description(None, "`q` parameter", 10),
            ("The `q` parameter.".into(), true)
        );
        assert_eq!(
            ensure_description(Some("  "), "a", 10),
            ("The a.....".into(), true)
        );
        assert_eq!(
            ensure_description(Some("a"), "b", 10),
            ("a (b).....".into(), true)
        );
    }

    #[test]
    fn names_become_titles() {
        assert_eq!(humanize("sql_pull_data"), "Sql Pull Data");
        assert_eq!(humanize("openai-text-to-audio"), "Openai Text To Audio");
        assert_eq!(humanize("SendDmToUser"), "Send Dm To User");
        assert_eq!(humanize("URLFetch"), "URLFetch");
        for (name, title) in [
            ("__a__b", "A B"),
            ("", ""),
            ("._.", ""),
            ("ßtraße", "SStraße"),
            ("a1B", "A1 B"),
            ("x.y Z", "X Y Z"),
            ("éclair_été", "Éclair Été"),
        ] {
            assert_eq!(humanize(name), title, "{name:?}");
        }
    }
}
