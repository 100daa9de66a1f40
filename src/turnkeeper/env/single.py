"""What the Gymnasium single-agent wrappers share: one seat learns, fixed agents play the
other seats, and the learner is asked only when it has a real decision.

The learner's pass-only steps (``WAIT``, index 0 in every environment here) are stepped for
it. An opponent seat with offers always plays one, chosen by its fixed agent (``choose``,
given by each environment) from a generator seeded from the reset seed, never from global
randomness. The reward of a step is everything the learner earned since its previous
decision (+1 win, -1 loss, 0 draw, plus ``illegal_reward`` for an illegal action);
``info["illegal_action"]`` names an illegal index.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any, Protocol

import gymnasium
import numpy as np
import numpy.typing as npt

from turnkeeper.core.model import Action

Observation = dict[str, npt.NDArray[Any]]
WAIT = 0  # the pass index of every environment's action space


class AecEnv(Protocol):
    """The parts of our AEC environments the wrapper drives."""

    agent_selection: str
    possible_agents: list[str]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    rewards: dict[str, float]
    infos: dict[str, dict[str, Any]]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...
    def step(self, action: Any) -> None: ...
    def observe(self, agent: str) -> Observation: ...
    def legal_offers(self, agent: str) -> dict[int, Action]: ...
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]: ...
    def action_space(self, agent: str) -> gymnasium.spaces.Discrete: ...
    def render(self) -> str | None: ...
    def close(self) -> None: ...


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of ``env`` as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium reads it from the class
    # the label of the opponents' generator: "<label>/<reset seed>" (kept per environment,
    # so that a seed plays the same opponents as before the wrappers were shared)
    rng_label = "env/{seed}/opponents"

    def __init__(self, env: AecEnv, seat: str, render_mode: str | None) -> None:
        self.env = env
        self.seat = seat
        self.render_mode = render_mode
        self.observation_space: gymnasium.spaces.Space[Any] = env.observation_space(seat)
        self.action_space = env.action_space(seat)
        self._rng = random.Random(0)

    def choose(self, agent: str, offers: Mapping[int, Action], rng: random.Random) -> Action:
        """The fixed agent's pick for ``agent`` among its offers."""
        raise NotImplementedError

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else secrets.randbits(63)
        self.env.reset(seed=game_seed, options=options)
        self._rng = random.Random(self.rng_label.format(seed=game_seed))
        reward, done = self._advance()
        return self.env.observe(self.seat), {"reward_before_first_decision": reward, "done": done}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        env = self.env
        env.step(int(action))
        info = dict(env.infos.get(self.seat, {}))
        reward = env.rewards.get(self.seat, 0.0)
        more, _ = self._advance()
        reward += more
        info.update(env.infos.get(self.seat, {}))
        return (env.observe(self.seat), float(reward), env.terminations[self.seat],
                env.truncations[self.seat], info)

    def _advance(self) -> tuple[float, bool]:
        """Step the other seats, and the learner's pass-only steps, until the learner must
        decide or the game is over; the learner's reward meanwhile."""
        env = self.env
        reward = 0.0
        while True:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                return reward, True
            offers = env.legal_offers(agent)
            if agent == self.seat:
                if offers:
                    return reward, False
                env.step(WAIT)
            elif offers:
                chosen = self.choose(agent, offers, self._rng)
                env.step(next(i for i, a in offers.items() if a is chosen))
            else:
                env.step(WAIT)
            reward += env.rewards.get(self.seat, 0.0)

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        self.env.close()
