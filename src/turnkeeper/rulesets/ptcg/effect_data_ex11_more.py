"""More of EX Delta Species (ex11), the cards effect_data_ex11.py left: Jolteon δ and
Vaporeon δ (an Energy card back to the hand, then a second pick), Holon Ruins, a Stadium
its players use (stadium_use.py), and Slowking (Prize Shift, Psychic Option). Facts in
data/sets/ex11.json; the effects in the project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import effect_data_ex11 as _ex11
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import PowerParams
from turnkeeper.rulesets.ptcg.board import max_hp
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.effect_data_ex12_more import stadium_program
from turnkeeper.rulesets.ptcg.holon import with_basic
from turnkeeper.rulesets.ptcg.search import Cards, Search, Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import PRIZE_UP, SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Draw,
    Hit,
    PlusIf,
    Question,
    Run,
    Step,
    TimesCount,
    guarded_defending,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import prizes_face_up
from turnkeeper.rulesets.ptcg.vocab_ex8 import IfEnergy
from turnkeeper.rulesets.ptcg.vocab_ex10 import DefendingSpecialEnergy
from turnkeeper.rulesets.ptcg.vocab_ex11 import MoveBasicEnergyFreely, ReturnEnergyThen
from turnkeeper.rulesets.ptcg.vocab_ex12 import OpponentSwitchThen
from turnkeeper.rulesets.ptcg.vocab_ex15b import prizes_up

# Delta Search as Flareon δ's (ex11-5): 10, then a Holon Energy card from the deck onto it
_DELTA_SEARCH = _ex11.ATTACK_STEPS[("ex11-5", "Delta Search")]


# ---------------------------------------------------------------------------- Slowking
SLOWKING = "ex11-28"
PRIZE_SHIFT = "Prize Shift"


def face_down_prizes(s: PtcgState, seat: int) -> list[int]:
    """The player's Prize cards still face down: none once Here Comes Team Rocket! turned
    them all up (vocab_ex7.prizes_face_up), else those not turned up one by one (Island
    Hermit, Prize Shift: vocab_ex15b.prizes_up)."""
    if prizes_face_up(s, seat):
        return []
    up = set(prizes_up(s, seat))
    return [c for c in s.sides[seat].prizes if c not in up]


def _prize_shift_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    """Prize Shift (ex11-28): refused when every Prize card is face up, and when the hand is
    empty (nothing to put down, so nothing is done). Its Special Conditions and the
    once-a-turn limit are the engine's (power.power_rule); it is used in the player's own
    turn, and an attack ends that turn, so "before the attack" needs no check of its own."""
    if not face_down_prizes(s, seat):
        return "every Prize card of the player is face up"
    return None if s.sides[seat].hand else "there is no card in the hand to put down"


@dataclass(frozen=True)
class PrizeShift(Question):
    """Slowking's Prize Shift (ex11-28): the player picks a card from the hand; it becomes one
    of their Prize cards, face up for the rest of the game (a ``move`` to the Prizes and the
    ``side_later`` entry ``prize_up:<card>`` Island Hermit uses, so ruleset.view shows it to
    every seat). Then they pick one of the face-down Prize cards by position, not seeing it
    (the card text says without looking), and it goes to the hand: the hand and the Prize
    count stay the same size."""

    def describe(self) -> str:
        return (
            "a card from the hand becomes a face-up Prize card, then a face-down Prize card "
            "picked unseen goes to the hand"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        if not s.sides[seat].hand or not face_down_prizes(s, seat):
            return None
        return {"stage": "hand"}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "hand":
            # one option per card name: copies of a card are the same to the player
            picks = list({s.cards[c]: c for c in reversed(s.sides[seat].hand)}.values())[::-1]
            if not picks:
                return None
            st["picks"] = picks
            return seat, "a card from the hand to put as a face-up Prize card", [
                s.card(c).name for c in picks
            ]
        if st["stage"] == "prize":
            down = face_down_prizes(s, seat)
            if not down:
                return None
            st["down"] = down
            labels = [f"face-down Prize card {i + 1}" for i in range(len(down))]
            return seat, "a face-down Prize card to the hand (unseen)", labels
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "hand":
            card = int(st["picks"][option])
            # the face-down ones are fixed before the new face-up card joins them
            st["down"] = face_down_prizes(ctx.s, seat)
            ctx.emit("move", p=SEATS[seat], card=card, src="hand", dst="prizes")
            ctx.emit("side_later", p=SEATS[seat], what=f"{PRIZE_UP}{card}", turn=-1)
            st["stage"] = "prize"
            return
        st["stage"] = "done"
        card = int(st["down"][option])
        ctx.emit("move", p=SEATS[seat], card=card, src="prizes", dst="hand")


@dataclass(frozen=True)
class DefendingSpecialEnergyIf(DefendingSpecialEnergy):
    """Psychic Option's second part (ex11-28): with ``kind`` Energy attached to the attacker,
    the player discards a special Energy card of the Defending Pokémon (their pick); nothing
    when it has none, when it is Knocked Out by the damage already (its cards go to the
    discard pile anyway), or when its effects are kept off (damage.guarded)."""

    kind: str = "Psychic"

    def describe(self) -> str:
        return f"with {self.kind} Energy on it: " + super().describe()

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        own, defending = s.sides[seat].active, s.sides[1 - seat].active
        if own is None or defending is None or defending.damage >= max_hp(s, defending):
            return None
        if not any(self.kind in s.card(c).provides for c in own.energy):
            return None
        if guarded_defending(ctx, seat):
            return None
        return super().begin(ctx, seat, r)


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    (SLOWKING, PRIZE_SHIFT): (
        "a card from the hand becomes a face-up Prize card; a face-down Prize card, picked "
        "unseen, goes to the hand",
        (PrizeShift(),),
        _prize_shift_usable,
    ),
}

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # 20, +20 with Water Energy on Slowking; with Psychic Energy, a special Energy card of the
    # Defending Pokémon is discarded
    (SLOWKING, "Psychic Option"): (
        IfEnergy("Water", (PlusIf(20, "always"),)),
        Hit(),
        DefendingSpecialEnergyIf(kind="Psychic"),
    ),
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
    register_set(SetEffects("effect_data_ex11_more", attacks=ATTACK_STEPS, powers=POWER_STEPS))
    _register_stadiums()
    _register_energies()
    _register_bodies()
    _register_bench_powers()


register()
