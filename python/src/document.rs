//! A `dict` or `list` the caller parsed, read as the JSON value `json.dumps` would have
//! written, without that round trip through text: `json.dumps` and parsing its text
//! again were over a third of a call's time on the MCP corpus (docs/performance.md).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

/// As deep as serde_json parses, which `json.dumps` text was read with before.
const MAX_DEPTH: usize = 128;

/// Why a Python value has no JSON value; the caller turns it into a `SyntaxError`.
pub struct NotJson(pub String);

/// What went wrong: a value JSON cannot hold, or one `json.dumps` refuses (its
/// `TypeError`, raised as it would be).
pub enum Unreadable {
    NotJson(NotJson),
    Python(PyErr),
}

impl From<PyErr> for Unreadable {
    fn from(error: PyErr) -> Self {
        Unreadable::Python(error)
    }
}

fn not_json(message: impl Into<String>) -> Unreadable {
    Unreadable::NotJson(NotJson(message.into()))
}

/// `object` as JSON: `dict` an object, `list` and `tuple` arrays, `str`, `int`, `float`,
/// `bool` and `None` as `json.dumps` writes them.
pub fn json_value(object: &Bound<'_, PyAny>, depth: usize) -> Result<Value, Unreadable> {
    if depth > MAX_DEPTH {
        return Err(not_json(format!("nested deeper than {MAX_DEPTH} levels")));
    }
    if object.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(text) = object.cast::<PyString>() {
        return Ok(Value::String(text.to_str()?.to_owned()));
    }
    // Before `int`: a `bool` is one.
    if let Ok(flag) = object.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if let Ok(integer) = object.cast::<PyInt>() {
        return integer_value(integer);
    }
    if let Ok(float) = object.cast::<PyFloat>() {
        return Number::from_f64(float.value())
            .map(Value::Number)
            .ok_or_else(|| not_json("NaN and Infinity are not JSON numbers"));
    }
    if let Ok(dict) = object.cast::<PyDict>() {
        let mut map = Map::with_capacity(dict.len());
        for (key, value) in dict.iter() {
            map.insert(key_text(&key)?, json_value(&value, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(list) = object.cast::<PyList>() {
        return items(list.iter(), depth);
    }
    if let Ok(tuple) = object.cast::<PyTuple>() {
        return items(tuple.iter(), depth);
    }
    let kind = object.get_type().name()?;
    Err(Unreadable::Python(PyTypeError::new_err(format!(
        "Object of type {kind} is not JSON serializable"
    ))))
}

fn items<'py>(
    items: impl Iterator<Item = Bound<'py, PyAny>>,
    depth: usize,
) -> Result<Value, Unreadable> {
    items
        .map(|item| json_value(&item, depth + 1))
        .collect::<Result<Vec<Value>, Unreadable>>()
        .map(Value::Array)
}

/// An `int` past 64 bits reads as the float its digits parse to, as serde_json read
/// `json.dumps`'s digits.
fn integer_value(integer: &Bound<'_, PyInt>) -> Result<Value, Unreadable> {
    if let Ok(small) = integer.extract::<i64>() {
        return Ok(Value::from(small));
    }
    if let Ok(large) = integer.extract::<u64>() {
        return Ok(Value::from(large));
    }
    let digits = integer.str()?;
    digits
        .to_str()?
        .parse::<f64>()
        .ok()
        .and_then(Number::from_f64)
        .map(Value::Number)
        .ok_or_else(|| not_json(format!("the integer {digits} is out of range")))
}

/// A key as `json.dumps` writes it: `str` as it is, and `int`, `float`, `bool` and
/// `None` as their JSON text.
fn key_text(key: &Bound<'_, PyAny>) -> Result<String, Unreadable> {
    if let Ok(text) = key.cast::<PyString>() {
        return Ok(text.to_str()?.to_owned());
    }
    if key.is_none() {
        return Ok("null".into());
    }
    if let Ok(flag) = key.cast::<PyBool>() {
        return Ok(if flag.is_true() { "true" } else { "false" }.into());
    }
    if key.is_instance_of::<PyInt>() {
        return Ok(key.str()?.to_str()?.to_owned());
    }
    if let Ok(float) = key.cast::<PyFloat>() {
        return Ok(match float.value() {
            value if value.is_nan() => "NaN".into(),
            value if value == f64::INFINITY => "Infinity".into(),
            value if value == f64::NEG_INFINITY => "-Infinity".into(),
            _ => key.repr()?.to_str()?.to_owned(),
        });
    }
    let kind = key.get_type().name()?;
    Err(Unreadable::Python(PyTypeError::new_err(format!(
        "keys must be str, int, float, bool or None, not {kind}"
    ))))
}
