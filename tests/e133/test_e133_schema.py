"""e133's declared action and set-up models: misspellings are errors naming them, every offer
fits its model and carries a structured cost, and the schema covers every kind."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from tests.e133.outcome_hashes import setups
from turnkeeper.cli import schema_cmd
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.e133 import RULESET
from turnkeeper.rulesets.e133.actions import ACTION_KINDS, GM_KINDS


def make_app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """test root"""

    schema_cmd.register(app)
    return app


SLOTS = {"standard", "move", "full_round", "free", "bonus", "reaction"}


def encounter(**aria: Any) -> dict[str, Any]:
    return {"combatants": [
        {"id": "aria", "initiative": 20, "attack_bonus": 5, "ac": 14, **aria},
        {"id": "brute", "initiative": 10, "side": "foes", "attack_bonus": 3, "ac": 12},
    ]}


# ---------------------------------------------------------------------------- the cases
@pytest.mark.parametrize(("combatant", "path", "hint"), [
    ({"id": "aria", "inittiative": 3}, "combatants[0].inittiative", "did you mean initiative?"),
    ({"id": "aria", "atack_bonus": 5}, "combatants[0].atack_bonus", "did you mean attack_bonus?"),
    ({"id": "aria", "speeds": {"wlak": 30}}, "combatants[0].speeds.wlak", "did you mean walk?"),
    ({"id": "aria", "abilities": {"zap": {"tpye": "spell_like"}}},
     "combatants[0].abilities.zap.tpye", "did you mean type?"),
])
def test_a_misspelled_setup_key_is_an_error_naming_its_path(
    combatant: dict[str, Any], path: str, hint: str
) -> None:
    with pytest.raises(SetupError) as err:
        Game(RULESET, {"combatants": [combatant, {"id": "brute", "side": "foes"}]})
    assert str(err.value).startswith(f"{path}: unknown")
    assert hint in str(err.value)


def test_a_misspelled_top_level_key_or_setting_is_an_error() -> None:
    with pytest.raises(SetupError, match=r"^combatnats: unknown field; did you mean combatants"):
        Game(RULESET, {"combatnats": [{"id": "aria"}]})
    with pytest.raises(SetupError, match=r"^settings\.double_mvoe: unknown field; did you mean "
                                         r"double_move"):
        Game(RULESET, {**encounter(), "settings": {"double_mvoe": False}})


def test_correctly_spelled_setup_keys_take_effect() -> None:
    game = Game(RULESET, {**encounter(init_mod=2, initiative=3, attack_bonus={"melee": 7}),
                          "settings": {"double_move": False}})
    aria = game.state.fighters["aria"]
    assert (aria.count, aria.init_mod, aria.attack_bonus) == (3, 2, {"melee": 7})
    assert game.state.settings.double_move is False
    assert game.whose_turn() == "brute"


@pytest.mark.parametrize(("action", "message"), [
    (Action("move", "aria", {"distance": 5, "diffcult_terrain": True}),
     "move: params.diffcult_terrain: unknown field; did you mean difficult_terrain?"),
    (Action("atack", "aria", {"target": "brute"}), "unknown action kind 'atack' for e133; "
     "did you mean attack?"),
    (Action("attack", "aria", {"target": "brute", "mdoe": "ranged"}),
     "attack: params.mdoe: unknown field; did you mean mode?"),
    (Action("attack", "aria", {"target": "brute", "advantage": 1}),
     "attack: params.advantage: Expected bool, got int"),
    (Action("attack", "aria", {"target": "brute", "advantge": True}),
     "attack: params.advantge: unknown field; did you mean advantage?"),
    (Action("move", "aria", {"distance": 5, "mode": "teleport"}),
     "move: params.mode: 'teleport' is not allowed"),
    (Action("move", "aria", {"distance": 0}), "move: params.distance: Expected int >= 1"),
])
def test_a_misspelled_or_out_of_range_action_is_an_error_naming_it(
    action: Action, message: str
) -> None:
    game = Game(RULESET, encounter())
    before = game.state_hash()
    with pytest.raises(BadActionError) as err:
        game.play(action)
    assert str(err.value).startswith(message)
    assert game.state_hash() == before


def test_an_attack_of_opportunity_takes_no_mode() -> None:
    # Before the models, aoo {mode: ranged} was played as a melee attack.
    game = Game(RULESET, encounter())
    game.play(Action("end_turn", "aria"))
    game.play(Action("move", "brute", {"distance": 5, "leaves_threatened_by": ["aria"]}))
    with pytest.raises(BadActionError, match=r"^aoo: params\.mode: unknown field"):
        game.check(Action("aoo", "aria", {"target": "brute", "mode": "ranged"}))
    assert game.check(Action("aoo", "aria", {"target": "brute"})) is None


def test_correctly_spelled_params_take_effect() -> None:
    game = Game(RULESET, encounter())
    game.play(Action("move", "aria", {"distance": 10, "difficult_terrain": True}))
    assert game.state.fighters["aria"].move_used == 20
    refusal = game.check(Action("move", "aria", {"distance": 10, "difficult_terrain": True}))
    assert refusal is not None and refusal.rule == "e133.move.difficult-terrain"


def test_a_param_only_the_state_can_judge_is_still_a_bad_action() -> None:
    game = Game(RULESET, encounter())
    with pytest.raises(BadActionError, match=r"params\.target: no combatant 'ghost'"):
        game.check(Action("attack", "aria", {"target": "ghost"}))
    with pytest.raises(BadActionError, match=r"threatened_by: aria is not an enemy"):
        game.check(Action("cast", "aria", {"spell": "spark", "threatened_by": ["aria"]}))


# ---------------------------------------------------------------------------- every offer
def _offers_of_random_games(games_per_setup: int = 6, steps: int = 40) -> list[Action]:
    offers: list[Action] = []
    for setup in setups().values():
        for seed in range(games_per_setup):
            game = Game(RULESET, setup, seed=seed)
            chooser = random.Random(seed)
            for _ in range(steps):
                listed = game.legal_actions().list()
                if not listed or game.is_over():
                    break
                offers += listed
                game.play(chooser.choice(listed))
    return offers


OFFERS = _offers_of_random_games()


def test_every_offer_fits_its_declared_model() -> None:
    assert len(OFFERS) > 10_000
    for offer in OFFERS:
        RULESET.actions.validate(offer)


def test_every_offer_carries_a_structured_cost_beside_its_label() -> None:
    for offer in OFFERS:
        detail = offer.cost_detail
        assert detail is not None, offer
        assert offer.cost, offer
        assert set(detail) <= SLOTS and all(v == 1 for v in detail.values()), offer
        # the label and the data say the same
        if detail:
            (slot,) = detail
            assert slot.replace("_", "-") in offer.cost, offer
        else:
            assert offer.cost in ("no action", "part of the current move action"), offer


def test_offered_odds_are_exact_fractions_with_their_float() -> None:
    with_odds = [offer for offer in OFFERS if offer.odds]
    assert with_odds
    for offer in with_odds:
        odds = offer.odds
        assert odds is not None
        chance = next(key for key in ("hit", "success") if key in odds)
        exact = Fraction(odds[chance])
        assert 0 <= exact <= 1
        # every exact entry (hit or success; with the fight also critical and drop) as float
        exact_entries = {key: float(Fraction(value)) for key, value in odds.items()
                         if key in ("hit", "success", "critical", "drop")}
        assert chance in exact_entries
        assert offer.to_dict()["odds_value"] == exact_entries


# ---------------------------------------------------------------------------- the schema
def test_the_catalogue_declares_exactly_the_kinds_the_ruleset_handles() -> None:
    assert set(RULESET.actions) == set(ACTION_KINDS)
    assert {kind for kind, row in RULESET.actions.items() if row.gm_only} == set(GM_KINDS)
    assert {offer.kind for offer in OFFERS} <= set(RULESET.actions)


def test_turnkeeper_schema_prints_every_kind_and_the_setup() -> None:
    result = CliRunner().invoke(make_app(), ["schema", "e133"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert set(document["actions"]) == set(ACTION_KINDS)
    assert "combatants" in document["setup"]["$defs"]["E133Setup"]["properties"]
    one = json.loads(CliRunner().invoke(make_app(), ["schema", "e133", "move"]).output)
    move = one["actions"]["move"]["params"]
    assert one["$defs"][move["$ref"].rsplit("/", 1)[-1]]["properties"]["distance"]["x-open"]
    wrong = CliRunner().invoke(make_app(), ["schema", "e133", "atack"])
    assert wrong.exit_code != 0 and "did you mean attack?" in wrong.output


def test_a_readied_actions_params_are_checked_against_its_kind() -> None:
    game = Game(RULESET, encounter())
    with pytest.raises(BadActionError, match=r"^ready: params\.action_params\.targte: unknown "
                                             r"field for attack; did you mean target\?"):
        game.check(Action("ready", "aria", {"trigger": "the door opens", "action": "attack",
                                            "action_params": {"targte": "brute"}}))
    assert game.check(Action("ready", "aria", {"trigger": "the door opens", "action": "attack",
                                               "action_params": {"target": "brute"}})) is None


def test_the_parse_memo_keys_an_action_without_params_by_its_kind() -> None:
    # the memo keys an action without parameters by its kind alone: each kind still gets its
    # own model, and a kind that needs a parameter is refused every time, never remembered
    catalogue = RULESET.actions
    end_turn = catalogue.parse(Action("end_turn", "aria"))
    assert type(end_turn).__name__ == "EndTurn"
    assert catalogue.parse(Action("end_turn", "brute")) is end_turn
    assert type(catalogue.parse(Action("dodge", "aria"))) is not type(end_turn)
    for _ in range(2):
        with pytest.raises(BadActionError, match=r"^attack: params\.target: required field"):
            catalogue.validate(Action("attack", "aria"))
    # with parameters, the values' types still part the keys: 5 and 5.0 are equal, not alike
    assert catalogue.parse(Action("move", "aria", {"distance": 5})) is catalogue.parse(
        Action("move", "brute", {"distance": 5}))
    with pytest.raises(BadActionError, match=r"^move: params\.distance: Expected int"):
        catalogue.validate(Action("move", "aria", {"distance": 5.0}))


def test_the_parse_memo_tells_apart_more_fewer_and_unhashable_params() -> None:
    # the memo walks a tree of names, values and types: a longer set of parameters that
    # starts like a shorter one, the same ones in another order, and a list value (which
    # cannot be a key, so is parsed every time) each parse as the plain catalogue does
    from turnkeeper.core.schema import ActionCatalogue
    from turnkeeper.rulesets.e133.actions import _MemoCatalogue

    memo = _MemoCatalogue("e133", list(RULESET.actions.values()))
    plain = ActionCatalogue("e133", list(RULESET.actions.values()))
    given: list[dict[str, Any]] = [
        {"distance": 5},
        {"distance": 5, "difficult_terrain": True},
        {"difficult_terrain": True, "distance": 5},
        {"distance": 5, "difficult_terrain": 1},
        {"distance": 5, "leaves_threatened_by": ["brute"]},
        {"distance": 5, "leaves_threatened_by": ["aria", "brute"]},
        {"distance": 5},
    ]
    for _ in range(2):
        for params in given:
            action = Action("move", "aria", dict(params))
            try:
                expected = plain.parse(action)
            except BadActionError as exc:
                with pytest.raises(BadActionError) as err:
                    memo.parse(action)
                assert str(err.value) == str(exc)
            else:
                assert memo.parse(action) == expected
    # the tree holds each hashable set of parameters parsed once (not the refused one),
    # and starts again when full
    assert memo._seen_count == 3
    for distance in range(1, 4200):
        parsed = memo.parse(Action("move", "aria", {"distance": distance}))
        assert parsed == plain.parse(Action("move", "aria", {"distance": distance}))
        assert 0 < memo._seen_count <= 4096
    assert memo.parse(Action("move", "aria", {"distance": 4199})) is parsed
