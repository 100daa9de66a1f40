"""Card effects of EX Crystal Guardians (ex14) cards 31-100, the second half of the set by
number (the first half is ``effect_data_ex14.py``), as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_ex6.py`` ... ``vocab_ex14b.py``); facts in
data/sets/ex14.json. The effects are described in the project's own words (card text is never
stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex14`` lists them and
a deck holding one is refused at set-up."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data as _ex1_to_ex4_data  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex9 as _ex9  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex10 as _ex10  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import energy_of_type
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    ForbidAttack,
    OpponentSwitch,
    PickTargets,
    Search,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromHand,
    Condition,
    DiscardDefendingTool,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    Later,
    NoRetreat,
    PlusIfHeads,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack, EvolveFromDeck

_BASIC = Cards(stage="basic")


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# heads: no damage or other effect of the opponent's attacks on it during their next turn
_DETECT = Flip(heads=(Guard(effects=True),))

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck Green Cyclone (d-ex14-1)
    ("ex14-45", "Poisonpowder"): (_c("poisoned"),),
    ("ex14-34", "Sleep Powder"): (_c("asleep"),),
    ("ex14-69", "Supersonic"): (_on_heads("confused"),),
    ("ex14-67", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex14-32", "Detect"): (_DETECT,),
    ("ex14-53", "Hypnoblast"): (_c("asleep"),),
    ("ex14-33", "Amnesia"): (ForbidAttack(),),
    # theme deck Storm Surge (d-ex14-2)
    ("ex14-43", "Tail Whip"): (Flip(heads=(DefendingNoAttack(),)),),
    ("ex14-61", "Spearhead"): (Draw(1),),
    ("ex14-54", "Vital Pinchers"): (PlusIfHeads(10),),
    # theme deck Earth Shower (d-ex14-3)
    ("ex14-58", "Nap"): (Heal(2),),
    ("ex14-38", "Hug"): (Hit(), NoRetreat()),
    ("ex14-50", "Sand Pit"): (Hit(), NoRetreat()),
    ("ex14-56", "Pure Power"): (PickTargets(2, 10, counters=True, anywhere=True, distinct=False),),
    ("ex14-44", "Flail"): (TimesCount("own_counters"),),
    ("ex14-36", "Roar"): (OpponentSwitch(),),
    ("ex14-36", "Metal Charge"): (Hit(), SelfDamage(1)),
    # the rest, in number order
    ("ex14-31", "Searing Flame"): (Hit(), _c("burned")),
    ("ex14-31", "Firebreathing"): (PlusIfHeads(20),),
    ("ex14-35", "Stretch Vine"): (TargetHit(30, bench_only=True),),
    ("ex14-35", "Sharp Leaf"): (PlusIfHeads(20),),
    ("ex14-37", "Plunder"): (DiscardDefendingTool(), Hit()),  # the Tool goes before the damage
    ("ex14-39", "Self Charge"): (
        Search((Cards(kind="energy", type="Darkness"),), src=("hand",), dest="attach_self"),
    ),
    ("ex14-40", "Ascension"): (EvolveFromDeck("self"),),
    ("ex14-41", "Feint Attack"): (TargetHit(20, wr=False, effects=False),),  # as ex3-34's
    ("ex14-42", "Bubble"): (_on_heads("paralyzed"),),
    ("ex14-46", "Growth"): (AttachFromHand("Grass"),),
    ("ex14-47", "Call for Family"): (Search((_BASIC,), dest="bench"),),
    ("ex14-47", "Rising Lunge"): (PlusIfHeads(20),),
    ("ex14-48", "Retaliate"): (TimesCount("own_counters"),),
    ("ex14-51", "Collect"): (Draw(1),),
    ("ex14-52", "Sniff Out"): (Search((Cards(),), src=("discard",), must=True),),  # as ex8-41's
    ("ex14-52", "Quick Blow"): (PlusIfHeads(10),),
    ("ex14-59", "Take Down"): (SelfDamage(1),),
    ("ex14-62", "Psywave"): (TimesCount("defending_energy"),),
    ("ex14-64", "Bubblebeam"): (_on_heads("paralyzed"),),
    ("ex14-65", "Claw"): (TailsNothing(),),
    ("ex14-66", "Sand Attack"): (Hit(), Later("smokescreen")),  # as ex11-75's
    ("ex14-68", "Shining Claws"): (_on_heads("confused"),),
}


# (card id, Poké-Body name) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex14-64", "Solid Shell"): ("10 less damage from attacks, after W/R", DamageBody(reduce=10)),
    # the same Body as Feebas ex9-49's (both players' attacks, only while Benched)
    ("ex14-57", "Submerge"): (
        "no damage from attacks (either player's) while Benched",
        reg.DAMAGE_BODIES["ex9-49"],
    ),
}


def _water_energy(s: PtcgState, mon: Mon) -> bool:
    return energy_of_type(s, mon, "Water") > 0


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex14-55": (
        "Retreat Cost 0 with Water Energy attached",
        reg.RetreatBody("Aqua Lift", _water_energy),
    ),
}


# ex14 Trainer cards reprinted with the same effect as an earlier print (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex14-71": "ex6-87",  # Bill's Maintenance
    "ex14-73": "ex6-88",  # Celio's Network
    "ex14-77": "ex2-86",  # Double Full Heal
    "ex14-78": "ex4-72",  # Dual Ball
    "ex14-82": "ex10-87",  # Poké Ball
    "ex14-83": "ex1-88",  # PokéNav
    "ex14-84": "ex4-85",  # Warp Point
    "ex14-86": "ex1-90",  # Energy Search
    "ex14-87": "ex1-91",  # Potion
}

# ex14 special Energy cards reprinted with the same effect as an earlier print: the handler,
# its damage modifier and its attach rules are shared (Double Rainbow Energy: 10 less before
# Weakness and Resistance, as ex9-87, not after as ex4-88)
ENERGY_REPRINTS: dict[str, str] = {
    "ex14-88": "ex9-87",  # Double Rainbow Energy
}


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex14b: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        for rule in (
            reg.EVOLVED_ONLY_ENERGY,
            reg.NOT_EX_ENERGY,
            reg.NO_RETREAT_ENERGY,
            reg.END_OF_TURN_ENERGY,
            SPECIAL_CARDS,
        ):
            if same_as in rule:
                rule.add(card_id)


def _register_retreat_bodies() -> None:
    cards = bundled_cards()
    for card_id, (summary, free) in RETREAT_BODIES.items():
        power = cards[card_id].power(free.name)
        if power is None or power.kind != "body" or (card_id, free.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex14b: {card_id} has no Poké-Body {free.name!r} to add")
        reg.BODIES[(card_id, free.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex14b",
            attacks=ATTACK_STEPS,
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
        )
    )
    _register_retreat_bodies()
    _register_energies()


register()
