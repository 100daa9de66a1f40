"""Responses to a Knock Out in the opponent's turn: a question to the Knocked Out Pokémon's
owner, asked as the Knock Out is settled (docs/rulesets/ptcg.md, Later sets, ex5 and ex6).

Rule ``ptcg.power.knockout-window`` (rules.py): when an opponent's attack Knocks Out one of
a player's Pokémon, that player may answer with the cards that say so, before anyone
promotes a new Active Pokémon and before the checkup between turns:

- Energy Grounding (Lanturn ex5-38, a Poké-Power): a basic Energy card discarded from the
  Knocked Out Pokémon is attached to a Lanturn of that player still in play. It is a
  Poké-Power used in the opponent's turn: not while that Lanturn has a Special Condition, nor
  while a Poké-Body or the Stadium stops Poké-Powers (``bench.bench_power_rule``), and one
  Energy Grounding a turn, whichever Lanturn (the ``power`` event records it in the turn's
  ``powers_used``). Its ``reg.POWERS`` entry refuses it as a ``use_power`` action.
- EXP.ALL (ex6-91, a Pokémon Tool): when the Knocked Out Pokémon was the Active one, a basic
  Energy card that was attached to it is attached to the Pokémon holding EXP.ALL, which is
  then discarded. It goes only onto a Pokémon that is not a Pokémon-ex and has no owner in
  its name.

Reading: the Knock Out puts the Pokémon's cards into the discard pile at once, so both cards
take the basic Energy card from there, among those that were attached to it (it is
"discarded from the Knocked Out Pokémon" either way). Each question offers every such card
with every Pokémon it may go onto, and "no"; the Energy is attached by an effect (not the
turn's attachment). Only Knock Outs of the attack that ends the turn open the window (not
those of Poison or Burn between turns, nor of a Trainer's effect in the player's own turn).
"""

from __future__ import annotations

from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.bench import bench_power_rule
from turnkeeper.rulesets.ptcg.board import slot_name
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import after

RULE = "ptcg.power.knockout-window"
LANTURN = "ex5-38"
GROUNDING = "Energy Grounding"
# the cards whose Energy Grounding works here: Lanturn and its reprints (effect_data_ex16 adds
# ex16-15 with the same handler)
GROUNDING_CARDS: set[str] = {LANTURN}
EXP_ALL = "ex6-91"


def _grounding_places(s: PtcgState, seat: int) -> list[int]:
    """The slots of ``seat``'s Lanturn that may use Energy Grounding now."""
    if any(used.endswith(f":{GROUNDING}") for used in s.powers_used):
        return []  # one Energy Grounding a turn
    return [
        slot
        for slot, mon in s.sides[seat].in_play()
        if s.cards[mon.stack[-1]] in GROUNDING_CARDS
        and not mon.has_condition()
        and bench_power_rule(s, seat, slot) is None
    ]


def _exp_all_places(s: PtcgState, seat: int) -> list[int]:
    return [slot for slot, mon in s.sides[seat].in_play() if _holds_exp_all(s, mon)]


def _holds_exp_all(s: PtcgState, mon: Mon) -> bool:
    return mon.tool >= 0 and s.cards[mon.tool] == EXP_ALL


def _ask(ctx: Ctx, seat: int, data: dict[str, Any]) -> bool:
    """Ask ``seat`` the next question of the window (True), or nothing is left (False)."""
    s = ctx.s
    side = s.sides[seat]
    discard = set(side.discard)
    for kind in ("grounding", "exp_all"):
        if kind in data["asked"]:
            continue
        cards = data["active_energy"] if kind == "exp_all" else data["energy"]
        cards = [c for c in cards if c in discard]
        places = _grounding_places(s, seat) if kind == "grounding" else _exp_all_places(s, seat)
        if not cards or not places:
            continue
        picks = [[card, slot] for card in _distinct(s, cards) for slot in places]
        labels = []
        for card, slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(card).name} onto {s.top(mon).name} ({slot_name(slot)})")
        what = GROUNDING if kind == "grounding" else "EXP.ALL"
        ctx.emit(
            "ask",
            p=SEATS[seat],
            key="knockout-window",
            prompt=f"{what}: a basic Energy card of the Knocked Out Pokémon onto",
            options=[*labels, "no"],
            data={**data, "kind": kind, "picks": picks},
        )
        return True
    return False


