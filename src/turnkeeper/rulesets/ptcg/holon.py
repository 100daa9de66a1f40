"""δ Species and Holon: the rules EX Delta Species (ex11) brings, in one place (the later sets
ex12-ex16 keep them).

Each reading has an id and its source (the printed cards of ex11; shared/reference/ptcg-ex.md
and design/READINGS.md say nothing about them). Where one refuses an action it does so under a
rule id of the catalogue (rules.py), named below.

- ``ptcg.ex11.delta``: a δ Species Pokémon carries the δ mark beside its name. The mark is a
  fact of the card (``CardDef.delta``, read by the importer), not part of its name: Dragonair δ
  evolves from any Dratini (the database's evolvesFrom never holds δ, e.g. Dragonair δ ex11-41
  names "Dratini" while the theme deck's only Dratini is Dratini δ ex11-65), and δ and plain
  prints of a name count together for the 4-copies rule. Effects that say "δ Species Pokémon"
  or "has δ on its card" read the fact (:func:`is_delta`, ``search.Cards(delta=True)``), and,
  where the card's owner is known, a Holon Veil of theirs too (``ptcg.ex15.holon-veil``:
  ``delta_veil.is_delta_for``, ``delta_veil.mon_is_delta``).
  Source: Espeon δ's Delta Heal ex11-4, δ Rainbow Energy ex13-98.
- ``ptcg.ex11.dual-type``: a Pokémon printed with two types (most ex11 δ Pokémon: Beedrill δ
  ex11-1 is Grass and Metal) is of both types everywhere a type is read. As an attacker,
  Weakness applies once if the Defending Pokémon is weak to either type (×2, never ×4) and
  Resistance once if it resists either (−30), both when both match (damage.py reads every
  type of the attacker: ``any``). Effects that count or choose "Pokémon of type X", Stadiums
  and special Energy that ask "is it X" (Metal Energy, High Pressure) take it as X for each of
  its types. Paying an attack cost depends only on the Energy, never on the Pokémon's types.
  Source: the rule box of each dual-type card ("both ... type", e.g. ex11-1).
- ``ptcg.ex11.holons-pokemon``: a Holon's Pokémon whose card says so may be attached from its
  player's hand to one of their Pokémon as an Energy card (``CardDef.as_energy``). That is the
  turn's one Energy attachment from the hand (refused as ``ptcg.energy.one-per-turn`` when
  spent). While attached it is a special Energy card providing what :data:`AS_ENERGY` says and
  nothing else; in the hand, deck, discard pile or Prizes it is a Pokémon card (it may be
  benched or searched as one, and it goes to the discard pile as one). Source: Holon's
  Magnemite ex11-70, Holon's Voltorb ex11-71.
- ``ptcg.ex11.holon-energy``: a Holon Energy provides one Colorless Energy and has two effects,
  each working only while a basic Energy card of a given type is attached to the same Pokémon,
  and neither while that Pokémon is a Pokémon-ex. Holon Energy FF (ex11-104): with a basic Fire
  Energy card beside it the Pokémon has no Weakness; with a basic Fighting Energy card its
  attacks' damage is not affected by Resistance (``reg.NO_WEAKNESS_ENERGY``,
  ``reg.NO_RESISTANCE_ENERGY``, asked by ``damage.hit``). "Basic Fire Energy card" is read
  literally: a Rainbow or Multi Energy giving Fire does not switch it on. Holon Energy GL
  (ex11-105): with a basic Grass Energy card the Pokémon cannot be affected by Special
  Conditions (new ones are kept off: ``reg.CONDITION_PROOF_ENERGY``, asked by
  ``damage.set_condition``; those it has already stay, a project reading); with a basic
  Lightning Energy card the damage an opponent's Pokémon-ex does to it is 10 less, after
  Weakness and Resistance like every effect on the damaged Pokémon (a ``DamageMod`` on the
  target's Energy). Source: Holon Energy FF ex11-104, GL ex11-105.
- Pokémon ★ (from ex7 on; setup._validate_deck refuses the deck at set-up, no rule id of its
  own): a deck holds at most one Pokémon ★ in all, δ or not (Groudon ★ ex11-111, Kyogre ★
  ex11-112, Metagross ★ ex11-113 and Gyarados ★ δ ex13-102 print the rule).

Holon's Magneton ex11-22, Holon's Electrode ex11-21 and Holon's Castform ex13-44 go only onto
a Pokémon that has an Energy card attached (``ptcg.energy.condition``), send one of its other
Energy cards back to the hand (the ``energy_to_hand`` event; the player picks when they differ)
and provide 2 Energy of every type.

Holon Energy WP (ex11-106) is registered by effect_data_ex11_more.py with the same condition
(``with_basic``): a basic Water Energy card keeps the opponent's Pokémon's effects other than
damage off (``reg.EFFECT_PROOF_ENERGY``, asked by ``damage.guarded``), a basic Psychic Energy
card makes the Retreat Cost 0 (``reg.FREE_RETREAT_ENERGY``); the reading is in
docs/rulesets/ptcg.md (ex11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.delta_veil import is_delta_for
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import PROGRAMS, Question, Run, register_program, run_program

READINGS = {
    "ptcg.ex11.delta": "ex11 Espeon δ ex11-4 (Delta Heal), δ Rainbow Energy ex13-98",
    "ptcg.ex11.dual-type": "ex11 rule box of each dual-type card (e.g. Beedrill δ ex11-1)",
    "ptcg.ex11.holons-pokemon": "ex11 Holon's Magnemite ex11-70, Holon's Voltorb ex11-71, "
    "Holon's Magneton ex11-22",
    "ptcg.ex11.holon-energy": "ex11 Holon Energy FF ex11-104, Holon Energy GL ex11-105",
    "ptcg.ex15.holon-veil": "ex15 Ampharos δ ex15-1 (Holon Veil): delta_veil.py",
}

HOLON_ENERGY_FF = "ex11-104"
HOLON_ENERGY_GL = "ex11-105"

# Holon's Pokémon -> the Energy it provides while attached as an Energy card, one entry per
# Energy, each the types that Energy may be (board.energy_units)
AS_ENERGY: dict[str, tuple[tuple[str, ...], ...]] = {
    "ex11-70": (("Colorless",),),  # Holon's Magnemite
    "ex11-71": (("Colorless",),),  # Holon's Voltorb
    "ex11-21": (("Any",), ("Any",)),  # Holon's Electrode: 2 Energy, each of every type
    "ex11-22": (("Any",), ("Any",)),  # Holon's Magneton
    "ex13-44": (("Any",), ("Any",)),  # Holon's Castform
}
# those that go only onto a Pokémon with an Energy card attached, and send one of its Energy
# cards back to the hand when attached
SENDS_ONE_BACK: frozenset[str] = frozenset({"ex11-21", "ex11-22", "ex13-44"})


def is_delta(card: CardDef) -> bool:
    """``ptcg.ex11.delta``: a δ Species Pokémon (its card carries the δ mark)."""
    return card.kind == "pokemon" and card.delta


def delta_in_play(s: PtcgState, seat: int) -> list[Mon]:
    """``ptcg.ex11.delta``: the player's Pokémon in play whose card (the top one) is δ, a
    Holon Veil of theirs included (``delta_veil.is_delta_for``)."""
    return [mon for _, mon in s.sides[seat].in_play() if is_delta_for(s, seat, s.top(mon))]


def _units(card_id: str) -> list[tuple[str, ...]]:
    return list(AS_ENERGY[card_id])


def _provides(s: PtcgState, mon: Mon, card: int) -> list[tuple[str, ...]]:
    return _units(s.cards[card])


def with_basic(s: PtcgState, mon: Mon, kind: str) -> bool:
    """``ptcg.ex11.holon-energy``: the Holon Energy's condition — a basic ``kind`` Energy card
    attached to ``mon`` too, and ``mon`` no Pokémon-ex."""
    if s.top(mon).ex:
        return False
    return any(s.card(c).basic_energy and kind in s.card(c).provides for c in mon.energy)


def _ff_no_weakness(s: PtcgState, mon: Mon) -> bool:
    return with_basic(s, mon, "Fire")


def _ff_no_resistance(s: PtcgState, mon: Mon) -> bool:
    return with_basic(s, mon, "Fighting")


@dataclass(frozen=True)
class ReturnOtherEnergy(Question):
    """``ptcg.ex11.holons-pokemon``: one Energy card attached to the Pokémon the Holon's
    Pokémon was just attached to (not that card itself) goes back to the hand; the player
    picks it when they differ (Holon's Magneton ex11-22, Holon's Electrode ex11-21)."""

    def describe(self) -> str:
        return "an Energy card of that Pokémon back to the hand (the player picks)"

    def _others(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        mon = s.sides[seat].mon(int(st["slot"]))
        return [] if mon is None else [c for c in mon.energy if c != int(st["holon"])]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        st: dict[str, Any] = {"holon": int(r.card), "slot": r.slot, "done": False, "picks": []}
        others = self._others(ctx.s, seat, st)
        if len({ctx.s.cards[c] for c in others}) == 1:  # all alike: no choice to ask
            ctx.emit("energy_to_hand", p=SEATS[seat], slot=r.slot, card=others[0])
            return None
        return st if others else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks: list[int] = []
        for c in self._others(s, seat, st):
            if all(s.cards[c] != s.cards[p] for p in picks):
                picks.append(c)
        st["picks"] = picks
        return seat, "the Energy card that goes back to the hand", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        card = int(st["picks"][min(option, len(st["picks"]) - 1)])
        ctx.emit("energy_to_hand", p=SEATS[seat], slot=int(st["slot"]), card=card)


def _program_key(card_id: str) -> str:
    return f"holon:{card_id}"


def _sends_one_back(ctx: Ctx, seat: int, slot: int, card: int) -> None:
    key = _program_key(ctx.s.cards[card])
    r = Run(0, attack="Holon's Pokémon attached as Energy", card=str(card), prog=key, slot=slot)
    run_program(ctx, seat, PROGRAMS[key].steps, r)


def _onto_energy(s: PtcgState, mon: Mon) -> str | None:
    return None if mon.energy else "it goes only onto a Pokémon with an Energy card attached"


def _gl_condition_proof(s: PtcgState, mon: Mon) -> bool:
    return with_basic(s, mon, "Grass")


def _gl_against_ex(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    return s.top(attacker).ex and with_basic(s, target, "Lightning")


def register() -> None:
    cards = bundled_cards()
    for card_id, units in AS_ENERGY.items():
        card = cards[card_id]
        if card.kind != "pokemon" or not card.as_energy or card_id in reg.ENERGIES:
            raise ValueError(f"holon: {card_id} is no Holon's Pokémon attached as Energy")
        kinds = " and ".join("/".join(unit) for unit in units)
        summary = f"attached from the hand as an Energy card: provides {kinds} (nothing else)"
        if card_id in SENDS_ONE_BACK:
            register_program(_program_key(card_id), "energy", summary, (ReturnOtherEnergy(),))
            reg.ENERGIES[card_id] = reg.EnergyEffect(
                summary + "; only onto a Pokémon with Energy, one of which goes to the hand",
                on_attach=_sends_one_back,
                attach_to=_onto_energy,
                units=_provides,
            )
        else:
            reg.ENERGIES[card_id] = reg.EnergyEffect(summary, units=_provides)
        # the full listing (legal.py) offers the attachment; board.energy_units asks units
        SPECIAL_CARDS.add(card_id)
    ff = cards[HOLON_ENERGY_FF]
    if ff.name != "Holon Energy FF" or HOLON_ENERGY_FF in reg.ENERGIES:
        raise ValueError(f"holon: {HOLON_ENERGY_FF} is no Holon Energy FF, or has a handler")
    reg.ENERGIES[HOLON_ENERGY_FF] = reg.EnergyEffect(
        "1 Colorless; with a basic Fire Energy beside it no Weakness, with a basic Fighting "
        "Energy its Pokémon's damage ignores Resistance (not on a Pokémon-ex)"
    )
    reg.NO_WEAKNESS_ENERGY[HOLON_ENERGY_FF] = _ff_no_weakness
    reg.NO_RESISTANCE_ENERGY[HOLON_ENERGY_FF] = _ff_no_resistance
    SPECIAL_CARDS.add(HOLON_ENERGY_FF)
    gl = cards[HOLON_ENERGY_GL]
    if gl.name != "Holon Energy GL" or HOLON_ENERGY_GL in reg.ENERGIES:
        raise ValueError(f"holon: {HOLON_ENERGY_GL} is no Holon Energy GL, or has a handler")
    reg.ENERGIES[HOLON_ENERGY_GL] = reg.EnergyEffect(
        "1 Colorless; with a basic Grass Energy beside it no Special Conditions, with a basic "
        "Lightning Energy 10 less damage from Pokémon-ex after W/R (not on a Pokémon-ex)"
    )
    reg.CONDITION_PROOF_ENERGY[HOLON_ENERGY_GL] = _gl_condition_proof
    reg.DAMAGE_MODS[HOLON_ENERGY_GL] = reg.DamageMod(
        "target_energy", -10, before=False, when=_gl_against_ex
    )
    SPECIAL_CARDS.add(HOLON_ENERGY_GL)


register()
