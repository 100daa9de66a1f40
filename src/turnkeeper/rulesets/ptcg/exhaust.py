"""The exhaustive runner and the fuzzer: seeded games over decks of implemented cards.

``exhaust`` keeps building decks around the cards not yet reached and plays them until every
implemented card of the chosen sets has been played (put into play, attached, or played as a
Trainer) and every attack, Poké-Power and Poké-Body of them has taken effect at least once,
or until its game budget is spent; it reports what it never reached. ``fuzz`` plays N games
over random legal decks of implemented cards. Both check the package's invariants after every
action (``sim.check_invariants``: every card in one place, each player's cards theirs, damage
>= 0 in 10s, at most five on the Bench, a live game has a legal action); any exception or
broken invariant is a failure, reported with the game's seed and decks.

    python -m turnkeeper.rulesets.ptcg.exhaust [games] [seed] [--sets ex1,ex2|all]
    python -m turnkeeper.rulesets.ptcg.exhaust --fuzz 10000 --seed 7 --sets all

(``--sets all``: every bundled set, ex1 to ex16; a progress line every ``--progress`` games
goes to standard error.)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from turnkeeper.dice.source import SeededDice
from turnkeeper.rulesets.ptcg.actions import params_of
from turnkeeper.rulesets.ptcg.agents import AGENTS
from turnkeeper.rulesets.ptcg.by_hand import missing_effects
from turnkeeper.rulesets.ptcg.cards import CardDef, pool
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.engine import RUNS
from turnkeeper.rulesets.ptcg.fast import legal_list
from turnkeeper.rulesets.ptcg.ruleset import PtcgRuleset
from turnkeeper.rulesets.ptcg.sim import MAX_ACTIONS, check_invariants
from turnkeeper.rulesets.ptcg.state import SEAT_INDEX, PtcgState
from turnkeeper.rulesets.ptcg.turn import whose_turn

SETS = ("ex1", "ex2", "ex3", "ex4")
DECK_SIZE = 60
PLAYED_EVENTS = ("place", "bench", "evolve", "attach", "trainer")


def implemented(sets: Iterable[str] = SETS) -> list[CardDef]:
    """Every card of ``sets`` whose every effect is implemented, in id order."""
    wanted = set(sets)
    return [c for c in pool().values() if c.set in wanted and not missing_effects(c)]


def effects_of(card: CardDef) -> list[str]:
    """The things of a card that must take effect: its attacks, Poké-Powers and Bodies."""
    return [f"{card.id} attack {a.name}" for a in card.attacks] + [
        f"{card.id} {'Poké-Body' if p.kind == 'body' else 'Poké-Power'} {p.name}"
        for p in card.powers
    ]


def _line(card: CardDef, by_name: dict[str, list[CardDef]]) -> list[CardDef] | None:
    """``card`` and the cards it evolves from, down to a Basic (None: no implemented one)."""
    line = [card]
    while line[-1].is_evolution:
        below = by_name.get(line[-1].evolves_from)
        if not below:
            return None
        line.append(below[0])
    return line


def build_deck(rng: random.Random, cards: Sequence[CardDef], focus: Sequence[CardDef]) -> list[str]:
    """A legal 60-card deck of implemented cards: the ``focus`` cards (with what they evolve
    from) first, then random Pokémon lines and Trainers, then Energy for their attacks."""
    by_name: dict[str, list[CardDef]] = {}
    for card in cards:
        if card.kind == "pokemon" or card.is_fossil:  # a Fossil is a Basic in play
            by_name.setdefault(card.name, []).append(card)
    pokemon = [c for c in cards if c.kind == "pokemon"]
    trainers = [c for c in cards if c.kind == "trainer"]
    specials = [c for c in cards if c.kind == "energy" and not c.basic_energy]
    basics = {c.provides[0]: c for c in cards if c.basic_energy and c.provides}
    # a set that prints no basic Energy (ex6) plays with the bundled ones of another set
    for card in pool().values():
        if card.basic_energy and card.provides:
            basics.setdefault(card.provides[0], card)
    counts: dict[str, int] = {}
    names: dict[str, int] = {}

    def add(card: CardDef, n: int) -> None:
        room = 4 - names.get(card.name, 0)
        if card.name.endswith(" ★"):  # at most 1 Pokémon ★ in a deck (setup._validate_deck)
            room = 1 - sum(k for name, k in names.items() if name.endswith(" ★"))
        n = min(n, room, DECK_SIZE - sum(counts.values()))
        if n > 0:
            counts[card.id] = counts.get(card.id, 0) + n
            names[card.name] = names.get(card.name, 0) + n

    chosen = list(focus)
    while len(chosen) < len(focus) + 3:
        chosen.append(
            rng.choice(pokemon) if rng.random() < 0.8 or not trainers else rng.choice(trainers)
        )
    pokemon_total = 0
    for card in chosen:
        if card.kind == "pokemon":
            line = _line(card, by_name)
            if line is None or pokemon_total > 20:
                continue
            for member in line:
                add(member, 4 if member.is_basic_pokemon else 3)
            pokemon_total = sum(n for cid, n in counts.items() if pool()[cid].kind == "pokemon")
        elif card.kind == "trainer" or not card.basic_energy:
            add(card, 3)
    if not any(pool()[cid].is_basic_pokemon for cid in counts):
        add(rng.choice([c for c in pokemon if c.is_basic_pokemon]), 4)
    for card in rng.sample(trainers, min(3, len(trainers))):
        add(card, 2)
    if specials and rng.random() < 0.5:
        add(rng.choice(specials), 2)
    # Energy: the typed symbols of the deck's attacks, in proportion; Colorless-only decks
    # get a random type
    wanted: dict[str, int] = {}
    for cid in counts:
        for attack in pool()[cid].attacks:
            for symbol in attack.cost:
                if symbol in basics:
                    wanted[symbol] = wanted.get(symbol, 0) + 1
    types = sorted(wanted) or [rng.choice(sorted(basics))]
    ids = [cid for cid, n in counts.items() for _ in range(n)]
    i = 0
    while len(ids) < DECK_SIZE:
        ids.append(basics[types[i % len(types)]].id)
        i += 1
    return ids


@dataclass
class Report:
    """What the runner reached, what it never did, and the failures."""

    games: int = 0
    actions: int = 0
    played: set[str] = field(default_factory=set)  # card ids
    effects: set[str] = field(default_factory=set)  # "card attack/Poké-Power/Poké-Body name"
    failures: list[str] = field(default_factory=list)
    wanted_cards: set[str] = field(default_factory=set)
    wanted_effects: set[str] = field(default_factory=set)
    # card id -> the Pokémon it evolves from that no implemented card provides: such a
    # card cannot come into play in a legal deck of implemented cards
    blocked: dict[str, str] = field(default_factory=dict)

    def unreached_cards(self) -> list[str]:
        return sorted(self.wanted_cards - self.played)

    def unreached_effects(self) -> list[str]:
        return sorted(self.wanted_effects - self.effects)

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "actions": self.actions,
            "cards": {
                "wanted": len(self.wanted_cards),
                "played": len(self.played & self.wanted_cards),
            },
            "effects": {
                "wanted": len(self.wanted_effects),
                "taken": len(self.effects & self.wanted_effects),
            },
            "unreached_cards": self.unreached_cards(),
            "blocked": dict(sorted(self.blocked.items())),
            "unreached_effects": self.unreached_effects(),
            "failures": self.failures,
        }


def _note_events(s: PtcgState, events: Iterable[Any], report: Report, attacker: str) -> None:
    """Note the cards played and the effects that took place (``attacker``: the attacking
    card's id, ``""`` when there was no attack or it never happened)."""
    for event in events:
        kind = event.type
        data = event.data
        if kind in PLAYED_EVENTS and "card" in data:
            report.played.add(s.cards[int(data["card"])])
        elif kind == "note" and data.get("what") == "body":
            # the note names the card that has the Body (it may have left play since)
            report.effects.add(f"{s.cards[int(data['card'])]} Poké-Body {data['name']}")
        elif kind == "attack" and attacker:
            report.effects.add(f"{attacker} attack {data['name']}")
        elif kind == "power":
            _note_power(s, data, report)


def _note_power(s: PtcgState, data: Any, report: Report) -> None:
    """A Poké-Power used (the event names the Pokémon by its first card)."""
    first = int(data["card"])
    for stack in [mon.stack for side in s.sides for _, mon in side.in_play()]:
        if stack[0] != first:
            continue
        for inst in reversed(stack):
            card = s.card(inst)
            power = card.power(str(data["name"]))
            if power is not None:
                label = "Poké-Body" if power.kind == "body" else "Poké-Power"
                report.effects.add(f"{card.id} {label} {power.name}")
                return
    # the Pokémon left play by its own power (Aipom's Snappy Move): its first card names it
    card = s.card(first)
    power = card.power(str(data["name"]))
    if power is not None and power.kind == "power":
        report.effects.add(f"{card.id} Poké-Power {power.name}")


def play_checked(
    decks: Sequence[Sequence[str]], agents: Sequence[str], key: str, report: Report
) -> None:
    """One seeded game with events kept, the invariants checked after every action."""
    ruleset = PtcgRuleset()
    dice = SeededDice(key)
    rng = random.Random(key + "/agents")
    config = {"decks": [list(d) for d in decks]}
    state = ruleset.setup_state(config, dice)
    check_invariants(state)
    ctx = Ctx(state, dice, record=True)
    choosers = [AGENTS[a] for a in agents]
    for _ in range(MAX_ACTIONS):
        if state.phase == "over":
            break
        seat = whose_turn(state)
        offers = legal_list(state, seat)
        action = choosers[seat](state, offers, rng)
        attacker = ""
        if action.kind == "attack":
            active = state.sides[seat].active
            attacker = state.top(active).id if active is not None else ""
            name = str(action.params.get("attack", ""))
            if active is not None and active.tm >= 0 and state.top(active).attack(name) is None:
                attacker = state.cards[active.tm]  # a Technical Machine's attack is the TM's
        ctx.events = []
        RUNS[action.kind](ctx, SEAT_INDEX[str(action.actor)], params_of(action))
        report.actions += 1
        events = ctx.events
        confused_miss = any(
            e.type == "coin" and e.data.get("why") == "confusion" and not e.data.get("heads")
            for e in events
        )
        # Confused and tails: the attack never happened, so it has not taken effect
        _note_events(state, events, report, "" if confused_miss else attacker)
        check_invariants(state)
    report.games += 1


def _run_one(decks: list[list[str]], agents: list[str], key: str, report: Report) -> None:
    try:
        play_checked(decks, agents, key, report)
    except Exception as exc:  # a failure of any kind is reported, with how to replay it
        report.failures.append(f"{key}: {type(exc).__name__}: {exc} (decks {decks})")


def exhaust(sets: Iterable[str] = SETS, seed: int = 0, max_games: int = 400) -> Report:
    """Play until every implemented card was played and every effect of it taken, or
    ``max_games`` games; the report names what was never reached."""
    cards = implemented(sets)
    report = Report()
    report.wanted_cards = {c.id for c in cards}
    report.wanted_effects = {e for c in cards for e in effects_of(c)}
    rng = random.Random(f"exhaust/{seed}")
    by_id = {c.id: c for c in cards}
    by_name: dict[str, list[CardDef]] = {}
    for card in cards:
        if card.kind == "pokemon" or card.is_fossil:  # a Fossil is a Basic in play
            by_name.setdefault(card.name, []).append(card)
    for card in cards:
        if card.kind == "pokemon" and _line(card, by_name) is None:
            below = card
            while below.is_evolution and below.evolves_from in by_name:
                below = by_name[below.evolves_from][0]
            report.blocked[card.id] = below.evolves_from
    for index in range(max_games):
        todo = sorted(
            (report.wanted_cards - report.played)
            | {e.split(" ", 1)[0] for e in report.wanted_effects - report.effects}
        )
        if not todo:
            break
        focus = [by_id[cid] for cid in rng.sample(todo, min(3, len(todo)))]
        decks = [build_deck(rng, cards, focus), build_deck(rng, cards, focus[::-1])]
        agents = [rng.choice(["greedy", "random"]) for _ in range(2)]
        _run_one(decks, agents, f"exhaust/{seed}/{index}", report)
    return report


def fuzz(
    games: int,
    seed: int = 0,
    sets: Iterable[str] = SETS,
    progress: Callable[[int, Report], None] | None = None,
) -> Report:
    """``games`` seeded games over random legal decks of implemented cards; ``progress`` is
    told after each game (how many are done, the report so far)."""
    cards = implemented(sets)
    report = Report()
    rng = random.Random(f"fuzz/{seed}")
    for index in range(games):
        decks = [build_deck(rng, cards, []), build_deck(rng, cards, [])]
        agents = [rng.choice(["greedy", "random"]) for _ in range(2)]
        _run_one(decks, agents, f"fuzz/{seed}/{index}", report)
        if progress is not None:
            progress(index + 1, report)
    return report


def bundled_sets() -> tuple[str, ...]:
    """Every set of the bundled card pool, in release order (ex1 ... ex16)."""
    found = {c.set for c in pool().values()}
    return tuple(sorted(found, key=lambda name: (len(name), name)))


def parse_sets(text: str) -> tuple[str, ...]:
    """``all`` or a comma-separated list of bundled set names; an unknown name is an error."""
    known = bundled_sets()
    if text == "all":
        return known
    wanted = tuple(part.strip() for part in text.split(",") if part.strip())
    unknown = [name for name in wanted if name not in known]
    if unknown or not wanted:
        raise argparse.ArgumentTypeError(
            f"unknown set {', '.join(unknown) or '(none given)'}; known: all, {', '.join(known)}"
        )
    return wanted


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m turnkeeper.rulesets.ptcg.exhaust",
        description="Play seeded games over decks of implemented cards, checking the "
        "invariants after every action: the exhaustive runner (default) or the fuzzer.",
    )
    parser.add_argument(
        "games", nargs="?", type=int, default=None, help="the runner's game budget (default 400)"
    )
    parser.add_argument("seed_arg", nargs="?", type=int, default=None, metavar="seed")
    parser.add_argument("--seed", type=int, default=None, help="the seed (default 0)")
    parser.add_argument(
        "--sets",
        type=parse_sets,
        default=SETS,
        help="comma-separated sets, or all (default ex1,ex2,ex3,ex4)",
    )
    parser.add_argument(
        "--fuzz",
        type=int,
        default=0,
        metavar="GAMES",
        help="fuzz this many games over random legal decks instead",
    )
    parser.add_argument(
        "--progress",
        type=int,
        default=500,
        metavar="GAMES",
        help="a progress line on stderr every this many games (0: none)",
    )
    args = parser.parse_args(argv)
    if args.seed is not None and args.seed_arg is not None:
        parser.error("give the seed once: as the second number or as --seed")
    for name in ("games", "fuzz", "progress"):
        value = getattr(args, name)
        if value is not None and value < 0:
            parser.error(f"--{name}: {value} is negative")
    return args


