"""EX Unseen Forces (ex10): Granbull's attacks, the Pokémon-ex and the Pokémon ★ (facts in
data/sets/ex10.json; effects in the project's own words, never the card text). Built from the
effect vocabulary (``vocab.py``, ``search.py``, the later sets' steps); cards not listed here
stay unimplemented (``ptcg coverage --set ex10`` lists them)."""

from __future__ import annotations

from turnkeeper.rulesets.ptcg import effect_data_ex10 as _ex10  # noqa: F401 (ex10's own cards)
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.vocab import DiscardDefendingEnergy, Flip, Step, TimesHeads

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # Granbull (Silvery Ocean): heads, an Energy card of the Defending Pokémon is discarded
    ("ex10-39", "Crushing Blow"): (Flip(heads=(DiscardDefendingEnergy(),)),),
    ("ex10-39", "Double Lariat"): (TimesHeads(2),),
}


def register() -> None:
    register_set(SetEffects("effect_data_ex10_ex", attacks=ATTACK_STEPS))


register()
