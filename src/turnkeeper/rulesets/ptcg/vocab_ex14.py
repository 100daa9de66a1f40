"""Effect vocabulary first needed by EX Crystal Guardians (ex14), cards 1-30: each primitive
says which card needs it. The effects are described in the project's own words (card text is
never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import heal, hit, set_condition
from turnkeeper.rulesets.ptcg.search import Cards, Search
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.trainer import tool_fits
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, guarded_defending


@dataclass(frozen=True)
class SearchPerOpponentInPlay(Search):
    """A ``Search`` taking up to as many cards as the opponent has Pokémon in play (Active
    and Benched): Luvdisc's Even Game ex14-7 (Basic Pokémon onto the Bench)."""

    def describe(self) -> str:
        return super().describe() + " (up to the number of the opponent's Pokémon in play)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        st = super().begin(ctx, seat, r)
        if st is not None:
            st["left"] = len(ctx.s.sides[1 - seat].in_play())
        return st if st is None or st["left"] else None


@dataclass(frozen=True)
class StadiumPlay(Step):
    """Luvdisc's Stadium Play ex14-7, after its damage: while a Stadium card its player
    played is in play, 1 damage counter comes off each of their Pokémon; while one the
    opponent played is in play, ``amount`` damage to each of the opponent's Benched Pokémon
    (no Weakness or Resistance). "Has a Stadium card in play" is read as: the Stadium in
    play is that player's card (``PtcgState.stadium_owner``)."""

    amount: int

    def describe(self) -> str:
        return (
            "own Stadium in play: 1 counter off each own Pokémon; the opponent's Stadium: "
            f"{self.amount} to each of their Benched Pokémon"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if s.stadium < 0:
            return
        if s.stadium_owner == seat:
            for slot, mon in list(s.sides[seat].in_play()):
                if mon.damage:
                    heal(ctx, seat, slot, 1)
            return
        for slot in range(1, len(s.sides[1 - seat].bench) + 1):
            hit(ctx, seat, self.amount, slot)


@dataclass(frozen=True)
class IfOwnTool(Step):
    """The steps ``then`` only if the attacker has a Pokémon Tool attached (Manectric's
    Strong Current ex14-8)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Pokémon Tool attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and mon.tool >= 0:
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class PlusIfOwnTool(Step):
    """``amount`` more damage if the attacker has a Pokémon Tool attached (Kingler δ's
    Prop-up Pinchers ex14-22)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} with a Pokémon Tool attached"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and mon.tool >= 0:
            r.damage += self.amount


@dataclass(frozen=True)
class BenchExDamage(Step):
    """``amount`` damage to each of the opponent's Benched Pokémon-ex (no Weakness or
    Resistance: Manectric's Strong Current ex14-8)."""

    amount: int

    def describe(self) -> str:
        return f"{self.amount} to each of the opponent's Benched Pokémon-ex"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        for slot, mon in list(s.sides[1 - seat].in_play()):
            if slot and s.top(mon).ex:
                hit(ctx, seat, self.amount, slot)


@dataclass(frozen=True)
class TrainerOrToolFromDeck(Question):
    """Mawile's Mining ex14-9: the player searches the deck for a Trainer card (shown) into
    the hand, or, when it is a Pokémon Tool, attached to one of their Pokémon that may hold
    it instead; the deck is shuffled afterwards. One question: each distinct Trainer of the
    deck "to the hand" and each Tool "to" each Pokémon that may take it, or nothing."""

    def describe(self) -> str:
        return "a Trainer card from the deck into the hand (a Tool may be attached instead)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []}  # the deck is searched (and shuffled) in any case

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        side = s.sides[seat]
        trainers = {s.cards[c]: c for c in reversed(side.deck) if s.defs[c].kind == "trainer"}
        picks: list[list[int]] = []
        labels: list[str] = []
        for inst in list(trainers.values())[::-1]:
            card = s.defs[inst]
            picks.append([inst, -1])
            labels.append(f"{card.name} into the hand")
            if card.trainer != "tool":
                continue
            for slot, mon in side.in_play():
                if mon.tool < 0 and tool_fits(s, card, mon) is None:
                    picks.append([inst, slot])
                    labels.append(f"{card.name} to {s.top(mon).name} ({slot_name(slot)})")
        if not picks:
            return None
        st["picks"] = picks
        return seat, "a Trainer card from the deck", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        inst, slot = (int(x) for x in st["picks"][option])
        if slot < 0:
            ctx.emit("move", p=SEATS[seat], card=inst, src="deck", dst="hand")
            return
        ctx.emit("attach_tool", p=SEATS[seat], card=inst, slot=slot, **{"from": "deck"})
        tool = reg.TOOLS.get(ctx.s.cards[inst])
        if tool is not None and tool.on_attach is not None:
            tool.on_attach(ctx, seat, slot)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


# Swalot's Pick and Choose: one of the first pair and one of the second
_PAIRS = (("burned", "poisoned"), ("asleep", "confused"))


