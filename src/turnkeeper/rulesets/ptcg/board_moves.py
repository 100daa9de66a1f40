"""Effect primitives that take Pokémon cards off the board (docs/rulesets/ptcg.md, Effect
vocabulary): devolving (the ``devolve`` event: the top Evolution card to the hand or into
the deck) and returning a Pokémon with everything on it to the hand (the ``scoop`` event).

Devolving clears Special Conditions and the effects aimed at the old card, as evolving does;
a Pokémon whose damage reaches its new HP is Knocked Out when the board is settled next, and
a Double Rainbow Energy on a Pokémon that is no longer Evolved is discarded (its card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import mon_labels
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, guarded_defending


def devolve(ctx: Ctx, seat: int, slot: int, dest: Literal["hand", "deck"]) -> None:
    """Take the top Evolution card off ``seat``'s Pokémon at ``slot`` (to the hand, or
    shuffled into the deck); Energy that needs an Evolved Pokémon then goes."""
    s = ctx.s
    ctx.emit("devolve", p=SEATS[seat], slot=slot, dest=dest)
    if dest == "deck":
        ctx.shuffle(seat)
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    if len(mon.stack) == 1:
        gone = [c for c in mon.energy if s.cards[c] in reg.EVOLVED_ONLY_ENERGY]
        if gone:
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=gone)


def _evolved(s: PtcgState, seat: int) -> list[int]:
    return [slot for slot, m in s.sides[seat].in_play() if len(m.stack) > 1]


@dataclass(frozen=True)
class DevolveEach(Step):
    """If the opponent has Evolved Pokémon, the highest Stage card of each goes back to
    their hand (Pull Down)."""

    def describe(self) -> str:
        return "each of the opponent's Evolved Pokémon loses its top Stage card to their hand"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot in _evolved(ctx.s, 1 - seat):
            if slot == 0 and guarded_defending(ctx, seat):
                continue
            devolve(ctx, 1 - seat, slot, "hand")


@dataclass(frozen=True)
class DevolvePick(Question):
    """The player picks one of the opponent's Evolved Pokémon and flips a coin: heads, its
    highest Stage card is shuffled into its owner's deck (Time Spiral)."""

    def describe(self) -> str:
        return (
            "pick one of the opponent's Evolved Pokémon and flip: heads, its top Stage card "
            "is shuffled into their deck"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if _evolved(ctx.s, 1 - seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = _evolved(s, 1 - seat)
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        side = s.sides[1 - seat]
        labels = mon_labels(s, side, slots)
        return seat, "pick the opponent's Evolved Pokémon", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = st["slots"][option]
        if slot == 0 and guarded_defending(ctx, seat):
            return
        if ctx.flip("Time Spiral"):
            devolve(ctx, 1 - seat, slot, "deck")


@dataclass(frozen=True)
class ReturnDefending(Step):
    """On heads, the opponent returns the Defending Pokémon and every card on it to their
    hand; nothing if they have no Benched Pokémon (Repulsion)."""

    def describe(self) -> str:
        return (
            "flip: heads, the Defending Pokémon and its cards go back to the opponent's hand "
            "(not without a Benched Pokémon)"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        opp = ctx.s.sides[1 - seat]
        if opp.active is None or not opp.bench or guarded_defending(ctx, seat):
            return
        if ctx.flip("Repulsion"):
            ctx.emit("scoop", p=SEATS[1 - seat], slot=0)
