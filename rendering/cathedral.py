"""Cathedral board image: the walled 10x10 city, its buildings, claimed territory and both hands.

`render(view)` is pure and deterministic: the same `CathedralView` and options always give the same
pixels. It reads only the view (never the game state or rules), so highlights such as the last
placement are data in the view. Cathedral has no hidden information, so the image does not depend on
`view.viewer`.

Layout (portrait, because phones show images full-width): a title bar, the board with file letters
A-J above and below and rank numbers 1-10 on both sides (rank 1 is the top row), then one panel per
player with their unplaced buildings drawn as small shapes, their score so far, series points and
captures, and finally the result once the game is over.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rendering.base import (
    DEFAULT,
    Cell,
    Colour,
    Grid,
    Rect,
    Theme,
    cells_extent,
    clamp,
    draw_header,
    draw_panel,
    draw_swatch,
    draw_text_centered,
    draw_wrapped,
    drawable_text,
    finish,
    fit_font,
    fit_name,
    flow_layout,
    font,
    inset_outline,
    label_point,
    measure_wrapped,
    mix,
    new_canvas,
    normalise_cells,
    polyomino_outline,
    text_width,
)

if TYPE_CHECKING:
    # Type-only import: at run time the renderer touches no game package, so importing it never
    # pulls in an engine (the view is read by attribute).
    from bot.games.cathedral.view import CathedralView, HandPiece, PlacedPiece
    from bot.games.protocol import Seat

DEFAULT_WIDTH = 1000
MIN_WIDTH = 480
MAX_WIDTH = 1600

FILES = "ABCDEFGHIJ"
COLOURS = ("light", "dark")
COLOUR_NAMES = {"light": "Light", "dark": "Dark", "cathedral": "Cathedral"}

ABBREVIATIONS: dict[str, str] = {
    "Tavern": "Tav",
    "Stable": "Stb",
    "Inn": "Inn",
    "Bridge": "Brg",
    "Square": "Sq",
    "Manor": "Man",
    "Abbey": "Abb",
    "Infirmary": "Inf",
    "Castle": "Cas",
    "Tower": "Tow",
    "Academy": "Aca",
    "Cathedral": "",
}
"""Short names written on the board (a cell is too small for "Infirmary" at a readable size)."""

# Proportions of one board cell; every length in the image derives from the cell size.
_LABEL_BAND = 0.5  # room for file letters / rank numbers outside the wall
_WALL = 0.17  # wall thickness
_PAD = 0.25  # outer margin
_HEADER = 0.85  # title bar height
_PIECE_GAP = 0.05  # how far each piece's edge sits inside its squares (shows piece boundaries)
_MINI = 0.28  # hand pieces: mini square size


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes, in pixels (pure numbers, tested without drawing)."""

    width: int
    cell: float
    pad: float
    header: Rect
    board: Grid
    wall: Rect
    below_y: float


def compute_layout(width: int, rows: int = 10, cols: int = 10) -> Layout:
    """The board geometry for an image `width` pixels wide (height of the panels comes later)."""
    cell = width / (cols + 2 * (_LABEL_BAND + _WALL + _PAD))
    # Whole-pixel cells keep grid lines and piece edges crisp.
    cell = float(int(cell))
    pad = (width - cols * cell) / 2 - (_LABEL_BAND + _WALL) * cell
    header = Rect(pad, pad * 0.5, width - pad, pad * 0.5 + _HEADER * cell)
    top = header.y1 + _LABEL_BAND * cell + _WALL * cell
    left = round((width - cols * cell) / 2)
    board = Grid(left, math.ceil(top), cell, rows, cols)
    wall_w = _WALL * cell
    wall = board.rect.inset(-wall_w)
    below_y = wall.y1 + _LABEL_BAND * cell + pad * 0.5
    return Layout(width, cell, pad, header, board, wall, below_y)