@dataclass(frozen=True)
class PickTwoConditions(Question):
    """The player picks Burned or Poisoned and Asleep or Confused (one question, the four
    pairs): the Defending Pokémon gets both (Swalot's Pick and Choose ex14-11)."""

    def describe(self) -> str:
        return "the Defending Pokémon: Burned or Poisoned, and Asleep or Confused (picked)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        defending = ctx.s.sides[1 - seat].active
        if defending is None or guarded_defending(ctx, seat):
            return None
        return {"done": False}

    def _pairs(self) -> list[tuple[str, str]]:
        return [(a, b) for a in _PAIRS[0] for b in _PAIRS[1]]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [f"{a} and {b}" for a, b in self._pairs()]
        return seat, "the Special Conditions for the Defending Pokémon", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        for what in self._pairs()[option]:
            set_condition(ctx, 1 - seat, 0, what)


@dataclass(frozen=True)
class LookTopKeepOrDiscard(Question):
    """The player looks at the top card of their deck (named in the options, seen by them
    only) and leaves it on top or discards it (Sableye's Excavate ex14-10)."""

    def describe(self) -> str:
        return "look at the top card of the deck: keep it on top or discard it"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        deck = s.sides[seat].deck
        if st["done"] or not deck:
            return None
        # the prompt is public (seats.visible_command): only the options name the card
        name = s.card(deck[0]).name
        return seat, "the top card of the deck: keep or discard it?", [
            f"keep {name} on top",
            f"discard {name}",
        ]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        deck = ctx.s.sides[seat].deck
        if option == 1 and deck:
            ctx.emit("move", p=SEATS[seat], card=deck[0], src="deck", dst="discard")


# the filter Fearow δ's Delta Sign searches with: a Pokémon with δ on its card
DELTA_POKEMON = Cards(kind="pokemon", delta=True)


@dataclass(frozen=True)
class EnergyFromTopFive(Question):
    """Charizard δ's Peal of Thunder ex14-4 (triggered as it evolves from the hand): the
    player may look at the top ``n`` cards of their deck (first question: use it or not;
    once a turn for the player: ``name`` in the turn's ``powers_used``, recorded by the
    ``power`` event); then they pick one of their Pokémon and attach to it, one at a time,
    as many of the Energy cards among those cards as they like; the other cards of the ``n``
    are discarded. Without an Energy card among them every one is discarded."""

    n: int = 5
    name: str = "Peal of Thunder"

    def describe(self) -> str:
        return (
            f"may look at the top {self.n} cards: any Energy cards among them onto one of the "
            "player's Pokémon, the rest discarded"
        )

    def used(self, s: PtcgState) -> bool:
        return any(used.endswith(f":{self.name}") for used in s.powers_used)

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if self.used(ctx.s) or not ctx.s.sides[seat].deck:
            return None
        return {"stage": "ask", "top": [], "to": -1, "picks": []}

    def _energy_left(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        deck = s.sides[seat].deck
        found: dict[str, int] = {}
        for c in st["top"]:
            if c in deck and s.defs[c].kind == "energy":
                found.setdefault(s.cards[c], c)
        return list(found.values())

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["stage"] == "ask":
            return seat, f"{self.name}: look at the top {self.n} cards?", ["yes", "no"]
        if st["stage"] == "target":
            # the prompt is public (seats.visible_command): the cards are named in the options
            slots = [slot for slot, _ in side.in_play()]
            st["picks"] = slots
            labels = [f"{s.top(m).name} ({slot_name(slot)})" for slot, m in side.in_play()]
            return seat, f"{self.name}: the Pokémon that gets the Energy cards", labels
        if st["stage"] == "energy":
            picks = self._energy_left(s, seat, st)
            st["picks"] = picks
            return seat, "attach an Energy card?", [*(s.card(c).name for c in picks), "done"]
        return None

    def _discard_rest(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        deck = ctx.s.sides[seat].deck
        for c in [c for c in st["top"] if c in deck]:
            ctx.emit("move", p=SEATS[seat], card=c, src="deck", dst="discard")
        st["stage"] = "done"

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        s = ctx.s
        if st["stage"] == "ask":
            if option == 1:
                st["stage"] = "done"
                return
            mon = s.sides[seat].mon(int(st["slot"]))
            assert mon is not None
            ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=self.name)
            st["top"] = list(s.sides[seat].deck[: self.n])
            if self._energy_left(s, seat, st):
                st["stage"] = "target"
            else:
                self._discard_rest(ctx, seat, st)
            return
        if st["stage"] == "target":
            st["to"] = int(st["picks"][option])
            st["stage"] = "energy"
            return
        if option >= len(st["picks"]):
            self._discard_rest(ctx, seat, st)
            return
        card = int(st["picks"][option])
        to = int(st["to"])
        ctx.emit("attach", p=SEATS[seat], card=card, slot=to, counts=False, **{"from": "deck"})
        if not self._energy_left(s, seat, st):
            self._discard_rest(ctx, seat, st)
