"""What every part of asynchronous play stands on: the service itself (`_ap`), the in-memory
caches (absences, declined undos, replayed games, turn clocks), the log with its undone moves
marked, and replaying it from the seed. Mixed into `GameService` through
`bot.sessions.asyncplay.AsyncPlayMixin`; nothing here knows any game.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from bot.games.protocol import Seat, step_text
from bot.games.rejections import Rejection
from bot.storage.records import LogEntry, SessionRecord

if TYPE_CHECKING:
    from bot.sessions.service import GameService


class AsyncPlayCore:
    """The helpers the parts of asynchronous play share (`bot.sessions.asyncplay`)."""

    # ----------------------------------------------------------------- helpers

    def _ap(self) -> GameService:
        return self  # type: ignore[return-value]

    def _ap_cache(self) -> dict[str, Any]:
        cache: dict[str, Any] | None = getattr(self, "_asyncplay_cache", None)
        if cache is None:
            cache = {"replays": OrderedDict(), "clocks": OrderedDict()}
            self._asyncplay_cache = cache
        return cache

    async def _effective_log(self, session: SessionRecord) -> tuple[LogEntry, ...]:
        """The whole log with undone moves marked."""
        svc = self._ap()
        entries = await svc.store.load_log(session.id)
        undone = await svc.store.undone_plies(session.id)  # type: ignore[attr-defined]
        return tuple(replace(e, undone=True) if e.ply in undone else e for e in entries)

    def _replay_states(self, session: SessionRecord, entries: tuple[LogEntry, ...]) -> list[Any]:
        """The positions after 0, 1, 2... of the moves in `entries` (not undone), from the seed."""
        svc = self._ap()
        engine = svc.engine_for(session)
        assert session.seed is not None
        state = engine.new_game(len(session.seats), dict(session.options), session.seed)
        states = [state]
        for e in entries:
            result = step_text(engine, state, Seat(e.seat), e.notation)
            if isinstance(result, Rejection):
                raise ValueError(
                    f"session {session.id} move {e.ply} ({e.notation!r}) "  # i18n-exempt: internal
                    f"no longer replays: {result.message}"
                )
            state = result.state
            states.append(state)
        return states

    if TYPE_CHECKING:
        # Supplied by away.py; declared here so that undo.py's calls to it type-check.
        async def _present_humans(self, session: SessionRecord, exclude: int) -> frozenset[int]:
            """The seated humans of `session` other than `exclude` who are not away now."""
            ...
