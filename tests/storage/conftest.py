"""Fixtures: both store implementations, so the contract tests run against each."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.base import SessionStore
from bot.storage.memory import MemoryStore
from bot.storage.sqlite import SqliteStore


@pytest_asyncio.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SessionStore]:
    """A fresh store of each kind; the SQLite one is a real file in tmp_path."""
    if request.param == "memory":
        mem = MemoryStore()
        yield mem
        await mem.close()
    else:
        sql = await SqliteStore.open(tmp_path / "guildhall.db")
        yield sql
        await sql.close()
