"""The e133 fight as pure functions: hit points (temporary HP, dropping, death saves or
"down means out", healing), attack profiles with crits and damage types, the encounter's
outcome, and the exact odds of an attack before rolling.

State in, values out; dice only through a :class:`~turnkeeper.dice.DiceSource` argument.
See docs/rulesets/e133-fight.md for the facts, readings and how the ruleset calls this.
"""

from turnkeeper.rulesets.e133.fight.attack import (
    AttackProfile,
    AttackResult,
    Defences,
    ProfileError,
    attack_odds,
    damage_dealt,
    damage_distribution,
    hits,
    is_critical,
    p_drop,
    p_hit,
    resolve_attack,
)
from turnkeeper.rulesets.e133.fight.health import (
    DamageTaken,
    DeathSave,
    DropRule,
    Health,
    HealthError,
    Status,
    death_save,
    grant_temporary_hp,
    heal,
    take_damage,
)
from turnkeeper.rulesets.e133.fight.outcome import Outcome, Termination, encounter_outcome

__all__ = [
    "AttackProfile",
    "AttackResult",
    "DamageTaken",
    "DeathSave",
    "Defences",
    "DropRule",
    "Health",
    "HealthError",
    "Outcome",
    "ProfileError",
    "Status",
    "Termination",
    "attack_odds",
    "damage_dealt",
    "damage_distribution",
    "death_save",
    "encounter_outcome",
    "grant_temporary_hp",
    "heal",
    "hits",
    "is_critical",
    "p_drop",
    "p_hit",
    "resolve_attack",
    "take_damage",
]
