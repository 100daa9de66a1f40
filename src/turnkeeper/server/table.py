"""The GM's table in the browser: the host's games page and the routes behind it.

Kept apart from ``app.py`` (``create_app`` only calls :func:`register_table_routes`):

- ``GET /host`` — the host's games page (HTML; the host link opens it).
- ``GET /api/host/games`` — the games with their last action, seq, seats handed out and
  archive mark (host only); ``POST /api/games/{id}/archive`` marks one archived or not.
- ``GET /api/host/examples`` — the bundled example set-ups (``examples/``) to start from;
  ``POST /api/host/setup-yaml`` reads an uploaded encounter / set-up YAML file into JSON.
- ``POST /api/games/{id}/gm-link`` — a fresh game master link (host only: tokens are
  stored hashed, so a lost link cannot be shown again, only replaced).
- ``POST /api/games/{id}/invites`` — a seat's or a spectator's link with a QR code (GM).
- ``GET|POST /api/games/{id}/redo`` — replay the command the latest undo took back, while
  nothing else happened since (GM).
- ``POST /api/games/{id}/dice`` — a table roll with its exact odds: public (every open page
  sees it) or hidden (the GM's alone). Table rolls change nothing in the game, so they are
  not commands of its log.

Links are absolute: from ``--public-url`` when the server runs behind ``--host 0.0.0.0`` or
a proxy (what players must open), else from the address the request came to.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import segno
import yaml
from fastapi import Depends, FastAPI, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, field_validator

from turnkeeper.dice import DiceLimitError, distribution, odds, roll
from turnkeeper.dice.source import DiceError, SeededDice
from turnkeeper.server.host_routes import host_only
from turnkeeper.server.service import (
    ApiError,
    BadInput,
    Forbidden,
    GameService,
    LiveGame,
    NotFound,
    Principal,
    Stale,
)
from turnkeeper.store import GameNotFoundError, StoredCommand

if TYPE_CHECKING:
    from turnkeeper.server.app import Hub, StoreRunner

#: The bundled examples: package data (``turnkeeper/examples/<ruleset>``, each folder a link
#: to the checkout's ``examples/<ruleset>``, copied into the wheel), so an installed server
#: lists them too, not only a source checkout.
EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "examples"
#: How far back (in commands) redo looks for the undo it would take back: a redo after a
#: longer run of undos and redos than this is not offered.
REDO_WINDOW = 64
#: The idempotency key a redo is recorded with: it marks the play as the redo of the undo
#: ``seq`` (so that a chain of undos can be redone one by one) and makes a double click act
#: once.
REDO_KEY = "redo:{seq}"
MAX_YAML = 60_000
MAX_YAML_NODES = 20_000
MAX_YAML_DEPTH = 32
MAX_EXPRESSION = 200

table_bearer = HTTPBearer(auto_error=False, description="the game's GM, seat or spectator token")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="after")
    @classmethod
    def _plain_text(cls, value: Any) -> Any:
        # What the answer would echo must be encodable: no lone surrogates, no NULs.
        if isinstance(value, str):
            if "\x00" in value:
                raise ValueError("text must not contain NUL characters")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise ValueError("text must not contain lone surrogates") from exc
        return value


class ArchiveIn(_Body):
    archived: bool = True


class InviteIn(_Body):
    seat: str | None = Field(
        default=None, min_length=1, max_length=200, description="a seat; none: a spectator"
    )


class YamlIn(_Body):
    text: str = Field(max_length=MAX_YAML, description="the YAML file's text")


class RedoIn(_Body):
    expected_seq: int = Field(ge=0)


class DiceIn(_Body):
    expression: str = Field(min_length=1, max_length=MAX_EXPRESSION)
    hidden: bool = Field(default=False, description="a GM roll nobody else sees")


@dataclass
class TableConfig:
    public_url: str | None = None
    examples_dir: Path = EXAMPLES_DIR


def base_url(request: Request) -> str:
    config: TableConfig = request.app.state.table
    if config.public_url:
        return config.public_url.rstrip("/")
    return str(request.base_url).rstrip("/")


def page_link(request: Request, game_id: str, token: str) -> str:
    return f"{base_url(request)}/?game={game_id}&token={token}"


def qr_data_uri(text: str) -> str:
    """A QR code of ``text`` as an SVG data URI (for an ``<img src>``: no markup is
    inserted into the page)."""
    return str(segno.make(text, error="m").svg_data_uri(scale=4, border=2))


# ---------------------------------------------------------------------------- examples
def list_examples(folder: Path) -> list[dict[str, Any]]:
    """The bundled example files: ``{name, ruleset, title, setup, seed}`` each."""
    found: list[dict[str, Any]] = []
    if not folder.is_dir():
        return found
    for path in sorted(folder.glob("*/*.yaml")):
        try:
            text = path.read_text(encoding="utf-8")
            data = yaml.safe_load(text)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if not isinstance(data, Mapping) or not isinstance(data.get("setup"), Mapping):
            continue
        title = next(
            (line.lstrip("# ").strip() for line in text.splitlines() if line.startswith("#")),
            "",
        )
        found.append(
            {
                "name": f"{path.parent.name}/{path.stem}",
                "ruleset": str(data.get("ruleset") or path.parent.name),
                "title": title,
                "setup": data["setup"],
                "seed": data.get("seed"),
            }
        )
    return found


def read_setup_yaml(text: str) -> dict[str, Any]:
    """An uploaded YAML file as ``{ruleset, setup, seed}``: either an encounter file
    (``ruleset``, ``setup``, ``seed`` keys, as in ``examples/``) or a bare set-up."""
    try:
        data = yaml.safe_load(text)
    except RecursionError as exc:
        raise BadInput("the YAML is nested too deep", field="text") from exc
    except (yaml.YAMLError, ValueError, TypeError, OverflowError) as exc:
        # PyYAML raises ValueError itself for some scalars (a date like 2024-13-45).
        raise BadInput(f"not valid YAML: {exc}", field="text") from exc
    if not isinstance(data, Mapping):
        raise BadInput("the YAML file must hold a mapping (the set-up)", field="text")
    if "setup" in data:
        unknown = sorted(str(k) for k in data if k not in ("ruleset", "setup", "seed"))
        if unknown:
            raise BadInput(
                f"unknown top-level key(s) {unknown}; an encounter file has ruleset, setup, seed",
                field="text",
            )
        setup = data["setup"]
        if not isinstance(setup, Mapping):
            raise BadInput("'setup' must be a mapping", field="text.setup")
        ruleset = data.get("ruleset")
        seed = data.get("seed")
    else:
        setup, ruleset, seed = data, None, None
    _check_size(setup)
    try:
        # Through JSON: YAML dates and other non-JSON values are refused here, by name.
        plain = json.loads(json.dumps(dict(setup), allow_nan=False))
    except (TypeError, ValueError, RecursionError) as exc:
        raise BadInput(
            f"the set-up holds something JSON cannot carry: {exc}", field="text"
        ) from exc
    if ruleset is not None and not isinstance(ruleset, str):
        raise BadInput("'ruleset' must be a name", field="text.ruleset")
    if seed is not None and not isinstance(seed, int | str):
        raise BadInput("'seed' must be a number or a text", field="text.seed")
    return {"ruleset": ruleset, "setup": plain, "seed": seed}


def _check_size(value: Any) -> None:
    """Refuse a set-up of more than ``MAX_YAML_NODES`` values or nested deeper than
    ``MAX_YAML_DEPTH``: YAML aliases can make a small file a huge tree ("billion laughs")."""
    seen = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_YAML_NODES:
            raise BadInput(f"the set-up has more than {MAX_YAML_NODES} values", field="text")
        if depth > MAX_YAML_DEPTH:
            raise BadInput(f"the set-up is nested deeper than {MAX_YAML_DEPTH}", field="text")
        if isinstance(item, Mapping):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)


# ---------------------------------------------------------------------------- dice
def roll_with_odds(expression: str, seed: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Roll ``expression`` with dice seeded by ``seed``; its exact odds (a comparison's
    chance of success, else the distribution of the total), or ``{"unavailable": why}``
    when they are too big to work out exactly (the roll stands)."""
    try:
        record = roll(expression, SeededDice(seed)).to_dict()
    except DiceError as exc:
        raise BadInput(str(exc), field="expression") from exc
    try:
        try:
            chances = odds(expression).to_dict()
        except DiceLimitError:
            raise
        except DiceError:
            chances = distribution(expression).to_dict()
    except DiceLimitError as exc:
        chances = {"unavailable": str(exc)}
    return record, chances


