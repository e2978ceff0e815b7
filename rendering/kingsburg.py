"""Kingsburg board image: calendar, scores, the last winter, the King's court, every governor's
province and a legend of the buildings.

`render(view)` is pure and deterministic: the same `KingsburgView` and options always give the same
pixels. It reads only the view and the static component data (`bot.games.kingsburg.data`: building
and advisor names, costs, gifts), never the game state or rules. Hidden information is whatever the
view carries: the private peek appears only when `view.peeked_enemy` is set, which the engine does
only in the view built for the seat that looked.

Built for a phone: the image is drawn for any width, but its smallest text is always at least 11 px
once it is shown 400 px wide (28 px at the 1000 px default), and its size depends only on the
width and the number of players (every section has a fixed height), so it never jumps in the chat.
Layout (one column), top to bottom:
- a title bar (year and phase);
- the calendar: years I-V (enemy strength range on the card backs, or the enemy met), the eight
  phases with the current one highlighted, the turn order (discs with the seat letter, the King's
  Envoy's holder ringed in gold, with its legend always), and the current step with the seats
  awaited;
- the scores: VP and soldiers of every governor in turn order;
- the last winter (or this winter's enemy): the card, each governor's result and gains, and the
  viewer's private peek;
- the King's court: 18 advisors (number, name, gift icons) with the dice groups on them, each group
  led by its owner's letter; once the game is over the final ranking takes its place;
- one panel per governor in turn order: turn position, letter and name, VP, goods, "+2" tokens,
  soldiers, this season's dice (placed dice hollow) and what it owes, with the province sheet as
  a 4 x 5 grid of building codes (built ones in the seat colour);
- the buildings legend: code, name, cost, VP and effect of each of the 20 buildings.
Every mark in a seat colour also carries the seat's letter (R, B, G, Y, P).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.kingsburg import data as D
from bot.i18n import N_, current_language, say, tr, tr_n
from rendering.base import (
    DEFAULT,
    Colour,
    Font,
    Rect,
    Theme,
    canvas_from,
    clamp,
    draw_panel,
    draw_seat_badge,
    draw_text,
    draw_text_centered,
    drawable_text,
    ellipsize,
    finish,
    fit_name,
    font,
    min_text_px,
    mix,
    new_canvas,
    seat_letter,
    static_layer,
    text_on,
    text_width,
    wrap_text,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import (
        BattleRecord,
        DiceGroupView,
        KingsburgView,
        SeatView,
    )
    from bot.games.protocol import Seat

DEFAULT_WIDTH = 800
"""Default image width: the board is tall, and 800 px keeps every text >= 22 px (11 px on a
phone) with a third fewer pixels to draw and encode than 1000 px."""
MIN_WIDTH = 480
MAX_WIDTH = 1600

ROMAN = D.ROMAN
PHASE_SHORT: tuple[str, ...] = (
    N_("Aid"),
    N_("Spring"),
    N_("Reward"),
    N_("Summer"),
    N_("Envoy"),
    N_("Autumn"),
    N_("Recruit"),
    N_("Winter"),
)
"""Short phase names (the title bar names the current one)."""

SHEET_CODES: dict[str, str] = {
    "statue": "St",
    "chapel": "Ch",
    "church": "Cu",
    "cathedral": "Ca",
    "inn": "In",
    "market": "Ma",
    "farms": "Fa",
    "merchants-guild": "MG",
    "guard-tower": "GT",
    "blacksmith": "Bs",
    "barracks": "Ba",
    "wizards-guild": "WG",
    "palisade": "Pa",
    "stables": "Sb",
    "stone-wall": "SW",
    "fortress": "Fo",
    "barricade": "Bc",
    "crane": "Cr",
    "town-hall": "TH",
    "embassy": "Em",
}
"""Two-letter codes on the province sheets; the legend at the bottom spells each one out."""

BUILDING_NOTES: dict[str, str] = {
    "statue": N_("all alike: reroll one *"),
    "chapel": N_("total \u2264 7: reroll all *"),
    "church": N_("+1 vs Demons"),
    "cathedral": N_("end: 1 VP per 2 goods"),
    "inn": N_('"+2" token each summer'),
    "market": N_("one group \u00b11 *"),
    "farms": N_("white die; \u22121 battle"),
    "merchants-guild": N_("+1 gold before rolls"),
    "guard-tower": N_("+1 in battle"),
    "blacksmith": N_("+1 in battle"),
    "barracks": N_("soldiers: 1 good each"),
    "wizards-guild": N_("+2 in battle"),
    "palisade": N_("+1 battle, +2 Zombies"),
    "stables": N_("+1 soldier at 5, 10, 18 *"),
    "stone-wall": N_("+1 battle; tie = win"),
    "fortress": N_("+1 battle; +1 VP a win"),
    "barricade": N_("+1 vs Goblins"),
    "crane": N_("III, IV: 1 gold less *"),
    "town-hall": N_('"+2"/good \u2192 1 VP *'),
    "embassy": N_("+1 VP each season"),
}
"""Each building's effect in a few words for the legend (* = once a season); the rules text is
`Building.power`."""

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))

ENVOY_CHIP = N_("Envoy")
"""The chip in the King's Envoy holder's panel header (it always keeps its room there)."""

ENVOY_LEGEND = N_("gold ring = King's Envoy")

COURT_DIE = 38
"""Die size on an advisor at 1000 px (its digit stays >= the phone minimum)."""

PLAYER_DIE = 42
"""Die size in a governor's panel at 1000 px."""

# Reference lengths at 1000 px wide; `compute_layout` scales them by width / 1000.
_REFERENCE_WIDTH = 1000
_T = 28  # smallest text
_PAD = 16  # outer margin
_GAP = 10  # between sections
_INNER = 12  # inside a panel
_HEADER_H = 60
_CAL_YEAR_H = 70
_CAL_PHASE_H = 52
_CAL_TURN_H = 52
_CAL_NOW_H = 46
_CAL_H = 2 * _INNER + _CAL_YEAR_H + _CAL_PHASE_H + _CAL_TURN_H + _CAL_NOW_H + 3 * 8
_LINE = 38  # one line of 28 px text
_LAST_H = 2 * _INNER + 2 * _LINE - 6
"""The "Last:" lines under the calendar: the newest public events that fit in two lines."""
_COURT_TITLE_H = 44
_COURT_CELL_H = 132
_COURT_COLS = 3
_COURT_ROWS = 6
_COURT_H = 2 * _INNER + _COURT_TITLE_H + _COURT_ROWS * _COURT_CELL_H + (_COURT_ROWS - 1) * 8
_SHEET_COL_W = 62
_SHEET_ROW_H = 44
_SHEET_GAP = 4
_SHEET_H = 2 * _INNER + 5 * _SHEET_ROW_H + 4 * _SHEET_GAP
"""A governor's whole province sheet (4 x 5 building codes), drawn in the details image."""
_PLAYER_COLS = 2
_PANEL_NAME_H = 44
_PANEL_GOODS_H = 44
_PANEL_DICE_H = 50
_PANEL_SLOTS = 3
"""Rows under the dice: the buildings built (codes in the seat colour), then the status."""
_PLAYER_H = 2 * _INNER + _PANEL_NAME_H + _PANEL_GOODS_H + _PANEL_DICE_H + _PANEL_SLOTS * _LINE
_LEGEND_COLS = 2
_LEGEND_H = 2 * _INNER + 44 + 10 * 2 * _LINE + 9 * 6
_NEWS_H = 2 * _INNER + _LINE + 2 * 44 + 8 + 2 * _LINE + 12
"""Heading, the win and lose boxes, then the private peek (two lines); each governor's own result
is in its panel."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every section goes, in pixels (pure numbers: tested without drawing).

    Every section is always there, so the size depends only on the width and the number of
    players. `court` is None once the game is over: `result` (the same box) shows the ranking
    instead. `players[seat]` is that seat's panel; panels run top to bottom in turn order.
    `news` holds the last winter (or this winter's enemy) and, at its foot, `peek`.
    """

    width: int
    height: int
    scale: float
    text: int
    header: Rect
    calendar: Rect
    last: Rect
    news: Rect
    peek: Rect
    court: Rect | None
    result: Rect | None
    players: tuple[Rect, ...]


