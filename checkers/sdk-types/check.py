"""Judges MCP and OpenAI tool files with the official SDKs' own types.

For each FILE, one JSON line: {"path", "ok", "errors", "view"}.
- errors: "json: ..." (not JSON), "rejected: POINTER: message" (the SDK's type refuses
  it), "ignored: POINTER" (a key the type drops without a word), "changed: POINTER"
  (a value it keeps in another form).
- view: the tool as the SDK holds it, dumped back to JSON (what a client sends on).
A file may hold one tool or a list (an MCP tools/list result, an OpenAI tools array);
a list is judged tool by tool, with pointers into it.
Exit 0 when every file is ok, 1 when one is not.
"""
import json
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
    elif given != kept or type(given) is not type(kept):
        errors.append("changed: " + pointer(at))


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


def judge(dialect, document):
    errors = []
    one = mcp_tool if dialect == "mcp" else openai_tool
    if dialect == "mcp" and isinstance(document, dict) and "tools" in document and "inputSchema" not in document:
        from mcp.types import ListToolsResult

        try:
            ListToolsResult.model_validate(document)
        except ValidationError as error:
            errors.extend(rejected(error, []))
        view = [one(tool, ["tools", i], errors) for i, tool in enumerate(document.get("tools") or [])]
    elif dialect == "openai" and isinstance(document, list):
        view = [one(tool, [i], errors) for i, tool in enumerate(document)]
    elif dialect == "openai" and isinstance(document, dict) and isinstance(document.get("tools"), list):
        view = [one(tool, ["tools", i], errors) for i, tool in enumerate(document["tools"])]
    else:
        view = one(document, [], errors)
    return errors, view


def main(argv):
    if len(argv) < 2 or argv[0] not in ("mcp", "openai"):
        sys.stderr.write("usage: check mcp|openai FILE...\n")
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
