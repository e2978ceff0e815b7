"""The central error handler: user mistakes get their sentence, bugs get logged and an apology."""

from __future__ import annotations

import logging

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from cogs._errors import GENERIC_SENTENCE, UserFacingError
from tests.cogs.harness import ALICE, C1, Harness, no_network


class Boom(commands.Cog):
    """Commands that fail on purpose."""

    @app_commands.command(name="boom")
    async def boom(self, interaction: discord.Interaction, after_defer: bool = False) -> None:
        """Raise a bug.

        Args:
            after_defer: Defer first, then fail.
        """
        if after_defer:
            await interaction.response.defer(ephemeral=True, thinking=True)
        raise RuntimeError("kaboom-detail")

    @app_commands.command(name="oops")
    async def oops(self, interaction: discord.Interaction) -> None:
        """Raise a user mistake."""
        raise UserFacingError("There is no game called 'chess'.")

    @app_commands.command(name="slow")
    @app_commands.checks.cooldown(1, 60)
    async def slow(self, interaction: discord.Interaction) -> None:
        """Succeed once a minute."""
        await interaction.response.send_message("ok")


async def _harness() -> Harness:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    await bot.load_extension("cogs.errors")
    await bot.add_cog(Boom())
    return await Harness.start(bot)


@pytest.mark.asyncio
@pytest.mark.parametrize("after_defer", [False, True])
async def test_a_bug_is_logged_with_context_and_answered_politely(
    caplog: pytest.LogCaptureFixture, after_defer: bool
) -> None:
    """An exception becomes the generic ephemeral sentence; the log has traceback and context."""
    with no_network():
        h = await _harness()
        with caplog.at_level(logging.ERROR, logger="cogs._errors"):
            ex = await h.slash("boom", after_defer=after_defer, user=ALICE, channel=C1)
        await h.close()
    assert ex.ephemeral_text == GENERIC_SENTENCE
    assert not ex.public
    assert "kaboom-detail" not in ex.text
    record = next(r for r in caplog.records if r.name == "cogs._errors")
    assert record.exc_info is not None and "kaboom-detail" in str(record.exc_info[1])
    assert "'command': 'boom'" in record.getMessage()
    assert str(ALICE.id) in record.getMessage() and str(C1.id) in record.getMessage()


@pytest.mark.asyncio
async def test_a_user_mistake_gets_its_sentence_and_no_error_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """UserFacingError shows its own sentence privately and is not logged as an error."""
    with no_network():
        h = await _harness()
        with caplog.at_level(logging.ERROR):
            ex = await h.slash("oops")
        await h.close()
    assert ex.ephemeral_text == "There is no game called 'chess'."
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.asyncio
async def test_a_cooldown_is_explained() -> None:
    """discord.py's own check failures become sentences too."""
    with no_network():
        h = await _harness()
        first = await h.slash("slow")
        second = await h.slash("slow")
        await h.close()
    assert first.public_text == "ok"
    assert second.ephemeral_text.startswith("Slow down a little")
