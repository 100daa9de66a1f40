"""An encounter (ptu, e133) as a PettingZoo AEC environment (docs/env.md).

Agents are the encounter's seats — the players that control combatants, and the game
master's seat for the combatants no player controls (``turnkeeper.sim.seats_of``) — stepped
in a fixed cycle, so PettingZoo's parallel conversion and its ``max_cycles`` test hold.

At its step a seat plays one of its legal offers or passes (``WAIT``):

- the seat whose combatant's turn is running must act while it has offers;
- any other seat with offers (an attack of opportunity, an Interrupt, a readied trigger
  whose window is open) may answer or pass — unless the turn's seat has nothing it can do,
  in which case the seats with offers must act, so the encounter never stalls on passes;
- a seat with no offers can only pass.

Steps that belong to nobody (ptu: the game master starting the combat) are taken by the
environment with the ruleset's own ``sim_gm_action`` hook, as ``turnkeeper sim`` does.
Rewards come at the encounter's outcome: +1 to every seat on a winning side, -1 to the
others, 0 to all on a draw. An illegal index changes nothing: ``illegal_reward`` and
``info["illegal_action"]``, or ``IllegalEnvAction`` with ``illegal_action="raise"``.
"""

from __future__ import annotations

import secrets
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import yaml
from gymnasium import spaces
from pettingzoo import AECEnv

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.env.encounter.codec import WAIT, ActionCodec, catalogue_of
from turnkeeper.env.encounter.observe import feature_names, observation_size, observe
from turnkeeper.env.encounter.spec import EncounterSpec
from turnkeeper.rulesets import get_ruleset
from turnkeeper.sim import seat_of, seats_of

DEFAULT_MAX_CYCLES = 2000
# The package folder: the bundled examples are package data (``turnkeeper/examples``, linked
# to the checkout's ``examples/``), so the default encounter is found when installed too.
PACKAGE = Path(__file__).resolve().parents[2]


class IllegalEnvAction(ValueError):
    """An action index that is not legal now (with ``illegal_action="raise"``)."""


def load_encounter(spec: EncounterSpec, encounter: str | Path | Mapping[str, Any] | None,
                   ) -> tuple[dict[str, Any], str]:
    """The set-up of an encounter file (or mapping), checked to be this ruleset's."""
    if encounter is None:
        encounter = PACKAGE / spec.default_encounter
    if isinstance(encounter, Mapping):
        doc: Any = dict(encounter)
        name = "<mapping>"
    else:
        path = Path(encounter)
        if not path.is_file():
            raise ValueError(f"encounter: no file {str(path)!r}")
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        name = str(path)
    if not isinstance(doc, Mapping):
        raise ValueError(f"encounter {name}: a mapping with `setup:` is expected")
    ruleset = doc.get("ruleset", spec.ruleset)
    if ruleset != spec.ruleset:
        raise ValueError(f"encounter {name}: it is a {ruleset} file, not {spec.ruleset}")
    setup = doc.get("setup", doc)
    if not isinstance(setup, Mapping):
        raise ValueError(f"encounter {name}: setup must be a mapping")
    return dict(setup), name


class EncounterEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """The generic encounter environment; ``ptu_v0.raw_env``/``e133_v0.raw_env`` fix its spec."""

    spec_of_env: EncounterSpec  # set by each ruleset's subclass

    def __init__(
        self,
        encounter: str | Path | Mapping[str, Any] | None = None,
        max_cycles: int = DEFAULT_MAX_CYCLES,
        illegal_reward: float = -1.0,
        illegal_action: Literal["penalize", "raise"] = "penalize",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        spec = self.spec_of_env
        if max_cycles < 1:
            raise ValueError(f"max_cycles: at least 1, not {max_cycles}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action: 'penalize' or 'raise', not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode: one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            )
        self.setup, self.encounter_name = load_encounter(spec, encounter)
        self.ruleset = get_ruleset(spec.ruleset)
        probe: Game[Any] = Game(self.ruleset, self.setup, seed=0, snapshots=False)
        full = probe.view(None)
        self.roster: tuple[str, ...] = tuple(full.get("combatants") or ())
        self.codec = ActionCodec(spec, catalogue_of(self.ruleset), self.roster, self.setup)
        self.possible_agents = list(seats_of(probe))
        self.owned: dict[str, frozenset[str]] = {
            seat: frozenset(a for a in self.roster if seat_of(probe, a) == seat)
            for seat in self.possible_agents
        }
        side = {a: (full["combatants"][a] or {}).get("side") for a in self.roster}
        self.sides: dict[str, frozenset[str]] = {
            seat: frozenset(str(side[a]) for a in owned if side[a] is not None)
            for seat, owned in self.owned.items()
        }
        self.allies: dict[str, frozenset[str]] = {
            seat: frozenset(a for a in self.roster if str(side[a]) in self.sides[seat])
            for seat in self.possible_agents
        }
        self.feature_names = feature_names(spec, self.roster)
        size = observation_size(spec, len(self.roster))
        self.observation_spaces = {
            seat: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
                }
            )
            for seat in self.possible_agents
        }
        self.action_spaces = {seat: spaces.Discrete(self.codec.size)
                              for seat in self.possible_agents}
        self.max_cycles = max_cycles
        self.illegal_reward = illegal_reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.game: Game[Any] | None = None
        self._moves = 0
        self._decisions_at = -1
        self._turn_seat: str | None = None
        self._offers: dict[str, dict[int, Action]] = {}
        self._must_act: frozenset[str] = frozenset()
        self.unindexed = 0  # offers that found no index of their own (the tests keep it 0)

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ game access
    def _live(self) -> Game[Any]:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _settle(self) -> None:
        """Take the steps that belong to nobody (the game master's ``sim_gm_action``)."""
        game = self._live()
        gm_step = getattr(self.ruleset, "sim_gm_action", None)
        while callable(gm_step) and game.outcome() is None and game.whose_turn() is None:
            action = gm_step(game.state)
            if action is None:
                return
            game.play(action)
            self._moves += 1

    def _decide(self) -> None:
        """Every seat's offers by index, once per game state."""
        if self._decisions_at == self._moves:
            return
        game = self._live()
        offers: dict[str, dict[int, Action]] = {seat: {} for seat in self.possible_agents}
        turn_actor = game.whose_turn()
        turn_seat = seat_of(game, turn_actor) if turn_actor is not None else None
        if game.outcome() is None:
            for action in game.legal_actions(None):
                if action.actor is None or action.actor == "gm":
                    continue
                index = self.codec.index_of(action, game.state)
                seat = seat_of(game, action.actor)
                if index is None or seat not in offers or index in offers[seat]:
                    self.unindexed += 1
                    continue
                offers[seat][index] = action
        if turn_seat is not None and offers.get(turn_seat):
            must = frozenset({turn_seat})
        else:
            must = frozenset(seat for seat, found in offers.items() if found)
        self._turn_seat, self._offers, self._must_act = turn_seat, offers, must
        self._decisions_at = self._moves

    def legal_offers(self, agent: str) -> dict[int, Action]:
        """Index -> engine action for ``agent`` now (``WAIT`` is not an engine action)."""
        self._decide()
        return self._offers.get(agent, {})

    def may_wait(self, agent: str) -> bool:
        """Whether ``agent`` may pass now (see the module docstring)."""
        self._decide()
        return agent not in self._must_act or not self._offers.get(agent)

    def describe(self, index: int) -> str:
        return self.codec.describe(index)

    # ------------------------------------------------------------------ AEC API
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        game = self._live()
        offers = self.legal_offers(agent)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if offers:
            mask[list(offers)] = 1
        if self.may_wait(agent):
            mask[WAIT] = 1
        turn_actor = game.whose_turn()
        vector = observe(
            self.spec_of_env, game.view(agent), self.roster, self.owned[agent],
            self.allies[agent], turn_actor, bool(offers),
        )
        return {"observation": vector, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if options:
            warnings.warn(
                f"reset options {sorted(options)} ignored: {self.metadata['name']} reads none",
                UserWarning,
                stacklevel=2,
            )
        game_seed = seed if seed is not None else secrets.randbits(63)
        self.game = Game(self.ruleset, self.setup, seed=game_seed, snapshots=False)
        self._moves = 0
        self._decisions_at = -1
        self._settle()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {seat: {} for seat in self.agents}
        self.num_cycles = 0
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.infos[agent] = {}
        offers = self.legal_offers(agent)
        if index in offers:
            self._live().play(offers[index])
            self._moves += 1
            self._settle()
        elif not (index == WAIT and self.may_wait(agent)):
            if self.illegal_action == "raise":
                raise IllegalEnvAction(
                    f"{agent}: action {index} ({self.codec.describe(index)}) is not legal now"
                )
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": index}
        seats = self.possible_agents
        if agent == seats[-1]:
            self._end_of_cycle()
        self.agent_selection = seats[(seats.index(agent) + 1) % len(seats)]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end_of_cycle(self) -> None:
        self.num_cycles += 1
        game = self._live()
        outcome = game.outcome()
        if outcome is None:
            self._decide()
            stalled = not any(self._offers.values())
            if stalled or self.num_cycles >= self.max_cycles:
                self.truncations = dict.fromkeys(self.agents, True)
                if stalled:
                    for seat in self.agents:
                        self.infos[seat]["stalled"] = "nobody can act"
            return
        winners = {str(w) for w in outcome.winners}
        for seat in self.agents:
            won = bool(self.sides[seat] & winners) or seat in winners
            self.rewards[seat] += 1.0 if won else -1.0 if winners else 0.0
            self.terminations[seat] = True
            self.infos[seat]["outcome"] = {"winners": sorted(winners), "reason": outcome.reason}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self._live()
        view = game.view(None)
        lines = [f"{self.metadata['name']}: turn of {game.whose_turn()} "
                 f"({self.agent_selection} steps)"]
        for actor in self.roster:
            entry = (view.get("combatants") or {}).get(actor) or {}
            lines.append(f"  {actor}: hp {entry.get('hp')}/{entry.get('max_hp')}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None
