"""The two ways ``ptcg_v0`` runs a game: through ``Game`` (the reference) or on one live state.

- :class:`GameDriver` uses only the public game API (``Game.legal_actions``, ``Game.view``,
  ``Game.play``): every observation is built from the seat's own view, so nothing hidden can
  reach it. It keeps the whole log (undo, saves) and is the reference.
- :class:`LiveDriver` (the default) plays the same game on one live state with the rules'
  own fast functions, as ``ptcg.sim.play_game`` does: no log, no clones, no views, no
  re-validation of the engine's own offers. Its observation reads the state directly, field
  by field as ``PtcgRuleset.view`` shows it to a seat, and its dice are the reference's
  (command ``i`` of game ``seed`` rolls from ``"seed/i"``, as ``Game`` does). The tests play
  seeded games through both and require the same masks, indices and observation vectors
  at every step: the proof that the fast path shows a seat nothing its view hides.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Outcome
from turnkeeper.dice.source import SeededDice
from turnkeeper.env.ptcg.encoding import (
    BENCH,
    CONDITIONS,
    ENERGY_KINDS,
    GLOBAL_FEATURES,
    HAND_SLOTS,
    PHASES,
    PLACE_FEATURES,
    PLACES,
    PLAYER_FEATURES,
    Vocabulary,
    action_index,
    indices_of,
    observe,
    places_of_view,
)
from turnkeeper.rulesets.ptcg.board import max_hp, retreat_cost
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.engine import RUNS, whose_turn
from turnkeeper.rulesets.ptcg.fast import legal_list
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, SEATS, PtcgState


class GameDriver:
    """The reference: a :class:`Game` and the seats' views."""

    def __init__(self, config: Mapping[str, Any], seed: int, vocab: Vocabulary) -> None:
        self.game: Game[Any] = Game(PtcgRuleset(), config, seed=seed, snapshots=False)
        self.vocab = vocab

    @property
    def state(self) -> PtcgState:
        state: PtcgState = self.game.state
        return state

    @property
    def commands(self) -> int:
        """Engine actions played so far."""
        return len(self.game.log) - 1

    def whose_turn(self) -> str | None:
        return self.game.whose_turn()

    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    def offers(self, seat: str) -> list[Action]:
        return self.game.legal_actions(seat).list()

    def indices(self, seat: str, offers: Sequence[Action]) -> dict[int, Action]:
        view = self.game.view(seat)
        me = view["players"][seat]
        return indices_of(offers, seat, me.get("hand", []), places_of_view(me), self.vocab)

    def observation(self, seat: str, deciding: bool) -> npt.NDArray[np.float32]:
        found = observe(self.game.view(seat), seat, deciding, self.vocab)
        found.flags.writeable = False  # as the live driver's
        return found

    def play(self, action: Action) -> None:
        self.game.play(action)

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.game.view(seat)


