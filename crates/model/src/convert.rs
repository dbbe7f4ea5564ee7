//! Read with one dialect, write with another, and locate every loss in both documents.

use crate::dialect::OutputFile;
use crate::dialect::{Dialect, DialectError, Source, WriteOptions};
use crate::field::Field;
use crate::loss::{Entry, Loss, LossCode};
use crate::message;
use crate::tool::Tool;
use serde_json::Value;
use toolshift_syntax::text::NameIndex;

#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    pub tool: Tool,
    pub files: Vec<OutputFile>,
    /// Reader entries first, then writer entries, each in the order they arose.
    pub entries: Vec<Entry>,
}

impl Conversion {
    pub fn manifest(&self) -> Option<&Value> {
        crate::dialect::manifest_of(&self.files)
    }
}

/// How much of each entry a conversion makes. A run that shows no report needs only
/// codes and severities (its exit code, `--deny`, the summary), and locating an entry
/// and formatting its message are most of its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Located in the input and the output, with its message.
    Full,
    /// Every entry's `source`, `target`, `place` and `message` are left empty.
    CodesOnly,
}

pub fn convert(
    from: &dyn Dialect,
    to: &dyn Dialect,
    source: &Source<'_>,
    options: &WriteOptions,
    detail: Detail,
) -> Result<Conversion, DialectError> {
    let _messages = crate::loss::MessagesWanted::set(detail == Detail::Full);
    let mut imported = read_for_writing(from, source, options)?;
    let mut written = to
        .write(&imported.tool, options)
        .map_err(|error| placed_in_input(error, from, &imported.tool, source.document))?;
    // Most readers lose nothing: the writer's list is then taken whole, not copied.
    let mut losses = std::mem::take(&mut imported.losses);
    crate::append_moving(&mut losses, std::mem::take(&mut written.losses));
    let empty = Value::Null;
    let output = written.manifest().unwrap_or(&empty);
    let locator = Locator {
        from,
        to,
        input: source.document,
        output,
        tool: &imported.tool,
    };
    let entries = match detail {
        Detail::Full => losses.into_iter().map(|loss| locator.entry(loss)).collect(),
        Detail::CodesOnly => losses.into_iter().map(unlocated).collect(),
    };
    Ok(Conversion {
        tool: imported.tool,
        files: written.files,
        entries,
    })
}

/// A writer's refusal, with the place in the input the user must change.
fn placed_in_input(
    error: DialectError,
    from: &dyn Dialect,
    tool: &Tool,
    input: &Value,
) -> DialectError {
    match error {
        DialectError::UnsafeName { name, reason } => DialectError::Invalid {
            pointer: toolshift_syntax::pointer::display(from.locate(Field::Name, tool, input).unwrap_or_default()),
            message: format!("the name {name:?} would place a file outside the output folder ({reason}); nothing was written"),
        },
        DialectError::Inexpressible { dialect, pointer, field, reason, .. } => DialectError::Inexpressible {
            dialect,
            pointer,
            field,
            input: nearest_existing(input, &field_pointer(from, field, tool, input)),
            reason,
        },
        other => other,
    }
}

/// The field's pointer in a dialect's layout, or its nearest enclosing field's.
fn field_pointer(dialect: &dyn Dialect, field: Field, tool: &Tool, document: &Value) -> String {
    let mut current = Some(field);
    while let Some(candidate) = current {
        if let Some(pointer) = dialect.locate(candidate, tool, document) {
            return pointer;
        }
        current = candidate.parent();
    }
    String::new()
}

/// The tool as `write` sees it: read, marked with its origin, and renamed with its
/// toolkit in front when the batch asks for that.
fn read_for_writing(
    from: &dyn Dialect,
    source: &Source<'_>,
    options: &WriteOptions,
) -> Result<crate::dialect::Imported, DialectError> {
    let mut imported = from.read(source)?;
    refuse_shared_parameter_names(from, &imported.tool, source.document)?;
    imported.tool.origin = Some(from.id().to_owned());
    if options.qualify_by_toolkit {
        if let Some(toolkit) = &imported.tool.toolkit {
            let qualified = format!("{}_{}", toolkit.name, imported.tool.name);
            imported.losses.push(Loss::new(
                crate::loss::LossCode::NameQualified,
                Field::Name,
                message!(
                    "another tool of this batch is also named `{}`, so this one was written as `{qualified}`, with its toolkit `{}` in front.",
                    imported.tool.name, toolkit.name
                ),
            ));
            imported.tool.name = qualified;
        }
    }
    Ok(imported)
}

