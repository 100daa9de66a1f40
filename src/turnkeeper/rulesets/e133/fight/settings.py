"""The fight's table settings for e133, as one typed object read once at set-up."""

from __future__ import annotations

from typing import Annotated, Literal

from turnkeeper.core.schema import Settings, meta


class FightSettings(Settings):
    """How a table runs hit points in an e133 fight."""

    drop_rule: Annotated[
        Literal["death_saves", "down_means_out"],
        meta("what 0 HP means: 5e death saves (default) or out of the fight at once"),
    ] = "death_saves"
