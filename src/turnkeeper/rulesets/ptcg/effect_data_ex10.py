"""Card effects of EX Unseen Forces (ex10) as data in the effect vocabulary (``vocab.py``,
``search.py``, ``vocab_ex7.py``, ``vocab_ex10.py``); facts in data/sets/ex10.json. The effects
are described in the project's own words (card text is never stored). Cards not listed here
stay unimplemented: ``ptcg coverage --set ex10`` lists them and a deck holding one is refused
at set-up.

An effect printed for "each Defending Pokémon" or "each of your Active Pokémon" (a double
battle) is resolved for the one Defending / Active Pokémon of the game played here
(docs/rulesets/ptcg.md, Effect vocabulary)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7  # (reprints; COPYING)
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _ex6_rules
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.board import can_pay
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.effect_rules import copy_check, copy_options, use_copied_attack
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    DiscardTop,
    Gust,
    PickTargets,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    Usable,
    power_program,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BaseIf,
    BenchDamage,
    Condition,
    CureSelf,
    DiscardEnergy,
    Draw,
    Flip,
    Guard,
    Heal,
    HealEach,
    Hit,
    If,
    Later,
    MinusPer,
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
from turnkeeper.rulesets.ptcg.vocab_ex7 import (
    DelayedCounters,
    MayBoost,
    PlusIfNow,
    SearchThenSwitch,
    types_with,
)
from turnkeeper.rulesets.ptcg.vocab_ex8 import MayDo, OpponentDiscardsTo
from turnkeeper.rulesets.ptcg.vocab_ex10 import (
    CardsNotEx,
    CountersOnSelfForDamage,
    DefendingSpecialEnergy,
    DiscardAllOwnEnergy,
    DiscardStadiumInPlay,
    DrawUnlessStage2,
    IfBasicTypes,
    IfFewerPrizes,
    IfOwnEnergyNamed,
    MoveAllEnergyToBenchMust,
    MoveBasicToActive,
    PlusIfDefendingDark,
    PlusIfNamedInPlay,
    PlusPerDefendingCondition,
    ToolToHand,
    a_tool_in_play,
    basic_energy_on_bench,
    counter_on_both_actives,
    fewer_in_play,
    heal_each_but_ex,
)
from turnkeeper.rulesets.ptcg.vocab_sets import DrawToHandSize, PlusPerCard, TrainerOf


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
    # ex10-1 .. 18 (helper ex10a)
    # 50 either way; the player may discard every Lightning Energy on Ampharos: if so, the
    # Defending Pokémon is Burned and Confused
    ("ex10-1", "Miraculous Thunder"): (
        MayDo(
            then=(Hit(), DiscardEnergy(0, "Lightning"), _c("burned", "confused")),
            otherwise=(Hit(),),
        ),
    ),
    ("ex10-2", "Reactive Poison"): (PlusPerDefendingCondition(30),),
    # the player may first switch in one of the opponent's Benched Pokémon; the Defending
    # Pokémon then (the new one, if switched) is Asleep and Poisoned
    ("ex10-2", "Spider Trap"): (Gust(optional=True), _c("asleep", "poisoned")),
    # up to 2 Grass Pokémon into the hand; if any, the player may switch Bellossom
    ("ex10-3", "Green Dance"): (SearchThenSwitch((Cards(kind="pokemon", type="Grass"),), n=2),),
    ("ex10-3", "Full Bloom"): (PlusIfNamedInPlay(50, "Bellossom", 3),),
    ("ex10-4", "Pull Away"): (Hit(), OpponentDiscardsTo(5, 4)),
    ("ex10-4", "Tonnage"): (MayBoost(30, 30), Hit()),
    ("ex10-6", "Spiky Shell"): (Hit(), DelayedCounters(3)),
    # 7 damage counters on Forretress, then all its Energy to the Bench as the player likes
    ("ex10-6", "Pop"): (Hit(), SelfDamage(7), MoveAllEnergyToBenchMust()),
    ("ex10-7", "Tight Jaw"): (Hit(), _on_heads("paralyzed")),
    ("ex10-7", "Flamethrower"): (DiscardEnergy(1, "Fire"),),
    # an Energy card of Octillery discarded; its next turn, Pulse Blast's base damage is 120
    ("ex10-10", "Standing By"): (DiscardEnergy(1), BoostNextTurn()),
    ("ex10-10", "Pulse Blast"): (BaseIf(120, "own_boosted"),),
    ("ex10-11", "Beatdown"): (PlusIfDefendingDark(30),),
    ("ex10-11", "Hyper Splash"): (PlusIfNow(30, "defending_stage2"),),
    ("ex10-12", "Data Retrieval"): (DrawToHandSize(8),),
    ("ex10-12", "Scramble Trip"): (
        IfOwnEnergyNamed("Scramble Energy", (PlusIf(20, "always"),)),
        Hit(),
        IfOwnEnergyNamed("Scramble Energy", (_c("confused"),)),
    ),
    # 20, then 1 damage counter off each of the player's Pokémon (Slowbro too)
    ("ex10-13", "Parallel Gain"): (HealEach(1),),
    # 10 more per Pokémon Tool card in the player's discard pile, at most 60 more
    ("ex10-14", "Aftermath"): (PlusPerCard(10, "discard", TrainerOf(trainer="tool"), cap=60),),
    ("ex10-15", "Karate Chop"): (MinusPer(10, "own_counters"),),
    # the player may first switch in one of the opponent's Benched Pokémon; 20 to the
    # Defending Pokémon then (the new one, if switched)
    ("ex10-18", "Drag Off"): (Gust(optional=True), Hit()),
    ("ex10-18", "Rock Smash"): (PlusIfHeads(20),),
}

DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex10-44", "Dense"): (
        "20 less damage from the attacks of Evolved Pokémon, after W/R",
        DamageBody(reduce=20, from_attacker="evolved"),
    ),
}
# card id -> (summary, how its Poké-Body changes the damage of attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    # this printing reduces before Weakness and Resistance, as the ex1-ex3 ones do
    "ex10-4": (
        "while Active: 10 less damage to the player's Pokémon from the opponent's attacks, "
        "before W/R",
        reg.DamageMod("defender_active", -10, before=True, name="Intimidating Fang"),
    ),
    # this printing reduces after Weakness and Resistance (older ones before)
    "ex10-39": (
        "while Active: 10 less damage to the player's Pokémon from the opponent's attacks, "
        "after W/R",
        reg.DamageMod("defender_active", -10, before=False, name="Intimidating Fang"),
    ),
}
# (card id, Poké-Body) -> (summary, its types now; () keeps the card's)
TYPE_BODIES: dict[tuple[str, str], tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    ("ex10-13", "Dual Armor"): (
        "with Psychic Energy attached: Water and Psychic",
        types_with("Psychic", ("Water", "Psychic")),
    ),
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


# card id -> (summary, the rule its Poké-Body changes)
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex10-7": (
        "while its player has fewer Pokémon in play: the opponent plays no Trainer cards "
        "from the hand but Supporters",
        reg.RuleBody("Lonesome", "trainer", active_only=False, when=fewer_in_play),
    ),
    "ex10-10": (
        "while Active: the opponent's Pokémon cannot retreat",
        reg.RuleBody("Super Suction Cups", "retreat"),
    ),
}
# card id -> (summary, Poké-Body name): while Active, the opponent's Basic Pokémon can
# neither attack nor use Poké-Powers
BASIC_BANS: dict[str, tuple[str, str]] = {
    "ex10-18": (
        "while Active: the opponent's Basic Pokémon cannot attack or use Poké-Powers",
        "Intimidating Ring",
    ),
}
# card id -> (summary, what its Poké-Body does when its Pokémon is Knocked Out)
KNOCKOUT_BODIES: dict[str, tuple[str, reg.KnockoutBody]] = {
    "ex10-11": (
        "Knocked Out while Active by damage from an attack: the attacker is Confused",
        reg.KnockoutBody("Spiral Swirl", conditions=("confused",)),
    ),
}


def _deck_not_empty(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return _deck_not_empty(s, seat)


# (card id, Poké-Power) -> (summary, steps, usable): once a turn
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex10-14", "Item Search"): (
        "a Pokémon Tool card from the deck into the hand (shown), the deck shuffled",
        (Search((TrainerOf(trainer="tool"),)),),
        _deck,
    ),
}
# (card id, Poké-Power) -> (summary, steps, usable): as often as the player likes
UNLIMITED_POWERS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex10-1", "Energy Connect"): (
        "as often as the player likes: a basic Energy card from a Benched Pokémon to the Active",
        (MoveBasicToActive(),),
        basic_energy_on_bench,
    ),
    ("ex10-12", "3-D Reset"): (
        "as often as the player likes: a Pokémon Tool of one of the player's Pokémon to the hand",
        (ToolToHand(),),
        a_tool_in_play,
    ),
}


# -- Sudowoodo's Copy (ex10-15): an attack of the Defending Pokémon, used as Sudowoodo's own
# attacks that copy another attack are never copied (they would need a second choice)
NOT_COPIED = {("ex10-15", "Copy")} | _ex6_rules.COPYING | _ex7.COPYING


def _defending_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """The attacks of the Defending Pokémon's top card, but copying attacks."""
    mon = s.sides[1 - seat].active
    if mon is None:
        return []
    card = s.top(mon)
    return [(card.id, a) for a in card.attacks if (card.id, a.name) not in NOT_COPIED]


