"""Load and run rules scenario files (YAML). See docs/scenarios.md for the format.

A ruleset whose package runs its mypyc build in this process (turnkeeper/compiled.py) has its
scenario files run by a pure-Python worker process instead (``run_paths``): the check that a
step's tagged rules applied reads the ruleset's own code line by line as it runs
(applied.py), and compiled functions run no Python lines. The results are the same either
way (tests/ptcg/test_compiled.py compares the two builds game by game).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import turnkeeper
from turnkeeper import compiled
from turnkeeper.core import datafile
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.core.schema import did_you_mean
from turnkeeper.dice.source import DiceError, ForcedDice, SeededDice
from turnkeeper.rulesets import UnknownRulesetError, get_ruleset
from turnkeeper.scenario.applied import tracing

_MISSING = object()


class ScenarioError(ValueError):
    """A scenario file that is malformed: the message says which file, scenario and step."""


@dataclass
class ScenarioResult:
    name: str
    path: str
    passed: bool
    message: str = ""
    failed_step: int | None = None


@dataclass
class Scenario:
    name: str
    path: str
    ruleset: str
    setup: dict[str, Any]
    seed: int | str
    steps: list[dict[str, Any]]
    setup_dice: list[int] | None = None


@dataclass
class Coverage:
    """Which rule ids the scenarios show allowing and refusing."""

    allowed: set[str] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)

    def missing(self, rule_ids: Iterable[str]) -> dict[str, list[str]]:
        ids = list(rule_ids)
        return {
            "allowed": [r for r in ids if r not in self.allowed],
            "refused": [r for r in ids if r not in self.refused],
        }


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


#: The keys a scenario file may have at its top level, and in each of its scenarios
#: (docs/scenarios.md): anything else is a mistake (a save or an encounter given by error, a
#: misspelled key), refused with a did-you-mean rather than ignored.
SCENARIO_KEYS = frozenset({"name", "steps", "setup", "seed", "setup_dice"})
FILE_KEYS = SCENARIO_KEYS | {"ruleset", "scenarios"}


def _known_keys(path: Path, where: str, raw: Mapping[Any, Any], allowed: frozenset[str]) -> None:
    for key in raw:
        if key not in allowed:
            hint = did_you_mean(str(key), allowed)
            known = ", ".join(sorted(allowed))
            raise ScenarioError(f"{path}: {where}: unknown key {key!r}{hint} (allowed: {known})")


def load_scenarios(path: Path) -> list[Scenario]:
    """Every scenario in one YAML file."""
    try:
        raw = datafile.load_yaml(path)
    except datafile.DataFileError as exc:
        raise ScenarioError(str(exc)) from exc
    if not isinstance(raw, Mapping):
        raise ScenarioError(f"{path}: the file must hold a mapping at the top")
    _known_keys(path, "the top level", raw, FILE_KEYS)
    ruleset = raw.get("ruleset")
    if not isinstance(ruleset, str):
        raise ScenarioError(f"{path}: 'ruleset' (e133, ptu, pte or ptcg) is required")
    base_setup = raw.get("setup") or {}
    if not isinstance(base_setup, Mapping):
        raise ScenarioError(f"{path}: 'setup' must be a mapping")
    entries = raw.get("scenarios")
    if entries is None:
        entries = [raw]
    if not isinstance(entries, list) or not entries:
        raise ScenarioError(f"{path}: 'scenarios' must be a non-empty list")
    scenarios = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise ScenarioError(f"{path}: scenario {i + 1} must be a mapping")
        if entry is not raw:
            _known_keys(path, f"scenario {i + 1}", entry, SCENARIO_KEYS)
        name = str(entry.get("name") or f"{path.stem} #{i + 1}")
        setup = dict(base_setup)
        extra = entry.get("setup") if entry is not raw else None
        if extra is not None:
            if not isinstance(extra, Mapping):
                raise ScenarioError(f"{path}: {name}: 'setup' must be a mapping")
            setup = _merge(setup, extra)
        steps = entry.get("steps") or []
        if not isinstance(steps, list) or not all(isinstance(s, Mapping) for s in steps):
            raise ScenarioError(f"{path}: {name}: 'steps' must be a list of mappings")
        seed = entry.get("seed", raw.get("seed", 0))
        setup_dice = entry.get("setup_dice", raw.get("setup_dice"))
        if setup_dice is not None and (
            not isinstance(setup_dice, list) or not all(isinstance(f, int) for f in setup_dice)
        ):
            raise ScenarioError(f"{path}: {name}: 'setup_dice' must be a list of whole numbers")
        scenarios.append(
            Scenario(name, str(path), ruleset, setup, seed, [dict(s) for s in steps], setup_dice)
        )
    return scenarios


def _merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """Deep-merge ``extra`` over ``base`` (mappings merge; anything else replaces)."""
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def iter_scenario_files(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.yaml") if p.is_file())
            yield from sorted(p for p in path.rglob("*.yml") if p.is_file())
        else:
            yield path


def lookup(data: Any, dotted: str) -> Any:
    """Follow a dotted path (``combatants.fighter.budget.move``; list items by index)."""
    current = data
    for part in dotted.split("."):
        if isinstance(current, Mapping) and part in current:
            current = current[part]
        elif (
            isinstance(current, list)
            and part.lstrip("-").isdigit()
            and -len(current) <= int(part) < len(current)
        ):
            current = current[int(part)]
        else:
            return _MISSING
    return current


def probe(game: Game[Any]) -> dict[str, Any]:
    """What state expectations are checked against: the full view plus the kernel's answers."""
    outcome = game.outcome()
    data = dict(game.view(None))
    data.setdefault("whose_turn", game.whose_turn())
    data.setdefault("outcome", None if outcome is None else outcome.to_dict())
    return data


