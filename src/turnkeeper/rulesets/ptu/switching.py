"""Switching Pokémon: recall, release, switch, replacing a fainted Pokémon (p. 229).

Parameter models, the rules each kind checks after the action economy, and their events.
A Pokémon released after its initiative count has passed acts at once; in a League Battle a
Pokémon switched in cannot be commanded that round.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.economy import clock_key, roll_off, whose_turn
from turnkeeper.rulesets.ptu.field import (
    RECALL_RANGE,
    bad,
    distance,
    has_trainer,
    present,
    trainer_of,
)
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import Move, Position, SwapParams
from turnkeeper.rulesets.ptu.state import Combatant, PtuState

# ---------------------------------------------------------------------------- parameters
_Id = Annotated[str, msgspec.Meta(min_length=1)]
PokemonIds = Annotated[
    _Id | Annotated[list[_Id], msgspec.Meta(min_length=1)],
    meta("one Pokémon id or a list of them (two at most)"),
]


class RecallParams(Params):
    pokemon: PokemonIds

    def ids(self) -> list[str]:
        """The Pokémon named, as a list (one id is a list of one)."""
        return [self.pokemon] if isinstance(self.pokemon, str) else list(self.pokemon)


class ReleaseParams(Params):
    pokemon: PokemonIds
    at: Position | None = None

    def ids(self) -> list[str]:
        """The Pokémon named, as a list (one id is a list of one)."""
        return [self.pokemon] if isinstance(self.pokemon, str) else list(self.pokemon)

    def place(self) -> list[int] | None:
        """Where they are released, as an ``[x, y]`` list (``None``: at the Trainer)."""
        return None if self.at is None else list(self.at)


# ---------------------------------------------------------------------------- rules
def check_release_target(
    state: PtuState, trainer: Combatant, new: Combatant | None, action: Action
) -> Refusal | None:
    if new is None:
        raise bad(action, "unknown Pokémon to release")
    if new.kind != "pokemon" or new.owner != trainer.owner:
        return RULES.refuse("ptu.switch.own", f"{new.id} is not {trainer.id}'s Pokémon")
    if new.on_field or new.captured or new.fainted:
        return RULES.refuse(
            "ptu.switch.has-pokemon", f"{new.id} is not a healthy Pokémon in its Poké Ball"
        )
    if new.recalled_round == state.clock.round and state.phase != "setup":
        return RULES.refuse(
            "ptu.switch.not-same-round", f"{new.id} was recalled this round"
        )
    return None


def check_recalls(
    state: PtuState, trainer: Combatant, ids: list[str], action: Action
) -> Refusal | None:
    if len(ids) > 2:
        return RULES.refuse("ptu.switch.two-at-once")
    for pid in ids:
        out = state.combatants.get(pid)
        if out is None:
            raise bad(action, f"unknown Pokémon {pid!r}")
        if out.kind != "pokemon" or out.owner != trainer.owner:
            return RULES.refuse("ptu.switch.own", f"{pid} is not {trainer.id}'s Pokémon")
        if not present(out):
            return RULES.refuse("ptu.switch.has-pokemon", f"{pid} is not on the field")
        if state.context != "league" and distance(trainer, out) > RECALL_RANGE:
            return RULES.refuse(
                "ptu.switch.recall-range",
                f"{pid} is {distance(trainer, out)} m from {trainer.id}; the beam reaches 8 m",
            )
    return None


def check_swap(
    state: PtuState,
    c: Combatant | None,
    out: Combatant,
    new: Combatant,
    action: Action,
) -> Refusal | None:
    trainer = c
    if c is None or c.kind == "pokemon":
        trainer = next(
            (t for t in state.combatants.values()
             if t.kind == "trainer" and t.owner == out.owner and out.owner is not None),
            None,
        )
        if trainer is None:
            return RULES.refuse("ptu.switch.own", f"{out.id} has no Trainer to switch it")
    assert trainer is not None
    if c is None:
        if not present(out) or out.kind != "pokemon":
            return RULES.refuse("ptu.switch.has-pokemon", f"{out.id} is not on the field")
    elif c.kind == "pokemon":
        # A Pokémon recalling itself: the range still matters outside League Battles.
        if state.context != "league" and distance(trainer, out) > RECALL_RANGE:
            return RULES.refuse("ptu.switch.recall-range")
    else:
        refusal = check_recalls(state, trainer, [out.id], action)
        if refusal is not None:
            return refusal
    if new.owner != out.owner:
        return RULES.refuse("ptu.switch.own", f"{new.id} belongs to another Trainer")
    return check_release_target(state, trainer, new, action)


def check_switch(
    state: PtuState, c: Combatant, p: SwapParams, move: Move | None, action: Action,
) -> Refusal | None:
    out, new = state.combatants[p.recall], state.combatants[p.release]
    if c.kind == "pokemon" and out is not c:
        return RULES.refuse("ptu.switch.own", "a Pokémon can only switch itself out")
    return check_swap(state, c, out, new, action)


def check_replace_fainted(
    state: PtuState, c: Combatant, p: SwapParams, move: Move | None, action: Action,
) -> Refusal | None:
    out, new = state.combatants[p.recall], state.combatants[p.release]
    if not out.fainted:
        return RULES.refuse("ptu.switch.fainted", f"{out.id} has not fainted")
    return check_swap(state, c, out, new, action)


def check_recall(
    state: PtuState, c: Combatant, p: RecallParams, move: Move | None, action: Action,
) -> Refusal | None:
    return check_recalls(state, c, p.ids(), action)


def check_release(
    state: PtuState, c: Combatant, p: ReleaseParams, move: Move | None, action: Action,
) -> Refusal | None:
    ids = p.ids()
    if len(ids) > 2:
        return RULES.refuse("ptu.switch.two-at-once")
    for pid in ids:
        refusal = check_release_target(state, c, state.combatants.get(pid), action)
        if refusal is not None:
            return refusal
    return None


# ---------------------------------------------------------------------------- costs
def slots_of_switch(state: PtuState, c: Combatant, p: SwapParams) -> tuple[str, ...]:
    """A Standard action; a Trainer switching out a fainted Pokémon spends a Shift (p. 229)."""
    if c.kind == "trainer":
        out = state.combatants.get(p.recall)
        if out is not None and out.fainted:
            return ("shift",)
    return ("standard",)


def slots_of_recall(state: PtuState, c: Combatant, p: RecallParams) -> tuple[str, ...]:
    """One Pokémon is a Shift action, two at once a Standard (p. 229)."""
    return ("standard",) if len(p.ids()) > 1 else ("shift",)


def slots_of_release(state: PtuState, c: Combatant, p: ReleaseParams) -> tuple[str, ...]:
    """One Pokémon is a Shift action, two at once a Standard (p. 229)."""
    return ("standard",) if len(p.ids()) > 1 else ("shift",)


# ---------------------------------------------------------------------------- resolution
def recall_events(state: PtuState, ids: list[str]) -> list[Event]:
    # A Pokémon recalling itself: the caller also ends its turn.
    return [Event("pokemon_recalled", {"pokemon": pid}) for pid in ids]


def release_events(
    state: PtuState, trainer: Combatant, ids: list[str], dice: DiceSource, *,
    free: bool, swap: bool, replacing_fainted: bool = False, forced: bool = False,
    at: list[int] | None = None,
) -> list[Event]:
    out = []
    for pid in ids:
        new = state.combatants[pid]
        key = clock_key(state, new)
        tied = [o for o in state.clock.counts if state.clock.counts[o] == key and o != pid]
        rolls: dict[str, list[int]] = {}
        if tied and state.phase != "setup" and any(
            not state.clock.tiebreak.get(o) for o in [pid, *tied]
        ):
            rolls = roll_off([pid, *tied], dice)
        barred = (
            state.context == "league" and swap and not forced and not replacing_fainted
            and state.phase != "setup"
        )
        acts_now = False
        current = whose_turn(state)
        cur = state.combatants.get(current) if current else None
        if state.phase == "turns" and not barred and cur is not None:
            breaks: dict[str, list[float]] = dict(state.clock.tiebreak)
            breaks.update({k: [float(v) for v in vs] for k, vs in rolls.items()})
            cur_key = clock_key(state, cur)
            passed = key > cur_key or (
                key == cur_key and breaks.get(pid, []) > breaks.get(cur.id, [])
            )
            one_turn_free = not (
                state.pokemon_turns == "one_per_player" and has_trainer(state, new.owner)
                and new.owner in state.pokemon_turn_used
            )
            acts_now = passed and one_turn_free
        out.append(Event("pokemon_released", {
            "pokemon": pid, "by": trainer.id, "position": at or list(trainer.position),
            "free": free, "barred": barred, "acts_now": acts_now, "tiebreak": rolls,
        }))
    return out


def swap_events(
    state: PtuState, trainer: Combatant, recall: str, release: str, dice: DiceSource, *,
    free: bool, replacing_fainted: bool, forced: bool = False,
) -> list[Event]:
    """One Pokémon recalled and another released in its place, on the square it leaves
    (p. 229): the one way a switch, a fainted Pokémon's replacement and the GM's forced
    switch put the new Pokémon on the field."""
    at = list(state.combatants[recall].position)
    out = recall_events(state, [recall])
    out.extend(release_events(state, trainer, [release], dice, free=free, swap=True,
                              replacing_fainted=replacing_fainted, forced=forced, at=at))
    return out


def effects_switch(
    state: PtuState, c: Combatant, k: str, p: SwapParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    # ptu.switch.fainted: switching out a fainted Pokémon makes its replacement's release free.
    fainted = state.combatants[p.recall].fainted
    owner_trainer = c if c.kind == "trainer" else trainer_of(state, c)
    out = swap_events(state, owner_trainer, p.recall, p.release, dice, free=fainted,
                      replacing_fainted=fainted)
    if c.kind == "pokemon":
        out.append(Event("turn_ended", {"actor": c.id}))
    return out


def effects_replace_fainted(
    state: PtuState, c: Combatant, k: str, p: SwapParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    return swap_events(state, c, p.recall, p.release, dice, free=True, replacing_fainted=True)


def effects_recall(
    state: PtuState, c: Combatant, k: str, p: RecallParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    return recall_events(state, p.ids())


def effects_release(
    state: PtuState, c: Combatant, k: str, p: ReleaseParams, move: Move | None,
    dice: DiceSource,
) -> list[Event]:
    swap = any(o.recalled_round == state.clock.round and o.owner == c.owner
               and not o.fainted for o in state.combatants.values())
    return release_events(state, c, p.ids(), dice, free=False, swap=swap, at=p.place())
