"""Cathedral renderer: goldens, pixel checks on meaning (pieces, territory, last move), limits."""

from __future__ import annotations

import dataclasses
import io
import subprocess
import sys

import pytest
from PIL import Image

import rendering
from rendering import cathedral
from rendering.base import DEFAULT, MAX_PNG_BYTES, Theme, hex_to_rgb
from tests.rendering import views
from tests.rendering.helpers import (
    assert_image_similar,
    assert_matches_golden,
    mean_abs_difference,
)
from tests.rendering.regenerate_goldens import CASES, NAMES


def render(view: object, **opts: object) -> Image.Image:
    """The cathedral board as RGB (the renderer returns the paletted image it uploads)."""
    return cathedral.render(view, **opts).convert("RGB")  # type: ignore[arg-type]


WIDTH = cathedral.DEFAULT_WIDTH


def _near(pixel: tuple[int, ...], colour: str, tolerance: int = 12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_to_rgb(colour), strict=True))


def _inside(row: int, col: int, fx: float = 0.25, fy: float = 0.25) -> tuple[int, int]:
    """A pixel well inside square (row, col), away from labels, outlines and the last-move ring."""
    rect = cathedral.compute_layout(WIDTH).board.cell_rect(row, col)
    return round(rect.x0 + fx * rect.width), round(rect.y0 + fy * rect.height)


@pytest.mark.parametrize("case", sorted(CASES))
def test_matches_golden(case: str) -> None:
    """Each reviewed golden image still renders the same (tolerance for font rasterisers)."""
    assert_matches_golden(CASES[case](), case)


def test_golden_check_catches_a_moved_highlight() -> None:
    """The golden tolerance is tight enough to notice the last-move ring on another piece."""
    moved = render(dataclasses.replace(views.midgame(), last_piece_id=10), names=NAMES)
    with pytest.raises(AssertionError, match="mean pixel difference"):
        assert_matches_golden(moved, "cathedral_midgame")


def test_pieces_and_territory_use_their_colours() -> None:
    """Light, dark and Cathedral squares, claimed squares and free squares read as different."""
    image = render(views.midgame())
    px = image.getpixel
    assert _near(px(_inside(0, 5)), DEFAULT.light_piece)  # light Academy at F1
    assert _near(px(_inside(0, 2, 0.3, 0.1)), DEFAULT.dark_piece)  # dark Bridge at C1
    assert _near(px(_inside(4, 4)), DEFAULT.cathedral)  # Cathedral arm at E5
    assert _near(px(_inside(5, 8)), DEFAULT.board_empty)  # free square I6
    # Claimed squares are tinted (hatch lines aside, most pixels carry the tint).
    dark_claim = [px(_inside(1, 0, fx, 0.5)) for fx in (0.1, 0.3, 0.5, 0.7, 0.9)]
    light_claim = [px(_inside(8, 9, fx, 0.5)) for fx in (0.1, 0.3, 0.5, 0.7, 0.9)]
    assert sum(_near(p, DEFAULT.territory_dark) for p in dark_claim) >= 2
    assert sum(_near(p, DEFAULT.territory_light) for p in light_claim) >= 2
    colours = {
        DEFAULT.light_piece,
        DEFAULT.dark_piece,
        DEFAULT.cathedral,
        DEFAULT.board_empty,
        DEFAULT.territory_light,
        DEFAULT.territory_dark,
    }
    assert len(colours) == 6


def test_adjacent_pieces_of_one_colour_are_separated() -> None:
    """Between two touching light pieces (Tavern H7 | Stable I7) the seam is not piece colour,
    while inside one piece (the Stable's two squares) there is no seam."""
    image = render(views.midgame())
    grid = cathedral.compute_layout(WIDTH).board
    seam_x = round(grid.cell_rect(6, 8).x0)
    y = round(grid.cell_rect(6, 8).y0 + grid.cell * 0.25)
    assert not _near(image.getpixel((seam_x, y)), DEFAULT.light_piece)
    inner_x = round(grid.cell_rect(6, 9).x0)
    assert _near(image.getpixel((inner_x, y)), DEFAULT.light_piece)


