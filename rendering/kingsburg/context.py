"""The drawing context shared by Kingsburg's drawing functions (`_Ctx`: draw, theme, scale,
view, names; fonts fitted to a width, seat colours, letters, badges and names)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import ImageDraw

from bot.i18n import say, tr
from rendering.base import (
    Colour,
    Font,
    Rect,
    Theme,
    draw_seat_badge,
    drawable_text,
    fit_name,
    font,
    seat_letter,
    text_width,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import KingsburgView
    from bot.games.protocol import Seat


@dataclass(frozen=True, slots=True)
class _Ctx:
    """Everything the drawing functions share for one image."""

    draw: ImageDraw.ImageDraw
    theme: Theme
    k: float
    t: int
    view: KingsburgView
    names: dict[Seat, str]

    def f(self, size: float, bold: bool = False) -> Font:
        """The UI font at a reference size (scaled to the image width, never below the phone
        minimum)."""
        return font(max(self.t, round(size * self.k)), bold)

    def fit(self, text: str, max_width: float, size: float, bold: bool = False) -> Font:
        """The largest scaled font <= `size` fitting `text` in `max_width`, never below the phone
        minimum (callers cut what still does not fit with `ellipsize`)."""
        return _fit(text, round(max_width), max(self.t, round(size * self.k)), bold, self.t)

    def seat_colour(self, seat: Seat | int | None) -> Colour:
        if seat is None:
            return self.theme.neutral_die
        colour = self.view.seats[seat].colour if 0 <= seat < len(self.view.seats) else int(seat)
        try:
            return self.theme.seat_colour(colour)
        except KeyError:
            return self.theme.seat_colour(int(seat))

    def letter(self, seat: Seat | int | None) -> str:
        """The seat's letter (R, B, G, Y, P), "-" for the two-player dummy dice."""
        if seat is None:
            return "-"
        if 0 <= seat < len(self.view.seats):
            return seat_letter(self.view.seats[seat].colour)
        return seat_letter(int(seat))

    def badge(
        self, seat: Seat | int | None, x: float, cy: float, side: float, round_shape: bool = False
    ) -> float:
        """The seat's colour with its letter, left edge at x, centred on cy; returns its width."""
        side = max(side, self.t / 0.78)
        draw_seat_badge(
            self.draw,
            Rect(x, cy - side / 2, x + side, cy + side / 2),
            self.seat_colour(seat),
            self.letter(seat),
            round_shape=round_shape,
        )
        return side

    def name(self, seat: Seat | int) -> str:
        """The display name (without characters the font cannot draw), else the colour."""
        given = _drawable(self.names.get(seat) or "")  # type: ignore[call-overload]
        if given:
            return given
        if 0 <= seat < len(self.view.seats):
            return say(self.view.seats[seat].colour).capitalize()
        return tr("Player {number}", number=int(seat) + 1)

    def fit_name(
        self, seat: Seat | int, max_width: float, size: float, bold: bool = False
    ) -> tuple[str, Font]:
        """A seat's name and font for `max_width`, cut with an ellipsis if still too long."""
        name = self.name(seat)
        fnt = self.fit(name, max_width, size, bold)
        return fit_name(name, fnt, max(max_width, 0)), fnt


@functools.lru_cache(maxsize=256)
def _drawable(name: str) -> str:
    # Bold DejaVu covers a little less than regular: a name drawable in bold is drawable in both.
    return drawable_text(name, font(24, True))


@functools.lru_cache(maxsize=1024)
def _fit(text: str, max_width: int, size: int, bold: bool, low: int) -> Font:
    # Cached: the same labels are fitted on every render, and measuring text is the slow part.
    while size > low and text_width(text, font(size, bold)) > max_width:
        size -= 1
    return font(size, bold)
