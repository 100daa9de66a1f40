"""The legal-action listing: every action the rules allow now, with its cost and odds.

The acting combatant's actions are built legal by construction (the property tests check
every one against ``check``); out-of-turn candidates (Priority, Interrupts, triggers) and the
set-up step are proposed and then kept only if ``check`` allows them. The GM's list is the
common few (a hit of 5 damage), or all of them when the GM asks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from turnkeeper.core.model import Action, BadActionError
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptu.actions import TYPED_PARAMS
from turnkeeper.rulesets.ptu.afflicted import limits_turn, offer_refusal
from turnkeeper.rulesets.ptu.attacks import (
    AttackOfOpportunityParams,
    InterceptParams,
    UseMoveParams,
    cost_text,
    out_of_turn_cost,
    struggle_move,
)
from turnkeeper.rulesets.ptu.check import BLOCKING_AFFLICTIONS, check
from turnkeeper.rulesets.ptu.damage import AttackFields, attack_fields, offer_odds_on_read
from turnkeeper.rulesets.ptu.economy import (
    AOO_TRIGGERS,
    UNDECLARED_OK,
    aoo_window_fault,
    hold_refusal,
    mid_turn,
    round_count,
    whose_turn,
    window_fault,
)
from turnkeeper.rulesets.ptu.field import (
    RECALL_RANGE,
    able,
    distance,
    hit_odds,
    move_of,
    move_used_up,
    present,
    reach_of,
)
from turnkeeper.rulesets.ptu.items import carried, is_poke_ball, poke_ball_of
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_NAMES, TRICKS, maneuver_odds_on_read
from turnkeeper.rulesets.ptu.movement import movement_refusal
from turnkeeper.rulesets.ptu.moves import uses_per_scene
from turnkeeper.rulesets.ptu.shared import (
    COST_AOO,
    COST_FREE,
    COST_FULL,
    COST_NONE,
    COST_SHIFT,
    COST_STANDARD,
    COST_SWIFT,
    MOVE_COST,
)
from turnkeeper.rulesets.ptu.state import Combatant, PtuState
from turnkeeper.rulesets.ptu.turn_control import DECLARABLE

_offer = Action.offer

#: The offers that differ only by their actor: (kind, params, cost label, cost detail).
FIXED_OFFERS: dict[str, tuple[str, dict[str, Any], str, Mapping[str, Any]]] = {
    "end_turn": ("end_turn", {}, "ends the turn", COST_NONE),
    "end_turn_blocked": ("end_turn", {}, "none", COST_NONE),
    "standard_action": ("standard_action", {"what": "skill check"}, "Standard", COST_STANDARD),
    "trade_shift": ("trade_standard", {"for": "shift"}, "Standard (for a second Shift)",
                    COST_STANDARD),
    "trade_swift": ("trade_standard", {"for": "swift"}, "Standard (for a second Swift)",
                    COST_STANDARD),
    "shift_action": ("shift_action", {"what": "activate a feature"}, "Shift", COST_SHIFT),
    "stand_up": ("stand_up", {}, "Shift", COST_SHIFT),
    "swift_action": ("swift_action", {"what": "activate a feature"}, "Swift", COST_SWIFT),
    "take_a_breather": ("take_a_breather", {}, "Full (Standard + Shift)", COST_FULL),
    "free_action": ("free_action", {"what": "speak"}, "Free", COST_FREE),
}
#: Each actor's fixed offers, built once: an offer is immutable (a frozen Action whose
#: params nobody changes), so every listing hands out the same objects.
_FIXED: dict[str, dict[str, Action]] = {}
_FIXED_LIMIT = 10_000  # actors kept before the table starts over
#: What :func:`attack_offer` keeps of one attack: the move's entry, the attack's fields, and
#: the offers made by the target's HP.
AttackKnown = tuple[Mapping[str, Any], AttackFields, dict[int, Action]]


def fixed_offers(cid: str) -> dict[str, Action]:
    """The offers of :data:`FIXED_OFFERS` for ``cid``, by variant."""
    offers = _FIXED.get(cid)
    if offers is None:
        offers = {variant: _offer(kind, cid, dict(params), cost=cost, cost_detail=detail)
                  for variant, (kind, params, cost, detail) in FIXED_OFFERS.items()}
        if len(_FIXED) >= _FIXED_LIMIT:
            _FIXED.clear()
        _FIXED[cid] = offers
    return offers


def moves_by_name(state: PtuState) -> dict[str, dict[str, Any] | None]:
    """Every known move of the encounter's combatants, looked up once per state object (kept
    on it: ``state.queries``). Moves are fixed at set-up (the starter list and the set-up's
    own), so the table never goes stale."""
    queries = state.queries
    known = queries.known_moves
    if known is None:
        known = queries.known_moves = {name: move_of(state, name)
                                       for c in state.combatants.values() for name in c.moves}
    return known


#: What an own-turn offer of a move needs: (move, action type, cost label, cost detail,
#: reach in metres or None for a self move, whether its Frequency can run out).
MoveOffer = tuple[dict[str, Any], str, str, Mapping[str, Any], int | None, bool]


def move_offers(state: PtuState) -> dict[str, MoveOffer | None]:
    """Per known move name: its :data:`MoveOffer`, or ``None`` when it is never offered on
    one's own turn (unknown, answering a trigger, or Extended). Once per state object, as
    :func:`moves_by_name`."""
    queries = state.queries
    made = queries.move_offers
    if made is not None:
        offers: dict[str, MoveOffer | None] = made
        return offers
    table: dict[str, MoveOffer | None] = {}
    for name, move in moves_by_name(state).items():
        if move is None or move["trigger"] is not None or move["action"] == "extended":
            table[name] = None
            continue
        frequency = move["frequency"]
        table[name] = (
            move, move["action"], cost_text(move), MOVE_COST[move["action"]],
            None if move["range"] == "self" else reach_of(move),
            uses_per_scene(frequency) is not None or frequency in ("EOT", "Static"),
        )
    queries.move_offers = table
    return table


#: Shift and hold offers by (actor, x, y) and (actor, count), built once (immutable).
_SHIFTS: dict[tuple[str, int, int], Action] = {}
_HOLDS: dict[tuple[str, int], Action] = {}


def shift_offer(cid: str, x: int, y: int) -> Action:
    """The offer to Shift ``cid`` to ``[x, y]``."""
    offer = _SHIFTS.get((cid, x, y))
    if offer is None:
        if len(_SHIFTS) >= _FIXED_LIMIT:
            _SHIFTS.clear()
        offer = _SHIFTS[(cid, x, y)] = _offer("shift", cid, {"to": [x, y]}, cost="Shift",
                                              cost_detail=COST_SHIFT)
    return offer


_SELF_MOVES: dict[tuple[str, str], Action] = {}


def self_move_offer(cid: str, name: str, cost: str, detail: Mapping[str, Any]) -> Action:
    """The offer of ``cid``'s self move ``name`` (its cost from the move's entry, which is
    fixed for the name within a game: checked, and rebuilt when another game's differs)."""
    offer = _SELF_MOVES.get((cid, name))
    if offer is None or offer.cost != cost or offer.cost_detail != detail:
        if len(_SELF_MOVES) >= _FIXED_LIMIT:
            _SELF_MOVES.clear()
        offer = _SELF_MOVES[(cid, name)] = _offer("use_move", cid, {"move": name}, cost=cost,
                                                  cost_detail=detail)
    return offer


