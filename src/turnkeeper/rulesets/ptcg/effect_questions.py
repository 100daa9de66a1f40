"""Card effects as data that ask a player (``search.py``): searches of the deck and the
discard pile, switches the opponent or the player picks, Energy the attacker picks to
discard, and the Trainers built from them. Facts and effect data only, never card text;
registered like ``effect_data.py``'s (an entry the card data does not know, or one that has
a handler already, is an error at import)."""

from __future__ import annotations

from typing import Any

from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.board import body_off, gassed
from turnkeeper.rulesets.ptcg.cards import bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import counters
from turnkeeper.rulesets.ptcg.search import (
    BoostNextTurn,
    Cards,
    ConditionsByEnergy,
    DefendingEnergy,
    DiscardAllOfOneType,
    DiscardForDamage,
    DiscardOpponentHandTo,
    DiscardOwn,
    DiscardStadium,
    DiscardTop,
    DrawByDiscarded,
    DrawUpTo,
    EvolveFromHand,
    ForbidAttack,
    Gust,
    HealDealt,
    HealPick,
    MoveEnergy,
    OpponentSwitch,
    PickTargets,
    RecycleEnergy,
    Search,
    SelfSwitch,
    ShuffleFromOpponentHand,
    ShuffleOpponentSupporter,
    SkipEvolve,
    SwitchForEnergy,
    TargetEnergy,
    TimesDiscardedEnergy,
    Usable,
    power_program,
    trainer_program,
)
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    AttachFromDiscard,
    BaseIf,
    Condition,
    DiscardEnergy,
    Flip,
    Heal,
    Hit,
    If,
    PlusPer,
    PlusPerHeads,
    Step,
    TargetHit,
    attack_effect,
)

_BASIC = Cards(stage="basic")
_BASIC_ENERGY = Cards(basic_energy=True)
_SWITCHED = (OpponentSwitch(),)  # the opponent switches the Defending Pokémon


