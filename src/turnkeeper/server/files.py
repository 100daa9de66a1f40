"""No file paths from clients: set-up options that name files, and the card databases a
server offers by name.

The CLI and scenario files take paths (the user owns the machine). Over the API a path would
make the server open any file it can read (and say whether it exists), so:

- a ptcg game's ``card_db`` is a **name** among those the server was started with
  (``turnkeeper serve --card-db NAME=PATH``, repeatable; ``bundled``, the EX cards shipped
  with Turnkeeper, always). The stored set-up keeps the name; the server gives the ruleset
  the path. Unknown names (and anything that looks like a path) are 422 naming the field.
- every other set-up option that takes a file (ptu ``moves_file``, pte ``powers`` given as a
  path rather than inline) is refused with 422 naming the field: give the data inline.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from turnkeeper.core.schema import did_you_mean

#: The card database every server offers: the bundled cards only (``card_db`` left empty).
BUNDLED = "bundled"

#: Set-up keys that name a file, per ruleset: "card_db" is chosen by name; the others are
#: refused when given as a string (a path) and accepted inline.
PATH_OPTIONS: dict[str, dict[str, str]] = {
    "ptcg": {"card_db": "a card database name"},
    "ptu": {"moves_file": "moves inline under 'moves'"},
    "pte": {"powers": "powers inline as a list"},
}

_NAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_")


class FileOptionError(ValueError):
    """A client's set-up names a file, or an unknown card database. ``field`` is its path."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def parse_card_dbs(specs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``NAME=PATH`` options to ``{name: path}`` (with ``bundled``); a clear ValueError for a
    malformed one, a bad name, a duplicate or a path that does not exist."""
    found: dict[str, str] = {BUNDLED: ""}
    for spec in specs:
        name, sep, path = spec.partition("=")
        name = name.strip()
        if not sep or not name or not path:
            raise ValueError(f"--card-db {spec!r}: expected NAME=PATH")
        if not set(name) <= _NAME_CHARS or len(name) > 50:
            raise ValueError(
                f"--card-db {spec!r}: a name is 1-50 of a-z, 0-9, '-' and '_'"
            )
        if name in found:
            raise ValueError(f"--card-db {spec!r}: the name {name!r} is given twice")
        if not Path(path).exists():
            raise ValueError(f"--card-db {spec!r}: {path} does not exist")
        found[name] = str(Path(path).resolve())
    return found


def server_setup(
    ruleset: str, setup: Mapping[str, Any], card_dbs: Mapping[str, str]
) -> dict[str, Any]:
    """The set-up the ruleset gets for a client's ``setup``: card database names become the
    server's paths; any file path from the client is a :class:`FileOptionError`."""
    options = PATH_OPTIONS.get(ruleset, {})
    config = dict(setup)
    for key, instead in options.items():
        if key not in config or config[key] is None:
            continue
        value = config[key]
        if key == "card_db":
            names = sorted(card_dbs)
            if not isinstance(value, str) or value not in card_dbs:
                shown = repr(value)[:60]
                hint = did_you_mean(value, names) if isinstance(value, str) else ""
                raise FileOptionError(
                    f"setup.{key}",
                    f"setup.{key}: {shown} is not a card database of this server{hint}; "
                    f"choose one of {names} by name (paths are not accepted over the API)",
                )
            config[key] = card_dbs[value]
            if not config[key]:
                del config[key]  # the bundled cards: what an empty card_db means
        elif isinstance(value, str):
            raise FileOptionError(
                f"setup.{key}",
                f"setup.{key}: file paths are not accepted over the API; give {instead}",
            )
    return config
