"""How the legal moves are offered under a board post: buttons for five or fewer, one drop-down
menu for six to twenty-five."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games import get_engine
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore
from bot.table.commands import Table

from .conftest import ALICE, BOB, CHANNEL, FakeRenderer
from .helpers import public, start_game

pytestmark = pytest.mark.asyncio


async def test_menu_for_six_to_twenty_five_choices(tmp_path: Path) -> None:
    """Kingsburg, seed 4242: after the aid the first to influence has 6 moves: a drop-down with
    exactly those notations and no buttons; 5 or fewer: buttons only."""
    store = await SqliteStore.open(tmp_path / "k.db")
    try:
        service = GameService(store, seed_source=lambda: 4242)
        table = Table(service, FakeRenderer(), engines=get_engine)
        await start_game(table, "kingsburg")
        [after_one] = public(await table.move(ALICE, "aid gold"))
        assert len(after_one.buttons) == 3 and after_one.menu is None
        [after_both] = public(await table.move(BOB, "aid wood"))
        status = await service.status(CHANNEL)
        (seat,) = tuple(status.to_act)  # type: ignore[union-attr]
        user = status.session.seats[seat].user_id  # type: ignore[union-attr]
        legal = service.legal_notations(status.session, status.state, user)  # type: ignore[union-attr]
        assert 6 <= len(legal) <= 25
        assert after_both.menu is not None and not after_both.buttons
        assert after_both.menu.options == legal
        assert after_both.menu.version == status.session.version  # type: ignore[union-attr]
    finally:
        await store.close()
