"""Independent check of ``turnkeeper check`` on the real app, values worked out by hand.

Sources: PTE ch. 5 "System Fundamentals - Taking Action" (rules/001_*.txt), the rank ladder of
PTU 1.05 Core p. 34 (reference/ptu.md) and the exact values of reference/odds.md.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product
from typing import Any

from typer.testing import CliRunner

from turnkeeper.cli.app import app

runner = CliRunner()


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["check", *args, "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def frac(data: dict[str, Any], key: str) -> Fraction:
    return Fraction(data["odds"][key]["fraction"])


def test_adept_meeting_dc_15_matches_odds_md_and_each_band_by_hand() -> None:
    data = run_json("--rank", "adept", "--dc", "15")
    assert data["pool"] == "4d6"
    assert frac(data, "success") == Fraction(575, 1296)
    # Ways for 4d6 sums (odds.md): 15-17 moderate, 18-20 significant, 21+ glowing,
    # 13-14 moderate failure, 10-12 significant failure, 9 or less a catastrophe.
    assert frac(data, "moderate_success") == Fraction(140 + 125 + 104, 1296)
    assert frac(data, "significant_success") == Fraction(80 + 56 + 35, 1296)
    assert frac(data, "glowing_success") == Fraction(20 + 10 + 4 + 1, 1296)
    assert frac(data, "moderate_failure") == Fraction(140 + 146, 1296)
    assert frac(data, "significant_failure") == Fraction(80 + 104 + 125, 1296)
    assert frac(data, "catastrophe") == Fraction(1 + 4 + 10 + 20 + 35 + 56, 1296)


def test_opposed_reference_values_and_status_quo_flip() -> None:
    base = ("--rank", "adept", "--bonus", "2", "--vs-rank", "novice", "--vs-bonus", "4")
    defender = run_json(*base)
    assert frac(defender, "success") == Fraction(163985, 279936)
    assert frac(defender, "tie") == Fraction(22967, 279936)
    attacker = run_json(*base, "--status-quo", "attacker")
    # Keeping the status quo, the attacker also wins every tie.
    assert frac(attacker, "success") == Fraction(163985 + 22967, 279936)
    # The scenario API's word for the attacker is accepted too.
    actor = run_json(*base, "--status-quo", "actor")
    assert actor["ties_to"] == "attacker"
    assert frac(actor, "success") == frac(attacker, "success")


def test_extended_reference_values() -> None:
    data = run_json("--rank", "novice", "--dc", "15", "--multiplier", "3", "--attempts", "4")
    assert data["extended_dc"] == 45
    assert frac(data, "success") == Fraction(735884981, 2176782336)
    assert frac(data, "first_on_3") == Fraction(2915, 629856)
    assert frac(data, "first_on_4") == Fraction(725810741, 2176782336)


def test_extended_attempts_default_to_the_rank() -> None:
    data = run_json("--rank", "novice", "--dc", "10", "--multiplier", "3")
    assert data["attempts"] == 3
    # Three rolls of 3d6 reaching 30 is 9d6 >= 30, the team reference value of odds.md.
    assert frac(data, "success") == Fraction(727429, 1119744)


def test_team_dc_is_dc_times_people() -> None:
    data = run_json("--team", "untrained,novice,adept", "--people", "3", "--dc", "10")
    assert data["team_dc"] == 30
    assert frac(data, "success") == Fraction(727429, 1119744)
    four = run_json("--team", "master,master", "--people", "4", "--dc", "6")
    assert four["team_dc"] == 24
    # 12d6 >= 24 by brute force over two independent 6d6 sums.
    six = [0] * 37
    for faces in product(range(1, 7), repeat=6):
        six[sum(faces)] += 1
    ways = sum(six[a] * six[b] for a in range(37) for b in range(37) if a + b >= 24)
    assert frac(four, "success") == Fraction(ways, 6**12)


def test_pathetic_with_a_penalty_die_is_not_floored() -> None:
    data = run_json("--rank", "pathetic", "--dc", "0", "--circumstance", "-1")
    assert data["pool"] == "1d6-1d6"
    # d6 - d6 >= 0 in 21 of 36; margins 0-2 in 15, 3-5 in 6; below zero stays below zero.
    assert frac(data, "success") == Fraction(21, 36)
    assert frac(data, "moderate_success") == Fraction(15, 36)
    assert frac(data, "significant_success") == Fraction(6, 36)
    assert frac(data, "moderate_failure") == Fraction(5 + 4, 36)
    assert frac(data, "significant_failure") == Fraction(3 + 2 + 1, 36)


def test_synergy_from_pathetic_adds_nothing_and_novice_helper_adds_one() -> None:
    data = run_json("--rank", "adept", "--dc", "12", "--synergy", "pathetic", "--helper", "novice")
    assert data["kind"] == "assisted"
    assert data["modifiers"]["synergy"] == 0 and data["modifiers"]["helper"] == 1
    assert data["pool"] == "4d6+1"
    expert = run_json("--rank", "adept", "--dc", "12", "--synergy", "expert")
    assert expert["modifiers"]["synergy"] == 2


def test_adept_taking_3_is_a_certain_12() -> None:
    met = run_json("--rank", "adept", "--dc", "12", "--take", "3")
    assert frac(met, "success") == 1 and frac(met, "moderate_success") == 1
    missed = run_json("--rank", "adept", "--dc", "13", "--take", "3")
    assert frac(missed, "success") == 0 and frac(missed, "moderate_failure") == 1
    # A penalty die is fixed at 3 too: 12 - 3 = 9, three short of DC 12.
    night = run_json("--rank", "adept", "--dc", "12", "--take", "3", "--circumstance", "-1")
    assert frac(night, "significant_failure") == 1


def test_seeded_roll_is_summed_and_judged() -> None:
    data = run_json("--rank", "expert", "--dc", "18", "--bonus", "1", "--roll", "--seed", "5")
    roll = data["roll"]
    assert len(roll["rank_faces"]) == 5
    assert roll["total"] == sum(roll["rank_faces"]) + 1
    assert roll["success"] == (roll["total"] >= 18)
    assert roll["margin"] == roll["total"] - 18


def test_bad_inputs_exit_2_with_an_error() -> None:
    cases = [
        ("--rank", "adept", "--dc", "10", "--multiplier", "1"),
        ("--rank", "adept", "--dc", "10", "--multiplier", "6"),
        ("--rank", "adept", "--dc", "10", "--helper", "untrained"),
        ("--rank", "adept", "--dc", "10", "--helper", "pathetic"),
        ("--rank", "adept", "--dc", "10", "--take", "7"),
        ("--rank", "adept", "--dc", "10", "--take", "0"),
        ("--rank", "adept", "--dc", "10", "--circumstance", "-2"),
        ("--rank", "grand", "--dc", "10"),
        # Options that would otherwise be silently ignored:
        ("--rank", "adept", "--vs-rank", "novice", "--dc", "10"),
        ("--team", "adept,novice", "--rank", "master", "--dc", "10"),
        ("--rank", "adept", "--dc", "10", "--status-quo", "attacker"),
    ]
    for args in cases:
        result = runner.invoke(app, ["check", *args])
        assert result.exit_code == 2, args
        assert "error:" in result.stderr, args
