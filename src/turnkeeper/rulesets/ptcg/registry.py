"""Where card effects are registered: small handlers keyed by card id and attack/power name.

The engine looks handlers up here and never names a card. ``effects.py`` fills these tables.
A handler reads the state, decides, and emits events through the resolution context; it
never changes the state itself.

The handlers' parameters are typed ``Any`` here: each is the parsed model of its action kind,
declared in the family's module (an attack's ``attack.AttackParams``, a Poké-Power's
``power.PowerParams``, a Trainer's ``trainer.TrainerParams``), and those modules look their
handlers up here, so naming the models here would make an import cycle.
tests/ptcg/test_layout.py checks that every registered handler is annotated with its kind's
model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from turnkeeper.rulesets.ptcg.cards import CardDef
from turnkeeper.rulesets.ptcg.context import Ctx
from turnkeeper.rulesets.ptcg.state import Mon, PtcgState

# options(state, seat) -> the parameter sets a player may pick (for legal_actions)
Options = Callable[[PtcgState, int], list[dict[str, Any]]]
# check(state, seat, params) -> None, or (rule id, reason) to refuse; raise BadActionError
# for parameters that are malformed in this state (a missing target). ``params`` is an
# attack.AttackParams (Check) or a trainer.TrainerParams (TrainerCheck).
Check = Callable[[PtcgState, int, Any], tuple[str, str] | None]
TrainerCheck = Callable[[PtcgState, int, Any], tuple[str, str] | None]


@dataclass(frozen=True)
class AttackEffect:
    """An attack's whole resolution (damage included): ``run(ctx, seat, params)``, where
    ``params`` is the action's attack.AttackParams."""

    summary: str
    run: Callable[[Ctx, int, Any], None]
    options: Options | None = None
    check: Check | None = None


@dataclass(frozen=True)
class PowerEffect:
    """A Poké-Power: ``run(ctx, seat, slot, params)`` (``params``: the action's
    power.PowerParams); ``once``: once per turn per Pokémon."""

    summary: str
    run: Callable[[Ctx, int, int, Any], None]
    # usable(state, seat, slot) -> None, or why its requirement is not met
    usable: Callable[[PtcgState, int, int], str | None]
    once: bool = True


@dataclass(frozen=True)
class DamageBody:
    """A Poké-Body that changes the damage its Pokémon takes from the opponent's attacks, as
    data (docs/rulesets/ptcg.md, Poké-Bodies): applied after Weakness and Resistance and
    before an attack's Guard, in this order: ``prevent_from`` (all damage and effects of
    attacks by such a Pokémon: ``"ex"``, ``"evolved_or_ex"``, ``"basic"`` or ``"dark"``, a
    Dark Pokémon), ``benched_immune`` (no damage while Benched), then ``reduce`` (on heads
    only if ``coin``; only while it has Energy attached if ``needs_energy``: ``"any"``,
    ``"basic"`` or ``"darkness"``; only against ``from_attacker``). When it is the Active
    Pokémon and takes damage from an attack, the attacker gets ``react_counters`` damage
    counters and the Special Condition ``react`` (``"poisoned"``, ``"burned"``) if given.
    ``needs_energy`` may also name a type (``"Psychic"``: only while an Energy card
    providing it is attached, Core Guard)."""

    reduce: int = 0
    coin: bool = False
    needs_energy: str = ""
    prevent_from: str = ""
    benched_immune: bool = False
    react: str = ""
    react_counters: int = 0
    name: str = ""  # the Poké-Body's name (named in the note it leaves when it acts)
    # the reduction only against attackers of these types (empty: any attacker)
    from_types: tuple[str, ...] = ()
    # the reduction only while a Pokémon of this name is in play (either side)
    needs_in_play: str = ""
    # the reduction is 10 per Energy of this type attached to it, at most ``reduce`` (Dark
    # Protection)
    per_energy: str = ""
    # every effect of the opponent's attacks on it but the damage is prevented (Protective
    # Dust): damage.guarded says so
    effects_proof: bool = False
    # the reduction only against such attackers: "basic" (a Basic Pokémon, not evolved:
    # Crust), "evolved" (an Evolved Pokémon), "owner" (an owner in its name: Rocket's, Team
    # Aqua's ...), "special_energy" (one with a special Energy card attached: Ice Wall)
    from_attacker: str = ""
    # the strike back puts a damage counter on the attacker per heads, flipping until tails
    # (Spiny), instead of ``react_counters``
    react_coins: bool = False
    # the Body works only while this holds for (state, its Pokémon, the attacking Pokémon):
    # Dragon Aura (basic Fire and Lightning Energy attached), Dense (an Evolved attacker)
    when: Callable[[PtcgState, Mon, Mon], bool] | None = None
    # whose attacks it works against: "opponent" (the usual), "own" (only its own player's:
    # Hard Protection) or "both" (Dense); its own player's attacks reach it only as Bench
    # damage (damage.own_bench_hit)
    attacks_of: str = "opponent"
    # the damage is prevented when it is an odd ("odd": 10, 30 .. 170) or even ("even": 20,
    # 40 .. 180) number of tens (Magic Odds, Magic Evens)
    prevent_parity: str = ""
    # ``reduce_per_energy`` less per Energy attached to it, at most ``reduce_cap`` (Energy
    # Protection)
    reduce_per_energy: int = 0
    reduce_cap: int = 0
    # the reduction works at most once a turn among all the Bodies of that name on its
    # player's side (a ``Mon.later`` entry "once:<name>" marks it used: Rai-shield)
    once_a_turn: bool = False


