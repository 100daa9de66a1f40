"""Card effects, in the project's own words, registered by card id and attack/power name.

Every handler is small: it reads the state, decides, and emits events through ``ctx``.
Plain-damage attacks need no handler (the engine deals the printed damage). Coins are
``ctx.flip`` (a d2 from the game's dice source, 1 = heads).

Covered here in Python: every card of the EX Ruby & Sapphire theme decks "Sapphire" (d-ex1-2)
and "Ruby" (d-ex1-1, with ecard1-153 Energy Search played as ex1-90 Energy Search), plus
Swampert ex1-13 (a Poké-Power that works from the Bench) and the Stadiums ex3-85 / ex3-86.
Most other attacks, damage Poké-Bodies and several Trainers of ex1-ex4 are data in the
effect vocabulary (``effect_data.py``, ``vocab.py``), registered at the end of this module;
``turnkeeper ptcg coverage`` lists what is implemented.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams, PowerParams, TrainerParams
from turnkeeper.rulesets.ptcg.board import types_of
from turnkeeper.rulesets.ptcg.damage import after_withheld
from turnkeeper.rulesets.ptcg.engine import (
    SLOT_NAMES,
    Ctx,
    attached_from_hand,
    counters,
    energy_of_type,
    hand_card,
    heal,
    hit,
    parse_slot,
    set_condition,
    slot_name,
    zone_card,
)
from turnkeeper.rulesets.ptcg.registry import (
    AttackEffect,
    BodyEffect,
    EnergyEffect,
    PowerEffect,
    StadiumEffect,
    ToolEffect,
    TrainerEffect,
)
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState

AttackRun = Callable[[Ctx, int, AttackParams], None]


def _attack(
    card: str,
    name: str,
    summary: str,
    options: reg.Options | None = None,
    check: reg.Check | None = None,
) -> Callable[[AttackRun], AttackRun]:
    """Register the decorated function as the handler of ``card``'s attack ``name``."""

    def register(fn: AttackRun) -> AttackRun:
        reg.ATTACKS[(card, name)] = AttackEffect(summary, fn, options, check)
        return fn

    return register


