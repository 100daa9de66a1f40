"""Turn step 4: evolving a Pokémon in play."""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import SLOT_INDEX, first_turn_of, hand_card
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import evolve_onto, evolve_power, evolved, rule_body
from turnkeeper.rulesets.ptcg.params import CardRef, OwnPlace, described
from turnkeeper.rulesets.ptcg.refusal import card_in_hand, mon_names, own_target, refuse, why
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState, evolve_mon
from turnkeeper.rulesets.ptcg.turn import after


@described("``evolve``: the Evolution card from the hand and the own Pokémon it evolves.")
class EvolveParams(Params):
    card: "CardRef"  # noqa: UP037  (quoted: params.py)
    target: "OwnPlace"  # noqa: UP037  (quoted: params.py)


def evolve_rule(s: PtcgState, mon: Mon, card: CardDef) -> str | None:
    """Turn step 4: the right stage and name; not on a first turn, a newcomer, or twice."""
    if not card.is_evolution:
        return "ptcg.card.wrong-kind"
    base = s.top(mon)
    if card.evolves_from != base.name or base.stage != (
        "basic" if card.stage == "stage1" else "stage1"
    ):
        return "ptcg.evolve.matches"
    if first_turn_of(s):
        return "ptcg.evolve.not-first-turn"
    if mon.entered >= s.turn:
        return "ptcg.evolve.not-new"
    if mon.evolved >= s.turn:
        return "ptcg.evolve.once-per-turn"
    if s.special and mon is s.sides[s.current].active and rule_body(s, s.current, "evolve_active"):
        return "ptcg.evolve.body"
    return None


def check_evolve(s: PtcgState, seat: int, params: EvolveParams) -> Refusal | None:
    inst, no = card_in_hand(s, seat, params.card, "evolve")
    if no:
        return no
    slot, no = own_target(s, seat, params.target, "evolve")
    card = s.card(inst)
    if not card.is_evolution:
        return why("ptcg.card.wrong-kind", card=card.name, how="it is not an Evolution card")
    if no:
        return no
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    rule = evolve_rule(s, mon, card)
    if rule == "ptcg.evolve.body":
        return refuse(rule, rule_body(s, seat, "evolve_active") or "")
    if rule:
        return why(rule, card=card.name, evolves_from=card.evolves_from, **mon_names(s, mon))
    return None


def run_evolve(ctx: Ctx, seat: int, params: EvolveParams) -> None:
    inst = hand_card(ctx.s, seat, params.card)
    slot = SLOT_INDEX[params.target]
    if ctx.record:
        evolve_onto(ctx, seat, slot, inst)
    else:  # no log: the event's change made directly
        s = ctx.s
        evolve_mon(s, seat, inst, slot)
        ctx.emitted += 1
        if s.special:  # what lasting.evolve_onto does after its event
            evolved(ctx, seat, slot, from_hand=True)
            if reg.EVOLVE_POWERS:
                evolve_power(ctx, seat, slot)
        mon = s.sides[seat].mon(slot)
        if s.stadium < 0 and mon is not None and mon.damage < s.defs[inst].hp:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, and only this Pokémon's HP changed (without a
            # Stadium, its new card's printed HP), still above its damage
            return
    after(ctx, "main")
