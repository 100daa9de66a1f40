"""Batches of simulated games as Ray tasks: a local Ray runtime or a cluster.

Each task plays one batch of game indices with the ruleset's own ``sim.play_game``; every
game's seed comes from (seed, index) alone, so the summary is the same whether the games ran
in one process, in local worker processes or as Ray tasks on any number of machines
(``tests/cluster`` checks it against the local run).

Data moved per task: the arguments (two deck specs, agent names, seed, a list of indices,
settings, a card-database path: well under a kilobyte) in, one small ``GameResult`` per
game (~100 bytes pickled) out. The card database is NOT shipped: with ``card_db`` every
node must have the same copy at the same path.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from turnkeeper.rulesets.ptcg.agents import AGENTS
from turnkeeper.rulesets.ptcg.sim import (
    GameResult,
    SimulationError,
    Summary,
    play_game,
    summarize,
)
from turnkeeper.sim import GameResult as EncounterResult
from turnkeeper.sim import SimError, SimReport, check_run, play_chunk

LOCAL = "local"  # ``--ray local``: start a Ray runtime on this machine


class RayUnavailableError(RuntimeError):
    """Ray is not installed, or the runtime / cluster could not be reached: says which."""


def _play_batch(
    decks: list[Any],
    agents: list[str],
    seed: int | str,
    indices: list[int],
    settings: dict[str, Any],
    card_db: str,
) -> list[GameResult]:
    return [play_game(decks, agents, seed, i, settings, card_db) for i in indices]


def connect(address: str, num_cpus: int | None = None) -> tuple[Any, bool]:
    """The ``ray`` module, initialised; True if this call started the runtime (and so
    should shut it down). ``address``: ``local`` for a runtime on this machine (with
    ``num_cpus`` CPUs), else what ``ray.init`` takes (``auto``, ``HOST:6379``,
    ``ray://HOST:10001``)."""
    try:
        import ray
    except ImportError as exc:
        raise RayUnavailableError(
            "--ray needs Ray: pip install 'turnkeeper[ray]' (or pip install ray)"
        ) from exc
    if ray.is_initialized():
        return ray, False
    if address != LOCAL:
        _check_reachable(address)
    try:
        if address == LOCAL:
            ray.init(
                num_cpus=num_cpus,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except Exception as exc:  # Ray raises many kinds (ConnectionError, RuntimeError, ...)
        where = "a local Ray runtime" if address == LOCAL else f"the Ray cluster at {address!r}"
        raise RayUnavailableError(f"could not start or reach {where}: {exc}") from exc
    return ray, True


def _check_reachable(address: str, timeout: float = 10.0) -> None:
    """Fail in seconds when nothing listens at HOST:PORT: ``ray.init`` itself keeps retrying
    an unreachable address for minutes. ``auto`` (the cluster this machine belongs to) is
    left to Ray."""
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep:
        if address == "auto":
            return
        raise RayUnavailableError(
            f"--ray {address!r}: give 'local', 'auto', HOST:PORT or ray://HOST:PORT"
        )
    if not port.isdigit():
        raise RayUnavailableError(f"--ray {address!r}: the port {port!r} is not a number")
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise RayUnavailableError(
            f"nothing answers at {hostport} ({exc}); start the head with `ray start --head`"
            " and give the address it prints"
        ) from exc


def simulate_on_ray(
    decks: Sequence[Any],
    agents: Sequence[str],
    games: int,
    seed: int | str = 0,
    address: str = LOCAL,
    num_cpus: int | None = None,
    settings: dict[str, Any] | None = None,
    card_db: str = "",
    progress: Callable[[int], None] | None = None,
    chunk: int = 50,
) -> Summary:
    """``sim.simulate`` with the batches as Ray tasks; the same summary for the same
    arguments. ``chunk`` games per task (fewer, longer tasks move less and schedule less)."""
    if len(agents) != 2 or any(a not in AGENTS for a in agents):
        raise SimulationError(f"agents: two of {', '.join(AGENTS)}, not {list(agents)}")
    if len(decks) != 2:
        raise SimulationError("decks: exactly two decks")
    if games < 1 or chunk < 1:
        raise SimulationError("the number of games and the chunk size must be at least 1")
    # Fail fast (and clearly) on a bad deck here, before starting Ray, as sim.simulate does.
    play_game(list(decks), list(agents), seed, -1, settings or {}, card_db)
    ray, started = connect(address, num_cpus)
    try:
        task = ray.remote(_play_batch)
        pending = [
            task.remote(
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
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            found: list[GameResult] = ray.get(done[0])
            results.extend(found)
            if progress:
                progress(len(found))
    finally:
        if started:
            ray.shutdown()
    return summarize(results, list(decks), list(agents), seed)


def simulate_encounters_on_ray(
    ruleset_name: str,
    config: Mapping[str, Any],
    *,
    games: int,
    agents: Sequence[str],
    seed: int | str = 0,
    max_actions: int = 5000,
    encounter: str = "",
    address: str = LOCAL,
    num_cpus: int | None = None,
    chunk: int = 25,
) -> SimReport:
    """``turnkeeper.sim.simulate`` (any ruleset's encounter) with batches of games as Ray
    tasks: the same report for the same arguments, whatever runs where. Data moved per task:
    the encounter's set-up (a few kilobytes) and the indices in, one small ``GameResult``
    per game out."""
    if chunk < 1:
        raise SimError(f"chunk must be at least 1, not {chunk}")
    # the same checks as a local run (bad agents, seats, set-up), before Ray starts
    plan = check_run(ruleset_name, config, games=games, agents=agents, seed=seed,
                     max_actions=max_actions, encounter=encounter)
    ray, started = connect(address, num_cpus)
    try:
        task = ray.remote(play_chunk)
        plain = dict(config)
        pending = [
            task.remote((ruleset_name, plain, seed, list(range(i, min(i + chunk, games))),
                         tuple(agents), max_actions))
            for i in range(0, games, chunk)
        ]
        results: list[EncounterResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            results.extend(ray.get(done[0]))
    finally:
        if started:
            ray.shutdown()
    plan.results = sorted(results, key=lambda r: r.index)
    return plan
