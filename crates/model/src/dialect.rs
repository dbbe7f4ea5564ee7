//! The contract every dialect crate implements, and nothing else does.

use crate::field::Field;
use crate::loss::Loss;
use crate::request::{RequestLimits, RequestPlaces};
use crate::strict::StrictRules;
use crate::tool::Tool;
use serde_json::Value;
use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use toolshift_syntax::pointer::{lookup, lookup_mut, member};

/// A parsed input document and where it came from.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    /// The input as the user named it, for messages.
    pub display: &'a str,
    /// The folder holding the manifest, for dialects with companion files; `None` for stdin.
    pub dir: Option<&'a Path>,
    /// The names in `dir`, sorted by their bytes, when a walk has just listed it: a
    /// companion file not among them is not there, and is not probed for (a TaskWeaver
    /// folder's plugins mostly have no `.py`). `None`: probe.
    pub listed: Option<&'a [Box<OsStr>]>,
    pub document: &'a Value,
    /// How the files beside the manifest are opened: the model does no file access.
    pub files: &'a dyn InputFiles,
}

impl<'a> Source<'a> {
    /// `document`, read from `dir` where it has one; a companion file is opened through
    /// `files` once probed for (no walk listed the folder).
    pub fn new(
        display: &'a str,
        dir: Option<&'a Path>,
        document: &'a Value,
        files: &'a dyn InputFiles,
    ) -> Self {
        Source {
            display,
            dir,
            listed: None,
            document,
            files,
        }
    }

    /// `document` as held in memory, with no folder: a reader that asks for a companion
    /// file gets none.
    pub fn in_memory(display: &'a str, document: &'a Value) -> Self {
        Source::new(display, None, document, &NoFiles)
    }
}

/// Opens a companion file beside a manifest. The root library's implementation opens
/// what a probe saw, in the folder a walk holds, never following a link nor waiting on
/// a FIFO (`docs/security.md`); `NoFiles` stands where no folder is read.
pub trait InputFiles: Sync + std::fmt::Debug {
    /// `file` in `dir`, `None` where no regular file is there.
    fn open(&self, dir: &Path, file: &str) -> Result<Option<OpenedFile>, Unopened>;
}

/// A companion file open for reading, and the size its probe saw.
pub type OpenedFile = (Box<dyn Read>, u64);

/// Why a file of an input was not opened.
#[derive(Debug)]
pub enum Unopened {
    /// A symbolic link is there, and was not followed.
    Link,
    Io(std::io::Error),
}

/// The files of an input with no folder (standard input, a document in memory).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoFiles;

impl InputFiles for NoFiles {
    fn open(&self, _dir: &Path, _file: &str) -> Result<Option<OpenedFile>, Unopened> {
        Ok(None)
    }
}

/// What a reader returns: the tool, plus everything it could not carry into it.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub tool: Tool,
    pub losses: Vec<Loss>,
}

/// Choices the user makes on the command line that fill gaps in the target.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteOptions {
    pub toolkit: Option<String>,
    pub toolkit_version: Option<String>,
    pub provider: Option<String>,
    /// The authorization URL to write where the target requires one and the tool has none.
    pub oauth2_url: Option<String>,
    pub keep_secrets: bool,
    pub scaffold: bool,
    /// Write only what the dialect's official schema allows, moving or dropping the
    /// keys its loader reads beyond it (`--official`).
    pub official: bool,
    /// Put the toolkit's name before the tool's, because another tool of the same
    /// batch has the same name and would write the same file.
    pub qualify_by_toolkit: bool,
    /// Write an OpenAI function in strict mode (`--strict`).
    pub strict: bool,
    /// Write an OpenAI function in the Responses API's shape (`--responses`).
    pub responses: bool,
    /// Write a Gemini declaration's arguments and output as `parametersJsonSchema` and
    /// `responseJsonSchema`, the full JSON Schema, rather than Gemini's `Schema`
    /// (`--json-schema`).
    pub json_schema: bool,
}

