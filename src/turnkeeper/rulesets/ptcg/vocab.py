"""The effect vocabulary: card effects as data, composed from primitives.

An attack's effect is a tuple of steps run in order by :func:`run_steps` on a small running
record (:class:`Run`): the damage so far (starting at the printed number), whether the attack
was called off, and the chosen target and card. Three families of steps:

- *modifiers* change the damage before it is done (``TimesHeads``, ``PlusPerHeads``,
  ``PlusIfHeads``, ``TailsNothing``, ``PlusPer``, ``MinusPer``, ``TimesCount``, ``PlusIf``,
  ``BaseIf``, ``MayDiscard``, ``DiscardDefendingTool``);
- ``Hit`` does the damage (Weakness and Resistance on the Active only; flags for attacks that
  ignore them); a program without a ``Hit`` gets one right after its leading modifiers;
- *effects* come after (``Condition``, ``CureSelf``, ``Flip``, ``If``, ``IfAnyHeads``,
  ``KnockOutOnHeads``, ``CountersToHp``, ``SelfDamage``,
  ``BenchDamage``, ``DiscardEnergy``, ``DiscardDefendingEnergy``, ``Heal``, ``HealEach``,
  ``NoRetreat``, ``NoAttackNextTurn``, ``Guard``, ``Draw``, ``AttachFromDiscard``,
  ``AttachFromHand``, ``CountersOn``, ``DiscardFromOpponentHand``).

``TargetHit`` takes a choice from the player (the attack's ``target``: any of the opponent's
Pokémon, or only the Benched ones); ``DiscardEnergy`` (one card of several kinds),
``MayDiscard`` and ``DiscardDefendingEnergy`` take the attack's ``card``. Both are listed
among the legal actions and checked; an attack holds at most one such choice.

At the end: Poké-Body helpers (``damage_body``, ``cure_on_attach``; the damage ones are
applied by ``damage.hit``) and Trainer primitives (``switch_own``, ``cure_active``,
``opponent_switches_on_heads``, ``draw_then_discard``). Python handlers stay for what is
truly one card's own (``effects.py``). Summaries are generated from the steps, in the
project's words.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams, TrainerParams
from turnkeeper.rulesets.ptcg.board import (
    energy_amount,
    max_hp,
    parse_slot,
    provides,
    retreat_cost,
    slot_name,
)
from turnkeeper.rulesets.ptcg.cards import ANY
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import (
    PREVENT_ALL,
    body_acted,
    counters,
    guarded,
    heal,
    hit,
    own_bench_hit,
    set_condition,
)
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import ask_then, end_turn

Who = Literal["self", "defending"]
# What a count-based modifier counts (see count()).
Count = Literal[
    "own_energy",  # Energy attached to the attacker
    "defending_energy",  # Energy attached to the Defending Pokémon
    "both_energy",  # Energy on the attacker and the Defending Pokémon
    "all_energy",  # Energy on every Pokémon in play
    "own_side_energy",  # Energy on every Pokémon of the attacker's side
    "opponent_side_energy",  # Energy on every Pokémon of the opponent's side
    "own_counters",  # damage counters on the attacker
    "defending_counters",  # damage counters on the Defending Pokémon
    "own_benched",  # the attacker's Benched Pokémon
    "opponent_benched",  # the opponent's Benched Pokémon
    "own_in_play",  # the attacker's Pokémon in play
    "opponent_hand",  # cards in the opponent's hand
    "both_basic_energy_cards",  # basic Energy cards on both Active Pokémon
    "team_magma_in_play",  # Pokémon in play (both sides) with Team Magma in the name
    "defending_retreat",  # the Defending Pokémon's Retreat Cost (after its effects)
    "own_basic_types",  # the types of basic Energy cards attached to the attacker
]
# A condition a PlusIf / If / BaseIf tests.
Test = Literal[
    "always",  # no condition (a bonus that another step makes conditional)
    "defending_damaged",  # the Defending Pokémon has damage counters
    "defending_2_counters",  # ... at least 2
    "defending_ex",  # the Defending Pokémon is a Pokémon-ex
    "defending_evolved",  # ... is an Evolved Pokémon
    "defending_condition",  # ... has a Special Condition
    "defending_poisoned",
    "defending_burned",
    "defending_asleep",
    "defending_confused",
    "defending_special_energy",  # ... has a special Energy card attached
    "energy_differs",  # the attacker and the Defending Pokémon have different Energy amounts
    "energy_same",
    "more_prizes",  # the attacker's player has more Prize cards left than the opponent
    "opponent_evolved",  # the opponent has an Evolved Pokémon in play
    "more_cards_in_hand",  # the attacker's player holds more cards than the opponent
    "defending_team_aqua",  # the Defending Pokémon has Team Aqua in its name
    "defending_team_magma",  # ... Team Magma
    "defending_seviper",  # the Defending Pokémon is a Seviper
    "own_bench",  # the attacker's player has a Benched Pokémon
    "own_boosted",  # an effect of the attacker's last turn boosts this turn's attack
    "less_energy_in_play",  # the attacker's side has less Energy attached than the opponent's
]


class Step(ABC):
    """One primitive of the vocabulary; every primitive says what it does and does it."""

    modifier = False

    @abstractmethod
    def describe(self) -> str:
        """A short plain description of this step (for coverage and the docs)."""

    @abstractmethod
    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        """Resolve this step of an effect for ``seat``."""


@dataclass
class Run:
    """A running attack: its damage so far, whether it was called off, its target slot."""

    damage: int
    target: int = 0
    off: bool = False
    attack: str = ""
    cost: tuple[str, ...] = ()  # the attack's Energy cost
    card: str = ""  # the card id the player chose (an attack parameter ``card``)
    heads: int = 0  # the heads of the last TimesHeads (for IfAnyHeads)
    prog: str = ""  # the program's key in PROGRAMS (a Question needs it to be resumed)
    index: int = 0  # the top-level step being run (a Question resumes after it)
    paused: bool = False  # a Question is waiting for an answer (``off`` is set too)
    slot: int = 0  # the place of the Pokémon whose effect it is (a Poké-Power's user)
    dealt: int = 0  # the damage the last Hit did (for HealDealt)


# ---------------------------------------------------------------------------- counting
def _energy(s: PtcgState, mon: Mon | None, kind: str = "") -> int:
    if mon is None:
        return 0
    if not kind:
        return sum(energy_amount(s, c) for c in mon.energy)
    return sum(1 for c in mon.energy if kind in provides(s, c) or ANY in provides(s, c))


def count(s: PtcgState, seat: int, what: Count, kind: str = "") -> int:
    """How many of ``what`` there are now for an attack of ``seat`` (``kind``: an Energy type)."""
    me, opp = s.sides[seat], s.sides[1 - seat]
    if what == "own_energy":
        return _energy(s, me.active, kind)
    if what == "defending_energy":
        return _energy(s, opp.active, kind)
    if what == "both_energy":
        return _energy(s, me.active, kind) + _energy(s, opp.active, kind)
    if what == "all_energy":
        return sum(_energy(s, m, kind) for side in (me, opp) for _, m in side.in_play())
    if what == "own_side_energy":
        return sum(_energy(s, m, kind) for _, m in me.in_play())
    if what == "opponent_side_energy":
        return sum(_energy(s, m, kind) for _, m in opp.in_play())
    if what == "own_counters":
        return me.active.damage // 10 if me.active is not None else 0
    if what == "defending_counters":
        return opp.active.damage // 10 if opp.active is not None else 0
    if what == "own_benched":
        return len(me.bench)
    if what == "opponent_benched":
        return len(opp.bench)
    if what == "own_in_play":
        return len(me.bench) + (me.active is not None)
    if what == "both_basic_energy_cards":
        return sum(
            1
            for m in (me.active, opp.active)
            if m is not None
            for c in m.energy
            if s.defs[c].basic_energy
        )
    if what == "defending_retreat":
        return retreat_cost(s, opp.active) if opp.active is not None else 0
    if what == "own_basic_types":
        mon = me.active
        return (
            len({t for c in mon.energy if s.defs[c].basic_energy for t in s.defs[c].provides})
            if mon is not None
            else 0
        )
    if what == "team_magma_in_play":
        return sum(
            1 for side in (me, opp) for _, m in side.in_play() if "Team Magma" in s.top(m).name
        )
    return len(opp.hand)  # opponent_hand


def test(s: PtcgState, seat: int, what: Test) -> bool:
    """Whether the condition ``what`` holds now for an attack of ``seat``."""
    me, opp = s.sides[seat], s.sides[1 - seat]
    defending = opp.active
    if what == "always":
        return True
    if what == "more_prizes":
        return len(me.prizes) > len(opp.prizes)
    if what == "less_energy_in_play":
        return count(s, seat, "own_side_energy") < count(s, seat, "opponent_side_energy")
    if what == "more_cards_in_hand":
        return len(me.hand) > len(opp.hand)
    if what == "own_bench":
        return bool(me.bench)
    if what == "own_boosted":
        return me.active is not None and me.active.boost == s.turn
    if what == "opponent_evolved":
        return any(len(m.stack) > 1 for _, m in opp.in_play())
    if defending is None:
        return False
    if what == "defending_damaged":
        return defending.damage > 0
    if what == "defending_team_aqua":
        return "Team Aqua" in s.top(defending).name
    if what == "defending_team_magma":
        return "Team Magma" in s.top(defending).name
    if what == "defending_seviper":
        return s.top(defending).name == "Seviper"
    if what == "defending_2_counters":
        return defending.damage >= 20
    if what == "defending_ex":
        return s.top(defending).ex
    if what == "defending_evolved":
        return len(defending.stack) > 1
    if what == "defending_condition":
        return defending.has_condition()
    if what in ("defending_poisoned", "defending_burned", "defending_asleep", "defending_confused"):
        return what.split("_")[1] in defending.conditions()
    if what == "defending_special_energy":
        return any(not s.card(c).basic_energy for c in defending.energy)
    mine = _energy(s, me.active)
    theirs = _energy(s, defending)
    return mine != theirs if what == "energy_differs" else mine == theirs


def _heads(ctx: Ctx, n: int, why: str) -> int:
    return sum(1 for _ in range(n) if ctx.flip(why))


# ---------------------------------------------------------------------------- modifiers
@dataclass(frozen=True)
class TimesHeads(Step):
    """Flip coins; the damage is the printed number times the heads. ``coins``: a number,
    ``"until_tails"`` (flip until tails), ``"own_energy"`` (one per Energy on the attacker,
    at most ``cap``), ``"own_in_play"`` (one per own Pokémon in play)."""

    coins: int | str
    cap: int = 0
    modifier = True

    def describe(self) -> str:
        how = {
            "until_tails": "flip until tails",
            "own_energy": "a coin per Energy on it",
            "own_in_play": "a coin per own Pokémon in play",
        }.get(str(self.coins), f"{self.coins} coins")
        return f"{how}: the printed damage times the heads" + (
            f" (at most {self.cap} coins)" if self.cap else ""
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if self.coins == "until_tails":
            heads = 0
            while ctx.flip(r.attack):
                heads += 1
        else:
            n = (
                self.coins
                if isinstance(self.coins, int)
                else count(
                    ctx.s, seat, "own_energy" if self.coins == "own_energy" else "own_in_play"
                )
            )
            heads = _heads(ctx, min(n, self.cap) if self.cap else n, r.attack)
        r.damage *= heads
        r.heads = heads


@dataclass(frozen=True)
class PlusPerHeads(Step):
    """Flip ``coins`` coins: ``each`` more damage per heads."""

    coins: int
    each: int
    all_heads: int = 0  # instead, this much more when every coin is heads
    modifier = True

    def describe(self) -> str:
        text = f"{self.coins} coins: +{self.each} per heads"
        return text + (f" (all heads: +{self.all_heads})" if self.all_heads else "")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = _heads(ctx, self.coins, r.attack)
        if self.all_heads and heads == self.coins:
            r.damage += self.all_heads
        else:
            r.damage += self.each * heads


@dataclass(frozen=True)
class PlusIfHeads(Step):
    """Flip a coin: heads, ``amount`` more damage."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"heads: +{self.amount}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.flip(r.attack):
            r.damage += self.amount


