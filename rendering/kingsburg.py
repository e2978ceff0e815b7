"""Kingsburg board image: calendar, the King's court, the enemy and every governor's province.

`render(view)` is pure and deterministic: the same `KingsburgView` and options always give the same
pixels. It reads only the view and the static component data (`bot.games.kingsburg.data`: building
and advisor names, gifts), never the game state or rules. Hidden information is whatever the view
carries: the private peek box appears only when `view.peeked_enemy` is set, which the engine does
only in the view built for the seat that looked.

Layout (portrait, one column, because phones show images full-width), top to bottom:
- a title bar (year and phase);
- the final result with each governor's place, once the game is over;
- the calendar: years I-V (with the enemy strength range printed on the card backs, or the enemy
  met in past winters), the turn order, the eight phases with the current one highlighted, and the
  current step with the seats still awaited;
- the viewer's private peek ("Only you can see this") and this winter's enemy once revealed;
- the King's court: 18 advisors (number, name, gift icons) with the dice groups on them;
- one panel per governor: province sheet (5 rows x 4 columns as printed, built buildings filled in
  the seat colour), goods cubes, "+2" tokens, soldiers, VP, turn position, Envoy, this season's dice
  (placed dice dimmed) and a status line (what they owe, battle result).
Every length derives from the image width (1000 px is the reference), so text is >= 18 px there.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.games.kingsburg import data as D
from rendering.base import (
    DEFAULT,
    Colour,
    Font,
    Rect,
    Theme,
    clamp,
    draw_header,
    draw_panel,
    draw_swatch,
    draw_text,
    draw_text_centered,
    drawable_text,
    ellipsize,
    finish,
    fit_font,
    fit_name,
    font,
    mix,
    new_canvas,
    text_on,
    text_width,
    wrap_text,
)

if TYPE_CHECKING:
    # Type-only: at run time the renderer reads the view by attribute and imports no engine.
    from bot.games.kingsburg.view import (
        BattleRecord,
        DiceGroupView,
        EnemyCardView,
        KingsburgView,
        SeatView,
    )
    from bot.games.protocol import Seat

DEFAULT_WIDTH = 1000
MIN_WIDTH = 480
MAX_WIDTH = 1600

ROMAN = D.ROMAN
PHASE_SHORT: tuple[str, ...] = (
    "Aid",
    "Spring",
    "Reward",
    "Summer",
    "Envoy",
    "Autumn",
    "Recruit",
    "Winter",
)
"""Calendar labels for phases 1..8 (the full names are too long for an eighth of a phone)."""

SHORT_BUILDING: dict[str, str] = {
    "merchants-guild": "Merch. Guild",
    "wizards-guild": "Wiz. Guild",
    "guard-tower": "Guard Tower",
    "stone-wall": "Stone Wall",
}
"""Province sheet labels that differ from the printed name (the rest use `Building.name`)."""

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")

ENVOY_CHIP = "Envoy"
"""The chip in the King's Envoy holder's panel header (it always keeps its room there)."""

COURT_DIE = 32
"""Die size on an advisor at 1000 px (smaller when a group or two groups would not fit)."""

PLAYER_DIE = 40
"""Die size in a governor's panel at 1000 px (about 19 px on a 480 px phone screen)."""

# Reference lengths at 1000 px wide; `compute_layout` scales them by width / 1000.
_PAD = 16  # outer margin
_GAP = 10  # between sections
_INNER = 12  # inside a panel
_HEADER_H = 52
_CAL_YEAR_H = 58
_CAL_PHASE_H = 48
_CAL_NOW_H = 30
_COURT_TITLE_H = 26
_COURT_CELL_H = 90
_COURT_COLS = 6
_PLAYER_TITLE_H = 34
_SHEET_ROW_H = 28
_SHEET_COL_W = 138
_SHEET_GAP = 3
_ENEMY_H = 104
_PEEK_H = 96
_RESULT_H = 120
_WINTER_CARD_H = 36
_WINTER_LINE_H = 19


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every section goes, in pixels (pure numbers: tested without drawing).

    `court` is None once the game is over (the court is empty then). `winter` is the "Last
    winter" panel: the most recent battle's card and every governor's result.
    """

    width: int
    height: int
    scale: float
    header: Rect
    result: Rect | None
    calendar: Rect
    peek: Rect | None
    enemy: Rect | None
    court: Rect | None
    players: tuple[Rect, ...]
    winter: Rect | None = None


def last_battle(view: KingsburgView) -> BattleRecord | None:
    """The winter to show in the "Last winter" panel: the most recent battle, unless this year's
    enemy is already revealed without a recorded battle (then the enemy panel shows instead)."""
    battle = view.last_battle or (view.past_battles[-1] if view.past_battles else None)
    if battle is None:
        return None
    if view.enemy is not None and battle.year != view.year and not view.finished:
        return None
    return battle


def compute_layout(view: KingsburgView, width: int = DEFAULT_WIDTH) -> Layout:
    """The section boxes for `view` drawn `width` pixels wide (clamped to 480..1600)."""
    width = clamp(int(width), MIN_WIDTH, MAX_WIDTH)
    k = width / DEFAULT_WIDTH
    pad, gap = _PAD * k, _GAP * k
    x0, x1 = pad, width - pad
    y = pad * 0.75
    header = Rect(x0, y, x1, y + _HEADER_H * k)
    y = header.y1 + gap * 0.5

    def take(height: float) -> Rect:
        nonlocal y
        rect = Rect(x0, y, x1, y + height)
        y = rect.y1 + gap
        return rect

    result = take(_RESULT_H * k) if view.finished else None
    calendar = take(
        (2 * _INNER + _CAL_YEAR_H + _CAL_PHASE_H + _CAL_NOW_H + 2 * 8) * k,
    )
    battle = last_battle(view)
    peek = take(_PEEK_H * k) if view.peeked_enemy is not None else None
    winter = take(_winter_height(k)) if battle is not None else None
    show_enemy = view.enemy is not None and not view.finished and battle is None
    enemy = take(_ENEMY_H * k) if show_enemy else None
    court = None
    if not view.finished:
        rows = -(-len(view.court) // _COURT_COLS) if view.court else 0
        court = take(
            (2 * _INNER + _COURT_TITLE_H + rows * _COURT_CELL_H + max(0, rows - 1) * 6) * k
        )
    player_h = _player_height(k)
    players = tuple(take(player_h) for _ in view.seats)
    height = round(y - gap + pad * 0.75)
    return Layout(width, height, k, header, result, calendar, peek, enemy, court, players, winter)


def _winter_height(k: float) -> float:
    # Card row, then per governor: name, result, and up to two lines of gains and losses.
    return (2 * _INNER + _WINTER_CARD_H + 8 + 4 * _WINTER_LINE_H) * k


def _player_height(k: float) -> float:
    sheet = 5 * _SHEET_ROW_H + 4 * _SHEET_GAP
    return (2 * _INNER + sheet) * k


def court_cells(rect: Rect, scale: float, count: int = 18) -> tuple[Rect, ...]:
    """Advisor boxes inside the court panel, row by row from #1 (6 per row)."""
    inner = _INNER * scale
    gap = 6 * scale
    top = rect.y0 + inner + _COURT_TITLE_H * scale
    area = Rect(rect.x0 + inner, top, rect.x1 - inner, top)
    cols = area.split_columns(_COURT_COLS, gap)
    cells = []
    for i in range(count):
        row, col = divmod(i, _COURT_COLS)
        c = cols[col]
        y0 = top + row * (_COURT_CELL_H + 6) * scale
        cells.append(Rect(c.x0, y0, c.x1, y0 + _COURT_CELL_H * scale))
    return tuple(cells)


