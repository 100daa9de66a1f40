"""Card effects of EX Power Keepers (ex16): its Pokémon-ex (92-99) and Pokémon ★ (100-102), as
data in the effect vocabulary (new steps in ``vocab_ex15.py``); facts in data/sets/ex16.json.
The effects are described in the project's own words (card text is never stored). Cards not
listed here stay unimplemented: ``ptcg coverage --set ex16`` lists them.

The three Pokémon ★ and Absol ex have a Poké-Power used as the card is put onto the Bench
from the hand (``reg.BENCH_POWERS``, as Rayquaza ex's Dragon Boost ex8-102): never a
``use_power`` action; the player is asked whether to use it (the card says "you may")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from turnkeeper.rulesets.ptcg import effect_data_ex7 as _ex7
from turnkeeper.rulesets.ptcg import registry as reg
from turnkeeper.rulesets.ptcg.actions import AttackParams
from turnkeeper.rulesets.ptcg.cards import Attack, bundled_cards
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.damage import (
    WITHHELD,
    body_acted,
    run_after_withheld,
    tool_strikes_back,
    withheld,
)
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.search import DefendingEnergy, OpponentSwitch, Usable
from turnkeeper.rulesets.ptcg.set_data import SetEffects, register_set
from turnkeeper.rulesets.ptcg.state import SEATS, SPECIAL_CARDS, PtcgState
from turnkeeper.rulesets.ptcg.vocab import (
    BenchDamage,
    DiscardDefendingEnergy,
    DiscardEnergy,
    Flip,
    Guard,
    Hit,
    MayDiscard,
    NoAttackNextTurn,
    PlusPer,
    Question,
    Run,
    Step,
    TypeThisTurn,
    register_program,
    run_program,
)
from turnkeeper.rulesets.ptcg.vocab_ex7 import ShuffleBothHands
from turnkeeper.rulesets.ptcg.vocab_ex8 import IfDiscarded, MayDo, PlusIfStadium, TrainerLock
from turnkeeper.rulesets.ptcg.vocab_ex10 import DiscardStadiumInPlay
from turnkeeper.rulesets.ptcg.vocab_ex15 import (
    BenchDamageSameName,
    DiscardOwnTop,
    EachActive,
    EachDraws,
    MoveOpponentCounters,
)

# (card id, attack name) -> the steps of the attack
ATTACK_STEPS: dict[tuple[str, str], tuple[Step, ...]] = {
    ("ex16-92", "Psychic Pulse"): (Hit(), BenchDamage(10, only="damaged")),
    ("ex16-93", "Psychic Boom"): (PlusPer(10, "defending_energy"),),
    # the player may discard a Psychic Energy card of Claydol ex (the attack's card); only
    # then, after the damage, an Energy card of the Defending Pokémon (the player's pick)
    ("ex16-93", "Shadow Crush"): (
        MayDiscard("Psychic"),
        Hit(),
        IfDiscarded(then=(DefendingEnergy(),)),
    ),
    ("ex16-95", "Scanblast"): (Hit(), BenchDamageSameName(70)),
    ("ex16-96", "Volcanic Flame"): (Hit(), DiscardOwnTop(5)),
    ("ex16-97", "Dirge"): (Hit(), BenchDamageSameName(60)),
    ("ex16-96", "Hydro Wave"): (DiscardEnergy(0, "Water"), BenchDamage(30)),
    ("ex16-98", "Whirlwind"): (Hit(), OpponentSwitch()),  # as ex13-49's
    ("ex16-99", "Wreck"): (PlusIfStadium(20), Hit(), DiscardStadiumInPlay()),  # as ex13-50's
    ("ex16-100", "Flamethrower"): (Hit(), DiscardEnergy(1, "Fire")),
    ("ex16-101", "Agility"): (Hit(), Flip(heads=(Guard(effects=True),))),
    ("ex16-102", "Whirlpool"): (Hit(), Flip(heads=(DiscardDefendingEnergy(),))),  # as ex12-69
    # tails: not this attack next turn (as ex5-33's Slashing Strike)
    ("ex16-94", "Slashing Strike"): (Hit(), Flip(tails=(NoAttackNextTurn(only_this=True),))),
}


def _any_time(s: PtcgState, seat: int, slot: int) -> str | None:
    return None


def _active(s: PtcgState, seat: int, slot: int) -> str | None:
    return None if slot == 0 else "Metagross ex is not the Active Pokémon"


def _just_evolved(s: PtcgState, seat: int, slot: int) -> str | None:
    """A Poké-Power used "when you play it from your hand to evolve": only in the turn it
    evolved (read as ex11's Prowl and the Evolutionary Powers are)."""
    mon = s.sides[seat].mon(slot)
    if mon is None or mon.evolved != s.turn:
        return "only in the turn it was played from the hand to evolve"
    return None


# (card id, Poké-Power) -> (summary, steps, usable); a Special Condition on the Pokémon and
# the once-a-turn limit are the engine's (power.py)
POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...], Usable]] = {
    ("ex16-93", "Type Shift"): (
        "Claydol ex is a Fighting Pokémon until the end of the turn",
        (TypeThisTurn("Fighting"),),
        _any_time,
    ),
    ("ex16-95", "Magnetic Redraw"): (
        "while Active: each player shuffles the hand into the deck and draws 4",
        (ShuffleBothHands(), EachDraws(4)),
        _active,
    ),
    ("ex16-99", "Chilling Breath"): (
        "in the turn it evolved from the hand: the opponent plays no Trainer cards from the "
        "hand during their next turn",
        (TrainerLock("all"),),
        _just_evolved,
    ),
}


