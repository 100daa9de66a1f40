"""Counting the ways dice can land: integer polynomial arithmetic behind the exact odds.

A distribution here is a pair ``(low, ways)``: ``ways[i]`` is the number of equally likely
ways the value ``low + i`` comes up, so the denominator is ``sum(ways)``. Zeros may sit
between outcomes (``d4*d4`` never shows 5) but never at either end.

Sums of dice are products of polynomials. They are multiplied by Kronecker substitution:
each list of ways is packed into one big integer (one fixed-width slot per coefficient),
the two integers are multiplied by CPython's own big-integer multiplication, and the slots
of the product are read back. The packing and unpacking run in C (``array``/``int.to_bytes``)
when a slot fits 64 bits, so a question such as P(4d6 >= 15) costs a few microseconds.
Nothing here recurses, so the answer never depends on the caller's stack depth or on
what was computed before.
"""

from __future__ import annotations

from array import array
from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from itertools import accumulate
from math import comb
from operator import mul
from typing import Literal

#: ``(low, ways)``: ``ways[i]`` ways of rolling ``low + i``; both ends non-zero.
Ways = tuple[int, tuple[int, ...]]

_WORD = array("Q").itemsize  # 8 on every platform CPython supports
# Below this many coefficient pairs, a plain double loop beats packing.
_SMALL_PRODUCT = 24


def _slot_bytes(largest: int) -> int:
    """Bytes per packed slot so that ``largest`` (and anything smaller) fits."""
    needed = (largest.bit_length() + 7) // 8
    return _WORD if needed <= _WORD else -(-needed // _WORD) * _WORD


def _pack(ways: Sequence[int], width: int) -> int:
    if width == _WORD:
        return int.from_bytes(array("Q", ways).tobytes(), "little")
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in ways), "little")


def _unpack(packed: int, length: int, width: int) -> list[int]:
    data = packed.to_bytes(length * width, "little")
    if width == _WORD:
        return array("Q", data).tolist()
    from_bytes = int.from_bytes
    return [from_bytes(data[i : i + width], "little") for i in range(0, len(data), width)]


