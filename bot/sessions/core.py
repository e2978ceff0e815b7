"""The core every part of `GameService` stands on: construction, the clock, per-session locks,
the state cache, finding the session a command is about, loading its snapshot, the refusals
several commands share, and writing one move with compare-and-swap. No Discord here.

`GameService` (`bot.sessions.service`) is `ServiceCore` with one mixin per concern: lobbies and
seats (`lobby`), moves (`moves`), computer players (`bots`), turn limits and reminders
(`timers`), reading (`reading`) and asynchronous play (`asyncplay`, itself made of `away`,
`undo`, `replays` and `turnclock` over `asynccore`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import secrets
import socket
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.games.codec import CorruptStateError
from bot.games.protocol import Engine, Event, Seat, canonical_json
from bot.games.rejections import Rejection, RejectionCode
from bot.games.text import tx
from bot.sessions.cache import StateCache
from bot.sessions.models import AppliedMove, CorruptSessionError, MoveResult
from bot.storage.base import SessionStore
from bot.storage.records import (
    MoveCommit,
    SeatRecord,
    SessionRecord,
    SessionStatus,
)

if TYPE_CHECKING:
    from bot.sessions.away import AwayResult
    from bot.storage.asyncplay import AwayPeriod

# The service's one logger, whichever of its modules logs: named for `bot.sessions.service`,
# the module that documents the service, since log filters and tests select its records so.
log = logging.getLogger("bot.sessions.service")

AnyEngine = Engine[Any, Any]

STALE_MESSAGE = tx(
    "The game moved on while you were choosing; look at the new board and try again."
)

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

STATE_CACHE_SIZE = 1024
"""Parsed states kept in memory (least recently used dropped first); a miss costs one parse."""


def _default_clock() -> datetime:
    return datetime.now(UTC)


def _default_seed_source() -> int:
    # 48 bits: fits SQLite's INTEGER and JSON numbers exactly.
    return random.SystemRandom().getrandbits(48)


def _default_engines(key: str) -> AnyEngine:
    from bot.games import get_engine

    return get_engine(key)


def _stale() -> Rejection:
    return Rejection(RejectionCode.STALE, STALE_MESSAGE)


def _as_typed(game_key: str, notation: str) -> str:
    """The default public wording: the notation itself (games without hidden moves)."""
    return notation


class ServiceCore:
    """What every part of `GameService` shares: its collaborators, clock, locks and caches;
    finding and loading sessions; shared refusals; writing a move. See `bot.sessions.service`
    for the API."""

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

    # ----------------------------------------------------------------- writing

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

    if TYPE_CHECKING:
        # Supplied by other parts of GameService (bots.py, away.py); declared here so that
        # each part's calls to them type-check.
        _bots_then_result: Callable[
            [AnyEngine, SessionRecord, Any, tuple[AppliedMove, ...]], Awaitable[MoveResult]
        ]
        standin_seats: Callable[[SessionRecord], Awaitable[tuple[SeatRecord, ...]]]
        standin_games: Callable[[], Awaitable[tuple[int, ...]]]
        open_absences: Callable[[], Awaitable[tuple[AwayPeriod, ...]]]
        end_due_absences: Callable[[datetime | None], Awaitable[tuple[AwayResult, ...]]]
        _someone_away: Callable[[SessionRecord, datetime], Awaitable[bool]]


def _schema_v(data: Mapping[str, Any]) -> int | None:
    v = data.get("v")
    return v if isinstance(v, int) and not isinstance(v, bool) else None


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


def _join_names(names: list[str]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (a `Text`: "and" in the reader's language)."""
    if len(names) <= 1:
        return "".join(names)
    return tx("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
