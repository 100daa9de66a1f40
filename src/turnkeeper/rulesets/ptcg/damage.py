"""Damage and its helpers for card effects: Weakness and Resistance, damage counters,
healing, Special Conditions (ptcg-ex.md, Damage).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import (
    body_off,
    energy_amount,
    energy_units,
    game_holds,
    gassed,
    max_hp,
    no_resistance,
    provides,
    types_of,
)
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState, damage_mon

WEAKNESS_FACTOR: Final = 2  # EX era: Weakness doubles the damage (ptcg-ex.md, Damage)


RESISTANCE_AMOUNT: Final = 30  # EX era: Resistance takes 30 off (ptcg-ex.md, Damage)

# A Guard amount meaning "prevent all damage" (docs/rulesets/ptcg.md, Effect vocabulary).
PREVENT_ALL: Final = 1_000_000


def hit(
    ctx: Ctx,
    seat: int,
    amount: int,
    slot: int = 0,
    *,
    wr: bool = True,
    resistance: bool = True,
    effects: bool = True,
) -> int:
    """Damage from ``seat``'s attack to the opponent's Pokémon at ``slot``; returns the damage.

    The cards in play that change it (reg.DamageMod) before Weakness and Resistance; Weakness
    (×2) then Resistance (-30), on the Active only (ptcg-ex.md, Damage); those after; the
    target's damage Poké-Body; then a Guard of the target (reduction or prevention during
    this turn). ``wr=False``: neither
    Weakness nor Resistance; ``resistance=False``: no Resistance; ``effects=False``: effects
    on the target (a Guard) do not change it either.
    """
    s = ctx.s
    target = s.sides[1 - seat].mon(slot)
    attacker = s.sides[seat].active
    if target is None or attacker is None:
        return 0
    mods = _mods(s, seat, slot, attacker, target, effects) if _game_has_mods(s) else ()
    for mod in mods:
        if mod.before and amount > 0:
            amount = max(0, amount + mod.amount)
            if mod.name:
                body_acted(ctx, *_body_of(s, seat, mod), mod.name)
    if attacker.later and slot == 0 and amount > 0:
        # an effect of its last turn boosts its attacks on the Defending Pokémon (Dragon Dance)
        for what, turn in attacker.later:
            if turn == s.turn and what.startswith("boost:"):
                amount += int(what[6:])
    if attacker.later and amount > 0:
        amount = _weakened(s, attacker, amount)
    if target.later and slot == 0 and amount > 0:
        # an effect of its own last attack makes it take more (Pivot Throw)
        for what, turn in target.later:
            if turn == s.turn and what.startswith("vulnerable:"):
                amount += int(what[11:])
            elif turn == s.turn and what.startswith("reduced:"):  # Delta Reduction ex13-4
                amount = max(0, amount - int(what[8:]))
    if slot == 0 and wr and amount > 0:
        printed = s.top(attacker).types
        kinds = types_of(s, attacker) if s.special else printed
        card = s.top(target)
        if kinds != printed and (
            any(k in card.weakness or k in card.resistance for k in kinds)
            or any(k in card.weakness or k in card.resistance for k in printed)
        ):
            _type_changed(ctx, seat, attacker)  # the changed type decided W/R: say why
        stadium = reg.STADIUMS.get(s.cards[s.stadium]) if s.special and s.stadium >= 0 else None
        if any(k in card.weakness for k in kinds):
            # a Stadium (Ancient Tomb) or a Poké-Body (Dark Condition) may take Weakness away
            weakness_off = (
                stadium is not None
                and stadium.no_weakness is not None
                and stadium.no_weakness(s, target)
            ) or (
                s.special
                and bool(reg.NO_WEAKNESS_BODIES)
                and _weakness_off(ctx, 1 - seat, target)
            ) or (
                s.special
                and (
                    (target.tool >= 0 and tool_takes_weakness(s, target))
                    or _energy_says(s, target, reg.NO_WEAKNESS_ENERGY)
                )
            ) or (
                # its own last attack left it without Weakness this turn (Aqua Flower ex13-19)
                bool(target.later) and ("no_weakness", s.turn) in target.later
            )
            if not weakness_off:
                amount *= WEAKNESS_FACTOR
        if resistance and any(k in card.resistance for k in kinds):
            if s.special and no_resistance(s):
                _resistance_off(ctx)
            elif stadium is not None and any(k in stadium.no_resistance_from for k in kinds):
                pass  # the Stadium turns Resistance off against this attacker (Magnetic Storm)
            elif s.special and _energy_says(s, attacker, reg.NO_RESISTANCE_ENERGY):
                pass  # a special Energy on the attacker: its damage ignores Resistance (Holon FF)
            elif s.special and reg.KIN_NO_RESISTANCE and _kin_resists(ctx, seat, attacker):
                pass  # a Poké-Body of its player's Pokémon in play (Ancient Tentacles)
            elif s.special and _strips_resistance(s, attacker):
                name = reg.NO_RESISTANCE_ACTIVE[s.cards[attacker.stack[-1]]]
                body_acted(ctx, seat, attacker, name)  # its Poké-Body: no Resistance
            else:
                amount -= RESISTANCE_AMOUNT
    for mod in mods:
        if not mod.before and amount > 0:
            amount = max(0, amount + mod.amount)
            if mod.discard:
                ctx.emit("discard_tool", p=SEATS[seat], slot=0)
    if target.later and amount > 0:
        # an effect of the attacker's side's last turn makes it take more (Silver Wind)
        for what, turn in target.later:
            if turn == s.turn and what.startswith("exposed:"):
                amount += int(what[8:])
    if slot and effects and s.special and amount > 0 and _bench_shielded(ctx, 1 - seat):
        amount = 0  # its player's Active Pokémon's Poké-Body shields the Bench
    if slot and s.special and amount > 0 and reg.BENCH_GUARDS and bench_guarded(
        ctx, 1 - seat, target
    ):
        amount = 0  # a Poké-Body of its player keeps every effect of attacks off it (Solid Shell)
    body = (
        reg.DAMAGE_BODIES.get(s.cards[target.stack[-1]])
        if effects and not (s.special and gassed(s))
        else None
    )
    if body is not None and (
        body.attacks_of == "own"
        or (body.when is not None and not body.when(s, target, attacker))
        or body_off(s, target)
    ):
        body = None  # it does not work against this attack (or a Stadium turns it off)
    if body is not None and body.once_a_turn and _used_this_turn(s, 1 - seat, body.name):
        body = None  # one of that name already acted this turn on its player's side
    if body is not None and amount > 0:
        before = amount
        amount = _body_damage(ctx, seat, slot, target, attacker, body, amount)
        if amount != before:
            body_acted(ctx, 1 - seat, target, body.name)
            if body.once_a_turn:
                mark = f"once:{body.name}"
                ctx.emit("flag", p=SEATS[1 - seat], slot=slot, flag="later", what=mark, turn=s.turn)
    if effects and target.guard_turn == s.turn and amount > 0:
        amount -= target.guard
    if effects and target.later and amount > 0 and shielded(s, target, attacker):
        amount = 0
    # its Tool keeps the attack off (Mysterious Shard)
    if effects and s.special and target.tool >= 0 and tool_shields(s, target, attacker):
        amount = 0
    if effects and s.special and reg.FLUFF_BODIES and amount > 0 and fluffed(ctx, 1 - seat, target):
        amount = 0
    amount = max(0, amount)
    if amount and effects and s.special and reg.DAMAGE_ANSWER_BODIES and withheld_by_body(
        ctx, seat, slot, target, attacker, amount
    ):
        return amount  # its player answers as the attack ends (Psychic Protector)
    ko_body = (
        reg.KNOCKOUT_BODIES.get(s.cards[target.stack[-1]])
        if amount and s.special and reg.KNOCKOUT_BODIES and not gassed(s)
        else None
    )
    if ko_body is not None and body_off(s, target):
        ko_body = None
    if ko_body is not None and ko_body.survive_on_heads and effects:
        amount = _survive(ctx, seat, slot, target, ko_body, amount)
    if amount:
        if ctx.record:
            ctx.emit("damage", p=SEATS[1 - seat], slot=slot, n=amount)
        else:  # no log: the event's change made directly
            damage_mon(s, 1 - seat, slot, amount)
            ctx.emitted += 1
        if slot == 0 and target.tool >= 0 and s.special and reg.KNOCKOUT_TOOLS:
            tool_strikes_back(ctx, seat, target)
        reacts = body is not None and (body.react or body.react_counters or body.react_coins)
        if body is not None and slot == 0 and reacts:
            # the Active was damaged by the attack (even if Knocked Out): the attacker pays
            body_acted(ctx, 1 - seat, target, body.name)
            n = body.react_counters
            if body.react_coins:  # a counter per heads, flipping until tails (Spiny)
                n = 0
                while ctx.flip(body.name):
                    n += 1
            counters(ctx, seat, 0, n)
            if body.react:
                set_condition(ctx, seat, 0, body.react)
        if ko_body is not None and slot == 0 and target.damage >= max_hp(s, target):
            _strike_back(ctx, seat, target, ko_body)
        if s.special and reg.AFTER_ATTACK and s.cards[target.stack[-1]] in reg.AFTER_ATTACK:
            struck_by_attack(ctx, 1 - seat, slot, attacker)
    return amount


WITHHELD = "kept:withheld:"  # Mon.later: the damage held back for its player's answer


def withheld_by_body(
    ctx: Ctx, seat: int, slot: int, target: Mon, attacker: Mon, amount: int
) -> bool:
    """Whether ``amount`` damage of ``seat``'s attack to the opponent's ``target`` is held back
    by its Poké-Body (reg.DAMAGE_ANSWER_BODIES: Psychic Protector ex16-94) for its player's
    answer as the attack ends: only while that player has a card in hand to answer with.
    Held back, it is added to the Pokémon's "kept:withheld:<total>" entry (several hits of one
    attack add up) and the Pokémon is marked as struck (lasting.after_attack asks then)."""
    s = ctx.s
    if s.cards[target.stack[-1]] not in reg.DAMAGE_ANSWER_BODIES:
        return False
    if gassed(s) or body_off(s, target) or not s.sides[1 - seat].hand:
        return False
    if s.last_attacker != seat or s.current != seat:
        return False  # only during the attack that ends the turn (its answer comes as it ends)
    owner = SEATS[1 - seat]
    total = amount + withheld(s, target)
    for what, turn in target.later:
        if turn == s.turn and what.startswith(WITHHELD):
            ctx.emit("flag", p=owner, slot=slot, flag="later", what=what, drop=True)
    what = f"{WITHHELD}{total}"
    ctx.emit("flag", p=owner, slot=slot, flag="later", what=what, turn=s.turn)
    struck_by_attack(ctx, 1 - seat, slot, attacker)
    return True


def withheld(s: PtcgState, mon: Mon) -> int:
    """The damage of this turn's attack held back on ``mon`` (see withheld_by_body)."""
    return sum(
        int(what[len(WITHHELD) :])
        for what, turn in mon.later
        if turn == s.turn and what.startswith(WITHHELD)
    )


