"""A governor's panel on the Kingsburg board: turn position, letter, name and VP; goods, "+2"
tokens and soldiers; this season's dice; the buildings built; and the status rows (what the
governor owes first, then the facts), each shortened rather than cut."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.games.kingsburg import data as D
from bot.i18n import say, tr, tr_n
from rendering.base import (
    Colour,
    Font,
    Rect,
    draw_text,
    ellipsize,
    mix,
    text_width,
    wrap_text,
)
from rendering.kingsburg.context import _Ctx
from rendering.kingsburg.layout import (
    _INNER,
    _LINE,
    _PANEL_DICE_H,
    _PANEL_GOODS_H,
    _PANEL_NAME_H,
    _PANEL_SLOTS,
    _T,
    ENVOY_CHIP,
    ORDINALS,
    PLAYER_DIE,
    SHEET_CODES,
)
from rendering.kingsburg.pieces import (
    _chip,
    _dice_row,
    _good_colour,
    draw_cube,
)
from rendering.kingsburg.winter import (
    _result_word,
    last_battle,
    winter_lines,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import (
        KingsburgView,
        SeatView,
    )


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
