"""Using a Stadium in play (``use_stadium``): a Stadium whose card gives each player an
effect to use once during their own turn.

Most Stadiums work by themselves (registry.StadiumEffect's hooks). A few of EX Legend Maker
instead offer something a player chooses to do: Power Tree (ex12-76) takes a basic Energy
card from the discard pile back to the hand, Strange Cave (ex12-77) puts one of the old
Fossil Pokémon from the hand onto the Bench as a Basic Pokémon. Either player may use it
(not only the one who played it), once during each of their turns, before the attack. Here
that is its own action of the turn, ``use_stadium``, without parameters: the Stadium in play
is the one used, and what it takes is asked as a card's question.

The once-a-turn use is recorded as a lasting effect on the player (the ``side_later`` event,
``stadium_used:<the Stadium's card>`` until the end of the turn), so a log replays it and a
second Stadium played later in the same turn is a new card with its own use.

Refused: ``ptcg.stadium.use`` (no Stadium in play, or one with nothing to use),
``ptcg.stadium.once-per-turn``, ``ptcg.stadium.requirement`` (the Stadium's own condition).
"""

from __future__ import annotations

from turnkeeper.core.model import Refusal
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.params import NoParams
from turnkeeper.rulesets.ptcg.refusal import refuse
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState
from turnkeeper.rulesets.ptcg.turn import after

USED = "stadium_used"


def used_key(s: PtcgState) -> str:
    """The name of the lasting effect that records this Stadium's use this turn."""
    return f"{USED}:{s.stadium}"


def stadium_use_rule(s: PtcgState, seat: int) -> tuple[str, str] | None:
    """(rule, reason) why ``seat`` may not use the Stadium in play now; None: they may."""
    if s.stadium < 0:
        return "ptcg.stadium.use", "there is no Stadium in play"
    card = s.card(s.stadium)
    effect = reg.STADIUMS.get(card.id)
    if effect is None or effect.use_rule is None or effect.use_run is None:
        return "ptcg.stadium.use", f"{card.name} has no effect its players use"
    if (used_key(s), s.turn) in s.sides[seat].later:
        return "ptcg.stadium.once-per-turn", f"{SEATS[seat]} used {card.name} this turn already"
    why = effect.use_rule(s, seat)
    if why is not None:
        return "ptcg.stadium.requirement", f"{card.name}: {why}"
    return None


def stadium_played(ctx: Ctx, seat: int) -> None:
    """A Stadium just came into play, played by ``seat``: what its card does then
    (``StadiumEffect.on_play``: Giant Stump's Bench trim). Every way of playing a Stadium
    (from the hand, Forecast from the deck) calls this after its ``trainer`` event."""
    s = ctx.s
    effect = reg.STADIUMS.get(s.card(s.stadium).id) if s.stadium >= 0 else None
    if effect is not None and effect.on_play is not None:
        effect.on_play(ctx, seat)


def check_use_stadium(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    found = stadium_use_rule(s, seat)
    return None if found is None else refuse(*found)


def run_use_stadium(ctx: Ctx, seat: int, params: NoParams) -> None:
    s = ctx.s
    effect = reg.STADIUMS[s.card(s.stadium).id]
    assert effect.use_run is not None
    ctx.emit("side_later", p=SEATS[seat], what=used_key(s), turn=s.turn)
    effect.use_run(ctx, seat)
    if ctx.s.phase == "main":
        after(ctx, "main")
