//! The command-line contract beyond single conversions: streams, destinations,
//! batches, exit codes, and never losing what is already on disk.

// A test that cannot set up its fixture should fail loudly, not return an error.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod support;

use support::{read_tree, run_toolshift, Run, Scratch};

const V2_TOOL: &str = r#"{"name": "Add", "toolkit": {"name": "Math", "version": "1.0.0"},
  "inputs": {"parameters": [{"name": "a", "required": true, "value_schema": {"val_type": "number"}}]},
  "output": {"available_modes": ["value"], "value_schema": {"val_type": "number"}}}"#;

const V1_TOOL: &str = r#"{"name": "Echo", "version": "abcdef1",
  "input": {"parameters": [{"name": "text", "required": true, "schema": {"type": "string"}}]},
  "output": {"available_modes": ["value"]}}"#;

fn args(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// Runs the built binary in the scratch folder, with no standard input.
fn toolshift(scratch: &Scratch, list: &[&str]) -> Run {
    run_toolshift(scratch.path(), &args(list), None).unwrap()
}

fn write(scratch: &Scratch, name: &str, text: &str) {
    std::fs::write(scratch.path().join(name), text).unwrap();
}

/// Runs `toolshift convert ARGS --report json` in chunks of `chunk` items, expecting
/// exit 2 (some file failed), and returns the JSON report.
fn failing_batch(scratch: &Scratch, list: &[&str], chunk: &str) -> serde_json::Value {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .arg("convert")
        .args(list)
        .args(["--report", "json"])
        .env("TOOLSHIFT_CHUNK", chunk)
        .current_dir(scratch.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    serde_json::from_str(&stderr).unwrap()
}

/// The inputs a report lists as failed, in its order.
fn failed_inputs(report: &serde_json::Value) -> Vec<String> {
    report["files"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["status"] == "failed")
        .map(|f| f["input"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn stdin_to_stdout_with_detection() {
    let scratch = Scratch::new().unwrap();
    let run = run_toolshift(
        scratch.path(),
        &args(&["convert", "-", "--to", "arcade-v1"]),
        Some(V2_TOOL),
    )
    .unwrap();
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let output: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(output["name"], "Math.Add");
    assert_eq!(output["input"]["parameters"][0]["schema"]["type"], "float");
    // Each entry points at its place in the input, rustc-style.
    assert!(
        run.stderr.contains(
            "changed[name-qualified]: Arcade v1 has no toolkit; the name was written as `Math.Add`"
        ),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(" --> -:1:29\n"), "{}", run.stderr);
    assert!(
        run.stderr.contains("^^^^^^ /toolkit/name -> /name"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.ends_with(
            "toolshift: 1 file: 1 converted, 0 denied, 0 failed; 1 lost, 1 changed, 1 defaulted\n"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn output_path_that_is_not_a_folder_names_the_file() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "tool.json",
            "--to",
            "arcade-v1",
            "-o",
            "converted.json",
            "--report",
            "none",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    let written: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(scratch.path().join("converted.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(written["name"], "Math.Add");
}

#[test]
fn a_batch_converts_the_good_files_and_reports_the_bad_one() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "a.json", V2_TOOL);
    write(&scratch, "broken.json", "{\"name\": ");
    write(&scratch, "b.json", V1_TOOL);
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "a.json",
            "broken.json",
            "b.json",
            "--from",
            "arcade-v2",
            "--to",
            "arcade-v2",
            "-o",
            "out",
            "--report",
            "json",
        ],
    );
    assert_eq!(run.status, Some(2));
    let report: serde_json::Value = serde_json::from_str(&run.stderr).unwrap();
    let statuses: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["status"].as_str().unwrap())
        .collect();
    // b.json is v1, read here as v2 because --from says so: it must fail, naming the place.
    assert_eq!(statuses, ["converted", "failed", "failed"]);
    assert!(
        report["files"][1]["error"]
            .as_str()
            .unwrap()
            .contains("line 1"),
        "{report}"
    );
    let error = report["files"][2]["error"].as_str().unwrap();
    assert!(
        error.starts_with("line ")
            && error.ends_with(": /input/parameters/0: missing field `value_schema`"),
        "{error}"
    );
    assert_eq!(report["summary"]["converted"], 1);
    assert_eq!(report["summary"]["failed"], 2);
    assert_eq!(
        read_tree(&scratch.path().join("out"))
            .unwrap()
            .keys()
            .collect::<Vec<_>>(),
        ["Math.Add.json"]
    );
}

#[test]
fn a_refused_conversion_leaves_an_existing_output_untouched() {
    let scratch = Scratch::new().unwrap();
    let zero = r#"{"name": "Now", "toolkit": {"name": "Clock", "version": "1"}, "inputs": {"parameters": []}, "output": {"available_modes": ["value"]}}"#;
    write(&scratch, "now.json", zero);
    write(&scratch, "previous.json", "keep me\n");
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "now.json",
            "--to",
            "arcade-v1",
            "-o",
            "previous.json",
        ],
    );
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .contains("/input/parameters: cannot be written as arcade-v1")
            && run.stderr.contains("--> now.json:1:"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("previous.json")).unwrap(),
        "keep me\n"
    );
    let leftovers: Vec<_> = std::fs::read_dir(scratch.path())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "temporary files were left behind: {leftovers:?}"
    );
}

#[test]
fn denied_files_write_nothing_and_exit_1() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    std::fs::create_dir(scratch.path().join("out")).unwrap();
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "tool.json",
            "--to",
            "arcade-v1",
            "-o",
            "out",
            "--deny",
            "name-qualified",
        ],
    );
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    assert!(run
        .stderr
        .contains("tool.json: denied: an entry matched --deny name-qualified; nothing written"));
    assert!(read_tree(&scratch.path().join("out")).unwrap().is_empty());
}

#[test]
fn an_input_is_never_overwritten() {
    let scratch = Scratch::new().unwrap();
    // v1 -> v1 names its output after the tool, which is this very file.
    write(&scratch, "Echo.json", V1_TOOL);
    let run = toolshift(
        &scratch,
        &["convert", "Echo.json", "--to", "arcade-v1", "-o", "."],
    );
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .contains("is an input of this run; refusing to overwrite it"),
        "{}",
        run.stderr
    );
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("Echo.json")).unwrap(),
        V1_TOOL
    );
}

#[test]
fn two_inputs_never_write_the_same_output() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "one.json", V2_TOOL);
    write(&scratch, "two.json", V2_TOOL);
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "one.json",
            "two.json",
            "--to",
            "arcade-v1",
            "-o",
            "out",
        ],
    );
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr.contains(
            "two.json: error: out/Math.Add.json would be written by one.json and two.json"
        ) && run.stderr.contains("one.json: error: "),
        "{}",
        run.stderr
    );
    assert!(!scratch.path().join("out/Math.Add.json").exists());
}

#[test]
fn yaml_output_reads_back_to_the_same_tool() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    let yaml = toolshift(
        &scratch,
        &[
            "convert",
            "tool.json",
            "--to",
            "arcade-v2",
            "--format",
            "yaml",
            "--report",
            "none",
        ],
    );
    assert_eq!(yaml.status, Some(0));
    let json = run_toolshift(
        scratch.path(),
        &args(&["convert", "-", "--to", "arcade-v2", "--report", "none"]),
        Some(&yaml.stdout),
    )
    .unwrap();
    assert_eq!(json.status, Some(0), "{}", json.stderr);
    let original: serde_json::Value = serde_json::from_str(V2_TOOL).unwrap();
    let back: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(back, original);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let scratch = Scratch::new().unwrap();
    write(
        &scratch,
        "deep.json",
        &format!("// jsonc\n{}", "[".repeat(100_000)),
    );
    let run = toolshift(&scratch, &["convert", "deep.json", "--to", "arcade-v1"]);
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .contains("deep.json: error: line 2: nesting deeper than"),
        "{}",
        run.stderr
    );
}

const TW_PLUGIN: &str = "name: greet\nenabled: true\ndescription: Greet someone by name.\nparameters:\n  - name: who\n    type: str\n    required: true\n    description: The person to greet.\nreturns: []\n";

