"""The OpenAPI document declares every answer an operation can give, with its body model.

FastAPI declares the success answer and a 422 in its own shape; this module adds, to every
operation of the app's document, the error answers our handlers really give, each with the
one error body (:class:`ErrorOut`: ``{"error", "detail", ...}``), so that a client generator
(and schemathesis, which checks every answer against the document) sees the truth. Which
operation can give which answer follows from what it takes (see :func:`answers_of`); the
test ``tests/server/test_openapi.py`` runs schemathesis over the app to keep it honest.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, ConfigDict, Field

#: What each error answer means, as written in the document.
MEANINGS = {
    400: "the body is not JSON at all",
    401: "no token, or one the game does not know",
    403: "the token may not do this (wrong game, seat, role)",
    404: "no such game",
    409: "refused by the rules (with rule, reason, source), a stale expected_seq (with seq), "
    "or nothing to undo",
    413: "the body is larger than the server's limit",
    422: "invalid input: the field path, and what is wrong (bounds, types, unknown fields)",
    429: "too many games created from this client: wait Retry-After seconds",
    503: "this server cannot run the game's ruleset",
}


class ValidationItem(BaseModel):
    loc: list[str | int]
    msg: str
    type: str | None = None


class ErrorOut(BaseModel):
    """Every error answer: a short code, a detail, and extra fields some errors carry
    (``field``: the input path at fault; ``seq``: the game's seq; ``rule``, ``reason``,
    ``source``: the refusal)."""

    model_config = ConfigDict(extra="allow")

    error: str = Field(description="a short code: not_found, stale, refused, invalid_input, ...")
    detail: str | list[ValidationItem] = Field(
        description="what is wrong; for a request that does not fit the schema, one item "
        "per problem (loc is the path)"
    )


def answers_of(path: str, method: str, operation: dict[str, Any]) -> set[int]:
    """The error statuses an operation can answer, from what it takes: parameters or a body
    (422), a body (400 not JSON, 413 too large), a token (401, 403: any operation with a
    security requirement, and every game's), a named thing in the path (404), a game
    (409 on writes, 503 if this server lacks its ruleset), game creation (429 on an open
    server's rate limit). Statuses the route declares itself are kept."""
    codes: set[int] = set()
    if operation.get("parameters") or operation.get("requestBody"):
        codes.add(422)
    if method in ("post", "put", "patch"):
        codes |= {400, 413, 422}
    if operation.get("security") or "{game_id}" in path:
        codes |= {401, 403}
    if "{" in path:
        codes.add(404)
    if "{game_id}" in path:
        codes.add(503)
        if method == "post":
            codes.add(409)
    if method == "post" and path == "/api/games":
        codes.add(429)
    for response in operation.get("responses", {}):
        if response.isdigit() and int(response) >= 400:
            codes.add(int(response))
    return codes


def declare_errors(app: FastAPI) -> None:
    """Make ``app.openapi()`` declare every error answer with :class:`ErrorOut`."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = get_openapi(
            title=app.title,
            version=app.version,
            summary=app.summary,
            description=app.description,
            routes=app.routes,
        )
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        error_schema = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
        schemas.update(error_schema.pop("$defs", {}))
        schemas["ErrorOut"] = error_schema
        body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
        for path, item in document.get("paths", {}).items():
            for method, operation in item.items():
                if not isinstance(operation, dict) or "responses" not in operation:
                    continue
                for code in sorted(answers_of(path, method, operation)):
                    operation["responses"][str(code)] = {
                        "description": MEANINGS.get(code, "an error"),
                        "content": body,
                    }
        schemas.pop("HTTPValidationError", None)
        schemas.pop("ValidationError", None)
        app.openapi_schema = document
        return document

    app.openapi = openapi  # type: ignore[method-assign]
