"""Architects of the West Kingdom board image: the main board (locations with workers by colour
and letter, the Black Market spaces with their goods, the Workshop's apprentice rows with their
silver, the Guildhall with the spaces in use, the Cathedral levels, the virtue track) and one
panel per player (goods, silver, virtue, debts, workers, prison, captives, apprentices,
buildings; the viewer's own hand), with the score breakdown at the end.

The board is laid out once, 800 px wide, with a height that depends only on the number of
players, and then scaled to the requested `size` (480..1600 px wide, default 800), so a game's
images never change size for one width. No text is smaller than 22 px at 800 px, i.e. 11 px
once Discord shows the image 400 px wide on a phone, whatever the width (the scaling is
proportional). Every worker mark carries its seat's letter as well as its colour;
the automated opponent is black with a K."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from bot.games.architects import scoring as S
from bot.games.architects import words
from bot.games.architects.board import guildhall_columns, reset_positions
from bot.games.architects.view import ArchitectsView, BuildingView, PlayerView
from bot.games.text import Text
from bot.i18n import N_, current_language, say, tr, tr_c, tr_n
from rendering.base import (
    DEFAULT,
    Font,
    Rect,
    Theme,
    canvas_from,
    draw_panel,
    draw_text,
    draw_text_centered,
    ellipsize,
    finish,
    fit_name,
    font,
    hex_to_rgb,
    min_text_px,
    static_layer,
    text_on,
    text_width,
    wrap_text,
)
from rendering.details import DetailBlock, details_sheet

WIDTH = 800
MIN_SIZE, MAX_SIZE = 480, 1600
MIN = min_text_px(WIDTH)  # 22 px
PAD = 12
LINE = MIN + 8
HEADER = 2 * LINE + 8
LOC_BOX = 78
LOCATIONS_H = 3 * LOC_BOX + 2 * 8
MARKET_ROW = 32
MARKET_H = LINE + 4 * MARKET_ROW + 6
ABILITY_LINES = 3
WORKSHOP_ROW = (2 + ABILITY_LINES) * (MIN + 4) + 8
"""An apprentice card: name, slot and skills, then its ability on up to three lines."""
WORKSHOP_H = LINE + 2 * WORKSHOP_ROW + 6
GUILD_ROW = 34
CATHEDRAL_ROW = 29
GUILD_H = LINE + 4 * GUILD_ROW + 10
VIRTUE_MARK = MIN + 2
"""One virtue marker's row: two markers a row, three rows, so five seats fit on one value."""
VIRTUE_H = LINE + MIN + 4 + 3 * VIRTUE_MARK + 6
PANEL_HEAD = 40
PANEL_LINE = LINE
PLAYER_H = PANEL_HEAD + 3 * PANEL_LINE + 4
"""A player's panel on the public board: name, then three lines of what decides moves (virtue,
silver, debts, Cathedral; goods and hand size; workers and captives). Apprentices, buildings and
the hand are in the details image (`render_details`); at the end the last two lines hold the
score."""
LOG_LINES = 2
LOG_H = LOG_LINES * LINE + 10

NAMES = {
    "quarry": N_("Quarry"),
    "forest": N_("Forest"),
    "mines": N_("Mines"),
    "silversmith": N_("Silversmith"),
    "storehouse": N_("Storehouse"),
    "workshop": N_("Workshop"),
    "towncentre": N_("Town Centre"),
    "taxstand": N_("Tax Stand"),
    "guardhouse": N_("Guardhouse"),
}
"""The location boxes' titles (said with `tr`)."""


def skill_letters(skills: tuple[str, ...]) -> str:
    """An apprentice's or building's skills as letters ("CT"), in the current language."""
    letters = {
        "carpentry": tr_c("skill letter", "C"),
        "tiling": tr_c("skill letter", "T"),
        "masonry": tr_c("skill letter", "M"),
    }
    return "".join(letters[s] for s in skills)


AUTOMA_FILL = "#1e1e1e"
CARD_FILL = "#2f3136"
SHORT_LINES = {
    S.BUILDINGS: N_("Bld"),
    S.CATHEDRAL_LINE: N_("Cath"),
    S.VIRTUE: N_("Vir"),
    S.DEBTS: N_("Debt"),
    S.GOLD_AND_MARBLE: N_("G+M"),
    S.SILVER: N_("Sil"),
    S.PRISON: N_("Pri"),
    S.MARBLE: N_("Mar"),
    S.GUILDHALL_WORKERS: N_("Guild"),
}
"""A score line's short label on a player's panel (said with `tr`)."""


