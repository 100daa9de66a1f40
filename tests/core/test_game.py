"""The kernel's promises, shown on the toy ruleset."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.core.toy import TOY, ToyState
from tests.properties import random_play
from turnkeeper.core import (
    Action,
    BadActionError,
    Game,
    GameFileError,
    IllegalActionError,
    SetupError,
    state_hash,
)
from turnkeeper.dice.source import ForcedDice


def new_game(seed: int = 1) -> Game[ToyState]:
    return Game(TOY, {"players": ["ann", "bob"]}, seed=seed)


def test_setup_events_fold_into_the_first_state() -> None:
    game = new_game()
    assert game.whose_turn() == "ann"
    assert game.view()["round"] == 1
    assert len(game.log) == 1 and game.log[0].action is None


def test_bad_setup_is_a_clear_error() -> None:
    with pytest.raises(SetupError, match="players"):
        Game(TOY, {"players": ["solo"]})


def test_play_records_dice_inside_events_and_refusal_changes_nothing() -> None:
    game = new_game()
    events = game.play(Action("add", "ann"), dice=ForcedDice([4]))
    assert events[0].data == {"player": "ann", "roll": 4}
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as info:
        game.play(Action("add", "ann"))
    assert info.value.refusal.rule == "toy.add.once"
    assert info.value.refusal.source == "Toy p. 1"
    assert game.state_hash() == before
    assert len(game.log) == 2


def test_malformed_action_is_bad_action_not_refusal() -> None:
    game = new_game()
    with pytest.raises(BadActionError, match="unknown action kind"):
        game.play(Action("fly", "ann"))
    assert Action("fly", "ann") not in game.legal_actions("ann")


def test_legal_actions_is_lazy_and_supports_in() -> None:
    game = new_game()
    legal = game.legal_actions("ann")
    assert Action("add", "ann") in legal
    assert Action("cheer", "ann") not in legal
    assert Action("cheer", "bob") in game.legal_actions(None)
    assert legal.count() == 2


def test_undo_restores_the_exact_state_and_refuses_on_setup() -> None:
    game = new_game()
    start = game.state_hash()
    game.play(Action("add", "ann"))
    game.undo()
    assert game.state_hash() == start
    with pytest.raises(ValueError, match="nothing to undo"):
        game.undo()


def test_same_command_index_rolls_the_same_dice_after_undo() -> None:
    game = new_game(seed=99)
    first = game.play(Action("add", "ann"))
    game.undo()
    again = game.play(Action("add", "ann"))
    assert first == again


def test_save_and_load_replays_without_dice() -> None:
    game = new_game(seed=5)
    for _ in range(2):
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("add", actor))
        game.play(Action("hold", actor))
    loaded = Game.from_dict(game.to_dict(), TOY)
    assert loaded.state_hash() == game.state_hash()
    # A loaded game goes on with exactly the dice the original would have rolled.
    assert loaded.play(Action("add", loaded.whose_turn())) == game.play(
        Action("add", game.whose_turn())
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"format": "other"}, "format"),
        ({"format": "turnkeeper-game/1", "ruleset": "e133"}, "not 'toy'"),
        ({"format": "turnkeeper-game/1", "ruleset": "toy", "log": []}, "non-empty"),
        ({"format": "turnkeeper-game/1", "ruleset": "toy", "log": [{"events": [{}]}]}, "log[0]"),
    ],
)
def test_bad_save_files_are_clear_errors(data: object, message: str) -> None:
    with pytest.raises(GameFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        Game.from_dict(data, TOY)  # type: ignore[arg-type]


def test_snapshots_make_undo_agree_with_a_full_refold() -> None:
    game = new_game(seed=3)
    game.SNAPSHOT_EVERY = 4
    for _ in range(20):
        actor = game.whose_turn()
        assert actor is not None
        if game.outcome() is not None:
            break
        game.play(Action("hold", actor))
    assert game._snapshots
    for _ in range(7):
        game.undo()
        fresh = Game.from_log(TOY, game.config, game.seed, game.log)
        assert fresh.state_hash() == game.state_hash()


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_random_play_keeps_the_kernel_promises(seed: int) -> None:
    game = random_play(lambda: new_game(seed), random.Random(seed), 40)
    assert state_hash(game.state) == game.state_hash()


def test_fast_offer_is_the_same_action_as_the_constructor() -> None:
    fast = Action.offer("move", "ann", {"distance": 5}, "move", {"success": "1/2"})
    plain = Action("move", "ann", {"distance": 5}, cost="move", odds={"success": "1/2"})
    assert fast == plain and hash(fast) == hash(plain)
    assert repr(fast) == repr(plain) and fast.to_dict() == plain.to_dict()
