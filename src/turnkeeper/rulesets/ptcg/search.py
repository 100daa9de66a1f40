"""Questions of the effect vocabulary (``vocab.Question``): effects that ask a player.

- ``Search``: cards matching a filter (``Cards``) from the deck, the discard pile or the
  hand, to the hand, the Bench, the attacker, one of the player's Pokémon (the player picks
  both the card and the Pokémon) or back into the deck; one pick at a time, up to ``n``
  (``n=0``: as many as the player likes), always with a way to stop (a search of the hidden
  deck may always find nothing; "up to" lets the player stop); a deck that was searched is
  shuffled afterwards.
- ``OpponentSwitch``: the opponent picks the Benched Pokémon that becomes their Active.
- ``SelfSwitch``: the attacker's player switches it with a Benched Pokémon (``optional``:
  "may").
- ``DiscardOwn``: discard Energy attached to the attacker, the player picking them one at a
  time when the attached cards differ.

Each works after an attack's other steps (an attack's question ends the turn once
answered), in a Trainer (``trainer_program``) and in a Poké-Power. Labels and summaries are
the project's own words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import TrainerParams
from turnkeeper.rulesets.ptcg.board import (
    bench_limit,
    energy_amount,
    first_turn_of,
    max_hp,
    mon_labels,
    provides,
    slot_name,
)
from turnkeeper.rulesets.ptcg.cards import ANY, CardDef, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import (
    after_withheld,
    counters,
    guarded,
    heal,
    hit,
    set_condition,
)
from turnkeeper.rulesets.ptcg.delta_veil import delta_veiled
from turnkeeper.rulesets.ptcg.evolve import evolve_rule
from turnkeeper.rulesets.ptcg.lasting import evolve_onto
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    Count,
    Question,
    Run,
    Step,
    count,
    register_program,
    run_program,
)

Zone = Literal["deck", "discard", "hand"]
Dest = Literal[
    "hand",
    "bench",
    "attach_self",
    "attach_own",
    "attach_bench",
    "deck",
    "discard",
    "evolve_active",
]


@dataclass(frozen=True)
class Cards:
    """Which cards a search takes: every field given must hold. ``kind``: "pokemon",
    "trainer" or "energy"; ``stage``: "basic" or "evolution" (a Pokémon); ``basic_energy``;
    ``type``: a Pokémon's type or a basic Energy's type; ``names``: one of these names;
    ``team``: the name holds this ("Team Aqua"); ``evolves_from``: evolves from this name;
    ``no_baby``: not a Baby Pokémon (one with the Baby Evolution Poké-Power); ``delta``: a δ
    Species Pokémon (its δ mark: CardDef.delta, ex11 on)."""

    kind: str = ""
    stage: str = ""
    basic_energy: bool = False
    type: str = ""
    names: tuple[str, ...] = ()
    team: str = ""
    evolves_from: str = ""
    no_baby: bool = False
    delta: bool = False

    def matches(self, card: CardDef) -> bool:
        if self.kind and card.kind != self.kind:
            return False
        if self.delta and not card.delta:
            return False
        if self.stage == "basic" and not card.is_basic_pokemon:
            return False
        if self.stage == "evolution" and not card.is_evolution:
            return False
        if self.basic_energy and not card.basic_energy:
            return False
        if self.type and self.type not in (card.types or card.provides):
            return False
        if self.names and card.name not in self.names:
            return False
        if self.team and self.team not in card.name:
            return False
        if self.no_baby and any(p.name == "Baby Evolution" for p in card.powers):
            return False
        return not self.evolves_from or card.evolves_from == self.evolves_from

    def matches_in_play(self, s: PtcgState, mon: Mon) -> bool:
        """The filter asked of a Pokémon in play (counting what is in play): its top card,
        and (``stage``) the stage it counts as there (``PtcgState.stage_in_play``: an
        Evolution card played as a Basic is a Basic)."""
        card = s.top(mon)
        if not self.stage:
            return self.matches(card)
        if (self.stage == "basic") != s.is_basic(mon):  # ("basic" or "evolution")
            return False
        return replace(self, stage="").matches(card)

    def describe(self) -> str:
        parts = ["δ" if self.delta else "", self.type, self.team]
        parts.append("basic" if self.basic_energy else "")
        parts.append({"basic": "Basic", "evolution": "Evolution"}.get(self.stage, ""))
        parts.append(
            {"pokemon": "Pokémon", "trainer": "Trainer", "energy": "Energy"}.get(self.kind, "")
        )
        text = " ".join(p for p in parts if p) or "any"
        if self.names:
            text = " or ".join(self.names) if text == "any" else f"{text} ({'/'.join(self.names)})"
        if self.evolves_from:
            text += f" evolving from {self.evolves_from}"
        return text + " card"


def _veiled_match(match: Cards, card: CardDef) -> bool:
    """``match`` asks for a δ Pokémon and ``card`` is a Pokémon card matching it but for the
    δ mark: under its player's Holon Veil it counts as δ (delta_veil.is_delta_for)."""
    return match.delta and card.kind == "pokemon" and replace(match, delta=False).matches(card)


def _types(card: CardDef) -> tuple[str, ...]:
    return card.types or card.provides


_DEST_TEXT = {
    "hand": "into the hand",
    "bench": "onto the Bench",
    "attach_self": "attached to the attacker",
    "attach_own": "attached to one of the player's Pokémon",
    "attach_bench": "attached to one of the player's Benched Pokémon",
    "deck": "shuffled into the deck",
    "discard": "to the discard pile",
    "evolve_active": "put on the Active Pokémon (evolving it)",
}


