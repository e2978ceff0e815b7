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

The drawing is split by section, one module each: `layout` (sizes, labels and section boxes),
`context` (the shared drawing context), `pieces` (cubes, chips, dice), `header` (title, calendar,
last events), `winter` (the battle and the private peek), `court` (the advisors, the dice on them
and the final ranking), `governors` (the player panels) and `provinces` (the details image:
province sheets and the buildings legend). This module draws the board from them and re-exports
the names callers and tests use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.kingsburg import data as D
from bot.i18n import current_language, tr
from rendering.base import (
    DEFAULT,
    Rect,
    Theme,
    canvas_from,
    draw_panel,
    ellipsize,
    finish,
    font,
    mix,
    static_layer,
    text_width,
)
from rendering.kingsburg.context import _Ctx, _fit
from rendering.kingsburg.court import _draw_court, _draw_result, _paint_court, ranking
from rendering.kingsburg.governors import (
    BUILT_ROWS,
    _draw_player,
    request_forms,
    status_lines,
    status_rows,
)
from rendering.kingsburg.header import (
    _draw_calendar,
    _draw_last,
    _draw_title,
    enemy_label,
    last_lines,
)
from rendering.kingsburg.layout import (
    _CAL_TURN_H,
    _INNER,
    _T,
    BUILDING_NOTES,
    COURT_DIE,
    DEFAULT_WIDTH,
    ENVOY_CHIP,
    ENVOY_LEGEND,
    MAX_WIDTH,
    MIN_WIDTH,
    ORDINALS,
    PHASE_SHORT,
    PLAYER_DIE,
    ROMAN,
    SHEET_CODES,
    Layout,
    compute_layout,
    court_cells,
    details_layout,
    legend_cells,
    phase_cells,
    sheet_cells,
    year_cells,
)
from rendering.kingsburg.pieces import _chip, draw_cube, draw_number_die
from rendering.kingsburg.provinces import render_details
from rendering.kingsburg.winter import (
    RESULT_WORDS,
    _draw_news,
    last_battle,
    winter_heading,
    winter_lines,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import KingsburgView
    from bot.games.protocol import Seat

__all__ = [
    "BUILDING_NOTES",
    "BUILT_ROWS",
    "COURT_DIE",
    "D",
    "DEFAULT_WIDTH",
    "ENVOY_CHIP",
    "ENVOY_LEGEND",
    "MAX_WIDTH",
    "MIN_WIDTH",
    "ORDINALS",
    "PHASE_SHORT",
    "PLAYER_DIE",
    "RESULT_WORDS",
    "ROMAN",
    "SHEET_CODES",
    "Layout",
    "Rect",
    "_INNER",
    "_T",
    "_chip",
    "_fit",
    "compute_layout",
    "court_cells",
    "details_layout",
    "draw_cube",
    "draw_number_die",
    "ellipsize",
    "enemy_label",
    "font",
    "last_battle",
    "last_lines",
    "legend_cells",
    "phase_cells",
    "ranking",
    "render",
    "render_details",
    "request_forms",
    "sheet_cells",
    "status_lines",
    "status_rows",
    "text_width",
    "winter_heading",
    "winter_lines",
    "year_cells",
]


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