def phase_cells(rect: Rect, scale: float) -> tuple[Rect, ...]:
    """The eight calendar boxes (phase 1 leftmost) inside the calendar panel."""
    inner = _INNER * scale
    y0 = rect.y0 + inner + (_CAL_YEAR_H + 8) * scale
    row = Rect(rect.x0 + inner, y0, rect.x1 - inner, y0 + _CAL_PHASE_H * scale)
    return row.split_columns(8, 6 * scale)


def year_cells(rect: Rect, scale: float) -> tuple[Rect, ...]:
    """The five year boxes (I..V) in the calendar's top row."""
    inner = _INNER * scale
    y0 = rect.y0 + inner
    row = Rect(rect.x0 + inner, y0, rect.x0 + inner + 5 * 102 * scale, y0 + _CAL_YEAR_H * scale)
    return row.split_columns(5, 6 * scale)


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
    size: image width in pixels, clamped to 480..1600; the height follows from the number of
        players (about 1750 px for five players at 1000 px wide).
    names: display names by seat (e.g. Discord nicknames); default: the seat colour.
    """
    layout = compute_layout(view, size)
    image, draw = new_canvas(layout.width, layout.height, theme)
    ctx = _Ctx(draw, theme, layout.scale, view, dict(names or {}))
    _draw_title(ctx, layout.header)
    if layout.result is not None:
        _draw_result(ctx, layout.result)
    _draw_calendar(ctx, layout.calendar)
    if layout.peek is not None and view.peeked_enemy is not None:
        _draw_peek(ctx, layout.peek, view.peeked_enemy)
    if layout.enemy is not None and view.enemy is not None:
        _draw_enemy_panel(ctx, layout.enemy, view.enemy)
    battle = last_battle(view)
    if layout.winter is not None and battle is not None:
        _draw_winter(ctx, layout.winter, battle)
    if layout.court is not None:
        _draw_court(ctx, layout.court)
    for seat_view, rect in zip(view.seats, layout.players, strict=True):
        _draw_player(ctx, rect, seat_view)
    return finish(image, draw, (theme.background, theme.panel))


@dataclass(frozen=True, slots=True)
class _Ctx:
    """Everything the drawing functions share for one image."""

    draw: ImageDraw.ImageDraw
    theme: Theme
    k: float
    view: KingsburgView
    names: dict[Seat, str]

    def f(self, size: float, bold: bool = False) -> Font:
        """The UI font at a reference size (scaled to the image width)."""
        return font(max(8, round(size * self.k)), bold)

    def fit(self, text: str, max_width: float, size: float, bold: bool = False) -> Font:
        """The largest scaled font <= `size` fitting `text` in `max_width` (min 70% of size)."""
        return _fit(text, round(max_width), max(8, round(size * self.k)), bold)

    def seat_colour(self, seat: Seat | int | None) -> Colour:
        if seat is None:
            return self.theme.neutral_die
        colour = self.view.seats[seat].colour if 0 <= seat < len(self.view.seats) else int(seat)
        try:
            return self.theme.seat_colour(colour)
        except KeyError:
            return self.theme.seat_colour(int(seat))

    def name(self, seat: Seat | int) -> str:
        """The display name (without characters the font cannot draw), else the colour."""
        given = _drawable(self.names.get(seat) or "")  # type: ignore[call-overload]
        if given:
            return given
        if 0 <= seat < len(self.view.seats):
            return self.view.seats[seat].colour.capitalize()
        return f"Player {int(seat) + 1}"

    def fit_name(
        self, seat: Seat | int, max_width: float, size: float, bold: bool = False
    ) -> tuple[str, Font]:
        """A seat's name and font for `max_width`: shrunk to 16 px (at the default width) or 70%
        of `size`, whichever is larger, then cut with an ellipsis (a 32-character Discord name
        must not run over what follows)."""
        name = self.name(seat)
        full = max(8, round(size * self.k))
        # Names shrink less than labels: never below 16 px at the default width.
        low = min(full, max(round(16 * self.k), round(full * 0.7)))
        fnt = fit_font(name, max_width, full, min_size=low, bold=bold)
        return fit_name(name, fnt, max_width), fnt


@functools.lru_cache(maxsize=256)
def _drawable(name: str) -> str:
    # Bold DejaVu covers a little less than regular: a name drawable in bold is drawable in both.
    return drawable_text(name, font(24, True))


@functools.lru_cache(maxsize=512)
def _fit(text: str, max_width: int, size: int, bold: bool) -> Font:
    # Cached: the same labels are fitted on every render, and measuring text is the slow part.
    low = max(8, round(size * 0.7))
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
    the image to half size (a 5 and a 3 read alike), a digit does not. A placed (dimmed) die
    keeps a readable digit on a faded face."""
    ink = theme.die_pip if face == theme.die_face else text_on(face)
    if dimmed:
        face = mix(face, theme.background, 0.55)
        ink = mix(ink, face, 0.25)
    side = min(rect.width, rect.height)
    draw.rounded_rectangle(
        rect.box(),
        radius=max(2, int(side * 0.2)),
        fill=face,
        outline="#111111" if not dimmed else mix("#111111", theme.background, 0.5),
        width=max(1, int(side * 0.06)),
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


def _draw_title(ctx: _Ctx, rect: Rect) -> None:
    view = ctx.view
    if view.finished:
        status, colour = "Game over", ctx.theme.text
    else:
        status = f"Year {ROMAN[view.year - 1]} \u00b7 {view.phase_name}"
        colour = ctx.theme.highlight
    draw_header(ctx.draw, rect, "Kingsburg", ctx.theme, status=status, status_colour=colour)


def _draw_result(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    draw_panel(
        draw,
        rect,
        theme,
        fill=mix(theme.panel, theme.highlight, 0.15),
        border=theme.highlight,
        width=max(2, round(3 * k)),
    )
    inner = _INNER * k
    text = ctx.view.result_text or "The game is over."
    width = rect.width - 2 * inner
    for seat_view in ctx.view.seats:
        # The engine writes seat colours ("Red wins ..."); show display names where we have them,
        # each cut so that a tie of long names still leaves the sentence readable.
        name = fit_name(ctx.name(seat_view.seat), ctx.f(22, True), width / 3)
        text = re.sub(
            rf"\b{re.escape(seat_view.colour)}\b", lambda _m, n=name: n, text, flags=re.IGNORECASE
        )
    fnt = ctx.fit(text, width, 22, bold=True)
    text = ellipsize(text, fnt, width)
    draw.text((rect.x0 + inner, rect.y0 + inner), text, font=fnt, fill=theme.text, anchor="la")
    places = ranking(ctx.view)
    top = rect.y0 + inner + 36 * k
    row = Rect(rect.x0 + inner, top, rect.x1 - inner, rect.y1 - inner)
    for (place, seat), box in zip(
        places, row.split_columns(max(5, len(places)), 8 * k), strict=False
    ):
        s = ctx.view.seats[seat]
        won = seat in ctx.view.winners
        draw_panel(
            draw,
            box,
            theme,
            fill=theme.panel,
            border=theme.highlight if won else theme.panel_border,
            radius=round(8 * k),
            width=max(2, round((3 if won else 2) * k)),
        )
        sw = 22 * k
        draw_swatch(
            draw,
            Rect(box.x0 + 8 * k, box.y0 + 8 * k, box.x0 + 8 * k + sw, box.y0 + 8 * k + sw),
            ctx.seat_colour(seat),
        )
        label = ORDINALS[min(place, 5) - 1] + (" \u265b" if won else "")
        draw.text(
            (box.x0 + 14 * k + sw, box.y0 + 8 * k + sw / 2),
            label,
            font=ctx.f(20, True),
            fill=theme.text,
            anchor="lm",
        )
        draw.text(
            (box.x1 - 8 * k, box.y0 + 8 * k + sw / 2),
            f"{s.vp} VP",
            font=ctx.f(20, True),
            fill=theme.text,
            anchor="rm",
        )
        name, name_font = ctx.fit_name(seat, box.width - 16 * k, 18)
        draw.text(
            (box.x0 + 8 * k, box.y1 - 8 * k),
            name,
            font=name_font,
            fill=theme.text_muted,
            anchor="ld",
        )


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
    draw_panel(draw, rect, theme)
    inner = _INNER * k
    past = {b.year: b for b in view.past_battles}

    # Years, each with what the card backs promise (or the enemy already fought).
    for i, box in enumerate(year_cells(rect, k)):
        year = i + 1
        current = year == view.year and not view.finished
        done = year < view.year or view.finished or year in past
        fill = _calendar_cell(ctx, box, current=current, done=done)
        ink = text_on(fill) if current else theme.text
        draw_text_centered(
            draw, (box.center[0], box.y0 + box.height * 0.3), ROMAN[i], ctx.f(20, True), ink
        )
        if year in past:
            b = past[year]
            sub = f"{b.enemy.enemy} {b.enemy.strength}"
        elif i < len(view.strength_ranges):
            lo, hi = view.strength_ranges[i]
            sub = f"enemy {lo}\u2013{hi}"
        else:
            sub = ""
        sub_ink = ink if current else (theme.text_muted if not done else theme.text)
        draw_text_centered(
            draw,
            (box.center[0], box.y0 + box.height * 0.72),
            sub,
            ctx.fit(sub, box.width - 6 * k, 18),
            sub_ink,
        )

    # Turn order chart: discs in seat colour, first player leftmost.
    years_right = year_cells(rect, k)[-1].x1
    cy = rect.y0 + inner + _CAL_YEAR_H * k / 2
    x = years_right + 22 * k
    label = "Turn order"
    draw.text((x, cy), label, font=ctx.f(18), fill=theme.text_muted, anchor="lm")
    x += text_width(label, ctx.f(18)) + 10 * k
    disc = 36 * k
    for pos, seat in enumerate(view.turn_order, start=1):
        colour = ctx.seat_colour(seat)
        if seat == view.envoy_holder:
            # The King's Envoy marker: a gold ring around its holder's disc.
            ring = 5 * k
            draw.ellipse(
                (x - ring, cy - disc / 2 - ring, x + disc + ring, cy + disc / 2 + ring),
                fill=theme.token,
            )
        draw.ellipse(
            (x, cy - disc / 2, x + disc, cy + disc / 2),
            fill=colour,
            outline="#111111",
            width=max(1, round(2 * k)),
        )
        draw_text_centered(draw, (x + disc / 2, cy), str(pos), ctx.f(18, True), text_on(colour))
        x += disc + 12 * k
    legend = "gold ring: Envoy"
    legend_font = ctx.fit(legend, rect.x1 - inner - x, 18)
    # The holder's panel always shows it too (a gold ring round its swatch and an "Envoy" chip),
    # so the legend may go when space is short.
    if view.envoy_holder is not None and legend_font.size >= round(16 * k):
        draw.text((x, cy), legend, font=legend_font, fill=theme.text_muted, anchor="lm")

    # The eight phases.
    for i, box in enumerate(phase_cells(rect, k)):
        phase = i + 1
        current = phase == view.phase and not view.finished
        done = phase < view.phase or view.finished
        fill = _calendar_cell(ctx, box, current=current, done=done)
        ink = text_on(fill) if current else (theme.text_muted if done else theme.text)
        draw_text_centered(
            draw, (box.center[0], box.y0 + box.height * 0.3), str(phase), ctx.f(18, True), ink
        )
        draw_text_centered(
            draw,
            (box.center[0], box.y0 + box.height * 0.7),
            PHASE_SHORT[i],
            ctx.fit(PHASE_SHORT[i], box.width - 6 * k, 18, bold=current),
            ink,
        )

    # Now: the step and who is awaited.
    y = phase_cells(rect, k)[0].y1 + 8 * k + _CAL_NOW_H * k / 2
    x = rect.x0 + inner
    right = rect.x1 - inner
    if view.finished:
        draw.text(
            (x, y), "The five years are over.", font=ctx.f(20, True), fill=theme.text, anchor="lm"
        )
        return
    lead = f"Now: {view.step_name}"
    lead_font = ctx.fit(lead, (right - x) * 0.6, 20, bold=True)
    x += draw_text(draw, (x, y), lead, lead_font, theme.text, "lm")
    waiting = sorted(view.to_act)
    if not waiting:
        return
    x += 14 * k
    if len(waiting) == len(view.seats) and len(waiting) > 2:
        draw.text(
            (x, y), "\u2013 waiting for everyone", font=ctx.f(20), fill=theme.highlight, anchor="lm"
        )
        return
    x += draw_text(draw, (x, y), "\u2013 waiting for", ctx.f(20), theme.highlight, "lm") + 8 * k
    dot = 16 * k
    for seat in waiting:
        fnt = ctx.f(20, True)
        name = fit_name(ctx.name(seat), fnt, 260 * k)
        need = dot + 6 * k + text_width(name, fnt)
        if x + need > right:
            draw.text((right, y), "\u2026", font=fnt, fill=theme.text, anchor="rm")
            break
        draw.ellipse(
            (x, y - dot / 2, x + dot, y + dot / 2), fill=ctx.seat_colour(seat), outline="#111111"
        )
        x += dot + 6 * k
        x += draw_text(draw, (x, y), name, fnt, theme.text, "lm") + 12 * k


# --------------------------------------------------------------------------------------------
# Enemy cards (revealed and peeked)
# --------------------------------------------------------------------------------------------


def _draw_card(ctx: _Ctx, rect: Rect, card: EnemyCardView, heading: str) -> None:
    """Strength badge, name, then the blue reward and red penalty boxes to the right."""
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    badge = min(rect.height, 72 * k)
    by = rect.center[1] - badge / 2
    draw.rounded_rectangle(
        (rect.x0, by, rect.x0 + badge, by + badge),
        radius=round(10 * k),
        fill=theme.penalty,
        outline="#111111",
        width=max(1, round(2 * k)),
    )
    draw_text_centered(
        draw,
        (rect.x0 + badge / 2, by + badge * 0.42),
        str(card.strength),
        ctx.f(34, True),
        "#ffffff",
    )
    draw_text_centered(
        draw,
        (rect.x0 + badge / 2, by + badge * 0.8),
        "strength",
        ctx.fit("strength", badge - 4 * k, 14),
        "#ffffff",
    )
    x = rect.x0 + badge + 12 * k
    split = rect.x0 + rect.width * 0.4
    draw.text(
        (x, by + 2 * k),
        heading,
        font=ctx.fit(heading, split - x - 8 * k, 18),
        fill=theme.text_muted,
        anchor="la",
    )
    draw.text(
        (x, by + badge - 2 * k),
        card.enemy,
        font=ctx.fit(card.enemy, split - x - 8 * k, 30, bold=True),
        fill=theme.text,
        anchor="ld",
    )
    boxes = Rect(split, rect.y0, rect.x1, rect.y1)
    h = (boxes.height - 6 * k) / 2
    for i, (label, text, fill) in enumerate(
        (("Win", card.reward, theme.reward), ("Lose", card.penalty, theme.penalty))
    ):
        box = Rect(boxes.x0, boxes.y0 + i * (h + 6 * k), boxes.x1, boxes.y0 + i * (h + 6 * k) + h)
        draw.rounded_rectangle(box.box(), radius=round(6 * k), fill=fill)
        lab = f"{label}:"
        lf = ctx.f(18, True)
        lw = draw_text(draw, (box.x0 + 8 * k, box.center[1]), lab, lf, "#ffffff", "lm")
        tx = box.x0 + 14 * k + lw
        draw.text(
            (tx, box.center[1]),
            text,
            font=ctx.fit(text, box.x1 - tx - 8 * k, 18),
            fill="#ffffff",
            anchor="lm",
        )


def _draw_enemy_panel(ctx: _Ctx, rect: Rect, card: EnemyCardView) -> None:
    theme, k = ctx.theme, ctx.k
    draw_panel(ctx.draw, rect, theme, border=theme.penalty, width=max(2, round(3 * k)))
    inner = _INNER * k
    heading = f"Year {ROMAN[card.year - 1]} enemy"
    if ctx.view.kings_die is not None:
        heading += f" \u00b7 King's die {ctx.view.kings_die}"
    _draw_card(ctx, rect.inset(inner), card, heading)


def _draw_peek(ctx: _Ctx, rect: Rect, card: EnemyCardView) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    draw_panel(
        draw,
        rect,
        theme,
        fill=mix(theme.panel, theme.private, 0.7),
        border=theme.highlight,
        width=max(2, round(3 * k)),
    )
    inner = _INNER * k
    title = "Only you can see this"
    tf = ctx.f(22, True)
    x = rect.x0 + inner
    draw.text((x, rect.y0 + inner), title, font=tf, fill=theme.highlight, anchor="la")
    note = "- the enemy card you looked at (keep it secret)"
    nx = x + text_width(title, tf) + 10 * k
    draw.text(
        (nx, rect.y0 + inner + 2 * k),
        note,
        font=ctx.fit(note, rect.x1 - inner - nx, 18),
        fill=theme.text,
        anchor="la",
    )
    top = rect.y1 - inner - _WINTER_CARD_H * k
    heading = f"Year {ROMAN[card.year - 1]} enemy: {card.enemy}"
    _card_row(ctx, Rect(rect.x0 + inner, top, rect.x1 - inner, rect.y1 - inner), card, heading)


RESULT_WORDS = {"won": "won", "tied": "tied", "lost": "lost"}


def winter_heading(view: KingsburgView, battle: BattleRecord) -> str:
    """ "Last winter (year II): Zombies, King's die 2" or "This winter ..." during the battle."""
    when = "This winter" if battle.year == view.year and not view.finished else "Last winter"
    return (
        f"{when} (year {ROMAN[battle.year - 1]}): {battle.enemy.enemy} \u00b7 "
        f"King's die {battle.kings_die}"
    )


def winter_lines(battle: BattleRecord, seat: Seat) -> tuple[str, str]:
    """A governor's battle in two short texts: "won 6 vs 5" and what it gained or lost."""
    combat = dict(battle.combat).get(seat)
    result = dict(battle.results).get(seat, "")
    first = f"{RESULT_WORDS.get(result, result)} {combat} vs {battle.enemy.strength}"
    effects = {e.seat: e.text for e in getattr(battle, "effects", ())}
    return first, effects.get(seat, "")


def _card_row(ctx: _Ctx, row: Rect, card: EnemyCardView, heading: str) -> None:
    """An enemy card in one row: strength badge, heading, then the blue reward and red penalty
    boxes on the right, as wide as their texts need."""
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    h = row.height
    x0, x1, top = row.x0, row.x1, row.y0
    draw.rounded_rectangle(
        (x0, top, x0 + h, top + h), radius=round(7 * k), fill=theme.penalty, outline="#111111"
    )
    draw_text_centered(
        draw, (x0 + h / 2, top + h / 2), str(card.strength), ctx.f(26, True), "#ffffff"
    )
    labels = (("Win: " + card.reward, theme.reward), ("Lose: " + card.penalty, theme.penalty))
    bfont = ctx.f(17, True)
    widths = [text_width(t, bfont) + 16 * k for t, _ in labels]
    shrink = min(1.0, (x1 - x0) * 0.58 / sum(widths))
    bx = x1
    for (text, fill), w in reversed(list(zip(labels, widths, strict=True))):
        w *= shrink
        box = Rect(bx - w, top + 2 * k, bx, top + h - 2 * k)
        draw.rounded_rectangle(box.box(), radius=round(6 * k), fill=fill)
        draw_text_centered(draw, box.center, text, ctx.fit(text, w - 10 * k, 17, True), "#ffffff")
        bx -= w + 6 * k
    tx = x0 + h + 10 * k
    draw.text(
        (tx, top + h / 2),
        heading,
        font=ctx.fit(heading, bx - tx - 6 * k, 20, bold=True),
        fill=theme.text,
        anchor="lm",
    )


def _draw_winter(ctx: _Ctx, rect: Rect, battle: BattleRecord) -> None:
    """The most recent winter: the card in one row, then one box per governor with its result
    and gains or losses, so players who were away can see what happened."""
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    draw_panel(draw, rect, theme, border=theme.penalty, width=max(2, round(3 * k)))
    inner = _INNER * k
    top = rect.y0 + inner
    h = _WINTER_CARD_H * k
    x0, x1 = rect.x0 + inner, rect.x1 - inner
    _card_row(ctx, Rect(x0, top, x1, top + h), battle.enemy, winter_heading(view, battle))
    # One box per governor.
    row = Rect(x0, top + h + 8 * k, x1, rect.y1 - inner)
    seats = [sv.seat for sv in view.seats]
    line = _WINTER_LINE_H * k
    for seat, box in zip(seats, row.split_columns(max(1, len(seats)), 8 * k), strict=True):
        colour = ctx.seat_colour(seat)
        draw.rounded_rectangle(
            box.box(), radius=round(6 * k), fill=mix(theme.panel, theme.background, 0.45)
        )
        draw.rounded_rectangle(
            (box.x0, box.y0, box.x0 + 7 * k, box.y1), radius=round(3 * k), fill=colour
        )
        lx = box.x0 + 13 * k
        width = box.x1 - lx - 5 * k
        name, name_font = ctx.fit_name(seat, width, 18, True)
        y = box.y0 + line / 2 + 2 * k
        draw.text((lx, y), name, font=name_font, fill=theme.text, anchor="lm")
        first, effects = winter_lines(battle, seat)
        result = dict(battle.results).get(seat, "")
        ink = {
            "won": mix(theme.reward, "#ffffff", 0.45),
            "lost": mix(theme.penalty, "#ffffff", 0.35),
        }.get(result, theme.text_muted)
        y += line
        draw.text((lx, y), first, font=ctx.fit(first, width, 18, True), fill=ink, anchor="lm")
        if not effects:
            continue
        efont = ctx.f(16)
        lines = wrap_text(effects, efont, width)
        if len(lines) > 2:
            lines = [lines[0], ctx_ellipsis(" ".join(lines[1:]), efont, width)]
        for text in lines:
            y += line * 0.95
            draw.text((lx, y), text, font=efont, fill=theme.text, anchor="lm")


def ctx_ellipsis(text: str, fnt: Font, width: float) -> str:
    """`text` cut with an ellipsis to fit `width`."""
    return ellipsize(text, fnt, width)


# --------------------------------------------------------------------------------------------
# The King's court
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


def _draw_gift(ctx: _Ctx, x: float, cy: float, number: int, max_w: float) -> None:
    theme, k, draw = ctx.theme, ctx.k, ctx.draw
    side = 17 * k
    gap = 4 * k
    fnt = ctx.f(18, True)
    for kind, arg in _gift_tokens(number):
        if x > max_w:
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
            x += _chip(ctx, x, cy, "+2", theme.token, size=15) + gap
        elif kind == "soldier":
            label = f"{arg}\u2694"
            x += draw_text(draw, (x, cy), label, fnt, theme.text, "lm") + gap
        elif kind == "eye":
            x += _eye(ctx, x, cy, side) + gap
        elif kind == "vp":
            label = f"{int(arg):+d}VP" if int(arg) < 0 else f"{arg}VP"  # type: ignore[call-overload]
            x += draw_text(draw, (x, cy), label, fnt, theme.gold, "lm") + gap


def _group_dice(ctx: _Ctx, group: DiceGroupView) -> list[tuple[int, Colour, bool]]:
    # The view lists a group's coloured dice first and its white dice last.
    face = ctx.seat_colour(group.owner) if group.owner is not None else ctx.theme.neutral_die
    n_col = len(group.values) - group.whites
    return [
        (v, face if i < n_col else ctx.theme.die_face, False) for i, v in enumerate(group.values)
    ]


def _group_width(ctx: _Ctx, group: DiceGroupView, side: float) -> float:
    gap = 3 * ctx.k
    w = len(group.values) * (side + gap) - gap
    if group.plus_two:
        w += gap + text_width("+2", ctx.f(15, True)) + 15 * 0.7 * ctx.k
    if group.market_shift:
        w += gap + text_width("M+1", ctx.f(15, True)) + 15 * 0.7 * ctx.k
    return w


def _draw_court(ctx: _Ctx, rect: Rect) -> None:
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    draw_panel(draw, rect, theme)
    inner = _INNER * k
    ty = rect.y0 + inner + _COURT_TITLE_H * k * 0.4
    draw.text(
        (rect.x0 + inner, ty),
        "The King's court",
        font=ctx.f(22, True),
        fill=theme.text,
        anchor="lm",
    )
    if any(g.owner is None for a in view.court for g in a.groups) or view.dummy_set_aside:
        # Two-player games: explain the grey dice, and show a die put aside this season.
        x = rect.x1 - inner
        side = 24 * k
        if view.dummy_set_aside is not None:
            draw_number_die(
                draw,
                Rect(x - side, ty - side / 2, x, ty + side / 2),
                view.dummy_set_aside,
                theme,
                face=theme.neutral_die,
            )
            x -= side + 6 * k
            x -= draw_text(draw, (x, ty), "set aside", ctx.f(18), theme.text_muted, "rm") + 16 * k
        x -= (
            draw_text(
                draw, (x, ty), "dummy dice (block advisors)", ctx.f(18), theme.text_muted, "rm"
            )
            + 6 * k
        )
        draw_number_die(
            draw, Rect(x - side, ty - side / 2, x, ty + side / 2), 3, theme, face=theme.neutral_die
        )
    base_fill = mix(theme.panel, theme.background, 0.45)
    for advisor, cell in zip(view.court, court_cells(rect, k, len(view.court)), strict=True):
        groups = advisor.groups
        fill = base_fill
        if groups:
            fill = mix(base_fill, ctx.seat_colour(groups[0].owner), 0.3)
        draw.rounded_rectangle(
            cell.box(),
            radius=round(8 * k),
            fill=fill,
            outline=theme.panel_border,
            width=max(1, round(2 * k)),
        )
        # Number badge and name.
        pad = 6 * k
        nb = 26 * k
        badge = Rect(cell.x0 + pad, cell.y0 + pad, cell.x0 + pad + nb, cell.y0 + pad + nb)
        draw.rounded_rectangle(badge.box(), radius=round(6 * k), fill=theme.text)
        draw_text_centered(
            draw, badge.center, str(advisor.number), ctx.f(18, True), theme.background
        )
        name_x = badge.x1 + 6 * k
        room = cell.x1 - pad * 0.5 - name_x
        name_font = ctx.fit(advisor.name, room, 18, bold=True)
        if name_font.size < round(17 * k):
            name_font = ctx.fit(advisor.name, room, 18)
        draw.text(
            (name_x, badge.center[1]), advisor.name, font=name_font, fill=theme.text, anchor="lm"
        )
        _draw_gift(ctx, cell.x0 + pad, badge.y1 + 11 * k, advisor.number, cell.x1 - pad)
        if groups:
            _draw_groups(ctx, cell, groups)


def _draw_groups(ctx: _Ctx, cell: Rect, groups: Sequence[DiceGroupView]) -> None:
    """The dice groups at the bottom of an advisor box; with the Envoy, two groups side by side."""
    k, draw, theme = ctx.k, ctx.draw, ctx.theme
    pad = 6 * k
    room = cell.width - 2 * pad
    sep = 10 * k
    side = COURT_DIE * k
    total = sum(_group_width(ctx, g, side) for g in groups) + sep * (len(groups) - 1)
    if total > room:
        side *= room / total
        total = sum(_group_width(ctx, g, side) for g in groups) + sep * (len(groups) - 1)
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
        x += _dice_row(ctx, x, y, side, _group_dice(ctx, group), 3 * k)
        if group.plus_two:
            x += 3 * k + _chip(ctx, x + 3 * k, cy, "+2", theme.token, size=15)
        if group.market_shift:
            x += 3 * k + _chip(ctx, x + 3 * k, cy, f"M{group.market_shift:+d}", theme.text, size=15)
        if group.via_envoy:
            # A gold ring marks the group the King's Envoy let in.
            draw.rounded_rectangle(
                (
                    x - _group_width(ctx, group, side) - 3 * k,
                    y - 3 * k,
                    x + 3 * k,
                    y + side + 3 * k,
                ),
                radius=round(6 * k),
                outline=theme.token,
                width=max(2, round(3 * k)),
            )


# --------------------------------------------------------------------------------------------
# Governors
# --------------------------------------------------------------------------------------------


def status_lines(view: KingsburgView, s: SeatView) -> tuple[tuple[str, bool], ...]:
    """What to say under a governor's goods: (text, is_a_request) pairs, requests last.

    Facts first (battle result, passed, the King's aid, powers used this season), then the
    decision the seat owes now, which is drawn in the highlight colour.
    """
    facts: list[str] = []
    if s.combat_value is not None:
        line = f"Battle: {s.combat_value}"
        if view.enemy is not None:
            line += f" vs {view.enemy.strength}"
        if s.battle_result:
            line += f" \u2013 {s.battle_result}"
        facts.append(line)
    if s.passed and view.step == "influence":
        facts.append("Passed")
    if s.aid_white_die and view.phase <= 2 and not s.dice:
        facts.append("King's aid: a white die this spring")
    used = [
        name
        for name, flag in (
            ("Statue", s.statue_used),
            ("Chapel", s.chapel_used),
            ("Market", s.market_used),
            ("Town Hall", s.townhall_used),
        )
        if flag
    ]
    if used:
        facts.append("Used: " + ", ".join(used))
    out: list[tuple[str, bool]] = []
    if facts:
        out.append((" \u00b7 ".join(facts), False))
    if s.seat in view.to_act and not view.finished:
        pending = next((p.text for p in view.pending if p.seat == s.seat), "")
        if pending:
            out.append((pending.replace("`", ""), True))
    return tuple(out)


def _draw_player(ctx: _Ctx, rect: Rect, s: SeatView) -> None:
    """Province sheet on the left over the panel's full height; to its right the name row, the
    goods row, this season's dice and the status lines."""
    theme, k, draw, view = ctx.theme, ctx.k, ctx.draw, ctx.view
    colour = ctx.seat_colour(s.seat)
    awaited = s.seat in view.to_act and not view.finished
    draw_panel(
        draw,
        rect,
        theme,
        border=theme.highlight if awaited else colour,
        width=max(2, round((4 if awaited else 3) * k)),
    )
    inner = _INNER * k

    # Province sheet: labels bold at every size so they survive a phone's downscaling.
    cells = sheet_cells(rect, k)
    owned = {b.building_id for b in s.buildings}
    used = {
        "statue": s.statue_used,
        "chapel": s.chapel_used,
        "market": s.market_used,
        "town-hall": s.townhall_used,
    }
    empty_fill = mix(theme.panel, theme.background, 0.5)
    empty_ink = mix(theme.text_muted, theme.panel, 0.15)
    for b in D.BUILDINGS:
        box = cells[(b.row, b.column)]
        label = SHORT_BUILDING.get(b.building_id, b.name)
        if b.building_id in owned:
            fill = mix(colour, "#000000", 0.25) if used.get(b.building_id) else colour
            draw.rounded_rectangle(
                box.box(), radius=round(5 * k), fill=fill, outline="#111111", width=max(1, round(k))
            )
            ink = text_on(fill)
        else:
            draw.rounded_rectangle(
                box.box(),
                radius=round(5 * k),
                fill=empty_fill,
                outline=theme.panel_border,
                width=max(1, round(k)),
            )
            ink = empty_ink
        fnt = ctx.fit(label, box.width - 6 * k, 21, bold=True)
        draw_text_centered(draw, box.center, label, fnt, ink)

    sx = cells[(1, 4)].x1 + 16 * k
    right = rect.x1 - inner
    top = rect.y0 + inner

    # Name row: swatch, name, colour, chips ... VP on the right.
    cy = top + _PLAYER_TITLE_H * k / 2
    sw = 24 * k
    if s.has_envoy:
        # The King's Envoy badge: a gold ring round the swatch, as round the holder's turn-order
        # disc. It takes no room in the row, so it is drawn whatever the names' lengths.
        ring = 4 * k
        draw.rounded_rectangle(
            (sx - ring, cy - sw / 2 - ring, sx + sw + ring, cy + sw / 2 + ring),
            radius=round(4 * k),
            fill=theme.token,
        )
    draw_swatch(draw, Rect(sx, cy - sw / 2, sx + sw, cy + sw / 2), colour)
    vp_w = draw_text(draw, (right, cy), f"{s.vp} VP", ctx.f(28, True), theme.text, "rm")
    x = sx + sw + 8 * k
    chips: list[tuple[str, Colour]] = []
    if view.viewer == s.seat:
        chips.append(("you", theme.text))
    if s.has_envoy:
        chips.append((ENVOY_CHIP, theme.token))
    if awaited:
        chips.append(("to act", theme.highlight))
    chips.append((f"{ORDINALS[s.turn_position - 1]} in turn", theme.panel_border))
    chip_font = ctx.f(16, True)
    limit = right - vp_w - 10 * k
    # The first of "you" / "to act" keeps its room after the name, and so does "Envoy" (a long
    # name is cut for them). The others are left out when space is short: the panel's
    # highlighted border says "to act" and the turn order row shows the position.
    kept = [t for t, _ in chips[:1] if t in ("you", "to act")]
    if s.has_envoy:
        kept.append(ENVOY_CHIP)
    first_chips = sum(text_width(t, chip_font) + 16 * 0.7 * k + 6 * k for t in kept)
    # Room for the name: up to the first chip (never past the VP), cut with an ellipsis beyond;
    # the gap after the name counts too, or the last kept chip would miss its room by a hair.
    name, nf = ctx.fit_name(s.seat, max(60 * k, limit - x - first_chips - 8 * k), 24, True)
    x += draw_text(draw, (x, cy), name, nf, theme.text, "lm") + 8 * k
    if ctx.names.get(s.seat):
        cfont = ctx.f(17)
        if x + text_width(s.colour, cfont) + first_chips < limit:
            x += draw_text(draw, (x, cy), s.colour, cfont, theme.text_muted, "lm") + 8 * k
    for text, fill in chips:
        if x + text_width(text, chip_font) + 16 * 0.7 * k > limit:
            continue
        x += _chip(ctx, x, cy, text, fill, size=16) + 6 * k

    # Goods, "+2" tokens and soldiers.
    row1 = top + (_PLAYER_TITLE_H + 14) * k
    x = sx
    cube = 22 * k
    big = ctx.f(23, True)
    for good, n in (("gold", s.gold), ("wood", s.wood), ("stone", s.stone)):
        draw_cube(draw, x, row1 - cube / 2, cube, (_good_colour(theme, good),))
        x += cube * 1.2 + 5 * k
        x += draw_text(draw, (x, row1), str(n), big, theme.text, "lm") + 15 * k
    x += _chip(ctx, x, row1, "+2", theme.token, size=17) + 4 * k
    x += draw_text(draw, (x, row1), f"\u00d7{s.plus_two}", big, theme.text, "lm") + 15 * k
    x += draw_text(draw, (x, row1), f"\u2694 {s.soldiers}", big, theme.text, "lm") + 6 * k
    soldier_label = "soldier" if s.soldiers == 1 else "soldiers"
    if x + text_width(soldier_label, ctx.f(17)) < right:
        draw.text((x, row1), soldier_label, font=ctx.f(17), fill=theme.text_muted, anchor="lm")

    # This season's dice as digits; placed dice faded.
    row2 = top + (_PLAYER_TITLE_H + 30) * k
    side = PLAYER_DIE * k
    if s.dice:
        dice = [
            (d.value, theme.die_face if d.white else colour, d.placed_on is not None)
            for d in s.dice
        ]
        x = sx + _dice_row(ctx, sx, row2, side, dice, 7 * k) + 10 * k
        placed = sum(1 for d in s.dice if d.placed_on is not None)
        if placed:
            note = f"{placed} placed (faded)"
            nfont = ctx.fit(note, right - x, 17)
            if text_width(note, nfont) <= right - x:
                draw.text(
                    (x, row2 + side / 2), note, font=nfont, fill=theme.text_muted, anchor="lm"
                )
    sy = row2 + side + 6 * k if s.dice else row2 + 2 * k
    fnt = ctx.f(18)
    step = 21 * k
    bottom = rect.y1 - inner * 0.5
    for text, request in status_lines(view, s):
        lines = wrap_text(text, fnt, right - sx)
        for i, line in enumerate(lines):
            last_fits = sy + 2 * step <= bottom
            if not last_fits and i < len(lines) - 1:
                line = line.rstrip() + "\u2026"
            draw.text(
                (sx, sy),
                line,
                font=fnt,
                fill=theme.highlight if request else theme.text,
                anchor="la",
            )
            sy += step
            if not last_fits:
                return