def compute_layout(view: KingsburgView, width: int = DEFAULT_WIDTH) -> Layout:
    """The section boxes for `view` drawn `width` pixels wide (clamped to 480..1600)."""
    width = clamp(int(width), MIN_WIDTH, MAX_WIDTH)
    k = width / _REFERENCE_WIDTH
    text = max(min_text_px(width), round(_T * k))
    pad, gap = _PAD * k, _GAP * k
    x0, x1 = pad, width - pad
    y = pad * 0.75

    def take(height: float) -> Rect:
        nonlocal y
        rect = Rect(x0, y, x1, y + height * k)
        y = rect.y1 + gap
        return rect

    header = take(_HEADER_H)
    calendar = take(_CAL_H)
    last = take(_LAST_H)
    news = take(_NEWS_H)
    peek = Rect(
        news.x0 + _INNER * k,
        news.y1 - (_INNER + 2 * _LINE + 8) * k,
        news.x1 - _INNER * k,
        news.y1 - _INNER * k,
    )
    middle = take(_COURT_H)
    order = list(view.turn_order) + [s.seat for s in view.seats if s.seat not in view.turn_order]
    by_seat: dict[int, Rect] = {}
    # Two panels a row, in turn order (left to right, then down): phone-shaped at 5 players.
    row: Rect | None = None
    for i, seat in enumerate(order):
        col = i % _PLAYER_COLS
        if col == 0:
            row = take(_PLAYER_H)
        assert row is not None
        by_seat[int(seat)] = row.split_columns(_PLAYER_COLS, gap)[col]
    height = round(y - gap + pad * 0.75)
    players = tuple(by_seat[int(s.seat)] for s in view.seats)
    court = None if view.finished else middle
    result = middle if view.finished else None
    return Layout(
        width, height, k, text, header, calendar, last, news, peek, court, result, players
    )


def court_cells(rect: Rect, scale: float, count: int = 18) -> tuple[Rect, ...]:
    """Advisor boxes inside the court panel, row by row from #1 (3 per row)."""
    inner = _INNER * scale
    gap = 8 * scale
    top = rect.y0 + inner + _COURT_TITLE_H * scale
    area = Rect(rect.x0 + inner, top, rect.x1 - inner, top)
    cols = area.split_columns(_COURT_COLS, gap)
    cells = []
    for i in range(count):
        row, col = divmod(i, _COURT_COLS)
        c = cols[col]
        y0 = top + row * (_COURT_CELL_H + 8) * scale
        cells.append(Rect(c.x0, y0, c.x1, y0 + _COURT_CELL_H * scale))
    return tuple(cells)


def year_cells(rect: Rect, scale: float) -> tuple[Rect, ...]:
    """The five year boxes (I..V) in the calendar's top row."""
    inner = _INNER * scale
    y0 = rect.y0 + inner
    row = Rect(rect.x0 + inner, y0, rect.x1 - inner, y0 + _CAL_YEAR_H * scale)
    return row.split_columns(5, 8 * scale)


def phase_cells(rect: Rect, scale: float) -> tuple[Rect, ...]:
    """The eight calendar boxes (phase 1 leftmost) inside the calendar panel."""
    inner = _INNER * scale
    y0 = rect.y0 + inner + (_CAL_YEAR_H + 8) * scale
    row = Rect(rect.x0 + inner, y0, rect.x1 - inner, y0 + _CAL_PHASE_H * scale)
    return row.split_columns(8, 6 * scale)


def sheet_cells(panel: Rect, scale: float) -> dict[tuple[int, int], Rect]:
    """Province sheet boxes by (row 1..5, column 1..4) inside a player panel."""
    inner = _INNER * scale
    x0 = panel.x0 + inner
    y0 = panel.y0 + inner
    w, h, g = _SHEET_COL_W * scale, _SHEET_ROW_H * scale, _SHEET_GAP * scale
    return {
        (r, c): Rect(
            x0 + (c - 1) * (w + g),
            y0 + (r - 1) * (h + g),
            x0 + (c - 1) * (w + g) + w,
            y0 + (r - 1) * (h + g) + h,
        )
        for r in range(1, 6)
        for c in range(1, 5)
    }


def legend_cells(rect: Rect, scale: float) -> tuple[Rect, ...]:
    """One box per building (sheet order: row by row) in the legend, two columns."""
    inner = _INNER * scale
    top = rect.y0 + inner + 44 * scale
    area = Rect(rect.x0 + inner, top, rect.x1 - inner, top)
    cols = area.split_columns(_LEGEND_COLS, 16 * scale)
    out = []
    for i in range(len(D.BUILDINGS)):
        col, row = divmod(i, 10)
        y0 = top + row * (2 * _LINE + 6) * scale
        out.append(Rect(cols[col].x0, y0, cols[col].x1, y0 + 2 * _LINE * scale))
    return tuple(out)


# --------------------------------------------------------------------------------------------
# Entry point
# --------------------------------------------------------------------------------------------


def render(
    view: KingsburgView,
    *,
    theme: Theme = DEFAULT,
    size: int = DEFAULT_WIDTH,
    names: Mapping[Seat, str] | None = None,
) -> Image.Image:
    """Draw a Kingsburg position as seen by `view.viewer`.

    view: `bot.games.kingsburg.view.KingsburgView` (public position plus the viewer's own peek).
    theme: colours (see `rendering.base.Theme`; seat colours by colour name, goods, tokens...).
    size: image width in pixels, clamped to 480..1600; the height follows from the width and the
        number of players only.
    names: display names by seat (e.g. Discord nicknames); default: the seat colour.
    """
    layout = compute_layout(view, size)
    players = len(view.seats)
    layer = static_layer(
        ("kingsburg", players, view.finished, current_language()),
        (layout.width, layout.height),
        theme,
        lambda image, draw: _paint_static(draw, layout, theme, view.finished),
    )
    image, draw = canvas_from(layer)
    ctx = _Ctx(draw, theme, layout.scale, layout.text, view, dict(names or {}))
    _draw_title(ctx, layout.header)
    _draw_calendar(ctx, layout.calendar)
    _draw_last(ctx, layout.last)
    _draw_news(ctx, layout)
    if layout.court is not None:
        _draw_court(ctx, layout.court)
    if layout.result is not None:
        _draw_result(ctx, layout.result)
    for seat_view, rect in zip(view.seats, layout.players, strict=True):
        _draw_player(ctx, rect, seat_view)
    return finish(image, draw, (theme.background, theme.panel))


