"""A ptcg state read back from a stored snapshot (``PtcgRuleset.load_state``).

The kernel reads a snapshot typed by the state's own class (core/snapshot.py). That cannot
work for the mypyc-compiled ``state.py`` (turnkeeper/compiled.py): mypyc replaces the
annotations it cannot express as one class (``Mon | None``, ``dict[str, Any] | None``) by
``type``, which msgspec would then demand. So the stored form is declared here, in a module
that is never compiled, as msgspec Structs with the same fields in the same order as
``Mon``, ``Side`` and ``PtcgState`` (tests/ptcg/test_snapshot_form.py keeps them in step):
msgspec checks every value's type while decoding, and the state is then built by the state
classes' own constructors, field by field. As in the kernel, nothing in the bytes can choose
a type or run code. Writing needs no hook: msgspec encodes the dataclasses, compiled or not,
by their fields.
"""

from __future__ import annotations

from typing import Any

import msgspec

from turnkeeper.rulesets.ptcg.state import Mon, PtcgState, Side


class MonData(msgspec.Struct, forbid_unknown_fields=True):
    """``state.Mon`` as stored."""

    stack: list[int]
    energy: list[int]
    tool: int
    damage: int
    rotation: str
    poisoned: bool
    burned: bool
    entered: int
    evolved: int
    no_retreat: int
    boost: int
    guard_turn: int
    guard: int
    guard_effects: bool
    no_attack: int
    no_attack_name: str
    later: tuple[tuple[str, int], ...]
    tm: int


class SideData(msgspec.Struct, forbid_unknown_fields=True):
    """``state.Side`` as stored."""

    deck: list[int]
    hand: list[int]
    discard: list[int]
    prizes: list[int]
    active: MonData | None
    bench: list[MonData]
    supporter: int
    mulligans: int
    ready: bool
    later: tuple[tuple[str, int], ...] = ()


class StateData(msgspec.Struct, forbid_unknown_fields=True):
    """``state.PtcgState`` as stored."""

    cards: list[str]
    card_db: str
    settings: dict[str, Any]
    sides: list[SideData]
    phase: str
    turn: int
    current: int
    first: int
    coin_winner: int
    energy_played: bool
    supporter_played: bool
    stadium_played: bool
    retreated: bool
    powers_used: list[str]
    last_attacker: int
    ended_by: str
    stadium: int
    stadium_owner: int
    pending: dict[str, Any] | None
    promote: list[int]
    resume: str
    winners: list[int]
    end_reason: str
    end_rule: str
    owned: list[int]


_DECODER = msgspec.msgpack.Decoder(StateData)


def _mon(data: MonData) -> Mon:
    return Mon(**msgspec.structs.asdict(data))


def _side(data: SideData) -> Side:
    fields = msgspec.structs.asdict(data)
    fields["active"] = None if data.active is None else _mon(data.active)
    fields["bench"] = [_mon(mon) for mon in data.bench]
    return Side(**fields)


def load_state(data: bytes) -> PtcgState:
    """The state a snapshot holds (msgspec.DecodeError for bytes that are not one; ValueError
    for card ids or a card database this installation does not know)."""
    stored = _DECODER.decode(data)
    fields = msgspec.structs.asdict(stored)
    fields["sides"] = [_side(side) for side in stored.sides]
    try:
        return PtcgState(**fields)  # its __post_init__ links the card facts
    except KeyError as exc:
        raise ValueError(f"unknown card in the snapshot: {exc}") from exc
