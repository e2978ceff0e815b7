"""How long an undo request waits for its answers is a server setting (`/game settings
undo_hours`, 24 by default): the request says it, and lapses after it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import pytest_asyncio

from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table

from .conftest import ALICE, BOB, FakeRenderer, engines

pytestmark = pytest.mark.asyncio


class Clock:
    """A service clock the test moves on."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@pytest_asyncio.fixture
async def timed(tmp_path: Path) -> AsyncIterator[tuple[Table, Clock]]:
    clock = Clock()
    store = await SqliteStore.open(tmp_path / "undo.db")
    try:
        service = GameService(store, seed_source=lambda: 4242, engines=engines, clock=clock)
        yield Table(service, FakeRenderer(), engines=engines), clock
    finally:
        await store.close()


async def _one_move(table: Table) -> None:
    await table.new(ALICE, "cathedral")
    await table.join(BOB)
    await table.start(ALICE)
    await table.move(ALICE, "Cathedral C1 0")


async def test_the_default_window_is_24_hours(timed: tuple[Table, Clock]) -> None:
    table, _ = timed
    await _one_move(table)
    [asked] = await table.undo(ALICE)
    assert "accept or decline within 24 hours" in asked.text


async def test_a_server_shortens_the_window_and_requests_lapse_after_it(
    timed: tuple[Table, Clock],
) -> None:
    """undo_hours=2: the request says 2 hours; answered 3 hours later, it has lapsed."""
    table, clock = timed
    manager = replace(ALICE, manager=True)
    [saved] = await table.settings(manager, undo_hours=2)
    assert ("Undo requests (/game undo)", "answered within 2 hours") in saved.fields
    await _one_move(table)
    [asked] = await table.undo(ALICE)
    assert "accept or decline within 2 hours" in asked.text
    clock.now += timedelta(hours=3)
    [late] = await table.undo(BOB, "accept")
    assert late.ephemeral and "Nobody has asked for an undo" in late.text


@pytest.mark.parametrize("value", [0, 0.5, 721, float("nan")])
async def test_a_window_out_of_range_is_refused_with_the_range(
    timed: tuple[Table, Clock], value: float
) -> None:
    table, _ = timed
    [bad] = await table.settings(replace(ALICE, manager=True), undo_hours=value)
    assert bad.ephemeral
    assert "The time to answer an undo takes 1 to 720 hours (30 days)" in bad.text
    [shown] = await table.settings(ALICE)
    assert ("Undo requests (/game undo)", "answered within 24 hours") in shown.fields