def _team(team: str, *, basic: bool = False) -> Cards:
    return Cards(kind="pokemon", stage="basic" if basic else "", team=team)


ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    # the opponent switches (Roar, Whirlwind...)
    ("ex1-57", "Fling"): _SWITCHED,
    ("ex3-59", "Roar"): _SWITCHED,
    ("ex3-76", "Whirlwind"): _SWITCHED,
    ("ex4-55", "Roar"): _SWITCHED,
    ("ex4-63", "Kick Away"): _SWITCHED,
    ("ex4-66", "Darkness Call"): _SWITCHED,
    ("ex2-32", "Rapid Spin"): (OpponentSwitch(), SelfSwitch(optional=False)),
    ("ex3-73", "Bounce"): (SelfSwitch(),),
    ("ex4-12", "Hot Air"): (DiscardEnergy(1, "Fire"), OpponentSwitch()),
    ("ex4-12", "Magma Burn"): (DiscardTop(1), Flip(tails=(DiscardEnergy(1, "Fire"),))),
    ("ex4-10", "Magma Spurt"): (TimesDiscardedEnergy(5, ("Fire", "Fighting")),),
    # searches of the deck
    ("ex1-38", "Seek Out"): (Search((Cards(),), n=2),),
    ("ex1-44", "Minor Errand-Running"): (Search((_BASIC_ENERGY,), n=2),),
    ("ex2-27", "Fast Evolution"): (Search((Cards(stage="evolution"),)),),
    ("ex1-9", "Attract Current"): (
        Search((Cards(basic_energy=True, type="Lightning"),), dest="attach_own"),
    ),
    ("ex2-39", "Team Assembly"): (
        Search((Cards(names=("Omanyte", "Kabuto")), _BASIC), n=0, dest="bench"),
    ),
    ("ex2-70", "Team Assembly"): (
        Search((Cards(names=("Omanyte", "Kabuto")), _BASIC), n=0, dest="bench"),
    ),
    ("ex2-63", "Signs of Evolution"): (Search((Cards(evolves_from="Eevee"),), n=3),),
    ("ex3-22", "Quick Charge"): (Search((_BASIC_ENERGY,), n=3, distinct=True),),
    ("ex3-60", "Call for Family"): (Search((Cards(names=("Magikarp",)),), n=0, dest="bench"),),
    ("ex3-81", "Call for Friends"): (
        Search((Cards(stage="basic", type="Grass"),), n=0, dest="bench"),
    ),
    ("ex4-17", "Call for Family"): (
        Search((Cards(stage="basic", type="Grass"), _team("Team Aqua", basic=True)), dest="bench"),
    ),
    ("ex4-23", "Call for Family"): (
        Search(
            (Cards(stage="basic", type="Colorless"), _team("Team Magma", basic=True)),
            dest="bench",
        ),
    ),
    ("ex4-30", "Aqua Call"): (Search((_team("Team Aqua"),), n=3),),
    ("ex2-60", "Strike and Run"): (Search((_BASIC,), n=3, dest="bench"), SelfSwitch()),
    # the discard pile
    ("ex2-79", "Energy Catch"): (Search((_BASIC_ENERGY,), src=("discard",), must=True),),
    ("ex2-44", "Sniff Out"): (Search((Cards(),), src=("discard",), must=True),),
    ("ex3-12", "Power Generation"): (Search((_BASIC_ENERGY,), n=2, src=("discard",)),),
    ("ex3-27", "Energy Recall"): (
        Search((_BASIC_ENERGY,), n=2, src=("discard",), dest="attach_self"),
    ),
    ("ex1-101", "Energy Absorption"): (
        Search((Cards(kind="energy"),), n=2, src=("discard",), dest="attach_self"),
    ),
    # Energy the attacker picks to discard
    ("ex3-94", "Luster Purge"): (DiscardOwn(3),),
    ("ex4-91", "Bright Flame"): (DiscardOwn(2),),
    # Baby Pokémon's attacks
    ("ex2-20", "Energy Retrieval"): (
        Search(
            (_BASIC_ENERGY,),
            n=2,
            src=("discard",),
            dest="attach_own",
            counters_each=1,
            one_target=True,
        ),
    ),
    ("ex2-31", "Jump Catch"): (Search((Cards(kind="trainer"),)),),
    ("ex2-36", "Gather Energy"): (Search((_BASIC_ENERGY,), dest="attach_own"),),
    ("ex2-54", "Alluring Smile"): (Search((_BASIC, Cards(stage="evolution")), per="own_energy"),),
    # the player picks the new Defending Pokémon, or an Energy card of it
    ("ex3-72", "Luring Flame"): (Gust(), Condition(("burned",))),
    ("ex4-2", "Aqua Reverse"): (Gust(optional=True, team="Team Magma"), Hit(20)),
    ("ex3-70", "Kindle"): (DiscardEnergy(1, "Fire"), DefendingEnergy()),
    ("ex4-19", "Flame Ball"): (MoveEnergy(kind="Fire", src="self", dst="bench"),),
    # the player picks the Pokémon hit (two different Benched ones; counters anywhere)
    ("ex1-39", "Gigashock"): (PickTargets(2, 10),),
    ("ex4-13", "Spark"): (PickTargets(2, 10),),
    ("ex3-5", "Rock Slide"): (PickTargets(2, 20),),
    ("ex3-100", "Flame Pillar"): (PickTargets(1, 30, pay="Fire"),),
    ("ex3-100", "Collect Fire"): (Flip(heads=(AttachFromDiscard(2, "Fire"),)),),
    ("ex4-32", "Psymist"): (
        PickTargets(amount=10, counters=True, coins=2, anywhere=True, distinct=False),
    ),
    ("ex4-33", "Clay Curse"): (PickTargets(2, 10, counters=True, anywhere=True, distinct=False),),
    ("ex4-95", "Crushing Wave"): (TargetHit(40), Flip(heads=(TargetEnergy(),))),
    ("ex4-95", "Hyper Pump"): (PlusPer(20, "own_energy", beyond_cost=True, cap=80, basic=True),),
    ("ex4-89", "Volcanic Ash"): (TargetHit(100), DiscardOwn(2, "Fire")),
    ("ex3-16", "Breaking Impact"): (TargetHit(0, per_retreat=10),),
    ("ex3-16", "Synchronized Search"): (If("energy_same", (Search((Cards(),)),)),),
    # the opponent's attacks, hand and Stadium
    ("ex2-43", "Amnesia"): (ForbidAttack(),),
    ("ex4-45", "Amnesia"): (ForbidAttack(),),
    ("ex2-46", "Surprise"): (ShuffleFromOpponentHand(),),
    ("ex2-47", "Surprise"): (ShuffleFromOpponentHand(),),
    ("ex2-61", "Surprise"): (ShuffleFromOpponentHand(),),
    ("ex3-1", "Bad News"): (DiscardOpponentHandTo(5),),
    ("ex4-31", "Knock Over"): (DiscardStadium(),),
    ("ex4-68", "Knock Over"): (DiscardStadium(),),
    ("ex3-32", "Dragon Crush"): (Flip(heads=(Hit(10), DefendingEnergy())),),
    # Energy from the hand, healing, switching
    ("ex4-53", "Self Charge"): (
        Search((Cards(kind="energy"),), src=("hand",), dest="attach_self", must=True),
    ),
    ("ex2-30", "Drizzle"): (
        Search((Cards(basic_energy=True, type="Water"),), n=0, src=("hand",), dest="attach_self"),
    ),
    ("ex3-4", "Energy Shower"): (Search((_BASIC_ENERGY,), n=0, src=("hand",), dest="attach_own"),),
    ("ex3-4", "Rainbow Burn"): (PlusPer(10, "own_basic_types"),),
    ("ex3-26", "Dragon Dew"): (HealPick(2),),
    ("ex3-93", "Mist Ball"): (DiscardOwn(1, "Fire"), DiscardOwn(1, "Water")),
    ("ex2-9", "Metal Hook"): (Gust(optional=True), Hit(20)),
    ("ex2-9", "Scam"): (ShuffleOpponentSupporter(),),
    # choices before the damage (a Hit follows the question)
    ("ex4-7", "Land Stream"): (DiscardForDamage(20), Hit()),
    ("ex4-6", "Hydro Reverse"): (
        DiscardForDamage(10, kind="Water", everywhere=True, to_hand=True),
        Hit(),
    ),
    ("ex3-95", "Lava Flow"): (DiscardForDamage(20), Hit()),
    ("ex3-95", "Melting Mountain"): (DiscardTop(1, "own", attach_basic=True),),
    ("ex2-6", "Lightning Strike"): (
        DiscardForDamage(30, kind="Lightning", basic=False, all_or_none=True),
        Hit(),
    ),
    ("ex3-97", "Dragon Burst"): (DiscardAllOfOneType(("Fire", "Lightning"), 40), Hit()),
    ("ex3-97", "Spiral Growth"): (
        Search((_BASIC_ENERGY,), src=("discard",), dest="attach_self", coins=-1, must=True),
    ),
    ("ex3-9", "Speed Growth"): (
        Search((Cards(basic_energy=True, type="Grass"),), n=2, src=("hand",), dest="attach_own"),
    ),
    ("ex3-68", "Leech Life"): (Hit(), HealDealt()),
    ("ex3-28", "Backspin"): (SwitchForEnergy(),),
    ("ex2-100", "Super Deep Dive"): (If("own_bench", (Heal(3), SelfSwitch(optional=False))),),
    ("ex2-52", "Focus Energy"): (BoostNextTurn(),),
    ("ex2-52", "Slash"): (BaseIf(90, "own_boosted"),),
    # coins and Energy
    ("ex3-31", "Fury Cutter"): (PlusPerHeads(4, 10, all_heads=60),),
    ("ex1-11", "Lizard Poison"): (
        ConditionsByEnergy(
            (("asleep",), ("poisoned",), ("asleep", "poisoned"), ("asleep", "burned", "poisoned"))
        ),
    ),
}


