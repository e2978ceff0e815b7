"""Shared rendering helpers: pure geometry first, then fonts, drawing helpers and PNG output."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from rendering import base
from rendering.base import (
    DEFAULT,
    Grid,
    Rect,
    flow_layout,
    inset_outline,
    label_point,
    polyomino_outline,
)


def test_cell_rect_row_zero_is_top_row() -> None:
    """Cell (row, col) maps to x from col and y from row, row 0 at the top."""
    grid = Grid(x=10, y=20, cell=50, rows=10, cols=10)
    assert grid.cell_rect(0, 0) == Rect(10, 20, 60, 70)
    assert grid.cell_rect(2, 3) == Rect(160, 120, 210, 170)
    assert grid.rect == Rect(10, 20, 510, 520)


def test_cell_at_inverts_cell_rect_and_rejects_outside() -> None:
    """Pixel -> cell is the inverse of cell -> pixel and None off the board."""
    grid = Grid(x=10, y=20, cell=50, rows=10, cols=10)
    for row, col in ((0, 0), (4, 7), (9, 9)):
        cx, cy = grid.cell_rect(row, col).center
        assert grid.cell_at(cx, cy) == (row, col)
    assert grid.cell_at(5, 25) is None
    assert grid.cell_at(515, 100) is None


def test_outline_of_square_piece_is_its_four_corners() -> None:
    """A 2x2 piece has one loop of 4 corners, clockwise on screen from the top-left."""
    assert polyomino_outline([(0, 0), (0, 1), (1, 0), (1, 1)]) == [(0, 0), (2, 0), (2, 2), (0, 2)]


def test_outline_of_l_and_plus_shapes() -> None:
    """Corner counts: L-tromino 6, plus-shaped Infirmary 12; straight runs are merged."""
    inn = polyomino_outline([(0, 0), (0, 1), (1, 1)])
    assert inn == [(0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)]
    plus = polyomino_outline([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])
    assert len(plus) == 12
    assert polyomino_outline([(0, 0), (1, 0), (2, 0)]) == [(0, 0), (1, 0), (1, 3), (0, 3)]


def test_inset_moves_every_corner_inwards() -> None:
    """Insetting a unit square by 0.1 shrinks it on all sides; a concave corner moves out of
    the notch (towards the piece), keeping the gap the same everywhere."""
    square = inset_outline([(0, 0), (1, 0), (1, 1), (0, 1)], 0.1)
    # Flattened: newer pytest.approx refuses nested sequences.
    assert [c for point in square for c in point] == pytest.approx(
        [0.1, 0.1, 0.9, 0.1, 0.9, 0.9, 0.1, 0.9]
    )
    inn = inset_outline([(0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)], 0.1)
    # The concave corner (1, 1) moves to (1.1, 0.9): right of the notch column, above its row.
    assert inn[4] == pytest.approx((1.1, 0.9))


def test_label_point_centres_rectangles_and_avoids_bends() -> None:
    """Rectangles get their middle; bent shapes get the cell nearest their centre of mass."""
    assert label_point([(3, 0), (3, 1)]) == (3.0, 0.5)
    assert label_point([(0, 0), (0, 1), (1, 0), (1, 1)]) == (0.5, 0.5)
    assert label_point([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1), (3, 1)]) == (1.0, 1.0)
    row, col = label_point([(0, 0), (0, 1), (1, 1), (1, 2)])  # Z shape
    assert row.is_integer() and col.is_integer()


def test_flow_layout_wraps_rows() -> None:
    """Boxes wrap when the next would pass max_width; the total height covers the last row."""
    positions, height = flow_layout([(40, 10), (40, 20), (40, 10)], 100, 10, 5)
    assert positions == [(0, 0), (50, 0), (0, 25)]
    assert height == 35
    assert flow_layout([], 100, 10, 5) == ([], 0.0)


def test_theme_seat_colours_by_name_and_index() -> None:
    """Five distinct seat colours, found by name or index; unknown names raise a clear error."""
    colours = {DEFAULT.seat_colour(i) for i in range(5)}
    assert len(colours) == 5
    assert DEFAULT.seat_colour("blue") == DEFAULT.seat_colour(1)
    with pytest.raises(KeyError, match="orange"):
        DEFAULT.seat_colour("orange")


def test_colour_maths() -> None:
    """mix interpolates, text_on picks a readable ink."""
    assert base.mix("#000000", "#ffffff", 0.5) == "#808080"
    assert base.text_on("#ffffff") == "#111111"
    assert base.text_on("#000000") == "#ffffff"


def test_fonts_are_cached_and_scalable() -> None:
    """Same size -> same object; bigger size -> wider text; fit_font shrinks to fit."""
    assert base.font(20) is base.font(20)
    assert base.text_width("Cathedral", base.font(40)) > base.text_width("Cathedral", base.font(20))
    fitted = base.fit_font("Cathedral", 60, 40)
    assert base.text_width("Cathedral", fitted) <= 60


def test_fonts_cover_accented_names() -> None:
    """Player names with accents draw real glyphs, not the same missing-glyph box."""
    fnt = base.font(30)
    assert fnt.getmask("é").getbbox() != fnt.getmask("\uffff").getbbox()


def test_wrap_text_respects_width() -> None:
    """Every wrapped line fits except a lone word that is longer than the width."""
    fnt = base.font(20)
    lines = base.wrap_text("Dark wins game 2 with 3 squares left against 8.", fnt, 150)
    assert len(lines) > 1
    assert all(base.text_width(line, fnt) <= 150 for line in lines)


def test_dice_faces_differ() -> None:
    """Each value 1-6 draws a different picture; dimmed dice are darker on a dark theme."""
    pictures = []
    for value in range(1, 7):
        image, draw = base.new_canvas(60, 60, DEFAULT)
        base.draw_die(draw, Rect(5, 5, 55, 55), value, DEFAULT)
        pictures.append(image.tobytes())
    assert len(set(pictures)) == 6
    image, draw = base.new_canvas(60, 60, DEFAULT)
    base.draw_die(draw, Rect(5, 5, 55, 55), 1, DEFAULT, dimmed=True)
    assert image.getpixel((12, 12)) != Image.new("RGB", (1, 1), DEFAULT.die_face).getpixel((0, 0))


def test_header_panel_legend_and_boxes_draw() -> None:
    """The general helpers paint inside their rectangles (smoke test for other games)."""
    image, draw = base.new_canvas(600, 300, DEFAULT)
    before = image.tobytes()
    base.draw_header(draw, Rect(0, 0, 600, 60), "Kingsburg - year 2", DEFAULT, status="Spring")
    base.draw_panel(draw, Rect(10, 70, 290, 290), DEFAULT)
    base.draw_labelled_box(draw, Rect(20, 80, 120, 160), "Gold", "3", DEFAULT)
    used = base.draw_legend(
        draw,
        (310, 80),
        [(DEFAULT.seat_colour(i), f"Seat {i + 1}") for i in range(5)],
        DEFAULT,
        max_width=280,
    )
    assert used > 22  # five entries wrap onto more than one row in 280 px
    assert image.tobytes() != before
    assert image.getpixel((5, 295)) == image.getpixel((599, 299))  # untouched corner stays bg


def test_png_bytes_are_small_palette_pngs() -> None:
    """to_png_bytes returns a paletted PNG that decodes to the same size."""
    image, draw = base.new_canvas(400, 300, DEFAULT)
    base.draw_panel(draw, Rect(10, 10, 390, 290), DEFAULT)
    data = base.to_png_bytes(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P" and decoded.size == (400, 300)


def test_png_over_the_limit_raises() -> None:
    """Noise cannot be squeezed under a tiny limit: a clear error, not a huge upload."""
    rng = random.Random(1)
    noise = Image.frombytes("RGB", (200, 200), bytes(rng.randrange(256) for _ in range(120_000)))
    with pytest.raises(ValueError, match="over the 1000 byte limit"):
        base.to_png_bytes(noise, max_bytes=1000)


# --- player names: no tofu boxes, cut to the room available ---------------------------------


def test_has_glyph_tells_real_glyphs_from_the_missing_glyph_box() -> None:
    fnt = base.font(24, bold=True)
    for ch in "AzëÜŁΩжй":
        assert base.has_glyph(ch, fnt), ch
    for ch in ("李", "🎲", "\U0010fffd"):
        assert not base.has_glyph(ch, fnt), ch


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Zoë Jürgen", "Zoë Jürgen"),
        ("Ωμέγα Привет Łódź", "Ωμέγα Привет Łódź"),
        ("李小龍", "???"),
        ("🎲 dice guy 🎲", "dice guy"),
        ("👍🏽", "?"),  # nothing drawable left: never an empty name
    ],
)
def test_fit_name_replaces_characters_the_font_cannot_draw(name: str, expected: str) -> None:
    fnt = base.font(24, bold=True)
    assert base.fit_name(name, fnt, 10_000) == expected


def test_fit_name_cuts_long_names_with_an_ellipsis() -> None:
    fnt = base.font(20, bold=True)
    fitted = base.fit_name("A" * 32, fnt, 200)
    assert fitted.endswith("\u2026") and fitted.startswith("AAAA")
    assert base.text_width(fitted, fnt) <= 200
    assert len(fitted) < 32
    assert base.fit_name("Zoë", fnt, 200) == "Zoë"  # short names untouched


# --- the kit: cached text, palette from the colours drawn, static layers, recorded text -----


def test_cached_text_draws_what_pillow_draws() -> None:
    """KitDraw's cached-bitmap text matches Pillow's own text at whole-pixel positions."""
    from PIL import ImageDraw

    fnt = base.font(28, bold=True)
    for anchor in ("la", "mm", "rm", "ls"):
        ours = Image.new("RGB", (300, 80), DEFAULT.background)
        theirs = ours.copy()
        base.KitDraw(ours).text(
            (150, 40), "Kingsburg 3", fill=DEFAULT.text, font=fnt, anchor=anchor
        )
        base.KitDraw(ours).text(
            (150, 40), "Kingsburg 3", fill=DEFAULT.text, font=fnt, anchor=anchor
        )
        ImageDraw.Draw(theirs).text(
            (150, 40), "Kingsburg 3", fill=DEFAULT.text, font=fnt, anchor=anchor
        )
        ImageDraw.Draw(theirs).text(
            (150, 40), "Kingsburg 3", fill=DEFAULT.text, font=fnt, anchor=anchor
        )
        assert ours.tobytes() == theirs.tobytes(), anchor


def test_finish_keeps_flat_colours_and_png_encodes_the_paletted_image() -> None:
    image, draw = base.new_canvas(400, 300, DEFAULT)
    colours = [DEFAULT.seat_colour(i) for i in range(5)] + [DEFAULT.gold, DEFAULT.wood]
    for i, colour in enumerate(colours):
        draw.rectangle((10 + i * 50, 10, 50 + i * 50, 100), fill=colour)
    draw.text((20, 150), "Move 12", fill=DEFAULT.text, font=base.font(28))
    done = base.finish(image, draw)
    assert done.mode == "P" and done.size == image.size
    rgb = done.convert("RGB")
    for i, colour in enumerate(colours):
        assert rgb.getpixel((30 + i * 50, 50)) == base.hex_to_rgb(colour)
    assert rgb.getpixel((5, 295)) == base.hex_to_rgb(DEFAULT.background)
    data = base.to_png_bytes(done)
    decoded = Image.open(io.BytesIO(data))
    assert decoded.mode == "P" and decoded.convert("RGB").tobytes() == rgb.tobytes()


def test_finish_reuses_a_palette_only_for_the_same_colours() -> None:
    # The palette is cached by the colours drawn: a board with one new colour must get it exact,
    # and the image handed back must not share or alter the cached palette.
    def board(extra: str | None) -> Image.Image:
        image, draw = base.new_canvas(120, 60, DEFAULT)
        draw.rectangle((0, 0, 40, 40), fill=DEFAULT.gold)
        if extra:
            draw.rectangle((60, 0, 100, 40), fill=extra)
        draw.text((5, 45), "Year 2", fill=DEFAULT.text, font=base.font(12))
        return base.finish(image, draw)

    first, second = board(None), board(None)
    assert first.getpalette() == second.getpalette()
    second.putpalette([0, 0, 0] * 256)  # a caller changing its image leaves later boards intact
    odd = "#13579b"
    third = board(odd)
    assert third.convert("RGB").getpixel((80, 20)) == base.hex_to_rgb(odd)
    assert board(None).getpalette() == first.getpalette()


def test_outline_is_a_fresh_list_each_call() -> None:
    # Outlines are cached per cell set; a caller editing its list must not change the next one.
    cells = [(0, 0), (0, 1)]
    first = polyomino_outline(cells)
    first.append((9, 9))
    assert polyomino_outline(reversed(cells)) == [(0, 0), (2, 0), (2, 1), (0, 1)]


def test_static_layer_is_painted_once_and_copied_per_render() -> None:
    calls = []

    def paint(image: Image.Image, draw: base.KitDraw) -> None:
        calls.append(1)
        draw.rectangle((0, 0, 10, 10), fill="#123456")

    first = base.static_layer(("test", 1), (40, 30), DEFAULT, paint)
    again = base.static_layer(("test", 1), (40, 30), DEFAULT, paint)
    assert first is again and len(calls) == 1
    image, draw = base.canvas_from(first)
    draw.rectangle((20, 20, 30, 30), fill="#ff0000")
    assert first.image.getpixel((25, 25)) != image.getpixel((25, 25))  # the layer is untouched
    assert (0x12, 0x34, 0x56) in draw.colours  # the layer's colours join the palette


def test_record_text_logs_every_size_against_the_width() -> None:
    image, draw = base.new_canvas(800, 100, DEFAULT)
    with base.record_text() as log:
        draw.text((10, 10), "big", fill=DEFAULT.text, font=base.font(30))
        base.draw_text_centered(draw, (400, 50), "small", base.font(12), DEFAULT.text)
    draw.text((10, 60), "not recorded", fill=DEFAULT.text, font=base.font(9))
    assert [(r.size, r.width, r.text) for r in log] == [(30, 800, "big"), (12, 800, "small")]
    assert base.min_text_px(1000) == 28 and base.min_text_px(400) == 11


def test_seat_badge_writes_the_letter() -> None:
    image, draw = base.new_canvas(60, 60, DEFAULT)
    with base.record_text() as log:
        base.draw_seat_badge(draw, Rect(10, 10, 50, 50), DEFAULT.seat_colour("red"), "R")
    assert [r.text for r in log] == ["R"]
    assert base.seat_letter("purple") == "P" and base.seat_letter("light") == "L"
    assert base.seat_letter(2) == "3"
