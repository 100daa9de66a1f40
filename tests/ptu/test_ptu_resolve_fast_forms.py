"""The fast forms of the resolution path (docs/speed.md, issue 16) give the rule's own answers:
type steps kept per (move type, target types), a maneuver's best skill without ``max``, an
attack's fields and a waiting hit read from any mapping of a move as from its dict."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from turnkeeper.rulesets.ptu import RULESET, attacks, damage, maneuvering
from turnkeeper.rulesets.ptu.combatant import Combatant
from turnkeeper.rulesets.ptu.fight.attack import type_steps
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError
from turnkeeper.rulesets.ptu.moves import starter_moves


def test_type_steps_asked_again_give_the_charts_answer_and_unknown_types_raise_each_time(
) -> None:
    for _ in range(2):  # the second ask is answered from the kept table
        assert type_steps("Fire", ["Grass", "Bug"]) == 2
        assert type_steps("Fire", ("Grass", "Bug")) == 2
        assert type_steps("Electric", ("Water", "Ground")) is None
        with pytest.raises(UnknownNameError):
            type_steps("Fire", ("Plastic",))
        with pytest.raises(UnknownNameError):
            type_steps("Plastic", ("Fire",))


def _mon(id: str, **fields: object) -> Combatant:
    return Combatant(id=id, name=id, kind="pokemon", owner=None, side=id, speed=5,
                     **fields)  # type: ignore[arg-type]


def test_best_skill_takes_the_most_dice_and_the_first_listed_on_a_tie() -> None:
    # Push is opposed with Combat or Athletics (maneuvering.py): Combat first.
    assert maneuvering.best_skill(_mon("a", combat_rank=3, skills={"athletics": 5}),
                                  "push", None) == ("athletics", 5)
    assert maneuvering.best_skill(_mon("b", combat_rank=4, skills={"Athletics": 4}),
                                  "push", None) == ("combat", 4)
    assert maneuvering.best_skill(_mon("c", combat_rank=5, skills={"athletics": 2}),
                                  "push", None) == ("combat", 5)
    # Trip: Combat or Acrobatics; an unlisted skill is Untrained (2 dice).
    assert maneuvering.best_skill(_mon("d", combat_rank=1), "trip", None) == ("acrobatics", 2)
    # Dirty Trick: one skill per trick.
    assert maneuvering.best_skill(_mon("e", combat_rank=6), "dirty_trick", "blind") == (
        "stealth", 2)


def test_an_attacks_fields_and_a_waiting_hit_are_the_same_from_any_mapping_of_the_move(
) -> None:
    state = RULESET.initial_state()
    user = _mon("user", types=["Normal"], attack=12, special_attack=7)
    target = _mon("target", types=["Ghost"], defense=6, special_defense=9, stages={"speed": 2})
    for name in ("tackle", "struggle", "expert struggle"):
        move = starter_moves()[name]
        frozen = MappingProxyType(dict(move))
        for stab in (True, False):
            assert damage.attack_fields(state, user, target, frozen, 1, stab) == \
                damage.attack_fields(state, user, target, move, 1, stab)
        as_dict = damage.pending_hit_event(user, target, move, 0, True, False, name, 12)
        as_proxy = damage.pending_hit_event(user, target, frozen, 0, True, False, name, 12)
        assert as_proxy.data == as_dict.data
        assert set(as_dict.data["move"]) <= set(damage.PENDING_MOVE_FIELDS)
        assert as_dict.data["move"]["name"] == move["name"]
    assert attacks.struggle_move(user)["name"] == "Struggle"


def test_affliction_stages_kept_once_read_give_the_tables_stages_both_ways() -> None:
    from turnkeeper.rulesets.ptu.fight.afflictions import stage_changes

    burned = _mon("burned", statuses=["burned"], defense=10, stages={"defense": 1})
    plain = _mon("plain", defense=10, stages={"defense": 1})
    for _ in range(2):  # the second ask reads the kept table
        assert damage._stage(burned, "defense") == 1 + stage_changes("Burned")["defense"]
        assert damage._stage(burned, "defense") == -1
        assert damage._stage(plain, "defense") == 1
        assert damage._stage(burned, "speed") == 0
        assert damage.staged(burned, "defense") < damage.staged(plain, "defense")
