"""`GameService`'s computer players: bot seats (and stand-ins for away players) moving until a
human must act, the order bots move in, a bot's move played through notation, and resuming
bots after a restart under a per-process lease. See `bot.sessions.service` for the API.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Collection, Iterator
from datetime import timedelta
from typing import Any

from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions.core import AnyEngine, ServiceCore, log
from bot.sessions.models import AppliedMove, MoveResult
from bot.sessions.timers import REMINDER_PAGE
from bot.storage.records import SeatRecord, SessionRecord, SessionStatus, StaleVersionError

# A bot that keeps its own seat in to_act forever would hang the caller; no real game needs more
# consecutive bot moves than this between two human turns.
MAX_BOT_MOVES = 5000

BOT_ANSWER_WAIT = timedelta(minutes=10)
"""How long a bot that asked the table something answered out of turn (a trade offer) waits
for the humans' answers before it goes on (the timer round moves it then)."""

BOT_LEASE = timedelta(minutes=2)
"""How long a process holds a game's bots while resuming them (timer round, start-up): another
process on the same database leaves them alone meanwhile, and takes them over once a lease
passes unreleased (its process died). Shorter than the timer round, so that round does it."""


def bot_seed(session_seed: int, ply: int, seat: int) -> int:
    """The seed a bot gets for the move after `ply`: derived, so a game is reproducible."""
    digest = hashlib.sha256(f"guildhall-bot:{session_seed}:{ply}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


class BotsMixin(ServiceCore):
    """Computer players and their resumption; see the module docstring."""

    async def _bots_then_result(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        applied: tuple[AppliedMove, ...],
    ) -> MoveResult:
        """Let bot seats in to_act play until a human must act, then build the result."""
        moves = list(applied)
        # Away seats the table voted a bot for play like bot seats (AsyncPlayMixin).
        standins = {s.seat: s for s in await self.standin_seats(session)}
        for _ in range(MAX_BOT_MOVES):
            if session.status is not SessionStatus.ACTIVE:
                break
            to_act = engine.to_act(state)
            bots = [
                standins.get(s.seat, s)
                for s in session.seats
                if (s.is_bot or s.seat in standins) and Seat(s.seat) in to_act
            ]
            bots = self._bots_in_order(engine, session, state, bots, standins)
            if not bots:
                break
            seat = bots[0]
            # Off the event loop: a strong bot searches for up to a second or so, and chat must
            # not wait for it. The session lock stays held; a move made elsewhere meanwhile
            # (another process) makes the save below stale, and the bot's move is dropped.
            notation, transition = await asyncio.to_thread(
                self._bot_move, engine, session, state, seat
            )
            try:
                session, move = await self._persist(
                    engine, session, seat, notation, transition.state, transition.events
                )
            except StaleVersionError:
                # Another process moved this game; it will run the bots itself.
                log.info("session %s: bot move lost a race; leaving it to the winner", session.id)
                fresh = await self.store.get_session(session.id)
                if fresh is not None:
                    session, state = fresh, self.load(fresh)
                break
            state = transition.state
            moves.append(move)
        else:
            log.error(
                "session %s: bots made %s moves in a row; stopping", session.id, MAX_BOT_MOVES
            )
        outcome = engine.outcome(state)
        self._forget(session)
        return MoveResult(
            session=session,
            state=state,
            moves=tuple(moves),
            to_act=engine.to_act(state),
            finished=session.status is SessionStatus.FINISHED,
            outcome=outcome,
        )

    def _bots_in_order(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        bots: list[SeatRecord],
        standins: Collection[int],
    ) -> list[SeatRecord]:
        """The awaited bots that may move now, in the order they move.

        A bot may have asked the others something that they answer out of turn (a trade
        offer): the engine's optional `bot_waits_for(state, seat)` names the seats it waits
        for. Such a bot moves after the bots it waits for have answered, and while a human it
        waits for may still answer it does not move at all until `BOT_ANSWER_WAIT` has passed
        since the game last changed (`updated_at`, stored: a restart neither loses nor
        restarts the wait). Each human's answer runs the bots again; the timer round
        (`resume_bots`) moves a bot on whose wait is over.
        """
        waits_for = getattr(engine, "bot_waits_for", None)
        if waits_for is None:
            return bots
        machines = {s.seat for s in session.seats if s.is_bot} | set(standins)
        patient = self._now() - session.updated_at < BOT_ANSWER_WAIT
        first: list[SeatRecord] = []
        last: list[SeatRecord] = []
        for seat in bots:
            awaited = waits_for(state, Seat(seat.seat))
            if not awaited:
                first.append(seat)
            elif not patient or all(s in machines for s in awaited):
                last.append(seat)
        return first + last

    def _bot_move(
        self, engine: AnyEngine, session: SessionRecord, state: Any, seat: SeatRecord
    ) -> tuple[str, Any]:
        """The bot's choice as notation plus its transition.

        The move goes through notation (format, then parse) so the log replays exactly as played.
        A bot that errs or picks an illegal action is a bug: log it and play the first legal
        action instead, so the game does not stall.
        """
        assert seat.bot_name is not None and session.seed is not None
        engine_seat = Seat(seat.seat)
        candidates: list[Any] = []
        try:
            factory = engine.bots[seat.bot_name]
            candidates.append(
                factory().choose(state, engine_seat, bot_seed(session.seed, session.ply, seat.seat))
            )
        except Exception:
            log.exception("session %s: bot %r failed to choose", session.id, seat.bot_name)
        for action in _then_first_legal(candidates, engine, state, engine_seat):
            notation = engine.format_action(action, state)
            result = step_text(engine, state, engine_seat, notation)
            if not isinstance(result, Rejection):
                return notation, result
            log.error(
                "session %s: bot %r chose %r, refused: %s",
                session.id,
                seat.bot_name,
                notation,
                result.message,
            )
        raise RuntimeError(
            f"session {session.id}: seat {seat.seat} ({seat.bot_name} bot) has no playable move"
        )

    async def run_bots(self, session_id: int) -> MoveResult | Rejection:
        """Let any bot seats in to_act play (e.g. after a restart interrupted a bot turn)."""
        async with self._lock(session_id):
            session = await self.store.get_session(session_id)
            if session is None:
                return Rejection(
                    RejectionCode.NO_ACTIVE_GAME, tx("There is no game {id}.", id=session_id)
                )
            if session.status is SessionStatus.LOBBY:
                return self._not_started(session)
            if session.status is not SessionStatus.ACTIVE:
                return self._ended_rejection(session)
            engine = self.engine_for(session)
            return await self._bots_then_result(engine, session, self.load(session), ())

    async def resume_bots(self) -> tuple[MoveResult, ...]:
        """At start-up: let bots play in every active game where a crash left them to act.

        Only the games whose stored `to_act` holds a bot seat (or is not known) are read, by an
        indexed query, so the cost follows those few games rather than every game open.
        Returns only the results that applied moves (so the caller can announce them).
        """
        results: list[MoveResult] = []
        standins = await self.standin_games()
        claimed = await self.claim_bot_work(
            tuple(dict.fromkeys((*await self.awaiting_bots(), *standins)))
        )
        try:
            for session_id in claimed:
                result = await self.run_bots(session_id)
                if isinstance(result, MoveResult) and result.moves:
                    results.append(result)
        finally:
            await self.release_bot_work(claimed)
        return tuple(results)

    async def claim_bot_work(self, session_ids: Collection[int]) -> tuple[int, ...]:
        """Of these games, the ones whose bots this process is to resume now: each is leased to
        it for `BOT_LEASE` in one write (unless another process holds it), so of several
        processes resuming the same games each game's bots are run by one."""
        if not session_ids:
            return ()
        now = self._now()
        return await self.store.claim_work(
            "bots", tuple(session_ids), self.owner, now, now + BOT_LEASE
        )

    async def release_bot_work(self, session_ids: Collection[int]) -> None:
        """End this process's leases on these games' bots (`claim_bot_work`)."""
        if session_ids:
            await self.store.release_work("bots", tuple(session_ids), self.owner)

    async def awaiting_bots(self) -> tuple[int, ...]:
        """Ids of the active games where a bot seat may act now: what start-up must resume.

        Selected by index from the `to_act` stored with every move, read a page at a time; a
        game stored without it is looked at once and recorded."""
        found: list[int] = []
        ids = await self.store.bot_turn_ids()
        for start in range(0, len(ids), REMINDER_PAGE):
            for session in await self.store.get_sessions(ids[start : start + REMINDER_PAGE]):
                bots = session.seats_to_act(bots=True)
                if bots is None:
                    if await self._record_to_act(session, bots=True):
                        found.append(session.id)
                elif bots:
                    found.append(session.id)
        return tuple(found)


def _then_first_legal(
    candidates: list[Any], engine: AnyEngine, state: Any, seat: Seat
) -> Iterator[Any]:
    """The bot's candidates, then the first legal action: listed only if every candidate was
    refused, since a full `legal_actions` (~1,800 Cathedral placements) costs more than a move."""
    yield from candidates
    yield from engine.legal_actions(state, seat)[:1]
