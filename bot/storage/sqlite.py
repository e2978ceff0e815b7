"""The aiosqlite `SessionStore`: one connection, WAL, numbered migrations, CAS on `version`.

Open with ``store = await SqliteStore.open(path)`` (a file path or ``":memory:"``) and
``await store.close()`` at shutdown. Opening applies every migration in
``bot/storage/migrations/NNNN_<name>.sql`` newer than ``PRAGMA user_version``, each in its own
transaction that also sets ``user_version``, so re-opening never re-applies one.

All statements go through one connection guarded by an `asyncio.Lock`: aiosqlite runs them on a
single thread, and without the lock two coroutines could interleave statements inside each other's
transaction. Every write is one ``BEGIN IMMEDIATE`` transaction; a compare-and-swap that finds a
different version rolls back and raises `StaleVersionError`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.games.codec import CorruptStateError
from bot.storage.records import (
    LogEntry,
    MoveCommit,
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionNotFoundError,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
    dt_from_text,
    dt_to_text,
)
from bot.storage.sqlite_asyncplay import SqliteAsyncPlay

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_OPEN = "('lobby', 'active')"
_PLACE = "coalesce(thread_id, channel_id)"
BUSY_TIMEOUT_MS = 5000


def migrations() -> list[tuple[int, str, str]]:
    """Every bundled migration as (number, file name, SQL), in order; numbers must be 1, 2, 3..."""
    folder = resources.files("bot.storage").joinpath("migrations")
    found: list[tuple[int, str, str]] = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    for expected, (number, name, _) in enumerate(found, start=1):
        if number != expected:
            raise RuntimeError(f"migration {name} is out of sequence (expected number {expected})")
    return found


class SqliteStore(SqliteAsyncPlay):
    """A `SessionStore` on one aiosqlite connection. Create it with `SqliteStore.open`."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Connect, set pragmas (WAL, foreign keys, busy timeout) and apply pending migrations."""
        target = str(path)
        conn = await aiosqlite.connect(target, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys = ON")
            if target != ":memory:":
                await conn.execute("PRAGMA journal_mode = WAL")
                # NORMAL is durable across application crashes in WAL mode and keeps commits fast.
                await conn.execute("PRAGMA synchronous = NORMAL")
            store = cls(conn, target)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection."""
        async with self._lock:
            await self._conn.close()

    async def schema_version(self) -> int:
        """The applied migration number (`PRAGMA user_version`)."""
        async with self._lock:
            return await self._user_version()

    async def _user_version(self) -> int:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        assert row is not None
        return int(row[0])

    async def _migrate(self) -> None:
        async with self._lock:
            current = await self._user_version()
            for number, name, sql in migrations():
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                try:
                    await self._conn.executescript(
                        f"BEGIN IMMEDIATE;\n{sql}\n;PRAGMA user_version = {number};\nCOMMIT;"
                    )
                except sqlite3.Error as exc:
                    if self._conn.in_transaction:
                        await self._conn.execute("ROLLBACK")
                    raise RuntimeError(f"migration {name} failed: {exc}") from exc

    @asynccontextmanager
    async def _tx(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        # IMMEDIATE takes the write lock up front, so busy_timeout applies at BEGIN rather than
        # failing half-way through; reads use a deferred transaction for a consistent snapshot.
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    # ----------------------------------------------------------------- row mapping

    async def _records(
        self, conn: aiosqlite.Connection, where: str, params: Sequence[Any], tail: str = ""
    ) -> list[SessionRecord]:
        async with conn.execute(f"SELECT * FROM sessions WHERE {where} {tail}", params) as cur:
            rows = list(await cur.fetchall())
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        marks = ",".join("?" * len(ids))
        seats: dict[int, list[SeatRecord]] = {i: [] for i in ids}
        async with conn.execute(
            f"SELECT * FROM seats WHERE session_id IN ({marks}) ORDER BY session_id, seat", ids
        ) as cur:
            for s in await cur.fetchall():
                seats[s["session_id"]].append(_seat_from_row(s))
        return [_record_from_row(row, tuple(seats[row["id"]])) for row in rows]

    async def _one(self, conn: aiosqlite.Connection, session_id: int) -> SessionRecord:
        found = await self._records(conn, "id = ?", (session_id,))
        if not found:
            raise SessionNotFoundError(f"no session {session_id}")
        return found[0]

    async def _cas(
        self,
        conn: aiosqlite.Connection,
        session_id: int,
        expected_version: int,
        sets: Mapping[str, Any],
        now: datetime,
        *,
        lobby_only: bool = False,
        extra_sql: str = "",
    ) -> None:
        """UPDATE ... SET version = version + 1 WHERE id AND version match, or raise Stale."""
        assignments = [f"{col} = ?" for col in sets]
        assignments += ["version = version + 1", "updated_at = ?"]
        if extra_sql:
            assignments.append(extra_sql)
        sql = f"UPDATE sessions SET {', '.join(assignments)} WHERE id = ? AND version = ?" + (
            " AND status = 'lobby'" if lobby_only else ""
        )
        params = [*sets.values(), dt_to_text(now), session_id, expected_version]
        try:
            cur = await conn.execute(sql, params)
        except sqlite3.IntegrityError as exc:
            raise _translate(exc, None) from exc
        if cur.rowcount == 1:
            return
        async with conn.execute("SELECT version FROM sessions WHERE id = ?", (session_id,)) as c:
            row = await c.fetchone()
        raise StaleVersionError(session_id, expected_version, None if row is None else row[0])

    # ----------------------------------------------------------------- protocol

    async def create_session(self, new: NewSession, now: datetime) -> SessionRecord:
        """See `SessionStore.create_session`."""
        if new.host.user_id is None:
            raise ValueError("the host must be a human")
        stamp = dt_to_text(now)
        async with self._tx(write=True) as conn:
            try:
                cur = await conn.execute(
                    "INSERT INTO sessions (game_key, guild_id, channel_id, thread_id, "
                    "host_user_id, status, options, turn_timeout_s, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (
                        new.game_key,
                        new.guild_id,
                        new.channel_id,
                        new.thread_id,
                        new.host.user_id,
                        _dumps(new.options),
                        new.turn_timeout_s,
                        stamp,
                        stamp,
                    ),
                )
            except sqlite3.IntegrityError as exc:
                raise _translate(exc, new.place_id) from exc
            session_id = cur.lastrowid
            assert session_id is not None
            await _insert_seats(conn, session_id, [new.host])
            return await self._one(conn, session_id)

    async def get_session(self, session_id: int) -> SessionRecord | None:
        """See `SessionStore.get_session`."""
        async with self._tx(write=False) as conn:
            found = await self._records(conn, "id = ?", (session_id,))
        return found[0] if found else None

    async def get_open_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_open_in_place`."""
        async with self._tx(write=False) as conn:
            found = await self._records(
                conn, f"{_PLACE} = ? AND status IN {_OPEN}", (place_id,), "LIMIT 1"
            )
        return found[0] if found else None

    async def get_latest_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_latest_in_place`."""
        async with self._tx(write=False) as conn:
            found = await self._records(
                conn, f"{_PLACE} = ?", (place_id,), "ORDER BY id DESC LIMIT 1"
            )
        return found[0] if found else None

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_open`."""
        where = f"status IN {_OPEN}"
        params: list[Any] = []
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        async with self._tx(write=False) as conn:
            return tuple(await self._records(conn, where, params, "ORDER BY id"))

    async def list_overdue(self, now: datetime) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_overdue`."""
        async with self._tx(write=False) as conn:
            return tuple(
                await self._records(
                    conn,
                    "status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= ?",
                    (dt_to_text(now),),
                    "ORDER BY turn_deadline, id",
                )
            )

    async def add_seat(
        self, session_id: int, expected_version: int, seat: SeatRecord, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.add_seat`."""
        async with self._tx(write=True) as conn:
            await self._cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            async with conn.execute(
                "SELECT count(*) FROM seats WHERE session_id = ?", (session_id,)
            ) as cur:
                row = await cur.fetchone()
            assert row is not None
            try:
                await _insert_seats(conn, session_id, [seat], start=int(row[0]))
            except sqlite3.IntegrityError as exc:
                raise ValueError(f"user {seat.user_id} already holds a seat") from exc
            return await self._one(conn, session_id)

    async def remove_seat(
        self, session_id: int, expected_version: int, seat_index: int, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.remove_seat`."""
        async with self._tx(write=True) as conn:
            await self._cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            record = await self._one(conn, session_id)
            if not 0 <= seat_index < len(record.seats):
                raise ValueError(f"no seat {seat_index}")
            kept = [s for s in record.seats if s.seat != seat_index]
            await conn.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            await _insert_seats(conn, session_id, kept)
            return await self._one(conn, session_id)

    async def update(
        self, session_id: int, expected_version: int, patch: SessionPatch, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.update`."""
        changes = patch.changes()
        seats: tuple[SeatRecord, ...] | None = changes.pop("seats", None)
        sets = {_COLUMN.get(k, k): _to_sql(k, v) for k, v in changes.items()}
        async with self._tx(write=True) as conn:
            await self._cas(conn, session_id, expected_version, sets, now)
            if seats is not None:
                await conn.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
                await _insert_seats(conn, session_id, seats)
            return await self._one(conn, session_id)

    async def commit_move(
        self, session_id: int, expected_version: int, move: MoveCommit, now: datetime
    ) -> tuple[SessionRecord, LogEntry]:
        """See `SessionStore.commit_move`."""
        sets = {
            "state": move.state_json,
            "schema_v": move.schema_v,
            "status": move.status.value,
            "outcome": _to_sql("outcome", move.outcome),
            "turn_deadline": _to_sql("turn_deadline", move.turn_deadline),
            "end_reason": move.end_reason,
        }
        events = tuple(dict(e) for e in move.events)
        async with self._tx(write=True) as conn:
            await self._cas(
                conn, session_id, expected_version, sets, now, extra_sql="ply = ply + 1"
            )
            record = await self._one(conn, session_id)
            entry = LogEntry(
                session_id=session_id,
                ply=record.ply,
                seat=move.seat,
                user_id=move.user_id,
                notation=move.notation,
                events=events,
                created_at=now,
            )
            await conn.execute(
                "INSERT INTO actions (session_id, ply, seat, user_id, notation, events, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    entry.ply,
                    entry.seat,
                    entry.user_id,
                    entry.notation,
                    _dumps(list(events)),
                    dt_to_text(now),
                ),
            )
        return record, entry

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """See `SessionStore.set_message_id`."""
        async with self._tx(write=True) as conn:
            cur = await conn.execute(
                "UPDATE sessions SET message_id = ? WHERE id = ?", (message_id, session_id)
            )
            if cur.rowcount != 1:
                raise SessionNotFoundError(f"no session {session_id}")

    async def set_reminded_at(self, session_id: int, when: datetime | None) -> None:
        """See `SessionStore.set_reminded_at`."""
        async with self._tx(write=True) as conn:
            cur = await conn.execute(
                "UPDATE sessions SET reminded_at = ? WHERE id = ?",
                (None if when is None else dt_to_text(when), session_id),
            )
            if cur.rowcount != 1:
                raise SessionNotFoundError(f"no session {session_id}")

    async def load_log(
        self, session_id: int, *, after_ply: int = 0, limit: int | None = None
    ) -> tuple[LogEntry, ...]:
        """See `SessionStore.load_log`."""
        async with self._tx(write=False) as conn:
            async with conn.execute(
                "SELECT * FROM actions WHERE session_id = ? AND ply > ? ORDER BY ply LIMIT ?",
                (session_id, after_ply, -1 if limit is None else limit),
            ) as cur:
                rows = await cur.fetchall()
        return tuple(_entry_from_row(r) for r in rows)

    async def last_log(self, session_id: int, limit: int) -> tuple[LogEntry, ...]:
        """See `SessionStore.last_log`."""
        if limit <= 0:
            return ()
        async with self._tx(write=False) as conn:
            async with conn.execute(
                "SELECT * FROM actions WHERE session_id = ? ORDER BY ply DESC LIMIT ?",
                (session_id, limit),
            ) as cur:
                rows = await cur.fetchall()
        return tuple(_entry_from_row(r) for r in reversed(list(rows)))


# --------------------------------------------------------------------- helpers

_COLUMN = {"state_json": "state"}


def _dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _to_sql(field: str, value: Any) -> Any:
    if value is None:
        return None
    if field == "status":
        return value.value
    if field in ("outcome",):
        return _dumps(dict(value))
    if field == "abandon_votes":
        return _dumps(sorted(value))
    if field == "turn_deadline":
        return dt_to_text(value)
    return value


def _loads(row: sqlite3.Row, column: str) -> Any:
    text = row[column]
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptStateError(
            f"session {row['id']}: column {column} is not valid JSON: {exc.msg} at line "
            f"{exc.lineno} column {exc.colno}"
        ) from exc


def _record_from_row(row: sqlite3.Row, seats: tuple[SeatRecord, ...]) -> SessionRecord:
    options = _loads(row, "options")
    if not isinstance(options, dict):
        raise CorruptStateError(f"session {row['id']}: column options must be a JSON object")
    votes = _loads(row, "abandon_votes")
    if not isinstance(votes, list) or not all(isinstance(v, int) for v in votes):
        raise CorruptStateError(
            f"session {row['id']}: column abandon_votes must be a list of user ids"
        )
    try:
        status = SessionStatus(row["status"])
    except ValueError as exc:
        raise CorruptStateError(f"session {row['id']}: unknown status {row['status']!r}") from exc
    return SessionRecord(
        id=row["id"],
        game_key=row["game_key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        host_user_id=row["host_user_id"],
        status=status,
        options=options,
        seed=row["seed"],
        seats=seats,
        state_json=row["state"],
        schema_v=row["schema_v"],
        version=row["version"],
        ply=row["ply"],
        outcome=_loads(row, "outcome"),
        abandon_votes=frozenset(votes),
        message_id=row["message_id"],
        turn_timeout_s=row["turn_timeout_s"],
        turn_deadline=None if row["turn_deadline"] is None else dt_from_text(row["turn_deadline"]),
        end_reason=row["end_reason"],
        created_at=dt_from_text(row["created_at"]),
        updated_at=dt_from_text(row["updated_at"]),
        reminded_at=None if row["reminded_at"] is None else dt_from_text(row["reminded_at"]),
    )


def _seat_from_row(row: sqlite3.Row) -> SeatRecord:
    return SeatRecord(
        seat=row["seat"],
        display_name=row["display_name"],
        user_id=row["user_id"],
        bot_name=row["bot_name"],
    )


def _entry_from_row(row: sqlite3.Row) -> LogEntry:
    try:
        events = json.loads(row["events"])
    except json.JSONDecodeError as exc:
        raise CorruptStateError(
            f"session {row['session_id']} ply {row['ply']}: events are not valid JSON: {exc.msg}"
        ) from exc
    return LogEntry(
        session_id=row["session_id"],
        ply=row["ply"],
        seat=row["seat"],
        user_id=row["user_id"],
        notation=row["notation"],
        events=tuple(events),
        created_at=dt_from_text(row["created_at"]),
    )


async def _insert_seats(
    conn: aiosqlite.Connection, session_id: int, seats: Iterable[SeatRecord], start: int = 0
) -> None:
    await conn.executemany(
        "INSERT INTO seats (session_id, seat, user_id, bot_name, display_name, is_bot) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (session_id, i, s.user_id, s.bot_name, s.display_name, int(s.is_bot))
            for i, s in enumerate(seats, start=start)
        ],
    )


def _translate(exc: sqlite3.IntegrityError, place_id: int | None) -> Exception:
    if "sessions_one_open_per_place" in str(exc):
        return PlaceBusyError(-1 if place_id is None else place_id)
    return exc
