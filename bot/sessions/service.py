"""`GameService`: lobbies, seats, turns and persistence for every game. No Discord here.

The Discord cogs and the local terminal table both drive games only through this class.

Construction
------------
``GameService(store, *, clock=None, seed_source=None, engines=None, state_cache_size=1024)``

- ``store``: a `bot.storage.base.SessionStore`: ``await SqliteStore.open(path)`` or
  ``MemoryStore()``.
- ``clock``: ``() -> datetime`` (aware, UTC); default ``datetime.now(UTC)``.
- ``seed_source``: ``() -> int``, the game seed drawn at start; default a system-random 48-bit int.
- ``engines``: ``(game_key) -> Engine``; default `bot.games.get_engine`.
- ``state_cache_size``: how many parsed states (with their session records) are kept in memory,
  least recently used dropped first (`bot.sessions.cache.StateCache`); idle games cost nothing.

Places
------
Every lookup takes ``channel_id``: the id of the channel *or thread* where the command was used
(Discord's ``interaction.channel_id``, which inside a thread is the thread's own id). Each place
holds at most one open session (LOBBY or ACTIVE); a second game in one channel belongs in a thread.
``create_lobby`` takes the text channel as ``channel_id`` and, when used inside a thread, the thread
as ``thread_id`` (``SessionRecord.place_id`` is then the thread id).

Results
-------
Every operation returns either its result or a `bot.games.rejections.Rejection` carrying a specific
sentence for the user (show it ephemerally). Exceptions mean bugs or corrupt data:
`CorruptSessionError` (a stored snapshot that cannot be loaded) and ``KeyError`` for an engine that
disappeared from the registry are the only expected ones.

Lobby (all ``async``; each returns ``SessionRecord | Rejection``)
- ``create_lobby(game_key, *, guild_id, channel_id, host_id, host_name, options=None,
  thread_id=None, turn_timeout=None)``: validates options with ``engine.spec.validate_options``
  (a ValueError becomes a LOBBY rejection with its sentence); the host takes seat 0. Refused when
  the place already has a lobby or a game. ``turn_timeout`` (a ``timedelta``) sets a per-turn
  deadline for the whole game.
- ``join(channel_id, user_id, display_name)``: appends a seat; refused when full or already seated.
- ``leave(channel_id, user_id)``: removes the user's seat. If the host leaves, hosting passes to
  the next human in join order; if no human is left, the lobby is cancelled (status ABANDONED).
- ``add_bot(channel_id, user_id, bot_name)``: host only; ``bot_name`` is a key of ``engine.bots``.
- ``kick(channel_id, user_id, seat_index)``: host only; removes another seat (a bot or a human).
- ``start(channel_id, user_id) -> MoveResult | Rejection``: host only, player count within the
  spec; seats keep join order, the seed comes from ``seed_source``. If bots act first they play at
  once, so ``MoveResult.moves`` may already hold moves.

Play
- ``submit(channel_id, user_id, text, expected_version=None, *, session_id=None)
  -> MoveResult | Rejection``. Checks in order: a game exists (NO_ACTIVE_GAME), the user is seated
  (NOT_A_PLAYER), the game is active (NO_ACTIVE_GAME for a lobby, GAME_OVER when ended), the
  version is fresh (STALE), then the engine (parse + `step`). The move is persisted with a
  compare-and-swap, then every bot seat in ``to_act`` plays until a human must act or the game
  ends; each bot move is persisted the same way. ``session_id`` (from a button's custom_id) targets
  a session directly, which also lets a click on a finished game answer GAME_OVER.
  ``expected_seat`` / ``expected_token`` (keywords; from a per-seat button) replace the version
  check for simultaneous decisions: a click by another user is refused with "These buttons are
  for Ann.", and the click is STALE unless the seat is still awaited and has not moved since
  the token (``decision_token``: the ply, a public fact) was drawn, so another player's move in
  the same simultaneous step does not outdate it, while the seat's own move does.
- ``preview(channel_id, user_id, text) -> Preview | Rejection``: the same checks as ``submit``,
  then ``step`` on the current state; nothing is saved. ``Preview.session.version`` is the version
  a confirmation must pass to ``submit`` (a later change makes that confirmation STALE).
- ``run_bots(session_id) -> MoveResult | Rejection``: let pending bots act in one session;
  ``resume_bots() -> tuple[MoveResult, ...]`` does it for every active game where a bot may act
  (call at start-up; the store selects those games by index, so it stays fast with many games)
  and returns the results that applied moves.
- ``abandon(channel_id, user_id) -> AbandonResult | Rejection``: the host ends the session at
  once; any other seated human records a vote, and the game is abandoned when every seated human
  has voted.
- ``set_message_id(session_id, message_id)``: remember the message showing the board (does not
  change the version, so buttons on that message stay fresh).

Reading
- ``status(channel_id, *, session_id=None) -> GameStatus | Rejection``
- ``history(channel_id, limit=10, *, session_id=None) -> tuple[LogEntry, ...] | Rejection``:
  the last ``limit`` log entries, oldest first.
- ``list_open(guild_id=None) -> tuple[SessionRecord, ...]``
- ``latest(channel_id) -> SessionRecord | None``: the most recent session here, any status (for
  showing a finished game's result: pass its id as ``session_id`` to ``status``/``history``).
- ``load(session) -> State``: the engine state from the snapshot (cached by version, bounded).
- ``verify_replay(session_id) -> ReplayReport``: re-run the log from the seed and compare.
- ``overdue(now=None)`` / ``expire_overdue(now=None)``: ACTIVE sessions past their turn deadline;
  ``expire_overdue`` abandons them and returns the abandoned records.
- ``due_reminders(every, now=None) -> tuple[Reminder, ...]``: active games where the humans in
  ``to_act`` have waited ``every`` (a ``timedelta``) since the game last changed and since the
  last reminder; ``mark_reminded(session_id, now=None)`` records the reminder (no version bump).
- ``due_reminder_pages(every, now=None)``: the same a page at a time (async iterator), for the
  timers; ``mark_reminded_many(session_ids, now=None)`` records a page's reminders in one write;
  ``claim_reminders(page, every, now=None)`` marks and returns the ones still due, so that of
  several processes exactly one sends each reminder.

Helpers for presentation (plain methods, no I/O)
- ``now()``: the service clock.
- ``engine_for(session)``, ``seat_of(session, user_id) -> Seat | None``,
  ``users_to_ping(session, state) -> tuple[int, ...]`` (human seats in ``to_act``),
  ``view_for(session, state, user_id | None)`` (spectator view for None or a non-player),
  ``legal_notations(session, state, user_id) -> tuple[str, ...]`` (for autocomplete),
  ``decision_token(session, state, seat) -> str | None`` (the short per-seat token of the
  decision the seat faces now, from public facts only; None when the seat is not awaited).

Asynchronous play (`bot.sessions.asyncplay.AsyncPlayMixin`, rules in its docstring)
- ``go_away(user_id, until, reason, limits)``, ``come_back(user_id)``, ``end_due_absences(now)``,
  ``away_of(user_id)``, ``away_notes(session)``, ``vote_standin(channel_id, voter, away_user)``.
- ``request_undo(channel_id, user_id)``, ``vote_undo(session_id, user_id, undo_id, accept)``,
  ``pending_undo(session)``: undo with consent, rebuilt from the log without the undone moves.
- ``replay_frame(channel_id, index, session_id=None)``, ``finished_games(channel_id)``,
  ``turn_clock(session)``.

Concurrency: every change to a session runs under a per-session ``asyncio.Lock`` (which exists
only while held or awaited) and is written with compare-and-swap on ``SessionRecord.version``, so
a second process sharing the database also gets STALE instead of a lost update. A move on a game
this process last wrote is made on its cached record without reading it again; the move's
compare-and-set proves the record current, and a lost race or a refusal is retried once on a
fresh read, so the cache never decides an answer on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import logging
import os
import random
import secrets
import socket
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.games.codec import CorruptStateError
from bot.games.protocol import (
    Engine,
    Event,
    GameSpec,
    Seat,
    Transition,
    canonical_json,
    seat_limit,
    setup_problem,
    some_legal_actions,
    step_text,
)
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions import botnames, levels, reasons
from bot.sessions.asyncplay import AsyncPlayMixin
from bot.sessions.cache import StateCache
from bot.sessions.models import (
    AbandonResult,
    AppliedMove,
    CorruptSessionError,
    GameStatus,
    MoveResult,
    Preview,
    Reminder,
    ReplayReport,
)
from bot.sessions.replaycheck import replay_check
from bot.storage.base import SessionStore
from bot.storage.records import (
    LogEntry,
    MoveCommit,
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
)

log = logging.getLogger(__name__)

AnyEngine = Engine[Any, Any]

STALE_MESSAGE = tx(
    "The game moved on while you were choosing; look at the new board and try again."
)

DECISION_TOKEN_LENGTH = 8
"""The most hex digits of a per-seat decision token (a ply; fits a custom_id with room for the
notation)."""

_UNREADABLE = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)
"""What an engine's decoder may raise on a snapshot it cannot read, besides CorruptStateError."""

