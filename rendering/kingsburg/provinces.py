"""Kingsburg's details image: every governor's province sheet in full (the 20 buildings, built
ones in the seat colour) and the buildings legend (code, name, cost, VP, effect)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PIL import Image

from bot.games.kingsburg import data as D
from bot.i18n import say, tr
from rendering.base import (
    DEFAULT,
    Rect,
    Theme,
    clamp,
    draw_panel,
    draw_text,
    draw_text_centered,
    ellipsize,
    finish,
    fit_name,
    min_text_px,
    mix,
    new_canvas,
    text_on,
    text_width,
    wrap_text,
)
from rendering.kingsburg.context import _Ctx
from rendering.kingsburg.governors import _used_powers
from rendering.kingsburg.layout import (
    _DETAILS_TITLE_H,
    _INNER,
    _LINE,
    _PAD,
    _T,
    BUILDING_NOTES,
    DEFAULT_WIDTH,
    MAX_WIDTH,
    MIN_WIDTH,
    SHEET_CODES,
    details_layout,
    legend_cells,
    sheet_cells,
)
from rendering.kingsburg.pieces import (
    _good_colour,
    draw_cube,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import KingsburgView
    from bot.games.protocol import Seat


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
