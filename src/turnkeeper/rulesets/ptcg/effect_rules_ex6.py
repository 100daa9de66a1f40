"""Card effects of EX FireRed & LeafGreen (ex6) that change rules or last (lasting.py), so
their cards go into ``state.SPECIAL_CARDS`` (a game holding one leaves the simulator's
shortcuts for the full rules); the plain attacks and Trainers are in ``effect_data_ex6.py``.
Effects are described in the project's own words (card text is never stored).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex6 as _ex6  # noqa: F401 (the set's data first)
from turnkeeper.rulesets.ptcg import effect_rules as _ex1_to_ex4  # noqa: F401 (shared handlers)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import max_hp
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, heal
from turnkeeper.rulesets.ptcg.effect_rules import copy_check, copy_options, use_copied_attack
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.search import Cards, Search, Usable, power_program, trainer_program
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    DiscardEnergy,
    Flip,
    Hit,
    Later,
    Run,
    Step,
    attack_effect,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex6 import (
    AscentOnBench,
    AttachToolsFromDeck,
    CoinsFirst,
    CounterToSelf,
    DefendingEnergyPerHeads,
    DiscardFromHandForDamage,
    DiscardOwnEnergyForDamage,
    KnockOutSelf,
    MayDiscardThenOpponentDiscards,
    MoveTypeEnergyToOne,
    OwnToHand,
    PlusIfSelfAsleep,
    SearchNotOntoEx,
    SwapWithDiscardBasic,
)

# (card id, attack name) -> steps of attacks that leave a lasting effect
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # at the end of the opponent's next turn the Defending Pokémon is Confused
    ("ex6-63", "Slow Trip Gas"): (Later("confused"),),
    # 200 untouched by Weakness, Resistance and every effect on the Defending Pokémon (its
    # Poké-Bodies included), then 5 Fire Energy discarded (any Energy on Charizard ex is Fire
    # by its Energy Flame)
    ("ex6-105", "Burn Down"): (Hit(wr=False, effects=False), DiscardEnergy(5, "Fire")),
    # the Energy cards are discarded before the damage, which they make
    ("ex6-107", "Crush and Burn"): (DiscardOwnEnergyForDamage(20), Hit()),
}

# card id -> (Poké-Body name, the type every Energy attached to it provides instead of its
# own): reg.ENERGY_TYPE_BODIES, read by board.provides and board.energy_units
ENERGY_TYPE_BODIES: dict[str, tuple[str, str]] = {
    "ex6-105": ("Energy Flame", "Fire"),
}


def _no_energy(s: PtcgState, mon: Mon) -> bool:
    return not mon.energy


def _some_energy(s: PtcgState, mon: Mon) -> bool:
    return bool(mon.energy)


# card id -> (summary, the Poké-Body that makes its own Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex6-24": (
        "Retreat Cost 0 with no Energy attached",
        reg.RetreatBody("Free Flight", _no_energy),
    ),
    "ex6-29": (
        "Retreat Cost 0 with any Energy attached",
        reg.RetreatBody("Leaf Ride", _some_energy),
    ),
    "ex6-85": (
        "Retreat Cost 0 with any Energy attached",
        reg.RetreatBody("Floating Electrons", _some_energy),
    ),
}


# -- Poké-Bodies between turns (reg.CHECKUP_BODIES; lasting.py, turn.checkup)
def _sooth_dust(ctx: Ctx, seat: int) -> bool:
    """1 damage counter off each of the player's damaged Pokémon."""
    hurt = [slot for slot, mon in ctx.s.sides[seat].in_play() if mon.damage]
    for slot in hurt:
        heal(ctx, seat, slot, 1)
    return bool(hurt)


def _acid_sampler(ctx: Ctx, seat: int) -> bool:
    """1 damage counter on the Defending Pokémon (the opponent's Active)."""
    if ctx.s.sides[1 - seat].active is None:
        return False
    counters(ctx, 1 - seat, 0, 1)
    return True


def _eerie_aura(ctx: Ctx, seat: int, asleep_seat: int) -> bool:
    """2 damage counters on the Active Pokémon still Asleep after its coin."""
    counters(ctx, asleep_seat, 0, 2)
    return True


