"""Tools per second from Python: toolshift's `mcp` -> `openai --strict` (in process, with
its report) against openai-agents' `ensure_strict_json_schema` on the same tools, in one
run, interleaved round by round so that the machine's state weighs on both alike.

A second line times the schema work openai-agents' own MCP conversion does for a tool
(`MCPUtil.to_function_tool` in agents/mcp/util.py: a checked deep copy, `properties`
added, a second checked copy, then the strict pass), where this version has it. It is
context; the target is judged on the first ratio.

    pip install ./python openai-agents
    python bench/python_speed.py ../shared/corpus/mcp [ROUNDS]

Prints each side's tools per second (the median round) and the ratio.
"""

import copy
import glob
import inspect
import json
import statistics
import sys
import time

import toolshift
from agents.strict_schema import ensure_strict_json_schema

try:  # private, as of openai-agents 0.24: the copy its MCP conversion makes
    from agents.strict_schema import _copy_json_schema
except ImportError:
    _copy_json_schema = None
# A version without the keyword would fail every call and time only the copies.
if "_reject_open_objects" not in inspect.signature(ensure_strict_json_schema).parameters:
    _copy_json_schema = None


def one_copy_then_strict(schema):
    try:
        # It edits its argument: each call gets a fresh copy, as ours reads one.
        ensure_strict_json_schema(copy.deepcopy(schema))
    except Exception:
        pass


def as_their_mcp_conversion(schema):
    """The schema steps of openai-agents' `MCPUtil.to_function_tool` with strict on."""
    schema = _copy_json_schema(schema)
    empty = schema == {}
    if "properties" not in schema:
        schema["properties"] = {}
    try:
        ensure_strict_json_schema(_copy_json_schema(schema), _reject_open_objects=not empty)
    except Exception:
        pass


def main(folder, rounds):
    lists = [json.load(open(path)) for path in sorted(glob.glob(folder + "/*.json"))]
    schemas = [tool["inputSchema"] for tools in lists for tool in tools["tools"]]
    count = len(schemas)
    theirs = {"ensure_strict_json_schema (one deep copy)": one_copy_then_strict}
    if _copy_json_schema is not None:
        theirs["its MCP conversion's schema steps"] = as_their_mcp_conversion
    ours, times = [], {name: [] for name in theirs}
    for _ in range(rounds):
        start = time.perf_counter()
        for tools in lists:
            toolshift.convert(tools, to="openai", strict=True)
        ours.append(time.perf_counter() - start)
        for name, step in theirs.items():
            start = time.perf_counter()
            for schema in schemas:
                step(schema)
            times[name].append(time.perf_counter() - start)
    ours_rate = count / statistics.median(ours)
    print(f"{count} tools, {rounds} rounds (median)")
    print(f"toolshift.convert(to='openai', strict=True): {ours_rate:,.0f} tools/s, with a report")
    for name, spent in times.items():
        rate = count / statistics.median(spent)
        print(f"openai-agents, {name}: {rate:,.0f} tools/s; ratio {ours_rate / rate:.2f}x")
    tool = lists[0]["tools"][0]
    calls = []
    for _ in range(201):
        start = time.perf_counter()
        toolshift.convert(tool, to="openai", strict=True)
        calls.append(time.perf_counter() - start)
    print(f"one convert call, one tool: {1e6 * statistics.median(calls):.0f} µs (median of 201)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7)