def square_name(row: int, col: int) -> str:
    """Board coordinate as players read it: file letter then rank ("A1" is the top-left)."""
    return f"{FILES[col]}{row + 1}"


def render(
    view: CathedralView,
    *,
    theme: Theme = DEFAULT,
    size: int = DEFAULT_WIDTH,
    names: Mapping[Seat, str] | None = None,
    highlights: Iterable[Cell] = (),
) -> Image.Image:
    """Draw a Cathedral position.

    view: the public position (`bot.games.cathedral.view.CathedralView`).
    theme: colours (see `rendering.base.Theme`).
    size: image width in pixels, clamped to 480..1600 (the height follows from the content).
    names: display names by seat, e.g. Discord nicknames; defaults to "Player 1"/"Player 2".
    highlights: extra squares (row, col) to ring, e.g. a proposed placement.
    """
    width = clamp(int(size), MIN_WIDTH, MAX_WIDTH)
    layout = compute_layout(width, view.size, view.size)
    seat_of = {colour: seat for seat, colour in view.colour_of_seat.items()}
    panels = _plan_panels(view, layout, seat_of, names)
    height = round(panels.bottom + layout.pad * 0.5)

    image, draw = new_canvas(width, height, theme)
    _draw_header(draw, view, layout, theme)
    _draw_board(draw, view, layout, theme, tuple(highlights))
    _draw_panels(draw, view, panels, layout, theme)
    return finish(image, draw, (theme.background, theme.panel, theme.board_empty))


# --------------------------------------------------------------------------------------------
# Header and board
# --------------------------------------------------------------------------------------------


def _draw_header(
    draw: ImageDraw.ImageDraw, view: CathedralView, layout: Layout, theme: Theme
) -> None:
    title = "Cathedral"
    if view.games_in_series > 1:
        title = f"Cathedral - game {view.game_number} of {view.games_in_series}"
    if view.finished or view.to_move is None:
        status, colour = "Game over", theme.text
    else:
        status = f"{COLOUR_NAMES.get(view.to_move, view.to_move)} to move"
        colour = theme.highlight
    draw_header(draw, layout.header, title, theme, status=status, status_colour=colour)


def _draw_board(
    draw: ImageDraw.ImageDraw,
    view: CathedralView,
    layout: Layout,
    theme: Theme,
    highlights: tuple[Cell, ...],
) -> None:
    grid, cell = layout.board, layout.cell
    _draw_wall(draw, layout, theme)
    _draw_coordinates(draw, layout, theme)

    # Squares: empty stone, or tinted and hatched when claimed, so a claim reads even in greyscale.
    hatch_w = max(1, round(cell * 0.03))
    for row in range(grid.rows):
        for col in range(grid.cols):
            rect = grid.cell_rect(row, col)
            owner = _territory(view, row, col)
            if owner == "light":
                draw.rectangle(rect.box(), fill=theme.territory_light)
                _hatch(draw, rect, theme.hatch_light, hatch_w)
            elif owner == "dark":
                draw.rectangle(rect.box(), fill=theme.territory_dark)
                _hatch(draw, rect, theme.hatch_dark, hatch_w)
            else:
                draw.rectangle(rect.box(), fill=theme.board_empty)
    line_w = max(1, round(cell * 0.02))
    for i in range(1, grid.cols):
        x = round(grid.x + i * cell)
        draw.line((x, grid.y, x, grid.rect.y1 - 1), fill=theme.grid_line, width=line_w)
    for i in range(1, grid.rows):
        y = round(grid.y + i * cell)
        draw.line((grid.x, y, grid.rect.x1 - 1, y), fill=theme.grid_line, width=line_w)

    last = None
    for piece in view.pieces:
        _draw_piece(draw, grid, piece.cells, piece.owner, piece.name, theme, label=True)
        if piece.piece_id == view.last_piece_id:
            last = piece
    if last is not None:
        _draw_last_move(draw, grid, last, theme)
    for row, col in highlights:
        rect = grid.cell_rect(row, col).inset(cell * 0.06)
        draw.rectangle(rect.box(), outline=theme.highlight, width=max(2, round(cell * 0.06)))


