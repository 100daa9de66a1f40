"""Turn step 8: the attack, which ends the turn."""

from __future__ import annotations

from typing import Annotated

import msgspec

from turnkeeper.core.model import BadActionError, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import body_off, can_pay, gassed
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef, named_index
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, hit
from turnkeeper.rulesets.ptcg.lasting import (
    attack_banned,
    below_attacks,
    distraction_stops,
    extra_cost,
    smokescreen_stops,
)
from turnkeeper.rulesets.ptcg.params import Place, described
from turnkeeper.rulesets.ptcg.refusal import mon_names, refuse, why
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import end_turn

AttackName = Annotated[str, meta("the Active Pokémon's attack, by name", min_length=1)]
AttackCard = Annotated[
    str | None,
    meta(
        "an Energy card the attack attaches (Plus Energy, Energy Call) or discards",
        open_value=True,
    ),
]
AttackTarget = Annotated[
    Place | None,
    meta("the Pokémon the attack works on: Plus Energy's own one, Water Arrow's opponent's"),
]
AttackCopy = Annotated[
    str | None,
    meta(
        "the attack a copying attack uses, as 'card id:attack name' (Genetic Memory: one "
        "of the cards below it)",
        open_value=True,
    ),
]


@described("``attack``: the Active Pokémon's attack, and what it works on where it asks.")
class AttackParams(Params):
    attack: "AttackName"  # noqa: UP037  (quoted: params.py)
    card: "AttackCard" = None  # noqa: UP037  (quoted: params.py)
    target: "AttackTarget" = None  # noqa: UP037  (quoted: params.py)
    copy: "AttackCopy" = None  # noqa: UP037  (quoted: params.py)


def attack_rule(s: PtcgState, mon: Mon, attack: Attack) -> str | None:
    """Turn step 8: the first-turn setting, no Asleep/Paralyzed, the Energy of its cost.
    (An attack whose effect has no handler is in the game only by the setting
    allow_unimplemented: it is then played and its effect resolved by hand.)"""
    if s.turn == 1 and not s.typed_settings.first_turn_attack:
        return "ptcg.attack.first-turn"
    if mon.rotation in ("asleep", "paralyzed") and not (
        # an attack whose card allows it while Asleep (Toss and Turn)
        mon.rotation == "asleep"
        and s.special
        and (s.cards[mon.stack[-1]], attack.name) in reg.ASLEEP_ATTACKS
    ):
        return "ptcg.attack.condition"
    if mon.no_attack == s.turn and (not mon.no_attack_name or mon.no_attack_name == attack.name):
        return "ptcg.attack.effect"
    cost = attack.cost
    if s.special:  # a Poké-Body in play forbids it to attack, or raises the cost
        if attack_banned(s, mon):
            return "ptcg.attack.body"
        own = reg.COST_OVERRIDES.get((s.cards[mon.stack[-1]], attack.name))
        if own is not None and not gassed(s) and not body_off(s, mon):
            cost = own(s, mon) or cost  # its own Poké-Body changes its cost (Delta Aura)
        more = extra_cost(s, mon)
        if more:
            cost = (*cost, *(("Colorless",) * more))
    if not can_pay(s, mon, cost):
        return "ptcg.attack.energy"
    return None


def attack_of(s: PtcgState, seat: int, params: AttackParams) -> tuple[CardDef, Attack | None]:
    """The Active's top card and its attack named in ``params`` (None: it has no such attack)."""
    mon = s.sides[seat].active
    if mon is None:
        raise BadActionError("attack: there is no Active Pokémon")
    card = s.top(mon)
    # names ignore case (cards.named_index), each source in turn: the card's own attacks,
    # then a Technical Machine's, then those of cards below it
    found = card.attack_named(params.attack)
    if found is None and mon.tm >= 0:  # a Technical Machine's attack, usable instead
        tm = s.card(mon.tm)
        taught = tm.attack_named(params.attack)
        if taught is not None:
            return tm, taught
    if found is None and s.special:  # an attack of a card below it (Meteor Falls)
        borrowed = below_attacks(s, mon)
        at = named_index([attack.name for _, attack in borrowed], params.attack,
                         "the attacks it may use")
        if at >= 0:
            return borrowed[at]
    return card, found


