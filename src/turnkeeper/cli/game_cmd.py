"""Commands about games: ``rules``, ``scenario run``, ``replay`` and interactive ``play``."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from turnkeeper.cli.parsing import ActionSyntaxError, parse_action
from turnkeeper.cli.readable import event_line, make_console, value_text, words
from turnkeeper.core import datafile
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, IllegalActionError, Refusal
from turnkeeper.core.ruleset import Ruleset, SetupError
from turnkeeper.rulesets import UnknownRulesetError, get_ruleset
from turnkeeper.scenario import ScenarioError, run_paths
from turnkeeper.scenario.runner import iter_scenario_files, load_scenarios

console = make_console()
err_console = make_console(stderr=True)


#: What ruleset code may raise on a strange set-up or log from a file: shown as one line
#: naming the file, never as a traceback (every error class of ours is a ValueError).
INPUT_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError)


def fail(message: str, code: int = 2) -> typer.Exit:
    # One line whatever the terminal's width, and printed literally (a file may be called
    # "[red]").
    err_console.print("[bold red]error:[/] " + escape(message), soft_wrap=True)
    return typer.Exit(code)


def ruleset_or_exit(name: str) -> Ruleset[Any]:
    try:
        return get_ruleset(name)
    except UnknownRulesetError as exc:
        raise fail(str(exc)) from exc


def rules_command(
    ruleset: str = typer.Argument(..., help="e133, ptu, pte or ptcg"),
    as_json: bool = typer.Option(False, "--json", help="print the catalogue as JSON"),
) -> None:
    """List a ruleset's catalogue: every rule id, what it says and its source."""
    rs = ruleset_or_exit(ruleset)
    if as_json:
        data = [
            {"id": r.id, "summary": r.summary, "source": r.source, "reading": r.reading}
            for r in rs.rules.values()
        ]
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"{ruleset}: {len(rs.rules)} rules", show_lines=False)
    table.add_column("rule id", style="cyan", no_wrap=True)
    table.add_column("what it says")
    table.add_column("source", style="dim")
    for rule in rs.rules.values():
        table.add_row(rule.id, rule.summary, rule.source)
    console.print(table)


scenario_app = typer.Typer(
    help="Rules scenario files (see docs/scenarios.md).", no_args_is_help=True
)


@scenario_app.command("run")
def scenario_run(
    paths: list[Path] = typer.Argument(..., help="scenario files or folders"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="print failures only"),
) -> None:
    """Run scenario files; one line per scenario, then 'N passed, N failed'."""
    for path in paths:
        if not path.exists():
            raise fail(f"{path}: no such file or folder")
    # A file that cannot be read as scenarios is bad input (exit 2), not a failed check.
    for file in iter_scenario_files(paths):
        try:
            load_scenarios(file)
        except ScenarioError as exc:
            raise fail(str(exc)) from exc
    try:
        results = run_paths(paths)
    except ScenarioError as exc:
        raise fail(str(exc)) from exc
    passed = sum(1 for r in results if r.passed)
    failed = len(results) - passed
    for result in results:
        # Names and messages are printed literally: a scenario called "[a, b]" must not be
        # read as console markup.
        if result.passed and not quiet:
            console.print("[green]PASS[/] " + escape(f"{result.path} :: {result.name}"))
        elif not result.passed:
            line = f"{result.path} :: {result.name}: {result.message}"
            console.print("[red]FAIL[/] " + escape(line))
    typer.echo(f"{passed} passed, {failed} failed")
    if failed or not results:
        raise typer.Exit(1)


def load_game_file(
    path: Path, ruleset: Ruleset[Any] | None = None, *, trust_events: bool = False
) -> tuple[Game[Any], dict[str, Any]]:
    """The saved game in ``path`` (checked unless ``trust_events``) and the file's data;
    anything wrong ends the command with one line naming the file (exit 2)."""
    try:
        data = datafile.load_json(path)
    except datafile.DataFileError as exc:
        raise fail(str(exc)) from exc
    if not isinstance(data, dict):
        raise fail(f"{path}: a saved game must be a JSON object")
    if ruleset is None:
        name = data.get("ruleset")
        if not isinstance(name, str):
            raise fail(f"{path}: 'ruleset' must name a ruleset (e133, ptu, pte or ptcg)")
        try:
            ruleset = get_ruleset(name)
        except UnknownRulesetError as exc:
            raise fail(f"{path}: {exc}") from exc
    try:
        return Game.from_dict(data, ruleset, trust_events=trust_events), data
    except INPUT_ERRORS as exc:
        raise fail(f"{path}: {exc}") from exc


