"""The game master's actions: starting and ending combat, damage, healing, statuses, timed
effects, forced switches and Speed changes. Only the GM seat (``gm``) takes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from turnkeeper.core.model import Action, Event, Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.dice.source import DiceSource
from turnkeeper.rulesets.ptu.economy import initiative_roll_off, whose_turn
from turnkeeper.rulesets.ptu.field import bad, trainer_of
from turnkeeper.rulesets.ptu.fight.afflictions import immunity_to
from turnkeeper.rulesets.ptu.rules import RULES
from turnkeeper.rulesets.ptu.shared import CombatantId, SwapParams
from turnkeeper.rulesets.ptu.state import AFFLICTIONS, STATUSES, PtuState
from turnkeeper.rulesets.ptu.switching import check_swap, swap_events

if TYPE_CHECKING:
    Status = str
else:  # the enum is built from the rules' own tuple
    Status = Literal[STATUSES]


# ---------------------------------------------------------------------------- parameters
class AmountParams(Params):
    target: CombatantId
    amount: Annotated[int, meta("hit points", ge=0, open_value=True)]


class SetStatusParams(Params):
    target: CombatantId
    status: Annotated[Status, meta("the status condition")]
    value: Annotated[bool, meta("true sets it, false clears it")] = True
    #: Who caused it (Infatuated: the one it is infatuated with, PTU 1.05 Core p. 247).
    source: CombatantId | None = None


class AddEffectParams(Params):
    target: CombatantId
    name: Annotated[str, meta("what the effect is", min_length=1, open_value=True)]
    rounds: Annotated[int, meta("full rounds it lasts", ge=1)] = 1
    status: Annotated[Status | None, meta("a status it gives while it lasts")] = None


class SetSpeedParams(Params):
    target: CombatantId
    speed: Annotated[int, meta("the new Speed (initiative follows it)", ge=0)]


# ---------------------------------------------------------------------------- rules
def check_gm(state: PtuState, kind: str, p: Params, action: Action) -> Refusal | None:
    if kind == "begin_combat":
        if state.phase != "setup":
            return RULES.refuse("ptu.setup.free-start", "combat has already begun")
        return None
    if kind == "end_combat":
        if state.phase in ("setup", "over"):
            return RULES.refuse("ptu.gm.only", "there is no combat going on to end")
        return None
    for key in ("target", "source"):
        named = getattr(p, key, None)
        if named is not None and named not in state.combatants:
            raise bad(action, f"unknown {key} {named!r}")
    if isinstance(p, SetStatusParams) and p.value:
        target = state.combatants[p.target]
        name = AFFLICTIONS.get(p.status) or {"stuck": "Stuck", "trapped": "Trapped"}.get(
            p.status)
        immune = immunity_to(name, target.types) if name is not None else None
        if immune is not None:
            return RULES.refuse("ptu.fight.affliction.type-immune",
                                f"{target.id} is {immune}: it cannot be {p.status}")
    if kind == "add_effect" and state.phase not in ("turns", "declare"):
        return RULES.refuse("ptu.gm.only", "timed effects need a running round")
    if isinstance(p, SwapParams):  # forced_switch
        out = state.combatants.get(p.recall)
        new = state.combatants.get(p.release)
        if out is None or new is None:
            raise bad(action, "recall and release must be combatant ids")
        if state.phase in ("setup", "over"):
            return RULES.refuse("ptu.gm.only", "a forced switch happens during combat")
        return check_swap(state, None, out, new, action)
    return None


# ---------------------------------------------------------------------------- resolution
def resolve_gm(state: PtuState, k: str, p: Params, dice: DiceSource) -> list[Event]:
    if k == "begin_combat":
        # Ties in Speed are rolled off as round 1 begins (p. 227), so the dice of this
        # step decide them (Pokémon still in their balls included).
        return [*initiative_roll_off(
            [(c.id, c.speed, c.kind) for c in state.combatants.values()],
            state.context, dice,
        ), Event("combat_began", {})]
    if k == "end_combat":
        return [Event("combat_ended", {})]
    if isinstance(p, AmountParams):  # damage, heal
        return [Event(k if k == "heal" else "damaged",
                      {"target": p.target, "amount": p.amount})]
    if isinstance(p, SetStatusParams):
        data: dict[str, object] = {"target": p.target, "status": p.status, "value": p.value}
        if p.source:
            data["source"] = p.source
        return [Event("status_set", data)]
    if isinstance(p, AddEffectParams):
        return [Event("effect_added", {"target": p.target, "name": p.name,
                                       "rounds": p.rounds, "status": p.status})]
    if isinstance(p, SetSpeedParams):
        return [Event("speed_set", {"target": p.target, "speed": p.speed})]
    # forced_switch: the released Pokémon may act (p. 229)
    assert isinstance(p, SwapParams)
    trainer = trainer_of(state, state.combatants[p.recall])
    out = swap_events(state, trainer, p.recall, p.release, dice, free=True,
                      replacing_fainted=False, forced=True)
    if whose_turn(state) == p.recall:
        out.append(Event("turn_ended", {"actor": p.recall}))
    return out
