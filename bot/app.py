"""The Discord application: `GameBot` and `run_bot(settings)`.

Wiring follows discord.py's `examples/advanced_startup.py`: dependencies are injected through the
constructor (or opened in `setup_hook` when not given), extensions are loaded from a list
derived from the game registry with per-extension error logging (the persistent buttons are
registered by the `cogs.components` extension), and the command tree is synced globally when
its payload's hash differs from the last sync (plus a copy to a development guild when one is
configured).

This module and `cogs/` are the only places that import discord. This module names cogs only
as extension strings: cogs import the bot's type, never the other way round.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.heap import settle_heap
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.sessions.service import GameService
    from bot.storage.base import SessionStore
    from bot.table.commands import Table
    from bot.table.serverconf import ServerConf

log = logging.getLogger(__name__)

__all__ = ["GameBot", "default_extensions", "run_bot", "run_sync", "server_defaults"]

COMPONENTS_EXTENSION = "cogs.components"
"""Registers the persistent buttons and menus (`DynamicItem`s) that outlive a restart."""

LANGUAGE_EXTENSION = "cogs.language"
"""Sets the command tree's translator: descriptions and choices from the message catalogs."""


def _intents(settings: Settings) -> discord.Intents:
    """Slash commands and components need no privileged intent; Server Members only if the
    owner opted in (a leaving host then hands the host role on)."""
    intents = discord.Intents.default()
    intents.members = settings.members_intent
    return intents


def default_extensions() -> tuple[str, ...]:
    """The extensions `setup_hook` loads, in order: the `/game` group, the command texts'
    translator, the persistent components, each registered game's command group
    (`bot.table.registry`), the error handler. A failing one is logged and skipped."""
    from bot.table.registry import cog_extensions

    return (
        "cogs.table",
        LANGUAGE_EXTENSION,
        COMPONENTS_EXTENSION,
        *cog_extensions(),
        "cogs.errors",
    )


