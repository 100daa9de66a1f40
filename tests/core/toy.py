"""A tiny ruleset for testing the kernel: two counters take turns adding a die roll.

Each turn the actor may ``add`` (rolls a d6 onto its total; once per turn), ``hold`` (ends the
turn) or, out of turn, ``cheer`` once per turn of the other player. The first to 10 wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from turnkeeper.core import (
    Action,
    BadActionError,
    Budget,
    Clock,
    Event,
    Outcome,
    Refusal,
    Rule,
    RuleCatalogue,
    SetupError,
)
from turnkeeper.dice.source import DiceSource

RULES = RuleCatalogue(
    "toy",
    [
        Rule("toy.turn.own-turn", "Only the player whose turn it is may add or hold.", "Toy p. 1"),
        Rule("toy.add.once", "A player may add only once per turn.", "Toy p. 1"),
        Rule("toy.cheer.off-turn", "Cheering is only for the player who is waiting.", "Toy p. 2"),
        Rule("toy.game.over", "Nothing more may be done once someone has won.", "Toy p. 2"),
    ],
)


@dataclass
class ToyState:
    totals: dict[str, int] = field(default_factory=dict)
    clock: Clock = field(default_factory=Clock)
    budget: Budget = field(default_factory=Budget)
    cheers: int = 0


class ToyRuleset:
    name = "toy"
    rules = RULES

    def initial_state(self) -> ToyState:
        return ToyState()

    def setup(self, config: Mapping[str, Any], dice: DiceSource) -> list[Event]:
        players = config.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise SetupError("setup.players must list exactly two player names")
        return [Event("joined", {"player": p, "count": 10 - i}) for i, p in enumerate(players)] + [
            Event("round", {})
        ]

    def apply(self, state: ToyState, event: Event) -> None:
        data = event.data
        if event.type == "joined":
            state.totals[data["player"]] = 0
            state.clock.add(data["player"], data["count"])
        elif event.type == "round":
            state.clock.start_round()
            state.budget.reset({"add": 1})
        elif event.type == "added":
            state.totals[data["player"]] += data["roll"]
            state.budget.pay_exact("add")
        elif event.type == "turn_ended":
            state.clock.advance()
            state.budget.reset({"add": 1})
        elif event.type == "cheered":
            state.cheers += 1

    def check(self, state: ToyState, action: Action) -> Refusal | None:
        if action.kind not in ("add", "hold", "cheer"):
            raise BadActionError(f"unknown action kind {action.kind!r}")
        if action.actor not in state.totals:
            raise BadActionError(f"unknown player {action.actor!r}")
        if self.outcome(state) is not None:
            return RULES.refuse("toy.game.over")
        mine = state.clock.current() == action.actor
        if action.kind == "cheer":
            return None if not mine else RULES.refuse("toy.cheer.off-turn")
        if not mine:
            return RULES.refuse("toy.turn.own-turn")
        if action.kind == "add" and state.budget.left("add") < 1:
            return RULES.refuse("toy.add.once")
        return None

    def resolve(self, state: ToyState, action: Action, dice: DiceSource) -> list[Event]:
        if action.kind == "add":
            return [Event("added", {"player": action.actor, "roll": dice.die(6)})]
        if action.kind == "cheer":
            return [Event("cheered", {"player": action.actor})]
        return [Event("turn_ended", {"player": action.actor})]

    def legal_actions(self, state: ToyState, actor: str | None = None) -> Iterator[Action]:
        for who in state.totals if actor is None else [actor]:
            for kind in ("add", "hold", "cheer"):
                action = Action(kind, who)
                if self.check(state, action) is None:
                    yield action

    def whose_turn(self, state: ToyState) -> str | None:
        return state.clock.current()

    def actors(self, state: ToyState) -> list[str]:
        return list(state.totals)

    def controller(self, state: ToyState, actor: str) -> str | None:
        return actor

    def outcome(self, state: ToyState) -> Outcome | None:
        for player, total in state.totals.items():
            if total >= 10:
                return Outcome((player,), "reached 10")
        return None

    def view(self, state: ToyState, seat: str | None = None) -> dict[str, Any]:
        return {"totals": dict(state.totals), "round": state.clock.round, "cheers": state.cheers}


TOY = ToyRuleset()

RULESET = TOY
