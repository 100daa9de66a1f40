"""``ptcg_v0``: the EX-era Pokémon TCG as a PettingZoo AEC environment (docs/env.md).

Agents ``p1`` and ``p2`` step in strict turn, p1 then p2, every cycle (PettingZoo's parallel
conversion and its ``max_cycles`` test need a fixed cycle). The seat the game waits for
(``Game.whose_turn``) plays one of its legal actions; the other seat's only legal action is
``WAIT``. The game's end and ``max_cycles`` are reported at the end of a cycle, so both
seats always step equally often.

A game runs on one of two drivers (``drivers.py``): by default on one live state with the
rules' fast functions (``fast=True``), or through ``Game`` and the seats' views
(``fast=False``, the reference). Both give the same masks, indices and observations at
every step (tested), so the fast one shows a seat nothing its view hides.

An action that is not legal (possible only when the mask is ignored) changes nothing: the
seat gets ``illegal_reward`` and ``info["illegal_action"]`` names the index, or, with
``illegal_action="raise"``, an ``IllegalEnvAction`` is raised.
"""

from __future__ import annotations

import secrets
import warnings
from collections.abc import Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.conversions import parallel_wrapper_fn

from turnkeeper.core.model import Action, Outcome
from turnkeeper.env.ptcg.drivers import Driver, GameDriver, LiveDriver
from turnkeeper.env.ptcg.encoding import (
    ACTION_COUNT,
    WAIT,
    Vocabulary,
    describe_index,
    mask_of,
    observation_size,
)
from turnkeeper.rulesets.ptcg.state import PtcgState

SEATS = ("p1", "p2")
DEFAULT_MAX_CYCLES = 5000  # a random game takes ~1,000-3,000 actions; each cycle holds 1-2


