"""The SQLite store's transactions: one thread hop each, CAS without a re-read, indexed queries,
and the 0005 migration of a database that has games in it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage.records import SessionStatus, StaleVersionError
from bot.storage.sqlite import BOT_TURN_WHERE, QUIET_WHERE, SqliteStore, migrations

from .old_databases import apply_migrations_up_to
from .test_store_contract import T0, lobby, move, started


@pytest.mark.asyncio
async def test_every_call_is_one_thread_hop(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        rec = await started(store)
        for call in (
            lambda: store.get_session(rec.id),
            lambda: store.get_open_in_place(10),
            lambda: store.list_open(),
            lambda: store.bot_turn_ids(),
            lambda: store.quiet_ids(T0),
            lambda: store.last_log(rec.id, 5),
        ):
            before = store.hops
            await call()
            assert store.hops - before == 1
        before = store.hops
        rec, entry = await store.commit_move(rec.id, rec.version, move(1), T0)
        assert store.hops - before == 1
        assert entry.ply == rec.ply == 1
        # The record built from the CAS's RETURNING row is exactly what a fresh read gives.
        assert await store.get_session(rec.id) == rec
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_lost_cas_writes_nothing(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        rec = await started(store)
        after, _ = await store.commit_move(rec.id, rec.version, move(1), T0)
        with pytest.raises(StaleVersionError) as lost:
            await store.commit_move(rec.id, rec.version, move(2), T0)
        assert (lost.value.expected, lost.value.actual) == (rec.version, after.version)
        assert await store.get_session(rec.id) == after
        assert [e.notation for e in await store.load_log(rec.id)] == ["m1"]
    finally:
        await store.close()


def _plan(path: Path, sql: str, params: tuple[object, ...] = ()) -> str:
    raw = sqlite3.connect(path)
    try:
        rows = raw.execute(f"EXPLAIN QUERY PLAN {sql}", params).fetchall()
    finally:
        raw.close()
    return " | ".join(row[-1] for row in rows)


@pytest.mark.asyncio
async def test_start_up_reminder_and_deadline_queries_use_their_indexes(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    await store.close()
    stamp = "2024-05-01T12:00:00.000000+00:00"
    plans = {
        "sessions_bot_turn": _plan(path, f"SELECT * FROM sessions WHERE {BOT_TURN_WHERE}"),
        "sessions_quiet": _plan(path, f"SELECT id FROM sessions WHERE {QUIET_WHERE}", (stamp,)),
        "sessions_deadline": _plan(
            path,
            "SELECT * FROM sessions WHERE status = 'active' AND turn_deadline IS NOT NULL "
            "AND turn_deadline <= ? ORDER BY turn_deadline, id",
            (stamp,),
        ),
    }
    for index, plan in plans.items():
        assert f"USING INDEX {index}" in plan or f"USING COVERING INDEX {index}" in plan, plan
        assert "SCAN sessions " not in plan.replace(f"SCAN sessions USING INDEX {index}", "")


@pytest.mark.asyncio
async def test_migration_0005_leaves_old_games_unknown_and_selected(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    apply_migrations_up_to(path, 4)
    raw = sqlite3.connect(path)
    raw.execute(
        "INSERT INTO sessions (game_key, guild_id, channel_id, host_user_id, status, state, "
        "created_at, updated_at) VALUES ('race', 1, 10, 100, 'active', '{}', ?, ?)",
        ("2024-05-01T12:00:00.000000+00:00",) * 2,
    )
    raw.execute(
        "INSERT INTO seats (session_id, seat, user_id, display_name, is_bot) "
        "VALUES (1, 0, 100, 'Ann', 0)"
    )
    raw.commit()
    raw.close()
    store = await SqliteStore.open(path)
    try:
        assert await store.schema_version() == migrations()[-1][0]
        (old_id,) = await store.bot_turn_ids()
        old = await store.get_session(old_id)
        assert old.to_act is None and old.status is SessionStatus.ACTIVE
        assert await store.quiet_ids(T0) == (old.id,)
        assert (await store.create_session(lobby(11), T0)).to_act is None
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_state_written_without_to_act_makes_it_unknown(tmp_path: Path) -> None:
    """Code that writes a state without knowing the to_act columns (a raw UPDATE, as another
    module might) cannot leave the old state's seats to act behind."""
    from .test_to_act_queries import moved, with_bot

    path = tmp_path / "g.db"
    store = await SqliteStore.open(path)
    try:
        rec = await with_bot(store, 10)
        rec, _ = await store.commit_move(rec.id, rec.version, moved(1, frozenset({0})), T0)
        assert rec.to_act == frozenset({0}) and await store.bot_turn_ids() == ()
        raw = sqlite3.connect(path)
        raw.execute(
            "UPDATE sessions SET state = '{\"n\":9}', version = version + 1 WHERE id = ?",
            (rec.id,),
        )
        raw.commit()
        raw.close()
        again = await store.get_session(rec.id)
        assert again is not None and again.to_act is None
        assert list(await store.bot_turn_ids()) == [rec.id]
        # Bookkeeping that changes no state leaves them alone.
        await store.set_to_act(again.id, again.version, frozenset({0}))
        await store.set_reminded_at(again.id, T0)
        assert (await store.get_session(rec.id)).to_act == frozenset({0})
    finally:
        await store.close()
