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
- ``sim_idle_kinds``: action kinds the ``random`` agent leaves aside while anything else is
  offered (they change nothing a simulation can see).
- ``sim_out_of_turn(state) -> list[Action]``: answers to the windows open now by those whose
  turn it is not (ptu: Protect and other Interrupts, Intercept, Attacks of Opportunity); after
  every action each such actor's agent picks one of them or ``PASS``.
- ``gm_seat_name``: the name of the seat of actors no player controls, as the ruleset's
  outcomes name it among the winners (ptu: ``"wild"``); ``"gm"`` without it.
- ``sides(state) -> tuple[str, ...]``: the sides outcomes name as winners, when they are not
  the seats (e133: a side holds combatants of several seats); wins are reported per side.
- ``sim_play_game(config, game_seed, agents, max_actions)``: a faster loop of the ruleset's
  own that plays game ``game_seed`` (``"S/i"``) exactly as :func:`play_through_game` does
  (proven by the ruleset's tests), returning ``(winners or None, reason, actions, rounds)``,
  or ``None`` to leave the game to the reference loop (ptu: ``rulesets/ptu/sim.py``).

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
    #: what outcomes name as winners when it is not the seats (the ruleset's ``sides``)
    sides: tuple[str, ...] = ()

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> dict[str, int]:
        """Wins per winning side (the winners' names joined by '+'), in first-win order."""
        counts: dict[str, int] = {side: 0 for side in (self.sides or self.seats)}
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
            "sides": list(self.sides or self.seats),
            "max_actions": self.max_actions,
            "wins": wins,
            "draws": sum(1 for r in finished if not r.winners),
            "unfinished": self.games - len(finished),
            "mean_rounds": sum(rounds) / len(rounds) if rounds else None,
            "mean_actions": (sum(r.actions for r in self.results) / self.games
                             if self.games else None),
        }


Agent = Callable[[Game[Any], list[Action], random.Random], Action]


#: What an agent offered a chance to answer out of turn picks to let the chance go.
PASS = Action("pass", None)


_NO_KINDS: frozenset[str] = frozenset()


