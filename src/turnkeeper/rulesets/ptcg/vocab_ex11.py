"""Effect primitives EX Delta Species (ex11) brings (effect_data_ex11.py uses them); each says
which card needs it. The era's rules (δ Species, dual types, Holon's Pokémon) are holon.py's."""

from __future__ import annotations

from dataclasses import dataclass

from turnkeeper.rulesets.ptcg.board import provides, types_of
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Run, Step


def own_pokemon_of_types(s: PtcgState, seat: int, kinds: tuple[str, ...]) -> int:
    """How many of the player's Pokémon in play are of any of ``kinds``. A dual-type
    Pokémon of two of them counts once: it is one Pokémon (``ptcg.ex11.dual-type``)."""
    return sum(
        1 for _, mon in s.sides[seat].in_play() if any(k in kinds for k in types_of(s, mon))
    )


@dataclass(frozen=True)
class TimesOwnOfTypes(Step):
    """The printed damage times the number of the player's Pokémon in play of any of
    ``kinds`` (Mightyena δ's Gang Up ex11-24: its Darkness and Metal Pokémon; a Pokémon of
    both types counts once)."""

    kinds: tuple[str, ...]
    modifier = True

    def describe(self) -> str:
        return f"the printed damage times the player's {' and '.join(self.kinds)} Pokémon"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage *= own_pokemon_of_types(ctx.s, seat, self.kinds)


def prizes_taken(s: PtcgState, seat: int) -> int:
    """How many Prize cards the player has taken so far (the game's Prize count minus those
    left)."""
    return max(0, s.typed_settings.prizes - len(s.sides[seat].prizes))


@dataclass(frozen=True)
class AttachPerOpponentPrizes(Step):
    """Attach from the discard pile to the attacker as many ``kind`` Energy cards (by name:
    "Metal Energy" is a special card in this era) as the opponent has taken Prize cards (all
    it can: the card says "up to", and more Energy never hurts the attacker; the Pokémon ★
    Critical Collection, ex11-111..113)."""

    kind: str

    def describe(self) -> str:
        return f"attach a {self.kind} Energy from the discard pile per Prize the opponent took"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        n = prizes_taken(s, 1 - seat)
        found = [
            c
            for c in s.sides[seat].discard
            if s.card(c).name == f"{self.kind} Energy" and self.kind in provides(s, c)
        ][:n]
        for card in found:
            ctx.emit(
                "attach", p=SEATS[seat], card=card, slot=0, counts=False, **{"from": "discard"}
            )


# ---------------------------------------------------------------------------- Holon Energy
HOLON_ENERGY = "Holon Energy"  # the name every Holon Energy card starts with (FF, GL, WP)


def holon_energy_on(s: PtcgState, mon: Mon) -> int:
    """How many Holon Energy cards are attached to ``mon`` (counted by name: the Castforms of
    ex11 ask it whether or not the Holon Energy's own effects are implemented)."""
    return sum(1 for c in mon.energy if s.card(c).name.startswith(HOLON_ENERGY))


@dataclass(frozen=True)
class PlusPerHolonEnergy(Step):
    """``each`` more damage per Holon Energy card attached to the attacker (Rain Castform's
    Holon Splash ex11-26)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Holon Energy card on the attacker"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None:
            r.damage += self.each * holon_energy_on(ctx.s, mon)


@dataclass(frozen=True)
class IfHolonEnergy(Step):
    """The steps ``then`` only if the attacker has a Holon Energy card attached (Castform's
    Holon Draw ex11-34, Snow-cloud Castform's Holon Blizzard ex11-29)."""

    then: tuple[Step, ...]

    def describe(self) -> str:
        return "with a Holon Energy attached: " + ", ".join(s.describe() for s in self.then)

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].active
        if mon is not None and holon_energy_on(ctx.s, mon):
            for step in self.then:
                step.run(ctx, seat, r)
