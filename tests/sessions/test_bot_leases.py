"""Resuming bots with several processes on one database: a game's bots are run by the process
that leased them; a lease left by a process that died is taken over once it has passed."""

from __future__ import annotations

import pytest

from bot.sessions.models import MoveResult
from bot.sessions.service import BOT_LEASE
from bot.storage.base import SessionStore

from .conftest import ALICE, CHANNEL, FakeClock, lobby_with, make_service, ok

pytestmark = pytest.mark.asyncio


async def test_a_dead_processes_lease_is_taken_over_after_it_passes(
    store: SessionStore, clock: FakeClock
) -> None:
    first = make_service(store, clock)
    await lobby_with(first, (ALICE, "Alice"))
    ok(await first.add_bot(CHANNEL, ALICE, "greedy"))
    started = ok(await first.start(CHANNEL, ALICE))
    assert isinstance(started, MoveResult)
    # Alice moves and the bots' reply is not run: as a crash right after her move would leave.
    sid = started.session.id
    ok(await first.submit(CHANNEL, ALICE, "roll", bots=False))
    assert sid in await first.awaiting_bots()
    # The first process leased the game's bots and died before running them.
    assert await first.claim_bot_work([sid]) == (sid,)
    heir = make_service(store, clock)
    assert heir.owner != first.owner
    assert await heir.resume_bots() == ()  # leased: left alone
    clock.advance(seconds=BOT_LEASE.total_seconds())
    (resumed,) = await heir.resume_bots()
    assert resumed.session.id == sid and resumed.moves
    assert sid not in await heir.awaiting_bots()
    # Its own lease is released once done: the next round may lease the game again.
    assert await heir.claim_bot_work([sid]) == (sid,)
