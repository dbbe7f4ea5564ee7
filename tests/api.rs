//! The library API converts as the command does: on every golden case whose flags are
//! all options of the API, `toolshift::api::convert` (on a manifest file's text) and
//! `convert_path` (on any manifest file or skill folder, with its companion files) give
//! the case's expected files, byte for byte, and the entries of its report. Its errors
//! carry the place the command's report shows.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use std::path::Path;
use toolshift::api::{
    bundle, bundle_document, convert, convert_document, convert_path, detect, validate, write,
    Error, Options,
};

/// A case's flags as the API's arguments: the target, the source dialect and the
/// options. `None` where a flag has no API argument (`--format`, `--deny`, `--bundle`).
fn api_args(case: &Path) -> Option<(String, Option<String>, Options)> {
    let args = std::fs::read_to_string(case.join("args")).ok()?;
    let mut words = args.split_whitespace();
    let (mut to, mut from, mut options) = (None, None, Options::default());
    while let Some(flag) = words.next() {
        let mut value = || words.next().map(str::to_owned);
        match flag {
            "--to" => to = value(),
            "--from" => from = value(),
            "--toolkit" => options.toolkit = value(),
            "--toolkit-version" => options.toolkit_version = value(),
            "--provider" => options.provider = value(),
            "--oauth2-url" => options.oauth2_url = value(),
            "--strict" => options.strict = true,
            "--official" => options.official = true,
            "--keep-secrets" => options.keep_secrets = true,
            "--responses" => options.responses = true,
            "--json-schema" => options.json_schema = true,
            "--scaffold" => options.scaffold = true,
            _ => return None,
        }
    }
    Some((to?, from, options))
}

#[test]
fn the_api_gives_the_golden_outputs_and_entries() {
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    let mut compared = 0;
    for case in support::golden_cases(&golden) {
        let Some((to, from, options)) = api_args(&case) else {
            continue;
        };
        // A manifest read with companion files (code, a skill folder) is the command's.
        let inputs = support::golden_input_files(&case);
        let [input] = inputs.as_slice() else {
            continue;
        };
        if input.is_dir() || std::fs::read_to_string(case.join("status")).unwrap().trim() != "0" {
            continue;
        }
        let text = std::fs::read_to_string(input).unwrap();
        let converted = convert(&text, from.as_deref(), &to, &options).unwrap();
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(case.join("report.json")).unwrap())
                .unwrap();
        let expected_entries = report["files"][0]["entries"].as_array().unwrap();
        let entries: Vec<&toolshift::api::Entry> =
            converted.iter().flat_map(|c| &c.entries).collect();
        assert_eq!(entries.len(), expected_entries.len(), "{}", case.display());
        for (entry, expected) in entries.iter().zip(expected_entries) {
            assert_eq!(entry.code.code(), expected["code"], "{}", case.display());
            assert_eq!(entry.message, expected["message"], "{}", case.display());
            assert_eq!(
                entry.line.map(serde_json::Value::from),
                expected.get("line").cloned().filter(|l| !l.is_null()),
                "{}",
                case.display()
            );
        }
        for output in converted.iter().flat_map(|c| &c.outputs) {
            let file = case.join("expected").join(&output.path);
            let written = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert_eq!(output.text, written, "{}", file.display());
        }
        compared += 1;
    }
    assert!(compared >= 20, "only {compared} golden cases compared");
}

#[test]
fn a_syntax_error_names_its_line_and_column() {
    let error = convert("{\n  \"name\": ,\n}", None, "openai", &Options::default()).unwrap_err();
    let Error::Syntax { line, column, .. } = error else {
        panic!("{error:?}");
    };
    assert_eq!((line, column), (Some(2), Some(11)));
}

#[test]
fn a_refusal_names_the_field_and_its_place() {
    let v2 = r#"{"name": "Add", "toolkit": {"name": "Math", "version": "1.0.0"},
  "inputs": {"parameters": [{"name": "a", "required": true, "value_schema": {"val_type": "array"}}]},
  "output": {"available_modes": ["value"], "value_schema": {"val_type": "number"}}}"#;
    let error = convert(v2, None, "openai", &Options::default()).unwrap_err();
    let Error::Refused { pointer, line, .. } = error else {
        panic!("{error:?}");
    };
    assert_eq!(pointer, "/inputs/parameters/0/value_schema/val_type");
    assert_eq!(line, Some(2));
}

/// Read by path, a manifest brings the files beside it: every golden case with plain
/// arguments, companions (a plugin's `.py`, a skill folder) or not, gives the expected
/// files byte for byte, and the report's codes and messages.
#[test]
fn a_path_is_read_with_its_companion_files_as_the_command_reads_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = support::Scratch::new().unwrap();
    let (mut compared, mut with_companions) = (0, 0);
    for case in support::golden_cases(&root.join("golden")) {
        let Some((to, from, options)) = api_args(&case) else {
            continue;
        };
        let status = std::fs::read_to_string(case.join("status")).unwrap();
        let Some(input) = support::golden_input(&case).filter(|_| status.trim() == "0") else {
            continue;
        };
        let input = support::loadable(&input, scratch.path());
        let converted = convert_path(&input, from.as_deref(), &to, &options)
            .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        let report: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(case.join("report.json")).unwrap())
                .unwrap();
        let expected: Vec<(&str, &str)> = report["files"][0]["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["code"].as_str().unwrap(), e["message"].as_str().unwrap()))
            .collect();
        let entries: Vec<(&str, &str)> = converted
            .iter()
            .flat_map(|c| &c.entries)
            .map(|e| (e.code.code(), e.message.as_str()))
            .collect();
        assert_eq!(entries, expected, "{}", case.display());
        let outputs: Vec<&toolshift::api::Output> =
            converted.iter().flat_map(|c| &c.outputs).collect();
        assert_eq!(
            outputs.len(),
            support::read_tree(&case.join("expected")).unwrap().len(),
            "{}",
            case.display()
        );
        for output in outputs {
            let file = case.join("expected").join(&output.path);
            let written = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert_eq!(output.text, written, "{}", file.display());
        }
        compared += 1;
        with_companions +=
            usize::from(support::golden_input_files(&case).len() > 1 || input.is_dir());
    }
    assert!(compared >= 30, "only {compared} golden cases compared");
    assert!(
        with_companions >= 5,
        "only {with_companions} cases with companions"
    );
}

