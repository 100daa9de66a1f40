"""The ptcg rules: what is legal (check, legal_actions) and what happens (run).

``run`` works on the state it is given through a :class:`Ctx`, which applies every event as
it is emitted (so later steps see earlier ones) and records it. The ruleset's ``resolve``
hands ``run`` a clone, which keeps ``resolve`` pure; the fast simulator hands it the live
state, which saves applying everything twice. Both use exactly these functions. Without a
log (``record=False``) the commonest events (turn changes, draws, attaching, benching,
evolving, retreating, damage) are not built at all: their change is made by the same
function of state.py that applies the event (``draw_cards``, ``attach_card``...).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from turnkeeper.core.model import Action, BadActionError, Event, Refusal
from turnkeeper.dice.source import DiceSource, SeededDice
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import (
    AttackParams,
    CardOnPlaceParams,
    CardParams,
    ChooseFirstParams,
    ChooseParams,
    NoParams,
    Offer,
    PlaceParams,
    PowerParams,
    PromoteParams,
    RetreatParams,
    TrainerParams,
    make_offer,
    params_of,
)
from turnkeeper.rulesets.ptcg.cards import ANY, Attack, CardDef, Power
from turnkeeper.rulesets.ptcg.rules import RULES
from turnkeeper.rulesets.ptcg.state import (
    APPLY,
    SEAT_INDEX,
    SEATS,
    Mon,
    PtcgState,
    bench_card,
    damage_mon,
    discard_energy_of,
    draw_cards,
    end_turn_of,
    evolve_mon,
    play_trainer_card,
    start_turn_of,
    switch_active,
)

MAX_BENCH = 5
WEAKNESS_FACTOR = 2  # EX era: Weakness doubles the damage (ptcg-ex.md, Damage)
RESISTANCE_AMOUNT = 30  # EX era: Resistance takes 30 off (ptcg-ex.md, Damage)

SETUP_KINDS = frozenset({"place_active", "place_bench", "ready"})
MAIN_KINDS = frozenset(
    {"bench", "attach", "evolve", "play_trainer", "retreat", "use_power", "attack", "end_turn"}
)
PHASE_KINDS: dict[str, frozenset[str]] = {
    "first": frozenset({"choose_first"}),
    "setup": SETUP_KINDS,
    "main": MAIN_KINDS,
    "promote": frozenset({"promote"}),
    "choice": frozenset({"choose"}),
}
ALL_KINDS = frozenset().union(*PHASE_KINDS.values())
PHASE_NAMES = {
    "first": "choosing who goes first",
    "setup": "setup (placing Pokémon face down)",
    "main": "a turn",
    "promote": "promoting a Benched Pokémon after a Knock Out",
    "choice": "answering a card's choice",
}


# ---------------------------------------------------------------------------- the context
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}  # deck size -> its swaps


class Ctx:
    """A running resolution: emits events (applying each at once) and flips coins."""

    __slots__ = ("dice", "emitted", "events", "record", "s")

    def __init__(self, s: PtcgState, dice: DiceSource, record: bool = True) -> None:
        self.s = s
        self.dice = dice
        self.record = record  # the fast simulator keeps no events
        self.events: list[Event] = []
        self.emitted = 0  # how many events so far (kept or not)

    def emit(self, kind: str, /, **data: Any) -> None:
        APPLY[kind](self.s, data)
        self.emitted += 1
        if self.record:
            self.events.append(Event(kind, data))

    def flip(self, why: str) -> bool:
        """One coin: a d2 from the dice source, 1 = heads (the project's convention)."""
        heads = self.dice.die(2) == 1
        if self.record:
            self.emit("coin", why=why, heads=heads)
        else:  # no log: a coin event changes nothing (a note), so none is built
            self.emitted += 1
        return heads

    def shuffle(self, seat: int) -> None:
        """Fisher-Yates driven by the dice source; the resulting order goes in the event."""
        deck = list(self.s.sides[seat].deck)
        dice = self.dice
        if type(dice) is SeededDice:
            # die(n) - 1 is randrange(n) on the source's generator, i.e. its _randbelow(n):
            # n.bit_length() random bits, drawn again until below n. Inline, same draws.
            bits = dice._rng.getrandbits
            steps = _SHUFFLE_STEPS.get(len(deck))
            if steps is None:  # (i, n = i + 1, k = n.bit_length()) for i from the top down
                steps = _SHUFFLE_STEPS[len(deck)] = tuple(
                    (i, i + 1, (i + 1).bit_length()) for i in range(len(deck) - 1, 0, -1)
                )
            for i, n, k in steps:
                j = bits(k)
                while j >= n:
                    j = bits(k)
                deck[i], deck[j] = deck[j], deck[i]
        else:
            die = dice.die
            for i in range(len(deck) - 1, 0, -1):
                j = die(i + 1) - 1
                deck[i], deck[j] = deck[j], deck[i]
        self.emit("shuffle", p=SEATS[seat], order=deck)


# ---------------------------------------------------------------------------- small helpers
SLOT_NAMES = ("active", "bench1", "bench2", "bench3", "bench4", "bench5")


def slot_name(slot: int) -> str:
    return SLOT_NAMES[slot]


_SLOT = re.compile(r"^(active|bench([1-5]))$")


_SLOT_INDEX = {name: i for i, name in enumerate(SLOT_NAMES)}


def parse_slot(value: Any, where: str) -> int:
    if isinstance(value, str):
        found = _SLOT_INDEX.get(value)
        if found is not None:
            return found
        match = _SLOT.match(value)
        if match:
            return 0 if match.group(1) == "active" else int(match.group(2))
    raise BadActionError(f"{where} must be 'active' or 'bench1'..'bench5', not {value!r}")


def max_hp(s: PtcgState, mon: Mon) -> int:
    hp = s.defs[mon.stack[-1]].hp
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.hp_bonus is not None:
            hp += effect.hp_bonus(s, mon)
    return hp


def retreat_cost(s: PtcgState, mon: Mon) -> int:
    cost = s.defs[mon.stack[-1]].retreat
    if s.stadium >= 0:
        effect = reg.STADIUMS.get(s.cards[s.stadium])
        if effect is not None and effect.retreat_discount is not None:
            cost -= effect.retreat_discount(s, mon)
    return max(0, cost)


def provides(s: PtcgState, card: int) -> tuple[str, ...]:
    return s.card(card).provides or ("Colorless",)


def energy_amount(s: PtcgState, card: int) -> int:
    """How many Energy an Energy card provides (one per listed type; at least one)."""
    return len(s.defs[card].provides) or 1


def _typed_symbols(cost: tuple[str, ...]) -> dict[str, int]:
    """How many of each typed (not Colorless) symbol a cost holds."""
    need: dict[str, int] = {}
    for symbol in cost:
        if symbol != "Colorless":
            need[symbol] = need.get(symbol, 0) + 1
    return need


_TYPED: dict[tuple[str, ...], dict[str, int]] = {}  # cost -> its typed symbols (a cache)
_TYPED_TOTAL: dict[tuple[str, ...], int] = {}  # cost -> how many typed symbols


def can_pay(s: PtcgState, mon: Mon, cost: tuple[str, ...]) -> bool:
    """Whether the Energy on ``mon`` pays ``cost`` (every card here provides one Energy).

    Typed symbols are paid by Energy of that type, then by Energy of every type (Rainbow);
    Colorless symbols by whatever is left, so only the count matters for them.
    """
    if len(mon.energy) < len(cost):
        return False
    typed = _TYPED.get(cost)
    if typed is None:
        typed = _TYPED[cost] = _typed_symbols(cost)
        _TYPED_TOTAL[cost] = sum(typed.values())
    if not typed:
        return True
    need = dict(typed)
    left = _TYPED_TOTAL[cost]  # typed symbols not yet paid (== sum(need.values()))
    wild = 0
    defs = s.defs
    for card in mon.energy:
        kinds = defs[card].provides
        if not kinds:
            continue
        kind = kinds[0]
        if kind == ANY:
            wild += 1
        elif need.get(kind, 0) > 0:
            need[kind] -= 1
            left -= 1
        else:
            continue
        if left <= wild:  # paid already: later Energy only adds to what is paid
            return True
    return left <= wild


def energy_of_type(s: PtcgState, mon: Mon, kind: str) -> int:
    """How many attached Energy provide ``kind`` (a Rainbow Energy counts for every type)."""
    return sum(1 for c in mon.energy if kind in provides(s, c) or ANY in provides(s, c))


def hand_card(s: PtcgState, seat: int, ref: str) -> int:
    """The first card in the hand matching a card id or name, or -1."""
    cards = s.cards
    for inst in s.sides[seat].hand:
        if cards[inst] == ref:
            return inst
    for inst in s.sides[seat].hand:
        if s.card(inst).name == ref:
            return inst
    return -1


def zone_card(s: PtcgState, zone: list[int], ref: str) -> int:
    for inst in zone:
        if s.cards[inst] == ref or s.card(inst).name == ref:
            return inst
    return -1


def first_turn_of(s: PtcgState) -> bool:
    """Whether the current turn is its player's first turn of the game (turns 1 and 2)."""
    return s.turn <= 2


# ---------------------------------------------------------------------------- damage
def hit(ctx: Ctx, seat: int, amount: int, slot: int = 0, *, wr: bool = True) -> int:
    """Damage from ``seat``'s attack to the opponent's Pokémon at ``slot``; returns the damage.

    Weakness (×2) then Resistance (-30), on the Active only (ptcg-ex.md, Damage).
    """
    s = ctx.s
    target = s.sides[1 - seat].mon(slot)
    attacker = s.sides[seat].active
    if target is None or attacker is None:
        return 0
    if slot == 0 and wr and amount > 0:
        kinds = s.top(attacker).types
        card = s.top(target)
        if any(k in card.weakness for k in kinds):
            amount *= WEAKNESS_FACTOR
        if any(k in card.resistance for k in kinds):
            amount -= RESISTANCE_AMOUNT
    amount = max(0, amount)
    if amount:
        if ctx.record:
            ctx.emit("damage", p=SEATS[1 - seat], slot=slot, n=amount)
        else:  # no log: the event's change made directly
            damage_mon(s, 1 - seat, slot, amount)
            ctx.emitted += 1
    return amount


def counters(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Put ``n`` damage counters (10 HP each) on a Pokémon: no Weakness or Resistance."""
    if n and ctx.s.sides[seat].mon(slot) is not None:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=10 * n)


def heal(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Remove up to ``n`` damage counters."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage and n:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=-min(mon.damage, 10 * n))


def set_condition(ctx: Ctx, seat: int, slot: int, what: str) -> None:
    if ctx.s.sides[seat].mon(slot) is not None:
        ctx.emit("condition", p=SEATS[seat], slot=slot, add=what)


# ---------------------------------------------------------------------------- the flow
def _nothing_to_settle(s: PtcgState) -> bool:
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


def settle(ctx: Ctx) -> bool:
    """Knock Outs, Prize cards and the end of the game; True when the game is over."""
    s = ctx.s
    if _nothing_to_settle(s):
        return False
    took = [False, False]
    for seat in (1 - s.current, s.current):
        side = s.sides[seat]
        hurt = [(0, side.active)] if side.active is not None and side.active.damage else []
        hurt += [(i + 1, m) for i, m in enumerate(side.bench) if m.damage]
        for slot, mon in reversed(hurt):
            if mon.damage >= max_hp(s, mon):
                prizes = 2 if s.top(mon).ex else 1
                ctx.emit("knockout", p=SEATS[seat], slot=slot)
                other = s.sides[1 - seat]
                if other.prizes:
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
    if _nothing_to_settle(s):  # nothing Knocked Out and both Actives there: go on at once
        # go_on(ctx, then, settled=True), inline
        if then == "checkup":
            checkup(ctx, True)
        elif then == "next":
            next_turn(ctx)
        return
    if settle(ctx):
        return
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
        mon = s.sides[seat].active
        if mon is None or (
            mon.tool < 0 and not mon.rotation and not mon.poisoned and not mon.burned
        ):
            continue  # no Tool, no Special Condition: nothing below applies
        p = SEATS[seat]
        if mon.tool >= 0:
            tool = reg.TOOLS.get(s.cards[mon.tool])
            if tool is not None and tool.between_turns is not None:
                tool.between_turns(ctx, seat, 0)
        if mon.poisoned:
            ctx.emit("damage", p=p, slot=0, n=10)
        if mon.burned and not ctx.flip("burn"):
            ctx.emit("damage", p=p, slot=0, n=20)
        if mon.rotation == "asleep" and ctx.flip("sleep"):
            ctx.emit("cure", p=p, slot=0, which=["asleep"])
        if mon.rotation == "paralyzed" and seat == ended:
            ctx.emit("cure", p=p, slot=0, which=["paralyzed"])
    if settled and ctx.emitted == emitted:
        # next_turn(ctx) and draw_for_turn, inline: the way every quiet turn change goes
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


def next_turn(ctx: Ctx) -> None:
    s = ctx.s
    seat = 1 - s.current
    ctx.emit("start_turn", p=SEATS[seat], turn=s.turn + 1)
    draw_for_turn(ctx, seat)


def draw_for_turn(ctx: Ctx, seat: int) -> None:
    if ctx.s.sides[seat].deck:
        ctx.emit("draw", p=SEATS[seat], n=1)
    else:
        ctx.emit(
            "game_over",
            winners=[SEATS[1 - seat]],
            reason=f"{SEATS[seat]} could not draw a card at the start of the turn",
            rule="ptcg.win.deck-out",
        )


# ---------------------------------------------------------------------------- check
def whose_turn(s: PtcgState) -> int:
    if s.phase == "promote" and s.promote:
        return s.promote[0]
    if s.phase == "choice" and s.pending is not None:
        return SEAT_INDEX[s.pending["p"]]
    return s.current


def refuse(rule: str, detail: str = "") -> Refusal:
    return RULES.refuse(rule, detail)


def _known_card(s: PtcgState, ref: str, kind: str) -> None:
    from turnkeeper.rulesets.ptcg.cards import find_card, pool

    if find_card(pool(s.card_db), ref) is None:
        raise BadActionError(f"{kind}: unknown card {ref!r}")


def check(s: PtcgState, action: Action) -> Refusal | None:
    """None if ``action`` may be taken now, else the rule that refuses it (pure)."""
    kind = action.kind
    params = params_of(action)  # the declared model: unknown kinds and fields are named
    if action.actor not in SEAT_INDEX:
        raise BadActionError(f"{kind}: the actor must be 'p1' or 'p2', not {action.actor!r}")
    if s.phase == "over":
        return refuse(s.end_rule, f"the game is over: {s.end_reason}")
    if s.phase not in PHASE_KINDS:
        return refuse("ptcg.turn.phase", "the game has not been set up yet")
    seat = SEAT_INDEX[action.actor]
    if seat != whose_turn(s):
        # After an attack its player acts no more: not in the next turn, nor while the
        # opponent promotes or answers a card right after the attack (TR 8: one attack).
        if (
            kind in MAIN_KINDS
            and s.last_attacker == seat
            and (s.phase == "main" or s.current == seat)
        ):
            return refuse(
                "ptcg.attack.ends-turn",
                f"{action.actor} attacked, and the attack ended their turn",
            )
        return refuse(
            "ptcg.turn.order", f"it is {SEATS[whose_turn(s)]}'s move, not {action.actor}'s"
        )
    if kind not in PHASE_KINDS[s.phase]:
        allowed = ", ".join(sorted(PHASE_KINDS[s.phase]))
        return refuse(
            "ptcg.turn.phase",
            f"{kind} is not possible while {PHASE_NAMES[s.phase]}; possible now: {allowed}",
        )
    return CHECKS[kind](s, seat, params)


def _check_choose_first(s: PtcgState, seat: int, params: ChooseFirstParams) -> Refusal | None:
    return None  # the model allows only p1 and p2


def _check_place(s: PtcgState, seat: int, params: PlaceParams, where: str) -> Refusal | None:
    kind = f"place_{where}"
    ref = params.card
    side = s.sides[seat]
    if side.ready:
        return refuse("ptcg.turn.order", f"{SEATS[seat]} has already finished setting up")
    inst = hand_card(s, seat, ref)
    if inst < 0:
        _known_card(s, ref, kind)
        return refuse("ptcg.card.in-hand", f"{ref} is not in {SEATS[seat]}'s hand")
    if not s.card(inst).is_basic_pokemon:
        return refuse("ptcg.setup.basic-only", f"{s.card(inst).name} is not a Basic Pokémon")
    if where == "active" and side.active is not None:
        return refuse("ptcg.target.in-play", "the Active spot is already taken")
    if where == "bench" and len(side.bench) >= MAX_BENCH:
        return refuse("ptcg.bench.max-five", "the Bench already holds five Pokémon")
    return None


def _check_ready(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    if s.sides[seat].active is None:
        return refuse("ptcg.setup.need-active", "put a Basic Pokémon down as Active first")
    return None


def _card_in_hand(s: PtcgState, seat: int, ref: str, kind: str) -> tuple[int, Refusal | None]:
    inst = hand_card(s, seat, ref)
    if inst < 0:
        _known_card(s, ref, kind)
        return -1, refuse("ptcg.card.in-hand", f"{ref} is not in {SEATS[seat]}'s hand")
    return inst, None


def _own_target(
    s: PtcgState, seat: int, place: str | None, kind: str, key: str = "target"
) -> tuple[int, Refusal | None]:
    slot = parse_slot(place, f"{kind}: {key!r}")
    if s.sides[seat].mon(slot) is None:
        return slot, refuse(
            "ptcg.target.in-play", f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}"
        )
    return slot, None


# ---------------------------------------------------------------------------- the rules
# Each rule's condition lives in one predicate below; ``check`` and ``legal`` both use them.
# A predicate returns the id of the rule that forbids the move, or None.
def bench_rule(s: PtcgState, seat: int, card: CardDef) -> str | None:
    """Turn step 2: only Basics go to the Bench, at most five."""
    if not card.is_basic_pokemon:
        return "ptcg.bench.basic-only"
    if len(s.sides[seat].bench) >= MAX_BENCH:
        return "ptcg.bench.max-five"
    return None


def attach_rule(s: PtcgState, card: CardDef) -> str | None:
    """Turn step 3: one Energy card from the hand per turn."""
    if card.kind != "energy":
        return "ptcg.card.wrong-kind"
    if not card.basic_energy and card.id not in reg.ENERGIES:
        return "ptcg.card.not-implemented"
    if s.energy_played:
        return "ptcg.energy.one-per-turn"
    return None


def evolve_rule(s: PtcgState, mon: Mon, card: CardDef) -> str | None:
    """Turn step 4: the right stage and name; not on a first turn, a newcomer, or twice."""
    if not card.is_evolution:
        return "ptcg.card.wrong-kind"
    base = s.top(mon)
    if card.evolves_from != base.name or base.stage != (
        "basic" if card.stage == "stage1" else "stage1"
    ):
        return "ptcg.evolve.matches"
    if first_turn_of(s):
        return "ptcg.evolve.not-first-turn"
    if mon.entered >= s.turn:
        return "ptcg.evolve.not-new"
    if mon.evolved >= s.turn:
        return "ptcg.evolve.once-per-turn"
    return None


def trainer_rule(s: PtcgState, card: CardDef) -> str | None:
    """Turn step 5: the card must be a Trainer with a handler; Supporter and Stadium limits."""
    if card.kind != "trainer":
        return "ptcg.card.wrong-kind"
    if card.trainer == "tool":
        return None if card.id in reg.TOOLS else "ptcg.card.not-implemented"
    if card.trainer == "stadium":
        if card.id not in reg.STADIUMS:
            return "ptcg.card.not-implemented"
        if s.stadium_played:
            return "ptcg.trainer.stadium-once"
        if (
            s.stadium >= 0
            and s.card(s.stadium).name == card.name
            and not s.typed_settings.stadium_same_name
        ):
            return "ptcg.trainer.stadium-same-name"
        return None
    if card.id not in reg.TRAINERS:
        return "ptcg.card.not-implemented"
    if card.trainer == "supporter":
        if s.supporter_played:
            return "ptcg.trainer.supporter-once"
        if s.turn == 1 and not s.typed_settings.first_turn_supporter:
            return "ptcg.trainer.first-turn-supporter"
    return None


def tool_rule(mon: Mon) -> str | None:
    return "ptcg.trainer.one-tool" if mon.tool >= 0 else None


def retreat_rule(s: PtcgState, mon: Mon) -> str | None:
    """Turn step 6: once per turn, not Asleep or Paralyzed, not blocked, cost paid."""
    if s.retreated:
        return "ptcg.retreat.once-per-turn"
    if mon.rotation in ("asleep", "paralyzed"):
        return "ptcg.retreat.condition"
    if mon.no_retreat >= s.turn:
        return "ptcg.retreat.blocked"
    cost = retreat_cost(s, mon)
    # Paid in Energy provided (READINGS ptcg): count the cards first, the cheap bound.
    if len(mon.energy) < cost:
        defs = s.defs
        provided = 0
        for card in mon.energy:
            provided += len(defs[card].provides) or 1  # energy_amount(s, card)
        if provided < cost:
            return "ptcg.retreat.cost"
    return None


def power_rule(s: PtcgState, seat: int, slot: int, mon: Mon, power: Power) -> str | None:
    """Turn step 7: Poké-Powers with handlers, no Special Condition, once, requirement met."""
    if power.kind == "body":
        return "ptcg.power.body-always-on"
    card = s.top(mon)
    effect = reg.POWERS.get((card.id, power.name))
    if effect is None:
        return "ptcg.card.not-implemented"
    if mon.has_condition():
        return "ptcg.power.condition"
    if effect.once and f"{mon.stack[0]}:{power.name}" in s.powers_used:
        return "ptcg.power.once-per-turn"
    if effect.usable(s, seat, slot) is not None:
        return "ptcg.power.requirement"
    return None


def attack_rule(s: PtcgState, mon: Mon, attack: Attack) -> str | None:
    """Turn step 8: a handled attack, the first-turn setting, no Asleep/Paralyzed, Energy."""
    if attack.effect and (s.defs[mon.stack[-1]].id, attack.name) not in reg.ATTACKS:
        return "ptcg.card.not-implemented"
    if s.turn == 1 and not s.typed_settings.first_turn_attack:
        return "ptcg.attack.first-turn"
    if mon.rotation in ("asleep", "paralyzed"):
        return "ptcg.attack.condition"
    if not can_pay(s, mon, attack.cost):
        return "ptcg.attack.energy"
    return None


# What a refusal says, filled in from the names at hand (missing names print as "?").
DETAILS = {
    "ptcg.bench.basic-only": "{card} is not a Basic Pokémon",
    "ptcg.bench.max-five": "the Bench already holds five Pokémon",
    "ptcg.card.wrong-kind": "{card} cannot be played this way ({how})",
    "ptcg.card.not-implemented": "{what} has no effect handler yet",
    "ptcg.energy.one-per-turn": "{player} already attached an Energy card this turn",
    "ptcg.evolve.matches": "{card} evolves from {evolves_from}, not from {base}",
    "ptcg.evolve.not-first-turn": "no evolving on a player's first turn",
    "ptcg.evolve.not-new": "{base} came into play this turn",
    "ptcg.evolve.once-per-turn": "{base} already evolved this turn",
    "ptcg.trainer.supporter-once": "a Supporter was already played this turn",
    "ptcg.trainer.first-turn-supporter": "the starting player plays no Supporter on turn 1",
    "ptcg.trainer.stadium-once": "a Stadium was already played this turn",
    "ptcg.trainer.stadium-same-name": "{card} is already the Stadium in play",
    "ptcg.trainer.one-tool": "{base} already holds a Pokémon Tool",
    "ptcg.retreat.once-per-turn": "{player} already retreated this turn",
    "ptcg.retreat.condition": "{base} is {rotation}",
    "ptcg.retreat.blocked": "a card effect stops {base} retreating this turn",
    "ptcg.retreat.cost": "retreating {base} costs {cost} Energy; it has {energy}",
    "ptcg.power.body-always-on": "{what} is a Poké-Body: it works by itself",
    "ptcg.power.condition": "{base} is {conditions}: no Poké-Powers",
    "ptcg.power.once-per-turn": "{base} already used {what} this turn",
    "ptcg.power.requirement": "{why}",
    "ptcg.attack.first-turn": "no attacking on the first turn (setting first_turn_attack)",
    "ptcg.attack.condition": "{base} is {rotation}",
    "ptcg.attack.energy": "{what} needs {cost}; {base} has {energy} Energy attached",
}


class _Names(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "?"


def why(rule: str, **names: Any) -> Refusal:
    """The refusal for ``rule``, its reason filled in with the names of this case."""
    template = DETAILS.get(rule)
    return refuse(rule, template.format_map(_Names(names)) if template else "")


def _mon_names(s: PtcgState, mon: Mon) -> dict[str, Any]:
    return {
        "base": s.top(mon).name,
        "rotation": mon.rotation,
        "conditions": ", ".join(mon.conditions()),
        "energy": len(mon.energy),
        "cost": retreat_cost(s, mon),
    }


def _check_bench(s: PtcgState, seat: int, params: CardParams) -> Refusal | None:
    inst, no = _card_in_hand(s, seat, params.card, "bench")
    if no:
        return no
    card = s.card(inst)
    rule = bench_rule(s, seat, card)
    return why(rule, card=card.name) if rule else None


def _check_attach(s: PtcgState, seat: int, params: CardOnPlaceParams) -> Refusal | None:
    inst, no = _card_in_hand(s, seat, params.card, "attach")
    if no:
        return no
    _slot, no = _own_target(s, seat, params.target, "attach")
    card = s.card(inst)
    rule = attach_rule(s, card)
    if rule == "ptcg.card.wrong-kind" or (rule and not no):
        return why(
            rule, card=card.name, how="only Energy is attached", what=card.name, player=SEATS[seat]
        )
    return no


def _check_evolve(s: PtcgState, seat: int, params: CardOnPlaceParams) -> Refusal | None:
    inst, no = _card_in_hand(s, seat, params.card, "evolve")
    if no:
        return no
    slot, no = _own_target(s, seat, params.target, "evolve")
    card = s.card(inst)
    if not card.is_evolution:
        return why("ptcg.card.wrong-kind", card=card.name, how="it is not an Evolution card")
    if no:
        return no
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    rule = evolve_rule(s, mon, card)
    if rule:
        return why(rule, card=card.name, evolves_from=card.evolves_from, **_mon_names(s, mon))
    return None


def _check_trainer(s: PtcgState, seat: int, params: TrainerParams) -> Refusal | None:
    inst, no = _card_in_hand(s, seat, params.card, "play_trainer")
    if no:
        return no
    card = s.card(inst)
    rule = trainer_rule(s, card)
    if rule:
        return why(rule, card=card.name, how="it is not a Trainer card", what=card.name)
    if card.trainer == "tool":
        slot, no = _own_target(s, seat, params.target, "play_trainer")
        if no:
            return no
        mon = s.sides[seat].mon(slot)
        assert mon is not None
        rule = tool_rule(mon)
        return why(rule, **_mon_names(s, mon)) if rule else None
    effect = reg.TRAINERS.get(card.id)
    if effect is not None and effect.check is not None:
        found = effect.check(s, seat, params)
        if found is not None:
            return refuse(*found)
    return None


def _check_retreat(s: PtcgState, seat: int, params: RetreatParams) -> Refusal | None:
    slot = parse_slot(params.target, "retreat: 'target'")
    side = s.sides[seat]
    mon = side.active
    if slot == 0:
        raise BadActionError("retreat: 'target' must be a Benched Pokémon (bench1..bench5)")
    discard = params.discard
    if s.retreated:
        return why("ptcg.retreat.once-per-turn", player=SEATS[seat])
    if mon is None or side.mon(slot) is None:
        return refuse("ptcg.target.in-play", f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}")
    rule = retreat_rule(s, mon)
    if rule:
        return why(rule, player=SEATS[seat], **_mon_names(s, mon))
    if discard is not None:
        cost = retreat_cost(s, mon)
        pool_left = list(mon.energy)
        amounts = []
        for ref in discard:
            inst = zone_card(s, pool_left, ref)
            if inst < 0:
                raise BadActionError(f"retreat: {ref!r} is not attached to the Active Pokémon")
            pool_left.remove(inst)
            amounts.append(energy_amount(s, inst))
        paid = sum(amounts)
        if paid < cost:
            return refuse(
                "ptcg.retreat.cost",
                f"the named Energy provides {paid}, short of the retreat cost of {cost}",
            )
        if amounts and paid - min(amounts) >= cost:
            raise BadActionError(
                f"retreat: 'discard' must name exactly {cost} Energy: cards that provide "
                "the cost, none of them beyond what is needed"
            )
    return None


def _power_of(s: PtcgState, seat: int, params: PowerParams) -> tuple[int, str, Refusal | None]:
    name = params.power
    pokemon = params.pokemon
    if pokemon == "hand":
        return (
            -1,
            name,
            refuse(
                "ptcg.power.in-play",
                "a Pokémon in the hand is not in play: its power can't be used",
            ),
        )
    slot = parse_slot(pokemon, "use_power: 'pokemon'")
    if s.sides[seat].mon(slot) is None:
        return (
            slot,
            name,
            refuse("ptcg.target.in-play", f"{SEATS[seat]} has no Pokémon at {slot_name(slot)}"),
        )
    return slot, name, None


def _check_power(s: PtcgState, seat: int, params: PowerParams) -> Refusal | None:
    slot, name, no = _power_of(s, seat, params)
    if no:
        return no
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    card = s.top(mon)
    power = card.power(name)
    if power is None:
        raise BadActionError(f"use_power: {card.name} has no Poké-Power or Poké-Body {name!r}")
    rule = power_rule(s, seat, slot, mon, power)
    if rule is None:
        return None
    reason = ""
    effect = reg.POWERS.get((card.id, name))
    if rule == "ptcg.power.requirement" and effect is not None:
        reason = effect.usable(s, seat, slot) or ""
    return why(rule, what=f"{card.name}'s {name}", why=reason, **_mon_names(s, mon))


def _attack_of(s: PtcgState, seat: int, params: AttackParams) -> tuple[CardDef, Attack]:
    name = params.attack
    mon = s.sides[seat].active
    if mon is None:
        raise BadActionError("attack: there is no Active Pokémon")
    card = s.top(mon)
    attack = card.attack(name)
    if attack is None:
        names = ", ".join(a.name for a in card.attacks) or "none"
        raise BadActionError(f"attack: {card.name} has no attack {name!r} (it has: {names})")
    return card, attack


def _check_attack(s: PtcgState, seat: int, params: AttackParams) -> Refusal | None:
    card, attack = _attack_of(s, seat, params)
    mon = s.sides[seat].active
    assert mon is not None
    rule = attack_rule(s, mon, attack)
    if rule:
        return why(
            rule,
            what=f"{card.name}'s {attack.name}",
            **{**_mon_names(s, mon), "cost": "+".join(attack.cost) or "nothing"},
        )
    effect = reg.ATTACKS.get((card.id, attack.name))
    if effect is not None and effect.check is not None:
        found = effect.check(s, seat, params)
        if found is not None:
            return refuse(*found)
    return None


def _check_end_turn(s: PtcgState, seat: int, params: NoParams) -> Refusal | None:
    return None


def _check_promote(s: PtcgState, seat: int, params: PromoteParams) -> Refusal | None:
    slot = parse_slot(params.target, "promote: 'target'")
    if slot == 0 or s.sides[seat].mon(slot) is None:
        return refuse(
            "ptcg.target.in-play", f"{SEATS[seat]} has no Benched Pokémon at {slot_name(slot)}"
        )
    return None


def _check_choose(s: PtcgState, seat: int, params: ChooseParams) -> Refusal | None:
    assert s.pending is not None
    option = params.option
    count = len(s.pending["options"])
    if not 0 <= option < count:
        raise BadActionError(f"choose: 'option' must be a number from 0 to {count - 1}")
    return None


# One row per action kind (the kinds of actions.ACTIONS): the function that checks it.
CHECKS: dict[str, Callable[[PtcgState, int, Any], Refusal | None]] = {
    "choose_first": _check_choose_first,
    "place_active": lambda s, seat, p: _check_place(s, seat, p, "active"),
    "place_bench": lambda s, seat, p: _check_place(s, seat, p, "bench"),
    "ready": _check_ready,
    "bench": _check_bench,
    "attach": _check_attach,
    "evolve": _check_evolve,
    "play_trainer": _check_trainer,
    "retreat": _check_retreat,
    "use_power": _check_power,
    "attack": _check_attack,
    "end_turn": _check_end_turn,
    "promote": _check_promote,
    "choose": _check_choose,
}


# ---------------------------------------------------------------------------- run
def run(s: PtcgState, action: Action, dice: DiceSource, record: bool = True) -> list[Event]:
    """Carry out an allowed action on ``s`` (the live state or a clone); return its events."""
    ctx = Ctx(s, dice, record)
    seat = SEAT_INDEX[str(action.actor)]
    RUNS[action.kind](ctx, seat, params_of(action))
    return ctx.events


def _run_choose_first(ctx: Ctx, seat: int, params: ChooseFirstParams) -> None:
    ctx.emit("first", p=params.first)


def _run_place(ctx: Ctx, seat: int, params: PlaceParams, where: str) -> None:
    inst = hand_card(ctx.s, seat, params.card)
    ctx.emit("place", p=SEATS[seat], card=inst, where=where)


def _run_ready(ctx: Ctx, seat: int, params: NoParams) -> None:
    ctx.emit("ready", p=SEATS[seat])
    s = ctx.s
    if all(side.ready for side in s.sides):
        ctx.emit("reveal")
        if s.typed_settings.first_turn_draw:
            draw_for_turn(ctx, s.first)


def _run_bench(ctx: Ctx, seat: int, params: CardParams) -> None:
    inst = hand_card(ctx.s, seat, params.card)
    if ctx.record:
        ctx.emit("bench", p=SEATS[seat], card=inst)
    else:  # no log: the event's change made directly
        bench_card(ctx.s, seat, inst)
        ctx.emitted += 1
        # after(ctx, "main") would find nothing to settle: the board was settled before
        # this main-phase action (every action ends by settling) and a new Basic on the
        # Bench has no damage and changes no other Pokémon's damage or HP
        return
    after(ctx, "main")


def _run_attach(ctx: Ctx, seat: int, params: CardOnPlaceParams) -> None:
    s = ctx.s
    inst = hand_card(s, seat, params.card)
    slot = _SLOT_INDEX[params.target]
    if ctx.record:
        ctx.emit("attach", p=SEATS[seat], card=inst, slot=slot, counts=True)
    else:  # no log: the event's change made directly
        # attach_card(s, seat, inst, slot, "hand", True), inline
        side = s.sides[seat]
        side.hand.remove(inst)
        mon = side.mon(slot)
        assert mon is not None
        mon.energy.append(inst)
        s.energy_played = True
        ctx.emitted += 1
        emitted = ctx.emitted
        energy = reg.ENERGIES.get(s.cards[inst])
        powers = s.defs[mon.stack[-1]].powers
        if powers or (energy is not None and energy.on_attach is not None):
            # (without an Energy effect or a power, attached_from_hand has nothing to do)
            attached_from_hand(ctx, seat, slot, inst)
        if ctx.emitted == emitted and s.stadium < 0:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, no effect reacted to the Energy (no event) and without
            # a Stadium an Energy card changes no HP
            return
        after(ctx, "main")
        return
    attached_from_hand(ctx, seat, slot, inst)
    after(ctx, "main")


def attached_from_hand(ctx: Ctx, seat: int, slot: int, inst: int) -> None:
    """What reacts to an Energy card put from the hand onto a Pokémon during the turn:
    the Energy's own effect (Rainbow Energy) and the Pokémon's Poké-Bodies (Natural Remedy).
    """
    s = ctx.s
    energy = reg.ENERGIES.get(s.cards[inst])
    if energy is not None and energy.on_attach is not None:
        energy.on_attach(ctx, seat, slot, inst)
    mon = s.sides[seat].mon(slot)
    if mon is not None:
        card = s.top(mon)
        for power in card.powers:
            body = reg.BODIES.get((card.id, power.name))
            if body is not None and body.on_attach is not None:
                body.on_attach(ctx, seat, slot, inst)


def _run_evolve(ctx: Ctx, seat: int, params: CardOnPlaceParams) -> None:
    inst = hand_card(ctx.s, seat, params.card)
    slot = _SLOT_INDEX[params.target]
    if ctx.record:
        ctx.emit("evolve", p=SEATS[seat], card=inst, slot=slot)
    else:  # no log: the event's change made directly
        s = ctx.s
        evolve_mon(s, seat, inst, slot)
        ctx.emitted += 1
        mon = s.sides[seat].mon(slot)
        if s.stadium < 0 and mon is not None and mon.damage < s.defs[inst].hp:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, and only this Pokémon's HP changed (without a
            # Stadium, its new card's printed HP), still above its damage
            return
    after(ctx, "main")


def _run_trainer(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    inst = hand_card(s, seat, params.card)
    card = s.card(inst)
    if card.trainer == "tool":
        slot = parse_slot(params.target, "target")
        ctx.emit("trainer", p=SEATS[seat], card=inst, kind="tool", slot=slot)
    elif card.trainer == "stadium":
        ctx.emit("trainer", p=SEATS[seat], card=inst, kind="stadium")
    else:
        if ctx.record:
            ctx.emit("trainer", p=SEATS[seat], card=inst, kind=card.trainer)
        else:  # no log: the event's change made directly
            play_trainer_card(s, seat, inst, card.trainer, -1)
            ctx.emitted += 1
        reg.TRAINERS[card.id].run(ctx, seat, params)
    if ctx.s.phase == "main":
        after(ctx, "main")


def pick_retreat_energy(s: PtcgState, mon: Mon, cost: int) -> list[int]:
    """The Energy discarded when the player names none: the most recently attached first,
    until the cards discarded provide the cost."""
    chosen: list[int] = []
    paid = 0
    for card in reversed(mon.energy):
        if paid >= cost:
            break
        chosen.append(card)
        paid += energy_amount(s, card)
    return chosen


def _run_retreat(ctx: Ctx, seat: int, params: RetreatParams) -> None:
    s = ctx.s
    mon = s.sides[seat].active
    assert mon is not None
    cost = retreat_cost(s, mon)
    named = params.discard
    if named is None:
        chosen = pick_retreat_energy(s, mon, cost)
    else:
        left = list(mon.energy)
        chosen = []
        for ref in named:
            inst = zone_card(s, left, ref)
            left.remove(inst)
            chosen.append(inst)
    slot = _SLOT_INDEX[params.target]
    if not ctx.record:  # no log: the events' changes made directly
        if chosen:
            discard_energy_of(s, seat, 0, chosen)
            ctx.emitted += 1
        switch_active(s, seat, slot, True)
        ctx.emitted += 1
        if s.stadium < 0:
            # after(ctx, "main") would find nothing to settle: the board was settled before
            # this main-phase action, and without a Stadium retreating changes no damage
            # or HP and leaves an Active in place
            return
    else:
        if chosen:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=chosen)
        ctx.emit("switch", p=SEATS[seat], slot=slot, retreat=True)
    after(ctx, "main")


def _run_power(ctx: Ctx, seat: int, params: PowerParams) -> None:
    s = ctx.s
    slot = parse_slot(params.pokemon, "pokemon")
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    card = s.top(mon)
    name = params.power
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=name)
    reg.POWERS[(card.id, name)].run(ctx, seat, slot, params)
    if ctx.s.phase == "main":
        after(ctx, "main")


def _run_attack(ctx: Ctx, seat: int, params: AttackParams) -> None:
    s = ctx.s
    card, attack = _attack_of(s, seat, params)
    if ctx.record:
        ctx.emit("attack", p=SEATS[seat], name=attack.name)
    else:  # no log: the event's change made directly
        s.last_attacker = seat
        ctx.emitted += 1
    mon = s.sides[seat].active
    assert mon is not None
    # Confused: flip before attacking; tails -> 3 damage counters on itself, no attack.
    if mon.rotation == "confused" and not ctx.flip("confusion"):
        counters(ctx, seat, 0, 3)
    else:
        effect = reg.ATTACKS.get((card.id, attack.name))
        if effect is not None:
            effect.run(ctx, seat, params)
        else:
            hit(ctx, seat, attack.damage)
    end_turn(ctx, attacked=True)


def _run_end_turn(ctx: Ctx, seat: int, params: NoParams) -> None:
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
        first is None
        or (first.tool < 0 and not first.rotation and not first.poisoned and not first.burned)
    ) and (
        second is None
        or (second.tool < 0 and not second.rotation and not second.poisoned and not second.burned)
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


def _run_promote(ctx: Ctx, seat: int, params: PromoteParams) -> None:
    s = ctx.s
    ctx.emit("promote", p=SEATS[seat], slot=_SLOT_INDEX[params.target])
    if not s.promote:
        then = s.resume
        ctx.emit("resume")
        go_on(ctx, then)


def _run_choose(ctx: Ctx, seat: int, params: ChooseParams) -> None:
    s = ctx.s
    assert s.pending is not None
    pending = s.pending
    option = params.option
    ctx.emit("answer", p=SEATS[seat], option=option, label=pending["options"][option])
    reg.CHOICES[pending["key"]](ctx, seat, option, dict(pending["data"]))
    if ctx.s.phase == "main":
        after(ctx, "main")


# One row per action kind (the kinds of actions.ACTIONS): the function that carries it out.
RUNS: dict[str, Callable[[Ctx, int, Any], None]] = {
    "choose_first": _run_choose_first,
    "place_active": lambda c, seat, p: _run_place(c, seat, p, "active"),
    "place_bench": lambda c, seat, p: _run_place(c, seat, p, "bench"),
    "ready": _run_ready,
    "bench": _run_bench,
    "attach": _run_attach,
    "evolve": _run_evolve,
    "play_trainer": _run_trainer,
    "retreat": _run_retreat,
    "use_power": _run_power,
    "attack": _run_attack,
    "end_turn": _run_end_turn,
    "promote": _run_promote,
    "choose": _run_choose,
}


# ---------------------------------------------------------------------------- legal actions
def _distinct(s: PtcgState, zone: list[int]) -> list[int]:
    """One instance per card id (copies in a zone are interchangeable)."""
    seen: set[str] = set()
    found = []
    for inst in zone:
        cid = s.cards[inst]
        if cid not in seen:
            seen.add(cid)
            found.append(inst)
    return found


def legal(s: PtcgState, seat: int, describe: bool = True) -> Iterator[Offer]:
    """Every action ``seat`` may take now; each one passes :func:`check`.

    Each offer carries its typed parameters (an :class:`~actions.Offer`), its cost as text
    (``cost``) and as data (``cost_detail``: the turn's limits it uses up, e.g.
    ``{"energy_attachment": 1}``, and an attack's Energy symbols). ``describe=False`` leaves
    both empty: the simulator's hot path.
    """
    if s.phase == "over" or s.phase not in PHASE_KINDS or seat != whose_turn(s):
        return
    mk = _described if describe else _plain_action
    p = SEATS[seat]
    side = s.sides[seat]
    phase = s.phase
    if phase == "first":
        for choice in SEATS:
            yield mk("choose_first", p, {"first": choice}, f"{choice} goes first")
        return
    if phase == "promote":
        for i, mon in enumerate(side.bench):
            yield mk("promote", p, {"target": f"bench{i + 1}"}, s.top(mon).name)
        return
    if phase == "choice":
        assert s.pending is not None
        for i, label in enumerate(s.pending["options"]):
            yield mk("choose", p, {"option": i}, str(label))
        return
    if phase == "setup":
        if side.ready:
            return
        for inst in _distinct(s, side.hand):
            card = s.card(inst)
            if card.is_basic_pokemon:
                if side.active is None:
                    yield mk("place_active", p, {"card": card.id}, card.name)
                elif len(side.bench) < MAX_BENCH:
                    yield mk("place_bench", p, {"card": card.id}, card.name)
        if side.active is not None:
            yield mk("ready", p, {})
        return
    yield from _legal_main(s, seat, describe)


_PLAIN: dict[tuple[Any, ...], Offer] = {}
_NO_COST: dict[str, Any] = {}


def _described(
    kind: str,
    actor: str,
    params: dict[str, Any],
    cost: str = "",
    cost_detail: dict[str, Any] | None = None,
) -> Offer:
    """An offer with its cost as text and as data (``{}``: it uses up no limit)."""
    return make_offer(kind, actor, params, cost, _NO_COST if cost_detail is None else cost_detail)


def _plain_action(
    kind: str,
    actor: str,
    params: dict[str, Any],
    cost: str = "",
    cost_detail: dict[str, Any] | None = None,
) -> Offer:
    """An offer without display text or cost data, shared between states: offers are
    immutable, and building them (with their typed parameters) is a large part of the
    simulator's time."""
    key = (kind, actor, *params.items())
    found = _PLAIN.get(key)
    if found is None:
        if len(_PLAIN) > 100_000:
            _PLAIN.clear()
        found = _PLAIN[key] = make_offer(kind, actor, params)
    return found


def trainer_cost(card: CardDef) -> dict[str, Any]:
    """The turn limit a Trainer card uses up: the one Supporter or the one Stadium."""
    if card.trainer == "supporter":
        return {"supporter": 1}
    if card.trainer == "stadium":
        return {"stadium": 1}
    return {}


def _legal_main(s: PtcgState, seat: int, d: bool) -> Iterator[Offer]:
    mk = _described if d else _plain_action
    p = SEATS[seat]
    side = s.sides[seat]
    places = side.in_play()
    for inst in _distinct(s, side.hand):
        card = s.card(inst)
        if card.kind == "pokemon":
            if card.stage == "basic":
                if bench_rule(s, seat, card) is None:
                    yield mk("bench", p, {"card": card.id}, card.name)
            else:
                for slot, mon in places:
                    if evolve_rule(s, mon, card) is None:
                        yield mk(
                            "evolve",
                            p,
                            {"card": card.id, "target": SLOT_NAMES[slot]},
                            f"{s.top(mon).name} -> {card.name}" if d else "",
                        )
        elif card.kind == "energy":
            if attach_rule(s, card) is None:
                for slot, mon in places:
                    yield mk(
                        "attach",
                        p,
                        {"card": card.id, "target": SLOT_NAMES[slot]},
                        f"{card.name} -> {s.top(mon).name}" if d else "",
                        {"energy_attachment": 1},
                    )
        elif trainer_rule(s, card) is None:
            yield from _legal_trainer(s, seat, card, d)
    active = side.active
    if active is None:
        return
    if side.bench and retreat_rule(s, active) is None:
        cost = retreat_cost(s, active)
        for i, benched in enumerate(side.bench):
            yield mk(
                "retreat",
                p,
                {"target": SLOT_NAMES[i + 1]},
                f"discard {cost} Energy; {s.top(benched).name} in" if d else "",
                {"retreat": 1, "discard_energy": cost},
            )
    for slot, mon in places:
        card = s.top(mon)
        for power in card.powers:
            if power.kind == "power" and power_rule(s, seat, slot, mon, power) is None:
                once = reg.POWERS[(card.id, power.name)].once
                yield mk(
                    "use_power",
                    p,
                    {"pokemon": SLOT_NAMES[slot], "power": power.name},
                    f"{card.name}: {power.name}" if d else "",
                    {"power": 1} if once else {},
                )
    card = s.top(active)
    for attack in card.attacks:
        if attack_rule(s, active, attack) is None:
            handler = reg.ATTACKS.get((card.id, attack.name))
            variants = handler.options(s, seat) if handler and handler.options else [{}]
            for extra in variants:
                yield mk(
                    "attack",
                    p,
                    {"attack": attack.name, **extra},
                    f"{attack.name} ({attack.damage or '-'}{attack.modifier})" if d else "",
                    {"attack": 1, "energy": list(attack.cost)},
                )
    yield mk("end_turn", p, {}, "pass")


def _legal_trainer(s: PtcgState, seat: int, card: CardDef, d: bool) -> Iterator[Offer]:
    """The ways to play a Trainer that ``trainer_rule`` allows."""
    mk = _described if d else _plain_action
    p = SEATS[seat]
    if card.trainer == "tool":
        for slot, mon in s.sides[seat].in_play():
            if tool_rule(mon) is None:
                yield mk(
                    "play_trainer",
                    p,
                    {"card": card.id, "target": SLOT_NAMES[slot]},
                    f"{card.name} -> {s.top(mon).name}" if d else "",
                )
        return
    effect = reg.TRAINERS.get(card.id)
    variants = effect.options(s, seat) if effect is not None and effect.options else [{}]
    for extra in variants:
        offer = mk("play_trainer", p, {"card": card.id, **extra}, card.name, trainer_cost(card))
        if effect is None or effect.check is None or effect.check(s, seat, offer.typed) is None:
            yield offer


# ---------------------------------------------------------------------------- the fast list
# ``legal_list`` is ``list(legal(s, seat, describe=False))`` built quickly, for the simulator:
# the same actions in the same order (tests/ptcg/test_fast_path.py plays games both ways).
# It asks the same rule predicates; what it adds are cheap necessary conditions checked
# first (where a predicate would refuse anyway) and offers shared between states (an Offer
# is immutable), so a step builds no Offer, no parameter dict and no display text.
_offer = make_offer
_END_TURN = tuple(_offer("end_turn", p, {}) for p in SEATS)
_RETREAT = tuple(
    tuple(_offer("retreat", p, {"target": SLOT_NAMES[i]}) for i in range(1, 6)) for p in SEATS
)
# per seat: card id -> its offer (a Trainer without options) or its offer per slot (a Tool);
# the offers of Pokémon and Energy cards are kept in their _HandCard summaries
_PLAY: tuple[dict[str, Offer], dict[str, Offer]] = ({}, {})
_TOOL: tuple[dict[str, tuple[Offer, ...]], dict[str, tuple[Offer, ...]]] = ({}, {})
# per seat: (attack name, *option items) -> the offer of an attack with options
_OPTION_OFFERS: tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]] = ({}, {})
# per seat: (Item card id, *option items) -> its offer (Items with options: see main_list)
_ITEM_OFFERS: tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]] = ({}, {})
# per seat: (power name, slot) -> its offer (attack offers are kept in _HandCard summaries)
_POWER: tuple[dict[tuple[str, int], Offer], dict[tuple[str, int], Offer]] = ({}, {})


