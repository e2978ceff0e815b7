"""Settlers of Canaan board image: the hex map, Jerusalem's wall, the dice and the tribes.

Pure: `render(view) -> PIL.Image`. One size per player count (the width is fixed; the height grows
with the rows of the players' table). Every seat mark carries its letter (R, B, G, Y) so colours
are told apart without colour; intersections show their numbers and hexes their letters, which
are what the commands take.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.games.canaan.data import RESOURCE_WORDS, HexTile
from bot.games.canaan.view import CanaanView
from bot.i18n import N_, current_language, say, tr, tr_c
from rendering.base import (
    DEFAULT,
    Font,
    Rect,
    Theme,
    canvas_from,
    draw_die,
    draw_header,
    draw_panel,
    draw_text_centered,
    ellipsize,
    finish,
    fit_name,
    luminance,
    min_text_px,
    mix,
    static_layer,
    text_on,
    text_width,
    wrap_text,
)
from rendering.base import font as kit_font

WIDTH = 1000
_MIN_PX: ContextVar[int] = ContextVar("canaan_min_text_px", default=8)


def font(size: float, bold: bool = False) -> Font:
    """The kit's font, never below the phone-readable minimum for the image being drawn."""
    return kit_font(max(_MIN_PX.get(), int(size)), bold)


TERRAIN_COLOURS = {
    "forest": "#2e6b34",
    "pasture": "#93c95b",
    "fields": "#e2bf47",
    "hills": "#b4553b",
    "mountains": "#8d9096",
    "copper": "#d98a2b",
    "sea_of_galilee": "#3f86c6",
}
RESOURCE_LETTER = {"lumber": "L", "grain": "G", "stone": "S", "ore": "O", "wool": "W"}
"""The harbour labels' letters in English (`letter_of` gives them in the reader's language)."""


def letter_of(name: str) -> str:
    """A resource's letter on the harbour labels in the current language (its initial)."""
    if name == "lumber":
        return tr_c("resource letter", "L")
    if name == "grain":
        return tr_c("resource letter", "G")
    if name == "stone":
        return tr_c("resource letter", "S")
    if name == "ore":
        return tr_c("resource letter", "O")
    return tr_c("resource letter", "W")


def _resource_word(name: str) -> str:
    from bot.games.canaan.data import RESOURCES

    return say(RESOURCE_WORDS[RESOURCES.index(name)]) if name in RESOURCES else name


SEA = "#1d4f7a"
DESERT = "#d8c49a"
BLACK_STONE = "#16161a"


def _special_short(name: str) -> str:
    """A special card's short name for the players' rows."""
    if name == "Longest Road":  # i18n-exempt: the engine's name (compared, not shown)
        return tr_c("special", "Road")
    if name == "Most Priests":  # i18n-exempt: the engine's name (compared, not shown)
        return tr_c("special", "Priests")
    return tr_c("special", "Blessing")


PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
TOKEN_DY = -0.13
"""The number token's centre below the hex centre, in hex radii (a little above it)."""
WORD_DY = 0.35
"""The terrain word's centre below the hex centre, in hex radii: between the token and the
markers of the roads on the hex's lower paths, so no piece ever covers it."""


FOOTER_LINES = 14
"""The worst case: the last move (2, e.g. a counter of 3 cards for 3), an offer of 3 cards for 3
(2) and three counters of 3 cards for 3 (2 each), your hand (2) and the status (2)."""
FOOTER_LEADING = 1.3


def footer_px(width: int) -> int:
    """The footer's text size for an image `width` px wide."""
    return max(12, int(width * 0.034))


@dataclass(frozen=True, slots=True)
class Layout:
    """Pixel rectangles of every region, and the hex scale."""

    width: int
    height: int
    header: Rect
    board: Rect
    wall: Rect
    table: Rect
    footer: Rect
    unit: float  # pixels per hex radius
    origin: tuple[float, float]  # pixel position of unit (0, 0)


def compute_layout(view: CanaanView, width: int = WIDTH) -> Layout:
    """Regions for this player count; the same count always gives the same size."""
    d = view.data
    xs = [x for x, _ in d.vertex_xy]
    ys = [y for _, y in d.vertex_xy]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    margin = 0.04 * width
    header = Rect(0, 0, width, 0.07 * width)
    unit = (width - 2 * margin) / (span_x + 1.2)
    board_h = (span_y + 1.2) * unit
    board = Rect(0, header.y1, width, header.y1 + board_h)
    origin = (
        width / 2 - (min(xs) + max(xs)) / 2 * unit,
        board.y0 + board_h / 2 - (min(ys) + max(ys)) / 2 * unit,
    )
    wall = Rect(margin, board.y1 + 0.01 * width, width - margin, board.y1 + 0.16 * width)
    row = 0.1 * width
    table = Rect(
        margin * 0.5,
        wall.y1 + 0.02 * width,
        width - margin * 0.5,
        wall.y1 + 0.02 * width + row * (len(view.seats) + 0.6),
    )
    # Room for FOOTER_LINES lines of footer text (last move, offer and its answers, your hand,
    # where the game stands - which may take two lines, e.g. the setup's first-player rolls).
    footer_h = 0.03 * width + FOOTER_LINES * footer_px(width) * FOOTER_LEADING
    footer = Rect(0, table.y1 + 0.01 * width, width, table.y1 + 0.01 * width + footer_h)
    return Layout(width, int(footer.y1), header, board, wall, table, footer, unit, origin)


