"""What EX Dragon Frontiers (ex15, cards 51-101) and Power Keepers' Trainers and Energy (ex16
71-91) need beyond the shared vocabulary: registering a reprint of every kind of card (a
Pokémon, a Pokémon Tool, a Stadium, a Fossil, a special Energy) with all the hooks its
original has, so the reprint plays exactly as the card it reprints (the printed texts were
compared in the card database; effect_data_ex15b.py and effect_data_ex16_trainers.py list the
pairs). Every function refuses (ValueError at import) a pair whose names differ, whose original
has no handler, or whose reprint has one already: nothing is overwritten silently."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import max_hp, slot_name, types_of
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters, guarded, hit
from turnkeeper.rulesets.ptcg.search import Search
from turnkeeper.rulesets.ptcg.state import (
    CONDITIONS,
    PRIZE_UP,
    SEATS,
    SPECIAL_CARDS,
    Mon,
    PtcgState,
)
from turnkeeper.rulesets.ptcg.turn import end_turn
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step

# the per-card Energy tables a special Energy's rules may sit in (registry.py)
_ENERGY_SETS: tuple[set[str], ...] = (
    reg.END_OF_TURN_ENERGY,
    reg.EVOLVED_ONLY_ENERGY,
    reg.NOT_EX_ENERGY,
    reg.NO_RETREAT_ENERGY,
)


def _same_name(where: str, card_id: str, same_as: str) -> None:
    cards = bundled_cards()
    card, original = cards.get(card_id), cards.get(same_as)
    if card is None or original is None or card.name != original.name or card.kind != original.kind:
        raise ValueError(f"{where}: {card_id} is no reprint of {same_as}")


def register_energy_reprint(where: str, card_id: str, same_as: str) -> None:
    """A special Energy reprint: the handler, its damage modifier, the Holon Energy tables
    (no Weakness, no Resistance, no Special Conditions) and the Energy rule sets (discarded at
    the end of the turn, Evolved Pokémon only, not onto a Pokémon-ex, no retreat)."""
    _same_name(where, card_id, same_as)
    if bundled_cards()[card_id].kind != "energy" or same_as not in reg.ENERGIES:
        raise ValueError(f"{where}: {same_as} is no special Energy with a handler")
    if card_id in reg.ENERGIES:
        raise ValueError(f"{where}: {card_id} has a handler already")
    reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
    if same_as in reg.DAMAGE_MODS:
        reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
    for table in (reg.NO_WEAKNESS_ENERGY, reg.NO_RESISTANCE_ENERGY, reg.CONDITION_PROOF_ENERGY):
        if same_as in table:
            table[card_id] = table[same_as]
    # Holon Energy WP: effects of the opponent's attacks kept off, a free retreat
    for wp_table in (reg.EFFECT_PROOF_ENERGY, reg.FREE_RETREAT_ENERGY):
        if same_as in wp_table:
            wp_table[card_id] = wp_table[same_as]
    for ids in _ENERGY_SETS:
        if same_as in ids:
            ids.add(card_id)
    if same_as in SPECIAL_CARDS:
        SPECIAL_CARDS.add(card_id)


def register_tool_reprint(where: str, card_id: str, same_as: str) -> None:
    """A Pokémon Tool reprint: the handler, its damage modifier and its Knock Out effect."""
    _same_name(where, card_id, same_as)
    if bundled_cards()[card_id].trainer != "tool" or same_as not in reg.TOOLS:
        raise ValueError(f"{where}: {same_as} is no Pokémon Tool with a handler")
    if card_id in reg.TOOLS or card_id in reg.DAMAGE_MODS:
        raise ValueError(f"{where}: {card_id} has a handler already")
    reg.TOOLS[card_id] = reg.TOOLS[same_as]
    if same_as in reg.DAMAGE_MODS:
        reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
    if same_as in reg.KNOCKOUT_TOOLS:
        reg.KNOCKOUT_TOOLS[card_id] = reg.KNOCKOUT_TOOLS[same_as]
    if same_as in reg.TOOL_TYPES:
        reg.TOOL_TYPES[card_id] = reg.TOOL_TYPES[same_as]
    if same_as in SPECIAL_CARDS:
        SPECIAL_CARDS.add(card_id)


def register_stadium_reprint(where: str, card_id: str, same_as: str) -> None:
    """A Stadium reprint: the same ``StadiumEffect`` (every hook of it)."""
    _same_name(where, card_id, same_as)
    if bundled_cards()[card_id].trainer != "stadium" or same_as not in reg.STADIUMS:
        raise ValueError(f"{where}: {same_as} is no Stadium with a handler")
    if card_id in reg.STADIUMS:
        raise ValueError(f"{where}: {card_id} has a handler already")
    reg.STADIUMS[card_id] = reg.STADIUMS[same_as]
    if same_as in SPECIAL_CARDS:
        SPECIAL_CARDS.add(card_id)


def register_fossil_reprint(where: str, card_id: str, same_as: str) -> None:
    """A Fossil reprint (cards.CardDef.is_fossil): played as a Basic Pokémon, no Special
    Condition affects it, and its Poké-Body (Jagged Stone, Spongy Stone) is the original's; its
    HP is its own card's fact."""
    _same_name(where, card_id, same_as)
    card = bundled_cards()[card_id]
    if not card.is_fossil or same_as not in reg.FOSSILS or card_id in reg.FOSSILS:
        raise ValueError(f"{where}: {card_id} is no Fossil reprint of {same_as}")
    reg.FOSSILS.add(card_id)
    SPECIAL_CARDS.add(card_id)
    reg.CONDITION_IMMUNE[card_id] = (card.name, frozenset(CONDITIONS))
    for power in card.powers:
        if (same_as, power.name) not in reg.BODIES or (card_id, power.name) in reg.BODIES:
            raise ValueError(f"{where}: {card_id} {power.name!r} is no reprint")
        reg.BODIES[(card_id, power.name)] = reg.BODIES[(same_as, power.name)]
    if same_as in reg.DAMAGE_BODIES:
        reg.DAMAGE_BODIES[card_id] = reg.DAMAGE_BODIES[same_as]
    if same_as in reg.HEAL_BODIES:
        reg.HEAL_BODIES[card_id] = reg.HEAL_BODIES[same_as]


