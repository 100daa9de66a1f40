"""The parameters of the game master's roster commands (``roster.py`` holds their rules);
apart so that ``actions.py`` can list them without importing the planners."""

from __future__ import annotations

from typing import Annotated, Literal

from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptu.setup import CombatantSetup
from turnkeeper.rulesets.ptu.shared import CombatantId, PtuKind


class AddCombatantParams(Params):
    """A Pokémon or a Trainer joins the fight, described as in the set-up."""

    combatant: Annotated[CombatantSetup, meta("the newcomer, as in the set-up's lists")]
    kind: Annotated[Literal["pokemon", "trainer"], meta("a Pokémon or a Trainer")] = "pokemon"
    owner: Annotated[
        str | None,
        meta("a Pokémon's player (none: wild, the GM's); a Trainer's new player's name"),
    ] = None
    side: Annotated[
        str | None, meta("a new Trainer's side (default: the player's name)")
    ] = None


class RemoveCombatantParams(Params):
    """A combatant leaves the fight (fled, dismissed, a mistake undone)."""

    target: CombatantId


#: The rows of the table (``actions.ROWS``): the GM's, no cost, rules in ``roster.py``.
ROWS: tuple[PtuKind, ...] = (
    PtuKind("add_combatant", AddCombatantParams, "a Pokémon or Trainer joins the fight", "gm",
            gm_only=True, who="gm"),
    PtuKind("remove_combatant", RemoveCombatantParams, "a combatant leaves the fight", "gm",
            gm_only=True, who="gm"),
)
KIND_NAMES = tuple(row.kind for row in ROWS)
