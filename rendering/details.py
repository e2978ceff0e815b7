"""The details sheet: per-player text that does not fit the public board (a whole hand, every
apprentice and building, a building legend), drawn on demand as one image of wrapped blocks.

    image = details_sheet("Architects: details", blocks, theme=theme, size=800)

Nothing on it is ever cut: every line wraps, and the image grows as tall as its text needs
(this image is asked for by one player, so it has no fixed size). A game's renderer builds the
blocks from its view in `render_details(view, ...)`; `rendering.render_details` dispatches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.i18n import say
from rendering.base import (
    DEFAULT,
    Colour,
    Rect,
    Theme,
    draw_panel,
    draw_seat_badge,
    draw_text,
    finish,
    fit_name,
    font,
    min_text_px,
    new_canvas,
    text_width,
    wrap_text,
)

WIDTH = 800
MIN_SIZE, MAX_SIZE = 480, 1600
TEXT = min_text_px(WIDTH)  # 22 px at 800: 11 px on a phone
LINE = TEXT + 8
PAD = 12
INNER = 10
HEAD = 40
TITLE = 46


@dataclass(frozen=True, slots=True)
class DetailBlock:
    """One panel of the sheet: a heading (a seat's name, or a caption), with the seat's colour
    and letter when it is a seat's, then paragraphs wrapped in full."""

    heading: str
    paragraphs: tuple[str, ...]
    colour: Colour | None = None
    letter: str = ""


def _block_lines(block: DetailBlock, width: float) -> list[str]:
    fnt = font(TEXT)
    return [line for text in block.paragraphs for line in wrap_text(say(text), fnt, width)]


def details_sheet(
    title: str,
    blocks: Sequence[DetailBlock],
    *,
    theme: Theme = DEFAULT,
    size: int = WIDTH,
) -> Image.Image:
    """The blocks one below the other under `title`, every paragraph wrapped to the panel's
    width (never cut); laid out at 800 px and scaled to `size` (480..1600)."""
    inner = WIDTH - 2 * PAD - 2 * INNER
    laid = [(block, _block_lines(block, inner)) for block in blocks]
    height = TITLE + sum(HEAD + LINE * len(lines) + 8 + PAD for _, lines in laid) + PAD
    image, draw = new_canvas(WIDTH, height, theme)
    title_font = font(28, True)
    title = say(title)
    draw_text(draw, (PAD, 8), fit_name(title, title_font, WIDTH - 2 * PAD), title_font, theme.text)
    y = TITLE
    for block, lines in laid:
        rect = Rect(PAD, y, WIDTH - PAD, y + HEAD + LINE * len(lines) + 8)
        draw_panel(draw, rect, theme, radius=8)
        x = rect.x0 + INNER
        if block.colour is not None:
            side = TEXT * 1.3
            badge = Rect(x, rect.y0 + 7, x + side, rect.y0 + 7 + side)
            draw_seat_badge(draw, badge, block.colour, block.letter or "?")
            x += side + 10
        head_font = font(24, True)
        heading = fit_name(say(block.heading), head_font, rect.x1 - INNER - x)
        draw_text(draw, (x, rect.y0 + 8), heading, head_font, theme.text)
        for k, line in enumerate(lines):
            xy = (rect.x0 + INNER, rect.y0 + HEAD + k * LINE)
            draw_text(draw, xy, line, font(TEXT), theme.text)
        y = rect.y1 + PAD
    width = max(MIN_SIZE, min(MAX_SIZE, int(size)))
    if width != WIDTH:
        image = image.resize((width, round(height * width / WIDTH)), Image.Resampling.LANCZOS)
    return finish(image, draw)


def widest_line(blocks: Sequence[DetailBlock]) -> float:
    """The widest wrapped line of `blocks` (a check that nothing runs past a panel)."""
    inner = WIDTH - 2 * PAD - 2 * INNER
    fnt = font(TEXT)
    return max(
        (text_width(line, fnt) for block in blocks for line in _block_lines(block, inner)),
        default=0.0,
    )