#[test]
fn converting_again_never_overwrites_a_handler() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "greet.yaml", TW_PLUGIN);
    let convert = args(&[
        "convert",
        "greet.yaml",
        "--to",
        "anythingllm",
        "-o",
        "skills",
        "--report",
        "none",
    ]);
    assert_eq!(
        run_toolshift(scratch.path(), &convert, None)
            .unwrap()
            .status,
        Some(0)
    );
    let handler = scratch.path().join("skills/greet/handler.js");
    std::fs::write(&handler, "// my finished handler\n").unwrap();
    let plugin_before =
        std::fs::read_to_string(scratch.path().join("skills/greet/plugin.json")).unwrap();
    write(
        &scratch,
        "greet.yaml",
        &TW_PLUGIN.replace("Greet someone", "Welcome someone"),
    );
    let again = run_toolshift(scratch.path(), &convert, None).unwrap();
    assert_eq!(again.status, Some(2));
    assert!(
        again
            .stderr
            .contains("handler.js already exists; toolshift never overwrites code"),
        "{}",
        again.stderr
    );
    assert_eq!(
        std::fs::read_to_string(&handler).unwrap(),
        "// my finished handler\n"
    );
    // Nothing of that skill was written: plugin.json is unchanged too.
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("skills/greet/plugin.json")).unwrap(),
        plugin_before
    );
}

#[test]
fn anythingllm_manifests_are_json_only() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "greet.yaml", TW_PLUGIN);
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "greet.yaml",
            "--to",
            "anythingllm",
            "-o",
            "skills",
            "--format",
            "yaml",
        ],
    );
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr.contains("plugin.json must be JSON"),
        "{}",
        run.stderr
    );
    assert!(!scratch.path().join("skills/greet").exists());
}

#[test]
fn taskweaver_output_is_yaml_by_default_and_reads_back() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    let run = toolshift(
        &scratch,
        &["convert", "tool.json", "--to", "taskweaver", "-o", "."],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let yaml = std::fs::read_to_string(scratch.path().join("Add.yaml")).unwrap();
    assert!(yaml.starts_with("name: Add\nenabled: true\n"), "{yaml}");
    let detect = toolshift(&scratch, &["detect", "Add.yaml"]);
    assert_eq!(detect.stdout, "Add.yaml\ttaskweaver\n");
}

#[test]
fn a_skill_folder_is_read_as_one_input() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir(scratch.path().join("greet")).unwrap();
    write(
        &scratch,
        "greet/plugin.json",
        r#"{"hubId": "greet", "name": "Greet", "version": "1.0.0", "active": true, "description": "Greets.", "entrypoint": {"file": "handler.js", "params": {"who": {"type": "string", "description": "Name"}}}}"#,
    );
    write(
        &scratch,
        "greet/handler.js",
        "module.exports.runtime = { handler: async function ({ who }) { return `hi ${who}`; } };\n",
    );
    let detect = toolshift(&scratch, &["detect", "greet"]);
    assert_eq!(detect.stdout, "greet\tanythingllm\n");
    let run = toolshift(
        &scratch,
        &["convert", "greet", "--to", "anythingllm", "-o", "copy"],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("copy/greet/handler.js")).unwrap(),
        std::fs::read_to_string(scratch.path().join("greet/handler.js")).unwrap()
    );
}

#[test]
fn validate_warns_about_what_the_schemas_miss_without_failing() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "greet.yaml", &TW_PLUGIN.replace("returns: []", "returns: []\n").replace("    description: The person to greet.\n", "    description: The person to greet.\n  - name: loud\n    type: bool\n    required: false\n    description: Shout the greeting.\n"));
    write(&scratch, "greet.py", "from taskweaver.plugin import Plugin, register_plugin\n\n@register_plugin\nclass Greet(Plugin):\n    def __call__(self, who: str):\n        return f\"hi {who}\"\n");
    std::fs::create_dir(scratch.path().join("folder-name")).unwrap();
    write(
        &scratch,
        "folder-name/plugin.json",
        r#"{"active": true, "hubId": "other-name", "name": "X", "schema": "skill-1.0.0", "version": "1", "description": "d", "examples": [{"prompt": "p", "call": "not json"}], "entrypoint": {"file": "handler.js", "params": {}}, "imported": true}"#,
    );
    let run = toolshift(&scratch, &["validate", "greet.yaml", "folder-name"]);
    assert_eq!(run.status, Some(0), "{}\n{}", run.stdout, run.stderr);
    // Each warning in the report's form: the message, the file and line, the pointer.
    let expected = [
        (
            "`loud` is not a parameter of `__call__` in greet.py",
            "greet.yaml:",
            "/parameters/1/name",
        ),
        (
            "hubId `other-name` differs from its folder name `folder-name`",
            "folder-name/plugin.json:1:",
            "/hubId",
        ),
        (
            "the call is not valid JSON",
            "folder-name/plugin.json:1:",
            "/examples/0/call",
        ),
        (
            "handler.js does not exist in the skill folder",
            "folder-name/plugin.json:1:",
            "/entrypoint/file",
        ),
    ];
    for (message, place, pointer) in expected {
        let shown = run
            .stdout
            .split("warning: ")
            .find(|block| block.starts_with(message));
        assert!(
            shown.is_some_and(
                |block| block.contains(&format!("--> {place}")) && block.contains(pointer)
            ),
            "missing {message:?} at {place} {pointer} in\n{}",
            run.stdout
        );
    }
    assert!(!run.stdout.contains("`who`"), "{}", run.stdout);
}

#[test]
fn inputs_over_the_size_limit_are_refused_unread() {
    let scratch = Scratch::new().unwrap();
    let big = " ".repeat(16 * 1024 * 1024 + 1);
    write(&scratch, "big.json", &big);
    let run = toolshift(&scratch, &["convert", "big.json", "--to", "arcade-v1"]);
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .contains("big.json: error: larger than 16777216 bytes"),
        "{}",
        run.stderr
    );
    let run = run_toolshift(
        scratch.path(),
        &args(&["convert", "-", "--to", "arcade-v1"]),
        Some(&big),
    )
    .unwrap();
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr
            .contains("-: error: cannot read standard input: larger than 16777216 bytes"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_failure_reaches_stderr_even_when_the_report_goes_to_a_file() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "good.json", V2_TOOL);
    write(&scratch, "bad.json", "{\"name\": ");
    for format in ["text", "json"] {
        let out = format!("out-{format}");
        let run = toolshift(
            &scratch,
            &[
                "convert",
                "good.json",
                "bad.json",
                "--to",
                "arcade",
                "-o",
                &out,
                "--report",
                format,
                "--report-file",
                "report.txt",
            ],
        );
        assert_eq!(run.status, Some(2), "{}", run.stderr);
        assert!(
            run.stderr.starts_with("bad.json: error: "),
            "{format}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("good.json"), "{}", run.stderr);
        let report = std::fs::read_to_string(scratch.path().join("report.txt")).unwrap();
        assert!(report.contains("bad.json"), "{report}");
    }
}

const SKILL: &str = r#"{"active": true, "hubId": "weather", "name": "Weather", "version": "1.0.0",
  "description": "Current weather for a city.",
  "examples": [{"prompt": "Weather in Oslo?", "call": "{\"city\": \"Oslo\"}"},
               {"prompt": "In Paris, in Fahrenheit", "call": "{\"city\": \"Paris\", \"units\": \"imperial\"}"}],
  "entrypoint": {"file": "handler.js", "params": {
    "city": {"description": "(required) City name", "type": "string"},
    "units": {"description": "metric or imperial", "type": "string"}}}}"#;

const HANDLER: &str =
    "module.exports.runtime = { handler: async function ({ city }) { return city; } };\n";

#[test]
fn a_skill_in_a_folder_not_named_after_its_hub_id_is_reported_and_renamed() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("old-name")).unwrap();
    write(&scratch, "old-name/plugin.json", SKILL);
    write(&scratch, "old-name/handler.js", HANDLER);
    let run = toolshift(
        &scratch,
        &["convert", "old-name", "--to", "anythingllm", "-o", "out"],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "changed[folder-renamed]: the skill's folder is `old-name` but its hubId is `weather`"
        ),
        "{}",
        run.stderr
    );
    assert!(scratch.path().join("out/weather/plugin.json").is_file());
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("out/weather/handler.js")).unwrap(),
        HANDLER
    );
}

