"""At start-up and in each reminder round the table finds its games by index: it resumes the bots
a crash left to act, reminds each server's quiet games by its own interval, and never lists
every game in progress to do so."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.games.protocol import Seat, canonical_json, step_text
from bot.sessions.service import GameService
from bot.storage.records import MoveCommit
from bot.table.commands import Table
from bot.table.replies import Caller

from .conftest import ALICE, BOB, CHANNEL, FakeRenderer, engines

pytestmark = pytest.mark.asyncio


async def test_resume_at_start_up_moves_only_the_bot_left_to_act(
    service: GameService, renderer: FakeRenderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(service, renderer, engines=engines)
    await table.new(ALICE, "race")
    await table.add_bot(ALICE, "greedy")
    await table.start(ALICE)
    other = Caller(BOB.guild_id, CHANNEL + 1, BOB.user_id, BOB.display_name)
    await table.new(other, "race")
    await table.join(Caller(1, CHANNEL + 1, ALICE.user_id, "Alice"))
    await table.start(other)
    # A crash right after Alice's move was stored, before the bot replied.
    status: Any = await service.status(CHANNEL)
    engine = service.engine_for(status.session)
    moved: Any = step_text(engine, status.state, Seat(0), "roll")
    data = engine.state_to_dict(moved.state)
    await service.store.commit_move(
        status.session.id,
        status.session.version,
        MoveCommit(0, ALICE.user_id, "roll", (), canonical_json(data), 1),
        service.now(),
    )

    async def no_listing(*_: object) -> None:
        raise AssertionError("start-up listed every game in progress")

    monkeypatch.setattr(service, "list_open", no_listing)
    posts = await table.resume_bots()
    assert [p.channel_id for p in posts] == [CHANNEL]
    assert await table.resume_bots() == []


async def test_reminders_follow_each_servers_interval_without_listing_games(
    service: GameService, renderer: FakeRenderer, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = Table(service, renderer, engines=engines)
    for guild, channel in ((1, CHANNEL), (2, CHANNEL + 1)):
        host = Caller(guild, channel, ALICE.user_id, "Alice")
        await table.new(host, "race")
        await table.join(Caller(guild, channel, BOB.user_id, "Bob"))
        await table.start(host)
    await table.extras.set_guild_settings(1, {"reminder_hours": 1.0})
    await table.extras.set_guild_settings(2, {"reminder_hours": 5.0})

    async def no_listing(*_: object) -> None:
        raise AssertionError("the reminder round listed every game in progress")

    monkeypatch.setattr(service, "list_open", no_listing)
    now = service.now()
    assert await table.timers_round(now + timedelta(minutes=30)) == []
    first = await table.timers_round(now + timedelta(hours=2))
    assert [p.channel_id for p in first] == [CHANNEL]
    later = await table.timers_round(now + timedelta(hours=6))
    assert sorted(p.channel_id for p in later) == [CHANNEL, CHANNEL + 1]
