"""Fixtures for GameService tests: a controllable clock, fixed seeds and the fake Race game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.games.rejections import Rejection
from bot.sessions.models import MoveResult
from bot.sessions.service import GameService
from bot.storage.base import SessionStore
from bot.storage.records import SessionRecord
from tests.conftest import STORE_KINDS, open_store

from .fake_game import engines

ALICE, BOB, CY, DEE, EVE = 100, 200, 300, 400, 500
CHANNEL, GUILD = 10, 1


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def make_service(store: SessionStore, clock: FakeClock, seed: int = 1234) -> GameService:
    return GameService(store, clock=clock, seed_source=lambda: seed, engines=engines)


@pytest_asyncio.fixture(params=STORE_KINDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SessionStore]:
    """A fresh store of each kind (memory, SQLite, PostgreSQL)."""
    async with open_store(request.param, request, tmp_path) as opened:
        yield opened


@pytest_asyncio.fixture(params=STORE_KINDS)
async def service(
    request: pytest.FixtureRequest, clock: FakeClock, tmp_path: Path
) -> AsyncIterator[GameService]:
    """A service over each kind of store (memory, SQLite, PostgreSQL)."""
    async with open_store(request.param, request, tmp_path) as store:
        yield make_service(store, clock)


def ok(result: object) -> object:
    """Assert `result` is not a Rejection and return it."""
    assert not isinstance(result, Rejection), f"unexpected rejection: {result}"
    return result


async def lobby_with(
    service: GameService, *players: tuple[int, str], channel: int = CHANNEL, **options: object
) -> SessionRecord:
    """A lobby hosted by the first player, the others joined in order."""
    (host_id, host_name), *rest = players
    rec = ok(
        await service.create_lobby(
            "race",
            guild_id=GUILD,
            channel_id=channel,
            host_id=host_id,
            host_name=host_name,
            options=options,
        )
    )
    for user_id, name in rest:
        rec = ok(await service.join(channel, user_id, name))
    assert isinstance(rec, SessionRecord)
    return rec


async def started_game(
    service: GameService, *players: tuple[int, str], channel: int = CHANNEL, **options: object
) -> MoveResult:
    await lobby_with(service, *players, channel=channel, **options)
    result = ok(await service.start(channel, players[0][0]))
    assert isinstance(result, MoveResult)
    return result
