"""The fight's table settings for ptu, as one typed object read once at set-up."""

from __future__ import annotations

from typing import Annotated, Literal

from turnkeeper.core.schema import Settings, meta


class FightSettings(Settings):
    """How a table runs the numbers of a PTU fight."""

    damage_mode: Annotated[
        Literal["rolled", "min", "average", "max"],
        meta("roll the Damage Base, or use its set value (p. 237)"),
    ] = "rolled"
    injury_basis: Annotated[
        Literal["injured", "real"],
        meta("max HP that places the HP markers: after injuries (reference) or the real one"),
    ] = "injured"
