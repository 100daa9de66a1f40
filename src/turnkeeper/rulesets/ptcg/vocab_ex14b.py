"""Effect vocabulary first needed by EX Crystal Guardians (ex14) cards 31-100: each primitive
says which card needs it. The effects are described in the project's own words (card text is
never stored)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg.board import body_off, max_hp, mon_labels, slot_name
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import body_acted, counters, hit
from turnkeeper.rulesets.ptcg.search import Search
from turnkeeper.rulesets.ptcg.state import SEATS, Mon, PtcgState
from turnkeeper.rulesets.ptcg.turn import end_turn
from turnkeeper.rulesets.ptcg.vocab import Hit, Question, Run, Step, count
from turnkeeper.rulesets.ptcg.vocab_ex11 import prizes_taken
from turnkeeper.rulesets.ptcg.vocab_ex12 import seat_of


def _tools_and_stadium(s: PtcgState) -> list[list[int]]:
    """The Pokémon Tools in play, either player's, as [owner, slot], then the Stadium card in
    play as [-1, -1]."""
    found = [
        [seat, slot]
        for seat in (0, 1)
        for slot, mon in s.sides[seat].in_play()
        if mon.tool >= 0
    ]
    if s.stadium >= 0:
        found.append([-1, -1])
    return found


def tool_or_stadium_in_play(s: PtcgState, seat: int) -> str | None:
    """Windstorm's requirement: a Pokémon Tool or a Stadium card in play (either player's)."""
    return None if _tools_and_stadium(s) else "no Pokémon Tool or Stadium card is in play"


@dataclass(frozen=True)
class DiscardToolsOrStadium(Question):
    """The player discards up to ``n`` cards, in any mix, from the Pokémon Tools attached to
    either player's Pokémon and the Stadium card in play, one pick at a time (or stops):
    Windstorm ex14-85. Each goes to its owner's discard pile."""

    n: int = 2

    def describe(self) -> str:
        return f"discard up to {self.n} Pokémon Tools or Stadium cards in play (either player's)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"count": 0, "picks": []} if _tools_and_stadium(ctx.s) else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        picks = _tools_and_stadium(s)
        if st["count"] >= self.n or not picks:
            return None
        st["picks"] = picks
        labels = []
        for owner, slot in picks:
            if owner < 0:
                labels.append(f"the Stadium {s.card(s.stadium).name}")
                continue
            mon = s.sides[owner].mon(slot)
            assert mon is not None
            labels.append(
                f"{s.card(mon.tool).name} from {SEATS[owner]}'s {s.top(mon).name} "
                f"({slot_name(slot)})"
            )
        labels.append("discard nothing more")
        return seat, "pick a Pokémon Tool or the Stadium to discard", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        picks = st["picks"]
        if option >= len(picks):
            st["count"] = self.n
            return
        st["count"] += 1
        owner, slot = int(picks[option][0]), int(picks[option][1])
        if owner < 0:
            ctx.emit("discard_stadium")
        else:
            ctx.emit("discard_tool", p=SEATS[owner], slot=slot)


def extra_noise(ctx: Ctx, seat: int, slot: int) -> None:
    """Exploud ex's Extra Noise (ex14-92): between turns, while it is its player's Active
    Pokémon, 1 damage counter on each of the opponent's Pokémon-ex (a Poké-Body's counters:
    no attack Guard stops them)."""
    s = ctx.s
    if slot != 0:
        return
    hit_any = False
    for other, mon in list(s.sides[1 - seat].in_play()):
        if s.top(mon).ex:
            ctx.emit("damage", p=SEATS[1 - seat], slot=other, n=10)
            hit_any = True
    active = s.sides[seat].active
    if hit_any and active is not None:
        body_acted(ctx, seat, active, "Extra Noise")


@dataclass(frozen=True)
class PlusIfDefendingPowered(Step):
    """``amount`` more damage if the Defending Pokémon has any Poké-Power or Poké-Body
    (Exploud ex's Hyper Tail ex14-92)."""

    amount: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.amount} if the Defending Pokémon has a Poké-Power or Poké-Body"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        defending = ctx.s.sides[1 - seat].active
        if defending is not None and ctx.s.top(defending).powers:
            r.damage += self.amount


