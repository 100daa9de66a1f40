"""Vocabulary primitives first needed by EX Unseen Forces (ex10): steps and Poké-Body
helpers used by ``effect_data_ex10.py``. Each is described in the project's own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, heal
from turnkeeper.rulesets.ptcg.search import Cards, DefendingEnergy
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Hit, Question, Run, Step, run_steps


def has_stage2_in_play(s: PtcgState, seat: int) -> bool:
    """Whether ``seat`` has a Stage 2 Evolved Pokémon in play (Active or Benched)."""
    return any(s.top(mon).stage == "stage2" for _, mon in s.sides[seat].in_play())


@dataclass(frozen=True)
class DrawUnlessStage2(Step):
    """Draw ``n`` cards, but only while the player has no Stage 2 Pokémon in play (Mary's
    Request's extra cards, ex10)."""

    n: int

    def describe(self) -> str:
        return f"draw {self.n} more if the player has no Stage 2 Pokémon in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if has_stage2_in_play(ctx.s, seat):
            return
        n = min(self.n, len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


def counter_on_both_actives(name: str) -> Callable[[Ctx, int, int], None]:
    """A Poké-Body acting between turns while its Pokémon is Active: 1 damage counter on each
    Active Pokémon, its own player's included (Typhlosion's Burning Aura, ex10). A Poké-Body's
    counters: no Guard of an attack stops them."""

    def run(ctx: Ctx, seat: int, slot: int) -> None:
        s = ctx.s
        if slot != 0:
            return
        own = s.sides[seat].active
        if own is None:
            return
        for owner in (seat, 1 - seat):
            if s.sides[owner].active is not None:
                ctx.emit("damage", p=SEATS[owner], slot=0, n=10)
        body_acted(ctx, seat, own, name)

    return run


def heal_each_but_ex(name: str) -> Callable[[Ctx, int, int], None]:
    """A Poké-Body acting between turns while its Pokémon is Active: 1 damage counter off
    each Pokémon in play that is not a Pokémon-ex, both players' (Meganium's Healing Aroma,
    ex10)."""

    def run(ctx: Ctx, seat: int, slot: int) -> None:
        s = ctx.s
        own = s.sides[seat].active
        if slot != 0 or own is None:
            return
        healed = False
        for owner in (seat, 1 - seat):
            for where, mon in list(s.sides[owner].in_play()):
                if mon.damage and not s.top(mon).ex:
                    heal(ctx, owner, where, 1)
                    healed = True
        if healed:
            body_acted(ctx, seat, own, name)

    return run


@dataclass(frozen=True)
class CountersOnSelfForDamage(Question):
    """The attacker's player picks how many damage counters (0 to ``most``) to put on the
    attacker; the attack then does ``per`` more damage for each (Meganium's Bouncy Move,
    ex10). The counters go on before the damage; ``then`` (the damage step) runs after the
    answer, so vocab.program places no damage step of its own before the question."""

    most: int
    per: int
    then: tuple[Step, ...] = (Hit(),)

    def describe(self) -> str:
        return (
            f"the player may put up to {self.most} damage counters on the attacker: "
            f"+{self.per} each"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "attack": r.attack, "cost": list(r.cost)}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [f"{n} damage counters on the attacker" for n in range(self.most + 1)]
        return seat, f"{st['attack']}: how many damage counters", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option:
            ctx.emit("damage", p=SEATS[seat], slot=0, n=10 * option)
        r = Run(int(st["damage"]) + self.per * option, attack=str(st["attack"]))
        r.cost = tuple(st["cost"])
        r.slot = int(st["slot"])
        run_steps(ctx, seat, self.then, r)


def basic_energy_types(s: PtcgState, seat: int) -> int:
    """How many different types of basic Energy cards are attached to ``seat``'s Active."""
    mon = s.sides[seat].active
    if mon is None:
        return 0
    found: set[str] = set()
    for card in mon.energy:
        if s.card(card).basic_energy:
            found.update(s.card(card).provides)
    return len(found)


@dataclass(frozen=True)
class IfBasicTypes(Step):
    """The steps ``then`` if the attacker has basic Energy cards of at least ``n`` different
    types attached (the Multi attacks of ex10's Flareon, Jolteon and Vaporeon). A modifier
    (it may add damage before the damage step)."""

    n: int
    then: tuple[Step, ...]
    modifier = True

    def describe(self) -> str:
        steps = ", ".join(step.describe() for step in self.then)
        return f"with basic Energy cards of {self.n}+ types attached: {steps}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if basic_energy_types(ctx.s, seat) >= self.n:
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class IfFewerPrizes(Step):
    """The steps ``then`` if the attacker's player has fewer Prize cards left than the
    opponent (the ex10 Pokémon ★ attacks)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        steps = ", ".join(step.describe() for step in self.then)
        return f"with fewer Prize cards left than the opponent: {steps}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if len(s.sides[seat].prizes) < len(s.sides[1 - seat].prizes):
            run_steps(ctx, seat, self.then, r)


@dataclass(frozen=True)
class CardsNotEx(Cards):
    """A filter for Pokémon cards of one of ``types`` that are not Pokémon-ex (Corsola's
    Cry for Help, ex10: a Water or Fighting Pokémon, not ex)."""

    types: tuple[str, ...] = ()

    def matches(self, card: CardDef) -> bool:
        return (
            card.kind == "pokemon"
            and not card.ex
            and any(kind in card.types for kind in self.types)
        )

    def describe(self) -> str:
        return f"{' or '.join(self.types)} Pokémon (not Pokémon-ex)"


@dataclass(frozen=True)
class DiscardAllOwnEnergy(Step):
    """Discard every Energy card attached to each of the attacker's player's Pokémon, Active
    and Benched (Suicune ★'s Cross Wind, ex10)."""

    def describe(self) -> str:
        return "discard all Energy cards attached to each of the player's Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for slot, mon in list(ctx.s.sides[seat].in_play()):
            if mon.energy:
                ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=list(mon.energy))


@dataclass(frozen=True)
class DiscardStadiumInPlay(Step):
    """Discard the Stadium card in play, if any (to its owner's discard pile): not optional
    (Tyranitar ex's Shatter, ex10)."""

    def describe(self) -> str:
        return "discard the Stadium card in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.stadium >= 0:
            ctx.emit("discard_stadium")


@dataclass(frozen=True)
class DefendingSpecialEnergy(DefendingEnergy):
    """The player picks a special Energy card attached to the Defending Pokémon: it is
    discarded; nothing is asked when it has none (Tyranitar ex's Derail, ex10)."""

    def describe(self) -> str:
        return "a special Energy card the player picks from the Defending Pokémon, discarded"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        return [c for c in super()._picks(s, seat) if not s.card(c).basic_energy]
