"""Reading the optional fields that only some parameter models have: the open trigger an
action answers (``trigger``) and the Action Points spent on its roll (``ap``).

Compiled with the rules that ask these on every check and resolve (check.py, resolve.py,
economy.py). Why a table per model class and not ``getattr(p, name, None)``: compiled,
``getattr`` with a default builds and catches an AttributeError for every model without the
field, and interpreted, the call from compiled code enters the interpreter; both cost more
than the question (docs/speed.md). A msgspec model lists its fields in ``__struct_fields__``,
so whether a class has the field is worked out once per class and kept.
"""

from __future__ import annotations

from typing import Any, Final

from turnkeeper.core.schema import Params

#: model class -> whether it has a ``trigger`` field / an ``ap`` field
_HAS_TRIGGER: Final[dict[type, bool]] = {}
_HAS_AP: Final[dict[type, bool]] = {}


def _fields_of(model: type) -> tuple[str, ...]:
    fields: tuple[str, ...] = getattr(model, "__struct_fields__", ())
    return fields


def trigger_of(p: Params) -> str | None:
    """The open trigger an action answers, for the kinds whose model may name one."""
    model = type(p)
    has = _HAS_TRIGGER.get(model)
    if has is None:
        has = "trigger" in _fields_of(model)
        _HAS_TRIGGER[model] = has
    if not has:
        return None
    named: Any = p  # a model with the field (checked above)
    trigger = named.trigger
    return trigger if isinstance(trigger, str) else None


def action_points_of(p: Params) -> int:
    """The Action Points an action spends on its roll (0 for kinds that roll nothing)."""
    model = type(p)
    has = _HAS_AP.get(model)
    if has is None:
        has = "ap" in _fields_of(model)
        _HAS_AP[model] = has
    if not has:
        return 0
    named: Any = p  # a model with the field (checked above)
    return int(named.ap or 0)
