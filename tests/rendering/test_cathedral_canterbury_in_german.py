"""Cathedral's and Canterbury's images in German fit: whole bot games at the largest player
count, drawn in German with long names, cut no text with "…" (the check of
`test_no_text_is_cut_in_whole_games`, in German), the words drawn are German, and the score
sheets of both games are German and whole."""

from __future__ import annotations

import importlib

import pytest

import rendering
from bot.games import get_engine
from bot.games.protocol import Seat
from bot.i18n import speaking
from rendering import scoresheet
from rendering.base import min_text_px, record_text
from tests.rendering.cut_texts import spy_cuts
from tests.rendering.test_no_text_is_cut_in_whole_games import LONG_NAMES, _positions, whole_game

GERMAN = {
    "cathedral": ("Kathedrale", "Vorrat: gedreht", "ungesetzt"),
    "canterbury": ("Stadt ", "Wasser", "Verteid.", "Wohl."),
}
ENGLISH = {
    "cathedral": ("to move", "Hands: turned", "unplaced", "Game over"),
    "canterbury": ("Levy ", "Water", "Defense", "Prosp", "Game over"),
}


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("key", ["cathedral", "canterbury"])
def test_no_text_is_cut_in_a_whole_game_in_german(
    key: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = importlib.import_module(f"rendering.{key}")
    cut = spy_cuts(monkeypatch, module)
    engine = get_engine(key)
    players = engine.spec.max_players
    drawn: list[str] = []
    with speaking("de"), record_text() as texts:
        for i, state in enumerate(_positions(whole_game(key, seed))):
            viewer = Seat(i % players) if i % 2 else None
            rendering.render(key, engine.view(state, viewer), names=LONG_NAMES)
    drawn = [t.text for t in texts]
    assert cut == [], f"{key} seed {seed}: cut {sorted(set(cut))[:5]}"
    everything = "\n".join(drawn)
    for word in GERMAN[key]:
        assert word in everything, word
    for word in ENGLISH[key]:
        assert word not in everything, word


@pytest.mark.parametrize("key", ["cathedral", "canterbury"])
def test_the_score_sheet_is_german_and_whole(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cut = spy_cuts(monkeypatch, scoresheet)
    engine = get_engine(key)
    players = engine.spec.max_players
    final = whole_game(key, 1)[-1]
    outcome = engine.outcome(final)
    assert outcome is not None
    names = [f"Spielerin {i + 1}" for i in range(players)]
    sides = [engine.seat_label(final, Seat(i)) for i in range(players)]
    with speaking("de"):
        sheet = scoresheet.sheet_from_outcome(engine.spec.display_name, outcome, names, sides)
        with record_text() as texts:
            image = scoresheet.render(sheet)
    drawn = [t.text for t in texts]
    assert cut == []
    assert min(t.size for t in texts) >= min_text_px(image.width)
    assert "Summe" in drawn and "Total" not in drawn
    assert any(text.startswith(("★ Sieger:", "★ Geteilter Sieg:")) for text in drawn), drawn
    if key == "cathedral":
        assert drawn[0] == "Kathedrale" and "Partie 1" in drawn
        assert {"Hell", "Dunkel"} <= set(drawn)
    else:
        assert {"Bauwerke", "Bezirksgunst", "Königsbonus", "Restgold"} <= set(drawn)
        assert {"Blau", "Rot", "Grün", "Gelb"} <= set(drawn)
    with record_text() as texts:
        scoresheet.render(sheet)
    assert "Total" in [t.text for t in texts]  # the same sheet drawn in English
