"""The declared parameters of every ``pte`` action kind, and the one table of kinds.

Each action kind has a :class:`~turnkeeper.core.schema.Params` model: its fields, their types,
ranges, defaults and a one-line doc each. The kernel validates every action from outside
against :data:`ACTIONS` before the ruleset sees it, so the ruleset reads typed values only.
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

from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta

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
# opposed_check status_quo: the text's own words (defender, the one acting) are accepted too.
StatusQuo = Literal["target", "defender", "actor", "attacker"]

Dc = Annotated[
    int, meta("the DC the total must meet (set by the GM)", gm_only=True, ge=0, le=MAX_DC)
]
Bonus = Annotated[
    int, meta("a flat bonus (or negative modifier) added to the total", ge=-MAX_BONUS, le=MAX_BONUS)
]
Length = Annotated[float, meta("a length of time", ge=0, le=MAX_SECONDS, open_value=True)]
Name = Annotated[str, meta("a name", min_length=1, open_value=True)]


class CircumstanceParam(Params, kw_only=True):
    """One mitigating circumstance: one die, added (+1) or subtracted (-1)."""

    name: Annotated[str, meta("what the circumstance is (night, rough terrain)", min_length=1)]
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
            meta("length of an Extended action (or Downtime) in minutes", ge=0, le=MAX_SECONDS),
        ]
        | None
    ) = None
    hours: (
        Annotated[
            float,
            meta("length of a Downtime (or Extended) action in hours", ge=0, le=MAX_SECONDS),
        ]
        | None
    ) = None
    rounds: Annotated[
        int | str | None,
        meta("for action_type rounds: 1-100 rounds or dice such as 1d4", examples=[2, "1d4"]),
    ] = None


Trigger = Annotated[
    str | None, meta("what a Free action answers (needed outside one's turn in combat)")
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


class CheckParams(RollParams, kw_only=True):
    trigger: Trigger = None
    skill: Annotated[str, meta("the skill rolled (any case; spaces or underscores)", min_length=1)]
    dc: Dc | None = None


class UsePowerParams(RollParams, kw_only=True):
    trigger: Trigger = None
    power: Annotated[str, meta("the Skill Power's name (any case)", min_length=1)]
    dc: (
        Annotated[
            int,
            meta(
                "the DC, when the power has none (or to override it)", gm_only=True, ge=0, le=MAX_DC
            ),
        ]
        | None
    ) = None


class OpposedCheckParams(RollParams, kw_only=True):
    trigger: Trigger = None
    target: Annotated[str, meta("the character opposing the check", min_length=1)]
    skill: Annotated[str | None, meta("the skill the actor rolls (or give power)")] = None
    power: Annotated[str | None, meta("a Skill Power the actor uses (brings its skill)")] = None
    target_skill: Annotated[
        str | None, meta("the skill the target rolls (default the actor's skill)")
    ] = None
    target_bonus: Bonus = 0
    target_circumstances: Circumstances = msgspec.field(default_factory=list)
    status_quo: Annotated[
        StatusQuo, meta("who keeps the status quo and wins ties (defender = target)")
    ] = "target"


class TeamCheckParams(TimedParams, kw_only=True):
    participants: Annotated[
        str | list[str], meta("the characters taking part (two or more, each once)")
    ]
    dc: Dc
    trigger: Trigger = None
    skill: Annotated[str | None, meta("the skill everyone rolls (or give skills)")] = None
    skills: Annotated[dict[str, str], meta("per participant: the skill they roll")] = msgspec.field(
        default_factory=dict
    )
    people: (
        Annotated[
            int,
            meta(
                "how many people the task normally needs (default: the participants)",
                gm_only=True,
                ge=1,
                le=100,
            ),
        ]
        | None
    ) = None
    bonuses: Annotated[
        dict[str, Annotated[int, meta("flat bonus", ge=-MAX_BONUS, le=MAX_BONUS)]],
        meta("per participant: a flat bonus"),
    ] = msgspec.field(default_factory=dict)
    circumstances: Annotated[
        dict[str, list[CircumstanceItem]],
        meta("per participant: their circumstance dice", gm_only=True),
    ] = msgspec.field(default_factory=dict)


class StartTaskParams(Params, kw_only=True):
    task: Annotated[str, meta("a new name for the extended check", min_length=1, open_value=True)]
    skill: Annotated[str, meta("the skill rolled toward it", min_length=1)]
    dc: Dc
    multiplier: Annotated[
        int,
        meta("2 (simple, tedious) to 5 (most elaborate); other values are refused", gm_only=True),
    ]
    failable: Annotated[
        bool, meta("whether the DC must be reached within rank-many rolls", gm_only=True)
    ] = True


class WorkTaskParams(RollParams, kw_only=True):
    task: Annotated[str, meta("the extended check worked on", min_length=1)]


class StartCombatParams(Params, kw_only=True):
    order: Annotated[list[str], meta("the combatants' ids, first to act first", min_length=1)]


class NoParams(Params, kw_only=True):
    """An action without parameters."""


class StartDowntimeParams(Params, kw_only=True):
    actions: Annotated[int, meta("how many Downtime actions each character has", ge=1, le=100)] = 1


class AdvanceTimeParams(Params, kw_only=True):
    seconds: Annotated[float, meta("seconds", ge=0, le=MAX_SECONDS)] | None = None
    minutes: Annotated[float, meta("minutes", ge=0, le=MAX_SECONDS)] | None = None
    hours: Annotated[float, meta("hours", ge=0, le=MAX_SECONDS)] | None = None


class SetConditionParams(Params, kw_only=True):
    target: Annotated[str, meta("the character marked", min_length=1)]
    threatened: Annotated[bool | None, meta("threatened (omitted: unchanged)")] = None
    distracted: Annotated[bool | None, meta("distracted (omitted: unchanged)")] = None


ACTIONS = ActionCatalogue(
    "pte",
    [
        ActionKind(
            "check", CheckParams, "a basic (or, with helper, assisted) skill check", "checks"
        ),
        ActionKind("use_power", UsePowerParams, "a check through a Skill Power", "checks"),
        ActionKind(
            "opposed_check",
            OpposedCheckParams,
            "both sides roll; a tie keeps the status quo",
            "checks",
        ),
        ActionKind(
            "team_check", TeamCheckParams, "everyone rolls; the sum meets DC x people", "checks"
        ),
        ActionKind("start_task", StartTaskParams, "open an extended check", "tasks"),
        ActionKind("work_task", WorkTaskParams, "one roll toward an extended check", "tasks"),
        ActionKind("end_turn", NoParams, "end the current combat turn", "turns"),
        ActionKind(
            "start_combat",
            StartCombatParams,
            "begin combat in the given order",
            "scene",
            gm_only=True,
        ),
        ActionKind("end_combat", NoParams, "end combat", "scene", gm_only=True),
        ActionKind(
            "start_downtime", StartDowntimeParams, "begin the Downtime phase", "scene", gm_only=True
        ),
        ActionKind("end_downtime", NoParams, "end the Downtime phase", "scene", gm_only=True),
        ActionKind(
            "advance_time", AdvanceTimeParams, "move the scene clock", "scene", gm_only=True
        ),
        ActionKind(
            "set_condition",
            SetConditionParams,
            "mark a character threatened or distracted",
            "scene",
            gm_only=True,
        ),
    ],
)


def circumstance_dict(item: CircumstanceItem) -> object:
    """A declared circumstance item back to the plain form the rules read."""
    return msgspec.to_builtins(item)
