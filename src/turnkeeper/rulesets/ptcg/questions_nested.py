"""Questions that nest or wait (docs/rulesets/ptcg.md, Questions: nested questions).

- ``UseOpponentSupporter`` (Sableye's Supernatural, ex2-10): the attacker's player looks at
  the opponent's hand and may use the effect of a Supporter card found there as the attack's
  effect; the card itself stays in that hand. The answer runs the Supporter's own handler for
  the attacker's player, and that effect may ask questions of its own (Lady Outing's search,
  TV Reporter's discard): those come first, and the attack goes on (and the turn ends) once
  they are done. A Supporter that needs a parameter (Mr. Briney's Compassion's Pokémon) is
  asked for it as a second question. Only Supporters whose effect can be used now are
  offered (the handler's own check, for the attacker's player); the Supporter rules of the
  turn (one a turn, none on the first turn, Primal Veil) are not asked: no Supporter card is
  played (reading of "use the effect of").
- ``EvolveFromDeck`` and ``DiscardOwnTool`` (Team Aqua Belt ex4-76, Team Magma Belt ex4-81):
  a Tool that acts between turns while its Pokémon is Active. Between turns its owner searches
  the deck for a card that evolves from that Pokémon and puts it on it (it counts as
  evolving: Special Conditions go), the deck is shuffled and the Belt discarded. The Belt acts
  at the Tool's moment of the checkup (before the Active's Special Conditions), so the
  checkup waits for the answer and goes on after it (``turn.resume_checkup``). Reading: the
  timing rules of evolving from the hand (not on a first turn, not a Pokémon new this turn,
  once a turn) are rules of a player's turn; between turns belongs to no turn, so the Belt
  needs only a matching card (as Baby Evolution, the card's own way of evolving).
  The Belts go only onto a Pokémon with their team in its name (``ToolEffect.attach_to``).

Labels and summaries are the project's own words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import TrainerParams
from turnkeeper.rulesets.ptcg.board import SLOT_INDEX
from turnkeeper.rulesets.ptcg.by_hand import resolve_by_hand
from turnkeeper.rulesets.ptcg.cards import CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.lasting import evolve_onto
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Question,
    Run,
    Step,
    attack_effect,
    register_program,
    run_program,
)


# ------------------------------------------------------------------ Supernatural
def _variant_label(s: PtcgState, seat: int, variant: dict[str, Any]) -> str:
    target = variant.get("target")
    if isinstance(target, str) and target in SLOT_INDEX:
        mon = s.sides[seat].mon(SLOT_INDEX[target])
        name = s.top(mon).name if mon is not None else "?"
        return f"{name} ({target})"
    return ", ".join(f"{k} {v}" for k, v in variant.items()) or "as it is"


def _usable_variants(s: PtcgState, seat: int, card: CardDef) -> list[dict[str, Any]]:
    """The ways the effect of the Supporter ``card`` can be used now by ``seat`` (its handler's
    options that its check allows; ``[{}]`` for one without options; ``[]``: none)."""
    effect = reg.TRAINERS.get(card.id)
    if effect is None:  # only with allow_unimplemented: the players resolve it by hand
        return [{}]
    variants = effect.options(s, seat) if effect.options is not None else [{}]
    usable = []
    for variant in variants:
        params = TrainerParams(card=card.id, **variant)
        if effect.check is None or effect.check(s, seat, params) is None:
            usable.append(variant)
    return usable


@dataclass(frozen=True)
class UseOpponentSupporter(Question):
    """Look at the opponent's hand; the effect of a Supporter there may be used as this
    attack's effect, for the attacker's player (the card stays where it is)."""

    def describe(self) -> str:
        return (
            "look at the opponent's hand; the player may use the effect of a Supporter there "
            "as this attack's effect (the card stays in that hand)"
        )

    def _supporters(self, s: PtcgState, seat: int) -> list[int]:
        """One instance per distinct usable Supporter of the opponent's hand, in hand order."""
        found: dict[str, int] = {}
        for inst in s.sides[1 - seat].hand:
            card = s.card(inst)
            if (
                card.trainer == "supporter"
                and card.id not in found
                and _usable_variants(s, seat, card)
            ):
                found[card.id] = inst
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        hand = ctx.s.sides[1 - seat].hand
        # the hand is shown to the attacker's player (a note for the record)
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=list(hand))
        if not self._supporters(ctx.s, seat):
            return None
        return {"done": False, "card": -1, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        if st["card"] < 0:  # which Supporter's effect
            picks = self._supporters(s, seat)
            st["picks"] = picks
            labels = [s.card(c).name for c in picks]
            return seat, "use the effect of a Supporter in the opponent's hand?", [*labels, "none"]
        card = s.card(st["card"])  # the Supporter chosen needs a parameter: which one
        labels = [_variant_label(s, seat, v) for v in _usable_variants(s, seat, card)]
        return seat, f"{card.name}: pick what its effect works on", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        s = ctx.s
        if st["card"] < 0:
            if option >= len(st["picks"]):
                st["done"] = True  # no Supporter's effect used
                return
            inst = int(st["picks"][option])
            effect = reg.TRAINERS.get(s.cards[inst])
            if effect is not None and effect.options is not None:
                st["card"] = inst  # a second question: what the effect works on
                return
            self._use(ctx, seat, inst, {}, st)
            return
        inst = int(st["card"])
        variants = _usable_variants(s, seat, s.card(inst))
        self._use(ctx, seat, inst, variants[option], st)

    def _use(
        self, ctx: Ctx, seat: int, inst: int, variant: dict[str, Any], st: dict[str, Any]
    ) -> None:
        st["done"] = True
        card = ctx.s.card(inst)
        ctx.emit("note", what="effect used", p=SEATS[seat], card=inst, name=card.name)
        effect = reg.TRAINERS.get(card.id)
        if effect is None:  # only with allow_unimplemented
            resolve_by_hand(ctx, seat, inst, "supporter effect")
            return
        # the Supporter's own handler, for the attacker's player; if it asks, the attack
        # waits for it (vocab._answer_step puts this question under the new one)
        effect.run(ctx, seat, TrainerParams(card=card.id, **variant))


# ------------------------------------------------------------------ the Belts
def _evolves_onto(s: PtcgState, mon: Mon, card: CardDef) -> bool:
    """``card`` is the next Stage of ``mon``'s top card (its name, one Stage up)."""
    top = s.top(mon)
    want = {"basic": "stage1", "stage1": "stage2"}.get(
        top.stage if top.kind == "pokemon" or top.is_fossil else ""
    )
    return card.is_evolution and card.stage == want and card.evolves_from == top.name


@dataclass(frozen=True)
class EvolveFromDeck(Question):
    """Search the deck for a card that evolves from the Pokémon whose effect it is and put it
    on that Pokémon (it counts as evolving); the deck is shuffled afterwards. The evolution
    timing rules of a turn are not asked (see the module doc)."""

    def describe(self) -> str:
        return "search the deck for a card that evolves from it and put it on it (evolving it)"

    def _found(self, s: PtcgState, seat: int, slot: int) -> list[int]:
        side = s.sides[seat]
        mon = side.mon(slot)
        if mon is None:
            return []
        found: dict[str, int] = {}
        for inst in side.deck:
            card = s.card(inst)
            if card.id not in found and _evolves_onto(s, mon, card):
                found[card.id] = inst
        return list(found.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []}  # the deck is searched (and shuffled) in any case

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = [] if st["done"] else self._found(s, seat, int(st["slot"]))
        if not picks:
            return None
        st["picks"] = picks
        mon = s.sides[seat].mon(int(st["slot"]))
        assert mon is not None
        labels = [s.card(c).name for c in picks]
        prompt = f"a card from the deck that evolves from {s.top(mon).name}, put on it"
        return seat, prompt, [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        slot = int(st["slot"])
        evolve_onto(ctx, seat, slot, int(st["picks"][option]), "deck")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class DiscardOwnTool(Step):
    """The Pokémon whose effect it is discards its Pokémon Tool (the Tool that acted)."""

    def describe(self) -> str:
        return "then the Tool is discarded"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].mon(r.slot)
        if mon is not None and mon.tool >= 0:
            ctx.emit("discard_tool", p=SEATS[seat], slot=r.slot)


BELT_STEPS: tuple[Step, ...] = (EvolveFromDeck(), DiscardOwnTool())


def _belt(card_id: str, team: str) -> reg.ToolEffect:
    key = f"tool:{card_id}"
    name = bundled_cards()[card_id].name
    register_program(key, "tool", name, BELT_STEPS)

    def between_turns(ctx: Ctx, seat: int, slot: int) -> None:
        r = Run(0, attack=name, prog=key)
        r.slot = slot
        run_program(ctx, seat, BELT_STEPS, r)

    def attach_to(s: PtcgState, mon: Mon) -> str | None:
        top = s.top(mon)
        return None if team in top.name else f"it goes only onto a Pokémon with {team} in its name"

    return reg.ToolEffect(
        f"onto a {team} Pokémon; between turns, while it is Active: a card from the deck "
        "that evolves from it is put on it (evolving it), the deck shuffled, this Tool "
        "discarded",
        between_turns=between_turns,
        attach_to=attach_to,
    )


SUPERNATURAL: tuple[Step, ...] = (UseOpponentSupporter(),)
BELTS = {"ex4-76": "Team Aqua", "ex4-81": "Team Magma"}


def register() -> None:
    cards = bundled_cards()
    attack = cards["ex2-10"].attack("Supernatural")
    if attack is None or ("ex2-10", "Supernatural") in reg.ATTACKS:
        raise ValueError("questions_nested: ex2-10 has no attack Supernatural, or it has a handler")
    reg.ATTACKS[("ex2-10", "Supernatural")] = attack_effect(
        attack.name, attack.damage, attack.cost, SUPERNATURAL, key="ex2-10:Supernatural"
    )
    for card_id, team in BELTS.items():
        card = cards[card_id]
        if card.trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"questions_nested: {card_id} is no Tool, or it has a handler")
        reg.TOOLS[card_id] = _belt(card_id, team)
        SPECIAL_CARDS.add(card_id)  # its attach condition is asked by the full listing


register()
