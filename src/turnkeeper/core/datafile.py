"""Reading a JSON or YAML file a person gave: one clear error for anything wrong with it.

Every command and loader that takes a file (saves, encounters, scenario files, card data)
reads it through here, so that a binary file, invalid UTF-8, an empty file, a number of
5,000 digits, nesting 5,000 deep or a YAML alias bomb is a :class:`DataFileError` whose
message names the file and what is wrong with it, never a traceback. What is read is also
held to :data:`FILE_BOUNDS` (see :mod:`turnkeeper.core.bounds`): wider than the server's,
since a save holds a whole game.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core import bounds

FILE_BOUNDS = bounds.Bounds(depth=64, text=1_000_000, key=1_000, items=1_000_000, nodes=5_000_000)
#: Files larger than this are refused before being read (no game or scenario comes near).
MAX_FILE_BYTES = 64 * 1024 * 1024


class DataFileError(ValueError):
    """A file that cannot be used; the message is ``<path>: <what is wrong>``."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem


def read_text(path: Path | str) -> str:
    """The file's text (UTF-8); :class:`DataFileError` if it cannot be read as such."""
    where = Path(path)
    try:
        if where.is_dir():
            raise DataFileError(where, "is a folder, not a file")
        size = where.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DataFileError(where, f"{size} bytes is larger than {MAX_FILE_BYTES} bytes")
        raw = where.read_bytes()
    except OSError as exc:
        raise DataFileError(where, f"cannot read: {exc.strerror or exc}") from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(
            where, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from exc
    if not text.strip():
        raise DataFileError(where, "is empty")
    if "\x00" in text:
        raise DataFileError(where, "holds NUL characters: not a text file")
    return text


def _bounded(data: Any, path: Path | str) -> Any:
    try:
        bounds.check(data, bounds=FILE_BOUNDS)
    except bounds.OutOfBoundsError as exc:
        raise DataFileError(path, str(exc)) from exc
    return data


def _value_problem(exc: ValueError) -> str:
    if "integer string conversion" in str(exc):
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return str(exc)


def load_json(path: Path | str) -> Any:
    """The JSON value in the file, within :data:`FILE_BOUNDS`."""
    text = read_text(path)
    _flow_depth_within(text, path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataFileError(
            path, f"not JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}"
        ) from exc
    except RecursionError as exc:
        raise DataFileError(path, "nested too deep to read") from exc
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise DataFileError(path, f"not usable JSON: {_value_problem(exc)}") from exc
    return _bounded(data, path)


_BRACKETS = re.compile(r"[\[\]{}]")


def _flow_depth_within(text: str, path: Path | str) -> None:
    """Refuse brackets nested deeper than the bounds allow before the YAML parser sees them.

    PyYAML parses nesting by recursion: 5,000 levels take it seconds before it fails. This
    scan counts ``[``/``{`` against ``]``/``}`` (quotes are not followed, so brackets inside
    strings count too: only text with more than the allowed number of unclosed brackets,
    which no real file has, is refused).
    """
    depth = 0
    for match in _BRACKETS.finditer(text):
        if match.group() in "[{":
            depth += 1
            if depth > FILE_BOUNDS.depth:
                line = text.count("\n", 0, match.start()) + 1
                raise DataFileError(
                    path, f"nested deeper than {FILE_BOUNDS.depth} levels (line {line})"
                )
        elif depth:
            depth -= 1


def load_yaml(path: Path | str) -> Any:
    """The YAML value in the file (safe loader), within :data:`FILE_BOUNDS`."""
    text = read_text(path)
    _flow_depth_within(text, path)
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        one_line = " ".join(str(exc).split())
        raise DataFileError(path, f"not valid YAML: {one_line}") from exc
    except RecursionError as exc:
        raise DataFileError(path, "nested too deep to read") from exc
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        raise DataFileError(path, f"not usable YAML: {_value_problem(exc)}") from exc
    return _bounded(data, path)
