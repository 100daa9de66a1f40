"""The import graph of one package's modules, read from their source (ruleset layout tests).

Every import counts, also inside functions and ``if TYPE_CHECKING``: a cycle hidden behind a
late import is still a cycle (docs/architecture.md: a ruleset folder reads top to bottom)."""

from __future__ import annotations

import ast
from pathlib import Path


def module_names(folder: Path) -> list[str]:
    """The package's modules (``__init__`` left out), sorted."""
    return sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")


def imports_of(package: str, folder: Path, module: str) -> set[str]:
    """Every module of ``package`` (in ``folder``) that ``module`` imports anywhere."""
    modules = set(module_names(folder))
    tree = ast.parse((folder / f"{module}.py").read_text())
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif node.module.startswith(package + "."):
                found.add(node.module.removeprefix(package + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name.removeprefix(package + ".").split(".")[0])
    return found & modules


def import_graph(package: str, folder: Path) -> dict[str, set[str]]:
    return {module: imports_of(package, folder, module) for module in module_names(folder)}


def first_cycle(graph: dict[str, set[str]]) -> str | None:
    """``a -> b -> a`` for the first import cycle found (in module order), or None."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> str | None:
        if module in path:
            return " -> ".join((*path[path.index(module) :], module))
        if module in done:
            return None
        for imported in sorted(graph[module]):
            found = visit(imported, (*path, module))
            if found is not None:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, ())
        if found is not None:
            return found
    return None
