#!/usr/bin/env python3
"""Writes N realistic synthetic manifests per dialect, the same ones for the same seed.

usage: generate.py N ROOT [SEED [DIALECT]]

With DIALECT (taskweaver, arcade-v1 or arcade), only that dialect's manifests are
written, the same ones as in the full tree of the same N and seed.

ROOT/taskweaver/pNNNNN.yaml   TaskWeaver plugins (typed parameters, returns, examples,
                              configurations), spread over 100 folders
ROOT/arcade-v1/tNNNNN.json    Arcade v1 tools (OAuth2 on some, enums, several types)
ROOT/arcade/TkN/ToolNNNNN.json  Arcade tools as the SDK serializes them
"""
import json
import os
import random
import sys

WORDS = ("invoice customer order report channel message repository issue event calendar "
         "ticket user team project file folder page record payment shipment").split()
TYPES_TW = ["str", "int", "float", "bool", "list[str]", "Any"]
TYPES_V1 = ["string", "integer", "float", "boolean", "json"]


def sentence(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."


def taskweaver(rng, i):
    name = f"p{i:06d}_{rng.choice(WORDS)}"
    params = []
    for k in range(rng.randint(1, 6)):
        params.append({"name": f"{rng.choice(WORDS)}_{k}", "type": rng.choice(TYPES_TW),
                       "required": k == 0 or rng.random() < 0.4,
                       "description": sentence(rng, rng.randint(4, 12))})
    lines = [f"name: {name}", "enabled: true", "required: false",
             f"description: {sentence(rng, rng.randint(8, 20))}",
             "examples: |-", f"  # {sentence(rng, 5)}",
             f"  result = {name}({json.dumps(rng.choice(WORDS))})", "parameters:"]
    for p in params:
        lines += [f"  - name: {p['name']}", f"    type: {p['type']}",
                  f"    required: {str(p['required']).lower()}",
                  f"    description: {p['description']}"]
    lines += ["returns:", "  - name: result", "    type: str",
              f"    description: {sentence(rng, 6)}", "configurations:",
              "  api_key:", f"  page_size: {rng.randint(10, 100)}"]
    return name, "\n".join(lines) + "\n"


def arcade_v1(rng, i):
    params = []
    for k in range(rng.randint(1, 6)):
        schema = {"type": rng.choice(TYPES_V1)}
        if schema["type"] == "string" and rng.random() < 0.2:
            schema["enum"] = rng.sample(WORDS, 3)
        params.append({"name": f"{rng.choice(WORDS)}_{k}", "required": rng.random() < 0.5,
                       "description": sentence(rng, rng.randint(4, 12)), "schema": schema})
    tool = {"name": f"Tk{i % 50}.Tool{i:06d}", "description": sentence(rng, 12),
            "version": f"{rng.getrandbits(28):07x}", "input": {"parameters": params},
            "output": {"available_modes": ["value", "error"],
                       "value": {"description": sentence(rng, 6), "schema": {"type": "json"}}}}
    if rng.random() < 0.5:
        tool["requirements"] = {"authorization": {"oauth2": {
            "url": "https://accounts.google.com/o/oauth2/auth",
            "scope": "https://www.googleapis.com/auth/gmail.readonly"}}}
    return tool


def arcade(rng, i):
    def vs(kind):
        return {"val_type": kind, "inner_val_type": "string" if kind == "array" else None, "enum": None,
                "properties": None, "inner_properties": None, "description": None,
                "required_keys": None, "inner_required_keys": None, "nullable": None}
    toolkit = f"Tk{i % 50}"
    name = f"Tool{i:06d}"
    params = [{"name": f"{rng.choice(WORDS)}_{k}", "required": rng.random() < 0.5,
               "description": sentence(rng, 8),
               "value_schema": vs(rng.choice(["string", "integer", "number", "boolean", "array"])),
               "inferrable": True} for k in range(rng.randint(0, 6))]
    return toolkit, name, {
        "name": name, "fully_qualified_name": f"{toolkit}.{name}", "description": sentence(rng, 15),
        "toolkit": {"name": toolkit, "description": sentence(rng, 5), "version": "1.0.0"},
        "input": {"parameters": params},
        "output": {"description": sentence(rng, 6), "available_modes": ["value", "error"], "value_schema": vs("json")},
        "requirements": {"authorization": {"provider_id": "google", "provider_type": "oauth2", "id": None,
                                           "oauth2": {"scopes": ["https://www.googleapis.com/auth/gmail.readonly"]}},
                         "secrets": None, "metadata": None},
        "deprecation_message": None, "metadata": None, "_meta": None}


def main():
    n, root = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 7)
    only = sys.argv[4] if len(sys.argv) > 4 else None
    for i in range(n):
        # Every dialect's manifest is drawn, written or not, so that the random
        # sequence, and with it each manifest, does not depend on DIALECT.
        _, text = taskweaver(rng, i)
        tool_v1 = arcade_v1(rng, i)
        toolkit, name, tool = arcade(rng, i)
        if only in (None, "taskweaver"):
            write(os.path.join(root, "taskweaver", f"f{i % 100:03d}"), f"p{i:06d}.yaml", text)
        if only in (None, "arcade-v1"):
            write(os.path.join(root, "arcade-v1", f"f{i % 100:03d}"), f"t{i:06d}.json",
                  json.dumps(tool_v1, indent=2))
        if only in (None, "arcade"):
            write(os.path.join(root, "arcade", toolkit), f"{name}.json", json.dumps(tool, indent=2))


def write(folder, name, text):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
