//! Helpers shared by the integration tests: a scratch folder, running the built
//! binary, reading a written tree, and validating outputs against the schemas.

#![allow(dead_code)]
// Helpers that cannot set up a fixture should fail the test loudly, in whichever test
// file includes them.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use toolshift::input_file::FileSystem;
use toolshift_model::{Dialect, Source};

pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new() -> Result<Self, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "toolshift-test-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).map_err(|e| e.to_string())?;
        Ok(Scratch(path))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

pub fn run_toolshift(dir: &Path, args: &[String], stdin: Option<&str>) -> Result<Run, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start toolshift: {e}"))?;
    if let Some(mut pipe) = child.stdin.take() {
        if let Some(text) = stdin {
            pipe.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        }
    }
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    Ok(Run {
        status: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}

/// Every file below `dir`, by `/`-separated relative path.
pub fn read_tree(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    let mut files = BTreeMap::new();
    if !dir.exists() {
        return Ok(files);
    }
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                let relative = path.strip_prefix(dir).map_err(|e| e.to_string())?;
                let name = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                files.insert(name, std::fs::read(&path).map_err(|e| e.to_string())?);
            }
        }
    }
    Ok(files)
}

pub fn all_dialects() -> impl Iterator<Item = &'static dyn Dialect> {
    toolshift::registry::DIALECTS.iter().copied()
}

pub fn dialect(id: &str) -> Option<&'static dyn Dialect> {
    toolshift::registry::by_id(id).ok()
}

/// Parses a written manifest (JSON or YAML) and checks it against the dialect's schema.
pub fn validate_output(dialect_id: &str, name: &str, bytes: &[u8]) -> Result<(), String> {
    check_output(dialect_id, name, bytes, validate_document)
}

/// Parses a written manifest and checks it against the dialect's schema as published.
pub fn validate_output_official(dialect_id: &str, name: &str, bytes: &[u8]) -> Result<(), String> {
    check_output(dialect_id, name, bytes, validate_official)
}

/// Parses a written manifest (a `.json` or `.yaml` file; other files pass) and checks it.
fn check_output(
    dialect_id: &str,
    name: &str,
    bytes: &[u8],
    check: fn(&dyn Dialect, &serde_json::Value) -> Result<(), String>,
) -> Result<(), String> {
    if !(name.ends_with(".json") || name.ends_with(".yaml")) {
        return Ok(());
    }
    let dialect = dialect(dialect_id).ok_or_else(|| format!("unknown dialect {dialect_id}"))?;
    let text = std::str::from_utf8(bytes).map_err(|e| format!("{name}: {e}"))?;
    let (document, _) =
        toolshift_syntax::syntax::parse(text).map_err(|e| format!("{name}: {e}"))?;
    check(dialect, &document).map_err(|e| format!("{name}: {e}"))
}

/// Checks a manifest against the schema its dialect's outputs must satisfy.
pub fn validate_document(
    dialect: &dyn Dialect,
    document: &serde_json::Value,
) -> Result<(), String> {
    validate_with(dialect, dialect.output_schema(), document)
}

/// Checks a manifest against its dialect's schema exactly as published.
pub fn validate_official(
    dialect: &dyn Dialect,
    document: &serde_json::Value,
) -> Result<(), String> {
    validate_with(dialect, dialect.official_schema(), document)
        .map_err(|e| e.replacen("fails the", "fails the official", 1))
}

fn validate_with(
    dialect: &dyn Dialect,
    schema: Result<serde_json::Value, toolshift_model::DialectError>,
    document: &serde_json::Value,
) -> Result<(), String> {
    let schema = schema.map_err(|e| e.to_string())?;
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .map_err(|e| format!("schema: {e}"))?;
    // A list document (an MCP `tools/list` result, an OpenAI `tools` array) is valid
    // when each of its tools is.
    let tools = toolshift_model::dialect::tool_documents(dialect, document);
    let errors: Vec<String> = tools
        .iter()
        .flat_map(|(pointer, tool)| {
            validator
                .iter_errors(tool)
                .map(move |e| format!("{pointer}{}: {e}", e.instance_path()))
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "fails the {} schema: {}",
            dialect.id(),
            errors.join("; ")
        ))
    }
}

