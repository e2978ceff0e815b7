"""Away mode and stand-ins (see `bot.sessions.asyncplay` for the rules): who is away (the open
absences, cached), the notes that say so, going away and coming back (pausing and restarting the
turn limits of the games it concerns), and the votes for a bot to play an away seat.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions import botnames
from bot.sessions.asynccore import AsyncPlayCore
from bot.sessions.dates import _days, format_day
from bot.sessions.levels import level_bot
from bot.sessions.models import MoveResult
from bot.storage.asyncplay import AwayPause, AwayPeriod, StandIn
from bot.storage.records import SeatRecord, SessionPatch, SessionRecord, SessionStatus
from bot.storage.records import StaleVersionError as _Stale

STANDIN_BOT = "heuristic"
"""The bot that plays an away seat when the table votes for it, unless the server chose a level
(`GameService.bot_level_of`)."""

AWAY_CACHE_SECONDS = 30.0
"""How long the list of open absences is trusted before it is read again."""


@dataclass(frozen=True, slots=True)
class AwayLimits:
    """A server's limits on absences (defaults: two weeks at a time, three weeks a month)."""

    max_days: int = 14
    month_days: int = 21


@dataclass(frozen=True, slots=True)
class AwayResult:
    """After `go_away` / `come_back`: the absence and the games it concerns (active ones)."""

    period: AwayPeriod
    games: tuple[SessionRecord, ...]


@dataclass(frozen=True, slots=True)
class StandInResult:
    """A stand-in vote: who voted, who is still asked, and bot moves if it was granted."""

    away_user_id: int
    votes: frozenset[int]
    waiting_for: frozenset[int]
    granted: bool
    moves: MoveResult | None = None