def test_last_move_is_ringed_in_the_highlight_colour() -> None:
    """The just-placed Square (D9:E10) gets the highlight ring; without a last move, none."""
    grid = cathedral.compute_layout(WIDTH).board
    rect = grid.cell_rect(8, 3)
    probe = (round(rect.x0 + grid.cell * 0.09), round(rect.center[1]))
    image = render(views.midgame())
    assert _near(image.getpixel(probe), DEFAULT.highlight)
    plain = render(dataclasses.replace(views.midgame(), last_piece_id=None))
    board_box = grid.rect.box()
    pixels = plain.crop(board_box).getcolors(maxcolors=1 << 16) or []
    assert not any(_near(colour, DEFAULT.highlight, 30) for _, colour in pixels)


def test_theme_colours_are_used() -> None:
    """Passing a theme changes the picture (the renderer reads colours from it)."""
    theme = dataclasses.replace(DEFAULT, light_piece="#00ff00")
    image = render(views.midgame(), theme=theme)
    assert _near(image.getpixel(_inside(0, 5)), "#00ff00")
    assert isinstance(theme, Theme)


def test_spectator_and_seats_see_the_same_image() -> None:
    """Cathedral has no secrets: the viewer does not change a single byte."""
    images = [
        rendering.render_png("cathedral", views.midgame(viewer=v))
        for v in (None, views.ALICE, views.BOB)
    ]
    assert images[0] == images[1] == images[2]


def test_render_is_deterministic() -> None:
    """Same view -> same PNG bytes, also from a separately built equal view."""
    first = rendering.render_png("cathedral", views.finished_series(), names=NAMES)
    again = rendering.render_png("cathedral", views.finished_series(), names=NAMES)
    assert first == again


@pytest.mark.parametrize("case", ["opening", "midgame", "finished_series"])
@pytest.mark.parametrize("size", [cathedral.MIN_WIDTH, WIDTH, cathedral.MAX_WIDTH])
def test_png_fits_the_upload_limit(case: str, size: int) -> None:
    """Every case at every allowed size encodes to at most 300 KB."""
    data = rendering.render_png("cathedral", getattr(views, case)(), size=size, names=NAMES)
    assert len(data) <= MAX_PNG_BYTES
    assert Image.open(io.BytesIO(data)).width == size


def test_size_is_clamped_and_sets_width() -> None:
    """Width follows `size` inside 480..1600 and is clamped outside it; the image is portrait."""
    assert render(views.midgame(), size=800).width == 800
    assert render(views.midgame(), size=100).width == cathedral.MIN_WIDTH
    big = render(views.midgame(), size=10_000)
    assert big.width == cathedral.MAX_WIDTH and big.height > big.width


def test_layout_keeps_board_and_labels_inside_the_image() -> None:
    """Geometry only: the walled board and its label bands fit, and cells are whole pixels."""
    for width in (cathedral.MIN_WIDTH, 777, WIDTH, cathedral.MAX_WIDTH):
        layout = cathedral.compute_layout(width)
        band = cathedral._LABEL_BAND * layout.cell
        assert layout.wall.x0 - band >= 0
        assert layout.wall.x1 + band <= width
        assert layout.header.y1 <= layout.wall.y0 - band
        assert layout.cell == int(layout.cell)
        assert layout.below_y >= layout.wall.y1 + band


def test_square_names() -> None:
    """A1 is the top-left square, J10 the bottom-right."""
    assert cathedral.square_name(0, 0) == "A1"
    assert cathedral.square_name(9, 9) == "J10"


