"""The Python package against the command: the same outputs and reports on the golden
cases and on every dialect pair, errors with their place, and a worked example checked
with the OpenAI SDK's own types."""

import json
import os
import pathlib
import subprocess
import tempfile

import pytest

import toolshift

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "golden"


def input_cases(folders=True):
    """Golden cases and their input: a manifest file, with any companion code beside it
    (which a path brings along), or a skill folder. A folder of manifests is the
    command's to walk."""
    for case in sorted(GOLDEN.iterdir()):
        inputs = [p for p in case.iterdir() if p.name.startswith("input")
                  and p.suffix not in (".py", ".js")]
        if len(inputs) != 1:
            continue
        if inputs[0].is_file() or (folders and (inputs[0] / "plugin.json").is_file()):
            yield case, inputs[0]


#: The command's flags that are `convert`'s keywords: those taking a value, then switches.
VALUED = {"--to": "to", "--from": "from_", "--toolkit": "toolkit",
          "--toolkit-version": "toolkit_version", "--provider": "provider",
          "--oauth2-url": "oauth2_url"}
SWITCHES = {"--strict": "strict", "--official": "official", "--keep-secrets": "keep_secrets",
            "--responses": "responses", "--json-schema": "json_schema",
            "--scaffold": "scaffold"}


def keywords(case):
    """`convert`'s keywords for a case's flags; `None` where a flag has none (the
    report's format, `--deny`, `--bundle`'s file)."""
    words = (case / "args").read_text().split()
    found = {}
    while words:
        flag = words.pop(0)
        if flag in VALUED and words:
            found[VALUED[flag]] = words.pop(0)
        elif flag in SWITCHES:
            found[SWITCHES[flag]] = True
        else:
            return None
    return found


def test_every_dialect_is_listed():
    assert set(toolshift.DIALECTS) >= {"arcade", "arcade-v1", "arcade-v2", "taskweaver",
                                       "anythingllm", "mcp", "openai", "anthropic", "gemini"}


# A golden skill folder was converted from a copy named after its hubId.
PLAIN_CASES = [
    (case, path, keywords(case))
    for case, path in input_cases(folders=False)
    if keywords(case) is not None and (case / "status").read_text().strip() == "0"
]


@pytest.mark.parametrize("case,path,args", PLAIN_CASES, ids=[c.name for c, _, _ in PLAIN_CASES])
def test_golden_outputs_and_report(case, path, args):
    result = toolshift.convert(path, **args)
    assert len(result.outputs) == sum(1 for f in (case / "expected").rglob("*") if f.is_file())
    for output in result.outputs:
        assert output.text == (case / "expected" / output.name).read_text()
    expected = json.loads((case / "report.json").read_text())["files"][0]["entries"]
    assert [(e.code, e.message, e.line) for e in result.report] == \
        [(e["code"], e["message"], e.get("line")) for e in expected]


def toolshift_binary():
    found = os.environ.get("TOOLSHIFT_BIN") or str(ROOT / "target" / "debug" / "toolshift")
    return found if os.path.isfile(found) else None


def cli_convert(binary, path, to, folder):
    run = subprocess.run([binary, "convert", str(path), "--to", to, "-o", folder + "/",
                          "--report", "json"], capture_output=True, text=True)
    report = json.loads(run.stderr) if run.stderr.strip().startswith("{") else None
    return run.returncode, report


@pytest.mark.parametrize("to", toolshift.DIALECTS)
def test_every_pair_equals_the_command(to):
    binary = toolshift_binary()
    if binary is None:
        pytest.skip("set TOOLSHIFT_BIN to the toolshift binary (cargo build)")
    compared = 0
    for case, path in input_cases():
        with tempfile.TemporaryDirectory() as folder:
            code, report = cli_convert(binary, path, to, folder)
            try:
                result = toolshift.convert(path, to=to)
            except toolshift.Error:
                assert code == 2, f"{case.name} -> {to}: the command converted it"
                continue
            assert code in (0, 1), f"{case.name} -> {to}: the command failed"
            for output in result.outputs:
                written = pathlib.Path(folder, output.name)
                assert output.text == written.read_text(), f"{case.name} -> {to}: {output.name}"
            codes = [e["code"] for f in report["files"] for e in f["entries"]]
            assert [e.code for e in result.report] == codes, f"{case.name} -> {to}"
            compared += 1
    assert compared >= 20