CHECKUP_BODIES: dict[str, tuple[str, reg.CheckupBody]] = {
    "ex6-2": (
        "while Active: 1 damage counter off each of the player's Pokémon between turns",
        reg.CheckupBody("Sooth Dust", each_turn=_sooth_dust),
    ),
    "ex6-17": (
        "while Active: 1 damage counter on the Defending Pokémon between turns",
        reg.CheckupBody("Acid Sampler", each_turn=_acid_sampler),
    ),
    "ex6-25": (
        "while Active: 2 damage counters on each Active Pokémon still Asleep between turns",
        reg.CheckupBody("Eerie Aura", stays_asleep=_eerie_aura),
    ),
    "ex6-13": (
        "while Active: a Burn puts 4 damage counters between turns instead of 2",
        reg.CheckupBody("Fiery Aura", burn_counters=4),
    ),
}

# card id -> (summary, the rule its Poké-Body changes)
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex6-11": (
        "while Active: the opponent's Confused Pokémon can't retreat",
        reg.RuleBody("Spiral", "retreat_confused"),
    ),
}

NIDOS = ("Nidoran ♀", "Nidorina", "Nidoqueen", "Nidoran ♂", "Nidorino", "Nidoking")


def _retreat_aid(s: PtcgState, mon: Mon, active: bool) -> int:
    """2 less for the Active Pokémon, unless it is a Pokémon-ex or a Baby Pokémon."""
    top = s.top(mon)
    baby = any(p.name == "Baby Evolution" for p in top.powers)
    return 2 if active and not top.ex and not baby else 0


def _family_bonds(s: PtcgState, mon: Mon, active: bool) -> int:
    """Retreat Cost 0 for the player's Nidoran ♀, Nidorina, Nidoran ♂, Nidorino, Nidoking."""
    name = s.top(mon).name
    return 99 if name in NIDOS and name != "Nidoqueen" else 0


# card id -> (summary, a Poké-Body lowering the Retreat Cost of its player's other Pokémon)
RETREAT_HELPS: dict[str, tuple[str, reg.RetreatHelp]] = {
    "ex6-21": (
        "while Benched: the player's Active Pokémon (not ex, not Baby) retreats for 2 less",
        reg.RetreatHelp("Retreat Aid", "bench", _retreat_aid),
    ),
    "ex6-9": (
        "while in play: the player's other Nidoran, Nidorina, Nidorino, Nidoking retreat free",
        reg.RetreatHelp("Family Bonds", "anywhere", _family_bonds),
    ),
}

# card id -> (summary, how its Poké-Body changes the damage of its player's attacks)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex6-8": (
        "while in play: the player's Nidoran, Nidorina, Nidoqueen, Nidorino attacks do 10 "
        "more to the Defending Pokémon",
        reg.DamageMod(
            "attacker_side",
            10,
            before=True,
            active_only=True,
            name="Power Gene",
            for_names=tuple(n for n in NIDOS if n != "Nidoking"),
        ),
    ),
}


def _rest_up(ctx: Ctx, seat: int, asleep_seat: int) -> bool:
    """Snorlax itself still Asleep after its coin: 2 damage counters off it (1 if it has 1)."""
    mon = ctx.s.sides[seat].active
    if seat != asleep_seat or mon is None or not mon.damage:
        return False
    heal(ctx, seat, 0, 2)
    return True


CHECKUP_BODIES["ex6-15"] = (
    "still Asleep between turns: 2 damage counters off it",
    reg.CheckupBody("Rest Up", stays_asleep=_rest_up),
)
ASLEEP_ATTACKS = {("ex6-15", "Toss and Turn"): (PlusIfSelfAsleep(30),)}

# attacks whose steps ask (and need no lasting effect)
QUESTION_ATTACKS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex6-104", "Hyper Whirlpool"): (CoinsFirst(-1), Hit(), DefendingEnergyPerHeads("opponent")),
    ("ex6-114", "Cold Crush"): (Hit(), MayDiscardThenOpponentDiscards()),
    ("ex6-23", "Hoard"): (AttachToolsFromDeck(2),),
    ("ex6-12", "Thunder Reflection"): (Hit(), MoveTypeEnergyToOne("Lightning")),
    ("ex6-28", "Toss"): (DiscardFromHandForDamage(30), Hit()),
    ("ex6-43", "Energy Powder"): (
        SearchNotOntoEx((Cards(basic_energy=True),), n=2, dest="attach_own"),
    ),
    ("ex6-109", "Twister"): (
        CoinsFirst(2, all_tails_nothing=True),
        Hit(),
        DefendingEnergyPerHeads("self"),
    ),
}


def _water_in_hand(s: PtcgState, seat: int, slot: int) -> str | None:
    hand = s.sides[seat].hand
    if any(s.defs[c].basic_energy and "Water" in s.defs[c].provides for c in hand):
        return None
    return "there is no Water Energy card in the hand"


