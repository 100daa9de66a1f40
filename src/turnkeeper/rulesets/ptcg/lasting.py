"""Lasting and delayed effects: Poké-Bodies that change a rule while their Pokémon is in play,
Retreat Costs made 0 by a Body, effects at the end of a turn and between turns on any
Pokémon, and the delayed effects an attack leaves on the Defending Pokémon
(docs/rulesets/ptcg.md, Lasting effects).

Everything here is asked only in a game holding a card of ``state.SPECIAL_CARDS``
(``PtcgState.special``); the hot path of the other games never reaches it.
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import gassed
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, counters, heal, set_condition
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState

# What a delayed Special Condition turns into at the end of its turn.
DELAYED_CONDITIONS = ("asleep", "poisoned", "confused")


def rule_body(s: PtcgState, seat: int, blocks: str) -> str | None:
    """Why a Poké-Body in play forbids ``seat`` the action ``blocks`` now (None: none does)."""
    if not s.special:
        return None
    if gassed(s):  # Toxic Gas: every other Poké-Power and Poké-Body is off
        if blocks != "power":
            return None
        for owner in (0, 1):
            mon = s.sides[owner].active
            if mon is not None and s.cards[mon.stack[-1]] in reg.GAS_BODIES:
                name = reg.GAS_BODIES[s.cards[mon.stack[-1]]]
                return f"{SEATS[owner]}'s {s.top(mon).name} is Active: its Poké-Body {name}"
    for owner in (0, 1):
        for slot, mon in s.sides[owner].in_play():
            body = reg.RULE_BODIES.get(s.cards[mon.stack[-1]])
            if body is None or body.blocks != blocks:
                continue
            if body.active_only and slot != 0:
                continue
            if body.whom == "opponent" and owner == seat:
                continue
            where = "Active" if slot == 0 else "in play"
            return f"{SEATS[owner]}'s {s.top(mon).name} is {where}: its Poké-Body {body.name}"
    return None


def below_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks of the cards below ``mon`` (its Basic and Stage 1 cards) it may use now
    beside its own: a Stadium in play allows it (Meteor Falls) and it is an Evolved Pokémon,
    not a Pokémon-ex. Its cost is paid as usual. Beside those: the attacks a Stadium lets a δ
    Pokémon use (Holon Lake: ``stadium_attacks``) and those its own Poké-Body lets it borrow
    from its player's Pokémon in play (Fellowship: ``fellowship_attacks``)."""
    if not s.special:
        return []
    extra = fellowship_attacks(s, mon)
    if s.stadium < 0:
        return extra
    extra = stadium_attacks(s, mon) + extra
    if len(mon.stack) < 2 or s.top(mon).ex:
        return extra
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None or not stadium.below_attacks:
        return extra
    return [(s.card(c), a) for c in mon.stack[:-1] for a in s.card(c).attacks] + extra


def fellowship_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks ``mon``'s Poké-Body lets it use as its own: those of its player's other
    Pokémon in play with one of the names it lists (Bellossom δ's Fellowship ex13-19:
    ``reg.BORROW_ATTACK_BODIES``); none while Poké-Bodies are off. Their cost is paid as usual."""
    found = reg.BORROW_ATTACK_BODIES.get(s.cards[mon.stack[-1]])
    if found is None or gassed(s):
        return []
    names = found[1]
    for side in s.sides:
        mons = [m for _, m in side.in_play()]
        if any(m is mon for m in mons):
            return [
                (s.top(other), a)
                for other in mons
                if other is not mon and s.top(other).name in names
                for a in s.top(other).attacks
            ]
    return []


def stadium_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks printed on the Stadium in play that ``mon`` may use instead of its own:
    a δ Pokémon (of either player) under a Stadium that allows it (Holon Lake ex13-87)."""
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    top = s.top(mon)
    if stadium is None or not stadium.delta_attacks or top.kind != "pokemon" or not top.delta:
        return []
    card = s.card(s.stadium)
    return [(card, a) for a in card.attacks]


def energy_attached(ctx: Ctx, seat: int, slot: int) -> None:
    """After ``seat`` attaches an Energy card from the hand to its Pokémon at ``slot``: an
    opponent's Poké-Body in play that punishes it puts its damage counters there, once
    however many such Bodies there are (Conductivity)."""
    s = ctx.s
    if gassed(s):
        return
    for _, mon in s.sides[1 - seat].in_play():
        found = reg.ATTACH_PUNISHERS.get(s.cards[mon.stack[-1]])
        if found is not None and _punished(s, seat, slot, s.cards[mon.stack[-1]]):
            counters(ctx, seat, slot, found[1])
            body_acted(ctx, 1 - seat, mon, found[0])
            return


