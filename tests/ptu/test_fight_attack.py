"""Accuracy, Damage Base, STAB, crits, type effectiveness and minimum damage
(PTU 1.05 Core p. 236-238), both ways, and the exact odds against brute force."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from turnkeeper.dice import ForcedDice
from turnkeeper.rulesets.ptu.fight.attack import (
    Attack,
    attack_odds,
    damage_base_row,
    damage_distribution,
    damage_expression,
    effective_damage_base,
    final_damage,
    hits,
    is_critical,
    p_faint,
    p_hit,
    resolve_attack,
    type_multiplier,
    type_steps,
)
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError, damage_base_chart, type_chart
from turnkeeper.rulesets.ptu.fight.stats import FightValueError


def test_hit_needs_ac_plus_evasion() -> None:
    assert hits(7, ac=4, evasion=3)
    assert not hits(6, ac=4, evasion=3)
    assert hits(5, ac=4, evasion=3, accuracy_modifier=2)


def test_natural_one_always_misses() -> None:
    assert not hits(1, ac=2, evasion=0, accuracy_modifier=10)
    assert hits(2, ac=2, evasion=0, accuracy_modifier=10)


def test_natural_twenty_always_hits() -> None:
    assert hits(20, ac=10, evasion=20)
    assert not hits(19, ac=10, evasion=20)


def test_accuracy_roll_must_be_a_d20_face() -> None:
    with pytest.raises(FightValueError):
        hits(21, ac=2, evasion=0)


def test_crit_on_twenty_or_the_moves_wider_range() -> None:
    assert is_critical(20, hit=True)
    assert not is_critical(19, hit=True)
    assert is_critical(18, hit=True, crit_from=18)
    assert not is_critical(18, hit=False, crit_from=18)  # reading: a miss is no crit


def test_move_with_no_ac_cannot_miss_and_rolls_no_d20() -> None:
    attack = Attack("Normal", "physical", None, 6, attack_stat=5, defense_stat=5)
    assert p_hit(attack) == 1
    outcome = resolve_attack(attack, ForcedDice([3, 4]))  # only the 2d6 are rolled
    assert outcome.natural is None and outcome.hit
    assert outcome.roll_total == 3 + 4 + 8


def test_status_move_with_an_ac_rolls_accuracy() -> None:
    attack = Attack("Grass", "status", 6, None)
    assert p_hit(attack) == Fraction(15, 20)
    assert not resolve_attack(attack, ForcedDice([5])).hit
    assert resolve_attack(attack, ForcedDice([6])).hit


def test_stab_adds_two_to_the_damage_base() -> None:
    assert effective_damage_base(6, "Fire", ("Fire", "Flying")) == 8
    assert effective_damage_base(6, "Water", ("Fire",)) == 6
    assert effective_damage_base(4, "Normal", ("Normal",), stab=False) == 4  # Struggle
    assert effective_damage_base(28, "Fire", ("Fire",)) == 28


def test_damage_base_out_of_the_chart_is_refused() -> None:
    with pytest.raises(FightValueError):
        effective_damage_base(29, "Fire", ())
    with pytest.raises(FightValueError):
        damage_base_row(0)


def test_damage_base_chart_matches_its_dice() -> None:
    chart = damage_base_chart()
    assert sorted(chart) == list(range(1, 29))
    for row in chart.values():
        assert row.set_min == row.dice + row.flat
        assert row.set_max == row.dice * row.sides + row.flat
        assert row.set_min < row.set_average < row.set_max
    assert chart[6].expression == "2d6+8"
    assert chart[28].expression == "8d12+80"


def test_crit_adds_the_roll_a_second_time() -> None:
    row = damage_base_row(6)
    assert damage_expression(row, critical=True) == "4d6+16"
    assert damage_expression(row, critical=False) == "2d6+8"


def test_crit_does_not_add_stats_twice() -> None:
    attack = Attack("Normal", "physical", 2, 6, attack_stat=10, defense_stat=4)
    outcome = resolve_attack(attack, ForcedDice([20, 1, 1, 1, 1]))
    assert outcome.critical
    assert outcome.roll_total == 4 + 16
    assert outcome.damage == 20 + 10 - 4


def test_set_damage_uses_the_chart_and_doubles_on_a_crit() -> None:
    attack = Attack("Normal", "physical", 2, 6, damage_mode="average")
    assert resolve_attack(attack, ForcedDice([10])).roll_total == 15
    assert resolve_attack(attack, ForcedDice([20])).roll_total == 30
    assert (
        resolve_attack(
            Attack("Normal", "physical", 2, 6, damage_mode="max"), ForcedDice([10])
        ).roll_total
        == 20
    )
    with pytest.raises(FightValueError):
        Attack("Normal", "physical", 2, 6, damage_mode="median")  # type: ignore[arg-type]


def test_attack_stat_added_and_defense_subtracted() -> None:
    assert final_damage(15, 10, 3, 0) == 22
    assert final_damage(15, 0, 0, 0) == 15


def test_type_multiplier_rounds_down() -> None:
    assert final_damage(15, 0, 0, 1) == 22  # 22.5
    assert final_damage(15, 0, 0, -1) == 7  # 7.5


def test_damage_is_the_floor_of_the_exact_product_at_every_step() -> None:
    # final_damage works in integers; the rule is the floor of the exact product (p. 236).
    for steps in range(-3, 4):
        multiplier = type_multiplier(steps)
        for raw in range(-20, 60):
            exact = Fraction(raw) * multiplier
            expected = max(1, math.floor(exact))
            assert final_damage(raw, 0, 0, steps) == expected, (raw, steps)
    assert final_damage(1, 0, 0, -3) == 1 and final_damage(9, 0, 0, -3) == 1  # 1/8, 9/8
    assert final_damage(16, 0, 0, -3) == 2 and final_damage(-7, 0, 0, 3) == 1


def test_minimum_one_damage_unless_immune() -> None:
    assert final_damage(5, 0, 50, 0) == 1
    assert final_damage(5, 0, 50, -3) == 1
    assert final_damage(50, 50, 0, None) == 0


def test_steps_and_their_multipliers() -> None:
    assert [type_multiplier(s) for s in (-3, -2, -1, 0, 1, 2, 3)] == [
        Fraction(1, 8),
        Fraction(1, 4),
        Fraction(1, 2),
        1,
        Fraction(3, 2),
        2,
        3,
    ]
    assert type_multiplier(None) == 0


def test_chart_weakness_resistance_immunity() -> None:
    assert type_steps("Fire", ("Grass",)) == 1
    assert type_steps("Fire", ("Grass", "Bug")) == 2
    assert type_steps("Fire", ("Water",)) == -1
    assert type_steps("Fire", ("Water", "Rock")) == -2
    assert type_steps("Fire", ("Grass", "Water")) == 0
    assert type_steps("Fire", ("Normal",)) == 0
    assert type_steps("Electric", ("Ground",)) is None
    assert type_steps("Electric", ("Water", "Ground")) is None
    assert type_steps("Normal", ("Ghost",)) is None
    assert type_steps("Ghost", ("Normal",)) is None
    assert type_steps("Dragon", ("Fairy",)) is None
    assert type_steps("Dragon", ("Dragon",)) == 1


def test_three_steps_is_the_limit() -> None:
    assert type_steps("Ground", ("Fire", "Rock", "Steel")) == 3
    assert type_steps("Grass", ("Fire", "Poison", "Flying", "Bug")) == -3


def test_chart_has_18_types_that_all_name_known_types() -> None:
    chart = type_chart()
    assert len(chart.rows) == 18
    for row in chart.rows.values():
        for name in row.super_effective | row.resisted_by | row.no_effect:
            assert name in chart.rows
        assert not (row.super_effective & row.resisted_by)


def test_unknown_type_is_an_error_with_a_suggestion() -> None:
    with pytest.raises(UnknownNameError, match="did you mean Psychic"):
        type_steps("Psychc", ("Normal",))
    with pytest.raises(UnknownNameError, match="target type"):
        type_steps("Fire", ("Grasss",))


def test_resolve_attack_misses_deal_nothing() -> None:
    attack = Attack("Fire", "special", 2, 4, attack_stat=10, target_types=("Grass",), evasion=3)
    outcome = resolve_attack(attack, ForcedDice([4]))
    assert not outcome.hit and outcome.damage == 0
    outcome = resolve_attack(attack, ForcedDice([5, 8]))
    assert outcome.hit and outcome.damage == (8 + 6 + 10) * 3 // 2


def test_resolve_attack_on_an_immune_target_deals_zero() -> None:
    attack = Attack("Electric", "special", 2, 4, attack_stat=30, target_types=("Ground",))
    outcome = resolve_attack(attack, ForcedDice([10, 8]))
    assert outcome.hit and outcome.damage == 0 and outcome.to_dict()["immune"]


# --- exact odds against brute force ---------------------------------------------------


def brute_force(attack: Attack, target_hp: int) -> tuple[Fraction, dict[int, Fraction], Fraction]:
    """Enumerate every d20 face and every face of the (crit or plain) damage dice."""
    row = attack.row
    hit_count = Fraction(0)
    damage_weights: dict[int, Fraction] = {}
    faint = Fraction(0)
    for natural in range(1, 21):
        if not hits(
            natural,
            ac=attack.ac or 0,
            evasion=attack.evasion,
            accuracy_modifier=attack.accuracy_modifier,
        ):
            continue
        crit = is_critical(natural, hit=True, crit_from=attack.crit_from)
        count = row.dice * (2 if crit else 1)
        flat = row.flat * (2 if crit else 1)
        faces = list(itertools.product(range(1, row.sides + 1), repeat=count))
        for combo in faces:
            weight = Fraction(1, 20 * len(faces))
            damage = final_damage(
                sum(combo) + flat, attack.attack_stat, attack.defense_stat, attack.steps
            )
            hit_count += weight
            damage_weights[damage] = damage_weights.get(damage, Fraction(0)) + weight
            if damage >= target_hp:
                faint += weight
    on_hit = {d: w / hit_count for d, w in sorted(damage_weights.items())}
    return hit_count, on_hit, faint


@pytest.mark.parametrize(
    "attack",
    [
        Attack(
            "Fire",
            "special",
            2,
            4,
            attack_stat=10,
            defense_stat=5,
            user_types=("Fire",),
            target_types=("Grass",),
            evasion=2,
        ),
        Attack(
            "Normal",
            "physical",
            4,
            1,
            attack_stat=3,
            defense_stat=12,
            evasion=5,
            crit_from=18,
            accuracy_modifier=1,
        ),
        Attack(
            "Water",
            "special",
            6,
            3,
            attack_stat=8,
            defense_stat=2,
            target_types=("Water", "Dragon"),
            evasion=6,
            accuracy_modifier=-2,
        ),
    ],
)
def test_odds_match_brute_force(attack: Attack) -> None:
    for target_hp in (1, 12, 20, 30):
        chance, on_hit, faint = brute_force(attack, target_hp)
        assert p_hit(attack) == chance
        assert damage_distribution(attack) == on_hit
        assert p_faint(attack, target_hp) == faint
    assert sum(damage_distribution(attack).values()) == 1


def test_odds_in_set_damage_mode_have_two_outcomes_at_most() -> None:
    attack = Attack("Normal", "physical", 2, 6, damage_mode="average", target_types=("Normal",))
    odds = attack_odds(attack, 30)
    assert odds.damage == {15: Fraction(18, 19), 30: Fraction(1, 19)}
    assert odds.p_faint == Fraction(1, 20)
    assert odds.to_dict()["p_faint"] == "1/20"


def test_odds_of_a_fainted_target_or_status_move_are_zero() -> None:
    attack = Attack("Normal", "physical", 2, 6)
    assert p_faint(attack, 0) == 0
    assert p_faint(Attack("Normal", "status", 2, None), 5) == 0
    assert damage_distribution(Attack("Normal", "status", 2, None)) == {}


def test_confused_self_hit_is_a_typeless_struggle_that_cannot_miss() -> None:
    from turnkeeper.rulesets.ptu.fight.attack import confused_self_hit

    attack = confused_self_hit(10, 4)
    assert attack.steps == 0 and attack.row.expression == "1d8+6"
    outcome = resolve_attack(attack, ForcedDice([5]))
    assert outcome.natural is None and outcome.damage == 5 + 6 + 10 - 4


def test_fight_settings_refuse_unknown_keys_with_a_suggestion() -> None:
    from turnkeeper.core.schema import SchemaError, parse_model
    from turnkeeper.rulesets.ptu.fight.settings import FightSettings

    assert parse_model(FightSettings, {"damage_mode": "max"}).damage_mode == "max"
    with pytest.raises(SchemaError, match="did you mean damage_mode"):
        parse_model(FightSettings, {"damage_mod": "max"})
    with pytest.raises(SchemaError, match="damage_mode"):
        parse_model(FightSettings, {"damage_mode": "median"})


def test_the_encounter_settings_take_the_fights_two_settings_as_written_there() -> None:
    # one definition (fight/settings.py): the same choices, meaning and default in both
    import msgspec

    from turnkeeper.core.schema import SchemaError, parse_model
    from turnkeeper.rulesets.ptu.fight.settings import FightSettings
    from turnkeeper.rulesets.ptu.settings import PtuSettings

    fight = msgspec.json.schema(FightSettings)["$defs"]["FightSettings"]["properties"]
    encounter = msgspec.json.schema(PtuSettings)["$defs"]["PtuSettings"]["properties"]
    assert set(fight) == {"damage_mode", "injury_basis"}
    assert {name: encounter[name] for name in fight} == fight
    assert parse_model(PtuSettings, {"injury_basis": "real"}).injury_basis == "real"
    with pytest.raises(SchemaError, match="injury_basis"):
        parse_model(PtuSettings, {"injury_basis": "unhurt"})


@pytest.mark.parametrize("critical", [False, True])
def test_a_damage_roll_asks_the_dice_as_the_dice_layer_does(critical: bool) -> None:
    # roll_damage asks the dice itself (no text parsed): every Damage Base row, the same
    # faces and total as rolling its expression through the dice layer with the same seed
    from turnkeeper.dice import SeededDice, roll_value
    from turnkeeper.rulesets.ptu.fight.attack import damage_expression, roll_damage

    for damage_base, row in damage_base_chart().items():
        attack = Attack("Normal", "physical", 2, damage_base, stab=False)
        assert attack.row == row
        for seed in range(5):
            faces, total = roll_damage(attack, critical=critical, dice=SeededDice(seed))
            record = roll_value(damage_expression(row, critical=critical), SeededDice(seed))
            assert (faces, total) == (record.faces, record.total), (damage_base, seed)
            assert len(faces) == row.dice * (2 if critical else 1)
    # a set damage mode asks no dice at all
    mean = Attack("Normal", "physical", 2, 6, stab=False, damage_mode="average")
    assert roll_damage(mean, critical=critical, dice=ForcedDice([]))[0] == ()
