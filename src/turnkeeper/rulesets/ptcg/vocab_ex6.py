"""Primitives of the effect vocabulary first needed by EX FireRed & LeafGreen (ex6); the
cards are in ``effect_data_ex6.py`` and ``effect_rules_ex6.py``. Descriptions are the
project's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import max_hp, slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal
from turnkeeper.rulesets.ptcg.search import Search
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.trainer import tool_fits
from turnkeeper.rulesets.ptcg.turn import settle
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, guarded_defending


@dataclass(frozen=True)
class PlusByHeads(Step):
    """Flip ``coins`` coins; the damage goes up by ``table[heads]`` (Fury Cutter: 0, 10, 20,
    40 for 0 to 3 heads)."""

    coins: int
    table: tuple[int, ...]
    modifier = True

    def __post_init__(self) -> None:
        if len(self.table) != self.coins + 1:
            raise ValueError("PlusByHeads: one bonus per possible number of heads")

    def describe(self) -> str:
        bonuses = ", ".join(f"{h} heads +{b}" for h, b in enumerate(self.table) if b)
        return f"{self.coins} coins: {bonuses}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = sum(1 for _ in range(self.coins) if ctx.flip(r.attack))
        r.heads = heads
        r.damage += self.table[heads]


@dataclass(frozen=True)
class PlusPerOwnEvolved(Step):
    """``each`` more damage per Evolved Pokémon the attacker's player has in play (the
    attacker too, if it is one)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Evolved Pokémon the player has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        evolved = sum(1 for _, mon in ctx.s.sides[seat].in_play() if len(mon.stack) > 1)
        r.damage += self.each * evolved


@dataclass(frozen=True)
class CoinsFirst(Step):
    """Flip ``coins`` coins (-1: until tails) before the damage and keep the heads for a later
    step (``Run.heads``); ``all_tails_nothing``: with no heads the attack does nothing
    (Twister)."""

    coins: int
    all_tails_nothing: bool = False
    modifier = True

    def describe(self) -> str:
        flips = "flip until tails" if self.coins < 0 else f"flip {self.coins} coins"
        return flips + ("; no heads: the attack does nothing" if self.all_tails_nothing else "")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = 0
        if self.coins < 0:
            while ctx.flip(r.attack):
                heads += 1
        else:
            heads = sum(1 for _ in range(self.coins) if ctx.flip(r.attack))
        r.heads = heads
        if self.all_tails_nothing and not heads:
            r.off = True


