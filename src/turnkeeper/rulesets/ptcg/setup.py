"""Set-up (ptcg-ex.md, Setup): the set-up format read through its models, the decks
checked, the deal (coin, shuffles, hands, mulligans, Prizes) or a named position; then the
set-up actions: the coin winner chooses who starts, each player places Basics face down and
says ready; the reveal follows the second ready.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

import msgspec

from turnkeeper.core.model import Event, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import Params, did_you_mean, meta, parse_setup
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptcg.board import MAX_BENCH, hand_card
from turnkeeper.rulesets.ptcg.by_hand import unresolvable
from turnkeeper.rulesets.ptcg.cards import CardDataError, CardDef, deck_list, pool
from turnkeeper.rulesets.ptcg.config import DEFAULTS, PtcgSettings, PtcgSetup, field_names
from turnkeeper.rulesets.ptcg.context import Ctx, coin
from turnkeeper.rulesets.ptcg.params import CardRef, NoParams, Seat, described
from turnkeeper.rulesets.ptcg.position import normalize_position
from turnkeeper.rulesets.ptcg.refusal import known_card, refuse
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState, begin_game, draw_cards, set_prizes
from turnkeeper.rulesets.ptcg.turn import draw_for_turn

FirstSeat = Annotated[Seat, meta("the seat that takes the first turn")]


@described("``choose_first``: the coin winner's pick.")
class ChooseFirstParams(Params):
    first: "FirstSeat"  # noqa: UP037  (quoted: params.py)


@described("``place_active`` and ``place_bench``: the Basic placed face down.")
class PlaceParams(Params):
    card: "CardRef"  # noqa: UP037  (quoted: params.py)


def _validate_deck(ids: list[str], seat: str, settings: PtcgSettings, card_db: str) -> None:
    cards = pool(card_db)
    if len(ids) != settings.deck_size:
        raise SetupError(f"decks.{seat}: {len(ids)} cards; a deck has {settings.deck_size}")
    names = Counter(cards[c].name for c in ids if not cards[c].basic_energy)
    over = sorted(n for n, k in names.items() if k > 4)
    if over:
        raise SetupError(f"decks.{seat}: more than 4 copies of {', '.join(over)}")
    # a deck holds at most 1 Pokémon ★ in all (the rule printed on each, e.g. Mudkip ★ ex7-107)
    stars = [cards[c].name for c in ids if cards[c].name.endswith(" ★")]
    if len(stars) > 1:
        raise SetupError(
            f"decks.{seat}: {len(stars)} Pokémon ★ ({', '.join(sorted(set(stars)))}); "
            "a deck may hold only 1"
        )
    if not any(cards[c].is_basic_pokemon for c in ids):
        raise SetupError(f"decks.{seat}: the deck has no Basic Pokémon, so no game can start")
    check_resolvable(ids, cards, f"decks.{seat}", settings)


def check_resolvable(
    ids: Iterable[str], cards: Mapping[str, CardDef], where: str, settings: PtcgSettings
) -> None:
    """Refuse cards whose effects the engine cannot resolve, naming them, unless the setting
    allow_unimplemented is on (READINGS, all rulesets: nothing is skipped silently)."""
    if settings.allow_unimplemented:
        return
    found = unresolvable(ids, cards)
    if found:
        raise SetupError(
            f"{where}: no handler resolves the effects of {'; '.join(found)}. Nothing is "
            "skipped silently: remove these cards, or set settings.allow_unimplemented: true "
            "to play them and resolve those effects by hand"
        )


def _position_cards(position: Mapping[str, Any]) -> list[str]:
    """Every card id of a normalized position, in reading order."""
    ids: list[str] = []
    for seat in SEATS:
        side = position["sides"][seat]
        for zone in ("hand", "deck", "prizes", "discard"):
            ids += side[zone]
        for mon in [side["active"], *side["bench"]]:
            ids += mon["stack"] + mon["energy"] + ([mon["tool"]] if mon["tool"] else [])
    if position.get("stadium"):
        ids.append(position["stadium"]["card"])
    return ids


def _parse_setup(config: Mapping[str, Any]) -> PtcgSetup:
    """The set-up as its model; an unknown key always gets its did-you-mean (the kernel's
    path walk stops at a union such as ``str | list``: the nearest known key then).

    The simulator's set-up, two decks named and nothing else, is read once per pair of
    names (the model is immutable)."""
    decks = config.get("decks")
    plain = (
        len(config) == 1
        and type(decks) is list
        and len(decks) == 2
        and type(decks[0]) is str
        and type(decks[1]) is str
    )
    if plain:
        assert isinstance(decks, list)
        known = _NAMED_DECKS.get((decks[0], decks[1]))
        if known is not None:
            return known
    try:
        parsed = parse_setup(PtcgSetup, dict(config))
        if plain:
            assert isinstance(decks, list)
            if len(_NAMED_DECKS) > 256:
                _NAMED_DECKS.clear()
            _NAMED_DECKS[(decks[0], decks[1])] = parsed
        return parsed
    except SetupError as exc:
        text = str(exc)
        if text.endswith(": unknown field") and "." in text.split(":")[0]:
            name = text.split(":")[0].rsplit(".", 1)[1]
            raise SetupError(text + did_you_mean(name, field_names())) from None
        raise


# (first deck's name, second deck's name) -> the set-up {"decks": [first, second]} read
_NAMED_DECKS: dict[tuple[str, str], PtcgSetup] = {}

# (seat, deck name, card db, deck size, allow_unimplemented) -> the card ids of a deck that
# passed the checks
_CHECKED_DECKS: dict[tuple[str, str, str, int, bool], tuple[str, ...]] = {}


def build(
    config: Mapping[str, Any], dice: DiceSource, record: bool
) -> tuple[list[Event], PtcgState | None]:
    """A set-up's events (kept if ``record``) and, for a deal, the state they lead to; a
    named position is one ``position`` event (and ``None``)."""
    if not isinstance(config, Mapping):
        raise SetupError("the ptcg config must be a mapping")
    # The declared format first: every key known, every value of its type (the path and
    # a did-you-mean name a mistake); then what needs the card pool, below.
    setup = _parse_setup(config)
    settings = setup.settings or DEFAULTS
    card_db = setup.card_db or ""
    try:
        pool(card_db)
    except CardDataError as exc:
        raise SetupError(f"card_db: {exc}") from exc
    if setup.position is not None:
        position = normalize_position(setup.position, card_db, msgspec.structs.asdict(settings))
        check_resolvable(_position_cards(position), pool(card_db), "position", settings)
        return [Event("position", position)], None
    return deal_state(config.get("decks"), settings, card_db, dice, record)


def deal(raw_decks: Any, settings: PtcgSettings, card_db: str, dice: DiceSource) -> list[Event]:
    """The dealing events of two decks (docs/rulesets/ptcg.md, Config)."""
    return deal_state(raw_decks, settings, card_db, dice, True)[0]


def deal_state(
    raw_decks: Any,
    settings: PtcgSettings,
    card_db: str,
    dice: DiceSource,
    record: bool,
) -> tuple[list[Event], PtcgState]:
    """The dealing events (kept if ``record``) and the state they were applied to."""
    if isinstance(raw_decks, list | tuple) and len(raw_decks) == 2:
        raw_decks = {"p1": raw_decks[0], "p2": raw_decks[1]}
    if not isinstance(raw_decks, Mapping) or set(raw_decks) != set(SEATS):
        raise SetupError("decks: two decks, as a list [A, B] or a mapping {p1: A, p2: B}")
    decks: dict[str, list[str]] = {}
    for seat in SEATS:
        spec = raw_decks[seat]
        # A deck named by its key was read and checked before (the simulator's case).
        known = (
            (seat, spec, card_db, settings.deck_size, settings.allow_unimplemented)
            if isinstance(spec, str)
            else None
        )
        if known is not None and known in _CHECKED_DECKS:
            decks[seat] = list(_CHECKED_DECKS[known])
            continue
        try:
            decks[seat] = deck_list(spec, pool(card_db), f"decks.{seat}")
        except CardDataError as exc:
            raise SetupError(str(exc)) from exc
        _validate_deck(decks[seat], seat, settings, card_db)
        if known is not None:
            _CHECKED_DECKS[known] = tuple(decks[seat])
    state = PtcgState()
    ctx = Ctx(state, dice, record)
    # (without a log, the events' changes are made directly, as the simulator's turns do)
    if record:
        ctx.emit("begin", decks=decks, settings=msgspec.structs.asdict(settings), card_db=card_db)
    else:
        begin_game(state, decks, msgspec.structs.asdict(settings), card_db, settings)
        ctx.emitted += 1
    # Setup step 1: a coin decides who chooses the first player (p1 calls heads = 1).
    heads = coin(dice)
    ctx.emit("coin_toss", heads=heads, winner="p1" if heads else "p2")
    hand = settings.hand_size
    for i in (0, 1):
        ctx.shuffle(i)
        _deal_draw(ctx, i, hand)
        while not any(state.card(c).is_basic_pokemon for c in state.sides[i].hand):
            shown = [state.cards[c] for c in state.sides[i].hand]
            ctx.emit("mulligan", p=SEATS[i], shown=shown)
            ctx.shuffle(i)
            _deal_draw(ctx, i, hand)
    # Setup step 3: the opponent draws extra cards for each mulligan (always taken here).
    for i in (0, 1):
        extra = state.sides[1 - i].mulligans * settings.mulligan_draw
        extra = min(extra, len(state.sides[i].deck) - settings.prizes)
        if extra > 0:
            _deal_draw(ctx, i, extra)
    for i in (0, 1):
        if record:
            ctx.emit("prizes", p=SEATS[i], n=settings.prizes)
        else:
            set_prizes(state.sides[i], settings.prizes)
            ctx.emitted += 1
    return ctx.events, state


def _deal_draw(ctx: Ctx, seat: int, n: int) -> None:
    """A draw of the deal: its event, or without a log its change made directly."""
    if ctx.record:
        ctx.emit("draw", p=SEATS[seat], n=n)
    else:
        draw_cards(ctx.s.sides[seat], n)
        ctx.emitted += 1


def check_choose_first(s: PtcgState, seat: int, params: ChooseFirstParams) -> Refusal | None:
    return None  # the model allows only p1 and p2


def check_place(s: PtcgState, seat: int, params: PlaceParams, where: str) -> Refusal | None:
    kind = f"place_{where}"
    ref = params.card
    side = s.sides[seat]
    if side.ready:
        return refuse("ptcg.turn.order", f"{SEATS[seat]} has already finished setting up")
    inst = hand_card(s, seat, ref)
    if inst < 0:
        known_card(s, ref, kind)
        return refuse("ptcg.card.in-hand", f"{ref} is not in {SEATS[seat]}'s hand")
    rule = place_rule(s, seat, s.card(inst), where)
    if rule is not None:
        return refuse(rule, _PLACE_DETAILS[rule].format(card=s.card(inst).name))
    return None


_PLACE_DETAILS = {
    "ptcg.setup.basic-only": "{card} is not a Basic Pokémon",
    "ptcg.target.in-play": "the Active spot is already taken",
    "ptcg.bench.max-five": "the Bench already holds five Pokémon",
}


def place_rule(s: PtcgState, seat: int, card: CardDef, where: str) -> str | None:
    """Set-up: only Basics go down face down, one Active, at most five on the Bench."""
    side = s.sides[seat]
    if not card.is_basic_pokemon:
        return "ptcg.setup.basic-only"
    if where == "active" and side.active is not None:
        return "ptcg.target.in-play"
    if where == "bench" and len(side.bench) >= MAX_BENCH:
        return "ptcg.bench.max-five"
    return None


def check_ready(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    if s.sides[seat].active is None:
        return refuse("ptcg.setup.need-active", "put a Basic Pokémon down as Active first")
    return None


def run_choose_first(ctx: Ctx, seat: int, params: ChooseFirstParams) -> None:
    ctx.emit("first", p=params.first)


def run_place(ctx: Ctx, seat: int, params: PlaceParams, where: str) -> None:
    inst = hand_card(ctx.s, seat, params.card)
    ctx.emit("place", p=SEATS[seat], card=inst, where=where)


def run_ready(ctx: Ctx, seat: int, params: NoParams) -> None:
    ctx.emit("ready", p=SEATS[seat])
    s = ctx.s
    if all(side.ready for side in s.sides):
        ctx.emit("reveal")
        if s.typed_settings.first_turn_draw:
            draw_for_turn(ctx, s.first)


def check_place_active(s: PtcgState, seat: int, params: PlaceParams) -> Refusal | None:
    return check_place(s, seat, params, "active")


def check_place_bench(s: PtcgState, seat: int, params: PlaceParams) -> Refusal | None:
    return check_place(s, seat, params, "bench")


def run_place_active(ctx: Ctx, seat: int, params: PlaceParams) -> None:
    run_place(ctx, seat, params, "active")


def run_place_bench(ctx: Ctx, seat: int, params: PlaceParams) -> None:
    run_place(ctx, seat, params, "bench")