/// One file a writer produces, relative to the output location.
#[derive(Debug, Clone, PartialEq)]
pub struct OutputFile {
    /// `/`-separated, checked by the writer to stay inside the output folder.
    pub path: String,
    pub content: OutputContent,
    /// Generated code a user is expected to edit: never written over an existing file.
    pub create_only: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum OutputContent {
    /// The manifest itself, serialized as JSON or YAML at the user's choice.
    Manifest(Value),
    /// A companion file written byte for byte.
    Text(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    /// The manifest comes first.
    pub files: Vec<OutputFile>,
    pub losses: Vec<Loss>,
}

impl Written {
    /// A writer's output that is one manifest at `path`, already checked.
    pub fn manifest_only(path: String, document: Value, losses: Vec<Loss>) -> Self {
        Written {
            files: vec![OutputFile {
                path,
                content: OutputContent::Manifest(document),
                create_only: false,
            }],
            losses,
        }
    }

    pub fn manifest(&self) -> Option<&Value> {
        manifest_of(&self.files)
    }
}

/// The manifest among a writer's files (it writes one, first).
pub fn manifest_of(files: &[OutputFile]) -> Option<&Value> {
    files.iter().find_map(|file| match &file.content {
        OutputContent::Manifest(value) => Some(value),
        OutputContent::Text(_) => None,
    })
}

/// Whether a dialect's output is one file or a folder of files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputLayout {
    File,
    Folder,
}

pub use crate::error::DialectError;

/// Writes, inside the `impl Dialect` of a target whose request holds its tools as one
/// `tools` array of manifests (OpenAI, Anthropic), what such targets share: `detect` of
/// one tool (by `$is_tool`) or such an array, `tools_in` and `bundle` by that array, and
/// the target's strict rules and request limits, from the statics given.
#[macro_export]
macro_rules! tools_array_request {
    ($is_tool:expr, $strict:expr, $limits:expr) => {
        fn detect(&self, document: &serde_json::Value) -> u8 {
            $crate::dialect::detect_tool_or_request(document, $is_tool)
        }

        fn strict_rules(&self) -> Option<&'static $crate::strict::StrictRules> {
            Some(&$strict)
        }

        fn tools_in(&self, document: &serde_json::Value) -> Option<Vec<String>> {
            $crate::dialect::request_tool_pointers(document)
        }

        fn bundle(&self, manifests: Vec<serde_json::Value>) -> Option<serde_json::Value> {
            Some(serde_json::Value::Array(manifests))
        }

        fn request_limits(&self) -> Option<&'static $crate::request::RequestLimits> {
            Some(&$limits)
        }
    };
}

/// Writes, inside a dialect's `impl Dialect`, the items every dialect crate spells
/// alike: `id`, `layout` (an `OutputLayout` variant) and `manifest_syntax` (a
/// `ManifestSyntax` variant) from what is given, and `read` and `write` handed to the
/// crate's own `read::read` and `write::write`. The crate's `detect`, `locate`,
/// `official_schema` and whatever else differs stay written out beside it.
#[macro_export]
macro_rules! dialect_basics {
    ($id:expr, $layout:ident, $syntax:ident) => {
        fn id(&self) -> &'static str {
            $id
        }

        fn layout(&self) -> $crate::OutputLayout {
            $crate::OutputLayout::$layout
        }

        fn manifest_syntax(&self) -> $crate::ManifestSyntax {
            $crate::ManifestSyntax::$syntax
        }

        fn read(
            &self,
            source: &$crate::Source<'_>,
        ) -> Result<$crate::Imported, $crate::DialectError> {
            read::read(source)
        }

        fn write(
            &self,
            tool: &$crate::Tool,
            options: &$crate::WriteOptions,
        ) -> Result<$crate::Written, $crate::DialectError> {
            write::write(tool, options)
        }
    };
}

pub trait Dialect: Sync + std::fmt::Debug {
    /// The id users type: `arcade-v1`, `taskweaver`, ...
    fn id(&self) -> &'static str;

    fn layout(&self) -> OutputLayout;