def _copy(ctx: Ctx, seat: int, params: AttackParams) -> None:
    """Copy: the attack picked runs as Sudowoodo's own, without paying its cost, but only if
    the Energy attached to Sudowoodo could pay that cost (else the attack does nothing)."""
    known = {f"{cid}:{a.name}": a for cid, a in _defending_attacks(ctx.s, seat)}
    attack = known.get(params.copy or "")
    mon = ctx.s.sides[seat].active
    if mon is None or attack is None:
        return
    if not can_pay(ctx.s, mon, attack.cost):
        ctx.emit("note", what="copy does nothing: its Energy is not attached", p=SEATS[seat])
        return
    use_copied_attack(ctx, seat, params)


COPY_ATTACKS: dict[tuple[str, str], reg.AttackEffect] = {
    ("ex10-15", "Copy"): reg.AttackEffect(
        "use an attack of the Defending Pokémon (copy), only with the Energy it needs attached",
        _copy,
        copy_options(_defending_attacks),
        copy_check(_defending_attacks, "the Defending Pokémon"),
    ),
}


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
        if any(isinstance(step, (Later, DelayedCounters)) for step in steps):
            SPECIAL_CARDS.add(card_id)  # its delayed effect is asked by lasting.py
    for card_id, (summary, rule) in RULE_BODIES.items():
        _new_body(card_id, rule.name)
        reg.BODIES[(card_id, rule.name)] = reg.BodyEffect(summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, name) in BASIC_BANS.items():
        _new_body(card_id, name)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        reg.BASIC_BANS[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, body) in KNOCKOUT_BODIES.items():
        _new_body(card_id, body.name)
        reg.BODIES[(card_id, body.name)] = reg.BodyEffect(summary)
        reg.KNOCKOUT_BODIES[card_id] = body
        SPECIAL_CARDS.add(card_id)


def _register_python() -> None:
    for (card_id, name), (summary, steps, usable) in UNLIMITED_POWERS.items():
        power = bundled_cards()[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex10: {card_id} has no Poké-Power {name!r} to add")
        effect = power_program(f"{card_id}:{name}", summary, steps, usable)
        reg.POWERS[(card_id, name)] = dataclasses.replace(effect, once=False)
    for key, handler in COPY_ATTACKS.items():
        if bundled_cards()[key[0]].attack(key[1]) is None or key in reg.ATTACKS:
            raise ValueError(f"effect_data_ex10: {key} is no attack, or has a handler")
        reg.ATTACKS[key] = handler


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex10",
            attacks=ATTACK_STEPS,
            trainers=_trainers(),
            damage_bodies=DAMAGE_BODIES,
            reprints=REPRINTS,
            powers=POWER_STEPS,
        )
    )
    _register_bodies()
    _register_python()


register()
