"""Card effects as data that ask a player (``search.py``): searches of the deck and the
discard pile, switches the opponent or the player picks, Energy the attacker picks to
discard, and the Trainers built from them. Facts and effect data only, never card text;
registered like ``effect_data.py``'s (an entry the card data does not know, or one that has
a handler already, is an error at import)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardOwn,
    DiscardTop,
    OpponentSwitch,
    Search,
    SelfSwitch,
    TimesDiscardedEnergy,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.state import PtcgState
from turnkeeper.rulesets.ptcg.vocab import DiscardEnergy, Flip, Step, attack_effect

_BASIC = Cards(stage="basic")
_BASIC_ENERGY = Cards(basic_energy=True)
_SWITCHED = (OpponentSwitch(),)  # the opponent switches the Defending Pokémon


def _team(team: str, *, basic: bool = False) -> Cards:
    return Cards(kind="pokemon", stage="basic" if basic else "", team=team)


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # the opponent switches (Roar, Whirlwind...)
    ("ex1-57", "Fling"): _SWITCHED,
    ("ex3-59", "Roar"): _SWITCHED,
    ("ex3-76", "Whirlwind"): _SWITCHED,
    ("ex4-55", "Roar"): _SWITCHED,
    ("ex4-63", "Kick Away"): _SWITCHED,
    ("ex4-66", "Darkness Call"): _SWITCHED,
    ("ex2-32", "Rapid Spin"): (OpponentSwitch(), SelfSwitch(optional=False)),
    ("ex3-73", "Bounce"): (SelfSwitch(),),
    ("ex4-12", "Hot Air"): (DiscardEnergy(1, "Fire"), OpponentSwitch()),
    ("ex4-12", "Magma Burn"): (DiscardTop(1), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex4-10", "Magma Spurt"): (TimesDiscardedEnergy(5, ("Fire", "Fighting")),),
    # searches of the deck
    ("ex1-38", "Seek Out"): (Search((Cards(),), n=2),),
    ("ex1-44", "Minor Errand-Running"): (Search((_BASIC_ENERGY,), n=2),),
    ("ex2-27", "Fast Evolution"): (Search((Cards(stage="evolution"),)),),
    ("ex1-9", "Attract Current"): (
        Search((Cards(basic_energy=True, type="Lightning"),), dest="attach_own"),
    ),
    ("ex2-39", "Team Assembly"): (
        Search((Cards(names=("Omanyte", "Kabuto")), _BASIC), n=0, dest="bench"),
    ),
    ("ex2-70", "Team Assembly"): (
        Search((Cards(names=("Omanyte", "Kabuto")), _BASIC), n=0, dest="bench"),
    ),
    ("ex2-63", "Signs of Evolution"): (Search((Cards(evolves_from="Eevee"),), n=3),),
    ("ex3-22", "Quick Charge"): (Search((_BASIC_ENERGY,), n=3, distinct=True),),
    ("ex3-60", "Call for Family"): (Search((Cards(names=("Magikarp",)),), n=0, dest="bench"),),
    ("ex3-81", "Call for Friends"): (
        Search((Cards(stage="basic", type="Grass"),), n=0, dest="bench"),
    ),
    ("ex4-17", "Call for Family"): (
        Search((Cards(stage="basic", type="Grass"), _team("Team Aqua", basic=True)), dest="bench"),
    ),
    ("ex4-23", "Call for Family"): (
        Search(
            (Cards(stage="basic", type="Colorless"), _team("Team Magma", basic=True)),
            dest="bench",
        ),
    ),
    ("ex4-30", "Aqua Call"): (Search((_team("Team Aqua"),), n=3),),
    ("ex2-60", "Strike and Run"): (Search((_BASIC,), n=3, dest="bench"), SelfSwitch()),
    # the discard pile
    ("ex2-79", "Energy Catch"): (Search((_BASIC_ENERGY,), src=("discard",), must=True),),
    ("ex2-44", "Sniff Out"): (Search((Cards(),), src=("discard",), must=True),),
    ("ex3-12", "Power Generation"): (Search((_BASIC_ENERGY,), n=2, src=("discard",)),),
    ("ex3-27", "Energy Recall"): (
        Search((_BASIC_ENERGY,), n=2, src=("discard",), dest="attach_self"),
    ),
    ("ex1-101", "Energy Absorption"): (
        Search((Cards(kind="energy"),), n=2, src=("discard",), dest="attach_self"),
    ),
    # Energy the attacker picks to discard
    ("ex3-94", "Luster Purge"): (DiscardOwn(3),),
    ("ex4-91", "Bright Flame"): (DiscardOwn(2),),
}


def _deck_to_search(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty: there is nothing to search"


def _team_ball(team: str) -> tuple[Step, ...]:
    """Heads: any Pokémon of the team; tails: a Basic one of the team."""
    return (
        Flip(
            heads=(Search((_team(team),)),),
            tails=(Search((_team(team, basic=True),)),),
        ),
    )


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex4-72": trainer_program(
            "ex4-72",
            "2 coins: a Basic Pokémon from the deck per heads",
            (Search((_BASIC,), coins=2),),
        ),
        "ex4-75": trainer_program(
            "ex4-75",
            "heads: a Team Aqua Pokémon from the deck; tails: a Basic one",
            _team_ball("Team Aqua"),
            _deck_to_search,
        ),
        "ex4-80": trainer_program(
            "ex4-80",
            "heads: a Team Magma Pokémon from the deck; tails: a Basic one",
            _team_ball("Team Magma"),
            _deck_to_search,
        ),
        "ex4-77": trainer_program(
            "ex4-77",
            "Supporter: up to 2 Basic Team Aqua Pokémon or basic Energy from the deck",
            (Search((_team("Team Aqua", basic=True), _BASIC_ENERGY), n=2),),
        ),
        "ex4-82": trainer_program(
            "ex4-82",
            "Supporter: up to 2 Basic Team Magma Pokémon or basic Energy from the deck",
            (Search((_team("Team Magma", basic=True), _BASIC_ENERGY), n=2),),
        ),
        "ex1-83": trainer_program(
            "ex1-83",
            "Supporter: up to 3 basic Energy of different types from the deck",
            (Search((_BASIC_ENERGY,), n=3, distinct=True),),
        ),
        "ex2-87": trainer_program(
            "ex2-87",
            "Supporter: up to 3 Basic Pokémon (not Baby) of different types from the deck",
            (Search((Cards(stage="basic", no_baby=True),), n=3, distinct=True),),
        ),
        "ex1-81": trainer_program(
            "ex1-81",
            "3 coins: a basic Energy from the discard pile per heads",
            (Search((_BASIC_ENERGY,), src=("discard",), coins=3, must=True),),
        ),
        "ex4-71": trainer_program(
            "ex4-71",
            "Supporter: a Team Aqua Pokémon from the deck onto the Bench, as a Basic",
            (Search((_team("Team Aqua"),), dest="bench", stage2_counters=2),),
        ),
        "ex4-73": trainer_program(
            "ex4-73",
            "Supporter: a Team Magma Pokémon from the hand or discard pile onto the Bench",
            (
                Search(
                    (_team("Team Magma"),),
                    src=("hand", "discard"),
                    dest="bench",
                    stage2_counters=2,
                ),
            ),
        ),
    }


def register() -> None:
    cards = bundled_cards()
    for (card_id, name), steps in ATTACK_STEPS.items():
        card = cards.get(card_id)
        attack = card.attack(name) if card is not None else None
        if attack is None:
            raise ValueError(f"effect_questions: {card_id} has no attack {name!r}")
        if (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_questions: {card_id} {name!r} already has a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
    for card_id, effect in _trainers().items():
        card = cards.get(card_id)
        if card is None or card.kind != "trainer" or card_id in reg.TRAINERS:
            raise ValueError(f"effect_questions: {card_id} is no Trainer, or has a handler")
        reg.TRAINERS[card_id] = effect


register()
