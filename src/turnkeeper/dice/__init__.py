"""Dice for Turnkeeper: notation, seeded rolls with a record of every die, exact odds
(via icepool) and the check primitives rulesets build on.

>>> from turnkeeper.dice import SeededDice, roll, odds
>>> roll("4d6kh3", SeededDice(7)).total
13
>>> odds("4d6 >= 15").p_success
Fraction(575, 1296)

This package imports nothing else from turnkeeper.
"""

from turnkeeper.dice.checks import (
    AnyRecord,
    CheckRecord,
    D20Check,
    ExtendedCheck,
    ExtendedOdds,
    ExtendedRecord,
    OpposedCheck,
    Pool,
    PoolCheck,
    TeamCheck,
    clear_caches,
    record_from_dict,
    record_from_json,
)
from turnkeeper.dice.exact import Distribution, Odds, distribution, odds
from turnkeeper.dice.notation import (
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_SIDES,
    DiceLimitError,
    DiceSyntaxError,
    Expression,
    parse,
)
from turnkeeper.dice.rolling import (
    ComparisonRecord,
    DieGroup,
    OpposedRecord,
    Record,
    RollRecord,
    roll,
    roll_value,
)
from turnkeeper.dice.source import (
    DiceError,
    DiceExhaustedError,
    DiceSource,
    ForcedDice,
    ForcedFaceError,
    SeededDice,
)

__all__ = [
    "MAX_DICE",
    "MAX_EXPRESSION_LENGTH",
    "MAX_SIDES",
    "AnyRecord",
    "CheckRecord",
    "ComparisonRecord",
    "D20Check",
    "DiceError",
    "DiceExhaustedError",
    "DiceLimitError",
    "DiceSource",
    "DiceSyntaxError",
    "DieGroup",
    "Distribution",
    "Expression",
    "ExtendedCheck",
    "ExtendedOdds",
    "ExtendedRecord",
    "ForcedDice",
    "ForcedFaceError",
    "Odds",
    "OpposedCheck",
    "OpposedRecord",
    "Pool",
    "PoolCheck",
    "Record",
    "RollRecord",
    "SeededDice",
    "TeamCheck",
    "clear_caches",
    "distribution",
    "odds",
    "parse",
    "record_from_dict",
    "record_from_json",
    "roll",
    "roll_value",
]
