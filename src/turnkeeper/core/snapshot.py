"""A ruleset's state as plain data, and back: what stored snapshots are made of.

A snapshot must never execute anything it reads, because whoever can write the store's
``snapshots`` table would then run code in every server process. So a state is written as
msgpack (through msgspec) and read back *typed by the state's own class*
(``type(ruleset.initial_state())``): msgspec builds only the dataclasses, enums, sets,
tuples and dicts that the class's annotations name, and nothing in the bytes can choose
another type or call a function. Reading is therefore as safe as reading JSON.

A ruleset whose state does not survive that (a field holding an object msgspec cannot
encode, or an ``Any`` field whose tuples would come back as lists) may give itself two
optional hooks, ``dump_state(state) -> bytes`` and ``load_state(data: bytes) -> state``,
which are then used instead; they must hold to the same rule (no code from data).

:func:`dump_state` checks, when it writes, that the bytes read back to an equal state with
the same :func:`~turnkeeper.core.game.state_hash`: a state that would not come back exactly
is never written (:class:`SnapshotError`), so a snapshot is always the state it claims to be.
Whoever reads one still compares its hash with the stored hash before using it.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

import msgspec

from turnkeeper.core.canonical import state_hash
from turnkeeper.core.ruleset import Ruleset

#: The encoding's name, part of each stored snapshot's ``format``.
FORMAT = "msgpack/1"

_ENCODER = msgspec.msgpack.Encoder()
_decoders: dict[type, msgspec.msgpack.Decoder[Any]] = {}


class SnapshotError(ValueError):
    """A state that cannot be written as plain data, or bytes that do not read as one."""


def state_type(ruleset: Ruleset[Any]) -> type:
    """The class a ruleset's states are made of (its ``initial_state()``'s)."""
    return type(ruleset.initial_state())


def _decoder(kind: type) -> msgspec.msgpack.Decoder[Any]:
    found = _decoders.get(kind)
    if found is None:
        found = msgspec.msgpack.Decoder(kind)
        _decoders[kind] = found
    return found


def encode_state(ruleset: Ruleset[Any], state: Any) -> bytes:
    """``state`` as bytes (the ruleset's ``dump_state`` hook if it has one), unchecked."""
    hook = getattr(ruleset, "dump_state", None)
    try:
        if callable(hook):
            data = hook(state)
            if not isinstance(data, bytes):
                raise SnapshotError(f"{ruleset.name}.dump_state gave {type(data).__name__}")
            return data
        return _ENCODER.encode(state)
    except (TypeError, ValueError, msgspec.EncodeError) as exc:
        raise SnapshotError(f"a {ruleset.name} state cannot be written as data: {exc}") from exc


def load_state(ruleset: Ruleset[Any], data: bytes) -> Any:
    """The state that ``data`` holds, built as the ruleset's state class (or by its
    ``load_state`` hook). Raises :class:`SnapshotError` for bytes that do not fit."""
    hook = getattr(ruleset, "load_state", None)
    try:
        if callable(hook):
            return hook(data)
        kind = state_type(ruleset)
        if _holds_compiled(kind):
            data = _with_defaults(data, kind)
        return _decoder(kind).decode(data)
    except (TypeError, ValueError, msgspec.DecodeError) as exc:
        raise SnapshotError(f"not a {ruleset.name} state: {exc}") from exc


# A dataclass compiled by mypyc (turnkeeper/compiled.py) read by msgspec gets 0, False or
# nothing for a field the bytes leave out, where the pure class gets the field's default: a
# snapshot written before a field was added would load differently in the two builds, and
# wrong in the compiled one. So for a state holding compiled classes the bytes are first
# read as plain data (only msgpack's own types: nothing is built from them), every missing
# field is given its default, and the result is read typed as before.
_COMPILED_HELD: dict[type, bool] = {}


def _holds_compiled(kind: type) -> bool:
    known = _COMPILED_HELD.get(kind)
    if known is None:
        known = _COMPILED_HELD[kind] = any(
            hasattr(cls, "__mypyc_attrs__") for cls in _dataclasses_in(kind, set())
        )
    return known


def _dataclasses_in(hint: Any, seen: set[Any]) -> set[Any]:
    """Every dataclass that the type ``hint`` names, through its fields, dicts, lists and
    unions."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if hint not in seen:
            seen.add(hint)
            for field_hint in _field_hints(hint).values():
                _dataclasses_in(field_hint, seen)
        return seen
    for arg in typing.get_args(hint):
        _dataclasses_in(arg, seen)
    return seen


_HINTS: dict[type, dict[str, Any]] = {}


def _field_hints(kind: type) -> dict[str, Any]:
    hints = _HINTS.get(kind)
    if hints is None:
        hints = _HINTS[kind] = typing.get_type_hints(kind)
    return hints


def _with_defaults(data: bytes, kind: type) -> bytes:
    plain = msgspec.msgpack.decode(data)
    _fill_defaults(plain, kind)
    return _ENCODER.encode(plain)


def _fill_defaults(value: Any, hint: Any) -> None:
    """Give every dataclass ``hint`` names in ``value`` (plain data) its missing fields'
    defaults, the way the class's constructor would."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict):
            return
        hints = _field_hints(hint)
        for field in dataclasses.fields(hint):
            if field.name in value:
                _fill_defaults(value[field.name], hints.get(field.name))
            elif field.default is not dataclasses.MISSING:
                value[field.name] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                value[field.name] = field.default_factory()
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is dict and len(args) == 2 and isinstance(value, dict):
        for item in value.values():
            _fill_defaults(item, args[1])
    elif origin in (list, set, frozenset) and args and isinstance(value, list):
        for item in value:
            _fill_defaults(item, args[0])
    elif origin is tuple and args and isinstance(value, list):
        variadic = len(args) == 2 and args[1] is Ellipsis
        for i, item in enumerate(value):
            if variadic or i < len(args):
                _fill_defaults(item, args[0] if variadic else args[i])
    elif origin in (typing.Union, types.UnionType):
        # only a union with one dataclass in it says which class a mapping is
        classes = [a for a in args if dataclasses.is_dataclass(a) and isinstance(a, type)]
        if len(classes) == 1:
            _fill_defaults(value, classes[0])


def same_data(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same data, types included (a tuple is not a list,
    1 is not 1.0), field by field: states compare by identity (``eq=False``), so ``==``
    would not do."""
    if type(a) is not type(b):
        return False
    if dataclasses.is_dataclass(a):
        return all(
            same_data(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a)
        )
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_data(v, b[k]) for k, v in a.items())
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same_data(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, set | frozenset):
        # Elements are hashable scalars or tuples: equal sets of equal types.
        return bool(a == b) and sorted(map(repr, a)) == sorted(map(repr, b))
    return bool(a == b)


def dump_state(ruleset: Ruleset[Any], state: Any) -> bytes:
    """``state`` as bytes, checked to read back to an equal state with the same hash.

    Raises :class:`SnapshotError` if it cannot be written or would not come back exactly.
    """
    data = encode_state(ruleset, state)
    back = load_state(ruleset, data)
    if not same_data(back, state) or state_hash(back) != state_hash(state):
        raise SnapshotError(
            f"a {ruleset.name} state does not come back equal from plain data; give the "
            "ruleset dump_state/load_state hooks"
        )
    return data