def as_named(s: PtcgState, seat: int, card: CardDef, attack: Attack,
             params: AttackParams) -> AttackParams:
    """``params`` with the attack's own name, and the attack to copy as its handler offers
    it, where the player wrote either in another case: the handlers, the events and the
    lasting effects then see only the names printed on the cards."""
    if params.attack != attack.name:
        params = msgspec.structs.replace(params, attack=attack.name)
    copy = params.copy
    if copy is None:
        return params
    effect = reg.ATTACKS.get((card.id, attack.name))
    if effect is None or effect.options is None:
        return params
    keys: list[str] = []
    for option in effect.options(s, seat):
        key = option.get("copy")
        if isinstance(key, str) and key not in keys:
            keys.append(key)
    at = named_index(keys, copy, "the attacks it may copy")
    if at >= 0 and keys[at] != copy:
        params = msgspec.structs.replace(params, copy=keys[at])
    return params


def check_attack(s: PtcgState, seat: int, params: AttackParams) -> Refusal | None:
    card, attack = attack_of(s, seat, params)
    mon = s.sides[seat].active
    assert mon is not None
    if attack is None:
        names = ", ".join(a.name for a in card.attacks) or "none"
        return refuse(
            "ptcg.attack.known", f"{card.name} has no attack {params.attack!r} (it has: {names})"
        )
    params = as_named(s, seat, card, attack, params)
    rule = attack_rule(s, mon, attack)
    if rule == "ptcg.attack.body":
        return refuse(rule, attack_banned(s, mon))
    if rule:
        return why(
            rule,
            what=f"{card.name}'s {attack.name}",
            **{**mon_names(s, mon), "cost": "+".join(attack.cost) or "nothing"},
        )
    effect = reg.ATTACKS.get((card.id, attack.name))
    if effect is not None and effect.check is not None:
        found = effect.check(s, seat, params)
        if found is not None:
            return refuse(*found)
    return None


def stadium_ends_attack(ctx: Ctx) -> bool:
    """Whether the Stadium in play ends the attack being used before it does anything
    (``StadiumEffect.ends_attacks``: Holon Circle ex14-79); the Stadium is then discarded."""
    s = ctx.s
    stadium = reg.STADIUMS.get(s.cards[s.stadium])
    if stadium is None or not stadium.ends_attacks:
        return False
    ctx.emit("discard_stadium")
    return True


def run_attack(ctx: Ctx, seat: int, params: AttackParams) -> None:
    s = ctx.s
    card, attack = attack_of(s, seat, params)
    assert attack is not None  # checked
    params = as_named(s, seat, card, attack, params)
    if ctx.record:
        ctx.emit("attack", p=SEATS[seat], name=attack.name)
    else:  # no log: the event's change made directly
        s.last_attacker = seat
        s.ended_by = attack.name
        ctx.emitted += 1
    mon = s.sides[seat].active
    assert mon is not None
    if s.special and mon.tool >= 0:  # a Tool that acts as its Pokémon attacks
        tool = reg.TOOLS.get(s.cards[mon.tool])
        if tool is not None and tool.on_attack is not None:
            tool.on_attack(ctx, seat, 0)
    # Confused: flip before attacking; tails -> 3 damage counters on itself, no attack.
    if mon.rotation == "confused" and not ctx.flip("confusion"):
        counters(ctx, seat, 0, 3)
    elif mon.later and smokescreen_stops(ctx, seat, mon):
        pass  # a Smokescreen's coin came up tails: the attack does nothing
    elif s.stadium >= 0 and stadium_ends_attack(ctx):
        pass  # the Stadium ends the attack at once, doing nothing (Holon Circle)
    elif s.special and distraction_stops(ctx, seat, mon):
        pass  # Pattern Distraction's coin came up tails: the attack does nothing
    else:
        effect = reg.ATTACKS.get((card.id, attack.name))
        if effect is not None:
            effect.run(ctx, seat, params)
        elif attack.effect:  # no handler: allowed only by allow_unimplemented
            resolve_by_hand(ctx, seat, mon.stack[-1], f"attack {attack.name}", attack.name)
        else:
            hit(ctx, seat, attack.damage)
        if s.phase == "choice":
            return  # the attack asks a question: the answer ends the turn (vocab.Question)
    end_turn(ctx, attacked=True)
