"""Effect primitives EX Legend Maker (ex12) brings (effect_data_ex12.py uses them); each says
which card needs it. Most of the set reacts to React Energy (ex12-82) attached to the
attacking Pokémon: it is counted by the card's name, as the Holon Energy of ex11 are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.board import (
    body_off,
    gassed,
    mon_labels,
    provides,
    slot_name,
    types_of,
)
from turnkeeper.rulesets.ptcg.board_moves import devolve
from turnkeeper.rulesets.ptcg.cards import ANY, CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import (
    body_acted,
    counters,
    guarded,
    heal,
    own_bench_hit,
    set_condition,
)
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    Gust,
    MoveEnergy,
    OpponentSwitch,
    PickOwnPokemon,
    PickTargets,
)
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    Heal,
    Question,
    Run,
    Step,
    TargetHit,
    Test,
    test,
)

REACT_ENERGY = "React Energy"


def react_energy_on(s: PtcgState, mon: Mon | None) -> int:
    """How many React Energy cards are attached to ``mon`` (none when there is no Pokémon)."""
    if mon is None:
        return 0
    return sum(1 for c in mon.energy if s.card(c).name == REACT_ENERGY)


@dataclass(frozen=True)
class IfReact(Step):
    """The steps ``then`` only if the attacker has a React Energy card attached (Lileep's
    Tender Tentacles ex12-56, Shiftry's Reactive Beating ex12-12)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a React Energy attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if react_energy_on(ctx.s, ctx.s.sides[seat].active):
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class PlusPerReact(Step):
    """``each`` more damage per React Energy card attached to the attacker; ``once``: only
    ``each`` more if it has any (Machamp's Swift Blow ex12-9 counts them, Vibrava's Bi-Blast
    ex12-46 asks for one)."""

    each: int
    once: bool = False
    modifier = True

    def describe(self) -> str:
        if self.once:
            return f"+{self.each} with a React Energy attached"
        return f"+{self.each} per React Energy card attached"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        found = react_energy_on(ctx.s, ctx.s.sides[seat].active)
        r.damage += self.each * (min(found, 1) if self.once else found)


@dataclass(frozen=True)
class AttachFromDiscardThenHeal(Step):
    """Attach a ``kind`` Energy card from the discard pile to the attacker; only if one was
    attached, remove ``heal`` damage counters from it (Golem's Mend ex12-6)."""

    kind: str
    heal: int

    def describe(self) -> str:
        return (
            f"attach a {self.kind} Energy card from the discard pile to the attacker; if so, "
            f"remove {self.heal} damage counters from it"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if not any(
            s.card(c).kind == "energy" and self.kind in provides(s, c)
            for c in s.sides[seat].discard
        ):
            return
        AttachFromDiscard(1, self.kind).run(ctx, seat, r)
        Heal(self.heal).run(ctx, seat, r)


def seat_of(s: PtcgState, mon: Mon) -> int:
    """The seat whose Pokémon ``mon`` is (a Poké-Body asking about its own side): in play,
    or just Knocked Out, its cards in its owner's discard pile (the Knock Out windows ask
    whether a Knocked Out Pokémon's Powers worked as it left play: Shadow Curse ex12-5, with
    an Intimidating Armor ex14-89 reaching it)."""
    for seat in (0, 1):
        if any(m is mon for _, m in s.sides[seat].in_play()):
            return seat
    for seat in (0, 1):
        if mon.stack and mon.stack[0] in s.sides[seat].discard:
            return seat
    raise ValueError("the Pokémon is not in play")


def has_in_play(s: PtcgState, seat: int, names: tuple[str, ...]) -> bool:
    """Whether ``seat`` has a Pokémon of one of ``names`` in play (the Fossil Pokémon's
    Bodies: Ancient Shell ex12-7, Ancient Fang ex12-23)."""
    return any(s.top(m).name in names for _, m in s.sides[seat].in_play())


def last_stand(s: PtcgState, seat: int) -> bool:
    """The Pokémon ★ condition of ex12: the opponent has exactly one Prize card left and the
    attacker is the only Pokémon its player has in play (Regirock ★'s Final Blast ex12-91)."""
    return len(s.sides[1 - seat].prizes) == 1 and not s.sides[seat].bench


@dataclass(frozen=True)
class BaseIfLastStand(Step):
    """The base damage is ``amount`` instead when :func:`last_stand` holds (ex12-91)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return (
            f"base damage {self.amount} if the opponent has 1 Prize left and the attacker is "
            "its player's only Pokémon in play"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if last_stand(ctx.s, seat):
            r.damage = self.amount


@dataclass(frozen=True)
class ReactTargetHit(TargetHit):
    """``amount`` damage to the opponent's Pokémon the player picks (the attack's ``target``),
    only if the attacker has a React Energy card attached (Anorith's Stretch Claws ex12-29,
    to a Benched Pokémon: ``bench_only``)."""

    def describe(self) -> str:
        return "with a React Energy attached: " + TargetHit.describe(self)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if react_energy_on(ctx.s, ctx.s.sides[seat].active):
            TargetHit.run(self, ctx, seat, r)


def icy_aura(ctx: Ctx, seat: int, slot: int) -> None:
    """Walrein ex's Icy Aura (ex12-89): between turns, while it is Active, 1 damage counter on
    each Active Pokémon, both players', that is not a Water Pokémon (itself included when it is
    not Water: a Poké-Body that changes its type counts)."""
    s = ctx.s
    if slot != 0:
        return
    me = s.sides[seat].active
    acted = False
    for side in (seat, 1 - seat):
        mon = s.sides[side].active
        if mon is not None and "Water" not in types_of(s, mon):
            ctx.emit("damage", p=SEATS[side], slot=0, n=10)
            acted = True
    if acted and me is not None:
        body_acted(ctx, seat, me, "Icy Aura")


def heal_all_on_react(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    """Tangela's Reactive Healing (ex12-44): a React Energy card attached from the hand to it
    removes all its damage counters."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or not mon.damage or s.card(card).name != REACT_ENERGY:
        return
    body_acted(ctx, seat, mon, "Reactive Healing")
    heal(ctx, seat, slot, mon.damage // 10)


@dataclass(frozen=True)
class IfStadium(Step):
    """The steps ``then`` only while a Stadium named ``name`` is in play (Magby's Ignite
    ex12-58: Full Flame)."""

    name: str
    then: tuple[Step, ...]

    def describe(self) -> str:
        return f"with {self.name} in play: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if s.stadium >= 0 and s.card(s.stadium).name == self.name:
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class IfDefendingBasic(Step):
    """The steps ``then`` only if the Defending Pokémon is a Basic Pokémon, not evolved (Tangela's
    Entangling Vines ex12-44)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "if the Defending Pokémon is Basic: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and ctx.s.is_basic(defending):
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class BaseIfDefendingResists(Step):
    """The base damage is ``amount`` instead if the Defending Pokémon has any Resistance
    (Armaldo ex's Vortex Chop ex12-84)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"base damage {self.amount} if the Defending Pokémon has a Resistance"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and ctx.s.top(defending).resistance:
            r.damage = self.amount


@dataclass(frozen=True)
class OpponentMayDraw(Question):
    """The opponent may draw ``n`` cards — their choice, so they are asked (Fieldworker
    ex12-73). Nothing is asked when their deck is empty."""

    n: int = 1

    def describe(self) -> str:
        return f"the opponent may draw {self.n} card(s)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[1 - seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return 1 - seat, f"draw {self.n}?", [f"draw {self.n}", "no"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 0:
            ctx.emit("draw", p=SEATS[1 - seat], n=min(self.n, len(ctx.s.sides[1 - seat].deck)))


@dataclass(frozen=True)
class CountersAnyWayIf(PickTargets):
    """``n`` damage counters on the opponent's Pokémon, one per pick in any way the player
    likes; ``more`` counters instead when ``when`` holds: "last_stand" (:func:`last_stand`,
    Registeel ★'s Final Laser ex12-92) or "react" (a React Energy on the attacker)."""

    more: int = 0
    when: str = "last_stand"
    counters: bool = True
    anywhere: bool = True
    distinct: bool = False

    def describe(self) -> str:
        why = "the last stand" if self.when == "last_stand" else "a React Energy attached"
        return f"{self.n} damage counters in any way the player likes ({self.more} with {why})"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        holds = (
            last_stand(s, seat)
            if self.when == "last_stand"
            else bool(react_energy_on(s, s.sides[seat].active))
        )
        return {"left": self.more if holds else self.n, "picked": [], "slots": []}


@dataclass(frozen=True)
class OnlyIf(Step):
    """Unless ``when`` holds (a test of ``vocab.test``), the attack does nothing: no damage and
    no other effect (Misdreavus's Dream Eater ex12-40: only against an Asleep Pokémon)."""

    when: Test
    modifier = True

    def describe(self) -> str:
        return f"does nothing unless {self.when.replace('_', ' ')}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if not test(ctx.s, seat, self.when):
            r.off = True


def every_type_with_react(s: PtcgState, mon: Mon) -> tuple[str, ...]:
    """Kecleon's Reactive Colors (ex12-37): with a React Energy attached it is Grass, Fire,
    Water, Lightning, Psychic and Fighting."""
    if react_energy_on(s, mon):
        return ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting")
    return ()


def basic_energy_in_discard(s: PtcgState, seat: int) -> list[int]:
    """One basic Energy card of each kind in ``seat``'s discard pile (alike cards are one
    choice)."""
    seen: dict[str, int] = {}
    for card in s.sides[seat].discard:
        found = s.card(card)
        if found.basic_energy and found.id not in seen:
            seen[found.id] = card
    return list(seen.values())


@dataclass(frozen=True)
class DiscardEnergyToDeckTop(Question):
    """The player picks a basic Energy card of the discard pile: it goes on top of the deck and
    the Pokémon whose Power it is gets ``counters`` damage counters (Sealeo's Power Circulation
    ex12-43). The Power is refused without such a card, so nothing is declined here."""

    counters: int = 1

    def describe(self) -> str:
        return (
            "a basic Energy card from the discard pile on top of the deck; "
            f"{self.counters} damage counter on it"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        picks = basic_energy_in_discard(ctx.s, seat)
        return {"done": False, "picks": picks, "slot": r.slot} if picks else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [s.card(c).name for c in st["picks"]]
        return seat, "the basic Energy card to put on top of the deck", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = st["picks"][option]
        ctx.emit("move", p=SEATS[seat], card=card, src="discard", dst="deck_top")
        counters(ctx, seat, st["slot"], self.counters)


@dataclass(frozen=True)
class MoveReactEnergy(MoveEnergy):
    """Move a React Energy card from one of the player's Pokémon to another of them (Delcatty's
    Reactive Shift ex12-4): a :class:`search.MoveEnergy` limited to React Energy cards."""

    src: Literal["self", "any"] = "any"
    optional: bool = False

    def describe(self) -> str:
        return "move a React Energy card from one of the player's Pokémon to another"

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        found = MoveEnergy.moves(self, s, seat, slot)
        return [m for m in found if s.card(m[0]).name == REACT_ENERGY]


@dataclass(frozen=True)
class UnlessReact(Step):
    """The damage modifiers ``then`` only if the attacker has no React Energy card attached
    (Aggron's Heavy Blow ex12-2: with one, the printed damage stands)."""

    then: tuple[Step, ...]
    modifier = True

    def describe(self) -> str:
        return "without a React Energy attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if not react_energy_on(ctx.s, ctx.s.sides[seat].active):
            for step in self.then:
                step.run(ctx, seat, r)


def _fire_cards(s: PtcgState, mon: Mon) -> list[int]:
    return [c for c in mon.energy if "Fire" in provides(s, c) and s.card(c).name != REACT_ENERGY]


@dataclass(frozen=True)
class DiscardFireOrReact(Question):
    """Discard 2 Fire Energy or 1 React Energy card from the attacker (Arcanine ex's Flame
    Swirl ex12-83): the player is asked when both can be done; with one of them only, that one
    is done; with neither, nothing (a Rainbow Energy counts as Fire)."""

    def describe(self) -> str:
        return "discard 2 Fire Energy or 1 React Energy card from the attacker"

    def _ways(self, s: PtcgState, seat: int) -> list[list[int]]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        ways: list[list[int]] = []
        fire = _fire_cards(s, mon)
        if len(fire) >= 2:
            ways.append(fire[:2])
        react = [c for c in mon.energy if s.card(c).name == REACT_ENERGY]
        if react:
            ways.append(react[:1])
        return ways

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        ways = self._ways(ctx.s, seat)
        if len(ways) == 1:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=ways[0])
            return None
        return {"done": False, "ways": ways} if ways else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, "discard from the attacker", ["2 Fire Energy", "1 React Energy card"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=st["ways"][option])


def fire_remedy(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    """Arcanine ex's Fire Remedy (ex12-83): a Fire Energy card attached from the hand to it
    removes 1 damage counter and every Special Condition from it."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or "Fire" not in provides(s, card) or not (mon.damage or mon.has_condition()):
        return
    body_acted(ctx, seat, mon, "Fire Remedy")
    heal(ctx, seat, slot, 1)
    if mon.has_condition():
        ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())


def _places(s: PtcgState) -> list[list[int]]:
    """Every Pokémon in play as [seat, slot], the current player's first."""
    return [
        [seat, slot] for seat in (s.current, 1 - s.current) for slot, _ in s.sides[seat].in_play()
    ]


@dataclass(frozen=True)
class MoveOneCounter(Question):
    """Move 1 damage counter from any Pokémon in play (either player's) to another one (either
    player's): the player picks where from, then where to (Banette ex's Shady Move ex12-85).
    A counter moved is no damage from an attack: nothing keeps it off."""

    def describe(self) -> str:
        return "move 1 damage counter from a Pokémon in play to another (either player's)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not _damaged_places(ctx.s):
            return None
        return {"from": [], "places": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["from"] == [-1, -1]:
            return None
        if not st["from"]:
            places = _damaged_places(s)
            prompt = "move a damage counter from"
        else:
            places = [p for p in _places(s) if p != st["from"]]
            prompt = "move the damage counter to"
        st["places"] = places
        labels = []
        for who, slot in places:
            mon = s.sides[who].mon(slot)
            assert mon is not None
            labels.append(f"{s.top(mon).name} ({SEATS[who]} {slot_name(slot)})")
        return seat, prompt, labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picked = st["places"][option]
        if not st["from"]:
            st["from"] = picked
            return
        src_seat, src_slot = st["from"]
        st["from"] = [-1, -1]
        ctx.emit("damage", p=SEATS[src_seat], slot=src_slot, n=-10)
        ctx.emit("damage", p=SEATS[picked[0]], slot=picked[1], n=10)


def _damaged_places(s: PtcgState) -> list[list[int]]:
    found = []
    for who, slot in _places(s):
        mon = s.sides[who].mon(slot)
        if mon is not None and mon.damage:
            found.append([who, slot])
    return found


def reactive_booster_units(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    """What a React Energy card provides on ``mon``: one Colorless Energy; 2 Energy of every
    type on a Huntail or Gorebyss while its player has a Gorebyss with Reactive Booster
    (ex12-17) in play and Poké-Bodies work (Toxic Gas: ``board.gassed``; that Gorebyss's own
    Bodies off: ``board.body_off``)."""
    if s.top(mon).name in ("Huntail", "Gorebyss") and not gassed(s):
        for seat in (0, 1):
            side = s.sides[seat]
            if any(m is mon for _, m in side.in_play()):
                if any(s.top(m).id == "ex12-17" and not body_off(s, m) for _, m in side.in_play()):
                    return [(ANY,), (ANY,)]
                break
    return [("Colorless",)]


@dataclass(frozen=True)
class OwnBenchHitPick(PickOwnPokemon):
    """``amount`` damage to one of the attacker's own Benched Pokémon, the player's pick (no
    Weakness or Resistance on the Bench): Pinsir's Overhead Toss (ex12-24). Nothing without
    a Benched Pokémon."""

    amount: int = 20
    prompt = "pick one of your Benched Pokémon to take the damage"

    def describe(self) -> str:
        return f"{self.amount} to one of its own Benched Pokémon (the player's pick)"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, _ in s.sides[seat].in_play() if slot]

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        own_bench_hit(ctx, seat, slot, self.amount)


@dataclass(frozen=True)
class DrawPerHeads(Step):
    """Flip coins until tails; draw ``per`` cards for each heads (as many as the deck holds):
    Spinda's Whimsy Draw (ex12-26)."""

    per: int = 2

    def describe(self) -> str:
        return f"flip until tails: draw {self.per} per heads"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = 0
        while ctx.flip(r.attack or "draw"):
            heads += 1
        n = min(heads * self.per, len(ctx.s.sides[seat].deck))
        if n:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class CardsEx(Cards):
    """A search filter for a Pokémon-ex (Absol's Extra Call ex12-15)."""

    def matches(self, card: CardDef) -> bool:
        return card.ex and Cards.matches(self, card)

    def describe(self) -> str:
        return "Pokémon-ex"


@dataclass(frozen=True)
class OpponentSwitchThen(OpponentSwitch):
    """The opponent switches the Defending Pokémon with a Benched one they pick; the new
    Defending Pokémon gets ``which`` (Roselia's Flick Poison ex12-42: Poisoned). Without a
    Benched Pokémon there is no switch and no new Defending Pokémon: nothing happens."""

    which: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"{OpponentSwitch.describe(self)}; the new one is {' and '.join(self.which)}"

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        OpponentSwitch.answer(self, ctx, seat, option, st)
        for what in self.which:
            set_condition(ctx, 1 - seat, 0, what)


@dataclass(frozen=True)
class CardsOfStage(Cards):
    """A filter for Pokémon cards of one printed stage (``of``: "stage1", "stage2"):
    Wailord's Rely on Friends (ex12-14) counts the Benched Stage 1 Pokémon."""

    of: str = "stage1"

    def matches(self, card: CardDef) -> bool:
        return card.kind == "pokemon" and card.stage == self.of

    def matches_in_play(self, s: PtcgState, mon: Mon) -> bool:
        # in play, the stage it counts as: a Stage 1 played as a Basic is no Stage 1
        return s.top(mon).kind == "pokemon" and s.stage_in_play(mon) == self.of

    def describe(self) -> str:
        return {"stage1": "Stage 1", "stage2": "Stage 2"}.get(self.of, self.of) + " Pokémon"


def reactive_aroma(ctx: Ctx, seat: int, slot: int) -> None:
    """Roselia's Reactive Aroma (ex12-42), between turns, while this Roselia has a React
    Energy attached: 1 damage counter off each of its player's Pokémon (not Pokémon-ex) that
    has a React Energy attached. One such Body a turn per player: only the first Roselia
    (in the order of play: Active, then the Bench) with a React Energy acts."""
    s = ctx.s
    side = s.sides[seat]
    first = next(
        (
            at
            for at, m in side.in_play()
            if s.cards[m.stack[-1]] == "ex12-42" and react_energy_on(s, m) and not body_off(s, m)
        ),
        -1,
    )
    if first != slot:
        return
    healed = False
    for at, m in side.in_play():
        if m.damage and not s.top(m).ex and react_energy_on(s, m):
            heal(ctx, seat, at, 1)
            healed = True
    mon = side.mon(slot)
    if healed and mon is not None:
        body_acted(ctx, seat, mon, "Reactive Aroma")


@dataclass(frozen=True)
class IfLastStand(Step):
    """The steps ``then`` only when :func:`last_stand` holds (Regice ★'s Final Blizzard
    ex12-90: 30 to each of the opponent's Benched Pokémon)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        steps = ", ".join(step.describe() for step in self.then)
        return f"if the opponent has 1 Prize left and the attacker is alone in play: {steps}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if last_stand(ctx.s, seat):
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class TrainerNotSupporter(Cards):
    """A search filter for a Trainer card that is no Supporter (Lunatone's Moon Guidance
    ex12-20)."""

    def matches(self, card: CardDef) -> bool:
        return card.kind == "trainer" and card.trainer != "supporter"

    def describe(self) -> str:
        return "Trainer card (not a Supporter)"


def is_evolved(s: PtcgState, mon: Mon) -> bool:
    """The two Stages of Evolution Bodies (Magmar ex12-21, Wobbuffet ex12-28) work only
    while their Pokémon is an Evolved Pokémon (a card under it: Baby Evolution)."""
    return len(mon.stack) > 1


@dataclass(frozen=True)
class PlusPerNamedInPlay(Step):
    """``each`` more damage per Pokémon in play, both players' and the attacker itself
    included, whose name is one of ``names`` (Magneton's Multiple Force ex12-22)."""

    each: int
    names: tuple[str, ...]
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per {' or '.join(self.names)} in play (both sides)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        found = sum(
            1 for side in s.sides for _, m in side.in_play() if s.top(m).name in self.names
        )
        r.damage += self.each * found


@dataclass(frozen=True)
class GustStage2(Gust):
    """The player picks one of the opponent's Benched Stage 2 Evolved Pokémon to switch with
    the Defending Pokémon (Victreebel's Nectar Pod ex12-13; in a one-Active game the
    opponent's choice of Defending Pokémon has one answer)."""

    def describe(self) -> str:
        return "one of the opponent's Benched Stage 2 Pokémon is switched in as Defending"

    def _bench(self, s: PtcgState, seat: int) -> list[int]:
        return [
            i + 1
            for i, m in enumerate(s.sides[1 - seat].bench)
            if s.top(m).stage == "stage2" and len(m.stack) > 1
        ]


@dataclass(frozen=True)
class TypeOfDefending(Step):
    """Until the end of the turn, the Pokémon whose Power this is has the Defending
    Pokémon's types, all of them (Mew's Type Change ex12-10; ``Mon.later`` "type:A+B", read
    by board.types_of)."""

    def describe(self) -> str:
        return "it has the Defending Pokémon's types until the end of the turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is None:
            return
        kinds = "+".join(types_of(ctx.s, defending))
        ctx.emit(
            "flag", p=SEATS[seat], slot=r.slot, flag="later", what=f"type:{kinds}", turn=ctx.s.turn
        )


@dataclass(frozen=True)
class ReturnEvolvedToHand(PickOwnPokemon):
    """The player may pick one of their Evolved Pokémon in play but a Shiftry: it and every
    card attached to it go back to the hand (Shiftry's Evolutionary Fan ex12-12; the
    ``scoop`` event; an Active returned is replaced by a promotion)."""

    prompt = "an Evolved Pokémon (not a Shiftry) to return to the hand, with its cards"

    def describe(self) -> str:
        return "may return one of the player's Evolved Pokémon (not Shiftry) and its cards"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        return [
            slot
            for slot, m in s.sides[seat].in_play()
            if len(m.stack) > 1 and s.top(m).name != "Shiftry"
        ]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = PickOwnPokemon.options(self, s, seat, st)
        if asked is None:
            return None
        who, prompt, labels = asked
        return who, prompt, [*labels, "none"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["slots"]):
            ctx.emit("scoop", p=SEATS[seat], slot=int(st["slots"][option]))


@dataclass(frozen=True)
class DiscardReactForDamage(Question):
    """Before the damage (an explicit ``Hit`` follows): the player may discard any number of
    React Energy cards attached to the attacker, ``each`` more damage per card (Flygon ex's
    Reactive Blast ex12-87); one question: how many."""

    each: int = 30

    def describe(self) -> str:
        return f"may discard React Energy cards from it: {self.each} more each"

    def _react(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        return [] if mon is None else [c for c in mon.energy if s.card(c).name == REACT_ENERGY]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "plus": 0} if self._react(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = [] if st["done"] else self._react(s, seat)
        if not found:
            return None
        labels = [f"discard {n} React Energy" for n in range(len(found) + 1)]
        return seat, f"React Energy cards to discard for {self.each} more each", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        gone = self._react(ctx.s, seat)[:option]
        if gone:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=gone)
            st["plus"] = self.each * len(gone)


@dataclass(frozen=True)
class DevolveWave(Question):
    """The player picks up to as many of the opponent's Evolved Pokémon (each once) as the
    attacker has React Energy cards attached; each loses its highest Stage card, shuffled into
    the opponent's deck (Cradily's Devolution Wave ex12-3). The Defending Pokémon under an
    effect guard keeps its card."""

    def describe(self) -> str:
        return (
            "per React Energy on it, one of the opponent's Evolved Pokémon: its top Stage card "
            "is shuffled into their deck"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        left = react_energy_on(ctx.s, ctx.s.sides[seat].active)
        return {"left": left, "picked": [], "slots": []} if left else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[1 - seat]
        slots = [
            slot for slot, m in side.in_play() if len(m.stack) > 1 and slot not in st["picked"]
        ]
        if not st["left"] or not slots:
            return None
        st["slots"] = slots
        labels = mon_labels(s, side, slots)
        return seat, f"an Evolved Pokémon to devolve ({st['left']} more)", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["slots"]):
            st["left"] = 0
            return
        slot = int(st["slots"][option])
        st["left"] = int(st["left"]) - 1
        st["picked"] = [*st["picked"], slot]
        if slot == 0 and guarded(ctx, 1 - seat, 0):
            return
        devolve(ctx, 1 - seat, slot, "deck")


@dataclass(frozen=True)
class TrimBench(Question):
    """Giant Stump (ex12-75) comes into play: each player with more Benched Pokémon than
    ``limit`` discards Benched Pokémon of their choice, with every card attached, one at a
    time, down to ``limit``; the player who played it first, then the opponent (the
    ``discard_pokemon`` event: no Knock Out, no Prize)."""

    limit: int = 3

    def describe(self) -> str:
        return f"each player discards Benched Pokémon down to {self.limit}, its player first"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"slots": []}

    def _who(self, s: PtcgState, seat: int) -> int:
        for who in (seat, 1 - seat):
            if len(s.sides[who].bench) > self.limit:
                return who
        return -1

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        who = self._who(s, seat)
        if who < 0:
            return None
        side = s.sides[who]
        slots = [slot for slot, _ in side.in_play() if slot]
        st["slots"], st["who"] = slots, who
        more = len(side.bench) - self.limit
        return who, f"a Benched Pokémon to discard ({more} to go)", mon_labels(s, side, slots)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("discard_pokemon", p=SEATS[int(st["who"])], slot=int(st["slots"][option]))
