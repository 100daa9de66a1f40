"""Cards whose effects last or come later, as data (docs/rulesets/ptcg.md, Lasting effects):
Poké-Bodies that change a rule while in play, Retreat Costs a Body makes 0, healing between
turns, delayed Special Conditions and Smokescreen, Toxic. The engine asks them through
``lasting.py``; every card here is put in ``state.SPECIAL_CARDS``, so that a game holding
one leaves the hot path's shortcuts for the full rules.

Card ids and Body names are checked against the bundled card data when registered; a clash
with a handler already registered is an error (no silent overwrite).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.board import bench_limit, provides
from turnkeeper.rulesets.ptcg.board_moves import DevolveEach, DevolvePick, ReturnDefending
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import ANY, Attack, bundled_cards, pool
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import heal, hit
from turnkeeper.rulesets.ptcg.search import (
    Cards,
    DefendingEnergy,
    DiscardEachType,
    DiscardForDamage,
    Gust,
    MoveEnergy,
    MoveManyEnergy,
    MoveTargetEnergy,
    PairSearch,
    PickCondition,
    Search,
    SwitchThenMoveEnergy,
    TrimOpponentHand,
    Usable,
    power_program,
)
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BoostNextTurnAll,
    Condition,
    Hit,
    If,
    Later,
    PlusIf,
    Step,
    TargetHit,
    Toxic,
    TypeThisTurn,
    attack_effect,
    return_own_to_hand,
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
    ("ex3-2", "Dragon Dance"): (BoostNextTurnAll(40),),
    ("ex1-78", "Signs of Evolution"): (
        PairSearch((("Silcoon", "Beautifly"), ("Cascoon", "Dustox"))),
    ),
    ("ex3-18", "Quick Touch"): (Hit(), SwitchThenMoveEnergy("Grass")),
    ("ex3-90", "Dragon Wave"): (Hit(), DiscardEachType(("Water", "Lightning"))),
    ("ex4-79", "Miracle"): (Hit(), PickCondition()),
    ("ex4-84", "Crushing Magma"): (Hit(), DefendingEnergy(dest="deck")),
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
    "ex2-94": (
        "while in play: the opponent can't play Pokémon Tools; theirs are discarded when it "
        "comes into play",
        reg.RuleBody("Primal Lock", "tool", active_only=False),
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
    "ex1-6": (
        "no effect of the opponent's attacks on it but their damage",
        reg.DamageBody(effects_proof=True, name="Protective Dust"),
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


def _oran_berry(ctx: Ctx, seat: int, slot: int) -> None:
    """Between turns, with at least 2 damage counters on its Pokémon: 2 off, then discarded."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage >= 20:
        heal(ctx, seat, slot, 2)
        ctx.emit("discard_tool", p=SEATS[seat], slot=slot)


def _buffer_piece_timer(ctx: Ctx, seat: int, slot: int) -> None:
    """Buffer Piece goes at the end of the opponent's turn after it was played."""
    ctx.emit(
        "flag", p=SEATS[seat], slot=slot, flag="later", what="tool:discard", turn=ctx.s.turn + 1
    )


TOOLS: dict[str, reg.ToolEffect] = {
    "ex1-85": reg.ToolEffect(
        "between turns, with 2+ damage counters on its Pokémon: 2 off, then discarded",
        anywhere_between_turns=_oran_berry,
    ),
    "ex3-83": reg.ToolEffect(
        "20 less damage to its Pokémon from attacks, after W/R; discarded at the end of the "
        "opponent's next turn",
        on_attach=_buffer_piece_timer,
    ),
}
TOOL_DAMAGE_MODS: dict[str, reg.DamageMod] = {
    "ex3-83": reg.DamageMod("target_tool", -20, before=False),
}


def _basic_energy_types(s: PtcgState, mon: Mon) -> tuple[str, ...]:
    """Energy Variation: every type of basic Energy card attached (none: its own)."""
    return tuple(
        dict.fromkeys(t for c in mon.energy if s.defs[c].basic_energy for t in s.defs[c].provides)
    )


# card id -> (Poké-Body name, the types it gives its Pokémon)
TYPE_BODIES: dict[str, tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]] = {
    "ex2-18": ("Energy Variation", _basic_energy_types),
}
# card id -> Poké-Body name: while Active, every other Poké-Power and Poké-Body is off
GAS_BODIES: dict[str, str] = {"ex3-96": "Toxic Gas"}
# card id -> Poké-Body name: while in play, no Resistance for any Active Pokémon
NO_RESISTANCE_BODIES: dict[str, str] = {"ex1-2": "Withering Dust"}


