"""Positions, reach and threat (issue 12): the grid arithmetic, the set-up's all-or-none rule,
the distance setting, and placed encounters played to their end by random agents."""

from __future__ import annotations

import random
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133.reach import away, feet_between, line, toward

R = get_ruleset("e133")


def test_distances_on_the_grid() -> None:
    assert feet_between([0, 0], [3, 1]) == 15
    assert feet_between([0, 0], [2, 2]) == 10
    # d20: every second diagonal is 10 ft (5-10-5)
    assert feet_between([0, 0], [2, 2], "d20") == 15
    assert feet_between([0, 0], [3, 3], "d20") == 20
    assert feet_between([0, 0], [4, 1], "d20") == 20


def test_a_straight_move_and_its_squares() -> None:
    assert line([0, 0], [3, 0]) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert line([0, 0], [2, 2]) == [(0, 0), (1, 1), (2, 2)]
    assert line([0, 0], [0, 0]) == [(0, 0)]
    path = line([0, 0], [4, 1])
    assert path[0] == (0, 0) and path[-1] == (4, 1) and len(path) == 5
    assert toward([0, 0], [5, 0], 10, stop_short=True) == (4, 0)
    assert toward([0, 0], [5, 0], 2, stop_short=True) == (2, 0)
    assert away([2, 2], [3, 2], 2) == (0, 2)


def placed(**settings: Any) -> dict[str, Any]:
    return {"settings": settings, "combatants": [
        {"id": "aria", "initiative": 20, "position": [0, 0]},
        {"id": "lancer", "initiative": 10, "side": "foes", "position": [2, 2],
         "weapons": {"pike": {"kind": "melee", "reach": 10}}},
    ]}


def test_every_combatant_or_none_has_a_position() -> None:
    config = placed()
    del config["combatants"][1]["position"]
    with pytest.raises(SetupError, match=r"combatants\[1\] \(lancer\)\.position: missing"):
        Game(R, config, seed=1)


def test_a_weapon_with_bad_damage_is_named() -> None:
    config = placed()
    config["combatants"][1]["weapons"]["pike"]["damage"] = "1d10 wet"
    with pytest.raises(SetupError, match=r"weapons\.pike\.damage"):
        Game(R, config, seed=1)


@pytest.mark.parametrize(("diagonals", "threatened"), [("5e", True), ("d20", False)])
def test_the_diagonal_setting_decides_a_reach_weapons_threat(diagonals: str,
                                                             threatened: bool) -> None:
    # the pike (reach 10) is two squares away diagonally: 10 ft (5e) or 15 ft (d20)
    game = Game(R, placed(diagonals=diagonals), seed=1)
    game.play(Action("move", "aria", {"to": [-1, -1]}))
    window = game.view()["window"]
    assert (window["responders"] == ["lancer"]) is threatened


def test_without_positions_a_destination_is_malformed() -> None:
    config = placed()
    for c in config["combatants"]:
        del c["position"]
    game = Game(R, config, seed=1)
    with pytest.raises(BadActionError, match=r"params\.to: this encounter.s combatants have no"):
        game.play(Action("move", "aria", {"to": [1, 0]}))
    with pytest.raises(BadActionError, match=r"params\.distance: required"):
        game.play(Action("move", "aria", {}))


def test_a_charge_ends_where_its_melee_attack_reaches() -> None:
    game = Game(R, placed(), seed=1)
    with pytest.raises(IllegalActionError) as refused:
        game.play(Action("charge", "aria", {"target": "lancer", "to": [0, -3]}))
    assert refused.value.refusal.rule == "e133.attack.reach"
    game.play(Action("charge", "aria", {"target": "lancer", "to": [1, 1]}))
    assert game.view()["combatants"]["aria"]["position"] == [1, 1]


def skirmish(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    combatants = []
    for i in range(6):
        weapons = rng.choice([{}, {"spear": {"kind": "melee", "reach": 10}},
                              {"bow": {"kind": "ranged"}, "knife": {"kind": "melee",
                                                                    "drawn": False}}])
        combatants.append({
            "id": f"c{i}", "side": "party" if i % 2 == 0 else "foes", "init_mod": i % 3,
            "position": [rng.randint(-4, 4), 3 * i], "speeds": {"walk": rng.choice([20, 30])},
            "attack_bonus": 3, "ac": 12, "max_hp": 10, "damage": "1d6+1 slashing",
            "weapons": weapons,
        })
    return {"combatants": combatants}


@pytest.mark.parametrize("seed", range(8))
def test_placed_encounters_play_to_their_end(seed: int) -> None:
    game = Game(R, skirmish(seed), seed=seed, snapshots=False)
    chooser = random.Random(seed)
    moved_to = 0
    for _ in range(1500):
        if game.is_over():
            break
        offers = game.legal_actions().list()
        assert offers, "a live encounter always has a legal action"
        action = chooser.choice(offers)
        moved_to += "to" in action.params
        game.play(action)
    assert game.is_over()
    assert moved_to > 0
    # nobody ever stands on another's square
    spots = [tuple(c["position"]) for c in game.view()["combatants"].values()
             if c["status"] == "up" and not c["fled"]]
    assert len(spots) == len(set(spots))
