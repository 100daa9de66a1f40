"""The pte ruleset through the Game API: the text's examples, set-up, bad input, properties."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.properties import assert_same_log, random_play
from turnkeeper.core.game import Game, state_hash
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.pte import RULESET
from turnkeeper.rulesets.pte.powers import PowerError, load_powers

CONFIG: dict[str, Any] = {
    "characters": {
        "ash": {
            "skills": {
                "athletics": "adept",
                "general_education": "novice",
                "pokemon_education": "adept",
                "charm": "novice",
            },
            "player": "alice",
        },
        "brock": {"skills": {"athletics": "novice", "charm": "expert"}},
        "misty": {"skills": {"athletics": "untrained", "charm": "pathetic"}},
    }
}


def game(config: dict[str, Any] | None = None) -> Game[Any]:
    return Game(RULESET, config or CONFIG, seed=5)


def play(
    g: Game[Any], actor: str, kind: str, faces: list[int] | None = None, **params: Any
) -> list[Event]:
    dice = None if faces is None else ForcedDice(faces)
    return g.play(Action(kind, actor, params), dice=dice)


def test_registered_by_name() -> None:
    assert get_ruleset("pte") is RULESET
    for rule in RULESET.rules.values():
        assert rule.id.startswith("pte.") and rule.summary and rule.source.startswith("PTE")


# ---------------------------------------------------------------- the text's examples
def test_rough_rock_at_night_rolls_a_penalty_die() -> None:
    g = game()
    events = play(
        g,
        "ash",
        "check",
        [6, 3, 3, 3, 5],
        skill="athletics",
        dc=11,
        circumstances=[{"name": "night", "dice": -1}],
    )
    data = events[0].data
    assert (data["total"], data["success"], data["degree"]) == (10, False, "moderate_failure")
    assert data["roll"]["penalty_faces"] == [5]


def test_vine_at_dc_8_with_a_bonus_die() -> None:
    g = game()
    data = play(
        g,
        "misty",
        "check",
        [1, 1, 6],
        skill="athletics",
        dc=8,
        circumstances=[{"name": "helpful_vine", "dice": 1}],
    )[0].data
    assert (data["total"], data["success"]) == (8, True)


def test_adept_taking_3_is_12() -> None:
    g = game()
    data = play(g, "ash", "check", [], skill="athletics", dc=12, take=3, time_factor=6)[0].data
    assert data["total"] == 12 and data["success"] is True
    assert g.view()["characters"]["ash"]["busy_until"] == 6 * 3  # 6x a Standard action


def test_push_agreement_and_flirt_both_take_15_minutes() -> None:
    g = game()
    play(g, "brock", "use_power", power="Push Agreement", dc=12, minutes=15)
    play(g, "ash", "use_power", power="Flirt", dc=8, aiding="brock", minutes=3)
    chars = g.view()["characters"]
    assert chars["brock"]["current"]["seconds"] == 15 * 60
    assert chars["ash"]["current"] == chars["brock"]["current"]


def test_glean_weakness_with_pokemon_education_synergy() -> None:
    g = game()
    data = play(
        g, "ash", "use_power", [2, 2, 2], power="Glean Weakness", synergy="pokemon_education"
    )[0].data
    # Rolled General Education (Novice, 3d6 = 6) + half of Adept Pokemon Education (2).
    assert data["skill"] == "general_education"
    assert data["synergy"] == {"skill": "pokemon_education", "rank": 4, "bonus": 2}
    assert data["total"] == 8


# ---------------------------------------------------------------- rules both ways
def test_synergy_from_two_skills_is_refused() -> None:
    g = game()
    action = Action(
        "check", "ash", {"skill": "athletics", "dc": 10, "synergy": ["pokemon_education", "charm"]}
    )
    refusal = g.check(action)
    assert refusal is not None and refusal.rule == "pte.synergy.one-skill"
    assert (
        g.check(Action("check", "ash", {"skill": "athletics", "dc": 10, "synergy": "charm"}))
        is None
    )


def test_assisted_check_needs_a_novice_helper() -> None:
    g = game()
    refused = g.check(Action("check", "ash", {"skill": "athletics", "dc": 10, "helper": "misty"}))
    assert refused is not None and refused.rule == "pte.assist.helper-rank"
    data = play(g, "ash", "check", [1, 1, 1, 1], skill="athletics", dc=10, helper="brock")[0].data
    assert data["helper"]["bonus"] == 1 and data["total"] == 5


def test_team_check_sums_against_dc_times_people() -> None:
    g = game()
    data = play(
        g,
        "gm",
        "team_check",
        [6] * 9,
        participants=["ash", "brock", "misty"],
        skill="athletics",
        dc=10,
        people=3,
    )[0].data
    assert data["team_dc"] == 30 and data["total"] == 54 and data["degree"] == "glowing_success"
    refusal = g.check(
        Action(
            "team_check",
            "gm",
            {"participants": ["ash"], "skill": "athletics", "dc": 10, "people": 1},
        )
    )
    assert refusal is not None and refusal.rule == "pte.team.check"


def test_extended_check_rolls_accumulate_and_run_out() -> None:
    g = game()
    play(g, "ash", "start_task", task="lore", skill="general_education", dc=10, multiplier=2)
    odds = RULESET.odds(g.state, Action("work_task", "ash", {"task": "lore"}))
    assert odds is not None and set(odds) >= {"done_by_1", "done_by_3", "first_on_2"}
    play(g, "ash", "work_task", [1, 1, 1], task="lore")
    play(g, "ash", "work_task", [2, 2, 2], task="lore")
    events = play(g, "ash", "work_task", [1, 2, 1], task="lore")
    assert [e.type for e in events][:2] == ["task_rolled", "task_failed"]
    assert g.view()["tasks"]["lore"]["total"] == 3 + 6 + 4
    refusal = g.check(Action("work_task", "ash", {"task": "lore"}))
    assert refusal is not None and refusal.rule == "pte.extended.attempt-limit"


def test_opposed_tie_goes_to_the_defender() -> None:
    g = game()
    data = play(
        g, "ash", "opposed_check", [2, 2, 2, 2, 3, 3, 2], skill="athletics", target="brock"
    )[0].data
    assert data["tie"] and data["winner"] == "brock"


def test_take_x_refused_while_threatened_and_on_free_actions() -> None:
    g = game()
    free = Action(
        "check",
        "ash",
        {"skill": "athletics", "dc": 5, "take": 2, "time_factor": 6, "action_type": "free"},
    )
    refusal = g.check(free)
    assert refusal is not None and refusal.rule == "pte.take.action-type"
    play(g, "gm", "set_condition", target="ash", threatened=True)
    calm = Action("check", "ash", {"skill": "athletics", "dc": 5, "take": 2, "time_factor": 6})
    refusal = g.check(calm)
    assert refusal is not None and refusal.rule == "pte.take.calm"
    play(g, "gm", "set_condition", target="ash", threatened=False)
    assert g.check(calm) is None


def test_combat_turns_and_full_interrupt_skip() -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock", "misty"])
    assert g.whose_turn() == "ash"
    with pytest.raises(IllegalActionError) as caught:
        play(g, "brock", "check", skill="athletics", dc=10)
    assert caught.value.refusal.rule == "pte.combat.own-turn"
    play(g, "brock", "check", skill="athletics", dc=10, action_type="full_interrupt")
    play(g, "ash", "end_turn")
    assert g.whose_turn() == "misty"  # brock's turn was skipped
    assert g.view()["combat"]["skip_next"] == []


def test_downtime_clock_for_a_day() -> None:
    g = game({**CONFIG, "start_hour": 8})
    play(g, "gm", "start_downtime", actions=3)
    for hours in (2, 3, 4):
        play(g, "ash", "check", skill="charm", dc=10, action_type="downtime", hours=hours)
    refusal = g.check(
        Action("check", "ash", {"skill": "charm", "dc": 10, "action_type": "extended_s"})
    )
    assert refusal is not None and refusal.rule == "pte.time.packing"
    play(g, "gm", "end_downtime")
    assert g.view()["clock"]["text"] == "day 1 17:00:00"


# ---------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action("fly", "ash", {}), "unknown action kind"),
        (Action("check", "zed", {"skill": "a", "dc": 1}), "unknown actor"),
        (Action("check", "ash", {"skill": "athletics"}), "params.dc is required"),
        (Action("check", "ash", {"skill": "athletics", "dc": "hard"}), "params.dc"),
        (Action("check", "ash", {"skill": "athletics", "dc": 5, "colour": 1}), "colour"),
        (Action("check", "ash", {"skill": "athletics", "dc": 5, "rank": "grand"}), "params.rank"),
        (
            Action("check", "ash", {"skill": "athletics", "dc": 5, "circumstances": 3}),
            "circumstances",
        ),
        (Action("check", "ash", {"skill": "athletics", "dc": 10**9}), "params.dc"),
        (Action("check", "ash", {"skill": "athletics", "dc": 5, "minutes": 5}), "fixed length"),
        (
            Action(
                "check",
                "ash",
                {"skill": "charm", "dc": 5, "action_type": "extended_s", "minutes": float("inf")},
            ),
            "params.minutes",
        ),
        (Action("use_power", "ash", {"power": "Teleport"}), "unknown power"),
        (Action("work_task", "ash", {"task": "nope"}), "no task"),
    ],
)
def test_bad_actions_are_clear_errors_and_change_nothing(action: Action, message: str) -> None:
    g = game()
    before = state_hash(g.state)
    with pytest.raises(BadActionError, match=message):
        g.play(action)
    assert state_hash(g.state) == before and len(g.log) == 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({}, "characters"),
        ({"characters": {"ash": {"skills": {"athletics": "grand"}}}}, "characters.ash.skills"),
        ({"characters": {"gm": {}}}, "reserved"),
        ({"characters": {"ash": {}}, "colour": 1}, "colour: unknown field"),
        ({"characters": {"ash": {}}, "start_hour": 25}, "start_hour"),
        (
            {"characters": {"ash": {}}, "powers": [{"name": "X", "skill": "a", "min_rank": "x"}]},
            r"powers\[0\] \(X\)\.min_rank",
        ),
        (
            {"characters": {"ash": {}}, "powers": [{"name": "X", "skill": "a", "take": 9}]},
            r"powers\[0\] \(X\)\.take",
        ),
        ({"characters": {"ash": {}}, "powers": "/no/such/file.yaml"}, "cannot read"),
    ],
)
def test_bad_setup_names_the_field(config: dict[str, Any], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        Game(RULESET, config)


def test_user_powers_inline_and_from_a_file(tmp_path: Path) -> None:
    entry = {
        "name": "Sprint",
        "skill": "athletics",
        "min_rank": "novice",
        "action_type": "standard",
        "dc": 9,
        "circumstances": [{"name": "mud", "dice": -1}],
    }
    g = game({**CONFIG, "powers": [entry]})
    data = play(g, "ash", "use_power", [3, 3, 3, 3, 6], power="sprint")[0].data
    assert data["dc"] == 9 and data["total"] == 12 - 6
    path = tmp_path / "powers.json"
    path.write_text(json.dumps([entry]), encoding="utf-8")
    g2 = game({**CONFIG, "powers": str(path)})
    refusal = g2.check(Action("use_power", "misty", {"power": "Sprint"}))
    assert refusal is not None and refusal.rule == "pte.power.min-rank"
    with pytest.raises(PowerError, match="listed twice"):
        load_powers([entry, entry])


# ---------------------------------------------------------------- queries and properties
def test_legal_actions_carry_cost_and_exact_odds() -> None:
    g = game()
    offered = [a for a in g.legal_actions(None) if a.actor == "ash"]
    checks_offered = [a for a in offered if a.kind == "check"]
    assert checks_offered and all(a.cost and a.odds for a in checks_offered)
    athletics = next(a for a in checks_offered if a.params["skill"] == "athletics")
    assert (
        athletics.odds is not None and athletics.odds["success"] == "65/72"
    )  # 4d6 >= 10: 1 - 126/1296
    assert athletics.cost == "Standard action, 3 s"
    assert all(g.check(a) is None for a in offered)


def test_undo_restores_and_replay_is_identical() -> None:
    g = game()
    before = g.state_hash()
    play(g, "ash", "check", skill="athletics", dc=10)
    assert g.state_hash() != before
    g.undo()
    assert g.state_hash() == before
    loaded = Game.from_dict(json.loads(g.to_json()), RULESET)
    assert_same_log(loaded, g)  # every command's action and events, not only the hash


@pytest.mark.parametrize("seed", range(6))
def test_random_play_keeps_undo_and_replay_exact(seed: int) -> None:
    random_play(game, random.Random(seed), 40)


def test_listed_rounds_are_rolled_and_take_the_next_turns() -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock"])
    events = play(
        g,
        "ash",
        "check",
        [1, 1, 1, 1, 4],
        skill="athletics",
        dc=10,
        action_type="rounds",
        rounds="1d4",
    )
    assert [e.type for e in events] == ["check_rolled", "rounds_rolled", "time_spent"]
    assert events[1].data["rounds"] == 4 and events[2].data["rounds"] == 4
    assert g.view()["combat"]["busy"] == {"ash": 3}
    refusal = g.check(
        Action("check", "ash", {"skill": "athletics", "dc": 5, "action_type": "interrupt"})
    )
    assert refusal is not None and refusal.rule == "pte.time.listed-duration"
    play(g, "ash", "end_turn")
    for _ in range(3):
        play(g, "brock", "end_turn")
        assert g.whose_turn() == "brock"
    play(g, "brock", "end_turn")
    assert g.whose_turn() == "ash" and g.view()["combat"]["round"] == 5


def test_no_take_x_on_a_full_action_and_interrupt() -> None:
    g = game()
    play(g, "gm", "start_combat", order=["ash", "brock"])
    action = Action(
        "check",
        "brock",
        {"skill": "athletics", "dc": 5, "take": 1, "action_type": "full_interrupt"},
    )
    refusal = g.check(action)
    assert refusal is not None and refusal.rule == "pte.take.action-type"
