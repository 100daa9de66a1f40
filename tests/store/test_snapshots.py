"""Stored snapshots: a cold start from a snapshot gives exactly the state of a full replay,
on SQLite and PostgreSQL (the ``store_url`` fixture runs both), undos included."""

from __future__ import annotations

import logging
import pickle
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tests.server.counter import SETUP, CounterRuleset, CounterState
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.core.snapshot import load_state
from turnkeeper.server.runner import DEMO_SETUPS
from turnkeeper.server.service import GameService, LiveGame, Principal
from turnkeeper.store import EventStore, open_store
from turnkeeper.store.base import Snapshot, SqlEventStore, StoredCommand, fold_commands
from turnkeeper.store.snapshots import snapshot_format


class CountingRuleset(CounterRuleset):
    """The counter ruleset, counting the events it folds."""

    def __init__(self) -> None:
        self.applied = 0

    def apply(self, state: CounterState, event: Event) -> None:
        self.applied += 1
        super().apply(state, event)


def full_replay_hash(store: EventStore, game_id: str) -> str:
    record = store.get_game(game_id)
    log = fold_commands(store.commands(game_id))
    return Game.from_log(CounterRuleset(), record.config, record.seed, log).state_hash()


def next_action(live: LiveGame, add: int | None = None) -> Action:
    actor = live.game.whose_turn()
    assert actor is not None
    if not live.game.state.budget.left("standard"):
        return Action("end_turn", actor)
    if add is not None:
        return Action("add", actor, {"amount": add})
    return Action("roll", actor)


def cold_load(url: str, game_id: str, every: int) -> tuple[str, int, int]:
    """(state hash, seq, events folded) of the game loaded by a fresh process."""
    ruleset = CountingRuleset()
    with open_store(url) as store:
        live = GameService(store, {"counter": ruleset}, snapshot_every=every).live(game_id)
        return live.game.state_hash(), live.seq, ruleset.applied


def test_snapshots_are_stored_newest_first_and_pruned(store: EventStore) -> None:
    service = GameService(store, {"counter": CountingRuleset()}, snapshot_every=5)
    live, _ = service.create_game("counter", SETUP, 3)
    gm = Principal(live.id, "gm")
    for _ in range(24):
        service.play(live, gm, next_action(live), live.seq)
    assert live.seq == 25
    kept = store.snapshots(live.id, 100)
    # Every 5 commands, and only the newest SNAPSHOT_KEEP (3) are kept.
    assert [s.seq for s in kept] == [25, 20, 15]
    assert [s.seq for s in store.snapshots(live.id, 19)] == [15]
    assert kept[0].standing == 25
    assert kept[0].format == snapshot_format(service.ruleset("counter"))
    assert load_state(service.ruleset("counter"), kept[0].state) == live.game.state
    assert kept[0].format.startswith("msgpack/1;counter;")


def test_cold_start_after_every_command_equals_full_replay_with_undos(store_url: str) -> None:
    """K = 4; undos land on snapshot seqs, go below snapshots, and a different history
    then climbs back above them: after every command a fresh process must fold exactly
    the state of a full replay (and the live game's), from a snapshot where one is valid."""
    every = 4
    writer_ruleset = CountingRuleset()
    with open_store(store_url) as store:
        service = GameService(store, {"counter": writer_ruleset}, snapshot_every=every)
        live, _ = service.create_game("counter", SETUP, 11)
        gm = Principal(live.id, "gm")
        # p: play (roll), a: play a different history (add 3), u: undo
        script = "ppppppppppp" + "u" + "pppp" + "uuuuuuuuu" + "aaaaaaaaaa" + "uu" + "ppppppp"
        used_snapshot = 0
        seen: dict[int, tuple[str, int]] = {}
        for step in script:
            if step == "u":
                service.undo(live, gm, live.seq)
            else:
                action = next_action(live, add=3 if step == "a" else None)
                service.play(live, gm, action, live.seq)
            expected = live.game.state_hash()
            assert full_replay_hash(store, live.id) == expected
            total = sum(len(c.events) for c in live.game.log)
            got_hash, got_seq, applied = cold_load(store_url, live.id, every)
            assert (got_hash, got_seq) == (expected, live.seq), f"after seq {live.seq}"
            assert applied <= total
            used_snapshot += applied < total
            seen[live.seq] = (step, applied - total)
            if live.seq == 20:
                # An undo landed on a snapshot seq: the snapshot is the state after it.
                newest = store.snapshots(live.id, 20)[0]
                assert (newest.seq, newest.standing) == (20, 12)
                assert load_state(writer_ruleset, newest.state) == live.game.state
        assert live.seq == len(script) + 1 == 45
        # seq 21: 11 standing, below every snapshot kept (20: 12, 16: 14, 12: 12): full replay.
        assert seen[21] == ("u", 0)
        # seq 16: snapshot 16 itself, nothing left to fold.
        assert seen[16][1] < 0
        assert used_snapshot >= 25
        assert [(s.seq, s.standing) for s in store.snapshots(live.id, 100)] == [
            (44, 20),
            (40, 16),
            (36, 16),
        ]


