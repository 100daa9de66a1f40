"""legal_actions' fast path against the slow reference: plan every candidate with check().

``E133Ruleset.legal_actions`` decides its candidates with specialised tests on the actor's
facts instead of planning each one. Here the slow path is kept: every candidate the ruleset
considers (``candidates``) is planned in full, and over random play (with game-master
changes mixed in to reach prone, blinded, incapacitated, restricted, resting, concentrating,
readied... states) both paths must give exactly the same actions, costs and odds, in order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Refusal
from turnkeeper.rulesets.e133.ruleset import COST_LABEL, MOVE_COSTS, E133Ruleset
from turnkeeper.rulesets.e133.state import E133State

R = E133Ruleset()  # the concrete class: these tests reach its internals
assert isinstance(R, E133Ruleset)

Offer = tuple[str, str, Any]


def reference(state: E133State, actor: str | None) -> list[Offer]:
    """The slow path: every candidate planned in full; the allowed ones, with cost and odds."""
    if R.outcome(state) is not None:
        return []
    out: list[Offer] = []
    for fid in state.fighters:
        if actor is not None and fid != actor:
            continue
        for kind, _key, params in R.candidates(state, fid):
            action = Action(kind, fid, params)
            try:
                plan = R._plan(state, action)
            except BadActionError:
                continue
            if isinstance(plan, Refusal):
                continue
            cost = COST_LABEL[plan.cost]
            if kind == "move" and plan.cost == "none":
                cost = MOVE_COSTS[1]
            out.append((action.key(), cost, R.odds(state, action)))
    return out


def fast(state: E133State, actor: str | None) -> list[Offer]:
    return [(a.key(), a.cost, None if a.odds is None else dict(a.odds))
            for a in R.legal_actions(state, actor)]


def encounter(variant: int) -> dict[str, Any]:
    rng = random.Random(variant)
    settings: dict[str, Any] = {
        "free_actions_per_turn": rng.choice([None, 0, 1, 3]),
        "double_move": rng.random() < 0.7,
        "restricted_bonus": rng.random() < 0.7,
        "free_list_wins": rng.random() < 0.3,
    }
    times = ["standard", "move", "full_round", "free", "bonus", "reaction", "none"]
    combatants: list[dict[str, Any]] = []
    for i in range(rng.randint(2, 6)):
        speeds = rng.choice([{"walk": 30}, {"walk": 30, "fly": 60}, {"walk": 5},
                             {"walk": 25, "climb": 20}, {"fly": 40}, {"walk": 0, "swim": 10}])
        abilities = {
            f"ab{j}": {"type": rng.choice(["special", "spell_like", "supernatural"]),
                       "action": rng.choice(times), "uses": rng.choice([None, 1, 2])}
            for j in range(rng.randint(0, 3))
        }
        for ab in abilities.values():
            if ab["type"] == "spell_like" and ab["action"] == "none":
                ab["action"] = "standard"
        combatants.append({
            "id": f"c{i}", "side": rng.choice(["party", "foes"]) if i > 1 else
            ("party", "foes")[i], "init_mod": rng.randint(-2, 4), "speeds": speeds,
            "con": rng.choice([0, 1, 2, 12]), "bab": rng.choice([0, 1]),
            "features": rng.sample(["run", "two_weapon_fighting"], rng.randint(0, 2)),
            "armour": rng.choice(["none", "heavy"]), "attacks": rng.choice([1, 2, 3]),
            "abilities": abilities, "surprised": rng.random() < 0.2,
            "conditions": rng.sample(["prone", "blinded", "restricted"], rng.randint(0, 1)),
            "cover": rng.choice(["none", "none", "half", "total"]),
            "in_vehicle": rng.random() < 0.15, "vehicle_speed": 60,
        })
        # attack bonuses (one for every mode, or per mode) and ACs: attacks carry odds
        bonus = rng.choice([None, rng.randint(-2, 9), {"melee": rng.randint(0, 8)},
                            {"melee": 4, "ranged": 6}, {"ranged": 3}])
        if bonus is not None:
            combatants[-1]["attack_bonus"] = bonus
        if rng.random() < 0.7:
            combatants[-1]["ac"] = rng.randint(8, 22)
        # the fight (its own generator, so the rest of each variant stays as it was): hit
        # points, damage per mode, defences; attacks then carry P(crit), damage and P(drop)
        fight = random.Random(f"{variant}/{i}")
        if fight.random() < 0.6:
            combatants[-1]["max_hp"] = fight.randint(1, 12)
            combatants[-1]["temporary_hp"] = fight.choice([0, 0, 3])
            combatants[-1]["damage"] = fight.choice([
                "1d6+2 slashing", {"melee": "1d8 piercing"}, {"ranged": "2d4-1 fire"}])
            combatants[-1]["resistances"] = fight.sample(["fire", "slashing"], fight.randint(0, 1))
            combatants[-1]["immunities"] = fight.sample(["piercing"], fight.randint(0, 1))
        # gear (its own generator too): named weapons drawn or sheathed, a shield carried or
        # worn, a mount, a vehicle that needs concentration; the listing offers each by state
        gear = random.Random(f"{variant}/{i}/gear")
        if gear.random() < 0.5:
            combatants[-1]["weapons"] = {
                name: {"kind": gear.choice(["melee", "ranged"]), "drawn": gear.random() < 0.5}
                for name in gear.sample(["sword", "bow", "dagger"], gear.randint(1, 2))}
        combatants[-1]["shield"] = gear.choice(["none", "carried", "worn"])
        combatants[-1]["mounted"] = gear.random() < 0.2
        combatants[-1]["vehicle_concentration"] = gear.random() < 0.3
        combatants[-1]["navigation"] = gear.randint(-1, 6)
        if gear.random() < 0.3:
            combatants[-1]["vehicle_speed"] = 0
    fight = random.Random(f"{variant}/settings")
    settings["drop_rule"] = fight.choice(["death_saves", "down_means_out"])
    return {"settings": settings, "combatants": combatants}


def extras(game: Game[Any], rng: random.Random) -> list[Action]:
    """Actions legal_actions does not offer (game-master changes, readied moves, ...)."""
    state = game.state
    who = game.whose_turn()
    ids = list(state.fighters)
    target = rng.choice(ids)
    cond = rng.choice(["prone", "blinded", "incapacitated", "restricted", "down"])
    out = [
        Action("set_condition", "gm", {"target": target, "condition": cond,
                                       "value": rng.random() < (0.3 if cond == "down" else 0.6)}),
        Action("set_speed", "gm", {"target": target, "mode": "walk",
                                   "feet": rng.choice([0, 5, 30])}),
        Action("set_cover", "gm", {"target": target,
                                   "cover": rng.choice(["none", "total", "half", "quarter"])}),
    ]
    if who is not None:
        out += [
            Action("ready", who, {"trigger": "a door opens", "action": "move",
                                  "distance": rng.choice([5, 30])}),
            Action("move", who, {"distance": 5, "mode": "walk", "new_move": True}),
            Action("stand_up", who, {}),
            Action("use_skill", who, {"skill": "climb"}),
            Action("bonus_action", who, {}),
            Action("full_round_action", who, {"as_standard": True}),
            Action("dash", who, {"distance": 5}),
        ]
    return out


@pytest.mark.parametrize("variant", range(10))
def test_fast_legal_actions_equal_the_full_check_reference(variant: int) -> None:
    rng = random.Random(1000 + variant)
    game = Game(R, encounter(variant), seed=variant)
    seen: set[str] = set()
    for _ in range(150):
        if game.outcome() is not None:
            break
        state = game.state
        for actor in [None, *state.fighters]:
            offered = fast(state, actor)
            assert offered == reference(state, actor), f"actor {actor}"
        actions = list(game.legal_actions(None))
        for action in actions:
            assert game.check(action) is None, f"offered but refused: {action}"
        seen.update(a.kind for a in actions)
        pool = actions if rng.random() < 0.75 else extras(game, rng)
        rng.shuffle(pool)
        for action in pool:
            if game.is_legal(action):
                game.play(action)
                break
        else:
            game.play(Action("end_turn", game.whose_turn()))
    assert {"end_turn", "attack"} <= seen


def test_the_reference_sees_the_same_variety() -> None:
    """The comparison is not vacuous: across the variants, most candidate kinds are offered."""
    kinds: set[str] = set()
    # attacks and attacks of opportunity with odds, with and without disadvantage
    rolled: set[tuple[str, bool]] = set()
    for variant in range(10):
        rng = random.Random(variant)
        game = Game(R, encounter(variant), seed=variant)
        for _ in range(150):
            if game.outcome() is not None:
                break
            actions = list(game.legal_actions(None))
            kinds.update(a.kind for a in actions)
            rolled.update((a.kind, "disadvantage" in a.odds["check"]) for a in actions
                          if a.kind in ("attack", "aoo") and a.odds is not None)
            pool = actions if rng.random() < 0.75 else extras(game, rng)
            rng.shuffle(pool)
            played = next((a for a in pool if game.is_legal(a)), None)
            game.play(played or Action("end_turn", game.whose_turn()))
    expected = {"end_turn", "attack", "move", "five_foot_step", "dash", "withdraw",
                "disengage", "dodge", "hide", "ready", "cast", "concentrate", "dismiss",
                "use_ability", "fire_readied", "aoo", "stand_up", "complete_full_round",
                "draw_weapon", "free_action", "sheathe_weapon", "ready_shield", "loose_shield",
                "drop_shield", "dismount", "control_mount", "start_vehicle", "park_vehicle",
                "pilot_vehicle", "enter_vehicle", "exit_vehicle"}
    assert expected <= kinds, sorted(expected - kinds)
    assert {("attack", False), ("attack", True), ("aoo", False)} <= rolled, rolled