def _in_play(name: str) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        found = any(s.top(m).name == name for side in s.sides for _, m in side.in_play())
        return None if found else f"it needs a {name} in play"

    return usable


def _evolved_now(s: PtcgState, seat: int, slot: int) -> str | None:
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    if len(s.sides[seat].bench) >= bench_limit(s):
        return "the Bench is full"
    if not s.sides[seat].deck:
        return "the deck is empty"
    return None


def _energy_to_move(kind: str, to_self: bool) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        step = MoveEnergy(kind=kind, src="any", dst="self" if to_self else "any")
        return None if step.moves(s, seat, slot) else f"no {kind or 'Energy'} card to move"

    return usable


def _team_energy(team: str) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        step = MoveManyEnergy(team=team)
        return None if step.pairs(s, seat) else f"no {team} Pokémon with basic Energy to move"

    return usable


# (card id, Poké-Power) -> (summary, steps run for the Pokémon using it, usable, once a turn)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable, bool]] = {
    ("ex2-8", "Lunar Eclipse"): (
        "with a Solrock in play: it is a Darkness Pokémon until the end of the turn",
        (TypeThisTurn("Darkness"),),
        _in_play("Solrock"),
        True,
    ),
    ("ex2-13", "Solar Eclipse"): (
        "with a Lunatone in play: it is a Fire Pokémon until the end of the turn",
        (TypeThisTurn("Fire"),),
        _in_play("Lunatone"),
        True,
    ),
    ("ex3-18", "Loose Shell"): (
        "in the turn it evolved from the hand: a Shedinja from the deck onto the Bench",
        (Search((Cards(names=("Shedinja",)),), dest="bench"),),
        _evolved_now,
        True,
    ),
    ("ex4-4", "Power Shift"): (
        "any number of basic Energy from one Team Aqua Pokémon to another of the player's",
        (MoveManyEnergy(team="Team Aqua"),),
        _team_energy("Team Aqua"),
        True,
    ),
    ("ex1-20", "Energy Trans"): (
        "as often as the player likes: a Grass Energy card from one of their Pokémon to another",
        (MoveEnergy(kind="Grass", src="any", dst="any", optional=False),),
        _energy_to_move("Grass", to_self=False),
        False,
    ),
    ("ex3-90", "Call for Power"): (
        "as often as the player likes: an Energy card from one of their Pokémon to it",
        (MoveEnergy(src="any", dst="self", optional=False),),
        _energy_to_move("", to_self=True),
        False,
    ),
}


TRAINERS: dict[str, reg.TrainerEffect] = {"ex3-87": return_own_to_hand()}
# card id -> its Technical Machine facts (its attack is in ATTACK_STEPS)
TMS: dict[str, reg.TMEffect] = {
    "ex4-79": reg.TMEffect(
        "onto a Team Aqua Pokémon: it may use Miracle this turn", team="Team Aqua"
    ),
    "ex4-84": reg.TMEffect(
        "onto a Team Magma Pokémon: it may use Crushing Magma this turn", team="Team Magma"
    ),
}


def _below_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """The attacks of the cards under the Active Pokémon (its Basic and Stage 1 cards)."""
    mon = s.sides[seat].active
    if mon is None:
        return []
    return [(s.cards[c], a) for c in mon.stack[:-1] for a in s.defs[c].attacks]


CopySources = Callable[[PtcgState, int], list[tuple[str, Attack]]]


def copy_options(
    sources: CopySources,
) -> Callable[[PtcgState, int], list[dict[str, Any]]]:
    """The offers of an attack that uses another attack (Genetic Memory, Metronome): one per
    attack ``sources`` finds (``copy``: "card id:attack name"), times that attack's own
    options (a target ...)."""

    def options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for card_id, attack in sources(s, seat):
            key = f"{card_id}:{attack.name}"
            handler = reg.ATTACKS.get((card_id, attack.name))
            if handler is not None and handler.options is not None:
                found += [{"copy": key, **extra} for extra in handler.options(s, seat)]
            else:
                found.append({"copy": key})
        return found

    return options