    /// The serialization of the manifest this dialect writes.
    fn manifest_syntax(&self) -> ManifestSyntax {
        ManifestSyntax::Json
    }

    /// How strongly a parsed document looks like this dialect; 0 means not at all.
    fn detect(&self, document: &Value) -> u8;

    fn read(&self, source: &Source<'_>) -> Result<Imported, DialectError>;

    fn write(&self, tool: &Tool, options: &WriteOptions) -> Result<Written, DialectError>;

    /// The path `write` gives the tool's manifest (its first file), without writing it:
    /// a large batch plans its outputs by these names. A dialect overrides it with the
    /// naming its `write` uses; `tests/properties.rs` holds the two equal.
    fn manifest_name(&self, tool: &Tool, options: &WriteOptions) -> Result<String, DialectError> {
        let written = self.write(tool, options)?;
        written
            .files
            .into_iter()
            .next()
            .map(|file| file.path)
            .ok_or_else(|| DialectError::invalid("", "the tool was written as no file"))
    }

    /// Where `field` lives in this dialect's layout. `document` is the actual document,
    /// for dialects that accept more than one spelling of a key.
    /// `None` when the dialect has no place for the field.
    fn locate(&self, field: Field, tool: &Tool, document: &Value) -> Option<String>;

    /// The dialect's official schema, exactly as published.
    fn official_schema(&self) -> Result<Value, DialectError>;

    /// The schema outputs must validate against: the official one, plus any documented
    /// correction for what the dialect's loader reads but the schema refuses.
    fn output_schema(&self) -> Result<Value, DialectError> {
        self.official_schema()
    }

    /// The document with this dialect's documented normalizations applied, so two
    /// documents that differ only in ways that carry no information compare equal.
    /// `docs/` lists each; a same-dialect conversion may differ from its input only so.
    fn normalize(&self, document: &Value) -> Value {
        document.clone()
    }

    /// A pointer into an input, in the coordinates of `normalize`'s result (where
    /// normalizing renames a key, such as a later revision's spelling).
    fn normalize_pointer(&self, pointer: &str) -> String {
        pointer.to_owned()
    }

    /// Where each tool sits in a document that lists several (an MCP `tools/list`
    /// result, a request's `tools` array): one pointer per tool, in order. `None` for a
    /// document that is one tool.
    fn tools_in(&self, _document: &Value) -> Option<Vec<String>> {
        None
    }

    /// One list document holding every manifest of a batch (`--bundle`), and the
    /// pointer of the `index`-th tool in it; `None` for a dialect without list documents.
    fn bundle(&self, _manifests: Vec<Value>) -> Option<Value> {
        None
    }

    /// The pointer of the `index`-th tool in this dialect's list document.
    fn bundle_pointer(&self, index: usize) -> String {
        format!("/{index}")
    }

    /// The target's strict mode, which `--strict` (`WriteOptions::strict`) asks for;
    /// `None` where it has none.
    fn strict_rules(&self) -> Option<&'static StrictRules> {
        None
    }

    /// What one request of this target takes beyond each tool (`--bundle` checks it);
    /// `None` where the target is not a request.
    fn request_limits(&self) -> Option<&'static RequestLimits> {
        None
    }

    /// Where a manifest of this target keeps its name, its arguments and its strict
    /// flag, for the checks of `request_limits`.
    fn request_places(&self, _manifest: &Value) -> RequestPlaces {
        RequestPlaces {
            name: "/name".to_owned(),
            ..RequestPlaces::default()
        }
    }

    /// Real-world problems the schema does not catch (a hubId that is not its folder's
    /// name, an implementation file that is missing). They never make a file invalid.
    fn lint(&self, _source: &Source<'_>) -> Vec<Warning> {
        Vec::new()
    }
}

/// A problem `toolshift validate` reports without failing the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    pub pointer: String,
    pub message: String,
}

