"""Which rules an allowed action exercised: read from the ruleset's own code as it runs.

Each rule lives in one place in its ruleset's code, named by its id: the guard that refuses
(``if over: return refuse("e133.move.speed", ...)``), the plan that charges its cost
(``Plan(kind, "e133.move.speed", ...)``), the event that records it (``"rule": plan.rule``).
So the ruleset already says, in code, where each rule is applied; a second list of "rules this
action used" kept by hand would repeat it and drift. The scenario runner instead watches the
ruleset's code run while an action is checked and played (a line tracer limited to the
ruleset's package, so nothing else slows down), and counts a rule as exercised when:

- a statement naming its id ran (a plan charging it, a helper called with it), or
- the test of the ``if`` that guards a statement naming it ran: the guard was evaluated and,
  the action being allowed, passed (an ``elif``'s own test, so a branch never reached counts
  for nothing), or
- its id is a value in the events the action produced (``"rule": ...`` fields).

A tagged ``rule`` on an allowed step that none of these shows fails the step: the action was
allowed for other reasons, and the scenario does not show what it claims.
"""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import FrameType
from typing import Any

_COMPOUND = (
    ast.If,
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.With,
    ast.AsyncWith,
    ast.Try,
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Match,
)


@dataclass(frozen=True)
class RuleSites:
    """For each source file of a ruleset: line -> the rule ids exercised when it runs."""

    lines: Mapping[str, Mapping[int, frozenset[str]]]


def _rule_ids_in(
    node: ast.AST, known: frozenset[str], constants: Mapping[str, str] | None = None
) -> set[str]:
    """The rule ids ``node`` names: as string constants, as a module constant holding one
    (``STEP_AFTER_MOVING``), or as an f-string whose fixed parts match (``f"ptu.action.{slot}"``
    names each ``ptu.action.<word>``)."""
    found: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and constants and sub.id in constants:
            found.add(constants[sub.id])
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub.value in known:
            found.add(sub.value)
        elif isinstance(sub, ast.JoinedStr):
            pattern = "".join(
                re.escape(part.value)
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
                else r"[\w-]+"
                for part in sub.values
            )
            if "." in pattern:
                matcher = re.compile(pattern)
                found.update(rule for rule in known if matcher.fullmatch(rule))
    return found


def _accepts_early(stmt: ast.If) -> bool:
    """``if ...: return`` / ``return None`` (nothing else): the guard that lets an action by."""
    return (
        len(stmt.body) == 1
        and isinstance(stmt.body[0], ast.Return)
        and (
            stmt.body[0].value is None
            or (isinstance(stmt.body[0].value, ast.Constant) and stmt.body[0].value.value is None)
        )
        and not stmt.orelse
    )


def _ends_in_decision(body: list[ast.stmt]) -> bool:
    """Whether every path through ``body`` returns or raises: a block that decides."""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ast.Return | ast.Raise):
        return True
    if isinstance(last, ast.If):
        return _ends_in_decision(last.body) and _ends_in_decision(last.orelse)
    return False


def _index_file(tree: ast.Module, known: frozenset[str]) -> dict[int, set[str]]:
    """Line -> rule ids for one module (see the module docstring for what counts)."""
    found: dict[int, set[str]] = {}
    constants = {
        stmt.targets[0].id: stmt.value.value
        for stmt in tree.body
        if isinstance(stmt, ast.Assign)
        and len(stmt.targets) == 1
        and isinstance(stmt.targets[0], ast.Name)
        and isinstance(stmt.value, ast.Constant)
        and stmt.value.value in known
    }

    def ids_in(node: ast.AST) -> set[str]:
        return _rule_ids_in(node, known, constants)

    def mark(first: int, last: int, ids: Iterable[str]) -> None:
        for line in range(first, last + 1):
            found.setdefault(line, set()).update(ids)

    def visit(body: list[ast.stmt], top: bool) -> set[str]:
        """Mark the statements of ``body``; return the rule ids they name (for a guard).

        ``top``: a module's or class's own body. Tables there run at import, not while an
        action is checked: they count only through the statements that read them.
        """
        named: set[str] = set()
        for number, stmt in enumerate(body):
            if isinstance(stmt, ast.If) and _accepts_early(stmt) and not top:
                # ``if fine: return None`` and the refusals after it: the guard consults
                # every rule the rest of the block may cite.
                rest = set().union(*(ids_in(later) for later in body[number + 1 :]))
                mark(stmt.test.lineno, stmt.test.end_lineno or stmt.test.lineno, rest)
            if isinstance(stmt, ast.If):
                ids = visit(stmt.body, top) | visit(stmt.orelse, top)
                ids |= ids_in(stmt.test)
                if _ends_in_decision(stmt.body):
                    # A guard whose block only decides (``if spent: if restricted: return
                    # refuse(A); return refuse(B)``) consults every rule it may cite.
                    ids |= set().union(*(ids_in(inner) for inner in stmt.body))
                if ids and not top:
                    mark(stmt.test.lineno, stmt.test.end_lineno or stmt.test.lineno, ids)
                # Only the nearest guard: an outer ``if`` choosing the action kind does not
                # exercise the rules that a nested guard tests.
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                named |= visit(stmt.body, False)
                # A rule id as a parameter's default (``why_not="e133.aoo.table"``) is
                # applied by each call.
                defaults = [*stmt.args.defaults, *(d for d in stmt.args.kw_defaults if d)]
                ids = set().union(*(ids_in(d) for d in defaults))
                if ids:
                    mark(*_entry_lines(stmt), ids)
            elif isinstance(stmt, ast.ClassDef):
                named |= visit(stmt.body, True)
            elif isinstance(stmt, _COMPOUND):
                for part in ("body", "orelse", "finalbody"):
                    named |= visit(getattr(stmt, part, []), top)
                for handler in getattr(stmt, "handlers", []):
                    named |= visit(handler.body, top)
                for case in getattr(stmt, "cases", []):
                    named |= visit(case.body, top)
            else:
                ids = ids_in(stmt)
                if ids and not top:
                    mark(stmt.lineno, stmt.end_lineno or stmt.lineno, ids)
                named |= ids
        return named

    visit(tree.body, True)
    return found