def main(argv: Sequence[str]) -> int:
    args = _parse_args(argv)
    seed = args.seed if args.seed is not None else (args.seed_arg or 0)
    if args.fuzz:
        return _main_fuzz(args.fuzz, seed, args.sets, args.progress)
    games = 400 if args.games is None else args.games
    report = exhaust(sets=args.sets, seed=seed, max_games=games).to_dict()
    print(f"games {report['games']}, actions {report['actions']}")
    print(f"cards played {report['cards']['played']} of {report['cards']['wanted']}")
    print(f"effects taken {report['effects']['taken']} of {report['effects']['wanted']}")
    print("never played:", ", ".join(report["unreached_cards"]) or "-")
    blocked = report["blocked"]
    print("of which no implemented card to evolve from:", blocked or "-")
    print("never took effect:", "; ".join(report["unreached_effects"]) or "-")
    for failure in report["failures"]:
        print("FAILURE", failure)
    return 1 if report["failures"] else 0


def _main_fuzz(games: int, seed: int, sets: Sequence[str], every: int) -> int:
    start = time.perf_counter()

    def progress(done: int, report: Report) -> None:
        if every and done % every == 0 and done < games:
            print(
                f"  fuzz: {done}/{games} games, {report.actions} actions, "
                f"{len(report.failures)} failures, {time.perf_counter() - start:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    report = fuzz(games, seed, sets, progress)
    print(
        f"fuzz: {games} games (seed {seed}) over {len(implemented(sets))} implemented cards "
        f"of {','.join(sets)}: {report.actions} actions, {len(report.failures)} failures, "
        f"{time.perf_counter() - start:.0f} s"
    )
    for failure in report.failures:
        print("FAILURE", failure)
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