def hold_offer(cid: str, count: int) -> Action:
    """The offer to hold ``cid``'s action to ``count``."""
    offer = _HOLDS.get((cid, count))
    if offer is None:
        if len(_HOLDS) >= _FIXED_LIMIT:
            _HOLDS.clear()
        offer = _HOLDS[(cid, count)] = _offer("hold", cid, {"count": count},
                                              cost="holds the turn", cost_detail=COST_NONE)
    return offer


def list_legal(state: PtuState, actor: str | None) -> list[Action]:
    """Every legal action of ``actor`` (``None``: everyone's, the GM's common ones last)."""
    if actor == "gm":
        return list(gm_actions(state, everything=True))
    out: list[Action] = []
    # The acting combatant first, then those who may act out of turn, then the GM.
    turn = whose_turn(state)
    ids = [actor] if actor is not None else (
        ([turn] if turn in state.combatants else [])
        + [cid for cid in state.combatants if cid != turn]
    )
    acting = turn if state.phase == "turns" else None
    for cid in ids:
        c = state.combatants.get(cid)
        if c is None:
            continue
        if acting == cid and able(c):
            if c.statuses and any(st in c.statuses for st in BLOCKING_AFFLICTIONS):
                out.append(fixed_offers(cid)["end_turn_blocked"])
                continue
            # Built legal by construction (the property tests check every one of them).
            if limits_turn(state, c):  # Enraged, Infatuated: the same test as check's
                mine: list[Action] = []
                own_turn_actions(state, c, mine)
                out.extend(o for o in mine if offer_refusal(state, c, o) is None)
            else:
                own_turn_actions(state, c, out)
            continue
        for cand in candidates(state, c):
            try:
                if check(state, cand) is None:
                    out.append(cand)
            except BadActionError:
                continue
    if actor is None:
        out.extend(gm_actions(state, everything=False))
    return out


