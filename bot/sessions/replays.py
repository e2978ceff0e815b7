"""Replays and finished games: the public position after any move of a game here (running,
finished or abandoned; undone moves left out and listed where they were taken back), and the
games played here.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.games.protocol import Outcome
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions.asynccore import AsyncPlayCore
from bot.storage.records import LogEntry, SessionRecord, SessionStatus

REPLAY_CACHE_GAMES = 4
"""Replayed games whose positions stay in memory (a viewer clicking ◀ ▶ steps in O(1))."""

MAX_FINISHED_LISTED = 25


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


class ReplaysMixin(AsyncPlayCore):
    """Replays and finished games; see `bot.sessions.asyncplay` for the rules."""

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
