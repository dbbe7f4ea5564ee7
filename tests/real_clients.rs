//! The programs that load toolshift's outputs, run on them: the Arcade SDK's model,
//! TaskWeaver's plugin loader and AnythingLLM's skill loader, through the checkers in
//! `../shared/real-clients/` (each runs the upstream code; see its README).
//!
//! Runs only when `TOOLSHIFT_REAL_CLIENTS` names that folder (`.ci/run` sets it, and sets
//! `TOOLSHIFT_CORPUS` so the corpus is included). Each checker runs once, over every path.
//!
//! The `mcp`, `openai`, `anthropic` and `gemini` outputs are judged by the official
//! SDKs' own types, through `checkers/sdk-types/check` in this repository (pinned `mcp`,
//! `openai`, `anthropic` and `google-genai` packages).
//!
//! 1. Loads: every golden output and every conversion of a golden input or corpus document
//!    to `arcade`, `taskweaver` (with `--scaffold`), `anythingllm`, `mcp`, `openai`,
//!    `anthropic`, `gemini`, `openai --strict` and `anthropic --strict` is accepted, with no
//!    ignored key, and without the warnings that mean a broken tool: a TaskWeaver prompt
//!    that is not valid Python or an example it cannot use, an AnythingLLM secret shown in
//!    clear text or an example call it cannot use. The only exceptions are in
//!    `EXCEPTIONS`: same-dialect conversions of inputs whose original fails the same
//!    loader (the same way, or by being rejected outright), each with its reason; the
//!    test checks that the original really does.
//! 2. The model sees the same (`docs/properties.md`, property 6): what each client shows
//!    the model (the Arcade SDK's normalized definition and its OpenAI and Anthropic
//!    forms; the TaskWeaver prompt, planner line and function definition; the
//!    AnythingLLM function definition and examples) is unchanged by an identity
//!    conversion, and in A → B → A every difference in it is covered by an entry of one
//!    of the two reports.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{all_dialects, read_manifest, run_toolshift, Scratch};

/// The dialects whose loader (or SDK types) has a checker.
const CLIENTS: [&str; 7] = [
    "arcade",
    "taskweaver",
    "anythingllm",
    "mcp",
    "openai",
    "anthropic",
    "gemini",
];
/// The targets the SDK checker judges (`checkers/sdk-types`), with no loader of their own.
const SDK_TYPES: [&str; 4] = ["mcp", "openai", "anthropic", "gemini"];

/// Same-dialect conversions that keep a problem of their input, because a conversion
/// to the same dialect copies what is there rather than guessing a repair. Each is
/// (the start of the output's label: its input, problem prefix, reason).
const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "golden/allm-",
        "setup_args.WEATHER_API_KEY looks like a secret",
        "the golden weather skill reproduces a common real-world choice, a text input for a key; a same-dialect copy keeps the author's input type",
    ),
    (
        "golden/allm-",
        "examples[1].call passes max-age",
        "the golden weather skill's example passes a name that is not a parameter, as real skills do, to test how each target handles it",
    ),
    (
        "golden/allm-odd-examples-to-tw",
        "examples[",
        "the golden skill's examples are odd on purpose (unknown arguments, a call that is not JSON), to test how each target handles them",
    ),
    (
        "golden/allm-to-tw-renamed-example-args",
        "examples[1].call passes FX_API_KEY",
        "the golden skill's example sets its API key as an argument, as real skills do, to test that TaskWeaver output drops it",
    ),
    (
        "corpus/anythingllm/medium-draft-publisher",
        "setup_args.MEDIUM_API_TOKEN looks like a secret",
        "the author chose a text input for the token; a same-dialect copy keeps the author's input type",
    ),
    (
        "corpus/anythingllm/stability-ai-image",
        "setup_args.STABILITY_API_KEY looks like a secret",
        "the author chose a text input for the key; a same-dialect copy keeps the author's input type",
    ),
    (
        "corpus/anythingllm/openai-text-to-audio",
        "setup_args.OPENAI_API_KEY looks like a secret",
        "the author chose a text input for the key; a same-dialect copy keeps the author's input type",
    ),
    (
        "corpus/anythingllm/openai-text-to-audio",
        "examples[",
        "the author's examples set setup arguments (AUDIO_SPEED) as call arguments; a same-dialect copy keeps the examples",
    ),
    (
        "corpus/taskweaver/web_search.yaml",
        "function_calling: format_function_calling() raised Exception: unknown type list[str]",
        "a plugin_only plugin with a list[str] parameter, which TaskWeaver's function calling cannot map; the type is the author's",
    ),
];