class _Ctx:
    def __init__(
        self,
        draw: ImageDraw.ImageDraw,
        theme: Theme,
        view: CanaanView,
        lay: Layout,
        names: Mapping[int, str],
    ) -> None:
        self.draw, self.theme, self.view, self.lay, self.names = draw, theme, view, lay, names

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (self.lay.origin[0] + x * self.lay.unit, self.lay.origin[1] + y * self.lay.unit)

    def seat_colour(self, seat: int) -> str:
        return self.theme.seat_colour(self.view.seats[seat].colour)

    def letter(self, seat: int) -> str:
        return self.view.seats[seat].colour[:1].upper()

    def name(self, seat: int) -> str:
        from bot.games.canaan.rules import colour_title

        return self.names.get(seat) or say(colour_title(seat))


def render(
    view: CanaanView,
    *,
    theme: Theme = DEFAULT,
    size: int = WIDTH,
    names: Mapping[int, str] | None = None,
) -> Image.Image:
    """Draw a Settlers of Canaan position.

    view: `bot.games.canaan.view.CanaanView`. size: width in px (clamped to 600..1600).
    names: display names by seat (default: the seat colour).
    """
    width = max(600, min(1600, int(size)))
    token = _MIN_PX.set(min_text_px(width))
    try:
        return _render(view, theme, width, dict(names or {}))
    finally:
        _MIN_PX.reset(token)


def _render(view: CanaanView, theme: Theme, width: int, names: dict[int, str]) -> Image.Image:
    lay = compute_layout(view, width)
    # The land, its numbers and harbours never change in a game: painted once per map, player
    # count and width, then copied for every move (the pieces are drawn on the copy).
    layer = static_layer(
        ("canaan", view.data.fingerprint, len(view.seats), _MIN_PX.get(), current_language()),
        (lay.width, lay.height),
        theme,
        lambda image, draw: _paint_land(_Ctx(draw, theme, view, lay, names)),
    )
    image, draw = canvas_from(layer)
    ctx = _Ctx(draw, theme, view, lay, names)
    _title(ctx)
    _board(ctx)
    _wall(ctx)
    _table(ctx)
    _footer(ctx)
    return finish(image, draw, (theme.background, theme.panel, SEA))


def _title(c: _Ctx) -> None:
    v = c.view
    bold = font(_MIN_PX.get(), bold=True)
    room = c.lay.header.width * 0.38

    def named(seat: int, say_it: Any) -> str:
        # The name is shortened (never the words around it) to what the header leaves.
        rest = text_width(say_it(""), bold)
        return say_it(fit_name(c.name(seat), bold, max(room - rest, 4 * bold.size)))

    if v.phase == "over":
        if v.winner >= 0:
            status = named(v.winner, lambda name: tr("{name} wins", name=name))
        else:
            status = tr("Game over")
        colour = c.seat_colour(v.winner) if v.winner >= 0 else None
    elif v.phase == "turn":
        status = named(v.current, lambda name: tr("Turn {turn}: {name}", turn=v.turn, name=name))
        colour = c.seat_colour(v.current)
    else:
        status = tr("Setup")
        colour = None
    if colour is not None:
        colour = header_colour(colour)
    # A long display name is cut rather than shrunk below the phone-readable size.
    status = ellipsize(status, bold, room)
    draw_header(c.draw, c.lay.header, GAME_TITLE, c.theme, status=status, status_colour=colour)


GAME_TITLE = "Settlers of Canaan"  # i18n-exempt: the product's name (English only)
HEADER_MIN_LUMINANCE = 0.45
"""The title bar is dark: a seat's colour written on it is lightened to at least this."""


def header_colour(colour: str) -> str:
    """`colour` lightened towards white until it reads on the dark title bar (blue does not)."""
    for _ in range(10):
        if luminance(colour) >= HEADER_MIN_LUMINANCE:
            break
        colour = mix(colour, "#ffffff", 0.15)
    return colour


