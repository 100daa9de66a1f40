"""The PTU action catalogue and set-up models (issue 11): declared once, checked on every way in."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.ptu.outcome_hashes import SETUPS, setup_of
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import ruleset_schema
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.actions import ACTIONS, KINDS
from turnkeeper.rulesets.ptu.settings import PtuSettings
from turnkeeper.rulesets.ptu.setup import PtuSetup
from turnkeeper.rulesets.ptu.turn_control import HoldParams

SLOTS = {"standard", "shift", "swift", "free", "turn", "attack_of_opportunity"}


def wild() -> Game[Any]:
    game = Game(RULESET, setup_of("tests/ptu/pinned/wild.yaml"), seed=3)
    game.play(Action("begin_combat", "gm"))
    return game


def test_the_ruleset_exposes_one_table_and_the_setup_model() -> None:
    assert RULESET.actions is ACTIONS
    assert RULESET.setup_model is PtuSetup
    assert list(ACTIONS) == list(KINDS)
    gm_kinds = {row.kind for row in KINDS.values() if row.who == "gm"}
    assert gm_kinds == {kind for kind in ACTIONS if ACTIONS[kind].gm_only}
    assert {"begin_combat", "damage", "forced_switch"} <= gm_kinds


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Action("use_mvoe", "pikachu", {"move": "Tackle"}), "did you mean use_move?"),
        (Action("shfit", "pikachu", {"to": [1, 1]}), "did you mean shift?"),
        (Action("use_move", "pikachu", {"move": "Tackle", "targte": "rattata"}),
         "params.targte: unknown field; did you mean target?"),
        (Action("shift", "pikachu", {"too": [2, 0]}),
         "params.too: unknown field; did you mean to?"),
        (Action("struggle", "pikachu", {"target": "rattata", "ap": -1}), "params.ap"),
        (Action("dirty_trick", "pikachu", {"trick": "poke", "target": "rattata"}),
         "params.trick: 'poke' is not allowed"),
        (Action("hold", "pikachu", {}), "params.count: required field is missing"),
        (Action("damage", "gm", {"target": "rattata", "amount": -3}), "params.amount"),
        (Action("set_status", "gm", {"target": "rattata", "status": "sleepy"}), "params.status"),
    ],
)
def test_misspelled_or_malformed_input_is_an_error_naming_it(action: Action, words: str) -> None:
    game = wild()
    before = game.state_hash()
    with pytest.raises(BadActionError) as info:
        game.play(action)
    assert words in str(info.value)
    with pytest.raises(BadActionError):
        RULESET.check(game.state, action)  # the ruleset refuses it too, without the kernel
    assert game.state_hash() == before


def test_the_correctly_spelled_actions_work() -> None:
    game = wild()
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}))
    game.play(Action("shift", "pikachu", {"to": [1, 1]}))
    assert game.state.combatants["pikachu"].position == [1, 1]
    game.play(Action("hold", "pikachu", {"count": 2}))


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"contxt": "league"}, "contxt: unknown field; did you mean context?"),
        ({"wild": [{"id": "x", "sped": 3}]}, "wild[0].sped: unknown field; did you mean speed?"),
        ({"players": [{"name": "a", "trainer": {"id": "a", "speed": 1, "levle": 3}}]},
         "players[0].trainer.levle: unknown field; did you mean level?"),
        ({"players": [{"name": "a", "trainr": {"id": "a", "speed": 1}}]},
         "players[0].trainr: unknown field; did you mean trainer?"),
        ({"settings": {"interupt_accounting": "next_round"}},
         "settings.interupt_accounting: unknown field; did you mean interrupt_accounting?"),
        ({"moves": [{"name": "Zap", "freqency": "EOT"}]},
         "moves[0].freqency: unknown field; did you mean frequency?"),
    ],
)
def test_setup_errors_name_the_path_with_a_did_you_mean(
    change: dict[str, Any], words: str
) -> None:
    config = {**setup_of("tests/ptu/pinned/wild.yaml"), **change}
    with pytest.raises(SetupError) as info:
        Game(RULESET, config)
    assert words in str(info.value)


def test_settings_are_one_typed_object() -> None:
    config = {**setup_of("tests/ptu/pinned/wild.yaml"), "settings": {"swift_trade": False}}
    game = Game(RULESET, config)
    assert isinstance(game.state.settings, PtuSettings)
    assert game.state.settings.swift_trade is False
    assert game.state.settings.interrupt_accounting == "this_round"  # the default


def _offers(game: Game[Any]) -> list[Action]:
    return [*game.legal_actions().list(), *game.legal_actions("gm").list()]


def test_every_offer_validates_and_carries_a_structured_cost() -> None:
    """Seeded random games: every offer fits the catalogue, has cost_detail, exact odds."""
    offered: set[str] = set()
    for path in SETUPS:
        for seed in range(40):
            game = Game(RULESET, setup_of(path), seed=seed, snapshots=False)
            pick = random.Random(seed)
            for _ in range(60):
                if game.is_over():
                    break
                offers = _offers(game)
                if not offers:
                    break
                for offer in offers:
                    ACTIONS.validate(offer)
                    offered.add(offer.kind)
                    assert offer.cost_detail is not None, offer
                    assert set(offer.cost_detail) <= SLOTS, offer
                    for value in (offer.odds or {}).values():
                        assert 0 <= Fraction(value) <= 1
                    data = offer.to_dict()
                    assert data["cost_detail"] == dict(offer.cost_detail)
                game.play(pick.choice(offers))
    assert offered <= set(ACTIONS)
    assert len(offered) >= 15  # the random games reach a good share of the table


def test_every_kind_of_the_table_is_handled_and_the_schema_covers_it() -> None:
    """Each kind in the table reaches the rules (a refusal or None, never 'unknown kind')."""
    game = wild()
    for kind, row in ACTIONS.items():
        sample = _sample_params(kind)
        action = Action(kind, "gm" if row.gm_only else "ash", sample)
        ACTIONS.validate(action)
        RULESET.check(game.state, action)  # raises for what it cannot handle
    document = ruleset_schema(RULESET)
    assert set(document["actions"]) == set(ACTIONS)
    assert "setup" in document and "players" in json.dumps(document["setup"])


def test_the_cli_prints_the_schema_of_every_kind() -> None:
    script = Path(sys.executable).with_name("turnkeeper")
    done = subprocess.run(
        [str(script), "schema", "ptu"],
        capture_output=True, text=True, check=True,
    )
    assert set(json.loads(done.stdout)["actions"]) == set(ACTIONS)


def _sample_params(kind: str) -> dict[str, Any]:
    """Well-formed parameters for each kind (the wild example's ids)."""
    samples: dict[str, dict[str, Any]] = {
        "hold": {"count": 1}, "declare": {"actions": ["shift"]}, "trade_standard": {"for": "swift"},
        "take_out_item": {"item": "potion"},
        "use_move": {"move": "Tackle", "target": "rattata"},
        "dirty_trick": {"trick": "hinder", "target": "rattata"},
        "manipulate": {"maneuver": "flirt", "target": "rattata"},
        "attack_of_opportunity": {"target": "rattata", "trigger": "t1"},
        "intercept": {"mode": "melee", "trigger": "t1"},
        "use_item": {"item": "potion", "target": "pikachu"},
        "draw_weapon": {"weapon": "staff"}, "pick_up_item": {"item": "berry"},
        "shift": {"to": [0, 2]}, "disengage": {"to": [0, 2]},
        "switch": {"recall": "pikachu", "release": "bulbasaur"},
        "replace_fainted": {"recall": "pikachu", "release": "bulbasaur"},
        "forced_switch": {"recall": "pikachu", "release": "bulbasaur"},
        "recall": {"pokemon": "pikachu"}, "release": {"pokemon": ["bulbasaur"]},
        "skill_check": {"skill": "athletics", "dc": 10},
        "damage": {"target": "rattata", "amount": 1}, "heal": {"target": "rattata", "amount": 1},
        "set_status": {"target": "rattata", "status": "asleep"},
        "add_effect": {"target": "rattata", "name": "Leer"},
        "set_speed": {"target": "rattata", "speed": 3},
        "add_combatant": {"combatant": {"id": "pidgey", "speed": 3}},
    }
    if kind in samples:
        return samples[kind]
    params = ACTIONS[kind].params.__struct_fields__
    out: dict[str, Any] = {}
    if "target" in params:
        out["target"] = "rattata"
    if "what" in params:
        out["what"] = "something"
    return out


def test_the_catalogue_remembers_only_the_same_unchanged_action() -> None:
    """RULESET.actions parses the last action once per play; a changed or other action is
    parsed again (the memo can never hand out another action's parameters)."""
    action = Action("hold", "pikachu", {"count": 2})
    first = ACTIONS.parse(action)
    assert ACTIONS.parse(action) is first  # the same action, unchanged: remembered
    action.params["count"] = 1  # type: ignore[index]
    changed = ACTIONS.parse(action)
    assert isinstance(changed, HoldParams) and changed.count == 1
    other = ACTIONS.parse(Action("hold", "pikachu", {"count": 3}))
    assert isinstance(other, HoldParams) and other.count == 3
    with pytest.raises(BadActionError, match="did you mean hold"):
        ACTIONS.parse(Action("hodl", "pikachu", {"count": 3}))