def _territory(view: CathedralView, row: int, col: int) -> str:
    try:
        return view.territory[row][col]
    except IndexError:
        return ""


def _hatch(draw: ImageDraw.ImageDraw, rect: Rect, colour: Colour, width: int) -> None:
    # Diagonal lines "/" at a quarter-cell pitch, clipped to the square by construction.
    step = rect.width / 4
    x0, y0, x1, y1 = rect.x0, rect.y0, rect.x1 - 1, rect.y1 - 1
    size = x1 - x0
    for k in range(1, 8):
        d = k * step
        if d <= size:
            a, b = (x0, y0 + d), (x0 + d, y0)
        else:
            a, b = (x0 + d - size, y1), (x1, y0 + d - size)
        draw.line((a, b), fill=colour, width=width)


def _draw_wall(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme) -> None:
    wall, cell = layout.wall, layout.cell
    thickness = _WALL * cell
    draw.rectangle(wall.box(), fill=theme.wall)
    # A lighter inner line and square notches (crenellations) make it read as a city wall.
    inner = wall.inset(thickness * 0.35)
    draw.rectangle(inner.box(), outline=theme.wall_light, width=max(1, round(thickness * 0.15)))
    notch = thickness * 0.45
    for i in range(layout.board.cols * 2 + 1):
        x = wall.x0 + thickness + (i - 0.25) * cell / 2
        for y in (wall.y0, wall.y1 - notch * 0.5):
            draw.rectangle(Rect(x, y, x + cell / 4, y + notch * 0.5).box(), fill=theme.background)
    for i in range(layout.board.rows * 2 + 1):
        y = wall.y0 + thickness + (i - 0.25) * cell / 2
        for x in (wall.x0, wall.x1 - notch * 0.5):
            draw.rectangle(Rect(x, y, x + notch * 0.5, y + cell / 4).box(), fill=theme.background)


def _draw_coordinates(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme) -> None:
    grid, wall, cell = layout.board, layout.wall, layout.cell
    fnt = font(round(cell * 0.34), bold=True)
    band = _LABEL_BAND * cell
    for col in range(grid.cols):
        x = grid.cell_center(0, col)[0]
        for y in (wall.y0 - band / 2, wall.y1 + band / 2):
            draw_text_centered(draw, (x, y), FILES[col], fnt, theme.text)
    for row in range(grid.rows):
        y = grid.cell_center(row, 0)[1]
        for x in (wall.x0 - band / 2, wall.x1 + band / 2):
            draw_text_centered(draw, (x, y), str(row + 1), fnt, theme.text)


def _piece_colours(owner: str, theme: Theme) -> tuple[Colour, Colour, Colour]:
    """(fill, outline, text) for a piece owner."""
    if owner == "light":
        return theme.light_piece, theme.light_outline, theme.light_text
    if owner == "dark":
        return theme.dark_piece, theme.dark_outline, theme.dark_text
    return theme.cathedral, theme.cathedral_outline, theme.cathedral_mark


def _piece_polygon(grid: Grid, cells: Iterable[Cell], inset: float) -> list[tuple[int, int]]:
    corners = polyomino_outline(cells)
    inset_px = inset_outline(corners, inset / grid.cell)
    return [tuple(round(v) for v in grid.point(gx, gy)) for gx, gy in inset_px]  # type: ignore[misc]


