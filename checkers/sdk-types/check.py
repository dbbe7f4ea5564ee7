"""Judges MCP, OpenAI and Anthropic tool files with the official SDKs' own types.

For each FILE, one JSON line: {"path", "ok", "errors", "view"}.
- errors: "json: ..." (not JSON), "rejected: POINTER: message" (the SDK's type refuses
  it), "ignored: POINTER" (a key the type drops without a word), "changed: POINTER"
  (a value it keeps in another form).
- view: the tool as the SDK holds it, dumped back to JSON (what a client sends on).
A file may hold one tool or a list (an MCP tools/list result, an OpenAI or Anthropic
tools array); a list is judged tool by tool, with pointers into it.
For Anthropic, the Messages API's documented rules that ToolParam does not check are
errors too ("refused: POINTER: rule"): the tool name, property keys, and no anyOf,
oneOf or allOf at the top of input_schema.
Exit 0 when every file is ok, 1 when one is not.
"""
import json
import re
import sys

from pydantic import TypeAdapter, ValidationError


def pointer(parts):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def compare(given, kept, at, errors):
    """Every key of the input must come back with the same value."""
    if isinstance(given, dict) and isinstance(kept, dict):
        for key, value in given.items():
            if key not in kept:
                errors.append("ignored: " + pointer(at + [key]))
            else:
                compare(value, kept[key], at + [key], errors)
    elif isinstance(given, list) and isinstance(kept, list) and len(given) == len(kept):
        for index, (a, b) in enumerate(zip(given, kept)):
            compare(a, b, at + [index], errors)
    elif same_number(given, kept):
        pass
    elif given != kept or type(given) is not type(kept):
        errors.append("changed: " + pointer(at))


def same_number(given, kept):
    """An integer the type keeps as the equal float (Gemini's Schema types `minimum` as a
    float): the same number, sent as the API reads it."""
    return (
        isinstance(given, int)
        and not isinstance(given, bool)
        and isinstance(kept, float)
        and given == kept
    )


def rejected(error, at):
    return [
        "rejected: %s: %s (%s)" % (pointer(at + list(e["loc"])), e["msg"], e["type"])
        for e in error.errors()
    ]


def mcp_tool(tool, at, errors):
    from mcp.types import Tool

    try:
        model = Tool.model_validate(tool)
    except ValidationError as error:
        errors.extend(rejected(error, at))
        return None
    kept = model.model_dump(mode="json", by_alias=True, exclude_unset=True)
    compare(tool, kept, at, errors)
    return kept


def openai_tool(tool, at, errors):
    from openai.types.chat import ChatCompletionFunctionToolParam
    from openai.types.responses import FunctionToolParam

    shape = ChatCompletionFunctionToolParam if isinstance(tool, dict) and "function" in tool else FunctionToolParam
    try:
        kept = TypeAdapter(shape).validate_python(tool, strict=True)
    except ValidationError as error:
        errors.extend(rejected(error, at))
        return None
    kept = json.loads(json.dumps(kept))
    compare(tool, kept, at, errors)
    return kept


NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
PROPERTY_KEY = re.compile(r"^[a-zA-Z0-9_.-]{1,64}$")


def anthropic_tool(tool, at, errors):
    from anthropic.types import ToolParam

    try:
        adapter = TypeAdapter(ToolParam)
        # input_examples is an Iterable, validated as it is consumed: dumping does both.
        kept = adapter.dump_python(adapter.validate_python(tool, strict=True), mode="json")
    except ValidationError as error:
        errors.extend(rejected(error, at))
        return None
    compare(tool, kept, at, errors)
    if not NAME.match(tool.get("name", "")):
        errors.append("refused: %s: name outside ^[a-zA-Z0-9_-]{1,64}$" % pointer(at + ["name"]))
    schema = tool.get("input_schema") or {}
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            errors.append("refused: %s: %s at the top of input_schema" % (pointer(at + ["input_schema", key]), key))
    for key in (schema.get("properties") or {}):
        if not PROPERTY_KEY.match(key):
            errors.append("refused: %s: property key outside ^[a-zA-Z0-9_.-]{1,64}$" % pointer(at + ["input_schema", "properties", key]))
    return kept


def gemini_declaration(tool, at, errors):
    from google.genai.types import FunctionDeclaration

    try:
        model = FunctionDeclaration.model_validate(tool)
    except ValidationError as error:
        errors.extend(rejected(error, at))
        return None
    except Exception as error:  # the SDK raises outside pydantic on some inputs
        errors.append("rejected: %s: %s" % (pointer(at), error))
        return None
    kept = model.model_dump(mode="json", by_alias=True, exclude_none=True)
    compare(tool, kept, at, errors)
    return kept


TOOL_JUDGES = {
    "mcp": mcp_tool,
    "openai": openai_tool,
    "anthropic": anthropic_tool,
    "gemini": gemini_declaration,
}


def gemini_list(document):
    """The declarations of a Gemini list document, with their pointers."""
    if isinstance(document, list):
        return [(tool, [i]) for i, tool in enumerate(document)]
    for key in ("functionDeclarations", "function_declarations"):
        if isinstance(document.get(key), list):
            return [(tool, [key, i]) for i, tool in enumerate(document[key])]
    found = []
    for index, entry in enumerate(document.get("tools") or []):
        for key in ("functionDeclarations", "function_declarations"):
            for i, tool in enumerate(entry.get(key) or []):
                found.append((tool, ["tools", index, key, i]))
    return found


def judge(dialect, document):
    errors = []
    one = TOOL_JUDGES[dialect]
    if dialect == "mcp" and isinstance(document, dict) and "tools" in document and "inputSchema" not in document:
        from mcp.types import ListToolsResult

        try:
            ListToolsResult.model_validate(document)
        except ValidationError as error:
            errors.extend(rejected(error, []))
        view = [one(tool, ["tools", i], errors) for i, tool in enumerate(document.get("tools") or [])]
    elif dialect == "gemini" and (isinstance(document, list) or "name" not in document):
        view = [one(tool, at, errors) for tool, at in gemini_list(document)]
    elif dialect in ("openai", "anthropic") and isinstance(document, list):
        view = [one(tool, [i], errors) for i, tool in enumerate(document)]
    elif dialect in ("openai", "anthropic") and isinstance(document, dict) and isinstance(document.get("tools"), list):
        view = [one(tool, ["tools", i], errors) for i, tool in enumerate(document["tools"])]
    else:
        view = one(document, [], errors)
    return errors, view


def main(argv):
    if len(argv) < 2 or argv[0] not in TOOL_JUDGES:
        sys.stderr.write("usage: check mcp|openai|anthropic|gemini FILE...\n")
        return 2
    dialect, paths = argv[0], argv[1:]
    failed = False
    for path in paths:
        try:
            with open(path, encoding="utf-8") as handle:
                document = json.load(handle)
        except (OSError, ValueError) as error:
            errors, view = ["json: %s" % error], None
        else:
            errors, view = judge(dialect, document)
        failed = failed or bool(errors)
        print(json.dumps({"path": path, "ok": not errors, "errors": errors, "view": view}, sort_keys=True))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
