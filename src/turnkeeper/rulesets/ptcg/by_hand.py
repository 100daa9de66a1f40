"""Card effects the engine cannot resolve: found at set-up, played by hand only on request.

Nothing is skipped silently (READINGS, all rulesets): a deck or position holding a card with
an attack, Poké-Power, Poké-Body, Trainer or special Energy effect that has no handler in
``effects.py`` is refused at set-up, naming the cards, unless the setting
``allow_unimplemented`` is on. Then such a card is played like any other, the engine changes
nothing for its effect, and each use is recorded in a ``by_hand`` event with the effect's
printed text (read at run time from the card database given as ``card_db``; the project
keeps no card text) for the players to resolve by hand. A Poké-Body, which is never used on
purpose, is shown in the view under its Pokémon's ``by_hand``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import CardDef, effect_text
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState

NO_TEXT = "(the card data holds no text for it: read the printed card)"


def missing_effects(card: CardDef) -> list[str]:
    """The effects of ``card`` that have no handler, by name (``[]`` for none)."""
    missing: list[str] = []
    for attack in card.attacks:
        if attack.effect and (card.id, attack.name) not in reg.ATTACKS:
            missing.append(f"attack {attack.name}")
    for power in card.powers:
        if power.kind == "power" and (card.id, power.name) not in reg.POWERS:
            missing.append(f"Poké-Power {power.name}")
        elif power.kind == "body" and (card.id, power.name) not in reg.BODIES:
            missing.append(f"Poké-Body {power.name}")
    if card.kind == "trainer":
        handled = (
            card.id in reg.FOSSILS
            if card.is_fossil
            else card.id in reg.TMS
            if card.trainer == "tm"
            else card.id in reg.TOOLS
            if card.trainer == "tool"
            else card.id in reg.STADIUMS
            if card.trainer == "stadium"
            else card.id in reg.TRAINERS
        )
        if not handled:
            missing.append(f"{card.trainer or 'Trainer'} effect")
    if card.kind == "energy" and not card.basic_energy and card.id not in reg.ENERGIES:
        missing.append("special Energy effect")
    if card.as_energy and card.id not in reg.ENERGIES:
        missing.append("attached as Energy (Holon's Pokémon)")
    return missing


def unresolvable(ids: Iterable[str], cards: Mapping[str, CardDef]) -> list[str]:
    """Each distinct card among ``ids`` with effects that have no handler, as
    ``"Delcatty (ex1-5: attack Max Energy Source, Poké-Power Energy Draw)"``."""
    found = []
    for card_id in dict.fromkeys(ids):
        missing = missing_effects(cards[card_id])
        if missing:
            found.append(f"{cards[card_id].shown_name} ({card_id}: {', '.join(missing)})")
    return found


def resolve_by_hand(ctx: Ctx, seat: int, inst: int, effect: str, name: str = "") -> None:
    """Record that the effect ``effect`` of card ``inst`` is left to the players."""
    s = ctx.s
    card = s.card(inst)
    text = effect_text(s.card_db, card.id, name) or NO_TEXT
    ctx.emit("by_hand", p=SEATS[seat], card=card.name, id=card.id, effect=effect, text=text)


def bodies_by_hand(s: PtcgState, mon: Mon) -> list[dict[str, str]]:
    """The Poké-Bodies of ``mon``'s top card that have no handler, with their text."""
    card = s.top(mon)
    return [
        {
            "effect": f"Poké-Body {power.name}",
            "text": effect_text(s.card_db, card.id, power.name) or NO_TEXT,
        }
        for power in card.powers
        if power.kind == "body" and (card.id, power.name) not in reg.BODIES
    ]