# ---------------------------------------------------------------------------- redo
def redo_candidate(service: GameService, live: LiveGame) -> tuple[StoredCommand, int] | None:
    """``(command, undo_seq)``: the command the latest undo took back, if nothing but undos
    and redos happened since; else ``None``. Reads the newest ``REDO_WINDOW`` commands."""
    with service._hold(live) as held:
        seq = held.seq
    window = service.store.commands(live.id, max(0, seq - REDO_WINDOW))
    standing: list[StoredCommand] = []
    undone: list[tuple[StoredCommand, int]] = []
    for command in window:
        if command.kind == "undo":
            if standing:
                undone.append((standing.pop(), command.seq))
            else:
                undone = []  # it took back a command before the window: not known here
        elif command.kind == "play":
            key = command.idempotency_key or ""
            if undone and key.endswith(":" + REDO_KEY.format(seq=undone[-1][1])):
                undone.pop()
            else:
                undone = []  # something else happened: the undone commands are gone
            standing.append(command)
        else:
            standing.append(command)
    return undone[-1] if undone else None


def _command_json(command: StoredCommand) -> dict[str, Any]:
    action = None if command.action is None else command.action.to_dict()
    return {"seq": command.seq, "action": action}


# ---------------------------------------------------------------------------- routes
async def table_principal(
    request: Request,
    game_id: str,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(table_bearer)],
    token: Annotated[str | None, Query(max_length=200, description="the token")] = None,
) -> tuple[LiveGame, Principal]:
    run: StoreRunner = request.app.state.runner
    given = credentials.credentials if credentials is not None else token
    return await run.authenticate(game_id, given)


