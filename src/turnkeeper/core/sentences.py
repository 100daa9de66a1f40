"""Small helpers for the log sentences a ruleset writes (its ``describe_event`` hook).

A ruleset keeps a table ``{event type: writer}``; each writer takes the state (for names
only: it is the game's current state, not the state at the event) and the event's data, and
returns one sentence. Writers read the data with ``.get``: the server describes the events a
seat was sent after ``visible_command`` filtered them, so a field may be missing, and a
sentence must then say less rather than fail (or reveal what the filter took out). Null
fields are dropped before a writer sees them, so ``.get`` covers both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from turnkeeper.core.model import Event

S = TypeVar("S")

#: One writer: (state, event data) -> sentence.
Writer = Callable[[S, Mapping[str, Any]], str]


def describe_with(table: Mapping[str, Writer[S]], state: S, event: Event) -> str:
    """The sentence of ``event`` by its type's writer, or ``""`` for a type the table lacks
    (the caller then shows its compact line)."""
    writer = table.get(event.type)
    if writer is None:
        return ""
    # A field a seat may not see comes as null (or not at all): both read as missing.
    data = {key: value for key, value in event.data.items() if value is not None}
    sentence = writer(state, data).strip()
    return sentence[:1].upper() + sentence[1:]


def words(key: object) -> str:
    """``"five_foot_step"`` -> ``"five foot step"``."""
    return str(key).replace("_", " ").replace("-", " ")


def signed(value: object) -> str:
    """``4`` -> ``"+ 4"``, ``-2`` -> ``"- 2"``, ``0`` -> ``""`` (for "12 + 4 = 16")."""
    if not isinstance(value, int | float) or isinstance(value, bool) or value == 0:
        return ""
    return f" + {value}" if value > 0 else f" - {-value}"


def listing(items: Iterable[object], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``; empty -> ``"nobody"``."""
    names = [str(i) for i in items]
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + f" {last} " + names[-1]


def plural(count: object, noun: str) -> str:
    """``(1, "card")`` -> ``"1 card"``, ``(3, "card")`` -> ``"3 cards"``."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def params_text(params: object) -> str:
    """An action's parameters as ``key value, ...`` (empty when there are none)."""
    if not isinstance(params, Mapping) or not params:
        return ""
    def shown(value: object) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if isinstance(value, list | tuple):
            return ", ".join(shown(item) for item in value)
        return str(value)

    return ", ".join(
        f"{words(k)} {shown(v)}" for k, v in params.items() if v not in (None, "", [], {})
    )
