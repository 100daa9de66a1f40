"""Turn step 6: retreating the Active Pokémon, once a turn, paying its cost in Energy."""

from __future__ import annotations

from typing import Annotated

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import (
    SLOT_INDEX,
    body_off,
    energy_amount,
    gassed,
    max_hp,
    parse_slot,
    retreat_cost,
    retreat_energy_due,
    slot_name,
    tool_pays_retreat,
    zone_card,
)
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import retreats_anyway, rule_body
from turnkeeper.rulesets.ptcg.params import CardRef, Place, described
from turnkeeper.rulesets.ptcg.refusal import known_card, mon_names, refuse, why
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState, discard_energy_of, switch_active
from turnkeeper.rulesets.ptcg.turn import after

RetreatTarget = Annotated[Place, meta("the Benched Pokémon that becomes the Active")]
RetreatDiscard = Annotated[
    list[CardRef] | None,
    meta(
        "the attached Energy cards discarded to pay the cost (default: the most "
        "recently attached ones)"
    ),
]


@described("``retreat``: the Benched Pokémon that comes in, and the Energy paid if named.")
class RetreatParams(Params):
    target: "RetreatTarget"  # noqa: UP037  (quoted: params.py)
    discard: "RetreatDiscard" = None  # noqa: UP037  (quoted: params.py)


def retreat_rule(s: PtcgState, mon: Mon) -> str | None:
    """Turn step 6: once per turn, not Asleep or Paralyzed, not blocked, cost paid."""
    if s.retreated:
        return "ptcg.retreat.once-per-turn"
    if mon.rotation in ("asleep", "paralyzed") and not (s.special and retreats_anyway(s, mon)):
        return "ptcg.retreat.condition"
    if mon.no_retreat >= s.turn:
        return "ptcg.retreat.blocked"
    if s.special:
        if s.top(mon).is_fossil:  # its card: a Fossil cannot retreat
            return "ptcg.retreat.blocked"
        if rule_body(s, s.current, "retreat"):
            return "ptcg.retreat.body"
        if mon.rotation == "confused" and rule_body(s, s.current, "retreat_confused"):
            return "ptcg.retreat.body"
        if reg.NO_RETREAT_ENERGY and any(s.cards[c] in reg.NO_RETREAT_ENERGY for c in mon.energy):
            return "ptcg.retreat.blocked"  # a special Energy's own rule (Boost Energy)
    # ptcg.retreat.cost, paid in Energy provided (READINGS ptcg): count the cards first, the
    # cheap bound. A Tool that pays the cost instead (Balloon Berry) needs no Energy.
    cost = retreat_energy_due(s, mon)
    if len(mon.energy) < cost:
        defs = s.defs
        provided = 0
        for card in mon.energy:
            provided += len(defs[card].provides) or 1  # energy_amount(s, card)
        if provided < cost:
            return "ptcg.retreat.cost"
    return None


def check_retreat(s: PtcgState, seat: int, params: RetreatParams) -> Refusal | None:
    slot = parse_slot(params.target, "retreat: 'target'")
    side = s.sides[seat]
    mon = side.active
    discard = params.discard
    if s.retreated:  # the turn's one retreat is spent: that limit first
        return why("ptcg.retreat.once-per-turn", player=SEATS[seat])
    if slot == 0:
        return refuse(
            "ptcg.retreat.to-bench",
            "the Active retreats to the Bench: name the Benched Pokémon that comes in "
            "(bench1..bench5)",
        )
    if mon is None or side.mon(slot) is None:
        return refuse("ptcg.target.in-play", f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}")
    rule = retreat_rule(s, mon)
    if rule == "ptcg.retreat.body":
        return refuse(rule, rule_body(s, seat, "retreat") or "")
    if rule:
        return why(rule, player=SEATS[seat], **mon_names(s, mon))
    if discard and tool_pays_retreat(s, mon):
        return refuse(
            "ptcg.retreat.cost",
            f"{s.card(mon.tool).name} is discarded instead of Energy: name no Energy",
        )
    if discard is not None and not tool_pays_retreat(s, mon):
        cost = retreat_cost(s, mon)
        pool_left = list(mon.energy)
        amounts = []
        for ref in discard:
            inst = zone_card(s, pool_left, ref)
            if inst < 0:
                known_card(s, ref, "retreat")  # a card that does not exist is malformed
                return refuse(
                    "ptcg.retreat.cost",
                    f"{ref} is not attached to {s.top(mon).name} (as many times as named): "
                    "the cost is paid with Energy attached to the retreating Pokémon",
                )
            pool_left.remove(inst)
            amounts.append(energy_amount(s, inst))
        paid = sum(amounts)
        if paid < cost:
            return refuse(
                "ptcg.retreat.cost",
                f"the named Energy provides {paid}, short of the retreat cost of {cost}",
            )
        if amounts and paid - min(amounts) >= cost:
            return refuse(
                "ptcg.retreat.cost",
                f"the named Energy provides {paid}, beyond the retreat cost of {cost}: name "
                f"exactly {cost} Energy, none of them beyond what is needed",
            )
    return None


