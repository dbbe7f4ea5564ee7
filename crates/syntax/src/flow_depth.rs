//! How deeply a YAML text nests flow collections (`[...]`, `{...}`), measured before
//! yaml_serde reads it.
//!
//! yaml_serde's scanner checks every open flow level at each token, so its time grows
//! with the square of the nesting, and its recursion limit only refuses the document
//! once it is all scanned (yaml/yaml-serde#1): 100,000 `[` in a 200 KB file took over
//! 30 seconds. Block nesting costs it nothing extra and is left to that limit.
//!
//! The scan errs towards counting too deep, never too shallow: a document that hides a
//! flow level from it would reach the slow scan. Inside flow collections it reads tokens
//! as the YAML scanner does (quoted and plain scalars, comments, anchors and tags). In
//! block context it takes every `[` or `{` that follows a blank as an opening, even one
//! inside a plain or block scalar, and skips only comments and quoted scalars that close
//! on their line. Such an extra opening closes again with its bracket in any real
//! manifest; refusing one needs a hundred left open.

/// Where the nesting first passed `limit`: the line, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooDeep {
    pub line: usize,
}

/// Refuses `text` where its flow collections nest deeper than `limit`, without recursion
/// and in one pass.
pub fn check(text: &str, limit: usize) -> Result<(), TooDeep> {
    let mut scan = Scan {
        bytes: text.as_bytes(),
        index: 0,
        line: 1,
        depth: 0,
    };
    while scan.index < scan.bytes.len() {
        if scan.depth == 0 {
            scan.block_step();
        } else {
            scan.flow_token();
        }
        if scan.depth > limit {
            return Err(TooDeep { line: scan.line });
        }
    }
    Ok(())
}

struct Scan<'a> {
    bytes: &'a [u8],
    index: usize,
    line: usize,
    depth: usize,
}

fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_flow_indicator(byte: u8) -> bool {
    matches!(byte, b'[' | b']' | b'{' | b'}' | b',')
}

