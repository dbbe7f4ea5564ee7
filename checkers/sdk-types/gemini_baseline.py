"""The baseline docs/gemini.md compares with: each MCP corpus tool's raw inputSchema
passed as FunctionDeclaration(parameters=...), and through google-genai's own MCP
conversion (_mcp_utils.mcp_to_gemini_tool); how many of each fail.

Run with the checker's environment:
    "$(checkers/sdk-types/check --setup)" checkers/sdk-types/gemini_baseline.py ../shared/corpus/mcp
"""
import json, glob, sys, types as pytypes
from google.genai import types
from google.genai import _mcp_utils
raw_fail = conv_crash = total = 0
for path in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for tool in json.load(open(path))["tools"]:
        total += 1
        try:
            types.FunctionDeclaration.model_validate({"name": tool["name"], "description": tool.get("description"), "parameters": tool["inputSchema"]})
        except Exception:
            raw_fail += 1
        try:
            _mcp_utils.mcp_to_gemini_tool(pytypes.SimpleNamespace(name=tool["name"], description=tool.get("description"), inputSchema=tool["inputSchema"]))
        except Exception:
            conv_crash += 1
print(f"{total} tools: raw inputSchema refused by FunctionDeclaration(parameters=...): {raw_fail}; google-genai mcp_to_gemini_tool raised: {conv_crash}")
