"""Canonical data of a state: JSON-able values and the state hash that compares states.

Kept apart from :mod:`turnkeeper.core.game` so that the modules a game uses (state copies in
:mod:`turnkeeper.core.snapshot`) can hash states without importing the game itself.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any


def jsonable(value: Any) -> Any:
    """Turn a state (dataclasses, dicts, lists, sets, enums) into canonical JSON-able data."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True, default=str))
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return jsonable(to_dict())
    return repr(value)


def state_hash(state: Any) -> str:
    """A SHA-256 of the canonical JSON of ``state``: equal states, equal hashes."""
    text = json.dumps(jsonable(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