def test_a_cold_start_skips_a_snapshot_an_undo_went_below(store_url: str) -> None:
    with open_store(store_url) as store:
        service = GameService(store, {"counter": CountingRuleset()}, snapshot_every=10)
        live, _ = service.create_game("counter", SETUP, 5)
        gm = Principal(live.id, "gm")
        for _ in range(19):
            service.play(live, gm, next_action(live), live.seq)
        assert [s.seq for s in store.snapshots(live.id, 100)] == [20, 10]
        for _ in range(5):  # seq 25, 15 standing: below the snapshot at 20
            service.undo(live, gm, live.seq)
        for _ in range(6):  # another history back up to 21 standing, at seq 31
            service.play(live, gm, next_action(live, add=1), live.seq)
        assert (live.seq, len(live.game.log)) == (31, 21)
        assert [(s.seq, s.standing) for s in store.snapshots(live.id, 100)] == [
            (30, 20),
            (20, 20),
            (10, 10),
        ]
        expected = live.game.state_hash()
    # The snapshot at 30 is valid (nothing undone since); ask at seq 31.
    got_hash, _, applied = cold_load(store_url, live.id, 10)
    assert got_hash == expected
    assert applied == len(live.game.log[-1].events)
    # Without the snapshot at 30, the one at 20 (same standing count, other history) must
    # be skipped for the one at 10.
    _spoil(store_url, "DELETE FROM snapshots WHERE seq = ?", (30,))
    got_hash, _, applied = cold_load(store_url, live.id, 10)
    assert got_hash == expected
    assert applied == sum(len(c.events) for c in live.game.log[10:])


def _played(store_url: str, commands: int, every: int) -> tuple[str, str]:
    with open_store(store_url) as store:
        service = GameService(store, {"counter": CountingRuleset()}, snapshot_every=every)
        live, _ = service.create_game("counter", SETUP, 9)
        gm = Principal(live.id, "gm")
        while live.seq < commands:
            service.play(live, gm, next_action(live), live.seq)
        return live.id, live.game.state_hash()


def _spoil(store_url: str, sql: str, params: tuple[Any, ...]) -> None:
    store = open_store(store_url)
    try:
        assert isinstance(store, SqlEventStore)
        with store.transaction(write=True) as cur:
            cur.execute(store.q(sql), params)
    finally:
        store.close()


