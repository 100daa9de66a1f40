"""A Gymnasium single-agent view of an encounter environment: one seat learns, fixed agents
(``random`` or ``greedy`` from :mod:`turnkeeper.sim`) play every other seat.

The learner is asked only when it has offers; its pass-only steps are stepped for it. An
opponent seat with offers always plays one (it never declines a reaction), chosen by its
agent from a generator seeded from the reset seed. The reward of a step is everything the
learner earned since its previous decision (+1 win, -1 loss, 0 draw, plus ``illegal_reward``
for an illegal action); ``info["illegal_action"]`` names an illegal index.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt

from turnkeeper.env.encounter.codec import WAIT
from turnkeeper.env.encounter.env import EncounterEnv
from turnkeeper.sim import AGENT_FUNCTIONS

Observation = dict[str, npt.NDArray[Any]]


class EncounterSingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium reads it from the class

    def __init__(
        self,
        raw_env: type[EncounterEnv],
        seat: str | None = None,
        opponent: Literal["random", "greedy"] = "random",
        render_mode: Literal["ansi"] | None = None,
        **env_kwargs: Any,
    ) -> None:
        if opponent not in AGENT_FUNCTIONS:
            raise ValueError(f"opponent: one of {', '.join(AGENT_FUNCTIONS)}, not {opponent!r}")
        self.env = raw_env(render_mode=render_mode, **env_kwargs)
        seats = self.env.possible_agents
        if seat is None:
            seat = seats[0]
        if seat not in seats:
            raise ValueError(f"seat: one of {', '.join(seats)}, not {seat!r}")
        self.seat = seat
        self.opponent = AGENT_FUNCTIONS[opponent]
        self.render_mode = render_mode
        self.observation_space: gymnasium.spaces.Space[Any] = self.env.observation_space(seat)
        self.action_space = self.env.action_space(seat)
        self._rng = random.Random(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else secrets.randbits(63)
        self.env.reset(seed=game_seed, options=options)
        self._rng = random.Random(f"encounter-env/{game_seed}/opponents")
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
        decide or the encounter is over; the learner's reward meanwhile."""
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
                game = env._live()
                chosen = self.opponent(game, list(offers.values()), self._rng)
                env.step(next(i for i, a in offers.items() if a is chosen))
            else:
                env.step(WAIT)
            reward += env.rewards.get(self.seat, 0.0)

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        self.env.close()
