"""The ``pte`` ruleset: Pokémon Tabletop Evolution skill checks, Skill Powers and the scene clock.

This class only wires the rule areas together; read them in this order:

- :mod:`setup` - the set-up format (characters, Skill Powers, settings) as declared models;
- :mod:`kinds` - the one table of action kinds: model, rules and resolution of each;
- :mod:`plans` - the vocabulary every family plans with (a plan, its rolls and time);
- :mod:`rolls` - one character's roll and its modifiers (circumstances, synergy, help, Take X);
- :mod:`skill_checks`, :mod:`extended`, :mod:`scene` - the action families, each with its
  parameter models, its rules and its results;
- :mod:`economy` - action types and time, combat turns, downtime packing, costs;
- :mod:`fold` - how events change the state (:mod:`state`);
- :mod:`offers` - what ``legal_actions`` offers, with costs and exact odds;
- content apart: :mod:`powers` and ``powers.yaml`` (Skill Powers as data), :mod:`timing`
  (lengths of action types), :mod:`checks` and :mod:`pools` (the dice arithmetic).

Rule ids and their sources are in :mod:`rules`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from turnkeeper.core.game import jsonable
from turnkeeper.core.model import Action, BadActionError, Event, Outcome, Refusal
from turnkeeper.core.ruleset import SetupError
from turnkeeper.dice import DiceLimitError
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.pte import describe, offers, timing
from turnkeeper.rulesets.pte.fold import fold_event
from turnkeeper.rulesets.pte.kinds import ACTIONS, KINDS, plan_action, resolve_plan
from turnkeeper.rulesets.pte.params import MAX_BONUS, MAX_CIRCUMSTANCES, MAX_DC
from turnkeeper.rulesets.pte.plans import GM, Refused, actors_of
from turnkeeper.rulesets.pte.powers import PowerError, load_powers
from turnkeeper.rulesets.pte.rules import RULES
from turnkeeper.rulesets.pte.setup import PteSetup, characters_of, read_setup, scene_tasks_of
from turnkeeper.rulesets.pte.state import PteState

__all__ = ["GM", "KINDS", "MAX_BONUS", "MAX_CIRCUMSTANCES", "MAX_DC", "PteRuleset"]


class PteRuleset:
    """Pokémon Tabletop Evolution, ch. 5: skill checks, Skill Powers and action time scales."""

    name = "pte"
    rules = RULES
    actions = ACTIONS
    setup_model = PteSetup
    # Every roll and every sheet is open at a PTE table: the web server shows players the
    # event details too (docs/server.md, "Hidden information").
    hidden_information = False
    describe_event = staticmethod(describe.describe_event)  # the log's sentences

    # ------------------------------------------------------------------ set-up
    def initial_state(self) -> PteState:
        return PteState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        setup = read_setup(config)
        characters = characters_of(setup)
        try:
            powers = load_powers(config.get("powers"))
        except PowerError as exc:
            raise SetupError(str(exc)) from exc
        settings = setup.settings()
        tasks = scene_tasks_of(setup)
        return [
            Event(
                "scene_set",
                {
                    "characters": characters,
                    "powers": [p.to_dict() for p in powers.values()],
                    "start_hour": settings.start_hour,
                    "typical_dc": settings.typical_dc,
                    "tasks": tasks,
                },
            )
        ]

    # ------------------------------------------------------------------ check and resolve
    def check(self, state: PteState, action: Action) -> Refusal | None:
        try:
            plan_action(state, action)
        except Refused as exc:
            return exc.refusal
        return None

    def resolve(self, state: PteState, action: Action, dice: DiceSource) -> list[Event]:
        try:
            plan = plan_action(state, action)
        except Refused as exc:
            raise BadActionError(f"resolve called on a refused action: {exc.refusal}") from exc
        try:
            return resolve_plan(state, plan, dice)
        except DiceLimitError as exc:
            raise BadActionError(f"{action.kind}: the check is too big: {exc}") from exc

    def apply(self, state: PteState, event: Event) -> None:
        fold_event(state, event)

    # ------------------------------------------------------------------ queries
    def legal_actions(self, state: PteState, actor: str | None = None) -> Iterator[Action]:
        return offers.legal_actions(state, actor)

    def odds(self, state: PteState, action: Action) -> dict[str, str] | None:
        """Exact odds of a check before it is rolled (``None`` for actions without dice)."""
        return offers.odds(state, action)

    def whose_turn(self, state: PteState) -> str | None:
        return state.combat.clock.current() if state.combat is not None else None

    def actors(self, state: PteState) -> list[str]:
        return actors_of(state)

    def controller(self, state: PteState, actor: str) -> str | None:
        if actor == GM:
            return None
        character = state.characters.get(actor)
        if character is None:
            return None
        return character.player or character.id

    def outcome(self, state: PteState) -> Outcome | None:
        # A scene never ends by itself; the GM closes it.
        return None

    def view(self, state: PteState, seat: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "phase": state.phase,
            "clock": {
                "seconds": state.now,
                "text": timing.clock_text(state.now, state.start_hour),
                "start_hour": state.start_hour,
            },
            "characters": jsonable(state.characters),
            "powers": sorted(p.name for p in state.powers.values()),
            "tasks": jsonable(state.tasks),
            "downtime_actions": state.downtime_actions,
            "scene_tasks": jsonable(state.scene_tasks),
            "requests": jsonable(state.requests),
            "results": jsonable(state.results),
            "last": jsonable(state.results[-1]) if state.results else None,
            "combat": None,
        }
        if state.combat is not None:
            clock = state.combat.clock
            data["combat"] = {
                "round": clock.round,
                "order": list(clock.sequence),
                "current": clock.current(),
                "used": list(state.combat.used),
                "skip_next": list(state.combat.skip_next),
                "busy": dict(state.combat.busy),
                "used_by": dict(state.combat.used_by),
            }
        return data

    def status_lines(self, state: PteState) -> list[str]:
        lines = [f"{state.phase} - {timing.clock_text(state.now, state.start_hour)}"]
        if state.combat is not None:
            lines.append(f"round {state.combat.clock.round}, {state.combat.clock.current()}'s turn")
        for task in state.tasks.values():
            lines.append(
                f"task {task.id}: {task.total}/{task.extended_dc} after {task.attempts} roll(s) "
                f"[{task.status}]"
            )
        return lines
