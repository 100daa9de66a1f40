"""The ptcg environment's fixed action space and observation encoding (docs/env.md).

Pure functions of a seat's view and the legal offers: nothing here reads the game state, so
nothing hidden from that seat can reach an observation. numpy only (no PettingZoo), so the
encoding can be used and tested on its own.

Action space: one ``Discrete(ACTION_COUNT)`` laid out in blocks (``BLOCKS``, in order). Hand
slot ``i`` is the ``i``-th card of the seat's hand as its view lists it; an action naming a
card uses the FIRST slot holding a card of that name (cards of one name are interchangeable:
the engine plays the first one of that name too). Places are ``active``, ``bench1``..
``bench5``. ``WAIT`` is the only legal action of the seat that is not deciding now (the
environment steps the seats in strict turn, see ``ptcg.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptcg.cards import ENERGY_TYPES, CardDef, deck_list, pool

HAND_SLOTS = 60  # a hand never holds more than the 60-card deck
PLACES = ("active", "bench1", "bench2", "bench3", "bench4", "bench5")
BENCH = PLACES[1:]
MAX_ATTACKS = 4  # attacks per card (the EX cards have at most 3)
MAX_POWERS = 2  # Poké-Powers per card (the EX cards have at most 1)
ATTACK_CARDS = 12  # an attack's card parameter: none, or one of 11 Energy names of the decks
MAX_OPTIONS = 64  # options of a card's question (a deck search lists at most the deck)
PHASES = ("first", "setup", "main", "promote", "choice", "over")
CONDITIONS = ("asleep", "confused", "paralyzed", "poisoned", "burned")
ENERGY_KINDS = (*ENERGY_TYPES, "Any", "special")  # what an attached Energy counts as

# (kind, size) in order: an action's index is its block's start plus its offset inside it.
BLOCKS: tuple[tuple[str, int], ...] = (
    ("wait", 1),
    ("end_turn", 1),
    ("ready", 1),
    ("choose_first", 2),  # 0: this seat starts, 1: the opponent starts
    ("place_active", HAND_SLOTS),  # hand slot
    ("place_bench", HAND_SLOTS),  # hand slot
    ("bench", HAND_SLOTS),  # hand slot
    ("attach", HAND_SLOTS * len(PLACES)),  # hand slot * 6 + place
    ("evolve", HAND_SLOTS * len(PLACES)),  # hand slot * 6 + place
    ("play_trainer", HAND_SLOTS * (1 + len(PLACES))),  # hand slot * 7 + (0 | 1 + place)
    ("retreat", len(BENCH)),  # bench place
    ("use_power", len(PLACES) * MAX_POWERS),  # place * 2 + power index on the card
    # attack index * (12 * 7) + card * 7 + target: card 0 = none, else 1 + index in the
    # env's Energy names; target 0 = none, else 1 + place (whose place depends on the attack)
    ("attack", MAX_ATTACKS * ATTACK_CARDS * (1 + len(PLACES))),
    ("promote", len(BENCH)),  # bench place
    ("choose", MAX_OPTIONS),  # option
)
START: dict[str, int] = {}
_at = 0
for _kind, _size in BLOCKS:
    START[_kind] = _at
    _at += _size
ACTION_COUNT = _at
WAIT = START["wait"]
_KIND_PARAMS: dict[str, frozenset[str]] = {
    "end_turn": frozenset(),
    "ready": frozenset(),
    "choose_first": frozenset({"first"}),
    "place_active": frozenset({"card"}),
    "place_bench": frozenset({"card"}),
    "bench": frozenset({"card"}),
    "attach": frozenset({"card", "target"}),
    "evolve": frozenset({"card", "target"}),
    "play_trainer": frozenset({"card", "target"}),
    "retreat": frozenset({"target"}),
    "use_power": frozenset({"pokemon", "power"}),
    "attack": frozenset({"attack", "card", "target"}),
    "promote": frozenset({"target"}),
    "choose": frozenset({"option"}),
}


class EncodingError(ValueError):
    """An offer or view the fixed encoding has no place for; the message says which."""


def describe_index(index: int) -> str:
    """The block and offset of an action index, for messages: ``attach[13]``."""
    for kind, size in BLOCKS:
        if index < START[kind] + size:
            return f"{kind}[{index - START[kind]}]"
    return f"out of range ({index})"


@dataclass(frozen=True)
class Vocabulary:
    """The cards two decks can show: observation codes are 1 + index in ``names``."""

    names: tuple[str, ...]  # every card name of both decks, sorted
    energy_names: tuple[str, ...]  # the Energy card names among them, sorted
    by_name: Mapping[str, CardDef]
    by_id: Mapping[str, CardDef]
    codes: Mapping[str, int]  # name -> 1 + index in names
    energy_kinds: Mapping[str, int]  # name -> index in ENERGY_KINDS

    @classmethod
    def of_decks(cls, decks: Sequence[Any], card_db: str = "") -> Vocabulary:
        cards = pool(card_db)
        ids: set[str] = set()
        for i, spec in enumerate(decks):
            ids.update(deck_list(spec, cards, f"decks[{i}]"))
        by_name: dict[str, CardDef] = {}
        for card_id in sorted(ids):
            by_name.setdefault(cards[card_id].name, cards[card_id])
        energy = tuple(sorted(n for n, c in by_name.items() if c.kind == "energy"))
        if len(energy) >= ATTACK_CARDS:
            raise EncodingError(
                f"decks: {len(energy)} Energy card names; the action space has room for "
                f"{ATTACK_CARDS - 1}"
            )
        names = tuple(sorted(by_name))
        codes = {name: 1 + i for i, name in enumerate(names)}
        kinds = {name: _energy_kind(card) for name, card in by_name.items()}
        return cls(names, energy, by_name, cards, codes, kinds)

    def code(self, name: str | None) -> int:
        if not name:
            return 0
        found = self.codes.get(name)
        if found is None:
            raise EncodingError(f"card {name!r} is in neither deck")
        return found

    def energy_kind(self, name: str) -> int:
        """Which ``ENERGY_KINDS`` entry an attached Energy card counts under."""
        found = self.energy_kinds.get(name)
        if found is None:
            raise EncodingError(f"attached Energy {name!r} is in neither deck")
        return found

    def name_of(self, ref: str) -> str:
        """A card parameter (an id or a name) as the card's name."""
        card = self.by_id.get(ref)
        return card.name if card is not None else ref


