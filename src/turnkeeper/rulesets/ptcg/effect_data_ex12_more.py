"""More of EX Legend Maker (ex12), the cards effect_data_ex12.py left: the Stadiums whose
players use them (Power Tree, Strange Cave: stadium_use.py), the Poké-Bodies that keep
Basic Pokémon from attacking (Shining Horn, Pattern Distraction) and the rest. Facts in
data/sets/ex12.json; the effects in the project's own words (card text is never stored)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import effect_data_ex12 as _ex12  # noqa: F401 (registered first)
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import PowerParams
from turnkeeper.rulesets.ptcg.board import bench_limit, max_hp, slot_name, types_of
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.power import power_stopped
from turnkeeper.rulesets.ptcg.search import Cards, Search, SelfSwitch, Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import (
    BURN_KEEPING_STADIUMS,
    SEATS,
    SPECIAL_CARDS,
    Mon,
    PtcgState,
)
from turnkeeper.rulesets.ptcg.vocab import (
    BaseIf,
    BenchDamage,
    Condition,
    DiscardDefendingEnergy,
    Flip,
    Guard,
    Hit,
    If,
    NoRetreat,
    PlusIf,
    PlusIfHeads,
    PlusPer,
    Question,
    Run,
    SelfDamage,
    Step,
    TargetHit,
    TimesCount,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import DelayedCounters
from turnkeeper.rulesets.ptcg.vocab_ex8 import DrawBottom, ReorderEitherTop, ShieldFrom
from turnkeeper.rulesets.ptcg.vocab_ex12 import (
    REACT_ENERGY,
    CardsEx,
    CardsOfStage,
    CountersAnyWayIf,
    DevolveWave,
    DiscardReactForDamage,
    DrawPerHeads,
    GustStage2,
    IfLastStand,
    IfReact,
    OpponentSwitchThen,
    OwnBenchHitPick,
    PlusPerNamedInPlay,
    ReturnEvolvedToHand,
    TrainerNotSupporter,
    TrimBench,
    TypeOfDefending,
    has_in_play,
    is_evolved,
    react_energy_on,
    reactive_aroma,
    seat_of,
)
from turnkeeper.rulesets.ptcg.vocab_sets import CardsNotEx, PlusPerCard, TrainerOf

ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # ---- Groundbreaker's last cards
    ("ex12-24", "Cry for Help"): (Search((CardsNotEx(kind="pokemon", type="Grass"),)),),
    ("ex12-24", "Overhead Toss"): (Hit(), OwnBenchHitPick(20)),
    ("ex12-26", "Whimsy Draw"): (DrawPerHeads(2),),
    ("ex12-26", "Double-edge"): (Hit(), Flip(tails=(SelfDamage(1),))),
    # ---- the set's other cards
    ("ex12-15", "Extra Call"): (Search((CardsEx(kind="pokemon"),)),),
    # 20 to one of the opponent's Pokémon, untouched by W/R and every effect on it (as ex2-2)
    ("ex12-15", "Feint Attack"): (TargetHit(20, wr=False, effects=False),),
    # ---- Shadowquake's last card
    ("ex12-5", "Cursed Reaction"): (CountersAnyWayIf(2, more=4, when="react"),),
    ("ex12-11", "Poison Ring"): (Hit(), Condition(("poisoned",)), NoRetreat()),
    ("ex12-14", "Hypno Splash"): (Hit(), Condition(("asleep",))),
    ("ex12-14", "Rely on Friends"): (PlusPerCard(10, "in_play", CardsOfStage(of="stage1")),),
    ("ex12-36", "Granite Head"): (Hit(), Guard(10)),  # taken off after W/R
    ("ex12-42", "Flick Poison"): (OpponentSwitchThen(which=("poisoned",)),),
    ("ex12-60", "Rising Lunge"): (PlusIfHeads(20),),
    ("ex12-13", "Sleep Poison"): (Hit(), Condition(("asleep", "poisoned"))),
    ("ex12-10", "Link Blast"): (BaseIf(20, "energy_differs"),),
    ("ex12-3", "Devolution Wave"): (DevolveWave(),),
    # an Energy card from the deck onto it, then it may switch with a Benched Pokémon
    ("ex12-88", "Power Move"): (
        Search((Cards(kind="energy"),), dest="attach_self"),
        SelfSwitch(),
    ),
    ("ex12-3", "Linear Attack"): (TargetHit(30),),
    ("ex12-12", "Reactive Beating"): (Hit(), IfReact((Condition(("confused",)),))),
    ("ex12-12", "Cross-Cut"): (PlusIf(30, "defending_evolved"),),
    ("ex12-87", "Reactive Blast"): (DiscardReactForDamage(30), Hit()),
    ("ex12-13", "Sharp Leaf"): (PlusIfHeads(30),),
    # with a React Energy: 10 more per Magnemite and Magneton in play (both sides, itself too)
    ("ex12-22", "Multiple Force"): (
        IfReact((PlusPerNamedInPlay(10, ("Magnemite", "Magneton")),)),
        Hit(),
    ),
    ("ex12-1", "Power Blow"): (PlusPer(10, "own_energy"),),
    # during the opponent's next turn nothing of a Pokémon-ex's attacks reaches it (ex8-99)
    ("ex12-1", "Speed Stroke"): (Hit(), ShieldFrom("ex")),
    ("ex12-90", "Ice Barrier"): (Hit(), ShieldFrom("ex")),
    ("ex12-90", "Final Blizzard"): (Hit(), IfLastStand((BenchDamage(30),))),
    ("ex12-31", "Down Draw"): (DrawBottom(2),),
    ("ex12-31", "Tripping Turn"): (Condition(("confused",)), SelfSwitch()),
    ("ex12-28", "Grind"): (TimesCount("own_energy"),),
    ("ex12-28", "Shadow Tag"): (DelayedCounters(7),),
    ("ex12-21", "Linear Attack"): (TargetHit(10),),
    # Burned only if it had damage counters before this attack
    ("ex12-21", "Burning Sensation"): (If("defending_damaged", (Condition(("burned",)),)), Hit()),
    ("ex12-16", "Foresight"): (ReorderEitherTop(5),),
    ("ex12-16", "Disorder"): (Hit(), If("defending_special_energy", (Condition(("confused",)),))),
    ("ex12-20", "Moon Guidance"): (Search((TrainerNotSupporter(),)),),
    ("ex12-20", "Psyshock"): (Hit(), Flip(heads=(Condition(("paralyzed",)),))),
    ("ex12-25", "Call for Family"): (Search((Cards(names=("Lunatone",)),), dest="bench"),),
    ("ex12-25", "Hyper Beam"): (Flip(heads=(DiscardDefendingEnergy(),)),),
}

DAMAGE_BODIES: dict[tuple[str, str], tuple[str, reg.DamageBody]] = {
    # 10 less per React Energy card attached, after W/R
    ("ex12-1", "Reactive Protection"): (
        "10 less damage from attacks per React Energy card attached to it, after W/R",
        reg.DamageBody(reduce=200, per_energy=REACT_ENERGY, name="Reactive Protection"),
    ),
}


def _active_basic_not_ex(s: PtcgState, body: Mon, owner: int, mon: Mon) -> bool:
    """Rear Sensor (ex12-16): each player's Active Basic Pokémon (not ex) has no Powers."""
    card = s.top(mon)
    active = s.sides[0].active is mon or s.sides[1].active is mon
    return active and s.is_unevolved_basic(mon) and not card.ex


