"""Architects of the West Kingdom board image: the main board (locations with workers by colour
and letter, Black Market faces, the Workshop's apprentice rows with their silver, the Guildhall
with the spaces in use, the Cathedral levels, the Tax Stand, the virtue track) and one panel per
player (goods, silver, virtue, debts, workers, prison, captives, apprentices, buildings), with the
score breakdown at the end.

The image is 800 px wide; its height depends only on the number of players, so a game's images
never change size. Text is at least 22 px, which stays legible when Discord shrinks the image to
a 400 px wide phone screen. Every worker mark carries its seat's letter as well as its colour."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games.architects.view import ArchitectsView, PlayerView
from rendering.base import (
    DEFAULT,
    Rect,
    Theme,
    draw_header,
    draw_panel,
    draw_text,
    draw_text_centered,
    ellipsize,
    fit_font,
    font,
    new_canvas,
    text_on,
    text_width,
    wrap_text,
)

WIDTH = 800
PAD = 12
HEADER = 64
LOCATIONS_H = 3 * 92 + 2 * 8
MARKET_H = 118
WORKSHOP_H = 2 * 86 + 44
GUILD_H = 4 * 40 + 52
VIRTUE_H = 100
PLAYER_H = 236
LOG_H = 100
RESULT_LINE = 34

NAMES = {
    "quarry": "Quarry",
    "forest": "Forest",
    "mines": "Mines",
    "silversmith": "Silversmith",
    "storehouse": "Storehouse",
    "workshop": "Workshop",
    "towncentre": "Town Centre",
    "taxstand": "Tax Stand",
    "guardhouse": "Guardhouse",
}
GOODS_SHORT = {"clay": "clay", "wood": "wood", "stone": "stone", "gold": "gold", "marble": "marb"}
SKILL_LETTER = {"carpentry": "C", "tiling": "T", "masonry": "M"}
AUTOMA_FILL = "#1e1e1e"
SHORT_LINES = {
    "Buildings": "Bld",
    "Cathedral": "Cath",
    "Virtue": "Vir",
    "Debts": "Debt",
    "Gold and Marble": "G+M",
    "Silver": "Sil",
    "Prison": "Pri",
    "Marble": "Mar",
    "Guildhall workers": "Guild",
}


def height_for(players: int) -> int:
    """Image height for a player count (the automated opponent counts as a player)."""
    board = HEADER + LOCATIONS_H + MARKET_H + WORKSHOP_H + GUILD_H + VIRTUE_H + 6 * PAD
    result = RESULT_LINE * (players + 2) + PAD
    return board + players * (PLAYER_H + PAD) + LOG_H + result + PAD


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
        base = self.names.get(index, p.name)
        return f"{base} ({p.character.title()})" if p.character and index in self.names else base


def _chip(ctx: _Ctx, x: float, y: float, index: int, text: str, size: int = 24) -> float:
    """A coloured rounded chip with the seat letter (and a count); returns its width."""
    fnt = font(size, bold=True)
    w = text_width(text, fnt) + size * 0.7
    h = size * 1.3
    fill = ctx.fill(index)
    ctx.draw.rounded_rectangle(
        (x, y, x + w, y + h), radius=int(h / 3), fill=fill, outline="#0c0c0c"
    )
    draw_text_centered(ctx.draw, (x + w / 2, y + h / 2), text, fnt, text_on(fill))
    return w


def _workers_line(
    ctx: _Ctx, x: float, y: float, max_x: float, counts: list[tuple[int, int]]
) -> None:
    for index, n in counts:
        letter = ctx.view.players[index].letter
        w = _chip(ctx, x, y, index, f"{letter}{n}")
        x += w + 6
        if x > max_x:
            break


def _locations(ctx: _Ctx, rect: Rect) -> None:
    keys = list(NAMES)
    cols = rect.split_columns(3, 8)
    for k, key in enumerate(keys):
        col = cols[k % 3]
        y0 = rect.y0 + (k // 3) * 100
        box = Rect(col.x0, y0, col.x1, y0 + 92)
        draw_panel(ctx.draw, box, ctx.theme, radius=8)
        title = NAMES[key]
        if key == "taxstand":
            title = f"Tax Stand: {ctx.view.tax_stand} silver"
        fnt = fit_font(title, box.width - 16, 24, bold=True)
        draw_text(ctx.draw, (box.x0 + 8, box.y0 + 6), title, fnt, ctx.theme.text)
        counts = [(p.index, dict(p.at)[key]) for p in ctx.view.players if dict(p.at)[key]]
        if counts:
            _workers_line(ctx, box.x0 + 8, box.y0 + 44, box.x1 - 60, counts)
        else:
            draw_text(ctx.draw, (box.x0 + 8, box.y0 + 48), "empty", font(22), ctx.theme.text_muted)


def _goods(items: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{n} {GOODS_SHORT.get(g, g)}" for g, n in items if n) or "-"


def _market(ctx: _Ctx, rect: Rect) -> None:
    draw_panel(ctx.draw, rect, ctx.theme, radius=8)
    head = f"Black Market (virtue 9 or less) - {ctx.view.market_cards_left} cards in small pile"
    draw_text(
        ctx.draw,
        (rect.x0 + 8, rect.y0 + 6),
        head,
        fit_font(head, rect.width - 16, 22, bold=True),
        ctx.theme.text,
    )
    cells = Rect(rect.x0 + 8, rect.y0 + 38, rect.x1 - 8, rect.y1 - 8).split_columns(3, 8)
    for cell, (space, goods, cost, owner) in zip(cells, ctx.view.black_market, strict=True):
        ctx.draw.rounded_rectangle(cell.box(), radius=6, outline=ctx.theme.panel_border, width=2)
        what = _goods(goods) if space != "b" else "hire / 5 plans"
        label = f"{space}: {cost}s  {what}"
        fnt = fit_font(label, cell.width - 12, 22)
        draw_text(ctx.draw, (cell.x0 + 6, cell.y0 + 6), label, fnt, ctx.theme.text)
        if owner >= 0:
            _chip(ctx, cell.x0 + 6, cell.y0 + 38, owner, ctx.view.players[owner].letter, 22)
        else:
            draw_text(ctx.draw, (cell.x0 + 6, cell.y0 + 40), "free", font(22), ctx.theme.text_muted)


def _workshop(ctx: _Ctx, rect: Rect) -> None:
    draw_panel(ctx.draw, rect, ctx.theme, radius=8)
    head = f"Workshop apprentices (columns 1-4; {ctx.view.apprentice_deck} in pile)"
    draw_text(
        ctx.draw,
        (rect.x0 + 8, rect.y0 + 6),
        head,
        fit_font(head, rect.width - 16, 22, bold=True),
        ctx.theme.text,
    )
    for r, row in enumerate(ctx.view.rows):
        y0 = rect.y0 + 40 + r * 86
        cells = Rect(rect.x0 + 8, y0, rect.x1 - 8, y0 + 80).split_columns(4, 6)
        for c, (cell, (card, silver)) in enumerate(zip(cells, row, strict=True)):
            ctx.draw.rounded_rectangle(
                cell.box(), radius=6, fill="#2f3136", outline=ctx.theme.panel_border, width=2
            )
            slot = f"{'tb'[r]}{c + 1}"
            if card is None:
                draw_text(
                    ctx.draw,
                    (cell.x0 + 6, cell.y0 + 6),
                    f"{slot} empty",
                    font(22),
                    ctx.theme.text_muted,
                )
                continue
            skills = "".join(SKILL_LETTER[s] for s in card.skills)
            title = f"{slot} {card.name}"
            draw_text(
                ctx.draw,
                (cell.x0 + 6, cell.y0 + 4),
                title,
                fit_font(title, cell.width - 12, 22, bold=True),
                ctx.theme.text,
            )
            virtue = f" {card.virtue:+d}v" if card.virtue else ""
            line2 = f"[{skills}]{virtue}" + (f"  {silver}s on it" if silver else "")
            draw_text(
                ctx.draw,
                (cell.x0 + 6, cell.y0 + 30),
                line2,
                fit_font(line2, cell.width - 12, 22),
                ctx.theme.gold if silver else ctx.theme.text_muted,
            )
            ability = ellipsize(card.ability, font(20), cell.width - 12)
            draw_text(
                ctx.draw, (cell.x0 + 6, cell.y0 + 54), ability, font(20), ctx.theme.text_muted
            )


def _guildhall(ctx: _Ctx, rect: Rect) -> None:
    v = ctx.view
    left = Rect(rect.x0, rect.y0, rect.x0 + rect.width * 0.5 - 4, rect.y1)
    right = Rect(left.x1 + 8, rect.y0, rect.x1, rect.y1)
    draw_panel(ctx.draw, left, ctx.theme, radius=8)
    cols = v.guildhall_columns
    total = 4 * cols
    head = f"Guildhall {len(v.guildhall)}/{total} (R = reset)"
    draw_text(
        ctx.draw,
        (left.x0 + 8, left.y0 + 6),
        head,
        fit_font(head, left.width - 16, 22, bold=True),
        ctx.theme.text,
    )
    cw = (left.width - 16) / 6
    for pos in range(24):
        r, c = divmod(pos, 6)
        x0, y0 = left.x0 + 8 + c * cw, left.y0 + 42 + r * 40
        box = (x0 + 2, y0 + 2, x0 + cw - 2, y0 + 36)
        if c >= cols:
            ctx.draw.rectangle(box, fill="#26272b")
            continue
        index = r * cols + c
        if index < len(v.guildhall):
            owner = v.guildhall[index]
            fill = ctx.fill(owner)
            ctx.draw.rounded_rectangle(box, radius=5, fill=fill, outline="#0c0c0c")
            draw_text_centered(
                ctx.draw,
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                v.players[owner].letter,
                font(22, bold=True),
                text_on(fill),
            )
        else:
            ctx.draw.rounded_rectangle(box, radius=5, outline=ctx.theme.panel_border, width=2)
            if index in v.reset_spaces:
                draw_text_centered(
                    ctx.draw,
                    ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                    "R",
                    font(22, bold=True),
                    ctx.theme.highlight,
                )
    draw_panel(ctx.draw, right, ctx.theme, radius=8)
    head = f"Cathedral ({v.rewards_left} rewards left)"
    draw_text(
        ctx.draw,
        (right.x0 + 8, right.y0 + 6),
        head,
        fit_font(head, right.width - 16, 22, bold=True),
        ctx.theme.text,
    )
    for level in range(5, 0, -1):
        vp, spaces, cost = v.cathedral[level - 1]
        y = right.y0 + 40 + (5 - level) * 33
        label = f"L{level} {vp}VP {cost}"
        draw_text(
            ctx.draw,
            (right.x0 + 8, y),
            label,
            fit_font(label, right.width * 0.55, 20),
            ctx.theme.text_muted,
        )
        x = right.x0 + right.width * 0.58
        there = [p for p in v.players if p.cathedral == level]
        for p in there:
            x += _chip(ctx, x, y - 2, p.index, p.letter, 20) + 4
        for _ in range(spaces - len(there)):
            ctx.draw.rounded_rectangle(
                (x, y, x + 22, y + 24), radius=5, outline=ctx.theme.panel_border, width=2
            )
            x += 26


def _virtue(ctx: _Ctx, rect: Rect) -> None:
    draw_panel(ctx.draw, rect, ctx.theme, radius=8)
    draw_text(ctx.draw, (rect.x0 + 8, rect.y0 + 4), "Virtue", font(20, bold=True), ctx.theme.text)
    cw = (rect.width - 16) / 15
    for v in range(15):
        x0 = rect.x0 + 8 + v * cw
        tint = "#5a2a2a" if v <= 4 else "#2a4a5a" if v >= 10 else "#303236"
        ctx.draw.rectangle((x0 + 1, rect.y0 + 28, x0 + cw - 1, rect.y1 - 6), fill=tint)
        draw_text(ctx.draw, (x0 + 3, rect.y0 + 28), str(v), font(16), ctx.theme.text_muted)
        here = [p for p in ctx.view.players if p.virtue == v]
        for k, p in enumerate(here[:6]):
            fill = ctx.fill(p.index)
            cx = x0 + 13 + (k % 2) * 24
            cy = rect.y0 + 60 + (k // 2) * 14
            ctx.draw.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=fill, outline="#0c0c0c")
            draw_text_centered(ctx.draw, (cx, cy), p.letter, font(17, bold=True), text_on(fill))


def _player(ctx: _Ctx, rect: Rect, p: PlayerView) -> None:
    v = ctx.view
    acting = p.index in v.to_act or (v.phase == "play" and p.index == v.current)
    draw_panel(
        ctx.draw,
        rect,
        ctx.theme,
        border=ctx.theme.highlight if acting else None,
        width=3 if acting else 2,
        radius=8,
    )
    x = rect.x0 + 8
    y = rect.y0 + 8
    w = _chip(ctx, x, y, p.index, p.letter, 24)
    name = ctx.name(p.index) + ("  - to act" if acting and v.phase != "over" else "")
    draw_text(
        ctx.draw,
        (x + w + 10, y + 1),
        name,
        fit_font(name, rect.width - w - 40, 26, bold=True),
        ctx.theme.text,
    )
    small = font(24)
    lines = [
        f"virtue {p.virtue}   silver {p.silver}   debts {p.debts} (paid {p.paid})   "
        f"Cathedral L{p.cathedral}",
        f"{_goods(p.goods)}   |   cards in hand {p.hand_count}",
        f"workers: {p.supply} left, {p.prison} in Prison, {p.guild} in Guildhall"
        + (
            f", captives: {' '.join(f'{c[0].upper()}{n}' for c, n in p.captured)}"
            if p.captured
            else ""
        ),
    ]
    if p.automaton:
        lines[1] = f"marble {dict(p.goods).get('marble', 0)}   (ignores other goods)"
    for k, line in enumerate(lines):
        draw_text(
            ctx.draw,
            (rect.x0 + 10, rect.y0 + 44 + k * 31),
            ellipsize(line, small, rect.width - 20),
            small,
            ctx.theme.text,
        )
    apprentices = (
        ", ".join(f"{a.name} [{''.join(SKILL_LETTER[s] for s in a.skills)}]" for a in p.apprentices)
        or "none"
    )
    buildings = ", ".join(f"{b.name} {b.vp}" for b in p.buildings) or "none"
    y = rect.y0 + 44 + 3 * 31
    y = _wrapped(ctx, rect, y, f"Apprentices: {apprentices}", 1)
    if p.hand is not None:  # only in the owner's own image
        y = _wrapped(ctx, rect, y, "Hand: " + (", ".join(b.name for b in p.hand) or "empty"), 1)
        _wrapped(ctx, rect, y, f"Buildings ({len(p.buildings)}): {buildings}", 1)
    else:
        _wrapped(ctx, rect, y, f"Buildings ({len(p.buildings)}): {buildings}", 2)


def _wrapped(ctx: _Ctx, rect: Rect, y: float, text: str, max_lines: int) -> float:
    fnt = font(23)
    lines = wrap_text(text, fnt, rect.width - 20)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " ...", fnt, rect.width - 20)
    for line in lines:
        draw_text(ctx.draw, (rect.x0 + 10, y), line, fnt, ctx.theme.text_muted)
        y += 30
    return y


def _result(ctx: _Ctx, rect: Rect) -> None:
    v = ctx.view
    draw_panel(ctx.draw, rect, ctx.theme, radius=8)
    fnt = font(22)
    bold = font(22, bold=True)
    title = v.reason or "Final scores"
    draw_text(
        ctx.draw,
        (rect.x0 + 8, rect.y0 + 6),
        ellipsize(title, bold, rect.width - 16),
        bold,
        ctx.theme.text,
    )
    for k, p in enumerate(v.players):
        if p.score is None:
            continue
        y = rect.y0 + 8 + (k + 1) * RESULT_LINE
        x = rect.x0 + 8
        x += _chip(ctx, x, y, p.index, p.letter, 21) + 8
        mark = " *" if p.index in v.winners else ""
        parts = " ".join(f"{SHORT_LINES.get(label, label)} {n}" for label, n in p.score)
        line = f"{p.total} VP{mark}: {parts}"
        draw_text(ctx.draw, (x, y + 2), ellipsize(line, fnt, rect.x1 - x - 8), fnt, ctx.theme.text)


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
    size: ignored beyond the fixed 800 px width (kept for the shared renderer signature).
    names: display names by seat (e.g. Discord nicknames); default: colour or character.
    """
    del size
    n = len(view.players)
    image, draw = new_canvas(WIDTH, height_for(n), theme)
    ctx = _Ctx(draw, theme, view, dict(names or {}))
    status = view.prompt
    draw_header(draw, Rect(0, 0, WIDTH, HEADER), "Architects", theme, status=status)
    y = HEADER
    _locations(ctx, Rect(PAD, y, WIDTH - PAD, y + LOCATIONS_H))
    y += LOCATIONS_H + PAD
    _market(ctx, Rect(PAD, y, WIDTH - PAD, y + MARKET_H))
    y += MARKET_H + PAD
    _workshop(ctx, Rect(PAD, y, WIDTH - PAD, y + WORKSHOP_H))
    y += WORKSHOP_H + PAD
    _guildhall(ctx, Rect(PAD, y, WIDTH - PAD, y + GUILD_H))
    y += GUILD_H + PAD
    _virtue(ctx, Rect(PAD, y, WIDTH - PAD, y + VIRTUE_H))
    y += VIRTUE_H + PAD
    for p in view.players:
        _player(ctx, Rect(PAD, y, WIDTH - PAD, y + PLAYER_H), p)
        y += PLAYER_H + PAD
    result_h = RESULT_LINE * (n + 2)
    if view.phase == "over":
        _result(ctx, Rect(PAD, y, WIDTH - PAD, y + result_h))
    y += result_h + PAD
    log = Rect(PAD, y, WIDTH - PAD, y + LOG_H)
    draw_panel(draw, log, theme, radius=8)
    fnt = font(20)
    scheme = f"Opponent's last Scheme: {view.last_scheme}" if view.last_scheme else ""
    lines = ([scheme] if scheme else []) + list(view.log[-(3 if scheme else 3) :])
    for k, line in enumerate(lines[:3]):
        draw_text(
            draw,
            (log.x0 + 8, log.y0 + 6 + k * 30),
            ellipsize(line, fnt, log.width - 16),
            fnt,
            theme.text_muted,
        )
    return image
