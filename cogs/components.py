"""Extension registering the persistent buttons and menus (`cogs._views`) with the bot, so a
click on any game post is handled, also after a restart."""

from __future__ import annotations

from discord.ext import commands

from cogs._actions import ActionItem
from cogs._views import CancelButton, MoveButton, MoveSelect


async def setup(bot: commands.Bot) -> None:
    """discord.py extension entry point: register the `DynamicItem` classes."""
    bot.add_dynamic_items(MoveButton, MoveSelect, CancelButton, ActionItem)


async def teardown(bot: commands.Bot) -> None:
    """Unregister them when the extension is unloaded."""
    bot.remove_dynamic_items(MoveButton, MoveSelect, CancelButton, ActionItem)
