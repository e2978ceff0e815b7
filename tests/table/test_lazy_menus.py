"""Menus are built lazily: the legal moves are counted first and formatted only when they fit
under a post; autocomplete formats a decision's moves once, not at every keystroke."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


class CountingEngine:
    """The Cathedral engine, counting `format_action` calls."""

    def __init__(self) -> None:
        self._engine = get_engine("cathedral")
        self.formatted = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._engine, name)

    def format_action(self, action: Any, state: Any) -> str:
        self.formatted += 1
        return self._engine.format_action(action, state)


async def test_an_opening_with_many_moves_formats_none_for_the_post(tmp_path: Any) -> None:
    from bot.storage.sqlite import SqliteStore

    counting = CountingEngine()
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        service = GameService(store, seed_source=lambda: 3, engines=lambda key: counting)
        table = Table(service, lambda key, view, **_: b"\x89PNG", engines=lambda key: counting)
        await table.new(ALICE, "cathedral")
        await table.join(BOB)
        [begun] = await table.start(ALICE)
        assert not begun.buttons and begun.menu is None  # far more than 25 moves
        mover = BOB if begun.mentions == (BOB.user_id,) else ALICE  # the host is never pinged
        assert counting.formatted == 0
        [status] = await table.status(mover)
        assert status.menu is None and counting.formatted == 0
        # Autocomplete needs the text of every move, once per decision.
        first = await table.choices(mover, "cathedral")
        formatted = counting.formatted
        assert first and formatted > 25
        assert await table.choices(mover, "cathedral b") and counting.formatted == formatted
        # A move's text is formatted for the log; the next post still formats no menu.
        before = counting.formatted
        await table.move(mover, first[0])
        assert counting.formatted - before <= 2
    finally:
        await store.close()
