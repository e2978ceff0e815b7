"""Looking after games beyond the players' own moves: moderators ending, pausing or reseating a
game, the host role handed on, a bot taking over a seat, a game whose channel was deleted.

    steward = Stewardship(service)
    await steward.end(session_id, "Ended by a moderator, Mia.")
    await steward.bot_takes_seat(session_id, seat_index, why="Ann left the game.")

Every change runs under the service's per-session lock with compare-and-swap, like the service's
own commands; these are new methods beside `GameService`, not changes to it. Who may do what
(moderator, host, player) is decided by the caller: this module only changes the game.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import replace
from datetime import timedelta

from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions import botnames
from bot.sessions.levels import level_bot
from bot.sessions.models import MoveResult
from bot.sessions.service import STALE_MESSAGE, GameService
from bot.storage.records import SessionPatch, SessionRecord, SessionStatus, StaleVersionError

log = logging.getLogger(__name__)

__all__ = ["TAKEOVER_BOT", "Stewardship"]

TAKEOVER_BOT = "heuristic"
"""The bot that takes over a seat when the game has one by this name (else its first bot)."""

_STALE = Rejection(RejectionCode.STALE, STALE_MESSAGE)


def _gone() -> Rejection:
    return Rejection(RejectionCode.NO_ACTIVE_GAME, tx("That game is no longer open."))


def next_host(session: SessionRecord, leaving: int) -> int | None:
    """The next human (in seat order) after `leaving`, wrapping round; None if none is left."""
    humans = [s.user_id for s in session.seats if s.user_id is not None and s.user_id != leaving]
    if not humans:
        return None
    order = [s.user_id for s in session.seats]
    start = order.index(leaving) + 1 if leaving in order else 0
    for user_id in order[start:] + order[:start]:
        if user_id in humans:
            return user_id
    return humans[0]


class Stewardship:
    """Moderation and hand-over operations on a `GameService`'s games."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def _open(self, session_id: int) -> SessionRecord | Rejection:
        session = await self.service.store.get_session(session_id)
        if session is None or not session.status.is_open:
            return _gone()
        return session

    async def end(self, session_id: int, reason: str) -> SessionRecord | Rejection:
        """Abandon the lobby or game now with `reason` (records and log are kept)."""
        async with self.service._lock(session_id):
            session = await self._open(session_id)
            if isinstance(session, Rejection):
                return session
            patch = SessionPatch(
                status=SessionStatus.ABANDONED, turn_deadline=None, end_reason=reason
            )
            try:
                ended = await self.service.store.update(
                    session.id, session.version, patch, self.service.now()
                )
            except StaleVersionError:
                return _STALE
            self.service._forget(ended)
            return ended

    async def hand_host(self, session_id: int, user_id: int) -> SessionRecord | Rejection:
        """Make the seated human `user_id` the host."""
        async with self.service._lock(session_id):
            session = await self._open(session_id)
            if isinstance(session, Rejection):
                return session
            seat = session.seat_of(user_id)
            if seat is None:
                return Rejection(
                    RejectionCode.NOT_A_PLAYER,
                    tx("The host must be a player of this game; they hold no seat here."),
                )
            if session.host_user_id == user_id:
                return Rejection(
                    RejectionCode.LOBBY,
                    tx("{player} is already the host.", player=seat.display_name),
                )
            try:
                return await self.service.store.update(
                    session.id,
                    session.version,
                    SessionPatch(host_user_id=user_id),
                    self.service.now(),
                )
            except StaleVersionError:
                return _STALE

    async def _takeover_bot(self, session: SessionRecord, bots: Collection[str]) -> str:
        """The bot that takes a seat over: the server's level (`GameService.bot_level_of`),
        else `TAKEOVER_BOT`."""
        level_of = self.service.bot_level_of
        if level_of is not None:
            return level_bot(await level_of(session.guild_id), bots)
        return TAKEOVER_BOT if TAKEOVER_BOT in bots else sorted(bots)[0]

    async def bot_takes_seat(
        self,
        session_id: int,
        seat_index: int,
        *,
        bot_name: str | None = None,
        play: bool = True,
    ) -> MoveResult | SessionRecord | Rejection:
        """In a lobby, remove the seat; in a game, a bot takes it over and plays on at once
        (`play=False`: not yet - the game is paused, and the bot moves once it is resumed).
        A host losing their seat hands the host role to the next human. Returns the lobby
        (SessionRecord) or the game after the bots' moves (MoveResult)."""
        async with self.service._lock(session_id):
            session = await self._open(session_id)
            if isinstance(session, Rejection):
                return session
            if not 0 <= seat_index < len(session.seats):
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "There is no seat {seat}; the game has {seats}.",
                        seat=seat_index + 1,
                        seats=len(session.seats),
                    ),
                )
            seat = session.seats[seat_index]
            now = self.service.now()
            try:
                if seat.user_id is not None and seat.user_id == session.host_user_id:
                    heir = next_host(session, seat.user_id)
                    if heir is not None:
                        session = await self.service.store.update(
                            session.id, session.version, SessionPatch(host_user_id=heir), now
                        )
                if session.status is SessionStatus.LOBBY:
                    return await self.service.store.remove_seat(
                        session.id, session.version, seat_index, now
                    )
                if seat.is_bot:
                    return Rejection(
                        RejectionCode.LOBBY,
                        tx("Seat {seat} is already played by a bot.", seat=seat_index + 1),
                    )
                engine = self.service.engine_for(session)
                name = bot_name or await self._takeover_bot(session, engine.bots)
                taken = replace(
                    seat,
                    user_id=None,
                    bot_name=name,
                    display_name=botnames.taken_over(seat.display_name, name),
                )
                seats = tuple(taken if s.seat == seat_index else s for s in session.seats)
                votes = session.abandon_votes - {seat.user_id}
                session = await self.service.store.update(
                    session.id,
                    session.version,
                    SessionPatch(seats=seats, abandon_votes=votes),
                    now,
                )
            except StaleVersionError:
                return _STALE
            self.service._forget(session)
            state = self.service.load(session)
            if not play:
                return self.service._saved_result(engine, session, state, ())
            return await self.service._bots_then_result(engine, session, state, ())

    async def restart_clock(self, session_id: int) -> None:
        """A full turn limit from now (after a pause), for a game that has one."""
        async with self.service._lock(session_id):
            session = await self._open(session_id)
            if isinstance(session, Rejection) or not session.turn_timeout_s:
                return
            now = self.service.now()
            deadline = now + timedelta(seconds=session.turn_timeout_s)
            try:
                await self.service.store.update(
                    session.id, session.version, SessionPatch(turn_deadline=deadline), now
                )
            except StaleVersionError:
                log.info("session %s changed while its clock restarted; kept as is", session.id)