@dataclass(frozen=True)
class BodyEffect:
    """A Poké-Body: hooks the engine calls at fixed moments."""

    summary: str
    # after Energy from the hand is attached to this Pokémon by the attach action
    on_attach: Callable[[Ctx, int, int, int], None] | None = None
    # how it changes the damage its Pokémon takes from attacks (kept in DAMAGE_BODIES too)
    damage: DamageBody | None = None


@dataclass(frozen=True)
class TrainerEffect:
    """A Trainer card: ``run(ctx, seat, params)``, ``params`` the action's
    trainer.TrainerParams."""

    summary: str
    run: Callable[[Ctx, int, Any], None]
    options: Options | None = None
    check: TrainerCheck | None = None
    # True when ``check`` passes every option ``options`` returns (the fast listing then
    # skips asking it for them)
    options_checked: bool = False


@dataclass(frozen=True)
class EnergyEffect:
    """A special Energy: ``on_attach(ctx, seat, slot, card)`` when attached from the hand;
    ``attach_to(state, mon)``: why it cannot be attached to that Pokémon (None: it can);
    ``units(state, mon, card)``: the Energy it provides there, one entry per Energy, each the
    types that one may be (board.can_pay; the card must be in state.SPECIAL_CARDS)."""

    summary: str
    on_attach: Callable[[Ctx, int, int, int], None] | None = None
    attach_to: Callable[[PtcgState, Mon], str | None] | None = None
    units: Callable[[PtcgState, Mon, int], list[tuple[str, ...]]] | None = None


@dataclass(frozen=True)
class ToolEffect:
    summary: str
    # between turns, for the Pokémon holding it: (ctx, seat, slot)
    between_turns: Callable[[Ctx, int, int], None] | None = None
    # the Tool is discarded to pay its Pokémon's retreat instead of Energy (Balloon Berry)
    pays_retreat: bool = False
    # between turns, for whichever Pokémon holds it, Active or Benched (Oran Berry; asked by
    # lasting.turn_end, so the card must be in state.SPECIAL_CARDS): (ctx, seat, slot)
    anywhere_between_turns: Callable[[Ctx, int, int], None] | None = None
    # right after it is attached from the hand: (ctx, seat, slot) (Buffer Piece's timer)
    on_attach: Callable[[Ctx, int, int], None] | None = None
    # why it cannot go onto that Pokémon (None: it can): the Belts' team (the card must be
    # in state.SPECIAL_CARDS: only the full listing asks it)
    attach_to: Callable[[PtcgState, Mon], str | None] | None = None
    # its Pokémon's Retreat Cost is 0 (Fluffy Berry; board.retreat_cost, special games)
    free_retreat: bool = False
    # its Pokémon has no Weakness (Protective Orb; damage.hit, special games)
    no_weakness: bool = False
    # discarded once its Pokémon no longer meets ``attach_to`` after evolving or devolving
    # (Fluffy Berry, Protective Orb; lasting.discard_unfit_tools)
    leaves_when_unfit: bool = False
    # as its Pokémon attacks (attack.run_attack, in games of SPECIAL_CARDS): (ctx, seat,
    # slot) (Crystal Shard: discarded at the end of that turn)
    on_attack: Callable[[Ctx, int, int], None] | None = None
    # HP its Pokémon gets (Energy Root; board.max_hp, special games)
    hp_bonus: int = 0
    # its Pokémon's Poké-Powers and Poké-Bodies are off (Energy Root; board.bodies_off and
    # board.powers_off, special games)
    abilities_off: bool = False
    # every effect of attacks on its Pokémon, damage included, is prevented when the attacker
    # is an opponent's Pokémon-ex ("ex": Mysterious Shard ex14-81; damage.tool_shields, asked
    # by damage.hit and damage.guarded in special games)
    shields_from: str = ""
    # its Pokémon may use the attacks of the cards below it (its Basic and Stage 1 cards),
    # paying their cost (Memory Berry ex14-80; lasting.tool_below_attacks, special games)
    below_attacks: bool = False


