"""Fast simulation: whole games between agents, many at once across processes.

``play_game`` bypasses :class:`~turnkeeper.core.game.Game` (no log, no clones): it calls the
same rules functions (setup, legal actions, run, apply) on one live state. Every game's seed
is derived from (seed, game index), so results do not depend on how many workers run them.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from hashlib import sha512
from typing import Any, Final

from turnkeeper.dice.source import SeededDice
from turnkeeper.rulesets.ptcg.actions import params_of
from turnkeeper.rulesets.ptcg.agents import AGENTS, random_agent
from turnkeeper.rulesets.ptcg.engine import RUNS, Ctx, legal_list, main_list, whose_turn
from turnkeeper.rulesets.ptcg.invariants import InvariantError as InvariantError
from turnkeeper.rulesets.ptcg.invariants import check_invariants as check_invariants
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, SEATS, PtcgState

MAX_ACTIONS: Final = 5000  # a safety net; real games end by deck-out long before
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(64))  # n.bit_length(), looked up


class SimulationError(ValueError):
    """Bad simulation input (unknown agent, bad count): the message says which."""


@dataclass
class GameResult:
    index: int
    winner: str | None  # "p1", "p2" or None for a draw
    first: str
    turns: int
    actions: int
    reason: str


def game_seed(seed: int | str, index: int) -> str:
    return f"ptcg-sim/{seed}/{index}"


def play_game(
    decks: Sequence[Any],
    agents: Sequence[str],
    seed: int | str,
    index: int = 0,
    settings: dict[str, Any] | None = None,
    card_db: str = "",
    check_state: Callable[[PtcgState], None] | None = None,
) -> GameResult:
    """One whole game on a live state; ``check_state`` (if given) runs after every action.

    The cyclic garbage collector is paused for the game: a game makes many short-lived
    objects but no reference cycles to speak of, so its collections would find nothing
    (the game's leftovers are collected once it is back on)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _play_game(decks, agents, seed, index, settings, card_db, check_state)
    finally:
        if collecting:
            gc.enable()


def _play_game(
    decks: Sequence[Any],
    agents: Sequence[str],
    seed: int | str,
    index: int,
    settings: dict[str, Any] | None,
    card_db: str,
    check_state: Callable[[PtcgState], None] | None,
) -> GameResult:
    ruleset = PtcgRuleset()
    key = game_seed(seed, index)
    # the game's two generators, seeded now from their texts (as SeededDice(key) and
    # random.Random(key + "/agents") would be), reused from the games before
    spare = _SPARE_GENERATORS
    dice_rng = spare.pop() if spare else random.Random()
    rng = spare.pop() if spare else random.Random()
    try:
        dice = SeededDice(key, rng=seed_from_text(dice_rng, key))
        seed_from_text(rng, key + "/agents")
        return _play(ruleset, dice, rng, decks, agents, index, settings, card_db, check_state)
    finally:
        spare.append(rng)
        spare.append(dice_rng)


def _play(
    ruleset: PtcgRuleset,
    dice: SeededDice,
    rng: random.Random,
    decks: Sequence[Any],
    agents: Sequence[str],
    index: int,
    settings: dict[str, Any] | None,
    card_db: str,
    check_state: Callable[[PtcgState], None] | None,
) -> GameResult:
    choosers = [AGENTS[a] for a in agents]
    config: dict[str, Any] = {"decks": list(decks)}
    if settings:
        config["settings"] = settings
    if card_db:
        config["card_db"] = card_db
    # the state ruleset.setup's events lead to, built without them
    state = ruleset.setup_state(config, dice)
    actions = 0
    # ``run(state, action, dice, record=False)`` without its per-action set-up: one context
    # for the whole game (it keeps no events; its counter only ever grows).
    ctx = Ctx(state, dice, record=False)
    runs = RUNS
    bits = rng.getrandbits
    randoms = [chooser is random_agent for chooser in choosers]
    while actions < MAX_ACTIONS:
        # legal_list(state, whose_turn(state)), its usual case (a turn) asked directly
        phase = state.phase
        if phase == "main" and state.sides[state.current].active is not None:
            seat = state.current
            offers = main_list(state, seat)
        elif phase == "over":
            break
        else:
            seat = whose_turn(state)
            offers = legal_list(state, seat)
        if randoms[seat]:
            # random_agent(state, offers, rng), inline: the same draws from the same bits
            n = len(offers)
            if not n:
                raise ValueError("the random agent was offered no action")
            k = _BIT_LENGTH[n] if n < 64 else n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            action = offers[r]
            # every offer of legal_list(state, seat) is seat's: its actor is SEATS[seat]
            runs[action.kind](ctx, seat, action.typed)  # an Offer: its typed parameters
        else:
            chosen = choosers[seat](state, offers, rng)
            runs[chosen.kind](ctx, SEAT_INDEX[str(chosen.actor)], params_of(chosen))
        actions += 1
        if check_state is not None:
            check_state(state)
    winner = None
    reason = "action limit reached"
    if state.phase == "over":
        winner = SEATS[state.winners[0]] if len(state.winners) == 1 else None
        reason = state.end_rule
    return GameResult(index, winner, SEATS[state.first], state.turn, actions, reason)


#: The C seeding of CPython's generator (``random.Random``'s base class), which
#: ``random.Random.seed`` calls with the number it makes of a text seed.
_SEED_NUMBER: Final = random.Random.__mro__[1].seed  # type: ignore[attr-defined]

#: Generators of finished games, seeded again for the next ones (taken off while in use, so
#: a game inside another one, from ``check_state``, gets generators of its own).
_SPARE_GENERATORS: Final[list[random.Random]] = []


def seed_from_text(rng: random.Random, text: str) -> random.Random:
    """``rng`` seeded as ``random.Random(text)`` is, and returned: the same draws follow.

    ``random.Random.seed`` (its version 2) makes a number of a text (its UTF-8 bytes
    followed by their SHA-512 digest, read big-endian) and gives it to the C seeding; done
    here directly. Building a new ``random.Random(text)`` costs more: its Python-level
    ``__init__`` and ``seed``, and a first seeding from the system's entropy that the text
    then replaces (rulesets/ptu/sim.py's ``CommandDice`` reseeds so too;
    tests/ptcg/test_sim.py compares the draws)."""
    data = text.encode()
    _SEED_NUMBER(rng, int.from_bytes(data + sha512(data).digest(), "big"))
    # as random.Random.seed leaves it (no normal draw kept for later); written through the
    # instance's dictionary: the stubs do not declare the attribute
    rng.__dict__["gauss_next"] = None
    return rng


def _batch(
    args: tuple[list[Any], list[str], int | str, list[int], dict[str, Any], str],
) -> list[GameResult]:
    decks, agents, seed, indices, settings, card_db = args
    return [play_game(decks, agents, seed, i, settings, card_db) for i in indices]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% with z = 1.96)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    games: int
    decks: list[Any]
    agents: list[str]
    seed: int | str
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    unfinished: int = 0
    first_player_wins: int = 0
    turns: list[int] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        n = self.games
        decided = n - self.draws - self.unfinished
        seats = {}
        for seat in SEATS:
            lo, hi = wilson(self.wins.get(seat, 0), n)
            seats[seat] = {
                "wins": self.wins.get(seat, 0),
                "rate": self.wins.get(seat, 0) / n if n else 0.0,
                "ci95": [lo, hi],
            }
        lo, hi = wilson(self.first_player_wins, decided)
        turns = sorted(self.turns)
        return {
            "games": n,
            "seed": self.seed,
            "decks": {"p1": self.decks[0], "p2": self.decks[1]},
            "agents": {"p1": self.agents[0], "p2": self.agents[1]},
            "seats": seats,
            "draws": self.draws,
            "unfinished": self.unfinished,
            "first_player": {
                "wins": self.first_player_wins,
                "of_decided": decided,
                "rate": self.first_player_wins / decided if decided else 0.0,
                "ci95": [lo, hi],
            },
            "length_turns": {
                "mean": sum(turns) / len(turns) if turns else 0.0,
                "median": turns[len(turns) // 2] if turns else 0,
                "min": turns[0] if turns else 0,
                "max": turns[-1] if turns else 0,
            },
            "end_rules": dict(sorted(self.reasons.items())),
        }


def summarize(
    results: Iterable[GameResult], decks: list[Any], agents: list[str], seed: int | str
) -> Summary:
    ordered = sorted(results, key=lambda r: r.index)
    summary = Summary(len(ordered), decks, agents, seed)
    for r in ordered:
        summary.turns.append(r.turns)
        summary.reasons[r.reason] = summary.reasons.get(r.reason, 0) + 1
        if r.reason == "action limit reached":
            summary.unfinished += 1
        elif r.winner is None:
            summary.draws += 1
        else:
            summary.wins[r.winner] = summary.wins.get(r.winner, 0) + 1
            if r.winner == r.first:
                summary.first_player_wins += 1
    return summary


def simulate(
    decks: list[Any],
    agents: list[str],
    games: int,
    seed: int | str = 0,
    workers: int = 1,
    settings: dict[str, Any] | None = None,
    card_db: str = "",
    progress: Callable[[int], None] | None = None,
    chunk: int = 50,
) -> Summary:
    """Play ``games`` games; ``progress(n)`` is called as batches of n games finish."""
    if len(agents) != 2 or any(a not in AGENTS for a in agents):
        raise SimulationError(f"agents: two of {', '.join(AGENTS)}, not {agents}")
    if len(decks) != 2:
        raise SimulationError("decks: exactly two decks")
    if games < 1 or workers < 1:
        raise SimulationError("the number of games and of workers must be at least 1")
    # Fail fast (and clearly) on a bad deck before starting any worker.
    play_game(decks, agents, seed, -1, settings or {}, card_db)
    batches = [
        (
            list(decks),
            list(agents),
            seed,
            list(range(i, min(i + chunk, games))),
            settings or {},
            card_db,
        )
        for i in range(0, games, chunk)
    ]
    results: list[GameResult] = []
    if workers == 1:
        for batch in batches:
            found = _batch(batch)
            results.extend(found)
            if progress:
                progress(len(found))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(_batch, batches):
                results.extend(found)
                if progress:
                    progress(len(found))
    return summarize(results, list(decks), list(agents), seed)