def _punished(s: PtcgState, seat: int, slot: int, punisher: str) -> bool:
    """Whether the Energy card just attached (the last one on the Pokémon) is one the Body
    ``punisher`` reacts to: any, or only a special Energy card (Delta Moon)."""
    if punisher not in reg.SPECIAL_ONLY_PUNISHERS:
        return True
    mon = s.sides[seat].mon(slot)
    return mon is not None and bool(mon.energy) and not s.card(mon.energy[-1]).basic_energy


def evolved(ctx: Ctx, seat: int, slot: int) -> None:
    """After ``seat``'s Pokémon at ``slot`` evolved: a special Energy that may not stay on a
    Pokémon-ex is discarded from one (Scramble Energy); an opponent's Poké-Body that punishes
    evolving from the hand puts its damage counters there (Darkest Impulse); a Poké-Body that
    clears the opponent's Pokémon Tools as it comes into play (Primal Lock) discards them."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is not None and reg.NOT_EX_ENERGY and s.top(mon).ex:
        gone = [c for c in mon.energy if s.cards[c] in reg.NOT_EX_ENERGY]
        if gone:
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=gone)
    if mon is None or gassed(s):
        return
    if reg.EVOLVE_PUNISHERS:  # Darkest Impulse: once, however many such Bodies are in play
        for _, punisher in s.sides[1 - seat].in_play():
            found = reg.EVOLVE_PUNISHERS.get(s.cards[punisher.stack[-1]])
            if found is not None:
                counters(ctx, seat, slot, found[1])
                body_acted(ctx, 1 - seat, punisher, found[0])
                break
    body = reg.RULE_BODIES.get(s.cards[mon.stack[-1]])
    if body is None or body.blocks != "tool":
        return
    for other, target in s.sides[1 - seat].in_play():
        if target.tool >= 0:
            ctx.emit("discard_tool", p=SEATS[1 - seat], slot=other)
            body_acted(ctx, seat, mon, body.name)


def free_retreat(s: PtcgState, mon: Mon) -> bool:
    """Whether a Poké-Body of ``mon`` makes its Retreat Cost 0 now."""
    body = reg.RETREAT_BODIES.get(s.cards[mon.stack[-1]])
    return body is not None and body.free(s, mon)


def _active_bodies(s: PtcgState) -> list[tuple[int, Mon, str]]:
    """(owner, Active Pokémon, card id) of both Active Pokémon, or none under Toxic Gas."""
    if gassed(s):
        return []
    return [(o, m, s.cards[m.stack[-1]]) for o in (0, 1) if (m := s.sides[o].active) is not None]


def attack_banned(s: PtcgState, mon: Mon) -> str:
    """Why a Poké-Body of an Active Pokémon forbids ``mon`` to attack ("": none does)."""
    name = s.top(mon).name
    for owner, active, card_id in _active_bodies(s):
        ban = reg.ATTACK_BANS.get(card_id)
        if ban is not None and name in ban[1]:
            return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {ban[0]}"
    return ""


def extra_cost(s: PtcgState, mon: Mon) -> int:
    """The Colorless Energy more that a Poké-Body of an Active Pokémon makes ``mon``'s
    attacks cost (Primal Pull: Evolved Pokémon only)."""
    if len(mon.stack) < 2:
        return 0
    return sum(
        reg.COST_BODIES[card_id][1]
        for _, _, card_id in _active_bodies(s)
        if card_id in reg.COST_BODIES
    )


def sleep_coins(ctx: Ctx) -> int:
    """How many heads a Pokémon Asleep between turns needs to wake: 1, or what a Poké-Body of
    an Active Pokémon says (Deep Sleep: 2; a note names it)."""
    for owner, mon, card_id in _active_bodies(ctx.s):
        found = reg.SLEEP_COINS.get(card_id)
        if found is not None:
            body_acted(ctx, owner, mon, found[0])
            return found[1]
    return 1


def attach_blocked(s: PtcgState, mon: Mon) -> bool:
    """Whether an attack's effect keeps Energy cards from the hand off ``mon`` this turn (a
    ``("no_attach", turn)`` entry of ``Mon.later``: Freeze Lock)."""
    return ("no_attach", s.turn) in mon.later


def stadium_attached(ctx: Ctx, seat: int, slot: int) -> None:
    """After an Energy card from the hand is attached: the Stadium in play's hook."""
    s = ctx.s
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.on_attach is not None:
            effect.on_attach(ctx, seat, slot)


def retreats_anyway(s: PtcgState, mon: Mon) -> bool:
    """Whether a Poké-Body of ``mon`` lets it retreat while Asleep or Paralyzed (Fast Feet)."""
    return s.cards[mon.stack[-1]] in reg.RETREAT_ANY_CONDITION and not gassed(s)


def has_later(mon: Mon, what: str, turn: int) -> bool:
    return (what, turn) in mon.later


