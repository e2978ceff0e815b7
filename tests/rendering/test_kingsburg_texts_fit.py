"""Kingsburg's image writes its words in full: the year boxes keep a past enemy's strength
("Barbarians 2"), the buildings legend keeps long names ("Merchants' Guild") and no panel text
is cut with "…", at 2 and 5 players and at the end."""

from __future__ import annotations

import pytest

import rendering.base as base
import rendering.kingsburg as R
from rendering.base import font, text_width
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_kingsburg import CASES


def test_a_long_enemy_name_is_shortened_before_its_strength() -> None:
    fnt = font(28)
    assert R.enemy_label("Orcs", 3, fnt, 400) == "Orcs 3"
    narrow = text_width("Barbarians\u20092", fnt) - 1
    label = R.enemy_label("Barbarians", 2, fnt, narrow)
    assert label.endswith("2") and text_width(label, fnt) <= narrow


@pytest.mark.parametrize("case", sorted(CASES))
def test_nothing_is_cut(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = spy_cuts(monkeypatch, R)
    monkeypatch.setattr(base, "_LAYERS", type(base._LAYERS)())  # paint the legend afresh
    CASES[case]()
    assert cut == []
