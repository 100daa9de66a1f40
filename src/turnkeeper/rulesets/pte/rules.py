"""The rule catalogue of ``pte``: every rule id, explained in the project's words, with its source.

Source of every rule: Pokémon Tabletop Evolution (PTE), chapter 5 "System Fundamentals - Taking
Action" (the project's copy is ``rules/001_*.txt``). Section names below are the chapter's
headings: "Skill Checks", "Skill Powers" and "Action Types". Readings follow the ``pte`` section
of the design's READINGS.md.
"""

from __future__ import annotations

from turnkeeper.core.model import Rule, RuleCatalogue

CHECKS = "PTE ch. 5, Skill Checks"
POWERS = "PTE ch. 5, Skill Powers"
TIMES = "PTE ch. 5, Action Types"

RULES = RuleCatalogue(
    "pte",
    [
        # ---------------------------------------------------------------- basic checks
        Rule(
            "pte.check.basic",
            "A skill check rolls one d6 per step of the character's rank in the skill (Pathetic 1 "
            "up to Master 6), adds bonuses and modifiers, and succeeds when the total meets the "
            "DC. A check must use the rank the character actually has.",
            CHECKS,
            "Ranks as in PTU (Pathetic 1 .. Master 6 dice); a skill missing from a sheet is "
            "Untrained. Totals pushed below zero are not floored. Degree of the result by "
            "|total - DC|: 0-2 moderate, 3-5 significant, 6 or more glowing success (at or above "
            "the DC) or catastrophe (below it).",
        ),
        Rule(
            "pte.circumstance.one-die",
            "Each mitigating circumstance the GM applies is worth exactly one d6, added (it "
            "helps) or subtracted (it hinders); list two circumstances to get two dice.",
            CHECKS,
        ),
        Rule(
            "pte.circumstance.no-double-count",
            "The same circumstance counts once: a modifier already built into a Skill Power does "
            "not stack with a GM die for that circumstance, and a circumstance is not listed "
            "twice.",
            POWERS,
            "A Skill Power's built-in circumstance modifier does not stack with a GM die for the "
            "same circumstance (READINGS).",
        ),
        Rule(
            "pte.synergy.half-rank",
            "Synergy: a secondary skill the GM accepts adds half its rank (rounded down) to the "
            "total; the skill being rolled cannot be its own secondary skill.",
            CHECKS,
            "Halves round down (READINGS).",
        ),
        Rule(
            "pte.synergy.one-skill",
            "Synergy comes from one secondary skill at a time, never from two.",
            CHECKS,
        ),
        # ---------------------------------------------------------------- kinds of checks
        Rule(
            "pte.team.check",
            "Team check: several participants (two or more, each once) share one task with no "
            "primary actor; the DC is multiplied by the number of people the task normally needs, "
            "everyone rolls, and the sum of all the checks is compared to that team DC. With no "
            "primary actor, no participant is assisted: whoever would help takes part instead. A "
            "character calls a team check only as one of its participants (the GM may call any).",
            CHECKS,
        ),
        Rule(
            "pte.assist.helper-rank",
            "Assisted check: the primary actor rolls and adds half (rounded down) of the helper's "
            "rank in the same skill; the helper needs at least Novice in that skill.",
            CHECKS,
            "Halves round down (READINGS).",
        ),
        Rule(
            "pte.assist.one-helper",
            "An assisted check has one helper, who is someone other than the primary actor.",
            CHECKS,
            "One assisting helper per check (READINGS).",
        ),
        Rule(
            "pte.extended.multiplier",
            "Extended check: the DC is multiplied by 2 (simple, tedious) to 5 (most elaborate) to "
            "give the extended DC; no other multiplier.",
            CHECKS,
        ),
        Rule(
            "pte.extended.action-time",
            "Each roll toward an extended check takes at least an Extended Action (S): an "
            "Extended (S), an Extended (L) or a Downtime action.",
            CHECKS,
            "Each roll of an extended check takes at least an Extended Action (S); the rolls add "
            "up toward the extended DC (READINGS).",
        ),
        Rule(
            "pte.extended.owner",
            "An extended check is one character's: only the character who started it rolls "
            "toward it; anyone else takes part as that roller's assisting helper.",
            CHECKS,
            "The text ties an extended check to one roller (its roll limit is that roller's "
            "rank in the skill), so a second character rolling toward the same running total "
            "is not allowed; help comes through an assisted roll (project reading).",
        ),
        Rule(
            "pte.extended.attempt-limit",
            "If an extended check can fail, the running total must reach the extended DC within "
            "as many rolls as the roller's rank in the skill; once the DC is reached or the rolls "
            "run out, the check is over.",
            CHECKS,
        ),
        Rule(
            "pte.opposed.tie-defender",
            "Opposed check: both sides roll, the higher result wins, and a tie goes to the "
            "defender (whoever keeps the status quo); one cannot oppose oneself.",
            CHECKS,
        ),
        # ---------------------------------------------------------------- Take X
        Rule(
            "pte.take.fixed-dice",
            "Take X (X from 1 to 6): instead of rolling, every die counts as X, so the dice give "
            "rank x X; circumstance dice count as X too.",
            POWERS,
            "Take X also fixes circumstance dice at X (READINGS).",
        ),
        Rule(
            "pte.take.calm",
            "Take X only when the character is neither threatened nor distracted.",
            POWERS,
        ),
        Rule(
            "pte.take.time",
            "Taking X costs time: X up to 3 needs 6 times the normal time, X up to 6 needs 30 "
            "times, unless a Skill Power grants that specific Take X.",
            POWERS,
            "Any X <= 3 needs 6x the time, any X <= 6 needs 30x, unless a power grants a specific "
            "Take X (READINGS). A combat turn cannot stretch, so in combat only a power's Take X "
            "is possible (project reading).",
        ),
        Rule(
            "pte.take.action-type",
            "Never Take X on a Free or an Interrupt action, unless a source (a Skill Power) says "
            "so.",
            POWERS,
        ),
        # ---------------------------------------------------------------- skill powers
        Rule(
            "pte.power.min-rank",
            "A Skill Power is available only to a character with at least its minimum rank in "
            "its skill.",
            POWERS,
        ),
        # ---------------------------------------------------------------- time
        Rule(
            "pte.time.downtime-phase",
            "Downtime actions happen only in the Downtime phase.",
            TIMES,
        ),
        Rule(
            "pte.time.downtime-length",
            "A Downtime action lasts from 2 to 4 hours.",
            TIMES,
            "Downtime actions last 2-4 hours (validated) (READINGS).",
        ),
        Rule(
            "pte.time.extended-length",
            "An Extended Action (S) lasts 1 to 30 minutes, an Extended Action (L) 30 to 60 "
            "minutes.",
            TIMES,
        ),
        Rule(
            "pte.time.extended-not-in-combat",
            "Extended actions take too long for combat (and so do Downtime actions).",
            TIMES,
        ),
        Rule(
            "pte.time.aid-scales",
            "Extended and Downtime actions offered as aid to someone else's ongoing action of the "
            "same type and size stretch to the same duration; aid of another type or size is "
            "still allowed but keeps its own length. There must be an action under way to aid, "
            "and it must be another character's.",
            TIMES,
            "'Similar actions' that scale to aid are actions of the same type and size; aid of "
            "another type or size is still allowed, it just does not stretch (READINGS).",
        ),
        Rule(
            "pte.time.packing",
            "Two Extended Actions (S) fit in the space of one Extended Action (L), and two (L) in "
            "one Downtime action; in the Downtime phase a character's actions must fit in the "
            "Downtime actions the GM scheduled.",
            TIMES,
            "An Extended action's size follows its final length: an (S) stretched past 30 minutes "
            "(by Take X) packs and aids as an (L), past an hour as a Downtime action (project "
            "reading, issue 12).",
        ),
        Rule(
            "pte.time.listed-duration",
            "An action that lists its own length (such as 1d4 rounds) lasts that many 10-second "
            "rounds; in combat it takes the actor's whole turn and their following turns until "
            "it ends, and they can do nothing else meanwhile.",
            TIMES,
            "The first round is the turn it starts in; a rolled length (1d4) is rolled when the "
            "action starts (project reading).",
        ),
        Rule(
            "pte.combat.own-turn",
            "In combat, outside one's own turn only Interrupt actions (and Free actions answering "
            "a trigger) may be taken.",
            TIMES,
            "Actions other than Interrupt and triggered Free actions are refused outside one's "
            "own turn (READINGS).",
        ),
        Rule(
            "pte.economy.turn",
            "In combat each combatant's turn is their budget for the round: once a Full action "
            "or an action of listed rounds has filled it, nothing else but Free and Interrupt "
            "actions fits in it.",
            TIMES,
            "A refusal because the turn is used up names this rule first, with what used it, "
            "and the rule of the action that filled it in 'also'.",
        ),
        Rule(
            "pte.combat.full-action",
            "A Full action fills a whole round (10 seconds) of the actor's turn: it needs a turn "
            "in which no Standard or other Full action has been taken.",
            TIMES,
        ),
        Rule(
            "pte.combat.full-interrupt",
            "A Full Action and an Interrupt takes the actor's whole turn out of initiative order "
            "(outside their own turn), and their next turn is skipped when the order reaches it; "
            "it cannot be taken again while that skip is pending.",
            TIMES,
        ),
        # ---------------------------------------------------------------- the scene
        Rule(
            "pte.scene.phases",
            "A scene is in one phase at a time: free play, combat (rounds of 10 seconds in "
            "initiative order) or downtime; turns exist only in combat, and the scene clock moves "
            "by the actions' durations outside combat and by rounds inside it.",
            TIMES,
        ),
        Rule(
            "pte.scene.gm-controls",
            "Only the GM changes the phase, schedules downtime, moves the clock, marks "
            "characters threatened or distracted, prepares tasks and answers check requests.",
            CHECKS,
        ),
        Rule(
            "pte.scene.gm-sets",
            "The DC, the circumstance dice, which secondary skill lends synergy and whether a "
            "character may Take X are the GM's to set; a player names the task and the skill. "
            "A check on a task the GM prepared takes them from the task, and may not set them "
            "itself.",
            CHECKS,
            "The DC, circumstance dice, approval of synergy and permission to Take X are the "
            "GM's; a player seat that sends them is refused by the server (READINGS). The GM "
            "prepares named tasks (set-up `tasks`, `prepare_task`) or answers a player's "
            "`request_check` with `answer_check`.",
        ),
    ],
)