def gm_actions(state: PtuState, everything: bool) -> Iterator[Action]:
    """The GM's actions; asked for everyone, only the common ones (a hit of 5 damage)."""
    if state.phase == "setup":
        yield Action("begin_combat", "gm", {}, cost="the GM starts round 1",
                     cost_detail=COST_NONE)
        return
    if state.phase == "over":
        return
    if everything:
        yield Action("end_combat", "gm", {}, cost="ends the encounter", cost_detail=COST_NONE)
    for c in state.combatants.values():
        if able(c) and c.on_field:
            amount = c.hp if everything else min(5, c.hp)
            yield Action("damage", "gm", {"target": c.id, "amount": amount},
                         cost="GM: damage", cost_detail=COST_NONE)


def own_turn_actions(state: PtuState, c: Combatant, out: list[Action]) -> None:
    """The acting combatant's actions, gated here as ``check`` would gate them, appended to
    ``out`` (a list, not a generator: this is the hot path of every listing)."""
    cid = c.id
    fixed = fixed_offers(cid)
    add = out.append
    cs = state.combatants
    allowed: set[str] | None = None
    if state.context == "league" and c.kind == "trainer" and not state.interjections:
        allowed = UNDECLARED_OK | set(state.declared.get(cid, ()))
    b = c.budget.remaining
    std = b.get("standard", 0) > 0
    shift = b.get("shift", 0) > 0
    swift = b.get("swift", 0) > 0
    trainer = c.kind == "trainer"

    # ``allowed is None``: every kind (inlined rather than a helper: this is the hot path).

    add(fixed["end_turn"])
    x, y = c.position
    side = c.side
    # One pass over the field (inlined: this is the hot path of legal_actions): the squares
    # others stand on, and the foes able to be attacked (able(o)) with their distance.
    foes: list[tuple[Combatant, int]] = []
    near: list[tuple[Combatant, int]] = []  # the adjacent ones (melee: Struggle, maneuvers)
    taken: set[tuple[int, int]] = set()
    for o in cs.values():
        if o.on_field and not o.captured:
            ox, oy = o.position
            if o is not c:
                taken.add((ox, oy))
            if o.side != side and not o.fainted:
                dx, dy = x - ox, y - oy
                pair = (o, max(dx, -dx, dy, -dy))  # the larger of |dx| and |dy|
                foes.append(pair)
                if pair[1] <= 1:
                    near.append(pair)
    # Each foe's attack offers already built (attack_offers_known), asked once a listing.
    pairs: dict[str, dict[tuple[str, str], AttackKnown]] = {}
    if std:
        if allowed is None or "struggle" in allowed:
            struggle = struggle_move(c)
            for o, _ in near:
                on_o = pairs[o.id] = attack_offers_known(state, c, o)
                add(attack_offer(state, c, o, "struggle", "", struggle, "Standard",
                                 COST_STANDARD, on_o))
        if allowed is None or "standard_action" in allowed:
            add(fixed["standard_action"])
        if near:
            out.extend(maneuver_offers(state, c, near, allowed))
        if trainer and (allowed is None or "switch" in allowed):
            mine = [o for o in cs.values() if o.owner == c.owner and o.kind == "pokemon"
                    and o.owner is not None and not o.captured]
            ready = [n for n in mine if not n.on_field and not n.fainted
                     and n.recalled_round != state.clock.round]
            for o in mine:
                if o.on_field and not o.fainted and (state.context == "league"
                                   or distance(c, o) <= RECALL_RANGE):
                    for n in ready:
                        add(_offer("switch", cid, {"recall": o.id, "release": n.id},
                                   cost="Standard", cost_detail=COST_STANDARD))
        if trainer and (allowed is None or "throw_pokeball" in allowed) and (
                poke_ball_of(c) is not None):  # ptu.capture.has-ball
            for o, _ in foes:
                if o.owner is None and o.kind == "pokemon":
                    add(_offer("throw_pokeball", cid, {"target": o.id},
                               cost="Standard",
                               cost_detail=COST_STANDARD, odds={"success": hit_odds(6, 0)}))
        if trainer and (allowed is None or "use_item" in allowed) and (c.items or c.in_hand):
            # Offered on the Trainer's own Pokémon on the field; any combatant on the
            # field is a valid target for ``check``.
            team = [o.id for o in cs.values() if o.owner == c.owner and present(o)
                    and o.kind == "pokemon"]
            for item in dict.fromkeys([*c.in_hand, *c.items]):
                if carried(c, item) > 0 and not is_poke_ball(item):  # balls: throw_pokeball
                    for oid in team:
                        add(_offer("use_item", cid, {"item": item, "target": oid},
                                   cost="Standard", cost_detail=COST_STANDARD))
        if trainer and (allowed is None or "take_out_item" in allowed):
            for item, count in c.items.items():
                if count > 0:
                    add(_offer("take_out_item", cid, {"item": item}, cost="Standard",
                               cost_detail=COST_STANDARD))
        if allowed is None or "trade_standard" in allowed:
            # Giving up the Standard is offered, never made for the player (READINGS ptu).
            add(fixed["trade_shift"])
            if state.settings.swift_trade:
                add(fixed["trade_swift"])
    if allowed is None or "use_move" in allowed:
        offers = move_offers(state)
        for name in c.moves:
            info = offers[name]
            if info is None:
                continue
            move, act, cost, detail, reach, limited = info
            if (act == "standard" and not std) or (act == "shift" and not shift) or (
                act == "swift" and not swift) or (act == "full" and not (std and shift)):
                continue
            if limited and move_used_up(state, c, move):
                continue
            if reach is None:
                add(self_move_offer(cid, name, cost, detail))
                continue
            for o, far in foes:
                if far <= reach:
                    on_foe = pairs.get(o.id)
                    if on_foe is None:
                        on_foe = pairs[o.id] = attack_offers_known(state, c, o)
                    add(attack_offer(state, c, o, "use_move", name, move, cost, detail,
                                     on_foe))
    if shift:
        tripped = "tripped" in c.statuses
        if (allowed is None or "shift" in allowed) and c.movement > 0 and (
                movement_refusal(c) is None):
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (x + dx, y + dy) not in taken:
                    add(shift_offer(cid, x + dx, y + dy))
            closer = approach(c, foes, taken)
            if closer is not None:
                add(_offer("shift", cid, {"to": list(closer)}, cost="Shift (closing in)",
                           cost_detail=COST_SHIFT))
        if allowed is None or "shift_action" in allowed:
            add(fixed["shift_action"])
        if tripped and (allowed is None or "stand_up" in allowed):
            add(fixed["stand_up"])
        if trainer and (allowed is None or "replace_fainted" in allowed):
            for o in cs.values():
                if (o.owner == c.owner and o.owner is not None and o.kind == "pokemon"
                        and o.fainted and present(o) and (
                            state.context == "league" or distance(c, o) <= RECALL_RANGE)):
                    for n in cs.values():
                        if (n.owner == c.owner and n.kind == "pokemon" and not n.on_field
                                and not n.fainted and not n.captured
                                and n.recalled_round != state.clock.round):
                            add(_offer("replace_fainted", cid,
                                       {"recall": o.id, "release": n.id},
                                       cost="Shift (release free)", cost_detail=COST_SHIFT))
    if swift and (allowed is None or "swift_action" in allowed):
        add(fixed["swift_action"])
    if std and shift and (allowed is None or "take_a_breather" in allowed):
        add(fixed["take_a_breather"])
    count = round_count(state, c)
    if count > 0 and hold_refusal(state, c) is None:
        add(hold_offer(cid, count - 1))
    add(fixed["free_action"])


