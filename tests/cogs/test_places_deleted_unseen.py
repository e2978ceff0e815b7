"""A channel or thread deleted while no gateway event reached the bot (it was down, or the game
sat in a user-made thread whose channel went): the first post there finds it gone (404 Unknown
Channel) and ends its games, records kept, instead of warning at every reminder for ever."""

from __future__ import annotations

import pytest

from bot.storage.records import SessionStatus
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, C2
from tests.cogs.test_timers import Clock

pytestmark = pytest.mark.asyncio


async def test_a_reminder_into_a_deleted_channel_ends_its_game(start_bot: StartBot) -> None:
    """The reminder cannot be posted: that game ends; the game in another channel goes on."""
    clock = Clock()
    h = await start_bot(turn_reminder_hours=1.0, clock=clock)
    for channel in (C1, C2):
        await h.slash("game new", game="cathedral", user=ALICE, channel=channel)
        await h.slash("game join", user=BOB, channel=channel)
        await h.slash("game start", user=ALICE, channel=channel)
    h.delete_unseen(C1.id)
    clock.advance(hours=2)
    await h.bot.get_cog("TableCog").run_timers()
    assert [s.place_id for s in await h.bot.service.list_open()] == [C2.id]
    gone = await h.bot.service.latest(C1.id)
    assert gone is not None and gone.status is SessionStatus.ABANDONED
    assert "deleted" in (gone.end_reason or "")
