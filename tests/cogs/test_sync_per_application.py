"""The remembered command hash belongs to one Discord application: the same database under
another bot's token (a test bot's games moved to the real one) still syncs that bot's
commands, which Discord keeps per application."""

from __future__ import annotations

import pytest

from tests.cogs.conftest import StartBot

pytestmark = pytest.mark.asyncio


async def test_another_application_on_the_same_database_is_synced(start_bot: StartBot) -> None:
    """Same tree, same database, another application id: sent once more, then remembered."""
    first = await start_bot()
    assert [s for s in first.sent if s.kind == "sync"]
    await first.close()
    second = await start_bot()
    assert not [s for s in second.sent if s.kind == "sync"]
    second.bot._connection.application_id = 900_000_000_000_000_777
    assert await second.bot.sync_commands() is True
    assert not await second.bot.sync_commands()
