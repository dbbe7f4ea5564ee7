//! Reading TaskWeaver's Python `examples` into calls with literal arguments, so a
//! dialect whose examples are data (AnythingLLM's `{prompt, call}`) can carry them.
//!
//! Only what is certain is read: a statement that calls the plugin with literal
//! arguments (strings, numbers, `True`/`False`/`None`, lists, tuples, dicts), positional
//! ones bound in the YAML's parameter order. The comment lines right above a call are
//! its prompt. Anything else (a variable, an expression, `*args`) makes that call
//! unreadable, and says why.

use serde_json::{Map, Number, Value};
use std::borrow::Cow;
use toolshift_model::CodeCall;
use toolshift_syntax::syntax::MAX_DEPTH;

/// Every statement of `code` that calls `function`, in order.
pub fn parse(code: &str, function: &str, parameters: &[&str]) -> Vec<CodeCall> {
    let mut calls = Vec::new();
    // Borrowed from `code`: a statement is nearly always one line, read where it lies,
    // and only one spread over lines is gathered into a text of its own.
    let mut prompt: Vec<&str> = Vec::new();
    let mut gathered = String::new();
    let mut balance = Balance::default();
    for line in code.lines() {
        let trimmed = line.trim();
        if gathered.is_empty() {
            if let Some(comment) = trimmed.strip_prefix('#') {
                let comment = comment.trim();
                if !comment.is_empty() {
                    prompt.push(comment);
                }
                continue;
            }
            if trimmed.is_empty() {
                prompt.clear();
                continue;
            }
        }
        let text = if gathered.is_empty() {
            balance = Balance::of(line);
            if !balance.is_complete() {
                gathered.push_str(line);
                continue;
            }
            Cow::Borrowed(line)
        } else {
            gathered.push('\n');
            gathered.push_str(line);
            balance.feed("\n");
            balance.feed(line);
            if !balance.is_complete() {
                continue;
            }
            Cow::Owned(std::mem::take(&mut gathered))
        };
        if let Some(arguments) = call_arguments(&text, function) {
            calls.push(CodeCall {
                prompt: (!prompt.is_empty()).then(|| prompt.join(" ")),
                statement: text.trim().to_owned(),
                arguments: arguments.and_then(|args| bind(args, parameters)),
            });
        }
        prompt.clear();
    }
    if !gathered.trim().is_empty() {
        if let Some(arguments) = call_arguments(&gathered, function) {
            calls.push(CodeCall {
                prompt: (!prompt.is_empty()).then(|| prompt.join(" ")),
                statement: gathered.trim().to_owned(),
                arguments: arguments.and_then(|_| Err("the call is not closed".to_owned())),
            });
        }
    }
    calls
}

/// Whether every bracket opened so far (outside strings and comments) is closed, fed a
/// statement's text line by line: each line is read once, however many lines the
/// statement gathers. (Reading the whole statement again at each line made an unclosed
/// call of 80,000 lines take 19 seconds.)
#[derive(Debug, Default)]
struct Balance {
    depth: i32,
    /// The quote of the string the text is inside, and whether a backslash came last.
    string: Option<(char, bool)>,
    in_comment: bool,
}

impl Balance {
    fn of(text: &str) -> Self {
        let mut balance = Balance::default();
        balance.feed(text);
        balance
    }

    fn feed(&mut self, text: &str) {
        for c in text.chars() {
            self.step(c);
        }
    }

    fn step(&mut self, c: char) {
        if self.in_comment {
            self.in_comment = c != '\n';
            return;
        }
        if let Some((quote, escaped)) = self.string {
            self.string = match c {
                _ if escaped => Some((quote, false)),
                '\\' => Some((quote, true)),
                _ if c == quote => None,
                _ => Some((quote, false)),
            };
            return;
        }
        match c {
            '#' => self.in_comment = true,
            '"' | '\'' => self.string = Some((c, false)),
            '(' | '[' | '{' => self.depth += 1,
            ')' | ']' | '}' => self.depth -= 1,
            _ => {}
        }
    }

    fn is_complete(&self) -> bool {
        self.depth <= 0
    }
}

struct Arguments {
    positional: Vec<Value>,
    keywords: Vec<(String, Value)>,
}

