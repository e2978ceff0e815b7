"""Copy a SQLite game database into PostgreSQL, batch by batch, and check the copy.

    report = await copy_database(sqlite_path, store, batch=500, progress=print)

Games go over a batch of sessions at a time (each batch with its seats and log rows is one
transaction, written with COPY), then every other table in foreign-key order. A rerun skips
what is there: a game already copied at the same version is left alone, one that moved on since
(the bot ran in between) is copied again whole, other rows are inserted with ON CONFLICT DO
NOTHING. Identity counters are then moved past the highest id copied. `verify` compares the row
counts of every table and replays every game's log against its snapshot.

Columns are matched by name and converted by the PostgreSQL column's type (text times to
timestamptz, 0/1 to boolean), so a table added by a later migration on both sides is copied too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.storage.postgres import PostgresStore
from bot.storage.records import LogEntry, dt_from_text
from bot.storage.sqlite import _entry_from_row

# Session-keyed tables travel with their sessions; the rest follow in this order (parents first);
# tables not named here (added by later migrations) come last, by name.
_WITH_SESSIONS = ("seats", "actions")
_AFTER = (
    "guild_settings",
    "user_notify",
    "bot_meta",
    "paused_sessions",
    "away_periods",
    "away_pauses",
    "away_standins",
    "undo_requests",
    "undone_moves",
)
_VERIFY_BATCH = 500
_SKIP = {"sessions", *_WITH_SESSIONS, "schema_migrations", "sqlite_sequence"}


@dataclass
class CopyReport:
    """What a copy did and found."""

    copied: int = 0
    """Games written now (new, or changed since an earlier copy)."""
    skipped: int = 0
    """Games already there at the same version."""
    rows: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per table: (rows in SQLite, rows in PostgreSQL) after the copy."""
    replays_checked: int = 0
    replay_mismatches: list[str] = field(default_factory=list)

    @property
    def counts_match(self) -> bool:
        """Every table holds as many rows on both sides."""
        return all(a == b for a, b in self.rows.values())

    @property
    def ok(self) -> bool:
        """Counts equal and every replay equal to its snapshot."""
        return self.counts_match and not self.replay_mismatches


class _Source:
    """The SQLite file, read-only."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        self.conn.row_factory = sqlite3.Row

    def tables(self) -> list[str]:
        rows = self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        return [r[0] for r in rows]

    def columns(self, table: str) -> list[str]:
        return [r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")]

    def count(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])

    def session_ids(self) -> list[int]:
        return [r[0] for r in self.conn.execute("SELECT id FROM sessions ORDER BY id")]

    def rows_of(
        self, table: str, columns: Sequence[str], key: str, ids: Sequence[int]
    ) -> list[Any]:
        marks = ",".join("?" * len(ids))
        return self.conn.execute(
            f"SELECT {', '.join(columns)} FROM {table} WHERE {key} IN ({marks})", list(ids)
        ).fetchall()

    def pages(self, table: str, columns: Sequence[str], size: int) -> Any:
        cur = self.conn.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid")
        while page := cur.fetchmany(size):
            yield page


def _converter(pg_type: str) -> Callable[[Any], Any]:
    if pg_type == "timestamp with time zone":
        return lambda v: None if v is None else dt_from_text(v)
    if pg_type == "boolean":
        return lambda v: None if v is None else bool(v)
    return lambda v: v


async def _target_columns(store: PostgresStore, table: str) -> dict[str, str]:
    rows = await store._fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name = $1",
        table,
    )
    return {r[0]: r[1] for r in rows}


class _Table:
    """One table's shared columns and their conversions."""

    def __init__(self, name: str, source: _Source, target: dict[str, str]) -> None:
        self.name = name
        self.columns = [c for c in source.columns(name) if c in target]
        self.convert = [_converter(target[c]) for c in self.columns]

    def records(self, rows: Sequence[Any]) -> list[tuple[Any, ...]]:
        return [tuple(f(v) for f, v in zip(self.convert, row, strict=True)) for row in rows]


async def copy_database(
    sqlite_path: Path,
    store: PostgresStore,
    *,
    batch: int = 500,
    progress: Callable[[str], None] = lambda _line: None,
) -> CopyReport:
    """Copy every row of the SQLite database at `sqlite_path` into `store`'s database (already
    migrated); then `verify`. The SQLite file must be migrated (open it with the bot first) and
    the bot stopped while copying."""
    source = _Source(sqlite_path)
    report = CopyReport()
    try:
        sessions = _Table("sessions", source, await _target_columns(store, "sessions"))
        children = [
            _Table(name, source, await _target_columns(store, name)) for name in _WITH_SESSIONS
        ]
        ids = source.session_ids()
        for start in range(0, len(ids), batch):
            chunk = ids[start : start + batch]
            await _copy_sessions(store, source, sessions, children, chunk, report)
            progress(f"games {start + len(chunk)}/{len(ids)} ({report.skipped} already there)")
        present = set(source.tables())
        rest = [t for t in _AFTER if t in present]
        rest += sorted(present - _SKIP - set(_AFTER))
        for name in rest:
            target = await _target_columns(store, name)
            if not target:
                progress(f"table {name}: not in the PostgreSQL schema, left out")
                continue
            table = _Table(name, source, target)
            await _copy_table(store, source, table, batch)
            progress(f"table {name}: copied")
        await _advance_identities(store)
        await verify(source, store, report, progress)
    finally:
        source.conn.close()
    return report


