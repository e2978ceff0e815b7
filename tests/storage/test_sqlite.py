"""SQLite-specific behaviour: migrations, pragmas, persistence across reopen, SQL-level CAS."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.games.codec import CorruptStateError
from bot.storage.records import SessionPatch, SessionStatus, StaleVersionError
from bot.storage.sqlite import SqliteStore, migrations

from .test_store_contract import T0, lobby, move, started


@pytest.mark.asyncio
async def test_migrations_apply_once_and_set_user_version(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    latest = migrations()[-1][0]
    assert latest >= 1
    assert await store.schema_version() == latest
    rec = await store.create_session(lobby(), T0)
    await store.close()

    # Reopening must not re-run 0001 (it would fail on CREATE TABLE, or wipe nothing silently).
    store = await SqliteStore.open(path)
    assert await store.schema_version() == latest
    assert await store.get_session(rec.id) == rec
    await store.close()

    raw = sqlite3.connect(path)
    try:
        tables = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        assert {"sessions", "seats", "actions"} <= tables
        assert raw.execute("PRAGMA user_version").fetchone()[0] == latest
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        raw.close()


def test_migration_files_are_numbered_in_sequence() -> None:
    found = migrations()
    assert [n for n, _, _ in found] == list(range(1, len(found) + 1))
    assert found[0][1] == "0001_initial.sql"


@pytest.mark.asyncio
async def test_pragmas_foreign_keys_and_busy_timeout(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        conn = store._conn  # a white-box check of the connection settings
        async with conn.execute("PRAGMA foreign_keys") as cur:
            assert (await cur.fetchone())[0] == 1
        async with conn.execute("PRAGMA busy_timeout") as cur:
            assert (await cur.fetchone())[0] >= 1000
        with pytest.raises(sqlite3.IntegrityError):
            await conn.execute(
                "INSERT INTO seats (session_id, seat, user_id, display_name, is_bot) "
                "VALUES (999, 0, 1, 'x', 0)"
            )
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_memory_database_works(tmp_path: Path) -> None:
    store = await SqliteStore.open(":memory:")
    try:
        rec = await started(store)
        rec, entry = await store.commit_move(rec.id, rec.version, move(1), T0)
        assert entry.ply == 1 and rec.ply == 1
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_everything_survives_reopen(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    rec = await started(store)
    rec, _ = await store.commit_move(rec.id, rec.version, move(1), T0)
    rec, _ = await store.commit_move(rec.id, rec.version, move(2), T0)
    log = await store.load_log(rec.id)
    await store.close()

    store = await SqliteStore.open(path)
    try:
        assert await store.get_session(rec.id) == rec
        assert await store.load_log(rec.id) == log
        assert await store.get_open_in_place(10) == rec
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_cas_between_two_connections(tmp_path: Path) -> None:
    """Two stores on one file (as two processes would be): the SQL CAS lets exactly one win."""
    path = tmp_path / "g.db"
    a = await SqliteStore.open(path)
    b = await SqliteStore.open(path)
    try:
        rec = await started(a)
        for round_ in range(5):
            results = await asyncio.gather(
                a.commit_move(rec.id, rec.version, move(2 * round_), T0),
                b.commit_move(rec.id, rec.version, move(2 * round_ + 1), T0),
                return_exceptions=True,
            )
            wins = [r for r in results if isinstance(r, tuple)]
            stale = [r for r in results if isinstance(r, StaleVersionError)]
            assert (len(wins), len(stale)) == (1, 1), results
            rec = wins[0][0]
        log = await a.load_log(rec.id)
        assert [e.ply for e in log] == [1, 2, 3, 4, 5]
        assert (await b.get_session(rec.id)).version == rec.version
    finally:
        await a.close()
        await b.close()


@pytest.mark.asyncio
async def test_action_log_is_append_only(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        rec = await started(store)
        await store.commit_move(rec.id, rec.version, move(1), T0)
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            await store._conn.execute("UPDATE actions SET notation = 'x'")
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_corrupt_columns_raise_precise_errors(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    rec = await store.create_session(lobby(), T0)
    await store.close()
    raw = sqlite3.connect(path)
    raw.execute("UPDATE sessions SET options = '{not json' WHERE id = ?", (rec.id,))
    raw.commit()
    raw.close()

    store = await SqliteStore.open(path)
    try:
        with pytest.raises(CorruptStateError, match=rf"session {rec.id}: column options"):
            await store.get_session(rec.id)
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_failed_transaction_leaves_connection_usable(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        rec = await started(store)
        with pytest.raises(StaleVersionError):
            await store.update(rec.id, 0, SessionPatch(status=SessionStatus.FINISHED), T0)
        assert not store._conn.in_transaction
        later = datetime(2024, 6, 1, tzinfo=UTC)
        rec2 = await store.update(rec.id, rec.version, SessionPatch(end_reason="x"), later)
        assert rec2.end_reason == "x" and rec2.updated_at == later
    finally:
        await store.close()
