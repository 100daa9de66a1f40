"""The ptcg set-up format and settings, declared once as models (``RULESET.setup_model``).

``parse_setup(PtcgSetup, config)`` turns a set-up mapping into these records, or raises
``SetupError`` naming the path of the first mistake with a did-you-mean
(``position.p1.bench[0].damgae: unknown field; did you mean damage?``). No key that a model
does not declare is accepted. What needs the card pool (unknown cards, evolution lines, a
Pokémon that would be Knocked Out) is checked after, by ``position.normalize_position`` and
the deck checks.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from turnkeeper.core.schema import Settings, meta

Seat = Literal["p1", "p2"]
Condition = Literal["asleep", "confused", "paralyzed", "poisoned", "burned"]
CardName = Annotated[str, meta("a card by id or name", open_value=True, examples=["Mudkip"])]
CardList = Annotated[
    list[CardName] | None, meta("cards by id or name; decks and piles list the top card first")
]


class _Record(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A set-up record: unknown keys are refused."""


def field_names() -> set[str]:
    """Every key some set-up record declares (for a did-you-mean where the kernel cannot
    follow a path into a union, such as a deck that is a name or a list)."""
    names: set[str] = set()
    for record in (PtcgSettings, DeckCard, Decks, PokemonSpec, SideSpec, StadiumSpec):
        names.update(record.__struct_fields__)
    names.update(ThisTurn.__struct_fields__, PositionSpec.__struct_fields__)
    names.update(PtcgSetup.__struct_fields__)
    return names


class PtcgSettings(Settings):
    """The era's options, EX-era defaults (ptcg-ex.md; docs/rulesets/ptcg.md, Settings)."""

    first_turn_draw: Annotated[
        bool, meta("the starting player draws on turn 1 (before June 2003: true)")
    ] = False
    first_turn_supporter: Annotated[
        bool, meta("a Supporter may be played on turn 1 (before 30 July 2004: true)")
    ] = False
    first_turn_attack: Annotated[
        bool, meta("the starting player may attack on turn 1 (the 2013 rule: false)")
    ] = True
    stadium_same_name: Annotated[bool, meta("a Stadium may replace a Stadium of the same name")] = (
        False
    )
    mulligan_draw: Annotated[
        int, meta("extra cards the opponent draws per mulligan (before EX: 2)", ge=0, le=60)
    ] = 1
    deck_size: Annotated[int, meta("cards in a deck", ge=0, le=1000)] = 60
    prizes: Annotated[int, meta("Prize cards per player", ge=0, le=60)] = 6
    hand_size: Annotated[int, meta("cards in the opening hand", ge=0, le=60)] = 7
    allow_unimplemented: Annotated[
        bool,
        meta(
            "play cards whose effects have no handler; each use is recorded and its effect "
            "resolved by hand (else such a deck is refused at set-up)"
        ),
    ] = False


DEFAULTS = PtcgSettings()


class DeckCard(_Record):
    """One line of a deck list: a card and how many copies."""

    card: Annotated[str | None, meta("the card, by id or name")] = None
    id: Annotated[str | None, meta("the card's id (instead of card)")] = None
    count: Annotated[int, meta("how many copies", ge=1, le=1000)] = 1


DeckSpec = Annotated[
    str | list[str | DeckCard],
    meta("a bundled deck (sapphire, ruby, d-ex1-2, d-ex1-1) or a list of cards"),
]


class Decks(_Record):
    p1: DeckSpec
    p2: DeckSpec


class PokemonSpec(_Record):
    """A Pokémon in play in a named position."""

    card: Annotated[str, meta("the top card, by id or name")]
    under: Annotated[
        list[str] | None, meta("the cards beneath it, Basic first, then each Stage")
    ] = None
    energy: Annotated[list[str] | None, meta("attached Energy cards, in attachment order")] = None
    tool: Annotated[str | None, meta("the attached Pokémon Tool")] = None
    damage: Annotated[int, meta("damage in HP, a multiple of 10", ge=0, le=10_000)] = 0
    conditions: Annotated[
        list[Condition] | None, meta("Special Conditions (one of asleep/confused/paralyzed)")
    ] = None
    new: Annotated[bool, meta("it came into play this turn (it cannot evolve)")] = False
    evolved: Annotated[bool, meta("it evolved this turn")] = False


PokemonRef = str | PokemonSpec


class SideSpec(_Record):
    """One player's cards in a named position."""

    active: Annotated[PokemonRef, meta("the Active Pokémon (required)")]
    bench: Annotated[list[PokemonRef], meta("Benched Pokémon, at most 5", max_length=5)] = []
    hand: CardList = None
    deck: CardList = None
    prizes: CardList = None
    discard: CardList = None


class StadiumSpec(_Record):
    card: Annotated[str, meta("the Stadium card")]
    owner: Annotated[Seat | None, meta("who played it (default: the current player)")] = None


class ThisTurn(_Record):
    """What the current player already did this turn."""

    energy_played: bool = False
    supporter_played: bool = False
    stadium_played: bool = False
    retreated: bool = False


class PositionSpec(_Record):
    """An exact board instead of a deal (docs/rulesets/ptcg.md, Named position)."""

    p1: SideSpec
    p2: SideSpec
    turn: Annotated[int, meta("the turn number; turns 1 and 2 are first turns", ge=1)] = 3
    current: Annotated[Seat, meta("whose turn it is")] = "p1"
    first: Annotated[Seat | None, meta("who started (default: follows from turn)")] = None
    stadium: Annotated[str | StadiumSpec | None, meta("the Stadium in play")] = None
    this_turn: ThisTurn | None = None


class PtcgSetup(_Record):
    """A ptcg game: two decks dealt from the seed, or a named position."""

    decks: Annotated[
        Annotated[list[DeckSpec], meta("[deck of p1, deck of p2]", min_length=2, max_length=2)]
        | Decks
        | None,
        meta("the two decks, as [A, B] or {p1: A, p2: B}"),
    ] = None
    settings: PtcgSettings | None = None
    card_db: Annotated[
        str | None, meta("a card-database folder or file (pokemontcg.io cards/*.json)")
    ] = None
    position: PositionSpec | None = None
