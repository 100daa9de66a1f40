"""Poké-Power Baby Evolution, one reusable power for every Baby Pokémon of the era (ex10
Cleffa, Elekid, Smoochum, Tyrogue; ex7 Magby; the older Babies of ex2, ex5 and ex9 keep
their own entries built on the same step, ``search.EvolveFromHand``).

What the power does (PTCG EX rulebook, Baby Pokémon; the printed power on each Baby): once
during its player's turn, before the attack, the player may put one of the named Pokémon
cards from the hand onto the Baby. That counts as evolving it (its Special Conditions and
lasting effects go, as for any evolution), and then every damage counter on it is removed.

Readings (docs/rulesets/ptcg.md, Poké-Powers as data): Baby Evolution is the card's own way
of evolving, so it needs only the named card in the hand (the timing rules of evolving from
the hand, about a Pokémon's first turn in play, do not apply). A Baby that names several
Pokémon (Tyrogue: Hitmonlee, Hitmonchan or Hitmontop) asks which one when the hand holds
more than one of them; with one, it is put without asking. The power is refused with
``ptcg.power.requirement`` (the engine's rule for a power's own requirement, power.py)
naming the cards it needs when none of them is in the hand; like every Poké-Power it is
refused under a Special Condition and once used this turn.

``baby_evolution(*names)`` gives the (summary, steps, usable) triple of ``SetEffects.powers``
/ ``effect_questions.POWER_STEPS``; ``is_baby(card)`` says whether a card has the power."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import evolve_onto
from turnkeeper.rulesets.ptcg.search import Usable
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step

BABY_EVOLUTION = "Baby Evolution"


def is_baby(card: CardDef) -> bool:
    """Whether the card is a Baby Pokémon (it has the Poké-Power Baby Evolution)."""
    return any(p.name == BABY_EVOLUTION for p in card.powers)


def _in_hand(s: PtcgState, seat: int, names: tuple[str, ...]) -> list[int]:
    """One card of the hand per name of ``names`` found there, in the order of ``names``."""
    hand = s.sides[seat].hand
    found: list[int] = []
    for name in names:
        card = next((c for c in hand if s.card(c).name == name), -1)
        if card >= 0:
            found.append(card)
    return found


def _evolve(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    """Put ``card`` from the hand onto the Pokémon at ``slot`` (an evolution), then remove
    all its damage counters."""
    evolve_onto(ctx, seat, slot, card)
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=-mon.damage)


@dataclass(frozen=True)
class BabyEvolve(Question):
    """Baby Evolution's step: one of the cards named ``names`` from the hand onto the Pokémon
    using the power (evolving it), then all its damage counters removed; the player picks the
    card when the hand holds more than one of the names."""

    names: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"put {' or '.join(self.names)} from the hand onto it (evolving) and remove its "
            "damage counters"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        found = _in_hand(ctx.s, seat, self.names)
        if ctx.s.sides[seat].mon(r.slot) is None or not found:
            return None
        if len(found) == 1:  # nothing to choose
            _evolve(ctx, seat, r.slot, found[0])
            return None
        return {"done": False, "picks": found}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [s.card(int(c)).name for c in st["picks"]]
        return seat, "Baby Evolution: which card to put onto it", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        _evolve(ctx, seat, int(st["slot"]), int(st["picks"][option]))


def _needs(names: tuple[str, ...]) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        if _in_hand(s, seat, names):
            return None
        return f"no {' or '.join(names)} in the hand to put onto it"

    return usable


def baby_evolution(*names: str) -> tuple[str, tuple[Step, ...], Usable]:
    """The Baby Evolution power of a Baby that evolves into one of ``names``: its summary,
    steps and requirement, for ``SetEffects.powers``."""
    step = BabyEvolve(tuple(names))
    return step.describe(), (step,), _needs(step.names)
