"""Canterbury board image: the 5x5 city, the prosperity track, the players, the supply and the
last District Favor scoring (the final score by category at the end).

Every district shows its class by shade (central light, inner medium, outer dark green), its six
building spaces (2 x 3: a medium takes a row, a large two rows) with each structure's label and
its builder's letter badge, and its six service slots (water, food, religion, defense, commerce,
culture, left to right; a legend says so) filled with the marker's colour and owner letter. The
last turn's structures and markers are outlined. Seats are told apart by letter as well as
colour (B, R, G, Y; N = the Neutral Builder; + = the Old Roman Well's purple marker).

The size depends only on the width and the player count, and no text is smaller than the kit's
phone minimum (`min_text_px`): 11 px once the image is shown 400 px wide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image

from bot.i18n import say, tr, tr_c, tr_n
from rendering.base import (
    DEFAULT,
    Colour,
    Font,
    KitDraw,
    Rect,
    Theme,
    canvas_from,
    clamp,
    draw_panel,
    draw_seat_badge,
    draw_text,
    draw_text_centered,
    ellipsize,
    finish,
    fit_name,
    font,
    min_text_px,
    mix,
    static_layer,
    text_on,
    text_width,
    wrap_text,
)

if TYPE_CHECKING:
    from bot.games.canterbury.view import CanterburyView, DistrictView, PlayerView, StructureView
    from bot.games.protocol import Seat

DEFAULT_WIDTH = 800
MIN_WIDTH = 480
MAX_WIDTH = 1600
REF = 1000
"""Lengths below are in units of a 1000 px wide image, scaled by width / 1000."""

CLASS_SHADES = {"central": "#a8d5a2", "inner": "#6fa86a", "outer": "#3f7040"}
SERVICES = ("water", "food", "religion", "defense", "commerce", "culture")
"""The services in the view's words (data keys), in ladder order."""


def supply_headings() -> tuple[str, ...]:
    """The six services over the supply's narrow columns, in the current language."""
    return (
        tr_c("service, a narrow column heading", "Water"),
        tr_c("service, a narrow column heading", "Food"),
        tr_c("service, a narrow column heading", "Religion"),
        tr_c("service, a narrow column heading", "Defense"),
        tr_c("service, a narrow column heading", "Commerce"),
        tr_c("service, a narrow column heading", "Culture"),
    )


def service_letters() -> tuple[str, ...]:
    """One or two letters per service over the King's Bonus counts, in the current language."""
    return (
        tr_c("letter of the service Water", "W"),
        tr_c("letter of the service Food", "F"),
        tr_c("letter of the service Religion", "R"),
        tr_c("letter of the service Defense", "D"),
        tr_c("letter of the service Commerce", "C"),
        tr_c("letter of the service Culture", "Cu"),
    )


SERVICE_TINTS = ("#4f8fd6", "#7cb342", "#e8e8e8", "#8d8d8d", "#e0b040", "#a070c8")
"""A faint colour per empty service slot, so the ladder reads without text."""
OWNER_LETTERS = {"blue": "B", "red": "R", "green": "G", "yellow": "Y", "neutral": "N", "roman": "+"}
NEUTRAL_COLOUR = "#9aa0a6"
CITY_COLOUR = "#8e44ad"

CODES = {
    "well": "We",  # i18n-exempt: English codes (`code` says them)
    "garden": "Ga",
    "chapel": "Ch",
    "watchtower": "Wt",
    "merchant_stall": "MS",
    "pageant_wagon": "PW",
    "old_roman_well": "RW",
    "fountain": "Fo",
    "farm": "Fa",
    "church": "Cu",
    "garrison": "Gr",
    "marketplace": "Mk",
    "stage": "St",
    "water_works": "WW",
    "granary": "Gy",
    "cathedral": "Ca",
    "castle": "Cs",
    "guild_hall": "GH",
    "theatre": "Th",
}
"""Two letters per structure: small tokens on the board and the supply panel (its columns and
rows, service by size, say which structure a code is). Drawn in the current language
(`code`)."""


def code(structure_id: str) -> str:
    """The two letters drawn for a structure, in the current language."""
    codes = {
        "well": tr_c("board code of Well", "We"),
        "garden": tr_c("board code of Garden", "Ga"),
        "chapel": tr_c("board code of Chapel", "Ch"),
        "watchtower": tr_c("board code of Watchtower", "Wt"),
        "merchant_stall": tr_c("board code of Merchant Stall", "MS"),
        "pageant_wagon": tr_c("board code of Pageant Wagon", "PW"),
        "old_roman_well": tr_c("board code of Old Roman Well", "RW"),
        "fountain": tr_c("board code of Fountain", "Fo"),
        "farm": tr_c("board code of Farm", "Fa"),
        "church": tr_c("board code of Church", "Cu"),
        "garrison": tr_c("board code of Garrison", "Gr"),
        "marketplace": tr_c("board code of Marketplace", "Mk"),
        "stage": tr_c("board code of Stage", "St"),
        "water_works": tr_c("board code of Great Water Works", "WW"),
        "granary": tr_c("board code of Great Granary", "Gy"),
        "cathedral": tr_c("board code of Cathedral", "Ca"),
        "castle": tr_c("board code of Castle", "Cs"),
        "guild_hall": tr_c("board code of Guild Hall", "GH"),
        "theatre": tr_c("board code of Great Theatre", "Th"),
    }
    return codes.get(structure_id) or CODES.get(structure_id) or structure_id[:2].title()