THEN = "kept:then:"  # Mon.later: what the attack does once the damage held back is put on


def after_withheld(ctx: Ctx, seat: int, what: str) -> bool:
    """Whether the damage of ``seat``'s attack to the Defending Pokémon is held back for its
    player's answer (withheld_by_body): then ``what``, the rest of the attack that reads that
    damage, waits for it (a "kept:then:<what>" entry of the Defending Pokémon, done by
    run_after_withheld): "heal_dealt" (HealDealt, Swallow: the attacker heals a counter per
    10 damage done) or "ko_heal:N" (Vital Drain: if it is Knocked Out, the attacker loses its
    Special Conditions and N counters)."""
    s = ctx.s
    target = s.sides[1 - seat].active
    if not reg.DAMAGE_ANSWER_BODIES or target is None or not withheld(s, target):
        return False
    ctx.emit("flag", p=SEATS[1 - seat], slot=0, flag="later", what=f"{THEN}{what}", turn=s.turn)
    return True


def run_after_withheld(ctx: Ctx, seat: int, mon: Mon, dealt: int) -> None:
    """``seat``'s ``mon`` has just taken the damage held back (``dealt``): what the attack
    left waiting on it (after_withheld) is done now for the attacker, the opponent's Active."""
    s = ctx.s
    foe = 1 - seat
    slot = 0 if s.sides[seat].active is mon else -1
    for i, benched in enumerate(s.sides[seat].bench):
        if benched is mon:
            slot = i + 1
    for what, turn in mon.later:
        if turn != s.turn or not what.startswith(THEN):
            continue
        ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
        kind = what[len(THEN) :]
        attacker = s.sides[foe].active
        if attacker is None:
            continue
        if kind == "heal_dealt":
            heal(ctx, foe, 0, dealt // 10)
        elif kind.startswith("ko_heal:") and mon.damage >= max_hp(s, mon):
            if attacker.conditions():
                ctx.emit("cure", p=SEATS[foe], slot=0, which=attacker.conditions())
            heal(ctx, foe, 0, int(kind[len("ko_heal:") :]))


def struck_by_attack(ctx: Ctx, seat: int, slot: int, attacker: Mon) -> None:
    """Remember that ``seat``'s Pokémon at ``slot`` was damaged by the opponent's attack this
    turn, where it was and by which Pokémon (a "kept:struck:<slot>:<attacker's first card>"
    entry of ``Mon.later``, which stays with it if it moves): its card reacts as the attack
    ends (reg.AFTER_ATTACK, lasting.after_attack)."""
    what = f"kept:struck:{slot}:{attacker.stack[0]}"
    ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, turn=ctx.s.turn)


