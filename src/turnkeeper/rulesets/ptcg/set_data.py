"""Registering one later set's effect data (``effect_data_ex6.py`` ...): attacks and
Poké-Powers as steps, Trainers, damage and condition Poké-Bodies, and reprints that play
exactly as a card already implemented. Every entry must name a card and effect the bundled
data knows and that has no handler yet (an error at import otherwise: no silent overwrite)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.search import Usable, power_program
from turnkeeper.rulesets.ptcg.vocab import Step, attack_effect, damage_body


@dataclass(frozen=True)
class SetEffects:
    """One set's effects as data. ``reprints``: Trainer card id -> the id of an implemented
    Trainer with the same effect (its handler is shared)."""

    name: str
    attacks: Mapping[tuple[str, str], tuple[Step, ...]] = field(default_factory=dict)
    powers: Mapping[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = field(
        default_factory=dict
    )
    trainers: Mapping[str, reg.TrainerEffect] = field(default_factory=dict)
    damage_bodies: Mapping[tuple[str, str], tuple[str, reg.DamageBody]] = field(
        default_factory=dict
    )
    condition_immune: Mapping[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    reprints: Mapping[str, str] = field(default_factory=dict)


def register_set(effects: SetEffects) -> None:
    cards = bundled_cards()
    where = effects.name

    def fail(what: str) -> ValueError:
        return ValueError(f"{where}: {what}")

    for (card_id, name), steps in effects.attacks.items():
        card = cards.get(card_id)
        attack = card.attack(name) if card is not None else None
        if attack is None:
            raise fail(f"{card_id} has no attack {name!r} in the card data")
        if (card_id, name) in reg.ATTACKS:
            raise fail(f"{card_id} {name!r} already has a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
    for (card_id, name), (summary, steps, usable) in effects.powers.items():
        card = cards.get(card_id)
        power = card.power(name) if card is not None else None
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise fail(f"{card_id} has no Poké-Power {name!r} to add")
        reg.POWERS[(card_id, name)] = power_program(f"{card_id}:{name}", summary, steps, usable)
    for card_id, effect in effects.trainers.items():
        card = cards.get(card_id)
        if card is None or card.kind != "trainer" or card_id in reg.TRAINERS:
            raise fail(f"{card_id} is no Trainer, or has a handler already")
        reg.TRAINERS[card_id] = effect
    for (card_id, name), (summary, body) in effects.damage_bodies.items():
        _new_body(cards[card_id].power(name) if card_id in cards else None, card_id, name, where)
        named = dataclasses.replace(body, name=name)
        reg.BODIES[(card_id, name)] = damage_body(summary, named)
        reg.DAMAGE_BODIES[card_id] = named
    for (card_id, name), which in effects.condition_immune.items():
        _new_body(cards[card_id].power(name) if card_id in cards else None, card_id, name, where)
        reg.CONDITION_IMMUNE[card_id] = (name, which)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(f"it cannot be {', '.join(sorted(which))}")
    for card_id, same_as in effects.reprints.items():
        card, original = cards.get(card_id), cards.get(same_as)
        if card is None or original is None or card.kind != "trainer" or original.kind != card.kind:
            raise fail(f"{card_id} cannot be a reprint of {same_as}: both must be Trainers")
        if same_as not in reg.TRAINERS or card_id in reg.TRAINERS:
            raise fail(f"{card_id}: {same_as} has no handler to share, or {card_id} has one")
        reg.TRAINERS[card_id] = reg.TRAINERS[same_as]


def _new_body(power: object, card_id: str, name: str, where: str) -> None:
    if power is None or getattr(power, "kind", "") != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"{where}: {card_id} has no Poké-Body {name!r} to add")