def register_pokemon_reprint(where: str, card_id: str, same_as: str) -> None:
    """A Pokémon reprint with attacks only (no Poké-Power or Poké-Body): each attack's
    handler is the original's (the same name, cost and damage in the card data)."""
    _same_name(where, card_id, same_as)
    cards = bundled_cards()
    card, original = cards[card_id], cards[same_as]
    if card.powers or original.powers or len(card.attacks) != len(original.attacks):
        raise ValueError(f"{where}: {card_id} is no attacks-only reprint of {same_as}")
    for attack in card.attacks:
        first = original.attack(attack.name)
        if first is None or (first.cost, first.damage) != (attack.cost, attack.damage):
            raise ValueError(f"{where}: {card_id} {attack.name!r} differs from {same_as}'s")
        if (card_id, attack.name) in reg.ATTACKS:
            raise ValueError(f"{where}: {card_id} {attack.name!r} has a handler already")
        if (same_as, attack.name) in reg.ATTACKS:
            reg.ATTACKS[(card_id, attack.name)] = reg.ATTACKS[(same_as, attack.name)]


@dataclass(frozen=True)
class TwoCoinsSearch(Question):
    """Flip 2 coins: both heads, the search ``on_heads``; both tails, the search ``on_tails``;
    one of each, nothing (Old Rod ex15-78). The chosen search asks as it would on its own."""

    on_heads: Search
    on_tails: Search

    def describe(self) -> str:
        return (
            f"2 coins: both heads, {self.on_heads.describe()}; both tails, "
            f"{self.on_tails.describe()}"
        )

    def _chosen(self, st: dict[str, Any]) -> Search:
        return self.on_heads if st["coins"] == "heads" else self.on_tails

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        heads = sum(1 for _ in range(2) if ctx.flip(r.attack or "Old Rod"))
        if heads == 1:
            return None
        coins = "heads" if heads == 2 else "tails"
        search = self.on_heads if coins == "heads" else self.on_tails
        st = search.begin(ctx, seat, r)
        if st is None:
            return None
        st["coins"] = coins
        return st

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        return self._chosen(st).options(s, seat, st)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        self._chosen(st).answer(ctx, seat, option, st)

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        self._chosen(st).finish(ctx, seat, st)


