"""Declared action and set-up models (core/schema.py) and how the kernel uses them."""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal

import msgspec
import pytest

from tests.core.toy import ToyRuleset
from turnkeeper.core import Action, BadActionError, Game, Refusal, Rule, RuleCatalogue, SetupError
from turnkeeper.core.model import odds_values
from turnkeeper.core.schema import (
    ActionCatalogue,
    ActionKind,
    Params,
    SchemaError,
    did_you_mean,
    meta,
    parse_model,
    parse_setup,
    ruleset_schema,
)
from turnkeeper.dice.source import SeededDice


class MoveParams(Params):
    distance: Annotated[int, meta("feet moved", ge=0, le=1000, open_value=True)]
    mode: Annotated[Literal["walk", "fly"], meta("how the creature moves")] = "walk"
    difficult_terrain: Annotated[bool, meta("the path crosses difficult terrain")] = False


class CheckParams(Params):
    skill: Annotated[str, meta("the skill rolled", max_length=40)]
    dc: Annotated[int, meta("difficulty", gm_only=True, ge=0, le=99)] | None = None


class EmptyParams(Params):
    pass


class Combatant(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    initiative: int | None = None


class Setup(msgspec.Struct, forbid_unknown_fields=True):
    combatants: list[Combatant]


CATALOGUE = ActionCatalogue(
    "toy",
    [
        ActionKind("move", MoveParams, "move up to your speed", "movement"),
        ActionKind("check", CheckParams, "roll a skill check", "skills"),
        ActionKind("add", EmptyParams, "roll a d6 onto your total", "turns"),
        ActionKind("hold", EmptyParams, "end your turn", "turns"),
        ActionKind("cheer", EmptyParams, "cheer out of turn", "turns"),
    ],
)


class DeclaredToy(ToyRuleset):
    """The toy ruleset with a table of declared action kinds."""

    actions = CATALOGUE
    setup_model = Setup


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(BadActionError) as info:
        CATALOGUE.validate(Action("move", "a", data))
    return str(info.value)


def test_a_misspelled_field_is_named_with_a_did_you_mean() -> None:
    message = _error({"distance": 5, "diffcult_terrain": True})
    assert message.startswith("move: params.diffcult_terrain: unknown field")
    assert "did you mean difficult_terrain?" in message
    assert "allowed: distance, mode, difficult_terrain" in message


def test_the_correct_spelling_is_accepted_with_defaults() -> None:
    parsed = CATALOGUE.parse(Action("move", "a", {"distance": 5, "difficult_terrain": True}))
    assert isinstance(parsed, MoveParams)
    assert (parsed.distance, parsed.mode, parsed.difficult_terrain) == (5, "walk", True)


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({}, "params.distance: required field is missing"),
        ({"distance": "5"}, "params.distance: Expected int, got str"),
        ({"distance": True}, "params.distance: Expected int, got bool"),
        ({"distance": -1}, "params.distance: Expected int >= 0"),
        ({"distance": 1001}, "params.distance: Expected int <= 1000"),
        ({"distance": 5, "mode": "swim"}, "params.mode: 'swim' is not allowed (allowed: fly, wa"),
    ],
)
def test_wrong_values_name_the_field(data: dict[str, Any], expected: str) -> None:
    assert expected in _error(data)


def test_range_boundaries_are_inclusive() -> None:
    for distance in (0, 1000):
        CATALOGUE.validate(Action("move", "a", {"distance": distance}))


def test_an_unknown_kind_gets_a_did_you_mean_not_a_list() -> None:
    expected = r"unknown action kind 'mvoe' for toy; did you mean move\?"
    with pytest.raises(BadActionError, match=expected):
        CATALOGUE.row("mvoe")
    with pytest.raises(BadActionError) as info:
        CATALOGUE.row("zzzzzz")
    assert "did you mean" not in str(info.value)
    assert "turnkeeper schema toy" in str(info.value)


def test_did_you_mean_needs_a_close_word() -> None:
    assert did_you_mean("atack", ["attack", "move"]) == "; did you mean attack?"
    assert did_you_mean("qqq", ["attack", "move"]) == ""


def test_a_kind_declared_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        ActionCatalogue(
            "toy", [ActionKind("a", EmptyParams, "x"), ActionKind("a", EmptyParams, "y")]
        )


