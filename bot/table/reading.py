"""Reading commands: `/game status` (with the caller's private view), `peek`, `history`, `rules`
and `help`. Nothing here changes a game.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.games.protocol import Event, Seat
from bot.games.rejections import Rejection
from bot.i18n import N_, say, tr, tr_n
from bot.sessions import reasons
from bot.sessions.levels import LEVELS_HELP
from bot.sessions.models import GameStatus
from bot.storage.records import LogEntry, SessionRecord, SessionStatus
from bot.table import registry
from bot.table.choices import Choices
from bot.table.format import (
    COLOUR_INFO,
    PAUSED_SENTENCE,
    TEXT_MAX,
    clip,
    history_text,
    main_public,
    played_text,
    refused,
    refused_echo,
    usage,
    with_line,
)
from bot.table.privatechoices import RULES_ACTION
from bot.table.refusals import said, spoken
from bot.table.replies import ActionButton, Caller, Reply
from bot.table.rulespages import rules_pages
from bot.table.servers import ServerCommands
from bot.table.textcommands import (
    HISTORY_MAX,
    RATINGS_SUBCOMMANDS,
    TABLE_SUBCOMMANDS,
)

log = logging.getLogger(__name__)


NOT_A_PLAYER_PEEK = N_(
    "You are not playing in this game, so nothing here is hidden for you; "
    "`/game status` shows the board."
)


NOTHING_HIDDEN = N_("This game has no hidden information; `/game status` shows the board.")


class ReadingCommands(ServerCommands):
    """Commands that read without changing anything: status, peek, history, rules, help."""

    async def status(self, caller: Caller, public: bool = True) -> list[Reply]:
        """The board, whose turn it is and the scores; the caller's private view only to them.
        `public` False: the board too only to the caller (Discord's default: three players
        checking the status make no posts).

        A game left waiting for a bot (a failure or restart between a saved move and the bots'
        reply) is moved on first, and the bots' moves are announced before the board."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return refused(said(found))
        healed: list[Reply] = []
        session = found.session
        if (
            session.status is SessionStatus.ACTIVE
            and await self._bot_due(session, found.to_act)
            and not await self.extras.paused(session.id)
        ):
            healed = [post.reply for post in await self.resume_bots([session.id])]
            if healed:
                found = await self._status_here(caller)
                if isinstance(found, Rejection):
                    return healed
        replies = await self._status_replies(caller, found, public)
        if await self.extras.paused(found.session.id):
            main = main_public(replies)
            with await self._audience(caller, public):
                replies[main] = with_line(replies[main], spoken(PAUSED_SENTENCE))
        if not public:
            replies = [replace(r, ephemeral=True) for r in replies]
        return [*healed, *replies]

    async def _audience(
        self, caller: Caller, public: bool
    ) -> contextlib.AbstractContextManager[str]:
        """The language context of a reply that is public (`public`: the server's language)
        or only the caller's (their own, which the front end has set already)."""
        if public:
            return await self.publicly(caller)
        return contextlib.nullcontext("")

    async def _status_replies(
        self, caller: Caller, found: GameStatus, public: bool = True
    ) -> list[Reply]:
        """The board (in the public language when `public`) and the caller's private view
        for `found`."""
        session, state = found.session, found.state
        engine = self.service.engine_for(session)
        with await self._audience(caller, public):
            board = await self._public_status(session, state, found)
        if isinstance(board, list):
            return board
        replies = [board]
        seat = self.service.seat_of(session, caller.user_id)
        if engine.spec.has_hidden_information and seat is not None:
            replies.append(await self._private_view_reply(session, state, seat))
            if session.status is SessionStatus.ACTIVE:
                replies += self._private_menu_reply(session, state, seat)
        return replies

    async def _public_status(
        self, session: SessionRecord, state: Any, found: GameStatus
    ) -> Reply | list[Reply]:
        """The status post everyone may see (a lobby's or a closed lobby's reply as a list)."""
        engine = self.service.engine_for(session)
        name = engine.spec.display_name
        if state is None:
            if session.status is SessionStatus.LOBBY:
                title = tr("{game} lobby", game=name)
                return [self._lobby_reply(session, title, self._lobby_hint(session))]
            text = say(reasons.reworded(session.end_reason)) or tr("This lobby was closed.")
            return [Reply(text=text, title=say(name))]
        fields = self._turn_fields(session, state, found.to_act, found.outcome)
        if session.status is SessionStatus.ACTIVE:
            fields += await self._away_fields(session)
            fields += await self._undo_fields(session)
            fields += await self._clock_fields(session)
        # Moves taken back by an undo stay in the log but are not moves of the game.
        played = await self._played(session)
        # Named as every board after N moves played is (`move-N`, the move posts' name too).
        if session.status is SessionStatus.ACTIVE:
            header = tr("{game}: {played}", game=name, played=played_text(played))
            image_name = f"move-{played}"
        elif session.status is SessionStatus.FINISHED:
            header = tr_n(
                "{game}: final position after {n} move",
                "{game}: final position after {n} moves",
                played,
                game=name,
            )
            image_name = f"final-after-{played}"
        else:
            header = tr_n(
                "{game}: abandoned after {n} move",
                "{game}: abandoned after {n} moves",
                played,
                game=name,
            )
            image_name = f"abandoned-after-{played}"
        lines = [self._seats_text(session, state)]
        board = await self._board(session, state, image_name, header)
        choices = self._choices(session, state, found.to_act)
        undo = await self._undo_buttons(session) if session.status is SessionStatus.ACTIVE else ()
        if undo:
            # An undo waits for answers: its Accept/Decline buttons, not the moves (a move
            # would cancel the request; it can still be typed).
            choices = Choices()
        if choices.hint:
            lines.append(choices.hint)
        return Reply(
            text=clip("\n".join(lines), TEXT_MAX),
            title=header,
            fields=tuple(fields),
            image=board,
            buttons=choices.buttons,
            menu=choices.menu,
            menus=choices.menus,
            actions=undo or self._private_buttons(session, state, found.to_act),
            colour=COLOUR_INFO,
        )

    async def _private_view_reply(
        self, session: SessionRecord, state: Any, seat: Seat, *, image: bool = True
    ) -> Reply:
        """The caller's own view (ephemeral): the image with their hidden information and, for
        a game that can put it in words (Kingsburg's peeked enemy), the same in text."""
        engine = self.service.engine_for(session)
        label = engine.seat_label(state, seat)
        hooks = registry.game_table(session.game_key)
        if hooks.private_text is not None:
            secret = hooks.private_text(engine.view(state, seat))
            said_secret = say(secret) if secret else spoken(hooks.nothing_private)
            text = tr("Your view as {seat}. {secret}", seat=label, secret=said_secret)
        else:
            text = tr("Your view as {seat}, with your hidden information.", seat=label)
        private = None
        if image:
            # Only the seat's own part where the game draws one (Architects' panel with the
            # hand): the public board is posted beside it.
            private = await self._board(
                session, state, f"seat-{seat}", tr("your view"), seat=seat, own=True
            )
        return Reply(
            text=clip(text, TEXT_MAX),
            title=tr("Only you can see this"),
            image=private,
            ephemeral=True,
            colour=COLOUR_INFO,
        )

    async def my_view(self, caller: Caller, session_id: int) -> list[Reply]:
        """The "My hand" button under a game's post: the clicker's own view of that game
        (their hidden information), privately, with their private moves if they have any."""
        session = await self.service.store.get_session(session_id)
        if session is None or not session.status.is_open:
            return refused(tr("This game is over."))
        seat = self.service.seat_of(session, caller.user_id)
        if seat is None:
            return refused(tr(NOT_A_PLAYER_PEEK))
        state = self.service.load(session)
        return [
            await self._private_view_reply(session, state, seat),
            *self._private_menu_reply(session, state, seat),
        ]

    async def peek(self, caller: Caller) -> list[Reply]:
        """`/kingsburg peek`: privately, what only the caller knows in the game here (e.g. the
        enemy card they looked at, in words and as their own view of the board), or a sentence
        saying there is nothing (a spectator; a player who has not looked at anything)."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return refused(said(found))
        session, state = found.session, found.state
        engine = self.service.engine_for(session)
        seat = self.service.seat_of(session, caller.user_id)
        if state is None:
            return refused(
                tr(
                    "The {game} game here has not started yet: nobody holds hidden information.",
                    game=engine.spec.display_name,
                )
            )
        if seat is None:
            return refused(tr(NOT_A_PLAYER_PEEK))
        if not engine.spec.has_hidden_information:
            return refused(tr(NOTHING_HIDDEN))
        hooks = registry.game_table(session.game_key)
        if hooks.private_text is not None and hooks.private_text(engine.view(state, seat)) is None:
            # Nothing private to draw: the sentence alone says so.
            return [
                Reply(
                    text=spoken(hooks.nothing_private),
                    title=tr("Only you can see this"),
                    ephemeral=True,
                    colour=COLOUR_INFO,
                )
            ]
        return [
            await self._private_view_reply(session, state, seat),
            *self._private_menu_reply(session, state, seat),
        ]

    def _private_menu_reply(self, session: SessionRecord, state: Any, seat: Seat) -> list[Reply]:
        """The moves that name the seat's secret (never under a public post), offered to its
        player alone: Discord shows an ephemeral menu, the local table numbers them."""
        menu = self._private_menu(session, state, seat)
        if menu is None:
            return []
        return [
            Reply(
                text=tr("Only you see these moves: pick one to play it."),
                title=tr("Your private choices"),
                ephemeral=True,
                menu=menu,
                colour=COLOUR_INFO,
            )
        ]

    async def history(self, caller: Caller, limit: int = 10, public: bool = True) -> list[Reply]:
        """The last `limit` moves here, oldest first, with their public events (`public`
        False: only to the caller)."""
        replies = await self._history(caller, limit, public)
        return replies if public else [replace(r, ephemeral=True) for r in replies]

    async def _history(self, caller: Caller, limit: int, public: bool = True) -> list[Reply]:
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return refused(said(found))
        session, state = found.session, found.state
        limit = max(1, min(int(limit), HISTORY_MAX))
        entries = await self.service.history(caller.channel_id, limit, session_id=session.id)
        if isinstance(entries, Rejection):
            return refused(said(entries))
        with await self._audience(caller, public):
            return await self._history_reply(session, state, entries, limit)

    async def _history_reply(
        self, session: SessionRecord, state: Any, entries: Sequence[LogEntry], limit: int
    ) -> list[Reply]:
        name = self.service.engine_for(session).spec.display_name
        if not entries:
            title = tr("{game}: history", game=name)
            return [Reply(text=tr("No moves yet."), title=title, colour=COLOUR_INFO)]
        colours = self._labels_fixed(session, state)
        numbers = _move_numbers(entries, await self._played(session))
        lines = [
            clip(self._history_line(session, state, e, colours, n), TEXT_MAX)
            for e, n in zip(entries, numbers, strict=True)
        ]
        # Drop the oldest lines until the rest fits, and say so: the title must count only
        # the moves actually shown.
        shown = len(lines)
        while shown > 1 and len(history_text(lines[-shown:], len(lines) - shown)) > TEXT_MAX:
            shown -= 1
        text = history_text(lines[-shown:], len(lines) - shown)
        listed = len(entries)
        if shown == listed and listed < limit:
            # Fewer moves than asked for: they are all the moves so far ("the last 1 move" reads
            # as though there were others).
            title = tr_n("{game}: {n} move so far", "{game}: {n} moves so far", listed, game=name)
        elif shown == listed:
            title = tr_n(
                "{game}: the last {n} move", "{game}: the last {n} moves", listed, game=name
            )
        else:
            title = tr_n(
                "{game}: the last {shown} of {n} move",
                "{game}: the last {shown} of {n} moves",
                listed,
                game=name,
                shown=shown,
            )
        return [Reply(text=clip(text, TEXT_MAX), title=title, colour=COLOUR_INFO)]

    def _history_line(
        self,
        session: SessionRecord,
        state: Any,
        entry: LogEntry,
        colours: bool = True,
        number: int | None = None,
    ) -> str:
        """One move of `/game history`: its number among the moves played (none for a move
        taken back), who played it, its notation and its public events."""
        who = self._seat_name(session, state if colours else None, entry.seat)
        notation = registry.public_move(session.game_key, entry.notation)
        shown = "  –" if number is None else f"{number:>3}"
        line = f"`{shown}.` **{who}**: `{notation}`"
        details = []
        for raw in entry.events:
            public = Event.from_dict(raw).for_viewer(None)
            if public is not None and public.text:
                details.append(say(public.text))
        if details:
            line += " — " + " ".join(details)
        if entry.undone:
            line = tr("{line} *(taken back by an undo)*", line=line)
        return line

    async def rules(
        self, caller: Caller, game: str | None = None, *, paged: bool = True
    ) -> list[Reply]:
        """The rules summary of `game`, or of the game played in this channel: its first page
        (one screen), with buttons paging through the rest (`rules_page`); `paged` False (a
        terminal, which scrolls): every page at once, without buttons."""
        if game:
            try:
                engine = self._engine(game)
            except KeyError as exc:
                return refused_echo(say(exc.args[0]) if exc.args else str(exc), game)
        else:
            found = await self._status_here(caller)
            if isinstance(found, Rejection):
                return refused(
                    tr(
                        "There is no game in this channel; say which rules you want, "
                        "e.g. `/game rules cathedral`."
                    )
                )
            engine = self.service.engine_for(found.session)
        if paged and engine.spec.key in registry.games():
            return [self._rules_page(engine, 0)]
        title = tr("{game}: rules", game=engine.spec.display_name)
        return [
            Reply(
                text=chunk,
                title=title if i == 0 else f"{title} ({i + 1})",
                ephemeral=True,
                colour=COLOUR_INFO,
            )
            for i, chunk in enumerate(rules_pages(_rules_text(engine), TEXT_MAX))
        ]

    def rules_page(self, game_index: int, page: int) -> list[Reply]:
        """A ◀ ▶ click under the rules: page `page` of game number `game_index` (in the
        registry's order), replacing the page shown."""
        keys = registry.games()
        if not 0 <= game_index < len(keys):
            return refused(tr("This button no longer does anything."))
        return [replace(self._rules_page(self._engine(keys[game_index]), page), edit=True)]

    def _rules_page(self, engine: Any, page: int) -> Reply:
        pages = rules_pages(_rules_text(engine))
        page = max(0, min(page, len(pages) - 1))
        index = registry.games().index(engine.spec.key)
        steps = []
        if page > 0:
            back = tr("\u25c0 Page {page}", page=page)
            steps.append(ActionButton(back, RULES_ACTION, (index, page - 1)))
        if page + 1 < len(pages):
            forward = tr("Page {page} \u25b6", page=page + 2)
            steps.append(ActionButton(forward, RULES_ACTION, (index, page + 1)))
        game = engine.spec.display_name
        if len(pages) > 1:
            title = tr(
                "{game}: rules ({page} of {pages})", game=game, page=page + 1, pages=len(pages)
            )
        else:
            title = tr("{game}: rules", game=game)
        return Reply(
            text=pages[page],
            title=title,
            ephemeral=True,
            actions=tuple(steps),
            colour=COLOUR_INFO,
        )

    async def help(self, caller: Caller) -> list[Reply]:
        """Every command on one page; in a game's channel, that game on one screen: its moves
        and the few table commands a player needs while playing."""
        here = await self.service.status(caller.channel_id)
        if not isinstance(here, Rejection):
            return [self._game_help(here.session.game_key)]
        lines = [tr("**Tables** (one game per channel or thread)")]
        for name, args, what in TABLE_SUBCOMMANDS:
            lines.append(f"`{usage('game', name, args)}` {tr(what)}")
        for name, args, what in RATINGS_SUBCOMMANDS:
            lines.append(f"`{usage('ratings', name, args)}` {tr(what)}")
        lines.extend(["", tr("**Moves**")])
        here = await self.service.status(caller.channel_id)
        keys = [here.session.game_key] if not isinstance(here, Rejection) else registry.games()
        for key in keys:
            for sub in registry.subcommands(key).values():
                args = " ".join(f"<{p}>" for p in sub.params)
                lines.append(f"`{usage(key, sub.name, args)}` {spoken(sub.help)}")
        lines.append(tr(TURN_POST_LINE))
        return [
            Reply(
                text="\n".join(lines),
                title=tr("Guildhall help"),
                ephemeral=True,
                colour=COLOUR_INFO,
            )
        ]

    def _game_help(self, key: str) -> Reply:
        """The help for the game played here: one screen."""
        engine = self._engine(key)
        lines = [tr("**Your moves**")]
        for sub in registry.subcommands(key).values():
            args = " ".join(f"<{p}>" for p in sub.params)
            lines.append(f"`{usage(key, sub.name, args)}` {spoken(sub.help)}")
        lines.extend(["", tr("**At the table**")])
        table = {name: (args, what) for name, args, what in TABLE_SUBCOMMANDS}
        for name in PLAYING_COMMANDS:
            args, what = table[name]
            lines.append(f"`{usage('game', name, args)}` {tr(what)}")
        rules = tr(
            "The rules: `/game rules {game}`. Every command: `/game help` where no game is played.",
            game=key,
        )
        lines.extend(["", tr(TURN_POST_LINE), rules])
        return Reply(
            text=clip("\n".join(lines), TEXT_MAX),
            title=tr("{game}: help", game=engine.spec.display_name),
            ephemeral=True,
            colour=COLOUR_INFO,
        )


PLAYING_COMMANDS = ("status", "history", "undo", "notify")
"""The table commands `/game help` lists in a game's channel (the others: where none is)."""

TURN_POST_LINE = N_("Each turn has one post, edited as it goes; a new post pings who plays next.")


def _move_numbers(entries: Sequence[LogEntry], played: int) -> list[int | None]:
    """The number of each of the last log `entries` among the moves played (`played` of them
    in all, the last entry being the latest), None for a move taken back by an undo: numbers
    count moves played, as `/game status` and the board images do."""
    numbers: list[int | None] = []
    for entry in reversed(entries):
        if entry.undone:
            numbers.append(None)
        else:
            numbers.append(played)
            played -= 1
    return numbers[::-1]


def _rules_text(engine: Any) -> str:
    """What `/game rules` pages through: the game's summary, then what each computer-player
    level does (readings and data ids still go last: `rules_pages`)."""
    return f"{spoken(engine.rules_summary)}\n\n{say(LEVELS_HELP)}"
