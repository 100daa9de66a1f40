"""More steps and Poké-Body tests first needed by EX Unseen Forces (ex10): those of the Babies,
the Stages of Evolution Pokémon and the other Pokémon and Trainers of
``effect_data_ex10_babies.py`` / ``effect_data_ex10_trainers.py``. Each is described in the
project's own words (card text is never stored)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import mon_labels, slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import heal, set_condition
from turnkeeper.rulesets.ptcg.lasting import evolve_onto
from turnkeeper.rulesets.ptcg.search import Gust
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import Question, Run, Step


def is_evolved(mon: Mon) -> bool:
    """An Evolved Pokémon: a Pokémon card lies below its top card."""
    return len(mon.stack) > 1


def self_evolved(s: PtcgState, mon: Mon, other: Mon) -> bool:
    """A Poké-Body test of the Stages of Evolution Pokémon (ex10-22, 24-26, 28): the Pokémon
    with the Body is an Evolved Pokémon now (it was put onto a Baby by Baby Evolution)."""
    return is_evolved(mon)


@dataclass(frozen=True)
class TimesInPlayShortfall(Step):
    """The printed damage times how many more Pokémon in play (Active and Benched) the
    opponent has than the attacker's player; none when they have no more (Tyrogue's Desperate
    Punch, ex10-33)."""

    modifier = True

    def describe(self) -> str:
        return "the printed damage times how many more Pokémon the opponent has in play"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        more = len(s.sides[1 - seat].in_play()) - len(s.sides[seat].in_play())
        r.damage *= max(0, more)


@dataclass(frozen=True)
class GustThenCondition(Gust):
    """Gust, then the new Defending Pokémon gets the Special Condition ``which`` (Murkrow's
    Night Song, ex10-30: asleep). With no Benched Pokémon to switch in, nothing happens: the
    card gives the condition to the new Defending Pokémon only."""

    which: str = "asleep"

    def describe(self) -> str:
        return f"{super().describe()}; the new one is {self.which}"

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        super().answer(ctx, seat, option, st)
        if option < len(st["slots"]):
            set_condition(ctx, 1 - seat, 0, self.which)


@dataclass(frozen=True)
class ToDeckBottom(Step):
    """The Pokémon whose effect it is leaves play: the cards attached to it (Energy, Tool)
    are discarded, then its Pokémon cards go to the bottom of its owner's deck (Aipom's
    Snappy Move, ex10-34; the ``scoop`` event with ``dest="deck_bottom"``)."""

    def describe(self) -> str:
        return "discard the cards attached to it, then put it on the bottom of the deck"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        mon = ctx.s.sides[seat].mon(r.slot)
        if mon is None:
            return
        p = SEATS[seat]
        if mon.energy:
            ctx.emit("discard_energy", p=p, slot=r.slot, cards=list(mon.energy))
        if mon.tool >= 0:
            ctx.emit("discard_tool", p=p, slot=r.slot)
        ctx.emit("scoop", p=p, slot=r.slot, dest="deck_bottom")


def _basic_energy_pairs(s: PtcgState, seat: int) -> list[tuple[int, int]]:
    """(slot, Energy card) for each basic Energy card attached to one of ``seat``'s Pokémon
    that is not a Pokémon-ex (alike cards on one Pokémon are one pair)."""
    found: list[tuple[int, int]] = []
    for slot, mon in s.sides[seat].in_play():
        if s.top(mon).ex:
            continue
        seen: set[str] = set()
        for card in mon.energy:
            if s.card(card).basic_energy and s.cards[card] not in seen:
                seen.add(s.cards[card])
                found.append((slot, card))
    return found


def makeover_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    """Makeover needs a basic Energy card on one of the player's Pokémon but a Pokémon-ex."""
    if _basic_energy_pairs(s, seat):
        return None
    return "no basic Energy card attached to a Pokémon of the player (not a Pokémon-ex)"


