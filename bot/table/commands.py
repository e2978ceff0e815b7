"""`Table`: every player-facing command as an async method returning `Reply` objects.

    table = Table(service)                       # GameService over SQLite (or memory)
    replies = await table.new(caller, "cathedral", "games=3")
    replies = await table.move(caller, "Castle B3 90")

Every method takes the `Caller` (who typed it, where) and returns a list of replies: public ones
for the channel, `ephemeral` ones for the caller only, and `only_for` ones for one other user's
eyes (private events such as a card drawn). A refused command is always exactly one ephemeral
reply carrying the service's or the engine's sentence, and nothing changes.

The table is game-agnostic: engines come from the registry, images from
`rendering.render_png(game_key, view)` (run in a worker thread so the event loop stays free), and
the board in public replies is always rendered from the spectator view `engine.view(state, None)`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from bot.games.protocol import Event, Outcome, Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import AbandonResult, AppliedMove, GameStatus, MoveResult
from bot.sessions.service import GameService
from bot.storage.records import LogEntry, SeatRecord, SessionRecord, SessionStatus
from bot.table.engines import AnyEngine, EngineLookup, lookup_engine
from bot.table.options import parse_options_text
from bot.table.replies import Caller, ChoiceButton, ImageFile, Reply
from bot.table.textcommands import (
    GAME_SUBCOMMANDS,
    Command,
    CommandError,
    CommandKind,
    parse_command_line,
)

log = logging.getLogger(__name__)

RenderPng = Callable[[str, Any], bytes]

__all__ = [
    "AUTOCOMPLETE_LIMIT",
    "COLOUR_DONE",
    "COLOUR_INFO",
    "COLOUR_MOVE",
    "COLOUR_REFUSED",
    "Command",
    "CommandError",
    "Table",
    "TableState",
    "parse_command_line",
    "rank_choices",
]

AUTOCOMPLETE_LIMIT = 25
"""Discord shows at most 25 autocomplete choices."""

BUTTON_LIMIT = 5
"""Offer buttons when the player to act has at most this many legal moves (one row)."""

# Discord limits: embed title 256, field value 1024, description 4096, message content 2000.
TITLE_MAX = 256
FIELD_MAX = 1024
TEXT_MAX = 1900
MOVES_SHOWN = 12
"""At most this many moves are listed in one reply (bots can make many in a row)."""

COLOUR_INFO = 0x3B6EA5
COLOUR_MOVE = 0x2E8B57
COLOUR_DONE = 0xC9A227
COLOUR_REFUSED = 0xB03A2E


@dataclass(frozen=True, slots=True)
class TableState:
    """The game in the caller's channel as the caller sees it (for game-specific autocomplete).

    seat is None for a spectator; state is None while the session is a lobby.
    """

    session: SessionRecord
    engine: AnyEngine
    state: Any | None
    seat: Seat | None
    to_act: frozenset[Seat]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _join(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def rank_choices(options: Iterable[str], typed: str, limit: int = AUTOCOMPLETE_LIMIT) -> list[str]:
    """Filter `options` by what was typed and order them, best first, at most `limit`.

    Ranks: exact match, prefix, every typed word a prefix of the option's words in order, plain
    substring, every typed word somewhere (or the letters, spaces ignored). Ties keep the given
    order (engines sort legal moves).

    >>> rank_choices(["Castle B3 90", "Abbey C3 0", "Tavern B3 0"], "b3")
    ['Castle B3 90', 'Tavern B3 0']
    """
    query = _normalise(typed)
    words = query.split()
    buckets: list[list[str]] = [[] for _ in range(5)]
    for option in options:
        text = _normalise(option)
        if not query:
            rank = 1
        elif text == query:
            rank = 0
        elif text.startswith(query):
            rank = 1
        elif _word_prefixes(text.split(), words):
            rank = 2
        elif query in text:
            rank = 3
        elif all(w in text for w in words) or query.replace(" ", "") in text.replace(" ", ""):
            rank = 4
        else:
            continue
        buckets[rank].append(option)
        if not query and len(buckets[1]) >= limit:
            break
    out = [o for bucket in buckets for o in bucket]
    return out[:limit]


def _word_prefixes(option_words: list[str], typed_words: list[str]) -> bool:
    """True if each typed word starts some later word of the option, in order."""
    i = 0
    for word in typed_words:
        while i < len(option_words) and not option_words[i].startswith(word):
            i += 1
        if i == len(option_words):
            return False
        i += 1
    return True


def _refused(rejection: Rejection | str) -> list[Reply]:
    return [Reply(text=str(rejection), ephemeral=True, colour=COLOUR_REFUSED)]


def _load_render_png() -> RenderPng:
    from rendering import render_png

    return render_png


class Table:
    """The player-facing commands over a `GameService`. See the module docstring."""

    def __init__(
        self,
        service: GameService,
        render_png: RenderPng | None = None,
        *,
        engines: EngineLookup | None = None,
    ) -> None:
        self.service = service
        self._render_png = render_png
        self._engines = engines or lookup_engine

    # ------------------------------------------------------------------ helpers

    def _engine(self, key: str) -> AnyEngine:
        return self._engines(key)

    async def _image(self, game_key: str, view: Any, name: str, description: str) -> ImageFile:
        if self._render_png is None:
            self._render_png = _load_render_png()
        png = await asyncio.to_thread(self._render_png, game_key, view)
        return ImageFile(filename=f"{game_key}-{name}.png", png=png, description=description)

    async def _board(
        self, session: SessionRecord, state: Any, name: str, description: str
    ) -> ImageFile | None:
        """The public board image, or None (logged) if the renderer fails: a move that was
        accepted must still be announced even without its picture."""
        engine = self.service.engine_for(session)
        try:
            return await self._image(session.game_key, engine.view(state, None), name, description)
        except KeyError as exc:  # no renderer for this game (yet)
            log.warning("no board image for session %s: %s", session.id, exc)
            return None
        except Exception:
            log.exception("rendering %s session %s failed", session.game_key, session.id)
            return None

    @staticmethod
    def _seat_record(session: SessionRecord, seat: int) -> SeatRecord | None:
        return session.seats[seat] if 0 <= seat < len(session.seats) else None

    def _seat_name(self, session: SessionRecord, state: Any | None, seat: int) -> str:
        """'Alice (light)' once the game has a state, else 'Alice'."""
        record = self._seat_record(session, seat)
        name = record.display_name if record is not None else f"seat {seat + 1}"
        if state is None:
            return name
        label = self.service.engine_for(session).seat_label(state, Seat(seat))
        return f"{name} ({label})"

    def _seats_text(self, session: SessionRecord, state: Any | None) -> str:
        lines = []
        for record in session.seats:
            who = self._seat_name(session, state, record.seat)
            tags = []
            if record.user_id is not None and record.user_id == session.host_user_id:
                tags.append("host")
            if record.is_bot:
                tags.append(f"{record.bot_name} bot")
            suffix = f" — {', '.join(tags)}" if tags else ""
            lines.append(f"{record.seat + 1}. {who}{suffix}")
        return "\n".join(lines) or "nobody yet"

    def _waiting_names(
        self, session: SessionRecord, state: Any, to_act: Iterable[Seat]
    ) -> list[str]:
        return [self._seat_name(session, state, s) for s in sorted(to_act)]

    def _users_of(self, session: SessionRecord, seats: Iterable[Seat]) -> dict[Seat, int]:
        out: dict[Seat, int] = {}
        for seat in seats:
            record = self._seat_record(session, seat)
            if record is not None and record.user_id is not None:
                out[Seat(seat)] = record.user_id
        return out

    def _options_text(self, session: SessionRecord) -> str:
        if not session.options:
            return "none"
        return ", ".join(f"{k}={v}" for k, v in sorted(session.options.items()))

    def _scores_text(self, session: SessionRecord, state: Any, outcome: Outcome | None) -> str:
        """Scores by seat from the outcome, else from the public view's `scores`, if it has one."""
        if outcome is not None:
            parts = [
                f"{self._seat_name(session, state, s)} {v}"
                for s, v in sorted(outcome.scores.items())
            ]
            note = " (lower is better)" if outcome.lower_is_better else ""
            return ", ".join(parts) + note
        engine = self.service.engine_for(session)
        scores = getattr(engine.view(state, None), "scores", None)
        if scores is None:
            summary = engine.summary(state)
            scores = summary.get("scores")
            players = summary.get("players")
            if scores is None and isinstance(players, Sequence):
                scores = _scores_from_players(players)
        if isinstance(scores, Mapping):
            return ", ".join(f"{k} {v}" for k, v in scores.items())
        if isinstance(scores, Sequence) and not isinstance(scores, str):
            return ", ".join(
                f"{self._seat_name(session, state, s)} {v}" for s, v in enumerate(scores)
            )
        return ""

    def _outcome_text(self, session: SessionRecord, state: Any, outcome: Outcome) -> str:
        winners = [self._seat_name(session, state, s) for s in sorted(outcome.winners)]
        if not winners:
            head = "The game ends in a draw."
        elif len(winners) == 1:
            head = f"{winners[0]} wins!"
        else:
            head = f"{_join(winners)} share the win!"
        return f"{head} {outcome.reason}".strip()

    def _turn_fields(
        self,
        session: SessionRecord,
        state: Any,
        to_act: frozenset[Seat],
        outcome: Outcome | None,
    ) -> list[tuple[str, str]]:
        fields: list[tuple[str, str]] = []
        if outcome is not None:
            fields.append(("Result", _clip(self._outcome_text(session, state, outcome), FIELD_MAX)))
        elif session.status is SessionStatus.ABANDONED:
            fields.append(("Result", _clip(session.end_reason or "Abandoned.", FIELD_MAX)))
        elif to_act:
            names = self._waiting_names(session, state, to_act)
            title = "To move" if len(names) == 1 else "Waiting for"
            fields.append((title, _clip(_join(names), FIELD_MAX)))
        scores = self._scores_text(session, state, outcome)
        if scores:
            fields.append(("Scores", _clip(scores, FIELD_MAX)))
        return fields

    def _move_lines(
        self, session: SessionRecord, state: Any, moves: Sequence[AppliedMove]
    ) -> list[str]:
        lines: list[str] = []
        shown = moves[-MOVES_SHOWN:]
        if len(moves) > len(shown):
            lines.append(f"… {len(moves) - len(shown)} earlier moves")
        for move in shown:
            who = self._seat_name(session, state, move.seat)
            lines.append(f"**{who}**: `{move.notation}`")
            for event in move.events:
                public = event.for_viewer(None)
                if public is not None and public.text:
                    lines.append(f"  • {public.text}")
        return lines

    def _private_replies(
        self, caller: Caller, session: SessionRecord, moves: Sequence[AppliedMove]
    ) -> list[Reply]:
        """One `only_for` reply per human who may see hidden events of these moves."""
        texts: dict[int, list[str]] = {}
        for move in moves:
            for event in move.events:
                if event.visible_to is None:
                    continue
                for user_id in self._users_of(session, event.visible_to).values():
                    texts.setdefault(user_id, []).append(event.text)
        replies = []
        for user_id, lines in texts.items():
            replies.append(
                Reply(
                    text=_clip("\n".join(lines), TEXT_MAX),
                    title="Only you can see this",
                    ephemeral=user_id == caller.user_id,
                    only_for=user_id,
                    colour=COLOUR_INFO,
                )
            )
        return replies

    def _buttons(
        self, session: SessionRecord, state: Any, to_act: frozenset[Seat]
    ) -> tuple[ChoiceButton, ...]:
        """Buttons for the next move when exactly one seat acts and it has only a few choices."""
        if len(to_act) != 1 or not session.status.is_open:
            return ()
        (seat,) = tuple(to_act)
        record = self._seat_record(session, seat)
        if record is None or record.user_id is None:
            return ()
        engine = self.service.engine_for(session)
        actions = engine.legal_actions(state, seat)
        if not 0 < len(actions) <= BUTTON_LIMIT:
            return ()
        return tuple(
            ChoiceButton(
                label=engine.format_action(a, state),
                session_id=session.id,
                version=session.version,
                notation=engine.format_action(a, state),
            )
            for a in actions
        )

    async def _game_reply(
        self,
        caller: Caller,
        result: MoveResult,
        title: str,
        intro: str,
        image_name: str,
    ) -> list[Reply]:
        """The public reply after a start or a move, plus private replies for hidden events."""
        session, state = result.session, result.state
        lines = [intro] if intro else []
        lines.extend(self._move_lines(session, state, result.moves))
        to_act = result.to_act
        mentions = self._users_of(session, to_act)
        if result.outcome is None and len(to_act) > 1:
            lines.append(
                f"Still waiting for: {_join(self._waiting_names(session, state, to_act))}."
            )
        elif result.outcome is None and mentions:
            lines.append(f"Your move, {self._waiting_names(session, state, mentions)[0]}.")
        fields = self._turn_fields(session, state, to_act, result.outcome)
        board = await self._board(session, state, image_name, title)
        public = Reply(
            text=_clip("\n".join(lines), TEXT_MAX),
            title=_clip(title, TITLE_MAX),
            fields=tuple(fields),
            image=board,
            mentions=tuple(mentions.values()),
            buttons=self._buttons(session, state, to_act),
            colour=COLOUR_DONE if result.finished else COLOUR_MOVE,
        )
        return [public, *self._private_replies(caller, session, result.moves)]

    def _lobby_reply(self, session: SessionRecord, title: str, text: str) -> Reply:
        engine = self.service.engine_for(session)
        spec = engine.spec
        fields = [
            (
                f"Seats ({len(session.seats)} of {spec.min_players}-{spec.max_players})",
                _clip(self._seats_text(session, None), FIELD_MAX),
            ),
            ("Options", _clip(self._options_text(session), FIELD_MAX)),
        ]
        return Reply(text=text, title=title, fields=tuple(fields), colour=COLOUR_INFO)

    def _lobby_hint(self, session: SessionRecord) -> str:
        spec = self.service.engine_for(session).spec
        missing = spec.min_players - len(session.seats)
        bots = ", ".join(sorted(self.service.engine_for(session).bots))
        if missing > 0:
            need = f"{missing} more player{'s' * (missing != 1)} needed"
            return f"{need}: `/game join`, or the host adds a bot with `/game add-bot` ({bots})."
        return "The host can start with `/game start`."

    # ------------------------------------------------------------------ lobby commands

    async def new(
        self,
        caller: Caller,
        game: str,
        options_text: str | None = "",
        *,
        thread_id: int | None = None,
        turn_timeout: timedelta | None = None,
    ) -> list[Reply]:
        """Open a lobby for `game` in the caller's channel (or in `thread_id`); the caller hosts."""
        try:
            options = parse_options_text(options_text)
        except ValueError as exc:
            return _refused(str(exc))
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
            return _refused(result)
        name = self.service.engine_for(result).spec.display_name
        text = f"{caller.display_name} opened a {name} table. {self._lobby_hint(result)}"
        return [self._lobby_reply(result, f"New {name} lobby", text)]

    async def join(self, caller: Caller) -> list[Reply]:
        """Take the next seat in this channel's lobby."""
        result = await self.service.join(caller.channel_id, caller.user_id, caller.display_name)
        if isinstance(result, Rejection):
            return _refused(result)
        text = f"{caller.display_name} joined. {self._lobby_hint(result)}"
        return [self._lobby_reply(result, "Lobby", text)]

    async def leave(self, caller: Caller) -> list[Reply]:
        """Give up the caller's seat in this channel's lobby."""
        result = await self.service.leave(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return _refused(result)
        if result.status is SessionStatus.ABANDONED:
            return [
                Reply(
                    text=result.end_reason or f"{caller.display_name} left; the lobby is closed.",
                    title="Lobby closed",
                    colour=COLOUR_INFO,
                )
            ]
        text = f"{caller.display_name} left. {self._lobby_hint(result)}"
        return [self._lobby_reply(result, "Lobby", text)]

    async def add_bot(self, caller: Caller, name: str) -> list[Reply]:
        """Host only: seat a computer player (`name` is one of the game's bots)."""
        result = await self.service.add_bot(caller.channel_id, caller.user_id, name)
        if isinstance(result, Rejection):
            return _refused(result)
        added = result.seats[-1].display_name
        text = f"{added} takes a seat. {self._lobby_hint(result)}"
        return [self._lobby_reply(result, "Lobby", text)]

    async def kick(self, caller: Caller, seat_number: int) -> list[Reply]:
        """Host only: remove seat `seat_number` (1-based, as listed) from the lobby."""
        result = await self.service.kick(caller.channel_id, caller.user_id, seat_number - 1)
        if isinstance(result, Rejection):
            return _refused(result)
        text = f"Seat {seat_number} was removed. {self._lobby_hint(result)}"
        return [self._lobby_reply(result, "Lobby", text)]

    async def start(self, caller: Caller) -> list[Reply]:
        """Host only: start the game; bots that act first move at once."""
        result = await self.service.start(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return _refused(result)
        session = result.session
        engine = self.service.engine_for(session)
        seats = self._seats_text(session, result.state)
        intro = f"The game begins.\n{seats}"
        replies = await self._game_reply(
            caller, result, f"{engine.spec.display_name} begins", intro, "start"
        )
        if engine.spec.has_hidden_information:
            replies[0] = _with_line(
                replies[0], "Each player sees their own hidden information with `/game status`."
            )
        return replies

    # ------------------------------------------------------------------ reading commands

    async def _status_here(self, caller: Caller) -> GameStatus | Rejection:
        """The open session here, or else the last one played here (to show a final board)."""
        found = await self.service.status(caller.channel_id)
        if not isinstance(found, Rejection) or found.code is not RejectionCode.NO_ACTIVE_GAME:
            return found
        latest = await self.service.store.get_latest_in_place(caller.channel_id)
        if latest is None:
            return found
        return await self.service.status(caller.channel_id, session_id=latest.id)

    async def status(self, caller: Caller) -> list[Reply]:
        """The board, whose turn it is and the scores; the caller's private view only to them."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return _refused(found)
        session, state = found.session, found.state
        engine = self.service.engine_for(session)
        name = engine.spec.display_name
        if state is None:
            if session.status is SessionStatus.LOBBY:
                return [self._lobby_reply(session, f"{name} lobby", self._lobby_hint(session))]
            return [Reply(text=session.end_reason or "This lobby was closed.", title=name)]
        fields = self._turn_fields(session, state, found.to_act, found.outcome)
        if session.status is SessionStatus.ACTIVE:
            header = f"{name}, move {session.ply + 1}"
        elif session.status is SessionStatus.FINISHED:
            header = f"{name}: final position after {session.ply} moves"
        else:
            header = f"{name}: abandoned after {session.ply} moves"
        lines = [self._seats_text(session, state)]
        board = await self._board(session, state, f"move-{session.ply}", header)
        public = Reply(
            text=_clip("\n".join(lines), TEXT_MAX),
            title=header,
            fields=tuple(fields),
            image=board,
            buttons=self._buttons(session, state, found.to_act),
            colour=COLOUR_INFO,
        )
        replies = [public]
        seat = self.service.seat_of(session, caller.user_id)
        if engine.spec.has_hidden_information and seat is not None:
            try:
                private = await self._image(
                    session.game_key, engine.view(state, seat), f"seat-{seat}", "your view"
                )
            except KeyError as exc:
                log.warning("no private image for session %s: %s", session.id, exc)
                private = None
            except Exception:
                log.exception("rendering the private view of session %s failed", session.id)
                private = None
            label = engine.seat_label(state, seat)
            replies.append(
                Reply(
                    text=f"Your view as {label}, with your hidden information.",
                    title="Only you can see this",
                    image=private,
                    ephemeral=True,
                    colour=COLOUR_INFO,
                )
            )
        return replies

    async def history(self, caller: Caller, limit: int = 10) -> list[Reply]:
        """The last `limit` moves here, oldest first, with their public events."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return _refused(found)
        session, state = found.session, found.state
        limit = max(1, min(int(limit), 50))
        entries = await self.service.history(caller.channel_id, limit, session_id=session.id)
        if isinstance(entries, Rejection):
            return _refused(entries)
        name = self.service.engine_for(session).spec.display_name
        if not entries:
            return [Reply(text="No moves yet.", title=f"{name}: history", colour=COLOUR_INFO)]
        lines = [self._history_line(session, state, e) for e in entries]
        text = "\n".join(lines)
        while len(text) > TEXT_MAX and len(lines) > 1:
            lines = lines[1:]
            text = "\n".join(lines)
        title = f"{name}: the last {len(entries)} move{'s' * (len(entries) != 1)}"
        return [Reply(text=_clip(text, TEXT_MAX), title=title, colour=COLOUR_INFO)]

    def _history_line(self, session: SessionRecord, state: Any, entry: LogEntry) -> str:
        who = self._seat_name(session, state, entry.seat)
        line = f"`{entry.ply:>3}.` **{who}**: `{entry.notation}`"
        details = []
        for raw in entry.events:
            public = Event.from_dict(raw).for_viewer(None)
            if public is not None and public.text:
                details.append(public.text)
        if details:
            line += " — " + " ".join(details)
        return line

    async def abandon(self, caller: Caller) -> list[Reply]:
        """Host: end the game now. Other players: vote (all must agree)."""
        result = await self.service.abandon(caller.channel_id, caller.user_id)
        if isinstance(result, Rejection):
            return _refused(result)
        return [self._abandon_reply(caller, result)]

    def _abandon_reply(self, caller: Caller, result: AbandonResult) -> Reply:
        session = result.session
        name = self.service.engine_for(session).spec.display_name
        if result.abandoned:
            text = session.end_reason or f"The {name} game was abandoned."
            return Reply(text=text, title=f"{name} abandoned", colour=COLOUR_DONE)
        waiting = [s.display_name for s in session.seats if s.user_id in result.waiting_for]
        text = (
            f"{caller.display_name} votes to abandon this {name} game. It ends when everyone "
            f"agrees: still waiting for {_join(waiting)} (`/game abandon`)."
        )
        return Reply(
            text=text,
            title="Abandon?",
            mentions=tuple(sorted(result.waiting_for)),
            colour=COLOUR_INFO,
        )

    async def rules(self, caller: Caller, game: str | None = None) -> list[Reply]:
        """The rules summary of `game`, or of the game played in this channel."""
        if game:
            try:
                engine = self._engine(game)
            except KeyError as exc:
                return _refused(str(exc.args[0]) if exc.args else str(exc))
        else:
            found = await self._status_here(caller)
            if isinstance(found, Rejection):
                return _refused(
                    "There is no game in this channel; say which rules you want, "
                    "e.g. `/game rules cathedral`."
                )
            engine = self.service.engine_for(found.session)
        chunks = _split_markdown(engine.rules_summary, TEXT_MAX)
        title = f"{engine.spec.display_name}: rules"
        return [
            Reply(
                text=chunk,
                title=title if i == 0 else f"{title} ({i + 1})",
                ephemeral=True,
                colour=COLOUR_INFO,
            )
            for i, chunk in enumerate(chunks)
        ]

    async def help(self, caller: Caller) -> list[Reply]:
        """Every command on one page (plus the moves of the game played here)."""
        lines = [
            "**Tables** (one game per channel or thread)",
            "`/game new <game> [options]` open a lobby, e.g. `/game new cathedral games=3`",
            "`/game join`, `/game leave` take or give up a seat",
            "`/game add-bot <name>` seat a computer player (host)",
            "`/game start` start the game (host)",
            "`/game status` the board, whose turn, scores (your secrets only to you)",
            "`/game history [n]` the last moves",
            "`/game rules [game]` the rules in short",
            "`/game abandon` end the game (host at once; others by a vote of all)",
            "",
            "**Moves**",
        ]
        here = await self.service.status(caller.channel_id)
        keys = (
            [here.session.game_key] if not isinstance(here, Rejection) else sorted(GAME_SUBCOMMANDS)
        )
        for key in keys:
            for sub in GAME_SUBCOMMANDS.get(key, {}).values():
                args = " ".join(f"<{p}>" for p in sub.params)
                lines.append(f"`/{key} {sub.name} {args}` {sub.help}")
        lines.append("After every move the new board is posted and whoever must act is pinged.")
        return [
            Reply(text="\n".join(lines), title="Guildhall help", ephemeral=True, colour=COLOUR_INFO)
        ]

    # ------------------------------------------------------------------ moves

    async def move(
        self,
        caller: Caller,
        notation: str,
        expected_version: int | None = None,
        *,
        session_id: int | None = None,
    ) -> list[Reply]:
        """Play `notation` for the caller's seat; bots that must act next reply at once.

        Accepted: a public reply (new board from the spectator view, what happened, whose turn,
        mentions of the humans to act) plus `only_for` replies with private events. Refused: one
        ephemeral reply with the sentence saying why.
        """
        text = notation.strip()
        if not text:
            return _refused("Write a move, e.g. `Castle B3 90`.")
        result = await self.service.submit(
            caller.channel_id, caller.user_id, text, expected_version, session_id=session_id
        )
        if isinstance(result, Rejection):
            return _refused(result)
        session = result.session
        name = self.service.engine_for(session).spec.display_name
        first = result.moves[0] if result.moves else None
        if result.finished:
            title = f"{name}: game over"
        elif first is not None:
            title = f"{first.display_name} played {first.notation}"
        else:
            title = name
        return await self._game_reply(caller, result, title, "", f"move-{session.ply}")

    async def state_for(self, caller: Caller) -> TableState | None:
        """The open game here as the caller sees it, or None if there is none."""
        found = await self.service.status(caller.channel_id)
        if isinstance(found, Rejection):
            return None
        session = found.session
        return TableState(
            session=session,
            engine=self.service.engine_for(session),
            state=found.state,
            seat=self.service.seat_of(session, caller.user_id),
            to_act=found.to_act,
        )

    async def legal(self, caller: Caller) -> list[str]:
        """Every legal move of the caller's seat now, in notation (empty if it may not act)."""
        ctx = await self.state_for(caller)
        if ctx is None or ctx.state is None or ctx.seat is None or ctx.seat not in ctx.to_act:
            return []
        return list(self.service.legal_notations(ctx.session, ctx.state, caller.user_id))

    async def choices(self, caller: Caller, typed: str) -> list[str]:
        """Autocomplete: the caller's legal moves matching `typed`, best first, at most 25."""
        return rank_choices(await self.legal(caller), typed)

    async def word_choices(self, caller: Caller, before: Sequence[str], typed: str) -> list[str]:
        """Autocomplete one word of notation: the distinct next words of legal moves that start
        with the words `before`, filtered by `typed` (e.g. squares for a chosen piece)."""
        prefix = [w.lower() for w in before]
        seen: dict[str, None] = {}
        for notation in await self.legal(caller):
            words = notation.split()
            if len(words) > len(prefix) and [w.lower() for w in words[: len(prefix)]] == prefix:
                seen.setdefault(words[len(prefix)], None)
        return rank_choices(seen, typed)

    # ------------------------------------------------------------------ text commands

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
            return _refused(str(exc))
        return await self.execute(caller, command)

    def _game_keys(self) -> set[str]:
        keys = set(GAME_SUBCOMMANDS)
        try:
            from bot.games import registry

            keys.update(registry())
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
            return await self.kick(caller, int(args[0]))
        if kind is CommandKind.STATUS:
            return await self.status(caller)
        if kind is CommandKind.HISTORY:
            return await self.history(caller, int(args[0]) if args else 10)
        if kind is CommandKind.ABANDON:
            return await self.abandon(caller)
        if kind is CommandKind.RULES:
            return await self.rules(caller, args[0] if args else None)
        if kind is CommandKind.HELP:
            return await self.help(caller)
        if kind is CommandKind.MOVE:
            return await self.move(caller, args[0])
        if kind is CommandKind.CHOICES:
            found = await self.choices(caller, args[0] if args else "")
            text = "\n".join(f"`{c}`" for c in found) or "You have no move to make right now."
            return [Reply(text=text, title="Your legal moves", ephemeral=True)]
        return []


def _scores_from_players(players: Sequence[Any]) -> list[Any] | None:
    """Per-seat points from a summary's `players` list of objects (keys score, vp or points)."""
    out = []
    for entry in players:
        if not isinstance(entry, Mapping):
            return None
        value = next((entry[k] for k in ("score", "vp", "points") if k in entry), None)
        if value is None:
            return None
        out.append(value)
    return out or None


def _with_line(reply: Reply, line: str) -> Reply:
    """`reply` with one more line of text."""
    return replace(reply, text=_clip(f"{reply.text}\n{line}".strip(), TEXT_MAX))


def _split_markdown(text: str, limit: int) -> list[str]:
    """Split long markdown into chunks under `limit`, at blank lines, else at line ends."""
    text = text.strip()
    if len(text) <= limit:
        return [text]
    chunks: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        pieces = [block] if len(block) <= limit else _split_lines(block, limit)
        for piece in pieces:
            candidate = f"{current}\n\n{piece}" if current else piece
            if len(candidate) <= limit:
                current = candidate
            else:
                if current:
                    chunks.append(current)
                current = piece
    if current:
        chunks.append(current)
    return chunks


def _split_lines(block: str, limit: int) -> list[str]:
    out: list[str] = []
    current = ""
    for line in block.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) <= limit:
            current = candidate
        else:
            out.append(current)
            current = line
    if current:
        out.append(current)
    return out
