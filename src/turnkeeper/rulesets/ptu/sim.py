"""The simulator's fast loop for ptu: a fight played to its end on one live state.

``turnkeeper.sim.play_one`` plays a game through :class:`~turnkeeper.core.game.Game` (the
reference loop: ``play_through_game``). For ptu it asks the ruleset's ``sim_play_game``
hook first, which lands here: the same steps on the same rules functions, minus what a game
that is thrown away at its end does not need (the command log, the ``Game`` and
``LegalActions`` wrappers, the look-ups of the ruleset's optional hooks on every action),
with the cyclic garbage collector paused for the fight, and compiled with the rules
(turnkeeper/compiled.py). ptcg's simulator does the same (``rulesets/ptcg/sim.py``).

It must play exactly the games the reference loop plays: the same dice (command ``n`` of
game ``S/i`` rolls from seed ``"S/i/n"``, the set-up being command 0), the same draws of the
agents' generator (``"S/i/agents"``) in the same order, the same checks.
``tests/ptu/test_ptu_sim.py`` plays seeded fights both ways, with both agents, and compares
every result and the final state's hash.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Mapping, Sequence
from hashlib import sha512
from typing import Any, Final, final

import msgspec

from turnkeeper.core.model import OFFERED_BY_RULES, Action, Event, IllegalActionError, Outcome
from turnkeeper.dice.source import DiceError
from turnkeeper.rulesets.ptu import folding, legal, per_version
from turnkeeper.rulesets.ptu import resolve as resolving
from turnkeeper.rulesets.ptu.actions import ACTIONS
from turnkeeper.rulesets.ptu.economy import whose_turn
from turnkeeper.rulesets.ptu.state import PtuState

#: The ruleset (``PtuRuleset``, which imports this module, so not named here). The loop asks
#: it only what a fight asks once (its state, its set-up) or what the greedy agent scores;
#: every action's questions go to the same functions the ruleset answers them with
#: (``per_version``, ``economy.whose_turn``), called directly as compiled functions rather
#: than looked up by name on the ruleset on every action.
Ruleset = Any

#: What an agent offered a chance to answer out of turn picks to let it go (the reference
#: loop's ``turnkeeper.sim.PASS``; the kind is the same, so both agents group it alike).
PASS: Final = Action("pass", None)

#: At most this many out-of-turn answers after one action (``turnkeeper.sim.MAX_ANSWERS``).
MAX_ANSWERS: Final = 8

#: The agents this loop plays (``turnkeeper.sim.AGENT_FUNCTIONS``); any other name leaves
#: the game to the reference loop.
AGENTS: Final = ("random", "greedy")

#: A finished game: the winners (``None``: unfinished), why it ended, the actions played and
#: the round it ended in (``None`` when nobody could act).
SimResult = tuple[tuple[str, ...] | None, str, int, int | None]


#: The C seeding of CPython's generator (``random.Random``'s base class), which
#: ``random.Random.seed`` calls with the number it makes of a text seed.
_SEED_NUMBER: Final = random.Random.__mro__[1].seed  # type: ignore[attr-defined]

#: ``n.bit_length()`` for the small ``n`` an agent draws below, looked up.
_BIT_LENGTH: Final = tuple(n.bit_length() for n in range(64))


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``, with the very draws CPython's ``randrange`` makes
    (``_randbelow_with_getrandbits``: ``n.bit_length()`` random bits, drawn again while the
    number is ``n`` or more), without its two Python-level calls; ptcg's agents draw so too
    (``rulesets/ptcg/agents.py``). ``tests/ptu/test_ptu_sim.py`` compares it with
    ``randrange``."""
    if n < 1:
        return rng.randrange(n)  # its own error
    k = _BIT_LENGTH[n] if n < 64 else n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


@final
class CommandDice:
    """One command's dice: :class:`~turnkeeper.dice.source.SeededDice` (the generator
    seeded from the same text when the first die is asked for, the same faces), as a class
    compiled with this loop: building a kernel ``SeededDice`` runs its Python-level
    ``__init__``, once per command, though most commands roll nothing.

    Given ``reused``, a generator of the fight's that no earlier command's dice use any
    more, the first die reseeds that one instead of building a new ``random.Random``:
    building one seeds it twice through Python-level code (its ``__init__`` and ``seed``),
    about a third of what seeding costs. The seed is the number ``random.Random.seed``
    makes of a text (its version 2: the text's UTF-8 bytes followed by their SHA-512
    digest, read as one big-endian number), given to the C seeding itself, so the faces are
    the same (tests/ptu/test_ptu_sim.py)."""

    def __init__(self, seed: str, reused: random.Random | None = None) -> None:
        self.seed = seed
        self.rng: random.Random | None = None
        self.reused = reused

    def generator(self) -> random.Random:
        rng = self.rng
        if rng is None:
            reused = self.reused
            if reused is None:
                rng = self.rng = random.Random(self.seed)
            else:
                text = self.seed.encode()
                _SEED_NUMBER(reused, int.from_bytes(text + sha512(text).digest(), "big"))
                # as random.Random.seed leaves it (no normal draw kept for later); written
                # through the instance's dictionary: the stubs do not declare the attribute
                reused.__dict__["gauss_next"] = None
                rng = self.rng = reused
        return rng

    def die(self, sides: int) -> int:
        if sides < 1:
            raise DiceError(f"a die needs at least one side, not {sides}")
        return below(self.generator(), sides) + 1


