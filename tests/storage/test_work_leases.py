"""Work leases: of several claimers each game goes to one; a lease ends when released by its
holder or when its time passes (its process died), and then another claimer takes it."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.storage.base import SessionStore

from .test_store_contract import T0

pytestmark = pytest.mark.asyncio
LEASE = timedelta(minutes=2)


async def test_each_id_goes_to_one_claimer_until_released_or_expired(store: SessionStore) -> None:
    ids = [1, 2, 3, 4]
    a, b = await asyncio.gather(
        store.claim_work("bots", ids, "a", T0, T0 + LEASE),
        store.claim_work("bots", ids, "b", T0, T0 + LEASE),
    )
    assert sorted(a + b) == ids and not set(a) & set(b)
    # Another kind of work on the same games is a lease of its own.
    assert await store.claim_work("other", ids, "b", T0, T0 + LEASE) == tuple(ids)
    # Released by its holder only.
    await store.release_work("bots", ids, "nobody")
    assert await store.claim_work("bots", ids, "c", T0, T0 + LEASE) == ()
    await store.release_work("bots", list(a), "a")
    assert await store.claim_work("bots", ids, "c", T0, T0 + LEASE) == a
    # Not released (its process died): free once its time has passed.
    later = T0 + LEASE
    assert await store.claim_work("bots", ids, "d", later, later + LEASE) == tuple(ids)
    assert await store.claim_work("bots", [], "d", later, later + LEASE) == ()