def _power_refused(ctx: Ctx, seat: int, slot: int, params: PowerParams) -> None:
    raise AssertionError("refused as an action (_used_by_itself)")  # pragma: no cover


def _used_by_itself(s: PtcgState, seat: int, slot: int) -> str | None:
    return "it is used only as the card says: as its Pokémon is benched from the hand"


# (card id, Poké-Power) -> (summary, steps): Poké-Powers used as the card is put onto the
# Bench from the hand (reg.BENCH_POWERS); each asks the player first
BENCH_POWER_STEPS: dict[tuple[str, str], tuple[str, tuple[Step, ...]]] = {
    ("ex16-92", "Cursed Eyes"): (
        "as it is benched from the hand: 3 damage counters may move from one of the "
        "opponent's Pokémon to another of theirs",
        (MoveOpponentCounters(3),),
    ),
    ("ex16-100", "Crimson Ray"): (
        "as it is benched from the hand: each Active Pokémon may be Burned (the player picks)",
        (MayDo((EachActive(condition="burned"),)),),
    ),
    ("ex16-101", "Yellow Ray"): (
        "as it is benched from the hand: 1 damage counter may go on each Active Pokémon",
        (MayDo((EachActive(counters=1),)),),
    ),
    ("ex16-102", "Blue Ray"): (
        "as it is benched from the hand: each Active Pokémon may lose its Special "
        "Conditions and 3 damage counters",
        (MayDo((EachActive(heal=3),)),),
    ),
}


def _bench_power(key: str, name: str, steps: tuple[Step, ...]) -> Callable[[Ctx, int, int], None]:
    def run(ctx: Ctx, seat: int, slot: int) -> None:
        r = Run(0, attack=name, prog=key)
        r.slot = slot
        run_program(ctx, seat, steps, r)

    return run


def _register_bench_powers() -> None:
    cards = bundled_cards()
    for (card_id, name), (summary, steps) in BENCH_POWER_STEPS.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "power" or (card_id, name) in reg.POWERS:
            raise ValueError(f"effect_data_ex16_ex: {card_id} has no Poké-Power {name!r} to add")
        if card_id in reg.BENCH_POWERS:
            raise ValueError(f"effect_data_ex16_ex: {card_id} has a bench power already")
        key = f"{card_id}:{name}"
        register_program(key, "power", name, steps)
        reg.POWERS[(card_id, name)] = reg.PowerEffect(summary, _power_refused, _used_by_itself)
        reg.BENCH_POWERS[card_id] = (name, _bench_power(key, name, steps))
        SPECIAL_CARDS.add(card_id)  # bench.run_bench asks BENCH_POWERS in special games only


def _opponent_hand_attacks(s: PtcgState, seat: int) -> list[tuple[str, Attack]]:
    """Skill Hack's choices: the attacks of the Pokémon cards (Basic Pokémon and Evolution
    cards) in the opponent's hand, which the player looks at."""
    return [
        (s.cards[card], attack)
        for card in s.sides[1 - seat].hand
        if s.card(card).kind == "pokemon"
        for attack in s.card(card).attacks
    ]


