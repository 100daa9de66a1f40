"""Effect primitives first needed by EX Team Rocket Returns (ex7), in the style of vocab.py:
each step says what it does (``describe``) and does it (``run``). The cards built from them
are in effect_data_ex7.py; the Dark / Rocket's name rules they ask are in rockets.py."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import energy_units, max_hp, provides, slot_name, types_of
from turnkeeper.rulesets.ptcg.cards import ANY, CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, counters, guarded, heal, hit
from turnkeeper.rulesets.ptcg.lasting import evolve_onto, evolved
from turnkeeper.rulesets.ptcg.rockets import dark_or_rockets
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    HealPick,
    MoveEnergy,
    MoveTargetEnergy,
    PickOwnPokemon,
    Search,
)
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Hit, MayDiscard, Question, Run, Step, run_steps

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
        return s.stage_in_play(defending) == "stage2"
    return s.is_basic(defending)  # defending_basic


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


# ---------------------------------------------------------------------------- questions
@dataclass(frozen=True)
class MoveDefendingBasicEnergy(MoveTargetEnergy):
    """With at least 2 Pokémon of the opponent in play: the player moves a basic Energy card
    of the Defending Pokémon to another of the opponent's Pokémon (their picks; not
    optional)."""

    def describe(self) -> str:
        return (
            "the player moves a basic Energy card of the Defending Pokémon to another of "
            "the opponent's"
        )

    def _picks(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        return [p for p in super()._picks(s, seat, slot) if s.card(p[0]).basic_energy]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if guarded(ctx, 1 - seat, 0) or not self._picks(ctx.s, seat, 0):
            return None
        return {"done": False, "picks": [], "target": 0}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = super().options(s, seat, st)
        if asked is None:
            return None
        who, _, labels = asked
        return who, "move a basic Energy card of the Defending Pokémon", labels[:-1]


@dataclass(frozen=True)
class SearchThenSwitch(Search):
    """A Search; if it took a card, the player may then switch the Pokémon whose effect it
    is (the Active) with one of their Benched Pokémon (Snatch and Run)."""

    def describe(self) -> str:
        return (
            super().describe()
            + "; if a card was taken, the player may switch it with a Benched Pokémon"
        )

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if not st.get("switching"):
            asked = super().options(s, seat, st)
            if asked is not None:
                return asked
            if not st.get("taken") or st.get("switched") or not side.bench or side.active is None:
                return None
            st["switching"] = True
        labels = [f"{s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(side.bench)]
        return seat, "switch with a Benched Pokémon?", [*labels, "keep the Active Pokémon"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st.get("switching"):
            super().answer(ctx, seat, option, st)
            return
        if option < len(ctx.s.sides[seat].bench):
            ctx.emit("switch", p=SEATS[seat], slot=option + 1)
        st["switching"], st["switched"] = False, True


@dataclass(frozen=True)
class RecoverOneOrThree(Question):
    """From the discard pile, cards matching ``match``: the player picks the way (1 into the
    hand, or with 3 there, 3 shuffled into the deck; or nothing), then the cards one at a
    time (Pokémon Retriever, Dark Aid)."""

    match: tuple[Cards, ...]

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return f"{what} from the discard pile: 1 into the hand, or 3 shuffled into the deck"

    def found(self, s: PtcgState, seat: int) -> list[int]:
        return [c for c in s.sides[seat].discard if any(m.matches(s.card(c)) for m in self.match)]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"mode": "", "left": 0, "picks": []} if self.found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = self.found(s, seat)
        if not st["mode"]:
            modes = ["1 into the hand"] + (["3 into the deck"] if len(found) >= 3 else [])
            return seat, "which way?", [*modes, "nothing"]
        if st["left"] <= 0 or not found:
            return None
        picks = list({s.cards[c]: c for c in reversed(found)}.values())[::-1]
        st["picks"] = picks
        return seat, f"pick a card ({st['left']} more)", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st["mode"]:
            has_three = len(self.found(ctx.s, seat)) >= 3
            if option == 0:
                st["mode"], st["left"] = "hand", 1
            elif option == 1 and has_three:
                st["mode"], st["left"] = "deck", 3
            else:
                st["mode"], st["left"] = "none", 0
            return
        dst = "hand" if st["mode"] == "hand" else "deck"
        ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="discard", dst=dst)
        st["left"] -= 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["mode"] == "deck":
            ctx.shuffle(seat)


@dataclass(frozen=True)
class DrawByDiscardedDark(Step):
    """Draw ``n`` cards, or ``more`` if the card just discarded (on top of the discard pile)
    is a Pokémon with Dark or Rocket's in its name (Rocket's Mission)."""

    n: int
    more: int

    def describe(self) -> str:
        return (
            f"draw {self.n} cards ({self.more} if the discarded card is a Dark or Rocket's Pokémon)"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        side = ctx.s.sides[seat]
        top = ctx.s.card(side.discard[-1]) if side.discard else None
        dark = top is not None and top.kind == "pokemon" and dark_or_rockets(top.name)
        n = min(self.more if dark else self.n, len(side.deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class DiscardFromHandOrNothing(Question):
    """Before the damage (an explicit ``Hit`` follows): the player discards a card matching
    ``match`` from the hand, or the attack does nothing (no damage; Hard Bone)."""

    match: tuple[Cards, ...]

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return f"discard a {what} from the hand, or the attack does nothing"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        hand = s.sides[seat].hand
        found = [c for c in hand if any(m.matches(s.card(c)) for m in self.match)]
        return list({s.cards[c]: c for c in reversed(found)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._found(ctx.s, seat):
            r.damage = 0  # nothing to discard: the attack does nothing
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["picks"] = self._found(s, seat)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, "discard a card from the hand", [*labels, "discard nothing (no damage)"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="hand", dst="discard")
        else:
            st["damage_set"] = 0


@dataclass(frozen=True)
class PickFromTop(Question):
    """Look at the top ``n`` cards of the deck; the player may take one matching ``match``
    into the hand; the deck is shuffled afterward (Friend Search)."""

    n: int
    match: tuple[Cards, ...]

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return f"look at the top {self.n} cards: a {what} there into the hand; shuffle the deck"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        top = s.sides[seat].deck[: self.n]
        found = [c for c in top if any(m.matches(s.card(c)) for m in self.match)]
        st["picks"] = list({s.cards[c]: c for c in reversed(found)}.values())[::-1]
        shown = ", ".join(s.card(c).name for c in top)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, f"the top {len(top)} cards: {shown}; take one?", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="deck", dst="hand")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class EvolveFromDeck(Question):
    """The player searches the deck for a card that evolves from the attacker and puts it on
    the attacker (it counts as evolving; Explosive Evolution); the deck is shuffled."""

    def describe(self) -> str:
        return "a card evolving from the attacker from the deck onto it (evolving it); shuffle"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        name = s.top(mon).name
        found = [c for c in s.sides[seat].deck if s.card(c).evolves_from == name]
        return list({s.cards[c]: c for c in reversed(found)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        active = ctx.s.sides[seat].active
        if not ctx.s.sides[seat].deck or active is None:
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["picks"] = self._found(s, seat)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, "evolve the attacker with a card from the deck?", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            evolve_onto(ctx, seat, 0, st["picks"][option], "deck")  # with the bookkeeping

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


# ---------------------------------------------------------------------------- Poké-Bodies
def saturation(n: int, name: str) -> reg.BodyEffect:
    """A Poké-Body: attaching a Water Energy card from the hand to its Pokémon removes every
    Special Condition and ``n`` damage counters from it."""

    def run(ctx: Ctx, seat: int, slot: int, card: int) -> None:
        s = ctx.s
        mon = s.sides[seat].mon(slot)
        if mon is None or s.card(card).name != "Water Energy":
            return
        if not mon.has_condition() and not mon.damage:
            return
        body_acted(ctx, seat, mon, name)
        if mon.has_condition():
            ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())
        heal(ctx, seat, slot, n)

    return reg.BodyEffect(
        f"a Water Energy card attached to it from the hand removes its Special Conditions "
        f"and {n} damage counter{'s' if n > 1 else ''}",
        on_attach=run,
    )


def sand_damage(ctx: Ctx, seat: int, slot: int) -> None:
    """Between turns, while Active: 1 damage counter on each of the opponent's Benched Basic
    Pokémon (a Poké-Body's counters: no attack Guard stops them)."""
    s = ctx.s
    if slot != 0:
        return
    hit_any = False
    for other, mon in list(s.sides[1 - seat].in_play()):
        if other and s.is_basic(mon):
            ctx.emit("damage", p=SEATS[1 - seat], slot=other, n=10)
            hit_any = True
    active = s.sides[seat].active
    if hit_any and active is not None:
        body_acted(ctx, seat, active, "Sand Damage")


def methane_leak(ctx: Ctx, seat: int, slot: int) -> None:
    """Between turns, while Active: 1 more damage counter on each Poisoned Pokémon (only an
    Active Pokémon can be Poisoned)."""
    s = ctx.s
    if slot != 0:
        return
    hit_any = False
    for owner in (0, 1):
        mon = s.sides[owner].active
        if mon is not None and mon.poisoned:
            ctx.emit("damage", p=SEATS[owner], slot=0, n=10)
            hit_any = True
    active = s.sides[seat].active
    if hit_any and active is not None:
        body_acted(ctx, seat, active, "Methane Leak")


def dark_healer(ctx: Ctx, seat: int, slot: int) -> None:
    """Between turns, with a Darkness Energy attached: 1 damage counter off it."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage and has_darkness_energy(ctx.s, mon):
        heal(ctx, seat, slot, 1)
        body_acted(ctx, seat, mon, "Dark Healer")


# ---------------------------------------------------------------------------- batch 3
@dataclass(frozen=True)
class DefendingNoAttack(Step):
    """The Defending Pokémon cannot attack during its player's next turn
    (``ptcg.attack.effect``)."""

    def describe(self) -> str:
        return "the Defending Pokémon can't attack next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is None or guarded(ctx, 1 - seat, 0):
            return
        turn = ctx.s.turn + 1
        ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="no_attack", turn=turn, name="")


@dataclass(frozen=True)
class MayDiscardOf(MayDiscard):
    """MayDiscard of an Energy card giving any of ``kinds`` (Fire or Darkness: Dark Fire)."""

    kinds: tuple[str, ...] = ()

    def describe(self) -> str:
        return super().describe().replace("a Energy", f"a {' or '.join(self.kinds)} Energy")

    def choices(self, s: PtcgState, seat: int) -> list[str]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        found = [
            s.cards[c]
            for c in mon.energy
            if any(k in provides(s, c) or ANY in provides(s, c) for k in self.kinds)
        ]
        return list(dict.fromkeys(found))


@dataclass(frozen=True)
class Souvenir(Step):
    """Three coins: exactly 1 heads, 4 damage counters on the Defending Pokémon; 2 heads, 1
    damage counter off it; 3 heads, 10 counters on it; no heads, all its counters off."""

    def describe(self) -> str:
        return (
            "3 coins: 1 heads, 4 counters on the Defending Pokémon; 2 heads, 1 off; 3 heads, "
            "10 on; no heads, all off"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = sum(1 for _ in range(3) if ctx.flip(r.attack))
        defending = ctx.s.sides[1 - seat].active
        if defending is None or guarded(ctx, 1 - seat, 0):
            return
        if heads in (1, 3):
            counters(ctx, 1 - seat, 0, 4 if heads == 1 else 10)
        else:
            heal(ctx, 1 - seat, 0, 1 if heads == 2 else defending.damage // 10)


@dataclass(frozen=True)
class SwapCountersWithDefending(Step):
    """Switch every damage counter of the attacker with those of the Defending Pokémon (after
    a required discard: with no Energy discarded, the attack does nothing; Darkness Switch).
    Prevented effects on the Defending Pokémon leave both as they are."""

    def describe(self) -> str:
        return "switch all damage counters of the attacker with those of the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        me, them = ctx.s.sides[seat].active, ctx.s.sides[1 - seat].active
        if me is None or them is None or guarded(ctx, 1 - seat, 0):
            return
        mine, theirs = me.damage, them.damage
        if mine != theirs:
            ctx.emit("damage", p=SEATS[seat], slot=0, n=theirs - mine)
            ctx.emit("damage", p=SEATS[1 - seat], slot=0, n=mine - theirs)


@dataclass(frozen=True)
class HealOtherPick(HealPick):
    """HealPick among the player's Pokémon other than the one whose effect it is (Ripples)."""

    def describe(self) -> str:
        return super().describe().replace("(picked)", "other than itself (picked)")

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        others = [slot for slot in self.slots(ctx.s, seat) if slot != r.slot]
        return {"done": False, "slots": []} if others else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = super().options(s, seat, st)
        if asked is None:
            return None
        keep = [i for i, slot in enumerate(st["slots"]) if slot != int(st["slot"])]
        st["slots"] = [st["slots"][i] for i in keep]
        return asked[0], asked[1], [asked[2][i] for i in keep]


@dataclass(frozen=True)
class DamageOwnPick(PickOwnPokemon):
    """The player picks one of their own Pokémon: it takes ``amount`` damage (no Weakness or
    Resistance: Raging Thunder)."""

    amount: int = 30
    prompt = "pick one of your Pokémon to take the damage"

    def describe(self) -> str:
        return f"{self.amount} damage to one of the player's own Pokémon (picked)"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, _ in s.sides[seat].in_play()]

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=self.amount)