def _hex_corners(c: _Ctx, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
    h = math.sqrt(3) / 2 * scale
    pts = [
        (0, -scale),
        (h, -scale / 2),
        (h, scale / 2),
        (0, scale),
        (-h, scale / 2),
        (-h, -scale / 2),
    ]
    return [c.px(cx + x, cy + y) for x, y in pts]


def _paint_land(c: _Ctx) -> None:
    """The static map: sea and desert, hexes with letters, resources and number tokens, the
    harbours with their labels."""
    d, draw, u = c.view.data, c.draw, c.lay.unit
    b = c.lay.board
    # The Great Sea to the west, land edge to the north and east, Jerusalem's desert to the south.
    draw.rectangle((0, b.y0, c.lay.width, b.y1), fill=mix(SEA, c.theme.background, 0.35))
    strip_top = _strip_top(c)
    draw.rectangle((0, strip_top, c.lay.width, b.y1), fill=mix(DESERT, c.theme.background, 0.25))
    _jerusalem_label(c, strip_top)
    for t in d.hexes:
        corners = _hex_corners(c, *t.center, scale=0.97)
        fill = TERRAIN_COLOURS.get(t.terrain, DESERT)
        draw.polygon(corners, fill=fill, outline="#1b1b1b", width=max(2, int(u * 0.025)))
        cx, cy = c.px(*t.center)
        if t.terrain == "sea_of_galilee":
            continue  # the blue lake inside the land, its harbours labelled around it
        _hex_letter(c, cx, cy, t.label, fill)
        word = _terrain_word(t)
        colour = "#3a1d00" if t.terrain == "copper" else text_on(fill)
        draw_text_centered(draw, (cx, cy + u * WORD_DY), word, _word_font(c), colour)
        if t.number is not None:
            _token(c, cx, cy + u * TOKEN_DY, t.number)
    _harbours(c, labels=False)
    _harbours(c, labels=True)
    _harbour_legend(c)


JERUSALEM_SPOT = "#f7d488"
"""The fill of a free Jerusalem intersection (the others are cream)."""


def _strip_top(c: _Ctx) -> float:
    """The top of Jerusalem's desert strip, just above its lowest intersections."""
    d = c.view.data
    jy = max(d.vertex_xy[x][1] for x in d.jerusalem)
    return c.px(0, jy)[1] - c.lay.unit * 0.1


def _jerusalem_label(c: _Ctx, strip_top: float) -> None:
    """Name the desert strip and say which intersections are Jerusalem's (the gold ones), left
    of the intersections that sit on the strip's top edge."""
    b, u, d = c.lay.board, c.lay.unit, c.view.data
    size = max(_MIN_PX.get(), int(u * 0.3))
    bold = font(size, bold=True)
    on_strip = [c.px(*d.vertex_xy[x]) for x in d.jerusalem]
    xs = [px for px, py in on_strip if py >= strip_top]
    left = c.lay.width * 0.03
    room = (min(xs) if xs else c.lay.width) - u * 0.25 - left
    y = (strip_top + b.y1) / 2
    r = size * 0.45
    # A legend: the gold dot, then the word - the gold intersections are Jerusalem's.
    head = ellipsize(tr("Jerusalem"), bold, room - 3 * r)
    c.draw.ellipse((left, y - r, left + 2 * r, y + r), fill=JERUSALEM_SPOT, outline="#444444")
    c.draw.text((left + 3 * r, y), head, font=bold, fill="#20170a", anchor="lm")
    spot = _copper_note_spot(c, strip_top)
    if spot is not None:  # the copper hex's yield, right of Jerusalem's intersections
        c.draw.text(spot, copper_note(), font=bold, fill="#20170a", anchor="rm")


COPPER_NOTE = N_("copper: any")


def copper_note() -> str:
    """The copper hex's yield, as the map's key says it."""
    return tr(COPPER_NOTE)


def _copper_note_spot(c: _Ctx, strip_top: float) -> tuple[float, float] | None:
    """Where the copper note goes on the desert strip (its right end), or None when the map
    has no copper or the strip has no room right of Jerusalem's intersections (then the
    harbour key carries it)."""
    b, u, d = c.lay.board, c.lay.unit, c.view.data
    if not any(t.terrain == "copper" for t in d.hexes):
        return None
    bold = font(max(_MIN_PX.get(), int(u * 0.3)), bold=True)
    xs = [px for px, py in (c.px(*d.vertex_xy[x]) for x in d.jerusalem) if py >= strip_top]
    right = c.lay.width * 0.97
    start = (max(xs) if xs else 0) + u * 0.25
    if right - start < text_width(copper_note(), bold):
        return None
    return right, (strip_top + b.y1) / 2


def _board(c: _Ctx) -> None:
    """The pieces on the map: the plague, the last move's hex, roads, intersections, buildings."""
    d, v, draw, u = c.view.data, c.view, c.draw, c.lay.unit
    marks = set(v.last_marks)
    for hi, t in enumerate(d.hexes):
        if f"h{hi}" in marks:
            corners = _hex_corners(c, *t.center, scale=0.97)
            draw.polygon(corners, outline=c.theme.highlight, width=max(3, int(u * 0.07)))
        if v.plague == hi:
            _plague(c, t)
    # Roads.
    for e, owner in enumerate(v.roads):
        if owner < 0:
            continue
        a, bb = d.edges[e]
        p, q = c.px(*d.vertex_xy[a]), c.px(*d.vertex_xy[bb])
        # Shorten so the road does not run under buildings.
        p2 = (p[0] + (q[0] - p[0]) * 0.16, p[1] + (q[1] - p[1]) * 0.16)
        q2 = (q[0] + (p[0] - q[0]) * 0.16, q[1] + (p[1] - q[1]) * 0.16)
        w = _road_width(c)
        if f"e{e}" in marks:
            draw.line((p2, q2), fill=c.theme.highlight, width=w + 8)
        draw.line((p2, q2), fill="#111111", width=w + 4)
        col = c.seat_colour(owner)
        draw.line((p2, q2), fill=col, width=w)
        marker = _road_marker(c, e)
        draw.ellipse(marker.box(), fill=col, outline="#111111")
        draw_text_centered(
            draw, marker.center, c.letter(owner), font(w * 0.95, bold=True), text_on(col)
        )
    # Buildings and intersection numbers.
    num_font = font(max(9, int(u * 0.15)))
    for x, occ in enumerate(v.buildings):
        px, py = c.px(*d.vertex_xy[x])
        if occ < 0:
            r = max(u * 0.13, _MIN_PX.get() * 0.72)
            fill = "#f3ead2" if x not in d.jerusalem else JERUSALEM_SPOT
            draw.ellipse((px - r, py - r, px + r, py + r), fill=fill, outline="#444444")
            draw_text_centered(draw, (px, py), str(x + 1), num_font, "#222222")
            continue
        seat = occ % 10
        city = occ >= 10
        _building(c, px, py, seat, city=city, highlight=f"v{x}" in marks)
        if not city:
            # A settlement keeps its intersection number (a city is built on it by number),
            # on a small plate at its lower right rather than under it.
            r = max(u * 0.12, _MIN_PX.get() * 0.62)
            tx, ty = _tag_spot(c, x, px, py, r)
            draw.ellipse((tx - r, ty - r, tx + r, ty + r), fill="#f3ead2", outline="#444444")
            draw_text_centered(draw, (tx, ty), str(x + 1), _tag_font(c, x + 1, r), "#222222")


def _token(c: _Ctx, cx: float, cy: float, number: int) -> None:
    u = c.lay.unit
    r = max(u * 0.3, _MIN_PX.get() * 1.1)
    c.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill="#f5ecd4", outline="#3b3b3b", width=2)
    hot = number in (6, 8)
    colour = "#b3261e" if hot else "#1e1e1e"
    f = font(max(12, int(u * (0.3 if hot else 0.26))), bold=True)
    draw_text_centered(c.draw, (cx, cy - r * 0.15), str(number), f, colour)
    pips = PIPS.get(number, 0)
    pr = max(1.5, u * 0.028)
    for i in range(pips):
        x = cx + (i - (pips - 1) / 2) * pr * 2.8
        y = cy + r * 0.62
        c.draw.ellipse((x - pr, y - pr, x + pr, y + pr), fill=colour)


