"""The harness itself: real discord.py dispatch against the fakes, with a tiny throwaway cog."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.cogs.harness import ALICE, BOB, C1, Harness, no_network


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"t:(?P<n>\d+)"):
    """A persistent button carrying a number in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"n={n}", custom_id=f"t:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"clicked {self.n} by {interaction.user.id}")


class Demo(commands.GroupCog, name="demo"):
    """A demo group."""

    @app_commands.command(name="echo")
    async def echo(self, interaction: discord.Interaction, word: str, times: int = 1) -> None:
        """Repeat a word.

        Args:
            word: The word.
            times: How often.
        """
        await interaction.response.send_message(" ".join([word] * times), ephemeral=times > 2)

    @echo.autocomplete("word")
    async def word_ac(self, interaction: discord.Interaction, current: str):
        words = ["alpha", "beta", "bravo", "charlie"]
        return [app_commands.Choice(name=w, value=w) for w in words if w.startswith(current)]

    @app_commands.command(name="slow")
    async def slow(self, interaction: discord.Interaction, ping: discord.Member) -> None:
        """Defer, then follow up with a file, a button and a ping.

        Args:
            ping: Who to ping.
        """
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("private first", ephemeral=False)
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(7))
        await interaction.followup.send(
            f"your turn {ping.mention}",
            file=discord.File(__import__("io").BytesIO(b"PNGDATA"), filename="board.png"),
            view=view,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=[ping]),
        )

    @app_commands.command(name="thread")
    async def thread(self, interaction: discord.Interaction) -> None:
        """Open a thread."""
        assert isinstance(interaction.channel, discord.TextChannel)
        t = await interaction.channel.create_thread(
            name="game 1", type=discord.ChannelType.public_thread
        )
        await t.send("hello thread")
        await interaction.response.send_message(f"opened {t.mention}")


async def _bot() -> Harness:
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    await bot.add_cog(Demo())
    bot.add_dynamic_items(Counter)
    return await Harness.start(bot)


@pytest.mark.asyncio
async def test_slash_goes_through_the_real_tree() -> None:
    """Options are parsed by discord.py's transformers; the ephemeral flag is read from flags."""
    with no_network():
        h = await _bot()
        ex = await h.slash("demo echo", word="hi", times=2, user=ALICE)
        assert ex.public_text == "hi hi"
        ex = await h.slash("demo echo", word="hi", times=3)
        assert ex.ephemeral_text == "hi hi hi" and not ex.public
        assert ex.interaction is not None and ex.interaction.user.id == ALICE.id
        await h.close()


@pytest.mark.asyncio
async def test_autocomplete_choices_are_recorded() -> None:
    """A type 4 payload with a focused option reaches the autocomplete callback."""
    with no_network():
        h = await _bot()
        ex = await h.autocomplete("demo echo", focused="word", word="b")
        assert ex.choice_values == ["beta", "bravo"]
        assert ex.response_types == [8]
        await h.close()


@pytest.mark.asyncio
async def test_first_followup_after_defer_takes_the_defer_visibility() -> None:
    """Discord turns the first follow-up into the deferred message, ephemeral included."""
    with no_network():
        h = await _bot()
        ex = await h.slash("demo slow", ping=BOB)
        assert ex.response_types == [5]
        assert [m.ephemeral for m in ex.messages] == [True, False]
        board = ex.public[0]
        assert board.files == [("board.png", b"PNGDATA")]
        assert board.pinged_ids == [BOB.id]
        assert board.buttons == [("n=7", "t:7")]
        click = await h.click("t:7", user=BOB)
        assert click.public_text == f"clicked 7 by {BOB.id}"
        await h.close()


@pytest.mark.asyncio
async def test_threads_and_channel_messages() -> None:
    """REST calls (thread creation, channel send) go to the fake HTTP client."""
    with no_network():
        h = await _bot()
        ex = await h.slash("demo thread", channel=C1)
        assert ex.threads and ex.threads[0].payload["name"] == "game 1"
        thread_id = next(iter(h.rec.threads))
        assert [m.content for m in h.channel_messages(thread_id)] == ["hello thread"]
        assert f"<#{thread_id}>" in ex.public_text
        await h.close()
