//! Converting, detecting, validating and explaining manifests held in memory: what a
//! Rust program (or the Python package, later) calls, with no file, folder or command
//! line. The command `toolshift convert` adds files, folders, batches and reports on top
//! of the same engine.
//!
//! ```
//! use toolshift::api::{convert, Options};
//!
//! let mcp = r#"{"name": "get_weather", "inputSchema": {"type": "object",
//!   "properties": {"city": {"type": "string"}, "units": {"enum": ["c", "f"]}},
//!   "required": ["city"]}}"#;
//! let options = Options { strict: true, ..Options::default() };
//! let converted = convert(mcp, None, "openai", &options)?;
//! let tool = converted[0].outputs[0].value.as_ref().unwrap();
//! assert_eq!(tool["function"]["strict"], true);
//! // Strict mode requires every property: the report says what it made of `units`.
//! assert!(converted[0].entries.iter().any(|e| e.code.code() == "optional-as-nullable"));
//! # Ok::<(), toolshift::api::Error>(())
//! ```
//!
//! Text and parsed documents have no folder, so a manifest whose dialect reads companion
//! files (a TaskWeaver plugin's `.py`, an AnythingLLM skill's `handler.js`) is read
//! without them; `convert_path`, `bundle_path` and `validate_path` read a file or skill
//! folder with them, as the command does, and `detect_path` reads a skill folder's
//! manifest. A folder of many manifests is the command's to walk. `write` puts outputs
//! in place by the command's rules.

use crate::schemas::{Reading, SchemaCheck};
use crate::{matrix, output, registry};
use serde_json::Value;
use std::path::{Path, PathBuf};
use toolshift_model::{Detail, Dialect, DialectError, InputFiles, Source};

pub use toolshift_model::{Entry, LossCode, Severity, WriteOptions as Options};

/// Why a call failed, with the place in the input where there is one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The text is not JSON, JSON with comments, JSON5 or YAML.
    #[error("{message}")]
    Syntax {
        /// What the parser says, as `toolshift convert` prints it.
        message: String,
        /// Where, from 1, where the parser says.
        line: Option<usize>,
        /// Where, from 1, where the parser says.
        column: Option<usize>,
    },
    /// A path that cannot be read: missing, not UTF-8 text, too large, or a folder
    /// holding no manifest.
    #[error("{0}")]
    Unreadable(String),
    /// Outputs that `write` could not put in place: a file already there (without
    /// `force`), a folder it could not make, a full disk. Nothing of them was written.
    #[error("{0}")]
    Unwritable(String),
    /// A dialect id that no dialect has, or a document no dialect claims (or two claim
    /// alike): pass the dialect.
    #[error("{0}")]
    Dialect(String),
    /// The manifest is read but cannot be converted (a required field is missing, a
    /// name would escape the output folder, the target requires what the tool lacks...).
    #[error("{message}")]
    Refused {
        /// Why, as `toolshift convert` prints it.
        message: String,
        /// The JSON pointer of the field at fault in the input, where known.
        pointer: String,
        /// Where that field is, from 1.
        line: Option<usize>,
        /// Where that field is, from 1.
        column: Option<usize>,
    },
}

/// The ids of every dialect, in the registry's order.
///
/// ```
/// assert!(toolshift::api::dialects().contains(&"gemini"));
/// ```
pub fn dialects() -> Vec<&'static str> {
    registry::DIALECTS
        .iter()
        .map(|dialect| dialect.id())
        .collect()
}

/// The dialect of a manifest, by its content.
///
/// ```
/// let openai = r#"{"type": "function", "function": {"name": "ping"}}"#;
/// assert_eq!(toolshift::api::detect(openai)?, "openai");
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn detect(text: &str) -> Result<&'static str, Error> {
    let (document, _) = parse(text)?;
    registry::detect(&document)
        .map(|dialect| dialect.id())
        .map_err(Error::Dialect)
}

/// The dialect of a manifest file, or of a skill folder's `plugin.json`, by its content.
///
/// ```
/// let skill = std::path::Path::new("tests/cmd/fixtures.in/omdb-search");
/// assert_eq!(toolshift::api::detect_path(skill)?, "anythingllm");
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn detect_path(path: &Path) -> Result<&'static str, Error> {
    let (text, _, _) = read_path(path)?;
    detect(&text)
}

