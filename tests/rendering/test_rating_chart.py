"""The rating chart of `/ratings profile` keeps one size whatever the history, writes no
text smaller than the phone minimum, and marks each game's line with its letter; the score
sheet's optional rating row stays legible too."""

from __future__ import annotations

import dataclasses

from bot.games.protocol import Outcome, Seat
from rendering import ratingchart, scoresheet
from rendering.base import min_text_px, record_text


def _histories(n: int) -> list[tuple[str, tuple[int, ...]]]:
    return [(f"Game {i}", tuple(1000 + 17 * j * (-1) ** i for j in range(n))) for i in range(5)]


def test_the_chart_has_one_size_and_phone_legible_text() -> None:
    sizes = set()
    for history in ([("Kingsburg", (1000,))], _histories(2), _histories(60)):
        with record_text() as texts:
            image = ratingchart.render("Ann: rating", history)
        sizes.add(image.size)
        assert min(t.size for t in texts) >= min_text_px(image.width)
    assert sizes == {(ratingchart.WIDTH, ratingchart.HEIGHT)}


def test_each_line_carries_its_letter_in_the_chart_and_legend() -> None:
    with record_text() as texts:
        ratingchart.render("Ann: rating", _histories(4)[:3])
    drawn = [t.text for t in texts]
    for letter in "ABC":
        assert drawn.count(letter) == 2  # at the line's end and in the legend
    assert any(t.startswith("Game 0 ") for t in drawn) and "3 games" in drawn


def test_the_score_sheet_rating_row_is_legible() -> None:
    outcome = Outcome("done", frozenset({Seat(0)}), {Seat(0): 9, Seat(1): 4}, "Ann wins.")
    sheet = scoresheet.sheet_from_outcome("Race", outcome, ["Ann", "Bob"], ["red", "blue"])
    plain = scoresheet.render(sheet)
    with record_text() as texts:
        rated = scoresheet.render(dataclasses.replace(sheet, ratings=("+20", "\u221220")))
    assert rated.height > plain.height and rated.width == plain.width
    assert {"Rating", "+20", "\u221220"} <= {t.text for t in texts}
    assert min(t.size for t in texts) >= min_text_px(rated.width)