#: Attack offers of one actor on one target, by (actor, target, what the attack's numbers are
#: worked out from), then by (kind, move name): the move's entry, the attack's fields and the
#: offers by the target's HP (see :func:`attack_offer`). Two levels, so that a listing builds
#: and looks up the pair's key (its longest) once for all the pair's moves, not once a move;
#: the HP apart, so that a hit (a new HP) reuses the attack's fields and only makes the offer.
_ATTACKS: dict[tuple[str, str, tuple[Any, ...]], dict[tuple[str, str], AttackKnown]] = {}
_ATTACK_PAIRS_LIMIT = 5_000  # pairs kept before the table starts over (a few offers each)
_ATTACK_OFFERS_LIMIT = 10_000  # offers kept (over all pairs, moves and HPs) before it does
_attack_offers_kept = 0  # offers in the table since it last started over


def attack_offers_known(
    state: PtuState, c: Combatant, o: Combatant,
) -> dict[tuple[str, str], AttackKnown]:
    """What was built before for attacks of ``c`` on ``o`` with the same of what their
    numbers are worked out from (filled by :func:`attack_offer`).

    The odds read only the two sides' stats, combat stages, statuses and types, ``o``'s HP,
    the move's entry and the damage settings: for the same of those an offer built before is
    handed out again (a turn's listings ask it after every Shift, and a fight asks the same
    few questions all along); the attack's fields (damage.attack_fields) read all of those
    but the HP."""
    global _attack_offers_kept
    settings = state.settings
    basis = (c.attack, c.special_attack, tuple(c.types), tuple(c.stages.items()),
             tuple(c.statuses), o.defense, o.special_defense, o.speed, tuple(o.types),
             tuple(o.stages.items()), tuple(o.statuses), settings.damage_mode,
             settings.hit_damage)
    key = (c.id, o.id, basis)
    known = _ATTACKS.get(key)
    if known is None:
        if len(_ATTACKS) >= _ATTACK_PAIRS_LIMIT:
            _ATTACKS.clear()
            _attack_offers_kept = 0
        known = _ATTACKS[key] = {}
    return known


