"""More of EX Delta Species (ex11), the cards effect_data_ex11.py left: Jolteon δ and
Vaporeon δ (an Energy card back to the hand, then a second pick), and Holon Ruins, a Stadium
its players use (stadium_use.py). Facts in data/sets/ex11.json; the effects in the
project's own words (card text is never stored)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import PowerParams
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.effect_data_ex12_more import stadium_program
from turnkeeper.rulesets.ptcg.holon import with_basic
from turnkeeper.rulesets.ptcg.search import Cards, Search
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Draw,
    Hit,
    Run,
    Step,
    TimesCount,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex11 import MoveBasicEnergyFreely, ReturnEnergyThen
from turnkeeper.rulesets.ptcg.vocab_ex12 import OpponentSwitchThen

# Delta Search as Flareon δ's (ex11-5): 10, then a Holon Energy card from the deck onto it
_DELTA_SEARCH = _ex11.ATTACK_STEPS[("ex11-5", "Delta Search")]

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex11-7", "Delta Search"): _DELTA_SEARCH,
    ("ex11-7", "Return Spark"): (Hit(), ReturnEnergyThen("bench_hit", 20)),
    ("ex11-18", "Delta Search"): _DELTA_SEARCH,
    ("ex11-18", "Return Wave"): (Hit(), ReturnEnergyThen("defending_energy")),
    # the opponent switches (their pick); the new Defending Pokémon is Asleep (no Bench: none)
    ("ex11-23", "Sleep Inducer"): (OpponentSwitchThen(which=("asleep",)),),
    # 10 per Energy on Mewtwo δ and on the Defending Pokémon
    ("ex11-12", "Energy Burst"): (TimesCount("both_energy"),),
}

MEWTWO = "ex11-12"
DELTA_SWITCH = "Delta Switch"
_DELTA_SWITCH_KEY = f"{MEWTWO}:{DELTA_SWITCH}"
_DELTA_SWITCH_STEPS: tuple[Step, ...] = (MoveBasicEnergyFreely(),)


def _delta_switch(ctx: Ctx, seat: int, slot: int) -> None:
    """Mewtwo δ benched from the hand (reg.BENCH_POWERS, bench.run_bench asks
    bench_power_rule first): the player may move basic Energy cards between their other
    Pokémon (answering "done" at once declines)."""
    side = ctx.s.sides[seat]
    mon = side.mon(slot)
    movable = sum(
        1 for at, m in side.in_play() if at != slot for c in m.energy if ctx.s.card(c).basic_energy
    )
    if mon is None or not movable or len(side.in_play()) < 3:
        return  # no basic Energy, or only one other Pokémon: nowhere to move anything
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=DELTA_SWITCH)
    r = Run(0, attack=DELTA_SWITCH, prog=_DELTA_SWITCH_KEY)
    r.slot = slot
    run_program(ctx, seat, _DELTA_SWITCH_STEPS, r)


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_as_benched)")  # pragma: no cover


def _only_as_benched(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the Pokémon is put onto the Bench from the hand"


def _register_bench_powers() -> None:
    power = bundled_cards()[MEWTWO].power(DELTA_SWITCH)
    if power is None or (MEWTWO, DELTA_SWITCH) in reg.POWERS or MEWTWO in reg.BENCH_POWERS:
        raise ValueError(f"effect_data_ex11_more: {MEWTWO} has no Poké-Power {DELTA_SWITCH}")
    register_program(_DELTA_SWITCH_KEY, "power", DELTA_SWITCH, _DELTA_SWITCH_STEPS)
    reg.POWERS[(MEWTWO, DELTA_SWITCH)] = reg.PowerEffect(
        "as it is benched from the hand: move basic Energy cards between the player's other "
        "Pokémon as they like",
        _never,
        _only_as_benched,
    )
    reg.BENCH_POWERS[MEWTWO] = (DELTA_SWITCH, _delta_switch)
    SPECIAL_CARDS.add(MEWTWO)

HYPNO = "ex11-23"
BINDING_AURA = "Binding Aura"


def _onto_asleep(s: PtcgState, card: CardDef, mon: Mon) -> bool:
    return mon.rotation == "asleep"


def _register_bodies() -> None:
    """Hypno's Binding Aura (ex11-23), while Hypno is anywhere in play: the opponent evolves
    no Active Pokémon from the hand (reg.RULE_BODIES "evolve_active", as Primal Vibes) and
    attaches no Energy card from the hand to an Asleep Pokémon (reg.ATTACH_BANS_IN_PLAY)."""
    power = bundled_cards()[HYPNO].power(BINDING_AURA)
    if power is None or power.kind != "body" or (HYPNO, BINDING_AURA) in reg.BODIES:
        raise ValueError(f"effect_data_ex11_more: {HYPNO} has no Poké-Body {BINDING_AURA}")
    reg.BODIES[(HYPNO, BINDING_AURA)] = reg.BodyEffect(
        "the opponent can't evolve their Active Pokémon from the hand, nor attach Energy from "
        "the hand to an Asleep Pokémon"
    )
    reg.RULE_BODIES[HYPNO] = reg.RuleBody(BINDING_AURA, "evolve_active", active_only=False)
    reg.ATTACH_BANS_IN_PLAY[HYPNO] = (BINDING_AURA, _onto_asleep)
    SPECIAL_CARDS.add(HYPNO)

HOLON_RUINS = "ex11-96"
# draw a card, then discard a card from the hand (the one drawn, or another)
_RUINS_STEPS: tuple[Step, ...] = (
    Draw(1),
    Search((Cards(),), src=("hand",), dest="discard", must=True),
)


def _ruins_rule(s: PtcgState, seat: int) -> str | None:
    """Holon Ruins: only a player with a δ Pokémon in play, and a card to draw."""
    side = s.sides[seat]
    if not any(s.top(m).delta for _, m in side.in_play()):
        return "no Pokémon with δ in play"
    return None if side.deck else "the deck is empty"


HOLON_RESEARCH_TOWER = "ex11-94"


def _tower_units(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]] | None:
    """Holon Research Tower: a basic Energy card attached to a δ Pokémon provides one Energy
    that is both its own type and Metal (for paying costs; the card says it does nothing
    else)."""
    energy = s.card(card)
    if not energy.basic_energy or not s.top(mon).delta:
        return None
    kinds = tuple(dict.fromkeys((*energy.provides, "Metal")))
    return [kinds]


def _register_stadiums() -> None:
    tower = bundled_cards()[HOLON_RESEARCH_TOWER]
    if tower.trainer != "stadium" or HOLON_RESEARCH_TOWER in reg.STADIUMS:
        raise ValueError(f"effect_data_ex11_more: {HOLON_RESEARCH_TOWER} is no Stadium")
    reg.STADIUMS[HOLON_RESEARCH_TOWER] = reg.StadiumEffect(
        "basic Energy attached to a δ Pokémon provides its own type and Metal, one at a time",
        energy_units=_tower_units,
    )
    SPECIAL_CARDS.add(HOLON_RESEARCH_TOWER)
    card = bundled_cards()[HOLON_RUINS]
    if card.trainer != "stadium" or HOLON_RUINS in reg.STADIUMS:
        raise ValueError(f"effect_data_ex11_more: {HOLON_RUINS} is no Stadium, or handled")
    reg.STADIUMS[HOLON_RUINS] = stadium_program(
        HOLON_RUINS,
        "once in each player's turn, with a δ Pokémon in play: draw a card, then discard a "
        "card from the hand",
        _RUINS_STEPS,
        _ruins_rule,
    )
    SPECIAL_CARDS.add(HOLON_RUINS)


# ---------------------------------------------------------------------------- Holon Energy WP
HOLON_ENERGY_WP = "ex11-106"


def _wp_effect_proof(s: PtcgState, mon: Mon) -> bool:
    return with_basic(s, mon, "Water")


def _wp_free_retreat(s: PtcgState, mon: Mon) -> bool:
    return with_basic(s, mon, "Psychic")


def _register_energies() -> None:
    """Holon Energy WP (``ptcg.ex11.holon-energy``, as FF and GL in holon.py): one Colorless
    Energy; with a basic Water Energy card beside it, the effects other than damage that the
    opponent's Pokémon would do to its Pokémon are prevented (``reg.EFFECT_PROOF_ENERGY``,
    asked by ``damage.guarded``: what an attack, or a Poké-Power used in the opponent's turn,
    does through it); with a basic Psychic Energy card, no Retreat Cost
    (``reg.FREE_RETREAT_ENERGY``, ``board.retreat_cost``); neither on a Pokémon-ex."""
    card = bundled_cards()[HOLON_ENERGY_WP]
    if card.name != "Holon Energy WP" or HOLON_ENERGY_WP in reg.ENERGIES:
        raise ValueError(f"effect_data_ex11_more: {HOLON_ENERGY_WP} is no Holon Energy WP")
    reg.ENERGIES[HOLON_ENERGY_WP] = reg.EnergyEffect(
        "1 Colorless; with a basic Water Energy beside it the opponent's Pokémon's effects "
        "(not damage) are kept off, with a basic Psychic Energy no Retreat Cost (not on a "
        "Pokémon-ex)"
    )
    reg.EFFECT_PROOF_ENERGY[HOLON_ENERGY_WP] = _wp_effect_proof
    reg.FREE_RETREAT_ENERGY[HOLON_ENERGY_WP] = _wp_free_retreat
    SPECIAL_CARDS.add(HOLON_ENERGY_WP)


def register() -> None:
    register_set(SetEffects("effect_data_ex11_more", attacks=ATTACK_STEPS))
    _register_stadiums()
    _register_energies()
    _register_bodies()
    _register_bench_powers()


register()
