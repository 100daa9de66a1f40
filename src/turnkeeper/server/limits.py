"""Every JSON body is checked against :mod:`turnkeeper.core.bounds` before a route sees it.

One dependency of the whole app (:func:`bounded_body`): it reads the request's JSON once
(Starlette keeps it for the route's own parsing) and answers 422 ``invalid_input`` naming
the field path (``action.params.x[3]``) of the first value that is nested too deep, too
long, too big, not finite, or holds a NUL or a lone surrogate. So no such value reaches a
ruleset, the store or a later read, whatever the endpoint and whoever asks. Bodies that are
not JSON at all are left to FastAPI's own parsing (400/422).
"""

from __future__ import annotations

import json

from starlette.requests import HTTPConnection, Request

from turnkeeper.core import bounds
from turnkeeper.server.service import ApiError


class InvalidInput(ApiError):
    status, code = 422, "invalid_input"


async def bounded_body(connection: HTTPConnection) -> None:
    """FastAPI dependency: 422 unless the JSON body is within bounds (see the module)."""
    if not isinstance(connection, Request) or connection.method in ("GET", "HEAD", "OPTIONS"):
        return
    raw = await connection.body()
    if not raw:
        return
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return  # not JSON: FastAPI's own parsing answers it
    try:
        bounds.check(data)
    except bounds.OutOfBoundsError as exc:
        raise InvalidInput(str(exc), field=exc.path) from exc
