"""Card effects of EX Crystal Guardians (ex14), cards 1-30, as data in the effect vocabulary
(``vocab.py``, ``search.py``, ``vocab_ex6.py`` ... ``vocab_ex14.py``) and the era's rules of
``holon.py``; facts in data/sets/ex14.json. Cards 31-100 are in ``effect_data_ex14b.py``. The
effects are described in the project's own words (card text is never stored). Cards not listed
here stay unimplemented: ``ptcg coverage --set ex14`` lists them and a deck holding one is
refused at set-up."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.baby import baby_evolution
from turnkeeper.rulesets.ptcg.bench import bench_power_rule
from turnkeeper.rulesets.ptcg.board import max_hp
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.delta_veil import mon_is_delta
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DiscardStadium,
    ForbidAttack,
    OpponentSwitch,
    PickTargets,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    Usable,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BaseIf,
    Condition,
    DiscardEnergy,
    DiscardFromOpponentHand,
    Draw,
    Flip,
    Guard,
    Hit,
    PlusIf,
    PlusPer,
    Run,
    SelfDamage,
    Step,
    TargetHit,
    Toxic,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import no_weakness_for_active, types_with
from turnkeeper.rulesets.ptcg.vocab_ex8 import ShieldFrom, TimesOthersInPlay
from turnkeeper.rulesets.ptcg.vocab_ex10 import PlusPerDefendingCondition
from turnkeeper.rulesets.ptcg.vocab_ex11 import TargetHitPerOwnCounters
from turnkeeper.rulesets.ptcg.vocab_ex12 import IfDefendingBasic
from turnkeeper.rulesets.ptcg.vocab_ex13 import CountersOnPickedOpponent
from turnkeeper.rulesets.ptcg.vocab_ex14 import (
    DELTA_POKEMON,
    BenchExDamage,
    EnergyFromTopFive,
    IfOwnTool,
    LookTopKeepOrDiscard,
    PickTwoConditions,
    PlusIfOwnTool,
    SearchPerOpponentInPlay,
    StadiumPlay,
    TrainerOrToolFromDeck,
)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    """Flip a coin: heads, the Defending Pokémon gets these Special Conditions."""
    return Flip(heads=(Condition(which),))


_AGILITY = Flip(heads=(Guard(effects=True),))  # heads: no damage or effect next turn

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # theme deck Green Cyclone (d-ex14-1)
    ("ex14-28", "Green Blast"): (PlusPer(10, "own_side_energy", "Grass"),),
    ("ex14-28", "Toxic Sleep"): (Toxic(), _c("asleep")),
    ("ex14-23", "Surprise"): (Hit(), ShuffleFromOpponentHand()),  # as ex13-23's
    ("ex14-23", "Bass Control"): (TargetHit(40),),
    # theme deck Storm Surge (d-ex14-2)
    ("ex14-14", "Hydro Pump"): (PlusPer(20, "own_energy", "Water", beyond_cost=True, cap=40),),
    ("ex14-26", "Supersonic"): (_c("confused"),),
    ("ex14-30", "Thunder Jolt"): (Flip(tails=(SelfDamage(1),)),),
    # theme deck Earth Shower (d-ex14-3)
    ("ex14-27", "Rock Hurl"): (Hit(resistance=False),),
    ("ex14-5", "Dig Under"): (TargetHit(30, wr=False),),
    ("ex14-5", "Double-edge"): (SelfDamage(1),),
    ("ex14-25", "Psyshock"): (_on_heads("paralyzed"),),
    ("ex14-25", "Sky Uppercut"): (Hit(resistance=False),),
    # the rest, in number order
    ("ex14-1", "Night Murmurs"): (Hit(), IfDefendingBasic((_c("confused"),))),
    ("ex14-2", "Enraged Linear Attack"): (TargetHitPerOwnCounters(10),),
    ("ex14-3", "Linear Attack"): (TargetHit(30),),
    ("ex14-6", "Knock Off"): (Hit(), DiscardFromOpponentHand()),
    ("ex14-7", "Even Game"): (
        SearchPerOpponentInPlay((Cards(kind="pokemon", stage="basic"),), n=0, dest="bench"),
    ),
    ("ex14-7", "Stadium Play"): (Hit(), StadiumPlay(10)),
    ("ex14-8", "Kick Away"): (Hit(), OpponentSwitch()),
    ("ex14-8", "Strong Current"): (Hit(), IfOwnTool((BenchExDamage(20),))),
    ("ex14-9", "Mining"): (TrainerOrToolFromDeck(),),
    ("ex14-9", "Bite Off"): (PlusIf(30, "defending_ex"),),
    ("ex14-10", "Disable"): (Hit(), ForbidAttack()),
    ("ex14-11", "Pick and Choose"): (PickTwoConditions(),),
    ("ex14-11", "Reactive Poison"): (PlusPerDefendingCondition(20),),
    ("ex14-12", "Call for Family"): (
        Search((Cards(kind="pokemon", stage="basic"),), n=2, dest="bench"),
    ),
    ("ex14-13", "Collect"): (Draw(3),),
    ("ex14-13", "Pester"): (PlusIf(20, "defending_condition"),),
    ("ex14-15", "Triple Needle"): (PickTargets(3, 10, anywhere=True),),
    # Focus Energy marks Combusken boosted for its player's next turn; High Jump Kick reads it
    ("ex14-16", "Focus Energy"): (BoostNextTurn(),),
    ("ex14-16", "High Jump Kick"): (BaseIf(70, "own_boosted"),),
    ("ex14-17", "Psychic Shield"): (Hit(), ShieldFrom("ex")),
    ("ex14-19", "Agility"): (Hit(), _AGILITY),
    ("ex14-20", "Circular Steps"): (TimesOthersInPlay(),),
    ("ex14-22", "Body Slam"): (_on_heads("paralyzed"),),
    ("ex14-22", "Prop-up Pinchers"): (PlusIfOwnTool(40),),
    ("ex14-24", "Mud Splash"): (Hit(), TargetHit(30, bench_only=True)),
    ("ex14-29", "Rage"): (PlusPer(10, "own_counters"),),
    ("ex14-29", "Flamethrower"): (DiscardEnergy(1, "Fire"),),
    ("ex14-4", "Metal Burn"): (Hit(), DiscardEnergy(0, "Metal")),
}


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _delta_sign(s: PtcgState, seat: int, slot: int) -> str | None:
    if any(used.endswith(":Delta Sign") for used in s.powers_used):
        return "a Delta Sign was used this turn already (one a turn per player)"
    return _deck(s, seat, slot)


def _spike_storm(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot != 0:
        return "only while it is the Active Pokémon"
    if not any(m.damage for _, m in s.sides[1 - seat].in_play()):
        return "no Pokémon of the opponent has damage counters"
    return None


def _delta_transport(s: PtcgState, seat: int, slot: int) -> str | None:
    side = s.sides[seat]
    if slot == 0:
        return "only while it is on the Bench"
    if side.active is None or not mon_is_delta(s, side.active):
        return "the Active Pokémon has no δ on its card"
    return None


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex14-18", "Delta Sign"): (
        "a Pokémon with δ on its card from the deck into the hand (one Delta Sign a turn)",
        (Search((DELTA_POKEMON,)),),
        _delta_sign,
    ),
    ("ex14-26", "Delta Transport"): (
        "from the Bench: the player switches their δ Active Pokémon with a Benched Pokémon",
        (SelfSwitch(optional=False),),
        _delta_transport,
    ),
    ("ex14-27", "Echo Draw"): ("draw a card", (Draw(1),), _deck),
    ("ex14-10", "Excavate"): (
        "look at the top card of the deck: keep it there or discard it",
        (LookTopKeepOrDiscard(),),
        _deck,
    ),
    ("ex14-15", "Spike Storm"): (
        "while Active: 1 damage counter on an opponent's Pokémon that has damage counters",
        (CountersOnPickedOpponent(1, damaged_only=True),),
        _spike_storm,
    ),
    ("ex14-21", "Baby Evolution"): baby_evolution("Jigglypuff"),
}


def _delta_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return mon_is_delta(s, attacker)


# (card id, Poké-Body name) -> (summary, how it changes the damage its Pokémon takes)
DAMAGE_BODIES: dict[tuple[str, str], tuple[str, reg.DamageBody]] = {
    ("ex14-1", "Safeguard"): (
        "nothing from the attacks of Pokémon-ex",
        reg.DamageBody(prevent_from="ex"),
    ),
    ("ex14-3", "Delta Protection"): (
        "40 less damage from the attacks of δ Pokémon, after W/R",
        reg.DamageBody(reduce=40, when=_delta_attacker),
    ),
    ("ex14-13", "Fluffy Fur"): (
        "while Active: an attacker that damages it is now Asleep",
        reg.DamageBody(react="asleep"),
    ),
    ("ex14-20", "Thick Fat"): (
        "30 less damage from the attacks of Fire and Water Pokémon, after W/R",
        reg.DamageBody(reduce=30, from_types=("Fire", "Water")),
    ),
}


def _hunch(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return max_hp(s, attacker) - attacker.damage <= 40


# card id -> (summary, how its Poké-Body changes the damage of its Pokémon's attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex14-6": (
        "with a Pokémon-ex in the opponent's play: its attacks do 30 more to the Defending "
        "Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active",
            30,
            before=True,
            active_only=True,
            name="Overzealous",
            needs_opponent_ex=True,
        ),
    ),
    "ex14-14": (
        "with 40 HP or less left: its attacks do 40 more to the Defending Pokémon, before W/R",
        reg.DamageMod(
            "attacker_active", 40, before=True, active_only=True, name="Water Pressure", when=_hunch
        ),
    ),
}

# (card id, Poké-Body name) -> (summary, the types it gives its Pokémon now)
TYPE_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    ("ex14-25", "Dual Armor"): (
        "with Psychic Energy attached: Psychic and Fighting",
        types_with("Psychic", ("Psychic", "Fighting")),
    ),
}

# (card id, Poké-Body name) -> (summary, whether its owner's Active has no Weakness now)
NO_WEAKNESS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon, Mon], bool]]] = {
    ("ex14-2", "Shield Veil"): (
        "while in play: its player's Active Pokémon has no Weakness",
        no_weakness_for_active,
    ),
}

# Cursed Glare lets these special Energy cards through
_GLARE_ALLOWED = ("Darkness Energy", "Metal Energy")


def _special_energy_to_active(s: PtcgState, card: CardDef, mon: Mon) -> bool:
    """Cursed Glare (as Cacturne ex's ex9-91): a special Energy card other than Darkness and
    Metal Energy going from the hand onto the opponent's Active Pokémon."""
    return (
        not card.basic_energy
        and card.name not in _GLARE_ALLOWED
        and any(side.active is mon for side in s.sides)
    )


ATTACH_BANS: dict[tuple[str, str], tuple[str, Callable[[PtcgState, CardDef, Mon], bool]]] = {
    ("ex14-17", "Cursed Glare"): (
        "while Dusclops is Active: the opponent attaches no special Energy card but Darkness "
        "and Metal Energy from the hand to their Active Pokémon",
        _special_energy_to_active,
    ),
}

# card id -> Poké-Body name: every Benched Pokémon of its player takes no damage from the
# opponent's attacks while it is in play, Active or Benched (damage._bench_shielded)
BENCH_SHIELDS_IN_PLAY: dict[str, str] = {"ex14-5": "Sand Veil"}

# card id -> (Poké-Body name, the type): Chlorophyll (reg.COLORLESS_ENERGY_BODIES)
COLORLESS_ENERGY_BODIES: dict[str, tuple[str, str]] = {"ex14-28": ("Chlorophyll", "Grass")}

# Hover Lift: its player's Pokémon of these names (itself too) retreat for 1 Colorless less
_HOVER_NAMES = ("Jigglypuff", "Wigglytuff", "Wigglytuff ex", "Igglybuff")


def _hover_lift(s: PtcgState, mon: Mon, active: bool) -> int:
    return 1 if s.top(mon).name in _HOVER_NAMES else 0


def _hover_lift_self(s: PtcgState, mon: Mon, active: bool) -> int:
    return 1


_CRUSH_CHANCE: tuple[Step, ...] = (DiscardStadium(),)


def _crush_chance(ctx: Ctx, seat: int, slot: int) -> None:
    """As Tauros is put onto the Bench from the hand: the player may discard the Stadium in
    play (bench.py has already asked that no Poké-Body or Stadium stops Poké-Powers)."""
    if ctx.s.stadium < 0:
        return
    r = Run(0, attack="Crush Chance", prog="ex14-12:Crush Chance")
    r.slot = slot
    run_program(ctx, seat, _CRUSH_CHANCE, r)


_PEAL_OF_THUNDER: tuple[Step, ...] = (EnergyFromTopFive(),)


def _peal_of_thunder(ctx: Ctx, seat: int, slot: int) -> None:
    """As Charizard δ is played from the hand to evolve one of its player's Pokémon: the
    power, if no Poké-Body, Stadium or Tool stops Poké-Powers now (bench.bench_power_rule:
    the same questions as for a power used as its Pokémon is benched)."""
    if bench_power_rule(ctx.s, seat, slot) is not None:
        return
    r = Run(0, attack="Peal of Thunder", prog="ex14-4:Peal of Thunder")
    r.slot = slot
    run_program(ctx, seat, _PEAL_OF_THUNDER, r)


def _power_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_used_by_itself)")  # pragma: no cover


