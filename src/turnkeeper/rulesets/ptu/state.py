"""The state of a PTU encounter and the set-up configuration that builds it.

State is plain dataclasses, lists and dicts (deep-copyable, JSON-able). Only
``PtuRuleset.apply`` changes it.

Compiled with the rules (turnkeeper/compiled.py): ``PtuState`` is then a native class, whose
fields the compiled rules read directly rather than looked up by name (the state is read
about 85 times an action). Two things follow. A native class cannot be held weakly, so
what the rules work out about a state object (the ruleset's answers per version, the tables
of known moves) lives on the state itself, in :class:`StateQueries`, an attribute that is
no field (so no part of its data, hash, snapshots or copies). And mypyc rewrites the
annotations it cannot express as one class, which msgspec reads a state back by (snapshots,
scratch copies): the end of this module puts them back (tests/ptu/test_compiled.py compares
both builds).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final, final

import msgspec

from turnkeeper.core.mechanics import Budget, Clock, Effect, TriggerLedger, Window
from turnkeeper.core.model import Action, Outcome

# A combatant lives in its own (compiled) module; the state's users import it from here.
from turnkeeper.rulesets.ptu.combatant import ALLOWANCE, Combatant, new_budget
from turnkeeper.rulesets.ptu.settings import DEFAULT_SETTINGS, PtuSettings

__all__ = ["ALLOWANCE", "Combatant", "PtuState", "StateCache", "StateQueries", "new_budget"]

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


@final
@dataclass
class Interjection:
    """A turn taken out of order (Priority, a released Pokémon acting at once)."""

    actor: str
    resume_active: bool  # whether the interrupted turn had already begun


#: ``StateCache.outcome`` before the outcome of that version is asked.
UNKNOWN: Final = object()


@final
class StateCache:
    """What the ruleset worked out for one state object at one version (``state.version``,
    bumped by every applied event): the legal actions by actor, the outcome and the
    out-of-turn answers (``check`` knows an offer it listed by finding that very object in
    them: ``per_version.was_listed``). ``PtuRuleset`` fills it (ruleset.py)."""

    def __init__(self, version: int) -> None:
        self.version = version
        self.actions: dict[str | None, list[Action]] = {}
        self.outcome: Outcome | object | None = UNKNOWN
        self.answers: list[Action] | None = None


@final
class StateQueries:
    """What the rules worked out about one state object, kept on it: the ruleset's answers
    for its current version (``cache``) and the tables of the moves its combatants know
    (``legal.moves_by_name``, ``legal.move_offers``: moves are fixed at set-up, so they are
    made once per state object). Held weakly by state before; a native class cannot be."""

    def __init__(self) -> None:
        self.cache: StateCache | None = None
        self.known_moves: dict[str, dict[str, Any] | None] | None = None
        self.move_offers: dict[str, Any] | None = None
        # The last round's order and the clock's counts and tiebreaks it was worked out
        # from (turn_order.round_order).
        self.order_counts: dict[str, int | float] | None = None
        self.order_tiebreak: dict[str, list[int | float]] | None = None
        self.order: list[str] = []

    def __reduce__(self) -> tuple[type[StateQueries], tuple[()]]:
        # A copy of a state (deepcopy, copy, pickle) is another state object: it works its
        # own answers out, as it did with a weak dictionary per state object.
        return (StateQueries, ())


@final
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

    def __post_init__(self) -> None:
        # Not a field (declared here, not in the class body): no part of the state's data.
        # Every state object gets its own, whoever builds it (msgspec calls this too).
        self.queries = StateQueries()


def combatant_data(c: Combatant) -> dict[str, Any]:
    """``c`` as plain JSON-able data (what ``jsonable`` gives: its fields in order, the
    budget as a mapping, tuples as lists), for the events that carry a whole combatant.
    A msgpack round trip: a tenth of the time ``jsonable`` takes (every simulated game sets
    up its combatants)."""
    data: dict[str, Any] = _PLAIN.decode(msgspec.msgpack.encode(c))
    return data


#: The fields of :class:`Combatant`, in order.
_COMBATANT_FIELDS = tuple(f.name for f in fields(Combatant))
#: The same, as a set (``combatant_from_dict`` refuses any other key).
_COMBATANT_FIELD_SET: Final = frozenset(_COMBATANT_FIELDS)
#: Decodes msgpack into plain dicts, lists and scalars.
_PLAIN = msgspec.msgpack.Decoder()


def combatant_from_dict(data: Mapping[str, Any]) -> Combatant:
    # A deep copy: the event's data stays in the log untouched while the state changes. The
    # data is plain JSON-able values (an event's), so a msgpack round trip copies it exactly.
    if not _COMBATANT_FIELD_SET.issuperset(data):
        unknown = [k for k in data if k not in _COMBATANT_FIELD_SET]
        raise TypeError(f"unknown combatant fields: {', '.join(sorted(unknown))}")
    if len(data) == len(_COMBATANT_FIELD_SET):
        # Every field given (a set-up's combatants): decoded straight into a Combatant, as a
        # state's copy decodes its combatants; the keyword call of the dataclass's generated
        # ``__init__`` cost four times the copy (issue 16). Only then: msgspec fills a left-out
        # field of the compiled class with no default (tests/ptu/test_ptu_round_order.py).
        combatant: Combatant = _COMBATANT_DECODER.decode(msgspec.msgpack.encode(data))
        return combatant
    # (typed as a dict and read by key, not popped: compiled, ``pop`` is a method call)
    fields: dict[str, Any] = _PLAIN.decode(msgspec.msgpack.encode(dict(data)))
    budget = fields.get("budget")
    # Passed under the class's own field names: keywords whose strings are not the very
    # objects of the parameter names (decoded ones) are matched by comparing text, which
    # made the call five times slower than the copy.
    named = {name: fields[name] for name in _COMBATANT_FIELDS
             if name != "budget" and name in fields}
    made = Combatant(**named)
    if isinstance(budget, Mapping):
        made.budget = Budget(
            dict(budget["remaining"]),
            {k: list(v) for k, v in budget["substitutes"].items()},
            [(a, b) for a, b in budget["spent"]],
        )
    return made


def scratch_copy(state: PtuState) -> PtuState:
    """A deep copy of ``state`` to fold events into without touching the state itself."""
    decoded: PtuState = _STATE_DECODER.decode(_STATE_ENCODER.encode(state))
    return decoded


# The fields' annotations as the source writes them (see the docstring; in pure Python they
# are this very text already), put back before any msgspec encoder or decoder reads the
# classes: msgspec keeps what it read on the class.
_SOURCE_ANNOTATIONS: Final[dict[type, dict[str, str]]] = {
    Interjection: {"actor": "str", "resume_active": "bool"},
    PtuState: {
        "version": "int",
        "context": "str",
        "ambush": "bool",
        "pokemon_turns": "str",
        "settings": "PtuSettings",
        "players": "list[str]",
        "combatants": "dict[str, Combatant]",
        "custom_moves": "dict[str, dict[str, Any]]",
        "clock": "Clock",
        "phase": "str",
        "declare_queue": "list[str]",
        "declared": "dict[str, list[str]]",
        "turn_active": "bool",
        "interjections": "list[Interjection]",
        "pokemon_turn_used": "dict[str, str]",
        "occurrences": "list[Window]",
        "occurrence_count": "int",
        "ledger": "TriggerLedger",
        "effects": "list[Effect]",
        "effect_count": "int",
        "minutes_elapsed": "int",
        "pending_hits": "list[dict[str, Any]]",
    },
}
for _class, _texts in _SOURCE_ANNOTATIONS.items():
    _annotations: dict[str, object] = vars(_class)["__annotations__"]
    if set(_annotations) != set(_texts):
        raise TypeError(f"{_class.__name__}: the annotations to put back name other fields")
    _annotations.update(_texts)


#: A state's msgpack form and back: an exact copy (tests/core/test_compact_rulesets.py shows
#: that a ptu state comes back from msgpack field for field), 2-3 times faster than a pickle
#: round trip and far faster than ``copy.deepcopy``.
_STATE_ENCODER = msgspec.msgpack.Encoder()
_STATE_DECODER = msgspec.msgpack.Decoder(PtuState)
#: A combatant's msgpack form read back as a Combatant (``combatant_from_dict``); made after
#: the annotations are put back, as the state's decoder.
_COMBATANT_DECODER = msgspec.msgpack.Decoder(Combatant)
