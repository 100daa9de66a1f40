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

from collections.abc import Mapping, Sequence
from typing import Any

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
    Vocabulary,
    indices_of,
    observe,
    places_of_view,
)
from turnkeeper.rulesets.ptcg.board import max_hp, retreat_cost
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.engine import RUNS, whose_turn
from turnkeeper.rulesets.ptcg.fast import legal_list
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, SEATS, Mon, PtcgState

_GLOBAL_TAIL = len(GLOBAL_FEATURES) - len(PHASES)


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
        return observe(self.game.view(seat), seat, deciding, self.vocab)

    def play(self, action: Action) -> None:
        self.game.play(action)

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.game.view(seat)


class LiveDriver:
    """The fast path: one live state, the rules' fast functions (see the module docstring)."""

    def __init__(self, config: Mapping[str, Any], seed: int, vocab: Vocabulary) -> None:
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
        self._blocks: dict[tuple[int, bool], npt.NDArray[np.float32]] = {}
        self._blocks_at = -1
        self._by_key: dict[tuple[Any, ...], npt.NDArray[np.float32]] = {}  # see _block

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

    def indices(self, seat: str, offers: Sequence[Action]) -> dict[int, Action]:
        s = self.state
        side = s.sides[SEAT_INDEX[seat]]
        names = self.names
        hand = [names[c] for c in side.hand]
        places: list[str | None] = [None] * (1 + len(BENCH))
        if side.active is not None:
            places[0] = s.top(side.active).id
        for i, mon in enumerate(side.bench[: len(BENCH)]):
            places[1 + i] = s.top(mon).id
        return indices_of(offers, seat, hand, places, self.vocab)

    def play(self, action: Action) -> None:
        self.commands += 1
        ctx = Ctx(self.state, SeededDice(f"{self.seed}/{self.commands}"), False)
        typed = getattr(action, "typed", None)
        if typed is None:  # not one of the engine's own offers: parse it as the engine would
            typed = self.ruleset.actions.parse(action)
        RUNS[action.kind](ctx, SEAT_INDEX[str(action.actor)], typed)

    def view(self, seat: str | None) -> dict[str, Any]:
        return self.ruleset.view(self.state, seat)

    # ------------------------------------------------------------------ observation
    def observation(self, seat: str, deciding: bool) -> npt.NDArray[np.float32]:
        """``observe(view(seat), ...)``, read from the state (the tests compare the two).

        A player's block is the same in both seats' vectors (only the face-down deal differs),
        so each is built once per game state and shared."""
        s = self.state
        phase = s.phase
        me = SEAT_INDEX[seat]
        pending = s.pending
        mine = pending is not None and pending["p"] == seat
        promote = s.promote if phase == "promote" else ()
        head = list(_PHASE_ONE_HOT[phase])
        head += (
            float(deciding),
            float(phase == "main" and s.current == me),
            float(s.first == me),
            1.0,  # the view always names who went first
            float(s.turn or 0),
            float(bool(s.energy_played)),
            float(bool(s.supporter_played)),
            float(bool(s.stadium_played)),
            float(bool(s.retreated)),
            float(self.codes[s.stadium] if s.stadium >= 0 else 0),
            float(mine),
            float(len(pending["options"]) if mine and pending is not None else 0),
            float(me in promote),
            float((1 - me) in promote),
        )
        face_down = phase in ("setup", "first")
        hand = s.sides[me].hand
        codes = self.codes
        held = [codes[card] for card in hand]
        counts = [0.0] * self.name_count
        for code in held:
            counts[code - 1] += 1.0
        if len(held) < HAND_SLOTS:
            held += _NO_CARDS[: HAND_SLOTS - len(held)]
        else:
            held = held[:HAND_SLOTS]
        head += held
        head += counts
        own = np.array(head, dtype=np.float32)
        mine_block, their_block = self._block(me, False), self._block(1 - me, face_down)
        at = _OWN_HEAD
        return np.concatenate((own[:at], mine_block, their_block, own[at:]))

    def _block(self, index: int, face_down: bool) -> npt.NDArray[np.float32]:
        """A player's block (``PLAYER_FEATURES``, discard counts, places), once per state.

        Between two states usually only one player's side changed, so blocks are also kept
        per the key of everything they are read from (``_player_key``): the unchanged side's
        block is found again instead of being rebuilt."""
        at = (index, face_down)
        if self._blocks_at != self.commands:
            self._blocks = {}
            self._blocks_at = self.commands
        found = self._blocks.get(at)
        if found is None:
            key = self._player_key(index, face_down)
            found = self._by_key.get(key)
            if found is None:
                found = np.array(self._player(key), np.float32)
                found.flags.writeable = False  # shared between states and seats
                if len(self._by_key) >= _CACHE_LIMIT:
                    self._by_key.clear()
                self._by_key[key] = found
            self._blocks[at] = found
        return found

    def _player_key(self, index: int, face_down: bool) -> tuple[Any, ...]:
        """Everything a player's block is read from: its counts, its discard pile and the
        key of each place (``_place_key``); face down, the places are not shown."""
        side = self.state.sides[index]
        head = (
            len(side.hand),
            len(side.deck),
            len(side.prizes),
            side.mulligans or 0,
            side.supporter,
            len(side.bench),
            len(side.in_play()) if face_down else -1,
        )
        if face_down:
            return (True, head, tuple(side.discard))
        active = side.active
        places = (
            None if active is None else self._place_key(active),
            *(self._place_key(mon) for mon in side.bench[: len(BENCH)]),
        )
        return (False, head, tuple(side.discard), places)

    def _place_key(self, mon: Mon) -> tuple[Any, ...]:
        """Everything a place's features are read from: the Pokémon's cards, damage, tool,
        conditions and Energy, and its HP and retreat cost as the rules give them now (asked
        of the rules every time, since cards in play may change them)."""
        s = self.state
        return (
            mon.stack[-1],
            len(mon.stack),
            mon.damage,
            mon.tool,
            mon.rotation,
            mon.poisoned,
            mon.burned,
            max_hp(s, mon),
            retreat_cost(s, mon),
            *mon.energy,
        )

    def _player(self, key: tuple[Any, ...]) -> list[float]:
        """A player's block from its key (``_player_key``)."""
        face_down = key[0]
        hand, deck, prizes, mulligans, supporter, bench, in_play = key[1]
        out = [
            float(hand),
            float(deck),
            float(prizes),
            float(len(key[2])),
            float(mulligans),
            0.0 if face_down else float(bench),
            float(self.codes[supporter] if supporter >= 0 else 0),
            float(in_play) if face_down else 0.0,
        ]
        out += self._discard_counts(key[2])
        if face_down:
            out += _EMPTY_PLACES
            return out
        places = key[3]
        for place in places:
            out += _EMPTY_PLACE if place is None else self._place(place)
        out += _EMPTY_PLACE * (1 + len(BENCH) - len(places))
        return out

    def _discard_counts(self, discard: tuple[int, ...]) -> list[float]:
        """How many of each card name a discard pile holds."""
        codes = self.codes
        found = [0.0] * self.name_count
        for card in discard:
            found[codes[card] - 1] += 1.0
        return found

    def _place(self, key: tuple[Any, ...]) -> list[float]:
        """One place's features from its key (``_place_key``)."""
        top, height, damage, tool, rotation, poisoned, burned, hp, retreat = key[:9]
        codes = self.codes
        found = [
            1.0,
            float(codes[top]),
            float(hp),
            float(damage),
            float(codes[tool] if tool >= 0 else 0),
            # CONDITIONS, as Mon.conditions() lists them
            float(rotation == "asleep"),
            float(rotation == "confused"),
            float(rotation == "paralyzed"),
            float(bool(poisoned)),
            float(bool(burned)),
            float(retreat),
            float(height - 1),
        ]
        energy = [0.0] * len(ENERGY_KINDS)
        kinds = self.energy_kind
        for card in key[9:]:
            kind = kinds[card]
            if kind < 0:
                kind = self.vocab.energy_kind(self.names[card])  # raises, naming the card
            energy[kind] += 1.0
        return found + energy


_PHASE_ONE_HOT = {
    phase: tuple(float(phase == other) for other in PHASES) for phase in PHASES
}
_OWN_HEAD = len(GLOBAL_FEATURES)  # the seat's own part: the global features, then its hand
_NO_CARDS = [0] * HAND_SLOTS
_CACHE_LIMIT = 4096  # blocks kept per game (cleared when full)
_EMPTY_PLACE = [0.0] * len(PLACE_FEATURES)
_EMPTY_PLACES = _EMPTY_PLACE * (1 + len(BENCH))
if CONDITIONS != ("asleep", "confused", "paralyzed", "poisoned", "burned") or (
    PLACE_FEATURES.index(f"energy_{ENERGY_KINDS[0]}") != 12
):  # LiveDriver._place writes them in this order
    raise ImportError("the place features changed: update LiveDriver._place")


Driver = GameDriver | LiveDriver
