"""Primitives of the effect vocabulary first needed by EX Deoxys (ex8): the Deoxys forms'
Form Change, a look at the top cards of the deck (Master Ball), coins per Energy of a type
(Water Punch, Heavy Metal) and an attack the player may decline (Magnetic Tackle). Each is
shown both ways in tests/ptcg/test_ex8.py.

The Deoxys forms (docs/rulesets/ptcg.md, Later sets): the Deoxys
of EX Deoxys come in forms, each a separate card named "Deoxys" (or "Deoxys ex"), and each
carries the Poké-Power Form Change (EX Deoxys, e.g. Deoxys ex8-16): once during the turn,
the player may search the deck for another card of that very name and swap the two — the
one found takes the place of the one in play with everything on it (Energy, Tool, damage
counters, Special Conditions, effects), which is not an evolution; the old card goes on top
of the deck, then the deck is shuffled. A player uses at most one Form Change a turn,
whichever Deoxys it comes from (refused as ``ptcg.power.requirement``, naming the limit,
as Pidgeot's one Quick Search a turn is)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.search import Search, Usable
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Question,
    Run,
    Step,
    _all_steps,
    _energy,
    _heads,
    run_steps,
)


@dataclass(frozen=True)
class PlusPerHeadsPerEnergy(Step):
    """Flip a coin for each ``kind`` Energy attached to the attacker: ``each`` more damage
    per heads (Water Punch, Heavy Metal)."""

    each: int
    kind: str
    modifier = True

    def describe(self) -> str:
        return f"a coin per {self.kind} Energy on it: +{self.each} per heads"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        coins = _energy(ctx.s, ctx.s.sides[seat].active, self.kind)
        r.damage += self.each * _heads(ctx, coins, r.attack)


@dataclass(frozen=True)
class MayDo(Question):
    """The attacker's player picks whether the attack does ``then`` (its damage and what
    comes with it) or nothing at all (Magnetic Tackle: the damage, and 10 to itself)."""

    then: tuple[Step, ...]

    def __post_init__(self) -> None:
        if any(isinstance(step, Question) for step in _all_steps(self.then)):
            raise ValueError("MayDo: its steps cannot ask a question of their own")

    def describe(self) -> str:
        return "the player may: " + ", ".join(step.describe() for step in self.then)

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "attack": r.attack, "cost": list(r.cost)}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, f"{st['attack']}: do it, or do nothing", [self.describe()[15:], "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 0:
            r = Run(int(st["damage"]), attack=str(st["attack"]), cost=tuple(st["cost"]))
            r.slot = int(st["slot"])
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class TopSearch(Search):
    """A ``Search`` of the deck that sees only its top ``top`` cards (Master Ball: the top 7,
    one Basic Pokémon or Evolution card of them into the hand, the deck shuffled after)."""

    top: int = 7

    def describe(self) -> str:
        return super().describe().replace("search the deck", f"look at the top {self.top} cards")

    def found(
        self, s: PtcgState, seat: int, types: list[str] | None = None, exclude: int = -1
    ) -> list[int]:
        # the deck is searched top first, so the first card of each kind found is the topmost
        # one: keeping those within the top cards keeps every kind that is there
        seen = set(s.sides[seat].deck[: self.top])
        return [c for c in super().found(s, seat, types, exclude) if c in seen]


def _forms(s: PtcgState, seat: int, name: str) -> list[int]:
    """One card of each kind named ``name`` in ``seat``'s deck (alike cards are one option)."""
    seen: set[str] = set()
    found: list[int] = []
    for inst in s.sides[seat].deck:
        card = s.card(inst)
        if card.name == name and card.id not in seen:
            seen.add(card.id)
            found.append(inst)
    return found


@dataclass(frozen=True)
class FormChange(Question):
    """Form Change (module doc): the player picks a card named ``name`` in the deck (or none);
    it takes the place of the Pokémon using the power (the ``form_change`` event), the old card
    goes on top of the deck; the deck is shuffled afterwards either way."""

    name: str

    def describe(self) -> str:
        return f"swap it for another {self.name} of the deck (the old card to the deck, shuffled)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = _forms(s, seat, self.name)
        st["picks"] = picks
        labels = [
            f"{s.card(c).name} ({s.cards[c]}: {', '.join(a.name for a in s.card(c).attacks)})"
            for c in picks
        ]
        return seat, f"Form Change: the {self.name} to switch to", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        picks = st["picks"]
        if option < len(picks):
            ctx.emit("form_change", p=SEATS[seat], slot=int(st["slot"]), card=int(picks[option]))

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


def form_change_usable(name: str) -> Usable:
    """Form Change's requirement (refused as ``ptcg.power.requirement``, naming it): another
    ``name`` in the deck, and no Form Change used by the player this turn (the limit of one
    Pokémon's power, once a turn, is the engine's ``ptcg.power.once-per-turn``)."""

    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        if any(used.endswith(":Form Change") for used in s.powers_used):
            return "a Form Change was used this turn already (one a turn per player)"
        if not _forms(s, seat, name):
            return f"there is no other {name} in the deck"
        return None

    return usable


@dataclass(frozen=True)
class PlusIfStadium(Step):
    """``amount`` more damage while a Stadium card is in play (Stadium Power)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} while a Stadium is in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.stadium >= 0:
            r.damage += self.amount


@dataclass(frozen=True)
class DrawBottom(Step):
    """Draw the bottom ``n`` cards of the deck (as many as it holds; Professor Cozmo's
    Discovery on heads)."""

    n: int

    def describe(self) -> str:
        return f"draw the bottom {self.n} cards of the deck"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        deck = ctx.s.sides[seat].deck
        for card in deck[::-1][: self.n]:
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="hand")