@dataclass(frozen=True)
class TailsNothing(Step):
    """Flip a coin: tails, the attack does nothing (no damage, no further effect)."""

    modifier = True

    def describe(self) -> str:
        return "tails: the attack does nothing"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if not ctx.flip(r.attack):
            r.off = True


@dataclass(frozen=True)
class PlusPer(Step):
    """``each`` more damage per ``what`` (of Energy type ``kind`` if given); ``beyond_cost``:
    only the Energy not needed for the attack's cost; ``cap``: at most this much more."""

    each: int
    what: Count
    kind: str = ""
    beyond_cost: bool = False
    cap: int = 0
    basic: bool = False  # (beyond_cost) only basic Energy cards count (others pay first)
    modifier = True

    def describe(self) -> str:
        text = f"+{self.each} per {self.what.replace('_', ' ')}"
        if self.kind:
            text += f" ({self.kind})"
        if self.beyond_cost:
            text += " beyond the cost"
        return text + (f", at most +{self.cap}" if self.cap else "")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = count(ctx.s, seat, self.what, self.kind)
        if self.beyond_cost:
            n = extra_energy(ctx.s, seat, self.kind, r.cost, self.basic)
        more = self.each * max(0, n)
        r.damage += min(more, self.cap) if self.cap else more


def extra_energy(
    s: PtcgState, seat: int, kind: str, cost: tuple[str, ...], basic: bool = False
) -> int:
    """The Energy on the attacker beyond what its attack's cost needs (of ``kind`` if given:
    the cost's other symbols are paid with other Energy first, as a player would; ``basic``:
    the basic Energy cards beyond a Colorless cost paid with the other Energy first)."""
    mon = s.sides[seat].active
    total = _energy(s, mon)
    if basic and mon is not None:
        basics = sum(1 for c in mon.energy if s.defs[c].basic_energy)
        return max(0, basics - max(0, len(cost) - (total - basics)))
    if not kind:
        return max(0, total - len(cost))
    typed = _energy(s, mon, kind)
    need_kind = sum(1 for c in cost if c == kind)
    need_other = sum(1 for c in cost if c not in (kind, "Colorless"))
    colorless = sum(1 for c in cost if c == "Colorless")
    spare_others = max(0, total - typed - need_other)
    return max(0, typed - need_kind - max(0, colorless - spare_others))