def random_pick(
    actions: list[Action], idle: frozenset[str], rng: random.Random,
    kinds: list[str] | None = None,
) -> Action:
    """``turnkeeper.sim.random_agent``'s pick with the same draws: uniform over the kinds on
    offer in their order of first appearance (``idle`` kinds only when nothing else is
    offered), then uniform among that kind's offers. Counted in place rather than grouped
    into lists: the pick is the ``j``-th offer of the chosen kind.

    ``kinds``: the offers' kinds in order, when the listing kept them
    (legal.kinds_listed); otherwise each offer's kind is read.

    The kinds are counted in two lists (the kinds met, in order, and how many of each) by
    scanning the few met so far: a listing has about ten offers of a handful of kinds, and
    a count in a dictionary (a look-up and a store of a boxed number per offer) cost about
    four times as much."""
    kinds_in_order = [action.kind for action in actions] if kinds is None else kinds
    met: list[str] = []
    counts: list[int] = []
    for kind in kinds_in_order:
        for i in range(len(met)):
            if met[i] == kind:
                counts[i] += 1
                break
        else:
            met.append(kind)
            counts.append(1)
    eligible = [i for i in range(len(met)) if met[i] not in idle]
    if not eligible:
        eligible = list(range(len(met)))
    pick = eligible[below(rng, len(eligible))]
    chosen = met[pick]
    j = below(rng, counts[pick])
    for i, kind in enumerate(kinds_in_order):
        if kind == chosen:
            if j == 0:
                return actions[i]
            j -= 1
    raise AssertionError("the chosen kind has that many offers")


def any_is(actions: list[Action], action: Action) -> bool:
    """Whether ``action`` itself (the same object) is in ``actions`` (compiled: a loop)."""
    return any(a is action for a in actions)


def greedy_pick(
    ruleset: Ruleset, state: PtuState, actions: list[Action], rng: random.Random,
) -> Action:
    """``turnkeeper.sim.greedy_agent``'s pick: the offer the ruleset's ``score`` values most
    (``PASS`` scores 0), ties at random with the same draw."""
    values = [0.0 if a is PASS else float(ruleset.score(state, a)) for a in actions]
    best = max(values)
    top = [a for a, v in zip(actions, values, strict=True) if v == best]
    return top[below(rng, len(top))]


