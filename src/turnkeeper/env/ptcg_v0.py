"""The EX-era Pokémon TCG environment, version 0 (PettingZoo's ``<game>_v<N>`` module)."""

from typing import Any

from turnkeeper.env.ptcg.ptcg import env, parallel_env, raw_env
from turnkeeper.env.ptcg.single import PtcgSingleAgentEnv

__all__ = ["PtcgSingleAgentEnv", "env", "gym_env", "parallel_env", "raw_env"]


def gym_env(**kwargs: Any) -> PtcgSingleAgentEnv:
    """A Gymnasium single-agent env: ``opponent`` ("random" or "greedy"), ``seat`` ("p1"),
    and the keyword arguments of ``raw_env`` (decks, settings, ...)."""
    return PtcgSingleAgentEnv(**kwargs)
