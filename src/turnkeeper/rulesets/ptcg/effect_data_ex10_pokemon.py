"""EX Unseen Forces (ex10): Murkrow ex10-30, Aipom ex10-34, Miltank ex10-42, Shuckle ex10-47,
Smeargle ex10-48, Eevee ex10-55, Gligar ex10-57 and Poliwhirl ex10-68, as data in the effect
vocabulary; facts in data/sets/ex10.json. Effects are described in the project's own words
(card text is never stored).

Readings: Night Song puts to sleep only a Pokémon it switched in (the card names the new
Defending Pokémon); Healing Milk flips both coins first, then asks one Pokémon to heal per
heads (the same one may be picked twice); Snappy Move is one a turn
per player, as Quick Search (the card limits the player, not the Pokémon).

Eevee's Energy Evolution is a Poké-Power used by itself as an Energy card from the hand is
attached to Eevee by the attach action (``reg.ATTACH_POWERS``, energy.attached_from_hand; an
attack's attachment does not call it): the player may search the deck for a card evolving
from Eevee of that Energy's type and put it on Eevee. It keeps the Poké-Power rules (no
Special Condition, no Lazy / Toxic Gas / Mt. Moon); used as an action it is refused with
``ptcg.power.requirement``. With nothing in the deck to evolve into, it is not used (nothing
is asked and no ``power`` event is written)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import PREVENT_ALL
from turnkeeper.rulesets.ptcg.power import PowerParams, power_stopped
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Condition,
    DiscardDefendingTool,
    Draw,
    Flip,
    Hit,
    PlusPer,
    Run,
    Step,
    TargetHit,
    Toxic,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex10_more import (
    EvolveByEnergyType,
    GustThenCondition,
    HealPickPerHeads,
    Makeover,
    ToDeckBottom,
    makeover_usable,
)


def _c(*which: str) -> Condition:
    return Condition(which)


def _on_heads(*which: str) -> Flip:
    return Flip(heads=(Condition(which),))


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # the player picks the opponent's Benched Pokémon switched in; it falls Asleep
    ("ex10-30", "Night Song"): (GustThenCondition(which="asleep"),),
    # the Defending Pokémon's Tool (its only attached Trainer card) goes before the damage
    ("ex10-30", "Plunder"): (DiscardDefendingTool(), Hit()),
    ("ex10-34", "Snap Tail"): (TargetHit(10),),
    # two coins: per heads, 2 damage counters off one of the player's Pokémon (picked)
    ("ex10-42", "Healing Milk"): (HealPickPerHeads(2, 2),),
    ("ex10-42", "Body Slam"): (Hit(), _on_heads("paralyzed")),
    ("ex10-47", "Toxic"): (Toxic(),),
    ("ex10-48", "Split Spiral Punch"): (Hit(), _on_heads("confused")),
    ("ex10-57", "Toxic Grip"): (Hit(), _c("poisoned")),
    ("ex10-68", "Energy Ball"): (PlusPer(10, "own_energy", beyond_cost=True, cap=20),),
}


def _snappy_move(s: PtcgState, seat: int, slot: int) -> str | None:
    """Snappy Move: only from the Bench, and one Snappy Move a turn for the player."""
    if slot == 0:
        return "it works only while this Pokémon is on the Bench"
    if any(used.endswith(":Snappy Move") for used in s.powers_used):
        return "a Snappy Move was used this turn already"
    return None


POWERS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex10-34", "Snappy Move"): (
        "from the Bench: draw a card, then Aipom's cards are discarded and it goes to the "
        "bottom of the deck (one Snappy Move a turn)",
        (Draw(1), ToDeckBottom()),
        _snappy_move,
    ),
    ("ex10-48", "Makeover"): (
        "swap a basic Energy card on one of the player's Pokémon (not ex) for another from "
        "the discard pile",
        (Makeover(),),
        makeover_usable,
    ),
}


def _ex_attacker(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
    return s.top(attacker).ex


DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex10-42", "Thick Fat"): (
        "30 less damage from Fire and Water attackers, after W/R",
        DamageBody(reduce=30, from_types=("Fire", "Water")),
    ),
    # the damage only: the other effects of a Pokémon-ex's attacks still reach Shuckle
    ("ex10-47", "Extra-tight"): (
        "no damage from the attacks of the opponent's Pokémon-ex",
        DamageBody(reduce=PREVENT_ALL, when=_ex_attacker),
    ),
}


def _no_energy(s: PtcgState, mon: Mon) -> bool:
    return not mon.energy


ENERGY_EVOLUTION = "Energy Evolution"
_EVOLVE_BY_ENERGY = (EvolveByEnergyType(),)
_EEVEE_KEY = f"ex10-55:{ENERGY_EVOLUTION}"


def _energy_evolution(ctx: Ctx, seat: int, slot: int, energy: int) -> None:
    """Eevee's Energy Evolution, as an Energy card from the hand is attached to it: the
    Poké-Power rules first (``power.power_stopped``, as every Poké-Power: a Special
    Condition, a Poké-Body or the Stadium stopping it; Toxic Gas is asked by
    energy.attached_from_hand), then, if the deck holds a card to evolve into, the ``power``
    event and the question."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or power_stopped(s, seat, slot, mon, ENERGY_EVOLUTION) is not None:
        return  # as every Poké-Power (power.power_stopped)
    r = Run(0, attack=ENERGY_EVOLUTION, prog=_EEVEE_KEY, slot=slot, card=str(energy))
    if _EVOLVE_BY_ENERGY[0].begin(ctx, seat, r) is None:
        return  # nothing in the deck to evolve into: the power is not used
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=ENERGY_EVOLUTION)
    run_program(ctx, seat, _EVOLVE_BY_ENERGY, r)


def _only_on_attach(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as an Energy card from the hand is attached to this Pokémon"


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_on_attach)")  # pragma: no cover


def _register_bodies() -> None:
    card = bundled_cards()["ex10-57"]
    power = card.power("Free Flight")
    if power is None or power.kind != "body" or ("ex10-57", "Free Flight") in reg.BODIES:
        raise ValueError("effect_data_ex10_pokemon: ex10-57 has no Poké-Body Free Flight to add")
    reg.BODIES[("ex10-57", "Free Flight")] = reg.BodyEffect(
        "Retreat Cost 0 with no Energy attached"
    )
    reg.RETREAT_BODIES["ex10-57"] = reg.RetreatBody("Free Flight", _no_energy)
    SPECIAL_CARDS.add("ex10-57")  # board.retreat_cost asks the Retreat Bodies in special games
    power = bundled_cards()["ex10-55"].power(ENERGY_EVOLUTION)
    if power is None or power.kind != "power" or ("ex10-55", ENERGY_EVOLUTION) in reg.POWERS:
        raise ValueError("effect_data_ex10_pokemon: ex10-55 has no Poké-Power Energy Evolution")
    summary = _EVOLVE_BY_ENERGY[0].describe()
    register_program(_EEVEE_KEY, "power", summary, _EVOLVE_BY_ENERGY)
    reg.POWERS[("ex10-55", ENERGY_EVOLUTION)] = reg.PowerEffect(summary, _never, _only_on_attach)
    reg.ATTACH_POWERS["ex10-55"] = (ENERGY_EVOLUTION, _energy_evolution)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex10_pokemon",
            attacks=ATTACK_STEPS,
            powers=POWERS,
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_bodies()


register()
