"""The aiosqlite `SessionStore`: one connection, WAL, numbered migrations, CAS on `version`.

Open with ``store = await SqliteStore.open(path)`` (a file path or ``":memory:"``) and
``await store.close()`` at shutdown. Opening applies every migration in
``bot/storage/migrations/NNNN_<name>.sql`` newer than ``PRAGMA user_version``, each in its own
transaction that also sets ``user_version``, so re-opening never re-applies one.

Every call is one transaction run whole on aiosqlite's connection thread (`SqliteStore._run`): one
thread hop per call, and no other coroutine's statement can interleave with it. Every write is one
``BEGIN IMMEDIATE`` transaction; a compare-and-swap is ``UPDATE ... WHERE version = ? RETURNING *``,
so the caller gets the new row without reading it again, and one that finds a different version
rolls back and raises `StaleVersionError`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.games.codec import CorruptStateError
from bot.storage.records import (
    KEEP,
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
_T = TypeVar("_T")

CONNECTION_PRAGMAS = (f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}", "PRAGMA foreign_keys = ON")
FILE_PRAGMAS = (
    "PRAGMA journal_mode = WAL",
    # NORMAL is durable across application crashes (kill -9) in WAL mode and keeps commits fast:
    # the WAL is synced at checkpoints, not at every commit; only a power cut can lose the last
    # commits. The bench's commit floor uses these same settings.
    "PRAGMA synchronous = NORMAL",
)

BOT_TURN_WHERE = "status = 'active' AND bot_turn IS NOT 0"
"""Active sessions where a bot may act (or nobody recorded who may): index sessions_bot_turn."""

QUIET_WHERE = (
    "status = 'active' AND human_turn IS NOT 0 "
    "AND max(updated_at, coalesce(reminded_at, updated_at)) <= ?"
)
"""Active sessions awaiting a human (or not known) where nothing happened after the parameter:
index sessions_quiet (the expression must stay exactly the index's)."""

_SEAT_CHUNK = 500  # session ids per seats query (SQLite limits the number of parameters)


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
        self.hops = 0
        """Transactions sent to the connection's thread so far (each is one thread hop)."""
        self.observe: Callable[[float], None] | None = None
        """Told how long each transaction took (the app's metrics)."""

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Connect, set pragmas (WAL, foreign keys, busy timeout) and apply pending migrations."""
        target = str(path)
        conn = await aiosqlite.connect(target, isolation_level=None)
        conn.row_factory = sqlite3.Row
        try:
            for pragma in CONNECTION_PRAGMAS:
                await conn.execute(pragma)
            if target != ":memory:":
                for pragma in FILE_PRAGMAS:
                    await conn.execute(pragma)
            store = cls(conn, target)
            await store._migrate()
        except BaseException:
            await conn.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection (queued after any transaction already sent)."""
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

    async def _run(self, body: Callable[[sqlite3.Connection], _T], *, write: bool) -> _T:
        """Run `body` as one transaction on the connection's thread: one thread hop in all.

        aiosqlite hops to its thread once per statement and once per fetch; a move took six hops
        that way. Its `_execute` queues one function on that same thread, so the whole
        transaction (BEGIN, the statements, COMMIT or ROLLBACK) runs there in one go. Functions
        queued this way run one at a time, in order, so no other statement can slip into the
        transaction, and a cancelled caller cannot leave one half-done.

        `_execute` and `_conn` are aiosqlite internals (every public method of its `Connection`
        is built on them); every store test goes through here, so a release that changed them
        would fail the suite at once rather than misbehave.
        """

        def transaction() -> _T:
            conn = self._conn._conn
            # IMMEDIATE takes the write lock up front, so busy_timeout applies at BEGIN rather
            # than failing half-way; reads use a deferred transaction for a consistent snapshot.
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                result = body(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result

        self.hops += 1
        if self.observe is None:
            return cast(_T, await self._conn._execute(transaction))
        began = time.perf_counter()
        try:
            return cast(_T, await self._conn._execute(transaction))
        finally:
            self.observe(time.perf_counter() - began)

    # ----------------------------------------------------------------- protocol

    async def create_session(self, new: NewSession, now: datetime) -> SessionRecord:
        """See `SessionStore.create_session`."""
        if new.host.user_id is None:
            raise ValueError("the host must be a human")
        stamp = dt_to_text(now)

        def body(conn: sqlite3.Connection) -> SessionRecord:
            try:
                cur = conn.execute(
                    "INSERT INTO sessions (game_key, guild_id, channel_id, thread_id, "
                    "host_user_id, status, options, turn_timeout_s, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING *",
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
                row = cur.fetchone()
            except sqlite3.IntegrityError as exc:
                raise _translate(exc, new.place_id) from exc
            seats = _insert_seats(conn, row["id"], [new.host])
            return _record_from_row(row, seats)

        return await self._run(body, write=True)

    async def get_session(self, session_id: int) -> SessionRecord | None:
        """See `SessionStore.get_session`."""
        found = await self._select("id = ?", (session_id,))
        return found[0] if found else None

    async def get_open_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_open_in_place`."""
        found = await self._select(f"{_PLACE} = ? AND status IN {_OPEN}", (place_id,), "LIMIT 1")
        return found[0] if found else None

    async def get_latest_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_latest_in_place`."""
        found = await self._select(f"{_PLACE} = ?", (place_id,), "ORDER BY id DESC LIMIT 1")
        return found[0] if found else None

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_open`."""
        where = f"status IN {_OPEN}"
        params: list[Any] = []
        if guild_id is not None:
            where += " AND guild_id = ?"
            params.append(guild_id)
        return tuple(await self._select(where, params, "ORDER BY id"))

    async def list_overdue(self, now: datetime) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_overdue`."""
        return tuple(
            await self._select(
                "status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= ?",
                (dt_to_text(now),),
                "ORDER BY turn_deadline, id",
            )
        )

    async def bot_turn_ids(self) -> tuple[int, ...]:
        """See `SessionStore.bot_turn_ids`."""
        return await self._ids(BOT_TURN_WHERE, ())

    async def quiet_ids(
        self, since: datetime, guild_ids: Collection[int] | None = None
    ) -> tuple[int, ...]:
        """See `SessionStore.quiet_ids`."""
        if guild_ids is None:
            return await self._ids(QUIET_WHERE, (dt_to_text(since),))
        guilds = sorted(set(guild_ids))
        if not guilds:
            return ()
        marks = ",".join("?" * len(guilds))
        return await self._ids(
            f"{QUIET_WHERE} AND guild_id IN ({marks})", (dt_to_text(since), *guilds)
        )

    async def active_guild_ids(self) -> tuple[int, ...]:
        """See `SessionStore.active_guild_ids`: distinct values read off an index."""

        def body(conn: sqlite3.Connection) -> tuple[int, ...]:
            rows = conn.execute(
                "SELECT DISTINCT guild_id FROM sessions WHERE status = 'active' ORDER BY guild_id"
            )
            return tuple(row[0] for row in rows)

        return await self._run(body, write=False)

    async def _ids(self, where: str, params: Sequence[Any]) -> tuple[int, ...]:
        def body(conn: sqlite3.Connection) -> tuple[int, ...]:
            rows = conn.execute(f"SELECT id FROM sessions WHERE {where}", params)
            return tuple(sorted(row[0] for row in rows))

        return await self._run(body, write=False)

    async def get_sessions(self, session_ids: Sequence[int]) -> tuple[SessionRecord, ...]:
        """See `SessionStore.get_sessions`."""
        if not session_ids:
            return ()
        marks = ",".join("?" * len(session_ids))
        return tuple(await self._select(f"id IN ({marks})", list(session_ids), "ORDER BY id"))

    async def set_to_act(self, session_id: int, version: int, to_act: frozenset[int]) -> None:
        """See `SessionStore.set_to_act`."""

        def body(conn: sqlite3.Connection) -> None:
            conn.execute(
                f"UPDATE sessions SET {_TO_ACT_SETS}, to_act_version = version "
                "WHERE id = ? AND version = ?",
                [*_to_act_params(to_act), session_id, version],
            )

        await self._run(body, write=True)

    async def add_seat(
        self, session_id: int, expected_version: int, seat: SeatRecord, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.add_seat`."""

        def body(conn: sqlite3.Connection) -> SessionRecord:
            row = _cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            seats = _seats_of(conn, [session_id])[session_id]
            try:
                added = _insert_seats(conn, session_id, [seat], start=len(seats))
            except sqlite3.IntegrityError as exc:
                raise ValueError(f"user {seat.user_id} already holds a seat") from exc
            return _record_from_row(row, (*seats, *added))

        return await self._run(body, write=True)

    async def remove_seat(
        self, session_id: int, expected_version: int, seat_index: int, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.remove_seat`."""

        def body(conn: sqlite3.Connection) -> SessionRecord:
            row = _cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            seats = _seats_of(conn, [session_id])[session_id]
            if not 0 <= seat_index < len(seats):
                raise ValueError(f"no seat {seat_index}")
            kept = [s for s in seats if s.seat != seat_index]
            conn.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            return _record_from_row(row, _insert_seats(conn, session_id, kept))

        return await self._run(body, write=True)

    async def update(
        self, session_id: int, expected_version: int, patch: SessionPatch, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.update`."""
        changes = patch.changes()
        seats: tuple[SeatRecord, ...] | None = changes.pop("seats", None)
        to_act = changes.pop("to_act", KEEP)
        sets = {_COLUMN.get(k, k): _to_sql(k, v) for k, v in changes.items()}

        def body(conn: sqlite3.Connection) -> SessionRecord:
            if seats is None:
                row = _cas(conn, session_id, expected_version, sets, now, to_act=to_act)
                return _record_from_row(row, _seats_of(conn, [session_id])[session_id])
            row = _cas(conn, session_id, expected_version, sets, now)
            conn.execute("DELETE FROM seats WHERE session_id = ?", (session_id,))
            stored = _insert_seats(conn, session_id, seats)
            # The flags depend on the seats (a bot may have taken a human's): set them after.
            if to_act is not KEEP:
                row = conn.execute(
                    f"UPDATE sessions SET {_TO_ACT_SETS}, to_act_version = version "
                    "WHERE id = ? RETURNING *",
                    [*_to_act_params(to_act), session_id],
                ).fetchone()
            else:
                row = conn.execute(
                    f"UPDATE sessions SET {_REFLAG} WHERE id = ? RETURNING *", (session_id,)
                ).fetchone()
            return _record_from_row(row, stored)

        return await self._run(body, write=True)

    async def commit_move(
        self, session_id: int, expected_version: int, move: MoveCommit, now: datetime
    ) -> tuple[SessionRecord, LogEntry]:
        """See `SessionStore.commit_move`: the CAS update returns the new row (no re-read), the
        log row is appended, and the seats are read by key, all in one transaction and hop."""
        sets = {
            "state": move.state_json,
            "schema_v": move.schema_v,
            "status": move.status.value,
            "outcome": _to_sql("outcome", move.outcome),
            "turn_deadline": _to_sql("turn_deadline", move.turn_deadline),
            "end_reason": move.end_reason,
        }
        events = tuple(dict(e) for e in move.events)
        events_json = _dumps(list(events))
        stamp = dt_to_text(now)

        def body(conn: sqlite3.Connection) -> tuple[SessionRecord, LogEntry]:
            row = _cas(
                conn,
                session_id,
                expected_version,
                sets,
                now,
                extra_sql="ply = ply + 1",
                to_act=move.to_act,
            )
            conn.execute(
                "INSERT INTO actions (session_id, ply, seat, user_id, notation, events, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    row["ply"],
                    move.seat,
                    move.user_id,
                    move.notation,
                    events_json,
                    stamp,
                ),
            )
            record = _record_from_row(row, _seats_of(conn, [session_id])[session_id])
            entry = LogEntry(
                session_id=session_id,
                ply=record.ply,
                seat=move.seat,
                user_id=move.user_id,
                notation=move.notation,
                events=events,
                created_at=now,
            )
            return record, entry

        return await self._run(body, write=True)

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """See `SessionStore.set_message_id`."""
        await self._set_bookkeeping(session_id, "message_id = ?", message_id)

    async def set_reminded_at(self, session_id: int, when: datetime | None) -> None:
        """See `SessionStore.set_reminded_at`."""
        await self._set_bookkeeping(
            session_id, "reminded_at = ?", None if when is None else dt_to_text(when)
        )

    async def set_reminded_at_many(self, session_ids: Sequence[int], when: datetime) -> None:
        """See `SessionStore.set_reminded_at_many`: one statement per id, one transaction, one
        hop; rolled back whole if any id is unknown."""
        if not session_ids:
            return
        stamp = dt_to_text(when)

        def body(conn: sqlite3.Connection) -> None:
            for session_id in session_ids:
                cur = conn.execute(
                    "UPDATE sessions SET reminded_at = ? WHERE id = ?", (stamp, session_id)
                )
                if cur.rowcount != 1:
                    raise SessionNotFoundError(f"no session {session_id}")

        await self._run(body, write=True)

    async def claim_reminders(
        self, session_ids: Sequence[int], since: datetime, when: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_reminders`: one UPDATE .. RETURNING per chunk of ids, all in
        one transaction (another process on the file waits for it: BEGIN IMMEDIATE)."""
        ids = sorted(set(session_ids))
        if not ids:
            return ()
        params = (dt_to_text(when), dt_to_text(since))

        def body(conn: sqlite3.Connection) -> tuple[int, ...]:
            claimed: list[int] = []
            for start in range(0, len(ids), _SEAT_CHUNK):
                chunk = ids[start : start + _SEAT_CHUNK]
                marks = ",".join("?" * len(chunk))
                rows = conn.execute(
                    f"UPDATE sessions SET reminded_at = ? WHERE id IN ({marks}) "
                    "AND status = 'active' "
                    "AND max(updated_at, coalesce(reminded_at, updated_at)) <= ? RETURNING id",
                    (params[0], *chunk, params[1]),
                ).fetchall()
                claimed += [row[0] for row in rows]
            return tuple(sorted(claimed))

        return await self._run(body, write=True)

    async def claim_work(
        self, kind: str, session_ids: Sequence[int], owner: str, now: datetime, until: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_work`: one upsert per id, all in one BEGIN IMMEDIATE
        transaction (another process on the file waits for it)."""
        ids = sorted(set(session_ids))
        if not ids:
            return ()
        stamp, ends = dt_to_text(now), dt_to_text(until)

        def body(conn: sqlite3.Connection) -> tuple[int, ...]:
            claimed = []
            for session_id in ids:
                row = conn.execute(
                    "INSERT INTO work_leases (kind, session_id, owner, until) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (kind, session_id) DO UPDATE SET owner = excluded.owner, "
                    "until = excluded.until WHERE work_leases.until <= ? RETURNING session_id",
                    (kind, session_id, owner, ends, stamp),
                ).fetchone()
                if row is not None:
                    claimed.append(session_id)
            return tuple(claimed)

        return await self._run(body, write=True)

    async def release_work(self, kind: str, session_ids: Sequence[int], owner: str) -> None:
        """See `SessionStore.release_work`."""
        ids = list(session_ids)
        if not ids:
            return

        def body(conn: sqlite3.Connection) -> None:
            conn.executemany(
                "DELETE FROM work_leases WHERE kind = ? AND session_id = ? AND owner = ?",
                [(kind, session_id, owner) for session_id in ids],
            )

        await self._run(body, write=True)

    async def _set_bookkeeping(self, session_id: int, assignment: str, value: Any) -> None:
        def body(conn: sqlite3.Connection) -> None:
            cur = conn.execute(
                f"UPDATE sessions SET {assignment} WHERE id = ?", (value, session_id)
            )
            if cur.rowcount != 1:
                raise SessionNotFoundError(f"no session {session_id}")

        await self._run(body, write=True)

    async def load_log(
        self, session_id: int, *, after_ply: int = 0, limit: int | None = None
    ) -> tuple[LogEntry, ...]:
        """See `SessionStore.load_log`."""

        def body(conn: sqlite3.Connection) -> tuple[LogEntry, ...]:
            rows = conn.execute(
                "SELECT * FROM actions WHERE session_id = ? AND ply > ? ORDER BY ply LIMIT ?",
                (session_id, after_ply, -1 if limit is None else limit),
            ).fetchall()
            return tuple(_entry_from_row(r) for r in rows)

        return await self._run(body, write=False)

    async def last_log(self, session_id: int, limit: int) -> tuple[LogEntry, ...]:
        """See `SessionStore.last_log`."""
        if limit <= 0:
            return ()

        def body(conn: sqlite3.Connection) -> tuple[LogEntry, ...]:
            rows = conn.execute(
                "SELECT * FROM actions WHERE session_id = ? ORDER BY ply DESC LIMIT ?",
                (session_id, limit),
            ).fetchall()
            return tuple(_entry_from_row(r) for r in reversed(rows))

        return await self._run(body, write=False)

    async def _select(
        self, where: str, params: Sequence[Any], tail: str = ""
    ) -> list[SessionRecord]:
        """Sessions matching `where` with their seats: two statements, one hop."""

        def body(conn: sqlite3.Connection) -> list[SessionRecord]:
            rows = conn.execute(f"SELECT * FROM sessions WHERE {where} {tail}", params).fetchall()
            if not rows:
                return []
            seats = _seats_of(conn, [row["id"] for row in rows])
            return [_record_from_row(row, seats[row["id"]]) for row in rows]

        return await self._run(body, write=False)


# --------------------------------------------------------------------- helpers

_COLUMN = {"state_json": "state"}

# Who may act, with the bot/human flags the start-up and reminder queries filter on; worked out
# from the session's seats in SQL so the caller passes only the seat numbers. Each write of them
# also sets `to_act_version` to the row's version: a state written at another version (by code
# that does not know these columns) makes them unknown again (trigger sessions_to_act_unknown).
_TO_ACT_SETS = (
    "to_act_mask = ?, "
    "bot_turn = CASE WHEN ? IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM seats "
    "WHERE seats.session_id = sessions.id AND is_bot = 1 AND (? >> seat) & 1) END, "
    "human_turn = CASE WHEN ? IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM seats "
    "WHERE seats.session_id = sessions.id AND is_bot = 0 AND (? >> seat) & 1) END"
)


# The same flags worked out again from the stored mask, after the seats changed.
_REFLAG = (
    "bot_turn = CASE WHEN to_act_mask IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM seats "
    "WHERE seats.session_id = sessions.id AND is_bot = 1 AND (to_act_mask >> seat) & 1) END, "
    "human_turn = CASE WHEN to_act_mask IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM seats "
    "WHERE seats.session_id = sessions.id AND is_bot = 0 AND (to_act_mask >> seat) & 1) END"
)


def _mask(to_act: frozenset[int] | None) -> int | None:
    return None if to_act is None else sum(1 << int(seat) for seat in to_act)


def _to_act_params(to_act: frozenset[int] | None) -> list[int | None]:
    mask = _mask(to_act)
    return [mask] * 5


def _cas(
    conn: sqlite3.Connection,
    session_id: int,
    expected_version: int,
    sets: Mapping[str, Any],
    now: datetime,
    *,
    lobby_only: bool = False,
    extra_sql: str = "",
    to_act: Any = KEEP,
) -> sqlite3.Row:
    """UPDATE ... SET version = version + 1 WHERE id AND version match RETURNING the new row, or
    raise Stale. `to_act` (a set of seats or None) also sets the who-may-act columns."""
    assignments = [f"{col} = ?" for col in sets]
    params: list[Any] = [*sets.values()]
    assignments += ["version = version + 1", "updated_at = ?"]
    params.append(dt_to_text(now))
    if extra_sql:
        assignments.append(extra_sql)
    if to_act is not KEEP:
        # `version` on the right is the old one: the row's new version is version + 1.
        assignments += [_TO_ACT_SETS, "to_act_version = version + 1"]
        params += _to_act_params(to_act)
    sql = (
        f"UPDATE sessions SET {', '.join(assignments)} WHERE id = ? AND version = ?"
        + (" AND status = 'lobby'" if lobby_only else "")
        + " RETURNING *"
    )
    params += [session_id, expected_version]
    try:
        row = conn.execute(sql, params).fetchone()
    except sqlite3.IntegrityError as exc:
        raise _translate(exc, None) from exc
    if row is not None:
        return cast(sqlite3.Row, row)
    found = conn.execute("SELECT version FROM sessions WHERE id = ?", (session_id,)).fetchone()
    raise StaleVersionError(session_id, expected_version, None if found is None else found[0])


def _seats_of(
    conn: sqlite3.Connection, session_ids: Sequence[int]
) -> dict[int, tuple[SeatRecord, ...]]:
    """The seats of each session, in seat order (by primary key)."""
    found: dict[int, list[SeatRecord]] = {i: [] for i in session_ids}
    for start in range(0, len(session_ids), _SEAT_CHUNK):
        chunk = session_ids[start : start + _SEAT_CHUNK]
        marks = ",".join("?" * len(chunk))
        for row in conn.execute(
            f"SELECT * FROM seats WHERE session_id IN ({marks}) ORDER BY session_id, seat", chunk
        ):
            found[row["session_id"]].append(_seat_from_row(row))
    return {i: tuple(seats) for i, seats in found.items()}


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
    except RecursionError as exc:
        raise CorruptStateError(f"session {row['id']}: column {column} is nested too deep") from exc


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
        to_act=_seats_in(row["to_act_mask"]),
    )


def _seats_in(mask: int | None) -> frozenset[int] | None:
    if mask is None:
        return None
    return frozenset(seat for seat in range(mask.bit_length()) if mask >> seat & 1)


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


def _insert_seats(
    conn: sqlite3.Connection, session_id: int, seats: Iterable[SeatRecord], start: int = 0
) -> tuple[SeatRecord, ...]:
    """Insert `seats` numbered from `start`; returns them as stored (renumbered)."""
    stored = tuple(
        SeatRecord(seat=i, display_name=s.display_name, user_id=s.user_id, bot_name=s.bot_name)
        for i, s in enumerate(seats, start=start)
    )
    conn.executemany(
        "INSERT INTO seats (session_id, seat, user_id, bot_name, display_name, is_bot) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [
            (session_id, s.seat, s.user_id, s.bot_name, s.display_name, int(s.is_bot))
            for s in stored
        ],
    )
    return stored


def _translate(exc: sqlite3.IntegrityError, place_id: int | None) -> Exception:
    if "sessions_one_open_per_place" in str(exc):
        return PlaceBusyError(-1 if place_id is None else place_id)
    return exc
