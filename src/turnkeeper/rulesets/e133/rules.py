"""The Element 133 rule catalogue: every rule id, explained in our own words, with its source.

Sources cite the "Action Economy" chapter of Element 133 (rules/002) by section heading;
facts it leans on without stating them come from the d20 / 5e conventions in
reference/e133.md. Where READINGS.md settles an ambiguity, the reading is recorded.
"""

from __future__ import annotations

from turnkeeper.core.model import Rule, RuleCatalogue
from turnkeeper.rulesets.e133.roster_rules import RULES as ROSTER_RULES

_AE = "Element 133, Action Economy"


def _r(rule_id: str, summary: str, section: str, reading: str = "") -> Rule:
    return Rule(f"e133.{rule_id}", summary, f"{_AE}: {section}", reading)


RULES: list[Rule] = [
    # ------------------------------------------------------------------ the round
    _r(
        "round.turn-order",
        "Turns follow the initiative order (d20 + modifier, or a fixed count; ties go to the "
        "higher modifier, then a roll-off), the same order every round; only the combatant "
        "whose turn it is can end it.",
        "The Combat Round",
    ),
    _r(
        "round.own-turn",
        "A combatant acts on its own turn; only reactions may be taken at other times.",
        "The Combat Round",
    ),
    _r(
        "round.duration",
        "An effect lasting a number of rounds stops just before the initiative count on which "
        "it started, that many rounds later; after that it cannot be used or dismissed.",
        "The Combat Round",
    ),
    _r(
        "round.surprised",
        "A surprised combatant has no turn in the surprise round: the round passes without it.",
        "The Combat Round; surprise as in reference/e133.md",
    ),
    # ------------------------------------------------------------------ economy
    _r(
        "economy.standard",
        "A normal round holds one standard action (plus a move action).",
        "Action Types",
    ),
    _r(
        "economy.move",
        "A normal round holds one move action, and another one may replace the standard action.",
        "Action Types",
    ),
    _r(
        "economy.move-for-standard",
        "A move action may always be taken in place of the standard action (a double move).",
        "Action Types",
        "Double move allowed (setting double_move: false forbids it); Dash is the full-round "
        "way to move twice the speed.",
    ),
    _r(
        "economy.full-round",
        "A full-round action takes the whole round: no standard or move action may have been "
        "used this turn, and none remain after it.",
        "Full-Round Action",
    ),
    _r(
        "free.own-turn",
        "Free actions are taken on one's own turn, alongside other actions.",
        "Free Action",
        "Only on one's own turn.",
    ),
    _r(
        "free.limit",
        "Free actions are unlimited unless the table sets a number per turn "
        "(setting free_actions_per_turn).",
        "Free Actions",
        "Unlimited by default; setting: a number per turn.",
    ),
    _r(
        "bonus.one-per-round",
        "One bonus action or one reaction per round, shared: using either uses the slot.",
        "Bonus Action",
    ),
    _r(
        "reaction.own-turn-is-bonus",
        "A reaction taken during one's own turn is that turn's bonus action.",
        "Reactions",
    ),
    _r(
        "reaction.charges-next-turn",
        "A reaction taken outside one's own turn uses up the coming turn's bonus action: no "
        "bonus action or reaction until that turn is over.",
        "Reactions",
        "The off-turn reaction is charged to the coming turn's bonus/reaction slot.",
    ),
    _r(
        "reaction.not-surprised",
        "A surprised combatant cannot take reactions (until its first turn).",
        "Reactions",
    ),
    # ------------------------------------------------------------------ restricted activity
    _r(
        "restricted.one-action",
        "Under restricted activity (a surprise round, or a restricting condition) a combatant "
        "gets a single standard action or a single move action, plus free actions.",
        "Restricted Activity",
    ),
    _r(
        "restricted.no-full-round",
        "Under restricted activity no full-round action can be taken (it can only be started "
        "or completed with a standard action).",
        "Restricted Activity",
    ),
    _r(
        "restricted.bonus",
        "A bonus action may still be taken during restricted activity.",
        "Restricted Activity",
        "Allowed by default (setting restricted_bonus: false forbids it).",
    ),
    _r(
        "full-round.as-standard",
        "A full-round action whose description allows it may be taken as a standard action, "
        "but only by someone limited to a single standard action this round.",
        "Full-Round Action",
    ),
    _r(
        "full-round.start",
        "A standard action can start a full-round action, but never a full attack, a charge, "
        "a dash or a withdraw.",
        "Start/Complete Full-Round Action",
        "Works in any round, not only restricted ones.",
    ),
    _r(
        "full-round.complete",
        "A started full-round action is completed with a standard action in the following "
        "round; if it is not completed then, it is lost.",
        "Start/Complete Full-Round Action",
        "Not completed in the following round = lost.",
    ),
    # ------------------------------------------------------------------ attacks of opportunity
    _r(
        "aoo.reaction",
        "An attack of opportunity is a single melee attack, taken as a reaction, by an enemy "
        "that threatens the combatant whose action provoked it, right after that action.",
        "Attacks of Opportunity",
        "Who threatens: with positions, every enemy able to react whose drawn melee weapon "
        "(or natural reach of 5 ft, without set-up weapons) reaches the square; a reach weapon "
        "threatens farther, a ranged or sheathed one not at all. Without positions, the "
        "enemies the action names (threatened_by, leaves_threatened_by).",
    ),
    _r(
        "aoo.melee-weapon",
        "An attack of opportunity is a melee attack: a ranged weapon makes none.",
        "Attacks of Opportunity",
    ),
    _r(
        "aoo.once",
        "Each threatening enemy gets one attack of opportunity per provoking action.",
        "Attacks of Opportunity",
    ),
    _r(
        "aoo.table",
        "Whether an action itself provokes is listed in the standard and move action tables "
        "(melee attack no, ranged or unarmed attack yes, casting yes, and so on).",
        "Table: Standard Actions; Table: Move Actions",
        "'Use skill: usually' provokes unless the skill says it does not.",
    ),
    _r(
        "aoo.leaving-square",
        "Moving out of a threatened square provokes from the enemies threatening it, whatever "
        "the action (note 1), except by a 5-foot step, after Disengage, or from a withdraw's "
        "start square.",
        "Table: Standard Actions, note 1",
        "Leaving a threatened square always provokes except for those three cases.",
    ),
    _r(
        "aoo.aid-another",
        "Aiding another provokes exactly when the aided action would provoke (note 2).",
        "Table: Standard Actions, note 2",
    ),
    _r(
        "aoo.sunder-object",
        "Sundering an object provokes only if a creature holds, carries or wears it (note 3).",
        "Table: Standard Actions, note 3",
    ),
    # ------------------------------------------------------------------ standard actions
    _r("attack.standard", "An attack is a standard action.", "Attack"),
    _r(
        "attack.extra-attack",
        "A combatant with Extra Attack (attacks per attack action > 1) makes that many attacks "
        "for one attack action; then the action is spent.",
        "Multiple Attacks",
    ),
    _r(
        "attack.reach",
        "With positions, a melee attack reaches only a target within the attacker's reach: "
        "the named weapon's, else its longest drawn melee weapon's, and at least 5 feet; a "
        "charge's attack counts from where the charge ends.",
        "Attacks of Opportunity (\"within your reach\"); reference/e133.md (5-foot squares)",
        "Reach counts every square within it (the 5e reading); diagonals per the setting "
        "diagonals (5e: 5 ft each; d20: 5-10-5).",
    ),
    _r(
        "attack.full-attack",
        "A full attack is a full-round action: its first attack is rolled with it (hit, "
        "critical, damage, drop, like an attack), and the rest of the attack action's attacks "
        "follow as further attacks that cost nothing more.",
        "Full-Round Actions; Multiple Attacks; Start/Complete Full-Round Action",
        "The text names the full attack as a full-round action without defining it; its "
        "attacks are the attack action's (Extra Attack).",
    ),
    _r(
        "attack.charge",
        "A charge is a full-round action that moves up to twice the land speed and ends with "
        "one melee attack on the charged enemy, rolled like an attack.",
        "Full-Round Actions; Start/Complete Full-Round Action",
        "The text names the charge without defining it: the d20 SRD's movement (up to twice the "
        "speed) and single melee attack; the SRD's +2 attack / -2 AC are not applied (give "
        "attack_bonus to apply them).",
    ),
    _r(
        "cover",
        "Cover adds +1 (quarter), +2 (half) or +3 (three-quarters) to AC and Dexterity saves; "
        "a target behind total cover cannot be targeted.",
        "Hide",
    ),
    _r("cast.standard", "Casting a spell or program takes its casting time (usually a "
       "standard action) and provokes.", "Cast a Spell or Program"),
    _r(
        "cast.concentration-one",
        "Only one ability can be concentrated on at a time.",
        "Concentration",
        "A second concentration ability is refused until the first is dismissed.",
    ),
    _r(
        "cast.cannot-concentrate",
        "An ability needing concentration cannot be used by someone who cannot concentrate "
        "(incapacitated, or stunned, unconscious, paralyzed or petrified, which include it).",
        "Concentration",
    ),
    _r(
        "concentrate.maintain",
        "Concentrating to keep an ability going is a standard action that does not provoke.",
        "Concentration",
    ),
    _r(
        "concentrate.lapse",
        "An ability needing concentration ends at the end of a turn in which its holder did not "
        "concentrate on it.",
        "Concentration",
        "Ends at the end of any turn without the concentrate standard action.",
    ),
    _r(
        "concentrate.check",
        "When something interferes, a Concentration check (d20 + bonus against the DC of the "
        "threat) keeps the effort; a failure loses it with no effect.",
        "Concentration",
    ),
    _r(
        "concentrate.dismiss",
        "Dismissing an active ability is a free action and never provokes.",
        "Ending Concentration",
        "Free action (as the text says), though the table lists it among standard actions.",
    ),
    _r("item.activate", "Activating an item is a standard action; it does not provoke "
       "unless it is a potion or elixir.", "Activate Item"),
    _r("item.potion", "Drinking a potion or applying an elixir is a standard action that "
       "provokes.", "Table: Standard Actions"),
    _r(
        "item.manipulate",
        "Retrieving or putting away a stored item, moving a heavy object and loading heavy "
        "ammunition are move actions that provoke.",
        "Manipulate an Item",
    ),
    _r(
        "item.pick-up",
        "Picking up an item is a move action that provokes.",
        "Table: Move Actions",
        "The table wins over the free-action list (setting free_list_wins: true makes it, "
        "and retrieving a stored item, free).",
    ),
    _r(
        "ability.special",
        "A special ability takes the action its description gives (usually a standard action).",
        "Use Special Ability",
    ),
    _r(
        "ability.uses",
        "An ability with limited uses cannot be used once they are spent; a disrupted "
        "spell-like use still counts.",
        "Spell-Like Abilities",
    ),
    _r(
        "ability.spell-like",
        "A spell-like ability works like casting: it needs concentration, provokes and can be "
        "disrupted; a disrupted attempt fails but counts as used.",
        "Spell-Like Abilities",
    ),
    _r(
        "ability.supernatural",
        "A supernatural ability cannot be disrupted, needs no concentration and does not "
        "provoke.",
        "Supernatural Abilities",
    ),
    _r(
        "ability.extraordinary",
        "An extraordinary ability cannot be disrupted, needs no concentration and does not "
        "provoke; most are not actions at all.",
        "Extraordinary Abilities",
    ),
    _r("disengage", "Disengage is a standard action; the rest of the turn, movement does not "
       "provoke.", "Disengage"),
    _r(
        "dodge",
        "Dodge is a standard action: until the start of your next turn, attacks against you "
        "have disadvantage if you see the attacker and your Dexterity saves have advantage.",
        "Dodge",
    ),
    _r(
        "dodge.lost",
        "Dodge gives nothing to someone incapacitated or at speed 0 (and ends if that happens).",
        "Dodge",
    ),
    _r("reload", "Reloading takes the weapon's reload time, usually a standard action.",
       "Reload a Weapon"),
    _r(
        "ready",
        "Ready is a standard action: name a trigger and an action taking a standard action or "
        "less, or movement up to your speed.",
        "Ready",
        "The readied action is one taking a standard action or less, or movement up to speed.",
    ),
    _r(
        "ready.fire",
        "A readied action is taken as a reaction when its trigger happens (or the trigger is "
        "ignored).",
        "Ready",
    ),
    _r(
        "ready.expires",
        "A readied action stands until used or until the start of the readier's next turn.",
        "Ready",
        "An ignored trigger leaves it standing until then.",
    ),
    _r("action.aid-another", "Aid another is a standard action.", "Table: Standard Actions"),
    _r("action.bull-rush", "A bull rush is a standard action that provokes.",
       "Table: Standard Actions"),
    _r("action.overrun", "An overrun is a standard action that does not provoke.",
       "Table: Standard Actions"),
    _r("action.feint", "A feint is a standard action that does not provoke.",
       "Table: Standard Actions"),
    _r("action.escape-grapple", "Escaping a grapple is a standard action that does not "
       "provoke.", "Table: Standard Actions"),
    _r("action.light-torch", "Lighting a torch is a standard action that provokes.",
       "Table: Standard Actions"),
    _r("action.stabilize", "Making a dying friend stable is a standard action that provokes.",
       "Table: Standard Actions"),
    _r("action.read-document", "Reading a document is a standard action that provokes.",
       "Table: Standard Actions"),
    _r("action.total-defense", "Total defense is a standard action that does not provoke.",
       "Table: Standard Actions"),
    _r("action.draw-hidden-weapon", "Drawing a hidden weapon is a standard action that does "
       "not provoke.", "Table: Standard Actions"),
    _r("action.sunder", "Sundering is an attack (standard action); a weapon sunder provokes.",
       "Table: Standard Actions"),
    _r(
        "skill",
        "Using a skill takes the action the skill gives (usually a standard action).",
        "Use Skill",
    ),
    _r(
        "skill.other-times",
        "A skill whose description says so is used as a reaction (also off one's turn, paying "
        "the bonus / reaction slot) or with no action at all; such a use takes no action, so "
        "it does not provoke, and it leaves an open window of attacks of opportunity as it is.",
        "Use Skill",
        "The text allows skill uses of other times than the actions ('something else "
        "entirely'); they get the times Use Feature has. Only a skill use that takes an action "
        "usually provokes (READINGS); a no-action use on one's own turn provokes only when "
        "the skill says so (provokes: true).",
    ),
    _r("feature", "A feature is used as its description says, only by someone who has it.",
       "Use Feature"),
    # ------------------------------------------------------------------ movement
    _r(
        "move.speed",
        "A move action moves up to your speed; the movement may be split around your other "
        "actions within the turn.",
        "Move; Breaking Up Your Move",
    ),
    _r(
        "move.speeds-switch",
        "Switching speeds during a move: the distance already moved is subtracted from the new "
        "speed; at 0 or less the new speed cannot be used in this move.",
        "Using Different Speeds",
    ),
    _r(
        "move.listed-speed",
        "You can only move with a mode of movement you have a speed for (climbing, swimming "
        "and jumping fall back on the land speed).",
        "Using Different Speeds",
    ),
    _r("move.difficult-terrain", "Difficult terrain costs double: you cover half your speed.",
       "Move"),
    _r(
        "move.climb-swim",
        "Climbing or swimming without a climb or swim speed covers half your speed.",
        "Move",
    ),
    _r(
        "move.accelerated",
        "Accelerated climbing or swimming covers your whole speed at -5 on the check.",
        "Accelerated Climbing and Swimming",
    ),
    _r("move.jump", "Jumping is movement within a move action, paid from the land speed.",
       "Move"),
    _r("move.crawl", "Crawling moves 5 feet as a move action and provokes from every enemy "
       "threatening you along the way.", "Crawling"),
    _r("move.stand-up", "Standing up from prone is a move action that uses half your speed "
       "and provokes.", "Stand Up"),
    _r(
        "move.difficult-5ft",
        "Someone who cannot even move 5 feet through difficult terrain may spend a full-round "
        "action to move 5 feet; it is not a 5-foot step and provokes.",
        "Move 5 Feet through Difficult Terrain",
        "Only for someone who cannot otherwise move 5 ft.",
    ),
    _r(
        "vehicle.pilot",
        "Piloting a vehicle is a move action that moves up to the vehicle's speed and provokes.",
        "Pilot Vehicle",
    ),
    _r(
        "vehicle.concentration",
        "A vehicle that needs concentration to pilot (set-up vehicle_concentration) is piloted "
        "only by someone able to concentrate and not already concentrating on an ability; "
        "once piloted, no spell needing concentration is cast beside it.",
        "Pilot Vehicle; Concentration",
        "Piloting it counts as the one thing concentrated on, from the pilot action until the "
        "pilot's next turn starts (or it leaves the vehicle).",
    ),
    _r("vehicle.no-dash", "You cannot dash in a vehicle.", "Pilot Vehicle; Dash"),
    _r("vehicle.enter-exit", "Entering or exiting a vehicle is a move action that does not "
       "provoke.", "Mount/Dismount a Steed or Enter/Exit Vehicle"),
    _r(
        "vehicle.fast",
        "Fast enter/exit: a free action with a DC 18 Navigation check (armour check penalty "
        "applies); a failure makes it a move action; only tried if it could be done as a move "
        "action this round.",
        "Fast Enter or Exit Vehicle",
    ),
    _r("vehicle.start", "Starting or parking a vehicle is a bonus action.", "Start Vehicle"),
    _r("vehicle.hotwire", "Hotwiring or difficult parking is a standard action with a skill "
       "check.", "Start Vehicle"),
    _r("vehicle.trigger", "Triggering a bomb, trap or weapon system is a bonus action.",
       "Trigger Bomb or Trap"),
    _r("mount.mount-dismount", "Mounting or dismounting is a move action that does not "
       "provoke.", "Mount/Dismount a Steed or Enter/Exit Vehicle"),
    _r("mount.frightened", "Controlling a frightened mount is a move action that provokes.",
       "Table: Move Actions"),
    _r("weapon.draw", "Drawing a weapon (or bomb or trap within reach) is a move action that "
       "does not provoke; drawing ammunition is a free action.", "Draw or Sheathe a Weapon"),
    _r("weapon.draw-with-move", "With base attack bonus +1 or more, a weapon can be drawn as a "
       "free action as part of a regular move.", "Draw or Sheathe a Weapon"),
    _r("weapon.two-weapon", "Two-Weapon fighting lets you draw two light or one-handed weapons "
       "in the time of one.", "Draw or Sheathe a Weapon"),
    _r("weapon.stored", "A weapon stored out of easy reach is drawn like retrieving a stored "
       "item (move action, provokes).", "Draw or Sheathe a Weapon"),
    _r("weapon.sheathe", "Sheathing a weapon is a move action that provokes.",
       "Draw or Sheathe a Weapon"),
    _r("shield.ready-loose", "Strapping on or unstrapping and dropping a shield is a move "
       "action that does not provoke; strapped on, the shield adds its shield bonus to AC, "
       "carried or loosed it adds nothing.", "Ready or Loose a Shield",
       "The bonus is the set-up's shield_bonus (default 0: none given, as the text names no "
       "number; 5e's shield is +2), added to the set-up's ac, which is the AC without it; a "
       "shield worn from the start has it at once."),
    _r("shield.drop", "Dropping a carried (not worn) shield is a free action.",
       "Ready or Loose a Shield"),
    # ------------------------------------------------------------------ withdraw
    _r("withdraw.full-round", "Withdraw is a full-round action; you lose your Dexterity bonus "
       "to AC until the start of your next turn.", "Withdraw",
       "The Dexterity loss lasts until the start of the next turn."),
    _r("withdraw.distance", "A withdraw moves up to 4× your speed (3× in heavy armour).",
       "Withdraw"),
    _r("withdraw.straight", "A withdraw goes in a straight line.", "Withdraw"),
    _r("withdraw.once", "Withdraw can be taken once per combat encounter.", "Withdraw"),
    _r("withdraw.blinded", "You cannot withdraw while blinded.", "Withdraw"),
    _r("withdraw.listed-speed", "You cannot withdraw with a movement mode you have no speed "
       "for.", "Withdraw"),
    _r("withdraw.no-step", "No 5-foot step in the round you withdraw.", "Withdraw"),
    _r(
        "withdraw.start-square",
        "Leaving the withdraw's start square does not provoke from enemies you can see; "
        "invisible enemies, and threatened squares passed later, still provoke.",
        "Withdraw",
    ),
    _r("withdraw.restricted", "Limited to a standard action, you can withdraw as a standard "
       "action up to 2× your speed.", "Restricted Withdraw"),
    # ------------------------------------------------------------------ dash
    _r("dash.full-round", "Dash is a full-round action.", "Dash"),
    _r("dash.distance", "A dash moves up to twice your speed.", "Dash"),
    _r("dash.no-step", "No 5-foot step in a round you dash, unless you have the Run feature.",
       "Dash", "With the Run feature the 5-foot step is kept."),
    _r(
        "dash.endurance",
        "You can dash for as many consecutive rounds as your Constitution score; after that "
        "each round needs a Constitution check, DC 10 +1 per check already made; a failure "
        "stops you.",
        "Dash",
        "A round without a dash resets the count and the DC.",
    ),
    _r(
        "dash.rest",
        "After failing, you rest 10 rounds (the failed round is the first): no dash, and no "
        "more than your speed per round.",
        "Dash",
        "The round of the failed check is the first of the 10 rest rounds.",
    ),
    _r("dash.terrain", "You cannot dash across difficult terrain or when you cannot see where "
       "you are going.", "Dash"),
    _r("dash.listed-speed", "You cannot dash with a movement mode you have no speed for.",
       "Dash"),
    # ------------------------------------------------------------------ 5-foot step
    _r("five-foot-step.once", "At most one 5-foot step per round.", "Take 5-Foot Step"),
    _r(
        "five-foot-step.forbidden",
        "A full-round action or ability whose definition forbids the 5-foot step (flag no_step) "
        "allows no 5-foot step in its round: not after it, and it is refused after one.",
        "Full-Round Action; Take 5-Foot Step",
    ),
    _r(
        "five-foot-step.no-other-movement",
        "No 5-foot step in a round in which you move any distance, and no other movement after "
        "one.",
        "Take 5-Foot Step",
    ),
    _r("five-foot-step.terrain", "No 5-foot step through difficult terrain or in darkness.",
       "Take 5-Foot Step"),
    _r("five-foot-step.slow", "No 5-foot step with a speed of 5 feet or less.",
       "Take 5-Foot Step"),
    _r("five-foot-step.listed-speed", "No 5-foot step with a mode of movement you have no "
       "speed for.", "Take 5-Foot Step"),
    _r("five-foot-step.no-provoke", "A 5-foot step never provokes.", "Take 5-Foot Step"),
    # ------------------------------------------------------------------ bonus actions
    _r(
        "hide",
        "Hide is a bonus action: a Dexterity (Stealth) check, with the cover you hide behind. "
        "Success makes you unseen (5e, Unseen Attackers and Targets): your attack rolls have "
        "advantage, attack rolls against you disadvantage, and your attack, hit or miss, "
        "gives your place away, so you are no longer hidden.",
        "Hide",
        "The benefit is on by default (setting hide_benefits: false leaves hidden a record "
        "for the game master to rule on). Nobody sees a hidden attacker, so a dodger's "
        "disadvantage does not apply to it; an attack on a hidden target is taken as aimed at "
        "the right square (a wrong guess is the game master's to rule). Any advantage with "
        "any disadvantage is a plain roll.",
    ),
]

