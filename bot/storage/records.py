"""Plain records the stores read and write: sessions, seats and the append-only action log.

Records are frozen dataclasses holding JSON-ready values. The engine state stays *text* here
(`SessionRecord.state_json`): parsing it into an engine State is the session layer's job, so a
corrupt snapshot is reported there with the session and game named.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from typing import Any


class SessionStatus(Enum):
    """Where a session is in its life. LOBBY and ACTIVE are "open": one per channel or thread."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_open(self) -> bool:
        """True for a lobby or a game in progress."""
        return self in (SessionStatus.LOBBY, SessionStatus.ACTIVE)


OPEN_STATUSES = (SessionStatus.LOBBY, SessionStatus.ACTIVE)


class StaleVersionError(Exception):
    """A compare-and-swap lost: the session's version is no longer the one the caller read."""

    def __init__(self, session_id: int, expected: int, actual: int | None) -> None:
        self.session_id = session_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"session {session_id}: expected version {expected}, found "
            f"{'no session' if actual is None else actual}"
        )


class PlaceBusyError(Exception):
    """A channel or thread already holds a lobby or an active game (the unique index fired)."""

    def __init__(self, place_id: int) -> None:
        self.place_id = place_id
        super().__init__(f"channel {place_id} already has an open session")


class SessionNotFoundError(LookupError):
    """No session with this id."""


def utc(dt: datetime) -> datetime:
    """`dt` as an aware UTC datetime; naive datetimes are refused (they hide bugs)."""
    if dt.tzinfo is None:
        raise ValueError("naive datetime: pass an aware (UTC) datetime")
    return dt.astimezone(UTC)


def dt_to_text(dt: datetime) -> str:
    """Fixed-width ISO text, so SQL string comparison orders datetimes correctly."""
    return utc(dt).isoformat(timespec="microseconds")