def _distinct(s: PtcgState, cards: list[int]) -> list[int]:
    return list({s.cards[c]: c for c in reversed(cards)}.values())[::-1]


def _answer(ctx: Ctx, seat: int, option: int, data: dict[str, Any]) -> None:
    s = ctx.s
    kind = str(data["kind"])
    picks = data["picks"]
    if option < len(picks):
        card, slot = int(picks[option][0]), int(picks[option][1])
        mon = s.sides[seat].mon(slot)
        assert mon is not None
        if kind == "grounding":
            ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=GROUNDING)
        ctx.emit("attach", p=SEATS[seat], card=card, slot=slot, **{"from": "discard"})
        if kind == "exp_all":
            ctx.emit("discard_tool", p=SEATS[seat], slot=slot)
    rest = {k: v for k, v in data.items() if k not in ("kind", "picks")}
    rest["asked"] = [*data["asked"], kind]
    if not _ask(ctx, seat, rest):
        after(ctx, str(data["then"]))


def knockout_window(ctx: Ctx, knocked: list[reg.KnockedOut], then: str) -> bool:
    """``reg.KNOCKOUT_WINDOWS``: ask the Knocked Out Pokémon's owner (the player whose turn it
    is not) whether Energy Grounding or EXP.ALL takes one of its basic Energy cards."""
    s = ctx.s
    if s.phase == "over":
        return False
    seat = 1 - s.current
    energy = [c for owner, _, cards, _ in knocked if owner == seat for c in cards]
    active = [
        c for owner, slot, cards, _ in knocked if owner == seat and slot == 0 for c in cards
    ]
    if not energy:
        return False
    data = {"energy": energy, "active_energy": active, "asked": [], "then": then, "rule": RULE}
    return _ask(ctx, seat, data)


def _grounding_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_grounding_usable)")  # pragma: no cover


def _grounding_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only in the opponent's turn, as their attack Knocks Out your Pokémon"


def _exp_all_onto(s: PtcgState, mon: Mon) -> str | None:
    top = s.top(mon)
    if top.ex:
        return "EXP.ALL does not go onto a Pokémon-ex"
    if "'s " in top.name:  # an owner in its name (Team Aqua's, Rocket's ...)
        return f"EXP.ALL does not go onto a Pokémon with an owner in its name ({top.name})"
    return None


def register() -> None:
    cards = bundled_cards()
    power = cards[LANTURN].power(GROUNDING)
    if power is None or power.kind != "power" or (LANTURN, GROUNDING) in reg.POWERS:
        raise ValueError(f"knockout_window: {LANTURN} has no Poké-Power {GROUNDING} to add")
    if cards[EXP_ALL].trainer != "tool" or EXP_ALL in reg.TOOLS:
        raise ValueError(f"knockout_window: {EXP_ALL} is no Tool, or has a handler")
    reg.POWERS[(LANTURN, GROUNDING)] = reg.PowerEffect(
        "in the opponent's turn, as their attack Knocks Out one of the player's Pokémon: a "
        "basic Energy card discarded from it onto this Lanturn (one a turn)",
        _grounding_refused,
        _grounding_usable,
    )
    reg.TOOLS[EXP_ALL] = reg.ToolEffect(
        "onto a Pokémon not ex, with no owner in its name; as an opponent's attack Knocks Out "
        "the Active Pokémon: a basic Energy card of it onto this Pokémon, then EXP.ALL is "
        "discarded",
        attach_to=_exp_all_onto,
    )
    reg.CHOICES["knockout-window"] = _answer
    reg.KNOCKOUT_WINDOWS.append(knockout_window)
    SPECIAL_CARDS.update((LANTURN, EXP_ALL))


register()