def _per_slot(kind: str, seat: int, cid: str) -> tuple[Offer, ...]:
    p = SEATS[seat]
    return tuple(_offer(kind, p, {"card": cid, "target": SLOT_NAMES[i]}) for i in range(6))


_PROMOTE = tuple(
    tuple(_offer("promote", p, {"target": SLOT_NAMES[i]}) for i in range(1, 6)) for p in SEATS
)
_CHOOSE: tuple[list[Offer], list[Offer]] = ([], [])  # per seat: the offer of option i


def legal_list(s: PtcgState, seat: int) -> list[Offer]:
    """``list(legal(s, seat, describe=False))``, quickly (the same actions, same order)."""
    phase = s.phase
    if phase == "main":
        if seat == s.current and s.sides[seat].active is not None:
            return main_list(s, seat)
    elif phase == "promote":
        if seat == whose_turn(s):
            return list(_PROMOTE[seat][: len(s.sides[seat].bench)])
        return []
    elif phase == "choice" and seat == whose_turn(s):
        assert s.pending is not None
        count = len(s.pending["options"])
        offers = _CHOOSE[seat]
        while len(offers) < count:
            offers.append(_offer("choose", SEATS[seat], {"option": len(offers)}))
        return offers[:count]
    return list(legal(s, seat, describe=False))


