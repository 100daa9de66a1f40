"""A Gymnasium single-agent view of an encounter environment: one seat learns, fixed agents
(``random`` or ``greedy`` from :mod:`turnkeeper.sim`) play every other seat (what the
wrappers share, rewards included: :mod:`turnkeeper.env.single`). An opponent seat with offers
never declines a reaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

from turnkeeper.core.model import Action
from turnkeeper.env.encounter import codec
from turnkeeper.env.encounter.env import EncounterEnv
from turnkeeper.env.single import WAIT, SingleAgentEnv
from turnkeeper.sim import AGENT_FUNCTIONS

if codec.WAIT != WAIT:  # the shared wrapper steps index 0 as the pass
    raise ImportError("codec.WAIT is not the shared WAIT index")


class EncounterSingleAgentEnv(SingleAgentEnv):
    rng_label = "encounter-env/{seed}/opponents"

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
        env = raw_env(render_mode=render_mode, **env_kwargs)
        seats = env.possible_agents
        if seat is None:
            seat = seats[0]
        if seat not in seats:
            raise ValueError(f"seat: one of {', '.join(seats)}, not {seat!r}")
        self.opponent = AGENT_FUNCTIONS[opponent]
        self.raw = env
        super().__init__(env, seat, render_mode)

    def choose(self, agent: str, offers: Mapping[int, Action], rng: random.Random) -> Action:
        return self.opponent(self.raw._live(), list(offers.values()), rng)
