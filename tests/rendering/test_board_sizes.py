"""Every board keeps one size through a whole game, and its smallest text stays readable on a
phone (at least 11 px once the image is shown 400 px wide), for every game and player count.

Positions come from whole games played by the engines' own bots; the sizes come from the text
the renderers actually drew (the kit records every font size against the image width).
"""

from __future__ import annotations

import functools
from typing import Any

import pytest

import rendering
from bot.games import get_engine
from bot.games.protocol import Rejection, Seat, step
from rendering.base import MIN_PHONE_TEXT_PX, PHONE_WIDTH, min_text_px, record_text

CASES = [
    ("canterbury", 2),
    ("canterbury", 4),
    ("cathedral", 2),
    ("kingsburg", 2),
    ("kingsburg", 3),
    ("kingsburg", 5),
    ("canaan", 2),
    ("canaan", 3),
    ("canaan", 4),
]
LONG_NAMES = {Seat(i): f"Bartholomew the {i} of Écully-sur-Saône" for i in range(5)}


@functools.cache
def whole_game(key: str, seats: int, seed: int = 3) -> tuple[Any, ...]:
    """Every state of one game between the engine's random bots."""
    engine = get_engine(key)
    bot = engine.bots["random"]()
    state = engine.new_game(seats, engine.spec.validate_options({}), seed)
    states = [state]
    ply = 0
    while engine.outcome(state) is None:
        seat = Seat(min(engine.to_act(state)))
        ply += 1
        result = step(engine, state, seat, bot.choose(state, seat, seed * 10_000 + ply))
        assert not isinstance(result, Rejection)
        state = result.state
        states.append(state)
    return tuple(states)


def _sample(states: tuple[Any, ...], count: int) -> list[Any]:
    step_ = max(1, len(states) // count)
    return [*states[::step_], states[-1]]


@pytest.mark.parametrize(("key", "seats"), CASES, ids=[f"{k}-{n}p" for k, n in CASES])
def test_one_image_size_through_a_whole_game(key: str, seats: int) -> None:
    engine = get_engine(key)
    states = whole_game(key, seats)
    sizes = {}
    for i, state in enumerate(_sample(states, 30)):
        viewer = None if i % 2 else Seat(i % seats)
        image = rendering.render(
            key, engine.view(state, viewer), names=LONG_NAMES if i % 3 else None
        )
        sizes.setdefault(image.size, i)
    assert len(sizes) == 1, f"{key} {seats}p changes size during a game: {sizes}"


@pytest.mark.parametrize(("key", "seats"), CASES, ids=[f"{k}-{n}p" for k, n in CASES])
@pytest.mark.parametrize("width", [480, 1000, 1600])
def test_smallest_text_is_readable_at_phone_width(key: str, seats: int, width: int) -> None:
    engine = get_engine(key)
    states = whole_game(key, seats)
    smallest = None
    for i, state in enumerate(_sample(states, 8)):
        with record_text() as log:
            image = rendering.render(
                key, engine.view(state, Seat(i % seats)), size=width, names=LONG_NAMES
            )
        assert log, "the renderer drew no text through the kit"
        for record in log:
            assert record.width == image.width
            if smallest is None or record.size < smallest.size:
                smallest = record
    assert smallest is not None
    shown = smallest.size * PHONE_WIDTH / width
    assert smallest.size >= min_text_px(width), (
        f"{key} {seats}p at {width} px: {smallest.text!r} is {smallest.size} px, "
        f"{shown:.1f} px on a phone (minimum {MIN_PHONE_TEXT_PX})"
    )


PHONE_ASPECT = 2.5
"""A board is at most 2.5 times as tall as it is wide: on a phone it fits a screen or two."""


def _every_count() -> list[tuple[str, int]]:
    out = []
    for key in rendering.games():
        spec = get_engine(key).spec
        out += [(key, n) for n in range(spec.min_players, spec.max_players + 1)]
    return out


@pytest.mark.parametrize(("key", "seats"), _every_count(), ids=lambda v: str(v))
@pytest.mark.parametrize("width", [480, 1600])
def test_every_board_is_phone_shaped(key: str, seats: int, width: int) -> None:
    """At every player count the public board keeps within 1:2.5 (width:height); its size is
    one per count all game long (see above), so the first position stands for them all."""
    engine = get_engine(key)
    options = engine.spec.validate_options({})
    state = engine.new_game(seats, options, 7)
    image = rendering.render(key, engine.view(state, None), size=width, names=LONG_NAMES)
    assert image.height <= PHONE_ASPECT * image.width, (key, seats, image.size)
