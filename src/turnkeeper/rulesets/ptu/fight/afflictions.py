"""Status afflictions as data (``data/afflictions.json``) and the pure functions that read it.

Which save check happens when (start or end of turn) and what each result does, the HP lost
on a Standard action, the combat stages an affliction brings, type immunities and cures.
Facts: PTU 1.05 Core p. 246-248 (/work/shared/reference/ptu-combat.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cache
from typing import Literal

import msgspec

from turnkeeper import dice as tkdice
from turnkeeper.core.schema import did_you_mean, parse_model
from turnkeeper.rulesets.ptu.fight.data import UnknownNameError, read_json
from turnkeeper.rulesets.ptu.fight.stats import StatName, tick

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


class Save(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """A d20 save check: when it is rolled and which result each total gives.

    ``bands`` lists ``[lowest total, result]`` pairs in increasing order; a total takes the
    result of the last band it reaches. ``bands_for_types`` replaces them for combatants of
    a type (Frozen: Fire types thaw on 11+).
    """

    when: Moment
    bands: Bands
    bands_for_types: dict[str, Bands] = msgspec.field(default_factory=dict)

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


class StandardActionLoss(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """HP lost whenever the afflicted takes a Standard action: ticks, or a doubling amount."""

    ticks: int = 0
    doubling_from: int | None = None


class Affliction(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """One status affliction as ``data/afflictions.json`` describes it (schema: the fields)."""

    kind: Literal["persistent", "volatile"]
    name: str = ""
    stages: dict[StatName, int] = msgspec.field(default_factory=dict)
    standard_action_loss: StandardActionLoss = StandardActionLoss()
    save: Save | None = None
    blocks_actions: bool = False
    denies_evasion: bool = False
    must_attack: bool = False
    cured_by_damage: bool = False
    cured_by_damaging_types: frozenset[str] = frozenset()
    ends_after_next_turn: bool = False

    @property
    def ticks_per_standard_action(self) -> int:
        return self.standard_action_loss.ticks

    @property
    def doubling_from(self) -> int | None:
        return self.standard_action_loss.doubling_from


class AfflictionsFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """The whole of ``data/afflictions.json``."""

    source: str
    afflictions: dict[str, Affliction]
    type_immunities: dict[str, frozenset[str]]
    powder_immune_types: frozenset[str]
    volatile_cures: frozenset[CureEvent]


@cache
def _table() -> AfflictionsFile:
    data = parse_model(AfflictionsFile, read_json("afflictions.json"), "afflictions.json")
    named = {
        name: msgspec.structs.replace(entry, name=name) for name, entry in data.afflictions.items()
    }
    return msgspec.structs.replace(data, afflictions=named)


def affliction(name: str) -> Affliction:
    """The affliction called ``name``, or :class:`UnknownNameError` with a did-you-mean."""
    table = _table().afflictions
    found = table.get(name)
    if found is None:
        raise UnknownNameError(
            f"unknown affliction {name!r}{did_you_mean(name, table)} (known: {', '.join(table)})"
        )
    return found


def affliction_names() -> tuple[str, ...]:
    return tuple(_table().afflictions)


def immunity_to(name: str, target_types: Sequence[str]) -> str | None:
    """The type of the target that makes it immune to ``name``, or ``None`` (p. 246-248).

    Electric can't be Paralyzed, Fire can't be Burned, Ice can't be Frozen, Poison and Steel
    can't be Poisoned, Ghost can't be Stuck or Trapped.
    Rule id ``ptu.fight.affliction.type-immune``.
    """
    if name not in TRAPPING:
        affliction(name)
    immunities = _table().type_immunities
    for target_type in target_types:
        if name in immunities.get(target_type, frozenset()):
            return target_type
    return None


def ignores_powder(target_types: Sequence[str]) -> bool:
    """Grass types ignore Powder moves (p. 246-248). Rule id ``ptu.fight.affliction.powder``."""
    return any(t in _table().powder_immune_types for t in target_types)


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


def must_attack_refusal(afflictions: Iterable[str], *, damaging_attack: bool) -> str | None:
    """The rule id refusing a Standard action an Enraged combatant may not take, else None.

    Enraged must spend its Standard action on a damaging attack. Rule id
    ``ptu.fight.affliction.enraged``.
    """
    if damaging_attack:
        return None
    if any(affliction(name).must_attack for name in afflictions):
        return "ptu.fight.affliction.enraged"
    return None


def expiring_after_turn(afflictions: Iterable[str]) -> tuple[str, ...]:
    """Afflictions that end once the afflicted's next turn is over (Flinched).

    Rule id ``ptu.fight.affliction.flinch-ends``.
    """
    return tuple(sorted(name for name in afflictions if affliction(name).ends_after_next_turn))


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
    volatile_cures = _table().volatile_cures
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