@dataclass(frozen=True)
class Search(Question):
    """Take cards matching any of ``match`` from ``src`` zones to ``dest``, one pick at a
    time, up to ``n`` (0: any number). ``coins``: instead, as many as the heads of that many
    coins; ``per``: as many as that count. ``distinct``: each of a different type.
    ``counters_each``: damage counters on the receiving Pokémon per card attached;
    ``stage2_counters``: on a Stage 2 put onto the Bench (which is then played as a Basic).
    ``must``: the player takes a card while one matches (no stopping early);
    ``one_target``: every card attached goes to the Pokémon the first one went to;
    ``not_last_discarded``: not the card on top of the discard pile when the search starts
    (the one the effect discarded just before)."""

    match: tuple[Cards, ...]
    n: int = 1
    src: tuple[Zone, ...] = ("deck",)
    dest: Dest = "hand"
    coins: int = 0  # -1: flip until tails
    per: Count | None = None
    distinct: bool = False
    counters_each: int = 0
    stage2_counters: int = 0
    must: bool = False
    one_target: bool = False
    not_last_discarded: bool = False

    def describe(self) -> str:
        many = {0: "any number of"}.get(self.n, f"up to {self.n}")
        if self.coins:
            flips = "coins until tails" if self.coins < 0 else f"{self.coins} coins"
            many = f"{flips}: one per heads of"
        elif self.per:
            many = f"one per {self.per.replace('_', ' ')} of"
        what = " or ".join(c.describe() for c in self.match)
        where = " or ".join(z.replace("discard", "discard pile") for z in self.src)
        text = f"search the {where} for {many} {what}"
        if self.distinct:
            text += "s of different types"
        text += f", {_DEST_TEXT[self.dest]}"
        if self.counters_each:
            text += f", {self.counters_each} damage counters per card on it"
        if self.stage2_counters:
            text += f" (a Stage 2 gets {self.stage2_counters} damage counters)"
        return text

    def found(
        self, s: PtcgState, seat: int, types: list[str] | None = None, exclude: int = -1
    ) -> list[int]:
        """The matching cards of the searched zones (one per distinct card and zone)."""
        side = s.sides[seat]
        seen: set[tuple[str, str]] = set()
        picks: list[int] = []
        # a Holon Veil of the searching player makes each of their Pokémon cards δ
        veiled = any(m.delta for m in self.match) and delta_veiled(s, seat)
        for zone in self.src:
            cards: list[int] = getattr(side, zone)
            for inst in cards:
                if inst == exclude:
                    continue
                card = s.card(inst)
                if (zone, card.id) in seen or not any(
                    m.matches(card) or (veiled and _veiled_match(m, card)) for m in self.match
                ):
                    continue
                if types and any(t in types for t in _types(card)):
                    continue
                if self.dest == "evolve_active" and (
                    side.active is None or evolve_rule(s, side.active, card) is not None
                ):
                    continue
                seen.add((zone, card.id))
                picks.append(inst)
        return picks

    def possible(self, s: PtcgState, seat: int) -> str | None:
        """Why a Trainer with this search cannot be played now (None: it can)."""
        side = s.sides[seat]
        if self.dest == "bench" and len(side.bench) >= bench_limit(s):
            return "the Bench is full"
        if self.dest == "attach_bench" and not side.bench:
            return "there is no Benched Pokémon to attach to"
        if self.dest == "evolve_active" and (
            side.active is None
            or first_turn_of(s)
            or side.active.entered >= s.turn
            or side.active.evolved >= s.turn
        ):
            return "the Active Pokémon cannot evolve now"
        if self.src == ("deck",):
            return None if side.deck else "the deck is empty: there is nothing to search"
        if not self.found(s, seat):
            return "there is no such card to take"
        return None

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        left = self.n if self.n else -1
        if self.coins < 0:
            left = 0
            while ctx.flip(r.attack or "search"):
                left += 1
        elif self.coins:
            left = sum(1 for _ in range(self.coins) if ctx.flip(r.attack or "search"))
        elif self.per is not None:
            left = count(ctx.s, seat, self.per)
        if left == 0:
            return None  # nothing to search for: the deck is not even looked at
        side = ctx.s.sides[seat]
        exclude = side.discard[-1] if self.not_last_discarded and side.discard else -1
        return {
            "left": left,
            "types": [],
            "picks": [],
            "searched": "deck" in self.src,
            "exclude": exclude,
            "to": -1,
        }

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["left"] == 0 or (self.dest == "bench" and len(side.bench) >= bench_limit(s)):
            return None
        found = self.found(s, seat, st["types"] if self.distinct else None, st["exclude"])
        if not found:
            return None
        labels: list[str] = []
        picks: list[list[int]] = []
        for inst in found:
            name = s.card(inst).name
            zone = next(z for z in self.src if inst in getattr(side, z))
            if len(self.src) > 1:
                name += f" (from the {zone.replace('discard', 'discard pile')})"
            if self.dest in ("attach_own", "attach_bench"):
                for slot, mon in side.in_play():
                    if (slot == 0 and self.dest == "attach_bench") or st["to"] not in (-1, slot):
                        continue
                    labels.append(f"{name} to {s.top(mon).name} ({slot_name(slot)})")
                    picks.append([inst, slot])
            else:
                labels.append(name)
                picks.append([inst, 0])
        st["picks"] = picks
        if not self.must:
            labels.append("nothing more" if st.get("taken") else "nothing")
        many = "any number" if st["left"] < 0 else f"{st['left']} more"
        return seat, f"{' or '.join(c.describe() for c in self.match)}: pick one ({many})", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if option >= len(picks):
            st["left"] = 0
            return
        inst, slot = picks[option]
        s = ctx.s
        side = s.sides[seat]
        p = SEATS[seat]
        zone = next(z for z in self.src if inst in getattr(side, z))
        card = s.card(inst)
        if self.dest == "hand":
            ctx.emit("move", p=p, card=inst, src=zone, dst="hand")
        elif self.dest in ("deck", "discard"):
            ctx.emit("move", p=p, card=inst, src=zone, dst=self.dest)
        elif self.dest == "evolve_active":
            evolve_onto(ctx, seat, 0, inst, zone)
        elif self.dest == "bench":
            ctx.emit("bench", p=p, card=inst, **{"from": zone})
            if self.stage2_counters and card.stage == "stage2":
                counters(ctx, seat, len(side.bench), self.stage2_counters)
        else:
            slot = int(st["slot"]) if self.dest == "attach_self" else slot
            ctx.emit("attach", p=p, card=inst, slot=slot, counts=False, **{"from": zone})
            if self.one_target:
                st["to"] = slot
            if self.counters_each:
                counters(ctx, seat, slot, self.counters_each)
        st["taken"] = st.get("taken", 0) + 1
        st["types"] = [*st["types"], *_types(card)]
        if st["left"] > 0:
            st["left"] -= 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["searched"] or self.dest == "deck":
            ctx.shuffle(seat)


