"""The parameter vocabulary every ``pte`` action family shares: limits, action types, the DC,
circumstance dice, and the fields of a roll and of its time.

Each action kind has a :class:`~turnkeeper.core.schema.Params` model (in its family's module:
:mod:`skill_checks`, :mod:`extended`, :mod:`scene`), listed in the one table of kinds
(:data:`turnkeeper.rulesets.pte.kinds.ACTIONS`). The kernel validates every action from
outside against it before the ruleset sees it, so the rules read typed values only.
Fields the GM alone sets (READINGS, pte: the DC, circumstance dice, synergy approval and Take X
permission, and how many people a team task needs) carry ``gm_only``; the server refuses them
from a player's seat.

What a model cannot see without the state (an unknown character, a task that does not exist,
a power's own action type) is still refused as malformed by the ruleset; what a rule forbids
(a circumstance worth two dice, Take 7, a multiplier of 6) is a refusal naming the rule, so
those fields are typed here but not range-limited.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from turnkeeper.core.schema import Params, meta

# Limits that keep every check small enough for exact odds (bad input is refused as malformed
# rather than left to run for minutes): no table needs DCs above 500 or ten circumstances.
MAX_DC = 500
MAX_BONUS = 100
MAX_CIRCUMSTANCES = 10
MAX_TIME_FACTOR = 1000
MAX_SECONDS = 10**8

ActionType = Literal[
    "free",
    "interrupt",
    "standard",
    "full",
    "full_interrupt",
    "extended_s",
    "extended_l",
    "downtime",
    "rounds",
]

Dc = Annotated[
    int,
    meta(
        "the DC the total must meet (set by the GM)", open_value=True, gm_only=True, ge=0, le=MAX_DC
    ),
]
Bonus = Annotated[
    int,
    meta(
        "a flat bonus (or negative modifier) added to the total",
        open_value=True,
        ge=-MAX_BONUS,
        le=MAX_BONUS,
    ),
]


class CircumstanceParam(Params, kw_only=True):
    """One mitigating circumstance: one die, added (+1) or subtracted (-1)."""

    name: Annotated[
        str, meta("what the circumstance is (night, rough terrain)", open_value=True, min_length=1)
    ]
    dice: Annotated[
        int, meta("+1 (it helps) or -1 (it hinders); anything else is refused by a rule")
    ]


# One circumstance: {name, dice} or a bare +1 / -1 (unnamed).
CircumstanceItem = CircumstanceParam | int
Circumstances = Annotated[
    list[CircumstanceItem],
    meta(
        "circumstance dice the GM applies, each one die: {name, dice: +1|-1} or a bare +1/-1",
        gm_only=True,
        max_length=MAX_CIRCUMSTANCES,
    ),
]


class TimedParams(Params, kw_only=True):
    """How long an action takes: its action type and, for timed types, its length."""

    action_type: Annotated[
        ActionType | None, meta("the action type (default standard; work_task: extended_s)")
    ] = None
    minutes: (
        Annotated[
            float,
            meta(
                "length of an Extended action (or Downtime) in minutes",
                open_value=True,
                ge=0,
                le=MAX_SECONDS,
            ),
        ]
        | None
    ) = None
    hours: (
        Annotated[
            float,
            meta(
                "length of a Downtime (or Extended) action in hours",
                open_value=True,
                ge=0,
                le=MAX_SECONDS,
            ),
        ]
        | None
    ) = None
    rounds: Annotated[
        int | str | None,
        meta(
            "for action_type rounds: 1-100 rounds or dice such as 1d4",
            open_value=True,
            examples=[2, "1d4"],
        ),
    ] = None


Trigger = Annotated[
    str | None,
    meta("what a Free action answers (needed outside one's turn in combat)", open_value=True),
]


class RollParams(TimedParams, kw_only=True):
    """Everything one character's roll may carry besides what is rolled."""

    rank: Annotated[
        int | str | None, meta("the rank claimed (name or 1-6); must be the sheet's")
    ] = None
    bonus: Bonus = 0
    circumstances: Circumstances = msgspec.field(default_factory=list)
    synergy: Annotated[
        str | list[str] | None,
        meta("one secondary skill the GM accepts; adds half its rank", gm_only=True),
    ] = None
    helper: Annotated[
        str | list[str] | None, meta("one character assisting (half their rank in the skill)")
    ] = None
    take: Annotated[
        int | None, meta("Take X (1-6): every die counts as X (the GM permits it)", gm_only=True)
    ] = None
    time_factor: Annotated[
        int,
        meta(
            "how many times the normal time is spent (Take X)",
            gm_only=True,
            ge=1,
            le=MAX_TIME_FACTOR,
        ),
    ] = 1
    aiding: Annotated[
        str | None, meta("the character whose Extended/Downtime action this one aids")
    ] = None


class SceneTaskParams(Params, kw_only=True):
    """A task the GM prepares in the scene: what a check on it rolls against (pte.scene.gm-sets)."""

    dc: Dc
    skill: Annotated[
        str | None, meta("the skill the GM names (a player may name another)", open_value=True)
    ] = None
    circumstances: Circumstances = msgspec.field(default_factory=list)
    synergy: Annotated[
        str | None, meta("a secondary skill the GM approves for synergy", gm_only=True)
    ] = None
    take: Annotated[int | None, meta("Take X the GM permits on this task (1-6)", gm_only=True)] = (
        None
    )
    time_factor: Annotated[
        int,
        meta(
            "how many times the normal time a check on it takes (for Take X)",
            gm_only=True,
            ge=1,
            le=MAX_TIME_FACTOR,
        ),
    ] = 1
    note: Annotated[str, meta("what the task is, in the GM's words", open_value=True)] = ""


class NoParams(Params, kw_only=True):
    """An action without parameters."""


def circumstance_dict(item: CircumstanceItem) -> object:
    """A declared circumstance item back to the plain form the rules read."""
    return msgspec.to_builtins(item)
