"""Tools per second from Python: toolshift's `mcp` -> `openai --strict` (in process, with
its report) against openai-agents' `ensure_strict_json_schema` on the same tools, in one
run, interleaved round by round so that the machine's state weighs on both alike.

    pip install ./python openai-agents
    python bench/python_speed.py ../shared/corpus/mcp [ROUNDS]

Prints each side's tools per second (the median round) and the ratio.
"""

import copy
import glob
import json
import statistics
import sys
import time

import toolshift
from agents.strict_schema import ensure_strict_json_schema


def main(folder, rounds):
    lists = [json.load(open(path)) for path in sorted(glob.glob(folder + "/*.json"))]
    schemas = [tool["inputSchema"] for tools in lists for tool in tools["tools"]]
    count = len(schemas)
    ours, theirs = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        for tools in lists:
            toolshift.convert(tools, to="openai", strict=True)
        ours.append(time.perf_counter() - start)
        start = time.perf_counter()
        for schema in schemas:
            try:
                # It edits its argument: each call gets a fresh copy, as ours reads one.
                ensure_strict_json_schema(copy.deepcopy(schema))
            except Exception:
                pass
        theirs.append(time.perf_counter() - start)
    ours_rate = count / statistics.median(ours)
    theirs_rate = count / statistics.median(theirs)
    print(f"{count} tools, {rounds} rounds (median)")
    print(f"toolshift.convert(to='openai', strict=True): {ours_rate:,.0f} tools/s, with a report")
    print(f"openai-agents ensure_strict_json_schema:    {theirs_rate:,.0f} tools/s")
    print(f"ratio: {ours_rate / theirs_rate:.2f}x")
    tool = lists[0]["tools"][0]
    calls = []
    for _ in range(201):
        start = time.perf_counter()
        toolshift.convert(tool, to="openai", strict=True)
        calls.append(time.perf_counter() - start)
    print(f"one convert call, one tool: {1e6 * statistics.median(calls):.0f} µs (median of 201)")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7)
