"""Primitives of the effect vocabulary first needed by EX FireRed & LeafGreen (ex6); the
cards are in ``effect_data_ex6.py`` and ``effect_rules_ex6.py``. Descriptions are the
project's own words.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.vocab import Run, Step


@dataclass(frozen=True)
class PlusByHeads(Step):
    """Flip ``coins`` coins; the damage goes up by ``table[heads]`` (Fury Cutter: 0, 10, 20,
    40 for 0 to 3 heads)."""

    coins: int
    table: tuple[int, ...]
    modifier = True

    def __post_init__(self) -> None:
        if len(self.table) != self.coins + 1:
            raise ValueError("PlusByHeads: one bonus per possible number of heads")

    def describe(self) -> str:
        bonuses = ", ".join(f"{h} heads +{b}" for h, b in enumerate(self.table) if b)
        return f"{self.coins} coins: {bonuses}"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        heads = sum(1 for _ in range(self.coins) if ctx.flip(r.attack))
        r.heads = heads
        r.damage += self.table[heads]


@dataclass(frozen=True)
class PlusPerOwnEvolved(Step):
    """``each`` more damage per Evolved Pokémon the attacker's player has in play (the
    attacker too, if it is one)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Evolved Pokémon the player has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        evolved = sum(1 for _, mon in ctx.s.sides[seat].in_play() if len(mon.stack) > 1)
        r.damage += self.each * evolved
