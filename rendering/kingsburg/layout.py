"""Kingsburg's sizes and section boxes: the fixed labels (phase names, building codes and notes,
ordinals, the Envoy's chip), the reference lengths at 1000 px, and the pure geometry of the board
(`compute_layout`, the calendar, court, sheet and legend cells) and of the details image
(`details_layout`). Only numbers here: the layout is tested without drawing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.games.kingsburg import data as D
from bot.i18n import N_
from rendering.base import (
    Rect,
    clamp,
    min_text_px,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import KingsburgView


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