def test_hands_are_drawn_in_the_owners_colours() -> None:
    """Emptying a hand removes its pictures: the panel area changes and loses piece colour."""
    full = render(views.midgame())
    empty_view = dataclasses.replace(
        views.midgame(), hands={"light": (), "dark": views.midgame().hands["dark"]}
    )
    empty = render(empty_view)
    layout = cathedral.compute_layout(WIDTH)
    left_panel = (0, round(layout.below_y), WIDTH // 2, full.height)
    light_in_full = full.crop(left_panel).getcolors(1 << 16) or []
    light_in_empty = (
        empty.crop((0, round(layout.below_y), WIDTH // 2, empty.height)).getcolors(1 << 16) or []
    )
    count = {True: 0, False: 0}
    for pixels, key in ((light_in_full, True), (light_in_empty, False)):
        count[key] = sum(n for n, c in pixels if _near(c, DEFAULT.light_piece, 4))
    assert count[True] > 5000
    assert count[False] < 1000  # only the little colour swatch by the name


def test_unusual_views_still_render() -> None:
    """Long names and results wrap or shrink, unknown names get a short label, no crash."""
    odd = dataclasses.replace(
        views.midgame(),
        pieces=(*views.midgame().pieces, views.PlacedPiece(99, "light", "Gatehouse", ((9, 0),))),
        finished=True,
        to_move=None,
        result_text="A very long result sentence " * 8,
        captured=(("light", "Cathedral", "cathedral"), ("dark", "Inn", "light")),
    )
    long_names = {views.ALICE: "Bartholomew the Magnificent of Écully", views.BOB: "Zoë"}
    image = render(odd, names=long_names)
    assert image.size == render(views.midgame()).size  # one size whatever the content


def test_dispatch_matches_direct_call_and_rejects_unknown_games() -> None:
    """The dispatch reaches the Cathedral renderer; unknown keys list the known ones."""
    direct = render(views.opening(), size=600)
    via = rendering.render("Cathedral", views.opening(), size=600)
    assert mean_abs_difference(direct, via) == 0
    assert_image_similar(via, direct)
    assert "cathedral" in rendering.games()
    with pytest.raises(KeyError, match="Renderers: .*cathedral"):
        rendering.render("chess", views.opening())


def test_rendering_imports_no_discord_and_no_engine() -> None:
    """Importing and using the renderers loads neither discord nor any game state/rules module
    (only the language kit, `bot.i18n`, which says the labels, and the pure texts and protocol
    it stands on)."""
    code = (
        "import sys, rendering, rendering.cathedral, rendering.base\n"
        "kit = {'bot.i18n', 'bot.i18n.catalogs', 'bot.i18n.saying', 'bot.games',\n"
        "       'bot.games.text', 'bot.games.protocol', 'bot.games.rejections'}\n"
        "bad = [m for m in sys.modules if m == 'discord' or m.startswith('discord.')\n"
        "       or (m.startswith('bot.') and m not in kit)]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_long_and_unsupported_names_fit_the_panel_title() -> None:
    """A 32-character name is cut with an ellipsis before "TO MOVE" (not shrunk to nothing);
    CJK becomes "?" and emoji are dropped instead of empty boxes."""
    from PIL import ImageChops

    def named(name: str) -> Image.Image:
        return render(views.midgame(), names={views.ALICE: name, views.BOB: "Zoë"})

    long, short = named("W" * 32), named("Wu")
    layout = cathedral.compute_layout(cathedral.DEFAULT_WIDTH, 10, 10)
    assert views.midgame().to_move == "light"  # so light's panel shows "TO MOVE"
    panel = layout.panels[0]
    box = (round(panel.x0), round(panel.y0), round(panel.x1), round(panel.y1))
    diff = ImageChops.difference(long.crop(box), short.crop(box)).getbbox()
    assert diff is not None
    to_move = cathedral.font(layout.text, bold=True)
    to_move_left = panel.width - layout.text * 0.5 - cathedral.text_width("TO MOVE", to_move)
    assert diff[2] < to_move_left
    # Readable: the long name's letters are at least 16 px tall (not shrunk to a smudge).
    assert diff[3] - diff[1] >= 14
    assert mean_abs_difference(named("李小龍"), named("???")) == 0
    assert mean_abs_difference(named("🎲 dice guy 🎲"), named("dice guy")) == 0


def test_the_capture_line_names_whose_piece_was_taken() -> None:
    """Under a player, captures read as what they took and from whom, never as their own loss."""
    view = dataclasses.replace(
        views.midgame(),
        captured=(
            ("dark", "Tavern", "light"),
            ("light", "Inn", "dark"),
            ("dark", "Cathedral", "cathedral"),
        ),
    )
    assert cathedral.took_line(view, "dark") == "Took: light's Tavern; the Cathedral"
    assert cathedral.took_line(view, "light") == "Took: dark's Inn"
    assert cathedral.took_line(dataclasses.replace(view, captured=()), "dark") == ""


def test_series_banner_names_the_winner_and_both_totals() -> None:
    """At the end of a series the banner uses the players' names and totals, not the engine's
    colour-in-game-1 sentence; a drawn series says so; a single game keeps the engine's text."""
    view = views.finished_series()
    totals = dict(view.series_totals)
    (best, low), (_, high) = sorted(totals.items(), key=lambda item: item[1])
    banner = cathedral._result_text(view, {best: "Zoë", 1 - best: "Max"})
    assert (
        banner
        == f"Zoë wins the series of 2 games with {low} points against {high} (lower is better)."
    )
    drawn = dataclasses.replace(view, series_totals=dict.fromkeys(totals, 9))
    assert cathedral._result_text(drawn, None) == "The series of 2 games is drawn at 9 points each."
    single = dataclasses.replace(view, games_in_series=1, game_number=1)
    assert cathedral._result_text(single, None) == view.result_text
    assert cathedral._result_text(dataclasses.replace(view, finished=False), None) == ""


# --- what the last move did: number, notation, skip, capture ---------------------------------


def test_status_lines_give_move_number_last_move_skip_and_capture() -> None:
    first, second = cathedral.status_lines(views.midgame(), NAMES)
    assert first == "Move 12: Dark (Bob) played Square D9 0"
    assert second == ""
    first, second = cathedral.status_lines(views.capture_and_skip(), NAMES)
    assert second == ("Took light's Inn (crossed squares); Light skipped (no legal placement)")
    assert cathedral.status_lines(views.opening())[0] == "Move 0: no building placed yet"
    over = dataclasses.replace(views.midgame(), finished=True, to_move=None, result_text="Done.")
    assert cathedral.status_lines(over)[1] == "Done."


def test_captured_squares_are_crossed_out_for_one_move() -> None:
    grid = cathedral.compute_layout(WIDTH).board
    marked = render(views.capture_and_skip())
    plain = render(dataclasses.replace(views.capture_and_skip(), last_captured=()))
    for row, col in ((8, 0), (9, 0), (9, 1)):
        box = grid.cell_rect(row, col).box()
        hot = [
            c for _, c in marked.crop(box).getcolors(1 << 16) or [] if _near(c, DEFAULT.highlight)
        ]
        assert hot, (row, col)
        assert not [
            c for _, c in plain.crop(box).getcolors(1 << 16) or [] if _near(c, DEFAULT.highlight)
        ]


def test_no_hatch_in_the_gaps_round_a_building_on_claimed_squares() -> None:
    """A light Tavern on a light-claimed square: the gap round it is plain board, not hatch."""
    view = views.midgame()
    terr = [list(row) for row in view.territory]
    terr[6][7] = "light"  # the light Tavern's square (G7)
    image = render(dataclasses.replace(view, territory=tuple(tuple(r) for r in terr)))
    rect = cathedral.compute_layout(WIDTH).board.cell_rect(6, 7)
    ring = [
        image.getpixel((round(rect.x0 + 2), round(rect.y0 + rect.height * f))) for f in (0.3, 0.6)
    ]
    assert not any(
        _near(p, DEFAULT.territory_light, 8) or _near(p, DEFAULT.hatch_light, 8) for p in ring
    )


def test_hand_rotations_match_the_engine_notation() -> None:
    """The hand drawings show exactly the engine's distinct rotations, in order, each with the
    same shape, and the dotted square is the anchor the notation names (topmost, then leftmost)."""
    from bot.games.cathedral.pieces import PIECES, Colour, Kind, distinct_rotations, oriented

    for kind in Kind:
        for colour in (None,) if kind is Kind.CATHEDRAL else (Colour.LIGHT, Colour.DARK):
            base = PIECES[kind].cells(colour)
            ours = cathedral.distinct_turns(base)
            assert [deg for deg, _ in ours] == list(distinct_rotations(kind, colour)), kind
            for degrees, shape in ours:
                assert set(shape) == set(oriented(kind, colour, degrees)), (kind, degrees)
                assert shape[0] == min(shape)  # reading order: the anchor comes first
