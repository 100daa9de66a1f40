"""The ptu action families and the ``fight/`` modules in the mypyc build (turnkeeper/compiled.py).

The families attacks.py, movement.py and items.py are compiled with the rules: their msgspec
parameter models annotate each field with a quoted module-level name, so the compiled models
parse and describe the same parameters as the pure ones (the JSON Schema of every kind is
compared in two processes). ``fight.attack`` and ``fight.health`` are modules of a
sub-package: the build keeps them in a folder of the sub-package's name, which
``compiled.activate_sub`` puts on ``fight``'s path only while ptu's build is current.
(tests/ptu/test_compiled.py plays the same fights through both builds.)
"""

from __future__ import annotations

import os

import pytest

import turnkeeper.rulesets.ptu  # noqa: F401  (activates its build, if any)
from tests.builds import run_on_build
from turnkeeper import compiled
from turnkeeper.core.schema import SchemaError, parse_model
from turnkeeper.rulesets.ptu.attacks import MANIPULATIONS, TRICKS, DirtyTrickParams, PushParams
from turnkeeper.rulesets.ptu.movement import ShiftParams

PACKAGE = "turnkeeper.rulesets.ptu"

# The schema of every kind, and where the compiled-or-not modules were loaded from.
SCHEMA = """
import hashlib, json
import turnkeeper.rulesets.ptu  # noqa: F401  (activates its build, if any)
from turnkeeper import compiled
from turnkeeper.rulesets.ptu import ACTIONS, attacks, items, movement
from turnkeeper.rulesets.ptu.fight import attack, health
schema = json.dumps(ACTIONS.json_schema(), sort_keys=True)
print(json.dumps({
    "status": compiled.STATUS["turnkeeper.rulesets.ptu"],
    "schema": hashlib.sha256(schema.encode()).hexdigest(),
    "files": [m.__file__ for m in (attacks, items, movement, attack, health)],
}))
"""


def _schema(pure: bool) -> dict[str, object]:
    return run_on_build(SCHEMA, pure=pure)


def test_the_compiled_families_describe_the_same_parameters_as_pure_python() -> None:
    pure, built = _schema(pure=True), _schema(pure=False)
    assert all(str(f).endswith(".py") for f in pure["files"])  # type: ignore[attr-defined]
    if os.environ.get("TURNKEEPER_EXPECT_COMPILED"):
        assert built["status"] == "compiled", built["status"]
    if built["status"] == "compiled":
        # every one of them from the build, the fight/ sub-package's from its own folder
        files = [str(f) for f in built["files"]]  # type: ignore[attr-defined]
        assert all("__mypyc__" in f and not f.endswith(".py") for f in files), files
        assert all(f"__mypyc__{os.sep}fight{os.sep}" in f for f in files[3:]), files
    assert built["schema"] == pure["schema"]


def test_the_quoted_field_types_still_check_the_parameters() -> None:
    # the models' checks come from the module-level types the quoted names point at
    assert parse_model(PushParams, {"target": "x", "metres": 3}).metres == 3
    with pytest.raises(SchemaError):
        parse_model(PushParams, {"target": "x", "metres": 0})
    with pytest.raises(SchemaError):
        parse_model(PushParams, {"target": "", "metres": 3})
    assert parse_model(DirtyTrickParams, {"trick": "blind", "target": "x"}).trick == "blind"
    with pytest.raises(SchemaError):
        parse_model(DirtyTrickParams, {"trick": "sneeze", "target": "x"})
    assert parse_model(ShiftParams, {"give": {"item": "potion", "to": "ally"}}).give is not None
    with pytest.raises(SchemaError):
        parse_model(ShiftParams, {"give": {"item": "", "to": "ally"}})
    # the choices the checks read are the Literals' own
    assert TRICKS == ("hinder", "blind", "low_blow")
    assert MANIPULATIONS == ("bon_mot", "flirt", "terrorize")


def test_a_sub_package_build_is_used_only_with_its_package_build() -> None:
    path: list[str] = []
    saved = compiled.STATUS.get(PACKAGE)
    try:
        compiled.STATUS[PACKAGE] = "pure: for this test"
        compiled.activate_sub(PACKAGE, "fight", path)
        assert path == []
        compiled.STATUS[PACKAGE] = "compiled"
        compiled.activate_sub(PACKAGE, "fight", path)
        folder = compiled.package_folder(PACKAGE) / compiled.BUILD_FOLDER / "fight"
        assert path == ([str(folder)] if folder.is_dir() else [])
    finally:
        if saved is None:
            compiled.STATUS.pop(PACKAGE, None)
        else:
            compiled.STATUS[PACKAGE] = saved


def test_a_maneuver_rolls_its_rank_dice_as_the_pte_pools_do() -> None:
    # maneuvering._rank_roll asks the dice itself for a plain rank pool: the same faces and
    # total as pools.roll with the same seed, for every count (the fallback's too)
    from turnkeeper.dice import SeededDice
    from turnkeeper.rulesets.pte import pools
    from turnkeeper.rulesets.ptu.maneuvering import _rank_roll

    for count in range(0, 26):
        for seed in range(4):
            record = pools.roll(pools.Pool(dice=count), SeededDice(seed))
            assert _rank_roll(count, SeededDice(seed)) == (record.rank_faces, record.total)
    assert len(_rank_roll(3, SeededDice(1))[0]) == 3