def attack_offer(
    state: PtuState, c: Combatant, o: Combatant, kind: str, name: str,
    move: Mapping[str, Any], cost: str, detail: Mapping[str, Any],
    known: dict[tuple[str, str], AttackKnown] | None = None,
) -> Action:
    """The offer of ``c``'s Struggle (``kind`` "struggle", ``name`` "") or move ``name``
    (``kind`` "use_move") on ``o``, with its exact odds (damage.attack_offer_odds, worked out
    when first read: damage.offer_odds_on_read).

    ``known``: :func:`attack_offers_known` of ``c`` and ``o`` in this state, when the caller
    asks for several moves of the pair (looked up here when not given)."""
    global _attack_offers_kept
    if known is None:
        known = attack_offers_known(state, c, o)
    struggle = kind == "struggle"
    entry = known.get((kind, name))
    if entry is None or entry[0] is not move:
        entry = (move, attack_fields(state, c, o, move, 0, not struggle), {})
        known[(kind, name)] = entry
    by_hp = entry[2]
    hp = o.hp
    offer = by_hp.get(hp)
    if offer is None:
        if _attack_offers_kept >= _ATTACK_OFFERS_LIMIT:
            _ATTACKS.clear()  # ``known`` still serves this listing; the table starts over
            _attack_offers_kept = 0
        _attack_offers_kept += 1
        params: dict[str, Any] = ({"target": o.id} if struggle
                                  else {"move": name, "target": o.id})
        offer = _offer(kind, c.id, params, cost=cost,
                       odds=offer_odds_on_read(state, entry[1], hp), cost_detail=detail)
        by_hp[hp] = offer
    return offer


