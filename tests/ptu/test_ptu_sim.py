"""The simulator's fast ptu loop (``rulesets/ptu/sim.py``) plays exactly the games the
reference loop (``turnkeeper.sim.play_through_game``, through ``Game``) plays."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.dice import DiceError, SeededDice
from turnkeeper.rulesets.ptu import folding, legal, per_version
from turnkeeper.rulesets.ptu.economy import whose_turn
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.sim import (
    PASS,
    CommandDice,
    _Fight,
    below,
    random_pick,
    setup_events,
)
from turnkeeper.sim import GameResult, play_one, play_through_game, random_agent

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from bench_ptu import duel_config  # noqa: E402


def setups() -> dict[str, dict[str, Any]]:
    found = {"duel": duel_config()}
    for name in ("wild", "league"):
        data = yaml.safe_load((ROOT / "examples" / "ptu" / f"{name}.yaml").read_text("utf-8"))
        found[name] = data["setup"]
    return found


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"],
                                    ["random", "greedy"]])
@pytest.mark.parametrize("name", ["duel", "wild", "league"])
def test_the_fast_loop_plays_the_reference_loops_games(name: str, agents: list[str]) -> None:
    setup = setups()[name]
    fast = [play_one("ptu", setup, f"parity-{name}", i, agents, 400) for i in range(12)]
    slow = [play_through_game("ptu", setup, f"parity-{name}", i, agents, 400)
            for i in range(12)]
    assert fast == slow
    assert sum(r.actions for r in fast) > 12 * 20  # real fights, not empty ones


def test_a_game_cut_at_the_cap_is_cut_at_the_same_action() -> None:
    setup = duel_config()
    fast = play_one("ptu", setup, "cap", 3, ["random", "random"], 7)
    assert fast == play_through_game("ptu", setup, "cap", 3, ["random", "random"], 7)
    assert fast.winners is None and fast.reason == "stopped after 7 actions"
    assert fast.actions >= 7


def test_the_fast_loop_plays_only_the_agents_it_knows() -> None:
    ruleset = PtuRuleset()
    played = ruleset.sim_play_game(duel_config(), "x/0", ["random", "greedy"], 50)
    assert played is not None and played[2] > 0
    assert ruleset.sim_play_game(duel_config(), "x/0", ["random", "clever"], 50) is None


def test_the_random_pick_draws_as_the_reference_agent_does() -> None:
    offers = [Action.offer(kind, "a", {"n": n}) for n, kind in enumerate(
        ["shift", "end_turn", "shift", "use_move", "free_action", "use_move", "shift"])]
    idle = PtuRuleset.sim_idle_kinds
    game = Game(PtuRuleset(), duel_config(), seed=0, snapshots=False)  # its idle kinds
    for seed in range(60):
        for options in (offers, [offers[4], PASS], [offers[4]]):
            mine, theirs = random.Random(seed), random.Random(seed)
            reference = random_agent(game, list(options), theirs)
            assert random_pick(list(options), idle, mine) is reference
            assert mine.random() == theirs.random()  # the same number of draws


@pytest.mark.parametrize("name", ["duel", "wild", "league"])
def test_a_listing_keeps_its_offers_kinds_beside_it(name: str) -> None:
    # The acting combatant's listing names each offer's kind as it adds the offer
    # (legal.kinds_listed, read by the random pick): it must be each offer's own kind, in
    # order, at every listing of fights played at random; any other list has none kept.
    ruleset = PtuRuleset()
    setup = setups()[name]
    idle = PtuRuleset.sim_idle_kinds
    kept = 0
    for i in range(8):
        seed = f"kinds-{name}/{i}"
        state = ruleset.initial_state()
        for event in setup_events(ruleset, setup, seed):
            folding.apply(state, event)
        fight = _Fight(ruleset, state, seed, {}, random.Random(i))
        fight.agents = {fight.seat_of(cid): "random" for cid in state.combatants}
        rng = random.Random(i)
        for _ in range(200):
            if per_version.outcome(state) is not None:
                break
            actor = whose_turn(state)
            if actor is None:
                action = ruleset.sim_gm_action(state)
                if action is None:
                    break
                fight.play(action)
                continue
            options = per_version.legal_list(state, actor)
            if not options:
                break
            kinds = legal.kinds_listed(options)
            if kinds is not None:
                assert kinds == [offer.kind for offer in options]
                kept += 1
                mine, theirs = random.Random(kept), random.Random(kept)
                assert (random_pick(options, idle, mine, kinds)
                        is random_pick(options, idle, theirs))
            assert legal.kinds_listed(list(options)) is None  # a copy: not that listing
            fight.play(options[rng.randrange(len(options))])
            fight.answer_out_of_turn(8)
    assert kept > 100


def test_game_result_round_trips_the_hooks_tuple() -> None:
    result = play_one("ptu", duel_config(), "tuple", 0, ["random", "random"], 400)
    assert isinstance(result, GameResult) and result.index == 0 and result.rounds


def test_below_draws_as_randrange_does() -> None:
    for seed in range(40):
        mine, reference = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 63, 64, 65, 1000):
            assert below(mine, n) == reference.randrange(n)
        assert mine.random() == reference.random()
    with pytest.raises(ValueError):
        below(random.Random(0), 0)


def test_a_commands_dice_show_the_faces_of_seeded_dice() -> None:
    for seed in range(30):
        mine, reference = CommandDice(f"g/{seed}"), SeededDice(f"g/{seed}")
        for sides in (1, 2, 4, 6, 8, 10, 12, 20, 100, 10**12):
            assert mine.die(sides) == reference.die(sides)
        assert mine.generator().random() == reference.generator().random()
    with pytest.raises(DiceError):
        CommandDice("g").die(0)


def test_a_command_reseeding_a_reused_generator_shows_the_same_faces() -> None:
    # the fight's loop hands every command one generator to reseed (no new random.Random)
    reused = random.Random(0)
    for seed in range(30):
        mine, reference = CommandDice(f"g/{seed}", reused), SeededDice(f"g/{seed}")
        for sides in (1, 2, 4, 6, 8, 10, 12, 20, 100, 10**12):
            assert mine.die(sides) == reference.die(sides)
        assert mine.generator() is reused
        assert mine.generator().random() == reference.generator().random()
        reused.gauss(0.0, 1.0)  # leaves a spare normal draw, which the next reseed drops
    fresh = CommandDice("g/0")
    fresh.die(6)
    assert fresh.generator() is not reused


def test_a_set_up_without_dice_is_made_once_for_the_same_configuration() -> None:
    ruleset = PtuRuleset()
    first = setup_events(ruleset, duel_config(), "memo/0")
    again = setup_events(ruleset, duel_config(), "memo/1")
    assert again is first  # the same configuration: the same (frozen) events again
    assert first == ruleset.setup(duel_config(), SeededDice("memo/1/0"))
    changed = duel_config()
    changed["players"][0]["pokemon"][0]["level"] = 16
    other = setup_events(ruleset, changed, "memo/2")
    assert other is not first and other != first
    assert other[0].data["combatants"][1]["level"] == 16


def test_a_set_up_that_rolls_dice_is_made_anew_for_every_game() -> None:
    ambush = {**duel_config(), "ambush": True}  # Speed ties rolled off at set-up
    ruleset = PtuRuleset()
    games = [setup_events(ruleset, ambush, f"roll/{i}") for i in range(8)]
    assert games[0] is not games[1]
    for i, events in enumerate(games):
        assert events == ruleset.setup(ambush, SeededDice(f"roll/{i}/0"))
    assert len({str(e) for events in games for e in events if e.type == "initiative_rolled"}) > 1


@pytest.mark.parametrize("agents", [["random", "random"], ["greedy", "random"]])
def test_the_fast_loop_plays_ambushes_as_the_reference_loop_does(agents: list[str]) -> None:
    ambush = {**duel_config(), "ambush": True}
    fast = [play_one("ptu", ambush, "parity-ambush", i, agents, 400) for i in range(8)]
    slow = [play_through_game("ptu", ambush, "parity-ambush", i, agents, 400)
            for i in range(8)]
    assert fast == slow
