"""The fuzzer's invariants: what no legal play can break (bench/bench_ptcg.py --fuzz, exhaust).

Apart from sim.py (which names both again) so that the simulator can be compiled: mypyc
cannot compile a class derived from AssertionError, and fuzzing is not a hot path.
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg.legal import legal
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.turn import whose_turn


class InvariantError(AssertionError):
    """A state no legal play can reach (a lost or doubled card, negative damage...)."""


def check_invariants(s: PtcgState) -> None:
    """Every card in exactly one place; in a dealt game each player's cards stay theirs;
    damage never negative and in 10s; at most five on the Bench; a live game has a move."""
    seen: list[int] = []
    for side in s.sides:
        seen += side.deck + side.hand + side.discard + side.prizes
        if side.supporter >= 0:
            seen.append(side.supporter)
        if len(side.bench) > 5:
            raise InvariantError("more than five Pokémon on a Bench")
        for _, mon in side.in_play():
            seen += mon.cards()
            if mon.damage < 0 or mon.damage % 10:
                raise InvariantError(f"damage {mon.damage} is negative or not in 10s")
    if s.stadium >= 0:
        seen.append(s.stadium)
    if sorted(seen) != list(range(len(s.cards))):
        raise InvariantError("a card is missing or in two places")
    if s.owned:
        start = 0
        for i, count in enumerate(s.owned):
            side = s.sides[i]
            mine = side.deck + side.hand + side.discard + side.prizes
            if side.supporter >= 0:
                mine.append(side.supporter)
            for _, mon in side.in_play():
                mine += mon.cards()
            if s.stadium >= 0 and s.stadium_owner == i:
                mine.append(s.stadium)
            if sorted(mine) != list(range(start, start + count)):
                raise InvariantError(f"{SEATS[i]} does not hold exactly their {count} cards")
            start += count
    if s.phase != "over" and not any(True for _ in legal(s, whose_turn(s), describe=False)):
        raise InvariantError("a live game offers no legal action")
