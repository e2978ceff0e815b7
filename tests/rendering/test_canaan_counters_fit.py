"""The Canaan footer shows an open offer with every other player countering it with 3 cards for
3, in full: each answer on its own lines, nothing cut (names alone may be shortened)."""

from __future__ import annotations

import dataclasses

import pytest

import rendering
import rendering.canaan as canaan
from bot.games.canaan import ENGINE
from bot.games.canaan.data import hand_text
from bot.games.canaan.view import CanaanView, OfferView
from bot.games.protocol import Seat, step
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_no_text_is_cut_in_whole_games import LONG_NAMES

THREE = (1, 1, 1, 0, 0)  # lumber, grain, stone
OTHER_THREE = (0, 0, 1, 1, 1)  # stone, ore, wool


def countered_view(viewer: Seat | None) -> CanaanView:
    """A four-player game some turns in, red offering 3 cards for 3 and blue, green and yellow
    each countering with 3 cards for 3; the status awaits red's choice among the three."""
    bot = ENGINE.bots["heuristic"]()
    s = ENGINE.new_game(4, {}, 3)
    for ply in range(200):
        seat = min(ENGINE.to_act(s))
        s = step(ENGINE, s, seat, bot.choose(s, Seat(seat), ply)).state  # type: ignore[union-attr]
    view = ENGINE.view(s, viewer)
    counter = f"counters {hand_text(OTHER_THREE)} for {hand_text(THREE)}"
    offer = OfferView(
        by="red",
        give=hand_text(THREE),
        get=hand_text(OTHER_THREE),
        to="",
        answers=(("blue", counter), ("green", counter), ("yellow", counter)),
    )
    status = "Turn 12, red. Awaiting red: trade with blue or green or yellow, or go on."
    return dataclasses.replace(
        view,
        offer=offer,
        status=status,
        result="",
        last_move=f"counter {hand_text(OTHER_THREE)} for {hand_text(THREE)}",
        last_seat=3,
    )


@pytest.mark.parametrize("viewer", [None, Seat(0)])
@pytest.mark.parametrize("width", [400, 1000])
def test_three_counters_are_not_cut(
    viewer: Seat | None, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, canaan)
    view = countered_view(viewer)
    image = rendering.render("canaan", view, size=width, names=LONG_NAMES)
    plain = rendering.render("canaan", ENGINE.view(ENGINE.new_game(4, {}, 3), viewer), size=width)
    assert image.size == plain.size
    assert cut == [], cut
