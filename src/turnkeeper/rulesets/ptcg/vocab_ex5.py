"""Effect primitives added for EX Hidden Legends (ex5), kept apart from ``vocab.py``,
``search.py`` and ``vocab_sets.py`` so each set's work merges cleanly. Each is a step of the
vocabulary (docs/rulesets/ptcg.md, Effect vocabulary) with tests both ways in
tests/ptcg/test_ex5.py. Descriptions are the project's own words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.board import max_hp, slot_name, types_of
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, guarded, heal, hit, set_condition
from turnkeeper.rulesets.ptcg.evolve import evolve_rule
from turnkeeper.rulesets.ptcg.lasting import evolve_onto
from turnkeeper.rulesets.ptcg.questions_nested import UseOpponentSupporter, _usable_variants
from turnkeeper.rulesets.ptcg.search import Cards, MoveEnergy
from turnkeeper.rulesets.ptcg.stadium_use import stadium_played
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step, _energy

# A condition the ex5 steps test (see holds()).
When = Literal[
    "opponent_ex_in_play",  # the opponent has a Pokémon-ex in play
    "same_hand_size",  # both players hold as many cards
    "defending_powered",  # the Defending Pokémon has a Poké-Power or Poké-Body
    "defending_less_hp_left",  # the Defending Pokémon has fewer HP left than the attacker
    "less_energy_than_defending",  # the attacker has less Energy than the Defending Pokémon
    "stadium_low_pressure",  # the Stadium in play is Low Pressure System
    "stadium_high_pressure",  # ... High Pressure System
    "stadium_magnetic_storm",  # ... Magnetic Storm
]
_STADIUMS = {
    "stadium_low_pressure": "Low Pressure System",
    "stadium_high_pressure": "High Pressure System",
    "stadium_magnetic_storm": "Magnetic Storm",
}
# What an ex5 count step counts (see counted()).
Counted = Literal[
    "defending_basic_types",  # types of basic Energy cards on the Defending Pokémon
    "darkness_in_play",  # Darkness Pokémon in play, both sides (top card's types)
    "energy_in_hand",  # Energy cards in the attacker's player's hand
]


def _hp_left(s: PtcgState, mon: Mon | None) -> int:
    return max_hp(s, mon) - mon.damage if mon is not None else 0


def holds(s: PtcgState, seat: int, when: When) -> bool:
    """Whether ``when`` holds now for an effect of ``seat``."""
    me, opp = s.sides[seat], s.sides[1 - seat]
    if when == "opponent_ex_in_play":
        return any(s.top(m).ex for _, m in opp.in_play())
    if when == "same_hand_size":
        return len(me.hand) == len(opp.hand)
    if when in _STADIUMS:
        return s.stadium >= 0 and s.card(s.stadium).name == _STADIUMS[when]
    defending, mine = opp.active, me.active
    if defending is None or mine is None:
        return False
    if when == "defending_powered":
        return bool(s.top(defending).powers)
    if when == "defending_less_hp_left":
        return _hp_left(s, defending) < _hp_left(s, mine)
    return _energy(s, mine) < _energy(s, defending)  # less_energy_than_defending


def counted(s: PtcgState, seat: int, what: Counted) -> int:
    """How many of ``what`` there are now for an effect of ``seat``."""
    me, opp = s.sides[seat], s.sides[1 - seat]
    if what == "defending_basic_types":
        mon = opp.active
        if mon is None:
            return 0
        return len({t for c in mon.energy if s.defs[c].basic_energy for t in s.defs[c].provides})
    if what == "darkness_in_play":
        return sum(
            1 for side in (me, opp) for _, m in side.in_play() if "Darkness" in types_of(s, m)
        )
    return sum(1 for c in me.hand if s.card(c).kind == "energy")  # energy_in_hand


@dataclass(frozen=True)
class PlusWhen(Step):
    """``amount`` more damage if ``when`` holds (the ex5 tests)."""

    amount: int
    when: When
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if {self.when.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if holds(ctx.s, seat, self.when):
            r.damage += self.amount


@dataclass(frozen=True)
class OnlyWhen(Step):
    """Unless ``when`` holds, the effect stops here (the steps after it do nothing)."""

    when: When
    modifier = True

    def describe(self) -> str:
        return f"only if {self.when.replace('_', ' ')}:"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if not holds(ctx.s, seat, self.when):
            r.off = True


@dataclass(frozen=True)
class ThenIf(Step):
    """The steps ``then`` (no questions) if ``when`` holds."""

    when: When
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"if {self.when.replace('_', ' ')}: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if holds(ctx.s, seat, self.when):
            for step in self.then:
                if r.off:
                    return
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class PlusPerCounted(Step):
    """``each`` more damage per ``what`` (the ex5 counts)."""

    each: int
    what: Counted
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per {self.what.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * counted(ctx.s, seat, self.what)


@dataclass(frozen=True)
class CardsSpecialEnergy(Cards):
    """A filter for special Energy cards (an Energy card that is not basic)."""

    def matches(self, card: CardDef) -> bool:
        return card.kind == "energy" and not card.basic_energy

    def describe(self) -> str:
        return "special Energy card"


@dataclass(frozen=True)
class CountersPerCard(Step):
    """One damage counter on the Defending Pokémon per card matching ``match`` in the
    player's own discard pile, at most ``cap`` (Darkness Chant)."""

    match: Cards
    cap: int

    def describe(self) -> str:
        return (
            f"a damage counter on the Defending Pokémon per {self.match.describe()} in the "
            f"discard pile (at most {self.cap})"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = sum(1 for c in s.sides[seat].discard if self.match.matches(s.card(c)))
        counters(ctx, 1 - seat, 0, min(n, self.cap))


@dataclass(frozen=True)
class KnockOutBoth(Step):
    """Both the attacker and the Defending Pokémon are Knocked Out (damage counters up to
    their HP); nothing at all if the attacker has a special Energy card attached (Mass
    Destruction)."""

    def describe(self) -> str:
        return "the attacker and the Defending Pokémon are Knocked Out (not with special Energy)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        mine, defending = s.sides[seat].active, s.sides[1 - seat].active
        if mine is None or any(not s.defs[c].basic_energy for c in mine.energy):
            return
        if defending is not None:
            counters(ctx, 1 - seat, 0, (_hp_left(s, defending) + 9) // 10)
        mine = s.sides[seat].active
        if mine is not None:
            counters(ctx, seat, 0, (_hp_left(s, mine) + 9) // 10)


@dataclass(frozen=True)
class DefendingNoAttack(Step):
    """The Defending Pokémon cannot attack during its player's next turn."""

    def describe(self) -> str:
        return "the Defending Pokémon can't attack next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded(ctx, 1 - seat, 0):
            ctx.emit(
                "flag", p=SEATS[1 - seat], slot=0, flag="no_attack", turn=ctx.s.turn + 1, name=""
            )


@dataclass(frozen=True)
class BenchCounters(Step):
    """``n`` damage counters on each of the opponent's Benched Pokémon."""

    n: int

    def describe(self) -> str:
        return f"{self.n} damage counter(s) on each of the opponent's Benched Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot in range(1, len(ctx.s.sides[1 - seat].bench) + 1):
            counters(ctx, 1 - seat, slot, self.n)


@dataclass(frozen=True)
class HealDefending(Step):
    """Before the damage: remove up to ``n`` damage counters from the Defending Pokémon."""

    n: int
    modifier = True

    def describe(self) -> str:
        return f"first remove {self.n} damage counters from the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heal(ctx, 1 - seat, 0, self.n)


@dataclass(frozen=True)
class DrawToMatch(Step):
    """Draw until the hand holds as many cards as the opponent's (as the deck allows)."""

    def describe(self) -> str:
        return "draw until the hand holds as many cards as the opponent's"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        me, opp = ctx.s.sides[seat], ctx.s.sides[1 - seat]
        n = min(len(me.deck), len(opp.hand) - len(me.hand))
        if n > 0:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class BenchSameType(Step):
    """``amount`` damage to each of the opponent's Benched Pokémon that shares a type with
    the Defending Pokémon (no Weakness or Resistance on the Bench)."""

    amount: int

    def describe(self) -> str:
        return f"{self.amount} to each opposing Benched Pokémon of the Defending Pokémon's type"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        opp = s.sides[1 - seat]
        if opp.active is None:
            return
        kinds = set(types_of(s, opp.active))
        for slot in range(1, len(opp.bench) + 1):
            mon = opp.mon(slot)
            if mon is not None and kinds & set(types_of(s, mon)):
                hit(ctx, seat, self.amount, slot)


@dataclass(frozen=True)
class HealAll(Step):
    """Remove every damage counter from every Pokémon in play, both sides, but the
    Pokémon-ex (Healing Shower)."""

    def describe(self) -> str:
        return "remove all damage counters from every Pokémon in play (not Pokémon-ex)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        for side in (seat, 1 - seat):
            for slot, mon in s.sides[side].in_play():
                if mon.damage and not s.top(mon).ex:
                    heal(ctx, side, slot, mon.damage // 10)


@dataclass(frozen=True)
class MoveEnergyToActive(MoveEnergy):
    """Move an Energy card of type ``kind`` from one of the player's Benched Pokémon to
    their Active Pokémon (Metal Juncture)."""

    def describe(self) -> str:
        return f"a {self.kind} Energy card from a Benched Pokémon to the Active Pokémon"

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        side = s.sides[seat]
        if side.active is None:
            return []
        found: list[list[int]] = []
        for src, mon in side.in_play():
            if src == 0:
                continue
            seen: set[str] = set()
            for inst in mon.energy:
                if s.cards[inst] in seen or self.kind not in s.card(inst).provides:
                    continue
                seen.add(s.cards[inst])
                found.append([inst, src, 0])
        return found


@dataclass(frozen=True)
class MoveEnergyAndHeal(MoveEnergy):
    """Move an Energy card from the Pokémon whose effect it is to another of the player's
    Pokémon, which then loses up to ``heal`` damage counters (Fruition)."""

    heal_n: int = 4

    def describe(self) -> str:
        return (
            f"an Energy card from it to another of the player's Pokémon, which loses "
            f"{self.heal_n} damage counters"
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        MoveEnergy.answer(self, ctx, seat, option, st)
        if option < len(picks):
            heal(ctx, seat, int(picks[option][2]), self.heal_n)


@dataclass(frozen=True)
class EvolveFromDeck(Question):
    """Search the deck for a card that evolves from one of the player's Pokémon (``whom``:
    "any" of them, or "self", the attacker) and put it on that Pokémon: it counts as
    evolving, under the evolution rules' timing (``evolve.evolve_rule``). If one was put,
    ``counters`` damage counters go on the attacker. The deck is shuffled afterwards (Make a
    Wish, Ascension)."""

    whom: Literal["any", "self"] = "any"
    self_counters: int = 0

    def describe(self) -> str:
        whose = "one of the player's Pokémon" if self.whom == "any" else "the attacker"
        text = f"search the deck for a card evolving from {whose} and put it on it (evolving)"
        return text + (
            f"; if so {self.self_counters} counter on the attacker" * bool(self.self_counters)
        )

    def picks(self, s: PtcgState, seat: int) -> list[list[int]]:
        side = s.sides[seat]
        found: list[list[int]] = []
        seen: set[tuple[str, int]] = set()
        for inst in side.deck:
            card = s.card(inst)
            if not card.is_evolution:
                continue
            for slot, mon in side.in_play():
                if (self.whom == "self" and slot != 0) or (card.id, slot) in seen:
                    continue
                if evolve_rule(s, mon, card) is None:
                    seen.add((card.id, slot))
                    found.append([inst, slot])
        return found

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not ctx.s.sides[seat].deck:
            return None
        return {"done": False, "picks": [], "evolved": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self.picks(s, seat)
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for inst, slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(inst).name} on {s.top(mon).name} ({slot_name(slot)})")
        return seat, "pick the card and the Pokémon it evolves", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        inst, slot = st["picks"][option]
        evolve_onto(ctx, seat, slot, inst, "deck")  # with the bookkeeping (Scramble Energy...)
        st["evolved"] = True

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)
        if st["evolved"] and self.self_counters:
            counters(ctx, seat, 0, self.self_counters)


@dataclass(frozen=True)
class TriplePoison(Step):
    """The Defending Pokémon is Poisoned, and its Poison puts 3 damage counters between turns
    instead of 1 until the Poison ends (the ``("toxic3", -1)`` entry of ``Mon.later``, read
    by the checkup in turn.py)."""

    def describe(self) -> str:
        return "the Defending Pokémon is Poisoned, 3 counters between turns"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is None or guarded(ctx, 1 - seat, 0):
            return
        set_condition(ctx, 1 - seat, 0, "poisoned")
        if defending.poisoned:  # not kept off by a Poké-Body
            ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="later", what="toxic3", turn=-1)


@dataclass(frozen=True)
class DrawUpToCounted(Question):
    """The player draws any number of cards from 0 up to the number of the opponent's
    Pokémon in play (``basic_only``: their Basic Pokémon, by the top card), as the deck
    allows; ``hand_cap``: never past that many cards in the hand (0: no cap). Steven's
    Advice, Coral Glow."""

    basic_only: bool = False
    hand_cap: int = 0

    def describe(self) -> str:
        which = "Basic Pokémon" if self.basic_only else "Pokémon"
        text = f"draw up to as many cards as the opponent has {which} in play"
        return text + (f" (at most {self.hand_cap} in the hand)" if self.hand_cap else "")

    def most(self, s: PtcgState, seat: int) -> int:
        n = sum(
            1
            for _, m in s.sides[1 - seat].in_play()
            if not self.basic_only or s.is_basic(m)
        )
        side = s.sides[seat]
        if self.hand_cap:
            n = min(n, self.hand_cap - len(side.hand))
        return max(0, min(n, len(side.deck)))

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if self.most(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, "how many cards to draw", [f"draw {k}" for k in range(self.most(s, seat) + 1)]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option:
            ctx.emit("draw", p=SEATS[seat], n=option)


# ---------------------------------------------------------------------------- hands and the deck
def _distinct(s: PtcgState, cards: list[int]) -> list[int]:
    """One card per card id, in order (alike cards are one option)."""
    return list({s.cards[c]: c for c in reversed(cards)}.values())[::-1]


@dataclass(frozen=True)
class PickFromOpponentHand(Question):
    """The player looks at the opponent's hand (a ``note`` shows it) and picks a card there
    (matching ``match``, if given): it goes to the opponent's discard pile (``dest`` "discard":
    Flutter Trick) or to the bottom of their deck ("deck": Push Aside). Nothing is asked when
    no card fits."""

    match: Cards | None = None
    dest: Literal["discard", "deck"] = "discard"

    def describe(self) -> str:
        what = self.match.describe() if self.match is not None else "card"
        where = "the discard pile" if self.dest == "discard" else "the bottom of their deck"
        return f"a {what} of the opponent's hand (the player's pick, seen) to {where}"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        hand = s.sides[1 - seat].hand
        match = self.match
        return _distinct(s, [c for c in hand if match is None or match.matches(s.card(c))])

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        hand = ctx.s.sides[1 - seat].hand
        if not hand:
            return None
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=[ctx.s.card(c).name for c in hand])
        return {"done": False, "picks": []} if self._picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat)
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        return seat, "pick a card of the opponent's hand", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        ctx.emit("move", p=SEATS[1 - seat], card=st["picks"][option], src="hand", dst=self.dest)


@dataclass(frozen=True)
class RevealTopAttach(Question):
    """Reveal the top card of the player's deck (a ``note``): a basic Energy card is attached
    to one of their Pokémon (the player's pick); any other card stays on top (Crush Draw)."""

    def describe(self) -> str:
        return (
            "reveal the deck's top card: a basic Energy is attached to one of the player's Pokémon"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        deck = s.sides[seat].deck
        if not deck:
            return None
        top = deck[0]
        ctx.emit("note", what="top", p=SEATS[seat], cards=[s.card(top).name])
        return {"done": False, "card": top} if s.card(top).basic_energy else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [f"{s.top(m).name} ({slot_name(slot)})" for slot, m in s.sides[seat].in_play()]
        return seat, f"attach {s.card(int(st['card'])).name} to which Pokémon?", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = [slot for slot, _ in ctx.s.sides[seat].in_play()][option]
        ctx.emit(
            "attach",
            p=SEATS[seat],
            card=int(st["card"]),
            slot=slot,
            counts=False,
            **{"from": "deck"},
        )


@dataclass(frozen=True)
class DiscardThenOpponentDiscards(Question):
    """The player may discard an Energy card of type ``kind`` attached to the attacker; if
    they do, the opponent discards an Energy card (their pick) attached to the Defending
    Pokémon (Shadow Crush)."""

    kind: str

    def describe(self) -> str:
        return (
            f"may discard a {self.kind} Energy card from it; if so the opponent discards an "
            "Energy card of the Defending Pokémon (their pick)"
        )

    def _own(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        return _distinct(s, [c for c in mon.energy if self.kind in s.card(c).provides])

    def _theirs(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[1 - seat].active
        return _distinct(s, list(mon.energy)) if mon is not None else []

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._own(ctx.s, seat):
            return None
        return {"stage": "own", "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "own":
            picks = self._own(s, seat)
            st["picks"] = picks
            labels = [f"discard {s.card(c).name}" for c in picks]
            return seat, f"discard a {self.kind} Energy card?", [*labels, "no"]
        if st["stage"] == "theirs":
            picks = self._theirs(s, seat)
            if not picks:
                return None
            st["picks"] = picks
            return (
                1 - seat,
                "discard an Energy card of your Active Pokémon",
                [s.card(c).name for c in picks],
            )
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if st["stage"] == "own":
            if option >= len(picks):
                st["stage"] = "done"
                return
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[picks[option]])
            st["stage"] = "done" if guarded(ctx, 1 - seat, 0) else "theirs"
            return
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[picks[option]])
        st["stage"] = "done"


@dataclass(frozen=True)
class ChooseBoost(Question):
    """Before the damage (a ``Hit`` follows it): the player picks the printed damage, or
    ``plus`` more with ``self_counters`` damage counters on the attacker (put at once: the
    Knock Outs are settled after the attack all the same). Tonnage."""

    plus: int
    self_counters: int

    def describe(self) -> str:
        return (
            f"the player may do {self.plus} more damage, taking {self.self_counters} damage "
            "counters itself"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "plus": 0}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        more = f"{self.plus} more, {10 * self.self_counters} to itself"
        return seat, "how hard to hit?", ["the printed damage", more]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 1:
            st["plus"] = self.plus
            counters(ctx, seat, 0, self.self_counters)


@dataclass(frozen=True)
class EnergyFromHandForDamage(Question):
    """Before the damage (a ``Hit`` follows it): the player discards Energy cards from the
    hand, one at a time until "done", each adding ``each`` (Crushing Mantle); with ``show``,
    instead the player may show the hand: ``each`` more per Energy card there, and those
    cards are shuffled into the deck (put there at once, before the damage: nothing the
    damage does depends on it; Super Tidal Wave)."""

    each: int
    show: bool = False

    def describe(self) -> str:
        if self.show:
            return (
                f"may show the hand: +{self.each} per Energy card there, then shuffled into "
                "the deck"
            )
        return f"discard any number of Energy cards from the hand: +{self.each} each"

    def _energy(self, s: PtcgState, seat: int) -> list[int]:
        return [c for c in s.sides[seat].hand if s.card(c).kind == "energy"]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._energy(ctx.s, seat) and not self.show:
            return None
        return {"done": False, "plus": 0, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        if self.show:
            n = len(self._energy(s, seat))
            return seat, "show your hand?", [f"show it (+{self.each * n})", "keep it hidden"]
        picks = _distinct(s, self._energy(s, seat))
        if not picks:
            return None
        st["picks"] = picks
        labels = [f"discard {s.card(c).name}" for c in picks]
        return seat, f"Energy cards for +{self.each} each (so far +{st['plus']})", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        s = ctx.s
        p = SEATS[seat]
        if self.show:
            st["done"] = True
            if option == 0:
                hand = s.sides[seat].hand
                ctx.emit("note", what="hand", p=p, cards=[s.card(c).name for c in hand])
                energy = self._energy(s, seat)
                st["plus"] = self.each * len(energy)
                for card in energy:
                    ctx.emit("move", p=p, card=card, src="hand", dst="deck")
                if energy:
                    ctx.shuffle(seat)
            return
        if option >= len(st["picks"]):
            st["done"] = True
            return
        ctx.emit("move", p=p, card=st["picks"][option], src="hand", dst="discard")
        st["plus"] += self.each


# ---------------------------------------------------------------------------- lasting effects
@dataclass(frozen=True)
class NoEnergyFromHand(Step):
    """During the opponent's next turn, they cannot attach Energy cards from the hand to the
    Defending Pokémon (a ``("no_attach", turn)`` entry of ``Mon.later``, asked by
    ``energy.attach_target_rule``; gone if it goes to the Bench or evolves). Freeze Lock."""

    def describe(self) -> str:
        return "no Energy from the hand onto the Defending Pokémon next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded(ctx, 1 - seat, 0):
            ctx.emit(
                "flag",
                p=SEATS[1 - seat],
                slot=0,
                flag="later",
                what="no_attach",
                turn=ctx.s.turn + 1,
            )


@dataclass(frozen=True)
class ExposeDefending(Step):
    """During the attacker's player's next turn, an attack that does damage to the Defending
    Pokémon (after Weakness and Resistance) does ``amount`` more (an ``("exposed:N", turn)``
    entry of ``Mon.later``, read by ``damage.hit``). Silver Wind."""

    amount: int

    def describe(self) -> str:
        return f"next turn, attacks that damage the Defending Pokémon do {self.amount} more"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded(ctx, 1 - seat, 0):
            ctx.emit(
                "flag",
                p=SEATS[1 - seat],
                slot=0,
                flag="later",
                what=f"exposed:{self.amount}",
                turn=ctx.s.turn + 2,
            )


@dataclass(frozen=True)
class DiscardOpponentTrainers(Step):
    """Discard the opponent's Trainer cards in play: the Tools on their Pokémon and the
    Stadium if it is theirs (a Fossil in play is a Pokémon there and stays). If any went, the
    steps ``then`` follow (Ice Generator: a Guard with effects)."""

    then: tuple[Step, ...] = ()

    def describe(self) -> str:
        text = "discard the opponent's Tools and Stadium in play"
        if self.then:
            text += "; if any: " + ", ".join(s.describe() for s in self.then)
        return text

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        p = SEATS[1 - seat]
        found = False
        for slot, mon in s.sides[1 - seat].in_play():
            if mon.tool >= 0:
                ctx.emit("discard_tool", p=p, slot=slot)
                found = True
        if s.stadium >= 0 and s.stadium_owner == 1 - seat:
            ctx.emit("discard_stadium")
            found = True
        if found:
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class OpponentEnergyToDefending(Question):
    """The player picks one of the opponent's Pokémon other than the Defending one with
    basic Energy attached, then moves up to ``n`` of those basic Energy cards to the
    Defending Pokémon, one at a time until "done" (Steel Generator)."""

    n: int = 2

    def describe(self) -> str:
        return (
            f"up to {self.n} basic Energy cards from one of the opponent's Pokémon to the "
            "Defending Pokémon"
        )

    def _sources(self, s: PtcgState, seat: int) -> list[int]:
        return [
            slot
            for slot, m in s.sides[1 - seat].in_play()
            if slot and any(s.defs[c].basic_energy for c in m.energy)
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if ctx.s.sides[1 - seat].active is None or not self._sources(ctx.s, seat):
            return None
        return {"src": -1, "left": self.n, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        if st["src"] < 0:
            slots = self._sources(s, seat)
            st["picks"] = slots
            labels = []
            for slot in slots:
                m = opp.mon(slot)
                assert m is not None
                labels.append(f"from {s.top(m).name} ({slot_name(slot)})")
            return seat, "move basic Energy from which of the opponent's Pokémon?", labels
        src = opp.mon(int(st["src"]))
        if st["left"] <= 0 or src is None:
            return None
        energy = _distinct(s, [c for c in src.energy if s.defs[c].basic_energy])
        if not energy:
            return None
        st["picks"] = energy
        labels = [f"move {s.card(c).name}" for c in energy]
        return seat, f"move a basic Energy card ({st['left']} more)", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["src"] < 0:
            st["src"] = st["picks"][option]
            return
        if option >= len(st["picks"]):
            st["left"] = 0
            return
        card = st["picks"][option]
        ctx.emit("move_energy", p=SEATS[1 - seat], card=card, src=int(st["src"]), dst=0)
        st["left"] -= 1


# ---------------------------------------------------------------------------- the deck
@dataclass(frozen=True)
class SwapFromDeck(Question):
    """Search the deck for a card named one of ``names`` and swap it for the Pokémon whose
    effect it is: everything attached, its damage counters, Special Conditions and lasting
    effects stay on the new card (the ``swap_card`` event); the old card goes into the deck,
    which is shuffled (Temperamental Weather). The search may find nothing."""

    names: tuple[str, ...]

    def describe(self) -> str:
        return f"swap it for {' or '.join(self.names)} from the deck (all on it stays)"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        deck = s.sides[seat].deck
        return _distinct(s, [c for c in deck if s.card(c).name in self.names])

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if ctx.s.sides[seat].mon(r.slot) is None or not ctx.s.sides[seat].deck:
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self._picks(s, seat)
        st["picks"] = picks
        return seat, "swap it for which card?", [*(s.card(c).name for c in picks), "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            slot = int(st["slot"])
            ctx.emit("swap_card", p=SEATS[seat], slot=slot, card=st["picks"][option])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class PlayStadiumFromDeck(Question):
    """Search the deck for a Stadium card and play it (it replaces the Stadium in play; not
    one of the same name, as from the hand); the deck is shuffled (Forecast). The search may
    find nothing."""

    def describe(self) -> str:
        return "search the deck for a Stadium card and play it"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        same = s.card(s.stadium).name if s.stadium >= 0 else ""
        if s.typed_settings.stadium_same_name:
            same = ""
        deck = s.sides[seat].deck
        return _distinct(
            s, [c for c in deck if s.card(c).trainer == "stadium" and s.card(c).name != same]
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self._picks(s, seat)
        st["picks"] = picks
        return seat, "play which Stadium card?", [*(s.card(c).name for c in picks), "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            card = st["picks"][option]
            p = SEATS[seat]
            ctx.emit("move", p=p, card=card, src="deck", dst="hand")
            ctx.emit("trainer", p=p, card=card, kind="stadium", slot=-1)
            stadium_played(ctx, seat)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


# ---------------------------------------------------------------------------- issue 19, last cards
@dataclass(frozen=True)
class UseSupporterFrom(UseOpponentSupporter):
    """An attack whose effect is a Supporter's: the player picks one of the Supporter cards
    ``source`` holds whose effect can be used now — ``"opponent_discard"``, the opponent's
    discard pile (Chime ex5-17), or ``"own_in_play"``, the Supporter the player has in play
    this turn, beside the Active (Detour ex7-24) — and its effect is used for the attacker's
    player, the card staying where it is. This is Supernatural's machinery
    (questions_nested.UseOpponentSupporter: the Supporter's own questions come first, then the
    attack ends the turn); only where the cards are looked for differs, and the effect is not
    optional here (the card says to use it). No Supporter card is played, so the turn's
    Supporter rules and a Trainer lock (Limitation) do not apply."""

    source: Literal["opponent_discard", "own_in_play"] = "opponent_discard"

    def describe(self) -> str:
        if self.source == "own_in_play":
            return "the effect of the player's Supporter in play, used as this attack's effect"
        return (
            "the effect of a Supporter in the opponent's discard pile, used as this attack's "
            "effect (the card stays there)"
        )

    def _candidates(self, s: PtcgState, seat: int) -> list[int]:
        if self.source == "own_in_play":
            supporter = s.sides[seat].supporter
            return [supporter] if supporter >= 0 else []
        return list(s.sides[1 - seat].discard)

    def _supporters(self, s: PtcgState, seat: int) -> list[int]:
        found: dict[str, int] = {}
        for inst in self._candidates(s, seat):
            card = s.card(inst)
            if (
                card.trainer == "supporter"
                and card.id not in found
                and _usable_variants(s, seat, card)
            ):
                found[card.id] = inst
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._supporters(ctx.s, seat):
            return None
        return {"done": False, "card": -1, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"] or st["card"] >= 0:
            return super().options(s, seat, st)
        picks = self._supporters(s, seat)
        st["picks"] = picks
        where = "in play" if self.source == "own_in_play" else "in the opponent's discard pile"
        return seat, f"the effect of which Supporter {where}", [s.card(c).name for c in picks]