class LiveDriver:
    """The fast path: one live state, the rules' fast functions (see the module docstring).

    A step's work is kept by the key of everything it is read from, so what an action did
    not change is found again instead of rebuilt: each offer's index recipe (the fast
    listing shares its offers between states), each hand's slot codes and first slots, each
    place's and each player's features, the global features. Every key holds all the fields
    its value is read from; the tests compare every value with the reference's. What was
    kept serves the next games too (``previous``) when their cards are the same."""

    def __init__(
        self,
        config: Mapping[str, Any],
        seed: int,
        vocab: Vocabulary,
        previous: LiveDriver | None = None,
    ) -> None:
        self.ruleset = PtcgRuleset()
        self.seed = seed
        self.vocab = vocab
        self.state: PtcgState = self.ruleset.setup_state(config, SeededDice(f"{seed}/0"))
        self.commands = 0
        s = self.state
        names = [s.card(i).name for i in range(len(s.cards))]
        self.names = names
        self.codes = [vocab.codes.get(name, 0) for name in names]
        self.energy_kind = [vocab.energy_kinds.get(name, -1) for name in names]
        self.name_count = len(vocab.names)
        # what was computed for the current state (``commands``), cleared when it changes
        self._now_at = -1
        self._blocks_now: dict[tuple[int, bool], bytes] = {}
        self._hands_now: list[_Hand | None] = [None, None]
        # what was computed for earlier states, by key: the keys name card instances, so
        # a previous game's are kept only if each instance is the same card
        same = previous is not None and previous.names == names and previous.vocab is vocab
        kept: _Kept = previous.kept if previous is not None and same else _Kept()
        self.kept: _Kept = kept
        self._blocks = kept.blocks
        self._places = kept.places
        self._discards = kept.discards
        self._globals = kept.globals
        self._hands = kept.hands
        self._recipes = kept.recipes
        self._pack_hand = struct.Struct(f"{HAND_SLOTS + self.name_count}f").pack
        self._pack_names = struct.Struct(f"{self.name_count}f").pack

    def whose_turn(self) -> str | None:
        if self.state.phase in ("over", "empty"):
            return None
        return SEATS[whose_turn(self.state)]

    def outcome(self) -> Outcome | None:
        s = self.state
        if s.phase != "over":
            return None
        return Outcome(tuple(SEATS[w] for w in s.winners), s.end_reason)

    def offers(self, seat: str) -> list[Action]:
        s = self.state
        if s.phase in ("over", "empty"):
            return []
        return list(legal_list(s, SEAT_INDEX[seat]))

    def play(self, action: Action) -> None:
        self.commands += 1
        ctx = Ctx(self.state, SeededDice(f"{self.seed}/{self.commands}"), False)
        typed = getattr(action, "typed", None)
        if typed is None:  # not one of the engine's own offers: parse it as the engine would
            typed = self.ruleset.actions.parse(action)
        RUNS[action.kind](ctx, SEAT_INDEX[str(action.actor)], typed)

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    def _now(self) -> None:
        """Forget what was computed for an earlier state (the state changes only in play)."""
        if self._now_at != self.commands:
            self._now_at = self.commands
            self._blocks_now = {}
            self._hands_now = [None, None]

    # ------------------------------------------------------------------ action indices
    def indices(self, seat: str, offers: Sequence[Action]) -> dict[int, Action]:
        """``indices_of`` the offers (as the reference computes them from the view), from
        each offer's recipe: its index with the card in hand slot 0 and the slot's step,
        its fixed index, or (attacks, powers) its index per the card at its place."""
        me = SEAT_INDEX[seat]
        first = self._hand(me).first
        recipes = self._recipes[me]
        found: dict[int, Action] = {}
        for offer in offers:
            recipe = recipes.get(id(offer))
            if recipe is None or recipe.offer is not offer:
                recipe = self._recipe(offer, seat)
                if recipe is None:  # the reference raises the error that names the fault
                    return self._reference_indices(seat, offers)
                if len(recipes) >= _CACHE_LIMIT:
                    recipes.clear()
                recipes[id(offer)] = recipe  # the recipe holds the offer: its id stays its own
            if recipe.name is not None:
                slot = first.get(recipe.name)
                if slot is None:
                    return self._reference_indices(seat, offers)
                index = recipe.base + slot * recipe.step
            elif recipe.by_card is not None:
                card_id = self._card_at(me, recipe.where)
                known = recipe.by_card.get(card_id)
                if known is None:
                    places: list[str | None] = [None] * len(PLACES)
                    places[recipe.where] = card_id
                    known = action_index(offer, seat, (), places, self.vocab)
                    recipe.by_card[card_id] = known
                index = known
            else:
                index = recipe.base
            found[index] = offer
        if len(found) != len(offers):  # two offers on one index: the reference names them
            return self._reference_indices(seat, offers)
        return found

    def _recipe(self, offer: Action, seat: str) -> _Recipe | None:
        """How to find an offer's index in any state (None: it has none; see ``indices``)."""
        kind = offer.kind
        step = _SLOT_STEP.get(kind)
        if step is not None:
            card = offer.params.get("card")
            if card is None:
                return None
            name = self.vocab.name_of(str(card))
            return _Recipe(offer, action_index(offer, seat, (name,), (), self.vocab), name, step)
        if kind in ("attack", "use_power"):
            pokemon = "active" if kind == "attack" else offer.params.get("pokemon", "active")
            where = _PLACE_AT.get(str(pokemon))
            if where is None:
                return None
            return _Recipe(offer, 0, None, 0, where, {})
        return _Recipe(offer, action_index(offer, seat, (), (), self.vocab))

    def _card_at(self, me: int, where: int) -> str | None:
        side = self.state.sides[me]
        mon = side.active if where == 0 else side.mon(where)
        return None if mon is None else self.state.top(mon).id

    def _reference_indices(self, seat: str, offers: Sequence[Action]) -> dict[int, Action]:
        """``indices_of`` with the seat's hand names and place card ids, as from the view."""
        me = SEAT_INDEX[seat]
        hand = [self.names[c] for c in self.state.sides[me].hand]
        places = [self._card_at(me, where) for where in range(len(PLACES))]
        return indices_of(offers, seat, hand, places, self.vocab)

    # ------------------------------------------------------------------ observation
    def observation(self, seat: str, deciding: bool) -> npt.NDArray[np.float32]:
        """``observe(view(seat), ...)``, read from the state (the tests compare the two):
        the global features, both players' blocks and the seat's hand, each found again by
        the key of what it is read from when it is unchanged."""
        s = self.state
        phase = s.phase
        me = SEAT_INDEX[seat]
        pending = s.pending
        mine = pending is not None and pending["p"] == seat
        promote = s.promote if phase == "promote" else ()
        key = (
            phase,
            deciding,
            phase == "main" and s.current == me,
            s.first == me,
            s.turn or 0,
            bool(s.energy_played),
            bool(s.supporter_played),
            bool(s.stadium_played),
            bool(s.retreated),
            s.stadium,
            mine,
            len(pending["options"]) if mine and pending is not None else 0,
            me in promote,
            (1 - me) in promote,
        )
        top = self._globals.get(key)
        if top is None:
            top = self._global(key)
        face_down = phase in ("setup", "first")
        parts = (top, self._block(me, False), self._block(1 - me, face_down), self._hand(me).codes)
        # one copy of the parts into a new read-only array (a vector is never changed later)
        return np.frombuffer(b"".join(parts), np.float32)

    def _global(self, key: tuple[Any, ...]) -> bytes:
        """The global features (``GLOBAL_FEATURES``) from their key (``observation``)."""
        phase, deciding, my_turn, went_first, turn, *flags, stadium = key[:10]
        rest = key[10:]
        found = _pack_global(
            *_PHASE_ONE_HOT[phase],
            deciding,
            my_turn,
            went_first,
            1.0,  # the view always names who went first
            turn,
            *flags,
            self.codes[stadium] if stadium >= 0 else 0,
            *rest,
        )
        return self._keep(self._globals, key, found)

    def _hand(self, me: int) -> _Hand:
        """The seat's hand slot codes and counts (observation) and each name's first slot
        (indices), by the hand's cards."""
        self._now()
        found = self._hands_now[me]
        if found is None:
            hand = tuple(self.state.sides[me].hand)
            kept = self._hands[me]
            found = kept.get(hand)
            if found is None:
                found = self._new_hand(hand)
                if len(kept) >= _CACHE_LIMIT:
                    kept.clear()
                kept[hand] = found
            self._hands_now[me] = found
        return found

    def _new_hand(self, hand: tuple[int, ...]) -> _Hand:
        codes, names = self.codes, self.names
        held = [codes[card] for card in hand]
        if 0 in held:  # a card of neither deck: its code raises, naming it
            self._code(hand[held.index(0)])
        counts = [0] * self.name_count
        for code in held:
            counts[code - 1] += 1
        slots = min(len(hand), HAND_SLOTS)
        # the first slot of each name: from the last slot back, so the first one stays
        first = {names[hand[slot]]: slot for slot in range(slots - 1, -1, -1)}
        packed = self._pack_hand(*held[:slots], *_NO_CARDS[slots:], *counts)
        return _Hand(packed, first)

    def _code(self, card: int) -> int:
        code = self.codes[card]
        return code if code else self.vocab.code(self.names[card])  # raises, naming the card

    def _block(self, index: int, face_down: bool) -> bytes:
        """A player's block (``PLAYER_FEATURES``, discard counts, places), once per state.

        Between two states usually only one player's side changed, so blocks are also kept
        per the key of everything they are read from (``_player_key``): the unchanged side's
        block is found again instead of being rebuilt."""
        self._now()
        at = (index, face_down)
        found = self._blocks_now.get(at)
        if found is None:
            key = self._player_key(index, face_down)
            found = self._blocks.get(key)
            if found is None:
                found = self._keep(self._blocks, key, self._player(key))
            self._blocks_now[at] = found
        return found

    def _player_key(self, index: int, face_down: bool) -> tuple[Any, ...]:
        """Everything a player's block is read from: its counts, its discard pile, whether
        the Active is empty and the key of each Pokémon in play; face down, the places are
        not shown, only how many Pokémon are in play."""
        s = self.state
        side = s.sides[index]
        active = side.active
        if face_down:
            in_play = len(side.bench) + (active is not None)
            return (
                True,
                len(side.hand),
                len(side.deck),
                len(side.prizes),
                side.mulligans or 0,
                side.supporter,
                in_play,
                tuple(side.discard),
            )
        mons = side.bench[: len(BENCH)]
        if active is not None:
            mons = [active, *mons]
        hp, retreat = max_hp, retreat_cost
        return (
            False,
            len(side.hand),
            len(side.deck),
            len(side.prizes),
            side.mulligans or 0,
            side.supporter,
            len(side.bench),
            tuple(side.discard),
            active is None,
            # each place's key: the Pokémon's cards, damage, tool, conditions and Energy,
            # and its HP and retreat cost as the rules give them now (asked of the rules
            # every time, since cards in play may change them); written out here, not
            # called per place, as this is the step's costliest loop
            *[
                (
                    mon.stack[-1],
                    len(mon.stack),
                    mon.damage,
                    mon.tool,
                    mon.rotation,
                    mon.poisoned,
                    mon.burned,
                    hp(s, mon),
                    retreat(s, mon),
                    *mon.energy,
                )
                for mon in mons
            ],
        )

    def _player(self, key: tuple[Any, ...]) -> bytes:
        """A player's block from its key (``_player_key``)."""
        face_down, hand, deck, prizes, mulligans, supporter, count, discard = key[:8]
        head = _pack_player(
            hand,
            deck,
            prizes,
            len(discard),
            mulligans,
            0 if face_down else count,
            self.codes[supporter] if supporter >= 0 else 0,
            count if face_down else 0,
        )
        pieces = [head, self._discard_counts(discard)]
        if face_down:
            pieces.append(_EMPTY_PLACES)
        else:
            if key[8]:  # no Active
                pieces.append(_EMPTY_PLACE)
            places = key[9:]
            pieces += [self._place(place) for place in places]
            pieces.append(_EMPTY_PLACE * (len(PLACES) - key[8] - len(places)))
        return b"".join(pieces)

    def _discard_counts(self, discard: tuple[int, ...]) -> bytes:
        """How many of each card name a discard pile holds."""
        found = self._discards.get(discard)
        if found is None:
            codes = self.codes
            counts = [0] * self.name_count
            for card in discard:
                counts[(codes[card] or self._code(card)) - 1] += 1
            found = self._keep(self._discards, discard, self._pack_names(*counts))
        return found

    def _place(self, key: tuple[Any, ...]) -> bytes:
        """One place's features from its key (``_player_key``)."""
        found = self._places.get(key)
        if found is not None:
            return found
        top, height, damage, tool, rotation, poisoned, burned, hp, retreat = key[:9]
        codes = self.codes
        energy = [0] * len(ENERGY_KINDS)
        kinds = self.energy_kind
        for card in key[9:]:
            kind = kinds[card]
            if kind < 0:
                kind = self.vocab.energy_kind(self.names[card])  # raises, naming the card
            energy[kind] += 1
        found = _pack_place(
            1,
            codes[top],
            hp,
            damage,
            codes[tool] if tool >= 0 else 0,
            # CONDITIONS, as Mon.conditions() lists them
            rotation == "asleep",
            rotation == "confused",
            rotation == "paralyzed",
            bool(poisoned),
            bool(burned),
            retreat,
            height - 1,
            *energy,
        )
        return self._keep(self._places, key, found)

    @staticmethod
    def _keep(kept: dict[Any, bytes], key: Any, packed: bytes) -> bytes:
        """Keep a computed part by its key."""
        if len(kept) >= _CACHE_LIMIT:
            kept.clear()
        kept[key] = packed
        return packed


