"""Golden playthroughs: replaying the recorded moves rebuilds the transcript exactly."""

from __future__ import annotations

import pytest

from tests.games.kingsburg.regenerate_playthrough import (
    GAMES,
    Game,
    path_for,
    transcript,
)
from tests.games.playthrough import moves_from

RESULTS = {
    "2p_seed_3": "result: Red wins with 25 VP after five years.",
    "4p_seed_7": "result: Red wins with 25 VP after five years.",
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_replayed_moves_rebuild_the_golden_transcript(game: Game) -> None:
    """Same moves, same events, status lines and result; regenerate with
    regenerate_playthrough.py."""
    golden = path_for(game).read_text(encoding="utf-8")
    moves = moves_from(golden)
    assert len(moves) > 50 * len(game.bots) // 2  # a whole game, not a truncated file
    assert {m.seat for m in moves} == set(range(len(game.bots)))
    assert transcript(game, moves) == golden


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_golden_game_is_finished_with_the_recorded_result(game: Game) -> None:
    """The recorded game reaches the end of year V and its result line is the one we expect."""
    golden = path_for(game).read_text(encoding="utf-8")
    assert "unfinished" not in golden
    assert golden.endswith(RESULTS[game.name] + "\n")
    assert "\ntermination: completed\n" in golden
    assert "  over: The fifth year is over." in golden
    # Five winters, each one fought by every seat.
    assert golden.count("  kings_die: ") == 5
    assert golden.count("  battle: ") == 5 * len(game.bots)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_golden_game_shows_private_peeks_and_every_phase(game: Game) -> None:
    """Private events are marked with their seat (and followed by the public sentence), and a
    status block opens every phase that waits for a move: the three seasons and the recruiting of
    every year (the King's Reward, the Envoy and the battle resolve inside the ply before)."""
    golden = path_for(game).read_text(encoding="utf-8")
    assert "  private to seat " in golden
    assert "secretly looks at the top card of the Enemies Deck." in golden
    for year in range(1, 6):
        for phase in ("2 (Spring)", "4 (Summer)", "6 (Autumn)", "7 (Recruit Soldiers)"):
            assert f"== year {year}, phase {phase}" in golden
