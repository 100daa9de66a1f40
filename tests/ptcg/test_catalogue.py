"""The declared action catalogue and set-up format of ptcg (issue 11, parts 1-3)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.ptcg.board import game
from turnkeeper.cli.app import app
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET, engine
from turnkeeper.rulesets.ptcg.actions import ACTIONS, Offer
from turnkeeper.rulesets.ptcg.sim import play_game


def _board() -> Game[Any]:
    return game(
        {"hand": ["Water Energy", "Treecko"], "active": {"card": "Mudkip"}, "bench": ["Wingull"]},
        {"active": "Torchic"},
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        # issue 11's own examples: the field is named, never silently dropped
        ({"attack": "Pound", "pokemon": "bench1"}, "attack: params.pokemon: unknown field"),
        (
            {"attack": "Pound", "targte": "active"},
            "params.targte: unknown field; did you mean target?",
        ),
    ],
)
def test_a_misspelled_attack_field_is_an_error_naming_it(
    params: dict[str, Any], message: str
) -> None:
    g = _board()
    before = g.state_hash()
    with pytest.raises(BadActionError, match=message):
        g.play(Action("attack", "p1", params))
    assert g.state_hash() == before


def test_attach_from_the_discard_is_an_error_naming_the_field() -> None:
    g = _board()
    bad = Action("attach", "p1", {"card": "Water Energy", "target": "active", "from": "discard"})
    with pytest.raises(BadActionError, match=r"params\.from: unknown field"):
        g.check(bad)
    # the correctly spelled action is allowed and attaches from the hand
    good = Action("attach", "p1", {"card": "Water Energy", "target": "active"})
    assert g.check(good) is None
    g.play(good)
    assert g.view()["players"]["p1"]["active"]["energy"] == ["Water Energy"]


def test_a_misspelled_kind_gets_a_did_you_mean_not_a_list() -> None:
    g = _board()
    with pytest.raises(BadActionError, match="did you mean attack") as info:
        g.check(Action("atack", "p1", {"attack": "Pound"}))
    assert "end_turn" not in str(info.value)
    with pytest.raises(BadActionError, match="did you mean play_trainer"):
        g.check(Action("play_traner", "p1", {"card": "Potion"}))


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"dekcs": ["sapphire", "ruby"]}, "dekcs: unknown field; did you mean decks?"),
        (
            {"decks": ["sapphire", "ruby"], "settings": {"first_turn_drawn": True}},
            "settings.first_turn_drawn: unknown field; did you mean first_turn_draw?",
        ),
        (
            {"decks": ["sapphire", "ruby"], "settings": {"prizes": -1}},
            "settings.prizes",
        ),
        (
            {
                "position": {
                    "p1": {"active": "Mudkip", "bench": [{"card": "Wingull", "damgae": 10}]},
                    "p2": {"active": "Torchic"},
                }
            },
            r"position.p1.bench\[0\].damgae: unknown field; did you mean damage\?",
        ),
        (
            {"position": {"p1": {"active": "Mudkip", "hnd": []}, "p2": {"active": "Torchic"}}},
            "position.p1.hnd: unknown field; did you mean hand?",
        ),
        (
            {
                "position": {
                    "p1": {"active": {"card": "Mudkip", "conditions": ["sleepy"]}},
                    "p2": {"active": "Torchic"},
                }
            },
            r"position.p1.active.conditions\[0\]",
        ),
        (
            {"decks": {"p1": [{"card": "Mudkip", "cout": 4}], "p2": "ruby"}},
            r"decks.p1\[0\].cout: unknown field; did you mean count\?",
        ),
    ],
)
def test_set_up_mistakes_name_their_path_with_a_did_you_mean(
    config: dict[str, Any], message: str
) -> None:
    with pytest.raises(SetupError, match=message):
        Game(RULESET, config)


def test_settings_are_read_once_into_a_typed_object() -> None:
    g = Game(RULESET, {"decks": ["sapphire", "ruby"], "settings": {"mulligan_draw": 2}}, seed=1)
    assert g.state.typed_settings.mulligan_draw == 2
    assert g.state.typed_settings.first_turn_attack is True
    assert g.view()["settings"]["mulligan_draw"] == 2


def _random_games(count: int) -> list[Game[Any]]:
    """Seeded random games through Game, kept at every step's offers (returned for use)."""
    games = []
    for seed in range(count):
        g = Game(RULESET, {"decks": ["sapphire", "ruby"]}, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not g.is_over() and steps < 400:
            offers = g.legal_actions(g.whose_turn()).list()
            for offer in offers:
                # the offer as plain data (what a client sends back) fits its declared model
                ACTIONS.validate(Action(offer.kind, offer.actor, dict(offer.params)))
                assert offer.kind in ACTIONS
                assert offer.cost_detail is not None, offer
                json.dumps(offer.to_dict())
                assert isinstance(offer, Offer)
                assert offer.typed == ACTIONS.parse(offer)
            g.play(offers[rng.randrange(len(offers))])
            steps += 1
        games.append(g)
    return games


def test_every_offer_over_many_random_games_validates_against_the_catalogue() -> None:
    games = _random_games(25)
    assert sum(len(g.log) for g in games) > 2000


def test_the_fast_path_offers_validate_too() -> None:
    seen: set[str] = set()

    def check_offers(state: Any) -> None:
        if state.phase == "over":
            return
        for offer in engine.legal_list(state, engine.whose_turn(state)):
            ACTIONS.validate(Action(offer.kind, offer.actor, dict(offer.params)))
            assert offer.typed == ACTIONS.parse(offer)
            seen.add(offer.kind)

    for i in range(20):
        play_game(
            ["sapphire", "ruby"], ["random", "greedy"], "catalogue", i, check_state=check_offers
        )
    assert {"attach", "attack", "bench", "end_turn", "play_trainer", "retreat"} <= seen


def test_cost_detail_has_one_shape() -> None:
    g = game(
        {
            "hand": ["Water Energy", "Professor Birch"],
            "active": {"card": "Mudkip", "energy": ["Water Energy"]},
            "bench": ["Wingull"],
            "deck": ["Water Energy"],
        },
        {"active": "Torchic"},
    )
    offers = {a.kind: a for a in g.legal_actions("p1")}
    assert offers["attach"].cost_detail == {"energy_attachment": 1}
    assert offers["play_trainer"].cost_detail == {"supporter": 1}
    assert offers["retreat"].cost_detail == {"retreat": 1, "discard_energy": 1}
    assert offers["attack"].cost_detail == {"attack": 1, "energy": ["Colorless"]}
    assert offers["end_turn"].cost_detail == {}


def test_the_catalogue_covers_every_kind_the_ruleset_offers_or_handles() -> None:
    assert set(ACTIONS) == set(engine.CHECKS) == set(engine.RUNS) == set(engine.ALL_KINDS)
    assert RULESET.actions is ACTIONS
    result = CliRunner().invoke(app, ["schema", "ptcg"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert set(document["actions"]) == set(engine.ALL_KINDS)
    assert "setup" in document
    assert set(document["setup"]["$defs"]["PtcgSetup"]["properties"]) == {
        "decks",
        "settings",
        "card_db",
        "position",
    }
