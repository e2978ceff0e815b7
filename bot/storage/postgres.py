"""The PostgreSQL `SessionStore` (asyncpg, a connection pool), selected by a `postgresql://` URL.

Open with ``store = await PostgresStore.open(url)`` and ``await store.close()`` at shutdown.
Opening applies every migration in ``bot/storage/migrations/postgres/NNNN_<name>.sql`` newer than
the highest number in the ``schema_migrations`` table, each in its own transaction, under an
advisory lock so that several processes starting together apply each one exactly once.

Every call is one transaction: a single statement where it can be (a statement is its own
transaction), else ``BEGIN .. COMMIT`` on one pooled connection. A compare-and-swap is
``UPDATE .. WHERE id = $1 AND version = $2 RETURNING ..``; a move (the CAS, the log row and the
seats read back) is ONE statement with a data-modifying CTE: one round trip per move. The same
constraints as SQLite hold the data: one open session per place (a partial unique index),
contiguous plies (the primary key on (session, ply) with ``ply = ply + 1`` in the CAS), an
append-only log (a trigger).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from datetime import datetime
from importlib import resources
from typing import Any, TypeVar

import asyncpg

from bot.storage.pg_asyncplay import PostgresAsyncPlay
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
    StaleVersionError,
    utc,
)
from bot.storage.sqlite import _dumps, _entry_from_row, _mask, _record_from_row

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_MIGRATION_LOCK = 0x6775_696C_6468  # pg_advisory_lock key: "guildh"
_OPEN = "('lobby', 'active')"
_PLACE = "coalesce(thread_id, channel_id)"
_T = TypeVar("_T")

# The seats of the session row in hand, as one JSON array (one statement reads both).
_SEATS = (
    "(SELECT json_agg(json_build_array(t.seat, t.user_id, t.bot_name, t.display_name) "
    "ORDER BY t.seat) FROM seats AS t WHERE t.session_id = sessions.id) AS seats_json"
)

BOT_TURN_WHERE = "status = 'active' AND bot_turn IS NOT FALSE"
QUIET_WHERE = (
    "status = 'active' AND human_turn IS NOT FALSE "
    "AND greatest(updated_at, coalesce(reminded_at, updated_at)) <= $1"
)
"""As in SQLite; the expression must stay exactly the index sessions_quiet's."""

_URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(url: str | None) -> bool:
    """True when `url` names a PostgreSQL server (DATABASE_URL)."""
    return bool(url) and str(url).startswith(_URL_SCHEMES)


def migrations() -> list[tuple[int, str, str]]:
    """The PostgreSQL migrations as (number, file name, SQL), numbered like SQLite's."""
    folder = resources.files("bot.storage").joinpath("migrations").joinpath("postgres")
    found = sorted(
        (int(m.group(1)), entry.name, entry.read_text(encoding="utf-8"))
        for entry in folder.iterdir()
        if (m := _MIGRATION_NAME.match(entry.name))
    )
    for expected, (number, name, _) in enumerate(found, start=1):
        if number != expected:
            raise RuntimeError(f"migration {name} is out of sequence (expected number {expected})")
    return found


