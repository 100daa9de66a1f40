"""The parameters of the game master's roster commands (``roster.py`` holds their rules);
apart so that ``actions.py`` can list them without importing the planners."""

from __future__ import annotations

from typing import Annotated

from turnkeeper.core.schema import ActionKind, Params, meta
from turnkeeper.rulesets.e133.setup_model import Combatant

CombatantId = Annotated[str, meta("a combatant's id", min_length=1)]


# ---------------------------------------------------------------------------- parameters
class AddCombatant(Params, kw_only=True):
    """A combatant joins the fight, described as in the set-up's ``combatants``."""

    combatant: Annotated[Combatant, meta("the newcomer, as in the set-up")]


class RemoveCombatant(Params, kw_only=True):
    """A combatant leaves the fight (fled, dismissed, a mistake undone)."""

    target: CombatantId


class SetInitiative(Params, kw_only=True):
    """The game master puts a combatant at another initiative count."""

    target: CombatantId
    count: Annotated[int, meta("the new initiative count", ge=-100, le=1000)]


class RerollInitiative(Params, kw_only=True):
    """Initiative rolled again: for one combatant, or (no target) for everyone."""

    target: Annotated[str | None, meta("the combatant to re-roll; none: everyone")] = None


KINDS: tuple[ActionKind, ...] = (
    ActionKind("add_combatant", AddCombatant, "a combatant joins the fight", "gm", True),
    ActionKind("remove_combatant", RemoveCombatant, "a combatant leaves the fight", "gm", True),
    ActionKind("set_initiative", SetInitiative, "put a combatant at another initiative count",
               "gm", True),
    ActionKind("reroll_initiative", RerollInitiative, "roll initiative again (one or all)",
               "gm", True),
)
KIND_NAMES = tuple(k.kind for k in KINDS)
