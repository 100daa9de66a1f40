"""Bounds on JSON-like data from outside: how deep, how long, how big, and clean text.

Data from a client or a file is walked once before anything else looks at it, so that a
value nested 300 deep, a string of a megabyte or a lone UTF-16 surrogate never reaches the
store, a ruleset or a later read (a lone surrogate cannot be encoded as UTF-8, so a stored
one breaks every answer that carries it; Python's own JSON and YAML code recurses, so a deep
value breaks whatever re-reads it). The walk itself is iterative: no input can exhaust the
interpreter's stack here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

#: Containers inside containers (the top level counts as 1).
MAX_DEPTH = 32
#: Characters in one string value.
MAX_TEXT = 4_000
#: Characters in one mapping key.
MAX_KEY = 200
#: Items in one list, entries in one mapping.
MAX_ITEMS = 1_000
#: Integers must fit in a signed 64-bit integer (what SQLite and PostgreSQL store).
MAX_INT = 2**63 - 1
#: Values in all (strings, numbers and containers): a YAML file can reuse one list through
#: aliases so that a few hundred bytes stand for billions of values.
MAX_NODES = 100_000
#: Times a container may be met again through a reference (a YAML alias).
MAX_SHARED = 1_000


@dataclass(frozen=True)
class Bounds:
    depth: int = MAX_DEPTH
    text: int = MAX_TEXT
    key: int = MAX_KEY
    items: int = MAX_ITEMS
    integer: int = MAX_INT
    nodes: int = MAX_NODES


DEFAULT = Bounds()


class OutOfBoundsError(ValueError):
    """A value outside the bounds; ``path`` names where (``action.params.x[2]``)."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path or 'the value'}: {problem}")
        self.path = path
        self.problem = problem


def text_problem(text: str, limit: int) -> str | None:
    """What is wrong with ``text`` (too long, a NUL, a lone surrogate), or ``None``."""
    if len(text) > limit:
        return f"text of {len(text)} characters is longer than {limit} characters"
    if "\x00" in text:
        return "text must not contain NUL characters"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            return f"lone surrogate {text[exc.start]!r} at character {exc.start} is not text"
    return None


#: Where a value sits, built only when something is wrong: (parent place, key or index).
_Place = tuple[Any, str | int] | None


def _path(root: str, place: _Place) -> str:
    steps: list[str | int] = []
    while place is not None:
        place, step = place
        steps.append(step)
    text = root
    for step in reversed(steps):
        if isinstance(step, int):
            text += f"[{step}]"
        else:
            text = f"{text}.{step}" if text else step
    return text


def check(value: Any, path: str = "", bounds: Bounds = DEFAULT) -> None:
    """Raise :class:`OutOfBoundsError` (naming the first bad place) unless ``value`` is
    JSON-like data within ``bounds``: nesting, string and key length, list and mapping
    size, integer size, finite floats, no NUL and no lone surrogate anywhere."""
    stack: list[tuple[Any, _Place, int]] = [(value, None, 1)]
    seen = 0
    # JSON never shares a container; YAML aliases do, and a few lines of them can stand for
    # billions of values: a container met again more than a few times is refused at once.
    containers: set[int] = set()
    shared = 0
    while stack:
        item, place, depth = stack.pop()
        seen += 1
        if seen > bounds.nodes:
            raise OutOfBoundsError(_path(path, place), f"more than {bounds.nodes} values in all")
        if item is None or item is True or item is False:
            continue
        kind = type(item)
        problem: str | None = None
        if kind is str:
            problem = text_problem(item, bounds.text)
        elif kind is int:
            if not -bounds.integer <= item <= bounds.integer:
                problem = f"the number is out of range (at most {bounds.integer} either way)"
        elif kind is float:
            if not math.isfinite(item):
                problem = "numbers must be finite"
        elif kind is dict or kind is list or kind is tuple:
            if depth > bounds.depth:
                problem = f"nested deeper than {bounds.depth} levels"
            elif len(item) > bounds.items:
                problem = f"{len(item)} items are more than {bounds.items} items"
            elif id(item) in containers:
                shared += 1
                if shared > MAX_SHARED:
                    problem = f"more than {MAX_SHARED} repeated references (YAML aliases)"
            containers.add(id(item))
            if problem is None and kind is dict:
                children = []
                for key, child in item.items():
                    if isinstance(key, int | float | bool) or key is None:
                        key = str(key)  # YAML keys may be numbers; JSON makes them text
                    if not isinstance(key, str):
                        problem = f"key {key!r} is not text"
                        break
                    key_problem = text_problem(key, bounds.key)
                    if key_problem is not None:
                        problem = f"a key: {key_problem}"
                        break
                    children.append((child, (place, key), depth + 1))
                stack.extend(reversed(children))
            elif problem is None:
                stack.extend(
                    (child, (place, i), depth + 1) for i, child in reversed(list(enumerate(item)))
                )
        else:
            problem = f"{kind.__name__} is not JSON data"
        if problem is not None:
            raise OutOfBoundsError(_path(path, place), problem)
