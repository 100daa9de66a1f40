"""``python -m turnkeeper.server --db PATH|URL --host 127.0.0.1 --port 8133``."""

from __future__ import annotations

import argparse
import os
import sys

from turnkeeper.server.files import parse_card_dbs
from turnkeeper.server.hosting import OPEN_GAMES_PER_MINUTE
from turnkeeper.server.lock import ServerLockedError
from turnkeeper.server.runner import serve
from turnkeeper.server.service import CACHE_BYTES, CACHE_GAMES, SNAPSHOT_EVERY


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m turnkeeper.server")
    parser.add_argument("--db", default="turnkeeper.db", help="SQLite path or postgresql:// URL")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8133)
    parser.add_argument("--no-demo", action="store_true", help="never create a demo game")
    parser.add_argument(
        "--rulesets",
        default=os.environ.get("TURNKEEPER_EXTRA_RULESETS", ""),
        help="extra rulesets as module:attribute, comma-separated",
    )
    parser.add_argument(
        "--cache-games", type=int, default=CACHE_GAMES, help="games kept in memory (LRU)"
    )
    parser.add_argument(
        "--cache-bytes",
        type=int,
        default=CACHE_BYTES,
        help="bytes the games kept in memory may hold between them (an estimate)",
    )
    parser.add_argument(
        "--snapshot-every",
        type=int,
        default=SNAPSHOT_EVERY,
        help="commands between stored snapshots (0: none)",
    )
    parser.add_argument(
        "--card-db",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a card database ptcg games may choose by NAME (repeatable)",
    )
    parser.add_argument("--open", action="store_true", help="let anyone create games")
    parser.add_argument("--open-rate", type=float, default=OPEN_GAMES_PER_MINUTE)
    parser.add_argument("--max-game-bytes", type=int, default=None)
    parser.add_argument("--public-url", default=None, help="where players reach the server")
    parser.add_argument("--new-host-link", action="store_true", help="print a fresh host link")
    args = parser.parse_args()
    try:
        card_dbs = parse_card_dbs(args.card_db)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        serve(
            args.db,
            args.host,
            args.port,
            extra_rulesets=args.rulesets,
            demo=not args.no_demo,
            cache_games=args.cache_games,
            cache_bytes=args.cache_bytes,
            snapshot_every=args.snapshot_every,
            card_dbs=card_dbs,
            open_games=args.open,
            open_rate=args.open_rate,
            max_game_bytes=args.max_game_bytes,
            public_url=args.public_url,
            new_host_link=args.new_host_link,
        )
    except ServerLockedError as exc:
        sys.exit(f"turnkeeper: {exc}")


if __name__ == "__main__":
    main()
