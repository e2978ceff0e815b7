"""`reminded_at`: stored by both stores without bumping the version; migration 0002 upgrades a
database made by 0001 alone."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import timedelta
from pathlib import Path

import pytest

from bot.storage.base import SessionStore
from bot.storage.records import SessionNotFoundError
from bot.storage.sqlite import SqliteStore, migrations

from .test_store_contract import T0, lobby, started

pytestmark = pytest.mark.asyncio


async def test_reminded_at_is_kept_without_a_version_bump(store: SessionStore) -> None:
    """Setting the reminder time changes nothing else: buttons drawn at this version stay fresh."""
    rec = await store.create_session(lobby(), T0)
    assert rec.reminded_at is None
    await store.set_reminded_at(rec.id, T0 + timedelta(hours=3))
    again = await store.get_session(rec.id)
    assert again is not None
    assert again.reminded_at == T0 + timedelta(hours=3)
    assert again.version == rec.version and again.updated_at == rec.updated_at
    await store.set_reminded_at(rec.id, None)
    cleared = await store.get_session(rec.id)
    assert cleared is not None and cleared.reminded_at is None
    with pytest.raises(SessionNotFoundError):
        await store.set_reminded_at(999, T0)


async def test_set_reminded_at_many_marks_a_page_at_once(store: SessionStore) -> None:
    """The batch form (a page of reminders in one transaction): every listed game gets the time,
    the others keep theirs, no version moves; an unknown id writes nothing at all."""
    recs = [await store.create_session(lobby(10 + i), T0) for i in range(3)]
    when = T0 + timedelta(hours=2)
    await store.set_reminded_at_many([recs[0].id, recs[2].id], when)
    after = await store.get_sessions([r.id for r in recs])
    assert [a.reminded_at for a in after] == [when, None, when]
    assert [(a.version, a.updated_at) for a in after] == [(r.version, r.updated_at) for r in recs]
    await store.set_reminded_at_many([], when)  # nothing to do
    with pytest.raises(SessionNotFoundError):
        await store.set_reminded_at_many([recs[1].id, 999], T0 + timedelta(hours=5))
    untouched = await store.get_session(recs[1].id)
    assert untouched is not None and untouched.reminded_at is None


async def test_reminded_at_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    rec = await store.create_session(lobby(), T0)
    await store.set_reminded_at(rec.id, T0 + timedelta(minutes=5))
    await store.close()
    store = await SqliteStore.open(path)
    try:
        again = await store.get_session(rec.id)
        assert again is not None and again.reminded_at == T0 + timedelta(minutes=5)
    finally:
        await store.close()


async def test_migration_0002_upgrades_a_0001_database(tmp_path: Path) -> None:
    """A database created before 0002 (user_version 1) gains the column and keeps its rows."""
    path = tmp_path / "old.db"
    (_, _, first) = migrations()[0]
    raw = sqlite3.connect(path)
    raw.executescript(first + "\nPRAGMA user_version = 1;")
    raw.execute(
        "INSERT INTO sessions (game_key, guild_id, channel_id, host_user_id, status, created_at,"
        " updated_at) VALUES ('race', 1, 10, 100, 'lobby', ?, ?)",
        (T0.isoformat(timespec="microseconds"), T0.isoformat(timespec="microseconds")),
    )
    raw.execute(
        "INSERT INTO seats (session_id, seat, user_id, display_name, is_bot)"
        " VALUES (1, 0, 100, 'alice', 0)"
    )
    raw.commit()
    raw.close()
    store = await SqliteStore.open(path)
    try:
        assert await store.schema_version() == len(migrations()) >= 2
        old = await store.get_session(1)
        assert old is not None and old.reminded_at is None and old.seats[0].display_name == "alice"
    finally:
        await store.close()


async def test_claiming_reminders_gives_each_due_game_to_one_claimer(store: SessionStore) -> None:
    """Two claimers of the same due page: each game goes to one of them; a game that moved or
    was reminded after `since` is claimed by neither; claiming marks the reminder."""
    recs = [await started(store, channel) for channel in (10, 11, 12)]
    since = T0 + timedelta(hours=1)
    when = T0 + timedelta(hours=2)
    await store.set_reminded_at(recs[2].id, since + timedelta(minutes=1))  # reminded since
    ids = [r.id for r in recs]
    first, second = await asyncio.gather(
        store.claim_reminders(ids, since, when), store.claim_reminders(ids, since, when)
    )
    assert sorted(first + second) == [recs[0].id, recs[1].id]
    assert not set(first) & set(second)
    marked = await store.get_session(recs[0].id)
    assert marked is not None and marked.reminded_at == when
    assert marked.version == recs[0].version
    assert await store.claim_reminders(ids, since, when) == ()
    assert await store.claim_reminders([], since, when) == ()
