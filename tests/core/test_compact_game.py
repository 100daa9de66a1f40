"""A live game's memory stays small: a packed log that reads as a list, bounded state copies
kept as msgpack bytes, and folds that pause the cyclic garbage collector."""

from __future__ import annotations

import gc
import types
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.core.toy import TOY, ToyState
from turnkeeper.core import Action, Event, Game
from turnkeeper.core import log as log_module
from turnkeeper.core.game import _StateBytes, collector_paused
from turnkeeper.core.log import Command, CommandLog
from turnkeeper.dice.source import DiceSource

PLAYERS = {"players": ["ann", "bob"]}


def long_game(commands: int, *, every: int = 64, compact: bool = True) -> Game[ToyState]:
    """A toy game of ``commands`` commands: one die added, then cheers and holds."""
    game = Game(TOY, PLAYERS, seed=5, compact=compact)
    game.SNAPSHOT_EVERY = every
    game.play(Action("add", "ann"))
    while len(game.log) < commands:
        actor = game.whose_turn()
        assert actor is not None and game.outcome() is None
        if len(game.log) % 3 == 0:
            game.play(Action("cheer", "bob" if actor == "ann" else "ann"))
        else:
            game.play(Action("hold", actor))
    return game


def command(n: int, **extra: Any) -> Command:
    action = Action("hold", f"p{n % 3}", {"n": n}, cost="a turn", odds={"win": "1/3"},
                    cost_detail={"turn": 1})
    return Command(action, [Event("held", {"who": f"p{n % 3}", "n": n, **extra})])


def test_the_log_reads_as_the_list_of_commands_played() -> None:
    commands = [Command(None, [Event("setup", {"players": ["a", "b"]})])]
    commands += [command(n) for n in range(1, 200)]
    log = CommandLog(commands, kind="test-log")
    assert len(log) == 200
    assert list(log) == commands
    assert log[0] == commands[0] and log[57] == commands[57] and log[-1] == commands[-1]
    assert log[10:90] == commands[10:90] and log[::17] == commands[::17]
    assert list(log.span(33, 71)) == commands[33:71]
    # nearly all of it is packed: only the newest few are objects
    assert "packed blocks" in repr(log)
    assert len(log._live) < CommandLog.LIVE + CommandLog.BLOCK
    assert sum(isinstance(b, bytes) for b in log._blocks) == len(log._blocks) > 5
    with pytest.raises(IndexError):
        log[200]


def test_push_appends_and_gives_the_new_length_and_a_plain_log_never_packs() -> None:
    # Game.play appends through push (the new length in the same call)
    commands = [command(n) for n in range(60)]
    packed, plain = CommandLog(kind="test-log"), CommandLog(kind="test-log", compact=False)
    for n, entry in enumerate(commands, start=1):
        assert packed.push(entry) == n == len(packed)
        assert plain.push(entry) == n == len(plain)
    assert list(packed) == list(plain) == commands
    assert any(isinstance(b, bytes) for b in packed._blocks) and not plain._blocks
    packed.pop()
    assert packed.push(commands[-1]) == 60 and list(packed) == commands
    # the size the log keeps is its length through every kind of edit, packed blocks or not
    for log in (packed, plain):
        for _ in range(30):
            log.pop()
            assert log.size == len(log._live) + log._packed_len == len(list(log))
        log[2:5] = [command(900)]
        del log[0]
        log.insert(3, command(901))
        assert log.size == len(log._live) + log._packed_len == len(list(log)) == 28


def test_blocks_are_packed_to_the_bytes_of_a_freshly_primed_compressor() -> None:
    # each block is compressed by a copy of one primed compressor per kind: the bytes must be
    # those of a compressor given the primer anew, and the primed one must stay unfed
    commands = [command(n) for n in range(100)]
    log = CommandLog(commands, kind="test-primed")
    primer = log_module._PRIMERS["test-primed"]
    blocks = log._blocks
    assert len(blocks) == 5
    for number, block in enumerate(blocks):
        start = number * CommandLog.BLOCK
        data = log_module._ENCODER.encode(
            [log_module._row(c) for c in commands[start : start + CommandLog.BLOCK]])
        fresh = zlib.compressobj(1, zdict=primer)
        assert block == fresh.compress(data) + fresh.flush()
        unprimed = zlib.compressobj(1)
        assert block != unprimed.compress(data) + unprimed.flush()
    assert list(CommandLog(commands, kind="test-primed")._blocks) == blocks
    assert list(log) == commands


