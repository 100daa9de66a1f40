"""Card effects as data: attacks of ex1-ex4 written in the effect vocabulary (``vocab.py``).

Each entry maps (card id, attack name) to its steps. The steps say what the card does in
the project's terms; the card's own text is never stored (it is read at run time from a
card database for display only). An attack whose printed effect applies only when a player
has several Defending Pokémon (a double battle) is written for the one Defending Pokémon
of the game played here.
"""

from __future__ import annotations

import dataclasses

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    AttachFromHand,
    BaseIf,
    BenchDamage,
    Condition,
    CountersOn,
    CountersToHp,
    CureSelf,
    DiscardDefendingEnergy,
    DiscardDefendingTool,
    DiscardEnergy,
    DiscardFromOpponentHand,
    Draw,
    Flip,
    Guard,
    Heal,
    HealEach,
    Hit,
    If,
    IfAnyHeads,
    KnockOutOnHeads,
    MayDiscard,
    MinusPer,
    NoAttackNextTurn,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    PlusPerHeads,
    SelfDamage,
    Step,
    TailsNothing,
    TargetHit,
    TimesCount,
    TimesHeads,
    attack_effect,
    cure_active,
    cure_on_attach,
    damage_body,
    draw_then_discard,
    opponent_switches_on_heads,
    switch_own,
)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


def _heads_or_tails(heads: str, tails: str) -> Flip:
    return Flip(heads=(Condition((heads,)),), tails=(Condition((tails,)),))


