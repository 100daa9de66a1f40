"""The ptu encounter environment, version 0 (PettingZoo's ``<game>_v<N>`` module; docs/env.md).

``from turnkeeper.env import ptu_v0; env = ptu_v0.env(encounter="my.yaml")``.
"""

from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_wrapper_fn

from turnkeeper.env.encounter.env import EncounterEnv, IllegalEnvAction
from turnkeeper.env.encounter.ptu import SPEC
from turnkeeper.env.encounter.single import EncounterSingleAgentEnv

__all__ = ["IllegalEnvAction", "env", "gym_env", "parallel_env", "raw_env"]


class raw_env(EncounterEnv):
    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "ptu_v0",
        "is_parallelizable": True,
    }
    spec_of_env = SPEC


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual checking wrappers (as its classic games)."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


parallel_env = parallel_wrapper_fn(env)


def gym_env(**kwargs: Any) -> EncounterSingleAgentEnv:
    """A Gymnasium single-agent env: ``seat`` learns (default: the first seat),
    ``opponent`` ("random" or "greedy") plays every other seat; the other keyword
    arguments are ``raw_env``'s."""
    return EncounterSingleAgentEnv(raw_env, **kwargs)
