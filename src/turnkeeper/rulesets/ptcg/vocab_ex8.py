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
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.board import slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, guarded, heal, hit
from turnkeeper.rulesets.ptcg.lasting import evolved
from turnkeeper.rulesets.ptcg.search import Cards, OpponentSwitch, Search, Usable
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Count,
    If,
    Question,
    Run,
    Step,
    TargetHit,
    Test,
    _all_steps,
    _energy,
    _heads,
    count,
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
    comes with it) or ``otherwise`` (by default nothing at all): Magnetic Tackle (the damage
    and 10 to itself, or nothing), Psyburst (2 Energy discarded for more damage, or the
    printed damage)."""

    then: tuple[Step, ...]
    otherwise: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        if any(isinstance(s, Question) for s in _all_steps((*self.then, *self.otherwise))):
            raise ValueError("MayDo: its steps cannot ask a question of their own")

    def _text(self, steps: tuple[Step, ...]) -> str:
        return ", ".join(step.describe() for step in steps) or "nothing"

    def describe(self) -> str:
        return f"the player picks: {self._text(self.then)}; or {self._text(self.otherwise)}"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "attack": r.attack, "cost": list(r.cost)}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [self._text(self.then), self._text(self.otherwise)]
        return seat, f"{st['attack']}: which way", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        r = Run(int(st["damage"]), attack=str(st["attack"]), cost=tuple(st["cost"]))
        r.slot = int(st["slot"])
        run_steps(ctx, seat, self.then if option == 0 else self.otherwise, r)


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


# ---------------------------------------------------------------------------- batch 3
@dataclass(frozen=True)
class IfEnergy(Step):
    """The steps ``then`` if at least ``at_least`` ``kind`` Energy is attached to the attacker
    (Leaf Poison, Ancient Mantra, Burning Ball)."""

    kind: str
    then: tuple[Step, ...]
    at_least: int = 1

    def describe(self) -> str:
        many = f"{self.at_least}+ " if self.at_least > 1 else ""
        return f"with {many}{self.kind} Energy on it: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if _energy(ctx.s, ctx.s.sides[seat].active, self.kind) >= self.at_least:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class DrawPer(Step):
    """Draw as many cards as ``what`` counts (Psychic Trace: the opponent's hand)."""

    what: Count

    def describe(self) -> str:
        return f"draw one card per {self.what.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = min(count(ctx.s, seat, self.what), len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


def opponent_trainers_in_play(s: PtcgState, seat: int) -> int:
    """The Trainer cards ``seat``'s opponent has in play: Tools and Technical Machines on
    their Pokémon, Fossils played as Pokémon, and a Stadium they played."""
    opp = 1 - seat
    found = 0
    for _, mon in s.sides[opp].in_play():
        found += (mon.tool >= 0) + (mon.tm >= 0) + (s.top(mon).kind == "trainer")
    return found + (s.stadium >= 0 and s.stadium_owner == opp)


@dataclass(frozen=True)
class PlusPerOpponentTrainers(Step):
    """``each`` more damage per Trainer card the opponent has in play (Psyloop)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Trainer card the opponent has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * opponent_trainers_in_play(ctx.s, seat)


@dataclass(frozen=True)
class HitEach(Step):
    """``amount`` damage to each of the opponent's Pokémon that ``only`` picks ("body": with
    a Poké-Body, "power": with a Poké-Power, "ex": a Pokémon-ex); ``wr``: Weakness and
    Resistance on the Active (never on the Bench)."""

    amount: int
    only: Literal["body", "power", "ex"]
    wr: bool = False

    def describe(self) -> str:
        which = {"body": "with a Poké-Body", "power": "with a Poké-Power", "ex": "that is ex"}
        text = f"{self.amount} to each of the opponent's Pokémon {which[self.only]}"
        return text + ("" if self.wr else " (no W/R)")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        for slot, mon in s.sides[1 - seat].in_play():
            card = s.top(mon)
            chosen = card.ex if self.only == "ex" else any(p.kind == self.only for p in card.powers)
            if chosen:
                hit(ctx, seat, self.amount, slot, wr=self.wr)


@dataclass(frozen=True)
class AllHeads(Step):
    """Flip ``coins`` coins: the steps ``then`` only if every one is heads."""

    coins: int
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"{self.coins} coins, all heads: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if _heads(ctx, self.coins, r.attack) == self.coins:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class DiscardDefendingEnergyAll(Step):
    """Discard every Energy card attached to the Defending Pokémon."""

    def describe(self) -> str:
        return "discard all Energy attached to the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and defending.energy and not guarded(ctx, 1 - seat, 0):
            ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=list(defending.energy))


@dataclass(frozen=True)
class CountersPerOwnHand(Step):
    """One damage counter on the Defending Pokémon per card in the player's hand, at most
    ``cap`` (Powerful Hand)."""

    cap: int

    def describe(self) -> str:
        return (
            f"a damage counter on the Defending Pokémon per card in the hand (at most {self.cap})"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        counters(ctx, 1 - seat, 0, min(self.cap, len(ctx.s.sides[seat].hand)))


@dataclass(frozen=True)
class TimesCountersOnNamed(Step):
    """The printed damage times the damage counters on all of the player's Pokémon named
    ``name`` (Full Retaliation: on every Magikarp)."""

    name: str
    modifier = True

    def describe(self) -> str:
        return f"the printed damage times the damage counters on the player's {self.name}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        found = sum(
            m.damage // 10 for _, m in s.sides[seat].in_play() if s.top(m).name == self.name
        )
        r.damage *= found


@dataclass(frozen=True)
class PlusIfDefendingHas(Step):
    """``amount`` more damage if the Defending Pokémon has a Poké-Body (``kind="body"``) or
    a Poké-Power (Metallic Blow)."""

    amount: int
    kind: Literal["body", "power"]
    modifier = True

    def describe(self) -> str:
        what = "Poké-Body" if self.kind == "body" else "Poké-Power"
        return f"+{self.amount} if the Defending Pokémon has a {what}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and any(p.kind == self.kind for p in ctx.s.top(defending).powers):
            r.damage += self.amount


@dataclass(frozen=True)
class TimesOthersInPlay(Step):
    """The printed damage times the Pokémon in play, both sides, but the attacker (Circular
    Steps)."""

    modifier = True

    def describe(self) -> str:
        return "the printed damage times the other Pokémon in play (both sides)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = sum(len(side.bench) + (side.active is not None) for side in ctx.s.sides)
        r.damage *= max(0, n - 1)


@dataclass(frozen=True)
class IfHeadsAtLeast(Step):
    """The steps ``then`` if the coins of the attack's ``TimesHeads`` showed at least ``n``
    heads (Cross Attack: 2 or more, Confused)."""

    n: int
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"{self.n}+ heads: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if r.heads >= self.n:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class IfDefendingStage(Step):
    """The steps ``then`` if the Defending Pokémon's top card is of ``stage`` (Shining Star:
    a Stage 2)."""

    stage: str
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"if the Defending Pokémon is {self.stage}: " + ", ".join(
            s.describe() for s in self.then
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and ctx.s.stage_in_play(defending) == self.stage:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class DiscardHandToHeal(Question):
    """The player discards cards from the hand, one at a time, as many as they like; each
    takes one damage counter off the attacker (Healing Steps)."""

    def describe(self) -> str:
        return "any number of cards from the hand discarded: a damage counter off it for each"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if ctx.s.sides[seat].hand else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        hand = s.sides[seat].hand
        if st["done"] or not hand:
            return None
        picks = list({s.cards[c]: c for c in hand}.values())
        st["picks"] = picks
        labels = [s.card(c).name for c in picks]
        return seat, "a card to discard (a damage counter off for it), or done", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if option >= len(picks):
            st["done"] = True
            return
        ctx.emit("move", p=SEATS[seat], card=int(picks[option]), src="hand", dst="discard")
        heal(ctx, seat, 0, 1)


@dataclass(frozen=True)
class AttachToActive(Question):
    """An Energy card matching ``match`` from the discard pile attached to the player's
    Active Pokémon, then ``counters`` damage counters on it (Super Connectivity)."""

    match: tuple[Cards, ...]
    counters: int = 1

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return f"a {what} from the discard pile to the Active, then {self.counters} counter on it"

    def found(self, s: PtcgState, seat: int) -> list[int]:
        seen: dict[str, int] = {}
        for c in s.sides[seat].discard:
            if any(m.matches(s.card(c)) for m in self.match):
                seen.setdefault(s.cards[c], c)
        return list(seen.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if ctx.s.sides[seat].active is None or not self.found(ctx.s, seat):
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["picks"] = self.found(s, seat)
        return (
            seat,
            "the Energy card to attach to the Active",
            [s.card(c).name for c in st["picks"]],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = int(st["picks"][option])
        ctx.emit("attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"})
        counters(ctx, seat, 0, self.counters)


@dataclass(frozen=True)
class CardToDeckTop(Question):
    """The player picks any card of the deck; the deck is shuffled and that card put on top
    (Smooth Over)."""

    def describe(self) -> str:
        return "a card of the deck put on top after shuffling"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": [], "card": -1} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["picks"] = list({s.cards[c]: c for c in s.sides[seat].deck}.values())
        return seat, "the card to put on top of the deck", [s.card(c).name for c in st["picks"]]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        st["card"] = int(st["picks"][option])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)
        if st["card"] >= 0:
            ctx.emit("move", p=SEATS[seat], card=st["card"], src="deck", dst="deck_top")


@dataclass(frozen=True)
class EvolveFromDeck(Question):
    """The player may search the deck for a card that evolves from the attacker and put it
    on the attacker: it evolves (Ascension). Read like Baby Evolution: the card's own way of
    evolving, so the timing rules of evolving from the hand (first turn, new this turn) do
    not apply. The deck is shuffled afterwards."""

    def describe(self) -> str:
        return "a card evolving from it searched out of the deck and put on it (it evolves)"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        name = s.top(mon).name
        return list(
            {
                s.cards[c]: c
                for c in s.sides[seat].deck
                if s.card(c).kind == "pokemon" and s.card(c).evolves_from == name
            }.values()
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["picks"] = self._found(s, seat)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, "the card to evolve into", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            ctx.emit(
                "evolve", p=SEATS[seat], card=int(st["picks"][option]), slot=0, **{"from": "deck"}
            )
            if ctx.s.special:  # what acts as a Pokémon evolves (lasting.py)
                evolved(ctx, seat, 0)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class OpponentDiscardsTo(Question):
    """With ``least`` or more cards in the hand, the opponent discards cards of their pick,
    one at a time, until ``keep`` are left (Pull Away)."""

    least: int = 5
    keep: int = 4

    def describe(self) -> str:
        return f"with {self.least}+ cards, the opponent discards (their pick) down to {self.keep}"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"picks": []} if len(ctx.s.sides[1 - seat].hand) >= self.least else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        hand = s.sides[1 - seat].hand
        if len(hand) <= self.keep:
            return None
        st["picks"] = list({s.cards[c]: c for c in hand}.values())
        left = len(hand) - self.keep
        labels = [s.card(c).name for c in st["picks"]]
        return 1 - seat, f"a card of your hand to discard ({left} to go)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        card = int(st["picks"][option])
        ctx.emit("move", p=SEATS[1 - seat], card=card, src="hand", dst="discard")


@dataclass(frozen=True)
class ShieldFrom(Step):
    """During the opponent's next turn, every effect of attacks by their Pokémon-ex
    (``kind="ex"``: Psychic Shield) or Evolved Pokémon (``"evolved"``: Advanced Armor) on
    the attacker is prevented, damage included (``Mon.later`` "shield:...", asked by
    damage.shielded; it ends when the Pokémon evolves or goes to the Bench)."""

    kind: Literal["ex", "evolved"]

    def describe(self) -> str:
        who = "Pokémon-ex" if self.kind == "ex" else "Evolved Pokémon"
        return f"next turn, nothing from the attacks of the opponent's {who}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[seat].active is not None:
            ctx.emit(
                "flag",
                p=SEATS[seat],
                slot=0,
                flag="later",
                what=f"shield:{self.kind}",
                turn=ctx.s.turn + 1,
            )


@dataclass(frozen=True)
class Vulnerable(Step):
    """During the opponent's next turn, damage done to the attacker by attacks is increased
    by ``amount``, before Weakness and Resistance (Pivot Throw; ``Mon.later``
    "vulnerable:N")."""

    amount: int

    def describe(self) -> str:
        return f"next turn, attacks do {self.amount} more to it"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[seat].active is not None:
            ctx.emit(
                "flag",
                p=SEATS[seat],
                slot=0,
                flag="later",
                what=f"vulnerable:{self.amount}",
                turn=ctx.s.turn + 1,
            )


@dataclass(frozen=True)
class TargetHitPerNamed(TargetHit):
    """``amount`` damage per Pokémon named ``name`` the player has in play, to one of the
    opponent's (Benched, with ``bench_only``) Pokémon the player picks (Reflected Beam: 10
    per Lunatone)."""

    name: str = ""

    def describe(self) -> str:
        return (
            super()
            .describe()
            .replace(f"{self.amount} damage", f"{self.amount} damage per own {self.name} in play")
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        target = s.sides[1 - seat].mon(r.target)
        n = sum(1 for _, m in s.sides[seat].in_play() if s.top(m).name == self.name)
        if target is not None and n:
            hit(ctx, seat, self.amount * n, r.target, wr=self.wr, effects=self.effects)


@dataclass(frozen=True)
class ReorderEitherTop(Question):
    """The player picks a deck, their own or the opponent's, looks at its top ``n`` cards and
    puts them back in the order they like, top first (Foresight)."""

    n: int

    def describe(self) -> str:
        return f"the top {self.n} cards of either deck put back in any order"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"whose": -1, "top": [], "order": []}

    def _left(self, st: dict[str, Any]) -> list[int]:
        return [c for c in st["top"] if c not in st["order"]]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["whose"] < 0:
            return seat, "whose deck to look at", ["own deck", "the opponent's deck"]
        left = self._left(st)
        if len(left) <= 1:
            return None
        place = len(st["order"]) + 1
        labels = [s.card(c).name for c in left]
        return seat, f"pick the card to put in place {place} from the top", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["whose"] < 0:
            st["whose"] = seat if option == 0 else 1 - seat
            st["top"] = list(ctx.s.sides[st["whose"]].deck[: self.n])
            return
        st["order"].append(self._left(st)[option])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["top"]:
            whose = SEATS[int(st["whose"])]
            ctx.emit("deck_top", p=whose, order=[*st["order"], *self._left(st)])


@dataclass(frozen=True)
class IfDiscarded(If):
    """The steps ``then`` only if the attack's ``MayDiscard`` discarded an Energy card (its
    ``card`` parameter was given): Darkness Blast's discard from the Defending Pokémon."""

    when: Test = "always"
    then: tuple[Step, ...] = ()

    def describe(self) -> str:
        return "if an Energy was discarded: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if r.card:
            run_steps(ctx, seat, self.then, r)