/// Removes every key whose value is `null`, at any depth: such a key carries nothing.
pub fn drop_nulls(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.values_mut().for_each(drop_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

/// The objects a pointer names, where it names an array of objects, or an object.
pub fn objects_at<'a>(
    document: &'a mut Value,
    pointer: &str,
) -> Vec<&'a mut serde_json::Map<String, Value>> {
    match lookup_mut(document, pointer) {
        Some(Value::Array(items)) => items.iter_mut().filter_map(Value::as_object_mut).collect(),
        Some(Value::Object(map)) => vec![map],
        _ => Vec::new(),
    }
}

/// Deserializes a dialect's mirror types, naming the pointer of the first mismatch.
pub fn deserialize_document<T: serde::de::DeserializeOwned>(
    document: &Value,
) -> Result<T, DialectError> {
    // Tracking the path costs an allocation per key, so it is done only to name the
    // place of an error, by reading the document a second time.
    if let Ok(value) = T::deserialize(document) {
        return Ok(value);
    }
    serde_path_to_error::deserialize(document).map_err(|error| {
        let pointer = toolshift_syntax::pointer::from_serde_path(error.path());
        DialectError::invalid(pointer, error.into_inner().to_string())
    })
}

/// Keeps the keys a mirror type did not recognise as extras, so nothing is dropped
/// unseen. A `null` carries no information and is the documented exception.
pub fn collect_extras(
    dialect: &str,
    pointer: &str,
    unknown: &serde_json::Map<String, Value>,
    extras: &mut Vec<crate::tool::Extra>,
) {
    for (key, value) in unknown {
        if !value.is_null() {
            extras.push(crate::tool::Extra {
                dialect: dialect.to_owned(),
                pointer: toolshift_syntax::pointer::child(pointer, key),
                value: value.clone(),
            });
        }
    }
}

/// `collect_extras` for an object whose pointer is spelled out only when it has an
/// extra: the items of a list (parameters, return values), which mostly have none.
pub fn collect_extras_at(
    dialect: &str,
    pointer: impl FnOnce() -> String,
    unknown: &serde_json::Map<String, Value>,
    extras: &mut Vec<crate::tool::Extra>,
) {
    if unknown.values().any(|value| !value.is_null()) {
        collect_extras(dialect, &pointer(), unknown, extras);
    }
}

/// The largest companion file (`handler.js`, `<code>.py`) a reader takes into the model;
/// no real handler or plugin comes close.
pub const MAX_COMPANION_BYTES: u64 = 4 * 1024 * 1024;

/// The text of `file` beside the manifest, if it is there. `pointer` names the key that
/// led to it, for errors.
pub fn read_companion(
    source: &Source<'_>,
    file: &str,
    pointer: &str,
) -> Result<Option<String>, DialectError> {
    let Some(dir) = source.dir else {
        return Ok(None);
    };
    // The listing answers first, without a path built: most manifests have no companion.
    if let Some(names) = source.listed {
        let beside = !file.contains('/');
        let wanted = file.as_bytes();
        if beside
            && names
                .binary_search_by(|name| name.as_encoded_bytes().cmp(wanted))
                .is_err()
        {
            return Ok(None);
        }
    }
    // One probe answers every question. The file is not opened first: a folder from a
    // stranger may hold a FIFO under that name, and opening one blocks. Nor is a link
    // followed: it may lead anywhere on the machine (`/etc/shadow`, `~/.ssh`), and its
    // text would be copied into the output.
    let is_link = || {
        DialectError::invalid(
            pointer,
            format!("{file} beside the manifest is a symbolic link; toolshift never follows a link in an input, so it was not read: put the file itself there"),
        )
    };
    let too_large = || {
        DialectError::invalid(
            pointer,
            format!("{file} is larger than {MAX_COMPANION_BYTES} bytes"),
        )
    };
    let unread = |e: std::io::Error| DialectError::Io {
        path: dir.join(file).display().to_string(),
        message: e.to_string(),
    };
    // Beside a manifest this thread just read from a folder it listed, the file is
    // probed and opened in that folder, not by a path that may lead elsewhere since.
    // What is opened is what the probe saw, even if the file was swapped since, and no
    // more than the limit is read.
    let (file_handle, size) = match source.files.open(dir, file) {
        Ok(Some(opened)) => opened,
        Ok(None) => return Ok(None),
        Err(Unopened::Link) => return Err(is_link()),
        Err(Unopened::Io(e)) => return Err(unread(e)),
    };
    if size > MAX_COMPANION_BYTES {
        return Err(too_large());
    }
    let mut text = String::with_capacity(usize::try_from(size).unwrap_or_default());
    file_handle
        .take(MAX_COMPANION_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(unread)?;
    if text.len() as u64 > MAX_COMPANION_BYTES {
        return Err(too_large());
    }
    Ok(Some(text))
}

/// Each tool of a document with its pointer: the tools of a list document
/// (`Dialect::tools_in`), or the document itself at the root.
pub fn tool_documents<'a>(dialect: &dyn Dialect, document: &'a Value) -> Vec<(String, &'a Value)> {
    match dialect.tools_in(document) {
        Some(pointers) => pointers
            .into_iter()
            .filter_map(|pointer| lookup(document, &pointer).map(|tool| (pointer, tool)))
            .collect(),
        None => vec![(String::new(), document)],
    }
}

