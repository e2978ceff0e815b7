"""The /game timer loop: per-turn deadlines (`/game new turn_hours:`) and turn reminders
(`TURN_REMINDER_HOURS`), driven by calling the loop's body with an injected clock."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.games.rejections import Rejection
from bot.storage.records import SessionStatus
from tests.cogs.conftest import StartBot
from tests.cogs.harness import ALICE, BOB, C1, Harness

pytestmark = pytest.mark.asyncio


def _cog(h: Harness):  # noqa: ANN202
    cog = h.bot.get_cog("TableCog")
    assert cog is not None
    return cog


async def _cathedral(h: Harness, **new_options: object) -> None:
    ex = await h.slash("game new", game="cathedral", user=ALICE, **new_options)
    assert ex.public, ex.text
    await h.slash("game join", user=BOB)
    await h.slash("game start", user=ALICE)


async def test_the_loop_starts_with_the_cog_and_stops_with_it(h: Harness) -> None:
    """cog_load starts the loop; closing the bot (cog_unload) cancels it."""
    loop = _cog(h).timers
    assert loop.is_running()
    await h.close()
    await asyncio.sleep(0)
    assert not loop.is_running()


async def test_turn_hours_sets_a_deadline_shown_in_the_lobby(h: Harness) -> None:
    """/game new turn_hours:24 stores a per-turn limit and says so."""
    ex = await h.slash("game new", game="cathedral", user=ALICE, turn_hours=24.0)
    assert "1 day per turn" in ex.public_text
    status = await h.bot.service.status(C1.id)
    assert not isinstance(status, Rejection)
    assert status.session.turn_timeout_s == 24 * 3600


async def test_an_overdue_game_is_abandoned_and_announced(h: Harness) -> None:
    """Past the deadline the loop body abandons the game and posts why in its channel, once."""
    await _cathedral(h, turn_hours=2.0)
    now = datetime.now(UTC)
    assert await _cog(h).run_timers(now + timedelta(hours=1)) == []
    before = len(h.channel_messages(C1.id))
    posts = await _cog(h).run_timers(now + timedelta(hours=3))
    assert len(posts) == 1
    (post,) = h.channel_messages(C1.id)[before:]
    assert post.kind == "channel_message"
    assert "abandoned" in post.text and "2 hours" in post.text and "Alice" in post.text
    assert sorted(post.pinged_ids) == sorted([ALICE.id, BOB.id])
    latest = await h.bot.service.latest(C1.id)
    assert latest is not None and latest.status is SessionStatus.ABANDONED
    assert await _cog(h).run_timers(now + timedelta(hours=5)) == []
    ex = await h.slash("cathedral move", notation="Cathedral D4 0", user=ALICE)
    assert not ex.public and "game here has ended: timed out" in ex.ephemeral_text.lower()


class Clock:
    """A settable clock for the service: the loop body then runs at any time we like."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


async def test_reminders_ping_the_awaited_player_once_per_period(start_bot: StartBot) -> None:
    """With TURN_REMINDER_HOURS=1: nothing before an hour, then one ping of the player to move,
    then none until another hour has passed since that reminder; a move restarts the wait."""
    clock = Clock()
    h = await start_bot(turn_reminder_hours=1.0, clock=clock)
    await _cathedral(h)
    cog = _cog(h)
    clock.advance(minutes=30)
    assert await cog.run_timers() == []
    clock.advance(minutes=40)
    await cog.run_timers()
    reminders = [m for m in h.channel_messages(C1.id) if "Reminder" in m.text]
    assert len(reminders) == 1
    assert reminders[0].pinged_ids == [ALICE.id] and "Alice" in reminders[0].text
    assert "1 hour 10 minutes" in reminders[0].text
    clock.advance(minutes=30)
    assert await cog.run_timers() == []
    clock.advance(minutes=35)
    assert len(await cog.run_timers()) == 1
    clock.advance(minutes=10)
    await h.slash("cathedral move", notation="Cathedral D4 0", user=ALICE)
    clock.advance(minutes=50)
    assert await cog.run_timers() == []
    clock.advance(minutes=15)
    (post,) = await cog.run_timers()
    assert post.reply.mentions == (BOB.id,)
    # Survives a restart: the reminder time is stored, so a new bot does not ping again at once.
    await h.close()
    second = await start_bot(turn_reminder_hours=1.0, clock=clock)
    clock.advance(minutes=5)
    assert await _cog(second).run_timers() == []


async def test_reminders_are_off_without_the_setting(h: Harness) -> None:
    """No TURN_REMINDER_HOURS: no reminder however long the wait (no deadline either)."""
    await _cathedral(h)
    assert await _cog(h).run_timers(datetime.now(UTC) + timedelta(days=30)) == []


async def test_a_reminder_mentions_the_deadline(start_bot: StartBot) -> None:
    """With both a turn limit and reminders, the reminder says how long is left."""
    h = await start_bot(turn_reminder_hours=1.0)
    await _cathedral(h, turn_hours=24.0)
    (post,) = await _cog(h).run_timers(datetime.now(UTC) + timedelta(hours=2))
    assert "abandoned" in post.reply.text and "22 hours" in post.reply.text
