"""Card effects of EX Emerald (ex9) as data in the effect vocabulary (``vocab.py``,
``search.py``); facts in data/sets/ex9.json. The effects are described in the project's own
words (card text is never stored). Cards not listed here stay unimplemented: ``ptcg coverage
--set ex9`` lists them and a deck holding one is refused at set-up.

Many ex9 attacks are reprinted word for word from earlier sets: they take the same steps as
the earlier card (the damage printed on the ex9 card is used)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4_tools  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import energy_units, max_hp, types_of
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.damage import PREVENT_ALL
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    EvolveFromHand,
    HealPick,
    MoveEnergy,
    PickTargets,
    Search,
    SelfSwitch,
    Usable,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    BoostNextTurnAll,
    Condition,
    DiscardDefendingEnergy,
    Draw,
    Flip,
    Heal,
    Hit,
    If,
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
from turnkeeper.rulesets.ptcg.vocab_ex5 import DefendingNoAttack
from turnkeeper.rulesets.ptcg.vocab_ex8 import FormChange, form_change_usable
from turnkeeper.rulesets.ptcg.vocab_ex9 import (
    AttachFromDiscardThenHeal,
    CountersPerOwnEnergy,
    IfInPlay,
    MoveEnergyFromActive,
    PlusIfDefendingResists,
    PlusIfInPlay,
    PlusPerEnergyMilledEach,
    SearchDeckOrDiscard,
    TargetHitPlusIfPower,
)
from turnkeeper.rulesets.ptcg.vocab_sets import TrainerOf


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


# damage that ignores Weakness, Resistance and every effect on the Defending Pokémon (Swift)
_SWIFT: tuple[Step, ...] = (Hit(wr=False, resistance=True, effects=False),)
# "10 damage to each of the opponent's Pokémon": the Active with W/R, the Bench without
_EACH_OPPONENT_10: tuple[Step, ...] = (Hit(10), BenchDamage(10))

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # ---- same wording as an earlier card's attack (the earlier card in the comment)
    ("ex9-1", "Searing Flame"): (Hit(), _c("burned")),  # ex6-13
    ("ex9-38", "Searing Flame"): (Hit(), _c("burned")),
    ("ex9-92", "Searing Flame"): (Hit(), _c("burned")),
    ("ex9-23", "Super Singe"): (Hit(), _c("burned")),  # ex1-100
    ("ex9-7", "Swift"): _SWIFT,  # ex5-5
    ("ex9-10", "Swift"): _SWIFT,
    ("ex9-12", "Collect"): (Draw(1),),  # ex2-85
    ("ex9-17", "Collect"): (Draw(1),),
    ("ex9-32", "Collect"): (Draw(1),),
    ("ex9-39", "Collect"): (Draw(1),),
    ("ex9-57", "Collect"): (Draw(1),),
    ("ex9-59", "Collect"): (Draw(1),),
    ("ex9-107", "Spearhead"): (Draw(1),),  # ex8-26
    ("ex9-3", "Body Slam"): (Hit(), _on_heads("paralyzed")),  # ex4-20
    ("ex9-22", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex9-34", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex9-35", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex9-74", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex9-27", "Thundershock"): (Hit(), _on_heads("paralyzed")),  # ex1-39
    ("ex9-39", "Thundershock"): (Hit(), _on_heads("paralyzed")),
    ("ex9-60", "Thundershock"): (Hit(), _on_heads("paralyzed")),
    ("ex9-29", "Psyshock"): (Hit(), _on_heads("paralyzed")),  # ex2-40
    ("ex9-55", "Fake Out"): (Hit(), _on_heads("paralyzed")),  # ex1-58
    ("ex9-45", "Paralyzing Gaze"): (_on_heads("paralyzed"),),  # ex3-23
    ("ex9-16", "Dazzle Blast"): (Hit(), _on_heads("confused")),  # ex2-98
    ("ex9-42", "Confuse Ray"): (_on_heads("confused"),),  # ex1-66 (no damage printed)
    ("ex9-38", "Confuse Ray"): (Hit(), _c("confused")),  # ex1-99
    ("ex9-36", "Super Hypno Wave"): (Hit(), _c("asleep")),  # ex2-83
    ("ex9-61", "Hypnotic Ray"): (Hit(), _c("asleep")),  # ex6-25
    ("ex9-69", "Hypnotic Gaze"): (_c("asleep"),),  # ex8-76
    ("ex9-40", "Poison Breath"): (Hit(), _c("poisoned")),  # ex3-96
    ("ex9-24", "Rock Smash"): (PlusIfHeads(10),),  # ex8-45
    ("ex9-56", "Tail Strike"): (PlusIfHeads(10),),  # ex4-45
    ("ex9-37", "Quick Attack"): (PlusIfHeads(20),),  # ex5-22
    ("ex9-49", "Lunge"): (TailsNothing(),),  # ex1-28
    ("ex9-57", "Lunge"): (TailsNothing(),),
    ("ex9-66", "Lunge"): (TailsNothing(),),
    ("ex9-67", "Razor Wind"): (TailsNothing(),),  # ex2-49
    ("ex9-68", "Razor Wind"): (TailsNothing(),),
    # ---- the theme decks' other attacks
    ("ex9-1", "Damage Burn"): (PlusIf(20, "defending_damaged"),),
    ("ex9-7", "Tail Shock"): (Hit(), BenchDamage(10)),
    ("ex9-8", "Super Hypno Wave"): (Hit(), _on_heads("asleep")),
    ("ex9-13", "Hailstone"): _EACH_OPPONENT_10,
    ("ex9-13", "Super Slash"): (PlusIf(20, "defending_evolved"),),
    ("ex9-23", "Extra Flame"): (PlusIf(30, "defending_ex"),),
    ("ex9-25", "Lava Burn"): (Hit(), TargetHit(10, bench_only=True)),
    ("ex9-25", "Sharp Claws"): (PlusIfHeads(10),),
    ("ex9-28", "Tail Shake"): (Hit(), _c("asleep")),
    ("ex9-40", "Blot"): (Hit(), Heal(1)),
    ("ex9-47", "Double Kick"): (TimesHeads(2),),
    # one of the opponent's Pokémon, the player's pick: W/R on the Active only
    ("ex9-50", "Water Arrow"): (PickTargets(1, 10, anywhere=True),),
    ("ex9-70", "Tail Smash"): (TailsNothing(),),
    ("ex9-72", "Firebreathing"): (PlusIfHeads(10),),
    # ---- the set's other attacks
    ("ex9-3", "Collect"): (Draw(3),),
    ("ex9-3", "Mega Throw"): (PlusIf(40, "defending_ex"),),
    ("ex9-20", "Bite Off"): (PlusIf(30, "defending_ex"),),
    ("ex9-21", "Extra Claws"): (PlusIf(20, "defending_ex"),),
    ("ex9-31", "Cross-Cut"): (PlusIf(20, "defending_evolved"),),
    ("ex9-91", "Spike Rend"): (PlusIf(20, "defending_damaged"),),
    ("ex9-21", "Quick Attack"): (PlusIfHeads(10),),
    ("ex9-54", "Cross Chop"): (PlusIfHeads(10),),
    ("ex9-65", "Knock Away"): (PlusIfHeads(10),),
    ("ex9-44", "Spike Cannon"): (TimesHeads(3),),
    ("ex9-5", "Rock Tumble"): (Hit(resistance=False),),
    ("ex9-19", "Rock Tumble"): (Hit(resistance=False),),
    ("ex9-6", "Aqua Sonic"): (Hit(resistance=False),),
    ("ex9-11", "Aqua Sonic"): (Hit(resistance=False),),
    ("ex9-4", "Mind Shock"): (Hit(wr=False),),
    ("ex9-33", "Mind Shock"): (Hit(wr=False),),
    ("ex9-11", "Spinning Tail"): _EACH_OPPONENT_10,
    ("ex9-17", "Wide Laser"): _EACH_OPPONENT_10,
    ("ex9-100", "Wide Laser"): (Hit(20), BenchDamage(20)),
    ("ex9-12", "Warp Sounds"): (Hit(), If("defending_evolved", (_c("confused"),))),
    ("ex9-53", "Strange Scale"): (Hit(), If("defending_evolved", (_c("confused"),))),
    ("ex9-18", "Hypno Splash"): (Hit(), _c("asleep")),
    ("ex9-91", "Psybeam"): (Hit(), _c("confused")),
    ("ex9-31", "Shove"): (Hit(), _on_heads("paralyzed")),
    ("ex9-98", "Ice Beam"): (Hit(), _on_heads("paralyzed")),
    ("ex9-35", "Double-edge"): (Hit(), SelfDamage(1)),
    ("ex9-42", "Double-edge"): (Hit(), SelfDamage(1)),
    ("ex9-107", "Nosedive"): (Hit(), SelfDamage(1)),
    ("ex9-22", "Power Blow"): (PlusPer(10, "own_energy"),),
    ("ex9-26", "Smash Turn"): (Hit(), SelfSwitch()),
    ("ex9-29", "Teleport Blast"): (Hit(), SelfSwitch()),
    # one of the opponent's Pokémon, the player's pick (the ``target`` parameter)
    ("ex9-30", "Snap Tail"): (TargetHit(10),),
    ("ex9-41", "Skill Dive"): (TargetHit(40),),
    ("ex9-52", "Dig Under"): (TargetHit(20, wr=False),),  # no W/R even on the Active
    ("ex9-53", "Call for Friend"): (Search((Cards(stage="basic"),), dest="bench"),),
    ("ex9-2", "Swift"): _SWIFT,
    # no Resistance, and nothing on the Defending Pokémon (Bodies, Guards) changes the damage;
    # Weakness applies
    ("ex9-93", "Fastwave"): (Hit(resistance=False, effects=False),),
    ("ex9-90", "Dragon Mist"): (Hit(resistance=False, effects=False),),
    ("ex9-15", "Scary Face"): (Flip(heads=(DefendingNoAttack(), NoRetreat())),),
    # +10 per Water Energy beyond the attack's cost, at most +20
    ("ex9-15", "Hydro Pump"): (PlusPer(10, "own_energy", "Water", beyond_cost=True, cap=20),),
    ("ex9-96", "Gentle Wrap"): (Hit(), NoRetreat()),
    ("ex9-14", "Eruption"): (PlusPerEnergyMilledEach(10),),
    ("ex9-92", "Eruption"): (PlusPerEnergyMilledEach(20),),
    # ---- the rare Pokémon and the Pokémon-ex
    ("ex9-9", "Dragon Dance"): (BoostNextTurnAll(30),),  # as ex3-2's, 30 instead of 40
    # the partner may be either player's: the card says only "in play"
    ("ex9-98", "Iceberg Crush"): (
        Hit(),
        IfInPlay(name="Regirock ex", then=(Flip(heads=(DiscardDefendingEnergy(),)),)),
    ),
    ("ex9-99", "Metal Crush"): (PlusIfInPlay(20, "Registeel ex"),),
    ("ex9-100", "Block Signal"): (
        Hit(),
        IfInPlay(name="Regice ex", then=(_on_heads("confused"),)),
    ),
    ("ex9-99", "Mend"): (AttachFromDiscardThenHeal(kind="Fighting", heal=1),),
    ("ex9-94", "Shadow Beam"): (CountersPerOwnEnergy(2),),
    # 3 damage counters, one at a time, each on any of the opponent's Pokémon (the same one
    # may take more than one)
    ("ex9-95", "Pure Power"): (PickTargets(3, 10, counters=True, anywhere=True, distinct=False),),
    ("ex9-95", "Sky Kick"): (PlusIfDefendingResists(40, "Fighting"),),
    ("ex9-96", "Reflect Energy"): (
        Hit(),
        MoveEnergy(src="self", dst="bench", basic=True, optional=False),
    ),
    ("ex9-97", "Power Short"): (TargetHitPlusIfPower(30, bonus=20),),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _heal_dance(s: PtcgState, seat: int, slot: int) -> str | None:
    """Heal Dance: a damaged Pokémon of the player's, and no Heal Dance used this turn yet
    (by any Pokémon: the limit is the player's, per turn)."""
    if not any(m.damage for _, m in s.sides[seat].in_play()):
        return "none of the player's Pokémon has damage counters"
    if any(used.endswith(":Heal Dance") for used in s.powers_used):
        return "a Heal Dance was used this turn already"
    return None


def _pikachu_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(s.card(c).name == "Pikachu" for c in s.sides[seat].hand):
        return None
    return "no Pikachu in the hand"


_WATER_CYCLONE = MoveEnergyFromActive(kind="Water", optional=False)


def _water_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    if _WATER_CYCLONE.moves(s, seat, slot):
        return None
    return "no Water Energy on the Active Pokémon, or no Benched Pokémon to move it to"


_FORM_CHANGE = "search the deck for another Deoxys and swap it in (one Form Change a turn)"
_FORM_CHANGE_EX = "search the deck for another Deoxys ex and swap it in (one Form Change a turn)"

# (card id, Poké-Power) -> (summary, steps, usable); a Special Condition on the Pokémon and
# the once-a-turn limit are the engine's (power.py)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex9-2", "Form Change"): (
        _FORM_CHANGE,
        (FormChange("Deoxys"),),
        form_change_usable("Deoxys"),
    ),
    ("ex9-93", "Form Change"): (
        _FORM_CHANGE_EX,
        (FormChange("Deoxys ex"),),
        form_change_usable("Deoxys ex"),
    ),
    ("ex9-4", "Heal Dance"): (
        "2 damage counters off one of the player's Pokémon (one Heal Dance a turn)",
        (HealPick(2),),
        _heal_dance,
    ),
    ("ex9-11", "Water Cyclone"): (
        "as often as the player likes: a Water Energy from the Active Pokémon to a Benched one",
        (_WATER_CYCLONE,),
        _water_to_move,
    ),
    ("ex9-59", "Baby Evolution"): (
        "put Pikachu from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand("Pikachu"),),
        _pikachu_in_hand,
    ),
}
# Poké-Powers of POWER_STEPS usable as often as the player likes in a turn
AS_OFTEN_AS_LIKED: tuple[tuple[str, str], ...] = (("ex9-11", "Water Cyclone"),)


