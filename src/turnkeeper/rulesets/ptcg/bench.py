"""Turn step 2: Basic Pokémon from the hand to the Bench (at most five)."""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import MAX_BENCH, bench_limit, hand_card
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.params import CardRef, described
from turnkeeper.rulesets.ptcg.power import power_stopped
from turnkeeper.rulesets.ptcg.refusal import card_in_hand, why
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState, bench_card
from turnkeeper.rulesets.ptcg.turn import after


@described("``bench``: the Basic Pokémon card put onto the Bench.")
class BenchParams(Params):
    card: "CardRef"  # noqa: UP037  (quoted: params.py)


# Each rule's condition lives in one predicate below; ``check`` and ``legal`` both use them.
# A predicate returns the id of the rule that forbids the move, or None.
def bench_rule(s: PtcgState, seat: int, card: CardDef) -> str | None:
    """Turn step 2: only Basics go to the Bench, at most five."""
    if not card.is_basic_pokemon:
        return "ptcg.bench.basic-only"
    if len(s.sides[seat].bench) >= MAX_BENCH:
        return "ptcg.bench.max-five"
    if s.stadium >= 0 and len(s.sides[seat].bench) >= bench_limit(s):
        return "ptcg.stadium.bench-limit"  # Giant Stump: three
    return None


def check_bench(s: PtcgState, seat: int, params: BenchParams) -> Refusal | None:
    inst, no = card_in_hand(s, seat, params.card, "bench")
    if no:
        return no
    card = s.card(inst)
    rule = bench_rule(s, seat, card)
    return why(rule, card=card.name) if rule else None


def run_bench(ctx: Ctx, seat: int, params: BenchParams) -> None:
    s = ctx.s
    inst = hand_card(s, seat, params.card)
    if ctx.record:
        ctx.emit("bench", p=SEATS[seat], card=inst)
    else:  # no log: the event's change made directly
        bench_card(s, seat, inst)
        ctx.emitted += 1
        if s.stadium < 0 and not s.special:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action (every action ends by settling) and a new Basic on the
            # Bench has no damage and changes no other Pokémon's damage or HP
            return
    if s.stadium >= 0:  # a Stadium may react to a Basic played from the hand
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        if stadium is not None and stadium.on_bench is not None:
            stadium.on_bench(ctx, seat, len(s.sides[seat].bench))
    if s.special and s.cards[inst] in reg.BENCH_POWERS:  # a power used as it is benched
        _, run = reg.BENCH_POWERS[s.cards[inst]]
        slot = len(s.sides[seat].bench)
        if bench_power_rule(s, seat, slot) is None:
            run(ctx, seat, slot)
    after(ctx, "main")


def bench_power_rule(s: PtcgState, seat: int, slot: int) -> str | None:
    """Whether the power of a Pokémon just benched from the hand (or of one of the player's
    Pokémon as something happens to it) may be used: as every Poké-Power, asked of
    ``power.power_stopped`` (a Poké-Body such as Lazy or Toxic Gas, the Stadium: Mt. Moon, a
    Special Condition ...)."""
    mon = s.sides[seat].mon(slot)
    if mon is None:
        return "ptcg.target.in-play"
    return power_stopped(s, seat, slot, mon)