def _shade(partner: str, kind: str) -> Callable[[PtcgState, Mon, int, Mon], bool]:
    """Sol Shade / Luna Shade: while its player has ``partner`` in play, each player's
    ``kind`` Pokémon (not ex) has no Powers."""

    def blocks(s: PtcgState, body: Mon, owner: int, mon: Mon) -> bool:
        if s.top(mon).ex or kind not in types_of(s, mon):
            return False
        return has_in_play(s, owner, (partner,))

    return blocks

# the Pokémon of the old Fossils that Kabuto's Ancient Protection (ex12-36) covers
FOSSIL_KIN = ("Omanyte", "Omastar", "Kabuto", "Kabutops", "Kabutops ex")


def _fossil_kin(s: PtcgState, body: Mon, target: Mon) -> bool:
    return s.top(target).name in FOSSIL_KIN


def _reactive_lift(s: PtcgState, mon: Mon) -> bool:
    """Wailord's Reactive Lift (ex12-14): a Water Pokémon (not ex) of the player of a Wailord
    with a React Energy attached retreats for nothing."""
    if s.top(mon).ex or "Water" not in types_of(s, mon):
        return False
    side = s.sides[seat_of(s, mon)]
    return any(
        s.cards[m.stack[-1]] == "ex12-14" and react_energy_on(s, m) for _, m in side.in_play()
    )