@dataclass(frozen=True)
class StadiumEffect:
    summary: str
    retreat_discount: Callable[[PtcgState, Mon], int] | None = None
    hp_bonus: Callable[[PtcgState, Mon], int] | None = None
    # after a player benches a Basic Pokémon from the hand: (ctx, seat, slot)
    on_bench: Callable[[Ctx, int, int], None] | None = None
    # each player's Active Evolved Pokémon (not a Pokémon-ex) may use the attacks of the
    # cards below it, paying their cost (Meteor Falls; lasting.below_attacks; the card must
    # be in state.SPECIAL_CARDS)
    below_attacks: bool = False
    # each player's Active δ Pokémon may use the attacks printed on the Stadium card itself
    # instead of its own, paying their cost (Holon Lake ex13-87; lasting.below_attacks)
    delta_attacks: bool = False
    # (games with special cards) no Weakness for the damaged Pokémon when True (Ancient
    # Tomb; asked of the Pokémon in play, not its card alone, so Holon Legacy can ask whether
    # it is δ now: Holon Veil), no Resistance against an attacker of these types (Magnetic
    # Storm)
    no_weakness: Callable[[PtcgState, Mon], bool] | None = None
    no_resistance_from: tuple[str, ...] = ()
    # between turns, after the end-of-turn effects (lasting.turn_end): (ctx) (Desert Ruins)
    between_turns: Callable[[Ctx], None] | None = None
    # after an Energy card from the hand is attached to a Pokémon: (ctx, seat, slot)
    # (Island Cave)
    on_attach: Callable[[Ctx, int, int], None] | None = None
    # why a Pokémon may not use its Poké-Powers while this Stadium is in play (Mt. Moon;
    # power.power_rule: ptcg.power.stadium), None: it may
    power_block: Callable[[PtcgState, Mon], str | None] | None = None
    # whether a Pokémon's own Poké-Bodies are off while this Stadium is in play (Battle
    # Frontier; board.body_off, asked by every Poké-Body lookup; the card must be in
    # state.SPECIAL_CARDS)
    body_block: Callable[[PtcgState, Mon], bool] | None = None
    # the Pokémon (either player's) that may use the attacks printed on the Stadium instead
    # of their own (Rocket's Tricky Gym; lasting.below_attacks; the card must be in
    # state.SPECIAL_CARDS; the attacks' handlers are registered under the Stadium's id)
    attacks_for: Callable[[PtcgState, Mon], bool] | None = None
    # the Special Conditions no effect can give that Pokémon (either player's) while this
    # Stadium is in play (Sidney's Stadium ex16-82; damage.set_condition via
    # damage.stadium_keeps_off, the card must be in state.SPECIAL_CARDS)
    conditions_off: Callable[[PtcgState, Mon], frozenset[str]] | None = None
    # an attack of either player's Active Pokémon does nothing at all: it ends as it is
    # used, and the Stadium is discarded (Holon Circle ex14-79; attack.stadium_ends_attack)
    ends_attacks: bool = False
    # each special Energy card providing 2 or more Energy provides one Colorless Energy only
    # (Crystal Beach ex14-75; board.beach_flattens, asked by board.provides, energy_amount,
    # energy_units; the card must be in state.SPECIAL_CARDS)
    flattens_special_energy: bool = False
    # an effect each player may use once during their turn while the Stadium is in play
    # (Power Tree, Strange Cave; the ``use_stadium`` action, stadium_use.py): why the player
    # may not use it now (None: they may), and what using it does (ctx, seat); the card
    # must be in state.SPECIAL_CARDS
    use_rule: Callable[[PtcgState, int], str | None] | None = None
    use_run: Callable[[Ctx, int], None] | None = None
    # the damage counters a Burn puts on between turns instead of 2 (Full Flame;
    # lasting.burn_counters, in special games)
    burn_counters: int = 0
    # what an attached Energy card provides while this Stadium is in play, when it says
    # (state, the Pokémon, the Energy card) -> its units, None: as usual (Holon Research
    # Tower; board.energy_units, in special games: paying costs)
    energy_units: Callable[[PtcgState, Mon, int], list[tuple[str, ...]] | None] | None = None
    # the most Benched Pokémon each player may have while it is in play, 0: the usual five
    # (Giant Stump; board.bench_limit)
    bench_limit: int = 0
    # what happens as it comes into play, played by ``seat`` (ctx, seat) (Giant Stump: each
    # player discards Benched Pokémon down to its limit; stadium_use.stadium_played)
    on_play: Callable[[Ctx, int], None] | None = None


@dataclass(frozen=True)
class DamageMod:
    """A card in play that changes the damage of attacks (docs/rulesets/ptcg.md, order of
    application): ``source`` says where the card must be — "attacker_energy" (attached to
    the attacking Pokémon), "target_energy" (attached to the Pokémon damaged),
    "attacker_active" (the attacking Pokémon is it: a Poké-Body), "defender_active" (the
    damaged Pokémon's player has it as their Active: a Poké-Body), "attacker_tool" (the
    attacking Pokémon holds it), "attacker_side" (a Poké-Body of a Pokémon anywhere in play
    on the attacker's side: Power Gene), "target_tool" (the damaged Pokémon holds it: Buffer
    Piece), "any_active" (either player's Active Pokémon is it: Vigorous Aura), "stadium"
    (it is the Stadium in play; ``needs_type`` asks the damaged Pokémon: Drake's Stadium
    ex16-72), "target_side" (a Poké-Body of a Pokémon anywhere in play on the damaged
    Pokémon's side, for the damaged Pokémon ``when`` accepts: Extra Smoke ex15-94). ``amount``
    is added (negative: taken off) ``before`` or
    after Weakness and Resistance; ``active_only``: only to the Defending Pokémon;
    ``needs_type``: only while the Pokémon it works for (the attacker for "attacker_*",
    the damaged one for "target_energy") is of that type (or, for "Darkness", has "Dark"
    in its name); ``discard``: the card (a Tool) is discarded once it acted."""

    source: str
    amount: int
    before: bool
    active_only: bool = False
    needs_type: str = ""
    discard: bool = False
    name: str = ""  # a Poké-Body's name (named in the note it leaves)
    # only while the attacker's opponent has a Pokémon-ex in play (Overzealous)
    needs_opponent_ex: bool = False
    # (source "attacker_side": a Poké-Body of any of the attacker's player's Pokémon in play)
    # only for an attacker with one of these names (Power Gene); empty: any attacker of the
    # player, as ``when`` allows (Delta Reactor ex13-8)
    for_names: tuple[str, ...] = ()
    # it works only while this holds for (state, the attacking Pokémon, the damaged one):
    # Hunch (its own HP left), Lazy Aura (a Pokémon-ex attacking)
    when: Callable[[PtcgState, Mon, Mon], bool] | None = None


