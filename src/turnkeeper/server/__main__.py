"""``python -m turnkeeper.server --db PATH|URL --host 127.0.0.1 --port 8133``."""

from __future__ import annotations

import argparse
import os

from turnkeeper.server.runner import serve


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
    args = parser.parse_args()
    serve(args.db, args.host, args.port, extra_rulesets=args.rulesets, demo=not args.no_demo)


if __name__ == "__main__":
    main()