def test_a_path_brings_its_companion_files():
    """A plugin's `.py` beside its YAML is read with it, and carried, as the command
    carries it; a skill folder is read through its `plugin.json`."""
    plugin = GOLDEN / "tw-to-tw-carries-python" / "input.yaml"
    for source in (plugin, str(plugin)):
        result = toolshift.convert(source, to="taskweaver")
        assert [o.name for o in result.outputs] == ["word_count.yaml", "input.py"]
        assert result.outputs[1].text == (plugin.parent / "input.py").read_text()
    with tempfile.TemporaryDirectory() as folder:
        skill = pathlib.Path(folder, "lenient_skill")
        skill.mkdir()
        for source in (GOLDEN / "allm-lenient-json-to-allm" / "input").iterdir():
            (skill / source.name).write_text(source.read_text())
        result = toolshift.convert(skill, to="taskweaver")
        assert result.outputs[0].name.endswith(".yaml")


def test_validating_a_plugin_by_path_reads_its_code():
    """`required` in the YAML against the defaults of `__call__` in the `.py` beside it:
    only a path reaches the code."""
    plugin = ROOT / "tests" / "cmd" / "fixtures.in" / "movie.yaml"
    warnings = [w.message for w in toolshift.validate(plugin).warnings]
    assert any("`__call__` in movie.py gives it a default" in w for w in warnings)
    text_only = [w.message for w in toolshift.validate(plugin.read_text()).warnings]
    assert not any("__call__" in w for w in text_only)
    skill = plugin.parent / "omdb-search"
    assert (toolshift.detect(skill), toolshift.detect(str(plugin))) == ("anythingllm", "taskweaver")


