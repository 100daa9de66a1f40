"""The optional parts of the package: a command that needs an extra which is not installed
says which one and how to install it (exit 2), instead of failing on an import."""

from __future__ import annotations

import importlib.util

import typer

#: What each extra brings that its commands import (pyproject.toml's optional dependencies).
EXTRA_MODULES: dict[str, tuple[str, ...]] = {
    "server": ("fastapi", "uvicorn", "websockets"),
    "postgres": ("psycopg",),
    "env": ("pettingzoo", "gymnasium", "numpy"),
    "ray": ("ray",),
}


def find_spec(module: str) -> object | None:
    """Whether ``module`` can be imported, without importing it (tests replace this)."""
    return importlib.util.find_spec(module)


def missing_modules(extra: str) -> list[str]:
    return [m for m in EXTRA_MODULES[extra] if find_spec(m) is None]


def require_extra(extra: str, command: str) -> None:
    """End ``command`` with a clear message when the ``extra`` is not installed."""
    missing = missing_modules(extra)
    if missing:
        typer.echo(
            f"error: 'turnkeeper {command}' needs the [{extra}] extra, which is not installed "
            f"(missing: {', '.join(missing)}); install it with: "
            f"pip install 'turnkeeper[{extra}]'",
            err=True,
        )
        raise typer.Exit(2)


def require_store_extra(db: str, command: str) -> None:
    """A ``postgresql://`` database needs the [postgres] extra; a SQLite file needs nothing."""
    if db.startswith(("postgresql://", "postgres://")):
        require_extra("postgres", command)