def _hex_letter(c: _Ctx, cx: float, cy: float, label: str, fill: str) -> None:
    """The hex's letter (what `/canaan plague` takes) above its number."""
    f = font(c.lay.unit * 0.2, bold=True)
    draw_text_centered(c.draw, (cx, cy - c.lay.unit * 0.62), label, f, text_on(fill))


def _plague(c: _Ctx, t: HexTile) -> None:
    """A black ring round the number and a "plague" plate over the terrain word; the hex's
    letter, which the ring reaches, is written again on top."""
    u = c.lay.unit
    cx, cy = c.px(*t.center)
    r = u * 0.44
    ty = cy + u * TOKEN_DY
    c.draw.ellipse((cx - r, ty - r, cx + r, ty + r), outline="#000000", width=max(4, int(u * 0.08)))
    box = _plague_plate(c, cx, cy, _terrain_word(t))
    c.draw.rounded_rectangle(box.box(), radius=4, fill="#000000")
    draw_text_centered(c.draw, box.center, plague_word(), _word_font(c), "#ffffff")
    _hex_letter(c, cx, cy, t.label, TERRAIN_COLOURS.get(t.terrain, DESERT))


# ------------------------------------------------------------------ geometry shared by the
# drawing and by `label_collisions` (which proves no piece can cover a terrain word)


def plague_word() -> str:
    """The plate over the plague's hex."""
    return tr_c("map", "plague")


def _word_font(c: _Ctx) -> Font:
    return font(c.lay.unit * 0.16)


def _terrain_word(t: HexTile) -> str:
    """The word printed on a hex: what it yields, in the map's short words (a hex has room for
    about six letters at the smallest readable size)."""
    from bot.games.canaan.data import terrain_word

    if t.terrain == "copper":
        return tr_c("map", "copper")
    if t.resource is None:
        return say(terrain_word(t.terrain))
    return _map_word(t.resource)


def _map_word(res: int) -> str:
    """A resource's word on the hexes (a short form where a language's own word is too long
    for a hex: German "Korn" for "Getreide")."""
    if res == 0:
        return tr_c("map", "lumber")
    if res == 1:
        return tr_c("map", "grain")
    if res == 2:
        return tr_c("map", "stone")
    if res == 3:
        return tr_c("map", "ore")
    return tr_c("map", "wool")


def _word_rect(c: _Ctx, cx: float, cy: float, word: str) -> Rect:
    """Where a terrain word is drawn (its ink box, centred below the token)."""
    f = _word_font(c)
    x0, y0, x1, y1 = f.getbbox(word, anchor="mm")
    y = cy + c.lay.unit * WORD_DY
    return Rect(cx + x0, y + y0, cx + x1, y + y1)


def _plague_plate(c: _Ctx, cx: float, cy: float, word: str) -> Rect:
    """The "plague" plate over the hex's terrain word: just large enough to hide it."""
    a, b = _word_rect(c, cx, cy, plague_word()), _word_rect(c, cx, cy, word)
    pad = c.lay.unit * 0.025
    return Rect(
        min(a.x0, b.x0) - pad, min(a.y0, b.y0) - pad, max(a.x1, b.x1) + pad, max(a.y1, b.y1) + pad
    )


def _road_width(c: _Ctx) -> int:
    return max(5, int(c.lay.unit * 0.14))


def _road_marker(c: _Ctx, edge: int) -> Rect:
    """The lettered disc in the middle of a road."""
    a, b = c.view.data.edges[edge]
    p, q = c.px(*c.view.data.vertex_xy[a]), c.px(*c.view.data.vertex_xy[b])
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    br = _MIN_PX.get() * 0.55
    return Rect(mid[0] - br, mid[1] - br, mid[0] + br, mid[1] + br)


def _piece_rects(c: _Ctx, edge_or_vertex: tuple[str, int]) -> list[Rect]:
    """Boxes a road (its line sampled along its length, and its marker) or a city (the larger
    building) could cover."""
    d, u = c.view.data, c.lay.unit
    kind, i = edge_or_vertex
    if kind == "v":
        px, py = c.px(*d.vertex_xy[i])
        s = max(u * 0.25, _MIN_PX.get() * 0.8)
        return [Rect(px - s, py - s * 1.4, px + s, py + s)]
    a, b = d.edges[i]
    p, q = c.px(*d.vertex_xy[a]), c.px(*d.vertex_xy[b])
    half = _road_width(c) / 2 + 2
    out = [_road_marker(c, i)]
    for k in range(17):  # the drawn part runs from 16% to 84% of the path
        f = 0.16 + 0.68 * k / 16
        x, y = p[0] + (q[0] - p[0]) * f, p[1] + (q[1] - p[1]) * f
        out.append(Rect(x - half, y - half, x + half, y + half))
    return out


