"""The state of an Element 133 encounter: plain dataclasses, deep-copyable and JSON-able.

Each combatant is a :class:`~turnkeeper.rulesets.e133.fighter.Fighter` (compiled with the
rules, in its own module); the state class is pure Python, so caches may hold it weakly.

Only :meth:`E133Ruleset.apply` changes these. Per-turn fields are reset when the owner's turn
starts; the ``version`` counter changes with every event so that per-state caches know when
they are stale.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.mechanics import Clock, Effect

# A combatant lives in its own (compiled) module; the state's users import it from here.
from turnkeeper.rulesets.e133.fighter import Fighter as Fighter
from turnkeeper.rulesets.e133.setup_model import E133Settings

MOVE_MODES = ("walk", "fly", "swim", "climb", "burrow", "jump")
ARMOURS = ("none", "light", "medium", "heavy")
COVERS = {"none": 0, "quarter": 1, "half": 2, "three_quarters": 3, "total": 0}
CONDITIONS = ("prone", "blinded", "incapacitated", "down", "restricted", "stunned", "unconscious",
              "paralyzed", "petrified")
# The conditions that leave a combatant incapacitated, so unable to concentrate (ref, d20 / 5e
# conditions): incapacitated itself and those that include it.
INCAPACITATING = ("incapacitated", "stunned", "unconscious", "paralyzed", "petrified")
ABILITY_TYPES = ("special", "spell_like", "supernatural", "extraordinary")
ACTION_TIMES = ("standard", "move", "full_round", "free", "bonus", "reaction", "none")
# The attack modes of the attack action; a set-up attack bonus may be given per mode.
ATTACK_MODES = ("melee", "unarmed", "ranged", "spell", "technomancy", "improvised")


@dataclass(eq=False)
class E133State:
    """The whole encounter. ``eq=False`` keeps it hashable by identity for caches."""

    fighters: dict[str, Fighter] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    effects: list[Effect] = field(default_factory=list)
    settings: E133Settings = field(default_factory=E133Settings)
    surprise: bool = False
    started: bool = False
    window: dict[str, Any] | None = None
    next_effect: int = 1
    version: int = 0
    last: str = ""
    # the latest check rolled (who, what, total, DC, success): scenarios and tables read it
    last_check: dict[str, Any] | None = None
    # every combatant has a position: threat is worked out from positions and reach
    placed: bool = False
    # changes with every event that changes who stands, where, behind what cover, under which
    # effects or with how many hit points: the outcome and the attack offers are cached on it
    roster_version: int = 0