def _hp_40_or_less(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return max_hp(s, attacker) - attacker.damage <= 40


# card id -> (summary, how its Poké-Body changes the damage of attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex9-1": (
        "with 40 HP or less left: its attacks do 40 more to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active",
            40,
            before=True,
            active_only=True,
            name="Blaze",
            when=_hp_40_or_less,
        ),
    ),
}


def _benched(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return all(side.active is not mon for side in s.sides)


def _stage2_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return s.stage_in_play(attacker) == "stage2"


def _ex_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return s.top(attacker).ex


# (card id, Poké-Body name) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex9-90", "Mist"): (
        "30 less damage from the attacks of Stage 2 Pokémon (either player's), after W/R",
        DamageBody(reduce=30, when=_stage2_attacker, attacks_of="both"),
    ),
    ("ex9-67", "Feathery"): (
        "no damage from the opponent's attacks while Benched",
        DamageBody(benched_immune=True),
    ),
    # both players' attacks: ``when`` keeps the Body off while Feebas is Active, so the
    # reduction (which also meets its own player's Bench damage) acts on the Bench only
    ("ex9-49", "Submerge"): (
        "no damage from attacks (either player's) while Benched",
        DamageBody(benched_immune=True, reduce=PREVENT_ALL, attacks_of="both", when=_benched),
    ),
    # each Raichu ex's own Body shields it; the once-a-turn mark keeps a second Raichu ex's
    # Rai-shield from acting in the same turn (a spread attack, or two shields on one)
    ("ex9-97", "Rai-shield"): (
        "30 less damage from the attacks of the opponent's Pokémon-ex, after W/R; one "
        "Rai-shield a turn for its player",
        DamageBody(reduce=30, when=_ex_attacker, once_a_turn=True),
    ),
}
CONDITION_IMMUNE: dict[tuple[str, str], frozenset[str]] = {
    ("ex9-92", "Magma Armor"): frozenset({"asleep", "paralyzed"}),
}