def test_setup_errors_name_the_nested_path() -> None:
    with pytest.raises(SetupError) as info:
        parse_setup(Setup, {"combatants": [{"id": "aria", "inittiative": 3}]})
    assert str(info.value).startswith("combatants[0].inittiative: unknown field")
    assert "did you mean initiative?" in str(info.value)
    with pytest.raises(SetupError, match=r"^combatnats: unknown field; did you mean combatants\?"):
        parse_setup(Setup, {"combatnats": []})
    with pytest.raises(SchemaError) as schema_info:
        parse_model(Setup, {"combatants": [{"id": 3}]})
    assert schema_info.value.path == "combatants[0].id"
    assert parse_setup(Setup, {"combatants": [{"id": "aria"}]}).combatants[0].id == "aria"


def test_gm_only_fields_and_schema() -> None:
    assert CATALOGUE["check"].gm_only_fields() == frozenset({"dc"})
    assert CATALOGUE["move"].gm_only_fields() == frozenset()
    document = ruleset_schema(DeclaredToy())
    assert set(document["actions"]) == {"move", "check", "add", "hold", "cheer"}
    move = document["actions"]["move"]
    assert move["family"] == "movement" and move["summary"] == "move up to your speed"
    params = document["$defs"]["MoveParams"]
    assert params["additionalProperties"] is False
    assert params["properties"]["distance"]["x-open"] is True
    assert params["properties"]["distance"]["description"] == "feet moved"
    assert document["$defs"]["CheckParams"]["properties"]["dc"]["x-gm-only"] is True
    assert "combatants" in document["setup"]["$defs"]["Setup"]["properties"]
    one = ruleset_schema(DeclaredToy(), "move")
    assert list(one["actions"]) == ["move"] and "setup" not in one
    with pytest.raises(BadActionError, match="did you mean move"):
        ruleset_schema(DeclaredToy(), "mvoe")
    with pytest.raises(ValueError, match="declares no action models"):
        ruleset_schema(ToyRuleset())


def test_game_validates_before_the_ruleset_and_changes_nothing() -> None:
    game = Game(DeclaredToy(), {"players": ["a", "b"]}, seed=1)
    before = game.state_hash()
    with pytest.raises(BadActionError, match=r"unknown action kind 'ad'.*did you mean add\?"):
        game.play(Action("ad", "a"))
    with pytest.raises(BadActionError, match=r"params\.roll: unknown field"):
        game.check(Action("add", "a", {"roll": 6}))
    assert Action("add", "a", {"roll": 6}) not in game.legal_actions("a")
    assert not game.is_legal(Action("add", "a", {"roll": 6}))
    assert game.state_hash() == before and len(game.log) == 1
    game.play(Action("add", "a"))
    assert len(game.log) == 2


def test_the_rules_own_offers_are_not_parsed_again_but_outside_actions_are() -> None:
    parsed: list[str] = []

    class Counting(ActionCatalogue):
        def validate(self, action: Action) -> None:
            parsed.append(action.kind)
            super().validate(action)

    class Counted(DeclaredToy):
        actions = Counting("toy", list(CATALOGUE.values()))

    game = Game(Counted(), {"players": ["a", "b"]}, seed=1)
    offered = Action.offer("add", "a", {})
    assert offered == Action("add", "a") and repr(offered) == repr(Action("add", "a"))
    game.play(offered)
    assert parsed == []
    # the same action from outside (typed, or read from JSON) is parsed, and a bad one refused
    game.play(Action.from_dict({"kind": "hold", "actor": "a"}))
    assert parsed == ["hold"]
    with pytest.raises(BadActionError, match=r"params\.roll: unknown field"):
        game.play(Action("cheer", "a", {"roll": 6}))


def test_a_ruleset_without_models_is_not_validated_by_the_kernel() -> None:
    game = Game(ToyRuleset(), {"players": ["a", "b"]}, seed=1)
    game.validate(Action("anything", "a", {"x": 1}))  # nothing declared: the ruleset decides
    with pytest.raises(BadActionError, match="unknown action kind"):
        game.check(Action("anything", "a"))


