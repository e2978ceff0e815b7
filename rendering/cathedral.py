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

import functools
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from bot.i18n import N_, say, tr, tr_c, tr_n
from rendering.base import (
    DEFAULT,
    Cell,
    Colour,
    Grid,
    KitDraw,
    Rect,
    Theme,
    cached_tile,
    canvas_from,
    cells_extent,
    clamp,
    draw_panel,
    draw_seat_badge,
    draw_text,
    draw_text_centered,
    drawable_text,
    ellipsize,
    finish,
    fit_font,
    fit_name,
    font,
    inset_outline,
    label_point,
    min_text_px,
    normalise_cells,
    polyomino_outline,
    seat_letter,
    static_layer,
    text_width,
    wrap_text,
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


def colour_name(colour: str) -> str:
    """ "Light", "Dark" (or "Cathedral") in the current language."""
    names = {
        "light": tr_c("colour", "Light"),
        "dark": tr_c("colour", "Dark"),
        "cathedral": tr_c("piece", "Cathedral"),
    }
    return names.get(colour, colour)


def piece_name(name: str) -> str:
    """A piece's notation name ("Castle") as players read it, in the current language."""
    names = {
        "Tavern": tr_c("piece", "Tavern"),  # i18n-exempt: notation name
        "Stable": tr_c("piece", "Stable"),  # i18n-exempt: notation name
        "Inn": tr_c("piece", "Inn"),  # i18n-exempt: notation name
        "Bridge": tr_c("piece", "Bridge"),  # i18n-exempt: notation name
        "Square": tr_c("piece", "Square"),  # i18n-exempt: notation name
        "Manor": tr_c("piece", "Manor"),  # i18n-exempt: notation name
        "Abbey": tr_c("piece", "Abbey"),  # i18n-exempt: notation name
        "Infirmary": tr_c("piece", "Infirmary"),  # i18n-exempt: notation name
        "Castle": tr_c("piece", "Castle"),  # i18n-exempt: notation name
        "Tower": tr_c("piece", "Tower"),  # i18n-exempt: notation name
        "Academy": tr_c("piece", "Academy"),  # i18n-exempt: notation name
        "Cathedral": tr_c("piece", "Cathedral"),  # i18n-exempt: notation name
    }
    return names.get(name, name)


def abbreviation(name: str) -> str:
    """The short name written on the board for a piece's notation name, in the current language
    (a cell is too small for "Infirmary" at a readable size); "" for the Cathedral."""
    short = {
        "Tavern": tr_c("board abbreviation of Tavern", "Tav"),  # i18n-exempt: notation name
        "Stable": tr_c("board abbreviation of Stable", "Stb"),  # i18n-exempt: notation name
        "Inn": tr_c("board abbreviation of Inn", "Inn"),  # i18n-exempt: notation name
        "Bridge": tr_c("board abbreviation of Bridge", "Brg"),  # i18n-exempt: notation name
        "Square": tr_c("board abbreviation of Square", "Sq"),  # i18n-exempt: notation name
        "Manor": tr_c("board abbreviation of Manor", "Man"),  # i18n-exempt: notation name
        "Abbey": tr_c("board abbreviation of Abbey", "Abb"),  # i18n-exempt: notation name
        "Infirmary": tr_c("board abbreviation of Infirmary", "Inf"),  # i18n-exempt: notation name
        "Castle": tr_c("board abbreviation of Castle", "Cas"),  # i18n-exempt: notation name
        "Tower": tr_c("board abbreviation of Tower", "Tow"),  # i18n-exempt: notation name
        "Academy": tr_c("board abbreviation of Academy", "Aca"),  # i18n-exempt: notation name
        "Cathedral": "",  # i18n-exempt: notation name
    }
    return short.get(name, name[:3])


def _label(owner: str, name: str) -> str:
    """ "dark's Inn" or "the Cathedral", in the current language."""
    if owner == "cathedral":
        return tr("the Cathedral")
    colour = {"light": tr_c("colour", "light"), "dark": tr_c("colour", "dark")}.get(owner, owner)
    return tr("{colour}'s {piece}", colour=colour, piece=piece_name(name))


# Proportions of one board cell; every board length derives from the cell size.
_LABEL_BAND = 0.5  # room for file letters / rank numbers outside the wall
_WALL = 0.17  # wall thickness
_PAD = 0.25  # outer margin
_HEADER = 0.85  # title bar height
_PIECE_GAP = 0.05  # how far each piece's edge sits inside its squares (shows piece boundaries)

# Everything below the board is sized from the text size `text` (>= the kit's phone minimum).
_HAND_COLUMNS = 4  # slots per hand row: 11 kinds of building plus the Cathedral fit in 4 x 3
_HAND_ROWS = 3
_TURN_GAP = 0.7  # space between two rotations of a building, in squares
_TURNS = (0, 90, 180, 270)

HAND_LEGEND = N_("Hands: turned 0°, 90°, 180°, 270°; dot = square you name")
"""The one line explaining the hand drawings (the rotation number in `Castle B3 90`); said with
`tr` where drawn."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where everything goes, in pixels (pure numbers, tested without drawing).

    The height depends only on the width: every section has a fixed size whatever the position,
    so the board never jumps in the chat. `panels` are the light and dark hand panels (top to
    bottom) and `slots[i]` the building slots of panel i, row by row.
    """

    width: int
    height: int
    cell: float
    pad: float
    text: int
    header: Rect
    board: Grid
    wall: Rect
    below_y: float
    status: Rect
    legend_y: float
    panels: tuple[Rect, Rect]
    slots: tuple[tuple[Rect, ...], tuple[Rect, ...]]
    mini: float


def compute_layout(width: int, rows: int = 10, cols: int = 10) -> Layout:
    """The whole image's geometry for `width` pixels (its height follows from the width alone)."""
    cell = width / (cols + 2 * (_LABEL_BAND + _WALL + _PAD))
    # Whole-pixel cells keep grid lines and piece edges crisp.
    cell = float(int(cell))
    text = max(min_text_px(width), round(width * 0.029))
    pad = (width - cols * cell) / 2 - (_LABEL_BAND + _WALL) * cell
    header = Rect(pad, pad * 0.5, width - pad, pad * 0.5 + max(_HEADER * cell, text * 2.2))
    top = header.y1 + _LABEL_BAND * cell + _WALL * cell
    left = round((width - cols * cell) / 2)
    board = Grid(left, math.ceil(top), cell, rows, cols)
    wall = board.rect.inset(-_WALL * cell)
    below_y = wall.y1 + _LABEL_BAND * cell + pad * 0.5
    line = text * 1.3
    status = Rect(pad, below_y, width - pad, below_y + 2 * line + text * 0.8)
    legend_y = status.y1 + text * 0.35
    inner = text * 0.5
    slot_gap = text * 0.35
    mini = float(
        max(
            4,
            int(
                (width - 2 * pad - 2 * inner - slot_gap * 5) / _HAND_COLUMNS / (12 + 3 * _TURN_GAP)
            ),
        )
    )
    slot_h = 3 * mini + text * 1.55
    panel_h = 2 * inner + text * 1.5 + line + _HAND_ROWS * slot_h + (_HAND_ROWS - 1) * slot_gap
    y = legend_y + line
    panels = []
    slots = []
    for _ in range(2):
        rect = Rect(pad, y, width - pad, y + panel_h)
        area_top = rect.y0 + inner + text * 1.5 + line
        row = Rect(rect.x0 + inner, area_top, rect.x1 - inner, area_top)
        columns = row.split_columns(_HAND_COLUMNS, slot_gap)
        slots.append(
            tuple(
                Rect(
                    c.x0,
                    area_top + r * (slot_h + slot_gap),
                    c.x1,
                    area_top + r * (slot_h + slot_gap) + slot_h,
                )
                for r in range(_HAND_ROWS)
                for c in columns
            )
        )
        panels.append(rect)
        y = rect.y1 + text * 0.4
    height = round(y - text * 0.4 + pad * 0.5)
    return Layout(
        width,
        height,
        cell,
        pad,
        text,
        header,
        board,
        wall,
        below_y,
        status,
        legend_y,
        (panels[0], panels[1]),
        (slots[0], slots[1]),
        mini,
    )


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
    size: image width in pixels, clamped to 480..1600; the height follows from the width only.
    names: display names by seat, e.g. Discord nicknames; defaults to "Player 1"/"Player 2".
    highlights: extra squares (row, col) to ring, e.g. a proposed placement.
    """
    width = clamp(int(size), MIN_WIDTH, MAX_WIDTH)
    layout = compute_layout(width, view.size, view.size)
    layer = static_layer(
        ("cathedral", view.size),
        (layout.width, layout.height),
        theme,
        lambda image, draw: _paint_static(draw, layout, theme),
    )
    image, draw = canvas_from(layer)
    _draw_header(draw, view, layout, theme)
    _draw_board(draw, view, layout, theme, tuple(highlights))
    _draw_status(draw, view, layout, theme, names)
    _draw_panels(draw, view, layout, theme, names)
    return finish(image, draw, (theme.background, theme.panel, theme.board_empty))


def _paint_static(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme) -> None:
    """What every move of a game shares: wall, coordinates, empty board, grid, empty panels."""
    grid = layout.board
    _draw_wall(draw, layout, theme)
    _draw_coordinates(draw, layout, theme)
    draw.rectangle(grid.rect.box(), fill=theme.board_empty)
    _draw_grid_lines(draw, layout, theme)
    draw_panel(draw, layout.header, theme, radius=round(layout.text * 0.4))
    draw_panel(draw, layout.status, theme, radius=round(layout.text * 0.4))
    legend = tr(HAND_LEGEND)
    legend_font = fit_font(legend, layout.width - 2 * layout.pad, layout.text, min_size=layout.text)
    draw.text(
        (layout.pad, layout.legend_y),
        ellipsize(legend, legend_font, layout.width - 2 * layout.pad),
        font=legend_font,
        fill=theme.text_muted,
        anchor="la",
    )
    for rect in layout.panels:
        draw_panel(draw, rect, theme, radius=round(layout.text * 0.4))


def _draw_grid_lines(draw: ImageDraw.ImageDraw, layout: Layout, theme: Theme) -> None:
    grid, cell = layout.board, layout.cell
    line_w = max(1, round(cell * 0.02))
    for i in range(1, grid.cols):
        x = round(grid.x + i * cell)
        draw.line((x, grid.y, x, grid.rect.y1 - 1), fill=theme.grid_line, width=line_w)
    for i in range(1, grid.rows):
        y = round(grid.y + i * cell)
        draw.line((grid.x, y, grid.rect.x1 - 1, y), fill=theme.grid_line, width=line_w)


# --------------------------------------------------------------------------------------------
# Header and board
# --------------------------------------------------------------------------------------------


def _draw_header(
    draw: ImageDraw.ImageDraw, view: CathedralView, layout: Layout, theme: Theme
) -> None:
    title = tr_c("game", "Cathedral")
    if view.games_in_series > 1:
        title = tr(
            "Cathedral - game {game} of {games}",
            game=view.game_number,
            games=view.games_in_series,
        )
    if view.finished or view.to_move is None:
        status, colour = tr("Game over"), theme.text
    else:
        status = tr("{colour} to move", colour=colour_name(view.to_move))
        colour = theme.highlight
    rect, t = layout.header, layout.text
    pad = t * 0.5
    big = round(t * 1.25)
    status_font = font(big, bold=True)
    status_w = text_width(status, status_font)
    draw.text((rect.x1 - pad, rect.center[1]), status, font=status_font, fill=colour, anchor="rm")
    room = rect.width - status_w - 3 * pad
    title_font = fit_font(title, room, big, min_size=t, bold=True)
    draw.text(
        (rect.x0 + pad, rect.center[1]),
        ellipsize(title, title_font, room),
        font=title_font,
        fill=theme.text,
        anchor="lm",
    )


def _draw_board(
    draw: ImageDraw.ImageDraw,
    view: CathedralView,
    layout: Layout,
    theme: Theme,
    highlights: tuple[Cell, ...],
) -> None:
    grid, cell = layout.board, layout.cell
    # Claimed squares: tinted and hatched, so a claim reads even in greyscale. Squares under a
    # building are left plain: the hatch would otherwise show in the gaps round the owner's own
    # buildings and read as a claim on the building.
    covered = {c for piece in view.pieces for c in piece.cells}
    hatch_w = max(1, round(cell * 0.03))
    line_w = max(1, round(cell * 0.02))
    edge = math.ceil(line_w / 2)
    for row in range(grid.rows):
        for col in range(grid.cols):
            owner = _territory(view, row, col)
            if not owner or (row, col) in covered:
                continue
            rect = grid.cell_rect(row, col)
            inner = Rect(rect.x0 + edge, rect.y0 + edge, rect.x1 - edge + 1, rect.y1 - edge + 1)
            if owner == "light":
                draw.rectangle(inner.box(), fill=theme.territory_light)
                _hatch(draw, inner, theme.hatch_light, hatch_w)
            elif owner == "dark":
                draw.rectangle(inner.box(), fill=theme.territory_dark)
                _hatch(draw, inner, theme.hatch_dark, hatch_w)

    last = None
    for piece in view.pieces:
        _draw_piece(
            draw,
            grid,
            piece.cells,
            piece.owner,
            piece.name,
            theme,
            label=True,
            min_text=layout.text,
        )
        if piece.piece_id == view.last_piece_id:
            last = piece
    _draw_captured(draw, grid, view.last_captured, theme)
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
    fnt = font(max(layout.text, round(cell * 0.34)), bold=True)
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
    return list(_polygon_of(grid, tuple(cells), inset))


@functools.lru_cache(maxsize=2048)
def _polygon_of(grid: Grid, cells: tuple[Cell, ...], inset: float) -> tuple[tuple[int, int], ...]:
    # Cached: a piece stays where it is (and a hand piece in its slot) from move to move, so
    # its outline is worked out once, not on every board.
    corners = polyomino_outline(cells)
    inset_px = inset_outline(corners, inset / grid.cell)
    return tuple((round(x), round(y)) for x, y in (grid.point(gx, gy) for gx, gy in inset_px))


def _draw_piece(
    draw: ImageDraw.ImageDraw,
    grid: Grid,
    cells: Iterable[Cell],
    owner: str,
    name: str,
    theme: Theme,
    *,
    label: bool,
    min_text: int = 8,
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
    if name == "Cathedral" or owner == "cathedral":  # i18n-exempt: notation name
        # A plain cross: the Cathedral needs no text to be recognised.
        arm, bar = cell * 0.3, max(1, round(cell * 0.09))
        draw.rectangle((cx - bar / 2, cy - arm, cx + bar / 2, cy + arm), fill=text)
        draw.rectangle(
            (cx - arm * 0.7, cy - arm * 0.45 - bar / 2, cx + arm * 0.7, cy - arm * 0.45 + bar / 2),
            fill=text,
        )
    elif label:
        short = abbreviation(name)
        size = max(min_text, round(cell * 0.34))
        fnt = fit_font(short, cell * 0.86, size, min_size=min_text, bold=True)
        draw_text_centered(draw, (cx, cy), short, fnt, text)


def _draw_last_move(
    draw: ImageDraw.ImageDraw, grid: Grid, piece: PlacedPiece, theme: Theme
) -> None:
    # A highlight stripe inside a near-black band just within the piece's edge: the dark band
    # frames it on light pieces, the bright stripe stands out on dark ones.
    cell = grid.cell
    width = max(4, round(cell * 0.11))
    polygon = _piece_polygon(grid, piece.cells, cell * _PIECE_GAP + width / 2)
    draw.line([*polygon, polygon[0]], fill="#111111", width=width, joint="curve")
    draw.line(
        [*polygon, polygon[0]],
        fill=theme.highlight,
        width=max(2, round(width * 0.55)),
        joint="curve",
    )


def _draw_captured(
    draw: ImageDraw.ImageDraw, grid: Grid, cells: Iterable[Cell], theme: Theme
) -> None:
    """Where the last move's captured buildings stood: each square crossed out in the highlight
    colour inside a dark frame (shown for that one move only)."""
    cell = grid.cell
    width = max(2, round(cell * 0.05))
    for row, col in cells:
        rect = grid.cell_rect(row, col).inset(cell * 0.14)
        box = rect.box()
        draw.rectangle(box, outline="#111111", width=width + 2)
        draw.rectangle(rect.inset(1).box(), outline=theme.highlight, width=width)
        for a, b in (((box[0], box[1]), (box[2], box[3])), ((box[0], box[3]), (box[2], box[1]))):
            draw.line((a, b), fill="#111111", width=width + 2)
            draw.line((a, b), fill=theme.highlight, width=width)


# --------------------------------------------------------------------------------------------
# Status strip: move number, last move, skipped player, capture, result
# --------------------------------------------------------------------------------------------


def _who(view: CathedralView, colour: str, names: Mapping[Seat, str] | None) -> str:
    """ "Light (Alice)" when a name is known, else "Light"."""
    seat = next((s for s, c in view.colour_of_seat.items() if c == colour), None)
    given = (
        drawable_text((names or {}).get(seat) or "", font(24, bold=True))
        if seat is not None
        else ""
    )
    label = colour_name(colour)
    return tr("{colour} ({name})", colour=label, name=given) if given else label


def status_lines(view: CathedralView, names: Mapping[Seat, str] | None = None) -> tuple[str, str]:
    """The two lines under the board: what the last move was, then what followed (captures,
    a skipped player) or the result once the game is over."""
    if view.last_move is None:
        first = tr("Move 0: no building placed yet")
    else:
        mover = "light" if view.last_mover == "cathedral" else (view.last_mover or "")
        first = tr(
            "Move {n}: {who} played {move}",
            n=view.move_number,
            who=_who(view, mover, names),
            move=view.last_move,
        )
    notes = []
    taken = last_captures(view)
    if taken:
        notes.append(tr("Took {pieces} (crossed squares)", pieces=_joined(list(taken))))
    if view.skipped is not None and not view.finished:
        skipped = colour_name(view.skipped)
        notes.append(tr("{colour} skipped (no legal placement)", colour=skipped))
    if view.finished:
        return first, _result_text(view, names) or tr("Game over.")
    return first, "; ".join(notes)


def _joined(items: list[str]) -> str:
    """'a', 'a and b', 'a and b and c' in the current language."""
    if len(items) == 1:
        return items[0]
    return tr("{some} and {last}", some=_joined(items[:-1]), last=items[-1])


def last_captures(view: CathedralView) -> tuple[str, ...]:
    """What the last move captured, as "dark's Inn" / "the Cathedral": the trailing entries of
    `view.captured` by the last mover whose sizes add up to the squares it left."""
    if not view.last_captured:
        return ()
    sizes = {p.name: p.squares for hand in view.hands.values() for p in hand}
    sizes.setdefault("Cathedral", 6)  # i18n-exempt: notation name
    need = len(view.last_captured)
    out: list[str] = []
    for taker, name, owner in reversed(view.captured):
        if need <= 0 or taker != view.last_mover:
            break
        out.append(_label(owner, name))
        need -= sizes.get(name, need)
    return tuple(reversed(out))


def _draw_status(
    draw: ImageDraw.ImageDraw,
    view: CathedralView,
    layout: Layout,
    theme: Theme,
    names: Mapping[Seat, str] | None,
) -> None:
    rect, t = layout.status, layout.text
    pad = t * 0.5
    room = rect.width - 2 * pad
    first, second = status_lines(view, names)
    top = rect.y0 + t * 0.4
    if view.finished:
        # The result matters more than the last move now: it gets both lines.
        fnt = font(t, bold=True)
        lines = wrap_text(second, fnt, room)
        if len(lines) > 2:
            lines = [lines[0], ellipsize(" ".join(lines[1:]), fnt, room)]
        for i, line in enumerate(lines):
            draw.text(
                (rect.x0 + pad, top + i * t * 1.3), line, font=fnt, fill=theme.text, anchor="la"
            )
        return
    f1 = font(t, bold=True)
    if text_width(first, f1) > room and names:
        # Shorten the mover's name (never the move) to what the line leaves.
        over = text_width(first, f1) - room
        names = {
            seat: fit_name(name, f1, max(text_width(name, f1) - over, 4 * t))
            for seat, name in names.items()
        }
        first = status_lines(view, names)[0]
    draw.text(
        (rect.x0 + pad, top), ellipsize(first, f1, room), font=f1, fill=theme.text, anchor="la"
    )
    if second:
        draw.text(
            (rect.x0 + pad, top + t * 1.3),
            ellipsize(second, font(t), room),
            font=font(t),
            fill=theme.highlight,
            anchor="la",
        )


# --------------------------------------------------------------------------------------------
# Player panels
# --------------------------------------------------------------------------------------------


def turned(cells: Iterable[Cell], degrees: int) -> tuple[Cell, ...]:
    """`cells` turned clockwise by `degrees` (a multiple of 90), normalised and sorted, so the
    first cell is the anchor the notation names (topmost, then leftmost)."""
    shape = normalise_cells(cells)
    for _ in range((degrees // 90) % 4):
        height = max(r for r, _ in shape)
        shape = normalise_cells((c, height - r) for r, c in shape)
    return shape


def distinct_turns(cells: Iterable[Cell]) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    """(degrees, shape) for each rotation giving a new shape, first occurrence only: the same
    rotations the notation accepts as distinct (Tavern 0; Stable 0, 90; Castle all four).
    Cached: every hand panel redraws the same few shapes each move."""
    return _distinct_turns(normalise_cells(cells))


@functools.lru_cache(maxsize=256)
def _distinct_turns(cells: tuple[Cell, ...]) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
    seen: set[tuple[Cell, ...]] = set()
    out = []
    for degrees in _TURNS:
        shape = turned(cells, degrees)
        if shape not in seen:
            seen.add(shape)
            out.append((degrees, shape))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class HandItem:
    """One kind of building in a hand: name, how many, its base shape."""

    name: str
    count: int
    cells: tuple[Cell, ...]

    @property
    def caption(self) -> str:
        """ "Castle" or "Inn x2" (the name in the current language)."""
        shown = piece_name(self.name)
        return shown if self.count == 1 else f"{shown} \u00d7{self.count}"


def hand_items(hand: Iterable[HandPiece]) -> tuple[HandItem, ...]:
    """Identical buildings grouped, keeping the hand's order (largest first)."""
    order: list[str] = []
    counts: dict[str, int] = {}
    shapes: dict[str, tuple[Cell, ...]] = {}
    for piece in hand:
        if piece.name not in counts:
            order.append(piece.name)
            counts[piece.name] = 0
            shapes[piece.name] = normalise_cells(piece.cells)
        counts[piece.name] += 1
    return tuple(HandItem(name, counts[name], shapes[name]) for name in order)


def took_line(view: CathedralView, colour: str) -> str:
    """The panel line listing what `colour` captured this game, naming each piece's owner so it
    cannot be read as the player's own loss: "Took: light's Tavern; the Cathedral" ("" if none)."""
    taken = [_label(owner, name) for taker, name, owner in view.captured if taker == colour]
    return tr("Took: {pieces}", pieces="; ".join(taken)) if taken else ""


def _took_short(view: CathedralView, colour: str) -> str:
    """The info line's part naming what `colour` captured ("took light's Tavern"), or ""."""
    taken = [_label(owner, name) for taker, name, owner in view.captured if taker == colour]
    return tr("took {pieces}", pieces="; ".join(taken)) if taken else ""


def _result_text(view: CathedralView, names: Mapping[Seat, str] | None) -> str:
    """The result banner. The engine's sentence for a whole series has to describe players by
    their colour in game 1; with names at hand the banner names the winner and both totals."""
    if not view.finished:
        return ""
    totals = view.series_totals
    if view.games_in_series > 1 and view.game_number == view.games_in_series and len(totals) == 2:

        def who(seat: Seat) -> str:
            given = drawable_text((names or {}).get(seat) or "", font(20, bold=True))
            return given or tr("Player {n}", n=int(seat) + 1)

        (a, pa), (b, pb) = sorted(totals.items(), key=lambda item: (item[1], item[0]))
        games = view.games_in_series
        if pa == pb:
            return tr(
                "The series of {games} games is drawn at {points} points each.",
                games=games,
                points=pa,
            )
        return tr(
            "{player} wins the series of {games} games with {points} points against {other} "
            "(lower is better).",
            player=who(a),
            games=games,
            points=pa,
            other=pb,
        )
    return say(view.result_text)


def panel_title(view: CathedralView, colour: str, names: Mapping[Seat, str] | None) -> str:
    """ "Light - Alice" (or "Light - Player 1" without a name)."""
    seat = next((s for s, c in view.colour_of_seat.items() if c == colour), None)
    who = colour_name(colour)
    if seat is None:
        return who
    # Characters DejaVu cannot draw (CJK, emoji) would show as empty boxes: replace them.
    given = drawable_text((names or {}).get(seat) or "", font(28, bold=True))
    return tr("{colour} - {name}", colour=who, name=given or tr("Player {n}", n=int(seat) + 1))


def info_line(view: CathedralView, colour: str) -> str:
    """Unplaced squares (the score), series points and captures, in one line."""
    score = view.scores.get(colour, 0)
    parts = [tr_n("{n} square unplaced", "{n} squares unplaced", score)]
    seat = next((s for s, c in view.colour_of_seat.items() if c == colour), None)
    if view.games_in_series > 1 and seat is not None and seat in view.series_totals:
        parts.append(tr("series {points} pts", points=view.series_totals[seat]))
    took = _took_short(view, colour)
    if took:
        parts.append(took)
    return " \u00b7 ".join(parts)


def _draw_panels(
    draw: KitDraw,
    view: CathedralView,
    layout: Layout,
    theme: Theme,
    names: Mapping[Seat, str] | None,
) -> None:
    t = layout.text
    inner = t * 0.5
    title_font = font(t, bold=True)
    line_font = font(t)
    for colour, rect, slots in zip(COLOURS, layout.panels, layout.slots, strict=True):
        to_move = not view.finished and view.to_move == colour
        if to_move:
            draw.rounded_rectangle(
                rect.box(),
                radius=round(t * 0.4),
                outline=theme.highlight,
                width=max(3, round(t * 0.14)),
            )
        fill, outline, _ = _piece_colours(colour, theme)
        x, y = rect.x0 + inner, rect.y0 + inner
        sw = t * 1.3
        draw_seat_badge(
            draw, Rect(x, y, x + sw, y + sw), fill, seat_letter(colour), outline=outline
        )
        right = rect.x1 - inner
        if to_move:
            right -= (
                draw_text(
                    draw, (right, y + sw / 2), tr("TO MOVE"), title_font, theme.highlight, "rm"
                )
                + inner
            )
        title = panel_title(view, colour, names)
        room = max(right - (x + sw + inner), 0)
        draw.text(
            (x + sw + inner, y + sw / 2),
            fit_name(title, title_font, room),
            font=title_font,
            fill=theme.text,
            anchor="lm",
        )
        y += t * 1.5
        info = info_line(view, colour)
        draw.text(
            (x, y),
            ellipsize(info, line_font, rect.width - 2 * inner),
            font=line_font,
            fill=theme.text_muted,
            anchor="la",
        )
        items = hand_items(view.hands.get(colour, ()))
        if not items:
            draw.text(
                (x, slots[0].y0),
                tr("All buildings placed"),
                font=line_font,
                fill=theme.text,
                anchor="la",
            )
        for item, slot in zip(items, slots, strict=False):
            # A hand's building looks the same on every board until it is placed, on the static
            # layer's empty panel: drawn once, then pasted (`cached_tile`).
            box = (math.floor(slot.x0), math.floor(slot.y0), math.ceil(slot.x1), math.ceil(slot.y1))
            key = (
                "cathedral-hand",
                view.size,
                layout.width,
                layout.height,
                theme,
                item,
                colour,
                box,
            )
            paint = functools.partial(_draw_hand_item, draw, item, slot, colour, layout, theme)
            cached_tile(draw, key, box, paint)


def _draw_hand_item(
    draw: ImageDraw.ImageDraw,
    item: HandItem,
    slot: Rect,
    colour: str,
    layout: Layout,
    theme: Theme,
) -> None:
    """Every distinct rotation of one building side by side (0, 90, 180, 270 degrees), the
    anchor square (the one a placement names) dotted, the name and count below."""
    t = layout.text
    owner = "cathedral" if item.name == "Cathedral" else colour  # i18n-exempt: notation name
    turns = distinct_turns(item.cells)
    widths = [cells_extent(shape)[1] for _, shape in turns]
    heights = [cells_extent(shape)[0] for _, shape in turns]
    gap_cells = _TURN_GAP
    total_cells = sum(widths) + gap_cells * (len(turns) - 1)
    mini = min(layout.mini, slot.width / total_cells, 3 * layout.mini / max(heights))
    mini = float(max(3, int(mini)))
    x = slot.x0 + (slot.width - total_cells * mini) / 2
    bottom = slot.y0 + 3 * layout.mini
    _fill, _outline, ink = _piece_colours(owner, theme)
    for (_degrees, shape), w, h in zip(turns, widths, heights, strict=True):
        grid = Grid(round(x), round(bottom - h * mini), mini, h, w)
        _draw_piece(draw, grid, shape, owner, item.name, theme, label=False)
        ax, ay = grid.cell_center(*shape[0])
        r = max(1.5, mini * 0.24)
        draw.ellipse(
            (ax - r, ay - r, ax + r, ay + r), fill=theme.highlight if owner != "cathedral" else ink
        )
        x += (w + gap_cells) * mini
    cap_font = fit_font(item.caption, slot.width, t, min_size=t)
    draw.text(
        (slot.center[0], bottom + t * 0.25),
        ellipsize(item.caption, cap_font, slot.width),
        font=cap_font,
        fill=theme.text,
        anchor="ma",
    )
