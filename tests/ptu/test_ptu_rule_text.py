"""Checks written from the rule text (PTU 1.05 Core p. 227-228) and its surrounding facts that
need more than a scenario's state paths: event contents, the server's view of hidden data, what
``legal_actions`` offers out of turn, and the move data's provenance."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, Event
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu import RULESET, PtuRuleset
from turnkeeper.rulesets.ptu.moves import starter_moves


def encounter(combat: str = "untrained") -> Game[Any]:
    config: dict[str, Any] = {
        "context": "full_contact",
        "settings": {"hit_damage": "gm"},  # about accuracy and timing; damage: test_ptu_fight
        "players": [
            {"name": "ash", "side": "heroes",
             "trainer": {"id": "ash", "speed": 10, "level": 15, "position": [0, 0],
                         "items": {"potion": 1}, "hp": 30},
             "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                          "position": [1, 0], "combat": combat}]},
            {"name": "misty", "side": "heroes",
             "trainer": {"id": "misty", "speed": 8, "position": [0, 1],
                         "items": {"super potion": 1}}},
        ],
        "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [2, 0]}],
    }
    game = Game(get_ruleset("ptu"), config, seed=4)
    game.play(Action("begin_combat", "gm"))
    return game


def rolled(events: list[Event]) -> dict[str, Any]:
    return next(dict(e.data) for e in events if e.type == "attack_rolled")


def test_events_carry_what_seat_views_hide_so_the_ruleset_keeps_hidden_information() -> None:
    assert PtuRuleset.hidden_information is True
    assert RULESET.hidden_information is True
    game = encounter()
    # misty's seat does not see ash's hit points or items ...
    view = game.view("misty")["combatants"]["ash"]
    assert view["hp"] is None and view["items"] is None
    assert game.view("ash")["combatants"]["ash"]["items"] == {"potion": 1}
    # ... but the set-up event holds them, so raw events must not reach the seats.
    setup = game.events[0]
    ash = next(c for c in setup.data["combatants"] if c["id"] == "ash")
    assert ash["hp"] == 30 and ash["items"] == {"potion": 1}
    damage = game.play(Action("damage", "gm", {"target": "ash", "amount": 4}))
    assert damage[0].data == {"target": "ash", "amount": 4}


def test_a_struggle_is_ac_4_db_4_and_ac_3_db_5_with_expert_combat() -> None:
    plain = encounter()
    miss = rolled(plain.play(Action("struggle", "pikachu", {"target": "rattata"}),
                             dice=ForcedDice([3])))
    assert (miss["ac"], miss["damage_base"], miss["hit"]) == (4, 4, False)
    # Rattata's Speed 15 gives it Speed Evasion 3: AC 3 + 3 needs a 6.
    expert = encounter("expert")
    hit = rolled(expert.play(Action("struggle", "pikachu", {"target": "rattata"}),
                             dice=ForcedDice([6])))
    assert (hit["ac"], hit["evasion"], hit["damage_base"], hit["hit"]) == (3, 3, 5, True)
    master = encounter("master")
    offered = [a for a in master.legal_actions("pikachu") if a.kind == "struggle"]
    assert offered and offered[0].odds is not None and offered[0].odds["success"] == "3/4"


def test_an_attack_of_opportunity_is_a_struggle_attack_on_the_foe_shifting_away() -> None:
    game = encounter()
    game.play(Action("shift", "pikachu", {"to": [1, 4]}))
    aoo = Action("attack_of_opportunity", "rattata", {"target": "pikachu", "trigger": "t1"})
    assert aoo in game.legal_actions("rattata")
    data = rolled(game.play(aoo, dice=ForcedDice([8])))  # AC 4 + Pikachu's Speed Evasion 4
    assert (data["what"], data["ac"], data["damage_base"], data["hit"]) == (
        "Attack of Opportunity", 4, 4, True)
    assert game.state.combatants["rattata"].aoo_used


def test_move_attack_rolls_report_the_move_damage_base() -> None:
    game = encounter()
    data = rolled(game.play(Action("use_move", "pikachu", {"move": "Tackle",
                                                           "target": "rattata"}),
                            dice=ForcedDice([12])))
    assert data["what"] == "Tackle"
    assert data["damage_base"] == starter_moves()["tackle"]["damage_base"]


def test_legal_actions_offer_items_and_intercepts() -> None:
    game = encounter()
    for actor in ("pikachu", "rattata"):
        game.play(Action("end_turn", actor))
    kinds = {(a.kind, a.params.get("target")) for a in game.legal_actions("ash")}
    assert game.check(Action("use_pokedex", "ash", {"target": "rattata"})) is None
    assert ("use_item", "pikachu") in kinds
    game.play(Action("end_turn", "ash"))
    game.play(Action("end_turn", "misty"))
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("use_move", "rattata", {"move": "Tackle", "target": "pikachu"}),
              dice=ForcedDice([15]))
    offered = [a for a in game.legal_actions("ash") if a.kind == "intercept"]
    assert [a.params for a in offered] == [{"mode": "melee", "trigger": "t2"}]
    assert not [a for a in game.legal_actions("pikachu") if a.kind == "intercept"]


def test_the_move_data_marks_its_numbers_as_illustrative() -> None:
    text = resources.files("turnkeeper.rulesets.ptu").joinpath("moves.json").read_text("utf-8")
    assert "illustrative" in json.loads(text)["source"]


def test_the_documented_python_example_runs() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "rulesets" / "ptu.md"
    text = doc.read_text("utf-8")
    start = text.index("```python\n") + len("```python\n")
    code = text[start:text.index("```", start)]
    namespace: dict[str, Any] = {}
    exec(compile(code, str(doc), "exec"), namespace)  # the asserts inside are the checks
    assert namespace["game"].whose_turn() == "pikachu"
