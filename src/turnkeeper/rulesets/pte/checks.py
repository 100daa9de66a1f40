"""The skill-check model of ``pte``: ranks, degrees, and the exact odds of every kind of check.

Pure functions over :mod:`turnkeeper.rulesets.pte.pools` (the dice adapter). Both the ruleset
and the ``turnkeeper check`` command use these, so a rule of resolution lives here once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from turnkeeper.rulesets.pte import pools
from turnkeeper.rulesets.pte.pools import Pool

# pte.check.basic: the rank ladder as dice counts (PTE ch. 5, Skill Checks; PTU 1.05 p. 34).
RANKS: dict[str, int] = {
    "pathetic": 1,
    "untrained": 2,
    "novice": 3,
    "adept": 4,
    "expert": 5,
    "master": 6,
}
RANK_NAMES: dict[int, str] = {v: k for k, v in RANKS.items()}
DEFAULT_RANK = RANKS["untrained"]
NOVICE = RANKS["novice"]

SUCCESS_DEGREES = ("moderate_success", "significant_success", "glowing_success")
FAILURE_DEGREES = ("moderate_failure", "significant_failure", "catastrophe")
DEGREES = SUCCESS_DEGREES + FAILURE_DEGREES


class RankError(ValueError):
    """A value that is not a skill rank."""


def parse_rank(value: Any) -> int:
    """A rank as its dice count, from a name (any case) or a number 1-6."""
    if isinstance(value, bool):
        raise RankError(f"{value!r} is not a skill rank")
    if isinstance(value, int):
        if value in RANK_NAMES:
            return value
        raise RankError(f"rank {value} is outside 1 (Pathetic) .. 6 (Master)")
    if isinstance(value, str):
        text = value.strip().lower()
        if text in RANKS:
            return RANKS[text]
        if text.isdigit() and int(text) in RANK_NAMES:
            return int(text)
    names = ", ".join(RANKS)
    raise RankError(f"{value!r} is not a skill rank (one of {names}, or 1-6)")


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]


def half_rank(rank: int) -> int:
    """Synergy and assistance add half a rank, rounded down (READINGS: halves round down)."""
    return rank // 2


def degree(margin: int, success: bool) -> str:
    """The degree of a result (pte.check.basic, reading in READINGS).

    ``margin`` is total - DC (or, opposed, own result - other's). Bands by |margin|: 0-2
    moderate, 3-5 significant, 6 and more glowing success / catastrophe. The text says "within
    3-5" and "beyond 6 or more"; we read 6 itself as the top band, so the bands meet without a
    gap: 2 is moderate, 3 significant, 5 significant, 6 glowing.
    """
    size = abs(margin)
    band = 0 if size <= 2 else 1 if size <= 5 else 2
    return SUCCESS_DEGREES[band] if success else FAILURE_DEGREES[band]


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _degrees_from_margins(margins: Mapping[int, Fraction], wins_at: int) -> dict[str, Fraction]:
    """P(each degree) from a margin distribution; a margin >= ``wins_at`` is a success."""
    odds = {name: Fraction(0) for name in DEGREES}
    for margin, p in margins.items():
        odds[degree(margin, margin >= wins_at)] += p
    return odds


def check_odds(pool: Pool, dc: int) -> dict[str, Fraction]:
    """Exact P(success), P(failure) and P(each degree) of a pool against ``dc``."""
    margins = {total - dc: p for total, p in pools.distribution(pool).items()}
    return _with_totals(_degrees_from_margins(margins, 0))


def team_odds(team: Sequence[Pool], team_dc: int) -> dict[str, Fraction]:
    """A team check: the sum of everyone's totals against the team DC (pte.team.check)."""
    margins = {total - team_dc: p for total, p in pools.sum_distribution(team).items()}
    return _with_totals(_degrees_from_margins(margins, 0))


def opposed_odds(actor: Pool, other: Pool, actor_keeps_status_quo: bool) -> dict[str, Fraction]:
    """An opposed check from the actor's side (pte.opposed.tie-defender).

    The higher result wins; a tie goes to whoever keeps the status quo (the defender by
    default), so the actor needs a margin of 1, or of 0 when the actor keeps the status quo.
    """
    margins = pools.difference_distribution(actor, other)
    odds = _with_totals(_degrees_from_margins(margins, 0 if actor_keeps_status_quo else 1))
    odds["tie"] = margins.get(0, Fraction(0))
    return odds


def _with_totals(odds: dict[str, Fraction]) -> dict[str, Fraction]:
    result = {
        "success": sum((odds[d] for d in SUCCESS_DEGREES), Fraction(0)),
        "failure": sum((odds[d] for d in FAILURE_DEGREES), Fraction(0)),
    }
    result.update(odds)
    return result


def extended_odds(
    pool: Pool, extended_dc: int, rolls: int, already: int = 0
) -> dict[str, Fraction]:
    """An extended check: P(first reaching the extended DC on roll k) and P(done by roll k).

    ``already`` is the running total so far; ``rolls`` the rolls still allowed. ``success``
    is P(done within those rolls).
    """
    firsts = pools.first_passage(pool, extended_dc - already, rolls)
    odds: dict[str, Fraction] = {}
    done = Fraction(0)
    for k, p in enumerate(firsts, start=1):
        done += p
        odds[f"first_on_{k}"] = p
        odds[f"done_by_{k}"] = done
    odds["success"] = done
    odds["failure"] = 1 - done
    return odds


def task_odds(
    pool: Pool, extended_dc: int, rolls: int, already: int = 0, failable: bool = True
) -> dict[str, Fraction]:
    """The odds of an extended check as the rules end it (pte.extended.attempt-limit).

    ``success`` is P(the task ends done), ``failure`` P(it ends failed). A failable task has
    ``rolls`` rolls left: both come from them. A task that cannot fail has no roll limit, so
    ``failure`` is 0; ``first_on_k`` / ``done_by_k`` still look ``rolls`` rolls ahead (the
    roller's rank many), with ``not_done_by_<rolls>`` the chance it is still open then, and
    ``success`` is P(ever done) when that is a fraction (see :func:`eventually_reached`).
    """
    odds = extended_odds(pool, extended_dc, rolls, already)
    if failable:
        return odds
    within = odds.pop("success")
    del odds["failure"]
    odds[f"not_done_by_{rolls}"] = 1 - within
    odds["failure"] = Fraction(0)
    eventually = eventually_reached(pool, extended_dc - already)
    if eventually is not None:
        odds["success"] = eventually
    return odds


def eventually_reached(pool: Pool, target: int) -> Fraction | None:
    """P(the running total of rolls of ``pool``, without a limit, ever reaches ``target``).

    Taken X adds the same total every roll: reached surely if it is above 0, never if not.
    Rolled dice: an average roll of 0 or more makes the running total climb past any target
    with certainty (a random walk with mean >= 0 and some spread is unbounded above), so 1.
    Below 0 the chance is in general not a fraction (it solves a polynomial), so ``None``.
    """
    if target <= 0:
        return Fraction(1)
    if pool.take is not None:
        return Fraction(1 if pools.fixed_total(pool) > 0 else 0)
    mean = Fraction(7, 2) * (pool.dice + pool.bonus_dice - pool.penalty_dice) + pool.flat
    return Fraction(1) if mean >= 0 else None


def odds_text(odds: Mapping[str, Fraction]) -> dict[str, str]:
    """Odds as ``"n/d"`` strings (the form actions carry)."""
    return {name: fraction_text(p) for name, p in odds.items()}
