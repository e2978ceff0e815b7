"""Away mode at the table: the server's away limits (`/game settings away_days`) apply, and the
timer round (every turn-limit action) leaves a game waiting for an away player alone."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


async def test_server_away_limits_come_from_settings(table: Table) -> None:
    manager = replace(ALICE, manager=True)
    (saved,) = await table.settings(manager, away_days=3, away_month_days=4)
    assert ("Away (/game away)", "at most 3 days at a time, 4 in any 30") in saved.fields
    (refused,) = await table.away(BOB, "5")
    assert refused.ephemeral and "at most 3 days" in refused.text
    (ok,) = await table.away(BOB, "2", "exams")
    assert not ok.ephemeral and "Bob is away until" in ok.text and "(exams)" in ok.text
    (bad,) = await table.settings(manager, away_days=0)
    assert bad.ephemeral and "Away days take 1 to 60" in bad.text


async def test_timer_round_spares_a_game_waiting_for_an_away_player(
    table: Table, service: GameService
) -> None:
    await table.new(ALICE, "race", "target=30", turn_timeout=timedelta(hours=1))
    await table.join(BOB)
    await table.start(ALICE)
    await table.away(ALICE, "3")
    session = (await service.status(ALICE.channel_id)).session
    late = service.now() + timedelta(hours=5)
    assert await service.overdue(late) == ()
    assert await table.timers_round(late) == []
    assert (await service.status(ALICE.channel_id)).session.status is session.status


async def test_no_undo_in_a_paused_game(table: Table) -> None:
    await table.new(ALICE, "race", "target=30")
    await table.join(BOB)
    await table.start(ALICE)
    moderator = replace(ALICE, moderator=True)
    await table.pause(moderator)
    (refused,) = await table.undo(ALICE)
    assert refused.ephemeral and "paused" in refused.text
