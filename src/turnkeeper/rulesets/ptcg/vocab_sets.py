"""Effect primitives added for the sets after ex1-ex4 (ex6 FireRed & LeafGreen first), kept
apart from ``vocab.py`` / ``search.py`` so each set's work merges cleanly. Each is a step of the
vocabulary (docs/rulesets/ptcg.md, Effect vocabulary) with tests both ways in
tests/ptcg/test_vocab_sets.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import heal
from turnkeeper.rulesets.ptcg.search import Cards, PickOwnPokemon
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step

Side = Literal["own", "opponent"]
Place = Literal["hand", "discard", "in_play"]


@dataclass(frozen=True)
class CardsNotEx(Cards):
    """A search filter like :class:`Cards` that never takes a Pokémon-ex (Great Ball, Celio's
    Network: "excluding Pokémon-ex")."""

    def matches(self, card: CardDef) -> bool:
        return not card.ex and Cards.matches(self, card)

    def describe(self) -> str:
        return Cards.describe(self) + " (not a Pokémon-ex)"


@dataclass(frozen=True)
class TrainerOf(Cards):
    """A search filter for a Trainer of one kind (``trainer``: "supporter", "item", "tool",
    "stadium", "tm"): VS Seeker takes a Supporter."""

    trainer: str = "supporter"

    def matches(self, card: CardDef) -> bool:
        return card.kind == "trainer" and card.trainer == self.trainer

    def describe(self) -> str:
        return f"{self.trainer.capitalize()} card"


def cards_counted(s: PtcgState, seat: int, side: Side, place: Place, match: Cards) -> int:
    """How many cards matching ``match`` the attacker's player (``own``) or the opponent has
    in ``place``; ``in_play`` counts the Pokémon in play by their top card, the attacker
    itself excluded on its own side (``Cards.matches_in_play``: by its stage in play)."""
    who = s.sides[seat if side == "own" else 1 - seat]
    if place == "in_play":
        return sum(
            1
            for slot, mon in who.in_play()
            if not (side == "own" and slot == 0) and match.matches_in_play(s, mon)
        )
    zone: list[int] = who.hand if place == "hand" else who.discard
    return sum(1 for c in zone if match.matches(s.card(c)))


@dataclass(frozen=True)
class PlusPerCard(Step):
    """``each`` more damage per card matching ``match`` in a zone (``place``) of the player
    (``side="own"``) or the opponent; ``in_play`` counts Pokémon by their top card, the
    attacker excluded (Link Needle: each other Beedrill; Vengeance: each Pokémon card in the
    own discard pile; Poltergeist: each Trainer in the opponent's hand). ``cap``: at most
    this much more (0: no cap)."""

    each: int
    place: Place
    match: Cards
    side: Side = "own"
    cap: int = 0
    modifier = True

    def describe(self) -> str:
        whose = "the player's" if self.side == "own" else "the opponent's"
        where = {"hand": "hand", "discard": "discard pile", "in_play": "Pokémon in play"}
        text = f"+{self.each} per {self.match.describe()} in {whose} {where[self.place]}"
        if self.place == "in_play" and self.side == "own":
            text += " (not the attacker)"
        return text + (f", at most +{self.cap}" if self.cap else "")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        more = self.each * cards_counted(ctx.s, seat, self.side, self.place, self.match)
        r.damage += min(more, self.cap) if self.cap else more


@dataclass(frozen=True)
class ShuffleDeck(Step):
    """Shuffle a player's deck (``side``: the acting player's or the opponent's)."""

    side: Side = "opponent"

    def describe(self) -> str:
        return "shuffle " + ("the opponent's deck" if self.side == "opponent" else "the deck")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.shuffle(seat if self.side == "own" else 1 - seat)


@dataclass(frozen=True)
class ShuffleHandIntoDeck(Step):
    """The acting player shuffles their whole hand into their deck (then, usually, a
    ``Draw``): Prof. Oak's Research, Psychic Exchange."""

    def describe(self) -> str:
        return "shuffle the hand into the deck"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        for card in list(ctx.s.sides[seat].hand):
            ctx.emit("move", p=SEATS[seat], card=card, src="hand", dst="deck")
        ctx.shuffle(seat)


@dataclass(frozen=True)
class DrawToHandSize(Step):
    """Draw until the hand holds ``size`` cards (nothing when it holds that many already;
    as many as the deck has): Data Retrieval."""

    size: int

    def describe(self) -> str:
        return f"draw until the hand holds {self.size} cards"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        side = ctx.s.sides[seat]
        n = min(len(side.deck), self.size - len(side.hand))
        if n > 0:
            ctx.emit("draw", p=SEATS[seat], n=n)


@dataclass(frozen=True)
class HealAndCurePick(PickOwnPokemon):
    """The player picks one of their Pokémon (not a Pokémon-ex when ``no_ex``) that has
    damage or a Special Condition: up to ``n`` damage counters come off and its Special
    Conditions are removed (Life Herb)."""

    n: int
    no_ex: bool = True
    prompt = "pick the Pokémon to heal and cure"

    def describe(self) -> str:
        whose = "one of the player's Pokémon" + (" (not a Pokémon-ex)" if self.no_ex else "")
        return f"{whose}, picked: remove {self.n} damage counters and its Special Conditions"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        return [
            slot
            for slot, m in s.sides[seat].in_play()
            if (m.damage or m.has_condition()) and not (self.no_ex and s.top(m).ex)
        ]

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        mon = ctx.s.sides[seat].mon(slot)
        if mon is not None and mon.has_condition():
            ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())
        heal(ctx, seat, slot, self.n)


