"""A toy ruleset for the browser tests of generated forms: the declared counter ruleset
(typed action parameters, one GM-only parameter) with a typed set-up and log sentences
(``describe_event``), as the real rulesets will have them."""

from __future__ import annotations

from typing import Annotated, Any

from tests.server.counter import RULES, CounterState
from tests.server.declared import DeclaredRuleset
from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Settings, meta


class PlayerSetup(Settings):
    id: Annotated[str, meta("the player's id", min_length=1, max_length=20)]
    seat: Annotated[str, meta("the seat that plays it", min_length=1, max_length=20)]
    name: Annotated[str, meta("shown in the tracker", max_length=40)] = ""


class ToySetup(Settings):
    players: Annotated[list[PlayerSetup], meta("the players", min_length=2, max_length=6)]
    target: Annotated[int, meta("points to win", ge=1, le=1000)] = 20


class ToyRuleset(DeclaredRuleset):
    setup_model = ToySetup

    def check(self, state: CounterState, action: Action) -> Refusal | None:
        """As the counter's, but a card played after the standard action is spent, and not
        in hand either, names both rules (the second in ``also``)."""
        refusal = super().check(state, action)
        player = state.players.get(action.actor or "")
        if (
            refusal is not None
            and refusal.rule == "counter.standard.once"
            and action.kind == "play"
            and player is not None
            and action.params.get("card") not in player.hand
        ):
            return RULES.refuse("counter.standard.once", also=("counter.play.in-hand",))
        return refusal

    def describe_event(self, state: CounterState, event: Event) -> str:
        if event.type == "scored":
            who = state.players[event.data["id"]].name
            return f"{who} scores {event.data['amount']}"
        return ""


RULESET: Any = ToyRuleset()