def tool_takes_weakness(s: PtcgState, target: Mon) -> bool:
    """Whether the Tool attached to ``target`` takes its Weakness away (Protective Orb)."""
    tool = reg.TOOLS.get(s.cards[target.tool]) if target.tool >= 0 else None
    return tool is not None and tool.no_weakness


def _weakness_off(ctx: Ctx, seat: int, target: Mon) -> bool:
    """Whether a Poké-Body of ``seat``'s Pokémon in play takes the Weakness of ``seat``'s
    Active ``target`` away now (it says so in a note)."""
    s = ctx.s
    if gassed(s):
        return False
    for _, mon in s.sides[seat].in_play():
        found = reg.NO_WEAKNESS_BODIES.get(s.cards[mon.stack[-1]])
        if found is not None and found[1](s, mon, target) and not body_off(s, mon):
            body_acted(ctx, seat, mon, found[0])
            return True
    return False


def _survive(
    ctx: Ctx, seat: int, slot: int, target: Mon, body: reg.KnockoutBody, amount: int
) -> int:
    """Buffer: damage that would Knock the Pokémon Out leaves it 10 HP on heads instead."""
    hp = max_hp(ctx.s, target)
    if target.damage + amount < hp or not ctx.flip(body.name):
        return amount
    body_acted(ctx, 1 - seat, target, body.name)
    return max(0, hp - 10 - target.damage)