@dataclass
class _Kept:
    """What live drivers computed, by key (each table cleared when it is full). The parts
    of the vector are kept as packed float32s, joined into one array per vector."""

    blocks: dict[tuple[Any, ...], bytes] = field(default_factory=dict)
    places: dict[tuple[Any, ...], bytes] = field(default_factory=dict)
    discards: dict[tuple[int, ...], bytes] = field(default_factory=dict)
    globals: dict[tuple[Any, ...], bytes] = field(default_factory=dict)
    hands: tuple[dict[tuple[int, ...], _Hand], ...] = field(default_factory=lambda: ({}, {}))
    recipes: tuple[dict[int, _Recipe], ...] = field(default_factory=lambda: ({}, {}))


class _Hand(NamedTuple):
    codes: bytes  # the hand part of the observation (float32s): slot codes, name counts
    first: dict[str, int]  # card name -> the first hand slot holding it (below HAND_SLOTS)


@dataclass(frozen=True, slots=True)
class _Recipe:
    """How ``LiveDriver.indices`` finds an offer's index (see ``LiveDriver._recipe``)."""

    offer: Action  # kept, so that the id the recipe is found by stays this offer's
    base: int  # the index, or (``name``) the index with that card in hand slot 0
    name: str | None = None  # the card's name: add its first hand slot times ``step``
    step: int = 0
    where: int = 0  # attacks and powers: the place whose card decides the index ...
    by_card: dict[str | None, int] | None = None  # ... and the index per card id there


