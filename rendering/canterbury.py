"""Canterbury board image: the 5x5 city, the prosperity track, the players, the supply and the
last District Favor scoring.

Every district shows its class by shade (central light, inner medium, outer dark green), its six
building spaces (3 x 2; a medium takes a column, a large two columns) with each structure's
abbreviation and its builder's letter, and its six service slots (water ... culture, left to
right) filled with the marker's colour and owner letter. The last turn's structures and markers
are outlined. Seats are told apart by letter as well as colour (B, R, G, Y; N = the Neutral
Builder; + = the Old Roman Well's purple marker).

The size depends only on the player count (width 1000 by default), so a game's images line up.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw

from rendering.base import (
    DEFAULT,
    Colour,
    Rect,
    Theme,
    clamp,
    draw_header,
    draw_panel,
    draw_swatch,
    draw_text,
    draw_text_centered,
    fit_font,
    fit_name,
    font,
    mix,
    new_canvas,
    text_on,
    wrap_text,
)

if TYPE_CHECKING:
    from bot.games.canterbury.view import CanterburyView, DistrictView, StructureView
    from bot.games.protocol import Seat

DEFAULT_WIDTH = 1000
MIN_WIDTH = 480
MAX_WIDTH = 1600

CLASS_SHADES = {"central": "#a8d5a2", "inner": "#6fa86a", "outer": "#3f7040"}
SERVICE_LETTERS = ("W", "F", "R", "D", "C", "Cu")
SERVICE_NAMES = ("Water", "Food", "Religion", "Defense", "Commerce", "Culture")
OWNER_LETTERS = {"blue": "B", "red": "R", "green": "G", "yellow": "Y", "neutral": "N", "roman": "+"}
NEUTRAL_COLOUR = "#9aa0a6"
CITY_COLOUR = "#8e44ad"

# Reference lengths at 1000 px wide.
_PAD = 12
_GAP = 8
_HEADER_H = 56
_DISTRICT_GAP = 6
_TRACK_H = 112
_PLAYER_H = 64
_SUPPLY_H = 170
_SCORING_H = 180


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every section goes (pure numbers)."""

    width: int
    height: int
    scale: float
    header: Rect
    board: Rect
    track: Rect
    players: Rect
    supply: Rect
    scoring: Rect


def compute_layout(players: int, size: int = DEFAULT_WIDTH) -> Layout:
    """The layout for a player count at `size` px wide (clamped to 480..1600)."""
    width = clamp(size, MIN_WIDTH, MAX_WIDTH)
    k = width / DEFAULT_WIDTH
    y = _PAD * k
    header = Rect(_PAD * k, y, width - _PAD * k, y + _HEADER_H * k)
    y = header.y1 + _GAP * k
    board_w = width - 2 * _PAD * k
    board = Rect(_PAD * k, y, width - _PAD * k, y + board_w)
    y = board.y1 + _GAP * k
    track = Rect(_PAD * k, y, width - _PAD * k, y + _TRACK_H * k)
    y = track.y1 + _GAP * k
    rows = players + (1 if players == 2 else 0)
    block = Rect(_PAD * k, y, width - _PAD * k, y + (34 + rows * _PLAYER_H) * k)
    y = block.y1 + _GAP * k
    supply = Rect(_PAD * k, y, width - _PAD * k, y + _SUPPLY_H * k)
    y = supply.y1 + _GAP * k
    scoring = Rect(_PAD * k, y, width - _PAD * k, y + _SCORING_H * k)
    height = round(scoring.y1 + _PAD * k)
    return Layout(width, height, k, header, board, track, block, supply, scoring)


@dataclass
class _Ctx:
    image: Image.Image
    draw: ImageDraw.ImageDraw
    theme: Theme
    k: float
    view: CanterburyView
    names: dict[int, str]

    def px(self, value: float) -> int:
        return max(1, round(value * self.k))

    def owner_colour(self, owner: str | None) -> Colour:
        if owner is None:
            return self.theme.panel
        return _owner_colour(self.theme, owner)

    def seat_name(self, seat: int) -> str:
        colour = self.view.players[seat].colour
        return self.names.get(seat, colour.capitalize())