#[test]
fn anythingllm_examples_survive_a_trip_through_taskweaver() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("weather")).unwrap();
    write(&scratch, "weather/plugin.json", SKILL);
    write(&scratch, "weather/handler.js", HANDLER);
    for (input, to, out) in [
        ("weather", "taskweaver", "tw"),
        ("tw/weather.yaml", "anythingllm", "back"),
    ] {
        std::fs::create_dir_all(scratch.path().join(out)).unwrap();
        let run = toolshift(&scratch, &["convert", input, "--to", to, "-o", out]);
        assert_eq!(run.status, Some(0), "{}", run.stderr);
    }
    let back: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(scratch.path().join("back/weather/plugin.json")).unwrap(),
    )
    .unwrap();
    let examples: Vec<(String, serde_json::Value)> = back["examples"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["prompt"].as_str().unwrap().to_owned(),
                serde_json::from_str(e["call"].as_str().unwrap()).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        examples,
        vec![
            (
                "Weather in Oslo?".to_owned(),
                serde_json::json!({"city": "Oslo"})
            ),
            (
                "In Paris, in Fahrenheit".to_owned(),
                serde_json::json!({"city": "Paris", "units": "imperial"})
            ),
        ]
    );
}

/// An Arcade SDK tool of `toolkit` named `name`, in the form `arcade` reads.
fn sdk_tool(toolkit: &str, name: &str) -> String {
    format!(
        r#"{{"name": "{name}", "fully_qualified_name": "{toolkit}.{name}", "description": "Who the user is.",
  "toolkit": {{"name": "{toolkit}", "description": null, "version": "1.0.0"}},
  "input": {{"parameters": []}}, "output": {{"description": null, "available_modes": ["value"], "value_schema": null}},
  "requirements": {{"authorization": null, "secrets": null, "metadata": null}}}}"#
    )
}

#[test]
fn a_folder_is_walked_and_its_layout_mirrored() {
    // Once as one chunk, and once in chunks of two, cut between output folders.
    for chunk in ["1024", "2"] {
        walk_a_folder(chunk);
    }
}

fn walk_a_folder(chunk: &str) {
    let scratch = Scratch::new().unwrap();
    for dir in ["tools/who", "tools/.cache", "tools/skills/weather"] {
        std::fs::create_dir_all(scratch.path().join(dir)).unwrap();
    }
    write(
        &scratch,
        "tools/who/github.json",
        &sdk_tool("Github", "WhoAmI"),
    );
    write(
        &scratch,
        "tools/who/slack.json",
        &sdk_tool("Slack", "WhoAmI"),
    );
    write(&scratch, "tools/who/notes.txt", "not a manifest\n");
    write(
        &scratch,
        "tools/who/package.json",
        "{\"name\": \"x\", \"version\": \"1.0.0\"}",
    );
    write(&scratch, "tools/.cache/Old.json", &sdk_tool("Old", "Old"));
    write(&scratch, "tools/skills/weather/plugin.json", SKILL);
    write(&scratch, "tools/skills/weather/handler.js", HANDLER);
    write(&scratch, "tools/broken.json", "{\"name\": ");
    let report = failing_batch(
        &scratch,
        &["tools", "--to", "taskweaver", "-o", "out"],
        chunk,
    );
    let written: Vec<String> = read_tree(&scratch.path().join("out"))
        .unwrap()
        .into_keys()
        .collect();
    // Same-named tools of two toolkits are both written, each qualified by its toolkit.
    assert_eq!(
        written,
        vec![
            "skills/weather.yaml".to_owned(),
            "who/Github_WhoAmI.yaml".to_owned(),
            "who/Slack_WhoAmI.yaml".to_owned(),
        ]
    );
    let summary = &report["summary"];
    assert_eq!(summary["files"], 4, "{report}");
    assert_eq!(summary["converted"], 3);
    assert_eq!(summary["failed"], 1);
    assert_eq!(summary["skipped"], 2, "{report}");
    assert!(report["files"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["input"].as_str().unwrap().ends_with("broken.json") && f["status"] == "failed"));
    let qualified = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["entries"].as_array().unwrap())
        .any(|e| {
            e["code"] == "name-qualified"
                && e["message"]
                    .as_str()
                    .unwrap()
                    .contains("another tool of this batch is also named `WhoAmI`")
        });
    assert!(qualified, "{report}");
}

#[test]
fn existing_outputs_are_replaced_only_with_force() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    std::fs::create_dir_all(scratch.path().join("out")).unwrap();
    write(&scratch, "out/Math.Add.json", "mine\n");
    let convert = |extra: &[&str]| {
        let mut list = vec!["convert", "tool.json", "--to", "arcade-v1", "-o", "out"];
        list.extend_from_slice(extra);
        run_toolshift(scratch.path(), &args(&list), None).unwrap()
    };
    let refused = convert(&[]);
    assert_eq!(refused.status, Some(2));
    assert!(
        refused
            .stderr
            .contains("already exists; pass --force to replace it"),
        "{}",
        refused.stderr
    );
    assert_eq!(
        std::fs::read_to_string(scratch.path().join("out/Math.Add.json")).unwrap(),
        "mine\n"
    );
    let forced = convert(&["--force", "--sync"]);
    assert_eq!(forced.status, Some(0), "{}", forced.stderr);
    assert!(
        std::fs::read_to_string(scratch.path().join("out/Math.Add.json"))
            .unwrap()
            .contains("\"Math.Add\"")
    );
}

#[test]
fn nothing_is_written_inside_an_input_folder() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("tools")).unwrap();
    write(&scratch, "tools/tool.json", V2_TOOL);
    for output in ["tools/out", "tools"] {
        let run = toolshift(
            &scratch,
            &["convert", "tools", "--to", "arcade-v1", "-o", output],
        );
        assert_eq!(run.status, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("toolshift: "), "{}", run.stderr);
    }
    assert_eq!(read_tree(&scratch.path().join("tools")).unwrap().len(), 1);
}

#[cfg(unix)]
#[test]
fn links_in_a_folder_are_never_followed() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("tools")).unwrap();
    std::fs::create_dir_all(scratch.path().join("elsewhere")).unwrap();
    write(&scratch, "elsewhere/secret.json", V2_TOOL);
    write(&scratch, "tools/tool.json", V1_TOOL);
    std::os::unix::fs::symlink(
        scratch.path().join("elsewhere"),
        scratch.path().join("tools/out-link"),
    )
    .unwrap();
    std::os::unix::fs::symlink(
        scratch.path().join("tools/loop"),
        scratch.path().join("tools/loop"),
    )
    .unwrap();
    let run = toolshift(
        &scratch,
        &["convert", "tools", "--to", "arcade-v2", "-o", "out"],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains("out-link: skipped: a symbolic link to")
            && run
                .stderr
                .contains("outside the input; links out of an input are never followed"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains("loop: skipped: a symbolic link that is broken or loops"),
        "{}",
        run.stderr
    );
    let written: Vec<String> = read_tree(&scratch.path().join("out"))
        .unwrap()
        .into_keys()
        .collect();
    assert_eq!(written, vec!["Default.Echo.json".to_owned()]);
}