class _StepFailure(Exception):
    pass


def _action_of(step: Mapping[str, Any], where: str) -> Action:
    kind = step.get("action")
    if not isinstance(kind, str):
        raise ScenarioError(f"{where}: 'action' must name the action kind")
    actor = step.get("actor")
    params = step.get("params") or {}
    if not isinstance(params, Mapping):
        raise ScenarioError(f"{where}: 'params' must be a mapping")
    return Action(kind=kind, actor=None if actor is None else str(actor), params=dict(params))


def _run_action_step(
    game: Game[Any], step: Mapping[str, Any], where: str, coverage: Coverage
) -> None:
    action = _action_of(step, where)
    expect = step.get("expect", "allowed")
    tags = _as_list(step.get("rule")) + _as_list(step.get("rules"))
    if tags and expect == "allowed" and _runs_compiled(game.ruleset):
        raise RuntimeError(
            f"{where}: a tagged step needs the ruleset's pure-Python code to see its rules "
            "apply (run_paths runs the files of a compiled ruleset in a pure-Python worker)"
        )
    with tracing(game.ruleset) as trace:
        events = _run_traced_action_step(game, step, action, where, coverage, tags)
        if events:
            game.outcome()  # whether the action ended the game is part of what it did
    trace.add_event_rules(events, frozenset(game.ruleset.rules))
    if tags and expect == "allowed":
        # The rules it claims to show must be the ones the ruleset applied (applied.py).
        unknown = [rule for rule in tags if rule not in game.ruleset.rules]
        if unknown:
            raise ScenarioError(f"{where}: unknown rule id(s) {unknown}")
        missing = [rule for rule in tags if rule not in trace.exercised]
        if missing:
            raise _StepFailure(
                f"{action}: allowed, but the rule(s) {missing} it is tagged with did not "
                "apply to it (docs/scenarios.md, 'Tagged rules')"
            )


