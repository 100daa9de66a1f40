"""The ptcg state and the events that change it.

State is compact and mutable: every card of a game is a small integer (an instance), and
``PtcgState.cards`` maps it to its card id. Zones are plain lists of instances; a deck is
listed top card first. ``apply`` is the only code that changes a state; each event type has
one small function here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Final

import msgspec

from turnkeeper.core.model import Event
from turnkeeper.rulesets.ptcg.cards import CardDef, pool
from turnkeeper.rulesets.ptcg.config import DEFAULTS, PtcgSettings

SEATS: Final = ("p1", "p2")
SEAT_INDEX: Final = {"p1": 0, "p2": 1}

# Exclusive Special Conditions (a new one replaces the old) and the stackable markers.
ROTATIONS: Final = ("asleep", "confused", "paralyzed")
MARKERS: Final = ("poisoned", "burned")
CONDITIONS: Final = ROTATIONS + MARKERS

# Card ids whose effects act outside the engine's usual hooks: lasting rule changes
# (Poké-Bodies that forbid an action or change a Retreat Cost), effects "at the end of the
# turn" or "between turns" on any Pokémon, delayed Special Conditions. Filled by the card
# modules (effect_rules.py); a game holding one of them has ``PtcgState.special`` set, and
# the hot path's shortcuts then ask the full rules (fast.main_list, turn.checkup).
SPECIAL_CARDS: set[str] = set()
# Stadium card ids under which evolving or devolving a Burned Pokémon leaves it Burned (Full
# Flame ex12-74; evolve_mon and the "devolve" event ask)
BURN_KEEPING_STADIUMS: set[str] = set()


# Mon, Side and PtcgState write their own ``__init__`` (``init=False``): the one dataclasses
# generates is Python-level code even in the compiled build, where building a Pokémon
# through it cost about 6,000 instructions (a game builds a dozen); the explicit one is
# compiled. Its parameters are the fields, in order, with the same defaults; each has one
# (a Pokémon's stack too), since the compiled class's ``__new__`` runs it with no argument
# as a copy or an unpickling rebuilds the object.
@dataclass(slots=True, init=False)
class Mon:
    """A Pokémon in play: its stack of Pokémon cards (Basic first) and what is on it."""

    stack: list[int]
    energy: list[int] = field(default_factory=list)
    tool: int = -1
    damage: int = 0  # HP of damage (10 per damage counter)
    rotation: str = ""  # "asleep", "confused", "paralyzed" or ""
    poisoned: bool = False
    burned: bool = False
    entered: int = 0  # the turn number it came into play
    evolved: int = -1  # the turn number it last evolved
    no_retreat: int = -1  # cannot retreat during turns up to and including this one
    boost: int = -1  # the turn in which a "next turn" attack boost applies (Stockpile)
    # an attack's protection "during the opponent's next turn" (effect vocabulary, Guard):
    # in turn ``guard_turn`` the damage the opponent's attacks do to it is reduced by ``guard``
    # (PREVENT_ALL: all of it); ``guard_effects``: their other effects are prevented too
    guard_turn: int = -1
    guard: int = 0
    guard_effects: bool = False
    # an attack's "can't attack during your next turn": in turn ``no_attack`` it cannot
    # attack (only the attack named ``no_attack_name`` if one is named)
    no_attack: int = -1
    no_attack_name: str = ""
    # lasting and delayed effects on it, as (what, turn) pairs (effect_rules.py, lasting.py):
    # ("smokescreen", t): its attacks in turn t need heads; ("asleep", t) / ("poisoned", t):
    # it gets that Special Condition at the end of turn t; ("toxic", -1) / ("toxic3", -1): its
    # Poison puts 2 / 3 damage counters between turns. Cleared when it evolves or goes to the
    # Bench.
    later: tuple[tuple[str, int], ...] = ()
    # a Technical Machine attached this turn (its attack usable instead of its own; it is
    # discarded at the end of its player's turn), or -1
    tm: int = -1

    def __init__(
        self,
        stack: list[int] | None = None,
        energy: list[int] | None = None,
        tool: int = -1,
        damage: int = 0,
        rotation: str = "",
        poisoned: bool = False,
        burned: bool = False,
        entered: int = 0,
        evolved: int = -1,
        no_retreat: int = -1,
        boost: int = -1,
        guard_turn: int = -1,
        guard: int = 0,
        guard_effects: bool = False,
        no_attack: int = -1,
        no_attack_name: str = "",
        later: tuple[tuple[str, int], ...] = (),
        tm: int = -1,
    ) -> None:
        self.stack = [] if stack is None else stack
        self.energy = [] if energy is None else energy
        self.tool = tool
        self.damage = damage
        self.rotation = rotation
        self.poisoned = poisoned
        self.burned = burned
        self.entered = entered
        self.evolved = evolved
        self.no_retreat = no_retreat
        self.boost = boost
        self.guard_turn = guard_turn
        self.guard = guard
        self.guard_effects = guard_effects
        self.no_attack = no_attack
        self.no_attack_name = no_attack_name
        self.later = later
        self.tm = tm

    @property
    def top(self) -> int:
        return self.stack[-1]

    def clone(self) -> Mon:
        return Mon(
            list(self.stack),
            list(self.energy),
            self.tool,
            self.damage,
            self.rotation,
            self.poisoned,
            self.burned,
            self.entered,
            self.evolved,
            self.no_retreat,
            self.boost,
            self.guard_turn,
            self.guard,
            self.guard_effects,
            self.no_attack,
            self.no_attack_name,
            self.later,
            self.tm,
        )

    def conditions(self) -> list[str]:
        found = [self.rotation] if self.rotation else []
        if self.poisoned:
            found.append("poisoned")
        if self.burned:
            found.append("burned")
        return found

    def has_condition(self) -> bool:
        return bool(self.rotation) or self.poisoned or self.burned

    def cards(self) -> list[int]:
        """Every card of this Pokémon: the stack, the Energy and the Tool."""
        found = [*self.stack, *self.energy]
        if self.tool >= 0:
            found.append(self.tool)
        if self.tm >= 0:
            found.append(self.tm)
        return found


@dataclass(slots=True, init=False)
class Side:
    """One player's cards."""

    deck: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    prizes: list[int] = field(default_factory=list)
    active: Mon | None = None
    bench: list[Mon] = field(default_factory=list)
    supporter: int = -1  # the Supporter played this turn, beside the Active until turn end
    mulligans: int = 0
    ready: bool = False  # finished placing Pokémon during setup
    # lasting effects on the player (not on a Pokémon), as (what, turn) pairs: in effect up
    # to and including that turn, -1 for the rest of the game (player_effects.py: a Trainer
    # lock "during the opponent's next turn", Prize cards played face up)
    later: tuple[tuple[str, int], ...] = ()

    def __init__(
        self,
        deck: list[int] | None = None,
        hand: list[int] | None = None,
        discard: list[int] | None = None,
        prizes: list[int] | None = None,
        active: Mon | None = None,
        bench: list[Mon] | None = None,
        supporter: int = -1,
        mulligans: int = 0,
        ready: bool = False,
        later: tuple[tuple[str, int], ...] = (),
    ) -> None:
        self.deck = [] if deck is None else deck
        self.hand = [] if hand is None else hand
        self.discard = [] if discard is None else discard
        self.prizes = [] if prizes is None else prizes
        self.active = active
        self.bench = [] if bench is None else bench
        self.supporter = supporter
        self.mulligans = mulligans
        self.ready = ready
        self.later = later

    def clone(self) -> Side:
        return Side(
            list(self.deck),
            list(self.hand),
            list(self.discard),
            list(self.prizes),
            None if self.active is None else self.active.clone(),
            [m.clone() for m in self.bench],
            self.supporter,
            self.mulligans,
            self.ready,
            self.later,
        )

    def mon(self, slot: int) -> Mon | None:
        """Slot 0 is the Active, 1..5 the Bench."""
        if slot == 0:
            return self.active
        if 1 <= slot <= len(self.bench):
            return self.bench[slot - 1]
        return None

    def in_play(self) -> list[tuple[int, Mon]]:
        found = [] if self.active is None else [(0, self.active)]
        found.extend((i + 1, m) for i, m in enumerate(self.bench))
        return found