/// Parameters of one name (a dialect that lists its parameters can spell that) cannot
/// both be passed in a call, and a writer keyed by name would keep one and lose the
/// other unseen: refused at the second, naming the first.
fn refuse_shared_parameter_names(
    from: &dyn Dialect,
    tool: &Tool,
    document: &Value,
) -> Result<(), DialectError> {
    match shared_parameter_name(from, tool, document) {
        Some((pointer, message)) => Err(DialectError::invalid(pointer, message)),
        None => Ok(()),
    }
}

/// The place of the first parameter that repeats an earlier one's name, and why.
fn shared_parameter_name(
    from: &dyn Dialect,
    tool: &Tool,
    document: &Value,
) -> Option<(String, String)> {
    let names = NameIndex::new(tool.parameters.iter().map(|p| p.name.as_str()));
    let (index, first, name) =
        tool.parameters
            .iter()
            .enumerate()
            .find_map(|(index, parameter)| {
                let first = names
                    .position(&parameter.name)
                    .filter(|&first| first != index)?;
                Some((index, first, &parameter.name))
            })?;
    let place = |at: usize| {
        from.locate(Field::Parameter(at), tool, document)
            .unwrap_or_default()
    };
    let message = format!(
        "a second parameter named `{name}` (the first is at {}): a call passes one value a name, so one of them would be lost; rename one",
        toolshift_syntax::pointer::display(place(first))
    );
    Some((place(index), message))
}

/// What `convert` would refuse in each tool of a document it can read, as `validate`
/// reports it: the pointer (into the whole document) and the problem. A tool it cannot
/// read is left to the schema's violations.
pub fn refusals(from: &dyn Dialect, source: &Source<'_>) -> Vec<(String, String)> {
    tool_sources(from, source)
        .filter_map(|(root, one)| {
            let tool = from.read(&one).ok()?.tool;
            let (pointer, message) = shared_parameter_name(from, &tool, one.document)?;
            Some((format!("{root}{pointer}"), message))
        })
        .collect()
}

/// Each tool of a document with its pointer, as a source of its own: the document
/// itself where it is one tool. A pointer that leads nowhere is skipped.
fn tool_sources<'a>(
    from: &dyn Dialect,
    source: &Source<'a>,
) -> impl Iterator<Item = (String, Source<'a>)> {
    let source = *source;
    crate::dialect::tool_documents(from, source.document)
        .into_iter()
        .map(move |(root, document)| (root, Source { document, ..source }))
}

/// The manifest path of each tool of a document, as `convert_all` would write them, read
/// but not written: a large batch plans its output paths with these.
pub fn manifest_names(
    from: &dyn Dialect,
    to: &dyn Dialect,
    source: &Source<'_>,
    options: &WriteOptions,
) -> Result<Vec<String>, DialectError> {
    // A pointer that leads nowhere fails the conversion itself; planning only skips it.
    tool_sources(from, source)
        .map(|(_, one)| {
            let imported = read_for_writing(from, &one, options)?;
            to.manifest_name(&imported.tool, options)
        })
        .collect()
}

