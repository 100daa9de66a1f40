"""The rules of the game master's roster commands (``roster.py``), apart so that the rule
catalogue can list them without importing the planners."""

from __future__ import annotations

from turnkeeper.core.model import Rule

_SOURCE = "Element 133, Action Economy: The Combat Round; reference/e133.md, Initiative"
_READING = ("The chapter fixes the order at the start and is silent on changes mid-fight: "
            "these are the game master's rulings, recorded as commands.")
RULES: list[Rule] = [
    Rule("e133.roster.add", "A combatant may join mid-fight: it rolls initiative (or takes a "
         "given count) and joins those still to act this round at its place (at the earliest "
         "right after the turn under way); its id must be new.",
         _SOURCE, _READING),
    Rule("e133.roster.remove", "A combatant may leave mid-fight, but not during its own turn "
         "(end the turn first).", _SOURCE, _READING),
    Rule("e133.roster.initiative", "The game master may set or re-roll a combatant's "
         "initiative, but not the one whose turn is under way; those still to act this round "
         "are sorted again, the rest wait for the next round.", _SOURCE, _READING),
]
