"""The game kernel: games, actions, events, refusals and reusable mechanics (no game words)."""

from turnkeeper.core.game import Command, Game, GameFileError, LegalActions, jsonable, state_hash
from turnkeeper.core.mechanics import (
    Budget,
    Clock,
    Effect,
    Expiry,
    MechanicError,
    TriggerLedger,
    Window,
    due_at_turn_end,
    due_at_turn_start,
    rounds_from_now,
)
from turnkeeper.core.model import (
    Action,
    BadActionError,
    Event,
    IllegalAction,
    IllegalActionError,
    Outcome,
    Refusal,
    Rule,
    RuleCatalogue,
)
from turnkeeper.core.ruleset import Ruleset, SetupError

__all__ = [
    "Action",
    "BadActionError",
    "Budget",
    "Clock",
    "Command",
    "Effect",
    "Event",
    "Expiry",
    "Game",
    "GameFileError",
    "IllegalAction",
    "IllegalActionError",
    "LegalActions",
    "MechanicError",
    "Outcome",
    "Refusal",
    "Rule",
    "RuleCatalogue",
    "Ruleset",
    "SetupError",
    "TriggerLedger",
    "Window",
    "due_at_turn_end",
    "due_at_turn_start",
    "jsonable",
    "rounds_from_now",
    "state_hash",
]