#[cfg(unix)]
#[test]
fn an_interrupted_batch_leaves_no_temporary_file() {
    let scratch = Scratch::new().unwrap();
    // Folders of ten: outputs go into folders the run makes, which two workers write
    // into at once.
    for index in 0..3000 {
        let folder = format!("tools/d{}", index / 10);
        std::fs::create_dir_all(scratch.path().join(&folder)).unwrap();
        write(
            &scratch,
            &format!("{folder}/t{index}.json"),
            &V2_TOOL.replace("\"Add\"", &format!("\"Add{index}\"")),
        );
    }
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args([
            "convert",
            "tools",
            "--to",
            "arcade-v1",
            "-o",
            "out",
            "--report",
            "json",
            "--report-file",
            "report.json",
        ])
        .env(INTERRUPT_AFTER, "500")
        .current_dir(scratch.path())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let finished = child.wait_with_output().unwrap();
    let status = finished.status;
    assert_eq!(status.code(), Some(130), "{status:?}");
    // A file that was converted but not written says why: no other failure comes of
    // the interrupt (two workers writing one folder once raced on it).
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(scratch.path().join("report.json")).unwrap())
            .unwrap();
    let mut unwritten = 0;
    for file in report["files"].as_array().unwrap() {
        if file["status"] == "failed" {
            assert_eq!(file["error"], "interrupted before it was written", "{file}");
            unwritten += 1;
        } else {
            assert_eq!(file["status"], "converted", "{file}");
        }
    }
    // The terminal is told their number once, not each of them.
    let stderr = String::from_utf8(finished.stderr).unwrap();
    assert!(
        !stderr.contains("interrupted before it was written"),
        "{stderr}"
    );
    let told = match unwritten {
        0 => "toolshift: interrupted; what was not written".to_owned(),
        1 => "toolshift: interrupted; 1 converted file was not written".to_owned(),
        count => format!("toolshift: interrupted; {count} converted files were not written"),
    };
    assert_eq!(
        stderr
            .lines()
            .last()
            .is_some_and(|line| line.starts_with(&told)),
        status.code() == Some(130),
        "{stderr}"
    );
    let leftovers: Vec<String> = read_tree(&scratch.path().join("out"))
        .unwrap()
        .into_keys()
        .filter(|name| name.contains(".toolshift-") || name.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // Every file that was written is whole.
    for (name, bytes) in read_tree(&scratch.path().join("out")).unwrap() {
        let parsed: Result<serde_json::Value, _> = serde_json::from_slice(&bytes);
        assert!(parsed.is_ok(), "{name} is not whole");
    }
}

#[test]
fn a_plugins_code_is_read_with_it_and_not_listed_as_skipped() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("plugins")).unwrap();
    let code = "from taskweaver.plugin import Plugin, register_plugin\n";
    // TaskWeaver loads `<code or name>.py`, whatever the YAML file is called.
    write(&scratch, "plugins/greet.yaml", TW_PLUGIN);
    write(&scratch, "plugins/greet.py", code);
    write(
        &scratch,
        "plugins/other.yaml",
        &TW_PLUGIN.replace("name: greet", "name: hello"),
    );
    write(&scratch, "plugins/hello.py", code);
    write(&scratch, "plugins/other.py", code);
    for chunk in ["1", "1024"] {
        let out = format!("out-{chunk}");
        // In chunks of one, the folder is planned and converted a plugin at a time.
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
            .args(["convert", "plugins", "--to", "taskweaver", "-o", &out])
            .env("TOOLSHIFT_CHUNK", chunk)
            .current_dir(scratch.path())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{stderr}");
        let skipped: Vec<&str> = stderr
            .lines()
            .filter(|line| line.contains(": skipped: "))
            .collect();
        // `other.py` is no plugin's code: it is passed over, and says so.
        assert_eq!(skipped.len(), 1, "{stderr}");
        assert!(skipped[0].starts_with("plugins/other.py: "), "{stderr}");
        let written = read_tree(&scratch.path().join(&out)).unwrap();
        assert!(written.contains_key("greet.py"), "{:?}", written.keys());
        assert!(written.contains_key("hello.py"), "{:?}", written.keys());
    }
}

/// A plugin's `.py` may sort after every manifest of its folder, so the walk reaches it
/// only after a chunk that ends with that folder has been converted; it was read, and
/// is not listed as skipped.
#[test]
fn a_companion_listed_after_a_chunk_ends_is_not_called_skipped() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("plugins/a")).unwrap();
    std::fs::create_dir_all(scratch.path().join("plugins/b")).unwrap();
    write(
        &scratch,
        "plugins/a/other.yaml",
        &TW_PLUGIN.replace("name: greet", "name: zed"),
    );
    write(
        &scratch,
        "plugins/a/zed.py",
        "from taskweaver.plugin import Plugin\n",
    );
    write(&scratch, "plugins/b/greet.yaml", TW_PLUGIN);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args(["convert", "plugins", "--to", "taskweaver", "-o", "out"])
        .env("TOOLSHIFT_CHUNK", "1")
        .current_dir(scratch.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("skipped: "), "{stderr}");
    assert!(
        stderr.contains("2 files: 2 converted, 0 denied, 0 failed;"),
        "{stderr}"
    );
    let written = read_tree(&scratch.path().join("out")).unwrap();
    assert!(written.contains_key("a/zed.py"), "{:?}", written.keys());
}

#[test]
fn detect_and_validate_walk_folders() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("tools/nested")).unwrap();
    write(&scratch, "tools/v2.json", V2_TOOL);
    write(&scratch, "tools/nested/v1.json", V1_TOOL);
    write(&scratch, "tools/nested/package.json", "{\"name\": \"x\"}");
    let detect = toolshift(&scratch, &["detect", "tools"]);
    assert_eq!(detect.status, Some(0), "{}", detect.stderr);
    assert_eq!(
        detect.stdout,
        "tools/nested/v1.json\tarcade-v1\ntools/v2.json\tarcade-v2\n"
    );
    let validate = toolshift(&scratch, &["validate", "tools"]);
    assert_eq!(validate.status, Some(0), "{}", validate.stderr);
    assert!(
        validate.stderr.contains("2 files: 2 valid"),
        "{}",
        validate.stderr
    );
}

const MCP_LIST: &str = r#"{"tools": [
  {"name": "add", "description": "Add two numbers.", "inputSchema": {"type": "object",
   "properties": {"a": {"type": "number"}, "b": {"type": "number", "minimum": 0}}, "required": ["a", "b"]}},
  {"name": "echo", "description": "Say it back.", "inputSchema": {"type": "object",
   "properties": {"text": {"type": "string", "maxLength": 10}}}}
]}"#;

#[test]
fn a_list_document_is_converted_tool_by_tool_with_pointers_into_it() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tools.json", MCP_LIST);
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "tools.json",
            "--to",
            "arcade",
            "--toolkit",
            "Calc",
            "-o",
            "out",
            "--report",
            "json",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let written = read_tree(&scratch.path().join("out")).unwrap();
    let names: Vec<&String> = written.keys().collect();
    assert_eq!(names, ["Calc.add.json", "Calc.echo.json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stderr).unwrap();
    let sources: Vec<&str> = report["files"][0]["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["code"] == "keyword-dropped")
        .map(|e| e["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        sources,
        [
            "/tools/0/inputSchema/properties/b",
            "/tools/1/inputSchema/properties/text"
        ]
    );
    // Without -o, several tools cannot go to one stream.
    let run = toolshift(&scratch, &["convert", "tools.json", "--to", "openai"]);
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("needs -o DIR"), "{}", run.stderr);
}

#[test]
fn a_bad_tool_in_a_list_is_named_by_its_place() {
    let scratch = Scratch::new().unwrap();
    write(
        &scratch,
        "tools.json",
        r#"{"tools": [{"name": "ok", "inputSchema": {"type": "object"}},
                      {"name": "bad", "inputSchema": {"type": "object", "properties": {"x": true}}}]}"#,
    );
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "tools.json",
            "--from",
            "mcp",
            "--to",
            "openai",
            "-o",
            "out",
        ],
    );
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("/tools/1/inputSchema/properties/x: toolshift reads object schemas only"),
        "{}",
        run.stderr
    );
    assert!(!scratch.path().join("out").join("ok.json").exists());
}

