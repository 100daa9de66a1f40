"""Effect steps for the Pokémon-ex of EX Unseen Forces (ex10; effect_data_ex10_ex.py), each
described in the project's own words with the card that needs it. Every question keeps what
it needs between asks in its ``ask`` event's data (``st``), so a log replays it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import max_hp, mon_labels, slot_name
from turnkeeper.rulesets.ptcg.board_moves import devolve
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import guarded, heal
from turnkeeper.rulesets.ptcg.search import PickOwnPokemon
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step
from turnkeeper.rulesets.ptcg.vocab_ex8 import ReorderEitherTop


def evolved_this_turn(s: PtcgState, seat: int, slot: int) -> str | None:
    """A Poké-Power "used as its Pokémon is played from the hand to evolve": read as usable
    once in the turn its Pokémon evolved (``Mon.evolved``), as Loose Shell and Healing Shower
    are (docs/rulesets/ptcg.md). None: usable."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    return None


def hp_left_at_most(hp: int) -> Callable[[PtcgState, Mon, Mon], bool]:
    """A ``DamageMod.when`` test: the attacking Pokémon has ``hp`` HP or less left (Danger
    Perception of Scizor ex ex10-108)."""

    def when(s: PtcgState, attacker: Mon, target: Mon) -> bool:
        return max_hp(s, attacker) - attacker.damage <= hp

    return when


def _kind_in_hand(s: PtcgState, seat: int, kind: str) -> int:
    """The first basic Energy card of type ``kind`` in ``seat``'s hand (-1: none)."""
    for inst in s.sides[seat].hand:
        card = s.card(inst)
        if card.basic_energy and kind in card.provides:
            return inst
    return -1


@dataclass(frozen=True)
class AttachFromHandAndHeal(PickOwnPokemon):
    """The player picks one of their Pokémon: a basic ``kind`` Energy card from the hand is
    attached to it (not the turn's attachment), then ``n`` damage counters come off it
    (Nurture and Heal of Meganium ex ex10-106). Nothing is asked without such a card."""

    kind: str
    n: int = 1
    prompt = "pick the Pokémon to attach the Energy to"

    def describe(self) -> str:
        return (
            f"a {self.kind} Energy card from the hand onto one of the player's Pokémon, then "
            f"{self.n} damage counter off it"
        )

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        if _kind_in_hand(s, seat, self.kind) < 0:
            return []
        return [slot for slot, _ in s.sides[seat].in_play()]

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        inst = _kind_in_hand(ctx.s, seat, self.kind)
        ctx.emit("attach", p=SEATS[seat], card=inst, slot=slot, counts=False, **{"from": "hand"})
        heal(ctx, seat, slot, self.n)


@dataclass(frozen=True)
class ResetOwnPick(Question):
    """The player picks their Pokémon one at a time, until "done": each picked one has every
    Energy card attached to it discarded and all its damage counters removed (Blissful Support
    of Blissey ex ex10-101). Only Pokémon with Energy or damage counters are offered."""

    def describe(self) -> str:
        return (
            "any number of the player's Pokémon (picked one at a time): all their Energy "
            "discarded and all their damage counters removed"
        )

    def _slots(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        return [
            slot
            for slot, m in s.sides[seat].in_play()
            if (m.energy or m.damage) and slot not in st["picked"]
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        st: dict[str, Any] = {"done": False, "picked": [], "slots": []}
        return st if self._slots(ctx.s, seat, st) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = self._slots(s, seat, st)
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        side = s.sides[seat]
        labels = mon_labels(s, side, slots)
        return seat, "pick a Pokémon to discard its Energy and heal, or done", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["slots"]):
            st["done"] = True
            return
        slot = int(st["slots"][option])
        st["picked"] = [*st["picked"], slot]
        mon = ctx.s.sides[seat].mon(slot)
        assert mon is not None
        if mon.energy:
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=list(mon.energy))
        if mon.damage:
            ctx.emit("damage", p=SEATS[seat], slot=slot, n=-mon.damage)


