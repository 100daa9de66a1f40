"""Status afflictions (PTU 1.05 Core p. 246-248) and Take a Breather (p. 245): stages, HP
lost on a Standard action, save checks and their timing, type immunities, cures."""

from __future__ import annotations

from fractions import Fraction

import pytest

from turnkeeper.dice import ForcedDice
from turnkeeper.rulesets.ptu.fight.afflictions import (
    affliction,
    affliction_names,
    blocks_actions,
    cured,
    denies_evasion,
    ignores_powder,
    immunity_to,
    roll_save,
    save_odds,
    save_result,
    saves_due,
    stage_changes,
    standard_action_loss,
)
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError
from turnkeeper.rulesets.ptu.fight.maneuvers import take_a_breather

PERSISTENT = {"Burned", "Poisoned", "Badly Poisoned", "Paralyzed", "Frozen"}
VOLATILE = {"Asleep", "Confused", "Flinched", "Enraged", "Infatuated", "Cursed"}


def test_the_table_holds_every_affliction_of_the_reference_with_its_kind() -> None:
    assert set(affliction_names()) == PERSISTENT | VOLATILE
    for name in PERSISTENT:
        assert affliction(name).kind == "persistent"
    for name in VOLATILE:
        assert affliction(name).kind == "volatile"


def test_unknown_affliction_has_a_suggestion() -> None:
    with pytest.raises(UnknownNameError, match="did you mean Burned"):
        affliction("Burnd")


def test_stage_changes() -> None:
    assert stage_changes("Burned") == {"defense": -2}
    assert stage_changes("Poisoned") == {"special_defense": -2}
    assert stage_changes("Badly Poisoned") == {"special_defense": -2}
    assert stage_changes("Paralyzed") == {"speed": -4}
    assert stage_changes("Confused") == {}


def test_standard_action_loss_ticks() -> None:
    assert standard_action_loss(["Burned"], 45) == 4
    assert standard_action_loss(["Poisoned"], 45) == 4
    assert standard_action_loss(["Cursed"], 45) == 8
    assert standard_action_loss(["Burned", "Cursed"], 45) == 12
    assert standard_action_loss(["Paralyzed", "Confused"], 45) == 0


def test_badly_poisoned_doubles_from_five() -> None:
    assert [standard_action_loss(["Badly Poisoned"], 45, n) for n in range(4)] == [5, 10, 20, 40]
    assert standard_action_loss(["Badly Poisoned", "Poisoned"], 45, 0) == 5


def test_paralysis_save_at_start_of_turn_dc_5() -> None:
    assert saves_due(["Paralyzed"], "start_of_turn") == ("Paralyzed",)
    assert saves_due(["Paralyzed"], "end_of_turn") == ()
    assert save_result("Paralyzed", 4) == "cannot_act"
    assert save_result("Paralyzed", 5) == "act"
    assert save_result("Paralyzed", 3, modifier=2) == "act"


def test_frozen_save_at_end_of_turn_16_or_11_for_fire_types() -> None:
    assert saves_due(["Frozen"], "end_of_turn") == ("Frozen",)
    assert saves_due(["Frozen"], "start_of_turn") == ()
    assert save_result("Frozen", 15) == "stays"
    assert save_result("Frozen", 16) == "cured"
    assert save_result("Frozen", 10, own_types=("Fire",)) == "stays"
    assert save_result("Frozen", 11, own_types=("Fire",)) == "cured"


def test_asleep_and_enraged_saves() -> None:
    assert save_result("Asleep", 15) == "stays"
    assert save_result("Asleep", 16) == "cured"
    assert save_result("Enraged", 14) == "stays"
    assert save_result("Enraged", 15) == "cured"
    assert saves_due(["Asleep", "Enraged"], "end_of_turn") == ("Asleep", "Enraged")


def test_confusion_bands() -> None:
    assert [save_result("Confused", n) for n in (1, 8, 9, 15, 16, 20)] == [
        "hits_self",
        "hits_self",
        "act",
        "act",
        "cured",
        "cured",
    ]
    assert saves_due(["Confused"], "start_of_turn") == ("Confused",)


def test_infatuation_bands() -> None:
    assert [save_result("Infatuated", n) for n in (10, 11, 18, 19)] == [
        "cannot_target_source",
        "act",
        "act",
        "cured",
    ]


def test_afflictions_without_a_save_refuse_one() -> None:
    with pytest.raises(UnknownNameError):
        save_result("Burned", 10)


