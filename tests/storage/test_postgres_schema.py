"""PostgreSQL-only facts: its migrations mirror SQLite's numbers, processes starting together
apply each once, and the database itself holds the constraints (not only the store's code)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import asyncpg
import pytest

from bot.storage import postgres, sqlite
from bot.storage.pg_server import ThrowawayServer
from bot.storage.postgres import PostgresStore
from bot.storage.records import MoveCommit, NewSession, SeatRecord, StaleVersionError
from tests.conftest import drop_database, fresh_database

pytestmark = pytest.mark.asyncio
T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


async def test_migrations_are_numbered_and_named_as_in_sqlite() -> None:
    assert [(n, name) for n, name, _ in postgres.migrations()] == [
        (n, name) for n, name, _ in sqlite.migrations()
    ]


async def test_processes_starting_together_apply_each_migration_once(
    pg_server: ThrowawayServer,
) -> None:
    admin = await asyncpg.connect(pg_server.url())
    await admin.execute("CREATE DATABASE racing_starts")
    await admin.close()
    url = pg_server.url("racing_starts")
    try:
        stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(3)))
        assert {await s.schema_version() for s in stores} == {len(postgres.migrations())}
        conn = await asyncpg.connect(url)
        rows = await conn.fetch("SELECT number FROM schema_migrations ORDER BY number")
        await conn.close()
        assert [r[0] for r in rows] == list(range(1, len(postgres.migrations()) + 1))
        for s in stores:
            await s.close()
    finally:
        await drop_database(pg_server, url)


async def test_the_database_refuses_log_rewrites_and_gaps(pg_server: ThrowawayServer) -> None:
    url = await fresh_database(pg_server)
    store = await PostgresStore.open(url)
    try:
        rec = await store.create_session(
            NewSession("race", 1, 10, None, SeatRecord(0, "Ann", user_id=5), {}), T0
        )
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(
                "INSERT INTO actions (session_id, ply, seat, notation, created_at) "
                "VALUES ($1, 1, 0, 'x', now())",
                rec.id,
            )
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await conn.execute(
                    "UPDATE actions SET notation = 'y' WHERE session_id = $1", rec.id
                )
            # A move's ply comes from the session row (ply + 1): a second log row at ply 1 would
            # be a duplicate, which the primary key refuses.
            with pytest.raises(asyncpg.UniqueViolationError):
                await conn.execute(
                    "INSERT INTO actions (session_id, ply, seat, notation, created_at) "
                    "VALUES ($1, 1, 0, 'z', now())",
                    rec.id,
                )
        finally:
            await conn.close()
    finally:
        await store.close()
        await drop_database(pg_server, url)


async def test_two_pools_racing_on_one_game_commit_each_version_once(
    pg_server: ThrowawayServer,
) -> None:
    """Two stores (as two processes would have) race 20 moves each on one game: every ply is
    written exactly once and each loser is told the version moved on."""
    url = await fresh_database(pg_server)
    a, b = await PostgresStore.open(url), await PostgresStore.open(url)
    try:
        rec = await a.create_session(
            NewSession("race", 1, 10, None, SeatRecord(0, "Ann", user_id=5), {}), T0
        )
        won = {"a": 0, "b": 0}
        stale = 0

        async def player(name: str, store: PostgresStore) -> None:
            nonlocal stale
            for n in range(20):
                current = await store.get_session(rec.id)
                assert current is not None
                try:
                    await store.commit_move(
                        rec.id,
                        current.version,
                        MoveCommit(0, 5, f"{name}{n}", (), f'{{"n":{n}}}', 1),
                        T0,
                    )
                    won[name] += 1
                except StaleVersionError:
                    stale += 1

        await asyncio.gather(player("a", a), player("b", b))
        log = await a.load_log(rec.id)
        final = await b.get_session(rec.id)
        assert final is not None
        assert [e.ply for e in log] == list(range(1, won["a"] + won["b"] + 1))
        assert final.ply == len(log) and final.version == 1 + len(log)
        assert won["a"] + won["b"] + stale == 40
    finally:
        await a.close()
        await b.close()
        await drop_database(pg_server, url)
