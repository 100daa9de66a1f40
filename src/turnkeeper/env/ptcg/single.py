"""A Gymnasium single-agent view of ``ptcg_v0``: one seat learns, a fixed agent plays the other.

The opponent is one of the ruleset's own agents (``random`` or ``greedy`` from
``turnkeeper.rulesets.ptcg.agents``), seeded from the reset seed (never global randomness).
The learner is asked only when it has a real decision: its ``WAIT``-only steps (the
opponent's turn) are stepped for it. The reward of a step is everything the learner earned
since its previous decision (+1 win, -1 loss, 0 draw, plus ``illegal_reward`` for an
illegal action); ``info["illegal_action"]`` names an illegal index.
"""

from __future__ import annotations

import random
import secrets
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt

from turnkeeper.env.ptcg.encoding import WAIT
from turnkeeper.env.ptcg.ptcg import SEATS, raw_env
from turnkeeper.rulesets.ptcg.agents import AGENTS

Observation = dict[str, npt.NDArray[Any]]


class PtcgSingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium reads it from the class

    def __init__(
        self,
        opponent: Literal["random", "greedy"] = "random",
        seat: Literal["p1", "p2"] = "p1",
        render_mode: Literal["ansi"] | None = None,
        **env_kwargs: Any,
    ) -> None:
        if opponent not in AGENTS:
            raise ValueError(f"opponent: one of {', '.join(AGENTS)}, not {opponent!r}")
        if seat not in SEATS:
            raise ValueError(f"seat: p1 or p2, not {seat!r}")
        self.env = raw_env(render_mode=render_mode, **env_kwargs)
        self.seat = seat
        self.other = SEATS[1 - SEATS.index(seat)]
        self.opponent = AGENTS[opponent]
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
        self._rng = random.Random(f"ptcg-env/{game_seed}/opponent")
        reward, done = self._advance()
        observation = self.env.observe(self.seat)
        return observation, {"reward_before_first_decision": reward, "done": done}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        env = self.env
        env.step(int(action))
        info = dict(env.infos.get(self.seat, {}))
        reward = env.rewards.get(self.seat, 0.0)
        more, _ = self._advance()
        reward += more
        terminated = env.terminations[self.seat]
        truncated = env.truncations[self.seat]
        info.update(env.infos.get(self.seat, {}))
        return env.observe(self.seat), float(reward), terminated, truncated, info

    def _advance(self) -> tuple[float, bool]:
        """Step the opponent, and the learner's WAIT-only steps, until the learner must
        decide or the game is over; the learner's reward meanwhile."""
        env = self.env
        reward = 0.0
        while True:
            agent = env.agent_selection
            if env.terminations[agent] or env.truncations[agent]:
                return reward, True
            if agent == self.seat:
                if env.legal_offers(self.seat):
                    return reward, False
                env.step(WAIT)
            else:
                offers = env.legal_offers(agent)
                if offers:
                    chosen = self.opponent(env.state, list(offers.values()), self._rng)
                    index = next(i for i, a in offers.items() if a is chosen)
                    env.step(index)
                else:
                    env.step(WAIT)
            reward += env.rewards.get(self.seat, 0.0)

    def render(self) -> str | None:
        return self.env.render()

    def close(self) -> None:
        self.env.close()
