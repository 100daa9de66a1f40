"""Lasting and delayed effects: Poké-Bodies that change a rule while their Pokémon is in play,
Retreat Costs made 0 by a Body, effects at the end of a turn and between turns on any
Pokémon, and the delayed effects an attack leaves on the Defending Pokémon
(docs/rulesets/ptcg.md, Lasting effects).

Everything here is asked only in a game holding a card of ``state.SPECIAL_CARDS``
(``PtcgState.special``); the hot path of the other games never reaches it.
"""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import body_off, game_holds, gassed, powers_off
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, counters, heal, set_condition
from turnkeeper.rulesets.ptcg.delta_veil import mon_is_delta
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
            if mon is not None and mon.tool >= 0 and s.cards[mon.tool] in reg.GAS_TOOLS:
                name = reg.GAS_TOOLS[s.cards[mon.tool]]
                return f"{SEATS[owner]}'s Active {s.top(mon).name} holds {name}"
    for owner in (0, 1):
        for slot, mon in s.sides[owner].in_play():
            body = reg.RULE_BODIES.get(s.cards[mon.stack[-1]])
            if body is None or body.blocks != blocks or body_off(s, mon):
                continue
            if body.active_only and slot != 0:
                continue
            if body.whom == "opponent" and owner == seat:
                continue
            if body.when is not None and not body.when(s, owner):
                continue
            where = "Active" if slot == 0 else "in play"
            return f"{SEATS[owner]}'s {s.top(mon).name} is {where}: its Poké-Body {body.name}"
    return None


def power_aura(s: PtcgState, mon: Mon) -> str | None:
    """Why a Poké-Body of an Active Pokémon stops ``mon`` (either player's) using Poké-Powers
    (reg.POWER_AURAS: Wise Aura), or of a Pokémon anywhere in play (reg.POWER_AURAS_IN_PLAY:
    Delta Reserve; reg.POWER_BLOCKS_IN_PLAY: Rear Sensor, Sol Shade), None: none does."""
    if reg.POWER_AURAS_IN_PLAY and game_holds(s, reg.POWER_AURAS_IN_PLAY):
        why = _power_aura_in_play(s, mon)
        if why:
            return why
    if reg.POWER_AURAS:
        for owner, active, card_id in _active_bodies(s):
            aura = reg.POWER_AURAS.get(card_id)
            if aura is not None and aura[1](s, mon):
                return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {aura[0]}"
    if reg.POWER_BLOCKS_IN_PLAY and not gassed(s):
        for owner in (0, 1):
            for _, other in s.sides[owner].in_play():
                found = reg.POWER_BLOCKS_IN_PLAY.get(s.cards[other.stack[-1]])
                if found is not None and found[1](s, other, owner, mon) and not body_off(s, other):
                    name = s.top(other).name
                    return f"{SEATS[owner]}'s {name} is in play: its Poké-Body {found[0]}"
    return None


def _power_aura_in_play(s: PtcgState, mon: Mon) -> str:
    """Why a Poké-Body of a Pokémon in play, either player's, Active or Benched, stops
    ``mon`` using Poké-Powers (reg.POWER_AURAS_IN_PLAY: Delta Reserve), "": none does."""
    if gassed(s):
        return ""
    for owner in (0, 1):
        for _, holder in s.sides[owner].in_play():
            aura = reg.POWER_AURAS_IN_PLAY.get(s.cards[holder.stack[-1]])
            if aura is None or body_off(s, holder) or not aura[1](s, holder):
                continue
            if aura[2](s, mon):
                return f"{SEATS[owner]}'s {s.top(holder).name} is in play: its Poké-Body {aura[0]}"
    return ""