# What ``main_list`` asks of a card in the hand, sorted out once per card (see _HandCard).
_NOTHING, _BASIC, _EVOLUTION, _BASIC_ENERGY, _SPECIAL_ENERGY, _ITEM, _TRAINER = range(7)


class _HandCard:
    """One card's facts as ``main_list`` uses them, worked out once per card (every copy
    of a card shares its CardDef, so its summary too): what kind of play it is (``code``),
    its offers per seat (``one``: benching a Basic or playing a Trainer; ``slots``: attaching
    or evolving, per slot), its attacks (and the fewest symbols any of them costs), the
    stage it evolves from, and whether it has a Poké-Power (a Poké-Body is never offered)."""

    __slots__ = (
        "attacks",
        "base",
        "card",
        "cid",
        "code",
        "fewest",
        "needs",
        "one",
        "powered",
        "slots",
    )

    def __init__(self, card: CardDef) -> None:
        self.card = card
        self.cid = card.id
        self.base = card.evolves_from
        # evolve_rule: the stage of the Pokémon it evolves (never matched unless an Evolution)
        self.needs = _STAGE_BELOW.get(card.stage) if card.is_evolution else None
        self.powered = any(power.kind == "power" for power in card.powers)
        # per attack: its number of symbols, whether they are all Colorless (then enough
        # Energy cards pay it: can_pay), its handler's key and its offer per seat
        self.attacks = tuple(
            (
                attack,
                len(attack.cost),
                all(symbol == "Colorless" for symbol in attack.cost),
                (card.id, attack.name),
                tuple(_offer("attack", p, {"attack": attack.name}) for p in SEATS),
            )
            for attack in card.attacks
        )
        self.fewest = min((len(attack.cost) for attack in card.attacks), default=0)
        self.one: tuple[Offer, ...] = ()
        self.slots: tuple[tuple[Offer, ...], ...] = ()
        cid = card.id
        kind = card.kind
        if kind == "pokemon":
            if card.stage == "basic":
                self.code = _BASIC
                self.one = tuple(_offer("bench", p, {"card": cid}) for p in SEATS)
            else:
                self.code = _EVOLUTION
                self.slots = (_per_slot("evolve", 0, cid), _per_slot("evolve", 1, cid))
        elif kind == "energy":
            # attach_rule passes a basic Energy card whenever no Energy was attached yet;
            # a special one also needs its handler (asked each time: registries can grow)
            self.code = _BASIC_ENERGY if card.basic_energy else _SPECIAL_ENERGY
            self.slots = (_per_slot("attach", 0, cid), _per_slot("attach", 1, cid))
        elif kind == "trainer":
            # an Item, the usual case, is listed in main_list itself (see _trainer_offers)
            self.code = _ITEM if card.trainer == "item" else _TRAINER
            self.one = tuple(_offer("play_trainer", p, {"card": cid}) for p in SEATS)
        else:
            self.code = _NOTHING


