"""Crash safety: SIGKILL the server mid-stream; every acknowledged action survives it.

Several client threads each play one game as fast as they can against a server subprocess
on SQLite. The main thread kills the server (SIGKILL, no shutdown code runs) while they are
playing, restarts it on the same file and checks, for every game, that the log holds every
acknowledged command, in order, with the same events, and that the replayed state hash is
the hash of the acknowledged commands folded locally (plus at most the one command that
was in flight, committed but not yet answered, when the kill came).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx

from tests.server.counter import RULESET, SETUP
from tests.server.proc import start_server
from turnkeeper.core.game import Command, Game
from turnkeeper.core.model import Action

CLIENTS = 4
ACKED_BEFORE_KILL = 40  # acknowledged actions every client has before the kill
# Only guards against a hang (a server that never answers): the test waits on events, not on
# the clock, so a slow, loaded machine makes it slower, never red.
HANG_GUARD_SECONDS = 600.0


class Player(threading.Thread):
    """Plays one game: roll, then end the turn, for whoever's turn it is."""

    def __init__(self, base: str, game_id: str, token: str, seed: int) -> None:
        super().__init__(daemon=True)
        self.base, self.game_id, self.token, self.seed = base, game_id, token, seed
        self.acked: list[dict[str, Any]] = []  # {"seq", "action", "events"} per 200 answer
        self.error: str | None = None
        self.cut = False  # True once a request failed because the server died
        # Set once this client has ACKED_BEFORE_KILL answers, or has stopped for any reason.
        self.ready = threading.Event()

    def run(self) -> None:
        try:
            self._play()
        finally:
            self.ready.set()

    def _play(self) -> None:
        url = f"{self.base}/api/games/{self.game_id}/play"
        headers = {"Authorization": f"Bearer {self.token}"}
        # A local copy, only to know whose turn it is and what is legal.
        game = Game(RULESET, SETUP, seed=self.seed)
        seq = 1
        # Plays until the kill cuts it off (the counter game's target is out of reach).
        with httpx.Client(timeout=HANG_GUARD_SECONDS) as client:
            while True:
                actor = game.whose_turn()
                kind = "roll" if game.state.budget.left("standard") else "end_turn"
                action: dict[str, Any] = {"kind": kind, "actor": actor, "params": {}}
                try:
                    response = client.post(
                        url, headers=headers, json={"action": action, "expected_seq": seq}
                    )
                except httpx.TransportError:
                    self.cut = True  # the server is gone: stop here
                    return
                if response.status_code != 200:
                    self.error = f"{response.status_code} {response.text}"
                    return
                body = response.json()
                self.acked.append({"seq": body["seq"], "action": action, "events": body["events"]})
                game.log.append(Command.from_dict({"action": action, "events": body["events"]}))
                for event in game.log[-1].events:
                    RULESET.apply(game.state, event)
                seq = body["seq"]
                if len(self.acked) >= ACKED_BEFORE_KILL:
                    self.ready.set()


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    log = tmp_path / "server.log"
    server = start_server(db, log)
    games: list[tuple[str, str, int]] = []
    try:
        for i in range(CLIENTS):
            created = httpx.post(
                server.base + "/api/games",
                json={"ruleset": "counter", "setup": SETUP, "seed": 100 + i},
                timeout=5,
            ).json()
            games.append((created["game_id"], created["gm_token"], 100 + i))
        players = [Player(server.base, gid, token, seed) for gid, token, seed in games]
        for p in players:
            p.start()
        # Kill once every client has had a good number of actions acknowledged.
        for p in players:
            assert p.ready.wait(HANG_GUARD_SECONDS), "a client neither played nor stopped"
        server.kill()
        for p in players:
            p.join(timeout=HANG_GUARD_SECONDS)
            assert not p.is_alive(), "a client kept playing after the kill"
    finally:
        server.kill()

    assert all(p.error is None for p in players), [p.error for p in players]
    assert min(len(p.acked) for p in players) >= ACKED_BEFORE_KILL
    assert all(p.cut for p in players), "the kill must come while every client is playing"

    restarted = start_server(db, log)
    try:
        with httpx.Client(base_url=restarted.base, timeout=10) as client:
            for (game_id, token, seed), player in zip(games, players, strict=True):
                headers = {"Authorization": f"Bearer {token}"}
                replay = client.get(f"/api/games/{game_id}/replay", headers=headers).json()
                stored = replay["commands"][1:]
                acked = player.acked
                # Every acknowledged command is there, in order, with its events.
                assert [c["action"] for c in stored[: len(acked)]] == [a["action"] for a in acked]
                assert [c["events"] for c in stored[: len(acked)]] == [a["events"] for a in acked]
                assert [a["seq"] for a in acked] == list(range(2, len(acked) + 2))
                # At most the one in-flight command was committed without an answer.
                extra = len(stored) - len(acked)
                assert extra in (0, 1)
                assert replay["seq"] == len(acked) + 1 + extra
                # The state after the restart is the fold of what was acknowledged (+ extra).
                local = Game.from_log(
                    RULESET,
                    SETUP,
                    seed,
                    [Command.from_dict(c) for c in replay["commands"][: len(acked) + 1 + extra]],
                )
                expected = Game.from_log(
                    RULESET,
                    SETUP,
                    seed,
                    [Command.from_dict(replay["commands"][0])]
                    + [Command.from_dict(a) for a in acked],
                )
                if extra == 0:
                    assert replay["state_hash"] == expected.state_hash()
                assert replay["state_hash"] == local.state_hash()
                # The game goes on with the dice an uninterrupted game would roll.
                actor = local.whose_turn()
                kind = "roll" if local.state.budget.left("standard") else "end_turn"
                body = {"action": {"kind": kind, "actor": actor}, "expected_seq": replay["seq"]}
                nxt = client.post(f"/api/games/{game_id}/play", headers=headers, json=body)
                assert nxt.status_code == 200, nxt.text
                uninterrupted = Game(RULESET, SETUP, seed=seed)
                for command in local.log[1:]:
                    assert command.action is not None
                    uninterrupted.play(command.action)
                assert uninterrupted.state_hash() == local.state_hash()
                events = uninterrupted.play(Action(kind, actor))
                assert nxt.json()["events"] == [e.to_dict() for e in events]
    finally:
        restarted.stop()