struct Document {
    name: String,
    path: PathBuf,
    dialect: &'static str,
}

/// One output to load: what it was made from, and where it is.
struct Output {
    label: String,
    target: &'static str,
    path: PathBuf,
    /// The input, when it is of the target's own dialect (an identity conversion).
    original: Option<PathBuf>,
    /// Whether the conversion ran with no flag that changes the output on purpose
    /// (`--official`), so that an identity must leave the view unchanged.
    plain: bool,
    /// The output pointers its report names: an identity may change what it reports.
    reported: Vec<String>,
}

struct RoundTrip {
    label: String,
    dialect: &'static str,
    original: PathBuf,
    result: PathBuf,
    entries: Vec<Value>,
}

fn main() {
    let arguments = Arguments::from_args();
    let Some(clients) = std::env::var_os("TOOLSHIFT_REAL_CLIENTS").map(PathBuf::from) else {
        // Shown as ignored, not passed: no output was loaded by a real client.
        let ignored = Trial::test(
            "real clients (set TOOLSHIFT_REAL_CLIENTS to ../shared/real-clients)",
            || Ok(()),
        )
        .with_ignored_flag(true);
        libtest_mimic::run(&arguments, vec![ignored]).exit();
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = golden_documents(&root.join("golden"));
    if let Some(corpus) = std::env::var_os("TOOLSHIFT_CORPUS").map(PathBuf::from) {
        documents.extend(corpus_documents(&corpus));
    }
    let scratch = Scratch::new().unwrap();
    for document in &mut documents {
        document.path = support::loadable(&document.path, scratch.path());
    }
    let mut outputs = golden_outputs(&root.join("golden"), scratch.path());
    let mut round_trips = Vec::new();
    // Arcade SDK definitions, and toolshift's strict OpenAI form of each, to compare with
    // the SDK's own `to_openai`.
    let mut peers: Vec<(&str, PathBuf, PathBuf)> = Vec::new();
    let mut next = 0;
    for document in &documents {
        for target in CLIENTS {
            next += 1;
            let dir = scratch.path().join(format!("out/{next}"));
            if let Some((path, entries)) = convert(&document.path, target, &dir) {
                if target == "openai" && is_sdk_definition(document) {
                    peers.push(("--to openai", document.path.clone(), path.clone()));
                }
                outputs.push(Output {
                    label: format!("{} -> {target}", document.name),
                    target,
                    path,
                    original: (document.dialect == target).then(|| document.path.clone()),
                    plain: true,
                    reported: entries
                        .iter()
                        .filter_map(|e| e["target"].as_str())
                        .map(str::to_owned)
                        .collect(),
                });
            }
        }
        for target in ["openai", "anthropic"] {
            next += 1;
            let dir = scratch.path().join(format!("out/{next}"));
            let Some((path, _)) = convert_with(&document.path, target, &dir, &["--strict"]) else {
                continue;
            };
            if target == "openai" && is_sdk_definition(document) {
                peers.push(("--to openai --strict", document.path.clone(), path.clone()));
            }
            outputs.push(Output {
                label: format!("{} -> {target} --strict", document.name),
                target,
                path,
                original: None,
                plain: false,
                reported: Vec::new(),
            });
        }
        if !CLIENTS.contains(&document.dialect) {
            continue;
        }
        for there in all_dialects().map(|d| d.id()) {
            if there == document.dialect {
                continue;
            }
            next += 1;
            let dir = scratch.path().join(format!("trip/{next}"));
            let Some((middle, first)) = convert(&document.path, there, &dir.join("there")) else {
                continue;
            };
            let Some((result, second)) = convert(&middle, document.dialect, &dir.join("back"))
            else {
                continue;
            };
            let entries = first.into_iter().chain(second.into_iter().map(|mut entry| {
                // Second-leg entries cover through their target, in the original's dialect.
                entry["leg"] = Value::from(2);
                entry
            }));
            round_trips.push(RoundTrip {
                label: format!("{} -> {there} -> {}", document.name, document.dialect),
                dialect: document.dialect,
                original: document.path.clone(),
                result,
                entries: entries.collect(),
            });
        }
    }

    let mut paths: BTreeMap<&str, Vec<PathBuf>> = BTreeMap::new();
    for output in &outputs {
        paths
            .entry(output.target)
            .or_default()
            .push(output.path.clone());
        if let Some(original) = &output.original {
            paths
                .entry(output.target)
                .or_default()
                .push(original.clone());
        }
    }
    for trip in &round_trips {
        let list = paths.entry(trip.dialect).or_default();
        list.push(trip.original.clone());
        list.push(trip.result.clone());
    }
    let mut seen: BTreeMap<String, Value> = BTreeMap::new();
    for (client, list) in &mut paths {
        list.sort();
        list.dedup();
        match check(&clients, client, list) {
            Ok(results) => seen.extend(results),
            Err(error) => {
                let error = error.clone();
                let name = format!("{client} checker runs");
                let trial = Trial::test(name, move || Err(Failed::from(error)));
                let conclusion = libtest_mimic::run(&arguments, vec![trial]);
                drop(scratch);
                conclusion.exit();
            }
        }
    }
    eprintln!(
        "real clients: {} outputs loaded, {} round trips compared, {} documents",
        outputs.len(),
        round_trips.len(),
        documents.len()
    );

    let mut trials = Vec::new();
    let mut used = std::collections::BTreeSet::new();
    for output in outputs {
        let verdict = loads(&output, &seen, &mut used);
        let identity = output
            .original
            .as_ref()
            .filter(|_| output.plain)
            .map(|original| same_view(&output, &seen, original));
        trials.push(Trial::test(format!("loads: {}", output.label), move || {
            verdict.map_err(Failed::from)
        }));
        if let Some(identity) = identity {
            trials.push(Trial::test(
                format!("sees the same: {}", output.label),
                move || identity.map_err(Failed::from),
            ));
        }
    }
    let unused: Vec<String> = EXCEPTIONS
        .iter()
        .enumerate()
        .filter(|(index, _)| !used.contains(index))
        .map(|(_, (input, prefix, _))| format!("{input}: {prefix}"))
        .collect();
    trials.push(Trial::test("every exception is still needed", move || {
        if unused.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(format!(
                "these exceptions excused nothing; remove them:\n{}",
                unused.join("\n")
            )))
        }
    }));
    for trip in round_trips {
        let verdict = covered(&trip, &seen);
        trials.push(Trial::test(
            format!("sees the same: {}", trip.label),
            move || verdict.map_err(Failed::from),
        ));
    }
    // The Arcade SDK definitions are corpus files: without the corpus, ignored.
    let without_corpus = std::env::var_os("TOOLSHIFT_CORPUS").is_none();
    let verdict = peer_comparison(&peers, &seen);
    trials.push(
        Trial::test(
            "openai output differs from arcade-core's to_openai only as docs/openai.md says",
            move || verdict.map_err(Failed::from),
        )
        .with_ignored_flag(without_corpus),
    );
    let conclusion = libtest_mimic::run(&arguments, trials);
    // `exit` skips destructors: the scratch folder goes first.
    drop(scratch);
    conclusion.exit();
}

