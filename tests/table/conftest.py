"""Fixtures for Table tests: a real GameService over a temp SQLite file, the fake Race game (hidden
cards, a simultaneous phase) and a recording stand-in for the renderer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table
from bot.table.replies import Caller
from tests.sessions.fake_game import engines as race_engines

CHANNEL = 77
ALICE = Caller(guild_id=1, channel_id=CHANNEL, user_id=100, display_name="Alice")
BOB = Caller(guild_id=1, channel_id=CHANNEL, user_id=200, display_name="Bob")
CY = Caller(guild_id=1, channel_id=CHANNEL, user_id=300, display_name="Cy")


class FakeRenderer:
    """Records what it was asked to draw; returns a tiny fake PNG naming the viewer."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Any]] = []
        self.options: list[dict[str, Any]] = []

    def __call__(self, game_key: str, view: Any, **opts: Any) -> bytes:
        self.calls.append((game_key, view))
        self.options.append(opts)
        return b"\x89PNG fake " + repr(view).encode()


def engines(key: str) -> Any:
    """Race for tests, plus the real registry (Cathedral) for everything else."""
    if key.strip().lower() == "race":
        return race_engines(key)
    return get_engine(key)


@pytest.fixture
def renderer() -> FakeRenderer:
    return FakeRenderer()


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await SqliteStore.open(tmp_path / "table.db")
    try:
        yield GameService(store, seed_source=lambda: 4242, engines=engines)
    finally:
        await store.close()


@pytest.fixture
def table(service: GameService, renderer: FakeRenderer) -> Table:
    return Table(service, renderer, engines=engines)
