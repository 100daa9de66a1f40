"""The fight as the ruleset plays it: set-up of stats and types, the odds an attack offer
carries, what a hit's event shows other seats, and bad move data (ch. 7, p. 236-237)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.fight.attack import Attack, attack_odds


def config(**wild: Any) -> dict[str, Any]:
    return {
        "context": "full_contact",
        "players": [{
            "name": "ash",
            "trainer": {"id": "ash", "speed": 5, "level": 10, "stats": {"hp": 10},
                        "position": [0, 0]},
            "pokemon": [{"id": "charmander", "level": 10, "types": ["Fire"], "speed": 20,
                         "stats": {"hp": 5, "attack": 6, "defense": 5, "special_attack": 8,
                                   "special_defense": 5},
                         "moves": ["Ember", "Scratch"], "active": True, "position": [1, 0]}],
        }],
        "wild": [{"id": "oddish", "level": 10, "types": ["Grass", "Poison"], "speed": 10,
                  "stats": {"hp": 5, "attack": 4, "defense": 6, "special_attack": 7,
                            "special_defense": 9},
                  "moves": ["Tackle"], "position": [2, 0], **wild}],
    }


def started(**wild: Any) -> Game[Any]:
    game = Game(RULESET, config(**wild), seed=1)
    game.play(Action("begin_combat", "gm"))
    return game


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"types": ["Fir"]}, "wild[0].types[0]: 'Fir' is not allowed; did you mean Fire?"),
        ({"stats": {"atack": 3}}, "wild[0].stats.atack: unknown field; did you mean attack?"),
        ({"stats": {"hp": 5}, "hp": 99}, "hp: 99 is above the max HP 35"),
        ({"types": ["Grass", "Poison", "Bug"]}, "wild[0].types"),
    ],
)
def test_bad_stats_or_types_are_errors_naming_them(change: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError) as info:
        Game(RULESET, config(**change))
    assert words in str(info.value)


def test_a_bad_move_class_or_damage_base_is_an_error_naming_the_move() -> None:
    bad = {**config(), "moves": [{"name": "Zap", "type": "Electric", "move_class": "speshal",
                                  "damage_base": 4}]}
    with pytest.raises(SetupError, match=r"move_class: 'speshal'.*did you mean special"):
        Game(RULESET, bad)
    bad["moves"] = [{"name": "Zap", "type": "Electric", "damage_base": 40}]
    with pytest.raises(SetupError, match=r"damage_base.*1-28"):
        Game(RULESET, bad)
    bad["moves"] = [{"name": "Zap", "type": "Electrik", "damage_base": 4}]
    with pytest.raises(SetupError, match="did you mean Electric"):
        Game(RULESET, bad)


def test_an_attack_offer_carries_exact_hit_damage_and_faint_odds() -> None:
    game = started(hp=14)
    offer = next(a for a in game.legal_actions("charmander")
                 if a.kind == "use_move" and a.params["move"] == "Ember")
    odds = dict(offer.odds or {})
    expected = attack_odds(
        Attack("Fire", "special", 2, 4, attack_stat=8, defense_stat=9, user_types=("Fire",),
               target_types=("Grass", "Poison"), evasion=2),
        14,
    )
    assert Fraction(odds["p_hit"]) == expected.p_hit == Fraction(17, 20)
    assert Fraction(odds["p_faint"]) == expected.p_faint
    shares = {int(k.split("=")[1]): Fraction(v) for k, v in odds.items()
              if k.startswith("damage=")}
    assert shares == expected.damage and sum(shares.values()) == 1
    # Every hit of Ember on this oddish deals at least 13 (DB 6 min 10 + 8 - 9 = 9, x1.5):
    # at 14 HP, P(faint) is P(hit) x P(damage >= 14 | hit), strictly between 0 and P(hit).
    assert 0 < expected.p_faint < expected.p_hit
    assert RULESET.odds(game.state, offer) == odds


def test_the_damage_a_hit_deals_matches_the_odds_support() -> None:
    game = started()
    events = game.play(Action("use_move", "charmander", {"move": "Ember", "target": "oddish"}),
                       dice=ForcedDice([10, 6, 6]))
    hit = next(e.data for e in events if e.type == "damage_dealt")
    # 2d6+8 = 20, + 8 - 9 = 19, x1.5 = 28: the top of the distribution.
    assert (hit["damage"], hit["hp_before"], hit["hp_after"]) == (28, 35, 7)
    assert hit["markers"] == [50] and hit["massive"] and hit["injuries_gained"] == 2


def test_a_hits_hp_numbers_are_hidden_from_seats_that_do_not_own_the_target() -> None:
    game = started()
    action = Action("use_move", "charmander", {"move": "Ember", "target": "oddish"})
    events = game.play(action, dice=ForcedDice([10, 3, 4]))
    _, shown = RULESET.visible_command(game.state, action, events, "ash")
    dealt = next(e["data"] for e in shown if e["type"] == "damage_dealt")
    assert dealt["damage"] is None and dealt["hp_after"] is None
    assert dealt["injuries_gained"] == 2  # injuries and fainting stay public