@dataclass(frozen=True)
class MinusPer(Step):
    """``each`` less damage per ``what`` (never below 0)."""

    each: int
    what: Count
    modifier = True

    def describe(self) -> str:
        return f"-{self.each} per {self.what.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage = max(0, r.damage - self.each * count(ctx.s, seat, self.what))


@dataclass(frozen=True)
class TimesCount(Step):
    """The printed damage times the number of ``what``."""

    what: Count
    modifier = True

    def describe(self) -> str:
        return f"the printed damage times the {self.what.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage *= count(ctx.s, seat, self.what)


@dataclass(frozen=True)
class PlusIf(Step):
    """``amount`` more damage if ``when`` holds."""

    amount: int
    when: Test
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if {self.when.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if test(ctx.s, seat, self.when):
            r.damage += self.amount


@dataclass(frozen=True)
class BaseIf(Step):
    """The base damage is ``amount`` instead if ``when`` holds."""

    amount: int
    when: Test
    modifier = True

    def describe(self) -> str:
        return f"base damage {self.amount} if {self.when.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if test(ctx.s, seat, self.when):
            r.damage = self.amount


# ---------------------------------------------------------------------------- the hit
@dataclass(frozen=True)
class Hit(Step):
    """Do the damage so far (or ``amount``) to the Defending Pokémon (or the chosen target).
    ``wr``: apply Weakness and Resistance; ``resistance``: apply Resistance; ``effects``:
    let effects on the target (a Guard) change it."""

    amount: int = -1
    wr: bool = True
    resistance: bool = True
    effects: bool = True

    def describe(self) -> str:
        what = f"{self.amount} damage" if self.amount >= 0 else "the damage"
        if not self.wr:
            what += " (no Weakness or Resistance)"
        elif not self.resistance:
            what += " (no Resistance)"
        if not self.effects:
            what += " (effects on the target ignored)"
        return what

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        amount = r.damage if self.amount < 0 else self.amount
        r.dealt = hit(
            ctx,
            seat,
            amount,
            0,
            wr=self.wr,
            resistance=self.resistance,
            effects=self.effects,
        )


@dataclass(frozen=True)
class TargetHit(Step):
    """``amount`` damage to one of the opponent's Pokémon the player picks (``target``);
    ``bench_only``: one of their Benched Pokémon. Weakness and Resistance only on the Active
    (and not at all if ``wr`` is False). ``counters``: damage counters instead of damage.
    ``bonus`` more if the chosen Pokémon is a Pokémon-ex (``bonus_if="ex"``), has a
    Poké-Power or Poké-Body (``"powered"``), is a Stage 2 (``"stage2"``) or has damage counters
    on it before this attack (``"damaged"``)."""

    amount: int
    bench_only: bool = False
    wr: bool = True
    effects: bool = True
    counters: bool = False
    bonus: int = 0
    # stage2: Upward Lick (ex10-107); damaged: it has damage counters already (Target Attack
    # ex11-2)
    bonus_if: Literal["", "ex", "powered", "stage2", "damaged"] = ""
    per_retreat: int = 0  # instead of amount: this much per symbol of the target's Retreat Cost

    def describe(self) -> str:
        whom = (
            "one of the opponent's Benched Pokémon"
            if self.bench_only
            else "one of the opponent's Pokémon"
        )
        what = f"{self.amount // 10} damage counters" if self.counters else f"{self.amount} damage"
        if self.per_retreat:
            what = f"{self.per_retreat} damage per Retreat Cost symbol"
        text = f"{what} on {whom} (target)" + ("" if self.wr else ", no W/R")
        if self.bonus:
            text += f"; {self.amount + self.bonus} if it is {self.bonus_if}"
        return text

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        target = ctx.s.sides[1 - seat].mon(r.target)
        if target is None:
            return
        amount = self.amount
        if self.per_retreat:
            amount = self.per_retreat * retreat_cost(ctx.s, target)
        if self.bonus:
            card = ctx.s.top(target)
            if (
                (self.bonus_if == "ex" and card.ex)
                or (self.bonus_if == "powered" and card.powers)
                or (self.bonus_if == "stage2" and ctx.s.stage_in_play(target) == "stage2")
                or (self.bonus_if == "damaged" and target.damage > 0)
            ):
                amount += self.bonus
        if self.counters:
            counters(ctx, 1 - seat, r.target, amount // 10)
        else:
            hit(ctx, seat, amount, r.target, wr=self.wr, effects=self.effects)


# ---------------------------------------------------------------------------- effects
@dataclass(frozen=True)
class Condition(Step):
    """Special Conditions on the Defending Pokémon (or the attacker, ``who="self"``)."""

    which: tuple[str, ...]
    who: Who = "defending"

    def describe(self) -> str:
        whom = "the attacker" if self.who == "self" else "the Defending Pokémon"
        return f"{whom} is {' and '.join(self.which)}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        target = seat if self.who == "self" else 1 - seat
        for what in self.which:
            set_condition(ctx, target, 0, what)


@dataclass(frozen=True)
class CureSelf(Step):
    """Remove every Special Condition from the attacker."""

    def describe(self) -> str:
        return "remove the attacker's Special Conditions"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and mon.has_condition():
            ctx.emit("cure", p=SEATS[seat], slot=0, which=mon.conditions())


@dataclass(frozen=True)
class Flip(Step):
    """Flip a coin: ``heads`` steps on heads, ``tails`` steps on tails."""

    heads: tuple[Step, ...] = ()
    tails: tuple[Step, ...] = ()

    def describe(self) -> str:
        parts = []
        if self.heads:
            parts.append("heads: " + ", ".join(s.describe() for s in self.heads))
        if self.tails:
            parts.append("tails: " + ", ".join(s.describe() for s in self.tails))
        return "; ".join(parts)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for step in self.heads if ctx.flip(r.attack) else self.tails:
            if r.off:
                return
            step.run(ctx, seat, r)


@dataclass(frozen=True)
class If(Step):
    """The steps ``then`` if ``when`` holds."""

    when: Test
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"if {self.when.replace('_', ' ')}: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if test(ctx.s, seat, self.when):
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class IfAnyHeads(Step):
    """The steps ``then`` if the coins of the attack's ``TimesHeads`` showed any heads."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "if any heads: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if r.heads:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class KnockOutOnHeads(Step):
    """Flip ``coins`` coins: if all are heads, the Defending Pokémon is Knocked Out (damage
    counters up to its HP are put on it)."""

    coins: int = 2

    def describe(self) -> str:
        return f"{self.coins} coins, all heads: the Defending Pokémon is Knocked Out"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if _heads(ctx, self.coins, r.attack) == self.coins:
            defending = ctx.s.sides[1 - seat].active
            if defending is not None:
                left = max_hp(ctx.s, defending) - defending.damage
                counters(ctx, 1 - seat, 0, max(0, left + 9) // 10)


@dataclass(frozen=True)
class CountersToHp(Step):
    """Put damage counters on the Defending Pokémon until it has ``hp_left`` HP left."""

    hp_left: int = 10

    def describe(self) -> str:
        return f"damage counters on the Defending Pokémon until {self.hp_left} HP are left"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None:
            left = max_hp(ctx.s, defending) - defending.damage
            counters(ctx, 1 - seat, 0, max(0, left - self.hp_left) // 10)


@dataclass(frozen=True)
class SelfDamage(Step):
    """``n`` damage counters' worth of damage to the attacker itself (no W/R)."""

    n: int

    def describe(self) -> str:
        return f"{10 * self.n} damage to itself"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        counters(ctx, seat, 0, self.n)


@dataclass(frozen=True)
class BenchDamage(Step):
    """``amount`` damage to each Benched Pokémon of ``side`` (no Weakness or Resistance)."""

    amount: int
    side: Literal["opponent", "own", "both"] = "opponent"
    only: Literal["", "damaged", "with_energy"] = ""  # only the Benched Pokémon that are

    def describe(self) -> str:
        whose = {"opponent": "the opponent's", "own": "its own", "both": "every"}[self.side]
        which = {"": "", "damaged": " damaged", "with_energy": " Energy-holding"}[self.only]
        return f"{self.amount} to each of {whose}{which} Benched Pokémon"

    def _hits(self, mon: Mon | None) -> bool:
        if mon is None:
            return False
        if self.only == "damaged":
            return mon.damage > 0
        return bool(mon.energy) if self.only == "with_energy" else True

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if self.side in ("opponent", "both"):
            for slot in range(1, len(ctx.s.sides[1 - seat].bench) + 1):
                if self._hits(ctx.s.sides[1 - seat].mon(slot)):
                    hit(ctx, seat, self.amount, slot)
        if self.side in ("own", "both"):
            for slot in range(1, len(ctx.s.sides[seat].bench) + 1):
                if self._hits(ctx.s.sides[seat].mon(slot)):
                    own_bench_hit(ctx, seat, slot, self.amount)


@dataclass(frozen=True)
class DiscardEnergy(Step):
    """Discard ``n`` Energy cards (of type ``kind``; ``basic``: basic ones) attached to the
    attacker, or all of them (``n=0``). ``required``: without them the attack does nothing
    (checked before anything else when the step comes first). When one card is discarded
    and the attached candidates differ, the player picks it (the attack's ``card``)."""

    n: int = 1
    kind: str = ""
    basic: bool = False
    required: bool = False
    then: tuple[Step, ...] = ()  # done only if Energy was discarded

    def describe(self) -> str:
        what = "every" if self.n == 0 else str(self.n)
        kind = f" {self.kind}" if self.kind else (" basic" if self.basic else "")
        text = f"discard {what}{kind} Energy from the attacker"
        if self.then:
            text += "; if so: " + ", ".join(step.describe() for step in self.then)
        return text + (" (or the attack does nothing)" if self.required else "")

    def matching(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        return [
            c
            for c in mon.energy
            if (not self.kind or self.kind in provides(s, c) or ANY in provides(s, c))
            and (not self.basic or s.card(c).basic_energy)
        ]

    def choices(self, s: PtcgState, seat: int) -> list[str]:
        """The distinct cards the player may pick when one card of several kinds is
        discarded (``[]``: nothing to choose, the cards are alike)."""
        if self.n != 1:
            return []
        ids = list(dict.fromkeys(s.cards[c] for c in self.matching(s, seat)))
        return ids if len(ids) > 1 else []

    def chosen(self, s: PtcgState, seat: int, card: str = "") -> list[int]:
        found = self.matching(s, seat)
        if card:
            found = [c for c in found if s.cards[c] == card] or found
        return found if self.n == 0 else found[: self.n]

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        cards = self.chosen(ctx.s, seat, r.card)
        if self.required and len(cards) < self.n:
            r.off = True
            return
        if cards:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=cards)
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class MayDiscard(Step):
    """The player may discard one Energy card (of type ``kind``) attached to the attacker:
    the attack's ``card`` parameter names it (left out: nothing is discarded). Only if one
    was discarded, the steps ``then`` follow (they may be modifiers: place the step before
    the hit)."""

    kind: str = ""
    then: tuple[Step, ...] = ()
    modifier = True

    def describe(self) -> str:
        kind = f" {self.kind}" if self.kind else ""
        return f"may discard a{kind} Energy (card); if so: " + ", ".join(
            step.describe() for step in self.then
        )

    def choices(self, s: PtcgState, seat: int) -> list[str]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        found = [
            s.cards[c]
            for c in mon.energy
            if not self.kind or self.kind in provides(s, c) or ANY in provides(s, c)
        ]
        return list(dict.fromkeys(found))

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if not r.card or mon is None:
            return
        for card in mon.energy:
            if ctx.s.cards[card] == r.card:
                ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[card])
                run_steps(ctx, seat, self.then, r)
                return


@dataclass(frozen=True)
class DiscardDefendingTool(Step):
    """Discard the Pokémon Tool attached to the Defending Pokémon (before the damage)."""

    modifier = True

    def describe(self) -> str:
        return "discard the Defending Pokémon's Tool"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and defending.tool >= 0 and not guarded(ctx, 1 - seat, 0):
            ctx.emit("discard_tool", p=SEATS[1 - seat], slot=0)


@dataclass(frozen=True)
class DiscardDefendingEnergy(Step):
    """Discard an Energy card attached to the Defending Pokémon; the attacking player picks
    it (the attack's ``card`` parameter) when they differ."""

    def describe(self) -> str:
        return "discard an Energy card of the Defending Pokémon (card)"

    def choices(self, s: PtcgState, seat: int) -> list[str]:
        defending = s.sides[1 - seat].active
        if defending is None:
            return []
        ids = list(dict.fromkeys(s.cards[c] for c in defending.energy))
        return ids if len(ids) > 1 else []

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is None or not defending.energy or guarded(ctx, 1 - seat, 0):
            return
        picked = [c for c in defending.energy if ctx.s.cards[c] == r.card] or defending.energy
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[picked[0]])