def _any_energy(s: PtcgState, mon: Mon) -> bool:
    return bool(mon.energy)


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex9-24": ("Retreat Cost 0 with any Energy attached", reg.RetreatBody("Levitate", _any_energy)),
}


def _self_with_lightning(s: PtcgState, body: Mon, target: Mon) -> bool:
    """Electro-guard: Minun itself, with an Energy providing Lightning attached."""
    return body is target and any("Lightning" in unit for unit in energy_units(s, body))


def _darkness_weakness_only(s: PtcgState, body: Mon, target: Mon) -> bool:
    """Dark Hole: Dusclops ex on its player's Bench, and Darkness is the only type of the
    attacker that meets the target's Weakness (another Weakness the attacker meets stays)."""
    if any(side.active is body for side in s.sides):
        return False
    attacker = s.sides[s.current].active
    if attacker is None:
        return False
    weakness = s.top(target).weakness
    return {kind for kind in types_of(s, attacker) if kind in weakness} == {"Darkness"}


# (card id, Poké-Body name) -> (summary, when its owner's Active has no Weakness)
NO_WEAKNESS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon, Mon], bool]]] = {
    ("ex9-37", "Electro-guard"): (
        "with Lightning Energy attached: no Weakness",
        _self_with_lightning,
    ),
    ("ex9-94", "Dark Hole"): (
        "while Dusclops ex is on the Bench: no Darkness Weakness for its player's Pokémon",
        _darkness_weakness_only,
    ),
}


