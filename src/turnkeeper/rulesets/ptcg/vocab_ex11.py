"""Effect primitives EX Delta Species (ex11) brings (effect_data_ex11.py uses them); each says
which card needs it. The era's rules (δ Species, dual types, Holon's Pokémon) are holon.py's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import (
    body_off,
    energy_units,
    gassed,
    mon_labels,
    provides,
    slot_name,
    types_of,
)
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, counters, guarded, heal, hit
from turnkeeper.rulesets.ptcg.delta_veil import mon_is_delta
from turnkeeper.rulesets.ptcg.search import Cards, PickTargets
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, TargetHit


def own_pokemon_of_types(s: PtcgState, seat: int, kinds: tuple[str, ...]) -> int:
    """How many of the player's Pokémon in play are of any of ``kinds``. A dual-type
    Pokémon of two of them counts once: it is one Pokémon (``ptcg.ex11.dual-type``)."""
    return sum(
        1 for _, mon in s.sides[seat].in_play() if any(k in kinds for k in types_of(s, mon))
    )


@dataclass(frozen=True)
class TimesOwnOfTypes(Step):
    """The printed damage times the number of the player's Pokémon in play of any of
    ``kinds`` (Mightyena δ's Gang Up ex11-24: its Darkness and Metal Pokémon; a Pokémon of
    both types counts once)."""

    kinds: tuple[str, ...]
    modifier = True

    def describe(self) -> str:
        return f"the printed damage times the player's {' and '.join(self.kinds)} Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage *= own_pokemon_of_types(ctx.s, seat, self.kinds)


def prizes_taken(s: PtcgState, seat: int) -> int:
    """How many Prize cards the player has taken so far (the game's Prize count minus those
    left)."""
    return max(0, s.typed_settings.prizes - len(s.sides[seat].prizes))


@dataclass(frozen=True)
class AttachPerOpponentPrizes(Step):
    """Attach from the discard pile to the attacker as many ``kind`` Energy cards (by name:
    "Metal Energy" is a special card in this era) as the opponent has taken Prize cards (all
    it can: the card says "up to", and more Energy never hurts the attacker; the Pokémon ★
    Critical Collection, ex11-111..113)."""

    kind: str

    def describe(self) -> str:
        return f"attach a {self.kind} Energy from the discard pile per Prize the opponent took"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = prizes_taken(s, 1 - seat)
        found = [
            c
            for c in s.sides[seat].discard
            if s.card(c).name == f"{self.kind} Energy" and self.kind in provides(s, c)
        ][:n]
        for card in found:
            ctx.emit(
                "attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"}
            )


# ---------------------------------------------------------------------------- Holon Energy
HOLON_ENERGY = "Holon Energy"  # the name every Holon Energy card starts with (FF, GL, WP)


def holon_energy_on(s: PtcgState, mon: Mon) -> int:
    """How many Holon Energy cards are attached to ``mon`` (counted by name: the Castforms of
    ex11 ask it whether or not the Holon Energy's own effects are implemented)."""
    return sum(1 for c in mon.energy if s.card(c).name.startswith(HOLON_ENERGY))


@dataclass(frozen=True)
class PlusPerHolonEnergy(Step):
    """``each`` more damage per Holon Energy card attached to the attacker (Rain Castform's
    Holon Splash ex11-26)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Holon Energy card on the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None:
            r.damage += self.each * holon_energy_on(ctx.s, mon)


@dataclass(frozen=True)
class IfHolonEnergy(Step):
    """The steps ``then`` only if the attacker has a Holon Energy card attached (Castform's
    Holon Draw ex11-34, Snow-cloud Castform's Holon Blizzard ex11-29)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Holon Energy attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and holon_energy_on(ctx.s, mon):
            for step in self.then:
                step.run(ctx, seat, r)


# ---------------------------------------------------------------------------- ex11 cards
@dataclass(frozen=True)
class IfAttackerHasTM(Step):
    """The steps ``then`` only if a Technical Machine is attached to the attacker
    (Porygon2's Machine Burst ex11-25)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Technical Machine attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and mon.tm >= 0:
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class DrawToOpponentHandSize(Step):
    """Draw until the hand holds as many cards as the opponent's (nothing when it holds as
    many or more; as many as the deck has): Holon Scientist ex11-97."""

    def describe(self) -> str:
        return "draw until the hand is as big as the opponent's"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = min(len(s.sides[1 - seat].hand) - len(s.sides[seat].hand), len(s.sides[seat].deck))
        if n > 0:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class BasicUpToHP(Cards):
    """A search filter for a Basic Pokémon of at most ``hp`` HP (Holon Mentor ex11-93)."""

    hp: int = 100

    def matches(self, card: CardDef) -> bool:
        return card.kind == "pokemon" and card.stage == "basic" and card.hp <= self.hp

    def describe(self) -> str:
        return f"Basic Pokémon of {self.hp} HP or less"


@dataclass(frozen=True)
class HolonSupporter(Cards):
    """A search filter for a Supporter card with Holon in its name (Holon Transceiver
    ex11-98)."""

    def matches(self, card: CardDef) -> bool:
        return card.kind == "trainer" and card.trainer == "supporter" and "Holon" in card.name

    def describe(self) -> str:
        return "Supporter with Holon in its name"


@dataclass(frozen=True)
class EnergyFromTopPerPrizes(Question):
    """Look at as many cards from the top of the deck as there are Prize cards left on both
    sides; take any number of the Energy cards among them into the hand; the deck is shuffled
    afterwards (Holon Lass ex11-92). The cards seen are fixed when the look starts, so taking
    one does not bring a new card into view."""

    def describe(self) -> str:
        return "look at the top cards (one per Prize left, both sides): Energy to the hand"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        n = len(s.sides[0].prizes) + len(s.sides[1].prizes)
        seen = list(s.sides[seat].deck[:n])
        return {"seen": seen, "picks": [], "done": False} if seen else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        deck = s.sides[seat].deck
        ids: set[str] = set()
        picks: list[int] = []
        for inst in st["seen"]:
            if inst in deck and s.card(inst).kind == "energy" and s.cards[inst] not in ids:
                ids.add(s.cards[inst])
                picks.append(inst)
        if not picks:
            return None
        st["picks"] = picks
        labels = [s.card(c).name for c in picks]
        return seat, "an Energy card of the top cards into the hand", [*labels, "nothing more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        ctx.emit("move", p=SEATS[seat], card=int(st["picks"][option]), src="deck", dst="hand")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class ReturnAttackerEnergy(Question):
    """An Energy card attached to the Pokémon whose effect it is back to its player's hand
    (the ``energy_to_hand`` event; the player picks when they differ). ``may``: the player may
    decline; ``then``: steps done only if a card went back (Starmie δ's Energy Loop ex11-15:
    not optional; Flareon δ's Return Burn ex11-5: optional, then the Defending Pokémon is
    Burned)."""

    may: bool = False
    then: tuple[Step, ...] = ()

    def describe(self) -> str:
        text = ("may return" if self.may else "return") + " an Energy card of it to the hand"
        if self.then:
            text += "; if so: " + ", ".join(step.describe() for step in self.then)
        return text

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].mon(r.slot)
        if mon is None or not mon.energy:
            return None
        if not self.may and len({ctx.s.cards[c] for c in mon.energy}) == 1:
            # one kind of Energy card and no way to decline: nothing to ask
            st: dict[str, Any] = {"done": False, "picks": [mon.energy[0]], "slot": r.slot}
            self.answer(ctx, seat, 0, st)
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        mon = s.sides[seat].mon(int(st["slot"]))
        if st["done"] or mon is None or not mon.energy:
            return None
        picks: list[int] = []
        for c in mon.energy:
            if all(s.cards[c] != s.cards[p] for p in picks):
                picks.append(c)
        st["picks"] = picks
        labels = [s.card(c).name for c in picks] + (["none"] if self.may else [])
        return seat, "the Energy card that goes back to the hand", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return  # declined
        slot = int(st["slot"])
        ctx.emit("energy_to_hand", p=SEATS[seat], slot=slot, card=int(st["picks"][option]))
        r = Run(int(st.get("damage", 0)), attack="returned an Energy card", slot=slot)
        for step in self.then:
            step.run(ctx, seat, r)


@dataclass(frozen=True)
class HealEachDelta(Step):
    """``n`` damage counters off each of the player's δ Pokémon in play (Espeon δ's Delta Heal
    ex11-4)."""

    n: int = 1

    def describe(self) -> str:
        return f"{self.n} damage counter off each of the player's δ Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot, mon in ctx.s.sides[seat].in_play():
            if mon.damage and top_is_delta(ctx.s, mon):
                heal(ctx, seat, slot, self.n)


def top_is_delta(s: PtcgState, mon: Mon) -> bool:
    """The Pokémon's card (its top card) is δ Species (``ptcg.ex11.delta``), for its owner: a
    Holon Veil of theirs counts (``delta_veil.mon_is_delta``)."""
    return mon_is_delta(s, mon)


@dataclass(frozen=True)
class UnlessDeltaGuard(Step):
    """The steps ``then`` unless the attacker has a Holon Energy card attached and its
    Poké-Bodies work (Rayquaza δ's Delta Guard ex11-13 cancels its Lightning Storm's 7 counters
    on itself)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "unless a Holon Energy is attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        on = mon is not None and not gassed(ctx.s) and not body_off(ctx.s, mon)
        if mon is not None and on and holon_energy_on(ctx.s, mon):
            body_acted(ctx, seat, mon, "Delta Guard")
            return
        for step in self.then:
            step.run(ctx, seat, r)


