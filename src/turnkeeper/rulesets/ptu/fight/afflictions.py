"""Status afflictions as data (``data/afflictions.json``) and the pure functions that read it.

Which save check happens when (start or end of turn) and what each result does, the HP lost
on a Standard action, the combat stages an affliction brings, type immunities and cures.
Facts: PTU 1.05 Core p. 246-248 (/work/shared/reference/ptu-combat.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Literal

from turnkeeper import dice as tkdice
from turnkeeper.core.schema import did_you_mean
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError, read_json
from turnkeeper.rulesets.ptu.fight.stats import STAGED_STATS, StatName, tick

Moment = Literal["start_of_turn", "end_of_turn"]
#: What ends afflictions besides their own saves (p. 245-248).
CureEvent = Literal[
    "switch_out", "take_a_breather", "end_of_encounter", "took_damage", "damaging_hit"
]
#: Results a save band can give.
SaveResult = Literal["act", "cannot_act", "stays", "cured", "hits_self", "cannot_target_source"]
Bands = tuple[tuple[int, SaveResult], ...]
#: Afflictions no type is immune to but which name types in the immunity table.
TRAPPING = ("Stuck", "Trapped")


@dataclass(frozen=True, slots=True)
class Save:
    """A d20 save check: when it is rolled and which result each total gives."""

    when: Moment
    bands: Bands
    bands_for_types: Mapping[str, Bands]

    def bands_for(self, own_types: Sequence[str]) -> Bands:
        for own_type in own_types:
            if own_type in self.bands_for_types:
                return self.bands_for_types[own_type]
        return self.bands

    def result(self, total: int, own_types: Sequence[str] = ()) -> SaveResult:
        """The result of a save whose total (d20 + modifiers) is ``total``."""
        bands = self.bands_for(own_types)
        chosen = bands[0][1]
        for lowest, result in bands:
            if total >= lowest:
                chosen = result
        return chosen


@dataclass(frozen=True, slots=True)
class Affliction:
    """One status affliction as the data file describes it."""

    name: str
    kind: Literal["persistent", "volatile"]
    stages: Mapping[StatName, int]
    ticks_per_standard_action: int
    doubling_from: int | None
    save: Save | None
    blocks_actions: bool
    denies_evasion: bool
    must_attack: bool
    cured_by_damage: bool
    cured_by_damaging_types: frozenset[str]
    ends_after_next_turn: bool


def _bands(raw: Iterable[Sequence[object]]) -> Bands:
    return tuple((int(str(low)), str(result)) for low, result in raw)  # type: ignore[misc]


@cache
def _table() -> tuple[
    dict[str, Affliction], dict[str, frozenset[str]], frozenset[str], frozenset[str]
]:
    raw = read_json("afflictions.json")
    table: dict[str, Affliction] = {}
    for name, entry in raw["afflictions"].items():
        stages = dict(entry.get("stages", {}))
        for stat in stages:
            if stat not in STAGED_STATS:
                raise ValueError(f"afflictions.json: {name}.stages: unknown stat {stat!r}")
        loss = entry.get("standard_action_loss", {})
        save_raw = entry.get("save")
        save = None
        if save_raw is not None:
            save = Save(
                save_raw["when"],
                _bands(save_raw["bands"]),
                {t: _bands(b) for t, b in save_raw.get("bands_for_types", {}).items()},
            )
        table[name] = Affliction(
            name=name,
            kind=entry["kind"],
            stages=stages,
            ticks_per_standard_action=int(loss.get("ticks", 0)),
            doubling_from=loss.get("doubling_from"),
            save=save,
            blocks_actions=bool(entry.get("blocks_actions", False)),
            denies_evasion=bool(entry.get("denies_evasion", False)),
            must_attack=bool(entry.get("must_attack", False)),
            cured_by_damage=bool(entry.get("cured_by_damage", False)),
            cured_by_damaging_types=frozenset(entry.get("cured_by_damaging_types", ())),
            ends_after_next_turn=bool(entry.get("ends_after_next_turn", False)),
        )
    immunities = {t: frozenset(names) for t, names in raw["type_immunities"].items()}
    return (
        table,
        immunities,
        frozenset(raw["powder_immune_types"]),
        frozenset(raw["volatile_cures"]),
    )


def affliction(name: str) -> Affliction:
    """The affliction called ``name``, or :class:`UnknownNameError` with a did-you-mean."""
    table = _table()[0]
    found = table.get(name)
    if found is None:
        raise UnknownNameError(
            f"unknown affliction {name!r}{did_you_mean(name, table)} (known: {', '.join(table)})"
        )
    return found


def affliction_names() -> tuple[str, ...]:
    return tuple(_table()[0])


def immunity_to(name: str, target_types: Sequence[str]) -> str | None:
    """The type of the target that makes it immune to ``name``, or ``None`` (p. 246-248).

    Electric can't be Paralyzed, Fire can't be Burned, Ice can't be Frozen, Poison and Steel
    can't be Poisoned, Ghost can't be Stuck or Trapped.
    Rule id ``ptu.fight.affliction.type-immune``.
    """
    if name not in TRAPPING:
        affliction(name)
    immunities = _table()[1]
    for target_type in target_types:
        if name in immunities.get(target_type, frozenset()):
            return target_type
    return None


def ignores_powder(target_types: Sequence[str]) -> bool:
    """Grass types ignore Powder moves (p. 246-248). Rule id ``ptu.fight.affliction.powder``."""
    return any(t in _table()[2] for t in target_types)


def stage_changes(name: str) -> dict[StatName, int]:
    """The combat stages an affliction brings (Burned -2 Defense, Poisoned -2 Sp. Def,
    Paralyzed -4 Speed). Rule id ``ptu.fight.affliction.stages``."""
    return dict(affliction(name).stages)


def standard_action_loss(
    afflictions: Iterable[str], max_hp: int, badly_poisoned_losses: int = 0
) -> int:
    """HP lost when a combatant with ``afflictions`` takes a Standard action.

    Burned and Poisoned: a tick each; Cursed: two ticks; Badly Poisoned: 5 HP, then 10, 20,
    … (``badly_poisoned_losses`` counts the losses it already caused). Reading: Badly
    Poisoned replaces Poisoned's tick. Rule id ``ptu.fight.affliction.standard-action-loss``.
    """
    total = 0
    names = set(afflictions)
    for name in names:
        entry = affliction(name)
        if name == "Poisoned" and "Badly Poisoned" in names:
            continue
        total += entry.ticks_per_standard_action * tick(max_hp)
        if entry.doubling_from is not None:
            total += entry.doubling_from * 2**badly_poisoned_losses
    return total


def saves_due(afflictions: Iterable[str], moment: Moment) -> tuple[str, ...]:
    """The afflictions whose save check is rolled at ``moment``, in a stable order.

    Rule id ``ptu.fight.affliction.save-timing``.
    """
    due = []
    for name in afflictions:
        save = affliction(name).save
        if save is not None and save.when == moment:
            due.append(name)
    return tuple(sorted(due))


def save_result(
    name: str, natural: int, modifier: int = 0, own_types: Sequence[str] = ()
) -> SaveResult:
    """The result of ``name``'s save check when the d20 shows ``natural``.

    Rule id ``ptu.fight.affliction.save``.
    """
    save = affliction(name).save
    if save is None:
        raise UnknownNameError(f"{name} has no save check")
    return save.result(natural + modifier, own_types)


def roll_save(
    name: str, dice: tkdice.DiceSource, modifier: int = 0, own_types: Sequence[str] = ()
) -> tuple[int, SaveResult]:
    """Roll ``name``'s save: (the d20 face, the result)."""
    natural = dice.die(20)
    return natural, save_result(name, natural, modifier, own_types)


