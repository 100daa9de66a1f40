"""Invariants of the e133 fight functions over many generated inputs (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from turnkeeper.rulesets.e133.fight.health import (
    DropRule,
    Health,
    Status,
    death_save,
    heal,
    take_damage,
)

DROP_RULES: list[DropRule] = ["death_saves", "down_means_out"]


@st.composite
def healths(draw: st.DrawFn) -> Health:
    max_hp = draw(st.integers(1, 200))
    statuses: list[Status] = ["up", "dropped", "stable", "dead"]
    status = draw(st.sampled_from(statuses))
    hp = draw(st.integers(1, max_hp)) if status == "up" else 0
    return Health(
        max_hp,
        hp,
        temporary_hp=draw(st.integers(0, 30)),
        status=status,
        successes=draw(st.integers(0, 2)) if status == "dropped" else 0,
        failures=draw(st.integers(0, 2)) if status == "dropped" else 0,
    )


@settings(deadline=None)
@given(
    healths(),
    st.integers(0, 500),
    st.booleans(),
    st.sampled_from(["death_saves", "down_means_out"]),
)
def test_damage_keeps_hp_in_range_and_never_revives(
    health: Health, damage: int, critical: bool, drop_rule: DropRule
) -> None:
    after = take_damage(health, damage, critical=critical, drop_rule=drop_rule).after
    assert 0 <= after.hp <= after.max_hp
    assert after.temporary_hp <= health.temporary_hp
    assert after.hp <= health.hp
    if health.status != "up":
        assert after.status != "up"
    if after.status == "up":
        assert after.hp > 0


@st.composite
def dropped(draw: st.DrawFn) -> Health:
    return Health(
        draw(st.integers(1, 200)),
        0,
        status="dropped",
        successes=draw(st.integers(0, 2)),
        failures=draw(st.integers(0, 2)),
    )


@settings(deadline=None)
@given(dropped(), st.integers(1, 20))
def test_death_saves_settle_within_three(health: Health, natural: int) -> None:
    after = death_save(health, natural).after
    assert after.successes < 3 and after.failures <= 3
    assert (after.status == "dead") == (after.failures == 3)


@settings(deadline=None)
@given(healths(), st.integers(0, 300))
def test_healing_stays_under_max(health: Health, amount: int) -> None:
    result = heal(health, amount)
    if isinstance(result, str):
        assert health.status == "dead"
    else:
        assert result.hp <= result.max_hp
