"""Effect vocabulary first needed by EX Holon Phantoms (ex13): each primitive says which card
needs it. The effects are described in the project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import max_hp, mon_labels, provides
from turnkeeper.rulesets.ptcg.board_moves import devolve
from turnkeeper.rulesets.ptcg.cards import ANY
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import after_withheld, counters, heal, hit
from turnkeeper.rulesets.ptcg.delta_veil import is_delta_for, mon_is_delta
from turnkeeper.rulesets.ptcg.holon import delta_in_play
from turnkeeper.rulesets.ptcg.search import Search
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, guarded_defending


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
    # only a Pokémon that has damage counters on it already (Cacturne δ's Spike Storm ex14-15)
    damaged_only: bool = False

    def describe(self) -> str:
        how = "one damage counter per Energy attached" if self.per_energy else (
            f"{self.n} damage counters"
        )
        which = "δ Pokémon" if self.delta_only else "Pokémon"
        if self.damaged_only:
            which = "damaged " + which
        return f"{how} on one of the opponent's {which} (picked)"

    def _slots(self, s: PtcgState, seat: int) -> list[int]:
        return [
            slot
            for slot, m in s.sides[1 - seat].in_play()
            if (not self.delta_only or is_delta_for(s, 1 - seat, s.top(m)))
            and (not self.damaged_only or m.damage)
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
        if active is not None and ctx.s.stage_in_play(active) == "stage2":
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


@dataclass(frozen=True)
class BaseIfOwnSupporter(Step):
    """The base damage is ``amount`` instead while the attacker's player has a Supporter
    card in play (the one played this turn, beside the Active: Armaldo δ's Delta Edge
    ex13-1)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"base damage {self.amount} while the player has a Supporter card in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[seat].supporter >= 0:
            r.damage = self.amount


@dataclass(frozen=True)
class SearchOntoDelta(Search):
    """A ``Search`` attaching to the player's Pokémon (``dest="attach_own"``) that has δ on
    its card only: Pichu δ's Paste ex13-76 (an Energy card from the discard pile), Flygon δ's
    Delta Supply ex13-7 (a basic or δ Rainbow Energy card from the hand). With no δ Pokémon
    to take it the search ends."""

    def describe(self) -> str:
        return super().describe() + " (a δ Pokémon only)"

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
            if mon is not None and mon_is_delta(s, mon):
                keep.append(i)
        if not keep:
            return None
        st["picks"] = [picks[i] for i in keep]
        return who, prompt, [labels[i] for i in keep] + labels[len(picks) :]


def _typed_energy(s: PtcgState, seat: int, kind: str) -> list[int]:
    """The Energy cards attached to the Active that give ``kind`` there (a special Energy as
    its ``units`` say on that Pokémon: δ Rainbow Energy gives every type on a δ Pokémon)."""
    mon = s.sides[seat].active
    if mon is None:
        return []
    found = []
    for c in mon.energy:
        effect = reg.ENERGIES.get(s.cards[c])
        if effect is not None and effect.units is not None:
            kinds = {k for unit in effect.units(s, mon, c) for k in unit}
        else:
            kinds = set(provides(s, c))
        if kind in kinds or ANY in kinds:
            found.append(c)
    return found


@dataclass(frozen=True)
class MayDiscardForBase(Question):
    """Before the damage (a ``Hit`` follows): with at least ``n`` ``kind`` Energy attached,
    the player may discard ``n`` of them; if they do, the base damage is ``base`` instead
    (Raichu δ's Metallic Thunder ex13-15: 2 Metal Energy for 90). Nothing is asked without
    enough of that Energy."""

    n: int
    kind: str
    base: int

    def describe(self) -> str:
        return f"the player may discard {self.n} {self.kind} Energy: base damage {self.base}"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        enough = len(_typed_energy(ctx.s, seat, self.kind)) >= self.n
        return {"done": False} if enough else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        more = f"discard {self.n} {self.kind} Energy: {self.base} damage"
        return seat, "how much damage?", ["the printed damage", more]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 1:
            cards = _typed_energy(ctx.s, seat, self.kind)[: self.n]
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=cards)
            st["damage_set"] = self.base


