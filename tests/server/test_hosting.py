"""The host role, who may create games, the limits of an --open server, and card databases
chosen by name (issue 10 parts 2 and 4)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.counter import RULESET, SETUP
from turnkeeper.server import create_app
from turnkeeper.server.hosting import RateLimiter, mint_host_key
from turnkeeper.store import SqliteEventStore

SHARED_CARDS = Path(__file__).resolve().parents[2] / ".." / "shared" / "reference" / "ptcg-data"
GAME = {"ruleset": "counter", "setup": SETUP}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteEventStore]:
    opened = SqliteEventStore(tmp_path / "games.db")
    yield opened
    opened.close()


def client_for(store: SqliteEventStore, **options: Any) -> TestClient:
    return TestClient(create_app(store, rulesets={"counter": RULESET}, **options))


def test_creating_and_listing_games_need_the_host_key_by_default(
    store: SqliteEventStore,
) -> None:
    key = mint_host_key(store)
    with client_for(store) as client:
        assert client.post("/api/games", json=GAME).status_code == 401
        wrong = client.post("/api/games", json=GAME, headers=bearer("host-made-up"))
        assert wrong.status_code == 403, wrong.text
        assert store.list_games() == []
        made = client.post("/api/games", json=GAME, headers=bearer(key))
        assert made.status_code == 201, made.text
        game_id = made.json()["game_id"]
        # A game's GM token is not a host key.
        gm = made.json()["gm_token"]
        assert client.post("/api/games", json=GAME, headers=bearer(gm)).status_code == 403
        assert client.get("/api/games").status_code == 401
        assert client.get("/api/games", headers=bearer(gm)).status_code == 403
        listed = client.get("/api/games", params={"token": key})
        assert listed.status_code == 200, listed.text
        assert [g["game_id"] for g in listed.json()["games"]] == [game_id]
        # The host opens every game as its game master.
        state = client.get(f"/api/games/{game_id}/state", headers=bearer(key))
        assert state.status_code == 200 and state.json()["role"] == "gm"


def test_a_host_key_minted_while_the_server_runs_works_at_once(
    store: SqliteEventStore,
) -> None:
    first = mint_host_key(store)
    with client_for(store) as client:
        assert client.get("/api/games", headers=bearer(first)).status_code == 200
        second = mint_host_key(store)  # what `turnkeeper host-link` does
        assert client.get("/api/games", headers=bearer(second)).status_code == 200
        assert client.post("/api/games", json=GAME, headers=bearer(second)).status_code == 201


def test_an_open_server_rate_limits_anonymous_creation_per_client(
    store: SqliteEventStore,
) -> None:
    key = mint_host_key(store)
    with client_for(store, open_games=True, open_rate=1.0) as client:
        answers = [client.post("/api/games", json=GAME) for _ in range(11)]
        assert [a.status_code for a in answers[:10]] == [201] * 10
        limited = answers[10]
        assert limited.status_code == 429, limited.text
        assert limited.json()["error"] == "rate_limited"
        assert int(limited.headers["Retry-After"]) >= 1
        assert len(store.list_games(100)) == 10
        # The host is not limited.
        assert client.post("/api/games", json=GAME, headers=bearer(key)).status_code == 201


def test_the_rate_limiter_refills_and_forgets_idle_clients() -> None:
    limiter = RateLimiter(per_minute=60, burst=2, max_clients=3)
    assert limiter.take("a", now=0.0) == 0.0
    assert limiter.take("a", now=0.0) == 0.0
    assert limiter.take("a", now=0.0) == pytest.approx(1.0)
    assert limiter.take("a", now=1.0) == 0.0  # one a second
    for client in ("b", "c", "d", "e"):
        limiter.take(client, now=100.0)
    assert len(limiter._buckets) <= 3


def test_an_open_server_caps_what_a_game_stores(store: SqliteEventStore) -> None:
    with client_for(store, open_games=True, max_game_bytes=2500) as client:
        made = client.post("/api/games", json=GAME)
        assert made.status_code == 201, made.text
        game_id, gm = made.json()["game_id"], made.json()["gm_token"]
        url = f"/api/games/{game_id}"
        codes: list[int] = []
        for _ in range(200):
            legal = client.get(f"{url}/legal", headers=bearer(gm)).json()
            kinds = {a["kind"]: a for a in legal["actions"]}
            chosen = kinds.get("roll") or kinds["end_turn"]
            action = {"kind": chosen["kind"], "actor": chosen["actor"]}
            body = {"action": action, "expected_seq": legal["seq"]}
            answer = client.post(f"{url}/play", json=body, headers=bearer(gm))
            codes.append(answer.status_code)
            if answer.status_code != 200:
                assert answer.status_code == 413, answer.text
                assert answer.json()["error"] == "too_large"
                break
        assert codes[-1] == 413 and codes.count(200) >= 3
        seq = client.get(f"{url}/state", headers=bearer(gm)).json()["seq"]
        assert seq == 1 + codes.count(200)  # nothing of the refused action was stored
        assert store.stored_bytes(game_id) <= 2500
        big = {"ruleset": "counter", "setup": {**SETUP, "notes": "x" * 3000}}
        assert client.post("/api/games", json=big).status_code == 413


# ------------------------------------------------------------------ card databases
PTCG = {"decks": ["sapphire", "ruby"]}


# A card of a made-up set (community card-database schema, facts and a short made-up effect
# text of the project's own): every EX-era card is bundled now, so only a card from outside
# the era is unknown without a named database.
HOMEBREW_CARD = {
    "id": "hb1-1", "name": "Testmon", "supertype": "Pokémon", "subtypes": ["Basic"],
    "hp": "60", "types": ["Fire"], "retreatCost": ["Colorless"],
    "weaknesses": [{"type": "Water", "value": "×2"}],
    "attacks": [{"name": "Test Flame", "cost": ["Fire"], "convertedEnergyCost": 1,
                 "damage": "20", "text": "Made up for a test: flip a coin, tails does nothing."}],
}  # fmt: skip


@pytest.fixture
def ptcg_client(store: SqliteEventStore, tmp_path: Path) -> Iterator[TestClient]:
    homebrew = tmp_path / "homebrew" / "cards"
    homebrew.mkdir(parents=True)
    (homebrew / "hb1.json").write_text(json.dumps([HOMEBREW_CARD]), "utf-8")
    card_dbs = {"ex-full": str(SHARED_CARDS), "homebrew": str(homebrew.parent)}
    app = create_app(store, open_games=True, open_rate=1e6, card_dbs=card_dbs)
    with TestClient(app) as client:
        yield client


@pytest.mark.parametrize(
    "card_db",
    ["/etc/shadow", "../../etc/passwd", "x" * 5000, "ex_full", "bundled/..", 3, ["bundled"]],
)
def test_a_card_database_path_or_unknown_name_from_a_client_is_refused(
    ptcg_client: TestClient, store: SqliteEventStore, card_db: Any
) -> None:
    answer = ptcg_client.post(
        "/api/games", json={"ruleset": "ptcg", "setup": {**PTCG, "card_db": card_db}}
    )
    assert answer.status_code == 422, answer.text
    body = answer.json()
    assert store.list_games() == []
    if isinstance(card_db, str) and len(card_db) > 4000:
        # Too long for any string field: the input bounds refuse it before the name check.
        assert body["error"] == "invalid_input"
        assert "setup.card_db" in body["detail"]
        return
    assert body["field"] == "setup.card_db"
    assert "bundled" in body["detail"] and "ex-full" in body["detail"]
    assert "/etc" not in body["detail"].split("is not")[-1]
    if card_db == "ex_full":
        assert "did you mean ex-full?" in body["detail"]


@pytest.mark.parametrize(
    ("ruleset", "setup", "field"),
    [
        ("ptu", {"moves_file": "/etc/passwd", "players": []}, "setup.moves_file"),
        ("pte", {"powers": "/etc/passwd", "characters": {}}, "setup.powers"),
    ],
)
def test_other_file_options_from_a_client_are_refused(
    ptcg_client: TestClient, ruleset: str, setup: dict[str, Any], field: str
) -> None:
    answer = ptcg_client.post("/api/games", json={"ruleset": ruleset, "setup": setup})
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field
    assert "not accepted over the API" in answer.json()["detail"]


def test_card_databases_are_chosen_by_name_and_published(ptcg_client: TestClient) -> None:
    listed = ptcg_client.get("/api/rulesets").json()
    assert listed["card_dbs"] == ["bundled", "ex-full", "homebrew"]
    bundled = ptcg_client.post(
        "/api/games", json={"ruleset": "ptcg", "setup": {**PTCG, "card_db": "bundled"}}
    )
    assert bundled.status_code == 201, bundled.text
    # A card only the named database has (Testmon, hb1-1: the bundled facts are the EX era's)
    # is unknown without it.
    position = {
        "position": {
            "p1": {"active": {"card": "Mudkip"}, "hand": [], "deck": ["Water Energy"] * 10},
            "p2": {"active": {"card": "hb1-1"}, "deck": ["Grass Energy"] * 10},
        }
    }
    without = ptcg_client.post("/api/games", json={"ruleset": "ptcg", "setup": position})
    assert without.status_code == 422, without.text
    assert "hb1-1" in without.json()["detail"]
    # Its attack has an effect and no handler: playing it needs allow_unimplemented
    # (READINGS: nothing is skipped silently).
    refused = ptcg_client.post(
        "/api/games", json={"ruleset": "ptcg", "setup": {**position, "card_db": "homebrew"}}
    )
    assert refused.status_code == 422, refused.text
    assert "Test Flame" in refused.json()["detail"]
    named = ptcg_client.post(
        "/api/games",
        json={
            "ruleset": "ptcg",
            "setup": {
                **position,
                "card_db": "homebrew",
                "settings": {"allow_unimplemented": True},
            },
        },
    )
    assert named.status_code == 201, named.text
    created = named.json()
    state = ptcg_client.get(
        f"/api/games/{created['game_id']}/state", headers=bearer(created["gm_token"])
    ).json()
    assert state["view"]["players"]["p2"]["active"]["card"] == "Testmon"
