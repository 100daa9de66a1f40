"""The event store, against SQLite and a real PostgreSQL (the ``store`` fixture runs both)."""

from __future__ import annotations

import hashlib
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from tests.server.counter import RULESET, SETUP
from turnkeeper.core.game import Command, Game
from turnkeeper.core.model import Action, Event
from turnkeeper.store import (
    ConflictError,
    DuplicateGameError,
    EventStore,
    GameNotFoundError,
    GameRecord,
    SqliteEventStore,
    StoreError,
    open_store,
)

SETUP_COMMAND = Command(None, [Event("target", {"target": 5}), Event("round", {})])


def new_game(store: EventStore, game_id: str = "g1") -> GameRecord:
    record = GameRecord(game_id, "counter", {"players": ["a", "b"]}, "seed-1")
    store.create_game(record, SETUP_COMMAND, hashlib.sha256(f"gm-{game_id}".encode()).hexdigest())
    return record


def play(n: int) -> Command:
    return Command(Action("add", "ann", {"amount": n}), [Event("scored", {"id": "ann", "n": n})])


def test_a_created_game_reads_back_with_its_setup(store: EventStore) -> None:
    record = new_game(store)
    got = store.get_game("g1")
    assert (got.id, got.ruleset, got.config, got.seed) == (
        record.id,
        record.ruleset,
        record.config,
        record.seed,
    )
    assert got.created
    assert store.current_seq("g1") == 1
    [setup] = store.commands("g1")
    assert (setup.seq, setup.kind, setup.action) == (1, "setup", None)
    assert list(setup.events) == list(SETUP_COMMAND.events)
    assert [g.id for g in store.list_games()] == ["g1"]


def test_unknown_and_duplicate_games_are_errors(store: EventStore) -> None:
    with pytest.raises(GameNotFoundError):
        store.get_game("nope")
    with pytest.raises(GameNotFoundError):
        store.append("nope", 1, play(1))
    assert store.current_seq("nope") == 0
    assert store.commands("nope") == []
    new_game(store)
    with pytest.raises(DuplicateGameError):
        new_game(store)


def test_appends_number_commands_and_events_in_order(store: EventStore) -> None:
    new_game(store)
    assert store.append("g1", 1, play(1)) == 2
    two = Command(Action("x", "ann"), [Event("a", {"i": 1}), Event("b", {"i": 2})])
    assert store.append("g1", 2, two) == 3
    commands = store.commands("g1")
    assert [c.seq for c in commands] == [1, 2, 3]
    assert [c.kind for c in commands] == ["setup", "play", "play"]
    assert commands[2].action == Action("x", "ann")
    assert [e.type for e in commands[2].events] == ["a", "b"]
    assert [c.seq for c in store.commands("g1", after=2)] == [3]


def test_a_stale_expected_seq_is_a_conflict_and_changes_nothing(store: EventStore) -> None:
    new_game(store)
    store.append("g1", 1, play(1))
    with pytest.raises(ConflictError) as info:
        store.append("g1", 1, play(2))
    assert (info.value.expected, info.value.current) == (1, 2)
    assert "seq 2" in str(info.value)
    with pytest.raises(ConflictError):
        store.append("g1", 5, play(2))
    assert store.current_seq("g1") == 2
    assert len(store.commands("g1")) == 2