/// The arguments of the first call of `function` in the statement; `None` when the
/// statement does not call it.
fn call_arguments(statement: &str, function: &str) -> Option<Result<Arguments, String>> {
    // Sized at once: a collected `Vec<char>` would grow from four, once per doubling.
    let mut chars = Vec::with_capacity(statement.len());
    chars.extend(statement.chars());
    let mut name = Vec::with_capacity(function.len());
    name.extend(function.chars());
    let mut index = 0;
    while index + name.len() <= chars.len() {
        // The first character alone rules out nearly every place, without comparing slices.
        let matches = name
            .first()
            .is_none_or(|first| chars.get(index) == Some(first))
            && chars.get(index..index + name.len()) == Some(&name[..]);
        let before_ok = || {
            index == 0
                || chars
                    .get(index - 1)
                    .is_some_and(|c| !(c.is_alphanumeric() || *c == '_' || *c == '.'))
        };
        if matches && before_ok() {
            let mut cursor = Cursor {
                chars: &chars,
                at: index + name.len(),
                depth: 0,
            };
            cursor.skip_space();
            if cursor.eat('(') {
                return Some(cursor.arguments());
            }
        }
        index += 1;
    }
    None
}

/// Positional arguments take the YAML's parameter names, in order.
fn bind(arguments: Arguments, parameters: &[&str]) -> Result<Value, String> {
    if arguments.positional.len() > parameters.len() {
        return Err(format!(
            "{} positional arguments for {} parameters",
            arguments.positional.len(),
            parameters.len()
        ));
    }
    let mut bound = Map::new();
    for (value, name) in arguments.positional.into_iter().zip(parameters) {
        bound.insert((*name).to_owned(), value);
    }
    for (name, value) in arguments.keywords {
        match bound.entry(name) {
            serde_json::map::Entry::Occupied(given) => {
                return Err(format!("`{}` is given twice", given.key()))
            }
            serde_json::map::Entry::Vacant(place) => {
                place.insert(value);
            }
        }
    }
    Ok(Value::Object(bound))
}

