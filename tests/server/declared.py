"""The counter ruleset with a declared action catalogue, one GM-only kind and one GM-only
parameter: the server's enforcement of GM-only marks is tested on it (the real rulesets get
their marks from their own catalogues)."""

from __future__ import annotations

from typing import Annotated, Any

from tests.server.counter import CounterRuleset, CounterState
from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta
from turnkeeper.dice.source import DiceSource


class AddParams(Params):
    amount: Annotated[int, meta("points to add", ge=1, le=3)]
    note: Annotated[str, meta("a note only the GM may attach", gm_only=True, max_length=50)] = ""


class RollParams(Params):
    pass


class PlayParams(Params):
    card: Annotated[int, meta("a card from the hand", ge=1, le=6)]


class EndTurnParams(Params):
    pass


class BonusParams(Params):
    amount: Annotated[int, meta("points the GM grants", ge=1, le=3)]


CATALOGUE = ActionCatalogue(
    "declared",
    [
        ActionKind("add", AddParams, "add 1-3 points", family="scoring"),
        ActionKind("roll", RollParams, "add a d6", family="scoring"),
        ActionKind("play", PlayParams, "play a card from the hand", family="cards"),
        ActionKind("end_turn", EndTurnParams, "end the turn", family="turns"),
        ActionKind("bonus", BonusParams, "the GM adds points", family="scoring", gm_only=True),
    ],
)


class DeclaredRuleset(CounterRuleset):
    name = "declared"
    actions = CATALOGUE

    def check(self, state: CounterState, action: Action) -> Refusal | None:
        if action.kind == "bonus":
            return None
        return super().check(state, action)

    def resolve(self, state: CounterState, action: Action, dice: DiceSource) -> list[Event]:
        if action.kind == "bonus":
            return [Event("scored", {"id": action.actor, "amount": action.params["amount"]})]
        params = {k: v for k, v in action.params.items() if k != "note"}
        plain = Action(action.kind, action.actor, params)
        events: list[Event] = super().resolve(state, plain, dice)
        return events


RULESET: Any = DeclaredRuleset()
