"""``turnkeeper check``: exact odds (and optionally a roll) of a PTE skill check.

Basic, assisted (``--helper``), team (``--team``), extended (``--multiplier``) and opposed
(``--vs-rank``) checks, with circumstance dice, synergy, flat bonuses and Take X. Bad input
prints one clear line on stderr and exits with code 2, never a traceback.
"""

from __future__ import annotations

import json
import secrets
from fractions import Fraction
from typing import Annotated, Any

import typer

from turnkeeper.dice.source import DiceError, SeededDice
from turnkeeper.rulesets.pte import checks, pools
from turnkeeper.rulesets.pte.checks import NOVICE, RankError, parse_rank
from turnkeeper.rulesets.pte.params import MAX_BONUS, MAX_CIRCUMSTANCES, MAX_DC
from turnkeeper.rulesets.pte.pools import Pool

MAX_TEAM = 12
MAX_ATTEMPTS = 20


class CheckInputError(ValueError):
    """Command-line input that does not describe a valid PTE check."""


def register(app: typer.Typer) -> None:
    """Add the ``check`` command to ``app``."""
    app.command("check")(check_command)


def _rank(value: str, option: str) -> int:
    try:
        return parse_rank(value)
    except RankError as exc:
        raise CheckInputError(f"{option}: {exc}") from exc


def _circumstances(values: list[str], option: str) -> tuple[int, int]:
    """(bonus dice, penalty dice); each circumstance is one die (pte.circumstance.one-die)."""
    bonus = penalty = 0
    for value in values:
        text = value.strip()
        if text in ("+1", "1", "+"):
            bonus += 1
        elif text in ("-1", "-"):
            penalty += 1
        else:
            raise CheckInputError(
                f"{option} {value!r}: each circumstance is one die, +1 or -1; repeat the option "
                "for more"
            )
    return bonus, penalty


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.4f}%"


def _odds_block(odds: dict[str, Fraction]) -> dict[str, dict[str, Any]]:
    return {
        name: {"fraction": checks.fraction_text(p), "percent": round(float(p) * 100, 6)}
        for name, p in odds.items()
    }


