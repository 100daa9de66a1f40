"""Snapshots of folded states, so that a cold start reads and folds only the end of a log.

A snapshot is a cache of the fold, never the truth: the log is. It holds the state after
command ``seq`` and the number of commands still standing then (``standing``).

**Encoding: plain data.** The state is msgpack written by :mod:`turnkeeper.core.snapshot`
and read back typed by the ruleset's own state class: nothing stored is ever run as code
(no pickle), so whoever can write the ``snapshots`` table can at worst make a snapshot
useless, never run anything in a server. A state is only written if it reads back equal.

**Formats.** ``format`` is ``msgpack/1;<ruleset>;<fingerprint>``, where the fingerprint is a
SHA-256 of the source and data files of the ruleset's package and of ``turnkeeper.core``
and ``turnkeeper.dice``: a snapshot written by other code (an older release, a changed
state class) is never read into this one. On load the bytes are decoded, the state's hash
is computed again and compared with the stored one **before** the state is used, and the
stored ``standing`` is compared with the log's. A snapshot that fails any check is skipped
with a logged warning; without a usable one the whole log is read and replayed.

**Only the end of the log.** A cold start reads the commands after the chosen snapshot,
not the whole log: the game's log then starts with ``standing`` entries that were not read
(:data:`UNREAD`, which refuses to be folded or written out). The server reads them
(:func:`read_prefix`) only when something needs them: an undo below the snapshot, or the
full replay.

**Undo.** An undo is a command of its own that cancels the latest standing command. A
snapshot taken with ``standing = n`` commands is only valid while those ``n`` commands stay
standing: once a later undo takes the game below ``n`` standing commands, the snapshot's
prefix is gone (whatever is played afterwards is another history), so it is skipped for
every later seq and an older snapshot (or the full log) is used.
"""

from __future__ import annotations

import hashlib
import logging
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from turnkeeper.core.game import Command, Game, state_hash
from turnkeeper.core.model import Event
from turnkeeper.core.ruleset import Ruleset
from turnkeeper.core.snapshot import FORMAT, SnapshotError, dump_state, load_state
from turnkeeper.store.base import (
    EventStore,
    GameNotFoundError,
    GameRecord,
    Snapshot,
    StoredCommand,
    StoreError,
    fold_commands,
)

logger = logging.getLogger("turnkeeper.store.snapshots")

FORMAT_VERSION = FORMAT
_SOURCE_SUFFIXES = (".py", ".json", ".yaml", ".yml", ".toml")
_fingerprints: dict[type, str] = {}


def _package_dir(module_name: str) -> Path | None:
    module = sys.modules.get(module_name)
    path = getattr(module, "__file__", None)
    if path is None:
        return None
    return Path(path).resolve().parent


def code_fingerprint(ruleset: Ruleset[Any]) -> str:
    """A hash of the files whose code decides what a stored state means (cached)."""
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
    """The snapshot of ``state`` after command ``seq``.

    Raises :class:`~turnkeeper.core.snapshot.SnapshotError` if the state cannot be written
    as plain data that reads back equal (then no snapshot is stored).
    """
    blob = dump_state(ruleset, state)
    return Snapshot(seq, standing, snapshot_format(ruleset), state_hash(state), blob)


class _Unread(list[Event]):
    """The events of a command that was not read from the store: folding or writing them
    out fails loudly instead of silently folding nothing."""

    def __iter__(self) -> Iterator[Event]:
        raise StoreError("this command was not read from the store (read_prefix first)")



#: A standing command before a snapshot, not read on a cold start.
UNREAD = Command(action=None, events=_Unread())


@dataclass
class LoadedGame:
    """A game rebuilt from the store.

    ``commands`` are the stored commands that were read: all of them, or only those after
    the snapshot used. The first ``unread`` entries of ``game.log`` are then :data:`UNREAD`
    (see :func:`read_prefix`).
    """

    game: Game[Any]
    seq: int
    commands: list[StoredCommand] = field(default_factory=list)
    unread: int = 0
    snapshot_seq: int | None = None


def standing_counts(stored: Sequence[StoredCommand], start: int = 0) -> list[int]:
    """How many commands stand after each stored command (``start`` before the first)."""
    counts: list[int] = []
    standing = start
    for command in stored:
        standing += -1 if command.kind == "undo" else 1
        counts.append(standing)
    return counts


