"""The bounded game cache: an LRU that never drops a game a request holds."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table, make_table
from tests.server.counter import RULESET, SETUP, CounterState
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.server import create_app
from turnkeeper.server.service import GameService, Principal
from turnkeeper.store import SqliteEventStore


def mirror_action(game: Game[CounterState]) -> Action:
    actor = game.whose_turn()
    assert actor is not None
    standard = game.state.budget.left("standard")
    return Action("roll", actor) if standard else Action("end_turn", actor)


def test_three_games_played_alternately_with_room_for_two(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "cache.db")
    app = create_app(store, rulesets={"counter": RULESET}, cache_games=2, snapshot_every=7, **OPEN)
    service: GameService = app.state.service
    with TestClient(app) as client:
        tables = [make_table(client, seed=seed) for seed in (1, 2, 3)]
        mirrors = {t.game_id: Game(RULESET, SETUP, seed=seed) for seed, t in enumerate(tables, 1)}
        assert len(service.cached_games()) <= 2
        loads = 0
        for round_ in range(20):
            for table in tables:
                mirror = mirrors[table.game_id]
                was_cached = table.game_id in service.cached_games()
                action = mirror_action(mirror)
                assert action.actor is not None
                seat = mirror.state.players[action.actor].seat
                answer = table.post(
                    "play",
                    {"action": action.to_dict(), "expected_seq": len(mirror.log)},
                    who=seat if round_ % 2 else "gm",
                )
                assert answer.status_code == 200, answer.text
                assert answer.json()["seq"] == len(mirror.log) + 1
                mirror.play(action)
                loads += not was_cached
                assert len(service.cached_games()) <= 2
                assert service.cached_games()[-1] == table.game_id
        # Played round-robin over 3 games with room for 2, every play found its game evicted.
        assert loads == 60
        for table in tables:
            replay = table.get("replay").json()
            assert replay["seq"] == len(mirrors[table.game_id].log) == 21
            assert replay["state_hash"] == mirrors[table.game_id].state_hash()
            assert len(service.cached_games()) <= 2
    store.close()


def test_a_game_whose_lock_is_held_is_not_evicted(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "held.db") as store:
        service = GameService(store, {"counter": RULESET}, cache_games=1)
        a, _ = service.create_game("counter", SETUP, 1)
        held, release = threading.Event(), threading.Event()

        def hold_a() -> None:
            with a.lock:
                held.set()
                release.wait(10)

        holder = threading.Thread(target=hold_a)
        holder.start()
        assert held.wait(10)
        b, _ = service.create_game("counter", SETUP, 2)
        # A is held by a request: kept (over the bound) until it is free again.
        assert service.cached_games() == [a.id, b.id]
        assert not a.evicted
        release.set()
        holder.join(10)
        c, _ = service.create_game("counter", SETUP, 3)
        assert service.cached_games() == [c.id]
        assert a.evicted and b.evicted


def test_a_request_holding_an_evicted_copy_works_on_the_cached_one(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "stale.db") as store:
        service = GameService(store, {"counter": RULESET}, cache_games=1)
        old, token = service.create_game("counter", SETUP, 4)
        gm = Principal(old.id, "gm")
        turn = old.game.whose_turn()
        assert turn is not None
        assert service.authenticate_cached(old.id, token) == (old, gm)
        service.create_game("counter", SETUP, 5)  # evicts the first game
        assert old.evicted and service.cached_games() != [old.id]
        # The event loop's no-I/O path declines; the full path loads it again.
        assert service.authenticate_cached(old.id, token) is None
        # A request that got the first game before the eviction plays through its copy.
        first = service.play(old, gm, Action("add", turn, {"amount": 2}), 1)
        assert first.seq == 2
        fresh = service.live(old.id)
        assert fresh is not old and fresh.seq == 2
        assert fresh.game.state.players[turn].score == 2
        assert service.authenticate(old.id, token)[0] is fresh
        # And the old copy never serves a stale seq.
        assert service.state(old, gm)["seq"] == 2
        assert service.seq_of(old) == 2
        second = service.play(old, gm, Action("end_turn", turn), 2)
        assert second.seq == 3 and service.live(old.id).seq == 3


def test_cache_and_snapshot_settings_are_checked() -> None:
    with SqliteEventStore(":memory:", checkpoint_every=0) as store:
        with pytest.raises(ValueError, match="cache_games"):
            GameService(store, cache_games=0)
        with pytest.raises(ValueError, match="snapshot_every"):
            GameService(store, snapshot_every=-1)


def test_a_websocket_ping_answers_the_seq_after_its_game_was_evicted(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "ws.db")
    app = create_app(store, rulesets={"counter": RULESET}, cache_games=1, **OPEN)
    with TestClient(app) as client:
        table: Table = make_table(client)
        with client.websocket_connect(table.url(f"ws?token={table.tokens['gm']}")) as ws:
            assert ws.receive_json()["seq"] == 1
            make_table(client, seed=9)  # evicts the watched game
            assert table.play("add", amount=1).status_code == 200
            assert ws.receive_json()["seq"] == 2
            ws.send_text("ping")
            assert ws.receive_json() == {"type": "pong", "seq": 2}
    store.close()


def test_the_cache_is_bounded_in_bytes_and_drops_the_least_recently_used(
    tmp_path: Path,
) -> None:
    with SqliteEventStore(tmp_path / "bytes.db") as store:
        probe = GameService(store, {"counter": RULESET})
        first, _ = probe.create_game("counter", SETUP, 1)
        one_game = first.held_bytes
        assert one_game > 0 and probe.cached_bytes() == one_game
        # room for two fresh games by bytes, far more by count
        service = GameService(store, {"counter": RULESET}, cache_bytes=int(one_game * 2.5))
        a, _ = service.create_game("counter", SETUP, 2)
        b, _ = service.create_game("counter", SETUP, 3)
        assert service.cached_games() == [a.id, b.id]
        c, _ = service.create_game("counter", SETUP, 4)
        assert service.cached_games() == [b.id, c.id] and a.evicted
        assert service.cached_bytes() <= service.cache_bytes
        # a game grows as it is played: past the bound, the other game is dropped, never
        # the one being played
        mirror = Game(RULESET, SETUP, seed=4)
        gm = Principal(c.id, "gm")
        while service.cached_games() != [c.id]:
            assert len(mirror.log) < 400, "the game never outgrew the byte bound"
            action = mirror_action(mirror)
            service.play(c, gm, action, len(mirror.log))
            mirror.play(action)
        assert b.evicted and not c.evicted and c.held_bytes > one_game
        # the dropped game is folded again from the store when it is asked for
        again = service.live(a.id)
        assert again is not a and again.game.state_hash() == a.game.state_hash()


def test_the_cache_byte_bound_must_be_positive(tmp_path: Path) -> None:
    with SqliteEventStore(tmp_path / "zero.db") as store, pytest.raises(ValueError):
        GameService(store, {"counter": RULESET}, cache_bytes=0)
