"""`/game list` and `/game mine` on a server with many games: the event loop parses no game
state (whose turn it is comes from the stored `to_act`), and only the page shown is read
further (one count of moves taken back per listed game). Counted in reads, not time."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.sessions.service import GameService
from bot.table.commands import Table
from bot.table.servers import LIST_MAX

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio

GAMES = 2 * LIST_MAX + 5


class Reads:
    """Counts the service's state parses and the store's per-game log reads."""

    def __init__(self, service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
        self.loads = 0
        self.undone = 0
        load, undone = service.load, service.store.undone_plies  # type: ignore[attr-defined]

        def counted_load(session: Any) -> Any:
            self.loads += 1
            return load(session)

        async def counted_undone(session_id: int) -> frozenset[int]:
            self.undone += 1
            return await undone(session_id)

        monkeypatch.setattr(service, "load", counted_load)
        monkeypatch.setattr(service.store, "undone_plies", counted_undone)


async def _many_games(table: Table) -> None:
    for n in range(GAMES):
        alice, bob = (replace(c, channel_id=1000 + n) for c in (ALICE, BOB))
        await table.new(alice, "race")
        await table.join(bob)
        await table.start(alice)


async def test_listing_many_games_parses_no_state_and_reads_one_page(
    table: Table, service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """45 running games: each page lists 20, says where the next one is, and reads nothing but
    the moves taken back of the games it shows."""
    await _many_games(table)
    reads = Reads(service, monkeypatch)
    [first] = await table.list_games(ALICE)
    assert reads.loads == 0 and reads.undone <= LIST_MAX
    assert first.title == f"Games here ({GAMES}), page 1 of 3"
    assert first.text.count("waiting for") == LIST_MAX
    assert f"{GAMES - LIST_MAX} more: `/game list page:2`" in first.text
    [last] = await table.list_games(ALICE, page=3)
    assert last.text.count("waiting for") == GAMES - 2 * LIST_MAX
    [mine] = await table.mine(BOB, page=2)
    assert mine.title == f"Your games ({GAMES}; your move in 0), page 2 of 3"
    assert reads.loads == 0 and reads.undone <= 3 * LIST_MAX


async def test_a_page_past_the_last_is_refused_with_the_range(table: Table) -> None:
    """`/game list page:9` with one page: a sentence saying there is only one."""
    await table.new(ALICE, "race")
    [refusal] = await table.list_games(ALICE, page=9)
    assert refusal.ephemeral and "There is only one page" in refusal.text