def label_collisions(view: CanaanView, width: int = WIDTH) -> list[str]:
    """The hexes whose terrain word (or plague plate) a road or building on one of their own
    paths or intersections would overlap, were every one of them built: `[]` means the words
    stay readable whatever is built."""
    token = _MIN_PX.set(min_text_px(width))
    try:
        lay = compute_layout(view, width)
        image = Image.new("RGB", (1, 1))
        c = _Ctx(ImageDraw.Draw(image), DEFAULT, view, lay, {})
        d = view.data
        bad = []
        for hi, t in enumerate(d.hexes):
            if t.terrain == "sea_of_galilee":
                continue
            cx, cy = c.px(*t.center)
            word = _terrain_word(t)
            labels = [_word_rect(c, cx, cy, word), _plague_plate(c, cx, cy, word)]
            corners = {x for x, hs in enumerate(d.vertex_hexes) if hi in hs}
            pieces = [("v", x) for x in corners]
            pieces += [
                ("e", e) for e, (a, b) in enumerate(d.edges) if a in corners and b in corners
            ]
            for piece in pieces:
                if any(_overlap(r, label) for r in _piece_rects(c, piece) for label in labels):
                    bad.append(f"{t.label}: {piece[0]}{piece[1]}")
        return bad
    finally:
        _MIN_PX.reset(token)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def _harbours(c: _Ctx, *, labels: bool) -> None:
    """Harbour labels: out at sea beside their path; the Sea of Galilee's inside the lake, each
    by its own shore ("2:1" over the letter, narrow: `lake_labels`), or, on a map where they
    cannot all be placed so, stacked in the lake's middle with lines to their paths."""
    d, u = c.view.data, c.lay.unit
    f = font(u * 0.17, bold=True)
    lake = [h for h in d.harbors if h[1] == "sea_of_galilee"]
    lake_hex = next((t for t in d.hexes if t.terrain == "sea_of_galilee"), None)
    lake_mid = lambda a, b: (d.vertex_xy[a][1] + d.vertex_xy[b][1]) / 2  # noqa: E731
    lake_order = sorted(lake, key=lambda h: lake_mid(*h[3]))
    shores = lake_labels(c, lake, lake_hex, f) if lake_hex is not None else None
    for hid, at, trade, (a, b) in d.harbors:
        (x1, y1), (x2, y2) = d.vertex_xy[a], d.vertex_xy[b]
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if at == "sea_of_galilee" and shores is not None:
            box = shores[hid]
            if labels:
                _shore_label(c, box, trade, f)
            else:
                c.draw.line((box.center, c.px(mx, my)), fill="#f5ecd4", width=max(2, int(u * 0.04)))
                for vx in (a, b):
                    c.draw.line(
                        (c.px(mx, my), c.px(*d.vertex_xy[vx])),
                        fill="#f5ecd4",
                        width=max(3, int(u * 0.06)),
                    )
            continue
        if at == "sea_of_galilee" and lake_hex is not None:
            i = next(k for k, h in enumerate(lake_order) if h[0] == hid)
            cx, cy = c.px(*lake_hex.center)
            p = (cx, cy + (i - (len(lake_order) - 1) / 2) * f.size * 1.45)
        else:
            # Out to sea: away from the land hex this path belongs to.
            land = [h for h in d.vertex_hexes[a] if h in d.vertex_hexes[b]]
            hx, hy = d.hexes[land[0]].center if land else (0.0, 0.0)
            dx, dy = mx - hx, my - hy
            norm = math.hypot(dx, dy) or 1
            p = c.px(mx + dx / norm * 0.55, my + dy / norm * 0.55)
        text = "3:1" if trade is None else f"2:1 {letter_of(_res_name(trade))}"
        w = f.getlength(text) + u * 0.12
        box = Rect(p[0] - w / 2, p[1] - f.size * 0.65, p[0] + w / 2, p[1] + f.size * 0.65)
        target = c.px(mx, my)
        if not labels:  # the leader lines go under the roads and intersections
            c.draw.line((p, target), fill="#f5ecd4", width=max(2, int(u * 0.04)))
            for vx in (a, b):
                q = c.px(*d.vertex_xy[vx])
                c.draw.line((target, q), fill="#f5ecd4", width=max(3, int(u * 0.06)))
            continue
        c.draw.rounded_rectangle(box.box(), radius=5, fill="#f5ecd4", outline="#3b2a10", width=2)
        draw_text_centered(c.draw, box.center, text, f, "#3b2a10")


def _shore_label(c: _Ctx, box: Rect, trade: int | None, f: Font) -> None:
    """A lake harbour's label by its own shore: "2:1" over the resource letter (narrow, so
    the lake's three fit side by side), or "3:1"."""
    c.draw.rounded_rectangle(box.box(), radius=5, fill="#f5ecd4", outline="#3b2a10", width=2)
    if trade is None:
        draw_text_centered(c.draw, box.center, "3:1", f, "#3b2a10")
        return
    mid = box.center[0]
    draw_text_centered(c.draw, (mid, box.y0 + box.height * 0.28), "2:1", f, "#3b2a10")
    letter = letter_of(_res_name(trade))
    draw_text_centered(c.draw, (mid, box.y0 + box.height * 0.72), letter, f, "#3b2a10")


def lake_labels(c: _Ctx, lake: list[Any], lake_hex: Any, f: Font) -> dict[int, Rect] | None:
    """Each Sea of Galilee harbour's label inside the lake by its own shore (from the path's
    middle towards the lake's centre), clear of the other labels and of every intersection;
    None when they cannot all be placed so (then they are stacked with leader lines)."""
    d, u = c.view.data, c.lay.unit
    cx, cy = lake_hex.center
    r = max(u * 0.13, _MIN_PX.get() * 0.72)
    dots = [c.px(*d.vertex_xy[v]) for v in lake_hex.corners if v >= 0]
    for t in (0.5, 0.45, 0.55, 0.4):
        boxes: dict[int, Rect] = {}
        for hid, _, trade, (a, b) in lake:
            (x1, y1), (x2, y2) = d.vertex_xy[a], d.vertex_xy[b]
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            px, py = c.px(mx + (cx - mx) * t, my + (cy - my) * t)
            w = max(f.getlength("2:1"), f.getlength("3:1")) + u * 0.06
            h = f.size * (1.3 if trade is None else 2.2)
            boxes[hid] = Rect(px - w / 2, py - h / 2, px + w / 2, py + h / 2)
        placed = list(boxes.values())
        touching = any(_overlap(x, y) for i, x in enumerate(placed) for y in placed[i + 1 :])
        on_dot = any(
            math.hypot(x - min(max(x, box.x0), box.x1), y - min(max(y, box.y0), box.y1)) < r
            for box in placed
            for x, y in dots
        )
        if not touching and not on_dot:
            return boxes
    return None