def _counter_on_each(ctx: Ctx, seat: int, slot: int, name: str, which: str) -> None:
    """Between turns, while Active: 1 damage counter on each of the opponent's Pokémon that is
    ``which`` ("ex": a Pokémon-ex; "bodied": one with a Poké-Body)."""
    s = ctx.s
    if slot != 0:
        return
    hit_any = False
    for other, mon in list(s.sides[1 - seat].in_play()):
        card = s.top(mon)
        if card.ex if which == "ex" else any(p.kind == "body" for p in card.powers):
            ctx.emit("damage", p=SEATS[1 - seat], slot=other, n=10)
            hit_any = True
    active = s.sides[seat].active
    if hit_any and active is not None:
        body_acted(ctx, seat, active, name)


def delta_storm(ctx: Ctx, seat: int, slot: int) -> None:
    """Sandslash δ's Delta Storm (ex11-27): between turns, while Active, 1 damage counter on
    each of the opponent's Pokémon-ex."""
    _counter_on_each(ctx, seat, slot, "Delta Storm", "ex")


def body_odor(ctx: Ctx, seat: int, slot: int) -> None:
    """Weezing's Body Odor (ex11-33): between turns, while Active, 1 damage counter on each of
    the opponent's Pokémon that has a Poké-Body."""
    _counter_on_each(ctx, seat, slot, "Body Odor", "bodied")


