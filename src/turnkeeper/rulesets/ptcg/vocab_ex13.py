"""Effect vocabulary first needed by EX Holon Phantoms (ex13): each primitive says which card
needs it. The effects are described in the project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import max_hp, mon_labels
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import after_withheld, counters, heal
from turnkeeper.rulesets.ptcg.delta_veil import is_delta_for
from turnkeeper.rulesets.ptcg.holon import delta_in_play
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
        if side.discard and is_delta_for(ctx.s, seat, ctx.s.card(side.discard[-1])):
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


@dataclass(frozen=True)
class CountersOnPickedOpponent(Question):
    """The player picks one of the opponent's Pokémon in play (``delta_only``: a δ one) and
    puts ``n`` damage counters on it, or (``per_energy``) one per Energy card attached to it.
    Kingdra δ's Dragon Curse ex13-10 (2 on a δ Pokémon), Mew's Super Psywave ex13-111 (one
    per Energy); with ``owner_picks`` the opponent picks (Persian δ's Deceive ex13-48).
    Nothing is asked when no Pokémon fits."""

    n: int = 0
    delta_only: bool = False
    per_energy: bool = False
    owner_picks: bool = False  # the opponent picks which of their Pokémon (Deceive ex13-48)

    def describe(self) -> str:
        how = "one damage counter per Energy attached" if self.per_energy else (
            f"{self.n} damage counters"
        )
        which = "δ Pokémon" if self.delta_only else "Pokémon"
        return f"{how} on one of the opponent's {which} (picked)"

    def _slots(self, s: PtcgState, seat: int) -> list[int]:
        return [
            slot
            for slot, m in s.sides[1 - seat].in_play()
            if not self.delta_only or is_delta_for(s, 1 - seat, s.top(m))
        ]

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
        if self.owner_picks:
            return 1 - seat, "pick one of your Pokémon for the damage counters", labels
        return seat, "pick the opponent's Pokémon for the damage counters", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["slots"][option])
        mon = ctx.s.sides[1 - seat].mon(slot)
        if mon is None:
            return
        n = len(mon.energy) if self.per_energy else self.n
        counters(ctx, 1 - seat, slot, n)


@dataclass(frozen=True)
class ReturnOpponentBenched(Question):
    """The player picks one of the opponent's Benched Pokémon: it and every card attached to
    it go back to its owner's hand (the ``scoop`` event): Crawdaunt ex's Splash Back ex13-99."""

    def describe(self) -> str:
        return "one of the opponent's Benched Pokémon (picked) and its cards back to their hand"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if ctx.s.sides[1 - seat].bench else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        slots = [slot for slot, _ in opp.in_play() if slot]
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        labels = mon_labels(s, opp, slots)
        return seat, "pick the opponent's Benched Pokémon to return to their hand", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        ctx.emit("scoop", p=SEATS[1 - seat], slot=int(st["slots"][option]))


@dataclass(frozen=True)
class PlusIfDefendingStage2(Step):
    """``amount`` more damage if the Defending Pokémon is a Stage 2 Evolved Pokémon (its top
    card: Mightyena ex's Hyper Claws ex13-101)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the Defending Pokémon is a Stage 2 Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        active = ctx.s.sides[1 - seat].active
        if active is not None and ctx.s.top(active).stage == "stage2":
            r.damage += self.amount


@dataclass(frozen=True)
class ReduceBeforeWRNextTurn(Step):
    """During the opponent's next turn, damage done to the attacker by attacks is reduced by
    ``amount`` before Weakness and Resistance (a ``Mon.later`` entry ``"reduced:N"`` read by
    damage.py beside Pivot Throw's ``"vulnerable:N"``; it ends on the Bench or on evolving):
    Deoxys δ's Delta Reduction ex13-4. (A ``Guard`` takes its amount off after them.)"""

    amount: int

    def describe(self) -> str:
        return f"next turn {self.amount} less damage to it from attacks (before W/R)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit(
            "flag",
            p=SEATS[seat],
            slot=0,
            flag="later",
            what=f"reduced:{self.amount}",
            turn=ctx.s.turn + 1,
        )


@dataclass(frozen=True)
class IfHolonStadium(Step):
    """The steps ``then`` only while a Stadium card with Holon in its name is in play
    (Persian δ's Scratch and Draw ex13-48)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Holon Stadium in play: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if s.stadium >= 0 and "Holon" in s.card(s.stadium).name:
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class MillToOnePlusPerEnergy(Step):
    """Discard cards from the top of the player's deck until 1 card is left; ``each`` more
    damage per Energy card discarded so (Gyarados ★ δ's All-out Blast ex13-102). With 1 card
    or none in the deck nothing is discarded."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"discard the deck down to 1 card: +{self.each} per Energy card discarded"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        gone = list(s.sides[seat].deck[:-1])
        for card in gone:
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="discard")
        r.damage += self.each * sum(1 for c in gone if s.card(c).kind == "energy")


@dataclass(frozen=True)
class IfDefendingKnockedOut(Step):
    """After the attack's damage: if the Defending Pokémon is Knocked Out by it (its damage
    reached its HP), the attacker loses every Special Condition and up to ``heal`` damage
    counters (Kabutops δ's Vital Drain ex13-9)."""

    heal: int

    def describe(self) -> str:
        return f"if it Knocked the Defending Pokémon Out: no Special Conditions, {self.heal} off"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if after_withheld(ctx, seat, f"ko_heal:{self.heal}"):
            return  # the damage waits for the defending player's answer (Psychic Protector)
        s = ctx.s
        target = s.sides[1 - seat].active
        mon = s.sides[seat].active
        if target is None or mon is None or target.damage < max_hp(s, target):
            return
        if mon.conditions():
            ctx.emit("cure", p=SEATS[seat], slot=0, which=mon.conditions())
        heal(ctx, seat, 0, self.heal)