class _Params:
    """Numbered placeholders ($1, $2, ..) for values added in order."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def __call__(self, value: Any) -> str:
        self.values.append(value)
        return f"${len(self.values)}"


class PostgresStore(PostgresAsyncPlay):
    """A `SessionStore` on an asyncpg pool. Create it with `PostgresStore.open`."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self.round_trips = 0
        """Statements or transactions sent so far (the bench's figure for the store)."""
        self.observe: Callable[[float], None] | None = None
        """Told how long each statement or transaction took (the app's metrics)."""

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 8) -> PostgresStore:
        """Connect a pool to `url` and apply pending migrations."""
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size)
        store = cls(pool, url)
        try:
            await store._migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Close every pooled connection (waits for calls in progress)."""
        await self._pool.close()

    async def schema_version(self) -> int:
        """The highest applied migration number."""
        async with self._pool.acquire() as conn:
            return int(
                await conn.fetchval("SELECT coalesce(max(number), 0) FROM schema_migrations")
            )

    async def _migrate(self) -> None:
        async with self._pool.acquire() as conn:
            # Serialises processes starting at once (held until the end of this block).
            await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (number integer PRIMARY KEY, "
                    "name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
                )
                applied = await conn.fetchval(
                    "SELECT coalesce(max(number), 0) FROM schema_migrations"
                )
                for number, name, sql in migrations():
                    if number <= applied:
                        continue
                    log.info("applying migration %s (postgresql)", name)
                    async with conn.transaction():
                        try:
                            await conn.execute(sql)
                        except asyncpg.PostgresError as exc:
                            raise RuntimeError(f"migration {name} failed: {exc}") from exc
                        await conn.execute(
                            "INSERT INTO schema_migrations (number, name) VALUES ($1, $2)",
                            number,
                            name,
                        )
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    async def _run(self, body: Callable[[asyncpg.Connection], Awaitable[_T]]) -> _T:
        """Run `body` as one transaction on one pooled connection."""
        async with self._timed(), self._pool.acquire() as conn, conn.transaction():
            return await body(conn)

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        """One statement (its own transaction)."""
        async with self._timed(), self._pool.acquire() as conn:
            return list(await conn.fetch(sql, *args))

    async def _execute(self, sql: str, *args: Any) -> str:
        async with self._timed(), self._pool.acquire() as conn:
            return str(await conn.execute(sql, *args))

    @contextlib.asynccontextmanager
    async def _timed(self) -> AsyncIterator[None]:
        """Count one round trip (and time it for `observe`)."""
        self.round_trips += 1
        began = time.perf_counter()
        try:
            yield
        finally:
            if self.observe is not None:
                self.observe(time.perf_counter() - began)

    # ----------------------------------------------------------------- protocol

    async def create_session(self, new: NewSession, now: datetime) -> SessionRecord:
        """See `SessionStore.create_session`."""
        if new.host.user_id is None:
            raise ValueError("the host must be a human")
        stamp = utc(now)

        async def body(conn: asyncpg.Connection) -> SessionRecord:
            try:
                row = await conn.fetchrow(
                    "INSERT INTO sessions (game_key, guild_id, channel_id, thread_id, "
                    "host_user_id, status, options, turn_timeout_s, created_at, updated_at) "
                    "VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $8, $8) RETURNING *",
                    new.game_key,
                    new.guild_id,
                    new.channel_id,
                    new.thread_id,
                    new.host.user_id,
                    _dumps(new.options),
                    new.turn_timeout_s,
                    stamp,
                )
            except asyncpg.UniqueViolationError as exc:
                raise _translate(exc, new.place_id) from exc
            seats = await _insert_seats(conn, row["id"], [new.host])
            return _record_from_row(row, seats)

        return await self._run(body)

    async def get_session(self, session_id: int) -> SessionRecord | None:
        """See `SessionStore.get_session`."""
        found = await self._select("id = $1", (session_id,))
        return found[0] if found else None

    async def get_open_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_open_in_place`."""
        found = await self._select(f"{_PLACE} = $1 AND status IN {_OPEN}", (place_id,), "LIMIT 1")
        return found[0] if found else None

    async def get_latest_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_latest_in_place`."""
        found = await self._select(f"{_PLACE} = $1", (place_id,), "ORDER BY id DESC LIMIT 1")
        return found[0] if found else None

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_open`."""
        if guild_id is None:
            return tuple(await self._select(f"status IN {_OPEN}", (), "ORDER BY id"))
        return tuple(
            await self._select(f"status IN {_OPEN} AND guild_id = $1", (guild_id,), "ORDER BY id")
        )

    async def list_overdue(self, now: datetime) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_overdue`."""
        return tuple(
            await self._select(
                "status = 'active' AND turn_deadline IS NOT NULL AND turn_deadline <= $1",
                (utc(now),),
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
            return await self._ids(QUIET_WHERE, (utc(since),))
        guilds = sorted(set(guild_ids))
        if not guilds:
            return ()
        return await self._ids(
            f"{QUIET_WHERE} AND guild_id = ANY($2::bigint[])", (utc(since), guilds)
        )

    async def active_guild_ids(self) -> tuple[int, ...]:
        """See `SessionStore.active_guild_ids`."""
        rows = await self._fetch(
            "SELECT DISTINCT guild_id FROM sessions WHERE status = 'active' ORDER BY guild_id"
        )
        return tuple(int(r[0]) for r in rows)

    async def _ids(self, where: str, params: Sequence[Any]) -> tuple[int, ...]:
        rows = await self._fetch(f"SELECT id FROM sessions WHERE {where} ORDER BY id", *params)
        return tuple(int(r[0]) for r in rows)

    async def get_sessions(self, session_ids: Sequence[int]) -> tuple[SessionRecord, ...]:
        """See `SessionStore.get_sessions`."""
        if not session_ids:
            return ()
        return tuple(
            await self._select("id = ANY($1::bigint[])", (list(session_ids),), "ORDER BY id")
        )

    async def set_to_act(self, session_id: int, version: int, to_act: frozenset[int]) -> None:
        """See `SessionStore.set_to_act`."""
        p = _Params()
        sets = _to_act_sets(p, to_act)
        await self._execute(
            f"UPDATE sessions SET {sets}, to_act_version = version "
            f"WHERE id = {p(session_id)} AND version = {p(version)}",
            *p.values,
        )

    async def add_seat(
        self, session_id: int, expected_version: int, seat: SeatRecord, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.add_seat`."""

        async def body(conn: asyncpg.Connection) -> SessionRecord:
            row = await _cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            seats = _seats_from_json(row["seats_json"])
            try:
                # A savepoint, so the refusal leaves the transaction usable for the rollback.
                async with conn.transaction():
                    added = await _insert_seats(conn, session_id, [seat], start=len(seats))
            except asyncpg.UniqueViolationError as exc:
                raise ValueError(f"user {seat.user_id} already holds a seat") from exc
            return _record_from_row(row, (*seats, *added))

        return await self._run(body)

    async def remove_seat(
        self, session_id: int, expected_version: int, seat_index: int, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.remove_seat`."""

        async def body(conn: asyncpg.Connection) -> SessionRecord:
            row = await _cas(conn, session_id, expected_version, {}, now, lobby_only=True)
            seats = _seats_from_json(row["seats_json"])
            if not 0 <= seat_index < len(seats):
                raise ValueError(f"no seat {seat_index}")
            kept = [s for s in seats if s.seat != seat_index]
            await conn.execute("DELETE FROM seats WHERE session_id = $1", session_id)
            return _record_from_row(row, await _insert_seats(conn, session_id, kept))

        return await self._run(body)

    async def update(
        self, session_id: int, expected_version: int, patch: SessionPatch, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.update`."""
        changes = patch.changes()
        seats: tuple[SeatRecord, ...] | None = changes.pop("seats", None)
        to_act = changes.pop("to_act", KEEP)
        sets = {_COLUMN.get(k, k): _to_pg(k, v) for k, v in changes.items()}

        async def body(conn: asyncpg.Connection) -> SessionRecord:
            if seats is None:
                row = await _cas(conn, session_id, expected_version, sets, now, to_act=to_act)
                return _record_from_row(row, _seats_from_json(row["seats_json"]))
            await _cas(conn, session_id, expected_version, sets, now)
            await conn.execute("DELETE FROM seats WHERE session_id = $1", session_id)
            stored = await _insert_seats(conn, session_id, seats)
            # The flags depend on the seats (a bot may have taken a human's): set them after.
            p = _Params()
            if to_act is not KEEP:
                sql = f"{_to_act_sets(p, to_act)}, to_act_version = version"
            else:
                sql = _to_act_sets(p, None, column="to_act_mask")
            row = await conn.fetchrow(
                f"UPDATE sessions SET {sql} WHERE id = {p(session_id)} RETURNING *", *p.values
            )
            return _record_from_row(row, stored)

        return await self._run(body)

    async def commit_move(
        self, session_id: int, expected_version: int, move: MoveCommit, now: datetime
    ) -> tuple[SessionRecord, LogEntry]:
        """See `SessionStore.commit_move`: the CAS, the log row and the seats in ONE statement."""
        events = tuple(dict(e) for e in move.events)
        stamp = utc(now)
        sets = {
            "state": move.state_json,
            "schema_v": move.schema_v,
            "status": move.status.value,
            "outcome": _to_pg("outcome", move.outcome),
            "turn_deadline": _to_pg("turn_deadline", move.turn_deadline),
            "end_reason": move.end_reason,
        }
        p = _Params()
        update = _cas_sql(
            p,
            session_id,
            expected_version,
            sets,
            stamp,
            extra_sql="ply = ply + 1",
            to_act=move.to_act,
        )
        sql = (
            f"WITH u AS ({update}), a AS (INSERT INTO actions (session_id, ply, seat, user_id, "
            f"notation, events, created_at) SELECT id, ply, {p(move.seat)}::integer, "
            f"{p(move.user_id)}::bigint, {p(move.notation)}::text, "
            f"{p(_dumps(list(events)))}::text, {p(stamp)}::timestamptz FROM u) SELECT * FROM u"
        )
        async with self._timed(), self._pool.acquire() as conn:
            row = await conn.fetchrow(sql, *p.values)
            if row is None:
                raise await _stale(conn, session_id, expected_version)
        record = _record_from_row(row, _seats_from_json(row["seats_json"]))
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

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """See `SessionStore.set_message_id`."""
        await self._set_bookkeeping(session_id, "message_id", message_id)

    async def set_reminded_at(self, session_id: int, when: datetime | None) -> None:
        """See `SessionStore.set_reminded_at`."""
        await self._set_bookkeeping(session_id, "reminded_at", None if when is None else utc(when))

    async def set_reminded_at_many(self, session_ids: Sequence[int], when: datetime) -> None:
        """See `SessionStore.set_reminded_at_many`: one statement; if any id is unknown, none
        is written (the statement is checked inside its transaction, then rolled back)."""
        if not session_ids:
            return
        ids = list(dict.fromkeys(session_ids))

        async def body(conn: asyncpg.Connection) -> None:
            rows = await conn.fetch(
                "UPDATE sessions SET reminded_at = $1 WHERE id = ANY($2::bigint[]) RETURNING id",
                utc(when),
                ids,
            )
            if len(rows) != len(ids):
                missing = sorted(set(ids) - {r[0] for r in rows})
                raise SessionNotFoundError(f"no session {missing[0]}")

        await self._run(body)

    async def claim_reminders(
        self, session_ids: Sequence[int], since: datetime, when: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_reminders`: one UPDATE .. RETURNING. A row another process
        is claiming at the same moment is waited for, then its condition read again (READ
        COMMITTED re-checks the updated row), so each id goes to exactly one claimer."""
        ids = sorted(set(session_ids))
        if not ids:
            return ()
        rows = await self._fetch(
            "UPDATE sessions SET reminded_at = $1 WHERE id = ANY($2::bigint[]) "
            "AND status = 'active' "
            "AND greatest(updated_at, coalesce(reminded_at, updated_at)) <= $3 RETURNING id",
            utc(when),
            ids,
            utc(since),
        )
        return tuple(sorted(int(r[0]) for r in rows))

    async def claim_work(
        self, kind: str, session_ids: Sequence[int], owner: str, now: datetime, until: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_work`: one upsert. A lease another process is taking at the
        same moment is waited for and its `until` read again, so each id goes to one claimer."""
        ids = sorted(set(session_ids))
        if not ids:
            return ()
        rows = await self._fetch(
            "INSERT INTO work_leases (kind, session_id, owner, until) "
            "SELECT $1, unnest($2::bigint[]), $3, $4 "
            "ON CONFLICT (kind, session_id) DO UPDATE SET owner = excluded.owner, "
            "until = excluded.until WHERE work_leases.until <= $5 RETURNING session_id",
            kind,
            ids,
            owner,
            utc(until),
            utc(now),
        )
        return tuple(sorted(int(r[0]) for r in rows))

    async def release_work(self, kind: str, session_ids: Sequence[int], owner: str) -> None:
        """See `SessionStore.release_work`."""
        if session_ids:
            await self._execute(
                "DELETE FROM work_leases WHERE kind = $1 AND session_id = ANY($2::bigint[]) "
                "AND owner = $3",
                kind,
                list(session_ids),
                owner,
            )

    async def _set_bookkeeping(self, session_id: int, column: str, value: Any) -> None:
        status = await self._execute(
            f"UPDATE sessions SET {column} = $1 WHERE id = $2", value, session_id
        )
        if status != "UPDATE 1":
            raise SessionNotFoundError(f"no session {session_id}")

    async def load_log(
        self, session_id: int, *, after_ply: int = 0, limit: int | None = None
    ) -> tuple[LogEntry, ...]:
        """See `SessionStore.load_log`."""
        rows = await self._fetch(
            "SELECT * FROM actions WHERE session_id = $1 AND ply > $2 ORDER BY ply LIMIT $3",
            session_id,
            after_ply,
            limit,
        )
        return tuple(_entry_from_row(r) for r in rows)

    async def last_log(self, session_id: int, limit: int) -> tuple[LogEntry, ...]:
        """See `SessionStore.last_log`."""
        if limit <= 0:
            return ()
        rows = await self._fetch(
            "SELECT * FROM actions WHERE session_id = $1 ORDER BY ply DESC LIMIT $2",
            session_id,
            limit,
        )
        return tuple(_entry_from_row(r) for r in reversed(rows))

    async def _select(
        self, where: str, params: Sequence[Any], tail: str = ""
    ) -> list[SessionRecord]:
        """Sessions matching `where` with their seats: one statement."""
        rows = await self._fetch(f"SELECT *, {_SEATS} FROM sessions WHERE {where} {tail}", *params)
        return [_record_from_row(r, _seats_from_json(r["seats_json"])) for r in rows]


# --------------------------------------------------------------------- helpers

_COLUMN = {"state_json": "state"}


def _to_act_sets(p: _Params, to_act: frozenset[int] | None, *, column: str | None = None) -> str:
    """Who may act and the bot/human flags worked out from the seats in SQL (see SQLite's
    `_TO_ACT_SETS`); with `column`, from the stored mask instead (after the seats changed)."""
    if column is None:
        mask = f"{p(_mask(to_act))}::bigint"
        head = f"to_act_mask = {mask}, "
    else:
        mask, head = column, ""

    def flag(bots: bool) -> str:
        kind = "t.is_bot" if bots else "NOT t.is_bot"
        return (
            f"CASE WHEN {mask} IS NULL THEN NULL ELSE EXISTS (SELECT 1 FROM seats AS t "
            f"WHERE t.session_id = sessions.id AND {kind} AND (({mask} >> t.seat) & 1) = 1) END"
        )

    return f"{head}bot_turn = {flag(True)}, human_turn = {flag(False)}"


def _cas_sql(
    p: _Params,
    session_id: int,
    expected_version: int,
    sets: Mapping[str, Any],
    stamp: datetime,
    *,
    lobby_only: bool = False,
    extra_sql: str = "",
    to_act: Any = KEEP,
) -> str:
    """UPDATE .. SET version = version + 1 WHERE id and version match RETURNING the new row and
    its seats."""
    assignments = [f"{col} = {p(value)}" for col, value in sets.items()]
    assignments += ["version = version + 1", f"updated_at = {p(stamp)}"]
    if extra_sql:
        assignments.append(extra_sql)
    if to_act is not KEEP:
        # `version` on the right is the old one: the row's new version is version + 1.
        assignments += [_to_act_sets(p, to_act), "to_act_version = version + 1"]
    return (
        f"UPDATE sessions SET {', '.join(assignments)} "
        f"WHERE id = {p(session_id)} AND version = {p(expected_version)}"
        + (" AND status = 'lobby'" if lobby_only else "")
        + f" RETURNING *, {_SEATS}"
    )


async def _cas(
    conn: asyncpg.Connection,
    session_id: int,
    expected_version: int,
    sets: Mapping[str, Any],
    now: datetime,
    *,
    lobby_only: bool = False,
    to_act: Any = KEEP,
) -> asyncpg.Record:
    """Run the CAS update; the new row, or StaleVersionError."""
    p = _Params()
    sql = _cas_sql(
        p, session_id, expected_version, sets, utc(now), lobby_only=lobby_only, to_act=to_act
    )
    try:
        row = await conn.fetchrow(sql, *p.values)
    except asyncpg.UniqueViolationError as exc:
        raise _translate(exc, None) from exc
    if row is None:
        raise await _stale(conn, session_id, expected_version)
    return row


async def _stale(conn: asyncpg.Connection, session_id: int, expected: int) -> StaleVersionError:
    found = await conn.fetchval("SELECT version FROM sessions WHERE id = $1", session_id)
    return StaleVersionError(session_id, expected, found)


def _seats_from_json(text: str | None) -> tuple[SeatRecord, ...]:
    if text is None:
        return ()
    return tuple(
        SeatRecord(seat=seat, display_name=name, user_id=user_id, bot_name=bot_name)
        for seat, user_id, bot_name, name in json.loads(text)
    )


def _to_pg(field: str, value: Any) -> Any:
    if value is None:
        return None
    if field == "status":
        return value.value
    if field == "outcome":
        return _dumps(dict(value))
    if field == "abandon_votes":
        return _dumps(sorted(value))
    if field == "turn_deadline":
        return utc(value)
    return value


async def _insert_seats(
    conn: asyncpg.Connection, session_id: int, seats: Sequence[SeatRecord], start: int = 0
) -> tuple[SeatRecord, ...]:
    """Insert `seats` numbered from `start`; returns them as stored (renumbered)."""
    stored = tuple(
        SeatRecord(seat=i, display_name=s.display_name, user_id=s.user_id, bot_name=s.bot_name)
        for i, s in enumerate(seats, start=start)
    )
    await conn.executemany(
        "INSERT INTO seats (session_id, seat, user_id, bot_name, display_name, is_bot) "
        "VALUES ($1, $2, $3, $4, $5, $6)",
        [(session_id, s.seat, s.user_id, s.bot_name, s.display_name, s.is_bot) for s in stored],
    )
    return stored


def _translate(exc: asyncpg.UniqueViolationError, place_id: int | None) -> Exception:
    if exc.constraint_name == "sessions_one_open_per_place":
        return PlaceBusyError(-1 if place_id is None else place_id)
    return exc
