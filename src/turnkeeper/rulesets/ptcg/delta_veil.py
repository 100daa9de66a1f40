"""Holon Veil (Ampharos δ ex15-1, a Poké-Body): while it works, every Pokémon card of its
player counts as δ Species (reading ``ptcg.ex15.holon-veil``, docs/rulesets/ptcg.md, ex15).

``holon.is_delta`` looks at a card alone (its printed δ mark). Every δ question of the engine
whose card has a known owner asks :func:`is_delta_for` instead: the card is a Pokémon card and
either carries the mark or its owner has a Pokémon in play whose Poké-Body makes their cards δ
(``reg.DELTA_VEIL_BODIES``) and that Body works now (not under Toxic Gas, not switched off by
``board.body_off``: Battle Frontier turns off Ampharos δ's, a Colorless Evolved Pokémon).

Reading: the card names the deck, the discard pile, the hand and the Pokémon in play; the
Prize cards (face down, never asked whether they are δ) are left as printed. The Body works
for its own player's cards only, and Ampharos δ itself is δ anyway. Holon's Pokémon attached
as an Energy card are Energy cards while attached (``ptcg.ex11.holons-pokemon``), so no δ
question reaches them there.
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import body_off, gassed
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState


def delta_veiled(s: PtcgState, seat: int) -> bool:
    """Whether a Poké-Body of one of ``seat``'s Pokémon in play makes every Pokémon card of
    ``seat`` δ Species now (reg.DELTA_VEIL_BODIES: Holon Veil ex15-1)."""
    table = reg.DELTA_VEIL_BODIES
    if not table or not s.special or gassed(s):
        return False
    return any(
        s.cards[mon.stack[-1]] in table and not body_off(s, mon)
        for _, mon in s.sides[seat].in_play()
    )


def is_delta_for(s: PtcgState, seat: int, card: CardDef) -> bool:
    """Whether ``card``, one of ``seat``'s cards (in the deck, discard pile, hand or in play),
    is δ Species now: a Pokémon card with the δ mark, or any Pokémon card of a player whose
    Holon Veil works (:func:`delta_veiled`)."""
    if card.kind != "pokemon":
        return False
    return card.delta or delta_veiled(s, seat)


def mon_is_delta(s: PtcgState, mon: Mon) -> bool:
    """Whether the Pokémon in play ``mon`` (its top card) is δ Species now, for its owner."""
    card = s.top(mon)
    if card.kind != "pokemon":
        return False
    if card.delta:
        return True
    for seat in (0, 1):
        if any(m is mon for _, m in s.sides[seat].in_play()):
            return delta_veiled(s, seat)
    return False
