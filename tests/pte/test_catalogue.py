"""The declared action kinds and set-up of ``pte``: misspellings are errors, offers validate."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.pte.outcome_hashes import setups
from turnkeeper.cli.app import app
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import ruleset_schema
from turnkeeper.rulesets.pte import RULESET

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {"skills": {"athletics": "adept", "charm": "novice"}},
        "brock": {"skills": {"athletics": "novice", "charm": "expert"}},
    }
}
FRACTION = re.compile(r"^\d+(/\d+)?$")


def game(config: dict[str, Any] | None = None) -> Game[Any]:
    return Game(RULESET, config or CONFIG, seed=3)


@pytest.mark.parametrize(
    ("kind", "params", "message"),
    [
        (
            "check",
            {"skil": "athletics", "dc": 10},
            "params.skil: unknown field; did you mean skill?",
        ),
        ("check", {"skill": "athletics", "dc": 10, "synergie": "charm"}, "did you mean synergy?"),
        (
            "check",
            {"skill": "athletics", "dc": 10, "circumstances": [{"name": "night", "dcie": -1}]},
            r"params.circumstances\[0\].dcie: unknown field; did you mean dice?",
        ),
        ("check", {"skill": "athletics", "dc": 10, "action_type": "standart"}, "action_type"),
        ("use_power", {"power": "Climb", "dc": 10, "tkae": 3}, "did you mean take?"),
        ("opposed_check", {"skill": "charm", "traget": "brock"}, "did you mean target?"),
        (
            "team_check",
            {"participants": ["ash", "brock"], "skill": "charm", "dc": 5, "poeple": 2},
            "did you mean people?",
        ),
        (
            "start_task",
            {"task": "t", "skill": "charm", "dc": 5, "multipler": 2},
            "did you mean multiplier?",
        ),
        (
            "chek",
            {"skill": "athletics", "dc": 10},
            "unknown action kind 'chek' for pte; did you mean check?",
        ),
        ("advance_time", {"minuts": 5}, "did you mean minutes?"),
        ("check", {"skill": "athletics", "dc": 501}, "params.dc"),
        ("check", {"skill": "athletics", "dc": 10, "bonus": True}, "params.bonus"),
    ],
)
def test_misspelled_fields_and_kinds_are_named_with_a_did_you_mean(
    kind: str, params: dict[str, Any], message: str
) -> None:
    g = game()
    actor = "gm" if kind == "advance_time" else "ash"
    before = g.state_hash()
    with pytest.raises(BadActionError, match=message):
        g.check(Action(kind, actor, params))
    with pytest.raises(BadActionError, match=message):
        g.play(Action(kind, actor, params))
    assert g.state_hash() == before


@pytest.mark.parametrize(
    ("kind", "params"),
    [
        ("check", {"skill": "athletics", "dc": 10, "synergy": "charm"}),
        (
            "check",
            {"skill": "athletics", "dc": 10, "circumstances": [{"name": "night", "dice": -1}]},
        ),
        ("use_power", {"power": "Climb", "dc": 10}),
        ("opposed_check", {"skill": "charm", "target": "brock"}),
        ("team_check", {"participants": ["ash", "brock"], "skill": "charm", "dc": 5, "people": 2}),
        ("start_task", {"task": "t", "skill": "charm", "dc": 5, "multiplier": 2}),
        ("advance_time", {"minutes": 5}),
    ],
)
def test_the_same_actions_spelled_right_are_played(kind: str, params: dict[str, Any]) -> None:
    g = game()
    actor = "gm" if kind == "advance_time" else "ash"
    assert g.play(Action(kind, actor, params))


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            {"characters": {"ash": {"skils": {"athletics": "adept"}}}},
            "characters.ash.skils: unknown field; did you mean skills?",
        ),
        ({"charactres": {"ash": {}}}, "charactres: unknown field; did you mean characters?"),
        ({"characters": {"ash": {}}, "typicl_dc": 12}, "did you mean typical_dc?"),
        (
            {"characters": [{"id": "ash", "playr": "alice"}]},
            r"characters\[0\].playr: unknown field; did you mean player?",
        ),
        (
            {"characters": {"ash": {}}, "powers": [{"name": "X", "skill": "a", "min_rnak": 3}]},
            r"powers\[0\].min_rnak: unknown field; did you mean min_rank?",
        ),
        ({"characters": {"ash": {}}, "typical_dc": "ten"}, "typical_dc"),
    ],
)
def test_setup_misspellings_name_the_path(config: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game(RULESET, config)


def test_setup_spelled_right_is_accepted() -> None:
    config = {
        "characters": [{"id": "ash", "player": "alice", "skills": {"athletics": "adept"}}],
        "typical_dc": 12,
        "powers": [{"name": "X", "skill": "athletics", "min_rank": 3}],
    }
    g = Game(RULESET, config)
    assert g.state.typical_dc == 12 and g.state.characters["ash"].player == "alice"


def _offers_of_random_games(games: int) -> list[Action]:
    offers: list[Action] = []
    configs = setups()
    for seed in range(games):
        rng = random.Random(1000 + seed)
        g = Game(RULESET, configs[seed % len(configs)], seed=seed)
        for _ in range(12):
            now = list(g.legal_actions(None))
            offers.extend(now)
            g.play(rng.choice(now))
    return offers


def test_every_offer_validates_and_carries_structured_cost_and_exact_odds() -> None:
    offers = _offers_of_random_games(30)
    assert len(offers) > 1000
    slots = {"free", "interrupt", "standard", "full", "extended_s", "extended_l", "downtime"}
    for offer in offers:
        RULESET.actions.validate(offer)
        assert offer.cost and isinstance(offer.cost_detail, dict), offer
        assert set(offer.cost_detail) <= slots | {"rounds", "seconds"}, offer.cost_detail
        if offer.cost_detail:
            assert set(offer.cost_detail) & (slots | {"rounds"}), offer.cost_detail
        for value in (offer.odds or {}).values():
            assert FRACTION.match(value), offer.odds
        data = offer.to_dict()
        assert data["cost_detail"] == offer.cost_detail
        if offer.odds:
            assert set(data["odds_value"]) == set(offer.odds)
    kinds = {offer.kind for offer in offers}
    assert kinds <= set(RULESET.actions)
    assert {"check", "use_power", "opposed_check", "start_task", "end_turn"} <= kinds


def test_structured_costs_by_action_type() -> None:
    g = game()
    # The table's list (the GM may send the DC for a character); ash's own seat asks instead.
    ashes = [a for a in g.legal_actions(None) if a.actor == "ash"]
    offers = {json.dumps(a.params, sort_keys=True): a for a in ashes}
    standard = offers[json.dumps({"dc": 10, "skill": "athletics"}, sort_keys=True)]
    assert standard.cost_detail == {"standard": 1, "seconds": 3}
    start = next(a for a in offers.values() if a.kind == "start_task")
    assert start.cost_detail == {}
    g.play(Action("start_downtime", "gm", {}))
    downtime = [
        a
        for a in g.legal_actions(None)
        if a.actor == "ash" and a.params.get("action_type") == "downtime"
    ]
    assert downtime and downtime[0].cost_detail == {"downtime": 1, "seconds": 3 * 3600}


def test_the_catalogue_is_every_kind_the_ruleset_handles() -> None:
    """Each declared kind reaches the ruleset's own rules (no 'unknown kind'), and every kind
    the ruleset dispatches is declared."""
    from turnkeeper.rulesets.pte.ruleset import KINDS

    assert set(KINDS) == set(RULESET.actions)
    schema = ruleset_schema(RULESET)
    assert set(schema["actions"]) == set(RULESET.actions)
    assert "characters" in schema["setup"]["$defs"]["PteSetup"]["properties"]


def test_turnkeeper_schema_prints_every_kind() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["schema", "pte"])
    assert done.exit_code == 0, done.output
    document = json.loads(done.stdout)
    assert set(document["actions"]) == set(RULESET.actions)
    for kind in RULESET.actions:
        one = runner.invoke(app, ["schema", "pte", kind])
        assert one.exit_code == 0 and set(json.loads(one.stdout)["actions"]) == {kind}
    wrong = runner.invoke(app, ["schema", "pte", "chek"])
    assert wrong.exit_code == 2 and "did you mean check?" in wrong.output


def test_who_sets_what_is_marked_gm_only() -> None:
    """READINGS (pte): the DC, circumstance dice, synergy approval and Take X are the GM's."""
    gm_set = {"dc", "circumstances", "synergy", "take", "time_factor"}
    assert gm_set <= RULESET.actions["check"].gm_only_fields()
    assert gm_set <= RULESET.actions["use_power"].gm_only_fields()
    assert {"circumstances", "synergy", "take", "time_factor", "target_circumstances"} <= (
        RULESET.actions["opposed_check"].gm_only_fields()
    )
    assert {"dc", "people", "circumstances"} <= RULESET.actions["team_check"].gm_only_fields()
    assert {"dc", "multiplier"} <= RULESET.actions["start_task"].gm_only_fields()
    # What a player names is theirs: the skill, the power, a helper, a flat bonus.
    assert not {"skill", "helper", "bonus", "action_type"} & (
        RULESET.actions["check"].gm_only_fields()
    )


@pytest.mark.parametrize(
    ("actor", "kind", "params", "message"),
    [
        ("ahs", "check", {"skill": "athletics", "dc": 5}, "unknown actor 'ahs'; did you mean ash?"),
        (
            "ash",
            "use_power",
            {"power": "Climbb", "dc": 5},
            "unknown power 'Climbb'; did you mean Climb?",
        ),
    ],
)
def test_names_only_the_state_knows_get_a_did_you_mean_too(
    actor: str, kind: str, params: dict[str, Any], message: str
) -> None:
    with pytest.raises(BadActionError, match=re.escape(message)):
        game().check(Action(kind, actor, params))


def test_the_schema_marks_open_values_and_the_gms_fields() -> None:
    document = RULESET.actions.json_schema("check")
    fields = document["$defs"]["CheckParams"]["properties"]
    assert fields["dc"]["x-gm-only"] and fields["dc"]["x-open"]
    assert fields["minutes"]["x-open"] and "x-gm-only" not in fields["minutes"]
    assert {"free", "interrupt", "standard", "rounds"} <= set(
        fields["action_type"]["anyOf"][0]["enum"]
    )
    assert "x-open" not in fields["helper"]
