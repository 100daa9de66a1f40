"""The legal actions: what each combatant is offered now, from prebuilt per-combatant menus."""

from __future__ import annotations

import weakref
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, final

from turnkeeper.core.model import Action, BadActionError, Refusal
from turnkeeper.rulesets.e133.actions import ACTION_KINDS
from turnkeeper.rulesets.e133.changes import hit_points_only
from turnkeeper.rulesets.e133.fight.attack import AttackProfile, Defences
from turnkeeper.rulesets.e133.movement import (
    dash_barred,
    five_foot_step_barred,
    withdraw_barred,
)
from turnkeeper.rulesets.e133.plan import (
    COST_DETAIL,
    COST_LABEL,
    NO_DEX_TO_AC,
    FightOdds,
    Plan,
    Roll,
    attack_odds,
    clamped_threshold,
    dex_lost,
    drop_odds,
    drop_threshold,
    has_effect,
    incapacitated,
    most_damage,
    odds_text,
    walk_speed,
)
from turnkeeper.rulesets.e133.reach import away, nearest_enemy, toward
from turnkeeper.rulesets.e133.ready import readied_resolved
from turnkeeper.rulesets.e133.standard import unseen_attack
from turnkeeper.rulesets.e133.state import COVERS, E133State, Fighter
from turnkeeper.rulesets.e133.vehicles import fast_entry_roll, steed_refusal

# ------------------------------------------------------------------ legal actions
# legal_actions offers a representative set of candidates (``candidates``): per enemy a
# melee and a ranged attack, per speed a full move, a 5-foot move, a 5-foot step, a dash
# and a withdraw, the fixed standard/move/free/bonus actions, the combatant's abilities,
# and out of turn the attacks of opportunity and readied actions it may take.
#
# The fast path below does not plan each candidate: it reads the actor's facts once
# (budget, flags, conditions, speeds) and decides each family of candidates with the
# same tests the planners make, picking prebuilt Action objects from a per-combatant
# menu. tests/e133/test_e133_legal_fast.py keeps the slow path (plan every candidate with
# ``check``) and asserts over random play that both give exactly the same actions.


