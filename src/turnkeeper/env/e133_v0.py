"""The e133 encounter environment, version 0 (PettingZoo's ``<game>_v<N>`` module; docs/env.md).

``from turnkeeper.env import e133_v0; env = e133_v0.env(encounter="my.yaml")``.
"""

from turnkeeper.env.encounter.e133 import SPEC
from turnkeeper.env.encounter.env import IllegalEnvAction
from turnkeeper.env.encounter.module import environment_module

__all__ = ["IllegalEnvAction", "env", "gym_env", "parallel_env", "raw_env"]

_parts = environment_module(SPEC)
raw_env = _parts.raw_env
env = _parts.env
parallel_env = _parts.parallel_env
gym_env = _parts.gym_env
