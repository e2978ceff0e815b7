"""Lobby commands: open a table, take or give up seats, seat bots, remove a seat, start."""

from __future__ import annotations

import logging
from datetime import timedelta

from bot.games.rejections import Rejection
from bot.i18n import say, tr, tr_c, tr_n
from bot.sessions import levels, reasons
from bot.storage.records import SessionRecord, SessionStatus
from bot.table.asyncnotes import LEAVE_ACTION
from bot.table.format import (
    COLOUR_INFO,
    FIELD_MAX,
    PAUSED_SENTENCE,
    clip,
    escape_echo,
    main_public,
    parse_hours,
    quoted,
    refused,
    refused_echo,
    seats_title,
    turn_limit_text,
    with_line,
)
from bot.table.options import parse_options_text
from bot.table.ratings import RATED_OPTION, parse_rated
from bot.table.refusals import said, seat_name
from bot.table.replies import ActionButton, Caller, Reply
from bot.table.servers import NOT_A_MODERATOR, ServerCommands

log = logging.getLogger(__name__)


TURN_HOURS_OPTION = "turn_hours"
"""The table's own `/game new` option (not the engine's): hours each turn may take."""


class LobbyCommands(ServerCommands):
    """The lobby: open, join, leave, seat a bot, remove a seat, start."""

    async def new(
        self,
        caller: Caller,
        game: str,
        options_text: str | None = "",
        *,
        thread_id: int | None = None,
        turn_timeout: timedelta | None = None,
        rated: bool | None = None,
    ) -> list[Reply]:
        """Open a lobby for `game` in the caller's channel (or in `thread_id`); the caller hosts.

        `turn_timeout` (or `turn_hours=N` among the options text) sets a per-turn deadline;
        `rated` (or `rated=yes|no`) whether the game counts for ratings (default: the server's
        setting).
        """
        problem = await self.check_new(caller, game, options_text)
        if problem:
            return refused(problem)
        options = parse_options_text(options_text)
        hours_text = options.pop(TURN_HOURS_OPTION, None)
        rated_text = options.pop(RATED_OPTION, None)
        if rated is None and rated_text is not None:
            rated = parse_rated(rated_text)
        if rated is None:
            rated = (await self.conf(caller.guild_id)).rated
        if hours_text is not None:
            turn_timeout = timedelta(hours=parse_hours(hours_text) or 0)
        if turn_timeout is None:
            default_hours = (await self.conf(caller.guild_id)).turn_hours
            if default_hours:
                turn_timeout = timedelta(hours=default_hours)
        result = await self.service.create_lobby(
            game,
            guild_id=caller.guild_id or 0,
            channel_id=caller.channel_id,
            host_id=caller.user_id,
            host_name=caller.display_name,
            options=options,
            thread_id=thread_id,
            turn_timeout=turn_timeout,
        )
        if isinstance(result, Rejection):
            return refused(said(result))
        await self.extras.set_casual(result.id, not rated)
        spec = self.service.engine_for(result).spec
        name = spec.display_name
        with await self.publicly(caller):
            # One sentence per English article, so each language words "a"/"an" its own way.
            if str(name)[:1].lower() in "aeiou":  # i18n-exempt: vowels, not a text
                opened = tr(
                    "{player} opened an {game} table.", player=caller.display_name, game=name
                )
            else:
                opened = tr(
                    "{player} opened a {game} table.", player=caller.display_name, game=name
                )
            rating = (
                tr("This game is rated (`/ratings leaderboard`).")
                if rated
                else tr("This is a casual game: it is not rated.")
            )
            text = f"{opened} {self._lobby_hint(result)} {rating}"
            return [self._lobby_reply(result, tr("New {game} lobby", game=name), text)]

    async def check_new(self, caller: Caller, game: str, options_text: str | None) -> str:
        """Why `/game new` would be refused here, checked before anything is created (the
        front end opens a thread only after this), or "" when it would be accepted."""
        not_here = await self.place_allowed(caller)
        if not_here:
            return not_here
        try:
            engine = self._engine(game)
        except KeyError as exc:
            return escape_echo(say(exc.args[0]) if exc.args else str(exc), game)
        try:
            options = parse_options_text(options_text)
        except ValueError as exc:
            return escape_echo(_said_error(exc), options_text)
        hours_text = options.pop(TURN_HOURS_OPTION, None)
        rated_text = options.pop(RATED_OPTION, None)
        if rated_text is not None and parse_rated(rated_text) is None:
            return tr(
                "`rated` takes yes or no, like `rated=no`, not {typed}.", typed=quoted(rated_text)
            )
        if hours_text is not None and parse_hours(hours_text) is None:
            return tr(
                "`turn_hours` takes a number of hours above 0, like `turn_hours=24`, not {typed}.",
                typed=quoted(hours_text),
            )
        try:
            engine.spec.validate_options(options)
        except ValueError as exc:
            return escape_echo(_said_error(exc), options_text)
        return ""

    async def join(self, caller: Caller) -> list[Reply]:
        """Take the next seat in this channel's lobby."""
        result = await self.service.join(caller.channel_id, caller.user_id, caller.display_name)
        if isinstance(result, Rejection):
            return refused(said(result))
        with await self.publicly(caller):
            text = (
                tr("{player} joined.", player=caller.display_name) + " " + self._lobby_hint(result)
            )
            return [self._lobby_reply(result, tr("Lobby"), text)]

    async def leave(self, caller: Caller, confirm: bool = False) -> list[Reply]:
        """Give up the caller's seat in this channel's lobby (a leaving host hands the role to
        the next human). In a running game, privately ask to confirm first (a Leave button, or
        `confirm`): a computer player then takes the seat and the game goes on, as after
        `/game kick`; the last human leaving ends the game instead (`leave_game`)."""
        here = await self._open_here(caller)
        if here is not None and here.status is SessionStatus.ACTIVE:
            seat = here.seat_of(caller.user_id)
            if seat is None:
                name = self._game_name(here)
                return refused(
                    tr(
                        "You hold no seat in this {game} game, so there is none to leave.",
                        game=name,
                    )
                )
            if confirm:
                return await self.leave_game(caller, here.id, seat.seat)
            return [self._leave_question(here, seat.seat)]
        result = await self.service.leave(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return refused(said(result))
        with await self.publicly(caller):
            if result.status is SessionStatus.ABANDONED:
                return [
                    Reply(
                        text=say(reasons.reworded(result.end_reason))
                        or tr("{player} left; the lobby is closed.", player=caller.display_name),
                        title=tr("Lobby closed"),
                        colour=COLOUR_INFO,
                    )
                ]
            text = tr("{player} left.", player=caller.display_name) + " " + self._lobby_hint(result)
            return [self._lobby_reply(result, tr("Lobby"), text)]

    def _leave_question(self, session: SessionRecord, seat_index: int) -> Reply:
        """The private "are you sure?" of `/game leave` in a running game, with its button."""
        name = self._game_name(session)
        if self._last_human(session, seat_index):
            what = tr(
                "You are the last human player, so leaving ends this {game} game (its record "
                "and replay are kept).",
                game=name,
            )
        else:
            what = tr(
                "A computer player takes your seat and this {game} game goes on without you; "
                "you cannot take the seat back.",
                game=name,
            )
        button = tr_c("button", "Leave the game")
        return Reply(
            text=what + " " + tr("Press **{button}** to confirm, or Cancel.", button=button),
            title=tr("Leave this game?"),
            ephemeral=True,
            actions=(ActionButton(button, LEAVE_ACTION, (session.id, seat_index)),),
            cancel=True,
            colour=COLOUR_INFO,
        )

    @staticmethod
    def _last_human(session: SessionRecord, seat_index: int) -> bool:
        return not any(s.user_id is not None for s in session.seats if s.seat != seat_index)

    async def leave_game(self, caller: Caller, session_id: int, seat_index: int) -> list[Reply]:
        """Confirmed `/game leave` in a running game: the caller's seat passes to a computer
        player (the path of `/game kick` and the "bot" turn-limit action) with a public line,
        and the game goes on; when no other human is seated, the game ends instead (a game of
        computer players alone would be played out with nobody watching)."""
        session = await self.service.store.get_session(session_id)
        seat = self._seat_record(session, seat_index) if session is not None else None
        if session is None or not session.status.is_open or seat is None:
            return refused(tr("That game is no longer open."))
        if seat.user_id != caller.user_id:
            return refused(tr("This button is for the player who asked to leave."))
        if await self.extras.paused(session.id):
            return refused(PAUSED_SENTENCE)
        name = self._game_name(session)
        if self._last_human(session, seat_index):
            ended = await self.steward.end(session.id, reasons.last_human_left(caller.display_name))
            if isinstance(ended, Rejection):
                return refused(said(ended))
            await self.note_departure(session, seat_index, "left")
            with await self.publicly(caller):
                ratings = await self.rating_line(ended, left=True)
                why = say(reasons.reworded(ended.end_reason)) or tr("Ended.")
                text = f"{why}\n{ratings}".strip()
                return [Reply(text=text, title=tr("{game} ended", game=name), colour=COLOUR_INFO)]
        with await self.publicly(caller):
            why = tr(
                "{player} left the game; a computer player takes the seat.",
                player=caller.display_name,
            )
            return await self._seat_taken_over(caller, session, seat_index, why, "left")

    async def add_bot(self, caller: Caller, name: str) -> list[Reply]:
        """Host only: seat a computer player (`name` is one of the game's bots)."""
        result = await self.service.add_bot(caller.channel_id, caller.user_id, name)
        if isinstance(result, Rejection):
            return refused_echo(said(result), name)
        with await self.publicly(caller):
            added = seat_name(result.seats[-1])
            text = tr("{player} takes a seat.", player=added) + " " + self._lobby_hint(result)
            return [self._lobby_reply(result, tr("Lobby"), text)]

    async def kick(self, caller: Caller, seat_number: int) -> list[Reply]:
        """Host: remove seat `seat_number` (1-based, as listed) from the lobby. A moderator may
        do it too, and in a running game (host or moderator) a computer player takes the seat."""
        here = await self._open_here(caller)
        if here is not None and (
            here.status is SessionStatus.ACTIVE
            or (caller.moderator and caller.user_id != here.host_user_id)
        ):
            if not self._may_steward(caller, here):
                return refused(NOT_A_MODERATOR)
            if not 1 <= seat_number <= len(here.seats):
                return refused(
                    tr(
                        "There is no seat {seat}; the game has {seats}.",
                        seat=seat_number,
                        seats=len(here.seats),
                    )
                )
            with await self.publicly(caller):
                who = seat_name(here.seats[seat_number - 1])
                if here.status is SessionStatus.ACTIVE:
                    why = tr(
                        "{player} removed {removed}; a computer player takes the seat.",
                        player=caller.display_name,
                        removed=who,
                    )
                else:
                    why = tr(
                        "{player} removed {removed} from the lobby.",
                        player=caller.display_name,
                        removed=who,
                    )
                return await self._seat_taken_over(caller, here, seat_number - 1, why)
        result = await self.service.kick(caller.channel_id, caller.user_id, seat_number - 1)
        if isinstance(result, Rejection):
            return refused(said(result))
        gone = self._seat_record(here, seat_number - 1) if here is not None else None
        with await self.publicly(caller):
            if gone:
                removed = tr(
                    "{player} (seat {seat}) was removed from the lobby.",
                    player=seat_name(gone),
                    seat=seat_number,
                )
            else:
                removed = tr("Seat {seat} was removed from the lobby.", seat=seat_number)
            text = f"{removed} {self._lobby_hint(result)}"
            return [self._lobby_reply(result, tr("Lobby"), text)]

    async def start(self, caller: Caller) -> list[Reply]:
        """Host only: start the game; bots that act first move at once."""
        result = await self.service.start(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return refused(said(result))
        session = result.session
        engine = self.service.engine_for(session)
        with await self.publicly(caller):
            seats = self._seats_text(session, result.state)
            intro = seats  # the title already says the game begins
            replies = await self._game_reply(
                caller,
                result,
                tr("{game} begins", game=engine.spec.display_name),
                intro,
                # Named by the moves played, as every board is (bots may have moved first;
                # nothing can have been taken back yet).
                f"move-{session.ply}",
            )
            if engine.spec.has_hidden_information:
                main = main_public(replies)
                replies[main] = with_line(
                    replies[main],
                    tr(
                        "Each player sees their own hidden information with the button below "
                        "or `/game status`."
                    ),
                )
        return replies

    def _lobby_reply(self, session: SessionRecord, title: str, text: str) -> Reply:
        engine = self.service.engine_for(session)
        spec = engine.spec
        fields = [
            (
                seats_title(len(session.seats), spec),
                clip(self._seats_text(session, None), FIELD_MAX),
            ),
            (tr("Options"), clip(self._options_text(session), FIELD_MAX)),
        ]
        if session.turn_timeout_s:
            fields.append((tr("Turn limit"), turn_limit_text(session.turn_timeout_s)))
        return Reply(text=text, title=title, fields=tuple(fields), colour=COLOUR_INFO)

    def _lobby_hint(self, session: SessionRecord) -> str:
        spec = self.service.engine_for(session).spec
        missing = spec.min_players - len(session.seats)
        bots = ", ".join(levels.choices(self.service.engine_for(session).bots))
        if missing > 0:
            return tr_n(
                "{n} more player needed: `/game join`, or the host adds a bot with "
                "`/game add-bot` ({bots}).",
                "{n} more players needed: `/game join`, or the host adds a bot with "
                "`/game add-bot` ({bots}).",
                missing,
                bots=bots,
            )
        return tr("The host can start with `/game start`.")


def _said_error(exc: Exception) -> str:
    """An engine's or parser's ValueError sentence in the current language (an engine words it
    as a `Text`; anything else as it is)."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return say(exc.args[0])
    return str(exc)