def harbour_legend_box(c: _Ctx) -> Rect | None:
    """Where the key to the harbours' letters goes: the board's top-right corner of open sea,
    or None when this map leaves no room there (clear of every hex, intersection and harbour)."""
    d, u, b = c.view.data, c.lay.unit, c.lay.board
    used = _harbour_letters(c)
    if not used:
        return None
    f = font(u * 0.17, bold=True)
    lines = legend_lines(c)
    w = max(f.getlength(t) for t in lines) + u * 0.24
    h = len(lines) * f.size * 1.25 + u * 0.12
    right, top = c.lay.width - u * 0.15, b.y0 + u * 0.15
    r = max(u * 0.13, _MIN_PX.get() * 0.72)
    points = [(c.px(*t.center), u * 1.0) for t in d.hexes]
    points += [(c.px(*xy), r) for xy in d.vertex_xy]
    for _, _, _, (a, bb) in d.harbors:
        (x1, y1), (x2, y2) = d.vertex_xy[a], d.vertex_xy[bb]
        points.append((c.px((x1 + x2) / 2, (y1 + y2) / 2), u * 0.9))
    # The top-right corner of open sea, else the bottom-right one.
    for box in (
        Rect(right - w, top, right, top + h),
        Rect(right - w, b.y1 - u * 0.15 - h, right, b.y1 - u * 0.15),
    ):
        clear = True
        for (px, py), reach in points:
            nx, ny = min(max(px, box.x0), box.x1), min(max(py, box.y0), box.y1)
            if math.hypot(px - nx, py - ny) < reach:
                clear = False
                break
        if clear:
            return box
    return None


def _harbour_letters(c: _Ctx) -> list[tuple[str, str]]:
    """(letter, resource) of the map's 2:1 harbour labels, sorted by letter."""
    trades = {t for _, _, t, _ in c.view.data.harbors if t is not None}
    return sorted({(letter_of(_res_name(t)), _res_name(t)) for t in trades})


def legend_lines(c: _Ctx) -> list[str]:
    """The key's lines: each harbour letter's resource ("W wool"), then the copper hex's yield
    ("copper: any") when the map has one."""
    lines = [f"{letter} {_resource_word(name)}" for letter, name in _harbour_letters(c)]
    strip_top = _strip_top(c)
    copper = any(t.terrain == "copper" for t in c.view.data.hexes)
    if copper and _copper_note_spot(c, strip_top) is None:
        lines.append(copper_note())
    return lines


def _harbour_legend(c: _Ctx) -> None:
    """The key to the 2:1 harbours' letters (G is grain there, not green), in a label like
    theirs."""
    box = harbour_legend_box(c)
    if box is None:
        return
    u = c.lay.unit
    f = font(u * 0.17, bold=True)
    c.draw.rounded_rectangle(box.box(), radius=5, fill="#f5ecd4", outline="#3b2a10", width=2)
    y = box.y0 + u * 0.06 + f.size * 0.625
    for text in legend_lines(c):
        c.draw.text((box.x0 + u * 0.12, y), text, font=f, fill="#3b2a10", anchor="lm")
        y += f.size * 1.25


def _res_name(index: int) -> str:
    from bot.games.canaan.data import RESOURCES

    return RESOURCES[index]


def _tag_spot(c: _Ctx, x: int, px: float, py: float, r: float) -> tuple[float, float]:
    """Where a settlement's number plate goes: the first corner of the building (lower right,
    lower left, upper right, upper left) clear of the road markers and terrain words near it."""
    d, u = c.view.data, c.lay.unit
    s = max(u * 0.2, _MIN_PX.get() * 0.7)
    roads = c.view.roads
    busy = [_road_marker(c, e) for e, (a, b) in enumerate(d.edges) if x in (a, b) and roads[e] >= 0]
    for h in d.vertex_hexes[x]:
        t = d.hexes[h]
        hx, hy = c.px(*t.center)
        busy.append(_word_rect(c, hx, hy, _terrain_word(t)))
    spots = [
        (px + dx * s * 1.05, py + dy * s * 0.95) for dx, dy in ((1, 1), (-1, 1), (1, -1), (-1, -1))
    ]
    for tx, ty in spots:
        plate = Rect(tx - r, ty - r, tx + r, ty + r)
        if not any(_overlap(plate, other) for other in busy):
            return tx, ty
    return spots[0]


def _tag_font(c: _Ctx, number: int, r: float) -> Font:
    """The settlement number plate's font: the intersection numbers' size, narrower for two
    digits if the plate needs it (never below the phone minimum)."""
    size = max(9, int(c.lay.unit * 0.15))
    while size > _MIN_PX.get() and text_width(str(number), font(size)) > 2 * r - 2:
        size -= 1
    return font(size)


