"""EX Unseen Forces (ex10): its special Energy and two Pokémon Tools (facts in
data/sets/ex10.json; effects in the project's own words, never the card text).

- Fluffy Berry (ex10-85): its Pokémon's Retreat Cost is 0 (``ToolEffect.free_retreat``,
  asked by ``board.retreat_cost``). It goes only onto a Pokémon that is not a Pokémon-ex,
  not a Dark Pokémon and has no owner in its name, and is discarded once its Pokémon becomes
  one (``ToolEffect.leaves_when_unfit``; ``lasting.discard_unfit_tools``, asked as a Pokémon
  evolves and whenever the board is settled after an action).
- Energy Root (ex10-83): its Pokémon gets 20 more HP (``ToolEffect.hp_bonus``, asked by
  ``board.max_hp``) and its Poké-Powers and Poké-Bodies are off (``ToolEffect.abilities_off``,
  asked by ``board.bodies_off`` / ``board.powers_off``: a Power is refused with
  ``ptcg.power.tool``). It goes onto the same Pokémon as Fluffy Berry and leaves the same way.
- Protective Orb (ex10-90): its Pokémon has no Weakness (``ToolEffect.no_weakness``, asked
  by ``damage.hit``). It goes only onto an Evolved Pokémon that is not a Pokémon-ex, and is
  discarded once its Pokémon is a Basic Pokémon (devolved) or a Pokémon-ex (evolved).
- Darkness (ex10-96), Metal (ex10-97) and Boost Energy (ex10-98) play as their earlier
  prints (ex1-93, ex1-94, ex8-93): the same effect, handler and damage modifier. What the
  Darkness and Metal Energy provide is stated in data/sets/ex10.json by
  ``scripts/bundle_ptcg_set.py`` (``PROVIDES``), as the card database leaves it empty.
- Cyclone Energy (ex10-99) and Warp Energy (ex10-100) provide one Colorless Energy; attached
  from the hand to the Active Pokémon, a switch follows: the opponent switches their Active
  with a Benched Pokémon they pick (Cyclone; ``search.OpponentSwitch``), or the player
  switches their Active with a Benched Pokémon they pick (Warp; ``search.SelfSwitch``).
  Attached to a Benched Pokémon, or with no Benched Pokémon to switch in, nothing follows.
"""

from __future__ import annotations

from collections.abc import Callable

from turnkeeper.rulesets.ptcg import effect_data_ex8 as _ex8  # noqa: F401 (Boost Energy)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.rockets import is_dark
from turnkeeper.rulesets.ptcg.search import OpponentSwitch, SelfSwitch
from turnkeeper.rulesets.ptcg.state import SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Run, Step, register_program, run_program

FLUFFY_BERRY = "ex10-85"
ENERGY_ROOT = "ex10-83"
PROTECTIVE_ORB = "ex10-90"
CYCLONE_ENERGY = "ex10-99"
WARP_ENERGY = "ex10-100"


def _fluffy_berry_fits(s: PtcgState, mon: Mon) -> str | None:
    """Fluffy Berry: not onto a Pokémon-ex, a Dark Pokémon or one with an owner in its name."""
    card = s.top(mon)
    if card.ex or is_dark(card.name) or "'s " in card.name:
        return f"not onto {card.name} (a Pokémon-ex, a Dark Pokémon or an owner in its name)"
    return None


def _protective_orb_fits(s: PtcgState, mon: Mon) -> str | None:
    """Protective Orb: only onto an Evolved Pokémon that is not a Pokémon-ex."""
    card = s.top(mon)
    if len(mon.stack) < 2:
        return f"only onto an Evolved Pokémon ({card.name} is not)"
    return f"not onto a Pokémon-ex ({card.name})" if card.ex else None


