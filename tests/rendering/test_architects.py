"""The Architects board image: one fixed size per player count, every phase drawn, the viewer's
hand only in the viewer's own image, and the score breakdown at the end."""

from __future__ import annotations

import random

import pytest

from bot.games import get_engine
from bot.games.protocol import Seat
from rendering import render, render_details
from rendering.architects import WIDTH, height_for
from rendering.base import MIN_PHONE_TEXT_PX, PHONE_WIDTH, record_text

ENGINE = get_engine("architects")


def _advance(players: int, plies: int, seed: int = 3, **options: object) -> object:
    st = ENGINE.new_game(players, options, seed)
    rnd = random.Random(seed)
    for _ in range(plies):
        if not ENGINE.to_act(st):
            break
        seat = sorted(ENGINE.to_act(st))[0]
        st = ENGINE.apply(st, seat, rnd.choice(ENGINE.legal_actions(st, seat))).state
    return st


@pytest.mark.parametrize(("players", "extra"), [(1, 1), (2, 0), (2, 1), (5, 0)])
def test_size_depends_only_on_player_count(players: int, extra: int) -> None:
    """Draft, middle and end images of one game share one size."""
    options = {"opponent": "helena"} if extra and players == 2 else {}
    total = players + (1 if players == 1 or options else 0)
    sizes = set()
    for plies in (0, 40, 5000):
        st = _advance(players, plies, **options)
        sizes.add(render("architects", ENGINE.view(st, Seat(0))).size)
    assert sizes == {(WIDTH, height_for(total))}


def test_end_image_differs_from_the_middle_and_own_hand_is_private() -> None:
    """The board is the same for every viewer (hands are in the details image, where the
    viewer's shows more than a spectator's); the end shows scores."""
    st = _advance(2, 60)
    own = render("architects", ENGINE.view(st, Seat(0))).tobytes()
    spectator = render("architects", ENGINE.view(st, None)).tobytes()
    assert own == spectator
    own = render_details("architects", ENGINE.view(st, Seat(0))).tobytes()  # type: ignore[union-attr]
    spectator = render_details("architects", ENGINE.view(st, None)).tobytes()  # type: ignore[union-attr]
    assert own != spectator
    end = _advance(2, 5000)
    assert ENGINE.outcome(end) is not None
    assert ENGINE.view(end, None).players[0].score is not None
    render("architects", ENGINE.view(end, None), names={0: "Élise", 1: "Bob"})


@pytest.mark.parametrize("players", [1, 5])
def test_smallest_text_is_readable_on_a_phone(players: int) -> None:
    """No text below 11 px once the 800 px image is shown 400 px wide (5 players, long names)."""
    names = {i: f"Bartholomew the {i} of Écully-sur-Saône" for i in range(players)}
    for plies in (0, 80, 5000):
        st = _advance(players, plies)
        with record_text() as log:
            image = render("architects", ENGINE.view(st, Seat(0)), names=names)
        assert log and image.width == WIDTH
        smallest = min(r.size for r in log)
        assert smallest * PHONE_WIDTH / WIDTH >= MIN_PHONE_TEXT_PX


@pytest.mark.parametrize("size", [400, 480, 1000, 1600, 5000])
def test_the_size_option_sets_the_width(size: int) -> None:
    """`size` sets the width (clamped to 480..1600); the height keeps the proportions, so one
    size per width and player count; text scales with it (readable on a phone at any width)."""
    from rendering.architects import image_size

    st = _advance(2, 40)
    image = render("architects", ENGINE.view(st, Seat(0)), size=size)
    width = min(1600, max(480, size))
    assert image.size == image_size(2, size)
    assert image.width == width
    assert abs(image.height - height_for(2) * width / WIDTH) <= 1
    assert render("architects", ENGINE.view(_advance(2, 5000), None), size=size).size == image.size
