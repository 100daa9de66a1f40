"""Turn control: ending a turn, holding the action, trading the Standard, League declarations.

Their rules are steps of the action economy (``economy.check_own_turn`` for holding, the
declaration order in ``check.py``, the budget in ``economy.budget_refusal``); this module holds
their parameter models and the trade's own rule and event (p. 227; READINGS ptu: the trade is
always the player's explicit choice).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

import msgspec

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.roster_kinds import KIND_NAMES as ROSTER_KIND_NAMES
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import Move
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

#: Every action kind's name, in the order of the table (``actions.py`` checks they agree);
#: the ``declare`` action lists kinds from here.
KIND_NAMES = (
    "end_turn", "hold", "trade_standard", "declare",
    "use_move", "struggle",
    "disarm", "push", "trip", "grapple", "dirty_trick", "manipulate", "grapple_contest",
    "coup_de_grace", "attack_of_opportunity", "intercept",
    "use_item", "draw_weapon", "pick_up_item", "drop_item", "use_pokedex", "throw_pokeball",
    "shift", "disengage", "stand_up", "sprint",
    "switch", "recall", "release", "replace_fainted",
    "standard_action", "shift_action", "swift_action", "free_action", "full_action",
    "take_a_breather", "skill_check", "order", "extended_action", "take_out_item",
    "begin_combat", "end_combat", "damage", "heal", "set_status", "add_effect",
    "forced_switch", "set_speed",
    *ROSTER_KIND_NAMES,  # roster.py: the GM's roster commands mid-fight
)
# What the terminal offers a League Trainer to declare in one go (any list may be declared).
DECLARABLE = ("switch", "recall", "release", "replace_fainted", "use_item", "throw_pokeball",
              "shift", "standard_action", "shift_action", "swift_action")

if TYPE_CHECKING:
    KindName = str
else:  # the enum is built from the tuple above, so there is one list of kinds
    KindName = Literal[KIND_NAMES]


class HoldParams(Params):
    count: Annotated[int, meta("the lower initiative count to act at (p. 227)")]


class TradeStandardParams(Params):
    for_: Annotated[
        Literal["shift", "swift"], meta("the action the Standard is given up for (p. 227)")
    ] = msgspec.field(name="for")


class DeclareParams(Params):
    actions: Annotated[
        list[KindName], meta("the action kinds this League Trainer will take (p. 227)")
    ]


def check_trade_standard(
    state: PtuState, c: Combatant, p: TradeStandardParams, move: Move | None, action: Action,
) -> Refusal | None:
    if p.for_ == "swift" and not state.settings.swift_trade:
        return RULES.refuse(
            "ptu.action.swift", "setting swift_trade: false - the Standard buys no second Swift"
        )
    return None


def effects_trade_standard(
    state: PtuState, c: Combatant, k: str, p: TradeStandardParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    return [Event("standard_traded", {"actor": c.id, "for": p.for_})]
