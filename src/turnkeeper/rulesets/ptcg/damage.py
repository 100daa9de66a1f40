"""Damage and its helpers for card effects: Weakness and Resistance, damage counters,
healing, Special Conditions (ptcg-ex.md, Damage).
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, damage_mon

WEAKNESS_FACTOR = 2  # EX era: Weakness doubles the damage (ptcg-ex.md, Damage)


RESISTANCE_AMOUNT = 30  # EX era: Resistance takes 30 off (ptcg-ex.md, Damage)

# A Guard amount meaning "prevent all damage" (docs/rulesets/ptcg.md, Effect vocabulary).
PREVENT_ALL = 1_000_000


def hit(
    ctx: Ctx,
    seat: int,
    amount: int,
    slot: int = 0,
    *,
    wr: bool = True,
    resistance: bool = True,
    effects: bool = True,
) -> int:
    """Damage from ``seat``'s attack to the opponent's Pokémon at ``slot``; returns the damage.

    Weakness (×2) then Resistance (-30), on the Active only (ptcg-ex.md, Damage); then a
    Guard of the target (reduction or prevention during this turn). ``wr=False``: neither
    Weakness nor Resistance; ``resistance=False``: no Resistance; ``effects=False``: effects
    on the target (a Guard) do not change it either.
    """
    s = ctx.s
    target = s.sides[1 - seat].mon(slot)
    attacker = s.sides[seat].active
    if target is None or attacker is None:
        return 0
    if slot == 0 and wr and amount > 0:
        kinds = s.top(attacker).types
        card = s.top(target)
        if any(k in card.weakness for k in kinds):
            amount *= WEAKNESS_FACTOR
        if resistance and any(k in card.resistance for k in kinds):
            amount -= RESISTANCE_AMOUNT
    if effects and target.guard_turn == s.turn and amount > 0:
        amount -= target.guard
    amount = max(0, amount)
    if amount:
        if ctx.record:
            ctx.emit("damage", p=SEATS[1 - seat], slot=slot, n=amount)
        else:  # no log: the event's change made directly
            damage_mon(s, 1 - seat, slot, amount)
            ctx.emitted += 1
    return amount


def guarded(ctx: Ctx, seat: int, slot: int) -> bool:
    """Whether an attack's effects on ``seat``'s Pokémon at ``slot`` are prevented now: it
    has a Guard with effects for this turn and the player in turn is the opponent."""
    mon = ctx.s.sides[seat].mon(slot)
    return (
        mon is not None
        and mon.guard_effects
        and mon.guard_turn == ctx.s.turn
        and ctx.s.current != seat
    )


def counters(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Put ``n`` damage counters (10 HP each) on a Pokémon: no Weakness or Resistance."""
    if n and ctx.s.sides[seat].mon(slot) is not None and not guarded(ctx, seat, slot):
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=10 * n)


def heal(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Remove up to ``n`` damage counters."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage and n:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=-min(mon.damage, 10 * n))


def set_condition(ctx: Ctx, seat: int, slot: int, what: str) -> None:
    if ctx.s.sides[seat].mon(slot) is not None and not guarded(ctx, seat, slot):
        ctx.emit("condition", p=SEATS[seat], slot=slot, add=what)
