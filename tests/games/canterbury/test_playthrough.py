"""Golden playthroughs: replaying the recorded moves rebuilds the transcript exactly."""

from __future__ import annotations

import pytest

from tests.games.canterbury.regenerate_playthrough import GAMES, Game, path_for, transcript
from tests.games.playthrough import moves_from


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_replayed_moves_rebuild_the_golden_transcript(game: Game) -> None:
    """Same moves, same events, status lines and result; regenerate with
    regenerate_playthrough.py."""
    golden = path_for(game).read_text(encoding="utf-8")
    moves = moves_from(golden.replace("  [", "\n["))
    assert len(moves) > 60
    assert {m.seat for m in moves} == set(range(len(game.bots)))
    assert transcript(game, moves) == golden


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_golden_game_scores_four_times_and_finishes(game: Game) -> None:
    golden = path_for(game).read_text(encoding="utf-8")
    assert "\ntermination: completed\n" in golden
    for n in (1, 2, 3, 4):
        assert f"District Favor scoring {n}:" in golden
    assert "  kings_bonus: " in golden and "  final_score: " in golden
    if len(game.bots) == 2:
        assert "plays neutral " in golden