LEGAL_LISTED_MAX = 2000
"""The most legal moves listed for autocomplete and menus where an engine can bound them (a Canaan
discard from a huge hand has tens of thousands of ways; any of them typed is still checked)."""

TOKEN_MOVES_MAX = 256
"""A per-seat button drawn more moves ago than this is outdated (bounds the log read)."""

# A bot that keeps its own seat in to_act forever would hang the caller; no real game needs more
# consecutive bot moves than this between two human turns.
MAX_BOT_MOVES = 5000

BOT_ANSWER_WAIT = timedelta(minutes=10)
"""How long a bot that asked the table something answered out of turn (a trade offer) waits
for the humans' answers before it goes on (the timer round moves it then)."""

STATE_CACHE_SIZE = 1024
"""Parsed states kept in memory (least recently used dropped first); a miss costs one parse."""

LEGAL_CACHE_SIZE = 32
"""Decisions (session, version, seat) whose legal moves in notation are kept for autocomplete."""

BOT_LEASE = timedelta(minutes=2)
"""How long a process holds a game's bots while resuming them (timer round, start-up): another
process on the same database leaves them alone meanwhile, and takes them over once a lease
passes unreleased (its process died). Shorter than the timer round, so that round does it."""

FRESH_RETRIES = 6
"""Tries of a move on a fresh read after losing a compare-and-set to another writer: each loss
means someone else's move was saved in between, so a few suffice even with several processes."""

REMINDER_PAGE = 100
"""Sessions read per step of the reminder pass and of resuming bots: each step is short, and the
event loop runs between steps, however many games there are."""

SLICE_S = 0.005
"""Work done on the event loop at a stretch in the reminder pass before it yields
(`await asyncio.sleep(0)`), so other tasks wait at most about this long."""


def _default_clock() -> datetime:
    return datetime.now(UTC)


def _default_seed_source() -> int:
    # 48 bits: fits SQLite's INTEGER and JSON numbers exactly.
    return random.SystemRandom().getrandbits(48)


def _default_engines(key: str) -> AnyEngine:
    from bot.games import get_engine

    return get_engine(key)


