"""The game kernel: games, actions, events, refusals and reusable mechanics (no game words)."""

from turnkeeper import compiled

# Before any module of the package is imported: the mypyc build of the kernel's mechanics
# (budgets, the clock, the trigger ledger: called on every action of the compiled
# rulesets), if current, goes first on the package's path (turnkeeper/compiled.py).
compiled.activate(__name__, __path__)

from turnkeeper.core.game import (  # noqa: E402
    Command,
    Game,
    GameFileError,
    LegalActions,
    jsonable,
    state_hash,
)
from turnkeeper.core.mechanics import (  # noqa: E402
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
from turnkeeper.core.model import (  # noqa: E402
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
from turnkeeper.core.ruleset import OddsRuleset, Ruleset, SetupError  # noqa: E402

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
    "OddsRuleset",
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