# (card id, Poké-Body) -> summary: while it is its player's only Pokémon in play, the
# opponent's Basic Pokémon cannot attack (reg.LONE_BASIC_BANS, as ex11-55)
LONE_BASIC_BANS: dict[tuple[str, str], str] = {
    ("ex12-15", "Shining Horn"): "as its player's only Pokémon: the opponent's Basics can't attack",
    ("ex12-24", "Shining Horn"): "as its player's only Pokémon: the opponent's Basics can't attack",
}

# (card id, Poké-Body) -> summary: while Active, an opponent's Basic Pokémon attacking flips
# a coin first; tails, its attack does nothing (reg.ATTACK_COIN_BODIES)
ATTACK_COIN_BODIES: dict[tuple[str, str], str] = {
    ("ex12-26", "Pattern Distraction"): (
        "while Active: an opponent's Basic Pokémon attacking flips a coin; tails, nothing"
    ),
}

# ---------------------------------------------------------------------------- the Stadiums
POWER_TREE = "ex12-76"
STRANGE_CAVE = "ex12-77"
# the old Fossil Pokémon Strange Cave lets a player bench from the hand, as Basic Pokémon
CAVE_NAMES = ("Omanyte", "Kabuto", "Aerodactyl", "Aerodactyl ex", "Lileep", "Anorith")

_POWER_TREE_STEPS: tuple[Step, ...] = (
    Search((Cards(kind="energy", basic_energy=True),), src=("discard",), must=True),
)
_STRANGE_CAVE_STEPS: tuple[Step, ...] = (
    Search((Cards(kind="pokemon", names=CAVE_NAMES),), src=("hand",), dest="bench", must=True),
)


def _power_tree_rule(s: PtcgState, seat: int) -> str | None:
    """Power Tree: not while a Special Energy card is in the player's discard pile, and only
    with a basic Energy card there to take."""
    discard = [s.card(c) for c in s.sides[seat].discard]
    if any(c.kind == "energy" and not c.basic_energy for c in discard):
        return "a Special Energy card is in the discard pile"
    if not any(c.basic_energy for c in discard):
        return "no basic Energy card in the discard pile"
    return None


def _strange_cave_rule(s: PtcgState, seat: int) -> str | None:
    """Strange Cave: room on the Bench and one of its Pokémon in the hand."""
    side = s.sides[seat]
    if len(side.bench) >= bench_limit(s):
        return "the Bench is full"
    if not any(s.card(c).kind == "pokemon" and s.card(c).name in CAVE_NAMES for c in side.hand):
        return f"no {', '.join(CAVE_NAMES)} in the hand"
    return None


def stadium_program(
    card_id: str,
    summary: str,
    steps: tuple[Step, ...],
    rule: Callable[[PtcgState, int], str | None],
) -> reg.StadiumEffect:
    """A Stadium whose players use it (``use_stadium``): ``rule`` says why not now, ``steps``
    (questions included) are what using it does."""
    key = f"stadium:{card_id}"
    register_program(key, "trainer", summary, steps)

    def run(ctx: Ctx, seat: int) -> None:
        run_program(ctx, seat, steps, Run(0, attack=summary, prog=key))

    return reg.StadiumEffect(summary, use_rule=rule, use_run=run)


FULL_FLAME = "ex12-74"
GIANT_STUMP = "ex12-75"
_STUMP_KEY = f"stadium:{GIANT_STUMP}:enter"
_STUMP_STEPS: tuple[Step, ...] = (TrimBench(3),)


def _giant_stump_enters(ctx: Ctx, seat: int) -> None:
    """Giant Stump comes into play: each player trims their Bench to three (a question for
    each Pokémon to discard; none when no Bench holds more than three)."""
    run_program(ctx, seat, _STUMP_STEPS, Run(0, attack="Giant Stump", prog=_STUMP_KEY))


