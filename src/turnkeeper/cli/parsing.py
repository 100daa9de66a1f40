"""Reading actions typed by a person: ``[actor:] kind key=value ...``."""

from __future__ import annotations

import shlex
from typing import Any

import yaml

from turnkeeper.core.model import Action


class ActionSyntaxError(ValueError):
    """A typed action that cannot be read; the message says which word is wrong."""


def parse_value(text: str) -> Any:
    """A parameter value: YAML scalars and flow collections (``3``, ``true``, ``[a, b]``)."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def parse_action(text: str, default_actor: str | None = None) -> Action:
    """``aria: move distance=10`` or ``move distance=10`` (the default actor)."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ActionSyntaxError(f"cannot split {text!r}: {exc}") from exc
    if not words:
        raise ActionSyntaxError("empty action")
    actor = default_actor
    if words[0].endswith(":"):
        actor = words[0][:-1]
        words = words[1:]
        if not words:
            raise ActionSyntaxError("an action kind must follow the actor")
    kind, *rest = words
    params: dict[str, Any] = {}
    for position, word in enumerate(rest, start=2):
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise ActionSyntaxError(f"word {position} ({word!r}) must look like key=value")
        params[key] = parse_value(value)
    return Action(kind=kind, actor=actor, params=params)
