"""The typed settings of a PTU encounter, read once at set-up (never ``settings.get``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from turnkeeper.core.schema import Settings, meta, to_builtins


class PtuSettings(Settings):
    """The other readings of READINGS.md (ptu), as named settings; defaults follow READINGS."""

    interrupt_turn: Annotated[
        Literal["this_or_next", "next"],
        meta("which turn an Interrupt uses: this round's if still to come, else next round's; "
             "or always next round's"),
    ] = "this_or_next"
    free_actions: Annotated[
        Literal["own_turn", "any_time"], meta("when untriggered Free actions may be taken")
    ] = "own_turn"
    swift_trade: Annotated[bool, meta("the Standard may pay for a second Swift")] = True
    hold_after_acting: Annotated[bool, meta("what is left of a turn may be held")] = True
    extended_minutes: Annotated[int, meta("minutes an Extended action takes", ge=1)] = 2

    def to_dict(self) -> dict[str, Any]:
        """Plain data, as kept in the set-up event and hashed with the state."""
        out: dict[str, Any] = to_builtins(self)
        return out


DEFAULT_SETTINGS = PtuSettings()