def smokescreen_stops(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """A Smokescreen on the attacker this turn: its player flips; tails, the attack does
    nothing (True)."""
    if ("smokescreen", ctx.s.turn) not in mon.later:
        return False
    return not ctx.flip("smokescreen")


def turn_end(ctx: Ctx, ended: int) -> None:
    """At the end of ``ended``'s turn, before the checkup between turns: the end-of-turn
    Energy of that player goes to the discard pile; delayed Special Conditions due this turn
    are put on their Pokémon; then, between turns, the healing Poké-Bodies of both players
    (Rain Dish), the other Poké-Bodies acting between turns (Sand Damage) and their Oran
    Berries act."""
    s = ctx.s
    turn = s.turn
    side = s.sides[ended]
    for slot, mon in side.in_play():
        gone = [c for c in mon.energy if s.cards[c] in reg.END_OF_TURN_ENERGY]
        if gone:
            ctx.emit("discard_energy", p=SEATS[ended], slot=slot, cards=gone)
        if mon.tm >= 0:  # a Technical Machine goes at the end of its player's turn
            ctx.emit("discard_tm", p=SEATS[ended], slot=slot)
    for seat in (ended, 1 - ended):
        for slot, mon in s.sides[seat].in_play():
            if not mon.later:
                continue
            for what, when in mon.later:
                if when == turn and what == "tool:discard" and mon.tool >= 0:
                    ctx.emit("discard_tool", p=SEATS[seat], slot=slot)
                if when == turn and what in DELAYED_CONDITIONS:
                    ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
                    set_condition(ctx, seat, slot, what)
                if when == turn and what.startswith("counters:"):  # Dark Seed
                    ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
                    counters(ctx, seat, slot, int(what[9:]))
            stale = {w for w, when in mon.later if 0 <= when <= turn}
            for what in sorted(stale):
                ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
    if s.stadium >= 0:
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        if stadium is not None and stadium.between_turns is not None:
            stadium.between_turns(ctx)
    gas = gassed(s)
    for seat in (ended, 1 - ended):
        for slot, mon in list(s.sides[seat].in_play()):
            healing = reg.HEAL_BODIES.get(s.cards[mon.stack[-1]])
            if healing is not None and mon.damage and not gas:
                heal(ctx, seat, slot, healing[1])
                body_acted(ctx, seat, mon, healing[0])
            between = reg.BETWEEN_TURNS_BODIES.get(s.cards[mon.stack[-1]])
            if between is not None and not gas:
                between[1](ctx, seat, slot)
            if mon.tool >= 0:
                tool = reg.TOOLS.get(s.cards[mon.tool])
                if tool is not None and tool.anywhere_between_turns is not None:
                    tool.anywhere_between_turns(ctx, seat, slot)
    if not gas:  # Poké-Bodies of an Active Pokémon that act as between turns begins
        for seat in (ended, 1 - ended):
            active = s.sides[seat].active
            body = reg.CHECKUP_BODIES.get(s.cards[active.stack[-1]]) if active else None
            if (
                body is not None
                and body.each_turn is not None
                and active is not None
                and body.each_turn(ctx, seat)
            ):
                body_acted(ctx, seat, active, body.name)


def burn_counters(s: PtcgState) -> int:
    """The damage counters a Burn puts on between turns: 2, or more while an Active Pokémon's
    Poké-Body says so (Fiery Aura; reg.CHECKUP_BODIES)."""
    found = 2
    if not gassed(s):
        for side in s.sides:
            mon = side.active
            body = reg.CHECKUP_BODIES.get(s.cards[mon.stack[-1]]) if mon is not None else None
            if body is not None and body.burn_counters:
                found = max(found, body.burn_counters)
    return found


def stays_asleep(ctx: Ctx, asleep_seat: int) -> None:
    """``asleep_seat``'s Active Pokémon is still Asleep after its coin: the Active Pokémon's
    Poké-Bodies that act on that (Eerie Aura; reg.CHECKUP_BODIES) do."""
    s = ctx.s
    if gassed(s):
        return
    for seat in (asleep_seat, 1 - asleep_seat):
        mon = s.sides[seat].active
        body = reg.CHECKUP_BODIES.get(s.cards[mon.stack[-1]]) if mon is not None else None
        if (
            body is not None
            and body.stays_asleep is not None
            and mon is not None
            and body.stays_asleep(ctx, seat, asleep_seat)
        ):
            body_acted(ctx, seat, mon, body.name)


def stadium_blocks_power(s: PtcgState, mon: Mon) -> str | None:
    """Why the Stadium in play stops ``mon`` using Poké-Powers (Mt. Moon), None: it does not."""
    if s.stadium < 0:
        return None
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None or stadium.power_block is None:
        return None
    return stadium.power_block(s, mon)