def _paint_static(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme, finished: bool) -> None:
    """Panels, labels and the court's advisors: the same on every move."""
    k = layout.scale
    ctx = _Ctx(draw, theme, k, layout.text, None, {})  # type: ignore[arg-type]
    for rect in (layout.header, layout.calendar, layout.last, layout.news):
        draw_panel(draw, rect, theme, radius=round(10 * k))
    if layout.court is not None or not finished:
        rect = layout.court or layout.result
        assert rect is not None
        draw_panel(draw, rect, theme, radius=round(10 * k))
        _paint_court(ctx, rect)
    else:
        assert layout.result is not None
        draw_panel(
            draw,
            layout.result,
            theme,
            fill=mix(theme.panel, theme.highlight, 0.15),
            border=theme.highlight,
            width=max(2, round(3 * k)),
        )
    for rect in layout.players:
        draw_panel(draw, rect, theme, radius=round(10 * k))
    # Calendar labels that never change: "Turn order", the Envoy legend.
    inner = _INNER * k
    cy = phase_cells(layout.calendar, k)[0].y1 + (8 + _CAL_TURN_H / 2) * k
    x = layout.calendar.x0 + inner
    draw.text((x, cy), tr("Turn order"), font=ctx.f(_T), fill=theme.text_muted, anchor="lm")


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


# --------------------------------------------------------------------------------------------
# Small pictures: goods cubes, "+2" tokens, chips, eye, dice rows
# --------------------------------------------------------------------------------------------


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


# --------------------------------------------------------------------------------------------
# Title, result, calendar
# --------------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------------
# Title, calendar, scores
# --------------------------------------------------------------------------------------------


def _draw_title(ctx: _Ctx, rect: Rect) -> None:
    view, theme, k = ctx.view, ctx.theme, ctx.k
    pad = 14 * k
    if view.finished:
        status, colour = tr("Game over"), theme.text
    else:
        status = tr(
            "Year {year} \u00b7 {phase}. {name}",
            year=ROMAN[view.year - 1],
            phase=view.phase,
            name=view.phase_name,
        )
        colour = theme.highlight
    sf = ctx.fit(status, rect.width * 0.68, 32, bold=True)
    status = ellipsize(status, sf, rect.width * 0.68)
    ctx.draw.text((rect.x1 - pad, rect.center[1]), status, font=sf, fill=colour, anchor="rm")
    room = rect.width - text_width(status, sf) - 3 * pad
    game = "Kingsburg"  # i18n-exempt: the game's name in every language
    tf = ctx.fit(game, room, 36, bold=True)
    ctx.draw.text(
        (rect.x0 + pad, rect.center[1]),
        ellipsize(game, tf, room),
        font=tf,
        fill=theme.text,
        anchor="lm",
    )


def enemy_label(name: str, strength: int, fnt: Font, width: float) -> str:
    """A past enemy and its strength for a year box: the name is shortened ("Barbari. 5")
    before the strength would be cut."""
    candidates = [f"{name} {strength}", f"{name}\u2009{strength}"]
    candidates += [f"{name[:cut]}.\u2009{strength}" for cut in range(len(name) - 2, 0, -1)]
    return next((t for t in candidates if text_width(t, fnt) <= width), str(strength))


def _calendar_cell(ctx: _Ctx, box: Rect, *, current: bool, done: bool) -> Colour:
    """Paint one year or phase box of the calendar: highlighted now, faded once past, darker to
    come; returns the fill so the caller can pick readable ink."""
    theme = ctx.theme
    if current:
        fill = theme.highlight
    elif done:
        fill = mix(theme.panel, theme.background, 0.6)
    else:
        fill = mix(theme.panel, "#000000", 0.15)
    draw_panel(
        ctx.draw,
        box,
        theme,
        fill=fill,
        radius=round(8 * ctx.k),
        border=theme.highlight if current else theme.panel_border,
    )
    return fill


