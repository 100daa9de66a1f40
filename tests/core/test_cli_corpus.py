"""Issue 10 part 6: every file-taking command over a corpus of bad files.

Each bad file gives exactly one line on stderr that names the file and what is wrong, and
exit code 2; never a traceback. The corpus is built here from bytes, so that what each
file holds is written down next to why it is bad.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from turnkeeper.cli.app import app
from turnkeeper.core.game import SAVE_FORMAT


def _save(**fields: object) -> bytes:
    base: dict[str, object] = {"format": SAVE_FORMAT, "ruleset": "e133", "config": {}, "seed": 0}
    base.update(fields)
    return json.dumps(base).encode()


def _deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


SETUP_COMMAND: dict[str, object] = {"action": None, "events": []}

#: name -> (file contents, why it is bad)
CORPUS: dict[str, bytes] = {
    "empty.yaml": b"",
    "blank.json": b"  \n\t\n",
    "binary.bin": bytes(range(256)) * 8,
    "invalid-utf8.yaml": b"ruleset: e133\nsetup: {name: '\xff\xfe'}\n",
    "nul.json": b'{"a": 1}\x00\x00',
    "yaml-5000-deep.yaml": ("setup: " + _deep_json(5000) + "\n").encode(),
    "yaml-5000-deep-map.yaml": ("setup: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n").encode(),
    "yaml-alias-bomb.yaml": (
        "a: &a [x, x, x, x, x, x, x, x, x]\n"
        + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n"
            for i in range(8)
        )
    ).encode(),
    "yaml-seed-5000-digits.yaml": b"ruleset: e133\nseed: 1" + b"0" * 5000 + b"\nsetup: {}\n",
    "yaml-not-a-mapping.yaml": b"- 1\n- 2\n",
    "yaml-broken.yaml": b"setup: [1, 2\n  : :\n",
    "json-broken.json": b'{"format": ',
    # The seed field holds a number of 5,000 digits (more than Python converts from text).
    "save-seed-5000-digits.json": json.dumps(
        {"format": SAVE_FORMAT, "ruleset": "e133", "config": {}, "log": [SETUP_COMMAND]}
    )[:-1].encode()
    + b', "seed": 1'
    + b"0" * 5000
    + b"}",
    # ... and of 4,000 digits: readable, but out of the bounds of a save.
    "save-seed-4000-digits.json": _save(seed=10**3999, log=[SETUP_COMMAND]),
    "save-json-5000-deep.json": _save(log=[{"action": {"kind": "x", "params": {}}}])[:-1]
    + b', "deep": '
    + _deep_json(5000).encode()
    + b"}",
    "save-json-100-deep.json": _save(
        log=[SETUP_COMMAND, {"action": {"kind": "x", "params": {"p": json.loads(_deep_json(100))}}}]
    ),
    "save-wrong-types.json": _save(config=[1, 2], seed={"a": 1}, log="everything"),
    "save-log-of-numbers.json": _save(log=[1, 2, 3]),
    "save-action-a-list.json": _save(log=[SETUP_COMMAND, {"action": [1], "events": 3}]),
    "save-events-wrong.json": _save(log=[{"action": None, "events": [{"type": 3, "data": []}]}]),
    "save-ruleset-a-list.json": _save(ruleset=["e133"], log=[SETUP_COMMAND]),
    "save-no-ruleset.json": json.dumps({"format": SAVE_FORMAT, "log": []}).encode(),
    "save-a-list.json": b"[1, 2, 3]",
    "save-nan.json": _save(log=[SETUP_COMMAND], seed=float("nan")),
}

COMMANDS: dict[str, Callable[[str], list[str]]] = {
    "play e133": lambda p: ["play", "e133", p],
    "play ptu": lambda p: ["play", "ptu", p],
    "play FILE": lambda p: ["play", p],
    "play --load": lambda p: ["play", "--load", p],
    "replay": lambda p: ["replay", p],
    "replay --trust-events": lambda p: ["replay", "--trust-events", p],
    "scenario run": lambda p: ["scenario", "run", p],
    "ptcg play --load": lambda p: ["ptcg", "play", "--load", p],
    "ptcg play --card-db": lambda p: [
        "ptcg", "play", "--deck", "sapphire", "--deck", "ruby", "--card-db", p,
        "--agent", "greedy", "--agent", "greedy",
    ],
    "ptcg simulate --card-db": lambda p: [
        "ptcg", "simulate", "--deck", "sapphire", "--deck", "ruby", "-n", "1", "--json",
        "--card-db", p,
    ],
    "ptcg import": lambda p: ["ptcg", "import", p],
}  # fmt: skip


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bad-files")
    for name, data in CORPUS.items():
        (folder / name).write_bytes(data)
    return folder


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name", sorted([*CORPUS, "missing.json"]))
def test_bad_files_give_one_line_naming_the_file_and_exit_2(
    corpus: Path, command: str, name: str
) -> None:
    path = str(corpus / name)
    result = CliRunner().invoke(app, COMMANDS[command](path), catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{command} {name}: {result.exception!r}"
    )
    assert result.exit_code == 2, (command, name, result.output)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, (command, name, result.stderr)
    assert path in lines[0] and "Traceback" not in result.output, (command, name, lines)
