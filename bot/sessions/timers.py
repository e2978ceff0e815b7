"""`GameService`'s timed work: games past their turn limit (found and abandoned) and reminders
to awaited players, read a page at a time so the event loop is never held for long. See
`bot.sessions.service` for the API.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Collection
from datetime import datetime, timedelta

from bot.games.codec import CorruptStateError
from bot.games.protocol import Seat
from bot.sessions import reasons
from bot.sessions.core import ServiceCore, _join_names
from bot.sessions.models import Reminder
from bot.storage.records import (
    SeatRecord,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
)

REMINDER_PAGE = 100
"""Sessions read per step of the reminder pass and of resuming bots: each step is short, and the
event loop runs between steps, however many games there are."""

SLICE_S = 0.005
"""Work done on the event loop at a stretch in the reminder pass before it yields
(`await asyncio.sleep(0)`), so other tasks wait at most about this long."""


class TimersMixin(ServiceCore):
    """Turn limits and reminders; see the module docstring."""

    async def overdue(self, now: datetime | None = None) -> tuple[SessionRecord, ...]:
        """Active sessions whose turn deadline has passed, except those waiting for an away
        player (their limit is paused; absences whose date passed are ended first)."""
        now = now or self._now()
        await self.end_due_absences(now)
        return tuple(
            [s for s in await self.store.list_overdue(now) if not await self._someone_away(s, now)]
        )

    async def expire_overdue(self, now: datetime | None = None) -> tuple[SessionRecord, ...]:
        """Abandon every overdue session; return them as they are now (ABANDONED)."""
        now = now or self._now()
        await self.end_due_absences(now)
        expired: list[SessionRecord] = []
        for candidate in await self.store.list_overdue(now):
            async with self._lock(candidate.id):
                session = await self.store.get_session(candidate.id)
                if (
                    session is None
                    or session.status is not SessionStatus.ACTIVE
                    or session.turn_deadline is None
                    or session.turn_deadline > now
                    or await self._someone_away(session, now)  # its limit is paused
                ):
                    continue
                waiting = self._waiting_names(session)
                reason = reasons.timed_out(waiting)
                try:
                    updated = await self.store.update(
                        session.id,
                        session.version,
                        SessionPatch(
                            status=SessionStatus.ABANDONED, turn_deadline=None, end_reason=reason
                        ),
                        now,
                    )
                except StaleVersionError:
                    continue
                self._forget(updated)
                expired.append(updated)
        return tuple(expired)

    async def due_reminders(
        self,
        every: timedelta,
        now: datetime | None = None,
        *,
        guild_ids: Collection[int] | None = None,
    ) -> tuple[Reminder, ...]:
        """Active games whose awaited humans have had nothing happen for `every` (since the last
        change of the game and since the last reminder): at most one reminder per period.
        All pages of `due_reminder_pages` in one tuple. `guild_ids`: only games of these guilds.
        """
        due: list[Reminder] = []
        async for page in self.due_reminder_pages(every, now, guild_ids=guild_ids):
            due.extend(page)
        return tuple(due)

    async def due_reminder_pages(
        self,
        every: timedelta,
        now: datetime | None = None,
        *,
        guild_ids: Collection[int] | None = None,
    ) -> AsyncIterator[tuple[Reminder, ...]]:
        """`due_reminders` a page at a time (pages may be empty), for a caller that posts and
        marks each page (`mark_reminded_many`) before the next is read.

        The store selects the due games by an indexed query and this reads them
        `REMINDER_PAGE` at a time; between reads it yields to the event loop whenever it has
        worked `SLICE_S` at a stretch, so the loop is never held for long however many games
        are due. Who is awaited comes from the stored `to_act`, so no state is parsed (except
        for a game stored without it, which is then recorded).
        """
        now = now or self._now()
        # Away players get no reminders (AsyncPlayMixin); one read of the open absences.
        away = {p.user_id for p in await self.open_absences() if p.is_away(now)}
        ids = await self.store.quiet_ids(now - every, guild_ids)
        for start in range(0, len(ids), REMINDER_PAGE):
            sessions = await self.store.get_sessions(ids[start : start + REMINDER_PAGE])
            began = time.perf_counter()
            page: list[Reminder] = []
            for session in sessions:
                if time.perf_counter() - began > SLICE_S:
                    await asyncio.sleep(0)
                    began = time.perf_counter()
                if session.status is not SessionStatus.ACTIVE or now - session.quiet_since < every:
                    continue  # it changed since the ids were read
                humans = session.seats_to_act(bots=False)
                if humans is None:
                    if not await self._record_to_act(session, bots=False):
                        continue
                    began = time.perf_counter()
                    humans = self._fresh_humans(session)
                users = tuple(
                    s.user_id for s in humans if s.user_id is not None and s.user_id not in away
                )
                if users:
                    page.append(Reminder(session, users, session.updated_at))
            yield tuple(page)

    def _fresh_humans(self, session: SessionRecord) -> tuple[SeatRecord, ...]:
        to_act = self.engine_for(session).to_act(self.load(session))
        return tuple(s for s in session.seats if s.user_id is not None and Seat(s.seat) in to_act)

    async def mark_reminded(self, session_id: int, now: datetime | None = None) -> None:
        """Record that a reminder was sent now (does not bump the version)."""
        await self.store.set_reminded_at(session_id, now or self._now())

    async def claim_reminders(
        self, due: Collection[Reminder], every: timedelta, now: datetime | None = None
    ) -> tuple[Reminder, ...]:
        """Of a page of `due` reminders, the ones this process is to send: each game still quiet
        for `every` is marked reminded now, in one write, and only the games this write marked
        are returned. With several processes reading the same due games, every reminder is
        claimed by exactly one of them."""
        if not due:
            return ()
        now = now or self._now()
        claimed = set(
            await self.store.claim_reminders([d.session.id for d in due], now - every, now)
        )
        return tuple(d for d in due if d.session.id in claimed)

    async def mark_reminded_many(
        self, session_ids: Collection[int], now: datetime | None = None
    ) -> None:
        """`mark_reminded` for a page of games in one store transaction (one write)."""
        if session_ids:
            await self.store.set_reminded_at_many(tuple(session_ids), now or self._now())

    def _waiting_names(self, session: SessionRecord) -> str:
        try:
            state = self.load(session)
            to_act = self.engine_for(session).to_act(state)
        except (CorruptStateError, KeyError):
            return ""
        return _join_names([s.display_name for s in session.seats if Seat(s.seat) in to_act])