def copy_check(
    sources: CopySources, where: str
) -> Callable[[PtcgState, int, AttackParams], tuple[str, str] | None]:
    """The check of such an attack: ``copy`` must name an attack ``sources`` finds
    (``ptcg.attack.known``; ``where`` says where it was looked for), then that attack's own
    check runs on the same parameters."""

    def check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
        known = {f"{cid}:{a.name}": (cid, a) for cid, a in sources(s, seat)}
        names = ", ".join(known) or "none"
        if params.copy is None:
            raise BadActionError(f"attack: name the attack it uses in 'copy' (one of: {names})")
        if params.copy not in known:
            return ("ptcg.attack.known", f"{where} has no {params.copy!r} (it has: {names})")
        card_id, attack = known[params.copy]
        handler = reg.ATTACKS.get((card_id, attack.name))
        if handler is not None and handler.check is not None:
            return handler.check(s, seat, msgspec.structs.replace(params, attack=attack.name))
        return None

    return check


def use_copied_attack(ctx: Ctx, seat: int, params: AttackParams) -> None:
    """An attack that uses another one without paying its cost (Genetic Memory: one of its
    Basic or Stage 1 card; Metronome: one of the Defending Pokémon), as itself: the copied
    attack's own handler runs on the same parameters (a target ...), or its printed damage is
    done; one whose effect has no handler is resolved by hand (allow_unimplemented only)."""
    assert params.copy is not None
    card_id, name = params.copy.split(":", 1)
    handler = reg.ATTACKS.get((card_id, name))
    if handler is not None:
        handler.run(ctx, seat, msgspec.structs.replace(params, attack=name))
        return
    found = pool(ctx.s.card_db)[card_id].attack(name)
    mon = ctx.s.sides[seat].active
    assert found is not None and mon is not None
    if found.effect:  # no handler: in the game only by allow_unimplemented
        resolve_by_hand(ctx, seat, mon.stack[-1], f"attack {name}", name)
    else:
        hit(ctx, seat, found.damage)


# (card id, attack) -> its Python handler: what no primitive says (copying another attack)
PYTHON_ATTACKS: dict[tuple[str, str], reg.AttackEffect] = {
    ("ex3-92", "Genetic Memory"): reg.AttackEffect(
        "use an attack of its Basic or Stage 1 card without paying its cost (copy)",
        use_copied_attack,
        copy_options(_below_attacks),
        copy_check(_below_attacks, "no card below it"),
    ),
}


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
    for (card_id, name), (summary, steps, usable, once) in POWER_STEPS.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_rules: {card_id} has no Poké-Power {name!r} to add")
        effect = power_program(f"{card_id}:{name}", summary, steps, usable)
        reg.POWERS[(card_id, name)] = dataclasses.replace(effect, once=once)
        if any(isinstance(step, TypeThisTurn) for step in steps):
            SPECIAL_CARDS.add(card_id)
    for key, handler in PYTHON_ATTACKS.items():
        if cards[key[0]].attack(key[1]) is None or key in reg.ATTACKS:
            raise ValueError(f"effect_rules: {key} is no attack, or has a handler")
        reg.ATTACKS[key] = handler
    for card_id, trainer in TRAINERS.items():
        if cards[card_id].kind != "trainer" or card_id in reg.TRAINERS:
            raise ValueError(f"effect_rules: {card_id} is no Trainer, or has a handler")
        reg.TRAINERS[card_id] = trainer
    for card_id, tm in TMS.items():
        if cards[card_id].trainer != "tm" or card_id in reg.TMS:
            raise ValueError(f"effect_rules: {card_id} is no Technical Machine, or registered")
        reg.TMS[card_id] = tm
        SPECIAL_CARDS.add(card_id)
    for card_id, tool in TOOLS.items():
        if cards[card_id].trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"effect_rules: {card_id} is no Tool, or has a handler")
        reg.TOOLS[card_id] = tool
        SPECIAL_CARDS.add(card_id)
    reg.DAMAGE_MODS.update(TOOL_DAMAGE_MODS)
    for card_id, (name, types) in TYPE_BODIES.items():
        _body(card_id, name, "its types are those of the basic Energy cards attached")
        reg.TYPE_BODIES[card_id] = (name, types)
        SPECIAL_CARDS.add(card_id)
    for card_id, name in GAS_BODIES.items():
        _body(card_id, name, "while Active: every other Poké-Power and Poké-Body is off")
        reg.GAS_BODIES[card_id] = name
        SPECIAL_CARDS.add(card_id)
    for card_id, name in NO_RESISTANCE_BODIES.items():
        _body(card_id, name, "while in play: no Resistance for any Active Pokémon")
        reg.NO_RESISTANCE_BODIES.add(card_id)
        SPECIAL_CARDS.add(card_id)
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