struct Cursor<'a> {
    chars: &'a [char],
    at: usize,
    /// How many lists, tuples and dicts the current literal is inside.
    depth: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn eat(&mut self, expected: char) -> bool {
        if self.peek() == Some(expected) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.at += 1;
            } else if c == '#' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    fn identifier(&mut self) -> Option<String> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
            self.at += 1;
        }
        let word: String = self.chars.get(start..self.at)?.iter().collect();
        let first = word.chars().next()?;
        if first.is_alphabetic() || first == '_' {
            Some(word)
        } else {
            self.at = start;
            None
        }
    }

    /// After the call's `(`, up to and including its `)`.
    fn arguments(&mut self) -> Result<Arguments, String> {
        let mut arguments = Arguments {
            positional: Vec::new(),
            keywords: Vec::new(),
        };
        loop {
            self.skip_space();
            if self.eat(')') {
                return Ok(arguments);
            }
            if self.peek() == Some('*') {
                return Err("`*` and `**` arguments are not literal".to_owned());
            }
            let start = self.at;
            let keyword = self.identifier().and_then(|name| {
                self.skip_space();
                let is_keyword =
                    self.peek() == Some('=') && self.chars.get(self.at + 1).copied() != Some('=');
                if is_keyword {
                    self.at += 1;
                    Some(name)
                } else {
                    self.at = start;
                    None
                }
            });
            self.skip_space();
            let value = self.literal()?;
            match keyword {
                Some(name) => arguments.keywords.push((name, value)),
                None if !arguments.keywords.is_empty() => {
                    return Err("a positional argument follows a keyword one".to_owned())
                }
                None => arguments.positional.push(value),
            }
            self.skip_space();
            if self.eat(',') {
                continue;
            }
            if self.eat(')') {
                return Ok(arguments);
            }
            return Err(self.unexpected());
        }
    }

    fn unexpected(&self) -> String {
        let rest: String = self.chars.iter().skip(self.at).take(20).collect();
        if rest.is_empty() {
            "the call is not closed".to_owned()
        } else {
            format!("`{}` is not a literal", rest.trim())
        }
    }

    /// A literal, read by recursion: one nested deeper than a manifest's documents may
    /// be is refused before it can overflow the stack.
    fn literal(&mut self) -> Result<Value, String> {
        if self.depth >= MAX_DEPTH {
            return Err(format!("a literal nested deeper than {MAX_DEPTH} levels"));
        }
        self.depth += 1;
        let value = self.literal_here();
        self.depth -= 1;
        value
    }

    fn literal_here(&mut self) -> Result<Value, String> {
        self.skip_space();
        let value = match self.peek() {
            Some('"' | '\'') => Value::String(self.string(false)?),
            Some('r' | 'R') if matches!(self.chars.get(self.at + 1).copied(), Some('"' | '\'')) => {
                self.at += 1;
                Value::String(self.string(true)?)
            }
            Some('[') => {
                self.at += 1;
                Value::Array(self.sequence(']')?)
            }
            Some('(') => {
                self.at += 1;
                Value::Array(self.sequence(')')?)
            }
            Some('{') => {
                self.at += 1;
                self.mapping()?
            }
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' || c == '.' => self.number()?,
            Some(_) => {
                let start = self.at;
                match self.identifier().as_deref() {
                    Some("True") => Value::Bool(true),
                    Some("False") => Value::Bool(false),
                    Some("None") => Value::Null,
                    _ => {
                        self.at = start;
                        return Err(self.unexpected());
                    }
                }
            }
            None => return Err("the call is not closed".to_owned()),
        };
        // `"a" + b`, `x.y`, `f(1)`: not a literal after all.
        self.skip_space();
        match self.peek() {
            Some(',' | ')' | ']' | '}' | ':') | None => Ok(value),
            Some(_) => Err(self.unexpected()),
        }
    }

    fn sequence(&mut self, close: char) -> Result<Vec<Value>, String> {
        let mut items = Vec::new();
        loop {
            self.skip_space();
            if self.eat(close) {
                return Ok(items);
            }
            items.push(self.literal()?);
            self.skip_space();
            if !self.eat(',') {
                self.skip_space();
                return if self.eat(close) {
                    Ok(items)
                } else {
                    Err(self.unexpected())
                };
            }
        }
    }

    fn mapping(&mut self) -> Result<Value, String> {
        let mut map = Map::new();
        loop {
            self.skip_space();
            if self.eat('}') {
                return Ok(Value::Object(map));
            }
            let Value::String(key) = self.literal()? else {
                return Err("a dict key that is not a string".to_owned());
            };
            self.skip_space();
            if !self.eat(':') {
                return Err(self.unexpected());
            }
            let value = self.literal()?;
            map.insert(key, value);
            self.skip_space();
            if !self.eat(',') {
                self.skip_space();
                return if self.eat('}') {
                    Ok(Value::Object(map))
                } else {
                    Err(self.unexpected())
                };
            }
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        if matches!(self.peek(), Some('-' | '+')) {
            self.at += 1;
        }
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '-'))
        {
            // A sign belongs to the number only right after an exponent.
            if matches!(self.peek(), Some('+' | '-'))
                && !matches!(self.chars.get(self.at - 1), Some('e' | 'E'))
            {
                break;
            }
            self.at += 1;
        }
        let text: String = self
            .chars
            .get(start..self.at)
            .unwrap_or_default()
            .iter()
            .filter(|c| **c != '_')
            .collect();
        if let Ok(integer) = text.parse::<i64>() {
            return Ok(Value::Number(integer.into()));
        }
        text.parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .and_then(Number::from_f64)
            .map(Value::Number)
            .ok_or_else(|| format!("`{text}` is not a number JSON can hold"))
    }

    /// A quoted string after its prefix; triple quotes too.
    fn string(&mut self, raw: bool) -> Result<String, String> {
        let quote = self.peek().ok_or("the call is not closed")?;
        let triple = self.chars.get(self.at..self.at + 3) == Some(&[quote, quote, quote][..]);
        self.at += if triple { 3 } else { 1 };
        let mut text = String::new();
        loop {
            let c = self.peek().ok_or("a string is not closed")?;
            if c == quote {
                if !triple {
                    self.at += 1;
                    return Ok(text);
                }
                if self.chars.get(self.at..self.at + 3) == Some(&[quote, quote, quote][..]) {
                    self.at += 3;
                    return Ok(text);
                }
            }
            if c == '\n' && !triple {
                return Err("a string is not closed".to_owned());
            }
            self.at += 1;
            if c != '\\' || raw {
                text.push(c);
                continue;
            }
            let escaped = self.peek().ok_or("a string is not closed")?;
            self.at += 1;
            match escaped {
                'n' => text.push('\n'),
                't' => text.push('\t'),
                'r' => text.push('\r'),
                '0' => text.push('\0'),
                '\n' => {}
                'x' | 'u' | 'U' => {
                    let width = match escaped {
                        'x' => 2,
                        'u' => 4,
                        _ => 8,
                    };
                    let digits: String = self
                        .chars
                        .get(self.at..self.at + width)
                        .ok_or("a string escape is cut short")?
                        .iter()
                        .collect();
                    self.at += width;
                    let code = u32::from_str_radix(&digits, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .ok_or_else(|| format!("`\\{escaped}{digits}` is not a character"))?;
                    text.push(code);
                }
                other @ ('\\' | '\'' | '"') => text.push(other),
                other => {
                    text.push('\\');
                    text.push(other);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn literal_calls_become_arguments_and_comments_their_prompt() {
        let code = "# Invoices of ACME\ndf, summary = invoice_lookup(\"ACME\", 30)\n\n\
                    df, summary = invoice_lookup(customer='Globex', days=7,\n    include_paid=True, tags=[1, 2.5, None], meta={'a': (1, 'x')})";
        let calls = parse(
            code,
            "invoice_lookup",
            &["customer", "days", "include_paid"],
        );
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].prompt.as_deref(), Some("Invoices of ACME"));
        assert_eq!(
            calls[0].arguments,
            Ok(json!({"customer": "ACME", "days": 30}))
        );
        assert_eq!(calls[1].prompt, None);
        assert_eq!(
            calls[1].arguments,
            Ok(
                json!({"customer": "Globex", "days": 7, "include_paid": true, "tags": [1, 2.5, null], "meta": {"a": [1, "x"]}})
            )
        );
    }

    #[test]
    fn what_is_not_a_literal_is_named() {
        let code = "result = f(df, 'x')\nresult = f(query=q)\nresult = f(*args)\nprint(result)\nresult = f('a' + 'b')\nresult = f(1, 2, 3)";
        let calls = parse(code, "f", &["a", "b"]);
        assert_eq!(calls.len(), 5, "{calls:?}");
        for call in &calls {
            assert!(call.arguments.is_err(), "{call:?}");
        }
        assert_eq!(
            calls[0].arguments,
            Err("`df, 'x')` is not a literal".to_owned())
        );
        assert_eq!(
            calls[4].arguments,
            Err("3 positional arguments for 2 parameters".to_owned())
        );
    }

    #[test]
    fn brackets_balance_alike_fed_whole_or_by_lines() {
        let texts = [
            "f(1,\n  2)",
            "f('a(',  # b)\n  \"c\\\")\", [\n  1])",
            "f(\"\"\"x\n)\"\"\",\n",
            "f(# ' unclosed\n  'y')",
        ];
        for text in texts {
            let mut by_lines = Balance::default();
            for (index, line) in text.split('\n').enumerate() {
                if index > 0 {
                    by_lines.feed("\n");
                }
                by_lines.feed(line);
            }
            let whole = Balance::of(text);
            assert_eq!(by_lines.is_complete(), whole.is_complete(), "{text:?}");
            assert_eq!(by_lines.depth, whole.depth, "{text:?}");
        }
        assert!(Balance::of("f('a(',  # b)\n  \"c\\\")\", [\n  1])").is_complete());
        assert!(!Balance::of("f(# ' unclosed\n  'y'").is_complete());
    }

    #[test]
    fn a_literal_too_deep_to_read_is_named_not_a_crash() {
        for (open, close) in [('[', ']'), ('(', ')'), ('{', '}')] {
            let deep = format!(
                "f({}{})",
                open.to_string().repeat(50_000),
                close.to_string().repeat(50_000)
            );
            let calls = parse(&deep, "f", &["a"]);
            assert_eq!(
                calls[0].arguments,
                Err(format!("a literal nested deeper than {MAX_DEPTH} levels"))
            );
        }
        let fits = format!(
            "f({}{})",
            "[".repeat(MAX_DEPTH - 1),
            "]".repeat(MAX_DEPTH - 1)
        );
        assert!(parse(&fits, "f", &["a"])[0].arguments.is_ok());
    }

    #[test]
    fn strings_read_as_python_reads_them() {
        let code = r#"f("a\"b\n\x41", r'c\d', '''multi
line''', -1.5e3)"#;
        let calls = parse(code, "f", &["a", "b", "c", "d"]);
        assert_eq!(
            calls[0].arguments,
            Ok(json!({"a": "a\"b\nA", "b": "c\\d", "c": "multi\nline", "d": -1500.0}))
        );
    }

    #[test]
    fn an_argument_given_twice_is_named() {
        let calls = parse("f(1, a=2)\nf(a=1, a=2)", "f", &["a"]);
        let expected = Err("`a` is given twice".to_owned());
        assert_eq!(calls[0].arguments, expected);
        assert_eq!(calls[1].arguments, expected);
    }

    #[test]
    fn only_calls_of_the_plugin_count() {
        let calls = parse("other_f(1)\nx.f(2)\nf_(3)\nf (4)", "f", &["a"]);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].arguments, Ok(json!({"a": 4})));
    }

    #[test]
    fn a_call_is_found_where_the_name_overlaps_itself_or_follows_other_text() {
        // The second `a-a` starts inside the first, after a `-`, and is the call.
        let calls = parse("x = a-a-a(1)", "a-a", &["n"]);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].arguments, Ok(json!({"n": 1})));
        let calls = parse("é = (fé(2))", "fé", &["n"]);
        assert_eq!(calls[0].arguments, Ok(json!({"n": 2})));
        assert!(parse("print(1)", "f", &["n"]).is_empty());
    }
}