# ---------------------------------------------------------------------------- issue 19, last cards
@dataclass(frozen=True)
class TrainerLock(Step):
    """The opponent cannot play Trainer cards of ``kinds`` from the hand during their next
    turn: ``"all"`` (Headache ex7-70, High Voltage ex8-59), ``"supporter"`` (Limitation
    ex8-23) or ``"not_supporter"`` (Disconnect ex8-101). A lock on the player, not on a
    Pokémon (a ``Side.later`` entry "trainer_lock:<kinds>" up to that turn, the
    ``side_later`` event), so switching or Knocking Out the Defending Pokémon does not lift
    it; ``lasting.trainer_lock`` refuses the card as ``ptcg.trainer.locked``. A card's effect
    that uses a Supporter's effect without playing the card (Chime, Detour) is not stopped."""

    kinds: Literal["all", "supporter", "not_supporter"]

    def describe(self) -> str:
        named = {
            "all": "no Trainer cards",
            "supporter": "no Supporter cards",
            "not_supporter": "no Trainer cards but Supporters",
        }[self.kinds]
        return f"the opponent plays {named} from the hand next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit(
            "side_later",
            p=SEATS[1 - seat],
            what=f"trainer_lock:{self.kinds}",
            turn=ctx.s.turn + 1,
        )


