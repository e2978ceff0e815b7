"""Persistent buttons for table actions that are not moves (`bot.table.replies.ActionButton`):
undo answers, stand-in votes and the replay viewer's steps.

custom_id layout: ``gh:a:<action>:<n>:<n>...`` (whole numbers only, so it stays far below
Discord's 100 characters). A click runs `Table.on_action` as the clicker; a reply marked `edit`
(a replay step) replaces the clicked message, anything else is delivered like a command's replies.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.table.format import plain_text
from bot.table.replies import ActionButton
from cogs._errors import handle_error
from cogs._views import place

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger(__name__)

_STYLES = {
    "undo-yes": discord.ButtonStyle.success,
    "undo-no": discord.ButtonStyle.danger,
    "standin": discord.ButtonStyle.primary,
    "leave": discord.ButtonStyle.danger,
}


def action_custom_id(action: str, args: Sequence[int]) -> str:
    """``gh:a:<action>:<args...>``."""
    return ":".join(["gh:a", action, *(str(int(a)) for a in args)])


class ActionItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gh:a:(?P<action>[a-z-]{1,20})(?P<args>(?::-?\d{1,20}){0,4})",
):
    """One `ActionButton`, rebuilt from its custom_id after a restart."""

    def __init__(self, action: str, args: tuple[int, ...], label: str = "\u2026") -> None:
        self.action, self.args = action, args
        super().__init__(
            discord.ui.Button(
                label=plain_text(label)[:80],
                custom_id=action_custom_id(action, args),
                style=_STYLES.get(action, discord.ButtonStyle.secondary),
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ActionItem:
        """Rebuild the button from a click."""
        args = tuple(int(a) for a in match["args"].split(":") if a)
        return cls(match["action"], args)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Run the action through the table as the clicker (in their language)."""
        from cogs._replies import hear

        try:
            await hear(interaction)
            await run_action(interaction, self.action, self.args)
        except Exception as exc:
            await handle_error(interaction, exc)


async def run_action(interaction: discord.Interaction, action: str, args: tuple[int, ...]) -> None:
    """`Table.on_action`, then replace the clicked message (replay steps) or deliver."""
    from cogs._replies import caller_of, deliver, message_kwargs

    bot: GameBot = interaction.client  # type: ignore[assignment]
    replies = await bot.table.on_action(caller_of(interaction), action, args)
    if len(replies) == 1 and replies[0].edit and not interaction.response.is_done():
        first = message_kwargs(replies[0])[0]
        attachments = [first["file"]] if "file" in first else []
        await interaction.response.edit_message(
            content=first.get("content"),  # type: ignore[arg-type]
            embed=first.get("embed"),  # type: ignore[arg-type]
            attachments=attachments,  # type: ignore[arg-type]
            view=first.get("view"),  # type: ignore[arg-type]
        )
        return
    await deliver(interaction, replies)


def add_actions(view: discord.ui.View | None, actions: Sequence[ActionButton]) -> discord.ui.View:
    """`view` (or a new persistent one) with a button per action, on the rows they ask for;
    those that ask for none go below the moves (not beside one player's row of buttons). An
    action that does not fit the five rows is left out (and logged), never the whole view."""
    view = view or discord.ui.View(timeout=None)
    used = [c.row for c in view.children if c.row is not None]
    below = max(used) + 1 if used else None
    for action in actions:
        item = ActionItem(action.action, action.args, action.label)
        row = action.row if action.row is not None else below
        place(item, row if row is None or row < 5 else None)
        try:
            view.add_item(item)
        except ValueError:
            log.warning("no room for the %r button on this message", action.label)
    return view
