"""The top of the Kingsburg board: the title bar (year and phase), the calendar (years with their
enemies, the eight phases, the turn order with the Envoy, the step and who is awaited) and the
"Last:" lines of newest public events."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import say, tr, tr_n
from rendering.base import (
    Colour,
    Font,
    Rect,
    draw_panel,
    draw_text,
    draw_text_centered,
    ellipsize,
    mix,
    text_on,
    text_width,
    wrap_text,
)
from rendering.kingsburg.context import _Ctx
from rendering.kingsburg.layout import (
    _CAL_NOW_H,
    _CAL_TURN_H,
    _INNER,
    _LINE,
    _T,
    ENVOY_LEGEND,
    ROMAN,
    phase_cells,
    year_cells,
)

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