def _draw_piece(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    cells: Iterable[Cell],
    owner: str,
    name: str,
    theme: Theme,
    *,
    label: bool,
) -> None:
    """One building as a single outlined shape, its short name (or a cross) on its middle."""
    cells = tuple(cells)
    if not cells:
        return
    fill, outline, text = _piece_colours(owner, theme)
    cell = grid.cell
    gap = max(1.0, cell * _PIECE_GAP)
    line = max(1, round(cell * 0.045))
    polygon = _piece_polygon(grid, cells, gap)
    draw.polygon(polygon, fill=fill, outline=outline, width=line)
    row, col = label_point(cells)
    cx, cy = grid.cell_center(row, col)
    if name == "Cathedral" or owner == "cathedral":
        # A plain cross: the Cathedral needs no text to be recognised.
        arm, bar = cell * 0.3, max(2, round(cell * 0.09))
        draw.rectangle((cx - bar / 2, cy - arm, cx + bar / 2, cy + arm), fill=text)
        draw.rectangle(
            (cx - arm * 0.7, cy - arm * 0.45 - bar / 2, cx + arm * 0.7, cy - arm * 0.45 + bar / 2),
            fill=text,
        )
    elif label:
        short = ABBREVIATIONS.get(name, name[:3])
        fnt = fit_font(short, cell * 0.8, round(cell * 0.34), bold=True)
        draw_text_centered(draw, (cx, cy), short, fnt, text)


def _draw_last_move(
    draw: ImageDraw.ImageDraw, grid: Grid, piece: PlacedPiece, theme: Theme
) -> None:
    # A bright ring just inside the piece's edge: obvious at thumbnail size, and it does not hide
    # the piece's own colour or the neighbours'.
    cell = grid.cell
    width = max(3, round(cell * 0.08))
    polygon = _piece_polygon(grid, piece.cells, cell * _PIECE_GAP + width / 2)
    draw.line([*polygon, polygon[0]], fill=theme.highlight, width=width, joint="curve")


# --------------------------------------------------------------------------------------------
# Player panels
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _HandItem:
    name: str
    count: int
    cells: tuple[Cell, ...]
    caption: str
    width: float
    height: float
    slot_rows: int


@dataclass(frozen=True, slots=True)
class _PanelPlan:
    colour: str
    rect: Rect
    title: str
    lines: tuple[str, ...]
    items: tuple[_HandItem, ...]
    positions: tuple[tuple[float, float], ...]
    hand_top: float
    captures: str
    captures_top: float


@dataclass(frozen=True, slots=True)
class _Panels:
    panels: tuple[_PanelPlan, ...]
    result_rect: Rect | None
    result_text: str
    bottom: float


def _metrics(layout: Layout) -> dict[str, float]:
    c = layout.cell
    return {
        "mini": max(8.0, round(c * _MINI)),
        "title": round(c * 0.34),
        "line": round(c * 0.3),
        "caption": round(c * 0.26),
        "inner": c * 0.2,
        "gap": c * 0.2,
    }


def _hand_items(hand: Iterable[HandPiece], mini: float, caption_size: int) -> tuple[_HandItem, ...]:
    """Group identical buildings (keeping the hand's order) and size each picture + caption."""
    order: list[str] = []
    counts: dict[str, int] = {}
    shapes: dict[str, tuple[Cell, ...]] = {}
    for piece in hand:
        if piece.name not in counts:
            order.append(piece.name)
            counts[piece.name] = 0
            shapes[piece.name] = normalise_cells(piece.cells)
        counts[piece.name] += 1
    fnt = font(caption_size)
    # Every slot is as tall as the tallest shape, so the captions of a row line up.
    slot_rows = max((cells_extent(cells)[0] for cells in shapes.values()), default=0)
    items = []
    for name in order:
        caption = name if counts[name] == 1 else f"{name} \u00d7{counts[name]}"
        _rows, cols = cells_extent(shapes[name])
        width = max(cols * mini, text_width(caption, fnt))
        height = slot_rows * mini + caption_size * 1.5
        items.append(_HandItem(name, counts[name], shapes[name], caption, width, height, slot_rows))
    return tuple(items)


