"""A combatant of a PTU encounter: one Trainer or Pokémon, as the state holds it.

Kept apart from ``state.py`` so that mypyc compiles it (turnkeeper/compiled.py): the rules read
a combatant's fields on every listing, check and fold, and a compiled class's fields are read
directly rather than looked up by name. ``state.py``, which msgspec decodes by the annotations
of its classes (snapshots, scratch copies), stays plain Python and names this class.

mypyc writes ``type`` into a compiled class's annotations where the annotation is not one
class (``str | None``), and msgspec, which reads a state back by its classes' annotations,
would then demand a type object there: the end of this module puts the optional fields' real
annotation back (tests/ptu/test_compiled.py compares the annotations of both builds). Of a
generic annotation mypyc keeps the class (``dict`` for ``dict[str, int]``): msgspec reads
those fields as the plain data they hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, final

from turnkeeper.core.mechanics import Budget

# One Standard, one Shift, one Swift a turn (PTU 1.05 Core p. 227). Giving up the Standard
# for a second Shift or Swift is the player's explicit choice (the trade_standard action,
# READINGS ptu), so the budget has no automatic substitutes.
# (``Final``: read from a C variable in the compiled build, for every new budget)
ALLOWANCE: Final = {"standard": 1, "shift": 1, "swift": 1}


def new_budget() -> Budget:
    # Budget.of(ALLOWANCE) built in place (no substitutes): every combatant gets one at the
    # start of each round, and the classmethod's Python-level calls cost more than this
    return Budget(dict(ALLOWANCE), {}, [])


@final
@dataclass
class Combatant:
    id: str
    name: str
    kind: str  # "trainer" or "pokemon"
    owner: str | None  # the player; None for wild Pokémon (the GM's)
    side: str
    speed: int
    level: int = 1
    loyalty: int = 3
    movement: int = 5
    combat_rank: int = 2
    skills: dict[str, int] = field(default_factory=dict)  # skill -> dice (rank), p. 34
    hp: int = 10  # may go below 0 (HP markers at -50 %, -100 %..., ch. 7)
    max_hp: int = 10  # before injuries
    injuries: int = 0
    badly_poisoned_losses: int = 0  # HP losses Badly Poisoned already caused (5, 10, 20...)
    types: list[str] = field(default_factory=list)
    # The stats the fight's numbers use (before combat stages); Speed is ``speed`` above.
    attack: int = 0
    defense: int = 0
    special_attack: int = 0
    special_defense: int = 0
    capture_rate: int = 0
    position: list[int] = field(default_factory=lambda: [0, 0])
    moves: list[str] = field(default_factory=list)
    items: dict[str, int] = field(default_factory=dict)  # in the pack (bag, belt...)
    in_hand: dict[str, int] = field(default_factory=dict)  # on hand, ready to give (p. 227)
    weapon: str | None = None
    held_item: str | None = None
    statuses: list[str] = field(default_factory=list)
    stages: dict[str, int] = field(default_factory=dict)
    temp_hp: int = 0
    on_field: bool = True
    fainted: bool = False
    captured: bool = False
    ap: int = 0
    ap_max: int = 0
    budget: Budget = field(default_factory=new_budget)
    moved: bool = False  # a Shift was used for movement this turn
    sprinting: bool = False
    forfeit_this: bool = False  # this round's turn given up (Interrupt / Priority Advanced)
    forfeit_next: bool = False
    # What gave up the turn: {"rule": rule id, "by": the action or move, "round": n}.
    forfeit_this_cause: dict[str, Any] = field(default_factory=dict)
    forfeit_next_cause: dict[str, Any] = field(default_factory=dict)
    traded: dict[str, int] = field(default_factory=dict)  # slots bought with the Standard
    uncommandable: bool = False  # League: released by a Switch this round
    limited_used: bool = False  # took a Priority (Limited) action before its turn
    held: bool = False
    aoo_used: bool = False
    recalled_round: int = -1
    scene_uses: dict[str, int] = field(default_factory=dict)
    last_used_round: dict[str, int] = field(default_factory=dict)
    dirty_tricks: list[list[str]] = field(default_factory=list)
    grappling: str | None = None
    setup_release_done: bool = False
    setup_draw_done: bool = False
    off_guard: bool = False  # caught off guard: no free set-up step for this Trainer (p. 227)


# The optional fields' annotations, as the source writes them (see the docstring; in pure
# Python they are this very text already). Before any msgspec encoder or decoder reads this
# class: msgspec keeps what it read on the class.
_ANNOTATIONS: dict[str, object] = vars(Combatant)["__annotations__"]
for _optional in ("owner", "weapon", "held_item", "grappling"):
    _ANNOTATIONS[_optional] = "str | None"