#[test]
fn bundle_writes_one_list_document_in_input_order() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir(scratch.path().join("kit")).unwrap();
    std::fs::write(scratch.path().join("kit/b.json"), sdk_tool("Kit", "Beta")).unwrap();
    std::fs::write(scratch.path().join("kit/a.json"), sdk_tool("Kit", "Alpha")).unwrap();
    let run = toolshift(
        &scratch,
        &[
            "convert", "kit", "--to", "mcp", "--bundle", "-o", "out/", "--report", "json",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let written = read_tree(&scratch.path().join("out")).unwrap();
    assert_eq!(written.keys().collect::<Vec<_>>(), ["tools.json"]);
    let bundle: serde_json::Value = serde_json::from_slice(&written["tools.json"]).unwrap();
    let names: Vec<&str> = bundle["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Kit_Alpha", "Kit_Beta"]);
    let report: serde_json::Value = serde_json::from_str(&run.stderr).unwrap();
    assert_eq!(report["files"][1]["outputs"][0], "out/tools.json#/tools/1");
    let target = report["files"][1]["entries"][0]["target"].as_str().unwrap();
    assert!(target.starts_with("/tools/1"), "{target}");

    // An existing bundle is replaced only with --force.
    let again = toolshift(
        &scratch,
        &["convert", "kit", "--to", "mcp", "--bundle", "-o", "out/"],
    );
    assert_eq!(again.status, Some(2), "{}", again.stderr);
    assert!(again.stderr.contains("--force"), "{}", again.stderr);

    // A bundle to standard output, for OpenAI: the array to pass as `tools`.
    let run = toolshift(
        &scratch,
        &[
            "convert", "kit", "--to", "openai", "--bundle", "--strict", "--report", "none",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let tools: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(tools.as_array().map(Vec::len), Some(2));
    assert_eq!(tools[0]["function"]["name"], "Kit_Alpha");
}

#[test]
fn two_tools_of_one_name_in_a_bundle_are_refused() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "a.json", MCP_LIST);
    write(&scratch, "b.json", MCP_LIST);
    let run = toolshift(
        &scratch,
        &[
            "convert", "a.json", "b.json", "--to", "openai", "--bundle", "-o", "out/",
        ],
    );
    assert_eq!(run.status, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("would be written by a.json and b.json"),
        "{}",
        run.stderr
    );
    assert!(!scratch.path().join("out/tools.json").exists());
}

#[test]
fn inspect_prints_the_canonical_view_of_any_dialect() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    let run = toolshift(&scratch, &["inspect", "tool.json", "--format", "json"]);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let view: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(view["name"], "Add");
    assert_eq!(view["toolkit"]["name"], "Math");
    assert_eq!(view["parameters"]["a"]["type"], "number");
    assert_eq!(view["parameters"]["a"]["required"], true);
    assert_eq!(view["output"]["modes"], serde_json::json!(["value"]));
    // The same tool in YAML, as review exports it.
    let run = toolshift(&scratch, &["inspect", "tool.json"]);
    assert!(
        run.stdout
            .starts_with("name: Add\ntoolkit:\n  name: Math\n"),
        "{}",
        run.stdout
    );
    let run = toolshift(&scratch, &["inspect", "missing.json"]);
    assert_eq!(run.status, Some(2));
    assert!(
        run.stderr.starts_with("missing.json: cannot read"),
        "{}",
        run.stderr
    );
}

#[test]
fn diff_compares_in_model_terms_and_ignores_syntax() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    // The same tool in YAML, keys in another order: no difference.
    write(
        &scratch,
        "same.yaml",
        "toolkit: {version: 1.0.0, name: Math}\nname: Add\n# a comment\ninputs:\n  parameters:\n    - {required: true, name: a, value_schema: {val_type: number}}\noutput: {value_schema: {val_type: number}, available_modes: [value]}\n",
    );
    let run = toolshift(&scratch, &["diff", "tool.json", "same.yaml"]);
    assert_eq!(run.status, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "");
    // Through Arcade v1, the array and the toolkit change shape: the diff says so.
    let out = scratch.path().join("v1");
    let convert = toolshift(
        &scratch,
        &[
            "convert",
            "tool.json",
            "--to",
            "arcade-v1",
            "-o",
            "v1/",
            "--report",
            "none",
        ],
    );
    assert_eq!(convert.status, Some(0), "{}", convert.stderr);
    assert!(out.join("Math.Add.json").is_file());
    let run = toolshift(
        &scratch,
        &["diff", "tool.json", "v1/Math.Add.json", "--report", "json"],
    );
    assert_eq!(run.status, Some(1), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["equal"], false);
    let paths: Vec<&str> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["path"].as_str().unwrap())
        .collect();
    assert!(paths.contains(&"toolkit.version"), "{paths:?}");
    assert!(paths.contains(&"version"), "{paths:?}");
    let run = toolshift(&scratch, &["diff", "tool.json", "nothing.json"]);
    assert_eq!(run.status, Some(2), "{}", run.stderr);
}

#[test]
fn completions_man_page_and_help_examples() {
    let scratch = Scratch::new().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let run = toolshift(&scratch, &["completions", shell]);
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        for word in ["convert", "inspect", "bundle"] {
            assert!(run.stdout.contains(word), "{shell} completion lacks {word}");
        }
    }
    let run = toolshift(&scratch, &["man"]);
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with(".ie"), "{}", run.stdout);
    assert!(run.stdout.contains(".TH toolshift 1"), "{}", run.stdout);
    // Every subcommand's help ends with a real example of it.
    for command in [
        "convert",
        "detect",
        "explain",
        "inspect",
        "diff",
        "validate",
        "completions",
        "man",
    ] {
        let run = toolshift(&scratch, &[command, "--help"]);
        assert_eq!(run.status, Some(0), "{}", run.stderr);
        let examples = run
            .stdout
            .split_once("Example")
            .map(|(_, rest)| rest)
            .unwrap_or_else(|| panic!("`{command} --help` has no example:\n{}", run.stdout));
        assert!(
            examples.contains(&format!("toolshift {command}")),
            "`{command} --help` shows no `toolshift {command}` example:\n{}",
            run.stdout
        );
    }
}

#[test]
fn sarif_report_passes_the_official_schema_with_one_result_per_entry() {
    let scratch = Scratch::new().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir(scratch.path().join("in")).unwrap();
    for (case, name) in [
        ("mcp-to-arcade-keywords-reported", "meeting.json"),
        ("tw-to-allm-every-rule", "invoice.yaml"),
        ("v2-to-v1-arrays-enums-oauth", "mail.json"),
    ] {
        let input = support::golden_input(&root.join("golden").join(case)).unwrap();
        std::fs::copy(input, scratch.path().join("in").join(name)).unwrap();
    }
    // A file that cannot be converted becomes an error result.
    write(
        &scratch,
        "in/broken.json",
        r#"{"name": "x", "inputs": {"parameters": [{"name": "a"}]}, "toolkit": {"name": "T"}}"#,
    );
    let mut results = Vec::new();
    for report in ["sarif", "json"] {
        let run = toolshift(
            &scratch,
            &[
                "convert",
                "in",
                "--to",
                "arcade",
                "--toolkit",
                "Kit",
                "-o",
                &format!("out-{report}"),
                "--report",
                report,
            ],
        );
        assert_eq!(run.status, Some(2), "{}", run.stderr);
        results.push(serde_json::from_str::<serde_json::Value>(&run.stderr).unwrap());
    }
    let (sarif, json) = (&results[0], &results[1]);
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("tests/data/sarif/sarif-schema-2.1.0.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(sarif)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema does judge: a result without a message is refused.
    let mut broken = sarif.clone();
    broken["runs"][0]["results"][0]
        .as_object_mut()
        .unwrap()
        .remove("message");
    assert!(!validator.is_valid(&broken));

    let entries: Vec<&serde_json::Value> = json["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|file| file["entries"].as_array().unwrap())
        .collect();
    let run = &sarif["runs"][0];
    let located: Vec<&serde_json::Value> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] != "conversion-failed")
        .collect();
    assert_eq!(located.len(), entries.len());
    for (result, entry) in located.iter().zip(&entries) {
        assert_eq!(result["ruleId"], entry["code"]);
        assert_eq!(result["message"]["text"], entry["message"]);
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], entry["line"]);
        assert_eq!(region["startColumn"], entry["column"]);
        let rule = &run["tool"]["driver"]["rules"][result["ruleIndex"].as_u64().unwrap() as usize];
        assert_eq!(rule["id"], entry["code"]);
        assert!(
            rule["help"]["text"]
                .as_str()
                .unwrap()
                .contains("- What to do:"),
            "{rule}"
        );
    }
    let failed: Vec<&serde_json::Value> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "conversion-failed")
        .collect();
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["level"], "error");
    assert_eq!(
        failed[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "in/broken.json"
    );
    // The refusal names its place, as the entries do.
    let region = &failed[0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["startLine"], &region["startColumn"]),
        (&1.into(), &41.into())
    );
}

