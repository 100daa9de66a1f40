"""Every offer a seat is shown is one that seat may send (issue 12): played AS that seat through
the server's own permission check, no offer is refused for a kind or a field only the game
master may set (before, pte offered players checks with the GM's DC: a 403 on every card)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import OPEN, Table
from turnkeeper.core.game import Game
from turnkeeper.dice.source import ForcedDice, SeededDice
from turnkeeper.rulesets import RULESET_MODULES, get_ruleset
from turnkeeper.scenario.runner import load_scenarios
from turnkeeper.server import create_app
from turnkeeper.server.permissions import gm_only_violation
from turnkeeper.store import SqliteEventStore

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
GAMES_PER_RULESET = 6
STEPS = 12


def _games(ruleset_name: str) -> Iterator[Game[Any]]:
    """Seeded games from the set-ups of the ruleset's scenario files (one per file, in order)."""
    ruleset = get_ruleset(ruleset_name)
    files = sorted((SCENARIOS / ruleset_name).glob("*.yaml"))
    for path in files[:GAMES_PER_RULESET]:
        scenario = load_scenarios(path)[0]
        forced = None
        if scenario.setup_dice is not None:
            forced = ForcedDice(scenario.setup_dice, fallback=SeededDice(f"{scenario.seed}/0"))
        yield Game(
            ruleset, _seated(ruleset_name, scenario.setup), seed=scenario.seed, setup_dice=forced
        )


def _seated(ruleset_name: str, setup: dict[str, Any]) -> dict[str, Any]:
    """e133 combatants without a ``controller`` are the GM's: give each a seat of its own."""
    if ruleset_name != "e133":
        return setup
    combatants = [
        {**c, "controller": c.get("controller") or c["id"]} for c in setup.get("combatants", [])
    ]
    return {**setup, "combatants": combatants}


def _seat_offers(game: Game[Any]) -> Iterator[tuple[str, Any]]:
    """``(seat, offer)`` for every actor a player's seat controls, from that actor's own list."""
    ruleset = game.ruleset
    for actor in ruleset.actors(game.state):
        seat = ruleset.controller(game.state, actor)
        if seat is None:
            continue  # only the game master acts for it
        for offer in game.legal_actions(actor):
            yield seat, offer


@pytest.mark.parametrize("ruleset_name", sorted(RULESET_MODULES))
def test_no_offer_to_a_seat_sets_what_only_the_gm_may(ruleset_name: str) -> None:
    ruleset = get_ruleset(ruleset_name)
    checked = 0
    for number, game in enumerate(_games(ruleset_name)):
        rng = random.Random(number)
        for _ in range(STEPS):
            for seat, offer in _seat_offers(game):
                # The server's checks for a seat: it controls the actor, and no GM-only field.
                assert ruleset.controller(game.state, offer.actor) == seat
                violation = gm_only_violation(ruleset, offer)
                assert violation is None, f"{seat} is offered {offer} but {violation}"
                assert game.check(offer) is None, f"{seat} is offered a refused {offer}"
                checked += 1
            table = list(game.legal_actions(None))
            if not table or game.outcome() is not None:
                break
            game.play(rng.choice(table))
    assert checked > 50, f"only {checked} seat offers were seen for {ruleset_name}"


@pytest.fixture
def pte_table(tmp_path: Path) -> Iterator[Table]:
    store = SqliteEventStore(tmp_path / "games.db")
    app = create_app(store, rulesets={"pte": get_ruleset("pte")}, **OPEN)
    setup = {
        "characters": {
            "ash": {"skills": {"athletics": "adept", "survival": "novice"}},
            "brock": {"skills": {"charm": "expert"}},
        },
        "tasks": {"Climb the Wall": {"dc": 12, "skill": "athletics"}},
    }
    with TestClient(app) as client:
        created = client.post("/api/games", json={"ruleset": "pte", "setup": setup})
        assert created.status_code == 201, created.text
        table = Table(client, created.json()["game_id"], {"gm": created.json()["gm_token"]})
        table.tokens["ash"] = table.post("seats", {"seat": "ash"}).json()["token"]
        yield table
    store.close()


def test_a_pte_player_checks_every_offered_card_over_http(pte_table: Table) -> None:
    """The web page's player cards: every action the seat is offered is answered 200."""
    offers = pte_table.get("legal", "ash").json()["actions"]
    kinds = {offer["kind"] for offer in offers}
    assert {"request_check", "check", "opposed_check"} <= kinds, kinds
    for offer in offers:
        action = {k: offer[k] for k in ("kind", "actor", "params")}
        answer = pte_table.post("check", {"action": action}, "ash")
        assert answer.status_code == 200, (offer, answer.text)
        assert answer.json()["allowed"] is True, (offer, answer.json())
    # The request the player sends is answered by the GM with the DC (offered to the GM).
    request = next(o for o in offers if o["kind"] == "request_check")
    played = pte_table.post(
        "play",
        {"action": {k: request[k] for k in ("kind", "actor", "params")}, "expected_seq": 1},
        "ash",
    )
    assert played.status_code == 200, played.text
    answers = [
        o for o in pte_table.get("legal", "gm").json()["actions"] if o["kind"] == "answer_check"
    ]
    assert [a["params"]["request"] for a in answers] == ["r1"]