def replay_command(
    path: Path = typer.Argument(..., help="a saved game (JSON)"),
    as_json: bool = typer.Option(False, "--json"),
    trust_events: bool = typer.Option(
        False,
        "--trust-events",
        help="fold the recorded events unchecked (default: play every command again "
        "through the rules with the seeded dice and refuse a save whose events differ)",
    ),
) -> None:
    """Re-play a saved game, check its events and report the final state and its hash."""
    game, data = load_game_file(path, trust_events=trust_events)
    recorded = data.get("state_hash")
    result = {
        "ruleset": game.ruleset.name,
        "commands": len(game.log),
        "events": sum(len(c.events) for c in game.log),
        "events_checked": not trust_events,
        "whose_turn": game.whose_turn(),
        "outcome": None if game.outcome() is None else game.outcome().to_dict(),  # type: ignore[union-attr]
        "state_hash": game.state_hash(),
        "matches_recorded_hash": None if recorded is None else recorded == game.state_hash(),
    }
    if as_json:
        result["state"] = game.view(None)
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False, default=str))
    else:
        for key, value in result.items():
            console.print(f"[bold]{key.replace('_', ' ')}[/]: " + escape(value_text(value)))
    if recorded is not None and recorded != game.state_hash():
        raise typer.Exit(1)


# ---------------------------------------------------------------------------- play
RULESET_NAMES = "e133, ptu, pte or ptcg"


def load_encounter(
    path: Path, ruleset_name: str | None
) -> tuple[str, dict[str, Any], int | str]:
    """The ruleset name, set-up and seed of an encounter file. Without ``ruleset_name``
    the file must name its ruleset (``ruleset: e133``)."""
    try:
        raw = datafile.load_yaml(path)
    except datafile.DataFileError as exc:
        raise fail(str(exc)) from exc
    if not isinstance(raw, dict):
        raise fail(f"{path}: an encounter file must hold a mapping")
    named = raw.get("ruleset")
    if ruleset_name is None:
        if named is None:
            raise fail(
                f"{path}: the file does not say its ruleset; add 'ruleset: NAME' "
                f"({RULESET_NAMES}) or name it: turnkeeper play RULESET {path}"
            )
        if not isinstance(named, str):
            raise fail(f"{path}: 'ruleset' must name a ruleset ({RULESET_NAMES})")
        ruleset_name = named
    elif named is not None and named != ruleset_name:
        raise fail(f"{path}: this encounter is for {named!r}, not {ruleset_name!r}")
    setup = raw.get("setup", {})
    if not isinstance(setup, dict):
        raise fail(f"{path}: 'setup' must be a mapping")
    seed = raw.get("seed", 0)
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise fail(f"{path}: 'seed' must be a whole number or a string")
    return ruleset_name, setup, seed


HELP_TEXT = """commands:
  N                       play action number N of the list
  [actor:] kind k=v ...   play an action typed out (e.g. 'aria: move distance=10')
  why <N | action>        why an action is refused (rule id, reason, source)
  odds <N | action>       the exact odds of an action's rolls (a refused one: why, first)
  undo                    take back the last action
  state                   the full state as JSON
  save FILE               save the game (JSON; 'turnkeeper replay FILE' re-folds it)
  help, quit"""


def refusal_text(refusal: Refusal) -> str:
    return f"refused: {refusal.reason}\n  rule: {refusal.rule}\n  source: {refusal.source}"


