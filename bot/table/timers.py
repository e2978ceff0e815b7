"""Timers: what happens when a turn limit passes (per server: the game ends, a bot takes the
late seat, or nothing), reminders to awaited players (per server interval), and bots retried
after a failure. Each returns `ChannelPost`s for the front end to post in the game's channel.
Paused games are left alone.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from bot.games.rejections import Rejection
from bot.i18n import say, tr, tr_n
from bot.sessions import reasons
from bot.sessions.models import MoveResult
from bot.storage.records import SessionRecord
from bot.table import registry
from bot.table.format import (
    COLOUR_DONE,
    COLOUR_INFO,
    duration_text,
    join_names,
)
from bot.table.replies import ChannelPost, Reply
from bot.table.servers import SYSTEM, ServerCommands, channel_posts

log = logging.getLogger(__name__)

TURN_LIMIT = "turn limit"  # i18n-exempt: a departure's kind, stored for the ratings
"""How a seat the turn limit passed to a bot was given up (`RatingCommands.note_departure`)."""


class TimerCommands(ServerCommands):
    """Posts made without a command: expired turn limits, reminders, resumed bots."""

    async def timers_round(self, now: datetime | None = None) -> list[ChannelPost]:
        """One round of every timer, by each server's settings: turn limits, reminders (every
        `reminder_hours`), bots whose reply failed or whose wait for answers is over."""
        now = now or self.service.now()
        posts = await self._turn_limits(now)
        posts += await self._reminders(now)
        posts += await self.retry_pending()
        # A bot that waited for answers to its offer goes on once the wait is over; only the
        # games where a bot is awaited are read (by index).
        posts += await self.resume_bots()
        return posts

    async def _late_seats_left(self, before: SessionRecord, ended: SessionRecord) -> str:
        """For ratings: the humans awaited when the turn limit ended the game left it; the
        line telling the rating changes ("" if none)."""
        to_act = self._to_act(before) or frozenset()
        for seat in before.seats:
            if seat.user_id is not None and seat.seat in to_act:
                await self.note_departure(before, seat.seat, TURN_LIMIT)
        return await self.rating_line(ended, left=True)

    async def _expired_post(self, before: SessionRecord, session: SessionRecord) -> ChannelPost:
        """The post of a game the turn limit ended (`before`: as it was), with its rating
        changes, in the language of its server."""
        with await self.publicly(guild_id=session.guild_id):
            ratings = await self._late_seats_left(before, session)
            name = self._game_name(session)
            if session.turn_timeout_s:
                text = tr(
                    "This {game} game was abandoned because no move was made within the turn "
                    "limit of {limit}.",
                    game=name,
                    limit=duration_text(session.turn_timeout_s),
                )
            else:
                text = tr(
                    "This {game} game was abandoned because no move was made in time.", game=name
                )
            if session.end_reason:
                text += " " + say(reasons.reworded(session.end_reason))
            if ratings:
                text += f"\n{ratings}"
            return ChannelPost(
                session.place_id,
                Reply(
                    text=text,
                    title=tr("{game} abandoned: time ran out", game=name),
                    mentions=session.human_user_ids,
                    colour=COLOUR_DONE,
                ),
            )

    async def expire_overdue(self, now: datetime | None = None) -> list[ChannelPost]:
        """Abandon every game whose turn deadline has passed; one post per game saying so."""
        posts = []
        for ended in await self.service.expire_overdue(now):
            posts.append(await self._expired_post(ended, ended))
        return posts

    async def _turn_limits(self, now: datetime) -> list[ChannelPost]:
        posts: list[ChannelPost] = []
        paused = await self.extras.paused_ids()
        for session in await self.service.overdue(now):
            if session.id in paused:
                continue
            action = (await self.conf(session.guild_id)).timeout_action
            if action == "nothing":
                continue
            waiting = self.service._waiting_names(session)
            if action == "end":
                ended = await self.steward.end(session.id, reasons.timed_out(waiting))
                if not isinstance(ended, Rejection):
                    posts.append(await self._expired_post(session, ended))
                continue
            try:
                posts += await self._bots_take_late_seats(session)
            except Exception:
                # One damaged game (its state cannot be read) must not stop every other game's
                # turn limits, reminders and retries in this round.
                log.warning(
                    "session %s: a bot could not take the late seats", session.id, exc_info=True
                )
        return posts

    async def _bots_take_late_seats(self, session: SessionRecord) -> list[ChannelPost]:
        """The 'bot' action: a computer player takes every awaited human seat."""
        state = self.service.load(session)
        to_act = self.service.engine_for(session).to_act(state)
        holding = registry.game_table(session.game_key).holding
        if holding is not None:  # e.g. not the players who may answer an offer
            to_act = frozenset(to_act) & frozenset(holding(state))
        late = [s for s in session.seats if s.user_id is not None and s.seat in to_act]
        result: MoveResult | SessionRecord | Rejection = session
        for seat in late:
            result = await self.steward.bot_takes_seat(session.id, seat.seat)
            if not isinstance(result, Rejection):
                await self.note_departure(session, seat.seat, TURN_LIMIT)
        if not isinstance(result, MoveResult):
            return []
        with await self.publicly(guild_id=session.guild_id):
            names = join_names([s.display_name for s in late])
            limit = duration_text(session.turn_timeout_s or 0)
            intro = tr(
                "{players} did not move within the turn limit of {limit}; a computer player "
                "takes over and the game goes on.",
                players=names,
                limit=limit,
            )
            title = tr("{game}: a bot takes over", game=self._game_name(session))
            replies = await self._game_reply(SYSTEM, result, title, intro, "takeover")
        return channel_posts(result.session.place_id, replies)

    async def _reminders(self, now: datetime) -> list[ChannelPost]:
        """Reminders by each server's interval. The guilds with games in progress are grouped by
        their interval and each group's due games are selected by index, so no game that is not
        due is read (however many games are in progress)."""
        guilds_by_hours: dict[float, list[int]] = {}
        for guild_id in await self.service.active_guild_ids():
            hours = (await self.conf(guild_id)).reminder_hours
            if hours:
                guilds_by_hours.setdefault(hours, []).append(guild_id)
        if not guilds_by_hours:
            return []
        paused = await self.extras.paused_ids()
        posts = []
        for hours, guild_ids in sorted(guilds_by_hours.items()):
            every = timedelta(hours=hours)
            actions = {g: (await self.conf(g)).timeout_action for g in guild_ids}
            # A page at a time: its posts built in one go and its reminders marked in one write.
            async for page in self.service.due_reminder_pages(every, now, guild_ids=guild_ids):
                due = [d for d in page if d.session.id not in paused]
                # Marked in one write before posting; only the games this write claimed are
                # posted (another process may have claimed the rest).
                posts += [
                    await self._reminder_post(
                        d.session, d.user_ids, d.waiting_since, now, actions[d.session.guild_id]
                    )
                    for d in await self.service.claim_reminders(due, every, now)
                ]
        return posts

    async def _reminder_post(
        self,
        session: SessionRecord,
        user_ids: tuple[int, ...],
        since: datetime,
        now: datetime,
        action: str = "end",
    ) -> ChannelPost:
        """A reminder to the awaited players, in the language of the game's server."""
        with await self.publicly(guild_id=session.guild_id):
            name = self._game_name(session)
            seats = [s for s in session.seats if s.user_id in user_ids]
            who = join_names([s.display_name for s in seats])
            waited = duration_text((now - since).total_seconds())
            text = tr_n(
                "Reminder: the {game} game here has been waiting for {waited}; {players} is "
                "still to move.",
                "Reminder: the {game} game here has been waiting for {waited}; {players} are "
                "still to move.",
                len(seats),
                game=name,
                waited=waited,
                players=who,
            )
            if session.turn_deadline is not None and session.turn_deadline > now:
                left = duration_text((session.turn_deadline - now).total_seconds())
                if action == "end":
                    text += " " + tr(
                        "Without a move in the next {left}, the game will be abandoned.", left=left
                    )
                elif action == "bot":
                    text += " " + tr(
                        "Without a move in the next {left}, a computer player takes over.",
                        left=left,
                    )
            text += " " + tr("`/game status` shows the board.")
            return ChannelPost(
                session.place_id,
                Reply(text=text, mentions=tuple(user_ids), colour=COLOUR_INFO),
            )

    async def remind(self, every: timedelta, now: datetime | None = None) -> list[ChannelPost]:
        """Ping the humans awaited in games where nothing happened for `every`, at most once per
        `every` per game; records each reminder."""
        now = now or self.service.now()
        posts = []
        async for page in self.service.due_reminder_pages(every, now):
            posts += [
                await self._reminder_post(d.session, d.user_ids, d.waiting_since, now)
                for d in await self.service.claim_reminders(page, every, now)
            ]
        return posts