@dataclass(frozen=True)
class Heal(Step):
    """Remove up to ``n`` damage counters from the attacker (``n=0``: all of them)."""

    n: int

    def describe(self) -> str:
        return f"heal {self.n or 'all'} counters from the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None:
            heal(ctx, seat, 0, self.n or mon.damage // 10)


@dataclass(frozen=True)
class HealEach(Step):
    """Remove up to ``n`` damage counters from each of the attacker's side's Pokémon
    (``skip_self``: not the attacker)."""

    n: int
    skip_self: bool = False
    kind: str = ""  # only those with an Energy of this type attached

    def describe(self) -> str:
        but = " but the attacker" if self.skip_self else ""
        having = f" with {self.kind} Energy" if self.kind else ""
        return f"heal {self.n} from each own Pokémon{having}{but}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot, mon in ctx.s.sides[seat].in_play():
            if self.skip_self and slot == 0:
                continue
            if self.kind and not _energy(ctx.s, mon, self.kind):
                continue
            heal(ctx, seat, slot, self.n)


@dataclass(frozen=True)
class NoAttackNextTurn(Step):
    """The attacker cannot attack during its player's next turn (``only_this``: cannot use
    this attack again then)."""

    only_this: bool = False

    def describe(self) -> str:
        return "it can't " + ("use this attack" if self.only_this else "attack") + " next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[seat].active is not None:
            ctx.emit(
                "flag",
                p=SEATS[seat],
                slot=0,
                flag="no_attack",
                turn=ctx.s.turn + 2,
                name=r.attack if self.only_this else "",
            )


@dataclass(frozen=True)
class NoRetreat(Step):
    """The Defending Pokémon cannot retreat during the opponent's next turn."""

    def describe(self) -> str:
        return "the Defending Pokémon can't retreat next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded_defending(ctx, seat):
            ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="no_retreat", turn=ctx.s.turn + 1)