/// Converts with the built binary; the written manifest (or skill folder) and the
/// report's entries, or `None` when the target refuses the tool.
fn convert(input: &Path, target: &str, dir: &Path) -> Option<(PathBuf, Vec<Value>)> {
    convert_with(input, target, dir, &[])
}

fn convert_with(
    input: &Path,
    target: &str,
    dir: &Path,
    flags: &[&str],
) -> Option<(PathBuf, Vec<Value>)> {
    std::fs::create_dir_all(dir).unwrap();
    let mut args: Vec<String> = vec![
        "convert".into(),
        input.display().to_string(),
        "--to".into(),
        target.into(),
        "-o".into(),
        format!("{}/", dir.display()),
        "--report".into(),
        "json".into(),
    ];
    if target == "taskweaver" {
        args.push("--scaffold".into());
    }
    args.extend(flags.iter().map(|flag| (*flag).to_owned()));
    let run = run_toolshift(dir, &args, None).unwrap();
    let report: Value = serde_json::from_str(&run.stderr).unwrap_or_else(|e| {
        panic!(
            "{} -> {target}: the report is not JSON ({e}):\n{}",
            input.display(),
            run.stderr
        )
    });
    if run.status != Some(0) {
        // Refusals (a tool the target cannot express, a name that would escape the
        // output folder) are the golden and corpus tests' concern; here they load nothing.
        assert!(
            run.status == Some(2) && report["files"][0]["error"].is_string(),
            "{} -> {target}: exit {:?}\n{}",
            input.display(),
            run.status,
            run.stderr
        );
        return None;
    }
    let entries = report["files"][0]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let written = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            if target == "anythingllm" {
                p.join("plugin.json").is_file()
            } else {
                p.extension().is_some_and(|e| e == "json" || e == "yaml")
            }
        })
        .unwrap_or_else(|| panic!("{} -> {target}: nothing written", input.display()));
    Some((written, entries))
}