def tool_strikes_back(ctx: Ctx, seat: int, target: Mon) -> None:
    """Curse Powder: the opponent's Active ``target`` holding such a Tool was Knocked Out by
    the damage of ``seat``'s attack: damage counters on the attacking Pokémon."""
    found = reg.KNOCKOUT_TOOLS.get(ctx.s.cards[target.tool])
    if found is None or target.damage < max_hp(ctx.s, target):
        return
    ctx.emit("note", what="tool", p=SEATS[1 - seat], card=target.tool, name=found[0])
    counters(ctx, seat, 0, found[1])


def _strike_back(ctx: Ctx, seat: int, target: Mon, body: reg.KnockoutBody) -> None:
    """Knockout Gas, Dark Scale: the Active Knocked Out by the attack hits back."""
    if not body.conditions and not body.counters:
        return
    body_acted(ctx, 1 - seat, target, body.name)
    counters(ctx, seat, 0, body.counters)
    for what in body.conditions:
        set_condition(ctx, seat, 0, what)


# id(state.defs) -> (that list, whether any card of the game changes damage): asked once per
# game rather than at every hit (a game's card list is shared by its states and clones)
_GAMES_WITH_MODS: Final[dict[int, tuple[object, bool]]] = {}


def _bench_shielded(ctx: Ctx, seat: int) -> bool:
    """Whether ``seat``'s Active Pokémon has a Poké-Body that keeps attack damage off its
    player's Benched Pokémon (Power Diffusion); a note names it when it does."""
    s = ctx.s
    if (
        reg.BENCH_SHIELDS_IN_PLAY
        and game_holds(s, reg.BENCH_SHIELDS_IN_PLAY)
        and not gassed(s)
        and _bench_shielded_in_play(ctx, seat)
    ):
        return True
    active = s.sides[seat].active
    if active is None or gassed(s):
        return False
    name = reg.BENCH_SHIELDS.get(s.cards[active.stack[-1]])
    if name is None or body_off(s, active):
        return False
    body_acted(ctx, seat, active, name)
    return True


def _weakened(s: PtcgState, attacker: Mon, amount: int) -> int:
    """The damage of ``attacker``'s attack less what an effect of the opponent's last attack
    takes off its attacks this turn (a "weakened:N" entry of ``Mon.later``: Delta Reduction
    ex15-4, Charm ex15-41), before Weakness and Resistance, never below 0."""
    for what, turn in attacker.later:
        if turn == s.turn and what.startswith("weakened:"):
            amount = max(0, amount - int(what[9:]))
    return amount