# card id -> (its Poké-Body's name, the Special Conditions it keeps off it): set_condition
CONDITION_IMMUNE: Final[dict[str, tuple[str, frozenset[str]]]] = {}

# card id -> how it changes the damage of attacks; damage.hit asks only these cards
DAMAGE_MODS: Final[dict[str, DamageMod]] = {}


# (choice key) -> run(ctx, seat, option index, data) once the player answers
ChoiceRun = Callable[[Ctx, int, int, dict[str, Any]], None]

# (frame kind) -> resume(ctx, frame): an effect that waited on a nested question goes on
# (turn.run_choose; "step": a question's program, "checkup": the rest of between turns)
ResumeRun = Callable[[Ctx, dict[str, Any]], None]
RESUMES: Final[dict[str, ResumeRun]] = {}

ATTACKS: Final[dict[tuple[str, str], AttackEffect]] = {}
POWERS: Final[dict[tuple[str, str], PowerEffect]] = {}
BODIES: Final[dict[tuple[str, str], BodyEffect]] = {}
TRAINERS: Final[dict[str, TrainerEffect]] = {}
ENERGIES: Final[dict[str, EnergyEffect]] = {}
TOOLS: Final[dict[str, ToolEffect]] = {}
STADIUMS: Final[dict[str, StadiumEffect]] = {}
CHOICES: Final[dict[str, ChoiceRun]] = {}
# card id -> its damage-changing Poké-Body: the damage step asks only these cards
DAMAGE_BODIES: Final[dict[str, DamageBody]] = {}


@dataclass(frozen=True)
class RuleBody:
    """A Poké-Body that changes a rule of the game while its Pokémon is in play (lasting.py):
    ``blocks`` the action it forbids — "supporter" (playing a Supporter), "stadium"
    (playing a Stadium: Commanding Aura), "power" (using a
    Poké-Power), "tool" (playing a Pokémon Tool), "evolve_active" (evolving the Active
    Pokémon from the hand), "retreat", "retreat_confused" (retreating a Confused Pokémon),
    "tm" (playing a Technical Machine: Mystic Scale, whose Pokémon also discards every TM in
    play as it comes into play by evolving) —
    for ``whom`` ("opponent": its owner's opponent;
    "both"), while its Pokémon is the Active (``active_only``) or anywhere in play."""

    name: str
    blocks: str
    whom: str = "opponent"
    active_only: bool = True
    # the rule holds only while this is True for (state, the Body's owner) (Lonesome: fewer
    # Pokémon in play than the opponent); None: always
    when: Callable[[PtcgState, int], bool] | None = None


@dataclass(frozen=True)
class RetreatBody:
    """A Poké-Body that makes its own Pokémon's Retreat Cost 0 while ``free(s, mon)``."""

    name: str
    free: Callable[[PtcgState, Mon], bool]


# card id -> the rule its Poké-Body changes (lasting.rule_body asks these)
RULE_BODIES: Final[dict[str, RuleBody]] = {}
# card id -> (Poké-Body name, whether it stops that Pokémon, either player's, using Poké-Powers:
# (state, that Pokémon)), while its own Pokémon is its player's Active (Wise Aura;
# lasting.power_aura, in games of SPECIAL_CARDS; refused with ptcg.power.body)
POWER_AURAS: Final[dict[str, tuple[str, Callable[[PtcgState, Mon], bool]]]] = {}
# card id -> (Poké-Body name, whether it keeps that Energy card from the hand off the
# opponent's Pokémon: (state, the Energy card, that Pokémon)), while its own Pokémon is its
# player's Active (Cursed Glare; lasting.attach_banned, in games of SPECIAL_CARDS; refused
# with ptcg.energy.condition)
ATTACH_BANS: Final[dict[str, tuple[str, Callable[[PtcgState, CardDef, Mon], bool]]]] = {}
# ... the same while its own Pokémon is anywhere in play (Binding Aura ex11-23: not onto an
# Asleep Pokémon; lasting.attach_banned)
ATTACH_BANS_IN_PLAY: Final[dict[str, tuple[str, Callable[[PtcgState, CardDef, Mon], bool]]]] = {}
# card id -> the Poké-Body that can make its Retreat Cost 0 (board.retreat_cost asks these)
RETREAT_BODIES: Final[dict[str, RetreatBody]] = {}
# card id -> (Poké-Body name, the names of the Pokémon, either player's, that cannot attack
# while it is its player's Active Pokémon: Mark of Antiquity; attack.attack_rule)
ATTACK_BANS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {}
# card id -> Poké-Body name: while it is its player's Active Pokémon, the opponent's Basic
# Pokémon cannot attack or use Poké-Powers (Intimidating Ring; lasting.basic_banned)
BASIC_BANS: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, Colorless Energy more that every Evolved Pokémon, either
# player's, needs for its attacks while it is its player's Active Pokémon: Primal Pull)
COST_BODIES: Final[dict[str, tuple[str, int]]] = {}
# card id -> Poké-Body name: while it is Active, its player's Benched Pokémon take no damage
# from attacks (Power Diffusion; damage.hit)
BENCH_SHIELDS: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, damage counters, the HP the Pokémon must have left): when the
# opponent's Active Pokémon retreats with at least that much HP left, it gets the counters; one
# such Body acts a retreat (Metal Gravity ex16-98; retreat.run_retreat asks
# retreat.punish_retreat, which asks board.body_off)
RETREAT_PUNISHERS: Final[dict[str, tuple[str, int, int]]] = {}
# card id -> (Poké-Body name, which of its player's Benched Pokémon it protects: (state, that
# Pokémon)): every effect of the opponent's attacks, damage included, is kept off them while
# the card is in play (Solid Shell ex15-14; damage.hit and damage.guarded ask
# damage.bench_guarded, which asks board.body_off)
BENCH_GUARDS: Final[dict[str, tuple[str, Callable[[PtcgState, Mon], bool]]]] = {}
# card id -> Poké-Body name: while it is in play, Active or Benched, its player's Benched
# Pokémon take no damage from the opponent's attacks (Sand Veil ex14-5; damage.hit)
BENCH_SHIELDS_IN_PLAY: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, coins): while it is an Active Pokémon, a Pokémon Asleep between
# turns needs this many heads to wake (Deep Sleep; turn.checkup)
SLEEP_COINS: Final[dict[str, tuple[str, int]]] = {}
# card id -> Poké-Body name: its Pokémon may retreat while Asleep or Paralyzed (Fast Feet;
# retreat.retreat_rule asks it in games with special cards)
RETREAT_ANY_CONDITION: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, damage counters removed from it between turns: Rain Dish)
HEAL_BODIES: Final[dict[str, tuple[str, int]]] = {}
# card id -> (Poké-Body name, what it does between turns for its Pokémon: (ctx, seat, slot));
# asked by lasting.turn_end for every Pokémon in play (Sand Damage, Methane Leak)
BETWEEN_TURNS_BODIES: Final[dict[str, tuple[str, Callable[[Ctx, int, int], None]]]] = {}


