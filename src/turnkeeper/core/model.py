"""The kernel's value types: actions, events, rules, refusals and outcomes.

These know no game words. A ruleset names its own action kinds and event types; the kernel
only moves them around, records them and folds them into state.
"""

from __future__ import annotations

import json
import re
from collections.abc import (
    Callable,
    ItemsView,
    Iterable,
    Iterator,
    KeysView,
    Mapping,
    ValuesView,
)
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

import msgspec

# One encoder made once: ``json.dumps`` with options builds a new JSONEncoder on every call,
# which cost about a fifth of an action's key; the text is the same.
_CANONICAL_JSON = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str)


def _canonical(value: Any) -> str:
    return _CANONICAL_JSON.encode(value)


def odds_values(odds: Mapping[str, Any]) -> dict[str, float]:
    """The odds that are exact fractions (``"13/20"``, ``"1"``), as floats, under the same keys.

    Every ruleset writes its exact odds as fraction strings; this gives their numeric form in
    one shape for machines (``{"hit": 0.65}``). Entries that are not fractions are left out.
    """
    values: dict[str, float] = {}
    for key, value in odds.items():
        if isinstance(value, str) and _FRACTION.match(value):
            values[key] = float(Fraction(value))
    return values


_FRACTION = re.compile(r"^-?\d+(?:/\d+)?$")


class OnFirstRead(Mapping[str, Any]):
    """A read-only mapping worked out by ``work(*inputs)`` when it is first read, then kept.

    For an offer's exact odds: a listing offers many actions and an agent that picks at
    random never reads their odds, so working them out for every offer is wasted (issue 16:
    most of an attack offer's cost). ``inputs`` must be values that do not change later
    (numbers, strings, tuples), never live state, so that a late read gives what an early one
    would have. Every read (items, ``in``, ``len``, ``==``, ``repr``, ``dict(...)``) sees the
    worked-out mapping; its order, keys and values are those ``work`` returned. Copies and
    pickles are plain dicts of the values.
    """

    __slots__ = ("_inputs", "_values", "_work")

    def __init__(self, work: Callable[..., Mapping[str, Any]], *inputs: Any) -> None:
        self._work: Callable[..., Mapping[str, Any]] | None = work
        self._inputs = inputs
        self._values: Mapping[str, Any] | None = None

    @property
    def worked_out(self) -> bool:
        """Whether the values have been worked out (they are on the first read)."""
        return self._values is not None

    def values_now(self) -> Mapping[str, Any]:
        """The worked-out mapping (worked out now if it was not yet)."""
        values = self._values
        if values is None:
            work = self._work
            assert work is not None  # set until the values are kept
            values = self._values = work(*self._inputs)
            # The inputs are not needed again: let them go.
            self._work, self._inputs = None, ()
        return values

    def __getitem__(self, key: str) -> Any:
        return self.values_now()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values_now())

    def __len__(self) -> int:
        return len(self.values_now())

    def __contains__(self, key: object) -> bool:
        return key in self.values_now()

    def get(self, key: str, default: Any = None) -> Any:
        return self.values_now().get(key, default)

    def keys(self) -> KeysView[str]:
        return self.values_now().keys()

    def items(self) -> ItemsView[str, Any]:
        return self.values_now().items()

    def values(self) -> ValuesView[Any]:
        return self.values_now().values()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OnFirstRead):
            other = other.values_now()
        return self.values_now() == other

    __hash__ = None  # type: ignore[assignment]  # a mapping, unhashable as dicts are

    def __repr__(self) -> str:
        return repr(self.values_now())

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (dict(self.values_now()),))

#: The mark :meth:`Action.offer` leaves in an offer's ``__dict__`` (not a field: no part of
#: equality, saves or ``repr``): the action was made by the rules' ``legal_actions``.
OFFERED_BY_RULES = "_offered_by_rules"
#: Where an offer keeps its :meth:`Action.key` once asked (in ``__dict__``, not a field).
_KEY = "_key"