@dataclass(frozen=True)
class CountersOnEachOpponent(Step):
    """``n`` damage counters on each of the opponent's Pokémon in play (Jolteon ex's
    Evolutionary Thunder ex11-109: a Poké-Power's counters, not an attack's damage)."""

    n: int = 1

    def describe(self) -> str:
        return f"{self.n} damage counter on each of the opponent's Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot, _ in list(ctx.s.sides[1 - seat].in_play()):
            counters(ctx, 1 - seat, slot, self.n)


@dataclass(frozen=True)
class BaseIfDefendingType(Step):
    """The base damage is ``amount`` instead if the Defending Pokémon is of type ``kind``
    (either of a dual type: ``ptcg.ex11.dual-type``; Marowak δ's Metal Crusher ex11-10)."""

    amount: int
    kind: str
    modifier = True

    def describe(self) -> str:
        return f"base damage {self.amount} if the Defending Pokémon is {self.kind}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and self.kind in types_of(ctx.s, defending):
            r.damage = self.amount


@dataclass(frozen=True)
class PickTargetsPerEnergy(PickTargets):
    """``amount`` damage to each of as many of the opponent's Pokémon (a different one each
    time) as the attacker has Energy, or fewer: the player may stop (Marowak δ's Energy Bone
    ex11-10, "up to the amount of Energy attached")."""

    def describe(self) -> str:
        return f"{self.amount} to each of up to one opponent's Pokémon per Energy on the attacker"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        left = 0 if mon is None else len(energy_units(ctx.s, mon))
        return {"left": left, "picked": [], "slots": []} if left else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = super().options(s, seat, st)
        if asked is None:
            return None
        who, prompt, labels = asked
        return who, prompt, [*labels, "no more"]