def _register_stadiums() -> None:
    cards = bundled_cards()
    if cards[FULL_FLAME].trainer != "stadium" or FULL_FLAME in reg.STADIUMS:
        raise ValueError(f"effect_data_ex12_more: {FULL_FLAME} is no Stadium, or has a handler")
    # Burned: 4 damage counters between turns, and evolving or devolving does not cure it
    reg.STADIUMS[FULL_FLAME] = reg.StadiumEffect(
        "a Burn puts 4 damage counters on between turns; evolving or devolving does not cure it",
        burn_counters=4,
    )
    BURN_KEEPING_STADIUMS.add(FULL_FLAME)
    SPECIAL_CARDS.add(FULL_FLAME)
    if cards[GIANT_STUMP].trainer != "stadium" or GIANT_STUMP in reg.STADIUMS:
        raise ValueError(f"effect_data_ex12_more: {GIANT_STUMP} is no Stadium, or has a handler")
    register_program(_STUMP_KEY, "trainer", "Giant Stump", _STUMP_STEPS)
    reg.STADIUMS[GIANT_STUMP] = reg.StadiumEffect(
        "at most 3 Benched Pokémon each; as it comes into play each player discards Benched "
        "Pokémon down to 3 (its player first)",
        bench_limit=3,
        on_play=_giant_stump_enters,
    )
    SPECIAL_CARDS.add(GIANT_STUMP)
    for card_id, summary, steps, rule in (
        (
            POWER_TREE,
            "once in each player's turn, with no Special Energy card in their discard pile: a "
            "basic Energy card from there to the hand",
            _POWER_TREE_STEPS,
            _power_tree_rule,
        ),
        (
            STRANGE_CAVE,
            "once in each player's turn: Omanyte, Kabuto, Aerodactyl (ex), Lileep or Anorith "
            "from the hand onto the Bench as a Basic Pokémon",
            _STRANGE_CAVE_STEPS,
            _strange_cave_rule,
        ),
    ):
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_data_ex12_more: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium_program(card_id, summary, steps, rule)
        SPECIAL_CARDS.add(card_id)  # the fast listing leaves special games to legal.py


def _register_more_bodies() -> None:
    cards = bundled_cards()
    versatile = cards["ex12-88"].power("Versatile")
    if versatile is None or versatile.kind != "body" or ("ex12-88", "Versatile") in reg.BODIES:
        raise ValueError("effect_data_ex12_more: ex12-88 has no Poké-Body Versatile to add")
    reg.BODIES[("ex12-88", "Versatile")] = reg.BodyEffect(
        "it may use the attacks of every other Pokémon in play (both players') as its own, "
        "paying their cost"
    )
    reg.BORROW_ATTACK_BODIES["ex12-88"] = ("Versatile", ())  # no names: every Pokémon
    SPECIAL_CARDS.add("ex12-88")
    rows: tuple[tuple[str, str, str], ...] = (
        ("ex12-60", "Ancient Tentacles", "the damage of its player's Omanyte, Omastar, Kabuto, "
         "Kabutops and Kabutops ex ignores Resistance"),
        ("ex12-31", "Deadlock", "while Active: the opponent's Dunsparce can't attack"),
        ("ex12-28", "Stages of Evolution", "while Active and Evolved: the opponent's Active "
         "needs 1 Colorless more to retreat"),
        ("ex12-21", "Stages of Evolution", "while Evolved: every Energy attached to it is Fire"),
        ("ex12-16", "Rear Sensor", "each player's Active Basic Pokémon (not ex) can't use "
         "Poké-Powers"),
        ("ex12-20", "Sol Shade", "with Solrock in play: each player's Fire Pokémon (not ex) "
         "can't use Poké-Powers"),
        ("ex12-25", "Luna Shade", "with Lunatone in play: each player's Colorless Pokémon "
         "(not ex) can't use Poké-Powers"),
    )
    for card_id, name, summary in rows:
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex12_more: {card_id} has no Poké-Body {name!r}")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
        SPECIAL_CARDS.add(card_id)
    reg.KIN_NO_RESISTANCE["ex12-60"] = ("Ancient Tentacles", FOSSIL_KIN)
    reg.OPPONENT_ATTACK_BANS["ex12-31"] = ("Deadlock", ("Dunsparce",))
    reg.RETREAT_TAXES["ex12-28"] = ("Stages of Evolution", 1)
    reg.RETREAT_TAX_WHEN["ex12-28"] = is_evolved
    reg.ENERGY_TYPE_BODIES["ex12-21"] = ("Stages of Evolution", "Fire")
    reg.ENERGY_TYPE_WHEN["ex12-21"] = is_evolved
    reg.POWER_BLOCKS_IN_PLAY["ex12-16"] = ("Rear Sensor", _active_basic_not_ex)
    reg.POWER_BLOCKS_IN_PLAY["ex12-20"] = ("Sol Shade", _shade("Solrock", "Fire"))
    reg.POWER_BLOCKS_IN_PLAY["ex12-25"] = ("Luna Shade", _shade("Lunatone", "Colorless"))


