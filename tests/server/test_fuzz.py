"""Issue 10 part 3: arbitrary JSON to every endpoint, as nobody, a seat and the GM.

Whatever is sent: never a 5xx; a 4xx changes nothing stored (games, commands, tokens); and
after anything that was accepted, every read of the game still answers 200 (what is stored
can never break a later read).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.conftest import Table, counter_app, make_table
from tests.server.counter import SETUP
from turnkeeper.store import SqliteEventStore

# Text with everything a client can send in JSON: NULs, lone surrogates, any plane.
TEXT = st.text(st.characters(exclude_categories=()), max_size=12) | st.sampled_from(
    ["\udfff", "a\ud800", "\x00", "x" * 5000, "north", "add", "ann", "bob"]
)
# A URL carries bytes, not surrogates (odd bytes arrive as replacement characters).
QUERY = st.text(max_size=12) | st.sampled_from(["\x00", "x" * 5000, "-1", "99999999999999999999"])
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | TEXT
)
JSON = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)


def deep(value: Any, levels: int) -> Any:
    for _ in range(levels):
        value = [value]
    return value


ANY_VALUE = JSON | st.tuples(JSON, st.integers(0, 60)).map(lambda t: deep(*t))


CURRENT = "<current seq>"
WHOSE_TURN = "<whose turn>"


@st.composite
def bodies(draw: st.DrawFn, path: str) -> Any:
    """Arbitrary JSON, or (mostly) one shaped like the route's real body with arbitrary parts."""
    shapes = {"/api/games": "game", "seats": "seat", "check": "action", "play": "action"}
    shape = draw(st.sampled_from(["any", shapes.get(path, "any"), shapes.get(path, "any")]))
    if shape == "any":
        return draw(ANY_VALUE)
    if shape == "action" and draw(st.booleans()):
        # A play the rules accept, carrying an arbitrary extra parameter.
        extra = {draw(st.sampled_from(["x", "note"]) | TEXT): draw(ANY_VALUE)}
        kind = draw(st.sampled_from(["add", "end_turn"]))
        action = {"kind": kind, "actor": WHOSE_TURN, "params": {"amount": 1, **extra}}
        return {"action": action, "expected_seq": CURRENT}
    if shape == "action":
        params: dict[str, Any] = {"amount": draw(st.integers(0, 4))}
        if draw(st.booleans()):
            params[draw(st.sampled_from(["x", "card"]) | TEXT)] = draw(ANY_VALUE)
        action = {
            "kind": draw(st.sampled_from(["add", "add", "roll", "end_turn"]) | TEXT),
            "actor": draw(st.sampled_from(["ann", "bob"]) | TEXT),
            "params": params,
        }
        # Mostly the game's current seq (filled in when sent), so that plays get through.
        seq = draw(st.sampled_from([CURRENT, CURRENT, CURRENT]) | st.integers(-1, 4))
        body: dict[str, Any] = {"action": action, "expected_seq": seq}
        if path == "check":
            return {"action": action}
        if draw(st.booleans()):
            body["idempotency_key"] = draw(TEXT)
        return body
    if shape == "game":
        setup = draw(st.just(SETUP) | st.dictionaries(TEXT, ANY_VALUE, max_size=3))
        return {"ruleset": draw(st.just("counter") | TEXT), "setup": setup, "seed": draw(LEAF)}
    return {"seat": draw(st.sampled_from(["north", "south"]) | TEXT)}


ROUTES = [
    ("POST", "/api/games"),
    ("POST", "seats"),
    ("POST", "spectators"),
    ("GET", "state"),
    ("GET", "legal"),
    ("POST", "check"),
    ("POST", "play"),
    ("POST", "play"),
    ("POST", "play"),
    ("POST", "play"),
    ("POST", "undo"),
    ("GET", "log"),
    ("GET", "replay"),
]
WHO = [None, "gm", "gm", "gm", "north", "spectator", "forged"]


def stored(client: TestClient, game_id: str) -> Any:
    store = client.app.state.service.store  # type: ignore[attr-defined]
    return (
        [g.id for g in store.list_games(limit=10_000)],
        [(c.seq, c.kind, c.events, c.action) for c in store.commands(game_id)],
        sorted((t.token_hash, t.role, t.seat) for t in store.tokens(game_id)),
    )


def reads_work(table: Table) -> None:
    for who, paths in (("gm", ("state", "log", "replay", "legal")), ("north", ("state", "log"))):
        for path in paths:
            response = table.get(path, who)
            assert response.status_code == 200, (who, path, response.text[:300])


@settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    route=st.shared(st.sampled_from(ROUTES), key="route"),
    who=st.sampled_from(WHO),
    body=st.shared(st.sampled_from(ROUTES), key="route").flatmap(lambda r: bodies(r[1])),
    query=st.dictionaries(st.sampled_from(["actor", "after", "limit", "token"]), QUERY, max_size=2),
)
def test_arbitrary_json_never_5xx_and_4xx_change_nothing(
    shared_table: Table, route: tuple[str, str], who: str | None, body: Any, query: dict[str, str]
) -> None:
    table = shared_table
    method, path = route
    url = path if path.startswith("/") else table.url(path)
    headers = {"content-type": "application/json"}
    if who == "forged":
        headers["Authorization"] = "Bearer " + "A" * 43
    elif who is not None:
        headers["Authorization"] = f"Bearer {table.tokens[who]}"
    before = stored(table.client, table.game_id)
    if method == "GET":
        response = table.client.get(url, headers=headers, params=query)
    else:
        if isinstance(body, dict) and body.get("expected_seq") == CURRENT:
            body = {**body, "expected_seq": len(before[1])}
        if isinstance(body, dict) and body.get("action", {}).get("actor") == WHOSE_TURN:
            actor = table.state()["whose_turn"]
            body = {**body, "action": {**body["action"], "actor": actor}}
        content = json.dumps(body).encode()
        response = table.client.post(url, headers=headers, params=query, content=content)
    assert response.status_code < 500, (method, url, response.text[:300])
    if 400 <= response.status_code < 500:
        assert stored(table.client, table.game_id) == before, (method, url, response.text[:300])
        assert set(response.json()) >= {"error", "detail"}
    reads_work(table)


@pytest.fixture(scope="module")
def shared_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "games.db"
    store = SqliteEventStore(path)
    with TestClient(counter_app(store)) as client:
        yield make_table(client)
    store.close()