async def _copy_sessions(
    store: PostgresStore,
    source: _Source,
    sessions: _Table,
    children: list[_Table],
    chunk: list[int],
    report: CopyReport,
) -> None:
    rows = source.rows_of("sessions", sessions.columns, "id", chunk)
    version_at = sessions.columns.index("version")
    there = {
        r[0]: r[1]
        for r in await store._fetch(
            "SELECT id, version FROM sessions WHERE id = ANY($1::bigint[])", chunk
        )
    }
    fresh = [r for r in rows if there.get(r[0]) != r[version_at]]
    report.skipped += len(rows) - len(fresh)
    if not fresh:
        return
    fresh_ids = [r[0] for r in fresh]

    async def body(conn: Any) -> None:
        # Changed since an earlier copy: replaced whole (its seats and log go with it).
        stale = [i for i in fresh_ids if i in there]
        if stale:
            await conn.execute("DELETE FROM sessions WHERE id = ANY($1::bigint[])", stale)
        await conn.copy_records_to_table(
            "sessions", records=sessions.records(fresh), columns=sessions.columns
        )
        for child in children:
            await conn.copy_records_to_table(
                child.name,
                records=child.records(
                    source.rows_of(child.name, child.columns, "session_id", fresh_ids)
                ),
                columns=child.columns,
            )

    await store._run(body)
    report.copied += len(fresh)


async def _copy_table(store: PostgresStore, source: _Source, table: _Table, batch: int) -> None:
    names = ", ".join(table.columns)
    marks = ", ".join(f"${i}" for i in range(1, len(table.columns) + 1))
    sql = f"INSERT INTO {table.name} ({names}) VALUES ({marks}) ON CONFLICT DO NOTHING"
    for page in source.pages(table.name, table.columns, batch):
        records = table.records(page)

        async def body(conn: Any, records: list[tuple[Any, ...]] = records) -> None:
            await conn.executemany(sql, records)

        await store._run(body)


async def _advance_identities(store: PostgresStore) -> None:
    """Ids were copied as they were: move each identity past the highest one."""
    rows = await store._fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' AND is_identity = 'YES'"
    )
    for table, column in rows:
        await store._fetch(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
            f"coalesce(max({column}), 1), max({column}) IS NOT NULL) FROM {table}"
        )


async def verify(
    source: _Source, store: PostgresStore, report: CopyReport, progress: Callable[[str], None]
) -> None:
    """Fill `report.rows` (counts on both sides) and replay every copied game's log (a batch
    of games, their logs and undone marks at a time: three statements per batch)."""
    from bot.games import get_engine
    from bot.sessions.replaycheck import replay_check

    for name in sorted(set(source.tables()) - {"sqlite_sequence"}):
        target = await _target_columns(store, name)
        if not target:
            continue
        counted = await store._fetch(f"SELECT count(*) FROM {name}")
        report.rows[name] = (source.count(name), int(counted[0][0]))
    ids = source.session_ids()
    for start in range(0, len(ids), _VERIFY_BATCH):
        chunk = ids[start : start + _VERIFY_BATCH]
        sessions = await store.get_sessions(chunk)
        logs: dict[int, list[LogEntry]] = {i: [] for i in chunk}
        undone = {
            (r[0], r[1])
            for r in await store._fetch(
                "SELECT session_id, ply FROM undone_moves WHERE session_id = ANY($1::bigint[])",
                chunk,
            )
        }
        for row in await store._fetch(
            "SELECT * FROM actions WHERE session_id = ANY($1::bigint[]) ORDER BY session_id, ply",
            chunk,
        ):
            if (row["session_id"], row["ply"]) not in undone:
                logs[row["session_id"]].append(_entry_from_row(row))
        for session in sessions:
            check = replay_check(lambda s: get_engine(s.game_key), session, logs[session.id])
            report.replays_checked += 1
            if not check.matches:
                report.replay_mismatches.append(f"game {check.session_id}: {check.difference}")
        missing = len(chunk) - len(sessions)
        if missing:
            report.replay_mismatches.append(f"{missing} games of ids {chunk[0]}.. not copied")
    progress(
        f"replays checked: {report.replays_checked}, differing: {len(report.replay_mismatches)}"
    )