def test_two_writers_racing_for_the_same_seq_one_wins(store_url: str) -> None:
    # Separate store objects (separate connections), as two server processes would have.
    stores = [open_store(store_url) for _ in range(6)]
    try:
        new_game(stores[0])
        barrier = threading.Barrier(len(stores))
        results: list[str] = []

        def writer(i: int) -> None:
            barrier.wait()
            try:
                stores[i].append("g1", 1, play(i))
                results.append("ok")
            except ConflictError:
                results.append("conflict")

        threads = [threading.Thread(target=writer, args=(i,)) for i in range(len(stores))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(results) == ["conflict"] * (len(stores) - 1) + ["ok"]
        commands = stores[0].commands("g1")
        assert [c.seq for c in commands] == [1, 2]
        assert len(commands[1].events) == 1
    finally:
        for s in stores:
            s.close()


def test_undo_is_appended_and_folded_away(store: EventStore) -> None:
    new_game(store)
    store.append("g1", 1, play(1))
    store.append("g1", 2, play(2))
    assert store.append_undo("g1", 3) == 4
    seq, log = store.load_log("g1")
    assert seq == 4
    assert [c.action for c in log] == [None, Action("add", "ann", {"amount": 1})]
    # The undone command stays in the append-only store.
    assert [c.kind for c in store.commands("g1")] == ["setup", "play", "play", "undo"]
    store.append_undo("g1", 4)
    with pytest.raises(StoreError, match="nothing to undo"):
        store.append_undo("g1", 5)
    with pytest.raises(ConflictError):
        store.append_undo("g1", 3)


def test_idempotency_keys_are_unique_per_game_and_found_again(store: EventStore) -> None:
    new_game(store)
    new_game(store, "g2")
    store.append("g1", 1, play(1), idempotency_key="k1")
    found = store.find_idempotent("g1", "k1")
    assert found is not None and found.seq == 2 and found.events[0].data["n"] == 1
    assert store.find_idempotent("g1", "other") is None
    with pytest.raises(ConflictError):
        store.append("g1", 2, play(2), idempotency_key="k1")
    assert store.current_seq("g1") == 2
    # The same key in another game is another key.
    assert store.append("g2", 1, play(1), idempotency_key="k1") == 2


def test_tokens_are_kept_as_hashes(store: EventStore) -> None:
    new_game(store)
    digest = hashlib.sha256(b"seat-secret").hexdigest()
    store.add_token("g1", digest, "seat", "north")
    tokens = {(t.role, t.seat, t.token_hash) for t in store.tokens("g1")}
    assert ("seat", "north", digest) in tokens
    assert ("gm", None, hashlib.sha256(b"gm-g1").hexdigest()) in tokens
    with pytest.raises(GameNotFoundError):
        store.add_token("nope", digest + "x", "seat", "north")
    with pytest.raises(StoreError):
        store.add_token("g1", "abc", "king", None)


def test_a_real_game_replays_from_the_store_to_the_same_state(store_url: str) -> None:
    game = Game(RULESET, SETUP, seed=42)
    with open_store(store_url) as store:
        store.create_game(GameRecord("real", "counter", SETUP, 42), game.log[0], "h")
        for _ in range(30):
            actor = game.whose_turn()
            assert actor is not None
            action = (
                Action("roll", actor)
                if game.state.budget.left("standard")
                else Action("end_turn", actor)
            )
            game.play(action)
            store.append("real", len(game.log) - 1, game.log[-1])
        game.undo()
        store.append_undo("real", 31)
    # A new connection (a restarted process) folds the same state, dice and all.
    with open_store(store_url) as reopened:
        record = reopened.get_game("real")
        seq, log = reopened.load_log("real")
        again = Game.from_log(RULESET, record.config, record.seed, log)
    assert seq == 32
    assert again.state_hash() == game.state_hash()
    # And plays on with the dice the uninterrupted game would have rolled.
    actor = game.whose_turn()
    assert actor is not None
    nxt = Action("roll", actor) if game.state.budget.left("standard") else Action("end_turn", actor)
    assert again.play(nxt) == game.play(nxt)


def test_sqlite_urls_and_pragmas(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'a.db'}")
    assert isinstance(store, SqliteEventStore)
    assert store.path == str(tmp_path / "a.db")
    with store.transaction(write=False) as cur:
        cur.execute("PRAGMA journal_mode")
        assert cur.fetchone()[0] == "wal"
        cur.execute("PRAGMA synchronous")
        assert cur.fetchone()[0] == 2  # FULL
    store.close()
    with pytest.raises(ValueError):
        SqliteEventStore(tmp_path / "b.db", synchronous="OFF")
    with pytest.raises(ValueError, match="unknown SQLite option"):
        open_store(f"sqlite:///{tmp_path / 'c.db'}?cache=big")
    normal = open_store(f"sqlite:///{tmp_path / 'd.db'}?synchronous=normal")
    assert isinstance(normal, SqliteEventStore)
    with normal.transaction(write=False) as cur:
        cur.execute("PRAGMA synchronous")
        assert cur.fetchone()[0] == 1  # NORMAL
    normal.close()


class _RoundCounter(threading.Event):
    """The checkpoint thread's stop flag, counting the rounds of its loop.

    The thread calls ``wait`` once at the top of each round, so a second call after a moment
    proves that a whole checkpoint round ran after that moment: the test waits on that event
    instead of on the clock (a loaded machine only makes it slower).
    """

    def __init__(self) -> None:
        super().__init__()
        self.rounds = 0
        self.changed = threading.Condition()

    def wait(self, timeout: float | None = None) -> bool:
        with self.changed:
            self.rounds += 1
            self.changed.notify_all()
        return super().wait(timeout)


def test_sqlite_checkpoints_in_the_background(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "w.db", checkpoint_every=0.05)
    counter = _RoundCounter()
    store._stop = counter  # read afresh by the loop each round
    new_game(store)
    before = (tmp_path / "w.db").stat().st_size
    # Few enough commits that SQLite's own auto-checkpoint (1000 pages) would never run:
    # only the background thread moves them from the WAL into the database file.
    for seq in range(1, 50):
        store.append("g1", seq, play(seq))
    with counter.changed:
        after_writes = counter.rounds
        # Two more rounds: the one under way may have begun before the last write.
        assert counter.changed.wait_for(lambda: counter.rounds >= after_writes + 2, timeout=600)
    assert (tmp_path / "w.db").stat().st_size > before
    store.close()
    with open_store(tmp_path / "w.db") as again:
        assert again.current_seq("g1") == 50


def test_sqlite_batch_commits_once_and_isolates_failures(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "b.db")
    new_game(store)
    with store.batch():
        assert store.append("g1", 1, play(1)) == 2
        with pytest.raises(ConflictError):
            store.append("g1", 1, play(9))  # fails alone: its savepoint is rolled back
        assert store.append("g1", 2, play(2)) == 3
        assert store.current_seq("g1") == 3  # reads inside the batch see its writes
        # Another connection sees nothing yet: one commit at the end of the block.
        with sqlite3.connect(tmp_path / "b.db") as other:
            [(seq,)] = other.execute("SELECT MAX(seq) FROM commands WHERE game_id = 'g1'")
            assert seq == 1
    with open_store(tmp_path / "b.db") as other:
        assert [c.seq for c in other.commands("g1")] == [1, 2, 3]
        assert other.commands("g1")[2].events[0].data["n"] == 2
    with pytest.raises(RuntimeError), store.batch():
        store.append("g1", 3, play(3))
        raise RuntimeError("the whole block fails")
    assert store.current_seq("g1") == 3
    store.close()


def test_game_summaries_give_last_action_seats_and_archive_marks(store: EventStore) -> None:
    new_game(store, "g1")
    time.sleep(0.01)
    new_game(store, "g2")
    store.append("g1", 1, play(2))
    store.add_token("g1", "h-south", "seat", "south")
    store.add_token("g1", "h-north", "seat", "north")
    store.add_token("g1", "h-north-2", "seat", "north")
    store.add_token("g1", "h-watch", "spectator", None)
    first, second = store.game_summaries()
    assert (first.id, second.id) == ("g2", "g1")
    assert (second.seq, second.seats, second.archived) == (2, ["north", "south"], None)
    assert (first.seq, first.seats) == (1, [])
    assert second.last_action >= second.created and first.last_action
    store.set_archived("g1", True)
    assert [s.id for s in store.game_summaries()] == ["g2"]
    every = {s.id: s.archived for s in store.game_summaries(archived=True)}
    assert every["g1"] and every["g2"] is None
    store.set_archived("g1", True)  # twice is once
    store.set_archived("g1", False)
    assert [s.id for s in store.game_summaries()] == ["g2", "g1"]
    assert [s.id for s in store.game_summaries(1)] == ["g2"]
    with pytest.raises(GameNotFoundError):
        store.set_archived("nope", True)
