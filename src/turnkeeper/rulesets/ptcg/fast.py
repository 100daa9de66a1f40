"""The simulator's fast listing: exactly ``legal(..., describe=False)``'s actions, in the
same order, built from shared offers and per-card summaries.
"""

from __future__ import annotations

from typing import Any, Final

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import Offer, make_offer
from turnkeeper.rulesets.ptcg.board import MAX_BENCH, SLOT_NAMES, can_pay
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.energy import attach_rule
from turnkeeper.rulesets.ptcg.legal import legal, plain_offer
from turnkeeper.rulesets.ptcg.retreat import retreat_rule
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.trainer import tool_rule, trainer_rule
from turnkeeper.rulesets.ptcg.turn import whose_turn

# ``legal_list`` is ``list(legal(s, seat, describe=False))`` built quickly, for the simulator:
# the same actions in the same order (tests/ptcg/test_fast_path.py plays games both ways).
# It asks the same rule predicates; what it adds are cheap necessary conditions checked
# first (where a predicate would refuse anyway) and offers shared between states (an Offer
# is immutable), so a step builds no Offer, no parameter dict and no display text.
_offer = make_offer


_END_TURN: Final = tuple(_offer("end_turn", p, {}) for p in SEATS)


_RETREAT: Final = tuple(
    tuple(_offer("retreat", p, {"target": SLOT_NAMES[i]}) for i in range(1, 6)) for p in SEATS
)


# per seat: card id -> its offer (a Trainer without options) or its offer per slot (a Tool);
# the offers of Pokémon and Energy cards are kept in their _HandCard summaries
_PLAY: Final[tuple[dict[str, Offer], dict[str, Offer]]] = ({}, {})


_TOOL: Final[tuple[dict[str, tuple[Offer, ...]], dict[str, tuple[Offer, ...]]]] = ({}, {})


# per seat: (attack name, *option items) -> the offer of an attack with options
_OPTION_OFFERS: Final[tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]]] = ({}, {})


# per seat: (Item card id, *option items) -> its offer (Items with options: see main_list)
_ITEM_OFFERS: Final[tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]]] = ({}, {})


# per seat: (power name, slot) -> its offer (attack offers are kept in _HandCard summaries)
_POWER: Final[tuple[dict[tuple[str, int], Offer], dict[tuple[str, int], Offer]]] = ({}, {})


def _per_slot(kind: str, seat: int, cid: str) -> tuple[Offer, ...]:
    p = SEATS[seat]
    return tuple(_offer(kind, p, {"card": cid, "target": SLOT_NAMES[i]}) for i in range(6))


_PROMOTE: Final = tuple(
    tuple(_offer("promote", p, {"target": SLOT_NAMES[i]}) for i in range(1, 6)) for p in SEATS
)


_CHOOSE: Final[tuple[list[Offer], list[Offer]]] = ([], [])  # per seat: the offer of option i


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
# (Final: the compiled build uses the numbers themselves, not a lookup of the module's names)
_NOTHING: Final = 0
_BASIC: Final = 1
_EVOLUTION: Final = 2
_BASIC_ENERGY: Final = 3
_SPECIAL_ENERGY: Final = 4
_ITEM: Final = 5
_TRAINER: Final = 6


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


_STAGE_BELOW: Final = {"stage1": "basic", "stage2": "stage1"}


_HAND_CARDS: Final[dict[int, _HandCard]] = {}  # id(CardDef) -> its summary (which holds the card)


class _Summaries:
    """What ``main_list`` keeps in ``PtcgState.fast`` for a list of card facts (``defs``):
    per instance its card's summary (``infos``) and that summary's ``code`` (``codes``), and
    per seat whether a card it may have in play has a Poké-Power (``powered``: in a dealt
    game a player only ever plays their own cards). A class of its own, its attributes
    typed, so that the compiled build reads them directly."""

    __slots__ = ("codes", "defs", "infos", "powered")

    def __init__(
        self,
        defs: list[CardDef],
        infos: list[_HandCard],
        powered: tuple[bool, bool],
        codes: list[int],
    ) -> None:
        self.defs = defs
        self.infos = infos
        self.powered = powered
        self.codes = codes


# (card counts, ids of the CardDefs of every instance) -> _hand_cards's answer
_DEFS_SUMMARIES: Final[dict[tuple[Any, ...], _Summaries]] = {}


def _hand_cards(defs: list[CardDef], owned: list[int]) -> _Summaries:
    """The summaries of the instances of ``defs`` (see :class:`_Summaries`).

    Games with the same decks have the same instances: the answer is kept per list of cards
    (by identity; the summaries hold their cards, so no identity is reused meanwhile)."""
    key = (tuple(owned), *map(id, defs))
    known = _DEFS_SUMMARIES.get(key)
    if known is not None:
        return _Summaries(defs, known.infos, known.powered, known.codes)
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
    summaries = _DEFS_SUMMARIES[key] = _Summaries(defs, found, powered, codes)
    return summaries


