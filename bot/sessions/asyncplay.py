"""Asynchronous play on top of `GameService`: away mode, undo with consent, replays, finished
games and the turn clock. Mixed into `GameService`; nothing here knows any game.

Rules chosen for the edge cases (also in the README):

- **Away** is per user, across every game they sit in. While away, the turn limit of a game that
  awaits them does not run out and they get no reminders; on return (``back`` or the announced
  date passing) the limit restarts with the time that was left when they left, or with a full
  turn if the game moved on to a new turn of theirs meanwhile. An absence is at most
  ``AwayLimits.max_days`` long and a user is away at most ``AwayLimits.month_days`` days in any
  30 days (announced days count until the user comes back). Going away while sitting in a lobby
  is allowed: the lobby is unaffected; if it starts meanwhile, the absence applies to the game.
- **Stand-in**: every other present human of a game may vote for a bot to play an away seat; once
  all did, a computer player (the server's level: easy or strong) plays that seat until the
  player comes back.
- **Undo** takes back the asker's last move (and any bot moves after it). It is refused when a
  move since (the asker's included) revealed something (``Transition.reveals``) or another human
  moved since. In a simultaneous step this means: you can take back your choice while nobody
  else has chosen since. Every other present (not away) human must accept within the time limit;
  a decline ends it (the same move may be asked for again after ``UNDO_ASK_AGAIN_AFTER``); any
  move in the meantime makes it lapse. With no one to ask it applies at
  once. The state is rebuilt by replaying the log without the undone moves; they stay in the log,
  marked undone.
- **Replay** shows the game as it stands (undone moves are left out, and listed where they were
  taken back), from the public (spectator) view only, for running, finished and abandoned games;
  an abandoned game ends at its last move with the reason it was abandoned.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.games.protocol import Outcome, Seat, canonical_json, step_text
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx, tx_c, tx_n
from bot.sessions import botnames
from bot.sessions.levels import level_bot
from bot.sessions.models import MoveResult
from bot.storage.asyncplay import AwayPause, AwayPeriod, StandIn, UndoRequest, UndoStatus
from bot.storage.records import LogEntry, SeatRecord, SessionPatch, SessionRecord, SessionStatus
from bot.storage.records import StaleVersionError as _Stale

if TYPE_CHECKING:
    from bot.sessions.service import GameService

log = logging.getLogger(__name__)

UNDO_TIME_LIMIT = timedelta(hours=24)
"""How long the other players have to answer an undo request."""

STANDIN_BOT = "heuristic"
"""The bot that plays an away seat when the table votes for it, unless the server chose a level
(`GameService.bot_level_of`)."""

AWAY_CACHE_SECONDS = 30.0
"""How long the list of open absences is trusted before it is read again."""

UNDO_ASK_AGAIN_AFTER = timedelta(hours=1)
"""After a decline, how long before the same move may be asked for again (no ping spam)."""
DECLINED_REMEMBERED = 1024
"""Declined requests remembered for that (in memory: a restart forgets them, which is harmless)."""

REPLAY_CACHE_GAMES = 4
"""Replayed games whose positions stay in memory (a viewer clicking ◀ ▶ steps in O(1))."""

CLOCK_CACHE_GAMES = 64
"""Games whose turn clock is kept (its last position), so a status after a move steps once."""

MAX_FINISHED_LISTED = 25


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


@dataclass(frozen=True, slots=True)
class UndoOutcome:
    """An undo request after a call: pending (with who is still asked), applied, or ended.

    `result` holds the restored position (and any bot replies) once applied.
    """

    request: UndoRequest
    session: SessionRecord
    asked: frozenset[int]
    waiting_for: frozenset[int]
    undone: tuple[LogEntry, ...]
    result: MoveResult | None = None

    @property
    def applied(self) -> bool:
        """True once the position is restored."""
        return self.request.status is UndoStatus.APPLIED


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """The board after move `index` of `total` (0: the start), from the public view only.

    `move` is the move that led here (None at the start); `taken_back` the undone moves that were
    played (and taken back) right after this position; `outcome` is set on the last frame of a
    finished game, `end_reason` on the last frame of a finished or abandoned one.
    """

    session: SessionRecord
    index: int
    total: int
    state: Any
    move: LogEntry | None
    taken_back: tuple[LogEntry, ...]
    outcome: Outcome | None
    end_reason: str | None


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One seat's turn clock: finished turns, their average length, and the current wait."""

    seat: int
    turns: int
    average: timedelta | None
    waiting: timedelta | None


