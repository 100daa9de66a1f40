"""The legal-action listing: every action the rules allow now, with its cost and odds.

The acting combatant's actions are built legal by construction (the property tests check
every one against ``check``); out-of-turn candidates (Priority, Interrupts, triggers) and the
set-up step are proposed and then kept only if ``check`` allows them. The GM's list is the
common few (a hit of 5 damage), or all of them when the GM asks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final, TypeVar, final

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
from turnkeeper.rulesets.ptu.general import OrderParams
from turnkeeper.rulesets.ptu.items import carried, is_poke_ball, poke_ball_of
from turnkeeper.rulesets.ptu.maneuvering import MANEUVER_NAMES, TRICKS, maneuver_odds_on_read
from turnkeeper.rulesets.ptu.movement import may_move
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
#: The variants of :data:`FIXED_OFFERS` in order, and their offers' kinds: an actor's fixed
#: offers are a tuple in this order (:func:`fixed_offers`), read by position (the positions
#: below), which the compiled listing reads directly where a look-up by name cost about 150
#: instructions per offer.
FIXED_VARIANTS: Final = tuple(FIXED_OFFERS)
FIXED_KINDS: Final = tuple(kind for kind, _, _, _ in FIXED_OFFERS.values())
END_TURN: Final = FIXED_VARIANTS.index("end_turn")
END_TURN_BLOCKED: Final = FIXED_VARIANTS.index("end_turn_blocked")
STANDARD_ACTION: Final = FIXED_VARIANTS.index("standard_action")
TRADE_SHIFT: Final = FIXED_VARIANTS.index("trade_shift")
TRADE_SWIFT: Final = FIXED_VARIANTS.index("trade_swift")
SHIFT_ACTION: Final = FIXED_VARIANTS.index("shift_action")
STAND_UP: Final = FIXED_VARIANTS.index("stand_up")
SWIFT_ACTION: Final = FIXED_VARIANTS.index("swift_action")
TAKE_A_BREATHER: Final = FIXED_VARIANTS.index("take_a_breather")
FREE_ACTION: Final = FIXED_VARIANTS.index("free_action")
#: Each actor's fixed offers, built once: an offer is immutable (a frozen Action whose
#: params nobody changes), so every listing hands out the same objects.
_FIXED: dict[str, tuple[Action, ...]] = {}
_FIXED_LIMIT = 10_000  # actors kept before the table starts over
#: What :func:`attack_offer` keeps of one attack: the move's entry, the attack's fields, and
#: the offers made by the target's HP.
AttackKnown = tuple[Mapping[str, Any], AttackFields, dict[int, Action]]


def fixed_offers(cid: str) -> tuple[Action, ...]:
    """The offers of :data:`FIXED_OFFERS` for ``cid``, in the order of
    :data:`FIXED_VARIANTS`."""
    offers = _FIXED.get(cid)
    if offers is None:
        offers = tuple([_offer(kind, cid, dict(params), cost=cost, cost_detail=detail)
                        for kind, params, cost, detail in FIXED_OFFERS.values()])
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
_HOLDS: Final[dict[str, dict[int, Action]]] = {}


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


_Key = TypeVar("_Key")
_Kept = TypeVar("_Kept")


def actor_table(tables: dict[str, dict[_Key, _Kept]], cid: str) -> dict[_Key, _Kept]:
    """``cid``'s own table of offers in ``tables`` (made when first asked); past
    ``_FIXED_LIMIT`` actors every table starts over, so a long-lived process stays bounded."""
    mine = tables.get(cid)
    if mine is None:
        if len(tables) >= _FIXED_LIMIT:
            tables.clear()
        mine = tables[cid] = {}
    return mine


def hold_offer(cid: str, count: int) -> Action:
    """The offer to hold ``cid``'s action to ``count``."""
    # By actor, then by count: a look-up by a (text, number) tuple built for it cost about
    # twice as much (the tuple, its hash, and comparing its items on a hit).
    mine = actor_table(_HOLDS, cid)
    offer = mine.get(count)
    if offer is None:
        offer = mine[count] = _offer("hold", cid, {"count": count}, cost="holds the turn",
                                     cost_detail=COST_NONE)
    return offer


