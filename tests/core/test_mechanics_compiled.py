"""The kernel's mechanics compiled with mypyc (turnkeeper/compiled.py) behave as the pure
module does: annotations msgspec reads, whole counts kept whole, copies and round trips."""

from __future__ import annotations

import ast
import copy
import pickle
from pathlib import Path

import msgspec

from turnkeeper import compiled
from turnkeeper.core import mechanics
from turnkeeper.core.mechanics import Budget, Clock, Effect, Expiry, TriggerLedger, Window

ROOT = Path(__file__).resolve().parents[2]


def test_the_annotations_put_back_are_those_of_the_source() -> None:
    # mechanics.py writes the fields' annotations out again for the compiled build: they
    # must be the source's own, word for word, for every dataclass of the module
    tree = ast.parse((ROOT / "src/turnkeeper/core/mechanics.py").read_text("utf-8"))
    written: dict[str, dict[str, str]] = {}
    for node in tree.body:
        decorated = isinstance(node, ast.ClassDef) and any(
            "dataclass" in ast.unparse(d) for d in node.decorator_list
        )
        if isinstance(node, ast.ClassDef) and decorated:
            written[node.name] = {
                item.target.id: ast.unparse(item.annotation) for item in node.body
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
    put_back = {cls.__name__: texts for cls, texts in mechanics._SOURCE_ANNOTATIONS.items()}
    assert put_back == written and len(written) == 6
    for cls, texts in mechanics._SOURCE_ANNOTATIONS.items():
        assert vars(cls)["__annotations__"] == texts


def test_the_build_in_use_is_the_one_the_status_names() -> None:
    # compiled: the module is the build's shared library; pure: the source file
    state = compiled.STATUS["turnkeeper.core"]
    assert mechanics.__file__ is not None
    assert mechanics.__file__.endswith(".py") == (state != "compiled"), (state, mechanics.__file__)


def test_whole_counts_stay_whole_and_fractional_counts_stay_fractional() -> None:
    # a compiled ``float`` would turn 12 into 12.0 (and change a state's hash)
    clock = Clock()
    clock.add("a", 12, [3])
    clock.add("b", 12.5)
    clock.start_round()
    assert clock.order() == ["b", "a"]
    assert type(clock.counts["a"]) is int and type(clock.counts["b"]) is float
    assert type(clock.tiebreak["a"][0]) is int
    assert clock.current_count() == 12.5 and type(clock.current_count()) is float
    clock.advance()
    count = clock.current_count()
    assert count == 12 and type(count) is int
    later = mechanics.rounds_from_now(clock, 1)
    assert later.count == 12 and type(later.count) is int
    clock.hold("a", 5, permanent=True)
    assert clock.counts["a"] == 5 and type(clock.counts["a"]) is int
    assert type(clock.held["a"]) is int


def test_a_state_of_mechanics_comes_back_from_msgpack_and_copies() -> None:
    clock = Clock()
    clock.add("a", 12)
    clock.add("b", 7.5, [1, 2])
    clock.start_round()
    ledger = TriggerLedger()
    ledger.record("3", "a", "interrupt")
    budget = Budget.of({"standard": 1, "shift": 1}, {"move": ["standard"]})
    budget.pay(["move"])
    effect = Effect("e1", "Hold", "a", Expiry("turn_end", 2, 7, "a"), {"n": [1, 2]})
    window = Window("3", "attacked", ["a"], {"x": 1})
    for value in (clock, ledger, budget, effect, window):
        back = msgspec.msgpack.decode(msgspec.msgpack.encode(value), type=type(value))
        assert back == value and type(back) is type(value)
        assert copy.deepcopy(value) == value and pickle.loads(pickle.dumps(value)) == value
    back_ledger = msgspec.msgpack.decode(msgspec.msgpack.encode(ledger), type=TriggerLedger)
    assert back_ledger.has_answered("3", "a", "interrupt")  # tuples, not lists
    assert not back_ledger.has_answered("3", "a", "attack_of_opportunity")
    back_clock = msgspec.msgpack.decode(msgspec.msgpack.encode(clock), type=Clock)
    assert type(back_clock.counts["a"]) is int and type(back_clock.counts["b"]) is float


def test_the_written_inits_take_what_the_generated_ones_took() -> None:
    # Budget, Window, Expiry and Effect write their __init__ out (native when compiled):
    # same parameters, same defaults, a fresh container for each object made
    first, second = Budget(), Budget()
    assert first == Budget({}, {}, []) and first.remaining is not second.remaining
    assert first.spent is not second.spent and first.substitutes is not second.substitutes
    assert Budget(remaining={"standard": 1}).left("standard") == 1
    window = Window("1", "attacked")
    assert window.responders == [] and window.data == {}
    assert window.responders is not Window("1", "attacked").responders
    assert Window("1", "t", ["a"], {"k": 1}) == Window(
        occurrence="1", trigger="t", responders=["a"], data={"k": 1})
    expiry = Expiry("manual")
    assert (expiry.round, expiry.count, expiry.combatant) == (0, 0.0, None)
    assert Expiry("turn_end", round=2, count=7, combatant="a") == Expiry("turn_end", 2, 7, "a")
    effect = Effect("e1", "Hold", "a", expiry)
    assert effect.data == {} and effect.data is not Effect("e2", "Hold", "a", expiry).data
    assert Effect("e1", "Hold", "a", expiry, {"n": 1}) != effect  # the data takes part


def test_objects_read_back_by_msgspec_run_their_methods() -> None:
    # msgspec makes these objects without their constructor; compiled in a run of several
    # groups, a method reached through the object's vtable crashed the process on them
    # (compiled.BUILT_TOGETHER): the classes are final, so their methods are called directly
    clock = Clock()
    clock.add("a", 3)
    clock.add("b", 2)
    clock.start_round()
    back = msgspec.msgpack.decode(msgspec.msgpack.encode(clock), type=Clock)
    assert back.advance() is False and back.current() == "b"
    assert back.advance() is True and back.round == 2 and back.current() == "a"
    budget = msgspec.msgpack.decode(msgspec.msgpack.encode(Budget({"standard": 1})), type=Budget)
    budget.pay_exact("standard")
    assert budget.left("standard") == 0 and budget.used("standard") == 1
    ledger = msgspec.msgpack.decode(msgspec.msgpack.encode(TriggerLedger()), type=TriggerLedger)
    ledger.record("t1", "a", "free:speak")
    assert ledger.has_answered("t1", "a", "free:speak")