@dataclass(frozen=True)
class DefendingEnergyPerHeads(Question):
    """After ``CoinsFirst``: per heads, an Energy card attached to the Defending Pokémon is
    discarded, picked one at a time by the attacker's player (``chooser="self"``: Twister) or
    by the Defending Pokémon's owner (``"opponent"``: Hyper Whirlpool). Nothing when it is
    Knocked Out already or its owner's effects are kept off (Protective Dust)."""

    chooser: Literal["self", "opponent"] = "self"

    def describe(self) -> str:
        who = "the player" if self.chooser == "self" else "the opponent"
        return f"per heads, {who} discards an Energy card of the Defending Pokémon"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        active = s.sides[1 - seat].active
        if active is None:
            return []
        return list({s.cards[c]: c for c in reversed(active.energy)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        active = ctx.s.sides[1 - seat].active
        if not r.heads or active is None or active.damage >= max_hp(ctx.s, active):
            return None
        if guarded_defending(ctx, seat):
            return None
        return {"left": r.heads, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat)
        if not st["left"] or not picks:
            return None
        st["picks"] = picks
        who = seat if self.chooser == "self" else 1 - seat
        prompt = f"discard an Energy card of the Defending Pokémon ({st['left']} more)"
        return who, prompt, [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[st["picks"][option]])
        st["left"] -= 1


@dataclass(frozen=True)
class PlusIfSelfAsleep(Step):
    """``amount`` more damage while the attacker is Asleep (Toss and Turn, an attack usable
    while Asleep: reg.ASLEEP_ATTACKS)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the attacker is Asleep"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and mon.rotation == "asleep":
            r.damage += self.amount


@dataclass(frozen=True)
class OwnToHand(Question):
    """The player picks one of their Pokémon: it and every card on it go back to the hand
    (the ``scoop`` event); not when it is their only Pokémon in play (see Mr. Briney's
    Compassion; the Trainer's check refuses that case)."""

    def describe(self) -> str:
        return "one of the player's Pokémon (their pick) and its cards back to the hand"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[seat].bench else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["done"] or not side.bench:
            return None
        labels = [f"{s.top(m).name} ({slot_name(slot)})" for slot, m in side.in_play()]
        return seat, "pick the Pokémon to return to the hand with its cards", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        ctx.emit("scoop", p=SEATS[seat], slot=option)


@dataclass(frozen=True)
class CounterToSelf(Question):
    """Strange Behavior: the player picks another of their damaged Pokémon; 1 damage counter
    moves from it to the Pokémon using the power (never Knocking that one Out)."""

    def describe(self) -> str:
        return "1 damage counter from another of the player's Pokémon (their pick) to it"

    @staticmethod
    def sources(s: PtcgState, seat: int, slot: int) -> list[int]:
        side = s.sides[seat]
        me = side.mon(slot)
        if me is None or max_hp(s, me) - me.damage <= 10:
            return []  # one more counter would Knock it Out
        return [other for other, mon in side.in_play() if other != slot and mon.damage]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self.sources(ctx.s, seat, r.slot) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = [] if st["done"] else self.sources(s, seat, int(st["slot"]))
        if not picks:
            return None
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.top(mon).name} ({slot_name(slot)})")
        return seat, "move 1 damage counter from", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        heal(ctx, seat, int(st["picks"][option]), 1)
        counters(ctx, seat, int(st["slot"]), 1)


@dataclass(frozen=True)
class AscentOnBench(Question):
    """Legendary Ascent (a Poké-Power used as its Pokémon is put onto the Bench from the hand,
    ``power.bench_power``): the player may switch it with their Active Pokémon; if so, they
    may then move basic Energy cards of type ``kind`` from their other Pokémon to it, one at
    a time until "done". ``name``: the power's name (the ``power`` event records its use)."""

    kind: str
    name: str = "Legendary Ascent"

    def describe(self) -> str:
        return (
            f"it may switch with the Active Pokémon; then basic {self.kind} Energy from the "
            "player's other Pokémon may move to it"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"stage": "switch", "picks": []}

    def _energy(self, s: PtcgState, seat: int) -> list[list[int]]:
        """[card, from slot] of each basic Energy of the type on the player's other Pokémon."""
        found: list[list[int]] = []
        for slot, mon in s.sides[seat].in_play():
            if slot == 0:
                continue
            for card in mon.energy:
                if s.defs[card].basic_energy and self.kind in s.defs[card].provides:
                    found.append([card, slot])
        return found

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["stage"] == "switch":
            mon = side.mon(int(st["slot"]))
            if mon is None or side.active is None:
                return None
            name = s.top(mon).name
            prompt = f"{self.name}: switch {name} with the Active {s.top(side.active).name}?"
            return seat, prompt, [f"switch {name} in", "no"]
        if st["stage"] != "move":
            return None
        picks = self._energy(s, seat)
        if not picks:
            return None
        st["picks"] = picks
        labels = []
        for card, slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} from {s.top(mon).name} ({slot_name(slot)})")
        return seat, f"move basic {self.kind} Energy to the new Active", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        s = ctx.s
        if st["stage"] == "switch":
            if option == 1:
                st["stage"] = "done"
                return
            slot = int(st["slot"])
            mon = s.sides[seat].mon(slot)
            assert mon is not None
            ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=self.name)
            ctx.emit("switch", p=SEATS[seat], slot=slot)
            st["stage"] = "move"
            return
        if option >= len(st["picks"]):
            st["stage"] = "done"
            return
        card, slot = st["picks"][option]
        ctx.emit("move_energy", p=SEATS[seat], card=int(card), src=int(slot), dst=0)


