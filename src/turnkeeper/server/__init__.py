"""The HTTP + WebSocket API over the durable event store (see docs/server.md)."""

from turnkeeper.server.app import create_app
from turnkeeper.server.service import ApiError, GameService, Principal

__all__ = ["ApiError", "GameService", "Principal", "create_app"]
