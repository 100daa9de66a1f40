"""EX Unseen Forces (ex10) Items and Tools: Curse Powder ex10-80, Energy Recycle System
ex10-81, Poké Ball ex10-87, Pokémon Reversal ex10-88, Sitrus Berry ex10-91, Solid Rage
ex10-92 and Warp Point ex10-93; facts in data/sets/ex10.json. Effects are described in the
project's own words (card text is never stored).

- The four Items play exactly as earlier printings (``REPRINTS``: their handlers are shared).
- Each Tool goes only onto some Pokémon (``ToolEffect.attach_to``: refused with
  ``ptcg.trainer.condition`` and not offered) and is discarded once its Pokémon no longer is
  one (``ToolEffect.leaves_when_unfit``, lasting.discard_unfit_tools: as it evolves and
  whenever the board is settled): Curse Powder and Solid Rage an Evolved Pokémon that is not
  a Pokémon-ex; Sitrus Berry a Pokémon that is not a Pokémon-ex and has neither Dark (a Dark
  Pokémon, rockets.is_dark) nor an owner ("'s": Rocket's, Team Aqua's ...) in its name.
- Curse Powder (``reg.KNOCKOUT_TOOLS``, damage.hit): its Pokémon, Active, Knocked Out by the
  damage of an opponent's attack: 3 damage counters on the attacking Pokémon.
- Sitrus Berry (as Oran Berry, between turns, Active or Benched): with 3 or more damage
  counters on its Pokémon, 3 come off, then it is discarded.
- Solid Rage (a ``DamageMod`` of the attacking Pokémon's Tool): while its player has more
  Prize cards left than the opponent, 20 more damage to the opponent's Active Pokémon,
  before Weakness and Resistance.

Energy Root ex10-83 is not implemented (its Pokémon's Poké-Powers and Poké-Bodies switched
off would need every Body lookup to ask the Tool); it stays refused, named by coverage."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data as _effect_data  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_data_ex6 as _ex6  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import effect_questions as _questions  # noqa: F401 (reprints)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import heal
from turnkeeper.rulesets.ptcg.rockets import is_dark
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState

# ex10 Items whose effect is the same as an earlier card's (the handler is shared)
REPRINTS: dict[str, str] = {
    "ex10-81": "ex3-84",  # Energy Recycle System
    "ex10-87": "ex1-86",  # Poké Ball
    "ex10-88": "ex6-97",  # Pokémon Reversal (the player picks the Benched Pokémon)
    "ex10-93": "ex4-85",  # Warp Point
}


def evolved_not_ex(s: PtcgState, mon: Mon) -> str | None:
    """Curse Powder, Solid Rage: only an Evolved Pokémon that is not a Pokémon-ex."""
    if len(mon.stack) < 2:
        return "only onto an Evolved Pokémon"
    if s.top(mon).ex:
        return "not onto a Pokémon-ex"
    return None


def plain_not_ex(s: PtcgState, mon: Mon) -> str | None:
    """Sitrus Berry (and Energy Root): not a Pokémon-ex, nor a Pokémon with Dark or an owner
    in its name."""
    card = s.top(mon)
    if card.ex:
        return "not onto a Pokémon-ex"
    if is_dark(card.name) or "'s " in card.name:
        return "not onto a Pokémon with Dark or an owner in its name"
    return None


def _sitrus_berry(ctx: Ctx, seat: int, slot: int) -> None:
    """Between turns, with at least 3 damage counters on its Pokémon: 3 off, then discarded."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and mon.damage >= 30:
        heal(ctx, seat, slot, 3)
        ctx.emit("discard_tool", p=SEATS[seat], slot=slot)


def _more_prizes_left(s: PtcgState, attacker: Mon, target: Mon) -> bool:
    """Solid Rage works while the attacking Pokémon's player has more Prize cards left."""
    seat = 0 if s.sides[0].active is attacker else 1
    return len(s.sides[seat].prizes) > len(s.sides[1 - seat].prizes)


TOOLS: dict[str, reg.ToolEffect] = {
    "ex10-80": reg.ToolEffect(
        "on an Evolved Pokémon (not ex): Knocked Out as the Active by an attack's damage, 3 "
        "damage counters on the attacker",
        attach_to=evolved_not_ex,
        leaves_when_unfit=True,
    ),
    "ex10-91": reg.ToolEffect(
        "between turns, with 3+ damage counters on its Pokémon: 3 off, then discarded (not on "
        "ex, Dark or owner's Pokémon)",
        anywhere_between_turns=_sitrus_berry,
        attach_to=plain_not_ex,
        leaves_when_unfit=True,
    ),
    "ex10-92": reg.ToolEffect(
        "on an Evolved Pokémon (not ex): 20 more damage to the opponent's Active Pokémon "
        "while its player has more Prize cards left, before W/R",
        attach_to=evolved_not_ex,
        leaves_when_unfit=True,
    ),
}
KNOCKOUT_TOOLS: dict[str, tuple[str, int]] = {"ex10-80": ("Curse Powder", 3)}
TOOL_DAMAGE_MODS: dict[str, reg.DamageMod] = {
    "ex10-92": reg.DamageMod(
        "attacker_tool", 20, before=True, active_only=True, when=_more_prizes_left
    ),
}


def _register_tools() -> None:
    cards = bundled_cards()
    for card_id, tool in TOOLS.items():
        if cards[card_id].trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"effect_data_ex10_trainers: {card_id} is no Tool, or has one")
        reg.TOOLS[card_id] = tool
        SPECIAL_CARDS.add(card_id)  # attach_to and the unfit discard: the full rules only
    for card_id, mod in TOOL_DAMAGE_MODS.items():
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_data_ex10_trainers: {card_id} has a damage modifier")
        reg.DAMAGE_MODS[card_id] = mod
    reg.KNOCKOUT_TOOLS.update(KNOCKOUT_TOOLS)


def register() -> None:
    register_set(SetEffects("effect_data_ex10_trainers", reprints=REPRINTS))
    _register_tools()


register()
