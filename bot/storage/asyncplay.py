"""Records and the store protocol for asynchronous play: away periods, stand-in bots, undo
requests and the "undone" mark on log rows.

Implemented by `SqliteAsyncPlay` (mixed into `SqliteStore`) and `MemoryAsyncPlay` (mixed into
`MemoryStore`). Like the rest of storage, nothing here reads a clock: every write takes `now`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Protocol

from bot.storage.records import SessionRecord, SessionStatus


@dataclass(frozen=True, slots=True)
class AwayPeriod:
    """One absence of a user, across every game they sit in.

    `until_at` is the announced return; `ended_at` is None while the user is away (the period also
    ends by itself once `until_at` passes: the service closes it then).
    """

    id: int
    user_id: int
    starts_at: datetime
    until_at: datetime
    ended_at: datetime | None
    reason: str

    def is_away(self, now: datetime) -> bool:
        """True while the absence is open and its announced end has not come."""
        return self.ended_at is None and self.starts_at <= now < self.until_at


@dataclass(frozen=True, slots=True)
class AwayPause:
    """A turn limit an absence paused in one game: the time that was left when the player left,
    valid if the game is still at the same move (`ply`) when they return."""

    away_id: int
    session_id: int
    ply: int
    remaining_s: int


@dataclass(frozen=True, slots=True)
class StandIn:
    """The table's vote for a bot to play an away player's seat; granted once every other human
    seated in the game voted for it."""

    away_id: int
    session_id: int
    votes: frozenset[int]
    granted_at: datetime | None


class UndoStatus(Enum):
    """Where an undo request is."""

    PENDING = "pending"
    APPLIED = "applied"
    DECLINED = "declined"
    EXPIRED = "expired"
    OUTDATED = "outdated"  # the game moved on before everyone answered


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """A request to take back `user_id`'s last move: log plies `first_ply`..`last_ply` (the move
    and any bot replies after it) would be marked undone. `votes` maps user id -> accepted."""

    id: int
    session_id: int
    user_id: int
    seat: int
    first_ply: int
    last_ply: int
    status: UndoStatus
    votes: Mapping[int, bool]
    created_at: datetime
    expires_at: datetime
    decided_at: datetime | None = None


class AsyncPlayStore(Protocol):
    """The store methods asynchronous play needs (both stores implement them)."""

    async def add_away(
        self, user_id: int, starts_at: datetime, until_at: datetime, reason: str
    ) -> AwayPeriod:
        """Open an absence. Raises ValueError if the user already has an open one."""
        ...

    async def open_away(self, user_id: int) -> AwayPeriod | None:
        """The user's open absence (ended_at None), whether or not its end has passed."""
        ...

    async def list_open_away(self) -> tuple[AwayPeriod, ...]:
        """Every open absence, oldest first."""
        ...

    async def away_since(self, user_id: int, since: datetime) -> tuple[AwayPeriod, ...]:
        """The user's absences that end after `since` (open ones included), oldest first."""
        ...

    async def end_away(self, away_id: int, ended_at: datetime) -> None:
        """Close an absence."""
        ...

    async def add_pause(self, pause: AwayPause) -> None:
        """Remember a paused turn limit."""
        ...

    async def pauses_of(self, away_id: int) -> tuple[AwayPause, ...]:
        """The limits an absence paused."""
        ...

    async def standin(self, away_id: int, session_id: int) -> StandIn | None:
        """The stand-in vote for this absence in this game, if any."""
        ...

    async def put_standin(self, standin: StandIn) -> None:
        """Create or replace the stand-in vote."""
        ...

    async def granted_standins(self, away_id: int) -> tuple[int, ...]:
        """Ids of the games where a bot was granted to play for this absence."""
        ...

    async def create_undo(self, request: UndoRequest) -> UndoRequest:
        """Store a PENDING request (its id is assigned). Raises ValueError if the session has a
        pending one already."""
        ...

    async def pending_undo(self, session_id: int) -> UndoRequest | None:
        """The session's pending undo request, if any."""
        ...

    async def get_undo(self, undo_id: int) -> UndoRequest | None:
        """An undo request by id."""
        ...

    async def set_undo(
        self,
        undo_id: int,
        status: UndoStatus,
        votes: Mapping[int, bool],
        decided_at: datetime | None,
    ) -> UndoRequest:
        """Record votes and/or a decision (not APPLIED: see `apply_undo`)."""
        ...

    async def apply_undo(
        self,
        session_id: int,
        expected_version: int,
        undo_id: int,
        votes: Mapping[int, bool],
        state_json: str,
        schema_v: int | None,
        turn_deadline: datetime | None,
        now: datetime,
    ) -> SessionRecord:
        """In one transaction: compare-and-swap the session to the rebuilt snapshot, mark the
        request's plies undone and the request APPLIED. Raises StaleVersionError."""
        ...

    async def undone_plies(self, session_id: int) -> frozenset[int]:
        """The log plies marked undone (taken back by accepted undo requests)."""
        ...

    async def mark_started(self, session_id: int, when: datetime) -> None:
        """Record when the game started (no version bump: bookkeeping for the turn clock)."""
        ...

    async def started_at(self, session_id: int) -> datetime | None:
        """When the game started (None for a lobby or a game started before migration 0004)."""
        ...

    async def list_in_place(
        self, place_id: int, statuses: tuple[SessionStatus, ...], limit: int
    ) -> tuple[SessionRecord, ...]:
        """Sessions of this channel or thread with one of `statuses`, newest first."""
        ...
