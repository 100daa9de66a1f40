"""Kernel invariants every ruleset must keep, as reusable checks for property tests.

``random_play`` plays random legal actions; after every action it checks that undo restores
the exact previous state and that replaying the log from scratch gives the identical state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from turnkeeper.core.game import Command, Game, state_hash


def random_play(
    make_game: Callable[[], Game[Any]],
    rng: random.Random,
    steps: int,
    *,
    invariant: Callable[[Game[Any]], None] | None = None,
    check_undo_every: int = 1,
) -> Game[Any]:
    """Play up to ``steps`` random legal actions, checking the kernel's promises on the way."""
    game = make_game()
    for step in range(steps):
        if game.outcome() is not None:
            break
        actions = list(game.legal_actions(None))
        if not actions:
            break
        action = rng.choice(actions)
        assert game.check(action) is None, f"legal_actions offered a refused action: {action}"
        before = state_hash(game.state)
        game.play(action)
        if invariant is not None:
            invariant(game)
        if step % check_undo_every == 0:
            command = game.undo()
            assert state_hash(game.state) == before, f"undo of {action} did not restore the state"
            game._commit(command)  # put the same command back without re-rolling
    replayed = Game.from_log(
        game.ruleset, game.config, game.seed, [Command(c.action, list(c.events)) for c in game.log]
    )
    assert state_hash(replayed.state) == state_hash(game.state), "replay differs from play"
    round_trip = Game.from_dict(game.to_dict(), game.ruleset)
    assert state_hash(round_trip.state) == state_hash(game.state), "save/load differs"
    return game