def bot_seed(session_seed: int, ply: int, seat: int) -> int:
    """The seed a bot gets for the move after `ply`: derived, so a game is reproducible."""
    digest = hashlib.sha256(f"guildhall-bot:{session_seed}:{ply}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


LEAVE_STARTED_HINT = tx(
    "A seat cannot be left once the game is under way: to stop, use /game abandon "
    "(the host ends the game at once; other players vote, and it ends when all agree)."
)
"""Said to a player who tries to leave a game that has started."""


def _stale() -> Rejection:
    return Rejection(RejectionCode.STALE, STALE_MESSAGE)


def _as_typed(game_key: str, notation: str) -> str:
    """The default public wording: the notation itself (games without hidden moves)."""
    return notation


class GameService(AsyncPlayMixin):
    """The application service for sessions. See the module docstring for the full API."""

    def __init__(
        self,
        store: SessionStore,
        *,
        clock: Callable[[], datetime] | None = None,
        seed_source: Callable[[], int] | None = None,
        engines: Callable[[str], AnyEngine] | None = None,
        state_cache_size: int = STATE_CACHE_SIZE,
    ) -> None:
        self.store = store
        self._clock = clock or _default_clock
        self._seed_source = seed_source or _default_seed_source
        self._engines = engines or _default_engines
        # Locks exist only while someone holds or awaits one, so idle games cost no memory.
        self._locks: dict[int, _SessionLock] = {}
        # Parsed states with their records, bounded: saves re-parsing the snapshot (and reading
        # the session) on every move, and idle games cost nothing.
        self._cache = StateCache(state_cache_size)
        self._legal: OrderedDict[tuple[int, int, int], tuple[str, ...]] = OrderedDict()
        self.bot_level_of: Callable[[int | None], Awaitable[str]] | None = None
        """The computer-player level a server chose for stand-ins and take-overs (its guild id
        in, a key of `levels.LEVELS` out); None: the easy level everywhere. Set by the table."""
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """Who holds this process's work leases (`claim_bot_work`)."""
        self.on_submit: Callable[[str, MoveResult | Rejection], None] | None = None
        """Told every `submit`'s game key and answer (the app's metrics count them)."""
        self.public_wording: Callable[[str, str], str] = _as_typed
        """(game key, notation) -> how a move is written where others read it (a refused undo
        names moves): the table sets its games' public wording, so a move that hides something
        (a card kept or discarded) is never quoted as typed."""

    # ----------------------------------------------------------------- small helpers

    def now(self) -> datetime:
        """The service clock's current time (aware, UTC)."""
        return self._now()

    def _now(self) -> datetime:
        now = self._clock()
        if now.tzinfo is None:
            raise ValueError("the clock must return aware datetimes")  # i18n-exempt: internal error
        return now

    def _lock(self, session_id: int) -> _SessionLock:
        """The session's lock, for `async with`; it is dropped once nobody holds or awaits it."""
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = _SessionLock(self._locks, session_id)
        return lock

    def _forget(self, session: SessionRecord) -> None:
        # Ended sessions never change again; drop their cached state.
        if not session.status.is_open:
            self._cache.drop(session.id)

    @property
    def state_cache_size(self) -> int:
        """The most parsed states kept in memory."""
        return self._cache.size

    @property
    def cached_states(self) -> int:
        """How many parsed states are cached now (at most `state_cache_size`)."""
        return len(self._cache)

    @property
    def live_locks(self) -> int:
        """How many session locks exist now (only those held or awaited)."""
        return len(self._locks)

    def engine_for(self, session: SessionRecord) -> AnyEngine:
        """The engine of a session's game."""
        return self._engines(session.game_key)

    def _game_name(self, session: SessionRecord) -> str:
        try:
            return self.engine_for(session).spec.display_name
        except KeyError:
            return session.game_key

    async def _find(
        self, channel_id: int, session_id: int | None = None
    ) -> SessionRecord | Rejection:
        if session_id is not None:
            found = await self.store.get_session(session_id)
        else:
            found = await self.store.get_open_in_place(channel_id)
        if found is None:
            return Rejection(
                RejectionCode.NO_ACTIVE_GAME,
                tx("There is no game in this channel right now."),
                tx("Start one with /game new."),
            )
        return self._here(found, channel_id)

    @staticmethod
    def _here(session: SessionRecord, channel_id: int) -> SessionRecord | Rejection:
        """`session`, or a refusal when a control naming it (a button's custom_id names its
        game) is used in another channel or thread than the game's: an id copied or forged
        elsewhere never plays there. Channel 0 is an internal read that names no place."""
        if channel_id and session.place_id != channel_id:
            return Rejection(
                RejectionCode.NO_ACTIVE_GAME,
                tx("That control belongs to a game in another channel; nothing was played here."),
            )
        return session

    def _deadline(self, session: SessionRecord, now: datetime) -> datetime | None:
        if session.turn_timeout_s is None:
            return None
        return now + timedelta(seconds=session.turn_timeout_s)

    def _ended_rejection(self, session: SessionRecord) -> Rejection:
        name = self._game_name(session)
        if session.status is SessionStatus.ABANDONED:
            return Rejection(
                RejectionCode.GAME_OVER, tx("This {game} game was abandoned.", game=name)
            )
        return Rejection(
            RejectionCode.GAME_OVER,
            tx("This {game} game is over; no more moves can be made.", game=name),
        )

    def _not_started(self, session: SessionRecord) -> Rejection:
        return Rejection(
            RejectionCode.NO_ACTIVE_GAME,
            tx("The {game} game here has not started yet.", game=self._game_name(session)),
            tx("The host can start it with /game start."),
        )

    # ----------------------------------------------------------------- presentation helpers

    def seat_of(self, session: SessionRecord, user_id: int) -> Seat | None:
        """The engine seat held by `user_id` in `session`, or None for a non-player."""
        seat = session.seat_of(user_id)
        return None if seat is None else Seat(seat.seat)

    def users_to_ping(self, session: SessionRecord, state: Any) -> tuple[int, ...]:
        """User ids of the human seats that may act now, in seat order."""
        if state is None:
            return ()
        to_act = self.engine_for(session).to_act(state)
        return tuple(
            s.user_id for s in session.seats if s.user_id is not None and Seat(s.seat) in to_act
        )

    def view_for(self, session: SessionRecord, state: Any, user_id: int | None) -> Any:
        """The engine view for `user_id`'s seat; a spectator view for None or a non-player."""
        seat = None if user_id is None else self.seat_of(session, user_id)
        return self.engine_for(session).view(state, seat)

    def legal_notations(self, session: SessionRecord, state: Any, user_id: int) -> tuple[str, ...]:
        """Notation of `user_id`'s legal actions now (empty for non-players), for autocomplete."""
        seat = self.seat_of(session, user_id)
        if seat is None:
            return ()
        return self._notations(session, state, seat)

    def _notations(self, session: SessionRecord, state: Any, seat: Seat) -> tuple[str, ...]:
        """The seat's legal actions in notation, in the engine's order. Remembered for the last
        few decisions when `state` is the cached state of `session` (autocomplete asks again at
        every keystroke; a Cathedral opening has ~1,800 moves to format)."""
        key = (session.id, session.version, int(seat))
        known = self._legal.get(key)
        if known is not None:
            self._legal.move_to_end(key)
            return known
        engine = self.engine_for(session)
        listed = some_legal_actions(engine, state, seat, LEGAL_LISTED_MAX)
        notations = tuple(engine.format_action(a, state) for a in listed)
        if self._cache.state(session) is state:  # the key describes this very state
            self._legal[key] = notations
            while len(self._legal) > LEGAL_CACHE_SIZE:
                self._legal.popitem(last=False)
        return notations

    def decision_token(self, session: SessionRecord, state: Any, seat: Seat) -> str | None:
        """A short token naming the decision `seat` faces now, or None when it is not awaited.

        Built from public facts only - the number of moves played so far (the log's ply), in
        hex - because every member reads a per-seat button's custom_id: nothing in it may
        depend on the seat's cards. A click carrying it is accepted while the seat is still
        awaited and has not moved since (`_token_outdated`), so another player's move in the
        same simultaneous step leaves the seat's buttons working, and its own move (or a
        stand-in's) outdates them; legality is checked on the move itself at click time.
        """
        if state is None:
            return None
        engine = self.engine_for(session)
        if seat not in engine.to_act(state):
            return None
        return format(session.ply, "x")

    async def _token_outdated(
        self, session: SessionRecord, state: Any, seat: Seat, token: str
    ) -> bool:
        """True unless `token` (a `decision_token`) names a decision `seat` still faces: the
        seat is awaited and made no move since the token's ply (read from the log, at most
        `TOKEN_MOVES_MAX` moves back; an older token is outdated)."""
        if seat not in self.engine_for(session).to_act(state):
            return True
        try:
            drawn_at = int(token, 16)
        except ValueError:
            return True
        if not 0 <= drawn_at <= session.ply or session.ply - drawn_at > TOKEN_MOVES_MAX:
            return True
        if drawn_at == session.ply:
            return False
        since = await self.store.load_log(session.id, after_ply=drawn_at, limit=TOKEN_MOVES_MAX)
        return any(e.seat == seat for e in since)

    # ----------------------------------------------------------------- loading

    def load(self, session: SessionRecord) -> Any:
        """The engine state stored in `session` (None for a lobby).

        Raises:
            CorruptSessionError: the snapshot is not JSON or the engine refuses it; the message
                names the session, the game and the problem.
        """
        if session.state_json is None:
            if session.status is SessionStatus.LOBBY:
                return None
            raise CorruptSessionError(
                f"Session {session.id} ({session.game_key}) is "  # i18n-exempt: internal error
                f"{session.status.value} but has no stored state."
            )
        cached = self._cache.state(session)
        if cached is not None:
            return cached
        where = (
            f"Session {session.id} ({session.game_key}, "  # i18n-exempt: internal error
            f"channel {session.place_id})"
        )
        try:
            data = json.loads(session.state_json)
        except json.JSONDecodeError as exc:
            raise CorruptSessionError(
                f"{where}: the stored state is not valid JSON: "  # i18n-exempt: internal error
                f"{exc.msg} at line {exc.lineno} column {exc.colno}."
            ) from exc
        except RecursionError as exc:  # nested deeper than any engine writes
            raise CorruptSessionError(
                f"{where}: the stored state is "  # i18n-exempt: internal error
                "nested too deep."
            ) from exc
        if not isinstance(data, dict):
            raise CorruptSessionError(
                f"{where}: the stored state must be "  # i18n-exempt: internal error
                f"a JSON object, not {type(data).__name__}."
            )
        try:
            engine = self.engine_for(session)
        except KeyError as exc:
            raise CorruptSessionError(
                f"{where}: unknown game "  # i18n-exempt: internal error
                f"{session.game_key!r}."
            ) from exc
        try:
            state = engine.state_from_dict(data)
        except CorruptStateError as exc:
            raise CorruptSessionError(
                f"{where}: the stored state is "  # i18n-exempt: internal error
                f"corrupt: {exc}"
            ) from exc
        except _UNREADABLE as exc:
            # A snapshot of the wrong shape where a decoder did not expect it (a list for a
            # number, nesting no engine writes): unreadable all the same, so the same sentence.
            raise CorruptSessionError(
                f"{where}: the stored state is "  # i18n-exempt: internal error
                f"corrupt: {type(exc).__name__}: {exc}"
            ) from exc
        self._cache.put(session, state)
        return state

    # ----------------------------------------------------------------- lobby

    async def create_lobby(
        self,
        game_key: str,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: Mapping[str, object] | None = None,
        thread_id: int | None = None,
        turn_timeout: timedelta | None = None,
    ) -> SessionRecord | Rejection:
        """Open a lobby for `game_key` with the host seated. See the module docstring."""
        try:
            engine = self._engines(game_key)
        except KeyError as exc:
            return Rejection(RejectionCode.LOBBY, _sentence(exc))
        try:
            validated = engine.spec.validate_options(dict(options or {}))
        except ValueError as exc:
            return Rejection(RejectionCode.LOBBY, _sentence(exc))
        problem = setup_problem(engine, validated, None)
        if problem is not None:
            return Rejection(RejectionCode.LOBBY, problem)
        if turn_timeout is not None and turn_timeout.total_seconds() < 1:
            return Rejection(
                RejectionCode.LOBBY, tx("The turn time limit must be at least a second.")
            )
        place = thread_id if thread_id is not None else channel_id
        existing = await self.store.get_open_in_place(place)
        if existing is not None:
            return self._busy(existing)
        new = NewSession(
            game_key=engine.spec.key,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            host=SeatRecord(seat=0, display_name=host_name, user_id=host_id),
            options=validated,
            turn_timeout_s=None if turn_timeout is None else int(turn_timeout.total_seconds()),
        )
        try:
            return await self.store.create_session(new, self._now())
        except PlaceBusyError:
            # Lost a race with another /game new in the same place.
            existing = await self.store.get_open_in_place(place)
            if existing is None:
                return _stale()
            return self._busy(existing)

    def _busy(self, existing: SessionRecord) -> Rejection:
        try:
            name: str = self.engine_for(existing).spec.display_name
        except KeyError:
            name = existing.game_key
        # One sentence per English article, so each language words "a"/"an" its own way.
        an = str(name)[:1].lower() in "aeiou"  # i18n-exempt: vowels, not a text
        if existing.status is SessionStatus.LOBBY:
            if an:
                busy = tx(
                    "This channel already has an {game} lobby open: join it, or /game abandon "
                    "it first, or start yours in a thread.",
                    game=name,
                )
            else:
                busy = tx(
                    "This channel already has a {game} lobby open: join it, or /game abandon "
                    "it first, or start yours in a thread.",
                    game=name,
                )
            return Rejection(RejectionCode.LOBBY, busy)
        if an:
            busy = tx(
                "This channel already has an {game} game in progress: finish it or /game "
                "abandon it first, or start it in a thread.",
                game=name,
            )
        else:
            busy = tx(
                "This channel already has a {game} game in progress: finish it or /game "
                "abandon it first, or start it in a thread.",
                game=name,
            )
        return Rejection(RejectionCode.LOBBY, busy)

    async def _lobby_for(
        self, channel_id: int, started_hint: str | None = None
    ) -> SessionRecord | Rejection:
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        if found.status is not SessionStatus.LOBBY:
            return Rejection(
                RejectionCode.LOBBY,
                tx("The {game} game here has already started.", game=self._game_name(found)),
                started_hint,
            )
        return found

    @contextlib.asynccontextmanager
    async def _locked_lobby(
        self, channel_id: int, started_hint: str | None = None
    ) -> AsyncIterator[SessionRecord | Rejection]:
        """The lobby here, re-read under its session lock (or the Rejection saying why not).

        The first read only finds which lock to take; whoever held it may have changed the lobby,
        so the body always sees the record as it is once the lock is ours.
        """
        found = await self._lobby_for(channel_id, started_hint)
        if isinstance(found, Rejection):
            yield found
            return
        async with self._lock(found.id):
            yield await self._lobby_for(channel_id, started_hint)

    def _full(self, session: SessionRecord, spec: GameSpec) -> Rejection | None:
        limit = seat_limit(self.engine_for(session), session.options)
        if limit is not None and limit[0] < spec.max_players:
            if len(session.seats) < limit[0]:
                return None
            return Rejection(
                RejectionCode.LOBBY,
                tx(
                    "This {game} game is full ({seated} of {limit} seats): with the options "
                    "chosen, {why}.",
                    game=spec.display_name,
                    seated=len(session.seats),
                    limit=limit[0],
                    why=limit[1],
                ),
            )
        if len(session.seats) < spec.max_players:
            return None
        return Rejection(
            RejectionCode.LOBBY,
            tx(
                "This {game} game is full ({seated} of {limit} seats).",
                game=spec.display_name,
                seated=len(session.seats),
                limit=spec.max_players,
            ),
        )

    async def join(
        self, channel_id: int, user_id: int, display_name: str
    ) -> SessionRecord | Rejection:
        """Take the next free seat in the lobby of this channel."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            spec = self.engine_for(session).spec
            if session.seat_of(user_id) is not None:
                return Rejection(RejectionCode.LOBBY, tx("You are already in this lobby."))
            full = self._full(session, spec)
            if full is not None:
                return full
            seat = SeatRecord(seat=len(session.seats), display_name=display_name, user_id=user_id)
            try:
                return await self.store.add_seat(session.id, session.version, seat, self._now())
            except StaleVersionError:
                return _stale()

    async def add_bot(
        self, channel_id: int, user_id: int, bot_name: str
    ) -> SessionRecord | Rejection:
        """Host only: seat a computer player: `bot_name` is a level (`easy`, `strong`, see
        `levels`) or a key of `engine.bots`."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            engine = self.engine_for(session)
            spec = engine.spec
            if user_id != session.host_user_id:
                return self._host_only(session, "add")
            key = levels.bot_name(bot_name, engine.bots)
            if key is None:
                names = ", ".join(levels.choices(engine.bots)) or tx("none")
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} has no bot called {bot} (bots: {names}).",
                        game=spec.display_name,
                        bot=repr(bot_name),
                        names=names,
                    ),
                )
            full = self._full(session, spec)
            if full is not None:
                return full
            name = botnames.seated(bot_name, {s.display_name for s in session.seats})
            seat = SeatRecord(seat=len(session.seats), display_name=name, bot_name=key)
            try:
                return await self.store.add_seat(session.id, session.version, seat, self._now())
            except StaleVersionError:
                return _stale()

    def _host_only(self, session: SessionRecord, what: str) -> Rejection:
        """`what`: "add", "kick", "start" or "cancel"."""
        host = session.seat_of(session.host_user_id)
        who = host.display_name if host is not None else tx("the host")
        if what == "add":
            sentence = tx("Only the host, {host}, can add bots.", host=who)
        elif what == "kick":
            sentence = tx("Only the host, {host}, can remove players.", host=who)
        elif what == "start":
            sentence = tx("Only the host, {host}, can start the game.", host=who)
        else:
            sentence = tx("Only the host, {host}, can cancel the lobby.", host=who)
        return Rejection(RejectionCode.LOBBY, sentence)

    async def leave(self, channel_id: int, user_id: int) -> SessionRecord | Rejection:
        """Leave the lobby. A leaving host hands over to the next human or cancels the lobby."""
        async with self._locked_lobby(channel_id, LEAVE_STARTED_HINT) as session:
            if isinstance(session, Rejection):
                return session
            seat = session.seat_of(user_id)
            if seat is None:
                return Rejection(RejectionCode.NOT_A_PLAYER, tx("You are not in this lobby."))
            now = self._now()
            try:
                if user_id == session.host_user_id:
                    heirs = [s for s in session.seats if s.user_id not in (None, user_id)]
                    if not heirs:
                        host_name = seat.display_name
                        ended = await self.store.update(
                            session.id,
                            session.version,
                            SessionPatch(
                                status=SessionStatus.ABANDONED,
                                end_reason=reasons.host_left(host_name),
                            ),
                            now,
                        )
                        self._forget(ended)
                        return ended
                    heir_id = heirs[0].user_id
                    assert heir_id is not None
                    session = await self.store.update(
                        session.id, session.version, SessionPatch(host_user_id=heir_id), now
                    )
                return await self.store.remove_seat(session.id, session.version, seat.seat, now)
            except StaleVersionError:
                return _stale()

    async def kick(
        self, channel_id: int, user_id: int, seat_index: int
    ) -> SessionRecord | Rejection:
        """Host only: remove another seat (a bot or a human) from the lobby."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            if user_id != session.host_user_id:
                return self._host_only(session, "kick")
            if not 0 <= seat_index < len(session.seats):
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "There is no seat {seat}; the lobby has {seats}.",
                        seat=seat_index + 1,
                        seats=len(session.seats),
                    ),
                )
            if session.seats[seat_index].user_id == user_id:
                return Rejection(
                    RejectionCode.LOBBY, tx("You cannot remove yourself; use /game leave instead.")
                )
            try:
                return await self.store.remove_seat(
                    session.id, session.version, seat_index, self._now()
                )
            except StaleVersionError:
                return _stale()

    async def start(self, channel_id: int, user_id: int) -> MoveResult | Rejection:
        """Host only: deal the game in join order and let bots that act first play."""
        async with self._locked_lobby(channel_id) as session:
            if isinstance(session, Rejection):
                return session
            if user_id != session.host_user_id:
                # Whether seated or not, what the caller needs to know is who may start.
                return self._host_only(session, "start")
            engine = self.engine_for(session)
            spec = engine.spec
            count = len(session.seats)
            if count < spec.min_players:
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} needs at least {least} players; {seated} seated so far.",
                        game=spec.display_name,
                        least=spec.min_players,
                        seated=count,
                    ),
                    tx("Invite someone to /game join, or add a bot with /game add-bot."),
                )
            if count > spec.max_players:
                return Rejection(
                    RejectionCode.LOBBY,
                    tx(
                        "{game} takes at most {most} players; {seated} are seated.",
                        game=spec.display_name,
                        most=spec.max_players,
                        seated=count,
                    ),
                )
            problem = setup_problem(engine, session.options, count)
            if problem is not None:
                return Rejection(RejectionCode.LOBBY, problem)
            seed = self._seed_source()
            try:
                state = engine.new_game(count, dict(session.options), seed)
            except ValueError as exc:  # an engine's own setup sentence
                return Rejection(RejectionCode.LOBBY, _sentence(exc))
            data = engine.state_to_dict(state)
            now = self._now()
            try:
                session = await self.store.update(
                    session.id,
                    session.version,
                    SessionPatch(
                        status=SessionStatus.ACTIVE,
                        seed=seed,
                        state_json=canonical_json(data),
                        schema_v=_schema_v(data),
                        turn_deadline=self._deadline(session, now),
                        to_act=_seat_numbers(engine.to_act(state)),
                    ),
                    now,
                )
            except StaleVersionError:
                return _stale()
            self._cache.put(session, state)
            await self.store.mark_started(session.id, now)  # type: ignore[attr-defined]
            return await self._bots_then_result(engine, session, state, ())

    # ----------------------------------------------------------------- play

    async def submit(
        self,
        channel_id: int,
        user_id: int,
        text: str,
        expected_version: int | None = None,
        *,
        session_id: int | None = None,
        expected_seat: int | None = None,
        expected_token: str | None = None,
        bots: bool = True,
    ) -> MoveResult | Rejection:
        """Play `text` for `user_id`'s seat, persist it, then let bots reply. See module docs.

        `bots=False`: return as soon as the move is saved; the caller runs `run_bots` after
        acknowledging it (so a failure there never hides that the move was saved)."""
        args = (user_id, text, expected_version, expected_seat, expected_token, bots)
        result = await self._submit(channel_id, session_id, args, trust_cache=True)
        # Lost to another writer (another process, with several on one database): try again on
        # a fresh read, until the move itself conflicts (the engine or the token refuses it on
        # the new position) or the bound is reached.
        for _ in range(FRESH_RETRIES):
            if not isinstance(result, _LostRace):
                break
            result = await self._submit(channel_id, session_id, args, trust_cache=False)
        answer = _stale() if isinstance(result, _LostRace) else result
        if self.on_submit is not None:
            if isinstance(answer, MoveResult):
                game = answer.session.game_key
            else:
                known = self._cache.record(channel_id, session_id)
                game = "unknown" if known is None else known.game_key
            self.on_submit(game, answer)
        return answer

    async def _submit(
        self,
        channel_id: int,
        session_id: int | None,
        args: tuple[int, str, int | None, int | None, str | None, bool],
        *,
        trust_cache: bool,
    ) -> MoveResult | Rejection | _LostRace:
        """One try of `submit`.

        Trusting, the move is made on the session record this process last wrote or read (or
        else on the one just found), without reading it again when the session's lock is free:
        the compare-and-set of the move proves the record was current. Anything else (a lost
        race, a refusal that a fresher record might not give) answers `_LostRace`, and `submit`
        tries again, reading the session under its lock.
        """
        found: SessionRecord | Rejection | None = None
        if trust_cache:
            found = self._cache.record(channel_id, session_id)
            if found is not None:
                found = self._here(found, channel_id)
                if isinstance(found, Rejection):
                    return found
        if found is None:
            found = await self._find(channel_id, session_id)
            if isinstance(found, Rejection):
                return found
        lock = self._lock(found.id)
        trusted = trust_cache and not lock.locked()
        async with lock:
            # Whoever held the lock may have moved the game on: read it again under the lock.
            session = found if trusted else await self.store.get_session(found.id)
            if session is None:  # pragma: no cover - sessions are never deleted
                return _stale()
            result = await self._submit_locked(session, *args)
        if trusted and isinstance(result, Rejection):
            return _LostRace()
        return result

    async def _submit_locked(
        self,
        session: SessionRecord,
        user_id: int,
        text: str,
        expected_version: int | None,
        expected_seat: int | None,
        expected_token: str | None,
        bots: bool,
    ) -> MoveResult | Rejection | _LostRace:
        """`submit`'s checks and move on `session`, under its lock."""
        seat_record = session.seat_of(user_id)
        if expected_seat is not None and (seat_record is None or seat_record.seat != expected_seat):
            return self._not_your_buttons(session, expected_seat)
        if seat_record is None:
            return self._not_a_player(session)
        if session.status is SessionStatus.LOBBY:
            return self._not_started(session)
        if not session.status.is_open:
            return self._ended_rejection(session)
        if expected_version is not None and expected_version != session.version:
            return _stale()
        engine = self.engine_for(session)
        state = self.load(session)
        seat = Seat(seat_record.seat)
        if expected_token is not None and await self._token_outdated(
            session, state, seat, expected_token
        ):
            return _stale()
        steps = self._steps(session, engine, state, seat, text)
        if isinstance(steps, Rejection):
            return steps
        moves: list[AppliedMove] = []
        for notation, result in steps:
            try:
                session, applied = await self._persist(
                    engine, session, seat_record, notation, result.state, result.events
                )
            except StaleVersionError:
                # Retrying is safe only while nothing of this call is saved.
                return _stale() if moves else _LostRace()
            moves.append(applied)
        final = steps[-1][1].state
        if not bots:
            return self._saved_result(engine, session, final, tuple(moves))
        return await self._bots_then_result(engine, session, final, tuple(moves))

    def _saved_result(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        applied: tuple[AppliedMove, ...],
    ) -> MoveResult:
        """The result of saved moves, bots not run."""
        return MoveResult(
            session=session,
            state=state,
            moves=applied,
            to_act=engine.to_act(state),
            finished=session.status is SessionStatus.FINISHED,
            outcome=engine.outcome(state),
        )

    async def preview(self, channel_id: int, user_id: int, text: str) -> Preview | Rejection:
        """What `text` would do for `user_id`'s seat now, computed with `step` and never saved.

        The same checks as `submit` (seated, active, the engine's sentence for a refused move), so
        a preview is offered only for a move that would be accepted at `Preview.session.version`.
        """
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        session = found
        seat_record = session.seat_of(user_id)
        if seat_record is None:
            return self._not_a_player(session)
        if session.status is SessionStatus.LOBBY:
            return self._not_started(session)
        engine = self.engine_for(session)
        state = self.load(session)
        seat = Seat(seat_record.seat)
        steps = self._steps(session, engine, state, seat, text)
        if isinstance(steps, Rejection):
            return steps
        return Preview(
            session=session,
            seat=seat,
            notation=_turn_notation(engine, [notation for notation, _ in steps]),
            before=state,
            after=steps[-1][1].state,
            events=tuple(e for _, result in steps for e in result.events),
            reveals=any(result.reveals for _, result in steps),
        )

    def _not_your_buttons(self, session: SessionRecord, seat: int) -> Rejection:
        owner = next((s.display_name for s in session.seats if s.seat == seat), None)
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx("These buttons are for {player}.", player=owner)
            if owner
            else tx("These buttons are for another player."),
        )

    def _not_a_player(self, session: SessionRecord) -> Rejection:
        return Rejection(
            RejectionCode.NOT_A_PLAYER,
            tx("You are not playing in this {game} game.", game=self._game_name(session)),
            tx("You can watch with /game status."),
        )

    def _step(
        self, session: SessionRecord, engine: AnyEngine, state: Any, seat: Seat, text: str
    ) -> Transition[Any] | Rejection:
        """`step_text`, with the engine's bare NOT_YOUR_TURN replaced by who is awaited."""
        result = step_text(engine, state, seat, text)
        if isinstance(result, Rejection) and result.code is RejectionCode.NOT_YOUR_TURN:
            return self._not_your_turn(session, engine, state)
        return result

    def _steps(
        self, session: SessionRecord, engine: AnyEngine, state: Any, seat: Seat, text: str
    ) -> list[tuple[str, Transition[Any]]] | Rejection:
        """`text` stepped, as (canonical notation, transition) per engine action. One action,
        except for an engine with `split_turn` (Canterbury) given a whole turn in one line:
        then each of its steps, all accepted or none, each saved as its own move."""
        split = getattr(engine, "split_turn", None)
        texts = split(text, state, seat) if split is not None else None
        if isinstance(texts, Rejection):
            if texts.code is RejectionCode.NOT_YOUR_TURN:
                return self._not_your_turn(session, engine, state)
            return texts
        out: list[tuple[str, Transition[Any]]] = []
        for part in texts or [text]:
            result = self._step(session, engine, state, seat, part)
            if isinstance(result, Rejection):
                return result
            out.append((_canonical_notation(engine, state, seat, part), result))
            state = result.state
        return out

    def _not_your_turn(self, session: SessionRecord, engine: AnyEngine, state: Any) -> Rejection:
        waiting = [s.display_name for s in session.seats if Seat(s.seat) in engine.to_act(state)]
        if not waiting:
            return Rejection(RejectionCode.NOT_YOUR_TURN, tx("It is not your turn."))
        return Rejection(
            RejectionCode.NOT_YOUR_TURN,
            tx("It is not your turn: waiting for {players}.", players=_join_names(waiting)),
        )

    async def _persist(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        seat: SeatRecord,
        notation: str,
        state: Any,
        events: tuple[Event, ...],
    ) -> tuple[SessionRecord, AppliedMove]:
        """Write one move with CAS; raises StaleVersionError if another writer got there first."""
        data = engine.state_to_dict(state)
        outcome = engine.outcome(state)
        now = self._now()
        if outcome is None:
            status, deadline, reason = SessionStatus.ACTIVE, self._deadline(session, now), None
        else:
            status, deadline, reason = SessionStatus.FINISHED, None, outcome.reason
        move = MoveCommit(
            seat=seat.seat,
            user_id=seat.user_id,
            notation=notation,
            events=tuple(e.to_dict() for e in events),
            state_json=canonical_json(data),
            schema_v=_schema_v(data),
            status=status,
            outcome=None if outcome is None else outcome.to_dict(),
            turn_deadline=deadline,
            end_reason=reason,
            to_act=frozenset() if outcome is not None else _seat_numbers(engine.to_act(state)),
        )
        updated, entry = await self.store.commit_move(session.id, session.version, move, now)
        self._cache.put(updated, state)
        applied = AppliedMove(
            ply=entry.ply,
            seat=Seat(seat.seat),
            display_name=seat.display_name,
            user_id=seat.user_id,
            bot_name=seat.bot_name,
            notation=notation,
            events=events,
        )
        return updated, applied

    async def _bots_then_result(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        applied: tuple[AppliedMove, ...],
    ) -> MoveResult:
        """Let bot seats in to_act play until a human must act, then build the result."""
        moves = list(applied)
        # Away seats the table voted a bot for play like bot seats (AsyncPlayMixin).
        standins = {s.seat: s for s in await self.standin_seats(session)}
        for _ in range(MAX_BOT_MOVES):
            if session.status is not SessionStatus.ACTIVE:
                break
            to_act = engine.to_act(state)
            bots = [
                standins.get(s.seat, s)
                for s in session.seats
                if (s.is_bot or s.seat in standins) and Seat(s.seat) in to_act
            ]
            bots = self._bots_in_order(engine, session, state, bots, standins)
            if not bots:
                break
            seat = bots[0]
            # Off the event loop: a strong bot searches for up to a second or so, and chat must
            # not wait for it. The session lock stays held; a move made elsewhere meanwhile
            # (another process) makes the save below stale, and the bot's move is dropped.
            notation, transition = await asyncio.to_thread(
                self._bot_move, engine, session, state, seat
            )
            try:
                session, move = await self._persist(
                    engine, session, seat, notation, transition.state, transition.events
                )
            except StaleVersionError:
                # Another process moved this game; it will run the bots itself.
                log.info("session %s: bot move lost a race; leaving it to the winner", session.id)
                fresh = await self.store.get_session(session.id)
                if fresh is not None:
                    session, state = fresh, self.load(fresh)
                break
            state = transition.state
            moves.append(move)
        else:
            log.error(
                "session %s: bots made %s moves in a row; stopping", session.id, MAX_BOT_MOVES
            )
        outcome = engine.outcome(state)
        self._forget(session)
        return MoveResult(
            session=session,
            state=state,
            moves=tuple(moves),
            to_act=engine.to_act(state),
            finished=session.status is SessionStatus.FINISHED,
            outcome=outcome,
        )

    def _bots_in_order(
        self,
        engine: AnyEngine,
        session: SessionRecord,
        state: Any,
        bots: list[SeatRecord],
        standins: Collection[int],
    ) -> list[SeatRecord]:
        """The awaited bots that may move now, in the order they move.

        A bot may have asked the others something that they answer out of turn (a trade
        offer): the engine's optional `bot_waits_for(state, seat)` names the seats it waits
        for. Such a bot moves after the bots it waits for have answered, and while a human it
        waits for may still answer it does not move at all until `BOT_ANSWER_WAIT` has passed
        since the game last changed (`updated_at`, stored: a restart neither loses nor
        restarts the wait). Each human's answer runs the bots again; the timer round
        (`resume_bots`) moves a bot on whose wait is over.
        """
        waits_for = getattr(engine, "bot_waits_for", None)
        if waits_for is None:
            return bots
        machines = {s.seat for s in session.seats if s.is_bot} | set(standins)
        patient = self._now() - session.updated_at < BOT_ANSWER_WAIT
        first: list[SeatRecord] = []
        last: list[SeatRecord] = []
        for seat in bots:
            awaited = waits_for(state, Seat(seat.seat))
            if not awaited:
                first.append(seat)
            elif not patient or all(s in machines for s in awaited):
                last.append(seat)
        return first + last

    def _bot_move(
        self, engine: AnyEngine, session: SessionRecord, state: Any, seat: SeatRecord
    ) -> tuple[str, Any]:
        """The bot's choice as notation plus its transition.

        The move goes through notation (format, then parse) so the log replays exactly as played.
        A bot that errs or picks an illegal action is a bug: log it and play the first legal
        action instead, so the game does not stall.
        """
        assert seat.bot_name is not None and session.seed is not None
        engine_seat = Seat(seat.seat)
        candidates: list[Any] = []
        try:
            factory = engine.bots[seat.bot_name]
            candidates.append(
                factory().choose(state, engine_seat, bot_seed(session.seed, session.ply, seat.seat))
            )
        except Exception:
            log.exception("session %s: bot %r failed to choose", session.id, seat.bot_name)
        for action in _then_first_legal(candidates, engine, state, engine_seat):
            notation = engine.format_action(action, state)
            result = step_text(engine, state, engine_seat, notation)
            if not isinstance(result, Rejection):
                return notation, result
            log.error(
                "session %s: bot %r chose %r, refused: %s",
                session.id,
                seat.bot_name,
                notation,
                result.message,
            )
        raise RuntimeError(
            f"session {session.id}: seat {seat.seat} ({seat.bot_name} bot) has no playable move"
        )

    async def run_bots(self, session_id: int) -> MoveResult | Rejection:
        """Let any bot seats in to_act play (e.g. after a restart interrupted a bot turn)."""
        async with self._lock(session_id):
            session = await self.store.get_session(session_id)
            if session is None:
                return Rejection(
                    RejectionCode.NO_ACTIVE_GAME, tx("There is no game {id}.", id=session_id)
                )
            if session.status is SessionStatus.LOBBY:
                return self._not_started(session)
            if session.status is not SessionStatus.ACTIVE:
                return self._ended_rejection(session)
            engine = self.engine_for(session)
            return await self._bots_then_result(engine, session, self.load(session), ())

    async def abandon(self, channel_id: int, user_id: int) -> AbandonResult | Rejection:
        """Host: end the session now. Others: vote; it ends when every seated human has voted."""
        found = await self._find(channel_id)
        if isinstance(found, Rejection):
            return found
        async with self._lock(found.id):
            session = await self.store.get_session(found.id)
            if session is None or not session.status.is_open:
                return Rejection(
                    RejectionCode.NO_ACTIVE_GAME, tx("There is no game in this channel right now.")
                )
            seat = session.seat_of(user_id)
            if seat is None:
                return Rejection(
                    RejectionCode.NOT_A_PLAYER,
                    tx(
                        "Only players of this {game} game can abandon it.",
                        game=self._game_name(session),
                    ),
                )
            humans = frozenset(session.human_user_ids)
            votes = session.abandon_votes | {user_id}
            now = self._now()
            if user_id == session.host_user_id or votes >= humans:
                reason = (
                    reasons.abandoned_by_host(seat.display_name)
                    if user_id == session.host_user_id
                    else reasons.abandoned_by_vote()
                )
                patch = SessionPatch(
                    status=SessionStatus.ABANDONED,
                    abandon_votes=votes,
                    turn_deadline=None,
                    end_reason=reason,
                )
            elif session.status is SessionStatus.LOBBY:
                return self._host_only(session, "cancel")
            else:
                patch = SessionPatch(abandon_votes=votes)
            try:
                updated = await self.store.update(session.id, session.version, patch, now)
            except StaleVersionError:
                return _stale()
            self._forget(updated)
            abandoned = updated.status is SessionStatus.ABANDONED
            return AbandonResult(
                session=updated,
                abandoned=abandoned,
                votes=votes,
                waiting_for=frozenset() if abandoned else humans - votes,
            )

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """Remember the Discord message that shows this game (does not bump the version)."""
        await self.store.set_message_id(session_id, message_id)

    # ----------------------------------------------------------------- reading

    async def status(
        self, channel_id: int, *, session_id: int | None = None
    ) -> GameStatus | Rejection:
        """The open session here (or `session_id`), with its state and who is to act."""
        found = await self._find(channel_id, session_id)
        if isinstance(found, Rejection):
            return found
        state = self.load(found)
        if state is None:
            return GameStatus(session=found, state=None, to_act=frozenset(), outcome=None)
        engine = self.engine_for(found)
        to_act = engine.to_act(state) if found.status is SessionStatus.ACTIVE else frozenset()
        return GameStatus(session=found, state=state, to_act=to_act, outcome=engine.outcome(state))

    async def history(
        self, channel_id: int, limit: int = 10, *, session_id: int | None = None
    ) -> tuple[LogEntry, ...] | Rejection:
        """The last `limit` moves of the open session here (or `session_id`), oldest first."""
        found = await self._find(channel_id, session_id)
        if isinstance(found, Rejection):
            return found
        entries = await self.store.last_log(found.id, limit)
        undone = await self.store.undone_plies(found.id)  # type: ignore[attr-defined]
        return tuple(dataclasses.replace(e, undone=e.ply in undone) for e in entries)

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """Every lobby and active game (of one guild if given)."""
        return await self.store.list_open(guild_id)

    async def latest(self, channel_id: int) -> SessionRecord | None:
        """The most recent session in this channel or thread, whatever its status (or None)."""
        return await self.store.get_latest_in_place(channel_id)

    async def resume_bots(self) -> tuple[MoveResult, ...]:
        """At start-up: let bots play in every active game where a crash left them to act.

        Only the games whose stored `to_act` holds a bot seat (or is not known) are read, by an
        indexed query, so the cost follows those few games rather than every game open.
        Returns only the results that applied moves (so the caller can announce them).
        """
        results: list[MoveResult] = []
        standins = await self.standin_games()
        claimed = await self.claim_bot_work(
            tuple(dict.fromkeys((*await self.awaiting_bots(), *standins)))
        )
        try:
            for session_id in claimed:
                result = await self.run_bots(session_id)
                if isinstance(result, MoveResult) and result.moves:
                    results.append(result)
        finally:
            await self.release_bot_work(claimed)
        return tuple(results)

    async def claim_bot_work(self, session_ids: Collection[int]) -> tuple[int, ...]:
        """Of these games, the ones whose bots this process is to resume now: each is leased to
        it for `BOT_LEASE` in one write (unless another process holds it), so of several
        processes resuming the same games each game's bots are run by one."""
        if not session_ids:
            return ()
        now = self._now()
        return await self.store.claim_work(
            "bots", tuple(session_ids), self.owner, now, now + BOT_LEASE
        )

    async def release_bot_work(self, session_ids: Collection[int]) -> None:
        """End this process's leases on these games' bots (`claim_bot_work`)."""
        if session_ids:
            await self.store.release_work("bots", tuple(session_ids), self.owner)

    async def awaiting_bots(self) -> tuple[int, ...]:
        """Ids of the active games where a bot seat may act now: what start-up must resume.

        Selected by index from the `to_act` stored with every move, read a page at a time; a
        game stored without it is looked at once and recorded."""
        found: list[int] = []
        ids = await self.store.bot_turn_ids()
        for start in range(0, len(ids), REMINDER_PAGE):
            for session in await self.store.get_sessions(ids[start : start + REMINDER_PAGE]):
                bots = session.seats_to_act(bots=True)
                if bots is None:
                    if await self._record_to_act(session, bots=True):
                        found.append(session.id)
                elif bots:
                    found.append(session.id)
        return tuple(found)

    async def active_guild_ids(self) -> tuple[int, ...]:
        """The guilds with a game in progress (read off an index, no game loaded)."""
        return await self.store.active_guild_ids()

    async def _record_to_act(self, session: SessionRecord, *, bots: bool) -> bool:
        """For a session stored without `to_act`: work it out from the state, record it (no
        version bump) and say whether a bot (or human) seat may act. False if it cannot load."""
        try:
            to_act = _seat_numbers(self.engine_for(session).to_act(self.load(session)))
        except (CorruptStateError, KeyError):
            log.exception("session %s: cannot load it to see who may act", session.id)
            return False
        await self.store.set_to_act(session.id, session.version, to_act)
        return any(s.seat in to_act and s.is_bot == bots for s in session.seats)

    async def verify_replay(self, session_id: int) -> ReplayReport:
        """Re-run the stored log from the seed and compare with the snapshot (canonical JSON)."""
        session = await self.store.get_session(session_id)
        if session is None:
            raise KeyError(f"no session {session_id}")
        undone = await self.store.undone_plies(session_id)  # type: ignore[attr-defined]
        entries = tuple(e for e in await self.store.load_log(session_id) if e.ply not in undone)
        return replay_check(self.engine_for, session, entries)

    async def overdue(self, now: datetime | None = None) -> tuple[SessionRecord, ...]:
        """Active sessions whose turn deadline has passed, except those waiting for an away
        player (their limit is paused; absences whose date passed are ended first)."""
        now = now or self._now()
        await self.end_due_absences(now)
        return tuple(
            [s for s in await self.store.list_overdue(now) if not await self._someone_away(s, now)]
        )

    async def expire_overdue(self, now: datetime | None = None) -> tuple[SessionRecord, ...]:
        """Abandon every overdue session; return them as they are now (ABANDONED)."""
        now = now or self._now()
        await self.end_due_absences(now)
        expired: list[SessionRecord] = []
        for candidate in await self.store.list_overdue(now):
            async with self._lock(candidate.id):
                session = await self.store.get_session(candidate.id)
                if (
                    session is None
                    or session.status is not SessionStatus.ACTIVE
                    or session.turn_deadline is None
                    or session.turn_deadline > now
                    or await self._someone_away(session, now)  # its limit is paused
                ):
                    continue
                waiting = self._waiting_names(session)
                reason = reasons.timed_out(waiting)
                try:
                    updated = await self.store.update(
                        session.id,
                        session.version,
                        SessionPatch(
                            status=SessionStatus.ABANDONED, turn_deadline=None, end_reason=reason
                        ),
                        now,
                    )
                except StaleVersionError:
                    continue
                self._forget(updated)
                expired.append(updated)
        return tuple(expired)

    async def due_reminders(
        self,
        every: timedelta,
        now: datetime | None = None,
        *,
        guild_ids: Collection[int] | None = None,
    ) -> tuple[Reminder, ...]:
        """Active games whose awaited humans have had nothing happen for `every` (since the last
        change of the game and since the last reminder): at most one reminder per period.
        All pages of `due_reminder_pages` in one tuple. `guild_ids`: only games of these guilds.
        """
        due: list[Reminder] = []
        async for page in self.due_reminder_pages(every, now, guild_ids=guild_ids):
            due.extend(page)
        return tuple(due)

    async def due_reminder_pages(
        self,
        every: timedelta,
        now: datetime | None = None,
        *,
        guild_ids: Collection[int] | None = None,
    ) -> AsyncIterator[tuple[Reminder, ...]]:
        """`due_reminders` a page at a time (pages may be empty), for a caller that posts and
        marks each page (`mark_reminded_many`) before the next is read.

        The store selects the due games by an indexed query and this reads them
        `REMINDER_PAGE` at a time; between reads it yields to the event loop whenever it has
        worked `SLICE_S` at a stretch, so the loop is never held for long however many games
        are due. Who is awaited comes from the stored `to_act`, so no state is parsed (except
        for a game stored without it, which is then recorded).
        """
        now = now or self._now()
        # Away players get no reminders (AsyncPlayMixin); one read of the open absences.
        away = {p.user_id for p in await self.open_absences() if p.is_away(now)}
        ids = await self.store.quiet_ids(now - every, guild_ids)
        for start in range(0, len(ids), REMINDER_PAGE):
            sessions = await self.store.get_sessions(ids[start : start + REMINDER_PAGE])
            began = time.perf_counter()
            page: list[Reminder] = []
            for session in sessions:
                if time.perf_counter() - began > SLICE_S:
                    await asyncio.sleep(0)
                    began = time.perf_counter()
                if session.status is not SessionStatus.ACTIVE or now - session.quiet_since < every:
                    continue  # it changed since the ids were read
                humans = session.seats_to_act(bots=False)
                if humans is None:
                    if not await self._record_to_act(session, bots=False):
                        continue
                    began = time.perf_counter()
                    humans = self._fresh_humans(session)
                users = tuple(
                    s.user_id for s in humans if s.user_id is not None and s.user_id not in away
                )
                if users:
                    page.append(Reminder(session, users, session.updated_at))
            yield tuple(page)

    def _fresh_humans(self, session: SessionRecord) -> tuple[SeatRecord, ...]:
        to_act = self.engine_for(session).to_act(self.load(session))
        return tuple(s for s in session.seats if s.user_id is not None and Seat(s.seat) in to_act)

    async def mark_reminded(self, session_id: int, now: datetime | None = None) -> None:
        """Record that a reminder was sent now (does not bump the version)."""
        await self.store.set_reminded_at(session_id, now or self._now())

    async def claim_reminders(
        self, due: Collection[Reminder], every: timedelta, now: datetime | None = None
    ) -> tuple[Reminder, ...]:
        """Of a page of `due` reminders, the ones this process is to send: each game still quiet
        for `every` is marked reminded now, in one write, and only the games this write marked
        are returned. With several processes reading the same due games, every reminder is
        claimed by exactly one of them."""
        if not due:
            return ()
        now = now or self._now()
        claimed = set(
            await self.store.claim_reminders([d.session.id for d in due], now - every, now)
        )
        return tuple(d for d in due if d.session.id in claimed)

    async def mark_reminded_many(
        self, session_ids: Collection[int], now: datetime | None = None
    ) -> None:
        """`mark_reminded` for a page of games in one store transaction (one write)."""
        if session_ids:
            await self.store.set_reminded_at_many(tuple(session_ids), now or self._now())

    def _waiting_names(self, session: SessionRecord) -> str:
        try:
            state = self.load(session)
            to_act = self.engine_for(session).to_act(state)
        except (CorruptStateError, KeyError):
            return ""
        return _join_names([s.display_name for s in session.seats if Seat(s.seat) in to_act])


