"""`KitDraw.polygon` draws a wide outline on the polygon's own box instead of through Pillow's
whole-image mask: the pixels and the colours it notes must be exactly Pillow's."""

from __future__ import annotations

import random

from PIL import Image, ImageDraw

from rendering.base import KitDraw


def _polygon(rnd: random.Random) -> list[tuple[int, int]]:
    # Corners around a centre that may lie near or past the image's edge.
    cx, cy = rnd.randint(-20, 220), rnd.randint(-20, 170)
    return [
        (cx + rnd.randint(-60, 60), cy + rnd.randint(-60, 60)) for _ in range(rnd.randint(3, 8))
    ]


def test_wide_outlines_are_pillows_pixels() -> None:
    rnd = random.Random(5)
    for _ in range(300):
        points = _polygon(rnd)
        width = rnd.randint(2, 7)
        fill = rnd.choice(["#f7ecd0", None, "#5a3519"])
        ours = Image.new("RGB", (200, 150), "#383a40")
        theirs = ours.copy()
        draw = KitDraw(ours)
        draw.polygon(points, fill=fill, outline="#1c0f06", width=width)
        ImageDraw.Draw(theirs).polygon(points, fill=fill, outline="#1c0f06", width=width)
        assert ours.tobytes() == theirs.tobytes(), (points, width, fill)
        assert (0x1C, 0x0F, 0x06) in draw.colours


def test_float_corners_thin_outlines_and_edge_crossers_are_left_to_pillow() -> None:
    ours = Image.new("RGB", (50, 50), "#000000")
    theirs = ours.copy()
    for draw in (KitDraw(ours), ImageDraw.Draw(theirs)):
        draw.polygon(
            [(3.5, 4.2), (40.1, 8.0), (20.0, 45.7)], fill="#ffffff", outline="#ff0000", width=3
        )
        draw.polygon([(1, 1), (30, 2), (9, 30)], outline="#00ff00", width=1)
        draw.polygon([(32, 13), (-15, 9), (37, 3), (4, 57), (-40, 20)], outline="#0000ff", width=2)
    assert ours.tobytes() == theirs.tobytes()
