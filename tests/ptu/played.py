"""A walk through seeded random PTU games that tests look at state by state.

``played_states(ruleset)`` plays the bench's duel and the wild and league examples, four seeds
each, up to 250 actions a game, and yields the state before every action, so a test asks its
own questions of states that real play reaches (the answers offered out of turn, the typed
parameters of every offer). Each action is the GM's due action when there is one, otherwise a
seeded random pick among the out-of-turn answers and the legal actions of whoever acts (as
``turnkeeper sim`` plays: every kind of answer is met many times).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from turnkeeper.core.game import Game
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from bench_ptu import duel_config  # noqa: E402

__all__ = ["ROOT", "duel_config", "example", "played_states"]


def example(name: str) -> dict[str, Any]:
    """The set-up of ``examples/ptu/<name>.yaml``."""
    data = yaml.safe_load((ROOT / "examples" / "ptu" / f"{name}.yaml").read_text("utf-8"))
    setup: dict[str, Any] = data["setup"]
    return setup


def played_states(
    ruleset: PtuRuleset, seeds: int = 4, steps: int = 250,
) -> Iterator[PtuState]:
    """The state before each action of the walk described above (the live state: read it
    before asking for the next one)."""
    for name, setup in (("duel", duel_config()), ("wild", example("wild")),
                        ("league", example("league"))):
        for seed in range(seeds):
            game: Game[PtuState] = Game(ruleset, setup, seed=seed, snapshots=False)
            rng = random.Random(f"{name}/{seed}")
            for _ in range(steps):
                state = game.state
                if game.outcome() is not None:
                    break
                yield state
                gm = ruleset.sim_gm_action(state)
                if gm is not None:
                    game.play(gm)
                    continue
                actor = game.whose_turn()
                options = [*ruleset.sim_out_of_turn(state)]
                if actor is not None:
                    options += ruleset.legal_list(state, actor)
                if not options:
                    break
                game.play(rng.choice(options))
