"""The ptcg rule catalogue: every rule that allows or refuses an action, in the project's words.

Sources: "TR" is the EX-era rulebook's turn steps (shared/rules/003, Dutch edition, step
numbers as printed); "REF" is shared/reference/ptcg-ex.md (the rest of the EX-era game);
"READINGS" is the project's binding readings (shared/design/READINGS.md, ptcg section).
"""

from __future__ import annotations

from turnkeeper.core.model import Rule, RuleCatalogue

TR = "PTCG EX rulebook (NL), turn step"
REF = "PTCG EX reference (ptcg-ex.md)"

RULES = RuleCatalogue(
    "ptcg",
    [
        # -- whose move, and which part of the game
        Rule(
            "ptcg.turn.order",
            "Only the player whose turn it is (or who must decide now) may act.",
            f"{REF}, A turn",
        ),
        Rule(
            "ptcg.turn.phase",
            "Each part of the game has its own actions: placing Pokémon during setup, "
            "promoting after a Knock Out, answering a card's choice, the turn's actions.",
            # TR 2: a Knocked Out Active is replaced at once, before anything else
            f"{REF}, Setup; Damage (promotion); {TR} 2",
        ),
        Rule(
            "ptcg.turn.draw-step",
            "Cards are drawn in the turn's first step, by the turn itself; a player never "
            "draws as an action of their own (only a card effect draws more).",
            f"{TR} 1; {REF}, A turn",
        ),
        Rule(
            "ptcg.turn.promote-from-bench",
            "After a Knock Out the new Active comes from the Bench, never from the hand.",
            f"{TR} 2; {REF}, Damage (promotion)",
        ),
        # -- setup
        Rule(
            "ptcg.setup.basic-only",
            "Only Basic Pokémon may be put face down as Active or on the Bench during setup.",
            f"{REF}, Setup step 4",
        ),
        Rule(
            "ptcg.setup.need-active",
            "A player must put an Active Pokémon down before finishing setup.",
            f"{REF}, Setup step 4",
        ),
        # -- cards and targets
        Rule(
            "ptcg.card.in-hand",
            "A card is played from its owner's hand; it must be there.",
            f"{TR} 2-5",
        ),
        Rule(
            "ptcg.card.wrong-kind",
            "Each way of playing a card needs the right kind of card (Energy to attach, "
            "Basic to bench, Evolution to evolve, Trainer to play).",
            f"{TR} 2-5",
        ),
        Rule(
            "ptcg.target.in-play",
            "The Pokémon an action names must be in play at that place.",
            f"{TR} 3-6",
        ),
        Rule(
            "ptcg.card.discard-fossil",
            "A Pokémon is discarded from play at will only where its card allows it: a Fossil "
            "played as a Basic Pokémon, by its owner during their turn before the attack "
            "(never as a Knock Out: no Prize). Not the player's only Pokémon in play (project "
            "reading: the card clears a Fossil away; it is no way to lose the game).",
            "card rules of Claw, Mysterious and Root Fossil (ex2-90, ex2-91, ex2-92)",
        ),
        # -- turn step 2: bench
        Rule(
            "ptcg.bench.basic-only",
            "Only Basic Pokémon cards go from the hand onto the Bench.",
            f"{TR} 2",
        ),
        Rule(
            "ptcg.bench.max-five",
            "A player may have at most five Pokémon on the Bench.",
            f"{TR} 2",
        ),
        # -- turn step 3: energy
        Rule(
            "ptcg.energy.one-per-turn",
            "A player may attach only one Energy card from the hand per turn.",
            f"{TR} 3",
            reading="Energy attached by a card effect does not count against the limit "
            "(READINGS ptcg).",
        ),
        # -- turn step 4: evolution
        Rule(
            "ptcg.energy.condition",
            "Some special Energy cards go only onto some Pokémon (Aqua Energy onto a Pokémon with "
            "Team Aqua in its name, Double Rainbow Energy onto an Evolved Pokémon that is not a "
            "Pokémon-ex); an attack's effect can keep Energy cards from the hand off the "
            "Defending Pokémon during its player's next turn (Freeze Lock).",
            "card text (special Energy), e.g. Double Rainbow Energy ex4-88",
        ),
        Rule(
            "ptcg.evolve.matches",
            "A Stage 1 goes on the Basic it evolves from, a Stage 2 on its Stage 1.",
            f"{TR} 4",
        ),
        Rule(
            "ptcg.evolve.not-first-turn",
            "No player may evolve on their own first turn of the game.",
            f"{TR} 4",
        ),
        Rule(
            "ptcg.evolve.not-new",
            "A Pokémon cannot evolve in the turn it came into play.",
            f"{TR} 4",
        ),
        Rule(
            "ptcg.evolve.once-per-turn",
            "A Pokémon cannot evolve more than once in a turn.",
            f"{TR} 4",
        ),
        Rule(
            "ptcg.evolve.body",
            "A Poké-Body in play can forbid a player to evolve their Active Pokémon from the "
            "hand (Primal Vibes).",
            "card text (Poké-Body), e.g. Cradily ex ex4-90",
        ),
        # -- turn step 5: trainers
        Rule(
            "ptcg.trainer.supporter-once",
            "Only one Supporter card per turn.",
            f"{REF}, Supporter cards",
            reading="The limit applies on top of 'any number of Trainer cards'; the Supporter "
            "stays beside the Active until the end of the turn (READINGS ptcg).",
        ),
        Rule(
            "ptcg.trainer.first-turn-supporter",
            "With the 2004 rule (setting first_turn_supporter: false, the EX default) the "
            "starting player may not play a Supporter on the first turn of the game.",
            f"{REF}, Supporter cards (from 30 July 2004)",
        ),
        Rule(
            "ptcg.trainer.stadium-once",
            "Only one Stadium card per turn.",
            f"{REF}, Stadium cards",
        ),
        Rule(
            "ptcg.trainer.stadium-same-name",
            "A Stadium cannot replace a Stadium of the same name (setting "
            "stadium_same_name, default false).",
            f"{REF}, Stadium cards",
        ),
        # -- a Stadium in play that its players use (stadium_use.py)
        Rule(
            "ptcg.stadium.use",
            "A player uses a Stadium's effect only while that Stadium is in play and only if "
            "its card gives its players an effect to use during their turn (Power Tree, "
            "Strange Cave).",
            "card rules of Power Tree ex12-76 and Strange Cave ex12-77",
        ),
        Rule(
            "ptcg.stadium.once-per-turn",
            "Each player uses a Stadium card's effect at most once during each of their turns.",
            "card rules of Power Tree ex12-76 and Strange Cave ex12-77",
        ),
        Rule(
            "ptcg.stadium.bench-limit",
            "While a Stadium that says so is in play, each player may have fewer Benched "
            "Pokémon than five (Giant Stump: three); as it comes into play each player, its "
            "player first, discards Benched Pokémon of their choice down to that number.",
            "card rules of Giant Stump ex12-75",
        ),
        Rule(
            "ptcg.stadium.requirement",
            "A Stadium's effect is used only when it can do what its card says (a card to "
            "take, room on the Bench, no Special Energy in the discard pile for Power Tree).",
            "card rules of Power Tree ex12-76 and Strange Cave ex12-77",
        ),
        Rule(
            "ptcg.trainer.one-tool",
            "A Pokémon can hold only one Pokémon Tool.",
            "PTCG EX card text convention (Pokémon Tool cards)",
        ),
        Rule(
            "ptcg.trainer.body",
            "A Poké-Body in play can forbid playing Supporter cards (Primal Veil), Pokémon "
            "Tool cards (Primal Lock) or every Trainer card but Supporters (Block Dust).",
            "card text (Poké-Body), e.g. Armaldo ex2-1, Aerodactyl ex ex2-94",
        ),
        Rule(
            "ptcg.trainer.condition",
            "A Trainer card is played only when it can do what it says (a Potion needs a "
            "damaged Pokémon, a search needs cards in the deck).",
            f"{TR} 5",
        ),
        Rule(
            "ptcg.trainer.locked",
            "An opponent's attack can forbid a player to play Trainer cards from the hand "
            "during their next turn: every Trainer (Headache, High Voltage), only Supporters "
            "(Limitation) or every Trainer but Supporters (Disconnect).",
            "card text (attack), e.g. Psyduck ex7-70, Sableye ex8-23, Electrike ex8-59, "
            "Manectric ex ex8-101",
        ),
        Rule(
            "ptcg.power.knockout-window",
            "When an opponent's attack Knocks Out a player's Pokémon, that player may answer "
            "with the cards that say so (a basic Energy card of it moved to another of their "
            "Pokémon) before promoting and before the checkup between turns.",
            "card text, e.g. Lanturn ex5-38 (Energy Grounding), EXP.ALL ex6-91",
        ),
        # -- turn step 6: retreat
        Rule(
            "ptcg.retreat.once-per-turn",
            "A player may retreat only once per turn.",
            f"{TR} 6",
        ),
        Rule(
            "ptcg.retreat.cost",
            "Retreating discards attached Energy for each symbol of the retreat cost.",
            f"{TR} 6",
            reading="The cost is paid in Energy provided (READINGS ptcg).",
        ),
        Rule(
            "ptcg.retreat.to-bench",
            "Retreating swaps the Active Pokémon with one of the Bench: the new Active is "
            "named by its Bench place.",
            f"{TR} 6",
        ),
        Rule(
            "ptcg.retreat.condition",
            "An Asleep or Paralyzed Pokémon cannot retreat (a Confused one may).",
            f"{REF}, Special Conditions",
        ),
        Rule(
            "ptcg.retreat.blocked",
            "A card effect can stop the Defending Pokémon from retreating for a while.",
            "PTCG EX card effects (e.g. Blaziken ex1-15, Clutch)",
        ),
        Rule(
            "ptcg.retreat.body",
            "A Poké-Body of the opponent's Active Pokémon can forbid retreating (Super Suction "
            "Cups).",
            "card text (Poké-Body), e.g. Cradily ex2-3",
        ),
        # -- turn step 7: powers and bodies
        Rule(
            "ptcg.power.in-play",
            "Poké-Powers are used by Pokémon in play: the Active or a Benched Pokémon.",
            f"{TR} 7",
        ),
        Rule(
            "ptcg.power.known",
            "The Poké-Power is one the named Pokémon has (its top card's powers).",
            f"{TR} 7",
        ),
        Rule(
            "ptcg.power.condition",
            "A Poké-Power cannot be used while its Pokémon has a Special Condition.",
            f"{REF}, Poké-Power",
        ),
        Rule(
            "ptcg.power.once-per-turn",
            "A 'once during your turn' Poké-Power is used at most once per turn per Pokémon.",
            f"{REF}, Poké-Power",
        ),
        Rule(
            "ptcg.power.requirement",
            "A Poké-Power is used only when what it needs is there (e.g. its Pokémon is "
            "Active, there is a card to move).",
            f"{TR} 7",
        ),
        Rule(
            "ptcg.power.body",
            "A Poké-Body in play can forbid using Poké-Powers (Lazy).",
            "card text (Poké-Body), e.g. Slaking ex1-12",
        ),
        Rule(
            "ptcg.power.tool",
            "A Pokémon Tool can switch off the Poké-Powers (and Poké-Bodies) of the Pokémon "
            "it is attached to (Energy Root).",
            "card text (Pokémon Tool), Energy Root ex10-83",
        ),
        Rule(
            "ptcg.power.stadium",
            "A Stadium in play can forbid using Poké-Powers (Mt. Moon: Pokémon with less than "
            "70 HP), both players' alike.",
            "card text (Stadium), Mt. Moon ex6-94",
        ),
        Rule(
            "ptcg.power.effect",
            "An attack's effect can forbid the Defending Pokémon to use Poké-Powers during "
            "its player's next turn (Black Cry).",
            "card text (attack), Umbreon ex ex10-112",
        ),
        Rule(
            "ptcg.power.body-always-on",
            "A Poké-Body is never used on purpose: it works by itself while in play.",
            f"{REF}, Poké-Body",
        ),
        # -- turn step 8: attack
        Rule(
            "ptcg.attack.ends-turn",
            "Attacking is the last thing in a turn: the attack ends it (passing does too).",
            f"{TR} 8",
            reading="A Pokémon that can't attack can still pass (READINGS ptcg).",
        ),
        Rule(
            "ptcg.attack.known",
            "The attack is one the Active Pokémon has (its top card's attacks).",
            f"{TR} 8",
        ),
        Rule(
            "ptcg.attack.energy",
            "An attack needs the Energy of its cost attached to the Active Pokémon.",
            f"{REF}, A turn step 8",
        ),
        Rule(
            "ptcg.attack.condition",
            "An Asleep or Paralyzed Pokémon cannot attack.",
            f"{REF}, Special Conditions",
        ),
        Rule(
            "ptcg.attack.effect",
            "An attack's effect can keep its Pokémon from attacking (or from using that one "
            "attack) during its player's next turn; the effect ends if it evolves or goes to "
            "the Bench.",
            f"{REF}, Attacking (effects of attacks)",
        ),
        Rule(
            "ptcg.attack.body",
            "A Poké-Body can keep its own Pokémon from attacking while a condition of the board "
            "holds (Power Saver: until enough Pokémon of its team are in play), or keep named "
            "Pokémon of either player from attacking while it is Active (Mark of Antiquity).",
            "card text (Poké-Body)",
        ),
        Rule(
            "ptcg.attack.first-turn",
            "The starting player may attack on the first turn in the EX era (setting "
            "first_turn_attack, default true; false is the 2013 rule).",
            f"{REF}, A turn",
        ),
        # -- winning; a finished game refuses every action with the rule that ended it
        Rule(
            "ptcg.win.prizes",
            "A player who takes their last Prize card wins.",
            f"{REF}, Winning",
        ),
        Rule(
            "ptcg.win.no-pokemon",
            "A player whose Active is Knocked Out with no Benched Pokémon to promote loses.",
            f"{REF}, Winning; {TR} 2",
        ),
        Rule(
            "ptcg.win.deck-out",
            "A player who cannot draw at the start of their turn loses.",
            f"{REF}, Winning",
        ),
    ],
)