def medium_label(structure_id: str) -> str | None:
    """The short name drawn on a medium token, in the current language (None: not a usual
    medium structure)."""
    labels = {
        "fountain": tr_c("short name of Fountain on a token", "Fount"),
        "farm": tr_c("short name of Farm on a token", "Farm"),
        "church": tr_c("short name of Church on a token", "Church"),
        "garrison": tr_c("short name of Garrison on a token", "Garr."),
        "marketplace": tr_c("short name of Marketplace on a token", "Market"),
        "stage": tr_c("short name of Stage on a token", "Stage"),
    }
    return labels.get(structure_id)


def colour_name(colour: str) -> str:
    """A seat's colour as a name ("Blue"), in the current language."""
    names = {
        "blue": tr_c("colour", "Blue"),
        "red": tr_c("colour", "Red"),
        "green": tr_c("colour", "Green"),
        "yellow": tr_c("colour", "Yellow"),
    }
    return names.get(colour, colour.capitalize())


MEDIUM_LABELS = {
    "fountain": "Fount",  # i18n-exempt: English form (medium_label says it)
    "farm": "Farm",  # i18n-exempt: English form
    "church": "Church",  # i18n-exempt: English form
    "garrison": "Garr.",  # i18n-exempt: English form
    "marketplace": "Market",  # i18n-exempt: English form
    "stage": "Stage",  # i18n-exempt: English form
}
"""Medium tokens span a row: a short name fits beside the builder's badge (in the current
language: `medium_label`)."""

_PAD = 12
_GAP = 8
_HEADER_H = 64
_DGAP = 6
_DISTRICT_H = 248
_TRACK_H = 196
_PLAYER_H = 86
_PLAYERS_HEAD = 44
_SUPPLY_H = 216
_SCORING_H = 284


@dataclass(frozen=True, slots=True)
class Layout:
    """Where every section goes (pure numbers)."""

    width: int
    height: int
    scale: float
    text: int
    header: Rect
    board: Rect
    districts: tuple[Rect, ...]
    track: Rect
    players: Rect
    supply: Rect
    scoring: Rect