def attach_banned(s: PtcgState, card: CardDef, mon: Mon) -> str:
    """Why a Poké-Body of the opponent's Active Pokémon keeps the Energy ``card`` from the
    hand off ``mon`` (reg.ATTACH_BANS: Cursed Glare), or of one of the opponent's Pokémon
    anywhere in play (reg.ATTACH_BANS_IN_PLAY: Binding Aura), "": none does."""
    if reg.ATTACH_BANS_IN_PLAY and not gassed(s):
        for owner in (0, 1):
            side = s.sides[owner]
            if any(m is mon for _, m in side.in_play()):
                continue  # it works on the opponent's Pokémon only
            for _, other in side.in_play():
                found = reg.ATTACH_BANS_IN_PLAY.get(s.cards[other.stack[-1]])
                if found is not None and found[1](s, card, mon) and not body_off(s, other):
                    name = s.top(other).name
                    return f"{SEATS[owner]}'s {name} is in play: its Poké-Body {found[0]}"
    if not reg.ATTACH_BANS:
        return ""
    for owner, active, card_id in _active_bodies(s):
        ban = reg.ATTACH_BANS.get(card_id)
        if ban is None or any(m is mon for _, m in s.sides[owner].in_play()):
            continue  # it works on the opponent's Pokémon only
        if ban[1](s, card, mon):
            return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {ban[0]}"
    return ""


# The Trainer locks an opponent's attack can leave on a player (``Side.later`` entries
# "trainer_lock:<kind>"): whether each forbids Supporters, whether it forbids the other
# Trainer cards (Items, Tools, Stadiums, Technical and Rocket's Secret Machines), its name.
TRAINER_LOCKS: dict[str, tuple[bool, bool, str]] = {
    "all": (True, True, "every Trainer card"),
    "supporter": (True, False, "Supporter cards"),
    "not_supporter": (False, True, "every Trainer card but Supporters"),
}


def trainer_lock(s: PtcgState, seat: int, trainer: str) -> str | None:
    """Why a lock left by an opponent's attack forbids ``seat`` to play a Trainer card of
    kind ``trainer`` from the hand this turn (``ptcg.trainer.locked``; None: none does)."""
    for what, turn in s.sides[seat].later:
        if not what.startswith("trainer_lock:") or turn < s.turn:
            continue
        supporters, others, named = TRAINER_LOCKS[what.split(":", 1)[1]]
        if supporters if trainer == "supporter" else others:
            return f"an opponent's attack forbids {named} from the hand until this turn ends"
    return None