def _not_ex(s: PtcgState, mon: Mon) -> bool:
    return not s.top(mon).ex


# (card id, Poké-Body name) -> (summary, which Pokémon, either player's, may not use
# Poké-Powers while it is its player's Active Pokémon)
POWER_AURAS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], bool]]] = {
    ("ex9-95", "Wise Aura"): (
        "while Medicham ex is Active: no Pokémon but a Pokémon-ex (either player's) may use "
        "Poké-Powers",
        _not_ex,
    ),
}
# Darkness and Metal Energy cards (by name: each set's print) pass Cursed Glare
_GLARE_ALLOWED = ("Darkness Energy", "Metal Energy")


def _special_energy_to_active(s: PtcgState, card: CardDef, mon: Mon) -> bool:
    """Cursed Glare: a special Energy card other than Darkness and Metal Energy going from
    the hand onto the opponent's Active Pokémon (their Bench is free)."""
    return (
        not card.basic_energy
        and card.name not in _GLARE_ALLOWED
        and any(side.active is mon for side in s.sides)
    )


# (card id, Poké-Body name) -> (summary, which Energy cards from the hand it keeps off which
# of the opponent's Pokémon while it is its player's Active Pokémon)
ATTACH_BANS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, CardDef, Mon], bool]]] = {
    ("ex9-91", "Cursed Glare"): (
        "while Cacturne ex is Active: the opponent attaches no special Energy card but "
        "Darkness and Metal Energy from the hand to their Active Pokémon",
        _special_energy_to_active,
    ),
}
# (card id) -> the rule its Poké-Body changes
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex9-96": (
        "while Milotic ex is in play no player plays a Technical Machine, and as it comes into "
        "play every Technical Machine in play is discarded",
        reg.RuleBody("Mystic Scale", "tm", whom="both", active_only=False),
    ),
}


