"""Simulate encounters to their end with seeded agents, for any ruleset.

Each game is a :class:`~turnkeeper.core.game.Game` played only through its public API: whoever
must act (``whose_turn``) is asked for its legal actions and its seat's agent picks one. Seats
are the controllers of the actors (``ruleset.controller``), in the order they first appear in
``ruleset.actors``; the game master is not a seat. A ruleset may offer two optional hooks:

- ``sim_gm_action(state) -> Action | None``: the game master's step a simulation takes when
  nobody's turn is running (ptu: start the combat). Without it, a game where nobody must act
  and no seat has a legal action ends as unfinished.
- ``score(state, action) -> float``: the value the ``greedy`` agent maximises (ties broken by
  the agent's seeded generator); without it ``greedy`` plays like ``random``.
- ``round_number(state) -> int``: the round a game ended in (reported as mean rounds).
- ``gm_seat_name``: the name of the seat of actors no player controls, as the ruleset's
  outcomes name it among the winners (ptu: ``"wild"``); ``"gm"`` without it.

Game ``i`` of a run with seed ``S`` rolls its dice from seed ``"S/i"`` and its agents draw from
``random.Random("S/i/agents")``, so a game's result depends only on ``(S, i)``: the totals are
the same for any number of worker processes. A game that reaches ``max_actions`` stops and is
counted as unfinished (never dropped).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset

AGENTS = ("random", "greedy")
Z_95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


class SimError(ValueError):
    """A simulation that cannot run as asked (unknown agent, wrong number of agents)."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) for no trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class GameResult:
    """One simulated game: who won (``None``: unfinished), how long it took."""

    index: int
    winners: tuple[str, ...] | None
    reason: str
    actions: int
    rounds: int | None


@dataclass
class SimReport:
    ruleset: str
    encounter: str
    seed: int | str
    agents: tuple[str, ...]
    seats: tuple[str, ...]
    max_actions: int
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> dict[str, int]:
        """Wins per winning side (the winners' names joined by '+'), in first-win order."""
        counts: dict[str, int] = {seat: 0 for seat in self.seats}
        for r in self.results:
            if r.winners:
                label = "+".join(r.winners)
                counts[label] = counts.get(label, 0) + 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        finished = [r for r in self.results if r.winners is not None]
        rounds = [r.rounds for r in finished if r.rounds is not None]
        wins = {}
        for label, count in self.wins().items():
            low, high = wilson_interval(count, self.games)
            rate = count / self.games if self.games else 0.0
            wins[label] = {"wins": count, "rate": rate, "ci95": [low, high]}
        return {
            "ruleset": self.ruleset,
            "encounter": self.encounter,
            "games": self.games,
            "seed": self.seed,
            "agents": dict(zip(self.seats, self.agents, strict=True)),
            "max_actions": self.max_actions,
            "wins": wins,
            "draws": sum(1 for r in finished if not r.winners),
            "unfinished": self.games - len(finished),
            "mean_rounds": sum(rounds) / len(rounds) if rounds else None,
            "mean_actions": (sum(r.actions for r in self.results) / self.games
                             if self.games else None),
        }


Agent = Callable[[Game[Any], list[Action], random.Random], Action]


def random_agent(game: Game[Any], actions: list[Action], rng: random.Random) -> Action:
    return actions[rng.randrange(len(actions))]


def greedy_agent(game: Game[Any], actions: list[Action], rng: random.Random) -> Action:
    score = getattr(game.ruleset, "score", None)
    if not callable(score):
        return random_agent(game, actions, rng)
    values = [float(score(game.state, a)) for a in actions]
    best = max(values)
    top = [a for a, v in zip(actions, values, strict=True) if v == best]
    return top[rng.randrange(len(top))]


AGENT_FUNCTIONS: dict[str, Agent] = {"random": random_agent, "greedy": greedy_agent}


def seat_of(game: Game[Any], actor: str) -> str:
    """The seat that controls ``actor`` (no player: the ruleset's ``gm_seat_name``)."""
    controller = game.ruleset.controller(game.state, actor)
    if controller is not None:
        return controller
    return str(getattr(game.ruleset, "gm_seat_name", "gm"))