@dataclass(frozen=True)
class HitThenRecoil(Hit):
    """The damage to the Defending Pokémon, with no Weakness, Resistance or effects on it;
    if it Knocks it Out, the attacker takes damage counters for the damage beyond the HP the
    Defending Pokémon had left before the attack (Blaziken ex's Burn Away ex14-90)."""

    def describe(self) -> str:
        return (
            "the damage (no W/R, effects on it ignored); on a Knock Out, the damage beyond "
            "its HP left to the attacker"
        )

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        target = s.sides[1 - seat].active
        if target is None:
            return
        left = max(0, max_hp(s, target) - target.damage)
        r.dealt = hit(ctx, seat, r.damage, 0, wr=False, effects=False)
        if target.damage >= max_hp(s, target) and r.dealt > left:
            counters(ctx, seat, 0, (r.dealt - left) // 10)


@dataclass(frozen=True)
class TimesEnergyFromDiscardToDeck(Step):
    """Every Energy card of the player's discard pile goes on top of the deck, which is then
    shuffled; the damage is ``each`` per card moved (Delcatty ex's Upstream ex14-91)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"every Energy card of the discard pile into the deck: {self.each} per card"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        s = ctx.s
        found = [c for c in s.sides[seat].discard if s.card(c).kind == "energy"]
        for card in found:
            ctx.emit("move", p=SEATS[seat], card=card, src="discard", dst="deck")
        if found:
            ctx.shuffle(seat)
        r.damage = self.each * len(found)


@dataclass(frozen=True)
class BothDiscardTo(Question):
    """Each player discards cards of their own pick, one at a time, until ``keep`` are left
    in their hand, the player using the effect first (Delcatty ex's Constrain ex14-91)."""

    keep: int = 6

    def describe(self) -> str:
        return f"each player discards down to {self.keep} cards (the user first)"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"picks": []} if self._who(ctx.s, seat) is not None else None

    def _who(self, s: PtcgState, seat: int) -> int | None:
        for who in (seat, 1 - seat):
            if len(s.sides[who].hand) > self.keep:
                return who
        return None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        who = self._who(s, seat)
        if who is None:
            return None
        hand = s.sides[who].hand
        st["picks"] = list({s.cards[c]: c for c in hand}.values())
        st["who"] = who
        left = len(hand) - self.keep
        labels = [s.card(c).name for c in st["picks"]]
        return who, f"a card of your hand to discard ({left} to go)", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        card = int(st["picks"][option])
        ctx.emit("move", p=SEATS[int(st["who"])], card=card, src="hand", dst="discard")


def hands_over(keep: int) -> Callable[[PtcgState, int, int], str | None]:
    """Constrain's requirement: some player holds more than ``keep`` cards (else it would do
    nothing)."""

    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        if any(len(side.hand) > keep for side in s.sides):
            return None
        return f"no player holds more than {keep} cards"

    return usable


def groudons_hard_rock(card_id: str) -> Callable[[PtcgState, Mon, Mon], bool]:
    """Hard Rock (Groudon ex ex14-93): while a Groudon ex of this card of the defender's
    player, its Body on, has 1 Energy or less attached, this card's Groudon ex take 20 less
    damage (the DamageBody's ``when``: (state, the defender, the attacker))."""

    def when(s: PtcgState, mon: Mon, attacker: Mon) -> bool:
        owner = seat_of(s, mon)
        return any(
            s.cards[m.stack[-1]] == card_id and len(m.energy) <= 1 and not body_off(s, m)
            for _, m in s.sides[owner].in_play()
        )

    return when


def dark_eyes(ctx: Ctx, seat: int, slot: int, user_seat: int, user_slot: int) -> None:
    """Shiftry ex's Dark Eyes (ex14-97): right after a Pokémon of the opponent has used a
    Poké-Power, 2 damage counters on it (from a Poké-Body, anywhere in play; one Shiftry ex
    acts per Body in play)."""
    counters(ctx, user_seat, user_slot, 2)
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None:
        body_acted(ctx, seat, mon, "Dark Eyes")


# the Side.later entry that keeps a player from using Poké-Powers for a turn (power.power_rule)
NO_POWERS = "no_powers"


@dataclass(frozen=True)
class OpponentNoPowersNextTurn(Step):
    """During their next turn the opponent cannot use Poké-Powers on any of their Pokémon,
    those put into play then included: a lock on the player (a ``Side.later`` entry
    "no_powers" for that turn, the ``side_later`` event; ``power.power_rule`` refuses it as
    ``ptcg.power.effect``). Jirachi ex's Shield Beam ex14-94."""

    def describe(self) -> str:
        return "the opponent uses no Poké-Powers next turn"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        ctx.emit("side_later", p=SEATS[1 - seat], what=NO_POWERS, turn=ctx.s.turn + 1)


def star_light_cost(printed: tuple[str, ...]) -> Callable[[PtcgState, Mon], tuple[str, ...] | None]:
    """Star Light for one attack of printed cost ``printed``: one Colorless less while the
    opponent has a Pokémon-ex or a Stage 2 Evolved Pokémon in play."""
    fewer = list(printed)
    fewer.remove("Colorless")
    cheaper = tuple(fewer)

    def cost(s: PtcgState, mon: Mon) -> tuple[str, ...] | None:
        owner = seat_of(s, mon)
        if any(
            s.top(m).ex or (len(m.stack) > 1 and s.top(m).stage == "stage2")
            for _, m in s.sides[1 - owner].in_play()
        ):
            return cheaper
        return None

    return cost


@dataclass(frozen=True)
class SearchThenEndTurn(Search):
    """A search after which, if it took any card, its player's turn ends (Swampert ex's
    Energy Recycle ex14-98: Energy cards from the discard pile attached to the player's
    Pokémon as they like, then the turn ends)."""

    def describe(self) -> str:
        return Search.describe(self) + "; then, if any was taken, the turn ends"

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        Search.finish(self, ctx, seat, st)
        if st.get("taken"):
            end_turn(ctx, attacked=False)


def energy_in_discard(s: PtcgState, seat: int, slot: int) -> str | None:
    """Energy Recycle's requirement: an Energy card in the player's discard pile."""
    side = s.sides[seat]
    if any(s.card(c).kind == "energy" for c in side.discard):
        return None
    return "there is no Energy card in the discard pile"


@dataclass(frozen=True)
class MayDiscardForMore(Question):
    """Before the damage (a ``Hit`` follows): the player may discard ``n`` cards from the hand
    (picked one at a time); if they do, the attack does ``plus`` more and ``bench`` damage to
    one of the opponent's Benched Pokémon the player picks (no Weakness or Resistance there):
    Swampert ex's Ultra Pump ex14-98. Nothing is asked with fewer than ``n`` cards in the
    hand."""

    n: int = 2
    plus: int = 20
    bench: int = 20

    def describe(self) -> str:
        return (
            f"the player may discard {self.n} cards from the hand: +{self.plus}, and "
            f"{self.bench} to a Benched Pokémon of the opponent"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        if len(ctx.s.sides[seat].hand) < self.n:
            return None
        return {"stage": "ask", "left": self.n, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        stage = st["stage"]
        if stage == "ask":
            return seat, f"discard {self.n} cards for more damage?", [
                f"discard {self.n} cards",
                "discard nothing",
            ]
        if stage == "discard":
            hand = s.sides[seat].hand
            st["picks"] = list({s.cards[c]: c for c in hand}.values())
            labels = [s.card(c).name for c in st["picks"]]
            return seat, f"a card of your hand to discard ({st['left']} to go)", labels
        opp = s.sides[1 - seat]
        if stage == "bench" and opp.bench:
            st["picks"] = [slot for slot, _ in opp.in_play() if slot]
            return seat, "pick the opponent's Benched Pokémon to hit", mon_labels(
                s, opp, st["picks"]
            )
        return None

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        stage = st["stage"]
        if stage == "ask":
            st["stage"] = "discard" if option == 0 else "done"
        elif stage == "discard":
            card = int(st["picks"][option])
            ctx.emit("move", p=SEATS[seat], card=card, src="hand", dst="discard")
            st["left"] = int(st["left"]) - 1
            if st["left"] == 0:
                st["plus"] = self.plus
                st["stage"] = "bench"
        else:
            st["stage"] = "done"
            hit(ctx, seat, self.bench, int(st["picks"][option]))


@dataclass(frozen=True)
class PlusPerPrizeTaken(Step):
    """``each`` more damage per Prize card the opponent has taken (Sceptile ex δ's Power
    Revenge ex14-96)."""

    each: int
    modifier = True

    def describe(self) -> str:
        return f"+{self.each} per Prize card the opponent has taken"

    def run(self, ctx: Ctx, seat: int, r: Run) -> None:
        r.damage += self.each * prizes_taken(ctx.s, 1 - seat)


@dataclass(frozen=True)
class CountersPerOwnEnergyOnPick(Question):
    """The player picks one of the opponent's Pokémon and puts on it as many damage counters
    as there is Energy attached to the attacker (Celebi ★'s Leaf Shade ex14-100). Nothing is
    asked when the attacker has no Energy."""

    def describe(self) -> str:
        return "one damage counter per Energy on the attacker on one of the opponent's Pokémon"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if count(ctx.s, seat, "own_energy") else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        opp = s.sides[1 - seat]
        slots = [slot for slot, _ in opp.in_play()]
        if st["done"] or not slots:
            return None
        st["slots"] = slots
        labels = mon_labels(s, opp, slots)
        return seat, "pick the opponent's Pokémon for the damage counters", labels

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        counters(ctx, 1 - seat, int(st["slots"][option]), count(ctx.s, seat, "own_energy"))
