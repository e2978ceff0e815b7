"""The bookkeeping beside the games (server settings, turn DMs, paused games, bot metadata such
as the command-sync hash) behaves the same in every store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.storage.base import SessionStore
from bot.storage.extras import MemoryExtras, extras_for
from bot.storage.records import NewSession, SeatRecord

pytestmark = pytest.mark.asyncio
NOW = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


async def test_settings_notify_pause_and_meta_round_trip(store: SessionStore) -> None:
    extras = extras_for(store)
    assert (type(extras) is MemoryExtras) == (type(store).__name__ == "MemoryStore")
    assert await extras.guild_settings(1) == {}
    await extras.set_guild_settings(1, {"reminder_hours": 12.0, "threads": True})
    await extras.set_guild_settings(1, {"reminder_hours": 6.0})
    await extras.set_guild_settings(2, {"lobbies": 0})
    assert await extras.guild_settings(1) == {"reminder_hours": 6.0}
    assert await extras.all_guild_settings() == {1: {"reminder_hours": 6.0}, 2: {"lobbies": 0}}

    assert not await extras.notify(7)
    await extras.set_notify(7, True)
    assert await extras.notify(7)
    await extras.set_notify(7, False)
    assert not await extras.notify(7)

    assert await extras.meta("commands:1:global") is None
    await extras.set_meta("commands:1:global", "abc")
    await extras.set_meta("commands:1:global", "def")
    assert await extras.meta("commands:1:global") == "def"


async def test_paused_games_and_a_members_open_games(store: SessionStore) -> None:
    extras = extras_for(store)
    first = await store.create_session(
        NewSession("race", 1, 10, None, SeatRecord(0, "Ann", user_id=5), {}), NOW
    )
    second = await store.create_session(
        NewSession("race", 1, 11, None, SeatRecord(0, "Bo", user_id=6), {}), NOW
    )
    await store.add_seat(second.id, second.version, SeatRecord(0, "Ann", user_id=5), NOW)
    assert await extras.open_session_ids_of(5) == (first.id, second.id)
    assert await extras.open_session_ids_of(6) == (second.id,)

    await extras.set_paused(first.id, 5)
    await extras.set_paused(first.id, 6)  # pausing again replaces, never duplicates
    assert await extras.paused(first.id)
    assert await extras.paused_ids() == frozenset({first.id})
    await extras.set_paused(first.id, None)
    assert not await extras.paused(first.id)
    assert await extras.paused_ids() == frozenset()
