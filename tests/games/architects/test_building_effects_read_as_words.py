"""Every building's effect reads as words on the hand, the draft and the image: no internal
names ("paid_debts"), no "per 1 buildings"."""

from __future__ import annotations

import re

from bot.games.architects.cards import BUILDING_BY_ID
from bot.games.architects.view import building_view


def test_no_building_effect_shows_an_internal_name_or_a_count_of_one() -> None:
    for cid in BUILDING_BY_ID:
        effect = building_view(cid).effect
        assert "_" not in effect and not re.search(r"\w\+\w", effect), effect
        assert "per 1 " not in effect, effect


def test_counted_effects_name_what_they_count() -> None:
    effects = {b.name: building_view(cid).effect for cid, b in BUILDING_BY_ID.items()}
    assert effects["Aqueduct"] == "+1 VP per building"
    assert effects["Moneylender"] == "+1 VP per debt paid off"
    assert effects["Keep"] == "+1 VP per 3 captured workers"
    assert effects["Trading Post"] == "+1 virtue per 4 clay, wood or stone (in any mix)"
