"""Discarding a Fossil from play at will (``discard_fossil``).

Mysterious Fossil, Claw Fossil and Root Fossil (EX Sandstorm; ``cards.CardDef.is_fossil``)
are Trainer cards played as Basic Pokémon. Their cards also let their owner discard them from
play at any time during that player's turn before the attack (their card rules,
ex2-90..92). Here that is its own action of the turn: ``discard_fossil`` with the
Fossil's place. The Fossil goes to the discard pile with every card attached to it (the
``discard_pokemon`` event); it is no Knock Out, so no Prize is taken. An Active Fossil
discarded leaves the Active spot empty, and its owner promotes a Benched Pokémon at once
(then the turn goes on).

Refused (``ptcg.card.discard-fossil``): a Pokémon that is not a Fossil; and the player's
only Pokémon in play (project reading, as for Mr. Briney's Compassion: the card gives a way
to clear a Fossil away, not a way to lose the game by having no Pokémon left).
After the attack the turn is over, so the attack's own rule refuses it then.
"""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptcg.board import SLOT_INDEX, slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.params import OwnPlace, described
from turnkeeper.rulesets.ptcg.refusal import own_target, refuse
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.turn import after


@described("``discard_fossil``: the place of the own Fossil discarded from play.")
class DiscardFossilParams(Params):
    target: "OwnPlace"  # noqa: UP037  (quoted: params.py)


def fossil_rule(s: PtcgState, seat: int, slot: int) -> str | None:
    """Why the Pokémon at ``slot`` may not be discarded from play now (None: it may)."""
    side = s.sides[seat]
    mon = side.mon(slot)
    if mon is None:
        return f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}"
    top = s.top(mon)
    if not top.is_fossil:
        return f"{top.name} is no Fossil: only a Fossil's card lets it be discarded at will"
    if len(side.bench) + (side.active is not None) < 2:
        return f"{top.name} is {SEATS[seat]}'s only Pokémon in play"
    return None


def check_discard_fossil(s: PtcgState, seat: int, params: DiscardFossilParams) -> Refusal | None:
    slot, no = own_target(s, seat, params.target, "discard_fossil")
    if no:
        return no
    reason = fossil_rule(s, seat, slot)
    return refuse("ptcg.card.discard-fossil", reason) if reason else None


def run_discard_fossil(ctx: Ctx, seat: int, params: DiscardFossilParams) -> None:
    ctx.emit("discard_pokemon", p=SEATS[seat], slot=SLOT_INDEX[params.target])
    after(ctx, "main")  # an Active discarded: its owner promotes, then the turn goes on


def fossil_places(s: PtcgState, seat: int) -> list[int]:
    """The places of the player's Fossils that may be discarded now (for the listing)."""
    side = s.sides[seat]
    return [
        slot
        for slot, mon in side.in_play()
        if s.top(mon).is_fossil and fossil_rule(s, seat, slot) is None
    ]
