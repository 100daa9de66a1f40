"""EX Unseen Forces (ex10): the four Baby Pokémon (Cleffa ex10-21, Elekid ex10-23, Smoochum
ex10-31, Tyrogue ex10-33) and the five Stages of Evolution Pokémon they grow into
(Electabuzz ex10-22, Hitmonchan ex10-24, Hitmonlee ex10-25, Hitmontop ex10-26, Jynx ex10-28),
as data in the effect vocabulary; facts in data/sets/ex10.json. Effects are described in the
project's own words (card text is never stored).

Baby Evolution is the reusable power of ``baby.py``. The Stages of Evolution Poké-Bodies work
only "as long as" their Pokémon is an Evolved Pokémon, which these Basic Pokémon become when
Baby Evolution puts them onto a Baby (``vocab_ex10_more.self_evolved``):

- Electabuzz: 40 less damage from attacks of a Pokémon with a special Energy card attached,
  after Weakness and Resistance (a ``DamageBody``);
- Hitmonchan: 30 more HP (``reg.HP_AURAS``, read for itself only);
- Hitmonlee: its attacks do 20 more to the opponent's Pokémon, Active or Benched, before
  Weakness and Resistance (a ``DamageMod`` of the attacking Pokémon);
- Hitmontop: while Active, damaged by an opponent's attack (Knocked Out too), 2 damage
  counters on the attacker (the ``DamageBody`` strike back);
- Jynx: every effect of the opponent's attacks but the damage kept off it
  (``DamageBody.effects_proof``), and no Weakness (``reg.NO_WEAKNESS_BODIES``, for itself)."""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.baby import BABY_EVOLUTION, baby_evolution
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.registry import DamageBody
from turnkeeper.rulesets.ptcg.search import DiscardOwn, PickTargets, Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Condition,
    Draw,
    Flip,
    Hit,
    IfAnyHeads,
    PlusIf,
    Step,
    TargetHit,
    TimesCount,
    TimesHeads,
)
from turnkeeper.rulesets.ptcg.vocab_ex5 import ThenIf
from turnkeeper.rulesets.ptcg.vocab_ex10_more import (
    TimesInPlayShortfall,
    is_evolved,
    self_evolved,
)
from turnkeeper.rulesets.ptcg.vocab_sets import ShuffleHandIntoDeck

STAGES = "Stages of Evolution"


def _c(*which: str) -> Condition:
    return Condition(which)


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # Babies
    ("ex10-21", "Eeeeeeek"): (ShuffleHandIntoDeck(), Draw(6)),
    ("ex10-23", "Magnetic Trip"): (Hit(), ThenIf("stadium_low_pressure", (_c("confused"),))),
    # 1 damage counter on one of the opponent's Pokémon, the player's pick
    ("ex10-31", "Blown Kiss"): (TargetHit(10, counters=True),),
    ("ex10-33", "Desperate Punch"): (TimesInPlayShortfall(),),
    # Stages of Evolution
    ("ex10-22", "Double Shock"): (TimesHeads(2), Hit(), IfAnyHeads((_c("paralyzed"),))),
    # the player picks the 3 Energy cards when they differ
    ("ex10-22", "Luster Blast"): (DiscardOwn(3),),
    ("ex10-24", "Heavy Punch"): (TimesCount("opponent_benched"),),
    # neither Weakness, Resistance nor any effect on the Defending Pokémon changes it
    ("ex10-24", "Speedy Uppercut"): (Hit(wr=False, effects=False),),
    ("ex10-25", "Stretch Kick"): (TargetHit(10, bench_only=True),),
    ("ex10-26", "Upward Kick"): (PlusIf(30, "defending_2_counters"),),
    ("ex10-28", "Freeze Light"): (Flip(heads=(_c("paralyzed"),), tails=(_c("burned"),)),),
    # 4 damage counters spread over the opponent's Pokémon as the player likes
    ("ex10-28", "Pure Power"): (PickTargets(4, 10, counters=True, anywhere=True, distinct=False),),
}

POWERS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex10-21", BABY_EVOLUTION): baby_evolution("Clefairy"),
    ("ex10-23", BABY_EVOLUTION): baby_evolution("Electabuzz"),
    ("ex10-31", BABY_EVOLUTION): baby_evolution("Jynx"),
    ("ex10-33", BABY_EVOLUTION): baby_evolution("Hitmonlee", "Hitmonchan", "Hitmontop"),
}

DAMAGE_BODIES: dict[tuple[str, str], tuple[str, DamageBody]] = {
    ("ex10-22", STAGES): (
        "while Evolved: 40 less damage from attackers with a special Energy attached, after W/R",
        DamageBody(reduce=40, from_attacker="special_energy", when=self_evolved),
    ),
    ("ex10-26", STAGES): (
        "while Evolved and Active: damaged by an attack (even Knocked Out), 2 counters on the "
        "attacker",
        DamageBody(react_counters=2, when=self_evolved),
    ),
    ("ex10-28", STAGES): (
        "while Evolved: no effect of the opponent's attacks but the damage, and no Weakness",
        DamageBody(effects_proof=True, when=self_evolved),
    ),
}


def _hitmonchan_hp(s: PtcgState, mon: Mon) -> int:
    """Hitmonchan's own maximum HP while it is Evolved (its printed HP and 30); 0 for any
    other Pokémon (an HP aura is asked for each Pokémon of its player)."""
    card = s.top(mon)
    return card.hp + 30 if s.cards[mon.stack[-1]] == "ex10-24" and is_evolved(mon) else 0


def _jynx_no_weakness(s: PtcgState, mon: Mon, target: Mon) -> bool:
    """Jynx's own Weakness is gone while it is Evolved (not its player's other Pokémon's)."""
    return mon is target and is_evolved(mon)


def _hitmonlee_boost(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return is_evolved(attacker)


HP_BODIES: dict[str, tuple[str, Callable[[PtcgState, Mon], int]]] = {
    "ex10-24": ("while Evolved: 30 more HP", _hitmonchan_hp),
}


def _new_body(card_id: str, name: str, summary: str) -> None:
    card = bundled_cards().get(card_id)
    power = card.power(name) if card is not None else None
    if power is None or power.kind != "body":
        raise ValueError(f"effect_data_ex10_babies: {card_id} has no Poké-Body {name!r}")
    if (card_id, name) in reg.BODIES:
        raise ValueError(f"effect_data_ex10_babies: {card_id} {name!r} has a handler already")
    reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)


def _register_bodies() -> None:
    for card_id, (summary, hp) in HP_BODIES.items():
        _new_body(card_id, STAGES, summary)
        reg.HP_AURAS[card_id] = (STAGES, hp)
        SPECIAL_CARDS.add(card_id)  # board.max_hp asks the auras in special games only
    _new_body("ex10-25", STAGES, "while Evolved: its attacks do 20 more to the opponent's Pokémon")
    if "ex10-25" in reg.DAMAGE_MODS:
        raise ValueError("effect_data_ex10_babies: ex10-25 has a damage modifier already")
    reg.DAMAGE_MODS["ex10-25"] = reg.DamageMod(
        "attacker_active", 20, before=True, name=STAGES, when=_hitmonlee_boost
    )
    # Jynx's damage Body is registered by register_set; its Weakness part is asked here
    reg.NO_WEAKNESS_BODIES["ex10-28"] = (STAGES, _jynx_no_weakness)
    SPECIAL_CARDS.add("ex10-28")  # damage.hit asks no-Weakness Bodies in special games only


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex10_babies",
            attacks=ATTACK_STEPS,
            powers=POWERS,
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_bodies()


register()