def _run_traced_action_step(
    game: Game[Any],
    step: Mapping[str, Any],
    action: Action,
    where: str,
    coverage: Coverage,
    tags: list[str],
) -> list[Event]:
    """Check (and play) the step's action; the events it produced, if played."""
    expect = step.get("expect", "allowed")
    mode = step.get("mode", "play")
    if mode not in ("play", "check"):
        raise ScenarioError(f"{where}: 'mode' must be 'play' or 'check'")
    try:
        refusal = game.check(action)
    except BadActionError as exc:
        if isinstance(expect, Mapping) and "error" in expect:
            if str(expect["error"]).lower() not in str(exc).lower():
                raise _StepFailure(f"error {exc!s} does not mention {expect['error']!r}") from exc
            return []
        raise _StepFailure(f"{action}: malformed action: {exc}") from exc
    if expect == "allowed":
        if refusal is not None:
            raise _StepFailure(
                f"{action}: expected allowed, refused by {refusal.rule}: {refusal.reason}"
            )
        coverage.allowed.update(tags)
        if mode == "play":
            faces = step.get("dice")
            dice = None
            if faces is not None:
                dice = ForcedDice(
                    _as_list(faces),
                    fallback=None
                    if step.get("strict_dice")
                    else SeededDice(f"{game.seed}/{len(game.log)}"),
                )
            try:
                events = game.play(action, dice=dice)
            except IllegalActionError as exc:
                raise _StepFailure(f"{action}: refused while playing: {exc}") from exc
            except DiceError as exc:
                raise _StepFailure(f"{action}: dice: {exc}") from exc
            wanted = step.get("events")
            if wanted is not None:
                got = [e.type for e in events]
                missing = [t for t in _as_list(wanted) if t not in got]
                if missing:
                    raise _StepFailure(f"{action}: expected events {missing}, got {got}")
            return events
        return []
    if isinstance(expect, Mapping) and "refused" in expect:
        wanted_rule = expect["refused"]
        if refusal is None:
            raise _StepFailure(f"{action}: expected refusal {wanted_rule}, but it is allowed")
        if wanted_rule is not None and refusal.rule != wanted_rule:
            raise _StepFailure(
                f"{action}: expected refusal {wanted_rule}, got {refusal.rule}: {refusal.reason}"
            )
        # ``also``: further rules the refusal must name after its first one (e.g. the
        # action's own cost rule behind an exhausted budget).
        wanted_also = _as_list(expect.get("also"))
        missing_also = [rule for rule in wanted_also if rule not in refusal.also]
        if missing_also:
            raise _StepFailure(
                f"{action}: expected the refusal to name also {missing_also}, "
                f"it names {list(refusal.also)}"
            )
        coverage.refused.add(refusal.rule)
        # A cost rule behind an exhausted limit is only ever named in ``also`` (issue 12):
        # asserting it there shows it refused.
        coverage.refused.update(wanted_also)
        return []
    if isinstance(expect, Mapping) and "error" in expect:
        raise _StepFailure(
            f"{action}: expected an error, but the action was accepted as well-formed"
        )
    raise ScenarioError(
        f"{where}: 'expect' must be 'allowed', {{refused: RULE_ID}} or {{error: TEXT}}"
    )


def _run_state_step(game: Game[Any], expected: Mapping[str, Any]) -> None:
    data = probe(game)
    for path, want in expected.items():
        got = lookup(data, str(path))
        if got is _MISSING:
            raise _StepFailure(f"state: no value at {path!r}")
        if got != want:
            raise _StepFailure(f"state: {path} is {got!r}, expected {want!r}")


def _run_legal_step(game: Game[Any], spec: Mapping[str, Any]) -> None:
    actor = spec.get("actor")
    kinds = {a.kind for a in game.legal_actions(None if actor is None else str(actor))}
    for kind in _as_list(spec.get("includes")):
        if kind not in kinds:
            raise _StepFailure(f"legal: {kind!r} missing for {actor}; legal kinds: {sorted(kinds)}")
    for kind in _as_list(spec.get("excludes")):
        if kind in kinds:
            raise _StepFailure(f"legal: {kind!r} offered to {actor} but should not be")


def run_scenario(scenario: Scenario, coverage: Coverage | None = None) -> ScenarioResult:
    coverage = coverage if coverage is not None else Coverage()
    where = f"{scenario.path}: {scenario.name}"
    try:
        ruleset = get_ruleset(scenario.ruleset)
        forced = None
        if scenario.setup_dice is not None:
            forced = ForcedDice(scenario.setup_dice, fallback=SeededDice(f"{scenario.seed}/0"))
        game: Game[Any] = Game(ruleset, scenario.setup, seed=scenario.seed, setup_dice=forced)
    except (UnknownRulesetError, SetupError, DiceError) as exc:
        return ScenarioResult(scenario.name, scenario.path, False, f"setup: {exc}", 0)
    for number, step in enumerate(scenario.steps, start=1):
        here = f"{where}: step {number}"
        try:
            if "action" in step:
                _run_action_step(game, step, here, coverage)
            elif "undo" in step:
                for _ in range(int(step["undo"] or 1)):
                    game.undo()
            if "state" in step:
                if not isinstance(step["state"], Mapping):
                    raise ScenarioError(f"{here}: 'state' must be a mapping of path: value")
                _run_state_step(game, step["state"])
            if "legal" in step:
                if not isinstance(step["legal"], Mapping):
                    raise ScenarioError(f"{here}: 'legal' must be a mapping")
                _run_legal_step(game, step["legal"])
            if not {"action", "undo", "state", "legal"} & set(step):
                raise ScenarioError(f"{here}: a step needs 'action', 'undo', 'state' or 'legal'")
        except _StepFailure as exc:
            return ScenarioResult(
                scenario.name, scenario.path, False, f"step {number}: {exc}", number
            )
        except ScenarioError as exc:
            return ScenarioResult(scenario.name, scenario.path, False, str(exc), number)
        except (ValueError, KeyError, TypeError) as exc:
            return ScenarioResult(
                scenario.name,
                scenario.path,
                False,
                f"step {number}: {type(exc).__name__}: {exc}",
                number,
            )
    return ScenarioResult(scenario.name, scenario.path, True)