@dataclass(init=False)
class PtcgState:
    cards: list[str] = field(default_factory=list)  # instance -> card id (fixed after begin)
    card_db: str = ""  # the user's card database, if any ("" = bundled cards only)
    settings: dict[str, Any] = field(default_factory=dict)
    sides: list[Side] = field(default_factory=lambda: [Side(), Side()])
    phase: str = "empty"  # empty, first, setup, main, choice, promote, over
    turn: int = 0
    current: int = 0
    first: int = 0
    coin_winner: int = 0
    # what the current player did this turn
    energy_played: bool = False
    supporter_played: bool = False
    stadium_played: bool = False
    retreated: bool = False
    powers_used: list[str] = field(default_factory=list)
    last_attacker: int = -1  # who ended the previous turn by attacking
    # how the previous turn ended: "pass", the attack's name, or "" (unknown: the turns
    # before a named position)
    ended_by: str = ""
    stadium: int = -1
    stadium_owner: int = -1
    pending: dict[str, Any] | None = None  # a card's question waiting for an answer
    promote: list[int] = field(default_factory=list)  # players who must promote, in order
    resume: str = ""  # what follows once promotions are done: main, checkup or next
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    end_rule: str = ""
    owned: list[int] = field(default_factory=list)  # dealt games: each player's card count

    def __init__(
        self,
        cards: list[str] | None = None,
        card_db: str = "",
        settings: dict[str, Any] | None = None,
        sides: list[Side] | None = None,
        phase: str = "empty",
        turn: int = 0,
        current: int = 0,
        first: int = 0,
        coin_winner: int = 0,
        energy_played: bool = False,
        supporter_played: bool = False,
        stadium_played: bool = False,
        retreated: bool = False,
        powers_used: list[str] | None = None,
        last_attacker: int = -1,
        ended_by: str = "",
        stadium: int = -1,
        stadium_owner: int = -1,
        pending: dict[str, Any] | None = None,
        promote: list[int] | None = None,
        resume: str = "",
        winners: list[int] | None = None,
        end_reason: str = "",
        end_rule: str = "",
        owned: list[int] | None = None,
    ) -> None:
        self.cards = [] if cards is None else cards
        self.card_db = card_db
        self.settings = {} if settings is None else settings
        self.sides = [Side(), Side()] if sides is None else sides
        self.phase = phase
        self.turn = turn
        self.current = current
        self.first = first
        self.coin_winner = coin_winner
        self.energy_played = energy_played
        self.supporter_played = supporter_played
        self.stadium_played = stadium_played
        self.retreated = retreated
        self.powers_used = [] if powers_used is None else powers_used
        self.last_attacker = last_attacker
        self.ended_by = ended_by
        self.stadium = stadium
        self.stadium_owner = stadium_owner
        self.pending = pending
        self.promote = [] if promote is None else promote
        self.resume = resume
        self.winners = [] if winners is None else winners
        self.end_reason = end_reason
        self.end_rule = end_rule
        self.owned = [] if owned is None else owned
        self.__post_init__()

    def __post_init__(self) -> None:
        # The card facts of every instance: a cache of ``cards`` (not a field, so it takes
        # no part in state hashes; CardDef is immutable, so copies share it).
        self.defs: list[CardDef] = []
        # fast.main_list's per-instance card summaries (fast._Summaries), built from
        # ``defs`` on first use (a new ``defs`` list means a rebuild). Not a field either.
        self.fast: object = None
        # ``settings`` read once into its typed object (not a field either: the mapping is
        # what the log and the views carry); the rules read this, never ``settings.get``.
        self.typed_settings: PtcgSettings = DEFAULTS
        # whether a card of SPECIAL_CARDS is in the game (derived from ``cards``; not a field)
        self.special: bool = False
        self.link_cards()

    def __getstate__(self) -> dict[str, Any]:
        # Pickles and deep copies (Game snapshots) leave out main_list's cache. Named
        # attribute by attribute: the compiled build's state has no __dict__.
        state = {name: getattr(self, name) for name in _FIELDS}
        state["defs"] = self.defs
        state["typed_settings"] = self.typed_settings
        state["special"] = self.special
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.fast = None

    def link_cards(self, typed: PtcgSettings | None = None) -> None:
        """Build what is derived from the fields: the card facts and the typed settings
        (``typed``, if given: the object ``settings`` was written from).

        Games dealt from the same cards share one list of card facts (as a game's clones
        do), so the caches kept per list (fast.main_list's summaries, damage's) are made once
        for all of them. The list is never changed in place: whoever needs other facts gives
        the state a new list (tests do)."""
        known = pool(self.card_db)
        cards = tuple(self.cards)
        key = (self.card_db, cards)
        shared = _SHARED_DEFS.get(key)
        if shared is not None and shared[0] is known:
            self.defs = shared[1]
        else:
            if len(_SHARED_DEFS) > 64:
                _SHARED_DEFS.clear()
            self.defs = [known[c] for c in cards]
            _SHARED_DEFS[key] = (known, self.defs)
        self.special = not SPECIAL_CARDS.isdisjoint(cards)
        settings = self.settings
        if typed is not None:
            self.typed_settings = typed
        elif not settings:
            self.typed_settings = DEFAULTS
        elif _same_settings(settings, _LAST_SETTINGS.given):
            self.typed_settings = _LAST_SETTINGS.typed
        else:
            self.typed_settings = msgspec.convert(settings, PtcgSettings)
            _LAST_SETTINGS.given = dict(settings)
            _LAST_SETTINGS.typed = self.typed_settings

    def clone(self) -> PtcgState:
        """A copy for resolving an action without touching this state (cards are shared)."""
        return self._clone(
            self.cards,
            self.card_db,
            self.settings,
            [s.clone() for s in self.sides],
            self.phase,
            self.turn,
            self.current,
            self.first,
            self.coin_winner,
            self.energy_played,
            self.supporter_played,
            self.stadium_played,
            self.retreated,
            list(self.powers_used),
            self.last_attacker,
            self.ended_by,
            self.stadium,
            self.stadium_owner,
            None if self.pending is None else dict(self.pending),
            list(self.promote),
            self.resume,
            list(self.winners),
            self.end_reason,
            self.end_rule,
            self.owned,
        )

    def _clone(self, *args: Any) -> PtcgState:
        copy = PtcgState.__new__(PtcgState)
        for name, value in zip(_FIELDS, args, strict=True):
            setattr(copy, name, value)
        copy.defs = self.defs
        copy.typed_settings = self.typed_settings
        copy.special = self.special
        copy.fast = self.fast
        return copy

    def card(self, instance: int) -> CardDef:
        return self.defs[instance]

    def top(self, mon: Mon) -> CardDef:
        return self.defs[mon.stack[-1]]

    def stage_in_play(self, mon: Mon) -> str:
        """The stage a Pokémon in play counts as: the one place that answers "is it a Basic,
        a Stage 1, a Stage 2" for effects. A Pokémon of one card is a Basic: a Basic
        Pokémon card, a Fossil (a Trainer played as a Basic), or an Evolution card an effect
        put onto the Bench to be treated as a Basic (Strange Cave ex12-77, Influence ex2-42 /
        ex12-29 / ex16-56, Team Assembly ex2-39 / ex2-70, Holon Fossil ex13-86, ex4-71 /
        ex4-73 for Team Aqua / Magma, Loose Shell's Shedinja ex3-18: their cards say so); no
        other way puts a lone Evolution card into play. Otherwise it is its top
        card's stage (a Stage 2 on a Basic through Rare Candy is a Stage 2; a Basic evolved
        from a Baby is a Basic). Evolving asks the printed stage instead (evolve.py): an
        Omanyte played as a Basic still evolves into Omastar."""
        return "basic" if len(mon.stack) == 1 else self.defs[mon.stack[-1]].stage

    def is_basic(self, mon: Mon) -> bool:
        """Whether a Pokémon in play counts as a Basic Pokémon (``stage_in_play``)."""
        return len(mon.stack) == 1 or self.defs[mon.stack[-1]].stage == "basic"

    def is_unevolved_basic(self, mon: Mon) -> bool:
        """A Basic Pokémon nothing has evolved onto (``stage_in_play``): one card, which
        may be an Evolution card played as a Basic."""
        return len(mon.stack) == 1