@dataclass(frozen=True)
class TrainerFromOpponentHandForDamage(Step):
    """Before the damage (a ``Hit`` follows): a card of the opponent's hand picked without
    looking (the game's dice) is looked at; a Trainer card is discarded and the attack does
    ``more`` more damage, any other card stays in the hand (Golduck δ's Mind Play ex13-43).
    The picked card is named in a note seen by the attacker's player."""

    more: int
    modifier = True

    def describe(self) -> str:
        return f"a random card of the opponent's hand: a Trainer is discarded for +{self.more}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        hand = ctx.s.sides[1 - seat].hand
        if not hand:
            return
        card = hand[ctx.dice.die(len(hand)) - 1]
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=[ctx.s.card(card).name])
        if ctx.s.card(card).kind == "trainer":
            ctx.emit("move", p=SEATS[1 - seat], card=card, src="hand", dst="discard")
            r.damage += self.more


@dataclass(frozen=True)
class DiscardEnergyToDevolveDefending(Question):
    """After the damage: the player may discard ``n`` Energy cards attached to the attacker;
    if they do, they may take the highest Stage card off the Defending Pokémon and shuffle
    it into the opponent's deck (Mew ex's Devo Crush ex13-100). The options: neither, both
    (only when the Defending Pokémon is evolved and not kept safe from effects), or the
    discard alone (the card allows it). Nothing is asked with fewer than ``n`` Energy."""

    n: int

    def describe(self) -> str:
        return (
            f"may discard {self.n} Energy of the attacker; if so, may shuffle the Defending "
            "Pokémon's top Stage card into the opponent's deck"
        )

    def _can_devolve(self, ctx: Ctx, seat: int) -> bool:
        defending = ctx.s.sides[1 - seat].active
        return (
            defending is not None and len(defending.stack) > 1 and not guarded_defending(ctx, seat)
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        if mon is None or len(mon.energy) < self.n:
            return None
        return {"done": False, "devolve": self._can_devolve(ctx, seat)}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = ["no discard", f"discard {self.n} Energy only"]
        if st["devolve"]:
            labels.append(f"discard {self.n} Energy: its top Stage card into the deck")
        return seat, "discard Energy to devolve the Defending Pokémon?", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        mon = ctx.s.sides[seat].active
        if option == 0 or mon is None:
            return
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=list(mon.energy[: self.n]))
        if option == 2 and self._can_devolve(ctx, seat):
            devolve(ctx, 1 - seat, 0, "deck")


@dataclass(frozen=True)
class DiscardFromHandToHitBench(Question):
    """After the damage: the player may discard a card named one of ``names`` from the hand;
    if they do, ``amount`` damage to one of the opponent's Benched Pokémon they pick (no
    Weakness or Resistance: Armaldo δ's Fossil Charge ex13-1, a Fossil card). One question:
    which card and which Pokémon, or neither. Nothing is asked without such a card or an
    opposing Benched Pokémon."""

    names: tuple[str, ...]
    amount: int

    def describe(self) -> str:
        return (
            f"may discard one of {', '.join(self.names)} from the hand: {self.amount} to one "
            "of the opponent's Benched Pokémon"
        )

    def _picks(self, s: PtcgState, seat: int) -> list[list[int]]:
        cards: dict[str, int] = {}
        for c in s.sides[seat].hand:
            if s.card(c).name in self.names:
                cards.setdefault(s.cards[c], c)
        benched = [slot for slot, _ in s.sides[1 - seat].in_play() if slot]
        return [[c, slot] for c in cards.values() for slot in benched]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self._picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = [] if st["done"] else self._picks(s, seat)
        if not picks:
            return None
        st["picks"] = picks
        opp = s.sides[1 - seat]
        labels = [
            f"discard {s.card(c).name}: {self.amount} to {mon_labels(s, opp, [slot])[0]}"
            for c, slot in picks
        ]
        return seat, "discard a card to hit a Benched Pokémon?", [*labels, "no"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        card, slot = st["picks"][option]
        ctx.emit("move", p=SEATS[seat], card=int(card), src="hand", dst="discard")
        hit(ctx, seat, self.amount, int(slot), wr=False)
