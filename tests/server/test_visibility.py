"""What each seat is sent of a command (``visible_command``): dice are public in e133 and PTU,
a readied trigger, another trainer's hit points and items and a hand card are not, through
``/play`` answers, ``/log``, WebSocket pushes and ``/state``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN
from turnkeeper.server import create_app
from turnkeeper.store import SqliteEventStore

TRIGGER = "the brute opens the vault door"
E133_SETUP = {
    "combatants": [
        {"id": "aria", "initiative": 18, "speeds": {"walk": 30}, "controller": "alice"},
        {"id": "brute", "initiative": 9, "side": "foes", "speed": 30, "controller": "bert"},
    ]
}
PTU_SETUP: dict[str, Any] = {
    "context": "full_contact",
    # Rolls and GM damage here; a hit's own damage_dealt redaction: tests/ptu/test_ptu_fight_wired.
    "settings": {"hit_damage": "gm"},
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 10, "level": 15, "position": [0, 0],
                     "items": {"potion": 2}},
         "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                      "position": [1, 0]}]},
        {"name": "misty", "side": "heroes",
         "trainer": {"id": "misty", "speed": 9, "level": 15, "position": [0, 1],
                     "items": {"super_potion": 1}},
         "pokemon": [{"id": "staryu", "speed": 18, "moves": ["Tackle"], "active": True,
                      "position": [2, 0], "hp": 37}]},
    ],
    "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [1, 1]}],
}
# Each only ever in one player's hand: the card's id (events, params) and name (views).
SECRET = {"p1": ("ex1-84", "Lum Berry"), "p2": ("ex1-91", "Potion")}
PTCG_SETUP = {
    "position": {
        "turn": 3,
        "current": "p1",
        "p1": {"hand": ["Water Energy", "Lum Berry"], "deck": ["Water Energy", "Water Energy"],
               "prizes": ["Grass Energy"], "active": "Mudkip"},
        "p2": {"hand": ["Fire Energy", "Potion"], "deck": ["Fire Energy", "Fire Energy"],
               "prizes": ["Fire Energy"], "active": "Torchic"},
    }
}


@dataclass
class Game:
    client: TestClient
    game_id: str
    tokens: dict[str, str] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"/api/games/{self.game_id}/{path}"

    def headers(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def get(self, path: str, who: str) -> Any:
        response = self.client.get(self.url(path), headers=self.headers(who))
        assert response.status_code == 200, response.text
        return response.json()

    def play(self, who: str, kind: str, actor: str, **params: Any) -> dict[str, Any]:
        seq = self.get("state", "gm")["seq"]
        body = {"action": {"kind": kind, "actor": actor, "params": params}, "expected_seq": seq}
        response = self.client.post(self.url("play"), headers=self.headers(who), json=body)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def log(self, who: str) -> list[dict[str, Any]]:
        commands: list[dict[str, Any]] = self.get("log", who)["commands"]
        return commands

    def ws(self, who: str) -> Any:
        return self.client.websocket_connect(self.url(f"ws?token={self.tokens[who]}"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = SqliteEventStore(tmp_path / "visibility.db")
    with TestClient(create_app(store, **OPEN)) as test_client:
        yield test_client
    store.close()


def new_game(client: TestClient, ruleset: str, setup: Any, seats: list[str]) -> Game:
    response = client.post("/api/games", json={"ruleset": ruleset, "setup": setup, "seed": 5})
    assert response.status_code == 201, response.text
    created = response.json()
    game = Game(client, created["game_id"], {"gm": created["gm_token"]})
    for seat in seats:
        issued = client.post(game.url("seats"), headers=game.headers("gm"), json={"seat": seat})
        assert issued.status_code == 201, issued.text
        game.tokens[seat] = issued.json()["token"]
    spectator = client.post(game.url("spectators"), headers=game.headers("gm"))
    assert spectator.status_code == 201, spectator.text
    game.tokens["spectator"] = spectator.json()["token"]
    return game


def events_of(command: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [e["data"] for e in command["events"] if e["type"] == kind]


def test_e133_dice_are_public_and_a_readied_trigger_is_not(client: TestClient) -> None:
    game = new_game(client, "e133", E133_SETUP, ["alice", "bert"])
    with game.ws("bert") as bert, game.ws("spectator") as spectator:
        assert bert.receive_json()["type"] == spectator.receive_json()["type"] == "hello"

        hid = game.play("alice", "hide", "aria")
        total = events_of({"events": hid["events"]}, "check_rolled")[0]["total"]
        for socket in (bert, spectator):
            pushed = socket.receive_json()
            assert pushed["command"]["redacted"] is False
            assert pushed["command"]["action"] == {"kind": "hide", "actor": "aria", "params": {}}
            assert events_of(pushed["command"], "check_rolled")[0]["total"] == total

        readied = game.play("alice", "ready", "aria", trigger=TRIGGER, action="attack",
                            action_params={"target": "brute"})
        assert TRIGGER in json.dumps(readied)  # the readier's own seat sees its plan
        for socket in (bert, spectator):
            pushed = socket.receive_json()
            assert TRIGGER not in json.dumps(pushed) and "vault" not in json.dumps(pushed)
            command = pushed["command"]
            assert command["redacted"] is True
            assert command["action"] == {"kind": "ready", "actor": "aria", "params": {}}
            acted = events_of(command, "acted")[0]
            assert acted["kind"] == "ready" and acted["sets"]["aria"]["readied"] == {"round": 1}
            assert pushed["state"]["view"]["combatants"]["aria"]["readied"] == {"round": 1}

    for who in ("bert", "spectator"):
        log = game.log(who)
        assert TRIGGER not in json.dumps(log)
        assert [c["action"]["kind"] for c in log[1:]] == ["hide", "ready"]
        assert events_of(log[1], "check_rolled")[0]["total"] == total
        assert log[0]["redacted"] is False and log[0]["events"]  # the set-up is public
        state = game.get("state", who)
        assert TRIGGER not in json.dumps(state) and "status_lines" not in state
        replay = client.get(game.url("replay"), headers=game.headers(who))
        assert replay.status_code == 403
    for who in ("alice", "gm"):
        log = game.log(who)
        assert log[2]["action"]["params"]["trigger"] == TRIGGER and log[2]["redacted"] is False
    assert any("readied attack" in line for line in game.get("state", "gm")["status_lines"])


def test_ptu_rolls_are_public_other_trainers_hp_and_items_are_not(client: TestClient) -> None:
    game = new_game(client, "ptu", PTU_SETUP, ["ash", "misty"])
    game.play("gm", "begin_combat", "gm")
    with game.ws("misty") as misty:
        assert misty.receive_json()["type"] == "hello"
        tackle = game.play("ash", "use_move", "pikachu", move="Tackle", target="rattata")
        roll = events_of({"events": tackle["events"]}, "attack_rolled")[0]
        assert isinstance(roll["roll"], int)
        pushed = misty.receive_json()
        assert events_of(pushed["command"], "attack_rolled") == [roll]
        assert pushed["command"]["redacted"] is False

        game.play("gm", "damage", "gm", target="pikachu", amount=7)
        pushed = misty.receive_json()
        assert pushed["command"]["action"]["params"] == {"target": "pikachu", "amount": None}
        assert events_of(pushed["command"], "damaged") == [{"target": "pikachu", "amount": None}]
        assert pushed["state"]["view"]["combatants"]["pikachu"]["hp"] is None

    misty_log = game.log("misty")
    assert events_of(misty_log[2], "attack_rolled") == [roll]
    setup = {c["id"]: c for c in events_of(misty_log[0], "encounter_set_up")[0]["combatants"]}
    assert setup["ash"]["items"] is None and setup["pikachu"]["hp"] is None
    assert setup["misty"]["items"] == {"super_potion": 1} and setup["staryu"]["hp"] == 37
    assert '"potion"' not in json.dumps([misty_log, game.get("state", "misty")])
    ash_log = game.log("ash")
    assert events_of(ash_log[3], "damaged") == [{"target": "pikachu", "amount": 7}]
    assert "super_potion" not in json.dumps([ash_log, game.get("state", "ash")])
    spectator = json.dumps([game.log("spectator"), game.get("state", "spectator")])
    assert "potion" not in spectator and '"amount": 7' not in spectator
    assert '"amount": 7' in json.dumps(game.log("gm"))


FIGHT_STATS = {"hp": 5, "attack": 6, "defense": 5, "special_attack": 8, "special_defense": 5}
PTU_FIGHT_SETUP: dict[str, Any] = {
    "context": "full_contact",
    "players": [
        {"name": "ash", "side": "heroes",
         "trainer": {"id": "ash", "speed": 5, "level": 10, "position": [0, 0]},
         "pokemon": [{"id": "charmander", "level": 10, "types": ["Fire"], "speed": 20,
                      "stats": FIGHT_STATS, "moves": ["Scratch"], "active": True,
                      "position": [1, 0]}]},
        {"name": "misty", "side": "rivals",
         "trainer": {"id": "misty", "speed": 4, "level": 10, "position": [3, 0]},
         "pokemon": [{"id": "staryu", "level": 10, "types": ["Water"], "speed": 12,
                      "stats": FIGHT_STATS, "moves": ["Tackle"], "active": True,
                      "position": [2, 0], "hp": 9}]},
    ],
}


def attack_odds(game: Game, who: str, actor: str, target: str) -> dict[str, Any]:
    offers = game.get(f"legal?actor={actor}", who)["actions"]
    odds: dict[str, Any] = next(a for a in offers if a["kind"] == "use_move"
                                and a["params"]["target"] == target)["odds"]
    return odds


def test_ptu_attack_offers_carry_no_faint_odds_for_a_target_whose_hp_the_seat_cannot_see(
    client: TestClient,
) -> None:
    game = new_game(client, "ptu", PTU_FIGHT_SETUP, ["ash", "misty"])
    game.play("gm", "begin_combat", "gm")
    # The GM sees every HP: the offer carries P(faint) (staryu has 9 HP left).
    by_gm = attack_odds(game, "gm", "charmander", "staryu")
    assert by_gm["p_faint"] != "0" and "p_hit" in by_gm
    # Ash's seat cannot see staryu's HP: no P(faint), in the odds or their float twins; the
    # chances that follow from public numbers (hit, crit, damage on a hit) stay.
    offers = game.get("legal?actor=charmander", "ash")["actions"]
    mine = next(a for a in offers if a["kind"] == "use_move")
    assert "p_faint" not in mine["odds"] and "p_faint" not in mine["odds_value"]
    assert {k: v for k, v in by_gm.items() if k != "p_faint"} == mine["odds"]
    assert "p_faint" not in json.dumps(game.get("legal", "ash"))


def test_ptcg_hands_never_leak_through_log_websocket_or_params(client: TestClient) -> None:
    game = new_game(client, "ptcg", PTCG_SETUP, ["p1", "p2"])
    seen: dict[str, list[Any]] = {"p1": [], "p2": [], "spectator": []}
    with game.ws("p1") as p1, game.ws("p2") as p2, game.ws("spectator") as spectator:
        sockets = {"p1": p1, "p2": p2, "spectator": spectator}
        for who, socket in sockets.items():
            seen[who].append(socket.receive_json())
        attached = game.play("p1", "attach", "p1", card="ex1-106", target="active")
        seen["p1"].append(attached)
        game.play("p1", "end_turn", "p1")
        for who, socket in sockets.items():
            first, second = socket.receive_json(), socket.receive_json()
            seen[who] += [first, second]
            # An Energy attached is played face up: everyone sees which and where.
            attach = first["command"]["action"]
            assert attach["kind"] == "attach" and attach["actor"] == "p1"
            assert attach["params"] == {"card": "ex1-106", "target": "active"}
            assert [e["type"] for e in first["command"]["events"]] == ["attach"]
            # p2's draw at the start of its turn: the card for p2, the count for the others.
            draws = events_of(second["command"], "draw")
            assert [d["n"] for d in draws] == [1]
            if who == "p2":
                assert draws[0]["cards"] and "Fire Energy" in json.dumps(second)
            else:
                assert "cards" not in draws[0] and second["command"]["redacted"] is True
    for who in seen:
        seen[who] += [game.log(who), game.get("state", who)]
    # Each hand card reaches its owner (its view, its board tiles), never anyone else.
    for who, data in seen.items():
        text = json.dumps(data)
        for owner, (card_id, name) in SECRET.items():
            assert (name in text) == (who == owner), (who, name)
            assert (card_id in text) == (who == owner), (who, card_id)
    p2_log = game.log("p2")
    # The named position holds both hands: a seat's log keeps only its turn.
    assert p2_log[0]["kind"] == "setup" and events_of(p2_log[0], "position") == [{"turn": 3}]
    gm_log = json.dumps(game.log("gm"))
    assert all(card_id in gm_log for card_id, _ in SECRET.values())
