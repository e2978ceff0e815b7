"""Architects' images with German labels: nothing is cut (the same spies as the English
no-cut-text tests, `test_no_text_is_cut_in_whole_games` and the Workshop cards' check), at five
players and with the automated opponent, the end, the details, the own panel and the score sheet
with the opponent's column, and the labels really are German."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import rendering
import rendering.architects as R
import rendering.base as base
from bot.games import get_engine
from bot.games.architects.cards import APPRENTICE_BY_ID
from bot.games.architects.view import apprentice_view
from bot.games.protocol import Seat
from bot.i18n import say, speaking, tr
from rendering import scoresheet
from rendering.base import font, record_text, text_width
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_architects import _advance
from tests.rendering.test_no_text_is_cut_in_whole_games import LONG_NAMES, _positions, whole_game

ENGINE = get_engine("architects")


@pytest.fixture
def german(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Everything drawn in the test in German, with fresh caches (a cached English layer or
    fitted text must not hide a German cut)."""
    R._fit.cache_clear()
    R._width.cache_clear()
    monkeypatch.setattr(base, "_LAYERS", type(base._LAYERS)())
    with speaking("de"):
        yield
    R._fit.cache_clear()
    R._width.cache_clear()


@pytest.mark.parametrize("seed", (1, 2, 3))
def test_no_text_is_cut_in_a_whole_five_player_game_in_german(
    seed: int, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, R)
    for i, state in enumerate(_positions(whole_game("architects", seed))):
        viewer = Seat(i % 5) if i % 2 else None
        view = ENGINE.view(state, viewer)
        rendering.render("architects", view, names=LONG_NAMES)
        rendering.render_details("architects", view, names=LONG_NAMES)
        if viewer is not None:
            R.render_own(view, names=LONG_NAMES)
    assert cut == [], f"seed {seed}: cut {sorted(set(cut))[:5]}"


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"opponent": "helena"})])
def test_nothing_is_cut_with_the_opponent_in_german(
    players: int, options: dict, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cut = spy_cuts(monkeypatch, R)
    for plies in (0, 40, 120, 5000):
        state = _advance(players, plies, **options)
        rendering.render("architects", ENGINE.view(state, Seat(0)), names=LONG_NAMES)
    assert cut == []


def test_every_apprentice_fits_its_workshop_card_in_german(german: None) -> None:
    width = (R.WIDTH - 2 * R.PAD - 16 - 18) / 4 - 12  # a Workshop card's text width
    regular = font(R.MIN)
    for card in APPRENTICE_BY_ID.values():
        view = apprentice_view(card)
        lines = R.ability_lines(view.ability, width)
        assert len(lines) <= R.ABILITY_LINES, lines
        assert all(text_width(line, regular) <= width for line in lines), lines
        assert text_width(say(view.name), regular) <= width, say(view.name)


def test_the_board_is_labelled_in_german(german: None) -> None:
    state = _advance(5, 200)
    with record_text() as texts:
        rendering.render("architects", ENGINE.view(state, None), names=LONG_NAMES)
        rendering.render_details("architects", ENGINE.view(state, Seat(0)), names=LONG_NAMES)
    drawn = " | ".join(t.text for t in texts)
    for label in ("Architekten des Westfrankenreichs", "Steinbruch", "Schwarzmarkt", "Tugend"):
        assert label in drawn
    for label in ("Lehrlinge", "Zunfthalle", "Kathedrale", "Gebäude ("):
        assert label in drawn
    for english in ("Quarry", "Black Market", "Workshop apprentices", "Guildhall", "Virtue"):
        assert english not in drawn


def test_an_english_board_after_a_german_one_is_english_again() -> None:
    """The painted-once layer (location names, captions) is kept per language."""
    state = _advance(3, 40)
    with speaking("de"):
        rendering.render("architects", ENGINE.view(state, None))
    with record_text() as texts:
        rendering.render("architects", ENGINE.view(state, None))
    drawn = " | ".join(t.text for t in texts)
    assert "Quarry" in drawn and "Steinbruch" not in drawn


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"opponent": "helena"})])
def test_the_score_sheet_with_the_opponent_fits_in_german(
    players: int, options: dict, german: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sheet's lines said in German (as the flow says a stored breakdown's English labels
    with `tr`), the opponent's column included: no line label is cut (names may be shortened,
    as in English)."""
    cut = spy_cuts(monkeypatch, scoresheet)
    state = _advance(players, 5000, **options)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.others
    said = type(outcome)(
        termination=outcome.termination,
        winners=outcome.winners,
        scores=outcome.scores,
        reason=say(outcome.reason),
        breakdown={s: {tr(k): v for k, v in b.items()} for s, b in outcome.breakdown.items()},
        tie_break=outcome.tie_break,
        others={n: {tr(k): v for k, v in b.items()} for n, b in outcome.others.items()},
    )
    names = [LONG_NAMES[Seat(i)] for i in range(players)]
    sides = [ENGINE.seat_label(state, Seat(i)) for i in range(players)]
    sheet = scoresheet.sheet_from_outcome(say(ENGINE.spec.display_name), said, names, sides)
    with record_text() as texts:
        scoresheet.render(sheet)
    drawn = " | ".join(t.text for t in texts)
    assert "Zunfthallen-Arbeiter" in drawn and "Gold und Marmor" in drawn
    assert [c for c in cut if c in sheet.categories] == []
    assert say(outcome.reason) in drawn
