"""``turnkeeper roll`` and ``turnkeeper odds``: dice notation from the command line.

Bad notation exits with code 2 and a one-screen message pointing at the column, never a
traceback.
"""

from __future__ import annotations

import json
import operator
import secrets
from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from turnkeeper.cli.readable import make_console
from turnkeeper.dice import (
    ComparisonRecord,
    DiceError,
    DiceLimitError,
    DiceSyntaxError,
    Distribution,
    OpposedRecord,
    RollRecord,
    SeededDice,
    distribution,
    odds,
    parse,
    roll,
)
from turnkeeper.dice.exact import node_distribution
from turnkeeper.dice.notation import Const

HISTOGRAM_ROWS = 40
BAR_WIDTH = 40

# (outcome, probability, is it a success?) - None when there is nothing to succeed at.
Row = tuple[int, Fraction, bool | None]
_TESTS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    ">": operator.gt,
    "<": operator.lt,
    "==": operator.eq,
}


def register(app: typer.Typer) -> None:
    """Add the ``roll`` and ``odds`` commands to ``app``."""
    # An expression may start with "-" ("-d4+10", the documented example): unknown options
    # are then read as the expression instead of refused as options, so no "--" is needed.
    settings = {"ignore_unknown_options": True}
    app.command("roll", context_settings=settings)(roll_command)
    app.command("odds", context_settings=settings)(odds_command)


def _fail(exc: DiceError) -> typer.Exit:
    typer.echo("\n".join(error_lines(exc)), err=True)
    return typer.Exit(2)


def error_lines(exc: DiceError) -> list[str]:
    """The error, and under the expression a caret at its column when it has one (syntax
    errors and the limits found while reading: sides, dice, numbers, length, nesting)."""
    if isinstance(exc, DiceSyntaxError):
        head = f"error: column {exc.column}: expected {exc.expected}, found {exc.found}"
        return [head, *caret_lines(exc.text, exc.column)]
    if isinstance(exc, DiceLimitError) and exc.column is not None and exc.text:
        return [f"error: {exc}", *caret_lines(exc.text, exc.column)]
    return [f"error: {exc}"]


def caret_lines(text: str, column: int) -> list[str]:
    """The expression and a caret under ``column`` (1-based; one past the end points just
    after it). A long expression is cut around the column so both fit a line."""
    start = max(0, column - 60)
    shown = text[start : start + 100]
    prefix = "…" if start else ""
    return [f"  {prefix}{shown}", "  " + " " * (len(prefix) + column - 1 - start) + "^"]


# --- roll -------------------------------------------------------------------------------


def roll_command(
    expression: Annotated[str, typer.Argument(help="Dice notation, e.g. '4d6kh3+2 >= 15'.")],
    seed: Annotated[
        int | None, typer.Option(help="Seed for repeatable rolls (default: a fresh one).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the record as JSON.")] = False,
) -> None:
    """Roll dice notation and show every die (kept and dropped) and the total."""
    if seed is None:
        # A fresh seed from the OS, shown with the result, so any roll can be repeated.
        seed = secrets.randbelow(2**32)
    try:
        record = roll(expression, SeededDice(seed))
    except DiceError as exc:
        raise _fail(exc) from None
    if as_json:
        data: dict[str, Any] = {"seed": seed, **record.to_dict()}
        typer.echo(json.dumps(data))
        return
    console = make_console()
    if isinstance(record, RollRecord):
        _print_roll(console, record, "")
        console.print(f"[bold]total: {record.total}[/]")
    elif isinstance(record, ComparisonRecord):
        _print_roll(console, record.left, "")
        console.print(
            f"[bold]{record.left.total} {record.op} {record.right.total}: "
            f"{'success' if record.success else 'failure'}[/] (margin {record.margin:+d})"
        )
    else:
        _print_opposed(console, record)
    console.print(f"[dim]seed {seed}[/]")


def _print_roll(console: Console, record: RollRecord, prefix: str) -> None:
    console.print(f"{prefix}{escape(record.expression)}")
    for group in record.dice:
        faces = " ".join(
            str(f) if kept else f"[dim strike]({f})[/]"
            for f, kept in zip(group.faces, group.kept, strict=True)
        )
        note = "  (dropped in parentheses)" if not all(group.kept) else ""
        console.print(f"{prefix}  {escape(group.term)}: {faces}{note}")
    if prefix:
        console.print(f"{prefix}  = {record.total}")


