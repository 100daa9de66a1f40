"""The ptu and e133 encounter environments: PettingZoo's own tests, the action space, seats'
observations, the Gymnasium wrapper and bad encounters."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
import yaml
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from turnkeeper.env import e133_v0, ptu_v0
from turnkeeper.env.encounter.codec import WAIT

ROOT = Path(__file__).resolve().parents[2]
ENCOUNTERS = [
    (e133_v0, ROOT / "examples/e133/ambush.yaml"),
    (ptu_v0, ROOT / "examples/ptu/league.yaml"),
    (ptu_v0, ROOT / "examples/ptu/wild.yaml"),
]
MODULES = [e133_v0, ptu_v0]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_pettingzoo_api_test(module: ModuleType) -> None:
    with pytest.warns(UserWarning):  # api_test resets with made-up options: we say so
        api_test(module.env(), num_cycles=120)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_pettingzoo_seed_test(module: ModuleType) -> None:
    seed_test(module.env, num_cycles=60)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_pettingzoo_max_cycles_test(module: ModuleType) -> None:
    max_cycles_test(module)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_pettingzoo_parallel_api_test(module: ModuleType) -> None:
    with pytest.warns(UserWarning):
        parallel_api_test(module.parallel_env(), num_cycles=60)


def _play(env: Any, seed: int) -> list[int]:
    """One encounter with random legal indices (acting rather than passing), checking the
    mask against the engine's offers at every step. Returns the engine actions played."""
    raw = env.unwrapped
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    played: list[int] = []
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        offers = raw.legal_offers(agent)
        legal = set(np.flatnonzero(obs["action_mask"]).tolist())
        engine = [a for a in raw.game.legal_actions(None) if a.actor not in (None, "gm")
                  and raw.owned[agent] and a.actor in raw.owned[agent]]
        # every engine offer of this seat is on its own index, and the mask is exactly them
        # (plus WAIT where passing is allowed)
        assert len(offers) == len(engine)
        assert legal - {WAIT} == set(offers)
        assert (WAIT in legal) == raw.may_wait(agent)
        acting = sorted(legal - {WAIT}) or sorted(legal)
        index = int(rng.choice(acting))
        if index != WAIT:
            played.append(index)
            assert raw.describe(index).startswith(offers[index].actor + " " + offers[index].kind)
        env.step(index)
    return played


@pytest.mark.parametrize(("module", "path"), ENCOUNTERS, ids=lambda x: getattr(x, "name", ""))
def test_whole_encounters_give_every_offer_its_own_index(module: ModuleType, path: Path) -> None:
    env = module.env(encounter=path)
    raw = env.unwrapped
    ended = 0
    for seed in range(4):
        played = _play(env, seed)
        assert played, "somebody acted"
        ended += raw.game.outcome() is not None
    assert raw.unindexed == 0
    assert ended >= 2, "random play finishes most encounters"


def test_the_same_seed_plays_the_same_encounter_and_another_does_not() -> None:
    env = e133_v0.env()
    first = _play(env, 3)
    again = _play(env, 3)
    other = _play(env, 4)
    assert first == again
    assert first != other


def test_an_index_means_the_same_action_in_every_episode() -> None:
    raw = e133_v0.raw_env()
    seen: dict[int, tuple[str, str, str]] = {}
    for seed in range(3):
        raw.reset(seed=seed)
        for agent in raw.possible_agents:
            for index, action in raw.legal_offers(agent).items():
                key = (str(action.actor), action.kind, str(action.params.get("target")))
                assert seen.setdefault(index, key) == key


def test_a_seat_does_not_see_what_its_view_hides() -> None:
    """ptu hides the other Trainer's Pokémon's hit points: a League battle that differs only
    in them gives alice the same observation, and her vector marks them unknown."""
    doc = yaml.safe_load((ROOT / "tests/ptu/pinned/league.yaml").read_text(encoding="utf-8"))
    other = yaml.safe_load((ROOT / "tests/ptu/pinned/league.yaml").read_text(encoding="utf-8"))
    other["setup"]["players"][1]["pokemon"][0]["stats"]["hp"] = 9  # charmander's HP stat
    observations = []
    for encounter in (doc, other):
        env = ptu_v0.raw_env(encounter=encounter)
        env.reset(seed=5)
        observations.append(env.observe("alice")["observation"])
        names = env.feature_names
        bob_view = env.observe("bob")["observation"]
    assert np.array_equal(observations[0], observations[1])
    assert observations[0][names.index("charmander.max_hp?known")] == 0.0
    assert observations[0][names.index("hoppip.max_hp?known")] == 1.0
    assert bob_view[names.index("charmander.max_hp")] == 9 * 3 + 10 + 10  # level + 3 HP + 10


def test_the_observation_marks_mine_allies_and_the_acting_combatant() -> None:
    env = e133_v0.raw_env()
    env.reset(seed=1)
    names = env.feature_names
    alice = env.observe("alice")["observation"]
    gm = env.observe("gm")["observation"]
    assert alice[names.index("vess.mine")] == 1.0 and alice[names.index("dorn.mine")] == 0.0
    assert alice[names.index("dorn.ally")] == 1.0 and alice[names.index("rook.ally")] == 0.0
    assert gm[names.index("rook.mine")] == 1.0 and gm[names.index("skiv.ally")] == 1.0
    acting = env._live().whose_turn()
    assert alice[names.index(f"{acting}.acting")] == 1.0
    assert sum(alice[names.index(f"{a}.acting")] for a in env.roster) == 1.0


def test_an_illegal_index_changes_nothing_or_raises() -> None:
    env = e133_v0.raw_env()
    env.reset(seed=2)
    agent = env.agent_selection
    illegal = next(i for i in range(1, env.codec.size) if i not in env.legal_offers(agent))
    before = env._live().state_hash()
    env.step(illegal)
    assert env._live().state_hash() == before
    assert env.infos[agent] == {"illegal_action": illegal}
    assert env.rewards[agent] == -1.0
    strict = e133_v0.raw_env(illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(e133_v0.IllegalEnvAction, match="not legal now"):
        strict.step(illegal)


def test_bad_encounters_are_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="it is a ptu file, not e133"):
        e133_v0.raw_env(encounter=ROOT / "examples/ptu/wild.yaml")
    with pytest.raises(ValueError, match="no file"):
        ptu_v0.raw_env(encounter=tmp_path / "missing.yaml")
    with pytest.raises(ValueError, match="max_cycles"):
        ptu_v0.raw_env(max_cycles=0)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
@pytest.mark.parametrize("opponent", ["random", "greedy"])
def test_the_gymnasium_wrapper_plays_against_a_fixed_agent(module: ModuleType,
                                                           opponent: str) -> None:
    env = module.gym_env(opponent=opponent)
    rng = np.random.default_rng(0)
    finished = 0
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        total = 0.0
        for _ in range(3000):
            legal = np.flatnonzero(obs["action_mask"])
            acting = [i for i in legal if i != WAIT] or list(legal)
            obs, reward, terminated, truncated, _ = env.step(int(rng.choice(acting)))
            total += reward
            if terminated or truncated:
                break
        if terminated:
            finished += 1
            assert total in (-1.0, 0.0, 1.0)
    assert finished >= 2
    with pytest.raises(ValueError, match="seat"):
        module.gym_env(seat="nobody")
