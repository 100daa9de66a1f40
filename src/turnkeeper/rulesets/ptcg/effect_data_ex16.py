"""Card effects of EX Power Keepers (ex16), Pokémon 1-70, as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_ex5.py`` ... ``vocab_ex13.py``, ``vocab_ex16.py``); facts
in data/sets/ex16.json. The effects are described in the project's own words (card text is
never stored). Many of these cards reprint an ex1-ex5 card (same name, same attacks and Powers):
``POKEMON_REPRINTS`` shares the original's handlers. Cards not listed here stay unimplemented:
``ptcg coverage --set ex16`` lists them and a deck holding one is refused at set-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from turnkeeper.rulesets.ptcg import effect_data as _ex1_to_ex4_data  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex5 as _ex5  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex12 as _ex12  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _ex1_to_ex4  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_rules  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import knockout_window as _knockout_window
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import PREVENT_ALL, body_acted, heal
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DiscardTop,
    ForbidAttack,
    Gust,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    Usable,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BenchDamage,
    Condition,
    DiscardDefendingTool,
    DiscardEnergy,
    Flip,
    Guard,
    Heal,
    Hit,
    Later,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    TimesHeads,
    Toxic,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack
from turnkeeper.rulesets.ptcg.vocab_ex6 import PlusByHeads
from turnkeeper.rulesets.ptcg.vocab_ex8 import DrawBottom, OpponentDiscardsTo
from turnkeeper.rulesets.ptcg.vocab_ex12 import IfStadium, OnlyIf
from turnkeeper.rulesets.ptcg.vocab_ex15 import WeakenDefendingNextTurn
from turnkeeper.rulesets.ptcg.vocab_ex16 import (
    DiscardForTargetsNoWR,
    MoveDefendingBasicEnergyOnHeads,
    PlusPerOpponentPrizes,
    TimesOpponentTailsPerBench,
)
from turnkeeper.rulesets.ptcg.vocab_sets import CardsNotEx, ReorderTop

PHOEBES_STADIUM = "Phoebe's Stadium"  # ex16-79
SIDNEYS_STADIUM = "Sidney's Stadium"  # ex16-82
GLACIAS_STADIUM = "Glacia's Stadium"  # ex16-76
DRAKES_STADIUM = "Drake's Stadium"  # ex16-72


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


def stadium_named(s: PtcgState, name: str) -> bool:
    """Whether the Stadium card in play is named ``name`` (the ex16 Synergy Effects and the
    attacks that ask for a Gym Leader's Stadium)."""
    return s.stadium >= 0 and s.card(s.stadium).name == name


# the fossil Pokémon Omanyte's Influence puts onto the Bench (as ex2-42 Lileep's Influence)
_FOSSIL_FAMILY = ("Omanyte", "Kabuto", "Aerodactyl", "Lileep", "Anorith")

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck Mind Game (d-ex16-1)
    ("ex16-14", "Dark Mind"): (Hit(), TargetHit(20, bench_only=True)),
    ("ex16-14", "Mysterious Light"): (Hit(), IfStadium(PHOEBES_STADIUM, (_c("confused"),))),
    ("ex16-50", "Surprise Attack"): (TailsNothing(),),
    ("ex16-31", "Hypnosis"): (_c("asleep"),),
    ("ex16-31", "Dream Eater"): (OnlyIf("defending_asleep"),),
    ("ex16-59", "Teleportation Burst"): (Hit(), SelfSwitch(optional=False)),
    ("ex16-33", "Steady Punch"): (PlusIfHeads(20),),
    ("ex16-53", "Smash Punch"): (TailsNothing(),),
    ("ex16-53", "Submission"): (SelfDamage(1),),
    ("ex16-22", "Down Draw"): (DrawBottom(2),),
    ("ex16-22", "Feint Attack"): (TargetHit(20, wr=False, effects=False),),
    ("ex16-55", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex16-55", "Cross Chop"): (PlusIfHeads(10),),
    ("ex16-63", "Amnesia"): (ForbidAttack(),),
    # theme deck Dark Blast (d-ex16-2)
    ("ex16-18", "Plunder"): (DiscardDefendingTool(), Hit()),  # the Tool goes before the damage
    ("ex16-18", "Dark Burst"): (IfStadium(SIDNEYS_STADIUM, (PlusIf(20, "always"),)), Hit()),
    ("ex16-58", "Double Kick"): (TimesHeads(2),),
    ("ex16-28", "Scary Face"): (Flip(heads=(DefendingNoAttack(), NoRetreat())),),
    ("ex16-48", "Smokescreen"): (Hit(), Later("smokescreen")),
    ("ex16-67", "Super Singe"): (_on_heads("burned"),),
    ("ex16-25", "Call for Family"): (Search((Cards(stage="basic"),), n=2, dest="bench"),),
    ("ex16-25", "Sharp Claws"): (PlusIfHeads(20),),
    ("ex16-62", "Tail Whip"): (Flip(heads=(DefendingNoAttack(),)),),
    ("ex16-43", "Retaliate"): (TimesCount("own_counters"),),
    # the rest, in number order
    ("ex16-1", "Mix-Up"): (Hit(), DiscardTop(1, side="opponent")),
    ("ex16-2", "Surprise"): (Hit(), ShuffleFromOpponentHand()),
    ("ex16-3", "Mach Claw"): (Hit(resistance=False),),
    # unlike ex1-3's, the Bench damage does not wait on the discard
    ("ex16-5", "Fire Stream"): (Hit(), DiscardEnergy(1, "Fire"), BenchDamage(10)),
    ("ex16-6", "Bursting Inferno"): (_c("burned"),),
    ("ex16-7", "Poison Ring"): (Hit(), _c("poisoned"), NoRetreat()),
    ("ex16-10", "Luring Antenna"): (Gust(optional=True), Hit()),
    # (Machamp ex5-9's Brick Smash ignores Weakness too; this one only Resistance)
    ("ex16-11", "Brick Smash"): (Hit(resistance=False, effects=False),),
    ("ex16-11", "Cross Chop"): (PlusIfHeads(30),),
    ("ex16-12", "Plasma"): (Hit(), AttachFromDiscard(1, "Lightning")),
    ("ex16-12", "Thunderbolt"): (DiscardEnergy(0),),
    ("ex16-17", "Call for Family"): (Search((Cards(stage="basic"),), dest="bench"),),
    ("ex16-17", "Pull Away"): (Hit(), OpponentDiscardsTo(5, 4)),
    ("ex16-21", "Cry for Help"): (Search((CardsNotEx(kind="pokemon", type="Lightning"),)),),
    ("ex16-23", "Toxic"): (Toxic(),),
    ("ex16-26", "Fury Cutter"): (PlusByHeads(3, (0, 10, 30, 50)),),
    ("ex16-27", "Pin Missile"): (TimesHeads(4),),
    ("ex16-30", "Powder Snow"): (_c("asleep"),),
    ("ex16-30", "Double-edge"): (SelfDamage(1),),
    ("ex16-32", "Granite Head"): (Hit(), Guard(10)),
    ("ex16-32", "Stomp"): (PlusIfHeads(20),),
    ("ex16-34", "Rolling Kick"): (_on_heads("paralyzed"),),
    ("ex16-35", "Extra Comet Punch"): (PlusIf(30, "own_boosted"), Hit(), BoostNextTurn()),
    ("ex16-36", "Fake Out"): (_on_heads("paralyzed"),),
    ("ex16-37", "Ice Beam"): (_on_heads("paralyzed"),),
    ("ex16-38", "Tight Jaw"): (_on_heads("paralyzed"),),
    ("ex16-38", "Darkness Charge"): (SelfDamage(1),),
    ("ex16-39", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex16-40", "Dragonbreath"): (TailsNothing(), _c("paralyzed")),
    ("ex16-41", "Ambush"): (PlusIfHeads(20),),
    ("ex16-42", "Dig Deep"): (Search((Cards(kind="energy"),), src=("discard",), must=True),),
    ("ex16-44", "Psybeam"): (_on_heads("confused"),),
    ("ex16-46", "Feint Attack"): (TargetHit(10, wr=False, effects=False),),
    ("ex16-49", "Positive Ion"): (PlusIfHeads(10),),
    ("ex16-51", "Fast Evolution"): (Search((Cards(stage="evolution"),)),),
    ("ex16-51", "Double Scratch"): (TimesHeads(2),),
    ("ex16-52", "Surprise"): (Hit(), ShuffleFromOpponentHand()),
    ("ex16-52", "Acid"): (Hit(), NoRetreat()),
    ("ex16-54", "Spark"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex16-56", "Influence"): (Search((Cards(names=_FOSSIL_FAMILY),), n=2, dest="bench"),),
    ("ex16-57", "Charge"): (AttachFromDiscard(1, "Lightning"),),
    ("ex16-57", "Slam"): (TimesHeads(2),),
    ("ex16-60", "Nap"): (Heal(2),),
    ("ex16-60", "Double Spin"): (TimesHeads(2),),
    ("ex16-61", "Bad Dream"): (Flip(heads=(_c("asleep"),), tails=(_c("confused"),)),),
    ("ex16-64", "Pebble Throw"): (TargetHit(10, bench_only=True),),
    ("ex16-64", "Double Headbutt"): (TimesHeads(2),),
    ("ex16-65", "Defense Curl"): (Flip(heads=(Guard(),)),),
    ("ex16-66", "Fury Attack"): (TimesHeads(3),),
    ("ex16-68", "Surprise Attack"): (TailsNothing(),),
    ("ex16-69", "Confuse Ray"): (_on_heads("confused"),),
    ("ex16-69", "Ember"): (DiscardEnergy(1, "Fire"),),
    ("ex16-70", "Flail"): (TimesCount("own_counters"),),
    # new vocabulary (vocab_ex16.py)
    ("ex16-3", "Rock Blast"): (
        DiscardForTargetsNoWR(n=5, amount=20, anywhere=True, distinct=False, pay="Fighting"),
    ),
    ("ex16-4", "Grudge"): (PlusPerOpponentPrizes(10),),
    ("ex16-4", "Bench Manipulation"): (TimesOpponentTailsPerBench(), Hit(wr=False)),
    ("ex16-45", "Magnetic Lines"): (Hit(), MoveDefendingBasicEnergyOnHeads()),
    ("ex16-49", "Negative Ion"): (Hit(), WeakenDefendingNextTurn(10)),
}


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _poison_structure(s: PtcgState, seat: int, slot: int) -> str | None:
    if not stadium_named(s, SIDNEYS_STADIUM):
        return "Sidney's Stadium is not in play"
    return None if s.sides[1 - seat].active is not None else "the opponent has no Active"


def _evolutionary_call(s: PtcgState, seat: int, slot: int) -> str | None:
    """Read as the other "when you play it from your hand to evolve" Powers (ex11-50 Prowl):
    only in the turn it evolved."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    return _deck(s, seat, slot)


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex16-1", "Terraforming"): (
        "look at the deck's top 5 cards and put them back in any order",
        (ReorderTop(5),),
        _deck,
    ),
    ("ex16-27", "Poison Structure"): (
        "with Sidney's Stadium in play: the Defending Pokémon is Poisoned",
        (Condition(("poisoned",)),),
        _poison_structure,
    ),
    ("ex16-7", "Evolutionary Call"): (
        "in the turn it evolved from the hand: up to 3 Basic Pokémon or Evolution cards of "
        "the deck into the hand",
        (Search((Cards(stage="basic"), Cards(stage="evolution")), n=3),),
        _evolutionary_call,
    ),
}


def _phoebe_and_ex(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return stadium_named(s, PHOEBES_STADIUM) and s.top(attacker).ex


def _glacia(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return stadium_named(s, GLACIAS_STADIUM)


# (card id, Poké-Body name) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    # only the damage: the other effects of a Pokémon-ex's attack still reach Sableye
    ("ex16-22", "Synergy Effect"): (
        "with Phoebe's Stadium in play: no damage from the attacks of Pokémon-ex",
        DamageBody(reduce=PREVENT_ALL, when=_phoebe_and_ex),
    ),
    ("ex16-30", "Synergy Effect"): (
        "with Glacia's Stadium in play: 30 less damage from attacks (after W/R)",
        DamageBody(reduce=30, when=_glacia),
    ),
    ("ex16-26", "Solid Shell"): ("10 less damage from attacks", DamageBody(reduce=10)),
    ("ex16-41", "Strikes Back"): (
        "damaged while Active (even Knocked Out): 1 counter on the attacker",
        DamageBody(react_counters=1),
    ),
}

# Thick Skin (Zangoose), Clear Body (Metang): no Special Condition affects the Pokémon
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex16-25", "Thick Skin"): frozenset(CONDITIONS),
    ("ex16-35", "Clear Body"): frozenset(CONDITIONS),
}


def _drakes_mending(ctx: Ctx, seat: int, slot: int) -> None:
    """Altaria's Synergy Effect: with Drake's Stadium in play, 1 damage counter off it."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage and stadium_named(ctx.s, DRAKES_STADIUM):
        heal(ctx, seat, slot, 1)
        body_acted(ctx, seat, mon, "Synergy Effect")


# card id -> (Poké-Body name, summary, what it does between turns: lasting.py asks body_off)
BETWEEN_TURNS_BODIES: dict[str, tuple[str, str, Callable[[Ctx, int, int], None]]] = {
    "ex16-2": (
        "Synergy Effect",
        "with Drake's Stadium in play: 1 damage counter off it between turns",
        _drakes_mending,
    ),
}

# ex16 Pokémon that reprint an earlier card: the same name, attacks and Powers (the printed
# text checked in the card database); every handler of the original is shared
POKEMON_REPRINTS: dict[str, str] = {
    "ex16-8": "ex1-5",  # Delcatty
    "ex16-9": "ex1-7",  # Gardevoir
    "ex16-13": "ex1-12",  # Slaking
    "ex16-15": "ex5-38",  # Lanturn (its Energy Grounding: knockout_window.GROUNDING_CARDS)
    "ex16-16": "ex3-17",  # Magneton
    "ex16-19": "ex5-22",  # Ninetales
    "ex16-20": "ex2-19",  # Omastar
    "ex16-24": "ex2-26",  # Wobbuffet
    "ex16-29": "ex1-28",  # Combusken
}

# (card id, Poké-Power or Poké-Body name) -> the card whose same Power or Body it shares (the
# card's other effects are new, in the tables above)
ABILITY_REPRINTS: dict[tuple[str, str], str] = {
    ("ex16-5", "Firestarter"): "ex1-3",  # Blaziken
    ("ex16-11", "Overzealous"): "ex5-9",  # Machamp (its wording differs, not its effect)
    ("ex16-21", "Baby Evolution"): "ex2-20",  # Pichu
    ("ex16-34", "Vigorous Aura"): "ex8-50",  # as Vigoroth's (one Active Pokémon a side)
    ("ex16-47", "Rough Skin"): "ex1-51",  # Carvanha
    ("ex16-70", "Baby Evolution"): "ex12-71",  # Wynaut
}

_Entry = TypeVar("_Entry")


def _share(table: dict[str, _Entry], card_id: str, same_as: str) -> None:
    if same_as in table:
        if card_id in table:
            raise ValueError(f"effect_data_ex16: {card_id} already has an entry to share")
        table[card_id] = table[same_as]


def share_card_tables(card_id: str, same_as: str) -> None:
    """Give ``card_id`` every by-card-id registry entry ``same_as`` has (the Poké-Body and
    damage-modifier tables a reprinted Pokémon's Body works through), and its place in
    SPECIAL_CARDS."""
    _share(reg.CONDITION_IMMUNE, card_id, same_as)
    _share(reg.DAMAGE_MODS, card_id, same_as)
    _share(reg.DAMAGE_BODIES, card_id, same_as)
    _share(reg.RULE_BODIES, card_id, same_as)
    _share(reg.POWER_AURAS, card_id, same_as)
    _share(reg.ATTACH_BANS, card_id, same_as)
    _share(reg.RETREAT_BODIES, card_id, same_as)
    _share(reg.ATTACK_BANS, card_id, same_as)
    _share(reg.BASIC_BANS, card_id, same_as)
    _share(reg.COST_BODIES, card_id, same_as)
    _share(reg.BENCH_SHIELDS, card_id, same_as)
    _share(reg.SLEEP_COINS, card_id, same_as)
    _share(reg.RETREAT_ANY_CONDITION, card_id, same_as)
    _share(reg.HEAL_BODIES, card_id, same_as)
    _share(reg.BETWEEN_TURNS_BODIES, card_id, same_as)
    _share(reg.KNOCKOUT_BODIES, card_id, same_as)
    _share(reg.NO_WEAKNESS_BODIES, card_id, same_as)
    _share(reg.RETREAT_TAXES, card_id, same_as)
    _share(reg.IMMUNE_ONLY_WHEN, card_id, same_as)
    _share(reg.CONDITION_AURAS, card_id, same_as)
    _share(reg.EVOLVE_PUNISHERS, card_id, same_as)
    _share(reg.BORROW_ATTACK_BODIES, card_id, same_as)
    _share(reg.ATTACH_PUNISHERS, card_id, same_as)
    _share(reg.TYPE_BODIES, card_id, same_as)
    _share(reg.ENERGY_TYPE_BODIES, card_id, same_as)
    _share(reg.NO_RESISTANCE_ACTIVE, card_id, same_as)
    _share(reg.RETREAT_AURAS, card_id, same_as)
    _share(reg.HP_AURAS, card_id, same_as)
    _share(reg.FLUFF_BODIES, card_id, same_as)
    _share(reg.NO_PRIZE_BODIES, card_id, same_as)
    _share(reg.MIRROR_BODIES, card_id, same_as)
    _share(reg.GAS_BODIES, card_id, same_as)
    _share(reg.ABILITY_OFF_AURAS, card_id, same_as)
    _share(reg.AFTER_ATTACK, card_id, same_as)
    _share(reg.CHECKUP_BODIES, card_id, same_as)
    _share(reg.RETREAT_HELPS, card_id, same_as)
    _share(reg.RETREAT_SELF_HELPS, card_id, same_as)
    _share(reg.BENCH_POWERS, card_id, same_as)
    _share(reg.ATTACH_POWERS, card_id, same_as)
    _share(reg.LONE_BASIC_BANS, card_id, same_as)
    if same_as in reg.NO_RESISTANCE_BODIES:
        reg.NO_RESISTANCE_BODIES.add(card_id)
    if same_as in SPECIAL_CARDS:
        SPECIAL_CARDS.add(card_id)


def _share_ability(card_id: str, name: str, same_as: str) -> None:
    """The Poké-Power or Poké-Body ``name`` of ``card_id`` works as ``same_as``'s."""
    cards = bundled_cards()
    card, original = cards[card_id], cards[same_as]
    power, before = card.power(name), original.power(name)
    if power is None or before is None or power.kind != before.kind:
        raise ValueError(f"effect_data_ex16: {card_id} {name!r} is no reprint of {same_as}")
    table = reg.POWERS if power.kind == "power" else reg.BODIES
    found = table.get((same_as, name))
    if found is None or (card_id, name) in table:
        raise ValueError(f"effect_data_ex16: {same_as} {name!r} has no handler to share")
    if power.kind == "power":
        reg.POWERS[(card_id, name)] = reg.POWERS[(same_as, name)]
    else:
        reg.BODIES[(card_id, name)] = reg.BODIES[(same_as, name)]


def _register_pokemon_reprints() -> None:
    cards = bundled_cards()
    for card_id, same_as in POKEMON_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "pokemon" or card.name != original.name:
            raise ValueError(f"effect_data_ex16: {card_id} is no reprint of {same_as}")
        for attack in card.attacks:
            before = original.attack(attack.name)
            if before is None or before.cost != attack.cost or before.damage != attack.damage:
                raise ValueError(f"effect_data_ex16: {card_id} {attack.name!r} is no reprint")
            found = reg.ATTACKS.get((same_as, attack.name))
            if found is not None:
                if (card_id, attack.name) in reg.ATTACKS:
                    raise ValueError(f"effect_data_ex16: {card_id} {attack.name!r} has a handler")
                reg.ATTACKS[(card_id, attack.name)] = found
            if (same_as, attack.name) in reg.ASLEEP_ATTACKS:
                reg.ASLEEP_ATTACKS.add((card_id, attack.name))
            cost_now = reg.COST_OVERRIDES.get((same_as, attack.name))
            if cost_now is not None:
                reg.COST_OVERRIDES[(card_id, attack.name)] = cost_now
        for power in card.powers:
            _share_ability(card_id, power.name, same_as)
        share_card_tables(card_id, same_as)
    for (card_id, name), same_as in ABILITY_REPRINTS.items():
        # (the Power or Body of the same name and kind; its text was checked by hand, the
        # Pokémon may differ: Medicham's Vigorous Aura is Vigoroth's)
        _share_ability(card_id, name, same_as)
        share_card_tables(card_id, same_as)


# card id -> the rule its Poké-Body changes (lasting.rule_body asks these): Primal Stare as
# Cradily ex's Primal Vibes ex4-90 (evolving the Active from the hand; a Baby Evolution onto
# the Active too, power.baby_evolution_blocked)
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex16-10": (
        "while Active: the opponent can't evolve their Active Pokémon from the hand (nor by "
        "Baby Evolution)",
        reg.RuleBody("Primal Stare", "evolve_active"),
    ),
}


def _register_rule_bodies() -> None:
    cards = bundled_cards()
    for card_id, (summary, body) in RULE_BODIES.items():
        power = cards[card_id].power(body.name)
        if power is None or power.kind != "body" or (card_id, body.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex16: {card_id} has no Poké-Body {body.name!r} to add")
        if card_id in reg.RULE_BODIES:
            raise ValueError(f"effect_data_ex16: {card_id} changes a rule already")
        reg.BODIES[(card_id, body.name)] = reg.BodyEffect(summary)
        reg.RULE_BODIES[card_id] = body
        SPECIAL_CARDS.add(card_id)


def _register_between_turns() -> None:
    cards = bundled_cards()
    for card_id, (name, summary, between) in BETWEEN_TURNS_BODIES.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex16: {card_id} has no Poké-Body {name!r} to add")
        if card_id in reg.BETWEEN_TURNS_BODIES:
            raise ValueError(f"effect_data_ex16: {card_id} acts between turns already")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BETWEEN_TURNS_BODIES[card_id] = (name, between)
        SPECIAL_CARDS.add(card_id)  # lasting.py asks between-turns Bodies in such games


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex16",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            damage_bodies=DAMAGE_BODIES,
            condition_immune=CONDITION_IMMUNE,
        )
    )
    _register_pokemon_reprints()
    _knockout_window.GROUNDING_CARDS.add("ex16-15")
    _register_between_turns()
    _register_rule_bodies()
    for (card_id, _name), steps in ATTACK_STEPS.items():
        if any(isinstance(step, Later) for step in steps):
            SPECIAL_CARDS.add(card_id)  # its delayed effect is asked by lasting.py


register()
