"""Invariants of the ptu fight functions over many generated inputs (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from turnkeeper.dice import SeededDice
from turnkeeper.rulesets.ptu.fight.attack import Attack, damage_distribution, resolve_attack
from turnkeeper.rulesets.ptu.fight.health import Health, heal, lose_hp
from turnkeeper.rulesets.ptu.fight.stats import Evasions, staged_value

TYPES = st.sampled_from(["Normal", "Fire", "Water", "Grass", "Ghost", "Ground", "Electric"])


@st.composite
def attacks(draw: st.DrawFn) -> Attack:
    return Attack(
        draw(TYPES),
        draw(st.sampled_from(["physical", "special"])),
        draw(st.one_of(st.none(), st.integers(1, 10))),
        draw(st.integers(1, 12)),
        attack_stat=draw(st.integers(0, 40)),
        defense_stat=draw(st.integers(0, 40)),
        user_types=(draw(TYPES),),
        target_types=tuple(draw(st.lists(TYPES, min_size=1, max_size=2, unique=True))),
        evasion=draw(st.integers(0, 6)),
        crit_from=draw(st.integers(16, 20)),
    )


@settings(max_examples=60, deadline=None)
@given(attacks(), st.integers(0, 2**32))
def test_a_rolled_hit_is_an_outcome_of_the_exact_distribution(attack: Attack, seed: int) -> None:
    outcome = resolve_attack(attack, SeededDice(seed))
    distribution = damage_distribution(attack)
    assert sum(distribution.values()) == 1
    if outcome.hit:
        assert outcome.damage in distribution
        assert outcome.damage >= (0 if outcome.steps is None else 1)
    else:
        assert outcome.damage == 0


@settings(deadline=None)
@given(st.integers(1, 300), st.integers(0, 300), st.integers(0, 9), st.integers(0, 500))
def test_losing_hp_never_heals_and_injuries_only_grow(
    max_hp: int, hp_offset: int, injuries: int, damage: int
) -> None:
    health = Health(max_hp, max_hp - hp_offset, injuries)
    loss = lose_hp(health, damage)
    assert loss.after.hp == health.hp - damage
    assert loss.after.injuries >= health.injuries
    assert loss.after.fainted == (loss.after.hp <= 0)


@settings(deadline=None)
@given(st.integers(1, 300), st.integers(0, 300), st.integers(0, 10), st.integers(0, 500))
def test_healing_never_passes_the_injured_max(
    max_hp: int, hp_offset: int, injuries: int, amount: int
) -> None:
    health = Health(max_hp, max_hp - hp_offset, injuries)
    healed = heal(health, amount)
    assert healed.hp >= health.hp
    assert healed.hp <= max(health.hp, health.effective_max_hp)


@settings(deadline=None)
@given(st.integers(0, 200), st.integers(-6, 6))
def test_stages_move_stats_and_evasion_the_right_way(value: int, stage: int) -> None:
    staged = staged_value(value, stage)
    assert (staged >= value) if stage >= 0 else (staged <= value)
    before = Evasions.from_stats(value, value, value)
    after = Evasions.from_stats(staged, staged, staged)
    assert (
        (after.physical >= before.physical) if stage >= 0 else (after.physical <= before.physical)
    )