@dataclass(frozen=True)
class OpponentRedraws(Question):
    """The opponent shuffles their hand into their deck, then draws any number of cards up to
    ``n`` — their choice, so they are asked (Vaporeon ex's Evolutionary Swirl ex11-110)."""

    n: int = 4

    def describe(self) -> str:
        return f"the opponent shuffles the hand into the deck, then draws up to {self.n}"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        opp = 1 - seat
        for card in list(ctx.s.sides[opp].hand):
            ctx.emit("move", p=SEATS[opp], card=card, src="hand", dst="deck")
        ctx.shuffle(opp)
        return {"done": False} if ctx.s.sides[opp].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        most = min(self.n, len(s.sides[1 - seat].deck))
        return 1 - seat, "how many cards to draw", [f"draw {k}" for k in range(most + 1)]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option:
            ctx.emit("draw", p=SEATS[1 - seat], n=option)


@dataclass(frozen=True)
class TargetHitPerOwnCounters(TargetHit):
    """``each`` damage per damage counter on the attacker, to the opponent's Pokémon the player
    picks (the attack's ``target``; Weakness and Resistance on the Active only): Gardevoir δ's
    Psychic Rage ex11-6."""

    each: int = 10

    def describe(self) -> str:
        return f"{self.each} per damage counter on the attacker to one of the opponent's Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        n = 0 if mon is None else mon.damage // 10
        TargetHit(self.each * n, wr=self.wr, effects=self.effects).run(ctx, seat, r)


@dataclass(frozen=True)
class MoveOwnEnergy(Question):
    """Move an Energy card attached to one of the player's Pokémon to another of them: first
    the card (and where from), then where to (Gardevoir δ's Energy Jump ex11-6)."""

    def describe(self) -> str:
        return "move an Energy card from one of the player's Pokémon to another"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mons = ctx.s.sides[seat].in_play()
        if len(mons) < 2 or not any(m.energy for _, m in mons):
            return None
        return {"stage": "from", "picks": [], "src": -1, "card": -1}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        labels: list[str] = []
        picks: list[list[int]] = []
        if st["stage"] == "from":
            for slot, mon in side.in_play():
                seen: set[str] = set()
                for c in mon.energy:
                    if s.cards[c] not in seen:
                        seen.add(s.cards[c])
                        picks.append([slot, c])
                        where = f"{s.top(mon).name} ({slot_name(slot)})"
                        labels.append(f"{s.card(c).name} from {where}")
            prompt = "the Energy card to move"
        elif st["stage"] == "to":
            for slot, mon in side.in_play():
                if slot != st["src"]:
                    picks.append([slot, -1])
                    labels.append(f"{s.top(mon).name} ({slot_name(slot)})")
            prompt = "the Pokémon it goes to"
        else:
            return None
        st["picks"] = picks
        return seat, prompt, labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        slot, card = st["picks"][option]
        if st["stage"] == "from":
            st["src"], st["card"], st["stage"] = int(slot), int(card), "to"
            return
        st["stage"] = "done"
        ctx.emit(
            "move_energy", p=SEATS[seat], card=int(st["card"]), src=int(st["src"]), dst=int(slot)
        )


@dataclass(frozen=True)
class NothingUnlessOpponentHas(Step):
    """The attack does nothing unless the opponent has in play a Pokémon-ex (``what="ex"``:
    Latias δ's Extra Crush ex11-8) or a Stage 2 Evolved Pokémon (``"stage2"``: Latios δ's
    Psychic Force ex11-9)."""

    what: str
    modifier = True  # decided before the damage is done

    def describe(self) -> str:
        which = "a Pokémon-ex" if self.what == "ex" else "a Stage 2 Pokémon"
        return f"it does nothing unless the opponent has {which} in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        cards = [s.top(m) for _, m in s.sides[1 - seat].in_play()]
        if self.what == "ex":
            found = any(c.ex for c in cards)
        else:
            found = any(c.stage == "stage2" for c in cards)
        if not found:
            r.off = True


def with_own_named(s: PtcgState, mon: Mon, names: tuple[str, ...]) -> bool:
    """Whether ``mon``'s player has a Pokémon named one of ``names`` in play (the δ mark is no
    part of a name: Latios δ is a Latios)."""
    for side in s.sides:
        mine = side.in_play()
        if any(m is mon for _, m in mine):
            return any(s.top(m).name in names for _, m in mine)
    return False


