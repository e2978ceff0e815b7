"""Turn limits: the `turn_hours` option sets them (bad values explained) and an overdue game is
abandoned with one post in its channel saying why."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.sessions.service import GameService
from bot.table.commands import Table

from .conftest import ALICE, BOB, CHANNEL
from .helpers import start_game

pytestmark = pytest.mark.asyncio


async def test_turn_hours_option_sets_the_turn_limit(table: Table, service: GameService) -> None:
    """`/game new race turn_hours=12` (text) sets a 12-hour turn limit; bad values explain."""
    [opened] = await table.new(ALICE, "race", "target=12 turn_hours=12")
    assert dict(opened.fields)["Turn limit"].startswith("12 hours per turn")
    assert "target=12" in dict(opened.fields)["Options"]
    status = await service.status(CHANNEL)
    assert status.session.turn_timeout_s == 12 * 3600  # type: ignore[union-attr]
    await table.abandon(ALICE)
    for bad in ("turn_hours=0", "turn_hours=soon", "turn_hours=inf"):
        [refused] = await table.new(ALICE, "race", bad)
        assert refused.ephemeral and "turn_hours" in refused.text


async def test_expire_overdue_posts_in_the_game_channel(table: Table, service: GameService) -> None:
    """A game past its deadline is abandoned and one post for its channel says why."""
    await start_game(table, "race", options="turn_hours=1")
    assert await table.expire_overdue(datetime.now(UTC) + timedelta(minutes=30)) == []
    [post] = await table.expire_overdue(datetime.now(UTC) + timedelta(hours=2))
    assert post.channel_id == CHANNEL
    assert "abandoned" in post.reply.text and "1 hour" in post.reply.text
    assert set(post.reply.mentions) == {ALICE.user_id, BOB.user_id}