def test_every_flag_that_shapes_an_output_is_a_keyword():
    """What a target requires and the input lacks is given as the command's flags give
    it, and then no longer defaulted."""
    tool = {"name": "ping", "description": "Ping.",
            "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}
    result = toolshift.convert(tool, to="arcade-v2", toolkit="Kit", toolkit_version="2.1.0")
    assert result.outputs[0].value["toolkit"] == {"name": "Kit", "version": "2.1.0"}
    assert "toolkit-version-defaulted" not in [e.code for e in result.report]
    plugin = toolshift.convert(tool, to="taskweaver", scaffold=True)
    assert [o.name for o in plugin.outputs] == ["ping.yaml", "ping.py"]
    assert "def __call__" in plugin.outputs[1].text


def test_a_port_is_written_and_rerun_as_the_command_does():
    """TaskWeaver plugin to AnythingLLM skill, written; a second run replaces nothing
    without force, and with force replaces the manifest and keeps the edited handler."""
    plugin = GOLDEN / "tw-to-allm-every-rule" / "input.yaml"
    result = toolshift.convert(plugin, to="anythingllm")
    assert [o.create_only for o in result.outputs] == [False, True]
    with tempfile.TemporaryDirectory() as folder:
        first = result.write(pathlib.Path(folder, "skills"))
        manifest, handler = map(pathlib.Path, first.written)
        assert (manifest.name, handler.name, first.kept) == ("plugin.json", "handler.js", [])
        assert manifest.read_text() == result.outputs[0].text
        handler.write_text("// finished by hand\n")
        with pytest.raises(toolshift.WriteError) as raised:
            result.write(pathlib.Path(folder, "skills"))
        assert isinstance(raised.value, OSError) and "already exists" in str(raised.value)
        again = result.write(pathlib.Path(folder, "skills"), force=True)
        assert (again.written, again.kept) == ([str(manifest)], [str(handler)])
        assert handler.read_text() == "// finished by hand\n"


def test_a_path_that_cannot_be_read_raises():
    with tempfile.TemporaryDirectory() as folder:
        with pytest.raises(FileNotFoundError):
            toolshift.convert(pathlib.Path(folder, "missing.json"), to="mcp")
        with pytest.raises(toolshift.ReadError) as raised:
            toolshift.convert(pathlib.Path(folder), to="mcp")
        assert isinstance(raised.value, OSError)
        assert "holds no manifest" in str(raised.value)


def test_a_syntax_error_names_its_line_and_column():
    with pytest.raises(toolshift.SyntaxError) as raised:
        toolshift.convert('{\n  "name": ,\n}', to="openai")
    assert (raised.value.line, raised.value.column) == (2, 11)


def test_a_file_that_ends_early_is_placed_at_the_end_of_its_last_line():
    # The parser names line 4, column 0: a place no editor can open.
    with pytest.raises(toolshift.SyntaxError) as raised:
        toolshift.convert('{\n  "name": "x",\n  "inputSchema": {"type": "object"}\n', to="openai")
    assert (raised.value.line, raised.value.column) == (3, 36)
    assert "at line 3 column 36" in str(raised.value)


@pytest.mark.parametrize("text", ["// tools go here\n", "# tools go here\n"])
def test_comments_alone_are_no_manifest(text):
    with pytest.raises(toolshift.SyntaxError, match="holds only comments"):
        toolshift.convert(text, to="openai")


def test_a_refusal_names_the_field():
    v2 = {"name": "Add", "toolkit": {"name": "Math", "version": "1.0.0"},
          "inputs": {"parameters": [{"name": "a", "required": True,
                                     "value_schema": {"val_type": "array"}}]},
          "output": {"available_modes": ["value"], "value_schema": {"val_type": "number"}}}
    with pytest.raises(toolshift.RefusedError) as raised:
        toolshift.convert(v2, to="openai")
    assert raised.value.pointer == "/inputs/parameters/0/value_schema/val_type"
    assert isinstance(raised.value, toolshift.Error)


def test_a_target_s_refusal_names_its_place_in_the_input():
    # Arcade v1 requires a parameter; the error points where the input's would be.
    text = '{\n  "name": "now",\n  "inputSchema": {"type": "object"}\n}\n'
    with pytest.raises(toolshift.RefusedError) as raised:
        toolshift.convert(text, to="arcade-v1")
    assert "cannot be written as arcade-v1" in str(raised.value)
    assert (raised.value.pointer, raised.value.line, raised.value.column) == ("/inputSchema", 3, 3)


def test_unknown_dialects_raise():
    with pytest.raises(toolshift.UnknownDialectError):
        toolshift.convert({"name": "x", "inputSchema": {"type": "object"}}, to="langchain")
    with pytest.raises(toolshift.UnknownDialectError):
        toolshift.detect({"hello": "world"})


def test_sources_as_text_dict_and_path():
    path = GOLDEN / "mcp-to-openai-strict" / "input.json"
    as_path = toolshift.convert(path, to="openai")
    as_text = toolshift.convert(path.read_text(), to="openai")
    as_dict = toolshift.convert(json.loads(path.read_text()), to="openai")
    as_str_path = toolshift.convert(str(path), to="openai")
    assert as_path.outputs == as_text.outputs == as_str_path.outputs
    assert as_dict.outputs[0].value == as_path.outputs[0].value


def test_validate_and_explain():
    skill = {"hubId": "omdb", "name": "OMDB", "schema": "skill-1.0.0", "version": "1.0.0",
             "description": "Films.", "active": True, "imported": True,
             "setup_args": {"OMDB_API_KEY": {"type": "string", "input": {"type": "text"}}},
             "entrypoint": {"file": "handler.js", "params": {}}}
    validation = toolshift.validate(skill)
    assert validation.dialect == "anythingllm" and validation.valid
    assert any("clear text" in w.message for w in validation.warnings)
    assert "changed" in toolshift.explain("keyword-folded")
    assert toolshift.explain("no-such-code") is None


def test_an_mcp_server_becomes_openai_strict_tools_the_sdk_accepts():
    """The worked example: a server's tools/list result, as a Python program holds it,
    turned into a strict `tools` array for the OpenAI API."""
    pydantic = pytest.importorskip("pydantic")
    chat = pytest.importorskip("openai.types.chat")
    tools_list = json.loads((GOLDEN / "mcp-list-to-mcp-identity" / "input.json").read_text())
    result = toolshift.convert(tools_list, to="openai", strict=True, bundle=True)
    (bundle,) = result.outputs
    adapter = pydantic.TypeAdapter(chat.ChatCompletionFunctionToolParam)
    for tool in bundle.value:
        assert adapter.validate_python(tool, strict=True) == tool
        assert tool["function"]["strict"] is True
    # What strict mode changed is in the report, tool by tool.
    assert any(entry.code == "optional-as-nullable" for entry in result.report)


def test_a_bundle_is_checked_as_one_request():
    """Two tools of one name: the API refuses the request, and the report says so on
    the second tool, placed at its name in the input."""
    tools_list = '{"tools": [\n  {"name": "a", "inputSchema": {"type": "object"}},\n' \
                 '  {"name": "a", "inputSchema": {"type": "object"}}\n]}'
    result = toolshift.convert(tools_list, to="anthropic", bundle=True)
    (entry,) = [e for e in result.report if e.code == "request-limit-exceeded"]
    assert (entry.source, entry.target, entry.line) == ("/tools/1/name", "/1/name", 3)
    # Unbundled, the two tools' files have one name: the second would replace the first.
    for source in (tools_list, json.loads(tools_list)):
        with pytest.raises(toolshift.RefusedError) as raised:
            toolshift.convert(source, to="anthropic")
        assert raised.value.pointer == "/tools/1/name"
        assert "the one named at /tools/0/name" in str(raised.value)


def test_a_dict_has_no_lines_to_point_at():
    """Entries of a parsed document name their place by pointer alone."""
    tool = {"name": "ping", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}}
    (entry,) = toolshift.convert(tool, to="openai").report
    assert (entry.code, entry.source, entry.line, entry.column) == ("behavior-dropped", "/annotations", None, None)
    (entry,) = toolshift.convert(json.dumps(tool, indent=2), to="openai").report
    assert (entry.source, entry.line) == ("/annotations", 6)