_STAGE_BELOW = {"stage1": "basic", "stage2": "stage1"}
_HAND_CARDS: dict[int, _HandCard] = {}  # id(CardDef) -> its summary (which holds the card)
# (card counts, ids of the CardDefs of every instance) -> _hand_cards's answer after defs
_DEFS_SUMMARIES: dict[tuple[Any, ...], tuple[list[_HandCard], tuple[bool, bool], list[int]]] = {}


def _hand_cards(
    defs: list[CardDef], owned: list[int]
) -> tuple[list[CardDef], list[_HandCard], tuple[bool, bool], list[int]]:
    """Per instance, its card's summary; per seat whether a card it may have in play has a
    Poké-Power (in a dealt game a player only ever plays their own cards); per instance,
    its summary's ``code``.

    Games with the same decks have the same instances: the answer is kept per list of cards
    (by identity; the summaries hold their cards, so no identity is reused meanwhile)."""
    key = (tuple(owned), *map(id, defs))
    known = _DEFS_SUMMARIES.get(key)
    if known is not None:
        return defs, known[0], known[1], known[2]
    if len(_DEFS_SUMMARIES) > 1000:
        _DEFS_SUMMARIES.clear()
    found = []
    for card in defs:
        info = _HAND_CARDS.get(id(card))
        if info is None or info.card is not card:
            info = _HAND_CARDS[id(card)] = _HandCard(card)
        found.append(info)
    if len(owned) == 2 and sum(owned) == len(found):
        powered = (
            any(info.powered for info in found[: owned[0]]),
            any(info.powered for info in found[owned[0] :]),
        )
    else:
        anyone = any(info.powered for info in found)
        powered = (anyone, anyone)
    codes = [info.code for info in found]
    _DEFS_SUMMARIES[key] = (found, powered, codes)
    return defs, found, powered, codes


