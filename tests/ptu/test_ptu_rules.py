"""Unit tests of the ``ptu`` ruleset: configuration and move data, initiative roll-offs,
capture, odds, views, the example encounters and the terminal/tracker helpers."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.properties import assert_same_log
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice.source import ForcedDice
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu import RULESET
from turnkeeper.rulesets.ptu.fight.moves import MoveError
from turnkeeper.rulesets.ptu.moves import starter_moves, validate_move
from turnkeeper.rulesets.ptu.ruleset import hit_odds

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "ptu"


def basic(**extra: Any) -> dict[str, Any]:
    config: dict[str, Any] = {
        "context": "full_contact",
        "players": [{
            "name": "ash",
            "trainer": {"id": "ash", "speed": 10, "level": 15, "position": [0, 0],
                        "items": {"pokeball": 2}},
            "pokemon": [{"id": "pikachu", "speed": 20, "moves": ["Tackle"], "active": True,
                         "position": [1, 0]}],
        }],
        "wild": [{"id": "rattata", "speed": 15, "moves": ["Tackle"], "position": [2, 0],
                  "capture_rate": 50}],
    }
    config.update(extra)
    return config


def started(config: dict[str, Any] | None = None, **kwargs: Any) -> Game[Any]:
    game = Game(RULESET, config or basic(), **kwargs)
    game.play(Action("begin_combat", "gm"))
    return game


def test_registered_and_catalogue_is_complete() -> None:
    assert get_ruleset("ptu") is RULESET
    assert len(RULESET.rules) >= 40
    for rule in RULESET.rules.values():
        assert rule.id.startswith("ptu.")
        assert rule.source.startswith("PTU 1.05 Core p. ")
        assert len(rule.summary) > 20


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"context": "arena"}, "context: 'arena' is not allowed"),
        ({"ambush": "yes"}, "ambush: Expected bool"),
        ({"pokemon_turns": "all"}, "pokemon_turns: 'all' is not allowed"),
        ({"colour": 1}, "colour: unknown field"),
        ({"wild": []}, "two sides"),
        ({"wild": [{"id": "ash", "speed": 3}]}, "unique"),
        ({"wild": [{"id": "x"}]}, "wild[0].speed: required field is missing"),
        ({"wild": [{"id": "x", "speed": -1}]}, "wild[0].speed: Expected int >= 0"),
        ({"wild": [{"id": "x", "speed": 3, "moves": ["Moonblast"]}]}, "unknown move 'Moonblast'"),
        ({"wild": [{"id": "x", "speed": 3, "position": [1]}]}, "wild[0].position"),
        ({"wild": [{"id": "x", "speed": 3, "statuses": ["sad"]}]}, "wild[0].statuses[0]"),
        ({"moves": [{"name": "Zap", "frequency": "Often"}]},
         "moves[0] (Zap).frequency: must be At-Will"),
        ({"moves": [{"name": "Zap", "keywords": ["Fast"]}]}, "moves[0].keywords[0]"),
        ({"moves": [{"name": "Zap", "keywords": ["Trigger"]}]}, "needs a 'trigger'"),
        ({"moves_file": "/nonexistent/moves.json"}, "cannot read"),
        ({"wild": [{"id": "x", "sped": 3}]}, "wild[0].sped: unknown field; did you mean speed?"),
        ({"contxt": "league"}, "contxt: unknown field; did you mean context?"),
        ({"settings": {"swift_trad": False}}, "settings.swift_trad: unknown field; did you mean"),
        ({"moves": [{"name": "Zap", "acc": 3}]}, "moves[0].acc: unknown field; did you mean ac?"),
    ],
)
def test_bad_configuration_names_the_field(change: dict[str, Any], words: str) -> None:
    with pytest.raises(SetupError) as info:
        Game(RULESET, basic(**change))
    assert words in str(info.value)


def test_players_need_a_trainer() -> None:
    config = basic()
    del config["players"][0]["trainer"]
    with pytest.raises(SetupError, match=r"players\[0\]\.trainer: required field is missing"):
        Game(RULESET, config)


def test_moves_load_from_json_and_yaml_files(tmp_path: Path) -> None:
    entry = {"name": "Spark Dash", "type": "Electric", "frequency": "Scene x2", "ac": 2,
             "range": "melee", "keywords": ["Priority"]}
    (tmp_path / "moves.json").write_text(json.dumps({"moves": [entry]}))
    (tmp_path / "moves.yaml").write_text(yaml.safe_dump([{**entry, "name": "Volt Hop"}]))
    for path, name in ((tmp_path / "moves.json", "Spark Dash"), (tmp_path / "moves.yaml",
                                                                  "Volt Hop")):
        config = basic(moves_file=str(path))
        config["players"][0]["pokemon"][0]["moves"] = ["Tackle", name]
        game = started(config)
        # Priority between turns: rattata has not acted, pikachu (now current) can use it
        # normally; used twice, the Scene x2 frequency runs out on the third.
        game.play(Action("use_move", "pikachu", {"move": name, "target": "rattata"}))
        assert game.state.combatants["pikachu"].scene_uses == {name: 1}


def test_a_bad_moves_file_is_a_clear_setup_error(tmp_path: Path) -> None:
    path = tmp_path / "moves.yaml"
    path.write_text("- {name: Zap, range: far}\n")
    with pytest.raises(SetupError, match=r"moves\.yaml.*\[0\] \(Zap\)\.range: must be 'melee'"):
        Game(RULESET, basic(moves_file=str(path)))
    path.write_text("{not: [valid")
    with pytest.raises(SetupError, match="not valid JSON/YAML"):
        Game(RULESET, basic(moves_file=str(path)))


def test_starter_moves_include_the_keyword_examples() -> None:
    moves = starter_moves()
    for name in ("quick attack", "aqua jet", "mach punch", "bullet punch", "ice shard",
                 "shadow sneak", "extreme speed", "fake out", "helping hand"):
        assert moves[name]["keywords"] == ["Priority"], name
    assert moves["focus punch"]["keywords"] == ["Priority (Limited)"]
    for name in ("protect", "detect", "wide guard", "quick guard", "sucker punch",
                 "magic coat", "snatch", "ally switch"):
        timing = [k for k in moves[name]["keywords"] if k.startswith("Priority")
                  or k in ("Interrupt", "Reaction")]
        assert timing == ["Interrupt"], name
    # Descriptive keywords (Dash, Push, Shield...) do not change a move's timing.
    assert moves["tackle"]["keywords"] == ["Dash", "Push"]
    assert "Shield" in moves["protect"]["keywords"]
    for name in ("ember", "water gun"):
        assert moves[name]["keywords"] == []
    with pytest.raises(MoveError, match="at most one Priority"):
        validate_move({"name": "X", "keywords": ["Priority", "Priority (Limited)"]}, "t")


def test_the_action_type_may_be_written_as_a_keyword() -> None:
    move = validate_move({"name": "Big Beam", "keywords": ["Full Action", "Priority"]}, "t")
    assert move["action"] == "full" and move["keywords"] == ["Priority"]
    assert validate_move({"name": "Zip"}, "t")["action"] == "standard"
    with pytest.raises(MoveError, match="conflicting action types"):
        validate_move({"name": "X", "action": "swift", "keywords": ["Full Action"]}, "t")


def test_speed_ties_are_settled_by_a_d20_roll_off() -> None:
    config = basic()
    config["wild"][0]["speed"] = 20  # tied with pikachu
    game = Game(RULESET, config, seed=1)
    assert not any(e.type == "initiative_rolled" for e in game.log[0].events)
    events = game.play(Action("begin_combat", "gm"), dice=ForcedDice([4, 4, 2, 17]))
    rolls = next(e for e in events if e.type == "initiative_rolled").data["rolls"]
    assert rolls == {"pikachu": [4, 2], "rattata": [4, 17]}
    assert game.state.clock.sequence == ["rattata", "pikachu", "ash"]
    refusal = game.check(Action("end_turn", "pikachu"))
    assert refusal is not None and refusal.rule == "ptu.initiative.order"


def test_action_points_follow_the_trainer_level() -> None:
    config = basic()
    assert Game(RULESET, config).state.combatants["ash"].ap_max == 8  # level 15
    config["players"][0]["trainer"]["level"] = 4
    assert Game(RULESET, config).state.combatants["ash"].ap_max == 5


def test_hit_odds_count_the_natural_one_and_twenty() -> None:
    assert hit_odds(4, 0) == "17/20"
    assert hit_odds(2, 0) == "19/20"
    assert hit_odds(25, 0) == "1/20"
    assert hit_odds(6, 1) == "16/20"
    game = started()
    offered = {str(a): a for a in game.legal_actions("pikachu")}
    odds = offered["pikachu: struggle target=rattata"].odds
    # AC 4 + Rattata's Speed Evasion 3 (Speed 15): 7..20 hit, 1 never: 14/20.
    assert odds is not None and odds["success"] == odds["p_hit"] == "7/10"
    odds = RULESET.odds(game.state, Action("throw_pokeball", "ash", {"target": "rattata",
                                                                       "ap": 1}))
    assert odds == {"success": "16/20"}


def test_a_capture_takes_the_pokemon_out_and_ends_a_wild_encounter() -> None:
    game = started()
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("end_turn", "rattata"))
    # accuracy 12 hits AC 6; capture roll 40 - level 15 = 25 <= 50
    events = game.play(Action("throw_pokeball", "ash", {"target": "rattata"}),
                       dice=ForcedDice([12, 40]))
    assert events[-1].data["captured"] is True
    assert game.state.combatants["rattata"].captured
    outcome = game.outcome()
    assert outcome is not None and outcome.winners == ("ash",)


def test_a_failed_capture_leaves_the_pokemon() -> None:
    game = started()
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("end_turn", "rattata"))
    game.play(Action("throw_pokeball", "ash", {"target": "rattata"}), dice=ForcedDice([12, 90]))
    assert not game.state.combatants["rattata"].captured
    assert game.outcome() is None


def test_refused_and_malformed_actions_change_nothing() -> None:
    game = started()
    before = game.state_hash()
    with pytest.raises(IllegalActionError) as info:
        game.play(Action("end_turn", "rattata"))
    assert info.value.refusal.rule == "ptu.initiative.order"
    for bad in (Action("teleport", "pikachu"), Action("use_move", "pikachu", {"move": 3}),
                Action("struggle", "pikachu", {"target": "mew"}),
                Action("shift", "pikachu", {"to": [1, "a"]}),
                Action("end_turn", "pikachu", {"why": "bored"})):
        with pytest.raises(BadActionError):
            game.play(bad)
    assert game.state_hash() == before
    assert len(game.log) == 2


def test_save_load_and_undo_restore_the_state() -> None:
    game = started()
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}))
    snapshot = game.state_hash()
    game.play(Action("end_turn", "pikachu"))
    game.undo()
    assert game.state_hash() == snapshot
    loaded = Game.from_dict(json.loads(game.to_json()), RULESET)
    assert loaded.state_hash() == snapshot
    assert_same_log(loaded, game)  # every command's action and events, not only the hash


def test_a_seat_sees_its_own_hit_points_only() -> None:
    game = started()
    mine = RULESET.view(game.state, "ash")
    assert mine["combatants"]["pikachu"]["hp"] == 10
    assert mine["combatants"]["rattata"]["hp"] is None
    assert RULESET.view(game.state, None)["combatants"]["rattata"]["hp"] == 10
    assert RULESET.controller(game.state, "pikachu") == "ash"
    assert RULESET.controller(game.state, "rattata") is None


def test_status_lines_and_tracker_show_order_turn_and_actions_left() -> None:
    game = started()
    game.play(Action("use_move", "pikachu", {"move": "Tackle", "target": "rattata"}))
    lines = RULESET.status_lines(game.state)
    assert lines[0].startswith("PTU full contact - round 1")
    assert any(line.startswith(">") and "pikachu" in line and "std 0" in line for line in lines)
    tracker = RULESET.tracker(game.state)
    assert tracker["round"] == 1 and tracker["turn"] == "pikachu"
    first = tracker["order"][0]
    assert first == {"id": "pikachu", "name": "pikachu", "controller": "ash", "current": True,
                     "pips": {"standard": [0, 1], "shift": [1, 1], "swift": [1, 1]}}
    json.dumps(tracker)
    json.dumps(RULESET.view(game.state, None))


@pytest.mark.parametrize("name", ["league.yaml", "wild.yaml"])
def test_example_encounters_set_up_and_play(name: str) -> None:
    raw = yaml.safe_load((EXAMPLES / name).read_text())
    assert raw["ruleset"] == "ptu"
    game = Game(RULESET, raw["setup"], seed=raw["seed"])
    game.play(Action("begin_combat", "gm"))
    for _ in range(8):
        actor = game.whose_turn()
        assert actor is not None
        offered = list(game.legal_actions(actor))
        assert offered and all(game.check(a) is None for a in offered)
        kinds = [a for a in offered if a.kind not in ("hold", "free_action")]
        game.play(kinds[-1] if kinds[-1].kind != "end_turn" else kinds[0])
        if game.whose_turn() == actor:
            game.play(Action("end_turn", actor))
    assert game.state.clock.round >= 2 or game.outcome() is not None


def test_cli_play_drives_the_league_example() -> None:
    import typer
    from typer.testing import CliRunner

    from turnkeeper.cli import game_cmd

    app = typer.Typer()
    game_cmd.register(app)
    lines = ["gm: begin_combat", "bob: declare actions=[]", "alice: declare actions=[use_item]",
             "why alice: switch recall=squirtle release=sandshrew",
             "alice: use_item item=potion target=squirtle", "quit"]
    result = CliRunner().invoke(app, ["play", "ptu", str(EXAMPLES / "league.yaml")],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "ptu.league.declared-only" in result.stdout
    assert "PTU league - round 1" in result.stdout


def test_a_skill_check_rolls_the_rank_in_d6_with_exact_odds() -> None:
    config = basic()
    config["players"][0]["trainer"]["skills"] = {"athletics": "adept"}
    game = started(config)
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("end_turn", "rattata"))
    check = Action("skill_check", "ash", {"skill": "athletics", "dc": 15, "ap": 1})
    assert RULESET.odds(game.state, check) == {"success": "721/1296"}  # 4d6+1 >= 15
    events = game.play(check, dice=ForcedDice([2, 5, 5, 2]))
    checked = events[-1].data
    assert checked["faces"] == [2, 5, 5, 2] and checked["total"] == 15 and checked["success"]
    assert game.state.combatants["ash"].ap == 7
    refusal = game.check(Action("skill_check", "ash", {"skill": "athletics", "dc": 15}))
    assert refusal is not None and refusal.rule == "ptu.action.standard"
    with pytest.raises(SetupError, match=r"trainer\.skills.*'great' is not allowed"):
        bad = basic()
        bad["players"][0]["trainer"]["skills"] = {"athletics": "great"}
        Game(RULESET, bad)


def test_a_full_action_move_takes_standard_and_shift() -> None:
    config = basic(moves=[{"name": "Big Beam", "ac": 4, "range": 6,
                           "keywords": ["Full Action"]}])
    config["players"][0]["pokemon"][0]["moves"] = ["Big Beam"]
    game = started(config)
    beam = Action("use_move", "pikachu", {"move": "Big Beam", "target": "rattata"})
    assert beam in list(game.legal_actions("pikachu"))
    game.play(Action("shift_action", "pikachu", {"what": "a feature"}))
    refusal = game.check(beam)
    assert refusal is not None and refusal.rule == "ptu.action.shift"  # the spent limit
    # the Full action's rule, then the rule that makes this move a Full action (its entry)
    assert refusal.also == ("ptu.action.full", "ptu.cost.move")
    assert beam not in list(game.legal_actions("pikachu"))
    game.undo()
    game.play(beam, dice=ForcedDice([9]))
    assert game.state.combatants["pikachu"].budget.remaining == {"standard": 0, "shift": 0,
                                                                  "swift": 1}


def test_roar_forces_a_switch_only_when_it_hits() -> None:
    config = basic()
    config["wild"][0]["moves"] = ["Roar"]
    game = started(config)
    game.play(Action("end_turn", "pikachu"))
    roar = Action("use_move", "rattata", {"move": "Roar", "target": "pikachu"})
    missed = game.play(roar, dice=ForcedDice([1]))
    assert "forced_out" not in [e.type for e in missed]
    game.undo()
    hit = game.play(roar, dice=ForcedDice([12]))
    assert "forced_out" in [e.type for e in hit]


def test_poke_balls_are_offered_as_throws_at_wild_pokemon_only_while_one_is_carried() -> None:
    config = basic()
    config["players"][0]["trainer"]["items"] = {"pokeball": 1}
    game = started(config)
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("end_turn", "rattata"))
    offers = list(game.legal_actions("ash"))
    assert [a.params for a in offers if a.kind == "throw_pokeball"] == [{"target": "rattata"}]
    assert not [a for a in offers if a.kind == "use_item" and a.params["item"] == "pokeball"]
    # Each throw uses a ball up, caught or not: with none left, no throw is offered or allowed.
    game.play(Action("throw_pokeball", "ash", {"target": "rattata"}), dice=ForcedDice([2]))
    assert game.state.combatants["ash"].items["pokeball"] == 0
    game.play(Action("end_turn", "ash"))
    game.play(Action("end_turn", "pikachu"))
    game.play(Action("end_turn", "rattata"))
    assert not [a for a in game.legal_actions("ash") if a.kind == "throw_pokeball"]
    refusal = game.check(Action("throw_pokeball", "ash", {"target": "rattata"}))
    assert refusal is not None and refusal.rule == "ptu.capture.has-ball"


def test_cli_odds_of_a_refused_action_names_the_refusal_first() -> None:
    # The terminal's `odds` says the rule that refuses the action (Pikachu does not know
    # Tackle), as `why` does, before the odds it would have if allowed; an allowed attack
    # gets its exact odds alone.
    import typer
    from typer.testing import CliRunner

    from turnkeeper.cli import game_cmd

    app = typer.Typer()
    game_cmd.register(app)
    lines = ["gm: begin_combat",
             "odds pikachu: use_move move=Tackle target=raticate",
             'odds pikachu: use_move move="Thunder Shock" target=raticate', "quit"]
    result = CliRunner().invoke(app, ["play", "ptu", str(EXAMPLES / "wild.yaml")],
                                input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    refused, allowed = result.stdout.split("> ")[-3:-1]
    assert refused.startswith("refused:") and "rule: ptu." in refused
    assert "odds if it were allowed:" in refused and "p hit:" in refused
    assert allowed.lstrip().startswith("success:") and "refused" not in allowed
    assert "rolls no dice" not in result.stdout