/// A golden case's input manifest: `input.json`, `input.yaml`, the skill folder `input`;
/// never a companion such as `input.py`.
pub fn golden_input(case: &Path) -> Option<PathBuf> {
    let mut inputs = golden_input_files(case);
    inputs.retain(|p| !p.extension().is_some_and(|e| e == "py" || e == "js"));
    inputs.into_iter().next()
}

/// Every `input*` entry of a golden case: the manifest and its companions.
pub fn golden_input_files(case: &Path) -> Vec<PathBuf> {
    let mut inputs: Vec<PathBuf> = std::fs::read_dir(case)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("input"))
                })
                .collect()
        })
        .unwrap_or_default();
    inputs.sort();
    inputs
}

/// AnythingLLM finds a skill only in a folder named after its hubId; a golden input
/// folder is named `input`, so it is read, converted and checked from a copy under
/// `scratch` that is. Anything else is returned as it is.
pub fn loadable(path: &Path, scratch: &Path) -> PathBuf {
    let Ok((manifest, _)) = read_manifest(path) else {
        return path.to_path_buf();
    };
    let hub_id = manifest["hubId"].as_str().unwrap_or_default();
    if !path.is_dir() || hub_id.is_empty() || path.file_name().is_some_and(|n| n == hub_id) {
        return path.to_path_buf();
    }
    if check_file_name(hub_id).is_err() {
        return path.to_path_buf();
    }
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let copy = scratch
        .join(format!(
            "originals/{}",
            NEXT.fetch_add(1, Ordering::Relaxed)
        ))
        .join(hub_id);
    if copy_tree(path, &copy).is_err() {
        return path.to_path_buf();
    }
    copy
}

/// Whether a name is safe as a single path component (no separator, no `..`).
pub fn check_file_name(name: &str) -> Result<(), String> {
    toolshift_model::dialect::check_file_name(name).map_err(|e| e.to_string())
}

/// Copies a file, or a folder with everything in it (an AnythingLLM skill input).
pub fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    if from.is_dir() {
        std::fs::create_dir_all(to).map_err(|e| e.to_string())?;
        for entry in std::fs::read_dir(from)
            .map_err(|e| e.to_string())?
            .flatten()
        {
            copy_tree(&entry.path(), &to.join(entry.file_name()))?;
        }
        Ok(())
    } else {
        std::fs::copy(from, to)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", from.display()))
    }
}

/// Generated code must at least parse: `node --check` for handlers, Python's parser
/// for plugin stubs. Where the interpreter is missing, a notice says the check was skipped.
pub fn check_code(name: &str, bytes: &[u8]) -> Result<(), String> {
    let (program, args): (&str, Vec<String>) = if name.ends_with(".js") {
        ("node", vec!["--check".into()])
    } else if name.ends_with(".py") {
        (
            "python3",
            vec![
                "-c".into(),
                "import ast, sys; ast.parse(open(sys.argv[1]).read())".into(),
            ],
        )
    } else {
        return Ok(());
    };
    let scratch = Scratch::new()?;
    let file = scratch.path().join(name.rsplit('/').next().unwrap_or(name));
    std::fs::write(&file, bytes).map_err(|e| e.to_string())?;
    match Command::new(program).args(&args).arg(&file).output() {
        Ok(output) if output.status.success() => Ok(()),
        Ok(output) => Err(format!(
            "{name} does not parse ({program}): {}",
            String::from_utf8_lossy(&output.stderr)
        )),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("notice: {program} is not installed; {name} was not checked");
            Ok(())
        }
        Err(error) => Err(format!("cannot run {program}: {error}")),
    }
}

