"""The ptcg log as sentences: one writer per event type ``state.APPLY`` folds.

"p1's Mudkip uses Pound", "p2's Active Pokémon takes 10 damage". Events name card instances
by number; a writer turns one into the card's name through the state (instances are fixed
after the deal). A field a seat may not see (once ptcg filters events per seat) is missing
or null: the writer then says "a card", never guessing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from turnkeeper.core.model import Event
from turnkeeper.core.sentences import Writer, describe_with, listing, plural, words
from turnkeeper.rulesets.ptcg.state import PRIZE_UP, PtcgState


def card(state: PtcgState, instance: object) -> str:
    if isinstance(instance, int) and not isinstance(instance, bool) \
            and 0 <= instance < len(state.defs):
        return state.card(instance).shown_name
    if isinstance(instance, str) and instance:
        return instance
    return "a card"


def seat(d: Mapping[str, Any]) -> str:
    return str(d.get("p", "a player"))


def slot(d: Mapping[str, Any]) -> str:
    where = d.get("slot")
    if where == 0:
        return f"{seat(d)}'s Active Pokémon"
    if isinstance(where, int):
        return f"{seat(d)}'s Bench Pokémon {where}"
    return f"a Pokémon of {seat(d)}"


def cards_text(state: PtcgState, instances: object) -> str:
    if not isinstance(instances, list):
        return "cards"
    return listing(card(state, c) for c in instances)


def begin(state: PtcgState, d: Mapping[str, Any]) -> str:
    decks = d.get("decks") or {}
    # a seat's log holds the other deck as its size only (seats.visible_command)
    return "The game begins: " + ", ".join(
        f"{who} with {plural(deck if isinstance(deck, int) else len(deck), 'card')}"
        for who, deck in decks.items())


def taken(state: PtcgState, d: Mapping[str, Any], what: str) -> str:
    """A draw or a Prize taken: the cards' names when the seat may see them."""
    text = f"{seat(d)} {what} {plural(d.get('n', 1), 'card' if what == 'draws' else 'Prize card')}"
    shown = d.get("cards")
    return text + (f": {cards_text(state, shown)}" if isinstance(shown, list) and shown else "")


def mulligan(state: PtcgState, d: Mapping[str, Any]) -> str:
    shown = d.get("shown")
    text = f"{seat(d)} has no Basic Pokémon and shows the hand"
    return text + (f" ({len(shown)} cards)" if isinstance(shown, list) else "")


def place(state: PtcgState, d: Mapping[str, Any]) -> str:
    where = "as the Active Pokémon" if d.get("where") == "active" else "on the Bench"
    return f"{seat(d)} places {card(state, d.get('card'))} face down {where}"


