"""Suite-wide fixtures: one throwaway PostgreSQL server per test session, a fresh database per
test that asks for one.

The server is started from the machine's binaries (`bot.storage.pg_server`). Where there are
none, the PostgreSQL tests are skipped with one line saying why, unless REQUIRE_POSTGRES=1 (CI
sets it): then a missing server fails them.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.storage.base import SessionStore
from bot.storage.memory import MemoryStore
from bot.storage.pg_server import NoServerError, ThrowawayServer
from bot.storage.sqlite import SqliteStore

TEMPLATE = "guildhall_template"
SHARED = "guildhall_test"
STORE_KINDS = ["memory", "sqlite", "postgres"]
"""Every store the conformance tests run against."""
_numbers = itertools.count(1)


_skipped_because: list[str] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """One line at the end of a run whose PostgreSQL tests were skipped, saying why."""
    if _skipped_because:
        terminalreporter.write_line(f"PostgreSQL tests skipped: {_skipped_because[0]}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[ThrowawayServer]:
    """A PostgreSQL server for the whole session, with a migrated template database."""
    try:
        server = ThrowawayServer.start()
    except NoServerError as exc:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"REQUIRE_POSTGRES=1 but no PostgreSQL server could start: {exc}")
        _skipped_because.append(str(exc))
        pytest.skip(f"PostgreSQL tests skipped: {exc}")
    try:
        # In a thread of its own: the fixture may be first asked for inside a running loop.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(asyncio.run, _make_template(server)).result()
        yield server
    finally:
        server.stop()


async def _make_template(server: ThrowawayServer) -> None:
    import asyncpg

    from bot.storage.postgres import PostgresStore

    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await admin.close()
    store = await PostgresStore.open(server.url(TEMPLATE), min_size=1, max_size=1)
    await store.close()
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {SHARED} TEMPLATE {TEMPLATE}")
    finally:
        await admin.close()


async def fresh_database(server: ThrowawayServer) -> str:
    """A new, migrated, empty database (a copy of the template); its URL."""
    import asyncpg

    name = f"t{os.getpid()}_{next(_numbers)}"
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE} STRATEGY FILE_COPY")
    finally:
        await admin.close()
    return server.url(name)


async def drop_database(server: ThrowawayServer, url: str) -> None:
    """Drop a database made by `fresh_database` (closing whatever still holds it)."""
    import asyncpg

    name = url.split("?", 1)[0].rsplit("/", 1)[1]
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


async def emptied_database(server: ThrowawayServer) -> str:
    """The suite's shared test database with every table emptied (identities restarted): much
    cheaper than a new database per test. For tests in this process, one at a time."""
    import asyncpg

    url = server.url(SHARED)
    admin = await asyncpg.connect(url)
    try:
        tables = await admin.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
            "AND tablename <> 'schema_migrations'"
        )
        # DELETE with the foreign-key triggers off (replica role, this connection only) and
        # the identities set back to 1: ~2 ms, where TRUNCATE takes ~80 ms.
        deletes = "; ".join(f"DELETE FROM {r[0]}" for r in tables)
        await admin.execute(
            f"SET session_replication_role = replica; {deletes}; "
            "SELECT setval(c.oid, 1, false) FROM pg_class AS c WHERE c.relkind = 'S'"
        )
    finally:
        await admin.close()
    return url


@pytest_asyncio.fixture
async def pg_url(pg_server: ThrowawayServer) -> AsyncIterator[str]:
    """The URL of a fresh, migrated, empty database, dropped after the test."""
    url = await fresh_database(pg_server)
    yield url
    await drop_database(pg_server, url)


@asynccontextmanager
async def open_store(
    kind: str, request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[SessionStore]:
    """A fresh store of `kind` (PostgreSQL: the suite's test database, emptied), closed on
    leaving."""
    if kind == "memory":
        opened: SessionStore = MemoryStore()
    elif kind == "sqlite":
        opened = await SqliteStore.open(tmp_path / "guildhall.db")
    else:
        from bot.storage.postgres import PostgresStore

        server = request.getfixturevalue("pg_server")
        opened = await PostgresStore.open(await emptied_database(server))
    try:
        yield opened
    finally:
        await opened.close()
