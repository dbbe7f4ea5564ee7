//! The native half of the `toolshift` Python package: `toolshift::api` called in
//! process. Results cross as JSON text, which the Python half (`python/toolshift`)
//! turns into objects; a failure raises `Failure` carrying the error as JSON.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use serde_json::{json, Value};
use toolshift::api::{self, Error, Options};

create_exception!(_toolshift, Failure, PyException);

fn failure(error: Error) -> PyErr {
    let (kind, pointer, line, column) = match &error {
        Error::Syntax { line, column, .. } => ("syntax", None, *line, *column),
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

/// An output as Python receives it: a manifest written as JSON carries no parsed value,
/// which Python reads from its text when asked (most callers want the text).
fn output_json(output: &api::Output) -> Value {
    let is_json = output.value.is_some() && output.path.ends_with(".json");
    let value = if is_json {
        &Value::Null
    } else {
        output.value.as_ref().unwrap_or(&Value::Null)
    };
    json!({"path": output.path, "text": output.text, "value": value, "json": is_json})
}

fn converted_json(converted: &[api::Converted]) -> Value {
    let tools: Vec<Value> = converted
        .iter()
        .map(|tool| {
            let outputs: Vec<Value> = tool.outputs.iter().map(output_json).collect();
            json!({"outputs": outputs, "entries": tool.entries})
        })
        .collect();
    Value::Array(tools)
}

/// Converts `text`; returns the tools as JSON, and with `bundle` the list document too.
#[pyfunction]
#[pyo3(signature = (text, to, from_=None, strict=false, official=false, bundle=false, toolkit=None, responses=false, json_schema=false, keep_secrets=false))]
#[allow(clippy::too_many_arguments)]
fn convert(
    py: Python<'_>,
    text: &str,
    to: &str,
    from_: Option<&str>,
    strict: bool,
    official: bool,
    bundle: bool,
    toolkit: Option<String>,
    responses: bool,
    json_schema: bool,
    keep_secrets: bool,
) -> PyResult<String> {
    let options = Options {
        strict,
        official,
        toolkit,
        responses,
        json_schema,
        keep_secrets,
        ..Options::default()
    };
    py.detach(|| {
        let mut converted = api::convert(text, from_, to, &options).map_err(failure)?;
        let bundled = if bundle {
            let output = api::bundle(to, &mut converted).map_err(failure)?;
            output_json(&output)
        } else {
            Value::Null
        };
        Ok(json!({"tools": converted_json(&converted), "bundle": bundled}).to_string())
    })
}

#[pyfunction]
fn detect(text: &str) -> PyResult<String> {
    api::detect(text).map(str::to_owned).map_err(failure)
}

#[pyfunction]
#[pyo3(signature = (text, dialect=None))]
fn validate(text: &str, dialect: Option<&str>) -> PyResult<String> {
    let validation = api::validate(text, dialect).map_err(failure)?;
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
    m.add_function(wrap_pyfunction!(dialects, m)?)?;
    Ok(())
}