def main_list(s: PtcgState, seat: int) -> list[Offer]:
    """The turn's actions, as ``_legal_main`` lists them: ``legal_list`` in the main phase,
    for ``seat`` the current player, who has an Active Pokémon.

    Each distinct card in the hand is looked at once, in the order of its first copy, through
    its summary (``_HandCard``), built once per state from ``s.defs`` and kept in ``s.fast``.
    """
    side = s.sides[seat]
    active = side.active
    assert active is not None
    defs = s.defs
    fast = s.fast
    if fast is None or fast[0] is not defs:
        fast = s.fast = _hand_cards(defs, s.owned)
    infos = fast[1]
    bench = side.bench
    nbench = len(bench)
    nmons = nbench + 1
    out: list[Offer] = []
    add = out.append
    top = defs[active.stack[-1]]
    rotation = active.rotation
    hand = side.hand
    if hand:
        # Necessary conditions of the predicates, checked once for the whole hand.
        may_attach = not s.energy_played
        # per kind of card (_HandCard.code), whether it may give an offer now: bench_rule
        # (a Basic, fewer than five on the Bench), not a first turn, no Energy attached yet.
        # A card that cannot is passed over before the distinct cards are told apart (all
        # its copies would be passed over alike: the order of the others is unchanged).
        # (may_evolve: s.turn > 2, not first_turn_of(s))
        live = (False, nbench < MAX_BENCH, s.turn > 2, may_attach, may_attach, True, True)
        names: list[str] = []  # the names in play, listed at the first Evolution card in hand
        seen: set[_HandCard] = set()  # one look per distinct card, at its first copy
        codes = fast[3]
        for inst in hand:
            if not live[codes[inst]]:
                continue
            info = infos[inst]
            if info in seen:
                continue
            seen.add(info)
            code = info.code
            if code == _BASIC:
                add(info.one[seat])
            elif code == _EVOLUTION:
                base = info.base
                if not names:
                    names = [top.name]
                    for mon in bench:
                        names.append(defs[mon.stack[-1]].name)
                if base not in names:
                    continue
                # evolve_rule, inline (its name test above, not a first turn: live): the
                # stage below the card's, and a Pokémon neither new nor evolved this turn
                needs = info.needs
                turn = s.turn
                for slot in range(nmons):
                    if names[slot] == base:
                        mon = active if slot == 0 else bench[slot - 1]
                        if (
                            defs[mon.stack[-1]].stage == needs
                            and mon.entered < turn
                            and mon.evolved < turn
                        ):
                            add(info.slots[seat][slot])
            elif code == _BASIC_ENERGY:  # attach_rule: a basic Energy card passes (live)
                out += info.slots[seat][:nmons]
            elif code == _ITEM:
                # _trainer_offers for an Item, inline: trainer_rule's only test for an Item
                # is a handler; then its options (each checked) or its one offer (checked)
                effect = reg.TRAINERS.get(info.cid)
                if effect is None:
                    continue
                if effect.options is not None:
                    # _plain_action("play_trainer", p, {"card": cid, **extra}) for each option,
                    # kept per (card, option); the check skipped where it passes every option
                    check = None if effect.options_checked else effect.check
                    known = _ITEM_OFFERS[seat]
                    cid = info.cid
                    for extra in effect.options(s, seat):
                        option = (cid, *extra.items())
                        found = known.get(option)
                        if found is None:
                            if len(known) > 100_000:
                                known.clear()
                            found = known[option] = _plain_action(
                                "play_trainer", SEATS[seat], {"card": cid, **extra}
                            )
                        if check is None or check(s, seat, found.typed) is None:
                            add(found)
                    continue
                found = info.one[seat]
                if effect.check is None or effect.check(s, seat, found.typed) is None:
                    add(found)
            elif code == _TRAINER:
                _trainer_offers(s, seat, info.card, active, bench, out)
            elif code == _SPECIAL_ENERGY and attach_rule(s, info.card) is None:
                out += info.slots[seat][:nmons]
    if nbench and not s.retreated:
        if s.stadium >= 0:  # a Stadium may lower the cost: ask the rule
            if retreat_rule(s, active) is None:
                out += _RETREAT[seat][:nbench]
        elif (
            # retreat_rule without a Stadium, inline: the cost is the printed one, and at least
            # as many Energy cards always pay it (else the rule counts the Energy provided)
            (not rotation or rotation not in ("asleep", "paralyzed"))
            and active.no_retreat < s.turn
            and (
                len(active.energy) >= top.retreat
                or (active.energy and retreat_rule(s, active) is None)
            )
        ):
            out += _RETREAT[seat][:nbench]
    if fast[2][seat]:  # a card of this player has a Poké-Power (without one, none offered)
        if infos[active.stack[-1]].powered:
            _power_offers(s, seat, 0, active, top, out)
        for i, mon in enumerate(bench, 1):
            if infos[mon.stack[-1]].powered:
                _power_offers(s, seat, i, mon, defs[mon.stack[-1]], out)
    # attack_rule, inline: its tests in its order, cheapest first where that cannot change
    # the outcome (they only refuse, and every refusal drops the offer alike). Asleep or
    # Paralyzed, or no attacking on turn 1: no attack at all; fewer Energy cards than
    # symbols never pays (can_pay's first test).
    # (and fewer Energy cards than the cheapest attack's symbols: none of them is offered)
    energy = len(active.energy)
    top_info = infos[active.stack[-1]]
    if (
        energy >= top_info.fewest
        and (not rotation or rotation not in ("asleep", "paralyzed"))
        and (s.turn != 1 or s.typed_settings.first_turn_attack)
    ):
        attacks = reg.ATTACKS
        for attack, ncost, colorless, key, offers in top_info.attacks:
            if ncost > energy:
                continue
            handler = attacks.get(key)
            if (attack.effect and handler is None) or (
                not colorless and not can_pay(s, active, attack.cost)
            ):
                continue
            if handler is not None and handler.options is not None:
                # _plain_action("attack", p, {"attack": name, **extra}) for each option, kept
                # per (attack, option): no parameter dict is built for an offer seen before
                known = _OPTION_OFFERS[seat]
                name = attack.name
                for extra in handler.options(s, seat):
                    option = (name, *extra.items())
                    found = known.get(option)
                    if found is None:
                        if len(known) > 100_000:
                            known.clear()
                        found = known[option] = _plain_action(
                            "attack", SEATS[seat], {"attack": name, **extra}
                        )
                    add(found)
                continue
            add(offers[seat])
    add(_END_TURN[seat])
    return out


