"""What each step of a state's ``roster_version`` changed, so that the caches kept per roster
version (the outcome, who threatens, the menus, the attack offers) keep what a step did not
touch (issue 16: legal actions right after a hit).

The fold moves ``roster_version`` on with every change that can change who stands, where,
behind what cover, under which effects or with how many hit points. In a fight most of those
steps are a hit that leaves its target standing: only that target's hit points changed, so
only the offers that carry odds against it (their P(drop)) are stale, and the outcome, the
menus and who threatens whom are not.

The fold notes each step here: the one combatant whose hit points alone changed (its status -
up, dropped, ... - the same as before), or nothing, meaning anything may have changed. The
notes are kept beside the state, not in it: they are derived from the events the fold folds,
like any cache, and the state (and its hash) stay exactly as they were. A state without notes
(a copy, a restored snapshot) and a version with no note (the roster version moved on some
other way) both read as "anything may have changed": the caches then rebuild in full.
"""

from __future__ import annotations

import bisect
import weakref

from turnkeeper.rulesets.e133.state import E133State

#: Per state: (the roster versions noted, in order; the combatant whose hit points alone
#: changed at each). A change of anything else empties both lists.
_NOTES: weakref.WeakKeyDictionary[E133State, tuple[list[int], list[str]]]
_NOTES = weakref.WeakKeyDictionary()

#: How many steps back a cache may catch up by patching; further back it rebuilds. It bounds
#: the memory the notes take (a round of a 200-combatant fight is about 200 hits).
MAX_STEPS = 1024


def roster_changed(state: E133State) -> None:
    """Anything that the roster version covers may have changed: move it on."""
    state.roster_version += 1
    notes = _NOTES.get(state)
    if notes is not None and notes[0]:
        notes[0].clear()
        notes[1].clear()


def hit_points_changed(state: E133State, fid: str) -> None:
    """Only ``fid``'s hit points changed (its status did not): move the roster version on,
    noting that."""
    state.roster_version += 1
    notes = _NOTES.get(state)
    if notes is None:
        notes = _NOTES[state] = ([], [])
    elif len(notes[0]) >= MAX_STEPS:
        del notes[0][:MAX_STEPS // 2]
        del notes[1][:MAX_STEPS // 2]
    notes[0].append(state.roster_version)
    notes[1].append(fid)


def hit_points_only(state: E133State, since: int) -> frozenset[str] | None:
    """The combatants whose hit points alone changed between roster version ``since`` and
    now (empty: nothing changed), or ``None`` when anything else may have changed or it is
    not known."""
    now = state.roster_version
    if now == since:
        return frozenset()
    notes = _NOTES.get(state)
    if notes is None or now < since:
        return None
    versions, fids = notes
    start = bisect.bisect_right(versions, since)
    # the versions noted are distinct and rising: every step since is noted when as many
    # notes follow ``since`` as steps were taken, and the last is now
    if len(versions) - start != now - since or versions[-1] != now:
        return None
    return frozenset(fids[start:])
