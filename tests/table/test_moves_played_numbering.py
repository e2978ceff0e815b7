"""One numbering of moves everywhere a player reads one: the moves played, those taken back by an
undo left out (they stay in the log). The board after N moves is `move-N` whether a move post or
`/game status` shows it; `/game list`, `/game mine` and `/game history` count the same way."""

from __future__ import annotations

import pytest

from bot.table.commands import Table
from bot.table.replies import Reply

from .conftest import ALICE, BOB

pytestmark = pytest.mark.asyncio


def public(replies: list[Reply]) -> Reply:
    (reply,) = [r for r in replies if not r.ephemeral and r.only_for is None]
    return reply


async def test_posts_status_list_mine_and_history_count_moves_played(table: Table) -> None:
    """Three moves, the third taken back, then another: the fourth log row is the third move
    played, and every place says 3."""
    await table.new(ALICE, "cathedral", "")
    await table.join(BOB)
    begun = public(await table.start(ALICE))
    assert begun.image is not None and begun.image.filename == "cathedral-move-0.png"
    first = public(await table.move(ALICE, "Cathedral C1 0"))
    assert first.image is not None and first.image.filename == "cathedral-move-1.png"
    await table.move(BOB, "Tavern J10 0")
    await table.move(ALICE, "Tavern A10 0")
    await table.undo(ALICE)
    await table.undo(BOB, "accept")
    again = public(await table.move(ALICE, "Tavern A9 0"))
    status = public(await table.status(BOB))
    assert again.image is not None and status.image is not None
    assert again.image.filename == status.image.filename == "cathedral-move-3.png"
    assert status.title == "Cathedral: 3 moves played"
    [listed] = await table.list_games(ALICE)
    [mine] = await table.mine(BOB)
    for reply in (listed, mine):
        assert "3 moves played, waiting for Bob" in reply.text, reply.text
    [history] = await table.history(ALICE)
    numbered = [line.split("**")[0] for line in history.text.splitlines()]
    assert numbered == ["`  1.` ", "`  2.` ", "`  –.` ", "`  3.` "]
    assert "taken back" in history.text.splitlines()[2]
