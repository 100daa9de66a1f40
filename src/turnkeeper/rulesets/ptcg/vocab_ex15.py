"""Effect vocabulary first needed by EX Dragon Frontiers (ex15, cards 1-50): each primitive
says which card needs it. The effects are described in the project's own words (card text is
never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters
from turnkeeper.rulesets.ptcg.holon import is_delta
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Run, Step, guarded_defending, run_steps
from turnkeeper.rulesets.ptcg.vocab_ex13 import CountersOnPickedOpponent

# the Mon.later entry of a Pokémon whose attacks do less damage during its player's next
# turn (damage.hit takes the number off before Weakness and Resistance)
WEAKENED = "weakened:"


@dataclass(frozen=True)
class PlusIfDefendingDelta(Step):
    """``amount`` more damage when the Defending Pokémon is δ Species (Arbok δ's Strangle
    ex15-13)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the Defending Pokémon is a δ Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and is_delta(ctx.s.top(defending)):
            r.damage += self.amount


def has_tool(s: PtcgState, mon: Mon | None) -> bool:
    """Whether a Pokémon Tool card is attached to ``mon``."""
    return mon is not None and mon.tool >= 0


@dataclass(frozen=True)
class IfOwnTool(Step):
    """The steps ``then`` only while a Pokémon Tool card is attached to the attacker (Ledian
    δ's Metal Star ex15-18: draw 3; Quagsire δ's Pump Out ex15-21: 20 more)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Tool attached to it: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if has_tool(ctx.s, ctx.s.sides[seat].active):
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class WeakenDefendingNextTurn(Step):
    """During the opponent's next turn, every attack of the Defending Pokémon does ``amount``
    less damage, taken off before Weakness and Resistance (a ``Mon.later`` entry
    ``"weakened:N"`` read by ``damage.hit``; it ends as such effects do when the Pokémon
    evolves or goes to the Bench). Meganium δ's Delta Reduction ex15-4 (30), Togepi δ's Charm
    ex15-41 (20)."""

    amount: int

    def describe(self) -> str:
        return f"next turn the Defending Pokémon's attacks do {self.amount} less (before W/R)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded_defending(ctx, seat):
            ctx.emit(
                "flag",
                p=SEATS[1 - seat],
                slot=0,
                flag="later",
                what=f"{WEAKENED}{self.amount}",
                turn=ctx.s.turn + 1,
            )


@dataclass(frozen=True)
class DeltaMindCounters(CountersOnPickedOpponent):
    """The player picks one of the opponent's Pokémon: ``n`` damage counters on it, or
    ``delta_n`` when it is a δ Pokémon (Lickitung δ's Delta Mind ex15-19)."""

    delta_n: int = 3

    def describe(self) -> str:
        return (
            f"{self.n} damage counter on one of the opponent's Pokémon (picked), "
            f"{self.delta_n} on a δ Pokémon"
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["slots"][option])
        mon = ctx.s.sides[1 - seat].mon(slot)
        if mon is None:
            return
        counters(ctx, 1 - seat, slot, self.delta_n if is_delta(ctx.s.top(mon)) else self.n)
