"""Turn step 5: Trainer cards (Items, one Supporter, one Stadium, Pokémon Tools)."""

from __future__ import annotations

from typing import Annotated, Any

from turnkeeper.core.model import Refusal
from turnkeeper.core.schema import Params, meta
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.board import hand_card, parse_slot
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import rule_body, trainer_lock
from turnkeeper.rulesets.ptcg.params import CardRef, Place, described
from turnkeeper.rulesets.ptcg.refusal import card_in_hand, mon_names, own_target, refuse, why
from turnkeeper.rulesets.ptcg.stadium_use import stadium_played
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState, play_trainer_card
from turnkeeper.rulesets.ptcg.turn import after

TrainerTarget = Annotated[
    Place | None,
    meta("the own Pokémon a Potion heals or a Pokémon Tool is attached to"),
]


@described("``play_trainer``: the Trainer card, and the own Pokémon it works on if it needs one.")
class TrainerParams(Params):
    card: "CardRef"  # noqa: UP037  (quoted: params.py)
    target: "TrainerTarget" = None  # noqa: UP037  (quoted: params.py)


def trainer_rule(s: PtcgState, card: CardDef) -> str | None:
    """Turn step 5: the card must be a Trainer; the Supporter and Stadium limits. (A Trainer
    without a handler is in the game only by allow_unimplemented: resolved by hand.)"""
    if card.kind != "trainer" or card.is_fossil:  # a Fossil is benched as a Basic Pokémon
        return "ptcg.card.wrong-kind"
    if s.special and s.sides[s.current].later and trainer_lock(s, s.current, card.trainer):
        return "ptcg.trainer.locked"  # an opponent's attack (Headache, Limitation ...)
    if card.trainer != "supporter" and s.special and rule_body(s, s.current, "trainer"):
        return "ptcg.trainer.body"  # a Poké-Body forbids every Trainer but Supporters
    if card.trainer == "tm" and s.special and rule_body(s, s.current, "tm"):
        return "ptcg.trainer.body"  # a Poké-Body forbids Technical Machines (Mystic Scale)
    if card.trainer == "tool":
        if s.special and rule_body(s, s.current, "tool"):
            return "ptcg.trainer.body"
        return None
    if card.trainer == "stadium":
        if s.special and rule_body(s, s.current, "stadium"):
            return "ptcg.trainer.body"
        if s.stadium_played:
            return "ptcg.trainer.stadium-once"
        if (
            s.stadium >= 0
            and s.card(s.stadium).name == card.name
            and not s.typed_settings.stadium_same_name
        ):
            return "ptcg.trainer.stadium-same-name"
        return None
    if card.trainer == "supporter":
        if s.supporter_played:
            return "ptcg.trainer.supporter-once"
        if s.turn == 1 and not s.typed_settings.first_turn_supporter:
            return "ptcg.trainer.first-turn-supporter"
        if s.special and rule_body(s, s.current, "supporter"):
            return "ptcg.trainer.body"
    return None


def tool_rule(mon: Mon) -> str | None:
    return "ptcg.trainer.one-tool" if mon.tool >= 0 else None


def tool_fits(s: PtcgState, card: CardDef, mon: Mon) -> str | None:
    """Why the Tool ``card`` cannot go onto ``mon`` by its own condition (a Belt's team)."""
    tool = reg.TOOLS.get(card.id)
    if tool is None or tool.attach_to is None:
        return None
    return tool.attach_to(s, mon)


def tm_rule(s: PtcgState, card: CardDef, mon: Mon) -> str | None:
    """Why this Technical Machine cannot go onto ``mon`` (its team; one at a time)."""
    effect = reg.TMS.get(card.id)
    if effect is not None and effect.team and effect.team not in s.top(mon).name:
        return f"it goes only onto a Pokémon with {effect.team} in its name"
    if effect is not None and effect.onto is not None:
        found = effect.onto(s, mon)
        if found:
            return found
    if mon.tm >= 0:
        return f"{s.top(mon).name} already has a Technical Machine attached"
    return None