def guarded_defending(ctx: Ctx, seat: int) -> bool:
    return guarded(ctx, 1 - seat, 0)


@dataclass(frozen=True)
class Guard(Step):
    """During the opponent's next turn, damage done to the attacker by attacks is reduced
    by ``amount`` (0: all damage is prevented); ``effects``: their other effects too."""

    amount: int = 0
    effects: bool = False

    def describe(self) -> str:
        what = f"reduce damage to it by {self.amount}" if self.amount else "prevent all damage"
        return what + (" and effects" if self.effects else "") + " next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit(
            "flag",
            p=SEATS[seat],
            slot=0,
            flag="guard",
            turn=ctx.s.turn + 1,
            amount=self.amount or PREVENT_ALL,
            effects=self.effects,
        )


@dataclass(frozen=True)
class Later(Step):
    """A delayed effect on the Defending Pokémon during the opponent's next turn
    (lasting.py): ``"smokescreen"`` (when it attacks then, its player flips a coin: tails,
    the attack does nothing), ``"asleep"``, ``"poisoned"`` or ``"confused"`` (it gets that
    Special Condition at the end of that turn). It ends when the Pokémon evolves or goes to the
    Bench; an effect-proof Defending Pokémon (a Guard with effects) does not get it."""

    what: Literal["smokescreen", "asleep", "poisoned", "confused"]

    def describe(self) -> str:
        if self.what == "smokescreen":
            return "next turn the Defending Pokémon's attack needs heads to do anything"
        return f"at the end of the opponent's next turn the Defending Pokémon is {self.what}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is not None and not guarded_defending(ctx, seat):
            ctx.emit(
                "flag",
                p=SEATS[1 - seat],
                slot=0,
                flag="later",
                what=self.what,
                turn=ctx.s.turn + 1,
            )


@dataclass(frozen=True)
class TypeThisTurn(Step):
    """Until the end of the turn, the Pokémon whose effect it is (a Poké-Power's user) is of
    type ``kind`` (Lunar Eclipse; read by board.types_of for Weakness and Resistance)."""

    kind: str

    def describe(self) -> str:
        return f"it is a {self.kind} Pokémon until the end of the turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit(
            "flag",
            p=SEATS[seat],
            slot=r.slot,
            flag="later",
            what=f"type:{self.kind}",
            turn=ctx.s.turn,
        )


@dataclass(frozen=True)
class BoostNextTurnAll(Step):
    """In its player's next turn, the attacker's attacks do ``amount`` more damage to the
    Defending Pokémon, before Weakness and Resistance (Dragon Dance)."""

    amount: int

    def describe(self) -> str:
        return f"next turn its attacks do {self.amount} more to the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[seat].active is not None:
            ctx.emit(
                "flag",
                p=SEATS[seat],
                slot=0,
                flag="later",
                what=f"boost:{self.amount}",
                turn=ctx.s.turn + 2,
            )


@dataclass(frozen=True)
class Toxic(Step):
    """The Defending Pokémon is Poisoned, and its Poison puts 2 damage counters between
    turns instead of 1 (until the Poison ends)."""

    def describe(self) -> str:
        return "the Defending Pokémon is Poisoned, 2 counters between turns"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is None or guarded_defending(ctx, seat):
            return
        set_condition(ctx, 1 - seat, 0, "poisoned")
        if defending.poisoned:  # not kept off by a Poké-Body
            ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="later", what="toxic", turn=-1)


@dataclass(frozen=True)
class Draw(Step):
    """Draw ``n`` cards (as many as the deck holds)."""

    n: int

    def describe(self) -> str:
        return f"draw {self.n}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = min(self.n, len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class AttachFromDiscard(Step):
    """Attach up to ``n`` Energy cards (of type ``kind``; ``basic``: basic ones) from the
    discard pile to the attacker. Energy cards of one kind are alike, so the first found go."""

    n: int = 1
    kind: str = ""
    basic: bool = False

    def describe(self) -> str:
        kind = f" {self.kind}" if self.kind else (" basic" if self.basic else "")
        return f"attach {self.n}{kind} Energy from the discard pile to the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        found = [
            c
            for c in s.sides[seat].discard
            if s.card(c).kind == "energy"
            and (not self.kind or self.kind in provides(s, c))
            and (not self.basic or s.card(c).basic_energy)
        ][: self.n]
        for card in found:
            ctx.emit(
                "attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"}
            )