def took_line(view: CathedralView, colour: str) -> str:
    """The panel line listing what `colour` captured this game, naming each piece's owner so it
    cannot be read as the player's own loss: "Took: light's Tavern; the Cathedral" ("" if none)."""
    taken = [
        "the Cathedral" if owner == "cathedral" else f"{owner}'s {name}"
        for taker, name, owner in view.captured
        if taker == colour
    ]
    return f"Took: {'; '.join(taken)}" if taken else ""


def _result_text(view: CathedralView, names: Mapping[Seat, str] | None) -> str:
    """The result banner. The engine's sentence for a whole series has to describe players by
    their colour in game 1; with names at hand the banner names the winner and both totals."""
    if not view.finished:
        return ""
    totals = view.series_totals
    if view.games_in_series > 1 and view.game_number == view.games_in_series and len(totals) == 2:

        def who(seat: Seat) -> str:
            given = drawable_text((names or {}).get(seat) or "", font(20, bold=True))
            return given or f"Player {int(seat) + 1}"

        (a, pa), (b, pb) = sorted(totals.items(), key=lambda item: (item[1], item[0]))
        games = view.games_in_series
        if pa == pb:
            return f"The series of {games} games is drawn at {pa} points each."
        return (
            f"{who(a)} wins the series of {games} games with {pa} points against {pb}"
            " (lower is better)."
        )
    return view.result_text or ""


def _plan_panels(
    view: CathedralView,
    layout: Layout,
    seat_of: Mapping[str, Seat],
    names: Mapping[Seat, str] | None,
) -> _Panels:
    m = _metrics(layout)
    inner, gap = m["inner"], m["gap"]
    area = Rect(layout.pad, layout.below_y, layout.width - layout.pad, layout.below_y)
    columns = area.split_columns(2, gap)
    plans = []
    bottoms = []
    for colour, column in zip(COLOURS, columns, strict=True):
        seat = seat_of.get(colour)
        who = COLOUR_NAMES[colour]
        if seat is not None:
            # Characters DejaVu cannot draw (CJK, emoji) would show as empty boxes: replace them.
            given = drawable_text((names or {}).get(seat) or "", font(int(m["title"]), bold=True))
            title = f"{who} - {given or f'Player {int(seat) + 1}'}"
        else:
            title = who
        score = view.scores.get(colour, 0)
        lines = [f"Unplaced: {score} square{'s' if score != 1 else ''}"]
        if view.games_in_series > 1 and seat is not None and seat in view.series_totals:
            lines.append(f"Series total: {view.series_totals[seat]} pts")
        content_w = column.width - 2 * inner
        y = column.y0 + inner + m["title"] * 1.4 + m["line"] * 1.35 * len(lines) + inner * 0.5
        items = _hand_items(view.hands.get(colour, ()), m["mini"], int(m["caption"]))
        positions, used = _flow(items, content_w, m["mini"])
        hand_top = y
        if not items:
            used = m["line"] * 1.4  # room for "All buildings placed"
        y += used + inner * 0.5
        captures = took_line(view, colour)
        captures_top = y
        if captures:
            y += measure_wrapped(captures, font(int(m["line"])), content_w) + inner * 0.3
        bottoms.append(y + inner * 0.5)
        plans.append(
            (
                colour,
                column,
                title,
                tuple(lines),
                items,
                positions,
                hand_top,
                captures,
                captures_top,
            )
        )
    panel_bottom = max(bottoms)
    panels = tuple(
        _PanelPlan(
            colour,
            Rect(col.x0, col.y0, col.x1, panel_bottom),
            title,
            lines,
            items,
            tuple(positions),
            hand_top,
            captures,
            captures_top,
        )
        for colour, col, title, lines, items, positions, hand_top, captures, captures_top in plans
    )
    result_text = _result_text(view, names)
    result_rect = None
    bottom = panel_bottom
    if result_text:
        fnt = font(int(m["title"]), bold=True)
        h = measure_wrapped(result_text, fnt, area.width - 2 * inner) + 2 * inner
        result_rect = Rect(area.x0, panel_bottom + gap, area.x1, panel_bottom + gap + h)
        bottom = result_rect.y1
    return _Panels(panels, result_rect, result_text, bottom)


