"""Timers: games abandoned when a turn limit passes, and reminders to awaited players; each returns
`ChannelPost`s for the front end to post in the game's channel.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.table.base import TableBase
from bot.table.format import (
    COLOUR_DONE,
    COLOUR_INFO,
    duration_text,
    join_names,
)
from bot.table.replies import ChannelPost, Reply

log = logging.getLogger(__name__)


class TimerCommands(TableBase):
    """Posts made without a command: expired turn limits and reminders."""

    async def expire_overdue(self, now: datetime | None = None) -> list[ChannelPost]:
        """Abandon every game whose turn deadline has passed; one post per game saying so."""
        posts = []
        for session in await self.service.expire_overdue(now):
            name = self._game_name(session)
            limit = (
                f" within the turn limit of {duration_text(session.turn_timeout_s)}"
                if session.turn_timeout_s
                else " in time"
            )
            text = f"This {name} game was abandoned because no move was made{limit}."
            if session.end_reason:
                text += f" {session.end_reason}"
            posts.append(
                ChannelPost(
                    session.place_id,
                    Reply(
                        text=text,
                        title=f"{name} abandoned: time ran out",
                        mentions=session.human_user_ids,
                        colour=COLOUR_DONE,
                    ),
                )
            )
        return posts

    async def remind(self, every: timedelta, now: datetime | None = None) -> list[ChannelPost]:
        """Ping the humans awaited in games where nothing happened for `every`, at most once per
        `every` per game; records each reminder."""
        now = now or self.service.now()
        posts = []
        for due in await self.service.due_reminders(every, now):
            session = due.session
            name = self._game_name(session)
            seats = [s for s in session.seats if s.user_id in due.user_ids]
            who = join_names([s.display_name for s in seats])
            waited = duration_text((now - due.waiting_since).total_seconds())
            verb = "is" if len(seats) == 1 else "are"
            text = (
                f"Reminder: the {name} game here has been waiting for {waited}; "
                f"{who} {verb} still to move."
            )
            if session.turn_deadline is not None and session.turn_deadline > now:
                left = duration_text((session.turn_deadline - now).total_seconds())
                text += f" Without a move in the next {left}, the game will be abandoned."
            text += " `/game status` shows the board."
            posts.append(
                ChannelPost(
                    session.place_id,
                    Reply(text=text, mentions=tuple(due.user_ids), colour=COLOUR_INFO),
                )
            )
            await self.service.mark_reminded(session.id, now)
        return posts