@final
class Offers:
    """The legal-action listing of one ruleset instance, with its caches."""

    def __init__(self, outcome: Any, plan: Any = None, fight_odds: Any = None) -> None:
        self.outcome = outcome
        # (state, action) -> Plan | Refusal, and (state, action, plan) -> FightOdds | None:
        # the ruleset's own planning, for a placed encounter's offers (planned one by one)
        self._plan = plan
        self._fight_odds = fight_odds
        self._cache: weakref.WeakKeyDictionary[E133State, tuple[int, dict[Any, list[Action]]]]
        self._cache = weakref.WeakKeyDictionary()
        self._actions: dict[tuple[Any, ...], Action] = {}
        self._menus: dict[tuple[Any, ...], _Menu] = {}
        self._fought_cache: dict[tuple[Any, ...], Action] = {}
        # (kind, id of an attack offer) -> (that offer, the same attack as a full attack or
        # a charge): the odds are the attack's
        self._as_full: dict[tuple[str, int], tuple[Action, Action]] = {}
        self._by_roster: weakref.WeakKeyDictionary[E133State, tuple[int, dict[Any, Any]]]
        self._by_roster = weakref.WeakKeyDictionary()
        # the weapon, shield, mount and vehicle offers, per the state of that gear (_gear)
        self._gears: dict[tuple[Any, ...], _Gear] = {}
        # How many times held attack offers were brought up to date after a change of hit
        # points alone (``_catch_up``): tests read it to know that path was really taken (a
        # compiled class's methods cannot be wrapped from outside).
        self.catch_ups = 0

    # legal_actions offers a representative set of candidates (``candidates``): per enemy a
    # melee and a ranged attack, per speed a full move, a 5-foot move, a 5-foot step, a dash
    # and a withdraw, the fixed standard/move/free/bonus actions, the combatant's abilities,
    # and out of turn the attacks of opportunity and readied actions it may take.
    #
    # The fast path below does not plan each candidate: it reads the actor's facts once
    # (budget, flags, conditions, speeds) and decides each family of candidates with the
    # same tests the planners make, picking prebuilt Action objects from a per-combatant
    # menu. tests/e133/test_e133_legal_fast.py keeps the slow path (plan every candidate with
    # ``check``) and asserts over random play that both give exactly the same actions.
    def legal_actions(self, state: E133State, actor: str | None = None) -> Iterator[Action]:
        cached = self._cache.get(state)
        if cached is None or cached[0] != state.version:
            cached = (state.version, {})
            self._cache[state] = cached
        table = cached[1]
        result = table.get(actor)
        if result is None:
            result = self._generate(state, actor)
            table[actor] = result
        return iter(result)

    def _generate(self, state: E133State, actor: str | None) -> list[Action]:
        if self.outcome(state) is not None:
            return []
        current = state.clock.current()
        if actor is not None:
            f = state.fighters.get(actor)
            if f is None:
                return []
            if actor == current:
                return self._offer_turn(state, f)
            return self._offer_reactions(state, f)
        out: list[Action] = []
        for fid, f in state.fighters.items():
            out += self._offer_turn(state, f) if fid == current else self._offer_reactions(
                state, f)
        return out

    def _menu(self, state: E133State, f: Fighter) -> _Menu:
        store = self._per_roster(state)
        menu: _Menu | None = store.get(f.id)
        if menu is None:
            menu = store[f.id] = self._build_menu(state, f)
        return menu

    def _build_menu(self, state: E133State, f: Fighter) -> _Menu:
        side = f.side
        enemies = tuple([(g.id, g.ac) for g in state.fighters.values()
                         if g.side != side and "down" not in g.conditions and g.can_act])
        # Everything a menu is built from is in its key: menus are shared across games.
        bonus = f.attack_bonus
        key = (f.id, enemies, tuple(f.speeds.items()),
               tuple([(n, a["type"], a["action"]) for n, a in f.abilities.items()]),
               bonus.get("melee"), bonus.get("ranged"), tuple(f.damage.items()))
        menu = self._menus.get(key)
        if menu is None:
            if len(self._menus) > 4096:
                self._menus.clear()
            menu = self._menus[key] = _Menu(f, enemies)
        return menu

    def _move_action(self, fid: str, mode: str, dist: int, cost: str) -> Action:
        slot = (fid, "move", mode, dist, cost)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action("move", fid, {"distance": dist, "mode": mode},
                                                  cost=cost, cost_detail=MOVE_DETAIL[cost])
        return action

    def _allowed(self, state: E133State, action: Action) -> Plan | None:
        """The ruleset's plan of ``action`` when it would be allowed now; None when it is
        refused, malformed or cannot be planned here (no planner given). Every planned offer
        asks this, so an offer is exactly what ``check`` allows."""
        if self._plan is None:
            return None
        try:
            plan = self._plan(state, action)
        except BadActionError:
            return None
        return None if isinstance(plan, Refusal) else plan

    def _planned(self, state: E133State, f: Fighter) -> list[Action]:
        """A placed encounter's offers: each candidate (``_candidates``) planned in full, the
        allowed ones offered with their cost and odds. Slower than the prebuilt menus, which
        know no positions; the same answers as ``check`` by construction."""
        out: list[Action] = []
        for kind, _key, params in self._candidates(state, f):
            action = Action(kind, f.id, params)
            plan = self._allowed(state, action)
            if plan is None:
                continue
            cost = COST_LABEL[plan.cost]
            if kind == "move" and plan.cost == "none":
                cost = MOVE_COSTS[1]
            odds = None
            if plan.roll is not None:
                odds = odds_text(plan.roll, self._fight_odds(state, action, plan))
            out.append(Action.offer(kind, f.id, params, cost, odds,
                                    MOVE_DETAIL[cost] if kind == "move"
                                    else COST_DETAIL[plan.cost]))
        return out

    def _offer_turn(self, state: E133State, f: Fighter) -> list[Action]:
        """The candidates the acting combatant may take now (see the comment above)."""
        if state.placed and f.can_act and "down" not in f.conditions:
            return self._planned(state, f)
        menu = self._menu(state, f)
        if "down" in f.conditions or not f.can_act:
            # Down, or dropped: it only ends its turn (e133.fight.drop.no-actions).
            return [menu.end_turn]
        # ---- the actor's facts, read once
        settings = state.settings
        budget = f.budget
        left = budget.remaining
        std = left.get("standard", 0) > 0
        restricted = f.restricted_turn
        move_ok = left.get("move", 0) > 0 or (std and (
            restricted or "standard" in budget.substitutes.get("move", ())))
        full_ok = std and not restricted and left.get("move", 0) > 0
        bonus_ok = f.bonus_left > 0 and (settings.restricted_bonus or not restricted)
        limit = settings.free_actions_per_turn
        free_ok = limit is None or f.free_used < limit
        reaction_ok = f.bonus_left > 0 and not f.surprised
        conditions = f.conditions
        incap = incapacitated(f)
        blinded = "blinded" in conditions
        rnd = state.clock.round
        resting = rnd < f.rest_until
        stepped = f.stepped
        speeds = f.speeds

        out = [menu.end_turn]
        # ---- attacks (Attack; Multiple Attacks; cover)
        extra = f.attacks_left > 0
        if extra or std:
            pick = 1 if extra else 0
            attacks, first = self._attacks(state, f, menu, pick)
            out += attacks
            if first is not None and full_ok:
                # A full attack and a charge on the first enemy, in melee, with the same odds
                # as the attack (Full-Round Actions; e133.attack.full-attack / .charge).
                out.append(self._as_full_round("full_attack", first))
                if not stepped:
                    out.append(self._as_full_round("charge", first))
        # ---- movement (Move; Using Different Speeds; Take 5-Foot Step; Dash; Withdraw)
        cont = f.move_open and f.move_used < (max(speeds.values()) if speeds else 0)
        moved, move_used = f.moved, f.move_used

        def move_cost(base: int | None, dist: int) -> int:
            """0: refused; 1: pays a move action; 2: continues the open move action."""
            if stepped or base is None or base <= 0 or (resting and moved + dist > base):
                return 0
            if cont:
                room = base - move_used
                return 2 if room > 0 and dist <= room else 0
            return 1 if dist <= base and move_ok else 0

        if menu.near_move is not None:
            how = move_cost(speeds.get("walk"), 5)
            if how:
                out.append(menu.near_move[how - 1])
        step_ok = five_foot_step_barred(f) is None
        dash_ok = (full_ok and not f.in_vehicle and not blinded
                   and dash_barred(state, f) is None)
        dash_roll = f.dash_streak + 1 > f.con
        # (the offered withdraw goes twice the speed: too far while resting, dash.rest)
        withdraw_ok = (not f.withdrawn and not blinded and withdraw_barred(f) is None
                       and not resting and (std if restricted else full_ok))
        for mode, speed, moves5, step, dash, withdraws in menu.modes:
            room = speed - move_used if f.move_open else speed
            if room >= 5:
                dist = room - room % 5
                if dist != 5:
                    how = move_cost(speed, dist)
                    if how:
                        out.append(self._move_action(f.id, mode, dist, MOVE_COSTS[how - 1]))
            how = move_cost(speed, 5)
            if how:
                out.append(moves5[how - 1])
            if step_ok and speed > 5:
                out.append(step)
            if dash_ok:
                if dash_roll:
                    roll = Roll("Constitution (dash)", (f.con - 10) // 2, 10 + f.dash_checks)
                    out.append(Action("dash", f.id, dash.params, cost=dash.cost,
                                      odds=odds_text(roll), cost_detail=dash.cost_detail))
                else:
                    out.append(dash)
            if withdraw_ok:
                out.append(withdraws[0 if restricted else 1])
                out.append(withdraws[2 if restricted else 3])
        # ---- the fixed candidates, in FIXED_CANDIDATES order
        fx = menu.fixed
        if std:
            out.append(fx["disengage"])
            if not incap and any(speeds.values()):
                out.append(fx["dodge"])
            out.append(fx["total_defense"])
        if bonus_ok:
            out.append(fx["hide"])
        if std:
            out.append(fx["ready"])
            out.append(fx["spark"])
            if not incap and f.concentrating is None and not f.piloting:
                out.append(fx["ward"])
        if f.weapons:
            # named set-up weapons: each drawn or put away by name (``_Gear``)
            out += self._gear(state, f).weapon_offers(f, move_ok, free_ok)
        elif move_ok:
            out.append(fx["draw_weapon"])
            out.append(fx["sheathe_weapon"])
        if free_ok:
            out.append(fx["draw_ammunition"])
        if move_ok and "prone" in conditions:
            out.append(fx["stand_up"])
        if std:
            out.append(fx["feint"])
            full_round = f.full_round
            if full_round is None:
                out.append(fx["start_full_round"])
            elif full_round["round"] < rnd:
                out.append(fx["complete_full_round"])
        if free_ok:
            out.append(fx["free_action"])
        # ---- shield, mount, vehicle (what the set-up gave it, in the state it is in now)
        if (f.shield != "none" or f.mounted or f.in_vehicle or f.vehicle_speed) and (
                move_ok or free_ok or bonus_ok):
            out += self._gear(state, f).gear_offers(f, move_ok, free_ok, bonus_ok, incap)
        if (f.steed is not None and move_ok and not f.mounted and not f.in_vehicle
                and steed_refusal(state, f) is None):
            # a declared steed, standing: mounted with a move action (mount_candidates)
            out.append(self._cached(f.id, "mount", {}, "move"))
        # ---- concentration, abilities, a readied action
        c = f.concentrating
        if c is not None:
            if std and not incap:
                out.append(fx["concentrate"])
            if free_ok:
                out.append(self._cached(f.id, "dismiss", {"ability": c["ability"]}, "free"))
        if menu.abilities:
            can = {"standard": std, "move": move_ok, "full": full_ok, "free": free_ok,
                   "bonus": bonus_ok, "reaction": reaction_ok, "none": True}
            uses = f.uses
            for name, kind, cost, action in menu.abilities:
                if (name in uses and uses[name] < 1) or (kind == "spell_like" and incap):
                    continue
                if can[cost]:
                    out.append(action)
        if f.readied is not None and reaction_ok and self._readied_ok(f):
            if readied_target_candidates(state, f) is not None:
                out += self._fire_target_offers(state, f)
            else:
                out.append(menu.fire_readied)
        return out

    def _attacks(self, state: E133State, f: Fighter, menu: _Menu, pick: int
                 ) -> tuple[list[Action], Action | None]:
        """``f``'s attack offers (``pick`` 0: paying the standard action, 1: a further attack
        of the same action) and the first enemy's melee one, or None. They depend only on the
        targets (cover, effects, health, who stands): cached per ``state.roster_version``.
        After changes of hit points alone (hits that left their targets standing, changes.py)
        only the offers whose P(drop) changed are built again (``_catch_up``)."""
        store = self._per_roster(state)
        slot = ("attacks", f.id, pick)
        now = state.roster_version
        held: _HeldAttacks | None = store.get(slot)
        if held is not None:
            if held.version == now:
                return held.offers, held.first
            touched = hit_points_only(state, held.version)
            if touched is not None:
                self._catch_up(state, f, menu, pick, held, touched)
                return held.offers, held.first
        fighters = state.fighters
        offers: list[Action] = []
        first: Action | None = None
        where: dict[str, list[tuple[int, int, int]]] = {}
        thresholds: dict[int, int] = {}
        dodgers, exposed = _dodging_and_exposed(state)
        damaging = menu.damaging
        for entry in menu.attacks:
            target, pair, base, i = entry
            g = fighters[target]
            cover = g.cover
            if cover == "total":
                continue  # total cover: it cannot be targeted
            unseen = unseen_attack(state, f, g)
            if base is None or (cover == "none" and target not in dodgers
                                and target not in exposed and unseen == _SEEN
                                and (not damaging or g.health is None)):
                offer = pair[pick]  # the prebuilt offer as it is (what most offers are)
            else:
                built = self._attack_offer(f, g, menu, entry, pick, dodgers, exposed, unseen)
                assert built is not None
                offer, most = built
                if most is not None:
                    assert g.health is not None
                    where.setdefault(target, []).append((len(offers), i, most))
                    thresholds[len(offers)] = clamped_threshold(g.health, most)
            offers.append(offer)
            if i == 0:
                first = offer
        store[slot] = _HeldAttacks(now, offers, first, where, thresholds)
        return offers, first

    def _catch_up(self, state: E133State, f: Fighter, menu: _Menu, pick: int,
                  held: _HeldAttacks, touched: frozenset[str]) -> None:
        """Bring ``held`` up to date after changes of the hit points of ``touched`` alone:
        only an offer whose P(drop) depends on what changed (plan.drop_threshold) is built
        again; nothing else about the targets changed. The list is copied before it is
        changed: the old one may have been handed out."""
        self.catch_ups += 1
        offers = held.offers
        fighters = state.fighters
        thresholds = held.thresholds
        dodgers: Collection[str] | None = None
        exposed: Collection[str] = ()
        for target in touched:
            places = held.where.get(target)
            if not places:
                continue  # an ally, or offers that carry no P(drop)
            g = fighters[target]
            health = g.health
            assert health is not None
            # plan.clamped_threshold, inline: this loop may see every target of a large fight
            left = health.hp + health.temporary_hp if health.status == "up" else 0
            for place, i, most in places:
                threshold = left if left <= most else most + 1
                if threshold == thresholds[place]:
                    continue
                if dodgers is None:
                    dodgers, exposed = _dodging_and_exposed(state)
                    offers = list(offers)
                    thresholds = dict(thresholds)
                built = self._attack_offer(f, g, menu, menu.attacks[i], pick, dodgers, exposed,
                                           unseen_attack(state, f, g))
                assert built is not None  # only cover hides a target, and cover is no hit
                offers[place] = built[0]
                thresholds[place] = threshold
                if i == 0:
                    held.first = built[0]
        held.version = state.roster_version
        held.offers = offers
        held.thresholds = thresholds

    def _attack_offer(self, f: Fighter, g: Fighter, menu: _Menu, entry: _AttackEntry,
                      pick: int, dodgers: Collection[str], exposed: Collection[str],
                      unseen: tuple[bool, bool] = (False, False)
                      ) -> tuple[Action, int | None] | None:
        """One prebuilt attack of ``menu`` on ``g`` with the odds it has now, and the most
        damage it can deal when its odds include P(drop) (else None); or None when ``g``
        cannot be targeted (total cover)."""
        _target, pair, base, i = entry
        cover = g.cover
        if cover == "total":
            return None
        if base is None:
            return pair[pick], None
        # An attack's odds: cover adds to the AC, a withdrawing target's lost Dexterity
        # bonus takes from it, a dodging target gives disadvantage (Dodge; Withdraw). The
        # prebuilt offers carry the odds without any of these.
        lost = g.dex_ac if g.id in exposed else 0
        adv, dis = hide_edge(g.id in dodgers, unseen)
        extra_ac = COVERS[cover] - lost
        offer = (pair[pick] if cover == "none" and not dis and not adv and not lost
                 else menu.rolled(i, pick, extra_ac, dis, adv))
        if menu.damaging and g.health is not None:
            # The fight: P(critical), the damage on a hit and P(drop) against the
            # target's health now, beside the chance to hit.
            profile = f.profiles.get(pair[0].params["mode"])
            if profile is not None:
                ac = base[1] + extra_ac
                most = most_damage(base[0], ac, adv, dis, profile, g.defences)
                threshold = clamped_threshold(g.health, most)
                return self._fought_at(offer, base[0], ac, dis, profile, g.defences,
                                       threshold, adv), most
        return offer, None

    def _per_roster(self, state: E133State) -> dict[Any, Any]:
        """What this state's offers keep while ``state.roster_version`` stays the same (the
        menus, the attack offers), and across changes of hit points alone (changes.py), which
        change no menu; the attack offers catch up with those themselves (``_attacks``)."""
        held = self._by_roster.get(state)
        now = state.roster_version
        if held is None or (held[0] != now and hit_points_only(state, held[0]) is None):
            held = (now, {})
            self._by_roster[state] = held
        elif held[0] != now:
            held = (now, held[1])
            self._by_roster[state] = held
        return held[1]

    def _as_full_round(self, kind: str, attack: Action) -> Action:
        """The melee ``attack`` offer as a full attack or a charge (a full-round action),
        with the attack's odds; a charge names no mode (it is always melee)."""
        slot = (kind, id(attack))
        hit = self._as_full.get(slot)
        if hit is not None and hit[0] is attack:
            return hit[1]
        if len(self._as_full) > 20_000:
            self._as_full.clear()
        params = dict(attack.params)
        if kind == "charge":
            del params["mode"]
        action = Action.offer(kind, attack.actor, params, COST_LABEL["full"], attack.odds,
                              COST_DETAIL["full"])
        self._as_full[slot] = (attack, action)
        return action

    def _gear(self, state: E133State, f: Fighter) -> _Gear:
        """``f``'s prebuilt weapon, shield, mount and vehicle offers for the gear it has and
        the state that gear is in now (kept per that state of the gear: a shield strapped on
        or a vehicle started picks another set). Held per roster version (named weapons
        are in fold.ROSTER_KEYS) beside the state of the rest of the gear, which the turn's
        actions change; found again by everything it is built from (shared across games)."""
        store = self._per_roster(state)
        slot = ("gear", f.id)
        now = (f.shield, f.mounted, f.in_vehicle, f.vehicle_running, f.vehicle_speed)
        held: tuple[tuple[Any, ...], _Gear] | None = store.get(slot)
        if held is not None and held[0] == now:
            return held[1]
        key = (f.id, tuple([(name, w.get("drawn", True)) for name, w in f.weapons.items()]),
               f.shield, f.mounted, f.in_vehicle, f.vehicle_running, f.vehicle_speed,
               f.vehicle_concentration, f.navigation - f.armour_check_penalty, f.bab,
               state.placed)
        gear = self._gears.get(key)
        if gear is None:
            if len(self._gears) > 4096:
                self._gears.clear()
            gear = self._gears[key] = _Gear(state, f)
        store[slot] = (now, gear)
        return gear

    def _cached(self, fid: str, kind: str, params: dict[str, Any], cost: str) -> Action:
        slot = (fid, kind, *params.values(), cost)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action(kind, fid, params, cost=COST_LABEL[cost],
                                                  cost_detail=COST_DETAIL[cost])
        return action

    @staticmethod
    def _readied_ok(f: Fighter) -> bool:
        """A readied move still fits the speed (fire_readied with its default distance)."""
        readied = f.readied
        assert readied is not None
        if readied["action"] not in ("move", "movement"):
            return True
        return bool((readied["distance"] or 0) <= walk_speed(f))

    def _offer_reactions(self, state: E133State, f: Fighter) -> list[Action]:
        """Out of turn: an attack of opportunity the window allows, a readied action."""
        # Off its turn a reaction is charged to the coming turn: only an earlier off-turn
        # reaction (already charged) bars it (economy.reaction_ok).
        if f.charged or f.surprised or "down" in f.conditions or not f.can_act:
            return []
        out: list[Action] = []
        w = state.window
        fid = f.id
        if (w is not None and fid in w["responders"] and fid not in w["answered"]
                and fid not in w["blocked"]
                and state.fighters[w["provoker"]].cover != "total"):
            out.append(self._aoo_offer(state, f, w["provoker"]))
        if f.readied is not None and self._readied_ok(f):
            moves = readied_move_candidates(state, f)
            if moves:
                out += self._fired_moves(state, f, moves)
            elif readied_target_candidates(state, f) is not None:
                out += self._fire_target_offers(state, f)
            else:
                fire = self._fire_offer(state, f)
                if fire is not None:
                    out.append(fire)
        return out

    def _fired_moves(self, state: E133State, f: Fighter, moves: list[Candidate]
                     ) -> list[Action]:
        """A readied move in a placed encounter, offered with the squares it may fire to
        (``readied_move_candidates``): each planned, the allowed ones offered (fire_readied
        without ``to`` would be refused as incomplete there, so it is not offered)."""
        out: list[Action] = []
        for kind, _key, params in moves:
            plan = self._allowed(state, Action(kind, f.id, params))
            if plan is None:
                continue
            out.append(Action.offer(kind, f.id, params, COST_LABEL[plan.cost], None,
                                    COST_DETAIL[plan.cost]))
        return out

    def _fire_offer(self, state: E133State, f: Fighter) -> Action | None:
        """``fire_readied``; a readied action the engine resolves when it fires
        (``ready.readied_resolved``) is planned: offered with its odds (an attack's, a
        skill's), and not offered when it is refused now (out of reach, behind total cover,
        already concentrating, no uses left, a Dodge that would give nothing)."""
        plain = self._cached(f.id, "fire_readied", {}, "reaction")
        readied = f.readied
        if readied is None or self._plan is None or not readied_resolved(readied):
            return plain
        plan = self._allowed(state, plain)
        if plan is None:
            return None
        if plan.roll is None:
            return plain
        odds = odds_text(plan.roll, self._fight_odds(state, plain, plan))
        return Action.offer("fire_readied", f.id, {}, plain.cost, odds, plain.cost_detail)

    def _fire_target_offers(self, state: E133State, f: Fighter) -> list[Action]:
        """An attack readied without its target fires on the target the firing names: one
        ``fire_readied`` per enemy (``readied_target_candidates``), each planned, the allowed
        ones (in reach, not behind total cover...) offered with the attack's odds."""
        out: list[Action] = []
        if self._plan is None:
            return out
        for kind, _key, params in readied_target_candidates(state, f) or []:
            action = Action(kind, f.id, params)
            plan = self._allowed(state, action)
            if plan is None:
                continue
            odds = (None if plan.roll is None
                    else odds_text(plan.roll, self._fight_odds(state, action, plan)))
            out.append(Action.offer(kind, f.id, params, COST_LABEL[plan.cost], odds,
                                    COST_DETAIL[plan.cost]))
        return out

    def _aoo_offer(self, state: E133State, f: Fighter, target: str) -> Action:
        """The attack of opportunity on ``target``, with its odds when the set-up gives the
        attacker a melee bonus and the target an AC."""
        g = state.fighters[target]
        bonus = f.attack_bonus.get("melee")
        if bonus is None or g.ac is None:
            return self._cached(f.id, "aoo", {"target": target}, "reaction")
        cover = COVERS[g.cover] - dex_lost(state, g)
        adv, dis = hide_edge(has_effect(state, target, "dodge") is not None,
                             unseen_attack(state, f, g))
        slot = (f.id, "aoo", target, bonus, g.ac, cover, dis, adv)
        action = self._actions.get(slot)
        if action is None:
            if len(self._actions) > 20_000:
                self._actions.clear()
            action = self._actions[slot] = Action.offer(
                "aoo", f.id, {"target": target, "attack_bonus": bonus, "ac": g.ac},
                COST_LABEL["reaction"], attack_odds(bonus, g.ac + cover, adv, dis),
                COST_DETAIL["reaction"])
        profile = f.profiles.get("melee")
        if profile is not None and g.health is not None:
            return self._fought(action, bonus, g.ac + cover, dis,
                                (profile, g.defences, g.health), adv)
        return action

    def _fought(self, plain: Action, bonus: int, ac: int, dis: bool, fight: FightOdds,
                adv: bool = False) -> Action:
        """``plain`` (an attack with its chance to hit) with the fight's odds added: P(crit),
        the damage on a hit, P(drop) against the target's health now. Cached per what of the
        health the odds depend on (plan.drop_threshold): a hit that leaves a sturdy target
        out of one blow's reach finds the same offer."""
        profile, defences, health = fight
        threshold = drop_threshold(bonus, ac, adv, dis, profile, defences, health)
        return self._fought_at(plain, bonus, ac, dis, profile, defences, threshold, adv)

    def _fought_at(self, plain: Action, bonus: int, ac: int, dis: bool,
                   profile: AttackProfile, defences: Defences, threshold: int,
                   adv: bool = False) -> Action:
        """``_fought`` for a target whose drop threshold (plan.drop_threshold) is known."""
        # keyed on what tells the plain offers apart (an Action hashes by its canonical
        # text, which is slow to build); ``ac`` is the AC the roll is against (cover added),
        # so the target's own AC in the params is keyed too: AC 12 in the open and AC 10
        # behind half cover roll alike but are offered with different params
        params = plain.params
        slot = (plain.kind, plain.actor, params["target"], params.get("mode"),
                "threatened_by" in params, plain.cost, bonus, ac, params.get("ac"), dis,
                profile, defences, threshold, adv)
        action = self._fought_cache.get(slot)
        if action is None:
            if len(self._fought_cache) > 20_000:
                self._fought_cache.clear()
            odds = {**attack_odds(bonus, ac, adv, dis),
                    **drop_odds(bonus, ac, adv, dis, profile, defences, threshold)}
            action = self._fought_cache[slot] = Action.offer(
                plain.kind, plain.actor, plain.params, plain.cost, odds, plain.cost_detail)
        return action

    def candidates(self, state: E133State, fid: str) -> list[Candidate]:
        """Every candidate ``legal_actions`` considers for ``fid`` now, legal or not.

        The reference for the fast path: planning each of these with ``check`` and keeping
        the allowed ones gives exactly what ``legal_actions`` offers.
        """
        f = state.fighters[fid]
        if state.clock.current() == fid:
            return self._candidates(state, f)
        return self._reaction_candidates(state, f)

    def _reaction_candidates(self, state: E133State, f: Fighter) -> list[Candidate]:
        out: list[Candidate] = []
        w = state.window
        if w is not None and f.id in w["responders"] and f.id not in w["answered"]:
            target = w["provoker"]
            out.append(("aoo", ("aoo", target),
                        _attack_params(f, state.fighters[target], "melee", {"target": target})))
        if f.readied is not None:
            out += fired_candidates(state, f)
        return out

    def _candidates(self, state: E133State, f: Fighter) -> list[Candidate]:
        """A representative set of actions to offer; each is planned before it is offered."""
        out: list[Candidate] = [("end_turn", ("end_turn",), {})]
        foes = [g for g in state.fighters.values()
                if g.side != f.side and "down" not in g.conditions and g.can_act]
        enemies = [g.id for g in foes]
        for g in foes:
            e = g.id
            for mode in ("melee", "ranged"):
                out.append(("attack", ("attack", e, mode),
                            _attack_params(f, g, mode, {"target": e, "mode": mode})))
        if state.placed:
            out += _placed_moves(state, f)
        elif enemies:
            # the same acts in reach of an enemy, so that the provoked windows show up too
            e = enemies[0]
            out.append(("attack", ("attack", e, "ranged", "near"), _attack_params(
                f, foes[0], "ranged", {"target": e, "mode": "ranged", "threatened_by": [e]})))
            melee = _attack_params(f, foes[0], "melee", {"target": e, "mode": "melee"})
            out.append(("full_attack", ("full_attack", e), melee))
            out.append(("charge", ("charge", e),
                        {k: v for k, v in melee.items() if k != "mode"}))
            out.append(("move", ("move", 5, "near", e),
                        {"distance": 5, "leaves_threatened_by": [e]}))
        for mode, speed in ({} if state.placed else f.speeds).items():
            if speed <= 0:
                continue
            left = speed - f.move_used if f.move_open else speed
            if left >= 5 and left - left % 5 != 5:
                d = left - left % 5
                out.append(("move", ("move", d, mode), {"distance": d, "mode": mode}))
            out.append(("move", ("move", 5, mode), {"distance": 5, "mode": mode}))
            out.append(("five_foot_step", ("five_foot_step", mode), {"mode": mode}))
            out.append(("dash", ("dash", 2 * speed, mode),
                        {"distance": 2 * speed, "mode": mode}))
            out.append(("withdraw", ("withdraw", 2 * speed, mode),
                        {"distance": 2 * speed, "mode": mode}))
            out.append(("flee", ("flee", 2 * speed, mode),
                        {"distance": 2 * speed, "mode": mode}))
        out += _fixed_candidates(f)
        out += gear_candidates(state, f)
        out += mount_candidates(f)
        if f.concentrating is not None:
            name = f.concentrating["ability"]
            out.append(("concentrate", ("concentrate",), {}))
            out.append(("dismiss", ("dismiss", name), {"ability": name}))
        for name in f.abilities:
            out.append(("use_ability", ("use_ability", name), {"ability": name}))
        if f.readied is not None:
            out += fired_candidates(state, f)
        return out


def fired_candidates(state: E133State, f: Fighter) -> list[Candidate]:
    """The ``fire_readied`` candidates of ``f``'s readied action: a placed move's squares,
    an attack readied without its target's targets, else the plain firing."""
    moves = readied_move_candidates(state, f)
    if moves:
        return moves
    targets = readied_target_candidates(state, f)
    if targets is not None:
        return targets
    return [("fire_readied", ("fire_readied",), {})]


def readied_target_candidates(state: E133State, f: Fighter) -> list[Candidate] | None:
    """An attack readied without its target fires on a target the firing names
    (fire_readied's ``target``, which it needs then): the enemies still standing, as the
    attack offers have. ``None`` for any other readied action."""
    readied = f.readied
    if readied is None or readied["action"] != "attack" or "target" in readied["params"]:
        return None
    return [("fire_readied", ("fire_readied", g.id), {"target": g.id})
            for g in state.fighters.values()
            if g.side != f.side and "down" not in g.conditions and g.can_act]


def readied_move_candidates(state: E133State, f: Fighter) -> list[Candidate]:
    """A readied move in a placed encounter fires to a square (fire_readied's ``to``, which
    it needs there): the representative squares by the nearest enemy, as the placed moves
    have - as far away as the readied distance goes, one square away, and toward it (stopping
    beside it). Empty for any other readied action, or without positions."""
    readied = f.readied
    if (readied is None or readied["action"] not in ("move", "movement") or not state.placed
            or f.position is None):
        return []
    enemy = nearest_enemy(state, f)
    if enemy is None or enemy.position is None:
        return []
    here, there = f.position, enemy.position
    reach = (readied["distance"] or walk_speed(f)) // 5
    squares = [away(here, there, reach), away(here, there, 1),
               toward(here, there, reach, stop_short=True)]
    return [("fire_readied", ("fire_readied", square), {"to": list(square)})
            for square in dict.fromkeys(squares) if list(square) != here]


# (kind, a hashable key naming this candidate, params)
Candidate = tuple[str, tuple[Any, ...], dict[str, Any]]

# Candidates every acting combatant is offered when they pass their checks.
_FIXED: list[tuple[str, dict[str, Any]]] = [
    ("disengage", {}), ("dodge", {}), ("total_defense", {}), ("hide", {}),
    ("ready", {"trigger": "an enemy comes within reach", "action": "attack"}),
    ("cast", {"spell": "spark"}),
    ("cast", {"spell": "ward", "concentration": True, "duration_rounds": 3}),
    ("draw_weapon", {}), ("sheathe_weapon", {}), ("draw_ammunition", {}),
    ("stand_up", {}), ("feint", {}), ("start_full_round", {"action": "ritual"}),
    ("complete_full_round", {}), ("free_action", {"what": "open a door"}),
]

FIXED_CANDIDATES: list[Candidate] = [(k, (k, *p.values()), p) for k, p in _FIXED]

# The two cost labels of a move: it pays a move action, or continues the open one.
MOVE_COSTS = ("move action", "part of the current move action")

# The same as data (Action.cost_detail): a move that continues the open move action uses
# nothing new.
MOVE_DETAIL: dict[str, Mapping[str, int]] = {
    MOVE_COSTS[0]: COST_DETAIL["move"], MOVE_COSTS[1]: COST_DETAIL["none"]}


def _placed_moves(state: E133State, f: Fighter) -> list[Candidate]:
    """A placed encounter's representative moves, by the nearest enemy: a full attack on it, a
    charge to its side; per speed a move toward it (as far as the move goes, and one square),
    a move and a 5-foot step away from it, a dash toward it, a withdraw and a flight away."""
    enemy = nearest_enemy(state, f)
    if enemy is None or f.position is None or enemy.position is None:
        return []
    here, there, e = f.position, enemy.position, enemy.id
    out: list[Candidate] = []
    melee = _attack_params(f, enemy, "melee", {"target": e, "mode": "melee"})
    out.append(("full_attack", ("full_attack", e), melee))
    side = toward(here, there, 2 * f.speeds.get("walk", 0) // 5, stop_short=True)
    if list(side) != here:
        charge = {k: v for k, v in melee.items() if k != "mode"}
        out.append(("charge", ("charge", e, side), {**charge, "to": list(side)}))
    for mode, speed in f.speeds.items():
        if speed <= 0:
            continue
        room = speed - f.move_used if f.move_open else speed
        far = toward(here, there, room // 5, stop_short=True)
        near = toward(here, there, 1, stop_short=True)
        back = list(away(here, there, 1))
        for square in dict.fromkeys([far, near]):
            if list(square) != here:
                out.append(("move", ("move", square, mode), {"to": list(square), "mode": mode}))
        out.append(("move", ("move", back, mode), {"to": back, "mode": mode}))
        out.append(("five_foot_step", ("five_foot_step", back, mode), {"to": back,
                                                                      "mode": mode}))
        dash = toward(here, there, 2 * speed // 5, stop_short=True)
        if list(dash) != here:
            out.append(("dash", ("dash", dash, mode), {"to": list(dash), "mode": mode}))
        gone = list(away(here, there, 2 * speed // 5))
        out.append(("withdraw", ("withdraw", gone, mode), {"to": gone, "mode": mode}))
        out.append(("flee", ("flee", gone, mode), {"to": gone, "mode": mode}))
    return out


def _attack_params(f: Fighter, g: Fighter, mode: str, params: dict[str, Any]
                   ) -> dict[str, Any]:
    """An offered attack's params: with the set-up's attack bonus and AC when both are known
    (so that the offer carries its odds and resolving it rolls the same numbers)."""
    bonus = f.attack_bonus.get(mode)
    if bonus is None or g.ac is None:
        return params
    return {**params, "attack_bonus": bonus, "ac": g.ac}


#: One prebuilt attack of a menu: (target, (the attack paying the standard action, a further
#: attack of the same action), (attack bonus, target's AC) when both are known, its index).
_AttackEntry = tuple[str, tuple[Action, Action], tuple[int, int] | None, int]


@final
@dataclass(slots=True)
class _HeldAttacks:
    """One combatant's attack offers as of roster version ``version``; for each target, where
    its offers with P(drop) are: (place in ``offers``, index of the menu's attack, the most
    damage it deals); and for those places the drop threshold their odds were built for."""

    version: int
    offers: list[Action]
    first: Action | None
    where: dict[str, list[tuple[int, int, int]]]
    thresholds: dict[int, int]


#: (advantage, disadvantage) from Hide when neither side is hidden (standard.unseen_attack)
_SEEN = (False, False)


def hide_edge(dodging: bool, unseen: tuple[bool, bool]) -> tuple[bool, bool]:
    """An offered attack's (advantage, disadvantage), as attacks.attack_roll rolls it: Hide's
    unseen attacker (advantage; a dodger cannot see it, so Dodge gives nothing) and unseen
    target (disadvantage), Dodge's disadvantage; with both, a plain roll (5e)
    (e133.hide, Dodge)."""
    adv, target_unseen = unseen
    dis = (dodging and not adv) or target_unseen
    if adv and dis:
        return False, False
    return adv, dis


def _dodging_and_exposed(state: E133State) -> tuple[Collection[str], Collection[str]]:
    """Who is dodging, and who has lost its Dexterity bonus to AC (a withdraw), now."""
    if not state.effects:
        return (), ()
    return ({e.holder for e in state.effects if e.name == "dodge"},
            {e.holder for e in state.effects if e.name == NO_DEX_TO_AC})


@final
class _Menu:
    """One combatant's candidate actions, prebuilt for one set of enemies and speeds.

    ``legal_actions`` picks from these instead of building and planning each candidate.
    """

    def __init__(self, f: Fighter, foes: tuple[tuple[str, int | None], ...]) -> None:
        fid = f.id

        def act(kind: str, params: dict[str, Any], cost: str) -> Action:
            return Action(kind, fid, params, cost=COST_LABEL[cost],
                          cost_detail=COST_DETAIL[cost])

        def moves(params: dict[str, Any]) -> tuple[Action, Action]:
            return (Action("move", fid, params, cost=MOVE_COSTS[0],
                           cost_detail=MOVE_DETAIL[MOVE_COSTS[0]]),
                    Action("move", fid, params, cost=MOVE_COSTS[1],
                           cost_detail=MOVE_DETAIL[MOVE_COSTS[1]]))

        self.end_turn = act("end_turn", {}, "none")
        # (target, (the attack paying the standard action, a further attack of the same
        # action), (attack bonus, target's AC) when both are known, else None, its index).
        # With a bonus and an AC, the pair carries the odds against no cover and no dodge.
        attacks: list[_AttackEntry] = []

        def attack(e: str, ac: int | None, p: dict[str, Any]) -> None:
            bonus = f.attack_bonus.get(p["mode"])
            if bonus is None or ac is None:
                pair = (act("attack", p, "standard"), act("attack", p, "none"))
                attacks.append((e, pair, None, len(attacks)))
                return
            p = {**p, "attack_bonus": bonus, "ac": ac}
            odds = attack_odds(bonus, ac, False, False)
            pair = (Action("attack", fid, p, cost=COST_LABEL["standard"], odds=odds,
                           cost_detail=COST_DETAIL["standard"]),
                    Action("attack", fid, p, cost=COST_LABEL["none"], odds=odds,
                           cost_detail=COST_DETAIL["none"]))
            attacks.append((e, pair, (bonus, ac), len(attacks)))

        for e, ac in foes:
            for mode in ("melee", "ranged"):
                attack(e, ac, {"target": e, "mode": mode})
        self.near_move: tuple[Action, Action] | None = None
        if foes:
            e, ac = foes[0]
            attack(e, ac, {"target": e, "mode": "ranged", "threatened_by": [e]})
            self.near_move = moves({"distance": 5, "leaves_threatened_by": [e]})
        self.attacks = attacks
        # whether any attack of this combatant deals damage (the fight's odds)
        self.damaging = bool(f.profiles)
        self._rolled: dict[tuple[int, int, int, bool, bool], Action] = {}
        self.modes: list[tuple[str, int, tuple[Action, Action], Action, Action,
                               tuple[Action, Action, Action, Action]]] = []
        for mode, speed in f.speeds.items():
            if speed <= 0:
                continue
            far = {"distance": 2 * speed, "mode": mode}
            self.modes.append((
                mode, speed, moves({"distance": 5, "mode": mode}),
                act("five_foot_step", {"mode": mode}, "none"),
                act("dash", far, "full"),
                (act("withdraw", far, "standard"), act("withdraw", far, "full"),
                 act("flee", far, "standard"), act("flee", far, "full")),
            ))
        self.fixed: dict[str, Action] = {}
        for kind, params in _FIXED:
            name = str(params.get("spell", kind))
            self.fixed[name] = act(kind, dict(params), ACTION_KINDS[kind][0])
        self.fixed["concentrate"] = act("concentrate", {}, "standard")
        self.fire_readied = act("fire_readied", {}, "reaction")
        self.abilities: list[tuple[str, str, str, Action]] = []
        for name, ab in f.abilities.items():
            cost = {"full_round": "full"}.get(ab["action"], ab["action"])
            self.abilities.append((name, ab["type"], cost,
                                   act("use_ability", {"ability": name}, cost)))

    def rolled(self, i: int, pick: int, cover: int, disadvantage: bool,
               advantage: bool = False) -> Action:
        """Attack ``i`` (``pick`` as in ``attacks``) with its exact odds: the target's AC plus
        ``cover``, with or without disadvantage (or advantage). Built once per combination."""
        key = (i, pick, cover, disadvantage, advantage)
        action = self._rolled.get(key)
        if action is None:
            _, pair, base, _ = self.attacks[i]
            plain = pair[pick]
            assert base is not None
            odds = attack_odds(base[0], base[1] + cover, advantage, disadvantage)
            action = self._rolled[key] = Action.offer(plain.kind, plain.actor, plain.params,
                                                      plain.cost, odds, plain.cost_detail)
        return action


# ------------------------------------------------------------------ weapons, shield, mount, vehicle
# The gear a combatant's set-up gives it (named weapons, a shield, a mount, a vehicle) is
# offered by the state it is in now: a sheathed weapon is drawn (a move action, or free
# during a regular move with base attack +1), a drawn one sheathed; a carried shield is
# strapped on or dropped, a worn one loosed; a rider dismounts or controls its mount; aboard
# a vehicle one starts it, parks it, pilots it (while it runs, its whole speed) and gets out
# (plainly or fast, with the Navigation odds); with a vehicle (a set-up vehicle speed) but
# not aboard, one gets in; a declared steed (the set-up's ``steed``) is mounted while it
# stands. A set-up gives no inventory (potions, items to pick up or activate, ammunition to
# reload, devices): those kinds stay with ``check``.

#: What an offered piece of gear needs beyond its cost (``_Gear``): nothing more; an open
#: regular move (a draw during the move); a move action it could take (a fast enter or exit
#: is tried only then); free concentration (a vehicle that needs it to pilot).
_NEEDS_NOTHING, _NEEDS_OPEN_MOVE, _NEEDS_MOVE, _NEEDS_FOCUS = range(4)


def _weapon_candidates(f: Fighter) -> list[tuple[str, Candidate, int]]:
    """``f``'s named weapon candidates with their cost and need: per sheathed weapon a draw
    and a draw during a regular move, per drawn weapon a sheathe."""
    out: list[tuple[str, Candidate, int]] = []
    for name, weapon in f.weapons.items():
        if not weapon.get("drawn", True):
            out.append(("move", ("draw_weapon", ("draw_weapon", name), {"weapons": [name]}),
                        _NEEDS_NOTHING))
            if f.bab >= 1:
                out.append(("free", ("draw_weapon", ("draw_weapon", name, "with_move"),
                                     {"weapons": [name], "with_move": True}),
                            _NEEDS_OPEN_MOVE))
    for name, weapon in f.weapons.items():
        if weapon.get("drawn", True):
            out.append(("move", ("sheathe_weapon", ("sheathe_weapon", name), {"weapon": name}),
                        _NEEDS_NOTHING))
    return out


def _gear_entries(state: E133State, f: Fighter) -> list[tuple[str, Candidate, int]]:
    """``f``'s shield, mount and vehicle candidates with their cost and need."""
    out: list[tuple[str, Candidate, int]] = []
    if f.shield == "carried":
        out.append(("move", ("ready_shield", ("ready_shield",), {}), _NEEDS_NOTHING))
        out.append(("free", ("drop_shield", ("drop_shield",), {}), _NEEDS_NOTHING))
    elif f.shield == "worn":
        out.append(("move", ("loose_shield", ("loose_shield",), {}), _NEEDS_NOTHING))
    if f.mounted:
        out.append(("move", ("dismount", ("dismount",), {}), _NEEDS_NOTHING))
        out.append(("move", ("control_mount", ("control_mount",), {}), _NEEDS_NOTHING))
    if f.in_vehicle:
        running = f.vehicle_running
        out.append(("bonus", ("park_vehicle", ("park_vehicle",), {}) if running
                    else ("start_vehicle", ("start_vehicle",), {}), _NEEDS_NOTHING))
        if running and f.vehicle_speed >= 1 and not state.placed:
            distance = f.vehicle_speed
            out.append(("move", ("pilot_vehicle", ("pilot_vehicle", distance),
                                 {"distance": distance}),
                        _NEEDS_FOCUS if f.vehicle_concentration else _NEEDS_NOTHING))
        kind = "exit_vehicle"
    elif f.vehicle_speed:
        kind = "enter_vehicle"
    else:
        return out
    if not f.mounted:  # a rider dismounts first (vehicles.enter_exit)
        out.append(("move", (kind, (kind,), {}), _NEEDS_NOTHING))
        out.append(("free", (kind, (kind, "fast"), {"fast": True}), _NEEDS_MOVE))
    return out


def _fixed_candidates(f: Fighter) -> list[Candidate]:
    """FIXED_CANDIDATES, with a combatant's named weapons in place of the plain draw and
    sheathe when its set-up names any."""
    if not f.weapons:
        return FIXED_CANDIDATES
    out: list[Candidate] = []
    for candidate in FIXED_CANDIDATES:
        if candidate[0] == "draw_weapon":
            out += [entry[1] for entry in _weapon_candidates(f)]
        elif candidate[0] != "sheathe_weapon":
            out.append(candidate)
    return out


def mount_candidates(f: Fighter) -> list[Candidate]:
    """Mounting the steed the set-up declares (``steed``); none without one (a rider
    declared only ``mounted`` has nothing named to mount again once dismounted)."""
    return [] if f.steed is None else [("mount", ("mount",), {})]


def gear_candidates(state: E133State, f: Fighter) -> list[Candidate]:
    """``f``'s shield, mount and vehicle candidates (the slow path's, planned one by one)."""
    return [entry[1] for entry in _gear_entries(state, f)]


@final
class _Gear:
    """One combatant's weapon and gear offers, prebuilt for one state of its gear: each
    with the cost it pays and what else it needs (``_NEEDS_*``); the fast path keeps those
    whose cost and need the actor can meet now, which is what their planners test."""

    def __init__(self, state: E133State, f: Fighter) -> None:
        fid = f.id
        entry_roll = fast_entry_roll(f)

        def build(entries: list[tuple[str, Candidate, int]]) -> list[tuple[str, int, Action]]:
            built: list[tuple[str, int, Action]] = []
            for cost, (kind, _key, params), need in entries:
                odds = odds_text(entry_roll) if need == _NEEDS_MOVE else None
                built.append((cost, need, Action.offer(kind, fid, params, COST_LABEL[cost],
                                                       odds, COST_DETAIL[cost])))
            return built

        self.weapons = build(_weapon_candidates(f))
        self.gear = build(_gear_entries(state, f))

    def weapon_offers(self, f: Fighter, move_ok: bool, free_ok: bool) -> list[Action]:
        """The named weapon offers ``f`` may take now."""
        open_move = f.move_open and f.moved_any
        return [action for cost, need, action in self.weapons
                if (move_ok if cost == "move" else free_ok and open_move)]

    def gear_offers(self, f: Fighter, move_ok: bool, free_ok: bool, bonus_ok: bool,
                    incap: bool) -> list[Action]:
        """The shield, mount and vehicle offers ``f`` may take now."""
        out: list[Action] = []
        for cost, need, action in self.gear:
            if cost == "move":
                if not move_ok or (need == _NEEDS_FOCUS
                                   and (incap or f.concentrating is not None)):
                    continue
            elif cost == "free":
                if not free_ok or (need == _NEEDS_MOVE and not move_ok):
                    continue
            elif not bonus_ok:
                continue
            out.append(action)
        return out