def render(
    view: CanterburyView,
    *,
    theme: Theme = DEFAULT,
    size: int = DEFAULT_WIDTH,
    names: Mapping[Seat, str] | None = None,
) -> Image.Image:
    """Draw a Canterbury position.

    view: `bot.games.canterbury.view.CanterburyView` (everything is public).
    theme: colours (seat colours by name; see `rendering.base.Theme`).
    size: width in pixels, clamped to 480..1600; the height follows from the player count only.
    names: display names by seat; default: the seat colour.
    """
    layout = compute_layout(len(view.players), size)
    image, draw = new_canvas(layout.width, layout.height, theme)
    ctx = _Ctx(
        image, draw, theme, layout.scale, view, {int(s): n for s, n in (names or {}).items()}
    )
    _draw_header(ctx, layout.header)
    _draw_board(ctx, layout.board)
    _draw_track(ctx, layout.track)
    _draw_players(ctx, layout.players)
    _draw_supply(ctx, layout.supply)
    _draw_scoring(ctx, layout.scoring)
    return image


# --------------------------------------------------------------------------------- header


def _status(ctx: _Ctx) -> tuple[str, Colour | None]:
    view = ctx.view
    if view.finished:
        return (view.result_text or "Game over"), ctx.theme.highlight
    if view.current is None:
        return "", None
    who = ctx.seat_name(view.current)
    phase = {
        "neutral": "places the Neutral Builder's structure",
        "choose": "chooses an action",
        "build": "builds",
        "spread": "chooses districts",
    }.get(view.phase, view.phase)
    text = f"{who} {phase}"
    if view.final_round:
        text += f" · {view.turns_left} turns left"
    return text, ctx.owner_colour(view.players[view.current].colour)


def _draw_header(ctx: _Ctx, rect: Rect) -> None:
    draw_panel(ctx.draw, rect, ctx.theme, radius=ctx.px(10))
    status, colour = _status(ctx)
    draw_header(ctx.draw, rect, "Canterbury", ctx.theme, status=status, status_colour=colour)


# --------------------------------------------------------------------------------- board


def _district_rects(rect: Rect, k: float) -> list[Rect]:
    gap = _DISTRICT_GAP * k
    cell = (rect.width - 4 * gap) / 5
    out = []
    for i in range(25):
        row, col = divmod(i, 5)
        x0 = rect.x0 + col * (cell + gap)
        y0 = rect.y0 + row * (cell + gap)
        out.append(Rect(x0, y0, x0 + cell, y0 + cell))
    return out


def pack_spaces(structures: tuple[StructureView, ...]) -> list[tuple[StructureView, list[int]]]:
    """Building-space cells (0..5: row-major in a 3 x 2 grid) for each structure: large first
    (two columns), then mediums (one column each), then smalls in the free cells."""
    free = list(range(6))
    out: list[tuple[StructureView, list[int]]] = []
    order = sorted(range(len(structures)), key=lambda i: (-structures[i].spaces, i))
    for i in order:
        s = structures[i]
        cells: list[int] = []
        if s.spaces >= 4:
            for col in (0, 1):
                if {col, col + 1, col + 3, col + 4} <= set(free):
                    cells = [col, col + 1, col + 3, col + 4]
                    break
        elif s.spaces == 2:
            for col in (0, 1, 2):
                if {col, col + 3} <= set(free):
                    cells = [col, col + 3]
                    break
            else:
                for start in (0, 1, 3, 4):
                    if {start, start + 1} <= set(free):
                        cells = [start, start + 1]
                        break
        elif free:
            cells = [free[0]]
        for c in cells:
            free.remove(c)
        if cells:
            out.append((s, cells))
    return out


