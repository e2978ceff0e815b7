"""The score field of the board post says what is counted and which way is better, by player name:
Cathedral's unplaced squares and series totals, Kingsburg's VP."""

from __future__ import annotations

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, FakeRenderer
from .helpers import public, start_game

pytestmark = pytest.mark.asyncio


async def test_cathedral_scores_are_unplaced_squares_lower_better(
    service: GameService, renderer: FakeRenderer
) -> None:
    """Cathedral's score field says what is counted and which way is better, by player name."""
    table = Table(service, renderer, engines=get_engine)
    await start_game(table, "cathedral")
    [board] = public(await table.status(ALICE))
    fields = dict(board.fields)
    assert "Scores" not in fields
    assert fields["Unplaced squares (lower is better)"] == "Alice (light) 47, Bob (dark) 47"


async def test_cathedral_series_shows_running_totals(
    service: GameService, renderer: FakeRenderer
) -> None:
    """A series adds its totals, labelled with the number of games."""
    table = Table(service, renderer, engines=get_engine)
    await start_game(table, "cathedral", options="games=2")
    fields = dict(public(await table.status(ALICE))[0].fields)
    assert fields["Series total over 2 games (lower is better)"].startswith("Alice (light) 0")


async def test_kingsburg_scores_are_vp(service: GameService, renderer: FakeRenderer) -> None:
    table = Table(service, renderer, engines=get_engine)
    await start_game(table, "kingsburg")
    fields = dict(public(await table.status(ALICE))[0].fields)
    assert "VP" in fields and "Alice" in fields["VP"] and "Scores" not in fields
