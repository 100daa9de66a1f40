"""Card effects of EX Legend Maker (ex12) as data in the effect vocabulary (``vocab.py``,
``search.py``, the earlier sets' ``vocab_exN.py`` and ``vocab_ex12.py``); facts in
data/sets/ex12.json. The effects are described in the project's own words (card text is
never stored). Cards not listed here stay unimplemented: ``ptcg coverage --set ex12`` lists
them and a deck holding one is refused at set-up.

Many of the set's cards ask whether a React Energy (ex12-82) is attached to the attacker;
React Energy itself provides one Colorless Energy and does nothing else (the Bodies and
Powers that give it more are the cards', not the Energy's)."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11  # noqa: F401 (era machinery)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import provides
from turnkeeper.rulesets.ptcg.board_moves import DevolvePick
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    EvolveFromHand,
    Gust,
    PickTargets,
    Search,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BenchDamage,
    Condition,
    CountersOn,
    CureSelf,
    DiscardDefendingEnergy,
    DiscardDefendingTool,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    Hit,
    MinusPer,
    NoAttackNextTurn,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesHeads,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack, EvolveFromDeck, ExposeDefending
from turnkeeper.rulesets.ptcg.vocab_ex10 import DefendingSpecialEnergy
from turnkeeper.rulesets.ptcg.vocab_ex11 import (
    BaseIfDefendingType,
    ReturnAttackerEnergy,
    TargetHitPerOwnCounters,
)
from turnkeeper.rulesets.ptcg.vocab_ex12 import (
    REACT_ENERGY,
    AttachFromDiscardThenHeal,
    BaseIfDefendingResists,
    BaseIfLastStand,
    CountersAnyWayIf,
    DiscardEnergyToDeckTop,
    DiscardFireOrReact,
    IfDefendingBasic,
    IfReact,
    IfStadium,
    MoveOneCounter,
    MoveReactEnergy,
    OnlyIf,
    OpponentMayDraw,
    PlusPerReact,
    ReactTargetHit,
    UnlessReact,
    basic_energy_in_discard,
    every_type_with_react,
    fire_remedy,
    has_in_play,
    heal_all_on_react,
    icy_aura,
    react_energy_on,
    reactive_booster_units,
    seat_of,
)
from turnkeeper.rulesets.ptcg.vocab_sets import CardsNotEx, PlusPerCard, TrainerOf


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


# the player's search of the deck for a Pokémon of this type that is not a Pokémon-ex
# Omanyte, Kabuto, Aerodactyl, Lileep or Anorith from the deck onto the Bench, up to 2, each
# played as a Basic Pokémon (as ex2-42)
_INFLUENCE: tuple[Step, ...] = (
    Search(
        (Cards(names=("Omanyte", "Kabuto", "Aerodactyl", "Lileep", "Anorith")),),
        n=2,
        dest="bench",
    ),
)


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
    ("ex12-29", "Influence"): _INFLUENCE,
    # 20 to the Defending Pokémon, and with a React Energy 20 to a Benched one as well
    ("ex12-29", "Stretch Claws"): (Hit(), ReactTargetHit(20, bench_only=True)),
    # ---- the set's other cards, in number order
    ("ex12-2", "Heavy Blow"): (UnlessReact((MinusPer(10, "own_counters"),)),),
    # 60 to the opponent's Pokémon the player picks; not Bound Crush again next turn
    ("ex12-2", "Bound Crush"): (TargetHit(60), NoAttackNextTurn(only_this=True)),
    ("ex12-4", "Energy Link"): (  # as ex7-10
        Hit(),
        Search((Cards(kind="energy"),), src=("discard",), dest="attach_self", must=True),
    ),
    ("ex12-7", "Energy Stream"): (Hit(), AttachFromDiscard(1, basic=True)),
    ("ex12-7", "Extra Claws"): (PlusIf(30, "defending_ex"),),
    ("ex12-18", "Bite Off"): (PlusIf(30, "defending_ex"),),
    ("ex12-23", "Drag Off"): (Gust(optional=True), Hit()),  # as ex7-103
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
    ("ex12-39", "Split Kick"): (Hit(20),),  # 20 to the one Defending (none printed)
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
    ("ex12-59", "Magnetic Swirl"): (TailsNothing(), Hit(), DiscardDefendingEnergy()),
    ("ex12-61", "Drawup Power"): (Search((Cards(kind="energy"),)),),
    ("ex12-61", "Continuous Tumble"): (TimesHeads("until_tails"),),
    ("ex12-62", "Quick Attack"): (PlusIfHeads(20),),
    ("ex12-67", "Pebble Throw"): (TargetHit(10, bench_only=True),),
    ("ex12-67", "Double Pinchers"): (TimesHeads(2),),
    ("ex12-68", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex12-68", "Bouncing Ball"): (Hit(), SelfDamage(1)),
    ("ex12-69", "Double Tackle"): (Hit(20),),  # 20 to the one Defending (none printed)
    ("ex12-69", "Whirlpool"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),
    ("ex12-70", "String Pull"): (Gust(),),  # the player picks; see READINGS (Gust)
    ("ex12-71", "Confusion Wave"): (_c("confused"), Condition(("confused",), who="self")),
    ("ex12-91", "Dig Drain"): (Hit(), Heal(1)),
    ("ex12-91", "Final Blast"): (BaseIfLastStand(100),),
    ("ex12-17", "Hydro Pump"): (PlusPer(20, "own_energy", "Water", beyond_cost=True, cap=40),),
    ("ex12-19", "Water Gun"): (PlusPer(20, "own_energy", "Water", beyond_cost=True, cap=40),),
    ("ex12-44", "Entangling Vines"): (Hit(), IfDefendingBasic((DefendingNoAttack(),))),
    ("ex12-44", "Gentle Wrap"): (Hit(), NoRetreat()),
    ("ex12-45", "Water Arrow"): (TargetHit(20),),
    ("ex12-45", "Fury Strikes"): (TimesHeads(3),),
    ("ex12-58", "Ignite"): (Hit(), IfStadium("Full Flame", (_c("burned"),))),
    ("ex12-83", "Overrun"): (Hit(), TargetHit(20, bench_only=True)),
    ("ex12-83", "Flame Swirl"): (Hit(), DiscardFireOrReact()),
    ("ex12-85", "Shadow Chant"): (PlusPerCard(10, "discard", TrainerOf("supporter"), cap=60),),
    ("ex12-84", "Spiral Drain"): (Hit(), Heal(2)),
    ("ex12-84", "Vortex Chop"): (BaseIfDefendingResists(100),),
    ("ex12-86", "Silver Wind"): (Hit(), ExposeDefending(30)),  # as ex5-20
    ("ex12-89", "Water Arrow"): (TargetHit(40),),
    ("ex12-89", "Ice Throw"): (BaseIfDefendingType(120, "Fighting"),),
    ("ex12-92", "Barrier Attack"): (Hit(), Guard(10)),
    ("ex12-92", "Final Laser"): (CountersAnyWayIf(3, more=6),),
    ("ex12-37", "Tongue Whip"): (TargetHit(10),),
    ("ex12-37", "Quick Attack"): (PlusIfHeads(20),),
    # the Energy card back to the hand (the player picks when they differ), then Asleep
    ("ex12-40", "Return Trance"): (ReturnAttackerEnergy(), _c("asleep")),
    ("ex12-40", "Dream Eater"): (OnlyIf("defending_asleep"),),
    ("ex12-93", "Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex12-93", "Iron Tail"): (TimesHeads("until_tails"),),
}

def _with_omanyte_or_omastar(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return has_in_play(s, seat_of(s, mon), ("Omanyte", "Omastar"))


def _shielding_tentacruel(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return any(
        s.top(m).id == "ex12-45" and react_energy_on(s, m)
        for _, m in s.sides[seat_of(s, mon)].in_play()
    )


def _water_and_lightning(s: PtcgState, mon: Mon) -> tuple[str, ...]:
    """Lanturn's Dual Armor (ex12-19): with a Water Energy attached, Water and Lightning."""
    if any("Water" in provides(s, c) for c in mon.energy):
        return ("Water", "Lightning")
    return ()