def _print_opposed(console: Console, record: OpposedRecord) -> None:
    _print_roll(console, record.attacker, "attacker ")
    _print_roll(console, record.defender, "defender ")
    verdict = "attacker wins" if record.attacker_wins else "defender wins"
    tie = " (a tie goes to the defender)" if record.tie else ""
    console.print(f"[bold]{record.attacker.total} vs {record.defender.total}: {verdict}[/]{tie}")


# --- odds -------------------------------------------------------------------------------


def odds_command(
    expression: Annotated[str, typer.Argument(help="e.g. '4d6+2 >= 15' or '4d6+2 vs 3d6+4'.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (fractions as n/d).")] = False,
) -> None:
    """Exact odds: the fraction, the percentage and a small histogram."""
    try:
        expr = parse(expression)
        if expr.kind == "value":
            dist = distribution(expr)
            result: dict[str, Any] = {"expression": expression.strip(), "kind": "value"}
            result.update(dist.to_dict())
            rows: list[Row] = [(o, p, None) for o, p in dist.items()]
        else:
            result_odds = odds(expr)
            result = result_odds.to_dict()
            rows = _odds_rows(expr.kind, expr.op, expr.left, expr.right, result_odds.margin)
    except DiceError as exc:
        raise _fail(exc) from None
    if as_json:
        typer.echo(json.dumps(result))
        return
    console = make_console()
    if expr.kind == "value":
        console.print(f"[bold]{escape(expression.strip())}[/]")
        console.print(
            f"mean {_show(dist.mean)}, variance {_show(dist.variance)}, "
            f"range {dist.min}..{dist.max}"
        )
    else:
        p = result_odds.p_success
        label = "P(attacker wins)" if expr.kind == "opposed" else "P(success)"
        console.print(f"[bold]{escape(expression.strip())}[/]")
        console.print(f"{label} = {p.numerator}/{p.denominator} ≈ {float(p) * 100:.4f}%")
        if expr.kind == "opposed":
            t = result_odds.p_tie
            console.print(
                f"P(tie) = {t.numerator}/{t.denominator} ≈ {float(t) * 100:.4f}% "
                "(ties go to the defender)"
            )
    for line in histogram_lines(rows):
        console.print(escape(line))


def _odds_rows(kind: str, op: str | None, left: Any, right: Any, margin: Distribution) -> list[Row]:
    """Histogram rows: the left side's totals when the target is a constant, else the margin.

    Each row says whether that outcome is a success (for the roller / the attacker).
    """
    if kind == "opposed":
        return [(o, p, o > 0) for o, p in margin.items()]
    test = _TESTS[op or ">="]
    if isinstance(right, Const):
        return [(o, p, test(o, right.value)) for o, p in node_distribution(left).items()]
    return [(o, p, test(o, 0)) for o, p in margin.items()]


def histogram_lines(rows: list[Row]) -> list[str]:
    """A small text histogram; long ranges are grouped so it stays within a screen."""
    if not rows:
        return []
    if len(rows) > HISTOGRAM_ROWS:
        size = -(-len(rows) // HISTOGRAM_ROWS)
        grouped = []
        for start in range(0, len(rows), size):
            chunk = rows[start : start + size]
            flags = {r[2] for r in chunk}
            flag = flags.pop() if len(flags) == 1 else None
            label = f"{chunk[0][0]}..{chunk[-1][0]}"
            grouped.append((label, sum((r[1] for r in chunk), Fraction(0)), flag))
        labelled = grouped
    else:
        labelled = [(str(o), p, flag) for o, p, flag in rows]
    top = max(p for _, p, _ in labelled)
    width = max(len(label) for label, _, _ in labelled)
    lines = []
    for label, p, flag in labelled:
        bar = "█" * max(1 if p > 0 else 0, round(float(p / top) * BAR_WIDTH)) if top else ""
        mark = {True: " ✓", False: "", None: ""}[flag]
        lines.append(f"{label:>{width}} {float(p) * 100:8.4f}% {bar}{mark}")
    return lines


def _show(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ≈ {float(value):.4f}"
