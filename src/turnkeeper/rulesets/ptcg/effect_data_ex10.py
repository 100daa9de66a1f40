"""Card effects of EX Unseen Forces (ex10) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_ex7.py``, ``vocab_ex10.py``); facts in data/sets/ex10.json. The effects
are described in the project's own words (card text is never stored). Cards not listed here
stay unimplemented: ``ptcg coverage --set ex10`` lists them and a deck holding one is refused
at set-up.

An effect printed for "each Defending Pokémon" or "each of your Active Pokémon" (a double
battle) is resolved for the one Defending / Active Pokémon of the game played here
(docs/rulesets/ptcg.md, Effect vocabulary)."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DiscardTop,
    PickTargets,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    Condition,
    CureSelf,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    If,
    Later,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    PlusPerHeads,
    SelfDamage,
    Step,
    TargetHit,
    TimesCount,
    TimesHeads,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import PickFromOpponentHand
from turnkeeper.rulesets.ptcg.vocab_ex7 import types_with
from turnkeeper.rulesets.ptcg.vocab_ex10 import (
    CardsNotEx,
    CountersOnSelfForDamage,
    DefendingSpecialEnergy,
    DiscardAllOwnEnergy,
    DiscardStadiumInPlay,
    DrawUnlessStage2,
    IfBasicTypes,
    IfFewerPrizes,
    counter_on_both_actives,
    heal_each_but_ex,
)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


def _multi(condition: Condition) -> tuple[Step, ...]:
    """With basic Energy cards of 3+ types attached: 20 more damage, then ``condition``."""
    return (
        IfBasicTypes(3, (PlusIf(20, "always"),)),
        Hit(),
        IfBasicTypes(3, (condition,)),
    )


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # Golden Sky theme deck (d-ex10-1)
    ("ex10-17", "Flickering Flames"): (Hit(), _c("asleep")),
    ("ex10-17", "Rage"): (PlusPer(10, "own_counters"),),
    # one Active Pokémon here: 1 counter and its Special Conditions off the attacker
    ("ex10-20", "Hyper Healing"): (Heal(1), CureSelf()),
    # one Defending Pokémon here: "20 to each Defending Pokémon" is 20 to it
    ("ex10-20", "Double Tack"): (Hit(20),),
    # heads: 60 to one of the opponent's Pokémon (the player's pick), no Weakness/Resistance
    ("ex10-27", "Sacred Fire"): (Flip(heads=(TargetHit(60, wr=False),)),),
    ("ex10-41", "Smokescreen"): (Hit(), Later("smokescreen")),
    ("ex10-41", "Extra Flame"): (PlusIf(30, "defending_ex"),),
    ("ex10-44", "Rock Hurl"): (Hit(resistance=False),),
    ("ex10-45", "Smokescreen"): (Hit(), Later("smokescreen")),
    ("ex10-54", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex10-54", "Fireworks"): (Hit(), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex10-61", "Retaliate"): (TimesCount("own_counters"),),
    ("ex10-73", "Yawn"): (_c("asleep"),),
    # Silvery Ocean theme deck (d-ex10-2) and the set's other plain Pokémon
    ("ex10-29", "Aeroblast"): (PlusPerHeads(2, 20),),
    ("ex10-32", "Screechy Voice"): (Hit(), If("defending_evolved", (_c("confused"),))),
    # the player sees the opponent's hand and picks a Trainer card there to discard
    ("ex10-32", "Push Away"): (Hit(), PickFromOpponentHand(Cards(kind="trainer"))),
    ("ex10-35", "Soothing Scent"): (Hit(), _c("asleep")),
    ("ex10-36", "Shining Fingers"): (Hit(), _c("asleep")),
    # its next turn: Extra Comet Punch does 30 more (the boost flag of that turn)
    ("ex10-36", "Extra Comet Punch"): (PlusIf(30, "own_boosted"), Hit(), BoostNextTurn()),
    ("ex10-38", "Aqua Sonic"): (Hit(resistance=False),),
    ("ex10-40", "Energy Stream"): (
        Hit(),
        Search((Cards(basic_energy=True),), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex10-40", "Take Down"): (Hit(), SelfDamage(1)),
    ("ex10-43", "Spearhead"): (Draw(3),),
    ("ex10-43", "Surprise"): (Hit(), ShuffleFromOpponentHand()),
    ("ex10-46", "Twin Play"): (
        Search((Cards(names=("Scyther", "Scyther ex")),), n=2, dest="bench"),
    ),
    ("ex10-46", "Agility"): (Hit(), Flip(heads=(Guard(effects=True),))),
    ("ex10-49", "Telekinesis"): (TargetHit(30, wr=False),),
    ("ex10-49", "Psyshock"): (Hit(), _on_heads("paralyzed")),
    ("ex10-50", "Grand Loop"): (Draw(2), SelfSwitch()),
    # heads: 20 to each of the opponent's Pokémon (W/R on the Active only); tails: nothing
    ("ex10-50", "Spinning Tail"): (Flip(heads=(Hit(20), BenchDamage(20))),),
    ("ex10-52", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex10-53", "Lullaby"): (Hit(), _c("asleep")),
    ("ex10-56", "Thunder Wave"): (Hit(), _on_heads("paralyzed")),
    ("ex10-56", "Thunder"): (Hit(), SelfDamage(1)),
    ("ex10-58", "Poisonpowder"): (Hit(), _c("poisoned")),
    ("ex10-59", "Confuse Ray"): (_on_heads("confused"),),
    ("ex10-60", "Smog"): (_c("poisoned"),),
    ("ex10-63", "Telekinesis"): (TargetHit(10, wr=False),),
    ("ex10-64", "Stun Spore"): (Hit(), _on_heads("paralyzed")),
    ("ex10-65", "Dig Deep"): (Search((Cards(kind="energy"),), src=("discard",), must=True),),
    ("ex10-67", "Hypnosis"): (_c("asleep"),),
    ("ex10-69", "3-D Attack"): (TimesHeads(3),),
    ("ex10-71", "Call for Family"): (
        Search((Cards(kind="pokemon", stage="basic"),), dest="bench"),
    ),
    ("ex10-72", "Fishing Tail"): (
        Search(
            (
                Cards(kind="pokemon", stage="basic"),
                Cards(stage="evolution"),
                Cards(basic_energy=True),
            ),
            src=("discard",),
            must=True,
        ),
    ),
    ("ex10-72", "Trip Over"): (PlusIfHeads(10),),
    ("ex10-74", "Lick"): (Hit(), _on_heads("paralyzed")),
    ("ex10-75", "Stun Poison"): (_on_heads("paralyzed", "poisoned"),),
    ("ex10-76", "Minor Errand-Running"): (Search((Cards(basic_energy=True),)),),
    # during the opponent's next turn 20 less damage to it from attacks, after W/R
    ("ex10-77", "Teary Eyes"): (Guard(20),),
    ("ex10-78", "Splatter"): (TargetHit(10, wr=False),),
    ("ex10-16", "Dazzle Dance"): (_c("confused"),),
    # the player may put 0 to 5 damage counters on Meganium: 10 more damage for each
    ("ex10-9", "Bouncy Move"): (CountersOnSelfForDamage(5, 10),),
    # Eeveelutions: 20 more and a Special Condition with basic Energy of 3+ types attached
    ("ex10-5", "Fire Dance"): (
        Hit(),
        Search(
            (Cards(basic_energy=True, type="Fire"),), src=("discard",), dest="attach_own", must=True
        ),
    ),
    ("ex10-5", "Multi Burn"): _multi(_c("burned")),
    ("ex10-8", "Attract Current"): (
        Hit(),
        Flip(heads=(Search((Cards(basic_energy=True, type="Lightning"),), dest="attach_own"),)),
    ),
    ("ex10-8", "Multi Pulse"): _multi(_c("confused")),
    ("ex10-19", "Multi Bubble"): _multi(_c("asleep")),
    # switched with a Benched Pokémon (none on the Bench: it stays)
    ("ex10-113", "Burning Turn"): (Hit(), SelfSwitch(optional=False)),
    ("ex10-113", "Detonation"): (Hit(), IfFewerPrizes((DiscardTop(10, side="own"),))),
    ("ex10-114", "Lightning Turn"): (Hit(), SelfSwitch(optional=False)),
    ("ex10-115", "Splashing Turn"): (Hit(), SelfSwitch(optional=False)),
    # the player may attach a basic Energy card from the hand to one of their Pokémon
    ("ex10-19", "Aqua Supply"): (
        Hit(),
        Search((Cards(basic_energy=True),), src=("hand",), dest="attach_own"),
    ),
    ("ex10-37", "Cry for Help"): (Search((CardsNotEx(types=("Water", "Fighting")),)),),
    # 10 to each of 2 Benched Pokémon the player picks (no W/R on the Bench)
    ("ex10-37", "Double Attack"): (PickTargets(2, 10),),
    ("ex10-115", "Cross Wind"): (Hit(), IfFewerPrizes((DiscardAllOwnEnergy(),))),
    ("ex10-111", "Shatter"): (Hit(), DiscardStadiumInPlay()),
    ("ex10-111", "Derail"): (Hit(), DefendingSpecialEnergy()),
    ("ex10-111", "Mix-Up"): (Hit(), DiscardTop(1, side="opponent")),
    ("ex10-111", "Losing Control"): (Hit(), DiscardTop(3, side="own")),
    ("ex10-16", "Green Blast"): (PlusPer(10, "own_side_energy", "Grass"),),
}

DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex10-44", "Dense"): (
        "20 less damage from the attacks of Evolved Pokémon, after W/R",
        DamageBody(reduce=20, from_attacker="evolved"),
    ),
}
# card id -> (summary, how its Poké-Body changes the damage of attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    # this printing reduces after Weakness and Resistance (older ones before)
    "ex10-39": (
        "while Active: 10 less damage to the player's Pokémon from the opponent's attacks, "
        "after W/R",
        reg.DamageMod("defender_active", -10, before=False, name="Intimidating Fang"),
    ),
}
# (card id, Poké-Body) -> (summary, its types now; () keeps the card's)
TYPE_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    ("ex10-41", "Dual Armor"): (
        "with Fighting Energy attached: Fire and Fighting",
        types_with("Fighting", ("Fire", "Fighting")),
    ),
}
# (card id, Poké-Body) -> (summary, what it does between turns)
BETWEEN_TURNS: dict[tuple[str, str], tuple[str, Callable[[Ctx, int, int], None]]] = {
    ("ex10-17", "Burning Aura"): (
        "between turns, while Active: 1 damage counter on each Active Pokémon (both sides)",
        counter_on_both_actives("Burning Aura"),
    ),
    ("ex10-9", "Healing Aroma"): (
        "between turns, while Active: 1 damage counter off each Pokémon but Pokémon-ex "
        "(both sides)",
        heal_each_but_ex("Healing Aroma"),
    ),
}


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        # Supporter: an Evolution card from the deck into the hand, then shuffle
        "ex10-89": trainer_program(
            "ex10-89",
            "Supporter: an Evolution card from the deck into the hand",
            (Search((Cards(stage="evolution"),)),),
        ),
        # Supporter: draw 1; 2 more while the player has no Stage 2 Pokémon in play
        "ex10-86": trainer_program(
            "ex10-86",
            "Supporter: draw 1, and 2 more without a Stage 2 Pokémon in play",
            (Draw(1), DrawUnlessStage2(2)),
            _deck_not_empty,
        ),
    }


# ex10 reprints whose effect is the same as an earlier card's (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex10-82": "ex6-89",  # Energy Removal 2
    "ex10-84": "ex6-90",  # Energy Switch
    "ex10-94": "ex1-90",  # Energy Search
    "ex10-95": "ex6-101",  # Potion
}


def _new_body(card_id: str, name: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex10: {card_id} has no Poké-Body {name!r} to add")


def _register_bodies() -> None:
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        _new_body(card_id, mod.name)
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex10: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod
    for (card_id, name), (summary, run) in BETWEEN_TURNS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, run)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, types) in TYPE_BODIES.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.TYPE_BODIES[card_id] = (name, types)
        SPECIAL_CARDS.add(card_id)
    for (card_id, _name), steps in ATTACK_STEPS.items():
        if any(isinstance(step, Later) for step in steps):
            SPECIAL_CARDS.add(card_id)  # its delayed effect is asked by lasting.py


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex10",
            attacks=ATTACK_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
        )
    )
    _register_bodies()


register()