class Session:
    """The interactive loop, kept apart from input/output so that tests can drive it."""

    def __init__(self, game: Game[Any], out: Callable[[str], None]) -> None:
        self.game = game
        self.out = out
        self.listed: list[Action] = []

    def status(self) -> None:
        game = self.game
        lines_of = getattr(game.ruleset, "status_lines", None)
        if callable(lines_of):
            for line in lines_of(game.state):
                self.out(str(line))
        else:
            self.out(f"turn: {game.whose_turn()}")
        outcome = game.outcome()
        if outcome is not None:
            winners = ", ".join(outcome.winners) or "nobody"
            self.out(f"game over: {winners} ({outcome.reason})")
        self.listed = list(game.legal_actions(None))
        self.out("legal actions:")
        for number, action in enumerate(self.listed, start=1):
            cost = f"  [{action.cost}]" if action.cost else ""
            odds = ""
            if action.odds:
                odds = "  odds: " + "; ".join(
                    f"{words(str(k))} {value_text(v, 1)}" for k, v in action.odds.items()
                )
            self.out(f"  {number:>3}. {action}{cost}{odds}")

    def resolve_action(self, text: str) -> Action:
        text = text.strip()
        if text.isdigit():
            number = int(text)
            if not 1 <= number <= len(self.listed):
                raise ActionSyntaxError(f"no action number {number} (1-{len(self.listed)})")
            return self.listed[number - 1]
        return parse_action(text, default_actor=self.game.whose_turn())

    def handle(self, line: str) -> bool:
        """Handle one line; return False to stop."""
        line = line.strip()
        if not line:
            return True
        word, _, rest = line.partition(" ")
        try:
            if word in ("quit", "exit", "q"):
                return False
            if word == "help":
                self.out(HELP_TEXT)
            elif word == "undo":
                command = self.game.undo()
                self.out(f"undone: {command.action}")
                self.status()
            elif word == "state":
                self.out(
                    json.dumps(self.game.view(None), indent=2, ensure_ascii=False, default=str)
                )
            elif word == "save":
                if not rest.strip():
                    self.out("save needs a file name")
                else:
                    Path(rest.strip()).write_text(self.game.to_json(indent=2), encoding="utf-8")
                    self.out(f"saved to {rest.strip()}")
            elif word == "why":
                action = self.resolve_action(rest)
                refusal = self.game.check(action)
                if refusal is None:
                    self.out(f"{action} is allowed now")
                else:
                    self.out(refusal_text(refusal))
            elif word == "odds":
                action = self.resolve_action(rest)
                # a refused action's odds are not odds of anything that may happen now: say
                # the refusal first (rule, reason, source, as `why` does), then the odds the
                # action would have if it were allowed, marked so; never "rolls no dice"
                refusal = self.game.check(action)
                if refusal is not None:
                    self.out(refusal_text(refusal))
                odds_of = getattr(self.game.ruleset, "odds", None)
                found = action.odds or (
                    odds_of(self.game.state, action) if callable(odds_of) else None
                )
                if found and refusal is not None:
                    self.out("odds if it were allowed:")
                if found:
                    for key, value in dict(found).items():
                        self.out(f"  {words(str(key))}: {value_text(value)}")
                elif refusal is None:
                    self.out(f"{action} rolls no dice")
            else:
                action = self.resolve_action(line)
                events = self.game.play(action)
                for event in events:
                    self.out(f"  > {event_line(event, self.game.ruleset, self.game.state)}")
                self.status()
        except IllegalActionError as exc:
            self.out(refusal_text(exc.refusal))
        except (ActionSyntaxError, BadActionError, ValueError) as exc:
            self.out(f"error: {exc}")
        return True


def play_command(
    first: str | None = typer.Argument(
        None,
        metavar="[RULESET] FILE",
        help="an encounter file (YAML: ruleset, seed, setup); an optional ruleset name "
        "before it must match the file's",
    ),
    second: Path | None = typer.Argument(None, hidden=True),
    seed: int | None = typer.Option(None, "--seed", help="override the encounter's seed"),
    load: Path | None = typer.Option(
        None, "--load", help="resume a game saved with 'save FILE' (checked; see docs/cli.md)"
    ),
    trust_events: bool = typer.Option(
        False, "--trust-events", help="with --load: fold the saved events unchecked"
    ),
) -> None:
    """Run an encounter interactively: initiative, budgets, legal actions, undo, why, odds.

    'turnkeeper play FILE' takes the ruleset from the file ('play RULESET FILE' also works).
    'turnkeeper play --load SAVE' resumes a saved game.
    """
    game: Game[Any]
    if load is not None:
        if first is not None or second is not None:
            raise fail("--load resumes a save: give no encounter file with it")
        if seed is not None:
            raise fail("--seed cannot change a saved game (its seed is in the save)")
        game, _ = load_game_file(load, trust_events=trust_events)
    else:
        if first is None:
            raise fail("give an encounter file (turnkeeper play FILE) or --load SAVE")
        if trust_events:
            raise fail("--trust-events only applies to --load")
        if second is None:
            ruleset_name, setup, file_seed = load_encounter(Path(first), None)
            encounter = Path(first)
        else:
            ruleset_or_exit(first)
            ruleset_name, setup, file_seed = load_encounter(second, first)
            encounter = second
        rs = ruleset_or_exit(ruleset_name)
        try:
            game = Game(rs, setup, seed=file_seed if seed is None else seed)
        except SetupError as exc:
            raise fail(f"{encounter}: {exc}") from exc
        except INPUT_ERRORS as exc:
            raise fail(f"{encounter}: the set-up cannot be used: {exc!r}") from exc
    session = Session(game, lambda text: console.print(text, markup=False))
    session.status()
    console.print("type 'help' for commands", style="dim")
    while True:
        try:
            line = input("> ")
        except EOFError:
            break
        if not session.handle(line):
            break


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
    app.add_typer(scenario_app, name="scenario")
    app.command("replay")(replay_command)
    app.command("play")(play_command)
