"""Turn step 3: one Energy card from the hand per turn, and what reacts to it."""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import SLOT_INDEX, body_off, gassed, hand_card
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import (
    attach_banned,
    attach_blocked,
    energy_attached,
    stadium_attached,
)
from turnkeeper.rulesets.ptcg.params import CardRef, OwnPlace, described
from turnkeeper.rulesets.ptcg.refusal import card_in_hand, own_target, refuse, why
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import after


@described("``attach``: the Energy card from the hand and the own Pokémon it goes onto.")
class AttachParams(Params):
    card: "CardRef"  # noqa: UP037  (quoted: params.py)
    target: "OwnPlace"  # noqa: UP037  (quoted: params.py)


def attach_rule(s: PtcgState, card: CardDef) -> str | None:
    """Turn step 3: one Energy card from the hand per turn. (A special Energy without a
    handler is in the game only by allow_unimplemented: its effect resolved by hand.)"""
    if card.kind != "energy" and not attached_as_energy(card):
        return "ptcg.card.wrong-kind"
    if s.energy_played:
        return "ptcg.energy.one-per-turn"
    return None


def attached_as_energy(card: CardDef) -> bool:
    """A Holon's Pokémon its player may attach as an Energy card (holon.py,
    ``ptcg.ex11.holons-pokemon``): only with its handler (else it is played as a Pokémon)."""
    return card.as_energy and card.id in reg.ENERGIES


def attach_target_rule(s: PtcgState, card: CardDef, mon: Mon) -> str | None:
    """A special Energy that goes only onto some Pokémon (its ``attach_to``), or a Pokémon
    an attack's effect keeps Energy from the hand off this turn (Freeze Lock)."""
    return "ptcg.energy.condition" if attach_target_reason(s, card, mon) else None


def attach_target_reason(s: PtcgState, card: CardDef, mon: Mon) -> str:
    """Why ``card`` cannot go from the hand onto ``mon`` ("": it can)."""
    effect = reg.ENERGIES.get(card.id)
    if effect is not None and effect.attach_to is not None:
        found = effect.attach_to(s, mon)
        if found:
            return f"{card.name}: {found}"
    if mon.later and attach_blocked(s, mon):
        return f"an attack's effect keeps Energy from the hand off {s.top(mon).name} this turn"
    return attach_banned(s, card, mon)


def check_attach(s: PtcgState, seat: int, params: AttachParams) -> Refusal | None:
    inst, no = card_in_hand(s, seat, params.card, "attach")
    if no:
        return no
    _slot, no = own_target(s, seat, params.target, "attach")
    card = s.card(inst)
    rule = attach_rule(s, card)
    if rule:
        # the card's kind or the spent attachment first; a missing target comes in ``also``
        return why(
            rule,
            also=(no.rule,) if no else (),
            card=card.name,
            how="only Energy is attached",
            player=SEATS[seat],
        )
    if no:
        return no
    mon = s.sides[seat].mon(_slot)
    assert mon is not None
    reason = attach_target_reason(s, card, mon) if s.special else ""
    if reason:
        return refuse("ptcg.energy.condition", reason)
    return None


def run_attach(ctx: Ctx, seat: int, params: AttachParams) -> None:
    s = ctx.s
    inst = hand_card(s, seat, params.card)
    slot = SLOT_INDEX[params.target]
    if ctx.record:
        ctx.emit("attach", p=SEATS[seat], card=inst, slot=slot, counts=True)
    else:  # no log: the event's change made directly
        # attach_card(s, seat, inst, slot, "hand", True), inline
        side = s.sides[seat]
        side.hand.remove(inst)
        mon = side.mon(slot)
        assert mon is not None
        mon.energy.append(inst)
        s.energy_played = True
        ctx.emitted += 1
        emitted = ctx.emitted
        energy = reg.ENERGIES.get(s.cards[inst])
        powers = s.defs[mon.stack[-1]].powers
        if (
            powers
            or s.special
            or (energy is not None and energy.on_attach is not None)
            or (energy is None and not s.defs[inst].basic_energy)
        ):
            # (without an Energy effect or a power, attached_from_hand has nothing to do)
            attached_from_hand(ctx, seat, slot, inst)
        if ctx.emitted == emitted and s.stadium < 0:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, no effect reacted to the Energy (no event) and without
            # a Stadium an Energy card changes no HP
            return
        after(ctx, "main")
        return
    attached_from_hand(ctx, seat, slot, inst)
    after(ctx, "main")


def attached_from_hand(ctx: Ctx, seat: int, slot: int, inst: int) -> None:
    """What reacts to an Energy card put from the hand onto a Pokémon during the turn:
    the Energy's own effect (Rainbow Energy) and the Pokémon's Poké-Bodies (Natural Remedy).
    """
    s = ctx.s
    energy = reg.ENERGIES.get(s.cards[inst])
    if energy is not None and energy.on_attach is not None:
        energy.on_attach(ctx, seat, slot, inst)
    elif energy is None and not s.defs[inst].basic_energy:  # only by allow_unimplemented
        resolve_by_hand(ctx, seat, inst, "special Energy effect")
    mon = s.sides[seat].mon(slot)
    if mon is not None and not (s.special and (gassed(s) or body_off(s, mon))):
        card = s.top(mon)
        for power in card.powers:
            body = reg.BODIES.get((card.id, power.name))
            # ptcg.power.body-always-on: a Poké-Body reacts by itself, never used on purpose.
            if body is not None and body.on_attach is not None:
                body.on_attach(ctx, seat, slot, inst)
        # a Poké-Power used as the Energy is attached (Eevee's Energy Evolution, Rocket's
        # Raikou ex's Lightning Burst): one hook for both (two branches added it twice)
        attach_power = reg.ATTACH_POWERS.get(card.id) if reg.ATTACH_POWERS else None
        if attach_power is not None and s.phase == "main":
            attach_power[1](ctx, seat, slot, inst)
    if s.special:  # the opponent's Poké-Bodies that react to it (Conductivity), the Stadium
        energy_attached(ctx, seat, slot)
        stadium_attached(ctx, seat, slot)
