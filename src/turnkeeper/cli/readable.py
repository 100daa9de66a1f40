"""Terminal output people read: consoles that use the full width when piped, and events and
values as short lines instead of JSON dicts."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import IO, Any

from rich.console import Console, ConsoleDimensions

from turnkeeper.core.model import Event

#: Columns used when the output is not a terminal (a pipe, a file): wide enough that no
#: line or table cell is wrapped, so ``grep`` and ``less`` see whole lines. ``COLUMNS``
#: still wins when set.
PIPED_WIDTH = 1000


def output_width(stream: IO[str]) -> int | None:
    """``None`` (rich asks the terminal) for a terminal; else ``COLUMNS`` or :data:`PIPED_WIDTH`."""
    try:
        if stream.isatty():
            return None
    except (AttributeError, ValueError):
        pass
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() and int(columns) > 0 else PIPED_WIDTH


class AdaptiveConsole(Console):
    """A console that asks, at each print, whether its output is a terminal: rich alone takes
    the width of any terminal among stdin/stdout/stderr (so ``turnkeeper ... | less`` from a
    terminal still wraps at its width) and otherwise 80 columns."""

    @property
    def size(self) -> ConsoleDimensions:
        size = super().size
        width = output_width(self.file)
        return size if width is None else ConsoleDimensions(width, size.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        Console.size.fset(self, new_size)  # type: ignore[attr-defined]


def make_console(*, stderr: bool = False) -> Console:
    return AdaptiveConsole(stderr=stderr, highlight=False)


def words(key: str) -> str:
    return key.replace("_", " ")


def value_text(value: Any, depth: int = 0) -> str:
    """A value in a few words: dice records as ``1d20+5 = 17``, lists joined, mappings as
    ``key value`` pairs, nested at most three levels (deeper: ``…``)."""
    if isinstance(value, Mapping):
        kind = value.get("type")
        if kind == "roll" and "expression" in value and "total" in value:
            faces = [
                str(face)
                for group in value.get("dice", ())
                for face in group.get("faces", ())
            ]
            rolled = f" [{' '.join(faces)}]" if faces else ""
            return f"{value['expression']}{rolled} = {value['total']}"
        if kind == "comparison" and "left" in value and "right" in value:
            verdict = "success" if value.get("success") else "failure"
            left = value_text(value["left"], depth + 1)
            right = value_text(value["right"], depth + 1).split(" = ")[-1]
            return f"{left} {value.get('op', 'vs')} {right}: {verdict}"
        if not value:
            return "none"
        if depth >= 3:
            return "…"
        inner = ", ".join(f"{words(str(k))} {value_text(v, depth + 1)}" for k, v in value.items())
        return f"({inner})" if depth else inner
    if isinstance(value, list | tuple):
        if not value:
            return "none"
        if depth >= 3:
            return "…"
        return ", ".join(value_text(v, depth + 1) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    return str(value)


def event_line(event: Event, ruleset: object | None = None, state: object | None = None) -> str:
    """One event as a line: the ruleset's own sentence when it writes one
    (``describe_event(state, event)``, core/ruleset.py), else ``type: actor — key value, ...``.
    ``state`` is the game's state (the sentence takes names from it)."""
    describe = getattr(ruleset, "describe_event", None)
    if callable(describe) and state is not None:
        text = describe(state, event)
        if isinstance(text, str) and text:
            return text
    data = dict(event.data)
    actor = data.pop("actor", None)
    head = words(event.type) + (f": {actor}" if actor is not None else "")
    rest = value_text(data) if data else ""
    return f"{head} — {rest}" if rest else head
