"""GameBot wiring: setup_hook, broken extensions, dev-guild sync, restart, run_bot sans token."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.app import GameBot, default_extensions
from bot.settings import Settings
from tests.cogs.conftest import StartBot
from tests.cogs.harness import C1, GUILD_ID, Harness, no_network

pytestmark = pytest.mark.asyncio


async def test_setup_hook_loads_every_extension_and_registers_buttons(h: Harness) -> None:
    """All extensions load; both persistent button classes are registered; no sync by default."""
    assert h.bot.failed_extensions == {}
    assert set(h.bot.extensions) == set(default_extensions())
    registered = {cls.__name__ for cls in h.bot._connection._view_store._dynamic_items.values()}
    assert {"MoveButton", "CancelButton"} <= registered
    assert not [s for s in h.sent if s.kind == "sync"]


async def test_a_broken_extension_is_logged_and_the_others_still_load(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One failing extension does not stop the bot."""
    bot = GameBot(Settings(database_path=db_path), extensions=("cogs.table", "cogs.missing"))
    with no_network(), caplog.at_level(logging.ERROR, logger="bot.app"):
        h = await Harness.start(bot)
        ex = await h.slash("game help")
        await h.close()
    assert "cogs.missing" in bot.failed_extensions
    assert any("cogs.missing" in r.getMessage() for r in caplog.records)
    assert "/game new" in ex.text


async def test_dev_guild_sync(start_bot: StartBot) -> None:
    """With DEV_GUILD_ID the commands are synced to that guild at start."""
    h = await start_bot(dev_guild_id=GUILD_ID)
    (sync,) = [s for s in h.sent if s.kind == "sync"]
    assert f"/guilds/{GUILD_ID}/commands" in sync.url
    names = {c["name"] for c in sync.payload["commands"]}
    assert {"game", "cathedral", "kingsburg"} <= names


async def test_closing_the_bot_closes_the_database(start_bot: StartBot, db_path: Path) -> None:
    """The store the bot opened is closed with it; the file holds the data for the next start."""
    h = await start_bot()
    await h.slash("game new", game="cathedral")
    await h.close()
    assert db_path.exists()
    again = await start_bot()
    status = await again.bot.service.status(C1.id)
    assert getattr(status, "session", None) is not None