def _canonical_notation(engine: AnyEngine, state: Any, seat: Seat, text: str) -> str:
    """The engine's own spelling of an accepted move ("d4" for " D4 "), for a tidy log.

    `parse_action(format_action(a)) == a` is part of the engine protocol, so the log replays the
    same; `verify_replay` checks it.
    """
    parsed = engine.parse_action(text, state, seat)
    if isinstance(parsed, Rejection):  # pragma: no cover - step_text accepted this very text
        return text.strip()
    return engine.format_action(parsed, state)


def _turn_notation(engine: AnyEngine, notations: list[str]) -> str:
    """One line for several steps of a turn (the engine's short form when it has one)."""
    if len(notations) == 1:
        return notations[0]
    short = getattr(engine, "turn_notation", None)
    return short(notations) if short is not None else "; ".join(notations)


def _schema_v(data: Mapping[str, Any]) -> int | None:
    v = data.get("v")
    return v if isinstance(v, int) and not isinstance(v, bool) else None


class _LostRace:
    """`_submit_locked`'s answer when its compare-and-set lost to another writer."""


def _seat_numbers(seats: frozenset[Seat]) -> frozenset[int]:
    return frozenset(int(seat) for seat in seats)


class _SessionLock:
    """An `asyncio.Lock` that removes itself from `registry` when nobody holds or awaits it."""

    __slots__ = ("_key", "_lock", "_registry", "_users")

    def __init__(self, registry: dict[int, _SessionLock], key: int) -> None:
        self._registry = registry
        self._key = key
        self._lock = asyncio.Lock()
        self._users = 0

    async def __aenter__(self) -> None:
        self._users += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self._leave()
            raise

    async def __aexit__(self, *exc_info: object) -> None:
        self._lock.release()
        self._leave()

    def locked(self) -> bool:
        """True while some coroutine holds the lock."""
        return self._lock.locked()

    def _leave(self) -> None:
        self._users -= 1
        if self._users == 0 and self._registry.get(self._key) is self:
            del self._registry[self._key]


def _then_first_legal(
    candidates: list[Any], engine: AnyEngine, state: Any, seat: Seat
) -> Iterator[Any]:
    """The bot's candidates, then the first legal action: listed only if every candidate was
    refused, since a full `legal_actions` (~1,800 Cathedral placements) costs more than a move."""
    yield from candidates
    yield from engine.legal_actions(state, seat)[:1]


def _sentence(exc: Exception) -> str:
    """The sentence an exception carries, kept a `Text` when an engine worded it as one (so the
    table says it in the reader's language); a KeyError's message without its quotes."""
    if len(exc.args) == 1 and isinstance(exc.args[0], str):
        return exc.args[0]
    return str(exc)


def _join_names(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (a `Text`: "and" in the reader's language)."""
    if len(names) <= 1:
        return "".join(names)
    return tx("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


__all__ = ["DECISION_TOKEN_LENGTH", "STALE_MESSAGE", "GameService", "bot_seed"]