#[test]
fn colour_only_on_a_terminal_and_never_with_no_color() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "tool.json", V2_TOOL);
    let convert = [
        "convert",
        "tool.json",
        "--to",
        "arcade-v1",
        "-o",
        "out/",
        "--force",
    ];
    // In a pipe, as tests run it: plain text.
    let run = run_toolshift(scratch.path(), &args(&convert), None).unwrap();
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(!run.stderr.contains('\u{1b}'), "{}", run.stderr);
    // On a terminal (`script` gives the program a pseudo-terminal): colour, unless
    // NO_COLOR is set.
    let binary = env!("CARGO_BIN_EXE_toolshift");
    let line = format!("{binary} {}", convert.join(" "));
    for (no_color, coloured) in [(None, true), (Some("1"), false)] {
        let mut command = std::process::Command::new("script");
        command
            .args(["-qec", &line, "/dev/null"])
            .current_dir(scratch.path())
            .env_remove("NO_COLOR");
        if let Some(value) = no_color {
            command.env("NO_COLOR", value);
        }
        let output = command
            .output()
            .expect("script(1) runs the binary on a terminal");
        let text = String::from_utf8_lossy(&output.stdout);
        assert!(text.contains("name-qualified"), "{text}");
        assert_eq!(
            text.contains('\u{1b}'),
            coloured,
            "NO_COLOR={no_color:?}: {text}"
        );
    }
}

#[test]
fn collisions_are_found_whether_the_batch_is_planned_or_cut_by_folder() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("kit/flat")).unwrap();
    // Six tools in one folder, two of which would write the same file (refused), and
    // three folders each with a tool of that same name (no collision: other folders).
    for (file, toolkit, tool) in [
        ("a.json", "Github", "WhoAmI"),
        ("b.json", "Slack", "WhoAmI"),
        ("c.json", "Kit", "One"),
        ("d.json", "Kit", "Two"),
        ("e.json", "Kit", "Same"),
        ("f.json", "Kit", "Same"),
    ] {
        write(
            &scratch,
            &format!("kit/flat/{file}"),
            &sdk_tool(toolkit, tool),
        );
    }
    for folder in ["x", "y", "z"] {
        std::fs::create_dir_all(scratch.path().join("kit").join(folder)).unwrap();
        write(
            &scratch,
            &format!("kit/{folder}/t.json"),
            &sdk_tool("Kit", "Same"),
        );
    }
    let mut trees = Vec::new();
    // Chunks of one: the six-file folder is too large to keep whole, so the batch is
    // planned. Chunks of eight: cut between folders, no plan.
    for chunk in ["1", "8"] {
        let out = format!("out-{chunk}");
        let report = failing_batch(&scratch, &["kit", "--to", "arcade-v2", "-o", &out], chunk);
        let failed = failed_inputs(&report);
        assert_eq!(
            failed,
            ["kit/flat/e.json", "kit/flat/f.json"],
            "chunk {chunk}"
        );
        trees.push(read_tree(&scratch.path().join(&out)).unwrap());
    }
    let names: Vec<&String> = trees[0].keys().collect();
    assert_eq!(
        names,
        [
            "flat/Github.WhoAmI.json",
            "flat/Kit.One.json",
            "flat/Kit.Two.json",
            "flat/Slack.WhoAmI.json",
            "x/Kit.Same.json",
            "y/Kit.Same.json",
            "z/Kit.Same.json",
        ]
    );
    assert_eq!(trees[0], trees[1]);
}

#[test]
fn collisions_are_found_across_inputs_and_around_subfolders_in_chunks_of_one() {
    let scratch = Scratch::new().unwrap();
    // `a.json` and `c.json` write the same file, with a subfolder walked between them;
    // `two/x/t.json` writes the same file as `one/x/t.json`, from another input.
    for folder in ["one/b", "one/x", "two/x"] {
        std::fs::create_dir_all(scratch.path().join(folder)).unwrap();
    }
    write(&scratch, "one/a.json", &sdk_tool("Kit", "Same"));
    write(&scratch, "one/b/t.json", &sdk_tool("Kit", "Other"));
    write(&scratch, "one/c.json", &sdk_tool("Kit", "Same"));
    write(&scratch, "one/x/t.json", &sdk_tool("Kit", "Here"));
    write(&scratch, "two/x/t.json", &sdk_tool("Kit", "Here"));
    let failed_and_written = |inputs: &[&str], out: &str| {
        let list = [inputs, &["--to", "arcade-v2", "-o", out]].concat();
        let failed = failed_inputs(&failing_batch(&scratch, &list, "1"));
        let written: Vec<String> = read_tree(&scratch.path().join(out))
            .unwrap()
            .into_keys()
            .collect();
        (failed, written)
    };
    let (failed, written) = failed_and_written(&["one"], "out-one");
    assert_eq!(failed, ["one/a.json", "one/c.json"]);
    assert_eq!(written, ["b/Kit.Other.json", "x/Kit.Here.json"]);
    let (failed, written) = failed_and_written(&["one", "two"], "out-both");
    assert_eq!(
        failed,
        ["one/a.json", "one/c.json", "one/x/t.json", "two/x/t.json"]
    );
    assert_eq!(written, ["b/Kit.Other.json"]);
}

#[test]
fn a_fifo_where_a_companion_file_belongs_is_never_opened() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("in/weather")).unwrap();
    write(&scratch, "in/greet.yaml", TW_PLUGIN);
    write(&scratch, "in/weather/plugin.json", SKILL);
    // Opening a FIFO for reading blocks until something writes to it.
    for fifo in ["in/greet.py", "in/weather/handler.js"] {
        let made = std::process::Command::new("mkfifo")
            .arg(scratch.path().join(fifo))
            .status()
            .unwrap();
        assert!(made.success());
    }
    let status = exit_within_a_minute(
        &scratch,
        &["convert", "in", "--to", "arcade-v2", "-o", "out"],
    );
    // The plugin converts without its code; the skill without its handler.
    assert_eq!(status, Some(0));
    let written: Vec<String> = read_tree(&scratch.path().join("out"))
        .unwrap()
        .into_keys()
        .collect();
    assert_eq!(written.len(), 2, "{written:?}");
    // `validate` checks a plugin's `.py` too, and must not open the FIFO either.
    assert_eq!(
        exit_within_a_minute(&scratch, &["validate", "in/greet.yaml"]),
        Some(0)
    );
    // Nor a FIFO where a skill folder's plugin.json belongs, the folder given itself.
    std::fs::create_dir_all(scratch.path().join("fifo-skill")).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(scratch.path().join("fifo-skill/plugin.json"))
        .status()
        .unwrap();
    assert!(made.success());
    let args = ["convert", "fifo-skill", "--to", "mcp", "-o", "out2"];
    assert_eq!(exit_within_a_minute(&scratch, &args), Some(0));
}

#[test]
fn a_named_pipe_given_as_the_input_is_read_once() {
    // As the shell's `<(…)` gives it: a pipe that yields its text to one reader.
    let scratch = Scratch::new().unwrap();
    let pipe = scratch.path().join("plugin.yaml");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap();
    assert!(made.success());
    // Not joined: if toolshift never opened the pipe, this writer waits for ever, and
    // the run's own failure is what the test reports.
    std::thread::spawn(move || std::fs::write(pipe, TW_PLUGIN));
    let args = [
        "convert",
        "plugin.yaml",
        "--from",
        "taskweaver",
        "--to",
        "anythingllm",
        "-o",
        "out",
    ];
    // A second open would wait for a writer that never comes.
    assert_eq!(exit_within_a_minute(&scratch, &args), Some(0));
    let written: Vec<String> = read_tree(&scratch.path().join("out"))
        .unwrap()
        .into_keys()
        .collect();
    assert_eq!(written, ["greet/handler.js", "greet/plugin.json"]);
}

