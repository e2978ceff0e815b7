"""Error sentences and the central handler installed by the `cogs.errors` extension.

Kept out of the extension module on purpose: `load_extension` executes an extension module
afresh, so classes defined there (like `UserFacingError`) would not be the ones other cogs import.

Priority, first match wins:

1. `UserFacingError` (raised by cogs for a mistake with a sentence ready) and discord.py's own
   user-side failures (a failed check, a cooldown, an option that did not convert): the user gets
   a specific sentence, privately; logged at DEBUG only.
2. Anything else is a bug: logged with the interaction's context (command, user, guild, channel,
   options) and the traceback; the user gets a polite generic sentence, privately.

Refused *moves* never get here: the table answers them as ordinary ephemeral replies.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n import N_, tr
from bot.table.format import quoted

log = logging.getLogger(__name__)

__all__ = [
    "GENERIC_SENTENCE",
    "UserFacingError",
    "context_of",
    "handle_error",
    "sentence_for",
]

GENERIC_SENTENCE = N_(
    "Sorry, something went wrong on my side while doing that; it has been logged so it can be "
    "fixed. A move is either saved whole or not at all: `/game status` shows where the game "
    "stands."
)


class UserFacingError(app_commands.AppCommandError):
    """A mistake by the user, with the sentence to show them."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def sentence_for(error: Exception) -> str | None:
    """The user-facing sentence for an expected error, or None if `error` is a bug."""
    from bot.games.codec import CorruptStateError
    from bot.table.servers import CORRUPT_SENTENCE
    from cogs._permissions import forbidden_sentence

    original = getattr(error, "original", None)
    if isinstance(original, Exception) and not isinstance(error, UserFacingError):
        inner = sentence_for(original)
        if inner is not None:
            return inner
    if isinstance(error, UserFacingError):
        return error.sentence
    if isinstance(error, discord.Forbidden):
        return forbidden_sentence(error)
    if isinstance(error, CorruptStateError):
        return tr(CORRUPT_SENTENCE)
    if isinstance(error, app_commands.CommandOnCooldown):
        return tr(
            "Slow down a little: try again in {seconds} seconds.",
            seconds=f"{error.retry_after:.0f}",
        )
    if isinstance(error, app_commands.NoPrivateMessage):
        return tr("Games are played in a server channel, not in direct messages.")
    if isinstance(error, app_commands.MissingPermissions | app_commands.BotMissingPermissions):
        from cogs._permissions import permission_name

        missing = ", ".join(permission_name(p) for p in error.missing_permissions)
        if isinstance(error, app_commands.BotMissingPermissions):
            return tr(
                "I am missing a permission for that here: {permissions}.", permissions=missing
            )
        return tr("You are missing a permission for that here: {permissions}.", permissions=missing)
    if isinstance(error, app_commands.TransformerError):
        return tr("I could not understand {typed} for that option.", typed=quoted(str(error.value)))
    if isinstance(error, app_commands.CheckFailure):
        return str(error) or tr("You cannot use that command here.")
    if isinstance(error, app_commands.CommandNotFound):
        return tr("That command is not available any more; Discord may still be updating the list.")
    return None


def context_of(interaction: discord.Interaction) -> dict[str, Any]:
    """What to log about an interaction: enough to reproduce, no secrets (no token)."""
    command = interaction.command
    return {
        "interaction_id": interaction.id,
        "type": getattr(interaction.type, "name", interaction.type),
        "command": getattr(command, "qualified_name", None),
        "options": (interaction.data or {}).get("options"),
        "custom_id": (interaction.data or {}).get("custom_id"),
        "user_id": interaction.user.id if interaction.user else None,
        "guild_id": interaction.guild_id,
        "channel_id": interaction.channel_id,
    }


CONTENT_LIMIT = 2000
"""Discord's limit on message content."""


async def _tell(interaction: discord.Interaction, sentence: str) -> None:
    """Send `sentence` privately, whatever state the interaction response is in."""
    if interaction.type is discord.InteractionType.autocomplete:
        # Autocomplete cannot show text; an empty list is the polite answer.
        if not interaction.response.is_done():
            await interaction.response.autocomplete([])
        return
    if len(sentence) > CONTENT_LIMIT:
        # A sentence may quote what was typed (up to 6000 characters); Discord refuses message
        # content over 2000, and then the user would see "interaction failed" instead.
        sentence = sentence[: CONTENT_LIMIT - 1] + "…"
    # A sentence may quote what was typed: whatever it holds, it pings nobody.
    quiet = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(sentence, ephemeral=True, allowed_mentions=quiet)
    else:
        await interaction.response.send_message(sentence, ephemeral=True, allowed_mentions=quiet)


async def handle_error(interaction: discord.Interaction, error: Exception) -> None:
    """Answer `error` privately; log bugs with the interaction's context.

    Installed as `CommandTree.on_error`; button callbacks call it directly for their exceptions.
    """
    original = getattr(error, "original", None)
    if isinstance(error, app_commands.CommandInvokeError) and isinstance(original, UserFacingError):
        error = original
    sentence = sentence_for(error)
    if sentence is None:
        cause = original if original is not None else error
        log.error(
            "unexpected error in %s: %r",
            context_of(interaction),
            cause,
            exc_info=(type(cause), cause, cause.__traceback__),
        )
        sentence = tr(GENERIC_SENTENCE)
    else:
        log.debug("user error in %s: %s", context_of(interaction), sentence)
    try:
        await _tell(interaction, sentence)
    except discord.HTTPException:
        log.warning("could not send the error sentence for interaction %s", interaction.id)