/// One file of a conversion's output.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// Where `toolshift convert -o DIR` would write it, relative to DIR.
    pub path: String,
    /// Its text, as the command writes it.
    pub text: String,
    /// The manifest itself, where this file is one (not generated code).
    pub value: Option<Value>,
    /// Generated code the user is expected to edit (`handler.js`, a plugin stub):
    /// `write` never replaces it once it exists.
    pub create_only: bool,
}

/// One tool converted: its files, and the report of what did not survive.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// The manifest first, then any generated code.
    pub outputs: Vec<Output>,
    /// Each field dropped, changed or invented, located in the input and the output.
    pub entries: Vec<Entry>,
    /// Where the tool's name is in the input, for the entries `bundle` adds.
    name_source: String,
    name_at: Option<toolshift_syntax::position::Position>,
}

/// Converts a manifest (one tool, or a list document: one `Converted` per tool) from
/// `from` (detected when `None`) to `to`. Two tools that would be written to one file
/// (a list naming one tool twice) are refused, as the command refuses them: one would
/// replace the other. `bundle` puts such a list in one list document instead.
///
/// ```
/// use toolshift::api::{convert, Options};
///
/// let taskweaver = "name: greet\nenabled: true\ndescription: Greet someone.\n\
///                   parameters:\n  - name: who\n    type: str\n    required: true\n    \
///                   description: Whom to greet.\nreturns: []\n";
/// let converted = convert(taskweaver, Some("taskweaver"), "anthropic", &Options::default())?;
/// let tool = converted[0].outputs[0].value.as_ref().unwrap();
/// assert_eq!(tool["input_schema"]["required"][0], "who");
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn convert(
    text: &str,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Vec<Converted>, Error> {
    from_text(
        text,
        MEMORY,
        Request::new(from, to, options, Files::OneEach),
    )
}

/// Converts a document already parsed, as `convert` converts text. There is no text to
/// place anything in, so entries and errors name their place by pointer only: no line
/// or column. The Python package takes this path for a `dict` or `list`.
///
/// ```
/// use toolshift::api::{convert_document, Options};
///
/// let tool = serde_json::json!({"name": "ping", "inputSchema": {"type": "object"}});
/// let converted = convert_document(&tool, Some("mcp"), "gemini", &Options::default())?;
/// assert_eq!(converted[0].outputs[0].value.as_ref().unwrap()["name"], "ping");
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn convert_document(
    document: &Value,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Vec<Converted>, Error> {
    converted(
        document,
        None,
        MEMORY,
        Request::new(from, to, options, Files::OneEach),
    )
}

/// Converts a manifest file, or a skill folder, as `toolshift convert PATH` reads it:
/// with the companion files beside it (a TaskWeaver plugin's `.py`, a skill's
/// `handler.js`), which `convert` on the text alone has no way to reach.
///
/// ```
/// use toolshift::api::{convert_path, Options};
///
/// let plugin = std::path::Path::new("golden/tw-to-tw-carries-python/input.yaml");
/// let converted = convert_path(plugin, None, "taskweaver", &Options::default())?;
/// let paths: Vec<&str> = converted[0].outputs.iter().map(|o| o.path.as_str()).collect();
/// assert_eq!(paths, ["word_count.yaml", "input.py"]);
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn convert_path(
    path: &Path,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Vec<Converted>, Error> {
    from_path(path, Request::new(from, to, options, Files::OneEach))
}

/// Whether each tool's files are the caller's to write (`convert`), so that two tools
/// of one name are refused, or go into one list document (`bundle`), which reports them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Files {
    OneEach,
    Bundled,
}

/// The text a document was parsed from, to place entries and refusals in.
type Text<'a> = Option<(&'a str, toolshift_syntax::syntax::Syntax)>;

/// What to convert a document to, and how.
#[derive(Clone, Copy)]
struct Request<'a> {
    from: Option<&'a str>,
    to: &'a str,
    options: &'a Options,
    files: Files,
}

impl<'a> Request<'a> {
    fn new(from: Option<&'a str>, to: &'a str, options: &'a Options, files: Files) -> Self {
        Request {
            from,
            to,
            options,
            files,
        }
    }
}

/// Where a document came from: memory, or a path whose folder holds its companions.
#[derive(Clone, Copy)]
struct Origin<'a> {
    display: &'a str,
    dir: Option<&'a Path>,
    files: &'a dyn InputFiles,
}