/// Runs toolshift with nothing on its standard input and returns its exit code; a run
/// still going after a minute is killed, and fails the test as blocked.
fn exit_within_a_minute(scratch: &Scratch, list: &[&str]) -> Option<i32> {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args(list)
        .current_dir(scratch.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("toolshift {list:?} blocked, waiting on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_companion_file_that_is_a_link_is_never_followed() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("in/weather")).unwrap();
    write(&scratch, "in/greet.yaml", TW_PLUGIN);
    write(&scratch, "in/weather/plugin.json", SKILL);
    // Files outside the input that a stranger's links point at.
    write(&scratch, "secret.txt", "SECRET-OUTSIDE-THE-INPUT");
    for link in ["in/greet.py", "in/weather/handler.js"] {
        std::os::unix::fs::symlink(scratch.path().join("secret.txt"), scratch.path().join(link))
            .unwrap();
    }
    for target in ["taskweaver", "anythingllm"] {
        let out = format!("out-{target}");
        let run = toolshift(&scratch, &["convert", "in", "--to", target, "-o", &out]);
        // Each manifest fails, naming its companion; nothing read through a link is written.
        assert_eq!(run.status, Some(2), "{}", run.stderr);
        for file in ["greet.py", "handler.js"] {
            assert!(
                run.stderr
                    .lines()
                    .any(|line| line
                        .contains(&format!("{file} beside the manifest is a symbolic link"))),
                "{}",
                run.stderr
            );
        }
        let written = read_tree(&scratch.path().join(&out)).unwrap_or_default();
        assert!(
            written
                .values()
                .all(|bytes| !String::from_utf8_lossy(bytes).contains("SECRET")),
            "{written:?}"
        );
    }
    // A skill folder whose plugin.json is a link is no skill: the link is skipped and
    // reported, whether the folder is walked or given itself.
    std::fs::create_dir_all(scratch.path().join("linked/weather")).unwrap();
    write(
        &scratch,
        "secret.json",
        &SKILL.replace("Current weather", "SECRET"),
    );
    std::os::unix::fs::symlink(
        scratch.path().join("secret.json"),
        scratch.path().join("linked/weather/plugin.json"),
    )
    .unwrap();
    for input in ["linked", "linked/weather"] {
        let out = format!("out-{}", input.replace('/', "-"));
        let run = toolshift(&scratch, &["convert", input, "--to", "mcp", "-o", &out]);
        assert!(
            run.stderr.contains("plugin.json: skipped: a symbolic link"),
            "{}",
            run.stderr
        );
        let written = read_tree(&scratch.path().join(&out)).unwrap_or_default();
        assert!(written.is_empty(), "{written:?}");
    }
    let run = toolshift(&scratch, &["validate", "in/greet.yaml"]);
    assert!(
        run.stdout
            .contains("greet.py beside the manifest is a symbolic link")
            || run
                .stderr
                .contains("greet.py beside the manifest is a symbolic link"),
        "{}{}",
        run.stdout,
        run.stderr
    );
}

/// Converts `plugins` to AnythingLLM skills in `out`, with `report` options, and sends
/// SIGINT once ten entries are in `out`; asserts the run ended by it. Answers `out`.
fn interrupt_skill_batch(scratch: &Scratch, report: &[&str]) -> std::path::PathBuf {
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_toolshift"))
        .args(["convert", "plugins", "--to", "anythingllm", "-o", "out"])
        .args(report)
        .env("TOOLSHIFT_CHUNK", "64")
        .env(INTERRUPT_AFTER, "100")
        .current_dir(scratch.path())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(130), "the run was not interrupted");
    scratch.path().join("out")
}

/// The hook stops the run as the 101st item starts: the items before it are written
/// whole, except those another worker had under way, which are rolled back whole.
fn assert_stopped_after_100(skills: usize) {
    let workers = std::thread::available_parallelism().map_or(1, usize::from);
    assert!(
        skills <= 100 && skills + workers > 100,
        "{skills} skills written by {workers} workers"
    );
}

/// The test hook of debug builds (`src/interrupt.rs`): the run acts as if Ctrl-C came
/// once this many items have started being written, whatever the machine's speed.
const INTERRUPT_AFTER: &str = "TOOLSHIFT_TEST_INTERRUPT_AFTER";

/// Every entry below `folder`, at any depth, by its path relative to it.
fn entries_below(folder: &std::path::Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(folder).unwrap();
            found.push(relative.to_string_lossy().into_owned());
            if path.symlink_metadata().unwrap().is_dir() {
                pending.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Skills in folders the run makes are written into each folder under a hidden name,
/// which is renamed into place when its items are written (docs/performance.md at
/// 79948a8, sixteenth round). Interrupted, the run still puts every whole skill in place
/// and reports it, and leaves nothing hidden behind.
#[test]
fn an_interrupted_batch_of_skill_folders_reports_what_it_put_in_place_and_nothing_else() {
    let scratch = Scratch::new().unwrap();
    for index in 0..3000 {
        let folder = format!("plugins/d{:03}", index / 10);
        std::fs::create_dir_all(scratch.path().join(&folder)).unwrap();
        let text = TW_PLUGIN.replace("name: greet", &format!("name: greet_{index}"));
        write(&scratch, &format!("{folder}/p{index:04}.yaml"), &text);
    }
    let out = interrupt_skill_batch(
        &scratch,
        &["--report", "json", "--report-file", "report.json"],
    );
    let entries = entries_below(&out);
    let hidden: Vec<&String> = entries
        .iter()
        .filter(|entry| entry.split('/').any(|part| part.starts_with('.')))
        .collect();
    assert!(hidden.is_empty(), "left behind: {hidden:?}");
    let on_disk: std::collections::BTreeSet<String> = entries
        .iter()
        .filter(|entry| entry.matches('/').count() == 2)
        .map(|entry| format!("out/{entry}"))
        .collect();
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(scratch.path().join("report.json")).unwrap())
            .unwrap();
    let mut reported = std::collections::BTreeSet::new();
    for file in report["files"].as_array().unwrap() {
        if file["status"] == "failed" {
            assert_eq!(file["error"], "interrupted before it was written", "{file}");
            continue;
        }
        assert_eq!(file["status"], "converted", "{file}");
        for output in file["outputs"].as_array().unwrap() {
            reported.insert(output.as_str().unwrap().to_owned());
        }
    }
    assert_eq!(
        on_disk, reported,
        "what is in place is what the report says was written"
    );
    let skills = reported.len() / 2;
    assert_stopped_after_100(skills);
    for skill in reported
        .iter()
        .filter(|path| path.ends_with("/plugin.json"))
    {
        let manifest = std::fs::read_to_string(scratch.path().join(skill)).unwrap();
        serde_json::from_str::<serde_json::Value>(&manifest).unwrap();
    }
}

/// A plugin named like a folder beside it writes its skill where that folder's skills
/// go: both are written, into one folder, whichever comes first; and so are the skills
/// of a folder below it.
#[test]
fn a_skill_named_like_a_folder_beside_it_shares_that_folder() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("plugins/greet/deeper")).unwrap();
    write(&scratch, "plugins/greet.yaml", TW_PLUGIN);
    for name in [
        "greet/hello",
        "greet/welcome",
        "greet/deeper/hi",
        "greet/deeper/hey",
    ] {
        let tool = name.rsplit('/').next().unwrap();
        let text = TW_PLUGIN.replace("name: greet", &format!("name: {tool}"));
        write(&scratch, &format!("plugins/{name}.yaml"), &text);
    }
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "plugins",
            "--to",
            "anythingllm",
            "-o",
            "out",
            "--report",
            "none",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert_eq!(
        entries_below(&scratch.path().join("out")),
        [
            "greet",
            "greet/deeper",
            "greet/deeper/hey",
            "greet/deeper/hey/handler.js",
            "greet/deeper/hey/plugin.json",
            "greet/deeper/hi",
            "greet/deeper/hi/handler.js",
            "greet/deeper/hi/plugin.json",
            "greet/handler.js",
            "greet/hello",
            "greet/hello/handler.js",
            "greet/hello/plugin.json",
            "greet/plugin.json",
            "greet/welcome",
            "greet/welcome/handler.js",
            "greet/welcome/plugin.json",
        ]
    );
}