@dataclass(frozen=True)
class KnockoutBody:
    """A Poké-Body that acts when damage from an opponent's attack (damage.hit) would Knock
    its Pokémon Out: ``survive_on_heads`` (Buffer: a coin; heads, it is left with 10 HP
    instead; not against an attack that ignores Poké-Bodies), or, when it is the Active
    Pokémon and is Knocked Out, the attacker gets ``conditions`` and ``counters``
    (Knockout Gas, Dark Scale)."""

    name: str
    survive_on_heads: bool = False
    conditions: tuple[str, ...] = ()
    counters: int = 0


# card id -> its Knock Out Poké-Body (damage.hit asks these, in games of SPECIAL_CARDS only)
KNOCKOUT_BODIES: Final[dict[str, KnockoutBody]] = {}
# Tool card id -> (its name, damage counters put on the attacking Pokémon when the Active
# Pokémon holding it is Knocked Out by an attack's damage): Curse Powder (damage.hit, in games
# of SPECIAL_CARDS only)
KNOCKOUT_TOOLS: Final[dict[str, tuple[str, int]]] = {}
# card id -> (Poké-Body name, whether its owner's Active ``target`` has no Weakness now:
# (state, the Pokémon with the Body, target)) (Dragon Veil, Dark Condition; damage.hit)
NO_WEAKNESS_BODIES: Final[dict[str, tuple[str, Callable[[PtcgState, Mon, Mon], bool]]]] = {}
# card id -> (Poké-Body name, Colorless added to the Retreat Cost of the opponent's Active
# while its Pokémon is the Active; board.retreat_cost) (Sticky Goo)
RETREAT_TAXES: Final[dict[str, tuple[str, int]]] = {}
# card id -> when its CONDITION_IMMUNE Poké-Body works (Dark and Clear: with Darkness Energy)
IMMUNE_ONLY_WHEN: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# card id -> (Poké-Body name, whether it keeps Special Conditions off ``target``, one of its
# player's Pokémon: (state, the Pokémon with the Body, target)) (Green Essence;
# damage.set_condition asks them in every game: the card need not be in SPECIAL_CARDS)
CONDITION_AURAS: Final[dict[str, tuple[str, Callable[[PtcgState, Mon, Mon], bool]]]] = {}
# card id -> (Poké-Body name, damage counters on each opponent's Pokémon evolved from the hand
# while it is in play; lasting.evolved) (Darkest Impulse)
EVOLVE_PUNISHERS: Final[dict[str, tuple[str, int]]] = {}
# card id -> (Poké-Body name, the names of its player's Pokémon in play whose attacks it may
# use as its own; lasting.fellowship_attacks) (Fellowship); no names: every other Pokémon in
# play, both players' (Versatile)
BORROW_ATTACK_BODIES: Final[dict[str, tuple[str, tuple[str, ...]]]] = {}
# Fossils whose rules (cards.CardDef.is_fossil) the engine keeps: a Trainer card played as a
# Basic Pokémon (bench.py), which cannot retreat and gives no Prize when Knocked Out
FOSSILS: Final[set[str]] = set()


@dataclass(frozen=True)
class TMEffect:
    """A Technical Machine: attached to one of its player's Pokémon with ``team`` in its
    name, which may then use the card's attack (registered in ATTACKS under the TM's id)
    instead of its own; discarded at the end of that turn."""

    summary: str
    team: str = ""
    # why it cannot go onto that Pokémon (None: it can), beside ``team`` (Ancient Technical
    # Machines: Evolved Pokémon only, not a Pokémon-ex, no owner in its name)
    onto: Callable[[PtcgState, Mon], str | None] | None = None