@dataclass(frozen=True, slots=True)
class _ClockCache:
    key: tuple[int, int]  # (ply, undone count)
    state: Any
    since: Mapping[int, datetime]
    totals: Mapping[int, tuple[int, float]]


class AsyncPlayMixin:
    """Away mode, undo, replays and the turn clock; see the module docstring."""

    # ----------------------------------------------------------------- helpers

    def _ap(self) -> GameService:
        return self  # type: ignore[return-value]

    def _ap_cache(self) -> dict[str, Any]:
        cache: dict[str, Any] | None = getattr(self, "_asyncplay_cache", None)
        if cache is None:
            cache = {"replays": OrderedDict(), "clocks": OrderedDict()}
            self._asyncplay_cache = cache
        return cache

    async def _effective_log(self, session: SessionRecord) -> tuple[LogEntry, ...]:
        """The whole log with undone moves marked."""
        svc = self._ap()
        entries = await svc.store.load_log(session.id)
        undone = await svc.store.undone_plies(session.id)  # type: ignore[attr-defined]
        return tuple(replace(e, undone=True) if e.ply in undone else e for e in entries)

    def _replay_states(self, session: SessionRecord, entries: tuple[LogEntry, ...]) -> list[Any]:
        """The positions after 0, 1, 2... of the moves in `entries` (not undone), from the seed."""
        svc = self._ap()
        engine = svc.engine_for(session)
        assert session.seed is not None
        state = engine.new_game(len(session.seats), dict(session.options), session.seed)
        states = [state]
        for e in entries:
            result = step_text(engine, state, Seat(e.seat), e.notation)
            if isinstance(result, Rejection):
                raise ValueError(
                    f"session {session.id} move {e.ply} ({e.notation!r}) "  # i18n-exempt: internal
                    f"no longer replays: {result.message}"
                )
            state = result.state
            states.append(state)
        return states

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

    # ----------------------------------------------------------------- undo

    async def request_undo(
        self, channel_id: int, user_id: int, *, time_limit: timedelta = UNDO_TIME_LIMIT
    ) -> UndoOutcome | Rejection:
        """Ask to take back `user_id`'s last move (see the module docstring for the rules)."""
        svc = self._ap()
        found = await svc._find(channel_id)
        if isinstance(found, Rejection):
            return found
        async with svc._lock(found.id):
            session = await svc.store.get_session(found.id)
            assert session is not None
            seat = session.seat_of(user_id)
            if seat is None:
                return svc._not_a_player(session)
            if session.status is SessionStatus.LOBBY:
                return svc._not_started(session)
            if session.status is not SessionStatus.ACTIVE:
                return svc._ended_rejection(session)
            now = svc.now()
            pending = await self._live_pending(session, now)
            if pending is not None:
                who = session.seat_of(pending.user_id)
                return Rejection(
                    RejectionCode.ILLEGAL,
                    tx(
                        "{player} has already asked for an undo; wait for the answers.",
                        player=who.display_name if who else tx("Someone"),
                    ),
                )
            entries = await self._effective_log(session)
            live = tuple(e for e in entries if not e.undone)
            mine = [i for i, e in enumerate(live) if e.user_id == user_id]
            if not mine:
                return Rejection(RejectionCode.ILLEGAL, tx("You have no move to take back."))
            first = mine[-1]
            since = live[first:]
            wording = svc.public_wording
            for e in since[1:]:
                if e.user_id is not None and e.user_id != user_id:
                    mover = session.seat_of(e.user_id)
                    name = mover.display_name if mover else tx("another player")
                    return Rejection(
                        RejectionCode.ILLEGAL,
                        tx(
                            "{player} has played `{move}` since your last move `{mine}`, so it "
                            "can no longer be taken back.",
                            player=name,
                            move=wording(session.game_key, e.notation),
                            mine=wording(session.game_key, live[first].notation),
                        ),
                    )
            declined = self._ap_cache().setdefault("declined", OrderedDict())
            last_no = declined.get((session.id, user_id))
            if last_no is not None and last_no[0] == (since[0].ply, session.ply):
                wait = last_no[1] + UNDO_ASK_AGAIN_AFTER - now
                if wait > timedelta():
                    return Rejection(
                        RejectionCode.ILLEGAL,
                        tx(
                            "Taking back `{move}` was declined; you can ask again in {wait}.",
                            move=wording(session.game_key, since[0].notation),
                            wait=format_duration(wait),
                        ),
                    )
            # Replaying a long game is real work: off the event loop (engines are pure).
            revealing = await asyncio.to_thread(self._first_revealing, session, live, first)
            if revealing is not None:
                return Rejection(
                    RejectionCode.ILLEGAL,
                    tx(
                        "Your move cannot be taken back: `{move}` (move {number}) brought out "
                        "something nobody knew before (a die, a card or hidden information).",
                        move=wording(session.game_key, revealing.notation),
                        number=live.index(revealing) + 1,
                    ),
                )
            asked = await self._present_humans(session, exclude=user_id)
            request = await svc.store.create_undo(  # type: ignore[attr-defined]
                UndoRequest(
                    id=0,
                    session_id=session.id,
                    user_id=user_id,
                    seat=seat.seat,
                    first_ply=since[0].ply,
                    last_ply=session.ply,
                    status=UndoStatus.PENDING,
                    votes={},
                    created_at=now,
                    expires_at=now + time_limit,
                )
            )
            undone = tuple(e for e in entries if since[0].ply <= e.ply and not e.undone)
            if not asked:
                return await self._apply(session, request, {}, frozenset(), undone)
            return UndoOutcome(request, session, asked, asked, undone)

    def _first_revealing(
        self, session: SessionRecord, live: tuple[LogEntry, ...], first: int
    ) -> LogEntry | None:
        """The first move from `live[first]` on whose transition revealed something."""
        svc = self._ap()
        engine = svc.engine_for(session)
        states = self._replay_states(session, live[:first])
        state = states[-1]
        for e in live[first:]:
            result = step_text(engine, state, Seat(e.seat), e.notation)
            if isinstance(result, Rejection):
                raise ValueError(
                    f"session {session.id} move {e.ply} "  # i18n-exempt: internal error
                    "no longer replays"
                )
            if result.reveals:
                return e
            state = result.state
        return None

    async def _live_pending(self, session: SessionRecord, now: datetime) -> UndoRequest | None:
        """The pending request, after closing it if it expired or the game moved on."""
        store = self._ap().store
        pending: UndoRequest | None = await store.pending_undo(session.id)  # type: ignore[attr-defined]
        if pending is None:
            return None
        if now >= pending.expires_at:
            await store.set_undo(pending.id, UndoStatus.EXPIRED, pending.votes, now)  # type: ignore[attr-defined]
            return None
        if session.ply != pending.last_ply:
            await store.set_undo(pending.id, UndoStatus.OUTDATED, pending.votes, now)  # type: ignore[attr-defined]
            return None
        return pending

    async def vote_undo(
        self, session_id: int, user_id: int, undo_id: int, accept: bool
    ) -> UndoOutcome | Rejection:
        """Accept or decline undo request `undo_id` (from its buttons)."""
        svc = self._ap()
        async with svc._lock(session_id):
            session = await svc.store.get_session(session_id)
            if session is None:
                return Rejection(RejectionCode.NO_ACTIVE_GAME, tx("There is no such game."))
            request = await svc.store.get_undo(undo_id)  # type: ignore[attr-defined]
            if request is None or request.session_id != session_id:
                return Rejection(RejectionCode.STALE, tx("There is no such undo request."))
            now = svc.now()
            if request.status is UndoStatus.PENDING and session.status is SessionStatus.ACTIVE:
                live = await self._live_pending(session, now)
                request = await svc.store.get_undo(undo_id)  # type: ignore[attr-defined]
                assert request is not None
                if live is None and request.status is UndoStatus.PENDING:
                    request = await svc.store.set_undo(  # type: ignore[attr-defined]
                        undo_id, UndoStatus.OUTDATED, request.votes, now
                    )
            if request.status is not UndoStatus.PENDING:
                return Rejection(RejectionCode.STALE, _closed_sentence(request.status))
            asked = await self._present_humans(session, exclude=request.user_id)
            if user_id not in asked:
                return Rejection(
                    RejectionCode.NOT_A_PLAYER,
                    tx("Only the other players of this game answer this undo request."),
                )
            votes = {**request.votes, user_id: accept}
            entries = await self._effective_log(session)
            undone = tuple(e for e in entries if e.ply >= request.first_ply and not e.undone)
            if not accept:
                request = await svc.store.set_undo(  # type: ignore[attr-defined]
                    undo_id, UndoStatus.DECLINED, votes, now
                )
                declined = self._ap_cache().setdefault("declined", OrderedDict())
                declined[(session_id, request.user_id)] = (
                    (request.first_ply, request.last_ply),
                    now,
                )
                declined.move_to_end((session_id, request.user_id))
                while len(declined) > DECLINED_REMEMBERED:
                    declined.popitem(last=False)
                return UndoOutcome(request, session, asked, frozenset(), undone)
            waiting = frozenset(u for u in asked if not votes.get(u))
            if waiting:
                request = await svc.store.set_undo(  # type: ignore[attr-defined]
                    undo_id, UndoStatus.PENDING, votes, None
                )
                return UndoOutcome(request, session, asked, waiting, undone)
            return await self._apply(session, request, votes, asked, undone)

    async def _apply(
        self,
        session: SessionRecord,
        request: UndoRequest,
        votes: Mapping[int, bool],
        asked: frozenset[int],
        undone: tuple[LogEntry, ...],
    ) -> UndoOutcome:
        """Rebuild the position from the log without the undone moves and store it (CAS)."""
        svc = self._ap()
        engine = svc.engine_for(session)
        entries = await self._effective_log(session)
        kept = tuple(
            e
            for e in entries
            if not e.undone and not request.first_ply <= e.ply <= request.last_ply
        )
        state = (await asyncio.to_thread(self._replay_states, session, kept))[-1]
        data = engine.state_to_dict(state)
        now = svc.now()
        schema_v = data.get("v") if isinstance(data.get("v"), int) else None
        updated = await svc.store.apply_undo(  # type: ignore[attr-defined]
            session.id,
            session.version,
            request.id,
            votes,
            canonical_json(data),
            schema_v,
            svc._deadline(session, now),
            now,
        )
        svc._cache.put(updated, state)
        self._ap_cache()["clocks"].pop(session.id, None)
        result = await svc._bots_then_result(engine, updated, state, ())
        applied = await svc.store.get_undo(request.id)  # type: ignore[attr-defined]
        assert applied is not None
        return UndoOutcome(applied, result.session, asked, frozenset(), undone, result)

    async def pending_undo(self, session: SessionRecord) -> UndoRequest | None:
        """The undo request awaiting answers in this game, if any (expired ones are closed)."""
        return await self._live_pending(session, self._ap().now())

    # ----------------------------------------------------------------- replays

    async def finished_games(self, channel_id: int, limit: int = 10) -> tuple[SessionRecord, ...]:
        """Finished and abandoned games of this channel or thread, newest first."""
        limit = max(1, min(limit, MAX_FINISHED_LISTED))
        return await self._ap().store.list_in_place(  # type: ignore[attr-defined,no-any-return]
            channel_id, (SessionStatus.FINISHED, SessionStatus.ABANDONED), limit
        )

    async def replay_frame(
        self, channel_id: int, index: int | None = None, *, session_id: int | None = None
    ) -> ReplayFrame | Rejection:
        """The public position after move `index` (None: the last) of the game here (the open
        one, else the latest) or of `session_id` (which must belong to this channel)."""
        svc = self._ap()
        if session_id is None:
            session = await svc.store.get_open_in_place(channel_id) or await svc.latest(channel_id)
        else:
            session = await svc.store.get_session(session_id)
            if session is not None and session.place_id != channel_id:
                session = None
        if session is None:
            return Rejection(
                RejectionCode.NO_ACTIVE_GAME,
                tx("There is no such game in this channel."),
                tx("/game finished lists the games played here."),
            )
        if session.seed is None:
            return Rejection(
                RejectionCode.NO_ACTIVE_GAME,
                tx(
                    "The {game} game here never started: nothing to replay.",
                    game=svc._game_name(session),
                ),
            )
        entries = await self._effective_log(session)
        live = tuple(e for e in entries if not e.undone)
        key = (session.id, session.ply, len(entries) - len(live))
        replays: OrderedDict[tuple[int, int, int], list[Any]] = self._ap_cache()["replays"]
        states = replays.get(key)
        if states is None:
            states = await asyncio.to_thread(self._replay_states, session, live)
            replays[key] = states
            while len(replays) > REPLAY_CACHE_GAMES:
                replays.popitem(last=False)
        else:
            replays.move_to_end(key)
        total = len(live)
        n = total if index is None else max(0, min(index, total))
        state = states[n]
        next_ply = live[n].ply if n < total else session.ply + 1
        prev_ply = live[n - 1].ply if n > 0 else 0
        taken_back = tuple(e for e in entries if e.undone and prev_ply < e.ply < next_ply)
        last = n == total and not session.status.is_open
        outcome = svc.engine_for(session).outcome(state) if last else None
        return ReplayFrame(
            session=session,
            index=n,
            total=total,
            state=state,
            move=live[n - 1] if n > 0 else None,
            taken_back=taken_back,
            outcome=outcome,
            end_reason=session.end_reason if last else None,
        )

    # ----------------------------------------------------------------- turn clock

    async def turn_clock(self, session: SessionRecord) -> tuple[SeatClock, ...]:
        """Per seat: how many turns it finished, their average length and how long the current
        turn has waited. A turn is one decision: it runs from when the game starts awaiting the
        seat (or from its previous move, if it must decide again) to its move. Undone moves and
        turns skipped without a move do not count."""
        svc = self._ap()
        if session.status is SessionStatus.LOBBY or session.seed is None:
            return ()
        engine = svc.engine_for(session)
        undone = await svc.store.undone_plies(session.id)  # type: ignore[attr-defined]
        key = (session.ply, len(undone))
        cache: OrderedDict[int, _ClockCache] = self._ap_cache()["clocks"]
        cached = cache.get(session.id)
        if cached is not None and cached.key[1] == len(undone) and cached.key[0] <= session.ply:
            state, since, totals = cached.state, dict(cached.since), dict(cached.totals)
            new = await svc.store.load_log(session.id, after_ply=cached.key[0])
        else:
            state = engine.new_game(len(session.seats), dict(session.options), session.seed)
            started = await svc.store.started_at(session.id)  # type: ignore[attr-defined]
            since = {int(s): started for s in engine.to_act(state)} if started else {}
            totals = {}
            new = await svc.store.load_log(session.id)
        live = [e for e in new if e.ply not in undone]
        # A first look replays the whole game: off the event loop when it is long.
        if len(live) > 50:
            state = await asyncio.to_thread(_clock_steps, engine, state, live, since, totals)
        else:
            state = _clock_steps(engine, state, live, since, totals)
        if state is None:
            log.error("session %s: the log no longer replays; no turn clock", session.id)
            return ()
        cache[session.id] = _ClockCache(key, state, dict(since), dict(totals))
        cache.move_to_end(session.id)
        while len(cache) > CLOCK_CACHE_GAMES:
            cache.popitem(last=False)
        now = svc.now()
        waiting_now = (
            engine.to_act(state) if session.status is SessionStatus.ACTIVE else frozenset()
        )
        out: list[SeatClock] = []
        for seat in session.seats:
            count, secs = totals.get(seat.seat, (0, 0.0))
            start = since.get(seat.seat)
            out.append(
                SeatClock(
                    seat=seat.seat,
                    turns=count,
                    average=timedelta(seconds=secs / count) if count else None,
                    waiting=(now - start) if start and Seat(seat.seat) in waiting_now else None,
                )
            )
        return tuple(out)


