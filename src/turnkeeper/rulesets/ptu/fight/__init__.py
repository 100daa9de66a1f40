"""The PTU fight as pure functions: stats and HP, accuracy, damage, types, afflictions,
maneuvers, moves as data, and the exact odds of an attack before rolling.

Nothing here keeps state or rolls dice on its own: state comes in, values come out, and
dice come from a :class:`~turnkeeper.dice.DiceSource` argument. The ruleset
(:mod:`turnkeeper.rulesets.ptu`) calls these functions and records events; see
docs/rulesets/ptu-fight.md ("How a ruleset calls this").
"""

from turnkeeper import compiled

# Before any module of the sub-package is imported: the compiled ones (the ptu build's
# ``fight.*`` entries, turnkeeper/compiled.py) go first on its path when ptu's build is current.
compiled.activate_sub("turnkeeper.rulesets.ptu", "fight", __path__)

from turnkeeper.rulesets.ptu.fight.afflictions import (  # noqa: E402
    affliction,
    blocks_actions,
    cured,
    denies_evasion,
    ignores_powder,
    immunity_to,
    roll_save,
    save_odds,
    save_result,
    saves_due,
    stage_changes,
    standard_action_loss,
)
from turnkeeper.rulesets.ptu.fight.attack import (  # noqa: E402
    Attack,
    AttackOdds,
    AttackOutcome,
    attack_odds,
    damage_distribution,
    effective_damage_base,
    final_damage,
    hits,
    is_critical,
    p_faint,
    p_hit,
    resolve_attack,
    type_multiplier,
    type_steps,
)
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError  # noqa: E402
from turnkeeper.rulesets.ptu.fight.health import Health, HpLoss, heal, is_fainted, lose_hp  # noqa: E402
from turnkeeper.rulesets.ptu.fight.maneuvers import (  # noqa: E402
    SkillRoll,
    p_maneuver_success,
    resolve_maneuver,
    take_a_breather,
)
from turnkeeper.rulesets.ptu.fight.moves import (  # noqa: E402
    Move,
    MoveEntry,
    MoveError,
    find_move,
    frequency_allows,
    load_moves,
    starter_moves,
)
from turnkeeper.rulesets.ptu.fight.stats import (  # noqa: E402
    Evasions,
    FightValueError,
    Stats,
    accuracy_modifier,
    injured_max_hp,
    pokemon_max_hp,
    shift_stage,
    staged_value,
    stat_evasion,
    tick,
    trainer_max_hp,
)

__all__ = [
    "Attack",
    "AttackOdds",
    "AttackOutcome",
    "Evasions",
    "FightValueError",
    "Health",
    "HpLoss",
    "Move",
    "MoveEntry",
    "MoveError",
    "SkillRoll",
    "Stats",
    "UnknownNameError",
    "accuracy_modifier",
    "affliction",
    "attack_odds",
    "blocks_actions",
    "cured",
    "damage_distribution",
    "denies_evasion",
    "effective_damage_base",
    "final_damage",
    "find_move",
    "frequency_allows",
    "heal",
    "hits",
    "ignores_powder",
    "immunity_to",
    "injured_max_hp",
    "is_critical",
    "is_fainted",
    "load_moves",
    "lose_hp",
    "p_faint",
    "p_hit",
    "p_maneuver_success",
    "pokemon_max_hp",
    "resolve_attack",
    "resolve_maneuver",
    "roll_save",
    "save_odds",
    "save_result",
    "saves_due",
    "shift_stage",
    "stage_changes",
    "staged_value",
    "standard_action_loss",
    "starter_moves",
    "stat_evasion",
    "take_a_breather",
    "tick",
    "trainer_max_hp",
    "type_multiplier",
    "type_steps",
]
