"""`cached_tile`: a part of a board pasted from the cache is the very picture painting it gives,
with the same colours noted for the palette and the same texts recorded; a paint that reaches
outside its box is painted every time instead."""

from __future__ import annotations

from rendering.base import DEFAULT, KitDraw, cached_tile, font, new_canvas, record_text


def _board(key: tuple[object, ...], box: tuple[int, int, int, int], reach: int = 0) -> KitDraw:
    image, draw = new_canvas(300, 200, DEFAULT)
    calls: list[int] = []

    def paint() -> None:
        calls.append(1)
        draw.rectangle((box[0] + 5, box[1] + 5, box[2] - 5 + reach, box[3] - 5), fill="#5a3519")
        draw.text((box[0] + 8, box[1] + 8), "Inn", fill="#f7ecd0", font=font(20))

    cached_tile(draw, key, box, paint)
    draw.painted = len(calls)  # type: ignore[attr-defined]
    return draw


def test_a_pasted_tile_is_the_painted_picture() -> None:
    key = ("test-tile", 1)
    with record_text() as first_texts:
        first = _board(key, (40, 30, 140, 90))
    with record_text() as again_texts:
        again = _board(key, (40, 30, 140, 90))
    assert first.painted == 1 and again.painted == 0, "the second board pastes, not paints"
    assert first._image.tobytes() == again._image.tobytes()
    assert list(first.colours) == list(again.colours)
    assert list(first.text_colours) == list(again.text_colours)
    assert [t.text for t in first_texts] == [t.text for t in again_texts] == ["Inn"]


def test_a_paint_outside_its_box_is_never_cached() -> None:
    key = ("test-tile", 2)
    first = _board(key, (40, 30, 140, 90), reach=12)
    again = _board(key, (40, 30, 140, 90), reach=12)
    assert first.painted == 1 and again.painted == 1
    assert first._image.tobytes() == again._image.tobytes()
