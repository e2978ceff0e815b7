"""Persistence for sessions: the `SessionStore` protocol, a SQLite store and an in-memory store."""

from __future__ import annotations

from bot.storage.base import SessionStore
from bot.storage.memory import MemoryStore
from bot.storage.records import (
    LogEntry,
    MoveCommit,
    NewSession,
    PlaceBusyError,
    SeatRecord,
    SessionPatch,
    SessionRecord,
    SessionStatus,
    StaleVersionError,
)

__all__ = [
    "LogEntry",
    "MemoryStore",
    "MoveCommit",
    "NewSession",
    "PlaceBusyError",
    "SeatRecord",
    "SessionPatch",
    "SessionRecord",
    "SessionStatus",
    "SessionStore",
    "StaleVersionError",
]
