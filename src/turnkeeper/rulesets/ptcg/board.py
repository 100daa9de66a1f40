"""Questions about the board: places, HP and retreat costs (with a Stadium), Energy paid,
cards by name in a zone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from turnkeeper.core.model import BadActionError
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import ANY
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState, Side

MAX_BENCH: Final = 5


SLOT_NAMES: Final = ("active", "bench1", "bench2", "bench3", "bench4", "bench5")


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


def mon_labels(s: PtcgState, side: Side, slots: Iterable[int]) -> list[str]:
    """How a question names each of ``side``'s Pokémon at ``slots``: its printed name (a δ
    Pokémon with its δ) and its place, e.g. "Dragonair δ (bench2)"."""
    labels = []
    for slot in slots:
        mon = side.mon(slot)
        assert mon is not None
        labels.append(f"{s.top(mon).shown_name} ({slot_name(slot)})")
    return labels


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
    Eclipse) or its Pokémon Tool (``reg.TOOL_TYPES``: Crystal Shard) changes them; only
    games holding such a card (``s.special``) look further than the printed types. Every
    rule or effect that asks an in-play Pokémon's type asks here."""
    if not s.special:
        return s.top(mon).types
    for what, turn in mon.later:
        if turn == s.turn and what.startswith("type:"):
            return tuple(what[5:].split("+"))  # several types: "type:Fire+Metal" (Type Change)
    if mon.tool >= 0 and reg.TOOL_TYPES:
        held = reg.TOOL_TYPES.get(s.cards[mon.tool])
        if held:
            return held
    body = reg.TYPE_BODIES.get(s.cards[mon.stack[-1]])
    if body is not None and not gassed(s) and not body_off(s, mon):
        found = body[1](s, mon)
        if found:
            return found
    return s.top(mon).types


def body_off(s: PtcgState, mon: Mon) -> bool:
    """Whether ``mon``'s own Poké-Bodies are off now (``bodies_off`` says why). Every
    Poké-Body lookup asks it for the Pokémon whose Body it is, beside ``gassed``; only games
    holding a card that can switch a Body off (``s.special``) can get True."""
    return s.special and bodies_off(s, mon) != ""


def bodies_off(s: PtcgState, mon: Mon) -> str:
    """Why ``mon``'s own Poké-Bodies are off now, "" when they work: the one place that
    decides it (beside ``gassed``, which turns every other Body off at once). The Stadium in
    play (``StadiumEffect.body_block``: Battle Frontier), the Tool attached to it
    (``ToolEffect.abilities_off``: Energy Root) or an Active Pokémon's Poké-Body
    (``reg.ABILITY_OFF_AURAS``: Overpowering Fang) can switch them off."""
    if not s.special:
        return ""
    if s.stadium >= 0:
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        if stadium is not None and stadium.body_block is not None and stadium.body_block(s, mon):
            return f"the Stadium {s.card(s.stadium).name} turns {s.top(mon).name}'s Poké-Bodies off"
    if reg.BODY_OFF_AURAS:
        # asked at every Poké-Body lookup of a special game: a lookup of its own, keyed by
        # the game's card list alone, rather than a call of game_holds
        held = _BODY_OFF_AURA_GAMES.get(id(s.defs))
        if held is None or held[0] is not s.defs:
            if len(_BODY_OFF_AURA_GAMES) > 64:
                _BODY_OFF_AURA_GAMES.clear()
            held = (s.defs, game_holds(s, reg.BODY_OFF_AURAS))
            _BODY_OFF_AURA_GAMES[id(s.defs)] = held
        if held[1]:
            why = _body_off_aura(s, mon)
            if why:
                return why
    return _abilities_off(s, mon)


# id(state.defs) -> (that list, whether the game holds a Dual Aura card: game_holds)
_BODY_OFF_AURA_GAMES: Final[dict[int, tuple[object, bool]]] = {}


# (id(state.defs), id(a registry table)) -> (that list, whether the game holds a card of the
# table): asked once per game rather than at every lookup (a game's card list is shared by its
# states and clones, and never changed in place)
_GAMES_HOLDING: Final[dict[tuple[int, int], tuple[object, bool]]] = {}