def _draw_board(ctx: _Ctx, rect: Rect) -> None:
    for district, box in zip(ctx.view.districts, _district_rects(rect, ctx.k), strict=True):
        _draw_district(ctx, district, box)


@functools.lru_cache(maxsize=64)
def _fit(text: str, width: int, size: int, min_size: int, bold: bool) -> Any:
    """`fit_font`, remembered: a board draws the same few labels many times."""
    return fit_font(text, width, size, min_size=min_size, bold=bold)


@functools.lru_cache(maxsize=32)
def _empty_tile(district_class: str, width: int, height: int, k: float, theme: Theme) -> Any:
    """A district without structures or markers (shade, space grid, empty service slots),
    drawn once per class and size and pasted: most of a board is empty slots."""
    shade = CLASS_SHADES[district_class]
    tile = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    box = Rect(0, 0, width, height)
    draw.rounded_rectangle(
        box.box(),
        radius=max(1, round(8 * k)),
        fill=shade,
        outline="#1e2b1e",
        width=max(1, round(2 * k)),
    )
    area, slots = _district_parts(box, k)
    cw, ch = area.width / 3, area.height / 2
    for c in range(6):
        r, col = divmod(c, 3)
        cell = Rect(
            area.x0 + col * cw, area.y0 + r * ch, area.x0 + (col + 1) * cw, area.y0 + (r + 1) * ch
        ).inset(1.5 * k)
        draw.rectangle(cell.box(), outline=mix(shade, "#000000", 0.25), width=1)
    for i, slot in enumerate(slots):
        draw.rounded_rectangle(
            slot.box(),
            radius=max(1, round(4 * k)),
            fill=mix(shade, "#000000", 0.3),
            outline=mix(shade, "#000000", 0.5),
            width=1,
        )
        fnt = _fit(SERVICE_LETTERS[i], round(slot.width - 4 * k), max(1, round(16 * k)), 8, False)
        draw_text_centered(draw, slot.center, SERVICE_LETTERS[i], fnt, mix(shade, "#ffffff", 0.35))
    return tile


def _district_parts(box: Rect, k: float) -> tuple[Rect, list[Rect]]:
    """The building-space area and the six service slots of a district box."""
    pad = 5 * k
    slots_h = 34 * k
    area = Rect(box.x0 + pad, box.y0 + 30 * k, box.x1 - pad, box.y1 - pad - slots_h - 4 * k)
    sy0 = box.y1 - pad - slots_h
    sw = (box.width - 2 * pad) / 6
    slots = [
        Rect(box.x0 + pad + i * sw, sy0, box.x0 + pad + (i + 1) * sw, sy0 + slots_h).inset(
            1.5 * k, 0
        )
        for i in range(6)
    ]
    return area, slots