def _grass_and_fighting(s: PtcgState, mon: Mon) -> tuple[str, ...]:
    """Armaldo ex's Dual Armor (ex12-84): with a React Energy attached, Grass and Fighting."""
    return ("Grass", "Fighting") if react_energy_on(s, mon) else ()


# (card id, Poké-Body) -> (summary, the types it gives its Pokémon now; () keeps the card's)
TYPE_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    ("ex12-19", "Dual Armor"): (
        "with a Water Energy attached it is both Water and Lightning",
        _water_and_lightning,
    ),
    ("ex12-37", "Reactive Colors"): (
        "with a React Energy attached it is Grass, Fire, Water, Lightning, Psychic and Fighting",
        every_type_with_react,
    ),
    ("ex12-84", "Dual Armor"): (
        "with a React Energy attached it is both Grass and Fighting",
        _grass_and_fighting,
    ),
}

# (card id, Poké-Body) -> (summary, what it does between turns)
BETWEEN_TURNS: dict[tuple[str, str], tuple[str, Callable[[Ctx, int, int], None]]] = {
    ("ex12-89", "Icy Aura"): (
        "between turns, while Active: 1 damage counter on each Active Pokémon that is not Water",
        icy_aura,
    ),
}


# (card id, Poké-Body) -> heads an Asleep Pokémon needs between turns while it is Active (as
# ex5-24's Deep Sleep: both coins must be heads)
SLEEP_COINS: dict[tuple[str, str], int] = {("ex12-40", "Deep Sleep"): 2}


