"""`/game …`: lobbies, seats, status, history, rules and help for every game.

Thin by design: each command parses its options, calls the `Table` and hands the replies to
`cogs._replies`. The only Discord-specific work here is opening a thread for `/game new thread:`
and the timer loop: every few minutes `run_timers` abandons games whose turn deadline passed
(`/game new turn_hours:`) and, when `TURN_REMINDER_HOURS` is set, reminds the awaited players,
posting in each game's channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.games import registry
from bot.games.rejections import Rejection
from bot.i18n import LANGUAGES, say, tr
from bot.sessions import levels
from bot.table.format import quoted
from bot.table.refusals import seat_name
from bot.table.serverconf import AUTO_LANGUAGE, TIMEOUT_ACTIONS, UNDO_HOURS_MAX
from cogs._base import bot_of, caller_of, choice, rank, run
from cogs._errors import UserFacingError
from cogs._permissions import (
    CHANNEL_NEEDS,
    IN_THREAD_NEEDS,
    OPEN_THREAD,
    POST_IN_THREAD,
    RUN_HERE,
    THREAD_NEEDS,
    missing,
    missing_sentence,
)
from cogs._replies import (
    defer,
    deliver_in,
    notice_refused,
    nudge,
    send_direct,
    show_public,
)

if TYPE_CHECKING:
    from bot.app import GameBot
    from bot.table.replies import ChannelPost

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES = 10080  # a week: asynchronous games are slow
TIMER_MINUTES = 5
"""How often deadlines and reminders are checked."""
MAX_TURN_HOURS = 8784.0  # a year
MIN_TURN_HOURS = 0.1
ARCHIVED_THREAD = 50083
"""Discord's error code for an operation on an archived thread."""
UNKNOWN_CHANNEL = 10003
"""Discord's error code for a channel or thread that no longer exists."""


def _game_names() -> dict[str, str]:
    """game key -> display name for every registered game, in the current language."""
    return {key: say(engine.spec.display_name) for key, engine in sorted(registry().items())}


