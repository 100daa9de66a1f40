"""Cards whose effects last or come later, as data (docs/rulesets/ptcg.md, Lasting effects):
Poké-Bodies that change a rule while in play, Retreat Costs a Body makes 0, healing between
turns, delayed Special Conditions and Smokescreen, Toxic. The engine asks them through
``lasting.py``; every card here is put in ``state.SPECIAL_CARDS``, so that a game holding
one leaves the hot path's shortcuts for the full rules.

Card ids and Body names are checked against the bundled card data when registered; a clash
with a handler already registered is an error (no silent overwrite).
"""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import provides
from turnkeeper.rulesets.ptcg.board_moves import DevolveEach, DevolvePick, ReturnDefending
from turnkeeper.rulesets.ptcg.cards import ANY, bundled_cards
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DiscardForDamage,
    Gust,
    MoveTargetEnergy,
    Search,
    TrimOpponentHand,
)
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Condition,
    Hit,
    If,
    Later,
    PlusIf,
    Step,
    TargetHit,
    Toxic,
    attack_effect,
)

_SMOKESCREEN = (Later("smokescreen"),)
_SLOW_POISON = (Later("poisoned"),)
_AQUA_TRANCE = (Later("asleep"),)

# (card id, attack name) -> steps (vocab.py); the damage step is placed as usual
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex1-100", "Smokescreen"): _SMOKESCREEN,
    ("ex3-33", "Smokescreen"): _SMOKESCREEN,
    ("ex3-99", "Smokescreen"): _SMOKESCREEN,
    ("ex4-18", "Slow-Acting Poison"): _SLOW_POISON,
    ("ex4-25", "Slow-Acting Poison"): _SLOW_POISON,
    ("ex4-51", "Slow-Acting Poison"): _SLOW_POISON,
    ("ex4-16", "Aqua Trance"): _AQUA_TRANCE,
    ("ex4-57", "Aqua Trance"): _AQUA_TRANCE,
    ("ex1-6", "Toxic"): (Toxic(),),
    ("ex2-29", "Toxic"): (Toxic(),),
    # the player may first switch one of the opponent's Benched Pokémon in; then Poisoned
    ("ex2-3", "Lure Poison"): (Gust(optional=True), Condition(("poisoned",))),
    ("ex2-42", "Influence"): (
        Search(
            (Cards(names=("Omanyte", "Kabuto", "Aerodactyl", "Lileep", "Anorith")),),
            n=2,
            dest="bench",
        ),
    ),
    ("ex2-42", "Time Spiral"): (DevolvePick(),),
    ("ex2-19", "Pull Down"): (DevolveEach(),),
    ("ex1-18", "Repulsion"): (ReturnDefending(),),
    ("ex1-18", "Invisible Hand"): (If("defending_evolved", (Search((Cards(),)),)),),
    ("ex3-21", "Power Count"): (PlusIf(30, "less_energy_in_play"),),
    ("ex3-21", "Pick On"): (TrimOpponentHand(),),
    ("ex4-94", "Energy Flip"): (TargetHit(10, bench_only=True, wr=False), MoveTargetEnergy()),
    ("ex4-94", "Reverse Stream"): (
        DiscardForDamage(10, to_hand=True, all_or_none=True, per_card=True),
        Hit(),
    ),
}

# card id -> the rule its Poké-Body changes
RULE_BODIES: dict[str, tuple[str, reg.RuleBody]] = {
    "ex2-1": (
        "while Active: neither player may play a Supporter",
        reg.RuleBody("Primal Veil", "supporter", whom="both"),
    ),
    "ex1-12": (
        "while Active: the opponent's Pokémon can't use Poké-Powers",
        reg.RuleBody("Lazy", "power"),
    ),
    "ex2-3": (
        "while Active: the opponent's Pokémon can't retreat",
        reg.RuleBody("Super Suction Cups", "retreat"),
    ),
    "ex4-90": (
        "while Active: the opponent can't evolve their Active Pokémon from the hand",
        reg.RuleBody("Primal Vibes", "evolve_active"),
    ),
}


def _illumise_in_play(s: PtcgState, mon: Mon) -> bool:
    return any(s.top(m).name == "Illumise" for side in s.sides for _, m in side.in_play())