def _with_kabuto_kin(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return has_in_play(s, seat_of(s, attacker), ("Kabuto", "Kabutops", "Kabutops ex"))


def _confused(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return "confused" in attacker.conditions()


# (card id, Poké-Body) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex12-34", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),  # ex3-71
    ("ex12-7", "Ancient Shell"): (
        "while its player has Omanyte or Omastar in play: 20 less damage from attacks, after W/R",
        DamageBody(reduce=20, when=_with_omanyte_or_omastar),
    ),
    ("ex12-86", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        DamageBody(prevent_from="ex"),
    ),
    # project reading: the Body of a Tentacruel with a React Energy shields each of its
    # player's Tentacruel (of this card) from the attacks of Pokémon-ex
    ("ex12-45", "Reactive Shield"): (
        "while a Tentacruel of its player has a React Energy attached: nothing from the attacks "
        "of Pokémon-ex",
        DamageBody(prevent_from="ex", when=_shielding_tentacruel),
    ),
    ("ex12-70", "Poison Payback"): (
        "damaged by an attack while Active (even Knocked Out): the attacker is Poisoned",
        DamageBody(react="poisoned"),
    ),
}

# card id -> (summary, how its Poké-Body changes the damage of its Pokémon's attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex12-23": (
        "while its player has Kabuto, Kabutops or Kabutops ex in play: its attacks do 20 more "
        "to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active",
            20,
            before=True,
            active_only=True,
            name="Ancient Fang",
            when=_with_kabuto_kin,
        ),
    ),
    "ex12-39": (
        "while Confused: its attacks do 50 more to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active", 50, before=True, active_only=True, name="Paranoid", when=_confused
        ),
    ),
}


def _magmar_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(s.card(c).name == "Magmar" for c in s.sides[seat].hand):
        return None
    return "no Magmar in the hand"


def _wobbuffet_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(s.card(c).name == "Wobbuffet" for c in s.sides[seat].hand):
        return None
    return "no Wobbuffet in the hand"


def _shady_move(s: PtcgState, seat: int, slot: int) -> str | None:
    """Shady Move: only while Banette ex is the Active Pokémon, and with a damage counter in
    play to move."""
    if slot != 0:
        return "Banette ex is not the Active Pokémon"
    damaged = any(m.damage for side in s.sides for _, m in side.in_play())
    return None if damaged else "no Pokémon in play has a damage counter"


def _react_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    if MoveReactEnergy().moves(s, seat, slot):
        return None
    return "no React Energy card to move to another of the player's Pokémon"


