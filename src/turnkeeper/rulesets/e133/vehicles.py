"""Vehicles and mounts. Element 133, Action Economy: Vehicles (start, park, enter/exit, pilot,
trigger a device); Mount/Dismount; Control a Frightened Mount."""

from __future__ import annotations

from typing import Any

from turnkeeper.core.model import (
    BadActionError,
    Refusal,
)
from turnkeeper.rulesets.e133.actions import (
    EnterVehicle,
    ExitVehicle,
    ParkVehicle,
    PilotVehicle,
    Provoking,
    StartVehicle,
    TriggerDevice,
)
from turnkeeper.rulesets.e133.economy import (
    Provocation,
    leave,
    pay,
    provoke,
    simple,
    table_part,
    taken,
)
from turnkeeper.rulesets.e133.plan import (
    Plan,
    Roll,
    incapacitated,
    move_payer,
    refuse,
    travel,
)
from turnkeeper.rulesets.e133.state import E133State, Fighter

#: Triggering a device (a bomb, a trap) provokes nothing.
device_part = table_part(False)


def plan_trigger_device(s: E133State, f: Fighter, p: TriggerDevice
                      ) -> Plan | Refusal:
    return taken(s, f, p, Plan("trigger_device", "e133.vehicle.trigger", "bonus"), device_part)


# -- vehicles and mounts -------------------------------------------------------------
def plan_start_vehicle(s: E133State, f: Fighter, p: StartVehicle
                     ) -> Plan | Refusal:
    return vehicle_switch(s, f, p, "start_vehicle")


def plan_park_vehicle(s: E133State, f: Fighter, p: ParkVehicle) -> Plan | Refusal:
    return vehicle_switch(s, f, p, "park_vehicle")


def vehicle_switch(s: E133State, f: Fighter, p: StartVehicle | ParkVehicle, kind: str
                   ) -> Plan | Refusal:
    hard = p.hotwire if isinstance(p, StartVehicle) else p.difficult
    if hard:
        return taken(s, f, p, Plan(kind, "e133.vehicle.hotwire", "standard"), switch_part)
    return taken(s, f, p, Plan(kind, "e133.vehicle.start", "bonus"), switch_part)


def switch_part(s: E133State, f: Fighter, p: StartVehicle | ParkVehicle, plan: Plan
                ) -> Provocation | Refusal:
    """Starting or parking the vehicle one is in: it runs, or stops; a hotwire or a
    difficult stop needs its check (a failure changes nothing). No provocation."""
    starting = isinstance(p, StartVehicle)
    hard = p.hotwire if isinstance(p, StartVehicle) else p.difficult
    if not f.in_vehicle:
        return refuse("e133.vehicle.start", f"{f.id} is not in a vehicle")
    if f.vehicle_running == starting:
        return refuse("e133.vehicle.start",
                       f"the vehicle is already {'running' if starting else 'parked'}")
    plan.set(f.id, vehicle_running=starting)
    if hard:
        kind = "start_vehicle" if starting else "park_vehicle"
        if p.dc is None:
            raise BadActionError(f"{kind}: params.dc: required for a "
                                 f"{'hotwire' if starting else 'difficult stop'}")
        plan.roll = Roll(kind, p.modifier, p.dc, p.advantage, p.disadvantage)
        plan.fail_sets = {}
    return False, "e133.aoo.table"


def plan_enter_vehicle(s: E133State, f: Fighter, p: EnterVehicle
                     ) -> Plan | Refusal:
    return enter_exit(s, f, p, "enter_vehicle", entering=True)


def plan_exit_vehicle(s: E133State, f: Fighter, p: ExitVehicle) -> Plan | Refusal:
    return enter_exit(s, f, p, "exit_vehicle", entering=False)


def enter_exit(s: E133State, f: Fighter, p: ExitVehicle, kind: str,
                entering: bool) -> Plan | Refusal:
    if not p.fast:
        # Easy vehicles (a bicycle, a motorbike) may make it quicker: `time`.
        return taken(s, f, p, Plan(kind, "e133.vehicle.enter-exit", p.time), enter_exit_part)
    refusal = boarding_refusal(f, entering)
    if refusal is not None:
        return refusal
    # Fast: only tried if it could be done as a move action this round.
    payer = move_payer(f)
    if payer is None:
        return refuse("e133.vehicle.fast", "a fast enter/exit needs a move action that "
                       "could still be taken this round")
    plan = Plan(kind, "e133.vehicle.fast", "free")
    refusal = pay(s, f, plan)
    if refusal is not None:
        return refusal
    provoke(s, f, plan, p, False, "e133.vehicle.enter-exit")
    plan.roll = fast_entry_roll(f, p.advantage, p.disadvantage)
    changes = boarding_changes(f, p)
    plan.set(f.id, **changes)
    # A failure makes it a move action instead: the move is paid, the entry still happens.
    plan.fail_sets = {f.id: dict(changes)}
    plan.fail_pay = [payer]
    plan.fail_free = False
    return plan


def fast_entry_roll(f: Fighter, advantage: bool = False, disadvantage: bool = False) -> Roll:
    """A fast enter or exit: a Navigation check, less the armour check penalty, against DC 18
    (e133.vehicle.fast); the legal-action listing offers it with these odds."""
    return Roll("Navigation (fast enter/exit)", f.navigation - f.armour_check_penalty, 18,
                advantage, disadvantage)


