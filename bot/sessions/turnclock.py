"""The turn clock: per seat, how many turns it finished, their average length and how long the
current turn has waited, from the log (the last position kept per game, so a look after a move
steps once).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from bot.sessions.asynccore import AsyncPlayCore
from bot.storage.records import LogEntry, SessionRecord, SessionStatus

# Keeps the name `bot.sessions.asyncplay`, the module this code came from, so that its log
# records (and any filter on their logger's name) stay as they were.
log = logging.getLogger("bot.sessions.asyncplay")

CLOCK_CACHE_GAMES = 64
"""Games whose turn clock is kept (its last position), so a status after a move steps once."""


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


class TurnClockMixin(AsyncPlayCore):
    """The turn clock of a game; see `turn_clock`."""

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