/// Runs one checker over every path at once; its JSON line for each path.
fn check(
    clients: &Path,
    client: &str,
    paths: &[PathBuf],
) -> Result<BTreeMap<String, Value>, String> {
    // MCP, OpenAI, Anthropic and Gemini have no loader to run, only their SDKs' types: this repository's
    // checker judges with those.
    let (program, leading) = if SDK_TYPES.contains(&client) {
        (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("checkers/sdk-types/check"),
            vec![client],
        )
    } else {
        (clients.join(client).join("check"), Vec::new())
    };
    let output = Command::new(&program)
        .args(leading)
        .args(paths)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.display()))?;
    if !matches!(output.status.code(), Some(0 | 1)) {
        return Err(format!(
            "{} exited with {:?}: {}",
            program.display(),
            output.status.code(),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    let mut results = BTreeMap::new();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("{client}: not JSON: {e}: {line}"))?;
        let path = value["path"].as_str().unwrap_or_default();
        results.insert(key(Path::new(path)), value);
    }
    for path in paths {
        if !results.contains_key(&key(path)) {
            return Err(format!("{client} said nothing about {}", path.display()));
        }
    }
    Ok(results)
}

/// Paths as checkers echo them back, without a folder's trailing slash.
fn key(path: &Path) -> String {
    path.display().to_string().trim_end_matches('/').to_owned()
}

/// What makes a tool broken in its client: rejection, ignored keys, and the warnings
/// that mean the model is shown something wrong.
fn problems(client: &str, result: &Value) -> Vec<String> {
    let list = |field: &str| -> Vec<String> {
        result[field]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_owned))
            .collect()
    };
    let mut problems = list("errors");
    problems.extend(list("warnings").into_iter().filter(|warning| match client {
        "taskweaver" => warning.starts_with("prompt:") || warning.starts_with("examples:"),
        "anythingllm" => {
            warning.contains("looks like a secret") || warning.starts_with("examples[")
        }
        _ => false,
    }));
    if client == "arcade" && result["ok"] != Value::Bool(true) && problems.is_empty() {
        problems.push("not ok".to_owned());
    }
    problems
}

/// Whether the output loads cleanly; `used` collects the exceptions that excused a problem.
fn loads(
    output: &Output,
    seen: &BTreeMap<String, Value>,
    used: &mut std::collections::BTreeSet<usize>,
) -> Result<(), String> {
    let result = seen
        .get(&key(&output.path))
        .ok_or("the checker has no result")?;
    let original = output
        .original
        .as_ref()
        .and_then(|original| seen.get(&key(original)));
    let original_problems = original
        .map(|result| problems(output.target, result))
        .unwrap_or_default();
    let original_rejected = original
        .and_then(|result| result["errors"].as_array())
        .is_some_and(|errors| !errors.is_empty());
    let label = output.label.as_str();
    let unexcused: Vec<String> = problems(output.target, result)
        .into_iter()
        .filter(|problem| {
            let listed = EXCEPTIONS.iter().position(|(input, prefix, _)| {
                label.starts_with(input) && problem.starts_with(prefix)
            });
            // The original fails the same loader: the same way, or worse.
            let original_has_it =
                original_rejected || original_problems.iter().any(|p| p == problem);
            match listed {
                Some(index) if original_has_it => {
                    used.insert(index);
                    false
                }
                _ => true,
            }
        })
        .collect();
    if unexcused.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} does not load cleanly in {}:\n{}",
            output.path.display(),
            output.target,
            unexcused.join("\n")
        ))
    }
}

