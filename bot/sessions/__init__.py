"""The application layer: lobbies, seats, turns, bots and persistence (no Discord)."""

from __future__ import annotations

from bot.sessions.models import (
    AbandonResult,
    AppliedMove,
    CorruptSessionError,
    GameStatus,
    MoveResult,
    Preview,
    Reminder,
    ReplayReport,
)
from bot.sessions.service import STALE_MESSAGE, GameService

__all__ = [
    "STALE_MESSAGE",
    "AbandonResult",
    "AppliedMove",
    "CorruptSessionError",
    "GameService",
    "GameStatus",
    "MoveResult",
    "Preview",
    "Reminder",
    "ReplayReport",
]