def _discard_first(ctx: Ctx, seat: int, slot: int, energy_name: str) -> None:
    """Discard one attached Energy card with this name (a basic one: Rainbow is not it)."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None:
        return
    for inst in mon.energy:
        if ctx.s.card(inst).name == energy_name:
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=[inst])
            return


def _flips(ctx: Ctx, n: int, why: str) -> int:
    return sum(1 for _ in range(n) if ctx.flip(why))


# ---------------------------------------------------------------------------- Ruby deck
@_attack("ex1-73", "Fireworks", "30; tails: discard a Fire Energy card from Torchic")
def _fireworks(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 30)
    if not ctx.flip("Fireworks"):
        _discard_first(ctx, seat, 0, "Fire Energy")


@_attack("ex1-27", "Double Kick", "2 coins: 40 per heads")
def _double_kick(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 40 * _flips(ctx, 2, "Double Kick"))


@_attack("ex1-15", "Clutch", "20; the Defending Pokémon can't retreat during the next turn")
def _clutch(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 20)
    if ctx.s.sides[1 - seat].active is not None:
        ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="no_retreat", turn=ctx.s.turn + 1)


@_attack("ex1-15", "Flamethrower", "80; discard a Fire Energy card from Blaziken")
def _flamethrower(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 80)
    _discard_first(ctx, seat, 0, "Fire Energy")


def _plus_energy_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
    """Nothing, or each distinct basic Energy card in the hand onto each Pokémon in play
    (Active first). Asked at every listing while the attack is payable: written over slot
    numbers, without building the in-play list (the same options, in the same order)."""
    side = s.sides[seat]
    found: list[dict[str, Any]] = [{}]
    seen: list[str] = []  # (a few distinct ids at most: a list is scanned faster than a set)
    first = 0 if side.active is not None else 1
    end = len(side.bench) + 1
    defs = s.defs
    for inst in side.hand:
        card = defs[inst]
        if card.basic_energy and card.id not in seen:
            seen.append(card.id)
            for slot in range(first, end):
                found.append({"card": card.id, "target": SLOT_NAMES[slot]})
    return found


def _plus_energy_check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
    ref = params.card
    if ref is None:
        return None
    inst = hand_card(s, seat, ref)
    if inst < 0:
        return ("ptcg.card.in-hand", f"{ref} is not in the hand")
    if not s.card(inst).basic_energy:
        return ("ptcg.card.wrong-kind", f"{ref} is not a basic Energy card")
    slot = parse_slot(params.target, "Plus Energy: 'target'")
    if s.sides[seat].mon(slot) is None:
        return ("ptcg.target.in-play", f"no Pokémon at {slot_name(slot)}")
    return None


@_attack(
    "ex1-70",
    "Plus Energy",
    "attach a basic Energy card from the hand to one of your Pokémon (card, target)",
    options=_plus_energy_options,
    check=_plus_energy_check,
)
def _plus_energy(ctx: Ctx, seat: int, params: AttackParams) -> None:
    ref = params.card
    if ref is not None:
        inst = hand_card(ctx.s, seat, ref)
        slot = parse_slot(params.target, "target")
        # Attached by an effect: does not use the turn's Energy attachment (READINGS ptcg).
        ctx.emit("attach", p=SEATS[seat], card=inst, slot=slot, counts=False)


def _energy_call_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
    """Nothing, or each distinct Energy card of the discard pile (asked at every listing
    while the attack is payable)."""
    found: list[dict[str, Any]] = [{}]
    seen: list[str] = []  # (a few distinct ids at most: a list is scanned faster than a set)
    defs = s.defs
    for inst in s.sides[seat].discard:
        card = defs[inst]
        if card.kind == "energy" and card.id not in seen:
            seen.append(card.id)
            found.append({"card": card.id})
    return found


def _energy_call_check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
    ref = params.card
    if ref is None:
        return None
    inst = zone_card(s, s.sides[seat].discard, ref)
    if inst < 0 or s.card(inst).kind != "energy":
        return ("ptcg.card.wrong-kind", f"no Energy card {ref!r} in the discard pile")
    return None


@_attack(
    "ex1-29",
    "Energy Call",
    "10; attach an Energy card from the discard pile to the Active (card)",
    options=_energy_call_options,
    check=_energy_call_check,
)
def _energy_call(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 10)
    ref = params.card
    if ref is not None:
        inst = zone_card(ctx.s, ctx.s.sides[seat].discard, ref)
        ctx.emit("attach", p=SEATS[seat], card=inst, slot=0, counts=False, **{"from": "discard"})


@_attack("ex1-29", "Cannonball", "30 + 10 per Energy beyond the two the attack needs")
def _cannonball(ctx: Ctx, seat: int, params: AttackParams) -> None:
    mon = ctx.s.sides[seat].active
    assert mon is not None
    hit(ctx, seat, 30 + 10 * max(0, len(mon.energy) - 2))


def _paralyze_on_heads(ctx: Ctx, seat: int, damage: int, why: str) -> None:
    hit(ctx, seat, damage)
    if ctx.flip(why):
        set_condition(ctx, 1 - seat, 0, "paralyzed")


@_attack("ex1-33", "Shove", "20; heads: the Defending Pokémon is Paralyzed")
def _shove(ctx: Ctx, seat: int, params: AttackParams) -> None:
    _paralyze_on_heads(ctx, seat, 20, "Shove")


@_attack("ex1-33", "Slap Down", "40 + 10 per heads of 2 coins")
def _slap_down(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 40 + 10 * _flips(ctx, 2, "Slap Down"))


# ---------------------------------------------------------------------------- Sapphire deck
@_attack("ex1-60", "Fury Swipes", "3 coins: 10 per heads")
def _fury_swipes(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 10 * _flips(ctx, 3, "Fury Swipes"))


@_attack("ex1-40", "Bubble", "10; heads: the Defending Pokémon is Paralyzed")
def _bubble(ctx: Ctx, seat: int, params: AttackParams) -> None:
    _paralyze_on_heads(ctx, seat, 10, "Bubble")


def _any_opponent_target(s: PtcgState, seat: int) -> list[dict[str, Any]]:
    """Each of the opponent's Pokémon in play, Active first (asked at every listing while
    the attack is payable: written over slot numbers, without building the in-play list)."""
    opponent = s.sides[1 - seat]
    first = 0 if opponent.active is not None else 1
    return [{"target": SLOT_NAMES[slot]} for slot in range(first, len(opponent.bench) + 1)]


def _opponent_target_check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
    slot = parse_slot(params.target or "active", "Water Arrow: 'target'")
    if s.sides[1 - seat].mon(slot) is None:
        return ("ptcg.target.in-play", f"the opponent has no Pokémon at {slot_name(slot)}")
    return None


@_attack(
    "ex1-23",
    "Water Arrow",
    "20 to one of the opponent's Pokémon (target; Weakness/Resistance on the Active only)",
    options=_any_opponent_target,
    check=_opponent_target_check,
)
def _water_arrow(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 20, parse_slot(params.target or "active", "target"))


@_attack("ex1-48", "Rest", "clear Special Conditions, heal 4 counters, then fall Asleep")
def _rest(ctx: Ctx, seat: int, params: AttackParams) -> None:
    mon = ctx.s.sides[seat].active
    assert mon is not None
    if mon.has_condition():
        ctx.emit("cure", p=SEATS[seat], slot=0, which=mon.conditions())
    heal(ctx, seat, 0, 4)
    set_condition(ctx, seat, 0, "asleep")


@_attack("ex1-48", "Water Gun", "20 + 10 per Water Energy beyond the cost, at most +20")
def _water_gun(ctx: Ctx, seat: int, params: AttackParams) -> None:
    mon = ctx.s.sides[seat].active
    assert mon is not None
    water = energy_of_type(ctx.s, mon, "Water")
    others = len(mon.energy) - water
    # One Water pays the Water symbol; the Colorless symbol takes another kind if there is one.
    spare = water - 1 - (0 if others >= 1 else 1)
    hit(ctx, seat, 20 + 10 * min(2, max(0, spare)))


@_attack("ex1-77", "Surprise Attack", "20; tails: nothing")
def _surprise_attack(ctx: Ctx, seat: int, params: AttackParams) -> None:
    if ctx.flip("Surprise Attack"):
        hit(ctx, seat, 20)


@_attack("ex1-19", "Stockpile", "next turn: Spit Up does 70 and Swallow 60 base damage")
def _stockpile(ctx: Ctx, seat: int, params: AttackParams) -> None:
    ctx.emit("flag", p=SEATS[seat], slot=0, flag="boost", turn=ctx.s.turn + 2)


def _boosted(ctx: Ctx, seat: int) -> bool:
    mon = ctx.s.sides[seat].active
    return mon is not None and mon.boost == ctx.s.turn


@_attack("ex1-19", "Spit Up", "30 (70 after Stockpile)")
def _spit_up(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 70 if _boosted(ctx, seat) else 30)


@_attack("ex1-19", "Swallow", "20 (60 after Stockpile); heal as many counters as damage done")
def _swallow(ctx: Ctx, seat: int, params: AttackParams) -> None:
    done = hit(ctx, seat, 60 if _boosted(ctx, seat) else 20)
    if not after_withheld(ctx, seat, "heal_dealt"):  # (Psychic Protector: after the answer)
        heal(ctx, seat, 0, done // 10)


@_attack("ex1-54", "Double-edge", "30; 10 damage to Koffing itself")
def _double_edge(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 30)
    counters(ctx, seat, 0, 1)


@_attack("ex1-24", "Confusion Gas", "10; the Defending Pokémon is Confused")
def _confusion_gas(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 10)
    set_condition(ctx, 1 - seat, 0, "confused")


@_attack("ex1-24", "Poison Smog", "Defending Pokémon Poisoned; 10 to each opposing Benched one")
def _poison_smog(ctx: Ctx, seat: int, params: AttackParams) -> None:
    set_condition(ctx, 1 - seat, 0, "poisoned")
    for slot, _ in ctx.s.sides[1 - seat].in_play():
        if slot:
            hit(ctx, seat, 10, slot)


@_attack("ex1-75", "Poison Breath", "heads: the Defending Pokémon is Poisoned")
def _treecko_breath(ctx: Ctx, seat: int, params: AttackParams) -> None:
    if ctx.flip("Poison Breath"):
        set_condition(ctx, 1 - seat, 0, "poisoned")


@_attack("ex1-31", "Poison Breath", "the Defending Pokémon is Poisoned")
def _grovyle_breath(ctx: Ctx, seat: int, params: AttackParams) -> None:
    set_condition(ctx, 1 - seat, 0, "poisoned")


@_attack("ex1-31", "Swift", "30, not changed by Weakness or Resistance")
def _swift(ctx: Ctx, seat: int, params: AttackParams) -> None:
    # nor by Poké-Bodies or other effects on the Defending Pokémon
    hit(ctx, seat, 30, wr=False, effects=False)


@_attack("ex1-69", "Sleep Powder", "10; the Defending Pokémon is Asleep")
def _sleep_powder(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 10)
    set_condition(ctx, 1 - seat, 0, "asleep")


@_attack("ex1-13", "Hypno Splash", "50; the Defending Pokémon is Asleep")
def _hypno_splash(ctx: Ctx, seat: int, params: AttackParams) -> None:
    hit(ctx, seat, 50)
    set_condition(ctx, 1 - seat, 0, "asleep")


# ---------------------------------------------------------------------------- powers, bodies
def _drive_off_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    if slot != 0:
        return "Drive Off works only while Swellow is the Active Pokémon"
    if s.sides[1 - seat].active is None or not s.sides[1 - seat].bench:
        return "the opponent has no Benched Pokémon to switch in"
    return None


def _drive_off(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    opp = ctx.s.sides[1 - seat]
    # The opponent picks which Benched Pokémon comes in.
    options = [f"{ctx.s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(opp.bench)]
    ctx.emit(
        "ask",
        p=SEATS[1 - seat],
        key="drive-off",
        prompt="Drive Off: pick the Benched Pokémon that becomes Active",
        options=options,
        data={},
    )


def _drive_off_answer(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    ctx.emit("switch", p=SEATS[seat], slot=option + 1)


reg.POWERS[("ex1-46", "Drive Off")] = PowerEffect(
    "while Active: swap the Defending Pokémon with one the opponent picks from their Bench",
    _drive_off,
    _drive_off_usable,
)
reg.CHOICES["drive-off"] = _drive_off_answer


def _water_in_hand(s: PtcgState, seat: int) -> int:
    for inst in s.sides[seat].hand:
        if s.card(inst).name == "Water Energy" and s.card(inst).basic_energy:
            return inst
    return -1


def _water_call_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    if _water_in_hand(s, seat) < 0:
        return "there is no Water Energy card in the hand"
    if s.sides[seat].active is None:
        return "there is no Active Pokémon"
    return None


def _water_call(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    inst = _water_in_hand(ctx.s, seat)
    # A power's attachment is not the turn's one Energy from the hand (READINGS ptcg).
    ctx.emit("attach", p=SEATS[seat], card=inst, slot=0, counts=False)
    # It is still a Water Energy card from the hand: Natural Remedy on the Active reacts.
    attached_from_hand(ctx, seat, 0, inst)


reg.POWERS[("ex1-13", "Water Call")] = PowerEffect(
    "attach a Water Energy card from the hand to the Active (works from the Bench)",
    _water_call,
    _water_call_usable,
)


def _natural_remedy(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or s.card(card).name != "Water Energy" or not s.card(card).basic_energy:
        return
    key = f"{mon.stack[0]}:Natural Remedy"
    if key in s.powers_used or not mon.damage:
        return
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name="Natural Remedy")
    heal(ctx, seat, slot, 1)


reg.BODIES[("ex1-23", "Natural Remedy")] = BodyEffect(
    "once a turn, attaching a Water Energy card from the hand to it heals 1 counter",
    on_attach=_natural_remedy,
)


# ---------------------------------------------------------------------------- energy, tools
def _rainbow_attach(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    counters(ctx, seat, slot, 1)


reg.ENERGIES["ex1-95"] = EnergyEffect(
    "provides every type, one at a time; 1 damage counter when attached from the hand",
    on_attach=_rainbow_attach,
)


def _lum_berry(ctx: Ctx, seat: int, slot: int) -> None:
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None or not mon.has_condition():
        return
    ctx.emit("cure", p=SEATS[seat], slot=slot, which=mon.conditions())
    ctx.emit("discard_tool", p=SEATS[seat], slot=slot)


reg.TOOLS["ex1-84"] = ToolEffect(
    "between turns: clears every Special Condition of its Pokémon, then is discarded",
    between_turns=_lum_berry,
)


# ---------------------------------------------------------------------------- stadiums
def _high_pressure(s: PtcgState, mon: Mon) -> int:
    types = types_of(s, mon)
    return 1 if "Fire" in types or "Water" in types else 0


def _low_pressure(s: PtcgState, mon: Mon) -> int:
    types = types_of(s, mon)
    return 10 if "Grass" in types or "Lightning" in types else 0


reg.STADIUMS["ex3-85"] = StadiumEffect(
    "Fire and Water Pokémon retreat for one Colorless less", retreat_discount=_high_pressure
)
reg.STADIUMS["ex3-86"] = StadiumEffect(
    "Grass and Lightning Pokémon get +10 HP", hp_bonus=_low_pressure
)


# ---------------------------------------------------------------------------- trainers
def _potion_options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
    """Each damaged Pokémon in play, Active first (asked at every step a Potion is in hand:
    written without building the in-play list)."""
    side = s.sides[seat]
    active = side.active
    found: list[dict[str, Any]] = (
        [{"target": "active"}] if active is not None and active.damage else []
    )
    # (by index, not enumerate(bench, 1): the compiled build calls enumerate with a start
    # through the interpreter)
    bench = side.bench
    for i in range(len(bench)):
        if bench[i].damage:
            found.append({"target": SLOT_NAMES[i + 1]})  # slot_name(i + 1)
    return found


def _potion_check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
    slot = parse_slot(params.target, "Potion: 'target'")
    mon = s.sides[seat].mon(slot)
    if mon is None:
        return ("ptcg.target.in-play", f"no Pokémon at {slot_name(slot)}")
    if not mon.damage:
        return ("ptcg.trainer.condition", f"{s.top(mon).name} has no damage to remove")
    return None


def _potion(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    heal(ctx, seat, parse_slot(params.target, "target"), 2)


reg.TRAINERS["ex1-91"] = TrainerEffect(
    "remove up to 2 damage counters from one of your Pokémon (target)",
    _potion,
    _potion_options,
    _potion_check,
    # the options are the Pokémon in play with damage: exactly the targets the check passes
    options_checked=True,
)


def _birch_check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
    side = s.sides[seat]
    # The card itself leaves the hand when played.
    if len(side.hand) - 1 >= 6 or not side.deck:
        return ("ptcg.trainer.condition", "Professor Birch would draw nothing")
    return None


def _birch(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    side = ctx.s.sides[seat]
    n = min(len(side.deck), 6 - len(side.hand))
    if n > 0:
        ctx.emit("draw", p=SEATS[seat], n=n)


reg.TRAINERS["ex1-89"] = TrainerEffect(
    "Supporter: draw until the hand holds 6 cards", _birch, check=_birch_check
)


def _deck_not_empty(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
    if not s.sides[seat].deck:
        return ("ptcg.trainer.condition", "the deck is empty: there is nothing to search")
    return None


def _ask_search(ctx: Ctx, seat: int, key: str, prompt: str, wanted: list[int]) -> None:
    """Offer the distinct matching cards of the deck, plus finding nothing."""
    s = ctx.s
    seen: dict[str, int] = {}
    for inst in wanted:
        seen.setdefault(s.cards[inst], inst)
    cards = list(seen.values())
    options = [s.card(i).name for i in cards] + ["nothing"]
    ctx.emit("ask", p=SEATS[seat], key=key, prompt=prompt, options=options, data={"cards": cards})


def _take_from_deck_then_shuffle(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    cards = data["cards"]
    if option < len(cards):
        ctx.emit("move", p=SEATS[seat], card=cards[option], src="deck", dst="hand")
    ctx.shuffle(seat)


reg.CHOICES["search-deck"] = _take_from_deck_then_shuffle


def _energy_search(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    wanted = [i for i in s.sides[seat].deck if s.card(i).basic_energy]
    _ask_search(ctx, seat, "search-deck", "Energy Search: take a basic Energy card", wanted)


for _card in ("ex1-90", "ecard1-153"):
    reg.TRAINERS[_card] = TrainerEffect(
        "search the deck for a basic Energy card, then shuffle",
        _energy_search,
        check=_deck_not_empty,
    )


def _poke_ball(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    if not ctx.flip("Poké Ball"):
        return
    wanted = [i for i in s.sides[seat].deck if s.card(i).kind == "pokemon"]
    _ask_search(ctx, seat, "search-deck", "Poké Ball: take a Pokémon card", wanted)


reg.TRAINERS["ex1-86"] = TrainerEffect(
    "heads: search the deck for a Basic Pokémon or Evolution card, then shuffle",
    _poke_ball,
    check=_deck_not_empty,
)


def _pokenav(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    top = s.sides[seat].deck[:3]
    options: list[str] = []
    plans: list[list[int]] = []  # [taken or -1, then the order put back]
    names = {i: s.card(i).name for i in top}
    for i in top:
        card = s.card(i)
        if card.kind == "pokemon" or card.kind == "energy":
            rest = [j for j in top if j != i]
            for order in permutations(rest):
                plans.append([i, *order])
                back = ", ".join(names[j] for j in order) or "nothing"
                options.append(f"take {names[i]}; put back {back}")
    if not plans:
        for order in permutations(top):
            plans.append([-1, *order])
            options.append("take nothing; put back " + ", ".join(names[j] for j in order))
    ctx.emit(
        "ask",
        p=SEATS[seat],
        key="pokenav",
        prompt="PokéNav: choose a card to take and the order of the others (top first)",
        options=options,
        data={"plans": plans},
    )


def _pokenav_answer(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    plan = data["plans"][option]
    if plan[0] >= 0:
        ctx.emit("move", p=SEATS[seat], card=plan[0], src="deck", dst="hand")
    if len(plan) > 1:
        ctx.emit("deck_top", p=SEATS[seat], order=plan[1:])


reg.TRAINERS["ex1-88"] = TrainerEffect(
    "look at the top 3 cards: take a Pokémon or Energy card, put the rest back in any order",
    _pokenav,
    check=_deck_not_empty,
)
reg.CHOICES["pokenav"] = _pokenav_answer


def _energy_removal(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    if not ctx.flip("Energy Removal 2"):
        return
    opp = s.sides[1 - seat]
    options: list[str] = []
    picks: list[list[int]] = []
    for slot, mon in opp.in_play():
        for inst in mon.energy:
            options.append(f"{s.card(inst).name} on {s.top(mon).name} ({slot_name(slot)})")
            picks.append([slot, inst])
    if picks:
        ctx.emit(
            "ask",
            p=SEATS[seat],
            key="energy-removal",
            prompt="Energy Removal 2: choose an Energy card to discard",
            options=options,
            data={"picks": picks},
        )


def _energy_removal_check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
    # (asked at every listing with the card in hand: the Active, then each Benched
    # Pokémon, without building the in-play list)
    opponent = s.sides[1 - seat]
    active = opponent.active
    if active is not None and active.energy:
        return None
    for mon in opponent.bench:
        if mon.energy:
            return None
    return ("ptcg.trainer.condition", "the opponent has no Energy attached")


def _energy_removal_answer(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    slot, inst = data["picks"][option]
    ctx.emit("discard_energy", p=SEATS[1 - seat], slot=slot, cards=[inst])


reg.TRAINERS["ex1-80"] = TrainerEffect(
    "heads: discard an Energy card attached to one of the opponent's Pokémon",
    _energy_removal,
    check=_energy_removal_check,
)
reg.CHOICES["energy-removal"] = _energy_removal_answer


# Attacks written as data in the effect vocabulary (vocab.py): registered after the Python
# handlers above, so a clash is caught there.
from turnkeeper.rulesets.ptcg import effect_data as _effect_data  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex5 as _effect_data_ex5  # noqa: E402, F401

# Later sets, one module each (each imports the modules whose handlers its reprints share).
from turnkeeper.rulesets.ptcg import effect_data_ex6 as _effect_data_ex6  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex7 as _effect_data_ex7  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex8 as _effect_data_ex8  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex9 as _effect_data_ex9  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10 as _effect_data_ex10  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10_babies as _ex10_babies  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10_energy as _ex10_energy  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10_ex as _effect_data_ex10_ex  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10_pokemon as _ex10_pokemon  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex10_trainers as _ex10_trainers  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex11 as _effect_data_ex11  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex11_more as _ex11_more  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex12 as _effect_data_ex12  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex12_more as _ex12_more  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex13 as _effect_data_ex13  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex14 as _effect_data_ex14  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex14b as _effect_data_ex14b  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex15 as _effect_data_ex15  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex15b as _effect_data_ex15b  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex16 as _effect_data_ex16  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex16_ex as _effect_data_ex16_ex  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_ex16_trainers as _ex16_trainers  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_data_unown as _effect_data_unown  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_questions as _effect_questions  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_rules as _effect_rules  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import effect_rules_ex6 as _effect_rules_ex6  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import knockout_window as _knockout_window  # noqa: E402, F401
from turnkeeper.rulesets.ptcg import questions_nested as _questions_nested  # noqa: E402, F401
