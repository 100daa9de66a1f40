"""Every ptcg action kind, declared once: its parameter model and its row in ``ACTIONS``.

The kernel validates every action from outside against these models before the engine sees
it (an unknown field or kind is named with a did-you-mean), and the engine reads the parsed,
typed parameters (``params_of``) instead of picking values out of a dict. ``Offer`` is an
offer the engine builds itself: it carries its typed parameters already, so the simulator's
hot path never parses (tests/ptcg/test_catalogue.py proves every offer validates).

Card names are open values (any card id or name of the game's card pool); places are
``active`` and ``bench1``..``bench5``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from turnkeeper.core.model import Action
from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params, meta

Seat = Literal["p1", "p2"]
Place = Literal["active", "bench1", "bench2", "bench3", "bench4", "bench5"]
CardRef = Annotated[
    str,
    meta(
        "a card by id or name (the first matching card is used)",
        min_length=1,
        open_value=True,
        examples=["Mudkip", "ex1-60"],
    ),
]


class ChooseFirstParams(Params):
    first: Annotated[Seat, meta("the seat that takes the first turn")]


class PlaceParams(Params):
    card: CardRef


class NoParams(Params):
    pass


class CardParams(Params):
    card: CardRef


class CardOnPlaceParams(Params):
    card: CardRef
    target: Annotated[Place, meta("one of the acting player's own places")]


class TrainerParams(Params):
    card: CardRef
    target: Annotated[
        Place | None,
        meta("the own Pokémon a Potion heals or a Pokémon Tool is attached to"),
    ] = None


class RetreatParams(Params):
    target: Annotated[Place, meta("the Benched Pokémon that becomes the Active")]
    discard: Annotated[
        list[CardRef] | None,
        meta(
            "the attached Energy cards discarded to pay the cost (default: the most "
            "recently attached ones)"
        ),
    ] = None


class PowerParams(Params):
    power: Annotated[str, meta("the Poké-Power's name", min_length=1, open_value=True)]
    pokemon: Annotated[
        Place | Literal["hand"], meta("the place of the Pokémon whose Poké-Power is used")
    ] = "active"


class AttackParams(Params):
    attack: Annotated[str, meta("the Active Pokémon's attack, by name", min_length=1)]
    card: Annotated[
        str | None,
        meta(
            "an Energy card the attack attaches (Plus Energy, Energy Call) or discards",
            open_value=True,
        ),
    ] = None
    target: Annotated[
        Place | None,
        meta("the Pokémon the attack works on: Plus Energy's own one, Water Arrow's opponent's"),
    ] = None


class PromoteParams(Params):
    target: Annotated[
        Place | Literal["hand"],
        meta("the Bench place of the Pokémon that becomes the new Active"),
    ]


class ChooseParams(Params):
    option: Annotated[int, meta("the 0-based number of the chosen option", ge=0, le=1000)]


ACTIONS = ActionCatalogue(
    "ptcg",
    [
        ActionKind(
            "choose_first",
            ChooseFirstParams,
            "the coin winner picks who takes the first turn",
            "setup",
        ),
        ActionKind("place_active", PlaceParams, "set-up: a Basic face down as Active", "setup"),
        ActionKind("place_bench", PlaceParams, "set-up: a Basic face down on the Bench", "setup"),
        ActionKind("ready", NoParams, "set-up: done placing Pokémon", "setup"),
        ActionKind("bench", CardParams, "turn step 2: a Basic from the hand to the Bench", "bench"),
        ActionKind(
            "attach",
            CardOnPlaceParams,
            "turn step 3: one Energy card from the hand onto an own Pokémon, once a turn",
            "energy",
        ),
        ActionKind(
            "evolve",
            CardOnPlaceParams,
            "turn step 4: an Evolution card from the hand onto an own Pokémon",
            "evolve",
        ),
        ActionKind("play_trainer", TrainerParams, "turn step 5: a Trainer card", "trainer"),
        ActionKind(
            "retreat",
            RetreatParams,
            "turn step 6: swap the Active for a Benched Pokémon, once a turn",
            "retreat",
        ),
        ActionKind("use_power", PowerParams, "turn step 7: a Poké-Power", "power"),
        ActionKind("attack", AttackParams, "turn step 8: attack, which ends the turn", "attack"),
        ActionKind("end_turn", NoParams, "pass: end the turn without attacking", "turn"),
        ActionKind(
            "promote", PromoteParams, "after a Knock Out: a Benched Pokémon becomes Active", "turn"
        ),
        ActionKind("choose", ChooseParams, "answer a card's question", "turn"),
        ActionKind(
            "draw",
            NoParams,
            "draw a card at will: always refused (the turn's draw comes by itself)",
            "turn",
        ),
    ],
)


@dataclass(frozen=True, eq=False)
class Offer(Action):
    """An action the engine offers, with its parameters already parsed (``typed``).

    ``typed`` is set by :func:`make_offer` on the instance and is not a dataclass field: an
    offer's fields (and so its JSON, its key and its equality) are exactly an Action's.
    """

    # the parsed parameters (the kind's model from ACTIONS); Any, not Params: the hot path
    # hands it to each kind's own functions, which take their own model
    typed: ClassVar[Any] = None


_PARSE = ACTIONS.parse


def make_offer(
    kind: str,
    actor: str,
    params: Mapping[str, Any],
    cost: str = "",
    cost_detail: Mapping[str, Any] | None = None,
) -> Offer:
    """An :class:`Offer` built quickly (as ``Action.offer``), its typed parameters parsed once."""
    offer = object.__new__(Offer)
    fields = offer.__dict__
    fields["kind"] = kind
    fields["actor"] = actor
    fields["params"] = params
    fields["cost"] = cost
    fields["odds"] = None
    fields["cost_detail"] = cost_detail
    fields["typed"] = None
    fields["typed"] = _PARSE(offer)
    return offer


def params_of(action: Action) -> Params:
    """The action's typed parameters: an offer's own, else parsed (BadActionError if bad)."""
    if type(action) is Offer:
        typed: Params | None = action.typed
        if typed is not None:
            return typed
    return _PARSE(action)
