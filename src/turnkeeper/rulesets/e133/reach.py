"""Where combatants stand and whom they threaten: the grid, distances, reach and threat.

An encounter whose set-up gives every combatant a ``position`` (a 5-foot square ``[x, y]``)
is *placed*: the engine then works out who threatens whom from the positions and the reach of
the combatants' drawn melee weapons, instead of reading ``threatened_by`` /
``leaves_threatened_by`` from each action (Element 133, Action Economy: Attacks of
Opportunity, "within your reach"; Table: Standard Actions, note 1; reference/e133.md: squares
are 5 feet). An encounter without positions keeps the declared lists.

Readings (docs/rulesets/e133.md, "Positions and reach"):

- Distance: ``diagonals: 5e`` (the default) counts every square, diagonal or not, as 5 feet;
  ``diagonals: d20`` counts every second diagonal as 10 feet (5-10-5).
- Reach: a combatant without set-up weapons threatens 5 feet (its natural or unarmed attack);
  one with weapons threatens as far as its longest drawn melee weapon reaches, and nothing
  when none is drawn. A reach weapon threatens every square within its reach (the 5e reading,
  not the 3.5 "not adjacent").
- Only a combatant able to make an attack of opportunity threatens: up, not down, not
  incapacitated.
- A move goes in a straight line of squares from where the mover stands to its ``to``; the
  squares it leaves are all of those but the last.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from turnkeeper.rulesets.e133.changes import hit_points_only
from turnkeeper.rulesets.e133.state import INCAPACITATING, E133State, Fighter

Square = tuple[int, int]

#: The reach of a combatant with no set-up weapons (its natural or unarmed attack).
NATURAL_REACH = 5


def feet_between(a: Sequence[int], b: Sequence[int], diagonals: str = "5e") -> int:
    """The distance in feet between two squares on the 5-foot grid."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    if diagonals == "d20":
        # every second diagonal costs 10 feet (5-10-5)
        return 5 * (max(dx, dy) + min(dx, dy) // 2)
    return 5 * max(dx, dy)


def line(start: Sequence[int], end: Sequence[int]) -> list[Square]:
    """The squares of a straight move from ``start`` to ``end``, both included: diagonal steps
    while both coordinates differ, then straight ones, spread evenly (a grid line)."""
    x0, y0 = int(start[0]), int(start[1])
    x1, y1 = int(end[0]), int(end[1])
    steps = max(abs(x1 - x0), abs(y1 - y0))
    if steps == 0:
        return [(x0, y0)]
    # round half away from zero, so that the line is the same in both directions
    return [(x0 + _round((x1 - x0) * i / steps), y0 + _round((y1 - y0) * i / steps))
            for i in range(steps + 1)]


def _round(value: float) -> int:
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def melee_reach(f: Fighter) -> int:
    """How far ``f`` threatens: 5 feet without set-up weapons, else its longest drawn melee
    weapon's reach (0: it threatens nothing)."""
    if not f.weapons:
        return NATURAL_REACH
    return max((w["reach"] for w in f.weapons.values()
                if w["kind"] == "melee" and w.get("drawn", True)), default=0)


def attack_reach(f: Fighter, weapon: str | None = None) -> int:
    """How far a melee attack of ``f`` reaches: the named weapon's reach, else its longest
    drawn melee weapon's, and never less than an unarmed blow's 5 feet."""
    if weapon is not None:
        return int(f.weapons[weapon]["reach"])
    return max(NATURAL_REACH, melee_reach(f))


def can_threaten(g: Fighter) -> bool:
    """Able to make an attack of opportunity: up, in the encounter, not down, not
    incapacitated."""
    return (g.position is not None and g.can_act and "down" not in g.conditions
            and not any(c in INCAPACITATING for c in g.conditions))


def threatens(state: E133State, g: Fighter, square: Sequence[int]) -> bool:
    """Whether ``g`` threatens ``square`` now."""
    if not can_threaten(g):
        return False
    reach = melee_reach(g)
    assert g.position is not None
    return reach > 0 and feet_between(g.position, square, state.settings.diagonals) <= reach


#: Per state: (its roster version, every combatant able to threaten with its side, square and
#: reach). Positions, weapons drawn, conditions and health all move the roster version on.
_ABLE: weakref.WeakKeyDictionary[E133State, tuple[int, list[tuple[str, str, int, int, int]]]]
_ABLE = weakref.WeakKeyDictionary()


def able_to_threaten(state: E133State) -> list[tuple[str, str, int, int, int]]:
    """(id, side, x, y, reach) of every combatant that threatens something now."""
    held = _ABLE.get(state)
    if held is not None and held[0] == state.roster_version:
        return held[1]
    if held is not None and hit_points_only(state, held[0]) is not None:
        # only hit points changed, nobody's status: the same combatants threaten
        _ABLE[state] = (state.roster_version, held[1])
        return held[1]
    able = []
    for g in state.fighters.values():
        reach = melee_reach(g)
        if reach > 0 and can_threaten(g):
            assert g.position is not None
            able.append((g.id, g.side, g.position[0], g.position[1], reach))
    _ABLE[state] = (state.roster_version, able)
    return able


def enemies_threatening(state: E133State, f: Fighter, squares: Sequence[Sequence[int]]
                        ) -> dict[str, int]:
    """The enemies of ``f`` threatening any of ``squares``, in set-up order, each with the
    feet from it to the nearest of those squares it threatens: how far an attack of
    opportunity it makes must reach (a shorter weapon may not)."""
    diagonals = state.settings.diagonals
    out: dict[str, int] = {}
    for gid, side, x, y, reach in able_to_threaten(state):
        if side == f.side:
            continue
        nearest = min(feet_between((x, y), sq, diagonals) for sq in squares)
        if nearest <= reach:
            out[gid] = nearest
    return out


def nearest_enemy(state: E133State, f: Fighter) -> Fighter | None:
    """The closest enemy still in the fight (ties: set-up order)."""
    best: Fighter | None = None
    best_feet = 0
    assert f.position is not None
    for g in state.fighters.values():
        if g.side == f.side or g.position is None or not g.can_act or "down" in g.conditions:
            continue
        feet = feet_between(f.position, g.position, state.settings.diagonals)
        if best is None or feet < best_feet:
            best, best_feet = g, feet
    return best


def toward(start: Sequence[int], goal: Sequence[int], squares: int, stop_short: bool
           ) -> Square:
    """The square ``squares`` steps along the line from ``start`` to ``goal`` (stopping one
    square short of ``goal`` when ``stop_short``: next to an enemy, not on it)."""
    path = line(start, goal)
    last = len(path) - (2 if stop_short else 1)
    return path[max(0, min(squares, last))]


def away(start: Sequence[int], threat: Sequence[int], squares: int) -> Square:
    """The square ``squares`` steps straight away from ``threat``."""
    dx = (start[0] > threat[0]) - (start[0] < threat[0])
    dy = (start[1] > threat[1]) - (start[1] < threat[1])
    if dx == 0 and dy == 0:
        dx = 1
    return (int(start[0]) + dx * squares, int(start[1]) + dy * squares)
