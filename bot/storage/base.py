"""The storage protocol the session layer talks to, implemented by `SqliteStore` and `MemoryStore`.

Every write that changes a session is a compare-and-swap on `SessionRecord.version`: the caller
passes the version it read, the store applies the change and bumps the version in one transaction,
or raises `StaleVersionError` and changes nothing. Only `set_message_id` skips the version (it is
display bookkeeping; bumping would make the buttons on that very message stale).

Stores never read a clock: every write takes `now` from the caller.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Protocol

from bot.storage.records import (
    LogEntry,
    MoveCommit,
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionNotFoundError,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
)

__all__ = [
    "LogEntry",
    "MoveCommit",
    "NewSession",
    "PlaceBusyError",
    "SeatRecord",
    "SessionNotFoundError",
    "SessionPatch",
    "SessionRecord",
    "SessionStatus",
    "SessionStore",
    "StaleVersionError",
]


class SessionStore(Protocol):
    """Async persistence for sessions, seats and the action log."""

    async def close(self) -> None:
        """Release the connection; the store is unusable afterwards."""
        ...

    async def create_session(self, new: NewSession, now: datetime) -> SessionRecord:
        """Create a LOBBY session (version 1) with the host in seat 0.

        Raises:
            PlaceBusyError: the channel/thread already has a lobby or an active game.
        """
        ...

    async def get_session(self, session_id: int) -> SessionRecord | None:
        """The session with this id (any status), or None."""
        ...

    async def get_open_in_place(self, place_id: int) -> SessionRecord | None:
        """The LOBBY or ACTIVE session played in this channel or thread (`place_id`), or None."""
        ...

    async def get_latest_in_place(self, place_id: int) -> SessionRecord | None:
        """The most recently created session in this channel or thread, whatever its status."""
        ...

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """Every LOBBY or ACTIVE session (of one guild, if given), oldest first."""
        ...

    async def list_overdue(self, now: datetime) -> tuple[SessionRecord, ...]:
        """ACTIVE sessions whose `turn_deadline` is at or before `now`, earliest deadline first."""
        ...

    async def bot_turn_ids(self) -> tuple[int, ...]:
        """Ids (ascending) of ACTIVE sessions where a bot seat may act, or where `to_act` is not
        known. At start-up these are the only games a crash can have left waiting on a bot; read
        them with `get_sessions` a page at a time."""
        ...

    async def quiet_ids(
        self, since: datetime, guild_ids: Collection[int] | None = None
    ) -> tuple[int, ...]:
        """Ids (ascending) of ACTIVE sessions where a human seat may act (or `to_act` is not
        known) and nothing happened after `since`: neither a change nor a reminder
        (`SessionRecord.quiet_since <= since`); only in `guild_ids` if given. Ids only, so a
        pass over many is cheap to start; read them with `get_sessions` a page at a time."""
        ...

    async def active_guild_ids(self) -> tuple[int, ...]:
        """The guilds with at least one ACTIVE session, ascending."""
        ...

    async def get_sessions(self, session_ids: Sequence[int]) -> tuple[SessionRecord, ...]:
        """The sessions with these ids that exist, by id."""
        ...

    async def set_to_act(self, session_id: int, version: int, to_act: frozenset[int]) -> None:
        """Record which seats may act in the session's state, if its version is still `version`
        (otherwise nothing). Bookkeeping for a state stored without it: no version bump."""
        ...

    async def add_seat(
        self,
        session_id: int,
        expected_version: int,
        seat: SeatRecord,
        now: datetime,
    ) -> SessionRecord:
        """Append a seat (its `seat` index is ignored: it goes last). LOBBY sessions only.

        Raises:
            StaleVersionError: the version moved on, or the session is not a lobby any more.
            ValueError: the user already holds a seat.
        """
        ...

    async def remove_seat(
        self,
        session_id: int,
        expected_version: int,
        seat_index: int,
        now: datetime,
    ) -> SessionRecord:
        """Remove a seat and renumber the later ones. LOBBY sessions only.

        Raises:
            StaleVersionError: as for `add_seat`.
            ValueError: no such seat.
        """
        ...

    async def update(
        self,
        session_id: int,
        expected_version: int,
        patch: SessionPatch,
        now: datetime,
    ) -> SessionRecord:
        """Apply `patch` and bump the version, atomically.

        Raises:
            StaleVersionError: the version moved on (or the session does not exist).
            PlaceBusyError: re-opening a session whose place is now taken.
        """
        ...

    async def commit_move(
        self,
        session_id: int,
        expected_version: int,
        move: MoveCommit,
        now: datetime,
    ) -> tuple[SessionRecord, LogEntry]:
        """Write the new snapshot and append one log entry (ply + 1), in one transaction.

        Raises:
            StaleVersionError: the version moved on; nothing was written.
        """
        ...

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """Remember which Discord message shows the game. Does not bump the version."""
        ...

    async def set_reminded_at(self, session_id: int, when: datetime | None) -> None:
        """Remember when the awaited players were last reminded. Does not bump the version
        (a reminder changes no game, so the buttons on the board must stay fresh)."""
        ...

    async def set_reminded_at_many(self, session_ids: Sequence[int], when: datetime) -> None:
        """`set_reminded_at(id, when)` for every id, in ONE transaction (one write for a whole
        page of reminders). All or nothing: an unknown id raises `SessionNotFoundError` and
        nothing is written. No version bumps."""
        ...

    async def claim_reminders(
        self, session_ids: Sequence[int], since: datetime, when: datetime
    ) -> tuple[int, ...]:
        """Of `session_ids`, the ACTIVE sessions still quiet since `since` (`quiet_since <=
        since`) get `reminded_at = when`, in one transaction; their ids (ascending) are returned.

        A compare-and-set on the reminder itself: several processes reading the same due games
        each get a disjoint share, so every due reminder is sent once. No version bumps."""
        ...

    async def claim_work(
        self, kind: str, session_ids: Sequence[int], owner: str, now: datetime, until: datetime
    ) -> tuple[int, ...]:
        """Lease the work `kind` on each of `session_ids` to `owner` until `until`, where nobody
        holds it or the holder's lease ended by `now`; the ids leased (ascending), in one
        transaction. Of several processes claiming the same ids, each id goes to one."""
        ...

    async def release_work(self, kind: str, session_ids: Sequence[int], owner: str) -> None:
        """End `owner`'s leases of `kind` on these ids (the work is done)."""
        ...

    async def load_log(
        self,
        session_id: int,
        *,
        after_ply: int = 0,
        limit: int | None = None,
    ) -> tuple[LogEntry, ...]:
        """Log entries with ply > `after_ply`, oldest first, at most `limit` of them."""
        ...

    async def last_log(self, session_id: int, limit: int) -> tuple[LogEntry, ...]:
        """The last `limit` log entries, oldest first."""
        ...
