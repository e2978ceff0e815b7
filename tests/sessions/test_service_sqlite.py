"""GameService on a real SQLite file: restart, replay == snapshot, corruption, cross-process CAS."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.games.protocol import Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import CorruptSessionError, MoveResult
from bot.sessions.service import STALE_MESSAGE
from bot.storage.records import SessionStatus
from bot.storage.sqlite import SqliteStore

from .conftest import ALICE, BOB, CHANNEL, CY, FakeClock, lobby_with, make_service, ok
from .fake_game import ENGINE


async def _game_with_moves(path: Path, clock: FakeClock) -> tuple[int, dict, int]:
    store = await SqliteStore.open(path)
    service = make_service(store, clock)
    await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"), target=30)
    ok(await service.add_bot(CHANNEL, ALICE, "greedy"))
    ok(await service.start(CHANNEL, ALICE))
    ok(await service.submit(CHANNEL, ALICE, "play"))
    last = ok(await service.submit(CHANNEL, BOB, "roll"))
    assert isinstance(last, MoveResult)
    snapshot = ENGINE.state_to_dict(last.state)
    await store.close()
    return last.session.id, snapshot, last.session.version


@pytest.mark.asyncio
async def test_restart_resumes_exactly(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "guildhall.db"
    session_id, snapshot, version = await _game_with_moves(path, clock)

    store = await SqliteStore.open(path)
    try:
        service = make_service(store, clock)  # a new process: no caches, no locks
        status = ok(await service.status(CHANNEL))
        assert status.session.id == session_id and status.session.version == version
        assert ENGINE.state_to_dict(status.state) == snapshot
        report = await service.verify_replay(session_id)
        assert report.matches and report.plies == status.session.ply
        assert status.to_act == {Seat(0), Seat(1)}  # the bot already said ready
        assert service.users_to_ping(status.session, status.state) == (ALICE, BOB)
        # The game goes on from where it stopped, with fresh versions.
        moved = ok(await service.submit(CHANNEL, ALICE, "ready", version))
        assert moved.session.version == version + 1
        assert (await service.verify_replay(session_id)).matches
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_corrupt_snapshot_json_is_reported_precisely(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "guildhall.db"
    session_id, _, _ = await _game_with_moves(path, clock)
    raw = sqlite3.connect(path)
    raw.execute('UPDATE sessions SET state = \'{"game": "race", \' WHERE id = ?', (session_id,))
    raw.commit()
    raw.close()

    store = await SqliteStore.open(path)
    try:
        service = make_service(store, clock)
        with pytest.raises(CorruptSessionError) as info:
            await service.status(CHANNEL)
        message = str(info.value)
        assert f"Session {session_id} (race, channel {CHANNEL})" in message
        assert "not valid JSON" in message and "line 1 column" in message
        with pytest.raises(CorruptSessionError):
            await service.submit(CHANNEL, ALICE, "ready")
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_snapshot_the_engine_refuses_names_the_field(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "guildhall.db"
    session_id, snapshot, _ = await _game_with_moves(path, clock)
    broken = {k: v for k, v in snapshot.items() if k != "target"}
    raw = sqlite3.connect(path)
    raw.execute("UPDATE sessions SET state = ? WHERE id = ?", (json.dumps(broken), session_id))
    raw.commit()
    raw.close()

    store = await SqliteStore.open(path)
    try:
        service = make_service(store, clock)
        with pytest.raises(CorruptSessionError, match="stored state is corrupt: .*'target'"):
            await service.status(CHANNEL)
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_verify_replay_detects_a_tampered_snapshot(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "guildhall.db"
    session_id, snapshot, _ = await _game_with_moves(path, clock)
    tampered = dict(snapshot, scores=[29, 0, 0])
    raw = sqlite3.connect(path)
    raw.execute("UPDATE sessions SET state = ? WHERE id = ?", (json.dumps(tampered), session_id))
    raw.commit()
    raw.close()

    store = await SqliteStore.open(path)
    try:
        report = await make_service(store, clock).verify_replay(session_id)
        assert not report.matches
        assert report.difference is not None and "'scores'" in report.difference
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_two_services_on_one_file_race_to_stale(tmp_path: Path, clock: FakeClock) -> None:
    """Two processes (separate services, locks and connections): SQL CAS alone decides."""
    path = tmp_path / "guildhall.db"
    store_a = await SqliteStore.open(path)
    store_b = await SqliteStore.open(path)
    try:
        a = make_service(store_a, clock)
        b = make_service(store_b, clock)
        await lobby_with(a, (ALICE, "Alice"), (BOB, "Bob"))
        start = ok(await a.start(CHANNEL, ALICE))
        v = start.session.version
        results = await asyncio.gather(
            a.submit(CHANNEL, ALICE, "roll", v), b.submit(CHANNEL, ALICE, "play", v)
        )
        wins = [r for r in results if isinstance(r, MoveResult)]
        stale = [r for r in results if isinstance(r, Rejection)]
        assert len(wins) == 1 and len(stale) == 1
        assert stale[0].code is RejectionCode.STALE and stale[0].message == STALE_MESSAGE
        assert len(ok(await b.history(CHANNEL))) == 1
        assert (await b.verify_replay(start.session.id)).matches
    finally:
        await store_a.close()
        await store_b.close()


@pytest.mark.asyncio
async def test_full_lifecycle_on_sqlite(tmp_path: Path, clock: FakeClock) -> None:
    store = await SqliteStore.open(tmp_path / "guildhall.db")
    try:
        service = make_service(store, clock)
        await lobby_with(service, (ALICE, "Alice"), (BOB, "Bob"), (CY, "Cy"))
        ok(await service.leave(CHANNEL, CY))
        ok(await service.start(CHANNEL, ALICE))
        while True:
            status = ok(await service.status(CHANNEL))
            seat = min(status.to_act)
            user = status.session.seats[seat].user_id
            word = "ready" if status.state.phase == "ready" else "roll"
            result = ok(await service.submit(CHANNEL, user, word, status.session.version))
            if result.finished:
                break
        assert result.session.status is SessionStatus.FINISHED
        assert (await store.get_session(result.session.id)).outcome == result.outcome.to_dict()
        assert (await service.verify_replay(result.session.id)).matches
        assert rejected_code(await service.submit(CHANNEL, ALICE, "roll")) is (
            RejectionCode.NO_ACTIVE_GAME
        )
    finally:
        await store.close()


def rejected_code(result: object) -> RejectionCode:
    assert isinstance(result, Rejection)
    return result.code