TableAuth = Annotated[tuple[LiveGame, Principal], Depends(table_principal)]


def _gm(who: Principal, what: str) -> None:
    if who.role != "gm":
        raise Forbidden(f"only the game master may {what}")


def register_table_routes(app: FastAPI, config: TableConfig, web_dir: Path) -> None:
    app.state.table = config

    @app.get("/host", include_in_schema=False, response_model=None)
    async def host_page() -> FileResponse | JSONResponse:
        page = web_dir / "host.html"
        if page.is_file():
            return FileResponse(page, media_type="text/html")
        return JSONResponse(
            {"error": "not_found", "detail": f"the games page is not installed ({page})"},
            status_code=404,
        )

    @app.get("/api/host/games", dependencies=[Depends(host_only)])
    async def host_games(
        request: Request,
        limit: Annotated[int, Query(ge=1, le=1000)] = 100,
        archived: bool = False,
    ) -> dict[str, Any]:
        """The games for the host's page, newest first: ruleset, created, seq, last action,
        the seats handed out, the archive mark (archived ones only with ``archived=true``)."""
        run: StoreRunner = request.app.state.runner
        summaries = await run(
            lambda: run.service.store.game_summaries(limit, archived=archived)
        )
        return {
            "games": [
                {
                    "game_id": s.id,
                    "ruleset": s.ruleset,
                    "created": s.created,
                    "seq": s.seq,
                    "last_action": s.last_action,
                    "players": s.seats,
                    "archived": s.archived,
                }
                for s in summaries
            ]
        }

    @app.post("/api/games/{game_id}/archive", dependencies=[Depends(host_only)])
    async def archive_game(request: Request, game_id: str, body: ArchiveIn) -> dict[str, Any]:
        """Archive a game (hide it from the games page) or bring it back (host only)."""
        run: StoreRunner = request.app.state.runner

        def mark() -> None:
            try:
                run.service.store.set_archived(game_id, body.archived)
            except GameNotFoundError as exc:
                raise NotFound(f"no game {game_id!r}") from exc

        await run(mark)
        return {"game_id": game_id, "archived": body.archived}

    @app.get("/api/host/examples", dependencies=[Depends(host_only)])
    async def examples() -> dict[str, Any]:
        """The example set-ups bundled with the server, to start a game from."""
        return {"examples": await asyncio.to_thread(list_examples, config.examples_dir)}

    @app.post("/api/host/setup-yaml", dependencies=[Depends(host_only)])
    async def setup_yaml(body: YamlIn) -> dict[str, Any]:
        """Read an encounter or set-up YAML file (its text) into ``{ruleset, setup, seed}``:
        what ``POST /api/games`` takes."""
        return await asyncio.to_thread(read_setup_yaml, body.text)

    @app.post("/api/games/{game_id}/gm-link", status_code=201)
    async def gm_link(request: Request, auth: TableAuth) -> dict[str, Any]:
        """A fresh game master link for the game (host key only)."""
        live, who = auth
        run: StoreRunner = request.app.state.runner
        token = await run(run.service.issue_token, live, who, "gm", None)
        url = page_link(request, live.id, token)
        return {"token": token, "url": url, "qr": qr_data_uri(url)}

    @app.post("/api/games/{game_id}/invites", status_code=201)
    async def invite(request: Request, body: InviteIn, auth: TableAuth) -> dict[str, Any]:
        """A link for a seat (``seat``) or a spectator (no seat), with its QR code (GM)."""
        live, who = auth
        run: StoreRunner = request.app.state.runner
        role = "spectator" if body.seat is None else "seat"
        token = await run(run.service.issue_token, live, who, role, body.seat)
        url = page_link(request, live.id, token)
        return {
            "seat": body.seat,
            "role": role,
            "token": token,
            "url": url,
            "qr": qr_data_uri(url),
        }

    @app.get("/api/games/{game_id}/redo")
    async def redo_offer(request: Request, auth: TableAuth) -> dict[str, Any]:
        """What a redo would play now (GM): ``{available, seq, command}``."""
        live, who = auth
        _gm(who, "redo")
        run: StoreRunner = request.app.state.runner
        found = await run(redo_candidate, run.service, live)
        seq = await run(run.service.seq_of, live)
        if found is None:
            return {"available": False, "seq": seq, "command": None}
        return {"available": True, "seq": seq, "command": _command_json(found[0])}

    @app.post("/api/games/{game_id}/redo")
    async def redo(request: Request, body: RedoIn, auth: TableAuth) -> dict[str, Any]:
        """Play again the command the latest undo took back (GM), with the same dice:
        allowed only while nothing else happened since that undo (409 ``nothing_to_redo``)."""
        live, who = auth
        _gm(who, "redo")
        run: StoreRunner = request.app.state.runner
        hub: Hub = request.app.state.hub
        service = run.service

        def again() -> Any:
            found = redo_candidate(service, live)
            if found is None:
                raise NothingToRedo("nothing to redo: no undo is the latest thing that happened")
            command, undo_seq = found
            if command.action is None:
                raise NothingToRedo("the set-up cannot be redone")
            if body.expected_seq != service.seq_of(live):
                raise Stale(f"the game is at seq {service.seq_of(live)}", seq=service.seq_of(live))
            return service.play(
                live, who, command.action, body.expected_seq, REDO_KEY.format(seq=undo_seq)
            )

        result = await run(again)
        if not result.replayed:
            await hub.publish(run, live, [result.command])
        return {"seq": result.seq, "events": result.shown["events"], "replayed": result.replayed}

    @app.post("/api/games/{game_id}/dice")
    async def table_roll(request: Request, body: DiceIn, auth: TableAuth) -> dict[str, Any]:
        """Roll dice at the table, with the exact odds (GM and seats; ``hidden``: GM only).

        A public roll reaches every open page of the game (``{"type": "roll"}`` on the
        WebSocket); a hidden one only its answer. Each roll gets a fresh seed, returned with
        it. Table rolls are not game commands: they change nothing in the game."""
        live, who = auth
        if who.role == "spectator":
            raise Forbidden("spectators do not roll")
        if body.hidden:
            _gm(who, "roll hidden dice")
        seed = secrets.token_hex(8)
        # Off the event loop: exact odds of a big pool take a while (50d20: ~0.7 s).
        record, chances = await asyncio.to_thread(roll_with_odds, body.expression, seed)
        by = "GM" if who.role == "gm" else who.seat or "?"
        message = {
            "type": "roll",
            "by": by,
            "expression": body.expression,
            "hidden": body.hidden,
            "seed": seed,
            "record": record,
            "odds": chances,
        }
        if not body.hidden:
            hub: Hub = request.app.state.hub
            for watcher in list(hub.watchers.get(live.id, ())):
                with contextlib.suppress(asyncio.QueueFull):
                    watcher.queue.put_nowait(message)
        return message


class NothingToRedo(ApiError):
    status, code = 409, "nothing_to_redo"