def bench_guarded(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """Whether a Poké-Body of one of ``seat``'s Pokémon in play keeps every effect of the
    opponent's attacks, damage included, off ``mon``, one of its Benched Pokémon
    (reg.BENCH_GUARDS: Solid Shell ex15-14 for the δ Pokémon); a note names it when it does."""
    s = ctx.s
    if not any(m is mon for m in s.sides[seat].bench) or gassed(s):
        return False
    for _, holder in s.sides[seat].in_play():
        found = reg.BENCH_GUARDS.get(s.cards[holder.stack[-1]])
        if found is not None and found[1](s, mon) and not body_off(s, holder):
            body_acted(ctx, seat, holder, found[0])
            return True
    return False


def _bench_shielded_in_play(ctx: Ctx, seat: int) -> bool:
    """Whether one of ``seat``'s Pokémon in play, Active or Benched, has a Poké-Body that
    keeps attack damage off its player's Benched Pokémon (Sand Veil: reg.BENCH_SHIELDS_IN_PLAY);
    a note names it when it does."""
    s = ctx.s
    for _, mon in s.sides[seat].in_play():
        name = reg.BENCH_SHIELDS_IN_PLAY.get(s.cards[mon.stack[-1]])
        if name is not None and not body_off(s, mon):
            body_acted(ctx, seat, mon, name)
            return True
    return False


def _game_has_mods(s: PtcgState) -> bool:
    defs = s.defs
    found = _GAMES_WITH_MODS.get(id(defs))
    if found is None or found[0] is not defs:
        if len(_GAMES_WITH_MODS) > 64:
            _GAMES_WITH_MODS.clear()  # keep no more than a few games' lists alive
        table = reg.DAMAGE_MODS
        found = _GAMES_WITH_MODS[id(defs)] = (defs, any(d.id in table for d in defs))
    return found[1]


def _typed(s: PtcgState, mon: Mon, kind: str) -> bool:
    card = s.top(mon)
    return not kind or kind in types_of(s, mon) or (kind == "Darkness" and "Dark" in card.name)


def _mods(
    s: PtcgState, seat: int, slot: int, attacker: Mon, target: Mon, effects: bool
) -> list[reg.DamageMod]:
    """The damage modifiers in play for this hit (see reg.DamageMod), in this order: the
    attacker's Energy, the attacker's Body, the defender's Active's Body, the target's
    Energy, the attacker's Tool. An attack that
    ignores effects on the Defending Pokémon (``effects=False``) ignores the defender's."""
    table = reg.DAMAGE_MODS
    cards = s.cards
    found: list[reg.DamageMod] = []

    gas = s.special and gassed(s)  # Toxic Gas: the Poké-Bodies among them are off
    # a Stadium may turn some Pokémon's Poké-Bodies off (Battle Frontier; board.body_off)
    stadium_may_stop = s.special and s.stadium >= 0

    def take(inst: int, source: str, mon: Mon, holder: Mon | None = None) -> None:
        """``holder``: the Pokémon whose Poké-Body the card is (None: not a Body)."""
        mod = table.get(cards[inst])
        if (
            mod is not None
            and mod.source == source
            and not (gas and source in ("attacker_active", "defender_active", "any_active"))
            and not (stadium_may_stop and holder is not None and body_off(s, holder))
            and not (mod.active_only and slot)
            and _typed(s, mon, mod.needs_type)
            and not (
                mod.needs_opponent_ex
                and not any(s.top(m).ex for _, m in s.sides[1 - seat].in_play())
            )
            and (mod.when is None or mod.when(s, attacker, target))
        ):
            found.append(mod)

    for inst in attacker.energy:
        take(inst, "attacker_energy", attacker)
    take(attacker.stack[-1], "attacker_active", attacker, attacker)
    take(attacker.stack[-1], "any_active", attacker, attacker)
    defender = s.sides[1 - seat].active
    if defender is not None:
        take(defender.stack[-1], "any_active", attacker, defender)
    if effects:
        if defender is not None:
            take(defender.stack[-1], "defender_active", target, defender)
        for inst in target.energy:
            take(inst, "target_energy", target)
    if s.special and not gas:  # Poké-Bodies of the attacker's other Pokémon (Power Gene)
        attacker_name = s.top(attacker).name
        for _, mon in s.sides[seat].in_play():
            mod = table.get(cards[mon.stack[-1]])
            if (
                mod is not None
                and mod.source == "attacker_side"
                and (attacker_name in mod.for_names or not mod.for_names)
                and not (mod.active_only and slot)
                and not body_off(s, mon)
                # only while its condition holds (Delta Reactor: a δ attacker, a Holon Stadium)
                and (mod.when is None or mod.when(s, attacker, target))
            ):
                found.append(mod)
    if effects and s.special and not gas:
        # Poké-Bodies of the damaged Pokémon's side, Active or Benched (Extra Smoke ex15-94)
        for _, mon in s.sides[1 - seat].in_play():
            mod = table.get(cards[mon.stack[-1]])
            if (
                mod is not None
                and mod.source == "target_side"
                and not body_off(s, mon)
                # only while its condition holds
                and (mod.when is None or mod.when(s, attacker, target))
            ):
                found.append(mod)
    if attacker.tool >= 0:
        take(attacker.tool, "attacker_tool", attacker)
    if effects and target.tool >= 0:
        take(target.tool, "target_tool", target)
    if effects and s.stadium >= 0:  # the Stadium in play (Drake's Stadium ex16-72)
        take(s.stadium, "stadium", target)
    return found


def _body_of(s: PtcgState, seat: int, mod: reg.DamageMod) -> tuple[int, Mon]:
    """The player and the Pokémon whose Poké-Body ``mod`` is (for its note)."""
    if mod.source in ("attacker_side", "target_side"):
        side = seat if mod.source == "attacker_side" else 1 - seat
        for _, helper in s.sides[side].in_play():
            if reg.DAMAGE_MODS.get(s.cards[helper.stack[-1]]) is mod:
                return side, helper
    owner = seat if mod.source == "attacker_active" else 1 - seat
    if mod.source == "any_active":  # the attacker's own, or the defending player's Active
        attacker = s.sides[seat].active
        mine = attacker is not None and reg.DAMAGE_MODS.get(s.cards[attacker.stack[-1]]) is mod
        owner = seat if mine else 1 - seat
    mon = s.sides[owner].active
    assert mon is not None
    return owner, mon


def body_acted(ctx: Ctx, seat: int, mon: Mon, name: str) -> None:
    """A note that ``seat``'s Pokémon's Poké-Body ``name`` changed what happened (the log
    says why the damage differs; the exhaustive runner counts it as having taken effect)."""
    ctx.emit("note", what="body", p=SEATS[seat], card=mon.stack[-1], name=name)


def _type_changed(ctx: Ctx, seat: int, attacker: Mon) -> None:
    """A note naming what changed the attacker's type, when it decided Weakness/Resistance:
    its Poké-Body (reg.TYPE_BODIES) or, for a power used this turn, nothing to name here."""
    body = reg.TYPE_BODIES.get(ctx.s.cards[attacker.stack[-1]])
    if body is not None:
        body_acted(ctx, seat, attacker, body[0])


def _resistance_off(ctx: Ctx) -> None:
    """A note naming the Poké-Body that turned Resistance off (Withering Dust)."""
    s = ctx.s
    for owner, side in enumerate(s.sides):
        for _, mon in side.in_play():
            if s.cards[mon.stack[-1]] in reg.NO_RESISTANCE_BODIES:
                card = s.top(mon)
                name = next(p.name for p in card.powers if p.kind == "body")
                body_acted(ctx, owner, mon, name)
                return


def _energy_says(
    s: PtcgState, mon: Mon, hooks: dict[str, Callable[[PtcgState, Mon], bool]]
) -> bool:
    """Whether a special Energy card attached to ``mon`` with a hook in ``hooks`` says so
    (reg.NO_WEAKNESS_ENERGY, reg.NO_RESISTANCE_ENERGY: Holon Energy FF)."""
    if not hooks:
        return False
    for card in mon.energy:
        hook = hooks.get(s.cards[card])
        if hook is not None and hook(s, mon):
            return True
    return False


def _kin_resists(ctx: Ctx, seat: int, attacker: Mon) -> bool:
    """Whether a Poké-Body of a Pokémon of ``seat`` (the attacker's player) in play takes
    Resistance away from the damage of ``attacker``, by its name (reg.KIN_NO_RESISTANCE:
    Ancient Tentacles); it says so in a note."""
    s = ctx.s
    if gassed(s):
        return False
    name = s.top(attacker).name
    for _, mon in s.sides[seat].in_play():
        found = reg.KIN_NO_RESISTANCE.get(s.cards[mon.stack[-1]])
        if found is not None and name in found[1] and not body_off(s, mon):
            body_acted(ctx, seat, mon, found[0])
            return True
    return False


def _strips_resistance(s: PtcgState, attacker: Mon) -> bool:
    """Whether the attacker's Poké-Body takes the Defending Pokémon's Resistance away
    (reg.NO_RESISTANCE_ACTIVE: Tropical Motion)."""
    return bool(reg.NO_RESISTANCE_ACTIVE) and (
        s.cards[attacker.stack[-1]] in reg.NO_RESISTANCE_ACTIVE
        and not gassed(s)
        and not body_off(s, attacker)
    )


def _attacker_shut_out(s: PtcgState, attacker: Mon, body: reg.DamageBody) -> bool:
    """Whether ``body`` prevents everything the attacker's attacks do to its Pokémon."""
    card = s.top(attacker)
    if body.prevent_from == "ex":
        return card.ex
    if body.prevent_from == "evolved_or_ex":
        return card.ex or len(attacker.stack) > 1
    if body.prevent_from == "basic":
        return s.is_basic(attacker)
    if body.prevent_from == "dark":  # a Dark Pokémon (rockets.is_dark: its name's first word)
        return card.name.startswith("Dark ")
    return False


def _used_this_turn(s: PtcgState, seat: int, name: str) -> bool:
    """Whether a once-a-turn damage Poké-Body ``name`` acted for ``seat``'s side this turn
    (reg.DamageBody.once_a_turn: the "once:<name>" mark of ``Mon.later``)."""
    mark = (f"once:{name}", s.turn)
    return any(mark in m.later for _, m in s.sides[seat].in_play())


def _attacker_is(s: PtcgState, attacker: Mon, which: str) -> bool:
    """What a damage Poké-Body's ``from_attacker`` asks of the attacking Pokémon."""
    if which == "basic":
        return s.is_unevolved_basic(attacker)
    if which == "evolved":
        return len(attacker.stack) > 1
    if which == "special_energy":  # a special Energy card attached (Ice Wall)
        return not all(s.defs[c].basic_energy for c in attacker.energy)
    return "'s " in s.top(attacker).name  # "owner": Rocket's, Team Aqua's, Team Magma's


def _body_damage(
    ctx: Ctx, seat: int, slot: int, target: Mon, attacker: Mon, body: reg.DamageBody, amount: int
) -> int:
    """The damage after the target's Poké-Body (the order of reg.DamageBody)."""
    s = ctx.s
    if body.prevent_from and _attacker_shut_out(s, attacker, body):
        return 0
    if body.benched_immune and slot != 0:
        return 0
    if body.prevent_parity:
        tens, rest = divmod(amount, 10)
        odd = tens % 2 == 1
        if not rest and (10 if odd else 20) <= amount <= (170 if odd else 180):
            return 0 if odd == (body.prevent_parity == "odd") else amount
        return amount
    if body.reduce_per_energy:
        energy = sum(energy_amount(s, c) for c in target.energy)
        return amount - min(body.reduce_cap, body.reduce_per_energy * energy)
    if body.reduce:
        reduce = body.reduce
        if body.per_energy:
            kind = body.per_energy
            # a type, or a card's name (React Energy: Reactive Protection ex12-1)
            reduce = min(
                reduce,
                10
                * sum(
                    1
                    for c in target.energy
                    if kind in s.card(c).provides or s.card(c).name == kind
                ),
            )
            if not reduce:
                return amount
        if body.needs_energy == "any" and not target.energy:
            return amount
        if body.needs_energy == "basic" and not any(s.defs[c].basic_energy for c in target.energy):
            return amount
        if body.needs_energy == "darkness" and not any(
            "Darkness" in unit for unit in energy_units(s, target)
        ):
            return amount
        if body.needs_energy not in ("", "any", "basic", "darkness") and not any(
            body.needs_energy in provides(s, c) for c in target.energy
        ):
            return amount
        if body.from_attacker and not _attacker_is(s, attacker, body.from_attacker):
            return amount
        if body.from_types and not any(t in body.from_types for t in types_of(s, attacker)):
            return amount
        if body.needs_in_play and not any(
            s.top(m).name == body.needs_in_play for side in s.sides for _, m in side.in_play()
        ):
            return amount
        if body.coin and not ctx.flip(s.top(target).name):
            return amount
        amount -= reduce
    return amount


def attack_in_progress(s: PtcgState) -> bool:
    """Whether the player in turn has attacked this turn, so an effect being done now is the
    attack's (the attack ends the turn: nothing else of that player's comes after it). The
    test Fluff and the bench guards (Solid Shell) already made; ``guarded`` asks it for every
    guard against attacks."""
    return s.last_attacker == s.current


def guarded(ctx: Ctx, seat: int, slot: int) -> bool:
    """Whether an attack's effects on ``seat``'s Pokémon at ``slot`` are prevented now: it
    has a Guard with effects for this turn and the player in turn is the opponent, who is
    attacking (``attack_in_progress``: a Poké-Power's counters or conditions are no attack's
    effects, so Agility or Psychic Shield do not stop Dragon Curse or Yellow Ray)."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or s.current == seat or not attack_in_progress(s):
        return False
    if mon.guard_effects and mon.guard_turn == s.turn:
        return True
    if s.special and _energy_says(s, mon, reg.EFFECT_PROOF_ENERGY):
        return True  # a special Energy keeps the opponent's effects off it (Holon Energy WP)
    if mon.later and shielded(s, mon, s.sides[1 - seat].active):
        return True
    if s.special and mon.tool >= 0 and tool_shields(s, mon, s.sides[1 - seat].active):
        return True
    if s.special and reg.FLUFF_BODIES and fluffed(ctx, seat, mon):
        return True
    if (
        slot
        and s.special
        and reg.BENCH_GUARDS
        and s.last_attacker == s.current  # during the opponent's attack only
        and bench_guarded(ctx, seat, mon)
    ):
        return True
    body = reg.DAMAGE_BODIES.get(s.cards[mon.stack[-1]])
    if body is None or (s.special and (gassed(s) or body_off(s, mon))):
        return False
    attacker = s.sides[1 - seat].active
    if body.attacks_of == "own" or (
        body.when is not None and (attacker is None or not body.when(s, mon, attacker))
    ):
        return False
    if body.effects_proof and (
        body.needs_energy != "darkness"
        or any("Darkness" in unit for unit in energy_units(s, mon))
    ):
        body_acted(ctx, seat, mon, body.name)  # its Poké-Body keeps the effect off
        return True
    return (
        bool(body.prevent_from) and attacker is not None and _attacker_shut_out(s, attacker, body)
    )


def own_bench_hit(ctx: Ctx, seat: int, slot: int, amount: int) -> None:
    """``amount`` damage from ``seat``'s attack to its own Benched Pokémon at ``slot`` (no
    Weakness or Resistance): only a Poké-Body that works against its own player's attacks
    (``DamageBody.attacks_of``: Dense, Hard Protection) changes it."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    attacker = s.sides[seat].active
    if mon is None:
        return
    body = reg.DAMAGE_BODIES.get(s.cards[mon.stack[-1]]) if reg.DAMAGE_BODIES else None
    if (
        body is not None
        and body.attacks_of != "opponent"
        and attacker is not None
        and not (s.special and (gassed(s) or body_off(s, mon)))
        and (body.when is None or body.when(s, mon, attacker))
        and body.reduce
    ):
        amount = max(0, amount - body.reduce)
        body_acted(ctx, seat, mon, body.name)
    if amount:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=amount)