@dataclass(frozen=True)
class ShowOpponentHand(Step):
    """The player looks at the opponent's hand (a note naming its cards, shown only to the
    player whose card looks: seats.visible_command). Night Vision ex8-23."""

    def describe(self) -> str:
        return "look at the opponent's hand"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        hand = ctx.s.sides[1 - seat].hand
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=[ctx.s.card(c).name for c in hand])


@dataclass(frozen=True)
class GatherBasicEnergy(Question):
    """As its Pokémon is put onto the Bench from the hand (``reg.BENCH_POWERS``), the player
    may move basic Energy cards attached to their other Pokémon to it, one at a time until
    "done" (Dragon Boost ex8-102). One such power a turn for the player (``name`` in the
    turn's ``powers_used``, recorded by the ``power`` event at the first move)."""

    name: str = "Dragon Boost"

    def describe(self) -> str:
        return "basic Energy cards from the player's other Pokémon may move to it"

    def used(self, s: PtcgState) -> bool:
        return any(used.endswith(f":{self.name}") for used in s.powers_used)

    def _energy(self, s: PtcgState, seat: int, to: int) -> list[list[int]]:
        """[card, from slot] of the basic Energy cards on the player's other Pokémon (alike
        cards on one Pokémon are one option)."""
        found: dict[tuple[str, int], list[int]] = {}
        for slot, mon in s.sides[seat].in_play():
            if slot == to:
                continue
            for card in mon.energy:
                if s.defs[card].basic_energy:
                    found.setdefault((s.cards[card], slot), [card, slot])
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if self.used(ctx.s) or not self._energy(ctx.s, seat, r.slot):
            return None
        return {"done": False, "moved": 0, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        to = int(st["slot"])
        picks = [] if st["done"] else self._energy(s, seat, to)
        if not picks:
            return None
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for card, slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} from {s.top(mon).name} ({slot_name(slot)})")
        target = side.mon(to)
        assert target is not None
        return seat, f"{self.name}: move basic Energy to {s.top(target).name}", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        to = int(st["slot"])
        if not st["moved"]:
            mon = ctx.s.sides[seat].mon(to)
            assert mon is not None
            ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=self.name)
        st["moved"] = int(st["moved"]) + 1
        card, slot = st["picks"][option]
        ctx.emit("move_energy", p=SEATS[seat], card=int(card), src=int(slot), dst=to)


@dataclass(frozen=True)
class MayOpponentSwitch(OpponentSwitch):
    """The player may have the opponent switch their Defending Pokémon with a Benched
    Pokémon, which the opponent picks (Lightning Burst ex8-108, used as a Darkness Energy card
    from the hand is attached: ``reg.ATTACH_POWERS``; the ``power`` event records the use when
    the player says yes)."""

    name: str = "Lightning Burst"

    def describe(self) -> str:
        return "the player may have the opponent switch the Defending Pokémon (their pick)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        st = super().begin(ctx, seat, r)
        return None if st is None else {**st, "asked": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if not st["asked"]:
            return seat, f"{self.name}: switch the Defending Pokémon?", ["switch it", "no"]
        return super().options(s, seat, st)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["asked"]:
            super().answer(ctx, seat, option, st)
            return
        st["asked"] = True
        if option == 1:
            st["done"] = True
            return
        mon = ctx.s.sides[seat].mon(int(st["slot"]))
        if mon is not None:
            ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=self.name)