/// A dialect's mirror value as a JSON document, or why it cannot be one.
pub fn to_document<T: serde::Serialize>(
    dialect: &'static str,
    mirror: &T,
) -> Result<Value, DialectError> {
    serde_json::to_value(mirror).map_err(|error| DialectError::no_document(dialect, error))
}

/// The value a mirror's `InDocument` field stands for: `key` of the document the mirror
/// was read from, which reading the mirror found there.
pub fn in_document<'a>(document: &'a Value, key: &str) -> Result<&'a Value, DialectError> {
    member(document, key).ok_or_else(|| DialectError::invalid("", format!("missing field `{key}`")))
}

/// `to_document` of a mirror that holds `null` where `value` goes, then `value` moved
/// to `pointer`: a tool's argument schema is most of its manifest, and serializing it
/// through the mirror copied every key again (7 % of an MCP -> OpenAI conversion's
/// instructions).
pub fn to_document_with<T: serde::Serialize>(
    dialect: &'static str,
    mirror: &T,
    pointer: &str,
    value: Value,
) -> Result<Value, DialectError> {
    let mut document = to_document(dialect, mirror)?;
    match lookup_mut(&mut document, pointer) {
        Some(slot @ Value::Null) => *slot = value,
        _ => {
            return Err(DialectError::invalid(
                pointer,
                "the mirror holds no `null` here",
            ))
        }
    }
    Ok(document)
}

/// What a writer of one manifest file returns: `NAME.json`, checked to stay inside the
/// output folder, and its losses.
pub fn one_manifest(
    name: &str,
    document: Value,
    losses: Vec<Loss>,
) -> Result<Written, DialectError> {
    let path = format!("{name}.json");
    check_file_name(&path)?;
    Ok(Written::manifest_only(path, document, losses))
}

