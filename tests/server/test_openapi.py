"""Issue 10 part 8: the OpenAPI document tells the truth.

Every operation declares the error answers it can give, each with the one error body
(``{"error", "detail"}``); and schemathesis, with every check it has, finds nothing wrong
when it calls every operation with no token, a seat token and the GM's token.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig
from schemathesis.core.result import Ok

from tests.server.conftest import Table, counter_app, make_table
from turnkeeper.store import SqliteEventStore

load_all_checks()
ALL_CHECKS = list(CHECKS.get_all())


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Table]]:
    path: Path = tmp_path_factory.mktemp("openapi") / "games.db"
    store = SqliteEventStore(path)
    app = counter_app(store)
    with TestClient(app) as client:
        yield app, make_table(client)
    store.close()


def test_every_operation_declares_its_error_answers_with_the_error_body(
    served: tuple[Any, Table],
) -> None:
    _, table = served
    document = table.client.get("/openapi.json").json()
    error = document["components"]["schemas"]["ErrorOut"]
    assert {"error", "detail"} <= set(error["properties"]) and error["required"] == [
        "error",
        "detail",
    ]
    for path, item in document["paths"].items():
        for method, operation in item.items():
            codes = set(operation["responses"])
            expected = set()
            if "{game_id}" in path:
                expected |= {"401", "403", "404"}
            if method == "post":
                expected |= {"413", "422"}
            if path.endswith(("/play", "/undo")):
                expected.add("409")
            assert expected <= codes, (method, path, sorted(codes))
            for code in codes - {"200", "201"}:
                schema = operation["responses"][code]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/ErrorOut"}, (method, path, code)


#: Every check, as configured by default, but for one thing: the document cannot say which
#: set-ups, seats, actors and actions a ruleset takes (each ruleset has its own, and a game's
#: state decides the rest), so a request that fits the document may still be invalid input
#: for the game: 422, with the field path. Only that answer is added to what
#: positive_data_acceptance expects.
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "positive_data_acceptance": {
                "expected-statuses": ["2xx", "3xx", "401", "403", "404", "409", "422", "429"]
            }
        }
    }
)


def operations(app: Any) -> list[Any]:
    schema = schemathesis.openapi.from_asgi("/openapi.json", app, config=CONFIG)
    found = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result  # an operation schemathesis cannot read fails
        found.append(result.ok())
    assert len(found) >= 10
    return found


ROLES = [None, "north", "gm"]


def explore(operation: Any, table: Table, headers: dict[str, str], failures: list[str]) -> None:
    """Up to a dozen cases of ``operation`` with every check; a failure is noted (then
    raised, so that hypothesis shrinks it)."""

    @settings(
        max_examples=12,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(), real_game=st.booleans())
    def run(case: Any, real_game: bool) -> None:
        # Half the cases aim at the real game, so that tokens and bodies get past the 404.
        if real_game and case.path_parameters and "game_id" in case.path_parameters:
            case.path_parameters["game_id"] = table.game_id
        try:
            case.call_and_validate(headers=headers, checks=ALL_CHECKS)
        except (Exception, BaseExceptionGroup) as exc:
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}"[:1500])
            raise

    run()


@pytest.mark.parametrize("role", ROLES, ids=["no-token", "seat", "gm"])
def test_schemathesis_finds_nothing_with_every_check(
    served: tuple[Any, Table], role: str | None
) -> None:
    app, table = served
    headers = {} if role is None else {"Authorization": f"Bearer {table.tokens[role]}"}
    failures: list[str] = []
    for operation in operations(app):
        with contextlib.suppress(Exception, BaseExceptionGroup):
            explore(operation, table, headers, failures)
    assert not failures, "\n\n".join(failures)