def _basic_energy_discarded(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if basic_energy_in_discard(s, seat) else "no basic Energy card in the discard pile"


def _emerge(s: PtcgState, seat: int, slot: int) -> str | None:
    """Emerge: only while Cascoon is the Active Pokémon, with a deck to search."""
    if slot != 0:
        return "Cascoon is not the Active Pokémon"
    return None if s.sides[seat].deck else "the deck is empty"


def _reactive_generator(s: PtcgState, seat: int, slot: int) -> str | None:
    """Reactive Generator: only while Huntail has no React Energy attached, and with a deck
    to search."""
    if react_energy_on(s, s.sides[seat].mon(slot)):
        return "a React Energy card is attached to it already"
    return None if s.sides[seat].deck else "the deck is empty"


# (card id, Poké-Power) -> (summary, steps, usable); a Special Condition on the Pokémon and
# the once-a-turn limit are the engine's (power.py)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex12-71", "Baby Evolution"): (
        "put Wobbuffet from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Wobbuffet"),),
        _wobbuffet_in_hand,
    ),
    ("ex12-58", "Baby Evolution"): (
        "put Magmar from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Magmar"),),
        _magmar_in_hand,
    ),
    ("ex12-4", "Reactive Shift"): (
        "move a React Energy card from one of the player's Pokémon to another",
        (MoveReactEnergy(),),
        _react_to_move,
    ),
    ("ex12-85", "Shady Move"): (
        "while Active: move 1 damage counter from a Pokémon in play to another (either "
        "player's)",
        (MoveOneCounter(),),
        _shady_move,
    ),
    ("ex12-43", "Power Circulation"): (
        "a basic Energy card from the discard pile on top of the deck, then 1 damage counter "
        "on Sealeo",
        (DiscardEnergyToDeckTop(),),
        _basic_energy_discarded,
    ),
    ("ex12-30", "Emerge"): (
        "while Active, flip a coin: heads, a card evolving from Cascoon from the deck onto it "
        "(evolving)",
        (Flip(heads=(EvolveFromDeck("self"),)),),
        _emerge,
    ),
    ("ex12-18", "Reactive Generator"): (
        "without a React Energy attached: search the deck for a React Energy card and attach "
        "it to Huntail",
        (Search((Cards(kind="energy", names=(REACT_ENERGY,)),), dest="attach_self"),),
        _reactive_generator,
    ),
}

# the Fossils of ex2 reprinted with the same rules and Poké-Bodies (HP from the card data)
FOSSIL_REPRINTS: dict[str, str] = {
    "ex12-78": "ex2-90",  # Claw Fossil (Jagged Stone)
    "ex12-79": "ex2-91",  # Mysterious Fossil
    "ex12-80": "ex2-92",  # Root Fossil (Spongy Stone)
}


def _register_fossils() -> None:
    cards = bundled_cards()
    for card_id, same_as in FOSSIL_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if not card.is_fossil or card.name != original.name or same_as not in reg.FOSSILS:
            raise ValueError(f"effect_data_ex12: {card_id} is no reprint of the Fossil {same_as}")
        # the HP is each card's own fact (Mysterious Fossil: 10 in ex2, 50 here)
        if card_id in reg.FOSSILS:
            raise ValueError(f"effect_data_ex12: {card_id} is registered already")
        reg.FOSSILS.add(card_id)
        SPECIAL_CARDS.add(card_id)
        reg.CONDITION_IMMUNE[card_id] = reg.CONDITION_IMMUNE[same_as]
        for power in card.powers:
            reg.BODIES[(card_id, power.name)] = reg.BODIES[(same_as, power.name)]
        if same_as in reg.DAMAGE_BODIES:
            reg.DAMAGE_BODIES[card_id] = reg.DAMAGE_BODIES[same_as]
        if same_as in reg.HEAL_BODIES:
            reg.HEAL_BODIES[card_id] = reg.HEAL_BODIES[same_as]