/// What the model is shown, from a checker's result; `None` when the client refused it.
fn view(client: &str, result: &Value) -> Option<Value> {
    let fields: &[&str] = match client {
        "arcade" => &["normalized", "llm_view"],
        "taskweaver" => &["name", "prompt", "description", "function_calling"],
        _ => &["definition", "examples"],
    };
    if client == "arcade" && result["normalized"].is_null() {
        return None;
    }
    if client == "anythingllm" && result["definition"].is_null() {
        return None;
    }
    if client == "taskweaver" && result["prompt"].is_null() {
        return None;
    }
    if SDK_TYPES.contains(&client) {
        return (!result["view"].is_null()).then(|| result["view"].clone());
    }
    let mut view = serde_json::Map::new();
    for field in fields {
        view.insert((*field).to_owned(), result[*field].clone());
    }
    Some(Value::Object(view))
}

/// An identity conversion leaves the view as it was, but for what its report names.
fn same_view(
    output: &Output,
    seen: &BTreeMap<String, Value>,
    original: &Path,
) -> Result<(), String> {
    let client = output.target;
    let (Some(before), Some(after)) = (seen.get(&key(original)), seen.get(&key(&output.path)))
    else {
        return Err("the checker has no result".into());
    };
    // An original its own client refuses shows the model nothing to keep.
    let Some(before) = view(client, before) else {
        return Ok(());
    };
    let Some(after) = view(client, after) else {
        return Err("the client refuses the output of an identity conversion".into());
    };
    let unreported: Vec<String> = differences(&before, &after)
        .into_iter()
        .filter(|path| {
            !output
                .reported
                .iter()
                .any(|target| support::covers(target, path))
        })
        .collect();
    if unreported.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "an identity conversion changed what the model sees:\n{}",
            unreported.join("\n")
        ))
    }
}

/// A → B → A: every difference in the view maps to places in A's manifest, and an
/// entry of either report must cover each place.
fn covered(trip: &RoundTrip, seen: &BTreeMap<String, Value>) -> Result<(), String> {
    let (Some(before), Some(after)) =
        (seen.get(&key(&trip.original)), seen.get(&key(&trip.result)))
    else {
        return Err("the checker has no result".into());
    };
    let Some(before) = view(trip.dialect, before) else {
        return Ok(());
    };
    let Some(after) = view(trip.dialect, after) else {
        return Err("the client refuses the round trip's result".into());
    };
    let (original, _) = read_manifest(&trip.original)?;
    let mut uncovered = Vec::new();
    for path in differences(&before, &after) {
        let places = places(trip.dialect, &path, &before, &after, &original);
        let explained = places.iter().any(|place| {
            trip.entries.iter().any(|entry| {
                let pointer = if entry["leg"] == 2 {
                    entry["target"].as_str()
                } else {
                    entry["source"].as_str()
                }
                .unwrap_or_default();
                let code = entry["code"].as_str().unwrap_or_default();
                let message = entry["message"].as_str().unwrap_or_default();
                // A value the first leg invented has no place in A: its entry's source
                // is the nearest object A has, which then holds the new place.
                let invented = entry["leg"] != 2
                    && entry["severity"] == "defaulted"
                    && original.pointer(place).is_none()
                    && (pointer.is_empty() || place.starts_with(&format!("{pointer}/")));
                invented
                    || related(pointer, place)
                    || support::renamed(code, message, pointer, place)
            })
        });
        if !explained {
            uncovered.push(format!("{path} (manifest: {})", places.join(", ")));
        }
    }
    if uncovered.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "what the model sees changed and no entry covers it:\n{}",
            uncovered.join("\n")
        ))
    }
}

/// One pointer covers the other (segment-wise); the root relates only to the root.
fn related(pointer: &str, place: &str) -> bool {
    support::covers(pointer, place) || support::covers(place, pointer)
}

