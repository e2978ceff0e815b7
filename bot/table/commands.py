"""`Table`: every player-facing command as an async method returning `Reply` objects.

    table = Table(service)                       # GameService over SQLite (or memory)
    replies = await table.new(caller, "cathedral", "games=3")
    replies = await table.move(caller, "Castle B3 90")

Every method takes the `Caller` (who typed it, where) and returns a list of replies: public ones
for the channel, `ephemeral` ones for the caller only, and `only_for` ones for one other user's
eyes (private events such as a card drawn). A refused command is always exactly one ephemeral
reply carrying the service's or the engine's sentence, and nothing changes.

Beyond commands: `preview(caller, notation)` shows a move without playing it (with Confirm and
Cancel), and the timers `expire_overdue(now)` / `remind(every, now)` return `ChannelPost`s for the
front end to post in each game's channel.

The table is game-agnostic: engines come from the registry, images from
`rendering.render_png(game_key, view, names=...)` (run in a worker thread so the event loop stays
free; `names` maps each seat to its player's display name), and the board in public replies is
always rendered from the spectator view `engine.view(state, None)`.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from bot.games import get_engine
from bot.games.protocol import Event, Outcome, Seat
from bot.games.rejections import Rejection, RejectionCode
from bot.sessions.models import AbandonResult, AppliedMove, GameStatus, MoveResult, Preview
from bot.sessions.service import GameService
from bot.storage.records import LogEntry, SeatRecord, SessionRecord, SessionStatus
from bot.table.engines import AnyEngine, EngineLookup
from bot.table.kingsburg import NOT_PEEKED as KINGSBURG_NOT_PEEKED
from bot.table.kingsburg import peek_text as kingsburg_peek_text
from bot.table.options import parse_options_text
from bot.table.replies import Caller, ChannelPost, ChoiceButton, ChoiceMenu, ImageFile, Reply
from bot.table.textcommands import (
    GAME_SUBCOMMANDS,
    HISTORY_MAX,
    HISTORY_RANGE,
    TABLE_SUBCOMMANDS,
    Command,
    CommandError,
    CommandKind,
    natural_sorted,
    parse_command_line,
    small_int,
)

log = logging.getLogger(__name__)

RenderPng = Callable[..., bytes]
"""`render_png(game_key, view, *, names=...)` -> PNG bytes (see `rendering.render_png`)."""

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

MENU_LIMIT = 25
"""Offer a drop-down menu for more choices than buttons, up to this many (Discord's maximum)."""

ROWS_LIMIT = 5
"""Discord shows at most 5 rows of components on a message (one per awaited player)."""

BUTTON_LABEL_MAX = 80
"""Discord's limit on a button label."""

TURN_HOURS_OPTION = "turn_hours"
"""The table's own `/game new` option (not the engine's): hours each turn may take."""

# Where a game's scores are found in `engine.summary(state)`, best first:
# (key, label, lower is better). A key may hold a per-seat list or a mapping keyed by seat number
# or seat label ("light"); in a summary's "players" list, entries carry these keys per seat.
_SCORE_KEYS: tuple[tuple[str, str, bool], ...] = (
    ("unplaced_squares", "Unplaced squares", True),
    ("vp", "VP", False),
    ("score", "Score", False),
    ("points", "Points", False),
    ("scores", "Scores", False),
)

# Discord limits: embed title 256, field value 1024, description 4096, message content 2000.
TITLE_MAX = 256
FIELD_MAX = 1024
TEXT_MAX = 1900
REFUSAL_MAX = 600  # one short private message, whatever the user typed
MOVES_SHOWN = 12
"""At most this many moves are listed in one reply (bots can make many in a row)."""

COLOUR_INFO = 0x3B6EA5
COLOUR_MOVE = 0x2E8B57
COLOUR_DONE = 0xC9A227
COLOUR_REFUSED = 0xB03A2E


@dataclass(frozen=True, slots=True)
class _Choices:
    """The controls under a game post: single-player buttons or menu, per-seat buttons and
    menus of a simultaneous decision, or a hint line when they would not fit."""

    buttons: tuple[ChoiceButton, ...] = ()
    menu: ChoiceMenu | None = None
    menus: tuple[ChoiceMenu, ...] = ()
    hint: str = ""


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


# Games whose private information can be put in words for its owner: game key -> function of
# the owner's view, and the sentence it returns when there is nothing to tell.
_PRIVATE_TEXT: dict[str, Callable[[Any], str]] = {"kingsburg": kingsburg_peek_text}
_NOTHING_SEEN: dict[str, str] = {"kingsburg": KINGSBURG_NOT_PEEKED}

NOT_A_PLAYER_PEEK = (
    "You are not playing in this game, so nothing here is hidden for you; "
    "`/game status` shows the board."
)
NOTHING_HIDDEN = "This game has no hidden information; `/game status` shows the board."


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
    return [
        Reply(text=_clip_middle(str(rejection), REFUSAL_MAX), ephemeral=True, colour=COLOUR_REFUSED)
    ]


def _clip_middle(text: str, limit: int) -> str:
    """`text` cut to `limit` characters by dropping its middle: a refusal may quote what was
    typed (a Discord option holds up to 6000 characters), and its end usually says what to do."""
    if len(text) <= limit:
        return text
    half = (limit - 3) // 2
    return f"{text[:half].rstrip()} … {text[len(text) - half :].lstrip()}"


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
        self._engines = engines or get_engine

    # ------------------------------------------------------------------ helpers

    def _engine(self, key: str) -> AnyEngine:
        return self._engines(key)

    async def _image(
        self,
        game_key: str,
        view: Any,
        name: str,
        description: str,
        names: Mapping[Seat, str] | None = None,
    ) -> ImageFile:
        if self._render_png is None:
            self._render_png = _load_render_png()
        png = await asyncio.to_thread(self._render_png, game_key, view, names=dict(names or {}))
        return ImageFile(filename=f"{game_key}-{name}.png", png=png, description=description)

    @staticmethod
    def _names(session: SessionRecord) -> dict[Seat, str]:
        """Display names by seat for the images ("Alice", "Heuristic bot"), not "Player 1"."""
        return {Seat(record.seat): record.display_name for record in session.seats}

    async def _board(
        self,
        session: SessionRecord,
        state: Any,
        name: str,
        description: str,
        seat: Seat | None = None,
    ) -> ImageFile | None:
        """The board image as `seat` sees it (None: the public board), or None (logged) if the
        renderer fails: a move that was accepted must still be announced without its picture."""
        engine = self.service.engine_for(session)
        try:
            return await self._image(
                session.game_key,
                engine.view(state, seat),
                name,
                description,
                self._names(session),
            )
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

    def _score_fields(
        self, session: SessionRecord, state: Any, outcome: Outcome | None
    ) -> list[tuple[str, str]]:
        """The scores as embed fields, labelled as the game counts them.

        Read from the engine's summary (see `_SCORE_KEYS`: "Unplaced squares (lower is better)"
        for Cathedral, "VP" for Kingsburg), else the outcome's scores, else the public view's
        `scores`. A series of games adds its running totals.
        """
        engine = self.service.engine_for(session)
        try:
            summary = engine.summary(state)
        except Exception:  # a summary is a nicety; never let it break a move announcement
            log.exception("summary of session %s failed", session.id)
            summary = {}
        by_label = {
            engine.seat_label(state, Seat(r.seat)).lower(): Seat(r.seat) for r in session.seats
        }
        lower = outcome.lower_is_better if outcome is not None else False
        found = _summary_scores(summary, by_label)
        if found is not None:
            label, values, key_lower = found
            lower = lower or key_lower
        elif outcome is not None:
            label, values = "Scores", dict(outcome.scores)
        else:
            view_scores = getattr(engine.view(state, None), "scores", None)
            values = _per_seat(view_scores, by_label) or {}
            label = "Scores"
        fields: list[tuple[str, str]] = []
        note = " (lower is better)" if lower else ""
        if values:
            text = self._per_seat_text(session, state, values)
            fields.append((label + note, _clip(text, FIELD_MAX)))
        games = summary.get("games")
        totals = _per_seat(summary.get("series_totals"), by_label)
        if isinstance(games, int) and games > 1 and totals:
            text = self._per_seat_text(session, state, totals)
            fields.append((f"Series total over {games} games{note}", _clip(text, FIELD_MAX)))
        return fields

    def _per_seat_text(self, session: SessionRecord, state: Any, values: Mapping[Seat, Any]) -> str:
        return ", ".join(
            f"{self._seat_name(session, state, s)} {v}" for s, v in sorted(values.items())
        )

    def _outcome_text(self, session: SessionRecord, state: Any, outcome: Outcome) -> str:
        winners = [self._seat_name(session, state, s) for s in sorted(outcome.winners)]
        if not winners:
            head = "The game ends in a draw."
        elif len(winners) == 1:
            head = f"{winners[0]} wins!"
        else:
            head = f"{_join(winners)} share the win!"
        games = self._engines(session.game_key).summary(state).get("games")
        if isinstance(games, int) and games > 1:
            # A series' reason has to describe players by their colour in game 1, since the
            # engine knows no names; with names at hand the totals say it better.
            totals = self._per_seat_text(session, state, outcome.scores)
            order = " (lower is better)" if outcome.lower_is_better else ""
            return f"{head} Series totals over {games} games: {totals}{order}."
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
        fields.extend(self._score_fields(session, state, outcome))
        if session.status is SessionStatus.ACTIVE and session.turn_timeout_s:
            fields.append(("Turn limit", _turn_limit_text(session.turn_timeout_s)))
        return fields

    def _move_lines(
        self,
        session: SessionRecord,
        state: Any,
        moves: Sequence[AppliedMove],
        *,
        first_in_title: bool = False,
    ) -> list[str]:
        """What happened, move by move. `first_in_title`: the title already names the first
        move's player and notation, so its header line would only repeat it."""
        lines: list[str] = []
        shown = moves[-MOVES_SHOWN:]
        if len(moves) > len(shown):
            lines.append(f"… {len(moves) - len(shown)} earlier moves")
        # `state` is after these moves: in a series a colour swap may already have happened.
        label_state = state if self._labels_fixed(session, state) else None
        for i, move in enumerate(shown):
            headed = not (first_in_title and i == 0 and len(moves) == len(shown))
            if headed:
                who = self._seat_name(session, label_state, move.seat)
                lines.append(f"**{who}**: `{move.notation}`")
            for event in move.events:
                public = event.for_viewer(None)
                if public is not None and public.text:
                    lines.append(f"  • {public.text}" if headed else f"• {public.text}")
        return lines

    async def _private_replies(
        self, caller: Caller, session: SessionRecord, state: Any, moves: Sequence[AppliedMove]
    ) -> list[Reply]:
        """One `only_for` reply per human who may see hidden events of these moves, with their
        own view of the board when the game has hidden information."""
        texts: dict[int, list[str]] = {}
        seats: dict[int, Seat] = {}
        for move in moves:
            for event in move.events:
                if event.visible_to is None:
                    continue
                for seat, user_id in self._users_of(session, event.visible_to).items():
                    texts.setdefault(user_id, []).append(event.text)
                    seats[user_id] = seat
        engine = self.service.engine_for(session)
        replies = []
        for user_id, lines in texts.items():
            image = None
            if engine.spec.has_hidden_information:
                image = await self._board(
                    session, state, f"seat-{seats[user_id]}", "your view", seat=seats[user_id]
                )
            replies.append(
                Reply(
                    text=_clip("\n".join(lines), TEXT_MAX),
                    title="Only you can see this",
                    image=image,
                    ephemeral=user_id == caller.user_id,
                    only_for=user_id,
                    colour=COLOUR_INFO,
                )
            )
        return replies

    def _choices(self, session: SessionRecord, state: Any, to_act: frozenset[Seat]) -> _Choices:
        """Controls for the next move: buttons (up to 5 choices) or a drop-down menu (6 to 25)
        when exactly one human acts; per-seat rows when several humans act at once."""
        if not session.status.is_open or not to_act:
            return _Choices()
        if len(to_act) > 1:
            return self._simultaneous_choices(session, state, to_act)
        (seat,) = tuple(to_act)
        record = self._seat_record(session, seat)
        if record is None or record.user_id is None:
            return _Choices()
        engine = self.service.engine_for(session)
        notations = natural_sorted(
            engine.format_action(a, state) for a in engine.legal_actions(state, seat)
        )
        if 0 < len(notations) <= BUTTON_LIMIT:
            buttons = tuple(
                ChoiceButton(label=n, session_id=session.id, version=session.version, notation=n)
                for n in notations
            )
            return _Choices(buttons=buttons)
        if BUTTON_LIMIT < len(notations) <= MENU_LIMIT:
            menu = ChoiceMenu(
                session_id=session.id,
                version=session.version,
                options=tuple(notations),
                placeholder=f"{record.display_name}, choose your move",
            )
            return _Choices(menu=menu)
        return _Choices()

    def _simultaneous_choices(
        self, session: SessionRecord, state: Any, to_act: frozenset[Seat]
    ) -> _Choices:
        """One row per awaited human: buttons labelled "Ann: gold" (up to 5 choices) or a
        drop-down (6 to 25), each carrying the seat's decision token. When that does not fit a
        message (more than 5 rows, or a player with more than 25 choices), no controls and a
        line pointing at the slash command."""
        engine = self.service.engine_for(session)
        buttons: list[ChoiceButton] = []
        menus: list[ChoiceMenu] = []
        row = 0
        for seat in sorted(to_act):
            record = self._seat_record(session, seat)
            if record is None or record.user_id is None:
                continue
            token = self.service.decision_token(session, state, seat)
            notations = natural_sorted(
                engine.format_action(a, state) for a in engine.legal_actions(state, seat)
            )
            if token is None or not notations:
                continue
            if len(notations) > MENU_LIMIT or row >= ROWS_LIMIT:
                return _Choices(hint=f"Use `/{session.game_key} …` to choose.")
            name = self._seat_name(session, state, seat)
            if len(notations) <= BUTTON_LIMIT:
                buttons.extend(
                    ChoiceButton(
                        label=_clip(f"{name}: {n}", BUTTON_LABEL_MAX),
                        session_id=session.id,
                        version=session.version,
                        notation=n,
                        seat=int(seat),
                        token=token,
                        row=row,
                    )
                    for n in notations
                )
            else:
                menus.append(
                    ChoiceMenu(
                        session_id=session.id,
                        version=session.version,
                        options=tuple(notations),
                        placeholder=f"{name}, choose your move",
                        seat=int(seat),
                        token=token,
                        row=row,
                    )
                )
            row += 1
        return _Choices(buttons=tuple(buttons), menus=tuple(menus))

    async def _game_reply(
        self,
        caller: Caller,
        result: MoveResult,
        title: str,
        intro: str,
        image_name: str,
        *,
        first_in_title: bool = False,
    ) -> list[Reply]:
        """The public reply after a start or a move, plus private replies for hidden events."""
        session, state = result.session, result.state
        lines = [intro] if intro else []
        lines.extend(self._move_lines(session, state, result.moves, first_in_title=first_in_title))
        to_act = result.to_act
        mentions = self._users_of(session, to_act)
        if result.outcome is None and len(to_act) > 1:
            lines.append(
                f"Still waiting for: {_join(self._waiting_names(session, state, to_act))}."
            )
        elif result.outcome is None and mentions:
            lines.append(f"Your move, {self._waiting_names(session, state, mentions)[0]}.")
        fields = self._turn_fields(session, state, to_act, result.outcome)
        if result.outcome is None and (mentions or len(to_act) > 1):
            # The text already ends with whose turn it is; a field saying it again is noise.
            fields = [f for f in fields if f[0] not in ("To move", "Waiting for")]
        board = await self._board(session, state, image_name, title)
        choices = self._choices(session, state, to_act)
        if choices.hint:
            lines.append(choices.hint)
        public = Reply(
            text=_clip("\n".join(lines), TEXT_MAX),
            title=_clip(title, TITLE_MAX),
            fields=tuple(fields),
            image=board,
            mentions=tuple(mentions.values()),
            buttons=choices.buttons,
            menu=choices.menu,
            menus=choices.menus,
            colour=COLOUR_DONE if result.finished else COLOUR_MOVE,
        )
        finals = await self._finished_game_replies(session, state, result.moves)
        private = await self._private_replies(caller, session, state, result.moves)
        return [*finals, public, *private]

    async def _finished_game_replies(
        self, session: SessionRecord, state: Any, moves: Sequence[AppliedMove]
    ) -> list[Reply]:
        """In a series, a move that ends a game (an event of kind "game_end") also clears the
        board for the next game at once; the public view's `previous_game` keeps the final
        position, posted as its own reply ("Game 1: final position") before the main one so the
        players see how that game ended."""
        ended = [
            event
            for move in moves
            for event in move.events
            if event.kind == "game_end" and event.visible_to is None
        ]
        if not ended:
            return []
        engine = self.service.engine_for(session)
        previous = getattr(engine.view(state, None), "previous_game", None)
        if previous is None:
            return []
        number = ended[-1].data.get("game", getattr(previous, "game_number", None))
        title = f"Game {number}: final position" if number is not None else "Final position"
        text = getattr(previous, "result_text", None) or ended[-1].text
        image = None
        try:
            image = await self._image(
                session.game_key, previous, f"game-{number}-final", title, self._names(session)
            )
        except Exception:  # the announcement matters more than its picture
            log.exception("rendering the final board of session %s failed", session.id)
        return [Reply(text=_clip(text, TEXT_MAX), title=title, image=image, colour=COLOUR_DONE)]

    def _lobby_reply(self, session: SessionRecord, title: str, text: str) -> Reply:
        engine = self.service.engine_for(session)
        spec = engine.spec
        fields = [
            (
                _seats_title(len(session.seats), spec),
                _clip(self._seats_text(session, None), FIELD_MAX),
            ),
            ("Options", _clip(self._options_text(session), FIELD_MAX)),
        ]
        if session.turn_timeout_s:
            fields.append(("Turn limit", _turn_limit_text(session.turn_timeout_s)))
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
        """Open a lobby for `game` in the caller's channel (or in `thread_id`); the caller hosts.

        `turn_timeout` (or `turn_hours=N` among the options text) sets a per-turn deadline.
        """
        try:
            options = parse_options_text(options_text)
        except ValueError as exc:
            return _refused(str(exc))
        hours_text = options.pop(TURN_HOURS_OPTION, None)
        if hours_text is not None:
            hours = _hours(hours_text)
            if hours is None:
                return _refused(
                    f"`turn_hours` takes a number of hours above 0, like `turn_hours=24`, "
                    f"not {hours_text!r}."
                )
            turn_timeout = timedelta(hours=hours)
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
        intro = seats  # the title already says the game begins
        replies = await self._game_reply(
            caller, result, f"{engine.spec.display_name} begins", intro, "start"
        )
        if engine.spec.has_hidden_information:
            main = _main_public(replies)
            replies[main] = _with_line(
                replies[main], "Each player sees their own hidden information with `/game status`."
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

    async def _ended_here(self, caller: Caller, rejection: Rejection) -> Rejection | str:
        """For a move refused because no game is open here: if the last game here has ended
        (its final board still shows in `/game status`), say so and how it ended instead of
        "there is no game"."""
        if rejection.code is not RejectionCode.NO_ACTIVE_GAME:
            return rejection
        latest = await self.service.store.get_latest_in_place(caller.channel_id)
        if latest is None or latest.status not in (
            SessionStatus.FINISHED,
            SessionStatus.ABANDONED,
        ):
            return rejection
        name = self._game_name(latest)
        again = "Start a new one with /game new."
        if latest.status is SessionStatus.ABANDONED:
            why = latest.end_reason or "It was abandoned."
            return f"The {name} game here has ended: {why} {again}"
        found = await self.service.status(caller.channel_id, session_id=latest.id)
        result = latest.end_reason or ""
        if not isinstance(found, Rejection) and found.outcome is not None:
            result = self._outcome_text(latest, found.state, found.outcome)
        return f"The {name} game here is over (result: {result.rstrip('.') or 'finished'}). {again}"

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
            header = f"{name}: final position after {_count(session.ply, 'move')}"
        else:
            header = f"{name}: abandoned after {_count(session.ply, 'move')}"
        lines = [self._seats_text(session, state)]
        board = await self._board(session, state, f"move-{session.ply}", header)
        choices = self._choices(session, state, found.to_act)
        if choices.hint:
            lines.append(choices.hint)
        public = Reply(
            text=_clip("\n".join(lines), TEXT_MAX),
            title=header,
            fields=tuple(fields),
            image=board,
            buttons=choices.buttons,
            menu=choices.menu,
            menus=choices.menus,
            colour=COLOUR_INFO,
        )
        replies = [public]
        seat = self.service.seat_of(session, caller.user_id)
        if engine.spec.has_hidden_information and seat is not None:
            replies.append(await self._private_view_reply(session, state, seat))
        return replies

    async def _private_view_reply(
        self, session: SessionRecord, state: Any, seat: Seat, *, image: bool = True
    ) -> Reply:
        """The caller's own view (ephemeral): the image with their hidden information and, for
        a game that can put it in words (Kingsburg's peeked enemy), the same in text."""
        engine = self.service.engine_for(session)
        label = engine.seat_label(state, seat)
        describe = _PRIVATE_TEXT.get(session.game_key)
        if describe is not None:
            text = f"Your view as {label}. {describe(engine.view(state, seat))}"
        else:
            text = f"Your view as {label}, with your hidden information."
        private = None
        if image:
            private = await self._board(session, state, f"seat-{seat}", "your view", seat=seat)
        return Reply(
            text=_clip(text, TEXT_MAX),
            title="Only you can see this",
            image=private,
            ephemeral=True,
            colour=COLOUR_INFO,
        )

    async def peek(self, caller: Caller) -> list[Reply]:
        """`/kingsburg peek`: privately, what only the caller knows in the game here (e.g. the
        enemy card they looked at, in words and as their own view of the board), or a sentence
        saying there is nothing (a spectator; a player who has not looked at anything)."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return _refused(found)
        session, state = found.session, found.state
        engine = self.service.engine_for(session)
        seat = self.service.seat_of(session, caller.user_id)
        if state is None:
            return _refused(
                f"The {engine.spec.display_name} game here has not started yet: "
                "nobody holds hidden information."
            )
        if seat is None:
            return _refused(NOT_A_PLAYER_PEEK)
        if not engine.spec.has_hidden_information:
            return _refused(NOTHING_HIDDEN)
        describe = _PRIVATE_TEXT.get(session.game_key)
        view = engine.view(state, seat)
        if describe is not None and describe(view) == _NOTHING_SEEN.get(session.game_key):
            # Nothing private to draw: the sentence alone says so.
            return [
                Reply(
                    text=describe(view),
                    title="Only you can see this",
                    ephemeral=True,
                    colour=COLOUR_INFO,
                )
            ]
        return [await self._private_view_reply(session, state, seat)]

    async def history(self, caller: Caller, limit: int = 10) -> list[Reply]:
        """The last `limit` moves here, oldest first, with their public events."""
        found = await self._status_here(caller)
        if isinstance(found, Rejection):
            return _refused(found)
        session, state = found.session, found.state
        limit = max(1, min(int(limit), HISTORY_MAX))
        entries = await self.service.history(caller.channel_id, limit, session_id=session.id)
        if isinstance(entries, Rejection):
            return _refused(entries)
        name = self.service.engine_for(session).spec.display_name
        if not entries:
            return [Reply(text="No moves yet.", title=f"{name}: history", colour=COLOUR_INFO)]
        colours = self._labels_fixed(session, state)
        lines = [_clip(self._history_line(session, state, e, colours), TEXT_MAX) for e in entries]
        # Drop the oldest lines until the rest fits, and say so: the title must count only
        # the moves actually shown.
        shown = len(lines)
        while shown > 1 and len(_history_text(lines[-shown:], len(lines) - shown)) > TEXT_MAX:
            shown -= 1
        text = _history_text(lines[-shown:], len(lines) - shown)
        moves = f"move{'s' * (len(entries) != 1)}"
        if shown == len(entries):
            title = f"{name}: the last {len(entries)} {moves}"
        else:
            title = f"{name}: the last {shown} of {len(entries)} {moves}"
        return [Reply(text=_clip(text, TEXT_MAX), title=title, colour=COLOUR_INFO)]

    def _labels_fixed(self, session: SessionRecord, state: Any) -> bool:
        """Whether each player keeps one seat label for the whole session, so a past move may be
        labelled with today's "(light)". In a series of games (the summary's "games" above 1)
        the players may swap colours between games; past moves then go without a colour (their
        event text names the side that played)."""
        if state is None:
            return True
        try:
            games = self.service.engine_for(session).summary(state).get("games")
        except Exception:  # a summary is a nicety; never let it break a reply
            log.exception("summary of session %s failed", session.id)
            return True
        return not (isinstance(games, int) and games > 1)

    def _history_line(
        self, session: SessionRecord, state: Any, entry: LogEntry, colours: bool = True
    ) -> str:
        who = self._seat_name(session, state if colours else None, entry.seat)
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
        lines = ["**Tables** (one game per channel or thread)"]
        for name, args, what in TABLE_SUBCOMMANDS:
            lines.append(f"`{_usage('game', name, args)}` {what}")
        lines.extend(["", "**Moves**"])
        here = await self.service.status(caller.channel_id)
        keys = (
            [here.session.game_key] if not isinstance(here, Rejection) else sorted(GAME_SUBCOMMANDS)
        )
        for key in keys:
            for sub in GAME_SUBCOMMANDS.get(key, {}).values():
                args = " ".join(f"<{p}>" for p in sub.params)
                lines.append(f"`{_usage(key, sub.name, args)}` {sub.help}")
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
        expected_seat: int | None = None,
        expected_token: str | None = None,
    ) -> list[Reply]:
        """Play `notation` for the caller's seat; bots that must act next reply at once.

        `expected_seat`/`expected_token` come from a per-seat button of a simultaneous decision
        (see `GameService.submit`): a click by another player or on an outdated decision is
        refused.

        Accepted: a public reply (new board from the spectator view, what happened, whose turn,
        mentions of the humans to act) plus `only_for` replies with private events. Refused: one
        ephemeral reply with the sentence saying why.
        """
        text = notation.strip()
        if not text:
            return _refused("Write a move, e.g. `Castle B3 90`.")
        result = await self.service.submit(
            caller.channel_id,
            caller.user_id,
            text,
            expected_version,
            session_id=session_id,
            expected_seat=expected_seat,
            expected_token=expected_token,
        )
        if isinstance(result, Rejection):
            return _refused(await self._ended_here(caller, result))
        session = result.session
        name = self.service.engine_for(session).spec.display_name
        first = result.moves[0] if result.moves else None
        if result.finished:
            title = f"{name}: game over"
        elif first is not None:
            title = f"{first.display_name} played {first.notation}"
        else:
            title = name
        return await self._game_reply(
            caller,
            result,
            title,
            "",
            f"move-{session.ply}",
            first_in_title=first is not None and not result.finished,
        )

    async def preview(
        self,
        caller: Caller,
        notation: str,
        *,
        note: str = "",
        alternatives: Sequence[tuple[str, str]] = (),
    ) -> list[Reply]:
        """Show, privately, the board as it would be after `notation`, without playing it.

        Accepted: one ephemeral reply with the image, what would happen, and a Confirm button
        that submits the move at the version the preview was made at (a change in between makes
        the click STALE) plus a Cancel button. Refused: the same sentence `move` would give.

        `alternatives` ((label, notation) pairs) replace the single Confirm button when the
        player has a real choice about the previewed move (e.g. Cathedral's "Place and capture" /
        "Place, spare it"); `note` is a line explaining that choice.
        """
        text = notation.strip()
        if not text:
            return _refused("Write a move, e.g. `Castle B3 90`.")
        result = await self.service.preview(caller.channel_id, caller.user_id, text)
        if isinstance(result, Rejection):
            return _refused(await self._ended_here(caller, result))
        return [await self._preview_reply(result, note, alternatives)]

    async def _preview_reply(
        self, preview: Preview, note: str = "", alternatives: Sequence[tuple[str, str]] = ()
    ) -> Reply:
        session = preview.session
        board = await self._board(
            session, preview.after, f"preview-{session.ply + 1}", f"Preview of {preview.notation}"
        )
        press = "choose below" if alternatives else "press Confirm"
        lines = [
            f"This is the board after **{preview.notation}**. Nothing is played until you {press}."
        ]
        if note:
            lines.append(note)
        happened = [e.for_viewer(preview.seat) for e in preview.events]
        details = [f"• {e.text}" for e in happened if e is not None and e.text]
        if details:
            lines.append(
                "If you confirm:" if not alternatives else f"If you choose {alternatives[0][0]!r}:"
            )
            lines.extend(details)
        choices = alternatives or ((f"Confirm {preview.notation}", preview.notation),)
        buttons = tuple(
            ChoiceButton(label=label, session_id=session.id, version=session.version, notation=move)
            for label, move in choices
        )
        return Reply(
            text=_clip("\n".join(lines), TEXT_MAX),
            title=_clip(f"Preview: {preview.notation}", TITLE_MAX),
            image=board,
            ephemeral=True,
            buttons=buttons,
            cancel=True,
            colour=COLOUR_INFO,
        )

    # ------------------------------------------------------------------ timers

    async def expire_overdue(self, now: datetime | None = None) -> list[ChannelPost]:
        """Abandon every game whose turn deadline has passed; one post per game saying so."""
        posts = []
        for session in await self.service.expire_overdue(now):
            name = self._game_name(session)
            limit = (
                f" within the turn limit of {_duration_text(session.turn_timeout_s)}"
                if session.turn_timeout_s
                else " in time"
            )
            text = f"This {name} game was abandoned because no move was made{limit}."
            if session.end_reason:
                text += f" {session.end_reason}"
            posts.append(
                ChannelPost(
                    session.place_id,
                    Reply(
                        text=text,
                        title=f"{name} abandoned: time ran out",
                        mentions=session.human_user_ids,
                        colour=COLOUR_DONE,
                    ),
                )
            )
        return posts

    async def remind(self, every: timedelta, now: datetime | None = None) -> list[ChannelPost]:
        """Ping the humans awaited in games where nothing happened for `every`, at most once per
        `every` per game; records each reminder."""
        now = now or self.service.now()
        posts = []
        for due in await self.service.due_reminders(every, now):
            session = due.session
            name = self._game_name(session)
            seats = [s for s in session.seats if s.user_id in due.user_ids]
            who = _join([s.display_name for s in seats])
            waited = _duration_text((now - due.waiting_since).total_seconds())
            verb = "is" if len(seats) == 1 else "are"
            text = (
                f"Reminder: the {name} game here has been waiting for {waited}; "
                f"{who} {verb} still to move."
            )
            if session.turn_deadline is not None and session.turn_deadline > now:
                left = _duration_text((session.turn_deadline - now).total_seconds())
                text += f" Without a move in the next {left}, the game will be abandoned."
            text += " `/game status` shows the board."
            posts.append(
                ChannelPost(
                    session.place_id,
                    Reply(text=text, mentions=tuple(due.user_ids), colour=COLOUR_INFO),
                )
            )
            await self.service.mark_reminded(session.id, now)
        return posts

    def _game_name(self, session: SessionRecord) -> str:
        try:
            return self.service.engine_for(session).spec.display_name
        except KeyError:
            return session.game_key

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

    async def choices(
        self, caller: Caller, typed: str, limit: int = AUTOCOMPLETE_LIMIT
    ) -> list[str]:
        """Autocomplete: the caller's legal moves matching `typed`, best first (squares in
        natural order: A2 before A10), at most `limit`."""
        return rank_choices(natural_sorted(await self.legal(caller)), typed, limit)

    async def word_choices(self, caller: Caller, before: Sequence[str], typed: str) -> list[str]:
        """Autocomplete one word of notation: the distinct next words of legal moves that start
        with the words `before`, filtered by `typed` (e.g. squares for a chosen piece)."""
        prefix = [w.lower() for w in before]
        seen: dict[str, None] = {}
        for notation in await self.legal(caller):
            words = notation.split()
            if len(words) > len(prefix) and [w.lower() for w in words[: len(prefix)]] == prefix:
                seen.setdefault(words[len(prefix)], None)
        return rank_choices(natural_sorted(seen), typed)

    async def moves_list(self, caller: Caller, typed: str = "") -> list[Reply]:
        """The `moves [words]` text command: the caller's legal moves matching `typed`, in
        natural order, at most `AUTOCOMPLETE_LIMIT` listed, then how many more there are."""
        legal = await self.legal(caller)
        if not legal:
            return [
                Reply(
                    text="You have no move to make right now.",
                    title="Your legal moves",
                    ephemeral=True,
                )
            ]
        found = rank_choices(natural_sorted(legal), typed, limit=len(legal))
        if not found:
            shown_typed = _clip(typed.strip(), 60)
            return [
                Reply(
                    text=f"No legal move matches {shown_typed!r}.",
                    title="Your legal moves",
                    ephemeral=True,
                )
            ]
        lines = [f"`{c}`" for c in found[:AUTOCOMPLETE_LIMIT]]
        more = len(found) - AUTOCOMPLETE_LIMIT
        if more > 0:
            hint = "type more of the move to narrow the list, e.g. `moves "
            example = found[0].split()[0]
            lines.append(f"…and {more} more ({hint}{example}`).")
        return [
            Reply(text=_clip("\n".join(lines), TEXT_MAX), title="Your legal moves", ephemeral=True)
        ]

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
            seat_number = small_int(args[0] if args else "", lowest=1, highest=99)
            if seat_number is None:
                return _refused("Say which seat to remove by its number: `/game kick 2`.")
            return await self.kick(caller, seat_number)
        if kind is CommandKind.STATUS:
            return await self.status(caller)
        if kind is CommandKind.PEEK:
            return await self.peek(caller)
        if kind is CommandKind.HISTORY:
            limit = small_int(args[0], lowest=1, highest=HISTORY_MAX) if args else 10
            if limit is None:
                return _refused(HISTORY_RANGE)
            return await self.history(caller, limit)
        if kind is CommandKind.ABANDON:
            return await self.abandon(caller)
        if kind is CommandKind.RULES:
            return await self.rules(caller, args[0] if args else None)
        if kind is CommandKind.HELP:
            return await self.help(caller)
        if kind is CommandKind.MOVE:
            return await self.move(caller, args[0])
        if kind is CommandKind.CHOICES:
            return await self.moves_list(caller, args[0] if args else "")
        return []


def _per_seat(raw: Any, by_label: Mapping[str, Seat]) -> dict[Seat, Any] | None:
    """Per-seat values from a list (index = seat) or a mapping keyed by seat number or seat
    label ("light"); None if `raw` is neither or a key names no seat."""
    if isinstance(raw, Mapping):
        out: dict[Seat, Any] = {}
        for key, value in raw.items():
            text = str(key).strip().lower()
            number = small_int(text)
            if text in by_label:
                out[by_label[text]] = value
            elif number is not None:
                out[Seat(number)] = value
            else:
                return None
        return out or None
    if isinstance(raw, Sequence) and not isinstance(raw, str | bytes):
        if any(isinstance(v, Mapping) for v in raw):
            return None
        return {Seat(i): v for i, v in enumerate(raw)} or None
    return None


def _summary_scores(
    summary: Mapping[str, Any], by_label: Mapping[str, Seat]
) -> tuple[str, dict[Seat, Any], bool] | None:
    """(label, values by seat, lower is better) from the first score key the summary has, at the
    top level or in each entry of its "players" list."""
    players = summary.get("players")
    for key, label, lower in _SCORE_KEYS:
        values = _per_seat(summary.get(key), by_label)
        if values is None and isinstance(players, Sequence) and not isinstance(players, str):
            values = _from_players(players, key)
        if values:
            return label, values, lower
    return None


def _from_players(players: Sequence[Any], key: str) -> dict[Seat, Any] | None:
    """`key` of each entry of a summary's "players" list, by the entry's "seat" (else its index)."""
    out: dict[Seat, Any] = {}
    for i, entry in enumerate(players):
        if not isinstance(entry, Mapping) or key not in entry:
            return None
        seat = entry.get("seat", i)
        out[Seat(int(seat))] = entry[key]
    return out or None


def _seats_title(taken: int, spec: Any) -> str:
    """'Seats (1 of 2)' for a fixed player count, else 'Seats (3, for 2 to 5 players)'."""
    if spec.min_players == spec.max_players:
        return f"Seats ({taken} of {spec.max_players})"
    return f"Seats ({taken}, for {spec.min_players} to {spec.max_players} players)"


def _main_public(replies: Sequence[Reply]) -> int:
    """Index of the main public reply of a move or start: the last public one (a finished
    game's final position may come before it)."""
    public = [i for i, r in enumerate(replies) if not r.ephemeral and r.only_for is None]
    return public[-1] if public else 0


def _count(n: int, noun: str) -> str:
    """'1 move', '3 moves'."""
    return f"{n} {noun}{'s' * (n != 1)}"


def _history_text(lines: Sequence[str], left_out: int) -> str:
    """History lines, after a note on how many older moves did not fit (if any)."""
    if not left_out:
        return "\n".join(lines)
    older = f"{left_out} older move{'s' * (left_out != 1)}"
    note = f"… {older} did not fit in one message; ask for fewer, e.g. `/game history 10`."
    return "\n".join([note, *lines])


def _hours(text: str) -> float | None:
    """A positive, finite number of hours (at most a year) from text, else None."""
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and 0 < value <= 24 * 366 else None


def _duration_text(seconds: float) -> str:
    """'3 days', '5 hours', '1 hour 30 minutes', '45 minutes' (rounded to minutes)."""
    minutes = max(1, round(seconds / 60))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    parts = []
    if days:
        parts.append(f"{days} day{'s' * (days != 1)}")
    if hours:
        parts.append(f"{hours} hour{'s' * (hours != 1)}")
    if mins and not days:
        parts.append(f"{mins} minute{'s' * (mins != 1)}")
    return " ".join(parts)


def _turn_limit_text(seconds: int) -> str:
    return f"{_duration_text(seconds)} per turn; a game with no move in time is abandoned."


def _usage(group: str, name: str, args: str) -> str:
    """'/game history [n]', '/kingsburg keep' (no trailing space without arguments)."""
    return f"/{group} {name} {args}".strip()


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