def below_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks of other cards that ``mon`` may use now beside its own, costs paid as
    usual, each attack's handler registered under the card it is printed on: those of the
    cards below it (its Basic and Stage 1 cards) under a Stadium that allows it when it is an
    Evolved Pokémon, not a Pokémon-ex (Meteor Falls); those printed on the Stadium for the
    Pokémon ``StadiumEffect.attacks_for`` names (Rocket's Tricky Gym) or for a δ Pokémon
    (Holon Lake: ``stadium_attacks``); and those its own Poké-Body lets it borrow from its
    player's Pokémon in play (Fellowship: ``fellowship_attacks``)."""
    if not s.special:
        return []
    extra = tool_below_attacks(s, mon) + fellowship_attacks(s, mon)
    if s.stadium < 0:
        return extra
    extra = stadium_attacks(s, mon) + extra
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None:
        return extra
    found: list[tuple[CardDef, Attack]] = []
    if stadium.below_attacks and len(mon.stack) >= 2 and not s.top(mon).ex:
        found = [(s.card(c), a) for c in mon.stack[:-1] for a in s.card(c).attacks]
    if stadium.attacks_for is not None and stadium.attacks_for(s, mon):
        printed = s.card(s.stadium)
        found += [(printed, a) for a in printed.attacks]
    return found + extra


def tool_below_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks of the cards below ``mon`` (its Basic and Stage 1 cards) that its Tool lets
    it use (``ToolEffect.below_attacks``: Memory Berry ex14-80), costs paid as usual."""
    tool = reg.TOOLS.get(s.cards[mon.tool]) if mon.tool >= 0 else None
    if tool is None or not tool.below_attacks:
        return []
    return [(s.card(c), a) for c in mon.stack[:-1] for a in s.card(c).attacks]


def fellowship_attacks(s: PtcgState, mon: Mon) -> list[tuple[CardDef, Attack]]:
    """The attacks ``mon``'s Poké-Body lets it use as its own: those of its player's other
    Pokémon in play with one of the names it lists (Bellossom δ's Fellowship ex13-19:
    ``reg.BORROW_ATTACK_BODIES``), or, when it lists none, of every other Pokémon in play of
    both players (Mew ex's Versatile ex12-88); none while Poké-Bodies are off. Their cost is
    paid as usual."""
    found = reg.BORROW_ATTACK_BODIES.get(s.cards[mon.stack[-1]])
    if found is None or gassed(s) or body_off(s, mon):
        return []
    names = found[1]
    if not names:  # every Pokémon in play, either player's
        return [
            (s.top(other), a)
            for side in s.sides
            for _, other in side.in_play()
            if other is not mon
            for a in s.top(other).attacks
        ]
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
    if stadium is None or not stadium.delta_attacks or not mon_is_delta(s, mon):
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
        if (
            found is not None
            and not body_off(s, mon)
            and _punished(s, seat, slot, s.cards[mon.stack[-1]])
        ):
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


def evolve_onto(ctx: Ctx, seat: int, slot: int, card: int, src: str = "hand") -> None:
    """Evolve ``seat``'s Pokémon at ``slot`` by putting ``card`` (from ``src``: "hand",
    "deck", "discard") on it, then do what reacts to an evolution (``evolved``). Every way of
    evolving goes through here — the evolve action, Rare Candy, Baby Evolution, Wally's
    Training, the from-deck steps — so none of them misses Scramble Energy, Darkest Impulse,
    Primal Lock, Mystic Scale or a Tool that no longer fits."""
    if src == "hand":
        ctx.emit("evolve", p=SEATS[seat], card=card, slot=slot)
    else:
        ctx.emit("evolve", p=SEATS[seat], card=card, slot=slot, **{"from": src})
    if ctx.s.special:  # only games holding such a card have anything to react
        evolved(ctx, seat, slot, from_hand=src == "hand")
        if src == "hand" and reg.EVOLVE_POWERS:
            evolve_power(ctx, seat, slot)


def evolve_power(ctx: Ctx, seat: int, slot: int) -> None:
    """A Poké-Power of the card just played from the hand to evolve ``seat``'s Pokémon at
    ``slot`` (reg.EVOLVE_POWERS), used then if its Powers work: no Poké-Body, Tool or Stadium
    stopping them (evolving has just cleared its Special Conditions)."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    found = reg.EVOLVE_POWERS.get(s.cards[mon.stack[-1]]) if mon is not None else None
    if found is None or mon is None or gassed(s):
        return
    if rule_body(s, seat, "power") or power_aura(s, mon) or stadium_blocks_power(s, mon):
        return
    if powers_off(s, mon)[0]:
        return
    found[1](ctx, seat, slot)


def evolved(ctx: Ctx, seat: int, slot: int, from_hand: bool = False) -> None:
    """After ``seat``'s Pokémon at ``slot`` evolved: a special Energy that may not stay on a
    Pokémon-ex is discarded from one (Scramble Energy); an opponent's Poké-Body that punishes
    evolving with a card from the hand (``from_hand``) puts its damage counters there
    (Darkest Impulse: the card names an Evolution card played from the hand, so Rare Candy and
    Baby Evolution count, an evolution from the deck does not); a Poké-Body that clears the
    opponent's Pokémon Tools as it comes into play (Primal Lock) discards them. Call it through
    ``evolve_onto``."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is not None and mon.tool >= 0:
        discard_unfit_tools(ctx)
    if mon is not None and reg.NOT_EX_ENERGY and s.top(mon).ex:
        gone = [c for c in mon.energy if s.cards[c] in reg.NOT_EX_ENERGY]
        if gone:
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=gone)
    if mon is None or gassed(s):
        return
    # Darkest Impulse: once, however many such Bodies are in play
    if from_hand and reg.EVOLVE_PUNISHERS:
        for _, punisher in s.sides[1 - seat].in_play():
            found = reg.EVOLVE_PUNISHERS.get(s.cards[punisher.stack[-1]])
            if found is not None and not body_off(s, punisher):
                counters(ctx, seat, slot, found[1])
                body_acted(ctx, 1 - seat, punisher, found[0])
                break
    body = reg.RULE_BODIES.get(s.cards[mon.stack[-1]])
    if body is not None and body_off(s, mon):
        return  # a Stadium turns its Poké-Bodies off (Battle Frontier)
    if body is not None and body.blocks == "tm":  # Mystic Scale: every TM in play goes
        for owner in (0, 1):
            for other, holder in s.sides[owner].in_play():
                if holder.tm >= 0:
                    ctx.emit("discard_tm", p=SEATS[owner], slot=other)
                    body_acted(ctx, seat, mon, body.name)
        return
    if body is None or body.blocks != "tool":
        return
    for other, target in s.sides[1 - seat].in_play():
        if target.tool >= 0:
            ctx.emit("discard_tool", p=SEATS[1 - seat], slot=other)
            body_acted(ctx, seat, mon, body.name)


def discard_unfit_tools(ctx: Ctx) -> None:
    """A Tool that may stay only on the Pokémon it may be attached to
    (``ToolEffect.leaves_when_unfit``: Fluffy Berry, Protective Orb) is discarded once its
    Pokémon no longer is one (evolved into a Pokémon-ex, devolved to a Basic ...): asked as
    its Pokémon evolves and whenever the board is settled after an action (turn.after)."""
    s = ctx.s
    for seat in (0, 1):
        for slot, mon in s.sides[seat].in_play():
            if mon.tool < 0:
                continue
            tool = reg.TOOLS.get(s.cards[mon.tool])
            fits = tool.attach_to if tool is not None and tool.leaves_when_unfit else None
            if fits is not None and fits(s, mon):
                ctx.emit("discard_tool", p=SEATS[seat], slot=slot)


def after_attack(ctx: Ctx) -> bool:
    """As an attack ends, before Knock Outs are settled: each Pokémon of the defending player
    that the attack damaged (a "kept:struck:<slot>:<attacker>" entry of ``Mon.later``) and
    whose card reacts to it (reg.AFTER_ATTACK: Silver Sparkle, Golden Wing) does so, one at a
    time. True: a question was asked (its answer ends the turn, which asks here again)."""
    s = ctx.s
    seat = 1 - s.current
    for slot, mon in s.sides[seat].in_play():
        struck = [w for w, turn in mon.later if turn == s.turn and w.startswith("kept:struck:")]
        for what in struck:
            ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
        found = reg.AFTER_ATTACK.get(s.cards[mon.stack[-1]]) if struck else None
        if found is None:
            continue
        was_active = any(w.split(":")[2] == "0" for w in struck)
        attacker = int(struck[0].split(":")[3])
        if found[1](ctx, seat, slot, was_active, attacker):
            return True
    return False


def free_retreat(s: PtcgState, mon: Mon) -> bool:
    """Whether a Poké-Body of ``mon`` makes its Retreat Cost 0 now."""
    body = reg.RETREAT_BODIES.get(s.cards[mon.stack[-1]])
    return body is not None and body.free(s, mon) and not body_off(s, mon)


def _active_bodies(s: PtcgState) -> list[tuple[int, Mon, str]]:
    """(owner, Active Pokémon, card id) of both Active Pokémon, or none under Toxic Gas (and
    not one whose Poké-Bodies a Stadium turns off: Battle Frontier)."""
    if gassed(s):
        return []
    return [
        (o, m, s.cards[m.stack[-1]])
        for o in (0, 1)
        if (m := s.sides[o].active) is not None and not body_off(s, m)
    ]


def attack_banned(s: PtcgState, mon: Mon) -> str:
    """Why a Poké-Body of an Active Pokémon forbids ``mon`` to attack ("": none does)."""
    name = s.top(mon).name
    for owner, active, card_id in _active_bodies(s):
        ban = reg.ATTACK_BANS.get(card_id)
        if ban is not None and name in ban[1]:
            return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {ban[0]}"
        # only the opponent's Pokémon of those names (Deadlock)
        ban = reg.OPPONENT_ATTACK_BANS.get(card_id) if reg.OPPONENT_ATTACK_BANS else None
        if ban is not None and name in ban[1] and active is not mon:
            return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {ban[0]}"
    if reg.LONE_BASIC_BANS and s.is_unevolved_basic(mon):
        for owner, active, card_id in _active_bodies(s):
            lone = reg.LONE_BASIC_BANS.get(card_id)
            # the Body's Pokémon is its player's only one (the Active, no Bench), and the
            # attacker is the other player's
            if lone is not None and active is not mon and not s.sides[owner].bench:
                return (
                    f"{SEATS[owner]}'s {s.top(active).name} is its only Pokémon: its Poké-Body "
                    f"{lone} keeps Basic Pokémon from attacking"
                )
    return basic_banned(s, mon)


def basic_banned(s: PtcgState, mon: Mon) -> str:
    """Why a Poké-Body of the opponent's Active Pokémon forbids ``mon``, a Basic Pokémon, to
    attack or use a Poké-Power (Intimidating Ring) ("": none does)."""
    if not reg.BASIC_BANS or not s.is_unevolved_basic(mon):
        return ""
    for owner, active, card_id in _active_bodies(s):
        name = reg.BASIC_BANS.get(card_id)
        if name is not None and any(m is mon for _, m in s.sides[1 - owner].in_play()):
            return f"{SEATS[owner]}'s {s.top(active).name} is Active: its Poké-Body {name}"
    return ""


def ex_taxed(s: PtcgState, mon: Mon) -> str:
    """Why ``mon``, a Pokémon-ex, is under a Poké-Body in play that stops its Poké-Powers and
    makes its attacks cost one Colorless more ("": it is not): Extra Liquid
    (``reg.EX_TAX_BODIES``; one counts however many are in play)."""
    if not reg.EX_TAX_BODIES or not s.top(mon).ex or gassed(s):
        return ""
    for owner in (0, 1):
        for _, other in s.sides[owner].in_play():
            name = reg.EX_TAX_BODIES.get(s.cards[other.stack[-1]])
            if name is not None and not body_off(s, other):
                return f"{SEATS[owner]}'s {s.top(other).name} is in play: its Poké-Body {name}"
    return ""


def extra_cost(s: PtcgState, mon: Mon) -> int:
    """The Colorless Energy more that a Poké-Body of an Active Pokémon makes ``mon``'s
    attacks cost (Primal Pull: Evolved Pokémon only), and one more for a Pokémon-ex under
    Extra Liquid (``ex_taxed``)."""
    taxed = 1 if reg.EX_TAX_BODIES and ex_taxed(s, mon) else 0
    if len(mon.stack) < 2:
        return taxed
    return taxed + sum(
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
    return (
        s.cards[mon.stack[-1]] in reg.RETREAT_ANY_CONDITION
        and not gassed(s)
        and not body_off(s, mon)
    )


def has_later(mon: Mon, what: str, turn: int) -> bool:
    return (what, turn) in mon.later


def smokescreen_stops(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """A Smokescreen on the attacker this turn: its player flips; tails, the attack does
    nothing (True)."""
    if ("smokescreen", ctx.s.turn) not in mon.later:
        return False
    return not ctx.flip("smokescreen")


def distraction_stops(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """A Basic Pokémon attacking while the opponent's Active has Pattern Distraction
    (reg.ATTACK_COIN_BODIES): the attacker's player flips; tails, the attack does nothing
    (True). One coin per attack: a player has one Active Pokémon, so the card's limit of one
    such Body a turn always holds."""
    s = ctx.s
    if not reg.ATTACK_COIN_BODIES or not s.is_unevolved_basic(mon):
        return False
    for owner, active, card_id in _active_bodies(s):
        name = reg.ATTACK_COIN_BODIES.get(card_id)
        if name is not None and owner != seat:
            ctx.emit("note", what="body", p=SEATS[owner], card=active.stack[-1], name=name)
            return not ctx.flip(name)
    return False


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
            off = body_off(s, mon)  # a Stadium turns its Poké-Bodies off (Battle Frontier)
            if healing is not None and mon.damage and not gas and not off:
                heal(ctx, seat, slot, healing[1])
                body_acted(ctx, seat, mon, healing[0])
            between = reg.BETWEEN_TURNS_BODIES.get(s.cards[mon.stack[-1]])
            if between is not None and not gas and not off:
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
                and not body_off(s, active)
                and body.each_turn(ctx, seat)
            ):
                body_acted(ctx, seat, active, body.name)


def burn_counters(s: PtcgState) -> int:
    """The damage counters a Burn puts on between turns: 2, or more while an Active Pokémon's
    Poké-Body says so (Fiery Aura; reg.CHECKUP_BODIES)."""
    found = 2
    if s.stadium >= 0:  # a Stadium says more (Full Flame)
        stadium = reg.STADIUMS.get(s.cards[s.stadium])
        if stadium is not None and stadium.burn_counters:
            found = stadium.burn_counters
    if not gassed(s):
        for side in s.sides:
            mon = side.active
            body = reg.CHECKUP_BODIES.get(s.cards[mon.stack[-1]]) if mon is not None else None
            if body is not None and body.burn_counters and mon is not None and not body_off(s, mon):
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
            and not body_off(s, mon)
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