def _basic_energy(s: PtcgState, mon: Mon) -> bool:
    return any(s.defs[c].basic_energy for c in mon.energy)


def _darkness_energy(s: PtcgState, mon: Mon) -> bool:
    return any("Darkness" in provides(s, c) for c in mon.energy)


# card id -> (summary, the Poké-Body that makes its Retreat Cost 0 while a test holds)
RETREAT_BODIES: dict[str, tuple[str, reg.RetreatBody]] = {
    "ex2-53": (
        "Retreat Cost 0 while an Illumise is in play",
        reg.RetreatBody("Uplifting Glow", _illumise_in_play),
    ),
    "ex3-46": (
        "Retreat Cost 0 with a basic Energy card attached",
        reg.RetreatBody("Levitate", _basic_energy),
    ),
    "ex4-25": (
        "Retreat Cost 0 with Darkness Energy attached",
        reg.RetreatBody("Dark Lift", _darkness_energy),
    ),
}

# card id -> (Poké-Body name, damage counters it removes from its Pokémon between turns)
HEAL_BODIES: dict[str, tuple[str, int]] = {
    "ex2-92": ("Spongy Stone", 1),
    "ex2-7": ("Rain Dish", 1),
    "ex2-45": ("Rain Dish", 1),
    "ex2-66": ("Rain Dish", 1),
}

# Poké-Bodies that work only beside a second Active Pokémon of their player (a double
# battle): in the game played here, one Active each, they never apply.
DOUBLE_BATTLE_BODIES: dict[str, str] = {"ex3-7": "Chain of Events", "ex3-8": "Chain of Events"}

# card id -> (summary, a damage modifier of reg.DamageMod) for Bodies not listed elsewhere
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex2-29": (
        "while Active: 10 less damage to the player's Pokémon from attacks, before W/R",
        reg.DamageMod("defender_active", -10, before=True, name="Intimidating Fang"),
    ),
}


# Fossils (cards.CardDef.is_fossil): Trainer cards played as Basic Pokémon
FOSSILS = ("ex2-90", "ex2-91", "ex2-92")
# card id -> (summary, its damage Poké-Body) for Bodies not listed in effect_data
DAMAGE_BODIES: dict[str, tuple[str, reg.DamageBody]] = {
    "ex2-90": (
        "damaged while Active (even Knocked Out): 1 counter on the attacker",
        reg.DamageBody(react_counters=1, name="Jagged Stone"),
    ),
    "ex2-38": (
        "while a Volbeat is in play: 30 less damage from Fighting and Darkness attackers",
        reg.DamageBody(
            reduce=30,
            from_types=("Fighting", "Darkness"),
            needs_in_play="Volbeat",
            name="Glowing Screen",
        ),
    ),
}


