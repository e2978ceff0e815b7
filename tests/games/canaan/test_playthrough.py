"""Golden Settlers of Canaan games: replaying the recorded moves rebuilds the same transcript
(dice, VP, hands, Jerusalem and the result), so any change of rules or chance shows as a diff."""

from __future__ import annotations

import pytest

from tests.games.canaan.regenerate_playthrough import GAMES, Game, header, transcript
from tests.games.playthrough import moves_from


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.path.stem)
def test_replayed_moves_rebuild_the_golden_transcript(game: Game) -> None:
    golden = game.path.read_text(encoding="utf-8")
    moves = moves_from(golden)
    assert moves, "the transcript lists its moves"
    assert transcript(moves, len(game.bots), game.seed, header(game)) == golden
    assert "termination: completed" in golden
