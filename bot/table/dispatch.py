"""Typed command lines (`/game status`, `Castle B3 90`) run against the table's commands."""

from __future__ import annotations

import logging

from bot.table import registry
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


class TextCommands(LobbyCommands, ReadingCommands, EndingCommands):
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
            return refused(str(exc))
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
            return await self.leave(caller)
        if kind is CommandKind.START:
            return await self.start(caller)
        if kind is CommandKind.ADD_BOT:
            return await self.add_bot(caller, args[0])
        if kind is CommandKind.KICK:
            seat_number = small_int(args[0] if args else "", lowest=1, highest=99)
            if seat_number is None:
                return refused("Say which seat to remove by its number: `/game kick 2`.")
            return await self.kick(caller, seat_number)
        if kind is CommandKind.STATUS:
            return await self.status(caller)
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
            return await self.rules(caller, args[0] if args else None)
        if kind is CommandKind.HELP:
            return await self.help(caller)
        if kind is CommandKind.MOVE and command.preview is not None:
            return await self._typed_preview(caller, args[0], *command.preview)
        if kind is CommandKind.MOVE:
            return await self.move(caller, args[0])
        if kind is CommandKind.CHOICES:
            return await self.moves_list(caller, args[0] if args else "")
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
