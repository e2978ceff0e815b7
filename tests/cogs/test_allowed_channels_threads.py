"""`/game settings allow_channel:` names channels; their threads are part of them: a table may
be opened in a thread of a listed channel, and not in a thread of another."""

from __future__ import annotations

import pytest

from cogs._replies import Caller
from tests.cogs.harness import ALICE, C1, C2, GUILD_ID, MIA, Channel, Harness

pytestmark = pytest.mark.asyncio


async def test_a_thread_of_an_allowed_channel_may_hold_a_table(h: Harness) -> None:
    """#games is allowed: its thread opens a lobby; a thread of #other-games is refused."""
    # The option resolves channels from the guild cache, which the harness has not: the table.
    manager = Caller(GUILD_ID, C1.id, MIA.id, "Mia", moderator=True, manager=True)
    await h.bot.table.settings(manager, channels=[C1.id])
    inside = Channel(700_000_000_000_000_201, "night-game", parent_id=C1.id)
    outside = Channel(700_000_000_000_000_202, "elsewhere", parent_id=C2.id)
    opened = await h.slash("game new", game="cathedral", thread=False, user=ALICE, channel=inside)
    assert opened.public and "tables are opened in" not in opened.text
    refused = await h.slash("game new", game="cathedral", thread=False, user=ALICE, channel=outside)
    assert f"<#{C1.id}>" in refused.ephemeral_text
    assert [s.place_id for s in await h.bot.service.list_open()] == [inside.id]
