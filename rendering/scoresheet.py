"""The score sheet drawn at the end of every game, shared by all games.

    sheet = scoresheet.sheet_from_outcome("Kingsburg", outcome, names, labels)
    image = scoresheet.render(sheet)            # PIL image, 800 px wide by default
    data = scoresheet.render_png(sheet)         # PNG bytes for the result post

The rows are the game's own scoring categories (`Outcome.breakdown`, in the engine's order), one
column per player with their name, side and a letter (so no one needs to tell colours apart),
a bold total row, the winners marked with a star and named under the table, and the engine's
sentence (which names a tie-break) below. Sized to stay readable shrunk to 400 px on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.games.protocol import Outcome, Seat
from bot.games.text import tx
from bot.i18n import say, tr
from rendering.base import (
    DEFAULT,
    Colour,
    Font,
    Rect,
    Theme,
    draw_panel,
    draw_swatch,
    draw_text_centered,
    draw_wrapped,
    ellipsize,
    fit_font,
    font,
    measure_wrapped,
    mix,
    new_canvas,
    seat_letter,
    text_width,
    to_png_bytes,
)

DEFAULT_WIDTH = 800
MIN_WIDTH, MAX_WIDTH = 480, 1600
OPPONENT_COLOUR = "#1e1e1e"
OPPONENT_MARK = "K"
"""The automated opponent's column: black with a K, as on the Architects board."""
OPPONENT_SIDE = tx("automated opponent")
SCORE = tx("Score")
"""The one row of a seat without a breakdown."""


@dataclass(frozen=True, slots=True)
class SheetPlayer:
    """One column: the player's name, their side in the game ("red", "light") and its colour."""

    name: str
    side: str
    colour: Colour
    mark: str


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Everything drawn: `points[p][c]` is player p's points in `categories[c]`."""

    title: str
    players: tuple[SheetPlayer, ...]
    categories: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    winners: frozenset[int]
    lower_is_better: bool
    note: str
    tie_break: str = ""
    """The tie-break that decided (`Outcome.tie_break`), named in the winner line."""
    ratings: tuple[str, ...] | None = None
    """Optional: per player the change of their rating ("+42"), drawn as a last row."""

    @property
    def winner_line(self) -> str:
        """ "Winner: Ann" / "Shared victory: Ann and Bob", with the tie-break that decided
        ("Winner: Ann (tie broken by virtue)")."""
        names = [self.players[i].name for i in sorted(self.winners)]
        if not names:
            return tr("No winner")
        if len(names) == 1:
            if self.tie_break:
                return tr(
                    "Winner: {name} (tie broken by {tie_break})",
                    name=names[0],
                    tie_break=self.tie_break,
                )
            return tr("Winner: {name}", name=names[0])
        some, last = ", ".join(names[:-1]), names[-1]
        if self.tie_break:
            return tr(
                "Shared victory: {names} and {last} (tie broken by {tie_break})",
                names=some,
                last=last,
                tie_break=self.tie_break,
            )
        return tr("Shared victory: {names} and {last}", names=some, last=last)


def side_colour(side: str, index: int, theme: Theme = DEFAULT) -> Colour:
    """The colour of a side: a seat colour by name ("red"), a piece colour ("light" ->
    `theme.light_piece`), else the seat's colour by index."""
    try:
        return theme.seat_colour(side)
    except KeyError:
        pass
    piece = getattr(theme, f"{side.lower()}_piece", None)
    return piece if isinstance(piece, str) else theme.seat_colour(index)


def sheet_from_outcome(
    title: str,
    outcome: Outcome,
    names: Sequence[str],
    sides: Sequence[str],
    theme: Theme = DEFAULT,
) -> ScoreSheet:
    """A sheet from an engine outcome: `names` and `sides` (`engine.seat_label`) by seat, then
    one column per player without a seat (`Outcome.others`: the automated opponent, black with
    a K).

    Categories keep the order the engine gives (the first seat's, then any others'); a player
    without points in a category shows 0. A seat without a breakdown gets one "Score" row."""
    seats = [Seat(i) for i in range(len(names))]
    columns = [
        outcome.breakdown.get(seat) or {SCORE: outcome.scores.get(seat, 0)} for seat in seats
    ]
    columns += [dict(lines) for lines in outcome.others.values()]
    categories: list[str] = []
    for parts in columns:
        for label in parts:
            if label not in categories:
                categories.append(label)
    points = [tuple(int(parts.get(c, 0)) for c in categories) for parts in columns]
    players = tuple(
        SheetPlayer(name, side, side_colour(side, i, theme), _mark(side, i, sides))
        for i, (name, side) in enumerate(zip(names, sides, strict=True))
    ) + tuple(
        SheetPlayer(name, OPPONENT_SIDE, OPPONENT_COLOUR, OPPONENT_MARK) for name in outcome.others
    )
    # zip stops at the seats: the columns without a seat follow, totalled from their lines.
    totals = [int(outcome.scores.get(s, sum(p))) for s, p in zip(seats, points, strict=False)]
    totals += [sum(p) for p in points[len(seats) :]]
    winners = {int(s) for s in outcome.winners}
    seat_best = max((totals[i] for i in winners), default=None)
    for j in range(len(seats), len(columns)):
        # A player without a seat wins when no seat did, or by more points than the winners.
        if outcome.termination == "opponent_won" or (
            seat_best is not None and totals[j] > seat_best
        ):
            winners.add(j)
    return ScoreSheet(
        title=title,
        players=players,
        categories=tuple(categories),
        points=tuple(points),
        totals=tuple(totals),
        winners=frozenset(winners),
        lower_is_better=outcome.lower_is_better,
        note=outcome.reason,
        tie_break=outcome.tie_break,
    )


