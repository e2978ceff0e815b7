"""`StateCache`: the parsed states of recently used sessions, with the records they belong to.

Bounded (least recently used dropped first), so idle games cost no memory however many there are.
A hit saves parsing a snapshot; the record lets `GameService.submit` skip reading the session
before a move, since the move's compare-and-set proves the record was still current.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from bot.storage.records import SessionRecord


class StateCache:
    """Session id -> (record, parsed state), at most `size` of them, plus which open session
    each place (channel or thread) holds among them."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError("state_cache_size must be at least 1")  # i18n-exempt: internal error
        self.size = size
        self._entries: OrderedDict[int, tuple[SessionRecord, Any]] = OrderedDict()
        self._places: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def state(self, session: SessionRecord) -> Any | None:
        """The parsed state of `session` at its version, or None (not cached, or another
        version). A hit counts as a use."""
        entry = self._entries.get(session.id)
        if entry is None or entry[0].version != session.version:
            return None
        self._entries.move_to_end(session.id)
        return entry[1]

    def put(self, session: SessionRecord, state: Any) -> None:
        """Remember `state` as the state of `session` (an ended session is forgotten instead)."""
        if not session.status.is_open:
            self.drop(session.id)
            return
        self._entries[session.id] = (session, state)
        self._entries.move_to_end(session.id)
        self._places[session.place_id] = session.id
        while len(self._entries) > self.size:
            old_id, (old, _) = self._entries.popitem(last=False)
            if self._places.get(old.place_id) == old_id:
                del self._places[old.place_id]

    def drop(self, session_id: int) -> None:
        """Forget a session."""
        entry = self._entries.pop(session_id, None)
        if entry is not None and self._places.get(entry[0].place_id) == session_id:
            del self._places[entry[0].place_id]

    def record(self, place_id: int, session_id: int | None = None) -> SessionRecord | None:
        """The newest record cached for `session_id`, or else for the open session last seen in
        `place_id`; None when there is none. It may be out of date: only a compare-and-set on
        its version shows that it is not."""
        if session_id is None:
            found = self._places.get(place_id)
            if found is None:
                return None
            session_id = found
        entry = self._entries.get(session_id)
        return None if entry is None else entry[0]

    def is_latest(self, session: SessionRecord) -> bool:
        """True when `session` is the version cached (this process wrote or read it last)."""
        entry = self._entries.get(session.id)
        return entry is not None and entry[0].version == session.version
