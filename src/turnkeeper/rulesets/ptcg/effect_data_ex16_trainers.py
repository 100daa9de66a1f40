"""EX Power Keepers (ex16) Trainers and Energy, cards 71-91 (facts in data/sets/ex16.json; the
basic Energy 103-108 need no handler). Effects in the project's own words, never the card
text.

Most are reprints of a card already implemented, played with its handler (the printed texts
were compared in the card database): the Trainers of :data:`REPRINTS`, the Stadium Battle
Frontier, the three Fossils, and the special Energy of :data:`ENERGY_REPRINTS`
(``vocab_ex15b.register_*_reprint``). New here:

- Steven's Advice (ex16-83): as ex5-92 (draw up to as many cards as the opponent has Pokémon
  in play), but this print refuses a hand of 7 or more cards counting itself (ex5-92: more
  than 7).
- Drake's Stadium (ex16-72): 10 less damage, after Weakness and Resistance, to a Colorless
  Active Pokémon (either player's) from the opponent's attacks (a ``DamageMod`` with the
  source "stadium", asked by ``damage._mods``).
- Glacia's Stadium (ex16-76): each player's Water Pokémon that is not a Pokémon-ex has no
  Weakness (``StadiumEffect.no_weakness``, asked by ``damage.hit``).
- Phoebe's Stadium (ex16-79): each player's Psychic Pokémon retreats for 2 Colorless less
  (``StadiumEffect.retreat_discount``, asked by ``board.retreat_cost``).
- Sidney's Stadium (ex16-82): no effect can make a Darkness Pokémon (either player's) Asleep,
  Confused or Paralyzed (``StadiumEffect.conditions_off``, asked by
  ``damage.set_condition``). Reading (as Holon Energy GL's, holon.py): a Special Condition
  the Pokémon had before the Stadium came into play stays; only new ones are kept off.
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex5 as _ex5  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex9 as _ex9  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10_energy as _ex10e  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10_trainers as _ex10t  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex12 as _ex12  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex13 as _ex13  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import types_of
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.search import trainer_program
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab_ex5 import DrawUpToCounted
from turnkeeper.rulesets.ptcg.vocab_ex15b import (
    register_energy_reprint,
    register_fossil_reprint,
    register_stadium_reprint,
)

_WHERE = "effect_data_ex16_trainers"

# ex16 Trainers reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex16-73": "ex3-84",  # Energy Recycle System
    "ex16-74": "ex1-80",  # Energy Removal 2
    "ex16-75": "ex1-82",  # Energy Switch
    "ex16-77": "ex6-92",  # Great Ball
    "ex16-78": "ex8-88",  # Master Ball
    "ex16-80": "ex1-89",  # Professor Birch
    "ex16-81": "ex9-84",  # Scott
}

STADIUM_REPRINTS: dict[str, str] = {"ex16-71": "ex9-75"}  # Battle Frontier

# the Fossils, reprints of EX Sandstorm's (HP from each card's data)
FOSSIL_REPRINTS: dict[str, str] = {
    "ex16-84": "ex2-90",  # Claw Fossil (Jagged Stone)
    "ex16-85": "ex2-91",  # Mysterious Fossil
    "ex16-86": "ex2-92",  # Root Fossil (Spongy Stone)
}

# special Energy reprinted with the same effect (what they provide is in data/sets/ex16.json)
ENERGY_REPRINTS: dict[str, str] = {
    "ex16-87": "ex1-93",  # Darkness Energy
    "ex16-88": "ex1-94",  # Metal Energy
    "ex16-89": "ex2-93",  # Multi Energy
    "ex16-90": "ex10-99",  # Cyclone Energy
    "ex16-91": "ex10-100",  # Warp Energy
}

STEVENS_ADVICE = "ex16-83"
DRAKES_STADIUM = "ex16-72"
GLACIAS_STADIUM = "ex16-76"
PHOEBES_STADIUM = "ex16-79"
SIDNEYS_STADIUM = "ex16-82"


def _stevens_advice(s: PtcgState, seat: int) -> str | None:
    """This print: not with 7 or more cards in the hand, itself included."""
    if len(s.sides[seat].hand) >= 7:
        return "the hand holds 7 or more cards"
    return None if s.sides[seat].deck else "the deck is empty"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        STEVENS_ADVICE: trainer_program(
            STEVENS_ADVICE,
            "Supporter: draw up to as many cards as the opponent has Pokémon in play (not with "
            "7 or more cards in the hand)",
            (DrawUpToCounted(),),
            _stevens_advice,
        ),
    }


def _glacia_no_weakness(s: PtcgState, mon: Mon) -> bool:
    card = s.top(mon)
    return "Water" in card.types and not card.ex


def _phoebe_discount(s: PtcgState, mon: Mon) -> int:
    return 2 if "Psychic" in types_of(s, mon) else 0


_SIDNEY_OFF = frozenset({"asleep", "confused", "paralyzed"})


def _sidney_conditions_off(s: PtcgState, mon: Mon) -> frozenset[str]:
    return _SIDNEY_OFF if "Darkness" in types_of(s, mon) else frozenset()


STADIUMS: dict[str, reg.StadiumEffect] = {
    DRAKES_STADIUM: reg.StadiumEffect(
        "10 less damage after W/R to a Colorless Active Pokémon (either player's) from the "
        "opponent's attacks"
    ),
    GLACIAS_STADIUM: reg.StadiumEffect(
        "each player's Water Pokémon that is not a Pokémon-ex has no Weakness",
        no_weakness=_glacia_no_weakness,
    ),
    PHOEBES_STADIUM: reg.StadiumEffect(
        "each player's Psychic Pokémon retreats for 2 Colorless less",
        retreat_discount=_phoebe_discount,
    ),
    SIDNEYS_STADIUM: reg.StadiumEffect(
        "each player's Darkness Pokémon cannot be made Asleep, Confused or Paralyzed",
        conditions_off=_sidney_conditions_off,
    ),
}
# Drake's Stadium: 10 off after W/R, on the Active only, for a Colorless damaged Pokémon
DRAKES_MOD = reg.DamageMod("stadium", -10, before=False, active_only=True, needs_type="Colorless")


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"{_WHERE}: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)  # their hooks are asked in games with special cards
    if DRAKES_STADIUM in reg.DAMAGE_MODS:
        raise ValueError(f"{_WHERE}: {DRAKES_STADIUM} has a damage modifier already")
    reg.DAMAGE_MODS[DRAKES_STADIUM] = DRAKES_MOD


def register() -> None:
    register_set(SetEffects(_WHERE, trainers=_trainers(), reprints=REPRINTS))
    for card_id, same_as in STADIUM_REPRINTS.items():
        register_stadium_reprint(_WHERE, card_id, same_as)
    for card_id, same_as in FOSSIL_REPRINTS.items():
        register_fossil_reprint(_WHERE, card_id, same_as)
    for card_id, same_as in ENERGY_REPRINTS.items():
        register_energy_reprint(_WHERE, card_id, same_as)
    _register_stadiums()


register()