def shielded(s: PtcgState, mon: Mon, attacker: Mon | None) -> bool:
    """Whether an effect of ``mon``'s own last attack keeps every effect of ``attacker``'s
    attacks off it this turn, damage included (``Mon.later`` "shield:ex": Psychic Shield,
    against Pokémon-ex; "shield:evolved": Advanced Armor, against Evolved Pokémon)."""
    if attacker is None:
        return False
    for what, turn in mon.later:
        if turn != s.turn or not what.startswith("shield:"):
            continue
        if what == "shield:ex" and s.top(attacker).ex:
            return True
        if what == "shield:evolved" and len(attacker.stack) > 1:
            return True
    return False


def tool_shields(s: PtcgState, mon: Mon, attacker: Mon | None) -> bool:
    """Whether the Tool attached to ``mon`` keeps every effect of ``attacker``'s attacks off
    it, damage included (``ToolEffect.shields_from`` "ex": Mysterious Shard, against the
    opponent's Pokémon-ex)."""
    tool = reg.TOOLS.get(s.cards[mon.tool]) if mon.tool >= 0 else None
    if tool is None or not tool.shields_from or attacker is None:
        return False
    return tool.shields_from == "ex" and s.top(attacker).ex


def fluffed(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """Whether ``seat``'s ``mon`` keeps off everything of the attack being made against it
    by its Poké-Body (reg.FLUFF_BODIES: Fluff): only during an opponent's attack, when it
    already has damage counters; one coin per attack, its result kept in ``Mon.later``
    ("fluff:heads", "fluff:tails", or "fluff:none" when it had no counters, for this turn)
    so every later effect of the same attack follows the first check."""
    s = ctx.s
    name = reg.FLUFF_BODIES.get(s.cards[mon.stack[-1]])
    if name is None or s.current == seat or s.last_attacker != s.current or body_off(s, mon):
        return False
    for what, turn in mon.later:
        if turn == s.turn and what.startswith("fluff:"):
            return what == "fluff:heads"
    if s.special and gassed(s):
        return False
    slot = 0  # the Active, unless it is one of the Benched Pokémon
    for i, benched in enumerate(s.sides[seat].bench):
        if benched is mon:
            slot = i + 1
    # no damage counters when the attack first reaches it: none of that attack is kept off
    heads = bool(mon.damage) and ctx.flip(name)
    result = "fluff:heads" if heads else ("fluff:tails" if mon.damage else "fluff:none")
    ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=result, turn=s.turn)
    if heads:
        body_acted(ctx, seat, mon, name)
    return heads


