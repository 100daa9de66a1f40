"""Every ptcg action kind, declared once: its row in ``ACTIONS``, the one table of kinds.

Each row names the parameter model its family's module declares (``attack.AttackParams``,
``retreat.RetreatParams``, ...; the shared field types are in ``params.py``). The family
modules never import this one, so the table can name them all without an import cycle.

The kernel validates every action from outside against these models before the engine sees
it (an unknown field or kind is named with a did-you-mean), and the engine reads the parsed,
typed parameters (``params_of``) instead of picking values out of a dict. ``Offer`` is an
offer the engine builds itself: it carries its typed parameters already, so the simulator's
hot path never parses (tests/ptcg/test_catalogue.py proves every offer validates).

"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import FrozenInstanceError
from typing import Any

from turnkeeper.core.model import Action
from turnkeeper.core.schema import ActionCatalogue, ActionKind, Params
from turnkeeper.rulesets.ptcg.attack import AttackParams
from turnkeeper.rulesets.ptcg.bench import BenchParams
from turnkeeper.rulesets.ptcg.energy import AttachParams
from turnkeeper.rulesets.ptcg.evolve import EvolveParams
from turnkeeper.rulesets.ptcg.fossil import DiscardFossilParams
from turnkeeper.rulesets.ptcg.params import NoParams
from turnkeeper.rulesets.ptcg.power import PowerParams
from turnkeeper.rulesets.ptcg.retreat import RetreatParams
from turnkeeper.rulesets.ptcg.setup import ChooseFirstParams, PlaceParams
from turnkeeper.rulesets.ptcg.trainer import TrainerParams
from turnkeeper.rulesets.ptcg.turn import ChooseParams, PromoteParams

# The card handlers (effects.py, vocab.py) take these three models from here.
__all__ = [
    "ACTIONS",
    "AttackParams",
    "Offer",
    "PowerParams",
    "TrainerParams",
    "make_offer",
    "params_of",
]

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
        ActionKind(
            "bench", BenchParams, "turn step 2: a Basic from the hand to the Bench", "bench"
        ),
        ActionKind(
            "attach",
            AttachParams,
            "turn step 3: one Energy card from the hand onto an own Pokémon, once a turn",
            "energy",
        ),
        ActionKind(
            "evolve",
            EvolveParams,
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
        ActionKind(
            "discard_fossil",
            DiscardFossilParams,
            "discard an own Fossil from play at will, before the attack (no Prize)",
            "fossil",
        ),
        ActionKind(
            "use_stadium",
            NoParams,
            "use the Stadium in play whose card offers its players an effect, once a turn",
            "stadium_use",
        ),
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


class Offer(Action):
    """An action the engine offers, with its parameters already parsed (``typed``).

    ``typed`` (the kind's model from ACTIONS, parsed once when the offer is made) lives in a
    slot of its own, not in a dataclass field: an offer's fields (and so its JSON, its key and
    its equality) are exactly an Action's. Offers are immutable like every Action; the hot
    paths share them between states.
    """

    __slots__ = ("typed",)

    # the parsed parameters; Any, not Params: the hot path hands it to each kind's own
    # functions, which take their own model
    typed: Any

    def __init__(
        self,
        kind: str,
        actor: str,
        params: Mapping[str, Any],
        cost: str = "",
        cost_detail: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(kind, actor, params, cost, None, cost_detail)
        # (a frozen dataclass sets its own attributes this way in its __init__)
        object.__setattr__(self, "typed", _PARSE(self))

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to {name!r}: an offer is immutable")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name!r}: an offer is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        # copies and pickles are made again by the constructor (which parses ``typed``)
        return (Offer, (self.kind, self.actor, self.params, self.cost, self.cost_detail))


_PARSE = ACTIONS.parse


def make_offer(
    kind: str,
    actor: str,
    params: Mapping[str, Any],
    cost: str = "",
    cost_detail: Mapping[str, Any] | None = None,
) -> Offer:
    """An :class:`Offer`, its typed parameters parsed once (BadActionError if they are bad)."""
    return Offer(kind, actor, params, cost, cost_detail)


def params_of(action: Action) -> Params:
    """The action's typed parameters: an offer's own, else parsed (BadActionError if bad)."""
    if type(action) is Offer:
        typed: Params | None = action.typed
        if typed is not None:
            return typed
    return _PARSE(action)
