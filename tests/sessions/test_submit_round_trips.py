"""`GameService.submit` trusts the record it last wrote: one store transaction per move, and a
writer it did not see (another process) costs a retry on a fresh read, never a wrong answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.games.rejections import Rejection, RejectionCode
from bot.storage.sqlite import SqliteStore

from .conftest import ALICE, BOB, CHANNEL, FakeClock, make_service, ok, started_game

pytestmark = pytest.mark.asyncio


async def test_a_move_on_a_game_this_process_knows_is_one_transaction(
    tmp_path: Path, clock: FakeClock
) -> None:
    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        service = make_service(store, clock)
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
        before = store.hops
        result = ok(await service.submit(CHANNEL, ALICE, "roll"))
        assert store.hops - before == 1
        assert result.session == await store.get_session(result.session.id)
        # A refused move is checked again on a fresh read before it is refused.
        before = store.hops
        refused = await service.submit(CHANNEL, ALICE, "roll")
        assert isinstance(refused, Rejection) and refused.code is RejectionCode.NOT_YOUR_TURN
        assert store.hops - before == 2  # find + read under the lock; nothing written
    finally:
        await store.close()


async def test_a_move_made_by_another_process_is_seen(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "g.db"
    store_a, store_b = await SqliteStore.open(path), await SqliteStore.open(path)
    try:
        a, b = make_service(store_a, clock), make_service(store_b, clock)
        await started_game(a, (ALICE, "Alice"), (BOB, "Bob"))
        ok(await a.status(CHANNEL))  # a caches the game as it is now
        ok(await b.submit(CHANNEL, ALICE, "roll"))  # b moves it on behind a's back
        # a's cached record says it is Alice's turn: the move is refused on a fresh read,
        # with the real reason, and Bob's move (legal only on the fresh state) plays.
        refused = await a.submit(CHANNEL, ALICE, "roll")
        assert isinstance(refused, Rejection) and refused.code is RejectionCode.NOT_YOUR_TURN
        played = ok(await a.submit(CHANNEL, BOB, "roll"))
        assert played.session.ply == 2
        # b's cache is behind now (it still shows Alice to roll): "ready", legal only in the
        # round's end that a's move reached, is played on a fresh read.
        again = ok(await b.submit(CHANNEL, ALICE, "ready"))
        assert again.session.ply == 3
        # a's cache is behind too, but Bob's "ready" is legal there as well: the move's
        # compare-and-set loses, and it is played again on a fresh read.
        last = ok(await a.submit(CHANNEL, BOB, "ready"))
        assert last.session.ply == 4
        assert (await a.verify_replay(again.session.id)).matches
    finally:
        await store_a.close()
        await store_b.close()


async def test_a_game_ended_elsewhere_is_not_played_from_the_cache(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = tmp_path / "g.db"
    store_a, store_b = await SqliteStore.open(path), await SqliteStore.open(path)
    try:
        a, b = make_service(store_a, clock), make_service(store_b, clock)
        first = await started_game(a, (ALICE, "Alice"), (BOB, "Bob"))
        ok(await b.abandon(CHANNEL, ALICE))  # the host ends it in the other process
        await started_game(b, (BOB, "Bob"), (ALICE, "Alice"))  # and a new game starts there
        result = ok(await a.submit(CHANNEL, BOB, "roll"))  # Bob hosts (seat 0) the new game
        assert result.session.id != first.session.id
        old = await store_a.get_session(first.session.id)
        assert old is not None and old.ply == 0 and not old.status.is_open
    finally:
        await store_a.close()
        await store_b.close()


async def test_a_move_on_a_game_not_cached_reads_it_once(tmp_path: Path, clock: FakeClock) -> None:
    from bot.sessions.service import GameService

    from .fake_game import engines

    store = await SqliteStore.open(tmp_path / "g.db")
    try:
        service = GameService(
            store, clock=clock, seed_source=lambda: 3, engines=engines, state_cache_size=1
        )
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), channel=CHANNEL)
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), channel=CHANNEL + 1)
        before = store.hops  # the first game fell out of the cache of one
        ok(await service.submit(CHANNEL, ALICE, "roll"))
        assert store.hops - before == 2  # found (and trusted), then the move's commit
    finally:
        await store.close()