#: ``Action``'s default for ``params``: each action made without them gets a dict of its own.
_NO_PARAMS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, eq=False, init=False)
class Action:
    """Something a participant asks to do.

    ``kind`` is the ruleset's own name for the action (``"five_foot_step"``, ``"attach_energy"``),
    ``actor`` the participant (or seat) doing it, ``params`` its JSON-able parameters. ``cost``
    (a human label), ``cost_detail`` (the same cost as data of one shape across rulesets:
    ``{"standard": 1}``, ``{"shift": 1, "swift": 1}``, ``{"energy": ["Fire", "Colorless"]}``)
    and ``odds`` (exact fractions as strings) are filled in by ``legal_actions`` for display;
    they take no part in equality.
    """

    kind: str
    actor: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict)
    cost: str = ""
    odds: Mapping[str, Any] | None = None
    cost_detail: Mapping[str, Any] | None = None

    def __init__(
        self,
        kind: str,
        actor: str | None = None,
        params: Mapping[str, Any] = _NO_PARAMS,
        cost: str = "",
        odds: Mapping[str, Any] | None = None,
        cost_detail: Mapping[str, Any] | None = None,
    ) -> None:
        # Written out rather than generated: the frozen dataclass's own ``__init__`` sets each
        # field through ``object.__setattr__`` (about 10.8k instructions an action against
        # 4.2k filled in directly), and every action typed by a player, a client or a bot
        # is made this way. Still frozen: ``__setattr__`` refuses any later change.
        fields = self.__dict__
        fields["kind"] = kind
        fields["actor"] = actor
        fields["params"] = {} if params is _NO_PARAMS else params
        fields["cost"] = cost
        fields["odds"] = odds
        fields["cost_detail"] = cost_detail

    @classmethod
    def offer(
        cls,
        kind: str,
        actor: str | None,
        params: Mapping[str, Any],
        cost: str = "",
        odds: Mapping[str, Any] | None = None,
        cost_detail: Mapping[str, Any] | None = None,
    ) -> Action:
        """Build an action quickly, for ``legal_actions`` hot paths.

        A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, which
        costs about half of building a legal-action offer; this fills the same fields directly.
        The result equals ``Action(kind, actor, params, cost, odds, cost_detail)`` and is marked
        as made by the rules (:data:`OFFERED_BY_RULES`): ``Game.validate`` does not parse the
        parameters of an offer again (they were made by the ruleset, not typed by someone).
        Build actions from outside input with ``Action(...)`` or :meth:`from_dict`.
        """
        action = object.__new__(cls)
        fields = action.__dict__
        fields["kind"] = kind
        fields["actor"] = actor
        fields["params"] = params
        fields["cost"] = cost
        fields["odds"] = odds
        fields["cost_detail"] = cost_detail
        fields[OFFERED_BY_RULES] = True
        return action

    def key(self) -> str:
        """A canonical string for comparing and hashing actions (an offer's is worked out
        once and kept: nobody changes an offer's parameters)."""
        fields = self.__dict__
        known: str | None = fields.get(_KEY)
        if known is not None:
            return known
        key = _canonical([self.kind, self.actor, dict(self.params)])
        if OFFERED_BY_RULES in fields:
            fields[_KEY] = key
        return key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "actor": self.actor, "params": dict(self.params)}
        if self.cost:
            data["cost"] = self.cost
        if self.cost_detail is not None:
            data["cost_detail"] = dict(self.cost_detail)
        if self.odds is not None:
            data["odds"] = dict(self.odds)
            data["odds_value"] = odds_values(self.odds)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise ValueError("an action needs a 'kind' string")
        actor = data.get("actor")
        if actor is not None and not isinstance(actor, str):
            raise ValueError("an action's 'actor' must be a string")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise ValueError("an action's 'params' must be a mapping")
        return cls(kind=data["kind"], actor=actor, params=dict(params))

    def __str__(self) -> str:
        args = " ".join(f"{k}={_shown(v)}" for k, v in self.params.items())
        who = f"{self.actor}: " if self.actor else ""
        return f"{who}{self.kind}{' ' + args if args else ''}"


