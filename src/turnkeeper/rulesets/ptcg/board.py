"""Questions about the board: places, HP and retreat costs (with a Stadium), Energy paid,
cards by name in a zone.
"""

from __future__ import annotations

import re
from typing import Any, Final

from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import ANY
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState

MAX_BENCH: Final = 5


SLOT_NAMES: Final = ("active", "bench1", "bench2", "bench3", "bench4", "bench5")


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


_SLOT = re.compile(r"^(active|bench([1-5]))$")


SLOT_INDEX: Final = {name: i for i, name in enumerate(SLOT_NAMES)}


def parse_slot(value: Any, where: str) -> int:
    if isinstance(value, str):
        found = SLOT_INDEX.get(value)
        if found is not None:
            return found
        match = _SLOT.match(value)
        if match:
            return 0 if match.group(1) == "active" else int(match.group(2))
    raise BadActionError(f"{where} must be 'active' or 'bench1'..'bench5', not {value!r}")


def types_of(s: PtcgState, mon: Mon) -> tuple[str, ...]:
    """The Pokémon's types now: its card's, unless a Poké-Body (``reg.TYPE_BODIES``:
    Energy Variation) or a Poké-Power used this turn (``Mon.later`` "type:X": Lunar
    Eclipse) changes them. Only games holding such a card (``s.special``) ask."""
    for what, turn in mon.later:
        if turn == s.turn and what.startswith("type:"):
            return (what[5:],)
    body = reg.TYPE_BODIES.get(s.cards[mon.stack[-1]])
    if body is not None and not gassed(s):
        found = body[1](s, mon)
        if found:
            return found
    return s.top(mon).types


def gassed(s: PtcgState) -> bool:
    """Whether an Active Pokémon's Poké-Body turns every other Poké-Power and Poké-Body off
    (Toxic Gas: ``reg.GAS_BODIES``). Only games holding such a card (``s.special``) ask."""
    if not s.special or not reg.GAS_BODIES:
        return False
    for side in s.sides:
        mon = side.active
        if mon is not None and s.cards[mon.stack[-1]] in reg.GAS_BODIES:
            return True
    return False


def no_resistance(s: PtcgState) -> bool:
    """Whether a Poké-Body in play turns Resistance off for every Active (Withering Dust)."""
    return not gassed(s) and any(
        s.cards[m.stack[-1]] in reg.NO_RESISTANCE_BODIES
        for side in s.sides
        for _, m in side.in_play()
    )


def _side_of(s: PtcgState, mon: Mon) -> int:
    """The seat whose Pokémon ``mon`` is."""
    side = s.sides[0]
    return 0 if side.active is mon or any(m is mon for m in side.bench) else 1


def max_hp(s: PtcgState, mon: Mon) -> int:
    hp = s.defs[mon.stack[-1]].hp
    if s.special and reg.HP_AURAS and not gassed(s):  # a Poké-Body sets it (Sunbeam)
        for _, other in s.sides[_side_of(s, mon)].in_play():
            aura = reg.HP_AURAS.get(s.cards[other.stack[-1]])
            if aura is not None and aura[1](s, mon):
                hp = aura[1](s, mon)
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.hp_bonus is not None:
            hp += effect.hp_bonus(s, mon)
    return hp


def retreat_cost(s: PtcgState, mon: Mon) -> int:
    if s.special:  # a Poké-Body can make it 0 (reg.RETREAT_BODIES: Levitate, Dark Lift)
        body = reg.RETREAT_BODIES.get(s.cards[mon.stack[-1]])
        if body is not None and body.free(s, mon) and not gassed(s):
            return 0
        # a Poké-Body of another of its player's Pokémon (Dragon Lift, Moonglow)
        if reg.RETREAT_AURAS and not gassed(s):
            for _, other in s.sides[_side_of(s, mon)].in_play():
                aura = reg.RETREAT_AURAS.get(s.cards[other.stack[-1]])
                if aura is not None and aura.free(s, mon):
                    return 0
    cost = s.defs[mon.stack[-1]].retreat
    if s.special and reg.RETREAT_HELPS and not gassed(s):
        cost -= _retreat_helped(s, mon)
    if s.special and reg.RETREAT_TAXES:
        cost += _retreat_tax(s, mon)
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.retreat_discount is not None:
            cost -= effect.retreat_discount(s, mon)
    return max(0, cost)


def _retreat_helped(s: PtcgState, mon: Mon) -> int:
    """What the Poké-Bodies of the other Pokémon of ``mon``'s player take off its Retreat
    Cost (reg.RETREAT_HELPS: Retreat Aid, Family Bonds)."""
    side = next((side for side in s.sides if any(m is mon for _, m in side.in_play())), None)
    if side is None:
        return 0
    less = 0
    for slot, other in side.in_play():
        help_ = reg.RETREAT_HELPS.get(s.cards[other.stack[-1]])
        if help_ is None or other is mon or (help_.where == "bench" and slot == 0):
            continue
        less += help_.less(s, mon, mon is side.active)
    return less


