"""The Canaan board image: one size per player count, every phase drawable, private hand only
in the owner's image."""

from __future__ import annotations

import pytest

import rendering
from bot.games.canaan import ENGINE
from bot.games.protocol import Seat, step


def _positions(players: int, plies: int = 400) -> list:  # type: ignore[type-arg]
    bot = ENGINE.bots["heuristic"]()
    s = ENGINE.new_game(players, {}, 3)
    out = [s]
    for ply in range(plies):
        if ENGINE.outcome(s) is not None:
            break
        seat = min(ENGINE.to_act(s))
        s = step(ENGINE, s, seat, bot.choose(s, Seat(seat), ply)).state  # type: ignore[union-attr]
        if ply % 40 == 0:
            out.append(s)
    out.append(s)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_size_per_player_count(players: int) -> None:
    sizes = {rendering.render("canaan", ENGINE.view(s, None)).size for s in _positions(players)}
    assert len(sizes) == 1
    width, height = sizes.pop()
    assert width == 1000 and height > 1000


def test_png_is_small_and_private_hand_only_for_its_owner() -> None:
    s = _positions(4, 60)[-1]
    png = rendering.render_png("canaan", ENGINE.view(s, None))
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    assert ENGINE.view(s, None).you is None
    assert ENGINE.view(s, Seat(1)).you.seat == 1  # type: ignore[union-attr]
    own = rendering.render("canaan", ENGINE.view(s, Seat(1)))
    assert own.size == rendering.render("canaan", ENGINE.view(s, None)).size


@pytest.mark.parametrize("players", [2, 4])
def test_text_stays_readable_at_phone_width(players: int) -> None:
    """Every text drawn is at least 11 px once the board is shown 400 px wide."""
    from rendering.base import MIN_PHONE_TEXT_PX, PHONE_WIDTH, record_text

    for s in _positions(players, 200)[::2]:
        with record_text() as log:
            image = rendering.render("canaan", ENGINE.view(s, Seat(0)))
        assert log
        smallest = min(log, key=lambda rec: rec.size)
        assert smallest.size * PHONE_WIDTH / image.width >= MIN_PHONE_TEXT_PX - 0.01, smallest
