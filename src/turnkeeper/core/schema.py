"""Declared, typed parameters: every action kind and set-up format is a model, checked on entry.

A ruleset declares each of its action kinds once, as an :class:`ActionKind` row whose
``params`` is a :class:`Params` model (a ``msgspec.Struct`` that refuses fields it does not
declare). The kernel validates every action from outside against that model before the
ruleset sees it, and set-up configurations the same way with :func:`parse_setup`. Errors
name the field's path, what was wrong, the allowed names and the closest one
(``params.diffcult_terrain: unknown field; did you mean difficult_terrain?``).

Why msgspec (docs/dependencies.md): its Structs validate a small dict in well under a
microsecond, which matters because every ``Game.play`` pays for it, and it writes JSON Schema
from the same declarations.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import msgspec
import msgspec.inspect as mi

from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError

__all__ = [
    "ActionCatalogue",
    "ActionKind",
    "Params",
    "SchemaError",
    "Settings",
    "did_you_mean",
    "meta",
    "parse_model",
    "parse_setup",
    "to_builtins",
]

ModelT = TypeVar("ModelT", bound=msgspec.Struct)


class Params(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every action's parameter model: unknown fields are refused, all keyword-only."""


class Settings(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Base of every ruleset's typed settings object (read once at set-up, never ``.get``)."""


#: The JSON Schema keyword that marks a field only the game master may set.
GM_ONLY = "x-gm-only"
#: The JSON Schema keyword that marks a field whose values are open (distances, free text).
OPEN = "x-open"


def meta(
    doc: str,
    *,
    gm_only: bool = False,
    open_value: bool = False,
    ge: int | float | None = None,
    le: int | float | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    examples: list[Any] | None = None,
    stated_range: tuple[int, int] | None = None,
) -> msgspec.Meta:
    """The metadata of one declared field: its one-line doc, its range, who may set it.

    Use as ``distance: Annotated[int, meta("feet moved", ge=0, open_value=True)] = 0``. For an
    optional field with a range, annotate the inner type: ``Annotated[int, meta(...)] | None``
    (msgspec allows ``ge``/``le`` on numbers only, not on ``int | None``).
    ``gm_only`` fields are refused from a player's seat by the server; ``open_value`` says the
    legal-action listing cannot enumerate the field's values (the caller chooses them).
    ``stated_range`` (least, most) is written into the JSON Schema as ``minimum`` and
    ``maximum`` without msgspec enforcing it: for a field whose range a rule checks itself,
    to name the range and the thing it belongs to (a form builder still reads the bounds).
    """
    extra: dict[str, Any] = {}
    if stated_range is not None:
        extra["minimum"], extra["maximum"] = stated_range
    if gm_only:
        extra[GM_ONLY] = True
    if open_value:
        extra[OPEN] = True
    constraints: dict[str, Any] = {
        "ge": ge,
        "le": le,
        "min_length": min_length,
        "max_length": max_length,
        "examples": examples,
        "extra_json_schema": extra or None,
    }
    given = {key: value for key, value in constraints.items() if value is not None}
    return msgspec.Meta(description=doc, **given)


class SchemaError(ValueError):
    """Input that does not fit its model; ``path`` says where (``combatants[0].initiative``)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean X?"`` for the closest of ``choices`` to ``word``, else ``""``."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean {close[0]}?" if close else ""


_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]*)`(?: - at `\$(?P<at>.*)`)?$")
_AT = re.compile(r"^(?P<text>.*) - at `\$(?P<at>.*)`$", re.DOTALL)
_ENUM = re.compile(r"^Invalid enum value '?(?P<value>.*?)'?$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>[^`]*)`$")


def _join(prefix: str, at: str) -> str:
    """Join a prefix (``params``) and a msgspec path tail (``.a[0].b`` or ``[2]``)."""
    if not prefix:
        return at.lstrip(".")
    return prefix + at


def _resolve_path(model: Any, at: str) -> Any:
    """The msgspec type info found by following ``at`` (``.a[0].b``) from ``model``."""
    info: Any = mi.type_info(model)
    for name, index in re.findall(r"\.([^.\[]+)|\[([^\]]*)\]", at):
        info = _step(_strip(info), name, index)
        if info is None:
            return None
    return _unwrap(info)


def _step(info: Any, name: str, index: str) -> Any:
    """One step of a path (a field ``name`` or an ``index``) into ``info``, or ``None``.

    A union (``str | list[Deck]``, ``Pokemon | None``) steps through whichever member can
    take the step: the error's path says the value took that shape.
    """
    if isinstance(info, mi.UnionType):
        for member in info.types:
            found = _step(_strip(member), name, index)
            if found is not None:
                return found
        return None
    if name and isinstance(info, mi.StructType):
        return next((f.type for f in info.fields if f.encode_name == name), None)
    if name and isinstance(info, mi.DictType):
        return info.value_type
    if index and isinstance(info, mi.ListType | mi.VarTupleType | mi.FrozenSetType):
        return info.item_type
    if index and isinstance(info, mi.TupleType) and index.isdigit():
        position = int(index)
        return info.item_types[position] if position < len(info.item_types) else None
    if index and isinstance(info, mi.DictType):
        return info.value_type
    return None


def _strip(info: Any) -> Any:
    """Look through metadata wrappers."""
    while isinstance(info, mi.Metadata):
        info = info.type
    return info


def _unwrap(info: Any) -> Any:
    """Look through Optional/union wrappers and metadata to the struct inside, if any."""
    info = _strip(info)
    if isinstance(info, mi.UnionType):
        structs = [t for t in (_unwrap(t) for t in info.types) if isinstance(t, mi.StructType)]
        if len(structs) == 1:
            return structs[0]
        dicts = [t for t in info.types if isinstance(t, mi.DictType)]
        if len(dicts) == 1:
            return dicts[0]
    return info


def _choices(info: Any) -> list[str]:
    """The allowed values of an enum-like type (``Literal``, ``Enum``), as strings."""
    info = _strip(info)
    if isinstance(info, mi.LiteralType):
        return [str(value) for value in info.values]
    if isinstance(info, mi.EnumType):
        return [str(member.value) for member in info.cls]
    if isinstance(info, mi.UnionType):
        return [choice for member in info.types for choice in _choices(member)]
    return []


def field_names(model: Any, at: str = "") -> list[str]:
    """The field names a struct found at ``at`` inside ``model`` declares (``[]`` if none)."""
    info = _resolve_path(model, at)
    if isinstance(info, mi.StructType):
        return [f.encode_name for f in info.fields]
    return []


def parse_model(model: type[ModelT], data: Any, where: str = "") -> ModelT:
    """``data`` converted to ``model``, or :class:`SchemaError` naming the path and the fix.

    ``where`` is the path prefix used in messages (``"params"`` for an action's parameters,
    ``""`` for a whole set-up).
    """
    try:
        return msgspec.convert(data, model, strict=True)
    except msgspec.ValidationError as exc:
        raise _explain(model, str(exc), where) from None


def parse_setup(model: type[ModelT], config: Any, where: str = "") -> ModelT:
    """A set-up configuration as its model, or :class:`SetupError` naming the path."""
    try:
        return parse_model(model, config, where)
    except SchemaError as exc:
        raise SetupError(str(exc)) from None


def _explain(model: Any, text: str, where: str) -> SchemaError:
    unknown = _UNKNOWN.match(text)
    if unknown:
        at = unknown.group("at") or ""
        name = unknown.group("field")
        allowed = field_names(model, at)
        hint = did_you_mean(name, allowed)
        listing = f" (allowed: {', '.join(allowed)})" if allowed else ""
        path = _join(where, f"{at}.{name}")
        return SchemaError(path, f"unknown field{hint}{listing}")
    located = _AT.match(text)
    at = located.group("at") if located else ""
    message = located.group("text") if located else text
    missing = _MISSING.match(message)
    if missing:
        path = _join(where, f"{at}.{missing.group('field')}")
        return SchemaError(path, "required field is missing")
    enum = _ENUM.match(message)
    if enum:
        # Name what is allowed (and the closest) instead of msgspec's bare "Invalid enum value".
        choices = _choices(_resolve_path(model, at)) if at else []
        if choices:
            value = enum.group("value")
            hint = did_you_mean(value, choices)
            listing = ", ".join(choices)
            text = f"{value!r} is not allowed{hint} (allowed: {listing})"
            return SchemaError(_join(where, at), text)
    return SchemaError(_join(where, at), _plain(message))


def _plain(message: str) -> str:
    """msgspec's wording with its backquotes turned into plain words."""
    return message.replace("`", "")


def to_builtins(value: Any) -> Any:
    """A parsed model back to plain JSON-able data (defaults filled in)."""
    return msgspec.to_builtins(value)


@dataclass(frozen=True)
class ActionKind:
    """One row of a ruleset's table of action kinds.

    ``params`` is the parameter model, ``summary`` a one-line explanation, ``family`` the
    rule area (and module) that holds its rules, ``gm_only`` marks kinds only the game master
    may take.
    """

    kind: str
    params: type[Params]
    summary: str
    family: str = ""
    gm_only: bool = False

    def gm_only_fields(self) -> frozenset[str]:
        info = mi.type_info(self.params)
        assert isinstance(info, mi.StructType)
        names = set()
        for struct_field in info.fields:
            extra = _field_extra(struct_field.type)
            if extra.get(GM_ONLY):
                names.add(struct_field.encode_name)
        return frozenset(names)


def _field_extra(info: Any) -> dict[str, Any]:
    """The extra schema keywords of a field, looking inside ``Annotated[int, meta()] | None``."""
    extra: dict[str, Any] = {}
    while isinstance(info, mi.Metadata):
        extra.update(info.extra_json_schema or {})
        info = info.type
    if isinstance(info, mi.UnionType):
        for member in info.types:
            extra.update(_field_extra(member))
    return extra


@dataclass
class ActionCatalogue(Mapping[str, ActionKind]):
    """Every action kind of one ruleset, declared once: the table the kernel validates with."""

    ruleset: str
    kinds: Iterable[ActionKind]
    _rows: dict[str, ActionKind] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._rows = {}
        for row in self.kinds:
            if row.kind in self._rows:
                raise ValueError(f"action kind {row.kind!r} is declared twice")
            self._rows[row.kind] = row

    def __getitem__(self, kind: str) -> ActionKind:
        return self._rows[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def row(self, kind: str) -> ActionKind:
        """The row for ``kind``, or :class:`BadActionError` with a did-you-mean."""
        row = self._rows.get(kind)
        if row is None:
            hint = did_you_mean(kind, self._rows)
            raise BadActionError(
                f"unknown action kind {kind!r} for {self.ruleset}{hint}"
                + ("" if hint else " (turnkeeper schema " + self.ruleset + " lists them)")
            )
        return row

    def parse(self, action: Action) -> Params:
        """The action's parameters as its typed model, or :class:`BadActionError`."""
        # parse_model's work without its two calls and without copying a dict (every action
        # from outside comes through here); errors are explained exactly as parse_model does
        row = self._rows.get(action.kind)
        if row is None:
            row = self.row(action.kind)  # raises, with a did-you-mean
        raw = action.params
        try:
            return msgspec.convert(raw if type(raw) is dict else dict(raw), row.params,
                                   strict=True)
        except msgspec.ValidationError as exc:
            explained = _explain(row.params, str(exc), "params")
            raise BadActionError(f"{action.kind}: {explained}") from None

    def validate(self, action: Action) -> None:
        """Raise :class:`BadActionError` unless the action fits its declared model."""
        self.parse(action)

    def json_schema(self, kind: str | None = None) -> dict[str, Any]:
        """JSON Schema of one kind's parameters, or of every kind (``kind`` is ``None``)."""
        rows = [self.row(kind)] if kind is not None else list(self._rows.values())
        schemas, components = msgspec.json.schema_components([row.params for row in rows])
        kinds: dict[str, Any] = {}
        for row, params_schema in zip(rows, schemas, strict=True):
            kinds[row.kind] = {
                "summary": row.summary,
                "family": row.family,
                "gm_only": row.gm_only,
                "params": params_schema,
            }
        return {"ruleset": self.ruleset, "actions": kinds, "$defs": _lift_optional(components)}


def _lift_optional(components: dict[str, Any]) -> dict[str, Any]:
    """Put the doc and marks of ``Annotated[X, meta()] | None`` fields on the field itself.

    msgspec writes them on the non-null member of the ``anyOf``; a form builder reading the
    schema looks for them on the property.
    """
    for definition in components.values():
        for prop in definition.get("properties", {}).values():
            for member in prop.get("anyOf", ()):
                for key in ("description", GM_ONLY, OPEN):
                    if key in member and key not in prop:
                        prop[key] = member[key]
    return components


def setup_schema(model: type[msgspec.Struct]) -> dict[str, Any]:
    """JSON Schema of a set-up model."""
    (schema,), components = msgspec.json.schema_components([model])
    return {**schema, "$defs": _lift_optional(components)}


def ruleset_schema(ruleset: Any, kind: str | None = None) -> dict[str, Any]:
    """The JSON Schema document of a ruleset: its action kinds and its set-up format.

    ``kind`` narrows it to one action kind (:class:`BadActionError` with a did-you-mean for
    an unknown one). A ruleset without declared models gets a :class:`ValueError`.
    """
    catalogue: ActionCatalogue | None = getattr(ruleset, "actions", None)
    if catalogue is None:
        raise ValueError(f"ruleset {ruleset.name!r} declares no action models")
    document = catalogue.json_schema(kind)
    setup_model = getattr(ruleset, "setup_model", None)
    if kind is None and setup_model is not None:
        document["setup"] = setup_schema(setup_model)
    return document