# ------------------------------------------------------------------ the fight
# rules/002 leans on d20 SRD / 5e hit points without stating them; the project states them
# in reference/e133.md, "Hit points and damage" (docs/rulesets/e133-fight.md).
_HP = "reference/e133.md, Hit points and damage (d20 SRD / 5e)"


def _f(rule_id: str, summary: str, reading: str = "") -> Rule:
    return Rule(f"e133.fight.{rule_id}", summary, _HP, reading)


RULES += [
    _f("hp.temporary-first", "Temporary hit points are a pool apart from the current hit "
       "points (which never exceed the maximum); damage takes them first."),
    _f("hp.temporary-no-stack", "Temporary hit points do not add up: a new grant replaces the "
       "pool only when it is larger.", "A grant no larger than the pool changes nothing and "
       "is refused as such."),
    _f("attack.hit", "An attack roll hits when d20 + attack bonus reaches the target's AC "
       "(cover added); a hit deals the attack profile's damage (dice + modifier, a type)."),
    _f("attack.naturals", "A natural 1 on the attack die always misses and a natural 20 always "
       "hits, whatever the bonus and the AC."),
    _f("attack.crit", "A natural 20 is a critical hit: every damage die of the attack is rolled "
       "twice and the modifier added once."),
    _f("damage.resist", "Resistance to the damage's type halves it, rounded down.",
       "With resistance and vulnerability to one type, resistance applies first."),
    _f("damage.vulnerable", "Vulnerability to the damage's type doubles it."),
    _f("damage.immune", "Immunity to the damage's type makes it 0.", "Damage a game master "
       "applies of a type the target is immune to changes nothing and is refused as such."),
    _f("drop.at-zero", "At 0 hit points a combatant drops: unconscious, rolling death saves "
       "(the default setting drop_rule: death_saves)."),
    _f("drop.down-means-out", "With the setting drop_rule: down_means_out, 0 hit points takes "
       "the combatant out of the fight at once: no death saves, no healing back."),
    _f("drop.no-actions", "A combatant that is not up takes no actions and no reactions.",
       "A dropped combatant keeps its turns: each opens with its death save and it may only "
       "end it; a stable, dead or out combatant's turns are skipped."),
    _f("death.save", "At the start of each of its turns a dropped combatant rolls a d20: 10 or "
       "more is a success, 9 or less a failure."),
    _f("death.naturals", "A natural 20 on a death save brings the combatant back with 1 hit "
       "point; a natural 1 counts as two failures."),
    _f("death.three", "Three death-save successes make a dropped combatant stable; three "
       "failures kill it.", "A natural 1 on two failures ends at dead (three)."),
    _f("death.damage-at-zero", "Damage to a combatant at 0 hit points is one death-save failure "
       "(two from a critical hit).", "Damage to a stable combatant counts the same and "
       "makes it roll again."),
    _f("death.massive", "Damage at 0 hit points that is at least the maximum hit points kills "
       "outright.", "Also a hit whose damage left over after reaching 0 is at least the "
       "maximum (the 5e reading)."),
    _f("heal.revives", "Healing a dropped or stable combatant brings it back conscious, its "
       "death-save tallies cleared."),
    _f("heal.max", "Healing never takes hit points above the maximum.", "Healing a combatant "
       "already at its maximum changes nothing and is refused as such."),
    _f("heal.not-dead", "The dead, and those out under down_means_out, cannot be healed back "
       "into the encounter."),
    _f("flee", "A combatant may flee the encounter by withdrawing out of it (every rule of "
       "Withdraw applies); once fled it takes no turns, actions or reactions and no longer "
       "counts for its side.", "Fleeing is the Withdraw action (Element 133, Action Economy: "
       "Withdraw) carried off the field; the reference lists fled among the ways a side "
       "leaves the fight."),
    _f("outcome.one-side-left", "The encounter is over when every combatant of every side but "
       "one is dropped, stable, dead, out, fled or down; no action is taken after that.",
       "When nobody is left the encounter ends with no winner."),
]

RULES += ROSTER_RULES  # roster.py: the game master's roster commands mid-fight

CATALOGUE = RuleCatalogue("e133", RULES)