def _register_bodies() -> None:
    cards = bundled_cards()
    muk = ("ex12-11", "Stench")
    kabuto = ("ex12-36", "Ancient Protection")
    wailord = ("ex12-14", "Reactive Lift")
    roselia = ("ex12-42", "Reactive Aroma")
    for card_id, name in (muk, kabuto, wailord, roselia):
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex12_more: {card_id} has no Poké-Body {name!r}")
        SPECIAL_CARDS.add(card_id)
    reg.BODIES[muk] = reg.BodyEffect(
        "while Active: no Pokémon in play (either player's) uses Poké-Powers"
    )
    reg.RULE_BODIES[muk[0]] = reg.RuleBody(muk[1], "power", whom="both", active_only=True)
    reg.BODIES[kabuto] = reg.BodyEffect(
        "its player's Omanyte, Omastar, Kabuto, Kabutops and Kabutops ex have no Weakness"
    )
    reg.NO_WEAKNESS_BODIES[kabuto[0]] = (kabuto[1], _fossil_kin)
    reg.BODIES[wailord] = reg.BodyEffect(
        "with a React Energy attached: its player's Water Pokémon (not ex) retreat for nothing"
    )
    reg.RETREAT_AURAS[wailord[0]] = reg.RetreatBody(wailord[1], _reactive_lift)
    reg.BODIES[roselia] = reg.BodyEffect(
        "with a React Energy attached, between turns: 1 counter off each of its player's "
        "Pokémon (not ex) with a React Energy attached; one such Body a turn"
    )
    reg.BETWEEN_TURNS_BODIES[roselia[0]] = (roselia[1], reactive_aroma)
    tables: tuple[tuple[dict[tuple[str, str], str], dict[str, str]], ...] = (
        (LONE_BASIC_BANS, reg.LONE_BASIC_BANS),
        (ATTACK_COIN_BODIES, reg.ATTACK_COIN_BODIES),
    )
    for mine, table in tables:
        for (card_id, name), summary in mine.items():
            power = cards[card_id].power(name)
            if power is None or power.kind != "body" or card_id in table:
                raise ValueError(f"effect_data_ex12_more: {card_id} has no Poké-Body {name!r}")
            reg.BODIES[(card_id, name)] = reg.BodyEffect(summary)
            table[card_id] = name
            SPECIAL_CARDS.add(card_id)


# ---------------------------------------------------------------------------- Shadow Curse
# Gengar's Shadow Curse and Magneton's Reactive Recharge answer their Pokémon being about to
# be Knocked Out by the damage of an opponent's attack: their cards say "would be Knocked
# Out", so they act as that attack ends, before the Knock Outs are settled, the Prizes taken
# and the game's end checked (reg.AFTER_ATTACK, lasting.after_attack, as Golden Wing
# ex10-104 and Time Travel ex14-100). The Knock Out that follows is settled with any the
# Power made (turn.settle): when both players then meet a way to win, both win at once.
GENGAR = "ex12-5"
SHADOW_CURSE = "Shadow Curse"
_CURSE_KEY = f"{GENGAR}:{SHADOW_CURSE}"
MAGNETON = "ex12-22"
REACTIVE_RECHARGE = "Reactive Recharge"
_RECHARGE_KEY = f"{MAGNETON}:{REACTIVE_RECHARGE}"


