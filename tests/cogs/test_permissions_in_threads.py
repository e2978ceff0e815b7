"""A table opened inside an existing thread: Discord asks for Send Messages in Threads there, not
Send Messages, and both are granted on the thread's channel, which the sentence names."""

from __future__ import annotations

import pytest

from tests.cogs.harness import ALICE, C1, Channel, Harness

pytestmark = pytest.mark.asyncio

THREAD = Channel(700_000_000_000_000_101, "cathedral-night", parent_id=C1.id)


async def test_a_thread_without_send_messages_in_threads_is_refused_naming_its_channel(
    h: Harness,
) -> None:
    """Send Messages is granted but Send Messages in Threads is not: no lobby that could never
    post its moves; the sentence names the permission and the channel to grant it on."""
    h.deny("send_messages_in_threads")
    ex = await h.slash("game new", game="cathedral", thread=False, user=ALICE, channel=THREAD)
    assert "Send Messages in Threads" in ex.ephemeral_text
    assert f"<#{C1.id}>" in ex.ephemeral_text
    assert await h.bot.service.list_open() == ()


async def test_a_thread_needs_no_send_messages(h: Harness) -> None:
    """Send Messages (for channels) is not needed to play in a thread."""
    h.deny("send_messages")
    ex = await h.slash("game new", game="cathedral", thread=False, user=ALICE, channel=THREAD)
    assert "missing" not in ex.text
    assert [s.place_id for s in await h.bot.service.list_open()] == [THREAD.id]
