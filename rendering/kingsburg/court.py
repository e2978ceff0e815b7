"""The King's court on the Kingsburg board: the 18 advisors as printed (number, name, gift icons,
painted once) with the dice groups placed on them; once the game is over, the final ranking in
its place."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.kingsburg import data as D
from bot.i18n import say, tr, tr_n
from rendering.base import (
    Colour,
    Rect,
    draw_panel,
    draw_text,
    draw_text_centered,
    ellipsize,
    fit_name,
    mix,
    text_width,
    wrap_text,
)
from rendering.kingsburg.context import _Ctx
from rendering.kingsburg.layout import (
    _COURT_TITLE_H,
    _INNER,
    _T,
    COURT_DIE,
    ORDINALS,
    court_cells,
)
from rendering.kingsburg.pieces import (
    _chip,
    _dice_row,
    _eye,
    _good_colour,
    draw_cube,
    draw_number_die,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import (
        DiceGroupView,
        KingsburgView,
    )
    from bot.games.protocol import Seat


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
