"""The table of PTU action kinds: one row per kind, pointing at its model and its rules.

Each row names the kind's parameter model (validated by the kernel on every way in:
``RULESET.actions``), who may take it (``who``), the budget slots it spends when that does not
depend on the situation (``cost``; ``slots`` when it depends on the parameters), its fixed
accuracy check (``ac``: read from ``maneuvering.MANEUVER_AC`` and ``items.POKE_BALL_AC``),
and the functions of its family module that hold its own rules (``check``, after the action
economy of ``economy.py``) and its events (``effects``). Those functions read the typed
model's attributes. Read a kind's rules in the module named by its ``family``. Pages are
PTU 1.05 Core.
"""

from __future__ import annotations

from typing import Any

from turnkeeper.core.model import OFFERED_BY_RULES, Action, BadActionError
from turnkeeper.core.schema import ActionCatalogue, Params
from turnkeeper.rulesets.ptu import (
    attacks,
    general,
    items,
    movement,
    roster_kinds,
    switching,
    turn_control,
)
from turnkeeper.rulesets.ptu.attacks import (
    AttackOfOpportunityParams,
    DirtyTrickParams,
    InterceptParams,
    ManipulateParams,
    PushParams,
    UseMoveParams,
)
from turnkeeper.rulesets.ptu.general import (
    ExtendedParams,
    FreeActionParams,
    OrderParams,
    SkillCheckParams,
    WhatParams,
)
from turnkeeper.rulesets.ptu.gm import (
    AddEffectParams,
    AmountParams,
    SetSpeedParams,
    SetStatusParams,
)
from turnkeeper.rulesets.ptu.items import ItemOnTargetParams, ItemParams, WeaponParams
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_AC
from turnkeeper.rulesets.ptu.movement import DisengageParams, ShiftParams
from turnkeeper.rulesets.ptu.shared import (
    CheckRule,
    Effects,
    NoParams,
    PtuKind,
    SlotRule,
    SwapParams,
    TargetOnlyParams,
    TargetParams,
    Who,
)
from turnkeeper.rulesets.ptu.switching import RecallParams, ReleaseParams
from turnkeeper.rulesets.ptu.turn_control import (
    KIND_NAMES,
    DeclareParams,
    HoldParams,
    TradeStandardParams,
)

STD = ("standard",)
SHIFT = ("shift",)
FULL = ("standard", "shift")
#: The cost rule of the named Standard, Shift, Swift and Full actions of Features.
FEATURE = "ptu.cost.feature"


def _row(
    kind: str, params: type[Params], summary: str, family: str, who: Who = "any",
    cost: tuple[str, ...] = (), ac: int | None = None, check: CheckRule | None = None,
    effects: Effects | None = None, slots: SlotRule | None = None, cost_rule: str = "",
) -> PtuKind:
    return PtuKind(kind, params, summary, family, gm_only=who == "gm", who=who, cost=cost,
                   slots=slots, cost_rule=cost_rule, ac=ac, check=check, effects=effects)


