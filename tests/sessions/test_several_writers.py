"""Several processes on one database (here: one service, store connection and cache each):
independent moves of a simultaneous step all go through, each on a fresh read after losing a
compare-and-set; conflicting moves apply exactly once per version."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import MoveResult
from bot.sessions.service import GameService
from bot.storage.base import SessionStore
from bot.storage.sqlite import SqliteStore
from tests.conftest import emptied_database

from .conftest import ALICE, BOB, CHANNEL, CY, DEE, FakeClock, lobby_with, make_service, ok

pytestmark = pytest.mark.asyncio
PLAYERS = ((ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"), (DEE, "Dee"))


@pytest_asyncio.fixture(params=["sqlite", "postgres"])
async def stores(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[list[SessionStore]]:
    """Four stores on one database, as four processes would hold."""
    opened: list[SessionStore] = []
    if request.param == "sqlite":
        for _ in PLAYERS:
            opened.append(await SqliteStore.open(tmp_path / "shared.db"))
    else:
        from bot.storage.postgres import PostgresStore

        url = await emptied_database(request.getfixturevalue("pg_server"))
        for _ in PLAYERS:
            opened.append(await PostgresStore.open(url))
    yield opened
    for store in opened:
        await store.close()


async def ready_phase(services: list[GameService], clock: FakeClock) -> int:
    """A 4-player Race game played to its first READY step (every seat may act), each service
    holding the record at that version in its cache (as a process that drew the board would)."""
    first = services[0]
    await lobby_with(first, *PLAYERS)
    result = ok(await first.start(CHANNEL, ALICE))
    for user_id, _name in PLAYERS:
        result = ok(await first.submit(CHANNEL, user_id, "roll"))
    assert result.state.phase == "ready"
    for service in services:
        ok(await service.status(CHANNEL))
    return result.session.version


async def test_independent_moves_of_a_simultaneous_step_all_apply(
    stores: list[SessionStore], clock: FakeClock
) -> None:
    services = [make_service(store, clock) for store in stores]
    version = await ready_phase(services, clock)
    tokens = []
    for service, (user_id, _name) in zip(services, PLAYERS, strict=True):
        status = ok(await service.status(CHANNEL))
        seat = status.session.seat_of(user_id)
        tokens.append(service.decision_token(status.session, status.state, seat.seat))
    results = await asyncio.gather(
        *(
            service.submit(
                CHANNEL, user_id, "ready", expected_seat=i, expected_token=token, bots=False
            )
            for i, (service, (user_id, _name), token) in enumerate(
                zip(services, PLAYERS, tokens, strict=True)
            )
        )
    )
    assert all(isinstance(r, MoveResult) for r in results), results
    history = ok(await services[0].history(CHANNEL))
    assert [e.notation for e in history][-4:] == ["ready"] * 4
    final = ok(await services[1].status(CHANNEL))
    assert final.session.version == version + 4
    assert (await services[2].verify_replay(final.session.id)).matches


async def test_conflicting_moves_apply_once_per_version(
    stores: list[SessionStore], clock: FakeClock
) -> None:
    """Four processes each try the same seat's move at once: one applies; the others, on a fresh
    read, find it is no longer that seat's turn and are refused for that reason."""
    services = [make_service(store, clock) for store in stores]
    await lobby_with(services[0], *PLAYERS)
    start = ok(await services[0].start(CHANNEL, ALICE))
    for service in services:
        ok(await service.status(CHANNEL))
    results = await asyncio.gather(
        *(service.submit(CHANNEL, ALICE, "roll", bots=False) for service in services)
    )
    applied = [r for r in results if isinstance(r, MoveResult)]
    refused = [r for r in results if isinstance(r, Rejection)]
    assert len(applied) == 1 and len(refused) == 3
    assert all(r.code is not RejectionCode.STALE for r in refused), refused
    final = ok(await services[3].status(CHANNEL))
    assert final.session.version == start.session.version + 1
    assert len(ok(await services[2].history(CHANNEL))) == 1
