"""The ptcg PettingZoo environment: PettingZoo's own tests, the encoding, hidden cards."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from turnkeeper.core.game import Game
from turnkeeper.env import ptcg_v0
from turnkeeper.env.ptcg.drivers import GameDriver, LiveDriver
from turnkeeper.env.ptcg.encoding import ACTION_COUNT, START, WAIT, describe_index
from turnkeeper.env.ptcg.ptcg import IllegalEnvAction
from turnkeeper.rulesets import get_ruleset


def test_pettingzoo_api_test() -> None:
    with pytest.warns(UserWarning):  # api_test resets with made-up options: we say so
        api_test(ptcg_v0.env(), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(ptcg_v0.env, num_cycles=150)


def test_pettingzoo_max_cycles_test() -> None:
    max_cycles_test(ptcg_v0)


def test_pettingzoo_parallel_api_test() -> None:
    with pytest.warns(UserWarning):  # made-up reset options again
        parallel_api_test(ptcg_v0.parallel_env(), num_cycles=200)


def _play_masked(env: Any, seed: int, pick_seed: int) -> list[int]:
    """A whole game with uniformly random legal indices; checks the mask against the
    engine's offers at every decision. Returns the engine actions' indices played."""
    rng = np.random.default_rng(pick_seed)
    env.reset(seed=seed)
    played: list[int] = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        offers = env.unwrapped.legal_offers(agent)
        legal = np.flatnonzero(obs["action_mask"])
        if offers:
            driver = env.unwrapped.driver
            # the mask is exactly the engine's offers, each on its own index
            assert sorted(offers) == legal.tolist()
            assert len(offers) == len(driver.offers(agent))
            assert WAIT not in offers
        else:
            assert legal.tolist() == [WAIT]
        index = int(rng.choice(legal))
        if offers:
            played.append(index)
        env.step(index)
    return played


@pytest.mark.parametrize("fast", [True, False], ids=["live", "game"])
def test_every_offer_of_whole_games_has_its_own_index_and_the_game_ends(fast: bool) -> None:
    env = ptcg_v0.env(fast=fast)
    for seed in range(3):
        played = _play_masked(env, seed, seed)
        driver = env.unwrapped.driver
        assert driver.outcome() is not None, "a random game ends (deck-out at the latest)"
        assert len(played) == driver.commands  # every decision was one engine action
    kinds = {describe_index(i).split("[")[0] for i in played}
    assert {"attach", "end_turn"} <= kinds


def test_the_same_seed_plays_the_same_game_and_another_seed_does_not() -> None:
    env = ptcg_v0.env()
    first = _play_masked(env, 7, 1)
    again = _play_masked(env, 7, 1)
    other = _play_masked(env, 8, 1)
    assert first == again
    assert first != other


def test_rewards_are_the_outcome_at_the_end() -> None:
    env = ptcg_v0.raw_env()
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    totals = {"p1": 0.0, "p2": 0.0}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(
            None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        )
    outcome = env.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    winner = outcome.winners[0]
    loser = "p2" if winner == "p1" else "p1"
    assert (totals[winner], totals[loser]) == (1.0, -1.0)


POSITION: dict[str, Any] = {
    "turn": 3,
    "current": "p1",
    "p1": {
        "hand": ["Water Energy", "Potion", "Wingull"],
        "deck": ["Water Energy", "Mudkip", "Grass Energy"],
        "prizes": ["Grass Energy", "Potion"],
        "active": {"card": "Mudkip", "damage": 10},
        "bench": ["Treecko"],
    },
    "p2": {
        "hand": ["Fire Energy", "Potion", "Torchic"],
        "deck": ["Fire Energy", "Fire Energy", "Poochyena"],
        "prizes": ["Fighting Energy", "Makuhita"],
        "active": "Torchic",
        "bench": [{"card": "Skitty", "damage": 20}],
    },
}


def _observations(position: dict[str, Any]) -> dict[str, np.ndarray]:
    env = ptcg_v0.raw_env(position=position)
    env.reset(seed=5)
    return {seat: env.observe(seat)["observation"] for seat in ("p1", "p2")}


def test_the_opponents_hidden_cards_never_reach_an_observation() -> None:
    hidden = copy.deepcopy(POSITION)
    hidden["p2"]["hand"] = ["Torchic", "Fighting Energy", "Energy Search"]  # same count
    hidden["p2"]["deck"] = ["Makuhita", "Potion", "Fire Energy"]
    hidden["p2"]["prizes"] = ["Potion", "Torchic"]
    seen, other = _observations(POSITION), _observations(hidden)
    np.testing.assert_array_equal(seen["p1"], other["p1"])
    # the same change shows in p2's own observation (so the comparison can fail)
    assert not np.array_equal(seen["p2"], other["p2"])
    # and a public difference (the damage on p2's Bench) shows in p1's
    public = copy.deepcopy(POSITION)
    public["p2"]["bench"] = [{"card": "Skitty", "damage": 30}]
    assert not np.array_equal(seen["p1"], _observations(public)["p1"])


def test_observations_during_the_deal_hide_the_face_down_pokemon() -> None:
    # two seeds deal different hands; until the reveal p1 sees p2 only as counts
    env = ptcg_v0.raw_env()
    env.reset(seed=11)
    view = env.driver.view("p1") if env.driver else {}
    assert "hand" not in view["players"]["p2"]
    obs = env.observe("p1")["observation"]
    assert obs.shape == env.observation_space("p1")["observation"].shape


def test_an_illegal_index_changes_nothing_and_is_penalized_or_raised() -> None:
    env = ptcg_v0.raw_env(position=POSITION, fast=False)
    env.reset(seed=0)
    assert env.agent_selection == "p1"
    assert isinstance(env.driver, GameDriver)
    before = env.driver.game.state_hash()
    bad = START["promote"]  # no Knock Out: promoting is not legal
    assert not env.observe("p1")["action_mask"][bad]
    env.step(bad)
    assert env.driver.game.state_hash() == before
    assert env.rewards["p1"] == -1.0
    assert env.infos["p1"] == {"illegal_action": bad}
    strict = ptcg_v0.raw_env(position=POSITION, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalEnvAction, match=r"promote\[0\]"):
        strict.step(bad)


def test_the_deciding_seats_index_plays_that_exact_engine_action() -> None:
    env = ptcg_v0.raw_env(position=POSITION, fast=False)
    env.reset(seed=0)
    offers = env.legal_offers("p1")
    attach = START["attach"] + 0 * 6 + 1  # hand slot 0 (Water Energy) onto bench1
    assert offers[attach].kind == "attach"
    assert offers[attach].params["target"] == "bench1"
    env.step(attach)
    assert isinstance(env.driver, GameDriver)
    game = env.driver.game
    treecko = game.view("p1")["players"]["p1"]["bench"][0]
    assert treecko["energy"] == ["Water Energy"]
    # the twin game, played through the engine directly, reaches the same state
    twin = Game(get_ruleset("ptcg"), {"decks": ["sapphire", "ruby"], "position": POSITION}, seed=0)
    twin.play(offers[attach])
    assert twin.state_hash() == game.state_hash()


def test_bad_options_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="decks"):
        ptcg_v0.raw_env(decks=("sapphire",))
    with pytest.raises(ValueError, match="illegal_action"):
        ptcg_v0.raw_env(illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown deck"):
        ptcg_v0.raw_env(decks=("sapphire", "emerald"))
    with pytest.raises(ValueError, match="max_cycles"):
        ptcg_v0.raw_env(max_cycles=0)


def test_the_action_space_is_fixed_whatever_the_decks() -> None:
    one = ptcg_v0.raw_env()
    two = ptcg_v0.raw_env(decks=("ruby", "ruby"))
    assert one.action_space("p1").n == two.action_space("p2").n == ACTION_COUNT


@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_the_gymnasium_wrapper_plays_whole_games_against_a_fixed_agent(opponent: str) -> None:
    env = ptcg_v0.gym_env(opponent=opponent, seat="p2")
    rng = np.random.default_rng(0)
    obs, _ = env.reset(seed=4)
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        assert WAIT not in legal.tolist()  # the learner is asked only to decide
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        total += reward
        done = terminated or truncated
        steps += 1
    outcome = env.raw.outcome()
    assert outcome is not None
    expected = 0.0 if len(outcome.winners) != 1 else (1.0 if outcome.winners == ("p2",) else -1.0)
    assert total == expected
    assert steps > 10


def test_the_starting_script_runs(capsys: pytest.CaptureFixture[str]) -> None:
    import runpy
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "env" / "ptcg_start.py"
    argv = sys.argv
    sys.argv = [str(script), "--games", "2"]
    try:
        runpy.run_path(str(script), run_name="__main__")
    finally:
        sys.argv = argv
    out = capsys.readouterr().out
    assert "AEC: random p1 vs greedy p2 over 2 games" in out
    assert "Gymnasium: random learner vs greedy, mean return" in out


@pytest.mark.parametrize(
    ("decks", "seeds"),
    [
        (("sapphire", "ruby"), (0, 1, 2, 3)),
        (("d-ex1-1", "d-ex1-2"), (4, 5)),
        (("ruby", "d-ex1-1"), (6, 7)),
    ],
)
def test_the_live_driver_shows_exactly_what_the_seats_views_show(
    decks: tuple[str, str], seeds: tuple[int, ...]
) -> None:
    """The fast driver (one live state) and the reference (Game and each seat's view) play
    the same seeded games in lockstep: the same masks, the same engine actions behind the
    same indices, and the same observation vectors for both seats at every step. The
    reference builds its vectors from ``view(seat)`` alone, so the fast one leaks nothing.
    One environment plays the games one after the other, as a training loop does: what the
    live driver kept from a game (by key) serves the next ones, and must still be right."""
    live, reference = ptcg_v0.raw_env(decks=decks), ptcg_v0.raw_env(decks=decks, fast=False)
    kept = []
    for seed in seeds:
        _play_in_lockstep(live, reference, seed)
        assert isinstance(live.driver, LiveDriver)
        kept.append(live.driver.kept)
    assert all(k is kept[0] for k in kept)  # the later games ran on the first one's tables


def _play_in_lockstep(live: Any, reference: Any, seed: int) -> None:
    live.reset(seed=seed)
    reference.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while not (live.terminations["p1"] or live.truncations["p1"]) and steps < 4000:
        agent = live.agent_selection
        assert reference.agent_selection == agent
        for seat in ("p1", "p2"):
            a, b = live.observe(seat), reference.observe(seat)
            np.testing.assert_array_equal(a["observation"], b["observation"])
            np.testing.assert_array_equal(a["action_mask"], b["action_mask"])
            assert not a["observation"].flags.writeable and not a["action_mask"].flags.writeable
        offers, twin = live.legal_offers(agent), reference.legal_offers(agent)
        assert {i: (o.kind, dict(o.params)) for i, o in offers.items()} == {
            i: (o.kind, dict(o.params)) for i, o in twin.items()
        }
        index = int(rng.choice(sorted(offers))) if offers else WAIT
        live.step(index)
        reference.step(index)
        steps += 1
    assert live.outcome() == reference.outcome() and live.outcome() is not None


def test_the_live_driver_keeps_a_previous_games_tables_only_for_the_same_cards() -> None:
    one, two = ptcg_v0.raw_env(), ptcg_v0.raw_env(decks=("ruby", "ruby"))
    config = {"decks": ["sapphire", "ruby"]}
    first = LiveDriver(config, 1, one.vocab)
    assert LiveDriver(config, 2, one.vocab, previous=first).kept is first.kept
    other = LiveDriver({"decks": ["ruby", "ruby"]}, 1, two.vocab, previous=first)
    assert other.kept is not first.kept  # other cards behind the instance numbers