def _statements(tree: ast.Module) -> list[ast.stmt]:
    return sorted(
        (node for node in ast.walk(tree) if isinstance(node, ast.stmt)),
        key=lambda node: (node.lineno, -(node.end_lineno or node.lineno)),
    )


def _entry_lines(stmt: ast.stmt) -> tuple[int, int]:
    """The lines that run when ``stmt`` is reached: an ``if``'s test, a function's call (its
    ``def`` and decorator lines, where the call event is), a loop's header, a statement."""
    if isinstance(stmt, ast.If | ast.While):
        return stmt.test.lineno, stmt.test.end_lineno or stmt.test.lineno
    if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        first = min([stmt.lineno, *(d.lineno for d in stmt.decorator_list)])
        return first, stmt.lineno
    if isinstance(stmt, _COMPOUND):
        return stmt.lineno, stmt.lineno
    return stmt.lineno, stmt.end_lineno or stmt.lineno


def _index_notes(
    source: str, tree: ast.Module, known: frozenset[str], found: dict[int, set[str]]
) -> None:
    """Rule ids named in a comment (``# pte.time.extended-length`` above the code that applies
    it, or at the end of its line) or in a function's docstring count where that code runs."""
    statements = [s for s in _statements(tree) if s.col_offset > 0 or _is_def(s)]
    comments: list[tuple[int, bool, set[str]]] = []
    lines = source.splitlines()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        ids = {word.strip(".,:;()`'\"") for word in token.string.split()} & known
        if ids:
            line = token.start[0]
            trailing = bool(lines[line - 1][: token.start[1]].strip())
            comments.append((line, trailing, ids))
    for line, trailing, ids in comments:
        if trailing:
            target = next(
                (
                    s
                    for s in reversed(statements)
                    if s.lineno <= line <= (s.end_lineno or 0) and not isinstance(s, _COMPOUND)
                ),
                None,
            )
        else:
            target = next((s for s in statements if s.lineno > line), None)
        if target is not None:
            first, last = _entry_lines(target)
            for number in range(first, last + 1):
                found.setdefault(number, set()).update(ids)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            doc = ast.get_docstring(node) or ""
            ids = {word.strip(".,:;()`'\"") for word in doc.split()} & known
            if ids:
                first, last = _entry_lines(node)
                for number in range(first, last + 1):
                    found.setdefault(number, set()).update(ids)


def _is_def(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef)


@cache
def rule_sites(package_dir: str, known: frozenset[str]) -> RuleSites:
    """Index every module of a ruleset package (once per package and catalogue)."""
    lines: dict[str, dict[int, frozenset[str]]] = {}
    for path in sorted(Path(package_dir).rglob("*.py")):
        source = path.read_text("utf-8")
        tree = ast.parse(source, str(path))
        indexed = _index_file(tree, known)
        _index_notes(source, tree, known, indexed)
        if indexed:
            lines[str(path)] = {line: frozenset(ids) for line, ids in indexed.items()}
    return RuleSites(lines)


def package_dir_of(ruleset: Any) -> str:
    """The folder of the package that defines ``ruleset``'s class."""
    module = sys.modules[type(ruleset).__module__]
    file = getattr(module, "__file__", None)
    if file is None:
        raise ValueError(f"cannot find the code of ruleset {ruleset!r}")
    return str(Path(file).parent)


@dataclass
class RuleTrace:
    """The rule ids exercised while it was recording (see :func:`tracing`)."""

    exercised: set[str] = field(default_factory=set)

    def add_event_rules(self, events: Iterable[Any], known: frozenset[str]) -> None:
        for event in events:
            self.exercised |= _values_in(getattr(event, "data", {}), known)


def _values_in(data: Any, known: frozenset[str]) -> set[str]:
    if isinstance(data, str):
        return {data} if data in known else set()
    if isinstance(data, Mapping):
        return set().union(*(_values_in(v, known) for v in data.values()))
    if isinstance(data, list | tuple | set | frozenset):
        return set().union(*(_values_in(v, known) for v in data))
    return set()


@contextmanager
def tracing(ruleset: Any) -> Iterator[RuleTrace]:
    """Record which of ``ruleset``'s rules its code exercises inside the ``with`` block."""
    known = frozenset(ruleset.rules)
    sites = rule_sites(package_dir_of(ruleset), known)
    trace = RuleTrace()
    by_file = sites.lines
    seen = trace.exercised

    def local(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if event == "line":
            ids = by_file[frame.f_code.co_filename].get(frame.f_lineno)
            if ids:
                seen.update(ids)
        return local

    def on_call(frame: FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        # Only the ruleset's own files are followed line by line; everything else runs at
        # full speed (no local tracer).
        lines = by_file.get(frame.f_code.co_filename)
        if lines is not None:
            ids = lines.get(frame.f_code.co_firstlineno)
            if ids:
                seen.update(ids)
            return local
        return None

    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        yield trace
    finally:
        sys.settrace(previous)
