"""Undo with consent (see `bot.sessions.asyncplay` for the rules): asking to take back one's last
move (and why it may be refused), the answers of the other players, and restoring the position by
replaying the log without the undone moves.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.games.protocol import Seat, canonical_json, step_text
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions.asynccore import AsyncPlayCore
from bot.sessions.dates import format_duration
from bot.sessions.models import MoveResult
from bot.storage.asyncplay import UndoRequest, UndoStatus
from bot.storage.records import LogEntry, SessionRecord, SessionStatus

UNDO_TIME_LIMIT = timedelta(hours=24)
"""How long the other players have to answer an undo request."""

UNDO_ASK_AGAIN_AFTER = timedelta(hours=1)
"""After a decline, how long before the same move may be asked for again (no ping spam)."""
DECLINED_REMEMBERED = 1024
"""Declined requests remembered for that (in memory: a restart forgets them, which is harmless)."""


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


class UndoMixin(AsyncPlayCore):
    """Undo with consent; see `bot.sessions.asyncplay` for the rules."""

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


def _closed_sentence(status: UndoStatus) -> str:
    return {
        UndoStatus.APPLIED: tx("This undo was already accepted."),
        UndoStatus.DECLINED: tx("This undo was declined."),
        UndoStatus.EXPIRED: tx("This undo request expired before everyone answered."),
        UndoStatus.OUTDATED: tx("The game moved on, so this undo request lapsed."),
    }.get(status, tx("This undo request is closed."))
