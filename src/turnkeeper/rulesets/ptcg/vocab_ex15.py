"""Effect vocabulary first needed by EX Dragon Frontiers (ex15, cards 1-50): each primitive
says which card needs it. The effects are described in the project's own words (card text is
never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import max_hp, mon_labels
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal, hit, set_condition
from turnkeeper.rulesets.ptcg.delta_veil import is_delta_for
from turnkeeper.rulesets.ptcg.lasting import evolved
from turnkeeper.rulesets.ptcg.markers import remove_markers
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, guarded_defending, run_steps
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
        if defending is not None and is_delta_for(ctx.s, 1 - seat, ctx.s.top(defending)):
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
        delta = is_delta_for(ctx.s, 1 - seat, ctx.s.top(mon))
        counters(ctx, 1 - seat, slot, self.delta_n if delta else self.n)


# ---------------------------------------------------------------------------- ex16 ex and ★
@dataclass(frozen=True)
class DiscardOwnTop(Step):
    """The top ``n`` cards of the player's deck go to the discard pile (as many as it holds;
    Salamence ex's Volcanic Flame ex16-96)."""

    n: int

    def describe(self) -> str:
        return f"the top {self.n} cards of the deck to the discard pile"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for card in list(ctx.s.sides[seat].deck[: self.n]):
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="discard")


@dataclass(frozen=True)
class BenchDamageSameName(Step):
    """``amount`` damage to each of the opponent's Benched Pokémon with the same name as the
    Defending Pokémon (no Weakness or Resistance; a δ print has its plain name: Dirge
    ex16-97, Scanblast ex16-95)."""

    amount: int

    def describe(self) -> str:
        return f"{self.amount} to each opposing Benched Pokémon named as the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        opp = ctx.s.sides[1 - seat]
        if opp.active is None:
            return
        name = ctx.s.top(opp.active).name
        for slot in range(1, len(opp.bench) + 1):
            mon = opp.mon(slot)
            if mon is not None and ctx.s.top(mon).name == name:
                hit(ctx, seat, self.amount, slot)


@dataclass(frozen=True)
class EachDraws(Step):
    """Each player draws ``n`` cards (as many as their deck holds), the player first
    (Metagross ex's Magnetic Redraw ex16-95, after ``ShuffleBothHands``)."""

    n: int

    def describe(self) -> str:
        return f"each player draws {self.n} cards"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for who in (seat, 1 - seat):
            n = min(self.n, len(ctx.s.sides[who].deck))
            if n:
                ctx.emit("draw", p=SEATS[who], n=n)


@dataclass(frozen=True)
class EachActive(Step):
    """Something done to each Active Pokémon, the player's and the opponent's: the Special
    Condition ``condition`` (Flareon ★'s Crimson Ray ex16-100), ``counters`` damage counters
    (Jolteon ★'s Yellow Ray ex16-101), or every Special Condition and ``heal`` damage
    counters off (Vaporeon ★'s Blue Ray ex16-102). A Poké-Power's effect: no Weakness or
    Resistance; a Poké-Body keeping Special Conditions off still does."""

    condition: str = ""
    counters: int = 0
    heal: int = 0

    def describe(self) -> str:
        if self.condition:
            return f"each Active Pokémon is {self.condition}"
        if self.counters:
            return f"{self.counters} damage counter on each Active Pokémon"
        return f"each Active Pokémon: its Special Conditions and {self.heal} damage counters off"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for who in (seat, 1 - seat):
            mon = ctx.s.sides[who].active
            if mon is None:
                continue
            if self.condition:
                set_condition(ctx, who, 0, self.condition)
            if self.counters:
                counters(ctx, who, 0, self.counters)
            if self.heal:
                if mon.has_condition():
                    ctx.emit("cure", p=SEATS[who], slot=0, which=mon.conditions())
                heal(ctx, who, 0, self.heal)


@dataclass(frozen=True)
class MoveOpponentCounters(Question):
    """The player picks one of the opponent's Pokémon with damage counters, then another of
    the opponent's Pokémon: ``n`` damage counters move from the first to the second (all it
    has when it has fewer: project reading). Absol ex's Cursed Eyes ex16-92. A moved counter
    is no damage from an attack: nothing keeps it off. Nothing is asked when none of the
    opponent's Pokémon has a counter or they have one Pokémon in play; the first ask may be
    answered "none" (the power is optional)."""

    n: int = 3

    def describe(self) -> str:
        return f"move {self.n} damage counters from one of the opponent's Pokémon to another"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        opp = ctx.s.sides[1 - seat]
        if len(opp.in_play()) < 2 or not any(m.damage for _, m in opp.in_play()):
            return None
        return {"from": -1, "slots": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        if st["from"] == -2:
            return None
        if st["from"] < 0:
            slots = [slot for slot, m in opp.in_play() if m.damage]
            st["slots"] = slots
            return seat, f"move {self.n} damage counters from", [
                *mon_labels(s, opp, slots),
                "none",
            ]
        slots = [slot for slot, _ in opp.in_play() if slot != st["from"]]
        st["slots"] = slots
        return seat, "move the damage counters to", mon_labels(s, opp, slots)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["slots"]):
            st["from"] = -2  # none: the power is not used
            return
        slot = int(st["slots"][option])
        if st["from"] < 0:
            st["from"] = slot
            return
        opp = ctx.s.sides[1 - seat]
        src_slot = int(st["from"])
        st["from"] = -2
        src = opp.mon(src_slot)
        if src is None or opp.mon(slot) is None:
            return
        moved = min(10 * self.n, src.damage)
        ctx.emit("damage", p=SEATS[1 - seat], slot=src_slot, n=-moved)
        ctx.emit("damage", p=SEATS[1 - seat], slot=slot, n=moved)


