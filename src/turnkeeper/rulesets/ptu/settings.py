"""The typed settings of a PTU encounter, read once at set-up (never ``settings.get``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from turnkeeper.core.schema import Settings, meta, to_builtins
from turnkeeper.rulesets.ptu.fight.settings import (
    DAMAGE_MODE_DEFAULT,
    INJURY_BASIS_DEFAULT,
    DamageMode,
    InjuryBasis,
)


class PtuSettings(Settings):
    """The other readings of READINGS.md (ptu), as named settings; defaults follow READINGS."""

    interrupt_accounting: Annotated[
        Literal["this_round", "next_round"],
        meta("this_round: an Interrupt before one's own count pays its cost from this round's "
             "budget (after acting: next round's turn is given up); next_round: a Pokémon's "
             "Interrupt always gives up its next round's turn (p. 229 note)"),
    ] = "this_round"
    free_actions: Annotated[
        Literal["own_turn", "any_time"], meta("when untriggered Free actions may be taken")
    ] = "own_turn"
    swift_trade: Annotated[bool, meta("the Standard may be traded for a second Swift")] = True
    hold_after_acting: Annotated[bool, meta("what is left of a turn may be held")] = True
    extended_minutes: Annotated[int, meta("minutes an Extended action takes", ge=1)] = 2
    hit_damage: Annotated[
        Literal["engine", "gm"],
        meta("engine: a hit rolls its damage and takes the HP (injuries, fainting); gm: a "
             "hit changes nothing and the GM applies damage by hand"),
    ] = "engine"
    # the fight's own settings (their choices, meaning and default: fight/settings.py)
    damage_mode: DamageMode = DAMAGE_MODE_DEFAULT
    injury_basis: InjuryBasis = INJURY_BASIS_DEFAULT

    def to_dict(self) -> dict[str, Any]:
        """Plain data, as kept in the set-up event and hashed with the state."""
        out: dict[str, Any] = to_builtins(self)
        return out


DEFAULT_SETTINGS = PtuSettings()
