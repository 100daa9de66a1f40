"""The state of a PTU encounter and the set-up configuration that builds it.

State is plain dataclasses, lists and dicts (deep-copyable, JSON-able). Only
``PtuRuleset.apply`` changes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import msgspec

from turnkeeper.core.mechanics import Budget, Clock, Effect, TriggerLedger, Window

# A combatant lives in its own (compiled) module; the state's users import it from here.
from turnkeeper.rulesets.ptu.combatant import ALLOWANCE, Combatant, new_budget
from turnkeeper.rulesets.ptu.settings import DEFAULT_SETTINGS, PtuSettings

__all__ = ["ALLOWANCE", "Combatant", "PtuState", "new_budget"]

# In a League Battle every Trainer acts before every Pokémon (p. 227): Trainers sort on
# Speed + this offset, so one clock holds both phases in the right order.
LEAGUE_TRAINER_OFFSET = 100_000

VOLATILE = ("asleep", "bad_sleep", "confused", "cursed", "disabled", "enraged", "flinched",
            "infatuated", "suppressed")
PERSISTENT = ("burned", "frozen", "paralyzed", "poisoned", "badly_poisoned")
OTHER_CONDITIONS = ("slowed", "stuck", "tripped", "vulnerable", "trapped", "bound")
STATUSES = VOLATILE + PERSISTENT + OTHER_CONDITIONS
# The statuses that are afflictions of the fight package, by its names (p. 246-248).
AFFLICTIONS = {
    "burned": "Burned", "poisoned": "Poisoned", "badly_poisoned": "Badly Poisoned",
    "paralyzed": "Paralyzed", "frozen": "Frozen", "asleep": "Asleep", "confused": "Confused",
    "flinched": "Flinched", "enraged": "Enraged", "infatuated": "Infatuated",
    "cursed": "Cursed",
}
#: The other way round: a status by its affliction's name.
STATUS_OF = {name: status for status, name in AFFLICTIONS.items()}
RANKS = {"pathetic": 1, "untrained": 2, "novice": 3, "adept": 4, "expert": 5, "master": 6}


@dataclass
class Interjection:
    """A turn taken out of order (Priority, a released Pokémon acting at once)."""

    actor: str
    resume_active: bool  # whether the interrupted turn had already begun


@dataclass(eq=False)  # compared by identity: legal_actions caches per state object
class PtuState:
    version: int = 0  # bumped by every applied event
    context: str = "full_contact"
    ambush: bool = False
    pokemon_turns: str = "one_per_player"
    settings: PtuSettings = DEFAULT_SETTINGS  # hashed as its to_dict()
    players: list[str] = field(default_factory=list)
    combatants: dict[str, Combatant] = field(default_factory=dict)
    custom_moves: dict[str, dict[str, Any]] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    phase: str = "setup"  # setup, declare, turns, over
    declare_queue: list[str] = field(default_factory=list)
    declared: dict[str, list[str]] = field(default_factory=dict)
    turn_active: bool = False
    interjections: list[Interjection] = field(default_factory=list)
    pokemon_turn_used: dict[str, str] = field(default_factory=dict)  # player -> Pokémon
    # The open trigger windows of the current turn (kind, who may answer, what happened).
    occurrences: list[Window] = field(default_factory=list)
    occurrence_count: int = 0
    ledger: TriggerLedger = field(default_factory=TriggerLedger)
    effects: list[Effect] = field(default_factory=list)
    effect_count: int = 0
    minutes_elapsed: int = 0
    # Hits whose damage waits for the "attacked" window's protecting answers (Protect,
    # Intercept): {attacker, target, move, bonus, stab, critical, what} (damage.py).
    pending_hits: list[dict[str, Any]] = field(default_factory=list)


def combatant_data(c: Combatant) -> dict[str, Any]:
    """``c`` as plain JSON-able data (what ``jsonable`` gives: its fields in order, the
    budget as a mapping, tuples as lists), for the events that carry a whole combatant.
    A msgpack round trip: a tenth of the time ``jsonable`` takes (every simulated game sets
    up its combatants)."""
    data: dict[str, Any] = _PLAIN.decode(msgspec.msgpack.encode(c))
    return data


#: The fields of :class:`Combatant`, in order.
_COMBATANT_FIELDS = tuple(f.name for f in fields(Combatant))
#: Decodes msgpack into plain dicts, lists and scalars.
_PLAIN = msgspec.msgpack.Decoder()


def combatant_from_dict(data: Mapping[str, Any]) -> Combatant:
    # A deep copy: the event's data stays in the log untouched while the state changes. The
    # data is plain JSON-able values (an event's), so a msgpack round trip copies it exactly,
    # and about twenty times faster than ``copy.deepcopy``.
    fields = _PLAIN.decode(msgspec.msgpack.encode(dict(data)))
    budget = fields.pop("budget", None)
    # Passed under the class's own field names: keywords whose strings are not the very
    # objects of the parameter names (decoded ones) are matched by comparing text, which
    # made the call five times slower than the copy.
    named = {name: fields.pop(name) for name in _COMBATANT_FIELDS if name in fields}
    if fields:
        raise TypeError(f"unknown combatant fields: {', '.join(sorted(fields))}")
    combatant = Combatant(**named)
    if isinstance(budget, Mapping):
        combatant.budget = Budget(
            dict(budget["remaining"]),
            {k: list(v) for k, v in budget["substitutes"].items()},
            [(a, b) for a, b in budget["spent"]],
        )
    return combatant


#: A state's msgpack form and back: an exact copy (tests/core/test_compact_rulesets.py shows
#: that a ptu state comes back from msgpack field for field), 2-3 times faster than a pickle
#: round trip and far faster than ``copy.deepcopy``.
_STATE_ENCODER = msgspec.msgpack.Encoder()
_STATE_DECODER = msgspec.msgpack.Decoder(PtuState)


def scratch_copy(state: PtuState) -> PtuState:
    """A deep copy of ``state`` to fold events into without touching the state itself."""
    return _STATE_DECODER.decode(_STATE_ENCODER.encode(state))
