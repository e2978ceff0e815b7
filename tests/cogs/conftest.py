"""Fixtures for cog tests: a real GameBot on a temp SQLite file, behind the harness."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.app import GameBot
from bot.sessions.service import GameService
from bot.settings import Settings
from bot.storage.sqlite import SqliteStore
from tests.cogs.harness import Harness, no_network

StartBot = Callable[..., Coroutine[Any, Any, Harness]]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file per test."""
    return tmp_path / "guildhall.db"


@pytest_asyncio.fixture
async def start_bot(db_path: Path) -> AsyncIterator[StartBot]:
    """`await start_bot()` builds a GameBot on `db_path` and starts it against the fakes
    (`seed=N`: every game gets seed N; `clock=f`: the service's clock; settings as keywords,
    e.g. `turn_reminder_hours=1`).

    Call it again to simulate a restart (a new bot instance on the same database file). Every
    bot started is closed at the end of the test.
    """
    started: list[Harness] = []
    stores: list[SqliteStore] = []

    async def start(
        *,
        seed: int | None = None,
        clock: Callable[[], datetime] | None = None,
        **overrides: Any,
    ) -> Harness:
        settings = Settings(database_path=db_path, **overrides)
        if seed is None and clock is None:
            bot = GameBot(settings)
        else:  # reproducible games (every one gets `seed`) and/or a service clock for timers
            store = await SqliteStore.open(db_path)
            stores.append(store)
            service = GameService(
                store, seed_source=None if seed is None else (lambda: seed), clock=clock
            )
            bot = GameBot(settings, store=store, service=service)
        harness = await Harness.start(bot)
        started.append(harness)
        return harness

    with no_network():
        yield start
        for harness in started:
            if not harness.bot.is_closed():
                await harness.close()
        for store in stores:
            await store.close()


@pytest_asyncio.fixture
async def h(start_bot: StartBot) -> Harness:
    """A started bot on a fresh database."""
    return await start_bot()
