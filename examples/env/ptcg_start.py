"""A starting point for agents on the EX-era Pokémon TCG (docs/env.md). Trains nothing.

    PYTHONPATH=src .venv/bin/python examples/env/ptcg_start.py --games 20

1. PettingZoo AEC loop: a masked-random policy (p1) against the ruleset's greedy agent (p2),
   both through the environment's indices.
2. Gymnasium loop: the same learner seat against a fixed greedy opponent, ready for any
   single-agent library (replace ``policy`` by yours).
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import numpy as np

from turnkeeper.env import ptcg_v0
from turnkeeper.rulesets.ptcg.agents import greedy_agent


def policy(observation: dict[str, Any], rng: np.random.Generator) -> int:
    """Your agent goes here: any legal index (the mask marks them)."""
    legal = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))


def greedy_index(env: Any, agent: str, rng: random.Random) -> int:
    """The ruleset's greedy agent, answering with the environment's index of its choice."""
    offers = env.unwrapped.legal_offers(agent)  # index -> engine Action
    if not offers:
        return 0  # WAIT: not this seat's decision
    chosen = greedy_agent(env.unwrapped.state, list(offers.values()), rng)
    return next(index for index, offer in offers.items() if offer is chosen)


def aec_games(games: int) -> None:
    env = ptcg_v0.env(decks=("sapphire", "ruby"))
    rng = np.random.default_rng(0)
    greedy_rng = random.Random("greedy")
    wins = {"p1": 0, "p2": 0}
    for seed in range(games):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                if reward > 0:
                    wins[agent] += 1
                env.step(None)
                continue
            if agent == "p1":
                env.step(policy(observation, rng))
            else:
                env.step(greedy_index(env, agent, greedy_rng))
    print(f"AEC: random p1 vs greedy p2 over {games} games: {wins}")


def gym_games(games: int) -> None:
    env = ptcg_v0.gym_env(opponent="greedy", seat="p1", decks=("sapphire", "ruby"))
    rng = np.random.default_rng(1)
    total = 0.0
    for seed in range(games):
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            observation, reward, terminated, truncated, _ = env.step(policy(observation, rng))
            total += reward
            done = terminated or truncated
    print(f"Gymnasium: random learner vs greedy, mean return {total / games:+.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    aec_games(args.games)
    gym_games(args.games)
