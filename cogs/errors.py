"""The error-handler extension: installs `cogs._errors.handle_error` as `CommandTree.on_error`.

See `cogs/_errors.py` for the priority order (user mistakes get their sentence; bugs are logged
with the interaction's context and answered with a polite generic sentence, both privately).
"""

from __future__ import annotations

from discord.ext import commands

from cogs._errors import handle_error


class ErrorHandler(commands.Cog, name="Errors"):  # i18n-exempt: the cog's internal name
    """Installs `handle_error` as the command tree's error handler while loaded."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._previous = bot.tree.on_error

    async def cog_load(self) -> None:
        """Take over the tree's error handler."""
        self.bot.tree.on_error = handle_error  # type: ignore[method-assign]

    async def cog_unload(self) -> None:
        """Give the previous handler back."""
        self.bot.tree.on_error = self._previous  # type: ignore[method-assign]


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(ErrorHandler(bot))