/// Every tool of a document: one conversion for a document that is one tool, one per
/// tool, in order, for a list document (`Dialect::tools_in`). Entries then point into
/// the shared document (`/tools/3/inputSchema/...`), and an error names its tool.
pub fn convert_all(
    from: &dyn Dialect,
    to: &dyn Dialect,
    source: &Source<'_>,
    options: &WriteOptions,
    detail: Detail,
) -> Result<Vec<Conversion>, DialectError> {
    let Some(tools) = from.tools_in(source.document) else {
        return convert(from, to, source, options, detail).map(|one| vec![one]);
    };
    if tools.is_empty() {
        return Err(DialectError::invalid("", "the list holds no tools"));
    }
    tools
        .iter()
        .map(|pointer| {
            let document = toolshift_syntax::pointer::lookup(source.document, pointer)
                .ok_or_else(|| DialectError::invalid(pointer.clone(), "no tool here"))?;
            let one = Source {
                document,
                ..*source
            };
            let mut conversion =
                convert(from, to, &one, options, detail).map_err(|error| match error {
                    DialectError::Invalid {
                        pointer: inner,
                        message,
                    } => DialectError::Invalid {
                        pointer: format!("{pointer}{}", inner.trim_end_matches('/')),
                        message,
                    },
                    DialectError::Inexpressible {
                        dialect,
                        pointer: inner,
                        field,
                        input,
                        reason,
                    } => DialectError::Inexpressible {
                        dialect,
                        pointer: inner,
                        field,
                        input: format!("{pointer}{input}"),
                        reason: format!("the tool at {pointer}: {reason}"),
                    },
                    other => other,
                })?;
            if detail == Detail::Full {
                // `concat`, not `format!`: a tool has several entries, and formatting
                // these pointers took 4 % of converting a list's instructions.
                for entry in &mut conversion.entries {
                    entry.source = [pointer.as_str(), &entry.source].concat();
                    entry.place = [pointer.as_str(), &entry.place].concat();
                }
            }
            Ok(conversion)
        })
        .collect()
}

struct Locator<'a> {
    from: &'a dyn Dialect,
    to: &'a dyn Dialect,
    input: &'a Value,
    output: &'a Value,
    tool: &'a Tool,
}

impl Locator<'_> {
    fn entry(&self, loss: Loss) -> Entry {
        let source = self.pointer_in(self.from, self.input, loss.field);
        let mut target = self.pointer_in(self.to, self.output, loss.field);
        if matches!(loss.field, Field::Extra(_)) || loss.code == LossCode::NameSanitized {
            // An extra's pointer is in its source layout, which the target may spell
            // differently (`input` versus `inputs`), and a key renamed for the target
            // is located by its old name: name the object it would sit in.
            target = nearest_existing(self.output, &target);
        }
        Entry {
            code: loss.code,
            severity: loss.code.severity(),
            source: nearest_existing(self.input, &source),
            target,
            message: loss.message,
            line: None,
            column: None,
            place: source,
        }
    }

    /// The field's pointer in a dialect's layout, or its nearest enclosing field's.
    fn pointer_in(&self, dialect: &dyn Dialect, document: &Value, field: Field) -> String {
        if let Field::Extra(index) = field {
            return match self.tool.extras.get(index) {
                Some(extra) if extra.dialect == dialect.id() => extra.pointer.clone(),
                _ => String::new(),
            };
        }
        field_pointer(dialect, field, self.tool, document)
    }
}

fn unlocated(loss: Loss) -> Entry {
    Entry {
        code: loss.code,
        severity: loss.code.severity(),
        source: String::new(),
        target: String::new(),
        message: loss.message,
        line: None,
        column: None,
        place: String::new(),
    }
}

/// Trims a pointer to the longest prefix that exists, so a source pointer
/// always names something the user can find in the input.
fn nearest_existing(document: &Value, pointer: &str) -> String {
    let mut candidate = pointer;
    loop {
        if toolshift_syntax::pointer::lookup(document, candidate).is_some() {
            return candidate.to_owned();
        }
        match candidate.rfind('/') {
            Some(cut) => candidate = &candidate[..cut],
            None => return String::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::nearest_existing;
    use serde_json::json;

    #[test]
    fn nearest_existing_walks_up_to_a_real_node() {
        let doc = json!({"a": {"b": [1]}});
        assert_eq!(nearest_existing(&doc, "/a/b/0"), "/a/b/0");
        assert_eq!(nearest_existing(&doc, "/a/b/3/x"), "/a/b");
        assert_eq!(nearest_existing(&doc, "/zz"), "");
    }
}
