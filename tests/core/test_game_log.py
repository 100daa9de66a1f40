"""The game's bookkeeping: whose actions count as legal, the whole log through save and load,
the dice of each command, snapshots, and a command that fails half-way.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from tests.core.toy import TOY, ToyRuleset, ToyState
from tests.properties import assert_same_log
from turnkeeper.core import (
    Action,
    BadActionError,
    Event,
    Game,
    GameFileError,
    IllegalActionError,
    state_hash,
)
from turnkeeper.core.game import SAVE_FORMAT, Command, jsonable
from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta
from turnkeeper.dice.source import ForcedDice, SeededDice


def new_game(seed: int | str = 1, **options: Any) -> Game[ToyState]:
    return Game(TOY, {"players": ["ann", "bob"]}, seed=seed, **options)


def play_turns(game: Game[ToyState], turns: int) -> None:
    for _ in range(turns):
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("add", actor))
        game.play(Action("cheer", "bob" if actor == "ann" else "ann"))
        game.play(Action("hold", actor))


# ---------------------------------------------------------------------------- legal actions
def test_an_actor_s_legal_actions_never_contain_another_actor_s_action() -> None:
    game = new_game()
    cheer = Action("cheer", "bob")
    assert game.is_legal(cheer)
    assert cheer in game.legal_actions("bob")
    assert cheer in game.legal_actions()  # no actor named: anyone's
    assert cheer not in game.legal_actions("ann")
    assert Action("add", "ann") not in game.legal_actions("bob")
    assert Action("add", "ann") in game.legal_actions("ann")


def test_legal_actions_as_a_collection() -> None:
    game = new_game()
    mine = game.legal_actions("ann")
    assert mine.list() == [Action("add", "ann"), Action("hold", "ann")]
    assert list(mine) == mine.list() and mine.count() == 2 and bool(mine)
    assert game.legal_actions().count() == 3
    assert "add" not in mine  # only actions can be in it
    assert Action("fly", "ann") not in mine  # malformed: not legal, no error
    assert not game.is_legal(Action("fly", "ann"))
    game.play(Action("add", "ann"), dice=ForcedDice([6]))
    game.play(Action("hold", "ann"))
    game.play(Action("add", "bob"), dice=ForcedDice([2]))
    game.play(Action("hold", "bob"))
    game.play(Action("add", "ann"), dice=ForcedDice([4]))  # ann reaches 10
    assert game.is_over() and game.outcome() is not None
    assert game.outcome().winners == ("ann",)  # type: ignore[union-attr]
    assert not game.legal_actions("ann") and game.legal_actions("bob").list() == []


# ---------------------------------------------------------------------------- the whole log
def test_save_and_load_keeps_every_command_with_its_action() -> None:
    game = new_game(seed=7)
    play_turns(game, 3)
    saved = game.to_dict()
    loaded = Game.from_dict(json.loads(json.dumps(saved)), TOY)
    assert [c.action for c in loaded.log] == [c.action for c in game.log]
    assert [c.events for c in loaded.log] == [c.events for c in game.log]
    assert loaded.to_dict() == saved
    assert loaded.log[0].action is None
    assert loaded.log[2].action == Action("cheer", "bob")


def test_a_command_round_trips_through_its_dict() -> None:
    command = Command(Action("add", "ann", {"n": 1}), [Event("added", {"player": "ann"})])
    data = command.to_dict()
    assert data == {
        "action": {"kind": "add", "actor": "ann", "params": {"n": 1}},
        "events": [{"type": "added", "data": {"player": "ann"}}],
    }
    again = Command.from_dict(data)
    assert again.action == command.action and again.action is not None
    assert again.action.params == {"n": 1} and again.events == command.events
    setup = Command.from_dict({"action": None})
    assert setup.action is None and setup.events == []
    assert Command(None).to_dict() == {"action": None, "events": []}


def test_the_save_file_says_what_it_is() -> None:
    game = new_game(seed="abc")
    game.play(Action("add", "ann"))
    saved = game.to_dict()
    assert saved["format"] == SAVE_FORMAT == "turnkeeper-game/1"
    assert saved["ruleset"] == "toy" and saved["seed"] == "abc"
    assert saved["config"] == {"players": ["ann", "bob"]}
    assert saved["state_hash"] == game.state_hash() == state_hash(game.state)
    assert len(saved["log"]) == 2
    assert json.loads(game.to_json()) == saved
    assert game.to_json(indent=2).startswith('{\n  "format"')
    named = Game(TOY, {"players": ["Zoë", "bob"]})
    assert '"Zoë"' in named.to_json()  # not escaped


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": None}, "'format' must be 'turnkeeper-game/1', not None"),
        ({"ruleset": "e133"}, "the file is a 'e133' game, not 'toy'"),
        ({"log": "nope"}, "'log' must be a non-empty list of commands"),
        ({"seed": 1.5}, "'seed' must be an integer or a string"),
        ({"seed": None}, "'seed' must be an integer or a string"),
        ({"log": [{"action": None}, {"action": {"kind": 3}}]}, "log[1]: an action needs a 'kind'"),
        ({"log": [{"action": None}, "not a command"]}, "log[1]: "),
        # Trusting its events, the log (not the config) is folded; checked, the config is
        # played again and a bad one is named.
        ({"config": {"players": ["ann"]}}, None),
    ],
)
def test_broken_save_files_name_what_is_wrong(change: dict[str, Any], message: str | None) -> None:
    saved = {**new_game().to_dict(), **change}
    if message is None:
        assert Game.from_dict(saved, TOY, trust_events=True).config == {"players": ["ann"]}
        with pytest.raises(GameFileError, match=r"log\[0\] \(the set-up\)"):
            Game.from_dict(saved, TOY)
        return
    with pytest.raises(GameFileError) as info:
        Game.from_dict(saved, TOY)
    assert str(info.value).startswith(message)


def test_a_log_that_does_not_replay_is_a_file_error() -> None:
    saved = new_game().to_dict()
    saved["log"].append({"action": None, "events": [{"type": "added", "data": {}}]})
    with pytest.raises(GameFileError, match=r"the log does not replay: KeyError\('player'\)"):
        Game.from_dict(saved, TOY, trust_events=True)
    with pytest.raises(GameFileError, match=r"log\[1\]: only the first command"):
        Game.from_dict(saved, TOY)  # checked: the made-up command is named


def test_missing_seed_and_config_have_defaults() -> None:
    saved = new_game(seed=0).to_dict()
    del saved["seed"], saved["config"]
    loaded = Game.from_dict(saved, TOY, trust_events=True)
    assert loaded.seed == 0 and loaded.config == {}
    assert loaded.state_hash() == new_game(seed=0).state_hash()
    # It plays on with seeded dice and takes snapshots like any game.
    assert loaded.dice_override is None
    loaded.SNAPSHOT_EVERY = 2
    loaded.play(Action("add", "ann"))
    assert list(loaded._snapshots) == [2]


# ---------------------------------------------------------------------------- dice
def test_each_command_rolls_from_the_seed_and_its_place_in_the_log() -> None:
    game = new_game(seed=42)
    events = game.play(Action("add", "ann"))
    assert events == [Event("added", {"player": "ann", "roll": SeededDice("42/1").die(6)})]
    game.play(Action("hold", "ann"))
    events = game.play(Action("add", "bob"))
    assert events[0].data["roll"] == SeededDice("42/3").die(6)


def test_forced_dice_serve_every_command_and_set_up_dice_only_the_set_up() -> None:
    forced = new_game(dice=ForcedDice([5, 3]))
    assert forced.play(Action("add", "ann"))[0].data["roll"] == 5
    forced.play(Action("hold", "ann"))
    assert forced.play(Action("add", "bob"))[0].data["roll"] == 3
    setup_only = new_game(seed=9, setup_dice=ForcedDice([]))
    assert setup_only.dice_override is None
    assert setup_only.play(Action("add", "ann"))[0].data["roll"] == SeededDice("9/1").die(6)


# ---------------------------------------------------------------------------- snapshots
def test_snapshots_every_n_commands_and_undo_drops_only_later_ones() -> None:
    game = new_game(seed=3)
    game.SNAPSHOT_EVERY = 3
    for _ in range(8):
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("hold", actor))
    assert sorted(game._snapshots) == [3, 6, 9]
    undone = game.undo()
    assert undone.action is not None and undone.action.kind == "hold"
    assert sorted(game._snapshots) == [3, 6]
    game.undo()
    game.undo()
    assert sorted(game._snapshots) == [3, 6]  # the snapshot at the log's length stays
    game.undo()
    assert sorted(game._snapshots) == [3]
    assert game.state_hash() == Game.from_log(TOY, game.config, game.seed, game.log).state_hash()
    assert game._snapshots[3] is not game.state  # a copy, not the live state


def test_no_snapshots_when_asked() -> None:
    game = new_game(snapshots=False)
    game.SNAPSHOT_EVERY = 1
    game.play(Action("hold", "ann"))
    assert game._snapshots == {}


def test_snapshots_by_default_every_64_commands() -> None:
    game = new_game()
    assert Game.SNAPSHOT_EVERY == 64
    for _ in range(63):
        actor = game.whose_turn()
        assert actor is not None
        game.play(Action("hold", actor))
    assert list(game._snapshots) == [64]


def test_events_lists_every_event_of_the_log_in_order() -> None:
    game = new_game()
    game.play(Action("add", "ann"), dice=ForcedDice([2]))
    assert [e.type for e in game.events] == ["joined", "joined", "round", "added"]


# ---------------------------------------------------------------------------- failures
class HalfWayToy(ToyRuleset):
    """A toy whose cheer produces an event the state cannot take, after one it can."""

    def resolve(self, state: ToyState, action: Action, dice: Any) -> list[Event]:
        if action.kind == "cheer":
            return [Event("cheered", {}), Event("added", {"player": "nobody", "roll": 1})]
        return super().resolve(state, action, dice)


def test_a_command_failing_half_way_leaves_no_trace() -> None:
    game = Game(HalfWayToy(), {"players": ["ann", "bob"]})
    game.play(Action("add", "ann"), dice=ForcedDice([3]))
    before, log = game.state_hash(), list(game.log)
    with pytest.raises(KeyError):
        game.play(Action("cheer", "bob"))
    assert game.state.cheers == 0 and game.state_hash() == before
    assert game.log == log


def test_a_refused_action_raises_with_its_refusal_and_changes_nothing() -> None:
    game = new_game()
    with pytest.raises(IllegalActionError) as info:
        game.play(Action("hold", "bob"))
    assert info.value.refusal.rule == "toy.turn.own-turn"
    assert len(game.log) == 1


# ---------------------------------------------------------------------------- declared models
class AddParams(Params):
    times: Annotated[int, meta("how many dice", ge=1, le=2)] = 1


class DeclaredToy(ToyRuleset):
    actions = ActionCatalogue(
        "toy",
        [
            ActionKind("add", AddParams, "add a die roll"),
            ActionKind("hold", Params, "end the turn"),
            ActionKind("cheer", Params, "cheer the other player"),
        ],
    )


def test_validate_checks_actions_against_the_declared_models_first() -> None:
    game = Game(DeclaredToy(), {"players": ["ann", "bob"]})
    game.validate(Action("add", "ann", {"times": 2}))
    with pytest.raises(BadActionError, match="times"):
        game.check(Action("add", "ann", {"times": 3}))
    with pytest.raises(BadActionError, match="did you mean"):
        game.play(Action("add", "ann", {"tims": 1}))
    with pytest.raises(BadActionError, match="unknown action kind 'ad'"):
        game.play(Action("ad", "ann"))
    assert Action("add", "ann", {"times": 3}) not in game.legal_actions("ann")
    assert not game.is_legal(Action("add", "ann", {"times": 3}))
    assert len(game.log) == 1
    new_game().validate(Action("add", "ann", {"anything": 1}))  # no table: nothing to check


# ---------------------------------------------------------------------------- canonical state
class Colour(enum.Enum):
    RED = "red"


@dataclass
class Inner:
    name: str
    tags: frozenset[str]


class WithToDict:
    def to_dict(self) -> dict[str, Any]:
        return {"b": 2, "a": (1, Colour.RED)}


def test_jsonable_turns_states_into_canonical_data() -> None:
    value = {
        1: Inner("x", frozenset({"b", "a"})),
        "set": {3, 1, 2},
        "tuple": (None, True, 1.5),
        "enum": Colour.RED,
        "obj": WithToDict(),
        "other": object,
    }
    assert jsonable(value) == {
        "1": {"name": "x", "tags": ["a", "b"]},
        "set": [1, 2, 3],
        "tuple": [None, True, 1.5],
        "enum": "red",
        "obj": {"b": 2, "a": [1, "red"]},
        "other": repr(object),
    }
    assert jsonable(Inner) == repr(Inner)  # a class is not a dataclass instance


def test_equal_states_hash_equal_and_different_states_differ() -> None:
    assert state_hash({"a": 1, "b": {2, 1}}) == state_hash({"b": {1, 2}, "a": 1})
    assert state_hash({"a": 1}) != state_hash({"a": 2})
    assert len(state_hash({})) == 64


def test_legal_actions_view_iterates_the_ruleset_lazily() -> None:
    calls: list[str | None] = []

    class Counting(ToyRuleset):
        def legal_actions(self, state: ToyState, actor: str | None = None) -> Iterator[Action]:
            calls.append(actor)
            return super().legal_actions(state, actor)

    game = Game(Counting(), {"players": ["ann", "bob"]})
    view = game.legal_actions("bob")
    assert calls == []
    assert bool(view) and calls == ["bob"]


def test_sets_are_listed_in_one_order_whatever_their_types() -> None:
    assert jsonable({"b", "c", "a", 2, 1}) == ["a", "b", "c", 1, 2]  # by their JSON text

    @dataclass(frozen=True)
    class Pair:
        b: int
        a: int

    # Ordered by the canonical (sorted-key) JSON of each member, not by field order.
    assert jsonable({Pair(1, 2), Pair(2, 1)}) == [{"b": 2, "a": 1}, {"b": 1, "a": 2}]


def test_the_state_hash_is_the_sha256_of_compact_sorted_json() -> None:
    import hashlib

    assert state_hash({"b": [1, 2], "a": "x"}) == hashlib.sha256(b'{"a":"x","b":[1,2]}').hexdigest()


class RollingSetUpToy(ToyRuleset):
    """A toy whose set-up rolls each player's count, whose cheer reads the state and whose view
    depends on the seat."""

    def setup(self, config: Any, dice: Any) -> list[Event]:
        events = super().setup(config, dice)
        return [
            Event(e.type, {**e.data, "count": dice.die(20)}) if e.type == "joined" else e
            for e in events
        ]

    def resolve(self, state: ToyState, action: Action, dice: Any) -> list[Event]:
        if action.kind == "cheer":
            return [Event("cheered", {"player": action.actor, "before": state.cheers})]
        return super().resolve(state, action, dice)

    def view(self, state: ToyState, seat: str | None = None) -> dict[str, Any]:
        return {**super().view(state, seat), "seat": seat}


def test_the_set_up_rolls_from_the_seed_at_place_zero_unless_forced() -> None:
    game = Game(RollingSetUpToy(), {"players": ["ann", "bob"]}, seed=5)
    expected = SeededDice("5/0")
    assert [e.data["count"] for e in game.log[0].events[:2]] == [expected.die(20), expected.die(20)]
    forced = Game(RollingSetUpToy(), {"players": ["ann", "bob"]}, setup_dice=ForcedDice([7, 3]))
    assert [e.data["count"] for e in forced.log[0].events[:2]] == [7, 3]
    assert Game(RollingSetUpToy(), {"players": ["ann", "bob"]}).seed == 0


def test_resolve_sees_the_live_state_and_view_the_seat() -> None:
    game = Game(RollingSetUpToy(), {"players": ["ann", "bob"]}, setup_dice=ForcedDice([9, 3]))
    assert game.play(Action("cheer", "bob"))[0].data["before"] == 0
    assert game.play(Action("cheer", "bob"))[0].data["before"] == 1
    assert game.view("north")["seat"] == "north" and game.view()["seat"] is None


def test_a_command_failing_half_way_is_undone_from_a_snapshot_too() -> None:
    game = Game(HalfWayToy(), {"players": ["ann", "bob"]})
    game.SNAPSHOT_EVERY = 2
    game.play(Action("add", "ann"), dice=ForcedDice([3]))
    assert list(game._snapshots) == [2]
    before = game.state_hash()
    with pytest.raises(KeyError):
        game.play(Action("cheer", "bob"))
    assert game.state_hash() == before and game.state.totals["ann"] == 3


def test_the_shared_save_load_check_notices_a_dropped_action() -> None:
    game = new_game(seed=2)
    play_turns(game, 1)
    assert_same_log(Game.from_dict(json.loads(game.to_json()), TOY), game)
    # Same events, so the same state hash: only the actions tell the two logs apart.
    actionless = Game.from_log(
        TOY, game.config, game.seed, [Command(None, c.events) for c in game.log]
    )
    assert actionless.state_hash() == game.state_hash()
    with pytest.raises(AssertionError, match=r"log\[1\]: action lost"):
        assert_same_log(actionless, game)
