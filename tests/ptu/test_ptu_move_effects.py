"""Move effect hooks as data: one moves file for the ruleset and the fight package, and
clear errors for bad effect entries (the effects themselves: scenarios/ptu/move_effects.yaml)."""

from __future__ import annotations

from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu.fight.moves import MoveError
from turnkeeper.rulesets.ptu.fight.moves import starter_moves as fight_starter_moves
from turnkeeper.rulesets.ptu.moves import starter_moves, validate_move


def ember(**extra: Any) -> dict[str, Any]:
    return {"name": "Ember", "type": "Fire", "move_class": "special", "ac": 2,
            "damage_base": 4, "range": 4, **extra}


def test_one_moves_file_feeds_the_ruleset_and_the_fight_package() -> None:
    ruleset, fight = starter_moves(), fight_starter_moves()
    assert set(ruleset) == set(fight)
    for key, move in ruleset.items():
        seen = fight[key]
        assert (seen.type, seen.move_class, seen.frequency, seen.ac, seen.damage_base,
                seen.crit_from, seen.stab) == (
            move["type"], move["move_class"], move["frequency"], move["ac"],
            move["damage_base"], move["crit_from"], move["stab"]), key
        assert [e.hook for e in seen.effects] == [e["hook"] for e in move["effects"]], key
    assert ruleset["ember"]["effects"] == [
        {"hook": "afflict", "on_roll": 18, "affliction": "Burned", "stages": 0,
         "target": "target", "metres": 0}]
    assert ruleset["struggle"]["stab"] is False


@pytest.mark.parametrize(
    ("effects", "words"),
    [
        ([{"hook": "burn"}], "effects[0].hook"),
        ([{"hook": "afflict", "affliction": "Burnt"}], "did you mean Burned"),
        ([{"hook": "afflict", "affliction": "Burned", "chance": 10}], "chance: unknown field"),
        ([{"hook": "stages", "stat": "atack", "stages": 1}], "did you mean attack"),
        ([{"hook": "stages", "stat": "attack"}], "changes at least one stage"),
        ([{"hook": "recoil", "fraction": "a third"}], "needs a fraction"),
        ([{"hook": "heal", "fraction": "3/2"}], "not in (0, 1]"),
        ([{"hook": "push"}], "at least 1 m"),
        ({"hook": "push"}, "(Ember).effects: Expected array"),
    ],
)
def test_bad_effects_name_the_entry_and_field(effects: Any, words: str) -> None:
    with pytest.raises(MoveError) as info:
        validate_move(ember(effects=effects), "moves[3]")
    assert words in str(info.value)
    assert "moves[3] (Ember)" in str(info.value)


def test_bad_inline_effects_are_setup_errors() -> None:
    config = {
        "moves": [ember(name="Hot Ember", effects=[{"hook": "afflict", "affliction": "Brn"}])],
        "players": [{"name": "ash", "trainer": {"id": "ash", "speed": 5},
                     "pokemon": [{"id": "vulpix", "speed": 9, "moves": ["Hot Ember"],
                                  "active": True}]}],
        "wild": [{"id": "rattata", "speed": 7}],
    }
    with pytest.raises(SetupError, match="Hot Ember"):
        Game(get_ruleset("ptu"), config)
    config["moves"][0]["effects"] = [{"hook": "afflict", "afliction": "Burned"}]
    with pytest.raises(SetupError, match="afliction"):
        Game(get_ruleset("ptu"), config)
