#!/usr/bin/env python3
"""The conversions the benchmark times, as a competent user would script them in
Python: json, and PyYAML with its C loader and dumper. No loss report, no validation.

usage: convert.py KIND INPUT_DIR OUTPUT_DIR [JOBS]
KIND: tw-to-allm | v1-to-arcade | json-to-yaml
"""
import json
import os
import sys
from multiprocessing import Pool

import yaml

Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
TYPES = {"str": "string", "int": "number", "float": "number", "bool": "boolean"}
V1_TYPES = {"float": "number"}


def tw_to_allm(path, out):
    with open(path) as f:
        plugin = yaml.load(f, Loader=Loader)
    params = {}
    for p in plugin.get("parameters") or []:
        desc = p.get("description", "")
        params[p["name"]] = {"description": ("(required) " if p.get("required") else "") + desc,
                             "type": TYPES.get(p.get("type"), "string")}
    hub = plugin["name"]
    folder = os.path.join(out, hub)
    os.makedirs(folder, exist_ok=True)
    skill = {"active": plugin.get("enabled", True), "hubId": hub, "name": hub.replace("_", " ").title(),
             "schema": "skill-1.0.0", "version": "1.0.0", "description": plugin.get("description", ""),
             "setup_args": {k: {"type": "string", "input": {"type": "text"}} for k in (plugin.get("configurations") or {})},
             "entrypoint": {"file": "handler.js", "params": params}, "imported": True}
    with open(os.path.join(folder, "plugin.json"), "w") as f:
        json.dump(skill, f, indent=2)
    with open(os.path.join(folder, "handler.js"), "w") as f:
        f.write("module.exports.runtime = { handler: async function (args) { return JSON.stringify(args); } };\n")


def v1_to_arcade(path, out):
    with open(path) as f:
        tool = json.load(f)
    toolkit, _, name = tool["name"].rpartition(".")
    params = [{"name": p["name"], "required": p["required"], "description": p.get("description"),
               "value_schema": {"val_type": V1_TYPES.get(p["schema"]["type"], p["schema"]["type"]),
                                "enum": p["schema"].get("enum")}, "inferrable": p.get("inferrable", True)}
              for p in tool["input"]["parameters"]]
    auth = (tool.get("requirements") or {}).get("authorization")
    doc = {"name": name, "fully_qualified_name": tool["name"], "description": tool.get("description", ""),
           "toolkit": {"name": toolkit or "Default", "description": None, "version": None},
           "input": {"parameters": params},
           "output": {"description": (tool["output"].get("value") or {}).get("description"),
                      "available_modes": tool["output"]["available_modes"], "value_schema": None},
           "requirements": {"authorization": {"provider_id": "google", "provider_type": "oauth2",
                                              "oauth2": {"scopes": auth["oauth2"].get("scope", "").split()}}
                            if isinstance(auth, dict) else None}}
    with open(os.path.join(out, f"{tool['name']}.json"), "w") as f:
        json.dump(doc, f, indent=2)


def json_to_yaml(path, out):
    with open(path) as f:
        doc = json.load(f)
    name = os.path.splitext(os.path.basename(path))[0]
    with open(os.path.join(out, f"{name}.yaml"), "w") as f:
        yaml.dump(doc, f, Dumper=Dumper, sort_keys=False)


KINDS = {"tw-to-allm": (tw_to_allm, (".yaml",)), "v1-to-arcade": (v1_to_arcade, (".json",)),
         "json-to-yaml": (json_to_yaml, (".json",))}


def task(args):
    kind, path, out = args
    KINDS[kind][0](path, out)


def main():
    kind, src, out = sys.argv[1], sys.argv[2], sys.argv[3]
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    os.makedirs(out, exist_ok=True)
    suffixes = KINDS[kind][1]
    paths = [os.path.join(d, f) for d, _, files in os.walk(src) for f in sorted(files) if f.endswith(suffixes)]
    work = [(kind, p, out) for p in paths]
    if jobs == 1:
        for w in work:
            task(w)
    else:
        with Pool(jobs) as pool:
            pool.map(task, work, chunksize=64)


if __name__ == "__main__":
    main()
