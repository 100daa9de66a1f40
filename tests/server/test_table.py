"""The GM's table behind the web pages (issue 15, host and GM flows): the games page's
list, archive marks, example and YAML set-ups, fresh GM links, invites with QR codes,
redo, table dice, and log sentences from a ruleset's ``describe_event``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.counter import RULESET, SETUP, CounterRuleset, CounterState
from tests.server.declared import RULESET as DECLARED
from turnkeeper.core.model import Event
from turnkeeper.server import create_app
from turnkeeper.server.hosting import mint_host_key
from turnkeeper.server.table import list_examples, read_setup_yaml
from turnkeeper.store import SqliteEventStore

ROOT = Path(__file__).resolve().parents[2]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Described(CounterRuleset):
    name = "described"

    def describe_event(self, state: CounterState, event: Event) -> str:
        if event.type == "boom":
            raise RuntimeError("a ruleset bug")
        if event.type == "scored":
            return f"{event.data['id']} scores {event.data['amount']}"
        return ""


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    opened = SqliteEventStore(tmp_path / "games.db")
    yield opened
    opened.close()


def make(client: TestClient, key: str, ruleset: str = "counter") -> tuple[str, str]:
    made = client.post("/api/games", json={"ruleset": ruleset, "setup": SETUP, "seed": 3},
                       headers=bearer(key))
    assert made.status_code == 201, made.text
    return made.json()["game_id"], made.json()["gm_token"]


def client_for(store: SqliteEventStore, **options: Any) -> TestClient:
    rulesets = {"counter": RULESET, "declared": DECLARED, "described": Described()}
    return TestClient(create_app(store, rulesets=rulesets, **options))


def test_the_games_page_lists_games_with_last_action_and_players_and_archives(
    store: SqliteEventStore,
) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        assert "<title>" in client.get("/host").text
        assert client.get("/api/host/games").status_code == 401
        first, gm = make(client, key)
        second, _ = make(client, key)
        seat = client.post(f"/api/games/{first}/invites", json={"seat": "north"},
                           headers=bearer(gm))
        assert seat.status_code == 201, seat.text
        games = client.get("/api/host/games", headers=bearer(key)).json()["games"]
        assert [g["game_id"] for g in games] == [second, first]
        row = games[1]
        assert row["players"] == ["north"] and row["seq"] == 1 and row["ruleset"] == "counter"
        assert row["last_action"] >= row["created"] and row["archived"] is None
        # Archiving is the host's, not a GM's; it hides the game from the page's list.
        assert client.post(f"/api/games/{first}/archive", json={"archived": True},
                           headers=bearer(gm)).status_code == 403
        done = client.post(f"/api/games/{first}/archive", json={"archived": True},
                           headers=bearer(key))
        assert done.status_code == 200, done.text
        shown = client.get("/api/host/games", headers=bearer(key)).json()["games"]
        assert [g["game_id"] for g in shown] == [second]
        every = client.get("/api/host/games", params={"archived": "true"},
                           headers=bearer(key)).json()["games"]
        assert {g["game_id"]: bool(g["archived"]) for g in every} == {first: True, second: False}
        # An archived game still plays.
        assert client.get(f"/api/games/{first}/state", headers=bearer(gm)).status_code == 200
        missing = client.post("/api/games/nope/archive", json={}, headers=bearer(key))
        assert missing.status_code == 404
        typo = client.post(f"/api/games/{first}/archive", json={"archive": True},
                           headers=bearer(key))
        assert typo.status_code == 422


def test_a_fresh_gm_link_is_minted_by_the_host_only(store: SqliteEventStore) -> None:
    key = mint_host_key(store)
    with client_for(store, public_url="https://table.example") as client:
        game, gm = make(client, key)
        assert client.post(f"/api/games/{game}/gm-link", headers=bearer(gm)).status_code == 403
        fresh = client.post(f"/api/games/{game}/gm-link", headers=bearer(key))
        assert fresh.status_code == 201, fresh.text
        body = fresh.json()
        assert body["url"] == f"https://table.example/?game={game}&token={body['token']}"
        assert body["qr"].startswith("data:image/svg+xml")
        state = client.get(f"/api/games/{game}/state", headers=bearer(body["token"]))
        assert state.json()["role"] == "gm"


def test_invites_per_seat_and_for_spectators_with_qr_codes(store: SqliteEventStore) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        game, gm = make(client, key)
        seat = client.post(f"/api/games/{game}/invites", json={"seat": "south"}, headers=bearer(gm))
        assert seat.status_code == 201, seat.text
        link = seat.json()
        # Without --public-url: the address the request came to.
        assert link["url"].startswith("http://testserver/?game=") and link["role"] == "seat"
        assert "<svg" not in link["qr"] and link["qr"].startswith("data:image/svg+xml")
        who = client.get(f"/api/games/{game}/state", headers=bearer(link["token"])).json()
        assert (who["role"], who["seat"]) == ("seat", "south")
        watcher = client.post(f"/api/games/{game}/invites", json={}, headers=bearer(gm)).json()
        assert watcher["role"] == "spectator" and watcher["seat"] is None
        # A seat cannot hand out links; an unknown seat is named.
        assert client.post(f"/api/games/{game}/invites", json={"seat": "south"},
                           headers=bearer(link["token"])).status_code == 403
        unknown = client.post(f"/api/games/{game}/invites", json={"seat": "zed"},
                              headers=bearer(gm))
        assert unknown.status_code == 422 and unknown.json()["field"] == "seat"


def test_bundled_examples_and_uploaded_yaml_become_set_ups(store: SqliteEventStore) -> None:
    found = {e["name"]: e for e in list_examples(ROOT / "examples")}
    assert {"e133/ambush", "ptu/league"} <= set(found)
    assert found["e133/ambush"]["ruleset"] == "e133" and found["e133/ambush"]["seed"] == 133
    assert found["e133/ambush"]["title"].startswith("An ambush")
    key = mint_host_key(store)
    with client_for(store) as client:
        listed = client.get("/api/host/examples", headers=bearer(key))
        assert listed.status_code == 200
        assert "ptu/league" in {e["name"] for e in listed.json()["examples"]}
        ambush = found["e133/ambush"]
        made = client.post("/api/games", headers=bearer(key), json={
            "ruleset": ambush["ruleset"], "setup": ambush["setup"], "seed": ambush["seed"]})
        assert made.status_code == 201, made.text
        text = (ROOT / "examples/ptu/league.yaml").read_text()
        read = client.post("/api/host/setup-yaml", json={"text": text}, headers=bearer(key))
        assert read.status_code == 200 and read.json()["ruleset"] == "ptu"
        assert read.json()["setup"]["context"] == "league"
        assert client.post("/api/host/setup-yaml", json={"text": text}).status_code == 401
    bare = read_setup_yaml("players: [{id: a, seat: s}]")
    assert bare == {"ruleset": None, "setup": {"players": [{"id": "a", "seat": "s"}]},
                    "seed": None}
    for bad, says in [
        ("[1, 2]", "must hold a mapping"),
        ("a: [", "not valid YAML"),
        ("ruleset: e133\nsetup: {}\nsed: 3", "unknown top-level key(s) ['sed']"),
        ("when: 2024-01-01", "JSON cannot carry"),
        ("[" * 5000, "YAML"),
        ("a: " + "[" * 40 + "]" * 40, "nested deeper than 32"),
        ("when: 2024-13-45", "not valid YAML"),
        ("big: 1.0e+999", "JSON cannot carry"),
        ("big: .inf", "JSON cannot carry"),
        ("code: !!python/object/apply:os.system [ls]", "not valid YAML"),
        # "Billion laughs": aliases that would expand to 10^9 values.
        ("a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join('*' + chr(97 + i) for _ in range(10))}]\n"
            for i in range(8)
        ), "more than 20000 values"),
    ]:
        with pytest.raises(Exception, match=r".") as caught:
            read_setup_yaml(bad)
        assert says in str(caught.value), (bad[:20], caught.value)


def play(client: TestClient, game: str, token: str, kind: str, actor: str, **params: Any) -> Any:
    seq = client.get(f"/api/games/{game}/state", headers=bearer(token)).json()["seq"]
    answer = client.post(f"/api/games/{game}/play", headers=bearer(token), json={
        "action": {"kind": kind, "actor": actor, "params": params}, "expected_seq": seq})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_redo_plays_the_undone_command_again_only_while_nothing_else_happened(
    store: SqliteEventStore,
) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        game, gm = make(client, key)
        h = bearer(gm)
        turn = client.get(f"/api/games/{game}/state", headers=h).json()["whose_turn"]
        rolled = play(client, game, gm, "roll", turn)
        assert client.get(f"/api/games/{game}/redo", headers=h).json()["available"] is False
        before = client.get(f"/api/games/{game}/replay", headers=h).json()["state_hash"]
        assert client.post(f"/api/games/{game}/undo", json={"expected_seq": 2},
                           headers=h).status_code == 200
        offer = client.get(f"/api/games/{game}/redo", headers=h).json()
        assert offer["available"] and offer["command"]["action"]["kind"] == "roll"
        # Stale, then right: the same dice as before the undo.
        assert client.post(f"/api/games/{game}/redo", json={"expected_seq": 2},
                           headers=h).status_code == 409
        again = client.post(f"/api/games/{game}/redo", json={"expected_seq": 3}, headers=h)
        assert again.status_code == 200, again.text
        assert again.json()["events"] == rolled["events"]
        assert client.get(f"/api/games/{game}/replay", headers=h).json()["state_hash"] == before
        assert client.get(f"/api/games/{game}/redo", headers=h).json()["available"] is False
        # Undo twice, redo twice (in order), then nothing more.
        play(client, game, gm, "end_turn", turn)
        for seq in (5, 6):
            client.post(f"/api/games/{game}/undo", json={"expected_seq": seq}, headers=h)
        first = client.post(f"/api/games/{game}/redo", json={"expected_seq": 7}, headers=h)
        assert first.status_code == 200
        assert client.get(f"/api/games/{game}/redo", headers=h).json()["command"]["action"][
            "kind"] == "end_turn"
        # Something else happened: the undone end_turn is gone for good.
        client.post(f"/api/games/{game}/undo", json={"expected_seq": 8}, headers=h)
        client.post(f"/api/games/{game}/undo", json={"expected_seq": 9}, headers=h)
        play(client, game, gm, "add", turn, amount=1)
        refused = client.post(f"/api/games/{game}/redo", json={"expected_seq": 11}, headers=h)
        assert refused.status_code == 409 and refused.json()["error"] == "nothing_to_redo"
        seat = client.post(f"/api/games/{game}/invites", json={"seat": "north"},
                           headers=h).json()["token"]
        assert client.get(f"/api/games/{game}/redo", headers=bearer(seat)).status_code == 403


def test_table_dice_with_exact_odds_public_and_hidden(store: SqliteEventStore) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        game, gm = make(client, key)
        seat = client.post(f"/api/games/{game}/invites", json={"seat": "north"},
                           headers=bearer(gm)).json()["token"]
        with client.websocket_connect(f"/api/games/{game}/ws?token={seat}") as ws:
            assert ws.receive_json()["type"] == "hello"
            hidden = client.post(f"/api/games/{game}/dice",
                                 json={"expression": "d20+5 >= 15", "hidden": True},
                                 headers=bearer(gm))
            assert hidden.status_code == 200, hidden.text
            assert hidden.json()["odds"]["p_success"] == "11/20"
            public = client.post(f"/api/games/{game}/dice", json={"expression": "2d6"},
                                 headers=bearer(seat))
            assert public.status_code == 200
            body = public.json()
            assert body["by"] == "north" and 2 <= body["record"]["total"] <= 12
            assert body["odds"]["histogram"][5] == {"outcome": 7, "probability": "1/6",
                                                    "float": 1 / 6}
            pushed = ws.receive_json()
            # The hidden roll never reached the seat: the first push is the public one.
            assert pushed["type"] == "roll" and pushed["seed"] == body["seed"]
        assert client.post(f"/api/games/{game}/dice", json={"expression": "d6", "hidden": True},
                           headers=bearer(seat)).status_code == 403
        bad = client.post(f"/api/games/{game}/dice", json={"expression": "2d"},
                          headers=bearer(gm))
        assert bad.status_code == 422 and bad.json()["field"] == "expression"
        for odd in ("d6\udfff", "d6\x00"):
            refused = client.post(
                f"/api/games/{game}/dice", content=json.dumps({"expression": odd}),
                headers={**bearer(gm), "Content-Type": "application/json"},
            )
            assert refused.status_code == 422, refused.text
            assert "expression" in refused.text  # named: pydantic or our own check
        # Too big for exact odds: the roll stands, the odds say why they are missing.
        big = client.post(f"/api/games/{game}/dice", json={"expression": "100d100"},
                          headers=bearer(gm))
        assert big.status_code == 200, big.text
        assert 100 <= big.json()["record"]["total"] <= 10_000
        assert "too big for exact odds" in big.json()["odds"]["unavailable"]


def test_the_log_reads_as_sentences_where_the_ruleset_describes_its_events(
    store: SqliteEventStore,
) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        game, gm = make(client, key, "described")
        turn = client.get(f"/api/games/{game}/state", headers=bearer(gm)).json()["whose_turn"]
        played = play(client, game, gm, "add", turn, amount=2)
        scored = [e for e in played["events"] if e["type"] == "scored"]
        assert scored and scored[0]["text"] == f"{turn} scores 2"
        log = client.get(f"/api/games/{game}/log", headers=bearer(gm)).json()["commands"]
        assert all("text" not in e for e in log[0]["events"])  # "" means: no sentence
        # Without the hook: no text at all.
        other, token = make(client, key)
        first = client.get(f"/api/games/{other}/log", headers=bearer(token)).json()["commands"]
        assert all("text" not in e for c in first for e in c["events"])


def test_every_ruleset_has_a_bundled_example_and_each_creates_a_game(
    store: SqliteEventStore,
) -> None:
    found = list_examples(ROOT / "examples")
    assert {e["ruleset"] for e in found} >= {"e133", "ptu", "pte", "ptcg"}
    assert all(e["title"] for e in found)
    key = mint_host_key(store)
    with client_for(store) as client:
        for example in found:
            made = client.post("/api/games", headers=bearer(key), json={
                "ruleset": example["ruleset"], "setup": example["setup"],
                "seed": example["seed"]})
            assert made.status_code == 201, (example["name"], made.text)