def _multi_units(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    """Multi Energy: one Energy of every type; Colorless on a Pokémon that had a special
    Energy attached before it."""
    before = mon.energy[: mon.energy.index(card)] if card in mon.energy else []
    if any(not s.defs[c].basic_energy for c in before):
        return [("Colorless",)]
    return [(ANY,)]


def _two_of_either(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    """Aqua and Magma Energy: 2 Energy, each of either of its two types."""
    kinds = s.defs[card].provides
    return [kinds, kinds]


def _team_only(team: str) -> Callable[[PtcgState, Mon], str | None]:
    def attach_to(s: PtcgState, mon: Mon) -> str | None:
        name = s.top(mon).name
        return None if team in name else f"only onto a Pokémon with {team} in its name ({name})"

    return attach_to


def _evolved_not_ex(s: PtcgState, mon: Mon) -> str | None:
    top = s.top(mon)
    if len(mon.stack) < 2:
        return f"only onto an Evolved Pokémon ({top.name} is not)"
    if top.ex:
        return f"not onto a Pokémon-ex ({top.name})"
    return None


# card id -> its special Energy effect
ENERGIES: dict[str, reg.EnergyEffect] = {
    "ex2-93": reg.EnergyEffect(
        "1 Energy of every type; Colorless where a special Energy was attached before it",
        units=_multi_units,
    ),
    "ex4-86": reg.EnergyEffect(
        "onto Team Aqua Pokémon only; 2 Energy, each Water or Darkness; discarded at the end "
        "of its player's turn",
        attach_to=_team_only("Team Aqua"),
        units=_two_of_either,
    ),
    "ex4-87": reg.EnergyEffect(
        "onto Team Magma Pokémon only; 2 Energy, each Fighting or Darkness; discarded at the "
        "end of its player's turn",
        attach_to=_team_only("Team Magma"),
        units=_two_of_either,
    ),
    "ex4-88": reg.EnergyEffect(
        "onto an Evolved Pokémon that is not a Pokémon-ex only; 2 Energy of every type; its "
        "Pokémon's attacks do 10 less damage after W/R; discarded once it is no longer Evolved",
        attach_to=_evolved_not_ex,
    ),
}
END_OF_TURN_ENERGY = ("ex4-86", "ex4-87")
EVOLVED_ONLY_ENERGY = ("ex4-88",)
ENERGY_DAMAGE_MODS: dict[str, reg.DamageMod] = {
    "ex4-88": reg.DamageMod("attacker_energy", -10, before=False),
}
# card id -> (Poké-Body name, counters on an opponent's Pokémon given Energy from the hand)
ATTACH_PUNISHERS: dict[str, tuple[str, int]] = {"ex3-89": ("Conductivity", 1)}


def _body(card_id: str, name: str, summary: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body":
        raise ValueError(f"effect_rules: {card_id} has no Poké-Body {name!r} in the card data")
    if (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_rules: {card_id} {name!r} already has a handler")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)


def register() -> None:
    cards = bundled_cards()
    for card_id in FOSSILS:
        if not cards[card_id].is_fossil or card_id in reg.FOSSILS:
            raise ValueError(f"effect_rules: {card_id} is no Fossil, or is registered already")
        reg.FOSSILS.add(card_id)
        SPECIAL_CARDS.add(card_id)
        # its card: no Special Condition affects it (a note names the card when one is kept off)
        reg.CONDITION_IMMUNE[card_id] = (cards[card_id].name, frozenset(CONDITIONS))
    for card_id, energy in ENERGIES.items():
        if cards[card_id].kind != "energy" or card_id in reg.ENERGIES:
            raise ValueError(f"effect_rules: {card_id} is no Energy, or has a handler")
        reg.ENERGIES[card_id] = energy
        SPECIAL_CARDS.add(card_id)
    reg.END_OF_TURN_ENERGY.update(END_OF_TURN_ENERGY)
    reg.EVOLVED_ONLY_ENERGY.update(EVOLVED_ONLY_ENERGY)
    reg.DAMAGE_MODS.update(ENERGY_DAMAGE_MODS)
    for card_id, (name, n) in ATTACH_PUNISHERS.items():
        _body(card_id, name, f"an opponent's Pokémon given Energy from the hand: {n} counter")
        reg.ATTACH_PUNISHERS[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, body) in DAMAGE_BODIES.items():
        _body(card_id, body.name, summary)
        reg.DAMAGE_BODIES[card_id] = body
    for (card_id, name), steps in ATTACK_STEPS.items():
        card = cards.get(card_id)
        attack = card.attack(name) if card is not None else None
        if attack is None:
            raise ValueError(f"effect_rules: {card_id} has no attack {name!r}")
        if (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_rules: {card_id} {name!r} already has a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
        if any(isinstance(step, Later) for step in steps):
            SPECIAL_CARDS.add(card_id)
    for card_id, (summary, rule) in RULE_BODIES.items():
        _body(card_id, rule.name, summary)
        reg.RULE_BODIES[card_id] = rule
        SPECIAL_CARDS.add(card_id)
    for card_id, (summary, free) in RETREAT_BODIES.items():
        _body(card_id, free.name, summary)
        reg.RETREAT_BODIES[card_id] = free
        SPECIAL_CARDS.add(card_id)
    for card_id, (name, n) in HEAL_BODIES.items():
        _body(card_id, name, f"between turns: {n} damage counter off it")
        reg.HEAL_BODIES[card_id] = (name, n)
        SPECIAL_CARDS.add(card_id)
    for card_id, name in DOUBLE_BATTLE_BODIES.items():
        _body(card_id, name, "needs a second Active Pokémon (double battles): never applies here")
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_rules: {card_id} has a damage modifier already")
        _body(card_id, mod.name, summary)
        reg.DAMAGE_MODS[card_id] = mod


register()