def check_command(
    rank: Annotated[str | None, typer.Option(help="skill rank: pathetic..master or 1-6")] = None,
    dc: Annotated[int | None, typer.Option(help="the DC (before any multiplier)")] = None,
    bonus: Annotated[int, typer.Option(help="flat bonus or (negative) modifier")] = 0,
    circumstance: Annotated[
        list[str] | None, typer.Option(help="+1 (helps) or -1 (hinders): one d6 each; repeat")
    ] = None,
    synergy: Annotated[str | None, typer.Option(help="rank of one secondary skill")] = None,
    helper: Annotated[str | None, typer.Option(help="assisting helper's rank (Novice+)")] = None,
    take: Annotated[int | None, typer.Option(help="Take X: every die counts as X (1-6)")] = None,
    team: Annotated[str | None, typer.Option(help="team check: ranks, e.g. adept,novice")] = None,
    people: Annotated[int | None, typer.Option(help="team: people the task needs")] = None,
    multiplier: Annotated[int | None, typer.Option(help="extended check: DC x 2..5")] = None,
    attempts: Annotated[int | None, typer.Option(help="extended: rolls allowed")] = None,
    vs_rank: Annotated[str | None, typer.Option(help="opposed: the defender's rank")] = None,
    vs_bonus: Annotated[int, typer.Option(help="opposed: the defender's flat bonus")] = 0,
    vs_circumstance: Annotated[
        list[str] | None, typer.Option(help="opposed: defender's circumstance dice")
    ] = None,
    status_quo: Annotated[
        str, typer.Option(help="opposed: who wins ties, defender or attacker")
    ] = "defender",
    do_roll: Annotated[bool, typer.Option("--roll", help="roll it as well")] = False,
    seed: Annotated[int | None, typer.Option(help="seed for --roll")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """Exact odds of a PTE skill check (each degree, fraction and %), and --roll to roll it."""
    try:
        report = _build_report(
            rank=rank,
            dc=dc,
            bonus=bonus,
            circumstance=circumstance or [],
            synergy=synergy,
            helper=helper,
            take=take,
            team=team,
            people=people,
            multiplier=multiplier,
            attempts=attempts,
            vs_rank=vs_rank,
            vs_bonus=vs_bonus,
            vs_circumstance=vs_circumstance or [],
            status_quo=status_quo,
            do_roll=do_roll,
            seed=seed,
        )
    except (CheckInputError, DiceError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    for line in _text(report):
        typer.echo(line)


def _build_report(
    *,
    rank: str | None,
    dc: int | None,
    bonus: int,
    circumstance: list[str],
    synergy: str | None,
    helper: str | None,
    take: int | None,
    team: str | None,
    people: int | None,
    multiplier: int | None,
    attempts: int | None,
    vs_rank: str | None,
    vs_bonus: int,
    vs_circumstance: list[str],
    status_quo: str,
    do_roll: bool,
    seed: int | None,
) -> dict[str, Any]:
    modes = [m for m, on in (("team", team), ("extended", multiplier), ("opposed", vs_rank)) if on]
    if len(modes) > 1:
        raise CheckInputError(f"choose one kind of check, not {' and '.join(modes)}")
    mode = modes[0] if modes else ("assisted" if helper else "basic")
    if dc is None and mode != "opposed":
        raise CheckInputError("--dc is required (an opposed check, --vs-rank, needs none)")
    if dc is not None and not 0 <= dc <= MAX_DC:
        raise CheckInputError(f"--dc {dc}: must be from 0 to {MAX_DC}")
    for name, value in (("--bonus", bonus), ("--vs-bonus", vs_bonus)):
        if abs(value) > MAX_BONUS:
            raise CheckInputError(f"{name} {value}: must be within -{MAX_BONUS}..{MAX_BONUS}")
    for name, values in (("--circumstance", circumstance), ("--vs-circumstance", vs_circumstance)):
        if len(values) > MAX_CIRCUMSTANCES:
            raise CheckInputError(f"{name}: at most {MAX_CIRCUMSTANCES} circumstances")
    if mode == "team" and (helper is not None or synergy is not None):
        raise CheckInputError(
            "a team check has no primary actor: --helper and --synergy do not apply"
        )
    if people is not None and mode != "team":
        raise CheckInputError("--people belongs to a team check (--team)")
    if attempts is not None and mode != "extended":
        raise CheckInputError("--attempts belongs to an extended check (--multiplier)")
    if mode != "opposed" and (vs_bonus or vs_circumstance):
        raise CheckInputError("--vs-bonus/--vs-circumstance belong to an opposed check (--vs-rank)")
    if mode != "opposed" and status_quo.lower() not in ("defender", "target"):
        raise CheckInputError("--status-quo belongs to an opposed check (--vs-rank)")
    if mode == "opposed" and dc is not None:
        raise CheckInputError(
            "--dc does not apply to an opposed check: the defender's roll is the bar"
        )
    if mode == "team" and rank is not None:
        raise CheckInputError("--rank does not apply to a team check: list every rank in --team")
    if take is not None and not 1 <= take <= 6:
        raise CheckInputError(f"--take {take}: Take X needs X from 1 to 6")
    bonus_dice, penalty_dice = _circumstances(circumstance, "--circumstance")
    flat = bonus
    parts: dict[str, Any] = {"bonus": bonus, "bonus_dice": bonus_dice, "penalty_dice": penalty_dice}
    if synergy is not None:
        parts["synergy"] = checks.half_rank(_rank(synergy, "--synergy"))
        flat += parts["synergy"]
    if helper is not None:
        helper_rank = _rank(helper, "--helper")
        if helper_rank < NOVICE:
            raise CheckInputError(
                f"--helper {helper}: a helper needs at least Novice rank in the skill"
            )
        parts["helper"] = checks.half_rank(helper_rank)
        flat += parts["helper"]
    report: dict[str, Any] = {"kind": mode, "dc": dc, "modifiers": parts}
    dice = SeededDice(seed if seed is not None else secrets.randbelow(2**31)) if do_roll else None
    if do_roll:
        report["seed"] = dice.seed if dice else None

    if mode == "team":
        assert team is not None
        ranks = [_rank(r, "--team") for r in team.split(",") if r.strip()]
        if not 2 <= len(ranks) <= MAX_TEAM:
            raise CheckInputError(f"--team needs 2 to {MAX_TEAM} ranks, e.g. adept,novice")
        needed = people if people is not None else len(ranks)
        if not 1 <= needed <= MAX_TEAM * 10:
            raise CheckInputError(f"--people must be from 1 to {MAX_TEAM * 10}")
        if take is not None:
            raise CheckInputError("--take is for one roller, not a team check")
        team_pools = [Pool(r) for r in ranks]
        team_pools[0] = Pool(ranks[0], bonus_dice, penalty_dice, flat)
        assert dc is not None
        team_dc = dc * needed
        report.update(
            pool=" + ".join(p.expression() for p in team_pools),
            people=needed,
            team_dc=team_dc,
            odds=_odds_block(checks.team_odds(team_pools, team_dc)),
        )
        if dice is not None:
            team_rolls = [pools.roll(p, dice) for p in team_pools]
            total = sum(s.total for s in team_rolls)
            success = total >= team_dc
            report["roll"] = {
                "rolls": [s.to_dict() for s in team_rolls],
                "total": total,
                "margin": total - team_dc,
                "success": success,
                "degree": checks.degree(total - team_dc, success),
            }
        return report

    if rank is None:
        raise CheckInputError("--rank is required (pathetic..master or 1-6)")
    pool = Pool(_rank(rank, "--rank"), bonus_dice, penalty_dice, flat, take)
    report["pool"] = pool.expression()

    if mode == "opposed":
        assert vs_rank is not None
        # The scenario API's words (target / actor) are accepted as aliases.
        status_quo = {"target": "defender", "actor": "attacker"}.get(
            status_quo.lower(), status_quo.lower()
        )
        if status_quo not in ("defender", "attacker"):
            raise CheckInputError("--status-quo must be defender or attacker")
        vb, vp = _circumstances(vs_circumstance, "--vs-circumstance")
        other = Pool(_rank(vs_rank, "--vs-rank"), vb, vp, vs_bonus)
        keeps = status_quo == "attacker"
        report.update(
            defender=other.expression(),
            ties_to=status_quo,
            odds=_odds_block(checks.opposed_odds(pool, other, keeps)),
        )
        report.pop("dc")
        if dice is not None:
            a, d = pools.roll(pool, dice), pools.roll(other, dice)
            margin = a.total - d.total
            success = margin > 0 or (margin == 0 and keeps)
            report["roll"] = {
                "attacker": a.to_dict(),
                "defender": d.to_dict(),
                "margin": margin,
                "winner": "attacker" if success else "defender",
                "degree": checks.degree(margin, success),
            }
        return report

    if mode == "extended":
        assert multiplier is not None
        if not 2 <= multiplier <= 5:
            raise CheckInputError(f"--multiplier {multiplier}: an extended DC is DC x 2 to 5")
        rolls = attempts if attempts is not None else pool.dice
        if not 1 <= rolls <= MAX_ATTEMPTS:
            raise CheckInputError(f"--attempts must be from 1 to {MAX_ATTEMPTS}")
        assert dc is not None
        extended_dc = dc * multiplier
        report.update(
            extended_dc=extended_dc,
            attempts=rolls,
            odds=_odds_block(checks.extended_odds(pool, extended_dc, rolls)),
        )
        if dice is not None:
            running = 0
            shown_rolls = []
            for _ in range(rolls):
                attempt = pools.roll(pool, dice)
                running += attempt.total
                shown_rolls.append({**attempt.to_dict(), "running_total": running})
                if running >= extended_dc:
                    break
            report["roll"] = {
                "rolls": shown_rolls,
                "total": running,
                "reached": running >= extended_dc,
                "reached_on": len(shown_rolls) if running >= extended_dc else None,
            }
        return report

    assert dc is not None
    report["odds"] = _odds_block(checks.check_odds(pool, dc))
    if dice is not None:
        shown = pools.roll(pool, dice)
        margin = shown.total - dc
        report["roll"] = {
            **shown.to_dict(),
            "margin": margin,
            "success": margin >= 0,
            "degree": checks.degree(margin, margin >= 0),
        }
    return report


def _text(report: dict[str, Any]) -> list[str]:
    kind = report["kind"]
    head = f"{kind} check: {report['pool']}"
    if kind == "team":
        head += f" vs team DC {report['team_dc']} ({report['dc']} x {report['people']})"
    elif kind == "extended":
        head += f" toward extended DC {report['extended_dc']} within {report['attempts']} roll(s)"
    elif kind == "opposed":
        head += f" vs {report['defender']} (ties to the {report['ties_to']})"
    else:
        head += f" vs DC {report['dc']}"
    lines = [head]
    width = max(len(name) for name in report["odds"])
    for name, cell in report["odds"].items():
        lines.append(f"  {name.ljust(width)}  {cell['fraction']:>24}  {cell['percent']:10.4f}%")
    shown = report.get("roll")
    if shown is not None:
        lines.append(f"rolled (seed {report['seed']}): {json.dumps(shown)}")
    return lines
