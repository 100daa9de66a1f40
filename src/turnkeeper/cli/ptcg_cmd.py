"""``turnkeeper ptcg``: play the EX-era Pokémon TCG in the terminal, simulate many games, and
report what the card importer makes of a card database."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from turnkeeper.cli.game_cmd import INPUT_ERRORS, fail, load_game_file
from turnkeeper.cli.parsing import ActionSyntaxError, parse_action, parse_value
from turnkeeper.cli.readable import make_console
from turnkeeper.cluster.ray_sim import LOCAL, RayUnavailableError, simulate_on_ray
from turnkeeper.core import datafile
from turnkeeper.core.game import Game
from turnkeeper.core.model import Action, BadActionError, Event, IllegalActionError
from turnkeeper.core.ruleset import SetupError
from turnkeeper.rulesets.ptcg import RULESET
from turnkeeper.rulesets.ptcg.agents import AGENTS
from turnkeeper.rulesets.ptcg.cards import CardDataError, card_files, import_cards
from turnkeeper.rulesets.ptcg.sim import SimulationError, Summary, simulate
from turnkeeper.rulesets.ptcg.state import SEATS, PtcgState

console = make_console()
err_console = make_console(stderr=True)

HELP = """commands:
  N                      play legal action number N
  <kind> key=value ...   play a typed action (e.g. attach card="Water Energy" target=active)
  why N | why <action>   why an action is allowed or refused (rule id, reason, source)
  undo                   take back your last decision (and the opponents' moves after it)
  save PATH              save the game (JSON) to PATH
  board                  show the board again
  quit                   stop playing"""


def _fail(message: str) -> typer.Exit:
    return fail(message)


def _check_card_db(card_db: str) -> None:
    """Every card file of ``card_db`` must be readable, bounded JSON (exit 2 naming the file
    otherwise) before the importer reads it."""
    if not card_db:
        return
    try:
        files = card_files(Path(card_db))
        for path in files:
            datafile.load_json(path)
        _, report = import_cards(files)
    except (CardDataError, datafile.DataFileError) as exc:
        raise _fail(str(exc)) from exc
    except INPUT_ERRORS as exc:
        raise _fail(f"{card_db}: {exc!r}") from exc
    if report.cards == 0:
        first = f" (first problem: {report.problems[0]})" if report.problems else ""
        raise _fail(f"{card_db}: no card could be imported from it{first}")


def _settings(pairs: list[str]) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise _fail(f"--setting {pair!r}: use key=value (e.g. first_turn_supporter=true)")
        settings[key] = parse_value(value)
    return settings


def _config(decks: list[str], card_db: str, settings: dict[str, Any]) -> dict[str, Any]:
    if len(decks) != 2:
        raise _fail("give exactly two --deck options (bundled: sapphire, ruby)")
    config: dict[str, Any] = {"decks": list(decks)}
    if card_db:
        config["card_db"] = card_db
    if settings:
        config["settings"] = settings
    return config


# ---------------------------------------------------------------------------- board
def _mon_line(mon: dict[str, Any] | None) -> str:
    if mon is None:
        return "-"
    parts = [f"[bold]{mon['card']}[/] {mon['hp_left']}/{mon['hp']} HP"]
    if mon["energy"]:
        parts.append("E: " + ", ".join(mon["energy"]))
    if mon["conditions"]:
        parts.append("[magenta]" + ", ".join(mon["conditions"]) + "[/]")
    if mon["tool"]:
        parts.append(f"tool: {mon['tool']}")
    return "  ".join(parts)


def show_board(state: PtcgState, seat: str) -> None:
    view = RULESET.view(state, seat)
    console.rule(f"turn {view['turn']} - {view['current']} to play - you are {seat}")
    if view["stadium"]:
        console.print(f"Stadium: {view['stadium']}")
    order = [s for s in SEATS if s != seat] + [seat]
    for p in order:
        data = view["players"][p]
        who = "you" if p == seat else "opponent"
        console.print(
            f"[cyan]{p} ({who})[/]: hand {data['hand_count']}, deck {data['deck_count']}, "
            f"prizes {data['prize_count']}, discard {len(data['discard'])}"
        )
        if "face_down" in data:
            console.print(f"  {data['face_down']} Pokémon face down")
            continue
        console.print(f"  Active: {_mon_line(data['active'])}")
        for i, mon in enumerate(data["bench"], start=1):
            console.print(f"  bench{i}: {_mon_line(mon)}")
    console.print("Your hand: " + ", ".join(view["players"][seat].get("hand", [])))
    pending = view.get("pending")
    if pending and pending["player"] == seat:
        console.print(f"[yellow]{pending['prompt']}[/]")


def _describe(event: Event, viewer: str) -> str | None:
    d = event.data
    t = event.type
    if t == "coin":
        return f"coin ({d['why']}): {'heads' if d['heads'] else 'tails'}"
    if t == "damage":
        n = int(d["n"])
        return f"{d['p']} {'takes' if n > 0 else 'heals'} {abs(n)} damage"
    if t == "knockout":
        return f"{d['p']}'s Pokémon is Knocked Out"
    if t == "prize":
        return f"{d['p']} takes {d['n']} Prize card(s)"
    if t == "condition":
        return f"{d['p']}'s Pokémon is now {d['add']}"
    if t == "draw" and d["p"] != viewer:
        return f"{d['p']} draws {d['n']}"
    if t == "start_turn":
        return f"-- turn {d['turn']}: {d['p']} --"
    if t == "game_over":
        return f"game over: {d['reason']}"
    return None


# ---------------------------------------------------------------------------- play
class PtcgSession:
    """One terminal game: humans type, agents choose; every move goes through Game.play."""

    def __init__(self, game: Game[PtcgState], agents: list[str], seed: int) -> None:
        self.game = game
        self.agents = agents
        self.rng = random.Random(f"ptcg-play/{seed}")
        self.humans = {SEATS[i] for i, a in enumerate(agents) if a == "human"}

    def _play(self, action: Action, viewer: str) -> None:
        events = self.game.play(action)
        for event in events:
            line = _describe(event, viewer)
            if line:
                console.print(f"  {line}")

    def run(self) -> None:
        viewer = next(iter(sorted(self.humans)), "p1")
        while self.game.outcome() is None:
            seat = self.game.whose_turn()
            assert seat is not None
            agent = self.agents[SEATS.index(seat)]
            if agent == "human":
                if not self.human_turn(seat):
                    return
                continue
            actions = list(self.game.legal_actions(seat))
            action = AGENTS[agent](self.game.state, actions, self.rng)
            console.print(f"[dim]{seat} ({agent}):[/] {action.kind} {action.cost}")
            self._play(action, viewer)
        outcome = self.game.outcome()
        assert outcome is not None
        winners = ", ".join(outcome.winners) or "nobody (a draw)"
        console.print(f"[bold]Winner: {winners}[/] - {outcome.reason}")

    def human_turn(self, seat: str) -> bool:
        show_board(self.game.state, seat)
        actions = list(self.game.legal_actions(seat))
        for i, action in enumerate(actions, start=1):
            params = " ".join(
                f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in action.params.items()
            )
            console.print(f"  {i:>2}. {action.kind} {params}  [dim]{action.cost}[/]")
        while True:
            try:
                line = input(f"{seat}> ").strip()
            except EOFError:
                console.print("(end of input)")
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            if word in ("quit", "exit"):
                return False
            if word == "help":
                console.print(HELP)
            elif word == "board":
                return True
            elif word == "undo":
                self.undo(seat)
                return True
            elif word == "save":
                self.save(rest.strip())
            elif word == "why":
                self.why(rest.strip(), actions, seat)
            elif word.isdigit():
                n = int(word)
                if not 1 <= n <= len(actions):
                    console.print(f"pick a number from 1 to {len(actions)}")
                    continue
                self._play(actions[n - 1], seat)
                return True
            else:
                try:
                    action = parse_action(line, seat)
                    self._play(action, seat)
                    return True
                except (ActionSyntaxError, BadActionError) as exc:
                    console.print(f"[red]cannot read that:[/] {escape(str(exc))}")
                except IllegalActionError as exc:
                    r = exc.refusal
                    console.print(
                        "[red]refused[/] " + escape(f"[{r.rule}] {r.reason} ({r.source})")
                    )

    def undo(self, seat: str) -> None:
        # Take back commands until the last one this player decided has been undone.
        while len(self.game.log) > 1:
            command = self.game.undo()
            if command.action is not None and command.action.actor == seat:
                console.print(f"undone: {command.action}")
                return
        console.print("nothing of yours to undo")

    def save(self, path: str) -> None:
        if not path:
            console.print("save needs a file name")
            return
        try:
            Path(path).write_text(self.game.to_json(indent=1), encoding="utf-8")
        except OSError as exc:
            console.print(f"[red]cannot save:[/] {exc}")
            return
        console.print(f"saved to {path}")

    def why(self, text: str, actions: list[Action], seat: str) -> None:
        if text.isdigit() and 1 <= int(text) <= len(actions):
            action = actions[int(text) - 1]
        else:
            try:
                action = parse_action(text, seat)
            except ActionSyntaxError as exc:
                console.print(f"[red]cannot read that:[/] {exc}")
                return
        try:
            refusal = self.game.check(action)
        except BadActionError as exc:
            console.print(f"[red]malformed:[/] {exc}")
            return
        if refusal is None:
            console.print(f"{action.kind} is allowed now")
        else:
            console.print(
                "refused " + escape(f"[{refusal.rule}] {refusal.reason} ({refusal.source})")
            )


def play_command(
    deck: list[str] = typer.Option([], "--deck", help="two decks: sapphire, ruby"),
    agent: list[str] = typer.Option([], "--agent", help="two of: human, greedy, random"),
    seed: int = typer.Option(0, "--seed"),
    card_db: str = typer.Option("", "--card-db", help="a card-database copy (cards/*.json)"),
    setting: list[str] = typer.Option([], "--setting", help="era setting key=value"),
    load: str = typer.Option(
        "", "--load", help="continue a saved game (checked, see --trust-events)"
    ),
    trust_events: bool = typer.Option(
        False,
        "--trust-events",
        help="with --load: fold the recorded events unchecked (default: play every command "
        "again through the rules with the seeded dice and refuse a save whose events differ)",
    ),
) -> None:
    """Play a game in the terminal: the board, your hand, the legal actions; undo, why, save."""
    agents = agent or ["human", "greedy"]
    if len(agents) != 2 or any(a not in (*AGENTS, "human") for a in agents):
        raise _fail("give two --agent options, each human, greedy or random")
    if load:
        game: Game[PtcgState] = load_game_file(Path(load), RULESET, trust_events=trust_events)[0]
    else:
        _check_card_db(card_db)
        try:
            game = Game(RULESET, _config(deck, card_db, _settings(setting)), seed=seed)
        except INPUT_ERRORS as exc:
            where = f"{card_db}: " if card_db else ""
            raise _fail(f"{where}{exc}") from exc
    PtcgSession(game, agents, seed).run()


# ---------------------------------------------------------------------------- simulate
def simulate_command(
    deck: list[str] = typer.Option([], "--deck", help="two decks: sapphire, ruby"),
    agents: str = typer.Option("greedy,random", "--agents", help="two agents, comma separated"),
    games: int = typer.Option(1000, "-n", "--games", help="how many games"),
    seed: int = typer.Option(0, "--seed"),
    workers: int = typer.Option(1, "--workers", help="processes to spread the games over"),
    card_db: str = typer.Option("", "--card-db"),
    setting: list[str] = typer.Option([], "--setting", help="era setting key=value"),
    as_json: bool = typer.Option(False, "--json", help="print the results as JSON"),
    ray: str = typer.Option(
        "",
        "--ray",
        metavar="local|ADDRESS",
        help="run the batches as Ray tasks: 'local' starts a Ray runtime here (--workers "
        "CPUs); else a cluster address ('auto', HOST:6379, ray://HOST:10001). Needs \\[ray]",
    ),
) -> None:
    """Play many games between agents; win rates with 95% Wilson intervals."""
    if len(deck) != 2:
        raise _fail("give exactly two --deck options (bundled: sapphire, ruby)")
    names = [a.strip() for a in agents.split(",")]
    settings = _settings(setting)
    _check_card_db(card_db)
    started = time.perf_counter()

    def run(progress: Callable[[int], None] | None = None) -> Summary:
        if ray:
            return simulate_on_ray(
                deck,
                names,
                games,
                seed,
                address=ray,
                num_cpus=workers if ray == LOCAL else None,
                settings=settings,
                card_db=card_db,
                progress=progress,
            )
        return simulate(deck, names, games, seed, workers, settings, card_db, progress=progress)

    try:
        if as_json:
            summary = run()
        else:
            with Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err_console,
            ) as progress:
                task = progress.add_task("games", total=games)
                summary = run(lambda n: progress.advance(task, n))
    except (SimulationError, SetupError, CardDataError, RayUnavailableError) as exc:
        raise _fail(str(exc)) from exc
    except INPUT_ERRORS as exc:
        where = f"{card_db}: " if card_db else ""
        raise _fail(f"{where}{exc!r}") from exc
    elapsed = time.perf_counter() - started
    result = summary.to_dict()
    result["seconds"] = round(elapsed, 3)
    result["workers"] = workers
    if ray:
        result["ray"] = ray
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    table = Table(title=f"{games} games, seed {seed}")
    for column in ("seat", "deck", "agent", "wins", "win rate", "95% CI"):
        table.add_column(column)
    for seat in SEATS:
        s = result["seats"][seat]
        lo, hi = s["ci95"]
        table.add_row(
            seat,
            str(result["decks"][seat]),
            result["agents"][seat],
            str(s["wins"]),
            f"{s['rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
        )
    console.print(table)
    first = result["first_player"]
    lo, hi = first["ci95"]
    length = result["length_turns"]
    console.print(
        f"first player won {first['rate']:.1%} of decided games (95% CI {lo:.1%} - {hi:.1%}); "
        f"draws {result['draws']}, unfinished {result['unfinished']}"
    )
    console.print(
        f"game length: mean {length['mean']:.1f} turns, median {length['median']}, "
        f"range {length['min']}-{length['max']}"
    )
    ends = Table(title="how the games ended")
    ends.add_column("rule")
    ends.add_column("games", justify="right")
    for rule, count in sorted(result["end_rules"].items(), key=lambda item: -item[1]):
        ends.add_row(rule, str(count))
    console.print(ends)
    where = f"Ray ({ray})" if ray else f"{workers} worker(s)"
    console.print(f"{games / elapsed:.0f} games/s with {where}")


def import_command(
    path: Path = typer.Argument(..., help="a card-database copy: a folder with cards/*.json"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Import a card database and report what the importer maps."""
    _check_card_db(str(path))
    try:
        _, report = import_cards(card_files(path))
    except CardDataError as exc:
        raise _fail(str(exc)) from exc
    except INPUT_ERRORS as exc:
        raise _fail(f"{path}: {exc!r}") from exc
    data = report.to_dict()
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for key, value in data.items():
        console.print(f"{key}: {value}")


def coverage_command(
    set_id: str = typer.Option(
        "", "--set", help="a set (ex1), a range (ex1..ex4) or a list (ex1,ex6); default: all"
    ),
    deck: str = typer.Option("", "--deck", help="a bundled deck name or a JSON deck file"),
    card_db: str = typer.Option("", "--card-db", help="a card database added to the pool"),
    as_json: bool = typer.Option(False, "--json", help="print the report as JSON"),
) -> None:
    """Which cards are implemented with every effect, by set and kind; what each other lacks."""
    from turnkeeper.rulesets.ptcg.coverage import coverage, deck_cards, set_cards, set_ids

    try:
        chosen = deck_cards(deck, card_db) if deck else set_cards(set_id, card_db)
        if deck and set_id:
            wanted = set_ids(set_id, (c.set for c in set_cards("", card_db)))
            chosen = [c for c in chosen if c.set in wanted]
    except CardDataError as exc:
        raise _fail(str(exc)) from exc
    data = coverage(chosen).to_dict()
    if as_json:
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    table = Table(title=f"implemented / total: {data['implemented']} / {data['total']}")
    table.add_column("set")
    table.add_column("kind")
    table.add_column("implemented", justify="right")
    for set_name, kinds in data["by_set"].items():
        for kind, row in kinds.items():
            table.add_row(set_name, kind, f"{row['implemented']} / {row['total']}")
    console.print(table)
    for entry in data["missing"]:
        lacking = ", ".join(entry["missing"])
        console.print(escape(f"{entry['id']} {entry['name']} ({entry['kind']}): {lacking}"))


def register(app: typer.Typer) -> None:
    ptcg_app = typer.Typer(
        help="The Pokémon TCG, EX era: play, simulate, import cards.", no_args_is_help=True
    )
    ptcg_app.command("play")(play_command)
    ptcg_app.command("simulate")(simulate_command)
    ptcg_app.command("import")(import_command)
    ptcg_app.command("coverage")(coverage_command)
    app.add_typer(ptcg_app, name="ptcg")
