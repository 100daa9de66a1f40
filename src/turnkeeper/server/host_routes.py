"""The host's routes and who may create games (see :mod:`turnkeeper.server.hosting`).

Kept apart from ``app.py``: ``create_app`` only installs the policy and the routes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

import anyio.to_thread
from fastapi import Depends, FastAPI, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from turnkeeper.server.hosting import RateLimiter, retry_after
from turnkeeper.server.service import ApiError, Forbidden, GameService, Unauthorized

host_bearer = HTTPBearer(auto_error=False, description="the host key")


class RateLimited(ApiError):
    status, code = 429, "rate_limited"


@dataclass
class CreationPolicy:
    """Who may create games: the host always; anyone else only on an ``open`` server, then
    at most ``limiter``'s rate per client address."""

    open: bool = False
    limiter: RateLimiter = field(default_factory=RateLimiter)


def _given(
    credentials: HTTPAuthorizationCredentials | None, token: str | None
) -> str | None:
    return credentials.credentials if credentials is not None else token


async def may_create_games(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(host_bearer)],
    token: Annotated[str | None, Query(max_length=200, description="the host key")] = None,
) -> None:
    """Let the host through; on an open server, anyone within the rate limit (429 with
    ``Retry-After`` beyond it); else 401 without a key, 403 with another one."""
    service: GameService = request.app.state.service
    policy: CreationPolicy = request.app.state.creation
    given = _given(credentials, token)
    if given:
        host: bool = await anyio.to_thread.run_sync(service.is_host, given)
        if host:
            return
    if policy.open:
        client = request.client.host if request.client is not None else "?"
        wait = policy.limiter.take(client)
        if wait > 0:
            raise RateLimited(
                f"too many games from {client}: try again in {retry_after(wait)} s",
                headers={"Retry-After": retry_after(wait)},
            )
        return
    if not given:
        raise Unauthorized("creating games needs the host key: 'Authorization: Bearer <key>'")
    raise Forbidden("this is not a host key of this server")


async def host_only(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(host_bearer)],
    token: Annotated[str | None, Query(max_length=200, description="the host key")] = None,
) -> None:
    service: GameService = request.app.state.service
    given = _given(credentials, token)
    if not given:
        raise Unauthorized("the host key is needed: 'Authorization: Bearer <key>' or ?token=")
    if not await anyio.to_thread.run_sync(service.is_host, given):
        raise Forbidden("this is not a host key of this server")


MayCreate = Annotated[None, Depends(may_create_games)]


def register_host_routes(app: FastAPI, service: GameService, policy: CreationPolicy) -> None:
    app.state.creation = policy

    @app.get("/api/games", dependencies=[Depends(host_only)])
    async def list_games(
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
    ) -> dict[str, Any]:
        """The games of this server, newest first (host only). The host opens any of them
        as its game master: ``links.page`` plus ``&token=<host key>``."""
        games = await anyio.to_thread.run_sync(service.list_games, limit)
        return {"games": games}
