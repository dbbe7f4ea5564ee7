//! `toolshift inspect` and `toolshift diff`: any manifest in the canonical view, and two
//! manifests compared in it (`docs/review.md`).

use crate::cli::{DiffFormat, Format};
use crate::view::{differences, short, view, Difference};
use crate::{input, registry};
use serde_json::{Map, Value};
use std::path::Path;
use std::process::ExitCode;
use toolshift_model::{Dialect, Source, Tool};

/// The tools of one manifest: one, or each of a list document's, in order.
fn tools(path: &Path, from: Option<&'static dyn Dialect>) -> Result<Vec<Tool>, String> {
    let shown = path.display();
    let loaded = input::load(path).map_err(|e| format!("{shown}: {e}"))?;
    let dialect = match from {
        Some(dialect) => dialect,
        None => registry::detect(&loaded.document).map_err(|e| format!("{shown}: {e}"))?,
    };
    toolshift_model::dialect::tool_documents(dialect, &loaded.document)
        .into_iter()
        .map(|(pointer, document)| {
            let source = Source {
                document,
                ..loaded.source(None)
            };
            dialect
                .read(&source)
                .map(|imported| imported.tool)
                .map_err(|e| format!("{shown}: {pointer}{e}"))
        })
        .collect()
}

/// One tool's view, or a list document's as `{"tools": {NAME: view}}`.
fn views(tools: &[Tool]) -> Value {
    match tools {
        [one] => view(one),
        many => {
            let named: Map<String, Value> =
                many.iter().map(|t| (t.name.clone(), view(t))).collect();
            let mut wrapper = Map::new();
            wrapper.insert("tools".into(), Value::Object(named));
            Value::Object(wrapper)
        }
    }
}

fn render(value: &Value, format: Format) -> String {
    match format {
        Format::Yaml => toolshift_syntax::yaml::to_yaml(value),
        Format::Json => {
            let mut text = serde_json::to_string_pretty(value).unwrap_or_default();
            text.push('\n');
            text
        }
    }
}

pub fn inspect(
    paths: &[std::path::PathBuf],
    from: Option<&'static dyn Dialect>,
    format: Format,
) -> ExitCode {
    let mut failed = false;
    for (index, path) in paths.iter().enumerate() {
        match tools(path, from) {
            Ok(tools) => {
                if paths.len() > 1 {
                    // Several inputs: YAML documents, or one JSON value per line group.
                    if format == Format::Yaml {
                        println!("--- # {}", path.display());
                    } else if index > 0 {
                        println!();
                    }
                }
                print!("{}", render(&views(&tools), format));
            }
            Err(error) => {
                eprintln!("{error}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

pub fn diff(
    before: &Path,
    after: &Path,
    from: Option<&'static dyn Dialect>,
    report: DiffFormat,
) -> ExitCode {
    let (a, b) = match (tools(before, from), tools(after, from)) {
        (Ok(a), Ok(b)) => (a, b),
        (a, b) => {
            for error in [a.err(), b.err()].into_iter().flatten() {
                eprintln!("{error}");
            }
            return ExitCode::from(2);
        }
    };
    let found = differences(&views(&a), &views(&b));
    match report {
        DiffFormat::Text => {
            for difference in &found {
                println!(
                    "{}: {} → {}",
                    difference.path,
                    short(&difference.before, &difference.after),
                    short(&difference.after, &difference.before)
                );
            }
            eprintln!(
                "toolshift: {} and {}: {}",
                before.display(),
                after.display(),
                match found.len() {
                    0 => "the same tool".to_owned(),
                    1 => "1 difference".to_owned(),
                    n => format!("{n} differences"),
                }
            );
        }
        DiffFormat::Json => {
            let listed: Vec<Value> = found.iter().map(as_json).collect();
            let document = serde_json::json!({
                "before": before.display().to_string(),
                "after": after.display().to_string(),
                "equal": found.is_empty(),
                "differences": listed,
            });
            println!(
                "{}",
                serde_json::to_string_pretty(&document).unwrap_or_default()
            );
        }
        DiffFormat::None => {}
    }
    if found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn as_json(difference: &Difference) -> Value {
    serde_json::json!({
        "path": difference.path,
        "before": difference.before,
        "after": difference.after,
    })
}
