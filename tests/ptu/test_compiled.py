"""The ptu mypyc build (turnkeeper/compiled.py): the same fights as pure Python.

``bash scripts/test.sh`` builds the compiled modules before the suite (where a C compiler
exists) and sets ``TURNKEEPER_EXPECT_COMPILED=1``: there the compiled build must be the one in
use, and the parity test plays the same seeded fights through it and through pure Python, in
two processes, comparing digests. (The freshness checks of a build are in
tests/ptcg/test_compiled.py: the mechanism is the same for every package.)
"""

from __future__ import annotations

from pathlib import Path

import turnkeeper.rulesets.ptu  # noqa: F401  (activates its build, if any)
from tests.builds import assert_build_known, assert_same_on_both_builds, run_on_build

PACKAGE = "turnkeeper.rulesets.ptu"
ROOT = Path(__file__).resolve().parents[2]

# Plays seeded fights to their end through the simulator (random and greedy agents, the
# bench's 2-vs-2 duel and the two examples) and seeded random games over everyone's legal
# actions (the GM's included) with the state's hash after every action; prints which build
# ran and a digest of it all.
PLAY = """
import hashlib, json, random, sys
import yaml
import turnkeeper.rulesets.ptu  # noqa: F401  (activates its build, if any)
from turnkeeper import compiled
from turnkeeper.core.game import Game
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.ptu import legal
from turnkeeper.sim import play_one

root, games = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, root + "/bench")
from bench_ptu import duel_config

setups = {"duel": duel_config()}
for name in ("league", "wild"):
    with open(f"{root}/examples/ptu/{name}.yaml") as f:
        setups[name] = yaml.safe_load(f)["setup"]
digest = hashlib.sha256()
for name, setup in setups.items():
    for agents in (["random", "random"], ["greedy", "random"]):
        for i in range(games):
            result = play_one("ptu", setup, f"parity-{name}", i, agents, 3000)
            digest.update(repr((name, agents, result)).encode())
    for seed in range(games // 4):
        game = Game(get_ruleset("ptu"), setup, seed=seed, snapshots=False)
        pick = random.Random(seed)
        for _ in range(150):
            offers = game.legal_actions().list()
            if game.is_over() or not offers:
                break
            action = pick.choice(offers)
            game.play(action)
            digest.update(action.key().encode())
            # An offer's odds are a Mapping worked out on read (core.model.OnFirstRead),
            # which json writes only as the dict it stands for.
            odds = None if action.odds is None else dict(action.odds)
            digest.update(json.dumps(odds, sort_keys=True).encode())
            digest.update(game.state_hash().encode())
print(json.dumps({
    "status": compiled.STATUS["turnkeeper.rulesets.ptu"],
    "legal": legal.__file__,
    "digest": digest.hexdigest(),
}))
"""


def test_the_compiled_build_plays_the_same_fights_as_pure_python() -> None:
    assert_same_on_both_builds(PLAY, str(ROOT), "16", module="legal")


# The annotations of the compiled classes, as msgspec reads them back (state snapshots, scratch
# copies): each field's type, or for a generic one the class mypyc keeps of it.
HINTS = """
import json, sys, typing
import turnkeeper.rulesets.ptu  # noqa: F401  (activates its build, if any)
from turnkeeper.rulesets.ptu import state
hints = typing.get_type_hints(getattr(state, sys.argv[1]))
print(json.dumps({name: [repr(hint), repr(typing.get_origin(hint) or hint)]
                  for name, hint in hints.items()}))
"""


def _hints(pure: bool, name: str = "Combatant") -> dict[str, list[str]]:
    return run_on_build(HINTS, name, pure=pure)


def test_a_compiled_combatant_is_read_back_by_the_same_types() -> None:
    pure, built = _hints(pure=True), _hints(pure=False)
    assert list(built) == list(pure)
    for name, (hint, origin) in pure.items():
        # the same type, or the class of a generic one (dict for dict[str, int])
        assert built[name][0] in (hint, origin), (name, built[name][0], hint)
    assert pure["owner"][0] == "str | None"


def test_a_compiled_state_is_read_back_by_the_same_types() -> None:
    # the state's annotations are all put back (state.py): the very same types, generics
    # included (a dict of Combatants must not come back as a dict of dicts)
    for name in ("PtuState", "Interjection"):
        pure, built = _hints(pure=True, name=name), _hints(pure=False, name=name)
        assert built == pure, name
    assert _hints(pure=True, name="PtuState")["combatants"][0] == (
        "dict[str, turnkeeper.rulesets.ptu.combatant.Combatant]")


def test_the_package_knows_which_build_it_runs() -> None:
    assert_build_known(PACKAGE)
