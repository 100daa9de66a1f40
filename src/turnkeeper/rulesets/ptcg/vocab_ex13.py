"""Effect vocabulary first needed by EX Holon Phantoms (ex13): each primitive says which card
needs it. The effects are described in the project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.holon import delta_in_play, is_delta
from turnkeeper.rulesets.ptcg.state import SEATS
from turnkeeper.rulesets.ptcg.vocab import Run, Step


@dataclass(frozen=True)
class DrawMoreIfDiscardedDelta(Step):
    """Draw ``n`` cards, or ``delta_n`` when the card on top of the discard pile (the one the
    effect has just discarded from the hand) is a δ Pokémon (Holon Adventurer ex13-85). As
    many as the deck holds."""

    n: int
    delta_n: int

    def describe(self) -> str:
        return f"draw {self.n}, or {self.delta_n} if the card discarded was a δ Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        side = ctx.s.sides[seat]
        wanted = self.n
        if side.discard and is_delta(ctx.s.card(side.discard[-1])):
            wanted = self.delta_n
        n = min(wanted, len(side.deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class PlusPerOwnDelta(Step):
    """``each`` more damage per Pokémon the attacker's player has in play that is δ Species
    (the attacker itself included: Exeggutor δ's Delta Circle ex13-41)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per δ Pokémon the player has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * len(delta_in_play(ctx.s, seat))


@dataclass(frozen=True)
class NoWeaknessNextTurn(Step):
    """During the opponent's next turn the attacker has no Weakness (a ``Mon.later`` entry
    ``"no_weakness"`` read by damage.py; it ends, as other such effects, if the Pokémon goes
    to the Bench or evolves): Bellossom δ's Aqua Flower ex13-19."""

    def describe(self) -> str:
        return "no Weakness for it during the opponent's next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit(
            "flag",
            p=SEATS[seat],
            slot=0,
            flag="later",
            what="no_weakness",
            turn=ctx.s.turn + 1,
        )