impl<'a> Origin<'a> {
    fn source(self, document: &'a Value) -> Source<'a> {
        Source::new(self.display, self.dir, document, self.files)
    }
}

/// A document with no folder: a reader that asks for a companion file gets none.
const MEMORY: Origin<'static> = Origin {
    display: "input",
    dir: None,
    files: &toolshift_model::NoFiles,
};

/// The conversion of the manifest at `path`, read with its companion files.
fn from_path(path: &Path, request: Request<'_>) -> Result<Vec<Converted>, Error> {
    let (text, display, dir) = read_path(path)?;
    let origin = Origin {
        display: &display,
        dir: dir.as_deref(),
        files: &crate::input_file::FileSystem,
    };
    from_text(&text, origin, request)
}

/// The text of the manifest at `path` (a file, or a skill folder's `plugin.json`), the
/// path as reports show it, and the folder its companion files are in.
fn read_path(path: &Path) -> Result<(String, String, Option<PathBuf>), Error> {
    let display = crate::input::path_text(path);
    match crate::input::read(path) {
        Ok((manifest, text)) => {
            let dir = crate::paths::parent_of(&manifest).map(Path::to_path_buf);
            Ok((text, display, dir))
        }
        // A folder of manifests is a batch: the command walks it, this reads one manifest.
        Err(error) if path.is_dir() => Err(Error::Unreadable(format!(
            "{display}: {error}; a folder of manifests is converted one file at a time, or whole by `toolshift convert {display}`"
        ))),
        Err(error) => Err(Error::Unreadable(format!("{display}: {error}"))),
    }
}

/// The conversion of `text`, its entries and any refusal placed in it.
fn from_text(
    text: &str,
    origin: Origin<'_>,
    request: Request<'_>,
) -> Result<Vec<Converted>, Error> {
    let (document, syntax) = parse(text)?;
    let text = Some((text, syntax));
    let mut converted = converted(&document, text, origin, request)?;
    place(&mut converted, text);
    Ok(converted)
}

/// The conversion of `document`, a refusal placed in `text` where there is one.
fn converted(
    document: &Value,
    text: Text<'_>,
    origin: Origin<'_>,
    request: Request<'_>,
) -> Result<Vec<Converted>, Error> {
    let from = dialect_of(request.from, document)?;
    let to = registry::by_id(request.to).map_err(Error::Dialect)?;
    let source = origin.source(document);
    let conversions =
        toolshift_model::convert_all(from, to, &source, request.options, Detail::Full)
            .map_err(|error| refused(error, text))?;
    if request.files == Files::OneEach {
        let advice = "rename one of them, or bundle the tools into one list document";
        crate::collisions::refuse_shared_outputs(&conversions, from, &source, advice)
            .map_err(|error| refused(error, text))?;
    }
    let tools = conversions.iter().map(|conversion| &conversion.tool);
    let name_sources = crate::request::name_pointers(from, document, tools);
    let mut converted = Vec::with_capacity(conversions.len());
    for (conversion, name_source) in conversions.into_iter().zip(name_sources) {
        let outputs = conversion
            .files
            .into_iter()
            .map(|file| rendered(file, to))
            .collect::<Result<Vec<Output>, Error>>()?;
        converted.push(Converted {
            outputs,
            entries: conversion.entries,
            name_source,
            name_at: None,
        });
    }
    Ok(converted)
}

/// A list document converted into the target's list document (`--bundle`).
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// Each tool, as `convert` gives it, with the entries of the list's checks added.
    pub tools: Vec<Converted>,
    /// The list document: an MCP `tools/list` result, a `tools` array, a Gemini
    /// `functionDeclarations` list. Written as `tools.json` by `-o DIR --bundle`.
    pub list: Output,
}