@pytest.mark.parametrize(
    ("sql", "params", "reason"),
    [
        ("UPDATE snapshots SET state = ?", (b"\x80\x05not msgpack at all",), "does not load"),
        ("UPDATE snapshots SET format = ?", ("pickle/1;counter;0123456789abcdef",), "format"),
        # Valid data of another state: caught by the stored state hash.
        ("UPDATE snapshots SET state = ?", (msgspec.msgpack.encode(CounterState()),), "state hash"),
        # Data of the wrong shape for the state class.
        (
            "UPDATE snapshots SET state = ?",
            (msgspec.msgpack.encode({"target": "twenty"}),),
            "does not load",
        ),
        ("UPDATE snapshots SET standing = standing - 1", (), "standing"),
    ],
)
def test_a_snapshot_that_fails_to_load_falls_back_to_full_replay_with_a_warning(
    store_url: str,
    sql: str,
    params: tuple[Any, ...],
    reason: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game_id, expected = _played(store_url, 30, 10)
    _spoil(store_url, sql, params)
    with caplog.at_level(logging.WARNING, logger="turnkeeper.store.snapshots"):
        got_hash, seq, applied = cold_load(store_url, game_id, 10)
    assert (got_hash, seq) == (expected, 30)
    with open_store(store_url) as store:
        total = sum(len(c.events) for c in store.commands(game_id))
    assert applied == total  # the whole log was folded
    [record] = [r for r in caplog.records if r.name == "turnkeeper.store.snapshots"]
    assert record.levelno == logging.WARNING
    assert game_id in record.getMessage() and reason in record.getMessage()
    assert "replaying the full log" in record.getMessage()


def test_snapshot_every_zero_writes_and_reads_none(store: EventStore) -> None:
    service = GameService(store, {"counter": CountingRuleset()}, snapshot_every=0)
    live, _ = service.create_game("counter", SETUP, 2)
    gm = Principal(live.id, "gm")
    for _ in range(12):
        service.play(live, gm, next_action(live), live.seq)
    assert store.snapshots(live.id, 100) == []
    store.save_snapshot(live.id, Snapshot(13, 13, "x", "y", b"z"))
    assert [s.state for s in store.snapshots(live.id, 100)] == [b"z"]


def test_a_real_ruleset_cold_starts_from_a_snapshot(store_url: str) -> None:
    """Element 133 (dataclass state, clock, budgets): the pickled snapshot folds on to the
    same state as the live game, and is used."""
    with open_store(store_url) as store:
        service = GameService(store, snapshot_every=5)
        live, _ = service.create_game("e133", DEMO_SETUPS["e133"], 21)
        gm = Principal(live.id, "gm")
        while live.seq < 33:
            actions = list(live.game.legal_actions(live.game.whose_turn()))
            assert actions, f"no legal action at seq {live.seq}"
            service.play(live, gm, actions[live.seq * 7 % len(actions)], live.seq)
        service.undo(live, gm, live.seq)
        expected = live.game.state_hash()
        assert [s.seq for s in store.snapshots(live.id, 100)] == [30, 25, 20]
    with open_store(store_url) as store:
        fresh = GameService(store, snapshot_every=5)
        loaded = fresh.live(live.id)
        assert (loaded.game.state_hash(), loaded.seq) == (expected, 34)
        assert loaded.game._snapshots.keys() >= {30}  # it started from the snapshot at 30
        full = GameService(store, snapshot_every=0).live(live.id)
        assert full.game.state_hash() == expected


class _Planted:
    """What an attacker with write access to the snapshots table would store: a pickle that
    runs a function when it is unpickled (here, one that creates a file)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.path,))


def test_a_planted_pickle_in_the_snapshots_table_is_never_run(
    store_url: str, tmp_path: Path
) -> None:
    game_id, expected = _played(store_url, 30, 10)
    witness = tmp_path / "ran"
    blob = pickle.dumps(_Planted(witness))
    fmt = snapshot_format(CountingRuleset())  # the ruleset cold_load reads with
    _spoil(store_url, "UPDATE snapshots SET state = ?, format = ?", (blob, fmt))
    got_hash, seq, _ = cold_load(store_url, game_id, 10)
    assert not witness.exists(), "a stored snapshot ran code"
    assert (got_hash, seq) == (expected, 30)


def test_no_pickle_in_the_store_or_the_server() -> None:
    import turnkeeper.server
    import turnkeeper.store

    for package in (turnkeeper.store, turnkeeper.server):
        folder = Path(str(package.__file__)).parent
        for path in folder.rglob("*.py"):
            text = path.read_text()
            assert "import pickle" not in text and "pickle." not in text, path


def test_a_cold_start_reads_only_the_commands_after_the_snapshot(store_url: str) -> None:
    game_id, expected = _played(store_url, 47, 10)
    with open_store(store_url) as store:
        reads: list[int] = []
        original = store.commands

        def counted(game_id: str, after: int = 0) -> list[StoredCommand]:
            found = original(game_id, after)
            reads.append(len(found))
            assert after >= 40, f"read commands after {after}"
            return found

        store.commands = counted  # type: ignore[method-assign]
        ruleset = CountingRuleset()
        live = GameService(store, {"counter": ruleset}, snapshot_every=10).live(game_id)
        assert (live.game.state_hash(), live.seq) == (expected, 47)
        assert reads == [7]  # commands 41..47, nothing before the snapshot at 40
        assert live.unread == 40
        # An undo back to the snapshot and one below it: the rest is read then, and the
        # state is the full replay's.
        gm = Principal(game_id, "gm")
        store.commands = original  # type: ignore[method-assign]
        service = GameService(store, {"counter": CountingRuleset()}, snapshot_every=10)
        live = service.live(game_id)
        for _ in range(9):
            service.undo(live, gm, live.seq)
        assert live.unread == 0 and len(live.game.log) == 38
        assert live.game.state_hash() == full_replay_hash(store, game_id)
        replay = service.replay(live, gm)
        assert replay["state_hash"] == live.game.state_hash()
