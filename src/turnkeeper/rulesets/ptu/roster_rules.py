"""The rules of the game master's roster commands (``roster.py``), apart so that the rule
catalogue can list them without importing the commands."""

from __future__ import annotations

from turnkeeper.core.model import Rule

_SOURCE = "PTU 1.05 Core p. 227 (initiative is Speed, ties rolled off), p. 229 (a released " \
          "Pokémon joins the round)"
_READING = ("The book fixes who fights when the encounter starts and is silent on newcomers "
            "or departures: these are the GM's rulings, recorded as commands.")
RULES: list[Rule] = [
    Rule("ptu.roster.add", "A Pokémon (a player's, or wild) or a Trainer (a new player's, in "
         "Full Contact) may join mid-fight with a new id; on the field it takes its place by "
         "Speed among those still to act this round, at the earliest right after the turn "
         "under way, a Speed tie rolled off.", _SOURCE,
         _READING + " A League Battle's Trainers are the ones who declared at the start."),
    Rule("ptu.roster.remove", "A combatant may leave mid-fight, but not during its own turn, "
         "while a hit it dealt or takes is pending, or (a Trainer) while its Pokémon are still "
         "in the fight.", _SOURCE, _READING),
]
