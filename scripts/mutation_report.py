"""Summarise one mutmut run: score, and each surviving mutant as a one-line diff.

Run by ``scripts/mutation.sh`` inside its scratch project (the folder holding ``mutants/``).
Mutants that only change an error message (a string or f-string inside a ``raise``, or
inside an exception class's ``__init__``) are counted apart: the issue asks for the score
without them, and lists them separately.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

# mutmut's exit codes (mutmut/stats.py): 1 and 3 killed; 37 rejected by the type checker
# (scripts/mutation.sh --mypy: caught, counted apart); 0 survived; 5 and 33 no tests;
# the SIGXCPU family are timeouts, which a run bounded in time counts as caught.
KILLED = {1, 3}
TYPE_CHECKED = {37}
TIMEOUT = {36, -24, 24, 152, 255}
NO_TESTS = {5, 33}
SURVIVED = {0}

_MUTANT = re.compile(r"^(?P<base>.+)__mutmut_(?P<which>orig|\d+)$")


#: Functions whose first argument is a rule id and the rest the refusal's reason.
_REFUSERS = frozenset({"refuse", "why"})


class _HideMessages(ast.NodeTransformer):
    """Replace every message text (strings and f-strings in ``raise``) with one placeholder."""

    def __init__(self, whole_function: bool) -> None:
        self.depth = 1 if whole_function else 0

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        """A refusal (``refuse(rule, reason, also=...)``, ``RULES.refuse``, ptcg's ``why(rule,
        **words)``) is compared by its rule id and ``also`` only: the reason and the words it
        is written with are its message (a mutant dropping or blanking them changes no rule).
        """
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in _REFUSERS:
            self.generic_visit(node)
            return node
        depth, self.depth = self.depth, 0  # the rule id is behaviour, even inside a raise
        node.args = [self.visit(arg) for arg in node.args[:1]]
        node.keywords = [kw for kw in node.keywords if kw.arg == "also"]
        for keyword in node.keywords:
            keyword.value = self.visit(keyword.value)
        node.func = self.visit(node.func)
        self.depth = depth
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("MESSAGE") if self.depth else node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if self.depth and (isinstance(node.value, str) or node.value is None):
            return ast.Constant("MESSAGE")
        return node


def _functions(tree: ast.Module) -> dict[str, tuple[ast.FunctionDef, str | None]]:
    """Every mutmut function copy in the file, with the name of its class (if any)."""
    found: dict[str, tuple[ast.FunctionDef, str | None]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and _MUTANT.match(node.name):
            found[node.name] = (node, None)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and _MUTANT.match(item.name):
                    found[item.name] = (item, node.name)
    return found


def _body(function: ast.FunctionDef) -> list[str]:
    return ast.unparse(ast.Module(body=function.body, type_ignores=[])).splitlines()


def _one_line_diff(orig: ast.FunctionDef, mutant: ast.FunctionDef) -> str:
    before, after = _body(orig), _body(mutant)
    if before == after:  # the change is in the signature (a default value)
        before, after = [ast.unparse(orig.args)], [ast.unparse(mutant.args)]
    changes = [
        f"{a.strip()}  ->  {b.strip()}" for a, b in zip(before, after, strict=False) if a != b
    ]
    if len(before) != len(after):
        changes.append(f"({len(before) - len(after)} line(s) removed)")
    return " | ".join(changes)[:220]


def pending(module_path: str) -> int:
    """Print the behaviour mutants not checked yet, one full name a line: what
    ``scripts/mutation.sh`` asks mutmut to run (message-only mutants are never run)."""
    mutated = Path("mutants") / module_path
    meta = json.loads(Path(str(mutated) + ".meta").read_text())
    codes: dict[str, int | None] = meta["exit_code_by_key"]
    functions = _functions(ast.parse(mutated.read_text()))
    for key, code in sorted(codes.items()):
        if code is None and not _message_only(key, functions):
            print(key)
    return 0


def _message_only(key: str, functions: dict[str, tuple[ast.FunctionDef, str | None]]) -> bool:
    name = key.rsplit(".", 1)[1]
    match = _MUTANT.match(name)
    assert match is not None, key
    mutant, class_name = functions[name]
    orig, _ = functions[match["base"] + "__mutmut_orig"]
    in_error_class = bool(class_name and class_name.endswith("Error"))
    return _without_messages(orig, in_error_class) == _without_messages(mutant, in_error_class)


def main(module_path: str, sample: int = 0, named: bool = False) -> int:
    mutated = Path("mutants") / module_path
    meta = json.loads(Path(str(mutated) + ".meta").read_text())
    codes: dict[str, int | None] = meta["exit_code_by_key"]
    functions = _functions(ast.parse(mutated.read_text()))

    counts = {"killed": 0, "timeout": 0, "mypy": 0, "survived": 0, "no tests": 0, "other": 0}
    unchecked = 0  # a run cut short by --minutes leaves these out of the score
    message_only: list[str] = []
    survivors: list[str] = []
    for key, code in sorted(codes.items()):
        name = key.rsplit(".", 1)[1]
        match = _MUTANT.match(name)
        assert match is not None, key
        mutant, _ = functions[name]
        orig, _ = functions[match["base"] + "__mutmut_orig"]
        line = f"{name}: {_one_line_diff(orig, mutant)}"
        if _message_only(key, functions):
            message_only.append(f"[{_status(code) if code is not None else 'not run'}] {line}")
            continue
        status = _status(code)
        if code is None:
            unchecked += 1
            continue
        counts[status if status in counts else "other"] += 1
        if status in ("survived", "no tests", "other"):
            survivors.append(f"[{status}] {line}")

    total = sum(counts.values())
    caught = counts["killed"] + counts["timeout"] + counts["mypy"]
    score = 100.0 * caught / total if total else 100.0
    by_tests = total - counts["mypy"]
    tests_score = 100.0 * (caught - counts["mypy"]) / by_tests if by_tests else 100.0
    print(f"== {module_path}")
    print(
        f"score {score:.1f} % ({caught} of {total} caught: {counts['killed']} killed, "
        f"{counts['timeout']} timed out, {counts['mypy']} rejected by mypy; "
        f"{tests_score:.1f} % of the {by_tests} the tests ran; {counts['survived']} survived, "
        f"{counts['no tests']} with no test, {counts['other']} other); "
        f"{len(message_only)} message-only mutants counted apart"
        + (
            f"; a random sample of {sample}, {unchecked} not sampled"
            if sample
            else f"; only the named mutants, {unchecked} others not run"
            if named
            else (f"; {unchecked} not checked (run cut short)" if unchecked else "")
        )
    )
    print("-- surviving mutants (behaviour)")
    for line in survivors:
        print("  " + line)
    print("-- message-only mutants (not in the score)")
    for line in message_only:
        if not line.startswith(("[killed]", "[mypy]")):
            print("  " + line)
    return 0


def _status(code: int | None) -> str:
    if code in KILLED:
        return "killed"
    if code in TYPE_CHECKED:
        return "mypy"
    if code in TIMEOUT:
        return "timeout"
    if code in SURVIVED:
        return "survived"
    if code in NO_TESTS:
        return "no tests"
    return f"code {code}"


def _without_messages(function: ast.FunctionDef, in_error_class: bool) -> str:
    """The function (its signature and body) as an AST dump, every message text replaced by
    one placeholder; the name, which mutmut numbers, is left out."""
    copied = ast.parse(ast.unparse(function)).body[0]
    assert isinstance(copied, ast.FunctionDef)
    copied.name = "f"
    return ast.dump(_HideMessages(in_error_class).visit(copied))


if __name__ == "__main__":
    if sys.argv[2:3] == ["--pending"]:
        raise SystemExit(pending(sys.argv[1]))
    raise SystemExit(main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0,
                          named="--named" in sys.argv[3:]))