def approach(
    c: Combatant, foes: list[tuple[Combatant, int]], taken: set[tuple[int, int]],
) -> tuple[int, int] | None:
    """Where a Shift toward the nearest foe ends: up to ``c``'s movement, stopping next to
    it or before an occupied square (``None`` when already adjacent or boxed in). Offered
    beside the 1 m steps so that a fight at a distance closes in."""
    if not foes:
        return None
    foe, far = foes[0]
    for other, other_far in foes:  # the nearest, ties to the smallest id
        if other_far < far or (other_far == far and other.id < foe.id):
            foe, far = other, other_far
    if far <= 1:
        return None
    x, y = c.position
    fx, fy = foe.position
    dx, dy = (fx > x) - (fx < x), (fy > y) - (fy < y)
    here = (x, y)
    for _ in range(c.movement):
        step = (here[0] + dx * (here[0] != fx), here[1] + dy * (here[1] != fy))
        if step in taken or max(abs(fx - here[0]), abs(fy - here[1])) <= 1:
            break
        here = step
    return None if here == (x, y) or abs(here[0] - x) + abs(here[1] - y) == 1 else here


#: Maneuver offers on one adjacent foe, by everything their odds are worked out from (see
#: :func:`maneuver_offers`); the offers are immutable, so listings share them.
_MANEUVERS: dict[tuple[Any, ...], tuple[Action, ...]] = {}


def maneuver_offers(
    state: PtuState, c: Combatant, foes: list[tuple[Combatant, int]], allowed: set[str] | None,
) -> Iterator[Action]:
    """Push, Trip, Disarm, Grapple and the unused Dirty Tricks on adjacent foes, with the
    chance that each takes effect (maneuvering.py); built as ``check_attack`` gates them.

    Built once per question: ``maneuver_odds`` reads only the damage setting and each side's
    best skill dice (from its Combat rank and skills), so those, the two ids and the Dirty
    Tricks still unused on the foe name the offers."""
    engine = state.settings.hit_damage == "engine"
    mine = (c.combat_rank, tuple(c.skills.items())) if engine else None
    for o, far in foes:
        if far > 1:
            continue
        used = tuple(t for t in TRICKS if [t, o.id] in c.dirty_tricks) if c.dirty_tricks else ()
        theirs = (o.combat_rank, tuple(o.skills.items())) if engine else None
        key = (c.id, o.id, engine, mine, theirs, used)
        offers = _MANEUVERS.get(key)
        if offers is None:
            offers = tuple(_maneuvers_on(state, c, o, used))
            if len(_MANEUVERS) >= _FIXED_LIMIT:
                _MANEUVERS.clear()
            _MANEUVERS[key] = offers
        if allowed is None:
            yield from offers
        else:
            yield from (offer for offer in offers if offer.kind in allowed)


def _maneuvers_on(
    state: PtuState, c: Combatant, o: Combatant, used: tuple[str, ...],
) -> Iterator[Action]:
    for kind in MANEUVER_NAMES:
        tricks: tuple[str | None, ...] = (None,)
        if kind == "dirty_trick":
            tricks = tuple(t for t in TRICKS if t not in used)
        for trick in tricks:
            params: dict[str, Any] = {"target": o.id}
            if trick is not None:
                params["trick"] = trick
            yield _offer(kind, c.id, params, cost="Standard", cost_detail=COST_STANDARD,
                         odds=maneuver_odds_on_read(state, c, o, kind, trick, 0))


def _typed_offer(
    kind: str, cid: str, params: dict[str, Any], typed: Params, cost: str,
    cost_detail: Mapping[str, Any] | None, odds: Mapping[str, Any] | None = None,
) -> Action:
    """An out-of-turn offer with its typed parameters already in place (where
    ``actions.parse`` keeps an offer's): these offers are made anew for every state version
    and each is checked before it is listed, and converting the parameters into their model
    there cost more than the rest of the check. ``typed`` is the model built from the same
    values, which the conversion gives too (tests/ptu/test_ptu_state_queries.py)."""
    offer = _offer(kind, cid, params, cost=cost, odds=odds, cost_detail=cost_detail)
    offer.__dict__[TYPED_PARAMS] = typed
    return offer