def _building(c: _Ctx, px: float, py: float, seat: int, *, city: bool, highlight: bool) -> None:
    u = c.lay.unit
    s = max(u * (0.25 if city else 0.2), _MIN_PX.get() * (0.8 if city else 0.7))
    col = c.seat_colour(seat)
    if highlight:
        r = s * 1.7
        c.draw.ellipse(
            (px - r, py - r, px + r, py + r), outline=c.theme.highlight, width=max(3, int(u * 0.06))
        )
    if city:
        pts = [
            (px - s, py + s),
            (px - s, py - s * 0.3),
            (px - s * 0.2, py - s * 0.3),
            (px - s * 0.2, py - s),
            (px + s * 0.4, py - s * 1.4),
            (px + s, py - s),
            (px + s, py + s),
        ]
    else:
        pts = [
            (px - s, py + s * 0.9),
            (px - s, py - s * 0.2),
            (px, py - s * 1.1),
            (px + s, py - s * 0.2),
            (px + s, py + s * 0.9),
        ]
    # A city: a white rim as well as its castle shape, so it stands out from a settlement even
    # at phone size.
    if city:
        c.draw.polygon(pts, fill=col, outline="#ffffff", width=max(3, int(u * 0.05)))
    else:
        c.draw.polygon(pts, fill=col, outline="#111111", width=2)
    f = font(max(10, int(s * 1.05)), bold=True)
    draw_text_centered(c.draw, (px, py + s * 0.2), c.letter(seat), f, text_on(col))


BANK_LOW = 5
"""A resource with this many cards or fewer left in the bank is named on the image."""


def supply_text(v: CanaanView) -> str:
    """ "deck 27 · bank low: ore 2" - what is left to buy and draw."""
    low = [f"{say(RESOURCE_WORDS[i])} {n}" for i, n in enumerate(v.bank) if n <= BANK_LOW]
    if low:
        return tr("deck {n} \u00b7 bank low: {low}", n=v.deck, low=", ".join(low))
    return tr("deck {n}", n=v.deck)


def supply_forms(v: CanaanView) -> tuple[str, ...]:
    """`supply_text` from the longest wording to the shortest ("deck 9 · low: G4 O1", the
    letters of the harbour key), so the line is shortened before anything is cut."""
    from bot.games.canaan.data import RESOURCES

    low = [(RESOURCES[i], n) for i, n in enumerate(v.bank) if n <= BANK_LOW]
    if not low:
        return (supply_text(v),)
    words = ", ".join(f"{_resource_word(name)} {n}" for name, n in low)
    letters = " ".join(f"{letter_of(name)}{n}" for name, n in low)
    return (
        supply_text(v),
        tr("deck {n} \u00b7 low: {low}", n=v.deck, low=words),
        tr("deck {n} \u00b7 low: {low}", n=v.deck, low=letters),
        tr("low: {low}", low=letters),
    )


def _wall(c: _Ctx) -> None:
    v, r, draw = c.view, c.lay.wall, c.draw
    draw_panel(draw, r, c.theme, fill=mix(DESERT, c.theme.background, 0.55), radius=10)
    cap = font(max(12, int(r.height * 0.22)), bold=True)
    caption = tr("Jerusalem {n}/{blocks}", n=len(v.jerusalem), blocks=v.blocks)
    draw.text((r.x0 + 10, r.y0 + r.height * 0.16), caption, font=cap, fill="#20170a", anchor="lm")
    dice_w = r.height * 0.55
    # Beside the caption: the development cards left, and any resource the bank runs short of
    # (a bank that cannot pay everyone pays nobody, so players watch for it).
    left = r.x0 + 10 + text_width(caption, cap) + r.height * 0.15
    room = r.x1 - 10 - (2 * (dice_w + 6) if v.dice else 0) - left
    small = font(max(12, int(r.height * 0.17)))
    forms = supply_forms(v)
    draw.text(
        (left, r.y0 + r.height * 0.16),
        ellipsize(next((t for t in forms if text_width(t, small) <= room), forms[-1]), small, room),
        font=small,
        fill="#20170a",
        anchor="lm",
    )
    if v.dice:
        for i, value in enumerate(v.dice):
            x = r.x1 - 10 - (2 - i) * (dice_w + 6)
            draw_die(draw, Rect(x, r.y0 + 6, x + dice_w, r.y0 + 6 + dice_w), value, c.theme)
        f = font(max(12, int(r.height * 0.2)), bold=True)
        total = tr("rolled {n}", n=sum(v.dice))
        draw_text_centered(
            draw, (r.x1 - 10 - dice_w - 3, r.y1 - r.height * 0.17), total, f, "#20170a"
        )
    cols = (v.blocks + 1) // 2
    left = r.x0 + 10
    right = r.x1 - 10 - (2 * (dice_w + 6) if v.dice else 0)
    cell = min((right - left) / cols, r.height * 0.3)
    top = r.y1 - 2 * cell - 8
    f = font(max(9, int(cell * 0.55)), bold=True)
    last = len(v.jerusalem) - 1
    for i in range(v.blocks):
        row, col = divmod(i, cols)
        box = Rect(
            left + col * cell + 1,
            top + row * cell + 1,
            left + (col + 1) * cell - 1,
            top + (row + 1) * cell - 1,
        )
        if i < len(v.jerusalem):
            owner = v.jerusalem[i]
            fill = BLACK_STONE if owner < 0 else c.seat_colour(owner)
            outline = c.theme.highlight if (i == last and "j" in v.last_marks) else "#111111"
            draw.rectangle(
                box.box(), fill=fill, outline=outline, width=3 if outline != "#111111" else 1
            )
            draw_text_centered(
                draw, box.center, "\u2022" if owner < 0 else c.letter(owner), f, text_on(fill)
            )
        else:
            draw.rectangle(box.box(), fill="#efe3c4", outline="#8b7b55")


