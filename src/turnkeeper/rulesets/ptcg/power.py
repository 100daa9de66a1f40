"""Turn step 7: Poké-Powers (a Poké-Body works by itself and is never used)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import body_off, gassed, parse_slot, powers_off, slot_name
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import Power
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import (
    basic_banned,
    ex_taxed,
    power_aura,
    rule_body,
    stadium_blocks_power,
)
from turnkeeper.rulesets.ptcg.params import Place, described
from turnkeeper.rulesets.ptcg.refusal import mon_names, refuse, why
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import after

PowerName = Annotated[str, meta("the Poké-Power's name", min_length=1, open_value=True)]
PowerPlace = Annotated[
    Place | Literal["hand"], meta("the place of the Pokémon whose Poké-Power is used")
]


@described("``use_power``: the Poké-Power and the place of the Pokémon that has it.")
class PowerParams(Params):
    power: "PowerName"  # noqa: UP037  (quoted: params.py)
    pokemon: "PowerPlace" = "active"  # noqa: UP037  (quoted: params.py)


def baby_evolution_blocked(s: PtcgState, seat: int, name: str) -> bool:
    """Baby Evolution puts a Pokémon from the hand onto the Baby, and that counts as evolving
    it: a Poké-Body that forbids evolving the Active Pokémon from the hand (Primal Vibes
    ex4-90, Primal Stare ex16-10, which names Basic Pokémon for this case) forbids it on the
    Active Baby too."""
    return name == "Baby Evolution" and rule_body(s, seat, "evolve_active") is not None


def power_stopped(
    s: PtcgState, seat: int, slot: int, mon: Mon, name: str = ""
) -> str | None:
    """The one "may this Poké-Power be used now" check, asked by every Poké-Power, used as
    an action (``power_rule``) or by itself as something happens (benched: Dragon Boost;
    Energy attached: Energy Evolution, Lightning Burst; Knocked Out: Golden Wing, Energy
    Grounding). The rule id that stops the Power of ``mon`` (``seat``'s, at ``slot``) named
    ``name``, None when nothing does: a Poké-Body that stops the player's Powers (Lazy) or
    that Pokémon's (an Active's aura: Wise Aura; a ban on Basic Pokémon: Intimidating Ring),
    its Tool or an Active's Body switching its Powers off, the Stadium, an attack's effect
    (Black Cry), a Special Condition. Its own once-a-turn limit and requirement are the
    caller's."""
    if s.special and (rule_body(s, seat, "power") or power_aura(s, mon) or basic_banned(s, mon)):
        return "ptcg.power.body"
    if s.special and slot == 0 and baby_evolution_blocked(s, seat, name):
        return "ptcg.power.body"
    if s.special and reg.EX_TAX_BODIES and ex_taxed(s, mon):  # Extra Liquid ex14-96
        return "ptcg.power.body"
    if s.special:  # its Tool or an Active's Body switches its Powers off (board.powers_off)
        off = powers_off(s, mon)[0]
        if off:
            return off
    if s.stadium >= 0 and stadium_blocks_power(s, mon):
        return "ptcg.power.stadium"
    if mon.later and ("no_power", s.turn) in mon.later:  # an attack's effect (Black Cry)
        return "ptcg.power.effect"
    if s.sides[seat].later and ("no_powers", s.turn) in s.sides[seat].later:
        return "ptcg.power.effect"  # an attack's lock on the player (Shield Beam ex14-94)
    if mon.has_condition():
        return "ptcg.power.condition"
    return None


def power_rule(s: PtcgState, seat: int, slot: int, mon: Mon, power: Power) -> str | None:
    """Turn step 7: Poké-Powers, no Special Condition, once, their requirement met. (A power
    without a handler is in the game only by allow_unimplemented: once a turn, its
    requirement left to the players, who resolve it by hand.)"""
    if power.kind == "body":
        return "ptcg.power.body-always-on"
    card = s.top(mon)
    effect = reg.POWERS.get((card.id, power.name))
    # the spent once-a-turn use is named before the Special Condition (a limit first)
    if (effect is None or effect.once) and f"{mon.stack[0]}:{power.name}" in s.powers_used:
        return "ptcg.power.once-per-turn"
    stopped = power_stopped(s, seat, slot, mon, power.name)
    if stopped is not None:
        return stopped
    if effect is not None and effect.usable(s, seat, slot) is not None:
        return "ptcg.power.requirement"
    return None


def power_of(s: PtcgState, seat: int, params: PowerParams) -> tuple[int, str, Refusal | None]:
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


def check_power(s: PtcgState, seat: int, params: PowerParams) -> Refusal | None:
    slot, name, no = power_of(s, seat, params)
    if no:
        return no
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    card = s.top(mon)
    power = card.power_named(name)  # its case ignored, as card names (cards.named_index)
    if power is None:
        names = ", ".join(p.name for p in card.powers) or "none"
        return refuse(
            "ptcg.power.known", f"{card.name} has no Poké-Power {name!r} (it has: {names})"
        )
    name = power.name
    rule = power_rule(s, seat, slot, mon, power)
    if rule is None:
        return None
    reason = ""
    effect = reg.POWERS.get((card.id, name))
    if rule == "ptcg.power.requirement" and effect is not None:
        reason = effect.usable(s, seat, slot) or ""
    if rule in ("ptcg.power.body", "ptcg.power.tool"):
        blocked = rule_body(s, seat, "power") or power_aura(s, mon) or basic_banned(s, mon)
        return refuse(rule, blocked or powers_off(s, mon)[1] or ex_taxed(s, mon))
    if rule == "ptcg.power.stadium":
        return refuse(rule, stadium_blocks_power(s, mon) or "")
    return why(rule, what=f"{card.name}'s {name}", why=reason, **mon_names(s, mon))


def run_power(ctx: Ctx, seat: int, params: PowerParams) -> None:
    s = ctx.s
    slot = parse_slot(params.pokemon, "pokemon")
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    card = s.top(mon)
    power = card.power_named(params.power)
    assert power is not None  # checked
    name = power.name  # as printed, whatever case the player wrote
    if name != params.power:
        params = msgspec.structs.replace(params, power=name)
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=name)
    effect = reg.POWERS.get((card.id, name))
    if effect is not None:
        effect.run(ctx, seat, slot, params)
    else:  # no handler: allowed only by allow_unimplemented
        resolve_by_hand(ctx, seat, mon.stack[-1], f"Poké-Power {name}", name)
    if s.special and reg.AFTER_POWER_BODIES:
        after_power_bodies(ctx, seat, mon)
    if ctx.s.phase == "main":
        after(ctx, "main")


def after_power_bodies(ctx: Ctx, seat: int, user: Mon) -> None:
    """The Poké-Bodies of the opponent's Pokémon that act once ``user`` (``seat``'s Pokémon)
    has used a Poké-Power (Dark Eyes: ``reg.AFTER_POWER_BODIES``), each while its Bodies are
    on, and only while ``user`` is still in play (its power may have moved it away)."""
    s = ctx.s
    for slot, other in list(s.sides[1 - seat].in_play()):
        body = reg.AFTER_POWER_BODIES.get(s.cards[other.stack[-1]])
        if body is None or gassed(s) or body_off(s, other):
            continue
        where = next((k for k, m in s.sides[seat].in_play() if m is user), -1)
        if where < 0:
            return
        body[1](ctx, 1 - seat, slot, seat, where)
