"""Kingsburg's images with German labels: nothing is cut (the same spies as the English
no-cut-text tests, `test_kingsburg_texts_fit` and `test_no_text_is_cut_in_whole_games`), at two
and five players, the end and the details image, and the labels really are German."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rendering
import rendering.base as base
import rendering.kingsburg as R
from bot.games import get_engine
from bot.games.protocol import Seat
from bot.i18n import speaking
from rendering.base import record_text
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_kingsburg import CASES, NAMES, five_player
from tests.rendering.test_no_text_is_cut_in_whole_games import LONG_NAMES, _positions, whole_game


@pytest.fixture
def german() -> Iterator[None]:
    """Everything drawn in the test in German, with fresh caches (a cached English layer or
    fitted font must not hide a German cut)."""
    R._fit.cache_clear()
    with speaking("de"):
        yield
    R._fit.cache_clear()


@pytest.mark.parametrize("case", sorted(CASES))
def test_nothing_is_cut_in_german(case: str, german: None, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = spy_cuts(monkeypatch, R)
    monkeypatch.setattr(base, "_LAYERS", type(base._LAYERS)())  # paint the legend afresh
    CASES[case]()
    assert cut == []


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_no_text_is_cut_in_a_whole_five_player_game_in_german(
    seed: int, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, R)
    monkeypatch.setattr(base, "_LAYERS", type(base._LAYERS)())
    engine = get_engine("kingsburg")
    for i, state in enumerate(_positions(whole_game("kingsburg", seed))):
        viewer = Seat(i % 5) if i % 2 else None
        view = engine.view(state, viewer)
        rendering.render("kingsburg", view, names=LONG_NAMES)
        rendering.render_details("kingsburg", view, names=LONG_NAMES)
    assert cut == [], f"seed {seed}: cut {sorted(set(cut))[:5]}"


def test_the_board_and_the_details_are_labelled_in_german(german: None) -> None:
    monkey = type(base._LAYERS)()
    original, base._LAYERS = base._LAYERS, monkey
    try:
        with record_text() as texts:
            R.render(five_player(), names=NAMES)
            R.render_details(five_player(), names=NAMES)
    finally:
        base._LAYERS = original
    drawn = " | ".join(t.text for t in texts)
    for german_label in ("Der Königshof", "Hofnarr", "Zugreihenfolge", "Gebäude: Kosten, SP"):
        assert german_label in drawn
    for english in ("The King's court", "Jester", "Turn order", "Buildings: cost"):
        assert english not in drawn


def test_an_english_board_after_a_german_one_is_english_again() -> None:
    """The painted-once layer (court, legend) is kept per language."""
    with speaking("de"):
        R.render(five_player(), names=NAMES)
    with record_text() as texts:
        R.render(five_player(), names=NAMES)
    drawn = " | ".join(t.text for t in texts)
    assert "The King's court" in drawn and "Turn order" in drawn
    assert "Der Königshof" not in drawn and "Zugreihenfolge" not in drawn
