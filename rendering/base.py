"""The renderer kit that every board renderer (Cathedral, Kingsburg, each game to come) builds on.

How a game renderer uses it
---------------------------
1. Layout first, as pure numbers (`Rect`, `Grid`, `flow_layout`...): the image size must depend only
   on the game, the player count and the requested width, never on the position, so the board does
   not jump in the chat (every game has a test that plays a whole game and asserts one size).
2. Static layers: whatever looks the same on every move of a game (background, board, printed
   labels, empty panels) is painted once by `static_layer(key, size, theme, paint)` and reused; the
   key must hold everything the paint depends on (game, width, player count, theme). Each render
   starts from `canvas_from(layer)`: one copy of the cached pixels and a `KitDraw` on it.
   `new_canvas` is the same without a cached layer.
3. Draw the rest with the returned `KitDraw` (a Pillow `ImageDraw` that caches each text bitmap,
   so the same label costs one FreeType rasterisation per process, and that remembers every colour
   it drew with and every font size it wrote).
4. Finish with `finish(image, draw)`: it maps the image onto a palette built from the colours the
   draw calls used (plus anti-aliasing ramps and a small colour cube for text edges) - no
   per-move colour search, ~2 ms instead of ~15 ms for octree quantisation - and returns the "P"
   image that `to_png_bytes` encodes as it is.
5. Seats without colour: every colour-coded mark of a seat carries `seat_letter(name)` ("R" for
   red, "L" for light...): `draw_seat_badge` draws the colour square with the letter; put it on
   dice groups, discs, bars and swatches. Seat and goods colours are checked under simulated
   colour-vision deficiencies (`simulate_cvd`, `delta_e`, `min_cvd_distance`): keep new palettes
   above `MIN_SEAT_DELTA_E` / `MIN_GOODS_DELTA_E`.
6. Text sizes: every text drawn is recorded (`record_text`); the smallest must be at least
   `MIN_PHONE_TEXT_PX` when the image is shown `PHONE_WIDTH` px wide, i.e.
   `min_text_px(width)` at the real width (27.5 px at 1000 px). Tests render sample positions
   inside `record_text()` and compare. Use `font(size)`/`fit_font(..., min_size=min_text_px(w))`.

Geometry comes first and is pure (plain numbers in, plain numbers out, no Pillow), so layouts can be
tested without drawing. Drawing helpers take an `ImageDraw.ImageDraw` and a `Theme` and never keep
state. Fonts are loaded once per size through `functools.lru_cache`.

Fonts: DejaVu Sans (regular and bold) is bundled in `rendering/assets/fonts/` under the Bitstream
Vera licence (see LICENSE-DejaVu.md there). It covers accented player names, which Pillow's built-in
scalable font does not; if the files are missing we fall back to `ImageFont.load_default(size=N)`.
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageColor, ImageDraw, ImageFont

from bot.i18n import current_language

Colour = str
"""A colour as "#rrggbb" (Pillow accepts these directly)."""

MAX_PNG_BYTES = 300_000
"""Upper bound for an uploaded board image (well under Discord's limits, quick to send)."""

PNG_SAVE_OPTIONS: dict[str, Any] = {"compress_level": 1, "optimize": False}
"""How `to_png_bytes` saves a finished (paletted) board; `python -m bot bench` encodes its PNG
floor with the same settings. zlib level 1: on a 800x3300 board ~15% quicker than level 3 for
~10% more bytes."""

FONT_DIR = Path(__file__).parent / "assets" / "fonts"
_REGULAR_TTF = FONT_DIR / "DejaVuSans.ttf"
_BOLD_TTF = FONT_DIR / "DejaVuSans-Bold.ttf"


# --------------------------------------------------------------------------------------------
# Theme
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour a renderer may use.

    General keys (all games): background, panel, panel_border, text, text_muted, highlight
    (the last move), seat_colours (name -> colour, up to five seats), die_face, die_pip.
    Tile-board keys (Cathedral and other grid games): board_empty, grid_line, wall, wall_light,
    light_piece / light_outline / light_text, dark_piece / dark_outline / dark_text,
    cathedral / cathedral_outline / cathedral_mark, territory_light / territory_dark (tints) and
    hatch_light / hatch_dark (the hatch lines drawn over a claimed square).
    Resource-game keys (Kingsburg): gold / wood / stone (goods cubes), neutral_die (dice that
    belong to nobody, e.g. the two-player dummy dice), token (the "+2" tokens), reward / penalty
    (the blue and red boxes of a card) and private (the tint of a box only the viewer may see).
    Make a variant with `dataclasses.replace(DEFAULT, background="#000000")`.
    """

    background: Colour = "#2b2d31"
    panel: Colour = "#383a40"
    panel_border: Colour = "#4e5058"
    text: Colour = "#f2f3f5"
    text_muted: Colour = "#b5bac1"
    highlight: Colour = "#ff2e63"

    board_empty: Colour = "#cfc8b6"
    grid_line: Colour = "#aaa291"
    wall: Colour = "#5c5247"
    wall_light: Colour = "#8a7e70"

    light_piece: Colour = "#f7ecd0"
    light_outline: Colour = "#6b5335"
    light_text: Colour = "#4a3820"
    dark_piece: Colour = "#5a3519"
    dark_outline: Colour = "#1c0f06"
    dark_text: Colour = "#f7ecd0"
    cathedral: Colour = "#5d7598"
    cathedral_outline: Colour = "#1d2940"
    cathedral_mark: Colour = "#ffffff"

    territory_light: Colour = "#ecd98e"
    territory_dark: Colour = "#a07a5c"
    hatch_light: Colour = "#c9ab45"
    hatch_dark: Colour = "#6e4a2e"

    seat_colours: tuple[tuple[str, Colour], ...] = field(
        default=(
            # Chosen so every pair stays apart under simulated protanopia, deuteranopia and
            # tritanopia (tests/rendering/test_colour_vision.py): they differ in lightness as well
            # as hue. Every mark still carries the seat's letter (`seat_letter`).
            ("red", "#d55e00"),
            ("blue", "#203f9a"),
            ("green", "#27a06a"),
            ("yellow", "#f0e442"),
            ("purple", "#e69ad0"),
        )
    )
    die_face: Colour = "#fafafa"
    die_pip: Colour = "#1e1f22"

    gold: Colour = "#f2c230"
    wood: Colour = "#9a6236"
    stone: Colour = "#9aa3ab"
    neutral_die: Colour = "#8e9297"
    token: Colour = "#f0d37a"
    reward: Colour = "#2f5f9e"
    penalty: Colour = "#a33a3a"
    private: Colour = "#4a3d6b"

    def seat_colour(self, key: str | int) -> Colour:
        """The colour for a seat, by colour name ("red") or by 0-based seat index."""
        if isinstance(key, int):
            return self.seat_colours[key % len(self.seat_colours)][1]
        for name, colour in self.seat_colours:
            if name == key:
                return colour
        raise KeyError(f"No seat colour called {key!r} in this theme.")


DEFAULT = Theme()


def hex_to_rgb(colour: Colour) -> tuple[int, int, int]:
    """ "#rrggbb" -> (r, g, b)."""
    text = colour.lstrip("#")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend `a` towards `b` by fraction t (0 -> a, 1 -> b); used for tints and shadows."""
    ra, ga, ba = hex_to_rgb(a)
    rb, gb, bb = hex_to_rgb(b)
    r = round(ra + (rb - ra) * t)
    g = round(ga + (gb - ga) * t)
    bl = round(ba + (bb - ba) * t)
    return f"#{r:02x}{g:02x}{bl:02x}"


@functools.lru_cache(maxsize=512)
def luminance(colour: Colour) -> float:
    """Relative brightness 0..1 (Rec. 709 weights); picks black or white text on a swatch."""
    r, g, b = hex_to_rgb(colour)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def text_on(colour: Colour) -> Colour:
    """Black or white, whichever reads better on `colour`."""
    return "#111111" if luminance(colour) > 0.55 else "#ffffff"


# --------------------------------------------------------------------------------------------
# Geometry (pure: no Pillow)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned box in pixels; x1/y1 are exclusive like Pillow's box tuples."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        """Horizontal size in pixels."""
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        """Vertical size in pixels."""
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[float, float]:
        """The (x, y) midpoint."""
        return (self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2

    def inset(self, dx: float, dy: float | None = None) -> Rect:
        """The box shrunk by dx left/right and dy (default dx) top/bottom."""
        dy = dx if dy is None else dy
        return Rect(self.x0 + dx, self.y0 + dy, self.x1 - dx, self.y1 - dy)

    def box(self) -> tuple[int, int, int, int]:
        """Integer (x0, y0, x1, y1) for Pillow, with x1/y1 inclusive as ImageDraw expects."""
        return round(self.x0), round(self.y0), round(self.x1) - 1, round(self.y1) - 1

    def split_columns(self, n: int, gap: float = 0) -> tuple[Rect, ...]:
        """`n` equal columns side by side with `gap` pixels between them."""
        w = (self.width - gap * (n - 1)) / n
        return tuple(
            Rect(self.x0 + i * (w + gap), self.y0, self.x0 + i * (w + gap) + w, self.y1)
            for i in range(n)
        )


@dataclass(frozen=True, slots=True)
class Grid:
    """A rows x cols board of square cells whose top-left corner is at (x, y)."""

    x: float
    y: float
    cell: float
    rows: int
    cols: int

    def cell_rect(self, row: int, col: int) -> Rect:
        """Pixel box of cell (row, col); row 0 is the top row, col 0 the left column."""
        x0 = self.x + col * self.cell
        y0 = self.y + row * self.cell
        return Rect(x0, y0, x0 + self.cell, y0 + self.cell)

    def cell_center(self, row: float, col: float) -> tuple[float, float]:
        """Pixel centre of a (possibly fractional) cell position."""
        return self.x + (col + 0.5) * self.cell, self.y + (row + 0.5) * self.cell

    def point(self, gx: float, gy: float) -> tuple[float, float]:
        """Pixel position of a grid corner (gx = column line, gy = row line)."""
        return self.x + gx * self.cell, self.y + gy * self.cell

    @property
    def rect(self) -> Rect:
        """The whole board's pixel box."""
        return Rect(self.x, self.y, self.x + self.cols * self.cell, self.y + self.rows * self.cell)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The (row, col) under a pixel, or None outside the grid (grid `divmod`)."""
        col, _ = divmod(px - self.x, self.cell)
        row, _ = divmod(py - self.y, self.cell)
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return int(row), int(col)
        return None


Cell = tuple[int, int]
Point = tuple[float, float]


def normalise_cells(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Shift cells so the smallest row and col are 0; sorted for determinism."""
    cells = tuple(cells)
    if not cells:
        return ()
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def cells_extent(cells: Iterable[Cell]) -> tuple[int, int]:
    """(rows, cols) of the bounding box of normalised cells."""
    cells = tuple(cells)
    if not cells:
        return 0, 0
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def polyomino_outline(cells: Iterable[Cell]) -> list[tuple[int, int]]:
    """The outer boundary of an edge-connected set of cells as grid corners (x=col, y=row).

    The loop runs clockwise on screen (y grows downward) and keeps only corners where the
    direction changes. Shapes with holes are not supported (no piece of 6 squares or fewer has one).
    Cached by cell set: a board redraws the same pieces every move.
    """
    return list(_outline_of(frozenset(cells)))


@functools.lru_cache(maxsize=4096)
def _outline_of(cellset: frozenset[Cell]) -> tuple[tuple[int, int], ...]:
    if not cellset:
        return ()
    # Directed boundary edges, oriented so the piece is on the right-hand side of travel.
    nxt: dict[tuple[int, int], tuple[int, int]] = {}
    for r, c in cellset:
        if (r - 1, c) not in cellset:
            nxt[(c, r)] = (c + 1, r)
        if (r, c + 1) not in cellset:
            nxt[(c + 1, r)] = (c + 1, r + 1)
        if (r + 1, c) not in cellset:
            nxt[(c + 1, r + 1)] = (c, r + 1)
        if (r, c - 1) not in cellset:
            nxt[(c, r + 1)] = (c, r)
    # Start at the top-left corner of the top-left cell so the result is deterministic.
    r0, c0 = min(cellset)
    start = (c0, r0)
    loop = [start]
    point = nxt[start]
    while point != start:
        loop.append(point)
        point = nxt[point]
    # Drop corners that lie on a straight run.
    corners = []
    n = len(loop)
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % n]
        d_in = (p[0] - a[0], p[1] - a[1])
        d_out = (b[0] - p[0], b[1] - p[1])
        if d_in != d_out:
            corners.append(p)
    return tuple(corners)


def inset_outline(corners: Sequence[Point], amount: float) -> list[Point]:
    """Move every edge of a clockwise rectilinear loop inward by `amount` (any units).

    Adjacent edges are perpendicular, so each corner moves by the sum of the two edges' inward
    normals; that gives a gap between neighbouring pieces without any pixel work.
    """
    out: list[Point] = []
    n = len(corners)
    for i, p in enumerate(corners):
        a, b = corners[i - 1], corners[(i + 1) % n]
        nin = _inward_normal(a, p)
        nout = _inward_normal(p, b)
        out.append((p[0] + amount * (nin[0] + nout[0]), p[1] + amount * (nin[1] + nout[1])))
    return out


def _inward_normal(a: Point, b: Point) -> tuple[int, int]:
    # Clockwise on screen means the inside is to the right of travel: (dx, dy) -> (-dy, dx).
    dx = (b[0] > a[0]) - (b[0] < a[0])
    dy = (b[1] > a[1]) - (b[1] < a[1])
    return -dy, dx


def label_cell(cells: Iterable[Cell]) -> Cell:
    """The cell nearest the piece's centre of mass (ties: the top-left-most)."""
    cells = sorted(cells)
    mr = sum(r for r, _ in cells) / len(cells)
    mc = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda rc: ((rc[0] - mr) ** 2 + (rc[1] - mc) ** 2, rc))