def _problem(
    store: EventStore, ruleset: Ruleset[Any], game_id: str, snapshot: Snapshot, wanted: str
) -> tuple[str | None, Any]:
    """``(None, state)`` for a usable snapshot, else ``(why, None)``. The bytes are decoded
    as plain data and the state's hash checked before anyone uses the state."""
    if snapshot.format != wanted:
        return f"seq {snapshot.seq}: format {snapshot.format!r}, not {wanted!r}", None
    standing = store.standing_at(game_id, snapshot.seq)
    if snapshot.standing != standing:
        return (
            f"seq {snapshot.seq}: {snapshot.standing} standing, the log says {standing}",
            None,
        )
    try:
        state = load_state(ruleset, snapshot.state)
        again = state_hash(state)
    except (SnapshotError, StoreError, RecursionError) as exc:
        return f"seq {snapshot.seq}: does not load ({exc})", None
    if again != snapshot.state_hash:
        return f"seq {snapshot.seq}: state hash {again[:12]} is not the stored one", None
    return None, state


def _from_snapshot(
    ruleset: Ruleset[Any],
    record: GameRecord,
    snapshot: Snapshot,
    state: Any,
    tail: list[StoredCommand],
) -> LoadedGame:
    """The game from ``state`` (after ``snapshot``) and the commands after it."""
    rest: list[Command] = []
    for stored in tail:
        if stored.kind == "undo":
            rest.pop()  # never below the snapshot: checked by the caller
        else:
            rest.append(stored.to_command())
    game: Game[Any] = Game.from_log(ruleset, record.config, record.seed, [])
    # The log keeps its length (dice are drawn by a command's place in it), but its first
    # ``standing`` entries are not read: UNREAD stands in until read_prefix reads them.
    game.log = [UNREAD] * snapshot.standing
    game.state = state
    # Game's own undo snapshots start at this one: a second copy, decoded again.
    game._snapshots = {snapshot.standing: load_state(ruleset, snapshot.state)}
    for command in rest:
        game._commit(command)
    seq = tail[-1].seq if tail else snapshot.seq
    return LoadedGame(game, seq, tail, snapshot.standing, snapshot.seq)


def load_game(
    store: EventStore,
    ruleset: Ruleset[Any],
    record: GameRecord,
    *,
    use_snapshots: bool = True,
) -> LoadedGame:
    """Rebuild a game from the store: from the newest usable snapshot, reading only the
    commands after it; else by reading and folding the whole log.

    Skipped silently: snapshots an undo has since gone below (their history is gone).
    Skipped with a warning: another format, a standing count that does not match the log,
    bytes that do not decode as the ruleset's state, or a state whose hash is not the
    stored one.
    """
    seq = store.current_seq(record.id)
    if seq == 0:
        raise GameNotFoundError(record.id)
    problems: list[str] = []
    loaded: LoadedGame | None = None
    if use_snapshots:
        wanted = snapshot_format(ruleset)
        for snapshot in store.snapshots(record.id, seq):
            tail = store.commands(record.id, snapshot.seq)
            if min(standing_counts(tail, snapshot.standing), default=snapshot.standing) < (
                snapshot.standing
            ):
                continue  # undone below since: not this history any more
            why, state = _problem(store, ruleset, record.id, snapshot, wanted)
            if why is not None:
                problems.append(why)
                continue
            loaded = _from_snapshot(ruleset, record, snapshot, state, tail)
            break
    if problems:
        logger.warning(
            "game %s: snapshot(s) skipped (%s); %s",
            record.id,
            "; ".join(problems),
            f"using the one at seq {loaded.snapshot_seq}" if loaded else "replaying the full log",
        )
    if loaded is not None:
        return loaded
    stored = store.commands(record.id)
    if not stored:
        raise GameNotFoundError(record.id)
    game = Game.from_log(ruleset, record.config, record.seed, fold_commands(stored))
    return LoadedGame(game, stored[-1].seq, stored)


def read_prefix(
    store: EventStore, game_id: str, game: Game[Any], unread: int
) -> list[StoredCommand]:
    """Put the first ``unread`` (:data:`UNREAD`) commands of ``game.log`` in place from the
    store; return every stored command. Raises :class:`StoreError` if the store's standing
    log is not as long as the game's (another process wrote: fold again instead)."""
    stored = store.commands(game_id)
    log = fold_commands(stored)
    if len(log) != len(game.log) or any(c is UNREAD for c in log):
        raise StoreError(f"game {game_id!r}: the stored log does not match the game in memory")
    game.log[:unread] = log[:unread]
    return stored