def seats_of(game: Game[Any]) -> tuple[str, ...]:
    """The seats of a game, in the order their actors first appear (the game master's own
    actor left out)."""
    seats: dict[str, None] = {}
    for actor in game.ruleset.actors(game.state):
        if actor != "gm":
            seats.setdefault(seat_of(game, actor), None)
    return tuple(seats)


def play_one(
    ruleset_name: str, config: Mapping[str, Any], seed: int | str, index: int,
    agents: Sequence[str], max_actions: int,
) -> GameResult:
    """Play game ``index`` of a run to its end (or to ``max_actions``)."""
    ruleset = get_ruleset(ruleset_name)
    # Thrown away when it ends: no state copies for undo, no packed log (memory need not be
    # saved for the few moments the game lives).
    game: Game[Any] = Game(
        ruleset, config, seed=f"{seed}/{index}", snapshots=False, compact=False
    )
    rng = random.Random(f"{seed}/{index}/agents")
    seats = seats_of(game)
    by_seat = {seat: AGENT_FUNCTIONS[agents[i]] for i, seat in enumerate(seats)}
    gm_step = getattr(ruleset, "sim_gm_action", None)
    rounds_of = getattr(ruleset, "round_number", None)
    played = 0
    outcome = game.outcome()
    while outcome is None and played < max_actions:
        actor = game.whose_turn()
        action: Action | None = None
        if actor is None and callable(gm_step):
            action = gm_step(game.state)
        if action is None:
            if actor is None:
                options = [a for a in game.legal_actions(None) if a.actor != "gm"]
            else:
                options = list(game.legal_actions(actor))
            if not options:
                return GameResult(index, None, f"nobody can act ({actor or 'no turn'})",
                                  played, None)
            mover = options[0].actor if actor is None else actor
            action = by_seat[seat_of(game, str(mover))](game, options, rng)
        game.play(action)
        played += 1
        outcome = game.outcome()
    rounds = int(rounds_of(game.state)) if callable(rounds_of) else None
    if outcome is None:
        return GameResult(index, None, f"stopped after {max_actions} actions", played, rounds)
    return GameResult(index, tuple(outcome.winners), outcome.reason, played, rounds)


def _play_chunk(args: tuple[str, dict[str, Any], int | str, list[int], tuple[str, ...], int],
                ) -> list[GameResult]:
    ruleset_name, config, seed, indices, agents, max_actions = args
    return [play_one(ruleset_name, config, seed, i, agents, max_actions) for i in indices]


def simulate(
    ruleset_name: str, config: Mapping[str, Any], *, games: int, agents: Sequence[str],
    seed: int | str = 0, workers: int = 1, max_actions: int = 5000, encounter: str = "",
) -> SimReport:
    """Play ``games`` games and gather the results (the same for any ``workers``)."""
    if games < 1:
        raise SimError(f"games must be at least 1, not {games}")
    if max_actions < 1:
        raise SimError(f"max_actions must be at least 1, not {max_actions}")
    for name in agents:
        if name not in AGENT_FUNCTIONS:
            raise SimError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    probe: Game[Any] = Game(get_ruleset(ruleset_name), config, seed=f"{seed}/0", snapshots=False)
    seats = seats_of(probe)
    if len(agents) != len(seats):
        raise SimError(f"this encounter has {len(seats)} seats ({', '.join(seats)}): give "
                       f"{len(seats)} agents, not {len(agents)}")
    report = SimReport(ruleset_name, encounter, seed, tuple(agents), seats, max_actions)
    plain = dict(config)
    if workers <= 1:
        report.results = [play_one(ruleset_name, plain, seed, i, agents, max_actions)
                          for i in range(games)]
        return report
    chunks = [list(range(games))[w::workers] for w in range(workers)]
    jobs = [(ruleset_name, plain, seed, chunk, tuple(agents), max_actions)
            for chunk in chunks if chunk]
    with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
        done = [r for part in pool.map(_play_chunk, jobs) for r in part]
    report.results = sorted(done, key=lambda r: r.index)
    return report
