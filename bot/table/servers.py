"""What a real server needs around the games: its settings, the list of its games, each
player's games across servers, turn notifications, moderators' powers, bots resumed after a
failure or a restart, and games ended when their channel is deleted.

Moderators (the front end sets `Caller.moderator` for Manage Threads or Manage Server) may end,
pause and resume any game, remove a seat and hand the host role on; `Caller.manager` (Manage
Server) may change `/game settings`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from bot.games.codec import CorruptStateError
from bot.games.rejections import Rejection
from bot.i18n import N_, say, tr
from bot.sessions import reasons
from bot.sessions.models import MoveResult
from bot.sessions.stewardship import next_host
from bot.storage.records import SessionRecord, SessionStatus
from bot.table.format import (
    COLOUR_INFO,
    TEXT_MAX,
    clip,
    join_names,
    jump_link,
    played_text,
    refused,
)
from bot.table.play import PlayCommands
from bot.table.replies import Caller, ChannelPost, Reply
from bot.table.serverconf import TIMEOUT_ACTIONS

log = logging.getLogger(__name__)

__all__ = ["CORRUPT_SENTENCE", "NOT_A_MODERATOR", "ServerCommands", "jump_link", "system_caller"]

NOT_A_MODERATOR = N_(
    "Only the host or a moderator can do that. Moderators are members with the Manage Threads "
    "or Manage Server permission (Server Settings → Roles)."
)
NOT_A_MANAGER = N_(
    "Only members with the Manage Server permission can change this server's settings "
    "(Server Settings → Roles)."
)
CORRUPT_SENTENCE = N_(
    "The saved state of this game cannot be read (it is damaged). Nothing else is affected; "
    "the host or a moderator can end it with `/game abandon` to free this channel."
)
"""Sentences said with `tr` (`refused` does it)."""
LIST_MAX = 20
"""At most this many games are listed on one page of `/game list` or `/game mine`."""

SYSTEM = Caller(
    guild_id=None,
    channel_id=0,
    user_id=0,
    display_name="Guildhall",  # i18n-exempt: the bot's name
)
"""The caller of posts made without a command (resumed bots); `system_caller` gives it the
game's server, whose language the posts are in."""


def system_caller(session: SessionRecord) -> Caller:
    """`SYSTEM` in `session`'s server and place: posts without a command speak its language."""
    return replace(SYSTEM, guild_id=session.guild_id, channel_id=session.place_id)


def channel_posts(place_id: int, replies: Sequence[Reply]) -> list[ChannelPost]:
    """Replies made without a command, as posts: the public ones for the place, and the
    private ones (`only_for`: hidden events, turn notices) for the front end to send by DM."""
    return [ChannelPost(place_id, r) for r in replies if r.only_for is not None or not r.ephemeral]


