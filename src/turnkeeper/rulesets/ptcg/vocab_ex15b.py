"""What EX Dragon Frontiers (ex15, cards 51-101) and Power Keepers' Trainers and Energy (ex16
71-91) need beyond the shared vocabulary: registering a reprint of every kind of card (a
Pokémon, a Pokémon Tool, a Stadium, a Fossil, a special Energy) with all the hooks its
original has, so the reprint plays exactly as the card it reprints (the printed texts were
compared in the card database; effect_data_ex15b.py and effect_data_ex16_trainers.py list the
pairs). Every function refuses (ValueError at import) a pair whose names differ, whose original
has no handler, or whose reprint has one already: nothing is overwritten silently."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.search import Search
from turnkeeper.rulesets.ptcg.state import CONDITIONS, SPECIAL_CARDS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run

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
