"""Sentences around a game's life: a move after the end names the result, and an abandoned
game's title counts its moves in the singular (leaving a started game:
test_leave_running_game.py)."""

from __future__ import annotations

import pytest

from bot.table.commands import Table

from .conftest import ALICE
from .helpers import one_refusal, play_first_legal, public, start_game

pytestmark = pytest.mark.asyncio


async def test_move_after_the_end_names_the_result(table: Table) -> None:
    await start_game(table, "cathedral")
    for _ in range(80):
        await play_first_legal(table)
        if await table.state_for(ALICE) is None:
            break
    [board] = public(await table.status(ALICE))
    assert "final position after" in (board.title or "")
    refusal = one_refusal(await table.move(ALICE, "Castle B3 90"))
    assert refusal.text.startswith("The Cathedral game here is over (result: ")
    assert "win" in refusal.text
    assert refusal.text.endswith("Start a new one with /game new.")


async def test_abandoned_after_one_move_is_singular(table: Table) -> None:
    await start_game(table, "race")
    await table.move(ALICE, "play")
    await table.abandon(ALICE)
    [board] = public(await table.status(ALICE))
    assert board.title == "Race: abandoned after 1 move"