def label_point(cells: Iterable[Cell]) -> tuple[float, float]:
    """Where a piece's name goes, as a fractional (row, col) cell position.

    The middle of the piece when it is a full rectangle (Stable, Bridge, Square), otherwise the
    centre of `label_cell`, so text never straddles a bend in the outline.
    """
    cells = tuple(cells)
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    height, width = max(rows) - min(rows) + 1, max(cols) - min(cols) + 1
    if len(set(cells)) == height * width:
        return (min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2
    r, c = label_cell(cells)
    return float(r), float(c)


def flow_layout(
    sizes: Sequence[tuple[float, float]], max_width: float, gap_x: float, gap_y: float
) -> tuple[list[Point], float]:
    """Place boxes left to right, wrapping at `max_width`; items in a row share its top edge.

    Returns each box's top-left offset and the total height used.
    """
    positions: list[Point] = []
    x = y = row_h = 0.0
    for w, h in sizes:
        if x > 0 and x + w > max_width:
            x = 0.0
            y += row_h + gap_y
            row_h = 0.0
        positions.append((x, y))
        x += w + gap_x
        row_h = max(row_h, h)
    return positions, (y + row_h if sizes else 0.0)


def clamp(value: int, low: int, high: int) -> int:
    """`value` limited to [low, high] (image sizes are clamped to keep uploads small and fast)."""
    return max(low, min(high, value))


# --------------------------------------------------------------------------------------------
# Fonts and text
# --------------------------------------------------------------------------------------------

Font = ImageFont.FreeTypeFont


@functools.lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    """The UI font at `size` px (cached). Fonts are never mutated, so sharing them is safe."""
    path = _BOLD_TTF if bold else _REGULAR_TTF
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        # Pillow's own scalable font (Pillow >= 10.1) keeps rendering working without the files.
        return ImageFont.load_default(size=size)  # type: ignore[return-value]


@functools.lru_cache(maxsize=8192)
def text_width(text: str, fnt: Font) -> float:
    """Advance width of `text` in pixels (cached: labels are measured again on every move)."""
    return fnt.getlength(text)


def fit_font(text: str, max_width: float, size: int, min_size: int = 8, bold: bool = False) -> Font:
    """The largest font no bigger than `size` that fits `text` in `max_width`."""
    while size > min_size and text_width(text, font(size, bold)) > max_width:
        size -= 1
    return font(size, bold)


def ellipsize(text: str, fnt: Font, max_width: float) -> str:
    """`text` cut at the end with "\u2026" so that it fits `max_width` (unchanged if it fits)."""
    if text_width(text, fnt) <= max_width:
        return text
    while text and text_width(text.rstrip(" ,") + "\u2026", fnt) > max_width:
        text = text[:-1]
    return text.rstrip(" ,") + "\u2026"


_PROBE_SIZE = 24
_NOT_A_CHARACTER = "\U0010fffd"  # private use, never in a font: it draws the .notdef box


def _glyph_picture(path: str, ch: str) -> bytes:
    probe = ImageFont.truetype(path, _PROBE_SIZE)
    image = Image.new("L", (_PROBE_SIZE * 3, _PROBE_SIZE * 2))
    ImageDraw.Draw(image).text((_PROBE_SIZE // 2, _PROBE_SIZE // 2), ch, font=probe, fill=255)
    return image.tobytes() + str(round(probe.getlength(ch))).encode()


@functools.lru_cache(maxsize=4)
def _notdef_picture(path: str) -> bytes:
    return _glyph_picture(path, _NOT_A_CHARACTER)


@functools.lru_cache(maxsize=8192)
def _missing_in(path: str, ch: str) -> bool:
    # Cached per character: Discord names repeat on every image.
    return _glyph_picture(path, ch) == _notdef_picture(path)


def has_glyph(ch: str, fnt: Font) -> bool:
    """Whether `fnt` draws `ch` with a real glyph (not its empty ".notdef" box)."""
    if ch.isspace():
        return True
    path = getattr(fnt, "path", None)
    if not isinstance(path, str):
        return True  # Pillow's built-in fallback font: nothing to compare against
    return not _missing_in(path, ch)


def drawable_text(text: str, fnt: Font) -> str:
    """`text` without "tofu": characters `fnt` cannot draw become "?" (letters, digits) or are
    dropped (emoji, symbols, joiners and variation selectors), spaces are tidied."""
    out: list[str] = []
    for ch in text:
        if has_glyph(ch, fnt):
            out.append(ch)
            continue
        category = unicodedata.category(ch)
        if category[0] in "LN":
            out.append("?")
        # Emoji, pictographs, modifiers, ZWJ, variation selectors: nothing sensible to print.
    return " ".join("".join(out).split())


def fit_name(text: str, fnt: Font, max_width: float) -> str:
    """A player name ready to draw with `fnt` in `max_width` px: characters the font lacks
    replaced (see `drawable_text`), then cut with an ellipsis if still too wide. Callers choose a
    readable `fnt` first (shrink a little, never below ~16 px at full size) and let this cut the
    rest. Never empty: a name of emoji only becomes "?"."""
    return ellipsize(drawable_text(text, fnt) or "?", fnt, max_width)


def wrap_text(text: str, fnt: Font, max_width: float) -> list[str]:
    """Greedy word wrap; a single over-long word stays on its own line."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, fnt) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_text_centered(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: Font,
    fill: Colour,
    *,
    stroke: Colour | None = None,
    stroke_width: int = 0,
) -> None:
    """Text centred on `xy` both ways (anchor "mm"), with an optional halo for busy backgrounds."""
    draw.text(
        xy,
        text,
        font=fnt,
        fill=fill,
        anchor="mm",
        stroke_width=stroke_width if stroke else 0,
        stroke_fill=stroke,
    )


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: Font,
    fill: Colour,
    anchor: str = "la",
) -> float:
    """Text at `xy` with a Pillow anchor ("la" = left/ascender); returns its width."""
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor)
    return text_width(text, fnt)


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    fnt: Font,
    fill: Colour,
    max_width: float,
    line_gap: float = 0.25,
) -> float:
    """Word-wrapped text from the top-left corner `xy`; returns the height used."""
    x, y = xy
    step = fnt.size * (1 + line_gap)
    lines = wrap_text(text, fnt, max_width)
    for i, line in enumerate(lines):
        draw.text((x, y + i * step), line, font=fnt, fill=fill, anchor="la")
    return step * len(lines)


def measure_wrapped(text: str, fnt: Font, max_width: float, line_gap: float = 0.25) -> float:
    """Height `draw_wrapped` would use."""
    return fnt.size * (1 + line_gap) * len(wrap_text(text, fnt, max_width))


# --------------------------------------------------------------------------------------------
# The kit's drawing context: cached text bitmaps, colours used, text sizes recorded
# --------------------------------------------------------------------------------------------

PHONE_WIDTH = 400
"""The width a phone shows a board at in the chat."""
MIN_PHONE_TEXT_PX = 11
"""The smallest text size allowed once the board is shown PHONE_WIDTH px wide."""


def min_text_px(width: int) -> int:
    """The smallest font size (px) allowed on a board `width` px wide (28 at 1000 px)."""
    return math.ceil(MIN_PHONE_TEXT_PX * width / PHONE_WIDTH)


@dataclass(frozen=True, slots=True)
class TextRecord:
    """One text drawn: its font size in px, the image width, and the text (for messages)."""

    size: int
    width: int
    text: str


_TEXT_LOG: ContextVar[list[TextRecord] | None] = ContextVar("guildhall_text_log", default=None)


@contextlib.contextmanager
def record_text() -> Iterator[list[TextRecord]]:
    """Collect every text drawn through a `KitDraw` while the block runs (for layout tests)."""
    log: list[TextRecord] = []
    token = _TEXT_LOG.set(log)
    try:
        yield log
    finally:
        _TEXT_LOG.reset(token)


@functools.lru_cache(maxsize=4096)
def _text_mask(text: str, fnt: Font, anchor: str | None, mode: str) -> tuple[Any, tuple[int, int]]:
    # Fonts are cached by `font()`, so the same object (and hash) comes back for the same size.
    return fnt.getmask2(text, mode, anchor=anchor, start=(0, 0))


class KitDraw(ImageDraw.ImageDraw):
    """`ImageDraw` for the kit: text bitmaps are cached (positions are rounded to whole pixels, so
    a label is rasterised once per process, not once per move), and it keeps the colours drawn
    with (for `finish`'s palette) and logs text sizes when `record_text` is active."""

    def __init__(self, im: Image.Image, mode: str | None = None) -> None:
        super().__init__(im, mode)
        self.colours: dict[tuple[int, int, int], None] = {}
        self.text_colours: dict[tuple[int, int, int], None] = {}

    def used_colour(self, colour: Any) -> tuple[int, int, int] | None:
        """Note a colour as drawn (it becomes an exact palette entry); returns it as RGB."""
        rgb = _rgb_of(colour)
        if rgb is not None:
            self.colours[rgb] = None
        return rgb

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if ink is not None:
            self.used_colour(ink)
        if fill is not None:
            self.used_colour(fill)
        return super()._getink(ink, fill)

    def polygon(  # type: ignore[override]
        self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1
    ) -> None:
        """Draw a polygon. Pillow draws an outline wider than 1 px through a mask the size of
        the whole image (a 2-megapixel allocation per polygon on a board); a polygon with whole-
        pixel corners is drawn here on a copy of just its own box and pasted back, the same
        pixels at a fraction of the cost."""
        wide = width > 1 and outline is not None and self._image.mode == "RGB"
        points = _whole_points(xy) if wide else None
        if points is None:
            super().polygon(xy, fill, outline, width)
            return
        xs, ys = [x for x, _ in points], [y for _, y in points]
        pad = width + 1
        box = (min(xs) - pad, min(ys) - pad, max(xs) + pad + 1, max(ys) + pad + 1)
        if box[0] < 0 or box[1] < 0 or box[2] > self._image.width or box[3] > self._image.height:
            # Pillow clips a polygon crossing the image's edge its own way: leave it that.
            super().polygon(xy, fill, outline, width)
            return
        self._getink(outline, fill)  # notes the colours, as drawing on the image would
        tile = self._image.crop(box)
        ImageDraw.Draw(tile).polygon(
            [(x - box[0], y - box[1]) for x, y in points], fill, outline, width
        )
        self._image.paste(tile, box[:2])

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: Any,
        fill: Any = None,
        font: Any = None,
        anchor: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        """Draw text; plain one-line text with a TrueType font takes the cached-bitmap path."""
        log = _TEXT_LOG.get()
        if log is not None and text:
            size = getattr(font, "size", 10)
            log.append(TextRecord(int(size), self._image.width, str(text)))
        rgb = _rgb_of(fill)
        if rgb is not None:
            self.text_colours[rgb] = None
        simple = (
            isinstance(text, str)
            and isinstance(font, ImageFont.FreeTypeFont)
            and "\n" not in text
            and not args
            and not kwargs.get("stroke_width")
            and all(k in ("spacing", "align", "stroke_width", "stroke_fill") for k in kwargs)
        )
        if not simple:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
            return
        if not text:
            return
        ink, fill_ink = self._getink(fill)
        ink = fill_ink if ink is None else ink
        mask, offset = _text_mask(text, font, anchor, self.fontmode)
        self.draw.draw_bitmap((round(xy[0]) + offset[0], round(xy[1]) + offset[1]), mask, ink)


def _whole_points(xy: Any) -> list[tuple[int, int]] | None:
    """`xy` as a list of (x, y) whole-number pairs, or None when it is anything else."""
    if not isinstance(xy, list | tuple) or len(xy) < 3:
        return None
    points = []
    for point in xy:
        if not isinstance(point, tuple | list) or len(point) != 2:
            return None
        x, y = point
        if type(x) is not int or type(y) is not int:
            return None
        points.append((x, y))
    return points


@functools.lru_cache(maxsize=1024)
def _rgb_cached(colour: str) -> tuple[int, int, int] | None:
    try:
        rgb = ImageColor.getrgb(colour)
    except ValueError:
        return None
    return rgb[0], rgb[1], rgb[2]


def _rgb_of(colour: Any) -> tuple[int, int, int] | None:
    if isinstance(colour, str):
        return _rgb_cached(colour)
    if isinstance(colour, tuple) and len(colour) >= 3:
        return int(colour[0]), int(colour[1]), int(colour[2])
    return None


# --------------------------------------------------------------------------------------------
# Shared drawing helpers
# --------------------------------------------------------------------------------------------


def new_canvas(width: int, height: int, theme: Theme) -> tuple[Image.Image, KitDraw]:
    """An RGB image filled with the theme background, and a `KitDraw` for it."""
    image = Image.new("RGB", (width, height), theme.background)
    draw = KitDraw(image)
    draw.used_colour(theme.background)
    return image, draw


@dataclass(frozen=True, slots=True)
class Layer:
    """A cached static picture and the colours painted on it (they join the final palette)."""

    image: Image.Image
    colours: tuple[tuple[int, int, int], ...]
    texts: tuple[TextRecord, ...] = ()


_LAYERS: OrderedDict[tuple[Any, ...], Layer] = OrderedDict()
_LAYERS_LOCK = threading.Lock()  # boards are drawn in worker threads
_LAYER_LIMIT = 8
"""Static layers kept (LRU): one per game x width x player count x theme in practice. A layer is
an RGB board (6-8 MB), so the cache is bounded to ~60 MB."""


def static_layer(
    key: tuple[Any, ...],
    size: tuple[int, int],
    theme: Theme,
    paint: Callable[[Image.Image, KitDraw], None],
) -> Layer:
    """The layer for `key`, painted by `paint(image, draw)` on a fresh canvas the first time.

    `key` must contain everything `paint` depends on (game, size, player count, theme...): the
    cached pixels are reused as they are. Layers never change once made (callers copy them).
    The language texts are said in is part of the key (a layer may hold words).
    """
    full_key = (key, size, theme, current_language())
    with _LAYERS_LOCK:
        layer = _LAYERS.get(full_key)
        if layer is not None:
            _LAYERS.move_to_end(full_key)
            return layer
    # Painted outside the lock: two threads may both paint a new layer once; either result is
    # the same picture.
    image, draw = new_canvas(size[0], size[1], theme)
    with record_text() as texts:  # kept with the layer: `canvas_from` reports them per render
        paint(image, draw)
    layer = Layer(image, tuple(draw.colours), tuple(texts))
    with _LAYERS_LOCK:
        _LAYERS[full_key] = layer
        while len(_LAYERS) > _LAYER_LIMIT:
            _LAYERS.popitem(last=False)
    return layer


def canvas_from(layer: Layer) -> tuple[Image.Image, KitDraw]:
    """A copy of a cached layer to draw this move on (the one copy a render makes)."""
    image = layer.image.copy()
    draw = KitDraw(image)
    for rgb in layer.colours:
        draw.colours[rgb] = None
    log = _TEXT_LOG.get()
    if log is not None:
        # The layer's text is on this image too, so `record_text` sees it on every render.
        log.extend(layer.texts)
    return image, draw


@dataclass(frozen=True, slots=True)
class _Tile:
    """A painted box (None: its paint reached outside the box, so it is painted every time),
    the colours and text colours the paint used, in order, and the texts it wrote."""

    image: Image.Image | None
    colours: tuple[tuple[int, int, int], ...]
    text_colours: tuple[tuple[int, int, int], ...]
    texts: tuple[TextRecord, ...]


_TILES: OrderedDict[tuple[Any, ...], _Tile] = OrderedDict()
_TILES_LOCK = threading.Lock()
_TILE_BYTES = 24_000_000
"""Pixel bytes of the tiles kept (LRU). A Cathedral hand's building is 224x91 px at 1000 px wide
(~80 KB); a few hundred games of it make ~150 tiles, ~12 MB."""
_tile_bytes = 0
_TILE_MARGIN = 16
"""How far around its box a first paint is checked for pixels it changed outside the box."""


def cached_tile(
    draw: KitDraw, key: tuple[Any, ...], box: tuple[int, int, int, int], paint: Callable[[], None]
) -> None:
    """What `paint()` draws inside `box`, pasted from a cache after the first time: for a part
    of a board that looks the same from move to move (a building left in a hand) on a part of a
    static layer that is the same too. `key` must hold everything those pixels depend on, the
    layer under the box included. The colours and texts of the first paint are noted again on
    every paste (for `finish`'s palette and `record_text`), and a first paint that changes a
    pixel outside `box` is never cached: the same pixels as painting, every time. The language
    texts are said in is part of the key (a tile may hold words)."""
    key = (*key, current_language())
    with _TILES_LOCK:
        tile = _TILES.get(key)
        if tile is not None:
            _TILES.move_to_end(key)
    if tile is None:
        tile = _paint_tile(draw, box, paint)
        _keep_tile(key, tile)
    elif tile.image is None:
        paint()
        return
    else:
        draw._image.paste(tile.image, box[:2])  # noqa: SLF001  # the image this draw paints on
        log = _TEXT_LOG.get()
        if log is not None:
            log.extend(tile.texts)
    for rgb in tile.colours:
        draw.colours[rgb] = None
    for rgb in tile.text_colours:
        draw.text_colours[rgb] = None


def _keep_tile(key: tuple[Any, ...], tile: _Tile) -> None:
    global _tile_bytes
    with _TILES_LOCK:
        if key in _TILES:
            return  # another thread painted it meanwhile: the same picture
        _TILES[key] = tile
        _tile_bytes += _size_of(tile)
        while _tile_bytes > _TILE_BYTES and len(_TILES) > 1:
            _, dropped = _TILES.popitem(last=False)
            _tile_bytes -= _size_of(dropped)


def _size_of(tile: _Tile) -> int:
    return 0 if tile.image is None else tile.image.width * tile.image.height * 4


def _paint_tile(draw: KitDraw, box: tuple[int, int, int, int], paint: Callable[[], None]) -> _Tile:
    image = draw._image  # noqa: SLF001  # the image this draw paints on
    m = _TILE_MARGIN
    around = (
        max(0, box[0] - m),
        max(0, box[1] - m),
        min(image.width, box[2] + m),
        min(image.height, box[3] + m),
    )
    before = image.crop(around)
    colours, text_colours = draw.colours, draw.text_colours
    draw.colours, draw.text_colours = {}, {}
    outer = _TEXT_LOG.get()
    try:
        with record_text() as texts:
            paint()
    finally:
        used, used_text = draw.colours, draw.text_colours
        draw.colours, draw.text_colours = colours, text_colours
    if outer is not None:
        outer.extend(texts)
    changed = ImageChops.difference(before, image.crop(around)).getbbox()
    within_image = box[0] >= 0 and box[1] >= 0 and box[2] <= image.width and box[3] <= image.height
    inside = within_image and (
        changed is None
        or (
            around[0] + changed[0] >= box[0]
            and around[1] + changed[1] >= box[1]
            and around[0] + changed[2] <= box[2]
            and around[1] + changed[3] <= box[3]
        )
    )
    return _Tile(image.crop(box) if inside else None, tuple(used), tuple(used_text), tuple(texts))


def draw_panel(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    theme: Theme,
    *,
    fill: Colour | None = None,
    border: Colour | None = None,
    radius: int = 12,
    width: int = 2,
) -> None:
    """A rounded box to group information (a player's hand, a score table...)."""
    draw.rounded_rectangle(
        rect.box(),
        radius=radius,
        fill=fill or theme.panel,
        outline=border or theme.panel_border,
        width=width,
    )


def draw_header(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    title: str,
    theme: Theme,
    *,
    status: str | None = None,
    status_colour: Colour | None = None,
) -> None:
    """A title bar: bold `title` on the left, `status` (whose turn, result...) on the right."""
    pad = rect.height * 0.25
    title_font = fit_font(title, rect.width * 0.55, int(rect.height * 0.55), bold=True)
    draw.text((rect.x0 + pad, rect.center[1]), title, font=title_font, fill=theme.text, anchor="lm")
    if status:
        title_w = text_width(title, title_font)
        room = rect.width - title_w - 3 * pad
        status_font = fit_font(status, room, int(rect.height * 0.45), bold=True)
        draw.text(
            (rect.x1 - pad, rect.center[1]),
            status,
            font=status_font,
            fill=status_colour or theme.text,
            anchor="rm",
        )


def draw_labelled_box(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    label: str,
    value: str,
    theme: Theme,
    *,
    fill: Colour | None = None,
) -> None:
    """A small box with a muted caption on top and a big value below (e.g. "Gold" / "3")."""
    draw_panel(draw, rect, theme, fill=fill, radius=8)
    cap = fit_font(label, rect.width * 0.9, int(rect.height * 0.26))
    val = fit_font(value, rect.width * 0.9, int(rect.height * 0.48), bold=True)
    draw_text_centered(
        draw, (rect.center[0], rect.y0 + rect.height * 0.27), label, cap, theme.text_muted
    )
    draw_text_centered(draw, (rect.center[0], rect.y0 + rect.height * 0.66), value, val, theme.text)


def draw_swatch(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    colour: Colour,
    *,
    outline: Colour = "#111111",
    label: str | None = None,
) -> None:
    """A coloured square (seat colour, piece colour) with optional centred text."""
    draw.rounded_rectangle(
        rect.box(), radius=max(2, int(rect.width * 0.15)), fill=colour, outline=outline, width=2
    )
    if label:
        fnt = fit_font(label, rect.width * 0.8, int(rect.height * 0.6), bold=True)
        draw_text_centered(draw, rect.center, label, fnt, text_on(colour))


def draw_legend(
    draw: ImageDraw.ImageDraw,
    origin: Point,
    entries: Sequence[tuple[Colour, str]],
    theme: Theme,
    *,
    size: int = 22,
    max_width: float | None = None,
) -> float:
    """Swatch + label pairs laid out in a row (wrapping at `max_width`); returns the height used."""
    fnt = font(size)
    widths = [(size * 1.4 + text_width(label, fnt), size * 1.2) for _, label in entries]
    positions, height = flow_layout(widths, max_width or 10_000, size, size * 0.4)
    for (colour, label), (dx, dy) in zip(entries, positions, strict=True):
        x, y = origin[0] + dx, origin[1] + dy
        draw_swatch(draw, Rect(x, y + size * 0.1, x + size, y + size * 1.1), colour)
        draw.text((x + size * 1.4, y + size * 0.6), label, font=fnt, fill=theme.text, anchor="lm")
    return height


PIP_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.5), (0.75, 0.5), (0.25, 0.75), (0.75, 0.75)),
}
"""Pip centres for die faces 1-6 as fractions of the face (x, y)."""


def draw_die(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    value: int,
    theme: Theme,
    *,
    face: Colour | None = None,
    pip: Colour | None = None,
    outline: Colour = "#111111",
    dimmed: bool = False,
) -> None:
    """A die face with pips for 1-6 (other values are written as a number).

    `face` defaults to the theme's white die; pass a seat colour for coloured dice. `dimmed`
    greys the die out (e.g. already placed).
    """
    face = face or theme.die_face
    pip = pip or (text_on(face) if face != theme.die_face else theme.die_pip)
    if dimmed:
        face, pip = mix(face, theme.background, 0.6), mix(pip, theme.background, 0.6)
    side = min(rect.width, rect.height)
    draw.rounded_rectangle(
        rect.box(),
        radius=max(2, int(side * 0.18)),
        fill=face,
        outline=outline,
        width=max(1, int(side * 0.05)),
    )
    if value in PIP_LAYOUT:
        r = side * 0.09
        for fx, fy in PIP_LAYOUT[value]:
            cx, cy = rect.x0 + fx * rect.width, rect.y0 + fy * rect.height
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)
    else:
        fnt = fit_font(str(value), side * 0.8, int(side * 0.6), bold=True)
        draw_text_centered(draw, rect.center, str(value), fnt, pip)


