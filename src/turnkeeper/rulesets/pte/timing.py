"""Time scales of ``pte`` actions (PTE ch. 5, Action Types): how long each type lasts, and how
Extended and Downtime actions pack into each other.

Durations are kept in whole seconds on the scene clock. The text gives ranges or rough
figures; where it gives a rough figure we pick one representative number:

- Free and Interrupt: "under a second or two" -> 1 s;
- Standard: "a few seconds" -> 3 s;
- Full (and Full + Interrupt): a full round -> 10 s;
- Extended (S): 1-30 min (default 15); Extended (L): 30-60 min (default 45);
- Downtime: 2-4 hours (default 3 h);
- an action that lists its own time in rounds ("1d4 rounds"): that many 10 s rounds.
"""

from __future__ import annotations

import re

ACTION_TYPES = (
    "free",
    "interrupt",
    "standard",
    "full",
    "full_interrupt",
    "extended_s",
    "extended_l",
    "downtime",
    "rounds",
)
LABELS = {
    "free": "Free action",
    "interrupt": "Interrupt action",
    "standard": "Standard action",
    "full": "Full action",
    "full_interrupt": "Full action + Interrupt",
    "extended_s": "Extended action (S)",
    "extended_l": "Extended action (L)",
    "downtime": "Downtime action",
    "rounds": "action of listed rounds",
}
ROUND_SECONDS = 10
FIXED_SECONDS = {"free": 1, "interrupt": 1, "standard": 3, "full": 10, "full_interrupt": 10}
DEFAULT_SECONDS = {"extended_s": 15 * 60, "extended_l": 45 * 60, "downtime": 3 * 3600}
# pte.time.extended-length and pte.time.downtime-length: the allowed ranges, in seconds.
RANGES = {
    "extended_s": (60, 30 * 60),
    "extended_l": (30 * 60, 60 * 60),
    "downtime": (2 * 3600, 4 * 3600),
}
# pte.time.packing: 2 (S) fit in one (L), 2 (L) in one Downtime action; in quarters of a
# Downtime action.
UNITS = {"extended_s": 1, "extended_l": 2, "downtime": 4}
SLOT_UNITS = 4
TIMED = ("extended_s", "extended_l", "downtime")
# Types that take the whole of a combat turn (pte.combat.full-action).
WHOLE_TURN = ("full", "rounds")


# pte.time.listed-duration: a listed length is a whole number of rounds or dice ("1d4").
LISTED_ROUNDS_DICE = re.compile(r"\d{1,2}[dD]\d{1,3}")


def read_listed_rounds(raw: object) -> tuple[int, str | None] | None:
    """A listed length as ``(rounds, None)`` for a whole number 1-100 or ``(0, "1d4")`` for
    dice (1-10 dice of 1-20 sides, rolled when the action is taken); None if it is neither."""
    if isinstance(raw, int) and not isinstance(raw, bool) and 1 <= raw <= 100:
        return raw, None
    if isinstance(raw, str) and LISTED_ROUNDS_DICE.fullmatch(raw.strip()):
        count, sides = (int(x) for x in raw.strip().lower().split("d"))
        if 1 <= count <= 10 and 1 <= sides <= 20:
            return 0, raw.strip().lower()
    return None


def a_label(action_type: str) -> str:
    """The type's label with its article: 'a Full action', 'an Extended action (S)'."""
    label = LABELS[action_type]
    return f"{'an' if label[0].lower() in 'aeiou' else 'a'} {label}"


def size_of(action_type: str, seconds: int) -> str:
    """The size an Extended or Downtime action packs and aids as (pte.time.packing).

    It follows the final length: an (S) stretched past 30 minutes (Take X) is an (L), past an
    hour a Downtime action; never smaller than its own type.
    """
    if action_type not in TIMED:
        return action_type
    if seconds > RANGES["extended_l"][1]:
        by_length = "downtime"
    elif seconds > RANGES["extended_s"][1]:
        by_length = "extended_l"
    else:
        by_length = "extended_s"
    return max(action_type, by_length, key=TIMED.index)


def units_for(action_type: str, seconds: int) -> int:
    """How many quarters of a Downtime action an action of this final length takes: (S) 1,
    (L) 2, a Downtime action 4, and 4 for every started 4 hours beyond that."""
    size = size_of(action_type, seconds)
    if size != "downtime":
        return UNITS[size]
    longest = RANGES["downtime"][1]
    return SLOT_UNITS * max(1, -(-seconds // longest))


def is_timed(action_type: str) -> bool:
    """Extended and Downtime actions: they run on the clock and can scale to aid."""
    return action_type in TIMED


def length_rule(action_type: str) -> str:
    return "pte.time.downtime-length" if action_type == "downtime" else "pte.time.extended-length"


def out_of_range(action_type: str, seconds: int) -> str | None:
    """Why ``seconds`` is not a valid length for ``action_type`` (None when it is)."""
    if action_type not in RANGES:
        return None
    low, high = RANGES[action_type]
    if low <= seconds <= high:
        return None
    return (
        f"an {LABELS[action_type]} lasts {describe(low)} to {describe(high)}, "
        f"not {describe(seconds)}"
    )


def place(slots: list[int], size: int) -> tuple[int, int] | None:
    """Where an action of ``size`` quarters fits among scheduled Downtime slots.

    Each slot is a bit mask of its four quarters. An (S) takes a quarter, an (L) an aligned
    half (two (S) make one (L)), a Downtime action a whole slot (two (L) make one). First fit.
    """
    mask = (1 << size) - 1
    for index, used in enumerate(slots):
        for offset in range(0, SLOT_UNITS, size):
            if not used & (mask << offset):
                return index, offset
    return None


def describe(seconds: int) -> str:
    """A length in the units a GM would say: '15 min', '3 h', '10 s', '2 h 30 min'."""
    if seconds % 3600 == 0 and seconds >= 3600:
        return f"{seconds // 3600} h"
    if seconds >= 3600:
        hours, rest = divmod(seconds, 3600)
        return f"{hours} h {describe(rest)}"
    if seconds % 60 == 0 and seconds >= 60:
        return f"{seconds // 60} min"
    if seconds >= 60:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min {rest} s"
    return f"{seconds} s"


def clock_text(seconds: int, start_hour: int) -> str:
    """The scene clock as 'day D HH:MM:SS', the scene starting at ``start_hour`` on day 1."""
    total = seconds + start_hour * 3600
    day, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return f"day {day + 1} {hours:02d}:{minutes:02d}:{secs:02d}"
