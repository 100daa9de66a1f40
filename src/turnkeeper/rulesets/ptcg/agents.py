"""Agents that pick one of the legal actions: random, and a simple greedy one.

An agent is ``choose(state, actions, rng) -> Action``; ``rng`` is a private
``random.Random`` the simulator seeds per game (never the global one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from turnkeeper.core.model import Action
from turnkeeper.rulesets.ptcg.engine import can_pay, max_hp, parse_slot
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, PtcgState

Agent = Callable[[PtcgState, Sequence[Action], random.Random], Action]


def random_agent(state: PtcgState, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, uniformly: exactly ``actions[rng.randrange(len(actions))]``.

    ``randrange(n)`` is ``Random._randbelow(n)``: draw ``n.bit_length()`` random bits until
    the number is below ``n``. Done here inline (two Python calls fewer per pick), so the
    same generator gives the same picks; tests/ptcg/test_fast_path.py checks the equality.
    """
    n = len(actions)
    if not n:
        raise ValueError("the random agent was offered no action")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return actions[r]


def _attack_score(state: PtcgState, action: Action) -> float:
    seat = SEAT_INDEX[str(action.actor)]
    me = state.sides[seat].active
    foe = state.sides[1 - seat].active
    if me is None or foe is None:
        return 0.0
    card = state.top(me)
    attack = card.attack(str(action.params["attack"]))
    if attack is None:
        return 0.0
    damage = float(attack.damage)
    if attack.modifier == "×":
        damage *= 1.2  # roughly the expected number of heads on the usual coins
    target = foe
    if "target" in action.params:
        found = state.sides[1 - seat].mon(parse_slot(action.params["target"], "target"))
        target = found if found is not None else foe
    foe_card = state.top(target)
    if target is foe and any(t in foe_card.weakness for t in card.types):
        damage *= 2
    if target is foe and any(t in foe_card.resistance for t in card.types):
        damage -= 30
    left = max_hp(state, target) - target.damage
    score = 30.0 + damage / 10.0
    if damage >= left:
        score += 1000.0  # a Knock Out first
    if attack.effect:
        score += 5.0  # effects (conditions, extra Energy) are usually worth a little
    return score


def greedy_agent(state: PtcgState, actions: Sequence[Action], rng: random.Random) -> Action:
    """Knock Out if possible, else the strongest attack once the board is built:
    before attacking it benches Basics, evolves, attaches Energy and plays Trainers.
    """
    best: Action | None = None
    best_score = -1.0
    for action in actions:
        kind = action.kind
        score = 0.0
        if kind == "attack":
            score = _attack_score(state, action)
        elif kind == "evolve":
            score = 90.0
        elif kind == "bench":
            score = 80.0 if len(state.sides[SEAT_INDEX[str(action.actor)]].bench) < 3 else 25.0
        elif kind == "attach":
            score = 70.0 + (10.0 if action.params.get("target") == "active" else 0.0)
            score += _attach_helps(state, action)
        elif kind == "play_trainer":
            score = 60.0
        elif kind == "use_power":
            # a power usable without limit (Energy Trans) is worth it once a turn per
            # Pokémon, never again (else the agent would move Energy back and forth forever)
            score = 50.0 if not _used_this_turn(state, action) else 0.0
        elif kind == "use_stadium":
            score = 55.0  # a Stadium's once-a-turn use (Power Tree, Strange Cave) is a card
        elif kind in ("place_active", "place_bench", "promote", "choose", "choose_first"):
            score = 10.0 + rng.random()
        elif kind == "ready":
            score = 5.0
        elif kind == "retreat":
            score = _retreat_score(state, action)
        elif kind == "end_turn":
            score = 1.0
        score += rng.random() * 0.5  # break ties without always picking the first
        if score > best_score:
            best, best_score = action, score
    assert best is not None
    return best


def _used_this_turn(state: PtcgState, action: Action) -> bool:
    seat = SEAT_INDEX[str(action.actor)]
    mon = state.sides[seat].mon(parse_slot(action.params.get("pokemon", "active"), "pokemon"))
    return mon is not None and f"{mon.stack[0]}:{action.params['power']}" in state.powers_used


def _attach_helps(state: PtcgState, action: Action) -> float:
    seat = SEAT_INDEX[str(action.actor)]
    mon = state.sides[seat].mon(parse_slot(action.params["target"], "target"))
    if mon is None:
        return 0.0
    card = state.top(mon)
    # Prefer the Pokémon that still cannot pay for its strongest attack; Energy beyond that
    # is worth less than attacking now.
    if card.attacks and not can_pay(state, mon, card.attacks[-1].cost):
        return 5.0
    return -65.0


def _retreat_score(state: PtcgState, action: Action) -> float:
    seat = SEAT_INDEX[str(action.actor)]
    me = state.sides[seat].active
    if me is None:
        return 0.0
    # Retreat only a Pokémon about to be Knocked Out or stuck with a condition.
    if me.damage * 2 >= max_hp(state, me) or me.rotation == "confused":
        return 40.0
    return 0.0


AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": greedy_agent}
