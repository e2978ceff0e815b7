"""Golden playthroughs: replaying the recorded moves rebuilds the transcript exactly."""

from __future__ import annotations

import pytest

from tests.games.cathedral.regenerate_playthrough import SEEDS, path_for, transcript
from tests.games.playthrough import moves_from


@pytest.mark.parametrize("seed", SEEDS)
def test_replayed_moves_rebuild_the_golden_transcript(seed: int) -> None:
    """Same moves, same events, boards and result; regenerate with regenerate_playthrough.py."""
    golden = path_for(seed).read_text(encoding="utf-8")
    moves = moves_from(golden)
    assert len(moves) > 20  # a whole game, not a truncated file
    assert transcript(seed, moves) == golden


def test_golden_game_is_finished_and_has_the_interesting_events() -> None:
    """The recorded game reaches the end and shows claims (so the boards carry territory)."""
    golden = path_for(SEEDS[0]).read_text(encoding="utf-8")
    assert "\ntermination: " in golden and "unfinished" not in golden
    assert "  claim: " in golden
    assert golden.count("plays Cathedral ") == 1


def test_a_golden_game_shows_a_capture_and_a_declined_capture() -> None:
    """Seed 10: light captures the Cathedral, later dark plays a `no-capture` twin and spares
    light's Manor, so replaying exercises both branches of rule 5."""
    golden = path_for(10).read_text(encoding="utf-8")
    assert "  capture: Light encloses the Cathedral alone" in golden
    assert " no-capture\n" in golden
    assert "  spare: Dark spares light's Manor: the area stays open." in golden