def _flow(
    items: tuple[_HandItem, ...], max_width: float, mini: float
) -> tuple[list[tuple[float, float]], float]:
    return flow_layout([(i.width, i.height) for i in items], max_width, mini * 0.9, mini * 0.4)


def _draw_panels(
    draw: ImageDraw.ImageDraw, view: CathedralView, panels: _Panels, layout: Layout, theme: Theme
) -> None:
    m = _metrics(layout)
    inner = m["inner"]
    title_font = font(int(m["title"]), bold=True)
    line_font = font(int(m["line"]))
    caption_font = font(int(m["caption"]))
    for plan in panels.panels:
        to_move = not view.finished and view.to_move == plan.colour
        border = theme.highlight if to_move else theme.panel_border
        draw_panel(draw, plan.rect, theme, border=border, width=4 if to_move else 2)
        fill, outline, _ = _piece_colours(plan.colour, theme)
        x, y = plan.rect.x0 + inner, plan.rect.y0 + inner
        sw = m["title"]
        draw_swatch(draw, Rect(x, y, x + sw, y + sw), fill, outline=outline)
        title_w = plan.rect.width - 2 * inner - sw * 1.4
        if to_move:
            title_w -= text_width("TO MOVE", font(int(m["caption"]), bold=True)) + inner
        # Shrink a little (never below 70%: ~19 px at the default width), then cut with an
        # ellipsis, so a 32-character Discord name stays readable and inside the panel.
        size = int(m["title"])
        tf = fit_font(plan.title, title_w, size, min_size=round(size * 0.7), bold=True)
        title = fit_name(plan.title, tf, max(title_w, 0))
        draw.text((x + sw * 1.4, y + sw / 2), title, font=tf, fill=theme.text, anchor="lm")
        if to_move:
            draw.text(
                (plan.rect.x1 - inner, y + sw / 2),
                "TO MOVE",
                font=font(int(m["caption"]), bold=True),
                fill=theme.highlight,
                anchor="rm",
            )
        y += m["title"] * 1.4
        for line in plan.lines:
            draw.text((x, y), line, font=line_font, fill=theme.text_muted, anchor="la")
            y += m["line"] * 1.35
        if not plan.items:
            draw.text(
                (x, plan.hand_top),
                "All buildings placed",
                font=line_font,
                fill=theme.text,
                anchor="la",
            )
        mini = m["mini"]
        for item, (dx, dy) in zip(plan.items, plan.positions, strict=True):
            ix, iy = x + dx, plan.hand_top + dy
            rows, cols = cells_extent(item.cells)
            shape_w = cols * mini
            # Centre each shape in its slot horizontally and sit it on the caption line.
            gx = ix + (item.width - shape_w) / 2
            gy = iy + (item.slot_rows - rows) * mini
            grid = Grid(round(gx), round(gy), mini, rows, cols)
            owner = "cathedral" if item.name == "Cathedral" else plan.colour
            _draw_piece(draw, grid, item.cells, owner, item.name, theme, label=False)
            draw.text(
                (ix + item.width / 2, iy + item.slot_rows * mini + m["caption"] * 0.3),
                item.caption,
                font=caption_font,
                fill=theme.text,
                anchor="ma",
            )
        if plan.captures:
            draw_wrapped(
                draw,
                (x, plan.captures_top),
                plan.captures,
                line_font,
                theme.text,
                plan.rect.width - 2 * inner,
            )
    if panels.result_rect is not None:
        rect = panels.result_rect
        draw_panel(
            draw,
            rect,
            theme,
            fill=mix(theme.panel, theme.highlight, 0.15),
            border=theme.highlight,
            width=3,
        )
        draw_wrapped(
            draw,
            (rect.x0 + inner, rect.y0 + inner),
            panels.result_text,
            title_font,
            theme.text,
            rect.width - 2 * inner,
        )