def _power_offers(
    s: PtcgState, seat: int, slot: int, mon: Mon, card: CardDef, out: list[Offer]
) -> None:
    """The Poké-Powers of the Pokémon at ``slot`` that ``power_rule`` allows (``card`` is the
    top card of ``mon``)."""
    powers = reg.POWERS
    for power in card.powers:
        # power_rule(s, seat, slot, mon, power), inline: its tests in its order
        if power.kind != "power":
            continue
        effect = powers.get((card.id, power.name))
        if (
            effect is None
            or mon.rotation
            or mon.poisoned
            or mon.burned
            or (effect.once and f"{mon.stack[0]}:{power.name}" in s.powers_used)
            or effect.usable(s, seat, slot) is not None
        ):
            continue
        key = (power.name, slot)
        found = _POWER[seat].get(key)
        if found is None:
            found = _POWER[seat][key] = _offer(
                "use_power", SEATS[seat], {"pokemon": SLOT_NAMES[slot], "power": key[0]}
            )
        out.append(found)


def _trainer_offers(
    s: PtcgState, seat: int, card: CardDef, active: Mon, bench: list[Mon], out: list[Offer]
) -> None:
    """The ways to play a Trainer card ``card`` (as ``_legal_trainer`` after
    ``trainer_rule``); the plain Item, the usual case, is told apart first."""
    cid = card.id
    effect = reg.TRAINERS.get(cid)
    if card.trainer == "item":
        if effect is None:  # trainer_rule's only test for an Item: a handler
            return
    elif trainer_rule(s, card) is not None:
        return
    if card.trainer == "tool":
        offers = _TOOL[seat].get(cid)
        if offers is None:
            offers = _TOOL[seat][cid] = _per_slot("play_trainer", seat, cid)
        for slot, mon in enumerate([active, *bench]):
            if tool_rule(mon) is None:
                out.append(offers[slot])
        return
    if effect is not None and effect.options is not None:
        for extra in effect.options(s, seat):
            offer = _plain_action("play_trainer", SEATS[seat], {"card": cid, **extra})
            if effect.check is None or effect.check(s, seat, offer.typed) is None:
                out.append(offer)
        return
    found = _PLAY[seat].get(cid)
    if found is None:
        found = _PLAY[seat][cid] = _offer("play_trainer", SEATS[seat], {"card": cid})
    if effect is None or effect.check is None or effect.check(s, seat, found.typed) is None:
        out.append(found)
