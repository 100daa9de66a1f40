#!/usr/bin/env bash
# Mutation testing (mutmut) of the named modules, each against its own tests; not part of CI.
#
#   scripts/mutation.sh [--tests PATH]... [--minutes N] [--jobs N] [--sample N]
#                       [--mutants FILE] [--timeout-multiplier M] [--resume] [--mypy]
#                       [--leave-out REGEX] MODULE...
#
# MODULE is a source file (src/turnkeeper/core/game.py) or a dotted name
# (turnkeeper.core.game). Each module runs in its own scratch project under .mutation/<name>/
# (a copy of src/, tests/, scenarios/, examples/, scripts/, bench/ and pyproject.toml with a [tool.mutmut] section naming only that
# module and its tests), so a run mutates one file and only runs the tests that reach it:
# minutes, not hours. Tests default to the files named after the module in its own test folder
# (tests/dice/test_notation*.py for turnkeeper.dice.notation, tests/core/test_game*.py for
# turnkeeper.core.game, tests/e133/test_economy*.py for rulesets/e133/economy.py), else to the
# whole folder; --tests (repeatable) replaces that choice for every module. --minutes bounds
# each module (default 20); a module cut short reports what it had checked. --jobs is mutmut's
# --max-children (default 2, the machine's cores). --resume goes on with a run that was cut
# short (same sources and tests), checking only the mutants it had not reached. --sample N
# checks N mutants drawn at random (seeded by the module's name, so a re-run draws the same):
# on a loaded machine a module of 700 mutants takes an hour, a sample of 80 ten minutes; the
# report then gives the sampled score and counts the rest as not sampled.
# --timeout-multiplier M (default 5): a mutant is "timed out" (counted as caught) past M times
# the clean run's time; raise it when the machine is loaded (at load 19, 5 times was too short
# and every mutant of a sample timed out).
# --mutants FILE checks only the mutants named in FILE (one a line, as the report names them:
# x_check_priority__mutmut_3), in a scratch project of its own (.mutation/<name>.recheck/), so
# a first run's results stay: run every mutant against the fast tests first, then only its
# survivors against the slow ones (property and fuzz tests, pinned games).
# --mypy first runs mypy --strict (the project's own check) on mutmut's copy of the module,
# once: a mutant mypy rejects (a None passed where a state is required, a dropped argument)
# could never be committed, so it is counted as caught without running the tests, and the
# report counts it apart ("caught by mypy"). Most modules lose a third of their test runs.
# --leave-out REGEX drops the tests whose node id matches REGEX from mutmut's map of the tests
# reaching each function, after its stats run: a first stage without the slow, property-like
# tests that a module's own test files hold (e133's legal-action and offer reference checks),
# which a surviving mutant would otherwise run in full; the second stage (--mutants) gives the
# survivors to them.
#
# The report (score, surviving mutants as one-line diffs, message-only mutants apart) is
# printed and kept in .mutation/<name>/report.txt. Why mutmut: docs/dependencies.md.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
python="$root/.venv/bin/python"
mutmut="$root/.venv/bin/mutmut"

minutes=20
jobs=2
tests=()
modules=()
resume=false
sample=0
multiplier=5
named=""
typecheck=false
leave_out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --tests) tests+=("$2"); shift 2 ;;
        --minutes) minutes="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --resume) resume=true; shift ;;
        --mypy) typecheck=true; shift ;;
        --leave-out) leave_out="$2"; shift 2 ;;
        --sample) sample="$2"; shift 2 ;;
        --timeout-multiplier) multiplier="$2"; shift 2 ;;
        --mutants) named="$2"; shift 2 ;;
        -h|--help) sed -n '2,41p' "$0"; exit 0 ;;
        -*) echo "unknown option $1 (allowed: --tests, --minutes, --jobs, --sample, --mutants, --timeout-multiplier, --resume, --mypy, --leave-out)" >&2; exit 2 ;;
        *) modules+=("$1"); shift ;;
    esac
