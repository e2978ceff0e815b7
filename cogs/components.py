"""Extension registering the persistent buttons and menus (`cogs._views`) with the bot, so a
click on any game post is handled, also after a restart; a click on a component no template
matches (a layout from an older version of the bot) is answered with a sentence instead of
Discord's "This interaction failed"."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.i18n import N_, tr
from cogs._actions import ActionItem
from cogs._multiselect import SetSelect
from cogs._views import CancelButton, MoveButton, MoveSelect

log = logging.getLogger(__name__)

ITEMS = (MoveButton, MoveSelect, CancelButton, ActionItem, SetSelect)

OUTDATED = N_(
    "That button or menu comes from an older version of my messages and no longer works. "
    "`/game status` shows the game with fresh ones."
)


def knows(custom_id: str) -> bool:
    """Whether a registered component template matches `custom_id` in full."""
    return any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) is not None for item in ITEMS
    )


async def answer_unknown(interaction: discord.Interaction) -> None:
    """Answer a click whose custom_id matches no template (nothing else would)."""
    if interaction.type is not discord.InteractionType.component:
        return
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    if knows(custom_id) or interaction.response.is_done():
        return
    log.info("unknown component %r clicked; answering that it is outdated", custom_id[:100])
    from cogs._replies import hear

    try:
        await hear(interaction)
        await interaction.response.send_message(tr(OUTDATED), ephemeral=True)
    except discord.HTTPException:
        log.debug("could not answer an outdated component", exc_info=True)


async def setup(bot: commands.Bot) -> None:
    """discord.py extension entry point: register the `DynamicItem` classes."""
    bot.add_dynamic_items(*ITEMS)
    bot.add_listener(answer_unknown, "on_interaction")


async def teardown(bot: commands.Bot) -> None:
    """Unregister them when the extension is unloaded."""
    bot.remove_dynamic_items(*ITEMS)
    bot.remove_listener(answer_unknown, "on_interaction")