/// The corpus's manifests of the dialects we read, folder by folder, each folder sorted:
/// skill folders, YAML files, and JSON files that are not schemas.
pub fn corpus_manifests(corpus: &Path) -> Vec<PathBuf> {
    let mut manifests = Vec::new();
    for folder in ["arcade", "arcade-sdk", "taskweaver", "anythingllm"] {
        manifests.extend(
            corpus_entries(&corpus.join(folder))
                .into_iter()
                .filter(|p| {
                    let name = p
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned();
                    p.join("plugin.json").is_file()
                        || name.ends_with(".yaml")
                        || (name.ends_with(".json") && !name.contains("schema"))
                }),
        );
    }
    manifests
}

/// The entries of a corpus folder, sorted: its files and skill folders, and the files of
/// its other folders one level down (`arcade-sdk/<Toolkit>/<Tool>.json`).
pub fn corpus_entries(folder: &Path) -> Vec<PathBuf> {
    let list = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir)
            .map(|entries| entries.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    let mut entries = Vec::new();
    for path in list(folder) {
        if path.is_dir() && !path.join("plugin.json").is_file() {
            entries.extend(list(&path).into_iter().filter(|p| p.is_file()));
        } else {
            entries.push(path);
        }
    }
    entries.sort();
    entries
}

/// A manifest file or skill folder as the CLI reads it: the parsed manifest, and the
/// folder its companion files sit in.
pub fn read_manifest(path: &Path) -> Result<(serde_json::Value, Option<PathBuf>), String> {
    let (manifest, dir) = if path.is_dir() {
        (path.join("plugin.json"), Some(path.to_path_buf()))
    } else {
        (path.to_path_buf(), path.parent().map(Path::to_path_buf))
    };
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    let (value, _) = toolshift_syntax::syntax::parse(&text)
        .map_err(|e| format!("{}: {e}", manifest.display()))?;
    Ok((value, dir))
}

/// An entry's `line` and `column` name a place inside the input's text.
pub fn check_position(input: &Path, entry: &serde_json::Value) -> Result<(), String> {
    let manifest = if input.is_dir() {
        input.join("plugin.json")
    } else {
        input.to_path_buf()
    };
    let text = std::fs::read_to_string(&manifest).map_err(|e| e.to_string())?;
    let (Some(line), Some(column)) = (entry["line"].as_u64(), entry["column"].as_u64()) else {
        return Err(format!("entry without a line and column: {entry}"));
    };
    let text_line = text
        .lines()
        .nth(
            usize::try_from(line)
                .unwrap_or(usize::MAX)
                .saturating_sub(1),
        )
        .ok_or_else(|| {
            format!(
                "line {line} is past the end of {}: {entry}",
                manifest.display()
            )
        })?;
    let width = text_line.trim_start_matches('\u{feff}').chars().count() as u64;
    if column == 0 || column > width + 1 {
        return Err(format!(
            "column {column} is outside line {line} ({width} characters): {entry}"
        ));
    }
    Ok(())
}

/// Every `.yaml` and `.yml` file below `folder`, appended to `out`.
pub fn yaml_files(folder: &Path, out: &mut Vec<PathBuf>) {
    files_ending(folder, &["yaml", "yml"], out);
}

/// Every file below `folder` (none if it cannot be read) whose extension is one of
/// `extensions`.
pub fn files_ending(folder: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_ending(&path, extensions, out);
        } else if path
            .extension()
            .is_some_and(|e| extensions.iter().any(|wanted| e == *wanted))
        {
            out.push(path);
        }
    }
}

/// A JSON scalar for property tests: null, a boolean, an integer, a finite number, or
/// one of `strings`, which each test draws for what it exercises (escapes, dialect
/// words); `string_weight` is how many of the other kinds' chances a string has.
pub fn json_scalar(
    strings: impl proptest::strategy::Strategy<Value = String> + 'static,
    string_weight: u32,
) -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
    use proptest::prelude::*;
    use serde_json::Value;
    prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        1 => any::<i64>().prop_map(Value::from),
        1 => any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(Value::from),
        string_weight => strings.prop_map(Value::from),
    ]
}