def _retreat_tax(s: PtcgState, mon: Mon) -> int:
    """More Retreat Cost for an Active Pokémon from the opponent's Active's Poké-Body."""
    for seat in (0, 1):
        if s.sides[seat].active is mon:
            other = s.sides[1 - seat].active
            tax = reg.RETREAT_TAXES.get(s.cards[other.stack[-1]]) if other is not None else None
            return tax[1] if tax is not None and not gassed(s) else 0
    return 0


def provides(s: PtcgState, card: int) -> tuple[str, ...]:
    return s.card(card).provides or ("Colorless",)


def energy_amount(s: PtcgState, card: int) -> int:
    """How many Energy an Energy card provides (one per listed type; at least one)."""
    return len(s.defs[card].provides) or 1


def _typed_symbols(cost: tuple[str, ...]) -> dict[str, int]:
    """How many of each typed (not Colorless) symbol a cost holds."""
    need: dict[str, int] = {}
    for symbol in cost:
        if symbol != "Colorless":
            need[symbol] = need.get(symbol, 0) + 1
    return need


_TYPED: Final[dict[tuple[str, ...], dict[str, int]]] = {}  # cost -> its typed symbols (a cache)


_TYPED_TOTAL: Final[dict[tuple[str, ...], int]] = {}  # cost -> how many typed symbols


def energy_units(s: PtcgState, mon: Mon) -> list[tuple[str, ...]]:
    """The Energy ``mon`` has, one entry per Energy provided, each the types that Energy may
    be (a special Energy's ``units`` decides for it: Multi Energy, Aqua Energy...)."""
    units: list[tuple[str, ...]] = []
    for card in mon.energy:
        effect = reg.ENERGIES.get(s.cards[card])
        if effect is not None and effect.units is not None:
            units += effect.units(s, mon, card)
        else:
            units += [(kind,) for kind in provides(s, card)]
    return units


def pays_with(units: list[tuple[str, ...]], cost: tuple[str, ...]) -> bool:
    """Whether these Energy (see energy_units) pay ``cost``: each typed symbol by its own
    Energy of that type (or of every type), the Colorless ones by any left."""
    if len(units) < len(cost):
        return False
    typed = [symbol for symbol in cost if symbol != "Colorless"]

    def assign(i: int, used: int) -> bool:
        if i == len(typed):
            return True
        for j, unit in enumerate(units):
            if (
                not used >> j & 1
                and (typed[i] in unit or ANY in unit)
                and assign(i + 1, used | 1 << j)
            ):
                return True
        return False

    return assign(0, 0)


def can_pay(s: PtcgState, mon: Mon, cost: tuple[str, ...]) -> bool:
    """Whether the Energy on ``mon`` pays ``cost`` (every card here provides one Energy).

    Typed symbols are paid by Energy of that type, then by Energy of every type (Rainbow);
    Colorless symbols by whatever is left, so only the count matters for them. In a game
    with special Energy that provide 2 or depend on the board (``s.special``) the general
    matching of energy_units decides.
    """
    if s.special:
        return pays_with(energy_units(s, mon), cost)
    if len(mon.energy) < len(cost):
        return False
    typed = _TYPED.get(cost)
    if typed is None:
        typed = _TYPED[cost] = _typed_symbols(cost)
        _TYPED_TOTAL[cost] = sum(typed.values())
    if not typed:
        return True
    need = dict(typed)
    left = _TYPED_TOTAL[cost]  # typed symbols not yet paid (== sum(need.values()))
    wild = 0
    defs = s.defs
    for card in mon.energy:
        kinds = defs[card].provides
        if not kinds:
            continue
        kind = kinds[0]
        if kind == ANY:
            wild += 1
        elif need.get(kind, 0) > 0:
            need[kind] -= 1
            left -= 1
        else:
            continue
        if left <= wild:  # paid already: later Energy only adds to what is paid
            return True
    return left <= wild


def energy_of_type(s: PtcgState, mon: Mon, kind: str) -> int:
    """How many attached Energy provide ``kind`` (a Rainbow Energy counts for every type)."""
    return sum(1 for c in mon.energy if kind in provides(s, c) or ANY in provides(s, c))


def hand_card(s: PtcgState, seat: int, ref: str) -> int:
    """The first card in the hand matching a card id or name, or -1."""
    cards = s.cards
    for inst in s.sides[seat].hand:
        if cards[inst] == ref:
            return inst
    for inst in s.sides[seat].hand:
        card = s.card(inst)
        if card.name == ref or (card.delta and card.shown_name == ref):  # "Dragonair δ" too
            return inst
    return -1


def zone_card(s: PtcgState, zone: list[int], ref: str) -> int:
    for inst in zone:
        card = s.card(inst)
        if s.cards[inst] == ref or card.name == ref or (card.delta and card.shown_name == ref):
            return inst
    return -1


def first_turn_of(s: PtcgState) -> bool:
    """Whether the current turn is its player's first turn of the game (turns 1 and 2)."""
    return s.turn <= 2
