"""The PTU rule catalogue: every rule the engine can refuse with, in the project's own words.

Each rule id names one thing the engine checks. The sources are pages of the Pokémon Tabletop
United 1.05 Core book; ``reading`` records the project's decision where the text is ambiguous
(see /work/shared/design/READINGS.md).
"""

from __future__ import annotations

from turnkeeper.core.model import Rule, RuleCatalogue
from turnkeeper.rulesets.ptu.roster_rules import RULES as ROSTER_RULES

CORE = "PTU 1.05 Core"

RULES = RuleCatalogue(
    "ptu",
    [
        # ------------------------------------------------------------------ turns and order
        Rule(
            "ptu.initiative.order",
            "Combatants act on their own turn only, in initiative order (Speed, highest first; "
            "ties settled by a d20 roll-off). In a League Battle all Trainers go before all "
            "Pokémon; in Full Contact everyone is in one order.",
            f"{CORE} p. 226-227",
            reading="Initiative is the Speed stat after its combat stages (Paralyzed's -4 "
            "included; a Low Blow's 0 while it lasts); a change made during a round orders "
            "the next one, as each round's order is fixed when it starts.",
        ),
        Rule(
            "ptu.turn.one-pokemon-turn",
            "Each player gets one Trainer turn and one Pokémon turn a round; once one of the "
            "player's Pokémon has taken the Pokémon turn, the player's other Pokémon wait for "
            "the next round.",
            f"{CORE} p. 226",
            reading="Setting pokemon_turns: every_pokemon gives each active Pokémon its own turn.",
        ),
        Rule(
            "ptu.combatant.able",
            "A fainted, captured or recalled combatant takes no actions.",
            f"{CORE} p. 226, 229",
        ),
        Rule(
            "ptu.league.declare-order",
            "In a League Battle the Trainers first declare what they will do, slowest first; "
            "the declarations then resolve fastest first.",
            f"{CORE} p. 227",
        ),
        Rule(
            "ptu.league.declared-only",
            "When a League Battle Trainer's declaration resolves, only the declared kinds of "
            "action may be taken (free actions, holding and ending the turn aside).",
            f"{CORE} p. 227",
        ),
        Rule(
            "ptu.hold.lower-count",
            "A held action must name an initiative count lower than the holder's own; what "
            "is left of the turn is taken when that count comes.",
            f"{CORE} p. 227, 230",
            reading="What remains of a turn may be held, also after acting (as in the worked "
            "example of p. 230; setting hold_after_acting: false allows holding only before "
            "acting); a turn taken out of order (Priority) cannot be held.",
        ),
        Rule(
            "ptu.hold.once-per-round",
            "A combatant may hold its action only once a round.",
            f"{CORE} p. 227",
        ),
        # ------------------------------------------------------------------ action types
        Rule(
            "ptu.action.standard",
            "One Standard action a turn.",
            f"{CORE} p. 227",
        ),
        Rule(
            "ptu.action.shift",
            "One Shift action a turn; a second one only by giving up the Standard action.",
            f"{CORE} p. 227",
            reading="Giving up the Standard is the player's explicit choice (trade_standard), "
            "never automatic: a Shift with none left is refused until the trade is made.",
        ),
        Rule(
            "ptu.action.swift",
            "One Swift action a round; a second one only by giving up the Standard action.",
            f"{CORE} p. 227-228",
            reading="Trading the Standard for an extra Swift wins over 'exactly one Swift a "
            "round' (setting swift_trade: false forbids the trade); the trade is the player's "
            "explicit choice (trade_standard), never automatic.",
        ),
        Rule(
            "ptu.swift.own-turn-only",
            "Swift actions can only be taken on one's own turn.",
            f"{CORE} p. 228",
        ),
        Rule(
            "ptu.free.own-turn",
            "Free actions without a trigger are taken on one's own turn, as many as wanted.",
            f"{CORE} p. 227-228",
            reading="Free actions without a trigger: only on one's own turn (setting "
            "free_actions: any_time lifts that).",
        ),
        Rule(
            "ptu.trigger.once-per-trigger",
            "An action with a trigger answers an occurrence of that trigger at most once per "
            "responder; a different triggered action may answer the same occurrence.",
            f"{CORE} p. 227",
            reading="Once per occurrence of the trigger, per responder and kind of response.",
        ),
        Rule(
            "ptu.trigger.needs-trigger",
            "An action with a trigger (Trigger or Reaction keyword, a triggered Interrupt, an "
            "Attack of Opportunity) can only be used when its trigger has just happened.",
            f"{CORE} p. 227, 339",
        ),
        # What each kind of action costs: named in a budget refusal's ``also`` behind the
        # exhausted limit (``ptu.action.standard`` etc.), so "why not?" gives both.
        Rule(
            "ptu.cost.move",
            "A Move takes the action type its entry names: a Standard action for most, or a "
            "Shift, a Swift, a Free or a Full (Standard and Shift) action.",
            f"{CORE} p. 227-228",
        ),
        Rule(
            "ptu.cost.standard",
            "These take the Standard action: a Struggle attack, a combat maneuver, getting an "
            "item out of the pack (to use it on a target or to hold it), a Poké Ball throw, "
            "drawing or changing a weapon, a Pokédex scan, an Order, a Sprint, a skill check, "
            "a Pokémon picking up an item, a switch (a recall and a release at once) and "
            "recalling or sending out two Pokémon together.",
            f"{CORE} p. 227-231 (Sprint, skill checks, picking up: reference/ptu.md)",
        ),
        Rule(
            "ptu.cost.shift",
            "These take the Shift action: moving (a Shift, a Disengage), standing up, handing "
            "a small item to an adjacent Trainer, recalling or sending out one Pokémon, "
            "replacing a fainted Pokémon, and a Pokémon dropping its held item.",
            f"{CORE} p. 227, 229, 231",
        ),
        Rule(
            "ptu.cost.feature",
            "A Feature or effect takes the action type it names (a Standard, Shift, Swift or "
            "Full action; Free ones take none).",
            f"{CORE} p. 227-228",
        ),
        Rule(
            "ptu.cost.free",
            "A Free action takes none of the turn's actions but has its own limit: one with a "
            "Trigger once per Trigger, an Attack of Opportunity once a round.",
            f"{CORE} p. 227, 241",
        ),
        Rule(
            "ptu.action.full",
            "A Full action takes both the Standard and the Shift action of the turn (Take a "
            "Breather, Coup de Grâce, grapple contests, Full Action moves).",
            f"{CORE} p. 228",
        ),
        Rule(
            "ptu.action.extended-not-in-combat",
            "Extended actions (a few minutes of work) cannot be taken during combat; outside "
            "combat they take 2 minutes unless said otherwise.",
            f"{CORE} p. 228",
            reading="Outside combat the default duration is 2 minutes (setting "
            "extended_minutes).",
        ),
        Rule(
            "ptu.setup.free-start",
            "Drawing a weapon and sending out the first Pokémon cost no action in the set-up "
            "step before round 1; there is no such step in an ambush, and a Trainer caught "
            "off guard gets no free draw or send-out while the others (the ambushers) do.",
            f"{CORE} p. 227",
            reading="The free draw / send-out happens in a set-up step (setting ambush: true "
            "removes it).",
        ),
        Rule(
            "ptu.action.who",
            "Some actions belong to Trainers only (Poké Balls, Pokédex, items from a pack, "
            "weapons, Manipulate, handing items) and some to Pokémon only (picking up or "
            "dropping a held item).",
            f"{CORE} p. 227-228, 241",
        ),
        # ------------------------------------------------------------------ priority / interrupt
        Rule(
            "ptu.priority.not-acted",
            "A Priority action can be declared only by a combatant that has not acted yet "
            "this round; the user then takes its whole turn at once.",
            f"{CORE} p. 228",
            reading="'Has not already acted this turn' is read as 'this round'.",
        ),
        Rule(
            "ptu.priority.between-turns",
            "Priority actions are declared between turns, never in the middle of someone's turn.",
            f"{CORE} p. 228",
        ),
        Rule(
            "ptu.priority.limited",
            "After a Priority (Limited) action only that action has been taken early; the rest "
            "of the turn waits for the user's own initiative count.",
            f"{CORE} p. 228",
        ),
        Rule(
            "ptu.priority.advanced",
            "A Priority (Advanced) action may be declared even after acting; the user then "
            "takes a full turn now and loses its turn next round. That turn cannot be borrowed "
            "twice.",
            f"{CORE} p. 228",
            reading="After acting: a full turn now, the next round's turn forfeited, once.",
        ),
        Rule(
            "ptu.interrupt.during-turn",
            "Interrupts are declared in the middle of another combatant's turn and give only "
            "the Interrupt action itself.",
            f"{CORE} p. 228",
        ),
        Rule(
            "ptu.interrupt.turn-cost",
            "An Interrupt gives only the Interrupt action. Before the user has acted this "
            "round, its cost is paid from this round's actions and the rest of the turn stays "
            "on the user's count; after acting, the user gives up its turn next round. A turn "
            "already given up cannot be given up again.",
            f"{CORE} p. 228-229",
            reading="READINGS ptu (Interrupt accounting); setting interrupt_accounting: "
            "next_round makes a Pokémon's Interrupt always give up its next round's turn "
            "(the p. 229 note).",
        ),
        # ------------------------------------------------------------------ moves and attacks
        Rule(
            "ptu.move.known",
            "A combatant can only use Moves it knows.",
            f"{CORE} p. 227-228",
        ),
        Rule(
            "ptu.move.frequency",
            "A Move's frequency limits its use: EOT not in two rounds in a row, Scene xN "
            "N times an encounter; a Static move is never used as an action.",
            f"{CORE} p. 337",
        ),
        Rule(
            "ptu.attack.range",
            "The target must be in reach: melee attacks and maneuvers need an adjacent target, "
            "ranged ones a target within their range in metres.",
            f"{CORE} p. 240-243",
        ),
        Rule(
            "ptu.attack.target",
            "The target must be another combatant on the field.",
            f"{CORE} p. 240",
        ),
        Rule(
            "ptu.capture.wild-only",
            "A Poké Ball can only be thrown to capture a wild Pokémon.",
            f"{CORE} p. 214, 227",
        ),
        Rule(
            "ptu.capture.has-ball",
            "Throwing a Poké Ball needs one the Trainer carries, on hand or in the pack; "
            "the ball thrown is used up, whether it hits and captures or not.",
            f"{CORE} p. 214, 227",
            reading="A ball on hand is thrown first. Any item named a Poké Ball counts "
            "(pokeball, Poké Ball, poke_ball); other kinds of ball and their capture "
            "modifiers are not modelled.",
        ),
        Rule(
            "ptu.ap.spend",
            "A Trainer may spend 1 Action Point as a Free action for +1 on a roll, once per "
            "roll, if any are left (max 5 + 1 per 5 Trainer levels).",
            f"{CORE} p. 221",
        ),
        Rule(
            "ptu.pokedex.pokemon",
            "The Pokédex is pointed at a Pokémon on the field to identify it; a Trainer is no "
            "target for it.",
            f"{CORE} p. 227",
        ),
        Rule(
            "ptu.item.have",
            "Only items the Trainer carries can be used or handed over.",
            f"{CORE} p. 227",
        ),
        Rule(
            "ptu.item.in-hand",
            "Only a small item already on hand can be handed to an ally during a Shift; one "
            "in the pack must first be taken out, which costs a Standard action like "
            "retrieving an item to use it.",
            f"{CORE} p. 227",
        ),
        # ------------------------------------------------------------------ shift actions
        Rule(
            "ptu.shift.movement",
            "A movement Shift covers at most the combatant's movement speed in metres "
            "(+50% after a Sprint).",
            f"{CORE} p. 227, 243",
        ),
        Rule(
            "ptu.shift.one-movement",
            "Only one Shift a turn may be used for movement, whether the regular one or one "
            "traded for the Standard.",
            f"{CORE} p. 227",
            reading="At most one Shift per turn may move, whichever Shift.",
        ),
        Rule(
            "ptu.shift.hand-item",
            "A Trainer can hand a small item to another Trainer as part of a Shift if the two "
            "are adjacent at the start or at the end of the shift.",
            f"{CORE} p. 227",
            reading="Handing an item rides on a Shift that may also move.",
        ),
        Rule(
            "ptu.shift.stand-up",
            "Standing up is a Shift action for a Tripped combatant, and a Tripped combatant "
            "cannot move before standing up.",
            f"{CORE} p. 243, 248",
        ),
        # ------------------------------------------------------------------ switching
        Rule(
            "ptu.switch.own",
            "A Trainer recalls and releases only their own Pokémon; a Pokémon can switch only "
            "itself out, on its own turn.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.recall-range",
            "Outside League Battles a Pokémon can be recalled only within 8 m of its Trainer.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.fainted",
            "Replacing a fainted Pokémon is a Shift action with the release free; it only "
            "applies to a fainted Pokémon.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.not-same-round",
            "A Pokémon recalled this round cannot be released again in the same round.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.two-at-once",
            "Recalling or releasing two Pokémon at once is a Standard action; never more than two.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.league-no-command",
            "In a League Battle a Pokémon released by a Switch cannot be commanded for the rest "
            "of the round, unless the switch was forced or replaced a fainted Pokémon; it may "
            "still use Interrupts, at the cost of next round's turn.",
            f"{CORE} p. 229",
        ),
        Rule(
            "ptu.switch.has-pokemon",
            "Only Pokémon in their Poké Ball can be released and only Pokémon on the field "
            "can be recalled.",
            f"{CORE} p. 229",
        ),
        # ------------------------------------------------------------------ maneuvers
        Rule(
            "ptu.aoo.once-per-round",
            "Attack of Opportunity: a free Struggle attack as an Interrupt, once a round.",
            f"{CORE} p. 241",
        ),
        Rule(
            "ptu.aoo.status",
            "No Attack of Opportunity while Asleep, Flinched or Paralyzed.",
            f"{CORE} p. 241",
        ),
        Rule(
            "ptu.maneuver.dirty-trick",
            "Each Dirty Trick (Hinder, Blind, Low Blow) works once per Scene against a given "
            "target.",
            f"{CORE} p. 241",
        ),
        Rule(
            "ptu.maneuver.push",
            "A won Push moves the target 1 m straight away from the pusher. A pusher with "
            "movement left this turn may follow into each square the target leaves and push "
            "it again, a metre of its movement per further metre, until it stops, its "
            "movement runs out or something stands in the way.",
            f"{CORE} p. 240-243",
            reading="The one opposed check decides the whole push. Following is the "
            "pusher's moving Shift (it needs the Shift unspent, no movement yet this turn, "
            "and not being Tripped); by default a push goes as far as it can (metres sets "
            "less).",
        ),
        Rule(
            "ptu.grapple.contest",
            "Grapple contests (Dominance actions) are Full actions for combatants in a grapple.",
            f"{CORE} p. 242",
        ),
        Rule(
            "ptu.intercept.loyalty",
            "A Pokémon needs Loyalty 3 to Intercept for its Trainer and Loyalty 6 to Intercept "
            "for any ally.",
            f"{CORE} p. 242",
        ),
        Rule(
            "ptu.intercept.cannot-miss",
            "Attacks that cannot miss cannot be Intercepted.",
            f"{CORE} p. 242",
        ),
        Rule(
            "ptu.intercept.status",
            "No Intercept while Asleep, Confused, Enraged, Frozen, Stuck or Paralyzed.",
            f"{CORE} p. 242",
        ),
        Rule(
            "ptu.coup.target",
            "Coup de Grâce only targets a fainted or helpless (bound) combatant.",
            f"{CORE} p. 251",
        ),
        # ------------------------------------------------------------------ the fight
        Rule(
            "ptu.fight.affliction.paralyzed",
            "A Paralyzed combatant rolls a DC 5 save as its turn begins; on a failure it "
            "cannot act that turn.",
            f"{CORE} p. 247",
            reading="The save is rolled by the action that makes the turn begin; after a "
            "failed save the turn can only end (so its end-of-turn saves still come).",
        ),
        Rule(
            "ptu.fight.affliction.confused",
            "A Confused combatant rolls a save as its turn begins: 1-8 it hits itself with a "
            "typeless physical Struggle and its turn ends, 9-15 it acts, 16 or more cures it.",
            f"{CORE} p. 247",
            reading="After hitting itself its turn can only end.",
        ),
        Rule(
            "ptu.fight.affliction.infatuated",
            "An Infatuated combatant rolls a save as its turn begins: 1-10 it cannot target "
            "the one it is infatuated with that turn, 11-18 it acts, 19 or more cures it.",
            f"{CORE} p. 247",
        ),
        Rule(
            "ptu.fight.affliction.enraged",
            "An Enraged combatant's Standard action must be a damaging attack; a DC 15 save "
            "at the end of each turn cures it.",
            f"{CORE} p. 247",
            reading="It may still end its turn without spending the Standard action.",
        ),
        Rule(
            "ptu.fight.affliction.no-actions",
            "A Frozen, Asleep or Flinched combatant takes no actions: its turn can only end "
            "(its save checks come at the end of the turn; Flinched then runs out).",
            f"{CORE} p. 246-248",
        ),
        Rule(
            "ptu.fight.affliction.type-immune",
            "Some types cannot have some afflictions: Electric is never Paralyzed, Fire never "
            "Burned, Ice never Frozen, Poison and Steel never Poisoned, Ghost never Stuck or "
            "Trapped.",
            f"{CORE} p. 246-248",
            reading="The GM's set_status is refused too; a GM who means it clears the type.",
        ),
        Rule(
            "ptu.gm.only",
            "Game-master actions (starting or ending combat, damage, statuses, effects) belong "
            "to the GM seat.",
            f"{CORE} p. 226",
        ),
        *ROSTER_RULES,  # roster.py: the GM's roster commands mid-fight
    ],
)
