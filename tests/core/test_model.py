"""The kernel's value types: actions (with structured costs and numeric odds), events,
refusals with further rules, and the rule catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.cli.parsing import parse_action
from turnkeeper.core import Action, Event, IllegalActionError, Outcome, Refusal, Rule, RuleCatalogue
from turnkeeper.core.model import odds_values

CATALOGUE = RuleCatalogue(
    "toy",
    [
        Rule("toy.economy.standard", "One standard action per turn.", "Toy p. 3"),
        Rule("toy.attack.standard", "An attack costs a standard action.", "Toy p. 4"),
    ],
)


@pytest.mark.parametrize(
    ("odds", "values"),
    [
        ({"hit": "13/20"}, {"hit": 0.65}),
        ({"hit": "1"}, {"hit": 1.0}),
        ({"hit": "0"}, {"hit": 0.0}),
        ({"swing": "-1/4"}, {"swing": -0.25}),
        ({"hit": "13/20", "note": "GM decides", "n": 3, "half": "1/2 "}, {"hit": 0.65}),
        ({"bad": "1/2/3", "dec": "0.5", "empty": ""}, {}),
        ({}, {}),
    ],
)
def test_odds_values_are_the_exact_fractions_as_floats(
    odds: dict[str, Any], values: dict[str, float]
) -> None:
    assert odds_values(odds) == values


def test_an_action_s_dict_carries_cost_detail_and_numeric_odds() -> None:
    action = Action(
        "strike",
        "ann",
        {"target": "bob"},
        cost="standard",
        odds={"hit": "3/4", "why": "flanking"},
        cost_detail={"standard": 1},
    )
    assert action.to_dict() == {
        "kind": "strike",
        "actor": "ann",
        "params": {"target": "bob"},
        "cost": "standard",
        "cost_detail": {"standard": 1},
        "odds": {"hit": "3/4", "why": "flanking"},
        "odds_value": {"hit": 0.75},
    }
    plain = Action("strike", "ann", {"target": "bob"})
    assert plain.to_dict() == {"kind": "strike", "actor": "ann", "params": {"target": "bob"}}
    # Cost, odds and cost detail are for display: equality and hashing ignore them.
    assert plain == action and hash(plain) == hash(action)
    assert Action.offer("strike", "ann", {}, cost_detail={"energy": ["Fire"]}).cost_detail == {
        "energy": ["Fire"]
    }
    assert Action("strike", "ann", {}, cost_detail={}).to_dict()["cost_detail"] == {}


def test_actions_are_equal_by_kind_actor_and_params() -> None:
    assert Action("a", "x", {"n": 1}) != Action("a", "y", {"n": 1})
    assert Action("a", "x", {"n": 1}) != Action("a", "x", {"n": 2})
    assert Action("a", "x") != Action("b", "x")
    assert Action("a", "x", {"p": 1, "q": 2}) == Action("a", "x", {"q": 2, "p": 1})
    assert Action("a", "x") != "a"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("add", "an action needs a 'kind' string"),
        ({"actor": "ann"}, "an action needs a 'kind' string"),
        ({"kind": 1}, "an action needs a 'kind' string"),
        ({"kind": "add", "actor": 7}, "an action's 'actor' must be a string"),
        ({"kind": "add", "params": [1]}, "an action's 'params' must be a mapping"),
    ],
)
def test_bad_action_data_is_named(data: Any, message: str) -> None:
    with pytest.raises(ValueError) as info:
        Action.from_dict(data)
    assert str(info.value) == message


def test_action_from_dict_keeps_what_identifies_the_action() -> None:
    action = Action.from_dict({"kind": "add", "actor": "ann", "params": {"n": 2}, "cost": "x"})
    assert (action.kind, action.actor, dict(action.params)) == ("add", "ann", {"n": 2})
    assert Action.from_dict({"kind": "end", "params": None}) == Action("end", None, {})
    assert str(Action("move", "ann", {"to": 3, "run": True})) == "ann: move to=3 run=true"
    # lists and mappings read as YAML flow style, not Python reprs (issue 15), and a line the
    # terminal prints can be typed back
    listed = Action("aoo", "vess", {"threatened_by": ["vess", "bob"], "n": None, "at": [1, 2]})
    assert str(listed) == "vess: aoo threatened_by=[vess,bob] n=null at=[1,2]"
    assert parse_action(str(listed)) == listed
    assert str(Action("x", None, {"m": {"a": [1]}})) == "x m={a: [1]}"
    assert str(Action("pass")) == "pass"


def test_events_round_trip_and_refuse_bad_data() -> None:
    event = Event("moved", {"to": 3})
    assert Event.from_dict(event.to_dict()) == event
    assert Event.from_dict({"type": "x"}) == Event("x", {})
    with pytest.raises(ValueError, match="an event needs a 'type' string"):
        Event.from_dict({"data": {}})


def test_a_refusal_names_further_rules_only_when_there_are_some() -> None:
    refusal = CATALOGUE.refuse("toy.economy.standard", also=["toy.attack.standard"])
    assert refusal == Refusal(
        "toy.economy.standard",
        "One standard action per turn.",
        "Toy p. 3",
        ("toy.attack.standard",),
    )
    assert refusal.to_dict() == {
        "rule": "toy.economy.standard",
        "reason": "One standard action per turn.",
        "source": "Toy p. 3",
        "also": ["toy.attack.standard"],
    }
    alone = CATALOGUE.refuse("toy.attack.standard", "no standard action left")
    assert alone.also == () and "also" not in alone.to_dict()
    assert alone.reason == "no standard action left"
    assert str(alone) == "no standard action left [toy.attack.standard; Toy p. 4]"
    error = IllegalActionError(alone)
    assert error.refusal is alone and str(error) == str(alone)
    with pytest.raises(KeyError, match=r"'toy\.attack\.free' is not in the toy catalogue"):
        CATALOGUE.refuse("toy.economy.standard", also=["toy.attack.free"])


def test_a_catalogue_refusal_is_the_refusal_the_constructor_makes() -> None:
    # refuse fills the frozen dataclass's fields directly: every way of reading, comparing,
    # hashing and copying it must match Refusal(...), and it stays immutable
    import copy
    import dataclasses
    import pickle

    made = CATALOGUE.refuse("toy.economy.standard", also=("toy.attack.standard",))
    built = Refusal("toy.economy.standard", "One standard action per turn.", "Toy p. 3",
                    ("toy.attack.standard",))
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert dataclasses.asdict(made) == dataclasses.asdict(built)
    assert copy.deepcopy(made) == built and pickle.loads(pickle.dumps(made)) == built
    assert made.also == ("toy.attack.standard",) and type(made.also) is tuple
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.rule = "toy.attack.standard"  # type: ignore[misc]
    assert CATALOGUE.refuse("toy.attack.standard").also == ()


def test_the_catalogue_checks_its_ids() -> None:
    assert list(CATALOGUE) == ["toy.economy.standard", "toy.attack.standard"]
    assert len(CATALOGUE) == 2 and CATALOGUE["toy.attack.standard"].source == "Toy p. 4"
    with pytest.raises(ValueError, match="must start with 'toy'"):
        RuleCatalogue("toy", [Rule("other.x.y", "s", "p")])
    with pytest.raises(ValueError, match="listed twice"):
        RuleCatalogue("toy", [Rule("toy.x.y", "s", "p"), Rule("toy.x.y", "s", "p")])


def test_an_outcome_as_data() -> None:
    assert Outcome(("ann",), "reached 10").to_dict() == {"winners": ["ann"], "reason": "reached 10"}
    assert Outcome((), "draw").to_dict() == {"winners": [], "reason": "draw"}


def test_an_action_made_by_its_written_out_init_is_the_dataclass_it_declares() -> None:
    # Action writes its __init__ out (model.py): every field set, in the declared order, with
    # the declared defaults; still frozen; copy, replace and pickle give equal actions
    import copy
    import dataclasses
    import pickle

    full = Action("move", "c01", {"distance": 10}, "move action", {"success": "1/2"},
                  {"move": 1})
    assert [f.name for f in dataclasses.fields(Action)] == [
        "kind", "actor", "params", "cost", "odds", "cost_detail"]
    assert dataclasses.astuple(full) == (
        "move", "c01", {"distance": 10}, "move action", {"success": "1/2"}, {"move": 1})
    by_name = Action(kind="move", actor="c01", params={"distance": 10}, cost="move action",
                     odds={"success": "1/2"}, cost_detail={"move": 1})
    assert dataclasses.astuple(by_name) == dataclasses.astuple(full)
    bare = Action("end_turn")
    assert (bare.actor, bare.params, bare.cost, bare.odds, bare.cost_detail) == (
        None, {}, "", None, None)
    assert type(bare.params) is dict
    assert Action("end_turn").params is not bare.params  # a dict of its own each time
    with pytest.raises(dataclasses.FrozenInstanceError):
        full.kind = "dash"  # type: ignore[misc]
    assert dataclasses.replace(full, kind="dash").kind == "dash"
    assert copy.deepcopy(full) == full and pickle.loads(pickle.dumps(full)) == full
    assert repr(bare) == ("Action(kind='end_turn', actor=None, params={}, cost='', odds=None, "
                          "cost_detail=None)")
    # not an offer: Game.validate parses what a player typed
    assert dataclasses.astuple(Action.offer("move", "c01", {"distance": 10})) == (
        "move", "c01", {"distance": 10}, "", None, None)
    assert "_offered_by_rules" not in full.__dict__