def attach(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{seat(d)} attaches {card(state, d.get('card'))} to {slot(d)}"


def evolve(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{seat(d)} evolves {slot(d)} into {card(state, d.get('card'))}"


def trainer(state: PtcgState, d: Mapping[str, Any]) -> str:
    kind = f" ({words(d['kind'])})" if d.get("kind") else ""
    return f"{seat(d)} plays {card(state, d.get('card'))}{kind}"


def swap_card(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{seat(d)} swaps {slot(d)} for {card(state, d.get('card'))} from the deck"


def switch(state: PtcgState, d: Mapping[str, Any]) -> str:
    how = "retreats" if d.get("retreat") else "switches"
    return f"{seat(d)} {how}: Bench Pokémon {d.get('slot', '?')} becomes the Active Pokémon"


def condition(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{slot(d)} is now {words(d.get('add', '?'))}"


def cure(state: PtcgState, d: Mapping[str, Any]) -> str:
    which = d.get("which") or []
    return f"{slot(d)} is no longer {listing((words(w) for w in which), 'or')}"


def move(state: PtcgState, d: Mapping[str, Any]) -> str:
    if d.get("src") == d.get("dst") == "deck":  # a card of the deck put on its bottom
        return f"{seat(d)} puts {card(state, d.get('card'))} on the bottom of the deck"
    return (f"{seat(d)} moves {card(state, d.get('card'))} from the {words(d.get('src', '?'))} "
            f"to the {words(d.get('dst', '?'))}")


def energy_to_hand(state: PtcgState, d: Mapping[str, Any]) -> str:
    place = "the Active Pokémon" if d.get("slot") == 0 else f"Bench Pokémon {d.get('slot')}"
    return f"{seat(d)} returns {card(state, d.get('card'))} from {place} to the hand"


def move_energy(state: PtcgState, d: Mapping[str, Any]) -> str:
    def place(index: object) -> str:
        if index == 0:
            return "Active Pokémon"
        return f"Bench Pokémon {index}" if isinstance(index, int) else "a Pokémon"

    return (f"{seat(d)} moves {card(state, d.get('card'))} from their {place(d.get('src'))} "
            f"to their {place(d.get('dst'))}")


def discard_stadium(state: PtcgState, d: Mapping[str, Any]) -> str:
    return "the Stadium in play is discarded"


def ask(state: PtcgState, d: Mapping[str, Any]) -> str:
    options = d.get("options") or []
    return f"{seat(d)} chooses: {d.get('prompt', 'a choice')} ({plural(len(options), 'option')})"


def answer(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{seat(d)} chooses {d.get('label', d.get('option', '?'))}"


def coin(state: PtcgState, d: Mapping[str, Any]) -> str:
    side = "heads" if d.get("heads") else "tails"
    return f"Coin flip for {d['why']}: {side}" if d.get("why") else f"Coin flip: {side}"


def coin_toss(state: PtcgState, d: Mapping[str, Any]) -> str:
    side = "heads" if d.get("heads") else "tails"
    return f"The opening coin toss: {side}, {d.get('winner', '?')} wins it"


def note(state: PtcgState, d: Mapping[str, Any]) -> str:
    if d.get("what") == "body":
        body = d.get("name", "?")
        return f"{seat(d)}'s {card(state, d.get('card'))}: the Poké-Body {body} applies"
    if d.get("what") == "tool":  # a Tool acting by itself (Curse Powder, damage.hit)
        return f"{seat(d)}'s Tool {card(state, d.get('card'))} acts"
    return f"Note: {words(d.get('what', ''))}".rstrip(": ")


def by_hand(state: PtcgState, d: Mapping[str, Any]) -> str:
    return (f"{seat(d)}'s {card(state, d.get('card'))}: the players carry out "
            f"{words(d.get('effect', 'an effect'))} by hand")


def flag(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{slot(d)} is marked {words(d.get('flag', '?'))} until turn {d.get('turn', '?')}"


def side_later(state: PtcgState, d: Mapping[str, Any]) -> str:
    """A lasting effect on a player (state.Side.later): a Trainer lock, Prize cards face up."""
    what = str(d.get("what", "?"))
    turn = d.get("turn", "?")
    until = "for the rest of the game" if turn == -1 else f"until the end of turn {turn}"
    if what.startswith("trainer_lock:"):
        kinds = {
            "all": "no Trainer cards",
            "supporter": "no Supporter cards",
            "not_supporter": "no Trainer cards but Supporters",
        }.get(what.split(":", 1)[1], "some Trainer cards not")
        return f"{seat(d)} may play {kinds} from the hand {until}"
    if what.startswith("stadium_used:"):  # stadium_use.py: the Stadium's once-a-turn use
        return f"{seat(d)} uses the Stadium {card(state, int(what.split(':', 1)[1]))}"
    if what == "prizes_face_up":
        return f"{seat(d)} plays with the Prize cards face up {until}"
    if what.startswith(PRIZE_UP):  # one Prize card turned face up (Island Hermit ex15-76)
        turned = state.card(int(what[len(PRIZE_UP):]))
        return f"{seat(d)} turns a Prize card face up ({turned.name}) {until}"
    return f"{seat(d)} is under {words(what)} {until}"


def game_over(state: PtcgState, d: Mapping[str, Any]) -> str:
    winners = d.get("winners") or []
    head = f"{listing(winners)} win" + ("s" if len(winners) == 1 else "")
    return head + (f": {d['reason']}" if d.get("reason") else "")


def need_promote(state: PtcgState, d: Mapping[str, Any]) -> str:
    return f"{listing(d.get('players') or [])} must choose a new Active Pokémon"


WRITERS: dict[str, Writer[PtcgState]] = {
    "begin": begin,
    "position": lambda state, d: f"A position is set up at turn {d.get('turn', '?')}",
    "shuffle": lambda state, d: f"{seat(d)} shuffles the deck",
    "draw": lambda state, d: taken(state, d, "draws"),
    "mulligan": mulligan,
    "prizes": lambda state, d: f"{seat(d)} sets aside {plural(d.get('n', '?'), 'Prize card')}",
    "coin_toss": coin_toss,
    "first": lambda state, d: f"{seat(d)} goes first",
    "place": place,
    "ready": lambda state, d: f"{seat(d)} is ready",
    "reveal": lambda state, d: "Both players turn their Pokémon face up",
    "bench": lambda state, d: f"{seat(d)} puts {card(state, d.get('card'))} onto the Bench",
    "attach": attach,
    "evolve": evolve,
    "trainer": trainer,
    "discard_energy": lambda state, d: (
        f"{seat(d)} discards {cards_text(state, d.get('cards'))} from {slot(d)}"),
    "discard_tool": lambda state, d: f"{seat(d)} discards the Tool of {slot(d)}",
    "discard_tm": lambda state, d: (
        f"{seat(d)} discards the Technical Machine of {slot(d)}"),
    "devolve": lambda state, d: (
        f"{slot(d)} loses its top Evolution card to {seat(d)}'s {d.get('dest', '?')}"),
    "scoop": lambda state, d: (
        f"{slot(d)} and its cards go to the bottom of {seat(d)}'s deck"
        if d.get("dest") == "deck_bottom"
        else f"{slot(d)} and its cards go back to {seat(d)}'s hand"),
    "switch": switch,
    "swap_card": swap_card,
    "promote": lambda state, d: (
        f"{seat(d)} promotes Bench Pokémon {d.get('slot', '?')} to Active"),
    "damage": lambda state, d: f"{slot(d)} takes {d.get('n', '?')} damage",
    "condition": condition,
    "cure": cure,
    "knockout": lambda state, d: f"{slot(d)} is Knocked Out",
    "replace_basic": lambda state, d: (
        f"{seat(d)} puts {card(state, d.get('card'))} from the {d.get('from', '?')} in place "
        f"of {slot(d)}, which is discarded"),
    "attach_tool": lambda state, d: (
        f"{seat(d)} attaches {card(state, d.get('card'))} from the {d.get('from', '?')} to "
        f"{slot(d)}"),
    "discard_pokemon": lambda state, d: (
        f"{seat(d)} discards {slot(d)} from play with its cards (no Knock Out)"),
    "prize": lambda state, d: taken(state, d, "takes"),
    "attack": lambda state, d: f"{seat(d)}'s Active Pokémon attacks: {d.get('name', '?')}",
    "power": lambda state, d: (
        f"{seat(d)}'s {card(state, d.get('card'))} uses {d.get('name', 'a Poké-Power')}"),
    "move": move,
    "move_energy": move_energy,
    "energy_to_hand": energy_to_hand,
    "discard_stadium": discard_stadium,
    "deck_top": lambda state, d: (
        f"{seat(d)} puts {plural(d.get('n', len(d.get('order') or [])), 'card')} back on "
        "top of the deck"),
    "form_change": lambda state, d: (
        f"{slot(d)} changes form into {card(state, d.get('card'))}; the old card goes on "
        "top of the deck"),
    "ask": ask,
    "answer": answer,
    "ask_then": lambda state, d: (
        f"{plural(len(d.get('then') or []), 'effect')} will go on once this question is "
        "answered"),
    "need_promote": need_promote,
    "resume": lambda state, d: "Play goes on",
    "end_turn": lambda state, d: f"{seat(d)} ends the turn",
    "start_turn": lambda state, d: f"Turn {d.get('turn', '?')}: {seat(d)}'s turn",
    "flag": flag,
    "side_later": side_later,
    "game_over": game_over,
    "coin": coin,
    "note": note,
    "by_hand": by_hand,
}


def describe_event(state: PtcgState, event: Event) -> str:
    """One ptcg event as a sentence for the log (``""`` for a type without a writer)."""
    return describe_with(WRITERS, state, event)