/// One input the property tests convert: its name, its dialect, the parsed manifest and
/// the folder its companion files sit in.
pub struct Document {
    pub name: String,
    pub dialect: &'static dyn Dialect,
    pub value: serde_json::Value,
    pub dir: Option<PathBuf>,
}

/// A manifest file or skill folder, parsed and placed; `None` for what is not one,
/// or what its own dialect refuses.
pub fn load(path: &Path, name: String) -> Option<Document> {
    let (value, dir) = read_manifest(path).ok()?;
    let dialect = all_dialects()
        .max_by_key(|d| d.detect(&value))
        .filter(|d| d.detect(&value) > 0)?;
    let source = Source::new(&name, dir.as_deref(), &value, &FileSystem);
    // Inputs the dialect itself refuses (the bad-input goldens) are not documents.
    dialect.read(&source).ok()?;
    Some(Document {
        name,
        dialect,
        value,
        dir,
    })
}

/// A document's source, reading the files beside it from disk.
pub fn source_of(document: &Document) -> Source<'_> {
    Source::new(
        &document.name,
        document.dir.as_deref(),
        &document.value,
        &FileSystem,
    )
}

/// The golden case folders, in name order.
pub fn golden_cases(golden: &Path) -> Vec<PathBuf> {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(golden)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    cases.sort();
    cases
}

pub fn golden_documents(golden: &Path, scratch: &Path) -> Vec<Document> {
    golden_cases(golden)
        .iter()
        .filter_map(|case| {
            let input = loadable(&golden_input(case)?, scratch);
            load(
                &input,
                format!("golden/{}", case.file_name()?.to_string_lossy()),
            )
        })
        .collect()
}

/// Every golden input, then every corpus manifest when `TOOLSHIFT_CORPUS` names the
/// corpus (returned too, for the callers that read more of it).
pub fn test_documents(scratch: &Path) -> (Vec<Document>, Option<PathBuf>) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = golden_documents(&root.join("golden"), scratch);
    let corpus = std::env::var_os("TOOLSHIFT_CORPUS").map(PathBuf::from);
    if let Some(corpus) = &corpus {
        documents.extend(corpus_documents(corpus));
    }
    (documents, corpus)
}

pub fn corpus_documents(corpus: &Path) -> Vec<Document> {
    let paths = corpus_manifests(corpus);
    let documents: Vec<Document> = paths
        .iter()
        .filter_map(|path| {
            let relative = path
                .strip_prefix(corpus)
                .unwrap_or(path)
                .display()
                .to_string();
            load(path, format!("corpus/{relative}"))
        })
        .collect();
    assert!(
        !documents.is_empty(),
        "TOOLSHIFT_CORPUS names a folder with no manifests: {}",
        corpus.display()
    );
    documents
}

/// Segment-wise prefix; the root covers only itself.
pub fn covers(pointer: &str, path: &str) -> bool {
    if pointer.is_empty() {
        return path.is_empty();
    }
    path == pointer
        || path
            .strip_prefix(pointer)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// A renamed key moves its subtree: a `name-sanitized` entry at `parent/old` also covers
/// `parent/new/...`, where its message names `new` as what was written. Arrays keep the
/// place, so this matters only where names are keys (AnythingLLM's `entrypoint.params`,
/// JSON Schema `properties`).
pub fn renamed(code: &str, message: &str, pointer: &str, path: &str) -> bool {
    if code != "name-sanitized" {
        return false;
    }
    let Some((parent, _)) = pointer.rsplit_once('/') else {
        return false;
    };
    let Some(rest) = path.strip_prefix(parent).and_then(|r| r.strip_prefix('/')) else {
        return false;
    };
    let key = rest.split('/').next().unwrap_or_default();
    message.contains(&format!(
        "written as `{}`",
        key.replace("~1", "/").replace("~0", "~")
    ))
}

/// A test that fails with `problems`, one a line, where there are any.
pub fn trial(name: String, problems: Vec<String>) -> libtest_mimic::Trial {
    libtest_mimic::Trial::test(name, move || {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(libtest_mimic::Failed::from(problems.join("\n")))
        }
    })
}