def _draw_district(ctx: _Ctx, district: DistrictView, box: Rect) -> None:
    draw, k, theme = ctx.draw, ctx.k, ctx.theme
    shade = CLASS_SHADES[district.district_class]
    x0, y0 = round(box.x0), round(box.y0)
    w, h = round(box.x1) - x0, round(box.y1) - y0
    tile = _empty_tile(district.district_class, w, h, k, theme)
    ctx.image.paste(tile, (x0, y0), tile)
    box = Rect(x0, y0, x0 + w, y0 + h)
    pad = 5 * k
    label_font = font(ctx.px(20), bold=True)
    ink = text_on(shade)
    draw_text(draw, (box.x0 + pad, box.y0 + pad), district.name, label_font, ink)
    if district.covered:
        value = f"{district.covered} sp"
        draw_text(draw, (box.x1 - pad, box.y0 + pad), value, font(ctx.px(18)), ink, anchor="ra")
    area, slots = _district_parts(box, k)
    cw, ch = area.width / 3, area.height / 2
    for s, cells in pack_spaces(district.structures):
        rows = [c // 3 for c in cells]
        cols = [c % 3 for c in cells]
        srect = Rect(
            area.x0 + min(cols) * cw,
            area.y0 + min(rows) * ch,
            area.x0 + (max(cols) + 1) * cw,
            area.y0 + (max(rows) + 1) * ch,
        ).inset(2.5 * k)
        sx, sy = round(srect.x0), round(srect.y0)
        piece = _structure_tile(
            s.name if s.spaces >= 4 else s.abbreviation,
            s.spaces >= 4,
            s.owner,
            s.new,
            round(srect.x1) - sx,
            round(srect.y1) - sy,
            k,
            theme,
        )
        ctx.image.paste(piece, (sx, sy), piece)
    for i, owner in enumerate(district.markers):
        if owner is None:
            continue
        slot = slots[i]
        mx, my = round(slot.x0), round(slot.y0)
        mark = _marker_tile(
            owner, district.new_markers[i], round(slot.x1) - mx, round(slot.y1) - my, k, theme
        )
        ctx.image.paste(mark, (mx, my), mark)


def _owner_colour(theme: Theme, owner: str) -> Colour:
    if owner == "neutral":
        return NEUTRAL_COLOUR
    if owner == "roman":
        return CITY_COLOUR
    return theme.seat_colour(owner)


@functools.lru_cache(maxsize=512)
def _structure_tile(
    label: str, wrap: bool, owner: str, new: bool, w: int, h: int, k: float, theme: Theme
) -> Any:
    """A structure token (fill in its builder's colour, its label, the builder's letter),
    drawn once and pasted wherever the same token appears."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    rect = Rect(0, 0, w, h)
    colour = _owner_colour(theme, owner)
    fill = mix(colour, "#ffffff", 0.55) if owner != "roman" else "#d9c7e6"
    draw.rounded_rectangle(
        rect.box(),
        radius=max(1, round(5 * k)),
        fill=fill,
        outline=theme.highlight if new else "#222222",
        width=max(1, round((4 if new else 1) * k)),
    )
    label_y = rect.center[1] - 9 * k
    if wrap:
        fnt = font(max(1, round(19 * k)), bold=True)
        lines = wrap_text(label, fnt, rect.width - 8 * k)[:3]
        for j, line in enumerate(lines):
            y = label_y + (j - (len(lines) - 1) / 2) * 20 * k
            draw_text_centered(draw, (rect.center[0], y), line, fnt, "#111111")
    else:
        fnt = _fit(label, round(rect.width - 4 * k), round(21 * k), round(15 * k), True)
        draw_text_centered(draw, (rect.center[0], label_y), label, fnt, "#111111")
    chip = Rect(rect.center[0] - 12 * k, rect.y1 - 25 * k, rect.center[0] + 12 * k, rect.y1 - 2 * k)
    draw_swatch(draw, chip, colour, outline="#111111", label=OWNER_LETTERS.get(owner, "?"))
    return tile


@functools.lru_cache(maxsize=128)
def _marker_tile(owner: str, new: bool, w: int, h: int, k: float, theme: Theme) -> Any:
    """A service marker: the owner's colour and letter (outlined when placed last turn)."""
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    slot = Rect(0, 0, w, h)
    colour = _owner_colour(theme, owner)
    draw.rounded_rectangle(
        slot.box(),
        radius=max(1, round(4 * k)),
        fill=colour,
        outline=theme.highlight if new else "#111111",
        width=max(1, round((3 if new else 1) * k)),
    )
    letter = OWNER_LETTERS.get(owner, "?")
    fnt = _fit(letter, round(slot.width - 4 * k), max(1, round(22 * k)), 8, True)
    draw_text_centered(draw, slot.center, letter, fnt, text_on(colour))
    return tile


# --------------------------------------------------------------------------------- track


def _draw_track(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    draw_panel(draw, rect, theme, radius=ctx.px(10))
    pad = 12 * k
    title = font(ctx.px(20), bold=True)
    disks = "disk" if view.disks == 1 else "disks"
    text = (
        f"City {view.city} ({view.disks} {disks}) · Levy {view.levy} gold · Tax {view.tax} · "
        f"Favor scorings {view.scorings}/4"
    )
    fnt = fit_font(text, rect.width - 2 * pad, ctx.px(20), min_size=ctx.px(14), bold=True)
    draw_text(draw, (rect.x0 + pad, rect.y0 + pad * 0.7), text, fnt, theme.text)
    del title
    bar = Rect(rect.x0 + pad, rect.y0 + 48 * k, rect.x1 - pad, rect.y0 + 62 * k)
    draw.rounded_rectangle(bar.box(), radius=ctx.px(6), fill=theme.panel_border)
    for tick in range(0, 101, 10):
        x = bar.x0 + bar.width * tick / 100
        draw.line((x, bar.y0, x, bar.y1), fill=theme.text_muted, width=1)
        if tick < 100:
            draw_text(
                draw, (x + 2 * k, bar.y1 + 2 * k), str(tick), font(ctx.px(15)), theme.text_muted
            )

    def x_of(points: int) -> float:
        return bar.x0 + bar.width * (points % 100) / 100

    # City marker above the bar, player markers below, stacked when they meet.
    cx = x_of(view.city if view.city < 300 else 1)
    r = 11 * k
    draw.ellipse(
        (cx - r, bar.center[1] - r, cx + r, bar.center[1] + r),
        fill=CITY_COLOUR,
        outline="#ffffff",
        width=ctx.px(2),
    )
    draw_text_centered(
        draw, (cx, bar.center[1]), str(view.disks), font(ctx.px(14), True), "#ffffff"
    )
    used: dict[int, int] = {}
    for p in view.players:
        x = x_of(p.score)
        bucket = round(x / (22 * k))
        level = used.get(bucket, 0)
        used[bucket] = level + 1
        y = bar.y1 + 24 * k
        chip = Rect(x - 11 * k + level * 20 * k, y, x + 11 * k + level * 20 * k, y + 22 * k)
        colour = ctx.owner_colour(p.colour)
        draw_swatch(draw, chip, colour, label=OWNER_LETTERS[p.colour])
        laps = p.score // 100
        if laps:
            draw_text(
                draw,
                (chip.x1 + 1 * k, chip.y0),
                f"+{laps * 100}",
                font(ctx.px(13), True),
                theme.text,
            )


# --------------------------------------------------------------------------------- players


def _draw_players(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    draw_panel(draw, rect, theme, radius=ctx.px(10))
    pad = 12 * k
    head = font(ctx.px(16))
    cols = _player_columns(rect, k)
    for label, x in (("Gold", cols["gold"]), ("Prosp.", cols["score"]), ("Rank", cols["rank"])):
        draw_text(draw, (x, rect.y0 + 8 * k), label, head, theme.text_muted)
    for i, letter in enumerate(SERVICE_LETTERS):
        draw_text_centered(
            draw,
            (cols["kings"] + (i + 0.5) * 40 * k, rect.y0 + 17 * k),
            letter,
            head,
            theme.text_muted,
        )
    draw_text(
        draw,
        (cols["kings"] + 244 * k, rect.y0 + 8 * k),
        "King's Bonus counts",
        head,
        theme.text_muted,
    )
    y = rect.y0 + 34 * k
    for p in view.players:
        row = Rect(rect.x0 + pad * 0.5, y, rect.x1 - pad * 0.5, y + _PLAYER_H * k - 4 * k)
        current = view.current == p.seat
        if current:
            draw.rounded_rectangle(
                row.box(),
                radius=ctx.px(8),
                fill=mix(theme.panel, ctx.owner_colour(p.colour), 0.25),
                outline=theme.highlight,
                width=ctx.px(2),
            )
        elif view.last_seat == p.seat:
            draw.rounded_rectangle(
                row.box(), radius=ctx.px(8), outline=theme.panel_border, width=ctx.px(2)
            )
        colour = ctx.owner_colour(p.colour)
        chip = Rect(row.x0 + 8 * k, row.y0 + 10 * k, row.x0 + 44 * k, row.y0 + 46 * k)
        draw_swatch(draw, chip, colour, label=OWNER_LETTERS[p.colour])
        name_font = font(ctx.px(22), bold=True)
        name = fit_name(ctx.seat_name(p.seat), name_font, cols["gold"] - chip.x1 - 14 * k)
        draw_text(draw, (chip.x1 + 8 * k, row.y0 + 6 * k), name, name_font, theme.text)
        notes = []
        if p.must_full_build:
            notes.append("must Full Build")
        if p.neutral_build is not None:
            notes.append("NB: " + ("Build" if p.neutral_build else "No Build"))
            top = p.small_stack[:1] or p.medium_stack[:1]
            left = len(p.small_stack) + len(p.medium_stack)
            short = {s.id: s.abbreviation for s in view.supply}
            notes.append(
                f"next {short.get(top[0], top[0])}, {left} left" if top else "stacks empty"
            )
        note_font = font(ctx.px(17))
        if notes:
            note = fit_name(" · ".join(notes), note_font, cols["gold"] - chip.x1 - 14 * k)
            draw_text(draw, (chip.x1 + 8 * k, row.y0 + 34 * k), note, note_font, theme.text_muted)
        big = font(ctx.px(24), bold=True)
        draw_text(draw, (cols["gold"], row.y0 + 14 * k), str(p.gold), big, "#f2c230")
        draw_text(draw, (cols["score"], row.y0 + 14 * k), str(p.score), big, theme.text)
        draw_text(draw, (cols["rank"], row.y0 + 14 * k), str(p.rank), big, theme.text)
        _draw_kings(ctx, cols["kings"], row.y0 + 12 * k, p.kings)
        y += _PLAYER_H * k
    if view.neutral_kings is not None:
        row_y = y
        chip = Rect(rect.x0 + 14 * k, row_y + 10 * k, rect.x0 + 50 * k, row_y + 46 * k)
        draw_swatch(draw, chip, NEUTRAL_COLOUR, label="N")
        draw_text(
            draw,
            (chip.x1 + 8 * k, row_y + 14 * k),
            "Neutral Builder",
            font(ctx.px(22), bold=True),
            theme.text,
        )
        _draw_kings(ctx, cols["kings"], row_y + 12 * k, view.neutral_kings)


def _player_columns(rect: Rect, k: float) -> dict[str, float]:
    return {
        "gold": rect.x0 + 330 * k,
        "score": rect.x0 + 400 * k,
        "rank": rect.x0 + 480 * k,
        "kings": rect.x0 + 540 * k,
    }


def _draw_kings(ctx: _Ctx, x0: float, y: float, counts: tuple[int, ...]) -> None:
    fnt = font(ctx.px(22), bold=True)
    for i, n in enumerate(counts):
        box = Rect(
            x0 + i * 40 * ctx.k + 2 * ctx.k,
            y,
            x0 + (i + 1) * 40 * ctx.k - 2 * ctx.k,
            y + 34 * ctx.k,
        )
        draw_panel(ctx.draw, box, ctx.theme, fill=ctx.theme.background, radius=ctx.px(5), width=1)
        draw_text_centered(ctx.draw, box.center, str(n), fnt, ctx.theme.text)


# --------------------------------------------------------------------------------- supply


def _draw_supply(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme = ctx.draw, ctx.k, ctx.theme
    draw_panel(draw, rect, theme, radius=ctx.px(10))
    pad = 10 * k
    draw_text(
        draw,
        (rect.x0 + pad, rect.y0 + 6 * k),
        "Supply: cost / left",
        font(ctx.px(16)),
        theme.text_muted,
    )
    col_w = (rect.width - 2 * pad - 90 * k) / 6
    for i, name in enumerate(SERVICE_NAMES):
        x = rect.x0 + pad + 90 * k + (i + 0.5) * col_w
        draw_text_centered(
            draw, (x, rect.y0 + 34 * k), name, font(ctx.px(16), True), theme.text_muted
        )
    sizes = ("small", "medium", "large")
    row_h = (rect.height - 50 * k) / 3
    for r, size in enumerate(sizes):
        y0 = rect.y0 + 46 * k + r * row_h
        draw_text(
            draw,
            (rect.x0 + pad, y0 + row_h / 2),
            size.capitalize(),
            font(ctx.px(17)),
            theme.text_muted,
            anchor="lm",
        )
        for s in ctx.view.supply:
            if s.size != size:
                continue
            i = SERVICE_NAMES.index(s.service.capitalize())
            x0 = rect.x0 + pad + 90 * k + i * col_w
            cell = Rect(x0 + 3 * k, y0 + 2 * k, x0 + col_w - 3 * k, y0 + row_h - 2 * k)
            fill = theme.background if s.left else mix(theme.background, theme.panel, 0.5)
            draw_panel(draw, cell, theme, fill=fill, radius=ctx.px(5), width=1)
            text = f"{s.abbreviation} {s.cost}g ×{s.left}"
            fnt = fit_font(
                text, cell.width - 6 * k, ctx.px(20), min_size=ctx.px(14), bold=bool(s.left)
            )
            ink = theme.text if s.left else theme.text_muted
            draw_text_centered(draw, cell.center, text, fnt, ink)


# --------------------------------------------------------------------------------- scoring


def _draw_scoring(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    draw_panel(draw, rect, theme, radius=ctx.px(10))
    pad = 12 * k
    title_font = font(ctx.px(19), bold=True)
    line_font = font(ctx.px(19))
    if view.finished:
        draw_text(
            draw,
            (rect.x0 + pad, rect.y0 + 8 * k),
            "Final score by category",
            title_font,
            theme.text,
        )
        col_w = (rect.width - 2 * pad) / len(view.players)
        for p in view.players:
            x = rect.x0 + pad + p.seat * col_w
            name = fit_name(ctx.seat_name(p.seat), title_font, col_w - 10 * k)
            draw_text(
                draw, (x, rect.y0 + 36 * k), f"{name}", title_font, ctx.owner_colour(p.colour)
            )
            parts = [f"{label} {pts}" for label, pts in p.breakdown if pts]
            for j, part in enumerate(parts[:6]):
                draw_text(
                    draw,
                    (x, rect.y0 + (62 + j * 18) * k),
                    part,
                    fit_font(part, col_w - 10 * k, ctx.px(17), min_size=ctx.px(13)),
                    theme.text_muted,
                )
        return
    if view.last_scoring_number is None:
        text = "District Favor: scored when the city reaches 100, 200 and 300, and at the end."
        draw_text(draw, (rect.x0 + pad, rect.y0 + 8 * k), "District Favor", title_font, theme.text)
        fnt = fit_font(text, rect.width - 2 * pad, ctx.px(17), min_size=ctx.px(12))
        draw_text(draw, (rect.x0 + pad, rect.y0 + 40 * k), text, fnt, theme.text_muted)
        return
    draw_text(
        draw,
        (rect.x0 + pad, rect.y0 + 8 * k),
        f"District Favor scoring {view.last_scoring_number}",
        title_font,
        theme.text,
    )
    col_w = (rect.width - 2 * pad) / len(view.players)
    for p in view.players:
        x = rect.x0 + pad + p.seat * col_w
        mine = [(d, pts) for d, s, pts in view.last_scoring if s == p.seat]
        total = sum(pts for _, pts in mine)
        name = fit_name(ctx.seat_name(p.seat), title_font, col_w - 60 * k)
        draw_text(
            draw, (x, rect.y0 + 36 * k), f"{name} +{total}", title_font, ctx.owner_colour(p.colour)
        )
        text = ", ".join(f"{d} {pts}" for d, pts in mine) or "nothing"
        lines = wrap_text(text, line_font, col_w - 12 * k)
        for j, line in enumerate(lines[:4]):
            draw_text(draw, (x, rect.y0 + (64 + j * 22) * k), line, line_font, theme.text_muted)
