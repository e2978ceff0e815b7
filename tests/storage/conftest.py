"""Fixtures: every store implementation, so the contract tests run against each: memory,
SQLite (a real file) and PostgreSQL (the test database on the suite's throwaway server,
emptied)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.storage.base import SessionStore
from tests.conftest import STORE_KINDS, open_store


@pytest_asyncio.fixture(params=STORE_KINDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SessionStore]:
    """A fresh store of each kind."""
    async with open_store(request.param, request, tmp_path) as opened:
        yield opened
