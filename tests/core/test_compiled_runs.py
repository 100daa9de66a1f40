"""Packages built in one mypyc run (turnkeeper/compiled.py, BUILT_TOGETHER): a package whose
build reads another package's compiled classes natively is used only together with that very
build of the other package, never with it pure or from another run."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from turnkeeper import compiled

KERNEL, RULES = "turnkeeper.fakecore", "turnkeeper.fakerules"


@pytest.fixture()
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    """Two fake packages built in one run, the second against the first."""
    made = {}
    for package, module in ((KERNEL, "mech"), (RULES, "hot")):
        folder = tmp_path / package.rsplit(".", 1)[-1]
        (folder / compiled.BUILD_FOLDER).mkdir(parents=True)
        (folder / f"{module}.py").write_text("X = 1\n")
        monkeypatch.setitem(compiled.COMPILED, package, (module,))
        made[package] = folder
    real = compiled.package_folder
    monkeypatch.setattr(compiled, "package_folder", lambda p: made.get(p) or real(p))
    monkeypatch.setattr(compiled, "BUILT_TOGETHER", ((KERNEL, RULES),))
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    for package in made:
        monkeypatch.delitem(compiled.STATUS, package, raising=False)
    return made


def _build(*packages: str) -> None:
    """What build_compiled.py does at the end of a run: every manifest names the run."""
    digests = {p: compiled.source_digest(p) for p in packages}
    run = compiled.run_id(digests)
    for package in packages:
        compiled.write_manifest(package, "test", digests[package], run)


def test_a_run_is_the_packages_listed_together_and_each_reads_those_before_it(
    folders: dict[str, Path],
) -> None:
    assert compiled.build_run(RULES) == compiled.build_run(KERNEL) == (KERNEL, RULES)
    assert compiled.built_against(RULES) == (KERNEL,)
    assert compiled.built_against(KERNEL) == ()
    assert compiled.build_run("turnkeeper.alone") == ("turnkeeper.alone",)


def test_the_real_runs_name_compiled_packages_once_each() -> None:
    listed = [p for run in compiled.BUILT_TOGETHER for p in run]
    assert len(listed) == len(set(listed)) and set(listed) <= set(compiled.COMPILED)
    names = [compiled.group_name(p).rsplit(".", 1)[-1] for p in compiled.COMPILED]
    assert len(names) == len(set(names))  # the groups of a run include each other's headers


def test_both_builds_of_one_run_are_used_together(folders: dict[str, Path]) -> None:
    _build(KERNEL, RULES)
    kernel_path, rules_path = [str(folders[KERNEL])], [str(folders[RULES])]
    assert compiled.activate(KERNEL, kernel_path) == "compiled"
    assert compiled.activate(RULES, rules_path) == "compiled"
    assert rules_path[0] == str(folders[RULES] / compiled.BUILD_FOLDER)


def test_an_edit_to_the_package_built_against_makes_both_pure(
    folders: dict[str, Path],
) -> None:
    _build(KERNEL, RULES)
    (folders[KERNEL] / "mech.py").write_text("X = 2\n")
    assert compiled.build_state(KERNEL).startswith("pure: the compiled build is stale")
    state = compiled.build_state(RULES)
    assert state.startswith(f"pure: built against the compiled {KERNEL}, which is not in use")
    # the rules' own sources did not change: only what they were built against did
    assert compiled.source_digest(RULES) == json.loads(
        (folders[RULES] / compiled.BUILD_FOLDER / compiled.MANIFEST).read_text())["digest"]


def test_a_build_of_the_other_package_from_another_run_is_not_used_with_it(
    folders: dict[str, Path],
) -> None:
    _build(KERNEL, RULES)
    (folders[KERNEL] / "mech.py").write_text("X = 2\n")
    _build(KERNEL)  # the kernel alone, built again: another run
    assert compiled.build_state(KERNEL) == "compiled"
    assert compiled.build_state(RULES).startswith(f"pure: built in another run than {KERNEL}")
    _build(KERNEL, RULES)
    assert compiled.build_state(RULES) == "compiled"


def test_a_build_that_names_no_run_is_not_used_against_another(
    folders: dict[str, Path],
) -> None:
    # a build made before runs were recorded read the kernel through Python; with the kernel
    # built apart there is nothing to say they match
    for package in (KERNEL, RULES):
        compiled.write_manifest(package, "test")
    assert compiled.build_state(KERNEL) == "compiled"
    assert compiled.build_state(RULES).startswith("pure: built in another run")


def test_the_package_built_against_imported_pure_keeps_the_other_pure(
    folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    _build(KERNEL, RULES)
    monkeypatch.setitem(compiled.STATUS, KERNEL, "pure: TURNKEEPER_PURE is set")
    rules_path = [str(folders[RULES])]
    state = compiled.activate(RULES, rules_path)
    assert state == f"pure: built against the compiled {KERNEL}, which was imported pure"
    assert rules_path == [str(folders[RULES])]


def test_every_plain_class_of_a_run_of_several_packages_is_final() -> None:
    # Built in one run, mypyc cannot know that a class has no subclass in another group, and
    # calls the methods of a non-final class through the object's vtable, which an object
    # msgspec reads back from a snapshot does not have set (a crash, caught by
    # tests/core/test_compact_game.py). ``@final`` makes the calls direct. Classes with a
    # base (msgspec models, exceptions) are not mypyc's native classes.
    missing = []
    for run in compiled.BUILT_TOGETHER:
        if len(run) < 2:
            continue
        for package in run:
            for module in compiled.COMPILED[package]:
                tree = ast.parse(compiled.module_source(package, module).read_text("utf-8"))
                for node in tree.body:
                    if isinstance(node, ast.ClassDef) and not node.bases:
                        decorators = [ast.unparse(d) for d in node.decorator_list]
                        if "final" not in decorators:
                            missing.append(f"{package}.{module}.{node.name}")
    assert missing == []