def _mark(side: str, index: int, sides: Sequence[str]) -> str:
    """The letter the boards draw on this seat's marks (`seat_letter` of its side: R for red, L
    for light), so a column matches the pieces; the seat number when two sides share a letter."""
    letter = seat_letter(side)
    shared = sum(1 for s in sides if seat_letter(s) == letter) > 1
    return str(index + 1) if shared or not letter.isalnum() else letter


def render(sheet: ScoreSheet, *, theme: Theme = DEFAULT, size: int = DEFAULT_WIDTH) -> Image.Image:
    """Draw the sheet `size` px wide (clamped to 480..1600); the height follows the rows."""
    width = max(MIN_WIDTH, min(MAX_WIDTH, int(size)))
    u = width / 800  # every measure below is for 800 px and scales with the width
    pad = int(24 * u)
    label_w = int(250 * u)
    n = max(1, len(sheet.players))
    col_w = (width - 2 * pad - label_w) / n
    row_h = int(46 * u)
    head_h = int(150 * u)  # swatch, a name on up to two lines, the side
    small = math.ceil(22 * u)  # 11 px when the sheet is shown 400 px wide (phone width)
    title_h = int(64 * u)
    body_font = font(int(26 * u))
    bold = font(int(26 * u), bold=True)
    note_font = font(int(24 * u))
    note_text = say(sheet.note)
    if sheet.lower_is_better and "lower" not in str(sheet.note).lower():
        note_text = tr("{note} Lower totals are better.", note=note_text).strip()
    note_h = measure_wrapped(note_text, note_font, width - 2 * pad) if note_text else 0
    win_font = font(int(30 * u), bold=True)
    win_text = "\u2605 " + sheet.winner_line
    win_h = measure_wrapped(win_text, win_font, width - 2 * pad)
    name_font = font(small, bold=True)
    name_w = col_w - 6 * u
    # The star goes beside the winner's swatch, not before the name: a name keeps its width.
    heads = [_name_lines(p.name, name_font, name_w) for p in sheet.players]
    if any("\u2026" in line for lines in heads for line in lines):
        # A name too long for its column: every name in full under the table, by its letter.
        legend = "; ".join(
            tr("{mark} = {name} ({side})", mark=p.mark, name=p.name, side=p.side)
            for p in sheet.players
        )
        note_text = f"{legend}. {note_text}".strip()
        note_h = measure_wrapped(note_text, note_font, width - 2 * pad)
    rows = len(sheet.categories) + 1 + (sheet.ratings is not None)
    height = int(title_h + head_h + rows * row_h + pad * 3 + win_h + 12 * u + note_h + pad)
    image, draw = new_canvas(width, height, theme)

    title = say(sheet.title)
    title_font = fit_font(title, width - 2 * pad, int(36 * u), min_size=small, bold=True)
    draw.text((pad, title_h / 2 + pad / 2), title, font=title_font, fill=theme.text, anchor="lm")
    top = title_h + pad / 2
    table = Rect(pad / 2, top, width - pad / 2, top + head_h + rows * row_h + pad / 2)
    draw_panel(draw, table, theme, radius=int(12 * u))

    # Stripes first, so the winners' column tint lies over them.
    for r in range(1, len(sheet.categories), 2):
        y = top + head_h + r * row_h
        stripe = _tint(theme.panel, theme.text, 0.04)
        draw.rectangle((pad, y, width - pad, y + row_h), fill=stripe)
    # Column heads: swatch with the letter, the name, the side; a star over each winner.
    for i, player in enumerate(sheet.players):
        x0 = pad + label_w + i * col_w
        cx = x0 + col_w / 2
        if i in sheet.winners:
            draw.rounded_rectangle(
                (x0 + 3 * u, top + 6 * u, x0 + col_w - 3 * u, table.y1 - 6 * u),
                radius=int(10 * u),
                fill=_tint(theme.panel, theme.highlight),
            )
        sw = int(min(40 * u, col_w * 0.5))
        swatch = Rect(cx - sw / 2, top + 10 * u, cx + sw / 2, top + 10 * u + sw)
        draw_swatch(draw, swatch, player.colour, label=player.mark)
        if i in sheet.winners:
            star_font = font(int(sw * 0.8), bold=True)
            draw.text(
                (swatch.x0 - 6 * u, (swatch.y0 + swatch.y1) / 2),
                "\u2605",
                font=star_font,
                fill=theme.highlight,
                anchor="rm",
            )
        lines = heads[i]
        for k, shown in enumerate(lines):
            y_name = top + 10 * u + sw + (20 + 24 * k + (12 if len(lines) == 1 else 0)) * u
            draw_text_centered(draw, (cx, y_name), shown, name_font, theme.text)
        side_font = font(small)
        side = ellipsize(say(player.side), side_font, col_w - 6 * u)
        draw_text_centered(
            draw, (cx, top + 10 * u + sw + 76 * u), side, side_font, theme.text_muted
        )

    # Category rows, then the total.
    y = top + head_h
    for r, category in enumerate((*(say(c) for c in sheet.categories), tr("Total"))):
        is_total = r == len(sheet.categories)
        if is_total:
            draw.line((pad, y, width - pad, y), fill=theme.text_muted, width=max(1, int(2 * u)))
        fnt = bold if is_total else body_font
        # A long category name is set a little smaller (never below the phone-legible size)
        # before anything is cut.
        label_font = fit_font(category, label_w - 8 * u, fnt.size, min_size=small, bold=is_total)
        label = ellipsize(category, label_font, label_w - 8 * u)
        draw.text(
            (pad + 6 * u, y + row_h / 2), label, font=label_font, fill=theme.text, anchor="lm"
        )
        for i in range(len(sheet.players)):
            value = sheet.totals[i] if is_total else sheet.points[i][r]
            cx = pad + label_w + i * col_w + col_w / 2
            colour = theme.text if is_total or value else theme.text_muted
            draw_text_centered(draw, (cx, y + row_h / 2), str(value), fnt, colour)
        y += row_h

    if sheet.ratings is not None:
        _rating_row(draw, sheet.ratings, (pad, y, label_w, col_w, row_h), small, theme)

    # The winners by name, then the engine's sentence (it names what broke a tie).
    y = table.y1 + pad
    draw_wrapped(draw, (pad, y), win_text, win_font, theme.text, width - 2 * pad)
    if note_text:
        draw_wrapped(
            draw, (pad, y + win_h + 12 * u), note_text, note_font, theme.text_muted, width - 2 * pad
        )
    return image