/// Converts a manifest, as `convert` does, and puts every tool's manifest in the
/// target's list document (`--bundle`). The list is checked as one request, as
/// `--bundle` checks it: a tool past the target's limit, or a second tool of one name,
/// gets `request-limit-exceeded`, and a tool past strict mode's budget is written
/// non-strict in the list (`strict-over-budget`). Those entries join the tool's own,
/// their `target` pointing into the list.
///
/// ```
/// use toolshift::api::{bundle, Options};
///
/// let list = r#"{"tools": [{"name": "a", "inputSchema": {"type": "object"}},
///                          {"name": "a", "inputSchema": {"type": "object"}}]}"#;
/// let bundle = bundle(list, None, "anthropic", &Options::default())?;
/// assert_eq!(bundle.list.value.unwrap().as_array().unwrap().len(), 2);
/// let entry = &bundle.tools[1].entries[0];
/// assert_eq!(entry.code.code(), "request-limit-exceeded");
/// assert_eq!((entry.source.as_str(), entry.line), ("/tools/1/name", Some(2)));
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn bundle(
    text: &str,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Bundle, Error> {
    let mut tools = from_text(
        text,
        MEMORY,
        Request::new(from, to, options, Files::Bundled),
    )?;
    let list = listed(to, &mut tools)?;
    Ok(Bundle { tools, list })
}

/// Bundles a document already parsed, as `bundle` bundles text; entries are placed by
/// pointer only, as `convert_document` places them.
///
/// ```
/// use toolshift::api::{bundle_document, Options};
///
/// let tools = serde_json::json!({"tools": [{"name": "ping", "inputSchema": {"type": "object"}}]});
/// let bundle = bundle_document(&tools, None, "mcp", &Options::default())?;
/// assert_eq!(bundle.list.path, "tools.json");
/// assert_eq!(bundle.list.value.unwrap()["tools"][0]["name"], "ping");
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn bundle_document(
    document: &Value,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Bundle, Error> {
    let request = Request::new(from, to, options, Files::Bundled);
    let mut tools = converted(document, None, MEMORY, request)?;
    let list = listed(to, &mut tools)?;
    Ok(Bundle { tools, list })
}

/// Bundles a manifest file or skill folder with its companion files, as `convert_path`
/// reads it.
///
/// ```
/// use toolshift::api::{bundle_path, Options};
///
/// let list = std::path::Path::new("golden/mcp-list-to-mcp-identity/input.json");
/// let bundle = bundle_path(list, None, "openai", &Options::default())?;
/// let tools = bundle.list.value.unwrap();
/// assert_eq!(tools.as_array().unwrap().len(), bundle.tools.len());
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn bundle_path(
    path: &Path,
    from: Option<&str>,
    to: &str,
    options: &Options,
) -> Result<Bundle, Error> {
    let mut tools = from_path(path, Request::new(from, to, options, Files::Bundled))?;
    let list = listed(to, &mut tools)?;
    Ok(Bundle { tools, list })
}

/// The list document of `converted`, whose tools get the entries of its checks.
fn listed(to: &str, converted: &mut [Converted]) -> Result<Output, Error> {
    let dialect = registry::by_id(to).map_err(Error::Dialect)?;
    let mut manifests: Vec<Value> = converted
        .iter()
        .filter_map(|tool| tool.outputs.first()?.value.clone())
        .collect();
    let findings = crate::request::check(dialect, &manifests.iter().collect::<Vec<_>>());
    for finding in findings {
        if finding.code == toolshift_model::LossCode::StrictOverBudget {
            if let Some(manifest) = manifests.get_mut(finding.index) {
                crate::request::turn_off_strict(dialect, manifest);
            }
        }
        if let Some(tool) = converted.get_mut(finding.index) {
            let at = dialect.bundle_pointer(finding.index);
            let entry = crate::request::entry(&finding, &at, &tool.name_source, tool.name_at);
            tool.entries.push(entry);
        }
    }
    let document = dialect
        .bundle(manifests)
        .ok_or_else(|| Error::Dialect(format!("{to} has no list document to bundle into")))?;
    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
    text.push('\n');
    Ok(Output {
        path: "tools.json".into(),
        text,
        value: Some(document),
        create_only: false,
    })
}

/// What `write` put in place.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// Each file written, in the order of the outputs.
    pub written: Vec<PathBuf>,
    /// Generated code that was already there and that `force` kept rather than replace:
    /// the user may have edited it.
    pub kept: Vec<PathBuf>,
}

/// Writes `outputs` under `folder`, as `toolshift convert -o FOLDER` writes one input's
/// files: all of them appear, or none when one cannot be written. A file already there is
/// replaced only with `force`, and generated code (`Output::create_only`) never is: with
/// `force` it is kept and listed in `kept`, without it nothing is written. Folders are
/// made as needed.
///
/// ```
/// use toolshift::api::{convert_path, write, Options};
///
/// let plugin = std::path::Path::new("golden/tw-scaffold-to-tw/input.yaml");
/// let options = Options { scaffold: true, ..Options::default() };
/// let converted = convert_path(plugin, None, "taskweaver", &options)?;
/// let folder = std::env::temp_dir().join(format!("toolshift-doc-{}", std::process::id()));
/// let written = write(&converted[0].outputs, &folder, false)?;
/// assert_eq!(written.written.len(), 2);
/// // Again, with force: the manifest is replaced, the plugin stub kept.
/// let again = write(&converted[0].outputs, &folder, true)?;
/// assert_eq!((again.written.len(), again.kept.len()), (1, 1));
/// # std::fs::remove_dir_all(&folder).ok();
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn write(outputs: &[Output], folder: &Path, force: bool) -> Result<Written, Error> {
    let mut files = Vec::with_capacity(outputs.len());
    for output in outputs {
        files.push(output::Planned {
            path: output::inside(folder, &output.path).map_err(Error::Unwritable)?,
            bytes: output.text.clone().into_bytes(),
            create_only: output.create_only,
        });
    }
    let kept = if force {
        output::keep_existing_code(&mut files)
    } else {
        Vec::new()
    };
    std::fs::create_dir_all(folder).map_err(|error| {
        Error::Unwritable(format!(
            "{}: cannot create folder: {error}",
            folder.display()
        ))
    })?;
    let known_folders = output::KnownFolders::default();
    output::write_all(
        &files,
        folder,
        force,
        output::Sync::Never,
        &known_folders,
        None,
    )
    .map_err(Error::Unwritable)?;
    Ok(Written {
        written: files.into_iter().map(|file| file.path).collect(),
        kept: kept.into_iter().map(PathBuf::from).collect(),
    })
}

/// A place in a manifest and what is wrong or risky there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The JSON pointer of the place.
    pub pointer: String,
    /// What is wrong, or what a loader will do with it.
    pub message: String,
}

