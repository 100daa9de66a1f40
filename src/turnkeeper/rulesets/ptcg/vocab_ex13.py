"""Effect vocabulary first needed by EX Holon Phantoms (ex13): each primitive says which card
needs it. The effects are described in the project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.holon import delta_in_play, is_delta
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step


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


@dataclass(frozen=True)
class DrawUpToOwnDelta(Question):
    """The player draws any number of cards from 0 up to the number of their δ Pokémon in
    play (as the deck allows): Holon's Castform's Delta Draw ex13-44. Nothing is asked with
    no δ Pokémon in play or an empty deck."""

    def describe(self) -> str:
        return "draw up to as many cards as the player has δ Pokémon in play"

    def _most(self, s: PtcgState, seat: int) -> int:
        return min(len(delta_in_play(s, seat)), len(s.sides[seat].deck))

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if self._most(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        most = self._most(s, seat)
        return seat, "how many cards to draw", [f"draw {k}" for k in range(most + 1)]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option:
            ctx.emit("draw", p=SEATS[seat], n=option)


@dataclass(frozen=True)
class PlusPerNamedInDiscard(Step):
    """``each`` more damage per card in the attacker's player's discard pile with one of
    ``names``, at most ``cap`` more (Omastar δ's Vengeful Spikes ex13-13)."""

    each: int
    names: tuple[str, ...]
    cap: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per {', '.join(self.names)} in the discard pile (at most +{self.cap})"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = sum(1 for c in s.sides[seat].discard if s.card(c).name in self.names)
        r.damage += min(self.cap, self.each * n)


@dataclass(frozen=True)
class PlusIfDefendingResists(Step):
    """``amount`` more damage if the Defending Pokémon's card has Resistance to ``kind``
    (Sharpedo δ's Swift Turn ex13-53)."""

    amount: int
    kind: str
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the Defending Pokémon resists {self.kind}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        active = ctx.s.sides[1 - seat].active
        if active is not None and self.kind in ctx.s.top(active).resistance:
            r.damage += self.amount