#: The four 1 m steps from a square: ((x, y) of the square reached, the offer to Shift
#: there), by actor and then by the square left. One look-up a listing for the four (and no
#: tuple built per step to ask whether the square is taken).
Steps = tuple[tuple[tuple[int, int], Action], ...]
_STEPS: Final[dict[str, dict[tuple[int, int], Steps]]] = {}
#: The offers to Shift toward the nearest foe (:func:`approach`), by actor and square.
_CLOSER: Final[dict[str, dict[tuple[int, int], Action]]] = {}


def step_offers(cid: str, x: int, y: int) -> Steps:
    """The offers to Shift ``cid`` 1 m from ``[x, y]``, with the squares they reach."""
    mine = actor_table(_STEPS, cid)
    here = (x, y)
    steps = mine.get(here)
    if steps is None:
        if len(mine) >= _FIXED_LIMIT:
            mine.clear()
        steps = mine[here] = tuple(((x + dx, y + dy), shift_offer(cid, x + dx, y + dy))
                                   for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    return steps


def closer_offer(cid: str, to: tuple[int, int]) -> Action:
    """The offer to Shift ``cid`` to ``to``, closing in on a foe (built once, as a step)."""
    mine = actor_table(_CLOSER, cid)
    offer = mine.get(to)
    if offer is None:
        if len(mine) >= _FIXED_LIMIT:
            mine.clear()
        offer = mine[to] = _offer("shift", cid, {"to": list(to)}, cost="Shift (closing in)",
                                  cost_detail=COST_SHIFT)
    return offer


#: The last acting combatant's listing made (the list itself) and its offers' kinds, in
#: order (see :func:`kinds_listed`).
_LISTED_KINDS: Final[list[Any]] = [None, []]


def kinds_listed(actions: list[Action]) -> list[str] | None:
    """The kinds of ``actions``'s offers, in order, when ``actions`` is the last listing of
    an acting combatant that :func:`list_legal` made (the list object itself, which nobody
    changes: per_version.legal_list); ``None`` for any other list.

    The random agent groups a listing's offers by kind; reading ``kind`` of each offer (a
    plain dataclass of the kernel's) from the compiled pick was a generic attribute read per
    offer, about 2 % of a fight, while the listing names each kind as it adds the offer."""
    known = _LISTED_KINDS
    if known[0] is actions:
        kinds: list[str] = known[1]
        return kinds
    return None


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
                out.append(fixed_offers(cid)[END_TURN_BLOCKED])
                continue
            # Built legal by construction (the property tests check every one of them).
            kinds: list[str] = []
            if limits_turn(state, c):  # Enraged, Infatuated: the same test as check's
                mine: list[Action] = []
                own_turn_actions(state, c, mine, kinds)
                out.extend(o for o in mine if offer_refusal(state, c, o) is None)
            else:
                own_turn_actions(state, c, out, kinds)
                if actor is not None:  # the whole listing: keep its kinds beside it
                    _LISTED_KINDS[0] = out
                    _LISTED_KINDS[1] = kinds
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


def own_turn_actions(
    state: PtuState, c: Combatant, out: list[Action], kinds: list[str],
) -> None:
    """The acting combatant's actions, gated here as ``check`` would gate them, appended to
    ``out`` (a list, not a generator: this is the hot path of every listing), and their
    kinds to ``kinds`` (see :func:`kinds_listed`; each offer's kind is named where it is
    added, beside it: tests/ptu/test_ptu_sim.py compares them with the offers' own).

    Both lists are appended to by name (``out.append(...)``), which the compiled build
    turns into a direct list append; a local bound ``add = out.append`` was a Python-level
    call per offer."""
    cid = c.id
    fixed = fixed_offers(cid)
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

    kinds.append(FIXED_KINDS[END_TURN])
    out.append(fixed[END_TURN])
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
                # the larger of |dx| and |dy|, compared in place: the builtin ``max`` was a
                # Python-level call per foe and listing (about 900 instructions)
                dx, dy = x - ox, y - oy
                if dx < 0:
                    dx = -dx
                if dy < 0:
                    dy = -dy
                pair = (o, dx if dx >= dy else dy)
                foes.append(pair)
                if pair[1] <= 1:
                    near.append(pair)
    # Each foe's attack offers already built (attack_offers_known), asked once a listing.
    pairs: dict[str, dict[tuple[str, str], AttackKnown]] = {}
    if std:
        if near and (allowed is None or "struggle" in allowed):
            struggle = struggle_move(c)
            for o, _ in near:
                on_o = pairs[o.id] = attack_offers_known(state, c, o)
                kinds.append("struggle")
                out.append(attack_offer(state, c, o, "struggle", "", struggle, "Standard",
                                        COST_STANDARD, on_o))
        if allowed is None or "standard_action" in allowed:
            kinds.append(FIXED_KINDS[STANDARD_ACTION])
            out.append(fixed[STANDARD_ACTION])
        if near:
            maneuver_offers(state, c, near, allowed, out, kinds)
        if trainer and (allowed is None or "switch" in allowed):
            mine = [o for o in cs.values() if o.owner == c.owner and o.kind == "pokemon"
                    and o.owner is not None and not o.captured]
            ready = [n for n in mine if not n.on_field and not n.fainted
                     and n.recalled_round != state.clock.round]
            for o in mine:
                if o.on_field and not o.fainted and (state.context == "league"
                                   or distance(c, o) <= RECALL_RANGE):
                    for n in ready:
                        kinds.append("switch")
                        out.append(_offer("switch", cid, {"recall": o.id, "release": n.id},
                                          cost="Standard", cost_detail=COST_STANDARD))
        if trainer and (allowed is None or "throw_pokeball" in allowed):
            # At wild Pokémon only, so those are looked for before the ball the Trainer
            # would throw (ptu.capture.has-ball): most listings have none in reach.
            wild = [o for o, _ in foes if o.owner is None and o.kind == "pokemon"]
            if wild and poke_ball_of(c) is not None:
                for o in wild:
                    kinds.append("throw_pokeball")
                    out.append(_offer("throw_pokeball", cid, {"target": o.id},
                                      cost="Standard", cost_detail=COST_STANDARD,
                                      odds={"success": hit_odds(6, 0)}))
        if trainer and (allowed is None or "use_item" in allowed) and (c.items or c.in_hand):
            # Offered on the Trainer's own Pokémon on the field; any combatant on the
            # field is a valid target for ``check``.
            team = [o.id for o in cs.values() if o.owner == c.owner and present(o)
                    and o.kind == "pokemon"]
            for item in dict.fromkeys([*c.in_hand, *c.items]):
                if carried(c, item) > 0 and not is_poke_ball(item):  # balls: throw_pokeball
                    for oid in team:
                        kinds.append("use_item")
                        out.append(_offer("use_item", cid, {"item": item, "target": oid},
                                          cost="Standard", cost_detail=COST_STANDARD))
        if trainer and (allowed is None or "take_out_item" in allowed):
            for item, count in c.items.items():
                if count > 0:
                    kinds.append("take_out_item")
                    out.append(_offer("take_out_item", cid, {"item": item}, cost="Standard",
                                      cost_detail=COST_STANDARD))
        if allowed is None or "trade_standard" in allowed:
            # Giving up the Standard is offered, never made for the player (READINGS ptu).
            kinds.append(FIXED_KINDS[TRADE_SHIFT])
            out.append(fixed[TRADE_SHIFT])
            if state.settings.swift_trade:
                kinds.append(FIXED_KINDS[TRADE_SWIFT])
                out.append(fixed[TRADE_SWIFT])
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
                kinds.append("use_move")
                out.append(self_move_offer(cid, name, cost, detail))
                continue
            for o, far in foes:
                if far <= reach:
                    on_foe = pairs.get(o.id)
                    if on_foe is None:
                        on_foe = pairs[o.id] = attack_offers_known(state, c, o)
                    kinds.append("use_move")
                    out.append(attack_offer(state, c, o, "use_move", name, move, cost, detail,
                                            on_foe))
    if shift:
        tripped = "tripped" in c.statuses
        if (allowed is None or "shift" in allowed) and c.movement > 0 and may_move(c):
            for square, offer in step_offers(cid, x, y):
                if square not in taken:
                    kinds.append("shift")
                    out.append(offer)
            closer = approach(c, foes, taken)
            if closer is not None:
                kinds.append("shift")
                out.append(closer_offer(cid, closer))
        if allowed is None or "shift_action" in allowed:
            kinds.append(FIXED_KINDS[SHIFT_ACTION])
            out.append(fixed[SHIFT_ACTION])
        if tripped and (allowed is None or "stand_up" in allowed):
            kinds.append(FIXED_KINDS[STAND_UP])
            out.append(fixed[STAND_UP])
        if trainer and (allowed is None or "replace_fainted" in allowed):
            for o in cs.values():
                if (o.owner == c.owner and o.owner is not None and o.kind == "pokemon"
                        and o.fainted and present(o) and (
                            state.context == "league" or distance(c, o) <= RECALL_RANGE)):
                    for n in cs.values():
                        if (n.owner == c.owner and n.kind == "pokemon" and not n.on_field
                                and not n.fainted and not n.captured
                                and n.recalled_round != state.clock.round):
                            kinds.append("replace_fainted")
                            out.append(_offer("replace_fainted", cid,
                                              {"recall": o.id, "release": n.id},
                                              cost="Shift (release free)", cost_detail=COST_SHIFT))
    if swift and (allowed is None or "swift_action" in allowed):
        kinds.append(FIXED_KINDS[SWIFT_ACTION])
        out.append(fixed[SWIFT_ACTION])
    if std and shift and (allowed is None or "take_a_breather" in allowed):
        kinds.append(FIXED_KINDS[TAKE_A_BREATHER])
        out.append(fixed[TAKE_A_BREATHER])
    count = round_count(state, c)
    if count > 0 and hold_refusal(state, c) is None:
        kinds.append("hold")
        out.append(hold_offer(cid, count - 1))
    kinds.append(FIXED_KINDS[FREE_ACTION])
    out.append(fixed[FREE_ACTION])


#: Attack offers of one actor on one target, by (actor, target, what the attack's numbers are
#: worked out from), then by (kind, move name): the move's entry, the attack's fields and the
#: offers by the target's HP (see :func:`attack_offer`). Two levels, so that a listing builds
#: and looks up the pair's key (its longest) once for all the pair's moves, not once a move;
#: the HP apart, so that a hit (a new HP) reuses the attack's fields and only makes the offer.
_ATTACKS: dict[tuple[str, str, tuple[Any, ...]], dict[tuple[str, str], AttackKnown]] = {}
_ATTACK_PAIRS_LIMIT = 5_000  # pairs kept before the table starts over (a few offers each)
_ATTACK_OFFERS_LIMIT = 10_000  # offers kept (over all pairs, moves and HPs) before it does
_attack_offers_kept = 0  # offers in the table since it last started over


@final
class AttackBasis:
    """What the odds of ``c``'s attacks on ``o`` are worked out from (see
    :func:`attack_offers_known`), as they were when this was made: the numbers as they are,
    the lists and tables copied (the combatants change them in place)."""

    def __init__(self, state: PtuState, c: Combatant, o: Combatant) -> None:
        settings = state.settings
        self.attack = c.attack
        self.special_attack = c.special_attack
        self.types = list(c.types)
        self.stages = dict(c.stages)
        self.statuses = list(c.statuses)
        self.defense = o.defense
        self.special_defense = o.special_defense
        self.speed = o.speed
        self.target_types = list(o.types)
        self.target_stages = dict(o.stages)
        self.target_statuses = list(o.statuses)
        self.damage_mode: str = settings.damage_mode
        self.hit_damage: str = settings.hit_damage
        self.known: dict[tuple[str, str], AttackKnown] = {}

    def key(self) -> tuple[Any, ...]:
        """The same, as a key of :data:`_ATTACKS`."""
        return (self.attack, self.special_attack, tuple(self.types),
                tuple(self.stages.items()), tuple(self.statuses), self.defense,
                self.special_defense, self.speed, tuple(self.target_types),
                tuple(self.target_stages.items()), tuple(self.target_statuses),
                self.damage_mode, self.hit_damage)

    def holds(self, damage_mode: str, hit_damage: str, c: Combatant, o: Combatant) -> bool:
        """Whether ``c``, ``o`` and the settings still have what this was made from: field by
        field, without building a key (the numbers first, the lists when those match)."""
        # the statuses first: what most often differs between a pair's bases in a fight
        return (self.statuses == c.statuses and self.target_statuses == o.statuses
                and self.attack == c.attack and self.special_attack == c.special_attack
                and self.defense == o.defense and self.special_defense == o.special_defense
                and self.speed == o.speed and self.damage_mode == damage_mode
                and self.hit_damage == hit_damage and self.types == c.types
                and self.stages == c.stages and self.target_types == o.types
                and self.target_stages == o.stages)


#: The bases last used by each actor on each target (by actor, then target; the latest
#: first, at most :data:`_RECENT_BASES`): a turn's listings ask the same pair again and again
#: with nothing changed, and a fight goes back and forth between a few statuses; comparing
#: the fields costs a tenth of building the basis's key, hashing it and comparing it in the
#: table.
_LAST_BASIS: Final[dict[str, dict[str, list[AttackBasis]]]] = {}
_RECENT_BASES: Final = 4


def attack_offers_known(
    state: PtuState, c: Combatant, o: Combatant,
) -> dict[tuple[str, str], AttackKnown]:
    """What was built before for attacks of ``c`` on ``o`` with the same of what their
    numbers are worked out from (filled by :func:`attack_offer`).

    The odds read only the two sides' stats, combat stages, statuses and types, ``o``'s HP,
    the move's entry and the damage settings (:class:`AttackBasis`): for the same of those an
    offer built before is handed out again (a turn's listings ask it after every Shift, and a
    fight asks the same few questions all along); the attack's fields
    (damage.attack_fields) read all of those but the HP."""
    global _attack_offers_kept
    settings = state.settings
    mine = _LAST_BASIS.get(c.id)
    if mine is None:
        if len(_LAST_BASIS) >= _ATTACK_PAIRS_LIMIT:
            _LAST_BASIS.clear()
        mine = _LAST_BASIS[c.id] = {}
    recent = mine.get(o.id)
    if recent is None:
        recent = mine[o.id] = []
    else:
        damage_mode: str = settings.damage_mode
        hit_damage: str = settings.hit_damage
        for i, last in enumerate(recent):
            if last.holds(damage_mode, hit_damage, c, o):
                if i:  # the latest first
                    recent.insert(0, recent.pop(i))
                return last.known
    basis = AttackBasis(state, c, o)
    key = (c.id, o.id, basis.key())
    known = _ATTACKS.get(key)
    if known is None:
        if len(_ATTACKS) >= _ATTACK_PAIRS_LIMIT:
            _ATTACKS.clear()
            _LAST_BASIS.clear()
            recent = []
            _LAST_BASIS[c.id] = {o.id: recent}
            _attack_offers_kept = 0
        known = _ATTACKS[key] = basis.known
    else:
        basis.known = known
    recent.insert(0, basis)
    if len(recent) > _RECENT_BASES:
        recent.pop()
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
            _LAST_BASIS.clear()
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


#: Maneuver offers on one adjacent foe, by actor, then by (foe, damage setting, Dirty Tricks
#: used on it): the two sides' Combat ranks and skills they were made with (copied: read
#: under the engine's damage only), the offers, which are immutable, so listings share
#: them, and their kinds (see :func:`maneuver_offers`).
ManeuversKnown = tuple[int, dict[str, int], int, dict[str, int], tuple[Action, ...],
                       tuple[str, ...]]
_MANEUVERS: Final[dict[str, dict[tuple[str, bool, tuple[str, ...]], ManeuversKnown]]] = {}


def maneuver_offers(
    state: PtuState, c: Combatant, foes: list[tuple[Combatant, int]], allowed: set[str] | None,
    out: list[Action], kinds: list[str],
) -> None:
    """Push, Trip, Disarm, Grapple and the unused Dirty Tricks on adjacent foes, with the
    chance that each takes effect (maneuvering.py); built as ``check_attack`` gates them,
    appended to ``out`` (not a generator: one listing in two has a foe adjacent), their
    kinds to ``kinds``.

    Built once per question: ``maneuver_odds`` reads only the damage setting and each side's
    best skill dice (from its Combat rank and skills), so those, the two ids and the Dirty
    Tricks still unused on the foe name the offers. The skills are compared as they are
    (a combatant's table has a dozen or more): a key made of them cost several thousand
    instructions per foe and listing."""
    engine = state.settings.hit_damage == "engine"
    by_actor = _MANEUVERS.get(c.id)
    if by_actor is None:
        if len(_MANEUVERS) >= _FIXED_LIMIT:
            _MANEUVERS.clear()
        by_actor = _MANEUVERS[c.id] = {}
    tricks = c.dirty_tricks
    for o, far in foes:
        if far > 1:
            continue
        used: tuple[str, ...] = ()
        if tricks:
            oid = o.id
            used = tuple([t for t in TRICKS if [t, oid] in tricks])
        key = (o.id, engine, used)
        known = by_actor.get(key)
        if known is None or (engine and not (
                known[0] == c.combat_rank and known[2] == o.combat_rank
                and known[1] == c.skills and known[3] == o.skills)):
            if len(by_actor) >= _FIXED_LIMIT:
                by_actor.clear()
            offers = tuple(_maneuvers_on(state, c, o, used))
            known = by_actor[key] = (c.combat_rank, dict(c.skills), o.combat_rank,
                                     dict(o.skills), offers,
                                     tuple([offer.kind for offer in offers]))
        if allowed is None:
            out.extend(known[4])
            kinds.extend(known[5])
        else:
            for offer, kind in zip(known[4], known[5], strict=True):
                if kind in allowed:
                    out.append(offer)
                    kinds.append(kind)


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


#: What an offered Order says it is: the kind names no particular Order (a Trainer's
#: Features do), and ``what`` is free text a client may replace by the Order's own name.
ORDER_WHAT: Final = "an Order"


def order_offers(state: PtuState, c: Combatant) -> Iterator[Action]:
    """The Trainer ``c``'s Order out of its turn, one offer per own Pokémon able on the
    field (the Order's target), or one without a target when it has none there.

    An Order is the Trainer's Priority (Limited) action (``ptu.priority.limited``: only the
    Order now, the rest of the turn at its own count, p. 227); between turns it is offered
    like a Priority move, and :func:`list_legal` keeps it only when ``check`` allows it (the
    Trainer has not acted this round and has its Standard action). Only listings that ask
    for out-of-turn candidates build these, never the acting combatant's own listing."""
    cid = c.id
    found = False
    for o in state.combatants.values():
        if o.kind == "pokemon" and o.owner == c.owner and o.on_field and able(o):
            found = True
            yield _typed_offer("order", cid, {"what": ORDER_WHAT, "target": o.id},
                               OrderParams(what=ORDER_WHAT, target=o.id),
                               cost="Standard, Priority (Limited)", cost_detail=COST_STANDARD)
    if not found:
        yield _typed_offer("order", cid, {"what": ORDER_WHAT}, OrderParams(what=ORDER_WHAT),
                           cost="Standard, Priority (Limited)", cost_detail=COST_STANDARD)


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
    if c.kind == "trainer" and not mid_turn(state):
        yield from order_offers(state, c)
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