def _place(value: Any, places: Sequence[str], what: str) -> int:
    try:
        return places.index(str(value))
    except ValueError:
        raise EncodingError(f"{what}: unknown place {value!r}") from None


def _slot(hand: Sequence[str], vocab: Vocabulary, ref: Any, what: str) -> int:
    name = vocab.name_of(str(ref))
    for i, held in enumerate(hand[:HAND_SLOTS]):
        if held == name:
            return i
    raise EncodingError(f"{what}: {name!r} is not in the first {HAND_SLOTS} hand slots")


def places_of_view(player: Mapping[str, Any]) -> list[str | None]:
    """The card id at each place (active, bench1..bench5) of a player's view, or None."""
    mons = [player.get("active"), *(_bench(player, i) for i in range(len(BENCH)))]
    return [str(mon.get("id", "")) if mon else None for mon in mons]


def action_index(
    action: Action,
    seat: str,
    hand: Sequence[str],
    places: Sequence[str | None],
    vocab: Vocabulary,
) -> int:
    """The fixed index of one legal offer to ``seat``, read from that seat's own hand (card
    names, in order) and the card ids at its places (``places_of_view``)."""
    kind = action.kind
    params = action.params
    allowed = _KIND_PARAMS.get(kind)
    if allowed is None:
        raise EncodingError(f"action kind {kind!r} has no block in the action space")
    if not allowed.issuperset(params):
        extra = set(params) - allowed
        raise EncodingError(f"{kind}: parameter(s) {sorted(extra)} have no place in its block")
    start = START[kind]
    if kind in ("end_turn", "ready"):
        return start
    if kind == "choose_first":
        return start + (0 if params["first"] == seat else 1)
    if kind in ("place_active", "place_bench", "bench"):
        return start + _slot(hand, vocab, params["card"], kind)
    if kind in ("attach", "evolve"):
        slot = _slot(hand, vocab, params["card"], kind)
        return start + slot * len(PLACES) + _place(params["target"], PLACES, kind)
    if kind == "play_trainer":
        slot = _slot(hand, vocab, params["card"], kind)
        target = 0 if "target" not in params else 1 + _place(params["target"], PLACES, kind)
        return start + slot * (1 + len(PLACES)) + target
    if kind in ("retreat", "promote"):
        return start + _place(params["target"], BENCH, kind)
    if kind == "choose":
        option = int(params["option"])
        if not 0 <= option < MAX_OPTIONS:
            raise EncodingError(f"choose: option {option} beyond the {MAX_OPTIONS} options")
        return start + option
    if kind == "use_power":
        where = _place(params.get("pokemon", "active"), PLACES, kind)
        card = _card_at(places, where, vocab, kind)
        names = [p.name for p in card.powers]
        if params["power"] not in names or names.index(params["power"]) >= MAX_POWERS:
            raise EncodingError(f"use_power: {card.name} has no power {params['power']!r}")
        return start + where * MAX_POWERS + names.index(params["power"])
    # attack: which of the Active's attacks, its card parameter, its target
    card = _card_at(places, 0, vocab, kind)
    names = [a.name for a in card.attacks]
    if params["attack"] not in names or names.index(params["attack"]) >= MAX_ATTACKS:
        raise EncodingError(f"attack: {card.name} has no attack {params['attack']!r}")
    which = names.index(params["attack"])
    extra_card = 0
    if "card" in params:
        name = vocab.name_of(str(params["card"]))
        if name not in vocab.energy_names:
            raise EncodingError(f"attack: card {name!r} is not an Energy of the decks")
        extra_card = 1 + vocab.energy_names.index(name)
    target = 0 if "target" not in params else 1 + _place(params["target"], PLACES, kind)
    return start + (which * ATTACK_CARDS + extra_card) * (1 + len(PLACES)) + target