@dataclass(frozen=True)
class ShadowCurseCounters(Question):
    """Shadow Curse (Gengar ex12-5, at ``Run.slot``): its player picks one of the opponent's
    Pokémon for 3 damage counters, or "no". A Poké-Power's counters: nothing on the target
    stops them."""

    def describe(self) -> str:
        return "3 damage counters on one of the opponent's Pokémon (picked), or none"

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slots": []} if ctx.s.sides[1 - seat].active is not None else None

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        if st["done"]:
            return None
        targets = list(s.sides[1 - seat].in_play())
        st["slots"] = [slot for slot, _ in targets]
        labels = [f"{s.top(m).name} ({slot_name(slot)})" for slot, m in targets]
        prompt = f"{SHADOW_CURSE}: 3 damage counters on one of the opponent's Pokémon"
        return seat, prompt, [*labels, "no"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        st["done"] = True
        slots: list[int] = st["slots"]
        gengar = ctx.s.sides[seat].mon(int(st["slot"]))
        if option >= len(slots) or gengar is None:
            return
        ctx.emit("power", p=SEATS[seat], card=gengar.stack[0], name=SHADOW_CURSE)
        ctx.emit("damage", p=SEATS[1 - seat], slot=int(slots[option]), n=30)


@dataclass(frozen=True)
class ReactiveRechargeMoves(Question):
    """Reactive Recharge (Magneton ex12-22, at ``Run.slot``): its player moves its React
    Energy cards to their other Pokémon, one card at a time, until "no more" or none is
    left (the Power is used, once, with the first card moved)."""

    def describe(self) -> str:
        return "its React Energy cards moved to the player's other Pokémon as they like"

    def _react(self, s: PtcgState, seat: int, st: dict[str, Any]) -> list[int]:
        mon = s.sides[seat].mon(int(st["slot"]))
        return [] if mon is None else [c for c in mon.energy if s.card(c).name == REACT_ENERGY]

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"done": False, "slot": r.slot, "slots": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        react = self._react(s, seat, st)
        own = [(slot, m) for slot, m in s.sides[seat].in_play() if slot != int(st["slot"])]
        if st["done"] or not react or not own:
            return None
        st["slots"] = [slot for slot, _ in own]
        labels = [f"React Energy onto {s.top(m).name} ({slot_name(slot)})" for slot, m in own]
        prompt = (
            f"{REACTIVE_RECHARGE}: a React Energy card of Magneton, about to be Knocked Out "
            f"({len(react)} left) onto"
        )
        return seat, prompt, [*labels, "no more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        slots: list[int] = st["slots"]
        react = self._react(ctx.s, seat, st)
        if option >= len(slots) or not react:
            st["done"] = True
            return
        src = int(st["slot"])
        magneton = ctx.s.sides[seat].mon(src)
        assert magneton is not None
        used = f"{magneton.stack[0]}:{REACTIVE_RECHARGE}"
        if used not in ctx.s.powers_used:  # one power use, however many cards it moves
            ctx.emit("power", p=SEATS[seat], card=magneton.stack[0], name=REACTIVE_RECHARGE)
        ctx.emit("move_energy", p=SEATS[seat], card=react[0], src=src, dst=int(slots[option]))


_CURSE_STEPS: tuple[Step, ...] = (ShadowCurseCounters(),)
_RECHARGE_STEPS: tuple[Step, ...] = (ReactiveRechargeMoves(),)


def _about_to_be_knocked_out(ctx: Ctx, seat: int, slot: int, name: str) -> bool:
    """Whether ``seat``'s Pokémon at ``slot`` has the damage to be Knocked Out and may use
    its Poké-Power ``name`` now (power.power_stopped: no Special Condition, no Poké-Body,
    Tool, Stadium or attack's effect stopping it)."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.damage < max_hp(s, mon):
        return False
    return power_stopped(s, seat, slot, mon, name) is None


def _as_knocked_out(power: str, key: str, steps: tuple[Step, ...]
                    ) -> Callable[[Ctx, int, int, bool, int], bool]:
    """A reg.AFTER_ATTACK entry for a Poké-Power that answers its Pokémon being damaged by the
    opponent's attack so that it would be Knocked Out: runs ``steps`` (its player's choice)
    while the Pokémon is still in play, before Knock Outs are settled."""

    def answer(ctx: Ctx, seat: int, slot: int, was_active: bool, attacker: int) -> bool:
        if not _about_to_be_knocked_out(ctx, seat, slot, power):
            return False
        r = Run(0, attack=power, prog=key)
        r.slot = slot
        run_program(ctx, seat, steps, r)
        return ctx.s.pending is not None

    return answer


# Gengar: its player may put 3 damage counters on one of the opponent's Pokémon.
_shadow_curse = _as_knocked_out(SHADOW_CURSE, _CURSE_KEY, _CURSE_STEPS)
# Magneton: its player may move its React Energy cards to their other Pokémon.
_reactive_recharge = _as_knocked_out(REACTIVE_RECHARGE, _RECHARGE_KEY, _RECHARGE_STEPS)


def _curse_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_curse_usable)")  # pragma: no cover


def _curse_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as an opponent's attack Knocks Out this Gengar"


def _recharge_usable(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as an opponent's attack Knocks Out this Magneton"


def _register_knockout_powers() -> None:
    power = bundled_cards()[GENGAR].power(SHADOW_CURSE)
    if power is None or power.kind != "power" or (GENGAR, SHADOW_CURSE) in reg.POWERS:
        raise ValueError(f"effect_data_ex12_more: {GENGAR} has no Poké-Power {SHADOW_CURSE}")
    reg.POWERS[(GENGAR, SHADOW_CURSE)] = reg.PowerEffect(
        "as an opponent's attack's damage would Knock Out this Gengar: 3 damage counters on "
        "one of the opponent's Pokémon (the player may decline)",
        _curse_refused,
        _curse_usable,
    )
    register_program(_CURSE_KEY, "attack", SHADOW_CURSE, _CURSE_STEPS)
    reg.AFTER_ATTACK[GENGAR] = (SHADOW_CURSE, _shadow_curse)
    SPECIAL_CARDS.add(GENGAR)
    power = bundled_cards()[MAGNETON].power(REACTIVE_RECHARGE)
    if power is None or power.kind != "power" or (MAGNETON, REACTIVE_RECHARGE) in reg.POWERS:
        raise ValueError(f"effect_data_ex12_more: {MAGNETON} has no Poké-Power to add")
    reg.POWERS[(MAGNETON, REACTIVE_RECHARGE)] = reg.PowerEffect(
        "as an opponent's attack's damage would Knock Out this Magneton: its React Energy "
        "cards onto the player's other Pokémon as they like",
        _curse_refused,
        _recharge_usable,
    )
    register_program(_RECHARGE_KEY, "attack", REACTIVE_RECHARGE, _RECHARGE_STEPS)
    reg.AFTER_ATTACK[MAGNETON] = (REACTIVE_RECHARGE, _reactive_recharge)
    SPECIAL_CARDS.add(MAGNETON)


# ---------------------------------------------------------------------------- Lapras
LAPRAS = "ex12-8"
SUPPORT_NAVIGATION = "Support Navigation"
_NAVIGATION_KEY = f"{LAPRAS}:{SUPPORT_NAVIGATION}"
_NAVIGATION_STEPS: tuple[Step, ...] = (Search((TrainerOf("supporter"),)),)


def _support_navigation(ctx: Ctx, seat: int, slot: int) -> None:
    """Lapras benched from the hand (reg.BENCH_POWERS, after bench_power_rule): the player
    may search the deck for a Supporter card ("nothing" declines)."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is None or not ctx.s.sides[seat].deck:
        return
    ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=SUPPORT_NAVIGATION)
    r = Run(0, attack=SUPPORT_NAVIGATION, prog=_NAVIGATION_KEY)
    r.slot = slot
    run_program(ctx, seat, _NAVIGATION_STEPS, r)


