"""``turnkeeper sim``: play encounters to their end with seeded agents and report the results.

Generic over rulesets (see :mod:`turnkeeper.sim`). Bad input (an unknown ruleset or agent, the
wrong number of agents, a bad encounter file or set-up) exits with code 2 and one message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from turnkeeper.cli.game_cmd import console, fail, load_encounter, ruleset_or_exit
from turnkeeper.core.ruleset import SetupError
from turnkeeper.sim import SimError, simulate


def sim_command(
    ruleset: str = typer.Argument(..., help="the ruleset (ptu, e133, ...)"),
    encounter: Path = typer.Argument(..., help="an encounter file (YAML with a 'setup')"),
    games: int = typer.Option(100, "-n", "--games", help="how many games to play"),
    agents: str = typer.Option("random,random", "--agents",
                               help="one agent per seat, comma-separated: random or greedy"),
    workers: int = typer.Option(1, "--workers", help="worker processes (results do not "
                                                     "depend on it)"),
    seed: str = typer.Option("0", "--seed", help="the run's seed (game i uses 'SEED/i')"),
    max_actions: int = typer.Option(5000, "--max-actions",
                                    help="a game still running after this many actions is "
                                         "reported as unfinished"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
    ray: str = typer.Option(
        "", "--ray", metavar="ADDRESS",
        help="run the games as Ray tasks: 'local' starts a runtime here (with --workers "
             "CPUs); else a cluster address ('auto', HOST:6379, ray://HOST:10001). Results do "
             "not depend on it. Needs the \\[ray] extra",
    ),
) -> None:
    """Play an encounter N times to its end and report wins per side (95 % Wilson
    intervals), mean rounds and mean actions."""
    ruleset_or_exit(ruleset)
    _, config, _ = load_encounter(encounter, ruleset)
    run_seed: int | str = int(seed) if seed.lstrip("-").isdigit() else seed
    chosen = [a.strip() for a in agents.split(",")]
    try:
        if ray:
            from turnkeeper.cluster.ray_sim import (
                LOCAL,
                RayUnavailableError,
                simulate_encounters_on_ray,
            )

            try:
                report = simulate_encounters_on_ray(
                    ruleset, config, games=games, agents=chosen, seed=run_seed,
                    max_actions=max_actions, encounter=str(encounter), address=ray,
                    num_cpus=max(1, workers) if ray == LOCAL else None,
                )
            except RayUnavailableError as exc:
                raise fail(str(exc)) from exc
        else:
            report = simulate(
                ruleset, config, games=games, agents=chosen, seed=run_seed,
                workers=max(1, workers), max_actions=max_actions, encounter=str(encounter),
            )
    except (SimError, SetupError) as exc:
        raise fail(str(exc)) from exc
    data = report.to_dict()
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    _print(data)


def _print(data: dict[str, Any]) -> None:
    console.print(f"[bold]{data['ruleset']}[/] {data['encounter']}: {data['games']} games, "
                  f"seed {data['seed']}, agents per seat {data['agents']}")
    console.print(f"  wins per side ({', '.join(data['sides'])}):")
    for label, row in data["wins"].items():
        low, high = row["ci95"]
        console.print(f"  {label:<20} wins {row['wins']:>6}  {row['rate']:6.1%}  "
                      f"95% CI [{low:.1%}, {high:.1%}]")
    console.print(f"  draws {data['draws']}, unfinished {data['unfinished']} "
                  f"(cap {data['max_actions']} actions)")
    rounds = data["mean_rounds"]
    console.print(f"  mean rounds {'-' if rounds is None else f'{rounds:.1f}'}, "
                  f"mean actions {data['mean_actions']:.1f}")


def register(app: typer.Typer) -> None:
    app.command("sim")(sim_command)
