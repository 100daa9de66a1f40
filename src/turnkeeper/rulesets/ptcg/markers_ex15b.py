"""Markers of EX Dragon Frontiers (ex15): a marker an effect puts on a Pokémon stays on it
until an effect removes it or the Pokémon leaves play; it stays when the Pokémon evolves or
goes to the Bench (``state._tool_timers`` keeps every ``Mon.later`` entry named
``marker:...``). A marker is a ``Mon.later`` entry (name, turn -1), added by the ``flag``
event; a Pokémon holds at most one of each kind (a second one changes nothing the cards ask).

- Shock-wave (Tyranitar ex δ ex15-99): Electromark puts one on an opponent's Pokémon the player
  picks; Shock-wave Knocks Out one of the opponent's Pokémon with a Shock-wave marker, picked
  (damage counters up to its HP: no Weakness or Resistance, a Guard of effects stops it).
- Imprison (Gardevoir ex δ ex15-93): a Pokémon with an Imprison marker has no Poké-Powers or
  Poké-Bodies (``board._abilities_off`` asks :func:`has_marker`; a Power is refused with
  ``ptcg.power.body``).

The representation (the entry names, listing and removing markers: Tropius δ ex15-23 takes
them off) is ``markers.py``'s; this module holds what the two marker cards do with them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import max_hp, slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, guarded
from turnkeeper.rulesets.ptcg.markers import IMPRISON, SHOCK_WAVE
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run

_NAMES = {SHOCK_WAVE: "a Shock-wave marker", IMPRISON: "an Imprison marker"}


def has_marker(mon: Mon, marker: str) -> bool:
    """Whether ``mon`` has that marker on it."""
    return bool(mon.later) and any(what == marker for what, _ in mon.later)


@dataclass(frozen=True)
class PlaceMarker(Question):
    """Put ``marker`` on one of the opponent's Pokémon, picked (Electromark, Imprison); none
    on a Pokémon whose attack effects are prevented now (a Guard of effects)."""

    marker: str

    def describe(self) -> str:
        return f"{_NAMES.get(self.marker, self.marker)} on one of the opponent's Pokémon"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[1 - seat].in_play() else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        places = s.sides[1 - seat].in_play()
        st["slots"] = [slot for slot, _ in places]
        labels = [f"{s.top(mon).name} ({slot_name(slot)})" for slot, mon in places]
        return seat, f"the Pokémon that gets {_NAMES.get(self.marker, self.marker)}", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["slots"][min(option, len(st["slots"]) - 1)])
        if guarded(ctx, 1 - seat, slot):
            return
        p = SEATS[1 - seat]
        ctx.emit("flag", p=p, slot=slot, flag="later", what=self.marker, turn=-1)


@dataclass(frozen=True)
class KnockOutMarked(Question):
    """One of the opponent's Pokémon with ``marker`` on it, picked, is Knocked Out (damage
    counters up to its HP); with none marked the attack does nothing (Shock-wave)."""

    marker: str

    def describe(self) -> str:
        marker = _NAMES.get(self.marker, self.marker)
        return f"one of the opponent's Pokémon with {marker} is Knocked Out"

    def _marked(self, s: PtcgState, seat: int) -> list[tuple[int, Mon]]:
        in_play = s.sides[1 - seat].in_play()
        return [(slot, mon) for slot, mon in in_play if has_marker(mon, self.marker)]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if self._marked(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        marked = self._marked(s, seat)
        st["slots"] = [slot for slot, _ in marked]
        labels = [f"{s.top(mon).name} ({slot_name(slot)})" for slot, mon in marked]
        return seat, "the marked Pokémon that is Knocked Out", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["slots"][min(option, len(st["slots"]) - 1)])
        mon = ctx.s.sides[1 - seat].mon(slot)
        if mon is None:
            return
        left = max_hp(ctx.s, mon) - mon.damage
        counters(ctx, 1 - seat, slot, max(0, left + 9) // 10)