def _rating_row(
    draw: ImageDraw.ImageDraw,
    ratings: Sequence[str],
    box: tuple[float, float, float, float, float],
    size: int,
    theme: Theme,
) -> None:
    """The "Rating" row under the totals: the change of each player's rating."""
    pad, y, label_w, col_w, row_h = box
    fnt = font(size)
    draw.text(
        (pad + 6 * row_h / 46, y + row_h / 2),
        tr("Rating"),
        font=fnt,
        fill=theme.text_muted,
        anchor="lm",
    )
    for i, text in enumerate(ratings):
        cx = pad + label_w + i * col_w + col_w / 2
        shown = ellipsize(text, fnt, col_w - 6)
        draw_text_centered(draw, (cx, y + row_h / 2), shown, fnt, theme.text_muted)


def _name_lines(name: str, fnt: Font, max_width: float) -> list[str]:
    """A column head's name on one line, else split at the space that fits best on two (each
    line cut with "\u2026" only if a single word is too long): names are never shrunk below the
    phone-legible size."""
    if text_width(name, fnt) <= max_width or " " not in name:
        return [ellipsize(name, fnt, max_width)]
    words = name.split(" ")
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    first, second = min(splits, key=lambda p: max(text_width(p[0], fnt), text_width(p[1], fnt)))
    return [ellipsize(first, fnt, max_width), ellipsize(second, fnt, max_width)]


def _tint(base: Colour, over: Colour, amount: float = 0.18) -> Colour:
    return mix(base, over, amount)


def render_png(sheet: ScoreSheet, *, theme: Theme = DEFAULT, size: int = DEFAULT_WIDTH) -> bytes:
    """`render`, encoded as a small PNG for upload."""
    return to_png_bytes(render(sheet, theme=theme, size=size))


__all__ = [
    "ScoreSheet",
    "SheetPlayer",
    "render",
    "render_png",
    "sheet_from_outcome",
    "side_colour",
]
