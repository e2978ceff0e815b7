"""Once ready the bot takes its start-up heap out of the collector's full walks (bot.heap)."""

from __future__ import annotations

import asyncio
import gc

from bot.heap import settle_heap


def test_settling_freezes_what_lives_and_later_objects_are_collected_as_before() -> None:
    before = gc.get_freeze_count()
    try:
        settle_heap()
        frozen = gc.get_freeze_count()
        assert frozen > before
        ring: list[object] = []
        ring.append(ring)  # a cycle made after settling: still the collector's
        del ring
        assert gc.collect() >= 1
        # The frozen heap stays frozen: a collection neither walks nor thaws it. (A frozen
        # object whose last reference goes - another thread's, a cache entry's - is still freed
        # by reference counting and leaves the count, so the count may drop by a few.)
        assert 0 <= frozen - gc.get_freeze_count() < 100
    finally:
        gc.unfreeze()


def test_the_bot_settles_its_heap_at_its_first_ready_only(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import bot.app as app

    calls: list[int] = []
    monkeypatch.setattr(app, "settle_heap", lambda: calls.append(1))
    bot = app.GameBot.__new__(app.GameBot)
    bot._heap_settled = False
    monkeypatch.setattr(app.GameBot, "user", None, raising=False)
    asyncio.run(bot.on_ready())
    asyncio.run(bot.on_ready())
    assert calls == [1]