TOOLS: dict[str, reg.ToolEffect] = {
    ENERGY_ROOT: reg.ToolEffect(
        "+20 HP and no Poké-Powers or Poké-Bodies for its Pokémon; not onto a Pokémon-ex, a "
        "Dark Pokémon or one with an owner in its name",
        attach_to=_fluffy_berry_fits,
        leaves_when_unfit=True,
        hp_bonus=20,
        abilities_off=True,
    ),
    FLUFFY_BERRY: reg.ToolEffect(
        "its Pokémon's Retreat Cost is 0; not onto a Pokémon-ex, a Dark Pokémon or one with an "
        "owner in its name, and discarded once its Pokémon is one",
        attach_to=_fluffy_berry_fits,
        free_retreat=True,
        leaves_when_unfit=True,
    ),
    PROTECTIVE_ORB: reg.ToolEffect(
        "its Pokémon has no Weakness; only onto an Evolved Pokémon that is not a Pokémon-ex, "
        "and discarded once its Pokémon is a Basic Pokémon or a Pokémon-ex",
        attach_to=_protective_orb_fits,
        no_weakness=True,
        leaves_when_unfit=True,
    ),
}

# special Energy played exactly as an earlier print (the handler, and the damage modifier if
# any, is shared); what they provide is in data/sets/ex10.json
ENERGY_REPRINTS: dict[str, str] = {
    "ex10-96": "ex1-93",  # Darkness Energy
    "ex10-97": "ex1-94",  # Metal Energy
    "ex10-98": "ex8-93",  # Boost Energy
}


def _switch_on_attach(card_id: str, name: str, step: Step) -> Callable[[Ctx, int, int, int], None]:
    """An Energy's ``on_attach``: attached from the hand to the Active Pokémon (slot 0), the
    switch question ``step`` runs as the Energy's own program (a pending ``choose`` when it
    asks; the turn goes on once it is answered)."""
    key = f"{card_id}:{name}"
    steps: tuple[Step, ...] = (step,)
    register_program(key, "energy", name, steps)

    def on_attach(ctx: Ctx, seat: int, slot: int, card: int) -> None:
        if slot != 0:
            return
        run_program(ctx, seat, steps, Run(0, attack=name, prog=key))

    return on_attach


ENERGIES: dict[str, reg.EnergyEffect] = {
    CYCLONE_ENERGY: reg.EnergyEffect(
        "Colorless; attached from the hand to the Active Pokémon: the opponent switches their "
        "Active with a Benched Pokémon they pick",
        on_attach=_switch_on_attach(CYCLONE_ENERGY, "Cyclone Energy", OpponentSwitch()),
    ),
    WARP_ENERGY: reg.EnergyEffect(
        "Colorless; attached from the hand to the Active Pokémon: the player switches it with a "
        "Benched Pokémon they pick",
        on_attach=_switch_on_attach(WARP_ENERGY, "Warp Energy", SelfSwitch(optional=False)),
    ),
}


def register() -> None:
    cards = bundled_cards()
    for card_id, tool in TOOLS.items():
        if cards[card_id].trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"effect_data_ex10_energy: {card_id} is no Tool, or has a handler")
        reg.TOOLS[card_id] = tool
        SPECIAL_CARDS.add(card_id)  # its attach condition and hooks are asked in special games
    for card_id, same_as in ENERGY_REPRINTS.items():
        card, original = cards[card_id], cards[same_as]
        if card.kind != "energy" or card.name != original.name or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex10_energy: {card_id} is no reprint of {same_as}")
        reg.ENERGIES[card_id] = reg.ENERGIES[same_as]
        if same_as in reg.DAMAGE_MODS:
            reg.DAMAGE_MODS[card_id] = reg.DAMAGE_MODS[same_as]
        for ids in (
            reg.END_OF_TURN_ENERGY,
            reg.EVOLVED_ONLY_ENERGY,
            reg.NOT_EX_ENERGY,
            reg.NO_RETREAT_ENERGY,
        ):
            if same_as in ids:
                ids.add(card_id)
        SPECIAL_CARDS.add(card_id)
    for card_id, energy in ENERGIES.items():
        if cards[card_id].kind != "energy" or card_id in reg.ENERGIES:
            raise ValueError(f"effect_data_ex10_energy: {card_id} is no Energy, or has a handler")
        reg.ENERGIES[card_id] = energy
        SPECIAL_CARDS.add(card_id)


register()
