"""The kernel's mapping worked out on first read (``OnFirstRead``): what an offer's odds are
when nobody may read them. Nothing is worked out before a read; every read after the first
sees the same kept values; a reader cannot tell it from the dict it stands for."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from turnkeeper.core.model import Action, OnFirstRead


class Counted:
    """A ``work`` function that counts its calls and returns a fresh dict each time."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, a: int, b: int) -> dict[str, Any]:
        self.calls += 1
        return {"p_hit": f"{a}/{b}", "p_critical": "1/20", "damage=3": "1/2"}


def test_nothing_is_worked_out_until_a_read_and_then_only_once() -> None:
    work = Counted()
    odds = OnFirstRead(work, 13, 20)
    Action.offer("use_move", "a", {"target": "b"}, odds=odds)  # carried, not read
    assert work.calls == 0 and not odds.worked_out
    assert odds["p_hit"] == "13/20"
    assert work.calls == 1 and odds.worked_out
    # Every kind of read after the first uses the kept values.
    assert "p_critical" in odds and "nope" not in odds and len(odds) == 3
    assert odds.get("nope", 7) == 7 and list(odds) == ["p_hit", "p_critical", "damage=3"]
    assert list(odds.items())[2] == ("damage=3", "1/2") and list(odds.values())[-1] == "1/2"
    assert work.calls == 1


@pytest.mark.parametrize(
    "read",
    [
        lambda m: m["p_hit"],
        lambda m: "p_hit" in m,
        len,
        dict,
        repr,
        lambda m: m == {},
        lambda m: m.get("p_hit"),
        lambda m: list(m.items()),
        lambda m: list(m.keys()),
        lambda m: list(m.values()),
        bool,
    ],
)
def test_any_read_works_the_values_out(read: Any) -> None:
    work = Counted()
    odds = OnFirstRead(work, 1, 2)
    read(odds)
    assert work.calls == 1 and odds.worked_out


def test_it_reads_as_the_dict_it_stands_for() -> None:
    plain = Counted()(13, 20)
    odds = OnFirstRead(Counted(), 13, 20)
    assert odds == plain and plain == odds and odds == OnFirstRead(Counted(), 13, 20)
    assert odds != OnFirstRead(Counted(), 1, 20) and odds != {**plain, "p_hit": "1/20"}
    assert repr(odds) == repr(plain) and str(odds) == str(plain)
    assert json.dumps(dict(odds)) == json.dumps(plain)
    with pytest.raises(TypeError):
        hash(odds)  # unhashable, as the dict is
    offer = Action.offer("use_move", "a", {"target": "b"}, odds=OnFirstRead(Counted(), 13, 20))
    assert offer.to_dict() == Action.offer("use_move", "a", {"target": "b"}, odds=plain).to_dict()


def test_copies_and_pickles_are_plain_dicts_of_the_values() -> None:
    plain = Counted()(13, 20)
    for copied in (copy.copy(OnFirstRead(Counted(), 13, 20)),
                   copy.deepcopy(OnFirstRead(Counted(), 13, 20)),
                   pickle.loads(pickle.dumps(OnFirstRead(Counted(), 13, 20)))):
        assert type(copied) is dict and copied == plain


def test_the_values_are_kept_once_worked_out() -> None:
    held = [13]
    odds = OnFirstRead(lambda h, b: {"p_hit": f"{h[0]}/{b}"}, held, 20)
    assert odds["p_hit"] == "13/20"
    held[0] = 1  # a late change to what it was worked out from no longer reaches it
    assert odds["p_hit"] == "13/20"