ROWS: tuple[PtuKind, ...] = (
    # turn control (turn_control.py; the rules are economy steps) - p. 227
    _row("end_turn", NoParams, "end the turn", "turn_control"),
    _row("hold", HoldParams, "hold the action to a lower initiative count", "turn_control"),
    _row("trade_standard", TradeStandardParams,
         "give up the Standard action for a second Shift or Swift", "turn_control",
         cost=STD, check=turn_control.check_trade_standard,
         effects=turn_control.effects_trade_standard),
    _row("declare", DeclareParams, "League: declare the round's actions", "turn_control",
         "trainer"),
    # attacks (attacks.py) - p. 236-242
    _row("use_move", UseMoveParams, "use a move", "attacks",
         check=attacks.check_use_move, effects=attacks.effects_use_move),
    # (Struggle's AC, and an Attack of Opportunity's, is the moves file's Struggle entry:
    # attacks.struggle_move; no ``ac`` in their rows)
    _row("struggle", TargetParams, "a Struggle attack", "attacks", cost=STD,
         check=attacks.check_attack, effects=attacks.effects_struggle),
    _row("disarm", TargetParams, "Disarm", "attacks", cost=STD, ac=MANEUVER_AC["disarm"],
         check=attacks.check_attack, effects=attacks.effects_maneuver),
    _row("push", PushParams, "Push", "attacks", cost=STD, ac=MANEUVER_AC["push"],
         check=attacks.check_push, effects=attacks.effects_maneuver),
    _row("trip", TargetParams, "Trip", "attacks", cost=STD, ac=MANEUVER_AC["trip"],
         check=attacks.check_attack, effects=attacks.effects_maneuver),
    _row("grapple", TargetParams, "Grapple", "attacks", cost=STD, ac=MANEUVER_AC["grapple"],
         check=attacks.check_attack, effects=attacks.effects_maneuver),
    _row("dirty_trick", DirtyTrickParams, "a Dirty Trick", "attacks", cost=STD,
         ac=MANEUVER_AC["dirty_trick"], check=attacks.check_attack,
         effects=attacks.effects_maneuver),
    _row("manipulate", ManipulateParams, "Manipulate (Trainers)", "attacks", "trainer", STD,
         MANEUVER_AC["manipulate"], check=attacks.check_attack,
         effects=attacks.effects_maneuver),
    _row("grapple_contest", NoParams, "contest a grapple", "attacks", cost=FULL,
         check=attacks.check_grapple_contest, effects=attacks.effects_grapple_contest),
    _row("coup_de_grace", TargetOnlyParams, "Coup de Grâce", "attacks", cost=FULL,
         check=attacks.check_coup_de_grace, effects=attacks.effects_coup_de_grace),
    _row("attack_of_opportunity", AttackOfOpportunityParams, "an Attack of Opportunity",
         "attacks", check=attacks.check_attack, effects=attacks.effects_struggle,
         cost_rule="ptu.cost.free"),
    _row("intercept", InterceptParams, "Intercept Melee or Ranged", "attacks", cost=FULL,
         check=attacks.check_intercept, effects=attacks.effects_intercept),
    # items, weapons and capture (items.py) - p. 214, 227-229
    _row("use_item", ItemOnTargetParams, "use an item", "items", "trainer", STD,
         check=items.check_use_item, effects=items.effects_use_item),
    _row("draw_weapon", WeaponParams, "draw a weapon", "items", "trainer", STD,
         effects=items.effects_draw_weapon),
    _row("pick_up_item", ItemParams, "a Pokémon picks up a held item", "items", "pokemon", STD,
         effects=items.effects_pick_up_item),
    _row("drop_item", NoParams, "a Pokémon drops its held item", "items", "pokemon", SHIFT,
         check=items.check_drop_item, effects=items.effects_drop_item),
    _row("use_pokedex", TargetOnlyParams, "scan a Pokémon", "items", "trainer", STD,
         check=items.check_use_item),
    _row("throw_pokeball", TargetParams, "throw a Poké Ball", "items", "trainer", STD,
         items.POKE_BALL_AC,
         check=items.check_throw_pokeball, effects=items.effects_throw_pokeball),
    # movement (movement.py) - p. 229, 231
    _row("shift", ShiftParams, "move and/or hand over an item", "movement", cost=SHIFT,
         check=movement.check_movement, effects=movement.effects_shift),
    _row("disengage", DisengageParams, "move 1 m without provoking", "movement", cost=SHIFT,
         check=movement.check_movement, effects=movement.effects_shift),
    _row("stand_up", NoParams, "stand up from Tripped", "movement", cost=SHIFT,
         check=movement.check_stand_up, effects=movement.effects_stand_up),
    _row("sprint", NoParams, "Sprint", "movement", cost=STD, effects=movement.effects_sprint),
    # switching Pokémon (switching.py) - p. 229
    _row("switch", SwapParams, "recall one Pokémon and release another", "switching",
         cost=STD, check=switching.check_switch, effects=switching.effects_switch,
         slots=switching.slots_of_switch),
    _row("recall", RecallParams, "recall Pokémon", "switching", "trainer",
         check=switching.check_recall, effects=switching.effects_recall,
         slots=switching.slots_of_recall),
    _row("release", ReleaseParams, "release Pokémon", "switching", "trainer",
         check=switching.check_release, effects=switching.effects_release,
         slots=switching.slots_of_release),
    _row("replace_fainted", SwapParams, "replace a fainted Pokémon", "switching", "trainer",
         SHIFT, check=switching.check_replace_fainted, effects=switching.effects_replace_fainted),
    # other actions (general.py) - p. 227-228, 245
    _row("standard_action", WhatParams, "another Standard action", "general", cost=STD,
         effects=general.effects_generic, cost_rule=FEATURE),
    _row("shift_action", WhatParams, "another Shift action", "general", cost=SHIFT,
         effects=general.effects_generic, cost_rule=FEATURE),
    _row("swift_action", WhatParams, "a Swift action", "general", cost=("swift",),
         effects=general.effects_generic, cost_rule=FEATURE),
    _row("free_action", FreeActionParams, "a Free action", "general",
         effects=general.effects_generic, cost_rule="ptu.cost.free"),
    _row("full_action", WhatParams, "another Full action", "general", cost=FULL,
         effects=general.effects_generic, cost_rule=FEATURE),
    _row("take_a_breather", NoParams, "Take a Breather", "general", cost=FULL,
         effects=general.effects_breather),
    _row("skill_check", SkillCheckParams, "roll a skill check", "general", cost=STD,
         effects=general.effects_skill_check),
    _row("order", OrderParams, "an Order (Priority (Limited))", "general", "trainer", STD,
         effects=general.effects_generic),
    _row("extended_action", ExtendedParams, "an Extended action (not in combat)", "general"),
    _row("take_out_item", ItemParams, "take an item out of the pack into hand", "items",
         "trainer", STD, check=items.check_take_out_item, effects=items.effects_take_out_item),
    # the game master (gm.py; gm.check_gm and gm.resolve_gm hold their rules)
    _row("begin_combat", NoParams, "start round 1", "gm", "gm"),
    _row("end_combat", NoParams, "end the encounter", "gm", "gm"),
    _row("damage", AmountParams, "deal damage", "gm", "gm"),
    _row("heal", AmountParams, "heal", "gm", "gm"),
    _row("set_status", SetStatusParams, "set or clear a status", "gm", "gm"),
    _row("add_effect", AddEffectParams, "a timed effect", "gm", "gm"),
    _row("forced_switch", SwapParams, "a forced switch (Roar, Whirlwind)", "gm", "gm"),
    _row("set_speed", SetSpeedParams, "change a combatant's Speed", "gm", "gm"),
    *roster_kinds.ROWS,  # roster.py: a combatant joins or leaves mid-fight
)