def height_for(players: int) -> int:
    """Image height for a player count (the automated opponent counts as a player)."""
    board = HEADER + LOCATIONS_H + MARKET_H + WORKSHOP_H + GUILD_H + VIRTUE_H + 5 * PAD
    return board + players * (PLAYER_H + PAD) + LOG_H + PAD


_SPLIT = re.compile(r"(   |, | )")


@functools.lru_cache(maxsize=8192)
def _width(text: str, fnt: Font) -> float:
    return fnt.getlength(text)


@functools.lru_cache(maxsize=4096)
def _fit(text: str, fnt: Font, width: float) -> str:
    return text if _width(text, fnt) <= width else ellipsize(text, fnt, width)


@dataclass
class _Ctx:
    draw: ImageDraw.ImageDraw
    theme: Theme
    view: ArchitectsView
    names: dict[int, str]

    def fill(self, index: int) -> str:
        p = self.view.players[index]
        return AUTOMA_FILL if p.automaton else self.theme.seat_colour(p.colour)

    def name(self, index: int) -> str:
        p = self.view.players[index]
        base = self.names.get(index) or say(p.name)
        return f"{base} ({p.character.title()})" if p.character and index in self.names else base

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        width: float,
        *,
        bold: bool = False,
        colour: str | None = None,
        size: int = MIN,
    ) -> None:
        """Text of at least 22 px, cut with an ellipsis to `width`."""
        fnt = font(max(size, MIN), bold)
        self.draw.text(
            xy, _fit(text, fnt, width), font=fnt, fill=colour or self.theme.text, anchor="la"
        )

    def words(
        self,
        xy: tuple[float, float],
        text: str,
        width: float,
        *,
        bold: bool = False,
        colour: str | None = None,
        size: int = MIN,
    ) -> None:
        """Like `text`, drawn word by word when it fits: a changing line ("silver 5") then
        reuses the cached bitmaps of its words instead of rasterising the whole line anew."""
        fnt = font(max(size, MIN), bold)
        pieces = _SPLIT.split(text)
        if sum(_width(p, fnt) for p in pieces) > width:
            self.text(xy, text, width, bold=bold, colour=colour, size=size)
            return
        x, y = xy
        for piece in pieces:
            if piece.strip():
                self.draw.text((x, y), piece, font=fnt, fill=colour or self.theme.text, anchor="la")
            x += _width(piece, fnt)


def _chip(ctx: _Ctx, x: float, y: float, index: int, text: str, pad: float = MIN * 0.7) -> float:
    """A coloured rounded chip with the seat letter (and a count); returns its width."""
    fnt = font(MIN, bold=True)
    w = text_width(text, fnt) + pad
    h = MIN * 1.3
    fill = ctx.fill(index)
    ctx.draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=int(h / 3), fill=fill, outline="#0c0c0c"
    )
    draw_text_centered(ctx.draw, (x + w / 2, y + h / 2), text, fnt, text_on(fill))
    return w


def _chips(ctx: _Ctx, x: float, y: float, right: float, chips: list[tuple[int, str]]) -> None:
    """A row of seat chips from `x`, kept within `right`: the padding and gaps shrink when five
    seats share a box, so no chip is ever left out."""
    fnt = font(MIN, bold=True)
    widths = [text_width(text, fnt) for _, text in chips]
    pad, gap = MIN * 0.7, 6.0
    while pad > 4 and sum(widths) + len(chips) * (pad + gap) - gap > right - x:
        pad, gap = pad - 1, max(1.0, gap - 1)
    for index, text in chips:
        x += _chip(ctx, x, y, index, text, pad) + gap


def _goods(items: tuple[tuple[str, int], ...]) -> str:
    return say(words.goods_comma([(g, n) for g, n in items if n])) or "-"


