"""The rating-history chart of `/game profile`: one line per game, the displayed rating before
the first rated game and after each one.

    image = ratingchart.render("Ann: rating", [("Kingsburg", (1000, 1041, 1075))])
    data = ratingchart.render_png(title, series)

Built on the kit (`rendering.base`): a fixed size (800 x 500, whatever the history), the theme's
colours, each line marked with its game's letter at its end and in the legend (so no one needs
to tell the colours apart), and text no smaller than `min_text_px` (11 px at 400 px wide).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from bot.i18n import say, tr_c, tr_n
from rendering.base import (
    DEFAULT,
    Rect,
    Theme,
    draw_panel,
    draw_seat_badge,
    ellipsize,
    finish,
    fit_font,
    font,
    min_text_px,
    new_canvas,
    to_png_bytes,
)

__all__ = ["HEIGHT", "WIDTH", "render", "render_png"]

WIDTH, HEIGHT = 800, 560
LEGEND_COLUMNS = 2
MAX_SERIES = 5
"""Lines drawn at most (one per game; the games are five)."""


def _nice_range(values: Sequence[int]) -> tuple[int, int]:
    """Axis bounds: from a multiple of 50 below the values, in four steps of a multiple of 25
    (at least 25), so every grid line is a round rating."""
    low = 50 * math.floor(min(values) / 50)
    step = max(25, 25 * math.ceil((max(values) - low) / 4 / 25))
    return low, low + 4 * step


def render(
    title: str,
    series: Sequence[tuple[str, Sequence[int]]],
    *,
    theme: Theme = DEFAULT,
) -> Image.Image:
    """Draw the chart: `series` is (game name, ratings in order) per game."""
    title = say(title)
    shown = [(say(name), tuple(values)) for name, values in series[:MAX_SERIES] if values]
    image, draw = new_canvas(WIDTH, HEIGHT, theme)
    small = min_text_px(WIDTH)  # 22 px: 11 px at 400 px wide
    pad = 20
    title_font = fit_font(title, WIDTH - 2 * pad, 32, min_size=small, bold=True)
    draw.text(
        (pad, pad),
        ellipsize(title, title_font, WIDTH - 2 * pad),
        font=title_font,
        fill=theme.text,
        anchor="la",
    )
    badge = 30
    rows = -(-MAX_SERIES // LEGEND_COLUMNS)
    legend_y = HEIGHT - pad - rows * (badge + 8)
    plot = Rect(pad + 80, pad + 56, WIDTH - pad - 40, legend_y - 2 * pad - small)
    draw_panel(draw, Rect(plot.x0 - 8, plot.y0 - 8, plot.x1 + 8, plot.y1 + 8), theme, radius=10)
    if not shown:
        return finish(image, draw)
    everything = [v for _, values in shown for v in values]
    low, high = _nice_range(everything)
    longest = max(len(values) for _, values in shown)
    label_font = font(small)

    def y_of(value: float) -> float:
        return plot.y1 - (value - low) / (high - low) * plot.height

    def x_of(index: int) -> float:
        return plot.x0 + (index / max(1, longest - 1)) * plot.width

    # Grid lines and their ratings, four steps.
    for k in range(5):
        value = low + (high - low) * k / 4
        y = y_of(value)
        draw.line((plot.x0, y, plot.x1, y), fill=theme.panel_border, width=1)
        draw.text(
            (plot.x0 - 12, y),
            f"{round(value)}",
            font=label_font,
            fill=theme.text_muted,
            anchor="rm",
        )
    draw.text(
        (plot.x1, plot.y1 + 14),
        tr_n("{n} game", "{n} games", longest - 1),
        font=label_font,
        fill=theme.text_muted,
        anchor="ra",
    )
    draw.text(
        (plot.x0, plot.y1 + 14),
        tr_c("the rating chart's first point", "start"),
        font=label_font,
        fill=theme.text_muted,
        anchor="la",
    )
    for i, (_, values) in enumerate(shown):
        colour = theme.seat_colour(i)
        points = [(x_of(j), y_of(v)) for j, v in enumerate(values)]
        if len(points) > 1:
            # A light edge under each line: the darker seat colours stay clear of the panel.
            draw.line(points, fill=theme.text, width=9, joint="curve")
            draw.line(points, fill=colour, width=5, joint="curve")
        x, y = points[-1]
        draw_seat_badge(
            draw,
            Rect(x - badge / 2, y - badge / 2, x + badge / 2, y + badge / 2),
            colour,
            _letter(i),
        )
    # Legend: badge, game name and rating now; two to a row.
    column = (WIDTH - 2 * pad) / LEGEND_COLUMNS
    for i, (name, values) in enumerate(shown):
        row, col = divmod(i, LEGEND_COLUMNS)
        x = pad + col * column
        y = legend_y + row * (badge + 8)
        draw_seat_badge(draw, Rect(x, y, x + badge, y + badge), theme.seat_colour(i), _letter(i))
        text = ellipsize(f"{name} {values[-1]}", label_font, column - badge - 20)
        draw.text(
            (x + badge + 8, y + badge / 2), text, font=label_font, fill=theme.text, anchor="lm"
        )
    return finish(image, draw)


def _letter(index: int) -> str:
    return "ABCDE"[index]


def render_png(
    title: str, series: Sequence[tuple[str, Sequence[int]]], *, theme: Theme = DEFAULT
) -> bytes:
    """`render`, encoded as PNG."""
    return to_png_bytes(render(title, series, theme=theme))
