"""Architects' own-panel image (`render_own`, the private image beside the public board): the
viewer's panel with their hand, one size per width, never a spectator's."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.games.architects.cards import BUILDING_BY_ID
from bot.games.protocol import Seat
from rendering import render
from rendering.architects import own_image_size, render_own
from rendering.base import record_text
from tests.rendering.test_architects import _advance

ENGINE = get_engine("architects")


@pytest.mark.parametrize("players", [1, 3, 5])
def test_own_panel_shows_the_viewers_hand_at_one_size(players: int) -> None:
    """At any moment the viewer's panel names the first card of their hand, at one size."""
    sizes = set()
    for plies in (0, 40, 120):
        st = _advance(players, plies, seed=5)
        with record_text() as texts:
            image = render("architects", ENGINE.view(st, Seat(0)), own=True)
        sizes.add(image.size)
        drawn = " ".join(t.text for t in texts)
        hand = st.players[0].hand
        if hand:
            assert BUILDING_BY_ID[hand[0]].name.split()[0] in drawn
        assert "Hand:" in drawn
    assert sizes == {own_image_size()}


def test_other_hands_stay_out_and_spectators_have_no_panel() -> None:
    """Only the viewer's own panel is drawn (no other seat's hand); a spectator's view is
    refused rather than drawn as someone's panel."""
    st = _advance(3, 60, seed=5)
    with record_text() as texts:
        render_own(ENGINE.view(st, Seat(0)))
    drawn = " ".join(t.text for t in texts)
    for seat in (1, 2):
        for card in st.players[seat].hand:
            name = BUILDING_BY_ID[card].name
            if not any(BUILDING_BY_ID[c].name == name for c in st.players[0].hand):
                assert name not in drawn
    with pytest.raises(ValueError):
        render_own(ENGINE.view(st, None))
