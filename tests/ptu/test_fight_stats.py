"""Hit points, ticks, injuries, fainting, combat stages and evasion (PTU 1.05 Core ch. 7),
each fact shown on both sides of its boundary."""

from __future__ import annotations

import pytest

from turnkeeper.rulesets.ptu.fight.health import (
    Health,
    heal,
    is_fainted,
    is_massive_damage,
    lose_hp,
    markers_crossed,
)
from turnkeeper.rulesets.ptu.fight.stats import (
    Evasions,
    FightValueError,
    Stats,
    accuracy_modifier,
    check_stage,
    injured_max_hp,
    pokemon_max_hp,
    shift_stage,
    staged_value,
    stat_evasion,
    tick,
    trainer_max_hp,
)


def test_pokemon_max_hp_is_level_plus_three_hp_plus_ten() -> None:
    assert pokemon_max_hp(10, 5) == 10 + 15 + 10
    assert pokemon_max_hp(1, 0) == 11


def test_trainer_max_hp_counts_level_twice() -> None:
    assert trainer_max_hp(10, 5) == 20 + 15 + 10
    assert trainer_max_hp(10, 5) != pokemon_max_hp(10, 5)


def test_level_below_one_is_refused() -> None:
    with pytest.raises(FightValueError, match="level"):
        pokemon_max_hp(0, 5)


def test_stats_refuse_negative_values_and_name_the_stat() -> None:
    assert Stats(10, 5, 5, 5, 5, 5).of("speed") == 5
    with pytest.raises(FightValueError, match="special_defense"):
        Stats(10, 5, 5, 5, -1, 5)


def test_tick_is_a_tenth_rounded_down_at_least_one() -> None:
    assert tick(45) == 4
    assert tick(50) == 5
    assert tick(9) == 1  # would round to 0
    assert tick(1) == 1


def test_fainted_at_zero_or_less_not_at_one() -> None:
    assert is_fainted(0)
    assert is_fainted(-3)
    assert not is_fainted(1)


def test_markers_crossing_half_counts_landing_on_it() -> None:
    assert markers_crossed(100, 51, 50) == (50,)
    assert markers_crossed(100, 52, 51) == ()
    assert markers_crossed(100, 50, 49) == ()  # already at the marker: not crossed again


def test_markers_at_zero_and_every_further_minus_fifty_percent() -> None:
    assert markers_crossed(100, 100, -100) == (50, 0, -50, -100)
    assert markers_crossed(100, -100, -150) == (-150,)
    assert markers_crossed(100, -100, -149) == ()
    assert markers_crossed(100, 1, 0) == (0,)
    assert markers_crossed(100, 1, 1) == ()


def test_markers_of_an_odd_max_use_exact_halves() -> None:
    assert markers_crossed(25, 13, 12) == (50,)  # 12 <= 12.5
    assert markers_crossed(25, 14, 13) == ()  # 13 > 12.5


def test_massive_damage_is_at_least_half_of_max() -> None:
    assert is_massive_damage(100, 50)
    assert not is_massive_damage(100, 49)
    assert is_massive_damage(25, 13)
    assert not is_massive_damage(25, 12)


def test_lose_hp_counts_markers_and_massive_damage_as_injuries() -> None:
    loss = lose_hp(Health(100, 100), 60)
    assert loss.markers == (50,)
    assert loss.massive
    assert loss.after.injuries == 2
    assert loss.after.hp == 40
    assert not loss.fainted_now


def test_lose_hp_small_hit_gives_no_injury() -> None:
    loss = lose_hp(Health(100, 100), 10)
    assert loss.new_injuries == 0
    assert loss.after.hp == 90


def test_tick_loss_is_never_massive_damage() -> None:
    assert not lose_hp(Health(10, 10), 5, from_hit=False).massive
    assert lose_hp(Health(10, 10), 5, from_hit=True).massive


def test_faint_from_a_hit() -> None:
    loss = lose_hp(Health(40, 5), 5)
    assert loss.fainted_now and loss.after.fainted
    assert not lose_hp(Health(40, 6), 5).after.fainted


def test_injury_takes_a_tenth_of_max_hp() -> None:
    assert injured_max_hp(100, 0) == 100
    assert injured_max_hp(100, 1) == 90
    assert injured_max_hp(45, 3) == 31  # 45 * 7 / 10 = 31.5, rounded down
    assert injured_max_hp(100, 10) == 0
    assert Health(100, 50, injuries=2).effective_max_hp == 80


