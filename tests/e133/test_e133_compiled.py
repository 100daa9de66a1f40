"""The e133 mypyc build (turnkeeper/compiled.py): the same games as pure Python.

``bash scripts/test.sh`` builds the compiled modules before the suite (where a C compiler
exists) and sets ``TURNKEEPER_EXPECT_COMPILED=1``: there the compiled build must be the one in
use, and the parity test plays the same seeded games through it and through pure Python, in
two processes, comparing digests. The outcome hashes (tests/e133/test_e133_outcome_hashes.py)
were recorded in pure Python and hold in whichever build runs the suite.
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import turnkeeper.rulesets.e133  # noqa: F401  (activates its build, if any)
from tests.builds import assert_build_known, assert_same_on_both_builds, run_on_build
from turnkeeper.core.game import Game
from turnkeeper.rulesets.e133 import RULESET
from turnkeeper.rulesets.e133.plan import Plan

PACKAGE = "turnkeeper.rulesets.e133"
ROOT = Path(__file__).resolve().parents[2]

# Plays seeded games: the bench's 4-vs-4 fight to its end with random choices among every
# legal action (reactions included), with the state's hash, the offers' odds and the log's
# sentences along the way; seeded random games of every example and scenario set-up, the
# game master's overrides mixed in; and an undo past the in-memory copies (a state read
# back from its snapshot bytes). Prints which build ran and a digest of it all.
PLAY = """
import hashlib, json, random, sys
import turnkeeper.rulesets.e133  # noqa: F401  (activates its build, if any)
from turnkeeper import compiled
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets import get_ruleset
from turnkeeper.rulesets.e133 import ruleset

root, games = sys.argv[1], int(sys.argv[2])
sys.path.insert(0, root + "/bench")
sys.path.insert(0, root)
from bench_e133 import fight_encounter
from tests.e133.outcome_hashes import setups

digest = hashlib.sha256()
e133 = get_ruleset("e133")


def record(game, action):
    digest.update(action.key().encode())
    odds = None if action.odds is None else dict(action.odds)
    digest.update(json.dumps(odds, sort_keys=True, default=str).encode())
    digest.update(game.state_hash().encode())


for seed in range(games):
    game = Game(e133, fight_encounter(), seed=seed, snapshots=False)
    chooser = random.Random(seed)
    while not game.is_over():
        action = chooser.choice(game.legal_actions().list())
        events = game.play(action)
        record(game, action)
        for event in events:
            digest.update(e133.describe_event(game.state, event).encode())
    digest.update(repr(game.outcome()).encode())
for name, setup in setups().items():
    for seed in range(games // 4):
        game = Game(e133, setup, seed=seed)
        chooser = random.Random(seed)
        for step in range(80):
            if game.is_over():
                break
            if step % 7 == 3:
                target = chooser.choice(list(game.state.fighters))
                change = Action("apply_damage", "gm", {"target": target, "amount": 3,
                                                       "damage_type": "fire"})
                if game.is_legal(change):
                    game.play(change)
                    record(game, change)
                    continue
            offers = game.legal_actions().list()
            if not offers:
                break
            action = chooser.choice(offers)
            game.play(action)
            record(game, action)
        before = game.state_hash()
        steps = min(len(game.log) - 1, 70)
        for _ in range(steps):
            game.undo()
        digest.update(game.state_hash().encode())
        digest.update(json.dumps(game.view(), sort_keys=True, default=str).encode())
        digest.update(before.encode())
print(json.dumps({
    "status": compiled.STATUS["turnkeeper.rulesets.e133"],
    "ruleset": ruleset.__file__,
    "digest": digest.hexdigest(),
}))
"""


def test_the_compiled_build_plays_the_same_games_as_pure_python() -> None:
    assert_same_on_both_builds(PLAY, str(ROOT), "8", module="ruleset")


# The annotations of a combatant, as msgspec reads a state back by them (snapshots, state
# copies): each field's type, or for a generic one the class mypyc keeps of it.
HINTS = """
import json, typing
import turnkeeper.rulesets.e133  # noqa: F401  (activates its build, if any)
from turnkeeper.rulesets.e133.fighter import Fighter
hints = typing.get_type_hints(Fighter)
print(json.dumps({name: [repr(hint), repr(typing.get_origin(hint) or hint)]
                  for name, hint in hints.items()}))
"""


def test_a_compiled_combatant_is_read_back_by_the_same_types() -> None:
    pure, built = run_on_build(HINTS, pure=True), run_on_build(HINTS, pure=False)
    assert list(built) == list(pure)
    for name, (hint, origin) in pure.items():
        # the same type, or the class of a generic one of plain values (dict for
        # dict[str, int]); a union or a container of classes is put back whole
        assert built[name][0] in (hint, origin), (name, built[name][0], hint)
        if "|" in hint or "turnkeeper" in hint:
            assert built[name][0] == hint, (name, built[name][0], hint)
    assert pure["controller"][0] == "str | None"
    assert pure["profiles"][0] == (
        "dict[str, turnkeeper.rulesets.e133.fight.attack.AttackProfile]")


def test_a_state_with_compiled_combatants_comes_back_from_its_snapshot() -> None:
    # a fight with hit points and damage profiles: the combatants' Health and AttackProfile
    # fields must come back as those classes, not as dicts or zeros
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_e133 import fight_encounter

    game = Game(RULESET, fight_encounter(), seed=3)
    for _ in range(30):
        game.play(game.legal_actions().list()[0])
    kept = game._copy_state()
    restored = game._restored(kept)
    assert restored.fighters == game.state.fighters
    fighter = next(iter(restored.fighters.values()))
    assert type(fighter.health).__name__ == "Health"
    assert {type(p).__name__ for p in fighter.profiles.values()} == {"AttackProfile"}
    assert game.state_hash() == Game.from_log(RULESET, game.config, game.seed,
                                              list(game.log)).state_hash()


def test_a_plan_starts_with_every_field_at_its_default() -> None:
    # Plan writes its __init__ out (plan.py): a field added later without it would be unset
    plan = Plan("move", "e133.move.speed", "move", keep_window=True)
    for field in dataclasses.fields(Plan):
        if field.name in ("kind", "rule", "cost", "keep_window"):
            continue
        if field.default is not dataclasses.MISSING:
            expected = field.default
        else:
            assert field.default_factory is not dataclasses.MISSING, field.name
            expected = field.default_factory()
        assert getattr(plan, field.name) == expected, field.name
    assert (plan.kind, plan.rule, plan.cost, plan.keep_window, plan.answer) == (
        "move", "e133.move.speed", "move", True, False)
    # each plan its own containers: one plan's changes never leak into the next
    plan.set("c01", moved=10)
    assert Plan("move", "e133.move.speed", "move").sets == {}


def test_the_package_knows_which_build_it_runs() -> None:
    assert_build_known(PACKAGE)