_FIELDS: Final = [f.name for f in fields(PtcgState)]


# (card database, the card ids of a game) -> (the pool they were read from, their facts):
# the list every game from the same cards shares (PtcgState.link_cards)
_SHARED_DEFS: Final[
    dict[tuple[str, tuple[str, ...]], tuple[dict[str, CardDef], list[CardDef]]]
] = {}


class _Settings:
    """The last settings mapping read into its typed object (PtcgState.link_cards): a game
    of the simulator names every setting, and the next game the same ones."""

    __slots__ = ("given", "typed")

    def __init__(self) -> None:
        self.given: dict[str, Any] = {}
        self.typed: PtcgSettings = DEFAULTS


_LAST_SETTINGS: Final = _Settings()


def _same_settings(given: dict[str, Any], known: dict[str, Any]) -> bool:
    """Equal, value for value and type for type (1 and True are equal, but not the same
    setting: msgspec tells them apart)."""
    if len(given) != len(known):
        return False
    for name, value in given.items():
        if name not in known:
            return False
        other = known[name]
        if type(value) is not type(other) or value != other:
            return False
    return True


# ---------------------------------------------------------------------------- events
def _side(s: PtcgState, data: Mapping[str, Any]) -> Side:
    return s.sides[SEAT_INDEX[data["p"]]]