def game_holds(s: PtcgState, table: Mapping[str, object]) -> bool:
    """Whether a card keyed in ``table`` (a registry table of card ids, filled at import) is
    in the game: the new in-play auras of ex13-ex14 (Dual Aura, Delta Reserve, Sand Veil,
    Chlorophyll) look through every Pokémon in play only in such games."""
    defs = s.defs
    key = (id(defs), id(table))
    found = _GAMES_HOLDING.get(key)
    if found is None or found[0] is not defs:
        if len(_GAMES_HOLDING) > 256:
            _GAMES_HOLDING.clear()  # keep no more than a few games' lists alive
        found = (defs, any(d.id in table for d in defs))
        _GAMES_HOLDING[key] = found
    return found[1]


def _body_off_aura(s: PtcgState, mon: Mon) -> str:
    """Why a Poké-Body of a Pokémon in play, either player's, Active or Benched, turns
    ``mon``'s Poké-Bodies off ("": none does): Dual Aura (``reg.BODY_OFF_AURAS``). That Body
    works only while its own Bodies do (no Toxic Gas, Stadium, Tool or Overpowering Fang
    switching them off; it never reaches its own Pokémon, a Basic)."""
    if gassed(s):
        return ""
    for seat in (0, 1):
        for _, holder in s.sides[seat].in_play():
            aura = reg.BODY_OFF_AURAS.get(s.cards[holder.stack[-1]])
            if aura is None or holder is mon or not aura[2](s, mon) or not aura[1](s, holder):
                continue
            if _abilities_off(s, holder) or _stadium_blocks_body(s, holder):
                continue
            return f"{SEATS[seat]}'s {s.top(holder).name} is in play: its Poké-Body {aura[0]}"
    return ""


def powers_off(s: PtcgState, mon: Mon) -> tuple[str, str]:
    """(the refusal rule, why) when ``mon``'s Poké-Powers are off now, ("", "") when they
    work: the one place that decides what switches them off for that one Pokémon — the Tool
    attached to it (Energy Root: ``ptcg.power.tool``) or an Active Pokémon's Poké-Body
    (Overpowering Fang: ``ptcg.power.body``). The Stadium's ban (Mt. Moon, Battle Frontier:
    ``ptcg.power.stadium``) and the Bodies that stop Powers by a rule (Lazy, Wise Aura,
    Intimidating Ring) keep their own questions in ``lasting.py``."""
    if not s.special:
        return "", ""
    why = _abilities_off(s, mon)
    if not why:
        return "", ""
    return ("ptcg.power.tool" if _tool_switch(s, mon) else "ptcg.power.body"), why


def _tool_switch(s: PtcgState, mon: Mon) -> str:
    """The name of the Tool attached to ``mon`` that switches its Poké-Powers and Poké-Bodies
    off (Energy Root), "" when it has none."""
    if mon.tool < 0:
        return ""
    tool = reg.TOOLS.get(s.cards[mon.tool])
    return s.card(mon.tool).name if tool is not None and tool.abilities_off else ""


def _abilities_off(s: PtcgState, mon: Mon) -> str:
    """Why both ``mon``'s Poké-Powers and its Poké-Bodies are off ("": they are not): its
    Tool, or the Poké-Body of a player's Active Pokémon reaching it (Overpowering Fang; that
    Body works only while its own Bodies do, so never under Toxic Gas)."""
    tool = _tool_switch(s, mon)
    if tool:
        return f"{s.top(mon).name} has {tool} attached: no Poké-Powers or Poké-Bodies"
    if mon.later and any(what == "marker:imprison" for what, _ in mon.later):
        # an Imprison marker on it (Gardevoir ex δ ex15-93; markers_ex15b.IMPRISON)
        return f"{s.top(mon).name} has an Imprison marker: no Poké-Powers or Poké-Bodies"
    if not reg.ABILITY_OFF_AURAS:
        return ""
    for seat in (0, 1):
        active = s.sides[seat].active
        if active is None or active is mon:
            continue
        aura = reg.ABILITY_OFF_AURAS.get(s.cards[active.stack[-1]])
        if aura is None or not aura[1](s, mon) or gassed(s):
            continue
        if _tool_switch(s, active) or _stadium_blocks_body(s, active):
            continue  # the Body that would switch them off is off itself
        return f"{SEATS[seat]}'s {s.top(active).name} is Active: its Poké-Body {aura[0]}"
    return ""