@dataclass(frozen=True)
class CountersOnOwnPick(DamageOwnPick):
    """The player picks one of their own Pokémon: ``amount // 10`` damage counters on it
    (Venture Bomb's tails)."""

    amount: int = 10

    def describe(self) -> str:
        return f"{self.amount // 10} damage counter on one of the player's own Pokémon (picked)"


@dataclass(frozen=True)
class MoveDefendingEnergyToBench(MoveDefendingBasicEnergy):
    """The player moves an Energy card of the Defending Pokémon to one of the opponent's
    Benched Pokémon (nothing without a Bench: Aqua Trick)."""

    def describe(self) -> str:
        return "the player moves an Energy card of the Defending Pokémon to a Benched Pokémon"

    def _picks(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        return [p for p in MoveTargetEnergy._picks(self, s, seat, slot) if p[1] != 0]


@dataclass(frozen=True)
class DrawPerOpponentHand(Step):
    """Draw as many cards as the opponent holds (Copycat, after the hand was shuffled in)."""

    def describe(self) -> str:
        return "draw as many cards as the opponent has in their hand"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        side = ctx.s.sides[seat]
        n = min(len(ctx.s.sides[1 - seat].hand), len(side.deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


def free_with_darkness(s: PtcgState, mon: Mon) -> bool:
    """Dark Lift: its Retreat Cost is 0 with any Darkness Energy attached."""
    return has_darkness_energy(s, mon)


def free_against_ex(s: PtcgState, mon: Mon) -> bool:
    """Scramble: its Retreat Cost is 0 while the opponent's Active is a Pokémon-ex."""
    owner = 0 if any(m is mon for _, m in s.sides[0].in_play()) else 1
    active = s.sides[1 - owner].active
    return active is not None and s.top(active).ex


def types_with(energy: str, types: tuple[str, ...]) -> Callable[[PtcgState, Mon], tuple[str, ...]]:
    """Dual Armor: with an ``energy`` Energy attached, its types are ``types`` (else its own)."""

    def types_now(s: PtcgState, mon: Mon) -> tuple[str, ...]:
        return types if any(energy in unit for unit in energy_units(s, mon)) else ()

    return types_now


# ---------------------------------------------------------------------------- batch 4
@dataclass(frozen=True)
class DelayedCounters(Step):
    """``n`` damage counters on the Defending Pokémon at the end of the opponent's next turn
    (lasting.turn_end; it ends if the Pokémon evolves or goes to the Bench: Dark Seed)."""

    n: int

    def describe(self) -> str:
        return f"{self.n} damage counters on the Defending Pokémon at the end of the next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.sides[1 - seat].active is None or guarded(ctx, 1 - seat, 0):
            return
        what, turn = f"counters:{self.n}", ctx.s.turn + 1
        ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="later", what=what, turn=turn)


def _distinct(s: PtcgState, cards: list[int]) -> list[int]:
    """One card per distinct card id, in their order."""
    return list({s.cards[c]: c for c in reversed(cards)}.values())[::-1]


@dataclass(frozen=True)
class DiscardDefendingPerHeads(Question):
    """Flip until tails; per heads the player discards an Energy card of the Defending
    Pokémon (their pick; Hyper Whirlpool)."""

    def describe(self) -> str:
        return "flip until tails: per heads, an Energy card of the Defending Pokémon discarded"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        heads = 0
        while ctx.flip(r.attack):
            heads += 1
        defending = ctx.s.sides[1 - seat].active
        if not heads or defending is None or not defending.energy or guarded(ctx, 1 - seat, 0):
            return None
        return {"left": heads, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        defending = s.sides[1 - seat].active
        if st["left"] <= 0 or defending is None or not defending.energy:
            return None
        st["picks"] = _distinct(s, defending.energy)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, f"discard an Energy card of the Defending Pokémon ({st['left']} more)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[st["picks"][option]])
        st["left"] -= 1


@dataclass(frozen=True)
class MayBoost(Question):
    """Before the damage (a ``Hit`` follows): the player may do ``more`` more damage; if so
    the attacker takes ``self_damage`` damage (put on it as the choice is made: Tonnage)."""

    more: int
    self_damage: int

    def describe(self) -> str:
        return f"the player may do {self.more} more; if so, {self.self_damage} damage to itself"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        more = f"{self.more} more, {self.self_damage} to itself"
        return seat, "how much damage?", ["the printed damage", more]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 1:
            st["plus"] = self.more
            counters(ctx, seat, 0, self.self_damage // 10)


@dataclass(frozen=True)
class DiscardOwnThenDefending(Question):
    """The player may discard an Energy card of the attacker; if so, then one of the
    Defending Pokémon's (their picks; Cold Crush)."""

    def describe(self) -> str:
        return "may discard an Energy card of it; if so, one of the Defending Pokémon's"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        return {"stage": "own", "picks": []} if mon is not None and mon.energy else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        mon = s.sides[seat if st["stage"] == "own" else 1 - seat].active
        if st["stage"] == "done" or mon is None or not mon.energy:
            return None
        st["picks"] = _distinct(s, mon.energy)
        labels = [s.card(c).name for c in st["picks"]]
        if st["stage"] == "own":
            return seat, "discard an Energy card of your Active Pokémon?", [*labels, "none"]
        return seat, "discard an Energy card of the Defending Pokémon", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "own":
            if option >= len(st["picks"]):
                st["stage"] = "done"
                return
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[st["picks"][option]])
            st["stage"] = "defending" if not guarded(ctx, 1 - seat, 0) else "done"
            return
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[st["picks"][option]])
        st["stage"] = "done"


@dataclass(frozen=True)
class DiscardEnergyFromHandToDraw(Question):
    """The player discards up to ``n`` Energy cards from the hand, one at a time, then draws
    ``each`` cards per card discarded (Dump and Draw)."""

    n: int = 2
    each: int = 2

    def describe(self) -> str:
        return f"discard up to {self.n} Energy cards from the hand, then draw {self.each} per card"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        hand = ctx.s.sides[seat].hand
        if not any(ctx.s.card(c).kind == "energy" for c in hand):
            return None
        return {"taken": 0, "stop": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        hand = s.sides[seat].hand
        energy = [c for c in hand if s.card(c).kind == "energy"]
        if st["stop"] or st["taken"] >= self.n or not energy:
            return None
        st["picks"] = _distinct(s, energy)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, "discard an Energy card from the hand?", [*labels, "no more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["stop"] = True
            return
        ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="hand", dst="discard")
        st["taken"] += 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        n = min(self.each * int(st["taken"]), len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class SwapEnergyWithDiscard(Question):
    """The player may discard an Energy card of the attacker; if so, they attach an Energy
    card from the discard pile to it, not the one just discarded (Rotating Claws)."""

    def describe(self) -> str:
        return "may discard an Energy card of it; if so, another from the discard pile onto it"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        return {"stage": "own", "picks": [], "gone": -1} if mon is not None and mon.energy else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["stage"] == "own" and side.active is not None:
            st["picks"] = _distinct(s, side.active.energy)
            labels = [s.card(c).name for c in st["picks"]]
            return seat, "discard an Energy card of your Active Pokémon?", [*labels, "none"]
        if st["stage"] != "attach":
            return None
        found = [c for c in side.discard if s.card(c).kind == "energy" and c != st["gone"]]
        if not found:
            return None
        st["picks"] = _distinct(s, found)
        return (
            seat,
            "attach an Energy card from the discard pile",
            [s.card(c).name for c in st["picks"]],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "own":
            if option >= len(st["picks"]):
                st["stage"] = "done"
                return
            card = st["picks"][option]
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[card])
            st["stage"], st["gone"] = "attach", card
            return
        card = st["picks"][option]
        ctx.emit("attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"})
        st["stage"] = "done"


def no_weakness_if_darkness(s: PtcgState, body: Mon, target: Mon) -> bool:
    """Dark Condition: the Pokémon itself, with Darkness Energy attached."""
    return body is target and has_darkness_energy(s, body)


def no_weakness_for_active(s: PtcgState, body: Mon, target: Mon) -> bool:
    """Dragon Veil: any Active Pokémon of its owner (it is in play)."""
    return True


@dataclass(frozen=True)
class ShuffleBothHands(Step):
    """Each player shuffles their hand into their deck (Rocket's Admin.)."""

    def describe(self) -> str:
        return "each player shuffles their hand into their deck"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for who in (seat, 1 - seat):
            for card in list(ctx.s.sides[who].hand):
                ctx.emit("move", p=SEATS[who], card=card, src="hand", dst="deck")
            ctx.shuffle(who)


@dataclass(frozen=True)
class BothDrawUpToPrizes(Question):
    """Each player, the card's player first, draws up to as many cards as they have Prize
    cards left (each picks how many: Rocket's Admin.)."""

    def describe(self) -> str:
        return "each player draws up to as many cards as their Prize cards left (player first)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"who": [seat, 1 - seat]}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        while st["who"]:
            who = int(st["who"][0])
            side = s.sides[who]
            most = min(len(side.prizes), len(side.deck))
            if most:
                labels = [str(n) for n in range(most + 1)]
                return who, "draw how many cards (up to your Prize cards left)?", labels
            st["who"] = st["who"][1:]
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        who = int(st["who"][0])
        if option:
            ctx.emit("draw", p=SEATS[who], n=option)
        st["who"] = st["who"][1:]


# ---------------------------------------------------------------------------- batch 5
@dataclass(frozen=True)
class DiscardFromHandForDamage(Question):
    """Before the damage (a ``Hit`` follows): the player discards up to ``n`` cards matching
    ``match`` from the hand, one at a time, each adding ``each`` damage (Litter)."""

    match: tuple[Cards, ...]
    n: int = 2
    each: int = 30

    def describe(self) -> str:
        what = " or ".join(c.describe() for c in self.match)
        return f"discard up to {self.n} {what} cards from the hand: +{self.each} each"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        hand = s.sides[seat].hand
        return _distinct(s, [c for c in hand if any(m.matches(s.card(c)) for m in self.match)])

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"taken": 0, "stop": False, "picks": []} if self._found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = self._found(s, seat)
        if st["stop"] or st["taken"] >= self.n or not found:
            return None
        st["picks"] = found
        labels = [s.card(c).name for c in found]
        return seat, f"discard a card for +{self.each} damage?", [*labels, "no more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["stop"] = True
            return
        ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="hand", dst="discard")
        st["taken"] += 1
        st["plus"] = int(st.get("plus", 0)) + self.each


@dataclass(frozen=True)
class PeekOpponentTop(Question):
    """The player looks at the top card of the opponent's deck (shown to them only), then
    may shuffle that deck (Cunning)."""

    def describe(self) -> str:
        return "look at the top card of the opponent's deck, then the player may shuffle it"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[1 - seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        deck = s.sides[1 - seat].deck
        if st["done"] or not deck:
            return None
        # the card is named in the options, which only the asked player sees
        top = s.card(deck[0]).name
        labels = [f"shuffle the deck ({top} on top)", f"leave {top} on top"]
        return seat, "the top card of the opponent's deck: shuffle that deck?", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 0:
            ctx.shuffle(1 - seat)


@dataclass(frozen=True)
class MoveAllEnergyToBench(Question):
    """The player may move every Energy card of the attacker to their Benched Pokémon, each
    card to the one they pick (Energy Bomb)."""

    def describe(self) -> str:
        return "the player may move all of its Energy cards to their Benched Pokémon as they like"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        if side.active is None or not side.active.energy or not side.bench:
            return None
        return {"stage": "ask"}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["stage"] == "ask":
            return seat, "move all its Energy cards to the Bench?", ["move them all", "keep them"]
        if st["stage"] != "move" or side.active is None or not side.active.energy:
            return None
        card = s.card(side.active.energy[0]).name
        labels = [
            f"{card} to {s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(side.bench)
        ]
        return seat, "which Benched Pokémon gets it?", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "ask":
            st["stage"] = "move" if option == 0 else "done"
            return
        active = ctx.s.sides[seat].active
        assert active is not None
        card = active.energy[0]
        ctx.emit("move_energy", p=SEATS[seat], card=card, src=0, dst=option + 1)


# ---------------------------------------------------------------------------- batch 6
@dataclass(frozen=True)
class HandToDeckThenSearch(Question):
    """The player puts up to ``n`` cards from the hand on top of the deck, one at a time,
    then takes as many cards of their choice from the deck; the deck is shuffled (Quick
    Change)."""

    n: int = 3

    def describe(self) -> str:
        return f"up to {self.n} cards from the hand onto the deck, then as many from the deck"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not ctx.s.sides[seat].hand:
            return None
        return {"stage": "put", "put": 0, "left": 0, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["stage"] == "put" and (st["put"] >= self.n or not side.hand):
            st["stage"], st["left"] = "take", st["put"]
        if st["stage"] == "put":
            st["picks"] = _distinct(s, side.hand)
            labels = [s.card(c).name for c in st["picks"]]
            return seat, "put a card from the hand on top of the deck?", [*labels, "done"]
        if st["left"] <= 0 or not side.deck:
            return None
        st["picks"] = _distinct(s, side.deck)
        labels = [s.card(c).name for c in st["picks"]]
        return seat, f"take a card from the deck ({st['left']} more)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "put":
            if option >= len(st["picks"]):
                st["stage"], st["left"] = "take", st["put"]
                return
            ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="hand", dst="deck")
            st["put"] += 1
            return
        ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="deck", dst="hand")
        st["left"] -= 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["put"]:
            ctx.shuffle(seat)


@dataclass(frozen=True)
class MayGamble(Question):
    """Before the damage (a ``Hit`` follows): the player may flip a coin; heads, the damage
    is ``amount`` instead; tails, the attack does nothing (Quick Tail Smash)."""

    amount: int

    def describe(self) -> str:
        return f"the player may flip: heads, {self.amount} damage instead; tails, nothing"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, "flip a coin for more damage?", ["no: the printed damage", "flip"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 1:
            st["damage_set"] = self.amount if ctx.flip("the gamble") else 0


@dataclass(frozen=True)
class MoveEnergyOrGust(Question):
    """The player picks one: move an Energy card of the Defending Pokémon to another of the
    opponent's Pokémon, or switch one of the opponent's Benched Pokémon in as Defending; then
    the cards or Pokémon (Pow! Hand Extension)."""

    def describe(self) -> str:
        return "move an Energy card of the Defending Pokémon, or switch in a Benched Pokémon"

    def _moves(self, s: PtcgState, seat: int) -> list[list[int]]:
        opp = s.sides[1 - seat]
        mon = opp.active
        if mon is None:
            return []
        return [[c, dst] for c in _distinct(s, mon.energy) for dst, _ in opp.in_play() if dst]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not ctx.s.sides[1 - seat].bench or ctx.s.sides[1 - seat].active is None:
            return None
        return {"stage": "mode", "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        if st["stage"] == "mode":
            modes = ["switch in a Benched Pokémon"]
            if self._moves(s, seat):
                modes.append("move an Energy card of the Defending Pokémon")
            return seat, "which effect?", modes
        if st["stage"] == "switch":
            labels = [f"{s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(opp.bench)]
            return seat, "pick the opponent's Benched Pokémon that becomes Defending", labels
        if st["stage"] == "move":
            st["picks"] = self._moves(s, seat)
            labels = []
            for card, dst in st["picks"]:
                mon = opp.mon(dst)
                assert mon is not None
                labels.append(f"{s.card(card).name} to {s.top(mon).name} ({slot_name(dst)})")
            return seat, "move an Energy card of the Defending Pokémon", labels
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "mode":
            st["stage"] = "switch" if option == 0 else "move"
            return
        if st["stage"] == "switch":
            ctx.emit("switch", p=SEATS[1 - seat], slot=option + 1)
        else:
            card, dst = st["picks"][option]
            ctx.emit("move_energy", p=SEATS[1 - seat], card=card, src=0, dst=dst)
        st["stage"] = "done"


# ---------------------------------------------------------------------------- issue 19, last cards
PRIZES_FACE_UP = "prizes_face_up"


def prizes_face_up(s: PtcgState, seat: int) -> bool:
    """Whether ``seat`` plays with their Prize cards face up (Here Comes Team Rocket!: a
    ``Side.later`` entry for the rest of the game; ruleset.view shows them to every seat)."""
    return any(what == PRIZES_FACE_UP for what, _ in s.sides[seat].later)


@dataclass(frozen=True)
class PrizesFaceUp(Step):
    """Each player plays with their Prize cards face up for the rest of the game (the
    ``side_later`` event, turn -1: Here Comes Team Rocket! ex7-111)."""

    def describe(self) -> str:
        return "each player's Prize cards are face up for the rest of the game"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for who in (seat, 1 - seat):
            if not prizes_face_up(ctx.s, who):
                ctx.emit("side_later", p=SEATS[who], what=PRIZES_FACE_UP, turn=-1)


def _basic_not_ex(s: PtcgState, mon: Mon) -> bool:
    """A Basic Pokémon in play (no Evolution card on it, not a Fossil) that is not ex: an
    Evolution card played as a Basic counts (``PtcgState.stage_in_play``)."""
    top = s.top(mon)
    return s.is_unevolved_basic(mon) and top.kind == "pokemon" and not top.ex


@dataclass(frozen=True)
class SwapBasicFromDeck(Question):
    """The player picks one of their Basic Pokémon in play (not Pokémon-ex), then a Basic
    Pokémon of the deck (not Pokémon-ex) that takes its place with everything on it
    (Energy, Tool, damage counters, Special Conditions, effects: the ``replace_basic``
    event); the old card goes to the discard pile and the deck is shuffled (Swoop!
    Teleporter ex7-92). With no such card in the deck the deck is searched and shuffled."""

    def describe(self) -> str:
        return (
            "a Basic Pokémon (not ex) of the deck takes the place of one of the player's Basic "
            "Pokémon (not ex) with everything on it; the old card is discarded"
        )

    def places(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, mon in s.sides[seat].in_play() if _basic_not_ex(s, mon)]

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        found: dict[str, int] = {}
        for inst in s.sides[seat].deck:
            card = s.card(inst)
            if card.kind == "pokemon" and card.stage == "basic" and not card.ex:
                found.setdefault(card.id, inst)
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"slot_picked": -1, "done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        side = s.sides[seat]
        if st["slot_picked"] < 0:
            places = self.places(s, seat)
            if not places or not self._found(s, seat):
                return None
            st["picks"] = places
            labels = []
            for slot in places:
                mon = side.mon(slot)
                assert mon is not None
                labels.append(f"{s.top(mon).name} ({slot_name(slot)})")
            return seat, "which of your Basic Pokémon to swap out", labels
        picks = self._found(s, seat)
        st["picks"] = picks
        return seat, "the Basic Pokémon from the deck that takes its place", [
            s.card(c).name for c in picks
        ]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["slot_picked"] < 0:
            st["slot_picked"] = int(st["picks"][option])
            return
        st["done"] = True
        ctx.emit(
            "replace_basic",
            p=SEATS[seat],
            card=int(st["picks"][option]),
            slot=int(st["slot_picked"]),
            **{"from": "deck"},
        )

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


def evolves_onto(s: PtcgState, mon: Mon, card: CardDef) -> bool:
    """``card`` is the next Stage of ``mon``'s top card (its name, one Stage up)."""
    top = s.top(mon)
    want = {"basic": "stage1", "stage1": "stage2"}.get(top.stage if top.kind == "pokemon" else "")
    return card.is_evolution and card.stage == want and card.evolves_from == top.name


@dataclass(frozen=True)
class DevolveThenEvolve(Question):
    """The player picks one of their Evolved Pokémon: its top Evolution card is shuffled into
    the deck (it devolves: Special Conditions and effects on it end, the ``devolve``
    event); if it stays in play (its damage still below its HP), the player may put an
    Evolution card of the deck that evolves from it onto it (it evolves: the ``evolve``
    event, from the deck); the deck is shuffled afterwards (Surprise! Time Machine ex7-91).
    The timing rules of evolving from the hand (not a Pokémon new this turn, once a turn)
    are not asked: the card says how it evolves, as Baby Evolution does."""

    def describe(self) -> str:
        return (
            "one of the player's Evolved Pokémon devolves (the card shuffled into the deck), "
            "then may evolve with a card from the deck"
        )

    def places(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, mon in s.sides[seat].in_play() if len(mon.stack) > 1]

    def _found(self, s: PtcgState, seat: int, slot: int) -> list[int]:
        mon = s.sides[seat].mon(slot)
        if mon is None or mon.damage >= max_hp(s, mon):
            return []  # Knocked Out once devolved: it does not stay in play
        found: dict[str, int] = {}
        for inst in s.sides[seat].deck:
            if evolves_onto(s, mon, s.card(inst)):
                found.setdefault(s.cards[inst], inst)
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self.places(ctx.s, seat):
            return None
        return {"slot_picked": -1, "done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        side = s.sides[seat]
        if st["slot_picked"] < 0:
            places = self.places(s, seat)
            st["picks"] = places
            labels = []
            for slot in places:
                mon = side.mon(slot)
                assert mon is not None
                labels.append(f"{s.top(mon).name} ({slot_name(slot)})")
            return seat, "which of your Evolved Pokémon devolves", labels
        picks = self._found(s, seat, int(st["slot_picked"]))
        if not picks:
            return None
        st["picks"] = picks
        labels = [s.card(c).name for c in picks]
        return seat, "an Evolution card from the deck to put on it", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["slot_picked"] < 0:
            slot = int(st["picks"][option])
            st["slot_picked"] = slot
            ctx.emit("devolve", p=SEATS[seat], slot=slot, dest="deck")
            return
        st["done"] = True
        if option >= len(st["picks"]):
            return
        slot = int(st["slot_picked"])
        ctx.emit(
            "evolve", p=SEATS[seat], card=int(st["picks"][option]), slot=slot, **{"from": "deck"}
        )
        if ctx.s.special:  # a Poké-Body that acts as its Pokémon evolves (lasting.py)
            evolved(ctx, seat, slot)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["slot_picked"] >= 0:
            ctx.shuffle(seat)