def check_trainer(s: PtcgState, seat: int, params: TrainerParams) -> Refusal | None:
    inst, no = card_in_hand(s, seat, params.card, "play_trainer")
    if no:
        return no
    card = s.card(inst)
    rule = trainer_rule(s, card)
    if rule == "ptcg.trainer.body":
        blocker = rule_body(s, seat, card.trainer) or rule_body(s, seat, "trainer")
        return refuse(rule, blocker or "")
    if rule == "ptcg.trainer.locked":
        return refuse(rule, trainer_lock(s, seat, card.trainer) or "")
    if rule:
        how = (
            "a Fossil is played as a Basic Pokémon: bench it"
            if card.is_fossil
            else "it is not a Trainer card"
        )
        return why(rule, card=card.name, how=how, what=card.name)
    if card.trainer == "tool":
        slot, no = own_target(s, seat, params.target, "play_trainer")
        if no:
            return no
        mon = s.sides[seat].mon(slot)
        assert mon is not None
        rule = tool_rule(mon)
        if rule:
            return why(rule, **mon_names(s, mon))
        reason = tool_fits(s, card, mon)
        return refuse("ptcg.trainer.condition", reason) if reason else None
    if card.trainer == "tm":
        slot, no = own_target(s, seat, params.target, "play_trainer")
        if no:
            return no
        mon = s.sides[seat].mon(slot)
        assert mon is not None
        reason = tm_rule(s, card, mon)
        return refuse("ptcg.trainer.condition", reason) if reason else None
    effect = reg.TRAINERS.get(card.id)
    if effect is not None and effect.check is not None:
        found = effect.check(s, seat, params)
        if found is not None:
            return refuse(*found)
    return None


def run_trainer(ctx: Ctx, seat: int, params: TrainerParams) -> None:
    s = ctx.s
    inst = hand_card(s, seat, params.card)
    card = s.card(inst)
    if card.trainer == "tool":
        slot = parse_slot(params.target, "target")
        ctx.emit("trainer", p=SEATS[seat], card=inst, kind="tool", slot=slot)
        tool = reg.TOOLS.get(card.id)
        if tool is None:  # allowed only by allow_unimplemented
            resolve_by_hand(ctx, seat, inst, "tool effect")
        elif tool.on_attach is not None:
            tool.on_attach(ctx, seat, slot)
    elif card.trainer == "tm":
        # attached like any Technical Machine; one without a handler (allowed only by
        # allow_unimplemented) has its attack resolved by hand
        slot = parse_slot(params.target, "target")
        ctx.emit("trainer", p=SEATS[seat], card=inst, kind="tm", slot=slot)
        if card.id not in reg.TMS:
            resolve_by_hand(ctx, seat, inst, "tm effect")
    elif card.trainer == "stadium":
        ctx.emit("trainer", p=SEATS[seat], card=inst, kind="stadium")
        if card.id not in reg.STADIUMS:  # allowed only by allow_unimplemented
            resolve_by_hand(ctx, seat, inst, "stadium effect")
        else:
            stadium_played(ctx, seat)
    else:
        if ctx.record:
            ctx.emit("trainer", p=SEATS[seat], card=inst, kind=card.trainer)
        else:  # no log: the event's change made directly
            play_trainer_card(s, seat, inst, card.trainer, -1)
            ctx.emitted += 1
        effect = reg.TRAINERS.get(card.id)
        if effect is not None:
            effect.run(ctx, seat, params)
        else:  # allowed only by allow_unimplemented
            resolve_by_hand(ctx, seat, inst, f"{card.trainer} effect")
    if ctx.s.phase == "main":
        after(ctx, "main")


def trainer_cost(card: CardDef) -> dict[str, Any]:
    """The turn limit a Trainer card uses up: the one Supporter or the one Stadium."""
    if card.trainer == "supporter":
        return {"supporter": 1}
    if card.trainer == "stadium":
        return {"stadium": 1}
    return {}