def _draw_calendar(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    inner = _INNER * k
    past = {b.year: b for b in view.past_battles}
    for i, box in enumerate(year_cells(rect, k)):
        year = i + 1
        current = year == view.year and not view.finished
        done = year < view.year or view.finished or year in past
        fill = _calendar_cell(ctx, box, current=current, done=done)
        ink = text_on(fill) if current else theme.text
        draw_text_centered(
            draw, (box.center[0], box.y0 + box.height * 0.3), ROMAN[i], ctx.f(30, True), ink
        )
        if year in past:
            b = past[year]
            sub = enemy_label(say(b.enemy.enemy), b.enemy.strength, ctx.f(_T), box.width - 8 * k)
        elif i < len(view.strength_ranges):
            lo, hi = view.strength_ranges[i]
            sub = tr("enemy {low}\u2013{high}", low=lo, high=hi)
        else:
            sub = ""
        sub_font = ctx.fit(sub, box.width - 8 * k, _T)
        draw_text_centered(
            draw,
            (box.center[0], box.y0 + box.height * 0.72),
            ellipsize(sub, sub_font, box.width - 8 * k),
            sub_font,
            ink if current else (theme.text if done else theme.text_muted),
        )
    for i, box in enumerate(phase_cells(rect, k)):
        phase = i + 1
        current = phase == view.phase and not view.finished
        done = phase < view.phase or view.finished
        fill = _calendar_cell(ctx, box, current=current, done=done)
        ink = text_on(fill) if current else (theme.text_muted if done else theme.text)
        draw_text_centered(draw, box.center, str(phase), ctx.f(_T, True), ink)

    # Turn order: discs with the seat letter, first player leftmost; the Envoy ringed in gold.
    cy = phase_cells(rect, k)[0].y1 + (8 + _CAL_TURN_H / 2) * k
    x = rect.x0 + inner + text_width(tr("Turn order"), ctx.f(_T)) + 12 * k
    disc = 40 * k
    for seat in view.turn_order:
        if seat == view.envoy_holder:
            ring = 5 * k
            side = max(disc, ctx.t / 0.78)
            draw.ellipse(
                (x - ring, cy - side / 2 - ring, x + side + ring, cy + side / 2 + ring),
                fill=theme.token,
            )
        x += ctx.badge(seat, x, cy, disc, round_shape=True) + 14 * k
    room = rect.x1 - inner - x
    legend = tr(ENVOY_LEGEND)
    legend_font = ctx.fit(legend, room, _T)
    draw.text(
        (x, cy),
        ellipsize(legend, legend_font, room),
        font=legend_font,
        fill=theme.text_muted,
        anchor="lm",
    )

    # Now: the step and who is awaited.
    y = cy + (_CAL_TURN_H / 2 + 8 + _CAL_NOW_H / 2) * k
    x = rect.x0 + inner
    right = rect.x1 - inner
    if view.finished:
        draw.text(
            (x, y),
            tr("The five years are over."),
            font=ctx.f(_T, True),
            fill=theme.text,
            anchor="lm",
        )
        return
    lead = tr("Now: {step}", step=view.step_name)
    lead_font = ctx.f(_T, True)
    lead = ellipsize(lead, lead_font, (right - x) * 0.62)
    x += draw_text(draw, (x, y), lead, lead_font, theme.text, "lm") + 12 * k
    waiting = [s for s in view.turn_order if s in view.to_act]
    if not waiting:
        return
    if len(waiting) == len(view.seats) and len(waiting) > 2:
        text = ellipsize(tr("waiting for everyone"), ctx.f(_T), right - x)
        draw.text((x, y), text, font=ctx.f(_T), fill=theme.highlight, anchor="lm")
        return
    label = tr("waiting for")
    if x + text_width(label, ctx.f(_T)) + 40 * k < right:
        x += draw_text(draw, (x, y), label, ctx.f(_T), theme.highlight, "lm") + 10 * k
    for seat in waiting:
        side = max(34 * k, ctx.t / 0.78)
        if x + side > right:
            break
        x += ctx.badge(seat, x, y, side) + 8 * k


def last_lines(events: Sequence[str], fnt: Font, width: float, rows: int = 2) -> list[str]:
    """ "Last: ..." wrapped on at most `rows` lines: the newest public events that fit whole,
    oldest first; events left out are counted ("+3 earlier in /game history") rather than cut.
    Only a single event longer than all the rows is cut, at a word."""
    events = [say(e) for e in events if e]
    if not events:
        return [tr("Last: nothing yet")]
    for first in range(len(events)):
        shown = " \u00b7 ".join(events[first:])
        if first:
            text = tr_n(
                "Last: {events} (+{n} earlier in /game history)",
                "Last: {events} (+{n} earlier in /game history)",
                first,
                events=shown,
            )
        else:
            text = tr("Last: {events}", events=shown)
        lines = wrap_text(text, fnt, width)
        if len(lines) <= rows and all(text_width(line, fnt) <= width for line in lines):
            return lines
    words = tr("Last: {events}", events=events[-1]).split()
    while words:
        lines = wrap_text(" ".join(words) + " …", fnt, width)
        if len(lines) <= rows:
            return lines
        words.pop()
    return [tr("Last: see /game history")]


def _draw_last(ctx: _Ctx, rect: Rect) -> None:
    """The last move: the newest public events, whole, on up to two lines."""
    inner = _INNER * ctx.k
    fnt = ctx.f(_T)
    lines = last_lines(ctx.view.last_events, fnt, rect.width - 2 * inner)
    y = rect.y0 + inner
    for line in lines:
        ctx.draw.text((rect.x0 + inner, y), line, font=fnt, fill=ctx.theme.text, anchor="la")
        y += _LINE * ctx.k


# --------------------------------------------------------------------------------------------
# The last winter, this winter's enemy, the private peek
# --------------------------------------------------------------------------------------------


def _draw_news(ctx: _Ctx, layout: Layout) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    rect = layout.news
    inner = _INNER * k
    x0, x1 = rect.x0 + inner, rect.x1 - inner
    y = rect.y0 + inner + _LINE * k / 2
    battle = last_battle(view)
    card = battle.enemy if battle is not None else (view.enemy if not view.finished else None)
    if card is None:
        draw.text(
            (x0, y),
            tr("No winter fought yet: each battle's enemy and results show here."),
            font=ctx.f(_T),
            fill=theme.text_muted,
            anchor="lm",
        )
    else:
        if battle is not None:
            heading = winter_heading(view, battle)
        else:
            if view.kings_die is not None:
                heading = tr(
                    "This winter (year {year}): {enemy} \u00b7 King's die {die}",
                    year=ROMAN[card.year - 1],
                    enemy=card.enemy,
                    die=view.kings_die,
                )
            else:
                heading = tr(
                    "This winter (year {year}): {enemy}",
                    year=ROMAN[card.year - 1],
                    enemy=card.enemy,
                )
        heading = tr(
            "{heading} \u00b7 strength {strength}", heading=heading, strength=card.strength
        )
        hf = ctx.f(_T, True)
        draw.text((x0, y), ellipsize(heading, hf, x1 - x0), font=hf, fill=theme.text, anchor="lm")
        top = y + _LINE * k / 2 + 4 * k
        for i, (label, fill) in enumerate(
            (
                (tr("Win: {effect}", effect=card.reward), theme.reward),
                (tr("Lose: {effect}", effect=card.penalty), theme.penalty),
            )
        ):
            box = Rect(x0, top + i * 44 * k, x1, top + (i * 44 + 40) * k)
            draw.rounded_rectangle(box.box(), radius=round(6 * k), fill=fill)
            line = label
            fnt = ctx.f(_T)
            draw.text(
                (box.x0 + 8 * k, box.center[1]),
                ellipsize(line, fnt, box.width - 16 * k),
                font=fnt,
                fill="#ffffff",
                anchor="lm",
            )
    _draw_peek(ctx, layout.peek)


def _draw_peek(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    card = view.peeked_enemy
    if card is None:
        return
    draw.rounded_rectangle(
        rect.box(),
        radius=round(8 * k),
        fill=mix(theme.panel, theme.private, 0.7),
        outline=theme.highlight,
        width=max(2, round(3 * k)),
    )
    x0, x1 = rect.x0 + 10 * k, rect.x1 - 10 * k
    year = ROMAN[card.year - 1]
    enemy, strength = card.enemy, card.strength
    firsts = (
        tr(
            "Only you can see this: the year {year} enemy is {enemy}, strength {strength}",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
        tr(
            "Only you: the year {year} enemy is {enemy}, strength {strength}",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
        tr(
            "Only you: {enemy}, strength {strength} (year {year})",
            year=year,
            enemy=enemy,
            strength=strength,
        ),
    )
    seconds = (
        tr("Win: {reward} \u00b7 Lose: {penalty}", reward=card.reward, penalty=card.penalty),
        tr("Win {reward} \u00b7 Lose {penalty}", reward=card.reward, penalty=card.penalty),
    )
    y = rect.y0 + 4 * k + _LINE * k / 2
    for forms, bold, colour in ((firsts, True, theme.highlight), (seconds, False, theme.text)):
        fnt = ctx.f(_T, bold)
        text = next((f for f in forms if text_width(f, fnt) <= x1 - x0), forms[-1])
        draw.text((x0, y), ellipsize(text, fnt, x1 - x0), font=fnt, fill=colour, anchor="lm")
        y += _LINE * k


RESULT_WORDS = {"won": N_("won"), "tied": N_("tied"), "lost": N_("lost")}


def _result_word(result: str) -> str:
    """A battle result ("won", "tied", "lost") in the reader's words."""
    return tr(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def winter_heading(view: KingsburgView, battle: BattleRecord) -> str:
    """ "Last winter (year II): Zombies, King's die 2" or "This winter ..." during the battle."""
    params = {"year": ROMAN[battle.year - 1], "enemy": battle.enemy.enemy, "die": battle.kings_die}
    if battle.year == view.year and not view.finished:
        return tr("This winter (year {year}): {enemy} \u00b7 King's die {die}", **params)
    return tr("Last winter (year {year}): {enemy} \u00b7 King's die {die}", **params)


def winter_lines(battle: BattleRecord, seat: Seat) -> tuple[str, str]:
    """A governor's battle in two short texts: "won 6 vs 5" and what it gained or lost."""
    combat = dict(battle.combat).get(seat)
    result = dict(battle.results).get(seat, "")
    first = tr(
        "{result} {combat} vs {strength}",
        result=_result_word(result),
        combat=combat,
        strength=battle.enemy.strength,
    )
    effects = {e.seat: say(e.text) for e in getattr(battle, "effects", ())}
    return first, effects.get(seat, "")


def last_battle(view: KingsburgView) -> BattleRecord | None:
    """The winter to show: the most recent battle, unless this year's enemy is already revealed
    without a recorded battle (then that enemy shows instead)."""
    battle = view.last_battle or (view.past_battles[-1] if view.past_battles else None)
    if battle is None:
        return None
    if view.enemy is not None and battle.year != view.year and not view.finished:
        return None
    return battle


# --------------------------------------------------------------------------------------------
# The King's court (advisors static, dice per move) and the final ranking
# --------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=32)
def _gift_tokens(number: int) -> tuple[tuple[str, object], ...]:
    """The advisor's gift as icons: ("cube", good), ("any", n), ("or",), ("to",), ("plus2",),
    ("vp", n), ("soldier", n), ("eye",)."""
    a = D.ADVISOR_BY_NUMBER[number]
    out: list[tuple[str, object]] = []

    def cubes(goods: tuple[int, int, int]) -> None:
        for good, n in zip(D.GOODS, goods, strict=True):
            out.extend([("cube", good)] * n)

    if a.kind == D.GiftKind.CHOICE:
        for i, bundle in enumerate(a.choices):
            if i:
                out.append(("or", None))
            cubes(bundle)
        return tuple(out)
    if a.kind == D.GiftKind.ALCHEMIST:
        return (("any", 1), ("to", None), ("any", 2))
    if a.kind == D.GiftKind.SMUGGLER:
        return (("vp", -1), ("to", None), ("any", a.goods_of_choice))
    cubes(a.goods)
    if a.goods_of_choice:
        out.append(("any", a.goods_of_choice))
    if a.plus_two:
        out.append(("plus2", None))
    if a.soldiers:
        out.append(("soldier", a.soldiers))
    if a.peek:
        out.append(("eye", None))
    if a.vp:
        out.append(("vp", a.vp))
    return tuple(out)


def _draw_gift(ctx: _Ctx, x: float, cy: float, number: int, max_x: float) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    side = 26 * k
    gap = 5 * k
    fnt = ctx.f(_T, True)
    for kind, arg in _gift_tokens(number):
        if x > max_x:
            break
        if kind == "cube":
            draw_cube(draw, x, cy - side / 2, side, (_good_colour(theme, str(arg)),))
            x += side * 1.15 + gap
        elif kind == "any":
            for _ in range(int(arg)):  # type: ignore[call-overload]
                draw_cube(draw, x, cy - side / 2, side, (theme.gold, theme.wood, theme.stone))
                x += side * 1.15 + gap
        elif kind in ("or", "to"):
            glyph = "/" if kind == "or" else "\u2192"
            x += draw_text(draw, (x, cy), glyph, fnt, theme.text_muted, "lm") + gap
        elif kind == "plus2":
            x += _chip(ctx, x, cy, "+2", theme.token, size=_T) + gap
        elif kind == "soldier":
            x += draw_text(draw, (x, cy), f"{arg}\u2694", fnt, theme.text, "lm") + gap
        elif kind == "eye":
            x += _eye(ctx, x, cy, side) + gap
        elif kind == "vp":
            points = f"{int(arg):+d}" if int(arg) < 0 else f"{arg}"  # type: ignore[call-overload]
            label = tr("{vp} VP", vp=points)
            x += draw_text(draw, (x, cy), label, fnt, theme.gold, "lm") + gap


def _paint_court(ctx: _Ctx, rect: Rect) -> None:
    """The advisors as printed: number badge, name and gift (the static part of the court)."""
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    inner = _INNER * k
    draw.text(
        (rect.x0 + inner, rect.y0 + inner + _COURT_TITLE_H * k * 0.45),
        tr("The King's court"),
        font=ctx.f(32, True),
        fill=theme.text,
        anchor="lm",
    )
    base_fill = mix(theme.panel, theme.background, 0.45)
    for advisor, cell in zip(D.ADVISORS, court_cells(rect, k), strict=True):
        draw.rounded_rectangle(
            cell.box(),
            radius=round(8 * k),
            fill=base_fill,
            outline=theme.panel_border,
            width=max(1, round(2 * k)),
        )
        pad = 6 * k
        nb = 38 * k
        badge = Rect(cell.x0 + pad, cell.y0 + pad, cell.x0 + pad + nb, cell.y0 + pad + nb)
        draw.rounded_rectangle(badge.box(), radius=round(6 * k), fill=theme.text)
        draw_text_centered(
            draw, badge.center, str(advisor.number), ctx.f(_T, True), theme.background
        )
        name_x = badge.x1 + 8 * k
        room = cell.x1 - pad - name_x
        advisor_name = say(advisor.name)
        nf = ctx.fit(advisor_name, room, 30, bold=True)
        if text_width(advisor_name, nf) > room:
            nf = ctx.fit(advisor_name, room, 30)
        draw.text(
            (name_x, badge.center[1]),
            ellipsize(advisor_name, nf, room),
            font=nf,
            fill=theme.text,
            anchor="lm",
        )
        _draw_gift(ctx, cell.x0 + pad, badge.y1 + 24 * k, advisor.number, cell.x1 - pad)


def _draw_court(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    inner = _INNER * k
    ty = rect.y0 + inner + _COURT_TITLE_H * k * 0.45
    if any(g.owner is None for a in view.court for g in a.groups) or view.dummy_set_aside:
        # Two-player games: explain the grey dummy dice, and show a die put aside this season.
        x = rect.x1 - inner
        side = max(30 * k, ctx.t / 0.78)
        if view.dummy_set_aside is not None:
            draw_number_die(
                draw,
                Rect(x - side, ty - side / 2, x, ty + side / 2),
                view.dummy_set_aside,
                theme,
                face=theme.neutral_die,
            )
            x -= side + 6 * k
            aside = tr("set aside")
            x -= draw_text(draw, (x, ty), aside, ctx.f(_T), theme.text_muted, "rm") + 16 * k
        dummy = tr("dummy dice")
        x -= draw_text(draw, (x, ty), dummy, ctx.f(_T), theme.text_muted, "rm") + 6 * k
        ctx.badge(None, x - side, ty, side)
    base_fill = mix(theme.panel, theme.background, 0.45)  # the advisor box, as painted once
    for advisor, cell in zip(view.court, court_cells(rect, k, len(view.court)), strict=True):
        if advisor.groups:
            # A tint of the first owner's colour along the box's foot, under the dice.
            foot = Rect(cell.x0 + 2 * k, cell.y1 - 52 * k, cell.x1 - 2 * k, cell.y1 - 2 * k)
            draw.rounded_rectangle(
                foot.box(),
                radius=round(6 * k),
                fill=mix(base_fill, ctx.seat_colour(advisor.groups[0].owner), 0.3),
            )
            _draw_groups(ctx, cell, advisor.groups)


def _group_dice(ctx: _Ctx, group: DiceGroupView) -> list[tuple[int, Colour, bool]]:
    # The view lists a group's coloured dice first and its white dice last.
    face = ctx.seat_colour(group.owner) if group.owner is not None else ctx.theme.neutral_die
    n_col = len(group.values) - group.whites
    return [
        (v, face if i < n_col else ctx.theme.die_face, False) for i, v in enumerate(group.values)
    ]


def _group_width(ctx: _Ctx, group: DiceGroupView, side: float) -> float:
    gap = 4 * ctx.k
    w = side + gap + len(group.values) * (side + gap) - gap  # letter badge, then the dice
    if group.plus_two:
        w += gap + text_width("+2", ctx.f(_T, True)) + _T * 0.7 * ctx.k
    if group.market_shift:
        w += gap + text_width("M+1", ctx.f(_T, True)) + _T * 0.7 * ctx.k
    return w


def _draw_groups(ctx: _Ctx, cell: Rect, groups: Sequence[DiceGroupView]) -> None:
    """The dice groups at the foot of an advisor box, each led by its owner's letter; with the
    Envoy, two groups side by side (the Envoy's one ringed in gold)."""
    k, draw, theme = ctx.k, ctx.draw, ctx.theme
    pad = 6 * k
    sep = 10 * k
    side = max(COURT_DIE * k, ctx.t / 0.78)
    y = cell.y1 - pad - side
    cy = y + side / 2
    x = cell.x0 + pad
    for i, group in enumerate(groups):
        if i:
            draw.line(
                (x + sep / 2 - 1, y - 2 * k, x + sep / 2 - 1, y + side + 2 * k),
                fill=theme.text,
                width=max(1, round(2 * k)),
            )
            x += sep
        start = x
        x += ctx.badge(group.owner, x, cy, side) + 4 * k
        x += _dice_row(ctx, x, y, side, _group_dice(ctx, group), 4 * k)
        if group.plus_two:
            x += 4 * k + _chip(ctx, x + 4 * k, cy, "+2", theme.token, size=_T)
        if group.market_shift:
            x += 4 * k + _chip(ctx, x + 4 * k, cy, f"M{group.market_shift:+d}", theme.text, size=_T)
        if group.via_envoy:
            draw.rounded_rectangle(
                (start - 3 * k, y - 3 * k, x + 3 * k, y + side + 3 * k),
                radius=round(6 * k),
                outline=theme.token,
                width=max(2, round(3 * k)),
            )


def ranking(view: KingsburgView) -> tuple[tuple[int, Seat], ...]:
    """(place, seat) best first: most VP, then most goods, then most buildings; ties share."""
    keyed = sorted(
        (((s.vp, s.gold + s.wood + s.stone, len(s.buildings)), s.seat) for s in view.seats),
        key=lambda item: (tuple(-n for n in item[0]), item[1]),
    )
    out: list[tuple[int, Seat]] = []
    for i, (key, seat) in enumerate(keyed):
        place = out[-1][0] if i and keyed[i - 1][0] == key else i + 1
        out.append((place, seat))
    return tuple(out)


def _draw_result(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    inner = _INNER * k
    text = say(ctx.view.result_text) if ctx.view.result_text else tr("The game is over.")
    width = rect.width - 2 * inner
    for seat_view in ctx.view.seats:
        # The engine writes seat colours ("Red wins ..."); show display names where we have them.
        name = fit_name(ctx.name(seat_view.seat), ctx.f(32, True), width / 3)
        said = say(seat_view.colour)
        text = re.sub(rf"\b{re.escape(said)}\b", lambda _m, n=name: n, text, flags=re.IGNORECASE)
    fnt = ctx.f(32, True)
    y = rect.y0 + inner
    lines = wrap_text(text, fnt, width)
    if len(lines) > 3:
        lines = [*lines[:2], ellipsize(" ".join(lines[2:]), fnt, width)]
    for line in lines:
        draw.text((rect.x0 + inner, y), line, font=fnt, fill=theme.text, anchor="la")
        y += 44 * k
    y += 16 * k
    for place, seat in ranking(ctx.view):
        s = ctx.view.seats[seat]
        won = seat in ctx.view.winners
        row = Rect(rect.x0 + inner, y, rect.x1 - inner, y + 60 * k)
        draw_panel(
            draw,
            row,
            theme,
            fill=theme.panel,
            border=theme.highlight if won else theme.panel_border,
            radius=round(8 * k),
            width=max(2, round((3 if won else 2) * k)),
        )
        cy = row.center[1]
        x = row.x0 + 10 * k
        label = tr(ORDINALS[min(place, 5) - 1]) + (" \u265b" if won else "")
        x += draw_text(draw, (x, cy), label, ctx.f(32, True), theme.text, "lm") + 14 * k
        x += ctx.badge(seat, x, cy, 40 * k) + 10 * k
        goods = s.gold + s.wood + s.stone
        built = len(s.buildings)
        score = tr(
            "{vp} VP \u00b7 {goods} \u00b7 {buildings}",
            vp=s.vp,
            goods=tr_n("{n} good", "{n} goods", goods),
            buildings=tr_n("{n} building", "{n} buildings", built),
        )
        sf = ctx.f(_T)
        sw = draw_text(draw, (row.x1 - 10 * k, cy), score, sf, theme.text, "rm")
        name, nf = ctx.fit_name(seat, row.x1 - 24 * k - sw - x, 30, True)
        draw.text((x, cy), name, font=nf, fill=theme.text, anchor="lm")
        y = row.y1 + 10 * k


# --------------------------------------------------------------------------------------------
# Governors
# --------------------------------------------------------------------------------------------


def status_lines(view: KingsburgView, s: SeatView) -> tuple[tuple[str, bool], ...]:
    """What to say under a governor's goods: (text, is_a_request) pairs, the request first.

    The decision the seat owes now (drawn in the highlight colour) comes first, so it is never
    crowded out; then facts (battle, or the last winter's result; passed, the King's aid,
    powers used this season).
    """
    facts: list[str] = []
    battle = last_battle(view)
    if s.combat_value is None and battle is not None:
        first, effects = winter_lines(battle, s.seat)
        if effects:
            facts.append(tr("Winter: {battle}: {effects}", battle=first, effects=effects))
        else:
            facts.append(tr("Winter: {battle}", battle=first))
    if s.combat_value is not None:
        if view.enemy is not None:
            line = tr(
                "Battle: {combat} vs {strength}",
                combat=s.combat_value,
                strength=view.enemy.strength,
            )
        else:
            line = tr("Battle: {combat}", combat=s.combat_value)
        if s.battle_result:
            line = f"{line} \u2013 {_result_word(s.battle_result)}"
        facts.append(line)
    if s.passed and view.step == "influence":
        facts.append(tr("Passed"))
    if s.aid_white_die and view.phase <= 2 and not s.dice:
        facts.append(tr("King's aid: a white die this spring"))
    used = [
        say(D.BUILDING_BY_ID[building].name)
        for building, flag in (
            ("statue", s.statue_used),
            ("chapel", s.chapel_used),
            ("market", s.market_used),
            ("town-hall", s.townhall_used),
        )
        if flag
    ]
    if used:
        facts.append(tr("Used: {powers}", powers=", ".join(used)))
    out: list[tuple[str, bool]] = []
    if s.seat in view.to_act and not view.finished:
        pending = next((say(p.text) for p in view.pending if p.seat == s.seat), "")
        if pending:
            out.append((pending.replace("`", ""), True))
    if facts:
        out.append((" \u00b7 ".join(facts), False))
    return tuple(out)


def _draw_player(ctx: _Ctx, rect: Rect, s: SeatView) -> None:
    """A governor's panel (half the width): turn position, letter, name and VP; goods, "+2"
    tokens and soldiers; this season's dice; the buildings built (codes in the seat colour; the
    whole sheet and the legend are in the details image); then what the governor owes."""
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    colour = ctx.seat_colour(s.seat)
    awaited = s.seat in view.to_act and not view.finished
    draw.rounded_rectangle(
        rect.box(),
        radius=round(10 * k),
        outline=theme.highlight if awaited else colour,
        width=max(2, round((5 if awaited else 3) * k)),
    )
    inner = _INNER * k
    sx, right, top = rect.x0 + inner, rect.x1 - inner, rect.y0 + inner

    # Name row: turn position, letter (ringed in gold with the Envoy), name ... VP.
    cy = top + _PANEL_NAME_H * k / 2
    pos = tr(ORDINALS[s.turn_position - 1])
    x = sx + _chip(ctx, sx, cy, pos, theme.panel_border, size=_T) + 8 * k
    if s.has_envoy:
        ring = 4 * k
        side = max(36 * k, ctx.t / 0.78)
        draw.rounded_rectangle(
            (x - ring, cy - side / 2 - ring, x + side + ring, cy + side / 2 + ring),
            radius=round(6 * k),
            fill=theme.token,
        )
    x += ctx.badge(s.seat, x, cy, 36 * k) + 10 * k
    vp_w = draw_text(draw, (right, cy), tr("{vp} VP", vp=s.vp), ctx.f(34, True), theme.text, "rm")
    chips: list[tuple[str, Colour]] = []
    if s.has_envoy:
        chips.append((tr(ENVOY_CHIP), theme.token))
    if view.viewer == s.seat:
        chips.append((tr("you"), theme.text))
    chip_font = ctx.f(_T, True)
    chip_w = [text_width(t, chip_font) + _T * 0.7 * k + 6 * k for t, _ in chips]
    limit = right - vp_w - 10 * k
    # The name gets what the chips leave, but at least a third of the row; a chip that still
    # does not fit is left out ("you" first: the Envoy chip is listed first).
    name_room = max((limit - x) / 3, limit - x - sum(chip_w) - 8 * k)
    name, nf = ctx.fit_name(s.seat, name_room, 32, True)
    x += draw_text(draw, (x, cy), name, nf, theme.text, "lm") + 8 * k
    for (text, fill), w in zip(chips, chip_w, strict=True):
        if x + w > limit:
            break
        x += _chip(ctx, x, cy, text, fill, size=_T) + 6 * k

    # Goods, "+2" tokens and soldiers.
    row1 = top + (_PANEL_NAME_H + _PANEL_GOODS_H / 2) * k
    x = sx
    cube = 28 * k
    big = ctx.f(30, True)
    for good, n in (("gold", s.gold), ("wood", s.wood), ("stone", s.stone)):
        draw_cube(draw, x, row1 - cube / 2, cube, (_good_colour(theme, good),))
        x += cube * 1.2 + 5 * k
        x += draw_text(draw, (x, row1), str(n), big, theme.text, "lm") + 16 * k
    x += _chip(ctx, x, row1, "+2", theme.token, size=_T) + 4 * k
    x += draw_text(draw, (x, row1), f"\u00d7{s.plus_two}", big, theme.text, "lm") + 16 * k
    draw_text(draw, (x, row1), f"\u2694{s.soldiers}", big, theme.text, "lm")

    # This season's dice: unplaced solid, placed hollow (and counted).
    side = max(PLAYER_DIE * k, ctx.t / 0.78)
    row2 = top + (_PANEL_NAME_H + _PANEL_GOODS_H + 2) * k
    if s.dice:
        dice = [
            (d.value, theme.die_face if d.white else colour, d.placed_on is not None)
            for d in s.dice
        ]
        x = sx + _dice_row(ctx, sx, row2, side, dice, 8 * k) + 12 * k
        placed = sum(1 for d in s.dice if d.placed_on is not None)
        if placed:
            note = tr_n("{n} placed", "{n} placed", placed)
            nf = ctx.f(_T)
            if x + text_width(note, nf) <= right:
                draw.text((x, row2 + side / 2), note, font=nf, fill=theme.text_muted, anchor="lm")
    sy = top + (_PANEL_NAME_H + _PANEL_GOODS_H + _PANEL_DICE_H) * k
    step = _LINE * k
    used_rows = _draw_built(ctx, sx, sy, right, s, colour)
    sy += used_rows * step
    fnt = ctx.f(_T)
    slots = _PANEL_SLOTS - used_rows
    for line, request in status_rows(status_lines(view, s), fnt, right - sx, slots):
        draw.text(
            (sx, sy), line, font=fnt, fill=theme.highlight if request else theme.text, anchor="la"
        )
        sy += step


def _used_powers(s: SeatView) -> dict[str, bool]:
    """The once-a-season powers by building id: whether each was used this season."""
    return {
        "statue": s.statue_used,
        "chapel": s.chapel_used,
        "market": s.market_used,
        "town-hall": s.townhall_used,
    }


BUILT_ROWS = 2
"""Rows of building codes at most in a panel (the rest counted: "+3"); the status keeps one."""


def _draw_built(ctx: _Ctx, x0: float, y0: float, right: float, s: SeatView, colour: Colour) -> int:
    """The buildings built as code chips in the seat colour (a power used this season darker),
    in sheet order, wrapped on up to `BUILT_ROWS` rows; returns the rows used."""
    k = ctx.k
    owned = {b.building_id for b in s.buildings}
    if not owned:
        return 0
    used = _used_powers(s)
    codes = [b.building_id for b in D.BUILDINGS if b.building_id in owned]
    fnt = ctx.f(_T, True)
    gap = 6 * k

    def flow(labels: list[str]) -> list[tuple[int, float]]:
        spots, x, row = [], x0, 0
        for label in labels:
            w = text_width(label, fnt) + _T * 0.7 * k
            if x + w > right and x > x0:
                row, x = row + 1, x0
            spots.append((row, x))
            x += w + gap
        return spots

    labels = [SHEET_CODES[c] for c in codes]
    spots = flow(labels)
    shown = len(codes)
    while spots[-1][0] >= BUILT_ROWS:  # count the rest ("+3") rather than cut a chip
        shown -= 1
        spots = flow([*labels[:shown], f"+{len(codes) - shown}"])
    for i, (row, x) in enumerate(spots):
        cy = y0 + row * _LINE * k + _LINE * k / 2
        if i >= shown:
            _chip(ctx, x, cy, f"+{len(codes) - shown}", ctx.theme.text, size=_T)
            continue
        fill = mix(colour, "#000000", 0.25) if used.get(codes[i]) else colour
        _chip(ctx, x, cy, labels[i], fill, size=_T)
    return spots[-1][0] + 1


def request_forms(text: str) -> tuple[str, ...]:
    """A request from the longest to the shortest way of saying it: as the engine words it
    (often with every choice listed), then only what to do ("Choose the Duchess's gift (2 goods
    of choice + a "+2" token)." - the choices are on the buttons and menus under the post), then
    without the parenthesis."""
    forms = [text]
    head = text.split(": ", 1)[0].strip()
    if head != text and head.count("(") == head.count(")"):
        forms.append(head.rstrip(".") + ".")
        bare = re.sub(r"\s*\([^()]*\)", "", head).strip()
        if bare and bare != head:
            forms.append(bare.rstrip(".") + ".")
    return tuple(forms)


def _fact_forms(text: str) -> list[str]:
    """Facts joined by " · ", from all of them to the first alone."""
    parts = text.split(" \u00b7 ")
    return [" \u00b7 ".join(parts[:n]) for n in range(len(parts), 0, -1)]


def status_rows(
    lines: Sequence[tuple[str, bool]], fnt: Font, width: float, slots: int
) -> list[tuple[str, bool]]:
    """The status text of a player panel as at most `slots` wrapped rows: the request in the
    longest form that fits (`request_forms`; only when even the shortest does not fit is its
    last row cut with an ellipsis), then the facts, each whole or left out (never cut)."""
    rows: list[tuple[str, bool]] = []
    for text, request in lines:
        left = slots - len(rows)
        if left <= 0:
            break
        forms = request_forms(text) if request else tuple(_fact_forms(text))
        wrapped = [wrap_text(form, fnt, width) for form in forms]
        chosen = next((w for w in wrapped if len(w) <= left), wrapped[-1])
        if len(chosen) > left and not request:
            continue
        if len(chosen) > left:
            chosen = [*chosen[: left - 1], ellipsize(chosen[left - 1] + " \u2026", fnt, width)]
        rows.extend((line, request) for line in chosen)
    return rows


# --------------------------------------------------------------------------------------------
# Buildings legend (static)
# --------------------------------------------------------------------------------------------


def _paint_legend(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    inner = _INNER * k
    title = tr("Buildings: cost, VP, effect (* once a season)")
    tf = ctx.f(30, True)
    draw.text(
        (rect.x0 + inner, rect.y0 + inner + 20 * k),
        ellipsize(title, tf, rect.width - 2 * inner),
        font=tf,
        fill=theme.text,
        anchor="lm",
    )
    code_font = ctx.f(_T, True)
    text_font = ctx.f(_T)
    cube = 22 * k
    for b, box in zip(D.BUILDINGS, legend_cells(rect, k), strict=True):
        cy = box.y0 + _LINE * k / 2
        code = Rect(box.x0, cy - 17 * k, box.x0 + 52 * k, cy + 17 * k)
        draw.rounded_rectangle(
            code.box(),
            radius=round(5 * k),
            fill=mix(theme.panel, theme.background, 0.5),
            outline=theme.panel_border,
        )
        draw_text_centered(draw, code.center, SHEET_CODES[b.building_id], code_font, theme.text)
        x = code.x1 + 8 * k
        # A long name ("Merchants' Guild") in regular weight and with smaller cost cubes
        # rather than cut.
        side = cube
        room = box.x1 - x - sum(b.cost) * (side * 1.2 + 2 * k) - 12 * k
        building = say(b.name)
        name_font = code_font if text_width(building, code_font) <= room else text_font
        while text_width(building, name_font) > room and side > 16 * k:
            side -= k
            room = box.x1 - x - sum(b.cost) * (side * 1.2 + 2 * k) - 12 * k
        name = ellipsize(building, name_font, room)
        x += draw_text(draw, (x, cy), name, name_font, theme.text, "lm") + 10 * k
        for good, n in zip(D.GOODS, b.cost, strict=True):
            for _ in range(n):
                draw_cube(draw, x, cy - side / 2, side, (_good_colour(theme, good),))
                x += side * 1.2 + 2 * k
        # Second line: the VP it is worth, then its effect.
        x = box.x0 + 8 * k
        worth = tr("{vp} VP", vp=b.vp)
        x += draw_text(draw, (x, cy + _LINE * k), worth, code_font, theme.gold, "lm")
        note = tr(BUILDING_NOTES[b.building_id])
        x += 10 * k
        draw.text(
            (x, cy + _LINE * k),
            ellipsize(note, text_font, box.x1 - x),
            font=text_font,
            fill=theme.text_muted,
            anchor="lm",
        )


# --------------------------------------------------------------------------------------------
# Details image: every province sheet in full and the buildings legend
# --------------------------------------------------------------------------------------------

_DETAILS_TITLE_H = 60


def details_layout(players: int, width: int) -> tuple[int, float, list[Rect], Rect]:
    """The details image at `width`: its height, the scale, one sheet panel per governor in turn
    order (two a row) and the legend."""
    k = width / _REFERENCE_WIDTH
    pad, gap = _PAD * k, _GAP * k
    y = pad * 0.75 + _DETAILS_TITLE_H * k
    panels = []
    for i in range(players):
        col = i % _PLAYER_COLS
        if col == 0 and i:
            y = panels[-1].y1 + gap
        row = Rect(pad, y, width - pad, y + _SHEET_H * k)
        panels.append(row.split_columns(_PLAYER_COLS, gap)[col])
    y = panels[-1].y1 + gap
    legend = Rect(pad, y, width - pad, y + _LEGEND_H * k)
    return round(legend.y1 + pad * 0.75), k, panels, legend


def render_details(
    view: KingsburgView,
    *,
    theme: Theme = DEFAULT,
    size: int = DEFAULT_WIDTH,
    names: Mapping[Seat, str] | None = None,
) -> Image.Image:
    """The details image asked for by one player: every governor's province sheet in full (the
    20 buildings, built ones in the seat colour) and the buildings legend (cost, VP, effect).
    Nothing in it is hidden information, so every viewer gets the same picture."""
    width = clamp(int(size), MIN_WIDTH, MAX_WIDTH)
    height, k, panels, legend = details_layout(len(view.seats), width)
    image, draw = new_canvas(width, height, theme)
    ctx = _Ctx(draw, theme, k, max(min_text_px(width), round(_T * k)), view, dict(names or {}))
    title = tr("Kingsburg: provinces and buildings")
    draw.text(
        (_PAD * k, _PAD * 0.75 * k + _DETAILS_TITLE_H * k / 2),
        title,
        font=ctx.f(34, True),
        fill=theme.text,
        anchor="lm",
    )
    empty_fill = mix(theme.panel, theme.background, 0.5)
    empty_ink = mix(theme.text_muted, theme.panel, 0.25)
    code_font = ctx.f(_T, True)
    order = list(view.turn_order) + [s.seat for s in view.seats if s.seat not in view.turn_order]
    for seat, rect in zip(order, panels, strict=True):
        s = view.seats[seat]
        colour = ctx.seat_colour(seat)
        draw_panel(draw, rect, theme, radius=round(10 * k), border=colour)
        owned = {b.building_id for b in s.buildings}
        cells = sheet_cells(rect, k)
        used = _used_powers(s)
        for b in D.BUILDINGS:
            box = cells[(b.row, b.column)]
            built = b.building_id in owned
            fill = colour if built else empty_fill
            if built and used.get(b.building_id):  # a power spent this season: darker
                fill = mix(colour, "#000000", 0.25)
            draw.rounded_rectangle(
                box.box(), radius=round(5 * k), fill=fill, outline=theme.panel_border
            )
            ink = text_on(fill) if built else empty_ink
            draw_text_centered(draw, box.center, SHEET_CODES[b.building_id], code_font, ink)
        x = cells[(1, 4)].x1 + 14 * k
        cy = rect.y0 + _INNER * k + 22 * k
        x += ctx.badge(seat, x, cy, 36 * k) + 8 * k
        for line_no, text in enumerate(_wrap_name(ctx, seat, rect.x1 - _INNER * k - x)):
            draw.text(
                (x, cy + line_no * _LINE * k),
                text,
                font=ctx.f(_T, True),
                fill=theme.text,
                anchor="lm",
            )
        built = tr("{built} built, {vp} VP", built=len(s.buildings), vp=s.vp)
        draw.text(
            (cells[(1, 4)].x1 + 14 * k, rect.y1 - _INNER * k - _LINE * k / 2),
            built,
            font=ctx.f(_T),
            fill=theme.text_muted,
            anchor="lm",
        )
    draw_panel(draw, legend, theme, radius=round(10 * k))
    _paint_legend(ctx, legend)
    return finish(image, draw, (theme.background, theme.panel))


def _wrap_name(ctx: _Ctx, seat: Seat, width: float) -> list[str]:
    """A governor's name on up to three lines of the details panel (cut only past those)."""
    lines = wrap_text(ctx.name(seat), ctx.f(_T, True), width)
    if len(lines) > 3:
        lines = [*lines[:2], fit_name(" ".join(lines[2:]), ctx.f(_T, True), width)]
    return [fit_name(line, ctx.f(_T, True), width) for line in lines]
