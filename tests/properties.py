"""Kernel invariants every ruleset must keep, as reusable checks for property tests.

``random_play`` plays random legal actions; after every action it checks that undo restores
the exact previous state and that replaying the log from scratch gives the identical state.
"""

from __future__ import annotations

import json
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
    assert_same_log(Game.from_dict(json.loads(game.to_json()), game.ruleset), game)
    return game


def assert_same_log(loaded: Game[Any], played: Game[Any]) -> None:
    """``loaded`` (a saved and loaded copy of ``played``) holds the whole log: every command's
    action (kind, actor, parameters) and events, not only a state that hashes the same."""
    assert len(loaded.log) == len(played.log), "save/load lost commands"
    for i, (back, original) in enumerate(zip(loaded.log, played.log, strict=True)):
        assert (back.action is None) == (original.action is None), f"log[{i}]: action lost"
        assert back.action == original.action, f"log[{i}]: save/load changed the action"
        assert [e.to_dict() for e in back.events] == json.loads(
            json.dumps([e.to_dict() for e in original.events])
        ), f"log[{i}]: save/load changed the events"
    assert state_hash(loaded.state) == state_hash(played.state), "save/load differs"