def _card_at(places: Sequence[str | None], where: int, vocab: Vocabulary, what: str) -> CardDef:
    card_id = places[where] if where < len(places) else None
    if not card_id:
        raise EncodingError(f"{what}: no Pokémon at {PLACES[where]}")
    card = vocab.by_id.get(card_id)
    if card is None:
        raise EncodingError(f"{what}: unknown card at {PLACES[where]}")
    return card


def _bench(player: Mapping[str, Any], i: int) -> Mapping[str, Any] | None:
    bench = player.get("bench") or []
    return bench[i] if i < len(bench) else None


def indices_of(
    offers: Sequence[Action],
    seat: str,
    hand: Sequence[str],
    places: Sequence[str | None],
    vocab: Vocabulary,
) -> dict[int, Action]:
    """Index -> offer for every legal offer; two offers landing on one index is an error
    (the space would not cover both), never a silent choice between them."""
    found: dict[int, Action] = {}
    for offer in offers:
        index = action_index(offer, seat, hand, places, vocab)
        if index in found:
            raise EncodingError(
                f"{describe_index(index)}: two legal offers share it "
                f"({found[index].kind} {dict(found[index].params)} and "
                f"{offer.kind} {dict(offer.params)})"
            )
        found[index] = offer
    return found


# ---------------------------------------------------------------------------- observation
GLOBAL_FEATURES = (
    *(f"phase_{p}" for p in PHASES),
    "deciding",  # this seat must act now
    "my_turn",  # the turn (phase main) is this seat's
    "went_first",  # 1 this seat started, 0 the opponent did or it is not decided yet
    "first_decided",
    "turn",
    "energy_played",
    "supporter_played",
    "stadium_played",
    "retreated",
    "stadium",  # card code
    "my_question",  # a card asks this seat to choose
    "question_options",  # how many options (0 unless it is this seat's question)
    "i_promote",
    "opponent_promotes",
)
PLAYER_FEATURES = (
    "hand_count",
    "deck_count",
    "prize_count",
    "discard_count",
    "mulligans",
    "bench_count",
    "supporter",  # card code of the Supporter beside the Active this turn
    "face_down",  # Pokémon placed face down during set-up, not yet revealed
)
PLACE_FEATURES = (
    "present",
    "card",  # card code
    "hp",
    "damage",
    "tool",  # card code
    *CONDITIONS,
    "retreat",
    "evolutions_below",
    *(f"energy_{k}" for k in ENERGY_KINDS),  # attached Energy cards by what they provide
)


def observation_size(vocab: Vocabulary) -> int:
    per_player = len(PLAYER_FEATURES) + len(vocab.names) + len(PLACES) * len(PLACE_FEATURES)
    return len(GLOBAL_FEATURES) + 2 * per_player + HAND_SLOTS + len(vocab.names)