@dataclass(frozen=True)
class KeepOneOfTopRestBottom(Question):
    """The player looks at the top ``n`` cards of the deck, takes 1 of them into the hand and
    puts the others on the bottom of the deck in the order they like, picking them one at a
    time: each card picked goes under the ones before it (Delta Control ex11-11). The deck is
    not shuffled. Each card to the bottom is a ``move`` from the deck to the deck (the
    ``move`` handler appends it: the bottom)."""

    n: int

    def describe(self) -> str:
        return (
            f"look at the deck's top {self.n} cards: 1 into the hand, the others on the bottom "
            "in any order"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        top = list(ctx.s.sides[seat].deck[: self.n])
        return {"top": top, "kept": -1, "order": []} if top else None

    def _left(self, st: dict[str, Any]) -> list[int]:
        return [c for c in st["top"] if c != st["kept"] and c not in st["order"]]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["kept"] < 0:
            shown = ", ".join(s.card(c).name for c in st["top"])
            labels = [s.card(c).name for c in st["top"]]
            return seat, f"the top {len(st['top'])} cards: {shown}; which into the hand?", labels
        left = self._left(st)
        if len(left) <= 1:  # the last card goes last: nothing to ask
            return None
        return (
            seat,
            "pick the next card to put on the bottom of the deck",
            [s.card(c).name for c in left],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["kept"] < 0:
            st["kept"] = st["top"][option]
            ctx.emit("move", p=SEATS[seat], card=st["kept"], src="deck", dst="hand")
        else:
            st["order"].append(self._left(st)[option])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        for card in [*st["order"], *self._left(st)]:
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="deck")


@dataclass(frozen=True)
class TypeMatch(Question):
    """The player shows a basic Energy card of their hand (its type: the first answer, a
    ``note`` everyone sees), then searches the deck for a Pokémon card (Basic or Evolution)
    of that type, shows it and puts it into the hand, or takes nothing (a search may fail);
    the deck is shuffled afterward (Type Match ex11-20). Nothing happens without a basic
    Energy card in the hand."""

    def describe(self) -> str:
        return (
            "show a basic Energy card of the hand: a Pokémon of its type from the deck into "
            "the hand; shuffle the deck"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        types: list[str] = []
        for c in s.sides[seat].hand:
            card = s.card(c)
            if card.basic_energy and card.provides and card.provides[0] not in types:
                types.append(card.provides[0])
        return {"types": types, "type": "", "picks": [], "done": False} if types else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        if not st["type"]:
            labels = [f"{kind} Energy" for kind in st["types"]]
            return seat, "which basic Energy card of the hand to show", labels
        match = Cards(kind="pokemon", type=st["type"])
        found = [c for c in s.sides[seat].deck if match.matches(s.card(c))]
        st["picks"] = list({s.cards[c]: c for c in reversed(found)}.values())[::-1]
        labels = [s.card(c).shown_name for c in st["picks"]]
        return seat, f"a {st['type']} Pokémon of the deck into the hand", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st["type"]:
            st["type"] = st["types"][option]
            shown = [f"{st['type']} Energy"]
            ctx.emit("note", what="revealed", p=SEATS[seat], cards=shown)
            return
        st["done"] = True
        if option < len(st["picks"]):
            card = st["picks"][option]
            ctx.emit("note", what="revealed", p=SEATS[seat], cards=[ctx.s.card(card).name])
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="hand")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


def _first_of_each(s: PtcgState, cards: list[int]) -> list[int]:
    """The first card of each card id among ``cards``, in their order."""
    seen: dict[str, int] = {}
    for c in cards:
        seen.setdefault(s.cards[c], c)
    return list(seen.values())


@dataclass(frozen=True)
class ReturnEnergyThen(Question):
    """The player may return an Energy card attached to the attacker to the hand; only if
    they do, a second pick: ``then="bench_hit"``, ``amount`` damage to one of the opponent's
    Benched Pokémon (no W/R; Jolteon δ's Return Spark ex11-7), or ``"defending_energy"``, an
    Energy card attached to the Defending Pokémon back to the opponent's hand (Vaporeon δ's
    Return Wave ex11-18; not onto a Defending Pokémon an effect guard keeps effects off).
    One question asked twice (its stage in ``st``), not a question inside another."""

    then: str = "bench_hit"
    amount: int = 20

    def describe(self) -> str:
        if self.then == "bench_hit":
            rest = f"{self.amount} to one of the opponent's Benched Pokémon"
        else:
            rest = "an Energy card of the Defending Pokémon back to the opponent's hand"
        return f"may return an Energy card of it to the hand; if so: {rest}"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].mon(r.slot)
        if mon is None or not mon.energy:
            return None
        return {"stage": "own", "picks": []}

    def _then_picks(self, s: PtcgState, seat: int) -> list[int]:
        opp = s.sides[1 - seat]
        if self.then == "bench_hit":
            return [slot for slot, _ in opp.in_play() if slot]
        active = opp.active
        if active is None:
            return []
        return _first_of_each(s, active.energy)

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "own":
            mon = s.sides[seat].mon(int(st["slot"]))
            if mon is None or not mon.energy:
                return None
            picks = _first_of_each(s, mon.energy)
            st["picks"] = picks
            labels = [s.card(c).name for c in picks]
            return seat, "an Energy card of the attacker back to the hand", [*labels, "none"]
        if st["stage"] != "then":
            return None
        picks = self._then_picks(s, seat)
        if not picks:
            return None
        st["picks"] = picks
        if self.then == "bench_hit":
            labels = mon_labels(s, s.sides[1 - seat], picks)
            return seat, f"the Benched Pokémon that takes {self.amount}", labels
        return seat, "the Defending Pokémon's Energy card back to its hand", [
            s.card(c).name for c in picks
        ]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if st["stage"] == "own":
            if option >= len(picks):
                st["stage"] = "done"  # declined: nothing more
                return
            slot = int(st["slot"])
            ctx.emit("energy_to_hand", p=SEATS[seat], slot=slot, card=int(picks[option]))
            guarded_off = self.then == "defending_energy" and guarded(ctx, 1 - seat, 0)
            st["stage"] = "done" if guarded_off else "then"
            return
        st["stage"] = "done"
        if self.then == "bench_hit":
            hit(ctx, seat, self.amount, int(picks[option]))
        else:
            ctx.emit("energy_to_hand", p=SEATS[1 - seat], slot=0, card=int(picks[option]))


