"""A scenario step's tagged ``rule`` must be a rule the ruleset applied (issue 13), read from
the ruleset's own code as it runs (turnkeeper/scenario/applied.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from turnkeeper.rulesets import get_ruleset
from turnkeeper.scenario import run_paths
from turnkeeper.scenario.applied import rule_sites, tracing

E133_SETUP = """
ruleset: e133
setup:
  combatants:
    - {id: aria, initiative: 18, speed: 30}
    - {id: brute, initiative: 9, side: foes, speed: 30}
"""


def _run(tmp_path: Path, steps: str) -> list[str]:
    path = tmp_path / "tagged.yaml"
    path.write_text(E133_SETUP + "name: tagged\nsteps:\n" + textwrap.indent(steps, "  "))
    return [r.message for r in run_paths([path])]


def test_a_step_passes_with_the_rule_that_allowed_it(tmp_path: Path) -> None:
    assert _run(
        tmp_path, "- {actor: aria, action: move, params: {distance: 10}, rule: e133.move.speed}\n"
    ) == [""]


def test_a_step_tagged_with_a_rule_that_did_not_apply_fails(tmp_path: Path) -> None:
    # Allowed, but moving has nothing to do with the attack's standard action.
    [message] = _run(
        tmp_path,
        "- {actor: aria, action: move, params: {distance: 10}, rules: [e133.move.speed, "
        "e133.attack.standard]}\n",
    )
    assert "step 1" in message and "['e133.attack.standard']" in message
    assert "did not apply" in message


def test_the_same_tag_in_check_mode_is_judged_on_the_check_alone(tmp_path: Path) -> None:
    attack = "- {actor: aria, action: attack, params: {target: brute}, mode: check, rule: "
    assert _run(tmp_path, attack + "e133.attack.standard}\n") == [""]
    steps = attack + "e133.move.speed}\n"
    assert "did not apply" in _run(tmp_path, steps)[0]


def test_an_unknown_rule_id_on_an_allowed_step_is_named(tmp_path: Path) -> None:
    [message] = _run(
        tmp_path, "- {actor: aria, action: move, params: {distance: 10}, rule: e133.move.sped}\n"
    )
    assert "unknown rule id(s) ['e133.move.sped']" in message


def test_only_the_nearest_guard_counts(tmp_path: Path) -> None:
    """An outer ``if`` choosing the kind does not exercise the rule a nested guard tests;
    the guard itself, a constant naming a rule, a comment and a docstring do."""
    package = tmp_path / "toyrules"
    package.mkdir()
    (package / "rules.py").write_text(
        textwrap.dedent(
            '''
            LIMIT = "toy.limit"

            def plan(kind, over, spent):
                if kind == "move":
                    if over:
                        return refuse("toy.speed")
                # toy.noted
                total = 1
                if spent:
                    return refuse(LIMIT)
                return total

            def helper():
                """toy.doc: what this helper applies."""
                return None

            TABLE = {"move": "toy.table"}
            '''
        )
    )
    known = frozenset({"toy.speed", "toy.limit", "toy.noted", "toy.doc", "toy.table"})
    lines = rule_sites(str(package), known).lines[str(package / "rules.py")]
    by_rule: dict[str, set[int]] = {}
    for line, ids in lines.items():
        for rule in ids:
            by_rule.setdefault(rule, set()).add(line)
    assert by_rule["toy.speed"] == {6, 7}  # the nested guard and its refusal, not line 5
    assert by_rule["toy.limit"] == {10, 11}  # a constant naming the rule
    assert by_rule["toy.noted"] == {9}  # the statement after the comment
    assert by_rule["toy.doc"] == {14}  # the def line: where the call event is
    assert "toy.table" not in by_rule  # a module-level table runs at import only


def test_tracing_stops_when_the_block_ends() -> None:
    import sys

    ruleset = get_ruleset("e133")
    before = sys.gettrace()
    with tracing(ruleset) as trace:
        assert sys.gettrace() is not before
    assert sys.gettrace() is before
    assert trace.exercised == set()