def main_list(s: PtcgState, seat: int) -> list[Offer]:
    """The turn's actions, as ``_legal_main`` lists them: ``legal_list`` in the main phase,
    for ``seat`` the current player, who has an Active Pokémon.

    Each distinct card in the hand is looked at once, in the order of its first copy, through
    its summary (``_HandCard``), built once per state from ``s.defs`` and kept in ``s.fast``.
    """
    if s.special:  # a card changes rules this listing's shortcuts assume: ask every rule
        return list(legal(s, seat, describe=False))
    side = s.sides[seat]
    active = side.active
    assert active is not None
    defs = s.defs
    known = s.fast
    if type(known) is _Summaries and known.defs is defs:
        fast = known
    else:
        fast = _hand_cards(defs, s.owned)
        s.fast = fast
    infos = fast.infos
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
        # (a tuple of any length to mypy: the compiled build then keeps it as one Python
        # tuple instead of boxing a fixed-size one again at each look-up by a variable index)
        live: tuple[bool, ...] = (
            False,
            nbench < MAX_BENCH,
            s.turn > 2,
            may_attach,
            may_attach,
            True,
            True,
        )
        names: list[str] = []  # the names in play, listed at the first Evolution card in hand
        seen: set[_HandCard] = set()  # one look per distinct card, at its first copy
        codes = fast.codes
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
                # _trainer_offers for an Item, inline: trainer_rule passes every Item; then
                # its options (each checked) or its one offer (checked); an Item without a
                # handler (only by allow_unimplemented) has its one offer, unchecked
                effect = reg.TRAINERS.get(info.cid)
                if effect is None:
                    add(info.one[seat])
                    continue
                if effect.options is not None:
                    # plain_offer("play_trainer", p, {"card": cid, **extra}) for each option,
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
                            found = known[option] = plain_offer(
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
        if s.stadium >= 0 or s.special:  # a Stadium or a Poké-Body may change the cost
            if retreat_rule(s, active) is None:
                out += _RETREAT[seat][:nbench]
        elif (
            # retreat_rule without a Stadium, inline: the cost is the printed one, and at least
            # as many Energy cards always pay it (else the rule counts the Energy provided)
            (not rotation or rotation not in ("asleep", "paralyzed"))
            and active.no_retreat < s.turn
            and (
                len(active.energy) >= top.retreat
                or ((active.energy or active.tool >= 0) and retreat_rule(s, active) is None)
            )
        ):
            out += _RETREAT[seat][:nbench]
    if fast.powered[seat]:  # a card of this player has a Poké-Power (without one, none offered)
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
        # an attack's "can't attack next turn" (attack_rule's ptcg.attack.effect)
        stopped = active.no_attack == s.turn
        only = active.no_attack_name
        for attack, ncost, colorless, key, offers in top_info.attacks:
            if ncost > energy:
                continue
            if stopped and (not only or only == attack.name):
                continue
            handler = attacks.get(key)
            if not colorless and not can_pay(s, active, attack.cost):
                continue
            if handler is not None and handler.options is not None:
                # plain_offer("attack", p, {"attack": name, **extra}) for each option, kept
                # per (attack, option): no parameter dict is built for an offer seen before
                known = _OPTION_OFFERS[seat]
                name = attack.name
                for extra in handler.options(s, seat):
                    option = (name, *extra.items())
                    found = known.get(option)
                    if found is None:
                        if len(known) > 100_000:
                            known.clear()
                        found = known[option] = plain_offer(
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
        # power_rule(s, seat, slot, mon, power), inline: its tests (they only refuse)
        if power.kind != "power":
            continue
        effect = powers.get((card.id, power.name))
        if (
            mon.rotation
            or mon.poisoned
            or mon.burned
            or (
                (effect is None or effect.once)
                and s.powers_used  # (no Power used yet this turn: no key to build)
                and f"{mon.stack[0]}:{power.name}" in s.powers_used
            )
            or (effect is not None and effect.usable(s, seat, slot) is not None)
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
    if card.trainer != "item" and trainer_rule(s, card) is not None:  # (it passes Items)
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
            offer = plain_offer("play_trainer", SEATS[seat], {"card": cid, **extra})
            if effect.check is None or effect.check(s, seat, offer.typed) is None:
                out.append(offer)
        return
    found = _PLAY[seat].get(cid)
    if found is None:
        found = _PLAY[seat][cid] = _offer("play_trainer", SEATS[seat], {"card": cid})
    if effect is None or effect.check is None or effect.check(s, seat, found.typed) is None:
        out.append(found)
