"""The multi-select drop-down of a set choice (`bot.table.multiselect`): the player picks
several options at once and they are played together as one line.

custom_id: ``gh:v:<session>:<version>[:<closing>]``. The picks travel in the interaction's values
(each a step's notation, at most 100 characters) and the closing step in the custom_id, so the
menu works after a restart like every other control (`cogs._views`), and a pick on an
outdated board is refused by the version check.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import tr
from bot.table.format import plain_text
from bot.table.multiselect import join_picks
from bot.table.replies import ChoiceMenu
from cogs._views import OPTIONS_MAX, PLACEHOLDER_LIMIT, _clip_label, place

__all__ = ["SetSelect"]


def _select(custom_id: str, menu: ChoiceMenu | None) -> discord.ui.Select[Any]:
    """The discord.py select drawing `menu` (an empty one when rebuilt from a pick)."""
    if menu is None:
        return discord.ui.Select(custom_id=custom_id)
    shown = list(dict.fromkeys(menu.options))[:OPTIONS_MAX]
    names = dict(zip(menu.options, menu.labels, strict=False))
    most = max(1, min(menu.max_values, len(shown) or 1))
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=plain_text(tr(menu.placeholder))[:PLACEHOLDER_LIMIT],
        min_values=max(0, min(menu.min_values, most)),
        max_values=most,
        options=[discord.SelectOption(label=_clip_label(names.get(n, n)), value=n) for n in shown],
    )


class SetSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"gh:v:(?P<session>[0-9]{1,19}):(?P<version>[0-9]{1,19})(?::(?P<closing>.{1,40}))?",
):
    """A drop-down where `min_values` to `max_values` options are picked and submitted together
    for one session at one state version."""

    def __init__(
        self, session_id: int, version: int, closing: str = "", menu: ChoiceMenu | None = None
    ) -> None:
        self.session_id = session_id
        self.version = version
        self.closing = closing
        custom_id = f"gh:v:{session_id}:{version}" + (f":{closing}" if closing else "")
        super().__init__(_select(custom_id, menu))

    @classmethod
    def of(cls, menu: ChoiceMenu, row: int | None) -> SetSelect:
        """The drop-down for a set choice's `menu`, on `row`."""
        item = cls(menu.session_id, menu.version, menu.closing, menu)
        place(item, row)
        return item

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> SetSelect:
        """Rebuild the menu from a pick (possibly after a restart); the picks are in the data."""
        return cls(int(match["session"]), int(match["version"]), match["closing"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the picked options together, like the slash command with the same line."""
        from cogs._views import _reporting_errors, submit_choice

        line = join_picks(self.item.values, self.closing)
        if not line:
            await interaction.response.defer()
            return
        await _reporting_errors(
            interaction, submit_choice(interaction, self.session_id, self.version, line)
        )