def _active_with_grass(s: PtcgState, body: Mon, target: Mon) -> bool:
    """Green Essence: an Active Pokémon of the Body's player with an Energy providing Grass
    attached (Sceptile anywhere in play). Reading, as for Dark and Clear: it keeps new Special
    Conditions off; one the Pokémon already had stays."""
    return any(side.active is target for side in s.sides) and any(
        "Grass" in unit for unit in energy_units(s, target)
    )


# (card id, Poké-Body name) -> (summary, whether it keeps Special Conditions off a Pokémon of
# its player: (state, the Pokémon with the Body, that Pokémon))
CONDITION_AURAS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon, Mon], bool]]] = {
    ("ex9-10", "Green Essence"): (
        "while Sceptile is in play, no Special Condition for its player's Active Pokémon that "
        "has Grass Energy attached",
        _active_with_grass,
    ),
}


_FRONTIER_TYPES = ("Colorless", "Darkness", "Metal")


def _frontier_stops(s: PtcgState, mon: Mon) -> bool:
    """Battle Frontier: an Evolved Pokémon (either player's) that is Colorless, Darkness or
    Metal: its card's types, or the type a Poké-Power gave it this turn (Lunar Eclipse). A
    type given by a Poké-Body is not asked, as the Stadium may turn that Body off itself."""
    if len(mon.stack) < 2:
        return False
    types = s.top(mon).types
    for what, turn in mon.later:
        if turn == s.turn and what.startswith("type:"):
            types = (what[5:],)
    return any(kind in _FRONTIER_TYPES for kind in types)


