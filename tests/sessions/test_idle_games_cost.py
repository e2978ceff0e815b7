"""What idle games cost the service: a bounded state cache, locks only while used, and start-up
and reminder passes that read only the games they concern."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

import pytest

from bot.sessions.service import GameService
from bot.storage.memory import MemoryStore
from bot.storage.records import SessionPatch
from bot.storage.sqlite import SqliteStore

from .conftest import ALICE, BOB, CY, FakeClock, lobby_with, ok, started_game
from .fake_game import engines

pytestmark = pytest.mark.asyncio


def small_cache(store: object, clock: FakeClock, size: int) -> GameService:
    return GameService(
        store,  # type: ignore[arg-type]
        clock=clock,
        seed_source=lambda: 9,
        engines=engines,
        state_cache_size=size,
    )


async def test_the_state_cache_keeps_the_most_recently_used(clock: FakeClock) -> None:
    service = small_cache(MemoryStore(), clock, 3)
    for channel in range(10, 16):
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), channel=channel)
    assert service.cached_states == 3
    # Channel 10 fell out; reading it parses again and evicts the least recently used (13).
    first = ok(await service.status(10))
    assert first.state is not None and service.cached_states == 3
    ok(await service.submit(14, ALICE, "roll"))
    assert service.cached_states == 3
    for channel in range(10, 16):  # every game still plays, cached or not
        status = ok(await service.status(channel))
        assert status.session.status.is_open


async def test_a_cache_size_below_one_is_refused(clock: FakeClock) -> None:
    with pytest.raises(ValueError, match="state_cache_size"):
        small_cache(MemoryStore(), clock, 0)


async def test_session_locks_exist_only_while_used(clock: FakeClock) -> None:
    service = small_cache(MemoryStore(), clock, 8)
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    assert service.live_locks == 0
    moves = [service.submit(10, ALICE, "roll"), service.submit(10, ALICE, "roll")]
    results = await asyncio.gather(*moves)
    assert sum(not hasattr(r, "code") for r in results) == 1  # one played, one refused
    assert service.live_locks == 0


class CountingStore(MemoryStore):
    """A MemoryStore that counts the sessions it hands out by each read."""

    def __init__(self) -> None:
        super().__init__()
        self.read: dict[str, int] = {}

    def _count(self, name: str, n: int) -> None:
        self.read[name] = self.read.get(name, 0) + n

    async def list_open(self, guild_id=None):  # type: ignore[no-untyped-def]
        found = await super().list_open(guild_id)
        self._count("list_open", len(found))
        return found

    async def get_sessions(self, session_ids):  # type: ignore[no-untyped-def]
        found = await super().get_sessions(session_ids)
        self._count("get_sessions", len(found))
        return found


async def test_resume_and_reminders_read_only_the_games_concerned(clock: FakeClock) -> None:
    store = CountingStore()
    service = small_cache(store, clock, 4)
    for channel in range(10, 20):
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), channel=channel)
    await lobby_with(service, (CY, "Cy"), channel=30)
    ok(await service.add_bot(30, CY, "greedy"))
    ok(await service.start(30, CY))
    ok(await service.submit(30, CY, "roll"))  # the bot replies at once
    assert await service.resume_bots() == ()
    clock.advance(hours=2)
    ok(await service.submit(10, ALICE, "roll"))  # game 10 is no longer quiet
    due = await service.due_reminders(timedelta(hours=1))
    assert len(due) == 10  # games 11-19 and the bot game, awaiting a human
    assert store.read == {"get_sessions": 10}  # nothing listed every open game


async def test_a_game_stored_without_to_act_is_looked_at_once(
    clock: FakeClock, tmp_path: Path
) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        service = small_cache(store, clock, 4)
        await lobby_with(service, (CY, "Cy"), channel=30)
        ok(await service.add_bot(30, CY, "greedy"))
        result = ok(await service.start(30, CY))
        session = result.session
        # A writer that does not know about to_act (an older bot, another branch's code).
        session = await store.update(
            session.id, session.version, SessionPatch(state_json=session.state_json), clock()
        )
        assert session.to_act is None
        assert len(await store.bot_turn_ids()) == 1
        assert await service.resume_bots() == ()  # Cy is to act, not the bot
        recorded = await store.get_session(session.id)
        assert recorded.to_act == frozenset({0}) and recorded.version == session.version
        assert await store.bot_turn_ids() == ()
        clock.advance(hours=2)
        (due,) = await service.due_reminders(timedelta(hours=1))
        assert due.user_ids == (CY,)
    finally:
        await store.close()