def _begin(s: PtcgState, d: Mapping[str, Any]) -> None:
    begin_game(s, d["decks"], d["settings"], str(d.get("card_db", "")))


def begin_game(
    s: PtcgState,
    decks: Mapping[str, list[str]],
    settings: Mapping[str, Any],
    card_db: str,
    typed: PtcgSettings | None = None,
) -> None:
    """The "begin" event's change (also made directly by the simulator's deal, which gives
    ``typed``: the settings object that ``settings`` was written from, so they are not read
    back into one)."""
    s.card_db = card_db
    s.settings = dict(settings)
    s.cards = []
    s.sides = [Side(), Side()]
    for i, seat in enumerate(SEATS):
        ids = list(decks[seat])
        start = len(s.cards)
        s.cards.extend(ids)
        s.sides[i].deck = list(range(start, start + len(ids)))
    s.owned = [len(decks[seat]) for seat in SEATS]
    s.link_cards(typed)
    s.phase = "dealing"


def _shuffle(s: PtcgState, d: Mapping[str, Any]) -> None:
    _side(s, d).deck = list(d["order"])


def _draw(s: PtcgState, d: Mapping[str, Any]) -> None:
    draw_cards(s.sides[SEAT_INDEX[d["p"]]], int(d["n"]))


def draw_cards(side: Side, n: int) -> None:
    """The "draw" event's change (also made directly by the simulator, which keeps no log)."""
    side.hand.extend(side.deck[:n])
    del side.deck[:n]