def observe(
    view: Mapping[str, Any], seat: str, deciding: bool, vocab: Vocabulary
) -> npt.NDArray[np.float32]:
    """The float32 vector of docs/env.md, from ``seat``'s view only. Counts and card codes
    are raw numbers (not scaled): global features, then this seat's player block, then the
    opponent's, then this seat's hand slots (card codes) and hand counts per card name."""
    # filled as a Python list and converted once: item-by-item numpy writes cost more
    out = [0.0] * observation_size(vocab)
    opponent = "p2" if seat == "p1" else "p1"
    phase = view["phase"]
    out[PHASES.index(phase)] = 1.0
    at = len(PHASES)
    this_turn = view.get("this_turn") or {}
    first = view.get("first")
    pending = view.get("pending") or {}
    promote = view.get("promote")
    promoting = set(promote) if isinstance(promote, list) else {promote} if promote else set()
    mine = pending.get("player") == seat
    out[at : at + len(GLOBAL_FEATURES) - len(PHASES)] = (
        float(deciding),
        float(phase == "main" and view.get("current") == seat),
        float(first == seat),
        float(first is not None),
        float(view.get("turn") or 0),
        float(bool(this_turn.get("energy_played"))),
        float(bool(this_turn.get("supporter_played"))),
        float(bool(this_turn.get("stadium_played"))),
        float(bool(this_turn.get("retreated"))),
        float(vocab.code(view.get("stadium"))),
        float(mine),
        float(len(pending.get("options") or []) if mine else 0),
        float(seat in promoting),
        float(opponent in promoting),
    )
    at = len(GLOBAL_FEATURES)
    for who in (seat, opponent):
        at = _player(out, at, view["players"][who], vocab)
    hand = view["players"][seat].get("hand") or []
    for i, name in enumerate(hand[:HAND_SLOTS]):
        out[at + i] = vocab.code(name)
    at += HAND_SLOTS
    for name in hand:
        out[at + vocab.code(name) - 1] += 1.0
    return np.array(out, dtype=np.float32)


def _player(out: list[float], at: int, player: Mapping[str, Any], vocab: Vocabulary) -> int:
    discard = player.get("discard") or []
    out[at : at + len(PLAYER_FEATURES)] = (
        float(player.get("hand_count") or 0),
        float(player.get("deck_count") or 0),
        float(player.get("prize_count") or 0),
        float(len(discard)),
        float(player.get("mulligans") or 0),
        float(player.get("bench_count") or 0),
        float(vocab.code(player.get("supporter"))),
        float(player.get("face_down") or 0),
    )
    at += len(PLAYER_FEATURES)
    for name in discard:
        out[at + vocab.code(name) - 1] += 1.0
    at += len(vocab.names)
    mons = [player.get("active"), *(_bench(player, i) for i in range(len(BENCH)))]
    width = len(PLACE_FEATURES)
    energy_at = PLACE_FEATURES.index(f"energy_{ENERGY_KINDS[0]}")
    for mon in mons:
        if mon and "card" in mon:
            conditions = mon.get("conditions") or []
            out[at : at + energy_at] = (
                1.0,
                float(vocab.code(mon["card"])),
                float(mon.get("hp") or 0),
                float(mon.get("damage") or 0),
                float(vocab.code(mon.get("tool"))),
                *(float(c in conditions) for c in CONDITIONS),
                float(mon.get("retreat") or 0),
                float(len(mon.get("evolved_from") or [])),
            )
            for energy in mon.get("energy") or []:
                out[at + energy_at + vocab.energy_kind(energy)] += 1.0
        at += width
    return at


def _energy_kind(card: CardDef) -> int:
    if card.basic_energy and len(card.provides) == 1 and card.provides[0] in ENERGY_TYPES:
        return ENERGY_TYPES.index(card.provides[0])
    if card.provides == ("Any",):
        return len(ENERGY_TYPES)
    return len(ENERGY_TYPES) + 1


_WAIT_ONLY = np.zeros(ACTION_COUNT, dtype=np.int8)
_WAIT_ONLY[WAIT] = 1
_WAIT_ONLY.flags.writeable = False  # shared by every WAIT-only observation


def mask_of(indices: Mapping[int, Action] | None) -> npt.NDArray[np.int8]:
    """The action mask, read-only: 1 at every legal index; ``None`` (not deciding) allows
    WAIT only (one shared array)."""
    if indices is None:
        return _WAIT_ONLY
    mask = bytearray(ACTION_COUNT)  # filled as bytes: cheaper than numpy's indexing here
    for index in indices:
        mask[index] = 1
    return np.frombuffer(bytes(mask), np.int8)
