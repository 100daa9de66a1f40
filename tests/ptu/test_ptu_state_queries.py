"""What the rules work out about a state object is kept on it (``state.queries``), not in
its data: no part of its hash, snapshots or copies, and every copy works out its own."""

from __future__ import annotations

import ast
import copy
import pickle

from tests.ptu.played import ROOT, duel_config, played_states
from turnkeeper.core.canonical import state_hash
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.core.snapshot import dump_state, load_state
from turnkeeper.rulesets.ptu import legal
from turnkeeper.rulesets.ptu import state as state_module
from turnkeeper.rulesets.ptu.actions import ACTIONS, TYPED_PARAMS
from turnkeeper.rulesets.ptu.check import parsed
from turnkeeper.rulesets.ptu.ruleset import PtuRuleset
from turnkeeper.rulesets.ptu.state import PtuState, StateQueries, scratch_copy


def started() -> tuple[PtuRuleset, Game[PtuState]]:
    ruleset = PtuRuleset()
    game: Game[PtuState] = Game(ruleset, duel_config(), seed=3, snapshots=False)
    game.play(Action("begin_combat", "gm"))
    return ruleset, game


def test_a_states_answers_are_kept_on_it_per_version() -> None:
    ruleset, game = started()
    state = game.state
    actor = game.whose_turn()
    listed = ruleset.legal_list(state, actor)
    assert state.queries.cache is not None and state.queries.cache.actions[actor] is listed
    assert ruleset.legal_list(state, actor) is listed  # the same version: the same list
    assert legal.moves_by_name(state) is legal.moves_by_name(state)
    assert state.queries.known_moves is legal.moves_by_name(state)
    game.play(next(a for a in listed if a.kind == "end_turn"))
    after = ruleset.legal_list(state, game.whose_turn())
    assert after is not listed  # a new version: worked out again
    assert state.queries.cache.version == state.version


def test_the_answers_are_no_part_of_the_states_data() -> None:
    ruleset, game = started()
    state = game.state
    before = state_hash(state)
    ruleset.legal_list(state, game.whose_turn())
    legal.move_offers(state)
    assert state_hash(state) == before
    back = load_state(ruleset, dump_state(ruleset, state))  # checks it comes back exactly
    assert back.queries.cache is None and back.queries.known_moves is None
    assert "queries" not in str(state)


def test_every_copy_of_a_state_works_out_its_own_answers() -> None:
    ruleset, game = started()
    state = game.state
    listed = ruleset.legal_list(state, game.whose_turn())
    legal.moves_by_name(state)
    for other in (scratch_copy(state), copy.deepcopy(state), copy.copy(state),
                  pickle.loads(pickle.dumps(state))):
        if other.queries is state.queries:  # a shallow copy shares its parts
            continue
        assert other.queries.cache is None and other.queries.known_moves is None
        again = ruleset.legal_list(other, game.whose_turn())
        assert again is not listed and [a.key() for a in again] == [a.key() for a in listed]
    assert type(copy.deepcopy(StateQueries())) is StateQueries


def test_the_annotations_put_back_are_those_of_the_source() -> None:
    # state.py writes the fields' annotations out again for the compiled build: they must
    # be the source's own, word for word
    tree = ast.parse((ROOT / "src/turnkeeper/rulesets/ptu/state.py").read_text("utf-8"))
    written: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name in ("PtuState", "Interjection"):
            written[node.name] = {
                item.target.id: ast.unparse(item.annotation) for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
    put_back = {cls.__name__: texts
                for cls, texts in state_module._SOURCE_ANNOTATIONS.items()}
    assert put_back == written


def test_out_of_turn_offers_carry_the_parameters_their_conversion_gives() -> None:
    # legal.candidates builds each out-of-turn offer's typed parameters itself: they must be
    # what converting its parameters gives (check and resolve read them)
    seen: dict[str, int] = {}
    for state in played_states(PtuRuleset()):
        for c in list(state.combatants.values()):
            for offer in legal.candidates(state, c):
                typed = parsed(offer)[1]
                plain = Action(offer.kind, offer.actor, dict(offer.params))
                assert typed == ACTIONS.parse(plain), offer
                assert offer.__dict__.get(TYPED_PARAMS) is not None or (
                    offer.kind in ("release", "declare")), offer
                seen[offer.kind] = seen.get(offer.kind, 0) + 1
    # the answers were met, each kind many times
    assert seen.get("intercept", 0) > 20 and seen.get("attack_of_opportunity", 0) > 20
    assert seen.get("use_move", 0) > 20, seen