def _frontier_power_block(s: PtcgState, mon: Mon) -> str | None:
    if not _frontier_stops(s, mon):
        return None
    name = s.top(mon).name
    return f"{name} is a Colorless, Darkness or Metal Evolved Pokémon, under Battle Frontier"


# card id -> its Stadium's effect
STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex9-75": reg.StadiumEffect(
        "each player's Colorless, Darkness and Metal Evolved Pokémon have no Poké-Powers or "
        "Poké-Bodies",
        power_block=_frontier_power_block,
        body_block=_frontier_stops,
    ),
}


def _register_stadiums() -> None:
    cards = bundled_cards()
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex9: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
        SPECIAL_CARDS.add(card_id)


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


# "Basic cards": Basic Pokémon cards and basic Energy cards
_MR_STONE = SearchDeckOrDiscard((Cards(stage="basic"), Cards(basic_energy=True)), n=2)


def _mr_stone_playable(s: PtcgState, seat: int) -> str | None:
    if _MR_STONE.zones(s, seat):
        return None
    return "the deck is empty and the discard pile holds no Basic Pokémon or basic Energy card"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex9-79": trainer_program(
            "ex9-79",
            "Supporter: up to 2 Basic Pokémon or basic Energy cards into the hand, from the "
            "deck (then shuffled) or from the discard pile, the player's pick",
            (_MR_STONE,),
            _mr_stone_playable,
        ),
        "ex9-84": trainer_program(
            "ex9-84",
            "Supporter: up to 3 Supporter and Stadium cards from the deck into the hand, then "
            "shuffle the deck",
            (Search((TrainerOf(trainer="supporter"), TrainerOf(trainer="stadium")), n=3),),
            _deck_not_empty,
        ),
    }


# ex9 Trainers reprinted word for word from an earlier set (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex9-76": "ex2-86",  # Double Full Heal
    "ex9-77": "ex2-87",  # Lanette's Net Search
    "ex9-81": "ex1-88",  # PokéNav
    "ex9-82": "ex1-89",  # Professor Birch
    "ex9-83": "ex2-88",  # Rare Candy
    "ex9-85": "ex2-89",  # Wally's Training
}
# ex9 Pokémon Tools reprinted from an earlier set (the Tool's handler is shared)
TOOL_REPRINTS: dict[str, str] = {
    "ex9-78": "ex1-84",  # Lum Berry
    "ex9-80": "ex1-85",  # Oran Berry
}


# ex9 special Energy cards reprinted with the same effect (the handler, and the damage
# modifier if any, is shared); what they provide is in data/sets/ex9.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex9-86": "ex1-93",  # Darkness Energy
    "ex9-88": "ex1-94",  # Metal Energy
    "ex9-89": "ex2-93",  # Multi Energy
}
# Double Rainbow Energy as in ex4 (onto an Evolved non-ex only, 2 Energy of every type,
# discarded once no longer Evolved), but this print takes its 10 off BEFORE Weakness and
# Resistance (ex4-88: after)
_DOUBLE_RAINBOW = "ex9-87"
_DOUBLE_RAINBOW_MOD = reg.DamageMod("attacker_energy", -10, before=True)