def test_a_commands_row_is_its_data_as_plain_lists_and_dicts() -> None:
    # _row skips the copy for what is already a dict: the rows are those of copying all
    def plain(m: Mapping[str, Any] | None) -> dict[str, Any] | None:
        return None if m is None else dict(m)

    proxy = types.MappingProxyType
    actions = [
        Action("hold", "ann", {"n": 1}),
        Action("hold", "ann", proxy({"n": 2}), "a turn", proxy({"win": "1/2"}), {"turn": 1}),
        Action.offer("hold", None, {}, "", {"win": "1/3"}, proxy({"turn": 1})),
        None,
    ]
    for action in actions:
        events = [Event("held", {"n": 1}), Event("seen", proxy({"by": ["ann"]})), Event("x")]
        row = log_module._row(Command(action, events))
        expected_events = [[e.type, plain(e.data)] for e in events]
        if action is None:
            assert row == [None, expected_events]
            continue
        a = action
        assert row == [[a.kind, a.actor, plain(a.params), a.cost, plain(a.odds),
                        plain(a.cost_detail)], expected_events]
        assert all(type(v) is dict for v in (row[0][2], row[1][1][1]))


def test_popping_past_the_packed_blocks_gives_every_command_back_in_order() -> None:
    commands = [command(n) for n in range(100)]
    log = CommandLog(commands, kind="test-log")
    popped = [log.pop() for _ in range(60)]
    assert popped == commands[:39:-1]
    assert list(log) == commands[:40]
    log.append(commands[40])
    assert list(log) == commands[:41]


def test_edits_rebuild_the_log_and_keep_it_a_list() -> None:
    commands = [command(n) for n in range(80)]
    log = CommandLog(commands, kind="test-log")
    log[5:7] = [command(500)]
    del log[0]
    log.insert(0, command(600))
    expected = [command(600), *commands[1:5], command(500), *commands[7:]]
    assert list(log) == expected and log == expected


def test_a_block_that_would_not_come_back_exactly_stays_as_objects() -> None:
    # a tuple would come back from msgpack as a list: that block is kept as it is
    odd = [command(n, at=(n, n + 1)) for n in range(40)]
    log = CommandLog(odd, kind="test-log")
    assert all(isinstance(b, list) for b in log._blocks) and log._blocks
    assert log[3].events[0].data["at"] == (3, 4)
    assert type(log[3].events[0].data["at"]) is tuple
    # so does a value msgpack cannot write at all
    strange = [command(n, what=object) for n in range(40)]
    assert all(isinstance(b, list) for b in CommandLog(strange, kind="test-log")._blocks)


def test_actions_are_held_as_their_data() -> None:
    class Offer(Action):
        pass

    offered = Offer.offer("hold", "ann", {"n": 1}, "a turn", None,
                          types.MappingProxyType({"turn": 1}))
    commands = [Command(offered, [Event("held", {"who": "ann"})]) for _ in range(40)]
    log = CommandLog(commands, kind="test-log")
    back = log[0].action
    assert back == offered and type(back) is Action
    assert back is not None and back.to_dict() == offered.to_dict()
    assert dict(back.cost_detail or {}) == {"turn": 1}


def test_a_long_game_undone_far_back_is_the_same_game_as_folding_its_log() -> None:
    game = long_game(700, every=16)
    plain = long_game(700, every=16, compact=False)
    assert game.to_dict() == plain.to_dict()
    assert game.events == plain.events
    while len(game.log) > 300:
        game.undo()
        plain.undo()
        if len(game.log) % 37 == 0:
            fresh = Game.from_log(TOY, game.config, game.seed, list(game.log))
            assert fresh.state_hash() == game.state_hash() == plain.state_hash()
    assert game.to_dict() == plain.to_dict()
    # and it goes on exactly as the one never packed
    for _ in range(50):
        actor = game.whose_turn()
        assert actor is not None
        assert game.play(Action("add", actor)) == plain.play(Action("add", actor))
        if game.outcome() is not None:
            break
        assert game.play(Action("hold", actor)) == plain.play(Action("hold", actor))
    assert game.outcome() is not None
    assert game.to_dict() == plain.to_dict()