/// The manifest pointers that feed one leaf of a client's view.
fn places(
    client: &str,
    path: &str,
    before: &Value,
    after: &Value,
    manifest: &Value,
) -> Vec<String> {
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let parameter = |name: &str, list: &str| -> String {
        let index = manifest
            .pointer(list)
            .and_then(Value::as_array)
            .and_then(|params| params.iter().position(|p| p["name"] == name));
        match index {
            Some(index) => format!("{list}/{index}"),
            None => list.to_owned(),
        }
    };
    // The parameter a leaf of a JSON-Schema-shaped view is about, if any.
    let property = segments
        .iter()
        .position(|s| *s == "properties")
        .and_then(|i| segments.get(i + 1))
        .copied();
    match (client, segments.as_slice(), property) {
        // The qualified name, and the model-facing name made from it, derive from the
        // toolkit's name and the tool's.
        ("arcade", ["normalized", "fully_qualified_name"], _)
        | ("arcade", ["llm_view", _, "name"] | ["llm_view", _, "function", "name"], _) => vec![
            "/fully_qualified_name".into(),
            "/toolkit/name".into(),
            "/name".into(),
        ],
        // The normalized definition is the manifest in the SDK's own form.
        ("arcade", ["normalized", rest @ ..], _) => vec![format!("/{}", rest.join("/"))],
        ("arcade", ["llm_view", ..], Some(name)) => vec![parameter(name, "/input/parameters")],
        ("arcade", ["llm_view", ..], None) => {
            vec!["/description".into(), "/input/parameters".into()]
        }
        ("taskweaver", ["prompt"], _) => prompt_places(before, after, manifest),
        // The planner line is `- name: description`, with the parameters' summary.
        ("taskweaver", ["description"], _) => {
            vec!["/name".into(), "/description".into(), "/parameters".into()]
        }
        ("taskweaver", ["function_calling", ..], Some(name)) => {
            vec![parameter(name, "/parameters")]
        }
        ("taskweaver", ["function_calling", ..], None) => {
            vec!["/name".into(), "/description".into(), "/parameters".into()]
        }
        ("taskweaver", ["name"], _) => vec!["/name".into()],
        ("anythingllm", ["definition", "name"], _) => vec!["/hubId".into()],
        ("anythingllm", ["definition", "description"], _) => vec!["/description".into()],
        ("anythingllm", ["definition", ..], Some(name)) => {
            vec![toolshift_syntax::pointer::child("/entrypoint/params", name)]
        }
        ("anythingllm", ["examples", index, ..], _) => vec![format!("/examples/{index}")],
        // The SDKs' view is the tool itself; in OpenAI's strict mode, how an optional
        // parameter is written also depends on the `strict` flag.
        ("mcp", rest, _) => vec![format!("/{}", rest.join("/"))],
        ("openai", rest @ ["function", "parameters", ..], _)
            if before.pointer("/function/strict") == Some(&Value::Bool(true)) =>
        {
            vec![format!("/{}", rest.join("/")), "/function/strict".into()]
        }
        ("openai", rest, _) => vec![format!("/{}", rest.join("/"))],
        ("anthropic" | "gemini", rest, _) => vec![format!("/{}", rest.join("/"))],
        _ => vec![String::new()],
    }
}