def _counter_to_move(s: PtcgState, seat: int, slot: int) -> str | None:
    if CounterToSelf.sources(s, seat, slot):
        return None
    return "no other damaged Pokémon, or one more damage counter would Knock it Out"


def _basic_in_discard(s: PtcgState, seat: int, slot: int) -> str | None:
    if SwapWithDiscardBasic.found(s, seat, "Ditto"):
        return None
    return "no Basic Pokémon (not ex, not Ditto) in the discard pile"


# (card id, power) -> (summary, steps, usable, once a turn)
def _always(s: PtcgState, seat: int, slot: int) -> str | None:
    return None


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable, bool]] = {
    # discarded as a Knock Out first (its own Energy cards are then in the discard pile
    # too), then up to 5 Energy cards of the discard pile onto the player's Pokémon that are
    # not Pokémon-ex, one at a time, as the player likes
    ("ex6-107", "Extra Energy Bomb"): (
        "it is Knocked Out (discarded with its cards; the opponent takes 2 Prizes), then 5 "
        "Energy cards from the discard pile onto the player's Pokémon (not Pokémon-ex)",
        (
            KnockOutSelf(),
            SearchNotOntoEx((Cards(kind="energy"),), n=5, src=("discard",), dest="attach_own"),
        ),
        _always,
        True,
    ),
    ("ex6-104", "Energy Rain"): (
        "as often as the player likes: a Water Energy card from the hand onto one of their "
        "Pokémon, with 1 damage counter on it",
        (
            Search(
                (Cards(basic_energy=True, type="Water"),),
                src=("hand",),
                dest="attach_own",
                must=True,
                counters_each=1,
            ),
        ),
        _water_in_hand,
        False,
    ),
    ("ex6-4", "Form Variation"): (
        "a Basic Pokémon (not ex, not Ditto) from the discard pile takes Ditto's place, "
        "with everything on it; Ditto to the discard pile",
        (SwapWithDiscardBasic("Ditto"),),
        _basic_in_discard,
        True,
    ),
    ("ex6-14", "Strange Behavior"): (
        "as often as the player likes: 1 damage counter from another of their Pokémon to it, "
        "never Knocking it Out",
        (CounterToSelf(),),
        _counter_to_move,
        False,
    ),
}


# card id -> the type of basic Energy its Legendary Ascent moves (a power used as it is
# benched from the hand: reg.BENCH_POWERS)
ASCENT = {"ex6-114": "Water", "ex6-115": "Fire", "ex6-116": "Lightning"}


def _only_when_benched(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as this Pokémon is put onto the Bench from the hand"


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_when_benched)")  # pragma: no cover


def _ascent(card_id: str, kind: str) -> Callable[[Ctx, int, int], None]:
    key = f"{card_id}:Legendary Ascent"
    steps: tuple[Step, ...] = (AscentOnBench(kind),)
    register_program(key, "power", "Legendary Ascent", steps)

    def run(ctx: Ctx, seat: int, slot: int) -> None:
        r = Run(0, attack="Legendary Ascent", prog=key)
        r.slot = slot
        run_program(ctx, seat, steps, r)

    return run


def _mt_moon(s: PtcgState, mon: Mon) -> str | None:
    top = s.top(mon)
    hp = max_hp(s, mon)
    return f"{top.name} has {hp} HP, less than 70, under Mt. Moon" if hp < 70 else None


STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex6-94": reg.StadiumEffect(
        "Pokémon (both players') with less than 70 HP can't use Poké-Powers",
        power_block=_mt_moon,
    ),
}


def _a_bench(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].bench else "it is the player's only Pokémon in play"


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex6-99": trainer_program(
            "ex6-99",
            "heads: one of the player's Pokémon (their pick) and its cards back to the hand",
            (Flip(heads=(OwnToHand(),)),),
            _a_bench,
        ),
    }


# -- copying an attack of the Defending Pokémon (Metronome)
# attacks that copy another attack themselves: never copied (they would need a second choice
# of their own; reading)
COPYING = {("ex3-92", "Genetic Memory"), ("ex6-106", "Metronome")}


def _defending_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """The attacks of the Defending Pokémon's card (its top card), but copying attacks."""
    mon = s.sides[1 - seat].active
    if mon is None:
        return []
    card = s.top(mon)
    return [(card.id, a) for a in card.attacks if (card.id, a.name) not in COPYING]


PYTHON_ATTACKS: dict[tuple[str, str], reg.AttackEffect] = {
    ("ex6-106", "Metronome"): reg.AttackEffect(
        "use an attack of the Defending Pokémon without paying its cost (copy)",
        use_copied_attack,  # as itself: its own type, its own Energy for what it discards
        copy_options(_defending_attacks),
        copy_check(_defending_attacks, "the Defending Pokémon"),
    ),
}