TMS: Final[dict[str, TMEffect]] = {}
# card id -> (Poké-Body name, damage counters put on an opponent's Pokémon that gets an
# Energy card from the hand: Conductivity)
ATTACH_PUNISHERS: Final[dict[str, tuple[str, int]]] = {}
# card id -> (Poké-Body name, the types it gives its Pokémon now; () keeps the card's)
TYPE_BODIES: Final[dict[str, tuple[str, Callable[[PtcgState, Mon], tuple[str, ...]]]]] = {}
# Pokémon Tool card id -> the types its Pokémon has while it holds it (Crystal Shard:
# Colorless; board.types_of, the card must be in state.SPECIAL_CARDS)
TOOL_TYPES: Final[dict[str, tuple[str, ...]]] = {}
# card id -> (Poké-Body name, the type every Energy attached to its Pokémon provides instead
# of its own: Energy Flame; board.provides and board.energy_units, in SPECIAL_CARDS games)
ENERGY_TYPE_BODIES: Final[dict[str, tuple[str, str]]] = {}
# card id -> (Poké-Body name, a type): every Energy card providing only Colorless Energy that
# is attached to a Pokémon of that type of its player provides that type instead, while it is
# in play (Chlorophyll ex14-28; board.provides and board.energy_units, in SPECIAL_CARDS games)
COLORLESS_ENERGY_BODIES: Final[dict[str, tuple[str, str]]] = {}
# card ids whose Poké-Body turns Resistance off for every Active Pokémon while in play
NO_RESISTANCE_BODIES: Final[set[str]] = set()
# card id -> Poké-Body name: while it is the Active Pokémon, its attacks ignore the Defending
# Pokémon's Resistance (Tropical Motion: the opponent's Active has none)
NO_RESISTANCE_ACTIVE: Final[dict[str, str]] = {}
# card id -> a Poké-Body making the Retreat Cost of other Pokémon of its player 0 while
# ``free(state, that Pokémon)`` (Dragon Lift, Moonglow; board.retreat_cost)
RETREAT_AURAS: Final[dict[str, RetreatBody]] = {}
# card id -> (Poké-Body name, the maximum HP it gives a Pokémon of its player, 0: none):
# Sunbeam (board.max_hp)
HP_AURAS: Final[dict[str, tuple[str, Callable[[PtcgState, Mon], int]]]] = {}
# card id -> Poké-Body name: when an opponent's attack would damage or affect it while it
# has damage counters, a coin: heads, that attack does nothing to it (Fluff; damage.fluffed;
# the card must be in state.SPECIAL_CARDS)
FLUFF_BODIES: Final[dict[str, str]] = {}
# card id -> Poké-Body name: when it is Knocked Out, the opponent takes no Prize card for
# it (Empty Shell; turn.settle)
NO_PRIZE_BODIES: Final[dict[str, str]] = {}
# card id -> Poké-Body name: Burned or Poisoned by an opponent's attack, it gives the
# attacker the same Special Condition (Mirror Coat; damage.set_condition)
MIRROR_BODIES: Final[dict[str, str]] = {}
# card id -> Poké-Body name: while it is an Active Pokémon, every other Poké-Power and
# Poké-Body in play is off (Toxic Gas; board.gassed)
GAS_BODIES: Final[dict[str, str]] = {}
# card id -> Poké-Body name: while its Pokémon is in play (Active or Benched), every Pokémon-ex
# in play, either player's (its own Pokémon included), cannot use Poké-Powers and its
# attacks cost one Colorless Energy more; more such Bodies count as one (Extra Liquid of
# Sceptile ex δ ex14-96; lasting.ex_taxed, asked by lasting.extra_cost and power.power_rule)
EX_TAX_BODIES: Final[dict[str, str]] = {}
# Pokémon Tool card id -> its name: while it is attached to an Active Pokémon, every Poké-Power
# and Poké-Body in play is off, that Pokémon's own included (Cessation Crystal ex14-74;
# board.gassed, lasting.rule_body; the card must be in state.SPECIAL_CARDS)
GAS_TOOLS: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, whether it reaches that Pokémon, either player's): while its
# own Pokémon is its player's Active, the Poké-Powers and Poké-Bodies of each Pokémon it
# reaches are off (Overpowering Fang; board.bodies_off / board.powers_off, the card must be
# in state.SPECIAL_CARDS)
ABILITY_OFF_AURAS: Final[dict[str, tuple[str, Callable[[PtcgState, Mon], bool]]]] = {}
# card id -> (Poké-Body name, whether it works now for its owner: (state, the Pokémon with
# the Body), whether it reaches that Pokémon, either player's: (state, that Pokémon)): while
# its own Pokémon is in play, Active or Benched, the Poké-Bodies of each Pokémon it reaches are
# off (Dual Aura ex13-11, ex13-12; board.bodies_off, the card must be in state.SPECIAL_CARDS)
BODY_OFF_AURAS: Final[
    dict[str, tuple[str, Callable[[PtcgState, Mon], bool], Callable[[PtcgState, Mon], bool]]]
] = {}
# card id -> (Poké-Body name, whether it works now: (state, the Pokémon with the Body),
# whether it stops that Pokémon, either player's, using Poké-Powers: (state, that Pokémon)),
# while its own Pokémon is in play, Active or Benched (Delta Reserve ex13-14;
# lasting.power_aura, the card must be in state.SPECIAL_CARDS; refused with ptcg.power.body)
POWER_AURAS_IN_PLAY: Final[
    dict[str, tuple[str, Callable[[PtcgState, Mon], bool], Callable[[PtcgState, Mon], bool]]]
] = {}
# card id -> (Poké-Power or Poké-Body name, run(ctx, seat, slot, was_active, attacker)): its
# Pokémon was damaged by an opponent's attack this turn (``attacker``: the first card of the
# attacking Pokémon); asked as that attack ends, before Knock Outs are settled (Silver
# Sparkle, Golden Wing, Shadow Curse, Reactive Recharge; lasting.after_attack, the card must
# be in state.SPECIAL_CARDS).
# True: it asked a question (the turn ends once that is answered)
AFTER_ATTACK: Final[dict[str, tuple[str, Callable[[Ctx, int, int, bool, int], bool]]]] = {}
# card id -> Poké-Body name: the damage an opponent's attack would do to its Pokémon is held
# back (a "kept:withheld:<total>" entry of ``Mon.later``) while its player has a card in hand,
# and its player answers as the attack ends (Psychic Protector ex16-94; damage.withheld_by_body
# asks board.body_off; the card also needs an AFTER_ATTACK entry that asks the question)
DAMAGE_ANSWER_BODIES: Final[dict[str, str]] = {}
# card id -> Poké-Body name: while it works, every Pokémon card of its player is δ Species
# (Holon Veil ex15-1; delta_veil.delta_veiled asks board.body_off and Toxic Gas)
DELTA_VEIL_BODIES: Final[dict[str, str]] = {}
# Energy card ids discarded when their Pokémon is no longer an Evolved Pokémon
EVOLVED_ONLY_ENERGY: Final[set[str]] = set()
# Energy card ids whose Pokémon cannot retreat (Boost Energy; retreat.retreat_rule)
NO_RETREAT_ENERGY: Final[set[str]] = set()
# Energy card ids discarded when their Pokémon evolves into a Pokémon-ex (Scramble Energy;
# lasting.evolved)
NOT_EX_ENERGY: Final[set[str]] = set()
# Energy card ids discarded from their Pokémon at the end of their owner's turn
END_OF_TURN_ENERGY: Final[set[str]] = set()