/// The TaskWeaver prompt is text: each line that differs is placed by where it sits
/// (the description and examples above `def`, a parameter inside, return values after).
fn prompt_places(before: &Value, after: &Value, manifest: &Value) -> Vec<String> {
    let lines = |view: &Value| -> Vec<String> {
        view["prompt"]
            .as_str()
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    };
    let (old, new) = (lines(before), lines(after));
    let parameters: Vec<String> = manifest["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect();
    let mut places = Vec::new();
    for text in [&old, &new] {
        let other = if std::ptr::eq(text, &old) { &new } else { &old };
        let mut section = "/description";
        for (number, line) in text.iter().enumerate() {
            if line.starts_with("# Examples:") {
                section = "/examples";
            } else if line.starts_with("def ") {
                section = "/parameters";
            } else if line.contains(") -> ") {
                section = "/returns";
            }
            if other.contains(line) {
                continue;
            }
            if line.starts_with("def ") {
                // The signature line names the function, and may hold its parameters.
                places.push("/name".to_owned());
            }
            let place = if section == "/parameters" {
                // A parameter is a comment line and a `name: type` line after it.
                let own = if line.starts_with('#') {
                    text.get(number + 1)
                } else {
                    Some(line)
                };
                own.and_then(|l| l.split(':').next())
                    .and_then(|name| parameters.iter().position(|p| p == name.trim()))
                    .map_or("/parameters".to_owned(), |i| format!("/parameters/{i}"))
            } else if line.starts_with("def ") {
                "/name".to_owned()
            } else {
                section.to_owned()
            };
            places.push(place);
        }
    }
    places.sort();
    places.dedup();
    places
}

/// Leaf pointers where two views differ.
/// The pointers where two values differ. A key or an element that one side lacks is a
/// difference, even where the other side holds `null`: `[A, B]` and `[A, B, null]` are
/// different lists, and a strict schema's `enum` lacking `null` refuses what one with it
/// accepts.
fn differences(before: &Value, after: &Value) -> Vec<String> {
    fn walk(a: Option<&Value>, b: Option<&Value>, pointer: String, out: &mut Vec<String>) {
        match (a, b) {
            (Some(Value::Object(x)), Some(Value::Object(y))) => {
                let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                for key in keys {
                    let child = toolshift_syntax::pointer::child(&pointer, key);
                    walk(x.get(key), y.get(key), child, out);
                }
            }
            (Some(Value::Array(x)), Some(Value::Array(y))) => {
                for index in 0..x.len().max(y.len()) {
                    walk(
                        x.get(index),
                        y.get(index),
                        format!("{pointer}/{index}"),
                        out,
                    );
                }
            }
            _ if a == b => {}
            _ => out.push(pointer),
        }
    }
    let mut out = Vec::new();
    walk(Some(before), Some(after), String::new(), &mut out);
    out
}

fn dialect_of(path: &Path) -> Option<&'static str> {
    let (value, _) = read_manifest(path).ok()?;
    let dialect = all_dialects()
        .max_by_key(|d| d.detect(&value))
        .filter(|d| d.detect(&value) > 0)?;
    let source = toolshift_model::Source::new(
        "",
        path.parent(),
        &value,
        &toolshift::input_file::FileSystem,
    );
    dialect.read(&source).ok()?;
    Some(dialect.id())
}

fn golden_documents(golden: &Path) -> Vec<Document> {
    support::golden_cases(golden)
        .iter()
        .filter_map(|case| {
            let input = support::golden_input(case)?;
            Some(Document {
                name: format!("golden/{}", case.file_name()?.to_string_lossy()),
                dialect: dialect_of(&input)?,
                path: input,
            })
        })
        .collect()
}

fn corpus_documents(corpus: &Path) -> Vec<Document> {
    let mut documents = Vec::new();
    for path in support::corpus_manifests(corpus) {
        if let Some(dialect) = dialect_of(&path) {
            let relative = path
                .strip_prefix(corpus)
                .unwrap_or(&path)
                .display()
                .to_string();
            documents.push(Document {
                name: format!("corpus/{relative}"),
                path: path.canonicalize().unwrap_or(path),
                dialect,
            });
        }
    }
    assert!(
        !documents.is_empty(),
        "TOOLSHIFT_CORPUS names a folder with no manifests"
    );
    documents
}

/// The outputs the golden cases keep in `expected/`, for the targets with a checker.
fn golden_outputs(golden: &Path, scratch: &Path) -> Vec<Output> {
    let mut outputs = Vec::new();
    for case in support::golden_cases(golden) {
        let args = std::fs::read_to_string(case.join("args")).unwrap_or_default();
        let words: Vec<&str> = args.split_whitespace().collect();
        let Some(target) = words
            .windows(2)
            .find(|w| w[0] == "--to")
            .and_then(|w| CLIENTS.iter().copied().find(|c| *c == w[1]))
        else {
            continue;
        };
        if words.contains(&"--format") {
            // A YAML rendering of a JSON dialect is for review, not for loading.
            continue;
        }
        let Ok(entries) = std::fs::read_dir(case.join("expected")) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| match target {
                "anythingllm" => p.join("plugin.json").is_file(),
                "taskweaver" => p.extension().is_some_and(|e| e == "yaml"),
                _ => p.extension().is_some_and(|e| e == "json"),
            })
            .collect();
        paths.sort();
        let name = case
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let input = support::golden_input(&case);
        let identity = input
            .as_deref()
            .and_then(dialect_of)
            .is_some_and(|dialect| dialect == target);
        for path in paths {
            outputs.push(Output {
                label: format!(
                    "golden/{name}/expected/{}",
                    path.file_name().unwrap_or_default().to_string_lossy()
                ),
                target,
                path,
                original: input
                    .as_deref()
                    .filter(|_| identity)
                    .map(|input| support::loadable(input, scratch)),
                plain: !words.contains(&"--official"),
                reported: reported_targets(&case),
            });
        }
    }
    outputs
}