# ex6 cards that play exactly as a card of ex1-ex4 (the handler is shared)
SAME_POWER = {("ex6-112", "Energy Trans"): ("ex1-20", "Energy Trans")}
SAME_ENERGY = {"ex6-103": "ex2-93"}  # Multi Energy


def _new_body(card_id: str, name: str, summary: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_rules_ex6: {card_id} has no Poké-Body {name!r} to add")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)


def register() -> None:
    cards = bundled_cards()
    for (card_id, name), steps in ATTACK_STEPS.items():
        attack = cards[card_id].attack(name)
        if attack is None or (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_rules_ex6: {card_id} has no attack {name!r}, or a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, free) in RETREAT_BODIES.items():
        _new_body(card_id, free.name, summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, checkup) in CHECKUP_BODIES.items():
        _new_body(card_id, checkup.name, summary)
        reg.CHECKUP_BODIES[card_id] = checkup
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, rule) in RULE_BODIES.items():
        _new_body(card_id, rule.name, summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, help_) in RETREAT_HELPS.items():
        _new_body(card_id, help_.name, summary)
        reg.RETREAT_HELPS[card_id] = help_
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_rules_ex6: {card_id} has a damage modifier already")
        _new_body(card_id, mod.name, summary)
        reg.DAMAGE_MODS[card_id] = mod
        SPECIAL_CARDS.add(card_id)
    for (card_id, name), steps in {**ASLEEP_ATTACKS, **QUESTION_ATTACKS}.items():
        attack = cards[card_id].attack(name)
        if attack is None or (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_rules_ex6: {card_id} has no attack {name!r}, or a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
        if (card_id, name) in ASLEEP_ATTACKS:
            reg.ASLEEP_ATTACKS.add((card_id, name))
            SPECIAL_CARDS.add(card_id)
    for (card_id, name), (summary, steps, usable, once) in POWER_STEPS.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_rules_ex6: {card_id} has no Poké-Power {name!r} to add")
        effect = power_program(f"{card_id}:{name}", summary, steps, usable)
        reg.POWERS[(card_id, name)] = dataclasses.replace(effect, once=once)
    for card_id, trainer in _trainers().items():
        if cards[card_id].kind != "trainer" or card_id in reg.TRAINERS:
            raise ValueError(f"effect_rules_ex6: {card_id} is no Trainer, or has a handler")
        reg.TRAINERS[card_id] = trainer
    for card_id, kind in ASCENT.items():
        name = "Legendary Ascent"
        power = cards[card_id].power(name)
        if power is None or (card_id, name) in reg.POWERS or card_id in reg.BENCH_POWERS:
            raise ValueError(f"effect_rules_ex6: {card_id} has no Poké-Power {name!r} to add")
        summary = (
            f"as it is benched from the hand: it may switch with the Active, then take basic "
            f"{kind} Energy from the player's other Pokémon"
        )
        reg.POWERS[(card_id, name)] = reg.PowerEffect(summary, _never, _only_when_benched)
        reg.BENCH_POWERS[card_id] = (name, _ascent(card_id, kind))
        SPECIAL_CARDS.add(card_id)
    for key, handler in PYTHON_ATTACKS.items():
        if cards[key[0]].attack(key[1]) is None or key in reg.ATTACKS:
            raise ValueError(f"effect_rules_ex6: {key} is no attack, or has a handler")
        reg.ATTACKS[key] = handler
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_rules_ex6: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
    for key, same in SAME_POWER.items():
        power = cards[key[0]].power(key[1])
        if power is None or key in reg.POWERS or same not in reg.POWERS:
            raise ValueError(f"effect_rules_ex6: {key} cannot share the handler of {same}")
        reg.POWERS[key] = reg.POWERS[same]
        if same[0] in SPECIAL_CARDS:
            SPECIAL_CARDS.add(key[0])
    for card_id, same_id in SAME_ENERGY.items():
        if cards[card_id].kind != "energy" or card_id in reg.ENERGIES:
            raise ValueError(f"effect_rules_ex6: {card_id} is no Energy, or has a handler")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_id]
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, kind) in ENERGY_TYPE_BODIES.items():
        _new_body(card_id, name, f"every Energy attached to it is {kind} Energy")
        reg.ENERGY_TYPE_BODIES[card_id] = (name, kind)
        SPECIAL_CARDS.add(card_id)


register()
