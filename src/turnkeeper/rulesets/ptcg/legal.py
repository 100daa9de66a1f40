"""The legal-action listing: every action a seat may take now, built from the families'
rule predicates, with its cost as text and as data.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import Offer, make_offer
from turnkeeper.rulesets.ptcg.attack import attack_rule
from turnkeeper.rulesets.ptcg.bench import bench_rule
from turnkeeper.rulesets.ptcg.board import SLOT_NAMES, retreat_energy_due
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.energy import attach_rule, attach_target_rule
from turnkeeper.rulesets.ptcg.evolve import evolve_rule
from turnkeeper.rulesets.ptcg.fossil import fossil_places
from turnkeeper.rulesets.ptcg.lasting import below_attacks
from turnkeeper.rulesets.ptcg.power import power_rule
from turnkeeper.rulesets.ptcg.retreat import retreat_rule
from turnkeeper.rulesets.ptcg.setup import place_rule
from turnkeeper.rulesets.ptcg.stadium_use import stadium_use_rule
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.trainer import (
    tm_rule,
    tool_fits,
    tool_rule,
    trainer_cost,
    trainer_rule,
)
from turnkeeper.rulesets.ptcg.turn import PHASE_KINDS, whose_turn


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
    mk = _described if describe else plain_offer
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
        # the Active first; the Bench once there is one
        where = "active" if side.active is None else "bench"
        for inst in _distinct(s, side.hand):
            card = s.card(inst)
            if place_rule(s, seat, card, where) is None:
                yield mk(f"place_{where}", p, {"card": card.id}, card.name)
        if side.active is not None:
            yield mk("ready", p, {})
        return
    yield from _legal_main(s, seat, describe)


_PLAIN: Final[dict[tuple[Any, ...], Offer]] = {}


_NO_COST: Final[dict[str, Any]] = {}


def _described(
    kind: str,
    actor: str,
    params: dict[str, Any],
    cost: str = "",
    cost_detail: dict[str, Any] | None = None,
) -> Offer:
    """An offer with its cost as text and as data (``{}``: it uses up no limit)."""
    return make_offer(kind, actor, params, cost, _NO_COST if cost_detail is None else cost_detail)


def plain_offer(
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


def _attach_offers(
    s: PtcgState, p: str, card: CardDef, places: list[tuple[int, Mon]], d: bool
) -> Iterator[Offer]:
    """Attaching ``card`` from the hand onto each of ``p``'s Pokémon that may take it."""
    mk = _described if d else plain_offer
    for slot, mon in places:
        if s.special and attach_target_rule(s, card, mon) is not None:
            continue
        yield mk(
            "attach",
            p,
            {"card": card.id, "target": SLOT_NAMES[slot]},
            f"{card.name} -> {s.top(mon).name}" if d else "",
            {"energy_attachment": 1},
        )


def _legal_main(s: PtcgState, seat: int, d: bool) -> Iterator[Offer]:
    mk = _described if d else plain_offer
    p = SEATS[seat]
    side = s.sides[seat]
    places = side.in_play()
    for inst in _distinct(s, side.hand):
        card = s.card(inst)
        if card.kind == "pokemon" or card.is_fossil:  # a Fossil is played as a Basic
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
            # a Holon's Pokémon may instead be attached as an Energy card (holon.py)
            if card.as_energy and attach_rule(s, card) is None:
                yield from _attach_offers(s, p, card, places, d)
        elif card.kind == "energy":
            if attach_rule(s, card) is None:
                yield from _attach_offers(s, p, card, places, d)
        elif trainer_rule(s, card) is None:
            yield from _legal_trainer(s, seat, card, d)
    active = side.active
    if active is None:
        return
    if s.stadium >= 0 and stadium_use_rule(s, seat) is None:  # Power Tree, Strange Cave
        name = s.card(s.stadium).name if d else ""
        yield mk("use_stadium", p, {}, f"use {name}", {"stadium_use": 1})
    if side.bench and retreat_rule(s, active) is None:
        cost = retreat_energy_due(s, active)  # none when its Tool goes instead
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
                effect = reg.POWERS.get((card.id, power.name))
                once = effect is None or effect.once  # by hand: once a turn
                yield mk(
                    "use_power",
                    p,
                    {"pokemon": SLOT_NAMES[slot], "power": power.name},
                    f"{card.name}: {power.name}" if d else "",
                    {"power": 1} if once else {},
                )
    if s.special:  # a Fossil in play (a card of state.SPECIAL_CARDS) may be discarded
        for slot in fossil_places(s, seat):
            fossil = side.mon(slot)
            name = s.top(fossil).name if d and fossil is not None else ""
            yield mk("discard_fossil", p, {"target": SLOT_NAMES[slot]}, f"discard {name}")
    top = s.top(active)
    # its own attacks, then a Technical Machine's attached this turn, then those of the cards
    # below it that a Stadium lets it use
    attacks = [(top, a) for a in top.attacks]
    if active.tm >= 0:
        attacks += [(s.card(active.tm), a) for a in s.card(active.tm).attacks]
    if s.special:  # the attacks of the cards below it (Meteor Falls), not named twice
        names = {a.name for _, a in attacks}
        for below, attack in below_attacks(s, active):
            if attack.name not in names:
                names.add(attack.name)
                attacks.append((below, attack))
    for card, attack in attacks:
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
    mk = _described if d else plain_offer
    p = SEATS[seat]
    if card.trainer == "tool" or (card.trainer == "tm" and card.id in reg.TMS):
        for slot, mon in s.sides[seat].in_play():
            if (
                tool_rule(mon) or tool_fits(s, card, mon)
                if card.trainer == "tool"
                else tm_rule(s, card, mon)
            ) is None:
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
