"""toolshift: convert AI-agent tool manifests between dialects, reporting every loss.

The same engine as the `toolshift` command, in process (a native module, not a
subprocess)::

    import toolshift
    result = toolshift.convert(mcp_tools, to="openai", strict=True)
    for output in result.outputs:
        print(output.name, output.value)
    for entry in result.report:
        print(entry.code, entry.source, "->", entry.target, entry.message)

A manifest whose dialect reads companion files (a TaskWeaver plugin's ``.py``, an
AnythingLLM skill's ``handler.js``) is read here without them; convert such folders
with the command.
"""

from __future__ import annotations

import errno
import json
import os
from dataclasses import dataclass, field
from typing import Any, List, NamedTuple, Optional, Union

from . import _toolshift

__all__ = [
    "DIALECTS",
    "Entry",
    "Error",
    "Output",
    "Problem",
    "ReadError",
    "RefusedError",
    "Result",
    "SyntaxError",
    "UnknownDialectError",
    "Validation",
    "WriteError",
    "Written",
    "convert",
    "detect",
    "explain",
    "validate",
]

#: The ids of every dialect toolshift reads and writes.
DIALECTS: List[str] = list(_toolshift.dialects())


class Error(Exception):
    """A call toolshift cannot carry out; ``pointer``, ``line`` and ``column`` name the
    place in the input where there is one."""

    def __init__(self, message: str, pointer: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None) -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        self.line = line
        self.column = column


class SyntaxError(Error):  # noqa: A001 - toolshift.SyntaxError, never the builtin
    """The input is not JSON, JSON with comments, JSON5 or YAML."""


class UnknownDialectError(Error):
    """A dialect id no dialect has, or a document no dialect claims: pass ``from_``."""


class RefusedError(Error):
    """The manifest was read but cannot be converted (a required field is missing...)."""


class WriteError(Error, OSError):
    """``Result.write`` put nothing in place: a file already there (without ``force``),
    generated code in the way, a folder it could not make, a full disk."""


class ReadError(Error, OSError):
    """A path that cannot be read: not UTF-8 text, too large, or a folder holding no
    manifest. A path that does not exist raises ``FileNotFoundError``."""


_KINDS = {"syntax": SyntaxError, "dialect": UnknownDialectError, "refused": RefusedError,
          "unreadable": ReadError, "unwritable": WriteError}


def _call(function, *args, **kwargs):
    try:
        return function(*args, **kwargs)
    except _toolshift.Failure as failure:
        payload = json.loads(str(failure))
        kind = _KINDS.get(payload.get("kind"), Error)
        raise kind(payload["message"], payload.get("pointer"), payload.get("line"),
                   payload.get("column")) from None


class Output:
    """One written file: its name (a path relative to the output folder), its text,
    ``value``, the parsed manifest (``None`` for generated code), read the first time it
    is asked for, and ``create_only``: generated code to finish by hand, which
    ``Result.write`` never replaces once it exists."""

    __slots__ = ("name", "text", "create_only", "_value", "_json")

    def __init__(self, name: str, text: str, json_text: Optional[str] = None,
                 create_only: bool = False) -> None:
        self.name = name
        self.text = text
        self.create_only = create_only
        self._value = None
        # The manifest as JSON text: the text itself, unless it is YAML.
        self._json = json_text

    @property
    def value(self) -> Any:
        if self._json is not None:
            self._value = json.loads(self._json)
            self._json = None
        return self._value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Output) and (self.name, self.text, self.value) == (
            other.name, other.text, other.value)

    def __repr__(self) -> str:
        return f"Output(name={self.name!r}, text=<{len(self.text)} characters>)"


class Entry(NamedTuple):
    """One line of the lossy-conversion report. A named tuple, not a frozen dataclass:
    making one was a tenth of a call's time."""

    code: str
    severity: str
    source: str
    target: str
    message: str
    line: Optional[int] = None
    column: Optional[int] = None


_entry = Entry._make


@dataclass(frozen=True)
class Written:
    """What ``Result.write`` put in place: each file written, and the generated code
    already there that ``force`` kept rather than replace."""

    written: List[str] = field(default_factory=list)
    kept: List[str] = field(default_factory=list)


@dataclass(frozen=True)
class Result:
    """What ``convert`` made: every output file (each tool's manifest first, then its
    generated code; with ``bundle``, the one list document) and the report."""

    outputs: List[Output] = field(default_factory=list)
    report: List[Entry] = field(default_factory=list)

    def write(self, folder: Union[str, "os.PathLike[str]"], force: bool = False) -> Written:
        """Writes the outputs under ``folder`` as ``toolshift convert -o FOLDER`` does:
        all of them or, where one cannot be written, none. A file already there is
        replaced only with ``force``; generated code never is (with ``force`` it is kept
        and listed in ``kept``). Raises ``WriteError`` when nothing was written."""
        outputs = [(o.name, o.text, o.create_only) for o in self.outputs]
        written, kept = _call(_toolshift.write, outputs, os.fspath(folder), force)
        return Written(written, kept)