@dataclass(frozen=True)
class MayDiscardThenOpponentDiscards(Question):
    """Cold Crush: the player may discard an Energy card attached to the attacker; if they do,
    the opponent discards an Energy card attached to the Defending Pokémon (their pick)."""

    def describe(self) -> str:
        return (
            "the player may discard an Energy card of the attacker; if so, the opponent "
            "discards one of the Defending Pokémon"
        )

    @staticmethod
    def _distinct(s: PtcgState, cards: list[int]) -> list[int]:
        return list({s.cards[c]: c for c in reversed(cards)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        return {"stage": "own", "picks": []} if mon is not None and mon.energy else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "own":
            mon = s.sides[seat].active
            picks = self._distinct(s, mon.energy) if mon is not None else []
            if not picks:
                return None
            st["picks"] = picks
            labels = [s.card(c).name for c in picks]
            return seat, "discard an Energy card of the attacker?", [*labels, "none"]
        if st["stage"] != "theirs":
            return None
        defending = s.sides[1 - seat].active
        picks = self._distinct(s, defending.energy) if defending is not None else []
        if not picks:
            return None
        st["picks"] = picks
        prompt = "discard an Energy card of your Defending Pokémon"
        return 1 - seat, prompt, [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "own":
            if option >= len(st["picks"]):
                st["stage"] = "done"
                return
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[st["picks"][option]])
            st["stage"] = "done" if guarded_defending(ctx, seat) else "theirs"
            return
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[st["picks"][option]])
        st["stage"] = "done"


@dataclass(frozen=True)
class SearchNotOntoEx(Search):
    """A ``Search`` attaching to the player's Pokémon, never onto a Pokémon-ex (Energy
    Powder: basic Energy from the deck onto their Pokémon in any way they like)."""

    def describe(self) -> str:
        return super().describe() + " (not a Pokémon-ex)"

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = super().options(s, seat, st)
        if asked is None:
            return None
        who, prompt, labels = asked
        side = s.sides[seat]
        picks = st["picks"]
        keep = []
        for i, (_inst, slot) in enumerate(picks):
            mon = side.mon(int(slot))
            if mon is not None and not s.top(mon).ex:
                keep.append(i)
        if not keep:
            return None  # only Pokémon-ex to attach to: the search ends (the deck is shuffled)
        st["picks"] = [picks[i] for i in keep]
        return who, prompt, [labels[i] for i in keep] + labels[len(picks) :]


@dataclass(frozen=True)
class DiscardFromHandForDamage(Question):
    """Before the damage (an explicit ``Hit`` follows): the player discards cards of the
    Trainer kinds ``kinds`` from the hand, one at a time until "done"; the damage is ``each``
    per card discarded (Toss: Technical Machines and Pokémon Tools, 30 each)."""

    each: int
    kinds: tuple[str, ...] = ("tool", "tm")

    def describe(self) -> str:
        return f"discard {'/'.join(self.kinds)} cards from the hand: {self.each} damage each"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        hand = s.sides[seat].hand
        found = {s.cards[c]: c for c in reversed(hand) if s.defs[c].trainer in self.kinds}
        return list(found.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        r.damage = 0  # the damage is only what the discards make
        return {"done": False, "picks": [], "plus": 0} if self._found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = [] if st["done"] else self._found(s, seat)
        if not found:
            return None
        st["picks"] = found
        labels = [s.card(c).name for c in found]
        return seat, f"discard a card for {self.each} damage", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        ctx.emit("move", p=SEATS[seat], card=int(st["picks"][option]), src="hand", dst="discard")
        st["plus"] = int(st["plus"]) + self.each


@dataclass(frozen=True)
class MoveTypeEnergyToOne(Question):
    """After the damage: the player may move any number of Energy cards of type ``kind``
    attached to the attacker to one other of their Pokémon (first its pick, then the cards
    one at a time until "done"; Thunder Reflection)."""

    kind: str

    def describe(self) -> str:
        return f"the player may move {self.kind} Energy of the attacker to another Pokémon"

    def _cards(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        return [c for c in mon.energy if self.kind in s.defs[c].provides]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        if not side.bench or not self._cards(ctx.s, seat):
            return None
        return {"to": -1, "done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["done"]:
            return None
        if st["to"] < 0:
            labels = [f"{s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(side.bench)]
            return seat, f"move {self.kind} Energy of the attacker to", [*labels, "none"]
        cards = self._cards(s, seat)
        if not cards:
            return None
        st["picks"] = cards
        labels = [s.card(c).name for c in cards]
        return seat, f"move a {self.kind} Energy card", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["to"] < 0:
            if option >= len(ctx.s.sides[seat].bench):
                st["done"] = True
            else:
                st["to"] = option + 1
            return
        if option >= len(st["picks"]):
            st["done"] = True
            return
        card = int(st["picks"][option])
        ctx.emit("move_energy", p=SEATS[seat], card=card, src=0, dst=int(st["to"]))


@dataclass(frozen=True)
class AttachToolsFromDeck(Question):
    """Search the deck for up to ``n`` Pokémon Tool cards and attach each to one of the
    player's Pokémon that holds no Tool (and that the Tool may go onto: a Belt's team), one
    pick of (Tool, Pokémon) at a time; the deck is shuffled afterwards (Hoard). Only Tools
    the engine implements are in a game, so each one's own attach hook runs."""

    n: int = 2

    def describe(self) -> str:
        return f"up to {self.n} Pokémon Tools from the deck attached to the player's Pokémon"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"left": self.n, "picks": []}  # the deck is searched (and shuffled) in any case

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if not st["left"]:
            return None
        side = s.sides[seat]
        tools = {s.cards[c]: c for c in reversed(side.deck) if s.defs[c].trainer == "tool"}
        picks: list[list[int]] = []
        labels: list[str] = []
        for inst in list(tools.values())[::-1]:
            for slot, mon in side.in_play():
                if mon.tool < 0 and tool_fits(s, s.defs[inst], mon) is None:
                    picks.append([inst, slot])
                    labels.append(f"{s.card(inst).name} to {s.top(mon).name} ({slot_name(slot)})")
        if not picks:
            return None
        st["picks"] = picks
        return seat, f"a Pokémon Tool from the deck ({st['left']} more)", [*labels, "nothing more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["left"] = 0
            return
        inst, slot = st["picks"][option]
        ctx.emit("attach_tool", p=SEATS[seat], card=int(inst), slot=int(slot), **{"from": "deck"})
        tool = reg.TOOLS.get(ctx.s.cards[int(inst)])
        if tool is not None and tool.on_attach is not None:
            tool.on_attach(ctx, seat, int(slot))
        st["left"] -= 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class SwapWithDiscardBasic(Question):
    """Form Variation: the player picks a Basic Pokémon card in their discard pile (not a
    Pokémon-ex, not one named ``name``); it takes the place of the Pokémon using the power,
    which goes to the discard pile (the ``replace_basic`` event: attached cards, damage counters,
    Special Conditions and effects stay)."""

    name: str = "Ditto"

    def describe(self) -> str:
        return f"a Basic Pokémon (not ex, not {self.name}) from the discard pile takes its place"

    @staticmethod
    def found(s: PtcgState, seat: int, name: str) -> list[int]:
        picks = {
            s.cards[c]: c
            for c in reversed(s.sides[seat].discard)
            if s.defs[c].is_basic_pokemon
            and s.defs[c].kind == "pokemon"
            and not s.defs[c].ex
            and s.defs[c].name != name
        }
        return list(picks.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self.found(ctx.s, seat, self.name) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = [] if st["done"] else self.found(s, seat, self.name)
        if not picks:
            return None
        st["picks"] = picks
        return seat, "the Basic Pokémon that takes its place", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = int(st["picks"][option])
        ctx.emit(
            "replace_basic", p=SEATS[seat], card=card, slot=int(st["slot"]), **{"from": "discard"}
        )


# ---------------------------------------------------------------------------- issue 19, last cards
@dataclass(frozen=True)
class DiscardOwnEnergyForDamage(Question):
    """Before the damage (an explicit ``Hit`` follows): the player may discard Energy cards
    attached to any of their Pokémon in play, one at a time until "done"; ``each`` more
    damage per card discarded (Crush and Burn ex6-107). Alike cards on one Pokémon are one
    option."""

    each: int

    def describe(self) -> str:
        return f"the player may discard Energy cards from their Pokémon: +{self.each} each"

    def _found(self, s: PtcgState, seat: int) -> list[list[int]]:
        found: dict[tuple[str, int], list[int]] = {}
        for slot, mon in s.sides[seat].in_play():
            for card in mon.energy:
                found.setdefault((s.cards[card], slot), [card, slot])
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": [], "plus": 0} if self._found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = [] if st["done"] else self._found(s, seat)
        if not found:
            return None
        st["picks"] = found
        side = s.sides[seat]
        labels = []
        for card, slot in found:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} from {s.top(mon).name} ({slot_name(slot)})")
        return seat, f"discard an Energy card for {self.each} more damage", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        card, slot = st["picks"][option]
        ctx.emit("discard_energy", p=SEATS[seat], slot=int(slot), cards=[int(card)])
        st["plus"] = int(st["plus"]) + self.each


@dataclass(frozen=True)
class KnockOutSelf(Step):
    """The Pokémon whose power it is is discarded with every card on it, and this counts as a
    Knock Out (Extra Energy Bomb ex6-107): it is given damage up to its HP and the Knock Out
    is settled at once (``turn.settle``: the opponent takes its Prize cards, 2 for a
    Pokémon-ex, and may win by them), so that what follows finds its cards in the discard
    pile; a new Active is promoted once the power is done."""

    def describe(self) -> str:
        return "it is discarded with every card on it (a Knock Out: the opponent takes Prizes)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        mon = s.sides[seat].mon(r.slot)
        if mon is None:
            r.off = True
            return
        ctx.emit("note", what="knocks itself out", p=SEATS[seat], card=mon.stack[-1])
        left = max_hp(s, mon) - mon.damage
        if left > 0:
            ctx.emit("damage", p=SEATS[seat], slot=r.slot, n=left)
        if settle(ctx):  # the opponent took their last Prize card: the game is over
            r.off = True
