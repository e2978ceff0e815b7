"""`GameService.preview` (step without saving) and `due_reminders` / `mark_reminded`."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.games.rejections import Rejection, RejectionCode
from bot.sessions import timers
from bot.sessions.models import Preview
from bot.sessions.service import GameService
from bot.storage.sqlite import SqliteStore

from .conftest import ALICE, BOB, CHANNEL, CY, FakeClock, make_service, ok, started_game

pytestmark = pytest.mark.asyncio


async def test_preview_computes_the_move_and_saves_nothing(service: GameService) -> None:
    """The preview holds the state after the move; the stored game does not change."""
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    before = ok(await service.status(CHANNEL))
    preview = ok(await service.preview(CHANNEL, ALICE, "  ROLL "))
    assert isinstance(preview, Preview)
    assert preview.notation == "roll" and preview.seat == 0
    assert preview.session.version == before.session.version
    assert preview.before == before.state and preview.after != before.state
    after = ok(await service.status(CHANNEL))
    assert after.session.version == before.session.version and after.state == before.state
    assert after.session.ply == 0
    # Confirming at the preview's version plays it; a second confirmation is stale.
    ok(await service.submit(CHANNEL, ALICE, "roll", preview.session.version))
    stale = await service.submit(CHANNEL, ALICE, "roll", preview.session.version)
    assert isinstance(stale, Rejection) and stale.code is RejectionCode.STALE


async def test_preview_refuses_like_submit(service: GameService) -> None:
    """Not seated, not your turn, a malformed move, a lobby: the same sentences as submit."""
    assert isinstance(await service.preview(CHANNEL, ALICE, "roll"), Rejection)
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    for user, text, code in (
        (CY, "roll", RejectionCode.NOT_A_PLAYER),
        (BOB, "roll", RejectionCode.NOT_YOUR_TURN),
        (ALICE, "fly", RejectionCode.MALFORMED),
    ):
        previewed = await service.preview(CHANNEL, user, text)
        submitted = await service.submit(CHANNEL, user, text)
        assert isinstance(previewed, Rejection) and previewed.code is code
        assert isinstance(submitted, Rejection) and previewed.message == submitted.message


async def test_due_reminders_once_per_period(service: GameService, clock: FakeClock) -> None:
    """Due after `every` without a change; marking it waits another `every`; a move resets."""
    every = timedelta(hours=1)
    await started_game(service, (ALICE, "Alice"), (BOB, "Bob"))
    clock.advance(minutes=59)
    assert await service.due_reminders(every) == ()
    clock.advance(minutes=2)
    (due,) = await service.due_reminders(every)
    assert due.user_ids == (ALICE,)
    await service.mark_reminded(due.session.id)
    assert await service.due_reminders(every) == ()
    clock.advance(minutes=61)
    assert len(await service.due_reminders(every)) == 1
    ok(await service.submit(CHANNEL, ALICE, "roll"))
    clock.advance(minutes=30)
    assert await service.due_reminders(every) == ()
    clock.advance(minutes=31)
    (due,) = await service.due_reminders(every)
    assert due.user_ids == (BOB,)


async def test_reminders_skip_lobbies_and_bots(clock: FakeClock, tmp_path: Path) -> None:
    """Only active games with a human to act are due (real SQLite)."""
    store = await SqliteStore.open(tmp_path / "r.db")
    try:
        service = make_service(store, clock)
        ok(
            await service.create_lobby(
                "race", guild_id=1, channel_id=99, host_id=ALICE, host_name="Alice"
            )
        )
        clock.advance(days=2)
        assert await service.due_reminders(timedelta(hours=1)) == ()
    finally:
        await store.close()


async def test_reminder_pages_marked_a_page_at_a_time(
    service: GameService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`due_reminder_pages` splits the due games into pages (here of 2) that together are
    `due_reminders`; a page marked by `mark_reminded_many` is reminded once per period."""
    monkeypatch.setattr(timers, "REMINDER_PAGE", 2)
    every = timedelta(hours=1)
    for i in range(5):
        await started_game(service, (ALICE, "Alice"), (BOB, "Bob"), channel=CHANNEL + i)
    clock.advance(minutes=61)
    pages = [page async for page in service.due_reminder_pages(every)]
    assert [len(p) for p in pages] == [2, 2, 1]
    flat = [d for page in pages for d in page]
    assert flat == list(await service.due_reminders(every))
    await service.mark_reminded_many([d.session.id for d in pages[0]])
    left = await service.due_reminders(every)
    assert {d.session.id for d in left} == {d.session.id for d in flat[2:]}
    await service.mark_reminded_many([d.session.id for d in left])
    await service.mark_reminded_many([])
    assert await service.due_reminders(every) == ()
    clock.advance(minutes=61)
    assert len(await service.due_reminders(every)) == 5