@dataclass(frozen=True)
class CheckupBody:
    """A Poké-Body that acts between turns while its Pokémon is its player's Active
    (lasting.py, turn.checkup): ``each_turn(ctx, seat)`` as between turns begins (Sooth Dust,
    Acid Sampler); ``stays_asleep(ctx, seat, asleep_seat)`` for an Active Pokémon still Asleep
    after its coin (Eerie Aura); each returns whether it did anything (then a note names the
    Body); ``burn_counters``: the damage counters a Burn puts on instead
    of 2 (Fiery Aura)."""

    name: str
    each_turn: Callable[[Ctx, int], bool] | None = None
    stays_asleep: Callable[[Ctx, int, int], bool] | None = None
    burn_counters: int = 0


# card id -> its between-turns Poké-Body (asked only in games holding one: SPECIAL_CARDS)
CHECKUP_BODIES: Final[dict[str, CheckupBody]] = {}


@dataclass(frozen=True)
class RetreatHelp:
    """A Poké-Body that lowers the Retreat Cost of another of its player's Pokémon
    (board.retreat_cost): while its Pokémon is ``where`` ("bench": Benched; "anywhere": in
    play; "evolved": in play and an Evolved Pokémon), ``less(state, mon, active)`` is what it
    takes off ``mon``'s cost (``active``: ``mon`` is its player's Active Pokémon; 0: nothing;
    a large number makes it 0)."""

    name: str
    where: str
    less: Callable[[PtcgState, Mon, bool], int]


RETREAT_HELPS: Final[dict[str, RetreatHelp]] = {}
# card id -> a Poké-Body that lowers its own Pokémon's Retreat Cost (``where`` unused;
# ``less(state, it, it is the Active)``; board.retreat_cost asks board.body_off): Conductive
# Body (ex11-59)
RETREAT_SELF_HELPS: Final[dict[str, RetreatHelp]] = {}
# (card id, attack name) of attacks usable while their Pokémon is Asleep (Toss and Turn;
# attack.attack_rule, in games holding such a card: SPECIAL_CARDS)
ASLEEP_ATTACKS: Final[set[tuple[str, str]]] = set()
# card id -> (Poké-Power name, run(ctx, seat, slot)): a power used as its Pokémon is put
# onto the Bench from the hand (Legendary Ascent; bench.run_bench, in special games); its
# reg.POWERS entry refuses it as a use_power action
BENCH_POWERS: Final[dict[str, tuple[str, Callable[[Ctx, int, int], None]]]] = {}
# card id -> (Poké-Power name, run(ctx, seat, slot)): a power used as the card is played from
# the hand to evolve a Pokémon, Rare Candy included (Evolutionary Fan ex12-12, Emerge Charge
# ex12-87, Peal of Thunder ex14-4; lasting.evolve_power, after lasting.evolved, asks whether
# Powers work); its reg.POWERS entry refuses it as a use_power action
EVOLVE_POWERS: Final[dict[str, tuple[str, Callable[[Ctx, int, int], None]]]] = {}
# card id -> (Poké-Power name, run(ctx, seat, slot, the Energy card)): a power used as an
# Energy card from the hand is attached to its Pokémon (Eevee's Energy Evolution, Lightning
# Burst; energy.attached_from_hand, in special games); its reg.POWERS entry refuses it as a
# use_power action
ATTACH_POWERS: Final[dict[str, tuple[str, Callable[[Ctx, int, int, int], None]]]] = {}

