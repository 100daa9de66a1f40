"""A Gymnasium single-agent view of ``ptcg_v0``: one seat learns, a fixed agent plays the other
(one of the ruleset's own agents, ``random`` or ``greedy`` from
``turnkeeper.rulesets.ptcg.agents``). What the wrappers share, rewards included:
:mod:`turnkeeper.env.single`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

from turnkeeper.core.model import Action
from turnkeeper.env.ptcg import encoding
from turnkeeper.env.ptcg.ptcg import SEATS, raw_env
from turnkeeper.env.single import WAIT, SingleAgentEnv
from turnkeeper.rulesets.ptcg.agents import AGENTS

if encoding.WAIT != WAIT:  # the shared wrapper steps index 0 as the pass
    raise ImportError("encoding.WAIT is not the shared WAIT index")


class PtcgSingleAgentEnv(SingleAgentEnv):
    rng_label = "ptcg-env/{seed}/opponent"

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
        env = raw_env(render_mode=render_mode, **env_kwargs)
        self.raw = env
        self.other = SEATS[1 - SEATS.index(seat)]
        self.opponent = AGENTS[opponent]
        super().__init__(env, seat, render_mode)

    def choose(self, agent: str, offers: Mapping[int, Action], rng: random.Random) -> Action:
        return self.opponent(self.raw.state, list(offers.values()), rng)