/// `write` keeps the command's promises: nothing replaced without `force`, edited code
/// never replaced, and all of a tool's files or none.
#[test]
fn written_outputs_replace_only_with_force_and_never_edited_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scratch = support::Scratch::new().unwrap();
    let plugin = root.join("golden/tw-to-allm-every-rule/input.yaml");
    let converted = convert_path(&plugin, None, "anythingllm", &Options::default()).unwrap();
    let outputs = &converted[0].outputs;
    let skills = scratch.path().join("skills");
    let written = write(outputs, &skills, false).unwrap();
    for (path, output) in written.written.iter().zip(outputs) {
        assert_eq!(std::fs::read_to_string(path).unwrap(), output.text);
    }
    let [manifest, handler] = written.written.as_slice() else {
        panic!("{written:?}");
    };
    assert!(handler.ends_with("handler.js"), "{handler:?}");
    std::fs::write(handler, "// finished by hand\n").unwrap();
    std::fs::write(manifest, "{}").unwrap();
    // Without force: refused whole, the manifest untouched as well.
    let error = write(outputs, &skills, false).unwrap_err();
    assert!(
        matches!(&error, Error::Unwritable(m) if m.contains("already exists")),
        "{error:?}"
    );
    assert_eq!(std::fs::read_to_string(manifest).unwrap(), "{}");
    // With force: the manifest replaced, the edited handler kept and named.
    let again = write(outputs, &skills, true).unwrap();
    assert_eq!(again.written, std::slice::from_ref(manifest));
    assert_eq!(again.kept, std::slice::from_ref(handler));
    assert_eq!(
        std::fs::read_to_string(handler).unwrap(),
        "// finished by hand\n"
    );
    assert_eq!(std::fs::read_to_string(manifest).unwrap(), outputs[0].text);
}

#[test]
fn an_unreadable_path_is_its_own_error() {
    let scratch = support::Scratch::new().unwrap();
    let missing = scratch.path().join("missing.json");
    let error = convert_path(&missing, None, "mcp", &Options::default()).unwrap_err();
    assert!(
        matches!(&error, Error::Unreadable(m) if m.contains("missing.json")),
        "{error:?}"
    );
    // A folder of manifests is the command's to walk, and the error says so.
    let error = convert_path(scratch.path(), None, "mcp", &Options::default()).unwrap_err();
    let Error::Unreadable(message) = error else {
        panic!("{error:?}");
    };
    assert!(message.contains("holds no manifest"), "{message}");
    assert!(message.contains("toolshift convert"), "{message}");
}

/// Given as files, the second would replace the first unseen: `convert` refuses, as the
/// command does, and `bundle` writes both into one list and reports the second.
#[test]
fn a_list_naming_one_tool_twice_is_refused_unless_bundled() {
    let list = r#"{"tools": [
  {"name": "echo", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}},
  {"name": "echo", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}]}"#;
    let document: serde_json::Value = serde_json::from_str(list).unwrap();
    for to in toolshift::api::dialects() {
        let options = Options {
            toolkit: Some("Kit".into()),
            toolkit_version: Some("1.0.0".into()),
            ..Options::default()
        };
        let error = convert(list, None, to, &options).unwrap_err();
        let Error::Refused {
            pointer,
            line,
            message,
            ..
        } = error
        else {
            panic!("{to}: {error:?}");
        };
        assert_eq!((pointer.as_str(), line), ("/tools/1/name", Some(3)), "{to}");
        assert!(
            message.contains("the one named at /tools/0/name"),
            "{to}: {message}"
        );
        let error = convert_document(&document, None, to, &options).unwrap_err();
        assert!(
            matches!(error, Error::Refused { line: None, .. }),
            "{to}: {error:?}"
        );
    }
    for to in ["mcp", "openai", "anthropic", "gemini"] {
        let bundled = bundle(list, None, to, &Options::default()).unwrap();
        assert_eq!(bundled.tools.len(), 2);
        let entry = &bundled.tools[1].entries[0];
        assert_eq!(entry.code.code(), "request-limit-exceeded", "{to}");
        assert_eq!(
            bundle_document(&document, None, to, &Options::default())
                .unwrap()
                .list,
            bundled.list
        );
    }
    assert!(matches!(
        bundle(list, None, "taskweaver", &Options::default()),
        Err(Error::Dialect(_))
    ));
}

#[test]
fn unknown_dialects_and_documents_are_errors_not_guesses() {
    let tool = r#"{"name": "x", "inputSchema": {"type": "object"}}"#;
    assert!(matches!(
        convert(tool, None, "langchain", &Options::default()),
        Err(Error::Dialect(_))
    ));
    assert!(matches!(
        detect(r#"{"hello": "world"}"#),
        Err(Error::Dialect(_))
    ));
    assert_eq!(detect(tool).unwrap(), "mcp");
    assert!(validate(tool, None).unwrap().violations.is_empty());
}
