"""The simulator's fast listing: exactly ``legal(..., describe=False)``'s actions, in the
same order, built from shared offers and per-card summaries.
"""

from __future__ import annotations

from typing import Any, Final

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import Offer, make_offer
from turnkeeper.rulesets.ptcg.board import MAX_BENCH, SLOT_NAMES, energy_need, pays_need
from turnkeeper.rulesets.ptcg.cards import Attack, CardDef
from turnkeeper.rulesets.ptcg.energy import attach_rule
from turnkeeper.rulesets.ptcg.legal import legal, plain_offer
from turnkeeper.rulesets.ptcg.power import power_stopped
from turnkeeper.rulesets.ptcg.registry import AttackEffect, Options, PowerEffect
from turnkeeper.rulesets.ptcg.retreat import retreat_rule
from turnkeeper.rulesets.ptcg.setup import place_rule
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
# per seat, per number of Benched Pokémon: the retreat offers (the first n of _RETREAT)
_RETREAT_UPTO: Final = tuple(tuple(offers[:n] for n in range(6)) for offers in _RETREAT)


# per seat: a Tool's card id -> its offer per slot (the offers of the other cards are kept
# in their _HandCard summaries)
_TOOL: Final[tuple[dict[str, tuple[Offer, ...]], dict[str, tuple[Offer, ...]]]] = ({}, {})


# per seat: (attack name, *option items) -> the offer of an attack with options
_OPTION_OFFERS: Final[tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]]] = ({}, {})


# per seat: (Item card id, *option items) -> its offer (Items with options: see main_list)
_ITEM_OFFERS: Final[tuple[dict[tuple[Any, ...], Offer], dict[tuple[Any, ...], Offer]]] = ({}, {})


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
    elif phase == "setup":
        if seat == whose_turn(s):
            return _setup_list(s, seat)
        return []
    elif phase == "choice" and seat == whose_turn(s):
        assert s.pending is not None
        count = len(s.pending["options"])
        offers = _CHOOSE[seat]
        while len(offers) < count:
            offers.append(_offer("choose", SEATS[seat], {"option": len(offers)}))
        return offers[:count]
    return list(legal(s, seat, describe=False))


_READY: Final = tuple(_offer("ready", p, {}) for p in SEATS)


# per seat, per place (0: the Active, 1: the Bench): card id -> its offer
_PLACE: Final[tuple[tuple[dict[str, Offer], dict[str, Offer]], ...]] = (
    ({}, {}),
    ({}, {}),
)


def _setup_list(s: PtcgState, seat: int) -> list[Offer]:
    """``legal``'s set-up listing (the seat whose turn it is): each distinct card of the hand
    that ``place_rule`` lets go down (the Active first, then the Bench), then ready once
    there is an Active; offers kept per card."""
    side = s.sides[seat]
    if side.ready:
        return []
    active = side.active
    where = "active" if active is None else "bench"
    known = _PLACE[seat][0 if active is None else 1]
    out: list[Offer] = []
    seen: list[str] = []  # (_distinct: one instance per card id; seven cards or so)
    cards = s.cards
    defs = s.defs
    for inst in side.hand:
        cid = cards[inst]
        if cid in seen:
            continue
        seen.append(cid)
        if place_rule(s, seat, defs[inst], where) is None:
            found = known.get(cid)
            if found is None:
                found = known[cid] = _offer("place_" + where, SEATS[seat], {"card": cid})
            out.append(found)
    if active is not None:
        out.append(_READY[seat])
    return out


# What ``main_list`` asks of a card in the hand, sorted out once per card (see _HandCard).
# (Final: the compiled build uses the numbers themselves, not a lookup of the module's names)
_NOTHING: Final = 0
_BASIC: Final = 1
_EVOLUTION: Final = 2
_BASIC_ENERGY: Final = 3
_SPECIAL_ENERGY: Final = 4
_ITEM: Final = 5
_TRAINER: Final = 6


class _Keys:
    """Small numbers standing for strings (card names, stages): ``main_list`` compares
    numbers where the rules compare the strings (equal strings, equal numbers)."""

    __slots__ = ("known",)

    def __init__(self) -> None:
        self.known: dict[str, int] = {}

    def key(self, text: str) -> int:
        found = self.known.get(text)
        if found is None:
            found = self.known[text] = len(self.known)
        return found


_NAMES: Final = _Keys()  # card names (evolve_rule matches names: evolves_from)
_STAGES: Final = _Keys()  # stages (evolve_rule: the stage below the Evolution card's)


