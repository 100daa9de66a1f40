"""The EX Unseen Forces (ex10) cards of effect_data_ex10_ex.py: Granbull's attacks, the
Pokémon-ex and the Pokémon ★, each shown both ways where it can go two ways."""

from __future__ import annotations

from tests.ptcg.board import HEADS, TAILS
from tests.ptcg.set_cards import WAILORD, attack, defending

WAILORD_FIRE = {**WAILORD, "energy": ["Fire Energy"]}


def test_crushing_blow_discards_a_defending_energy_on_heads_only() -> None:
    g = attack("ex10-39", "Crushing Blow", [HEADS], defender=WAILORD_FIRE)
    assert defending(g)["damage"] == 30 and defending(g)["energy"] == []
    g = attack("ex10-39", "Crushing Blow", [TAILS], defender=WAILORD_FIRE)
    assert defending(g)["damage"] == 30 and defending(g)["energy"] == ["Fire Energy"]


def test_double_lariat_does_50_per_heads() -> None:
    assert defending(attack("ex10-39", "Double Lariat", [HEADS, HEADS]))["damage"] == 100
    assert defending(attack("ex10-39", "Double Lariat", [HEADS, TAILS]))["damage"] == 50
    assert defending(attack("ex10-39", "Double Lariat", [TAILS, TAILS]))["damage"] == 0
