"""The mypyc build (turnkeeper/compiled.py): the same games as pure Python, and never a
build that is stale for the sources on disk.

``bash scripts/test.sh`` builds the compiled modules before the suite (where a C compiler
exists) and sets ``TURNKEEPER_EXPECT_COMPILED=1``: there the compiled build must be the one in use,
and the parity test plays the same seeded games through it and through pure Python.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import turnkeeper.rulesets.ptcg  # noqa: F401  (activates its build, if any)
from tests.builds import assert_same_on_both_builds
from turnkeeper import compiled

PACKAGE = "turnkeeper.rulesets.ptcg"

# Plays seeded games through the simulator (random and greedy agents, both deck orders)
# and prints which build ran and a digest of every game's result and final state.
PLAY = """
import hashlib, json, sys
import turnkeeper.rulesets.ptcg  # noqa: F401  (activates its build, if any)
from turnkeeper import compiled
from turnkeeper.core.game import state_hash
from turnkeeper.rulesets.ptcg import fast, sim
from turnkeeper.rulesets.ptcg.actions import ACTIONS

games = int(sys.argv[1])
digest = hashlib.sha256()
for agents in (["random", "random"], ["greedy", "random"], ["random", "greedy"]):
    for i in range(games):
        decks = ["sapphire", "ruby"] if i % 2 else ["ruby", "sapphire"]
        # the first games: the state's hash after every action too
        each = (lambda state: digest.update(state_hash(state).encode())) if i < 2 else None
        result = sim.play_game(decks, agents, "parity", i, check_state=each)
        digest.update(repr((agents, result)).encode())
# the action families' parameter models, compiled or not (ptcg/params.py)
schema = json.dumps(ACTIONS.json_schema(), sort_keys=True)
print(json.dumps({
    "status": compiled.STATUS["turnkeeper.rulesets.ptcg"],
    "fast": fast.__file__,
    "digest": digest.hexdigest(),
    "schema": hashlib.sha256(schema.encode()).hexdigest(),
}))
"""


def test_the_compiled_build_plays_the_same_games_as_pure_python() -> None:
    pure, built = assert_same_on_both_builds(PLAY, "40", module="fast")
    assert built["schema"] == pure["schema"]


def _fake_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A package folder with two sources, known to compiled.py as ``turnkeeper.fake``."""
    folder = tmp_path / "fake"
    (folder / compiled.BUILD_FOLDER).mkdir(parents=True)
    (folder / "hot.py").write_text("X = 1\n")
    (folder / "warm.py").write_text("Y = 2\n")
    monkeypatch.setitem(compiled.COMPILED, "turnkeeper.fake", ("hot", "warm"))
    real = compiled.package_folder
    monkeypatch.setattr(
        compiled,
        "package_folder",
        lambda package: folder if package == "turnkeeper.fake" else real(package),
    )
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    return folder


def test_a_current_build_goes_first_on_the_package_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    compiled.write_manifest("turnkeeper.fake", "test")
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path) == "compiled"
    assert path == [str(folder / compiled.BUILD_FOLDER), str(folder)]
    assert compiled.STATUS["turnkeeper.fake"] == "compiled"


def test_an_edited_source_makes_the_build_stale_and_the_package_pure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    compiled.write_manifest("turnkeeper.fake", "test")
    (folder / "warm.py").write_text("Y = 3\n")
    path = [str(folder)]
    state = compiled.activate("turnkeeper.fake", path)
    assert state.startswith("pure: the compiled build is stale")
    assert path == [str(folder)]


def test_an_edit_to_a_module_that_is_not_compiled_makes_the_build_stale_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    (folder / "cold.py").write_text("Z = 1\n")
    compiled.write_manifest("turnkeeper.fake", "test")
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path) == "compiled"
    (folder / "cold.py").write_text("Z = 2\n")
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path).startswith("pure: the compiled build is")
    assert path == [str(folder)]


def test_a_source_edited_while_the_build_ran_leaves_it_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    before = compiled.source_digest("turnkeeper.fake")  # taken as the build starts
    (folder / "hot.py").write_text("X = 2\n")  # edited while the C compiler runs
    compiled.write_manifest("turnkeeper.fake", "test", before)
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path).startswith("pure: the compiled build is")


def test_a_build_of_other_modules_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    compiled.write_manifest("turnkeeper.fake", "test")
    monkeypatch.setitem(compiled.COMPILED, "turnkeeper.fake", ("hot",))
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path).startswith("pure: the compiled build is")
    assert path == [str(folder)]


def test_no_build_or_the_pure_setting_keeps_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fake_package(tmp_path, monkeypatch)
    path = [str(folder)]
    assert compiled.activate("turnkeeper.fake", path).startswith("pure: no compiled build")
    compiled.write_manifest("turnkeeper.fake", "test")
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert compiled.activate("turnkeeper.fake", path) == f"pure: {compiled.PURE_ENV} is set"
    assert path == [str(folder)]
    (folder / compiled.BUILD_FOLDER / compiled.MANIFEST).write_text("{not json")
    monkeypatch.delenv(compiled.PURE_ENV)
    assert compiled.activate("turnkeeper.fake", path).startswith("pure: unreadable build")
    assert path == [str(folder)]


def test_every_compiled_module_is_a_module_of_its_package() -> None:
    for package, modules in compiled.COMPILED.items():
        for module in modules:
            assert compiled.module_source(package, module).is_file(), (package, module)
    assert compiled.STATUS[PACKAGE].startswith(("compiled", "pure: "))
