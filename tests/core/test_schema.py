"""Declared models: set-up and action parameters checked on entry, errors that name the path
and the fix, and the JSON Schema written from the same declarations."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
import pytest

from turnkeeper.core import Action, BadActionError, SetupError
from turnkeeper.core.schema import (
    ActionCatalogue,
    ActionKind,
    Params,
    SchemaError,
    Settings,
    did_you_mean,
    meta,
    parse_model,
    parse_setup,
    to_builtins,
)


class Position(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    x: int
    y: int = 0


class Combatant(Settings):
    name: str
    initiative: Annotated[int, meta("initiative bonus", ge=-10, le=30)] = 0
    at: Position | None = None
    side: Literal["pc", "npc"] = "pc"


class Setup(Settings):
    combatants: list[Combatant]
    notes: dict[str, Position] = msgspec.field(default_factory=dict)


@pytest.mark.parametrize(
    ("config", "message"),
    [
        (
            {"combatants": [{"name": "a", "inittiative": 3}]},
            "combatants[0].inittiative: unknown field; did you mean initiative? "
            "(allowed: name, initiative, at, side)",
        ),
        (
            {"combatants": [{"name": "a", "initiative": 31}]},
            "combatants[0].initiative: Expected int <= 30",
        ),
        (
            {"combatants": [{"name": "a", "initiative": -11}]},
            "combatants[0].initiative: Expected int >= -10",
        ),
        ({"combatants": [{"initiative": 3}]}, "combatants[0].name: required field is missing"),
        (
            {"combatants": [{"name": "a", "at": {"x": 1, "z": 2}}]},
            "combatants[0].at.z: unknown field (allowed: x, y)",
        ),
        (
            {"combatants": [{"name": "a", "side": "pcs"}]},
            "combatants[0].side: 'pcs' is not allowed; did you mean pc? (allowed: npc, pc)",
        ),
        ({"combatants": "x"}, "combatants: Expected array, got str"),
        (
            {"combatant": []},
            "combatant: unknown field; did you mean combatants? (allowed: combatants, notes)",
        ),
        (
            {"combatants": [], "notes": {"k": {"q": 1}}},
            "notes[...].q: unknown field (allowed: x, y)",
        ),
    ],
)
def test_a_bad_set_up_names_the_path_and_the_fix(config: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError) as info:
        parse_setup(Setup, config)
    assert str(info.value) == message


def test_a_good_set_up_at_the_edges_of_its_ranges() -> None:
    for initiative in (-10, 30):
        setup = parse_setup(Setup, {"combatants": [{"name": "a", "initiative": initiative}]})
        assert setup.combatants[0].initiative == initiative
    setup = parse_setup(Setup, {"combatants": [{"name": "a", "at": {"x": 2}}]})
    assert to_builtins(setup) == {
        "combatants": [{"name": "a", "initiative": 0, "at": {"x": 2, "y": 0}, "side": "pc"}],
        "notes": {},
    }


def test_schema_errors_carry_the_path_with_its_prefix() -> None:
    with pytest.raises(SchemaError) as info:
        parse_model(Setup, {"combatants": [{"name": 1}]}, "setup")
    assert (info.value.path, info.value.message) == (
        "setup.combatants[0].name",
        "Expected str, got int",
    )
    assert str(info.value) == "setup.combatants[0].name: Expected str, got int"


def test_did_you_mean_offers_only_a_close_name() -> None:
    assert did_you_mean("attak", ["attack", "move"]) == "; did you mean attack?"
    assert did_you_mean("zzz", ["attack", "move"]) == ""


class Strike(Params):
    target: str
    bonus: Annotated[int, meta("a bonus only the GM grants", gm_only=True, ge=0)] | None = None
    reach: Annotated[int, meta("feet", open_value=True, ge=0, le=100)] = 0


CATALOGUE = ActionCatalogue("toy", [ActionKind("strike", Strike, "hit someone", family="attack")])


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (
            Action("strike", "a", {"target": "b", "reach": 101}),
            "strike: params.reach: Expected int <= 100",
        ),
        (Action("strike", "a", {}), "strike: params.target: required field is missing"),
        (
            Action("strike", "a", {"target": "b", "rech": 5}),
            "strike: params.rech: unknown field; did you mean reach?",
        ),
        (Action("strik", "a", {}), "unknown action kind 'strik' for toy; did you mean strike?"),
        (
            Action("xyz", "a", {}),
            "unknown action kind 'xyz' for toy (turnkeeper schema toy lists them)",
        ),
    ],
)
def test_a_bad_action_names_the_field_and_the_fix(action: Action, message: str) -> None:
    with pytest.raises(BadActionError) as info:
        CATALOGUE.validate(action)
    assert str(info.value).startswith(message)


def test_a_good_action_parses_to_its_model_with_defaults() -> None:
    parsed = CATALOGUE.parse(Action("strike", "a", {"target": "b", "reach": 100}))
    assert to_builtins(parsed) == {"target": "b", "bonus": None, "reach": 100}
    assert CATALOGUE.row("strike").gm_only_fields() == frozenset({"bonus"})
    assert list(CATALOGUE) == ["strike"] and len(CATALOGUE) == 1
    with pytest.raises(ValueError, match="action kind 'strike' is declared twice"):
        ActionCatalogue(
            "toy", [ActionKind("strike", Strike, "a"), ActionKind("strike", Strike, "b")]
        )


def test_the_json_schema_carries_docs_ranges_and_marks() -> None:
    schema = CATALOGUE.json_schema()
    assert schema["ruleset"] == "toy"
    assert schema["actions"]["strike"] == {
        "summary": "hit someone",
        "family": "attack",
        "gm_only": False,
        "params": {"$ref": "#/$defs/Strike"},
    }
    properties = schema["$defs"]["Strike"]["properties"]
    assert properties["reach"] == {
        "default": 0,
        "description": "feet",
        "maximum": 100,
        "minimum": 0,
        "type": "integer",
        "x-open": True,
    }
    # An optional field's doc and marks are lifted onto the field itself.
    assert properties["bonus"]["description"] == "a bonus only the GM grants"
    assert properties["bonus"]["x-gm-only"] is True
    assert schema["$defs"]["Strike"]["required"] == ["target"]
    assert CATALOGUE.json_schema("strike")["actions"].keys() == {"strike"}