/// The output pointers a golden case's report names.
fn reported_targets(case: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(case.join("report.json")).unwrap_or_default();
    let report: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    let files = report["files"].as_array().into_iter().flatten();
    files
        .flat_map(|file| file["entries"].as_array().into_iter().flatten())
        .filter_map(|entry| entry["target"].as_str().map(str::to_owned))
        .collect()
}

fn is_sdk_definition(document: &Document) -> bool {
    document.dialect == "arcade" && document.name.starts_with("corpus/arcade-sdk/")
}

/// toolshift's OpenAI forms of each Arcade SDK definition (plain and `--strict`) against
/// what arcade-core's own `to_openai` makes of it (the `arcade` checker's `llm_view`).
/// Each kind of difference (a leaf pointer, with property names and list positions as
/// `*`) must be justified in `docs/openai.md`, in the table under the heading naming the
/// command, and every row there must still occur.
fn peer_comparison(
    peers: &[(&str, PathBuf, PathBuf)],
    seen: &BTreeMap<String, Value>,
) -> Result<(), String> {
    if std::env::var_os("TOOLSHIFT_CORPUS").is_none() {
        return Ok(());
    }
    if peers.is_empty() {
        return Err("no Arcade SDK definition of the corpus converted to openai".into());
    }
    let mut kinds: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (command, original, ours) in peers {
        let name = original.display().to_string();
        let theirs = seen
            .get(&key(original))
            .map(|result| result["llm_view"]["openai"].clone())
            .filter(|view| !view.is_null())
            .ok_or_else(|| format!("{name}: the arcade checker gave no llm_view"))?;
        let (ours, _) = read_manifest(ours)?;
        for path in differences(&theirs, &ours) {
            let general: Vec<&str> = path
                .split('/')
                .skip(1)
                .scan("", |previous, segment| {
                    let shown = if matches!(*previous, "properties" | "required")
                        || segment.parse::<usize>().is_ok()
                    {
                        "*"
                    } else {
                        segment
                    };
                    *previous = segment;
                    Some(shown)
                })
                .collect();
            let kind = format!("/{}", general.join("/"));
            kinds
                .entry(((*command).to_owned(), kind))
                .or_default()
                .push(format!("{name}{path}"));
        }
    }
    let doc = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/openai.md"))
        .map_err(|e| e.to_string())?;
    let mut rows: Vec<(String, String)> = Vec::new();
    let mut command = String::new();
    for line in doc.lines() {
        if let Some(heading) = line.strip_prefix("### `toolshift convert F ") {
            command = heading.trim_end_matches('`').to_owned();
        } else if line.starts_with("| `/") {
            if let Some(kind) = line.split('`').nth(1) {
                rows.push((command.clone(), kind.to_owned()));
            }
        }
    }
    let mut problems = Vec::new();
    for ((command, kind), places) in &kinds {
        if !rows.iter().any(|(c, k)| c == command && k == kind) {
            problems.push(format!(
                "{command}: {kind} ({} places, e.g. {}) is not justified in docs/openai.md",
                places.len(),
                places.first().cloned().unwrap_or_default()
            ));
        }
    }
    for (command, kind) in rows {
        if !kinds.contains_key(&(command.clone(), kind.clone())) {
            problems.push(format!(
                "docs/openai.md justifies {command}: {kind}, which no longer occurs"
            ));
        }
    }
    if problems.is_empty() {
        eprintln!(
            "real clients: {} outputs compared with arcade-core's to_openai; {} kinds of difference, each justified",
            peers.len(),
            kinds.len()
        );
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}
