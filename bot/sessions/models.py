"""Result types returned by `GameService`, plus the storage records re-exported for callers.

Everything here is a frozen dataclass; `state` fields hold the engine's own (immutable) State.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.games.codec import CorruptStateError
from bot.games.protocol import Event, Outcome, Seat
from bot.storage.records import (
    LogEntry,
    SeatRecord,
    SessionRecord,
    SessionStatus,
)

__all__ = [
    "AbandonResult",
    "AppliedMove",
    "CorruptSessionError",
    "GameStatus",
    "LogEntry",
    "MoveResult",
    "Preview",
    "Reminder",
    "ReplayReport",
    "SeatRecord",
    "SessionRecord",
    "SessionStatus",
]


class CorruptSessionError(CorruptStateError):
    """A stored session cannot be loaded. The message names the session, the game and the field."""


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One accepted move, by a human or a bot.

    Attributes:
        ply: Its number in the log (1-based).
        seat: The engine seat that moved.
        display_name: Name of the seat's holder ("Alice", "Heuristic bot").
        user_id: The human's id, None for a bot.
        bot_name: The bot's key in `engine.bots`, None for a human.
        notation: The move as text (what the log stores).
        events: What happened; filter per viewer with `Event.for_viewer(seat)`.
    """

    ply: int
    seat: Seat
    display_name: str
    user_id: int | None
    bot_name: str | None
    notation: str
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What `GameService.submit` / `start` did.

    Attributes:
        session: The session after the last persisted move (its `version` is the fresh one).
        state: The engine state after the last move.
        moves: Every move applied by this call, the user's first, then bot replies, in order.
        to_act: Seats that may act now (empty once the game ended).
        finished: True if the game ended during this call.
        outcome: The engine's outcome once finished, else None.
    """

    session: SessionRecord
    state: Any
    moves: tuple[AppliedMove, ...]
    to_act: frozenset[Seat]
    finished: bool
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class GameStatus:
    """For /game status: the session, its state (None in a lobby) and who is to act."""

    session: SessionRecord
    state: Any | None
    to_act: frozenset[Seat]
    outcome: Outcome | None


@dataclass(frozen=True, slots=True)
class AbandonResult:
    """The effect of an abandon request.

    Attributes:
        session: The session afterwards.
        abandoned: True if the session is now ABANDONED.
        votes: Users who have voted to abandon (humans only).
        waiting_for: Seated humans who have not voted yet (empty once abandoned).
    """

    session: SessionRecord
    abandoned: bool
    votes: frozenset[int]
    waiting_for: frozenset[int]


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """Whether re-running the log from the seed reproduces the stored snapshot.

    `difference` names the first differing top-level key (or the replay error) when not `matches`.
    """

    session_id: int
    plies: int
    matches: bool
    difference: str | None = None


def first_difference(a: Mapping[str, Any], b: Mapping[str, Any]) -> str | None:
    """The first top-level key whose value differs between two JSON objects, as a sentence."""
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            return (
                f"field {key!r} differs: "  # i18n-exempt: an operator's report (storage copy)
                f"snapshot {a.get(key)!r}, replay {b.get(key)!r}"
            )
    return None


@dataclass(frozen=True, slots=True)
class Preview:
    """What a move would do, computed without saving anything (`GameService.preview`).

    Attributes:
        session: The session as read (its `version` is what a confirmation must carry).
        seat: The mover's engine seat.
        notation: The move in the engine's own spelling.
        before: The current state.
        after: The state the move would lead to.
        events: What would happen.
        reveals: The move brings out something nobody could know before it (dice, a card, a
            hidden choice): `after` and `events` then hold that unknown and must not be shown.
    """

    session: SessionRecord
    seat: Seat
    notation: str
    before: Any
    after: Any
    events: tuple[Event, ...]
    reveals: bool = False


@dataclass(frozen=True, slots=True)
class Reminder:
    """A game whose awaited players should be reminded (`GameService.due_reminders`).

    Attributes:
        session: The active session.
        user_ids: The humans who may act now, in seat order.
        waiting_since: When the game last changed (the turn has been open since then).
    """

    session: SessionRecord
    user_ids: tuple[int, ...]
    waiting_since: datetime