@dataclass(frozen=True)
class Makeover(Question):
    """Smeargle's Makeover (ex10-48): the player picks a basic Energy card attached to one of
    their Pokémon but a Pokémon-ex and discards it; then they pick a basic Energy card of
    the discard pile, not the one just discarded, and attach it to that Pokémon (none left:
    nothing is attached). Alike cards are one option."""

    def describe(self) -> str:
        return (
            "discard a basic Energy card from one of the player's Pokémon (not ex), then "
            "attach another basic Energy card from the discard pile to it"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not _basic_energy_pairs(ctx.s, seat):
            return None
        return {"stage": "discard", "picks": []}

    def _refills(self, s: PtcgState, seat: int, gone: int) -> list[int]:
        seen: dict[str, int] = {}
        for card in s.sides[seat].discard:
            if card != gone and s.card(card).basic_energy:
                seen.setdefault(s.cards[card], card)
        return list(seen.values())

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["stage"] == "discard":
            pairs = _basic_energy_pairs(s, seat)
            st["picks"] = [list(p) for p in pairs]
            labels = []
            for slot, card in pairs:
                mon = s.sides[seat].mon(slot)
                assert mon is not None
                labels.append(f"{s.card(card).name} from {s.top(mon).name} ({slot_name(slot)})")
            return seat, "Makeover: the basic Energy card to discard", labels
        if st["stage"] == "attach":
            refills = self._refills(s, seat, int(st["gone"]))
            if not refills or s.sides[seat].mon(int(st["to"])) is None:
                return None
            st["picks"] = refills
            labels = [s.card(c).name for c in refills]
            return seat, "Makeover: the basic Energy card to attach from the discard pile", labels
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if st["stage"] == "discard":
            slot, card = (int(x) for x in st["picks"][option])
            ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=[card])
            st.update(stage="attach", gone=card, to=slot)
            return
        st["stage"] = "done"
        card = int(st["picks"][option])
        slot = int(st["to"])
        ctx.emit("attach", p=SEATS[seat], card=card, slot=slot, counts=False, **{"from": "discard"})


@dataclass(frozen=True)
class HealPickPerHeads(Question):
    """Flip ``coins`` coins; for each heads the player picks one of their damaged Pokémon and
    ``n`` damage counters come off it (Miltank's Healing Milk, ex10-42). The coins are all
    flipped first, as the attack is used; one pick is asked per heads while a Pokémon of the
    player has damage counters."""

    coins: int
    n: int

    def describe(self) -> str:
        return (
            f"{self.coins} coins: per heads, {self.n} damage counters off one of the player's "
            "Pokémon (picked)"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        heads = sum(1 for _ in range(self.coins) if ctx.flip(r.attack or "coin"))
        return {"left": heads, "slots": []} if heads else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = [slot for slot, m in s.sides[seat].in_play() if m.damage]
        if st["left"] <= 0 or not slots:
            return None
        st["slots"] = slots
        side = s.sides[seat]
        labels = mon_labels(s, side, slots)
        return seat, f"pick the Pokémon to heal ({st['left']} left)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["left"] -= 1
        heal(ctx, seat, int(st["slots"][option]), self.n)


_NEXT_STAGE = {"basic": "stage1", "stage1": "stage2"}


@dataclass(frozen=True)
class EvolveByEnergyType(Question):
    """Eevee's Energy Evolution (ex10-55): after an Energy card (``Run.card``: its instance)
    from the hand is attached to the Pokémon, the player may take from the deck a card that
    evolves from it and shares a type with that Energy (a Rainbow-like Energy providing any
    type matches every one) and put it onto the Pokémon: it evolves (the ``evolve`` event
    from the deck), then the deck is shuffled. Nothing is asked when the deck holds no such
    card. Reading (as Baby Evolution): the card's own way of evolving, so the timing rules of
    evolving from the hand do not apply."""

    def describe(self) -> str:
        return (
            "the player may put onto it a card from the deck that evolves from it and has the "
            "attached Energy's type; the deck is shuffled"
        )

    def _found(self, s: PtcgState, seat: int, slot: int, energy: int) -> list[int]:
        mon = s.sides[seat].mon(slot)
        if mon is None:
            return []
        top = s.top(mon)
        kinds = s.card(energy).provides
        seen: dict[str, int] = {}
        for card in s.sides[seat].deck:
            found = s.card(card)
            if (
                found.kind == "pokemon"
                and found.evolves_from == top.name
                and found.stage == _NEXT_STAGE.get(top.stage)
                and ("Any" in kinds or any(k in kinds for k in found.types))
            ):
                seen.setdefault(found.id, card)
        return list(seen.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        energy = int(r.card)
        if not self._found(ctx.s, seat, r.slot, energy):
            return None
        return {"done": False, "energy": energy, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = [] if st["done"] else self._found(s, seat, int(st["slot"]), int(st["energy"]))
        if not picks:
            return None
        st["picks"] = picks
        names = [s.card(c).name for c in picks]
        labels = [
            f"{name} ({s.cards[c]})" if names.count(name) > 1 else name
            for name, c in zip(names, picks, strict=True)
        ]
        return seat, "Energy Evolution: a card from the deck to evolve into", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        slot = int(st["slot"])
        evolve_onto(ctx, seat, slot, int(st["picks"][option]), "deck")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)
