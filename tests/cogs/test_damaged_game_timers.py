"""A damaged game (its saved state cannot be read) past its turn limit, on a server where a bot
then takes the late seat, does not stop the timer round: the other games still get their
reminders, and the damaged one can still be ended by a moderator."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, C2, MIA
from tests.cogs.test_timers import Clock

pytestmark = pytest.mark.asyncio


async def test_a_damaged_overdue_game_does_not_stop_the_other_games_reminders(
    start_bot: StartBot,
) -> None:
    clock = Clock()
    h = await start_bot(turn_reminder_hours=1.0, clock=clock, turn_limit_action="bot")
    await h.slash("game new", game="cathedral", user=ALICE, channel=C1, turn_hours=1.5)
    await h.slash("game new", game="cathedral", user=ALICE, channel=C2)
    for channel in (C1, C2):
        await h.slash("game join", user=BOB, channel=channel)
        await h.slash("game start", user=ALICE, channel=channel)
    (damaged, _) = await h.bot.service.list_open()
    await h.bot.store._run(
        lambda conn: conn.execute(
            "UPDATE sessions SET state = '{\"v\": 999}', version = version + 1 WHERE id = ?",
            (damaged.id,),
        ),
        write=True,
    )
    h.bot.service._forget(damaged)
    clock.advance(hours=2)
    posts = await h.bot.get_cog("TableCog").run_timers()
    assert C2.id in [p.channel_id for p in posts]
    ended = await h.slash("game abandon", user=MIA, channel=C1)
    assert "Ended by a moderator" in ended.public_text