def _never(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_only_as_benched)")  # pragma: no cover


def _only_as_benched(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the Pokémon is put onto the Bench from the hand"


def _register_bench_powers() -> None:
    power = bundled_cards()[LAPRAS].power(SUPPORT_NAVIGATION)
    if power is None or (LAPRAS, SUPPORT_NAVIGATION) in reg.POWERS or LAPRAS in reg.BENCH_POWERS:
        raise ValueError(f"effect_data_ex12_more: {LAPRAS} has no Poké-Power to add")
    register_program(_NAVIGATION_KEY, "power", SUPPORT_NAVIGATION, _NAVIGATION_STEPS)
    reg.POWERS[(LAPRAS, SUPPORT_NAVIGATION)] = reg.PowerEffect(
        "as it is benched from the hand: a Supporter card from the deck to the hand",
        _never,
        _only_as_benched,
    )
    reg.BENCH_POWERS[LAPRAS] = (SUPPORT_NAVIGATION, _support_navigation)
    SPECIAL_CARDS.add(LAPRAS)


def _nectar_pod(s: PtcgState, seat: int, slot: int) -> str | None:
    """Nectar Pod: only with a Stage 2 Evolved Pokémon on the opponent's Bench."""
    if s.sides[1 - seat].active is None or not GustStage2()._bench(s, seat):
        return "the opponent has no Benched Stage 2 Evolved Pokémon"
    return None


def _type_change(s: PtcgState, seat: int, slot: int) -> str | None:
    """Type Change: only with a Defending Pokémon to copy."""
    return None if s.sides[1 - seat].active is not None else "there is no Defending Pokémon"


POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex12-10", "Type Change"): (
        "until the end of the turn Mew has the Defending Pokémon's types (all of them)",
        (TypeOfDefending(),),
        _type_change,
    ),
    ("ex12-13", "Nectar Pod"): (
        "switch one of the opponent's Benched Stage 2 Evolved Pokémon in as Defending",
        (GustStage2(),),
        _nectar_pod,
    ),
}