def _table(c: _Ctx) -> None:
    v, r, draw = c.view, c.lay.table, c.draw
    draw_panel(draw, r, c.theme, radius=10)
    n = len(v.seats)
    row_h = r.height / (n + 0.6)
    head = font(max(11, int(row_h * 0.26)))
    cols = [0.05, 0.45, 0.56, 0.67, 0.78, 0.9]
    labels = [
        "",
        tr_c("column", "VP"),
        tr_c("column", "Hand"),
        tr_c("column", "Dev"),
        tr_c("column", "Priests"),
        tr_c("column", "Stones"),
    ]
    for x, lab in zip(cols, labels, strict=True):
        if lab:
            draw_text_centered(
                draw, (r.x0 + r.width * x, r.y0 + row_h * 0.3), lab, head, c.theme.text_muted
            )
    for i, sv in enumerate(v.seats):
        y0 = r.y0 + row_h * (0.6 + i)
        cy = y0 + row_h / 2
        col = c.seat_colour(i)
        if i in v.to_act and v.phase != "over":
            draw.rounded_rectangle(
                (r.x0 + 4, y0 + 2, r.x1 - 4, y0 + row_h - 2),
                radius=8,
                fill=mix(col, c.theme.panel, 0.8),
            )
        sw = row_h * 0.62
        sq = Rect(r.x0 + 12, cy - sw / 2, r.x0 + 12 + sw, cy + sw / 2)
        draw.rounded_rectangle(sq.box(), radius=6, fill=col, outline="#111111", width=2)
        draw_text_centered(
            draw, sq.center, c.letter(i), font(int(sw * 0.6), bold=True), text_on(col)
        )
        name_font = font(max(12, int(row_h * 0.3)), bold=True)
        name = fit_name(c.name(i), name_font, r.width * 0.32)
        draw.text(
            (sq.x1 + 10, cy - row_h * 0.14), name, font=name_font, fill=c.theme.text, anchor="lm"
        )
        small = font(max(11, int(row_h * 0.22)))
        shorts = []
        for x in sv.specials:
            short = _special_short(x)
            if x == "King's Blessing" and v.blessing_res:  # i18n-exempt: the engine's name
                short = tr("{card} ({resource})", card=short, resource=say(v.blessing_res))
            shorts.append(short)
        extra = ", ".join(shorts)
        if extra:
            sub = extra
        elif sv.awaited:
            sub = say(sv.awaited)
        else:
            sub = tr("longest road {n}", n=sv.road_length)
        room = r.x0 + r.width * 0.4 - (sq.x1 + 10)
        if text_width(sub, small) > room:  # the words without their parenthesis, not cut
            sub = re.sub(r"\s*\([^()]*\)", "", sub)
        draw.text(
            (sq.x1 + 10, cy + row_h * 0.22),
            ellipsize(sub, small, room),
            font=small,
            fill="#f0c75e" if extra else c.theme.text_muted,
            anchor="lm",
        )
        big = font(max(13, int(row_h * 0.42)), bold=True)
        med = font(max(12, int(row_h * 0.32)), bold=True)
        values = [sv.vp, sv.cards, sv.dev_cards, sv.priests, sv.stones]
        for x, val, fnt in zip(cols[1:], values, [big, med, med, med, med], strict=True):
            draw_text_centered(draw, (r.x0 + r.width * x, cy), str(val), fnt, c.theme.text)


def _footer(c: _Ctx) -> None:
    """Up to FOOTER_LINES lines: the last move (up to 2), the open offer (up to 2) with each
    answer on its own indented lines (up to 2 each, those still awaited named together), your
    hand (up to 2), then where the game stands on the lines left - each wrapped rather than cut,
    since their ends (a counter's terms, who is still awaited, the setup's rolls) are what the
    reader looks for. The players' rows above repeat what each seat is awaited for, so the
    status may go last."""
    v, r, draw = c.view, c.lay.footer, c.draw
    size = footer_px(c.lay.width)
    f = font(size)
    fb = font(size, bold=True)
    indent = size
    items: list[tuple[str, Font, int, float]] = []
    if v.last_move:
        who = c.name(v.last_seat) if v.last_seat >= 0 else ""
        # The move whole, the mover's name shortened to what it leaves on one line (or to a
        # few letters when the move itself takes two, e.g. a counter of 3 cards for 3).
        rest = text_width(tr("Last: {name} {move}", name=" ", move=v.last_move), fb)
        who = fit_name(who, fb, max(r.width - 40 - rest, 4 * size)) if who else ""
        items.append((tr("Last: {name} {move}", name=who, move=v.last_move), fb, 2, 0))
    if v.offer is not None:
        o = v.offer
        terms = {"player": say(o.by), "give": say(o.give), "get": say(o.get)}
        if o.to:
            line = tr("Offer: {player} gives {give} for {get} to {to}", to=say(o.to), **terms)
        else:
            line = tr("Offer: {player} gives {give} for {get}", **terms)
        items.append((line, f, 2, 0))
        # Answers given first, one each; those still to come are named once ("awaiting blue,
        # yellow").
        items += [(f"{say(col)} {say(a)}", f, 2, indent) for col, a in o.answers if a]
        waiting = [say(col) for col, a in o.answers if not a]
        if waiting:
            items.append((tr("awaiting {players}", players=", ".join(waiting)), f, 2, indent))
    if v.you is not None:
        from bot.games.canaan.data import hand_words

        dev = ", ".join(say(d) for d in v.you.dev) or tr("none")
        hand = say(hand_words(v.you.hand))
        items.append((tr("Your hand: {hand}; cards: {cards}", hand=hand, cards=dev), f, 2, 0))
    items.append((say(v.result or v.status), f, FOOTER_LINES, 0))
    width = r.width - 40
    lines: list[tuple[str, Font, float]] = []
    for text, fnt, most, left in items:
        take = min(most, FOOTER_LINES - len(lines))
        if take <= 0:
            break
        wrapped = wrap_text(text, fnt, width - left)
        if len(wrapped) > take:
            wrapped = [*wrapped[: take - 1], " ".join(wrapped[take - 1 :])]
        lines += [(line, fnt, left) for line in wrapped]
    y = r.y0 + r.height * 0.03
    for text, fnt, left in lines:
        draw.text(
            (r.x0 + 20 + left, y), ellipsize(text, fnt, width - left), font=fnt, fill=c.theme.text
        )
        y += size * FOOTER_LEADING