/// Refuses a name that would place a file anywhere but directly inside the output folder.
pub fn check_file_name(name: &str) -> Result<(), DialectError> {
    let refuse = |reason: &str| {
        Err(DialectError::UnsafeName {
            name: name.to_owned(),
            reason: reason.to_owned(),
        })
    };
    if name.is_empty() {
        return refuse("it is empty");
    }
    // Every output path goes through here, part by part, and nearly every part is
    // printable ASCII with no separator: one branch-free pass, which the compiler turns
    // into a test of many bytes at a time, clears it of all but the length and the dots.
    let printable = name.bytes().fold(true, |ok, byte| {
        ok & (b' '..=b'~').contains(&byte) & (byte != b'/') & (byte != b'\\')
    });
    if printable && name.len() <= 200 && !name.starts_with('.') {
        return Ok(());
    }
    // One pass over the bytes finds what the refusals below look for, in the order
    // they are given.
    let (mut nul, mut separator, mut control, mut ascii) = (false, false, false, true);
    for &byte in name.as_bytes() {
        nul |= byte == 0;
        separator |= byte == b'/' || byte == b'\\';
        control |= byte < 0x20 || byte == 0x7f;
        ascii &= byte.is_ascii();
    }
    if nul {
        return refuse("it contains a NUL byte");
    }
    if separator {
        return refuse("it contains a path separator");
    }
    if name == "." || name == ".." || name.starts_with("..") {
        return refuse("it names a parent or current folder");
    }
    if name.len() > 200 {
        return refuse("it is longer than 200 bytes");
    }
    // Beyond ASCII, the C1 controls (U+0080 to U+009F) are control characters too.
    if control || (!ascii && name.chars().any(char::is_control)) {
        return refuse("it contains a control character");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{check_file_name, read_companion, Source};
    use std::ffi::OsStr;

    /// A folder holding one companion, `b.py`, that counts what readers open.
    #[derive(Debug, Default)]
    struct OneFile {
        opened: std::sync::atomic::AtomicUsize,
    }

    impl super::InputFiles for OneFile {
        fn open(
            &self,
            _dir: &std::path::Path,
            file: &str,
        ) -> Result<Option<super::OpenedFile>, super::Unopened> {
            self.opened
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok((file == "b.py").then(|| (Box::new(&b"code"[..]) as Box<dyn std::io::Read>, 4)))
        }
    }

    /// A walk's listing answers for the folder: a file it does not list is not opened,
    /// one it lists is, and without a listing the folder is asked.
    #[test]
    fn a_listing_answers_for_its_folder() {
        let dir = std::path::Path::new("skill");
        let files = OneFile::default();
        let document = serde_json::Value::Null;
        let names: Vec<Box<OsStr>> = ["a.yaml", "b.py", "c.py"]
            .iter()
            .map(|name| Box::from(OsStr::new(name)))
            .collect();
        let listing: Vec<Box<OsStr>> = names
            .iter()
            .filter(|n| n.as_ref() != OsStr::new("b.py"))
            .cloned()
            .collect();
        let read = |file: &str, listed: Option<&[Box<OsStr>]>| {
            let source = Source {
                display: "a.yaml",
                dir: Some(dir),
                listed,
                document: &document,
                files: &files,
            };
            read_companion(&source, file, "/code").unwrap()
        };
        let opened = || files.opened.load(std::sync::atomic::Ordering::Relaxed);
        assert_eq!(read("b.py", Some(&names)), Some("code".to_owned()));
        assert_eq!(read("b.py", None), Some("code".to_owned()));
        assert_eq!(opened(), 2);
        assert_eq!(read("b.py", Some(&listing)), None);
        assert_eq!(opened(), 2, "a file the listing lacks is not asked for");
        // Listed but gone: the folder decides.
        assert_eq!(read("c.py", Some(&names)), None);
        assert_eq!(opened(), 3);
    }

    #[test]
    fn file_names_cannot_escape_the_output_folder() {
        for bad in [
            "", "..", "../x", "a/b", "/abs", "a\\b", "x\0y", ".", "..hidden", "a\nb", "a\u{7f}b",
            "a\u{85}b", "é\u{9f}",
        ] {
            assert!(check_file_name(bad).is_err(), "{bad:?} was accepted");
        }
        for good in [
            "Google.SendEmail.json",
            "sql_pull_data.yaml",
            "my-skill",
            "a..b",
            "café\u{a0}menu",
        ] {
            assert!(check_file_name(good).is_ok(), "{good:?} was refused");
        }
    }

    #[test]
    fn every_ascii_byte_is_judged_at_every_place_and_length() {
        // The rules as stated, one at a time, against the quick pass and the full one.
        let refused = |name: &str| {
            name.is_empty()
                || name
                    .bytes()
                    .any(|b| b == b'/' || b == b'\\' || b < 0x20 || b == 0x7f)
                || name == "."
                || name.starts_with("..")
                || name.len() > 200
        };
        for length in (1..=18).chain([199, 200, 201]) {
            for at in [0, 1, length / 2, length - 1]
                .into_iter()
                .filter(|at| *at < length)
            {
                for byte in 0..=0x7f_u8 {
                    let mut bytes = vec![b'a'; length];
                    bytes[at] = byte;
                    let name = String::from_utf8(bytes).unwrap();
                    assert_eq!(
                        check_file_name(&name).is_err(),
                        refused(&name),
                        "{byte:#x} at {at} of {length}"
                    );
                }
            }
        }
    }
}

/// Writes a dialect's own extras back into its output where `allowed` says the schema
/// permits them and the parent object exists. Returns the pointers written, so the
/// writer can report the rest.
pub fn restore_extras(
    document: &mut Value,
    extras: &[crate::tool::Extra],
    dialect: &str,
    allowed: impl Fn(&str) -> bool,
) -> Vec<String> {
    let mut restored = Vec::new();
    for extra in extras.iter().filter(|extra| extra.dialect == dialect) {
        if !allowed(&extra.pointer) {
            continue;
        }
        let Some((parent, key)) = split_pointer(&extra.pointer) else {
            continue;
        };
        if let Some(object) = lookup_mut(document, &parent).and_then(Value::as_object_mut) {
            if !object.contains_key(&key) {
                object.insert(key, extra.value.clone());
                restored.push(extra.pointer.clone());
            }
        }
    }
    restored
}

/// `/a/b~1c` → (`/a`, `b/c`).
fn split_pointer(pointer: &str) -> Option<(String, String)> {
    let cut = pointer.rfind('/')?;
    let key = pointer
        .get(cut + 1..)?
        .replace("~1", "/")
        .replace("~0", "~");
    Some((pointer.get(..cut)?.to_owned(), key))
}

/// How a dialect's manifest is serialized.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ManifestSyntax {
    /// JSON by default; `--format yaml` may write YAML for review.
    Json,
    /// YAML by default (TaskWeaver reads only `.yaml`).
    Yaml,
    /// Only JSON is loadable (AnythingLLM reads `plugin.json`).
    JsonOnly,
}

