"""Snapshots of folded states, so that a cold start folds only the end of a long log.

A snapshot is a cache of the fold, never the truth: the log is. It holds the state after
command ``seq`` and the number of commands still standing then (``standing``).

**Encoding: pickle.** Ruleset states are dataclasses, sets, enums and mechanics objects
(``Clock``, ``Budget``, ...): :func:`~turnkeeper.core.game.jsonable` turns them into JSON one
way only, and no ruleset can be rebuilt from it, so JSON would need a decoder per ruleset.
Pickle round-trips every state exactly. It runs code on load, so it is only ever read back
from the project's own store, which is trusted as much as the log it caches (whoever can
write the store can rewrite the log anyway).

**Formats.** ``format`` is ``pickle/1;<ruleset>;<fingerprint>``, where the fingerprint is a
SHA-256 of the source and data files of the ruleset's package and of ``turnkeeper.core``
and ``turnkeeper.dice``: a snapshot written by other code (an older release, a changed
state class) is never unpickled into this one. On load the state's hash is computed again
and compared with the stored one (a corrupt blob, or a pickle that no longer matches its
classes, fails there). A snapshot that fails any check is skipped with a logged warning;
without a usable one the whole log is replayed.

**Undo.** An undo is a command of its own that cancels the latest standing command. A
snapshot taken with ``standing = n`` commands is only valid while those ``n`` commands stay
standing: once a later undo takes the game below ``n`` standing commands, the snapshot's
prefix is gone (whatever is played afterwards is another history), so it is skipped for
every later seq and an older snapshot (or the full log) is used.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from turnkeeper.core.game import Command, Game, state_hash
from turnkeeper.core.ruleset import Ruleset
from turnkeeper.store.base import EventStore, GameRecord, Snapshot, StoredCommand, fold_commands

logger = logging.getLogger("turnkeeper.store.snapshots")

FORMAT_VERSION = "pickle/1"
_SOURCE_SUFFIXES = (".py", ".json", ".yaml", ".yml", ".toml")
_fingerprints: dict[type, str] = {}


def _package_dir(module_name: str) -> Path | None:
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None)
    if path is None:
        return None
    return Path(path).resolve().parent


def code_fingerprint(ruleset: Ruleset[Any]) -> str:
    """A hash of the files whose code decides what a pickled state means (cached)."""
    kind = type(ruleset)
    found = _fingerprints.get(kind)
    if found is not None:
        return found
    digest = hashlib.sha256()
    folders = {_package_dir(kind.__module__), _package_dir("turnkeeper.core.game")}
    folders.add(_package_dir("turnkeeper.dice.source"))
    for folder in sorted(f for f in folders if f is not None):
        for path in sorted(folder.rglob("*")):
            if path.suffix in _SOURCE_SUFFIXES and path.is_file():
                digest.update(str(path.relative_to(folder)).encode())
                digest.update(path.read_bytes())
    found = digest.hexdigest()[:16]
    _fingerprints[kind] = found
    return found


def snapshot_format(ruleset: Ruleset[Any]) -> str:
    return f"{FORMAT_VERSION};{ruleset.name};{code_fingerprint(ruleset)}"


def take_snapshot(ruleset: Ruleset[Any], seq: int, standing: int, state: Any) -> Snapshot:
    """The snapshot of ``state`` after command ``seq``."""
    blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    return Snapshot(seq, standing, snapshot_format(ruleset), state_hash(state), blob)


def standing_counts(stored: Sequence[StoredCommand]) -> list[int]:
    """How many commands stand after each stored command."""
    counts: list[int] = []
    standing = 0
    for command in stored:
        standing += -1 if command.kind == "undo" else 1
        counts.append(standing)
    return counts


def usable_snapshot(
    ruleset: Ruleset[Any],
    game_id: str,
    stored: Sequence[StoredCommand],
    candidates: Sequence[Snapshot],
) -> tuple[Snapshot, Any] | None:
    """The newest candidate still valid at the end of ``stored``, with its state.

    Skipped silently: snapshots an undo has since gone below (their history is gone).
    Skipped with a warning: another format, a standing count that does not match the log,
    a blob that does not unpickle, or a state whose hash is not the stored one.
    """
    counts = standing_counts(stored)
    index = {command.seq: i for i, command in enumerate(stored)}
    # lowest[i]: the fewest commands standing from command i to the end of the log.
    lowest = list(counts)
    for i in range(len(lowest) - 2, -1, -1):
        lowest[i] = min(lowest[i], lowest[i + 1])
    wanted = snapshot_format(ruleset)
    problems: list[str] = []
    chosen: tuple[Snapshot, Any] | None = None
    for snapshot in candidates:
        if snapshot.seq not in index:
            problems.append(f"seq {snapshot.seq}: no such command")
            continue
        i = index[snapshot.seq]
        if lowest[i] < snapshot.standing:
            continue  # undone below since: not this history any more
        if snapshot.format != wanted:
            problems.append(f"seq {snapshot.seq}: format {snapshot.format!r}, not {wanted!r}")
            continue
        if snapshot.standing != counts[i]:
            problems.append(
                f"seq {snapshot.seq}: {snapshot.standing} standing, the log says {counts[i]}"
            )
            continue
        try:
            state = pickle.loads(snapshot.state)
            again = state_hash(state)
        except Exception as exc:  # a corrupt blob may raise anything while unpickling
            problems.append(f"seq {snapshot.seq}: does not load ({exc!r})")
            continue
        if again != snapshot.state_hash:
            problems.append(f"seq {snapshot.seq}: state hash {again[:12]} is not the stored one")
            continue
        chosen = (snapshot, state)
        break
    if problems:
        logger.warning(
            "game %s: snapshot(s) skipped (%s); %s",
            game_id,
            "; ".join(problems),
            f"using the one at seq {chosen[0].seq}" if chosen else "replaying the full log",
        )
    return chosen


def build_game(
    ruleset: Ruleset[Any],
    record: GameRecord,
    stored: Sequence[StoredCommand],
    found: tuple[Snapshot, Any] | None,
) -> Game[Any]:
    """The game at the end of ``stored``: from the snapshot's state if one is given, folding
    only the standing commands after it; else by folding the whole standing log."""
    log: list[Command] = fold_commands(stored)
    if found is None:
        return Game.from_log(ruleset, record.config, record.seed, log)
    snapshot, state = found
    game: Game[Any] = Game.from_log(ruleset, record.config, record.seed, [])
    # The whole standing log stays in memory (undo, dice indices and /replay need it); only
    # its first ``standing`` commands are not folded again. Game's own undo snapshots start
    # at this one (a second copy, unpickled again: cheaper than a deep copy).
    game.log = log[: snapshot.standing]
    game.state = state
    game._snapshots = {snapshot.standing: pickle.loads(snapshot.state)}
    for command in log[snapshot.standing :]:
        game._commit(command)
    return game


def load_game(
    store: EventStore,
    ruleset: Ruleset[Any],
    record: GameRecord,
    stored: Sequence[StoredCommand],
    *,
    use_snapshots: bool = True,
) -> Game[Any]:
    """Rebuild a game from its stored commands, from the newest usable snapshot."""
    found = None
    if use_snapshots and stored:
        found = usable_snapshot(
            ruleset, record.id, stored, store.snapshots(record.id, stored[-1].seq)
        )
    return build_game(ruleset, record, stored, found)
