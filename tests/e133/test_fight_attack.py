"""e133 attack profiles (reference/e133.md, "Hit points and damage"): natural 1 / 20, crits
roll the damage dice twice, resistance / vulnerability / immunity; exact odds checked
against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from turnkeeper.dice import ForcedDice
from turnkeeper.rulesets.e133.fight.attack import (
    AttackProfile,
    Defences,
    ProfileError,
    attack_odds,
    damage_dealt,
    damage_distribution,
    hits,
    is_critical,
    p_drop,
    p_hit,
    resolve_attack,
)
from turnkeeper.rulesets.e133.fight.health import Health


def test_profile_parses_dice_modifier_and_type() -> None:
    profile = AttackProfile.parse("1d8+3 slashing", 5)
    assert (profile.dice, profile.sides, profile.modifier, profile.damage_type) == (
        1,
        8,
        3,
        "slashing",
    )
    assert AttackProfile.parse("2d6 - 1 fire").modifier == -1
    assert AttackProfile.parse("2d6 fire").modifier == 0


def test_bad_profiles_say_what_is_wrong() -> None:
    with pytest.raises(ProfileError, match=r"e\.g\. '1d8\+3 slashing'"):
        AttackProfile.parse("slashing 1d8")
    with pytest.raises(ProfileError, match="did you mean slashing"):
        AttackProfile.parse("1d8+3 slashng")
    with pytest.raises(ProfileError, match="sides"):
        AttackProfile.parse("1d1 fire")


def test_hit_against_ac() -> None:
    assert hits(10, 5, 15)
    assert not hits(9, 5, 15)


def test_natural_one_misses_natural_twenty_hits() -> None:
    assert not hits(1, 30, 10)
    assert hits(2, 30, 10)
    assert hits(20, -5, 40)
    assert not hits(19, -5, 40)


def test_crit_only_on_twenty() -> None:
    assert is_critical(20)
    assert not is_critical(19)


def test_crit_rolls_the_dice_twice_and_adds_the_modifier_once() -> None:
    profile = AttackProfile.parse("1d8+3 slashing", 5)
    assert profile.damage_expression(critical=True) == "2d8+3"
    assert profile.damage_expression(critical=False) == "1d8+3"
    result = resolve_attack(profile, 15, ForcedDice([20, 4, 6]))
    assert result.critical and result.damage == 4 + 6 + 3
    result = resolve_attack(profile, 15, ForcedDice([19, 4]))
    assert not result.critical and result.damage == 7


def test_miss_deals_nothing() -> None:
    result = resolve_attack(AttackProfile.parse("1d8+3 slashing", 5), 15, ForcedDice([9]))
    assert not result.hit and result.damage == 0


def test_advantage_keeps_the_higher_die() -> None:
    profile = AttackProfile.parse("1d4 fire", 0)
    assert resolve_attack(profile, 15, ForcedDice([3, 15, 2]), advantage=True).hit
    assert not resolve_attack(profile, 15, ForcedDice([3, 15]), disadvantage=True).hit


def test_resistance_halves_rounding_down() -> None:
    defences = Defences(resistant=frozenset({"fire"}))
    assert damage_dealt(7, "fire", defences) == 3
    assert damage_dealt(7, "cold", defences) == 7


def test_vulnerability_doubles() -> None:
    defences = Defences(vulnerable=frozenset({"fire"}))
    assert damage_dealt(7, "fire", defences) == 14
    assert damage_dealt(7, "acid", defences) == 7


def test_immunity_makes_it_zero() -> None:
    defences = Defences(immune=frozenset({"poison"}))
    assert damage_dealt(9, "poison", defences) == 0
    assert damage_dealt(9, "fire", defences) == 9


def test_resistance_before_vulnerability_and_never_negative() -> None:
    both = Defences(resistant=frozenset({"fire"}), vulnerable=frozenset({"fire"}))
    assert damage_dealt(7, "fire", both) == 6
    assert damage_dealt(-2, "fire", Defences()) == 0


# --- exact odds against brute force ---------------------------------------------------


def brute_force(
    profile: AttackProfile, ac: int, target: Health, defences: Defences, mode: str
) -> tuple[Fraction, dict[int, Fraction], Fraction]:
    rolls = (
        [(a,) for a in range(1, 21)]
        if mode == "normal"
        else list(itertools.product(range(1, 21), repeat=2))
    )
    weight_hit = Fraction(0)
    damages: dict[int, Fraction] = {}
    drop = Fraction(0)
    for faces in rolls:
        natural = max(faces) if mode == "advantage" else min(faces)
        if not hits(natural, profile.attack_bonus, ac):
            continue
        count = profile.dice * (2 if natural == 20 else 1)
        combos = list(itertools.product(range(1, profile.sides + 1), repeat=count))
        for combo in combos:
            weight = Fraction(1, len(rolls) * len(combos))
            dealt = damage_dealt(sum(combo) + profile.modifier, profile.damage_type, defences)
            weight_hit += weight
            damages[dealt] = damages.get(dealt, Fraction(0)) + weight
            if dealt >= target.hp + target.temporary_hp:
                drop += weight
    return weight_hit, {d: w / weight_hit for d, w in sorted(damages.items())}, drop


@pytest.mark.parametrize("mode", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize(
    ("damage", "bonus", "ac", "defences"),
    [
        ("1d8+3 slashing", 5, 15, Defences()),
        ("2d4-1 fire", 2, 18, Defences(resistant=frozenset({"fire"}))),
        ("1d6+1 cold", 9, 12, Defences(vulnerable=frozenset({"cold"}))),
    ],
)
def test_odds_match_brute_force(
    damage: str, bonus: int, ac: int, defences: Defences, mode: str
) -> None:
    profile = AttackProfile.parse(damage, bonus)
    flags = {"advantage": mode == "advantage", "disadvantage": mode == "disadvantage"}
    for target in (Health(30, 4), Health(30, 9, temporary_hp=2), Health(30, 1)):
        chance, on_hit, drop = brute_force(profile, ac, target, defences, mode)
        assert p_hit(profile, ac, **flags) == chance
        assert damage_distribution(profile, ac, defences=defences, **flags) == on_hit
        assert p_drop(profile, ac, target, defences=defences, **flags) == drop


def test_p_drop_of_a_target_already_down_is_zero() -> None:
    profile = AttackProfile.parse("1d8+3 slashing", 5)
    assert p_drop(profile, 15, Health(20, 0, status="dropped")) == 0
    assert p_drop(profile, 15, Health(20, 1)) == p_hit(profile, 15)


def test_attack_odds_are_fraction_strings() -> None:
    odds = attack_odds(AttackProfile.parse("1d8+3 slashing", 5), 15, Health(20, 6))
    assert odds["hit"] == "11/20"
    assert odds["critical"] == "1/20"
    assert all("/" in value for value in odds["damage_on_hit"].values())


def test_p_hit_keeps_the_natural_one_and_twenty_rules() -> None:
    profile = AttackProfile.parse("1d8+3 slashing", 5)
    assert p_hit(profile, 26) == Fraction(1, 20)  # only a natural 20
    assert p_hit(profile, 2) == Fraction(19, 20)  # all but a natural 1
    assert p_hit(profile, 15) == Fraction(11, 20)