def _stadium_blocks_body(s: PtcgState, mon: Mon) -> bool:
    if s.stadium < 0:
        return False
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    return stadium is not None and stadium.body_block is not None and stadium.body_block(s, mon)


def gassed(s: PtcgState) -> bool:
    """Whether an Active Pokémon's Poké-Body turns every other Poké-Power and Poké-Body off
    (Toxic Gas: ``reg.GAS_BODIES``), or a Tool attached to an Active Pokémon turns every one
    off (Cessation Crystal: ``reg.GAS_TOOLS``). Only games holding such a card
    (``s.special``) ask."""
    if not s.special or not (reg.GAS_BODIES or reg.GAS_TOOLS):
        return False
    for side in s.sides:
        mon = side.active
        if mon is not None and s.cards[mon.stack[-1]] in reg.GAS_BODIES:
            return True  # (Muk ex is a Pokémon-ex: Energy Root and Overpowering Fang miss it)
        if mon is not None and mon.tool >= 0 and s.cards[mon.tool] in reg.GAS_TOOLS:
            return True  # a Tool on an Active does the same, its own Pokémon's included
    return False


def no_resistance(s: PtcgState) -> bool:
    """Whether a Poké-Body in play turns Resistance off for every Active (Withering Dust)."""
    return not gassed(s) and any(
        s.cards[m.stack[-1]] in reg.NO_RESISTANCE_BODIES and not body_off(s, m)
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
            if aura is not None and aura[1](s, mon) and not body_off(s, other):
                hp = aura[1](s, mon)
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.hp_bonus is not None:
            hp += effect.hp_bonus(s, mon)
    if s.special and mon.tool >= 0:  # a Tool can add HP (Energy Root)
        tool = reg.TOOLS.get(s.cards[mon.tool])
        if tool is not None:
            hp += tool.hp_bonus
    return hp


def bench_limit(s: PtcgState) -> int:
    """The most Benched Pokémon a player may have now: five, or fewer under a Stadium that
    says so (Giant Stump: three; ``StadiumEffect.bench_limit``)."""
    if s.stadium >= 0:
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        if stadium is not None and stadium.bench_limit:
            return stadium.bench_limit
    return MAX_BENCH


def retreat_cost(s: PtcgState, mon: Mon) -> int:
    if s.special:  # a Poké-Body can make it 0 (reg.RETREAT_BODIES: Levitate, Dark Lift)
        if mon.tool >= 0 and tool_frees_retreat(s, mon):
            return 0
        if reg.FREE_RETREAT_ENERGY and _energy_frees_retreat(s, mon):
            return 0
        body = reg.RETREAT_BODIES.get(s.cards[mon.stack[-1]])
        if body is not None and body.free(s, mon) and not gassed(s) and not body_off(s, mon):
            return 0
        # a Poké-Body of another of its player's Pokémon (Dragon Lift, Moonglow)
        if reg.RETREAT_AURAS and not gassed(s):
            for _, other in s.sides[_side_of(s, mon)].in_play():
                aura = reg.RETREAT_AURAS.get(s.cards[other.stack[-1]])
                if aura is not None and aura.free(s, mon) and not body_off(s, other):
                    return 0
    cost = s.defs[mon.stack[-1]].retreat
    if s.special and reg.RETREAT_HELPS and not gassed(s):
        cost -= _retreat_helped(s, mon)
    if s.special and reg.RETREAT_SELF_HELPS and not gassed(s):
        cost -= _retreat_self_helped(s, mon)
    if s.special and reg.RETREAT_TAXES:
        cost += _retreat_tax(s, mon)
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.retreat_discount is not None:
            cost -= effect.retreat_discount(s, mon)
    return max(0, cost)


def _energy_frees_retreat(s: PtcgState, mon: Mon) -> bool:
    """Whether a special Energy card attached to ``mon`` makes its Retreat Cost 0 now
    (reg.FREE_RETREAT_ENERGY: Holon Energy WP with a basic Psychic Energy beside it)."""
    for card in mon.energy:
        hook = reg.FREE_RETREAT_ENERGY.get(s.cards[card])
        if hook is not None and hook(s, mon):
            return True
    return False
def tool_pays_retreat(s: PtcgState, mon: Mon) -> bool:
    """Whether the Pokémon's Tool is discarded instead of Energy when it retreats (Balloon
    Berry)."""
    if mon.tool < 0:
        return False
    tool = reg.TOOLS.get(s.cards[mon.tool])
    return tool is not None and tool.pays_retreat


def retreat_energy_due(s: PtcgState, mon: Mon) -> int:
    """The Energy its retreat takes: its Retreat Cost (``retreat_cost``), or none when its
    Tool goes instead (Balloon Berry). The one number the views and the legal-action list
    show and ``retreat.py`` charges, so a Tool that changes the price is shown too."""
    if tool_pays_retreat(s, mon):
        return 0
    return retreat_cost(s, mon)


def tool_frees_retreat(s: PtcgState, mon: Mon) -> bool:
    """Whether the Tool attached to ``mon`` makes its Retreat Cost 0 (Fluffy Berry)."""
    tool = reg.TOOLS.get(s.cards[mon.tool]) if mon.tool >= 0 else None
    return tool is not None and tool.free_retreat


def _retreat_self_helped(s: PtcgState, mon: Mon) -> int:
    """What ``mon``'s own Poké-Body takes off its Retreat Cost (reg.RETREAT_SELF_HELPS:
    Conductive Body)."""
    help_ = reg.RETREAT_SELF_HELPS.get(s.cards[mon.stack[-1]])
    if help_ is None or body_off(s, mon):
        return 0
    return help_.less(s, mon, mon is s.sides[_side_of(s, mon)].active)


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
        if help_.where == "evolved" and len(other.stack) < 2:
            continue  # it helps only while its own Pokémon is Evolved (Stages of Evolution)
        if body_off(s, other):
            continue
        less += help_.less(s, mon, mon is side.active)
    return less


def _retreat_tax(s: PtcgState, mon: Mon) -> int:
    """More Retreat Cost for an Active Pokémon from the opponent's Active's Poké-Body."""
    for seat in (0, 1):
        if s.sides[seat].active is mon:
            other = s.sides[1 - seat].active
            tax = reg.RETREAT_TAXES.get(s.cards[other.stack[-1]]) if other is not None else None
            if other is None or tax is None or gassed(s) or body_off(s, other):
                return 0
            when = reg.RETREAT_TAX_WHEN.get(s.cards[other.stack[-1]])
            if when is not None and not when(s, other):
                return 0  # Stages of Evolution: only while it is an Evolved Pokémon
            return tax[1]
    return 0


def beach_flattens(s: PtcgState, card: int, amount: int) -> bool:
    """Whether the Stadium in play makes ``card``, a special Energy card providing ``amount``
    Energy (2 or more), provide one Colorless Energy only (Crystal Beach ex14-75:
    ``StadiumEffect.flattens_special_energy``; no Poké-Power or Poké-Body changes that). A
    Pokémon card attached as Energy (Holon's Pokémon) is no special Energy card."""
    if amount < 2 or s.stadium < 0:
        return False
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None or not stadium.flattens_special_energy:
        return False
    card_def = s.defs[card]
    return card_def.kind == "energy" and not card_def.basic_energy


def provides(s: PtcgState, card: int) -> tuple[str, ...]:
    found = s.card(card).provides or ("Colorless",)
    if s.stadium >= 0 and beach_flattens(s, card, len(found)):
        return ("Colorless",)
    if s.special and reg.ENERGY_TYPE_BODIES:
        kind = energy_type_body(s, card)
        if kind:
            return (kind,) * len(found)
    if (
        s.special
        and reg.COLORLESS_ENERGY_BODIES
        and all(k == "Colorless" for k in found)
        and game_holds(s, reg.COLORLESS_ENERGY_BODIES)
    ):
        kind = colorless_energy_body(s, card)
        if kind:
            return (kind,) * len(found)
    return found


def colorless_energy_body(s: PtcgState, card: int) -> str:
    """The type a Poké-Body of its player's makes the attached Energy ``card`` provide
    instead of Colorless ("" when none does: Venusaur's Chlorophyll,
    ``reg.COLORLESS_ENERGY_BODIES``), for a card that provides only Colorless (the caller
    checks that). The Pokémon it is attached to must be of that type by its card (its printed
    types: a reading, which keeps the type and Energy questions from asking each other)."""
    if gassed(s):
        return ""
    for side in s.sides:
        for _, mon in side.in_play():
            if card not in mon.energy:
                continue
            types = s.top(mon).types
            for _, holder in side.in_play():
                body = reg.COLORLESS_ENERGY_BODIES.get(s.cards[holder.stack[-1]])
                if body is not None and body[1] in types and not body_off(s, holder):
                    return body[1]
            return ""
    return ""


def energy_type_body(s: PtcgState, card: int) -> str:
    """The type a Poké-Body of the Pokémon the Energy ``card`` is attached to makes it
    provide instead of its own ("" when none does: Charizard ex's Energy Flame,
    ``reg.ENERGY_TYPE_BODIES``). Every reading of an attached Energy's type (attack costs,
    effects that count or discard Energy of a type) asks ``provides`` or ``energy_units``,
    which ask here."""
    if gassed(s):
        return ""
    for side in s.sides:
        for _, mon in side.in_play():
            body = reg.ENERGY_TYPE_BODIES.get(s.cards[mon.stack[-1]])
            if body is not None and card in mon.energy:
                if body_off(s, mon):
                    return ""  # turned off (a Stadium, a Tool, Dual Aura...)
                when = reg.ENERGY_TYPE_WHEN.get(s.cards[mon.stack[-1]])
                if when is not None and not when(s, mon):
                    return ""  # Stages of Evolution: only while Evolved
                return body[1]
    return ""


def energy_amount(s: PtcgState, card: int) -> int:
    """How many Energy an Energy card provides (one per listed type; at least one; one under
    Crystal Beach for a special Energy card that provides more: ``beach_flattens``)."""
    amount = len(s.defs[card].provides) or 1
    if amount > 1 and s.stadium >= 0 and beach_flattens(s, card, amount):
        return 1
    return amount


def _typed_symbols(cost: tuple[str, ...]) -> dict[str, int]:
    """How many of each typed (not Colorless) symbol a cost holds."""
    need: dict[str, int] = {}
    for symbol in cost:
        if symbol != "Colorless":
            need[symbol] = need.get(symbol, 0) + 1
    return need


class EnergyNeed:
    """A cost's typed (not Colorless) symbols, worked out once per cost (can_pay): each type
    (``kinds``), how many of it (``counts``, in the same order), and how many in all
    (``typed``). ``cost``: the symbols themselves."""

    __slots__ = ("cost", "counts", "kinds", "typed")

    def __init__(self, cost: tuple[str, ...]) -> None:
        need = _typed_symbols(cost)
        self.cost = cost
        self.kinds: tuple[str, ...] = tuple(need)
        self.counts: tuple[int, ...] = tuple(need.values())
        self.typed = sum(self.counts)


# cards.ANY (the type a Rainbow Energy provides), Final here: the compiled build reads it
# as a constant instead of looking the imported name up in the module's globals
_ANY_TYPE: Final = ANY


_NEEDS: Final[dict[tuple[str, ...], EnergyNeed]] = {}  # cost -> its EnergyNeed (a cache)


def energy_need(cost: tuple[str, ...]) -> EnergyNeed:
    """The typed symbols of ``cost`` (see :class:`EnergyNeed`), kept per cost."""
    found = _NEEDS.get(cost)
    if found is None:
        found = _NEEDS[cost] = EnergyNeed(cost)
    return found


def energy_units(s: PtcgState, mon: Mon) -> list[tuple[str, ...]]:
    """The Energy ``mon`` has, one entry per Energy provided, each the types that Energy may
    be (a special Energy's ``units`` decides for it: Multi Energy, Aqua Energy...)."""
    units: list[tuple[str, ...]] = []
    if s.special and reg.ENERGY_TYPE_BODIES and not gassed(s):
        body = reg.ENERGY_TYPE_BODIES.get(s.cards[mon.stack[-1]])
        when = reg.ENERGY_TYPE_WHEN.get(s.cards[mon.stack[-1]]) if body is not None else None
        if body is not None and (body_off(s, mon) or (when is not None and not when(s, mon))):
            body = None  # turned off (an Imprison marker...), or (Stages of Evolution) unevolved
        if body is not None:  # every Energy on it is of the Body's type (Energy Flame)
            return [(body[1],) for card in mon.energy for _ in _units_of(s, mon, card)]
    tower = None  # a Stadium that changes what attached Energy provides (Holon Research Tower)
    if s.special and s.stadium >= 0:
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        tower = stadium.energy_units if stadium is not None else None
    for card in mon.energy:
        effect = reg.ENERGIES.get(s.cards[card])
        if effect is not None and effect.units is not None:
            own = effect.units(s, mon, card)
            if (
                s.special
                and reg.COLORLESS_ENERGY_BODIES
                and all(u == ("Colorless",) for u in own)
                and game_holds(s, reg.COLORLESS_ENERGY_BODIES)
            ):
                kind = colorless_energy_body(s, card)  # Chlorophyll
                own = [(kind,) for _ in own] if kind else own
            if len(own) > 1 and s.stadium >= 0 and beach_flattens(s, card, len(own)):
                own = [("Colorless",)]  # Crystal Beach
            units += own
        else:
            changed = tower(s, mon, card) if tower is not None else None
            units += changed if changed is not None else [(kind,) for kind in provides(s, card)]
    return units


def _units_of(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    """The Energy one attached card provides on ``mon`` (its ``units``, else one per type)."""
    effect = reg.ENERGIES.get(s.cards[card])
    found: list[tuple[str, ...]] = (
        effect.units(s, mon, card)
        if effect is not None and effect.units is not None
        else [(kind,) for kind in s.card(card).provides or ("Colorless",)]
    )
    if len(found) > 1 and s.stadium >= 0 and beach_flattens(s, card, len(found)):
        return [("Colorless",)]  # Crystal Beach
    return found


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
    return pays_need(s, mon, energy_need(cost))


def pays_need(s: PtcgState, mon: Mon, need: EnergyNeed) -> bool:
    """``can_pay(s, mon, need.cost)``, for a caller that keeps the cost's EnergyNeed (the
    fast listing: no look-up by the cost's symbols)."""
    if s.special:
        return pays_with(energy_units(s, mon), need.cost)
    energy = mon.energy
    if len(energy) < len(need.cost):
        return False
    left = need.typed  # typed symbols not yet paid
    if not left:
        return True
    kinds = need.kinds
    wild = 0
    defs = s.defs
    if len(kinds) == 1:
        # one type (the usual cost): ``left`` is what is still owed of it
        only = kinds[0]
        for card in energy:
            provided = defs[card].provides
            if not provided:
                continue
            kind = provided[0]
            if kind == _ANY_TYPE:
                wild += 1
            elif kind == only and left > 0:
                left -= 1
            else:
                continue
            if left <= wild:  # paid already: later Energy only adds to what is paid
                return True
        return left <= wild
    # per type, how many are still to pay (a list of small numbers: copied and counted
    # down faster than a dict of types)
    owed = list(need.counts)
    for card in energy:
        provided = defs[card].provides
        if not provided:
            continue
        kind = provided[0]
        if kind == _ANY_TYPE:
            wild += 1
        else:
            at = 0
            while at < len(kinds) and kinds[at] != kind:
                at += 1
            if at == len(kinds) or owed[at] <= 0:
                continue
            owed[at] -= 1
            left -= 1
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
    # Names ignore case (docs/rulesets/ptcg.md, Seats: "Cards are named by id or name"), as
    # find_card does for the card pool: an exact name is preferred, then any case.
    lowered = ref.lower()
    for inst in s.sides[seat].hand:
        card = s.card(inst)
        if card.name.lower() == lowered or (card.delta and card.shown_name.lower() == lowered):
            return inst
    return -1


def zone_card(s: PtcgState, zone: list[int], ref: str) -> int:
    """The first card of ``zone`` matching a card id or name (exact first, then any case, as
    ``hand_card``), or -1."""
    for inst in zone:
        card = s.card(inst)
        if s.cards[inst] == ref or card.name == ref or (card.delta and card.shown_name == ref):
            return inst
    lowered = ref.lower()
    for inst in zone:
        card = s.card(inst)
        if card.name.lower() == lowered or (card.delta and card.shown_name.lower() == lowered):
            return inst
    return -1


def first_turn_of(s: PtcgState) -> bool:
    """Whether the current turn is its player's first turn of the game (turns 1 and 2)."""
    return s.turn <= 2
