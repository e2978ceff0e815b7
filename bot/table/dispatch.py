"""Typed command lines (`/game status`, `Castle B3 90`) run against the table's commands."""

from __future__ import annotations

import logging
from typing import Any

from bot.games.rejections import Rejection
from bot.i18n import tr
from bot.table import registry
from bot.table.details import DetailsCommands
from bot.table.ending import EndingCommands
from bot.table.format import (
    refused,
)
from bot.table.lobby import LobbyCommands
from bot.table.reading import ReadingCommands
from bot.table.replies import Caller, Reply
from bot.table.textcommands import (
    HISTORY_MAX,
    HISTORY_RANGE,
    Command,
    CommandError,
    CommandKind,
    parse_command_line,
    small_int,
)

log = logging.getLogger(__name__)


class TextCommands(LobbyCommands, ReadingCommands, EndingCommands, DetailsCommands):
    """Typed lines (the terminal table) parsed and run as commands."""

    async def run_line(self, caller: Caller, line: str) -> list[Reply]:
        """Parse a typed line (see `parse_command_line`) and run it."""
        games = self._game_keys()
        head = line.strip().split(" ", 1)[0].lstrip("/").lower()
        if head and head not in games and head != "game":
            try:
                self._engine(head)
                games.add(head)
            except KeyError:
                pass
        try:
            command = parse_command_line(line, frozenset(games))
        except CommandError as exc:
            return refused(str(exc))  # worded in the current language by textcommands
        return await self.execute(caller, command)

    def _game_keys(self) -> set[str]:
        keys = set(registry.games())
        try:
            from bot.games import registry as engines

            keys.update(engines())
        except Exception:  # an incomplete engine package must not break the terminal table
            log.debug("registry unavailable; using the known subcommand tables")
        return keys

    async def execute(self, caller: Caller, command: Command) -> list[Reply]:
        """Run a parsed command. QUIT is the front end's business and answers nothing."""
        kind, args = command.kind, command.args
        if kind is CommandKind.NEW:
            return await self.new(caller, args[0], args[1] if len(args) > 1 else "")
        if kind is CommandKind.JOIN:
            return await self.join(caller)
        if kind is CommandKind.LEAVE:
            return await self.leave(caller, confirm=bool(args))
        if kind is CommandKind.START:
            return await self.start(caller)
        if kind is CommandKind.ADD_BOT:
            return await self.add_bot(caller, args[0])
        if kind is CommandKind.KICK:
            seat_number = small_int(args[0] if args else "", lowest=1, highest=99)
            if seat_number is None:
                return refused(tr("Say which seat to remove by its number: `/game kick 2`."))
            return await self.kick(caller, seat_number)
        if kind is CommandKind.STATUS:
            return await self.status(caller)
        if kind is CommandKind.DETAILS:
            return await self.details(caller)
        if kind is CommandKind.PEEK:
            return await self.peek(caller)
        if kind is CommandKind.HISTORY:
            limit = small_int(args[0], lowest=1, highest=HISTORY_MAX) if args else 10
            if limit is None:
                return refused(HISTORY_RANGE)
            return await self.history(caller, limit)
        if kind is CommandKind.ABANDON:
            return await self.abandon(caller)
        if kind is CommandKind.RULES:
            return await self.rules(caller, args[0] if args else None, paged=False)
        if kind is CommandKind.HELP:
            return await self.help(caller)
        if kind is CommandKind.MOVE and command.preview is not None:
            return await self._typed_preview(caller, args[0], *command.preview)
        if kind is CommandKind.MOVE:
            return await self.move(caller, args[0])
        if kind is CommandKind.CHOICES:
            return await self.moves_list(caller, args[0] if args else "")
        if kind in (CommandKind.LIST, CommandKind.MINE):
            page = small_int(args[0], lowest=1, highest=10_000) if args else 1
            if page is None:
                return refused(tr("Say which page by its number, e.g. `/game list 2`."))
            if kind is CommandKind.LIST:
                return await self.list_games(caller, page=page)
            return await self.mine(caller, page)
        if kind is CommandKind.NOTIFY:
            return await self.notify(caller, None if not args else args[0] == "on")
        if kind is CommandKind.SETTINGS:
            return await self.settings(caller)
        if kind in (CommandKind.PAUSE, CommandKind.RESUME):
            return await self.pause(caller, kind is CommandKind.PAUSE)
        if kind is CommandKind.LEADERBOARD:
            return await self.leaderboard(caller, args[0])
        if kind is CommandKind.PROFILE:
            hidden = None if not args else args[0] == "hide"
            return await self.profile(caller, hidden=hidden)
        return await self._execute_async_play(caller, kind, args)

    async def _execute_async_play(
        self, caller: Caller, kind: CommandKind, args: tuple[str, ...]
    ) -> list[Reply]:
        """Away, back, stand-in, undo, replay and finished (`bot.table.asyncplay`)."""
        table: Any = self  # the Table mixes AsyncPlayCommands in
        if kind is CommandKind.AWAY:
            return await table.away(caller, args[0], args[1] if len(args) > 1 else "")
        if kind is CommandKind.BACK:
            return await table.back(caller)
        if kind is CommandKind.UNDO:
            return await table.undo(caller, args[0] if args else None)
        if kind is CommandKind.FINISHED:
            return await table.finished(caller)
        if kind is CommandKind.STANDIN:
            return await self._standin_by_seat(table, caller, args[0] if args else "")
        if kind is CommandKind.REPLAY:
            return await self._replay_words(table, caller, args)
        return []

    async def _typed_preview(
        self, caller: Caller, notation: str, game: str, sub: str
    ) -> list[Reply]:
        """A move typed as a previewing subcommand: the same private preview (note, Confirm or
        the alternatives, Cancel) as the slash command, or the move itself when the game's
        `Subcommand.preview` says the slash command would play at once."""
        hook = registry.subcommands(game)[sub].preview
        assert hook is not None
        ctx = await self.state_for(caller)
        if ctx is None or ctx.state is None or ctx.seat is None or ctx.session.game_key != game:
            # No game of that kind to act in here: `move` gives the precise refusal.
            return await self.move(caller, notation)
        choice = hook(ctx.engine, ctx.state, ctx.seat, notation)
        if choice is None:
            return await self.move(caller, notation)
        note, alternatives = choice
        return await self.preview(caller, notation, note=note, alternatives=alternatives)

    async def _standin_by_seat(self, table: Any, caller: Caller, word: str) -> list[Reply]:
        """`/game standin 2` or `/game standin ann`: the away player by seat number or name."""
        found = await self.service.status(caller.channel_id)
        if isinstance(found, Rejection):
            return refused(found)
        number = small_int(word, lowest=1, highest=99)
        seats = found.session.seats
        if number is not None:
            record = self._seat_record(found.session, number - 1)
        else:
            record = next((s for s in seats if s.display_name.lower() == word.lower()), None)
        if record is None or record.user_id is None:
            return refused(tr("Say which player, by seat number or name: `/game standin 2`."))
        return await table.standin(caller, record.user_id)

    async def _replay_words(self, table: Any, caller: Caller, args: tuple[str, ...]) -> list[Reply]:
        """`/game replay [#game] [move]`: `#12` names a game (`/game finished` lists them), a
        bare number is the move to show."""
        game = move = None
        for word in args:
            if word.startswith("#"):
                game = small_int(word[1:], lowest=1)
                if game is None:
                    return refused(tr("Name the game by its number from `/game finished`: `#12`."))
            else:
                move = small_int(word, highest=100_000)
                if move is None:
                    return refused(tr("Say which move to show by its number: `/game replay 10`."))
        return await table.replay(caller, game, move)
