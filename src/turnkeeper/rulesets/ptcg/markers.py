"""Imprison and Shock-wave markers (EX Dragon Frontiers, ex15): markers that an effect puts on
a Pokémon in play and that stay on it until an effect takes them off. A marker is an entry of
``Mon.later`` named ``"marker:<kind>"`` with the turn -1 (for the rest of the game), added and
dropped with the ``flag`` event (``flag="later"``; ``drop`` removes every entry of that name),
so a log replays it.

A marker stays on its Pokémon as it evolves or goes to the Bench (``state._tool_timers`` keeps
``marker:`` entries) and leaves play with it. What the marker cards do with them is in
``markers_ex15b.py``: Imprison (Gardevoir ex δ ex15-93: no Poké-Powers or Poké-Bodies for a
Pokémon with one) and Shock-wave (Tyranitar ex δ ex15-99: its Shock-wave attack Knocks Out a
Pokémon with one). This module gives the representation and its removal, which Tropius δ's
Tropical Heal (ex15-23) needs: it takes every marker off its player's Pokémon, whichever card
put it on."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState

MARKER = "marker:"
IMPRISON = f"{MARKER}imprison"
SHOCK_WAVE = f"{MARKER}shock-wave"
KINDS = (IMPRISON, SHOCK_WAVE)


def markers_on(mon: Mon) -> list[str]:
    """The kinds of marker on ``mon`` (each named once however many there are)."""
    return sorted({what for what, _ in mon.later if what.startswith(MARKER)})


def put_marker(ctx: Ctx, seat: int, slot: int, kind: str) -> None:
    """A marker of ``kind`` (``IMPRISON``, ``SHOCK_WAVE``) on ``seat``'s Pokémon at ``slot``."""
    if kind not in KINDS:
        raise ValueError(f"markers: unknown marker {kind!r}")
    ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=kind, turn=-1)


def remove_markers(ctx: Ctx, seat: int, slot: int) -> bool:
    """Every marker off ``seat``'s Pokémon at ``slot``; whether there was one."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None:
        return False
    found = markers_on(mon)
    for kind in found:
        ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=kind, turn=-1, drop=True)
    return bool(found)


def any_marked(s: PtcgState, seat: int) -> bool:
    """Whether any of ``seat``'s Pokémon in play has a marker."""
    return any(markers_on(mon) for _, mon in s.sides[seat].in_play())
