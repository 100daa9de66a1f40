"""Dark Pokémon and Rocket's cards: the rules EX Team Rocket Returns (ex7) brings, in one place.

Each reading has an id and its source (the printed cards of ex7; shared/reference/ptcg-ex.md
has nothing on them). They are readings that card effects and the engine ask, not extra
refusals: where one refuses an action it does so under a rule id of the catalogue (rules.py),
named below.

- ``ptcg.ex7.dark-pokemon``: a Dark Pokémon is a Pokémon whose name begins with the word
  "Dark" (Dark Tyranitar, Dark Arbok). "Dark" is part of its name: Dark Arbok and Arbok are
  two names (four copies of each may be in a deck), and a Dark Pokémon evolves only from the
  card its own card names (Dark Tyranitar from Dark Pupitar, not from Pupitar; refused as
  ``ptcg.evolve.matches``). Most Dark Pokémon have two types (Fighting and Darkness...), both
  in the card data: Weakness and Resistance work against either. Source: ex7 Dark Pokémon
  cards (e.g. Dark Tyranitar ex7-20, evolving from Dark Pupitar).
- ``ptcg.ex7.rockets-pokemon``: a Rocket's Pokémon has "Rocket's" in its name (Rocket's
  Meowth, Rocket's Articuno ex). Cards that ask for a Pokémon "with Dark or Rocket's in its
  name" take both. Source: ex7 Rocket's Mission ex7-88, Rocket's Hideout ex7-87.
- ``ptcg.ex7.secret-machine``: a Rocket's Secret Machine is a Trainer card played from the
  hand as an Item is: any number in a turn, to the discard pile once it has done what it says
  (card kind ``rsm``; playable only when it can do something, ``ptcg.trainer.condition``).
  It is not a Technical Machine (never attached). Source: Pokémon Retriever ex7-84 and the
  other ex7 Rocket's Secret Machines.
- ``ptcg.ex7.r-energy``: R Energy goes only onto a Dark or Rocket's Pokémon (refused as
  ``ptcg.energy.condition``); it gives 2 Darkness Energy, its Pokémon's attacks do 10 more
  damage to the Defending Pokémon before Weakness and Resistance, and it is discarded at the
  end of its owner's turn. Source: R Energy ex7-95.
- ``ptcg.ex7.dark-metal``: Dark Metal Energy gives one Energy, Darkness or Metal as a cost
  needs; nothing else (no Darkness or Metal Energy bonus). Source: Dark Metal Energy ex7-94.
- ``ptcg.ex7.tricky-gym``: while Rocket's Tricky Gym (Stadium) is in play, every Dark or
  Rocket's Pokémon in play, either player's, may use the attack printed on the Stadium
  (Feint Attack) instead of its own, paying its cost as usual (effect_data_ex7,
  ``lasting.below_attacks``). Source: Rocket's Tricky Gym ex7-90.
- ``ptcg.ex7.hideout``: Rocket's Hideout (Stadium) gives every Dark or Rocket's Pokémon in
  play, both players', 20 more HP. Source: Rocket's Hideout ex7-87.
"""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.search import Cards
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState

READINGS = {
    "ptcg.ex7.dark-pokemon": "ex7 Dark Pokémon cards (e.g. Dark Tyranitar ex7-20)",
    "ptcg.ex7.rockets-pokemon": "ex7 Rocket's Mission ex7-88, Rocket's Hideout ex7-87",
    "ptcg.ex7.secret-machine": "ex7 Pokémon Retriever ex7-84 (Rocket's Secret Machine)",
    "ptcg.ex7.r-energy": "ex7 R Energy ex7-95",
    "ptcg.ex7.dark-metal": "ex7 Dark Metal Energy ex7-94",
    "ptcg.ex7.hideout": "ex7 Rocket's Hideout ex7-87",
}

R_ENERGY = "ex7-95"
DARK_METAL_ENERGY = "ex7-94"
ROCKETS_HIDEOUT = "ex7-87"
TRICKY_GYM = "ex7-90"


def is_dark(name: str) -> bool:
    """``ptcg.ex7.dark-pokemon``: the name begins with the word Dark."""
    return name.startswith("Dark ")


def is_rockets(name: str) -> bool:
    """``ptcg.ex7.rockets-pokemon``: the name holds Rocket's."""
    return "Rocket's " in name


def dark_or_rockets(name: str) -> bool:
    return is_dark(name) or is_rockets(name)


def is_secret_machine(card: CardDef) -> bool:
    """``ptcg.ex7.secret-machine``."""
    return card.kind == "trainer" and card.trainer == "rsm"


@dataclass(frozen=True)
class DarkCards(Cards):
    """A search filter: the other fields, and a Pokémon with Dark in its name
    (``rockets_too``: or Rocket's)."""

    rockets_too: bool = False

    def matches(self, card: CardDef) -> bool:
        if card.kind != "pokemon" or not super().matches(card):
            return False
        return dark_or_rockets(card.name) if self.rockets_too else is_dark(card.name)

    def describe(self) -> str:
        which = "Dark or Rocket's" if self.rockets_too else "Dark"
        return f"{super().describe()} with {which} in its name".replace("any with", "Pokémon with")


@dataclass(frozen=True)
class ToolOrMachine(Cards):
    """A search filter: a Pokémon Tool or a Rocket's Secret Machine card."""

    def matches(self, card: CardDef) -> bool:
        return card.kind == "trainer" and (card.trainer == "tool" or is_secret_machine(card))

    def describe(self) -> str:
        return "Pokémon Tool or Rocket's Secret Machine"


def _r_energy_onto(s: PtcgState, mon: Mon) -> str | None:
    name = s.top(mon).name
    if dark_or_rockets(name):
        return None
    return f"only onto a Pokémon with Dark or Rocket's in its name ({name})"


def _dark_or_metal(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    return [("Darkness", "Metal")]


def _hideout_hp(s: PtcgState, mon: Mon) -> int:
    return 20 if dark_or_rockets(s.top(mon).name) else 0


def register() -> None:
    cards = bundled_cards()
    for card_id, kind in (
        (R_ENERGY, "energy"),
        (DARK_METAL_ENERGY, "energy"),
        (ROCKETS_HIDEOUT, "trainer"),
    ):
        if cards[card_id].kind != kind:
            raise ValueError(f"rockets: {card_id} is no {kind} card")
        if card_id in reg.ENERGIES or card_id in reg.STADIUMS:
            raise ValueError(f"rockets: {card_id} has a handler already")
    reg.ENERGIES[R_ENERGY] = reg.EnergyEffect(
        "onto a Dark or Rocket's Pokémon only; 2 Darkness Energy; its Pokémon's attacks do 10 "
        "more to the Defending Pokémon (before W/R); discarded at the end of its player's turn",
        attach_to=_r_energy_onto,
    )
    reg.END_OF_TURN_ENERGY.add(R_ENERGY)
    reg.DAMAGE_MODS[R_ENERGY] = reg.DamageMod("attacker_energy", 10, before=True, active_only=True)
    reg.ENERGIES[DARK_METAL_ENERGY] = reg.EnergyEffect(
        "1 Energy, Darkness or Metal as the cost needs; nothing else", units=_dark_or_metal
    )
    reg.STADIUMS[ROCKETS_HIDEOUT] = reg.StadiumEffect(
        "every Dark or Rocket's Pokémon in play gets +20 HP", hp_bonus=_hideout_hp
    )
    SPECIAL_CARDS.update((R_ENERGY, DARK_METAL_ENERGY))


register()