def test_only_the_oldest_and_the_newest_state_copies_are_kept_as_bytes() -> None:
    game = long_game(200, every=8)
    kept = sorted(game._snapshots)
    assert kept == [8, 176, 184, 192, 200]
    assert all(isinstance(c, _StateBytes) for c in game._snapshots.values())
    # a game loaded from its log makes only the copies that would be kept
    loaded = Game.from_log(TOY, game.config, game.seed, list(game.log))
    assert sorted(loaded._snapshots) == [64, 128, 192]
    assert loaded.state_hash() == game.state_hash()


def test_the_memory_a_game_holds_stays_small_per_command() -> None:
    small, big = long_game(400), long_game(4000)
    per_command = (big.held_bytes() - small.held_bytes()) / 3600
    assert 1 < per_command < 200
    unpacked = long_game(4000, compact=False)
    assert unpacked.held_bytes() > 5 * big.held_bytes()


@dataclass
class LooseState:
    """A state whose ``Any`` field holds a tuple: msgpack would give back a list."""

    marks: list[Any] = field(default_factory=list)


class LooseRuleset:
    name = "loose"

    def initial_state(self) -> LooseState:
        return LooseState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        return []

    def apply(self, state: LooseState, event: Event) -> None:
        state.marks.append((event.data["n"], "mark"))

    def check(self, state: LooseState, action: Action) -> None:
        return None

    def resolve(self, state: LooseState, action: Action, dice: DiceSource) -> list[Event]:
        return [Event("marked", {"n": len(state.marks)})]


def test_a_state_that_msgpack_would_change_is_copied_as_an_object() -> None:
    game: Game[LooseState] = Game(LooseRuleset(), {})  # type: ignore[arg-type]
    game.SNAPSHOT_EVERY = 4
    for _ in range(20):
        game.play(Action("mark"))
    assert game._snapshots and not any(
        isinstance(c, _StateBytes) for c in game._snapshots.values()
    )
    for _ in range(6):
        game.undo()
    assert game.state.marks == [(n, "mark") for n in range(14)]
    assert all(type(m) is tuple for m in game.state.marks)


def test_events_and_commands_have_no_per_instance_dict() -> None:
    event = Event("held", {"who": "ann"})
    assert not hasattr(event, "__dict__") and not hasattr(Command(None, [event]), "__dict__")
    with pytest.raises(AttributeError):
        event.type = "other"  # type: ignore[misc]
    assert Event("held", {"who": "ann"}) == event and Event("x") == Event("x", {})


def test_the_collector_is_paused_during_a_fold_and_restored_after() -> None:
    seen: list[bool] = []

    class Watching:
        name = TOY.name

        def __getattr__(self, attr: str) -> Any:
            return getattr(TOY, attr)

        def apply(self, state: ToyState, event: Event) -> None:
            seen.append(gc.isenabled())
            TOY.apply(state, event)

    game = long_game(10)
    assert gc.isenabled()
    Game.from_log(Watching(), game.config, game.seed, list(game.log))
    assert seen and not any(seen) and gc.isenabled()


def test_the_collector_comes_back_even_when_the_fold_fails() -> None:
    class Failing:
        name = TOY.name

        def __getattr__(self, attr: str) -> Any:
            return getattr(TOY, attr)

        def apply(self, state: ToyState, event: Event) -> None:
            raise KeyError("broken event")

    game = long_game(5)
    with pytest.raises(KeyError):
        Game.from_log(Failing(), game.config, game.seed, list(game.log))
    assert gc.isenabled()


def test_a_paused_collector_stays_paused_for_the_caller() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