@dataclass(frozen=True)
class DevolveBenchPick(Question):
    """The player may pick one of the opponent's Benched Evolved Pokémon: its highest Stage
    card goes back to its owner's hand (Devo Flash of Espeon ex ex10-102)."""

    def describe(self) -> str:
        return (
            "one of the opponent's Benched Evolved Pokémon (picked) loses its top card to the hand"
        )

    def _slots(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, m in s.sides[1 - seat].in_play() if slot and len(m.stack) > 1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if self._slots(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = self._slots(s, seat)
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        opp = s.sides[1 - seat]
        labels = mon_labels(s, opp, slots)
        return seat, "pick the opponent's Benched Pokémon to devolve, or none", [*labels, "none"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["slots"]):
            devolve(ctx, 1 - seat, int(st["slots"][option]), "hand")


@dataclass(frozen=True)
class SearchAttachToOne(Question):
    """The player picks one of their Pokémon of type ``kind``, then how many basic ``kind``
    Energy cards to take from the deck, up to one per Benched Pokémon of the opponent: all go
    onto that Pokémon (not the turn's attachment), then the deck is shuffled (Bursting Up of
    Typhlosion ex ex10-110). Nothing is asked (the deck is not searched) when the opponent
    has no Bench, the player has no such Pokémon or the deck holds no such card."""

    kind: str

    def describe(self) -> str:
        return (
            f"up to one basic {self.kind} Energy card from the deck per opponent's Benched "
            f"Pokémon, all onto one of the player's {self.kind} Pokémon"
        )

    def _pokemon(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, m in s.sides[seat].in_play() if self.kind in s.top(m).types]

    def _energy(self, s: PtcgState, seat: int) -> list[int]:
        return [
            c
            for c in s.sides[seat].deck
            if s.card(c).basic_energy and self.kind in s.card(c).provides
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        most = min(len(s.sides[1 - seat].bench), len(self._energy(s, seat)))
        if not most or not self._pokemon(s, seat):
            return None
        return {"most": most, "to": -1, "slots": [], "done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        if st["to"] < 0:
            slots = self._pokemon(s, seat)
            st["slots"] = slots
            labels = mon_labels(s, s.sides[seat], slots)
            return seat, f"pick the {self.kind} Pokémon to attach the Energy to", labels
        counts = [f"{n} {self.kind} Energy" for n in range(int(st["most"]) + 1)]
        return seat, f"how many {self.kind} Energy cards to take from the deck", counts

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["to"] < 0:
            st["to"] = int(st["slots"][option])
            return
        st["done"] = True
        for inst in self._energy(ctx.s, seat)[:option]:
            ctx.emit(
                "attach",
                p=SEATS[seat],
                card=inst,
                slot=int(st["to"]),
                counts=False,
                **{"from": "deck"},
            )

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class ReorderOpponentTop(ReorderEitherTop):
    """The player looks at the top ``n`` cards of the opponent's deck and puts them back in
    the order they like, top first (Time Trap of Celebi ex ex10-117, on heads)."""

    def describe(self) -> str:
        return f"the top {self.n} cards of the opponent's deck put back in any order"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        top = list(ctx.s.sides[1 - seat].deck[: self.n])
        return {"whose": 1 - seat, "top": top, "order": []} if top else None


@dataclass(frozen=True)
class NoPowersNextTurn(Step):
    """During the opponent's next turn the Defending Pokémon cannot use Poké-Powers (a
    ``("no_power", turn)`` entry of ``Mon.later``, asked by ``power.power_rule``:
    ``ptcg.power.effect``; gone if it goes to the Bench or evolves). Black Cry of Umbreon ex
    ex10-112."""

    def describe(self) -> str:
        return "the Defending Pokémon can't use Poké-Powers next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded(ctx, 1 - seat, 0):
            ctx.emit(
                "flag",
                p=SEATS[1 - seat],
                slot=0,
                flag="later",
                what="no_power",
                turn=ctx.s.turn + 1,
            )


def _attacker_slot(s: PtcgState, seat: int, attacker: int) -> int:
    """Where the opponent of ``seat`` has the Pokémon whose first card is ``attacker``
    (-1: no longer in play)."""
    return next((slot for slot, m in s.sides[1 - seat].in_play() if m.stack[0] == attacker), -1)


@dataclass(frozen=True)
class ReturnAttackerEnergy(Question):
    """An Energy card attached to the attacking Pokémon (``st["attacker"]``, its first card)
    goes back to its owner's hand, picked by the player whose card this is when the cards
    differ (Silver Sparkle of Lugia ex ex10-105, asked of Lugia ex's player as the opponent's
    attack ends)."""

    def describe(self) -> str:
        return "an Energy card of the attacking Pokémon (the player's pick) back to its hand"

    def _picks(self, s: PtcgState, seat: int, attacker: int) -> tuple[int, list[int]]:
        slot = _attacker_slot(s, seat, attacker)
        mon = s.sides[1 - seat].mon(slot) if slot >= 0 else None
        if mon is None:
            return -1, []
        return slot, list({s.cards[c]: c for c in mon.energy}.values())

    def _return(self, ctx: Ctx, seat: int, slot: int, inst: int) -> None:
        p = SEATS[1 - seat]
        ctx.emit("discard_energy", p=p, slot=slot, cards=[inst])
        ctx.emit("move", p=p, card=inst, src="discard", dst="hand")

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        attacker = r.target  # the attacking Pokémon's first card, passed by the caller
        slot, picks = self._picks(ctx.s, seat, attacker)
        if len(picks) == 1:  # nothing to choose
            self._return(ctx, seat, slot, picks[0])
            return None
        return {"attacker": attacker, "done": False} if picks else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        _slot, picks = self._picks(s, seat, int(st["attacker"]))
        if st["done"] or not picks:
            return None
        labels = [s.card(c).name for c in picks]
        return seat, "pick the attacking Pokémon's Energy card to return to its hand", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot, picks = self._picks(ctx.s, seat, int(st["attacker"]))
        self._return(ctx, seat, slot, picks[option])


@dataclass(frozen=True)
class MoveOwnEnergyUpTo(Question):
    """Up to ``n`` Energy cards attached to the Pokémon whose effect it is (``Run.slot``)
    move to the player's other Pokémon, one (card, Pokémon) pick at a time, or "done"
    (Golden Wing of Ho-Oh ex ex10-104, as it would be Knocked Out)."""

    n: int = 2

    def describe(self) -> str:
        return f"up to {self.n} of its Energy cards moved to the player's other Pokémon"

    def _pairs(self, s: PtcgState, seat: int, src: int) -> list[tuple[int, int]]:
        side = s.sides[seat]
        mon = side.mon(src)
        if mon is None:
            return []
        cards = list({s.cards[c]: c for c in mon.energy}.values())
        return [(c, slot) for c in cards for slot, _ in side.in_play() if slot != src]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._pairs(ctx.s, seat, r.slot):
            return None
        return {"src": r.slot, "moved": 0, "done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        pairs = self._pairs(s, seat, int(st["src"]))
        if st["done"] or int(st["moved"]) >= self.n or not pairs:
            return None
        side = s.sides[seat]
        labels = []
        for card, slot in pairs:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} to {s.top(mon).name} ({slot_name(slot)})")
        return seat, "pick an Energy card to move and where, or done", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        src = int(st["src"])
        pairs = self._pairs(ctx.s, seat, src)
        if option >= len(pairs):
            st["done"] = True
            return
        card, dst = pairs[option]
        ctx.emit("move_energy", p=SEATS[seat], card=card, src=src, dst=dst)
        st["moved"] = int(st["moved"]) + 1