def test_save_odds_are_exact_and_match_rolls() -> None:
    assert save_odds("Paralyzed") == {"cannot_act": Fraction(1, 5), "act": Fraction(4, 5)}
    assert save_odds("Confused") == {
        "hits_self": Fraction(8, 20),
        "act": Fraction(7, 20),
        "cured": Fraction(5, 20),
    }
    assert save_odds("Frozen", own_types=("Fire",))["cured"] == Fraction(10, 20)
    assert roll_save("Paralyzed", ForcedDice([4])) == (4, "cannot_act")


def test_no_actions_and_no_evasion() -> None:
    assert (
        blocks_actions(["Frozen"]) and blocks_actions(["Asleep"]) and blocks_actions(["Flinched"])
    )
    assert not blocks_actions(["Paralyzed", "Confused", "Burned"])
    assert denies_evasion(["Frozen"]) and denies_evasion(["Asleep"])
    assert not denies_evasion(["Flinched", "Paralyzed"])


def test_enraged_must_attack_and_flinch_ends_after_its_turn() -> None:
    assert affliction("Enraged").must_attack and not affliction("Confused").must_attack
    assert affliction("Flinched").ends_after_next_turn
    assert not affliction("Asleep").ends_after_next_turn


@pytest.mark.parametrize(
    ("name", "immune_type", "other_type"),
    [
        ("Paralyzed", "Electric", "Water"),
        ("Burned", "Fire", "Water"),
        ("Frozen", "Ice", "Water"),
        ("Poisoned", "Poison", "Water"),
        ("Poisoned", "Steel", "Water"),
        ("Badly Poisoned", "Steel", "Fire"),
        ("Stuck", "Ghost", "Normal"),
        ("Trapped", "Ghost", "Normal"),
    ],
)
def test_type_immunities(name: str, immune_type: str, other_type: str) -> None:
    assert immunity_to(name, (other_type, immune_type)) == immune_type
    assert immunity_to(name, (other_type,)) is None


def test_grass_ignores_powder() -> None:
    assert ignores_powder(("Grass", "Poison"))
    assert not ignores_powder(("Fire",))


def test_volatile_cured_by_switch_breather_and_end_of_encounter() -> None:
    held = ["Burned", "Confused", "Cursed", "Paralyzed"]
    for event in ("switch_out", "take_a_breather", "end_of_encounter"):
        assert set(cured(held, event)) == {"Confused", "Cursed"}


def test_damage_wakes_the_asleep_only() -> None:
    assert cured(["Asleep", "Confused", "Frozen"], "took_damage") == ("Asleep",)


def test_frozen_thaws_on_a_damaging_fire_fighting_rock_or_steel_hit() -> None:
    for move_type in ("Fire", "Fighting", "Rock", "Steel"):
        assert cured(["Frozen"], "damaging_hit", damaging_type=move_type) == ("Frozen",)
    assert cured(["Frozen"], "damaging_hit", damaging_type="Water") == ()
    assert cured(["Frozen"], "switch_out") == ()


def test_take_a_breather() -> None:
    after = take_a_breather(
        {"attack": 2, "speed": -4}, {"Burned", "Confused"}, {"Slowed", "Stuck", "Blinded"}
    )
    assert after.stages == {"attack": 0, "speed": 0}
    assert after.afflictions == {"Burned"}
    assert after.conditions == {"Blinded", "Tripped", "Vulnerable"}
    assert after.temporary_hp == 0


def test_enraged_must_spend_its_standard_action_on_a_damaging_attack() -> None:
    from turnkeeper.rulesets.ptu.fight.afflictions import must_attack_refusal

    assert must_attack_refusal(["Enraged"], damaging_attack=False) == "ptu.fight.affliction.enraged"
    assert must_attack_refusal(["Enraged"], damaging_attack=True) is None
    assert must_attack_refusal(["Confused"], damaging_attack=False) is None


def test_flinch_ends_after_the_next_turn() -> None:
    from turnkeeper.rulesets.ptu.fight.afflictions import expiring_after_turn

    assert expiring_after_turn(["Flinched", "Burned"]) == ("Flinched",)
    assert expiring_after_turn(["Asleep"]) == ()


def test_affliction_data_is_checked_against_its_schema() -> None:
    from turnkeeper.core.schema import SchemaError, parse_model
    from turnkeeper.rulesets.ptu.fight.afflictions import Affliction

    entry = {"kind": "volatile", "stages": {"attack": -1}}
    assert parse_model(Affliction, entry).stages == {"attack": -1}
    with pytest.raises(SchemaError, match="did you mean blocks_actions"):
        parse_model(Affliction, {**entry, "blocks_action": True})
    with pytest.raises(SchemaError, match="stages"):
        parse_model(Affliction, {**entry, "stages": {"attak": -1}})
    with pytest.raises(SchemaError, match="bands"):
        parse_model(
            Affliction, {**entry, "save": {"when": "start_of_turn", "bands": [[1, "sleeps"]]}}
        )
