"""The ruleset's maneuver ACs come from the fight package's table (PTU 1.05 Core p. 240-243),
and Manipulate's accuracy is rolled against its AC, proven both ways."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.actions import ROWS
from turnkeeper.rulesets.ptu.field import hit_odds
from turnkeeper.rulesets.ptu.fight.maneuvers import MANEUVERS, MANIPULATE_AC
from turnkeeper.rulesets.ptu.items import POKE_BALL_AC
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_AC, MANEUVER_NAMES


def test_every_maneuver_kind_takes_its_ac_from_the_fight_package() -> None:
    assert {kind: MANEUVER_AC[kind] for kind in MANEUVER_NAMES} == {
        kind: MANEUVERS[name].ac for kind, name in MANEUVER_NAMES.items()
    }
    assert MANEUVER_AC["manipulate"] == MANIPULATE_AC
    assert set(MANEUVER_AC) == {*MANEUVER_NAMES, "manipulate"}


def test_the_table_of_action_kinds_reads_its_acs_from_their_one_place() -> None:
    with_ac = {row.kind: row.ac for row in ROWS if row.ac is not None}
    assert with_ac == {**MANEUVER_AC, "throw_pokeball": POKE_BALL_AC}
    # Struggle and an Attack of Opportunity roll the moves file's Struggle entry instead
    # (AC 3 with Expert Combat), not a fixed AC of their row.
    kinds = {row.kind: row for row in ROWS}
    assert kinds["struggle"].ac is None and kinds["attack_of_opportunity"].ac is None


def _trainers() -> Game[Any]:
    config: dict[str, Any] = {
        "context": "full_contact",
        "settings": {"hit_damage": "gm"},
        "players": [{
            "name": "ash",
            "trainer": {"id": "ash", "speed": 30, "position": [0, 0]},
            "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                         "position": [1, 0]}],
        }],
        "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [3, 0]}],
    }
    game = Game(RULESET, config, seed=3)
    game.play(Action("begin_combat", "gm"))
    assert game.whose_turn() == "ash"
    return game


def _manipulate_roll(face: int) -> Mapping[str, Any]:
    game = _trainers()
    events = game.play(Action("manipulate", "ash", {"maneuver": "flirt", "target": "rattata"}),
                       dice=ForcedDice([face]))
    rolled = [e.data for e in events if e.type == "attack_rolled"]
    assert len(rolled) == 1
    return rolled[0]


def test_manipulate_hits_at_its_ac() -> None:
    rolled = _manipulate_roll(MANIPULATE_AC)
    assert rolled["ac"] == MANIPULATE_AC and rolled["hit"] is True


def test_manipulate_misses_below_its_ac() -> None:
    # The only face below AC 2 is a natural 1, which misses whatever the AC (p. 236); that a
    # face of 2 hits (the test above) is what shows the AC is 2 and not higher.
    rolled = _manipulate_roll(MANIPULATE_AC - 1)
    assert rolled["ac"] == MANIPULATE_AC and rolled["hit"] is False


def test_manipulate_offer_odds_are_those_of_its_ac() -> None:
    game = _trainers()
    action = Action("manipulate", "ash", {"maneuver": "flirt", "target": "rattata"})
    assert RULESET.odds(game.state, action) == {"success": hit_odds(MANIPULATE_AC, 0)}
