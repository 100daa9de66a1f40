"""The fight's table settings for ptu, as one typed object read once at set-up."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from turnkeeper.core.schema import Settings, meta

# Each fight setting's choices and meaning are written once, here, and its default beside it:
# the ruleset's encounter settings (ptu/settings.py, PtuSettings) declare the same two fields
# with these types and defaults.
DamageMode = Annotated[
    Literal["rolled", "min", "average", "max"],
    meta("roll the Damage Base, or use its set value (p. 237)"),
]
DAMAGE_MODE_DEFAULT: Final = "rolled"
InjuryBasis = Annotated[
    Literal["injured", "real"],
    meta("max HP that places the HP markers: after injuries (reference) or the real one"),
]
INJURY_BASIS_DEFAULT: Final = "injured"


class FightSettings(Settings):
    """How a table runs the numbers of a PTU fight."""

    damage_mode: DamageMode = DAMAGE_MODE_DEFAULT
    injury_basis: InjuryBasis = INJURY_BASIS_DEFAULT