impl Scan<'_> {
    fn at(&self, index: usize) -> Option<u8> {
        self.bytes.get(index).copied()
    }

    /// Whether the byte before the current one is a blank or the start of the text.
    fn after_blank(&self) -> bool {
        self.index == 0 || self.at(self.index - 1).is_some_and(is_blank)
    }

    /// One byte of block context, or the comment or one-line quoted scalar it starts.
    /// A flow collection starts after a blank there.
    fn block_step(&mut self) {
        let Some(byte) = self.at(self.index) else {
            return;
        };
        match byte {
            b'\n' => self.line += 1,
            b'#' if self.after_blank() => return self.skip_comment(),
            b'\'' | b'"' if self.after_blank() => {
                if let Some(end) = self.quoted_end(byte, true) {
                    self.index = end;
                    return;
                }
            }
            // yaml_serde wants a blank after an anchor or a tag too (`&a [`, not `&a[`).
            b'[' | b'{' if self.after_blank() => self.depth = 1,
            _ => {}
        }
        self.index += 1;
    }

    /// Just past the closing quote of the quoted scalar that opens here: `None` where
    /// the text ends first, or, with `one_line`, where the line does.
    fn quoted_end(&self, quote: u8, one_line: bool) -> Option<usize> {
        let mut index = self.index + 1;
        while let Some(byte) = self.at(index) {
            match byte {
                b'\n' if one_line => return None,
                b'\\' if quote == b'"' => index += 1,
                b'\'' if quote == b'\'' && self.at(index + 1) == Some(b'\'') => index += 1,
                _ if byte == quote => return Some(index + 1),
                _ => {}
            }
            index += 1;
        }
        None
    }

    /// One token inside flow collections, with the blanks and comments before it.
    fn flow_token(&mut self) {
        let Some(byte) = self.at(self.index) else {
            return;
        };
        match byte {
            b'\n' => self.line += 1,
            b' ' | b'\t' | b'\r' | b',' | b'?' | b':' => {}
            b'[' | b'{' => self.depth += 1,
            b']' | b'}' => self.depth -= 1,
            b'#' => return self.skip_comment(),
            b'\'' | b'"' => return self.skip_quoted(byte),
            b'&' | b'*' | b'!' => return self.skip_word(),
            _ => return self.skip_plain(),
        }
        self.index += 1;
    }

    fn skip_comment(&mut self) {
        while self.at(self.index).is_some_and(|byte| byte != b'\n') {
            self.index += 1;
        }
    }

    /// A quoted scalar, over as many lines as it takes; to the end if it never closes.
    fn skip_quoted(&mut self, quote: u8) {
        let end = self.quoted_end(quote, false).unwrap_or(self.bytes.len());
        let skipped = self.bytes.get(self.index..end).unwrap_or_default();
        self.line += skipped.iter().filter(|&&byte| byte == b'\n').count();
        self.index = end;
    }

    /// An anchor, alias or tag: up to a blank or a flow indicator.
    fn skip_word(&mut self) {
        while self
            .at(self.index)
            .is_some_and(|byte| !is_blank(byte) && !is_flow_indicator(byte))
        {
            self.index += 1;
        }
    }

    /// A plain scalar in flow context, which may run over lines: it ends at a flow
    /// indicator, at a `:` before a blank or an indicator, or at a comment. Quotes
    /// inside it are text.
    fn skip_plain(&mut self) {
        while let Some(byte) = self.at(self.index) {
            let next = self.at(self.index + 1);
            let ends = is_flow_indicator(byte)
                || (byte == b':' && next.is_none_or(|n| is_blank(n) || is_flow_indicator(n)))
                || (byte == b'#' && self.after_blank());
            if ends {
                return;
            }
            if byte == b'\n' {
                self.line += 1;
            }
            self.index += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check, TooDeep};

    fn depth_passes(text: &str, limit: usize) -> bool {
        check(text, limit).is_ok()
    }

    #[test]
    fn flow_nesting_is_measured_in_both_contexts() {
        assert!(depth_passes("a: [[1], {b: [2]}]\n", 3));
        assert!(!depth_passes("a: [[1], {b: [2]}]\n", 2));
        assert_eq!(
            check("a: 1\nb:\n  - [[[x]]]\n", 2),
            Err(TooDeep { line: 3 })
        );
        assert!(!depth_passes("a: &x [[[1]]]\n", 2));
    }

    #[test]
    fn quoted_scalars_and_comments_hide_their_brackets() {
        assert!(depth_passes("a: '[[[['\nb: \"{{{{\"\n# [[[[\n", 0));
        assert!(depth_passes("a: [ \"]]\", '[[', 'it''s [' ] # [[[\n", 1));
        assert!(depth_passes("a: [x, \"multi [[\n  line [[\"]\n", 1));
    }

    #[test]
    fn brackets_in_block_plain_scalars_count_but_close() {
        assert!(depth_passes("description: see [docs] and {this}\n", 1));
        assert!(depth_passes("description: don't [stop]\n", 1));
        assert!(depth_passes("pattern: ^[a-z]+$\n", 1));
    }

    #[test]
    fn quotes_inside_a_flow_plain_scalar_are_text() {
        // The YAML scanner reads `x '` as one plain scalar, then goes three levels down.
        let text = "a: [x ', [\"]\", [\"]\", [1]]]]\n";
        assert!(depth_passes(text, 4));
        assert!(!depth_passes(text, 3));
    }

    #[test]
    fn a_comment_in_flow_context_hides_its_brackets() {
        assert!(!depth_passes("a: [ # ]]]\n [ # ]\n [1]]]\n", 2));
    }

    #[test]
    fn deep_nesting_is_refused_in_one_pass() {
        let deep = format!("a: {}{}\n", "[".repeat(200_000), "]".repeat(200_000));
        assert_eq!(check(&deep, 100), Err(TooDeep { line: 1 }));
    }
}
