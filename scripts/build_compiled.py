"""Build the mypyc-compiled hot modules (turnkeeper.compiled.COMPILED) of this checkout.

    .venv/bin/python scripts/build_compiled.py           # build if missing or stale
    .venv/bin/python scripts/build_compiled.py --force   # build again anyway
    .venv/bin/python scripts/build_compiled.py --check   # say whether the build is current
    .venv/bin/python scripts/build_compiled.py --package turnkeeper.rulesets.ptu  # one package

Each package's modules are compiled as one mypyc group into the package's ``__mypyc__/``
folder (git-ignored), then the manifest records a digest of their sources: the package
uses the build only while that digest is the sources' (turnkeeper/compiled.py). The C
compilation runs in a scratch folder; the build folder is replaced only by a finished build,
so an interrupted build leaves the pure package (or the previous build) in use.
Exit status: 0 built or current, 1 build failed, 2 no C compiler or no mypyc (pure Python
stays in use: nothing is wrong, it is only slower).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from turnkeeper import compiled  # noqa: E402  (this checkout's sources, whatever is installed)

SETUP = """
import json
import sys
from setuptools import setup
from mypyc.build import mypycify

groups, jobs = json.loads(sys.argv[1]), sys.argv[2]
setup(
    name="turnkeeper-compiled",
    ext_modules=mypycify(
        [source for sources, _ in groups for source in sources],
        opt_level="3",
        multi_file=True,
        # one shared library per package; one run, so a package reads the classes of the
        # packages before it natively (turnkeeper/compiled.py, BUILT_TOGETHER)
        separate=[(sources, group) for sources, group in groups],
    ),
    script_args=["build_ext", "--build-lib", "out", "--build-temp", "tmp", "-j", jobs],
)
"""


def compiler_missing() -> str:
    """Why nothing can be compiled here, or ``""``."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (it comes with mypy, in the dev extra)"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc}) on PATH"
    return ""


def build(run: tuple[str, ...], jobs: int) -> None:
    """Build the packages of one run (compiled.BUILT_TOGETHER) in one mypyc invocation, each
    package a group of its own, and put each package's libraries in its build folder."""
    # before the build reads the sources
    digests = {package: compiled.source_digest(package) for package in run}
    groups = [
        (
            [str(compiled.module_source(package, module)) for module in compiled.COMPILED[package]],
            compiled.group_name(package),
        )
        for package in run
    ]
    staged: dict[str, Path] = {}
    with tempfile.TemporaryDirectory(prefix="turnkeeper-mypyc-") as scratch:
        work = Path(scratch)
        (work / "setup.py").write_text(SETUP)
        # mypyc writes a dotted group's header beside the package's files but the extra C
        # files of a multi-file build (compiled in parallel) at the top: point them at it
        header_dirs = [work / "build" / Path(*package.split(".")) for package in run]
        env = dict(
            os.environ,
            PYTHONPATH=str(SRC),
            MYPYPATH=str(SRC),
            # -fcommon: mypyc's header for a group declares the export table of each group it
            # reads without ``extern``, and every C file of a multi-file build includes it;
            # GCC 10+ makes that a duplicate symbol unless such definitions are merged
            CFLAGS=" ".join(
                [os.environ.get("CFLAGS", ""), "-fcommon"]
                + [f"-I{folder}" for folder in header_dirs]
            ).strip(),
        )
        done = subprocess.run(
            [sys.executable, "setup.py", json.dumps(groups), str(jobs)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            raise SystemExit(f"mypyc build of {', '.join(run)} failed (pure Python stays in use)")
        for package in run:
            built = work / "out" / Path(*package.split("."))
            folder = compiled.package_folder(package)
            stage = folder / (compiled.BUILD_FOLDER + ".new")
            shutil.rmtree(stage, ignore_errors=True)
            stage.mkdir()
            # a sub-package's libraries go to a folder of the same name (compiled.activate_sub);
            # another package of the run (a sub-package of this one's folder) is not this one's
            for library in built.rglob("*.so"):
                if not _of_package(library.relative_to(built), package):
                    continue
                placed = stage / library.relative_to(built)
                placed.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(library, placed)
            if len(list(stage.rglob("*.so"))) != len(compiled.COMPILED[package]) + 1:
                raise SystemExit(f"mypyc build of {package}: expected one library per module")
            staged[package] = stage
    import mypy.version

    run_id = compiled.run_id(digests)
    for package, stage in staged.items():
        target = compiled.package_folder(package) / compiled.BUILD_FOLDER
        shutil.rmtree(target, ignore_errors=True)
        stage.rename(target)
        compiled.write_manifest(package, mypy.version.__version__, digests[package], run_id)


def _of_package(library: Path, package: str) -> bool:
    """Whether a built library (its path under the package's output folder) is one of the
    package's own: its group library or one of ``COMPILED[package]``'s modules."""
    stem = library.name.split(".")[0]
    dotted = ".".join([*library.parent.parts, stem]) if library.parent.parts else stem
    group = compiled.group_name(package).rsplit(".", 1)[-1] + "__mypyc"
    return dotted == group or dotted in compiled.COMPILED[package]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if current")
    parser.add_argument("--check", action="store_true", help="only report the build's state")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--package", action="append", choices=sorted(compiled.COMPILED), metavar="PACKAGE",
        help="only this package (repeatable; default every package of compiled.COMPILED)",
    )
    args = parser.parse_args()
    os.environ.pop(compiled.PURE_ENV, None)  # the build's state, not this shell's choice
    status = 0
    if args.check:
        for package in args.package or compiled.COMPILED:
            state = compiled.build_state(package)
            print(f"{package}: {state}")
            status |= state != "compiled"
        return status
    # a package is built with every package of its run (compiled.BUILT_TOGETHER)
    runs = list(dict.fromkeys(compiled.build_run(p) for p in args.package or compiled.COMPILED))
    for run in runs:
        names = ", ".join(run)
        if all(compiled.build_state(p) == "compiled" for p in run) and not args.force:
            print(f"{names}: compiled build is current")
            continue
        missing = compiler_missing()
        if missing:
            print(f"{names}: not compiled ({missing}); pure Python in use")
            return 2
        started = time.perf_counter()
        build(run, args.jobs)
        print(f"{names}: compiled in {time.perf_counter() - started:.0f}s")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