@dataclass(frozen=True)
class MoveBasicEnergyFreely(Question):
    """Move any number of basic Energy cards attached to the player's Pokémon to their other
    Pokémon, never onto the Pokémon whose Power this is (Mewtwo δ's Delta Switch ex11-12).
    Asked again after each move until the player is done; each card moves at most once (a
    second move of the same card is the same as moving it once to its last place)."""

    def describe(self) -> str:
        return "move basic Energy cards between the player's other Pokémon, as many as wished"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"stage": "from", "picks": [], "src": -1, "card": -1, "moved": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        own = int(st["slot"])
        places = [slot for slot, _ in side.in_play() if slot != own]
        labels: list[str] = []
        picks: list[list[int]] = []
        if st["stage"] == "from":
            for slot, mon in side.in_play():
                if not any(p != slot for p in places):
                    continue  # nowhere else to go
                seen: set[str] = set()
                for c in mon.energy:
                    if s.card(c).basic_energy and c not in st["moved"] and s.cards[c] not in seen:
                        seen.add(s.cards[c])
                        picks.append([slot, c])
                        where = f"{s.top(mon).name} ({slot_name(slot)})"
                        labels.append(f"{s.card(c).name} from {where}")
            if not picks:
                return None
            st["picks"] = picks
            return seat, "a basic Energy card to move (or done)", [*labels, "done"]
        if st["stage"] != "to":
            return None
        for slot in places:
            dest = side.mon(slot)
            if slot != st["src"] and dest is not None:
                picks.append([slot, -1])
                labels.append(f"{s.top(dest).name} ({slot_name(slot)})")
        st["picks"] = picks
        return seat, "the Pokémon it goes to", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "from":
            if option >= len(st["picks"]):
                st["stage"] = "done"
                return
            slot, card = st["picks"][option]
            st["src"], st["card"], st["stage"] = int(slot), int(card), "to"
            return
        slot = int(st["picks"][option][0])
        ctx.emit(
            "move_energy", p=SEATS[seat], card=int(st["card"]), src=int(st["src"]), dst=slot
        )
        st["moved"] = [*st["moved"], int(st["card"])]
        st["stage"] = "from"