class PtuCatalogue(ActionCatalogue):
    """The table, remembering the last action it parsed with a copy of its parameters: the
    kernel's validation, ``check`` and ``resolve`` of one play convert them once (a typed
    model is immutable; an action whose parameters changed in between is parsed again). An
    offer of the rules keeps its typed parameters for good."""

    _last: tuple[Action, dict[str, Any], Params] | None = None

    def parse(self, action: Action) -> Params:
        fields = action.__dict__
        typed: Params | None = fields.get(TYPED_PARAMS)
        if typed is not None:
            return typed
        last = self._last
        if last is not None and last[0] is action and last[1] == action.params:
            return last[2]
        typed = super().parse(action)  # raises for an unknown kind, with a did-you-mean
        if OFFERED_BY_RULES in fields:
            # An offer of the rules is never changed and is handed out again by the cached
            # listings: it keeps its typed parameters (in ``__dict__``, not a field).
            fields[TYPED_PARAMS] = typed
        else:
            self._last = (action, dict(action.params), typed)
        return typed


#: Where an offer keeps its typed parameters once parsed (read directly by ``check.parsed``).
TYPED_PARAMS = "_ptu_typed_params"


#: The table the kernel validates with (``RULESET.actions``).
ACTIONS = PtuCatalogue("ptu", ROWS)
#: The same rows by name, typed as PTU rows.
KINDS: dict[str, PtuKind] = {row.kind: row for row in ROWS}
assert tuple(KINDS) == KIND_NAMES, "KIND_NAMES and the table list the same kinds"


def parse(action: Action) -> tuple[PtuKind, Params]:
    """The action's row and its typed parameters (the row's model), or
    :class:`BadActionError` naming the field."""
    typed = ACTIONS.parse(action)  # first: an unknown kind is an error with a did-you-mean
    return KINDS[action.kind], typed


__all__ = ["ACTIONS", "KINDS", "TYPED_PARAMS", "BadActionError", "PtuKind", "parse"]
