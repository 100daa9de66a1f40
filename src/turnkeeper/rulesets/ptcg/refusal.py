"""What a refusal says: the rule and a reason filled in with this case's names, and the
checks every family shares (the card is in the hand, the place is taken).
"""

from __future__ import annotations

from typing import Any

from turnkeeper.core.model import BadActionError, Refusal
from turnkeeper.rulesets.ptcg.board import hand_card, parse_slot, retreat_cost, slot_name
from turnkeeper.rulesets.ptcg.rules import RULES
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState


def refuse(rule: str, detail: str = "", also: tuple[str, ...] = ()) -> Refusal:
    """The refusal citing ``rule`` first; ``also`` names further rules the action breaks."""
    return RULES.refuse(rule, detail, also=also)


def known_card(s: PtcgState, ref: str, kind: str) -> None:
    from turnkeeper.rulesets.ptcg.cards import find_card, pool

    if find_card(pool(s.card_db), ref) is None:
        raise BadActionError(f"{kind}: unknown card {ref!r}")


def card_in_hand(s: PtcgState, seat: int, ref: str, kind: str) -> tuple[int, Refusal | None]:
    inst = hand_card(s, seat, ref)
    if inst < 0:
        known_card(s, ref, kind)
        return -1, refuse("ptcg.card.in-hand", f"{ref} is not in {SEATS[seat]}'s hand")
    return inst, None


def own_target(
    s: PtcgState, seat: int, place: str | None, kind: str, key: str = "target"
) -> tuple[int, Refusal | None]:
    slot = parse_slot(place, f"{kind}: {key!r}")
    if s.sides[seat].mon(slot) is None:
        return slot, refuse(
            "ptcg.target.in-play", f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}"
        )
    return slot, None


# What a refusal says, filled in from the names at hand (missing names print as "?").
DETAILS = {
    "ptcg.bench.basic-only": "{card} is not a Basic Pokémon",
    "ptcg.bench.max-five": "the Bench already holds five Pokémon",
    "ptcg.stadium.bench-limit": "the Stadium in play allows no more Benched Pokémon",
    "ptcg.card.wrong-kind": "{card} cannot be played this way ({how})",
    "ptcg.energy.one-per-turn": "{player} already attached an Energy card this turn",
    "ptcg.evolve.matches": "{card} evolves from {evolves_from}, not from {base}",
    "ptcg.evolve.not-first-turn": "no evolving on a player's first turn",
    "ptcg.evolve.not-new": "{base} came into play this turn",
    "ptcg.evolve.once-per-turn": "{base} already evolved this turn",
    "ptcg.trainer.supporter-once": "a Supporter was already played this turn",
    "ptcg.trainer.first-turn-supporter": "the starting player plays no Supporter on turn 1",
    "ptcg.trainer.stadium-once": "a Stadium was already played this turn",
    "ptcg.trainer.stadium-same-name": "{card} is already the Stadium in play",
    "ptcg.trainer.one-tool": "{base} already holds a Pokémon Tool",
    "ptcg.retreat.once-per-turn": "{player} already retreated this turn",
    "ptcg.retreat.condition": "{base} is {rotation}",
    "ptcg.retreat.blocked": "a card effect stops {base} retreating this turn",
    "ptcg.retreat.cost": "retreating {base} costs {cost} Energy; it has {energy}",
    "ptcg.power.body-always-on": "{what} is a Poké-Body: it works by itself",
    "ptcg.power.condition": "{base} is {conditions}: no Poké-Powers",
    "ptcg.power.once-per-turn": "{base} already used {what} this turn",
    "ptcg.power.requirement": "{why}",
    "ptcg.power.effect": "an attack's effect keeps {base} from using Poké-Powers this turn",
    "ptcg.attack.first-turn": "no attacking on the first turn (setting first_turn_attack)",
    "ptcg.attack.condition": "{base} is {rotation}",
    "ptcg.attack.effect": "{base} cannot use {what} this turn (an effect of its last attack)",
    "ptcg.attack.energy": "{what} needs {cost}; {base} has {energy} Energy attached",
}


class _Names(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def why(rule: str, also: tuple[str, ...] = (), **names: Any) -> Refusal:
    """The refusal for ``rule``, its reason filled in with the names of this case."""
    template = DETAILS.get(rule)
    return refuse(rule, template.format_map(_Names(names)) if template else "", also)


def mon_names(s: PtcgState, mon: Mon) -> dict[str, Any]:
    return {
        "base": s.top(mon).name,
        "rotation": mon.rotation,
        "conditions": ", ".join(mon.conditions()),
        "energy": len(mon.energy),
        "cost": retreat_cost(s, mon),
    }
