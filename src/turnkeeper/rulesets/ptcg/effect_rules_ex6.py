"""Card effects of EX FireRed & LeafGreen (ex6) that change rules or last (lasting.py), so
their cards go into ``state.SPECIAL_CARDS`` (a game holding one leaves the simulator's
shortcuts for the full rules); the plain attacks and Trainers are in ``effect_data_ex6.py``.
Effects are described in the project's own words (card text is never stored).
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex6 as _ex6  # noqa: F401 (the set's data first)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4  # noqa: F401 (shared handlers)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Later, Step, attack_effect

# (card id, attack name) -> steps of attacks that leave a lasting effect
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # at the end of the opponent's next turn the Defending Pokémon is Confused
    ("ex6-63", "Slow Trip Gas"): (Later("confused"),),
}


def _no_energy(s: PtcgState, mon: Mon) -> bool:
    return not mon.energy


def _some_energy(s: PtcgState, mon: Mon) -> bool:
    return bool(mon.energy)


# card id -> (summary, the Poké-Body that makes its own Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex6-24": (
        "Retreat Cost 0 with no Energy attached",
        reg.RetreatBody("Free Flight", _no_energy),
    ),
    "ex6-29": (
        "Retreat Cost 0 with any Energy attached",
        reg.RetreatBody("Leaf Ride", _some_energy),
    ),
    "ex6-85": (
        "Retreat Cost 0 with any Energy attached",
        reg.RetreatBody("Floating Electrons", _some_energy),
    ),
}

# ex6 cards that play exactly as a card of ex1-ex4 (the handler is shared)
SAME_POWER = {("ex6-112", "Energy Trans"): ("ex1-20", "Energy Trans")}
SAME_ENERGY = {"ex6-103": "ex2-93"}  # Multi Energy


def _new_body(card_id: str, name: str, summary: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_rules_ex6: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)


def register() -> None:
    cards = bundled_cards()
    for (card_id, name), steps in ATTACK_STEPS.items():
        attack = cards[card_id].attack(name)
        if attack is None or (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_rules_ex6: {card_id} has no attack {name!r}, or a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, free) in RETREAT_BODIES.items():
        _new_body(card_id, free.name, summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)
    for key, same in SAME_POWER.items():
        power = cards[key[0]].power(key[1])
        if power is None or key in reg.POWERS or same not in reg.POWERS:
            raise ValueError(f"effect_rules_ex6: {key} cannot share the handler of {same}")
        reg.POWERS[key] = reg.POWERS[same]
        if same[0] in SPECIAL_CARDS:
            SPECIAL_CARDS.add(key[0])
    for card_id, same_id in SAME_ENERGY.items():
        if cards[card_id].kind != "energy" or card_id in reg.ENERGIES:
            raise ValueError(f"effect_rules_ex6: {card_id} is no Energy, or has a handler")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_id]
        SPECIAL_CARDS.add(card_id)


register()