@dataclass(frozen=True)
class AttachFromHand(Step):
    """Attach a basic Energy card of type ``kind`` from the hand to the attacker (basic
    Energy cards of one type are alike: the first one found goes). It is not the turn's one
    attachment from the hand."""

    kind: str

    def describe(self) -> str:
        return f"attach a {self.kind} Energy card from the hand to the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        for card in s.sides[seat].hand:
            if s.card(card).basic_energy and self.kind in s.card(card).provides:
                ctx.emit("attach", p=SEATS[seat], card=card, slot=0, counts=False)
                return


@dataclass(frozen=True)
class CountersOn(Step):
    """Put ``n`` damage counters on the Defending Pokémon (``each``: on each of the
    opponent's Pokémon; ``plus_own``: plus one per counter on the attacker)."""

    n: int
    each: bool = False
    plus_own: bool = False
    per: Count | None = None  # instead of n: as many counters as this count
    damaged_only: bool = False  # (each) only on those that already have damage counters

    def describe(self) -> str:
        many = f"one per {self.per.replace('_', ' ')}" if self.per else str(self.n)
        whom = "each of the opponent's Pokémon" if self.each else "the Defending Pokémon"
        return f"{many} damage counters on {whom}" + (
            " plus one per counter on the attacker" if self.plus_own else ""
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = count(ctx.s, seat, self.per) if self.per else self.n
        if self.plus_own:
            n += count(ctx.s, seat, "own_counters")
        opp = ctx.s.sides[1 - seat]
        slots = (
            [slot for slot, m in opp.in_play() if m.damage or not self.damaged_only]
            if self.each
            else [0]
        )
        for slot in slots:
            counters(ctx, 1 - seat, slot, n)


@dataclass(frozen=True)
class DiscardFromOpponentHand(Step):
    """Discard a card from the opponent's hand picked without looking (at random, from the
    game's dice source)."""

    def describe(self) -> str:
        return "discard a random card from the opponent's hand"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        hand = ctx.s.sides[1 - seat].hand
        if hand:
            card = hand[ctx.dice.die(len(hand)) - 1]
            ctx.emit("move", p=SEATS[1 - seat], card=card, src="hand", dst="discard")


# ---------------------------------------------------------------------------- running
def _has(steps: Iterable[Step], kind: type[Step]) -> bool:
    for step in steps:
        if isinstance(step, kind):
            return True
        if isinstance(step, Flip) and (_has(step.heads, kind) or _has(step.tails, kind)):
            return True
        if isinstance(step, If) and _has(step.then, kind):
            return True
        # a question that runs steps of its own once answered (vocab_ex8.MayDo)
        if isinstance(step, Question) and _has(getattr(step, "then", ()), kind):
            return True
    return False


def program(steps: tuple[Step, ...], printed: int) -> tuple[Step, ...]:
    """The steps with the damage step placed: after the leading modifiers, unless the
    program places its own ``Hit`` / ``TargetHit`` (or there is no damage to do)."""
    if _has(steps, Hit) or _has(steps, TargetHit):
        return steps
    lead = 0
    while lead < len(steps) and steps[lead].modifier:
        lead += 1
    if printed == 0 and lead == 0:
        return steps
    return (*steps[:lead], Hit(), *steps[lead:])


def run_steps(ctx: Ctx, seat: int, steps: tuple[Step, ...], r: Run) -> None:
    for step in steps:
        if r.off:
            return
        step.run(ctx, seat, r)


def run_program(ctx: Ctx, seat: int, steps: tuple[Step, ...], r: Run, start: int = 0) -> None:
    """Run a program's top-level steps from ``start``, keeping the index a Question resumes
    after."""
    for index in range(start, len(steps)):
        if r.off:
            return
        r.index = index
        steps[index].run(ctx, seat, r)


# ---------------------------------------------------------------------------- questions
class Question(Step):
    """A step that asks a player (a pending ``choose``) and goes on once it is answered:
    a search of the deck or the discard pile, a switch the opponent picks, Energy the
    attacker picks to discard. The program pauses (``Run.paused``); the answer runs
    ``answer`` and asks again or finishes, then the program's remaining top-level steps run
    and, for an attack, the turn ends. What a question needs to remember between asks is a
    small plain mapping (``st``) kept in the ask event, so a log replays it.

    A Question is a program's last step, or the last step of a ``Flip`` / ``If`` branch at
    the top level, or is followed only by top-level steps (checked when it is registered)."""

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        st = self.begin(ctx, seat, r)
        if st is not None:
            st.setdefault("slot", r.slot)  # the Pokémon whose effect it is, kept for the answer
            st.setdefault("damage", r.damage)  # the attack's damage so far, for a later Hit
            _ask_or_finish(ctx, seat, self, st, r.prog, r.index + 1, r)

    @abstractmethod
    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        """Start: the question's state, or None when there is nothing to ask."""

    @abstractmethod
    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        """(the seat asked, the prompt, the option labels); None: nothing more to ask."""

    @abstractmethod
    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        """Do what option ``option`` means (``seat``: the program's owner); update ``st``."""

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        """Once nothing more is asked (a deck search shuffles the deck here)."""


@dataclass(frozen=True)
class Program:
    """A registered effect whose steps may ask: ``kind`` is "attack" (the turn ends when
    it is done), "trainer" or "power"."""

    kind: str
    name: str
    steps: tuple[Step, ...]
    questions: tuple[Question, ...]


# program key -> the program (attacks: "card id:attack name"; Trainers: "trainer:card id")
PROGRAMS: dict[str, Program] = {}


def _questions(steps: tuple[Step, ...], name: str) -> tuple[Question, ...]:
    """The program's questions in order; each must be last in its branch (see Question)."""
    found: list[Question] = []
    for step in steps:
        if isinstance(step, Question):
            found.append(step)
            continue
        branches: tuple[tuple[Step, ...], ...] = ()
        if isinstance(step, Flip):
            branches = (step.heads, step.tails)
        elif isinstance(step, If):
            branches = (step.then,)
        elif isinstance(step, (IfAnyHeads, DiscardEnergy, MayDiscard)):
            inner = step.then
            if any(isinstance(x, Question) for x in _all_steps(inner)):
                raise ValueError(f"{name}: a question inside {type(step).__name__}")
        for branch in branches:
            for i, inner_step in enumerate(branch):
                if any(isinstance(x, Question) for x in _all_steps((inner_step,))):
                    if not isinstance(inner_step, Question) or i != len(branch) - 1:
                        raise ValueError(f"{name}: a question must end its branch")
                    found.append(inner_step)
    return tuple(found)


def register_program(key: str, kind: str, name: str, steps: tuple[Step, ...]) -> None:
    if key in PROGRAMS:
        raise ValueError(f"program {key!r} is registered twice")
    PROGRAMS[key] = Program(kind, name, steps, _questions(steps, name))


def _ask_or_finish(
    ctx: Ctx, seat: int, q: Question, st: dict[str, Any], prog: str, resume: int, r: Run | None
) -> bool:
    """Ask ``q``'s next question (True: the program is paused) or finish it (False)."""
    asked = q.options(ctx.s, seat, st)
    if asked is None:
        q.finish(ctx, seat, st)
        return False
    who, prompt, labels = asked
    program = PROGRAMS[prog]
    ctx.emit(
        "ask",
        p=SEATS[who],
        key="step",
        prompt=prompt,
        options=labels,
        data={
            "prog": prog,
            "q": program.questions.index(q),
            "seat": seat,
            "next": resume,
            "st": st,
            "target": r.target if r is not None else 0,
            "card": r.card if r is not None else "",
            "slot": int(st.get("slot", 0)),
            "damage": r.damage if r is not None else int(st.get("damage", 0)),
        },
    )
    if r is not None:
        r.paused = r.off = True
    return True


def _plain(value: Any) -> Any:
    """A copy of a question's state (the ask event keeps the original)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _answer_step(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    """The answer to a Question: do it, ask again or go on with the rest of the program."""
    program = PROGRAMS[data["prog"]]
    owner = int(data["seat"])
    q = program.questions[int(data["q"])]
    st = _plain(data["st"])
    q.answer(ctx, owner, option, st)
    if ctx.s.pending is not None:
        # the answer ran another effect that asks (Supernatural: a Supporter's search): this
        # question goes on once that is done (turn.run_choose resumes the frame)
        ask_then(ctx, [{"resume": "step", "data": {**data, "st": st}}])
        return
    _step_goes_on(ctx, data, st)


def _resume_step(ctx: Ctx, frame: dict[str, Any]) -> None:
    """A question that waited on a nested one goes on (``registry.RESUMES["step"]``)."""
    data = frame["data"]
    _step_goes_on(ctx, data, _plain(data["st"]))


def _step_goes_on(ctx: Ctx, data: dict[str, Any], st: dict[str, Any]) -> None:
    """After an answer: the question asks again or finishes, then the program goes on."""
    program = PROGRAMS[data["prog"]]
    owner = int(data["seat"])
    q = program.questions[int(data["q"])]
    if _ask_or_finish(ctx, owner, q, st, data["prog"], int(data["next"]), None):
        return
    # the damage so far, plus what the answers added ("plus") or set ("damage_set")
    damage = int(data.get("damage", 0)) + int(st.get("plus", 0))
    damage = int(st["damage_set"]) if "damage_set" in st else damage
    r = Run(damage, int(data["target"]), attack=program.name, card=str(data["card"]))
    r.prog = data["prog"]
    r.slot = int(data.get("slot", 0))
    run_program(ctx, owner, program.steps, r, int(data["next"]))
    if r.paused:
        return
    if program.kind == "attack" and ctx.s.phase == "main":
        end_turn(ctx, attacked=True)


reg.CHOICES["step"] = _answer_step
reg.RESUMES["step"] = _resume_step


@dataclass(frozen=True)
class Spec:
    """An attack's effect as data: its steps (see the module doc)."""

    steps: tuple[Step, ...]
    extra: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        return "; ".join(step.describe() for step in self.steps)


def _target_step(steps: Iterable[Step]) -> TargetHit | None:
    for step in _all_steps(steps):
        if isinstance(step, TargetHit):
            return step
    return None


def _all_steps(steps: Iterable[Step]) -> list[Step]:
    found: list[Step] = []
    for step in steps:
        found.append(step)
        if isinstance(step, Flip):
            found += _all_steps((*step.heads, *step.tails))
        elif isinstance(step, If):
            found += _all_steps(step.then)
    return found


def _discard_step(
    steps: Iterable[Step],
) -> DiscardEnergy | MayDiscard | DiscardDefendingEnergy | None:
    for step in steps:
        if isinstance(step, (MayDiscard, DiscardDefendingEnergy)) or (
            isinstance(step, DiscardEnergy) and step.n == 1
        ):
            return step
        inner: tuple[Step, ...] = ()
        if isinstance(step, Flip):
            inner = (*step.heads, *step.tails)
        elif isinstance(step, If):
            inner = step.then
        found = _discard_step(inner)
        if found is not None:
            return found
    return None


def attack_effect(
    name: str, printed: int, cost: tuple[str, ...], steps: tuple[Step, ...], key: str = ""
) -> reg.AttackEffect:
    """The registry entry of an attack given as vocabulary steps (``key``: its program key,
    needed when a step asks a question)."""
    full = program(steps, printed)
    if _questions(full, name):
        if not key:
            raise ValueError(f"{name}: an attack that asks needs its program key")
        register_program(key, "attack", name, full)
    target = _target_step(full)
    discard = _discard_step(full)
    if target is not None and discard is not None:
        raise ValueError(f"{name}: one choice per attack (a target or a card to discard)")
    choosers = [
        step
        for step in _all_steps(full)
        if isinstance(step, (MayDiscard, DiscardDefendingEnergy))
        or (isinstance(step, DiscardEnergy) and step.n == 1)
    ]
    if len(choosers) > 1:
        # one ``card`` parameter names one card: two picks would need two parameters
        raise ValueError(f"{name}: one card choice per attack")

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        slot = 0
        if target is not None:
            default = "bench1" if target.bench_only else "active"
            slot = parse_slot(params.target or default, "target")
        r = Run(printed, slot, attack=name, cost=cost, card=params.card or "", prog=key)
        run_program(ctx, seat, full, r)

    options: reg.Options | None = None
    check: reg.Check | None = None
    if discard is not None:
        chooser = discard

        optional = isinstance(chooser, MayDiscard)

        def card_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
            picks: list[dict[str, Any]] = [{"card": c} for c in chooser.choices(s, seat)]
            return [{}, *picks] if optional or not picks else picks

        def card_check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
            found = chooser.choices(s, seat)
            if optional and params.card is None:
                return None  # nothing discarded
            if (found or optional) and params.card not in found:
                return (
                    "ptcg.card.wrong-kind",
                    f"{name}: pick the Energy card to discard ('card': one of {', '.join(found)})",
                )
            return None

        options, check = card_options, card_check
    if target is not None:
        bench_only = target.bench_only

        def target_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
            found: list[dict[str, Any]] = [
                {"target": slot_name(slot)}
                for slot, _ in s.sides[1 - seat].in_play()
                if slot or not bench_only
            ]
            # no Benched Pokémon to pick: the attack is still used, for its other effects
            return found or [{}]

        def target_check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
            opp = s.sides[1 - seat]
            if bench_only and not opp.bench:
                return None  # nothing to choose: the attack does its other effects only
            default = "bench1" if bench_only else "active"
            slot = parse_slot(params.target or default, f"{name}: 'target'")
            if bench_only and slot == 0:
                return ("ptcg.target.in-play", f"{name} must target a Benched Pokémon")
            if opp.mon(slot) is None:
                return (
                    "ptcg.target.in-play",
                    f"the opponent has no Pokémon at {slot_name(slot)}",
                )
            return None

        options, check = target_options, target_check

    return reg.AttackEffect(Spec(steps).describe(), run, options, check)


# ---------------------------------------------------------------------------- Poké-Bodies
def damage_body(summary: str, body: reg.DamageBody) -> reg.BodyEffect:
    """The registry entry of a Poké-Body that changes the damage its Pokémon takes."""
    return reg.BodyEffect(summary, damage=body)


def cure_on_attach(kind: str, name: str = "") -> reg.BodyEffect:
    """A Poké-Body: attaching a basic ``kind`` Energy card from the hand to its Pokémon
    removes every Special Condition from it."""

    def run(ctx: Ctx, seat: int, slot: int, card: int) -> None:
        s = ctx.s
        mon = s.sides[seat].mon(slot)
        if mon is None or not mon.has_condition():
            return
        if not s.card(card).basic_energy or kind not in s.card(card).provides:
            return
        body_acted(ctx, seat, mon, name)
        ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())

    return reg.BodyEffect(
        f"attaching a {kind} Energy card from the hand to it removes its Special Conditions",
        on_attach=run,
    )


