"""What a player's seat may not set: action kinds and parameters the catalogue marks GM-only.

A ruleset that declares its action kinds (``ruleset.actions``, a
:class:`~turnkeeper.core.schema.ActionCatalogue`) marks whole kinds (``ActionKind.gm_only``)
and single parameters (``meta(..., gm_only=True)``) that only the game master may use: a
DC, a secret roll, a correction. The server refuses them from a seat with 403 naming the
kind or the field, for ``/check`` as well as ``/play`` (a check would otherwise tell a seat
what the GM's options do).
"""

from __future__ import annotations

from typing import Any

import msgspec

from turnkeeper.core.model import Action


def gm_only_violation(ruleset: Any, action: Action) -> tuple[str, str] | None:
    """``(field, why)`` if a seat may not send ``action``, else ``None``.

    ``field`` is ``"kind"`` for a GM-only kind, ``"params.<name>"`` for a GM-only parameter
    set to anything but its declared default. Kinds the catalogue does not know are left to
    validation (which names them with a did-you-mean).
    """
    catalogue = getattr(ruleset, "actions", None)
    if catalogue is None or action.kind not in catalogue:
        return None
    row = catalogue[action.kind]
    if row.gm_only:
        return "kind", f"only the game master may take {action.kind!r} actions"
    marked = row.gm_only_fields()
    if not marked:
        return None
    defaults = {f.encode_name: f.default for f in msgspec.structs.fields(row.params)}
    for name in sorted(marked):
        if name in action.params and action.params[name] != defaults.get(name, msgspec.NODEFAULT):
            return f"params.{name}", f"only the game master may set {name!r} of {action.kind!r}"
    return None
