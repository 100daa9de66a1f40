"""Primitives of the effect vocabulary first needed by EX Emerald (ex9): Eruption (Groudon
ex9-14, Camerupt ex ex9-92), where each player discards the top card of their deck and the
attack does more per Energy card so discarded; the Regi ex partner tests (a named Pokémon in
play), Shadow Beam's counters per Energy, Sky Kick's Resistance test, Power Short's
Poké-Power bonus, Mend's attach-then-heal, Water Cyclone's move from the Active and Mr.
Stone's Project's search of the deck or the discard pile. Shown both ways in
tests/ptcg/test_ex9.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal, hit
from turnkeeper.rulesets.ptcg.search import Cards, MoveEnergy, Search
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    If,
    Question,
    Run,
    Step,
    TargetHit,
    Test,
    count,
    run_steps,
)


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


def named_in_play(s: PtcgState, name: str) -> bool:
    """Whether a Pokémon of that name is in play, either player's ("if Regirock ex is in
    play": the card does not say whose)."""
    return any(s.top(m).name == name for side in s.sides for _, m in side.in_play())


@dataclass(frozen=True)
class PlusIfInPlay(Step):
    """``amount`` more damage while a Pokémon named ``name`` is in play, either player's
    (Metal Crush of Regirock ex: a Registeel ex)."""

    amount: int
    name: str
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if a {self.name} is in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if named_in_play(ctx.s, self.name):
            r.damage += self.amount


@dataclass(frozen=True)
class IfInPlay(If):
    """The steps ``then`` only while a Pokémon named ``name`` is in play, either player's
    (Iceberg Crush, Block Signal). An ``If`` so the attack's choices inside are found."""

    when: Test = "always"
    then: tuple[Step, ...] = ()
    name: str = ""

    def describe(self) -> str:
        return f"if a {self.name} is in play: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if named_in_play(ctx.s, self.name):
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class CountersPerOwnEnergy(Step):
    """``each`` damage counters on the Defending Pokémon per Energy attached to the attacker
    (Shadow Beam of Dusclops ex: 2 per Energy; a card giving 2 Energy counts 2)."""

    each: int

    def describe(self) -> str:
        return f"{self.each} damage counters on the Defending Pokémon per Energy on the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        counters(ctx, 1 - seat, 0, self.each * count(ctx.s, seat, "own_energy"))


@dataclass(frozen=True)
class PlusIfDefendingResists(Step):
    """``amount`` more damage if the Defending Pokémon's card has Resistance to ``kind``
    (Sky Kick of Medicham ex: Fighting)."""

    amount: int
    kind: str
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the Defending Pokémon has {self.kind} Resistance"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and self.kind in ctx.s.top(defending).resistance:
            r.damage += self.amount


@dataclass(frozen=True)
class TargetHitPlusIfPower(TargetHit):
    """``amount`` damage to one of the opponent's Pokémon the player picks (W/R on the Active
    only), ``bonus`` more if that Pokémon has a Poké-Power (a Poké-Body does not count: Power
    Short of Raichu ex)."""

    def describe(self) -> str:
        return (
            f"{self.amount} damage to one of the opponent's Pokémon (target); "
            f"{self.amount + self.bonus} if it has a Poké-Power"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        target = ctx.s.sides[1 - seat].mon(r.target)
        if target is None:
            return
        powered = any(p.kind == "power" for p in ctx.s.top(target).powers)
        hit(ctx, seat, self.amount + (self.bonus if powered else 0), r.target)


@dataclass(frozen=True)
class AttachFromDiscardThenHeal(AttachFromDiscard):
    """Attach an Energy card of type ``kind`` from the discard pile to the attacker and, if
    one was attached, remove ``heal`` damage counters from it (Mend of Regirock ex)."""

    heal: int = 1

    def describe(self) -> str:
        return super().describe() + f"; if one was, {self.heal} damage counter off it"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        before = len(ctx.s.sides[seat].discard)
        super().run(ctx, seat, r)
        if len(ctx.s.sides[seat].discard) < before:
            heal(ctx, seat, 0, self.heal)


@dataclass(frozen=True)
class MoveEnergyFromActive(MoveEnergy):
    """Move an Energy card (of type ``kind``) from the player's Active Pokémon to one of their
    Benched Pokémon (Water Cyclone of Swampert, whichever Pokémon has the Power)."""

    def describe(self) -> str:
        return f"move a {self.kind} Energy card from the Active Pokémon to a Benched Pokémon"

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        return [
            move
            for move in MoveEnergy(kind=self.kind, src="any", dst="bench").moves(s, seat, slot)
            if move[1] == 0
        ]


@dataclass(frozen=True)
class SearchDeckOrDiscard(Question):
    """The player searches either their deck (shuffled afterwards) or their discard pile, as
    they pick, for up to ``n`` cards matching ``match``, into the hand (Mr. Stone's Project).
    Only a place that can give something is offered: a deck with cards in it, a discard pile
    holding a matching card; with one such place, no first question."""

    match: tuple[Cards, ...]
    n: int

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return (
            f"search the deck (then shuffled) or the discard pile, the player's pick, for up "
            f"to {self.n} {what}, into the hand"
        )

    def search(self, zone: str) -> Search:
        return Search(self.match, n=self.n, src=("deck",) if zone == "deck" else ("discard",))

    def zones(self, s: PtcgState, seat: int) -> list[str]:
        """The places worth searching now."""
        found = ["deck"] if s.sides[seat].deck else []
        return found + (["discard"] if self.search("discard").found(s, seat) else [])

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        zones = self.zones(ctx.s, seat)
        if not zones:
            return None
        if len(zones) == 1:
            return {"zone": zones[0], "inner": self.search(zones[0]).begin(ctx, seat, r)}
        return {"zone": "", "inner": {}, "zones": zones}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if not st["zone"]:
            labels = {"deck": "search the deck", "discard": "search the discard pile"}
            return seat, "where to search", [labels[zone] for zone in st["zones"]]
        return self.search(st["zone"]).options(s, seat, st["inner"])

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st["zone"]:
            st["zone"] = st["zones"][option]
            st["inner"] = self.search(st["zone"]).begin(ctx, seat, Run(0))
            return
        self.search(st["zone"]).answer(ctx, seat, option, st["inner"])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["zone"]:
            self.search(st["zone"]).finish(ctx, seat, st["inner"])
