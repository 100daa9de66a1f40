"""One real ruleset (Element 133) through the API: seats, legal actions, refusals, undo."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from tests.server.conftest import OPEN
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore

SETUP = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speeds": {"walk": 30, "fly": 60}, "controller": "alice"},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30, "controller": "bert"},
    ]
}


def test_e133_through_the_api(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "e133.db")
    with TestClient(create_app(store, **OPEN)) as client:
        assert "e133" in client.get("/api/rulesets").json()["rulesets"]
        created = client.post("/api/games", json={"ruleset": "e133", "setup": SETUP, "seed": 1})
        assert created.status_code == 201, created.text
        game = created.json()
        assert game["seats"] == ["alice", "bert"]
        base = f"/api/games/{game['game_id']}"
        gm = {"Authorization": f"Bearer {game['gm_token']}"}
        seat = client.post(f"{base}/seats", headers=gm, json={"seat": "alice"}).json()
        assert seat["actors"] == ["aria"]
        alice = {"Authorization": f"Bearer {seat['token']}"}

        state = client.get(f"{base}/state", headers=alice).json()
        assert state["whose_turn"] == "aria" and state["actors"] == ["aria"]
        assert state["tracker"]["turn"] == "aria"
        legal = client.get(f"{base}/legal", headers=alice, params={"actor": "aria"}).json()
        assert any(a["kind"] == "move" for a in legal["actions"])
        theirs = client.get(f"{base}/legal", headers=alice, params={"actor": "brute"})
        assert theirs.status_code == 403

        too_far = {
            "action": {"kind": "move", "actor": "aria", "params": {"distance": 35}},
            "expected_seq": 1,
        }
        refused = client.post(f"{base}/play", headers=alice, json=too_far)
        assert refused.status_code == 409 and refused.json()["rule"] == "e133.move.speed"
        assert refused.json()["source"]

        move = {
            "action": {"kind": "move", "actor": "aria", "params": {"distance": 20, "mode": "fly"}},
            "expected_seq": 1,
        }
        assert client.post(f"{base}/play", headers=alice, json=move).status_code == 200
        player_undo = client.post(f"{base}/undo", headers=alice, json={"expected_seq": 2})
        assert player_undo.status_code == 403
        assert client.post(f"{base}/undo", headers=gm, json={"expected_seq": 2}).status_code == 200
        replay = client.get(f"{base}/replay", headers=gm).json()
        assert replay["seq"] == 3 and len(replay["commands"]) == 1
    store.close()