@dataclass(frozen=True)
class Problem:
    """A place in a manifest (a JSON pointer) and what is wrong or risky there."""

    pointer: str
    message: str


@dataclass(frozen=True)
class Validation:
    """The dialect a manifest was judged as, what its schema refuses (``violations``)
    and what the schema misses that the real loaders meet (``warnings``)."""

    dialect: str
    violations: List[Problem]
    warnings: List[Problem]

    @property
    def valid(self) -> bool:
        return not self.violations


Source = Union[str, bytes, dict, list, "os.PathLike[str]"]


def _path(source: Source) -> Optional[str]:
    """The file or folder ``source`` names, where it names one: a path object, or a
    ``str`` that is not manifest text and names something that exists."""
    if isinstance(source, os.PathLike):
        path = os.fspath(source)
        if not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        return path
    if isinstance(source, str):
        looks_like_text = "\n" in source or source.lstrip()[:1] in ("{", "[")
        if not looks_like_text and os.path.exists(source):
            return source
    return None


def _text(source: Source) -> str:
    """The manifest's text: a path is read, a parsed ``dict``/``list`` written as JSON."""
    if isinstance(source, (dict, list)):
        return json.dumps(source)
    if isinstance(source, bytes):
        return source.decode("utf-8")
    path = _path(source)
    if path is not None:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    if isinstance(source, str):
        return source
    raise TypeError(f"source must be text, a dict or list, or a path, not {type(source).__name__}")


def convert(source: Source, to: str, *, from_: Optional[str] = None, strict: bool = False,
            official: bool = False, bundle: bool = False, toolkit: Optional[str] = None,
            responses: bool = False, json_schema: bool = False,
            keep_secrets: bool = False, toolkit_version: Optional[str] = None,
            provider: Optional[str] = None, oauth2_url: Optional[str] = None,
            scaffold: bool = False) -> Result:
    """Converts a manifest (one tool, or a list document: every tool of it) to ``to``.

    The keywords are the command's flags: ``strict`` (``--strict``), ``official``,
    ``bundle`` (one list document), ``toolkit``, ``toolkit_version``, ``provider``,
    ``oauth2_url``, ``scaffold``, ``responses``, ``json_schema``, ``keep_secrets``
    (docs/cli.md). ``from_`` is detected when ``None``. Entries name their place in
    the input by pointer, and, where ``source`` is text or a path, by line and column;
    a ``dict`` or ``list`` has no text, so theirs are ``None``. A path (a manifest file
    or a skill folder) is read with the files beside it that the manifest names, as
    the command reads it: a TaskWeaver plugin's ``.py``, a skill's ``handler.js``. Two
    tools whose files would have one name (a list naming a tool twice) raise ``RefusedError``, as the
    command refuses them; with ``bundle`` they share the list and the report says so.
    """
    # A dict or list is read as it stands: it has no text to place entries in by line.
    # A path is read by the engine, with the companion files beside it.
    path = None if isinstance(source, (dict, list)) else _path(source)
    if path is not None:
        given = path
    elif isinstance(source, (dict, list)):
        given = source
    else:
        given = _text(source)
    written, entries = _call(_toolshift.convert, given, to, from_, strict, official,
                             bundle, toolkit, responses, json_schema, keep_secrets,
                             path is not None, toolkit_version, provider, oauth2_url,
                             scaffold)
    # An output crosses as (name, text, whether the text is its value's JSON, else that
    # JSON), a JSON manifest's text once.
    outputs = [Output(name, text, text if text_is_json else json_text, create_only)
               for name, text, text_is_json, json_text, create_only in written]
    return Result(outputs=outputs, report=list(map(_entry, entries)))


def detect(source: Source) -> str:
    """The id of the manifest's dialect, by its content; a path may name a skill folder."""
    path = None if isinstance(source, (dict, list)) else _path(source)
    if path is not None:
        return _call(_toolshift.detect, path, True)
    return _call(_toolshift.detect, _text(source))


def validate(source: Source, dialect: Optional[str] = None) -> Validation:
    """Checks a manifest against its dialect's schema, and for what the schema misses.
    A path is read with the files beside it, as ``convert`` reads it: a TaskWeaver
    plugin's YAML is checked against its ``.py``."""
    path = None if isinstance(source, (dict, list)) else _path(source)
    if path is not None:
        raw = json.loads(_call(_toolshift.validate, path, dialect, True))
    else:
        raw = json.loads(_call(_toolshift.validate, _text(source), dialect))
    problems = lambda items: [Problem(**item) for item in items]  # noqa: E731
    return Validation(raw["dialect"], problems(raw["violations"]), problems(raw["warnings"]))


def explain(code: str) -> Optional[str]:
    """What a loss code means, when it fires and what to do; ``None`` for no such code."""
    return _toolshift.explain(code)
