"""Every PTU action kind, declared once: its parameters (typed models) and its place.

One row per kind in :data:`ACTIONS` (the table the kernel validates every action with,
``RULESET.actions``), grouped by the rule area that holds its rules. Each row also says who
may take the kind (``who``), which budget slots it spends when the cost does not depend on
the situation (``cost``) and its fixed accuracy check (``ac``). Page numbers are PTU 1.05 Core.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec

from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta
from turnkeeper.rulesets.ptu.state import RANKS, STATUSES

#: Every action kind's name (the ``declare`` action lists kinds from here).
KIND_NAMES = (
    "end_turn", "hold", "declare",
    "use_move", "struggle",
    "disarm", "push", "trip", "grapple", "dirty_trick", "manipulate", "grapple_contest",
    "coup_de_grace", "attack_of_opportunity", "intercept",
    "use_item", "draw_weapon", "pick_up_item", "drop_item", "use_pokedex", "throw_pokeball",
    "shift", "disengage", "stand_up", "sprint",
    "switch", "recall", "release", "replace_fainted",
    "standard_action", "shift_action", "swift_action", "free_action", "full_action",
    "take_a_breather", "skill_check", "order", "extended_action",
    "begin_combat", "end_combat", "damage", "heal", "set_status", "add_effect",
    "forced_switch", "set_speed",
)
TRICKS = ("hinder", "blind", "low_blow")  # Dirty Trick (p. 241)
MANIPULATIONS = ("bon_mot", "flirt", "terrorize")  # Manipulate (p. 241)

if TYPE_CHECKING:
    KindName = str
    Status = str
    Trick = str
    Manipulation = str
else:  # the enums are built from the tuples above, so there is one list of each
    KindName = Literal[KIND_NAMES]
    Status = Literal[STATUSES]
    Trick = Literal[TRICKS]
    Manipulation = Literal[MANIPULATIONS]
_ = RANKS  # ranks are the set-up's (setup.py); imported here so both read one table

CombatantId = Annotated[str, meta("a combatant's id", min_length=1)]
Text = Annotated[str, meta("free text naming what is done", min_length=1, open_value=True)]
Position = Annotated[
    tuple[int, int], meta("[x, y] in whole metres on the 1 m grid", open_value=True)
]
ActionPoints = Annotated[
    bool | Annotated[int, msgspec.Meta(ge=0)],
    meta("spend an Action Point for +1 on the roll (true, or 1; p. 221)"),
]
TriggerId = Annotated[str, meta("the id of an open trigger (view: triggers)", min_length=1)]


# ---------------------------------------------------------------------------- turn control
class NoParams(Params):
    """No parameters."""


class HoldParams(Params):
    count: Annotated[int, meta("the lower initiative count to act at (p. 227)")]


class DeclareParams(Params):
    actions: Annotated[
        list[KindName], meta("the action kinds this League Trainer will take (p. 227)")
    ]


# ---------------------------------------------------------------------------- moves
class UseMoveParams(Params):
    move: Annotated[str, meta("the move's name (case does not matter)", min_length=1)]
    target: CombatantId | None = None
    trigger: TriggerId | None = None
    ap: ActionPoints | None = None


class TargetParams(Params):
    target: CombatantId
    ap: ActionPoints | None = None


class TargetOnlyParams(Params):
    target: CombatantId


# ---------------------------------------------------------------------------- maneuvers
class DirtyTrickParams(Params):
    trick: Annotated[Trick, meta("which Dirty Trick (each once per target a Scene)")]
    target: CombatantId
    ap: ActionPoints | None = None


class ManipulateParams(Params):
    maneuver: Annotated[Manipulation, meta("which Manipulation")]
    target: CombatantId
    ap: ActionPoints | None = None


class AttackOfOpportunityParams(Params):
    target: Annotated[str, meta("who provoked the attack", min_length=1)]
    trigger: TriggerId
    ap: ActionPoints | None = None


class InterceptParams(Params):
    mode: Annotated[Literal["melee", "ranged"], meta("Intercept Melee or Intercept Ranged")]
    trigger: TriggerId


# ---------------------------------------------------------------------------- items
class ItemOnTargetParams(Params):
    item: Annotated[str, meta("the item's name", min_length=1)]
    target: CombatantId


class WeaponParams(Params):
    weapon: Annotated[str, meta("the weapon's name", min_length=1)]


class ItemParams(Params):
    item: Annotated[str, meta("the item's name", min_length=1)]


# ---------------------------------------------------------------------------- movement
class Give(Params):
    item: Annotated[str, meta("the item handed over", min_length=1)]
    to: Annotated[str, meta("the allied Trainer receiving it", min_length=1)]


class ShiftParams(Params):
    to: Position | None = None
    give: Annotated[Give | None, meta("hand an item to an adjacent ally (p. 229)")] = None


class DisengageParams(Params):
    to: Position


# ---------------------------------------------------------------------------- switching
class SwapParams(Params):
    recall: Annotated[str, meta("the Pokémon returned to its ball", min_length=1)]
    release: Annotated[str, meta("the Pokémon sent out", min_length=1)]


_Id = Annotated[str, msgspec.Meta(min_length=1)]
PokemonIds = Annotated[
    _Id | Annotated[list[_Id], msgspec.Meta(min_length=1)],
    meta("one Pokémon id or a list of them (two at most)"),
]


class RecallParams(Params):
    pokemon: PokemonIds


class ReleaseParams(Params):
    pokemon: PokemonIds
    at: Position | None = None


# ---------------------------------------------------------------------------- other actions
class WhatParams(Params):
    what: Text


class FreeActionParams(Params):
    what: Text
    trigger: TriggerId | None = None


class SkillCheckParams(Params):
    skill: Annotated[str, meta("the skill rolled (its rank in d6, p. 34)", min_length=1)]
    dc: Annotated[int, meta("the number to meet", open_value=True)]
    ap: ActionPoints | None = None


class OrderParams(Params):
    what: Text
    target: CombatantId | None = None


class ExtendedParams(Params):
    what: Text
    minutes: Annotated[
        int | None, meta("how long it takes (default: the setting extended_minutes)")
    ] = None


# ---------------------------------------------------------------------------- the game master
class AmountParams(Params):
    target: CombatantId
    amount: Annotated[int, meta("hit points", ge=0, open_value=True)]


class SetStatusParams(Params):
    target: CombatantId
    status: Annotated[Status, meta("the status condition")]
    value: Annotated[bool, meta("true sets it, false clears it")] = True


class AddEffectParams(Params):
    target: CombatantId
    name: Annotated[str, meta("what the effect is", min_length=1, open_value=True)]
    rounds: Annotated[int, meta("full rounds it lasts", ge=1)] = 1
    status: Annotated[Status | None, meta("a status it gives while it lasts")] = None


class SetSpeedParams(Params):
    target: CombatantId
    speed: Annotated[int, meta("the new Speed (initiative follows it)", ge=0)]


# ---------------------------------------------------------------------------- the table
@dataclass(frozen=True)
class PtuKind(ActionKind):
    """A row of the PTU table: who may take it, its fixed slots and accuracy check."""

    who: Literal["any", "trainer", "pokemon", "gm"] = "any"
    cost: tuple[str, ...] = ()  # computed instead for moves, switches and recalls
    ac: int | None = None  # the accuracy check of a rolled maneuver


STD = ("standard",)
FULL = ("standard", "shift")


def _row(kind: str, params: type[Params], summary: str, family: str, who: str = "any",
         cost: tuple[str, ...] = (), ac: int | None = None) -> PtuKind:
    return PtuKind(kind, params, summary, family, gm_only=who == "gm",
                   who=who, cost=cost, ac=ac)  # type: ignore[arg-type]


ROWS: tuple[PtuKind, ...] = (
    # turn control (p. 227)
    _row("end_turn", NoParams, "end the turn", "turn"),
    _row("hold", HoldParams, "hold the action to a lower initiative count", "turn"),
    _row("declare", DeclareParams, "League: declare the round's actions", "turn", "trainer"),
    # moves (p. 236-240)
    _row("use_move", UseMoveParams, "use a move", "moves"),
    _row("struggle", TargetParams, "a Struggle attack", "moves", cost=STD, ac=4),
    # combat maneuvers (p. 241-242)
    _row("disarm", TargetParams, "Disarm", "maneuvers", cost=STD, ac=6),
    _row("push", TargetParams, "Push", "maneuvers", cost=STD, ac=4),
    _row("trip", TargetParams, "Trip", "maneuvers", cost=STD, ac=6),
    _row("grapple", TargetParams, "Grapple", "maneuvers", cost=STD, ac=4),
    _row("dirty_trick", DirtyTrickParams, "a Dirty Trick", "maneuvers", cost=STD, ac=2),
    _row("manipulate", ManipulateParams, "Manipulate (Trainers)", "maneuvers", "trainer",
         STD, 2),
    _row("grapple_contest", NoParams, "contest a grapple", "maneuvers", cost=FULL),
    _row("coup_de_grace", TargetOnlyParams, "Coup de Grâce", "maneuvers", cost=FULL),
    _row("attack_of_opportunity", AttackOfOpportunityParams, "an Attack of Opportunity",
         "maneuvers", ac=4),
    _row("intercept", InterceptParams, "Intercept Melee or Ranged", "maneuvers"),
    # items, weapons and capture (p. 227-229, 214)
    _row("use_item", ItemOnTargetParams, "use an item", "items", "trainer", STD),
    _row("draw_weapon", WeaponParams, "draw a weapon", "items", "trainer", STD),
    _row("pick_up_item", ItemParams, "a Pokémon picks up a held item", "items", "pokemon", STD),
    _row("drop_item", NoParams, "a Pokémon drops its held item", "items", "pokemon",
         ("shift",)),
    _row("use_pokedex", TargetOnlyParams, "scan a Pokémon", "items", "trainer", STD),
    _row("throw_pokeball", TargetParams, "throw a Poké Ball", "items", "trainer", STD, 6),
    # movement (p. 229, 231)
    _row("shift", ShiftParams, "move and/or hand over an item", "movement", cost=("shift",)),
    _row("disengage", DisengageParams, "move 1 m without provoking", "movement",
         cost=("shift",)),
    _row("stand_up", NoParams, "stand up from Tripped", "movement", cost=("shift",)),
    _row("sprint", NoParams, "Sprint", "movement", cost=STD),
    # switching Pokémon (p. 229)
    _row("switch", SwapParams, "recall one Pokémon and release another", "switching",
         cost=STD),
    _row("recall", RecallParams, "recall Pokémon", "switching", "trainer"),
    _row("release", ReleaseParams, "release Pokémon", "switching", "trainer"),
    _row("replace_fainted", SwapParams, "replace a fainted Pokémon", "switching", "trainer",
         ("shift",)),
    # other actions (p. 227-228, 245)
    _row("standard_action", WhatParams, "another Standard action", "other", cost=STD),
    _row("shift_action", WhatParams, "another Shift action", "other", cost=("shift",)),
    _row("swift_action", WhatParams, "a Swift action", "other", cost=("swift",)),
    _row("free_action", FreeActionParams, "a Free action", "other"),
    _row("full_action", WhatParams, "another Full action", "other", cost=FULL),
    _row("take_a_breather", NoParams, "Take a Breather", "other", cost=FULL),
    _row("skill_check", SkillCheckParams, "roll a skill check", "other", cost=STD),
    _row("order", OrderParams, "an Order (Priority (Limited))", "other", "trainer", STD),
    _row("extended_action", ExtendedParams, "an Extended action (not in combat)", "other"),
    # the game master
    _row("begin_combat", NoParams, "start round 1", "gm", "gm"),
    _row("end_combat", NoParams, "end the encounter", "gm", "gm"),
    _row("damage", AmountParams, "deal damage", "gm", "gm"),
    _row("heal", AmountParams, "heal", "gm", "gm"),
    _row("set_status", SetStatusParams, "set or clear a status", "gm", "gm"),
    _row("add_effect", AddEffectParams, "a timed effect", "gm", "gm"),
    _row("forced_switch", SwapParams, "a forced switch (Roar, Whirlwind)", "gm", "gm"),
    _row("set_speed", SetSpeedParams, "change a combatant's Speed", "gm", "gm"),
)

#: The table the kernel validates with (``RULESET.actions``).
ACTIONS = ActionCatalogue("ptu", ROWS)
#: The same rows by name, typed as PTU rows.
KINDS: dict[str, PtuKind] = {row.kind: row for row in ROWS}
assert tuple(KINDS) == KIND_NAMES, "KIND_NAMES and the table list the same kinds"


def params_of(action_kind: str, typed: Params) -> dict[str, Any]:
    """The parsed parameters as the plain values the rules read.

    Unset optional fields are left out (so ``"target" in p`` asks whether one was given),
    positions become ``[x, y]`` lists, one Pokémon id becomes a list of one, an Action Point
    flag becomes 0 or 1 and the ``give`` record a plain ``{item, to}``.
    """
    out: dict[str, Any] = {}
    for name in typed.__struct_fields__:
        value = getattr(typed, name)
        if value is None:
            continue
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Give):
            value = {"item": value.item, "to": value.to}
        elif name == "ap":
            value = int(value)
        elif name == "pokemon" and isinstance(value, str):
            value = [value]
        out[name] = value
    return out


def parse(action: Any) -> tuple[PtuKind, dict[str, Any]]:
    """The action's row and its parameters, or :class:`BadActionError` naming the field."""
    row = KINDS.get(action.kind)
    typed = ACTIONS.parse(action)  # raises for an unknown kind, with a did-you-mean
    assert row is not None
    return row, params_of(action.kind, typed)


# ---------------------------------------------------------------------------- structured costs
def _frozen(**slots: Any) -> MappingProxyType[str, Any]:
    return MappingProxyType(dict(slots))


COST_NONE = _frozen()
COST_STANDARD = _frozen(standard=1)
COST_SHIFT = _frozen(shift=1)
COST_SWIFT = _frozen(swift=1)
COST_FREE = _frozen(free=1)
COST_FULL = _frozen(standard=1, shift=1)
#: An Interrupt is paid with a turn (this round's or the next, p. 228).
COST_TURN = _frozen(turn=1)
#: An Attack of Opportunity is a Free action, once a round (p. 241).
COST_AOO = _frozen(free=1, attack_of_opportunity=1)
#: The slots a move's action type spends (``extended`` moves are not used in combat).
MOVE_COST = {
    "standard": COST_STANDARD, "shift": COST_SHIFT, "swift": COST_SWIFT, "free": COST_FREE,
    "full": COST_FULL, "extended": COST_NONE,
}
