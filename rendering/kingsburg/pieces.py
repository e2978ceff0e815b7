"""Kingsburg's small pictures: goods cubes, "+2" tokens and other chips, the peek eye, and
dice showing their value as a digit (solid, or hollow once placed), alone or in a row."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import ImageDraw

from rendering.base import (
    Colour,
    Font,
    Rect,
    Theme,
    draw_text_centered,
    font,
    mix,
    text_on,
    text_width,
)
from rendering.kingsburg.context import _Ctx


def _good_colour(theme: Theme, good: str) -> Colour:
    return {"gold": theme.gold, "wood": theme.wood, "stone": theme.stone}[good]


def draw_cube(
    draw: ImageDraw.ImageDraw, x: float, y: float, side: float, colours: Sequence[Colour]
) -> None:
    """A goods cube seen from above-front: a lighter top face over the front face.

    One colour is a plain good; three colours (gold, wood, stone in stripes) mean "any good".
    """
    n = len(colours)
    top = side * 0.3
    for i, colour in enumerate(colours):
        a = x + side * i / n
        b = x + side * (i + 1) / n
        draw.rectangle((a, y + top, b, y + side), fill=colour)
        draw.polygon(
            [(a + top * 0.5, y), (b + top * 0.5, y), (b, y + top), (a, y + top)],
            fill=mix(colour, "#ffffff", 0.35),
        )
    # Right-hand side face in shadow, then one outline so the cube reads on any background.
    draw.polygon(
        [
            (x + side, y + top),
            (x + side + top * 0.5, y),
            (x + side + top * 0.5, y + side - top),
            (x + side, y + side),
        ],
        fill=mix(colours[-1], "#000000", 0.35),
    )
    draw.line(
        [
            (x, y + top),
            (x + top * 0.5, y),
            (x + side + top * 0.5, y),
            (x + side + top * 0.5, y + side - top),
            (x + side, y + side),
            (x, y + side),
            (x, y + top),
            (x + side, y + top),
            (x + side + top * 0.5, y),
        ],
        fill="#1a1a1a",
        width=max(1, round(side * 0.07)),
    )
    draw.line(
        [(x + side, y + top), (x + side, y + side)],
        fill="#1a1a1a",
        width=max(1, round(side * 0.07)),
    )


def _chip(
    ctx: _Ctx,
    x: float,
    cy: float,
    text: str,
    fill: Colour,
    *,
    size: float = 18,
    bold: bool = True,
    outline: Colour | None = None,
) -> float:
    """A rounded label starting at x, vertically centred on cy; returns its width."""
    fnt = ctx.f(size, bold)
    w = text_width(text, fnt) + size * 0.7 * ctx.k
    h = size * 1.35 * ctx.k
    rect = Rect(x, cy - h / 2, x + w, cy + h / 2)
    ctx.draw.rounded_rectangle(
        rect.box(), radius=round(h * 0.3), fill=fill, outline=outline, width=max(1, round(ctx.k))
    )
    draw_text_centered(ctx.draw, rect.center, text, fnt, text_on(fill))
    return w


def _eye(ctx: _Ctx, x: float, cy: float, side: float) -> float:
    """A small eye (the General and Queen let you peek at the enemy); returns its width."""
    w, h = side * 1.3, side * 0.75
    ctx.draw.ellipse(
        (x, cy - h / 2, x + w, cy + h / 2),
        fill="#f4f4f4",
        outline="#1a1a1a",
        width=max(1, round(side * 0.08)),
    )
    r = h * 0.32
    ctx.draw.ellipse((x + w / 2 - r, cy - r, x + w / 2 + r, cy + r), fill="#2b4a7a")
    return w


def draw_number_die(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    value: int,
    theme: Theme,
    *,
    face: Colour,
    dimmed: bool = False,
) -> None:
    """A die showing its value as a bold digit: pips blur into each other once a phone shrinks
    the image to half size (a 5 and a 3 read alike), a digit does not. A placed (`dimmed`) die is
    hollow: the panel shows through, its face colour becomes a thick rim and the digit stays
    readable, so placed and unplaced dice differ in shape, not just in shade."""
    side = min(rect.width, rect.height)
    radius = max(2, int(side * 0.2))
    if dimmed:
        rim = face if face != theme.die_face else theme.text_muted
        draw.rounded_rectangle(
            rect.box(),
            radius=radius,
            fill=theme.background,
            outline=rim,
            width=max(2, int(side * 0.14)),
        )
        draw_text_centered(
            draw, rect.center, str(value), _digit_font(max(8, round(side * 0.78))), theme.text_muted
        )
        return
    ink = theme.die_pip if face == theme.die_face else text_on(face)
    draw.rounded_rectangle(
        rect.box(), radius=radius, fill=face, outline="#111111", width=max(1, int(side * 0.06))
    )
    draw_text_centered(draw, rect.center, str(value), _digit_font(max(8, round(side * 0.78))), ink)


@functools.lru_cache(maxsize=64)
def _digit_font(size: int) -> Font:
    return font(size, True)


def _dice_row(
    ctx: _Ctx,
    x: float,
    y: float,
    side: float,
    dice: Sequence[tuple[int, Colour, bool]],
    gap: float,
) -> float:
    """Dice (value, face colour, dimmed) left to right from (x, y); returns the width used."""
    cx = x
    for value, face, dimmed in dice:
        draw_number_die(
            ctx.draw, Rect(cx, y, cx + side, y + side), value, ctx.theme, face=face, dimmed=dimmed
        )
        cx += side + gap
    return cx - x - (gap if dice else 0)