def _register_energies() -> None:
    cards = bundled_cards()
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex9: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        SPECIAL_CARDS.add(card_id)
    ex4 = reg.ENERGIES["ex4-88"]
    if _DOUBLE_RAINBOW in reg.ENERGIES or cards[_DOUBLE_RAINBOW].name != cards["ex4-88"].name:
        raise ValueError(f"effect_data_ex9: {_DOUBLE_RAINBOW} is no Double Rainbow Energy")
    reg.ENERGIES[_DOUBLE_RAINBOW] = reg.EnergyEffect(
        "onto an Evolved Pokémon that is not a Pokémon-ex only; 2 Energy of every type; its "
        "Pokémon's attacks do 10 less damage before W/R; discarded once it is no longer Evolved",
        attach_to=ex4.attach_to,
    )
    reg.EVOLVED_ONLY_ENERGY.add(_DOUBLE_RAINBOW)
    reg.DAMAGE_MODS[_DOUBLE_RAINBOW] = _DOUBLE_RAINBOW_MOD
    SPECIAL_CARDS.add(_DOUBLE_RAINBOW)


def _register_tool_reprints() -> None:
    cards = bundled_cards()
    for card_id, same_as in TOOL_REPRINTS.items():
        card, original = cards.get(card_id), cards.get(same_as)
        if card is None or original is None or card.trainer != "tool" or original.name != card.name:
            raise ValueError(f"effect_data_ex9: {card_id} is no reprint of the Tool {same_as}")
        if same_as not in reg.TOOLS or card_id in reg.TOOLS or card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex9: {same_as} has no Tool handler, or {card_id} has")
        reg.TOOLS[card_id] = reg.TOOLS[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        if same_as in SPECIAL_CARDS:
            SPECIAL_CARDS.add(card_id)


def _new_body(card_id: str, name: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex9: {card_id} has no Poké-Body {name!r} to add")


def _register_bodies() -> None:
    for card_id, (summary, retreat) in RETREAT_BODIES.items():
        _new_body(card_id, retreat.name)
        reg.BODIES[(card_id, retreat.name)] = reg.BodyEffect(summary)
        reg.RETREAT_BODIES[card_id] = retreat
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, off) in NO_WEAKNESS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.NO_WEAKNESS_BODIES[card_id] = (name, off)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, stops) in POWER_AURAS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.POWER_AURAS[card_id] = (name, stops)
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, bans) in ATTACH_BANS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.ATTACH_BANS[card_id] = (name, bans)
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, rule) in RULE_BODIES.items():
        _new_body(card_id, rule.name)
        if card_id in reg.RULE_BODIES:
            raise ValueError(f"effect_data_ex9: {card_id} changes a rule already")
        reg.BODIES[(card_id, rule.name)] = reg.BodyEffect(summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, keeps_off) in CONDITION_AURAS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.CONDITION_AURAS[card_id] = (name, keeps_off)
    cards = bundled_cards()
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        power = cards[card_id].power(mod.name)
        if power is None or power.kind != "body" or (card_id, mod.name) in reg.BODIES:
            raise ValueError(f"effect_data_ex9: {card_id} has no Poké-Body {mod.name!r} to add")
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex9: {card_id} has a damage modifier already")
        reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
        reg.DAMAGE_MODS[card_id] = mod


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex9",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            condition_immune=CONDITION_IMMUNE,
            reprints=REPRINTS,
        )
    )
    for key in AS_OFTEN_AS_LIKED:
        reg.POWERS[key] = dataclasses.replace(reg.POWERS[key], once=False)
    _register_tool_reprints()
    _register_bodies()
    _register_stadiums()
    _register_energies()


register()