def save_odds(name: str, modifier: int = 0, own_types: Sequence[str] = ()) -> dict[str, Fraction]:
    """P(each result) of ``name``'s save check, exact."""
    odds: dict[str, Fraction] = {}
    for natural, chance in tkdice.distribution("d20").items():
        result = save_result(name, natural, modifier, own_types)
        odds[result] = odds.get(result, Fraction(0)) + chance
    return odds


def blocks_actions(afflictions: Iterable[str]) -> bool:
    """Frozen, Asleep and Flinched take no actions. Rule id ``ptu.fight.affliction.no-actions``."""
    return any(affliction(name).blocks_actions for name in afflictions)


def denies_evasion(afflictions: Iterable[str]) -> bool:
    """Frozen and Asleep have no evasion. Rule id ``ptu.fight.affliction.no-evasion``."""
    return any(affliction(name).denies_evasion for name in afflictions)


def cured(
    afflictions: Iterable[str], event: CureEvent, *, damaging_type: str = ""
) -> tuple[str, ...]:
    """The afflictions ``event`` ends.

    Volatile afflictions end on switching out, on Take a Breather and at the end of the
    encounter; taking damage wakes the Asleep; a damaging Fire, Fighting, Rock or Steel hit
    thaws the Frozen (``damaging_type`` names the move's type). Rule id
    ``ptu.fight.affliction.cure``.
    """
    volatile_cures = _table()[3]
    ended = []
    for name in afflictions:
        entry = affliction(name)
        if (
            (event in volatile_cures and entry.kind == "volatile")
            or (event in ("took_damage", "damaging_hit") and entry.cured_by_damage)
            or (event == "damaging_hit" and damaging_type in entry.cured_by_damaging_types)
        ):
            ended.append(name)
    return tuple(ended)