# ---------------------------------------------------------------------------- Poké-Powers
def _deck(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty"


def _active(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "it works only while this Pokémon is the Active Pokémon"


def _all(*tests: Usable) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        return next((why for why in (t(s, seat, slot) for t in tests) if why), None)

    return usable


def _has(zone: str, match: Cards, what: str) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        cards: list[int] = getattr(s.sides[seat], zone)
        return None if any(match.matches(s.card(c)) for c in cards) else f"no {what}"

    return usable


def _bench(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[seat].bench else "there is no Benched Pokémon"


def _opponent_bench(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if s.sides[1 - seat].bench else "the opponent has no Benched Pokémon"


def _can_move(move: MoveEnergy) -> Usable:
    def usable(s: PtcgState, seat: int, slot: int) -> str | None:
        return None if move.moves(s, seat, slot) else "there is no Energy card to move"

    return usable


def _always(s: PtcgState, seat: int, slot: int) -> str | None:
    return None


_MAGMA_SWITCH = MoveEnergy(src="any", team="Team Magma", optional=False)
_BASIC_IN_DISCARD = _has("discard", _BASIC_ENERGY, "basic Energy card in the discard pile")


def _baby(into: str) -> tuple[str, tuple[Step, ...], Usable]:
    return (
        f"put {into} from the hand onto it (evolving) and remove its damage counters",
        (EvolveFromHand(into),),
        _has("hand", Cards(names=(into,)), f"{into} in the hand"),
    )


# (card id, Poké-Power name) -> (summary, steps, usable)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex1-7", "Psy Shadow"): (
        "a Psychic Energy from the deck to one of the player's Pokémon, 2 counters on it",
        (Search((Cards(basic_energy=True, type="Psychic"),), dest="attach_own", counters_each=2),),
        _deck,
    ),
    ("ex4-19", "Overheat"): (
        "a basic Energy from the discard pile to itself, 2 counters on it",
        (Search((_BASIC_ENERGY,), src=("discard",), dest="attach_self", counters_each=2),),
        _BASIC_IN_DISCARD,
    ),
    ("ex4-28", "Auxiliary Light"): (
        "a basic Energy from the hand to itself, 2 counters on it",
        (Search((_BASIC_ENERGY,), src=("hand",), dest="attach_self", counters_each=2),),
        _has("hand", _BASIC_ENERGY, "basic Energy card in the hand"),
    ),
    ("ex4-37", "Call for Help"): (
        "while Active: a Team Magma Pokémon from the deck into the hand",
        (Search((_team("Team Magma"),)),),
        _all(_active, _deck),
    ),
    ("ex1-3", "Firestarter"): (
        "a Fire Energy from the discard pile to one of the player's Benched Pokémon",
        (Search((Cards(basic_energy=True, type="Fire"),), src=("discard",), dest="attach_bench"),),
        _all(_bench, _has("discard", Cards(basic_energy=True, type="Fire"), "Fire Energy")),
    ),
    ("ex2-55", "Healing Wind"): (
        "remove a damage counter from the Active Pokémon",
        (Heal(1),),
        _always,
    ),
    ("ex2-17", "Chaos Flash"): (
        "while Active: heads, the Defending Pokémon is Confused",
        (Flip(heads=(Condition(("confused",)),)),),
        _active,
    ),
    ("ex3-10", "Dragon Wind"): (
        "while Active: one of the opponent's Benched Pokémon (the player picks) becomes Defending",
        (Gust(),),
        _all(_active, _opponent_bench),
    ),
    ("ex2-12", "Fan Away"): (
        "heads: an Energy card of the Defending Pokémon back to its owner's hand",
        (Flip(heads=(DefendingEnergy(dest="hand"),)),),
        _always,
    ),
    ("ex1-5", "Energy Draw"): (
        "discard an Energy card from the hand, then draw up to 3 cards",
        (
            Search((Cards(kind="energy"),), src=("hand",), dest="discard", must=True),
            DrawUpTo(3),
        ),
        _has("hand", Cards(kind="energy"), "Energy card in the hand"),
    ),
    ("ex3-17", "Magnetic Field"): (
        "discard a card from the hand, then up to 2 other basic Energy from the discard pile",
        (
            Search((Cards(),), src=("hand",), dest="discard", must=True),
            Search((_BASIC_ENERGY,), n=2, src=("discard",), not_last_discarded=True),
        ),
        _all(_BASIC_IN_DISCARD, _has("hand", Cards(), "card in the hand")),
    ),
    ("ex4-8", "Magma Switch"): (
        "move an Energy card from a Team Magma Pokémon to another of the player's Pokémon",
        (_MAGMA_SWITCH,),
        _can_move(_MAGMA_SWITCH),
    ),
    ("ex2-20", "Baby Evolution"): _baby("Pikachu"),
    ("ex2-31", "Baby Evolution"): _baby("Marill"),
    ("ex2-36", "Baby Evolution"): _baby("Electabuzz"),
    ("ex2-54", "Baby Evolution"): _baby("Wobbuffet"),
}


def _deck_to_search(s: PtcgState, seat: int) -> str | None:
    return None if s.sides[seat].deck else "the deck is empty: there is nothing to search"


def _team_ball(team: str) -> tuple[Step, ...]:
    """Heads: any Pokémon of the team; tails: a Basic one of the team."""
    return (
        Flip(
            heads=(Search((_team(team),)),),
            tails=(Search((_team(team, basic=True),)),),
        ),
    )


_ENERGY_SWITCH = MoveEnergy(src="any", basic=True, optional=False)
_CANDY = SkipEvolve()


def _trainers() -> dict[str, reg.TrainerEffect]:
    return {
        "ex4-72": trainer_program(
            "ex4-72",
            "2 coins: a Basic Pokémon from the deck per heads",
            (Search((_BASIC,), coins=2),),
        ),
        "ex4-75": trainer_program(
            "ex4-75",
            "heads: a Team Aqua Pokémon from the deck; tails: a Basic one",
            _team_ball("Team Aqua"),
            _deck_to_search,
        ),
        "ex4-80": trainer_program(
            "ex4-80",
            "heads: a Team Magma Pokémon from the deck; tails: a Basic one",
            _team_ball("Team Magma"),
            _deck_to_search,
        ),
        "ex4-77": trainer_program(
            "ex4-77",
            "Supporter: up to 2 Basic Team Aqua Pokémon or basic Energy from the deck",
            (Search((_team("Team Aqua", basic=True), _BASIC_ENERGY), n=2),),
        ),
        "ex4-82": trainer_program(
            "ex4-82",
            "Supporter: up to 2 Basic Team Magma Pokémon or basic Energy from the deck",
            (Search((_team("Team Magma", basic=True), _BASIC_ENERGY), n=2),),
        ),
        "ex1-83": trainer_program(
            "ex1-83",
            "Supporter: up to 3 basic Energy of different types from the deck",
            (Search((_BASIC_ENERGY,), n=3, distinct=True),),
        ),
        "ex2-87": trainer_program(
            "ex2-87",
            "Supporter: up to 3 Basic Pokémon (not Baby) of different types from the deck",
            (Search((Cards(stage="basic", no_baby=True),), n=3, distinct=True),),
        ),
        "ex1-81": trainer_program(
            "ex1-81",
            "3 coins: a basic Energy from the discard pile per heads",
            (Search((_BASIC_ENERGY,), src=("discard",), coins=3, must=True),),
        ),
        "ex4-71": trainer_program(
            "ex4-71",
            "Supporter: a Team Aqua Pokémon from the deck onto the Bench, as a Basic",
            (Search((_team("Team Aqua"),), dest="bench", stage2_counters=2),),
        ),
        "ex1-82": trainer_program(
            "ex1-82",
            "move a basic Energy card from one of the player's Pokémon to another",
            (_ENERGY_SWITCH,),
            lambda s, seat: _can_move(_ENERGY_SWITCH)(s, seat, 0),
        ),
        "ex4-69": trainer_program(
            "ex4-69",
            "Supporter: discard a Pokémon from the hand, draw 3 (4 if it was Team Aqua)",
            (
                Search((Cards(kind="pokemon"),), src=("hand",), dest="discard", must=True),
                DrawByDiscarded(3, 4, "Team Aqua"),
            ),
        ),
        "ex4-70": trainer_program(
            "ex4-70",
            "Supporter: discard a Pokémon from the hand, draw 3 (4 if it was Team Magma)",
            (
                Search((Cards(kind="pokemon"),), src=("hand",), dest="discard", must=True),
                DrawByDiscarded(3, 4, "Team Magma"),
            ),
        ),
        "ex4-85": trainer_program(
            "ex4-85",
            "the opponent switches their Active Pokémon, then the player switches theirs",
            (OpponentSwitch(), SelfSwitch(optional=False)),
            lambda s, seat: None,
        ),
        "ex2-89": trainer_program(
            "ex2-89",
            "Supporter: a card from the deck that evolves the Active Pokémon, put on it",
            (Search((Cards(kind="pokemon"),), dest="evolve_active"),),
        ),
        "ex3-84": trainer_program(
            "ex3-84",
            "1 basic Energy from the discard pile to the hand, or 3 shuffled into the deck",
            (RecycleEnergy(),),
            lambda s, seat: (
                None
                if any(s.card(c).basic_energy for c in s.sides[seat].discard)
                else "no basic Energy card in the discard pile"
            ),
        ),
        "ex2-88": trainer_program(
            "ex2-88",
            "a Stage 1 or Stage 2 card from the hand onto the Basic it evolves from",
            (_CANDY,),
            lambda s, seat: None if _CANDY.picks(s, seat) else "nothing to evolve that way now",
        ),
        "ex4-73": trainer_program(
            "ex4-73",
            "Supporter: a Team Magma Pokémon from the hand or discard pile onto the Bench",
            (
                Search(
                    (_team("Team Magma"),),
                    src=("hand", "discard"),
                    dest="bench",
                    stage2_counters=2,
                ),
            ),
        ),
    }


# card id -> (summary, how it changes the damage of attacks: reg.DamageMod)
DAMAGE_MODS: dict[str, tuple[str, reg.DamageMod]] = {
    "ex1-93": (
        "provides Darkness; +10 to the Defending Pokémon from a Darkness (or Dark) attacker",
        reg.DamageMod("attacker_energy", 10, before=True, active_only=True, needs_type="Darkness"),
    ),
    "ex1-94": (
        "provides Metal; 10 less damage from attacks to a Metal Pokémon, after W/R",
        reg.DamageMod("target_energy", -10, before=False, needs_type="Metal"),
    ),
    "ex4-74": (
        "Tool: +10 to the Defending Pokémon after W/R, then discarded",
        reg.DamageMod("attacker_tool", 10, before=False, active_only=True, discard=True),
    ),
    "ex1-10": (
        "while Active: 10 less damage to the player's Pokémon from attacks, before W/R",
        reg.DamageMod("defender_active", -10, before=True, name="Intimidating Fang"),
    ),
    "ex3-19": (
        "while Active: 10 less damage to the player's Pokémon from attacks, before W/R",
        reg.DamageMod("defender_active", -10, before=True, name="Intimidating Fang"),
    ),
    "ex3-3": (
        "while Active: its attacks do 10 more to the Defending Pokémon, before W/R",
        reg.DamageMod("attacker_active", 10, before=True, active_only=True, name="Power Pinchers"),
    ),
}


def _hideout_retreat(s: PtcgState, mon: Mon) -> int:
    """Team Aqua Hideout: one more Colorless to retreat for a Pokémon not of Team Aqua (a
    negative discount)."""
    return 0 if "Team Aqua" in s.top(mon).name else -1


def _magma_hideout(ctx: Ctx, seat: int, slot: int) -> None:
    """Team Magma Hideout: a Basic not of Team Magma played from the hand gets a counter."""
    mon = ctx.s.sides[seat].mon(slot)
    if mon is not None and "Team Magma" not in ctx.s.top(mon).name:
        counters(ctx, seat, slot, 1)


TOOLS: dict[str, reg.ToolEffect] = {
    "ex3-82": reg.ToolEffect(
        "when its Pokémon retreats, this card is discarded instead of Energy",
        pays_retreat=True,
    ),
}
STADIUMS: dict[str, reg.StadiumEffect] = {
    "ex4-78": reg.StadiumEffect(
        "a Pokémon without Team Aqua in its name pays one more Colorless to retreat",
        retreat_discount=_hideout_retreat,
    ),
    "ex4-83": reg.StadiumEffect(
        "a Basic without Team Magma in its name benched from the hand gets 1 damage counter",
        on_bench=_magma_hideout,
    ),
}
# card id -> (Poké-Body name, the Special Conditions it keeps off the Pokémon)
CONDITION_IMMUNE: dict[str, tuple[str, frozenset[str]]] = {
    "ex2-14": ("Poison Resistance", frozenset({"poisoned"})),
    "ex3-9": (
        "Thick Skin",
        frozenset({"asleep", "burned", "confused", "paralyzed", "poisoned"}),
    ),
}


# card id -> (Power Saver's team): it cannot attack while 3 or fewer Pokémon in play (both
# sides) have the team in their name
POWER_SAVER: dict[str, str] = {"ex4-3": "Team Aqua", "ex4-9": "Team Magma"}


def _team_count(s: PtcgState, team: str) -> int:
    return sum(1 for side in s.sides for _, m in side.in_play() if team in s.top(m).name)


def _saver_holds(s: PtcgState, seat: int, team: str) -> bool:
    """Power Saver holds: 3 or fewer such Pokémon in play and the attacker's Poké-Bodies on
    (not Toxic Gas, nor its Tool or an Active's Body: board.body_off)."""
    if _team_count(s, team) > 3 or gassed(s):
        return False
    active = s.sides[seat].active
    return active is None or not body_off(s, active)


def _power_saver(effect: reg.AttackEffect, team: str) -> reg.AttackEffect:
    """The attack, refused (``ptcg.attack.body``) and not offered while Power Saver holds."""
    base_options, base_check = effect.options, effect.check

    def options(s: PtcgState, seat: int) -> list[dict[str, Any]]:
        if _saver_holds(s, seat, team):
            return []
        return base_options(s, seat) if base_options is not None else [{}]

    def check(s: PtcgState, seat: int, params: AttackParams) -> tuple[str, str] | None:
        if _saver_holds(s, seat, team):
            return (
                "ptcg.attack.body",
                f"Power Saver: {_team_count(s, team)} Pokémon with {team} in their name are "
                "in play; it attacks only with 4 or more",
            )
        return base_check(s, seat, params) if base_check is not None else None

    return reg.AttackEffect(effect.summary + "; Power Saver", effect.run, options, check)


def register() -> None:
    cards = bundled_cards()
    for card_id, tool in TOOLS.items():
        if cards[card_id].trainer != "tool" or card_id in reg.TOOLS:
            raise ValueError(f"effect_questions: {card_id} is no Tool, or has a handler")
        reg.TOOLS[card_id] = tool
    for card_id, stadium in STADIUMS.items():
        if cards[card_id].trainer != "stadium" or card_id in reg.STADIUMS:
            raise ValueError(f"effect_questions: {card_id} is no Stadium, or has a handler")
        reg.STADIUMS[card_id] = stadium
    for card_id, (name, which) in CONDITION_IMMUNE.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_questions: {card_id} has no Poké-Body {name!r} to add")
        reg.CONDITION_IMMUNE[card_id] = (name, which)
        reg.BODIES[(card_id, name)] = reg.BodyEffect(f"it cannot be {', '.join(sorted(which))}")
    for card_id, (summary, mod) in DAMAGE_MODS.items():
        found = cards[card_id]
        if card_id in reg.DAMAGE_MODS:
            raise ValueError(f"effect_questions: {card_id} has a damage modifier already")
        reg.DAMAGE_MODS[card_id] = mod
        if found.kind == "energy":
            reg.ENERGIES[card_id] = reg.EnergyEffect(summary)
        elif found.kind == "trainer":
            reg.TOOLS[card_id] = reg.ToolEffect(summary)
        else:
            if found.power(mod.name) is None:
                raise ValueError(f"effect_questions: {card_id} has no Poké-Body {mod.name!r}")
            reg.BODIES[(card_id, mod.name)] = reg.BodyEffect(summary)
    for (card_id, name), steps in ATTACK_STEPS.items():
        card = cards.get(card_id)
        attack = card.attack(name) if card is not None else None
        if attack is None:
            raise ValueError(f"effect_questions: {card_id} has no attack {name!r}")
        if (card_id, name) in reg.ATTACKS:
            raise ValueError(f"effect_questions: {card_id} {name!r} already has a handler")
        reg.ATTACKS[(card_id, name)] = attack_effect(
            name, attack.damage, attack.cost, steps, key=f"{card_id}:{name}"
        )
    for (card_id, name), (summary, steps, usable) in POWER_STEPS.items():
        card = cards.get(card_id)
        power = card.power(name) if card is not None else None
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_questions: {card_id} has no Poké-Power {name!r} to add")
        reg.POWERS[(card_id, name)] = power_program(f"{card_id}:{name}", summary, steps, usable)
    for card_id, team in POWER_SAVER.items():
        card = cards[card_id]
        for attack in card.attacks:
            key = (card_id, attack.name)
            if key not in reg.ATTACKS:
                raise ValueError(f"effect_questions: {card_id} {attack.name!r} needs a handler")
            reg.ATTACKS[key] = _power_saver(reg.ATTACKS[key], team)
        reg.BODIES[(card_id, "Power Saver")] = reg.BodyEffect(
            f"it cannot attack while 3 or fewer Pokémon in play have {team} in their name"
        )
    for card_id, effect in _trainers().items():
        card = cards.get(card_id)
        if card is None or card.kind != "trainer" or card_id in reg.TRAINERS:
            raise ValueError(f"effect_questions: {card_id} is no Trainer, or has a handler")
        reg.TRAINERS[card_id] = effect


register()
