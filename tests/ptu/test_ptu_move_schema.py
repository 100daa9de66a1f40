"""The one move schema (fight/moves.py): each rule of what a move may be, both ways (a value
accepted, its neighbour refused with a message naming the move, the field and what is
allowed), and the three ways in (moves file, set-up inline moves, one entry) giving the same
answer. Sources: PTU 1.05 Core p. 236 (AC), p. 237 (Damage Base), p. 337-339 (move entries)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu.fight.moves import (
    ACTION_KEYWORDS,
    ACTION_TYPES,
    MAX_AC,
    MIN_AC,
    MoveError,
    load_moves,
    parse_entry,
    parse_moves,
    starter_moves,
)
from turnkeeper.rulesets.ptu.moves import validate_move


def zap(**extra: Any) -> dict[str, Any]:
    return {"name": "Zap", "type": "Electric", "ac": 2, "damage_base": 4, "range": 4, **extra}


def accepted(**extra: Any) -> Any:
    return parse_entry(zap(**extra), "t")


def refused(**extra: Any) -> str:
    with pytest.raises(MoveError) as info:
        parse_entry(zap(**extra), "t")
    return str(info.value)


def test_name_is_not_blank() -> None:
    assert accepted(name=" Zap ").name == "Zap"
    assert "t.name: a move needs a name that is not blank" in refused(name="  ")


def test_type_is_one_of_the_chart_with_a_did_you_mean() -> None:
    assert accepted(type="Fire").type == "Fire"
    assert accepted(name="Plain", type="Normal").type == "Normal"
    message = refused(type="Fir")
    assert "t (Zap).type" in message and "did you mean Fire" in message


@pytest.mark.parametrize("frequency", ["At-Will", "EOT", "Static", "Scene", "Scene x1",
                                       "Scene x2", "Scene x99", "Daily", "Daily x3"])
def test_frequencies_of_the_book_are_accepted(frequency: str) -> None:
    assert accepted(frequency=frequency).frequency == frequency


@pytest.mark.parametrize("frequency", ["Scene x0", "Scene x100", "Weekly", "scene", "Scene 2"])
def test_other_frequencies_are_refused(frequency: str) -> None:
    assert "t (Zap).frequency: must be At-Will, EOT, Static, Scene" in refused(
        frequency=frequency)


def test_a_lower_case_frequency_gets_a_did_you_mean() -> None:
    assert "did you mean Scene" in refused(frequency="scene")


def test_ac_is_1_to_20_or_none() -> None:
    assert accepted(ac=1).ac == 1
    assert accepted(ac=20).ac == 20
    assert accepted(ac=None).ac is None
    assert "t (Zap).ac: must be a whole number 1-20, an Accuracy Check (p. 236), not 0" in (
        refused(ac=0))
    assert "t (Zap).ac: must be a whole number 1-20" in refused(ac=21)
    assert "t (Zap).ac: Expected" in refused(ac="2")
    assert "t (Zap).ac: Expected" in refused(ac=True)


def test_a_status_move_has_no_damage_base_and_a_damaging_one_needs_it() -> None:
    assert accepted(damage_base=None).move_class == "status"
    assert accepted().move_class == "physical"
    assert accepted(move_class="special").move_class == "special"
    assert "t (Zap).damage_base: a status move deals no damage" in refused(move_class="status")
    assert "t (Zap).damage_base: a special move needs a Damage Base" in refused(
        move_class="special", damage_base=None)
    assert "t (Zap).move_class" in refused(move_class="magic")


@pytest.mark.parametrize(("written", "kept"), [
    ("melee", "melee"), ("Melee", "melee"), ("self", "self"), (1, 1), (6, 6), ("6", 6),
    ("burst 2", "burst 2"), ("Cone 3", "cone 3"), ("line 6", "line 6"),
])
def test_ranges_of_the_book_are_accepted(written: Any, kept: Any) -> None:
    assert accepted(range=written).range == kept


@pytest.mark.parametrize(("written", "words"), [
    (0, "not 0"), ("0", "not '0'"), (-2, "not -2"), ("far", "not 'far'"),
    ("burst", "not 'burst'"), ("burst 0", "not 'burst 0'"), ("6 metres", "not '6 metres'"),
    ("brust 2", "did you mean burst"), (True, "Expected int | str, got bool"),
])
def test_other_ranges_are_refused(written: Any, words: str) -> None:
    message = refused(range=written)
    assert "t (Zap).range" in message and words in message


def test_a_bare_blast_is_refused_naming_the_books_two_blasts() -> None:
    assert "Close Blast and Ranged Blast" in refused(range="blast 2")


def test_the_ruleset_refuses_an_area_range_it_cannot_play_by_name() -> None:
    assert validate_move(zap(range=6), "t")["range"] == 6
    with pytest.raises(MoveError, match=r"t \(Zap\)\.range: the ptu ruleset plays .*"
                                        r"'burst 2'\) is not played yet"):
        validate_move(zap(range="burst 2"), "t")


def test_action_from_the_field_or_a_keyword_and_never_two() -> None:
    assert accepted().action == "standard"
    assert accepted(action="swift").action == "swift"
    full = accepted(keywords=["Full Action", "Priority"])
    assert (full.action, full.keywords) == ("full", ("Priority",))
    assert accepted(action="full", keywords=["Full Action"]).action == "full"
    assert "t (Zap).action: conflicting action types ['full', 'swift']" in refused(
        action="swift", keywords=["Full Action"])
    assert "t (Zap).action: 'fast' is not allowed" in refused(action="fast")


def test_each_action_type_has_its_keyword_and_no_other() -> None:
    assert sorted(ACTION_KEYWORDS.values()) == sorted(ACTION_TYPES)
    assert ACTION_KEYWORDS["Full Action"] == "full"


def test_keywords_are_the_books_with_at_most_one_priority() -> None:
    assert accepted(keywords=["Priority (Limited)", "Dash"]).keywords == (
        "Priority (Limited)", "Dash")
    message = refused(keywords=["Priorty"])
    assert "t (Zap).keywords[0]" in message and "did you mean Priority" in message
    assert "t (Zap).keywords: a move has at most one Priority keyword" in refused(
        keywords=["Priority", "Priority (Advanced)"])


def test_a_trigger_or_reaction_move_names_its_trigger() -> None:
    assert accepted(keywords=["Reaction"], trigger="move_used").trigger == "move_used"
    assert "t (Zap).trigger: a Trigger or Reaction move needs a 'trigger'" in refused(
        keywords=["Trigger"])
    assert "did you mean attacked" in refused(keywords=["Trigger"], trigger="attackd")


def test_a_protecting_move_is_an_interrupt_on_attacked() -> None:
    guard = {"keywords": ["Interrupt"], "trigger": "attacked"}
    assert accepted(protects=True, **guard).protects is True
    assert accepted(effects=[{"hook": "protect"}], **guard).protects is True
    assert "t (Zap).protects: a move that protects is an Interrupt" in refused(protects=True)
    assert "t (Zap).protects" in refused(effects=[{"hook": "protect"}],
                                         keywords=["Interrupt"], trigger="move_used")


def test_crit_from_is_2_to_20() -> None:
    assert accepted(crit_from=2).crit_from == 2
    assert accepted(crit_from=20).crit_from == 20
    assert "t (Zap).crit_from: must be a whole number 2-20" in refused(crit_from=1)
    assert "t (Zap).crit_from: must be a whole number 2-20" in refused(crit_from=21)


@pytest.mark.parametrize("field", ["forces_switch", "protects", "stab"])
def test_flags_are_true_or_false(field: str) -> None:
    assert "t (Zap)." + field + ": Expected bool" in refused(**{field: "yes"})
    assert getattr(accepted(**{field: False}), field) is False


def test_an_unknown_field_is_refused_with_a_did_you_mean() -> None:
    assert "t (Zap).acc: unknown field; did you mean ac?" in refused(acc=3)


def test_a_moves_file_is_a_list_or_a_mapping_of_moves_and_source() -> None:
    assert list(parse_moves([zap()], "f")) == ["zap"]
    assert list(parse_moves({"source": "mine", "moves": [zap()]}, "f")) == ["zap"]
    with pytest.raises(MoveError, match=r"f: unknown field\(s\) \['mvoes'\]; did you mean moves"):
        parse_moves({"mvoes": [zap()], "moves": []}, "f")
    with pytest.raises(MoveError, match="f: moves: required field is missing"):
        parse_moves({"source": "mine"}, "f")
    with pytest.raises(MoveError, match="f: moves must be a list"):
        parse_moves("zap", "f")
    with pytest.raises(MoveError, match=r"f: moves\[1\] \(zap\): a move of that name"):
        parse_moves([zap(), zap(name="zap")], "f")


def test_the_three_ways_in_give_the_same_answer(tmp_path: Path) -> None:
    bad = zap(range="far")
    path = tmp_path / "moves.json"
    path.write_text(json.dumps({"moves": [bad]}))
    with pytest.raises(MoveError) as from_file:
        load_moves(path)
    with pytest.raises(MoveError) as one_entry:
        validate_move(bad, "moves[0]")
    with pytest.raises(SetupError) as inline:
        Game(get_ruleset("ptu"), {"moves": [bad], "players": []})
    tail = "moves[0] (Zap).range: must be 'melee', 'self'"
    assert tail in str(from_file.value)
    assert tail in str(one_entry.value)
    assert tail in str(inline.value)


def test_the_starter_moves_pass_the_one_check() -> None:
    moves = starter_moves()
    assert moves["protect"].protects and moves["protect"].trigger == "attacked"
    assert moves["ember"].range == 4 and moves["struggle"].stab is False


def test_the_set_up_schema_states_the_bounds_check_move_holds() -> None:
    # the JSON Schema states the ranges for form builders (core.schema.meta's stated_range);
    # check_move, not msgspec, refuses a value outside them, naming the move
    from turnkeeper.core.schema import ruleset_schema

    entry = ruleset_schema(get_ruleset("ptu"))["setup"]["$defs"]["MoveEntry"]["properties"]
    stated = {k: (entry[k]["minimum"], entry[k]["maximum"])
              for k in ("ac", "damage_base", "crit_from")}
    assert stated == {"ac": (MIN_AC, MAX_AC), "damage_base": (1, 28), "crit_from": (2, 20)}
    assert "(Zap).ac: must be a whole number 1-20" in refused(ac=0)
    assert accepted(ac=1).ac == 1
