"""Card effects of EX Delta Species (ex11) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_ex11.py``) and the era's rules of ``holon.py``; facts in
data/sets/ex11.json. The effects are described in the project's own words (card text is never
stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex11`` lists them and
a deck holding one is refused at set-up."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import holon as _holon  # noqa: F401 (Holon's Pokémon as Energy)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS

# ex11 special Energy cards reprinted with the same effect as an earlier print (the handler,
# and the damage modifier, is shared); what they provide is in data/sets/ex11.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex11-103": "ex1-93",  # Darkness Energy
    "ex11-107": "ex1-94",  # Metal Energy
}


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex11: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


_register_energies()