def candidates(state: PtuState, c: Combatant) -> Iterator[Action]:
    if not able(c) or state.phase == "over":
        return
    cid = c.id
    if state.phase == "setup":
        if c.kind == "trainer" and not c.setup_release_done:
            for o in state.combatants.values():
                if o.owner == c.owner and o.kind == "pokemon" and not o.on_field:
                    yield _offer("release", cid, {"pokemon": o.id}, cost="free (set-up)",
                                 cost_detail=COST_NONE)
        return
    turn = whose_turn(state)
    if state.phase == "declare":
        if turn == cid:
            yield _offer("declare", cid, {"actions": list(DECLARABLE)}, cost="declaration",
                         cost_detail=COST_NONE)
            yield _offer("declare", cid, {"actions": []}, cost="declaration",
                         cost_detail=COST_NONE)
        return
    cs = state.combatants
    if turn == cid:
        return  # handled by _own_turn_actions
    # Out of turn: Priority between turns, Interrupts and triggers in the middle of one.
    if state.phase != "turns":
        return
    known = moves_by_name(state)  # move_of of each, looked up once per state object
    for name in c.moves:
        move = known.get(name)
        if move is None or not move["keywords"]:
            continue
        if mid_turn(state) and move["trigger"] is not None:
            for occ in state.occurrences:
                if occ.trigger == move["trigger"] and cid in occ.responders:
                    params: dict[str, Any] = {"move": name, "trigger": occ.occurrence}
                    if move["range"] != "self":
                        params["target"] = occ.data["by"]
                    yield _typed_offer(
                        "use_move", cid, params,
                        UseMoveParams(move=name, target=params.get("target"),
                                      trigger=occ.occurrence),
                        cost=cost_text(move), cost_detail=out_of_turn_cost(state, c, move))
        elif not mid_turn(state) and any(k.startswith("Priority") for k in move["keywords"]):
            if move["range"] == "self":
                yield _typed_offer("use_move", cid, {"move": name}, UseMoveParams(move=name),
                                   cost=cost_text(move),
                                   cost_detail=MOVE_COST[move["action"]])
                continue
            reach = reach_of(move)
            for o in cs.values():
                if o.side != c.side and able(o) and distance(c, o) <= reach:
                    yield _typed_offer("use_move", cid, {"move": name, "target": o.id},
                                       UseMoveParams(move=name, target=o.id),
                                       cost=cost_text(move),
                                       cost_detail=MOVE_COST[move["action"]])
    # An Intercept or an Attack of Opportunity is offered only while its window's own
    # rule lets ``c`` answer it (economy.window_fault, aoo_window_fault: check refuses
    # the rest, and a window stays open after it was answered, so most of those offers
    # used to be built and checked only to be refused once per trigger).
    for occ in state.occurrences:
        if occ.trigger == "attacked" and cid in occ.responders and occ.data["target"] != cid \
                and not window_fault(state, c, occ, None, "intercept"):
            yield _typed_offer("intercept", cid, {"mode": "melee", "trigger": occ.occurrence},
                               InterceptParams(mode="melee", trigger=occ.occurrence),
                               cost="Full action, Interrupt",
                               cost_detail=out_of_turn_cost(state, c, None))
        if occ.trigger in AOO_TRIGGERS and cid in occ.data.get("provokes", ()) \
                and not aoo_window_fault(state, c, occ, occ.data["by"]):
            yield _typed_offer("attack_of_opportunity", cid,
                               {"target": occ.data["by"], "trigger": occ.occurrence},
                               AttackOfOpportunityParams(target=occ.data["by"],
                                                         trigger=occ.occurrence),
                               cost="Free, Interrupt (once a round)", cost_detail=COST_AOO,
                               odds={"success": hit_odds(3 if c.combat_rank >= 5 else 4, 0)})