class GameBot(commands.AutoShardedBot):
    """The Guildhall bot: slash commands over a `Table`, which sits on a `GameService`.

    Args:
        settings: Configuration (token, database path, dev guild...).
        store: An open session store; None: open the configured one (PostgreSQL at
            `settings.database_url`, else SQLite at `settings.database_path`) in setup_hook.
        service: The game service; None: built on the store in setup_hook.
        table: The command layer; None: built on the service in setup_hook.
        extensions: Extensions to load (default `default_extensions()`).
        force_sync: sync the command tree even if it did not change (`python -m bot sync`).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        store: SessionStore | None = None,
        service: GameService | None = None,
        table: Table | None = None,
        extensions: tuple[str, ...] | None = None,
        force_sync: bool = False,
    ) -> None:
        # Slash commands and components need no privileged intent (no message content, members).
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=_intents(settings),
            help_command=None,
            # Nobody is pinged unless a message names them (`cogs._replies.message_kwargs`
            # lists exactly the users whose turn it is): a typed mention echoed back never pings.
            allowed_mentions=discord.AllowedMentions.none(),
            # Several processes: each connects only its SHARD_IDS of SHARD_COUNT. Unset, one
            # process takes every shard Discord recommends.
            shard_count=settings.shard_count,
            shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),
        )
        self.settings = settings
        self._store = store
        self._service = service
        self._table = table
        self._owns_store = store is None
        self._heap_settled = False  # see bot.heap: done once, at the first ready
        self.initial_extensions = extensions if extensions is not None else default_extensions()
        self.failed_extensions: dict[str, BaseException] = {}
        self.force_sync = force_sync
        from bot.metrics import Metrics

        self.metrics = Metrics(settings.metrics_port)
        """Moves, refusals, store and render times, timer lag, shards (`bot.metrics`)."""
        self._health_task: asyncio.Task[None] | None = None

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
            from bot.storage.opening import open_store

            # Opening applies pending migrations (SQLite or PostgreSQL, as configured).
            self._store = await open_store(
                self.settings.database_url.reveal(), self.settings.database_path
            )
        if self._service is None:
            from bot.sessions.service import GameService

            self._service = GameService(self._store)
        if self._table is None:
            from bot.table.base import load_render_png
            from bot.table.commands import Table

            self._table = Table(
                self._service,
                timed_render(load_render_png(), self.metrics),
                defaults=server_defaults(self.settings),
            )
        self._instrument()

    def _instrument(self) -> None:
        """Count moves and refusals and time the store's transactions (`bot.metrics`)."""
        from bot.sessions.models import MoveResult

        metrics = self.metrics
        if hasattr(self.store, "observe"):
            self.store.observe = metrics.store_seconds  # type: ignore[attr-defined]

        def counted(game: str, answer: object) -> None:
            code = None if isinstance(answer, MoveResult) else getattr(answer, "code", None)
            metrics.move(game, None if code is None else code.name)

        self.service.on_submit = counted

    async def _health_loop(self) -> None:
        """Every `HEALTH_MINUTES`: refresh the gauges (open games, shards); without a metrics
        port, log the one-line health summary."""
        from bot.metrics import HEALTH_MINUTES
        from bot.storage.extras import extras_for

        extras = extras_for(self.store)
        while not self.is_closed():
            await asyncio.sleep(HEALTH_MINUTES * 60)
            try:
                shards = {
                    shard_id: None if info.is_closed() else info.latency
                    for shard_id, info in self.shards.items()
                }
                self.metrics.gauges(open_games=await extras.open_game_count(), shards=shards)
                if self.metrics.port is None:
                    log.info(self.metrics.health_line())
            except Exception:  # the report must never take the bot down
                log.exception("the health report failed")

    # ------------------------------------------------------------------ start-up

    async def setup_hook(self) -> None:
        """Open the store, load extensions (which register the persistent buttons), sync the
        commands if they changed."""
        await self._open_dependencies()
        for extension in self.initial_extensions:
            try:
                await self.load_extension(extension)
            except Exception as exc:  # one broken cog must not keep the others down
                self.failed_extensions[extension] = exc
                log.exception("failed to load extension %s", extension)
        await self.sync_commands(force=self.force_sync)
        self._health_task = asyncio.create_task(self._health_loop())

    # ------------------------------------------------------------------ command sync

    async def command_payload_hash(self, guild: discord.abc.Snowflake | None = None) -> str:
        """A hash of the command tree exactly as it would be sent to Discord, translations
        included (a changed catalog is a changed tree)."""
        translator = self.tree.translator
        commands_ = self.tree.get_commands(guild=guild)
        if translator is None:
            payload = [command.to_dict(self.tree) for command in commands_]
        else:
            payload = [await c.get_translated_payload(self.tree, translator) for c in commands_]
        text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Send the command tree to Discord when it differs from the last sync (its payload's
        hash is kept in the database, per application), or always with `force`. Globally, and
        as a copy to `DEV_GUILD_ID` when set (instant there). Returns True if anything was
        sent; a failure is logged and retried at the next start."""
        from bot.storage.extras import extras_for

        if not force and not self.settings.syncs_commands:
            log.info("commands are synced by the process holding shard 0; not syncing")
            return False
        extras = extras_for(self.store)
        sent = False
        targets: list[discord.Object | None] = [None]
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            targets.append(guild)
        # Per application: a database moved to another bot (a new token) syncs that bot too.
        app = self.application_id or 0
        for guild in targets:
            key = f"commands:{app}:global" if guild is None else f"commands:{app}:guild:{guild.id}"
            digest = await self.command_payload_hash(guild)
            if not force and await extras.meta(key) == digest:
                log.info("commands unchanged since the last sync (%s); not syncing", key)
                continue
            try:
                synced = await self.tree.sync(guild=guild)
            except discord.HTTPException:
                log.exception("syncing commands (%s) failed; will try at the next start", key)
                continue
            await extras.set_meta(key, digest)
            log.info("synced %d commands (%s)", len(synced), key)
            sent = True
        return sent

    async def on_ready(self) -> None:
        """Log who we are once connected; the first time, settle the start-up heap."""
        log.info("connected as %s (id %s)", self.user, getattr(self.user, "id", "?"))
        if not self._heap_settled:
            self._heap_settled = True
            settle_heap()

    async def close(self) -> None:
        """Close Discord, then the store if we opened it."""
        if self._health_task is not None:
            self._health_task.cancel()
        await super().close()
        if self._owns_store and self._store is not None:
            await self._store.close()
            self._store = None


def timed_render(render: Any, metrics: Any) -> Any:
    """`render` (a `render_png`), each call's time told to `metrics.render_seconds`."""

    def timed(*args: Any, **kwargs: Any) -> Any:
        began = time.perf_counter()
        try:
            return render(*args, **kwargs)
        finally:
            metrics.render_seconds(time.perf_counter() - began)

    return timed


def server_defaults(settings: Settings) -> ServerConf:
    """Every server's `/game settings` before it changes any: from the environment."""
    from bot.table.serverconf import ServerConf

    return ServerConf(
        reminder_hours=settings.turn_reminder_hours,
        turn_hours=settings.default_turn_hours,
        timeout_action=settings.turn_limit_action,
        threads=settings.tables_in_threads,
        lobby_cap=settings.lobbies_per_member,
    )


def run_sync(settings: Settings) -> int:
    """`python -m bot sync`: log in, send the command tree to Discord whatever the stored hash
    says, and stop (no gateway connection). Returns a process exit status."""
    from bot.logging_setup import setup_logging
    from bot.settings import missing_token_help

    setup_logging(settings.log_level)
    if not settings.has_token:
        log.error("no DISCORD_TOKEN configured\n%s", missing_token_help())
        return 2

    async def main() -> None:
        bot = GameBot(settings, force_sync=True)
        async with bot:
            await bot.login(settings.discord_token.reveal())  # runs setup_hook, which syncs

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        log.error("Discord refused the token: check DISCORD_TOKEN")
        return 1
    return 0


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
