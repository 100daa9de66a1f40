"""The mypyc-compiled builds of the hot modules: where they live and when one may be used.

The pure-Python package is the reference and the fallback. ``scripts/build_compiled.py``
(run by ``scripts/bootstrap.sh`` by default, where mypyc and a C compiler exist) compiles
the modules listed in ``COMPILED`` with mypyc into a folder of their package, ``__mypyc__/``
(git-ignored), with a manifest holding a digest of the package's sources. A package that can
be compiled calls :func:`activate` first thing in its ``__init__``: only when the manifest's
digest is that of the sources on disk does the folder go first on the package's
``__path__``, so that ``import turnkeeper.rulesets.ptcg.fast`` finds the compiled module
before ``fast.py``. After an edit to any module of the package, or for another Python or
another list of modules, the build is stale and the package stays pure Python
(``scripts/build_compiled.py`` rebuilds it): a compiled module never shadows a source
changed since it was built. The folder is inside each checkout's own package, so checkouts
(git worktrees) never share a build. ``TURNKEEPER_PURE=1`` in the environment forces pure
Python.

Why mypyc, and what it costs: docs/dependencies.md and docs/speed.md.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import sys
from pathlib import Path

PURE_ENV = "TURNKEEPER_PURE"
BUILD_FOLDER = "__mypyc__"
MANIFEST = "manifest.json"

# package -> its modules compiled together (one mypyc group): the simulator's listing, state
# changes, board questions, card handlers, card facts and the action families' rules. The families
# declare msgspec parameter models: mypyc replaces a compiled class's annotations it cannot
# express as one class (Literal, unions, Annotated) by ``type``, which msgspec would then
# enforce, so their fields are annotated with quoted names (ptcg/params.py). Not compiled:
# - modules run once per game or less (set-up formats, card import, positions, views, the
#   card vocabulary's data tables), which would only lengthen the build;
# - actions.py, whose Offer derives from the kernel's Action (a pure dataclass), and
#   snapshot.py, whose stored form msgspec reads by its annotations;
# - invariants.py, whose InvariantError derives from AssertionError (mypyc cannot compile
#   such a class), kept apart from sim.py for that.
COMPILED: dict[str, tuple[str, ...]] = {
    # The kernel's mechanics (budgets, the clock, timed effects, the trigger ledger): every
    # action of a compiled ruleset pays, orders or asks the ledger through them, and entering
    # the interpreter for each call cost more than the call. Their dataclasses put back the
    # annotations mypyc turns into ``type`` (snapshots and msgspec read the classes by them).
    # Not compiled: the rest of the kernel (model.py's Action keeps marks in its
    # ``__dict__`` and is subclassed by the rulesets' pure classes; game.py, schema.py and
    # the others run once per command or less).
    "turnkeeper.core": ("mechanics",),
    "turnkeeper.rulesets.ptcg": (
        "agents",
        "attack",
        "bench",
        "board",
        "by_hand",
        "cards",
        "context",
        "damage",
        "effects",
        "energy",
        "engine",
        "evolve",
        "fast",
        "legal",
        "power",
        "refusal",
        "registry",
        "retreat",
        "setup",
        "sim",
        "state",
        "trainer",
        "turn",
    ),
    # The ptu rules every play and listing runs: the listing, check and resolve, the economy,
    # damage and odds, folding and turn order, afflictions and maneuvers, the ruleset's
    # per-version caches (per_version.py), the simulator's loop (sim.py), and the
    # optional parameter fields every check reads (param_fields.py), the Combatant
    # and state classes (combatant.py, state.py: the compiled code reads their fields
    # directly; they put back the annotations mypyc turns into ``type``). The action families
    # a fight runs most (attacks.py, movement.py, items.py) annotate their msgspec models with
    # quoted names, as ptcg's do. A sub-package's module is named with a dot (fight.attack,
    # fight.health: the attack and HP arithmetic, native Attack and Health classes; found by
    # activate_sub; fight.stats: the stat and evasion arithmetic they ask on every attack
    # offer, such as ``Evasions.best_against``). Not compiled: the other families (rare),
    # shared.py (its PtuKind derives from the kernel's ActionKind), setup.py, settings.py,
    # moves.py and the rest of fight/
    # (msgspec Structs read from data files, run once per fight), views and sentences (run
    # for people, not simulations).
    "turnkeeper.rulesets.ptu": (
        "afflicted",
        "affliction_marks",
        "attacks",
        "check",
        "combatant",
        "damage",
        "economy",
        "field",
        "fight.attack",
        "fight.health",
        "fight.stats",
        "folding",
        "items",
        "legal",
        "maneuvering",
        "move_effects",
        "movement",
        "param_fields",
        "per_version",
        "resolve",
        "ruleset",
        "sim",
        "state",
        "turn_order",
        "window",
    ),
    # The e133 rules a play and a listing run: the ruleset's check / resolve loop and turn
    # order, the economy, every action family, folding events (fold.py), the legal-action
    # listing (offers.py) and who threatens whom (reach.py). ``Fighter`` has a module of its
    # own (fighter.py) so that it is a native class (the rules read its fields as struct
    # members) and puts back the annotations mypyc turns into ``type``; the state class
    # (state.py) stays pure, because the ruleset's caches hold it weakly, which a native
    # class does not allow. Not compiled: actions.py (the msgspec parameter models and the
    # catalogue, which derives from the kernel's pure ActionCatalogue), setup and set-up
    # models, views and sentences (for people), roster (the game master's rare commands),
    # and fight/ (frozen dataclasses that must stay copyable by ``copy.deepcopy``, which a
    # compiled frozen dataclass is not; they are read rarely next to the rest).
    "turnkeeper.rulesets.e133": (
        "abilities",
        "attacks",
        "changes",
        "economy",
        "fighter",
        "fold",
        "gm",
        "hit_points",
        "items",
        "movement",
        "offers",
        "plan",
        "reach",
        "ready",
        "ruleset",
        "standard",
        "vehicles",
    ),
}

# Packages built in one mypyc run, each package its own group (its own shared library). A
# package's compiled code reads the classes of the packages before it in its run natively:
# a field is a C struct member, a constructor or method a C call. Built apart, ptu read the
# kernel's compiled Clock, Budget and Window through Python attribute look-ups (about 170
# instructions a read, over a million reads in the bench's fights: docs/speed.md). The price:
# a package uses its build only together with the very build of the packages before it
# (``build_state``), and building any package of a run builds the whole run.
# e133 comes after ptu, which it does not read: a package belongs to one run only, and the
# kernel's is the one whose classes e133 uses on every action (docs/speed.md, Runs).
BUILT_TOGETHER: tuple[tuple[str, ...], ...] = (
    ("turnkeeper.core", "turnkeeper.rulesets.ptu", "turnkeeper.rulesets.e133"),
    ("turnkeeper.rulesets.ptcg",),
)

# package -> what activate() found: "compiled", or "pure: <why>"
STATUS: dict[str, str] = {}


def build_run(package: str) -> tuple[str, ...]:
    """The packages built in the same mypyc run as ``package`` (its entry of
    ``BUILT_TOGETHER``; a package listed in none is built alone)."""
    for run in BUILT_TOGETHER:
        if package in run:
            return run
    return (package,)


def built_against(package: str) -> tuple[str, ...]:
    """The packages whose compiled classes ``package``'s build reads natively: those before
    it in its run."""
    run = build_run(package)
    return run[: run.index(package)]


def package_folder(package: str) -> Path:
    """The source folder of ``package`` (a package of this distribution)."""
    parts = package.split(".")
    assert parts[0] == "turnkeeper", package
    return Path(__file__).resolve().parent.joinpath(*parts[1:])


def module_source(package: str, module: str) -> Path:
    """The source file of ``module``, an entry of ``COMPILED[package]``: a module of a
    sub-package is named with a dot (``fight.attack`` is ``fight/attack.py``)."""
    return package_folder(package).joinpath(*module.split(".")).with_suffix(".py")


def group_name(package: str) -> str:
    """The mypyc group of ``package``: its shared library is ``<group>__mypyc``, a module of
    the package itself, so it is found only through the package's ``__path__`` too. The last
    part names the package: the groups of one run include each other's headers, which mypyc
    names after that part."""
    return f"{package}.compiled_{package.rsplit('.', 1)[-1]}"


def source_digest(package: str) -> str:
    """A digest of the Python version, the list of compiled modules and the source of every
    module of the package, compiled or not: mypyc compiles a module against the types of the
    modules it imports, so an edit to any of them makes the build stale too. (Modules outside
    the package are called through Python's own calls, checked at run time.)"""
    folder = package_folder(package)
    digest = hashlib.blake2b(digest_size=16)
    digest.update(f"{sys.implementation.cache_tag}\n".encode())
    digest.update(f"{','.join(COMPILED[package])}\n".encode())
    for source in sorted(folder.rglob("*.py")):
        if BUILD_FOLDER in source.parts:
            continue
        digest.update(f"{source.relative_to(folder).as_posix()}\n".encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def run_id(digests: dict[str, str]) -> str:
    """The identity of one build run: a digest of the source digests of every package in it
    (the same sources give the same libraries, so a rebuild of them is the same run)."""
    joined = "\n".join(f"{package}={digests[package]}" for package in sorted(digests))
    return hashlib.blake2b(joined.encode(), digest_size=16).hexdigest()


def write_manifest(
    package: str, mypyc_version: str, digest: str | None = None, run: str = ""
) -> None:
    """Record the digest of the sources a build was made from (the build script's last step;
    ``digest`` taken before the build started, so that a source edited during the build
    leaves it stale) and the run it was built in (``run_id``: a package built against
    others is used only with their build of the same run)."""
    manifest = {
        "digest": source_digest(package) if digest is None else digest,
        "modules": list(COMPILED[package]),
        "python": sys.implementation.cache_tag,
        "mypyc": mypyc_version,
        "run": run,
    }
    folder = package_folder(package) / BUILD_FOLDER
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")


def build_state(package: str) -> str:
    """``"compiled"`` if the package's build matches its sources, else ``"pure: <why>"``."""
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return f"pure: {PURE_ENV} is set"
    manifest_file = package_folder(package) / BUILD_FOLDER / MANIFEST
    try:
        manifest = json.loads(manifest_file.read_text())
    except FileNotFoundError:
        return "pure: no compiled build (scripts/build_compiled.py builds one)"
    except (OSError, ValueError) as exc:
        return f"pure: unreadable build manifest {manifest_file}: {exc}"
    try:
        current = source_digest(package)
    except OSError as exc:
        return f"pure: a source of the compiled modules is unreadable: {exc}"
    if not isinstance(manifest, dict) or manifest.get("digest") != current:
        return "pure: the compiled build is stale (sources changed; build_compiled.py rebuilds)"
    for other in built_against(package):
        # this build's code reads ``other``'s compiled classes as C structs: with ``other``
        # pure, or built in another run, those reads would be wrong, so this stays pure too
        other_state = build_state(other)
        if other_state != "compiled":
            return f"pure: built against the compiled {other}, which is not in use ({other_state})"
        run = manifest.get("run")
        if not run or _manifest_run(other) != run:
            return (
                f"pure: built in another run than {other}'s build "
                "(build_compiled.py rebuilds both)"
            )
    return "compiled"


def _manifest_run(package: str) -> object:
    manifest_file = package_folder(package) / BUILD_FOLDER / MANIFEST
    try:
        manifest = json.loads(manifest_file.read_text())
    except (OSError, ValueError):
        return None
    return manifest.get("run") if isinstance(manifest, dict) else None


def activate_sub(package: str, subpackage: str, path: list[str]) -> None:
    """Put the compiled modules of ``package``'s sub-package ``subpackage`` (a ``.``-named
    entry of ``COMPILED``, such as ``fight.attack``) first on the sub-package's
    ``__path__`` (``path``) when :func:`activate` found the package's build current: the
    build keeps them in a folder of the sub-package's name inside its own. The package's
    digest covers the sub-package's sources, so the same check holds for both."""
    if STATUS.get(package) == "compiled":
        folder = package_folder(package) / BUILD_FOLDER / subpackage.replace(".", os.sep)
        if folder.is_dir():
            path.insert(0, str(folder))


def activate(package: str, path: list[str]) -> str:
    """Put ``package``'s compiled build first on its ``__path__`` (``path``) when it matches
    the sources; return and record what was found (``STATUS``)."""
    for other in built_against(package):
        if other not in STATUS:
            importlib.import_module(other)  # its own activate puts its build on its path
    state = build_state(package)
    pure_before = [other for other in built_against(package) if STATUS.get(other) != "compiled"]
    if state == "compiled" and pure_before:
        # its build would read the pure package's objects as compiled ones
        state = f"pure: built against the compiled {pure_before[0]}, which was imported pure"
    if state == "compiled":
        path.insert(0, str(package_folder(package) / BUILD_FOLDER))
    STATUS[package] = state
    return state