# ---------------------------------------------------------------------------- ex15 Pokémon-ex
@dataclass(frozen=True)
class SpillCounters(Question):
    """``n`` damage counters on the Defending Pokémon; those beyond what Knocks it Out go on
    the opponent's Benched Pokémon, one at a time where the attacker's player picks (Dragonite
    ex δ's Dragon Roar ex15-91). Nothing spills when effects on it are prevented."""

    n: int

    def describe(self) -> str:
        return (
            f"{self.n} damage counters on the Defending Pokémon; those not needed to Knock it "
            "Out on the opponent's Benched Pokémon, as the player likes"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        target = s.sides[1 - seat].active
        if target is None or guarded(ctx, 1 - seat, 0):
            return None
        needed = max(0, (max_hp(s, target) - target.damage + 9) // 10)
        counters(ctx, 1 - seat, 0, min(self.n, needed))
        left = self.n - needed
        if left <= 0 or not s.sides[1 - seat].bench:
            return None
        return {"left": left}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        bench = s.sides[1 - seat].bench
        if st["left"] <= 0 or not bench:
            return None
        labels = [f"{s.card(m.stack[-1]).name} ({slot_name(i + 1)})" for i, m in enumerate(bench)]
        return seat, f"the Benched Pokémon that gets a damage counter ({st['left']} left)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        bench = ctx.s.sides[1 - seat].bench
        counters(ctx, 1 - seat, min(option, len(bench) - 1) + 1, 1)
        st["left"] -= 1


@dataclass(frozen=True)
class AttachBasicFromHand(Question):
    """A basic Energy card from the hand attached to one of the player's Pokémon that
    ``onto`` accepts (the player picks the card and the Pokémon): Altaria ex δ's Extra Boost
    ex15-90 (a Stage 2 Pokémon-ex), Latias ex δ's Fellow Boost ex15-95 (Latias or Latios).
    Not the turn's attachment from the hand."""

    onto: Callable[[CardDef, Mon], bool]
    what: str

    def describe(self) -> str:
        return f"a basic Energy card from the hand to {self.what}"

    def pairs(self, s: PtcgState, seat: int) -> list[tuple[int, int]]:
        side = s.sides[seat]
        # one card per kind of basic Energy in the hand, in hand order
        first: dict[str, int] = {}
        for c in side.hand:
            if s.card(c).basic_energy:
                first.setdefault(s.cards[c], c)
        return [
            (card, slot)
            for card in first.values()
            for slot, mon in side.in_play()
            if self.onto(s.top(mon), mon)
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if self.pairs(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        pairs = self.pairs(s, seat)
        st["pairs"] = [[card, slot] for card, slot in pairs]
        side = s.sides[seat]
        labels = []
        for card, slot in pairs:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} to {s.top(mon).name} ({slot_name(slot)})")
        return seat, f"the basic Energy card and the Pokémon it goes to ({self.what})", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card, slot = st["pairs"][min(option, len(st["pairs"]) - 1)]
        ctx.emit("attach", p=SEATS[seat], card=card, slot=slot, counts=False, **{"from": "hand"})


@dataclass(frozen=True)
class EndTurnNow(Step):
    """The player's turn ends now (Latias ex δ's Fellow Boost ex15-95: after its Energy is
    attached); nothing when a question is still pending or the game is over."""

    def describe(self) -> str:
        return "the turn ends"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if ctx.s.phase == "main" and ctx.s.pending is None and ctx.s.current == seat:
            end_turn(ctx, attacked=False)


@dataclass(frozen=True)
class SplitDamage(Question):
    """The player may do ``split`` damage to the Defending Pokémon instead of the attack's
    damage and ``split`` to one of the opponent's Benched Pokémon (no Weakness or Resistance
    there), picked: Salamence ex δ's Dual Stream ex15-98. Placed before the attack's ``Hit``
    (which then does ``split``); with no Benched Pokémon nothing is asked."""

    split: int

    def describe(self) -> str:
        return f"or {self.split} to the Defending Pokémon and {self.split} to a Benched one"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        opp = ctx.s.sides[1 - seat]
        return {"done": False} if opp.active is not None and opp.bench else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [f"all {st['damage']} to the Defending Pokémon"]
        for i, mon in enumerate(s.sides[1 - seat].bench):
            labels.append(f"{self.split} each to it and {s.top(mon).name} ({slot_name(i + 1)})")
        return seat, "how the damage goes", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        bench = ctx.s.sides[1 - seat].bench
        if option == 0 or not bench:
            return
        st["damage_set"] = self.split
        hit(ctx, seat, self.split, min(option, len(bench)))


@dataclass(frozen=True)
class SwapEnergyWithDiscard(Question):
    """The player may discard an Energy card attached to the attacker; if they do, an Energy
    card of their discard pile other than that one is attached to it, picked (Charizard ★ δ's
    Rotating Claws ex15-100)."""

    def describe(self) -> str:
        return "may discard an Energy card of it, then attach another from the discard pile"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        mon = ctx.s.sides[seat].active
        return {"stage": "discard", "out": -1} if mon is not None and mon.energy else None

    def _picks(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        side = s.sides[seat]
        if st["stage"] == "discard":
            found = side.active.energy if side.active is not None else []
        else:
            found = [c for c in side.discard if s.card(c).kind == "energy" and c != st["out"]]
        return list({s.cards[c]: c for c in reversed(found)}.values())[::-1]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "done" or s.sides[seat].active is None:
            return None
        picks = self._picks(s, seat, st)
        if not picks:
            return None
        st["picks"] = picks
        labels = [s.card(c).name for c in picks]
        if st["stage"] == "discard":
            return seat, "an Energy card to discard (or nothing)", [*labels, "nothing"]
        return seat, "the Energy card from the discard pile to attach", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if st["stage"] == "discard":
            if option >= len(picks):
                st["stage"] = "done"
                return
            st["out"] = picks[option]
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[picks[option]])
            st["stage"] = "attach"
            return
        card = picks[min(option, len(picks) - 1)]
        ctx.emit("attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"})
        st["stage"] = "done"


@dataclass(frozen=True)
class IfDefendingOut(Step):
    """After the attack's damage: the steps ``then`` only if the Defending Pokémon is Knocked
    Out by it (its damage reached its HP): Latias ex δ's Power Crush ex15-95."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "if the Defending Pokémon is Knocked Out: " + ", ".join(
            step.describe() for step in self.then
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        target = ctx.s.sides[1 - seat].active
        if target is not None and target.damage >= max_hp(ctx.s, target):
            for step in self.then:
                step.run(ctx, seat, r)


@dataclass(frozen=True)
class MayMoveEnergyToBench(Question):
    """The player may move a basic Energy card named ``card_name`` attached to the attacker to
    one of their Benched Pokémon, picked (Gardevoir ex δ's Flame Ball ex15-93)."""

    card_name: str

    def describe(self) -> str:
        return f"may move a {self.card_name} card of it to a Benched Pokémon"

    def _card(self, s: PtcgState, seat: int) -> int:
        active = s.sides[seat].active
        if active is None:
            return -1
        found = [c for c in active.energy if s.card(c).name == self.card_name]
        return found[0] if found else -1

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        return {"done": False} if side.bench and self._card(ctx.s, seat) >= 0 else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"] or self._card(s, seat) < 0:
            return None
        bench = s.sides[seat].bench
        labels = [f"{s.top(mon).name} ({slot_name(i + 1)})" for i, mon in enumerate(bench)]
        return seat, f"the Benched Pokémon the {self.card_name} card moves to", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = self._card(ctx.s, seat)
        if option >= len(ctx.s.sides[seat].bench) or card < 0:
            return
        ctx.emit("move_energy", p=SEATS[seat], card=card, src=0, dst=option + 1)


@dataclass(frozen=True)
class HitEachOfEnergyType(Question):
    """The player picks one basic Energy card attached to the attacker: ``amount`` damage to
    each of the opponent's Pokémon of that card's type (Weakness and Resistance on the Active
    only): Mew ★ δ's Rainbow Wave ex15-101. No basic Energy card attached: nothing."""

    amount: int

    def describe(self) -> str:
        return f"{self.amount} to each opposing Pokémon of the type of a basic Energy card of it"

    def _kinds(self, s: PtcgState, seat: int) -> list[str]:
        active = s.sides[seat].active
        if active is None:
            return []
        kinds: dict[str, None] = {}
        for c in active.energy:
            card = s.card(c)
            if card.basic_energy:
                for kind in card.provides:
                    kinds.setdefault(kind, None)
        return list(kinds)

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if self._kinds(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        kinds = self._kinds(s, seat)
        st["kinds"] = kinds
        return seat, "the basic Energy card whose type is hit", [f"{k} Energy" for k in kinds]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        kind = str(st["kinds"][min(option, len(st["kinds"]) - 1)])
        s = ctx.s
        slots = [slot for slot, mon in s.sides[1 - seat].in_play() if kind in types_of(s, mon)]
        for slot in slots:
            hit(ctx, seat, self.amount, slot)




def prizes_up(s: PtcgState, seat: int) -> list[int]:
    """The player's Prize cards turned face up one by one (Island Hermit), still Prizes."""
    side = s.sides[seat]
    up = {int(what[len(PRIZE_UP) :]) for what, _ in side.later if what.startswith(PRIZE_UP)}
    return [c for c in side.prizes if c in up]


@dataclass(frozen=True)
class TurnPrizesUp(Question):
    """The player picks up to ``n`` of their face-down Prize cards, by position (they do not
    know them), and turns them face up for the rest of the game (a ``Side.later`` entry per
    card, the ``side_later`` event; ruleset.view shows them to every seat): Island Hermit
    ex15-76."""

    n: int

    def describe(self) -> str:
        return f"up to {self.n} Prize cards face up for the rest of the game"

    def _down(self, s: PtcgState, seat: int) -> list[int]:
        up = set(prizes_up(s, seat))
        return [c for c in s.sides[seat].prizes if c not in up]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"left": self.n} if self._down(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        down = self._down(s, seat)
        if st["left"] <= 0 or not down:
            return None
        st["down"] = down
        labels = [f"face-down Prize card {i + 1}" for i in range(len(down))]
        return seat, f"a Prize card to turn face up ({st['left']} more)", [*labels, "no more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        down = st["down"]
        if option >= len(down):
            st["left"] = 0
            return
        st["left"] -= 1
        ctx.emit("side_later", p=SEATS[seat], what=f"{PRIZE_UP}{down[option]}", turn=-1)
