"""Card effects of EX Legend Maker (ex12) as data in the effect vocabulary (``vocab.py``,
``search.py``, the earlier sets' ``vocab_exN.py`` and ``vocab_ex12.py``); facts in
data/sets/ex12.json. The effects are described in the project's own words (card text is
never stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex12`` lists
them and a deck holding one is refused at set-up.

Many of the set's cards ask whether a React Energy (ex12-82) is attached to the attacker;
React Energy itself provides one Colorless Energy and does nothing else (the Bodies and
Powers that give it more are the cards', not the Energy's)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (era machinery)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board_moves import DevolvePick
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import Cards, PickTargets, Search
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BenchDamage,
    Condition,
    CountersOn,
    CureSelf,
    DiscardDefendingEnergy,
    DiscardDefendingTool,
    DiscardEnergy,
    Flip,
    Guard,
    Heal,
    Hit,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TargetHit,
    TimesHeads,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import EvolveFromDeck
from turnkeeper.rulesets.ptcg.vocab_ex10 import DefendingSpecialEnergy
from turnkeeper.rulesets.ptcg.vocab_ex11 import TargetHitPerOwnCounters
from turnkeeper.rulesets.ptcg.vocab_ex12 import (
    REACT_ENERGY,
    AttachFromDiscardThenHeal,
    IfReact,
    PlusPerReact,
)
from turnkeeper.rulesets.ptcg.vocab_sets import CardsNotEx


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# the player's search of the deck for a Pokémon of this type that is not a Pokémon-ex
def _cry_for_help(kind: str) -> tuple[Step, ...]:
    return (Search((CardsNotEx(kind="pokemon", type=kind),)),)


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # ---- the theme decks' cards (Groundbreaker, Shadowquake)
    ("ex12-6", "Mend"): (AttachFromDiscardThenHeal("Fighting", 2),),
    # 10 per damage counter on Golem to the opponent's Pokémon the player picks
    ("ex12-6", "Enraged Linear Attack"): (TargetHitPerOwnCounters(0),),
    ("ex12-6", "Rock Tumble"): (Hit(resistance=False),),
    ("ex12-34", "Rock Slide"): (Hit(), PickTargets(2, 10)),
    ("ex12-35", "Time Spiral"): (DevolvePick(),),  # as ex2-42
    ("ex12-35", "Haunt"): (CountersOn(2),),
    ("ex12-47", "Sleep Seed"): (Hit(), _c("asleep")),
    ("ex12-49", "Sleep Powder"): (_c("asleep"),),
    ("ex12-51", "Iron Defense"): (Flip(heads=(Guard(effects=True),)),),
    ("ex12-52", "Lick"): (_on_heads("paralyzed"),),
    ("ex12-52", "Smog"): (_c("poisoned"),),
    ("ex12-53", "Selfdestruct"): (Hit(), BenchDamage(10, side="both"), SelfDamage(5)),
    ("ex12-56", "Tender Tentacles"): (Hit(), IfReact((Heal(2),))),
    ("ex12-56", "Confuse Ray"): (Hit(), _c("confused")),
    ("ex12-64", "Important Errands"): (Search((Cards(kind="energy", names=(REACT_ENERGY,)),)),),
    ("ex12-64", "Jump On"): (PlusIfHeads(20),),
    ("ex12-66", "Poison Sting"): (_c("poisoned"),),
    # ---- the set's other cards, in number order
    ("ex12-7", "Energy Stream"): (Hit(), AttachFromDiscard(1, basic=True)),
    ("ex12-7", "Extra Claws"): (PlusIf(30, "defending_ex"),),
    ("ex12-9", "Derail"): (Hit(), DefendingSpecialEnergy()),  # as ex10-111
    ("ex12-9", "Swift Blow"): (PlusPerReact(20),),
    ("ex12-27", "Cry for Help"): _cry_for_help("Fire"),
    ("ex12-27", "Fireworks"): (Hit(), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex12-32", "Supersonic"): (Hit(), _c("confused")),
    ("ex12-32", "Tumbling Attack"): (PlusIfHeads(20),),
    ("ex12-33", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex12-33", "Do the Wave"): (PlusPer(10, "own_benched"),),
    ("ex12-38", "Rest"): (CureSelf(), Heal(5), Condition(("asleep",), who="self")),
    ("ex12-38", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex12-41", "Plunder"): (DiscardDefendingTool(), Hit()),  # the Tool goes before the damage
    ("ex12-46", "Supersonic"): (_on_heads("confused"),),
    ("ex12-46", "Bi-Blast"): (PlusPerReact(20, once=True),),
    ("ex12-48", "Self Charge"): (
        Search((Cards(kind="energy", type="Metal"),), src=("hand",), dest="attach_self"),
    ),
    ("ex12-50", "Random Spark"): (TargetHit(10),),
    ("ex12-54", "Ascension"): (EvolveFromDeck("self"),),
    ("ex12-55", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex12-55", "Firebreathing"): (PlusIfHeads(20),),
    ("ex12-57", "Mach Punch"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex12-61", "Drawup Power"): (Search((Cards(kind="energy"),)),),
    ("ex12-61", "Continuous Tumble"): (TimesHeads("until_tails"),),
    ("ex12-62", "Quick Attack"): (PlusIfHeads(20),),
    ("ex12-67", "Pebble Throw"): (TargetHit(10, bench_only=True),),
    ("ex12-67", "Double Pinchers"): (TimesHeads(2),),
    ("ex12-68", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex12-68", "Bouncing Ball"): (Hit(), SelfDamage(1)),
    ("ex12-69", "Double Tackle"): (Hit(20),),  # 20 to the one Defending (none printed)
    ("ex12-69", "Whirlpool"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex12-93", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex12-93", "Iron Tail"): (TimesHeads("until_tails"),),
}

# (card id, Poké-Body) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex12-34", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),  # ex3-71
}


def _register_energies() -> None:
    card_id = "ex12-82"
    if bundled_cards()[card_id].name != REACT_ENERGY or card_id in reg.ENERGIES:
        raise ValueError(f"effect_data_ex12: {card_id} is no React Energy, or has a handler")
    # one Colorless Energy (the card data lists no type: board.provides says Colorless)
    reg.ENERGIES[card_id] = reg.EnergyEffect("provides one Colorless Energy; no other effect")
    SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects("effect_data_ex12", attacks=ATTACK_STEPS, damage_bodies=DAMAGE_BODIES)
    )
    _register_energies()


register()
