//! The native half of the `toolshift` Python package: `toolshift::api` called in
//! process. `convert`'s results cross as tuples and lists, which the Python half
//! (`python/toolshift`) wraps in its classes; the others' as JSON text. A failure raises
//! `Failure` carrying the error as JSON.

// The engine makes many small strings per tool, and glibc's malloc and free were over
// two fifths of a call's time; mimalloc, as the command uses, made a call about a third
// faster (docs/performance.md). It serves this module's Rust allocations only: Python
// objects keep Python's own allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod document;

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::{json, Value};
use toolshift::api::{self, Error, Options};

create_exception!(_toolshift, Failure, PyException);

fn failure(error: Error) -> PyErr {
    let (kind, pointer, line, column) = match &error {
        Error::Syntax { line, column, .. } => ("syntax", None, *line, *column),
        Error::Unreadable(_) => ("unreadable", None, None, None),
        Error::Unwritable(_) => ("unwritable", None, None, None),
        Error::Dialect(_) => ("dialect", None, None, None),
        Error::Refused {
            pointer,
            line,
            column,
            ..
        } => ("refused", Some(pointer.as_str()), *line, *column),
    };
    let payload = json!({
        "kind": kind,
        "message": error.to_string(),
        "pointer": pointer,
        "line": line,
        "column": column,
    });
    Failure::new_err(payload.to_string())
}

/// An output as Python receives it: its path, its text, whether that text is the JSON
/// Python reads its value from when asked, and else that JSON (a YAML manifest's;
/// `None` for code), and whether it is generated code never replaced once written.
/// A JSON manifest's text crosses once, not twice.
type PyOutput = (String, String, bool, Option<String>, bool);
/// An entry as Python receives it, in the order of `toolshift.Entry`'s fields.
type PyEntry = (
    &'static str,
    &'static str,
    String,
    String,
    String,
    Option<usize>,
    Option<usize>,
);
/// What `convert` returns: the outputs (every tool's, or with `bundle` the list
/// document) and every tool's entries, each in order: Python wants them flat, and
/// building a list pair per tool for it to flatten cost more than the entries.
type PyConverted = (Vec<PyOutput>, Vec<PyEntry>);

fn py_output(output: api::Output) -> PyOutput {
    let text_is_json = output.value.is_some() && output.path.ends_with(".json");
    let value = match &output.value {
        Some(value) if !text_is_json => Some(value.to_string()),
        _ => None,
    };
    (
        output.path,
        output.text,
        text_is_json,
        value,
        output.create_only,
    )
}

fn py_entry(entry: api::Entry) -> PyEntry {
    (
        entry.code.code(),
        entry.severity.as_str(),
        entry.source,
        entry.target,
        entry.message,
        entry.line,
        entry.column,
    )
}

fn py_converted(converted: Vec<api::Converted>, bundled: Option<api::Output>) -> PyConverted {
    let mut outputs = Vec::new();
    let mut entries = Vec::new();
    for tool in converted {
        if bundled.is_none() {
            outputs.extend(tool.outputs.into_iter().map(py_output));
        }
        entries.extend(tool.entries.into_iter().map(py_entry));
    }
    outputs.extend(bundled.map(py_output));
    (outputs, entries)
}

/// Converts `source`; returns every tool's outputs (with `bundle`, the list document
/// alone) and entries. Built as Python objects here: a JSON text that Python parsed
/// again was a fifth of a call's time.
/// `source` is the manifest's text, a path to read it from with its companion files
/// (`path`), or a `dict` or `list` the caller parsed, which has no text of theirs to
/// place anything in by line and column.
#[pyfunction]
#[pyo3(signature = (source, to, from_=None, strict=false, official=false, bundle=false, toolkit=None, responses=false, json_schema=false, keep_secrets=false, path=false, toolkit_version=None, provider=None, oauth2_url=None, scaffold=false))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    to: &str,
    from_: Option<&str>,
    strict: bool,
    official: bool,
    bundle: bool,
    toolkit: Option<String>,
    responses: bool,
    json_schema: bool,
    keep_secrets: bool,
    path: bool,
    toolkit_version: Option<String>,
    provider: Option<String>,
    oauth2_url: Option<String>,
    scaffold: bool,
) -> PyResult<PyConverted> {
    let options = Options {
        strict,
        official,
        toolkit,
        toolkit_version,
        provider,
        oauth2_url,
        scaffold,
        responses,
        json_schema,
        keep_secrets,
        ..Options::default()
    };
    let input = match source.cast::<PyString>() {
        Ok(text) if path => Input::Path(std::path::Path::new(text.to_str()?)),
        Ok(text) => Input::Text(text.to_str()?),
        Err(_) => Input::Document(document::json_value(source, 0).map_err(unreadable)?),
    };
    py.detach(|| {
        let (converted, bundled) = match (&input, bundle) {
            (Input::Text(text), false) => api::convert(text, from_, to, &options).map(alone),
            (Input::Path(path), false) => api::convert_path(path, from_, to, &options).map(alone),
            (Input::Document(document), false) => {
                api::convert_document(document, from_, to, &options).map(alone)
            }
            (Input::Text(text), true) => api::bundle(text, from_, to, &options).map(listed),
            (Input::Path(path), true) => api::bundle_path(path, from_, to, &options).map(listed),
            (Input::Document(document), true) => {
                api::bundle_document(document, from_, to, &options).map(listed)
            }
        }
        .map_err(failure)?;
        Ok(py_converted(converted, bundled))
    })
}