def _skill_hack() -> reg.AttackEffect:
    """Shiftry ex's Skill Hack (ex16-97): the player looks at the opponent's hand (a note only
    they see, as Night Vision's) and uses an attack of a Pokémon card there, as Mini-Metronome
    uses one (``effect_data_ex7.copy_attack``: no Energy cost, its own choices made, Shiftry
    ex staying Darkness); with no Pokémon card there it does nothing."""
    base = _ex7.copy_attack(
        "look at the opponent's hand and use an attack of a Pokémon card there (copy)",
        _opponent_hand_attacks,
        coin=False,
    )

    def run(ctx: Ctx, seat: int, params: AttackParams) -> None:
        hand = ctx.s.sides[1 - seat].hand
        ctx.emit("note", what="hand", p=SEATS[1 - seat], cards=[ctx.s.card(c).name for c in hand])
        base.run(ctx, seat, params)

    return reg.AttackEffect(base.summary, run, base.options, base.check)


# card id -> (Poké-Body, damage counters, the HP the retreating Pokémon must have left):
# reg.RETREAT_PUNISHERS, asked by retreat.punish_retreat with board.body_off
RETREAT_PUNISHERS: dict[str, tuple[str, int, int]] = {"ex16-98": ("Metal Gravity", 3, 40)}


def _register_retreat_punishers() -> None:
    cards = bundled_cards()
    for card_id, (name, n, least) in RETREAT_PUNISHERS.items():
        power = cards[card_id].power(name)
        if power is None or power.kind != "body" or (card_id, name) in reg.BODIES:
            raise ValueError(f"effect_data_ex16_ex: {card_id} has no Poké-Body {name!r} to add")
        reg.BODIES[(card_id, name)] = reg.BodyEffect(
            f"the opponent's Active retreating with {least} HP or more left gets {n} damage "
            "counters (one such Body a retreat)"
        )
        reg.RETREAT_PUNISHERS[card_id] = (name, n, least)
        SPECIAL_CARDS.add(card_id)  # retreat.run_retreat asks it in special games only


def _register_skill_hack() -> None:
    key = ("ex16-97", "Skill Hack")
    if key in reg.ATTACKS or bundled_cards()[key[0]].attack(key[1]) is None:
        raise ValueError("effect_data_ex16_ex: ex16-97 has no Skill Hack to add, or a handler")
    reg.ATTACKS[key] = _skill_hack()
    _ex7.COPYING.add(key)  # a copying attack is never offered for copying


# ---------------------------------------------------------------------------- Psychic Protector
# Flygon ex (ex16-94): damaged by an opponent's attack, its player may discard up to 4 cards
# from their hand, each taking 10 off the damage done to it. Reading: the damage the attack
# would do to Flygon ex (after Weakness, Resistance and every other effect) is held back at
# the damage step (damage.withheld_by_body, while its player has a card in hand); its player
# is asked, one card at a time, as the attack's own effects are done and before Knock Outs
# are settled (reg.AFTER_ATTACK, lasting.after_attack), and then the damage left is put on
# it. Several hits of one attack on it add up and are answered once. Its Poké-Body is read
# through reg.DAMAGE_ANSWER_BODIES, which asks board.body_off and Toxic Gas.
FLYGON_EX = "ex16-94"
PROTECTOR = "Psychic Protector"
PROTECTOR_MOST = 4  # cards discarded at most
_PROTECTOR_KEY = f"{FLYGON_EX}:{PROTECTOR}"