def converted_or_refused(source, args):
    try:
        return toolshift.convert(source, **args)
    except toolshift.Error as error:
        return type(error), error.message, error.pointer


JSON_CASES = [
    (case, path, args)
    for case, path in input_cases()
    if path.suffix == ".json" and (args := keywords(case)) is not None
]


@pytest.mark.parametrize("case,path,args", JSON_CASES, ids=[c.name for c, _, _ in JSON_CASES])
def test_a_dict_converts_as_its_json_text_does(case, path, args):
    """A parsed document is read in place of `json.dumps` text: the same outputs and
    entries but for line and column, or the same refusal (a case whose status is not 0
    is one)."""
    parsed = json.loads(path.read_text())
    from_dict = converted_or_refused(parsed, args)
    from_dumps = converted_or_refused(json.dumps(parsed), args)
    if isinstance(from_dumps, tuple):
        assert from_dict == from_dumps
        return
    assert from_dict.outputs == from_dumps.outputs
    unplaced = [e._replace(line=None, column=None) for e in from_dumps.report]
    assert from_dict.report == unplaced


def test_a_dict_is_read_as_json_dumps_writes_it():
    """Keys `json.dumps` writes as text, tuples as lists, integers past 64 bits."""
    tool = {"name": "ping", "inputSchema": {"type": "object", "properties": {
        "n": {"type": "integer", "enum": (1, 2**70), "description": "Say"}}},
        "_meta": {1: True, None: 2.5, False: "x", 1.5: None}}
    from_dict = toolshift.convert(tool, to="mcp")
    from_dumps = toolshift.convert(json.dumps(tool), to="mcp")
    assert from_dict.outputs == from_dumps.outputs


def test_a_dict_json_cannot_hold_raises():
    """What `json.dumps` refuses raises its TypeError; what JSON cannot hold, or nests
    past what is read, raises toolshift.SyntaxError, never a crash."""
    with pytest.raises(TypeError):
        toolshift.convert({"name": "x", "inputSchema": {"type": "object", "x": {1, 2}}}, to="mcp")
    with pytest.raises(TypeError):
        toolshift.convert({"name": "x", "inputSchema": {(1, 2): "tuple key"}}, to="mcp")
    with pytest.raises(toolshift.SyntaxError, match="NaN"):
        toolshift.convert({"name": "x", "inputSchema": {"type": "object", "x": float("nan")}}, to="mcp")
    cycle = {"name": "x", "inputSchema": {"type": "object"}}
    cycle["inputSchema"]["self"] = cycle
    with pytest.raises(toolshift.SyntaxError, match="nested deeper"):
        toolshift.convert(cycle, to="mcp")