def convolve(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """The coefficients of the product of two polynomials with non-negative coefficients."""
    la, lb = len(a), len(b)
    if la == 1 or lb == 1:
        factor, other = (a[0], b) if la == 1 else (b[0], a)
        return list(other) if factor == 1 else [factor * w for w in other]
    if la * lb <= _SMALL_PRODUCT:
        out = [0] * (la + lb - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    # Each coefficient of the product is at most (sum of one side) x (largest of the other).
    largest = min(sum(a) * max(b), sum(b) * max(a))
    width = _slot_bytes(largest)
    if _sparse_is_cheaper(a, b, width):
        return _convolve_sparse(a, b)
    return _unpack(_pack(a, width) * _pack(b, width), la + lb - 1, width)


def _sparse_is_cheaper(a: Sequence[int], b: Sequence[int], width: int) -> bool:
    """Whether multiplying only the non-zero pairs beats one big multiplication.

    Only lists with wide gaps (``1000*d1000``) get there: the big product grows with the
    span (about the 1.585th power of its size, Karatsuba), the pairs with the outcomes.
    """
    digits = (len(a) + len(b)) * width * 8 / 30  # CPython's 30-bit digits
    if digits < 4096:
        return False
    pairs = (len(a) - a.count(0)) * (len(b) - b.count(0))
    return pairs * 80 < float(digits**1.585)


def _convolve_sparse(a: Sequence[int], b: Sequence[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    nonzero_b = [(j, y) for j, y in enumerate(b) if y]
    for i, x in enumerate(a):
        if x:
            for j, y in nonzero_b:
                out[i + j] += x * y
    return out


def power(base: Sequence[int], exponent: int) -> list[int]:
    """``base`` convolved with itself ``exponent`` times (``exponent >= 1``), by squaring."""
    result: list[int] | None = None
    square = list(base)
    while True:
        if exponent & 1:
            result = square if result is None else convolve(result, square)
        exponent >>= 1
        if not exponent:
            assert result is not None
            return result
        square = convolve(square, square)


# --- terms ------------------------------------------------------------------------------


# Up to this many element steps (dice x values) the running-sum method beats squaring.
_RUNNING_SUMS_UP_TO = 2500


@lru_cache(maxsize=256)
def dice_sum(count: int, sides: int) -> Ways:
    """The sum of ``count`` dice of ``sides`` sides."""
    if sides == 1:
        return count, (1,)
    length = count * (sides - 1) + 1
    if count * length > _RUNNING_SUMS_UP_TO:
        return count, tuple(power([1] * sides, count))
    # (1 + x + ... + x^(s-1))^n = (1 - x^s)^n / (1 - x)^n: the numerator has n + 1 terms
    # (binomial coefficients with alternating signs, s apart) and dividing by (1 - x) is a
    # running sum, so n running sums (in C) of the numerator give the ways. Values past the
    # last outcome are never needed, so the list stops there.
    ways = [0] * length
    for j in range(min(count, (length - 1) // sides) + 1):
        ways[j * sides] = -comb(count, j) if j & 1 else comb(count, j)
    for _ in range(count):
        ways = list(accumulate(ways))
    return count, tuple(ways)


@lru_cache(maxsize=256)
def dice_keep(count: int, sides: int, mode: Literal["high", "low"], keep: int) -> Ways:
    """The sum of the ``keep`` highest (or lowest) of ``count`` dice of ``sides`` sides."""
    if keep == 1:
        # One die kept: the best of n is at most x exactly when all n are, so the ways of
        # rolling exactly x are x^n - (x-1)^n (mirrored for the worst).
        rising = [x**count - (x - 1) ** count for x in range(1, sides + 1)]
        return 1, tuple(rising if mode == "high" else rising[::-1])
    return keep, tuple(_keep_many(count, sides, mode, keep)[keep:])


def _keep_many(count: int, sides: int, mode: Literal["high", "low"], keep: int) -> list[int]:
    """Ways of each kept sum 0..keep*sides, by walking the faces from the kept end.

    The faces are visited best first (highest for ``high``). The state is how many dice
    have been given a face so far (``placed``); its value is the polynomial, packed into
    one integer, of the kept sum so far. Choosing ``c`` more dice to show the current face
    multiplies by C(dice left, c) (which dice) and adds the face once per newly kept die.
    As soon as ``keep`` dice are placed the sum is settled: the other dice can show any of
    the worse faces, a power, so no state ever holds more than ``keep - 1`` dice.
    """
    # Every partial count is at most 2^n sides^n (subsets of dice times their faces).
    width_bits = 8 * _slot_bytes((2 * sides) ** count)
    faces = range(sides, 0, -1) if mode == "high" else range(1, sides + 1)
    states: dict[int, int] = {0: 1}
    settled = 0
    for face in faces:
        worse = face - 1 if mode == "high" else sides - face
        following: dict[int, int] = defaultdict(int)
        for placed, poly in states.items():
            left = count - placed
            for extra in range(left + 1):
                term = poly * comb(left, extra) if extra else poly
                now = placed + extra
                newly_kept = min(now, keep) - placed
                if newly_kept:
                    term <<= face * newly_kept * width_bits
                if now < keep:
                    following[now] += term
                    continue
                rest = count - now
                if rest:
                    if not worse:
                        continue
                    term *= worse**rest
                settled += term
        states = following
    return _unpack(settled, keep * sides + 1, width_bits // 8)


# --- combining --------------------------------------------------------------------------


def constant(value: int) -> Ways:
    return value, (1,)


def negate(ways: Ways) -> Ways:
    low, counts = ways
    return -(low + len(counts) - 1), counts[::-1]


def add(left: Ways, right: Ways) -> Ways:
    return left[0] + right[0], tuple(convolve(left[1], right[1]))


def subtract(left: Ways, right: Ways) -> Ways:
    return add(left, negate(right))


def multiply(left: Ways, right: Ways) -> Ways:
    """The product of two independent values."""
    if len(left[1]) == 1:
        left, right = right, left
    if len(right[1]) == 1:
        value, quantity = right[0], right[1][0]
        low, counts = left
        if value == 0:
            return 0, (sum(counts) * quantity,)
        scaled = (low * abs(value), _spread(counts, abs(value), quantity))
        return scaled if value > 0 else negate(scaled)
    table: dict[int, int] = defaultdict(int)
    left_items = [(left[0] + i, c) for i, c in enumerate(left[1]) if c]
    right_items = [(right[0] + j, c) for j, c in enumerate(right[1]) if c]
    for a, ca in left_items:
        for b, cb in right_items:
            table[a * b] += ca * cb
    return from_table(table)


def _spread(counts: Sequence[int], stride: int, quantity: int) -> tuple[int, ...]:
    """``counts`` times ``quantity``, placed ``stride`` apart (zeros between)."""
    if stride == 1:
        return tuple(counts) if quantity == 1 else tuple(c * quantity for c in counts)
    out = [0] * ((len(counts) - 1) * stride + 1)
    out[::stride] = counts if quantity == 1 else [c * quantity for c in counts]
    return tuple(out)


def from_table(table: dict[int, int]) -> Ways:
    """``(low, ways)`` from a mapping of outcome to ways (zero entries are dropped)."""
    outcomes = [o for o, c in table.items() if c]
    low, high = min(outcomes), max(outcomes)
    counts = [0] * (high - low + 1)
    for outcome in outcomes:
        counts[outcome - low] = table[outcome]
    return low, tuple(counts)


# --- questions --------------------------------------------------------------------------

CompareTo = Literal[">=", "<=", ">", "<", "=="]


def count_against(ways: Ways, op: CompareTo, target: int) -> int:
    """How many of the ways satisfy ``value op target``."""
    low, counts = ways
    if op == "==":
        index = target - low
        return counts[index] if 0 <= index < len(counts) else 0
    if op in (">", "<="):
        target += 1  # value > t is value >= t + 1; value <= t is the rest
    at_least = _count_at_least(counts, target - low)
    return at_least if op in (">=", ">") else sum(counts) - at_least


def _count_at_least(counts: Sequence[int], index: int) -> int:
    if index <= 0:
        return sum(counts)
    if index >= len(counts):
        return 0
    return sum(counts[index:])


def count_compare(left: Ways, op: CompareTo, right: Ways) -> int:
    """How many of the (left ways x right ways) pairs satisfy ``left op right``.

    Asked directly: for each value the right side can take, the left side's count at or
    above it is read from one running sum, so no margin distribution is built.
    """
    low_l, counts_l = left
    low_r, counts_r = right
    total = sum(counts_l) * sum(counts_r)
    if op == "==":
        # Pairs with equal values: the overlap of the two lists, position by position.
        start = max(low_l, low_r)
        stop = min(low_l + len(counts_l), low_r + len(counts_r))
        if start >= stop:
            return 0
        return sum(
            map(mul, counts_l[start - low_l : stop - low_l], counts_r[start - low_r : stop - low_r])
        )
    strict = op in (">", "<=")
    # at_least[i] = ways the left side is >= low_l + i, for i in 0..len (last is 0).
    at_least = _suffix_sums(counts_l)
    length = len(counts_l)
    left_total = at_least[0]
    # For right value v, the left must be >= v (+1 when strict): index v + strict - low_l.
    first = low_r + strict - low_l
    span = len(counts_r)
    before = min(max(-first, 0), span)  # indices below 0: every left way counts
    middle = at_least[max(first, 0) : max(min(first + span, length + 1), 0)]
    window = [left_total] * before + middle + [0] * (span - before - len(middle))
    favourable = int(sum(map(mul, counts_r, window)))
    return favourable if op in (">=", ">") else total - favourable


def _suffix_sums(counts: Sequence[int]) -> list[int]:
    """``out[i] = sum(counts[i:])``, with a final 0."""
    out = list(accumulate(reversed(counts)))
    out.reverse()
    out.append(0)
    return out