def boarding_refusal(f: Fighter, entering: bool) -> Refusal | None:
    """Entering needs one out of a vehicle, exiting one in it; a rider dismounts first."""
    if f.in_vehicle == entering:
        return refuse("e133.vehicle.enter-exit",
                       f"{f.id} is {'already' if entering else 'not'} in a vehicle")
    if f.mounted:
        return refuse("e133.vehicle.enter-exit", f"{f.id} must dismount first")
    return None


def boarding_changes(f: Fighter, p: ExitVehicle) -> dict[str, Any]:
    """What entering (aboard, at the vehicle's speed) or exiting (out; the vehicle stops
    running and is piloted no more) changes."""
    changes: dict[str, Any] = {"in_vehicle": isinstance(p, EnterVehicle)}
    if isinstance(p, EnterVehicle):
        changes["vehicle_speed"] = (f.vehicle_speed if p.vehicle_speed is None
                                    else p.vehicle_speed)
    else:
        changes["vehicle_running"] = False
        changes["piloting"] = False
    return changes


def enter_exit_part(s: E133State, f: Fighter, p: ExitVehicle, plan: Plan
                    ) -> Provocation | Refusal:
    """Entering or exiting a vehicle the usual way; it provokes nothing. The fast way (a
    free action with a check, only while a move action could still be taken) is no part of
    it: fired as a readied action it is refused."""
    if p.fast:
        return refuse("e133.vehicle.fast", "a fast enter/exit needs a move action that could "
                      "still be taken this round; a readied one fires as a reaction")
    refusal = boarding_refusal(f, isinstance(p, EnterVehicle))
    if refusal is not None:
        return refusal
    plan.set(f.id, **boarding_changes(f, p))
    return False, "e133.vehicle.enter-exit"


def plan_pilot_vehicle(s: E133State, f: Fighter, p: PilotVehicle
                     ) -> Plan | Refusal:
    if not f.in_vehicle:
        return refuse("e133.vehicle.pilot", f"{f.id} is not in a vehicle")
    dist, to = travel(s, f, p, "pilot_vehicle", p.distance)
    if dist > f.vehicle_speed:
        return refuse("e133.vehicle.pilot", f"the vehicle moves at most {f.vehicle_speed}"
                       f" ft, not {dist}")
    if f.vehicle_concentration:
        # Some vehicles need concentration to pilot (Pilot Vehicle; Concentration).
        if incapacitated(f):
            return refuse("e133.vehicle.concentration", f"{f.id} cannot concentrate, and this "
                          "vehicle needs concentration to pilot")
        if f.concentrating is not None:
            return refuse("e133.vehicle.concentration", f"{f.id} already concentrates on "
                          f"{f.concentrating['ability']}; piloting this vehicle needs it too",
                          also=("e133.cast.concentration-one",))
    # Some vehicles take a full-round action to move (Pilot Vehicle).
    cost = "full" if p.full_round else "move"
    plan = simple(s, f, p, "pilot_vehicle", "e133.vehicle.pilot", cost, True)
    if isinstance(plan, Plan):
        leave(s, f, plan, p)
        if f.vehicle_concentration:
            plan.set(f.id, piloting=True)
        if to is not None:
            plan.set(f.id, position=to)
    if isinstance(plan, Plan) and p.dc is not None:
        plan.roll = Roll("Navigation (manoeuvre)", f.navigation, p.dc, p.advantage,
                         p.disadvantage)
    return plan


def plan_mount(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("mount", "e133.mount.mount-dismount", "move"), mount_part)


def mount_part(s: E133State, f: Fighter, p: Provoking, plan: Plan) -> Provocation | Refusal:
    """Mounting a steed (riding afterwards); no provocation."""
    if f.mounted or f.in_vehicle:
        return refuse("e133.mount.mount-dismount", f"{f.id} is already riding or aboard")
    refusal = steed_refusal(s, f)
    if refusal is not None:
        return refusal
    plan.set(f.id, mounted=True)
    return False, "e133.aoo.table"


def steed_refusal(s: E133State, f: Fighter) -> Refusal | None:
    """A declared steed (the set-up's ``steed``) is mounted only while it is in the
    encounter and standing: a steed that left, is down or dropped carries nobody (a ruling:
    the rule text times the mounting and says nothing of the steed's state; READINGS)."""
    steed_id = f.steed
    if steed_id is None:
        return None
    steed = s.fighters.get(steed_id)
    if steed is None:
        return refuse("e133.mount.mount-dismount", f"{f.id}'s steed {steed_id} is no longer "
                      "in the encounter")
    if "down" in steed.conditions or not steed.can_act:
        return refuse("e133.mount.mount-dismount", f"{f.id}'s steed {steed_id} is down")
    return None


def plan_dismount(s: E133State, f: Fighter, p: Provoking) -> Plan | Refusal:
    return taken(s, f, p, Plan("dismount", "e133.mount.mount-dismount", "move"),
                 dismount_part)


def dismount_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                  ) -> Provocation | Refusal:
    """Dismounting (riding no more); no provocation."""
    if not f.mounted:
        return refuse("e133.mount.mount-dismount", f"{f.id} is not mounted")
    plan.set(f.id, mounted=False)
    return False, "e133.aoo.table"


def plan_control_mount(s: E133State, f: Fighter, p: Provoking
                     ) -> Plan | Refusal:
    return taken(s, f, p, Plan("control_mount", "e133.mount.frightened", "move"),
                 control_mount_part)


def control_mount_part(s: E133State, f: Fighter, p: Provoking, plan: Plan
                       ) -> Provocation | Refusal:
    """Controlling a frightened mount needs one to ride; it provokes (Table: Move Actions)."""
    if not f.mounted:
        return refuse("e133.mount.frightened", f"{f.id} is not mounted")
    return True, "e133.aoo.table"