# ---------------------------------------------------------------------------- Trainers
def _bench_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
    return [{"target": slot_name(i)} for i in range(1, len(s.sides[seat].bench) + 1)]


def _bench_check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
    if not s.sides[seat].bench:
        return ("ptcg.trainer.condition", "there is no Benched Pokémon to switch with")
    slot = parse_slot(params.target, "'target'")
    if slot == 0 or s.sides[seat].mon(slot) is None:
        return ("ptcg.target.in-play", f"no Benched Pokémon at {slot_name(slot)}")
    return None


def switch_own() -> reg.TrainerEffect:
    """Switch the Active Pokémon with the Benched one named by ``target`` (not a retreat)."""

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        ctx.emit("switch", p=SEATS[seat], slot=parse_slot(params.target, "target"))

    return reg.TrainerEffect(
        "switch the Active Pokémon with a Benched one (target)",
        run,
        _bench_options,
        _bench_check,
        options_checked=True,
    )


def return_own_to_hand() -> reg.TrainerEffect:
    """Return one of the player's Pokémon in play that is not a Pokémon-ex (``target``) and
    every card on it to the hand (the ``scoop`` event; an Active returned is replaced from
    the Bench). Refused for a Pokémon-ex, and when it is the player's only Pokémon (none
    would be left in play: read as not playable, rather than losing by it)."""

    def options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
        side = s.sides[seat]
        if not side.bench:
            return []
        return [{"target": slot_name(slot)} for slot, m in side.in_play() if not s.top(m).ex]

    def check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
        side = s.sides[seat]
        slot = parse_slot(params.target or "active", "'target'")
        mon = side.mon(slot)
        if mon is None:
            return ("ptcg.target.in-play", f"no Pokémon at {slot_name(slot)}")
        if s.top(mon).ex:
            return ("ptcg.trainer.condition", f"{s.top(mon).name} is a Pokémon-ex")
        if not side.bench:
            return ("ptcg.trainer.condition", "it is the player's only Pokémon in play")
        return None

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        ctx.emit("scoop", p=SEATS[seat], slot=parse_slot(params.target or "active", "target"))

    return reg.TrainerEffect(
        "one of the player's Pokémon (not a Pokémon-ex) and its cards back to the hand (target)",
        run,
        options,
        check,
        options_checked=True,
    )