def _clock_steps(
    engine: Any,
    state: Any,
    entries: list[LogEntry],
    since: dict[int, datetime],
    totals: dict[int, tuple[int, float]],
) -> Any | None:
    """Step `state` through `entries`, timing turns into `since` / `totals` (see `turn_clock`);
    the state after them, or None if a move no longer replays."""
    for e in entries:
        before = engine.to_act(state)
        result = step_text(engine, state, Seat(e.seat), e.notation)
        if isinstance(result, Rejection):
            return None
        state = result.state
        after = engine.to_act(state)
        start = since.pop(e.seat, None)
        if start is not None:
            count, secs = totals.get(e.seat, (0, 0.0))
            totals[e.seat] = (count + 1, secs + (e.created_at - start).total_seconds())
        for seat in before - after:  # skipped without moving: no turn of theirs
            since.pop(int(seat), None)
        for seat in after:
            if seat not in before or int(seat) == e.seat:
                since[int(seat)] = e.created_at
    return state


def _closed_sentence(status: UndoStatus) -> str:
    return {
        UndoStatus.APPLIED: tx("This undo was already accepted."),
        UndoStatus.DECLINED: tx("This undo was declined."),
        UndoStatus.EXPIRED: tx("This undo request expired before everyone answered."),
        UndoStatus.OUTDATED: tx("The game moved on, so this undo request lapsed."),
    }.get(status, tx("This undo request is closed."))