def counters(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Put ``n`` damage counters (10 HP each) on a Pokémon: no Weakness or Resistance."""
    if n and ctx.s.sides[seat].mon(slot) is not None and not guarded(ctx, seat, slot):
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=10 * n)


def heal(ctx: Ctx, seat: int, slot: int, n: int) -> None:
    """Remove up to ``n`` damage counters."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage and n:
        ctx.emit("damage", p=SEATS[seat], slot=slot, n=-min(mon.damage, 10 * n))


def condition_aura(ctx: Ctx, seat: int, mon: Mon) -> bool:
    """Whether a Poké-Body of another (or the same) Pokémon of ``seat``'s keeps every Special
    Condition off ``mon`` (reg.CONDITION_AURAS: Green Essence); a note names it when it does."""
    s = ctx.s
    if gassed(s):
        return False
    for _, holder in s.sides[seat].in_play():
        aura = reg.CONDITION_AURAS.get(s.cards[holder.stack[-1]])
        if aura is not None and aura[1](s, holder, mon) and not body_off(s, holder):
            body_acted(ctx, seat, holder, aura[0])
            return True
    return False


def stadium_keeps_off(s: PtcgState, mon: Mon) -> frozenset[str]:
    """The Special Conditions the Stadium in play keeps off ``mon`` (``StadiumEffect.
    conditions_off``: Sidney's Stadium ex16-82); none without such a Stadium."""
    if s.stadium < 0:
        return frozenset()
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None or stadium.conditions_off is None:
        return frozenset()
    return stadium.conditions_off(s, mon)


def set_condition(ctx: Ctx, seat: int, slot: int, what: str) -> None:
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None or guarded(ctx, seat, slot):
        return
    card_id = ctx.s.cards[mon.stack[-1]]
    immune = reg.CONDITION_IMMUNE.get(card_id) if reg.CONDITION_IMMUNE else None
    if (
        immune is not None
        and ctx.s.special
        and card_id not in reg.FOSSILS
        and (gassed(ctx.s) or body_off(ctx.s, mon))
    ):
        # a Poké-Body kept it off; Toxic Gas or a Stadium turns it off (a Fossil's is its rule)
        immune = None
    if immune is not None and card_id in reg.IMMUNE_ONLY_WHEN:
        immune = immune if reg.IMMUNE_ONLY_WHEN[card_id](ctx.s, mon) else None
    if immune is not None and what in immune[1]:
        body_acted(ctx, seat, mon, immune[0])  # its Poké-Body kept the condition off
        return
    if reg.CONDITION_AURAS and condition_aura(ctx, seat, mon):
        return
    if ctx.s.special and _energy_says(ctx.s, mon, reg.CONDITION_PROOF_ENERGY):
        return  # a special Energy attached keeps every Special Condition off (Holon GL)
    if ctx.s.special and what in stadium_keeps_off(ctx.s, mon):
        return  # the Stadium in play keeps it off (Sidney's Stadium ex16-82)
    ctx.emit("condition", p=SEATS[seat], slot=slot, add=what)
    s = ctx.s
    if (
        reg.MIRROR_BODIES
        and what in ("burned", "poisoned")
        and card_id in reg.MIRROR_BODIES
        and seat != s.current
        and s.last_attacker == s.current  # by an attack of the player in turn
        and not (s.special and (gassed(s) or body_off(s, mon)))
    ):
        # its Poké-Body hands the same Special Condition to the attacker (Mirror Coat)
        body_acted(ctx, seat, mon, reg.MIRROR_BODIES[card_id])
        set_condition(ctx, s.current, 0, what)