done
if [ ${#modules[@]} -eq 0 ]; then
    echo "name at least one module, e.g. scripts/mutation.sh src/turnkeeper/dice/notation.py" >&2
    exit 2
fi
if [ -n "$named" ] && [ ! -f "$named" ]; then
    echo "--mutants: no such file $named" >&2
    exit 2
fi
if [ -n "$named" ] && [ "$sample" -gt 0 ]; then
    echo "--mutants and --sample exclude each other" >&2
    exit 2
fi
if [ ! -x "$mutmut" ]; then
    echo "mutmut is missing: .venv/bin/pip install -e '.[dev]'" >&2
    exit 2
fi

default_tests() {  # the module's own test files, else its test folder, else every test
    local path=$1 package stem folder
    package=$(echo "$path" | sed -E 's#^src/turnkeeper/##; s#^rulesets/##' | cut -d/ -f1)
    stem=$(basename "$path" .py)
    folder=tests/$package
    [ -d "$folder" ] || folder=tests
    if compgen -G "$folder/test_${stem}*.py" >/dev/null; then
        ls "$folder"/test_"${stem}"*.py
    else
        echo "$folder"
    fi
}

status=0
for module in "${modules[@]}"; do
    case "$module" in
        src/*.py) path=$module ;;
        *.py) path=src/$module ;;
        *) path=src/$(echo "$module" | tr . /).py ;;
    esac
    if [ ! -f "$path" ]; then
        echo "no such module: $module (looked for $path)" >&2
        status=2
        continue
    fi
    if [ ${#tests[@]} -gt 0 ]; then
        selected=("${tests[@]}")
    else
        mapfile -t selected < <(default_tests "$path")
    fi
    name=$(echo "$path" | sed -E 's#^src/##; s#\.py$##; s#/#.#g')
    work=".mutation/$name"
    [ -n "$named" ] && work="$work.recheck"
    if $resume && [ -d "$work/mutants" ]; then
        echo "== resuming $path in $work"
    else
        rm -rf "$work"
        mkdir -p "$work"
        cp -r src tests pyproject.toml "$work/"
        # The data tests read from the project root: scenario files and examples; the ptcg
        # set tests load scripts/bundle_ptcg_set.py, the ptu simulator tests bench/bench_ptu.py.
        for shared in scenarios examples scripts bench; do
            [ -d "$shared" ] && cp -r "$shared" "$work/"
        done
        # The ptcg card tests read the shared card database beside the repository
        # (../shared/reference/ptcg-data); from mutmut's copy (mutants/) that is $work/shared.
        # In a git worktree (../shared absent), the one beside the main checkout.
        beside=../shared
        [ -d "$beside" ] || beside="$(git rev-parse --path-format=absolute --git-common-dir \
            2>/dev/null)/../../shared"
        [ -d "$beside" ] && ln -sfn "$(cd "$beside" && pwd)" "$work/shared"
        {
            echo
            echo "[tool.mutmut]"
            echo 'source_paths = ["src"]'
            echo "only_mutate = [\"$path\"]"
            printf 'pytest_add_cli_args_test_selection = [%s]\n' \
                "$(printf '"%s", ' "${selected[@]}" | sed 's/, $//')"
            # no:unraisableexception: that plugin runs gc.collect() twice at the end of every
            # pytest run, half a second per mutant in a process holding the warm caches.
            echo 'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:unraisableexception", "-x"]'
            # Fork each mutant from a process that has only collected the tests: forking from
            # one that ran them would hand every mutant warm caches (the parser's lru_cache)
            # filled by the unmutated code.
            echo 'process_isolation = "forkserver"'
            # A mutant that loops forever is caught at M times the clean run's time (default 5,
            # not mutmut's 15: the stateful clock test is long enough that 15 costs minutes per
            # such mutant).
            echo "timeout_multiplier = $multiplier.0"
            echo 'use_git_change_detection = false'
            if $typecheck; then
                # Run from mutants/ (mypy_path = "src" there). mutmut marks its trampolines
                # "type: ignore", which strict mode would report as unused ignores and mutmut
                # would then blame on a mutant: those warnings are off.
                # (python -m mypy: mutmut reads the report as mypy's only when an argument
                # is the word "mypy".)
                printf 'type_check_command = ["%s", "-m", "mypy", "--output", "json", "--no-warn-unused-ignores", "--cache-dir", "../.mypy_cache", "%s"]\n' \
                    "$python" "$path"
            fi
            # mutmut runs the tests from its own copy (mutants/): the data they read too.
            printf 'also_copy = [%s]\n' "$(for shared in scenarios examples scripts bench; do
                [ -d "$shared" ] && printf '"%s", ' "$shared"; done | sed 's/, $//')"
        } >>"$work/pyproject.toml"
    fi
    echo "== mutating $path against ${selected[*]} (at most $minutes min, $jobs jobs)"
    started=$(date +%s)
    chosen=()
    if [ "$sample" -gt 0 ]; then
        # Generate the mutants and the test map without running any mutant (a name that
        # matches none), then draw the sample from the names mutmut recorded.
        (cd "$work" && env -u PYTHONPATH TURNKEEPER_PURE=1 "$mutmut" run --max-children "$jobs" \
            "no.such.mutant" >generate.log 2>&1) || true
        mapfile -t chosen < <("$python" - "$work/mutants/$path.meta" "$sample" "$name" <<'PY'
import json, random, sys
names = sorted(json.load(open(sys.argv[1]))["exit_code_by_key"])
random.Random(sys.argv[3]).shuffle(names)
print("\n".join(sorted(names[: int(sys.argv[2])])))
PY
        )
        echo "   sampling ${#chosen[@]} mutants"
    elif [ -n "$named" ]; then
        # The names as the report prints them (x_f__mutmut_3), or whole (module.x_f__mutmut_3).
        mapfile -t chosen < <(grep -oE '[^][ :]*__mutmut_[0-9]+' "$named" \
            | sed -E "s#^.*\.##; s#^#$name.#" | sort -u)
        if [ ${#chosen[@]} -eq 0 ]; then
            echo "   --mutants: no mutant name (x_f__mutmut_N) in $named" >&2
            status=2
            continue
        fi
        echo "   checking ${#chosen[@]} named mutants"
    else
        # Only the behaviour mutants not checked yet: a mutant that changes nothing but an
        # error message is not in the score, and when it survives (as most do) it costs the
        # run of every test reaching its function. Generate the mutants and the test map
        # first (a name that matches no mutant runs none), unless a cut-short run did.
        if [ ! -f "$work/mutants/$path.meta" ]; then
            (cd "$work" && env -u PYTHONPATH TURNKEEPER_PURE=1 "$mutmut" run --max-children "$jobs" \
                "no.such.mutant" >generate.log 2>&1) || true
        fi
        if [ -n "$leave_out" ]; then
            "$python" - "$work/mutants/mutmut-stats.json" "$leave_out" <<'PY'
import json, re, sys
path, pattern = sys.argv[1], re.compile(sys.argv[2])
stats = json.load(open(path))
left = 0
for function, tests in stats["tests_by_mangled_function_name"].items():
    kept = [test for test in tests if not pattern.search(test)]
    left += len(tests) - len(kept)
    stats["tests_by_mangled_function_name"][function] = kept
json.dump(stats, open(path, "w"), indent=4)
print(f"   --leave-out: {left} (function, test) pairs left out of the first stage")
PY
        fi
        mapfile -t chosen < <(cd "$work" && "$python" "$root/scripts/mutation_report.py" "$path" --pending)
        echo "   ${#chosen[@]} behaviour mutants to check (message-only mutants are not run)"
    fi
    # mutmut puts mutants/src first on sys.path itself; an outer PYTHONPATH would hide it.
    [ ${#chosen[@]} -gt 0 ] || [ "$sample" -gt 0 ] || [ -n "$named" ] || {
        echo "   nothing left to check"; chosen=(no.such.mutant); }
    (cd "$work" && env -u PYTHONPATH TURNKEEPER_PURE=1 timeout --foreground "$((minutes * 60))" \
        "$mutmut" run --max-children "$jobs" "${chosen[@]}" >mutmut.log 2>&1) || {
        code=$?
        if [ "$code" -eq 124 ]; then
            echo "   stopped after $minutes min: the report covers the mutants checked so far"
        else
            echo "   mutmut failed (exit $code); see $work/mutmut.log" >&2
            tail -5 "$work/mutmut.log" >&2
            status=1
            continue
        fi
    }
    echo "   $(( $(date +%s) - started )) s"
    (cd "$work" && "$python" "$root/scripts/mutation_report.py" "$path" "$sample" \
        ${named:+--named}) \
        | tee "$work/report.txt"
done
exit $status