def compute_layout(players: int, size: int = DEFAULT_WIDTH) -> Layout:
    """The layout for a player count at `size` px wide (clamped to 480..1600)."""
    width = clamp(size, MIN_WIDTH, MAX_WIDTH)
    k = width / REF
    text = min_text_px(width)
    x0, x1 = _PAD * k, width - _PAD * k
    y = _PAD * k
    header = Rect(x0, y, x1, y + _HEADER_H * k)
    y = header.y1 + _GAP * k
    cw = (x1 - x0 - 4 * _DGAP * k) / 5
    ch = _DISTRICT_H * k
    districts = tuple(
        Rect(
            x0 + (i % 5) * (cw + _DGAP * k),
            y + (i // 5) * (ch + _DGAP * k),
            x0 + (i % 5) * (cw + _DGAP * k) + cw,
            y + (i // 5) * (ch + _DGAP * k) + ch,
        )
        for i in range(25)
    )
    board = Rect(x0, y, x1, districts[-1].y1)
    y = board.y1 + _GAP * k
    track = Rect(x0, y, x1, y + _TRACK_H * k)
    y = track.y1 + _GAP * k
    rows = players + (1 if players == 2 else 0)
    block = Rect(x0, y, x1, y + (_PLAYERS_HEAD + rows * _PLAYER_H + 6) * k)
    y = block.y1 + _GAP * k
    supply = Rect(x0, y, x1, y + _SUPPLY_H * k)
    y = supply.y1 + _GAP * k
    scoring = Rect(x0, y, x1, y + _SCORING_H * k)
    height = round(scoring.y1 + _PAD * k)
    return Layout(width, height, k, text, header, board, districts, track, block, supply, scoring)


@dataclass
class _Ctx:
    draw: KitDraw
    theme: Theme
    k: float
    t: int  # the smallest text size allowed
    view: CanterburyView
    names: dict[int, str]

    def px(self, value: float) -> int:
        return max(1, round(value * self.k))

    def size(self, value: float) -> int:
        """A text size: `value` reference units, never below the phone minimum."""
        return max(self.t, round(value * self.k))

    def owner_colour(self, owner: str | None) -> Colour:
        if owner is None:
            return self.theme.panel
        return _owner_colour(self.theme, owner)

    def seat_name(self, seat: int) -> str:
        colour = self.view.players[seat].colour
        return self.names.get(seat, colour_name(colour))


def _owner_colour(theme: Theme, owner: str) -> Colour:
    if owner == "neutral":
        return NEUTRAL_COLOUR
    if owner == "roman":
        return CITY_COLOUR
    return theme.seat_colour(owner)


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
    players = len(view.players)
    layout = compute_layout(players, size)
    layer = static_layer(
        ("canterbury", players),
        (layout.width, layout.height),
        theme,
        lambda image, draw: _paint_static(draw, layout, theme, players),
    )
    image, draw = canvas_from(layer)
    ctx = _Ctx(
        draw, theme, layout.scale, layout.text, view, {int(s): n for s, n in (names or {}).items()}
    )
    _draw_header(ctx, layout.header)
    for district, box in zip(view.districts, layout.districts, strict=True):
        _draw_district(ctx, district, box)
    _draw_track(ctx, layout.track)
    _draw_players(ctx, layout.players)
    _draw_supply(ctx, layout.supply)
    _draw_scoring(ctx, layout.scoring)
    return finish(image, draw, (theme.background, theme.panel, *CLASS_SHADES.values()))


# --------------------------------------------------------------------------------- static


def _paint_static(draw: KitDraw, layout: Layout, theme: Theme, players: int) -> None:
    """Everything that never changes for this size and player count."""
    k, t = layout.scale, layout.text
    for rect in (layout.header, layout.track, layout.players, layout.supply, layout.scoring):
        draw_panel(draw, rect, theme, radius=max(2, round(10 * k)))
    from bot.games.canterbury.board import NAMES, district_class

    for i, box in enumerate(layout.districts):
        shade = CLASS_SHADES[district_class(i)]
        draw.rounded_rectangle(
            box.box(),
            radius=max(2, round(8 * k)),
            fill=shade,
            outline="#1e2b1e",
            width=max(1, round(2 * k)),
        )
        draw_text(
            draw, (box.x0 + 6 * k, box.y0 + 4 * k), NAMES[i], font(t, bold=True), text_on(shade)
        )
        area, slots = _district_parts(box, k)
        for cell in _space_cells(area, k):
            draw.rectangle(cell.box(), outline=mix(shade, "#000000", 0.25), width=1)
        for service, slot in enumerate(slots):
            draw.rounded_rectangle(
                slot.box(),
                radius=max(1, round(4 * k)),
                fill=mix(shade, SERVICE_TINTS[service], 0.35),
                outline=mix(shade, "#000000", 0.5),
                width=1,
            )
    # Player table headings.
    cols = _player_columns(layout.players, k)
    y = layout.players.y0 + 8 * k
    head = font(t)
    headings = (
        (tr_c("player table heading", "Gold"), cols["gold"]),
        (tr_c("player table heading, prosperity", "Prosp"), cols["score"]),
        (tr_c("player table heading", "Rank"), cols["rank"]),
    )
    for label, x in headings:
        draw_text(draw, (x, y), label, head, theme.text_muted)
    for i, letter in enumerate(service_letters()):
        draw_text_centered(
            draw, (cols["kings"] + (i + 0.5) * 50 * k, y + t / 2), letter, head, theme.text_muted
        )
    # Supply headings.
    col_w = (layout.supply.width - 20 * k) / 6
    for i, name in enumerate(supply_headings()):
        x = layout.supply.x0 + 10 * k + (i + 0.5) * col_w
        label = ellipsize(name, font(t), col_w - 6 * k)
        draw_text_centered(
            draw, (x, layout.supply.y0 + 10 * k + t / 2), label, font(t), theme.text_muted
        )


# --------------------------------------------------------------------------------- header


def _status(ctx: _Ctx) -> tuple[str, Colour | None]:
    view = ctx.view
    if view.finished:
        return (say(view.result_text) or tr("Game over")), ctx.theme.highlight
    if view.current is None:
        return "", None
    who = ctx.seat_name(view.current)
    phases = {
        "neutral": tr("{player} places the Neutral Builder", player=who),
        "choose": tr("{player} to act", player=who),
        "build": tr("{player} builds", player=who),
        "spread": tr("{player} spreads markers", player=who),
    }
    text = phases.get(view.phase, f"{who} {view.phase}")
    if view.final_round:
        text = tr_n(
            "{status} · {n} turn left", "{status} · {n} turns left", view.turns_left, status=text
        )
    return text, mix(ctx.owner_colour(view.players[view.current].colour), "#ffffff", 0.35)


def _draw_header(ctx: _Ctx, rect: Rect) -> None:
    k = ctx.k
    title_font = font(ctx.size(36), bold=True)
    title = tr_c("game", "Canterbury")
    draw_text(
        ctx.draw,
        (rect.x0 + 14 * k, rect.center[1]),
        title,
        title_font,
        ctx.theme.text,
        anchor="lm",
    )
    status, colour = _status(ctx)
    if status:
        room = rect.width - text_width(title, title_font) - 44 * k
        fnt = font(ctx.size(30), bold=True)
        text = fit_name(status, fnt, room)
        draw_text(
            ctx.draw,
            (rect.x1 - 14 * k, rect.center[1]),
            text,
            fnt,
            colour or ctx.theme.text,
            anchor="rm",
        )


# --------------------------------------------------------------------------------- board


def _district_parts(box: Rect, k: float) -> tuple[Rect, list[Rect]]:
    """The building-space area and the six service slots of a district box."""
    pad = 5 * k
    slots_h = 44 * k
    area = Rect(box.x0 + pad, box.y0 + 40 * k, box.x1 - pad, box.y1 - pad - slots_h - 4 * k)
    sy0 = box.y1 - pad - slots_h
    sw = (box.width - 2 * pad) / 6
    slots = [
        Rect(box.x0 + pad + i * sw, sy0, box.x0 + pad + (i + 1) * sw, sy0 + slots_h).inset(
            1.2 * k, 0
        )
        for i in range(6)
    ]
    return area, slots


def _space_cells(area: Rect, k: float) -> list[Rect]:
    """The six building spaces: 2 columns x 3 rows, row-major."""
    cw, ch = area.width / 2, area.height / 3
    return [
        Rect(
            area.x0 + (c % 2) * cw,
            area.y0 + (c // 2) * ch,
            area.x0 + (c % 2 + 1) * cw,
            area.y0 + (c // 2 + 1) * ch,
        ).inset(1.5 * k)
        for c in range(6)
    ]


def pack_spaces(structures: tuple[StructureView, ...]) -> list[tuple[StructureView, list[int]]]:
    """Building-space cells (0..5, row-major in a 2 x 3 grid) for each structure: a large takes
    two full rows, a medium one row, a small one cell; larger ones are placed first."""
    free = list(range(6))
    out: list[tuple[StructureView, list[int]]] = []
    order = sorted(range(len(structures)), key=lambda i: (-structures[i].spaces, i))
    for i in order:
        s = structures[i]
        cells: list[int] = []
        if s.spaces >= 4:
            for row in (0, 1):
                block = [2 * row, 2 * row + 1, 2 * row + 2, 2 * row + 3]
                if set(block) <= set(free):
                    cells = block
                    break
        elif s.spaces == 2:
            for row in (0, 1, 2):
                if {2 * row, 2 * row + 1} <= set(free):
                    cells = [2 * row, 2 * row + 1]
                    break
        elif free:
            cells = [free[0]]
        for c in cells:
            free.remove(c)
        if cells:
            out.append((s, cells))
    return out


def _label(s: StructureView) -> str:
    if s.spaces == 1:
        return code(s.id) if s.id in CODES else s.abbreviation[:2]
    if s.spaces == 2:
        return medium_label(s.id) or s.abbreviation
    return large_label(s)


def large_label(s: StructureView) -> str:
    """A large structure's name on its token, without the "Great" the four-space token has no
    room for, in the current language."""
    labels = {
        "water_works": tr_c("name of Great Water Works on its token", "Water Works"),
        "granary": tr_c("name of Great Granary on its token", "Granary"),
        "theatre": tr_c("name of Great Theatre on its token", "Theatre"),
        "cathedral": tr_c("name of Cathedral on its token (one line)", "Cathedral"),
        "guild_hall": tr_c("name of Guild Hall on its token (one line)", "Guild Hall"),
    }
    return labels.get(s.id) or say(s.name)


def _draw_district(ctx: _Ctx, district: DistrictView, box: Rect) -> None:
    draw, k, theme = ctx.draw, ctx.k, ctx.theme
    shade = CLASS_SHADES[district.district_class]
    if district.covered:
        fnt = font(ctx.t, bold=True)
        draw_text(
            draw,
            (box.x1 - 8 * k, box.y0 + 4 * k),
            str(district.covered),
            fnt,
            text_on(shade),
            anchor="ra",
        )
    area, slots = _district_parts(box, k)
    cells = _space_cells(area, k)
    for s, used in pack_spaces(district.structures):
        rect = Rect(
            min(cells[c].x0 for c in used),
            min(cells[c].y0 for c in used),
            max(cells[c].x1 for c in used),
            max(cells[c].y1 for c in used),
        ).inset(1 * k)
        _draw_structure(ctx, s, rect)
    for service, owner in enumerate(district.markers):
        if owner is None:
            continue
        slot = slots[service]
        colour = ctx.owner_colour(owner)
        new = district.new_markers[service]
        draw.rounded_rectangle(
            slot.box(),
            radius=ctx.px(4),
            fill=colour,
            outline=theme.highlight if new else "#111111",
            width=ctx.px(4 if new else 1),
        )
        draw_text_centered(
            draw,
            slot.center,
            OWNER_LETTERS.get(owner, "?"),
            font(ctx.t, bold=True),
            text_on(colour),
        )


def _draw_structure(ctx: _Ctx, s: StructureView, rect: Rect) -> None:
    draw, k, theme = ctx.draw, ctx.k, ctx.theme
    colour = ctx.owner_colour(s.owner)
    fill = mix(colour, "#ffffff", 0.55) if s.owner != "roman" else "#d9c7e6"
    draw.rounded_rectangle(
        rect.box(),
        radius=ctx.px(5),
        fill=fill,
        outline=theme.highlight if s.new else "#222222",
        width=ctx.px(5 if s.new else 1),
    )
    badge_side = ctx.t / 0.78 + 2
    fnt = font(ctx.t, bold=True)
    if s.spaces >= 4:
        badge = Rect(
            rect.center[0] - badge_side / 2,
            rect.y1 - badge_side - 4 * k,
            rect.center[0] + badge_side / 2,
            rect.y1 - 4 * k,
        )
        lines = wrap_text(_label(s), fnt, rect.width - 8 * k)
        room = max(1, int((badge.y0 - rect.y0 - 4 * k) // (ctx.t * 1.1)))
        lines = [ellipsize(line, fnt, rect.width - 8 * k) for line in lines[:room]]
        top = rect.y0 + 4 * k + ((badge.y0 - rect.y0 - 4 * k) - len(lines) * ctx.t * 1.1) / 2
        for j, line in enumerate(lines):
            y = top + (j + 0.5) * ctx.t * 1.1
            draw_text_centered(draw, (rect.center[0], y), line, fnt, "#111111")
    elif s.spaces == 2:
        badge = Rect(
            rect.x0 + 4 * k,
            rect.center[1] - badge_side / 2,
            rect.x0 + 4 * k + badge_side,
            rect.center[1] + badge_side / 2,
        )
        room = rect.x1 - badge.x1 - 6 * k
        label = ellipsize(_label(s), fnt, room)
        draw_text_centered(draw, ((badge.x1 + rect.x1) / 2, rect.center[1]), label, fnt, "#111111")
    else:
        # A small token holds its code only: who built it never scores (markers do, and they
        # carry letters); the fill still shows the builder's colour.
        label = ellipsize(_label(s), fnt, rect.width - 2 * k)
        draw_text_centered(draw, rect.center, label, fnt, "#111111")
        return
    draw_seat_badge(draw, badge, colour, OWNER_LETTERS.get(s.owner, "?"))


# --------------------------------------------------------------------------------- track


def _draw_track(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    pad = 12 * k
    text = tr_n(
        "City {city} ({n} disk) · Levy {levy} · Tax {tax} · Favor {favor}/4",
        "City {city} ({n} disks) · Levy {levy} · Tax {tax} · Favor {favor}/4",
        view.disks,
        city=view.city,
        levy=view.levy,
        tax=view.tax,
        favor=view.scorings,
    )
    fnt = font(ctx.t, bold=True)
    draw_text(
        draw,
        (rect.x0 + pad, rect.y0 + 8 * k),
        ellipsize(text, fnt, rect.width - 2 * pad),
        fnt,
        theme.text,
    )
    bar = Rect(rect.x0 + pad + 10 * k, rect.y0 + 56 * k, rect.x1 - pad - 30 * k, rect.y0 + 70 * k)
    draw.rounded_rectangle(bar.box(), radius=ctx.px(6), fill=theme.panel_border)
    small = font(ctx.t)
    for tick in range(0, 100, 10):
        x = bar.x0 + bar.width * tick / 100
        draw.line((x, bar.y0, x, bar.y1), fill=theme.text_muted, width=1)
        draw_text(draw, (x, bar.y1 + 2 * k), str(tick), small, theme.text_muted, anchor="ma")

    def x_of(points: int) -> float:
        return bar.x0 + bar.width * (points % 100) / 100

    # The City Marker: a purple chip on the bar writing the city's value (not its disk count).
    value = str(view.city)
    city_font = font(ctx.t, True)
    w = text_width(value, city_font) + ctx.t * 0.6
    h = ctx.t * 1.25
    cx = min(max(x_of(view.city), bar.x0 + w / 2), bar.x1 + 30 * k - w / 2)
    draw.rounded_rectangle(
        (cx - w / 2, bar.center[1] - h / 2, cx + w / 2, bar.center[1] + h / 2),
        radius=ctx.px(8),
        fill=CITY_COLOUR,
        outline="#ffffff",
        width=ctx.px(2),
    )
    draw_text_centered(draw, (cx, bar.center[1]), value, city_font, "#ffffff")
    _draw_markers(ctx, rect, bar.y1 + 6 * k + ctx.t * 1.1, x_of)


def marker_label(score: int) -> str:
    """The +100 mark under a prosperity marker past a hundred ("+100", "+300"; "" below 100),
    so 340 and 140, both at 40 on the track, are told apart."""
    return f"+{score // 100 * 100}" if score >= 100 else ""


def _draw_markers(ctx: _Ctx, rect: Rect, y: float, x_of: Callable[[int], float]) -> None:
    """Each player's prosperity marker (lettered) at its score modulo 100, with its +100 mark
    below; markers that would overlap step right (or left at the track's end)."""
    draw, k = ctx.draw, ctx.k
    side = ctx.t / 0.78 + 2
    label_font = font(ctx.t, True)
    placed: list[tuple[float, float]] = []
    for p in sorted(ctx.view.players, key=lambda p: (p.score % 100, p.seat)):
        label = marker_label(p.score)
        w = max(side, text_width(label, label_font) + 4 * k)
        x0 = x_of(p.score) - w / 2
        for a, b in sorted(placed):
            if x0 < b + 2 * k and x0 + w > a - 2 * k:
                x0 = b + 2 * k
        if x0 + w > rect.x1 - 6 * k:  # past the end: stack leftwards of the others instead
            x0 = min([a for a, _ in placed] + [rect.x1 - 6 * k]) - w - 2 * k
        placed.append((x0, x0 + w))
        badge = Rect(x0 + (w - side) / 2, y, x0 + (w + side) / 2, y + side)
        draw_seat_badge(draw, badge, ctx.owner_colour(p.colour), OWNER_LETTERS[p.colour])
        if label:
            draw_text(draw, (x0 + w / 2, badge.y1 + 2 * k), label, label_font, ctx.theme.text, "ma")


# --------------------------------------------------------------------------------- players


def _player_columns(rect: Rect, k: float) -> dict[str, float]:
    return {
        "gold": rect.x0 + 330 * k,
        "score": rect.x0 + 420 * k,
        "rank": rect.x0 + 520 * k,
        "kings": rect.x0 + 640 * k,
    }


def _draw_players(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    cols = _player_columns(rect, k)
    y = rect.y0 + _PLAYERS_HEAD * k
    side = ctx.t / 0.78 + 6
    for p in view.players:
        row = Rect(rect.x0 + 6 * k, y, rect.x1 - 6 * k, y + (_PLAYER_H - 4) * k)
        colour = ctx.owner_colour(p.colour)
        if view.current == p.seat:
            draw.rounded_rectangle(
                row.box(),
                radius=ctx.px(8),
                fill=mix(theme.panel, colour, 0.25),
                outline=theme.highlight,
                width=ctx.px(3),
            )
        elif view.last_seat == p.seat:
            draw.rounded_rectangle(
                row.box(), radius=ctx.px(8), outline=theme.panel_border, width=ctx.px(2)
            )
        badge = Rect(
            row.x0 + 8 * k,
            row.center[1] - side / 2,
            row.x0 + 8 * k + side,
            row.center[1] + side / 2,
        )
        draw_seat_badge(draw, badge, colour, OWNER_LETTERS[p.colour])
        name_font = font(ctx.size(30), bold=True)
        room = cols["gold"] - badge.x1 - 16 * k
        must = p.must_full_build and not view.finished  # nothing to build once it is over
        draw_text(
            draw,
            (badge.x1 + 8 * k, row.y0 + 6 * k if must else row.center[1]),
            fit_name(ctx.seat_name(p.seat), name_font, room),
            name_font,
            theme.text,
            anchor="la" if must else "lm",
        )
        if must:
            note_font = font(ctx.t)
            draw_text(
                draw,
                (badge.x1 + 8 * k, row.y1 - 6 * k),
                ellipsize(tr("must Full Build"), note_font, room),
                note_font,
                theme.text_muted,
                anchor="ld",
            )
        big = font(ctx.size(32), bold=True)
        mid = row.center[1]
        draw_text(draw, (cols["gold"], mid), str(p.gold), big, theme.gold, anchor="lm")
        draw_text(draw, (cols["score"], mid), str(p.score), big, theme.text, anchor="lm")
        draw_text(draw, (cols["rank"], mid), str(p.rank), big, theme.text, anchor="lm")
        _draw_kings(ctx, cols["kings"], mid, p.kings)
        y += _PLAYER_H * k
    if view.neutral_kings is not None:
        row = Rect(rect.x0 + 6 * k, y, rect.x1 - 6 * k, y + (_PLAYER_H - 4) * k)
        badge = Rect(
            row.x0 + 8 * k,
            row.center[1] - side / 2,
            row.x0 + 8 * k + side,
            row.center[1] + side / 2,
        )
        draw_seat_badge(draw, badge, NEUTRAL_COLOUR, "N")
        draw_text(
            draw,
            (badge.x1 + 8 * k, row.y0 + 6 * k),
            tr("Neutral Builder"),
            font(ctx.size(30), bold=True),
            theme.text,
        )
        room = cols["kings"] - badge.x1 - 24 * k
        note_font = font(ctx.t)
        forms = neutral_notes(view.players)
        note = next((f for f in forms if text_width(f, note_font) <= room), forms[-1])
        draw_text(
            draw,
            (badge.x1 + 8 * k, row.y1 - 6 * k),
            ellipsize(note, note_font, room),
            note_font,
            theme.text_muted,
            anchor="ld",
        )
        _draw_kings(ctx, cols["kings"], row.center[1], view.neutral_kings)


def neutral_notes(players: tuple[PlayerView, ...]) -> tuple[str, ...]:
    """What the Neutral Builder does on each player's next turn, longest wording first: the
    token flips at the start of each of your turns, so it builds next turn when it shows No
    Build now ("Next turn: Blue no build, Red builds a Fountain", "Next: B none, R Fountain",
    "Next: B -, R Fo")."""
    forms: list[list[str]] = [[], [], [], []]
    for p in players:
        if p.neutral_build is None:
            continue
        top = (p.small_stack[:1] or p.medium_stack[:1] or ("",))[0]
        name, letter = colour_name(p.colour), OWNER_LETTERS[p.colour]
        if not top:
            words = (
                tr("{who} stacks empty", who=name),
                tr("{who} empty", who=name),
                tr("{who} empty", who=letter),
                f"{letter} -",
            )
        elif p.neutral_build:
            words = (
                tr("{who} no build", who=name),
                tr("{who} no build", who=name),
                tr("{who} none", who=letter),
                f"{letter} -",
            )
        else:
            title = _structure_name(top)
            words = (
                tr("{who} builds a {structure}", who=name, structure=title),
                f"{name} {title}",
                f"{letter} {title}",
                f"{letter} {_code(top)}",
            )
        for i, what in enumerate(words):
            forms[i].append(what)
    return (
        tr("Next turn: {players}", players=", ".join(forms[0])),
        tr("Next: {players}", players=", ".join(forms[1])),
        tr("Next: {players}", players=", ".join(forms[2])),
        tr("Next: {players}", players=", ".join(forms[3])),
    )


def _structure_name(structure_id: str) -> str:
    """A structure's printed name by id, in the current language."""
    names = {
        "well": tr_c("structure", "Well"),
        "garden": tr_c("structure", "Garden"),
        "chapel": tr_c("structure", "Chapel"),
        "watchtower": tr_c("structure", "Watchtower"),
        "merchant_stall": tr_c("structure", "Merchant Stall"),
        "pageant_wagon": tr_c("structure", "Pageant Wagon"),
        "fountain": tr_c("structure", "Fountain"),
        "farm": tr_c("structure", "Farm"),
        "church": tr_c("structure", "Church"),
        "garrison": tr_c("structure", "Garrison"),
        "marketplace": tr_c("structure", "Marketplace"),
        "stage": tr_c("structure", "Stage"),
    }
    return names.get(structure_id) or structure_id.replace("_", " ").title()


def _code(structure_id: str) -> str:
    return code(structure_id)


def _draw_kings(ctx: _Ctx, x0: float, mid: float, counts: tuple[int, ...]) -> None:
    k = ctx.k
    fnt = font(ctx.t, bold=True)
    h = ctx.t * 1.35
    for i, n in enumerate(counts):
        box = Rect(x0 + i * 50 * k + 2 * k, mid - h / 2, x0 + (i + 1) * 50 * k - 2 * k, mid + h / 2)
        draw_panel(ctx.draw, box, ctx.theme, fill=ctx.theme.background, radius=ctx.px(5), width=1)
        draw_text_centered(ctx.draw, box.center, str(n), fnt, ctx.theme.text)


# --------------------------------------------------------------------------------- supply


def _draw_supply(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme = ctx.draw, ctx.k, ctx.theme
    col_w = (rect.width - 20 * k) / 6
    top = rect.y0 + 16 * k + ctx.t * 1.2
    row_h = (rect.y1 - 8 * k - top) / 3
    for r, size in enumerate(("small", "medium", "large")):
        y0 = top + r * row_h
        for s in ctx.view.supply:
            if s.size != size:
                continue
            i = SERVICES.index(s.service)
            x0 = rect.x0 + 10 * k + i * col_w
            cell = Rect(x0 + 3 * k, y0 + 2 * k, x0 + col_w - 3 * k, y0 + row_h - 2 * k)
            fill = theme.background if s.left else mix(theme.background, theme.panel, 0.5)
            draw_panel(draw, cell, theme, fill=fill, radius=ctx.px(5), width=1)
            shown = code(s.id) if s.id in CODES else s.abbreviation[:2]
            fnt = font(ctx.t)
            gold = tr_c("gold, after a cost on a supply token", "g")
            # Thin spaces fit most two-digit costs; the widest codes ("WW 18g") drop them.
            text = f"{shown}\u2009{s.cost}{gold}\u2009×{s.left}"
            for shorter in (
                f"{shown}{s.cost}{gold}×{s.left}",
                f"{shown}\u2009{s.cost}\u2009×{s.left}",
            ):
                if text_width(text, fnt) > cell.width - 6 * k:
                    text = shorter
            ink = theme.text if s.left else theme.text_muted
            draw_text_centered(
                draw, cell.center, ellipsize(text, fnt, cell.width - 6 * k), fnt, ink
            )


# --------------------------------------------------------------------------------- scoring


CATEGORY_KEYS = (
    "Structures",  # i18n-exempt: the view's category keys
    "District Favor",  # i18n-exempt: a key
    "Breaking Ground",  # i18n-exempt: a key
    "Enrichment",  # i18n-exempt: a key
    "King's Bonus",  # i18n-exempt: a key
    "Leftover Gold",  # i18n-exempt: a key
)


def _categories() -> dict[str, tuple[str, str]]:
    """{category key: (its name, its short name for a narrow column (four players))} in the
    current language."""
    names = (
        (tr_c("score category", "Structures"), tr_c("short score category", "Built")),
        (tr_c("score category", "District Favor"), tr_c("short score category", "Favor")),
        (tr_c("score category", "Breaking Ground"), tr_c("short score category", "Ground")),
        (tr_c("score category", "Enrichment"), tr_c("short score category", "Enrich")),
        (tr_c("score category", "King's Bonus"), tr_c("short score category", "King")),
        (tr_c("score category", "Leftover Gold"), tr_c("short score category", "Gold")),
    )
    return dict(zip(CATEGORY_KEYS, names, strict=True))


def category_lines(
    breakdowns: list[tuple[tuple[str, int], ...]], fnt: Font, width: float
) -> list[list[str]]:
    """Each player's final score lines ('District Favor 29'); when one would not fit its
    column, every column uses the short names ('Favor 29'), so the columns read alike."""
    names = _categories()
    full = [
        [f"{names.get(label, (label,))[0]} {pts}" for label, pts in b if pts] for b in breakdowns
    ]
    if all(text_width(line, fnt) <= width for lines in full for line in lines):
        return full
    return [
        [f"{names.get(label, (label, label))[1]} {pts}" for label, pts in b if pts]
        for b in breakdowns
    ]


def _draw_scoring(ctx: _Ctx, rect: Rect) -> None:
    draw, k, theme, view = ctx.draw, ctx.k, ctx.theme, ctx.view
    pad = 12 * k
    title_font = font(ctx.size(30), bold=True)
    line_font = font(ctx.t)
    line_h = ctx.t * 1.15
    col_w = (rect.width - 2 * pad) / len(view.players)
    if view.finished:
        title = tr("Final score by category")
    elif view.last_scoring_number is None:
        draw_text(
            draw,
            (rect.x0 + pad, rect.y0 + 8 * k),
            tr_c("score category", "District Favor"),
            title_font,
            theme.text,
        )
        lines = wrap_text(
            tr(
                "Scored when the city reaches 100, 200 and 300, and at the end: the most markers "
                "in a district takes its covered spaces, a sole second half."
            ),
            line_font,
            rect.width - 2 * pad,
        )
        for j, line in enumerate(lines[:5]):
            draw_text(
                draw,
                (rect.x0 + pad, rect.y0 + 16 * k + ctx.t * 1.3 + j * line_h),
                line,
                line_font,
                theme.text_muted,
            )
        return
    else:
        title = tr("District Favor scoring {number}", number=view.last_scoring_number)
    draw_text(draw, (rect.x0 + pad, rect.y0 + 8 * k), title, title_font, theme.text)
    finals = category_lines([tuple(p.breakdown) for p in view.players], line_font, col_w - 10 * k)
    head_font = font(ctx.t, bold=True)
    for p in view.players:
        x = rect.x0 + pad + p.seat * col_w
        head_y = rect.y0 + 16 * k + ctx.t * 1.3
        if view.finished:
            head = fit_name(ctx.seat_name(p.seat), head_font, col_w - 10 * k)
            lines = finals[p.seat]
        else:
            mine = [(d, pts) for d, s, pts in view.last_scoring if s == p.seat]
            total = sum(pts for _, pts in mine)
            name = fit_name(
                ctx.seat_name(p.seat),
                head_font,
                col_w - 10 * k - text_width(f" +{total}", head_font),
            )
            head = f"{name} +{total}"
            lines = wrap_text(
                ", ".join(f"{d} {pts}" for d, pts in mine) or tr("nothing"),
                line_font,
                col_w - 12 * k,
            )
        ink = mix(ctx.owner_colour(p.colour), "#ffffff", 0.35)  # readable on the dark panel
        draw_text(draw, (x, head_y), head, head_font, ink)
        room = int((rect.y1 - 8 * k - head_y - line_h) // line_h)
        for j, line in enumerate(lines[:room]):
            text = ellipsize(line, line_font, col_w - 10 * k)
            draw_text(draw, (x, head_y + (j + 1) * line_h), text, line_font, theme.text_muted)