# What a Knock Out settled by turn.settle leaves for a response window: (the Knocked Out
# Pokémon's owner, its slot, the basic Energy cards that were attached to it, the Pokémon
# itself as it was when Knocked Out: its cards and Special Conditions, for a Poké-Power that
# answers the Knock Out of its own Pokémon, Shadow Curse ex12-5)
KnockedOut = tuple[int, int, list[int], Mon]
# Responses to Knock Outs by an attack (knockout_window.py: Energy Grounding, EXP.ALL):
# asked by turn.after, in games of SPECIAL_CARDS, with the Pokémon of the player whose turn
# it is not that the attack just Knocked Out, and what goes on after (``then``); each returns
# True when it asked a question (promotions and ``then`` follow its answer)
KNOCKOUT_WINDOWS: Final[list[Callable[[Ctx, list[KnockedOut], str], bool]]] = []

# special Energy whose effect depends on the Pokémon it is attached to (Holon Energy, ex11 on:
# holon.py): energy card id -> (state, the Pokémon it is attached to) -> whether that Pokémon
# has no Weakness now / its attacks' damage ignores Resistance now (damage.hit asks; the card
# must be in state.SPECIAL_CARDS)
NO_WEAKNESS_ENERGY: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
NO_RESISTANCE_ENERGY: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# ... and whether that Pokémon cannot be affected by Special Conditions now (Holon Energy GL;
# damage.set_condition asks)
CONDITION_PROOF_ENERGY: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# ... and whether the opponent's Pokémon's effects other than damage are kept off that Pokémon
# now (Holon Energy WP: damage.guarded asks) / its Retreat Cost is 0 now (board.retreat_cost)
EFFECT_PROOF_ENERGY: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
FREE_RETREAT_ENERGY: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# card ids of ATTACH_PUNISHERS that punish only a special Energy card attached (a Holon's
# Pokémon attached as Energy is one: Umbreon δ's Delta Moon ex11-17; lasting.energy_attached)
SPECIAL_ONLY_PUNISHERS: Final[set[str]] = set()
# (card id, attack name) -> the attack's cost now when a Poké-Body of that card changes it
# (None: as printed): Latias δ's and Latios δ's Delta Aura ex11-8, ex11-9 (attack.attack_rule;
# the card must be in state.SPECIAL_CARDS)
CostNow = Callable[[PtcgState, Mon], tuple[str, ...] | None]
COST_OVERRIDES: Final[dict[tuple[str, str], CostNow]] = {}
# card id -> (Poké-Body name, run(ctx, its seat, its slot, the seat and the slot of the
# opponent's Pokémon that has just used a Poké-Power)): Dark Eyes of Shiftry ex ex14-97
# (power.after_power_bodies, after the power's effect, in games of SPECIAL_CARDS, while the
# Body is on)
AFTER_POWER_BODIES: Final[dict[str, tuple[str, Callable[[Ctx, int, int, int, int], None]]]] = {}
# card id -> Poké-Body name: while it is its player's only Pokémon in play, the opponent's
# Basic Pokémon cannot attack (Skarmory's Shining Horn ex11-55; lasting.attack_banned)
LONE_BASIC_BANS: Final[dict[str, str]] = {}
# card id -> Poké-Body name: while it is its player's Active Pokémon, a Basic Pokémon of the
# opponent that attacks flips a coin first; tails, the attack does nothing (Pattern
# Distraction ex12-26; lasting.distraction_stops, asked by attack.run_attack)
ATTACK_COIN_BODIES: Final[dict[str, str]] = {}
# card id -> (Poké-Body name, the names of the opponent's Pokémon that cannot attack while
# it is its player's Active Pokémon: Deadlock ex12-31; lasting.attack_banned)
OPPONENT_ATTACK_BANS: Final[dict[str, tuple[str, tuple[str, ...]]]] = {}
# card id -> (Poké-Body name, the names of its player's Pokémon whose attacks' damage to the
# opponent's Pokémon ignores Resistance while it is in play: Ancient Tentacles ex12-60;
# damage.hit)
KIN_NO_RESISTANCE: Final[dict[str, tuple[str, tuple[str, ...]]]] = {}
# card id -> when its reg.RETREAT_TAXES Body works, for (state, its Pokémon): Stages of
# Evolution ex12-28, only while it is an Evolved Pokémon (board._retreat_tax)
RETREAT_TAX_WHEN: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# card id -> when its reg.ENERGY_TYPE_BODIES Body works, for (state, its Pokémon): Stages of
# Evolution ex12-21, only while it is an Evolved Pokémon (board.energy_type_body, which then
# asks body_off too)
ENERGY_TYPE_WHEN: Final[dict[str, Callable[[PtcgState, Mon], bool]]] = {}
# card id -> (Poké-Body name, whether it stops a Pokémon (either player's) using Poké-Powers:
# (state, the Body's Pokémon, its owner, that Pokémon)) while its Pokémon is anywhere in play
# (Rear Sensor ex12-16, Sol Shade ex12-20, Luna Shade ex12-25; lasting.power_aura)
POWER_BLOCKS_IN_PLAY: Final[dict[str, tuple[str, Callable[[PtcgState, Mon, int, Mon], bool]]]] = {}
