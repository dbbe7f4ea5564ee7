//! Places the parsers name, moved onto the lines toolshift numbers.
//!
//! toolshift numbers lines by `\n`, as `str::lines`, the report's snippets and SARIF
//! readers do. The YAML readers also end a line at a lone `\r`, json5 at `\r`, LS and
//! PS, and yaml_serde's libyaml-rs, a YAML 1.1 reader, at `\r`, NEL, LS and PS: in a
//! text holding one of those, the line and column a parser names is another line of
//! ours, or past the end of one. A `\r\n` ends one line for all of them alike.

/// Which parser named a place: each ends lines at its own characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// yaml_serde, through libyaml-rs (YAML 1.1): `\n`, `\r`, NEL, LS and PS.
    Libyaml,
    /// saphyr-parser (YAML 1.2): `\n` and `\r`.
    Saphyr,
    /// json5 (ECMAScript's line terminators): `\n`, `\r`, LS and PS.
    Json5,
}

impl Reader {
    fn ends_line(self, c: char) -> bool {
        match self {
            Reader::Libyaml => matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'),
            Reader::Saphyr => matches!(c, '\n' | '\r'),
            Reader::Json5 => matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}'),
        }
    }
}

/// How to move the places a reader names in one text onto toolshift's lines.
pub struct Renumbering(Option<LineStarts>);

/// Where the lines start, in characters from the start of the text, as a reader counts
/// them and as toolshift does.
struct LineStarts {
    reader_starts: Vec<usize>,
    own_starts: Vec<usize>,
}

impl Renumbering {
    pub fn of(text: &str, reader: Reader) -> Renumbering {
        Renumbering(LineStarts::of(text, reader))
    }

    /// The line and column, from 1, that the reader's `line` and `column` (from 1) are
    /// in toolshift's count.
    pub fn place(&self, line: usize, column: usize) -> (usize, usize) {
        match &self.0 {
            Some(starts) => starts.place(line, column),
            None => (line, column),
        }
    }
}

impl LineStarts {
    /// `None` where the reader ends lines only where toolshift does, which nearly every
    /// text is: its places need no moving.
    fn of(text: &str, reader: Reader) -> Option<LineStarts> {
        let bytes = text.as_bytes();
        let lone_return = bytes
            .iter()
            .enumerate()
            .any(|(at, &byte)| byte == b'\r' && bytes.get(at + 1) != Some(&b'\n'));
        let unicode_break = match reader {
            Reader::Libyaml => text.contains(['\u{85}', '\u{2028}', '\u{2029}']),
            Reader::Json5 => text.contains(['\u{2028}', '\u{2029}']),
            Reader::Saphyr => false,
        };
        if !lone_return && !unicode_break {
            return None;
        }
        let (mut reader_starts, mut own_starts) = (vec![0], vec![0]);
        let mut chars = text.chars().enumerate().peekable();
        while let Some((at, c)) = chars.next() {
            if c == '\n' {
                own_starts.push(at + 1);
            }
            if c == '\r' && chars.peek().is_some_and(|(_, next)| *next == '\n') {
                continue;
            }
            if reader.ends_line(c) {
                reader_starts.push(at + 1);
            }
        }
        Some(LineStarts {
            reader_starts,
            own_starts,
        })
    }

    /// A line past the reader's last stays as far past ours.
    fn place(&self, line: usize, column: usize) -> (usize, usize) {
        let Some(start) = line.checked_sub(1).and_then(|i| self.reader_starts.get(i)) else {
            let past = line.saturating_sub(self.reader_starts.len());
            return (self.own_starts.len() + past, column);
        };
        let at = start + column.saturating_sub(1);
        let own_line = self.own_starts.partition_point(|&own| own <= at);
        let own_start = self
            .own_starts
            .get(own_line.saturating_sub(1))
            .copied()
            .unwrap_or(0);
        (own_line, at - own_start + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_lone_returns_and_unicode_breaks_move_places() {
        assert!(LineStarts::of("a: 1\nb: 2\r\n", Reader::Libyaml).is_none());
        assert!(LineStarts::of("a: \u{2028}", Reader::Saphyr).is_none());
        assert!(LineStarts::of("a: \u{2028}", Reader::Libyaml).is_some());
        assert!(LineStarts::of("a: 1\rb: 2", Reader::Saphyr).is_some());
    }

    #[test]
    fn a_place_after_a_lone_return_is_on_the_same_line_of_ours() {
        // Lines of the reader: "a: 1", "b: 2", "c: [". Ours: "a: 1\rb: 2", "c: [".
        let renumbering = Renumbering::of("a: 1\rb: 2\nc: [", Reader::Saphyr);
        assert_eq!(renumbering.place(1, 1), (1, 1));
        assert_eq!(renumbering.place(2, 4), (1, 9));
        assert_eq!(renumbering.place(3, 5), (2, 5));
        assert_eq!(renumbering.place(5, 1), (4, 1));
    }

    #[test]
    fn json5_ends_lines_at_ls_and_ps_but_not_nel() {
        let text = "{a: 1,\u{85}b: 2,\u{2029}c: }";
        assert!(LineStarts::of("{a: \u{85}}", Reader::Json5).is_none());
        assert_eq!(Renumbering::of(text, Reader::Json5).place(2, 4), (1, 17));
    }

    #[test]
    fn libyaml_also_ends_lines_at_nel_ls_and_ps() {
        let text = "a: x\u{85}b: y\u{2028}c: z\r\nd: [";
        let renumbering = Renumbering::of(text, Reader::Libyaml);
        assert_eq!(renumbering.place(3, 1), (1, 11));
        assert_eq!(renumbering.place(4, 2), (2, 2));
    }
}
