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
    """All extensions load; both persistent button classes are registered; a fresh database
    gets one global sync (a normal install has its commands)."""
    assert h.bot.failed_extensions == {}
    assert set(h.bot.extensions) == set(default_extensions())
    registered = {cls.__name__ for cls in h.bot._connection._view_store._dynamic_items.values()}
    assert {"MoveButton", "CancelButton"} <= registered
    (sync,) = [s for s in h.sent if s.kind == "sync"]
    assert "/guilds/" not in sync.url


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
    """With DEV_GUILD_ID the commands are synced globally and copied to that guild at start."""
    h = await start_bot(dev_guild_id=GUILD_ID)
    syncs = [s for s in h.sent if s.kind == "sync"]
    (guild_sync,) = [s for s in syncs if f"/guilds/{GUILD_ID}/commands" in s.url]
    assert len(syncs) == 2
    names = {c["name"] for c in guild_sync.payload["commands"]}
    assert {"game", "cathedral", "kingsburg"} <= names


async def test_global_sync_once_and_not_again_on_an_unchanged_restart(start_bot: StartBot) -> None:
    """The payload's hash is remembered: a restart with the same commands sends nothing; a
    changed tree is synced again; `force` (python -m bot sync) always sends."""
    first = await start_bot()
    (sync,) = [s for s in first.sent if s.kind == "sync"]
    names = {c["name"] for c in sync.payload["commands"]}
    assert {"game", "cathedral", "kingsburg"} <= names
    await first.close()
    second = await start_bot()
    assert not [s for s in second.sent if s.kind == "sync"]
    second.bot.tree.remove_command("cathedral")
    assert await second.bot.sync_commands() is True
    assert not await second.bot.sync_commands()
    assert await second.bot.sync_commands(force=True) is True


async def test_command_groups_are_server_only(h: Harness) -> None:
    """Every group is offered in servers only (not in DMs), at the group level."""
    for command in h.bot.tree.get_commands():
        assert command.guild_only, command.name


async def test_closing_the_bot_closes_the_database(start_bot: StartBot, db_path: Path) -> None:
    """The store the bot opened is closed with it; the file holds the data for the next start."""
    h = await start_bot()
    await h.slash("game new", game="cathedral")
    await h.close()
    assert db_path.exists()
    again = await start_bot()
    status = await again.bot.service.status(C1.id)
    assert getattr(status, "session", None) is not None