def dt_from_text(text: str | datetime) -> datetime:
    """Parse `dt_to_text` output (SQLite's text times); a datetime (PostgreSQL's timestamptz)
    is only brought to UTC, so the row readers serve both stores."""
    if isinstance(text, datetime):
        return text.astimezone(UTC)
    return datetime.fromisoformat(text).astimezone(UTC)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat: a human (`user_id`) or a bot (`bot_name`, the key in `engine.bots`).

    In a lobby, `seat` is the join order; once started it is the engine's `Seat` index.
    """

    seat: int
    display_name: str
    user_id: int | None = None
    bot_name: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.bot_name is None):
            raise ValueError("a seat holds exactly one of user_id or bot_name")

    @property
    def is_bot(self) -> bool:
        """True for a computer player."""
        return self.bot_name is not None


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """One game session as stored.

    Attributes:
        id: Store-assigned id, stable for the session's life.
        game_key: The engine key (`bot.games.get_engine`).
        guild_id: Discord guild.
        channel_id: The text channel; when the game lives in a thread, the thread's parent.
        thread_id: The thread the game lives in, or None.
        host_user_id: The user who opened the lobby (or inherited it).
        status: Lifecycle status.
        options: Validated engine options (defaults filled in) once created.
        seed: The game seed, set at start.
        seats: Seats in order.
        state_json: Canonical JSON snapshot of the engine state (None in the lobby).
        schema_v: The snapshot's `"v"` schema version, for migrations of stored states.
        version: Compare-and-swap counter, bumped on every change except message ids.
        ply: Number of entries in the action log.
        outcome: `Outcome.to_dict()` once finished.
        abandon_votes: Users who asked to abandon.
        message_id: The Discord message showing the game, if any.
        turn_timeout_s: Seconds a turn may take (None: no deadline).
        turn_deadline: When the current turn expires (None: no deadline).
        end_reason: Why the session ended (a sentence), for finished or abandoned sessions.
        created_at, updated_at: UTC timestamps.
        reminded_at: When the awaited players were last reminded to move (None: never).
        to_act: The seats that may act in the stored state (`engine.to_act`), recorded with
            each move so reminders and resuming bots need not parse the state; None when not
            known (a state written without it, or a database from before migration 0005).
    """

    id: int
    game_key: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_user_id: int
    status: SessionStatus
    options: Mapping[str, Any]
    seed: int | None
    seats: tuple[SeatRecord, ...]
    state_json: str | None
    schema_v: int | None
    version: int
    ply: int
    outcome: Mapping[str, Any] | None
    abandon_votes: frozenset[int]
    message_id: int | None
    turn_timeout_s: int | None
    turn_deadline: datetime | None
    end_reason: str | None
    created_at: datetime
    updated_at: datetime
    reminded_at: datetime | None = None
    to_act: frozenset[int] | None = None

    @property
    def place_id(self) -> int:
        """The channel or thread the game is played in (Discord's `interaction.channel_id`)."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def quiet_since(self) -> datetime:
        """When anything last happened to the game: its last change or its last reminder."""
        if self.reminded_at is not None and self.reminded_at > self.updated_at:
            return self.reminded_at
        return self.updated_at

    def seats_to_act(self, *, bots: bool) -> tuple[SeatRecord, ...] | None:
        """The bot (or human) seats in `to_act`, in seat order; None when `to_act` is unknown."""
        if self.to_act is None:
            return None
        return tuple(s for s in self.seats if s.seat in self.to_act and s.is_bot == bots)

    def seat_of(self, user_id: int) -> SeatRecord | None:
        """The seat held by `user_id`, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    @property
    def human_user_ids(self) -> tuple[int, ...]:
        """User ids of the human seats, in seat order."""
        return tuple(s.user_id for s in self.seats if s.user_id is not None)


@dataclass(frozen=True, slots=True)
class NewSession:
    """What a store needs to create a lobby; the store assigns id, version 1 and timestamps."""

    game_key: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    host: SeatRecord
    options: Mapping[str, Any]
    turn_timeout_s: int | None = None

    @property
    def place_id(self) -> int:
        """See `SessionRecord.place_id`."""
        return self.thread_id if self.thread_id is not None else self.channel_id


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One accepted move in the append-only log. `ply` counts from 1."""

    session_id: int
    ply: int
    seat: int
    user_id: int | None
    notation: str
    events: tuple[Mapping[str, Any], ...]
    created_at: datetime
    undone: bool = False
    """Taken back by an accepted undo: kept in the log, left out when the game is rebuilt (the
    stores keep the mark beside the append-only log; `GameService` sets this field)."""


@dataclass(frozen=True, slots=True)
class MoveCommit:
    """One move to persist: the new snapshot and the log line, written in one transaction.

    `status`, `outcome`, `turn_deadline` and `end_reason` replace the session's values.
    """

    seat: int
    user_id: int | None
    notation: str
    events: tuple[Mapping[str, Any], ...]
    state_json: str
    schema_v: int | None
    status: SessionStatus = SessionStatus.ACTIVE
    outcome: Mapping[str, Any] | None = None
    turn_deadline: datetime | None = None
    end_reason: str | None = None
    to_act: frozenset[int] | None = None


class _Keep(Enum):
    KEEP = "keep"


KEEP = _Keep.KEEP
"""Marker for "leave this field as it is" in a `SessionPatch`."""


@dataclass(frozen=True, slots=True)
class SessionPatch:
    """Field changes for `SessionStore.update`; fields left as KEEP are not touched.

    A patch that sets `state_json` but leaves `to_act` as KEEP makes the stored `to_act` unknown
    (None): a new state without its seats to act must not keep the old state's.
    """

    status: SessionStatus | _Keep = KEEP
    host_user_id: int | _Keep = KEEP
    seed: int | None | _Keep = KEEP
    state_json: str | None | _Keep = KEEP
    schema_v: int | None | _Keep = KEEP
    outcome: Mapping[str, Any] | None | _Keep = KEEP
    abandon_votes: frozenset[int] | _Keep = KEEP
    turn_deadline: datetime | None | _Keep = KEEP
    end_reason: str | None | _Keep = KEEP
    seats: tuple[SeatRecord, ...] | _Keep = KEEP
    to_act: frozenset[int] | None | _Keep = KEEP

    def changes(self) -> dict[str, Any]:
        """The fields that are set, by name (`seats` included)."""
        out: dict[str, Any] = {}
        for name in (
            "status",
            "host_user_id",
            "seed",
            "state_json",
            "schema_v",
            "outcome",
            "abandon_votes",
            "turn_deadline",
            "end_reason",
            "seats",
            "to_act",
        ):
            value = getattr(self, name)
            if value is not KEEP:
                out[name] = value
        if "state_json" in out and "to_act" not in out:
            out["to_act"] = None
        return out
