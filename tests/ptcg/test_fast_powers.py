"""The fast listing (``fast.main_list``) offers a Poké-Power only when ``power.power_stopped``
(the one check of what stops a Power) lets it be used, as the rules listing does. Mt. Moon
(ex6-94, a Stadium that stops the Powers of Pokémon under 70 HP) is in games the fast
listing lists (no card of ``state.SPECIAL_CARDS``): it used to offer such a Power anyway."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ptcg.board import act, game
from tests.ptcg.set_cards import WAILORD
from turnkeeper.core.model import IllegalActionError
from turnkeeper.rulesets.ptcg.fast import main_list
from turnkeeper.rulesets.ptcg.legal import legal

MT_MOON = {"card": "ex6-94", "owner": "p2"}
MAGBY = "ex7-24"  # 50 HP, Poké-Power Baby Evolution (onto Magmar ex7-44)
DELIBIRD = "ex7-21"  # 70 HP, Poké-Power Gift Exchange


def _both_listings(active: str, hand: list[str], **top: Any) -> tuple[list[str], list[str], Any]:
    g = game({"active": {"card": active}, "hand": hand}, {"active": WAILORD}, **top)
    s = g.state
    assert not s.special  # the fast listing answers for itself in such a game
    fast = [a.kind for a in main_list(s, 0)]
    rules = [a.kind for a in legal(s, 0, describe=False)]
    return fast, rules, g


def test_mt_moon_keeps_a_power_under_70_hp_out_of_the_fast_listing() -> None:
    fast, rules, g = _both_listings(MAGBY, ["ex7-44"], stadium=MT_MOON)
    assert fast == rules and "use_power" not in fast
    with pytest.raises(IllegalActionError) as raised:
        act(g, "p1", "use_power", pokemon="active", power="Baby Evolution")
    assert raised.value.refusal.rule == "ptcg.power.stadium"


def test_the_fast_listing_offers_the_power_without_mt_moon_or_at_70_hp() -> None:
    fast, rules, _ = _both_listings(MAGBY, ["ex7-44"])
    assert fast == rules and "use_power" in fast
    fast, rules, _ = _both_listings(DELIBIRD, ["Potion"], stadium=MT_MOON)
    assert fast == rules and "use_power" in fast