def _setting_choices(offered: dict[str, str], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a setting with a few values (value -> what it means, said now): the
    `/game` group stays within Discord's 4,000 characters, which static choices in every
    language would pass, and members read the meanings in their own language."""
    ranked = rank(offered, current, key=lambda v: f"{v} {offered[v]}")
    return [choice(f"{v}: {offered[v]}", v) for v in ranked]


def _language_names() -> dict[str, str]:
    """`/game settings language:` values: each shipped language by its own name, or back to
    following the server's Discord language."""
    names = {code: language.name for code, language in LANGUAGES.items()}
    names[AUTO_LANGUAGE] = tr("the server's Discord language")
    return names


def _viewer_of(interaction: discord.Interaction) -> Callable[[int], bool]:
    """Whether the member may view a channel or thread of this server (from the guild cache;
    a place not cached is taken as visible): `/game list` lists no game of a private channel
    to members who cannot open it."""
    guild, member = interaction.guild, interaction.user
    seen: dict[int, bool] = {}  # games share channels (a thread's game is listed by its channel)

    def can_see(channel_id: int) -> bool:
        if guild is None or not isinstance(member, discord.Member):
            return True
        if channel_id not in seen:
            place = guild.get_channel_or_thread(channel_id)
            seen[channel_id] = place is None or place.permissions_for(member).view_channel
        return seen[channel_id]

    return can_see


async def _game_choices(current: str) -> list[app_commands.Choice[str]]:
    names = _game_names()
    ranked = rank(names, current, key=lambda k: f"{k} {names[k]}")
    return [choice(names[k], k) for k in ranked]


@app_commands.guild_only()
class TableCog(
    commands.GroupCog,
    group_name="game",
    group_description="Play board games here.",  # i18n-exempt: the tree's, cogs/language.py
):
    """Lobbies, seats and information for every game (/game …)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._last_round: float | None = None  # when the last timer round began (monotonic)
        super().__init__()

    # ------------------------------------------------------------------ timers

    async def cog_load(self) -> None:
        """Start the deadline and reminder loop."""
        self.timers.start()

    async def cog_unload(self) -> None:
        """Stop the loop."""
        self.timers.cancel()

    @tasks.loop(minutes=TIMER_MINUTES)
    async def timers(self) -> None:
        """One round of `run_timers`; a failure is logged and the loop keeps going."""
        began = time.monotonic()
        metrics = getattr(self.bot, "metrics", None)
        if metrics is not None and self._last_round is not None:
            metrics.timer_lag(max(0.0, began - self._last_round - TIMER_MINUTES * 60))
        self._last_round = began
        try:
            await self.run_timers()
        except Exception:
            log.exception("the deadline/reminder round failed")

    @timers.before_loop
    async def _before_timers(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:
            # Loaded without a login (tests, tools): wait until a login makes the bot ready.
            while not self.bot.is_ready():
                await asyncio.sleep(TIMER_MINUTES * 60)

    async def run_timers(self, now: datetime | None = None) -> list[ChannelPost]:
        """Abandon games past their turn deadline and remind awaited players (once per
        `TURN_REMINDER_HOURS`), posting each notice in its game's channel; `now` defaults to the
        service clock. Returns what was posted."""
        bot: GameBot = self.bot  # type: ignore[assignment]
        posts = await bot.table.timers_round(now)
        for post in posts:
            await self.post(post)
        return posts

    async def resume_games(self) -> list[ChannelPost]:
        """Let bots play wherever a failure or a restart left them to act; post their moves."""
        bot: GameBot = self.bot  # type: ignore[assignment]
        posts = await bot.table.resume_bots()
        for post in posts:
            await self.post(post)
        return posts

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """At every (re)connection: games stuck on a bot's turn are moved on."""
        try:
            await self.resume_games()
        except Exception:
            log.exception("resuming the bots' turns at start failed; the timer loop retries")

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its games (and its threads' games); records are kept."""
        await self._place_deleted(channel.id, channel.guild.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A deleted thread ends its game; records are kept."""
        await self._place_deleted(payload.thread_id, payload.guild_id)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A host who leaves the server hands the host role on (this event needs the optional
        Server Members intent; without it moderators use `/game host`)."""
        bot: GameBot = self.bot  # type: ignore[assignment]
        await bot.table.member_left(payload.guild_id, payload.user.id)

    async def _place_deleted(self, place_id: int, guild_id: int | None = None) -> None:
        bot: GameBot = self.bot  # type: ignore[assignment]
        for session in await bot.table.place_deleted(place_id, guild_id):
            log.info("session %s ended: its channel or thread %s was deleted", session.id, place_id)

    async def post(self, post: ChannelPost) -> bool:
        """Post `post` in its game's channel or thread; an archived thread is unarchived first
        (Discord refuses posts there). A place found deleted ends its games; lost permissions are
        logged; neither stops the other games' posts. Returns True if posted."""
        if post.reply.only_for is not None:
            return await self._post_privately(post)
        channel = self.bot.get_partial_messageable(post.channel_id)
        for attempt in range(2):
            try:
                await show_public(self.bot, post.reply, channel.send)
                return True
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_CHANNEL:
                    # Deleted while no gateway event reached us (the bot was down, or a
                    # user-made thread's channel went): end its games as the event would.
                    await self._place_deleted(post.channel_id)
                log.warning("could not post in channel %s", post.channel_id, exc_info=True)
                return False
            except discord.HTTPException as exc:
                if attempt == 0 and getattr(exc, "code", 0) == ARCHIVED_THREAD:
                    if await self._unarchive(post.channel_id):
                        continue
                log.warning("could not post in channel %s", post.channel_id, exc_info=True)
                return False
        return False

    async def _post_privately(self, post: ChannelPost) -> bool:
        """A private reply of a post made without a command goes by DM; if refused, a turn
        notice is turned off and a hidden event becomes a nudge in the channel."""
        user_id = post.reply.only_for
        assert user_id is not None
        place = self.bot.get_channel(post.channel_id)
        guild_id = getattr(getattr(place, "guild", None), "id", None)
        if await send_direct(self.bot, post.reply, post.channel_id, guild_id):
            return True
        if post.reply.notice:
            await notice_refused(self.bot, user_id)
            return False
        bot: GameBot = self.bot  # type: ignore[assignment]
        with await bot.table.publicly(guild_id=guild_id):  # the nudge is for the channel
            shown = nudge(user_id)
        return await self.post(ChannelPost(post.channel_id, shown))

    async def _unarchive(self, thread_id: int) -> bool:
        """Reopen an archived thread so a game can post in it again."""
        try:
            thread = await self.bot.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=False)
                return True
        except discord.HTTPException:
            log.warning("could not unarchive thread %s", thread_id, exc_info=True)
        return False

    # ------------------------------------------------------------------ lobby

    @app_commands.command(name="new")
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        thread: bool | None = None,
        turn_hours: app_commands.Range[float, MIN_TURN_HOURS, MAX_TURN_HOURS] | None = None,
        rated: bool | None = None,
    ) -> None:
        """Open a lobby for a new game here; you become the host.

        Args:
            game: Which game to play.
            options: Game options as key=value, for example "games=3".
            thread: Open the game in a new thread (default: the server's setting).
            turn_hours: Hours each turn may take (what then happens is the server's setting).
            rated: Whether the game counts for ratings (default: the server's setting).
        """
        table = bot_of(interaction).table
        if game.strip().lower() not in _game_names():
            known = ", ".join(_game_names()) or tr("none")
            raise UserFacingError(
                tr(
                    "There is no game called {game}. Games: {games}.",
                    game=quoted(game),
                    games=known,
                )
            )
        if turn_hours is not None and not MIN_TURN_HOURS <= turn_hours <= MAX_TURN_HOURS:
            # Discord checks the range, but a raw interaction need not come through Discord
            # (NaN fails every comparison, so it is refused here too).
            raise UserFacingError(
                tr(
                    "`turn_hours` takes a number of hours from {least} to {most} (a year), "
                    "like `turn_hours:24`, not {typed}.",
                    least=f"{MIN_TURN_HOURS:g}",
                    most=f"{MAX_TURN_HOURS:g}",
                    typed=quoted(str(turn_hours)),
                )
            )
        limit = None if turn_hours is None else timedelta(hours=turn_hours)
        caller = caller_of(interaction)
        if thread is None:
            thread = (await table.conf(caller.guild_id)).threads
        # Everything is checked before anything is created: no empty thread is left behind.
        problem = await table.check_new(caller, game, options)
        if problem:
            raise UserFacingError(problem)
        channel = interaction.channel
        where = getattr(channel, "mention", None) or tr("this channel")
        if not thread:
            needs = CHANNEL_NEEDS
            if isinstance(channel, discord.Thread):
                # A thread's permissions are its channel's, where an admin grants them.
                needs = IN_THREAD_NEEDS
                where = tr("{channel} (this thread's channel)", channel=f"<#{channel.parent_id}>")
            lacking = missing(interaction.app_permissions, needs)
            if lacking:
                raise UserFacingError(missing_sentence(lacking, where, RUN_HERE))
            await run(
                interaction,
                lambda: table.new(caller, game, options, turn_timeout=limit, rated=rated),
            )
            return
        if not isinstance(channel, discord.TextChannel):
            raise UserFacingError(
                tr(
                    "I can only open a thread from a text channel; use `/game new` with "
                    "`thread:False` here."
                )
            )
        lacking = missing(interaction.app_permissions, THREAD_NEEDS)
        if lacking:
            raise UserFacingError(missing_sentence(lacking, where, OPEN_THREAD))
        await defer(interaction)
        with await table.publicly(caller):  # the thread's name: everyone reads it
            thread_name = tr("{game} table", game=_game_names()[game.strip().lower()])
        try:
            created = await channel.create_thread(
                name=thread_name,
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.Forbidden as exc:
            raise UserFacingError(
                missing_sentence(["create_public_threads"], where, OPEN_THREAD)
            ) from exc
        replies = await table.new(
            caller, game, options, thread_id=created.id, turn_timeout=limit, rated=rated
        )
        try:
            ack = tr("The lobby is open in {thread}.", thread=created.mention)
            await deliver_in(interaction, created, replies, ack=ack)
        except discord.Forbidden as exc:
            # The thread exists but may not be posted in: close the lobby and remove the thread.
            await table.place_deleted(created.id, interaction.guild_id)
            with contextlib.suppress(discord.HTTPException):
                await created.delete()
            raise UserFacingError(
                missing_sentence(["send_messages_in_threads"], where, POST_IN_THREAD)
            ) from exc

    @new.autocomplete("game")
    async def _new_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _game_choices(current)

    @app_commands.command(name="join")
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat in the lobby of this channel."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.join(caller_of(interaction)))

    @app_commands.command(name="leave")
    async def leave(self, interaction: discord.Interaction, confirm: bool = False) -> None:
        """Give up your seat here; in a running game a computer player takes it over.

        Args:
            confirm: Leave a running game at once, without the question first.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.leave(caller_of(interaction), confirm))

    @app_commands.command(name="add-bot")
    async def add_bot(self, interaction: discord.Interaction, name: str) -> None:
        """Seat a computer player in the lobby (host only).

        Args:
            name: easy (rules of thumb, instant) or strong (searches ahead).
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.add_bot(caller_of(interaction), name))

    @add_bot.autocomplete("name")
    async def _bot_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        engine = await _engine_here(interaction)
        if engine is None:
            return []
        return [choice(n, n) for n in rank(levels.choices(engine.bots), current)]

    @app_commands.command(name="kick")
    async def kick(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 99]
    ) -> None:
        """Remove a seat (a player or a bot) from the lobby (host only).

        Args:
            seat: The seat's number as the lobby lists it.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.kick(caller_of(interaction), seat))

    @app_commands.command(name="start")
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game in this channel's lobby (host only); seats are then fixed."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.start(caller_of(interaction)))

    # ------------------------------------------------------------------ information

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction, public: bool = False) -> None:
        """Privately: the board, whose turn it is, the scores and your own hidden information.

        Args:
            public: Post the board for everyone (your hidden information stays private).
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.status(caller_of(interaction), public))

    @app_commands.command(name="details")
    async def details(self, interaction: discord.Interaction) -> None:
        """Privately, what the board leaves out: whole hands, buildings, the building legend."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.details(caller_of(interaction)))

    @app_commands.command(name="history")
    async def history(
        self,
        interaction: discord.Interaction,
        last: app_commands.Range[int, 1, 50] = 10,
        public: bool = False,
    ) -> None:
        """Privately: the last moves of this channel's game.

        Args:
            last: How many moves to show (1 to 50).
            public: Post the list for everyone.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.history(caller_of(interaction), last, public))

    @app_commands.command(name="abandon")
    async def abandon(self, interaction: discord.Interaction) -> None:
        """End this channel's game: at once for the host, by everyone's vote otherwise."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.abandon(caller_of(interaction)))

    @app_commands.command(name="rules")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The rules in short, key numbers and our rules notes.

        Args:
            game: Which game; by default the one played in this channel.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.rules(caller_of(interaction), game))

    @rules.autocomplete("game")
    async def _rules_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _game_choices(current)

    # ------------------------------------------------------------------ asynchronous play

    @app_commands.command(name="away")
    async def away(
        self,
        interaction: discord.Interaction,
        until: app_commands.Range[str, 1, 40],
        reason: app_commands.Range[str, 0, 100] | None = None,
    ) -> None:
        """Go away: your turn limits and reminders pause in every game you play.

        Args:
            until: When you are back: a number of days ("5"), "3 Dec" or "2026-12-03".
            reason: Shown with your name while you are away, e.g. "travelling".
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.away(caller_of(interaction), until, reason or ""))

    @app_commands.command(name="back")
    async def back(self, interaction: discord.Interaction) -> None:
        """End your absence: your turn limits run again with the time that was left."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.back(caller_of(interaction)))

    @app_commands.command(name="standin")
    async def standin(self, interaction: discord.Interaction, player: discord.User) -> None:
        """Let a bot play for an away player until they return (all others must agree).

        Args:
            player: The away player.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.standin(caller_of(interaction), player.id))

    @app_commands.command(name="undo")
    @app_commands.choices(
        answer=[
            app_commands.Choice(name="accept", value="accept"),
            app_commands.Choice(name="decline", value="decline"),
        ]
    )
    async def undo(self, interaction: discord.Interaction, answer: str | None = None) -> None:
        """Ask the other players to take back your last move, or answer such a request.

        Args:
            answer: Accept or decline the undo another player asked for.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.undo(caller_of(interaction), answer))

    @app_commands.command(name="replay")
    async def replay(
        self,
        interaction: discord.Interaction,
        game: app_commands.Range[int, 1] | None = None,
        move: app_commands.Range[int, 0, 100_000] | None = None,
    ) -> None:
        """Privately replay a game of this channel, move by move.

        Args:
            game: Which game (see /game finished); by default the one here.
            move: The move to show; by default the last.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.replay(caller_of(interaction), game, move))

    @replay.autocomplete("game")
    async def _replay_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        bot = bot_of(interaction)
        try:
            games = await bot.service.finished_games(interaction.channel_id or 0, 25)
        except Exception:  # autocomplete must never fail loudly
            log.exception("finished games lookup failed during autocomplete")
            return []
        names = _game_names()
        labels = {
            s.id: f"#{s.id} {names.get(s.game_key, s.game_key)}: "
            + ", ".join(seat_name(seat) for seat in s.seats)
            for s in games
        }
        return [
            choice(labels[i][:100], i) for i in rank(list(labels), current, key=lambda i: labels[i])
        ]

    @app_commands.command(name="finished")
    async def finished(self, interaction: discord.Interaction) -> None:
        """List the games that ended in this channel, newest first."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.finished(caller_of(interaction)))

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """How to play with Guildhall: every command in one page."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.help(caller_of(interaction)))

    # ------------------------------------------------------------------ servers

    @app_commands.command(name="list")
    async def list_games(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        """This server's open lobbies and games, with links and whose turn it is (only to you).

        Args:
            page: Which page of 20 games (default: the first).
        """
        table = bot_of(interaction).table
        can_see = _viewer_of(interaction)
        await run(interaction, lambda: table.list_games(caller_of(interaction), can_see, page))

    @app_commands.command(name="mine")
    async def mine(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        """Every game you sit in, on any server, your moves first (only to you).

        Args:
            page: Which page of 20 games (default: the first).
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.mine(caller_of(interaction), page))

    @app_commands.command(name="notify")
    @app_commands.choices(
        setting=[
            app_commands.Choice(name="on", value="on"),
            app_commands.Choice(name="off", value="off"),
        ]
    )
    async def notify(
        self, interaction: discord.Interaction, setting: app_commands.Choice[str] | None = None
    ) -> None:
        """A direct message whenever it becomes your turn, in any game.

        Args:
            setting: on or off; leave it out to see the current setting.
        """
        table = bot_of(interaction).table
        on = None if setting is None else setting.value == "on"
        await run(interaction, lambda: table.notify(caller_of(interaction), on))

    @app_commands.command(name="settings")
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[float, 0.0, MAX_TURN_HOURS] | None = None,
        turn_hours: app_commands.Range[float, 0.0, MAX_TURN_HOURS] | None = None,
        turn_limit_action: app_commands.Range[str, 1, 20] | None = None,
        threads: bool | None = None,
        allow_channel: discord.TextChannel | None = None,
        disallow_channel: discord.TextChannel | None = None,
        lobby_cap: app_commands.Range[int, 0, 50] | None = None,
        away_days: app_commands.Range[int, 1, 60] | None = None,
        away_month_days: app_commands.Range[int, 1, 30] | None = None,
        undo_hours: app_commands.Range[float, 1.0, float(UNDO_HOURS_MAX)] | None = None,
        bot_level: app_commands.Range[str, 1, 20] | None = None,
        rated: bool | None = None,
        language: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        """This server's Guildhall settings; changing them needs Manage Server.

        Args:
            reminder_hours: Remind awaited players after this many hours (0: never).
            turn_hours: Turn limit of new games in hours (0: none).
            turn_limit_action: What happens when a turn limit passes.
            threads: Open new tables in a thread by default.
            allow_channel: Add a channel where tables may be opened (none listed: anywhere).
            disallow_channel: Remove a channel from that list.
            lobby_cap: Open lobbies one member may host (0: no cap).
            away_days: The longest absence a member may announce with /game away.
            away_month_days: The most days a member may be away in any 30.
            undo_hours: How long the others have to answer an undo request (1 to 720 hours).
            bot_level: The computer player for stand-ins and seats taken over.
            rated: Whether new games count for ratings unless /game new says otherwise.
            language: Language of public posts (private replies: each member's own).
        """
        table = bot_of(interaction).table
        caller = caller_of(interaction)
        changes: dict[str, Any] = {
            "reminder_hours": reminder_hours,
            "turn_hours": turn_hours,
            "timeout_action": turn_limit_action,
            "threads": threads,
            "lobby_cap": lobby_cap,
            "away_days": away_days,
            "away_month_days": away_month_days,
            "undo_hours": undo_hours,
            "bot_level": bot_level,
            "rated": rated,
            "language": language,
        }
        if allow_channel is not None or disallow_channel is not None:
            current = list((await table.conf(caller.guild_id)).channels)
            if allow_channel is not None and allow_channel.id not in current:
                current.append(allow_channel.id)
            if disallow_channel is not None and disallow_channel.id in current:
                current.remove(disallow_channel.id)
            changes["channels"] = current
        await run(interaction, lambda: table.settings(caller, **changes))

    @settings.autocomplete("turn_limit_action")
    async def _timeout_actions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _setting_choices({k: tr(v) for k, v in TIMEOUT_ACTIONS.items()}, current)

    @settings.autocomplete("bot_level")
    async def _bot_levels(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _setting_choices({k: tr(v) for k, v in levels.LEVEL_TEXT.items()}, current)

    @settings.autocomplete("language")
    async def _languages(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _setting_choices(_language_names(), current)

    @app_commands.command(name="pause")
    async def pause(self, interaction: discord.Interaction) -> None:
        """Pause this channel's game: no moves, reminders or turn limit (host or moderator)."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.pause(caller_of(interaction), True))

    @app_commands.command(name="resume")
    async def resume(self, interaction: discord.Interaction) -> None:
        """Resume this channel's paused game (host or moderator)."""
        table = bot_of(interaction).table
        await run(interaction, lambda: table.pause(caller_of(interaction), False))

    @app_commands.command(name="host")
    async def host(self, interaction: discord.Interaction, player: discord.Member) -> None:
        """Hand the host role to another player of this game (host or moderator).

        Args:
            player: The seated player who becomes the host.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.hand_host(caller_of(interaction), player.id))


@app_commands.guild_only()
class RatingsCog(
    commands.GroupCog,
    group_name="ratings",
    group_description="Leaderboards and players' records.",  # i18n-exempt: cogs/language.py
):
    """This server's leaderboards and players' records (/ratings …): a group of its own, as
    Discord allows 25 subcommands per group and the game group holds 25."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="leaderboard")
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        """This server's best 20 players of a game: rating, games played, win %.

        Args:
            game: Which game.
        """
        table = bot_of(interaction).table
        await run(interaction, lambda: table.leaderboard(caller_of(interaction), game))

    @leaderboard.autocomplete("game")
    async def _leaderboard_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _game_choices(current)

    @app_commands.command(name="profile")
    async def profile(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        hidden: bool | None = None,
    ) -> None:
        """A member's record in each game on this server, with a chart of their rating.

        Args:
            member: Whose profile (default: yours).
            hidden: Hide your own profile from other members (or show it again).
        """
        table = bot_of(interaction).table
        caller = caller_of(interaction)
        user_id = None if member is None else member.id
        name = None if member is None else member.display_name
        await run(interaction, lambda: table.profile(caller, user_id, name, hidden))


async def _engine_here(interaction: discord.Interaction) -> Any | None:
    """The engine of this channel's open session (lobby or game), or None."""
    bot = bot_of(interaction)
    try:
        status = await bot.service.status(interaction.channel_id or 0)
    except Exception:  # autocomplete must never fail loudly
        log.exception("lobby lookup failed during autocomplete")
        return None
    if isinstance(status, Rejection):
        return None
    return bot.service.engine_for(status.session)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(TableCog(bot))
    await bot.add_cog(RatingsCog(bot))
