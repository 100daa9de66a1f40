"""Effect primitives first needed by EX Team Rocket Returns (ex7), in the style of vocab.py:
each step says what it does (``describe``) and does it (``run``). The cards built from them
are in effect_data_ex7.py; the Dark / Rocket's name rules they ask are in rockets.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from turnkeeper.rulesets.ptcg.board import energy_units, max_hp, types_of
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal, hit
from turnkeeper.rulesets.ptcg.search import MoveEnergy
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Hit, Run, Step, run_steps

# A condition PlusIfNow / IfNow test (for an attack of ``seat``).
NowTest = Literal[
    "defending_fewer_hp_left",  # the Defending Pokémon has less HP left than the attacker
    "fewer_benched",  # the attacker's player has fewer Benched Pokémon than the opponent
    "defending_stage2",  # the Defending Pokémon is a Stage 2 Pokémon
    "defending_basic",  # the Defending Pokémon is a Basic Pokémon
    "opponent_one_prize",  # the opponent has exactly 1 Prize card left
]
# What PlusPerNow counts.
NowCount = Literal[
    "prize_lead",  # how many more Prize cards the attacker's player has left than the opponent
    "own_darkness_in_play",  # the attacker's player's Darkness Pokémon in play
    "own_active_basic_energy",  # basic Energy cards attached to the attacker
]


def hp_left(s: PtcgState, mon: Mon) -> int:
    return max_hp(s, mon) - mon.damage


def has_darkness_energy(s: PtcgState, mon: Mon) -> bool:
    """Whether any Energy attached to ``mon`` gives Darkness now (a Darkness, R or Dark Metal
    Energy card)."""
    return any("Darkness" in unit for unit in energy_units(s, mon))


def holds_now(s: PtcgState, seat: int, when: NowTest) -> bool:
    me, opp = s.sides[seat], s.sides[1 - seat]
    if when == "fewer_benched":
        return len(me.bench) < len(opp.bench)
    if when == "opponent_one_prize":
        return len(opp.prizes) == 1
    defending, attacker = opp.active, me.active
    if defending is None or attacker is None:
        return False
    if when == "defending_fewer_hp_left":
        return hp_left(s, defending) < hp_left(s, attacker)
    if when == "defending_stage2":
        return s.top(defending).stage == "stage2"
    return s.top(defending).is_basic_pokemon  # defending_basic


def count_now(s: PtcgState, seat: int, what: NowCount) -> int:
    me, opp = s.sides[seat], s.sides[1 - seat]
    if what == "prize_lead":
        return max(0, len(me.prizes) - len(opp.prizes))
    if what == "own_darkness_in_play":
        return sum(1 for _, m in me.in_play() if "Darkness" in types_of(s, m))
    mon = me.active  # own_active_basic_energy
    return sum(1 for c in mon.energy if s.defs[c].basic_energy) if mon is not None else 0


@dataclass(frozen=True)
class PlusIfNow(Step):
    """``amount`` more damage if ``when`` holds."""

    amount: int
    when: NowTest
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if {self.when.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if holds_now(ctx.s, seat, self.when):
            r.damage += self.amount


@dataclass(frozen=True)
class IfNow(Step):
    """The steps ``then`` only if ``when`` holds."""

    when: NowTest
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"if {self.when.replace('_', ' ')}: " + "; ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if holds_now(ctx.s, seat, self.when):
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class PlusPerNow(Step):
    """``each`` more damage per ``what``."""

    each: int
    what: NowCount
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per {self.what.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * count_now(ctx.s, seat, self.what)


@dataclass(frozen=True)
class PlusPerHeadsOfEnergy(Step):
    """A coin per Energy of type ``kind`` on the attacker: ``each`` more damage per heads."""

    each: int
    kind: str
    modifier = True

    def describe(self) -> str:
        return f"a coin per {self.kind} Energy on it: +{self.each} per heads"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        n = sum(1 for unit in energy_units(ctx.s, mon) if self.kind in unit) if mon else 0
        r.damage += self.each * sum(1 for _ in range(n) if ctx.flip(r.attack))


@dataclass(frozen=True)
class HealPerOpponentInPlay(Step):
    """Remove from the attacker as many damage counters as the opponent has Pokémon in
    play."""

    def describe(self) -> str:
        return "as many damage counters off it as the opponent has Pokémon in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heal(ctx, seat, 0, sum(1 for _ in ctx.s.sides[1 - seat].in_play()))


@dataclass(frozen=True)
class HeadsHitTailsSelf(Hit):
    """A coin per Pokémon in play (both players'): ``each`` damage to the Defending Pokémon
    per heads, then ``each`` damage per tails to the attacker itself (damage counters, no
    Weakness or Resistance)."""

    each: int = 10

    def describe(self) -> str:
        return (
            f"a coin per Pokémon in play: {self.each} per heads to the Defending Pokémon, "
            f"{self.each} per tails to itself"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = sum(1 for side in s.sides for _ in side.in_play())
        heads = sum(1 for _ in range(n) if ctx.flip(r.attack))
        r.heads = heads
        r.dealt = hit(ctx, seat, self.each * heads) if heads else 0
        counters(ctx, seat, 0, (self.each // 10) * (n - heads))


@dataclass(frozen=True)
class MoveCardsNamed(MoveEnergy):
    """MoveEnergy of the Energy cards named ``name`` only (Dark Trance moves Darkness Energy
    cards: an R Energy or Dark Metal Energy gives Darkness but is not one)."""

    name: str = "Darkness Energy"

    def describe(self) -> str:
        return super().describe().replace(" Energy card", f" {self.name} card", 1)

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        return [m for m in super().moves(s, seat, slot) if s.card(m[0]).name == self.name]