def cure_active() -> reg.TrainerEffect:
    """Remove every Special Condition from the Active Pokémon."""

    def check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
        active = s.sides[seat].active
        if active is None or not active.has_condition():
            return ("ptcg.trainer.condition", "the Active Pokémon has no Special Condition")
        return None

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        active = ctx.s.sides[seat].active
        if active is not None and active.has_condition():
            ctx.emit("cure", p=SEATS[seat], slot=0, which=active.conditions())

    return reg.TrainerEffect("remove the Active Pokémon's Special Conditions", run, check=check)


def opponent_switches_on_heads(why: str) -> reg.TrainerEffect:
    """Flip a coin: heads, the opponent switches their Active Pokémon with a Benched one
    they pick (the same choice as Drive Off's, ``drive-off``)."""

    def check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
        if not s.sides[1 - seat].bench:
            return ("ptcg.trainer.condition", "the opponent has no Benched Pokémon")
        return None

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        opp = ctx.s.sides[1 - seat]
        if not ctx.flip(why) or not opp.bench:
            return
        options = [f"{ctx.s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(opp.bench)]
        ctx.emit(
            "ask",
            p=SEATS[1 - seat],
            key="drive-off",
            prompt=f"{why}: pick the Benched Pokémon that becomes Active",
            options=options,
            data={},
        )

    return reg.TrainerEffect(
        "heads: the opponent switches their Active Pokémon with a Benched one of their choice",
        run,
        check=check,
    )


def draw_then_discard(n: int) -> reg.TrainerEffect:
    """Draw ``n`` cards, then discard a card of the hand the player picks (``discard-hand``)."""

    def check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
        if not s.sides[seat].deck:
            return ("ptcg.trainer.condition", "the deck is empty: there is nothing to draw")
        return None

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        s = ctx.s
        side = s.sides[seat]
        ctx.emit("draw", p=SEATS[seat], n=min(n, len(side.deck)))
        cards = list(dict.fromkeys(side.hand))
        seen: dict[str, int] = {}
        for inst in cards:
            seen.setdefault(s.cards[inst], inst)  # alike cards: one option
        picks = list(seen.values())
        if picks:
            ctx.emit(
                "ask",
                p=SEATS[seat],
                key="discard-hand",
                prompt="discard a card from your hand",
                options=[s.card(i).name for i in picks],
                data={"cards": picks},
            )

    return reg.TrainerEffect(f"draw {n} cards, then discard a card from the hand", run, check=check)


def _discard_from_hand(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    ctx.emit("move", p=SEATS[seat], card=data["cards"][option], src="hand", dst="discard")


reg.CHOICES["discard-hand"] = _discard_from_hand