def run_paths(paths: Iterable[Path], coverage: Coverage | None = None) -> list[ScenarioResult]:
    coverage = coverage if coverage is not None else Coverage()
    per_file: list[list[ScenarioResult]] = []
    to_worker: list[tuple[int, Path]] = []  # files of a compiled ruleset: (place, path)
    for path in iter_scenario_files(paths):
        try:
            scenarios = load_scenarios(path)
        except ScenarioError as exc:
            per_file.append([ScenarioResult(path.name, str(path), False, str(exc))])
            continue
        if _runs_compiled_by_name(scenarios[0].ruleset):  # (one ruleset per file)
            to_worker.append((len(per_file), path))
            per_file.append([])
            continue
        per_file.append([run_scenario(scenario, coverage) for scenario in scenarios])
    if to_worker:
        answers = _run_in_pure_python([path for _, path in to_worker])
        for (place, _), (results, found) in zip(to_worker, answers, strict=True):
            per_file[place] = results
            coverage.allowed |= found.allowed
            coverage.refused |= found.refused
    return [result for results in per_file for result in results]


def _runs_compiled(ruleset: Any) -> bool:
    """Whether ``ruleset``'s package runs its mypyc build in this process."""
    package = type(ruleset).__module__.rpartition(".")[0]
    return compiled.STATUS.get(package) == "compiled"


def _runs_compiled_by_name(name: str) -> bool:
    try:
        return _runs_compiled(get_ruleset(name))
    except UnknownRulesetError:
        return False  # run_scenario reports it


_WORKER = "from turnkeeper.scenario.runner import pure_worker; pure_worker()"


def _run_in_pure_python(files: list[Path]) -> list[tuple[list[ScenarioResult], Coverage]]:
    """``run_paths`` of each file, run by a worker process on pure Python (module docstring)."""
    env = dict(os.environ)
    env[compiled.PURE_ENV] = "1"
    # the worker imports this same turnkeeper, whatever put it on this process's path
    here = str(Path(turnkeeper.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH", "")) if p)
    done = subprocess.run(
        [sys.executable, "-c", _WORKER],
        input=json.dumps([str(path) for path in files]),
        capture_output=True,
        text=True,
        env=env,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the pure-Python scenario worker failed:\n{done.stderr[-4000:]}")
    answers = []
    for entry in json.loads(done.stdout):
        results = [ScenarioResult(**result) for result in entry["results"]]
        answers.append((results, Coverage(set(entry["allowed"]), set(entry["refused"]))))
    return answers


def pure_worker() -> None:
    """The worker of ``_run_in_pure_python``: file paths (JSON) in, results (JSON) out."""
    if any(state == "compiled" for state in compiled.STATUS.values()):
        raise SystemExit(f"the scenario worker must run on pure Python ({compiled.PURE_ENV}=1)")
    answers = []
    for path in json.loads(sys.stdin.read()):
        coverage = Coverage()
        results = run_paths([Path(path)], coverage)
        answers.append(
            {
                "results": [asdict(result) for result in results],
                "allowed": sorted(coverage.allowed),
                "refused": sorted(coverage.refused),
            }
        )
    json.dump(answers, sys.stdout)


def coverage_of(paths: Iterable[Path]) -> tuple[list[ScenarioResult], Coverage]:
    coverage = Coverage()
    results = run_paths(paths, coverage)
    return results, coverage