/// What `validate` found: the dialect, what its schema refuses, and what the schema
/// misses that the real loaders meet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Validation {
    /// The dialect the manifest was judged as.
    pub dialect: &'static str,
    /// What the schema toolshift holds outputs to refuses; empty when valid.
    pub violations: Vec<Problem>,
    /// What is valid but will go wrong (`toolshift validate`'s warnings).
    pub warnings: Vec<Problem>,
}

/// Checks a manifest against its dialect's schema, and for what the schema misses.
///
/// ```
/// let skill = r#"{"hubId": "omdb", "name": "OMDB", "schema": "skill-1.0.0",
///   "version": "1.0.0", "description": "Films.", "active": true, "imported": true,
///   "setup_args": {"OMDB_API_KEY": {"type": "string", "input": {"type": "text"}}},
///   "entrypoint": {"file": "handler.js", "params": {}}}"#;
/// let validation = toolshift::api::validate(skill, None)?;
/// assert!(validation.violations.is_empty());
/// assert!(validation.warnings.iter().any(|w| w.message.contains("clear text")));
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn validate(text: &str, dialect: Option<&str>) -> Result<Validation, Error> {
    let (document, _) = parse(text)?;
    validated(&document, MEMORY, dialect)
}

/// Validates a manifest file or skill folder as `toolshift validate PATH` does: with the
/// files beside it, so that a TaskWeaver plugin's YAML is checked against its `.py`.
///
/// ```
/// let plugin = std::path::Path::new("tests/cmd/fixtures.in/movie.yaml");
/// let validation = toolshift::api::validate_path(plugin, None)?;
/// assert!(validation.warnings.iter().any(|w| w.message.contains("`__call__` in movie.py")));
/// # Ok::<(), toolshift::api::Error>(())
/// ```
pub fn validate_path(path: &Path, dialect: Option<&str>) -> Result<Validation, Error> {
    let (text, display, dir) = read_path(path)?;
    let (document, _) = parse(&text)?;
    let origin = Origin {
        display: &display,
        dir: dir.as_deref(),
        files: &crate::input_file::FileSystem,
    };
    validated(&document, origin, dialect)
}