class IllegalEnvAction(ValueError):
    """An action index that is not legal now (with ``illegal_action="raise"``)."""


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual checking wrappers (as its classic games)."""
    wrapped: Any = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


parallel_env = parallel_wrapper_fn(env)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo reads it from the class
        "render_modes": ["human", "ansi"],
        "name": "ptcg_v0",
        "is_parallelizable": True,
    }

    def __init__(
        self,
        decks: Sequence[Any] = ("sapphire", "ruby"),
        settings: dict[str, Any] | None = None,
        card_db: str = "",
        position: dict[str, Any] | None = None,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        illegal_reward: float = -1.0,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        super().__init__()
        if len(decks) != 2:
            raise ValueError(f"decks: exactly two decks, not {len(decks)}")
        if max_cycles < 1:
            raise ValueError(f"max_cycles: at least 1, not {max_cycles}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action: 'penalize' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode: one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            )
        self.config: dict[str, Any] = {"decks": list(decks)}
        if settings:
            self.config["settings"] = dict(settings)
        if card_db:
            self.config["card_db"] = card_db
        if position is not None:
            # a named position (docs/rulesets/ptcg.md) instead of the deal; the decks still
            # name the cards it may hold (the observation's card codes)
            self.config["position"] = position
        self.vocab = Vocabulary.of_decks(list(decks), card_db)
        self.max_cycles = max_cycles
        self.illegal_reward = illegal_reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.fast = fast
        GameDriver(self.config, 0, self.vocab)  # a bad deck or setting fails here, clearly
        self.possible_agents = list(SEATS)
        size = observation_size(self.vocab)
        self.observation_spaces = {
            seat: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for seat in SEATS
        }
        self.action_spaces = {seat: spaces.Discrete(ACTION_COUNT) for seat in SEATS}
        self.driver: Driver | None = None
        self._moves = 0  # engine actions played: the cache key of offers and observations
        self._offers_at = -1
        self._decider: str | None = None
        self._legal: dict[int, Action] = {}
        self._observations: dict[str, tuple[int, dict[str, npt.NDArray[Any]]]] = {}

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ game access
    def _live(self) -> Driver:
        if self.driver is None:
            raise RuntimeError("call reset() before using the environment")
        return self.driver

    @property
    def state(self) -> PtcgState:
        """The live game state (what the fixed agents of the single-agent wrapper read)."""
        return self._live().state

    def outcome(self) -> Outcome | None:
        return self._live().outcome()

    def _offers(self) -> tuple[str | None, dict[int, Action]]:
        """The deciding seat and its legal offers by index, computed once per game state."""
        if self._offers_at != self._moves:
            driver = self._live()
            decider = driver.whose_turn()
            offers: dict[int, Action] = {}
            if decider is not None and driver.outcome() is None:
                offers = driver.indices(decider, driver.offers(decider))
            self._decider, self._legal, self._offers_at = decider, offers, self._moves
        return self._decider, self._legal

    def legal_offers(self, agent: str) -> dict[int, Action]:
        """Index -> engine action for ``agent`` now (WAIT is not an engine action)."""
        decider, offers = self._offers()
        return offers if agent == decider else {}

    # ------------------------------------------------------------------ AEC API
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The seat's observation; computed once per game state and returned read-only
        (a WAIT step changes nothing, so the next ``last()`` reuses it)."""
        cached = self._observations.get(agent)
        if cached is not None and cached[0] == self._moves:
            return cached[1]
        decider, offers = self._offers()
        deciding = agent == decider and bool(offers)
        found: dict[str, npt.NDArray[Any]] = {
            "observation": self._live().observation(agent, deciding),  # read-only
            "action_mask": mask_of(offers if deciding else None),  # read-only
        }
        self._observations[agent] = (self._moves, found)
        return found

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if options:
            # PettingZoo's api_test resets with made-up options and expects no error; not
            # silent either: the caller is told that nothing was read from them.
            warnings.warn(
                f"reset options {sorted(options)} ignored: ptcg_v0 reads none",
                UserWarning,
                stacklevel=2,
            )
        game_seed = seed if seed is not None else secrets.randbits(63)
        if self.fast:
            previous = self.driver if isinstance(self.driver, LiveDriver) else None
            self.driver = LiveDriver(self.config, game_seed, self.vocab, previous)
        else:
            self.driver = GameDriver(self.config, game_seed, self.vocab)
        self._moves = 0
        self._offers_at = -1
        self._decider = None
        self._legal = {}
        self._observations = {}
        self.agents = list(SEATS)
        self.rewards = dict.fromkeys(SEATS, 0.0)
        self._cumulative_rewards = dict.fromkeys(SEATS, 0.0)
        self.terminations = dict.fromkeys(SEATS, False)
        self.truncations = dict.fromkeys(SEATS, False)
        self.infos: dict[str, dict[str, Any]] = {seat: {} for seat in SEATS}
        self.num_cycles = 0
        self.agent_selection = SEATS[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        decider, offers = self._offers()
        if agent == decider and index in offers:
            self._live().play(offers[index])
            self._moves += 1
        elif not (index == WAIT and (agent != decider or not offers)):
            if self.illegal_action == "raise":
                raise IllegalEnvAction(
                    f"{agent}: action {index} ({describe_index(index)}) is not legal now"
                )
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": index}
        if agent == SEATS[-1]:
            self._end_of_cycle()
        self.agent_selection = SEATS[(SEATS.index(agent) + 1) % len(SEATS)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end_of_cycle(self) -> None:
        self.num_cycles += 1
        outcome = self._live().outcome()
        if outcome is not None:
            for seat in SEATS:
                won = seat in outcome.winners and len(outcome.winners) == 1
                lost = bool(outcome.winners) and seat not in outcome.winners
                self.rewards[seat] += 1.0 if won else -1.0 if lost else 0.0
                self.terminations[seat] = True
                self.infos[seat]["outcome"] = {
                    "winners": list(outcome.winners),
                    "reason": outcome.reason,
                }
        elif self.num_cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(SEATS, True)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        driver = self._live()
        view = driver.view(None if driver.outcome() is not None else self.agent_selection)
        lines = [f"turn {view['turn']} phase {view['phase']} ({self.agent_selection} steps)"]
        for seat in SEATS:
            player = view["players"][seat]
            active = (player.get("active") or {}).get("card")
            bench = [m.get("card") for m in player.get("bench") or []]
            lines.append(
                f"  {seat}: active {active}, bench {bench}, hand {player.get('hand_count')}, "
                f"deck {player.get('deck_count')}, prizes {player.get('prize_count')}"
            )
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.driver = None  # and what the live driver kept for the next games