def test_refusal_also_and_catalogue_refuse() -> None:
    catalogue = RuleCatalogue(
        "toy",
        [
            Rule("toy.economy.standard", "No standard left.", "p. 1"),
            Rule("toy.attack.cost", "x", "p. 2"),
        ],
    )
    refusal = catalogue.refuse("toy.economy.standard", also=["toy.attack.cost"])
    expected = Refusal("toy.economy.standard", "No standard left.", "p. 1", ("toy.attack.cost",))
    assert refusal == expected
    assert refusal.to_dict()["also"] == ["toy.attack.cost"]
    assert "also" not in catalogue.refuse("toy.attack.cost").to_dict()
    with pytest.raises(KeyError, match=r"toy\.nope"):
        catalogue.refuse("toy.economy.standard", also=["toy.nope"])


def test_offers_carry_structured_cost_and_numeric_odds() -> None:
    action = Action.offer(
        "attack", "a", {}, "standard action", {"hit": "13/20", "mode": "plain", "always": "1"},
        {"standard": 1},
    )
    data = action.to_dict()
    assert data["cost"] == "standard action"
    assert data["cost_detail"] == {"standard": 1}
    assert data["odds"]["hit"] == "13/20"
    assert data["odds_value"] == {"hit": 0.65, "always": 1.0}
    assert action == Action("attack", "a", {})
    assert odds_values({"p": "1/3", "q": "-2", "text": "about 1/3"}) == {"p": 1 / 3, "q": -2.0}
    assert "cost_detail" not in Action("hold", "a").to_dict()


def test_seeded_dice_are_seeded_lazily_with_the_same_faces() -> None:
    eager = random.Random("7/3")
    lazy = SeededDice("7/3")
    assert [lazy.die(6) for _ in range(50)] == [eager.randrange(6) + 1 for _ in range(50)]
    untouched = SeededDice("7/3")
    assert untouched.generator().random() == random.Random("7/3").random()


class Deck(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    count: int = 1


class DeckParams(Params):
    place: Annotated[Literal["active", "bench1", "bench2"], meta("where")] = "active"
    decks: dict[str, str | list[Deck]] = msgspec.field(default_factory=dict)


def test_an_enum_error_lists_the_allowed_values_with_the_closest() -> None:
    with pytest.raises(SchemaError) as info:
        parse_model(DeckParams, {"place": "bench9"}, "params")
    assert str(info.value) == (
        "params.place: 'bench9' is not allowed; did you mean bench2? "
        "(allowed: active, bench1, bench2)"
    )


def test_did_you_mean_walks_through_unions() -> None:
    with pytest.raises(SchemaError) as info:
        parse_model(DeckParams, {"decks": {"p1": [{"name": "x", "cout": 3}]}})
    assert "[0].cout: unknown field; did you mean count? (allowed: name, count)" in str(
        info.value
    )
    parsed = parse_model(DeckParams, {"decks": {"p1": "sapphire", "p2": [{"name": "x"}]}})
    assert parsed.decks["p1"] == "sapphire"


def test_the_catalogue_parses_as_parse_model_does_good_or_bad() -> None:
    # ActionCatalogue.parse calls msgspec itself (no dict copy, no two calls): the models and
    # the messages are parse_model's, for a dict or a read-only mapping of parameters
    from types import MappingProxyType

    cases: list[tuple[str, dict[str, Any]]] = [
        ("move", {"distance": 30, "mode": "fly"}),
        ("move", {"distance": 30, "mdoe": "fly"}),
        ("move", {"distance": -1}),
        ("move", {"distance": True}),
        ("move", {"mode": "swim", "distance": 5}),
        ("check", {"skill": "climb", "dc": 12}),
        ("check", {}),
        ("hold", {}),
        ("hold", {"x": 1}),
    ]
    for kind, params in cases:
        model = CATALOGUE[kind].params
        for given in (params, MappingProxyType(params)):
            action = Action(kind, "a", given)
            try:
                expected: Any = parse_model(model, dict(params), "params")
            except SchemaError as exc:
                with pytest.raises(BadActionError) as err:
                    CATALOGUE.parse(action)
                assert str(err.value) == f"{kind}: {exc}"
            else:
                assert CATALOGUE.parse(action) == expected
                assert type(CATALOGUE.parse(action)) is model
    with pytest.raises(BadActionError, match="unknown action kind 'mvoe' for toy; did you mean"):
        CATALOGUE.parse(Action("mvoe", "a", {"distance": 1}))
