"""PostgreSQL implementation of `AsyncPlayStore`, mixed into `PostgresStore`.

The row readers are SQLite's (`sqlite_asyncplay._away`, `_undo`): both drivers' rows are read
by column name, and `dt_from_text` takes PostgreSQL's datetimes as they come.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any, cast

import asyncpg

from bot.storage.asyncplay import AwayPause, AwayPeriod, StandIn, UndoRequest, UndoStatus
from bot.storage.records import SessionRecord, SessionStatus, StaleVersionError, utc
from bot.storage.sqlite_asyncplay import _away, _dt, _undo, _votes_json


def _when(value: datetime | None) -> datetime | None:
    return None if value is None else utc(value)


class PostgresAsyncPlay:
    """Away periods, stand-ins, undo requests; see `bot.storage.asyncplay.AsyncPlayStore`."""

    # Provided by PostgresStore.
    _run: Callable[..., Awaitable[Any]]
    _fetch: Callable[..., Awaitable[list[asyncpg.Record]]]
    _execute: Callable[..., Awaitable[str]]
    get_session: Callable[[int], Awaitable[Any]]
    _select: Callable[..., Awaitable[list[SessionRecord]]]

    async def add_away(
        self, user_id: int, starts_at: datetime, until_at: datetime, reason: str
    ) -> AwayPeriod:
        """See `AsyncPlayStore.add_away`."""
        try:
            rows = await self._fetch(
                "INSERT INTO away_periods (user_id, starts_at, until_at, reason) "
                "VALUES ($1, $2, $3, $4) RETURNING id",
                user_id,
                utc(starts_at),
                utc(until_at),
                reason,
            )
        except asyncpg.UniqueViolationError as exc:
            raise ValueError(f"user {user_id} is already away") from exc
        return AwayPeriod(int(rows[0][0]), user_id, starts_at, until_at, None, reason)

    async def open_away(self, user_id: int) -> AwayPeriod | None:
        """See `AsyncPlayStore.open_away`."""
        rows = await self._fetch(
            "SELECT * FROM away_periods WHERE user_id = $1 AND ended_at IS NULL", user_id
        )
        return _away(rows[0]) if rows else None

    async def list_open_away(self) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.list_open_away`."""
        rows = await self._fetch("SELECT * FROM away_periods WHERE ended_at IS NULL ORDER BY id")
        return tuple(_away(r) for r in rows)

    async def away_since(self, user_id: int, since: datetime) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.away_since`."""
        rows = await self._fetch(
            "SELECT * FROM away_periods WHERE user_id = $1 AND (ended_at IS NULL OR ended_at > $2)"
            " ORDER BY starts_at, id",
            user_id,
            utc(since),
        )
        return tuple(_away(r) for r in rows)

    async def end_away(self, away_id: int, ended_at: datetime) -> None:
        """See `AsyncPlayStore.end_away`."""
        await self._execute(
            "UPDATE away_periods SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL",
            utc(ended_at),
            away_id,
        )

    async def add_pause(self, pause: AwayPause) -> None:
        """See `AsyncPlayStore.add_pause`."""
        await self._execute(
            "INSERT INTO away_pauses (away_id, session_id, ply, remaining_s) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (away_id, session_id) "
            "DO UPDATE SET ply = excluded.ply, remaining_s = excluded.remaining_s",
            pause.away_id,
            pause.session_id,
            pause.ply,
            pause.remaining_s,
        )

    async def pauses_of(self, away_id: int) -> tuple[AwayPause, ...]:
        """See `AsyncPlayStore.pauses_of`."""
        rows = await self._fetch(
            "SELECT * FROM away_pauses WHERE away_id = $1 ORDER BY session_id", away_id
        )
        return tuple(
            AwayPause(r["away_id"], r["session_id"], r["ply"], r["remaining_s"]) for r in rows
        )

    async def standin(self, away_id: int, session_id: int) -> StandIn | None:
        """See `AsyncPlayStore.standin`."""
        rows = await self._fetch(
            "SELECT * FROM away_standins WHERE away_id = $1 AND session_id = $2",
            away_id,
            session_id,
        )
        if not rows:
            return None
        r = rows[0]
        votes = frozenset(int(v) for v in json.loads(r["votes"]))
        return StandIn(away_id, session_id, votes, _dt(r["granted_at"]))

    async def put_standin(self, standin: StandIn) -> None:
        """See `AsyncPlayStore.put_standin`."""
        await self._execute(
            "INSERT INTO away_standins (away_id, session_id, votes, granted_at) "
            "VALUES ($1, $2, $3, $4) ON CONFLICT (away_id, session_id) "
            "DO UPDATE SET votes = excluded.votes, granted_at = excluded.granted_at",
            standin.away_id,
            standin.session_id,
            json.dumps(sorted(standin.votes)),
            _when(standin.granted_at),
        )

    async def granted_standins(self, away_id: int) -> tuple[int, ...]:
        """See `AsyncPlayStore.granted_standins`."""
        rows = await self._fetch(
            "SELECT session_id FROM away_standins WHERE away_id = $1 AND granted_at IS NOT NULL "
            "ORDER BY session_id",
            away_id,
        )
        return tuple(int(r[0]) for r in rows)

    async def create_undo(self, request: UndoRequest) -> UndoRequest:
        """See `AsyncPlayStore.create_undo`."""
        try:
            rows = await self._fetch(
                "INSERT INTO undo_requests (session_id, user_id, seat, first_ply, last_ply, "
                "status, votes, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
                " RETURNING *",
                request.session_id,
                request.user_id,
                request.seat,
                request.first_ply,
                request.last_ply,
                UndoStatus.PENDING.value,
                _votes_json(request.votes),
                utc(request.created_at),
                utc(request.expires_at),
            )
        except asyncpg.UniqueViolationError as exc:
            raise ValueError(f"session {request.session_id} has a pending undo") from exc
        return _undo(rows[0])

    async def pending_undo(self, session_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.pending_undo`."""
        rows = await self._fetch(
            "SELECT * FROM undo_requests WHERE session_id = $1 AND status = 'pending'", session_id
        )
        return _undo(rows[0]) if rows else None

    async def get_undo(self, undo_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.get_undo`."""
        rows = await self._fetch("SELECT * FROM undo_requests WHERE id = $1", undo_id)
        return _undo(rows[0]) if rows else None

    async def set_undo(
        self,
        undo_id: int,
        status: UndoStatus,
        votes: Mapping[int, bool],
        decided_at: datetime | None,
    ) -> UndoRequest:
        """See `AsyncPlayStore.set_undo`."""
        if status is UndoStatus.APPLIED:
            raise ValueError("use apply_undo to apply an undo")
        rows = await self._fetch(
            "UPDATE undo_requests SET status = $1, votes = $2, decided_at = $3 WHERE id = $4 "
            "RETURNING *",
            status.value,
            _votes_json(votes),
            _when(decided_at),
            undo_id,
        )
        return _undo(rows[0])

    async def apply_undo(
        self,
        session_id: int,
        expected_version: int,
        undo_id: int,
        votes: Mapping[int, bool],
        state_json: str,
        schema_v: int | None,
        turn_deadline: datetime | None,
        now: datetime,
    ) -> SessionRecord:
        """See `AsyncPlayStore.apply_undo`."""
        stamp = utc(now)

        async def body(conn: asyncpg.Connection) -> None:
            done = await conn.fetchval(
                "UPDATE sessions SET state = $1, schema_v = $2, turn_deadline = $3, "
                "version = version + 1, updated_at = $4 WHERE id = $5 AND version = $6 "
                "AND status = 'active' RETURNING id",
                state_json,
                schema_v,
                _when(turn_deadline),
                stamp,
                session_id,
                expected_version,
            )
            if done is None:
                found = await conn.fetchval(
                    "SELECT version FROM sessions WHERE id = $1", session_id
                )
                raise StaleVersionError(session_id, expected_version, found)
            req = await conn.fetchrow(
                "SELECT first_ply, last_ply FROM undo_requests WHERE id = $1 AND session_id = $2",
                undo_id,
                session_id,
            )
            if req is None:
                raise ValueError(f"no undo request {undo_id} in session {session_id}")
            await conn.execute(
                "INSERT INTO undone_moves (session_id, ply, undo_id) "
                "SELECT session_id, ply, $1 FROM actions "
                "WHERE session_id = $2 AND ply BETWEEN $3 AND $4 ON CONFLICT DO NOTHING",
                undo_id,
                session_id,
                req[0],
                req[1],
            )
            await conn.execute(
                "UPDATE undo_requests SET status = 'applied', votes = $1, decided_at = $2 "
                "WHERE id = $3",
                _votes_json(votes),
                stamp,
                undo_id,
            )

        await self._run(body)
        record = await self.get_session(session_id)
        assert record is not None
        return cast(SessionRecord, record)

    async def undone_plies(self, session_id: int) -> frozenset[int]:
        """See `AsyncPlayStore.undone_plies`."""
        rows = await self._fetch("SELECT ply FROM undone_moves WHERE session_id = $1", session_id)
        return frozenset(int(r[0]) for r in rows)

    async def mark_started(self, session_id: int, when: datetime) -> None:
        """See `AsyncPlayStore.mark_started`."""
        await self._execute(
            "UPDATE sessions SET started_at = $1 WHERE id = $2", utc(when), session_id
        )

    async def started_at(self, session_id: int) -> datetime | None:
        """See `AsyncPlayStore.started_at`."""
        rows = await self._fetch("SELECT started_at FROM sessions WHERE id = $1", session_id)
        return _dt(rows[0][0]) if rows else None

    async def list_in_place(
        self, place_id: int, statuses: tuple[SessionStatus, ...], limit: int
    ) -> tuple[SessionRecord, ...]:
        """See `AsyncPlayStore.list_in_place`."""
        if not statuses or limit <= 0:
            return ()
        return tuple(
            await self._select(
                "coalesce(thread_id, channel_id) = $1 AND status = ANY($2::text[])",
                (place_id, [s.value for s in statuses]),
                f"ORDER BY id DESC LIMIT {int(limit)}",
            )
        )
