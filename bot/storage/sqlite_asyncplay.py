"""SQLite implementation of `AsyncPlayStore`, mixed into `SqliteStore`.

Each method is one transaction on the connection's own thread, through the store's `_run` (one
thread hop, never interleaved with another transaction).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, cast

from bot.storage.asyncplay import AwayPause, AwayPeriod, StandIn, UndoRequest, UndoStatus
from bot.storage.records import (
    SessionRecord,
    SessionStatus,
    StaleVersionError,
    dt_from_text,
    dt_to_text,
)


def _dt(text: str | None) -> datetime | None:
    return None if text is None else dt_from_text(text)


def _away(row: sqlite3.Row) -> AwayPeriod:
    return AwayPeriod(
        id=row["id"],
        user_id=row["user_id"],
        starts_at=dt_from_text(row["starts_at"]),
        until_at=dt_from_text(row["until_at"]),
        ended_at=_dt(row["ended_at"]),
        reason=row["reason"],
    )


def _undo(row: sqlite3.Row) -> UndoRequest:
    votes = json.loads(row["votes"])
    return UndoRequest(
        id=row["id"],
        session_id=row["session_id"],
        user_id=row["user_id"],
        seat=row["seat"],
        first_ply=row["first_ply"],
        last_ply=row["last_ply"],
        status=UndoStatus(row["status"]),
        votes={int(k): bool(v) for k, v in votes.items()},
        created_at=dt_from_text(row["created_at"]),
        expires_at=dt_from_text(row["expires_at"]),
        decided_at=_dt(row["decided_at"]),
    )


def _votes_json(votes: Mapping[int, bool]) -> str:
    return json.dumps({str(k): bool(v) for k, v in sorted(votes.items())}, sort_keys=True)


class SqliteAsyncPlay:
    """Away periods, stand-ins, undo requests; see `bot.storage.asyncplay.AsyncPlayStore`."""

    # Provided by SqliteStore: one transaction on the connection's thread, and reading a session.
    _run: Callable[..., Any]
    get_session: Callable[[int], Any]

    async def _rows(self, sql: str, params: tuple[Any, ...]) -> list[sqlite3.Row]:
        return await self._run(lambda c: list(c.execute(sql, params).fetchall()), write=False)

    async def _write(self, sql: str, params: tuple[Any, ...]) -> int | None:
        return await self._run(lambda c: c.execute(sql, params).lastrowid, write=True)

    async def add_away(
        self, user_id: int, starts_at: datetime, until_at: datetime, reason: str
    ) -> AwayPeriod:
        """See `AsyncPlayStore.add_away`."""
        try:
            away_id = await self._write(
                "INSERT INTO away_periods (user_id, starts_at, until_at, reason) "
                "VALUES (?, ?, ?, ?)",
                (user_id, dt_to_text(starts_at), dt_to_text(until_at), reason),
            )
        except sqlite3.IntegrityError as exc:
            raise ValueError(f"user {user_id} is already away") from exc
        assert away_id is not None
        return AwayPeriod(away_id, user_id, starts_at, until_at, None, reason)

    async def open_away(self, user_id: int) -> AwayPeriod | None:
        """See `AsyncPlayStore.open_away`."""
        rows = await self._rows(
            "SELECT * FROM away_periods WHERE user_id = ? AND ended_at IS NULL", (user_id,)
        )
        return _away(rows[0]) if rows else None

    async def list_open_away(self) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.list_open_away`."""
        rows = await self._rows("SELECT * FROM away_periods WHERE ended_at IS NULL ORDER BY id", ())
        return tuple(_away(r) for r in rows)

    async def away_since(self, user_id: int, since: datetime) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.away_since`."""
        rows = await self._rows(
            "SELECT * FROM away_periods WHERE user_id = ? AND (ended_at IS NULL OR ended_at > ?) "
            "ORDER BY starts_at, id",
            (user_id, dt_to_text(since)),
        )
        return tuple(_away(r) for r in rows)

    async def end_away(self, away_id: int, ended_at: datetime) -> None:
        """See `AsyncPlayStore.end_away`."""
        await self._write(
            "UPDATE away_periods SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
            (dt_to_text(ended_at), away_id),
        )

    async def add_pause(self, pause: AwayPause) -> None:
        """See `AsyncPlayStore.add_pause`."""
        await self._write(
            "INSERT OR REPLACE INTO away_pauses (away_id, session_id, ply, remaining_s) "
            "VALUES (?, ?, ?, ?)",
            (pause.away_id, pause.session_id, pause.ply, pause.remaining_s),
        )

    async def pauses_of(self, away_id: int) -> tuple[AwayPause, ...]:
        """See `AsyncPlayStore.pauses_of`."""
        rows = await self._rows(
            "SELECT * FROM away_pauses WHERE away_id = ? ORDER BY session_id", (away_id,)
        )
        return tuple(
            AwayPause(r["away_id"], r["session_id"], r["ply"], r["remaining_s"]) for r in rows
        )

    async def standin(self, away_id: int, session_id: int) -> StandIn | None:
        """See `AsyncPlayStore.standin`."""
        rows = await self._rows(
            "SELECT * FROM away_standins WHERE away_id = ? AND session_id = ?",
            (away_id, session_id),
        )
        if not rows:
            return None
        r = rows[0]
        votes = frozenset(int(v) for v in json.loads(r["votes"]))
        return StandIn(away_id, session_id, votes, _dt(r["granted_at"]))

    async def put_standin(self, standin: StandIn) -> None:
        """See `AsyncPlayStore.put_standin`."""
        await self._write(
            "INSERT OR REPLACE INTO away_standins (away_id, session_id, votes, granted_at) "
            "VALUES (?, ?, ?, ?)",
            (
                standin.away_id,
                standin.session_id,
                json.dumps(sorted(standin.votes)),
                None if standin.granted_at is None else dt_to_text(standin.granted_at),
            ),
        )

    async def granted_standins(self, away_id: int) -> tuple[int, ...]:
        """See `AsyncPlayStore.granted_standins`."""
        rows = await self._rows(
            "SELECT session_id FROM away_standins WHERE away_id = ? AND granted_at IS NOT NULL "
            "ORDER BY session_id",
            (away_id,),
        )
        return tuple(int(r[0]) for r in rows)

    async def create_undo(self, request: UndoRequest) -> UndoRequest:
        """See `AsyncPlayStore.create_undo`."""
        try:
            undo_id = await self._write(
                "INSERT INTO undo_requests (session_id, user_id, seat, first_ply, last_ply, "
                "status, votes, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    request.session_id,
                    request.user_id,
                    request.seat,
                    request.first_ply,
                    request.last_ply,
                    UndoStatus.PENDING.value,
                    _votes_json(request.votes),
                    dt_to_text(request.created_at),
                    dt_to_text(request.expires_at),
                ),
            )
        except sqlite3.IntegrityError as exc:
            raise ValueError(f"session {request.session_id} has a pending undo") from exc
        found = await self.get_undo(int(undo_id or 0))
        assert found is not None
        return found

    async def pending_undo(self, session_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.pending_undo`."""
        rows = await self._rows(
            "SELECT * FROM undo_requests WHERE session_id = ? AND status = 'pending'",
            (session_id,),
        )
        return _undo(rows[0]) if rows else None

    async def get_undo(self, undo_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.get_undo`."""
        rows = await self._rows("SELECT * FROM undo_requests WHERE id = ?", (undo_id,))
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
        await self._write(
            "UPDATE undo_requests SET status = ?, votes = ?, decided_at = ? WHERE id = ?",
            (
                status.value,
                _votes_json(votes),
                None if decided_at is None else dt_to_text(decided_at),
                undo_id,
            ),
        )
        found = await self.get_undo(undo_id)
        assert found is not None
        return found

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
        stamp = dt_to_text(now)
        deadline = None if turn_deadline is None else dt_to_text(turn_deadline)

        def body(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                "UPDATE sessions SET state = ?, schema_v = ?, turn_deadline = ?, "
                "version = version + 1, updated_at = ? WHERE id = ? AND version = ? "
                "AND status = 'active'",
                (state_json, schema_v, deadline, stamp, session_id, expected_version),
            )
            if cur.rowcount != 1:
                row = conn.execute(
                    "SELECT version FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
                raise StaleVersionError(session_id, expected_version, row and row[0])
            req = conn.execute(
                "SELECT first_ply, last_ply FROM undo_requests WHERE id = ? AND session_id = ?",
                (undo_id, session_id),
            ).fetchone()
            if req is None:
                raise ValueError(f"no undo request {undo_id} in session {session_id}")
            conn.execute(
                "INSERT OR IGNORE INTO undone_moves (session_id, ply, undo_id) "
                "SELECT session_id, ply, ? FROM actions "
                "WHERE session_id = ? AND ply BETWEEN ? AND ?",
                (undo_id, session_id, req[0], req[1]),
            )
            conn.execute(
                "UPDATE undo_requests SET status = 'applied', votes = ?, decided_at = ? "
                "WHERE id = ?",
                (_votes_json(votes), stamp, undo_id),
            )

        await self._run(body, write=True)
        record = await self.get_session(session_id)
        assert record is not None
        return cast(SessionRecord, record)

    async def undone_plies(self, session_id: int) -> frozenset[int]:
        """See `AsyncPlayStore.undone_plies`."""
        rows = await self._rows("SELECT ply FROM undone_moves WHERE session_id = ?", (session_id,))
        return frozenset(int(r[0]) for r in rows)

    async def mark_started(self, session_id: int, when: datetime) -> None:
        """See `AsyncPlayStore.mark_started`."""
        await self._write(
            "UPDATE sessions SET started_at = ? WHERE id = ?", (dt_to_text(when), session_id)
        )

    async def started_at(self, session_id: int) -> datetime | None:
        """See `AsyncPlayStore.started_at`."""
        rows = await self._rows("SELECT started_at FROM sessions WHERE id = ?", (session_id,))
        return _dt(rows[0][0]) if rows else None

    async def list_in_place(
        self, place_id: int, statuses: tuple[SessionStatus, ...], limit: int
    ) -> tuple[SessionRecord, ...]:
        """See `AsyncPlayStore.list_in_place`."""
        if not statuses or limit <= 0:
            return ()
        marks = ",".join("?" * len(statuses))
        rows = await self._rows(
            f"SELECT id FROM sessions WHERE coalesce(thread_id, channel_id) = ? "
            f"AND status IN ({marks}) ORDER BY id DESC LIMIT ?",
            (place_id, *(s.value for s in statuses), int(limit)),
        )
        found = [await self.get_session(int(r[0])) for r in rows]
        return tuple(cast(SessionRecord, r) for r in found if r is not None)