#[test]
fn an_interrupted_skill_batch_leaves_whole_skills_and_nothing_temporary() {
    let scratch = Scratch::new().unwrap();
    std::fs::create_dir_all(scratch.path().join("plugins")).unwrap();
    // Enough plugins that the run is still writing when the signal comes.
    for index in 0..3000 {
        let text = TW_PLUGIN.replace("name: greet", &format!("name: greet_{index}"));
        write(&scratch, &format!("plugins/p{index:04}.yaml"), &text);
    }
    let out = interrupt_skill_batch(&scratch, &["--report", "none"]);
    let mut skills = 0;
    for entry in std::fs::read_dir(&out).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        assert!(!name.starts_with('.'), "left behind: {name}");
        let mut files: Vec<String> = std::fs::read_dir(entry.path())
            .unwrap()
            .map(|file| file.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        assert_eq!(files, ["handler.js", "plugin.json"], "{name}");
        let manifest = std::fs::read_to_string(entry.path().join("plugin.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&manifest).unwrap();
        skills += 1;
    }
    assert_stopped_after_100(skills);
}

#[test]
fn a_name_map_routes_every_written_name_back() {
    let scratch = Scratch::new().unwrap();
    let stem = "github_enterprise_administration_list_self_hosted_runner_groups_for";
    let tools = serde_json::json!({"tools": [
        {"name": format!("{stem}_enterprise"), "inputSchema": {"type": "object"}},
        {"name": format!("{stem}_organization"), "inputSchema": {"type": "object"}},
        {"name": "billing.list_invoices", "inputSchema": {"type": "object"}},
    ]});
    write(&scratch, "tools.json", &tools.to_string());
    let run = toolshift(
        &scratch,
        &[
            "convert",
            "tools.json",
            "--to",
            "openai",
            "--bundle",
            "-o",
            "out/",
            "--name-map",
            "names.json",
        ],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    let read = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(scratch.path().join(name)).unwrap()).unwrap()
    };
    let (bundle, map) = (read("out/tools.json"), read("names.json"));
    let written: Vec<&str> = bundle
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["function"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(written.len(), 3);
    assert!(written.iter().all(|name| name.len() <= 64), "{written:?}");
    assert_ne!(
        written[0], written[1],
        "long names sharing a beginning stay apart"
    );
    for (tool, name) in tools["tools"].as_array().unwrap().iter().zip(&written) {
        let entry = map
            .as_array()
            .unwrap()
            .iter()
            .find(|entry| entry["written"] == *name)
            .unwrap_or_else(|| panic!("{name} is not in the name map"));
        assert_eq!(entry["name"], tool["name"]);
    }
}

/// Edits the generated `code` file that `first` wrote, runs `first` again with `--force`
/// and the `more` arguments: the re-run succeeds and the edit stays.
fn forced_rerun(scratch: &Scratch, first: &[&str], code: &str, more: &[&str]) -> Run {
    let code = scratch.path().join(code);
    std::fs::write(&code, "# edited by hand\n").unwrap();
    let mut forced = first.to_vec();
    forced.push("--force");
    forced.extend(more);
    let again = toolshift(scratch, &forced);
    assert_eq!(again.status, Some(0), "{}", again.stderr);
    assert_eq!(
        std::fs::read_to_string(&code).unwrap(),
        "# edited by hand\n"
    );
    again
}

#[test]
fn a_forced_rerun_replaces_manifests_and_keeps_edited_code() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "greet.yaml", TW_PLUGIN);
    let first = [
        "convert",
        "greet.yaml",
        "--to",
        "anythingllm",
        "-o",
        "skills",
    ];
    assert_eq!(toolshift(&scratch, &first).status, Some(0));
    write(
        &scratch,
        "greet.yaml",
        &TW_PLUGIN.replace("Greet someone", "Welcome someone"),
    );
    let again = forced_rerun(&scratch, &first, "skills/greet/handler.js", &[]);
    assert!(again.stderr.contains("kept "), "{}", again.stderr);
    assert!(again.stderr.contains("handler.js"), "{}", again.stderr);
    let plugin = std::fs::read_to_string(scratch.path().join("skills/greet/plugin.json")).unwrap();
    assert!(plugin.contains("Welcome someone"), "{plugin}");
    // The JSON report names what was kept.
    let json = forced_rerun(
        &scratch,
        &first,
        "skills/greet/handler.js",
        &["--report", "json"],
    );
    let report: serde_json::Value = serde_json::from_str(&json.stderr).unwrap();
    let kept = report["files"][0]["kept"][0].as_str().unwrap();
    assert!(kept.ends_with("handler.js"), "{kept}");
}

#[test]
fn a_forced_rerun_of_a_scaffold_keeps_the_plugin_code() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "v2.json", V2_TOOL);
    let first = [
        "convert",
        "v2.json",
        "--to",
        "taskweaver",
        "--scaffold",
        "-o",
        "plugins",
    ];
    assert_eq!(toolshift(&scratch, &first).status, Some(0));
    forced_rerun(&scratch, &first, "plugins/Add.py", &[]);
}

#[test]
fn an_output_path_not_there_yet_becomes_the_folder_of_several_files() {
    let scratch = Scratch::new().unwrap();
    write(&scratch, "greet.yaml", TW_PLUGIN);
    write(&scratch, "greet.py", "def greet(who):\n    return who\n");
    let run = toolshift(
        &scratch,
        &["convert", "greet.yaml", "--to", "taskweaver", "-o", "out"],
    );
    assert_eq!(run.status, Some(0), "{}", run.stderr);
    assert!(scratch.path().join("out/greet.yaml").is_file());
    assert!(scratch.path().join("out/greet.py").is_file());
}

/// An MCP `tools/list` result of `names`, one tool each.
fn tool_list(names: &[String]) -> String {
    let tools: Vec<serde_json::Value> = names
        .iter()
        .map(|name| serde_json::json!({"name": name, "description": "d", "inputSchema": {"type": "object"}}))
        .collect();
    serde_json::json!({ "tools": tools }).to_string()
}

#[test]
fn a_list_naming_one_tool_twice_writes_none_of_it() {
    let scratch = Scratch::new().unwrap();
    let names = ["first", "same", "same"].map(str::to_owned);
    write(&scratch, "list.json", &tool_list(&names));
    for to in ["anythingllm", "openai", "taskweaver", "arcade"] {
        let out = format!("out-{to}");
        let run = toolshift(&scratch, &["convert", "list.json", "--to", to, "-o", &out]);
        assert_eq!(run.status, Some(2), "{to}: {}", run.stderr);
        assert!(
            run.stderr.contains("/tools/2/name: this tool and the one named at /tools/1/name would both be written to"),
            "{to}: {}",
            run.stderr
        );
        let written = read_tree(&scratch.path().join(&out)).unwrap();
        assert!(written.is_empty(), "{to}: {:?}", written.keys());
    }
}

/// Each file of a list waiting unnamed held a descriptor open until the list was
/// written: 200 tools under a limit of 48 descriptors failed the whole list.
#[cfg(target_os = "linux")]
#[test]
fn a_list_of_many_tools_is_written_whole_under_a_low_descriptor_limit() {
    let scratch = Scratch::new().unwrap();
    let names: Vec<String> = (0..200).map(|i| format!("tool{i}")).collect();
    write(&scratch, "list.json", &tool_list(&names));
    let command = format!(
        "ulimit -n 48 && exec '{}' convert list.json --to openai -o out",
        env!("CARGO_BIN_EXE_toolshift")
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &command])
        .current_dir(scratch.path())
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = read_tree(&scratch.path().join("out")).unwrap();
    let expected: Vec<String> = names.iter().map(|name| format!("{name}.json")).collect();
    let mut found: Vec<String> = written.keys().cloned().collect();
    found.sort_by_key(|name| {
        name.trim_start_matches("tool")
            .trim_end_matches(".json")
            .parse::<usize>()
            .unwrap_or(0)
    });
    assert_eq!(found, expected);
}