/// Arcade's `available_modes`, refusing a mode it does not define.
pub fn read_output_modes(
    names: &[impl AsRef<str>],
    pointer: &str,
) -> Result<Vec<crate::tool::OutputMode>, DialectError> {
    names
        .iter()
        .map(AsRef::as_ref)
        .enumerate()
        .map(|(index, name)| {
            crate::tool::OutputMode::parse(name).ok_or_else(|| {
                DialectError::invalid(
                    format!("{pointer}/{index}"),
                    format!("unknown output mode `{name}`; expected value, error, null, artifact or requires_authorization"),
                )
            })
        })
        .collect()
}

/// Removes `key` from the top-level object when its value is an empty object.
pub fn remove_if_empty(document: &mut Value, key: &str) {
    if let Some(object) = document.as_object_mut() {
        if object
            .get(key)
            .and_then(Value::as_object)
            .is_some_and(serde_json::Map::is_empty)
        {
            object.remove(key);
        }
    }
}

/// The tools of a request-style list document: a JSON array, or a request body's
/// `{"tools": [...]}` (as OpenAI and Anthropic take them).
pub fn request_tools(document: &Value) -> Option<&Vec<Value>> {
    document
        .as_array()
        .or_else(|| toolshift_syntax::pointer::member(document, "tools").and_then(Value::as_array))
}

/// The pointer of each tool of a request-style list document.
pub fn request_tool_pointers(document: &Value) -> Option<Vec<String>> {
    let prefix = if document.is_array() { "" } else { "/tools" };
    let tools = request_tools(document)?;
    Some(
        (0..tools.len())
            .map(|index| format!("{prefix}/{index}"))
            .collect(),
    )
}

/// `Dialect::detect` for a dialect of one tool or a request-style list of them: 8 for
/// one tool, or a non-empty list of nothing else.
pub fn detect_tool_or_request(document: &Value, is_tool: fn(&Value) -> bool) -> u8 {
    let listed =
        request_tools(document).is_some_and(|tools| !tools.is_empty() && tools.iter().all(is_tool));
    if is_tool(document) || listed {
        8
    } else {
        0
    }
}
