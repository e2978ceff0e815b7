"""The Discord application: `GameBot` and `run_bot(settings)`.

Wiring follows discord.py's `examples/advanced_startup.py`: dependencies are injected through the
constructor (or opened in `setup_hook` when not given), extensions are loaded from a list
derived from the game registry with per-extension error logging (the persistent buttons are
registered by the `cogs.components` extension), and commands are synced to a development guild
when one is configured.

This module and `cogs/` are the only places that import discord. This module names cogs only
as extension strings: cogs import the bot's type, never the other way round.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.settings import Settings

if TYPE_CHECKING:
    from bot.sessions.service import GameService
    from bot.storage.base import SessionStore
    from bot.table.commands import Table

log = logging.getLogger(__name__)

__all__ = ["GameBot", "default_extensions", "run_bot"]

COMPONENTS_EXTENSION = "cogs.components"
"""Registers the persistent buttons and menus (`DynamicItem`s) that outlive a restart."""


def default_extensions() -> tuple[str, ...]:
    """The extensions `setup_hook` loads, in order: the `/game` group, the persistent
    components, each registered game's command group (`bot.table.registry`), the error handler.
    A failing one is logged and skipped."""
    from bot.table.registry import cog_extensions

    return ("cogs.table", COMPONENTS_EXTENSION, *cog_extensions(), "cogs.errors")


class GameBot(commands.Bot):
    """The Guildhall bot: slash commands over a `Table`, which sits on a `GameService`.

    Args:
        settings: Configuration (token, database path, dev guild...).
        store: An open session store; None: open SQLite at `settings.database_path` in setup_hook.
        service: The game service; None: built on the store in setup_hook.
        table: The command layer; None: built on the service in setup_hook.
        extensions: Extensions to load (default `default_extensions()`).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        store: SessionStore | None = None,
        service: GameService | None = None,
        table: Table | None = None,
        extensions: tuple[str, ...] | None = None,
    ) -> None:
        # Slash commands and components need no privileged intent (no message content, members).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.settings = settings
        self._store = store
        self._service = service
        self._table = table
        self._owns_store = store is None
        self.initial_extensions = extensions if extensions is not None else default_extensions()
        self.failed_extensions: dict[str, BaseException] = {}

    # ------------------------------------------------------------------ dependencies

    @property
    def store(self) -> SessionStore:
        """The open session store (available once setup_hook ran)."""
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook; the bot has not started yet")
        return self._store

    @property
    def service(self) -> GameService:
        """The game service (available once setup_hook ran)."""
        if self._service is None:
            raise RuntimeError("the service is built in setup_hook; the bot has not started yet")
        return self._service

    @property
    def table(self) -> Table:
        """The front-end-neutral command layer (available once setup_hook ran)."""
        if self._table is None:
            raise RuntimeError("the table is built in setup_hook; the bot has not started yet")
        return self._table

    async def _open_dependencies(self) -> None:
        if self._store is None:
            from bot.storage.sqlite import SqliteStore

            path = self.settings.database_path
            path.parent.mkdir(parents=True, exist_ok=True)
            # Opening applies pending migrations (PRAGMA user_version).
            self._store = await SqliteStore.open(path)
            log.info("opened the game database at %s", path)
        if self._service is None:
            from bot.sessions.service import GameService

            self._service = GameService(self._store)
        if self._table is None:
            from bot.table.commands import Table

            self._table = Table(self._service)

    # ------------------------------------------------------------------ start-up

    async def setup_hook(self) -> None:
        """Open the store, load extensions (which register the persistent buttons), sync."""
        await self._open_dependencies()
        for extension in self.initial_extensions:
            try:
                await self.load_extension(extension)
            except Exception as exc:  # one broken cog must not keep the others down
                self.failed_extensions[extension] = exc
                log.exception("failed to load extension %s", extension)
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to dev guild %s", len(synced), guild.id)

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        log.info("connected as %s (id %s)", self.user, getattr(self.user, "id", "?"))

    async def close(self) -> None:
        """Close Discord, then the store if we opened it."""
        await super().close()
        if self._owns_store and self._store is not None:
            await self._store.close()
            self._store = None


def run_bot(settings: Settings) -> int:
    """Build `GameBot` and run it until interrupted; return a process exit status.

    Without a token this prints nothing secret and returns 2 (the CLI shows the setup help).
    """
    from bot.logging_setup import setup_logging
    from bot.settings import missing_token_help

    setup_logging(settings.log_level)
    if not settings.has_token:
        log.error("no DISCORD_TOKEN configured\n%s", missing_token_help())
        return 2

    async def main() -> None:
        bot = GameBot(settings)
        async with bot:
            await bot.start(settings.discord_token.reveal())

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        log.error(
            "Discord refused the token: check DISCORD_TOKEN (reset it in the portal if needed)"
        )
        return 1
    except KeyboardInterrupt:
        log.info("stopped")
    return 0
