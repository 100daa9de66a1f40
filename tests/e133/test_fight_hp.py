"""e133 hit points (reference/e133.md, "Hit points and damage"): temporary HP, dropping at
0 HP, death saves and "down means out", healing, the encounter's outcome — both ways."""

from __future__ import annotations

import pytest

from turnkeeper.rulesets.e133.fight.health import (
    Health,
    HealthError,
    death_save,
    grant_temporary_hp,
    heal,
    take_damage,
)
from turnkeeper.rulesets.e133.fight.outcome import Termination, encounter_outcome


def test_health_values_are_checked() -> None:
    with pytest.raises(HealthError, match="max_hp"):
        Health(0, 0)
    with pytest.raises(HealthError, match="hp must be"):
        Health(10, 11)
    with pytest.raises(HealthError, match="temporary_hp"):
        Health(10, 5, temporary_hp=-1)


def test_temporary_hp_do_not_stack_a_higher_grant_replaces() -> None:
    health = Health(20, 20, temporary_hp=5)
    assert grant_temporary_hp(health, 3).temporary_hp == 5
    assert grant_temporary_hp(health, 5).temporary_hp == 5
    assert grant_temporary_hp(health, 8).temporary_hp == 8


def test_temporary_hp_absorb_damage_first() -> None:
    taken = take_damage(Health(20, 20, temporary_hp=5), 3)
    assert (taken.after.hp, taken.after.temporary_hp, taken.absorbed_by_temporary) == (20, 2, 3)
    taken = take_damage(Health(20, 20, temporary_hp=5), 8)
    assert (taken.after.hp, taken.after.temporary_hp, taken.lost_hp) == (17, 0, 3)


def test_drops_at_zero_not_at_one() -> None:
    assert take_damage(Health(20, 5), 4).after.status == "up"
    taken = take_damage(Health(20, 5), 5)
    assert taken.after.status == "dropped" and taken.after.hp == 0 and taken.dropped_now
    assert not taken.after.can_act
    assert Health(20, 1).can_act


def test_hp_never_below_zero() -> None:
    assert take_damage(Health(20, 5), 12).after.hp == 0


def test_down_means_out_setting() -> None:
    taken = take_damage(Health(20, 5), 5, drop_rule="down_means_out")
    assert taken.after.status == "out" and taken.dropped_now
    assert take_damage(Health(20, 5), 4, drop_rule="down_means_out").after.status == "up"
    assert heal(taken.after, 5) == "e133.fight.heal.not-dead"


def test_overflow_of_max_hp_kills_outright() -> None:
    assert take_damage(Health(10, 5), 15).after.status == "dead"
    assert take_damage(Health(10, 5), 14).after.status == "dropped"


def test_damage_at_zero_is_a_failure_a_crit_two() -> None:
    down = Health(20, 0, status="dropped")
    assert take_damage(down, 3).after.failures == 1
    assert take_damage(down, 3, critical=True).after.failures == 2
    assert take_damage(Health(20, 0, status="dropped", failures=2), 1).after.status == "dead"


def test_damage_at_zero_of_max_hp_kills() -> None:
    down = Health(20, 0, status="dropped")
    assert take_damage(down, 20).after.status == "dead"
    assert take_damage(down, 19).after.status == "dropped"


def test_stable_combatant_hit_rolls_again() -> None:
    stable = Health(20, 0, status="stable")
    after = take_damage(stable, 2).after
    assert after.status == "dropped" and after.failures == 1


def test_death_save_success_and_failure_at_ten() -> None:
    down = Health(20, 0, status="dropped")
    assert death_save(down, 10).after.successes == 1
    assert death_save(down, 9).after.failures == 1
    assert death_save(down, 9).after.successes == 0


def test_natural_twenty_regains_one_hp_natural_one_two_failures() -> None:
    down = Health(20, 0, status="dropped", failures=2)
    back = death_save(down, 20).after
    assert (back.hp, back.status, back.failures) == (1, "up", 0)
    assert death_save(Health(20, 0, status="dropped"), 1).after.failures == 2
    assert death_save(Health(20, 0, status="dropped"), 2).after.failures == 1


def test_three_successes_stable_three_failures_dead() -> None:
    assert death_save(Health(20, 0, status="dropped", successes=2), 12).after.status == "stable"
    assert death_save(Health(20, 0, status="dropped", successes=1), 12).after.status == "dropped"
    assert death_save(Health(20, 0, status="dropped", failures=2), 5).after.status == "dead"
    assert death_save(Health(20, 0, status="dropped", failures=1), 5).after.status == "dropped"
    assert death_save(Health(20, 0, status="dropped", failures=1), 1).after.status == "dead"


def test_only_the_dropped_roll_death_saves() -> None:
    with pytest.raises(HealthError, match="only a dropped"):
        death_save(Health(20, 5), 10)
    with pytest.raises(HealthError):
        death_save(Health(20, 0, status="dropped"), 0)


def test_healing_caps_at_max_and_revives_the_dropped() -> None:
    assert heal(Health(20, 15), 10) == Health(20, 20)
    revived = heal(Health(20, 0, status="dropped", failures=2, successes=1), 3)
    assert revived == Health(20, 3)
    assert heal(Health(20, 0, status="stable"), 1) == Health(20, 1)
    assert heal(Health(20, 0, status="dead"), 5) == "e133.fight.heal.not-dead"
    with pytest.raises(HealthError):
        heal(Health(20, 5), -2)


def test_the_dead_take_no_more_damage() -> None:
    dead = Health(20, 0, status="dead")
    assert take_damage(dead, 50).after == dead


def test_encounter_over_when_one_side_is_left() -> None:
    ongoing = encounter_outcome({"heroes": ["up", "dropped"], "goblins": ["dead", "up"]})
    assert ongoing.termination is Termination.ONGOING and not ongoing.over
    won = encounter_outcome({"heroes": ["up", "dropped"], "goblins": ["dead", "fled", "stable"]})
    assert won.over and won.winner == "heroes"
    assert encounter_outcome({"a": ["out"], "b": ["dropped"]}).termination is (
        Termination.NOBODY_LEFT
    )
    assert encounter_outcome({"a": ["up"], "b": ["up"], "c": ["dead"]}).over is False


def test_fight_settings_default_to_death_saves() -> None:
    from turnkeeper.core.schema import SchemaError, parse_model
    from turnkeeper.rulesets.e133.fight.settings import FightSettings

    assert parse_model(FightSettings, {}).drop_rule == "death_saves"
    assert parse_model(FightSettings, {"drop_rule": "down_means_out"}).drop_rule == "down_means_out"
    with pytest.raises(SchemaError, match="did you mean drop_rule"):
        parse_model(FightSettings, {"drop_rules": "down_means_out"})
