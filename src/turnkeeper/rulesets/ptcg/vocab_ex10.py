"""Vocabulary primitives first needed by EX Unseen Forces (ex10): steps and Poké-Body
helpers used by ``effect_data_ex10.py``. Each is described in the project's own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Run, Step


def has_stage2_in_play(s: PtcgState, seat: int) -> bool:
    """Whether ``seat`` has a Stage 2 Evolved Pokémon in play (Active or Benched)."""
    return any(s.top(mon).stage == "stage2" for _, mon in s.sides[seat].in_play())


@dataclass(frozen=True)
class DrawUnlessStage2(Step):
    """Draw ``n`` cards, but only while the player has no Stage 2 Pokémon in play (Mary's
    Request's extra cards, ex10)."""

    n: int

    def describe(self) -> str:
        return f"draw {self.n} more if the player has no Stage 2 Pokémon in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if has_stage2_in_play(ctx.s, seat):
            return
        n = min(self.n, len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


def counter_on_both_actives(name: str) -> Callable[[Ctx, int, int], None]:
    """A Poké-Body acting between turns while its Pokémon is Active: 1 damage counter on each
    Active Pokémon, its own player's included (Typhlosion's Burning Aura, ex10). A Poké-Body's
    counters: no Guard of an attack stops them."""

    def run(ctx: Ctx, seat: int, slot: int) -> None:
        s = ctx.s
        if slot != 0:
            return
        own = s.sides[seat].active
        if own is None:
            return
        for owner in (seat, 1 - seat):
            if s.sides[owner].active is not None:
                ctx.emit("damage", p=SEATS[owner], slot=0, n=10)
        body_acted(ctx, seat, own, name)

    return run
