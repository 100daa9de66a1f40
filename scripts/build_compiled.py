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
import sys
from setuptools import setup
from mypyc.build import mypycify

sources, group, jobs = sys.argv[1].split(","), sys.argv[2], sys.argv[3]
setup(
    name="turnkeeper-compiled",
    ext_modules=mypycify(sources, opt_level="3", group_name=group, multi_file=True),
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


def build(package: str, jobs: int) -> None:
    folder = compiled.package_folder(package)
    digest = compiled.source_digest(package)  # before the build reads the sources
    sources = [
        str(compiled.module_source(package, module)) for module in compiled.COMPILED[package]
    ]
    with tempfile.TemporaryDirectory(prefix="turnkeeper-mypyc-") as scratch:
        work = Path(scratch)
        (work / "setup.py").write_text(SETUP)
        # mypyc writes a dotted group's header beside the package's files but the extra C
        # files of a multi-file build (compiled in parallel) at the top: point them at it
        header_dir = work / "build" / Path(*package.split("."))
        env = dict(
            os.environ,
            PYTHONPATH=str(SRC),
            MYPYPATH=str(SRC),
            CFLAGS=f"{os.environ.get('CFLAGS', '')} -I{header_dir}".strip(),
        )
        group = compiled.group_name(package)
        done = subprocess.run(
            [sys.executable, "setup.py", ",".join(sources), group, str(jobs)],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
            raise SystemExit(f"mypyc build of {package} failed (pure Python stays in use)")
        built = work / "out" / Path(*package.split("."))
        staged = folder / (compiled.BUILD_FOLDER + ".new")
        shutil.rmtree(staged, ignore_errors=True)
        staged.mkdir()
        # a sub-package's libraries go to a folder of the same name (compiled.activate_sub)
        for library in built.rglob("*.so"):
            placed = staged / library.relative_to(built)
            placed.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(library, placed)
        if len(list(staged.rglob("*.so"))) != len(compiled.COMPILED[package]) + 1:
            raise SystemExit(f"mypyc build of {package}: expected one library per module")
    target = folder / compiled.BUILD_FOLDER
    shutil.rmtree(target, ignore_errors=True)
    staged.rename(target)
    import mypy.version

    compiled.write_manifest(package, mypy.version.__version__, digest)


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
    for package in args.package or compiled.COMPILED:
        state = compiled.build_state(package)
        if args.check:
            print(f"{package}: {state}")
            status |= state != "compiled"
            continue
        if state == "compiled" and not args.force:
            print(f"{package}: compiled build is current")
            continue
        missing = compiler_missing()
        if missing:
            print(f"{package}: not compiled ({missing}); pure Python in use")
            return 2
        started = time.perf_counter()
        build(package, args.jobs)
        print(f"{package}: compiled in {time.perf_counter() - started:.0f}s")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
