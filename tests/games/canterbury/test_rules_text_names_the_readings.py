"""`/game rules canterbury` describes the spreading of a medium structure as the rulebook does
(each orthogonally adjacent district: a corner district has 2, an edge district 3) and names
the readings chosen for the City Marker."""

from __future__ import annotations

from bot.games.canterbury import ENGINE
from bot.games.canterbury.board import NEIGHBOURS
from tests.games.canterbury.positions import d


def test_mediums_spread_to_the_orthogonal_neighbours_not_always_four() -> None:
    text = ENGINE.rules_summary
    assert "4 neighbours" not in text
    assert "orthogonally adjacent district (2 to 4)" in text
    assert len(NEIGHBOURS[d("A1")]) == 2 and len(NEIGHBOURS[d("A3")]) == 3


def test_the_city_marker_readings_are_named() -> None:
    text = ENGINE.rules_summary
    assert "exceeds* 100, 200 or 300" in text and "on exactly 100" in text
    assert "Neutral Builder's structure moves the city as soon as it is placed" in text
    assert "reaching 100" not in text
