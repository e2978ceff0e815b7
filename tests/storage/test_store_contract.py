"""The SessionStore contract, run against the in-memory, SQLite and PostgreSQL stores alike."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage.base import SessionStore
from bot.storage.records import (
    MoveCommit,
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionNotFoundError,
    SessionPatch,
    SessionStatus,
    StaleVersionError,
)

T0 = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def lobby(channel: int = 10, *, thread: int | None = None, guild: int = 1, host: int = 100):
    return NewSession(
        game_key="race",
        guild_id=guild,
        channel_id=channel,
        thread_id=thread,
        host=SeatRecord(seat=0, display_name=f"user{host}", user_id=host),
        options={"target": 10},
    )


def move(n: int, *, status: SessionStatus = SessionStatus.ACTIVE, deadline=None) -> MoveCommit:
    return MoveCommit(
        seat=n % 2,
        user_id=100 + n % 2,
        notation=f"m{n}",
        events=({"kind": "k", "text": f"move {n}"},),
        state_json=f'{{"n":{n}}}',
        schema_v=1,
        status=status,
        turn_deadline=deadline,
    )


async def started(store: SessionStore, channel: int = 10):
    rec = await store.create_session(lobby(channel), T0)
    rec = await store.add_seat(rec.id, rec.version, SeatRecord(1, "Bob", user_id=101), T0)
    return await store.update(
        rec.id,
        rec.version,
        SessionPatch(status=SessionStatus.ACTIVE, seed=7, state_json='{"n":0}', schema_v=1),
        T0,
    )


@pytest.mark.asyncio
async def test_create_gives_version_one_and_host_seat(store: SessionStore) -> None:
    rec = await store.create_session(lobby(), T0)
    assert rec.version == 1 and rec.ply == 0
    assert rec.status is SessionStatus.LOBBY
    assert rec.seats == (SeatRecord(0, "user100", user_id=100),)
    assert rec.options == {"target": 10}
    assert rec.created_at == T0
    assert await store.get_session(rec.id) == rec
    assert await store.get_open_in_place(10) == rec


@pytest.mark.asyncio
async def test_one_open_session_per_place(store: SessionStore) -> None:
    await store.create_session(lobby(10), T0)
    with pytest.raises(PlaceBusyError):
        await store.create_session(lobby(10, host=200), T0)
    # A thread of that channel is a different place, and so is another channel or guild.
    in_thread = await store.create_session(lobby(10, thread=11, host=200), T0)
    assert in_thread.place_id == 11
    await store.create_session(lobby(12, guild=2), T0)
    assert (await store.get_open_in_place(11)) == in_thread
    assert len(await store.list_open()) == 3
    assert len(await store.list_open(guild_id=2)) == 1


@pytest.mark.asyncio
async def test_ended_session_frees_its_place(store: SessionStore) -> None:
    rec = await store.create_session(lobby(), T0)
    ended = await store.update(
        rec.id, rec.version, SessionPatch(status=SessionStatus.ABANDONED, end_reason="bye"), T0
    )
    assert ended.version == 2 and ended.end_reason == "bye"
    assert await store.get_open_in_place(10) is None
    fresh = await store.create_session(lobby(), T0)
    assert fresh.id != rec.id
    assert (await store.get_latest_in_place(10)) == fresh
    # Re-opening the old one would make two open sessions in one place.
    with pytest.raises(PlaceBusyError):
        await store.update(ended.id, ended.version, SessionPatch(status=SessionStatus.LOBBY), T0)
    assert (await store.get_session(rec.id)).status is SessionStatus.ABANDONED


@pytest.mark.asyncio
async def test_seats_join_leave_and_renumber(store: SessionStore) -> None:
    rec = await store.create_session(lobby(), T0)
    rec = await store.add_seat(rec.id, rec.version, SeatRecord(9, "Bob", user_id=101), T0)
    rec = await store.add_seat(rec.id, rec.version, SeatRecord(9, "Bot", bot_name="random"), T0)
    rec = await store.add_seat(rec.id, rec.version, SeatRecord(9, "Cy", user_id=102), T0)
    assert [(s.seat, s.display_name) for s in rec.seats] == [
        (0, "user100"),
        (1, "Bob"),
        (2, "Bot"),
        (3, "Cy"),
    ]
    assert rec.seats[2].is_bot and rec.version == 4
    with pytest.raises(ValueError):
        await store.add_seat(rec.id, rec.version, SeatRecord(0, "Bob again", user_id=101), T0)
    rec = await store.remove_seat(rec.id, rec.version, 1, T0)
    assert [(s.seat, s.display_name) for s in rec.seats] == [(0, "user100"), (1, "Bot"), (2, "Cy")]
    assert rec.seat_of(102) == SeatRecord(2, "Cy", user_id=102)
    with pytest.raises(ValueError):
        await store.remove_seat(rec.id, rec.version, 5, T0)


@pytest.mark.asyncio
async def test_seat_changes_need_fresh_version_and_a_lobby(store: SessionStore) -> None:
    rec = await store.create_session(lobby(), T0)
    newer = await store.add_seat(rec.id, rec.version, SeatRecord(1, "Bob", user_id=101), T0)
    with pytest.raises(StaleVersionError) as info:
        await store.add_seat(rec.id, rec.version, SeatRecord(1, "Cy", user_id=102), T0)
    assert info.value.actual == newer.version
    active = await store.update(
        newer.id, newer.version, SessionPatch(status=SessionStatus.ACTIVE), T0
    )
    with pytest.raises(StaleVersionError):
        await store.add_seat(active.id, active.version, SeatRecord(2, "Cy", user_id=102), T0)
    assert (await store.get_session(rec.id)).seats == newer.seats


@pytest.mark.asyncio
async def test_commit_move_appends_log_and_bumps_version(store: SessionStore) -> None:
    rec = await started(store)
    later = T0 + timedelta(minutes=1)
    rec1, e1 = await store.commit_move(rec.id, rec.version, move(1), later)
    rec2, e2 = await store.commit_move(rec1.id, rec1.version, move(2), later)
    assert (rec1.version, rec2.version) == (rec.version + 1, rec.version + 2)
    assert (e1.ply, e2.ply) == (1, 2) and rec2.ply == 2
    assert rec2.state_json == '{"n":2}' and rec2.updated_at == later
    log = await store.load_log(rec.id)
    assert [(e.ply, e.notation, e.seat, e.user_id) for e in log] == [
        (1, "m1", 1, 101),
        (2, "m2", 0, 100),
    ]
    assert log[0].events == ({"kind": "k", "text": "move 1"},)
    assert await store.load_log(rec.id, after_ply=1) == (log[1],)
    assert await store.load_log(rec.id, limit=1) == (log[0],)
    assert await store.last_log(rec.id, 1) == (log[1],)
    assert await store.last_log(rec.id, 10) == log


@pytest.mark.asyncio
async def test_commit_move_cas_exactly_one_winner(store: SessionStore) -> None:
    rec = await started(store)
    results = await asyncio.gather(
        store.commit_move(rec.id, rec.version, move(1), T0),
        store.commit_move(rec.id, rec.version, move(2), T0),
        return_exceptions=True,
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, StaleVersionError)]
    assert len(wins) == 1 and len(losses) == 1
    log = await store.load_log(rec.id)
    assert len(log) == 1
    assert (await store.get_session(rec.id)).state_json == wins[0][0].state_json


@pytest.mark.asyncio
async def test_lost_cas_writes_nothing(store: SessionStore) -> None:
    rec = await started(store)
    with pytest.raises(StaleVersionError) as info:
        await store.commit_move(rec.id, rec.version - 1, move(1), T0)
    assert info.value.expected == rec.version - 1 and info.value.actual == rec.version
    assert await store.get_session(rec.id) == rec
    assert await store.load_log(rec.id) == ()
    with pytest.raises(StaleVersionError):
        await store.commit_move(999, 1, move(1), T0)


@pytest.mark.asyncio
async def test_finishing_move_stores_outcome_and_frees_place(store: SessionStore) -> None:
    rec = await started(store)
    done = MoveCommit(
        seat=0,
        user_id=100,
        notation="win",
        events=(),
        state_json="{}",
        schema_v=1,
        status=SessionStatus.FINISHED,
        outcome={"winners": [0]},
        end_reason="Seat 0 won.",
    )
    rec, _ = await store.commit_move(rec.id, rec.version, done, T0)
    assert rec.status is SessionStatus.FINISHED
    assert rec.outcome == {"winners": [0]} and rec.end_reason == "Seat 0 won."
    assert await store.get_open_in_place(10) is None
    assert await store.list_open() == ()


@pytest.mark.asyncio
async def test_overdue_lists_active_sessions_past_deadline(store: SessionStore) -> None:
    a = await started(store, 10)
    b = await started(store, 20)
    await store.commit_move(a.id, a.version, move(1, deadline=T0 + timedelta(hours=1)), T0)
    await store.commit_move(b.id, b.version, move(1, deadline=T0 + timedelta(hours=2)), T0)
    assert await store.list_overdue(T0) == ()
    due = await store.list_overdue(T0 + timedelta(hours=1))
    assert [r.id for r in due] == [a.id]
    due = await store.list_overdue(T0 + timedelta(days=1))
    assert [r.id for r in due] == [a.id, b.id]
    assert due[0].turn_deadline == T0 + timedelta(hours=1)


@pytest.mark.asyncio
async def test_message_id_does_not_bump_version(store: SessionStore) -> None:
    rec = await store.create_session(lobby(), T0)
    await store.set_message_id(rec.id, 555)
    again = await store.get_session(rec.id)
    assert again.message_id == 555 and again.version == rec.version
    with pytest.raises(SessionNotFoundError):
        await store.set_message_id(999, 1)


@pytest.mark.asyncio
async def test_patch_updates_votes_host_and_deadline(store: SessionStore) -> None:
    rec = await started(store)
    deadline = T0 + timedelta(minutes=5)
    rec2 = await store.update(
        rec.id,
        rec.version,
        SessionPatch(abandon_votes=frozenset({101}), host_user_id=101, turn_deadline=deadline),
        T0,
    )
    assert rec2.abandon_votes == frozenset({101}) and rec2.host_user_id == 101
    assert rec2.turn_deadline == deadline
    assert await store.get_session(rec.id) == rec2
    # Untouched fields stay as they were.
    assert rec2.state_json == rec.state_json and rec2.seed == 7


@pytest.mark.asyncio
async def test_naive_datetimes_are_refused(store: SessionStore) -> None:
    with pytest.raises(ValueError):
        await store.create_session(lobby(), datetime(2024, 1, 1))