def _shown(value: Any) -> str:
    """A parameter value as a person reads it and as the terminal's action syntax takes it
    back (YAML flow style): lists as ``[a,b]`` (no space, so that the words of a command line
    keep one list together), mappings as ``{k: v}``, no Python quotes around strings."""
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_shown(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


class Event(msgspec.Struct, frozen=True, gc=False):
    """One thing that happened. ``data`` is JSON-able and holds every dice result.

    A msgspec Struct (built in C, no per-instance ``__dict__``): rulesets make one per thing
    that happens and a game holds them all. Equal when type and data are equal, like the
    dataclass it replaces; ``gc=False`` because an event never takes part in a reference
    cycle (its data is plain values), so the cyclic collector need not track it.
    """

    type: str
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise ValueError("an event needs a 'type' string")
        return cls(type=data["type"], data=dict(data.get("data") or {}))


@dataclass(frozen=True)
class Rule:
    """One entry of a ruleset's catalogue.

    ``id`` is stable (``<ruleset>.<area>.<rule>``), ``summary`` explains the rule in the
    project's own words, ``source`` cites book and page or section, ``reading`` records the
    project's decision where the text can be read two ways (see READINGS.md).
    """

    id: str
    summary: str
    source: str
    reading: str = ""


@dataclass(frozen=True)
class Refusal:
    """Why an action may not be taken: the rule, a plain reason, and where the rule comes from.

    ``rule`` is the rule that is broken first (a spent budget names the exhausted limit, e.g.
    ``e133.economy.standard``); ``also`` lists further rules that apply, such as the action's
    own cost rule (``e133.attack.standard``).
    """

    rule: str
    reason: str
    source: str
    also: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rule": self.rule, "reason": self.reason, "source": self.source}
        if self.also:
            data["also"] = list(self.also)
        return data

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}; {self.source}]"


class IllegalActionError(ValueError):
    """Raised by ``play`` when the ruleset refuses an action; carries the :class:`Refusal`."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal


# The name the issue uses.
IllegalAction = IllegalActionError


class BadActionError(ValueError):
    """An action that is malformed (unknown kind, missing or wrongly typed parameter)."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` (empty for a draw) and a short ``reason``."""

    winners: tuple[str, ...]
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


_new_object = object.__new__


class RuleCatalogue(Mapping[str, Rule]):
    """The rule ids a ruleset publishes, with their explanations and sources."""

    def __init__(self, ruleset: str, rules: Iterable[Rule]) -> None:
        self.ruleset = ruleset
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if not rule.id.startswith(ruleset + "."):
                raise ValueError(f"rule id {rule.id!r} must start with {ruleset!r}.")
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id!r} is listed twice")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def refuse(self, rule_id: str, detail: str = "", also: Iterable[str] = ()) -> Refusal:
        """A refusal citing ``rule_id``; ``detail`` replaces the catalogue summary if given.

        ``also`` names further rules of this catalogue that apply (e.g. the action's cost rule
        behind an exhausted budget); each must be listed.
        """
        rules = self._rules
        rule = rules[rule_id]
        extra = also if type(also) is tuple else tuple(also)
        for other in extra:
            if other not in rules:
                raise KeyError(f"rule id {other!r} is not in the {self.ruleset} catalogue")
        # Filled in directly, as Action.offer does: the frozen dataclass's __init__ sets each
        # field through object.__setattr__ (from keywords), which cost three times the rest;
        # compiled rulesets refuse on most checks. Equal to Refusal(rule, reason, source, also)
        # in every field, so in equality, hash, repr and copies (tests/core/test_model.py).
        refusal = _new_object(Refusal)
        fields = refusal.__dict__
        fields["rule"] = rule.id
        fields["reason"] = detail or rule.summary
        fields["source"] = rule.source
        fields["also"] = extra
        return refusal