/// What `validate` finds in `document`, read from `origin`.
fn validated(
    document: &Value,
    origin: Origin<'_>,
    dialect: Option<&str>,
) -> Result<Validation, Error> {
    let dialect = dialect_of(dialect, document)?;
    let check = SchemaCheck::default();
    let problems = |reading| {
        check
            .violations(dialect, reading, document)
            .map_err(Error::Dialect)
            .map(|found| {
                found
                    .into_iter()
                    .map(|v| Problem {
                        pointer: v.pointer,
                        message: v.message,
                    })
                    .collect::<Vec<Problem>>()
            })
    };
    let mut violations = problems(Reading::Applied)?;
    let source = origin.source(document);
    // What the schema allows but `convert` refuses.
    violations.extend(
        toolshift_model::convert::refusals(dialect, &source)
            .into_iter()
            .map(|(pointer, message)| Problem { pointer, message }),
    );
    let warnings = dialect
        .lint(&source)
        .into_iter()
        .map(|w| Problem {
            pointer: w.pointer,
            message: w.message,
        })
        .collect();
    Ok(Validation {
        dialect: dialect.id(),
        violations,
        warnings,
    })
}

/// What a loss code means, when it fires and what to do, as `toolshift explain CODE`
/// prints it; `None` for a code toolshift does not have.
///
/// ```
/// let text = toolshift::api::explain("keyword-folded").unwrap();
/// assert!(text.contains("changed"));
/// assert!(toolshift::api::explain("no-such-code").is_none());
/// ```
pub fn explain(code: &str) -> Option<String> {
    matrix::explain_code(code)
}

fn parse(text: &str) -> Result<(Value, toolshift_syntax::syntax::Syntax), Error> {
    toolshift_syntax::parse(text).map_err(|error| {
        let (message, at) = crate::batch_report::placed_error(&error.to_string(), text);
        Error::Syntax {
            message,
            line: at.map(|(line, _)| line),
            column: at.map(|(_, column)| column),
        }
    })
}

fn dialect_of(id: Option<&str>, document: &Value) -> Result<&'static dyn Dialect, Error> {
    match id {
        Some(id) => registry::by_id(id),
        None => registry::detect(document),
    }
    .map_err(Error::Dialect)
}

/// The error of a refused conversion, placed in `text` where there is one.
fn refused(error: DialectError, text: Text<'_>) -> Error {
    let pointer = match &error {
        DialectError::Invalid { pointer, .. } => pointer.clone(),
        DialectError::Inexpressible { input, .. } => input.clone(),
        _ => String::new(),
    };
    let at = text.and_then(|(text, syntax)| {
        let positions = toolshift_syntax::position::positions(text, syntax);
        toolshift_syntax::position::nearest(&positions, &pointer).filter(|_| !pointer.is_empty())
    });
    Error::Refused {
        message: error.to_string(),
        pointer,
        line: at.as_ref().map(|at| at.line),
        column: at.as_ref().map(|at| at.column),
    }
}

/// Each entry's line and column in the input, as the command's report gives them: the
/// input is read for positions once, for every tool of a list document.
fn place(converted: &mut [Converted], text: Text<'_>) {
    let Some((text, syntax)) = text else {
        return;
    };
    let wanted: std::collections::BTreeSet<&str> = converted
        .iter()
        .flat_map(|tool| &tool.entries)
        .map(|entry| entry.source.as_str())
        .chain(converted.iter().map(|tool| tool.name_source.as_str()))
        .collect();
    let positions = toolshift_syntax::position::positions_of(text, syntax, &wanted);
    for tool in converted.iter_mut() {
        tool.name_at = toolshift_syntax::position::nearest(&positions, &tool.name_source);
    }
    for entry in converted.iter_mut().flat_map(|tool| &mut tool.entries) {
        if let Some(at) = toolshift_syntax::position::nearest(&positions, &entry.source) {
            entry.line = Some(at.line);
            entry.column = Some(at.column);
        }
    }
}

/// The file as the command writes it; the manifest moves into `value`.
fn rendered(file: toolshift_model::OutputFile, to: &dyn Dialect) -> Result<Output, Error> {
    let (path, bytes) =
        output::render(&file, None, to.manifest_syntax()).map_err(|message| Error::Refused {
            message,
            pointer: String::new(),
            line: None,
            column: None,
        })?;
    let create_only = file.create_only;
    let value = match file.content {
        toolshift_model::OutputContent::Manifest(document) => Some(document),
        toolshift_model::OutputContent::Text(_) => None,
    };
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    Ok(Output {
        path,
        text,
        value,
        create_only,
    })
}
