"""Primitives of the effect vocabulary first needed by EX Emerald (ex9): Eruption (Groudon
ex9-14, Camerupt ex ex9-92), where each player discards the top card of their deck and the
attack does more per Energy card so discarded. Shown both ways in tests/ptcg/test_ex9.py."""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS
from turnkeeper.rulesets.ptcg.vocab import Run, Step


@dataclass(frozen=True)
class PlusPerEnergyMilledEach(Step):
    """Each player (the attacker's first) discards the top card of their deck (none from an
    empty deck); ``each`` more damage per Energy card, basic or special, among the two."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"each player discards their deck's top card: +{self.each} per Energy card"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        energy = 0
        for who in (seat, 1 - seat):
            deck = ctx.s.sides[who].deck
            if not deck:
                continue
            card = deck[0]
            energy += ctx.s.card(card).kind == "energy"
            ctx.emit("move", p=SEATS[who], card=card, src="deck", dst="discard")
        r.damage += self.each * energy