def _used_by_itself(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the card says: as its card is benched or evolves from the hand"


def _new_body(card_id: str, name: str, summary: str) -> None:
    power = bundled_cards()[card_id].power(name)
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex14: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
    SPECIAL_CARDS.add(card_id)


def _register_bodies() -> None:
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex14: {card_id} changes damage already")
        _new_body(card_id, mod.name, summary)
        reg.DAMAGE_MODS[card_id] = mod
    for (card_id, name), (summary, types) in TYPE_BODIES.items():
        _new_body(card_id, name, summary)
        reg.TYPE_BODIES[card_id] = (name, types)
    for (card_id, name), (summary, off) in NO_WEAKNESS.items():
        _new_body(card_id, name, summary)
        reg.NO_WEAKNESS_BODIES[card_id] = (name, off)
    for (card_id, name), (summary, ban) in ATTACH_BANS.items():
        _new_body(card_id, name, summary)
        reg.ATTACH_BANS[card_id] = (name, ban)
    for card_id, name in BENCH_SHIELDS_IN_PLAY.items():
        _new_body(card_id, name, "while in play: no damage to its player's Benched Pokémon from "
                  "the opponent's attacks")
        reg.BENCH_SHIELDS_IN_PLAY[card_id] = name
    for card_id, (name, kind) in COLORLESS_ENERGY_BODIES.items():
        _new_body(
            card_id,
            name,
            f"Energy cards giving only Colorless on its player's {kind} Pokémon give {kind}",
        )
        reg.COLORLESS_ENERGY_BODIES[card_id] = (name, kind)
    _new_body(
        "ex14-21",
        "Hover Lift",
        "its player's Jigglypuff, Wigglytuff, Wigglytuff ex and Igglybuff (itself too) "
        "retreat for 1 less",
    )
    reg.RETREAT_HELPS["ex14-21"] = reg.RetreatHelp("Hover Lift", "anywhere", _hover_lift)
    reg.RETREAT_SELF_HELPS["ex14-21"] = reg.RetreatHelp("Hover Lift", "anywhere", _hover_lift_self)


def _register_triggered_powers() -> None:
    """Tauros's Crush Chance (as it is benched from the hand: reg.BENCH_POWERS) and Charizard
    δ's Peal of Thunder (as it is played from the hand to evolve: reg.EVOLVE_POWERS):
    Poké-Powers the card triggers, never a use_power action."""
    for (card_id, name), summary, steps in (
        (
            ("ex14-12", "Crush Chance"),
            "as it is benched from the hand: the player may discard the Stadium in play",
            _CRUSH_CHANCE,
        ),
        (
            ("ex14-4", "Peal of Thunder"),
            "as it evolves from the hand: the player may look at the top 5 cards, attach any "
            "Energy cards among them to one of their Pokémon and discard the rest (one a turn)",
            _PEAL_OF_THUNDER,
        ),
    ):
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex14: {card_id} has no Poké-Power {name!r} to add")
        register_program(f"{card_id}:{name}", "power", name, steps)
        reg.POWERS[(card_id, name)] = reg.PowerEffect(summary, _power_refused, _used_by_itself)
        SPECIAL_CARDS.add(card_id)
    reg.BENCH_POWERS["ex14-12"] = ("Crush Chance", _crush_chance)
    reg.EVOLVE_POWERS["ex14-4"] = ("Peal of Thunder", _peal_of_thunder)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex14",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_bodies()
    _register_triggered_powers()


register()