def pick_retreat_energy(s: PtcgState, mon: Mon, cost: int) -> list[int]:
    """The Energy discarded when the player names none: the most recently attached first,
    until the cards discarded provide the cost."""
    chosen: list[int] = []
    paid = 0
    for card in reversed(mon.energy):
        if paid >= cost:
            break
        chosen.append(card)
        paid += energy_amount(s, card)
    return chosen


def punish_retreat(ctx: Ctx, seat: int, mon: Mon) -> None:
    """``seat``'s Active Pokémon ``mon`` retreats: a Poké-Body of one of the opponent's
    Pokémon in play may put damage counters on it first (reg.RETREAT_PUNISHERS: Metal
    Gravity, while it has at least the HP the Body names left; one such Body acts)."""
    s = ctx.s
    if gassed(s):
        return
    for _, holder in s.sides[1 - seat].in_play():
        found = reg.RETREAT_PUNISHERS.get(s.cards[holder.stack[-1]])
        if found is None or body_off(s, holder):
            continue
        name, n, least = found
        if max_hp(s, mon) - mon.damage >= least:
            ctx.emit("note", what="body", p=SEATS[1 - seat], card=holder.stack[-1], name=name)
            ctx.emit("damage", p=SEATS[seat], slot=0, n=10 * n)
        return


def run_retreat(ctx: Ctx, seat: int, params: RetreatParams) -> None:
    s = ctx.s
    mon = s.sides[seat].active
    assert mon is not None
    cost = retreat_cost(s, mon)
    named = params.discard
    berry = tool_pays_retreat(s, mon)
    if berry:  # the Tool goes instead of Energy
        ctx.emit("discard_tool", p=SEATS[seat], slot=0)
        chosen = []
    elif named is None:
        chosen = pick_retreat_energy(s, mon, cost)
    else:
        left = list(mon.energy)
        chosen = []
        for ref in named:
            inst = zone_card(s, left, ref)
            left.remove(inst)
            chosen.append(inst)
    slot = SLOT_INDEX[params.target]
    if s.special and cost == 0 and s.top(mon).retreat and not berry:
        body = reg.RETREAT_BODIES.get(s.cards[mon.stack[-1]])
        if body is not None and body.free(s, mon) and not body_off(s, mon):  # its Body: say why
            ctx.emit("note", what="body", p=SEATS[seat], card=mon.stack[-1], name=body.name)
    if s.special and mon.rotation in ("asleep", "paralyzed"):  # its Body let it retreat
        feet = reg.RETREAT_ANY_CONDITION.get(s.cards[mon.stack[-1]])
        if feet is not None:
            ctx.emit("note", what="body", p=SEATS[seat], card=mon.stack[-1], name=feet)
    if s.special and reg.RETREAT_PUNISHERS:
        punish_retreat(ctx, seat, mon)
    if not ctx.record:  # no log: the events' changes made directly
        if chosen:
            discard_energy_of(s, seat, 0, chosen)
            ctx.emitted += 1
        switch_active(s, seat, slot, True)
        ctx.emitted += 1
        if s.stadium < 0:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, and without a Stadium retreating changes no damage
            # or HP and leaves an Active in place
            return
    else:
        if chosen:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=chosen)
        ctx.emit("switch", p=SEATS[seat], slot=slot, retreat=True)
    after(ctx, "main")