# --------------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _cube(levels: int) -> tuple[tuple[int, int, int], ...]:
    steps = [round(i * 255 / (levels - 1)) for i in range(levels)]
    return tuple((r, g, b) for r in steps for g in steps for b in steps)


_GREYS = tuple((v, v, v) for v in range(0, 256, 17))


def build_palette(
    colours: Iterable[tuple[int, int, int]], ramps: Iterable[tuple[int, int, int]] = ()
) -> list[tuple[int, int, int]]:
    """Up to 256 palette entries: the flat `colours` first (exact), then 16 greys, the `ramps`
    (anti-aliasing steps), then as much of a colour cube as fits, for text edges on anything."""
    out: dict[tuple[int, int, int], None] = {}
    for group in (colours, _GREYS, ramps):
        for rgb in group:
            if len(out) >= 256:
                break
            out[rgb] = None
    room = 256 - len(out)
    levels = 6 if room >= 216 else 5 if room >= 125 else 4 if room >= 64 else 3 if room >= 27 else 0
    if levels:
        for rgb in _cube(levels):
            out[rgb] = None
    return list(out)[:256]


def _ramp(a: tuple[int, int, int], b: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
    for t in (0.25, 0.5, 0.75):
        yield tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[misc]


def finish(image: Image.Image, draw: KitDraw, backdrops: Sequence[Colour] = ()) -> Image.Image:
    """The finished board as a "P" image on a palette of the colours `draw` used.

    Flat areas keep their exact colour; anti-aliased text edges map to the nearest of the
    ramps between each text colour and the `backdrops` it sits on (default: the first colour
    used, i.e. the background) or to a colour cube. Pillow maps with a cached inverse colour
    table, so this costs ~2 ms on a 1000x1700 board where octree quantisation costs ~15 ms.
    """
    colours = tuple(draw.colours)
    bases = tuple(hex_to_rgb(c) for c in backdrops) or colours[:1]
    palette = _palette_image(colours, tuple(draw.text_colours), bases)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


@functools.lru_cache(maxsize=64)
def _palette_image(
    colours: tuple[tuple[int, int, int], ...],
    inks: tuple[tuple[int, int, int], ...],
    bases: tuple[tuple[int, int, int], ...],
) -> Image.Image:
    # Cached: a board's colours repeat from move to move, and `quantize` only reads the palette.
    ramps = [step for ink in inks for base in bases for step in _ramp(ink, base)]
    entries = build_palette(colours, ramps)
    palette = Image.new("P", (1, 1))
    flat = [v for rgb in entries for v in rgb]
    palette.putpalette(flat + flat[-3:] * (256 - len(entries)))
    palette.load()  # settles the palette now, so threads sharing this image only read it
    return palette


def to_png_bytes(
    image: Image.Image, *, colours: int = 256, max_bytes: int = MAX_PNG_BYTES
) -> bytes:
    """Encode a board as a small PNG for upload.

    A "P" image from `finish` is encoded as it is (its palette was made while drawing), with
    `PNG_SAVE_OPTIONS`. Any other image is reduced to a palette of up to `colours` first
    (FASTOCTREE, no dithering, which would speckle flat areas; ~15 ms more on a large board, kept
    for renderers not on the kit) and saved at zlib level 3. If the result is still over
    `max_bytes` we retry with fewer colours and full optimisation, and raise ValueError as a last
    resort rather than upload something Discord may refuse.
    """
    data = b""
    if image.mode == "P":
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", **PNG_SAVE_OPTIONS)
        data = buffer.getvalue()
        if len(data) <= max_bytes:
            return data
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    for n, optimize in ((colours, False), (64, True), (16, True)):
        # FASTOCTREE: 4x quicker than median cut here, and indistinguishable on flat colours.
        paletted = rgb.quantize(
            colors=n, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        buffer = io.BytesIO()
        paletted.save(buffer, format="PNG", optimize=optimize, compress_level=9 if optimize else 3)
        data = buffer.getvalue()
        if len(data) <= max_bytes:
            return data
    raise ValueError(
        f"Rendered image is {len(data)} bytes, "  # i18n-exempt: internal
        f"over the {max_bytes} byte limit."
    )


# --------------------------------------------------------------------------------------------
# Seats told apart without colour
# --------------------------------------------------------------------------------------------

SEAT_LETTERS: dict[str, str] = {
    "red": "R",
    "blue": "B",
    "green": "G",
    "yellow": "Y",
    "purple": "P",
    "orange": "O",
    "white": "W",
    "black": "K",
    "light": "L",
    "dark": "D",
}
"""The letter drawn on every mark of a seat, by the seat's colour name."""


def seat_letter(name: str | int) -> str:
    """The letter of a seat: its colour name's entry in SEAT_LETTERS, else its initial; a bare
    seat index gives "1".."9"."""
    if isinstance(name, int):
        return str(name + 1)
    return SEAT_LETTERS.get(name.lower(), name[:1].upper() or "?")


def draw_seat_badge(
    draw: ImageDraw.ImageDraw,
    rect: Rect,
    colour: Colour,
    letter: str,
    *,
    outline: Colour = "#111111",
    round_shape: bool = False,
) -> None:
    """A seat's colour square (or disc) with its letter on it, black or white for contrast.

    Use it wherever a seat is shown by colour (dice groups, discs, bars, swatches), so a player
    who cannot tell the colours apart reads the letter.
    """
    side = min(rect.width, rect.height)
    width = max(1, round(side * 0.07))
    if round_shape:
        draw.ellipse(rect.box(), fill=colour, outline=outline, width=width)
    else:
        draw.rounded_rectangle(
            rect.box(), radius=max(2, int(side * 0.2)), fill=colour, outline=outline, width=width
        )
    fnt = font(max(8, round(side * 0.78)), bold=True)
    draw_text_centered(draw, rect.center, letter, fnt, text_on(colour))


# Machado, Oliveira & Fernandes (2009) matrices at severity 1.0, applied to linear RGB.
CVD_MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

MIN_SEAT_DELTA_E = 20.0
"""Least CIE76 distance between two seat colours, with normal vision and each simulated
deficiency (about where two flat swatches stop being confused at a glance)."""
MIN_GOODS_DELTA_E = 25.0
"""Least CIE76 distance between two goods/resource colours in every vision simulation."""


def _to_linear(v: float) -> float:
    v /= 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _from_linear(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def simulate_cvd(colour: Colour, kind: str) -> tuple[float, float, float]:
    """How `colour` looks under `kind` ("protanopia", "deuteranopia", "tritanopia"), as sRGB."""
    lin = [_to_linear(c) for c in hex_to_rgb(colour)]
    r, g, b = (
        _from_linear(sum(m * x for m, x in zip(row, lin, strict=True)))
        for row in CVD_MATRICES[kind]
    )
    return r, g, b


def _lab(rgb: Sequence[float]) -> tuple[float, float, float]:
    r, g, b = (_to_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: Sequence[float], b: Sequence[float]) -> float:
    """CIE76 colour difference between two sRGB triples (0-255)."""
    return math.dist(_lab(a), _lab(b))


def min_cvd_distance(colours: Sequence[Colour]) -> tuple[float, str, str, str]:
    """The closest pair of `colours` over normal vision and every simulated deficiency:
    (delta E, vision, colour a, colour b)."""
    best = (math.inf, "", "", "")
    for vision in ("normal", *CVD_MATRICES):
        seen = [hex_to_rgb(c) if vision == "normal" else simulate_cvd(c, vision) for c in colours]
        for i in range(len(colours)):
            for j in range(i + 1, len(colours)):
                d = delta_e(seen[i], seen[j])
                if d < best[0]:
                    best = (d, vision, colours[i], colours[j])
    return best