def random_agent(game: Game[Any], actions: list[Action], rng: random.Random) -> Action:
    """Uniform over the action **kinds** on offer, then uniform among that kind's offers.

    Uniform over every offer would mostly shift, hold or speak (a turn offers one ``end_turn``
    but a shift per free square and a move per target), and games would drag on; by kind,
    attacking, moving and ending the turn are equally likely. Kinds the ruleset lists in
    ``sim_idle_kinds`` (ptu: a Free action to speak, a feature activated, a held turn — they
    change nothing the simulation can see) are taken only when nothing else is offered.
    ``PASS`` (declining to answer out of turn) is a kind of its own."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:  # not setdefault(kind, []): that makes a list per action
        group = by_kind.get(action.kind)
        if group is None:
            by_kind[action.kind] = [action]
        else:
            group.append(action)
    idle: frozenset[str] = getattr(game.ruleset, "sim_idle_kinds", _NO_KINDS)
    kinds = [k for k in by_kind if k not in idle] or list(by_kind)
    chosen = by_kind[kinds[rng.randrange(len(kinds))]]
    return chosen[rng.randrange(len(chosen))]


def greedy_agent(game: Game[Any], actions: list[Action], rng: random.Random) -> Action:
    """The offer the ruleset's ``score`` values most (ties at random); out of turn it answers
    only when an answer scores above 0 (``PASS`` scores 0)."""
    score = getattr(game.ruleset, "score", None)
    if not callable(score):
        return random_agent(game, actions, rng)
    values = [0.0 if a is PASS else float(score(game.state, a)) for a in actions]
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


#: At most this many out-of-turn answers after one action (a window answered can open more).
MAX_ANSWERS = 8


def answer_out_of_turn(
    game: Game[Any], by_seat: Mapping[str, Agent], rng: random.Random,
    limit: int = MAX_ANSWERS,
) -> int:
    """Offer each seat its answers to the windows now open (the ruleset's
    ``sim_out_of_turn(state)``: Interrupts such as Protect and Intercept, Attacks of
    Opportunity); its agent picks one or ``PASS``. Plays at most ``limit`` (and
    :data:`MAX_ANSWERS`); returns how many were played."""
    offers_of = getattr(game.ruleset, "sim_out_of_turn", None)
    if not callable(offers_of):
        return 0
    played = 0
    declined: set[str] = set()
    while played < min(limit, MAX_ANSWERS) and game.outcome() is None:
        by_actor: dict[str, list[Action]] = {}
        for offer in offers_of(game.state):
            if offer.key() not in declined:
                by_actor.setdefault(str(offer.actor), []).append(offer)
        if not by_actor:
            return played
        actor = next(iter(by_actor))
        options = by_actor[actor]
        choice = by_seat[seat_of(game, actor)](game, [*options, PASS], rng)
        if choice is PASS:
            declined.update(o.key() for o in options)
            continue
        game.play(choice)
        played += 1
    return played


def play_one(
    ruleset_name: str, config: Mapping[str, Any], seed: int | str, index: int,
    agents: Sequence[str], max_actions: int,
) -> GameResult:
    """Play game ``index`` of a run to its end (or to ``max_actions``): through the
    ruleset's ``sim_play_game`` hook when it has one that plays these agents, else
    :func:`play_through_game`."""
    ruleset = get_ruleset(ruleset_name)
    fast = getattr(ruleset, "sim_play_game", None)
    if callable(fast):
        played = fast(config, f"{seed}/{index}", agents, max_actions)
        if played is not None:
            winners, reason, actions, rounds = played
            return GameResult(index, winners, reason, actions, rounds)
    return play_through_game(ruleset_name, config, seed, index, agents, max_actions)


def play_through_game(
    ruleset_name: str, config: Mapping[str, Any], seed: int | str, index: int,
    agents: Sequence[str], max_actions: int,
) -> GameResult:
    """Game ``index`` of a run played through :class:`Game` and its public API: the
    reference loop a ruleset's ``sim_play_game`` must match result for result."""
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
        played += answer_out_of_turn(game, by_seat, rng, max_actions - played)
        outcome = game.outcome()
    rounds = int(rounds_of(game.state)) if callable(rounds_of) else None
    if outcome is None:
        return GameResult(index, None, f"stopped after {max_actions} actions", played, rounds)
    return GameResult(index, tuple(outcome.winners), outcome.reason, played, rounds)


def play_chunk(args: tuple[str, dict[str, Any], int | str, list[int], tuple[str, ...], int],
               ) -> list[GameResult]:
    """Games ``indices`` of a run (one batch for a worker process or a Ray task)."""
    ruleset_name, config, seed, indices, agents, max_actions = args
    return [play_one(ruleset_name, config, seed, i, agents, max_actions) for i in indices]


def check_run(
    ruleset_name: str, config: Mapping[str, Any], *, games: int, agents: Sequence[str],
    seed: int | str = 0, max_actions: int = 5000, encounter: str = "",
) -> SimReport:
    """An empty report for a run, once its arguments and set-up are checked (``SimError``
    or the ruleset's ``SetupError`` naming what is wrong)."""
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
    sides_of = getattr(probe.ruleset, "sides", None)
    sides = tuple(sides_of(probe.state)) if callable(sides_of) else ()
    return SimReport(ruleset_name, encounter, seed, tuple(agents), seats, max_actions,
                     sides=sides)


def simulate(
    ruleset_name: str, config: Mapping[str, Any], *, games: int, agents: Sequence[str],
    seed: int | str = 0, workers: int = 1, max_actions: int = 5000, encounter: str = "",
) -> SimReport:
    """Play ``games`` games and gather the results (the same for any ``workers``)."""
    report = check_run(ruleset_name, config, games=games, agents=agents, seed=seed,
                       max_actions=max_actions, encounter=encounter)
    plain = dict(config)
    if workers <= 1:
        report.results = [play_one(ruleset_name, plain, seed, i, agents, max_actions)
                          for i in range(games)]
        return report
    chunks = [list(range(games))[w::workers] for w in range(workers)]
    jobs = [(ruleset_name, plain, seed, chunk, tuple(agents), max_actions)
            for chunk in chunks if chunk]
    with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
        done = [r for part in pool.map(play_chunk, jobs) for r in part]
    report.results = sorted(done, key=lambda r: r.index)
    return report
