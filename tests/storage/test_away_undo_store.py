"""The asynchronous-play store methods (away periods, stand-ins, undo requests, the undone mark),
run against the in-memory and the SQLite store alike."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.storage.asyncplay import AwayPause, StandIn, UndoRequest, UndoStatus
from bot.storage.records import SessionStatus, StaleVersionError

from .test_store_contract import T0, move, started


@pytest.mark.asyncio
async def test_away_periods_open_close_and_one_at_a_time(store) -> None:
    rec = await started(store)
    period = await store.add_away(100, T0, T0 + timedelta(days=3), "holiday")
    assert period.is_away(T0 + timedelta(days=1)) and not period.is_away(T0 + timedelta(days=3))
    with pytest.raises(ValueError):
        await store.add_away(100, T0, T0 + timedelta(days=1), "")
    assert (await store.open_away(100)) == period
    assert [p.id for p in await store.list_open_away()] == [period.id]
    await store.add_pause(AwayPause(period.id, rec.id, 4, 3600))
    assert await store.pauses_of(period.id) == (AwayPause(period.id, rec.id, 4, 3600),)
    await store.end_away(period.id, T0 + timedelta(days=1))
    assert await store.open_away(100) is None
    assert await store.list_open_away() == ()
    (closed,) = await store.away_since(100, T0)
    assert closed.ended_at == T0 + timedelta(days=1)
    assert await store.away_since(100, T0 + timedelta(days=2)) == ()


@pytest.mark.asyncio
async def test_standin_votes_are_replaced(store) -> None:
    rec = await started(store)
    period = await store.add_away(101, T0, T0 + timedelta(days=3), "")
    assert await store.standin(period.id, rec.id) is None
    await store.put_standin(StandIn(period.id, rec.id, frozenset({100}), None))
    await store.put_standin(StandIn(period.id, rec.id, frozenset({100, 102}), T0))
    assert await store.standin(period.id, rec.id) == StandIn(
        period.id, rec.id, frozenset({100, 102}), T0
    )


@pytest.mark.asyncio
async def test_undo_marks_plies_undone_with_the_snapshot_in_one_cas(store) -> None:
    rec = await started(store)
    for n in range(1, 4):
        rec, _ = await store.commit_move(rec.id, rec.version, move(n), T0)
    request = UndoRequest(0, rec.id, 100, 0, 2, 3, UndoStatus.PENDING, {}, T0, T0)
    pending = await store.create_undo(request)
    assert pending.id and pending.status is UndoStatus.PENDING
    with pytest.raises(ValueError):
        await store.create_undo(request)
    assert await store.pending_undo(rec.id) == pending
    voted = await store.set_undo(pending.id, UndoStatus.PENDING, {101: True}, None)
    assert voted.votes == {101: True}
    with pytest.raises(StaleVersionError):
        await store.apply_undo(rec.id, rec.version - 1, pending.id, {}, "{}", 1, None, T0)
    assert await store.undone_plies(rec.id) == frozenset()
    after = await store.apply_undo(
        rec.id, rec.version, pending.id, {101: True}, '{"n":1}', 1, None, T0
    )
    assert after.version == rec.version + 1 and after.state_json == '{"n":1}'
    assert after.ply == 3, "the log keeps every move, undone ones included"
    assert await store.undone_plies(rec.id) == frozenset({2, 3})
    assert (await store.get_undo(pending.id)).status is UndoStatus.APPLIED
    assert await store.pending_undo(rec.id) is None
    assert [e.notation for e in await store.load_log(rec.id)] == ["m1", "m2", "m3"]


@pytest.mark.asyncio
async def test_started_at_and_listing_by_place(store) -> None:
    rec = await started(store)
    assert await store.started_at(rec.id) is None
    await store.mark_started(rec.id, T0)
    assert await store.started_at(rec.id) == T0
    assert [r.id for r in await store.list_in_place(10, (SessionStatus.ACTIVE,), 5)] == [rec.id]
    assert await store.list_in_place(10, (SessionStatus.FINISHED,), 5) == ()
