"""Vocabulary primitives first needed by EX Unseen Forces (ex10): steps and Poké-Body
helpers used by ``effect_data_ex10.py``. Each is described in the project's own words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.board import bench_limit, slot_name, types_of
from turnkeeper.rulesets.ptcg.board_moves import ReturnDefending, devolve
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import (
    body_acted,
    counters,
    heal,
    hit,
    own_bench_hit,
    set_condition,
)
from turnkeeper.rulesets.ptcg.questions_nested import UseOpponentSupporter, _usable_variants
from turnkeeper.rulesets.ptcg.search import Cards, DefendingEnergy, MoveEnergy
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Hit,
    Question,
    Run,
    Step,
    guarded_defending,
    run_steps,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import MoveAllEnergyToBench
from turnkeeper.rulesets.ptcg.vocab_ex8 import FormChange


def has_stage2_in_play(s: PtcgState, seat: int) -> bool:
    """Whether ``seat`` has a Stage 2 Evolved Pokémon in play (Active or Benched)."""
    return any(s.stage_in_play(mon) == "stage2" for _, mon in s.sides[seat].in_play())


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


# ---------------------------------------------------------------------------- the Unown
# The 28 Unown of EX Unseen Forces (ex10-A .. ex10-Z, ex10-!, ex10-?) share the Poké-Power
# Shuffle and each has its own Hidden Power attack (effect_data_unown.py).


def _unown_in_deck(s: PtcgState, seat: int) -> bool:
    return any(s.card(c).name == "Unown" for c in s.sides[seat].deck)


def shuffle_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    """Shuffle's requirement (refused as ``ptcg.power.requirement``, naming it): another
    Unown in the deck, and no Shuffle used by the player this turn, whichever Unown it came
    from (the Unown card ex10-A: one Shuffle a turn; the once-a-turn limit of one Pokémon's
    power is the engine's)."""
    if any(used.endswith(":Shuffle") for used in s.powers_used):
        return "a Shuffle was used this turn already (one a turn per player)"
    if not _unown_in_deck(s, seat):
        return "there is no other Unown in the deck"
    return None


@dataclass(frozen=True)
class UnownShuffle(FormChange):
    """Shuffle: Form Change (vocab_ex8) among the Unown: the player picks another Unown of
    the deck (or none); it takes the place of the Unown using the power with everything on
    it, and the old card goes on top of the deck; the deck is shuffled afterwards."""

    name: str = "Unown"

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        asked = super().options(s, seat, st)
        if asked is None:
            return None
        return asked[0], "Shuffle: the Unown to switch to", asked[2]


@dataclass(frozen=True)
class UseDiscardedSupporter(UseOpponentSupporter):
    """Like Supernatural (questions_nested), but the Supporter is looked for in the
    opponent's discard pile (open to both players): its effect may be used as this attack's
    effect, for the attacker's player, and the card stays where it is (Unown C)."""

    def describe(self) -> str:
        return (
            "the player may use the effect of a Supporter in the opponent's discard pile as "
            "this attack's effect (the card stays there)"
        )

    def _supporters(self, s: PtcgState, seat: int) -> list[int]:
        found: dict[str, int] = {}
        for inst in s.sides[1 - seat].discard:
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


def _evolved_slots(s: PtcgState, seat: int) -> list[int]:
    return [slot for slot, mon in s.sides[seat].in_play() if len(mon.stack) > 1]


@dataclass(frozen=True)
class DevolveEither(Question):
    """The player picks an Evolved Pokémon of either player: its highest Stage card goes to
    its owner's hand (Unown D, on heads). Nothing is asked when neither has one; the
    opponent's Defending Pokémon kept safe from effects is no option."""

    def describe(self) -> str:
        return "the top Stage card of an Evolved Pokémon of either player (picked) to its hand"

    def _picks(self, ctx: Ctx, seat: int) -> list[list[int]]:
        picks = [[seat, slot] for slot in _evolved_slots(ctx.s, seat)]
        for slot in _evolved_slots(ctx.s, 1 - seat):
            if slot or not guarded_defending(ctx, seat):
                picks.append([1 - seat, slot])
        return picks

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        picks = self._picks(ctx, seat)
        return {"done": False, "picks": picks} if picks else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = []
        for owner, slot in st["picks"]:
            mon = s.sides[owner].mon(slot)
            assert mon is not None
            whose = "yours" if owner == seat else "the opponent's"
            labels.append(f"{s.top(mon).name} ({slot_name(slot)}, {whose})")
        return seat, "pick the Evolved Pokémon that loses its top Stage card", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        owner, slot = st["picks"][option]
        devolve(ctx, int(owner), int(slot), "hand")


@dataclass(frozen=True)
class BenchFromOpponentHandThenSwitch(Question):
    """If the opponent's Bench is not full, the player looks at the opponent's hand, picks a
    Basic Pokémon there and puts it onto the opponent's Bench; it is then switched with the
    Defending Pokémon (Unown E; "the opponent chooses the Defending Pokémon" is for a game
    with two Active Pokémon: here there is one). Nothing is asked without such a card."""

    def describe(self) -> str:
        return (
            "a Basic Pokémon the player picks from the opponent's hand onto their Bench, then "
            "switched in as Defending (not with a full Bench)"
        )

    def _basics(self, s: PtcgState, seat: int) -> list[int]:
        seen: set[str] = set()
        found: list[int] = []
        for inst in s.sides[1 - seat].hand:
            card = s.card(inst)
            if card.kind == "pokemon" and card.is_basic_pokemon and card.id not in seen:
                seen.add(card.id)
                found.append(inst)
        return found

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        opp = ctx.s.sides[1 - seat]
        if len(opp.bench) >= bench_limit(ctx.s) or opp.active is None:
            return None
        # the hand is shown to the attacker's player (a note for the record)
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=list(opp.hand))
        return {"done": False, "picks": []} if self._basics(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self._basics(s, seat)
        st["picks"] = picks
        labels = [s.card(c).name for c in picks]
        return seat, "pick a Basic Pokémon of the opponent's hand to become Defending", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        p = SEATS[1 - seat]
        ctx.emit("bench", p=p, card=int(st["picks"][option]))
        ctx.emit("switch", p=p, slot=len(ctx.s.sides[1 - seat].bench))


@dataclass(frozen=True)
class ConditionByHeads(Step):
    """Flip ``coins`` coins: the Defending Pokémon gets the Special Condition of ``table``
    for that many heads (entry ``i`` for ``i + 1`` heads; none for no heads). Unown F: 1
    heads Asleep, 2 Confused, 3 Paralyzed."""

    coins: int
    table: tuple[str, ...]

    def describe(self) -> str:
        parts = [f"{i + 1} heads: {what}" for i, what in enumerate(self.table)]
        return f"{self.coins} coins; " + ", ".join(parts)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = sum(1 for _ in range(self.coins) if ctx.flip(r.attack))
        if heads:
            set_condition(ctx, 1 - seat, 0, self.table[min(heads, len(self.table)) - 1])


@dataclass(frozen=True)
class CountersPerDamagedOwn(Step):
    """One damage counter on the Defending Pokémon for each of the player's Pokémon in play
    with damage counters on it (Unown G)."""

    def describe(self) -> str:
        return "a damage counter on the Defending Pokémon per damaged Pokémon of the player"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = sum(1 for _, mon in ctx.s.sides[seat].in_play() if mon.damage)
        counters(ctx, 1 - seat, 0, n)


@dataclass(frozen=True)
class NeedsOpponentBench(Step):
    """Without a Benched Pokémon of the opponent the attack stops here (Unown I: the new
    Defending Pokémon gets the Special Conditions, so with no switch nothing happens)."""

    def describe(self) -> str:
        return "only if the opponent has a Benched Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if not ctx.s.sides[1 - seat].bench:
            r.off = True


@dataclass(frozen=True)
class ReturnSelfAndEnergy(Step):
    """The attacker and the Energy cards attached to it go back to its player's hand; any
    other card on it (a Tool, a Technical Machine) is discarded (Unown O). An Active gone is
    replaced from the Bench as the attack settles."""

    def describe(self) -> str:
        return "the attacker and its Energy cards back to the hand (a Tool discarded)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is None:
            return
        p = SEATS[seat]
        if mon.tool >= 0:
            ctx.emit("discard_tool", p=p, slot=0)
        if mon.tm >= 0:
            ctx.emit("discard_tm", p=p, slot=0)
        ctx.emit("scoop", p=p, slot=0)


@dataclass(frozen=True)
class ReturnDefendingOnHeads(ReturnDefending):
    """ReturnDefending (board_moves) with the coin named by the attack: on heads, the opponent
    returns the Defending Pokémon and every card on it to their hand; nothing (no coin)
    without a Benched Pokémon of theirs (Unown R)."""

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        opp = ctx.s.sides[1 - seat]
        if opp.active is None or not opp.bench or guarded_defending(ctx, seat):
            return
        if ctx.flip(r.attack):
            ctx.emit("scoop", p=SEATS[1 - seat], slot=0)


@dataclass(frozen=True)
class DiscardToDeckTop(Question):
    """The player picks a card of their discard pile: it goes on top of their deck (Unown
    W, on heads). Nothing is asked with an empty discard pile."""

    def describe(self) -> str:
        return "a card of the discard pile (picked) on top of the deck"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if ctx.s.sides[seat].discard else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        seen: set[str] = set()
        picks: list[int] = []
        for inst in s.sides[seat].discard:
            if s.cards[inst] not in seen:
                seen.add(s.cards[inst])
                picks.append(inst)
        st["picks"] = picks
        return seat, "pick the card to put on top of the deck", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = int(st["picks"][option])
        ctx.emit("move", p=SEATS[seat], card=card, src="discard", dst="deck_top")


def _powered(card: CardDef) -> bool:
    return any(p.kind in ("power", "body") for p in card.powers)


@dataclass(frozen=True)
class HitEachPowered(Step):
    """``amount`` damage to each Pokémon in play, both players', that has a Poké-Power or a
    Poké-Body (the attacker too, if it has one), no Weakness or Resistance (Unown Z)."""

    amount: int

    def describe(self) -> str:
        return (
            f"{self.amount} to each Pokémon (both sides) with a Poké-Power or Poké-Body, no W/R"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        for slot, mon in list(s.sides[1 - seat].in_play()):
            if _powered(s.top(mon)):
                hit(ctx, seat, self.amount, slot, wr=False)
        for slot, mon in list(s.sides[seat].in_play()):
            if _powered(s.top(mon)):
                own_bench_hit(ctx, seat, slot, self.amount)


_KINDS = ("pokemon", "trainer", "energy")
_KIND_LABELS = ("Pokémon", "Trainer", "Energy")


@dataclass(frozen=True)
class GuessCardKind(Question):
    """The player picks a card of their hand and keeps it face down; the opponent guesses
    whether it is a Pokémon, Trainer or Energy card; the card is shown (a note) and, if the
    guess was wrong, the player draws ``draw`` cards. The card stays in the hand (Unown ?).
    Nothing is asked with an empty hand. The opponent's question shows only the three kinds;
    the face-down card stays in the question state, marked ``secret``, which the guesser's
    view of the log leaves out (seats.py)."""

    draw: int = 2

    def describe(self) -> str:
        return (
            "a card of the hand face down; the opponent guesses its kind (Pokémon, Trainer, "
            f"Energy): a wrong guess, draw {self.draw}"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"card": -1, "done": False, "picks": []} if ctx.s.sides[seat].hand else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        if st["card"] < 0:
            seen: set[str] = set()
            picks: list[int] = []
            for inst in s.sides[seat].hand:
                if s.cards[inst] not in seen:
                    seen.add(s.cards[inst])
                    picks.append(inst)
            st["picks"] = picks
            return seat, "pick a card of your hand to put face down", [
                s.card(c).name for c in picks
            ]
        return 1 - seat, "guess the kind of the face-down card", list(_KIND_LABELS)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["card"] < 0:
            st["card"] = int(st["picks"][option])
            # the guesser's own view of the ask leaves the question state out (seats.py)
            st["secret"] = True
            st["picks"] = []
            return
        st["done"] = True
        card = int(st["card"])
        ctx.emit("note", what="revealed", p=SEATS[seat], cards=[card])
        if _KINDS[option] != ctx.s.card(card).kind:
            n = min(self.draw, len(ctx.s.sides[seat].deck))
            if n:
                ctx.emit("draw", p=SEATS[seat], n=n)


# ---------------------------------------------------------------------------- ex10-1 .. 18
@dataclass(frozen=True)
class MoveBasicToActive(MoveEnergy):
    """The player moves a basic Energy card from one of their Benched Pokémon to their
    Active Pokémon (Ampharos's Energy Connect, ex10-1)."""

    basic: bool = True
    src: Literal["self", "any"] = "any"
    optional: bool = False

    def describe(self) -> str:
        return "a basic Energy card from one of the player's Benched Pokémon to the Active"

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        return [move for move in super().moves(s, seat, slot) if move[1] != 0 and move[2] == 0]


def basic_energy_on_bench(s: PtcgState, seat: int, slot: int) -> str | None:
    """Energy Connect's requirement: a basic Energy card on a Benched Pokémon to move."""
    if MoveBasicToActive().moves(s, seat, slot):
        return None
    return "no basic Energy card is attached to a Benched Pokémon"


@dataclass(frozen=True)
class PlusPerDefendingCondition(Step):
    """``each`` more damage per Special Condition of the Defending Pokémon (Ariados's
    Reactive Poison, ex10-2)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Special Condition of the Defending Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None:
            r.damage += self.each * len(defending.conditions())


@dataclass(frozen=True)
class PlusIfNamedInPlay(Step):
    """``amount`` more damage if the player has at least ``least`` Pokémon named ``name`` in
    play, the attacker included (Bellossom's Full Bloom, ex10-3: 3 Bellossom)."""

    amount: int
    name: str
    least: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} with {self.least}+ {self.name} in play (the attacker too)"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        if sum(1 for _, m in s.sides[seat].in_play() if s.top(m).name == self.name) >= self.least:
            r.damage += self.amount


@dataclass(frozen=True)
class PlusIfDefendingDark(Step):
    """``amount`` more damage if the Defending Pokémon is of Darkness type or has "Dark" in
    its name (Poliwrath's Beatdown, ex10-11)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} against a Darkness Pokémon or one with Dark in its name"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        defending = s.sides[1 - seat].active
        if defending is None:
            return
        if "Darkness" in types_of(s, defending) or "Dark" in s.top(defending).name.split():
            r.damage += self.amount


@dataclass(frozen=True)
class IfOwnEnergyNamed(Step):
    """The steps ``then`` if an Energy card named ``name`` is attached to the attacker
    (Porygon2's Scramble Trip, ex10-12: a Scramble Energy). A modifier (it may add damage
    before the damage step)."""

    name: str
    then: tuple[Step, ...]
    modifier = True

    def describe(self) -> str:
        steps = ", ".join(step.describe() for step in self.then)
        return f"with a {self.name} card attached: {steps}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and any(ctx.s.card(c).name == self.name for c in mon.energy):
            run_steps(ctx, seat, self.then, r)


def _with_tool(s: PtcgState, seat: int) -> list[int]:
    return [slot for slot, mon in s.sides[seat].in_play() if mon.tool >= 0]


def a_tool_in_play(s: PtcgState, seat: int, slot: int) -> str | None:
    """3-D Reset's requirement: a Pokémon Tool attached to one of the player's Pokémon."""
    return None if _with_tool(s, seat) else "no Pokémon Tool is attached to the player's Pokémon"


@dataclass(frozen=True)
class ToolToHand(Question):
    """The player picks one of their Pokémon holding a Pokémon Tool: the Tool goes back to
    the hand (Porygon2's 3-D Reset, ex10-12). The log shows it as the Tool leaving the
    Pokémon for the discard pile and then taken from there into the hand (no event takes a
    Tool straight to the hand)."""

    def describe(self) -> str:
        return "a Pokémon Tool attached to one of the player's Pokémon (picked) back to the hand"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if _with_tool(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        slots = _with_tool(s, seat)
        st["slots"] = slots
        side = s.sides[seat]
        labels = []
        for slot in slots:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(mon.tool).name} from {s.top(mon).name} ({slot_name(slot)})")
        return seat, "pick the Pokémon Tool to take back", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["slots"][option])
        mon = ctx.s.sides[seat].mon(slot)
        assert mon is not None
        tool = mon.tool
        p = SEATS[seat]
        ctx.emit("discard_tool", p=p, slot=slot)
        ctx.emit("move", p=p, card=tool, src="discard", dst="hand")


@dataclass(frozen=True)
class MoveAllEnergyToBenchMust(MoveAllEnergyToBench):
    """Every Energy card of the attacker goes to the player's Benched Pokémon, each card to
    the one they pick; not optional, nothing without a Bench (Forretress's Pop, ex10-6)."""

    def describe(self) -> str:
        return "all of its Energy cards moved to the player's Benched Pokémon as they like"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        if side.active is None or not side.active.energy or not side.bench:
            return None
        return {"stage": "move"}


def fewer_in_play(s: PtcgState, owner: int) -> bool:
    """Whether ``owner`` has fewer Pokémon in play than the opponent (Houndoom's Lonesome)."""
    return len(list(s.sides[owner].in_play())) < len(list(s.sides[1 - owner].in_play()))
