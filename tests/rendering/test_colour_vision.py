"""Seat and goods colours stay apart for players with the common colour-vision deficiencies.

Each palette is simulated under protanopia, deuteranopia and tritanopia (Machado et al. 2009,
full severity) and every pair must keep a CIE76 distance of at least the kit's minimum.
"""

from __future__ import annotations

import pytest

from rendering.base import (
    CVD_MATRICES,
    DEFAULT,
    MIN_GOODS_DELTA_E,
    MIN_SEAT_DELTA_E,
    SEAT_LETTERS,
    delta_e,
    hex_to_rgb,
    min_cvd_distance,
    simulate_cvd,
)


def test_simulation_merges_a_red_and_a_green_that_deuteranopia_confuses() -> None:
    """A red and a green far apart in normal vision both turn olive under deuteranopia: the
    simulation and the seat-distance check must both see that."""
    old_red, old_green = "#d9423b", "#3ba55c"
    assert delta_e(hex_to_rgb(old_red), hex_to_rgb(old_green)) > 60
    seen = [simulate_cvd(c, "deuteranopia") for c in (old_red, old_green)]
    assert delta_e(*seen) < MIN_SEAT_DELTA_E
    distance, vision, *_ = min_cvd_distance([old_red, old_green])
    assert vision == "deuteranopia" and distance < MIN_SEAT_DELTA_E


def test_simulation_keeps_greys_grey() -> None:
    for kind in CVD_MATRICES:
        r, g, b = simulate_cvd("#808080", kind)
        assert max(r, g, b) - min(r, g, b) < 2


def test_seat_colours_stay_apart_under_every_simulation() -> None:
    colours = [c for _, c in DEFAULT.seat_colours]
    distance, vision, a, b = min_cvd_distance(colours)
    assert distance >= MIN_SEAT_DELTA_E, f"{a} and {b} are {distance:.1f} apart under {vision}"


@pytest.mark.parametrize(
    "goods",
    [(DEFAULT.gold, DEFAULT.wood, DEFAULT.stone)],
    ids=["kingsburg gold/wood/stone"],
)
def test_goods_colours_stay_apart_under_every_simulation(goods: tuple[str, ...]) -> None:
    distance, vision, a, b = min_cvd_distance(list(goods))
    assert distance >= MIN_GOODS_DELTA_E, f"{a} and {b} are {distance:.1f} apart under {vision}"


def test_every_seat_colour_has_its_own_letter() -> None:
    names = [name for name, _ in DEFAULT.seat_colours]
    letters = [SEAT_LETTERS[name] for name in names]
    assert len(set(letters)) == len(letters)
