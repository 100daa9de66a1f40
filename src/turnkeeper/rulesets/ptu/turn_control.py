"""Turn control: ending a turn, holding the action, and League declarations (p. 227).

Their rules are steps of the action economy (``economy.check_own_turn`` for holding, the
declaration order in ``check.py``); this module holds their parameter models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from turnkeeper.core.schema import Params, meta

#: Every action kind's name, in the order of the table (``actions.py`` checks they agree);
#: the ``declare`` action lists kinds from here.
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
# What the terminal offers a League Trainer to declare in one go (any list may be declared).
DECLARABLE = ("switch", "recall", "release", "replace_fainted", "use_item", "throw_pokeball",
              "shift", "standard_action", "shift_action", "swift_action")

if TYPE_CHECKING:
    KindName = str
else:  # the enum is built from the tuple above, so there is one list of kinds
    KindName = Literal[KIND_NAMES]


class NoParams(Params):
    """No parameters."""


class HoldParams(Params):
    count: Annotated[int, meta("the lower initiative count to act at (p. 227)")]


class DeclareParams(Params):
    actions: Annotated[
        list[KindName], meta("the action kinds this League Trainer will take (p. 227)")
    ]