@dataclass(frozen=True)
class DiscardToReduce(Question):
    """The player of the Pokémon whose damage is held back discards cards from their hand,
    one at a time, up to ``most``; each takes 10 off that damage; then the damage left is
    put on the Pokémon."""

    most: int = PROTECTOR_MOST

    def describe(self) -> str:
        return (
            f"its player may discard up to {self.most} cards from their hand; each takes 10 "
            "off the damage the attack does to it"
        )

    def begin(self, ctx: Ctx, seat: int, r: Run) -> dict[str, Any] | None:
        return {"n": 0, "done": False, "picks": []}

    def options(
        self, s: PtcgState, seat: int, st: dict[str, Any]
    ) -> tuple[int, str, list[str]] | None:
        hand = s.sides[seat].hand
        mon = s.sides[seat].mon(int(st["slot"]))
        if st["done"] or int(st["n"]) >= self.most or not hand or mon is None:
            return None
        picks = list({s.cards[c]: c for c in reversed(hand)}.values())[::-1]
        st["picks"] = picks
        left = max(0, withheld(s, mon) - 10 * int(st["n"]))
        prompt = (
            f"{PROTECTOR}: discard a card from your hand to take 10 off the {left} damage to "
            f"{s.top(mon).name} ({st['n']} of {self.most} discarded)"
        )
        return seat, prompt, [*(s.card(c).name for c in picks), "no more"]

    def answer(self, ctx: Ctx, seat: int, option: int, st: dict[str, Any]) -> None:
        if option >= len(st["picks"]):
            st["done"] = True
            return
        card = int(st["picks"][option])
        ctx.emit("move", p=SEATS[seat], card=card, src="hand", dst="discard")
        st["n"] = int(st["n"]) + 1

    def finish(self, ctx: Ctx, seat: int, st: dict[str, Any]) -> None:
        s = ctx.s
        slot = int(st["slot"])
        mon = s.sides[seat].mon(slot)
        if mon is None:
            return
        held = withheld(s, mon)
        for what, turn in mon.later:
            if turn == s.turn and what.startswith(WITHHELD):
                ctx.emit("flag", p=SEATS[seat], slot=slot, flag="later", what=what, drop=True)
        n = int(st["n"])
        if n:
            body_acted(ctx, seat, mon, PROTECTOR)
        amount = max(0, held - 10 * n)
        if amount:
            ctx.emit("damage", p=SEATS[seat], slot=slot, n=amount)
            if slot == 0 and mon.tool >= 0 and reg.KNOCKOUT_TOOLS:
                tool_strikes_back(ctx, 1 - seat, mon)  # (Curse Powder)
        run_after_withheld(ctx, seat, mon, amount)  # what the attack left waiting on it


_PROTECTOR_STEPS: tuple[Step, ...] = (DiscardToReduce(),)


def _psychic_protector(ctx: Ctx, seat: int, slot: int, was_active: bool, attacker: int) -> bool:
    """As the attack ends: the damage held back on ``seat``'s Flygon ex at ``slot`` is
    answered (reg.AFTER_ATTACK). True: a question was asked."""
    s = ctx.s
    mon = s.sides[seat].mon(slot)
    if mon is None or not withheld(s, mon):
        return False  # it took its damage at once (no card in hand then)
    r = Run(0, attack=PROTECTOR, prog=_PROTECTOR_KEY)
    r.slot = slot
    run_program(ctx, seat, _PROTECTOR_STEPS, r)
    return s.pending is not None


def _register_psychic_protector() -> None:
    body = bundled_cards()[FLYGON_EX].power(PROTECTOR)
    if body is None or body.kind != "body" or (FLYGON_EX, PROTECTOR) in reg.BODIES:
        raise ValueError(f"effect_data_ex16_ex: {FLYGON_EX} has no Poké-Body {PROTECTOR} to add")
    register_program(_PROTECTOR_KEY, "attack", PROTECTOR, _PROTECTOR_STEPS)
    reg.BODIES[(FLYGON_EX, PROTECTOR)] = reg.BodyEffect(
        "damaged by an opponent's attack: its player may discard up to 4 cards from their "
        "hand, each taking 10 off that damage"
    )
    reg.DAMAGE_ANSWER_BODIES[FLYGON_EX] = PROTECTOR
    reg.AFTER_ATTACK[FLYGON_EX] = (PROTECTOR, _psychic_protector)
    SPECIAL_CARDS.add(FLYGON_EX)  # damage.hit and lasting.after_attack ask it in special games


def register() -> None:
    register_set(SetEffects("effect_data_ex16_ex", attacks=ATTACK_STEPS, powers=POWER_STEPS))
    _register_bench_powers()
    _register_skill_hack()
    _register_retreat_punishers()
    _register_psychic_protector()
    # Type Shift's type is read by board.types_of, Chilling Breath's lock by
    # trainer.trainer_rule: both only in games holding a special card
    SPECIAL_CARDS.update(("ex16-93", "ex16-99"))


register()