def test_injuries_move_the_markers_unless_the_real_basis_is_chosen() -> None:
    # Injured max 90: the 50 % marker is at 45.
    assert lose_hp(Health(100, 47, injuries=1), 2).markers == (50,)
    assert lose_hp(Health(100, 47, injuries=1), 2, basis="real").markers == ()


def test_healing_stops_at_the_injured_max() -> None:
    assert heal(Health(100, 50, injuries=1), 100).hp == 90
    assert heal(Health(100, 50), 10).hp == 60
    with pytest.raises(FightValueError):
        heal(Health(100, 50), -1)


def test_stage_range_is_minus_six_to_plus_six() -> None:
    assert check_stage(6) == 6
    assert check_stage(-6) == -6
    with pytest.raises(FightValueError, match="combat stage"):
        check_stage(7)
    with pytest.raises(FightValueError):
        check_stage(-7)
    assert shift_stage(5, 3) == 6
    assert shift_stage(-5, -3) == -6
    assert shift_stage(0, 2) == 2


def test_positive_stages_add_a_quarter_each() -> None:
    assert staged_value(20, 0) == 20
    assert staged_value(20, 1) == 25
    assert staged_value(20, 6) == 50
    assert staged_value(10, 1) == 12  # 12.5 rounded down


def test_negative_stages_take_a_tenth_each() -> None:
    assert staged_value(20, -1) == 18
    assert staged_value(20, -6) == 8
    assert staged_value(15, -1) == 13  # 13.5 rounded down
    assert staged_value(20, -1) != staged_value(20, 1)


def test_accuracy_stages_add_one_each() -> None:
    assert accuracy_modifier(2) == 2
    assert accuracy_modifier(-3, 1) == -2
    with pytest.raises(FightValueError):
        accuracy_modifier(7)


def test_evasion_is_one_per_five_points_capped_at_six() -> None:
    assert stat_evasion(4) == 0
    assert stat_evasion(5) == 1
    assert stat_evasion(29) == 5
    assert stat_evasion(30) == 6
    assert stat_evasion(100) == 6


def test_best_fitting_evasion() -> None:
    evasions = Evasions.from_stats(defense=30, special_defense=10, speed=15)
    assert evasions.best_against("physical") == 6  # Physical Evasion fits physical
    assert evasions.best_against("special") == 3  # Physical does not fit: Speed 3 > Special 2
    assert evasions.best_against("status") == 3  # only Speed Evasion fits a status move


def test_stages_reach_evasion_through_the_staged_stat() -> None:
    plain = Evasions.from_stats(defense=20, special_defense=20, speed=20)
    raised = Evasions.from_stats(defense=staged_value(20, 2), special_defense=20, speed=20)
    lowered = Evasions.from_stats(defense=staged_value(20, -6), special_defense=20, speed=20)
    assert (plain.physical, raised.physical, lowered.physical) == (4, 6, 1)
    assert Evasions.from_stats(20, 20, 20, bonus=1).speed == 5


def test_health_refuses_hp_above_max() -> None:
    with pytest.raises(FightValueError, match="above max_hp"):
        Health(40, 41)


def test_health_and_hp_loss_stay_frozen_values_with_their_written_init() -> None:
    # Health and HpLoss write their __init__ out (fight/health.py says why); they keep the
    # dataclass's keyword names and defaults, its validation, equality, hash, refusal of
    # assignment, and copies and pickles (compiled and pure builds alike).
    import copy
    import dataclasses
    import pickle

    health = Health(max_hp=40, hp=30)
    assert health == Health(40, 30, 0) and hash(health) == hash(Health(40, 30, 0))
    assert health != Health(40, 30, 1)
    assert repr(health) == "Health(max_hp=40, hp=30, injuries=0)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        health.hp = 1  # type: ignore[misc]
    with pytest.raises(FightValueError, match="injuries"):
        Health(40, 30, -1)
    assert dataclasses.replace(health, hp=-5) == Health(40, -5)
    loss = lose_hp(health, 20)
    assert loss == lose_hp(Health(40, 30), 20) and hash(loss) == hash(lose_hp(Health(40, 30), 20))
    assert (loss.before, loss.after, loss.damage, loss.markers, loss.massive) == (
        health, Health(40, 10, 2), 20, (50,), True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        loss.damage = 3  # type: ignore[misc]
    for value in (health, loss):
        assert copy.copy(value) == value
        assert copy.deepcopy(value) == value
        assert pickle.loads(pickle.dumps(value)) == value
