"""Effect primitives added for EX Hidden Legends (ex5), kept apart from ``vocab.py``,
``search.py`` and ``vocab_sets.py`` so each set's work merges cleanly. Each is a step of the
vocabulary (docs/rulesets/ptcg.md, Effect vocabulary) with tests both ways in
tests/ptcg/test_ex5.py. Descriptions are the project's own words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.board import max_hp, slot_name
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, guarded, heal, hit, set_condition
from turnkeeper.rulesets.ptcg.evolve import evolve_rule
from turnkeeper.rulesets.ptcg.search import Cards, MoveEnergy
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
            1 for side in (me, opp) for _, m in side.in_play() if "Darkness" in s.top(m).types
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
        kinds = set(s.top(opp.active).types)
        for slot in range(1, len(opp.bench) + 1):
            mon = opp.mon(slot)
            if mon is not None and kinds & set(s.top(mon).types):
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
        ctx.emit("evolve", p=SEATS[seat], card=inst, slot=slot, **{"from": "deck"})
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
            if not self.basic_only or s.top(m).stage == "basic"
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