# ---------------------------------------------------------------------------- evolve powers
EVOLVE_POWERS: dict[tuple[str, str], tuple[str, tuple[Step, ...]]] = {
    ("ex12-12", "Evolutionary Fan"): (
        "as it is played from the hand to evolve: one of the player's Evolved Pokémon (not "
        "Shiftry) may go back to the hand with its cards",
        (ReturnEvolvedToHand(),),
    ),
    ("ex12-87", "Emerge Charge"): (
        "as it is played from the hand to evolve: up to 2 Energy cards from the discard pile "
        "onto it",
        (Search((Cards(kind="energy"),), n=2, src=("discard",), dest="attach_self"),),
    ),
}


def _evolve_power(
    card_id: str, name: str, steps: tuple[Step, ...]
) -> Callable[[Ctx, int, int], None]:
    key = f"{card_id}:{name}"
    register_program(key, "power", name, steps)

    def run(ctx: Ctx, seat: int, slot: int) -> None:
        mon = ctx.s.sides[seat].mon(slot)
        if mon is None:
            return
        r = Run(0, attack=name, prog=key)
        r.slot = slot
        ctx.emit("power", p=SEATS[seat], card=mon.stack[0], name=name)
        run_program(ctx, seat, steps, r)

    return run


def _only_as_evolving(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the card is played from the hand to evolve"


def _register_evolve_powers() -> None:
    cards = bundled_cards()
    for (card_id, name), (summary, steps) in EVOLVE_POWERS.items():
        power = cards[card_id].power(name)
        if power is None or (card_id, name) in reg.POWERS or card_id in reg.EVOLVE_POWERS:
            raise ValueError(f"effect_data_ex12_more: {card_id} has no Poké-Power {name!r}")
        reg.POWERS[(card_id, name)] = reg.PowerEffect(summary, _never, _only_as_evolving)
        reg.EVOLVE_POWERS[card_id] = (name, _evolve_power(card_id, name, steps))
        SPECIAL_CARDS.add(card_id)


def register() -> None:
    register_set(
        SetEffects(
            "effect_data_ex12_more",
            attacks=ATTACK_STEPS,
            powers=POWER_STEPS,
            damage_bodies=DAMAGE_BODIES,
        )
    )
    _register_stadiums()
    _register_bodies()
    _register_more_bodies()
    _register_knockout_powers()
    _register_bench_powers()
    _register_evolve_powers()
    SPECIAL_CARDS.add("ex12-10")  # Type Change: board.types_of reads "type:" in special games


register()
