"""The native module behind ``toolshift``: ``convert``'s results cross as tuples, the
others' as JSON text."""

from typing import Any, List, Optional, Tuple, Union

class Failure(Exception): ...

#: An output: path, text, whether the text is its value's JSON, else that JSON
#: (``None`` for code).
_Output = Tuple[str, str, bool, Optional[str]]
#: An entry: code, severity, source, target, message, line, column.
_Entry = Tuple[str, str, str, str, str, Optional[int], Optional[int]]

def convert(source: Union[str, Any], to: str, from_: Optional[str] = ..., strict: bool = ...,
            official: bool = ..., bundle: bool = ..., toolkit: Optional[str] = ...,
            responses: bool = ..., json_schema: bool = ...,
            keep_secrets: bool = ..., path: bool = ...,
            toolkit_version: Optional[str] = ..., provider: Optional[str] = ...,
            oauth2_url: Optional[str] = ..., scaffold: bool = ...
            ) -> Tuple[List[_Output], List[_Entry]]: ...
def detect(text: str, path: bool = ...) -> str: ...
def validate(text: str, dialect: Optional[str] = ..., path: bool = ...) -> str: ...
def explain(code: str) -> Optional[str]: ...
def dialects() -> List[str]: ...
