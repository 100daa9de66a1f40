"""Legal actions right after a hit (issue 16): a change of hit points that leaves everyone's
status as it was rebuilds only the attack offers on the combatant hit (changes.py,
``Offers._catch_up``). Over random fights with game-master damage, healing and temporary hit
points mixed in, the offers must stay exactly those of the slow reference (every candidate
planned in full), and the catch-up path must really be taken."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.e133.test_e133_legal_fast import R, fast, reference
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action
from turnkeeper.rulesets.e133.changes import MAX_STEPS, hit_points_only
from turnkeeper.rulesets.e133.offers import Offers


def fight(variant: int) -> dict[str, Any]:
    """Six to ten combatants with enough hit points that most hits leave them standing."""
    rng = random.Random(variant)
    combatants = []
    for i in range(rng.randint(6, 10)):
        combatants.append({
            "id": f"c{i}", "side": ("party", "foes")[i % 2], "init_mod": rng.randint(-2, 4),
            "speeds": {"walk": 30}, "attacks": rng.choice([1, 2]),
            "attack_bonus": {"melee": rng.randint(2, 8), "ranged": rng.randint(0, 6)},
            "ac": rng.randint(10, 16), "max_hp": rng.randint(15, 40),
            "damage": rng.choice(["1d6+2 slashing", {"melee": "1d8 piercing"},
                                  {"melee": "1d4 bludgeoning", "ranged": "1d6 fire"}]),
            "resistances": rng.sample(["fire", "slashing"], rng.randint(0, 1)),
            "cover": rng.choice(["none", "none", "half"]),
        })
        # gear (its own generator): its offers are kept per roster version too, so they must
        # stay right across changes of hit points alone
        gear = random.Random(f"{variant}/{i}/gear")
        if gear.random() < 0.5:
            combatants[-1].update(
                weapons={"axe": {"drawn": gear.random() < 0.5}}, shield=gear.choice(
                    ["carried", "worn"]), in_vehicle=gear.random() < 0.3, vehicle_speed=40)
    return {"combatants": combatants}


def gm_change(game: Game[Any], rng: random.Random) -> Action:
    """A game master's change of one combatant's hit points (no dice)."""
    target = rng.choice(list(game.state.fighters))
    kind = rng.choice(["apply_damage", "heal", "grant_temporary_hp"])
    params: dict[str, Any] = {"target": target, "amount": rng.randint(1, 6)}
    if kind == "apply_damage":
        params["damage_type"] = rng.choice(["slashing", "fire"])
    return Action(kind, "gm", params)


@pytest.mark.parametrize("variant", range(6))
def test_offers_after_hits_equal_the_reference(variant: int) -> None:
    # Offers counts its catch-ups itself: compiled, its methods cannot be wrapped from outside
    offers_listing: Offers = R._offers
    caught_before = offers_listing.catch_ups
    rng = random.Random(2000 + variant)
    game = Game(R, fight(variant), seed=variant)
    for step in range(220):
        if game.outcome() is not None:
            break
        state = game.state
        actor = game.whose_turn()
        # mostly the acting combatant only, so that cached offers fall several hits behind
        for who in ([actor] if step % 5 else [None, *state.fighters]):
            assert fast(state, who) == reference(state, who), f"step {step}, actor {who}"
        offers = list(game.legal_actions(actor))
        attacks = [a for a in offers if a.kind == "attack"]
        if rng.random() < 0.15:
            change = gm_change(game, rng)
            if game.is_legal(change):
                game.play(change)
                continue
        pool = attacks if attacks and rng.random() < 0.8 else offers
        game.play(rng.choice(pool))
    caught_up = offers_listing.catch_ups - caught_before
    assert caught_up >= 3, caught_up


def test_a_hit_that_leaves_the_target_standing_is_noted_as_hit_points_only() -> None:
    game = Game(R, fight(1), seed=1)
    state = game.state
    before = state.roster_version
    target = next(f for f in state.fighters.values() if f.health and f.health.hp > 3)
    game.play(Action("apply_damage", "gm", {"target": target.id, "amount": 2,
                                            "damage_type": "fire"}))
    state = game.state
    assert state.roster_version > before
    assert hit_points_only(state, before) == frozenset({target.id})
    assert hit_points_only(state, state.roster_version) == frozenset()


def test_anything_else_is_not_noted_and_the_caches_rebuild() -> None:
    game = Game(R, fight(1), seed=1)
    state = game.state
    target = next(iter(state.fighters.values()))
    assert target.health is not None
    # a drop changes who stands: not hit points alone
    before = state.roster_version
    game.play(Action("apply_damage", "gm", {"target": target.id,
                                            "amount": target.health.hp + 1}))
    assert game.state.fighters[target.id].health.status != "up"  # type: ignore[union-attr]
    assert hit_points_only(game.state, before) is None
    # a change of cover, after a change of hit points
    game = Game(R, fight(1), seed=1)
    before = game.state.roster_version
    game.play(Action("apply_damage", "gm", {"target": "c1", "amount": 1}))
    game.play(Action("set_cover", "gm", {"target": "c2", "cover": "half"}))
    assert hit_points_only(game.state, before) is None
    # the version moved on outside the fold, and a copy of the state: nothing is known
    state = game.state
    state.roster_version += 1
    assert hit_points_only(state, state.roster_version - 1) is None
    copied = copy.deepcopy(state)
    assert hit_points_only(copied, copied.roster_version - 1) is None


def test_notes_are_bounded_and_a_step_older_than_them_is_not_known() -> None:
    """The notes keep at most MAX_STEPS steps: a cache further behind rebuilds in full."""
    game = Game(R, fight(2), seed=2)
    start = game.state.roster_version
    target = "c1"
    for n in range(MAX_STEPS + 10):
        kind = "apply_damage" if n % 2 == 0 else "heal"
        game.play(Action(kind, "gm", {"target": target, "amount": 1}))
    state = game.state
    assert state.roster_version == start + MAX_STEPS + 10
    assert hit_points_only(state, start) is None
    assert hit_points_only(state, state.roster_version - 10) == frozenset({target})
    # the listing still matches the slow reference after the notes were trimmed
    actor = game.whose_turn()
    assert fast(state, actor) == reference(state, actor)


def test_a_target_behind_cover_is_offered_with_its_own_ac_not_a_cached_one() -> None:
    """AC 12 in the open and AC 10 behind half cover are rolled alike (d20 against 12), and
    the offers with P(drop) are cached across games: each must still name its target's own
    AC in its params (a cache keyed on the AC rolled against alone mixed them up)."""

    def duel(ac: int, cover: str) -> Game[Any]:
        return Game(R, {"combatants": [
            {"id": "hero", "initiative": 20, "attack_bonus": 5, "ac": 14, "max_hp": 20,
             "damage": "1d6+2 slashing"},
            {"id": "ogre", "side": "foes", "initiative": 10, "ac": ac, "cover": cover,
             "max_hp": 30, "damage": "1d8 bludgeoning"}]}, seed=1)

    def melee_offer(game: Game[Any]) -> Action:
        return next(a for a in game.legal_actions("hero")
                    if a.kind == "attack" and a.params.get("mode") == "melee")

    in_the_open = melee_offer(duel(12, "none"))
    behind_cover = melee_offer(duel(10, "half"))
    assert in_the_open.params["ac"] == 12 and behind_cover.params["ac"] == 10
    assert in_the_open.odds is not None and behind_cover.odds is not None
    assert in_the_open.odds["check"] == behind_cover.odds["check"] == "d20+5 vs AC 12"
    game = duel(10, "half")
    assert melee_offer(game).params == {"target": "ogre", "mode": "melee",
                                        "attack_bonus": 5, "ac": 10}
