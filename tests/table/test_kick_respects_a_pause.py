"""A kick during a pause hands the seat to a computer player that waits for the resume: it does
not move while the game is paused, and plays at once when the game is resumed."""

from __future__ import annotations

import pytest

from bot.games.rejections import Rejection
from bot.table.commands import Table

from .conftest import ALICE
from .helpers import public, start_game

pytestmark = pytest.mark.asyncio


async def _ply(table: Table) -> tuple[int, frozenset[int]]:
    status = await table.service.status(ALICE.channel_id)
    assert not isinstance(status, Rejection)
    return status.session.ply, frozenset(int(s) for s in status.to_act)


async def test_the_bot_that_takes_a_kicked_seat_waits_for_the_resume(table: Table) -> None:
    await start_game(table, "cathedral")
    ply, to_act = await _ply(table)
    if 0 in to_act:  # Alice moves first: then it is Bob's turn
        legal = await table.legal(ALICE)
        assert public(await table.move(ALICE, legal[0]))
        ply, to_act = await _ply(table)
    assert to_act == {1}
    assert public(await table.pause(ALICE))
    kicked = public(await table.kick(ALICE, 2))
    assert kicked and "a computer player takes the seat" in kicked[0].text
    assert await _ply(table) == (ply, to_act)  # seated, but not a move while paused
    resumed = public(await table.pause(ALICE, paused=False))
    after, _ = await _ply(table)
    assert after > ply
    assert any("played" in (r.title or "") for r in resumed), [r.title for r in resumed]
