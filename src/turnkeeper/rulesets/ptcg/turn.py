"""The action economy and turn order: phases, whose move it is, Knock Outs and Prizes,
the end of a turn, Special Conditions between turns, the next turn's draw; and the turn's
own actions (end_turn, promote, choose).
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal

from turnkeeper.core.model import BadActionError, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import (
    SLOT_INDEX,
    body_off,
    gassed,
    max_hp,
    parse_slot,
    slot_name,
)
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import (
    after_attack,
    burn_counters,
    discard_unfit_tools,
    sleep_coins,
    stays_asleep,
    turn_end,
)
from turnkeeper.rulesets.ptcg.params import NoParams, Place, described
from turnkeeper.rulesets.ptcg.refusal import refuse
from turnkeeper.rulesets.ptcg.state import (
    SEAT_INDEX,
    SEATS,
    PtcgState,
    answered,
    draw_cards,
    end_turn_of,
    start_turn_of,
)

PromoteTarget = Annotated[
    Place | Literal["hand"],
    meta("the Bench place of the Pokémon that becomes the new Active"),
]


@described("``promote``: the Benched Pokémon that replaces a Knocked Out Active.")
class PromoteParams(Params):
    target: "PromoteTarget"  # noqa: UP037  (quoted: params.py)


OptionNumber = Annotated[int, meta("the 0-based number of the chosen option", ge=0, le=1000)]


@described("``choose``: the answer to a card's question.")
class ChooseParams(Params):
    option: "OptionNumber"  # noqa: UP037  (quoted: params.py)


SETUP_KINDS: Final = frozenset({"place_active", "place_bench", "ready"})


MAIN_KINDS: Final = frozenset(
    {
        "bench",
        "attach",
        "evolve",
        "play_trainer",
        "retreat",
        "use_power",
        "discard_fossil",
        "use_stadium",
        "attack",
        "end_turn",
    }
)


PHASE_KINDS: Final[dict[str, frozenset[str]]] = {
    "first": frozenset({"choose_first"}),
    "setup": SETUP_KINDS,
    "main": MAIN_KINDS,
    "promote": frozenset({"promote"}),
    "choice": frozenset({"choose"}),
}


# Well-formed actions the rules never allow (a player never draws at will).
NEVER_KINDS: Final = frozenset({"draw"})
ALL_KINDS: Final = frozenset().union(*PHASE_KINDS.values(), NEVER_KINDS)


PHASE_NAMES: Final = {
    "first": "choosing who goes first",
    # each reads after "while" in a refusal: "bench is not possible while setting up ..."
    "setup": "setting up (placing Pokémon face down)",
    "main": "a turn is being played",
    "promote": "promoting a Benched Pokémon after a Knock Out",
    "choice": "answering a card's choice",
}


def nothing_to_settle(s: PtcgState) -> bool:
    """True when ``settle`` would do nothing: no Pokémon Knocked Out, every side has an Active
    (the common case, checked without building anything)."""
    if s.stadium >= 0:  # a Stadium may change the HP: ask max_hp
        for side in s.sides:
            mon = side.active
            if mon is None:
                return False
            if mon.damage and mon.damage >= max_hp(s, mon):
                return False
            for mon in side.bench:
                if mon.damage and mon.damage >= max_hp(s, mon):
                    return False
        return True
    # No Stadium: max_hp is the printed HP of the top card. Both sides at once (the tests
    # only refuse, in any order alike).
    first, second = s.sides
    mon = first.active
    other = second.active
    if mon is None or other is None:
        return False
    defs = s.defs
    if mon.damage and mon.damage >= defs[mon.stack[-1]].hp:
        return False
    if other.damage and other.damage >= defs[other.stack[-1]].hp:
        return False
    for mon in first.bench:
        if mon.damage and mon.damage >= defs[mon.stack[-1]].hp:
            return False
    for mon in second.bench:  # noqa: SIM110 (a plain loop: all() and a generator cost more)
        if mon.damage and mon.damage >= defs[mon.stack[-1]].hp:
            return False
    return True


def settle(ctx: Ctx, knocked: list[reg.KnockedOut] | None = None) -> bool:
    """Knock Outs, Prize cards and the end of the game; True when the game is over.
    ``knocked`` (a list given by ``after``) gets the Pokémon of the player whose turn it is
    not that are Knocked Out here, with their basic Energy cards (reg.KNOCKOUT_WINDOWS)."""
    s = ctx.s
    if nothing_to_settle(s):
        return False
    took = [False, False]
    for seat in (1 - s.current, s.current):
        side = s.sides[seat]
        hurt = [(0, side.active)] if side.active is not None and side.active.damage else []
        hurt += [(i + 1, m) for i, m in enumerate(side.bench) if m.damage]
        for slot, mon in reversed(hurt):
            if mon.damage >= max_hp(s, mon):
                top = s.top(mon)
                # a Pokémon-ex gives 2 Prizes; a Fossil none (its card: it does not count
                # as a Knocked Out Pokémon, but is discarded all the same)
                prizes = 2 if top.ex else 0 if top.is_fossil else 1
                no_prize = reg.NO_PRIZE_BODIES.get(top.id) if reg.NO_PRIZE_BODIES else None
                if (
                    no_prize is not None
                    and prizes
                    and not (s.special and (gassed(s) or body_off(s, mon)))
                ):
                    # its Poké-Body: the opponent takes no Prize for it (Empty Shell)
                    prizes = 0
                    ctx.emit("note", what="body", p=SEATS[seat], card=mon.stack[-1], name=no_prize)
                if knocked is not None and seat != s.current:
                    energy = [c for c in mon.energy if s.defs[c].basic_energy]
                    knocked.append((seat, slot, energy, mon))
                ctx.emit("knockout", p=SEATS[seat], slot=slot)
                other = s.sides[1 - seat]
                if other.prizes and prizes:
                    ctx.emit("prize", p=SEATS[1 - seat], n=min(prizes, len(other.prizes)))
                    took[1 - seat] = True
    winners: dict[int, tuple[str, str]] = {}
    for seat in (0, 1):
        if took[seat] and not s.sides[seat].prizes:
            winners[seat] = ("ptcg.win.prizes", f"{SEATS[seat]} took their last Prize card")
    for seat in (0, 1):
        side = s.sides[seat]
        if side.active is None and not side.bench and 1 - seat not in winners:
            winners[1 - seat] = (
                "ptcg.win.no-pokemon",
                f"{SEATS[seat]} has no Pokémon left to promote",
            )
    if winners:
        if len(winners) == 2:
            # Both win at once: the rulebook's sudden death is not played; a draw instead.
            ctx.emit(
                "game_over",
                winners=[],
                reason="both players won at once: a draw (sudden death not played)",
                rule=winners[s.current][0],
            )
        else:
            seat, (rule, reason) = next(iter(winners.items()))
            ctx.emit("game_over", winners=[SEATS[seat]], reason=reason, rule=rule)
        return True
    return False


def after(ctx: Ctx, then: str) -> None:
    """Settle Knock Outs; ask for promotions if needed; else go on with ``then``."""
    s = ctx.s
    if s.special:  # a Tool whose Pokémon no longer qualifies goes (lasting.py)
        discard_unfit_tools(ctx)
    if nothing_to_settle(s):  # nothing Knocked Out and both Actives there: go on at once
        # go_on(ctx, then, settled=True), inline
        if then == "checkup":
            checkup(ctx, True)
        elif then == "next":
            next_turn(ctx)
        return
    # the Knock Outs an attack just made (the turn ends by it): the owner may respond
    by_attack = then == "checkup" and s.special and bool(reg.KNOCKOUT_WINDOWS)
    knocked: list[reg.KnockedOut] | None = [] if by_attack and s.ended_by != "pass" else None
    if settle(ctx, knocked):
        return
    if knocked:
        for window in reg.KNOCKOUT_WINDOWS:
            if window(ctx, knocked, then):
                return  # asked: promotions and ``then`` follow the answer
    need = [seat for seat in (1 - s.current, s.current) if s.sides[seat].active is None]
    if need:
        ctx.emit("need_promote", players=[SEATS[p] for p in need], then=then)
        return
    go_on(ctx, then)


def go_on(ctx: Ctx, then: str, settled: bool = False) -> None:
    if then == "checkup":
        checkup(ctx, settled)
    elif then == "next":
        next_turn(ctx)


def end_turn(ctx: Ctx, attacked: bool) -> None:
    s = ctx.s
    if attacked and s.special and reg.AFTER_ATTACK and after_attack(ctx):
        return  # a card of the defending player reacts with a question (lasting.after_attack)
    if ctx.record:
        ctx.emit("end_turn", p=SEATS[s.current], attacked=attacked)
    else:  # no log: the event's change made directly, without building the event
        end_turn_of(s, s.current, attacked)
        ctx.emitted += 1
    after(ctx, "checkup")


def checkup(ctx: Ctx, settled: bool = False) -> None:
    """Special Conditions between turns (ptcg-ex.md): Poisoned, Burned, Asleep, Paralyzed.

    Tools that act between turns (Lum Berry) go first: "at any time between turns" is read
    as before the conditions hurt. ``settled``: nothing needed settling just before, so if
    nothing happens here either (no event at all), settling again is skipped: it would look
    at the same state and find nothing.
    """
    s = ctx.s
    ended = s.current
    emitted = ctx.emitted
    if s.special:  # the end of the turn and between turns, for every Pokémon (lasting.py)
        turn_end(ctx, ended)
    first = s.sides[ended].active
    second = s.sides[1 - ended].active
    if (
        first is None
        or (first.tool < 0 and not first.rotation and not first.poisoned and not first.burned)
    ) and (
        second is None
        or (second.tool < 0 and not second.rotation and not second.poisoned and not second.burned)
    ):
        seats: tuple[int, ...] = ()  # the usual case: neither Active has a Tool or a condition
    else:
        seats = (ended, 1 - ended)
    for seat in seats:
        if _active_between_turns(ctx, seat, ended):
            return  # a Tool asks its player: the checkup goes on after the answer
    if settled and ctx.emitted == emitted:
        # next_turn(ctx) and draw_for_turn (ptcg.turn.draw-step), inline: the way every quiet
        # turn change goes
        # (without a log, the events' changes are made directly)
        seat = 1 - ended
        side = s.sides[seat]
        if not ctx.record:
            start_turn_of(s, seat, s.turn + 1)
            ctx.emitted += 1
            if side.deck:
                draw_cards(side, 1)
                ctx.emitted += 1
                return
        else:
            ctx.emit("start_turn", p=SEATS[seat], turn=s.turn + 1)
            if side.deck:
                ctx.emit("draw", p=SEATS[seat], n=1)
                return
        draw_for_turn(ctx, seat)
    else:
        after(ctx, "next")


def _active_between_turns(ctx: Ctx, seat: int, ended: int, tool_done: bool = False) -> bool:
    """Between turns for ``seat``'s Active Pokémon: its Tool (unless ``tool_done``), then its
    Special Conditions. True when the Tool asked a question (Team Aqua Belt): the checkup
    waits for the answer (a ``checkup`` frame under the question: ``resume_checkup``)."""
    s = ctx.s
    mon = s.sides[seat].active
    if mon is None or (mon.tool < 0 and not mon.rotation and not mon.poisoned and not mon.burned):
        return False  # no Tool, no Special Condition: nothing below applies
    p = SEATS[seat]
    if mon.tool >= 0 and not tool_done:
        tool = reg.TOOLS.get(s.cards[mon.tool])
        if tool is not None and tool.between_turns is not None:
            tool.between_turns(ctx, seat, 0)
            if s.pending is not None:
                ask_then(ctx, [{"resume": "checkup", "seat": seat}])
                return True
            mon = s.sides[seat].active  # (the Tool may have evolved it)
            if mon is None:
                return False
    if mon.poisoned:
        # 2 (Toxic) or 3 (Triple Poison) damage counters for a stronger Poison, else 1
        n = 10
        if mon.later:
            n = 30 if ("toxic3", -1) in mon.later else 20 if ("toxic", -1) in mon.later else 10
        ctx.emit("damage", p=p, slot=0, n=n)
    if mon.burned and not ctx.flip("burn"):
        # 2 damage counters, or more while a Poké-Body says so (Fiery Aura: lasting.py)
        ctx.emit("damage", p=p, slot=0, n=10 * burn_counters(s) if s.special else 20)
    if mon.rotation == "asleep":
        # Deep Sleep (lasting.sleep_coins): every coin is flipped, all must be heads
        coins = sleep_coins(ctx) if s.special else 1
        if sum(1 for _ in range(coins) if ctx.flip("sleep")) == coins:
            ctx.emit("cure", p=p, slot=0, which=["asleep"])
        elif s.special:  # still Asleep: a Poké-Body may act on that (Eerie Aura)
            stays_asleep(ctx, seat)
    if mon.rotation == "paralyzed" and seat == ended:
        ctx.emit("cure", p=p, slot=0, which=["paralyzed"])
    return False


def resume_checkup(ctx: Ctx, frame: dict[str, Any]) -> None:
    """Between turns goes on after a Tool's question (``registry.RESUMES["checkup"]``): the
    rest of that player's Active, then the other player's if it was the first, then the next
    turn (after settling Knock Outs)."""
    ended = ctx.s.current
    seat = int(frame["seat"])
    _active_between_turns(ctx, seat, ended, tool_done=True)  # (its Tool is done: no question)
    if seat == ended and _active_between_turns(ctx, 1 - ended, ended):
        return
    after(ctx, "next")


reg.RESUMES["checkup"] = resume_checkup


def next_turn(ctx: Ctx) -> None:
    s = ctx.s
    seat = 1 - s.current
    if ctx.record:
        ctx.emit("start_turn", p=SEATS[seat], turn=s.turn + 1)
    else:  # no log: the event's change made directly
        start_turn_of(s, seat, s.turn + 1)
        ctx.emitted += 1
    draw_for_turn(ctx, seat)


def draw_for_turn(ctx: Ctx, seat: int) -> None:
    """ptcg.turn.draw-step: the turn starts with its one card drawn (or the game is lost)."""
    side = ctx.s.sides[seat]
    if side.deck:
        if ctx.record:
            ctx.emit("draw", p=SEATS[seat], n=1)
        else:  # no log: the event's change made directly
            draw_cards(side, 1)
            ctx.emitted += 1
    else:
        ctx.emit(
            "game_over",
            winners=[SEATS[1 - seat]],
            reason=f"{SEATS[seat]} could not draw a card at the start of the turn",
            rule="ptcg.win.deck-out",
        )


def whose_turn(s: PtcgState) -> int:
    if s.phase == "promote" and s.promote:
        return s.promote[0]
    if s.phase == "choice" and s.pending is not None:
        return SEAT_INDEX[s.pending["p"]]
    return s.current


def check_end_turn(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    return None


def check_promote(s: PtcgState, seat: int, params: PromoteParams) -> Refusal | None:
    if params.target in ("hand", "active"):
        return refuse(
            "ptcg.turn.promote-from-bench",
            f"the new Active comes from the Bench, not from the {params.target}: name its "
            "Bench place (bench1..bench5)",
        )
    slot = parse_slot(params.target, "promote: 'target'")
    if s.sides[seat].mon(slot) is None:
        return refuse(
            "ptcg.target.in-play", f"{SEATS[seat]} has no Benched Pokémon at {slot_name(slot)}"
        )
    return None


def check_draw(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    """Turn step 1: the draw comes by itself at the start of the turn (never at will)."""
    return refuse(
        "ptcg.turn.draw-step",
        "the turn's card is drawn by itself as the turn starts; a player draws more only "
        "through a card's effect",
    )


def run_draw(ctx: Ctx, seat: int, params: NoParams) -> None:
    raise AssertionError("draw is always refused (check_draw)")  # pragma: no cover


def check_choose(s: PtcgState, seat: int, params: ChooseParams) -> Refusal | None:
    assert s.pending is not None
    option = params.option
    count = len(s.pending["options"])
    if not 0 <= option < count:
        raise BadActionError(f"choose: 'option' must be a number from 0 to {count - 1}")
    return None


def run_end_turn(ctx: Ctx, seat: int, params: NoParams) -> None:
    if ctx.record:
        end_turn(ctx, attacked=False)
        return
    # end_turn(ctx, attacked=False) without a log, inline (the commonest action)
    s = ctx.s
    ended = s.current
    end_turn_of(s, ended, False)
    ctx.emitted += 1
    # after(ctx, "checkup"), knowing there is nothing to settle: the board was settled before
    # this main-phase action and ending the turn changes no damage, HP or Active
    first = s.sides[ended].active
    second = s.sides[1 - ended].active
    if (
        not s.special
        and (
            first is None
            or (first.tool < 0 and not first.rotation and not first.poisoned and not first.burned)
        )
        and (
            second is None
            or (
                second.tool < 0
                and not second.rotation
                and not second.poisoned
                and not second.burned
            )
        )
    ):
        # checkup(ctx, True)'s quiet case, inline (nothing between turns: the next turn
        # starts and its player draws, if they can)
        seat = 1 - ended
        side = s.sides[seat]
        start_turn_of(s, seat, s.turn + 1)
        ctx.emitted += 1
        if side.deck:
            side.hand.append(side.deck.pop(0))  # draw_cards(side, 1)
            ctx.emitted += 1
        else:
            draw_for_turn(ctx, seat)
        return
    checkup(ctx, True)


def run_promote(ctx: Ctx, seat: int, params: PromoteParams) -> None:
    s = ctx.s
    ctx.emit("promote", p=SEATS[seat], slot=SLOT_INDEX[params.target])
    if not s.promote:
        then = s.resume
        ctx.emit("resume")
        go_on(ctx, then)


def run_choose(ctx: Ctx, seat: int, params: ChooseParams) -> None:
    """The answer to the pending question, then what waits on it (nested questions).

    A question may be asked while another effect is waiting to go on (an attack that uses a
    Supporter's effect, whose own question comes first; a Tool's question between turns,
    with the rest of the checkup waiting). What waits is a stack of frames kept in the
    pending question (``pending["then"]``, set by the ``ask_then`` event, so a log replays
    it): once the answered question's effect asks nothing more, the top frame goes on
    (``registry.RESUMES``), and so on down the stack; whenever something asks again, the
    frames still waiting go under the new question."""
    s = ctx.s
    # narrowed through a local, not through ``s.pending``: the effect below changes
    # ``s.pending``, and a narrowed attribute would make mypyc read it as a dict (never None)
    pending = s.pending
    assert pending is not None
    option = params.option
    waiting: list[dict[str, Any]] = list(pending.get("then") or ())
    if ctx.record:
        ctx.emit("answer", p=SEATS[seat], option=option, label=pending["options"][option])
    else:  # no log: the event's change made directly
        answered(s)
        ctx.emitted += 1
    reg.CHOICES[pending["key"]](ctx, seat, option, dict(pending["data"]))
    while waiting and s.phase != "over":
        if s.pending is not None:  # asked again: what waits goes under the new question
            ask_then(ctx, waiting)
            break
        if s.phase == "promote":
            raise AssertionError(f"a promotion came before the waiting effects {waiting}")
        frame = waiting.pop()
        reg.RESUMES[frame["resume"]](ctx, frame)
    if s.phase == "main":
        after(ctx, "main")


def ask_then(ctx: Ctx, frames: list[dict[str, Any]]) -> None:
    """Put ``frames`` (what goes on after it, bottom first) under the question just asked,
    below any frames it carries already."""
    pending = ctx.s.pending
    assert pending is not None
    ctx.emit("ask_then", then=[*frames, *(pending.get("then") or ())])
