"""More steps and Poké-Body tests first needed by EX Unseen Forces (ex10): those of the Babies,
the Stages of Evolution Pokémon and the other Pokémon and Trainers of
``effect_data_ex10_babies.py`` / ``effect_data_ex10_trainers.py``. Each is described in the
project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Run, Step


def is_evolved(mon: Mon) -> bool:
    """An Evolved Pokémon: a Pokémon card lies below its top card."""
    return len(mon.stack) > 1


def self_evolved(s: PtcgState, mon: Mon, other: Mon) -> bool:
    """A Poké-Body test of the Stages of Evolution Pokémon (ex10-22, 24-26, 28): the Pokémon
    with the Body is an Evolved Pokémon now (it was put onto a Baby by Baby Evolution)."""
    return is_evolved(mon)


@dataclass(frozen=True)
class TimesInPlayShortfall(Step):
    """The printed damage times how many more Pokémon in play (Active and Benched) the
    opponent has than the attacker's player; none when they have no more (Tyrogue's Desperate
    Punch, ex10-33)."""

    modifier = True

    def describe(self) -> str:
        return "the printed damage times how many more Pokémon the opponent has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        more = len(s.sides[1 - seat].in_play()) - len(s.sides[seat].in_play())
        r.damage *= max(0, more)