def _mulligan(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    side.deck.extend(side.hand)
    side.hand = []
    side.mulligans += 1


def _prizes(s: PtcgState, d: Mapping[str, Any]) -> None:
    set_prizes(_side(s, d), int(d["n"]))


def set_prizes(side: Side, n: int) -> None:
    """The "prizes" event's change (also made directly by the simulator's deal)."""
    side.prizes.extend(side.deck[:n])
    del side.deck[:n]


def _coin_toss(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.coin_winner = SEAT_INDEX[d["winner"]]
    s.current = s.coin_winner
    s.phase = "first"


def _first(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.first = SEAT_INDEX[d["p"]]
    s.current = s.first
    s.phase = "setup"


def _place(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    card = int(d["card"])
    side.hand.remove(card)
    mon = Mon([card])
    if d["where"] == "active":
        side.active = mon
    else:
        side.bench.append(mon)


def _ready(s: PtcgState, d: Mapping[str, Any]) -> None:
    _side(s, d).ready = True
    s.current = 1 - SEAT_INDEX[d["p"]]


def _reset_turn(s: PtcgState) -> None:
    s.energy_played = False
    s.supporter_played = False
    s.stadium_played = False
    s.retreated = False
    s.powers_used = []


def _reveal(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.phase = "main"
    s.turn = 1
    s.current = s.first
    for side in s.sides:
        for _, mon in side.in_play():
            mon.entered = 1 if side is s.sides[s.first] else 2
    _reset_turn(s)


def _bench(s: PtcgState, d: Mapping[str, Any]) -> None:
    bench_card(s, SEAT_INDEX[d["p"]], int(d["card"]), d.get("from", "hand"))


def bench_card(s: PtcgState, seat: int, card: int, src: str = "hand") -> None:
    """The "bench" event's change (also made directly by the simulator); ``src``: the zone
    an effect puts the Pokémon from (a search of the deck or the discard pile)."""
    side = s.sides[seat]
    _zone(side, src).remove(card)
    side.bench.append(Mon([card], entered=s.turn))


def _zone(side: Side, name: str) -> list[int]:
    # the usual zones named directly: a look-up by name is CPython's generic path
    if name == "hand":
        return side.hand
    if name == "deck":
        return side.deck
    if name == "discard":
        return side.discard
    zone: list[int] = getattr(side, name)
    return zone


def _attach(s: PtcgState, d: Mapping[str, Any]) -> None:
    attach_card(
        s,
        SEAT_INDEX[d["p"]],
        int(d["card"]),
        int(d["slot"]),
        d.get("from", "hand"),
        bool(d.get("counts", False)),
    )


def attach_card(s: PtcgState, seat: int, card: int, slot: int, src: str, counts: bool) -> None:
    """The "attach" event's change (also made directly by the simulator)."""
    side = s.sides[seat]
    _zone(side, src).remove(card)
    mon = side.mon(slot)
    assert mon is not None
    mon.energy.append(card)
    if counts:
        s.energy_played = True


def _evolve(s: PtcgState, d: Mapping[str, Any]) -> None:
    evolve_mon(s, SEAT_INDEX[d["p"]], int(d["card"]), int(d["slot"]), d.get("from", "hand"))


def evolve_mon(s: PtcgState, seat: int, card: int, slot: int, src: str = "hand") -> None:
    """The "evolve" event's change (also made directly by the simulator); ``src``: the
    zone an effect takes the Evolution card from (a search of the deck)."""
    side = s.sides[seat]
    _zone(side, src).remove(card)
    mon = side.mon(slot)
    assert mon is not None
    mon.stack.append(card)
    mon.evolved = s.turn
    # Evolving clears every Special Condition and the old card's lingering effects (but Burned
    # under Full Flame).
    mon.rotation = ""
    mon.poisoned = False
    mon.burned = mon.burned and _keeps_burn(s)
    mon.no_retreat = mon.boost = mon.guard_turn = mon.no_attack = -1
    mon.later = _tool_timers(mon.later)


def _keeps_burn(s: PtcgState) -> bool:
    """Whether the Stadium in play keeps Burned on a Pokémon that evolves or devolves."""
    if not BURN_KEEPING_STADIUMS or s.stadium < 0:
        return False
    return s.cards[s.stadium] in BURN_KEEPING_STADIUMS


def _devolve(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect takes the top Evolution card off a Pokémon (to its owner's ``dest``: the
    hand, or the deck to be shuffled); like evolving, this clears Special Conditions and
    the effects aimed at the old card."""
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    assert mon is not None and len(mon.stack) > 1
    card = mon.stack.pop()
    _zone(side, str(d["dest"])).append(card)
    mon.rotation = ""
    mon.poisoned = False
    mon.burned = mon.burned and _keeps_burn(s)
    mon.no_retreat = mon.boost = mon.guard_turn = mon.no_attack = -1
    mon.later = _tool_timers(mon.later)


def _scoop(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect returns a Pokémon and every card on it to its owner's hand, or (``dest``
    "deck_bottom") to the bottom of their deck (Aipom's Snappy Move)."""
    side = _side(s, d)
    slot = int(d["slot"])
    mon = side.mon(slot)
    assert mon is not None
    if d.get("dest") == "deck_bottom":
        side.deck.extend(mon.cards())
    else:
        side.hand.extend(mon.cards())
    if slot == 0:
        side.active = None
    else:
        del side.bench[slot - 1]


def _swap_card(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect swaps the top card of a Pokémon in play for a card of its owner's deck (the
    old card goes into the deck, shuffled by a ``shuffle`` event after it); everything on the
    Pokémon (Energy, Tool, damage, Special Conditions, lasting effects) stays with the new card
    (Temperamental Weather)."""
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    assert mon is not None
    new = int(d["card"])
    side.deck.remove(new)
    side.deck.append(mon.stack[-1])
    mon.stack[-1] = new


def _tool_timers(later: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """What stays of a Pokémon's lasting effects when it evolves, devolves or goes to the
    Bench: only its Tool's own timer ("tool:..." entries: Buffer Piece), which goes with the
    Tool rather than with the effects aimed at the Active, and what happened to the Pokémon
    itself this turn ("kept:..." entries: damaged by an attack, for lasting.after_attack), and
    the markers put on it ("marker:..." entries: Shock-wave, Imprison; markers_ex15b.py)."""
    if not later:
        return ()
    return tuple(e for e in later if e[0].startswith(("tool:", "kept:", "marker:")))


def _trainer(s: PtcgState, d: Mapping[str, Any]) -> None:
    kind = d["kind"]
    slot = int(d["slot"]) if kind in ("tool", "tm") else -1
    play_trainer_card(s, SEAT_INDEX[d["p"]], int(d["card"]), kind, slot)


def play_trainer_card(s: PtcgState, seat: int, card: int, kind: str, slot: int) -> None:
    """The "trainer" event's change (also made directly by the simulator); ``slot`` is the
    Tool's Pokémon."""
    side = s.sides[seat]
    side.hand.remove(card)
    if kind == "supporter":
        side.supporter = card
        s.supporter_played = True
    elif kind == "stadium":
        if s.stadium >= 0:
            s.sides[s.stadium_owner].discard.append(s.stadium)
        s.stadium = card
        s.stadium_owner = seat
        s.stadium_played = True
    elif kind == "tool":
        mon = side.mon(slot)
        assert mon is not None
        mon.tool = card
    elif kind == "tm":
        mon = side.mon(slot)
        assert mon is not None
        mon.tm = card
    else:
        side.discard.append(card)


def _discard_energy(s: PtcgState, d: Mapping[str, Any]) -> None:
    discard_energy_of(s, SEAT_INDEX[d["p"]], int(d["slot"]), d["cards"])


def discard_energy_of(s: PtcgState, seat: int, slot: int, cards: list[int]) -> None:
    """The "discard_energy" event's change (also made directly by the simulator)."""
    side = s.sides[seat]
    mon = side.mon(slot)
    assert mon is not None
    for card in cards:
        mon.energy.remove(int(card))
        side.discard.append(int(card))


def _energy_to_hand(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An attached Energy card returned by an effect to its owner's hand (a Holon's Pokémon
    attached as Energy sends one back, ex11)."""
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    assert mon is not None
    card = int(d["card"])
    mon.energy.remove(card)
    side.hand.append(card)


def _move_energy(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An attached Energy card moved by an effect from one of a player's Pokémon to another."""
    side = _side(s, d)
    card = int(d["card"])
    src, dst = side.mon(int(d["src"])), side.mon(int(d["dst"]))
    assert src is not None and dst is not None
    src.energy.remove(card)
    dst.energy.append(card)


def _discard_stadium(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect discards the Stadium card in play (to its owner's discard pile)."""
    s.sides[s.stadium_owner].discard.append(s.stadium)
    s.stadium = -1
    s.stadium_owner = -1


def _discard_tm(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    assert mon is not None
    side.discard.append(mon.tm)
    mon.tm = -1


def _discard_tool(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    assert mon is not None
    side.discard.append(mon.tool)
    mon.tool = -1


def _to_bench(mon: Mon) -> None:
    # Moving to the Bench clears Special Conditions and effects aimed at the Active.
    mon.rotation = ""
    mon.poisoned = mon.burned = False
    mon.no_retreat = mon.boost = mon.guard_turn = mon.no_attack = -1
    mon.later = _tool_timers(mon.later)


def _switch(s: PtcgState, d: Mapping[str, Any]) -> None:
    switch_active(s, SEAT_INDEX[d["p"]], int(d["slot"]), bool(d.get("retreat", False)))


def switch_active(s: PtcgState, seat: int, slot: int, retreat: bool) -> None:
    """The "switch" event's change (also made directly by the simulator)."""
    side = s.sides[seat]
    old = side.active
    assert old is not None
    new = side.bench[slot - 1]
    _to_bench(old)
    side.bench[slot - 1] = old
    side.active = new
    if retreat:
        s.retreated = True


def _promote(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    slot = int(d["slot"])
    side.active = side.bench.pop(slot - 1)
    seat = SEAT_INDEX[d["p"]]
    if seat in s.promote:
        s.promote.remove(seat)


def _damage(s: PtcgState, d: Mapping[str, Any]) -> None:
    damage_mon(s, SEAT_INDEX[d["p"]], int(d["slot"]), int(d["n"]))


def damage_mon(s: PtcgState, seat: int, slot: int, n: int) -> None:
    """The "damage" event's change (also made directly by the simulator)."""
    mon = s.sides[seat].mon(slot)
    assert mon is not None
    mon.damage = max(0, mon.damage + n)


def _condition(s: PtcgState, d: Mapping[str, Any]) -> None:
    mon = _side(s, d).mon(int(d["slot"]))
    assert mon is not None
    what = d["add"]
    if what == "poisoned":
        mon.poisoned = True
    elif what == "burned":
        mon.burned = True
    else:
        mon.rotation = what


def _cure(s: PtcgState, d: Mapping[str, Any]) -> None:
    mon = _side(s, d).mon(int(d["slot"]))
    assert mon is not None
    for what in d["which"]:
        if what == "poisoned":
            mon.poisoned = False
            if mon.later:  # a stronger Poison (Toxic) ends with the Poison
                mon.later = tuple(e for e in mon.later if e[0] not in ("toxic", "toxic3"))
        elif what == "burned":
            mon.burned = False
        elif mon.rotation == what:
            mon.rotation = ""


def _knockout(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    slot = int(d["slot"])
    mon = side.mon(slot)
    assert mon is not None
    side.discard.extend(mon.cards())
    if slot == 0:
        side.active = None
    else:
        del side.bench[slot - 1]


def _attach_tool(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect attaches a Pokémon Tool card from a zone (the deck: Hoard) to a Pokémon."""
    side = _side(s, d)
    card = int(d["card"])
    _zone(side, str(d["from"])).remove(card)
    mon = side.mon(int(d["slot"]))
    assert mon is not None and mon.tool < 0
    mon.tool = card


def _replace_basic(s: PtcgState, d: Mapping[str, Any]) -> None:
    """An effect puts a Basic Pokémon card from a zone (the discard pile: Form Variation) in
    place of a Basic Pokémon in play, which goes to the discard pile; everything attached,
    the damage, Special Conditions and effects stay with the place."""
    side = _side(s, d)
    card = int(d["card"])
    _zone(side, str(d["from"])).remove(card)
    mon = side.mon(int(d["slot"]))
    assert mon is not None and len(mon.stack) == 1
    side.discard.append(mon.stack[0])
    mon.stack = [card]


def _discard_pokemon(s: PtcgState, d: Mapping[str, Any]) -> None:
    """A Pokémon discarded from play with all its cards, not Knocked Out (a Fossil)."""
    _knockout(s, d)


def _prize(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    n = min(int(d["n"]), len(side.prizes))
    if side.later:
        left_prizes(side, side.prizes[:n])
    side.hand.extend(side.prizes[:n])
    del side.prizes[:n]


# a Side.later entry "prize_up:<card>": that Prize card (its instance) was turned face up
# (Island Hermit ex15-76, Prize Shift ex11-28: vocab_ex15b.TurnPrizesUp)
PRIZE_UP: Final = "prize_up:"


def left_prizes(side: Side, cards: list[int]) -> None:
    """Part of the change of every event that takes cards out of the Prizes ("prize", a
    "move" from them): a card turned face up is face up where it lies among the Prizes,
    so that ends as it leaves them; a card that comes back later (Vine Tease's swap with the
    deck) comes back face down like any other."""
    gone = {f"{PRIZE_UP}{card}" for card in cards}
    kept = tuple(entry for entry in side.later if entry[0] not in gone)
    if len(kept) != len(side.later):
        side.later = kept


def _attack(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.last_attacker = SEAT_INDEX[d["p"]]
    s.ended_by = str(d["name"])


def _power(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.powers_used.append(f"{d['card']}:{d['name']}")


def _move(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    card = int(d["card"])
    _zone(side, d["src"]).remove(card)
    if side.later and d["src"] == "prizes":
        left_prizes(side, [card])
    if d["dst"] == "deck_top":
        side.deck.insert(0, card)
    else:
        _zone(side, d["dst"]).append(card)


def _form_change(s: PtcgState, d: Mapping[str, Any]) -> None:
    """A Pokémon's top card is swapped for a card of the deck (Deoxys's Form Change): the
    new card takes its place with everything on it (Energy, Tool, damage, Special
    Conditions, lasting effects: not an evolution), and the old card goes on top of the
    deck."""
    side = _side(s, d)
    mon = side.mon(int(d["slot"]))
    card = int(d["card"])
    assert mon is not None
    side.deck.remove(card)
    side.deck.insert(0, mon.stack[-1])
    mon.stack[-1] = card


def _deck_top(s: PtcgState, d: Mapping[str, Any]) -> None:
    side = _side(s, d)
    order = [int(c) for c in d["order"]]
    rest = list(side.deck)
    for card in order:
        rest.remove(card)
    side.deck = order + rest


def _ask(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.pending = {
        "p": d["p"],
        "key": d["key"],
        "prompt": d["prompt"],
        "options": list(d["options"]),
        "data": dict(d.get("data") or {}),
    }
    s.phase = "choice"


def _ask_then(s: PtcgState, d: Mapping[str, Any]) -> None:
    """What goes on once the pending question's effect is done (turn.run_choose): a stack of
    frames, bottom first, kept with the question."""
    assert s.pending is not None
    s.pending = {**s.pending, "then": [dict(frame) for frame in d["then"]]}


def _answer(s: PtcgState, d: Mapping[str, Any]) -> None:
    answered(s)


def answered(s: PtcgState) -> None:
    """The "answer" event's change (also made directly by the simulator)."""
    s.pending = None
    s.phase = "main"


def _need_promote(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.promote = [SEAT_INDEX[p] for p in d["players"]]
    s.resume = d["then"]
    s.phase = "promote"


def _resume(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.promote = []
    s.resume = ""
    s.phase = "main"


def _end_turn(s: PtcgState, d: Mapping[str, Any]) -> None:
    end_turn_of(s, SEAT_INDEX[d["p"]], bool(d.get("attacked", False)))


def end_turn_of(s: PtcgState, seat: int, attacked: bool) -> None:
    """The "end_turn" event's change (also made directly by the simulator)."""
    side = s.sides[seat]
    if side.supporter >= 0:
        side.discard.append(side.supporter)
        side.supporter = -1
    s.phase = "between"
    if not attacked:
        s.last_attacker = -1
        s.ended_by = "pass"


def _start_turn(s: PtcgState, d: Mapping[str, Any]) -> None:
    start_turn_of(s, SEAT_INDEX[d["p"]], int(d["turn"]))


def start_turn_of(s: PtcgState, seat: int, turn: int) -> None:
    """The "start_turn" event's change (also made directly by the simulator)."""
    s.current = seat
    s.turn = turn
    s.phase = "main"
    # _reset_turn(s), inline (once a turn)
    s.energy_played = False
    s.supporter_played = False
    s.stadium_played = False
    s.retreated = False
    s.powers_used = []


def _flag(s: PtcgState, d: Mapping[str, Any]) -> None:
    mon = _side(s, d).mon(int(d["slot"]))
    assert mon is not None
    if d["flag"] == "no_retreat":
        mon.no_retreat = int(d["turn"])
    elif d["flag"] == "no_attack":
        mon.no_attack = int(d["turn"])
        mon.no_attack_name = str(d.get("name", ""))
    elif d["flag"] == "later":
        # a lasting or delayed effect added, or (``drop``) every one of that name removed
        what = str(d["what"])
        kept = tuple(e for e in mon.later if e[0] != what)
        mon.later = kept if d.get("drop") else (*kept, (what, int(d["turn"])))
    elif d["flag"] == "guard":
        mon.guard_turn = int(d["turn"])
        mon.guard = int(d["amount"])
        mon.guard_effects = bool(d.get("effects", False))
    else:
        mon.boost = int(d["turn"])


def _side_later(s: PtcgState, d: Mapping[str, Any]) -> None:
    """A lasting effect on a player (``Side.later``) added, replacing one of the same name;
    entries whose turn has passed are dropped as it is added."""
    side = _side(s, d)
    what = str(d["what"])
    kept = tuple(e for e in side.later if e[0] != what and (e[1] < 0 or e[1] >= s.turn))
    side.later = (*kept, (what, int(d["turn"])))


def _game_over(s: PtcgState, d: Mapping[str, Any]) -> None:
    s.phase = "over"
    s.winners = [SEAT_INDEX[p] for p in d["winners"]]
    s.end_reason = str(d["reason"])
    s.end_rule = str(d["rule"])


def _position(s: PtcgState, d: Mapping[str, Any]) -> None:
    """A whole board named by a scenario (position.normalize_position made the event)."""
    built = state_from_position(d)
    for name in _FIELDS:
        setattr(s, name, getattr(built, name))
    s.link_cards()


def _note(s: PtcgState, d: Mapping[str, Any]) -> None:
    """Coins, revealed hands and other facts for the record: nothing changes."""


APPLY: Final[dict[str, Callable[[PtcgState, Mapping[str, Any]], None]]] = {
    "begin": _begin,
    "position": _position,
    "shuffle": _shuffle,
    "draw": _draw,
    "mulligan": _mulligan,
    "prizes": _prizes,
    "coin_toss": _coin_toss,
    "first": _first,
    "place": _place,
    "ready": _ready,
    "reveal": _reveal,
    "bench": _bench,
    "attach": _attach,
    "evolve": _evolve,
    "trainer": _trainer,
    "devolve": _devolve,
    "scoop": _scoop,
    "discard_energy": _discard_energy,
    "discard_tool": _discard_tool,
    "discard_tm": _discard_tm,
    "move_energy": _move_energy,
    "energy_to_hand": _energy_to_hand,
    "discard_stadium": _discard_stadium,
    "switch": _switch,
    "promote": _promote,
    "damage": _damage,
    "condition": _condition,
    "cure": _cure,
    "knockout": _knockout,
    "discard_pokemon": _discard_pokemon,
    "attach_tool": _attach_tool,
    "swap_card": _swap_card,
    "prize": _prize,
    "attack": _attack,
    "power": _power,
    "move": _move,
    "deck_top": _deck_top,
    "form_change": _form_change,
    "replace_basic": _replace_basic,
    "ask": _ask,
    "ask_then": _ask_then,
    "answer": _answer,
    "need_promote": _need_promote,
    "resume": _resume,
    "end_turn": _end_turn,
    "start_turn": _start_turn,
    "flag": _flag,
    "side_later": _side_later,
    "game_over": _game_over,
    "coin": _note,
    "note": _note,
    "by_hand": _note,  # an effect left to the players (by_hand.py): nothing changes here
}


def apply_event(s: PtcgState, event: Event) -> None:
    fn = APPLY.get(event.type)
    if fn is None:
        raise ValueError(f"ptcg: unknown event type {event.type!r}")
    fn(s, event.data)


def state_from_position(d: Mapping[str, Any]) -> PtcgState:
    s = PtcgState()
    s.card_db = str(d.get("card_db", ""))
    s.settings = dict(d["settings"])
    s.turn = int(d["turn"])
    s.current = SEAT_INDEX[d["current"]]
    s.first = SEAT_INDEX[d["first"]]
    s.coin_winner = s.first
    s.phase = "main"

    def new(cid: str) -> int:
        s.cards.append(cid)
        return len(s.cards) - 1

    def mon(m: Mapping[str, Any]) -> Mon:
        built = Mon([new(c) for c in m["stack"]], [new(c) for c in m["energy"]])
        built.tool = new(m["tool"]) if m["tool"] else -1
        built.damage = int(m["damage"])
        for cond in m["conditions"]:
            if cond == "poisoned":
                built.poisoned = True
            elif cond == "burned":
                built.burned = True
            else:
                built.rotation = cond
        built.entered = s.turn if m["new"] else 0
        built.evolved = s.turn if m["evolved"] else -1
        return built

    for i, seat in enumerate(SEATS):
        raw = d["sides"][seat]
        side = s.sides[i]
        side.hand = [new(c) for c in raw["hand"]]
        side.deck = [new(c) for c in raw["deck"]]
        side.prizes = [new(c) for c in raw["prizes"]]
        side.discard = [new(c) for c in raw["discard"]]
        side.active = mon(raw["active"])
        side.bench = [mon(m) for m in raw["bench"]]
        side.ready = True
    if d.get("stadium"):
        s.stadium = new(d["stadium"]["card"])
        s.stadium_owner = SEAT_INDEX[d["stadium"]["owner"]]
    for key, value in d.get("this_turn", {}).items():
        setattr(s, key, bool(value))
    s.link_cards()
    return s
