"""Extracts OpenAI's function-tool schemas from the OpenAPI description of its API.

    python3 extract.py openapi.yaml > openai-function-tool.schema.json

The components are copied as published (openai/openai-openapi); only their `$ref`s
are re-pointed from `#/components/schemas/` to `#/$defs/`, and a root that accepts
either shape (Chat Completions' ChatCompletionTool, Responses' FunctionTool) is added.
"""
import json
import sys

import yaml

ROOTS = ["ChatCompletionTool", "FunctionTool"]
PREFIX = "#/components/schemas/"


def refs(node, found):
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(PREFIX):
            found.add(ref[len(PREFIX):])
        for value in node.values():
            refs(value, found)
    elif isinstance(node, list):
        for value in node:
            refs(value, found)


def repoint(node):
    if isinstance(node, dict):
        return {
            key: (value.replace(PREFIX, "#/$defs/") if key == "$ref" and isinstance(value, str) else repoint(value))
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [repoint(value) for value in node]
    return node


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        schemas = yaml.safe_load(handle)["components"]["schemas"]
    wanted, queue = set(), list(ROOTS)
    while queue:
        name = queue.pop()
        if name in wanted:
            continue
        wanted.add(name)
        found = set()
        refs(schemas[name], found)
        queue.extend(found - wanted)
    document = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "OpenAI function tool (Chat Completions or Responses)",
        "anyOf": [{"$ref": "#/$defs/" + name} for name in ROOTS],
        "$defs": {name: repoint(schemas[name]) for name in sorted(wanted)},
    }
    json.dump(document, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