class _Stamp:
    """The number of the current ``main_list`` call: a summary marked with it was seen in
    this call already (one look per distinct card in the hand, without a set)."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0


_STAMP: Final = _Stamp()


class _OptionOffers:
    """The offers of one Item's or attack's options, per seat, as the last listing made
    them: its ``options`` handler is asked at every listing (it is the rule), and an answer
    equal (as data) to the one kept here reuses its offers, so that no key is built and no
    table looked up for them. ``answers`` holds copies (nothing the handler returned), so
    nothing done to its answers later can make a kept one stale."""

    __slots__ = ("answers", "offers")

    def __init__(self) -> None:
        # per seat: the last answer (copied) and its offers (none for an empty answer)
        self.answers: list[list[dict[str, Any]]] = [[], []]
        self.offers: list[list[Offer]] = [[], []]


class _AttackInfo:
    """One attack of a card as ``main_list`` uses it: its number of symbols (``ncost``), its
    typed symbols (``need``, board.energy_need: none means all Colorless, and then enough
    Energy cards pay it), its handler's options (or None) with their offers as last listed
    (``kept``), and its plain offer per seat. A class with typed attributes, not a tuple:
    the compiled build reads them directly instead of checking and unpacking a tuple."""

    __slots__ = ("attack", "kept", "name", "ncost", "need", "offers", "options")

    def __init__(self, attack: Attack, handler: AttackEffect | None) -> None:
        self.attack = attack
        self.name = attack.name
        self.ncost = len(attack.cost)
        self.need = energy_need(attack.cost)
        self.options: Options | None = None if handler is None else handler.options
        self.kept = _OptionOffers()
        self.offers = tuple(_offer("attack", p, {"attack": attack.name}) for p in SEATS)


class _PowerInfo:
    """One Poké-Power of a card as ``main_list`` uses it: its name, its handler (None: none
    registered, resolved by hand), whether it is once a turn, and its offer per seat per
    slot (made once here, not looked up by key at each listing)."""

    __slots__ = ("effect", "name", "offers", "once")

    def __init__(self, name: str, effect: PowerEffect | None) -> None:
        self.name = name
        self.effect = effect
        self.once = effect is None or effect.once
        self.offers = tuple(
            tuple(
                _offer("use_power", p, {"pokemon": SLOT_NAMES[slot], "power": name})
                for slot in range(6)
            )
            for p in SEATS
        )


class _HandCard:
    """One card's facts as ``main_list`` uses them, worked out once per card (every copy
    of a card shares its CardDef, so its summary too): what kind of play it is (``code``),
    its offers per seat (``one``: benching a Basic or playing a Trainer; ``slots``: attaching
    or evolving, per slot; ``upto``: the first n of ``slots``, for each n), its attacks (and
    the fewest symbols any of them costs), its name and stage as numbers (``name_key``,
    ``stage_key``), the name and stage it evolves from (``base_key``, ``needs_key``), its
    Poké-Powers (a Poké-Body is never offered) and its Trainer handler. ``mark``: the
    ``_STAMP`` of the last listing that looked at it. ``item_options``: an Item's offers
    per option (see _OptionOffers).

    The handlers (attacks, Poké-Powers, Trainers) are looked up once here: the registries are
    filled when the card modules are imported; ``_hand_cards`` drops every summary when their
    sizes change (a registration later on, or a test taking one out)."""

    __slots__ = (
        "attacks",
        "base_key",
        "card",
        "cid",
        "code",
        "fewest",
        "item_options",
        "mark",
        "name_key",
        "needs_key",
        "one",
        "powered",
        "powers",
        "slots",
        "stage_key",
        "trainer",
        "upto",
    )

    def __init__(self, card: CardDef) -> None:
        self.card = card
        self.cid = card.id
        self.mark = -1
        self.name_key = _NAMES.key(card.name)
        self.stage_key = _STAGES.key(card.stage)
        # evolve_rule: the name and the stage of the Pokémon it evolves (-1: never matched,
        # not an Evolution)
        self.base_key = _NAMES.key(card.evolves_from) if card.is_evolution else -1
        below = _STAGE_BELOW.get(card.stage) if card.is_evolution else None
        self.needs_key = -1 if below is None else _STAGES.key(below)
        # its Poké-Powers (a Poké-Body is never offered)
        self.powers = tuple(
            _PowerInfo(power.name, reg.POWERS.get((card.id, power.name)))
            for power in card.powers
            if power.kind == "power"
        )
        self.powered = bool(self.powers)
        self.attacks = tuple(
            _AttackInfo(attack, reg.ATTACKS.get((card.id, attack.name)))
            for attack in card.attacks
        )
        self.fewest = min((len(attack.cost) for attack in card.attacks), default=0)
        self.one: tuple[Offer, ...] = ()
        self.slots: tuple[tuple[Offer, ...], ...] = ()
        self.trainer = reg.TRAINERS.get(card.id)
        self.item_options = _OptionOffers()
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
        self.upto = tuple(
            tuple(per_seat[:n] for n in range(len(per_seat) + 1)) for per_seat in self.slots
        )


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
        powered: tuple[bool, ...],
        codes: bytes,
    ) -> None:
        self.defs = defs
        self.infos = infos
        # (a tuple of any length to mypy: the compiled build keeps it as one Python tuple,
        # instead of boxing a fixed-size one again at each look-up by seat)
        self.powered: tuple[bool, ...] = powered
        self.codes = codes


# (id of a list of card facts, card counts) -> _hand_cards's answer, which holds that list
# (games from the same cards share their list: PtcgState.link_cards)
_DEFS_SUMMARIES: Final[dict[tuple[int, tuple[int, ...]], _Summaries]] = {}


class _Registered:
    """The sizes of the handler registries when the summaries were made (see _HandCard)."""

    __slots__ = ("sizes",)

    def __init__(self) -> None:
        self.sizes = (-1, -1, -1)


_REGISTERED: Final = _Registered()


def _hand_cards(defs: list[CardDef], owned: list[int]) -> _Summaries:
    """The summaries of the instances of ``defs`` (see :class:`_Summaries`).

    Games with the same decks share their list of card facts: the answer is kept per list
    (by identity; the summaries hold their list, so no identity is reused meanwhile)."""
    sizes = (len(reg.ATTACKS), len(reg.POWERS), len(reg.TRAINERS))
    if sizes != _REGISTERED.sizes:  # handlers were added or taken out: summaries anew
        _HAND_CARDS.clear()
        _DEFS_SUMMARIES.clear()
        _REGISTERED.sizes = sizes
    key = (id(defs), tuple(owned))
    known = _DEFS_SUMMARIES.get(key)
    if known is not None and known.defs is defs:
        return known
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
    # (bytes: the compiled build reads a byte as a number, where a list's item is boxed)
    codes = bytes(info.code for info in found)
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
    top_info = infos[active.stack[-1]]
    rotation = active.rotation
    hand = side.hand
    if hand:
        # Necessary conditions of the predicates, checked once for the whole hand: per kind
        # of card (_HandCard.code), whether it may give an offer now, as one bit each:
        # bench_rule (a Basic, fewer than five on the Bench), not a first turn (may_evolve:
        # s.turn > 2, not first_turn_of(s)), no Energy attached yet. A card that cannot is
        # passed over before the distinct cards are told apart (all its copies would be
        # passed over alike: the order of the others is unchanged).
        live = _ALWAYS_LIVE
        if nbench < MAX_BENCH:
            live |= 1 << _BASIC
        if s.turn > 2:
            live |= 1 << _EVOLUTION
        if not s.energy_played:
            live |= _ENERGY_CODES
        # one look per distinct card, at its first copy: a summary already marked with
        # this call's stamp was looked at
        stamp = _STAMP.n = _STAMP.n + 1
        codes = fast.codes
        for inst in hand:
            if not (live >> codes[inst]) & 1:
                continue
            info = infos[inst]
            if info.mark == stamp:
                continue
            info.mark = stamp
            code = info.code
            if code == _BASIC:
                out.append(info.one[seat])
            elif code == _EVOLUTION:
                # evolve_rule, inline (not a first turn: live): a Pokémon in play of the
                # name and stage it evolves from, neither new nor evolved this turn
                base = info.base_key
                needs = info.needs_key
                turn = s.turn
                under = infos[active.stack[-1]]
                if (
                    under.name_key == base
                    and under.stage_key == needs
                    and active.entered < turn
                    and active.evolved < turn
                ):
                    out.append(info.slots[seat][0])
                for slot in range(1, nmons):
                    mon = bench[slot - 1]
                    under = infos[mon.stack[-1]]
                    if (
                        under.name_key == base
                        and under.stage_key == needs
                        and mon.entered < turn
                        and mon.evolved < turn
                    ):
                        out.append(info.slots[seat][slot])
            elif code == _BASIC_ENERGY:  # attach_rule: a basic Energy card passes (live)
                # (appended one by one: extending by a tuple goes through the list's
                # slice assignment, several times dearer for these few offers)
                for offer in info.upto[seat][nmons]:
                    out.append(offer)
            elif code == _ITEM:
                # _trainer_offers for an Item, inline: trainer_rule passes every Item; then
                # its options (each checked) or its one offer (checked); an Item without a
                # handler (only by allow_unimplemented) has its one offer, unchecked
                effect = info.trainer
                if effect is None:
                    out.append(info.one[seat])
                    continue
                if effect.options is not None:
                    # plain_offer("play_trainer", p, {"card": cid, **extra}) for each option,
                    # kept per (card, option); the check skipped where it passes every option
                    check = None if effect.options_checked else effect.check
                    for found in _item_option_offers(
                        info, seat, effect.options(s, seat)
                    ):
                        if check is None or check(s, seat, found.typed) is None:
                            out.append(found)
                    continue
                found = info.one[seat]
                if effect.check is None or effect.check(s, seat, found.typed) is None:
                    out.append(found)
            elif code == _TRAINER:
                _trainer_offers(s, seat, info, active, bench, out)
            elif code == _SPECIAL_ENERGY and attach_rule(s, info.card) is None:
                for offer in info.upto[seat][nmons]:
                    out.append(offer)
    if nbench and not s.retreated:
        if s.stadium >= 0 or s.special:  # a Stadium or a Poké-Body may change the cost
            if retreat_rule(s, active) is None:
                for offer in _RETREAT_UPTO[seat][nbench]:
                    out.append(offer)
        elif (
            # retreat_rule without a Stadium, inline: the cost is the printed one, and at least
            # as many Energy cards always pay it (else the rule counts the Energy provided)
            (not rotation or rotation not in ("asleep", "paralyzed"))
            and active.no_retreat < s.turn
            and (
                len(active.energy) >= top_info.card.retreat
                or ((active.energy or active.tool >= 0) and retreat_rule(s, active) is None)
            )
        ):
            for offer in _RETREAT_UPTO[seat][nbench]:
                out.append(offer)
    if fast.powered[seat]:  # a card of this player has a Poké-Power (without one, none offered)
        if top_info.powered:
            _power_offers(s, seat, 0, active, top_info, out)
        for slot in range(1, nmons):
            mon = bench[slot - 1]
            info = infos[mon.stack[-1]]
            if info.powered:
                _power_offers(s, seat, slot, mon, info, out)
    # attack_rule, inline: its tests in its order, cheapest first where that cannot change
    # the outcome (they only refuse, and every refusal drops the offer alike). Asleep or
    # Paralyzed, or no attacking on turn 1: no attack at all; fewer Energy cards than
    # symbols never pays (can_pay's first test).
    # (and fewer Energy cards than the cheapest attack's symbols: none of them is offered)
    energy = len(active.energy)
    if (
        energy >= top_info.fewest
        and (not rotation or rotation not in ("asleep", "paralyzed"))
        and (s.turn != 1 or s.typed_settings.first_turn_attack)
    ):
        # an attack's "can't attack next turn" (attack_rule's ptcg.attack.effect)
        stopped = active.no_attack == s.turn
        only = active.no_attack_name
        for entry in top_info.attacks:
            if entry.ncost > energy:
                continue
            if stopped and (not only or only == entry.name):
                continue
            # can_pay (no typed symbol: enough Energy cards pay it, counted above)
            need = entry.need
            if need.typed and not pays_need(s, active, need):
                continue
            attack_options = entry.options
            if attack_options is not None:
                # plain_offer("attack", p, {"attack": name, **extra}) for each option
                for found in _attack_option_offers(
                    entry.kept, entry.name, seat, attack_options(s, seat)
                ):
                    out.append(found)
                continue
            out.append(entry.offers[seat])
    out.append(_END_TURN[seat])
    return out


# _HandCard.code bits (main_list's ``live``): the kinds of card that may always give an offer
# (Trainers: their own rules decide), and the two kinds of Energy card
_ALWAYS_LIVE: Final = (1 << _ITEM) | (1 << _TRAINER)
_ENERGY_CODES: Final = (1 << _BASIC_ENERGY) | (1 << _SPECIAL_ENERGY)


def _item_option_offers(
    info: _HandCard, seat: int, answer: list[dict[str, Any]]
) -> list[Offer]:
    """The offers of an Item's options ``answer`` (its handler's): the ones kept from the
    last listing if that answer was the same, else plain_offer("play_trainer", p,
    {"card": cid, **extra}) for each option, kept per (card, option) in _ITEM_OFFERS."""
    kept = info.item_options
    if answer == kept.answers[seat]:
        return kept.offers[seat]
    options = _ITEM_OFFERS[seat]
    cid = info.cid
    made: list[Offer] = []
    for extra in answer:
        option = (cid, *extra.items())
        found = options.get(option)
        if found is None:
            if len(options) > 100_000:
                options.clear()
            found = options[option] = plain_offer(
                "play_trainer", SEATS[seat], {"card": cid, **extra}
            )
        made.append(found)
    kept.answers[seat] = [dict(extra) for extra in answer]
    kept.offers[seat] = made
    return made


def _attack_option_offers(
    kept: _OptionOffers, name: str, seat: int, answer: list[dict[str, Any]]
) -> list[Offer]:
    """The offers of an attack's options ``answer`` (its handler's): the ones kept from the
    last listing if that answer was the same, else plain_offer("attack", p,
    {"attack": name, **extra}) for each option, kept per (attack, option) in
    _OPTION_OFFERS (no parameter dict is built for an offer seen before)."""
    last = kept.answers[seat]
    if answer == last:
        return kept.offers[seat]
    last_offers = kept.offers[seat]
    options = _OPTION_OFFERS[seat]
    made: list[Offer] = []
    for extra in answer:
        # an option of the last answer too (Plus Energy's change with the hand, a card at a
        # time): its offer, found by comparing the few options (no key built)
        found: Offer | None = None
        for at in range(len(last)):
            if last[at] == extra:
                found = last_offers[at]
                break
        if found is not None:
            made.append(found)
            continue
        option = (name, *extra.items())
        found = options.get(option)
        if found is None:
            if len(options) > 100_000:
                options.clear()
            found = options[option] = plain_offer(
                "attack", SEATS[seat], {"attack": name, **extra}
            )
        made.append(found)
    kept.answers[seat] = [dict(extra) for extra in answer]
    kept.offers[seat] = made
    return made


def _power_offers(
    s: PtcgState, seat: int, slot: int, mon: Mon, info: _HandCard, out: list[Offer]
) -> None:
    """The Poké-Powers of the Pokémon at ``slot`` that ``power_rule`` allows (``info`` is the
    summary of the top card of ``mon``): the Power's own once-a-turn limit and requirement,
    and ``power.power_stopped``, the one check of what stops a Power (a Special Condition,
    the Stadium: Mt. Moon, an attack's effect: Black Cry, Shield Beam, a Body or a Tool)."""
    if mon.rotation or mon.poisoned or mon.burned:  # (power_stopped's last test: every Power)
        return
    for power in info.powers:
        # power_rule(s, seat, slot, mon, power): its tests (they only refuse)
        effect = power.effect
        if (
            (
                power.once
                and s.powers_used  # (no Power used yet this turn: no key to build)
                and f"{mon.stack[0]}:{power.name}" in s.powers_used
            )
            or power_stopped(s, seat, slot, mon, power.name) is not None
            or (effect is not None and effect.usable(s, seat, slot) is not None)
        ):
            continue
        out.append(power.offers[seat][slot])


def _trainer_offers(
    s: PtcgState, seat: int, info: _HandCard, active: Mon, bench: list[Mon], out: list[Offer]
) -> None:
    """The ways to play a Trainer card (``info``: its summary) that is not an Item, as
    ``_legal_trainer`` lists them after ``trainer_rule``."""
    card = info.card
    if trainer_rule(s, card) is not None:
        return
    cid = info.cid
    if card.trainer == "tool":
        offers = _TOOL[seat].get(cid)
        if offers is None:
            offers = _TOOL[seat][cid] = _per_slot("play_trainer", seat, cid)
        if tool_rule(active) is None:
            out.append(offers[0])
        for slot in range(1, len(bench) + 1):
            if tool_rule(bench[slot - 1]) is None:
                out.append(offers[slot])
        return
    effect = info.trainer
    if effect is not None and effect.options is not None:
        for extra in effect.options(s, seat):
            offer = plain_offer("play_trainer", SEATS[seat], {"card": cid, **extra})
            if effect.check is None or effect.check(s, seat, offer.typed) is None:
                out.append(offer)
        return
    found = info.one[seat]  # (the summary's offer: plain_offer("play_trainer", p, {"card"}))
    if effect is None or effect.check is None or effect.check(s, seat, found.typed) is None:
        out.append(found)
