"""In-memory implementation of `AsyncPlayStore`, mixed into `MemoryStore` (for fast tests)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from bot.storage.asyncplay import AwayPause, AwayPeriod, StandIn, UndoRequest, UndoStatus
from bot.storage.records import (
    LogEntry,
    SessionNotFoundError,
    SessionRecord,
    SessionStatus,
    utc,
)


class MemoryAsyncPlay:
    """Away periods, stand-ins, undo requests; see `bot.storage.asyncplay.AsyncPlayStore`."""

    # Provided by MemoryStore.
    _sessions: dict[int, SessionRecord]
    _log: dict[int, list[LogEntry]]
    _fetch_for_write: Any
    _put: Any
    _check_open: Any

    def _async_tables(self) -> dict[str, Any]:
        tables: dict[str, Any] | None = getattr(self, "_asyncplay", None)
        if tables is None:
            tables = {"away": {}, "pauses": {}, "standins": {}, "undos": {}, "next": 1}
            self._asyncplay = tables
        return tables

    def _new_id(self) -> int:
        t = self._async_tables()
        t["next"] += 1
        return int(t["next"] - 1)

    async def add_away(
        self, user_id: int, starts_at: datetime, until_at: datetime, reason: str
    ) -> AwayPeriod:
        """See `AsyncPlayStore.add_away`."""
        self._check_open()
        if await self.open_away(user_id) is not None:
            raise ValueError(f"user {user_id} is already away")
        period = AwayPeriod(self._new_id(), user_id, utc(starts_at), utc(until_at), None, reason)
        self._async_tables()["away"][period.id] = period
        return period

    async def open_away(self, user_id: int) -> AwayPeriod | None:
        """See `AsyncPlayStore.open_away`."""
        for p in self._async_tables()["away"].values():
            if p.user_id == user_id and p.ended_at is None:
                return p  # type: ignore[no-any-return]
        return None

    async def list_open_away(self) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.list_open_away`."""
        return tuple(p for p in self._async_tables()["away"].values() if p.ended_at is None)

    async def away_since(self, user_id: int, since: datetime) -> tuple[AwayPeriod, ...]:
        """See `AsyncPlayStore.away_since`."""
        found = [
            p
            for p in self._async_tables()["away"].values()
            if p.user_id == user_id and (p.ended_at is None or p.ended_at > since)
        ]
        return tuple(sorted(found, key=lambda p: (p.starts_at, p.id)))

    async def end_away(self, away_id: int, ended_at: datetime) -> None:
        """See `AsyncPlayStore.end_away`."""
        table = self._async_tables()["away"]
        period = table.get(away_id)
        if period is not None and period.ended_at is None:
            table[away_id] = dataclasses.replace(period, ended_at=utc(ended_at))

    async def add_pause(self, pause: AwayPause) -> None:
        """See `AsyncPlayStore.add_pause`."""
        self._async_tables()["pauses"][(pause.away_id, pause.session_id)] = pause

    async def pauses_of(self, away_id: int) -> tuple[AwayPause, ...]:
        """See `AsyncPlayStore.pauses_of`."""
        pauses = self._async_tables()["pauses"]
        return tuple(pauses[k] for k in sorted(pauses) if k[0] == away_id)

    async def standin(self, away_id: int, session_id: int) -> StandIn | None:
        """See `AsyncPlayStore.standin`."""
        return self._async_tables()["standins"].get((away_id, session_id))  # type: ignore[no-any-return]

    async def put_standin(self, standin: StandIn) -> None:
        """See `AsyncPlayStore.put_standin`."""
        self._async_tables()["standins"][(standin.away_id, standin.session_id)] = standin

    async def granted_standins(self, away_id: int) -> tuple[int, ...]:
        """See `AsyncPlayStore.granted_standins`."""
        standins = self._async_tables()["standins"]
        return tuple(
            sorted(sid for (aid, sid), v in standins.items() if aid == away_id and v.granted_at)
        )

    async def create_undo(self, request: UndoRequest) -> UndoRequest:
        """See `AsyncPlayStore.create_undo`."""
        self._check_open()
        if await self.pending_undo(request.session_id) is not None:
            raise ValueError(f"session {request.session_id} has a pending undo")
        stored = dataclasses.replace(
            request, id=self._new_id(), status=UndoStatus.PENDING, votes=dict(request.votes)
        )
        self._async_tables()["undos"][stored.id] = stored
        return stored

    async def pending_undo(self, session_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.pending_undo`."""
        for u in self._async_tables()["undos"].values():
            if u.session_id == session_id and u.status is UndoStatus.PENDING:
                return u  # type: ignore[no-any-return]
        return None

    async def get_undo(self, undo_id: int) -> UndoRequest | None:
        """See `AsyncPlayStore.get_undo`."""
        return self._async_tables()["undos"].get(undo_id)  # type: ignore[no-any-return]

    async def set_undo(
        self,
        undo_id: int,
        status: UndoStatus,
        votes: Mapping[int, bool],
        decided_at: datetime | None,
    ) -> UndoRequest:
        """See `AsyncPlayStore.set_undo`."""
        if status is UndoStatus.APPLIED:
            raise ValueError("use apply_undo to apply an undo")
        undos = self._async_tables()["undos"]
        updated = dataclasses.replace(
            undos[undo_id], status=status, votes=dict(votes), decided_at=decided_at
        )
        undos[undo_id] = updated
        return updated  # type: ignore[no-any-return]

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
        """See `AsyncPlayStore.apply_undo`."""
        self._check_open()
        now = utc(now)
        record = self._fetch_for_write(session_id, expected_version)
        undos = self._async_tables()["undos"]
        request = undos.get(undo_id)
        if request is None or request.session_id != session_id:
            raise ValueError(f"no undo request {undo_id} in session {session_id}")
        undone = self._async_tables().setdefault("undone", {}).setdefault(session_id, set())
        undone.update(
            e.ply for e in self._log[session_id] if request.first_ply <= e.ply <= request.last_ply
        )
        undos[undo_id] = dataclasses.replace(
            request, status=UndoStatus.APPLIED, votes=dict(votes), decided_at=now
        )
        updated: SessionRecord = self._put(
            record,
            now,
            state_json=state_json,
            schema_v=schema_v,
            turn_deadline=None if turn_deadline is None else utc(turn_deadline),
        )
        return updated

    async def undone_plies(self, session_id: int) -> frozenset[int]:
        """See `AsyncPlayStore.undone_plies`."""
        return frozenset(self._async_tables().get("undone", {}).get(session_id, ()))

    async def mark_started(self, session_id: int, when: datetime) -> None:
        """See `AsyncPlayStore.mark_started`."""
        if session_id not in self._sessions:
            raise SessionNotFoundError(f"no session {session_id}")
        self._async_tables().setdefault("started", {})[session_id] = utc(when)

    async def started_at(self, session_id: int) -> datetime | None:
        """See `AsyncPlayStore.started_at`."""
        return self._async_tables().get("started", {}).get(session_id)  # type: ignore[no-any-return]

    async def list_in_place(
        self, place_id: int, statuses: tuple[SessionStatus, ...], limit: int
    ) -> tuple[SessionRecord, ...]:
        """See `AsyncPlayStore.list_in_place`."""
        found = [
            r for r in self._sessions.values() if r.place_id == place_id and r.status in statuses
        ]
        found.sort(key=lambda r: r.id, reverse=True)
        return tuple(found[: max(0, limit)])