_AGILITY = Flip(heads=(Guard(effects=True),))  # heads: no damage or effect next turn
_NO_RESISTANCE = Hit(resistance=False)


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # ------------------------------------------------------------------ ex1 Ruby & Sapphire
    ("ex1-1", "Retaliate"): (TailsNothing(), TimesCount("own_counters")),
    ("ex1-1", "Double Lariat"): (TimesHeads(2),),
    ("ex1-2", "Stun Spore"): (_on_heads("paralyzed"),),
    ("ex1-2", "Parallel Gain"): (HealEach(1),),
    ("ex1-3", "Fire Stream"): (Hit(), DiscardEnergy(1, "Fire", then=(BenchDamage(10),))),
    ("ex1-4", "Lava Burn"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex1-4", "Fire Spin"): (DiscardEnergy(2, basic=True, required=True), Hit()),
    ("ex1-5", "Max Energy Source"): (TimesCount("own_energy"),),
    ("ex1-7", "Energy Burst"): (TimesCount("both_energy"),),
    ("ex1-8", "Super Slap Push"): (Hit(20),),
    ("ex1-8", "Mega Throw"): (PlusIf(40, "defending_ex"),),
    ("ex1-9", "Thunder Jolt"): (Flip(tails=(SelfDamage(1),)),),
    ("ex1-10", "Shakedown"): (Flip(heads=(DiscardFromOpponentHand(),)),),
    ("ex1-12", "Critical Move"): (
        DiscardEnergy(1, basic=True, required=True),
        Hit(),
        NoAttackNextTurn(),
    ),
    ("ex1-14", "Take Down"): (SelfDamage(2),),
    ("ex1-16", "Battle Blast"): (PlusPer(10, "own_energy", "Fighting"),),
    ("ex1-17", "Rend"): (PlusIf(20, "defending_damaged"),),
    ("ex1-17", "Double Spin"): (TimesHeads(2),),
    ("ex1-20", "Tail Rap"): (TimesHeads(2),),
    ("ex1-21", "Water Arrow"): (TargetHit(20),),
    ("ex1-21", "Fast Stream"): (Hit(),),  # moves Energy between two Defending: none here
    ("ex1-25", "Double Stab"): (TimesHeads(2),),
    ("ex1-22", "Dark Slash"): (MayDiscard("Darkness", then=(PlusIf(30, "always"),)),),
    ("ex1-26", "Poison Thread"): (_c("poisoned"),),
    ("ex1-28", "Lunge"): (TailsNothing(),),
    ("ex1-30", "Charge"): (AttachFromDiscard(1, "Lightning", basic=True),),
    ("ex1-30", "Thunder Jolt"): (Flip(tails=(SelfDamage(1),)),),
    ("ex1-34", "Removal Beam"): (Flip(heads=(DiscardDefendingEnergy(),)),),
    ("ex1-35", "Dazzle Dance"): (_on_heads("confused"),),
    ("ex1-35", "Life Drain"): (Flip(heads=(CountersToHp(10),)),),
    ("ex1-37", "Magnitude"): (BenchDamage(10, "both"),),
    ("ex1-37", "One-Two Strike"): (PlusPerHeads(2, 20),),
    ("ex1-38", "Continuous Headbutt"): (TimesHeads("until_tails"),),
    ("ex1-39", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex1-41", "Aqua Sonic"): (_NO_RESISTANCE,),
    ("ex1-42", "Ambush"): (PlusIfHeads(30),),
    ("ex1-43", "Gooey Thread"): (NoRetreat(),),
    ("ex1-44", "Lullaby"): (_c("asleep"),),
    ("ex1-45", "Claw"): (TailsNothing(),),
    ("ex1-45", "Slack Off"): (Heal(0), NoAttackNextTurn()),
    ("ex1-47", "Fury Swipes"): (TimesHeads(3),),
    ("ex1-47", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex1-49", "Teary Eyes"): (Guard(10),),
    ("ex1-51", "Big Bite"): (NoRetreat(),),
    ("ex1-53", "Super Thunder Wave"): (_on_heads("paralyzed"),),
    ("ex1-55", "Flail"): (TimesCount("own_counters"),),
    ("ex1-58", "Fake Out"): (_on_heads("paralyzed"),),
    ("ex1-59", "Bubble"): (_on_heads("paralyzed"),),
    ("ex1-61", "Burn Off"): (_on_heads("burned"),),
    ("ex1-62", "Trembler"): (Flip(heads=(Hit(10), _c("paralyzed"))),),
    ("ex1-64", "Knock Off"): (Flip(heads=(DiscardFromOpponentHand(),)),),
    ("ex1-65", "Shadow Bind"): (NoRetreat(),),
    ("ex1-66", "Confuse Ray"): (_on_heads("confused"),),
    ("ex1-67", "Hypnoblast"): (_c("asleep"),),
    ("ex1-68", "Link Blast"): (BaseIf(10, "energy_differs"),),
    ("ex1-71", "Lunge"): (TailsNothing(),),
    ("ex1-74", "Singe"): (_on_heads("burned"),),
    ("ex1-78", "Poison Barb"): (_c("poisoned"),),
    ("ex1-79", "Fury Swipes"): (TimesHeads(3),),
    ("ex1-96", "Healing Egg"): (HealEach(2, skip_self=True),),
    ("ex1-96", "Double-edge"): (SelfDamage(6),),
    ("ex1-97", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex1-97", "Quick Attack"): (PlusIfHeads(20),),
    ("ex1-98", "Steady Punch"): (PlusIfHeads(10),),
    ("ex1-98", "Sky Uppercut"): (_NO_RESISTANCE,),
    ("ex1-99", "Energy Ball"): (PlusPer(10, "own_energy", beyond_cost=True, cap=20),),
    ("ex1-99", "Confuse Ray"): (_c("confused"),),
    ("ex1-100", "Super Singe"): (_c("burned"),),
    ("ex1-102", "Agility"): (_AGILITY,),
    ("ex1-103", "Double Scratch"): (TimesHeads(2),),
    ("ex1-103", "Beat Up"): (TimesHeads("own_in_play"),),
    # ------------------------------------------------------------------ ex2 Sandstorm
    ("ex2-2", "Feint Attack"): (TargetHit(40, wr=False, effects=False),),
    ("ex2-3", "Spiral Drain"): (Heal(2),),
    ("ex2-4", "Judgement"): (KnockOutOnHeads(2),),
    ("ex2-4", "Random Curse"): (CountersOn(5),),  # all 5 on the one Defending Pokémon
    ("ex2-5", "Super Singe"): (_on_heads("burned"),),
    ("ex2-5", "Flamethrower"): (DiscardEnergy(1, "Fire"),),
    ("ex2-6", "Double Kick"): (TimesHeads(2),),
    ("ex2-7", "Hydro Punch"): (PlusPer(10, "own_energy", "Water", beyond_cost=True, cap=20),),
    ("ex2-8", "Cosmic Draw"): (If("opponent_evolved", (Draw(3),)),),
    ("ex2-10", "Dark Bind"): (Hit(), MayDiscard("Darkness", then=(_c("paralyzed"),))),
    ("ex2-11", "Deadly Poison"): (Hit(), MayDiscard("Grass", then=(_c("poisoned"),))),
    ("ex2-11", "Extra Poison"): (If("defending_ex", (_c("asleep", "poisoned"),)),),
    ("ex2-12", "Light Touch Throw"): (MinusPer(10, "defending_energy"),),
    ("ex2-13", "Cosmic Draw"): (If("opponent_evolved", (Draw(3),)),),
    ("ex2-14", "Super Slash"): (PlusIf(30, "defending_evolved"),),
    ("ex2-14", "Target Slash"): (PlusIf(30, "defending_seviper"),),
    ("ex2-15", "Burn Up"): (Flip(tails=(DiscardEnergy(0, "Fire"),)),),
    ("ex2-16", "Confuse Ray"): (_on_heads("confused"),),
    ("ex2-16", "Energy Crush"): (PlusPer(10, "opponent_side_energy"),),
    ("ex2-17", "Special Blow"): (PlusIf(40, "defending_special_energy"),),
    ("ex2-18", "Double Scratch"): (TimesHeads(2),),
    ("ex2-19", "Hydrocannon"): (PlusPer(20, "own_energy", "Water", beyond_cost=True, cap=40),),
    ("ex2-21", "Sand Swirl"): (Hit(20), NoRetreat()),
    ("ex2-21", "Earthquake"): (BenchDamage(10, "own"),),
    ("ex2-22", "Feint Attack"): (TargetHit(40, wr=False, effects=False),),
    ("ex2-23", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex2-23", "Spinning Tail"): (Hit(20), BenchDamage(20)),
    ("ex2-24", "Confuse Ray"): (_on_heads("confused"),),
    ("ex2-25", "Aqua Sonic"): (_NO_RESISTANCE,),
    ("ex2-26", "Flip Over"): (SelfDamage(1),),
    ("ex2-28", "Double Scratch"): (TimesHeads(2),),
    ("ex2-30", "Max Bubbles"): (TimesHeads("own_energy"),),
    ("ex2-33", "Super Poison Breath"): (_c("poisoned"),),
    ("ex2-33", "Sky Uppercut"): (_NO_RESISTANCE,),
    ("ex2-34", "Ultra Energy Source"): (TimesCount("both_basic_energy_cards"),),
    ("ex2-35", "Plasma"): (Flip(heads=(AttachFromDiscard(1, "Lightning", basic=True),)),),
    ("ex2-35", "Thunder Spear"): (TargetHit(40),),
    ("ex2-37", "Double Wing Attack"): (Hit(20),),
    ("ex2-37", "Rend"): (PlusIf(20, "defending_damaged"),),
    ("ex2-38", "Chaotic Noise"): (_heads_or_tails("confused", "asleep"),),
    ("ex2-38", "Pester"): (PlusIf(20, "defending_condition"),),
    ("ex2-40", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex2-40", "Link Blast"): (BaseIf(30, "energy_differs"),),
    ("ex2-41", "Iron Defense"): (_AGILITY,),
    ("ex2-44", "Fury Swipes"): (TimesHeads(3),),
    ("ex2-45", "Double Scratch"): (TimesHeads(2),),
    ("ex2-46", "Fury Swipes"): (TimesHeads(3),),
    ("ex2-47", "Dark Mind"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex2-48", "Steady Punch"): (PlusIfHeads(10),),
    ("ex2-49", "Stun Spore"): (_on_heads("paralyzed"),),
    ("ex2-49", "Razor Wind"): (TailsNothing(),),
    ("ex2-50", "Water Gun"): (PlusPer(10, "own_energy", "Water", beyond_cost=True, cap=20),),
    ("ex2-51", "Burning Claw"): (Hit(), MayDiscard("Fire", then=(_c("burned"),))),
    ("ex2-53", "Toxic Vibration"): (_heads_or_tails("poisoned", "asleep"),),
    ("ex2-53", "Pester"): (PlusIf(20, "defending_condition"),),
    ("ex2-55", "Psyimpact"): (CountersOn(1, each=True),),
    ("ex2-56", "Steel Headbutt"): (PlusIfHeads(20),),
    ("ex2-58", "Poison Sting"): (_on_heads("poisoned"),),
    ("ex2-59", "Singe"): (_on_heads("burned"),),
    ("ex2-60", "Sudden Flash"): (_on_heads("paralyzed"),),
    ("ex2-61", "Confuse Ray"): (_on_heads("confused"),),
    ("ex2-62", "Haunt"): (CountersOn(1),),
    ("ex2-62", "Dark Mind"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex2-63", "Quick Attack"): (PlusIfHeads(10),),
    ("ex2-64", "Bind"): (_on_heads("paralyzed"),),
    ("ex2-67", "Blot"): (Heal(1),),
    ("ex2-68", "Double Bubble"): (TimesHeads(2), IfAnyHeads((_c("paralyzed"),))),
    ("ex2-69", "Soothing Wave"): (_c("asleep"),),
    ("ex2-70", "Bind"): (_on_heads("paralyzed"),),
    ("ex2-71", "Bind"): (_on_heads("paralyzed"),),
    ("ex2-71", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex2-73", "Confusion Wave"): (_c("confused"), Condition(("confused",), who="self")),
    ("ex2-74", "Hypnosis"): (_c("asleep"),),
    ("ex2-74", "Psychic Boom"): (TimesCount("defending_energy"),),
    ("ex2-75", "Poison Needle"): (_on_heads("poisoned"),),
    ("ex2-76", "Surprise Attack"): (TailsNothing(),),
    ("ex2-78", "Growth Spurt"): (AttachFromHand("Grass"),),
    ("ex2-78", "Poisonpowder"): (_c("poisoned"),),
    ("ex2-79", "Double-edge"): (SelfDamage(1),),
    ("ex2-80", "Lazy Punch"): (NoAttackNextTurn(),),
    ("ex2-81", "Super Speed"): (_AGILITY,),
    ("ex2-82", "Sand Pit"): (NoRetreat(),),
    ("ex2-83", "Super Hypno Wave"): (_c("asleep"),),
    ("ex2-84", "Supersonic"): (_on_heads("confused"),),
    ("ex2-85", "Collect"): (Draw(1),),
    ("ex2-94", "Supersonic"): (_c("confused"),),
    ("ex2-95", "Rend"): (PlusIf(30, "defending_damaged"),),
    ("ex2-95", "Metal Surge"): (BenchDamage(20),),
    ("ex2-96", "Feedback"): (CountersOn(0, per="opponent_hand"),),
    ("ex2-96", "Psystorm"): (TimesCount("all_energy"),),
    ("ex2-97", "Hydrocutter"): (TimesHeads("own_energy", cap=3),),
    ("ex2-97", "Spiral Drain"): (Heal(2),),
    ("ex2-98", "Dazzle Blast"): (_on_heads("confused"),),
    ("ex2-98", "Mega Thunderbolt"): (DiscardEnergy(0),),
    ("ex2-99", "Ring of Fire"): (_c("burned"), NoRetreat()),
    ("ex2-99", "Split Blast"): (DiscardEnergy(1),),  # the 50-to-each choice needs 2 Defending
    ("ex2-100", "Dwindling Wave"): (MinusPer(10, "own_counters"),),
    # ------------------------------------------------------------------ ex3 Dragon
    ("ex3-1", "Prize Count"): (PlusIf(20, "more_prizes"),),
    ("ex3-2", "Dragon Song"): (_c("asleep"),),
    ("ex3-5", "Rock Vengeance"): (PlusPer(10, "own_counters"),),
    ("ex3-6", "Psychic Boom"): (PlusPer(10, "defending_energy"),),
    ("ex3-6", "Mind Trip"): (If("energy_same", (_c("confused"),)),),
    ("ex3-7", "Cheer On"): (HealEach(1),),
    ("ex3-7", "Special Circuit"): (TargetHit(20, bonus=20, bonus_if="powered"),),
    ("ex3-8", "Cheer On"): (HealEach(1),),
    ("ex3-8", "Extra Circuit"): (TargetHit(20, bonus=20, bonus_if="ex"),),
    ("ex3-9", "Sleep Powder"): (_c("asleep"),),
    ("ex3-10", "Agility"): (_AGILITY,),
    ("ex3-11", "Damage Curse"): (CountersOn(1, plus_own=True),),
    ("ex3-12", "Scorching Smoke"): (_c("burned"), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex3-13", "Poison Claws"): (_on_heads("poisoned"),),
    ("ex3-13", "Rend"): (PlusIf(30, "defending_damaged"),),
    ("ex3-14", "Dazzle Blast"): (_on_heads("confused"),),
    ("ex3-14", "Healing Wave"): (Heal(1),),
    ("ex3-15", "Air Slash"): (Flip(tails=(DiscardEnergy(1),)),),
    ("ex3-17", "Magnetic Force"): (TimesCount("own_side_energy"),),
    ("ex3-19", "Dragon Flame"): (MayDiscard(then=(PlusIf(20, "always"),)),),
    ("ex3-20", "Scrunch"): (Flip(heads=(Guard(),)),),
    ("ex3-22", "Dragon Spark"): (Flip(heads=(Hit(20), BenchDamage(20))),),
    ("ex3-23", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex3-24", "Super Singe"): (_on_heads("burned"),),
    ("ex3-25", "Quick Attack"): (PlusIfHeads(20),),
    ("ex3-28", "Double Metal Ball"): (CountersOn(2),),
    ("ex3-29", "Grind"): (TimesCount("own_energy"),),
    ("ex3-29", "Big Explosion"): (Hit(80), SelfDamage(8)),
    ("ex3-30", "Magnitude"): (BenchDamage(10, "both"),),
    ("ex3-32", "Aqua Sonic"): (_NO_RESISTANCE,),
    ("ex3-33", "Retaliate"): (TailsNothing(), TimesCount("own_counters")),
    ("ex3-34", "Feint Attack"): (TargetHit(20, wr=False, effects=False),),
    ("ex3-34", "Flamethrower"): (DiscardEnergy(1, "Fire"),),
    ("ex3-35", "Triple Smash"): (PlusPerHeads(3, 20),),
    ("ex3-36", "Mud Splash"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex3-37", "Meditate"): (PlusPer(10, "defending_counters"),),
    ("ex3-38", "Supersonic"): (_on_heads("confused"),),
    ("ex3-38", "Sonic Wing"): (_NO_RESISTANCE,),
    ("ex3-39", "Energy Cannon"): (PlusPer(10, "own_energy", beyond_cost=True, cap=20),),
    ("ex3-39", "Water Arrow"): (TargetHit(30),),
    ("ex3-40", "Agility"): (_AGILITY,),
    ("ex3-42", "Granite Head"): (Guard(10),),
    ("ex3-43", "Hypnosis"): (_c("asleep"),),
    ("ex3-43", "Night Attack"): (TargetHit(10, counters=True),),
    ("ex3-44", "Powder Snow"): (_c("asleep"),),
    ("ex3-45", "Clutch"): (NoRetreat(),),
    ("ex3-45", "Quick Dive"): (Flip(heads=(TargetHit(50, wr=False),)),),
    ("ex3-47", "Quick Turn"): (TimesHeads(2),),
    ("ex3-48", "Magnitude"): (BenchDamage(10, "both"),),
    ("ex3-50", "Risky Kick"): (TailsNothing(),),
    ("ex3-50", "Dragon Eye"): (_c("asleep"),),
    ("ex3-52", "Poison Claws"): (_on_heads("poisoned"),),
    ("ex3-52", "Bubble"): (_on_heads("paralyzed"),),
    ("ex3-54", "Toxic Grip"): (_c("poisoned"),),
    ("ex3-55", "Pebble Throw"): (TargetHit(10, bench_only=True),),
    ("ex3-56", "Steady Punch"): (PlusIfHeads(10),),
    ("ex3-57", "Poison Spurt"): (DiscardEnergy(1, "Grass"), _c("poisoned")),
    ("ex3-58", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex3-62", "Random Spark"): (TargetHit(10),),
    ("ex3-63", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex3-64", "Jolt"): (_on_heads("paralyzed"),),
    ("ex3-65", "Water Gun"): (PlusPer(10, "own_energy", "Water", beyond_cost=True, cap=20),),
    ("ex3-66", "Poison Breath"): (_on_heads("poisoned"),),
    ("ex3-67", "Double Scratch"): (TimesHeads(2),),
    ("ex3-69", "Firebreathing"): (PlusIfHeads(10),),
    ("ex3-74", "Psybeam"): (_on_heads("confused"),),
    ("ex3-75", "Lullaby"): (_c("asleep"),),
    ("ex3-75", "Stifling Fluff"): (_on_heads("paralyzed"),),
    ("ex3-77", "Firebreathing"): (PlusIfHeads(20),),
    ("ex3-79", "Bind"): (_on_heads("paralyzed"),),
    ("ex3-79", "Rock Smash"): (PlusIfHeads(20),),
    ("ex3-80", "Quick Attack"): (PlusIfHeads(20),),
    ("ex3-81", "String Shot"): (_on_heads("paralyzed"),),
    ("ex3-89", "Gigavolt"): (Flip(heads=(Hit(70),), tails=(Hit(), _c("paralyzed"))),),
    ("ex3-90", "Giant Tail"): (TailsNothing(),),
    ("ex3-91", "Magnitude"): (BenchDamage(10, "both"),),
    ("ex3-91", "Double-edge"): (SelfDamage(5),),
    ("ex3-92", "Hydrocannon"): (PlusPer(20, "own_energy", "Water", beyond_cost=True, cap=40),),
    ("ex3-93", "Hypnoblast"): (_on_heads("asleep"),),
    ("ex3-94", "Energy Stream"): (Flip(heads=(AttachFromDiscard(1, basic=True),)),),
    ("ex3-96", "Poison Breath"): (_c("poisoned"),),
    ("ex3-96", "Slimy Water"): (PlusPer(10, "defending_retreat"),),
    ("ex3-98", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex3-99", "Fireworks"): (Flip(tails=(DiscardEnergy(1, "Fire"),)),),
    # ------------------------------------------------------------------ ex4 Team Magma vs Team Aqua
    ("ex4-1", "Dark Bind"): (Hit(), MayDiscard("Darkness", then=(_c("paralyzed"),))),
    ("ex4-1", "Poison Barb"): (_c("poisoned"),),
    ("ex4-2", "Deep Impact"): (If("defending_damaged", (_c("confused"),)),),
    ("ex4-3", "Aqua Trip"): (_heads_or_tails("confused", "asleep"),),
    ("ex4-3", "Aqua Smash"): (PlusIf(20, "defending_condition"),),
    ("ex4-4", "Thunderspark"): (Hit(), BenchDamage(10, "both", only="with_energy")),
    ("ex4-5", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex4-5", "Aqua Slash"): (NoAttackNextTurn(),),
    ("ex4-6", "Power Blow"): (PlusPer(10, "own_energy"),),
    ("ex4-7", "Crush"): (TimesHeads("own_energy"),),
    ("ex4-8", "Dark Hand"): (PlusIf(20, "more_cards_in_hand"),),
    ("ex4-9", "Linear Attack"): (TargetHit(20),),
    ("ex4-9", "Pulverize"): (PlusIf(20, "defending_2_counters"),),
    ("ex4-10", "Roasting Heat"): (PlusIf(20, "defending_burned"),),
    ("ex4-11", "Magma Jab"): (_NO_RESISTANCE,),
    ("ex4-11", "Shoot Down"): (If("defending_team_aqua", (_c("confused"),)),),
    ("ex4-13", "Kerzap"): (Flip(heads=(Hit(80), DiscardEnergy(0, "Lightning")), tails=(Hit(),)),),
    ("ex4-14", "Poison Reaction"): (PlusIf(20, "defending_poisoned"),),
    ("ex4-14", "Double Claw"): (PlusPerHeads(2, 20),),
    ("ex4-15", "Mystic Fang"): (If("defending_ex", (_c("confused"),)),),
    ("ex4-16", "Super Hypnoblast"): (PlusIf(20, "defending_asleep"),),
    ("ex4-17", "Thick Poison"): (
        Flip(heads=(_c("confused", "poisoned"),), tails=(_c("poisoned"),)),
    ),
    ("ex4-18", "Aqua Smash"): (PlusIf(20, "defending_condition"),),
    ("ex4-20", "Body Slam"): (_on_heads("paralyzed"),),
    ("ex4-21", "Overrun"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex4-21", "Bite Off"): (PlusIf(40, "defending_ex"),),
    ("ex4-22", "Second Strike"): (PlusIf(20, "defending_2_counters"),),
    ("ex4-22", "Land Crush"): (Flip(tails=(DiscardEnergy(1),)),),
    ("ex4-23", "Team Play"): (TimesCount("team_magma_in_play"),),
    ("ex4-24", "Paralyzing Gaze"): (_on_heads("paralyzed"),),
    ("ex4-24", "Pin Missile"): (TimesHeads(4),),
    ("ex4-26", "Double Pinchers"): (TimesHeads(2),),
    ("ex4-26", "Dark Poison"): (DiscardEnergy(1, basic=True, required=True), _c("poisoned")),
    ("ex4-27", "Random Spark"): (TargetHit(10),),
    ("ex4-27", "Plasma"): (Flip(heads=(AttachFromDiscard(1, "Lightning", basic=True),)),),
    ("ex4-29", "Aqua Beam"): (If("defending_team_magma", (_c("confused"),)),),
    ("ex4-29", "Chaos Crush"): (Hit(), If("defending_confused", (DiscardDefendingEnergy(),))),
    ("ex4-32", "Pain Amplifier"): (CountersOn(1, each=True, damaged_only=True),),
    ("ex4-33", "Clay Pulse"): (Hit(), BenchDamage(10, only="damaged")),
    ("ex4-34", "Target Scorch"): (If("defending_team_aqua", (_c("burned"),)),),
    ("ex4-34", "Damage Burn"): (PlusIf(20, "defending_damaged"),),
    ("ex4-35", "Singe"): (_on_heads("burned"),),
    ("ex4-35", "Dark Shock"): (_on_heads("paralyzed"),),
    ("ex4-36", "Land Sonic"): (If("defending_damaged", (_c("confused"),)),),
    ("ex4-37", "Lunge"): (TailsNothing(),),
    ("ex4-38", "Double Damage"): (Hit(10),),
    ("ex4-38", "Horn Rush"): (TailsNothing(),),
    ("ex4-39", "Growth"): (AttachFromHand("Grass"),),
    ("ex4-40", "Bone Attack"): (TailsNothing(),),
    ("ex4-41", "Doubleslap"): (TimesHeads(2),),
    ("ex4-42", "Plunder"): (DiscardDefendingTool(),),
    ("ex4-41", "Rest"): (CureSelf(), Heal(3), Condition(("asleep",), who="self")),
    ("ex4-43", "Agility"): (_AGILITY,),
    ("ex4-43", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex4-44", "Bubble"): (_on_heads("paralyzed"),),
    ("ex4-44", "Confuse Ray"): (_on_heads("confused"),),
    ("ex4-45", "Tail Strike"): (PlusIfHeads(10),),
    ("ex4-47", "Confuse Ray"): (_on_heads("confused"),),
    ("ex4-47", "Poison Fang"): (_c("poisoned"),),
    ("ex4-49", "Confuse Ray"): (_on_heads("confused"),),
    ("ex4-50", "Toxic Grip"): (_c("poisoned"),),
    ("ex4-52", "Thundershock"): (_on_heads("paralyzed"),),
    ("ex4-54", "Double Scratch"): (TimesHeads(2),),
    ("ex4-55", "Aqua Crush"): (Flip(heads=(DiscardDefendingEnergy(),)),),
    ("ex4-56", "Powder Snow"): (_c("asleep"),),
    ("ex4-59", "Dig Under"): (TargetHit(10, wr=False),),
    ("ex4-60", "Double Spin"): (TimesHeads(2),),
    ("ex4-61", "Night Attack"): (TargetHit(10, counters=True),),
    ("ex4-62", "Super Singe"): (_c("burned"),),
    ("ex4-64", "Collect"): (Draw(1),),
    ("ex4-65", "Snarl"): (Flip(heads=(Hit(10),), tails=(_c("paralyzed"),)),),
    ("ex4-67", "Double Stab"): (TimesHeads(2),),
    ("ex4-67", "Second Strike"): (PlusIf(20, "defending_2_counters"),),
    ("ex4-89", "Blaze Kick"): (Flip(heads=(Hit(50),), tails=(Hit(), _c("burned"))),),
    ("ex4-90", "Eerie Light"): (_c("confused"),),
    ("ex4-90", "Acidic Poison"): (_c("poisoned", "burned"),),
    ("ex4-91", "Searing Flame"): (_on_heads("burned"),),
    ("ex4-92", "Dazzle Blast"): (_on_heads("confused"),),
    ("ex4-92", "Lightning Tackle"): (Flip(tails=(SelfDamage(2),)),),
    ("ex4-93", "Poison Ring"): (_c("poisoned"), NoRetreat()),
    ("ex4-93", "Green Heal"): (HealEach(4, kind="Grass"),),
    ("ex4-93", "Slashing Strike"): (NoAttackNextTurn(only_this=True),),
    ("ex4-96", "Quick Attack"): (PlusIfHeads(10),),
    ("ex4-96", "Feint Attack"): (TargetHit(30, wr=False, effects=False),),
    ("ex4-97", "Hypnoblast"): (_c("asleep"),),
    ("ex4-97", "Swift"): (Hit(wr=False, effects=False),),
}


_HARD_COCOON = DamageBody(reduce=30, coin=True)
# (card id, Poké-Body name) -> how it changes the damage its Pokémon takes from attacks
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex1-26", "Hard Cocoon"): ("heads: 30 less damage from an attack", _HARD_COCOON),
    ("ex1-43", "Hard Cocoon"): ("heads: 30 less damage from an attack", _HARD_COCOON),
    ("ex1-22", "Rough Skin"): (
        "damaged while Active: 2 counters on the attacker",
        DamageBody(react_counters=2),
    ),
    ("ex1-51", "Rough Skin"): (
        "damaged while Active: 1 counter on the attacker",
        DamageBody(react_counters=1),
    ),
    ("ex2-2", "Poison Payback"): (
        "damaged while Active: the attacker is Poisoned",
        DamageBody(react="poisoned"),
    ),
    ("ex2-57", "Poison Payback"): (
        "damaged while Active: the attacker is Poisoned",
        DamageBody(react="poisoned"),
    ),
    ("ex2-15", "Fire Veil"): (
        "damaged while Active: the attacker is Burned",
        DamageBody(react="burned"),
    ),
    ("ex2-65", "Fire Veil"): (
        "damaged while Active: the attacker is Burned",
        DamageBody(react="burned"),
    ),
    ("ex2-26", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        DamageBody(prevent_from="ex"),
    ),
    ("ex2-39", "Exoskeleton"): ("20 less damage from attacks", DamageBody(reduce=20)),
    ("ex3-71", "Exoskeleton"): ("10 less damage from attacks", DamageBody(reduce=10)),
    ("ex3-11", "Wonder Guard"): (
        "nothing from the attacks of Evolved Pokémon and Pokémon-ex",
        DamageBody(prevent_from="evolved_or_ex"),
    ),
    ("ex3-15", "Sand Guard"): (
        "heads: 20 less damage from an attack",
        DamageBody(reduce=20, coin=True),
    ),
    ("ex3-41", "Energy Guard"): (
        "with basic Energy attached: 10 less damage from attacks",
        DamageBody(reduce=10, needs_energy="basic"),
    ),
    ("ex3-48", "Submerge"): (
        "no damage from attacks while Benched",
        DamageBody(benched_immune=True),
    ),
    ("ex4-46", "Shell Retreat"): (
        "with Energy attached: 10 less damage from attacks",
        DamageBody(reduce=10, needs_energy="any"),
    ),
}
# (card id, Poké-Body name) -> the Energy type whose attachment from the hand cures it
CURE_ON_ATTACH: dict[tuple[str, str], str] = {
    ("ex1-28", "Natural Cure"): "Fire",
    ("ex1-32", "Natural Cure"): "Grass",
    ("ex1-41", "Natural Cure"): "Water",
}


def _known_body(cards: dict[str, CardDef], card_id: str, name: str) -> None:
    card = cards.get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body":
        raise ValueError(f"effect_data: {card_id} has no Poké-Body {name!r} in the card data")
    if (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data: {card_id} {name!r} already has a handler")


# card id -> its effect as a Trainer primitive of vocab.py
TRAINERS: dict[str, reg.TrainerEffect] = {
    "ex1-87": opponent_switches_on_heads("Pokémon Reversal"),
    "ex1-92": switch_own(),
    "ex2-86": cure_active(),
    "ex3-88": draw_then_discard(3),
}


def register() -> None:
    """Put every attack of ``ATTACK_STEPS`` in the registry; an attack with a Python handler
    already, or one the card data does not know, is an error (no silent overwrite)."""
    cards = bundled_cards()
    for (card_id, name), steps in ATTACK_STEPS.items():
        card = cards.get(card_id)
        attack = card.attack(name) if card is not None else None
        if attack is None:
            raise ValueError(f"effect_data: {card_id} has no attack {name!r} in the card data")
        if (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_data: {card_id} {name!r} already has a Python handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
    for (card_id, name), (summary, body) in DAMAGE_BODIES.items():
        _known_body(cards, card_id, name)
        named = dataclasses.replace(body, name=name)
        reg.BODIES[(card_id, name)] = damage_body(summary, named)
        reg.DAMAGE_BODIES[card_id] = named
    for card_id, effect in TRAINERS.items():
        card = cards.get(card_id)
        if card is None or card.kind != "trainer" or card_id in reg.TRAINERS:
            raise ValueError(f"effect_data: {card_id} is no Trainer, or has a handler already")
        reg.TRAINERS[card_id] = effect
    for (card_id, name), kind in CURE_ON_ATTACH.items():
        _known_body(cards, card_id, name)
        reg.BODIES[(card_id, name)] = cure_on_attach(kind, name)


register()