@dataclass(frozen=True)
class RevealUntil(Step):
    """Reveal cards from the top of the acting player's deck until one matches ``match``:
    it goes into the hand, the others revealed are shuffled back (all of them when none
    matches). Look for Friends. Nothing is asked: the deck's order decides."""

    match: Cards

    def describe(self) -> str:
        return f"reveal the deck's top cards until a {self.match.describe()}: into the hand"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        deck = ctx.s.sides[seat].deck
        if not deck:
            return
        found = next((c for c in deck if self.match.matches(ctx.s.card(c))), None)
        if found is not None:
            ctx.emit("move", p=SEATS[seat], card=found, src="deck", dst="hand")
        ctx.shuffle(seat)


@dataclass(frozen=True)
class SwapPrizeWithTop(Question):
    """The player looks at their Prize cards and picks one: it goes on top of the deck and
    the deck's top card, unseen, takes its place among the Prizes (Vine Tease). Nothing is
    asked with an empty deck or no Prize card left."""

    def describe(self) -> str:
        return "swap a Prize card (the player's pick) with the deck's top card"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        return {"done": False, "prizes": []} if side.deck and side.prizes else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        st["prizes"] = list(s.sides[seat].prizes)
        labels = [s.card(c).name for c in st["prizes"]]
        return seat, "pick a Prize card to swap with the deck's top card", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        prize = st["prizes"][option]
        top = ctx.s.sides[seat].deck[0]
        ctx.emit("move", p=SEATS[seat], card=top, src="deck", dst="prizes")
        ctx.emit("move", p=SEATS[seat], card=prize, src="prizes", dst="deck_top")


@dataclass(frozen=True)
class CureOnePick(Question):
    """The player picks one Special Condition of their Active Pokémon: it is removed
    (Assistance). Nothing is asked when it has none."""

    def describe(self) -> str:
        return "remove one Special Condition (the player's pick) from the Active Pokémon"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        active = ctx.s.sides[seat].active
        if active is None or not active.has_condition():
            return None
        return {"done": False, "which": active.conditions()}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, "pick the Special Condition to remove", list(st["which"])

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        ctx.emit("cure", p=SEATS[seat], slot=0, which=[st["which"][option]])


@dataclass(frozen=True)
class ReorderTop(Question):
    """The player looks at the top ``n`` cards of their deck and puts them back in the order
    they like, picking the card for each place from the top down (PokéDex HANDY909)."""

    n: int

    def describe(self) -> str:
        return f"look at the deck's top {self.n} cards and put them back in any order"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        top = list(ctx.s.sides[seat].deck[: self.n])
        return {"top": top, "order": []} if top else None

    def _left(self, st: dict[str, Any]) -> list[int]:
        return [c for c in st["top"] if c not in st["order"]]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        left = self._left(st)
        if len(left) <= 1:  # the last place takes the last card: nothing to ask
            return None
        place = len(st["order"]) + 1
        return (
            seat,
            f"pick the card to put in place {place} from the top",
            [s.card(c).name for c in left],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["order"].append(self._left(st)[option])

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.emit("deck_top", p=SEATS[seat], order=[*st["order"], *self._left(st)])