_MONTHS = (
    tx_c("month", "Jan"),
    tx_c("month", "Feb"),
    tx_c("month", "Mar"),
    tx_c("month", "Apr"),
    tx_c("month", "May"),
    tx_c("month", "Jun"),
    tx_c("month", "Jul"),
    tx_c("month", "Aug"),
    tx_c("month", "Sep"),
    tx_c("month", "Oct"),
    tx_c("month", "Nov"),
    tx_c("month", "Dec"),
)
"""The months as away notes abbreviate them (English: strftime's `%b`)."""


def format_day(when: datetime) -> str:
    """ "3 Dec" (UTC), the way away notes name a date (a `Text`: "3. Dez." in German)."""
    return tx("{day} {month}", day=when.day, month=_MONTHS[when.month - 1])


def format_duration(span: timedelta) -> str:
    """A short human length: "45s", "12m", "3h 20m", "2d 4h"."""
    secs = int(span.total_seconds())
    if secs < 60:
        return tx("{s}s", s=secs)
    if secs < 3600:
        return tx("{m}m", m=secs // 60)
    if secs < 86400:
        h, m = divmod(secs // 60, 60)
        return tx("{h}h {m}m", h=h, m=m) if m else tx("{h}h", h=h)
    d, h = divmod(secs // 3600, 24)
    return tx("{d}d {h}h", d=d, h=h) if h else tx("{d}d", d=d)


def _days(span: timedelta) -> str:
    days = span.total_seconds() / 86400
    whole = int(days)
    if days == whole:
        return tx_n("{n} day", "{n} days", whole)
    return tx("{days} days", days=format(days, ".1f"))


_MAX_PARSED_DAYS = 3660
"""Longer absences than this are read as this long (and refused by the server's limit)."""


_GERMAN_MONTHS = {
    "januar": "jan",
    "jänner": "jan",
    "februar": "feb",
    "märz": "mar",
    "mär": "mar",
    "mrz": "mar",
    "maerz": "mar",
    "april": "apr",
    "mai": "may",
    "juni": "jun",
    "juli": "jul",
    "okt": "oct",
    "oktober": "oct",
    "dez": "dec",
    "dezember": "dec",
}
"""German month names and abbreviations that differ from English, as `%b` reads them (the
others, "Feb", "Aug", "Sep", "Nov"... are the same)."""


def parse_until(text: str, now: datetime) -> datetime | None:
    """A return date from "5" / "5d" (days from now), "2026-12-03" or "3 Dec" / "Dec 3"
    (also German: "3. Dez", "24. März"; the next such day, at the same time of day as now);
    None if it is not one of these."""
    raw = " ".join(text.strip().lower().split())
    if not raw:
        return None
    number = raw.removesuffix("days").removesuffix("day").removesuffix("d").strip()
    if number.isascii() and number.isdigit():
        # "²" passes isdigit() and 5,000 digits exceed int()'s limit: ASCII only, a bounded
        # count. 0 days is now and a huge count is capped, so `go_away` can say what is wrong
        # ("in the future", "at most N days") instead of "cannot read".
        days = int(number) if len(number) <= 7 else _MAX_PARSED_DAYS
        return now + timedelta(days=min(days, _MAX_PARSED_DAYS))
    try:
        day = datetime.strptime(raw, "%Y-%m-%d")
        return now.replace(year=day.year, month=day.month, day=day.day)
    except ValueError:
        pass
    # German day-month dates read as well ("3. Dez", "3. Dezember", "24. März").
    words = [_GERMAN_MONTHS.get(w.rstrip("."), w.rstrip(".")) for w in raw.split()]
    raw = " ".join(words)
    for pattern in ("%d %b", "%b %d", "%d %B", "%B %d"):
        try:
            day = datetime.strptime(f"{raw} 2000", f"{pattern} %Y")
        except ValueError:
            continue
        for year in (now.year, now.year + 1):
            try:
                candidate = now.replace(year=year, month=day.month, day=day.day)
            except ValueError:  # 29 Feb in a common year
                continue
            if candidate > now:
                return candidate
    return None


__all__ = [
    "UNDO_TIME_LIMIT",
    "AsyncPlayMixin",
    "AwayLimits",
    "AwayResult",
    "ReplayFrame",
    "SeatClock",
    "StandInResult",
    "UndoOutcome",
    "format_day",
    "format_duration",
    "parse_until",
]
