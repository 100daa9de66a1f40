"""Moves as data: the starter set's numbers, users' moves files with clear errors, and the
frequency limits (PTU 1.05 Core p. 337-339)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from turnkeeper.rulesets.ptu.fight.moves import (
    MoveError,
    find_move,
    frequency_allows,
    load_moves,
    parse_moves,
    starter_moves,
)


def entry(**extra: Any) -> dict[str, Any]:
    return {
        "name": "Ember",
        "type": "Fire",
        "move_class": "special",
        "frequency": "At-Will",
        "ac": 2,
        "damage_base": 4,
        "range": "4",
        **extra,
    }


def test_starter_set_numbers() -> None:
    moves = starter_moves()
    struggle = find_move(moves, "struggle")
    assert (struggle.ac, struggle.damage_base, struggle.type, struggle.stab) == (
        4,
        4,
        "Normal",
        False,
    )
    expert = find_move(moves, "Expert Struggle")
    assert (expert.ac, expert.damage_base) == (3, 5)
    tackle = find_move(moves, "Tackle")
    assert (tackle.ac, tackle.damage_base, tackle.frequency, tackle.move_class) == (
        2,
        5,
        "At-Will",
        "physical",
    )
    assert find_move(moves, "Quick Attack").keywords == ("Priority",)
    assert "Interrupt" in find_move(moves, "Protect").keywords
    assert find_move(moves, "Thunder Wave").ac is None
    assert "Powder" in find_move(moves, "Sleep Powder").keywords


def test_unknown_move_suggests() -> None:
    with pytest.raises(MoveError, match="did you mean Tackle"):
        find_move(starter_moves(), "Tackel")


def test_user_file_json_and_yaml(tmp_path: Path) -> None:
    json_file = tmp_path / "moves.json"
    json_file.write_text(json.dumps({"moves": [entry()]}))
    assert load_moves(json_file)["ember"].damage_base == 4
    yaml_file = tmp_path / "moves.yaml"
    yaml_file.write_text(
        "moves:\n  - {name: Gust, type: Flying, move_class: special, "
        "frequency: At-Will, ac: 2, damage_base: 4, range: '6'}\n"
    )
    assert load_moves(yaml_file)["gust"].type == "Flying"


def test_misspelled_field_names_the_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"moves": [entry(damgae_base=3)]}))
    with pytest.raises(
        MoveError,
        match=r"bad\.json': moves\[0\] \(Ember\)\.damgae_base: unknown field; "
        r"did you mean damage_base",
    ):
        load_moves(bad)


def test_bad_values_are_errors_with_where() -> None:
    with pytest.raises(MoveError, match=r"moves\[0\] \(Ember\)\.type.*did you mean Fire"):
        parse_moves({"moves": [entry(type="Fir")]}, "f")
    with pytest.raises(MoveError, match="frequency"):
        parse_moves({"moves": [entry(frequency="Weekly")]}, "f")
    with pytest.raises(MoveError, match="ac"):
        parse_moves({"moves": [entry(ac=0)]}, "f")
    with pytest.raises(MoveError, match="status move deals no damage"):
        parse_moves({"moves": [entry(move_class="status")]}, "f")
    with pytest.raises(MoveError, match="needs a Damage Base"):
        parse_moves({"moves": [entry(damage_base=None)]}, "f")
    with pytest.raises(MoveError, match="range"):
        parse_moves({"moves": [entry(range="far")]}, "f")
    with pytest.raises(MoveError, match="already listed"):
        parse_moves({"moves": [entry(), entry()]}, "f")
    with pytest.raises(MoveError, match="did you mean Burned"):
        parse_moves({"moves": [entry(effects=[{"hook": "afflict", "affliction": "Burnt"}])]}, "f")
    with pytest.raises(MoveError, match="hook"):
        parse_moves({"moves": [entry(effects=[{"hook": "explode"}])]}, "f")
    assert parse_moves({"moves": [entry()]}, "f")["ember"].name == "Ember"


def test_both_move_schemas_take_the_damage_base_bounds_of_the_chart() -> None:
    # the fight package's Move and the ruleset's move entries read the one pair of bounds
    # (fight/data.py, the Damage Base chart, p. 237)
    from turnkeeper.rulesets.ptu.fight.data import (
        MAX_DAMAGE_BASE,
        MIN_DAMAGE_BASE,
        damage_base_chart,
    )
    from turnkeeper.rulesets.ptu.moves import validate_move

    chart = damage_base_chart()
    assert min(chart) == MIN_DAMAGE_BASE and max(chart) == MAX_DAMAGE_BASE
    for bound in (MIN_DAMAGE_BASE, MAX_DAMAGE_BASE):
        assert parse_moves({"moves": [entry(damage_base=bound)]}, "f")["ember"].damage_base == (
            bound)
        assert validate_move(entry(damage_base=bound, range=4), "f")["damage_base"] == bound
    for beyond in (MIN_DAMAGE_BASE - 1, MAX_DAMAGE_BASE + 1):
        with pytest.raises(MoveError, match="damage_base"):
            parse_moves({"moves": [entry(damage_base=beyond)]}, "f")
        with pytest.raises(MoveError, match="damage_base"):
            validate_move(entry(damage_base=beyond, range=4), "f")


@pytest.mark.parametrize(("frequency", "per_encounter"), [
    ("Scene", 1), ("Scene x2", 2), ("Scene x3", 3), ("Scene x12", 12), ("Daily", 1),
    ("Daily x2", 2), ("At-Will", None), ("EOT", None), ("Static", None), ("Scene x0", None),
    ("Weekly", None),
])
def test_the_rulesets_encounter_limit_is_the_fight_packages_reading(
    frequency: str, per_encounter: int | None,
) -> None:
    # one reading of "Scene xN" and "Daily xN" (p. 337): the ruleset's limit in an
    # encounter is the fight package's count per period (no day passes within one); no
    # limit for the other frequencies or a malformed one
    from turnkeeper.rulesets.ptu.fight.moves import uses_allowed
    from turnkeeper.rulesets.ptu.moves import uses_per_scene

    assert uses_per_scene(frequency) == per_encounter
    if per_encounter is not None:
        assert uses_allowed(frequency)[1] == per_encounter


def test_unreadable_or_broken_files(tmp_path: Path) -> None:
    with pytest.raises(MoveError, match="cannot read"):
        load_moves(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(MoveError, match="not valid JSON"):
        load_moves(broken)


def test_frequencies() -> None:
    moves = parse_moves(
        {
            "moves": [
                entry(name="A"),
                entry(name="E", frequency="EOT"),
                entry(name="S", frequency="Scene x2"),
                entry(name="D", frequency="Daily"),
                entry(name="T", frequency="Static"),
            ]
        },
        "f",
    )
    assert frequency_allows(moves["a"], used_this_scene=50, used_last_turn=True) is None
    assert frequency_allows(moves["e"], used_last_turn=False) is None
    assert frequency_allows(moves["e"], used_last_turn=True) == "ptu.fight.frequency.eot"
    assert frequency_allows(moves["s"], used_this_scene=1) is None
    assert frequency_allows(moves["s"], used_this_scene=2) == "ptu.fight.frequency.scene"
    assert frequency_allows(moves["d"], used_today=0) is None
    assert frequency_allows(moves["d"], used_today=1) == "ptu.fight.frequency.daily"
    assert frequency_allows(moves["t"]) == "ptu.fight.frequency.static"