class ServerCommands(PlayCommands):
    """Settings, discovery, notifications, moderation and upkeep (see the module docstring)."""

    # ------------------------------------------------------------------ settings

    async def settings(self, caller: Caller, **changes: Any) -> list[Reply]:
        """`/game settings`: show this server's settings; with `changes` (Manage Server only),
        validate and store them first. Unset values are not changes."""
        if not caller.guild_id:
            return refused(tr("Settings belong to a server; use this command in one."))
        changes = {k: v for k, v in changes.items() if v is not None}
        conf = await self.conf(caller.guild_id)
        title = tr("This server's Guildhall settings")
        if changes:
            if not caller.manager:
                return refused(NOT_A_MANAGER)
            try:
                conf = conf.changed(**changes)
            except (ValueError, TypeError) as exc:
                return refused(str(exc))
            await self.extras.set_guild_settings(caller.guild_id, conf.to_stored())
            title = tr("Settings saved")
        discord_language = await self.public_language(None, caller.guild_locale)
        if not caller.guild_locale:
            discord_language = await self.public_language(caller.guild_id)
        return [
            Reply(
                text=tr("Change them with the options of `/game settings` (Manage Server)."),
                title=title,
                fields=tuple(conf.lines(discord_language)),
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    async def place_allowed(self, caller: Caller) -> str:
        """The sentence refusing a new table in this channel by the server's settings, or ""."""
        conf = await self.conf(caller.guild_id)
        here = {caller.channel_id, caller.parent_id}  # a thread of a listed channel is in it
        if conf.channels and not here & set(conf.channels):
            where = ", ".join(f"<#{c}>" for c in conf.channels)
            return tr("On this server, tables are opened in {channels}; try there.", channels=where)
        if conf.lobby_cap is not None and caller.guild_id:
            hosted = [
                s
                for s in await self.service.list_open(caller.guild_id)
                if s.status is SessionStatus.LOBBY and s.host_user_id == caller.user_id
            ]
            if len(hosted) >= conf.lobby_cap:
                return tr(
                    "You already host {n} open lobbies here, this server's cap; "
                    "start or close one first (`/game list` shows them).",
                    n=len(hosted),
                )
        return ""

    # ------------------------------------------------------------------ discovery

    def _to_act(self, session: SessionRecord) -> frozenset[int] | None:
        """Who may act in `session`: the stored record when known (no state is parsed), else
        from its state; None for a lobby or a state that cannot be read."""
        if session.status is SessionStatus.LOBBY:
            return None
        if session.to_act is not None:
            return session.to_act
        try:
            state = self.service.load(session)
            return frozenset(self.service.engine_for(session).to_act(state))
        except (CorruptStateError, KeyError):
            return None

    def _my_move(self, session: SessionRecord, user_id: int) -> bool:
        """Whether `user_id` is awaited in `session`."""
        to_act = self._to_act(session) or frozenset()
        return any(seat.user_id == user_id for seat in session.seats if seat.seat in to_act)

    async def _game_line(self, session: SessionRecord) -> str:
        """One line of `/game list` or `/game mine`: game, where, moves played, whose turn."""
        name = self._game_name(session)
        where = (
            f"[{name} #{session.id}]({jump_link(session)})"
            if self.links
            else f"{name} #{session.id}"
        )
        if session.status is SessionStatus.LOBBY:
            return tr(
                "{game}: lobby, {n} seated — `/game join` there", game=where, n=len(session.seats)
            )
        to_act = self._to_act(session)
        if to_act is None:
            return tr("{game}: cannot be read (damaged); a moderator can end it", game=where)
        names = [self._seat_name(session, None, s) for s in sorted(to_act)]
        waiting = join_names(names) or tr("nobody")
        return tr(
            "{game}: {played}, waiting for {players}",
            game=where,
            played=played_text(await self._played(session)),
            players=waiting,
        )

    async def _page_reply(
        self, title: str, sessions: Sequence[SessionRecord], page: int, command: str, mine: int = 0
    ) -> list[Reply]:
        """One private page of `LIST_MAX` game lines (only the shown games are read further),
        then where the next page is. `mine`: the first `mine` sessions are the caller's move."""
        pages = max(1, -(-len(sessions) // LIST_MAX))
        if not 1 <= page <= pages:
            if pages == 1:
                return refused(
                    tr("There is only one page of games; `{command}` shows it.", command=command)
                )
            return refused(
                tr(
                    "There are {pages} pages; ask for 1 to {pages}, e.g. `{command} page:{pages}`.",
                    pages=pages,
                    command=command,
                )
            )
        first = (page - 1) * LIST_MAX
        lines = []
        for i, session in enumerate(sessions[first : first + LIST_MAX], start=first):
            line = await self._game_line(session)
            lines.append(tr("**Your move** — {game}", game=line) if i < mine else line)
        if page < pages:
            lines.append(
                tr(
                    "…{n} more: `{command} page:{page}`.",
                    n=len(sessions) - first - len(lines),
                    command=command,
                    page=page + 1,
                )
            )
        if pages > 1:
            title = tr("{title}, page {page} of {pages}", title=title, page=page, pages=pages)
        return [
            Reply(
                text=clip("\n".join(lines), TEXT_MAX),
                title=title,
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    async def list_games(
        self, caller: Caller, can_see: Callable[[int], bool] | None = None, page: int = 1
    ) -> list[Reply]:
        """`/game list`: this server's open lobbies and running games, with links and whose
        turn it is (privately), `LIST_MAX` a page. `can_see(channel_id)`: whether the caller may
        view a channel (the front end knows); games in channels they cannot see are not listed.

        Bounded on the event loop whatever the server holds: the records come from the store's
        thread, whose turn it is from their stored `to_act` (no state is parsed), and only the
        page shown is read further (its moves played)."""
        if not caller.guild_id:
            return refused(tr("`/game list` shows a server's games; use it in a server."))
        sessions = await self.service.list_open(caller.guild_id)
        if can_see is not None:
            sessions = tuple(s for s in sessions if can_see(s.channel_id))
        if not sessions:
            text = tr("No lobbies or games are open on this server. Start one with `/game new`.")
            return [Reply(text=text, title=tr("Games here"), ephemeral=True, colour=COLOUR_INFO)]
        title = tr("Games here ({n})", n=len(sessions))
        return await self._page_reply(title, sessions, page, "/game list")  # i18n-exempt: command

    async def mine(self, caller: Caller, page: int = 1) -> list[Reply]:
        """`/game mine`: every lobby and game the caller sits in, on any server, the ones
        where it is their move first (privately), `LIST_MAX` a page."""
        ids = await self.extras.open_session_ids_of(caller.user_id)
        sessions = await self.service.store.get_sessions(ids)
        if not sessions:
            text = tr(
                "You are not seated in any open game. `/game list` shows this server's games."
            )
            return [Reply(text=text, title=tr("Your games"), ephemeral=True, colour=COLOUR_INFO)]
        yours = [s for s in sessions if self._my_move(s, caller.user_id)]
        others = [s for s in sessions if s not in yours]
        title = tr("Your games ({n}; your move in {mine})", n=len(sessions), mine=len(yours))
        mine = len(yours)
        command = "/game mine"  # i18n-exempt: a command's name
        return await self._page_reply(title, [*yours, *others], page, command, mine)

    async def notify(self, caller: Caller, on: bool | None = None) -> list[Reply]:
        """`/game notify on|off`: a direct message whenever it becomes the caller's turn."""
        if on is None:
            on = await self.extras.notify(caller.user_id)
            text = (
                tr("Turn notifications by direct message are on.")
                if on
                else tr("Turn notifications by direct message are off.")
            )
        else:
            await self.extras.set_notify(caller.user_id, on)
            text = (
                tr(
                    "I will send you a direct message whenever it becomes your turn (if your "
                    "privacy settings let me; otherwise I turn this off again)."
                )
                if on
                else tr("No more direct messages about your turns; the channel still pings you.")
            )
        return [Reply(text=text, title=tr("Notifications"), ephemeral=True, colour=COLOUR_INFO)]

    async def notify_failed(self, user_id: int) -> None:
        """A turn DM was refused (the user does not accept DMs): stop sending them."""
        await self.extras.set_notify(user_id, False)

    # ------------------------------------------------------------------ moderation

    async def _open_here(self, caller: Caller) -> SessionRecord | None:
        return await self.service.store.get_open_in_place(caller.channel_id)

    def _may_steward(self, caller: Caller, session: SessionRecord) -> bool:
        return caller.moderator or caller.user_id == session.host_user_id

    async def pause(self, caller: Caller, paused: bool = True) -> list[Reply]:
        """Moderators (or the host): pause the game here (no moves, no reminders, no turn limit)
        or resume it."""
        session = await self._open_here(caller)
        if session is None:
            return refused(tr("There is no game in this channel right now."))
        if not self._may_steward(caller, session):
            return refused(NOT_A_MODERATOR)
        if paused == await self.extras.paused(session.id):
            return refused(
                tr("This game is already paused.") if paused else tr("This game is not paused.")
            )
        await self.extras.set_paused(session.id, caller.user_id if paused else None)
        if not paused and session.status is SessionStatus.ACTIVE:
            await self.steward.restart_clock(session.id)  # the pause does not eat the turn
        with await self.publicly(caller):
            name = self._game_name(session)
            who = caller.display_name
            if paused:
                text = tr(
                    "{player} paused this {game} game: no moves until `/game resume`.",
                    player=who,
                    game=name,
                )
                title = tr("{game} paused", game=name)
            else:
                text = tr(
                    "{player} resumed this {game} game. `/game status` shows the board.",
                    player=who,
                    game=name,
                )
                title = tr("{game} resumed", game=name)
        replies = [Reply(text=text, title=title, colour=COLOUR_INFO)]
        if not paused and session.status is SessionStatus.ACTIVE:
            # A computer player that took a seat during the pause (a kick) moves only now.
            moved = await self.service.run_bots(session.id)
            if not isinstance(moved, Rejection) and moved.moves:
                replies += await self._announce_move(caller, moved)
        return replies

    async def hand_host(self, caller: Caller, user_id: int) -> list[Reply]:
        """The host or a moderator: make the seated player `user_id` the host."""
        session = await self._open_here(caller)
        if session is None:
            return refused(tr("There is no game in this channel right now."))
        if not self._may_steward(caller, session):
            return refused(NOT_A_MODERATOR)
        result = await self.steward.hand_host(session.id, user_id)
        if isinstance(result, Rejection):
            return refused(result)
        seat = result.seat_of(user_id)
        with await self.publicly(caller):
            who = seat.display_name if seat is not None else tr("that player")
            text = tr("{player} is now the host of this game.", player=who)
            return [Reply(text=text, title=tr("New host"), colour=COLOUR_INFO)]

    async def _moderator_end(self, caller: Caller, session: SessionRecord) -> list[Reply]:
        # Stored in English (`bot.sessions.reasons`), said in each reader's language when shown.
        why = reasons.ended_by_moderator(caller.display_name)
        ended = await self.steward.end(session.id, why)
        if isinstance(ended, Rejection):
            return refused(ended)
        await self.extras.set_paused(session.id, None)
        with await self.publicly(caller):
            name = self._game_name(session)
            text = say(reasons.reworded(ended.end_reason)) or tr("Ended.")
            return [Reply(text=text, title=tr("{game} ended", game=name), colour=COLOUR_INFO)]

    async def _seat_taken_over(
        self,
        caller: Caller,
        session: SessionRecord,
        seat_index: int,
        why: str,
        departure: str = "removed",
    ) -> list[Reply]:
        """A bot takes seat `seat_index` of the running game (or the lobby seat is removed).
        In a paused game it takes the seat but does not move until the game is resumed.
        `departure` says for ratings how the human went ('left' or 'removed')."""
        paused = await self.extras.paused(session.id)
        result = await self.steward.bot_takes_seat(session.id, seat_index, play=not paused)
        if isinstance(result, Rejection):
            return refused(result)
        if not isinstance(result, MoveResult):
            with await self.publicly(caller):
                return [Reply(text=why, title=tr("Lobby"), colour=COLOUR_INFO)]
        await self.note_departure(session, seat_index, departure)
        with await self.publicly(caller):
            title = tr("{game}: a bot takes the seat", game=self._game_name(session))
        replies = await self._game_reply(
            caller,
            result,
            title,
            why,
            f"move-{await self._played(result.session)}",
        )
        return replies

    # ------------------------------------------------------------------ upkeep

    async def resume_bots(self, session_ids: Sequence[int] | None = None) -> list[ChannelPost]:
        """Let bots play wherever they are due: every active game at start-up (None), or the
        games in `session_ids` (queued after a failure). One post per game that moved; a game
        that fails again stays queued and the others go on."""
        posts: list[ChannelPost] = []
        if session_ids is None:
            # Only the games where a bot may act, found by index: start-up stays fast with
            # thousands of games in progress (none of them is loaded to find out).
            candidates = list(await self.service.awaiting_bots())
        else:
            candidates = list(session_ids)
        paused = await self.extras.paused_ids()
        # Leased in one write: another process resuming the same games leaves these alone.
        claimed = await self.service.claim_bot_work([i for i in candidates if i not in paused])
        try:
            for session_id in claimed:
                try:
                    result = await self.service.run_bots(session_id)
                except Exception:
                    log.exception("session %s: resuming its bots failed; will retry", session_id)
                    self.pending_bots.add(session_id)
                    continue
                self.pending_bots.discard(session_id)
                if isinstance(result, Rejection) or not result.moves:
                    continue
                replies = await self._announce_move(system_caller(result.session), result)
                posts += channel_posts(result.session.place_id, replies)
        finally:
            await self.service.release_bot_work(claimed)
        return posts

    async def retry_pending(self) -> list[ChannelPost]:
        """`resume_bots` for the games whose bots failed since the last try."""
        if not self.pending_bots:
            return []
        return await self.resume_bots(sorted(self.pending_bots))

    async def place_deleted(
        self, place_id: int, guild_id: int | None = None
    ) -> list[SessionRecord]:
        """A channel or thread was deleted: end its open games (and those of its threads).
        The records and logs are kept; nothing is posted (the place is gone). `guild_id`, when
        the front end knows it, limits the search to that server's open games instead of every
        open game of the bot."""
        ended = []
        for session in await self.service.list_open(guild_id):
            if place_id not in (session.place_id, session.channel_id):
                continue
            result = await self.steward.end(
                session.id, N_("Ended because its channel or thread was deleted.")
            )
            if not isinstance(result, Rejection):
                ended.append(result)
        return ended

    async def member_left(self, guild_id: int, user_id: int) -> list[SessionRecord]:
        """A member left the server: every game there they host passes the host role to the
        next human player (their seat stays; the host or a moderator can hand it to a bot)."""
        changed = []
        for session in await self.service.list_open(guild_id):
            if session.host_user_id != user_id:
                continue
            heir = next_host(session, user_id)
            if heir is None:
                continue
            result = await self.steward.hand_host(session.id, heir)
            if not isinstance(result, Rejection):
                changed.append(result)
        return changed

    def timeout_action_text(self, action: str) -> str:
        """What the timeout action means, for sentences."""
        return tr(TIMEOUT_ACTIONS[action]) if action in TIMEOUT_ACTIONS else action