_SLOT_STEP = {  # action kinds naming a hand card: the index step of one hand slot
    "place_active": 1,
    "place_bench": 1,
    "bench": 1,
    "attach": len(PLACES),
    "evolve": len(PLACES),
    "play_trainer": 1 + len(PLACES),
}
_PLACE_AT = {place: i for i, place in enumerate(PLACES)}


_PHASE_ONE_HOT = {phase: tuple(float(phase == other) for other in PHASES) for phase in PHASES}
_NO_CARDS = [0] * HAND_SLOTS
_CACHE_LIMIT = 8192  # entries kept per table of _Kept (a table is cleared when full)
_pack_global = struct.Struct(f"{len(GLOBAL_FEATURES)}f").pack
_pack_player = struct.Struct(f"{len(PLAYER_FEATURES)}f").pack
_pack_place = struct.Struct(f"{len(PLACE_FEATURES)}f").pack
_EMPTY_PLACE = bytes(4 * len(PLACE_FEATURES))  # float32 zeros
_EMPTY_PLACES = _EMPTY_PLACE * len(PLACES)
if CONDITIONS != ("asleep", "confused", "paralyzed", "poisoned", "burned") or (
    PLACE_FEATURES.index(f"energy_{ENERGY_KINDS[0]}") != 12
):  # LiveDriver._place writes them in this order
    raise ImportError("the place features changed: update LiveDriver._place")
if len(GLOBAL_FEATURES) != len(PHASES) + 14:  # LiveDriver._global writes them in this order
    raise ImportError("the global features changed: update LiveDriver._global")


Driver = GameDriver | LiveDriver