def _locations(ctx: _Ctx, rect: Rect) -> None:
    cols = rect.split_columns(3, 8)
    for k, key in enumerate(NAMES):
        col = cols[k % 3]
        y0 = rect.y0 + (k // 3) * (LOC_BOX + 8)
        box = Rect(col.x0, y0, col.x1, y0 + LOC_BOX)
        if key == "taxstand":  # the silver waiting there, in gold on the title line
            silver = tr("{n} silver", n=ctx.view.tax_stand)
            fnt = font(MIN, bold=True)
            x = box.x1 - 8 - text_width(silver, fnt)
            draw_text(ctx.draw, (x, box.y0 + 8), silver, fnt, ctx.theme.gold)
            room = box.width - 16 - (box.x1 - 8 - x + 6)
            ctx.text((box.x0 + 8, box.y0 + 6), tr(NAMES[key]), room, bold=True, size=MIN)
        counts = [(p.index, dict(p.at)[key]) for p in ctx.view.players if dict(p.at)[key]]
        if not counts:
            ctx.text((box.x0 + 8, box.y0 + 44), tr("empty"), 120, colour=ctx.theme.text_muted)
        chips = [(index, f"{ctx.view.players[index].letter}{n}") for index, n in counts]
        _chips(ctx, box.x0 + 8, box.y0 + 40, box.x1 - 6, chips)


def _market(ctx: _Ctx, rect: Rect) -> None:
    head = tr(
        "Black Market (virtue 9 or less), {n} cards in small pile", n=ctx.view.market_cards_left
    )
    ctx.words((rect.x0 + 8, rect.y0 + 6), head, rect.width - 16, bold=True)
    for k, (space, goods, cost, owner) in enumerate(ctx.view.black_market):
        y = rect.y0 + LINE + 4 + k * MARKET_ROW
        what = _goods(goods) if space != "b" else tr("hire any apprentice, or draw 5 keep 1")
        line = tr("{space}: {cost} silver -> {what}", space=space, cost=cost, what=what)
        ctx.words((rect.x0 + 10, y), line, rect.width - 90)
        if owner >= 0:
            _chip(ctx, rect.x1 - 50, y - 3, owner, ctx.view.players[owner].letter)
        else:
            ctx.text((rect.x1 - 62, y), tr_c("space", "free"), 60, colour=ctx.theme.text_muted)
    y = rect.y0 + LINE + 4 + 3 * MARKET_ROW
    x = rect.x0 + 10 + text_width(tr("Prison:") + " ", font(MIN, bold=True))
    jailed = [p for p in ctx.view.players if p.prison]
    if not jailed:
        ctx.text((x, y), tr("empty"), 100, colour=ctx.theme.text_muted)
    for p in jailed:
        x += _chip(ctx, x, y - 3, p.index, f"{p.letter}{p.prison}") + 6


def _workshop(ctx: _Ctx, rect: Rect) -> None:
    head = tr("Workshop apprentices, columns 1-4 ({n} in pile)", n=ctx.view.apprentice_deck)
    ctx.words((rect.x0 + 8, rect.y0 + 6), head, rect.width - 16, bold=True)
    row_h = WORKSHOP_ROW
    for r, row in enumerate(ctx.view.rows):
        y0 = rect.y0 + LINE + 4 + r * row_h
        cells = Rect(rect.x0 + 8, y0, rect.x1 - 8, y0 + row_h - 6).split_columns(4, 6)
        for c, (cell, (card, silver)) in enumerate(zip(cells, row, strict=True)):
            slot = f"{'tb'[r]}{c + 1}"
            w = cell.width - 12
            if card is None:
                ctx.text(
                    (cell.x0 + 6, cell.y0 + 4),
                    tr("{slot} empty", slot=slot),
                    w,
                    colour=ctx.theme.text_muted,
                )
                continue
            # A long name ("Debt Collector") is written in regular type rather than cut.
            name = say(card.name)
            bold = text_width(name, font(MIN, bold=True)) <= w
            ctx.text((cell.x0 + 6, cell.y0 + 3), name, w, bold=bold)
            skills = skill_letters(card.skills)
            signed = f"{card.virtue:+d}"
            virtue = " " + tr_c("short", "{n}v", n=signed) if card.virtue else ""
            coins = " " + tr_c("short", "{n}s", n=silver) if silver else ""
            colour = ctx.theme.gold if silver else ctx.theme.text_muted
            ctx.text(
                (cell.x0 + 6, cell.y0 + 4 + MIN + 4),
                f"{slot} [{skills}]{virtue}{coins}",
                w,
                colour=colour,
            )
            for j, line in enumerate(ability_lines(card.ability, w)):
                ctx.text(
                    (cell.x0 + 6, cell.y0 + 4 + (2 + j) * (MIN + 4)),
                    line,
                    w,
                    colour=ctx.theme.text_muted,
                )


def ability_lines(ability: str, width: float) -> list[str]:
    """An apprentice's ability on at most `ABILITY_LINES` lines of `width` (the last cut if
    needed). The location box says where trades happen, so "Storehouse: 2 silver -> 1 virtue"
    is written "Trade 2 silver → 1 virtue"."""
    trade = "Storehouse: {pay} -> {gain}"  # i18n-exempt: the engine's message id, compared
    if isinstance(ability, Text) and ability.msgid == trade:
        ability = tr(
            "Trade {pay} \u2192 {gain}",
            pay=say(ability.params["pay"]),
            gain=say(ability.params["gain"]),
        )
    else:
        ability = say(ability).replace(" -> ", " \u2192 ")
    lines = wrap_text(ability, font(MIN), width)
    keep = ABILITY_LINES - 1
    return lines if len(lines) <= ABILITY_LINES else [*lines[:keep], " ".join(lines[keep:])]


def _guildhall(ctx: _Ctx, rect: Rect) -> None:
    v = ctx.view
    left, right = _guild_halves(rect)
    cols = v.guildhall_columns
    ctx.words(
        (left.x0 + 8, left.y0 + 6),
        tr("Guildhall {filled}/{size} (* reset)", filled=len(v.guildhall), size=4 * cols),
        left.width - 16,
        bold=True,
    )
    cw = (left.width - 16) / 6
    letter_font = font(MIN, bold=True)
    for index, owner in enumerate(v.guildhall[: 4 * cols]):  # the empty spaces are static
        box, centre = _guild_box(left, cw, *divmod(index, cols))
        fill = ctx.fill(owner)
        ctx.draw.rounded_rectangle(box, radius=5, fill=fill, outline="#0c0c0c")
        draw_text_centered(ctx.draw, centre, v.players[owner].letter, letter_font, text_on(fill))
    ctx.words(
        (right.x0 + 8, right.y0 + 6),
        tr("Cathedral ({n} rewards)", n=v.rewards_left),
        right.width - 16,
        bold=True,
    )
    for level in range(5, 0, -1):
        vp, spaces, cost = v.cathedral[level - 1]
        y = right.y0 + LINE + 2 + (5 - level) * CATHEDRAL_ROW
        there = [p for p in v.players if p.cathedral == level]
        x = right.x1 - 8
        marks_w = 0.0
        for p in there:
            marks_w += text_width(p.letter, font(MIN, bold=True)) + MIN * 0.7 + 4
        marks_w += 26 * (spaces - len(there))
        ctx.text(
            (right.x0 + 8, y),
            tr("{level}: {vp}VP {cost}", level=level, vp=vp, cost=say(cost)),
            right.width - 24 - marks_w,
            colour=ctx.theme.text_muted,
        )
        x -= marks_w
        for p in there:
            x += _chip(ctx, x, y - 3, p.index, p.letter) + 4
        for _ in range(spaces - len(there)):
            ctx.draw.rounded_rectangle(
                (x, y, x + 22, y + 24), radius=5, outline=ctx.theme.panel_border, width=2
            )
            x += 26


def _virtue(ctx: _Ctx, rect: Rect) -> None:
    """Each seat's marker on its virtue value: two a row, three rows, so all five seats fit on
    one value (never a "+1" in place of a marker)."""
    cw = (rect.width - 16) / 15
    top = rect.y0 + LINE + 2 + MIN + 4
    letter_font = font(MIN, bold=True)
    for v in range(15):
        x0 = rect.x0 + 8 + v * cw
        here = [p for p in ctx.view.players if p.virtue == v]
        for k, p in enumerate(here):
            fill = ctx.fill(p.index)
            cx = x0 + cw / 4 + (k % 2) * cw / 2
            cy = top + VIRTUE_MARK / 2 + (k // 2) * VIRTUE_MARK
            half = min(11.0, cw / 4 - 1)
            ctx.draw.rounded_rectangle(
                (cx - half, cy - VIRTUE_MARK / 2 + 1, cx + half, cy + VIRTUE_MARK / 2 - 1),
                radius=5,
                fill=fill,
                outline="#0c0c0c",
            )
            draw_text_centered(ctx.draw, (cx, cy), p.letter, letter_font, text_on(fill))


def player_lines(p: PlayerView, winner: bool = False) -> list[str]:
    """A panel's three lines on the public board: what decides moves (the score at the end)."""
    captives = " ".join(f"{c[0].upper()}{n}" for c, n in p.captured)  # the seat letters
    first = tr(
        "virtue {virtue}   silver {silver}   debts {debts} (paid {paid})   Cathedral {level}",
        virtue=p.virtue,
        silver=p.silver,
        debts=p.debts,
        paid=p.paid,
        level=p.cathedral,
    )
    if p.score is not None:
        parts = " ".join(
            f"{tr(SHORT_LINES[label]) if label in SHORT_LINES else tr(label)} {n}"
            for label, n in p.score
        )
        total = (
            tr("{total} VP - wins:", total=p.total) if winner else tr("{total} VP:", total=p.total)
        )
        return [first, total, parts]
    goods = tr_n(
        "{goods}   |   {n} card in hand",
        "{goods}   |   {n} cards in hand",
        p.hand_count,
        goods=_goods(p.goods),
    )
    if p.automaton:
        goods = tr("{n} marble (it ignores other goods)", n=dict(p.goods).get("marble", 0))
    workers = tr(
        "workers {supply}   Prison {prison}   Guildhall {guild}",
        supply=p.supply,
        prison=p.prison,
        guild=p.guild,
    )
    if captives:
        workers = tr("{workers}   captives {captives}", workers=workers, captives=captives)
    return [first, goods, workers]


def _player(ctx: _Ctx, rect: Rect, p: PlayerView) -> None:
    v = ctx.view
    acting = v.phase != "over" and (p.index in v.to_act)
    if acting:  # the panel itself is static; the acting seat's border is drawn over it
        ctx.draw.rounded_rectangle(rect.box(), radius=8, outline=ctx.theme.highlight, width=3)
    w = _chip(ctx, rect.x0 + 8, rect.y0 + 7, p.index, p.letter)
    kept = tr(
        "{apprentices} appr.  {buildings} bldg",
        apprentices=len(p.apprentices),
        buildings=len(p.buildings),
    )
    small = font(MIN)
    kept_w = text_width(kept, small)
    draw_text(ctx.draw, (rect.x1 - 10 - kept_w, rect.y0 + 10), kept, small, ctx.theme.text_muted)
    tag = "  " + tr("- to act") if acting else ""
    name_font = font(24, bold=True)
    room = rect.width - w - 40 - kept_w - text_width(tag, name_font)
    name = fit_name(ctx.name(p.index), name_font, room) + tag
    draw_text(ctx.draw, (rect.x0 + w + 18, rect.y0 + 8), name, name_font, ctx.theme.text)
    y = rect.y0 + PANEL_HEAD
    for line in player_lines(p, p.index in v.winners):
        ctx.words((rect.x0 + 10, y), line, rect.width - 20)
        y += PANEL_LINE


def _guild_box(
    left: Rect, cw: float, r: int, c: int
) -> tuple[tuple[float, float, float, float], tuple[float, float]]:
    """A Guildhall space's box (row r, column c of the 6 drawn) and its centre."""
    x0, y0 = left.x0 + 8 + c * cw, left.y0 + LINE + 4 + r * GUILD_ROW
    box = (x0 + 2, y0 + 2, x0 + cw - 2, y0 + GUILD_ROW - 2)
    return box, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _layout(n: int) -> tuple[dict[str, Rect], list[Rect], Rect]:
    """The board's rectangles for `n` players: sections by name, player panels, log."""
    y = HEADER
    sections = {}
    for name, height in (
        ("locations", LOCATIONS_H),
        ("market", MARKET_H),
        ("workshop", WORKSHOP_H),
        ("guildhall", GUILD_H),
        ("virtue", VIRTUE_H),
    ):
        sections[name] = Rect(PAD, y, WIDTH - PAD, y + height)
        y += height + PAD
    players = []
    for _ in range(n):
        players.append(Rect(PAD, y, WIDTH - PAD, y + PLAYER_H))
        y += PLAYER_H + PAD
    return sections, players, Rect(PAD, y, WIDTH - PAD, y + LOG_H)


def _guild_halves(rect: Rect) -> tuple[Rect, Rect]:
    left = Rect(rect.x0, rect.y0, rect.x0 + rect.width * 0.46 - 4, rect.y1)
    return left, Rect(left.x1 + 8, rect.y0, rect.x1, rect.y1)


def _paint_static(draw: ImageDraw.ImageDraw, theme: Theme, n: int) -> None:
    """What never changes for `n` players: panels, fixed captions, location frames and names,
    the Workshop's card frames, the Guildhall's spaces, the virtue track and its numbers."""
    ctx = _Ctx(draw, theme, None, {})  # type: ignore[arg-type]  # text only, no view
    sections, players, log = _layout(n)
    ctx.text((PAD, 8), tr("Architects of the West Kingdom"), WIDTH - 2 * PAD, bold=True, size=30)
    rect = sections["locations"]
    cols = rect.split_columns(3, 8)
    for k, key in enumerate(NAMES):
        col = cols[k % 3]
        y0 = rect.y0 + (k // 3) * (LOC_BOX + 8)
        box = Rect(col.x0, y0, col.x1, y0 + LOC_BOX)
        draw_panel(draw, box, theme, radius=8)
        if key != "taxstand":  # its title shares the line with the silver there
            ctx.text((box.x0 + 8, box.y0 + 6), tr(NAMES[key]), box.width - 16, bold=True, size=24)
    rect = sections["market"]
    draw_panel(draw, rect, theme, radius=8)
    ctx.text((rect.x0 + 10, rect.y0 + LINE + 4 + 3 * MARKET_ROW), tr("Prison:"), 200, bold=True)
    rect = sections["workshop"]
    draw_panel(draw, rect, theme, radius=8)
    row_h = WORKSHOP_ROW
    for r in range(2):
        y0 = rect.y0 + LINE + 4 + r * row_h
        for cell in Rect(rect.x0 + 8, y0, rect.x1 - 8, y0 + row_h - 6).split_columns(4, 6):
            draw.rounded_rectangle(
                cell.box(), radius=6, fill=CARD_FILL, outline=theme.panel_border, width=2
            )
    left, right = _guild_halves(sections["guildhall"])
    draw_panel(draw, left, theme, radius=8)
    draw_panel(draw, right, theme, radius=8)
    gcols, resets = guildhall_columns(n), reset_positions(n)
    cw = (left.width - 16) / 6
    letter_font = font(MIN, bold=True)
    for pos in range(24):
        r, c = divmod(pos, 6)
        box, centre = _guild_box(left, cw, r, c)
        if c >= gcols:
            draw.rectangle(box, fill="#26272b")
            continue
        draw.rounded_rectangle(box, radius=5, outline=theme.panel_border, width=2)
        if r * gcols + c in resets:  # a worker here resets the Black Market
            draw_text_centered(draw, centre, "*", letter_font, theme.highlight)
    rect = sections["virtue"]
    draw_panel(draw, rect, theme, radius=8)
    ctx.text(
        (rect.x0 + 8, rect.y0 + 6),
        tr("Virtue (Black Market closed at 10+, Cathedral at 4-)"),
        rect.width - 16,
        bold=True,
    )
    cw = (rect.width - 16) / 15
    top = rect.y0 + LINE + 2
    for v in range(15):
        x0 = rect.x0 + 8 + v * cw
        tint = "#5a2a2a" if v <= 4 else "#2a4a5a" if v >= 10 else "#303236"
        draw.rectangle((x0 + 1, top, x0 + cw - 1, rect.y1 - 6), fill=tint)
        draw_text_centered(
            draw, (x0 + cw / 2, top + MIN / 2 + 2), str(v), font(MIN), theme.text_muted
        )
    for panel in players:
        draw_panel(draw, panel, theme, radius=8)
    draw_panel(draw, log, theme, radius=8)


def render(
    view: ArchitectsView,
    *,
    theme: Theme = DEFAULT,
    size: int = WIDTH,
    names: Mapping[int, str] | None = None,
) -> Image.Image:
    """Draw a position as seen by `view.viewer`.

    view: `bot.games.architects.view.ArchitectsView`.
    theme: colours (seat colours by name; the automated opponent is drawn black with a K).
    size: image width in pixels, clamped to 480..1600 (`image_size`); the board is laid out at
        800 px and scaled, so text keeps the same size relative to the width.
    names: display names by seat (e.g. Discord nicknames); default: colour or character.
    """
    n = len(view.players)
    layer = static_layer(
        ("architects", n, current_language()),
        (WIDTH, height_for(n)),
        theme,
        lambda im, d: _paint_static(d, theme, n),
    )
    image, draw = canvas_from(layer)
    for colour in (theme.text, theme.text_muted, theme.highlight):  # the layer's text colours
        draw.text_colours[hex_to_rgb(colour)] = None
    ctx = _Ctx(draw, theme, view, dict(names or {}))
    headline = say(view.reason if view.phase == "over" and view.reason else view.prompt)
    ctx.text((PAD, 8 + LINE + 6), headline, WIDTH - 2 * PAD, colour=theme.text_muted)
    sections, players, log = _layout(n)
    _locations(ctx, sections["locations"])
    _market(ctx, sections["market"])
    _workshop(ctx, sections["workshop"])
    _guildhall(ctx, sections["guildhall"])
    _virtue(ctx, sections["virtue"])
    for p, rect in zip(view.players, players, strict=True):
        _player(ctx, rect, p)
    for k, line in enumerate(log_lines(view, log.width - 16)):
        ctx.text((log.x0 + 8, log.y0 + 6 + k * LINE), line, log.width - 16, colour=theme.text_muted)
    width, height = image_size(n, size)
    if width != WIDTH:
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    return finish(image, draw, (theme.background, theme.panel, CARD_FILL))


def log_lines(view: ArchitectsView, width: float) -> list[str]:
    """The last events, whole: each wrapped to `width` at the smallest size, the newest kept and
    older ones added while they fit in `LOG_LINES` lines (an event that does not fit entirely is
    left out rather than cut mid-word). The opponent's last Scheme always comes first."""
    fnt = font(MIN)
    last = say(view.last_scheme)
    scheme = wrap_text(tr("Opponent's last Scheme: {scheme}", scheme=last), fnt, width)
    scheme = scheme if view.last_scheme else []
    log = [say(entry) for entry in view.log]
    out: list[str] = []
    for entry in reversed(log):
        wrapped = wrap_text(entry, fnt, width)
        if len(out) + len(wrapped) + len(scheme) > LOG_LINES:
            break
        out = wrapped + out
    if not out and log and len(scheme) < LOG_LINES:
        # The newest event alone is longer than the lines left: shown up to a word, never
        # cut inside one.
        room = LOG_LINES - len(scheme)
        kept = log[-1].split()
        while kept and len(wrap_text(" ".join(kept) + " \u2026", fnt, width)) > room:
            kept.pop()
        out = wrap_text(" ".join(kept) + " \u2026", fnt, width) if kept else []
    return [*scheme, *out][:LOG_LINES]


def image_size(players: int, size: int = WIDTH) -> tuple[int, int]:
    """(width, height) of the image for this many players (the automated opponent included) at
    the requested width, clamped to 480..1600."""
    width = _clamped(size)
    return width, round(height_for(players) * width / WIDTH)


def _clamped(size: int) -> int:
    return max(MIN_SIZE, min(MAX_SIZE, int(size)))


OWN_HAND_LINES = 3
OWN_HEIGHT = PLAYER_H + OWN_HAND_LINES * LINE + 8 + 2 * PAD
"""Height of the viewer's own panel drawn alone (`render_own`), at 800 px."""


def _paint_own_static(draw: ImageDraw.ImageDraw, theme: Theme) -> None:
    draw_panel(draw, _own_rect(), theme, radius=8)


def _own_rect() -> Rect:
    return Rect(PAD, PAD, WIDTH - PAD, OWN_HEIGHT - PAD)


def hand_lines(cards: tuple[BuildingView, ...], width: float, most: int) -> list[str]:
    """The hand by name on at most `most` lines of `width`; names that do not fit are counted
    ("+2 more in /game details") rather than cut mid-word."""
    fnt = font(MIN)
    names = [say(b.name) for b in cards]
    for shown in range(len(names), -1, -1):
        more = len(names) - shown
        text = tr("Hand: {cards}", cards=", ".join(names[:shown]) or tr("empty"))
        if more:
            text = tr("{hand} +{n} more in /game details", hand=text, n=more)
        lines = wrap_text(text, fnt, width)
        if len(lines) <= most and all(text_width(line, fnt) <= width for line in lines):
            return lines
    return [tr("Hand: see /game details")]


def render_own(
    view: ArchitectsView,
    *,
    theme: Theme = DEFAULT,
    size: int = WIDTH,
    names: Mapping[int, str] | None = None,
) -> Image.Image:
    """Only the viewer's own player panel, drawn as on the board, with their hand below it: the
    private image sent to a player beside the public board (which shows everything else), so
    what only they may see costs a panel to draw and encode rather than a second board.

    One size per width (`own_image_size`); `view.viewer` must be a seat (ValueError otherwise:
    a spectator has no panel of their own)."""
    if view.viewer is None:
        internal = "A spectator's view has no panel of its own to draw."  # i18n-exempt: internal
        raise ValueError(internal)
    layer = static_layer(
        ("architects-own",), (WIDTH, OWN_HEIGHT), theme, lambda im, d: _paint_own_static(d, theme)
    )
    image, draw = canvas_from(layer)
    for colour in (theme.text, theme.text_muted, theme.highlight):
        draw.text_colours[hex_to_rgb(colour)] = None
    ctx = _Ctx(draw, theme, view, dict(names or {}))
    rect = _own_rect()
    me = view.players[view.viewer]
    _player(ctx, Rect(rect.x0, rect.y0, rect.x1, rect.y0 + PLAYER_H), me)
    y = rect.y0 + PLAYER_H
    for line in hand_lines(me.hand or (), rect.width - 20, OWN_HAND_LINES):
        ctx.words((rect.x0 + 10, y), line, rect.width - 20)
        y += LINE
    width, height = own_image_size(size)
    if width != WIDTH:
        image = image.resize((width, height), Image.Resampling.LANCZOS)
    return finish(image, draw, (theme.background, theme.panel, CARD_FILL))


def own_image_size(size: int = WIDTH) -> tuple[int, int]:
    """(width, height) of `render_own`'s image at the requested width, clamped to 480..1600."""
    width = _clamped(size)
    return width, round(OWN_HEIGHT * width / WIDTH)


def details_blocks(view: ArchitectsView, names: Mapping[int, str]) -> list[DetailBlock]:
    """Per seat: its apprentices (skills and ability) and buildings in full; the viewer's own
    hand (and draft hand) in their block only, since `view` carries no one else's."""
    ctx = _Ctx(None, DEFAULT, view, dict(names))  # type: ignore[arg-type]  # names only
    blocks = []
    mine = [p for p in view.players if p.index == view.viewer]
    for p in [*mine, *(p for p in view.players if p.index != view.viewer)]:
        apprentices = "; ".join(_apprentice_words(a) for a in p.apprentices)
        buildings = ", ".join(
            tr("{building} {vp} VP", building=say(b.name), vp=b.vp) for b in p.buildings
        )
        paragraphs = [
            tr(
                "Apprentices ({n}): {apprentices}",
                n=len(p.apprentices),
                apprentices=apprentices or tr("none"),
            ),
            tr(
                "Buildings ({n}, {vp} VP): {buildings}",
                n=len(p.buildings),
                vp=sum(b.vp for b in p.buildings),
                buildings=buildings or tr("none"),
            ),
        ]
        if p.hand is not None:
            paragraphs.append(
                tr(
                    "Your hand ({n}): {cards}",
                    n=len(p.hand),
                    cards="; ".join(_card_words(b) for b in p.hand) or tr("empty"),
                )
            )
        if p.draft_hand:
            paragraphs.append(
                tr("Draft hand: {cards}", cards="; ".join(_card_words(b) for b in p.draft_hand))
            )
        colour = AUTOMA_FILL if p.automaton else DEFAULT.seat_colour(p.colour)
        blocks.append(DetailBlock(ctx.name(p.index), tuple(paragraphs), colour, p.letter))
    return blocks


def _apprentice_words(a: Any) -> str:
    """'Jeweller [T]: +1 silver at Silversmith', 'Thief [C] -1 virtue: ...'."""
    name = f"{say(a.name)} [{skill_letters(a.skills)}]"
    if a.virtue:
        signed = f"{a.virtue:+d}"
        name = tr("{apprentice} {n} virtue", apprentice=name, n=signed)
    return f"{name}: {say(a.ability)}" if a.ability else name


def _card_words(b: BuildingView) -> str:
    skills = skill_letters(b.skills) or tr("no skill")
    if b.effect:
        return tr(
            "{building} ({vp} VP, [{skills}], {cost}, {effect})",
            building=say(b.name),
            vp=b.vp,
            skills=skills,
            cost=_goods(b.cost),
            effect=say(b.effect),
        )
    return tr(
        "{building} ({vp} VP, [{skills}], {cost})",
        building=say(b.name),
        vp=b.vp,
        skills=skills,
        cost=_goods(b.cost),
    )


def render_details(
    view: ArchitectsView,
    *,
    theme: Theme = DEFAULT,
    size: int = WIDTH,
    names: Mapping[int, str] | None = None,
) -> Image.Image:
    """The details image asked for by one player: every seat's apprentices and buildings in
    full, and the viewer's own hand; nothing cut (its height follows the text)."""
    blocks = details_blocks(view, names or {})
    title = tr("Architects: apprentices, buildings, hand")
    return details_sheet(title, blocks, theme=theme, size=size)