/// Tools converted one file each: no list document.
fn alone(tools: Vec<api::Converted>) -> (Vec<api::Converted>, Option<api::Output>) {
    (tools, None)
}

/// Tools put in one list document.
fn listed(bundle: api::Bundle) -> (Vec<api::Converted>, Option<api::Output>) {
    (bundle.tools, Some(bundle.list))
}

/// What `convert` reads: text, a file or skill folder (with its companion files), or a
/// value already parsed.
enum Input<'a> {
    Text(&'a str),
    Path(&'a std::path::Path),
    Document(Value),
}

fn unreadable(error: document::Unreadable) -> PyErr {
    match error {
        document::Unreadable::NotJson(document::NotJson(message)) => failure(api::Error::Syntax {
            message: format!("the value is not JSON: {message}"),
            line: None,
            column: None,
        }),
        document::Unreadable::Python(error) => error,
    }
}

#[pyfunction]
#[pyo3(signature = (text, path=false))]
fn detect(text: &str, path: bool) -> PyResult<String> {
    if path {
        api::detect_path(std::path::Path::new(text))
    } else {
        api::detect(text)
    }
    .map(str::to_owned)
    .map_err(failure)
}

/// Validates `text`, or the file or skill folder it names (`path`) with the files
/// beside it.
#[pyfunction]
#[pyo3(signature = (text, dialect=None, path=false))]
fn validate(text: &str, dialect: Option<&str>, path: bool) -> PyResult<String> {
    let validation = if path {
        api::validate_path(std::path::Path::new(text), dialect)
    } else {
        api::validate(text, dialect)
    }
    .map_err(failure)?;
    let problems = |list: &[api::Problem]| -> Vec<Value> {
        list.iter()
            .map(|p| json!({"pointer": p.pointer, "message": p.message}))
            .collect()
    };
    Ok(json!({
        "dialect": validation.dialect,
        "violations": problems(&validation.violations),
        "warnings": problems(&validation.warnings),
    })
    .to_string())
}

/// Writes outputs (path, text, generated code) under `folder` as `api::write` does;
/// returns the paths written and those kept.
#[pyfunction]
#[pyo3(signature = (outputs, folder, force=false))]
fn write(
    py: Python<'_>,
    outputs: Vec<(String, String, bool)>,
    folder: std::path::PathBuf,
    force: bool,
) -> PyResult<(Vec<String>, Vec<String>)> {
    let outputs: Vec<api::Output> = outputs
        .into_iter()
        .map(|(path, text, create_only)| api::Output {
            path,
            text,
            value: None,
            create_only,
        })
        .collect();
    let written = py
        .detach(|| api::write(&outputs, &folder, force))
        .map_err(failure)?;
    let text = |paths: Vec<std::path::PathBuf>| -> Vec<String> {
        paths
            .into_iter()
            .map(|path| path.to_string_lossy().into_owned())
            .collect()
    };
    Ok((text(written.written), text(written.kept)))
}

#[pyfunction]
fn explain(code: &str) -> Option<String> {
    api::explain(code)
}

#[pyfunction]
fn dialects() -> Vec<&'static str> {
    api::dialects()
}

#[pymodule]
fn _toolshift(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("Failure", m.py().get_type::<Failure>())?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    m.add_function(wrap_pyfunction!(detect, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(write, m)?)?;
    m.add_function(wrap_pyfunction!(dialects, m)?)?;
    Ok(())
}