def _new_body(card_id: str, name: str, summary: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex12: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
    SPECIAL_CARDS.add(card_id)


def _register_bodies() -> None:
    for (card_id, name), (summary, types) in TYPE_BODIES.items():
        _new_body(card_id, name, summary)
        reg.TYPE_BODIES[card_id] = (name, types)
    for (card_id, name), (summary, run) in BETWEEN_TURNS.items():
        _new_body(card_id, name, summary)
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, run)
    for (card_id, name), n in SLEEP_COINS.items():
        _new_body(card_id, name, f"while Active: an Asleep Pokémon needs {n} heads to wake")
        reg.SLEEP_COINS[card_id] = (name, n)
    arcanine = ("ex12-83", "Fire Remedy")
    _new_body(*arcanine, "a Fire Energy attached from the hand to it: 1 counter off and cured")
    reg.BODIES[arcanine] = reg.BodyEffect(reg.BODIES[arcanine].summary, on_attach=fire_remedy)
    tangela = ("ex12-44", "Reactive Healing")
    _new_body(*tangela, "a React Energy card attached from the hand to it removes its counters")
    reg.BODIES[tangela] = reg.BodyEffect(reg.BODIES[tangela].summary, on_attach=heal_all_on_react)


def _register_damage_mods() -> None:
    cards = bundled_cards()
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        power = cards[card_id].power(mod.name)
        if power is None or power.kind != "body" or (card_id, mod.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex12: {card_id} has no Poké-Body {mod.name!r} to add")
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex12: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod


def _rainbow_counter(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    """Rainbow Energy from the hand onto a Pokémon: a damage counter on that Pokémon (the
    Energy's own effect, not an attack's: nothing keeps it off)."""
    if ctx.s.sides[seat].mon(slot) is not None:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=10)


def _register_energies() -> None:
    rainbow = "ex12-81"
    if bundled_cards()[rainbow].provides != ("Any",) or rainbow in reg.ENERGIES:
        raise ValueError(f"effect_data_ex12: {rainbow} is no Rainbow Energy, or has a handler")
    # one Energy of every type (the card data: "Any"; board.energy_amount: one)
    reg.ENERGIES[rainbow] = reg.EnergyEffect(
        "one Energy of every type; attached from the hand it puts a damage counter on the "
        "Pokémon",
        on_attach=_rainbow_counter,
    )
    SPECIAL_CARDS.add(rainbow)
    card_id = "ex12-82"
    if bundled_cards()[card_id].name != REACT_ENERGY or card_id in reg.ENERGIES:
        raise ValueError(f"effect_data_ex12: {card_id} is no React Energy, or has a handler")
    # one Colorless Energy (the card data lists no type: board.provides says Colorless)
    reg.ENERGIES[card_id] = reg.EnergyEffect(
        "provides one Colorless Energy; no other effect (2 of every type on Huntail and "
        "Gorebyss while Gorebyss's Reactive Booster works)",
        units=reactive_booster_units,
    )
    _new_body(
        "ex12-17",
        "Reactive Booster",
        "React Energy on the player's Huntail and Gorebyss gives 2 Energy of every type",
    )
    SPECIAL_CARDS.add(card_id)


def _cursed_stone(ctx: Ctx) -> None:
    """Between turns: each player puts a damage counter on each of their Pokémon in play whose
    card has a Poké-Power (a Stadium's effect, not an attack's: no Guard keeps it off). Project
    reading: the Power printed on the top card counts whether or not it could be used now
    (a Pokémon has the Power even while a Body or a Special Condition stops it)."""
    s = ctx.s
    for seat in (s.current, 1 - s.current):
        for slot, mon in s.sides[seat].in_play():
            if any(p.kind == "power" for p in s.top(mon).powers):
                ctx.emit("damage", p=SEATS[seat], slot=slot, n=10)


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex12-72": reg.StadiumEffect(
        "between turns: a damage counter on each Pokémon in play that has a Poké-Power",
        between_turns=_cursed_stone,
    ),
}


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex12-73": trainer_program(
            "ex12-73",
            "Supporter: draw 3; the opponent may draw 1",
            (Draw(3), OpponentMayDraw(1)),
            _deck_not_empty,
        ),
    }


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex12: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex12",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_energies()
    _register_fossils()
    _register_damage_mods()
    _register_bodies()
    _register_stadiums()


register()
