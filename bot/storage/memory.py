"""An in-memory `SessionStore` with the same semantics as the SQLite one, for fast tests.

Each method runs without awaiting anything, so on one event loop every call is atomic, just as a
SQLite transaction is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from datetime import datetime

from bot.storage.memory_asyncplay import MemoryAsyncPlay
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
    utc,
)


class MemoryStore(MemoryAsyncPlay):
    """A `SessionStore` kept in dictionaries. Records are immutable, so no copying is needed."""

    def __init__(self) -> None:
        self._sessions: dict[int, SessionRecord] = {}
        self._log: dict[int, list[LogEntry]] = {}
        self._leases: dict[tuple[str, int], tuple[str, datetime]] = {}  # -> (owner, until)
        self._next_id = 1
        self._closed = False

    async def close(self) -> None:
        """Mark the store closed (data is kept, so tests can inspect it)."""
        self._closed = True

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the store is closed")

    def _open_in_place(self, place_id: int) -> SessionRecord | None:
        for record in self._sessions.values():
            if record.place_id == place_id and record.status.is_open:
                return record
        return None

    async def create_session(self, new: NewSession, now: datetime) -> SessionRecord:
        """See `SessionStore.create_session`."""
        self._check_open()
        now = utc(now)
        if self._open_in_place(new.place_id) is not None:
            raise PlaceBusyError(new.place_id)
        record = SessionRecord(
            id=self._next_id,
            game_key=new.game_key,
            guild_id=new.guild_id,
            channel_id=new.channel_id,
            thread_id=new.thread_id,
            host_user_id=_host_id(new.host),
            status=SessionStatus.LOBBY,
            options=dict(new.options),
            seed=None,
            seats=(dataclasses.replace(new.host, seat=0),),
            state_json=None,
            schema_v=None,
            version=1,
            ply=0,
            outcome=None,
            abandon_votes=frozenset(),
            message_id=None,
            turn_timeout_s=new.turn_timeout_s,
            turn_deadline=None,
            end_reason=None,
            created_at=now,
            updated_at=now,
        )
        self._next_id += 1
        self._sessions[record.id] = record
        self._log[record.id] = []
        return record

    async def get_session(self, session_id: int) -> SessionRecord | None:
        """See `SessionStore.get_session`."""
        self._check_open()
        return self._sessions.get(session_id)

    async def get_open_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_open_in_place`."""
        self._check_open()
        return self._open_in_place(place_id)

    async def get_latest_in_place(self, place_id: int) -> SessionRecord | None:
        """See `SessionStore.get_latest_in_place`."""
        self._check_open()
        found = [r for r in self._sessions.values() if r.place_id == place_id]
        return max(found, key=lambda r: r.id) if found else None

    async def list_open(self, guild_id: int | None = None) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_open`."""
        self._check_open()
        return tuple(
            r
            for r in sorted(self._sessions.values(), key=lambda r: r.id)
            if r.status.is_open and (guild_id is None or r.guild_id == guild_id)
        )

    async def list_overdue(self, now: datetime) -> tuple[SessionRecord, ...]:
        """See `SessionStore.list_overdue`."""
        self._check_open()
        now = utc(now)
        due = [
            r
            for r in self._sessions.values()
            if r.status is SessionStatus.ACTIVE
            and r.turn_deadline is not None
            and r.turn_deadline <= now
        ]
        return tuple(sorted(due, key=lambda r: (r.turn_deadline, r.id)))

    async def bot_turn_ids(self) -> tuple[int, ...]:
        """See `SessionStore.bot_turn_ids`."""
        self._check_open()
        return tuple(
            sorted(
                r.id
                for r in self._sessions.values()
                if r.status is SessionStatus.ACTIVE and r.seats_to_act(bots=True) != ()
            )
        )

    async def quiet_ids(
        self, since: datetime, guild_ids: Collection[int] | None = None
    ) -> tuple[int, ...]:
        """See `SessionStore.quiet_ids`."""
        self._check_open()
        since = utc(since)
        return tuple(
            sorted(
                r.id
                for r in self._sessions.values()
                if r.status is SessionStatus.ACTIVE
                and r.seats_to_act(bots=False) != ()
                and r.quiet_since <= since
                and (guild_ids is None or r.guild_id in guild_ids)
            )
        )

    async def active_guild_ids(self) -> tuple[int, ...]:
        """See `SessionStore.active_guild_ids`."""
        self._check_open()
        return tuple(
            sorted(
                {r.guild_id for r in self._sessions.values() if r.status is SessionStatus.ACTIVE}
            )
        )

    async def get_sessions(self, session_ids: Sequence[int]) -> tuple[SessionRecord, ...]:
        """See `SessionStore.get_sessions`."""
        self._check_open()
        return tuple(self._sessions[i] for i in sorted(set(session_ids)) if i in self._sessions)

    async def set_to_act(self, session_id: int, version: int, to_act: frozenset[int]) -> None:
        """See `SessionStore.set_to_act`."""
        self._check_open()
        record = self._sessions.get(session_id)
        if record is not None and record.version == version:
            self._sessions[session_id] = dataclasses.replace(record, to_act=frozenset(to_act))

    def _fetch_for_write(
        self, session_id: int, expected_version: int, *, lobby_only: bool = False
    ) -> SessionRecord:
        record = self._sessions.get(session_id)
        if record is None:
            raise StaleVersionError(session_id, expected_version, None)
        if record.version != expected_version:
            raise StaleVersionError(session_id, expected_version, record.version)
        if lobby_only and record.status is not SessionStatus.LOBBY:
            raise StaleVersionError(session_id, expected_version, record.version)
        return record

    async def add_seat(
        self, session_id: int, expected_version: int, seat: SeatRecord, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.add_seat`."""
        self._check_open()
        now = utc(now)
        record = self._fetch_for_write(session_id, expected_version, lobby_only=True)
        if seat.user_id is not None and record.seat_of(seat.user_id) is not None:
            raise ValueError(f"user {seat.user_id} already holds a seat")
        seats = (*record.seats, dataclasses.replace(seat, seat=len(record.seats)))
        return self._put(record, now, seats=seats)

    async def remove_seat(
        self, session_id: int, expected_version: int, seat_index: int, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.remove_seat`."""
        self._check_open()
        now = utc(now)
        record = self._fetch_for_write(session_id, expected_version, lobby_only=True)
        if not 0 <= seat_index < len(record.seats):
            raise ValueError(f"no seat {seat_index}")
        kept = [s for s in record.seats if s.seat != seat_index]
        seats = tuple(dataclasses.replace(s, seat=i) for i, s in enumerate(kept))
        return self._put(record, now, seats=seats)

    async def update(
        self, session_id: int, expected_version: int, patch: SessionPatch, now: datetime
    ) -> SessionRecord:
        """See `SessionStore.update`."""
        self._check_open()
        now = utc(now)
        record = self._fetch_for_write(session_id, expected_version)
        changes = patch.changes()
        new_status = changes.get("status", record.status)
        if new_status.is_open and not record.status.is_open:
            other = self._open_in_place(record.place_id)
            if other is not None:
                raise PlaceBusyError(record.place_id)
        if "turn_deadline" in changes and changes["turn_deadline"] is not None:
            changes["turn_deadline"] = utc(changes["turn_deadline"])
        if "outcome" in changes and changes["outcome"] is not None:
            changes["outcome"] = dict(changes["outcome"])
        return self._put(record, now, **changes)

    async def commit_move(
        self, session_id: int, expected_version: int, move: MoveCommit, now: datetime
    ) -> tuple[SessionRecord, LogEntry]:
        """See `SessionStore.commit_move`."""
        self._check_open()
        now = utc(now)
        record = self._fetch_for_write(session_id, expected_version)
        entry = LogEntry(
            session_id=session_id,
            ply=record.ply + 1,
            seat=move.seat,
            user_id=move.user_id,
            notation=move.notation,
            events=tuple(dict(e) for e in move.events),
            created_at=now,
        )
        updated = self._put(
            record,
            now,
            state_json=move.state_json,
            schema_v=move.schema_v,
            status=move.status,
            outcome=None if move.outcome is None else dict(move.outcome),
            turn_deadline=None if move.turn_deadline is None else utc(move.turn_deadline),
            end_reason=move.end_reason,
            ply=entry.ply,
            to_act=None if move.to_act is None else frozenset(move.to_act),
        )
        self._log[session_id].append(entry)
        return updated, entry

    def _put(self, record: SessionRecord, now: datetime, **changes: object) -> SessionRecord:
        updated = dataclasses.replace(
            record,
            version=record.version + 1,
            updated_at=now,
            **changes,  # type: ignore[arg-type]
        )
        self._sessions[record.id] = updated
        return updated

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """See `SessionStore.set_message_id`."""
        self._check_open()
        record = self._sessions.get(session_id)
        if record is None:
            raise SessionNotFoundError(f"no session {session_id}")
        self._sessions[session_id] = dataclasses.replace(record, message_id=message_id)

    async def set_reminded_at(self, session_id: int, when: datetime | None) -> None:
        """See `SessionStore.set_reminded_at`."""
        self._check_open()
        record = self._sessions.get(session_id)
        if record is None:
            raise SessionNotFoundError(f"no session {session_id}")
        self._sessions[session_id] = dataclasses.replace(
            record, reminded_at=None if when is None else utc(when)
        )

    async def set_reminded_at_many(self, session_ids: Sequence[int], when: datetime) -> None:
        """See `SessionStore.set_reminded_at_many`."""
        self._check_open()
        missing = [i for i in session_ids if i not in self._sessions]
        if missing:
            raise SessionNotFoundError(f"no session {missing[0]}")
        stamp = utc(when)
        for session_id in session_ids:
            self._sessions[session_id] = dataclasses.replace(
                self._sessions[session_id], reminded_at=stamp
            )

    async def claim_reminders(
        self, session_ids: Sequence[int], since: datetime, when: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_reminders`."""
        self._check_open()
        since, stamp = utc(since), utc(when)
        claimed = []
        for session_id in sorted(set(session_ids)):
            record = self._sessions.get(session_id)
            if record is None or record.status is not SessionStatus.ACTIVE:
                continue
            if record.quiet_since <= since:
                self._sessions[session_id] = dataclasses.replace(record, reminded_at=stamp)
                claimed.append(session_id)
        return tuple(claimed)

    async def claim_work(
        self, kind: str, session_ids: Sequence[int], owner: str, now: datetime, until: datetime
    ) -> tuple[int, ...]:
        """See `SessionStore.claim_work`."""
        self._check_open()
        now, until = utc(now), utc(until)
        claimed = []
        for session_id in sorted(set(session_ids)):
            held = self._leases.get((kind, session_id))
            if held is None or held[1] <= now:
                self._leases[(kind, session_id)] = (owner, until)
                claimed.append(session_id)
        return tuple(claimed)

    async def release_work(self, kind: str, session_ids: Sequence[int], owner: str) -> None:
        """See `SessionStore.release_work`."""
        self._check_open()
        for session_id in session_ids:
            held = self._leases.get((kind, session_id))
            if held is not None and held[0] == owner:
                del self._leases[(kind, session_id)]

    async def load_log(
        self, session_id: int, *, after_ply: int = 0, limit: int | None = None
    ) -> tuple[LogEntry, ...]:
        """See `SessionStore.load_log`."""
        self._check_open()
        entries = [e for e in self._log.get(session_id, []) if e.ply > after_ply]
        return tuple(entries if limit is None else entries[:limit])

    async def last_log(self, session_id: int, limit: int) -> tuple[LogEntry, ...]:
        """See `SessionStore.last_log`."""
        self._check_open()
        if limit <= 0:
            return ()
        return tuple(self._log.get(session_id, [])[-limit:])


def _host_id(host: SeatRecord) -> int:
    if host.user_id is None:
        raise ValueError("the host must be a human")
    return host.user_id
