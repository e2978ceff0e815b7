"""`GameService`'s reading side: what a seat sees and may do now (views, legal moves for
autocomplete, per-seat decision tokens), a game's status and history, listings, the replay check,
and the message that shows a game. See `bot.sessions.service` for the API.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.games.protocol import Seat, some_legal_actions
from bot.games.rejections import Rejection
from bot.sessions.core import ServiceCore
from bot.sessions.models import GameStatus, ReplayReport
from bot.sessions.replaycheck import replay_check
from bot.storage.records import LogEntry, SessionRecord, SessionStatus

DECISION_TOKEN_LENGTH = 8
"""The most hex digits of a per-seat decision token (a ply; fits a custom_id with room for the
notation)."""

LEGAL_LISTED_MAX = 2000
"""The most legal moves listed for autocomplete and menus where an engine can bound them (a Canaan
discard from a huge hand has tens of thousands of ways; any of them typed is still checked)."""

LEGAL_CACHE_SIZE = 32
"""Decisions (session, version, seat) whose legal moves in notation are kept for autocomplete."""


class ReadingMixin(ServiceCore):
    """Presentation helpers and queries; see the module docstring."""

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

    async def active_guild_ids(self) -> tuple[int, ...]:
        """The guilds with a game in progress (read off an index, no game loaded)."""
        return await self.store.active_guild_ids()

    async def verify_replay(self, session_id: int) -> ReplayReport:
        """Re-run the stored log from the seed and compare with the snapshot (canonical JSON)."""
        session = await self.store.get_session(session_id)
        if session is None:
            raise KeyError(f"no session {session_id}")
        undone = await self.store.undone_plies(session_id)  # type: ignore[attr-defined]
        entries = tuple(e for e in await self.store.load_log(session_id) if e.ply not in undone)
        return replay_check(self.engine_for, session, entries)

    async def set_message_id(self, session_id: int, message_id: int | None) -> None:
        """Remember the Discord message that shows this game (does not bump the version)."""
        await self.store.set_message_id(session_id, message_id)