@dataclass(frozen=True)
class OpponentSwitch(Question):
    """The opponent switches their Defending Pokémon with a Benched Pokémon they pick (not
    when it is Knocked Out: its owner promotes instead)."""

    def describe(self) -> str:
        return "the opponent switches the Defending Pokémon with a Benched one they pick"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        opp = ctx.s.sides[1 - seat]
        active = opp.active
        if active is None or not opp.bench or active.damage >= max_hp(ctx.s, active):
            return None
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        if st["done"] or not opp.bench:
            return None
        labels = [f"{s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(opp.bench)]
        return 1 - seat, "pick the Benched Pokémon that becomes your Active", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("switch", p=SEATS[1 - seat], slot=option + 1)
        st["done"] = True


@dataclass(frozen=True)
class SelfSwitch(Question):
    """The attacker's player switches it with a Benched Pokémon they pick (``optional``:
    or keeps it Active). Not a retreat."""

    optional: bool = True

    def describe(self) -> str:
        may = "may switch" if self.optional else "switches"
        return f"the player {may} the attacker with a Benched Pokémon"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        active = side.active
        if active is None or not side.bench or active.damage >= max_hp(ctx.s, active):
            return None
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["done"] or not side.bench:
            return None
        labels = [f"{s.top(m).name} ({slot_name(i + 1)})" for i, m in enumerate(side.bench)]
        if self.optional:
            labels.append("keep the Active Pokémon")
        return seat, "pick the Benched Pokémon that becomes your Active", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option < len(ctx.s.sides[seat].bench):
            ctx.emit("switch", p=SEATS[seat], slot=option + 1)
        st["done"] = True


@dataclass(frozen=True)
class DiscardOwn(Question):
    """Discard ``n`` Energy cards (of type ``kind``) attached to the attacker; when the
    attached candidates differ, the player picks them one at a time."""

    n: int
    kind: str = ""

    def describe(self) -> str:
        kind = f" {self.kind}" if self.kind else ""
        return f"discard {self.n}{kind} Energy attached to the attacker (the player picks)"

    def _matching(self, s: PtcgState, seat: int) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        return [
            c
            for c in mon.energy
            if not self.kind or self.kind in provides(s, c) or ANY in provides(s, c)
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        s = ctx.s
        found = self._matching(s, seat)
        if len(found) <= self.n or len({s.cards[c] for c in found}) == 1:
            if found:  # nothing to choose: these go
                ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=found[: self.n])
            return None
        return {"left": self.n, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = self._matching(s, seat)
        if st["left"] == 0 or not found:
            return None
        picks = list({s.cards[c]: c for c in reversed(found)}.values())[::-1]
        st["picks"] = picks
        return seat, f"discard an Energy card ({st['left']} more)", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[st["picks"][option]])
        st["left"] -= 1


# ---------------------------------------------------------------------------- Trainers
def trainer_program(
    card_id: str,
    summary: str,
    steps: tuple[Step, ...],
    check: Callable[[PtcgState, int], str | None] | None = None,
) -> reg.TrainerEffect:
    """A Trainer whose effect is vocabulary steps (questions included); it is playable only
    when ``check`` (or, by default, its first search's ``possible``) finds no reason not
    to (``ptcg.trainer.condition``)."""
    key = f"trainer:{card_id}"
    register_program(key, "trainer", summary, steps)
    first = next((step for step in steps if isinstance(step, Search)), None)

    def trainer_check(s: PtcgState, seat: int, params: TrainerParams) -> tuple[str, str] | None:
        why = check(s, seat) if check is not None else None
        if why is None and check is None and first is not None:
            why = first.possible(s, seat)
        return None if why is None else ("ptcg.trainer.condition", why)

    def run(ctx: Ctx, seat: int, params: TrainerParams) -> None:
        r = Run(0, attack=summary, prog=key)
        run_program(ctx, seat, steps, r)

    return reg.TrainerEffect(summary, run, check=trainer_check)


# ---------------------------------------------------------------------------- the deck's top
@dataclass(frozen=True)
class DiscardTop(Step):
    """Discard the top ``n`` cards of a deck (``side``: the attacker's player's or the
    opponent's); ``attach_basic``: a basic Energy card among them is attached to the attacker
    instead."""

    n: int = 1
    side: Literal["own", "opponent"] = "opponent"
    attach_basic: bool = False

    def describe(self) -> str:
        whose = "its own" if self.side == "own" else "the opponent's"
        text = f"discard the top {self.n} card(s) of {whose} deck"
        return text + ("; a basic Energy among them is attached to it" if self.attach_basic else "")

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        owner = seat if self.side == "own" else 1 - seat
        for card in ctx.s.sides[owner].deck[: self.n]:
            if self.attach_basic and ctx.s.card(card).basic_energy:
                ctx.emit(
                    "attach", p=SEATS[owner], card=card, slot=0, counts=False, **{"from": "deck"}
                )
            else:
                ctx.emit("move", p=SEATS[owner], card=card, src="deck", dst="discard")


@dataclass(frozen=True)
class TimesDiscardedEnergy(Step):
    """Discard the top ``n`` cards of the attacker's player's deck: the printed damage
    times the basic Energy cards of ``types`` among them."""

    n: int
    types: tuple[str, ...]
    modifier = True

    def describe(self) -> str:
        return (
            f"discard the top {self.n} cards of its deck: the printed damage times the basic "
            f"{' and '.join(self.types)} Energy cards among them"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        top = s.sides[seat].deck[: self.n]
        hits = sum(
            1
            for c in top
            if s.card(c).basic_energy and any(t in s.card(c).provides for t in self.types)
        )
        for card in top:
            ctx.emit("move", p=SEATS[seat], card=card, src="deck", dst="discard")
        r.damage *= hits


# ---------------------------------------------------------------------------- more questions
@dataclass(frozen=True)
class MoveEnergy(Question):
    """Move an Energy card (of type ``kind``) attached to one of the player's Pokémon to
    another of them: ``src`` "self" (the Pokémon whose effect it is) or "any" (``team``:
    only from a Pokémon with that in its name); ``dst`` "bench" (a Benched one), "self" (the
    Pokémon whose effect it is: Call for Power) or "any".
    ``optional``: the player may move nothing."""

    kind: str = ""
    src: Literal["self", "any"] = "self"
    dst: Literal["bench", "any", "self"] = "any"
    team: str = ""
    optional: bool = True
    basic: bool = False

    def describe(self) -> str:
        kind = f" {self.kind}" if self.kind else (" basic" if self.basic else "")
        where = "itself" if self.src == "self" else f"one of the player's {self.team} Pokémon"
        to = {"bench": "a Benched Pokémon", "self": "itself"}.get(
            self.dst, "another of the player's Pokémon"
        )
        may = "may move" if self.optional else "moves"
        return f"the player {may} a{kind} Energy card from {where} to {to}"

    def moves(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        """Every (Energy card, from, to) the player may pick, alike cards once."""
        side = s.sides[seat]
        found: list[list[int]] = []
        for src, mon in side.in_play():
            if (self.src == "self" and src != slot) or (
                self.team and self.team not in s.top(mon).name
            ):
                continue
            seen: set[str] = set()
            for inst in mon.energy:
                if s.cards[inst] in seen or (self.basic and not s.card(inst).basic_energy):
                    continue
                if (
                    self.kind
                    and self.kind not in provides(s, inst)
                    and ANY not in provides(s, inst)
                ):
                    continue
                seen.add(s.cards[inst])
                for dst, _ in side.in_play():
                    if dst != src and (
                        self.dst == "any"
                        or (self.dst == "bench" and dst)
                        or (self.dst == "self" and dst == slot)
                    ):
                        found.append([inst, src, dst])
        return found

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self.moves(ctx.s, seat, r.slot) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        picks = self.moves(s, seat, int(st["slot"]))
        if not picks:
            return None
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for inst, src, dst in picks:
            a, b = side.mon(src), side.mon(dst)
            assert a is not None and b is not None
            labels.append(
                f"{s.card(inst).name} from {s.top(a).name} ({slot_name(src)}) "
                f"to {s.top(b).name} ({slot_name(dst)})"
            )
        if self.optional:
            labels.append("move nothing")
        return seat, "move an Energy card", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        inst, src, dst = st["picks"][option]
        ctx.emit("move_energy", p=SEATS[seat], card=inst, src=src, dst=dst)


@dataclass(frozen=True)
class Gust(Question):
    """The player picks one of the opponent's Benched Pokémon (``team``: with that in its
    name) to switch with the Defending Pokémon; ``optional``: or none."""

    optional: bool = False
    team: str = ""

    def describe(self) -> str:
        which = f"{self.team} " if self.team else ""
        may = "may switch" if self.optional else "switches"
        return f"the player {may} one of the opponent's Benched {which}Pokémon in as Defending"

    def _bench(self, s: PtcgState, seat: int) -> list[int]:
        return [
            i + 1
            for i, m in enumerate(s.sides[1 - seat].bench)
            if not self.team or self.team in s.top(m).name
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if ctx.s.sides[1 - seat].active is None or not self._bench(ctx.s, seat):
            return None
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = self._bench(s, seat)
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        opp = s.sides[1 - seat]
        labels = mon_labels(s, opp, slots)
        if self.optional:
            labels.append("switch nothing")
        return seat, "pick the opponent's Benched Pokémon that becomes Defending", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["slots"]):
            ctx.emit("switch", p=SEATS[1 - seat], slot=st["slots"][option])


@dataclass(frozen=True)
class DefendingEnergy(Question):
    """The player picks an Energy card attached to the Defending Pokémon: it goes to
    ``dest`` (its owner's "hand", "discard" pile, or the bottom of their deck: "deck")."""

    dest: Literal["hand", "discard", "deck"] = "discard"

    def describe(self) -> str:
        where = {"hand": "its owner's hand", "deck": "the bottom of its owner's deck"}.get(
            self.dest, "the discard pile"
        )
        return f"an Energy card the player picks from the Defending Pokémon to {where}"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        active = s.sides[1 - seat].active
        if active is None:
            return []
        return list({s.cards[c]: c for c in reversed(active.energy)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self._picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat)
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        return seat, "pick an Energy card of the Defending Pokémon", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        inst = st["picks"][option]
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=0, cards=[inst])
        if self.dest != "discard":  # on to the hand, or under the deck (the end of its list)
            ctx.emit("move", p=SEATS[1 - seat], card=inst, src="discard", dst=self.dest)


@dataclass(frozen=True)
class PickCondition(Question):
    """The player picks a Special Condition: the Defending Pokémon now has it (Miracle)."""

    def describe(self) -> str:
        return "the Defending Pokémon gets the Special Condition the player picks"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[1 - seat].active is not None else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        return seat, "pick a Special Condition", list(_CONDITION_ORDER)

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        set_condition(ctx, 1 - seat, 0, _CONDITION_ORDER[option])


_CONDITION_ORDER = ("asleep", "burned", "confused", "paralyzed", "poisoned")


@dataclass(frozen=True)
class DrawUpTo(Question):
    """The player draws any number of cards from 0 to ``n`` (at most what the deck holds)."""

    n: int

    def describe(self) -> str:
        return f"draw up to {self.n} cards"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.sides[seat].deck else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        most = min(self.n, len(s.sides[seat].deck))
        return seat, "how many cards to draw", [f"draw {k}" for k in range(most + 1)]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option:
            ctx.emit("draw", p=SEATS[seat], n=option)


@dataclass(frozen=True)
class EvolveFromHand(Step):
    """Put the card named ``name`` from the hand onto the Pokémon whose effect it is (it
    counts as evolving), then remove all its damage counters (Baby Evolution)."""

    name: str

    def describe(self) -> str:
        return f"put {self.name} from the hand onto it (evolving) and remove its damage counters"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        side = s.sides[seat]
        mon = side.mon(r.slot)
        card = next((c for c in side.hand if s.card(c).name == self.name), -1)
        if mon is None or card < 0:
            return
        evolve_onto(ctx, seat, r.slot, card)
        if mon.damage:
            ctx.emit("damage", p=SEATS[seat], slot=r.slot, n=-mon.damage)


# ---------------------------------------------------------------------------- Poké-Powers
Usable = Callable[[PtcgState, int, int], str | None]


def power_program(
    key: str, summary: str, steps: tuple[Step, ...], usable: Usable
) -> reg.PowerEffect:
    """A once-a-turn Poké-Power whose effect is vocabulary steps, run for the Pokémon using
    it (``Run.slot``); ``usable(state, seat, slot)`` says why it cannot be used now (the
    Special Conditions and the once-a-turn limit are the engine's, ``power.py``)."""
    register_program(key, "power", summary, steps)

    def run(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
        r = Run(0, attack=summary, prog=key, slot=slot)
        run_program(ctx, seat, steps, r)

    return reg.PowerEffect(summary, run, usable)


# ---------------------------------------------------------------------------- batch 3
@dataclass(frozen=True)
class PickTargets(Question):
    """The player picks the opponent's Pokémon, one per question, ``n`` times (``coins``:
    once per heads): each takes ``amount`` damage (no Weakness or Resistance on the Bench)
    or, with ``counters``, ``amount // 10`` damage counters. ``anywhere``: any of their
    Pokémon, else only Benched ones; ``distinct``: each a different Pokémon; ``pay``: each
    pick first discards an Energy card of that type from the attacker (and may be declined)."""

    n: int = 1
    amount: int = 10
    counters: bool = False
    coins: int = 0
    anywhere: bool = False
    distinct: bool = True
    pay: str = ""

    def describe(self) -> str:
        many = f"{self.coins} coins: per heads" if self.coins else f"{self.n} times"
        where = "any of the opponent's Pokémon" if self.anywhere else "a Benched Pokémon"
        what = f"{self.amount // 10} damage counters" if self.counters else f"{self.amount} damage"
        text = f"{many}, {what} on {where} the player picks"
        if self.distinct:
            text += " (a different one each time)"
        return text + (f", each for a {self.pay} Energy discarded (or none)" if self.pay else "")

    def _slots(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        return [
            slot
            for slot, _ in s.sides[1 - seat].in_play()
            if (slot or self.anywhere) and not (self.distinct and slot in st["picked"])
        ]

    def _fuel(self, s: PtcgState, seat: int) -> int:
        mon = s.sides[seat].active
        if not self.pay or mon is None:
            return -1
        return next(
            (c for c in mon.energy if self.pay in provides(s, c) or ANY in provides(s, c)), -1
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        left = self.n
        if self.coins:
            left = sum(1 for _ in range(self.coins) if ctx.flip(r.attack))
        return {"left": left, "picked": [], "slots": []} if left else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = self._slots(s, seat, st)
        if st["left"] <= 0 or not slots or (self.pay and self._fuel(s, seat) < 0):
            return None
        st["slots"] = slots
        opp = s.sides[1 - seat]
        labels = mon_labels(s, opp, slots)
        if self.pay:
            labels.append("none")
        return seat, f"pick the opponent's Pokémon ({st['left']} more)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["slots"]):
            st["left"] = 0
            return
        slot = st["slots"][option]
        if self.pay:
            fuel = self._fuel(ctx.s, seat)
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[fuel])
        if self.counters:
            counters(ctx, 1 - seat, slot, self.amount // 10)
        else:
            hit(ctx, seat, self.amount, slot)
        st["picked"] = [*st["picked"], slot]
        st["left"] -= 1


@dataclass(frozen=True)
class ForbidAttack(Question):
    """The player picks one of the Defending Pokémon's attacks: it cannot use it during
    its player's next turn (``ptcg.attack.effect``)."""

    def describe(self) -> str:
        return "an attack of the Defending Pokémon the player picks cannot be used next turn"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        active = ctx.s.sides[1 - seat].active
        if active is None or not ctx.s.top(active).attacks or guarded(ctx, 1 - seat, 0):
            return None
        return {"done": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        active = s.sides[1 - seat].active
        if st["done"] or active is None:
            return None
        names = [a.name for a in s.top(active).attacks]
        return seat, "pick the attack the Defending Pokémon cannot use next turn", names

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        active = ctx.s.sides[1 - seat].active
        assert active is not None
        name = ctx.s.top(active).attacks[option].name
        ctx.emit(
            "flag", p=SEATS[1 - seat], slot=0, flag="no_attack", turn=ctx.s.turn + 1, name=name
        )


@dataclass(frozen=True)
class DiscardStadium(Question):
    """The player may discard the Stadium card in play (to its owner's discard pile)."""

    def describe(self) -> str:
        return "the player may discard the Stadium card in play"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False} if ctx.s.stadium >= 0 else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"] or s.stadium < 0:
            return None
        return seat, "discard the Stadium?", [f"discard {s.card(s.stadium).name}", "keep it"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option == 0:
            ctx.emit("discard_stadium")


class PickOwnPokemon(Question):
    """A question whose options are some of the asking player's own Pokémon in play
    (``slots``), labelled by name and place; nothing is asked when none fits. Subclasses say
    which Pokémon fit, what the prompt says, and what happens to the one picked (``picked``)."""

    prompt = "pick one of your Pokémon"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        raise NotImplementedError

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        raise NotImplementedError

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if self.slots(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        slots = self.slots(s, seat)
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        side = s.sides[seat]
        labels = mon_labels(s, side, slots)
        return seat, self.prompt, labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        self.picked(ctx, seat, st["slots"][option])


@dataclass(frozen=True)
class HealPick(PickOwnPokemon):
    """The player picks one of their damaged Pokémon: up to ``n`` damage counters come off."""

    n: int
    prompt = "pick the Pokémon to heal"

    def describe(self) -> str:
        return f"remove {self.n} damage counters from one of the player's Pokémon (picked)"

    def slots(self, s: PtcgState, seat: int) -> list[int]:
        return [slot for slot, m in s.sides[seat].in_play() if m.damage]

    def picked(self, ctx: Ctx, seat: int, slot: int) -> None:
        heal(ctx, seat, slot, self.n)


@dataclass(frozen=True)
class TargetEnergy(Question):
    """After a ``TargetHit``: the target's owner picks an Energy card attached to it, which
    is discarded."""

    def describe(self) -> str:
        return "the opponent discards an Energy card (their pick) from the Pokémon hit"

    def _picks(self, s: PtcgState, seat: int, slot: int) -> list[int]:
        mon = s.sides[1 - seat].mon(slot)
        if mon is None:
            return []
        return list({s.cards[c]: c for c in reversed(mon.energy)}.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._picks(ctx.s, seat, r.target):
            return None
        return {"done": False, "picks": [], "target": r.target}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat, int(st["target"]))
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        return 1 - seat, "discard an Energy card from your Pokémon", [s.card(c).name for c in picks]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slot = int(st["target"])
        ctx.emit("discard_energy", p=SEATS[1 - seat], slot=slot, cards=[st["picks"][option]])


@dataclass(frozen=True)
class MoveTargetEnergy(Question):
    """After a ``TargetHit``: the player may move an Energy card attached to the Pokémon hit
    to another of the opponent's Pokémon (their picks; or none)."""

    def describe(self) -> str:
        return "the player may move an Energy card of the Pokémon hit to another of the opponent's"

    def _picks(self, s: PtcgState, seat: int, slot: int) -> list[list[int]]:
        opp = s.sides[1 - seat]
        mon = opp.mon(slot)
        if mon is None:
            return []
        energy = list({s.cards[c]: c for c in reversed(mon.energy)}.values())[::-1]
        return [[c, dst] for c in energy for dst, _ in opp.in_play() if dst != slot]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self._picks(ctx.s, seat, r.target):
            return None
        return {"done": False, "picks": [], "target": r.target}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat, int(st["target"]))
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        opp = s.sides[1 - seat]
        labels = []
        for card, dst in picks:
            mon = opp.mon(dst)
            assert mon is not None
            labels.append(f"{s.card(card).name} to {s.top(mon).name} ({slot_name(dst)})")
        return seat, "move an Energy card of the Pokémon hit", [*labels, "move nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            card, dst = st["picks"][option]
            ctx.emit("move_energy", p=SEATS[1 - seat], card=card, src=int(st["target"]), dst=dst)


@dataclass(frozen=True)
class MoveManyEnergy(Question):
    """The player picks one of their Pokémon (``team`` in its name) with basic Energy
    attached and another of their Pokémon, then moves any number of those basic Energy
    cards from the first to the second, one at a time (Power Shift)."""

    team: str = ""

    def describe(self) -> str:
        return (
            f"any number of basic Energy cards from one of the player's {self.team} Pokémon "
            "to another of their Pokémon"
        )

    def pairs(self, s: PtcgState, seat: int) -> list[list[int]]:
        side = s.sides[seat]
        return [
            [src, dst]
            for src, mon in side.in_play()
            if self.team in s.top(mon).name and any(s.defs[c].basic_energy for c in mon.energy)
            for dst, _ in side.in_play()
            if dst != src
        ]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not self.pairs(ctx.s, seat):
            return None
        return {"pair": [], "done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["done"]:
            return None
        if not st["pair"]:
            st["picks"] = self.pairs(s, seat)
            labels = []
            for src, dst in st["picks"]:
                a, b = side.mon(src), side.mon(dst)
                assert a is not None and b is not None
                labels.append(
                    f"from {s.top(a).name} ({slot_name(src)}) to {s.top(b).name} ({slot_name(dst)})"
                )
            return seat, "move basic Energy from which Pokémon to which?", labels
        src = side.mon(int(st["pair"][0]))
        if src is None:
            return None
        energy = [c for c in src.energy if s.defs[c].basic_energy]
        if not energy:
            return None
        st["picks"] = list({s.cards[c]: c for c in energy}.values())
        return (
            seat,
            "move which basic Energy card?",
            [
                *(s.card(c).name for c in st["picks"]),
                "done",
            ],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st["pair"]:
            st["pair"] = st["picks"][option]
            return
        if option >= len(st["picks"]):
            st["done"] = True
            return
        src, dst = st["pair"]
        ctx.emit("move_energy", p=SEATS[seat], card=st["picks"][option], src=src, dst=dst)


@dataclass(frozen=True)
class PairSearch(Question):
    """Search the deck for the cards of one of ``pairs`` (names): the player takes one card
    of a pair or both, into the hand; then the deck is shuffled (Signs of Evolution)."""

    pairs: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        names = " or ".join(" and ".join(pair) for pair in self.pairs)
        return f"search the deck for {names}: one card of a pair or both, into the hand"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if not ctx.s.sides[seat].deck:
            return None
        return {"done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        deck = s.sides[seat].deck
        picks: list[list[int]] = []
        labels: list[str] = []
        for pair in self.pairs:
            found = [next((c for c in deck if s.card(c).name == name), -1) for name in pair]
            for inst in found:
                if inst >= 0:
                    picks.append([inst])
                    labels.append(s.card(inst).name)
            if all(inst >= 0 for inst in found):
                picks.append(found)
                labels.append(" and ".join(pair))
        st["picks"] = picks
        return seat, "take one card of a pair or both", [*labels, "nothing"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option < len(st["picks"]):
            for inst in st["picks"][option]:
                ctx.emit("move", p=SEATS[seat], card=inst, src="deck", dst="hand")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        ctx.shuffle(seat)


@dataclass(frozen=True)
class SwitchThenMoveEnergy(Question):
    """The player may switch the attacker with a Benched Pokémon; if they do, they may move
    any number of the ``kind`` Energy cards attached to it to the new Active, one at a time
    (Quick Touch)."""

    kind: str

    def describe(self) -> str:
        return (
            f"the player may switch it with a Benched Pokémon, then move any of its {self.kind} "
            "Energy to the new Active"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        side = ctx.s.sides[seat]
        if side.active is None or not side.bench:
            return None
        return {"moved_to": 0, "done": False, "picks": []}

    def _energy(self, s: PtcgState, seat: int, slot: int) -> list[int]:
        mon = s.sides[seat].mon(slot)
        if mon is None:
            return []
        return [c for c in mon.energy if self.kind in provides(s, c) or ANY in provides(s, c)]

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        side = s.sides[seat]
        if st["done"]:
            return None
        if not st["moved_to"]:
            st["picks"] = [i + 1 for i in range(len(side.bench))]
            labels = [
                f"switch with {s.top(m).name} (bench{i + 1})" for i, m in enumerate(side.bench)
            ]
            return seat, "switch the attacker with a Benched Pokémon?", [*labels, "stay"]
        energy = self._energy(s, seat, int(st["moved_to"]))
        if not energy:
            return None
        st["picks"] = list({s.cards[c]: c for c in energy}.values())
        labels = [f"move {s.card(c).name} to the new Active" for c in st["picks"]]
        return seat, f"move {self.kind} Energy to the new Active?", [*labels, "done"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        if not st["moved_to"]:
            slot = st["picks"][option]
            ctx.emit("switch", p=SEATS[seat], slot=slot)
            st["moved_to"] = slot
            return
        inst = st["picks"][option]
        ctx.emit("move_energy", p=SEATS[seat], card=inst, src=int(st["moved_to"]), dst=0)


@dataclass(frozen=True)
class DiscardEachType(Question):
    """Discard one attached Energy card of each of ``kinds`` from the attacker (Dragon
    Wave): the player picks the card for a type where the candidates differ; nothing is
    discarded for a type no card left provides."""

    kinds: tuple[str, ...]

    def describe(self) -> str:
        return f"discard a {' and a '.join(self.kinds)} Energy card attached to it"

    def _candidates(self, s: PtcgState, seat: int, kind: str) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        found = [c for c in mon.energy if kind in provides(s, c) or ANY in provides(s, c)]
        return list({s.cards[c]: c for c in found}.values())

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        st: dict[str, Any] = {"index": 0, "picks": []}
        self._settle(ctx, seat, st)
        return st

    def _settle(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> list[int]:
        """Discard without asking while the next type has one kind of candidate (or none);
        the candidates of the first type that needs a pick, or [] when all are done."""
        while st["index"] < len(self.kinds):
            found = self._candidates(ctx.s, seat, self.kinds[st["index"]])
            if len(found) > 1:
                return found
            if found:
                ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[found[0]])
            st["index"] += 1
        return []

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["index"] >= len(self.kinds):
            return None
        found = self._candidates(s, seat, self.kinds[st["index"]])
        st["picks"] = found
        kind = self.kinds[st["index"]]
        return seat, f"discard which card for the {kind} Energy?", [s.card(c).name for c in found]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[st["picks"][option]])
        st["index"] += 1
        self._settle(ctx, seat, st)


@dataclass(frozen=True)
class TrimOpponentHand(Question):
    """If the opponent holds at least ``least`` cards, the player looks at them and picks
    cards one at a time until ``keep`` are left; those are shuffled into the opponent's deck
    (Pick On)."""

    least: int = 6
    keep: int = 5

    def describe(self) -> str:
        return (
            f"with {self.least}+ cards in the opponent's hand, the player picks cards there "
            f"until {self.keep} are left: shuffled into their deck"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        hand = ctx.s.sides[1 - seat].hand
        if len(hand) < self.least:
            return None
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=[ctx.s.card(c).name for c in hand])
        return {"picks": [], "moved": False}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        hand = s.sides[1 - seat].hand
        if len(hand) <= self.keep:
            return None
        picks = list({s.cards[c]: c for c in hand}.values())
        st["picks"] = picks
        left = len(hand) - self.keep
        return (
            seat,
            f"pick a card of the opponent's hand ({left} to go)",
            [s.card(c).name for c in picks],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["moved"] = True
        ctx.emit("move", p=SEATS[1 - seat], card=st["picks"][option], src="hand", dst="deck")

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st.get("moved"):
            ctx.shuffle(1 - seat)


@dataclass(frozen=True)
class SwitchForEnergy(Question):
    """The player may discard an Energy card attached to the attacker (their pick) and then
    switch it with a Benched Pokémon (their pick); or neither."""

    def describe(self) -> str:
        return "the player may discard an Energy card from it to switch it with a Benched one"

    def _picks(self, s: PtcgState, seat: int) -> list[list[int]]:
        side = s.sides[seat]
        if side.active is None:
            return []
        energy = list({s.cards[c]: c for c in reversed(side.active.energy)}.values())[::-1]
        return [[c, i + 1] for c in energy for i in range(len(side.bench))]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        active = ctx.s.sides[seat].active
        if active is None or active.damage >= max_hp(ctx.s, active):
            return None
        return {"done": False, "picks": []} if self._picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat)
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for card, slot in picks:
            m = side.mon(slot)
            assert m is not None
            labels.append(f"discard {s.card(card).name}, switch with {s.top(m).name}")
        return seat, "switch for an Energy card?", [*labels, "stay"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        card, slot = st["picks"][option]
        ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=[card])
        ctx.emit("switch", p=SEATS[seat], slot=slot)


@dataclass(frozen=True)
class ShuffleFromOpponentHand(Step):
    """A card of the opponent's hand picked without looking (the game's dice) is shuffled
    into their deck."""

    def describe(self) -> str:
        return "a random card of the opponent's hand is shuffled into their deck"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        hand = ctx.s.sides[1 - seat].hand
        if hand:
            card = hand[ctx.dice.die(len(hand)) - 1]
            ctx.emit("move", p=SEATS[1 - seat], card=card, src="hand", dst="deck")
            ctx.shuffle(1 - seat)


@dataclass(frozen=True)
class DiscardOpponentHandTo(Step):
    """While the opponent holds more than ``keep`` cards, one picked without looking (the
    game's dice) is discarded."""

    keep: int

    def describe(self) -> str:
        return f"random cards of the opponent's hand are discarded until {self.keep} are left"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        hand = ctx.s.sides[1 - seat].hand
        while len(hand) > self.keep:
            card = hand[ctx.dice.die(len(hand)) - 1]
            ctx.emit("move", p=SEATS[1 - seat], card=card, src="hand", dst="discard")


@dataclass(frozen=True)
class ConditionsByEnergy(Step):
    """Special Conditions on the Defending Pokémon by the Energy on the attacker: entry
    ``i`` of ``table`` for ``i + 1`` Energy (the last entry for that many or more)."""

    table: tuple[tuple[str, ...], ...]

    def describe(self) -> str:
        return "by the Energy attached: " + "; ".join(
            f"{i + 1}{'+' if i == len(self.table) - 1 else ''}: {' and '.join(c)}"
            for i, c in enumerate(self.table)
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        n = count(ctx.s, seat, "own_energy")
        if n:
            for what in self.table[min(n, len(self.table)) - 1]:
                set_condition(ctx, 1 - seat, 0, what)


@dataclass(frozen=True)
class HealDealt(Step):
    """Remove from the attacker as many damage counters as the damage its last ``Hit`` did."""

    def describe(self) -> str:
        return "remove from the attacker one damage counter per 10 damage done"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        if after_withheld(ctx, seat, "heal_dealt"):
            return  # the damage waits for the defending player's answer (Psychic Protector)
        heal(ctx, seat, 0, r.dealt // 10)


@dataclass(frozen=True)
class BoostNextTurn(Step):
    """The attacker's attacks are boosted in its player's next turn (an attack tests
    ``own_boosted``)."""

    def describe(self) -> str:
        return "boost its attack in the player's next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit("flag", p=SEATS[seat], slot=0, flag="boost", turn=ctx.s.turn + 2)


@dataclass(frozen=True)
class DrawByDiscarded(Step):
    """Draw ``n`` cards, or ``more`` if the card on top of the discard pile (the one just
    discarded) has ``team`` in its name."""

    n: int
    more: int
    team: str

    def describe(self) -> str:
        return f"draw {self.n} cards ({self.more} if the discarded card is {self.team})"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        side = ctx.s.sides[seat]
        top = side.discard[-1] if side.discard else -1
        n = self.more if top >= 0 and self.team in ctx.s.card(top).name else self.n
        if min(n, len(side.deck)):
            ctx.emit("draw", p=SEATS[seat], n=min(n, len(side.deck)))


# ---------------------------------------------------------------------------- evolution
def _stage1_between(s: PtcgState, stage2: CardDef, basic: str) -> bool:
    """Whether a Stage 1 card named ``stage2.evolves_from`` evolves from ``basic`` (read in
    the game's cards, then the bundled pool)."""
    for card in (*s.defs, *bundled_cards().values()):
        if card.name == stage2.evolves_from and card.stage == "stage1":
            return card.evolves_from == basic
    return False


@dataclass(frozen=True)
class SkipEvolve(Question):
    """Rare Candy: the player picks a Stage 1 or Stage 2 card in the hand and one of their
    Basic Pokémon in play it evolves from (a Stage 2 through the Stage 1 it names), and
    puts it on that Pokémon: this counts as evolving, under the evolution rules' timing (not
    on a first turn, not a Pokémon new this turn or evolved this turn)."""

    def describe(self) -> str:
        return "put a Stage 1 or Stage 2 card from the hand on the Basic it evolves from"

    def picks(self, s: PtcgState, seat: int) -> list[list[int]]:
        side = s.sides[seat]
        if first_turn_of(s):
            return []
        found: list[list[int]] = []
        seen: set[str] = set()
        for inst in side.hand:
            card = s.card(inst)
            if not card.is_evolution or card.id in seen:
                continue
            seen.add(card.id)
            for slot, mon in side.in_play():
                base = s.top(mon)
                if (
                    len(mon.stack) != 1
                    or base.stage != "basic"
                    or mon.entered >= s.turn
                    or mon.evolved >= s.turn
                ):
                    continue
                if (card.stage == "stage1" and card.evolves_from == base.name) or (
                    card.stage == "stage2" and _stage1_between(s, card, base.name)
                ):
                    found.append([inst, slot])
        return found

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": []} if self.picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self.picks(s, seat)
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        side = s.sides[seat]
        labels = []
        for inst, slot in picks:
            mon = side.mon(slot)
            assert mon is not None
            labels.append(f"{s.card(inst).name} on {s.top(mon).name} ({slot_name(slot)})")
        return seat, "pick the card and the Basic Pokémon it goes on", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        inst, slot = st["picks"][option]
        evolve_onto(ctx, seat, slot, inst)


# ---------------------------------------------------------------------------- before the damage
@dataclass(frozen=True)
class DiscardForDamage(Question):
    """Before the damage (a ``Hit`` follows it): the player picks basic Energy cards (of
    ``kind``) attached to the attacker (``everywhere``: to any of their Pokémon) to discard
    (``to_hand``: to return to the hand), one at a time, as many as they like; each adds
    ``each`` damage. ``all_or_none``: one question, all of them or none (and then ``each``
    is added once). The attack's damage goes on through the question's state."""

    each: int
    kind: str = ""
    basic: bool = True
    everywhere: bool = False
    to_hand: bool = False
    all_or_none: bool = False
    per_card: bool = False  # with all_or_none: ``each`` per card (Reverse Stream), not once

    def describe(self) -> str:
        kind = f" {self.kind}" if self.kind else ""
        where = "its player's Pokémon" if self.everywhere else "the attacker"
        how = "all or none of the" if self.all_or_none else "any number of"
        verb = "returned to the hand" if self.to_hand else "discarded"
        each = "" if self.all_or_none and not self.per_card else " each"
        return f"before the damage, {how} basic{kind} Energy on {where} {verb}: +{self.each}{each}"

    def _found(self, s: PtcgState, seat: int) -> list[list[int]]:
        side = s.sides[seat]
        found: list[list[int]] = []
        for slot, mon in side.in_play():
            if slot and not self.everywhere:
                continue
            for inst in mon.energy:
                card = s.card(inst)
                if (not self.basic or card.basic_energy) and (
                    not self.kind or self.kind in card.provides
                ):
                    found.append([inst, slot])
        return found

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "picks": [], "plus": 0} if self._found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = self._found(s, seat)
        if st["done"] or not found:
            return None
        if self.all_or_none:
            st["picks"] = found
            return seat, "discard them all?", [f"all {len(found)}", "none"]
        side = s.sides[seat]
        picks: list[list[int]] = []
        labels: list[str] = []
        seen: set[tuple[str, int]] = set()
        for inst, slot in found:
            if (s.cards[inst], slot) in seen:
                continue
            seen.add((s.cards[inst], slot))
            mon = side.mon(slot)
            assert mon is not None
            picks.append([inst, slot])
            labels.append(f"{s.card(inst).name} from {s.top(mon).name} ({slot_name(slot)})")
        st["picks"] = picks
        return seat, f"Energy for +{self.each} each (so far +{st['plus']})", [*labels, "done"]

    def _drop(self, ctx: Ctx, seat: int, inst: int, slot: int) -> None:
        ctx.emit("discard_energy", p=SEATS[seat], slot=slot, cards=[inst])
        if self.to_hand:
            ctx.emit("move", p=SEATS[seat], card=inst, src="discard", dst="hand")

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if option >= len(picks) or (self.all_or_none and option == 1):
            st["done"] = True
            return
        if self.all_or_none:
            for inst, slot in picks:
                self._drop(ctx, seat, inst, slot)
            st["plus"] = self.each * (len(picks) if self.per_card else 1)
            st["done"] = True
            return
        inst, slot = picks[option]
        self._drop(ctx, seat, inst, slot)
        st["plus"] += self.each


@dataclass(frozen=True)
class DiscardAllOfOneType(Question):
    """Before the damage: the player picks one of ``kinds``; every Energy card of it on the
    attacker is discarded and the damage becomes the printed number times the Energy it
    provided (a ``Hit`` follows)."""

    kinds: tuple[str, ...]
    each: int

    def describe(self) -> str:
        return (
            f"discard all {' or all '.join(self.kinds)} Energy from the attacker: "
            f"{self.each} times the Energy discarded"
        )

    def _of(self, s: PtcgState, seat: int, kind: str) -> list[int]:
        mon = s.sides[seat].active
        if mon is None:
            return []
        return [c for c in mon.energy if kind in provides(s, c) or ANY in provides(s, c)]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "damage_set": 0}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        labels = [f"all {kind} ({len(self._of(s, seat, kind))})" for kind in self.kinds]
        return seat, "discard all the Energy of one type", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        cards = self._of(ctx.s, seat, self.kinds[option])
        if cards:
            ctx.emit("discard_energy", p=SEATS[seat], slot=0, cards=cards)
        st["damage_set"] = self.each * sum(energy_amount(ctx.s, c) for c in cards)


@dataclass(frozen=True)
class RecycleEnergy(Question):
    """Energy Recycle System: the player picks either 1 basic Energy card from the discard
    pile into the hand, or (with 3 there) 3 of them shuffled into the deck, then which."""

    def describe(self) -> str:
        return "1 basic Energy from the discard pile to the hand, or 3 into the deck"

    def _found(self, s: PtcgState, seat: int) -> list[int]:
        return [c for c in s.sides[seat].discard if s.card(c).basic_energy]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"mode": "", "left": 0, "picks": []} if self._found(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        found = self._found(s, seat)
        if not st["mode"]:
            modes = ["1 into the hand"] + (["3 into the deck"] if len(found) >= 3 else [])
            return seat, "Energy Recycle System: which way?", modes
        if st["left"] <= 0 or not found:
            return None
        picks = list({s.cards[c]: c for c in reversed(found)}.values())[::-1]
        st["picks"] = picks
        return (
            seat,
            f"pick a basic Energy card ({st['left']} more)",
            [s.card(c).name for c in picks],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if not st["mode"]:
            st["mode"], st["left"] = ("hand", 1) if option == 0 else ("deck", 3)
            return
        dst = "hand" if st["mode"] == "hand" else "deck"
        ctx.emit("move", p=SEATS[seat], card=st["picks"][option], src="discard", dst=dst)
        st["left"] -= 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        if st["mode"] == "deck":
            ctx.shuffle(seat)


@dataclass(frozen=True)
class ShuffleOpponentSupporter(Question):
    """The player looks at the opponent's hand and may pick a Supporter card there: it is
    shuffled into its owner's deck and its owner draws a card."""

    def describe(self) -> str:
        return "a Supporter from the opponent's hand (the player's pick) into their deck; they draw"

    def _picks(self, s: PtcgState, seat: int) -> list[int]:
        hand = s.sides[1 - seat].hand
        found = {s.cards[c]: c for c in reversed(hand) if s.card(c).trainer == "supporter"}
        return list(found.values())[::-1]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        hand = ctx.s.sides[1 - seat].hand
        # the hand is shown to the player (a note for the record)
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=list(hand))
        return {"done": False, "picks": []} if self._picks(ctx.s, seat) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = self._picks(s, seat)
        if st["done"] or not picks:
            return None
        st["picks"] = picks
        return (
            seat,
            "shuffle a Supporter into the opponent's deck?",
            [
                *(s.card(c).name for c in picks),
                "none",
            ],
        )

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        if option >= len(st["picks"]):
            return
        opp = SEATS[1 - seat]
        ctx.emit("move", p=opp, card=st["picks"][option], src="hand", dst="deck")
        ctx.shuffle(1 - seat)
        ctx.emit("draw", p=opp, n=1)
