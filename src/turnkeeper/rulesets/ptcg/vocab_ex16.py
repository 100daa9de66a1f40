"""Effect vocabulary first needed by EX Power Keepers (ex16), Pokémon 1-70: each primitive says
which card needs it. The effects are described in the project's own words (card text is never
stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import hit
from turnkeeper.rulesets.ptcg.search import PickTargets
from turnkeeper.rulesets.ptcg.state import SEATS
from turnkeeper.rulesets.ptcg.vocab import Run, Step
from turnkeeper.rulesets.ptcg.vocab_ex7 import MoveDefendingBasicEnergy
from turnkeeper.rulesets.ptcg.vocab_ex11 import prizes_taken


@dataclass(frozen=True)
class TimesOpponentTailsPerBench(Step):
    """The opponent flips a coin per Benched Pokémon they have; the damage is the printed
    number times the tails (Banette's Bench Manipulation ex16-4: no Bench, no damage)."""

    modifier = True

    def describe(self) -> str:
        return "a coin per opposing Benched Pokémon: the printed damage times the tails"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        coins = len(ctx.s.sides[1 - seat].bench)
        tails = sum(1 for _ in range(coins) if not ctx.flip(r.attack))
        r.damage *= tails


@dataclass(frozen=True)
class PlusPerOpponentPrizes(Step):
    """``each`` more damage per Prize card the opponent has taken (Banette's Grudge ex16-4)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Prize card the opponent has taken"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * prizes_taken(ctx.s, 1 - seat)


@dataclass(frozen=True)
class MoveDefendingBasicEnergyOnHeads(MoveDefendingBasicEnergy):
    """Flip a coin: on heads, the player moves a basic Energy card of the Defending Pokémon to
    another of the opponent's Pokémon (nothing when the opponent has one Pokémon, or the
    Defending Pokémon no basic Energy card): Beldum's Magnetic Lines ex16-45. The coin is
    flipped whatever the board."""

    def describe(self) -> str:
        return "flip a coin: heads, " + MoveDefendingBasicEnergy.describe(self)

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not ctx.flip(r.attack):
            return None
        return MoveDefendingBasicEnergy.begin(self, ctx, seat, r)


@dataclass(frozen=True)
class DiscardForTargetsNoWR(PickTargets):
    """Up to ``n`` times, the player discards a ``pay`` Energy card from the attacker and picks
    any of the opponent's Pokémon (the same one again if they like): it takes ``amount``
    damage, without Weakness or Resistance; the player may stop at any time (Armaldo's Rock
    Blast ex16-3: up to 5 Fighting Energy cards, 20 each)."""

    def describe(self) -> str:
        return (
            f"up to {self.n} times: discard a {self.pay} Energy card for {self.amount} damage "
            "(no W/R) to any of the opponent's Pokémon the player picks"
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["slots"]):
            st["left"] = 0
            return
        slot = st["slots"][option]
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[self._fuel(ctx.s, seat)])
        hit(ctx, seat, self.amount, slot, wr=False)
        st["picked"] = [*st["picked"], slot]
        st["left"] -= 1
