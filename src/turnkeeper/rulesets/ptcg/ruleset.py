"""The ptcg Ruleset: set-up, the protocol methods, and what each seat may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import msgspec

from turnkeeper.core.model import Action, Event, Outcome, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import did_you_mean, parse_setup
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptcg import effects as _effects  # noqa: F401  (registers handlers)
from turnkeeper.rulesets.ptcg import engine
from turnkeeper.rulesets.ptcg.actions import ACTIONS
from turnkeeper.rulesets.ptcg.cards import CardDataError, deck_list, pool
from turnkeeper.rulesets.ptcg.config import DEFAULTS, PtcgSettings, PtcgSetup, field_names
from turnkeeper.rulesets.ptcg.engine import Ctx, max_hp
from turnkeeper.rulesets.ptcg.position import normalize_position
from turnkeeper.rulesets.ptcg.rules import RULES
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, SEATS, Mon, PtcgState, apply_event

# Era settings with their EX-era defaults, as the plain mapping the log and views carry
# (the typed object is config.PtcgSettings; see docs/rulesets/ptcg.md, Settings).
DEFAULT_SETTINGS: dict[str, Any] = msgspec.structs.asdict(DEFAULTS)


def _validate_deck(ids: list[str], seat: str, settings: PtcgSettings, card_db: str) -> None:
    cards = pool(card_db)
    if len(ids) != settings.deck_size:
        raise SetupError(f"decks.{seat}: {len(ids)} cards; a deck has {settings.deck_size}")
    names = Counter(cards[c].name for c in ids if not cards[c].basic_energy)
    over = sorted(n for n, k in names.items() if k > 4)
    if over:
        raise SetupError(f"decks.{seat}: more than 4 copies of {', '.join(over)}")
    if not any(cards[c].is_basic_pokemon for c in ids):
        raise SetupError(f"decks.{seat}: the deck has no Basic Pokémon, so no game can start")


def _parse_setup(config: Mapping[str, Any]) -> PtcgSetup:
    """The set-up as its model; an unknown key always gets its did-you-mean (the kernel's
    path walk stops at a union such as ``str | list``: the nearest known key then)."""
    try:
        return parse_setup(PtcgSetup, dict(config))
    except SetupError as exc:
        text = str(exc)
        if text.endswith(": unknown field") and "." in text.split(":")[0]:
            name = text.split(":")[0].rsplit(".", 1)[1]
            raise SetupError(text + did_you_mean(name, field_names())) from None
        raise


# (seat, deck name, card db, deck size) -> the card ids of a deck that passed the checks
_CHECKED_DECKS: dict[tuple[str, str, str, int], tuple[str, ...]] = {}


class PtcgRuleset:
    """The Pokémon Trading Card Game, EX era (2003-2006)."""

    name = "ptcg"
    rules = RULES
    actions = ACTIONS  # every action kind and its parameter model
    setup_model = PtcgSetup  # the set-up format

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
        if config.get("position") is not None:
            position = normalize_position(
                config["position"], card_db, msgspec.structs.asdict(settings)
            )
            return [Event("position", position)], None
        return self._deal(config.get("decks"), settings, card_db, dice, record)

    def deal(
        self, raw_decks: Any, settings: PtcgSettings, card_db: str, dice: DiceSource
    ) -> list[Event]:
        return self._deal(raw_decks, settings, card_db, dice, True)[0]

    def _deal(
        self,
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
            known = (seat, spec, card_db, settings.deck_size) if isinstance(spec, str) else None
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
        ctx.emit("begin", decks=decks, settings=msgspec.structs.asdict(settings), card_db=card_db)
        # Setup step 1: a coin decides who chooses the first player (p1 calls heads = 1).
        heads = dice.die(2) == 1
        ctx.emit("coin_toss", heads=heads, winner="p1" if heads else "p2")
        hand = settings.hand_size
        for i in (0, 1):
            ctx.shuffle(i)
            ctx.emit("draw", p=SEATS[i], n=hand)
            while not any(state.card(c).is_basic_pokemon for c in state.sides[i].hand):
                shown = [state.cards[c] for c in state.sides[i].hand]
                ctx.emit("mulligan", p=SEATS[i], shown=shown)
                ctx.shuffle(i)
                ctx.emit("draw", p=SEATS[i], n=hand)
        # Setup step 3: the opponent draws extra cards for each mulligan (always taken here).
        for i in (0, 1):
            extra = state.sides[1 - i].mulligans * settings.mulligan_draw
            extra = min(extra, len(state.sides[i].deck) - settings.prizes)
            if extra > 0:
                ctx.emit("draw", p=SEATS[i], n=extra)
        for i in (0, 1):
            ctx.emit("prizes", p=SEATS[i], n=settings.prizes)
        return ctx.events, state

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
        return {
            "card": card.name,
            "id": card.id,
            "stage": card.stage,
            "hp": hp,
            "damage": mon.damage,
            "hp_left": max(0, hp - mon.damage),
            "energy": [s.card(c).name for c in mon.energy],
            "tool": s.card(mon.tool).name if mon.tool >= 0 else None,
            "conditions": mon.conditions(),
            "evolved_from": [s.card(c).name for c in mon.stack[:-1]],
            "retreat": engine.retreat_cost(s, mon),
        }

    def view(self, state: PtcgState, seat: str | None = None) -> dict[str, Any]:
        s = state
        names = [s.card(i).name for i in range(len(s.cards))] if s.cards else []
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