@final
class _Fight:
    """One fight's live state and what its loop reads on every action."""

    def __init__(self, ruleset: Ruleset, state: PtuState, game_seed: str,
                 agents: dict[str, str], rng: random.Random) -> None:
        self.ruleset = ruleset
        self.state = state
        self.game_seed = game_seed
        self.agents = agents  # seat -> agent name
        self.rng = rng
        self.idle: frozenset[str] = ruleset.sim_idle_kinds
        self.commands = 1  # the set-up is command 0
        # reseeded by each command that rolls (CommandDice): one command's dice at a time
        self.dice_rng = random.Random(0)

    def seat_of(self, actor: str) -> str:
        combatant = self.state.combatants.get(actor)
        owner = None if combatant is None else combatant.owner
        return "wild" if owner is None else owner  # the ruleset's gm_seat_name

    def pick(self, actor: str, actions: list[Action]) -> Action:
        if self.agents[self.seat_of(actor)] == "greedy":
            return greedy_pick(self.ruleset, self.state, actions, self.rng)
        return random_pick(actions, self.idle, self.rng, legal.kinds_listed(actions))

    def play(self, action: Action) -> None:
        """``Game.play`` on the live state: checked, resolved with this command's dice,
        every event folded in (``resolve.resolve_folding``: no scratch copy for the hits
        that land first)."""
        state = self.state
        if OFFERED_BY_RULES not in action.__dict__:
            ACTIONS.validate(action)
        refusal = per_version.check(state, action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        dice = CommandDice(f"{self.game_seed}/{self.commands}", self.dice_rng)
        resolving.resolve_folding(state, action, dice)  # resolve, each event folded in
        self.commands += 1

    def outcome(self) -> Outcome | None:
        return per_version.outcome(self.state)

    def answer_out_of_turn(self, limit: int) -> int:
        """``turnkeeper.sim.answer_out_of_turn``: each window's answers offered to their
        actor's agent (with ``PASS``); returns how many were played."""
        played = 0
        # The answers passed on, left out when offered again (the reference loop compares
        # their keys). A key is a canonical JSON text, so it is worked out only when an offer
        # could match one: an offer of an actor who passed on nothing cannot (the actor is
        # part of the key), and the very offer passed on (the same answers listed again for
        # the same state version, the usual case) matches without its key.
        declined: list[Action] = []
        declined_actors: set[str] | None = None  # made at the first pass (most calls have none)
        declined_keys: set[str] | None = None
        while played < min(limit, MAX_ANSWERS) and self.outcome() is None:
            by_actor: dict[str, list[Action]] = {}
            for offer in per_version.answers_listed(self.state):  # only read here
                actor = str(offer.actor)
                if declined_actors is not None and actor in declined_actors:
                    if any_is(declined, offer):
                        continue
                    if declined_keys is None:
                        declined_keys = {d.key() for d in declined}
                    if offer.key() in declined_keys:
                        continue
                mine = by_actor.get(actor)
                if mine is None:
                    by_actor[actor] = [offer]
                else:
                    mine.append(offer)
            if not by_actor:
                return played
            actor = next(iter(by_actor))
            options = by_actor[actor]
            choice = self.pick(actor, [*options, PASS])
            if choice is PASS:
                declined.extend(options)
                if declined_actors is None:
                    declined_actors = set()
                declined_actors.add(actor)
                declined_keys = None  # worked out again, with these, when next needed
                continue
            self.play(choice)
            played += 1
        return played


def play_game(
    ruleset: Ruleset, config: Mapping[str, Any], game_seed: str, agents: Sequence[str],
    max_actions: int,
) -> SimResult | None:
    """Game ``game_seed`` (``"S/i"``) to its end or ``max_actions``, as
    ``turnkeeper.sim.play_through_game`` plays it; ``None`` for an agent this loop does not
    know (the reference loop then plays it)."""
    if any(name not in AGENTS for name in agents):
        return None
    was_enabled = gc.isenabled()
    gc.disable()  # a fight makes many short-lived objects and no cycle worth collecting
    try:
        return _play(ruleset, config, game_seed, agents, max_actions)
    finally:
        if was_enabled:
            gc.enable()


#: The last set-up that rolled no dice: (the ruleset, its configuration as JSON, its events).
_LAST_SETUP: Final[list[Any]] = [None, b"", []]


def setup_events(ruleset: Ruleset, config: Mapping[str, Any], game_seed: str) -> list[Event]:
    """``ruleset.setup`` of ``config`` with game ``game_seed``'s set-up dice (command 0).

    A batch of simulated fights sets up the same configuration again and again, and a
    set-up that rolls no dice (no ambush's initiative roll-off) is a function of the
    configuration alone, so the last such set-up's events are given again for the same
    configuration (compared as JSON text, so a changed configuration is set up anew). The
    events are frozen and folding copies what it keeps of their data (the combatants, the
    lists and tables), so one list of them can set up any number of states."""
    try:
        text = msgspec.json.encode(config)
    except (TypeError, msgspec.EncodeError):
        text = b""  # not JSON-able data: set up anew (and let setup say what is wrong)
    last = _LAST_SETUP
    if text and last[0] is ruleset and last[1] == text:
        known: list[Event] = last[2]
        return known
    dice = CommandDice(f"{game_seed}/0")
    events: list[Event] = list(ruleset.setup(dict(config), dice))
    if text and dice.rng is None:
        last[0], last[1], last[2] = ruleset, text, events
    return events


def _play(
    ruleset: Ruleset, config: Mapping[str, Any], game_seed: str, agents: Sequence[str],
    max_actions: int,
) -> SimResult:
    state: PtuState = ruleset.initial_state()
    for event in setup_events(ruleset, config, game_seed):
        folding.apply(state, event)
    seats: dict[str, None] = {}
    rng = random.Random(f"{game_seed}/agents")
    fight = _Fight(ruleset, state, game_seed, {}, rng)
    for cid in state.combatants:  # the ruleset's actors, the GM left out
        seats.setdefault(fight.seat_of(cid), None)
    if len(agents) < len(seats):
        raise IndexError("fewer agents than seats")  # the reference loop's own failure
    fight.agents = {seat: agents[i] for i, seat in enumerate(seats)}
    played = 0
    outcome = fight.outcome()
    while outcome is None and played < max_actions:
        actor = whose_turn(state)
        action: Action | None = None
        if actor is None:
            action = ruleset.sim_gm_action(state)
        if action is None:
            if actor is None:
                options = [a for a in ruleset.legal_actions(state, None) if a.actor != "gm"]
            else:
                options = per_version.legal_list(state, actor)
            if not options:
                return None, f"nobody can act ({actor or 'no turn'})", played, None
            mover = str(options[0].actor) if actor is None else actor
            action = fight.pick(mover, options)
        fight.play(action)
        played += 1
        played += fight.answer_out_of_turn(max_actions - played)
        outcome = fight.outcome()
    rounds = state.clock.round
    if outcome is None:
        return None, f"stopped after {max_actions} actions", played, rounds
    return tuple(outcome.winners), outcome.reason, played, rounds