class AwayMixin(AsyncPlayCore):
    """Away mode and stand-ins; see `bot.sessions.asyncplay` for the rules."""

    async def open_absences(self) -> tuple[AwayPeriod, ...]:
        """Every open absence, read at most once per `AWAY_CACHE_SECONDS` (every move asks, and
        the answer is nearly always "none"): this process's own changes refresh it at once, a
        second process sharing the database is seen within that time."""
        cache = self._ap_cache()
        fetched = cache.get("away")
        if fetched is None or time.monotonic() - fetched[0] > AWAY_CACHE_SECONDS:
            periods = await self._ap().store.list_open_away()  # type: ignore[attr-defined]
            fetched = cache["away"] = (time.monotonic(), tuple(periods))
        return fetched[1]  # type: ignore[no-any-return]

    def _absences_changed(self) -> None:
        self._ap_cache().pop("away", None)

    async def away_of(self, user_id: int, now: datetime | None = None) -> AwayPeriod | None:
        """The user's absence if they are away now, else None."""
        now = now or self._ap().now()
        for period in await self.open_absences():
            if period.user_id == user_id and period.is_away(now):
                return period
        return None

    async def away_players(
        self, session: SessionRecord
    ) -> tuple[tuple[SeatRecord, AwayPeriod], ...]:
        """The seated humans of `session` who are away now, with their absences, in seat order.

        One read of the open absences (usually none), so every move and post stays cheap."""
        svc = self._ap()
        now = svc.now()
        open_periods = await self.open_absences()
        by_user = {p.user_id: p for p in open_periods if p.is_away(now)}
        if not by_user:
            return ()
        return tuple(
            (seat, by_user[seat.user_id])
            for seat in session.seats
            if seat.user_id is not None and seat.user_id in by_user
        )

    async def away_notes(self, session: SessionRecord) -> tuple[str, ...]:
        """Sentences like "Ann is away until 3 Dec (holiday)." for the status and board posts;
        a stand-in bot is named. Each a `Text` (say it in the reader's language)."""
        notes: list[str] = []
        for seat, period in await self.away_players(session):
            standin = await self._ap().store.standin(period.id, session.id)  # type: ignore[attr-defined]
            stands_in = standin is not None and standin.granted_at is not None
            player, day, why = seat.display_name, format_day(period.until_at), period.reason
            if why and stands_in:
                note = tx(
                    "{player} is away until {day} ({reason}); a bot plays for them.",
                    player=player,
                    day=day,
                    reason=why,
                )
            elif why:
                note = tx(
                    "{player} is away until {day} ({reason}).", player=player, day=day, reason=why
                )
            elif stands_in:
                note = tx(
                    "{player} is away until {day}; a bot plays for them.", player=player, day=day
                )
            else:
                note = tx("{player} is away until {day}.", player=player, day=day)
            notes.append(note)
        return tuple(notes)

    async def _games_of(self, user_id: int) -> tuple[SessionRecord, ...]:
        return tuple(
            s for s in await self._ap().store.list_open() if s.seat_of(user_id) is not None
        )

    # ----------------------------------------------------------------- away

    async def go_away(
        self,
        user_id: int,
        until: datetime,
        reason: str = "",
        limits: AwayLimits | None = None,
    ) -> AwayResult | Rejection:
        """Start an absence until `until` (see the module docstring for the rules)."""
        svc = self._ap()
        limits = limits or AwayLimits()
        now = svc.now()
        reason = " ".join(reason.split())[:100]
        if until <= now:
            return Rejection(RejectionCode.ILLEGAL, tx("The return date must be in the future."))
        if until - now > timedelta(days=limits.max_days):
            return Rejection(
                RejectionCode.ILLEGAL,
                tx(
                    "An absence can last at most {days} days on this server; pick a date "
                    "before {day}.",
                    days=limits.max_days,
                    day=format_day(now + timedelta(days=limits.max_days)),
                ),
            )
        current = await svc.store.open_away(user_id)  # type: ignore[attr-defined]
        if current is not None and current.is_away(now):
            return Rejection(
                RejectionCode.ILLEGAL,
                tx("You are already away until {day}.", day=format_day(current.until_at)),
                tx("Use /game back first, then /game away with the new date."),
            )
        if current is not None:  # its date passed: close it where it ended
            await self._end_absence(current, current.until_at)
        window = now - timedelta(days=30)
        used = timedelta()
        for p in await svc.store.away_since(user_id, window):  # type: ignore[attr-defined]
            end = p.ended_at or p.until_at
            used += max(timedelta(), end - max(p.starts_at, window))
        if used + (until - now) > timedelta(days=limits.month_days):
            left = max(timedelta(), timedelta(days=limits.month_days) - used)
            return Rejection(
                RejectionCode.ILLEGAL,
                tx(
                    "You can be away at most {days} days in any 30 on this server; you have "
                    "{left} left now.",
                    days=limits.month_days,
                    left=_days(left),
                ),
            )
        period = await svc.store.add_away(user_id, now, until, reason)  # type: ignore[attr-defined]
        self._absences_changed()
        games = await self._games_of(user_id)
        for session in games:
            if session.status is not SessionStatus.ACTIVE or session.turn_deadline is None:
                continue
            remaining = max(0, int((session.turn_deadline - now).total_seconds()))
            await svc.store.add_pause(  # type: ignore[attr-defined]
                AwayPause(period.id, session.id, session.ply, remaining)
            )
        return AwayResult(period, tuple(g for g in games if g.status is SessionStatus.ACTIVE))

    async def come_back(self, user_id: int) -> AwayResult | Rejection:
        """End the user's absence now: turn limits restart with the time that was left."""
        svc = self._ap()
        period = await svc.store.open_away(user_id)  # type: ignore[attr-defined]
        if period is None:
            return Rejection(RejectionCode.ILLEGAL, tx("You are not away."))
        now = svc.now()
        games = await self._end_absence(period, min(now, period.until_at))
        return AwayResult(replace(period, ended_at=min(now, period.until_at)), games)

    async def end_due_absences(self, now: datetime | None = None) -> tuple[AwayResult, ...]:
        """Close every absence whose announced date has passed (the timer calls this, and
        `expire_overdue` does first), restarting the turn limits it paused."""
        svc = self._ap()
        now = now or svc.now()
        done: list[AwayResult] = []
        for period in await self.open_absences():
            if period.until_at <= now:
                games = await self._end_absence(period, period.until_at)
                done.append(AwayResult(replace(period, ended_at=period.until_at), games))
        return tuple(done)

    async def _end_absence(
        self, period: AwayPeriod, ended_at: datetime
    ) -> tuple[SessionRecord, ...]:
        svc = self._ap()
        await svc.store.end_away(period.id, ended_at)  # type: ignore[attr-defined]
        self._absences_changed()
        pauses = {p.session_id: p for p in await svc.store.pauses_of(period.id)}  # type: ignore[attr-defined]
        now = svc.now()
        restarted: list[SessionRecord] = []
        for found in await self._games_of(period.user_id):
            if found.status is not SessionStatus.ACTIVE or found.turn_timeout_s is None:
                continue
            async with svc._lock(found.id):
                session = await svc.store.get_session(found.id)
                if session is None or session.status is not SessionStatus.ACTIVE:
                    continue
                if await self._someone_away(session, now, besides=period.user_id):
                    continue  # still paused for another away player; they restart it
                pause = pauses.get(session.id)
                remaining = session.turn_timeout_s or 0
                if pause is not None and pause.ply == session.ply:
                    remaining = pause.remaining_s
                deadline = now + timedelta(seconds=remaining)
                try:
                    session = await svc.store.update(
                        session.id, session.version, SessionPatch(turn_deadline=deadline), now
                    )
                except _Stale:
                    continue
                restarted.append(session)
        return tuple(restarted)

    async def _someone_away(
        self, session: SessionRecord, now: datetime, besides: int | None = None
    ) -> bool:
        """True if a human the game awaits now is away (its turn limit is paused)."""
        svc = self._ap()
        try:
            awaited = svc.users_to_ping(session, svc.load(session))
        except Exception:  # a corrupt game is reported where it is loaded, not here
            return False
        for user_id in awaited:
            if user_id != besides and await self.away_of(user_id, now) is not None:
                return True
        return False

    async def vote_standin(
        self, channel_id: int, voter_id: int, away_user_id: int
    ) -> StandInResult | Rejection:
        """Vote for a bot to play `away_user_id`'s seat here until they return."""
        svc = self._ap()
        found = await svc._find(channel_id)
        if isinstance(found, Rejection):
            return found
        if found.status is not SessionStatus.ACTIVE:
            return Rejection(
                RejectionCode.NO_ACTIVE_GAME, tx("A bot can stand in only once the game runs.")
            )
        away_seat = found.seat_of(away_user_id)
        if away_seat is None:
            return Rejection(RejectionCode.NOT_A_PLAYER, tx("That player is not in this game."))
        period = await self.away_of(away_user_id)
        if period is None:
            return Rejection(
                RejectionCode.ILLEGAL, tx("{player} is not away.", player=away_seat.display_name)
            )
        if found.seat_of(voter_id) is None or voter_id == away_user_id:
            return Rejection(
                RejectionCode.NOT_A_PLAYER,
                tx("Only the other players of this game can vote for a stand-in."),
            )
        voters = await self._present_humans(found, exclude=away_user_id)
        current = await svc.store.standin(period.id, found.id)  # type: ignore[attr-defined]
        votes = (current.votes if current else frozenset()) | {voter_id}
        granted = votes >= voters
        now = svc.now()
        if current is not None and current.granted_at is not None:
            return StandInResult(away_user_id, current.votes, frozenset(), True)
        await svc.store.put_standin(  # type: ignore[attr-defined]
            StandIn(period.id, found.id, votes, now if granted else None)
        )
        moves = None
        if granted:
            result = await svc.run_bots(found.id)
            moves = result if isinstance(result, MoveResult) else None
        return StandInResult(away_user_id, votes, voters - votes, granted, moves)

    async def _present_humans(self, session: SessionRecord, exclude: int) -> frozenset[int]:
        out = set()
        for user_id in session.human_user_ids:
            if user_id != exclude and await self.away_of(user_id) is None:
                out.add(user_id)
        return frozenset(out)

    async def standin_games(self) -> tuple[int, ...]:
        """Ids of the games where a granted stand-in bot may have a turn to play (start-up
        resumes them like bot seats: the stored `to_act` knows only real bots)."""
        svc = self._ap()
        now = svc.now()
        found: list[int] = []
        for period in await self.open_absences():
            if period.is_away(now):
                found += await svc.store.granted_standins(period.id)  # type: ignore[attr-defined]
        return tuple(sorted(set(found)))

    async def _standin_bot(self, session: SessionRecord) -> str:
        """The bot that stands in for away players in `session`: the server's level."""
        svc = self._ap()
        bots = svc.engine_for(session).bots
        level_of = svc.bot_level_of
        if level_of is None:
            return STANDIN_BOT
        return level_bot(await level_of(session.guild_id), bots)

    async def standin_seats(self, session: SessionRecord) -> tuple[SeatRecord, ...]:
        """Away seats a bot plays now (as bot seat records), for the bot loop."""
        out: list[SeatRecord] = []
        name = await self._standin_bot(session)
        for seat, period in await self.away_players(session):
            standin = await self._ap().store.standin(period.id, session.id)  # type: ignore[attr-defined]
            if standin is not None and standin.granted_at is not None:
                out.append(
                    SeatRecord(
                        seat.seat,
                        botnames.stand_in(seat.display_name),
                        bot_name=name,
                    )
                )
        return tuple(out)
