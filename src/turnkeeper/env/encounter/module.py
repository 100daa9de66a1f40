"""What an encounter environment module (``ptu_v0``, ``e133_v0``) exposes, made from a spec:
``raw_env``, ``env`` (with PettingZoo's checking wrappers, as its classic games),
``parallel_env`` and ``gym_env``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_wrapper_fn

from turnkeeper.env.encounter.env import EncounterEnv
from turnkeeper.env.encounter.single import EncounterSingleAgentEnv
from turnkeeper.env.encounter.spec import EncounterSpec


@dataclass(frozen=True)
class EnvironmentModule:
    raw_env: type[EncounterEnv]
    env: Any
    parallel_env: Any
    gym_env: Any


def environment_module(spec: EncounterSpec) -> EnvironmentModule:
    """The parts of ``turnkeeper.env.<spec.env_name>``."""
    raw = type(spec.env_name, (EncounterEnv,), {
        # PettingZoo reads these from the class
        "metadata": {"render_modes": ["human", "ansi"], "name": spec.env_name,
                     "is_parallelizable": True},
        "spec_of_env": spec,
        "__doc__": f"The {spec.ruleset} encounter as a PettingZoo AEC environment.",
    })

    def env(**kwargs: Any) -> Any:
        """The environment with PettingZoo's usual checking wrappers."""
        wrapped: Any = raw(**kwargs)
        wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
        return wrappers.OrderEnforcingWrapper(wrapped)

    def gym_env(**kwargs: Any) -> EncounterSingleAgentEnv:
        """A Gymnasium single-agent env: ``seat`` learns (default: the first seat),
        ``opponent`` ("random" or "greedy") plays every other seat; the other keyword
        arguments are ``raw_env``'s."""
        return EncounterSingleAgentEnv(raw, **kwargs)

    return EnvironmentModule(raw, env, parallel_wrapper_fn(env), gym_env)