# ---------------------------------------------------------------------------- ex15, more
@dataclass(frozen=True)
class DiscardPokemonForBenchHit(Question):
    """The player may discard a Pokémon card (a Basic Pokémon or Evolution card) from the
    hand; only then they pick one of the opponent's Benched Pokémon for ``amount`` damage (no
    Weakness or Resistance). Nidoking δ's Dark Horn ex15-6, after its damage to the Defending
    Pokémon. Nothing is asked without such a card in the hand or without an opposing Bench
    (project reading: a discard that could do nothing is not offered)."""

    amount: int = 20

    def describe(self) -> str:
        return (
            f"may discard a Pokémon card from the hand: then {self.amount} to one of the "
            "opponent's Benched Pokémon (picked)"
        )

    @staticmethod
    def _cards(s: PtcgState, seat: int) -> list[int]:
        """One card of each Pokémon card id in the hand (alike cards are one option)."""
        found: dict[str, int] = {}
        for card in s.sides[seat].hand:
            if s.card(card).kind == "pokemon":
                found.setdefault(s.cards[card], card)
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._cards(ctx.s, seat) or not ctx.s.sides[1 - seat].bench:
            return None
        return {"card": -1, "options": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["card"] == -2:
            return None
        if st["card"] < 0:
            cards = self._cards(s, seat)
            st["options"] = cards
            labels = [s.card(c).shown_name for c in cards]
            return seat, "discard a Pokémon card from the hand (or none)", [*labels, "none"]
        opp = s.sides[1 - seat]
        slots = [slot for slot, _ in opp.in_play() if slot]
        st["options"] = slots
        return seat, f"{self.amount} damage to which Benched Pokémon", mon_labels(s, opp, slots)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["card"] < 0:
            if option >= len(st["options"]):
                st["card"] = -2  # none: nothing more
                return
            card = int(st["options"][option])
            st["card"] = card
            ctx.emit("move", p=SEATS[seat], card=card, src="hand", dst="discard")
            return
        st["card"] = -2
        hit(ctx, seat, self.amount, int(st["options"][option]))


@dataclass(frozen=True)
class CureAndUnmarkOwn(Step):
    """Every Special Condition and every marker (``markers.py``: Imprison, Shock-wave) off
    each of the player's Pokémon (Tropius δ's Tropical Heal ex15-23)."""

    def describe(self) -> str:
        return "every Special Condition and marker off each of the player's Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot, mon in ctx.s.sides[seat].in_play():
            if mon.has_condition():
                ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())
            remove_markers(ctx, seat, slot)


@dataclass(frozen=True)
class VolunteerSwap(Question):
    """Ninetales δ's Volunteer (ex15-8): ``heal`` damage counters off the Pokémon
    using the power, its top card (Ninetales) discarded from the Vulpix under it (the
    ``devolve`` event: Special Conditions and effects on it end), then the player may put a
    card named in ``names`` from the deck onto that Vulpix (it evolves: the ``evolve`` event
    from the deck) or take nothing; the deck is shuffled afterwards. A Vulpix whose damage
    reaches its HP once devolved is Knocked Out instead (nothing is searched)."""

    names: tuple[str, ...] = ("Ninetales", "Ninetales ex")
    heal: int = 4

    def describe(self) -> str:
        return (
            f"{self.heal} damage counters off it, its top card discarded, then "
            f"{' or '.join(self.names)} from the deck onto what is left (evolving)"
        )

    def _found(self, s: PtcgState, seat: int, slot: int) -> list[int]:
        mon = s.sides[seat].mon(slot)
        if mon is None or mon.damage >= max_hp(s, mon):
            return []
        found: dict[str, int] = {}
        for inst in s.sides[seat].deck:
            card = s.card(inst)
            if card.name in self.names and card.evolves_from == s.top(mon).name:
                found.setdefault(s.cards[inst], inst)
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        heal(ctx, seat, r.slot, self.heal)
        ctx.emit("devolve", p=SEATS[seat], slot=r.slot, dest="discard")
        if not self._found(ctx.s, seat, r.slot):
            if ctx.s.sides[seat].deck:
                ctx.shuffle(seat)  # the deck was searched all the same
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self._found(s, seat, int(st["slot"]))
        st["picks"] = picks
        labels = [s.card(c).shown_name for c in picks]
        return seat, "a card from the deck to put on it (evolving)", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        slot = int(st["slot"])
        ctx.emit(
            "evolve", p=SEATS[seat], card=int(st["picks"][option]), slot=slot, **{"from": "deck"}
        )
        if ctx.s.special:  # a Poké-Body that acts as its Pokémon evolves (lasting.py)
            evolved(ctx, seat, slot)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)
