"""The ptcg Ruleset: the protocol methods (set-up in ``setup``, rules in ``engine``) and
what each seat may see."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar

import msgspec

from turnkeeper.core.model import Action, Event, Outcome, Refusal
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptcg import describe, engine, seats, setup, snapshot
from turnkeeper.rulesets.ptcg import effects as _effects  # noqa: F401  (registers handlers)
from turnkeeper.rulesets.ptcg.actions import ACTIONS
from turnkeeper.rulesets.ptcg.by_hand import bodies_by_hand
from turnkeeper.rulesets.ptcg.config import DEFAULTS, PtcgSettings, PtcgSetup
from turnkeeper.rulesets.ptcg.engine import max_hp
from turnkeeper.rulesets.ptcg.rules import RULES
from turnkeeper.rulesets.ptcg.state import (
    PRIZE_UP,
    SEAT_INDEX,
    SEATS,
    Mon,
    PtcgState,
    apply_event,
)

# Era settings with their EX-era defaults, as the plain mapping the log and views carry
# (the typed object is config.PtcgSettings; see docs/rulesets/ptcg.md, Settings).
DEFAULT_SETTINGS: dict[str, Any] = msgspec.structs.asdict(DEFAULTS)


class PtcgRuleset:
    """The Pokémon Trading Card Game, EX era (2003-2006)."""

    name = "ptcg"
    rules = RULES
    actions = ACTIONS  # every action kind and its parameter model
    setup_model = PtcgSetup  # the set-up format
    describe_event = staticmethod(describe.describe_event)  # the log's sentences
    # Draws and Prizes name the cards they took since the per-seat log (December 2026);
    # a save made before lacks ``cards`` on those events and still loads checked.
    event_fields_added: ClassVar[Mapping[str, frozenset[str]]] = MappingProxyType(
        {"draw": frozenset({"cards"}), "prize": frozenset({"cards"})}
    )

    def initial_state(self) -> PtcgState:
        return PtcgState()

    # ------------------------------------------------------------------ setup
    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        return self._setup(config, dice, True)[0]

    def setup_state(self, config: Mapping[str, Any], dice: DiceSource) -> PtcgState:
        """The state ``setup``'s events lead to (applied to ``initial_state()``), built
        directly: the same checks, the same dice, without a log (the fast simulator)."""
        events, state = self._setup(config, dice, False)
        if state is None:  # a position: one event, applied
            state = self.initial_state()
            for event in events:
                apply_event(state, event)
        return state

    def _setup(
        self, config: Mapping[str, Any], dice: DiceSource, record: bool
    ) -> tuple[list[Event], PtcgState | None]:
        return setup.build(config, dice, record)

    def deal(
        self, raw_decks: Any, settings: PtcgSettings, card_db: str, dice: DiceSource
    ) -> list[Event]:
        return setup.deal(raw_decks, settings, card_db, dice)

    # ------------------------------------------------------------------ protocol
    def apply(self, state: PtcgState, event: Event) -> None:
        apply_event(state, event)

    def legal_actions(self, state: PtcgState, actor: str | None = None) -> Iterable[Action]:
        if state.phase not in engine.PHASE_KINDS:
            return iter(())
        if actor is None:
            return engine.legal(state, engine.whose_turn(state))
        if actor not in SEAT_INDEX:
            return iter(())
        return engine.legal(state, SEAT_INDEX[actor])

    def check(self, state: PtcgState, action: Action) -> Refusal | None:
        return engine.check(state, action)

    def resolve(self, state: PtcgState, action: Action, dice: DiceSource) -> list[Event]:
        return engine.run(state.clone(), action, dice)

    def load_state(self, data: bytes) -> PtcgState:
        """A stored snapshot's state (core/snapshot.py), read through the stored form
        declared in ``snapshot.py``, not the state classes' annotations: those of the
        compiled build cannot be decoded by."""
        return snapshot.load_state(data)

    def whose_turn(self, state: PtcgState) -> str | None:
        if state.phase in ("over", "empty"):
            return None
        return SEATS[engine.whose_turn(state)]

    def actors(self, state: PtcgState) -> list[str]:
        return list(SEATS)

    def controller(self, state: PtcgState, actor: str) -> str | None:
        return actor if actor in SEAT_INDEX else None

    def outcome(self, state: PtcgState) -> Outcome | None:
        if state.phase != "over":
            return None
        return Outcome(tuple(SEATS[w] for w in state.winners), state.end_reason)

    # ------------------------------------------------------------------ views
    def _mon(self, s: PtcgState, mon: Mon) -> dict[str, Any]:
        card = s.top(mon)
        hp = max_hp(s, mon)
        data: dict[str, Any] = {
            "card": card.shown_name,  # as printed: a δ Species Pokémon with its δ mark
            "id": card.id,
            "stage": card.stage,
            "hp": hp,
            "damage": mon.damage,
            "hp_left": max(0, hp - mon.damage),
            "energy": [s.card(c).name for c in mon.energy],
            "tool": s.card(mon.tool).name if mon.tool >= 0 else None,
            "conditions": mon.conditions(),
            "evolved_from": [s.card(c).shown_name for c in mon.stack[:-1]],
            "retreat": engine.retreat_energy_due(s, mon),  # what retreating takes
        }
        counts_as = s.stage_in_play(mon)
        if counts_as != card.stage:
            # played as another stage than the printed one (a Stage 1 put onto the Bench as a
            # Basic by Strange Cave or Influence): what effects treat it as
            data["counts_as_stage"] = counts_as
        if mon.later and any(what.startswith("marker:") for what, _ in mon.later):
            # markers put on it (Shock-wave, Imprison: markers_ex15b.py), for every seat to see
            data["markers"] = [w[7:] for w, _ in mon.later if w.startswith("marker:")]
        if s.typed_settings.allow_unimplemented:
            bodies = bodies_by_hand(s, mon)
            if bodies:  # Poké-Bodies without a handler: the players apply them
                data["by_hand"] = bodies
        return data

    def view(self, state: PtcgState, seat: str | None = None) -> dict[str, Any]:
        s = state
        names = [s.card(i).shown_name for i in range(len(s.cards))] if s.cards else []
        players: dict[str, Any] = {}
        for i, p in enumerate(SEATS):
            side = s.sides[i]
            mine = seat is None or seat == p
            face_down = s.phase in ("setup", "first") and not mine
            data: dict[str, Any] = {
                "hand_count": len(side.hand),
                "deck_count": len(side.deck),
                "prize_count": len(side.prizes),
                "discard": [names[c] for c in side.discard],
                "supporter": names[side.supporter] if side.supporter >= 0 else None,
                "mulligans": side.mulligans,
            }
            if face_down:
                data["active"] = None
                data["bench"] = []
                data["face_down"] = len(side.in_play())
            else:
                data["active"] = None if side.active is None else self._mon(s, side.active)
                data["bench"] = [self._mon(s, m) for m in side.bench]
                data["bench_count"] = len(side.bench)
            if mine:
                data["hand"] = [names[c] for c in side.hand]
            if seat is None:
                data["deck"] = [names[c] for c in side.deck]
                data["prizes"] = [names[c] for c in side.prizes]
            elif side.later and any(w == "prizes_face_up" for w, _ in side.later):
                # played face up for the rest of the game (Here Comes Team Rocket!,
                # vocab_ex7.PrizesFaceUp): every seat sees them
                data["prizes"] = [names[c] for c in side.prizes]
            elif side.later and any(w.startswith(PRIZE_UP) for w, _ in side.later):
                # some turned face up one by one (Island Hermit ex15-76): every seat sees those
                up = {int(w[len(PRIZE_UP):]) for w, _ in side.later if w.startswith(PRIZE_UP)}
                data["prizes_face_up"] = [names[c] for c in side.prizes if c in up]
            players[p] = data
        view: dict[str, Any] = {
            "phase": s.phase,
            "turn": s.turn,
            "current": SEATS[s.current],
            "first": SEATS[s.first],
            "players": players,
            "stadium": names[s.stadium] if s.stadium >= 0 else None,
            "this_turn": {
                "energy_played": s.energy_played,
                "supporter_played": s.supporter_played,
                "stadium_played": s.stadium_played,
                "retreated": s.retreated,
            },
            "settings": dict(s.settings),
        }
        if s.pending is not None:
            pending: dict[str, Any] = {"player": s.pending["p"], "prompt": s.pending["prompt"]}
            if seat is None or seat == s.pending["p"]:
                pending["options"] = list(s.pending["options"])
            view["pending"] = pending
        if s.phase == "promote":
            view["promote"] = [SEATS[p] for p in s.promote]
        if s.phase == "over":
            view["winners"] = [SEATS[w] for w in s.winners]
            view["end"] = {"reason": s.end_reason, "rule": s.end_rule}
        return view

    def visible_command(
        self, state: PtcgState, action: Action | None, events: Sequence[Event], seat: str
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """What ``seat`` may see of one command of the log (``seats.visible_command``)."""
        return seats.visible_command(state, action, events, seat)

    def board(self, state: PtcgState, seat: str | None = None) -> dict[str, Any]:
        """The cards on the table as ``seat`` sees them, with their facts (the web page's
        card tiles; ``seats.board``)."""
        return seats.board(state, seat)

    def status_lines(self, state: PtcgState) -> list[str]:
        s = state
        lines = [f"turn {s.turn}, {SEATS[s.current]} to play ({s.phase})"]
        for i, p in enumerate(SEATS):
            side = s.sides[i]
            act = "-"
            if side.active is not None:
                m = side.active
                act = f"{s.top(m).name} {max_hp(s, m) - m.damage}/{max_hp(s, m)} HP"
            lines.append(
                f"{p}: {act}; bench {len(side.bench)}, hand {len(side.hand)}, "
                f"deck {len(side.deck)}, prizes {len(side.prizes)}"
            )
        return lines
