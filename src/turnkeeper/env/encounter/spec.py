"""What an encounter environment needs to know of one ruleset: its action keys and features.

An encounter environment (``ptu_v0``, ``e133_v0``) is the same machine for every ruleset with a
fight loop (:mod:`turnkeeper.env.encounter.env`); a :class:`EncounterSpec` is the data that
makes it one ruleset's: which parameters of each action kind tell two offers apart (its
*key*), how each of those parameters maps onto a small fixed range (its *role*), and which
facts of a combatant's view become observation features.

Roles of a key parameter (the value's slot; 0 always means "none" or "not listed"):

- ``combatant``: a combatant id, by its slot in the encounter's roster (1 + slot).
- ``enum``: a value of the kind's declared ``Literal`` (1 + its place in the declaration).
- ``name``: a name from the encounter's vocabulary (moves, spells, abilities, items, the
  rulesets' fixed phrases) — 1 + its place in the sorted vocabulary.
- ``distance``: feet in 5-foot steps, ``value // 5`` capped at ``DISTANCE_STEPS - 1``.
- ``delta``: a grid square relative to the actor's own square, each axis capped at
  ``±DELTA_RADIUS``.
- ``bool``: false/true; ``nonempty``: an empty or a non-empty list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Role = Literal["combatant", "enum", "name", "distance", "delta", "bool", "nonempty"]

DISTANCE_STEPS = 25  # 0..120 feet in 5-foot steps; farther counts as 120
DELTA_RADIUS = 6  # squares each way; farther is clipped to the edge


@dataclass(frozen=True)
class Feature:
    """One number of a combatant's block in the observation, read from its view.

    ``path`` walks the combatant's view (``("budget", "standard")``); ``kind`` says how:
    ``number`` (the value, with a second "is known" feature: hidden values are ``None`` in
    a seat's view), ``flag`` (true/false; ``None`` and empty count as false),
    ``member`` (1 if ``value`` is in the list at ``path``), ``equals`` (1 if the value at
    ``path`` equals ``value``).
    """

    path: tuple[str, ...]
    kind: Literal["number", "flag", "member", "equals"] = "number"
    value: str = ""
    scale: float = 1.0

    @property
    def width(self) -> int:
        return 2 if self.kind == "number" else 1

    @property
    def name(self) -> str:
        base = ".".join(self.path)
        return f"{base}={self.value}" if self.value else base


@dataclass(frozen=True)
class EncounterSpec:
    """One ruleset's part of an encounter environment (see the module's docstring)."""

    ruleset: str
    env_name: str
    default_encounter: str  # examples/<ruleset>/<file>: bundled with the package
    #: kind -> the parameters that make up its key, each with its role; a kind not listed
    #: has one index per actor (its parameters, if any, are the engine's own choice)
    keys: Mapping[str, tuple[tuple[str, Role], ...]]
    #: features of each combatant's view, in order
    combatant_features: tuple[Feature, ...]
    #: features of the whole view (round, phase, ...), in order
    global_features: tuple[Feature, ...]
    #: fixed phrases the ruleset offers in ``name`` parameters (added to the vocabulary)
    phrases: tuple[str, ...] = ()
    #: the actor's grid square in the state (for ``delta`` keys), or None
    position_of: Callable[[Any, str], tuple[int, int] | None] = field(
        default=lambda state, actor: None
    )
