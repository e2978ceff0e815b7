"""Who may act, stored with each move: the start-up (bots) and reminder queries, in both stores."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from bot.storage.base import SessionStore
from bot.storage.records import MoveCommit, SeatRecord, SessionPatch, SessionStatus

from .test_store_contract import T0, lobby, move, started


def moved(n: int, to_act: frozenset[int] | None, **kwargs: object) -> MoveCommit:
    return dataclasses.replace(move(n, **kwargs), to_act=to_act)  # type: ignore[arg-type]


async def with_bot(store: SessionStore, channel: int):
    """An active two-seat session: a human in seat 0, a bot in seat 1."""
    rec = await store.create_session(lobby(channel), T0)
    rec = await store.add_seat(rec.id, rec.version, SeatRecord(1, "Bot", bot_name="greedy"), T0)
    return await store.update(
        rec.id,
        rec.version,
        SessionPatch(
            status=SessionStatus.ACTIVE, seed=7, state_json='{"n":0}', to_act=frozenset({0})
        ),
        T0,
    )


@pytest.mark.asyncio
async def test_commit_records_to_act_and_the_bot_query_follows_it(store: SessionStore) -> None:
    rec = await with_bot(store, 10)
    assert rec.to_act == frozenset({0})
    assert await store.bot_turn_ids() == ()
    rec, _ = await store.commit_move(rec.id, rec.version, moved(1, frozenset({1})), T0)
    assert rec.to_act == frozenset({1})
    assert list(await store.bot_turn_ids()) == [rec.id]
    rec, _ = await store.commit_move(rec.id, rec.version, moved(2, frozenset({0, 1})), T0)
    assert list(await store.bot_turn_ids()) == [rec.id]
    rec, _ = await store.commit_move(
        rec.id, rec.version, moved(3, frozenset(), status=SessionStatus.FINISHED), T0
    )
    assert await store.bot_turn_ids() == ()
    assert await store.get_session(rec.id) == rec


@pytest.mark.asyncio
async def test_unknown_to_act_is_selected_until_recorded(store: SessionStore) -> None:
    rec = await started(store)  # its state was written without to_act
    assert rec.to_act is None
    assert list(await store.bot_turn_ids()) == [rec.id]
    assert await store.quiet_ids(T0) == (rec.id,)
    await store.set_to_act(rec.id, rec.version - 1, frozenset({0}))  # a stale look: ignored
    assert (await store.get_session(rec.id)).to_act is None
    await store.set_to_act(rec.id, rec.version, frozenset({0}))
    again = await store.get_session(rec.id)
    assert again.to_act == frozenset({0}) and again.version == rec.version
    assert await store.bot_turn_ids() == ()
    assert await store.quiet_ids(T0) == (rec.id,)


@pytest.mark.asyncio
async def test_a_new_state_without_to_act_makes_it_unknown(store: SessionStore) -> None:
    rec = await with_bot(store, 10)
    rec = await store.update(rec.id, rec.version, SessionPatch(state_json='{"n":5}'), T0)
    assert rec.to_act is None
    rec = await store.update(rec.id, rec.version, SessionPatch(end_reason="x"), T0)
    assert rec.to_act is None
    rec = await store.update(rec.id, rec.version, SessionPatch(to_act=frozenset({0})), T0)
    assert rec.to_act == frozenset({0})


@pytest.mark.asyncio
async def test_quiet_ids_follow_changes_reminders_and_who_acts(store: SessionStore) -> None:
    human = await with_bot(store, 10)
    bot_turn = await with_bot(store, 11)
    bot_turn, _ = await store.commit_move(
        bot_turn.id, bot_turn.version, moved(1, frozenset({1})), T0
    )
    lobby_only = await store.create_session(lobby(12), T0)
    hour = timedelta(hours=1)
    assert await store.quiet_ids(T0 - hour) == ()
    assert await store.quiet_ids(T0) == (human.id,)  # not the bot's turn, not the lobby
    await store.set_reminded_at(human.id, T0 + hour)
    assert await store.quiet_ids(T0) == ()
    assert await store.quiet_ids(T0 + hour) == (human.id,)
    moved_on, _ = await store.commit_move(
        human.id, human.version, moved(1, frozenset({0})), T0 + 2 * hour
    )
    assert await store.quiet_ids(T0 + hour) == ()
    assert await store.quiet_ids(T0 + 2 * hour) == (moved_on.id,)
    got = await store.get_sessions([moved_on.id, lobby_only.id, 999])
    assert [r.id for r in got] == sorted([moved_on.id, lobby_only.id])


@pytest.mark.asyncio
async def test_a_bot_taking_a_human_seat_turns_the_game_into_a_bot_turn(
    store: SessionStore,
) -> None:
    rec = await with_bot(store, 10)  # seat 0 (human) is to act
    assert await store.bot_turn_ids() == ()
    seats = (SeatRecord(0, "Stand-in", bot_name="greedy"), rec.seats[1])
    rec = await store.update(rec.id, rec.version, SessionPatch(seats=seats), T0)
    assert rec.to_act == frozenset({0})
    assert await store.bot_turn_ids() == (rec.id,)
    assert await store.quiet_ids(T0) == ()  # no human left to remind
