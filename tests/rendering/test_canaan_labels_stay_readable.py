"""Canaan's terrain words (and the plague's plate over one) sit where no road, road marker,
settlement or city on the hex's own paths and corners can cover them, whatever is built."""

from __future__ import annotations

import pytest

import rendering.canaan as canaan
from bot.games.canaan import ENGINE


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_piece_can_cover_a_terrain_word(players: int) -> None:
    view = ENGINE.view(ENGINE.new_game(players, {}, 1), None)
    assert canaan.label_collisions(view) == []


def test_the_check_finds_words_placed_where_roads_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The word where it used to be, low in the hex, is crossed by the lower paths' roads."""
    monkeypatch.setattr(canaan, "WORD_DY", 0.55)
    view = ENGINE.view(ENGINE.new_game(4, {}, 1), None)
    hit = canaan.label_collisions(view)
    assert any(h.startswith("E: e") for h in hit), hit
